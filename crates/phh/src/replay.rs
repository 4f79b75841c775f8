//! Replaying hands through `poker-engine` (feature `replay`, on by default).
//!
//! # API (used by the `cardnote` glue)
//!
//! * `phh::check` (the crate's root function) replays a record's hand with [`replay_hand`] and
//!   keeps the outcome in the record.
//! * [`replay_hand`]`(&Hand, &[Span], Span, RuleProfile) -> ReplayOutcome`: replays a hand given
//!   its action spans (a record's `model.action_spans`) and a fallback span (the record's span);
//!   diagnostics point at the offending action's text in the file, or at the fallback for setup
//!   errors.
//! * [`ReplayOutcome`]: `terminal`, `finishing_stacks` and `payoffs` as exact decimal strings
//!   (`"12.50"`, `"inf"` for an infinite stack), `diagnostics` with stable `REPLAY_…` codes:
//!   errors when the hand is illegal, warnings for PokerKit's repairs and quirks (see the
//!   `poker_engine` crate docs for every code and the differences between the profiles).
//! * [`replay_hand_observed`]: the same outcome, with every step of the engine's run (each action,
//!   each PokerKit repair, with the state after it) shown to an observer (statistics per action).
//! * [`game_def`] and [`engine_actions`] convert the model for callers that run the engine's
//!   replay themselves (the `cardnote replay` step-by-step view, the hand diagrams).
//!
//! ```
//! let text = "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n\
//!             starting_stacks = [100, 100]\nactions = ['d dh p1 AcAd', 'd dh p2 KcKd', 'p2 f']\n";
//! let record = phh::parse_hand(text);
//! let hand = record.model.hand.as_ref().unwrap();
//! let profile = phh::replay::RuleProfile::Pokerkit;
//! let outcome = phh::replay::replay_hand(hand, &record.model.action_spans, record.span, profile);
//! assert!(outcome.terminal);
//! assert_eq!(outcome.finishing_stacks, ["101", "99"]);
//! assert_eq!(outcome.payoffs, ["1", "-1"]);
//! ```

use cards_core::{Diagnostic, DiagnosticSink, Span};
use poker_engine::replay::{
    Event, EventLog, Replayed as Final, Step, finish_observed, replay_fastest, run_observed,
};
use poker_engine::{Action as EngineAction, Amount, CardList, Chips, GameDef, GameError, Show, State, Turn};

pub use poker_engine::RuleProfile;

use crate::model::{ActionKind, CardRun, Hand, Quantity, Shown};

/// The result of replaying one hand.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ReplayOutcome {
    /// Whether the hand ran to its end (pots pushed and pulled).
    pub terminal: bool,
    /// Stacks after the last action, exact decimal text (`"inf"` for an infinite stack).
    pub finishing_stacks: Vec<String>,
    /// Net result per player, exact decimal text.
    pub payoffs: Vec<String>,
    /// What each player collected from the pots (the PHH `winnings`), exact decimal text.
    pub winnings: Vec<String>,
    /// Chips still in the pots or in front of the players after the last action, awarded to no
    /// one: `"0"` when the hand ran to its end, more for an unfinished hand.
    pub unawarded: String,
    /// Replay errors and warnings, spans into the file (`phh::check` moves them into the
    /// record's diagnostics).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Vec::is_empty"))]
    pub diagnostics: Vec<Diagnostic>,
    /// Whether the replay followed the file as written ([`replayed_as_written`]): when it did
    /// not, the file implies no outcome, and the one above is PokerKit's repaired one (or none).
    pub as_written: bool,
}

fn quantity(q: Quantity) -> Chips {
    match q {
        Quantity::Finite(a) => Chips::from_amount(a),
        Quantity::Infinite => Chips::INF,
    }
}

/// The engine's game definition for a hand (missing fields are zero, as PokerKit pads them).
#[must_use]
pub fn game_def(hand: &Hand, profile: RuleProfile) -> GameDef {
    let mut def = GameDef::new(hand.variant, hand.starting_stacks.iter().copied().map(quantity).collect());
    def.profile = profile;
    def.antes = hand.antes.iter().copied().map(Chips::from_amount).collect();
    def.blinds_or_straddles = hand
        .blinds_or_straddles
        .as_deref()
        .unwrap_or_default()
        .iter()
        .copied()
        .map(Chips::from_amount)
        .collect();
    def.bring_in = hand.bring_in.map(Chips::from_amount).unwrap_or_default();
    def.small_bet = hand.small_bet.map(Chips::from_amount).unwrap_or_default();
    def.big_bet = hand.big_bet.map(Chips::from_amount).unwrap_or_default();
    def.min_bet = hand.min_bet.map(Chips::from_amount).unwrap_or_default();
    def.ante_trimming = hand.ante_trimming();
    def
}

/// Why a model action cannot be given to the engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConvertError {
    /// `p0`: players are numbered from 1.
    PlayerZero,
    /// More cards in one action than any action can hold.
    TooManyCards,
}

fn cards(run: &CardRun) -> Result<CardList, ConvertError> {
    let mut list = CardList::EMPTY;
    for c in run.iter() {
        if !list.push(c) {
            return Err(ConvertError::TooManyCards);
        }
    }
    Ok(list)
}

/// Converts one action of the model.
pub fn engine_action(kind: &ActionKind) -> Result<EngineAction, ConvertError> {
    let player = |p: crate::model::Player| p.index().ok_or(ConvertError::PlayerZero);
    Ok(match kind {
        ActionKind::DealBoard { cards: c } => EngineAction::DealBoard(cards(c)?),
        ActionKind::DealHole { player: p, cards: c } => {
            EngineAction::DealHole { player: player(*p)?, cards: cards(c)? }
        }
        ActionKind::BringIn { player: p } => EngineAction::PostBringIn { player: player(*p)? },
        ActionKind::CompleteBetRaise { player: p, amount } => {
            EngineAction::CompleteBetOrRaiseTo { player: player(*p)?, amount: Chips::from_amount(*amount) }
        }
        ActionKind::CheckCall { player: p } => EngineAction::CheckOrCall { player: player(*p)? },
        ActionKind::Fold { player: p } => EngineAction::Fold { player: player(*p)? },
        ActionKind::StandPatDiscard { player: p, discards } => {
            EngineAction::StandPatOrDiscard { player: player(*p)?, cards: cards(discards)? }
        }
        ActionKind::ShowMuck { player: p, shown } => EngineAction::ShowOrMuck {
            player: player(*p)?,
            show: match shown {
                Shown::Muck => Show::Muck,
                Shown::Dealt => Show::All,
                Shown::Cards(c) => Show::Cards(cards(c)?),
            },
        },
        ActionKind::NoOp => EngineAction::NoOp,
    })
}

/// Converts every action; the error carries the index of the first action that fails.
pub fn engine_actions(hand: &Hand) -> Result<Vec<EngineAction>, (usize, ConvertError)> {
    // Sized once: a `collect` over `Result`s knows no length and regrows the vector.
    let mut actions = Vec::with_capacity(hand.actions.len());
    for (i, a) in hand.actions.iter().enumerate() {
        actions.push(engine_action(&a.kind).map_err(|e| (i, e))?);
    }
    Ok(actions)
}

