//! One test per documented difference between the `pokerkit` and `wsop` rule profiles (see the
//! table in the crate docs).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod support;

use poker_engine::replay::{Event, replay};
use poker_engine::{ActionError, Chips, RuleProfile, State, Warning};

fn hand(text: &str, profile: RuleProfile) -> support::LiteHand {
    support::read(text, profile).remove(0)
}

fn stacks(text: &str, profile: RuleProfile) -> Vec<String> {
    let h = hand(text, profile);
    let outcome = replay(&h.def, &h.actions).unwrap();
    assert!(!outcome.has_error(), "{:?}", outcome.events);
    outcome.finishing_stacks().iter().map(Chips::to_text).collect()
}

#[test]
fn fo8_pot_limit_vs_fixed_limit() {
    let text = "variant = 'FO/8'\nantes = [0,0,0]\nblinds_or_straddles = [1, 2, 0]\nsmall_bet = 2\nbig_bet = 4\n\
                starting_stacks = [100, 100, 100]\nactions = ['d dh p1 ????????', 'd dh p2 ????????', 'd dh p3 ????????']\n";
    let h = hand(text, RuleProfile::Pokerkit);
    let mut s = State::new(&h.def).unwrap();
    for a in &h.actions {
        s.apply(a).unwrap();
    }
    let mut w = s.clone();
    assert!(s.apply(&"p3 cbr 7".parse().unwrap()).unwrap().contains(Warning::PotLimitOmahaHiLo));
    let h = hand(text, RuleProfile::Wsop);
    let mut s = State::new(&h.def).unwrap();
    for a in &h.actions {
        s.apply(a).unwrap();
    }
    assert_eq!(s.raise_range(), Some((Chips::from_int(4), Chips::from_int(4))));
    assert!(matches!(s.apply(&"p3 cbr 7".parse().unwrap()), Err(ActionError::AboveMaximum { .. })));
    // The pokerkit profile keeps raising past four.
    for (p, to) in [(3, 4), (1, 6), (2, 8), (3, 10), (1, 12)] {
        w.apply(&format!("p{p} cbr {to}").parse().unwrap()).unwrap();
    }
}

#[test]
fn fixed_limit_cap_counts_the_blind_under_wsop() {
    let text = "variant = 'FT'\nantes = [0,0,0,0,0,0]\nblinds_or_straddles = [1, 2, 0, 0, 0, 0]\nsmall_bet = 2\nbig_bet = 4\n\
                starting_stacks = [200,200,200,200,200,200]\nactions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', \
                'd dh p4 ????', 'd dh p5 ????', 'd dh p6 ????', 'p3 cbr 4', 'p4 cbr 6', 'p5 cbr 8']\n";
    for (profile, capped) in [(RuleProfile::Pokerkit, false), (RuleProfile::Wsop, true)] {
        let h = hand(text, profile);
        let mut s = State::new(&h.def).unwrap();
        for a in &h.actions {
            s.apply(a).unwrap();
        }
        let r = s.apply(&"p6 cbr 10".parse().unwrap());
        assert_eq!(r == Err(ActionError::RaiseCapReached), capped, "{profile:?}");
    }
}

