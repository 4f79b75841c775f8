//! One test group per rule section of the digest, written against generated legal deals with
//! assertions stated independently of the checker's own helpers.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use ppn_pref::PrefPlayer;
use ppn_pref::generate::{DealOptions, Rng, random_deal};
use ppn_pref::model::{Accepted, Column, Deal, DealOrder, Entry, Game, KontraLevel, Tag};
use ppn_pref::write;

mod support;
use support::check;

fn p(n: u8) -> PrefPlayer {
    PrefPlayer::new(n).unwrap()
}

fn header() -> Vec<Tag> {
    ["Bula 60", "Refe 2", "Player1 a", "Player2 b", "Player3 c", "Result1 0", "Result2 0", "Result3 0"]
        .iter()
        .map(|t| {
            let (n, v) = t.split_once(' ').unwrap();
            Tag { name: n.to_owned(), value: v.to_owned() }
        })
        .collect()
}

fn codes_of(deal: &Deal) -> Vec<String> {
    let text = write::write_game(&Game { tags: header(), deals: vec![deal.clone()] });
    check(&text).all_diagnostics().into_iter().map(|d| d.code().to_owned()).collect()
}

/// Generated deals (played, order 231) with a predicate.
fn deals(n: usize, pred: impl Fn(&Deal) -> bool) -> Vec<Deal> {
    let mut rng = Rng::new(99);
    let order = DealOrder([p(2), p(3), p(1)]);
    let mut out = Vec::new();
    for _ in 0..200_000 {
        let d = random_deal(
            &mut rng,
            1,
            order,
            DealOptions { all_pass: 0, refa: Some(false), ..DealOptions::default() },
        );
        if pred(&d) {
            out.push(d);
            if out.len() == n {
                break;
            }
        }
    }
    assert!(!out.is_empty(), "no deal found");
    out
}

#[test]
fn s3_turn_order_and_rotation() {
    let o = DealOrder([p(3), p(1), p(2)]);
    assert_eq!((o.first(), o.dealer()), (p(3), p(2)));
    assert_eq!(o.next(p(2)), p(3));
    assert_eq!(o.prev(p(3)), p(2));
    assert!(o.is_rotation());
    assert!(!DealOrder([p(1), p(3), p(2)]).is_rotation());
    assert!(DealOrder::new([p(1), p(1), p(2)]).is_none());
}

#[test]
fn s8_who_leads() {
    // sans/preferans with both following: the player before the main leads
    for d in deals(20, |d| {
        d.play.as_ref().is_some_and(|p| {
            p.contract.level >= 7 && matches!(p.accepted, Accepted::Both(_)) && p.kontra.is_none()
        })
    }) {
        let play = d.play.as_ref().unwrap();
        let before_main = d.order.0[(d.order.0.iter().position(|&x| x == play.main).unwrap() + 2) % 3];
        assert_eq!(play.starts, Some(before_main));
        assert!(codes_of(&d).is_empty());
        let mut wrong = d.clone();
        wrong.play.as_mut().unwrap().starts = Some(d.order.first());
        if d.order.first() != before_main {
            assert_eq!(codes_of(&wrong).first().map(String::as_str), Some("WRONG_STARTER"));
        }
    }
    // suits and betl with both following: the first bidder leads
    for d in deals(20, |d| {
        d.play.as_ref().is_some_and(|p| p.contract.level <= 6 && matches!(p.accepted, Accepted::Both(_)))
    }) {
        assert_eq!(d.play.as_ref().unwrap().starts, Some(d.order.first()));
    }
    // first bidder out of play: the next player in play leads
    for d in deals(10, |d| {
        d.play.as_ref().is_some_and(|p| {
            p.contract.level <= 6
                && matches!(p.accepted, Accepted::One(f) if f != d.order.first())
                && p.main != d.order.first()
                && p.kontra.is_none()
        })
    }) {
        let play = d.play.as_ref().unwrap();
        let second = d.order.0[1];
        let expect = if play.main == second || play.accepted == Accepted::One(second) {
            second
        } else {
            d.order.dealer()
        };
        assert_eq!(play.starts, Some(expect));
    }
}

