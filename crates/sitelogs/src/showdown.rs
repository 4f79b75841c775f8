//! Shows and mucks put where the engine asks for them.

use cards_core::{MaybeCard, Span};
use phh::{Action, ActionKind, CardRun, Hand, Player, Shown, Variant};

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

fn unknown(n: usize) -> CardRun {
    std::iter::repeat_n(MaybeCard::Unknown, n).collect()
}

/// Puts the log's shows and mucks where the engine asks for them (after the last bet of an
/// all-in, or at the showdown), in the engine's showdown order. A player the log does not show
/// at a showdown mucks. Shows after the hand is over (everyone else folded) are not play.
pub fn place(hand: &mut Hand, spans: &mut Vec<Span>, shows: &[Option<(Shown, Span)>]) {
    use poker_engine::{State, Turn};
    let def = phh::replay::game_def(hand, phh::replay::RuleProfile::Pokerkit);
    let Ok(mut state) = State::new(&def) else { return };
    let actions = std::mem::take(&mut hand.actions);
    let old_spans = std::mem::take(spans);
    let fallback = old_spans.last().copied().unwrap_or(Span::at(0));
    let mut engine_ok = true;
    let holes = hole_count(hand.variant);
    // A muck before the board is complete (an all-in player who mucked at the end): the cards
    // stay face down in the all-in showdown, unknown.
    let show_turns = |state: &mut State, hand: &mut Hand, spans: &mut Vec<Span>, board_left: bool| {
        while let Turn::Show(i) = state.turn() {
            let (mut shown, span) = shows.get(i).cloned().flatten().unwrap_or((Shown::Muck, fallback));
            if board_left && shown == Shown::Muck {
                shown = Shown::Cards(unknown(holes));
            }
            let player = Player(u16::try_from(i + 1).unwrap_or(u16::MAX));
            let kind = ActionKind::ShowMuck { player, shown };
            let applied = phh::replay::engine_action(&kind).ok().map(|a| state.apply(&a));
            hand.actions.push(Action::new(kind));
            spans.push(span);
            if !matches!(applied, Some(Ok(_))) {
                return false;
            }
        }
        true
    };
    let deals_left = |from: usize| actions[from..].iter().any(|a| matches!(a.kind, ActionKind::DealBoard { .. }));
    let board_left: Vec<bool> = (0..=actions.len()).map(deals_left).collect();
    for (k, (action, span)) in actions.into_iter().zip(old_spans).enumerate() {
        if engine_ok {
            engine_ok = show_turns(&mut state, hand, spans, board_left[k]);
        }
        if engine_ok {
            engine_ok = phh::replay::engine_action(&action.kind).ok().is_some_and(|a| state.apply(&a).is_ok());
        }
        hand.actions.push(action);
        spans.push(span);
    }
    if engine_ok {
        show_turns(&mut state, hand, spans, false);
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
    }
}