#[test]
fn hilo_side_pot_without_a_low_goes_to_high_under_wsop() {
    // Side pot {p2, p3}: p2 has the best high, nobody in it has a low (only p1 does). PokerKit
    // 0.7.7 gives ["6", "15", "23", "6"] (the low share split between p2 and p3).
    let text = "variant = 'FO/8'\nantes = [0,0,0,0]\nblinds_or_straddles = [1, 2, 0, 0]\nsmall_bet = 2\nbig_bet = 4\n\
                starting_stacks = [3, 7, 20, 20]\nactions = ['d dh p1 2c3dJsJh', 'd dh p2 AhAdKsKd', \
                'd dh p3 AcAsQsQd', 'd dh p4 9c9dTcTd', 'p3 cbr 4', 'p4 cc', 'p1 cc', 'p2 cc', 'd db 4h5h8c', \
                'p2 cbr 2', 'p3 cc', 'p4 cc', 'd db Kh', 'p2 cc', 'p3 cbr 4', 'p4 cc', 'p2 cc', 'd db Qh', \
                'p3 cbr 4', 'p4 cc', 'p1 sm 2c3dJsJh', 'p2 sm AhAdKsKd', 'p3 sm AcAsQsQd', 'p4 sm']\n";
    let run = |profile| {
        let h = hand(text, profile);
        let outcome = replay(&h.def, &h.actions).unwrap();
        assert!(!outcome.has_error(), "{:?}", outcome.events);
        let split = outcome.events.iter().any(
            |e| matches!(e, Event::Warnings { warnings, .. } if warnings.contains(Warning::HiLoLowShareSplit)),
        );
        (outcome.finishing_stacks().iter().map(Chips::to_text).collect::<Vec<_>>(), split)
    };
    assert_eq!(run(RuleProfile::Pokerkit), (vec!["6".into(), "15".into(), "23".into(), "6".into()], true));
    assert_eq!(run(RuleProfile::Wsop), (vec!["6".into(), "18".into(), "20".into(), "6".into()], false));
}

#[test]
fn repairs_are_warnings_under_pokerkit_and_errors_under_wsop() {
    // Missing showdown actions: PokerKit keeps the cards face down (they become unknown, the
    // board plays); wsop leaves the hand unfinished.
    let text = "variant = 'NT'\nantes = [0,0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [100, 100]\n\
                actions = ['d dh p1 AcAd', 'd dh p2 KcKd', 'p2 cc', 'p1 cc', 'd db 2s7h9d', 'p1 cc', 'p2 cc', \
                'd db Th', 'p1 cc', 'p2 cc', 'd db Js', 'p1 cc', 'p2 cc']\n";
    assert_eq!(stacks(text, RuleProfile::Pokerkit), ["100", "100"]);
    let h = hand(text, RuleProfile::Wsop);
    let outcome = replay(&h.def, &h.actions).unwrap();
    assert!(!outcome.terminal());
    // A wrong actor: PokerKit inserts a fold for the real one; wsop refuses.
    let text = "variant = 'NT'\nantes = [0,0,0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\nstarting_stacks = [100,100,100]\n\
                actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p1 cc', 'p2 cc']\n";
    let h = hand(text, RuleProfile::Pokerkit);
    let outcome = replay(&h.def, &h.actions).unwrap();
    assert!(!outcome.has_error());
    let h = hand(text, RuleProfile::Wsop);
    assert!(replay(&h.def, &h.actions).unwrap().has_error());
}

#[test]
fn foreign_cards_are_errors_under_wsop() {
    let text = "variant = 'NT'\nantes = [0,0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [100, 100]\n\
                actions = ['d dh p1 AcAd', 'd dh p2 AcKd']\n";
    let h = hand(text, RuleProfile::Pokerkit);
    let outcome = replay(&h.def, &h.actions).unwrap();
    assert!(
        outcome.events.iter().any(
            |e| matches!(e, Event::Warnings { warnings, .. } if warnings.contains(Warning::CardNotInDeck))
        )
    );
    let h = hand(text, RuleProfile::Wsop);
    let outcome = replay(&h.def, &h.actions).unwrap();
    assert!(matches!(outcome.events[..], [Event::Error { action: 1, error: ActionError::CardNotInDeck }]));
}

#[test]
fn vanished_pot_is_reported_in_both_profiles() {
    let text = "variant = 'NT'\nantes = [0,0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [100, 100]\n\
                actions = ['d dh p1 AcAd', 'd dh p2 KcKd', 'p2 cc', 'p1 cc', 'd db 2s7h9d', 'p1 cc', 'p2 cc', \
                'd db Th', 'p1 cc', 'p2 cc', 'd db Js', 'p1 cc', 'p2 cc', 'p1 sm', 'p2 sm']\n";
    for profile in [RuleProfile::Pokerkit, RuleProfile::Wsop] {
        let h = hand(text, profile);
        let outcome = replay(&h.def, &h.actions).unwrap();
        assert_eq!(outcome.finishing_stacks().iter().map(Chips::to_text).collect::<Vec<_>>(), ["98", "98"]);
        assert!(outcome.events.iter().any(
            |e| matches!(e, Event::Warnings { warnings, .. } if warnings.contains(Warning::ChipsVanished))
        ));
    }
}

