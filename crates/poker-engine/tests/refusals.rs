//! Every refusal of the engine, asserted by kind and code under both rule profiles: one case per
//! [`ActionError`] kind at least (`every_kind_has_a_case` walks [`ActionError::ALL`], so a new
//! kind cannot go untested), plus the cases where the profiles part (a warning under `pokerkit`,
//! a refusal under `wsop`, or a refusal under `pokerkit` of what the rules allow). Each case plays a legal prefix, tries one action and checks
//! * the result of [`State::apply`] under each profile, exactly (kind, payload and code);
//! * that a refused action leaves the state as it was;
//! * the replay of the whole history: under `wsop` the same error at that action; under
//!   `pokerkit` the same error, or PokerKit's repair (an inserted check, fold or dealing) at it.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod support;

use std::mem::discriminant;

use poker_engine::replay::{Event, is_repair, replay};
use poker_engine::{Action, ActionError, Amount, Chips, RuleProfile, State, Warning};

/// What one action gets under one profile.
#[derive(Debug, Clone, PartialEq)]
enum Outcome {
    /// Refused with this error, reported with this code.
    Refused(ActionError, &'static str),
    /// Accepted with this warning.
    Warned(Warning),
    /// Accepted without a warning (the rules allow what PokerKit refuses).
    Accepted,
}
use Outcome::{Accepted, Refused, Warned};

struct Case {
    name: &'static str,
    /// A PHH hand: its actions are the legal prefix.
    hand: String,
    /// The action tried after the prefix.
    action: &'static str,
    pokerkit: Outcome,
    wsop: Outcome,
    /// Run on whole chips ([`State::integral`]) rather than exact amounts.
    integral: bool,
}

fn both(
    name: &'static str,
    hand: String,
    action: &'static str,
    error: ActionError,
    code: &'static str,
) -> Case {
    Case { name, hand, action, pokerkit: Refused(error, code), wsop: Refused(error, code), integral: false }
}

fn quoted(actions: &[&str]) -> String {
    let list: Vec<String> = actions.iter().map(|a| format!("'{a}'")).collect();
    format!("[{}]", list.join(", "))
}

fn hand(variant: &str, extra: &str, stacks: &str, actions: &[&str]) -> String {
    format!("variant = '{variant}'\n{extra}\nstarting_stacks = {stacks}\nactions = {}\n", quoted(actions))
}

/// No-limit hold'em, blinds 1/2, three players.
fn nt3(stacks: &str, actions: &[&str]) -> String {
    hand("NT", "antes = [0,0,0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2", stacks, actions)
}

/// No-limit hold'em, blinds 1/2, six players, the last three short, hole cards dealt: the raise
/// to 20 is a full one (18), the all-ins to 33 and 40 add up to another (13 + 7), the one to 45
/// (5) starts a new chain that does not.
fn nt6(actions: &[&str]) -> String {
    let mut all: Vec<String> = (1..=6).map(|p| format!("d dh p{p} ????")).collect();
    all.extend(actions.iter().map(|a| (*a).to_owned()));
    let all: Vec<&str> = all.iter().map(String::as_str).collect();
    hand(
        "NT",
        "antes = [0,0,0,0,0,0]\nblinds_or_straddles = [1, 2, 0, 0, 0, 0]\nmin_bet = 2",
        "[200,200,200,33,40,45]",
        &all,
    )
}

/// No-limit hold'em, blinds 1/2, heads-up.
fn nt2(stacks: &str, actions: &[&str]) -> String {
    hand("NT", "antes = [0,0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2", stacks, actions)
}

fn stud(ups: [&str; 3], actions: &[&str]) -> String {
    let mut all: Vec<String> =
        ups.iter().enumerate().map(|(p, up)| format!("d dh p{} ????{up}", p + 1)).collect();
    all.extend(actions.iter().map(|a| (*a).to_owned()));
    let all: Vec<&str> = all.iter().map(String::as_str).collect();
    hand("F7S", "antes = [1,1,1]\nbring_in = 2\nsmall_bet = 5\nbig_bet = 10", "[100,100,100]", &all)
}

const DEAL3: [&str; 3] = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????"];

fn dealt3<'a>(more: &[&'a str]) -> Vec<&'a str> {
    [&DEAL3[..], more].concat()
}

