//! Every edge case of the rules digest (`../shared/specs/poker-engine-rules.md`, section 15), with
//! the outcome PokerKit 0.7.7 gives. Outcome cases live in `edge_cases.phhs` (expected stacks
//! computed by PokerKit); legality and query cases are below. Case numbers follow the digest.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod support;

use poker_engine::replay::{Event, replay};
use poker_engine::{Action, ActionError, Chips, RuleProfile, State, Turn, Warning};

fn state(text: &str) -> (State, Vec<Action>) {
    let hand = support::read(text, RuleProfile::Pokerkit).remove(0);
    (State::new(&hand.def).unwrap(), hand.actions)
}

fn state_with(text: &str, profile: RuleProfile) -> (State, Vec<Action>) {
    let hand = support::read(text, profile).remove(0);
    (State::new(&hand.def).unwrap(), hand.actions)
}

fn act(s: &mut State, text: &str) -> Result<poker_engine::Warnings, ActionError> {
    s.apply(&text.parse().unwrap())
}

/// Applies action notations in order; each must be accepted.
fn play(s: &mut State, actions: &[&str]) {
    for a in actions {
        act(s, a).unwrap_or_else(|e| panic!("{a}: {e}"));
    }
}

/// Deals `cards` unknown hole cards to each of the first `players` players.
fn deal_unknown(s: &mut State, players: usize, cards: usize) {
    for p in 1..=players {
        act(s, &format!("d dh p{p} {}", "??".repeat(cards))).unwrap_or_else(|e| panic!("p{p}: {e}"));
    }
}

fn apply_all(s: &mut State, actions: &[Action]) {
    for a in actions {
        s.apply(a).unwrap_or_else(|e| panic!("{a}: {e}"));
    }
}

fn c(text: &str) -> Chips {
    text.parse().unwrap()
}

fn header(variant: &str, extra: &str, stacks: &str, actions: &str) -> String {
    format!("variant = '{variant}'\n{extra}\nstarting_stacks = {stacks}\nactions = {actions}\n")
}

#[test]
fn outcome_cases_match_pokerkit() {
    let text = include_str!("edge_cases.phhs");
    let doc: toml_edit::DocumentMut = text.parse().unwrap();
    let mut n = 0;
    for (name, item) in doc.as_table().iter() {
        let table = item.as_table().unwrap();
        let hand = support::hand_from_table(table, RuleProfile::Pokerkit);
        let want: Vec<Chips> =
            table["_expected"].as_array().unwrap().iter().map(|v| c(v.as_str().unwrap())).collect();
        let terminal = table["_terminal"].as_bool().unwrap();
        let outcome = replay(&hand.def, &hand.actions).unwrap();
        assert!(!outcome.has_error(), "{name}: {:?}", outcome.events);
        let got = outcome.finishing_stacks();
        assert!(
            got.len() == want.len() && got.iter().zip(&want).all(|(a, b)| support::close(*a, *b)),
            "{name}: got {got:?}, PokerKit {want:?}"
        );
        assert_eq!(outcome.terminal(), terminal, "{name}");
        n += 1;
    }
    assert_eq!(n, 27);
}

#[test]
fn e01_heads_up_blind_reversal() {
    let (mut s, _) =
        state(&header("NT", "antes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2", "[100, 100]", "[]"));
    assert_eq!(s.bets(), [c("2"), c("1")]);
    act(&mut s, "d dh p1 AcAd").unwrap();
    act(&mut s, "d dh p2 KcKd").unwrap();
    assert_eq!(s.turn(), Turn::Bet(1));
    act(&mut s, "p2 cc").unwrap();
    act(&mut s, "p1 cc").unwrap();
    act(&mut s, "d db 2s7h9d").unwrap();
    assert_eq!(s.turn(), Turn::Bet(0));
}