/// Replays a hand. `action_spans[i]` locates action `i` in the file; `fallback` is used for
/// setup errors and for actions without a span. The replay runs on whole chips when every amount
/// of the hand is one ([`poker_engine::replay::replay_fastest`]; the same outcome, text and
/// diagnostics as on exact amounts).
#[must_use]
pub fn replay_hand(
    hand: &Hand,
    action_spans: &[Span],
    fallback: Span,
    profile: RuleProfile,
) -> ReplayOutcome {
    let def = game_def(hand, profile);
    let (actions, stop, diagnostics) = converted(hand, action_spans, fallback);
    let mut events = Vec::new();
    let uncalled = hand.winnings.is_some();
    let ended = replay_fastest(&def, &actions, &mut events, |replayed| match replayed {
        Final::Integral(state) => Ended::of(state, uncalled),
        Final::Exact(state) => Ended::of(state, uncalled),
    });
    match ended {
        Ok(ended) => {
            outcome(hand, action_spans, fallback, profile, (&actions, stop, diagnostics), &events, ended)
        }
        Err(e) => setup_failed(&e, fallback),
    }
}

/// [`replay_hand`] on exact amounts, reporting every step of the engine's run to `observe` with
/// the state after it ([`poker_engine::replay::run_observed`], then
/// [`finish_observed`]); the outcome is built from that
/// run. Actions after one that cannot be converted are not replayed.
pub fn replay_hand_observed(
    hand: &Hand,
    action_spans: &[Span],
    fallback: Span,
    profile: RuleProfile,
    mut observe: impl FnMut(Step, &State),
) -> ReplayOutcome {
    let def = game_def(hand, profile);
    let mut state = match State::new(&def) {
        Ok(state) => state,
        Err(e) => return setup_failed(&e, fallback),
    };
    let (actions, stop, diagnostics) = converted(hand, action_spans, fallback);
    let mut events = Vec::new();
    let mut log = EventLog::new(&mut events, actions.len());
    let mut both = |step, state: &State| {
        log.record(step);
        observe(step, state);
    };
    if run_observed(&mut state, &actions, &mut both) {
        finish_observed(&mut state, &mut both);
    }
    log.finish();
    let ended = Ended::of(&state, hand.winnings.is_some());
    outcome(hand, action_spans, fallback, profile, (&actions, stop, diagnostics), &events, ended)
}

/// The outcome of a hand whose game could not be set up.
fn setup_failed(e: &GameError, fallback: Span) -> ReplayOutcome {
    let mut outcome = ReplayOutcome::default();
    outcome.diagnostics.push(Diagnostic::error(e.code(), format!("cannot start the hand: {e}"), fallback));
    outcome
}

/// The engine actions of a hand, the index of the first one that cannot be converted (the replay
/// stops before it) and the error saying so.
fn converted(
    hand: &Hand,
    action_spans: &[Span],
    fallback: Span,
) -> (Vec<EngineAction>, Option<usize>, Vec<Diagnostic>) {
    match engine_actions(hand) {
        Ok(actions) => (actions, None, Vec::new()),
        Err((index, e)) => {
            let message = match e {
                ConvertError::PlayerZero => "players are numbered from p1",
                ConvertError::TooManyCards => "too many cards in one action",
            };
            let span = action_spans.get(index).copied().unwrap_or(fallback);
            let error = Diagnostic::error(crate::codes::REPLAY_BAD_ACTION, message, span);
            // Replay what comes before the bad action.
            let before = hand.actions.get(..index).unwrap_or_default();
            let actions = before.iter().filter_map(|a| engine_action(&a.kind).ok()).collect();
            (actions, Some(index), vec![error])
        }
    }
}

/// What a hand's final state gives, for checking its declared outcome fields against a state the
/// caller ran itself ([`check_declared`]) instead of replaying the hand again.
#[derive(Debug, Clone)]
pub struct FinalValues(Ended);

impl FinalValues {
    /// The values of `state`, on either amount type (stacks, payoffs, winnings with and without
    /// the uncalled bet returned).
    #[must_use]
    pub fn of<A: Amount>(state: &State<A>) -> FinalValues {
        FinalValues(Ended::of(state, true))
    }
}

/// The declared `finishing_stacks` and `winnings` of `hand` against the final `values` of a run
/// of it: the diagnostics [`replay_hand`] reports for them (nothing when they agree, a warning
/// for each producer's convention they follow, else an error).
pub fn check_declared(
    hand: &Hand,
    profile: RuleProfile,
    values: &FinalValues,
    span: Span,
    sink: &mut dyn DiagnosticSink,
) {
    declared_diagnostics(hand, profile, &values.0, span, sink);
}

/// What the final state gives, as text, read from a state on either amount type.
#[derive(Debug, Clone)]
struct Ended {
    over: bool,
    finishing_stacks: Vec<String>,
    payoffs: Vec<String>,
    winnings: Vec<String>,
    /// What each player collected plus the uncalled bet returned (when asked for).
    with_uncalled: Vec<String>,
    /// Every chip still in the pots or in front of the players (0 once the hand is over).
    unawarded: String,
    /// What the hand waits for when it is not over.
    waiting: Option<String>,
}

impl Ended {
    fn of<A: Amount>(state: &State<A>, with_uncalled: bool) -> Ended {
        let text = |amounts: &[A]| amounts.iter().map(A::to_text).collect();
        let with_uncalled = if with_uncalled {
            let won = state.winnings().iter().zip(state.uncalled_returned());
            won.map(|(won, back)| won.add(*back).to_text()).collect()
        } else {
            Vec::new()
        };
        Ended {
            over: state.is_over(),
            finishing_stacks: text(state.stacks()),
            payoffs: text(state.payoffs()),
            winnings: text(state.winnings()),
            with_uncalled,
            unawarded: state.total_pot().to_text(),
            waiting: (!state.is_over()).then(|| waiting_for(state)),
        }
    }
}

/// What a hand that is not over waits for, in words.
fn waiting_for<A: Amount>(state: &State<A>) -> String {
    match state.turn() {
        Turn::Dealer if state.board_pending() > 0 => "the next board cards".to_owned(),
        Turn::Dealer => "hole cards to be dealt".to_owned(),
        Turn::Draw(p) => format!("p{} to stand pat or discard", p + 1),
        Turn::Bet(p) => format!("p{} to act", p + 1),
        Turn::Show(p) => format!("the showdown (p{} to show or muck first)", p + 1),
        Turn::Nobody => "nothing".to_owned(),
    }
}

