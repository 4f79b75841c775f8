//! Replaying a whole action sequence, as PokerKit's PHH replay does (profile `pokerkit`) or
//! strictly (profile `wsop`).
//!
//! Under `pokerkit`, a failing action triggers PokerKit's repair loop: deal `??` hole cards that
//! are missing, insert a check or a fold for the player to act, keep cards face down at a missing
//! showdown; each repair is reported as a warning on the action that needed it. Under `wsop` the
//! first failing action is an error and the replay stops there.
//!
//! Every replay here is one run: [`run_observed`] reports each step ([`Step`]: each action applied
//! or refused, each repair, in order) with the state after it to an observer, and
//! [`finish_observed`] the repairs that end the hand; [`run`], [`replay`] and [`replay_fastest`]
//! gather the steps into [`Event`]s ([`EventLog`]), and [`apply_repaired`] steps one action.

use cards_core::MaybeCard;

use crate::action::{Action, ActionError, CardList, Show, Warning, Warnings};
use crate::amount::Amount;
use crate::chips::Chips;
use crate::game::{GameDef, GameError, RuleProfile};
use crate::state::State;

/// Something the replay reports, tied to an action by its index in the sequence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    /// The action at this index is illegal; the replay stopped there.
    Error {
        /// Index of the action.
        action: usize,
        /// Why.
        error: ActionError,
    },
    /// Warnings raised by (or repairs made before) the action at this index; `action ==
    /// actions.len()` for the repairs made after the last action.
    Warnings {
        /// Index of the action.
        action: usize,
        /// The warnings.
        warnings: Warnings,
    },
}

/// How a replay ended.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// The final state (terminal or not).
    pub state: State,
    /// Errors and warnings in action order.
    pub events: Vec<Event>,
}

impl Outcome {
    /// Whether the hand ran to its end.
    #[must_use]
    pub fn terminal(&self) -> bool {
        self.state.is_over()
    }

    /// Whether any action was illegal.
    #[must_use]
    pub fn has_error(&self) -> bool {
        self.events.iter().any(|e| matches!(e, Event::Error { .. }))
    }

    /// Final stacks.
    #[must_use]
    pub fn finishing_stacks(&self) -> &[Chips] {
        self.state.stacks()
    }

    /// Payoffs (net result per player).
    #[must_use]
    pub fn payoffs(&self) -> &[Chips] {
        self.state.payoffs()
    }
}

/// Replays `actions` from the start of a hand defined by `def` (whose `profile` decides the
/// rules and the repair behaviour).
///
/// ```
/// use poker_engine::{Action, Chips, GameDef, Variant, replay};
/// let mut def = GameDef::new(Variant::NoLimitTexasHoldem, vec![Chips::from_int(100); 2]);
/// def.blinds_or_straddles = vec![Chips::from_int(1), Chips::from_int(2)];
/// def.min_bet = Chips::from_int(2);
/// let actions: Vec<Action> = ["d dh p1 AcAd", "d dh p2 KcKd", "p2 f"]
///     .iter().map(|a| a.parse().unwrap()).collect();
/// let outcome = replay::replay(&def, &actions).unwrap();
/// assert!(outcome.terminal());
/// assert_eq!(outcome.finishing_stacks()[0].to_string(), "101");
/// ```
pub fn replay(def: &GameDef, actions: &[Action]) -> Result<Outcome, GameError> {
    let mut state = State::new(def)?;
    let mut events = Vec::new();
    run(&mut state, actions, &mut events);
    Ok(Outcome { state, events })
}

/// The final state of a hand replayed by [`replay_fastest`], on whole chips when it could be.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Replayed<'a> {
    /// Every amount was a whole number of chips below 2^48: the state ran on `i64`.
    Integral(&'a State<i64>),
    /// The state ran on exact [`Chips`].
    Exact(&'a State<Chips>),
}

impl Replayed<'_> {
    /// Whether the hand ran to its end.
    #[must_use]
    pub fn is_over(&self) -> bool {
        match self {
            Replayed::Integral(state) => state.is_over(),
            Replayed::Exact(state) => state.is_over(),
        }
    }

    /// The state on exact amounts (the integral one converted: the same numbers and text).
    #[must_use]
    pub fn to_exact(&self) -> State<Chips> {
        match self {
            Replayed::Integral(state) => state.to_exact(),
            Replayed::Exact(state) => (*state).clone(),
        }
    }
}