#[test]
fn e03_bb_ante_three_handed() {
    let (mut s, _) = state(&header(
        "NT",
        "antes = [0, 3, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2",
        "[100, 100, 100]",
        "[]",
    ));
    assert_eq!(s.stacks(), [c("99"), c("95"), c("100")]);
    deal_unknown(&mut s, 3, 2);
    assert_eq!(s.turn(), Turn::Bet(2));
}

#[test]
fn e06_short_bb_lowers_the_call() {
    let (mut s, _) = state(&header(
        "NT",
        "antes = [0, 3, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2",
        "[100, 4, 100]",
        "[]",
    ));
    deal_unknown(&mut s, 3, 2);
    assert_eq!(s.call_amount(), Some(c("1")));
    act(&mut s, "p3 cc").unwrap();
    assert_eq!(s.call_amount(), Some(c("0")));
}

#[test]
fn e07_straddle_min_raise_and_pot_raise() {
    let text = header(
        "NT",
        "antes = [0,0,0,0,0]\nblinds_or_straddles = [1, 2, 4, 0, 0]\nmin_bet = 2",
        "[200,200,200,200,200]",
        "[]",
    );
    let (mut s, _) = state(&text);
    deal_unknown(&mut s, 5, 2);
    assert_eq!(s.turn(), Turn::Bet(3));
    assert_eq!(s.raise_range().map(|r| r.0), Some(c("6")));
    let po = text.replace("'NT'", "'PO'").replace("????", "????????");
    let (mut s, _) = state(&po);
    deal_unknown(&mut s, 5, 4);
    assert_eq!(s.raise_range(), Some((c("6"), c("15"))));
}

#[test]
fn e08_button_straddle_opens_at_the_small_blind() {
    let (mut s, _) = state(&header(
        "NT",
        "antes = [0,0,0,0,0,0]\nblinds_or_straddles = [1, 2, 0, 0, 0, 4]\nmin_bet = 2",
        "[200,200,200,200,200,200]",
        "[]",
    ));
    deal_unknown(&mut s, 6, 2);
    assert_eq!(s.turn(), Turn::Bet(0));
}

fn six_handed(variant: &str, hole: &str) -> State {
    let (mut s, _) = state(&header(
        variant,
        "antes = [0,0,0,0,0,0]\nblinds_or_straddles = [1, 2, 0, 0, 0, 0]\nsmall_bet = 2\nbig_bet = 4",
        "[200,200,200,200,200,200]",
        "[]",
    ));
    for p in 1..=6 {
        act(&mut s, &format!("d dh p{p} {hole}")).unwrap();
    }
    s
}

#[test]
fn e09_e11_fixed_limit_cap_counts_four_raises_over_the_blind() {
    for (variant, hole) in [("FT", "????"), ("F2L3D", "??????????")] {
        let mut s = six_handed(variant, hole);
        for (p, to) in [(3, 4), (4, 6), (5, 8)] {
            assert!(act(&mut s, &format!("p{p} cbr {to}")).unwrap().is_empty());
        }
        assert!(act(&mut s, "p6 cbr 10").unwrap().contains(Warning::FixedLimitCapBeyondBlind));
        assert_eq!(act(&mut s, "p1 cbr 12"), Err(ActionError::RaiseCapReached));
    }
}

#[test]
fn e10_fixed_limit_cap_heads_up_post_flop() {
    let (mut s, _) = state(&header(
        "FT",
        "antes = [0,0]\nblinds_or_straddles = [1, 2]\nsmall_bet = 2\nbig_bet = 4",
        "[100, 100]",
        "[]",
    ));
    play(
        &mut s,
        &[
            "d dh p1 ????",
            "d dh p2 ????",
            "p2 cc",
            "p1 cc",
            "d db ??????",
            "p1 cbr 2",
            "p2 cbr 4",
            "p1 cbr 6",
            "p2 cbr 8",
        ],
    );
    assert_eq!(act(&mut s, "p1 cbr 10"), Err(ActionError::RaiseCapReached));
}