/// The replay's diagnostics (events in action order, then the declared outcome fields against
/// the replayed ones) and outcome.
fn outcome(
    hand: &Hand,
    action_spans: &[Span],
    fallback: Span,
    profile: RuleProfile,
    (actions, stop, diagnostics): (&[EngineAction], Option<usize>, Vec<Diagnostic>),
    events: &[Event],
    ended: Ended,
) -> ReplayOutcome {
    let span_of = |i: usize| action_spans.get(i).copied().unwrap_or(fallback);
    let mut outcome = ReplayOutcome { diagnostics, ..ReplayOutcome::default() };
    for event in events {
        match *event {
            Event::Error { action, error } => {
                let player = hand.actions.get(action).and_then(|a| a.kind.player());
                let who = player.map(|p| format!("{p}: ")).unwrap_or_default();
                outcome.diagnostics.push(Diagnostic::error(
                    error.code(),
                    format!("illegal action under the {} rules: {who}{error}", profile.name()),
                    span_of(action),
                ));
            }
            Event::Warnings { action, warnings } => {
                let span = if action >= actions.len() && stop.is_none() { fallback } else { span_of(action) };
                for w in warnings.iter() {
                    outcome.diagnostics.push(Diagnostic::warning(w.code(), w.message(), span));
                }
            }
        }
    }
    outcome.terminal = ended.over && stop.is_none();
    outcome.as_written = replayed_as_written(&outcome.diagnostics);
    if outcome.as_written {
        declared_diagnostics(hand, profile, &ended, fallback, &mut outcome.diagnostics);
        if outcome.terminal {
            let repaired = outcome.diagnostics.iter().any(|d| d.code() == "REPLAY_REPAIRED_SHOWDOWN");
            outcome.diagnostics.extend(shown_unknown(hand, profile, &ended, repaired, fallback));
        } else if stop.is_none() {
            outcome.diagnostics.push(unfinished(hand, profile, &ended, fallback));
        }
    }
    outcome.finishing_stacks = ended.finishing_stacks;
    outcome.payoffs = ended.payoffs;
    outcome.winnings = ended.winnings;
    outcome.unawarded = ended.unawarded;
    outcome
}

/// A declared outcome that matches the hand with its negative blinds read as dead posts, not as
/// the live posts the replay reads (warning; an error with `--strict`).
pub use crate::codes::PHH_DEAD_POST as DEAD_POST;
/// A declared `finishing_stacks` that the replay does not give (error).
pub use crate::codes::PHH_FINISHING_STACKS_MISMATCH as FINISHING_STACKS_MISMATCH;
/// A declared `finishing_stacks` lower than the replay's for pot winners only: a rake taken from
/// the pots, which the specification allows the stacks to show (warning; an error with `--strict`).
pub use crate::codes::PHH_FINISHING_STACKS_RAKED as FINISHING_STACKS_RAKED;
/// A declared outcome field that differs from the replay only in how the odd chip of a split pot
/// was divided (warning; an error with `--strict`).
pub use crate::codes::PHH_ODD_CHIP as ODD_CHIP;
/// Hole cards dealt known but shown as `????` (or not shown, the showdown missing), where the
/// cards dealt decide the pot otherwise than the replay (warning; an error with `--strict`).
pub use crate::codes::PHH_SHOWN_UNKNOWN as SHOWN_UNKNOWN;
/// A hand whose actions end before the hand does (warning; an error with `--strict`).
pub use crate::codes::PHH_UNFINISHED_HAND as UNFINISHED_HAND;
/// A declared `winnings` that the replay does not give (error).
pub use crate::codes::PHH_WINNINGS_MISMATCH as WINNINGS_MISMATCH;
/// A declared `winnings` lower than the replay's only for players who collected a pot: the
/// post-rake amounts the specification asks for (warning; an error with `--strict`).
pub use crate::codes::PHH_WINNINGS_RAKED as WINNINGS_RAKED;
/// A declared `winnings` lower than the replay's for pot winners by a rake of at most a tenth
/// plus a fixed jackpot drop (warning; an error with `--strict`).
pub use crate::codes::PHH_WINNINGS_RAKED_JACKPOT as WINNINGS_RAKED_JACKPOT;
/// A declared `winnings` that counts the uncalled bet returned as won (warning; an error with
/// `--strict`).
pub use crate::codes::PHH_WINNINGS_UNCALLED_BET as WINNINGS_UNCALLED_BET;
/// A declared `winnings` of all zeros where the replay gives someone a pot: read as not recorded
/// (warning; an error with `--strict`).
pub use crate::codes::PHH_WINNINGS_ZERO as WINNINGS_ZERO;

/// The jackpot drops a site takes from a pot besides its rake, in the currency's units (the
/// "bad beat jackpot" drops of the 2009 rooms: 0.25, 0.50 or 1.00 a pot).
const JACKPOT_DROPS: [&str; 3] = ["0.25", "0.50", "1.00"];

/// A declared outcome field compared with the replay: its name and its two codes.
#[derive(Clone, Copy)]
struct DeclaredField {
    name: &'static str,
    mismatch: &'static str,
    raked: &'static str,
}

impl DeclaredField {
    const FINISHING_STACKS: DeclaredField = DeclaredField {
        name: "finishing_stacks",
        mismatch: FINISHING_STACKS_MISMATCH,
        raked: FINISHING_STACKS_RAKED,
    };
    const WINNINGS: DeclaredField =
        DeclaredField { name: "winnings", mismatch: WINNINGS_MISMATCH, raked: WINNINGS_RAKED };
}

/// Whether a replay followed the file as written: no replay error, and no action inserted by a
/// PokerKit repair (a repaired outcome is not what the file implies).
#[must_use]
pub fn replayed_as_written(diagnostics: &[Diagnostic]) -> bool {
    !diagnostics.iter().any(|d| {
        (d.is_error() && !is_declared_outcome(d.code()))
            || d.code() == "REPLAY_REPAIRED_FOLD"
            || d.code() == "REPLAY_REPAIRED_CHECK"
    })
}

/// Whether a code is one of a declared outcome field (`finishing_stacks`, `winnings`) against
/// the replay: such a diagnostic, even an error, says nothing against the replay itself, whose
/// outcome stands (statistics and tables count the hand).
#[must_use]
pub fn is_declared_outcome(code: &str) -> bool {
    [
        FINISHING_STACKS_MISMATCH,
        FINISHING_STACKS_RAKED,
        WINNINGS_MISMATCH,
        WINNINGS_RAKED,
        WINNINGS_UNCALLED_BET,
        WINNINGS_ZERO,
        ODD_CHIP,
        WINNINGS_RAKED_JACKPOT,
        DEAD_POST,
    ]
    .contains(&code)
}

/// Whether diagnostics hold an error against the replay itself: an illegal action or an
/// impossible setup, not a declared outcome field the replay does not give.
#[must_use]
pub fn replay_failed(diagnostics: &[Diagnostic]) -> bool {
    diagnostics.iter().any(|d| d.is_error() && !is_declared_outcome(d.code()))
}

fn chips(text: &str) -> Option<Chips> {
    text.parse::<Chips>().ok()
}

fn positive(text: &str) -> bool {
    chips(text).is_some_and(Chips::is_positive)
}

fn total(values: impl Iterator<Item = Chips>) -> Chips {
    values.fold(Chips::ZERO, Chips::add)
}