/// Heads-up to the showdown with known cards.
const TO_SHOWDOWN: [&str; 13] = [
    "d dh p1 AcAd",
    "d dh p2 KcKd",
    "p2 cc",
    "p1 cc",
    "d db 2s7h9d",
    "p1 cc",
    "p2 cc",
    "d db Th",
    "p1 cc",
    "p2 cc",
    "d db Qd",
    "p1 cc",
    "p2 cc",
];

fn cases() -> Vec<Case> {
    use ActionError as E;
    let c = Chips::from_int;
    let fl6 = hand(
        "FT",
        "antes = [0,0,0,0,0,0]\nblinds_or_straddles = [1, 2, 0, 0, 0, 0]\nsmall_bet = 2\nbig_bet = 4",
        "[200,200,200,200,200,200]",
        &[
            "d dh p1 ????",
            "d dh p2 ????",
            "d dh p3 ????",
            "d dh p4 ????",
            "d dh p5 ????",
            "d dh p6 ????",
            "p3 cbr 4",
            "p4 cbr 6",
            "p5 cbr 8",
        ],
    );
    let fo8 = hand(
        "FO/8",
        "antes = [0,0,0]\nblinds_or_straddles = [1, 2, 0]\nsmall_bet = 2\nbig_bet = 4",
        "[100, 100, 100]",
        &["d dh p1 ????????", "d dh p2 ????????", "d dh p3 ????????"],
    );
    let short_deck = hand("NS", "antes = [0,0]\nblinds_or_straddles = [0, 2]\nmin_bet = 2", "[100,100]", &[]);
    let draw2 = |stacks: &str, actions: &[&str]| {
        hand(
            "F2L3D",
            "antes = [0,0]\nblinds_or_straddles = [1, 2]\nsmall_bet = 2\nbig_bet = 4",
            stacks,
            actions,
        )
    };
    let draw4 = hand(
        "F2L3D",
        "antes = [0,0,0,0]\nblinds_or_straddles = [1, 2, 0, 0]\nsmall_bet = 2\nbig_bet = 4",
        "[100,100,100,100]",
        &[
            "d dh p1 ??????????",
            "d dh p2 ??????????",
            "d dh p3 ??????????",
            "d dh p4 ??????????",
            "p3 cc",
            "p4 cc",
            "p1 cc",
            "p2 cc",
            "p1 sd ????",
        ],
    );
    let folded_to_p2 = ["d dh p1 AcAd", "d dh p2 KcKd", "d dh p3 7h2s", "p3 f", "p1 f"];
    let inf2 = nt2("[inf, inf]", &["d dh p1 ????", "d dh p2 ????"]);
    vec![
        both(
            "hand over",
            nt3("[100,100,100]", &dealt3(&["p3 f", "p1 f"])),
            "p2 cc",
            E::HandOver,
            "REPLAY_HAND_OVER",
        ),
        both(
            "no such player",
            nt3("[100,100,100]", &DEAL3),
            "p4 f",
            E::NoSuchPlayer,
            "REPLAY_NO_SUCH_PLAYER",
        ),
        both(
            "wrong player",
            nt3("[100,100,100]", &DEAL3),
            "p1 cc",
            E::WrongPlayer { expected: 2 },
            "REPLAY_WRONG_PLAYER",
        ),
        both(
            "no betting before the deal",
            nt3("[100,100,100]", &[]),
            "p3 cc",
            E::NoBettingPending,
            "REPLAY_NO_BETTING",
        ),
        both(
            "call instead of the bring-in",
            stud(["2d", "2c", "9c"], &[]),
            "p2 cc",
            E::BringInPending,
            "REPLAY_BRING_IN_PENDING",
        ),
        both(
            "second bring-in",
            stud(["2d", "2c", "9c"], &["p2 pb"]),
            "p3 pb",
            E::NoBringIn,
            "REPLAY_NO_BRING_IN",
        ),
        both(
            "fixed-limit cap heads-up after the flop",
            nt2_fl(&[
                "d dh p1 ????",
                "d dh p2 ????",
                "p2 cc",
                "p1 cc",
                "d db ??????",
                "p1 cbr 2",
                "p2 cbr 4",
                "p1 cbr 6",
                "p2 cbr 8",
            ]),
            "p1 cbr 10",
            E::RaiseCapReached,
            "REPLAY_RAISE_CAP",
        ),
        Case {
            name: "fixed-limit cap counting the blind (profiles differ)",
            hand: fl6,
            action: "p6 cbr 10",
            pokerkit: Warned(Warning::FixedLimitCapBeyondBlind),
            wsop: Refused(E::RaiseCapReached, "REPLAY_RAISE_CAP"),
            integral: false,
        },
        both(
            "raising a short all-in",
            nt3(
                "[200,200,35]",
                &dealt3(&["p3 cc", "p1 cc", "p2 cc", "d db ??????", "p1 cbr 20", "p2 cc", "p3 cbr 33"]),
            ),
            "p1 cbr 60",
            E::ShortAllInNotRaisable,
            "REPLAY_SHORT_ALL_IN",
        ),
        Case {
            name: "short all-ins that reopened, then one more that did not (profiles differ)",
            hand: nt6(&["p3 cbr 20", "p4 cbr 33", "p5 cbr 40", "p6 cbr 45", "p1 cc", "p2 f"]),
            action: "p3 cbr 100",
            pokerkit: Refused(E::BettingNotReopened, "REPLAY_NOT_REOPENED"),
            wsop: Accepted,
            integral: false,
        },
        Case {
            name: "a limper facing a short all-in first raise (profiles differ)",
            hand: hand(
                "NT",
                "antes = [0,0,0,0,0]\nblinds_or_straddles = [1, 2, 0, 0, 0]\nmin_bet = 2",
                "[200,200,200,3,200]",
                &[
                    "d dh p1 ????",
                    "d dh p2 ????",
                    "d dh p3 ????",
                    "d dh p4 ????",
                    "d dh p5 ????",
                    "p3 cc",
                    "p4 cbr 3",
                    "p5 cc",
                    "p1 cc",
                    "p2 cc",
                ],
            ),
            action: "p3 cbr 5",
            pokerkit: Warned(Warning::RaiseNotReopened),
            wsop: Refused(E::BettingNotReopened, "REPLAY_NOT_REOPENED"),
            integral: false,
        },
        Case {
            name: "fixed limit, an all-in for half a bet (profiles differ)",
            hand: hand(
                "FT",
                "antes = [0,0,0]\nblinds_or_straddles = [1, 2, 0]\nsmall_bet = 2\nbig_bet = 4",
                "[100,100,5]",
                &dealt3(&["p3 cc", "p1 cc", "p2 cc", "d db ??????", "p1 cbr 2", "p2 cc", "p3 cbr 3"]),
            ),
            action: "p1 cbr 5",
            pokerkit: Refused(E::ShortAllInNotRaisable, "REPLAY_SHORT_ALL_IN"),
            wsop: Accepted,
            integral: false,
        },
        both(
            "raise with a covered stack",
            nt3("[100,100,20]", &dealt3(&["p3 cc", "p1 cbr 20", "p2 f"])),
            "p3 cbr 40",
            E::AlreadyCovered,
            "REPLAY_COVERED",
        ),
        both(
            "raise against an all-in alone",
            nt3("[50,100,200]", &dealt3(&["p3 cc", "p1 cbr 50", "p2 f"])),
            "p3 cbr 150",
            E::NoOpponentToRaise,
            "REPLAY_NO_OPPONENT",
        ),
        both(
            "raise below the minimum",
            nt3("[100,100,100]", &DEAL3),
            "p3 cbr 3",
            E::BelowMinimum { min: c(4) },
            "REPLAY_BELOW_MIN",
        ),
        both(
            "raise above the stack",
            nt3("[100,100,100]", &DEAL3),
            "p3 cbr 101",
            E::AboveMaximum { max: c(100) },
            "REPLAY_ABOVE_MAX",
        ),
        Case {
            name: "FO/8 bet sized pot-limit (profiles differ)",
            hand: fo8,
            action: "p3 cbr 7",
            pokerkit: Warned(Warning::PotLimitOmahaHiLo),
            wsop: Refused(E::AboveMaximum { max: c(4) }, "REPLAY_ABOVE_MAX"),
            integral: false,
        },
        both(
            "board during betting",
            nt3("[100,100,100]", &DEAL3),
            "d db AsKsQs",
            E::NoBoardDealing,
            "REPLAY_NO_BOARD_DEALING",
        ),
        both(
            "hole cards dealt twice",
            nt3("[100,100,100]", &DEAL3),
            "d dh p1 ????",
            E::NoHoleDealing,
            "REPLAY_NO_HOLE_DEALING",
        ),
        both(
            "dealing before the draws",
            draw4.clone(),
            "d dh p1 ????",
            E::DrawPending,
            "REPLAY_DRAW_PENDING",
        ),
        both(
            "four board cards on the flop",
            nt2("[100,100]", &["d dh p1 ????", "d dh p2 ????", "p2 cc", "p1 cc"]),
            "d db 2s3s4s5s",
            E::BadCardCount,
            "REPLAY_BAD_CARD_COUNT",
        ),
        both("draw in hold'em", nt3("[100,100,100]", &DEAL3), "p3 sd", E::NoDrawPending, "REPLAY_NO_DRAW"),
        both(
            "discarding cards not held",
            draw2("[100,100]", &["d dh p1 7c5d4h3s2c", "d dh p2 KsKdQhQc8s", "p2 cc", "p1 cc"]),
            "p1 sd AsAh",
            E::DiscardNotHeld,
            "REPLAY_DISCARD_NOT_HELD",
        ),
        both(
            "showing before the last draw",
            draw2("[100,3]", &["d dh p1 7c5d4h3s2c", "d dh p2 KsKdQhQc8s", "p2 cbr 3", "p1 cc"]),
            "p1 sm 7c5d4h3s2c",
            E::NoShowdown,
            "REPLAY_NO_SHOWDOWN",
        ),
        both(
            "folded player shows",
            nt3("[100,100,100]", &folded_to_p2),
            "p1 sm AcAd",
            E::PlayerNotActive,
            "REPLAY_NOT_ACTIVE",
        ),
        both(
            "showing twice",
            nt2("[100,100]", &[&TO_SHOWDOWN[..], &["p1 sm AcAd"][..]].concat()),
            "p1 sm AcAd",
            E::NotInShowdown,
            "REPLAY_NOT_IN_SHOWDOWN",
        ),
        both(
            "three cards shown",
            nt2("[100,100]", &TO_SHOWDOWN),
            "p1 sm AcAdAh",
            E::TooManyCardsShown,
            "REPLAY_TOO_MANY_SHOWN",
        ),
        both(
            "showing unknown cards",
            nt2(
                "[100,100]",
                &[
                    "d dh p1 ????",
                    "d dh p2 ????",
                    "p2 cc",
                    "p1 cc",
                    "d db ??????",
                    "p1 cc",
                    "p2 cc",
                    "d db ??",
                    "p1 cc",
                    "p2 cc",
                    "d db ??",
                    "p1 cc",
                    "p2 cc",
                ],
            ),
            "p1 sm -",
            E::UnknownCardShown,
            "REPLAY_UNKNOWN_SHOWN",
        ),
        both(
            "half a show after the hand",
            nt3("[100,100,100]", &folded_to_p2),
            "p2 sm Kc",
            E::MustShowAll,
            "REPLAY_MUST_SHOW_ALL",
        ),
        both(
            "unknown up card on fourth street",
            stud(["2c", "9d", "9h"], &["p1 pb", "p2 cc", "p3 cc"]),
            "d dh p1 ??",
            E::UnknownUpCard,
            "REPLAY_UNKNOWN_UP_CARD",
        ),
        Case {
            name: "a card foreign to the short deck (profiles differ)",
            hand: short_deck,
            action: "d dh p1 2cAd",
            pokerkit: Warned(Warning::CardNotInDeck),
            wsop: Refused(E::CardNotInDeck, "REPLAY_CARD_NOT_IN_DECK"),
            integral: false,
        },
        Case {
            name: "a card dealt twice (profiles differ)",
            hand: nt2("[100,100]", &["d dh p1 AcAd"]),
            action: "d dh p2 AcKd",
            pokerkit: Warned(Warning::CardNotInDeck),
            wsop: Refused(E::CardNotInDeck, "REPLAY_CARD_NOT_IN_DECK"),
            integral: false,
        },
        both("raise to infinity", inf2.clone(), "p2 cbr inf", E::AmountNotFinite, "REPLAY_AMOUNT_NOT_FINITE"),
        both(
            "raise of 10^20",
            inf2,
            "p2 cbr 100000000000000000000",
            E::AmountTooLarge,
            "REPLAY_AMOUNT_TOO_LARGE",
        ),
        Case {
            name: "a fractional raise on whole chips",
            integral: true,
            ..both(
                "",
                nt3("[100,100,100]", &DEAL3),
                "p3 cbr 4.5",
                E::AmountNotIntegral,
                "REPLAY_AMOUNT_NOT_INTEGRAL",
            )
        },
    ]
}

