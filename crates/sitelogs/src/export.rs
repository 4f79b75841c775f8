//! What the PHH-to-site writers share: the error type and a hand's outcome by replay.

use cards_core::{Amount, Diagnostic, Span};
use phh::replay::{RuleProfile, replay_hand};
use phh::{Hand, Quantity};

use crate::codes;

/// Why a hand was not written.
#[derive(Debug)]
pub enum WriteError {
    /// The output failed.
    Io(std::io::Error),
    /// The hand cannot be written in this format (the diagnostic says why).
    Unsupported(Diagnostic),
}

impl std::fmt::Display for WriteError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WriteError::Io(e) => write!(f, "cannot write: {e}"),
            WriteError::Unsupported(d) => write!(f, "{}: {}", d.code(), d.message()),
        }
    }
}

impl std::error::Error for WriteError {}

impl From<std::io::Error> for WriteError {
    fn from(e: std::io::Error) -> WriteError {
        WriteError::Io(e)
    }
}

/// An [`codes::EXPORT_UNSUPPORTED`] error.
#[must_use]
pub fn unsupported(message: impl Into<String>) -> Diagnostic {
    Diagnostic::error(codes::EXPORT_UNSUPPORTED, message, Span::at(0))
}

/// The finite starting stacks, or why not.
pub fn finite_stacks(hand: &Hand) -> Result<Vec<Amount>, Diagnostic> {
    hand.starting_stacks
        .iter()
        .map(|q| {
            q.finite()
                .ok_or_else(|| unsupported("a starting stack is `inf`: the site's text needs every stack"))
        })
        .collect()
}

/// The stacks the hand ends with by replay; an illegal or unfinished hand is refused.
pub fn replayed_stacks(hand: &Hand) -> Result<Vec<Amount>, Diagnostic> {
    let outcome = replay_hand(hand, &[], Span::at(0), RuleProfile::Pokerkit);
    if let Some(e) = outcome.diagnostics.iter().find(|d| d.is_error()) {
        return Err(unsupported(format!("the hand does not replay: {}", e.message())));
    }
    if !outcome.terminal {
        return Err(unsupported("the hand does not reach its end; the site's text needs the outcome"));
    }
    outcome
        .finishing_stacks
        .iter()
        .map(|s| {
            s.parse().map_err(|_| unsupported(format!("a finishing stack `{s}` is not a finite amount")))
        })
        .collect()
}

/// The hand's `winnings` field when it has one per player and all finite.
#[must_use]
pub fn stated_winnings(hand: &Hand) -> Option<Vec<Amount>> {
    let w = hand.winnings.as_ref()?;
    (w.len() == hand.starting_stacks.len())
        .then(|| w.iter().map(|q| Quantity::finite(*q)).collect::<Option<Vec<_>>>())?
}