#[test]
fn e12_fo8_is_pot_limit() {
    let (mut s, _) = state(&header(
        "FO/8",
        "antes = [0,0,0]\nblinds_or_straddles = [1, 2, 0]\nsmall_bet = 2\nbig_bet = 4",
        "[100, 100, 100]",
        "[]",
    ));
    deal_unknown(&mut s, 3, 4);
    assert_eq!(s.raise_range(), Some((c("4"), c("7"))));
    assert!(act(&mut s, "p3 cbr 7").unwrap().contains(Warning::PotLimitOmahaHiLo));
    assert_eq!(s.raise_range(), Some((c("12"), c("23"))));
    for (p, to) in [(1, 12), (2, 30), (3, 60), (1, 99)] {
        act(&mut s, &format!("p{p} cbr {to}")).unwrap();
    }
}

#[test]
fn e13_incomplete_all_in_does_not_reopen() {
    let (mut s, _) = state(&header(
        "NT",
        "antes = [0,0,0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2",
        "[200, 200, 35]",
        "[]",
    ));
    play(
        &mut s,
        &[
            "d dh p1 ????",
            "d dh p2 ????",
            "d dh p3 ????",
            "p3 cc",
            "p1 cc",
            "p2 cc",
            "d db ??????",
            "p1 cbr 20",
            "p2 cc",
            "p3 cbr 33",
        ],
    );
    // Facing 13 more, less than the 20 of the last full bet: the short all-in is not raisable.
    assert_eq!(act(&mut s, "p1 cbr 60"), Err(ActionError::ShortAllInNotRaisable));
    act(&mut s, "p1 cc").unwrap();
    assert_eq!(act(&mut s, "p2 cbr 60"), Err(ActionError::ShortAllInNotRaisable));
}

#[test]
fn e14_first_preflop_raise_always_reopens() {
    let (mut s, _) = state(&header(
        "NT",
        "antes = [0,0,0,0,0]\nblinds_or_straddles = [1, 2, 0, 0, 0]\nmin_bet = 2",
        "[200, 200, 200, 3, 200]",
        "[]",
    ));
    deal_unknown(&mut s, 5, 2);
    play(&mut s, &["p3 cc", "p4 cbr 3", "p5 cc", "p1 cc", "p2 cc"]);
    assert_eq!(s.raise_range().map(|r| r.0), Some(c("5")));
}

#[test]
fn e15_consecutive_short_all_ins_adding_up_reopen() {
    let (mut s, _) = state(&header(
        "NT",
        "antes = [1,1,1,1,1]\nblinds_or_straddles = [0,0,0,0,0]\nmin_bet = 1",
        "[20001, 20001, 20001, 1301, 1701]",
        "[]",
    ));
    deal_unknown(&mut s, 5, 2);
    play(&mut s, &["p1 cbr 500", "p2 cbr 1000", "p3 cc", "p4 cbr 1300", "p5 cbr 1700", "p1 cc"]);
    assert_eq!(s.turn(), Turn::Bet(1));
    assert_eq!(s.raise_range(), Some((c("2200"), c("20000"))));
}

#[test]
fn e16_consecutive_short_all_ins_not_adding_up() {
    let (mut s, _) = state(&header(
        "NT",
        "antes = [0,0,0,0,0]\nblinds_or_straddles = [1, 2, 0, 0, 0]\nmin_bet = 2",
        "[200, 200, 200, 25, 32]",
        "[]",
    ));
    deal_unknown(&mut s, 5, 2);
    play(&mut s, &["p3 cbr 20", "p4 cbr 25", "p5 cbr 32", "p1 f", "p2 f"]);
    assert_eq!(s.turn(), Turn::Bet(2));
    assert!(s.raise_range().is_none());
    assert_eq!(act(&mut s, "p3 cbr 100"), Err(ActionError::ShortAllInNotRaisable));
}