/// Fixed-limit hold'em heads-up, blinds 1/2, bets 2/4.
fn nt2_fl(actions: &[&str]) -> String {
    hand(
        "FT",
        "antes = [0,0]\nblinds_or_straddles = [1, 2]\nsmall_bet = 2\nbig_bet = 4",
        "[100, 100]",
        actions,
    )
}

/// Plays the prefix, then tries the action: what it got, and whether a refusal left the state alone.
fn attempt<A: Amount>(mut s: State<A>, prefix: &[Action], action: &Action, name: &str) -> Outcome {
    for a in prefix {
        s.apply(a).unwrap_or_else(|e| panic!("{name}: prefix action {a} refused: {e}"));
    }
    let before = format!("{s:?}");
    match s.apply(action) {
        Err(e) => {
            assert_eq!(format!("{s:?}"), before, "{name}: a refusal changed the state");
            let code = e.code();
            Refused(e, code)
        }
        Ok(w) => {
            let listed: Vec<Warning> = Warning::ALL.iter().copied().filter(|x| w.contains(*x)).collect();
            assert!(listed.len() <= 1, "{name}: accepted with warnings {listed:?}");
            listed.first().map_or(Accepted, |w| Warned(*w))
        }
    }
}

fn check_replay(case: &Case, profile: RuleProfile, want: &Outcome) {
    let h = support::read(&case.hand, profile).remove(0);
    let mut actions = h.actions.clone();
    let at = actions.len();
    actions.push(case.action.parse().unwrap());
    let outcome = replay(&h.def, &actions).unwrap();
    let name = case.name;
    match want {
        Refused(error, _) => {
            let reported = outcome
                .events
                .iter()
                .any(|e| matches!(e, Event::Error { action, error: got } if *action == at && got == error));
            let repaired = outcome.events.iter().any(|e| {
                matches!(e, Event::Warnings { action, warnings } if *action == at && Warning::ALL.iter().any(|w| is_repair(*w) && warnings.contains(*w)))
            });
            match profile {
                RuleProfile::Wsop => assert!(reported, "{name}: wsop replay: {:?}", outcome.events),
                RuleProfile::Pokerkit => {
                    assert!(reported || repaired, "{name}: pokerkit replay: {:?}", outcome.events)
                }
            }
        }
        Accepted => {
            assert!(!outcome.has_error(), "{name}: {:?}", outcome.events);
            assert!(
                !outcome.events.iter().any(|e| matches!(e, Event::Warnings { action, .. } if *action == at)),
                "{name}: {:?}",
                outcome.events
            );
        }
        Warned(w) => {
            assert!(!outcome.has_error(), "{name}: {:?}", outcome.events);
            assert!(
                outcome.events.iter().any(|e| matches!(e, Event::Warnings { action, warnings } if *action == at && warnings.contains(*w))),
                "{name}: {:?}",
                outcome.events
            );
        }
    }
}

