//! What a game says, typed ([`GameInfo`]), the reading options, and the view of a game the
//! writers take.

#[allow(clippy::wildcard_imports)]
use super::*;

/// Reading options.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Options {
    /// Read the producers' conventions ([`codes::LENIENCIES`], each with a warning code of its own)
    /// as errors; every other warning stays a warning.
    pub strict: bool,
}

/// A tag value after inheritance.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ResolvedTag<'a> {
    /// The tag name (owned only for a `##` value carried from an earlier game).
    pub(crate) name: Cow<'a, str>,
    /// The value (`#` and `##` resolved, escapes resolved).
    pub(crate) value: Cow<'a, str>,
    /// The tag in this game, or `None` when the value comes from an earlier `##`.
    pub(crate) span: Option<Span>,
    /// Span of the value in this game (or of the whole game when inherited by `##`).
    pub value_span: Span,
}

/// A declarer and whether the `^` irregularity (declarer and dummy swapped) is marked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Declarer {
    /// The seat.
    pub seat: Compass,
    /// `^`.
    pub irregular: bool,
}

/// What a game says, typed.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GameInfo {
    /// Board tag value.
    pub board: Option<String>,
    /// Dealer.
    pub dealer: Option<Compass>,
    /// Vulnerability.
    pub vulnerable: Option<Vulnerability>,
    /// The deal.
    pub deal: Option<Deal>,
    /// Declarer.
    pub declarer: Option<Declarer>,
    /// Contract.
    pub contract: Option<Contract>,
    /// Result.
    pub result: Option<GameResult>,
    /// Auction section.
    pub auction: Option<Auction>,
    /// The contract and declarer the auction reached, when it ended.
    pub auction_outcome: Option<(Contract, Option<Compass>)>,
    /// Play section.
    pub play: Option<Play>,
    /// Tricks won by declarer in the play when all 13 tricks are known.
    pub tricks_by_play: Option<u8>,
    /// Tables, in order.
    pub tables: Vec<Table>,
    /// Notes `(index, text)` in order.
    pub notes: Vec<(u8, String)>,
    /// Duplicate score for North-South computed from contract, declarer, vulnerability and result.
    pub score_ns: Option<i64>,
}

/// One game as the writers and the JSON form take it ([`crate::Game`]'s view): its tokens, its
/// tags after inheritance and its typed values, every span an offset into the game's text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct View<'a> {
    /// The tokens.
    pub(crate) game: Tokens<'a>,
    /// Tag values after inheritance, first occurrence of each name (Note tags all kept).
    pub(crate) tags: Vec<ResolvedTag<'a>>,
    /// Typed values and sections.
    pub(crate) info: GameInfo,
    /// Whether the file declared `% EXPORT` at or before this game.
    pub(crate) export: bool,
}

impl View<'_> {
    /// The resolved value of a tag.
    pub(crate) fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|t| t.name == name).map(|t| t.value.as_ref())
    }
}