/// [`replay`] on the cheapest exact path, handing the final state to `finish`: on `i64` when every
/// amount of `def` is a whole number of chips below 2^48 (most hands; about half the
/// instructions), restarted on exact [`Chips`] when one is not, or when an action names such an
/// amount. Events are pushed to `events`. The numbers, their text and the events are those of the
/// exact replay (the state stays where it was built: `finish` reads it in place).
///
/// ```
/// use poker_engine::{Action, Chips, GameDef, Variant};
/// use poker_engine::replay::{Replayed, replay_fastest};
/// let mut def = GameDef::new(Variant::NoLimitTexasHoldem, vec![Chips::from_int(100); 2]);
/// def.blinds_or_straddles = vec![Chips::from_int(1), Chips::from_int(2)];
/// def.min_bet = Chips::from_int(2);
/// let actions: Vec<Action> = ["d dh p1 AcAd", "d dh p2 KcKd", "p2 cbr 4.50", "p1 f"]
///     .iter().map(|a| a.parse().unwrap()).collect();
/// let mut events = Vec::new();
/// let stack = replay_fastest(&def, &actions, &mut events, |replayed| match replayed {
///     Replayed::Exact(state) => state.stacks()[1].to_text(),
///     Replayed::Integral(_) => unreachable!("a raise to 4.50 is not whole chips"),
/// });
/// assert_eq!(stack.unwrap(), "102.00");
/// let whole = replay_fastest(&def, &actions[..2], &mut events, |r| matches!(r, Replayed::Integral(_)));
/// assert!(whole.unwrap());
/// ```
pub fn replay_fastest<R>(
    def: &GameDef,
    actions: &[Action],
    events: &mut Vec<Event>,
    finish: impl FnOnce(Replayed<'_>) -> R,
) -> Result<R, GameError> {
    let mut integral = State::<i64>::blank();
    if integral.start(def)? {
        let start = events.len();
        run(&mut integral, actions, events);
        let exact_needed = events[start..]
            .iter()
            .any(|e| matches!(e, Event::Error { error: ActionError::AmountNotIntegral, .. }));
        if !exact_needed {
            return Ok(finish(Replayed::Integral(&integral)));
        }
        events.truncate(start);
    }
    let mut exact = State::<Chips>::blank();
    // `start` takes every `Chips`.
    exact.start(def)?;
    run(&mut exact, actions, events);
    Ok(finish(Replayed::Exact(&exact)))
}

/// Replays into an existing state (for callers that keep the state), pushing events: the actions
/// ([`run_observed`]), then, when every one applied, the repairs that end the hand
/// ([`finish_observed`]).
pub fn run<A: Amount>(state: &mut State<A>, actions: &[Action], events: &mut Vec<Event>) {
    let mut log = EventLog::new(events, actions.len());
    if run_observed(state, actions, |step, _| log.record(step)) {
        finish_observed(state, |step, _| log.record(step));
    }
    log.finish();
}

/// One step of a replay, reported to the observer of [`run_observed`] and [`finish_observed`]
/// together with the state after it, in the order the steps were taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// The state the run starts from, before its first action (for a new hand: the forced bets
    /// posted).
    Start,
    /// A repair PokerKit's replay made (profile `pokerkit`): `repair` names it (one of the
    /// warnings [`is_repair`] accepts), `warnings` are those the inserted action set off (a
    /// vanished pot…). `before` is the index of the action it was made for (that action is tried
    /// again next), `None` for the repairs that end the hand after the last action.
    Repaired {
        /// The index of the action tried after it, `None` after the last action.
        before: Option<usize>,
        /// Which repair.
        repair: Warning,
        /// The warnings of the repaired action.
        warnings: Warnings,
    },
    /// The action at this index applied.
    Applied {
        /// Index of the action.
        action: usize,
        /// The warnings it raised.
        warnings: Warnings,
    },
    /// The action at this index is illegal (no repair made it apply): the state is the one it met,
    /// and the run stops.
    Refused {
        /// Index of the action.
        action: usize,
        /// Why.
        error: ActionError,
    },
}

