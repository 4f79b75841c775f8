//! The PBN data model: the token-level game (zero-copy spans into the decoded source) and the typed
//! values the spec defines for tags and sections, in private modules re-exported here: `tokens`
//! (the token tree), `deal` (the hands and the vulnerability), `contract` (calls, contracts and
//! results), `sections` (auction and play entries) and `table` (table sections); the tag lists
//! and scores are here.

mod contract;
mod deal;
mod sections;
mod table;
mod tokens;

pub use contract::{Contract, GameResult, TrickCount, long_notrump, parse_call, parse_denomination_prefix};
pub use deal::{Deal, parse_vulnerability, vulnerability_export};
pub use sections::{Annotation, Auction, AuctionEntry, AuctionItem, Play, PlayEntry, PlayItem};
pub use table::{Align, Column, KNOWN_TABLES, SortOrder, Table, TableCell, is_table};
pub use tokens::{
    Comment, CommentKind, Item, Line, LineKind, Tag, Token, TokenKind, Tokens, escape, unescape,
};

/// Which sides are vulnerable (the `Vulnerable` tag): the type is bridge-core's, shared with the
/// other bridge notations; PBN's spellings are [`parse_vulnerability`] and [`vulnerability_export`].
pub use bridge_core::Vulnerability;

/// The bridge vocabulary PBN shares with the other bridge notations ([`bridge_core`]): PBN's
/// spellings are [`parse_denomination_prefix`], [`parse_call`] and the types' `Display` (PBN writes
/// them as bridge players do: `NT`, `X`, `XX`, `Pass`).
pub use bridge_core::{Call, Denomination, Risk};

/// The 15 tags of the mandatory tag set, in export order.
pub const MANDATORY_TAGS: [&str; 15] = [
    "Event",
    "Site",
    "Date",
    "Board",
    "West",
    "North",
    "East",
    "South",
    "Dealer",
    "Vulnerable",
    "Deal",
    "Scoring",
    "Declarer",
    "Contract",
    "Result",
];

/// Tags for which `#` and `##` inheritance is forbidden.
pub const NO_INHERIT_TAGS: [&str; 8] =
    ["Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Auction", "Play", "Note"];

/// A score value (`Score`, `ScoreIMP`, `OptimumScore`...): `<n>`, `NS <n>`, `EW <n>` or both sides.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SideScore {
    /// The declarer's value when written without a side.
    pub declarer: Option<String>,
    /// North-South's value.
    pub ns: Option<String>,
    /// East-West's value.
    pub ew: Option<String>,
}