/// The smallest amount a hand is played in: one chip for a hand of whole chips, a cent for one
/// written with two decimal places (the most places among its stacks, forced bets and bets).
fn chip_unit(hand: &Hand) -> Chips {
    let mut scale: u32 = 0;
    let mut see = |a: &cards_core::Amount| scale = Ord::max(scale, a.0.normalize().scale());
    hand.starting_stacks.iter().filter_map(|q| q.finite()).for_each(|a| see(&a));
    hand.antes.iter().for_each(&mut see);
    hand.blinds_or_straddles.iter().flatten().for_each(&mut see);
    [hand.bring_in, hand.small_bet, hand.big_bet, hand.min_bet].iter().flatten().for_each(&mut see);
    for action in &hand.actions {
        if let ActionKind::CompleteBetRaise { amount, .. } = &action.kind {
            see(amount);
        }
    }
    if scale == 0 {
        return Chips::from_int(1);
    }
    let places = usize::try_from(Ord::min(scale, 28)).unwrap_or(28);
    format!("0.{}1", "0".repeat(places - 1)).parse().unwrap_or(Chips::from_int(1))
}

/// The declared outcome fields against a replay's values: nothing when they agree, a warning for
/// each producer's convention they follow (a rake, an odd chip split otherwise, winnings not
/// recorded or counting the uncalled bet, a negative blind that was a dead post), else an error.
fn declared_diagnostics(
    hand: &Hand,
    profile: RuleProfile,
    ended: &Ended,
    span: Span,
    sink: &mut dyn DiagnosticSink,
) {
    if hand.finishing_stacks.is_none() && hand.winnings.is_none() {
        return;
    }
    let unit = chip_unit(hand);
    // Each reading's findings are held back until one is chosen.
    let mut live = Vec::new();
    against(hand, ended, unit, span, &mut live);
    if !live.iter().any(Diagnostic::is_error) {
        sink.report_all(live);
        return;
    }
    if let Some((posts, dead)) = dead_post_reading(hand, profile) {
        let mut found = Vec::new();
        against(hand, &dead, unit, span, &mut found);
        if !found.iter().any(Diagnostic::is_error) {
            let fields: Vec<&str> = [
                hand.finishing_stacks.as_ref().map(|_| "finishing_stacks"),
                hand.winnings.as_ref().map(|_| "winnings"),
            ]
            .into_iter()
            .flatten()
            .collect();
            let posts: Vec<String> = posts.iter().map(|(p, a)| format!("p{} posts {a}", p + 1)).collect();
            sink.report(Diagnostic::warning(
                DEAD_POST,
                format!(
                    "{} (a negative blind): the replay reads the post as live, part of the player's \
                     first bet, as PokerKit does; the declared {} match it read as a dead post (in the \
                     pot, not part of the bet): finishing stacks [{}], winnings [{}]",
                    posts.join(", "),
                    fields.join(" and "),
                    dead.finishing_stacks.join(", "),
                    dead.winnings.join(", ")
                ),
                span,
            ));
            sink.report_all(found);
            return;
        }
    }
    for d in live {
        sink.report(if d.is_error() { with_blind_hint(d, hand, ended) } else { d });
    }
}

/// The declared fields against one reading of the hand.
fn against(hand: &Hand, ended: &Ended, unit: Chips, span: Span, out: &mut dyn DiagnosticSink) {
    let collected: Vec<bool> = ended.winnings.iter().map(|t| positive(t)).collect();
    if let Some(declared) = &hand.finishing_stacks {
        // A rake comes off whoever collected a pot, a net loser among them (a split pot, or a
        // main pot won by a player who lost a side pot; FINDINGS F32), as in the winnings.
        let field = DeclaredField::FINISHING_STACKS;
        let values = Values { replayed: &ended.finishing_stacks, collected: &collected };
        if let Some(found) = compare_declared(field, declared, values, unit, span) {
            out.report(found);
        }
    }
    if let Some(declared) = &hand.winnings {
        let won_back: Vec<bool> = ended.with_uncalled.iter().map(|t| positive(t)).collect();
        let replayed = Replayed {
            collected: &ended.winnings,
            won: &collected,
            with_uncalled: &ended.with_uncalled,
            won_back: &won_back,
        };
        if let Some(found) = compare_winnings(declared, &replayed, unit, span) {
            out.report(found);
        }
    }
}

/// The hand with each negative blind read as a dead post (paid into the pot as an ante of that
/// player, not as a bet), replayed; with the posts (player, amount). `None` without negative
/// blinds, heads-up (whose blinds PHH lists reversed), or when that reading cannot be replayed.
fn dead_post_reading(hand: &Hand, profile: RuleProfile) -> Option<(Vec<(usize, cards_core::Amount)>, Ended)> {
    let blinds = hand.blinds_or_straddles.as_ref()?;
    let posts: Vec<(usize, cards_core::Amount)> = blinds
        .iter()
        .enumerate()
        .filter(|(_, b)| b.is_negative())
        .filter_map(|(i, b)| Some((i, cards_core::Amount::ZERO.checked_sub(*b).ok()?)))
        .collect();
    if posts.is_empty() || blinds.len() <= 2 || hand.antes.len() != blinds.len() {
        return None;
    }
    let mut dead = hand.clone();
    for &(i, amount) in &posts {
        let ante = dead.antes.get_mut(i)?;
        *ante = ante.checked_add(amount).ok()?;
        *dead.blinds_or_straddles.as_mut()?.get_mut(i)? = cards_core::Amount::ZERO;
    }
    Some((posts, values(&dead, profile)?))
}

/// Replays a hand for its values alone: `None` when the replay meets an error or needs a repair.
fn values(hand: &Hand, profile: RuleProfile) -> Option<Ended> {
    let def = game_def(hand, profile);
    let actions = engine_actions(hand).ok()?;
    let mut events = Vec::new();
    let uncalled = hand.winnings.is_some();
    let ended = replay_fastest(&def, &actions, &mut events, |replayed| match replayed {
        Final::Integral(state) => Ended::of(state, uncalled),
        Final::Exact(state) => Ended::of(state, uncalled),
    })
    .ok()?;
    let clean = events.iter().all(|event| match event {
        Event::Error { .. } => false,
        Event::Warnings { warnings, .. } => {
            !warnings.iter().any(|w| matches!(w.code(), "REPLAY_REPAIRED_FOLD" | "REPLAY_REPAIRED_CHECK"))
        }
    });
    clean.then_some(ended)
}

