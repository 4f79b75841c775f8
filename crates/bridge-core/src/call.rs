//! Denominations and calls.

use core::fmt;

use cards_core::Suit;

/// A denomination (strain), ordered for bidding: clubs lowest, notrump highest.
///
/// ```
/// use bridge_core::Denomination;
/// assert!(Denomination::Spades < Denomination::NoTrump);
/// assert_eq!(Denomination::Hearts.trump(), Some(cards_core::Suit::Hearts));
/// assert_eq!(Denomination::NoTrump.to_string(), "NT");
/// ```
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Denomination {
    /// Clubs.
    Clubs,
    /// Diamonds.
    Diamonds,
    /// Hearts.
    Hearts,
    /// Spades.
    Spades,
    /// No trump.
    NoTrump,
}

impl Denomination {
    /// The trump suit, if any.
    #[must_use]
    pub const fn trump(self) -> Option<Suit> {
        match self {
            Denomination::Clubs => Some(Suit::Clubs),
            Denomination::Diamonds => Some(Suit::Diamonds),
            Denomination::Hearts => Some(Suit::Hearts),
            Denomination::Spades => Some(Suit::Spades),
            Denomination::NoTrump => None,
        }
    }

    /// `C D H S NT`, as bridge players write it (and PBN).
    #[must_use]
    pub const fn text(self) -> &'static str {
        match self {
            Denomination::Clubs => "C",
            Denomination::Diamonds => "D",
            Denomination::Hearts => "H",
            Denomination::Spades => "S",
            Denomination::NoTrump => "NT",
        }
    }
}

impl fmt::Display for Denomination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text())
    }
}

/// A call in the auction.
///
/// ```
/// use bridge_core::{Call, Denomination};
/// let calls = [Call::Pass, Call::Double, Call::Redouble, Call::Bid { level: 3, denomination: Denomination::Hearts }];
/// let text: Vec<String> = calls.iter().map(Call::to_string).collect();
/// assert_eq!(text, ["Pass", "X", "XX", "3H"]);
/// ```
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Call {
    /// Pass.
    Pass,
    /// Double.
    Double,
    /// Redouble.
    Redouble,
    /// A bid.
    Bid {
        /// 1 to 7.
        level: u8,
        /// Denomination.
        denomination: Denomination,
    },
}

/// `Pass`, `X`, `XX`, or the level and denomination (`1NT`), as bridge players write them (and PBN).
impl fmt::Display for Call {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Call::Pass => f.write_str("Pass"),
            Call::Double => f.write_str("X"),
            Call::Redouble => f.write_str("XX"),
            Call::Bid { level, denomination } => write!(f, "{level}{denomination}"),
        }
    }
}
