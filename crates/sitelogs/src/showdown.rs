//! Shows and mucks put where the engine asks for them.

use cards_core::{Amount, Diagnostic, DiagnosticSink, MaybeCard, Span};
use phh::{Action, ActionKind, Hand, Player, Shown, Variant};
use poker_engine::{State, Turn};

/// The outcome of the engine's run when every action applied without a refusal (so the hand
/// needs no replay repair), with the engine's warnings located at their actions. It holds the
/// outcome, not the engine's state: a state is kilobytes, and copying it per hand cost a tenth of
/// an ACPC import.
#[derive(Debug)]
pub struct Clean {
    /// Whether the hand reached its end.
    pub over: bool,
    /// Each player's stack after the last action (`None`: an infinite stack).
    pub stacks: Vec<Option<Amount>>,
    /// Each player's payoff.
    pub payoffs: Vec<Option<Amount>>,
    /// Warnings of the engine (a card dealt twice under PokerKit's rules, for one).
    pub warnings: Vec<Diagnostic>,
    /// The final values, for the hand's declared outcome fields ([`phh::replay::check_declared`]).
    pub values: phh::replay::FinalValues,
}

impl Clean {
    fn of<A: poker_engine::Amount>(state: &State<A>, warnings: Vec<Diagnostic>) -> Clean {
        let amount = |chips: &A| chips.to_chips().decimal().map(Amount);
        Clean {
            over: state.is_over(),
            stacks: state.stacks().iter().map(amount).collect(),
            payoffs: state.payoffs().iter().map(amount).collect(),
            warnings,
            values: phh::replay::FinalValues::of(state),
        }
    }
}

fn apply(state: &mut State, kind: &ActionKind, span: Span, warnings: &mut dyn DiagnosticSink) -> bool {
    matches!(try_apply(state, kind, span, warnings), Applied::Yes)
}

/// What applying one action did.
enum Applied {
    Yes,
    Refused,
    /// Refused by the whole-chips state for an amount it cannot hold: replay on exact chips.
    NotIntegral,
}

fn try_apply<A: poker_engine::Amount>(
    state: &mut State<A>,
    kind: &ActionKind,
    span: Span,
    warnings: &mut dyn DiagnosticSink,
) -> Applied {
    let Ok(action) = phh::replay::engine_action(kind) else { return Applied::Refused };
    match state.apply(&action) {
        Ok(found) => {
            // Most actions warn of nothing: no iterator set up for them.
            if !found.is_empty() {
                for warning in found.iter() {
                    warnings.report(Diagnostic::warning(warning.code(), warning.message(), span));
                }
            }
            Applied::Yes
        }
        Err(poker_engine::ActionError::AmountNotIntegral) => Applied::NotIntegral,
        Err(_) => Applied::Refused,
    }
}

/// Applies the hand's actions to a fresh engine state; `None` when one is refused.
///
/// The run is on whole chips (`i64`, about half the engine's work) when every amount of the hand
/// is one, else on exact chips: the same outcome either way (poker-engine's `amount_paths` test).
#[must_use]
pub fn run_clean(hand: &Hand, spans: &[Span]) -> Option<Clean> {
    let def = phh::replay::game_def(hand, phh::replay::RuleProfile::Pokerkit);
    if let Ok(Some(mut state)) = State::integral(&def) {
        match run_on(&mut state, hand, spans) {
            Ok(clean) => return Some(clean),
            Err(Applied::NotIntegral) => {}
            Err(_) => return None,
        }
    }
    let mut state = State::new(&def).ok()?;
    run_on(&mut state, hand, spans).ok()
}

fn run_on<A: poker_engine::Amount>(
    state: &mut State<A>,
    hand: &Hand,
    spans: &[Span],
) -> Result<Clean, Applied> {
    let mut warnings: Vec<Diagnostic> = Vec::new();
    for (i, action) in hand.actions.iter().enumerate() {
        let span = spans.get(i).copied().unwrap_or(Span::at(0));
        match try_apply(state, &action.kind, span, &mut warnings) {
            Applied::Yes => {}
            refused => return Err(refused),
        }
    }
    Ok(Clean::of(state, warnings))
}

/// Hole cards per player in the board games.
#[must_use]
pub fn hole_count(variant: Variant) -> usize {
    match variant {
        Variant::PotLimitOmahaHoldem
        | Variant::FixedLimitOmahaHoldemHighLowSplitEightOrBetter
        | Variant::FixedLimitBadugi => 4,
        Variant::NoLimitDeuceToSevenLowballSingleDraw | Variant::FixedLimitDeuceToSevenLowballTripleDraw => 5,
        _ => 2,
    }
}