#[test]
fn a_partial_stud_show_keeps_up_cards_up_under_wsop() {
    let text = "variant = 'F7S'\nantes = [1, 1]\nbring_in = 2\nsmall_bet = 5\nbig_bet = 10\nstarting_stacks = [40, 40]\n\
                actions = ['d dh p1 AsAh2c', 'd dh p2 KsKh3d', 'p1 pb', 'p2 cbr 5', 'p1 cc', 'd dh p1 7h', 'd dh p2 8h', \
                'p2 cbr 5', 'p1 cbr 10', 'p2 cbr 15', 'p1 cbr 20', 'p2 cc', 'd dh p1 9c', 'd dh p2 Tc', 'p2 cbr 10', \
                'p1 cbr 14', 'p2 cc', 'p1 sm AsAh']\n";
    let up_count = |profile| {
        let h = hand(text, profile);
        let outcome = replay(&h.def, &h.actions).unwrap();
        assert!(!outcome.has_error(), "{:?}", outcome.events);
        outcome.state.hole(0).unwrap().up().iter().filter(|&&u| u).count()
    };
    // PokerKit: only the two listed cards are up; wsop: the three up cards stay up as well.
    assert_eq!(up_count(RuleProfile::Pokerkit), 2);
    assert_eq!(up_count(RuleProfile::Wsop), 5);
}

/// The state of `text` (under `profile`) after its actions, and what `action` does next.
fn next(text: &str, profile: RuleProfile, action: &str) -> Result<(), ActionError> {
    let h = hand(text, profile);
    let mut s = State::new(&h.def).unwrap();
    for a in &h.actions {
        s.apply(a).unwrap();
    }
    s.apply(&action.parse().unwrap()).map(|_| ())
}