#[test]
fn e17_fixed_limit_half_bet_all_in_does_not_reopen() {
    let (mut s, _) = state(&header(
        "FT",
        "antes = [0,0,0]\nblinds_or_straddles = [1, 2, 0]\nsmall_bet = 2\nbig_bet = 4",
        "[100, 100, 5]",
        "[]",
    ));
    play(
        &mut s,
        &[
            "d dh p1 ????",
            "d dh p2 ????",
            "d dh p3 ????",
            "p3 cc",
            "p1 cc",
            "p2 cc",
            "d db ??????",
            "p1 cbr 2",
            "p2 cc",
            "p3 cbr 3",
        ],
    );
    assert_eq!(act(&mut s, "p1 cbr 5"), Err(ActionError::ShortAllInNotRaisable));
}

fn stud(variant: &str, stacks: &str, ups: [&str; 3]) -> State {
    let (mut s, _) =
        state(&header(variant, "antes = [1,1,1]\nbring_in = 2\nsmall_bet = 5\nbig_bet = 10", stacks, "[]"));
    for (p, up) in ups.iter().enumerate() {
        act(&mut s, &format!("d dh p{} ????{up}", p + 1)).unwrap();
    }
    s
}

#[test]
fn e18_stud_bring_in_suit_tie_break() {
    let mut s = stud("F7S", "[100,100,100]", ["2d", "2c", "9c"]);
    assert_eq!(s.turn(), Turn::Bet(1));
    assert!(s.bring_in_amount().is_some());
    assert_eq!(act(&mut s, "p2 f"), Err(ActionError::BringInPending));
    assert_eq!(act(&mut s, "p2 cc"), Err(ActionError::BringInPending));
    assert_eq!(act(&mut s, "p1 pb"), Err(ActionError::WrongPlayer { expected: 1 }));
    assert_eq!(s.raise_range().map(|r| r.0), Some(c("5")));
    act(&mut s, "p2 pb").unwrap();
}

#[test]
fn e19_razz_bring_in_is_the_highest_card_ace_low() {
    let s = stud("FR", "[100,100,100]", ["Kh", "Ks", "Ac"]);
    assert_eq!(s.turn(), Turn::Bet(1));
    let s = stud("FR", "[100,100,100]", ["Ac", "2c", "3c"]);
    assert_eq!(s.turn(), Turn::Bet(2));
}

#[test]
fn e20_stud_later_street_openers() {
    let open_4th = |variant: &str, ups: [&str; 3], fourth: [&str; 3]| {
        let mut s = stud(variant, "[100,100,100]", ups);
        let Turn::Bet(first) = s.turn() else { panic!() };
        act(&mut s, &format!("p{} pb", first + 1)).unwrap();
        while let Turn::Bet(p) = s.turn() {
            act(&mut s, &format!("p{} cc", p + 1)).unwrap();
        }
        for (p, card) in fourth.iter().enumerate() {
            act(&mut s, &format!("d dh p{} {card}", p + 1)).unwrap();
        }
        s.turn()
    };
    assert_eq!(open_4th("F7S", ["9d", "9h", "2c"], ["Tc", "Td", "3c"]), Turn::Bet(0));
    assert_eq!(open_4th("F7S", ["9d", "Ah", "2c"], ["9c", "Kd", "3c"]), Turn::Bet(0));
    assert_eq!(open_4th("FR", ["Kh", "Ks", "Ac"], ["Qc", "2c", "Qd"]), Turn::Bet(2));
}

#[test]
fn e21_stud_cap_and_completion() {
    let mut s = stud("F7S", "[100,100,100]", ["2c", "9d", "9h"]);
    play(&mut s, &["p1 pb", "p2 cbr 5", "p3 cbr 10", "p1 cbr 15", "p2 cbr 20"]);
    assert_eq!(act(&mut s, "p3 cbr 25"), Err(ActionError::RaiseCapReached));
    let mut s = stud("F7S", "[100,100,100]", ["2c", "9d", "9h"]);
    act(&mut s, "p1 cbr 5").unwrap();
}