/// Applies `actions` to `state` one after the other, reporting every step to `observe` with the
/// state after it: [`Step::Start`] first, then each action applied, or refused (the run stops
/// there); under the `pokerkit` profile, when an action fails, PokerKit's repairs (`??` hole cards
/// dealt, a check or a fold inserted for the player to act, a missing show) are made, each a
/// [`Step::Repaired`], until it applies. Returns whether every action applied; the repairs
/// PokerKit makes after the last action are [`finish_observed`]'s.
pub fn run_observed<A: Amount>(
    state: &mut State<A>,
    actions: &[Action],
    mut observe: impl FnMut(Step, &State<A>),
) -> bool {
    observe(Step::Start, state);
    let lenient = state.profile() == RuleProfile::Pokerkit;
    actions
        .iter()
        .enumerate()
        .all(|(index, action)| attempt(state, index, action, lenient, &mut observe).is_ok())
}

/// After the last action, under the `pokerkit` profile: the repairs PokerKit's replay makes to
/// end the hand (`??` hole cards dealt, cards kept face down at a missing showdown), each reported
/// to `observe` as a [`Step::Repaired`] (`before: None`) with the state after it. Under `wsop`,
/// nothing.
pub fn finish_observed<A: Amount>(state: &mut State<A>, mut observe: impl FnMut(Step, &State<A>)) {
    if state.profile() != RuleProfile::Pokerkit {
        return;
    }
    while !state.is_over() {
        let Some(repair) = state.repair_passive() else { break };
        observe(Step::Repaired { before: None, repair, warnings: state.take_warnings() }, state);
    }
}

/// Applies one action as [`run`] does: under the `pokerkit` profile, when the action fails,
/// PokerKit's repairs are made until it applies; under `wsop` the action alone is tried. Returns
/// the warnings of the action and of its repairs, or the error that stopped it (the repairs made
/// before it stay made). For callers that step a hand themselves and read the state between
/// actions (the site-log writers); [`finish_repaired`] ends the hand as [`run`] does.
pub fn apply_repaired<A: Amount>(state: &mut State<A>, action: &Action) -> Result<Warnings, ActionError> {
    let lenient = state.profile() == RuleProfile::Pokerkit;
    let mut warnings = Warnings::NONE;
    attempt(state, 0, action, lenient, &mut |step, _| warnings = warnings.union(step_warnings(step)))?;
    Ok(warnings)
}

/// [`finish_observed`] for callers that step a hand themselves: the warnings of its repairs.
pub fn finish_repaired<A: Amount>(state: &mut State<A>) -> Warnings {
    let mut warnings = Warnings::NONE;
    finish_observed(state, |step, _| warnings = warnings.union(step_warnings(step)));
    warnings
}

/// The warnings a step raised, its repair's own included.
fn step_warnings(step: Step) -> Warnings {
    match step {
        Step::Repaired { repair, mut warnings, .. } => {
            warnings.add(repair);
            warnings
        }
        Step::Applied { warnings, .. } => warnings,
        Step::Start | Step::Refused { .. } => Warnings::NONE,
    }
}

/// Action `index` with PokerKit's repairs before it (when `lenient`), every step reported.
fn attempt<A: Amount>(
    state: &mut State<A>,
    index: usize,
    action: &Action,
    lenient: bool,
    observe: &mut impl FnMut(Step, &State<A>),
) -> Result<(), ActionError> {
    loop {
        match state.apply(action) {
            Ok(warnings) => {
                observe(Step::Applied { action: index, warnings }, state);
                return Ok(());
            }
            Err(error) => {
                // PokerKit's replay repairs around a broken rule, not around this engine's limits.
                let repaired = if lenient && !error.is_engine_limit() { state.repair() } else { None };
                let Some(repair) = repaired else {
                    observe(Step::Refused { action: index, error }, state);
                    return Err(error);
                };
                let warnings = state.take_warnings();
                observe(Step::Repaired { before: Some(index), repair, warnings }, state);
            }
        }
    }
}

