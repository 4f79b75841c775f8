//! Hand evaluators against brute force: for random distinct cards, each evaluator must order hands
//! exactly as a naive "best five of all subsets" classifier does (standard high, Omaha high, 2-7
//! low, A-5 low, 8-or-better low, badugi), and the 7-card evaluators must equal the best of their
//! 5-card subsets (standard and short-deck high).
#![no_main]

use cards_core::{Card, CardSet};
use libfuzzer_sys::fuzz_target;
use poker_engine::eval::{HandType, HandValue, evaluate, high7};

/// A naive key: category then tie-break ranks, larger is better.
type Key = (u8, Vec<u8>);

/// Ranks 0 (deuce) ..= 12 (ace), or ace low (0 = ace ..= 12 = king) when `ace_low`.
fn rank(c: Card, ace_low: bool) -> u8 {
    let r = c.rank().index();
    if ace_low { (r + 1) % 13 } else { r }
}

/// Ranks grouped by multiplicity: counts descending then rank descending, each rank once.
fn groups(ranks: &[u8]) -> (Vec<u8>, Vec<u8>) {
    let mut counts = [0u8; 13];
    for &r in ranks {
        counts[r as usize] += 1;
    }
    let mut g: Vec<(u8, u8)> =
        (0..13u8).filter(|&r| counts[r as usize] > 0).map(|r| (counts[r as usize], r)).collect();
    g.sort_by(|a, b| b.cmp(a));
    (g.iter().map(|x| x.0).collect(), g.iter().map(|x| x.1).collect())
}

fn pair_category(shape: &[u8]) -> u8 {
    match shape {
        [4, ..] => 7,
        [3, 2, ..] => 6,
        [3, ..] => 3,
        [2, 2, ..] => 2,
        [2, ..] => 1,
        _ => 0,
    }
}

/// Standard high key of exactly five cards; `wheel` says whether A-2-3-4-5 is a straight.
fn high_key(five: &[Card], wheel: bool) -> Key {
    let ranks: Vec<u8> = five.iter().map(|&c| rank(c, false)).collect();
    let flush = five.iter().all(|c| c.suit() == five[0].suit());
    let (shape, order) = groups(&ranks);
    let straight_top = if shape.len() == 5 {
        let (max, min) = (order[0], order[4]);
        if max - min == 4 {
            Some(max)
        } else if wheel && order == [12, 3, 2, 1, 0] {
            Some(3)
        } else {
            None
        }
    } else {
        None
    };
    match (straight_top, flush) {
        (Some(top), true) => (8, vec![top]),
        (_, true) if pair_category(&shape) < 5 => (5, order),
        (Some(top), false) if pair_category(&shape) < 4 => (4, vec![top]),
        _ => (pair_category(&shape), order),
    }
}

fn subsets(cards: &[Card], k: usize, f: &mut impl FnMut(&[Card])) {
    fn go(cards: &[Card], k: usize, start: usize, acc: &mut Vec<Card>, f: &mut impl FnMut(&[Card])) {
        if acc.len() == k {
            f(acc);
            return;
        }
        for i in start..cards.len() {
            acc.push(cards[i]);
            go(cards, k, i + 1, acc, f);
            acc.pop();
        }
    }
    go(cards, k, 0, &mut Vec::new(), f);
}

fn best<K: Ord + Clone>(cards: &[Card], k: usize, key: impl Fn(&[Card]) -> K) -> Option<K> {
    let mut out: Option<K> = None;
    subsets(cards, k, &mut |s| {
        let v = key(s);
        if out.as_ref().is_none_or(|b| v > *b) {
            out = Some(v);
        }
    });
    out
}

/// A-5 low key, "larger is better": pairs count against, straights and flushes ignored.
fn a5_key(five: &[Card]) -> std::cmp::Reverse<Key> {
    let ranks: Vec<u8> = five.iter().map(|&c| rank(c, true)).collect();
    let (shape, order) = groups(&ranks);
    std::cmp::Reverse((pair_category(&shape), order))
}

/// 8-or-better: five distinct ranks, all eight or lower (ace low); lower is better.
fn eight_key(five: &[Card]) -> Option<std::cmp::Reverse<Vec<u8>>> {
    let ranks: Vec<u8> = five.iter().map(|&c| rank(c, true)).collect();
    let (shape, order) = groups(&ranks);
    (shape.len() == 5 && order[0] <= 7).then_some(std::cmp::Reverse(order))
}