/// A mismatch whose declared values exceed the replay's by exactly a blind of the hand in all:
/// the message says so (a post the file does not list, by a player who then folded, is the
/// likely cause; the converter of the PHH dataset drops some).
fn with_blind_hint(d: Diagnostic, hand: &Hand, ended: &Ended) -> Diagnostic {
    let (declared, replayed) = match d.code() {
        FINISHING_STACKS_MISMATCH => (hand.finishing_stacks.as_deref(), &ended.finishing_stacks),
        WINNINGS_MISMATCH => (hand.winnings.as_deref(), &ended.winnings),
        _ => return d,
    };
    let Some(declared) = declared else { return d };
    let excess = total(declared.iter().zip(replayed).filter_map(|(q, r)| {
        let (Quantity::Finite(q), Some(r)) = (q, chips(r)) else { return None };
        let diff = Chips::from_amount(*q).sub(r);
        diff.is_positive().then_some(diff)
    }));
    let blinds = hand.blinds_or_straddles.as_deref().unwrap_or_default();
    let Some(blind) = blinds
        .iter()
        .map(|b| Chips::from_amount(*b))
        .map(|b| if b.is_negative() { b.neg() } else { b })
        .find(|b| b.is_positive() && *b == excess)
    else {
        return d;
    };
    let message = format!(
        "{}; the declared values exceed the replay's by {} in all, exactly a blind of this hand: \
         likely a blind post the file does not list (by a player who then folded)",
        d.message(),
        blind.to_text()
    );
    let mut hinted = Diagnostic::error(d.code(), message, d.span());
    if let Some(help) = d.help() {
        hinted = hinted.with_help(help);
    }
    hinted
}

/// What a replay gives each player, for the `winnings` comparison: the pots collected, and those
/// plus the uncalled bet returned; each with whether it is above zero.
#[derive(Clone, Copy)]
struct Replayed<'a> {
    collected: &'a [String],
    won: &'a [bool],
    with_uncalled: &'a [String],
    won_back: &'a [bool],
}

/// The replayed values of one declared field: the values and who collected a pot (whom a rake
/// may leave lower).
#[derive(Clone, Copy)]
struct Values<'a> {
    replayed: &'a [String],
    collected: &'a [bool],
}

/// The declared `winnings` against the pots each player collected in the replay, with the
/// conventions real converters follow read as warnings: all zeros (winnings not recorded), an
/// odd chip divided otherwise, a rake (with or without a jackpot drop), and the uncalled bet
/// returned counted as won (some sites' "collected" lines).
fn compare_winnings(
    declared: &[Quantity],
    replayed: &Replayed<'_>,
    unit: Chips,
    span: Span,
) -> Option<Diagnostic> {
    let Replayed { collected, won, with_uncalled, won_back } = *replayed;
    let field = DeclaredField::WINNINGS;
    let values = Values { replayed: collected, collected: won };
    let found = compare_declared(field, declared, values, unit, span)?;
    let text = declared_against(field, declared, collected);
    let zero = |q: &Quantity| matches!(q, Quantity::Finite(a) if a.0.is_zero());
    if declared.len() == collected.len() && declared.iter().all(zero) {
        return Some(Diagnostic::warning(
            WINNINGS_ZERO,
            format!("{text}: all zero, read as winnings not recorded (as some converters write them)"),
            span,
        ));
    }
    if found.code() == ODD_CHIP || (!found.is_error() && within_rake(declared, collected)) {
        return Some(found);
    }
    if !found.is_error()
        && let Some(jackpot) = jackpot_drop(declared, collected)
    {
        return Some(Diagnostic::warning(WINNINGS_RAKED_JACKPOT, format!("{text}: {jackpot}"), span));
    }
    let back = Values { replayed: with_uncalled, collected: won_back };
    let uncalled = match compare_declared(field, declared, back, unit, span) {
        None => true,
        Some(d) => !d.is_error() && d.code() != ODD_CHIP && within_rake(declared, with_uncalled),
    };
    Some(if uncalled {
        Diagnostic::warning(
            WINNINGS_UNCALLED_BET,
            format!(
                "{text}: they count the uncalled bet returned as won ([{}] with it), as some sites do",
                with_uncalled.join(", ")
            ),
            span,
        )
    } else {
        Diagnostic::error(field.mismatch, text, span)
    })
}

/// What the declared amounts lack against `target` (the pots), and the pots' total.
fn lack(declared: &[Quantity], target: &[String]) -> (Chips, Chips) {
    let pot = total(target.iter().map(|t| chips(t).unwrap_or(Chips::ZERO)));
    (pot.sub(total(declared.iter().copied().map(quantity))), pot)
}

/// Whether what the declared amounts lack against `target` is at most a tenth of it: a rake (real
/// sites take 3 to 7 %), not another outcome.
fn within_rake(declared: &[Quantity], target: &[String]) -> bool {
    let (lack, pot) = lack(declared, target);
    lack.mul_int(10) <= pot
}

/// What the declared amounts lack against the pots collected, read as a rake of at most a tenth
/// of the pots plus one of the [`JACKPOT_DROPS`] of at most a fifth of the pots (the largest that
/// leaves a rake above zero and within the tenth: the least rake the numbers allow): the rake,
/// its percentage and the drop, in words.
fn jackpot_drop(declared: &[Quantity], collected: &[String]) -> Option<String> {
    let (lack, pot) = lack(declared, collected);
    JACKPOT_DROPS.iter().rev().filter_map(|d| chips(d)).find_map(|drop| {
        let rake = lack.sub(drop);
        let fits = rake.is_positive() && rake.mul_int(10) <= pot && drop.mul_int(5) <= pot;
        fits.then(|| {
            let percent =
                rake.decimal().zip(pot.decimal()).filter(|(_, pot)| !pot.is_zero()).map(|(rake, pot)| {
                    (rake * cards_core::Amount::from_int(100).0 / pot).round_dp(1).normalize()
                });
            let percent = percent.map(|p| format!(" ({p} % of the pots)")).unwrap_or_default();
            format!(
                "lower only for pot winners, by {} in all: read as a rake of {}{percent} plus a jackpot \
                 drop of {} taken from the pots of {} (more than the tenth a rake alone is read as)",
                lack.to_text(),
                rake.to_text(),
                drop.to_text(),
                pot.to_text()
            )
        })
    })
}

/// "the file declares FIELD = [...] but its actions give [...]".
fn declared_against(field: DeclaredField, declared: &[Quantity], replayed: &[String]) -> String {
    format!(
        "the file declares {} = [{}] but its actions give [{}]",
        field.name,
        quantities_text(declared),
        replayed.join(", ")
    )
}

fn quantities_text(values: &[Quantity]) -> String {
    let text: Vec<String> = values
        .iter()
        .map(|q| match q {
            Quantity::Infinite => "inf".to_owned(),
            Quantity::Finite(a) => a.to_string(),
        })
        .collect();
    text.join(", ")
}

