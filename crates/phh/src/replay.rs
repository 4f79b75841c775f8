//! Replaying hands through `poker-engine` (feature `replay`, on by default).
//!
//! # API (used by the `cardnote` glue)
//!
//! * [`replay_parsed`]`(&ParsedHand, RuleProfile) -> Option<ReplayOutcome>`: replays a parsed
//!   hand (`None` when the hand could not be built at all); diagnostics point at the offending
//!   action's text in the file (`ParsedHand::action_spans`), or at the whole hand for setup errors.
//! * [`replay_hand`]`(&Hand, &[Span], Span, RuleProfile) -> ReplayOutcome`: the same from a model,
//!   its action spans and a fallback span.
//! * [`ReplayOutcome`]: `terminal`, `finishing_stacks` and `payoffs` as exact decimal strings
//!   (`"12.50"`, `"inf"` for an infinite stack), `diagnostics` with stable `REPLAY_…` codes:
//!   errors when the hand is illegal, warnings for PokerKit's repairs and quirks (see the
//!   `poker_engine` crate docs for every code and the differences between the profiles).
//! * [`game_def`] and [`engine_actions`] convert the model for callers that drive
//!   [`poker_engine::State`] themselves (the `cardnote replay` step-by-step view).
//!
//! ```
//! let text = "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n\
//!             starting_stacks = [100, 100]\nactions = ['d dh p1 AcAd', 'd dh p2 KcKd', 'p2 f']\n";
//! let parsed = phh::parse_hand(text);
//! let outcome = phh::replay::replay_parsed(&parsed, phh::replay::RuleProfile::Pokerkit).unwrap();
//! assert!(outcome.terminal);
//! assert_eq!(outcome.finishing_stacks, ["101", "99"]);
//! assert_eq!(outcome.payoffs, ["1", "-1"]);
//! ```

use cards_core::{Diagnostic, Span};
use poker_engine::replay::{Event, Replayed as Final, replay_fastest, run_observed};
use poker_engine::{Action as EngineAction, Amount, CardList, Chips, GameDef, GameError, Show, State};

pub use poker_engine::RuleProfile;

use crate::model::{ActionKind, CardRun, Hand, Quantity, Shown};
use crate::parse::ParsedHand;

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
    /// Replay errors and warnings, spans into the file ([`check`](crate::check) moves them into
    /// the record's diagnostics).
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
    hand.actions.iter().enumerate().map(|(i, a)| engine_action(&a.kind).map_err(|e| (i, e))).collect()
}

/// Replays a parsed hand; `None` when the file gave no hand model.
#[must_use]
pub fn replay_parsed(parsed: &ParsedHand, profile: RuleProfile) -> Option<ReplayOutcome> {
    let hand = parsed.hand.as_ref()?;
    Some(replay_hand(hand, &parsed.action_spans, parsed.span, profile))
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

/// [`replay_hand`], calling `before(index, state)` with the engine state before each action is
/// tried (again after each repair; see [`poker_engine::replay::run_observed`]); actions after one that cannot be
/// converted are not replayed.
pub fn replay_hand_observed(
    hand: &Hand,
    action_spans: &[Span],
    fallback: Span,
    profile: RuleProfile,
    before: impl FnMut(usize, &State),
) -> ReplayOutcome {
    let def = game_def(hand, profile);
    let mut state = match State::new(&def) {
        Ok(state) => state,
        Err(e) => return setup_failed(&e, fallback),
    };
    let (actions, stop, diagnostics) = converted(hand, action_spans, fallback);
    let mut events = Vec::new();
    run_observed(&mut state, &actions, &mut events, before);
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

/// What the final state gives, as text, read from a state on either amount type.
struct Ended {
    over: bool,
    finishing_stacks: Vec<String>,
    payoffs: Vec<String>,
    winnings: Vec<String>,
    /// What each player collected plus the uncalled bet returned (when asked for).
    with_uncalled: Vec<String>,
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
        }
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
    outcome.finishing_stacks = ended.finishing_stacks;
    outcome.payoffs = ended.payoffs;
    outcome.winnings = ended.winnings;
    outcome.as_written = replayed_as_written(&outcome.diagnostics);
    if outcome.as_written {
        let amount = |text: &String| text.parse::<cards_core::Amount>().ok();
        let positive = |text: &String| amount(text).is_some_and(|a| a > cards_core::Amount::default());
        if let Some(declared) = &hand.finishing_stacks {
            let won: Vec<bool> = outcome.payoffs.iter().map(positive).collect();
            let field = DeclaredField::FINISHING_STACKS;
            if let Some(d) = compare_declared(field, declared, &outcome.finishing_stacks, &won, fallback) {
                outcome.diagnostics.push(d);
            }
        }
        if let Some(declared) = &hand.winnings {
            let won: Vec<bool> = outcome.winnings.iter().map(positive).collect();
            let with_uncalled = &ended.with_uncalled;
            let won_back: Vec<bool> = with_uncalled.iter().map(positive).collect();
            let replayed =
                Replayed { collected: &outcome.winnings, won: &won, with_uncalled, won_back: &won_back };
            if let Some(d) = compare_winnings(declared, &replayed, fallback) {
                outcome.diagnostics.push(d);
            }
        }
    }
    outcome
}

/// A declared `finishing_stacks` that the replay does not give (error).
pub use crate::codes::PHH_FINISHING_STACKS_MISMATCH as FINISHING_STACKS_MISMATCH;
/// A declared `finishing_stacks` lower than the replay's for pot winners only: a rake taken from
/// the pots, which the specification allows the stacks to show (warning; an error with `--strict`).
pub use crate::codes::PHH_FINISHING_STACKS_RAKED as FINISHING_STACKS_RAKED;
/// A declared `winnings` that the replay does not give (error).
pub use crate::codes::PHH_WINNINGS_MISMATCH as WINNINGS_MISMATCH;
/// A declared `winnings` lower than the replay's only for players who collected a pot: the
/// post-rake amounts the specification asks for (warning; an error with `--strict`).
pub use crate::codes::PHH_WINNINGS_RAKED as WINNINGS_RAKED;
/// A declared `winnings` that counts the uncalled bet returned as won (warning; an error with
/// `--strict`).
pub use crate::codes::PHH_WINNINGS_UNCALLED_BET as WINNINGS_UNCALLED_BET;
/// A declared `winnings` of all zeros where the replay gives someone a pot: read as not recorded
/// (warning; an error with `--strict`).
pub use crate::codes::PHH_WINNINGS_ZERO as WINNINGS_ZERO;

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
        (d.is_error() && d.code() != FINISHING_STACKS_MISMATCH && d.code() != WINNINGS_MISMATCH)
            || d.code() == "REPLAY_REPAIRED_FOLD"
            || d.code() == "REPLAY_REPAIRED_CHECK"
    })
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