#[test]
fn e22_stud_short_all_in_over_the_bring_in_counts_as_completion() {
    let mut s = stud("F7S", "[100,5,100]", ["2c", "9d", "9h"]);
    act(&mut s, "p1 pb").unwrap();
    act(&mut s, "p2 cbr 4").unwrap();
    assert_eq!(act(&mut s, "p3 cbr 5"), Err(ActionError::BelowMinimum { min: c("9") }));
    assert_eq!(s.raise_range(), Some((c("9"), c("9"))));
    act(&mut s, "p3 cbr 9").unwrap();
}

#[test]
fn e39_fold_with_nothing_to_call_is_a_warning() {
    let (mut s, _) = state(&header(
        "NT",
        "antes = [0,0,0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2",
        "[100,100,100]",
        "[]",
    ));
    play(&mut s, &["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 cc", "p1 cc"]);
    assert!(act(&mut s, "p2 f").unwrap().contains(Warning::FoldWithNothingToCall));
}

#[test]
fn e40_mismatched_actor_is_repaired_by_pokerkit_and_an_error_under_wsop() {
    let text = header(
        "NT",
        "antes = [0,0,0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2",
        "[100,100,100]",
        "['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p1 cc']",
    );
    let hand = support::read(&text, RuleProfile::Pokerkit).remove(0);
    let outcome = replay(&hand.def, &hand.actions).unwrap();
    assert!(!outcome.has_error());
    assert!(outcome.events.iter().any(
        |e| matches!(e, Event::Warnings { action: 3, warnings } if warnings.contains(Warning::RepairedFold))
    ));
    assert_eq!(outcome.state.active(), [true, true, false]);
    let hand = support::read(&text, RuleProfile::Wsop).remove(0);
    let outcome = replay(&hand.def, &hand.actions).unwrap();
    assert!(matches!(
        outcome.events[..],
        [Event::Error { action: 3, error: ActionError::WrongPlayer { expected: 2 } }]
    ));
}

#[test]
fn e41_post_hand_show_only_by_the_winner_showing_everything() {
    let text = header(
        "NT",
        "antes = [0,0,0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2",
        "[100,100,100]",
        "['d dh p1 AcAd', 'd dh p2 KcKd', 'd dh p3 7h2s', 'p3 f', 'p1 f']",
    );
    let (mut s, actions) = state(&text);
    apply_all(&mut s, &actions);
    assert!(s.is_over());
    assert_eq!(act(&mut s, "p1 sm AcAd"), Err(ActionError::PlayerNotActive));
    assert_eq!(act(&mut s, "p2 sm Kc"), Err(ActionError::MustShowAll));
    act(&mut s, "p2 sm KcKd").unwrap();
}

#[test]
fn e44_draw_all_in_must_draw_and_show_only_at_the_end() {
    let (mut s, _) = state(&header(
        "F2L3D",
        "antes = [0,0]\nblinds_or_straddles = [1, 2]\nsmall_bet = 2\nbig_bet = 4",
        "[100, 3]",
        "[]",
    ));
    play(&mut s, &["d dh p1 7c5d4h3s2c", "d dh p2 KsKdQhQc8s", "p2 cbr 3", "p1 cc"]);
    assert_eq!(act(&mut s, "p1 sm 7c5d4h3s2c"), Err(ActionError::NoShowdown));
    assert_eq!(s.draw_turn(), Some((0, 5)));
}