/// A declared outcome field (after all the actions, terminal or not, as the specification reads
/// them) against the replay's values: equal; lower only for players who `won` (a rake, a
/// warning); differing only in how the odd chip of a split pot was divided (a warning); anything
/// else an error. Both values are in the message.
fn compare_declared(
    field: DeclaredField,
    declared: &[Quantity],
    values: Values<'_>,
    unit: Chips,
    span: Span,
) -> Option<Diagnostic> {
    use core::cmp::Ordering;
    let Values { replayed, collected } = values;
    let amount = |text: &str| text.parse::<cards_core::Amount>().ok();
    let mut raked = false;
    let mut mismatch = declared.len() != replayed.len();
    for ((d, replayed), &collected_a_pot) in declared.iter().zip(replayed).zip(collected) {
        let order = match (d, amount(replayed)) {
            (Quantity::Infinite, _) if replayed == "inf" => Ordering::Equal,
            (Quantity::Finite(d), Some(r)) => d.cmp(&r),
            _ => Ordering::Greater,
        };
        match order {
            Ordering::Equal => {}
            Ordering::Less if collected_a_pot => raked = true,
            _ => mismatch = true,
        }
    }
    if !mismatch && !raked {
        return None;
    }
    let text = declared_against(field, declared, replayed);
    if let Some(split) = odd_chip(declared, replayed, collected, unit) {
        return Some(Diagnostic::warning(
            ODD_CHIP,
            format!(
                "{text}: they differ only in how the odd chip of a split pot is divided ({split}); \
                 the replay gives the odd chip whole to one winner, as PokerKit does"
            ),
            span,
        ));
    }
    Some(if mismatch {
        Diagnostic::error(field.mismatch, text, span)
    } else {
        Diagnostic::warning(
            field.raked,
            format!("{text}: lower only for pot winners, read as a rake taken from the pots"),
            span,
        )
    })
}

/// Declared values that differ from the replay's only in how an odd chip was divided: the same
/// total, at least two players differing, each a player who collected a pot and by at most
/// `unit` (one chip of the hand). The differences in words, or `None`.
fn odd_chip(declared: &[Quantity], replayed: &[String], collected: &[bool], unit: Chips) -> Option<String> {
    if declared.len() != replayed.len() || collected.len() != replayed.len() {
        return None;
    }
    let mut differ = Vec::new();
    let (mut sum_declared, mut sum_replayed) = (Chips::ZERO, Chips::ZERO);
    for (i, (d, r)) in declared.iter().zip(replayed).enumerate() {
        let (Quantity::Finite(d), Some(r)) = (d, chips(r)) else { return None };
        let d = Chips::from_amount(*d);
        if r.is_inf() {
            return None;
        }
        sum_declared = sum_declared.add(d);
        sum_replayed = sum_replayed.add(r);
        if d != r {
            let diff = d.sub(r);
            let size = if diff.is_negative() { diff.neg() } else { diff };
            if !collected[i] || size > unit {
                return None;
            }
            differ.push(format!("p{} {} declared, {} replayed", i + 1, d.to_text(), r.to_text()));
        }
    }
    (differ.len() >= 2 && sum_declared == sum_replayed).then(|| differ.join("; "))
}

/// The warning of a hand whose actions end before the hand does: what it waits for and what
/// stays in the pot; at a showdown where every hand still in is known, what the cards dealt give.
fn unfinished(hand: &Hand, profile: RuleProfile, ended: &Ended, span: Span) -> Diagnostic {
    let waiting = ended.waiting.as_deref().unwrap_or("nothing");
    let shown =
        if waiting.starts_with("the showdown") { showdown_by_dealt_cards(hand, profile) } else { None };
    let shown = shown
        .map(|payoffs| {
            format!("; with the cards dealt the showdown would give payoffs [{}]", payoffs.join(", "))
        })
        .unwrap_or_default();
    Diagnostic::warning(
        UNFINISHED_HAND,
        format!(
            "the actions end before the hand does (it waits for {waiting}): {} stays in the pot, \
             awarded to no one; the finishing stacks and payoffs are those after the last action{shown}",
            ended.unawarded
        ),
        span,
    )
}

/// The payoffs of a hand once every player still to show at its showdown shows the cards dealt to
/// them (the actions replayed as written, without PokerKit's repairs); `None` when some of those
/// cards are unknown or the hand does not reach its end.
fn showdown_by_dealt_cards(hand: &Hand, profile: RuleProfile) -> Option<Vec<String>> {
    let def = game_def(hand, profile);
    let mut state = State::new(&def).ok()?;
    let show = |state: &mut State, player| state.apply(&EngineAction::ShowOrMuck { player, show: Show::All });
    for action in engine_actions(hand).ok()? {
        // An action met at a showdown nobody wrote (all in, the board run out): the pending
        // players show the cards dealt to them first.
        while state.apply(&action).is_err() {
            let Turn::Show(player) = state.turn() else { return None };
            show(&mut state, player).ok()?;
        }
    }
    while let Turn::Show(player) = state.turn() {
        state.apply(&EngineAction::ShowOrMuck { player, show: Show::All }).ok()?;
    }
    state.is_over().then(|| state.payoffs().iter().map(Chips::to_text).collect())
}

