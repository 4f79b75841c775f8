//! What reading gives: a [`Record`] of one [`FileHand`], shared by the [`Reader`](crate::Reader)
//! that cuts the hands and the parser that builds them.

use cards_core::Span;

use crate::model::Hand;

/// One hand of a file: the model of a [`Record`].
///
/// Beside the [`Hand`] it holds what locates the hand in its file (the `.phhs` table name and
/// header, each action's span) and, once [`check`](crate::check)ed, the replay's outcome.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct FileHand {
    /// 0-based position of the hand in the file.
    pub index: usize,
    /// The table name (`"1"` for `[1]`) in a `.phhs` file; `None` for a `.phh` file.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub name: Option<String>,
    /// The span of the table header line (`[1]`), if any.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub header: Option<Span>,
    /// The hand; `None` when it could not be built (TOML syntax error, missing or unknown variant:
    /// the record's diagnostics say why).
    pub hand: Option<Hand>,
    /// For each entry of `hand.actions`, the span of its notation text in the file (inside the
    /// quotes; the whole string literal if it had escapes).
    pub action_spans: Vec<Span>,
    /// The replay's outcome, set by [`check`](crate::check) (its diagnostics are moved into the
    /// record's); `None` before the check, or when the hand was not replayed (no model, or
    /// errors while reading).
    #[cfg(feature = "replay")]
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub outcome: Option<crate::replay::ReplayOutcome>,
}

/// One hand read from a file: a [`FileHand`], its diagnostics (spans into the whole input) and
/// its span in the input (from the table header, or the start of a `.phh` input, to where the next
/// hand's header starts).
pub type Record = cards_core::Record<FileHand>;
