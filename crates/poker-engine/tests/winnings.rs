//! What each player collected from the pots (`State::winnings`, PHH's `winnings`) and the uncalled
//! bets returned (`State::uncalled_returned`).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use poker_engine::replay::replay;
use poker_engine::sim::random_hands;
use poker_engine::{Action, Chips, GameDef, Variant};

fn texts(values: &[Chips]) -> Vec<String> {
    values.iter().map(Chips::to_text).collect()
}

fn hold_em(blinds: &[i64], actions: &[&str]) -> poker_engine::replay::Outcome {
    let mut def = GameDef::new(Variant::NoLimitTexasHoldem, vec![Chips::from_int(200); blinds.len()]);
    def.blinds_or_straddles = blinds.iter().map(|&b| Chips::from_int(b)).collect();
    def.min_bet = Chips::from_int(2);
    let actions: Vec<Action> = actions.iter().map(|a| a.parse().unwrap()).collect();
    replay(&def, &actions).unwrap()
}

#[test]
fn a_raise_nobody_calls_wins_the_matched_part() {
    // p3 raises to 12 over blinds of 3 and 6 and everyone folds: 15 collected, 6 back.
    let outcome =
        hold_em(&[3, 6, 0], &["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 cbr 12", "p1 f", "p2 f"]);
    assert!(outcome.terminal());
    assert_eq!(texts(outcome.state.winnings()), ["0", "0", "15"]);
    assert_eq!(texts(outcome.state.uncalled_returned()), ["0", "0", "6"]);
    assert_eq!(texts(outcome.payoffs()), ["-3", "-6", "9"]);
}

#[test]
fn a_post_is_live_in_the_winnings_too() {
    // p4 posts 2 (a negative blind), raises to 16 and everyone folds: the post is part of the
    // raise, as in the stacks (PokerKit's reading), so p4 collects 2 + 4 + the 4 the big blind
    // matched and 12 come back. (A real ONG hand of the HandHQ set declares winnings of 12: its
    // post was dead; `phh` reports that reading as PHH_DEAD_POST.)
    let outcome = hold_em(
        &[2, 4, 0, -2],
        &[
            "d dh p1 ????",
            "d dh p2 ????",
            "d dh p3 ????",
            "d dh p4 ????",
            "p3 f",
            "p4 cbr 16",
            "p1 f",
            "p2 f",
        ],
    );
    assert_eq!(texts(outcome.state.winnings()), ["0", "0", "0", "10"]);
    assert_eq!(texts(outcome.state.uncalled_returned()), ["0", "0", "0", "12"]);
    assert_eq!(texts(outcome.payoffs()), ["-2", "-4", "0", "6"]);
}

#[test]
fn a_split_pot_shares_the_winnings() {
    let outcome = hold_em(
        &[1, 2],
        &[
            "d dh p1 AcKd",
            "d dh p2 AdKc",
            "p2 cbr 6",
            "p1 cc",
            "d db 2s3s8h",
            "p1 cc",
            "p2 cc",
            "d db 9h",
            "p1 cc",
            "p2 cc",
            "d db Jd",
            "p1 cc",
            "p2 cc",
            "p1 sm AcKd",
            "p2 sm AdKc",
        ],
    );
    assert!(outcome.terminal());
    assert_eq!(texts(outcome.state.winnings()), ["6", "6"]);
    assert_eq!(texts(outcome.payoffs()), ["0", "0"]);
}

#[test]
fn winnings_are_zero_until_the_pots_are_pushed() {
    let outcome = hold_em(&[1, 2], &["d dh p1 AcKd", "d dh p2 AdKc", "p2 cbr 6"]);
    assert!(!outcome.terminal());
    assert_eq!(texts(outcome.state.winnings()), ["0", "0"]);
}

/// Over random legal hands of every variant: nobody collects a negative amount, a player who
/// gained collected something, and what came back (pots and uncalled bets) covers the gain.
#[test]
fn winnings_bound_the_payoffs_in_every_variant() {
    for variant in Variant::ALL {
        for hand in random_hands(variant, 300, 7) {
            let outcome = replay(&hand.def, &hand.actions).unwrap();
            let state = &outcome.state;
            for ((won, back), payoff) in
                state.winnings().iter().zip(state.uncalled_returned()).zip(state.payoffs())
            {
                assert!(!won.is_negative() && !back.is_negative(), "{variant:?}");
                assert!(won.add(*back) >= *payoff, "{variant:?}: {won} + {back} < {payoff}");
                if payoff.is_positive() {
                    assert!(won.is_positive(), "{variant:?}");
                }
            }
        }
    }
}
