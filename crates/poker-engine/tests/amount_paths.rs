//! Differential test of the two amount paths: every hand of the PokerKit oracle files
//! (`../shared/corpus/phh`, `../shared/corpus/phh-generated`) and of the project's `corpus/phh`,
//! under both rule profiles, replayed on `i64` ([`State::integral`]) and on exact `Chips`
//! ([`State::new`]). Every step with the state after it (so every intermediate refusal and
//! repair), every event with its text, the pots, and the final state with the text of every
//! amount must be the same; [`replay_fastest`] must give the exact replay's events and state.
//! Hands with a decimal amount are also replayed with one raise made decimal (`6` as `6.0`), so
//! the restart in the middle of a hand is covered. Skipped when `../shared` is absent, failing
//! when `CARDNOTE_REQUIRE_SHARED=1`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod support;

use std::path::{Path, PathBuf};

use poker_engine::replay::{Event, EventLog, Step, finish_observed, replay_fastest, run_observed};
use poker_engine::{Action, ActionError, Amount, Chips, RuleProfile, State};
use support::LiteHand;

#[derive(Debug, Default)]
struct Counts {
    hands: usize,
    integral: usize,
    decimal: usize,
    restarted: usize,
    setup_errors: usize,
    steps: usize,
    refusals: usize,
}

/// What a state shows of its amounts, as text: the pots and the amounts of the player to act.
fn amounts_text<A: Amount>(state: &State<A>) -> String {
    let pots: Vec<String> =
        state.pots().as_slice().iter().map(|p| format!("{}:{:b}", p.amount.to_text(), p.eligible)).collect();
    let text = |a: Option<A>| a.map(|a| a.to_text());
    let range = state.raise_range().map(|(min, max)| (min.to_text(), max.to_text()));
    format!(
        "pots {pots:?} total {} call {:?} bring-in {:?} raise {range:?}",
        state.total_pot().to_text(),
        text(state.call_amount()),
        text(state.bring_in_amount())
    )
}

/// Every field of a final state, amounts as text (`Chips`' `Debug` is its text).
fn final_text(state: &State<Chips>) -> String {
    format!("{state:?}")
}

/// A whole replay as `run` does it, every step shown to `observe` and gathered into `events`.
fn run_stepped<A: Amount>(
    state: &mut State<A>,
    actions: &[Action],
    events: &mut Vec<Event>,
    mut observe: impl FnMut(Step, &State<A>),
) {
    let mut log = EventLog::new(events, actions.len());
    let mut both = |step, s: &State<A>| {
        log.record(step);
        observe(step, s);
    };
    if run_observed(state, actions, &mut both) {
        finish_observed(state, &mut both);
    }
    log.finish();
}

