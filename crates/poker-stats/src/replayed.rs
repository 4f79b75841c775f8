//! A hand replayed with the engine's state recorded before every action.

use cards_core::{MaybeCard, Span};
use phh::replay::{ReplayOutcome, RuleProfile, replay_hand_observed};
use phh::{ActionKind, Hand, Record};
use poker_engine::replay::Step as EngineStep;
use poker_engine::{Chips, State, Turn};

/// The engine's state just before an action was applied (after any check or fold PokerKit's
/// repair inserted before it), as the acting player saw it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step {
    /// The street (0 = the first: preflop, third street, the first draw round), `None` before
    /// the first deal and after the hand ended.
    pub street: Option<u8>,
    /// Every chip in the pots and in front of the players.
    pub pot_before: Chips,
    /// For a check/call, bet/raise or fold by the player whose turn it is: what a check/call
    /// puts in (0 for a check). `None` for other actions.
    pub to_call: Option<Chips>,
    /// The acting player's stack (`None` for a board deal or a no-op).
    pub stack_before: Option<Chips>,
    /// Players still in the hand (not folded).
    pub players_in: u8,
    /// How many board cards were out: [`Replayed::board`]`[..board_len]` is the board so far.
    pub board_len: u8,
}

/// A hand replayed by the engine with a [`Step`] per action tried.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replayed {
    /// Terminal flag, finishing stacks, payoffs and diagnostics, exactly as
    /// [`phh::replay::replay_hand`] reports them (the `check --json` fields).
    pub outcome: ReplayOutcome,
    /// One step per action the engine tried, in order: shorter than the hand's actions when an
    /// illegal action stopped the replay.
    pub steps: Vec<Step>,
    /// The board cards in the order they were dealt.
    pub board: Vec<MaybeCard>,
}

impl Replayed {
    /// Replays a hand model; `action_spans` and `fallback` locate diagnostics as in
    /// [`phh::replay::replay_hand`].
    #[must_use]
    pub fn new(hand: &Hand, action_spans: &[Span], fallback: Span, profile: RuleProfile) -> Replayed {
        let mut steps = Vec::with_capacity(hand.actions.len());
        let mut board = Vec::new();
        // What the next action meets: the state after the step before it (the start, the action
        // before, or the last of the repairs PokerKit made for it).
        let mut met: Option<Step> = None;
        let outcome = replay_hand_observed(hand, action_spans, fallback, profile, |done, state| {
            let seen = state.board();
            if seen.len() > board.len() {
                board.extend_from_slice(&seen[board.len()..]);
            }
            let next = match done {
                EngineStep::Start => Some(0),
                EngineStep::Repaired { before, .. } => before,
                EngineStep::Applied { action, .. } => {
                    steps.extend(met.take());
                    Some(action + 1)
                }
                EngineStep::Refused { .. } => {
                    steps.extend(met.take());
                    None
                }
            };
            met = next.and_then(|index| {
                let kind = &hand.actions.get(index)?.kind;
                Some(step(state, kind.actor().and_then(|p| p.index()), Some(kind)))
            });
        });
        // The board as the last action tried met it.
        board.truncate(steps.last().map_or(0, |s: &Step| usize::from(s.board_len)));
        Replayed { outcome, steps, board }
    }

    /// Replays a record's hand (as `phh`'s reader gives it); `None` when it has no model.
    #[must_use]
    pub fn of_record(record: &Record, profile: RuleProfile) -> Option<Replayed> {
        let hand = record.model.hand.as_ref()?;
        Some(Replayed::new(hand, &record.model.action_spans, record.span, profile))
    }

    /// Whether the replay reported an error against the hand itself (an illegal action or an
    /// impossible setup). A declared `finishing_stacks` or `winnings` the replay does not give is
    /// not one ([`phh::replay::is_declared_outcome`]): the replayed outcome stands.
    #[must_use]
    pub fn has_errors(&self) -> bool {
        phh::replay::replay_failed(&self.outcome.diagnostics)
    }
}

fn step(state: &State, actor: Option<usize>, kind: Option<&ActionKind>) -> Step {
    let betting = matches!(
        kind,
        Some(ActionKind::CheckCall { .. } | ActionKind::CompleteBetRaise { .. } | ActionKind::Fold { .. })
    );
    let to_call = match (actor, state.turn()) {
        (Some(p), Turn::Bet(q)) if betting && p == q => state.call_amount(),
        _ => None,
    };
    let players_in = state.active().iter().filter(|&&a| a).count();
    Step {
        street: state.street().and_then(|s| u8::try_from(s).ok()),
        pot_before: state.total_pot(),
        to_call,
        stack_before: actor.and_then(|p| state.stacks().get(p).copied()),
        players_in: u8::try_from(players_in).unwrap_or(u8::MAX),
        board_len: u8::try_from(state.board().len()).unwrap_or(u8::MAX),
    }
}