/// Gathers the steps of a run into [`Event`]s: an action's warnings (its own and those of the
/// repairs made before it) as one event, the error that stopped the run after them, and the
/// warnings of the repairs after the last action as an event at index `actions` (the number of
/// actions run).
#[derive(Debug)]
pub struct EventLog<'a> {
    events: &'a mut Vec<Event>,
    actions: usize,
    /// The warnings of the repairs made since the last action.
    pending: Warnings,
}

impl<'a> EventLog<'a> {
    /// A log pushing to `events`, for a run of `actions` actions.
    pub fn new(events: &'a mut Vec<Event>, actions: usize) -> EventLog<'a> {
        EventLog { events, actions, pending: Warnings::NONE }
    }

    /// Takes one step into account.
    // Inlined into the observer of each caller's run: called for every action of every hand.
    #[inline]
    pub fn record(&mut self, step: Step) {
        match step {
            Step::Start => {}
            Step::Repaired { .. } => self.pending = self.pending.union(step_warnings(step)),
            Step::Applied { action, warnings } => self.flush(action, warnings),
            Step::Refused { action, error } => {
                self.flush(action, Warnings::NONE);
                self.events.push(Event::Error { action, error });
            }
        }
    }

    /// Ends the log: the warnings of the repairs after the last action.
    pub fn finish(mut self) {
        self.flush(self.actions, Warnings::NONE);
    }

    #[inline]
    fn flush(&mut self, action: usize, warnings: Warnings) {
        let warnings = core::mem::take(&mut self.pending).union(warnings);
        if !warnings.is_empty() {
            self.events.push(Event::Warnings { action, warnings });
        }
    }
}

/// Whether a warning is one PokerKit's replay would only emit by repairing the history.
#[must_use]
pub const fn is_repair(w: Warning) -> bool {
    matches!(
        w,
        Warning::RepairedCheck
            | Warning::RepairedFold
            | Warning::RepairedHoleDealing
            | Warning::RepairedShowdown
    )
}

// --------------------------------------------------------------------------------------------
// PokerKit's repairs: what its replay loop inserts when the history lacks an action.

impl<A: Amount> State<A> {
    /// Applies `??` hole dealing or an empty show, as PokerKit's replay does when the history
    /// lacks them. Returns the warning of the repair taken, or `None` when none applies.
    pub fn repair_passive(&mut self) -> Option<Warning> {
        if let Some(p) = self.hole_dealee() {
            let mut list = CardList::EMPTY;
            list.push(MaybeCard::Unknown);
            if self.apply_keeping_warnings(&Action::DealHole { player: p, cards: list }) {
                return Some(Warning::RepairedHoleDealing);
            }
        }
        if let Some(p) = self.showdown_player()
            && self
                .apply_keeping_warnings(&Action::ShowOrMuck { player: p, show: Show::Cards(CardList::EMPTY) })
        {
            return Some(Warning::RepairedShowdown);
        }
        None
    }

    /// PokerKit's full repair step while actions remain: hole dealing, check, fold, showdown.
    pub fn repair(&mut self) -> Option<Warning> {
        if let Some(p) = self.hole_dealee() {
            let mut list = CardList::EMPTY;
            list.push(MaybeCard::Unknown);
            if self.apply_keeping_warnings(&Action::DealHole { player: p, cards: list }) {
                return Some(Warning::RepairedHoleDealing);
            }
        }
        if let Some(p) = self.actor() {
            if self.call_amount().is_some_and(|c| c.is_zero())
                && self.apply_keeping_warnings(&Action::CheckOrCall { player: p })
            {
                return Some(Warning::RepairedCheck);
            }
            if self.apply_keeping_warnings(&Action::Fold { player: p }) {
                return Some(Warning::RepairedFold);
            }
        }
        if let Some(p) = self.showdown_player()
            && self
                .apply_keeping_warnings(&Action::ShowOrMuck { player: p, show: Show::Cards(CardList::EMPTY) })
        {
            return Some(Warning::RepairedShowdown);
        }
        None
    }