/// The declared `winnings` against the pots each player collected in the replay, with the
/// conventions real converters follow read as warnings: all zeros (winnings not recorded), and
/// the uncalled bet returned counted as won (some sites' "collected" lines).
fn compare_winnings(declared: &[Quantity], replayed: &Replayed<'_>, span: Span) -> Option<Diagnostic> {
    let Replayed { collected, won, with_uncalled, won_back } = *replayed;
    let field = DeclaredField::WINNINGS;
    let found = compare_declared(field, declared, collected, won, span)?;
    let values = declared_against(field, declared, collected);
    let zero = |q: &Quantity| matches!(q, Quantity::Finite(a) if a.0.is_zero());
    if declared.len() == collected.len() && declared.iter().all(zero) {
        return Some(Diagnostic::warning(
            WINNINGS_ZERO,
            format!("{values}: all zero, read as winnings not recorded (as some converters write them)"),
            span,
        ));
    }
    if !found.is_error() && within_rake(declared, collected) {
        return Some(found);
    }
    let uncalled = match compare_declared(field, declared, with_uncalled, won_back, span) {
        None => true,
        Some(d) => !d.is_error() && within_rake(declared, with_uncalled),
    };
    Some(if uncalled {
        Diagnostic::warning(
            WINNINGS_UNCALLED_BET,
            format!(
                "{values}: they count the uncalled bet returned as won ([{}] with it), as some sites do",
                with_uncalled.join(", ")
            ),
            span,
        )
    } else {
        Diagnostic::error(field.mismatch, values, span)
    })
}

/// Whether what the declared amounts lack against `target` is at most a tenth of it: a rake (real
/// sites take 3 to 7 %), not another outcome.
fn within_rake(declared: &[Quantity], target: &[String]) -> bool {
    let sum = |values: &mut dyn Iterator<Item = Chips>| values.fold(Chips::ZERO, Chips::add);
    let parse = |text: &String| text.parse::<Chips>().unwrap_or(Chips::ZERO);
    let lack = sum(&mut target.iter().map(parse)).sub(sum(&mut declared.iter().copied().map(quantity)));
    lack.mul_int(10) <= sum(&mut target.iter().map(parse))
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
/// warning); anything else an error. Both values are in the message.
fn compare_declared(
    field: DeclaredField,
    declared: &[Quantity],
    replayed: &[String],
    won: &[bool],
    span: Span,
) -> Option<Diagnostic> {
    use core::cmp::Ordering;
    let amount = |text: &str| text.parse::<cards_core::Amount>().ok();
    let mut raked = false;
    let mut mismatch = declared.len() != replayed.len();
    for ((d, replayed), &won) in declared.iter().zip(replayed).zip(won) {
        let order = match (d, amount(replayed)) {
            (Quantity::Infinite, _) if replayed == "inf" => Ordering::Equal,
            (Quantity::Finite(d), Some(r)) => d.cmp(&r),
            _ => Ordering::Greater,
        };
        match order {
            Ordering::Equal => {}
            Ordering::Less if won => raked = true,
            _ => mismatch = true,
        }
    }
    if !mismatch && !raked {
        return None;
    }
    let values = declared_against(field, declared, replayed);
    Some(if mismatch {
        Diagnostic::error(field.mismatch, values, span)
    } else {
        Diagnostic::warning(
            field.raked,
            format!("{values}: lower only for pot winners, read as a rake taken from the pots"),
            span,
        )
    })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

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

    #[test]
    fn a_repaired_replay_is_not_the_file_as_written() {
        let repaired = HAND.replace("'p3 f', ", "");
        let outcome = replay_parsed(&crate::parse_hand(&repaired), RuleProfile::Pokerkit).unwrap();
        assert!(!replayed_as_written(&outcome.diagnostics));
        let outcome = replay_parsed(&crate::parse_hand(HAND), RuleProfile::Pokerkit).unwrap();
        assert!(replayed_as_written(&outcome.diagnostics));
    }
}