/// Puts the log's shows and mucks where the engine asks for them (after the last bet of an
/// all-in, or at the showdown), in the engine's showdown order. A player the log does not show
/// at a showdown mucks. Shows after the hand is over (everyone else folded) are not play.
///
/// Returns the engine's outcome when every action applied cleanly (the consistency check
/// reads the outcome from it instead of replaying again).
pub fn place(hand: &mut Hand, spans: &mut Vec<Span>, shows: &[Option<(Shown, Span)>]) -> Option<Clean> {
    // A hand everyone but one folded has no showdown: nothing to place (the common case).
    let folds = hand.actions.iter().filter(|a| matches!(a.kind, ActionKind::Fold { .. })).count();
    if folds + 1 >= hand.starting_stacks.len() {
        return run_clean(hand, spans);
    }
    let def = phh::replay::game_def(hand, phh::replay::RuleProfile::Pokerkit);
    let mut state = State::new(&def).ok()?;
    let mut warnings: Vec<Diagnostic> = Vec::new();
    // Rebuilt with a show per player at the most: room for all of it at once.
    let room = hand.actions.len() + hand.starting_stacks.len();
    let actions = std::mem::replace(&mut hand.actions, Vec::with_capacity(room));
    let old_spans = std::mem::replace(spans, Vec::with_capacity(room));
    let fallback = old_spans.last().copied().unwrap_or(Span::at(0));
    let mut engine_ok = true;
    // A muck before the cards are all dealt (an all-in player who mucked at the end): the cards
    // dealt stay face down in the all-in showdown, unknown as they were dealt.
    let show_turns = |state: &mut State,
                      hand: &mut Hand,
                      spans: &mut Vec<Span>,
                      warnings: &mut dyn DiagnosticSink,
                      board_left: bool| {
        while let Turn::Show(i) = state.turn() {
            let (mut shown, span) = shows.get(i).cloned().flatten().unwrap_or((Shown::Muck, fallback));
            if board_left && shown == Shown::Muck {
                let dealt: usize = hand
                    .actions
                    .iter()
                    .filter_map(|a| match &a.kind {
                        ActionKind::DealHole { player, cards } if player.index() == Some(i) => {
                            Some(cards.len())
                        }
                        _ => None,
                    })
                    .sum();
                shown = Shown::Cards(std::iter::repeat_n(MaybeCard::Unknown, dealt).collect());
            }
            let player = Player(u16::try_from(i + 1).unwrap_or(u16::MAX));
            let kind = ActionKind::ShowMuck { player, shown };
            let applied = apply(state, &kind, span, warnings);
            hand.actions.push(Action::new(kind));
            spans.push(span);
            if !applied {
                return false;
            }
        }
        true
    };
    // Whether a board card is still to come from each action on (one pass from the end).
    let mut board_left = vec![false; actions.len() + 1];
    for k in (0..actions.len()).rev() {
        board_left[k] = board_left[k + 1] || matches!(actions[k].kind, ActionKind::DealBoard { .. });
    }
    for (k, (action, span)) in actions.into_iter().zip(old_spans).enumerate() {
        if engine_ok {
            engine_ok = show_turns(&mut state, hand, spans, &mut warnings, board_left[k]);
        }
        if engine_ok {
            engine_ok = apply(&mut state, &action.kind, span, &mut warnings);
        }
        hand.actions.push(action);
        spans.push(span);
    }
    if engine_ok && show_turns(&mut state, hand, spans, &mut warnings, false) {
        Some(Clean::of(&state, warnings))
    } else {
        // The engine refused an action (the replay will say which): the shows follow in log
        // order, for the replay's repairs to take as they come.
        let mut rest: Vec<(usize, &(Shown, Span))> =
            shows.iter().enumerate().filter_map(|(i, s)| s.as_ref().map(|s| (i, s))).collect();
        rest.sort_by_key(|(_, (_, span))| span.start);
        for (i, (shown, span)) in rest {
            let player = Player(u16::try_from(i + 1).unwrap_or(u16::MAX));
            hand.actions.push(Action::new(ActionKind::ShowMuck { player, shown: shown.clone() }));
            spans.push(*span);
        }
        None
    }
}
