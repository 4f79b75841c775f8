//! The auction and play sections: their entries and annotations.

use cards_core::{Card, Compass, Span};

use bridge_core::Call;

/// Annotations after a call or a card.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Annotation {
    /// Suffix `! ? !! ?? !? ?!` as NAG 1-6 (calls) or 7-12 (cards).
    pub suffix: Option<u8>,
    /// Note reference `=n=`.
    pub note: Option<u8>,
    /// NAGs `$n` in the order given.
    pub nags: Vec<u8>,
}

impl Annotation {
    /// Whether nothing is annotated.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.suffix.is_none() && self.note.is_none() && self.nags.is_empty()
    }
}

/// One element of an auction.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum AuctionItem {
    /// A call; `insufficient` is `^I`.
    Call {
        /// The call.
        call: Call,
        /// `^I`: an insufficient bid accepted by the opponents.
        insufficient: bool,
    },
    /// `AP`: all remaining players pass.
    AllPass,
    /// `-`: not yet this player's turn (before the dealer).
    Placeholder,
    /// `^S`: a player skipped by a call out of rotation.
    Skipped,
    /// `+`: the next call, to be made later.
    Continue,
    /// `____`: a blank for a student to fill in (teaching files); a call not given that keeps its
    /// player's turn.
    Blank,
    /// A token that is not a call (already reported); it keeps its player's turn, so the calls
    /// after it are still matched with the right players.
    Unreadable,
}

/// An auction element with its annotations and span.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct AuctionEntry {
    /// What was called.
    pub item: AuctionItem,
    /// Suffix, note, NAGs.
    pub annotation: Annotation,
    /// Where it stood.
    pub span: Span,
}

/// The auction section.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Auction {
    /// Who makes the first call (the Auction tag value).
    pub first: Compass,
    /// Entries in order, one per player turn.
    pub entries: Vec<AuctionEntry>,
    /// Ended with `*`.
    pub star: bool,
    /// Free text stood among the calls (reported): which calls it replaced is unknown, so the
    /// auction is not replayed.
    pub prose: bool,
}

/// A played card or placeholder.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PlayItem {
    /// A card; `revoke` is `^R`, `lead_out_of_turn` is `^L`.
    Card {
        /// The card.
        #[cfg_attr(feature = "serde", serde(with = "card_text"))]
        card: Card,
        /// `^R`.
        revoke: bool,
        /// `^L`.
        lead_out_of_turn: bool,
    },
    /// `-`: unknown or not played.
    Unknown,
    /// `+`: the next card, to be played later.
    Continue,
}

/// A play element with annotations and span.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PlayEntry {
    /// The card.
    pub item: PlayItem,
    /// Suffix, note, NAGs.
    pub annotation: Annotation,
    /// Where it stood.
    pub span: Span,
}

/// The play section: each trick is a row in seat order starting with the Play tag's seat.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Play {
    /// The seat of the first column (the opening leader).
    pub first: Compass,
    /// Entries row by row, four per trick (the last row may be shorter).
    pub entries: Vec<PlayEntry>,
    /// Ended with `*`.
    pub star: bool,
}

/// The serde form of a card: its PBN text (`HA`), as the tags write it (a deal's is in the
/// reader of its tag, `parse::deal`).
#[cfg(feature = "serde")]
mod card_text {
    use cards_core::Card;
    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer, Serializer};

    pub(super) fn serialize<S: Serializer>(card: &Card, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&crate::text::write_card(*card))
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Card, D::Error> {
        let text = String::deserialize(deserializer)?;
        crate::text::parse_card(&text).map_err(|e| D::Error::custom(format!("card {text:?}: {e}")))
    }
}