/// Hole cards dealt known that the replay does not use at the showdown: shown as `????` (or
/// partly so), or not shown because the showdown is missing (`repaired`: PokerKit keeps the cards
/// face down). When the cards dealt decide the pot otherwise (every hand at the showdown then
/// known), a warning with both outcomes.
fn shown_unknown(
    hand: &Hand,
    profile: RuleProfile,
    ended: &Ended,
    repaired: bool,
    span: Span,
) -> Option<Diagnostic> {
    let unknown_shown = |a: &crate::model::Action| {
        matches!(&a.kind, ActionKind::ShowMuck { shown: Shown::Cards(cards), .. }
            if cards.iter().any(|c| c.known().is_none()))
    };
    // Most hands show no unknown card: nothing to compare, and no copy of the hand made for it.
    if !repaired && !hand.actions.iter().any(unknown_shown) {
        return None;
    }
    let n = hand.player_count();
    let mut dealt: Vec<Vec<cards_core::MaybeCard>> = vec![Vec::new(); n];
    let mut alternative = hand.clone();
    let mut replaced = Vec::new();
    for (action, alt) in hand.actions.iter().zip(&mut alternative.actions) {
        match &action.kind {
            ActionKind::DealHole { player, cards } => {
                dealt.get_mut(player.index()?)?.extend(cards.iter());
            }
            ActionKind::StandPatDiscard { .. } => return None,
            ActionKind::ShowMuck { player, shown: Shown::Cards(cards) } => {
                let held = dealt.get(player.index()?)?;
                let unknown = cards.iter().any(|c| c.known().is_none());
                if unknown && !held.is_empty() && held.iter().all(|c| c.known().is_some()) {
                    alt.kind = ActionKind::ShowMuck { player: *player, shown: Shown::Dealt };
                    let held = poker_engine::card_text::write_cards(held);
                    replaced.push(format!("{player} was dealt {held} and shows {cards}"));
                }
            }
            _ => {}
        }
    }
    if replaced.is_empty() && !repaired {
        return None;
    }
    let undecided = alternative.actions.iter().any(unknown_shown);
    let by_dealt = showdown_by_dealt_cards(&alternative, profile)?;
    if undecided || by_dealt == ended.payoffs {
        return None;
    }
    let what = if replaced.is_empty() {
        "the showdown is missing from the history and the replay keeps the cards face down".to_owned()
    } else {
        format!("{}: the replay reads the shown cards as unknown", replaced.join(", "))
    };
    Some(Diagnostic::warning(
        SHOWN_UNKNOWN,
        format!(
            "{what}, as PokerKit does, and gives payoffs [{}]; the cards dealt decide the pot \
             otherwise: payoffs [{}]",
            ended.payoffs.join(", "),
            by_dealt.join(", ")
        ),
        span,
    ))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::Record;

    /// A record's hand replayed, as [`check`](crate::check) does; `None` without a hand.
    fn replay_parsed(record: &Record, profile: RuleProfile) -> Option<ReplayOutcome> {
        let hand = record.model.hand.as_ref()?;
        Some(replay_hand(hand, &record.model.action_spans, record.span, profile))
    }

    /// The records of a text.
    fn parse_file(text: &str) -> Vec<Record> {
        crate::Reader::from_str(text, crate::Options::default()).collect::<Result<_, _>>().unwrap()
    }

    const HAND: &str = "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n\
        starting_stacks = [200, 200, 200]\nactions = ['d dh p1 AsAh', 'd dh p2 KsKh', 'd dh p3 7c2d', \
        'p3 f', 'p1 cbr 6', 'p2 f']\n";

    fn codes(declared: &str) -> Vec<String> {
        let parsed = crate::parse_hand(&format!("{HAND}finishing_stacks = {declared}\n"));
        let outcome = replay_parsed(&parsed, RuleProfile::Pokerkit).unwrap();
        outcome.diagnostics.iter().map(|d| format!("{}:{}", d.code(), d.is_error())).collect()
    }

    #[test]
    fn declared_finishing_stacks_meet_the_replay() {
        assert!(codes("[202, 198, 200]").is_empty());
        assert!(codes("[202.00, 198, 200.0]").is_empty(), "the same amounts in other forms");
        assert_eq!(codes("[201.5, 198, 200]"), ["PHH_FINISHING_STACKS_RAKED:false"]);
        assert_eq!(codes("[202, 199, 200]"), ["PHH_FINISHING_STACKS_MISMATCH:true"]);
        assert_eq!(codes("[203, 198, 200]"), ["PHH_FINISHING_STACKS_MISMATCH:true"]);
        assert_eq!(codes("[202, 198]"), ["PHH_FINISHING_STACKS_MISMATCH:true"]);
    }

    /// p1 raises to 6 and p2 folds: p1 collects the 4 of the pot (p2's 2 and the 2 of p1's raise
    /// that p2 matched); the other 4 of the raise come back uncalled.
    #[test]
    fn declared_winnings_meet_the_pots_collected() {
        let codes = |declared: &str| codes(&format!("[202, 198, 200]\nwinnings = {declared}"));
        assert!(codes("[4, 0, 0]").is_empty());
        assert!(codes("[4.00, 0, 0.0]").is_empty(), "the same amounts in other forms");
        assert_eq!(codes("[3.80, 0, 0]"), ["PHH_WINNINGS_RAKED:false"]);
        assert_eq!(codes("[0, 0, 0]"), ["PHH_WINNINGS_ZERO:false"]);
        assert_eq!(codes("[8, 0, 0]"), ["PHH_WINNINGS_UNCALLED_BET:false"]);
        assert_eq!(codes("[7.80, 0, 0]"), ["PHH_WINNINGS_UNCALLED_BET:false"], "and a rake");
        assert_eq!(codes("[5, 0, 0]"), ["PHH_WINNINGS_MISMATCH:true"]);
        assert_eq!(codes("[3, 0, 0]"), ["PHH_WINNINGS_MISMATCH:true"], "a quarter is no rake");
        assert_eq!(codes("[4, 1, 0]"), ["PHH_WINNINGS_MISMATCH:true"]);
        assert_eq!(codes("[4, 0]"), ["PHH_WINNINGS_MISMATCH:true"]);
        let parsed = crate::parse_hand(&format!("{HAND}winnings = [5, 0, 0]\n"));
        let outcome = replay_parsed(&parsed, RuleProfile::Pokerkit).unwrap();
        assert_eq!(outcome.winnings, ["4", "0", "0"]);
        let message = outcome.diagnostics[0].message();
        assert!(message.contains("[5, 0, 0]") && message.contains("[4, 0, 0]"), "{message}");
    }

    /// A split pot raked (FINDINGS F32): p1 and p2 each put in 4 and collects 4 back, so
    /// neither gains; the rake leaves both below their stake. A rake comes off every player who
    /// collected a pot, a net loser after it or not; off a player who collected nothing it is a
    /// mismatch.
    #[test]
    fn a_rake_comes_off_every_player_who_collected_a_pot() {
        let hand = "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [2, 4, 0]\nmin_bet = 4\n\
            starting_stacks = [100, 100, 100]\nactions = ['d dh p1 2c3d', 'd dh p2 2h3h', 'd dh p3 7c2s', \
            'p3 f', 'p1 cc', 'p2 cc', 'd db AsKsQs', 'p1 cc', 'p2 cc', 'd db Js', 'p1 cc', 'p2 cc', \
            'd db Ts', 'p1 cc', 'p2 cc', 'p1 sm 2c3d', 'p2 sm 2h3h']\n";
        let codes = |declared: &str| {
            let parsed = crate::parse_hand(&format!("{hand}finishing_stacks = {declared}\n"));
            let outcome = replay_parsed(&parsed, RuleProfile::Pokerkit).unwrap();
            assert_eq!(outcome.finishing_stacks, ["100", "100", "100"]);
            assert_eq!(outcome.payoffs, ["0", "0", "0"], "a split pot: neither gains");
            outcome.diagnostics.iter().map(|d| format!("{}:{}", d.code(), d.is_error())).collect::<Vec<_>>()
        };
        assert!(codes("[100, 100, 100]").is_empty());
        assert_eq!(codes("[99.80, 99.80, 100]"), ["PHH_FINISHING_STACKS_RAKED:false"]);
        assert_eq!(codes("[100, 100, 99.80]"), ["PHH_FINISHING_STACKS_MISMATCH:true"]);
    }

    #[test]
    fn a_repaired_replay_is_not_the_file_as_written() {
        let repaired = HAND.replace("'p3 f', ", "");
        let outcome = replay_parsed(&crate::parse_hand(&repaired), RuleProfile::Pokerkit).unwrap();
        assert!(!replayed_as_written(&outcome.diagnostics));
        let outcome = replay_parsed(&crate::parse_hand(HAND), RuleProfile::Pokerkit).unwrap();
        assert!(replayed_as_written(&outcome.diagnostics));
    }

    /// The codes (and whether each is an error) of every hand of a corpus file, replayed.
    fn file_codes(text: &str) -> Vec<Vec<String>> {
        parse_file(text)
            .iter()
            .map(|parsed| {
                let outcome = replay_parsed(parsed, RuleProfile::Pokerkit).unwrap();
                outcome.diagnostics.iter().map(|d| format!("{}:{}", d.code(), d.is_error())).collect()
            })
            .collect()
    }

    /// Pluribus hand 102/0 of the PHH dataset: two winners declared 10112.5 each, the replay gives
    /// the odd chip whole (10113 and 10112).
    #[test]
    fn an_odd_chip_split_as_halves_is_a_convention() {
        let text = include_str!("../../../corpus/phh/real/pluribus/102-0.phh");
        assert_eq!(file_codes(text), [["PHH_ODD_CHIP:false"]]);
        let outcome = replay_parsed(&crate::parse_hand(text), RuleProfile::Pokerkit).unwrap();
        assert_eq!(outcome.finishing_stacks, ["10113", "9775", "10000", "10000", "10112", "10000"]);
        let message = outcome.diagnostics[0].message().to_owned();
        assert!(message.contains("p1 10112.5 declared, 10113 replayed"), "{message}");
        // The odd chip given to the other winner is the same convention.
        let swapped = text
            .replace("[10112.5, 9775.0, 10000.0, 10000.0, 10112.5,", "[10112, 9775, 10000, 10000, 10113,");
        assert_eq!(file_codes(&swapped), [["PHH_ODD_CHIP:false"]]);
        // More than a chip apart, another total, or a player who won nothing: a mismatch.
        for other in [
            "[10111, 9775.0, 10000.0, 10000.0, 10114, 10000.0]",
            "[10112.5, 9775.0, 10000.0, 10000.0, 10113, 10000.0]",
            "[10112.5, 9775.5, 10000.0, 10000.0, 10112, 10000.0]",
        ] {
            let changed = text.replace("[10112.5, 9775.0, 10000.0, 10000.0, 10112.5, 10000.0]", other);
            assert_eq!(file_codes(&changed), [["PHH_FINISHING_STACKS_MISMATCH:true"]], "{other}");
        }
    }

    /// A pot of 4 collected: 0.20 (5 %) of rake and a 0.50 drop leave 3.30.
    #[test]
    fn a_rake_with_a_jackpot_drop_is_a_convention() {
        let codes = |declared: &str| codes(&format!("[202, 198, 200]\nwinnings = {declared}"));
        assert_eq!(codes("[3.30, 0, 0]"), ["PHH_WINNINGS_RAKED_JACKPOT:false"]);
        assert_eq!(codes("[3.50, 0, 0]"), ["PHH_WINNINGS_RAKED_JACKPOT:false"], "0.25 of rake and 0.25");
        assert_eq!(codes("[3, 0, 0]"), ["PHH_WINNINGS_MISMATCH:true"], "a drop above a fifth of the pot");
        assert_eq!(codes("[2.50, 0, 0]"), ["PHH_WINNINGS_MISMATCH:true"], "more than a tenth left");
        let parsed = crate::parse_hand(&format!("{HAND}winnings = [3.30, 0, 0]\n"));
        let outcome = replay_parsed(&parsed, RuleProfile::Pokerkit).unwrap();
        let message = outcome.diagnostics[0].message();
        assert!(
            message.contains("a rake of 0.20 (5 % of the pots) plus a jackpot drop of 0.50"),
            "{message}"
        );
    }

    #[test]
    fn a_negative_blind_is_live_and_a_dead_one_shows_in_the_declared_outcome() {
        let text = include_str!("../../../corpus/phh/cases/dead-post.phhs");
        let codes = file_codes(text);
        assert_eq!(codes[0], Vec::<String>::new(), "the post is live and the file agrees");
        assert_eq!(codes[1], ["PHH_DEAD_POST:false"]);
        assert_eq!(codes[2], ["PHH_DEAD_POST:false"]);
        assert_eq!(codes[3], Vec::<String>::new());
        let file = parse_file(text);
        let outcome = replay_parsed(&file[0], RuleProfile::Pokerkit).unwrap();
        assert_eq!(outcome.winnings, ["0", "0", "25", "0"], "live: 10 of the raise to 20 comes back");
    }

    #[test]
    fn a_mismatch_by_exactly_a_blind_names_the_likely_cause() {
        let text = include_str!("../../../corpus/phh/cases/dropped-blind.phh");
        let outcome = replay_parsed(&crate::parse_hand(text), RuleProfile::Pokerkit).unwrap();
        let codes: Vec<&str> = outcome.diagnostics.iter().map(Diagnostic::code).collect();
        assert_eq!(codes, ["PHH_FINISHING_STACKS_MISMATCH", "PHH_WINNINGS_MISMATCH"]);
        for d in &outcome.diagnostics {
            assert!(d.message().contains("by 2 in all, exactly a blind"), "{}", d.message());
        }
    }

    #[test]
    fn an_unfinished_hand_is_reported() {
        let text = include_str!("../../../corpus/phh/cases/unfinished.phhs");
        let file = parse_file(text);
        let all_in = replay_parsed(&file[0], RuleProfile::Pokerkit).unwrap();
        assert!(!all_in.terminal);
        assert_eq!(all_in.unawarded, "40");
        let d = all_in.diagnostics.last().unwrap();
        assert_eq!((d.code(), d.is_error()), ("PHH_UNFINISHED_HAND", false));
        assert!(d.message().contains("waits for the next board cards): 40 stays"), "{}", d.message());
        let stopped = replay_parsed(&file[1], RuleProfile::Pokerkit).unwrap();
        let d = &stopped.diagnostics[0];
        assert!(
            d.message().contains("waits for p2 to act") && !d.message().contains("would give"),
            "{}",
            d.message()
        );
        let done = replay_parsed(&crate::parse_hand(HAND), RuleProfile::Pokerkit).unwrap();
        assert_eq!(done.unawarded, "0");
    }

    #[test]
    fn known_cards_shown_as_unknown_are_reported_when_they_decide_the_pot() {
        let text = include_str!("../../../corpus/phh/cases/shown-unknown.phhs");
        let file = parse_file(text);
        let outcome = replay_parsed(&file[0], RuleProfile::Pokerkit).unwrap();
        assert_eq!(outcome.payoffs, ["0", "0", "0"], "the replay, as PokerKit's, splits");
        let d = &outcome.diagnostics[0];
        assert_eq!((d.code(), d.is_error()), ("PHH_SHOWN_UNKNOWN", false));
        assert!(d.message().contains("payoffs [2, -2, 0]"), "{}", d.message());
        // No showdown at all: PokerKit keeps the known cards face down and splits too.
        let missing = replay_parsed(&file[1], RuleProfile::Pokerkit).unwrap();
        let d = missing.diagnostics.last().unwrap();
        assert_eq!((d.code(), d.is_error()), ("PHH_SHOWN_UNKNOWN", false));
        assert!(d.message().contains("the showdown is missing"), "{}", d.message());
        assert!(d.message().contains("payoffs [-20, 20, 0]"), "{}", d.message());
        // With p2's cards unknown, the cards dealt decide nothing: no claim.
        let unknown = file[0].model.hand.as_ref().map(crate::write_hand).unwrap();
        let unknown = unknown.replace("'d dh p2 7s2d'", "'d dh p2 ????'");
        let outcome = replay_parsed(&crate::parse_hand(&unknown), RuleProfile::Pokerkit).unwrap();
        assert!(outcome.diagnostics.is_empty(), "{:?}", outcome.diagnostics);
    }
}