    /// Applies a repair action; the warnings of what it set off (a vanished pot, a quirk of the
    /// split…) stay in the state for [`State::take_warnings`] instead of being dropped.
    fn apply_keeping_warnings(&mut self, action: &Action) -> bool {
        match self.apply(action) {
            Ok(warnings) => {
                self.keep_warnings(warnings);
                true
            }
            Err(_) => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;
    use crate::sim::random_hands;

    /// Stepping a hand with [`apply_repaired`] and ending it with [`finish_repaired`] reaches the
    /// state [`run`] reaches, under both profiles, repairs included (generated hands with an
    /// action dropped here and there need them).
    #[test]
    fn stepping_with_repairs_is_the_replay() {
        let mut repaired = 0;
        for variant in Variant::ALL {
            for (k, hand) in random_hands(variant, 40, 5).into_iter().enumerate() {
                let mut actions = hand.actions.clone();
                if k % 3 == 1 && actions.len() > 4 {
                    // A betting or showdown action left out: PokerKit's repairs fill it in.
                    let at = actions.len() / 2;
                    actions.remove(at);
                }
                for profile in [RuleProfile::Pokerkit, RuleProfile::Wsop] {
                    let mut def = hand.def.clone();
                    def.profile = profile;
                    let Ok(mut whole) = State::new(&def) else { continue };
                    let mut events = Vec::new();
                    run(&mut whole, &actions, &mut events);
                    let mut stepped = State::new(&def).unwrap_or_else(|_| unreachable!());
                    for action in &actions {
                        match apply_repaired(&mut stepped, action) {
                            Ok(w) => repaired += usize::from(w.iter().any(is_repair)),
                            Err(_) => break,
                        }
                    }
                    if !events.iter().any(|e| matches!(e, Event::Error { .. })) {
                        finish_repaired(&mut stepped);
                    }
                    let _ = (whole.take_warnings(), stepped.take_warnings());
                    assert_eq!(whole, stepped, "{variant:?} hand {k} under {profile:?}");
                }
            }
        }
        assert!(repaired > 0, "no repair was exercised");
    }

    /// The antes and blinds each player posted: heads-up in PokerKit's order (each player posts
    /// the other's ante and the blinds are reversed), capped by the stack.
    #[test]
    fn antes_and_blinds_posted() {
        let amounts = |v: &[i64]| v.iter().map(|&a| Chips::from_int(a)).collect::<Vec<_>>();
        let mut def = GameDef::new(Variant::NoLimitTexasHoldem, amounts(&[2997, 3]));
        def.antes = amounts(&[20, 3]);
        def.blinds_or_straddles = amounts(&[0, 80]);
        def.min_bet = Chips::from_int(80);
        let state = State::new(&def).unwrap_or_else(|_| unreachable!());
        assert_eq!([state.ante(0), state.ante(1), state.ante(2)], amounts(&[3, 3, 0])[..]);
        assert_eq!([state.blind(0), state.blind(1)], amounts(&[80, 0])[..]);
        let mut def = GameDef::new(Variant::NoLimitTexasHoldem, amounts(&[100, 3, 100]));
        def.antes = amounts(&[2, 2, 2]);
        def.blinds_or_straddles = amounts(&[5, 10, 0]);
        def.min_bet = Chips::from_int(10);
        let state = State::new(&def).unwrap_or_else(|_| unreachable!());
        assert_eq!([state.ante(0), state.ante(1), state.ante(2)], amounts(&[2, 2, 2])[..]);
        assert_eq!([state.blind(0), state.blind(1), state.blind(2)], amounts(&[5, 1, 0])[..]);
    }
}