/// TDA Rule 47 / WSOP Rule 96, which `wsop` follows: a player who has acted may raise again
/// only when facing at least a full bet or raise since their own action; PokerKit 0.7.7 decides
/// by its pool of consecutive short all-ins (`corpus/phh/rules/reopen-*.phh`).
#[test]
fn reopening_follows_what_the_player_faces_under_wsop() {
    // The first raise pre-flop is an all-in for 1 over the big blind of 2: PokerKit counts it as
    // full (the blind sets no raise size), so the limper may raise; the rule: not reopened.
    let preflop = "variant = 'NT'\nantes = [0,0,0,0,0]\nblinds_or_straddles = [1, 2, 0, 0, 0]\nmin_bet = 2\n\
                   starting_stacks = [200, 200, 200, 3, 200]\nactions = ['d dh p1 ????', 'd dh p2 ????', \
                   'd dh p3 ????', 'd dh p4 ????', 'd dh p5 ????', 'p3 cc', 'p4 cbr 3', 'p5 cc', 'p1 cc', 'p2 cc']\n";
    assert_eq!(next(preflop, RuleProfile::Pokerkit, "p3 cbr 5"), Ok(()));
    assert_eq!(next(preflop, RuleProfile::Wsop, "p3 cbr 5"), Err(ActionError::BettingNotReopened));
    assert_eq!(next(preflop, RuleProfile::Wsop, "p3 cc"), Ok(()));
    // Two short all-ins make a full raise (the pool resets), a third short one follows: PokerKit
    // looks only at the third; the first raiser faces 25 more, over the full raise of 18.
    let pool = "variant = 'NT'\nantes = [0,0,0,0,0,0]\nblinds_or_straddles = [1, 2, 0, 0, 0, 0]\nmin_bet = 2\n\
                starting_stacks = [200, 200, 200, 33, 40, 45]\nactions = ['d dh p1 ????', 'd dh p2 ????', \
                'd dh p3 ????', 'd dh p4 ????', 'd dh p5 ????', 'd dh p6 ????', 'p3 cbr 20', 'p4 cbr 33', \
                'p5 cbr 40', 'p6 cbr 45', 'p1 cc', 'p2 f']\n";
    assert_eq!(next(pool, RuleProfile::Pokerkit, "p3 cbr 100"), Err(ActionError::BettingNotReopened));
    assert_eq!(next(pool, RuleProfile::Wsop, "p3 cbr 100"), Ok(()));
    // Fixed limit: an all-in for half a bet reopens the betting under the rule (TDA 47-B).
    let limit = "variant = 'FT'\nantes = [0,0,0]\nblinds_or_straddles = [1, 2, 0]\nsmall_bet = 2\nbig_bet = 4\n\
                 starting_stacks = [100, 100, 5]\nactions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', \
                 'p3 cc', 'p1 cc', 'p2 cc', 'd db ??????', 'p1 cbr 2', 'p2 cc', 'p3 cbr 3']\n";
    assert_eq!(next(limit, RuleProfile::Pokerkit, "p1 cbr 5"), Err(ActionError::ShortAllInNotRaisable));
    assert_eq!(next(limit, RuleProfile::Wsop, "p1 cbr 5"), Ok(()));
    // An all-in opening bet of less than the minimum bet: the player who checked faces less than
    // a full bet. PokerKit counts the first bet as full.
    let short_bet = "variant = 'NT'\nantes = [0,0,0]\nblinds_or_straddles = [5, 10, 0]\nmin_bet = 10\n\
                     starting_stacks = [1000, 1000, 15]\nactions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', \
                     'p3 cc', 'p1 cc', 'p2 cc', 'd db ??????', 'p1 cc', 'p2 cc', 'p3 cbr 5']\n";
    assert_eq!(next(short_bet, RuleProfile::Pokerkit, "p1 cbr 15"), Ok(()));
    assert_eq!(next(short_bet, RuleProfile::Wsop, "p1 cbr 15"), Err(ActionError::BettingNotReopened));
    // Both profiles: a single short all-in does not reopen (PokerKit issue #45, fixed in 0.7.7),
    // and the TDA's own example of short all-ins adding up to a full raise does, for the opener
    // only (the caller of the first short all-in faces 75 of 100).
    let single = "variant = 'NT'\nantes = [0,0,0,0]\nblinds_or_straddles = [1, 2, 0, 0]\nmin_bet = 2\n\
                  starting_stacks = [19, 200, 200, 200]\nactions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', \
                  'd dh p4 ????', 'p3 cbr 16', 'p4 cc', 'p1 cbr 19', 'p2 cc']\n";
    let tda = "variant = 'NT'\nantes = [0,0,0,0,0,0,0]\nblinds_or_straddles = [50, 100, 0, 0, 0, 0, 0]\nmin_bet = 100\n\
               starting_stacks = [10000, 10000, 10000, 225, 10000, 300, 10000]\nactions = ['d dh p1 ????', \
               'd dh p2 ????', 'd dh p3 ????', 'd dh p4 ????', 'd dh p5 ????', 'd dh p6 ????', 'd dh p7 ????', \
               'p3 cc', 'p4 cc', 'p5 cc', 'p6 cc', 'p7 cc', 'p1 cc', 'p2 cc', 'd db ??????', 'p1 cc', 'p2 cc', \
               'p3 cbr 100', 'p4 cbr 125', 'p5 cc', 'p6 cbr 200', 'p7 cc', 'p1 cc', 'p2 cc']\n";
    for profile in [RuleProfile::Pokerkit, RuleProfile::Wsop] {
        assert_eq!(
            next(single, profile, "p3 cbr 40"),
            Err(ActionError::ShortAllInNotRaisable),
            "{profile:?}"
        );
        assert_eq!(next(tda, profile, "p3 cbr 300"), Ok(()), "{profile:?}");
        let caller = tda.replace("'p2 cc']", "'p2 cc', 'p3 cc']");
        assert_eq!(
            next(&caller, profile, "p5 cbr 300"),
            Err(ActionError::ShortAllInNotRaisable),
            "{profile:?}"
        );
    }
}

