//! What the PHH-to-site writers share: the error type, and the hand replayed on poker-engine's
//! state one action at a time, whose amounts (calls, bets, uncalled bets, winnings) the writers
//! read instead of counting chips themselves.

use cards_core::{Amount, Diagnostic, Span};
use phh::replay::{RuleProfile, engine_action, game_def, replay_hand};
use phh::{ActionKind, Hand, Quantity};
use poker_engine::replay::{apply_repaired, finish_repaired};
use poker_engine::{Chips, State};

use crate::{codes, money};

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

/// A hand replayed one action at a time on poker-engine's state, as PokerKit replays it (its
/// repairs made: `??` hole cards, an inserted check or fold, cards kept face down at a missing
/// showdown), for a writer to read each amount from the state between actions.
pub(crate) struct Replay {
    state: State,
}

impl Replay {
    /// The hand with its antes and blinds posted. A hand whose replay fails, does not reach its
    /// end, or contradicts its own `finishing_stacks` or `winnings` is refused: a site's text
    /// needs the outcome.
    pub(crate) fn start(hand: &Hand) -> Result<Replay, Diagnostic> {
        let outcome = replay_hand(hand, &[], Span::at(0), RuleProfile::Pokerkit);
        if let Some(e) = outcome.diagnostics.iter().find(|d| d.is_error()) {
            return Err(unsupported(format!("the hand does not replay: {}", e.message())));
        }
        if !outcome.terminal {
            return Err(unsupported("the hand does not reach its end; the site's text needs the outcome"));
        }
        let state = State::new(&game_def(hand, RuleProfile::Pokerkit))
            .map_err(|e| unsupported(format!("the hand does not replay: {e}")))?;
        Ok(Replay { state })
    }

    /// The state after the actions applied so far.
    pub(crate) fn state(&self) -> &State {
        &self.state
    }

    /// Applies one action of the hand (with PokerKit's repairs before it, where the replay made
    /// them).
    pub(crate) fn apply(&mut self, kind: &ActionKind) -> Result<(), Diagnostic> {
        let action =
            engine_action(kind).map_err(|e| unsupported(format!("the hand does not replay: {e:?}")))?;
        apply_repaired(&mut self.state, &action)
            .map(drop)
            .map_err(|e| unsupported(format!("the hand does not replay: {e}")))
    }

    /// Ends the hand after its last action, as the replay does (hole cards or a showdown the
    /// hand leaves out).
    pub(crate) fn finish(&mut self) {
        finish_repaired(&mut self.state);
    }
}

/// An amount of the engine's state as the hand's amounts are held (every stack of a written
/// hand is finite: [`finite_stacks`]).
pub(crate) fn amount_of(chips: Chips) -> Amount {
    Amount(chips.decimal().unwrap_or_default())
}

/// The antes as a site's log shows them posted: each player's own from the hand, capped by the
/// stack (`min` keeps the stack's form on a tie). Heads-up, PokerKit has each player post the
/// other's ante ([`State::ante`]), and an importer writes each player's own: the two differ when
/// one player is all in for less than the ante, and the other's excess is the site's uncalled
/// bet ([`ante_all_in`]).
pub(crate) fn posted_antes(hand: &Hand, start: &[Amount]) -> Vec<Amount> {
    let ante = |i: usize| hand.antes.get(i).copied().unwrap_or(Amount::ZERO);
    start.iter().enumerate().map(|(i, &stack)| if ante(i) < stack { ante(i) } else { stack }).collect()
}

/// Whether an ante puts a player all in (the log's `posts the ante 3 and is all-in`).
pub(crate) fn ante_all_in(hand: &Hand, posted: &[Amount], start: &[Amount]) -> bool {
    (0..start.len()).any(|i| hand.antes.get(i).is_some_and(|a| !a.is_zero()) && posted[i] == start[i])
}

/// Per player, the ante the log shows posted less the one the engine took.
pub(crate) fn ante_shift(state: &State, posted: &[Amount]) -> Vec<Amount> {
    posted.iter().enumerate().map(|(i, &p)| money::minus(p, amount_of(state.ante(i)))).collect()
}

/// The hand's `winnings` field when it has one per player and all finite.
#[must_use]
pub fn stated_winnings(hand: &Hand) -> Option<Vec<Amount>> {
    let w = hand.winnings.as_ref()?;
    (w.len() == hand.starting_stacks.len())
        .then(|| w.iter().map(|q| Quantity::finite(*q)).collect::<Option<Vec<_>>>())?
}