/// Badugi: the most cards of distinct suits and ranks, then the lowest (ace low) from the top.
fn badugi_key(cards: &[Card]) -> (usize, std::cmp::Reverse<Vec<u8>>) {
    let mut out = (0, std::cmp::Reverse(vec![]));
    for k in 1..=cards.len().min(4) {
        subsets(cards, k, &mut |s| {
            let mut suits: Vec<_> = s.iter().map(|c| c.suit()).collect();
            suits.sort();
            suits.dedup();
            let mut ranks: Vec<u8> = s.iter().map(|&c| rank(c, true)).collect();
            ranks.sort_by(|a, b| b.cmp(a));
            let mut distinct = ranks.clone();
            distinct.dedup();
            if suits.len() == k && distinct.len() == k {
                let key = (k, std::cmp::Reverse(ranks));
                if key > out {
                    out = key;
                }
            }
        });
    }
    out
}

fn take_cards(data: &mut &[u8], n: usize, used: &mut CardSet, short: bool) -> Vec<Card> {
    let mut out = Vec::new();
    while out.len() < n {
        let Some((&b, rest)) = data.split_first() else { break };
        *data = rest;
        let Some(c) = Card::from_dense_index(b % 52) else { continue };
        if short && c.rank().index() < 4 {
            continue;
        }
        if !used.insert(c) {
            continue;
        }
        out.push(c);
    }
    out
}

fn set_of(cards: &[Card]) -> u64 {
    cards.iter().fold(0, |acc, c| acc | 1u64 << c.index())
}

fn agree<K: Ord + std::fmt::Debug>(
    what: &str,
    a: (HandValue, K),
    b: (HandValue, K),
    cards: &dyn std::fmt::Debug,
) {
    let engine = a.0.cmp(&b.0);
    let naive = a.1.cmp(&b.1);
    assert_eq!(
        engine, naive,
        "{what}: engine {:?} vs {:?}, naive {:?} vs {:?}, cards {cards:?}",
        a.0, b.0, a.1, b.1
    );
}