#[test]
fn e45_draw_order_and_dealing_timing() {
    let (mut s, _) = state(&header(
        "F2L3D",
        "antes = [0,0,0,0]\nblinds_or_straddles = [1, 2, 0, 0]\nsmall_bet = 2\nbig_bet = 4",
        "[100,100,100,100]",
        "[]",
    ));
    deal_unknown(&mut s, 4, 5);
    play(&mut s, &["p3 cc", "p4 cc", "p1 cc", "p2 cc"]);
    assert_eq!(act(&mut s, "p4 sd"), Err(ActionError::WrongPlayer { expected: 0 }));
    act(&mut s, "p1 sd ????").unwrap();
    assert_eq!(act(&mut s, "d dh p1 ????"), Err(ActionError::DrawPending));
}

#[test]
fn e46_short_deck_foreign_card_warns_under_pokerkit() {
    let text = header("NS", "antes = [0,0]\nblinds_or_straddles = [0, 2]\nmin_bet = 2", "[100,100]", "[]");
    let (mut s, _) = state(&text);
    assert!(act(&mut s, "d dh p1 2cAd").unwrap().contains(Warning::CardNotInDeck));
    let (mut s, _) = state_with(&text, RuleProfile::Wsop);
    assert_eq!(act(&mut s, "d dh p1 2cAd"), Err(ActionError::CardNotInDeck));
}

#[test]
fn e47_partial_board_dealing() {
    let (mut s, _) = state(&header(
        "NT",
        "antes = [0,0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2",
        "[100,100]",
        "['d dh p1 ????', 'd dh p2 ????', 'p2 cc', 'p1 cc']",
    ));
    let mut t = s.clone();
    for a in ["d dh p1 ????", "d dh p2 ????", "p2 cc", "p1 cc"] {
        act(&mut s, a).unwrap();
        act(&mut t, a).unwrap();
    }
    play(&mut s, &["d db 2s", "d db 3s", "d db 4s"]);
    assert_eq!(s.board().len(), 3);
    assert_eq!(act(&mut t, "d db 2s3s4s5s"), Err(ActionError::BadCardCount));
}

#[test]
fn e51_eight_handed_stud_deals_seventh_street_to_the_board() {
    let cards: Vec<String> =
        cards_core::Card::all().map(|c| poker_engine::card_text::spell(c).to_string()).collect();
    let mut next = cards.iter();
    let mut take = |n: usize| -> String { (0..n).map(|_| next.next().unwrap().as_str()).collect() };
    let (mut s, _) = state(&header(
        "F7S",
        "antes = [1,1,1,1,1,1,1,1]\nbring_in = 2\nsmall_bet = 5\nbig_bet = 10",
        "[100,100,100,100,100,100,100,100]",
        "[]",
    ));
    for p in 1..=8 {
        act(&mut s, &format!("d dh p{p} {}", take(3))).unwrap();
    }
    let mut street = 0;
    while !s.is_over() {
        match s.turn() {
            Turn::Bet(p) => {
                let a = if s.bring_in_amount().is_some() { "pb" } else { "cc" };
                act(&mut s, &format!("p{} {a}", p + 1)).unwrap();
            }
            Turn::Dealer if s.board_pending() > 0 => {
                street += 1;
                assert_eq!((s.street(), s.board_pending()), (Some(4), 1));
                act(&mut s, &format!("d db {}", take(1))).unwrap();
            }
            Turn::Dealer => {
                for p in 0..8 {
                    if s.hole_pending(p) > 0 {
                        act(&mut s, &format!("d dh p{} {}", p + 1, take(1))).unwrap();
                    }
                }
            }
            Turn::Show(p) => {
                act(&mut s, &format!("p{} sm -", p + 1)).unwrap();
            }
            other => panic!("{other:?}"),
        }
    }
    assert_eq!(street, 1);
    assert_eq!(s.board().len(), 1);
}

