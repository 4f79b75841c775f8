//! Turns a log leaves out, put in where the producer's convention says what they were
//! ([`fill_turns`]): BetOnline's network writes `NAME has left the table` for a player still in
//! the hand and never their fold, and in its pot-limit Omaha hands leaves out some checks.
//!
//! The hand is run on poker-engine's state to find each turn: a turn is filled only where the
//! player to act is not the one the next line names (or the next line deals a street), so a
//! log that writes every action is never changed.

use cards_core::Span;
use phh::replay::{RuleProfile, engine_action, game_def};
use phh::{Action, ActionKind, Hand, Player};
use poker_engine::{State, Turn};

/// A player who `has left the table`: gone from the hand's `from`th action on.
#[derive(Debug, Clone, Copy)]
pub(super) struct Left {
    /// The PHH player's index.
    pub(super) player: usize,
    /// How many of the hand's actions came before the line.
    pub(super) from: usize,
    /// The `has left the table` line.
    pub(super) span: Span,
}

/// An action put in where the log has none.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Filled {
    /// A player who had left the table folded at their turn (at the line saying they left).
    Fold(usize, Span),
    /// A player to act with no bet to call checked (before the line that skips them).
    Check(usize, Span),
}

/// Puts in the turns the log leaves out: a fold for each player who had left the table when their
/// turn comes; a check for a player to act with no bet to call whom the next line skips, when
/// `checks_omitted` (the producer is known to leave checks out). What was put in, in hand order.
///
/// Stops at the first action the engine refuses (the replay then says what is wrong).
pub(super) fn fill_turns(
    hand: &mut Hand,
    spans: &mut Vec<Span>,
    left: &[Left],
    checks_omitted: bool,
) -> Vec<Filled> {
    if left.is_empty() && !checks_omitted {
        return Vec::new();
    }
    let Ok(state) = State::new(&game_def(hand, RuleProfile::Pokerkit)) else {
        return Vec::new();
    };
    let mut run = Run { state, applying: true, filled: Vec::new(), left, checks_omitted };
    let actions = std::mem::take(&mut hand.actions);
    let old_spans = std::mem::take(spans);
    let count = actions.len();
    let mut last = Span::at(0);
    for (k, (action, span)) in actions.into_iter().zip(old_spans).enumerate() {
        run.fill(hand, spans, Some(&action.kind), k, span);
        run.apply(&action.kind);
        hand.actions.push(action);
        spans.push(span);
        last = span;
    }
    // A player who left, to act after the last line.
    run.fill(hand, spans, None, count, last);
    run.filled
}

/// The hand run on the engine's state while turns are filled.
struct Run<'l> {
    state: State,
    /// Whether every action so far applied (after a refused one, nothing more is filled).
    applying: bool,
    filled: Vec<Filled>,
    left: &'l [Left],
    checks_omitted: bool,
}

impl Run<'_> {
    /// Puts in the turns left out before `next` (the `k`th action, at `span`).
    fn fill(
        &mut self,
        hand: &mut Hand,
        spans: &mut Vec<Span>,
        next: Option<&ActionKind>,
        k: usize,
        span: Span,
    ) {
        while self.applying
            && let Some(turn) = omitted(&self.state, next, k, span, self.left, self.checks_omitted)
        {
            let (kind, at) = match turn {
                Filled::Fold(i, at) => (ActionKind::Fold { player: phh_player(i) }, at),
                Filled::Check(i, at) => (ActionKind::CheckCall { player: phh_player(i) }, at),
            };
            self.apply(&kind);
            hand.actions.push(Action::new(kind));
            spans.push(at);
            self.filled.push(turn);
        }
    }

    /// Applies one action, while every one so far has applied.
    fn apply(&mut self, kind: &ActionKind) {
        self.applying =
            self.applying && engine_action(kind).is_ok_and(|action| self.state.apply(&action).is_ok());
    }
}

/// The turn the log leaves out before `next` (the hand's `k`th action, at `span`; `None` after
/// the last), if any: the player to act is not the one `next` names, or `next` deals a street.
fn omitted(
    state: &State,
    next: Option<&ActionKind>,
    k: usize,
    span: Span,
    left: &[Left],
    checks_omitted: bool,
) -> Option<Filled> {
    let Turn::Bet(i) = state.turn() else { return None };
    if next.and_then(bettor) == Some(i) {
        return None;
    }
    if let Some(gone) = left.iter().find(|l| l.player == i && l.from <= k) {
        return Some(Filled::Fold(i, gone.span));
    }
    let skipped =
        next.is_some_and(|next| bettor(next).is_some() || matches!(next, ActionKind::DealBoard { .. }));
    let free = state.call_amount().is_some_and(|owed| owed.is_zero());
    (checks_omitted && skipped && free).then_some(Filled::Check(i, span))
}

/// The player a betting action is by.
fn bettor(kind: &ActionKind) -> Option<usize> {
    match kind {
        ActionKind::Fold { player }
        | ActionKind::CheckCall { player }
        | ActionKind::CompleteBetRaise { player, .. }
        | ActionKind::BringIn { player } => player.index(),
        _ => None,
    }
}

fn phh_player(i: usize) -> Player {
    Player(u16::try_from(i + 1).unwrap_or(u16::MAX))
}