#[test]
fn every_case_is_refused_or_warned_as_expected_under_both_profiles() {
    for case in cases() {
        for (profile, want) in [(RuleProfile::Pokerkit, &case.pokerkit), (RuleProfile::Wsop, &case.wsop)] {
            let h = support::read(&case.hand, profile).remove(0);
            let action: Action = case.action.parse().unwrap();
            let got = if case.integral {
                let s = State::integral(&h.def).unwrap().expect("whole chips");
                attempt(s, &h.actions, &action, case.name)
            } else {
                attempt(State::new(&h.def).unwrap(), &h.actions, &action, case.name)
            };
            assert_eq!(&got, want, "{} under {profile:?}", case.name);
            if !case.integral {
                check_replay(&case, profile, want);
            }
        }
    }
}

#[test]
fn every_kind_has_a_case() {
    let cases = cases();
    let missing: Vec<&ActionError> = ActionError::ALL
        .iter()
        .filter(|kind| {
            !cases.iter().any(|c| {
                [&c.pokerkit, &c.wsop]
                    .into_iter()
                    .any(|o| matches!(o, Refused(e, code) if discriminant(e) == discriminant(*kind) && *code == kind.code()))
            })
        })
        .collect();
    assert!(missing.is_empty(), "ActionError kinds without a case: {missing:?}");
}
