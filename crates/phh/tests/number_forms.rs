//! Amounts come out in the form PokerKit gives them, not only with its value: a payoff is `-3.00`
//! where PokerKit's arithmetic made a `Decimal` and `-3` where it kept a Python `int`. Both cases
//! below differed before the engine copied PokerKit's choices (found by comparing text with the
//! oracle files).
#![cfg(feature = "replay")]
#![allow(clippy::unwrap_used)]

use phh::replay::RuleProfile;

mod common;

fn outcome(text: &str) -> (Vec<String>, Vec<String>) {
    let file = common::read(text);
    let hand = &file[0];
    assert!(hand.diagnostics.is_empty(), "{:?}", hand.diagnostics);
    let outcome = common::replay(hand, RuleProfile::Pokerkit).unwrap();
    (outcome.finishing_stacks, outcome.payoffs)
}

/// A call pays `max(bets) - bet`, and Python's `max` gives the first of equal bets: the small
/// blind's `3.00` (0.50 + a decimal call) comes before the raiser's integral `3`, so the big blind's
/// call is `2.00` and its payoff `-3.00` (HandHQ iPoker hand 3406285398, shared corpus).
#[test]
fn a_call_takes_the_form_of_the_first_largest_bet() {
    let (_, payoffs) = outcome(
        "variant = 'NT'
antes = [0, 0, 0, 0, 0, 0]
blinds_or_straddles = [0.50, 1, 0, 0, 0, 0]
min_bet = 1
starting_stacks = [inf, inf, inf, inf, inf, inf]
actions = ['d dh p1 6s6d', 'd dh p2 ????', 'd dh p3 ????', 'd dh p4 ????', 'd dh p5 ????', 'd dh p6 ????', 'p3 f', 'p4 cbr 3', 'p5 cc', 'p6 f', 'p1 cc', 'p2 cc', 'd db 6cKcTs', 'p1 cc', 'p2 cc', 'p4 cc', 'p5 cc', 'd db 3h', 'p1 cbr 9', 'p2 f', 'p4 cc', 'p5 f', 'd db Kh', 'p1 cbr 19', 'p4 cc', 'p1 sm ????', 'p4 sm ????']
",
    );
    assert_eq!(payoffs, ["3.00", "-3.00", "0", "3.00", "-3", "0"]);
}

/// The uncalled part of a bet is `bet - sorted(bets)[-2]`, and the stable sort puts the all-in
/// `4.00` before the folder's integral `4`: the cutoff is `4`, the returned 2 chips integral, and
/// the winner's payoff `10`, not `10.00` (razz, `phh_gen.py` seed 4242, hand 1984).
#[test]
fn the_uncalled_bet_comes_back_in_the_form_of_the_second_largest_bet() {
    let (stacks, payoffs) = outcome(
        "variant = 'FR'
ante_trimming_status = false
antes = [1, 1, 1]
bring_in = 1
small_bet = 2
big_bet = 4
starting_stacks = [509.50, 5.00, 115.00]
actions = ['d dh p1 Kd9h6h', 'd dh p2 Qc4dQd', 'd dh p3 Qs2c8s', 'p2 cbr 2', 'p3 cbr 4', 'p1 cbr 6', 'p2 cc', 'p3 f', 'p1 sm Kd9h6h', 'p2 sm Qc4dQd', 'd dh p1 Jc', 'd dh p2 5s', 'd dh p1 2h', 'd dh p2 Jh', 'd dh p1 Js', 'd dh p2 5d', 'd dh p1 8c', 'd dh p2 Th', 'p1 sm Kd9h6hJc2hJs8c', 'p2 sm Qc4dQd5sJh5dTh']
",
    );
    assert_eq!(payoffs, ["10", "-5.00", "-5"]);
    assert_eq!(stacks, ["519.50", "0.00", "110.00"]);
}