#[test]
fn e52_partial_stud_history_stops_cleanly() {
    let text = header(
        "F7S",
        "antes = [1,1]\nbring_in = 2\nsmall_bet = 5\nbig_bet = 10",
        "[100,100]",
        "['d dh p1 ????2c', 'd dh p2 ????9d', 'p1 pb', 'p2 cc', 'd dh p1 3c', 'd dh p2 Td', 'p2 cc', 'p1 cc']",
    );
    let hand = support::read(&text, RuleProfile::Pokerkit).remove(0);
    let outcome = replay(&hand.def, &hand.actions).unwrap();
    assert!(!outcome.terminal());
    assert!(!outcome.has_error());
}

#[test]
fn illegal_actions_leave_the_state_unchanged() {
    let (mut s, _) = state(&header(
        "NT",
        "antes = [0,0,0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2",
        "[100,100,100]",
        "[]",
    ));
    play(&mut s, &["d dh p1 ????", "d dh p2 ????", "d dh p3 ????"]);
    let before = format!("{s:?}");
    for (a, error) in [
        ("p1 cc", ActionError::WrongPlayer { expected: 2 }),
        ("p3 cbr 3", ActionError::BelowMinimum { min: c("4") }),
        ("p3 cbr 101", ActionError::AboveMaximum { max: c("100") }),
        ("d db AsKsQs", ActionError::NoBoardDealing),
        ("p9 f", ActionError::NoSuchPlayer),
        ("p3 sm -", ActionError::NoShowdown),
        ("p3 sd", ActionError::NoDrawPending),
    ] {
        assert_eq!(act(&mut s, a), Err(error), "{a}");
        assert_eq!(format!("{s:?}"), before, "{a}");
    }
}

#[test]
fn muck_during_an_all_in_run_out_is_flagged_and_the_last_player_wins() {
    let text = header(
        "NT",
        "antes = [0,0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2",
        "[100, 100]",
        "['d dh p1 AcAd', 'd dh p2 KcKd', 'p2 cc', 'p1 cc', 'd db 2s7h9d', 'p1 cc', 'p2 cc', 'd db Th', \
         'p1 cbr 98', 'p2 cc']",
    );
    let (mut s, actions) = state(&text);
    apply_all(&mut s, &actions);
    act(&mut s, "p1 sm -").unwrap();
    assert!(act(&mut s, "p2 sm").unwrap().contains(Warning::MuckDuringRunout));
    act(&mut s, "d db Qd").unwrap();
    assert!(s.is_over());
    assert_eq!(s.stacks(), [c("200"), c("0")]);
}

#[test]
fn a_raise_to_infinity_is_refused() {
    let (mut s, _) =
        state(&header("NT", "antes = [0,0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2", "[inf, inf]", "[]"));
    act(&mut s, "d dh p1 ????").unwrap();
    act(&mut s, "d dh p2 ????").unwrap();
    assert_eq!(act(&mut s, "p2 cbr inf"), Err(ActionError::AmountNotFinite));
    act(&mut s, "p2 cbr 1000000").unwrap();
}

/// Infinite stacks may raise without end, but an amount of 10^20 chips or more is refused: sums
/// of such amounts could pass the 96 bits an amount holds, and chips would be lost (FINDINGS F19,
/// found by `engine_actions` with pot-limit re-raises reaching 6·10^28).
#[test]
fn a_raise_of_ten_to_the_twentieth_is_refused() {
    let (mut s, _) =
        state(&header("NT", "antes = [0,0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2", "[inf, inf]", "[]"));
    act(&mut s, "d dh p1 ????").unwrap();
    act(&mut s, "d dh p2 ????").unwrap();
    assert_eq!(act(&mut s, "p2 cbr 100000000000000000000"), Err(ActionError::AmountTooLarge));
    assert_eq!(act(&mut s, "p2 cbr 63709510079367538679346737808"), Err(ActionError::AmountTooLarge));
    act(&mut s, "p2 cbr 99999999999999999999").unwrap();
    act(&mut s, "p1 cc").unwrap();
    assert_eq!(s.total_pot().to_string(), "199999999999999999998");
}