fn compare(name: &str, hand: &LiteHand, counts: &mut Counts) {
    counts.hands += 1;
    let (exact, integral) = (State::new(&hand.def), State::integral(&hand.def));
    let mut fastest_events = Vec::new();
    let fastest = replay_fastest(&hand.def, &hand.actions, &mut fastest_events, |r| r.to_exact());
    let (mut exact, integral) = match (exact, integral) {
        (Ok(exact), Ok(integral)) => (exact, integral),
        (Err(a), Err(b)) => {
            assert_eq!(a, b, "{name}: setup errors");
            assert_eq!(fastest.err(), Some(a), "{name}: replay_fastest setup error");
            counts.setup_errors += 1;
            return;
        }
        (a, b) => panic!("{name}: exact setup {a:?}, integral setup {b:?}"),
    };
    // The exact replay, with the state after every step.
    let mut steps: Vec<(Step, State, String)> = Vec::new();
    let mut exact_events = Vec::new();
    run_stepped(&mut exact, &hand.actions, &mut exact_events, |step, s| {
        steps.push((step, s.clone(), amounts_text(s)));
    });
    counts.steps += steps.len();
    counts.refusals += exact_events.iter().filter(|e| matches!(e, Event::Error { .. })).count();
    let fastest = fastest.expect("the exact setup succeeded");
    assert_eq!(format!("{fastest_events:?}"), format!("{exact_events:?}"), "{name}: replay_fastest events");
    assert_eq!(final_text(&fastest), final_text(&exact), "{name}: replay_fastest final state");
    let Some(mut integral) = integral else {
        counts.decimal += 1;
        return;
    };
    let mut integral_events = Vec::new();
    let mut seen = 0;
    run_stepped(&mut integral, &hand.actions, &mut integral_events, |step, s| {
        if matches!(step, Step::Refused { error: ActionError::AmountNotIntegral, .. }) {
            // The step the exact replay takes there is its own.
            return;
        }
        let (exact_step, state, text) = &steps[seen];
        assert_eq!(step, *exact_step, "{name}: step {seen}");
        assert!(s.to_exact() == *state, "{name}: state after step {seen} ({step:?})");
        assert_eq!(amounts_text(s), *text, "{name}: amounts after step {seen} ({step:?})");
        seen += 1;
    });
    let restart = integral_events
        .iter()
        .position(|e| matches!(e, Event::Error { error: ActionError::AmountNotIntegral, .. }));
    match restart {
        None => {
            assert_eq!(seen, steps.len(), "{name}: steps");
            assert_eq!(format!("{integral_events:?}"), format!("{exact_events:?}"), "{name}: events");
            assert_eq!(final_text(&integral.to_exact()), final_text(&exact), "{name}: final state");
            let texts = |a: &[i64]| a.iter().map(Amount::to_text).collect::<Vec<_>>();
            let chips = |a: &[Chips]| a.iter().map(Chips::to_text).collect::<Vec<_>>();
            assert_eq!(texts(integral.stacks()), chips(exact.stacks()), "{name}: finishing stacks");
            assert_eq!(texts(integral.payoffs()), chips(exact.payoffs()), "{name}: payoffs");
            assert_eq!(texts(integral.winnings()), chips(exact.winnings()), "{name}: winnings");
            let (ours, theirs) = (integral.uncalled_returned(), exact.uncalled_returned());
            assert_eq!(texts(ours), chips(theirs), "{name}: uncalled bets returned");
            assert_eq!(integral.is_over(), exact.is_over(), "{name}: terminal");
            counts.integral += 1;
        }
        Some(at) => {
            // The refusal is the last event; what came before it is the exact replay's.
            assert_eq!(at + 1, integral_events.len(), "{name}: the replay stops at the refusal");
            let Event::Error { action, .. } = integral_events[at] else { unreachable!() };
            let before: Vec<&Event> = exact_events
                .iter()
                .filter(|e| match e {
                    Event::Error { action: a, .. } | Event::Warnings { action: a, .. } => *a < action,
                })
                .collect();
            let ours: Vec<&Event> = integral_events[..at]
                .iter()
                .filter(|e| !matches!(e, Event::Warnings { action: a, .. } if *a == action))
                .collect();
            assert_eq!(format!("{ours:?}"), format!("{before:?}"), "{name}: events before the restart");
            counts.restarted += 1;
        }
    }
}

/// The hand with its first raise made decimal (`cbr 6` as `cbr 6.0`), if it has one.
fn with_decimal_raise(hand: &LiteHand) -> Option<LiteHand> {
    let at = hand.actions.iter().position(|a| matches!(a, Action::CompleteBetOrRaiseTo { .. }))?;
    let mut actions = hand.actions.clone();
    if let Action::CompleteBetOrRaiseTo { player, amount } = actions[at] {
        let decimal: Chips = format!("{amount}.0").parse().ok()?;
        actions[at] = Action::CompleteBetOrRaiseTo { player, amount: decimal };
    }
    Some(LiteHand { def: hand.def.clone(), actions, texts: hand.texts.clone() })
}

fn phh_files(dir: &Path) -> Vec<PathBuf> {
    shared_fixtures::files(dir, |p| p.extension().is_some_and(|e| e == "phh" || e == "phhs"))
}

#[test]
fn integral_and_exact_replays_agree_on_every_corpus_hand() {
    let Some(shared) = shared_fixtures::dir("corpus") else { return };
    let own = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/phh");
    let mut files = phh_files(&shared.join("phh"));
    files.extend(phh_files(&shared.join("phh-generated")));
    files.extend(phh_files(&own));
    let mut counts = Counts::default();
    let mut decimal_raises = 0;
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for profile in [RuleProfile::Pokerkit, RuleProfile::Wsop] {
            for (index, hand) in support::try_read(&text, profile).iter().enumerate() {
                let name = format!("{}#{index} ({})", file.display(), profile.name());
                compare(&name, hand, &mut counts);
                // Every hand of the real corpus, one in ten generated ones.
                if (index % 10 == 0 || !file.starts_with(shared.join("phh-generated")))
                    && let Some(decimal) = with_decimal_raise(hand)
                {
                    compare(&format!("{name} with a decimal raise"), &decimal, &mut counts);
                    decimal_raises += 1;
                }
            }
        }
    }
    eprintln!("{} files, {decimal_raises} decimal raises: {counts:?}", files.len());
    // Both paths, the restart and the setup refusals are all exercised.
    assert!(counts.hands > 20_000, "{counts:?}");
    assert!(counts.integral > 10_000, "{counts:?}");
    assert!(counts.decimal > 5_000, "{counts:?}");
    assert!(counts.restarted > 1_000, "{counts:?}");
    assert!(counts.setup_errors > 0 && counts.refusals > 100, "{counts:?}");
}