fuzz_target!(|data: &[u8]| {
    let Some((&mode, mut data)) = data.split_first() else { return };
    let mut used = CardSet::EMPTY;
    match mode % 8 {
        0 => {
            // Standard high, 5 to 9 cards each, against the best five.
            let n = 5 + (mode as usize / 8) % 5;
            let a = take_cards(&mut data, n, &mut used, false);
            let b = take_cards(&mut data, n, &mut used, false);
            if a.len() < n || b.len() < n {
                return;
            }
            let ka = best(&a, 5, |s| high_key(s, true));
            let kb = best(&b, 5, |s| high_key(s, true));
            let (Some(ka), Some(kb)) = (ka, kb) else { return };
            let va = high7(set_of(&a));
            assert_eq!(va.category() as u8, ka.0, "category of {a:?}");
            let sub = best(&a, 5, |s| high7(set_of(s)));
            assert_eq!(sub, Some(va), "high7 is not the best of its 5-card subsets: {a:?}");
            assert_eq!(evaluate(HandType::StandardHigh, &a[..2], &a[2..]), Some(va));
            agree("standard high", (va, ka), (high7(set_of(&b)), kb), &(&a, &b));
        }
        1 => {
            // Omaha high: exactly two of four hole cards and three of five board cards.
            let board = take_cards(&mut data, 5, &mut used, false);
            let a = take_cards(&mut data, 4, &mut used, false);
            let b = take_cards(&mut data, 4, &mut used, false);
            if board.len() < 5 || a.len() < 4 || b.len() < 4 {
                return;
            }
            let key = |hole: &[Card]| {
                let mut k: Option<Key> = None;
                subsets(hole, 2, &mut |h| {
                    subsets(&board, 3, &mut |bd| {
                        let five: Vec<Card> = h.iter().chain(bd).copied().collect();
                        let v = high_key(&five, true);
                        if k.as_ref().is_none_or(|x| v > *x) {
                            k = Some(v);
                        }
                    });
                });
                k
            };
            let (Some(va), Some(vb)) =
                (evaluate(HandType::OmahaHigh, &a, &board), evaluate(HandType::OmahaHigh, &b, &board))
            else {
                panic!("Omaha high gave no value for four hole and five board cards");
            };
            let (Some(ka), Some(kb)) = (key(&a), key(&b)) else { return };
            agree("omaha high", (va, ka), (vb, kb), &(&board, &a, &b));
        }
        2 => {
            // 2-7 low: exactly five cards, the inverse of standard high without the wheel straight.
            let a = take_cards(&mut data, 5, &mut used, false);
            let b = take_cards(&mut data, 5, &mut used, false);
            if a.len() < 5 || b.len() < 5 {
                return;
            }
            let (Some(va), Some(vb)) =
                (evaluate(HandType::DeuceToSevenLow, &a, &[]), evaluate(HandType::DeuceToSevenLow, &b, &[]))
            else {
                panic!("2-7 gave no value for five cards");
            };
            let ka = std::cmp::Reverse(high_key(&a, false));
            let kb = std::cmp::Reverse(high_key(&b, false));
            agree("2-7 low", (va, ka), (vb, kb), &(&a, &b));
        }
        3 => {
            // A-5 low from 5 to 7 cards.
            let n = 5 + (mode as usize / 8) % 3;
            let a = take_cards(&mut data, n, &mut used, false);
            let b = take_cards(&mut data, n, &mut used, false);
            if a.len() < n || b.len() < n {
                return;
            }
            let (Some(va), Some(vb)) =
                (evaluate(HandType::RegularLow, &a, &[]), evaluate(HandType::RegularLow, &b, &[]))
            else {
                panic!("A-5 low gave no value for {n} cards");
            };
            let (Some(ka), Some(kb)) = (best(&a, 5, a5_key), best(&b, 5, a5_key)) else { return };
            agree("A-5 low", (va, ka), (vb, kb), &(&a, &b));
        }
        4 => {
            // 8-or-better low from 5 to 7 cards: qualifies exactly when the naive search finds one.
            let n = 5 + (mode as usize / 8) % 3;
            let a = take_cards(&mut data, n, &mut used, false);
            let b = take_cards(&mut data, n, &mut used, false);
            if a.len() < n || b.len() < n {
                return;
            }
            let va = evaluate(HandType::EightOrBetterLow, &a, &[]);
            let vb = evaluate(HandType::EightOrBetterLow, &b, &[]);
            let ka = best(&a, 5, eight_key).flatten();
            let kb = best(&b, 5, eight_key).flatten();
            assert_eq!(va.is_some(), ka.is_some(), "8-or-better qualification of {a:?}");
            assert_eq!(vb.is_some(), kb.is_some(), "8-or-better qualification of {b:?}");
            if let (Some(va), Some(vb), Some(ka), Some(kb)) = (va, vb, ka, kb) {
                agree("8-or-better low", (va, ka), (vb, kb), &(&a, &b));
            }
        }
        5 => {
            // Badugi: four cards.
            let a = take_cards(&mut data, 4, &mut used, false);
            let b = take_cards(&mut data, 4, &mut used, false);
            if a.len() < 4 || b.len() < 4 {
                return;
            }
            let (Some(va), Some(vb)) =
                (evaluate(HandType::Badugi, &a, &[]), evaluate(HandType::Badugi, &b, &[]))
            else {
                panic!("badugi gave no value for four cards");
            };
            agree("badugi", (va, badugi_key(&a)), (vb, badugi_key(&b)), &(&a, &b));
        }
        6 => {
            // Short deck: the 7-card value is the best of the 5-card subsets.
            let a = take_cards(&mut data, 7, &mut used, true);
            if a.len() < 7 {
                return;
            }
            let whole = evaluate(HandType::ShortDeckHigh, &a[..2], &a[2..]);
            let sub = best(&a, 5, |s| evaluate(HandType::ShortDeckHigh, &s[..2], &s[2..]));
            assert_eq!(whole, sub.flatten(), "short deck 7-card value is not the best 5: {a:?}");
        }
        _ => {
            // Arbitrary card counts and duplicates: never panics.
            let hole: Vec<Card> =
                data.iter().take(9).filter_map(|&b| Card::from_dense_index(b % 52)).collect();
            let board: Vec<Card> =
                data.iter().skip(9).take(9).filter_map(|&b| Card::from_dense_index(b % 52)).collect();
            for t in [
                HandType::StandardHigh,
                HandType::ShortDeckHigh,
                HandType::OmahaHigh,
                HandType::EightOrBetterLow,
                HandType::OmahaEightOrBetterLow,
                HandType::RegularLow,
                HandType::DeuceToSevenLow,
                HandType::Badugi,
            ] {
                let _ = evaluate(t, &hole, &board);
            }
            let _ = poker_engine::eval::opening_value(&hole[..hole.len().min(4)], mode & 16 != 0);
            let _ = high7(u64::from_le_bytes(std::array::from_fn(|i| data.get(i).copied().unwrap_or(0))));
        }
    }
});
