//! Contracts and their doubling.

use core::fmt;

use crate::Denomination;

/// Doubling state.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Risk {
    /// Not doubled.
    Undoubled,
    /// Doubled (`X`).
    Doubled,
    /// Redoubled (`XX`).
    Redoubled,
}

impl Risk {
    /// `""`, `X` or `XX`, as bridge players write it after a contract (and PBN).
    #[must_use]
    pub const fn text(self) -> &'static str {
        match self {
            Risk::Undoubled => "",
            Risk::Doubled => "X",
            Risk::Redoubled => "XX",
        }
    }
}

impl fmt::Display for Risk {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text())
    }
}

/// A contract: the last bid of an auction and its doubling (who declares it is the notation's
/// to say: PBN's Declarer tag, the seat an auction makes declarer).
///
/// ```
/// use bridge_core::{Contract, Denomination, Risk};
/// let contract = Contract { level: 6, denomination: Denomination::Hearts, risk: Risk::Redoubled };
/// assert_eq!(contract.to_string(), "6HXX");
/// ```
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Contract {
    /// Odd tricks, 1 to 7.
    pub level: u8,
    /// Denomination.
    pub denomination: Denomination,
    /// Doubling.
    pub risk: Risk,
}

/// The level, denomination and doubling (`4S`, `3NTX`, `6HXX`).
impl fmt::Display for Contract {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}{}", self.level, self.denomination, self.risk)
    }
}