/// TDA Rule 19: in stud the odd chip goes to the highest card by suit (`wsop`); PokerKit gives it
/// to the lowest player index (`corpus/phh/rules/stud-odd-chip.phh`). In button games both give
/// it to the first seat left of the button, the lowest index.
#[test]
fn stud_odd_chip_goes_to_the_highest_card_by_suit_under_wsop() {
    let text = "variant = 'F7S'\nantes = [1, 1, 1]\nbring_in = 2\nsmall_bet = 5\nbig_bet = 10\n\
                starting_stacks = [100, 100, 100]\nactions = ['d dh p1 5c6d7h', 'd dh p2 5h6c7d', 'd dh p3 KdQd4s', \
                'p3 pb', 'p1 cc', 'p2 cc', 'd dh p1 8s', 'd dh p2 8c', 'd dh p3 Jh', 'p3 cc', 'p1 cbr 5', 'p2 cc', \
                'p3 f', 'd dh p1 9c', 'd dh p2 9d', 'p1 cc', 'p2 cc', 'd dh p1 2h', 'd dh p2 2s', 'p1 cc', 'p2 cc', \
                'd dh p1 3d', 'd dh p2 3c', 'p1 cc', 'p2 cc', 'p1 sm 5c6d7h8s9c2h3d', 'p2 sm 5h6c7d8c9d2s3c']\n";
    assert_eq!(stacks(text, RuleProfile::Pokerkit), ["102", "101", "97"]);
    assert_eq!(stacks(text, RuleProfile::Wsop), ["101", "102", "97"]);
    // The same tie with the suits swapped: p1 holds the 9d and takes the odd chip either way.
    let swapped = text.replace("9c", "9X").replace("9d", "9c").replace("9X", "9d");
    assert_eq!(stacks(&swapped, RuleProfile::Wsop), ["102", "101", "97"]);
    // A button game: the first seat left of the button among the winners (p2) in both profiles.
    let holdem = "variant = 'NT'\nantes = [0,0,0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n\
                  starting_stacks = [100, 100, 100]\nactions = ['d dh p1 2c3c', 'd dh p2 2d3d', 'd dh p3 7h2h', \
                  'p3 cc', 'p1 f', 'p2 cc', 'd db AsKsQs', 'p2 cc', 'p3 cc', 'd db Js', 'p2 cc', 'p3 cc', \
                  'd db Ts', 'p2 cc', 'p3 cc', 'p2 sm 2d3d', 'p3 sm 7h2h']\n";
    for profile in [RuleProfile::Pokerkit, RuleProfile::Wsop] {
        assert_eq!(stacks(holdem, profile), ["99", "101", "100"], "{profile:?}");
    }
}

/// A big blind posted short does not lower the call under `wsop` (the conventional rule); PokerKit
/// calls the largest bet posted (`corpus/phh/rules/short-big-blind.phh`).
#[test]
fn a_short_big_blind_is_called_in_full_under_wsop() {
    let text = "variant = 'NT'\nantes = [0,0,0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n\
                starting_stacks = [100, 1, 100]\nactions = ['d dh p1 9h8h', 'd dh p2 AsAc', 'd dh p3 KdKc']\n";
    for (profile, call, min_raise) in [(RuleProfile::Pokerkit, 1, 3), (RuleProfile::Wsop, 2, 4)] {
        let h = hand(text, profile);
        let mut s = State::new(&h.def).unwrap();
        for a in &h.actions {
            s.apply(a).unwrap();
        }
        assert_eq!(s.call_amount(), Some(Chips::from_int(call)), "{profile:?}");
        assert_eq!(s.raise_range().map(|r| r.0), Some(Chips::from_int(min_raise)), "{profile:?}");
    }
    let full = format!(
        "{}, 'p3 cc', 'p1 cc', 'd db 2s7d4c', 'p1 cc', 'p3 cc', 'd db Jh', 'p1 cc', 'p3 cc', 'd db 3s', 'p1 cc', \
         'p3 cc', 'p1 sm 9h8h', 'p3 sm KdKc', 'p2 sm AsAc']\n",
        text.trim_end().trim_end_matches(']')
    );
    assert_eq!(stacks(&full, RuleProfile::Pokerkit), ["99", "3", "99"]);
    assert_eq!(stacks(&full, RuleProfile::Wsop), ["98", "3", "100"]);
}