#[test]
fn s9_play_may_stop_exactly_at_the_failure() {
    // a betl stopped when the main took a trick
    let betl = deals(5, |d| {
        d.play.as_ref().is_some_and(|p| p.contract.level == 6 && p.throws.len() < 10 && !p.throws.is_empty())
    });
    for d in betl {
        let play = d.play.as_ref().unwrap();
        assert_eq!(play.throws.last().unwrap().winner, play.main);
        assert!(codes_of(&d).is_empty(), "{:?}", codes_of(&d));
        // one trick fewer: failure not yet certain
        if play.throws.len() > 1 {
            let mut cut = d.clone();
            cut.play.as_mut().unwrap().throws.pop();
            assert_eq!(codes_of(&cut).first().map(String::as_str), Some("INCOMPLETE_PLAY"));
        }
    }
    // a suit contract stopped when the defenders reached 5
    for d in deals(5, |d| {
        d.play.as_ref().is_some_and(|p| p.contract.level <= 5 && p.throws.len() < 10 && !p.throws.is_empty())
    }) {
        let play = d.play.as_ref().unwrap();
        let def = play.throws.iter().filter(|t| t.winner != play.main).count();
        assert_eq!(def, 5);
        assert!(codes_of(&d).is_empty());
    }
}

#[test]
fn s9_trick_winner_digit() {
    for d in deals(10, |d| d.play.as_ref().is_some_and(|p| p.throws.len() == 10)) {
        let mut bad = d.clone();
        let t = &mut bad.play.as_mut().unwrap().throws[4];
        let other = if t.winner == p(1) { p(2) } else { p(1) };
        t.winner = other;
        assert_eq!(codes_of(&bad).first().map(String::as_str), Some("WRONG_TRICK_WINNER"));
    }
}

#[test]
fn s10_summary_columns_and_supe() {
    for d in deals(30, |d| d.play.as_ref().is_some_and(|p| matches!(p.accepted, Accepted::Both(_)))) {
        let play = d.play.as_ref().unwrap();
        for (pos, e) in play.summary.iter().enumerate() {
            let who = d.order.0[pos];
            if let Entry::Follower { tricks, column, supe, .. } = *e {
                // R when the main is the follower's next player, L when it is the one before
                let next = d.order.0[(pos + 1) % 3];
                assert_eq!(column == Column::Right, next == play.main, "player {who}");
                assert_eq!(supe, u64::from(play.value) * u64::from(tricks));
            }
        }
        assert!(codes_of(&d).is_empty());
    }
}

#[test]
fn s10_invitation_books_both_defenders() {
    for d in deals(10, |d| {
        d.play.as_ref().is_some_and(|p| p.kontra.is_some_and(|k| k.level == KontraLevel::Invite))
    }) {
        let play = d.play.as_ref().unwrap();
        let inviter = play.kontra.unwrap().by;
        let defenders = play.throws.iter().filter(|t| t.winner != play.main).count() as u8;
        let pos = d.order.0.iter().position(|&x| x == inviter).unwrap();
        match play.summary[pos] {
            Entry::Follower { tricks, .. } => assert_eq!(tricks, defenders),
            e => panic!("{e:?}"),
        }
        // the invited player's entry is 0; three cards a trick
        assert!(play.throws.iter().all(|t| t.cards().len() == 3));
        assert!(codes_of(&d).is_empty());
    }
}

#[test]
fn s10_quota_lint() {
    // flip a follower's fail flag on a deal the main passed: FOLLOWER_QUOTA (a warning only)
    for d in deals(10, |d| {
        d.play.as_ref().is_some_and(|p| {
            p.summary.iter().any(|e| matches!(e, Entry::Main { middle, .. } if *middle < 0))
                && p.accepted != Accepted::Nobody
        })
    }) {
        let mut flipped = d.clone();
        let play = flipped.play.as_mut().unwrap();
        let value = u64::from(play.value);
        for e in &mut play.summary {
            if let Entry::Follower { fail, .. } = e {
                *fail = if fail.is_some() { None } else { Some(value) };
                break;
            }
        }
        let codes = codes_of(&flipped);
        assert_eq!(
            codes,
            ["FOLLOWER_QUOTA"],
            "{}",
            write::write_game(&Game { tags: vec![], deals: vec![flipped.clone()] })
        );
    }
}
