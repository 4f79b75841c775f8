//! Hand evaluators: standard high, short-deck high, Omaha high, 8-or-better low (any five and
//! Omaha), A-5 ("regular") low, 2-7 low and badugi.
//!
//! Every evaluator returns a [`HandValue`] where a **larger value is a better hand** for that hand
//! type (low types are inverted internally), and equal values are exactly the ties PokerKit sees
//! (same category, same ranks; suits never break ties).
//!
//! ```
//! use poker_engine::card_text as phh;
//! use poker_engine::eval::{evaluate, high7, HandType};
//! let cards = |t: &str| -> Vec<cards_core::Card> {
//!     phh::parse_cards(t).unwrap().into_iter().filter_map(|c| c.known()).collect()
//! };
//! let board = cards("Qh9h6hQc7s");
//! let flush = evaluate(HandType::ShortDeckHigh, &cards("AhKh"), &board).unwrap();
//! let full_house = evaluate(HandType::ShortDeckHigh, &cards("Qs9d"), &board).unwrap();
//! assert!(flush > full_house); // short deck: a flush beats a full house
//! let set: cards_core::CardSet = cards("AsKsQsJsTs2c3d").into_iter().collect();
//! assert_eq!(high7(set.0).category(), poker_engine::eval::Category::StraightFlush);
//! ```

use cards_core::Card;

use bitwise::{CAT, MAJOR, STRAIGHT, keep_top, lanes, plain_high, rank_index, top_bit};

mod bitwise;
mod high7_table;
#[cfg(test)]
mod pack;
mod rank_key;

/// A comparable hand strength: larger is better within one [`HandType`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct HandValue(pub u32);

/// The category of a standard high hand (see [`HandValue::category`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Category {
    /// No pair.
    HighCard,
    /// One pair.
    OnePair,
    /// Two pair.
    TwoPair,
    /// Three of a kind.
    ThreeOfAKind,
    /// Straight.
    Straight,
    /// Flush.
    Flush,
    /// Full house.
    FullHouse,
    /// Four of a kind.
    FourOfAKind,
    /// Straight flush.
    StraightFlush,
}

const CATEGORIES: [Category; 9] = [
    Category::HighCard,
    Category::OnePair,
    Category::TwoPair,
    Category::ThreeOfAKind,
    Category::Straight,
    Category::Flush,
    Category::FullHouse,
    Category::FourOfAKind,
    Category::StraightFlush,
];

impl HandValue {
    /// The category of a value returned by [`high7`] / [`high5`] (standard high only).
    #[must_use]
    pub fn category(self) -> Category {
        CATEGORIES.get((self.0 >> 26) as usize).copied().unwrap_or(Category::HighCard)
    }
}

/// The hand types PokerKit uses in the 11 PHH variants.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HandType {
    /// Best five of any cards, standard ranking (hold'em, stud).
    StandardHigh,
    /// Short-deck (6–A) high: flush beats full house, A-6-7-8-9 is the lowest straight.
    ShortDeckHigh,
    /// Omaha: exactly two hole cards and three board cards, standard ranking.
    OmahaHigh,
    /// 8-or-better low from any five cards (stud hi/lo).
    EightOrBetterLow,
    /// Omaha 8-or-better low (two hole + three board cards).
    OmahaEightOrBetterLow,
    /// A-5 low (razz): straights and flushes ignored, pairs count against.
    RegularLow,
    /// 2-7 low: the inverse of standard high; A-2-3-4-5 is ace high (PokerKit 0.7.7).
    DeuceToSevenLow,
    /// Badugi: the largest rainbow set of distinct ranks, ace low.
    Badugi,
}

impl HandType {
    /// Whether a lower hand wins (the value is still "larger is better").
    #[must_use]
    pub const fn is_low(self) -> bool {
        matches!(
            self,
            HandType::EightOrBetterLow
                | HandType::OmahaEightOrBetterLow
                | HandType::RegularLow
                | HandType::DeuceToSevenLow
                | HandType::Badugi
        )
    }
}

/// Standard high value of the best five cards of `cards` (a [`CardSet`](cards_core::CardSet) bitset), any number of
/// cards from five up. Fewer than five cards still give a value (of what is there).
///
/// Up to seven cards without a five-card suit are one lookup in a table the build script fills
/// from the bitwise evaluator (which takes flushes and more than seven cards), so the first call
/// costs no more than any other.
#[inline]
#[must_use]
pub fn high7(cards: u64) -> HandValue {
    HandValue(high7_table::high7_table(cards))
}

/// Standard high value of exactly five cards (or any number: the best five).
#[must_use]
pub fn high5(cards: &[Card]) -> HandValue {
    high7(set_of(cards))
}

fn set_of(cards: &[Card]) -> u64 {
    cards.iter().fold(0u64, |acc, c| acc | 1u64 << c.index())
}

/// 2-7 value of exactly five cards: standard high without the wheel straight, then inverted.
fn deuce_seven(cards: &[Card]) -> Option<HandValue> {
    if cards.len() != 5 {
        return None;
    }
    let [c, d, h, s] = lanes(set_of(cards));
    let mut v = 0;
    for suit in [c, d, h, s] {
        if suit.count_ones() >= 5 {
            let st = STRAIGHT[suit as usize] as u32;
            v = if st != 0 && st != 4 { 8 << CAT | st << MAJOR } else { 5 << CAT | keep_top(suit, 5) };
        }
    }
    if v == 0 {
        v = plain_high(c, d, h, s, false);
    }
    Some(HandValue(!v))
}

/// Short-deck high value of the best five cards; cards 2–5 cannot be used. `None` with fewer than
/// five usable cards.
fn short_deck(cards: u64) -> Option<HandValue> {
    const LOW: u64 = 0xf | 0xf << 16 | 0xf << 32 | 0xf << 48;
    let cards = cards & !LOW;
    if cards.count_ones() < 5 {
        return None;
    }
    let lanes = lanes(cards);
    const WHEEL: u32 = 1 << 12 | 0xf << 4; // A 6 7 8 9
    let straight = |mask: u32| -> u32 {
        let st = STRAIGHT[mask as usize] as u32;
        if st != 0 {
            st
        } else if mask & WHEEL == WHEEL {
            8
        } else {
            0
        }
    };
    let mut best = 0u32;
    for suit in lanes {
        if suit.count_ones() >= 5 {
            let st = straight(suit);
            let v = if st != 0 { 8 << CAT | st << MAJOR } else { 6 << CAT | keep_top(suit, 5) };
            best = best.max(v);
        }
    }
    let [c, d, h, s] = lanes;
    let ranks = c | d | h | s;
    let quads = c & d & h & s;
    let plain = if quads != 0 {
        let q = top_bit(quads);
        7 << CAT | rank_index(q) << MAJOR | top_bit(ranks & !q)
    } else {
        let trips = (c & d & h) | (c & d & s) | (c & h & s) | (d & h & s);
        let pairs = (c & d) | (c & h) | (c & s) | (d & h) | (d & s) | (h & s);
        let t = top_bit(trips);
        let st = straight(ranks);
        if t != 0 && pairs & !t != 0 {
            5 << CAT | rank_index(t) << MAJOR | top_bit(pairs & !t)
        } else if st != 0 {
            4 << CAT | st << MAJOR
        } else if t != 0 {
            3 << CAT | rank_index(t) << MAJOR | keep_top(ranks & !t, 2)
        } else if pairs.count_ones() >= 2 {
            let two = keep_top(pairs, 2);
            2 << CAT | two << MAJOR | top_bit(ranks & !two)
        } else if pairs != 0 {
            1 << CAT | rank_index(pairs) << MAJOR | keep_top(ranks & !pairs, 3)
        } else {
            keep_top(ranks, 5)
        }
    };
    Some(HandValue(best.max(plain)))
}

/// Ace-low rank index: A = 0, 2 = 1, …, K = 12.
#[inline]
fn low_rank(card: Card) -> u32 {
    (card.rank().index() as u32 + 1) % 13
}

/// Mask of ace-low ranks (bit 0 = ace … bit 12 = king).
fn low_rank_mask(cards: &[Card]) -> u32 {
    cards.iter().fold(0u32, |acc, &c| acc | 1 << low_rank(c))
}

/// 8-or-better low of any five cards: the five lowest distinct ranks A–8, if there are five.
fn eight_or_better(cards: &[Card]) -> Option<HandValue> {
    let mask = low_rank_mask(cards) & 0xff;
    if mask.count_ones() < 5 {
        return None;
    }
    let mut low = 0u32;
    let mut rest = mask;
    for _ in 0..5 {
        let bit = rest & rest.wrapping_neg();
        low |= bit;
        rest &= !bit;
    }
    Some(HandValue(!low))
}

/// The cards grouped by rank (`rank_of` gives 0..13): `(count, rank)` pairs sorted by count, then
/// rank, both descending, and how many there are (at most `N`).
fn rank_groups<const N: usize>(cards: &[Card], rank_of: impl Fn(Card) -> u32) -> ([(u8, u8); N], usize) {
    let mut counts = [0u8; 13];
    for &c in cards {
        if let Some(slot) = counts.get_mut(rank_of(c) as usize) {
            *slot += 1;
        }
    }
    let mut groups = [(0u8, 0u8); N];
    let mut n = 0usize;
    for (rank, &count) in counts.iter().enumerate().rev() {
        if count > 0
            && let Some(slot) = groups.get_mut(n)
        {
            *slot = (count, rank as u8);
            n += 1;
        }
    }
    if let Some(used) = groups.get_mut(..n) {
        used.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)));
    }
    (groups, n)
}

/// A-5 low value of exactly five cards in PokerKit's "regular" lookup order (smaller is better).
fn regular5(cards: &[Card; 5]) -> u32 {
    let (groups, n) = rank_groups::<5>(cards, low_rank);
    let used = groups.get(..n).unwrap_or_default();
    let shape: (u8, u8) = (used.first().map_or(0, |g| g.0), used.get(1).map_or(0, |g| g.0));
    let category = match shape {
        (4, _) => 5,
        (3, 2) => 4,
        (3, _) => 3,
        (2, 2) => 2,
        (2, _) => 1,
        _ => 0,
    };
    let mut packed = 0u32;
    for g in used.iter() {
        packed = packed << 4 | g.1 as u32;
    }
    packed <<= 4 * (5 - n as u32);
    category << 20 | packed
}

fn regular_low(cards: &[Card]) -> Option<HandValue> {
    if cards.len() < 5 {
        return None;
    }
    let mut best: Option<u32> = None;
    for_each_combination(cards.len(), 5, |idx| {
        let pick = [cards[idx[0]], cards[idx[1]], cards[idx[2]], cards[idx[3]], cards[idx[4]]];
        let v = regular5(&pick);
        if best.is_none_or(|b| v < b) {
            best = Some(v);
        }
    });
    best.map(|v| HandValue(!v))
}

fn badugi(cards: &[Card]) -> Option<HandValue> {
    let n = cards.len().min(16);
    for size in (1..=4usize).rev() {
        if size > n {
            continue;
        }
        let mut best: Option<u32> = None;
        for_each_combination(n, size, |idx| {
            let mut ranks = 0u32;
            let mut suits = 0u32;
            for &i in idx {
                let c = cards[i];
                ranks |= 1 << low_rank(c);
                suits |= 1 << c.suit().index();
            }
            if ranks.count_ones() as usize == size && suits.count_ones() as usize == size {
                // Lexicographic from the highest card = numeric order of the rank mask.
                if best.is_none_or(|b| ranks < b) {
                    best = Some(ranks);
                }
            }
        });
        if let Some(mask) = best {
            return Some(HandValue((size as u32) << 16 | (!mask & 0xffff)));
        }
    }
    None
}

/// Calls `f` with every `k`-combination of `0..n` (indices ascending), without allocating.
fn for_each_combination(n: usize, k: usize, mut f: impl FnMut(&[usize])) {
    if k == 0 || k > n || k > 8 {
        return;
    }
    let mut idx = [0usize; 8];
    for (i, slot) in idx.iter_mut().enumerate().take(k) {
        *slot = i;
    }
    loop {
        f(&idx[..k]);
        // Advance.
        let mut i = k;
        loop {
            if i == 0 {
                return;
            }
            i -= 1;
            if idx[i] < n - k + i {
                idx[i] += 1;
                for j in i + 1..k {
                    idx[j] = idx[j - 1] + 1;
                }
                break;
            }
        }
    }
}

/// Evaluates a hand of `hand_type` from known hole cards and board cards, as PokerKit's
/// `Hand.from_game`: `None` when no valid hand can be formed (too few cards, no qualifying low,
/// Omaha without two hole and three board cards, …).
#[must_use]
pub fn evaluate(hand_type: HandType, hole: &[Card], board: &[Card]) -> Option<HandValue> {
    match hand_type {
        HandType::StandardHigh => {
            if hole.len() + board.len() < 5 {
                return None;
            }
            let set = set_of(hole) | set_of(board);
            if set.count_ones() < 5 {
                return None;
            }
            Some(high7(set))
        }
        HandType::ShortDeckHigh => short_deck(set_of(hole) | set_of(board)),
        HandType::OmahaHigh => {
            // Masks of every hole pair and board triple, then the best union.
            let mut pairs = [0u64; 28];
            let mut np = 0;
            for_each_combination(hole.len().min(8), 2, |h| {
                pairs[np] = 1u64 << hole[h[0]].index() | 1u64 << hole[h[1]].index();
                np += 1;
            });
            let mut triples = [0u64; 56];
            let mut nt = 0;
            for_each_combination(board.len().min(8), 3, |b| {
                triples[nt] =
                    1u64 << board[b[0]].index() | 1u64 << board[b[1]].index() | 1u64 << board[b[2]].index();
                nt += 1;
            });
            let mut best: Option<HandValue> = None;
            for &p in &pairs[..np] {
                for &t in &triples[..nt] {
                    let five = p | t;
                    if five.count_ones() == 5 {
                        let v = high7(five);
                        if best.is_none_or(|b| v > b) {
                            best = Some(v);
                        }
                    }
                }
            }
            best
        }
        HandType::OmahaEightOrBetterLow => {
            let mut best: Option<HandValue> = None;
            for_each_combination(hole.len().min(8), 2, |h| {
                for_each_combination(board.len().min(8), 3, |b| {
                    let five = [hole[h[0]], hole[h[1]], board[b[0]], board[b[1]], board[b[2]]];
                    if let Some(v) = eight_or_better(&five)
                        && best.is_none_or(|b| v > b)
                    {
                        best = Some(v);
                    }
                });
            });
            best
        }
        HandType::EightOrBetterLow => {
            let mut all = [hole, board];
            let cards = collect(&mut all);
            if cards.len < 5 { None } else { eight_or_better(cards.as_slice()) }
        }
        HandType::RegularLow => regular_low(collect(&mut [hole, board]).as_slice()),
        HandType::DeuceToSevenLow => deuce_seven(collect(&mut [hole, board]).as_slice()),
        HandType::Badugi => badugi(collect(&mut [hole, board]).as_slice()),
    }
}

/// A small inline list of cards.
struct Cards16 {
    cards: [Card; 16],
    len: usize,
}

impl Cards16 {
    fn as_slice(&self) -> &[Card] {
        self.cards.get(..self.len).unwrap_or(&[])
    }
}

fn collect(parts: &mut [&[Card]]) -> Cards16 {
    let mut out = Cards16 { cards: [Card::new(cards_core::Rank::Two, cards_core::Suit::Clubs); 16], len: 0 };
    for part in parts.iter() {
        for &c in part.iter() {
            if let Some(slot) = out.cards.get_mut(out.len) {
                *slot = c;
                out.len += 1;
            }
        }
    }
    out
}

/// Stud opening rank of up cards (1–4 cards) as PokerKit's opening lookups: high (`low = false`,
/// deuce low, used by stud and stud/8) or low (`low = true`, ace low, razz). Larger is better for
/// the side that opens: for high the best showing hand opens, for low the lowest does, and this
/// value is already inverted for low so the largest value always opens. `None` for no cards or
/// shapes the lookup lacks (more than four cards).
#[must_use]
pub fn opening_value(up: &[Card], low: bool) -> Option<u32> {
    if up.is_empty() || up.len() > 4 {
        return None;
    }
    let (groups, n) = rank_groups::<4>(up, |c| if low { low_rank(c) } else { c.rank().index() as u32 });
    let used = groups.get(..n).unwrap_or_default();
    let top = used.first().map_or(0, |g| g.0);
    let second = used.get(1).map_or(0, |g| g.0);
    let kickers = n as u32 - 1;
    let category = match (top, second) {
        (1, _) => up.len() as u32 - 1, // 0..=3: high card with 1..4 cards
        (2, 2) => 7,                   // two pair
        (2, _) => 4 + kickers,         // 4..=6: pair with 0..2 kickers
        (3, _) => 8 + kickers,         // 8..=9: trips with 0..1 kicker
        (4, _) => 10,                  // quads
        _ => return None,
    };
    let mut packed = 0u32;
    for g in used.iter() {
        packed = packed << 4 | g.1 as u32;
    }
    packed <<= 4 * (4 - n as u32);
    let v = category << 16 | packed;
    Some(if low { !v } else { v })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card_text as phh;

    fn cards(text: &str) -> Vec<Card> {
        phh::parse_cards(text).unwrap_or_default().into_iter().filter_map(|c| c.known()).collect()
    }

    /// Brute-force reference for five cards: (category, tie-break ranks high to low).
    pub(super) fn reference5(five: &[Card], short: bool, wheel: bool) -> (u8, [u8; 5]) {
        let mut ranks: Vec<u8> = five.iter().map(|c| c.rank().index()).collect();
        ranks.sort_unstable_by(|a, b| b.cmp(a));
        let flush = five.iter().all(|c| c.suit() == five[0].suit());
        let mut distinct = ranks.clone();
        distinct.dedup();
        let mut straight_top = None;
        if distinct.len() == 5 {
            if distinct[0] - distinct[4] == 4 {
                straight_top = Some(distinct[0]);
            } else if !short && wheel && distinct == [12, 3, 2, 1, 0] {
                straight_top = Some(3);
            } else if short && distinct == [12, 7, 6, 5, 4] {
                straight_top = Some(7 - 1);
            }
        }
        let mut groups: Vec<(u8, u8)> = Vec::new();
        for &r in &distinct {
            groups.push((ranks.iter().filter(|&&x| x == r).count() as u8, r));
        }
        groups.sort_by(|a, b| b.cmp(a));
        let mut tb = [0u8; 5];
        for (i, g) in groups.iter().enumerate() {
            tb[i] = g.1;
        }
        let shape = (groups[0].0, groups.get(1).map_or(0, |g| g.0));
        let (fl, fh) = if short { (6, 5) } else { (5, 6) };
        let cat = match (straight_top, flush, shape) {
            (Some(t), true, _) => {
                tb = [t, 0, 0, 0, 0];
                8
            }
            (_, _, (4, _)) => 7,
            (_, _, (3, 2)) => fh,
            (_, true, _) => fl,
            (Some(t), false, _) => {
                tb = [t, 0, 0, 0, 0];
                4
            }
            (_, _, (3, _)) => 3,
            (_, _, (2, 2)) => 2,
            (_, _, (2, _)) => 1,
            _ => 0,
        };
        (cat, tb)
    }

    fn all_five_card_hands(mut f: impl FnMut(&[Card; 5])) {
        let deck: Vec<Card> = Card::all().collect();
        for a in 0..52 {
            for b in a + 1..52 {
                for c in b + 1..52 {
                    for d in c + 1..52 {
                        for e in d + 1..52 {
                            f(&[deck[a], deck[b], deck[c], deck[d], deck[e]]);
                        }
                    }
                }
            }
        }
    }

    /// Checks that `value` orders the hands exactly like `reference`: values sorted by reference
    /// key must be non-decreasing, and equal exactly when the reference keys are equal.
    fn same_order<K: Ord + Clone, V: Ord + Copy + core::fmt::Debug>(mut pairs: Vec<(K, V)>) {
        pairs.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.cmp(&b.1)));
        for w in pairs.windows(2) {
            let (k0, v0) = (&w[0].0, w[0].1);
            let (k1, v1) = (&w[1].0, w[1].1);
            if k0 == k1 {
                assert_eq!(v0, v1, "equal reference keys must tie");
            } else {
                assert!(v0 < v1, "order mismatch {v0:?} !< {v1:?}");
            }
        }
    }

    #[test]
    fn exhaustive_standard_high_five_cards() {
        let mut pairs = Vec::with_capacity(2_598_960);
        all_five_card_hands(|five| {
            assert_eq!(HandValue(bitwise::high_any(set_of(five))), high5(five));
            pairs.push((reference5(five, false, true), high5(five)));
        });
        assert_eq!(pairs.len(), 2_598_960);
        let mut cats = [0usize; 9];
        for p in &pairs {
            cats[p.1.category() as usize] += 1;
        }
        assert_eq!(cats, [1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 40]);
        same_order(pairs);
    }

    #[test]
    fn exhaustive_deuce_seven_five_cards() {
        let mut pairs = Vec::with_capacity(2_598_960);
        all_five_card_hands(|five| {
            let v = deuce_seven(five).map(|v| v.0).unwrap_or_default();
            // Low: a larger reference is a worse hand, so reverse the reference.
            pairs.push((core::cmp::Reverse(reference5(five, false, false)), v));
        });
        same_order(pairs);
    }

    #[test]
    fn exhaustive_short_deck_five_cards() {
        let deck: Vec<Card> = Card::all().filter(|c| c.rank().index() >= 4).collect();
        let mut pairs = Vec::new();
        let n = deck.len();
        for a in 0..n {
            for b in a + 1..n {
                for c in b + 1..n {
                    for d in c + 1..n {
                        for e in d + 1..n {
                            let five = [deck[a], deck[b], deck[c], deck[d], deck[e]];
                            let v = short_deck(set_of(&five)).map(|v| v.0).unwrap_or_default();
                            pairs.push((reference5(&five, true, true), v));
                        }
                    }
                }
            }
        }
        assert_eq!(pairs.len(), 376_992);
        same_order(pairs);
        assert_eq!(short_deck(set_of(&cards("2c6d7h8s9c"))), None);
    }

    #[test]
    fn exhaustive_lows_five_cards() {
        let mut regular = Vec::with_capacity(2_598_960);
        let mut eight = Vec::new();
        all_five_card_hands(|five| {
            // Reference A-5: groups by ace-low ranks, compared category then ranks, lower better.
            let mut r: Vec<u8> = five.iter().map(|&c| low_rank(c) as u8).collect();
            r.sort_unstable_by(|a, b| b.cmp(a));
            let mut distinct = r.clone();
            distinct.dedup();
            let mut groups: Vec<(u8, u8)> =
                distinct.iter().map(|&x| (r.iter().filter(|&&y| y == x).count() as u8, x)).collect();
            groups.sort_by(|a, b| b.cmp(a));
            let shape = (groups[0].0, groups.get(1).map_or(0, |g| g.0));
            let cat = match shape {
                (4, _) => 5,
                (3, 2) => 4,
                (3, _) => 3,
                (2, 2) => 2,
                (2, _) => 1,
                _ => 0,
            };
            let key: Vec<u8> = core::iter::once(cat).chain(groups.iter().map(|g| g.1)).collect();
            let v = regular_low(five).map(|v| v.0).unwrap_or_default();
            regular.push((core::cmp::Reverse(key.clone()), v));
            let qualifies = distinct.len() == 5 && distinct[0] <= 7;
            let e = eight_or_better(five);
            assert_eq!(qualifies, e.is_some());
            if let Some(e) = e {
                eight.push((core::cmp::Reverse(key), e.0));
            }
        });
        same_order(regular);
        assert_eq!(eight.len(), 56 * 1024);
        same_order(eight);
    }

    /// Hands at the edges of the categories, where a table or a bit trick could slip: each has
    /// its category, agrees with the bitwise evaluator, and the pairs below are ordered.
    #[test]
    fn category_boundaries() {
        use Category::*;
        let value = |text: &str| high7(set_of(&cards(text)));
        let cases = [
            ("Ah2c3d4s5h9cKd", Straight),        // the wheel
            ("Ah2c3d4s5h6cKd", Straight),        // six high, not the wheel
            ("AcKdQhJsTc2d3h", Straight),        // broadway
            ("AcKdQhJs9c2d3h", HighCard),        // no straight round the corner
            ("Kc2d3h4s5cAh", Straight),          // six cards, the wheel
            ("Ah2h3h4h5hKcKd", StraightFlush),   // the steel wheel
            ("Ah2h3h4h5h6hKc", StraightFlush),   // six-high straight flush over the steel wheel
            ("AhKhQhJhTh9h8h", StraightFlush),   // royal, seven suited
            ("2h5h7h9hJhTd8c", Flush),           // a flush over a straight
            ("AhAdAc9h7h5h2h", Flush),           // a flush over trips
            ("AhKhQhJh9h8h7h", Flush),           // seven suited, no straight
            ("2c2d2h3s3c4d5h", FullHouse),       // the lowest full house
            ("AcAdAhKcKdKh2s", FullHouse),       // two trips
            ("5c5d5h9c9dKcKd", FullHouse),       // trips and two pairs
            ("AcAdAhAsKcKdKh", FourOfAKind),     // quads and trips
            ("2c2d2h2s3c4d", FourOfAKind),       // six cards
            ("AcAdKcKdQcQd2h", TwoPair),         // three pairs
            ("5c6d7h8s9cTd9h", Straight),        // a straight with a pair
            ("AhKhQhJhTh", StraightFlush),       // five cards
            ("2c3d4h5s7c", HighCard),            // the worst five cards
            ("AcAd", OnePair),                   // fewer than five cards
            ("AhKhQhJhTh9h8h7h", StraightFlush), // eight cards (the bitwise path)
        ];
        for (text, category) in cases {
            let set = set_of(&cards(text));
            assert_eq!(value(text).category(), category, "{text}");
            assert_eq!(high7(set), HandValue(bitwise::high_any(set)), "{text}");
        }
        let ordered = [
            ("Ah2c3d4s5h9cKd", "Ah2c3d4s5h6cKd"), // the wheel is the lowest straight
            ("AhKhQhJh9h2c3d", "2c2d2h3s3c4d5h"), // a full house over a flush
            ("AcAdAhAsKcKdKh", "Ah2h3h4h5hKcKd"), // the steel wheel over aces full
            ("Ah2h3h4h5hKcKd", "Ah2h3h4h5h6hKc"),
            ("Ah2h3h4h5h6hKc", "AhKhQhJhTh9h8h"),
            ("AcAdKcKdJcJd2h", "AcAdKcKdQcQd2h"), // the third pair is a kicker
        ];
        for (low, high) in ordered {
            assert!(value(low) < value(high), "{low} vs {high}");
        }
        // Three pairs play the third pair's rank as the kicker, whatever its suits.
        assert_eq!(value("AcAdKcKdQcQd2h"), value("AsAhKsKh2cQh3h"));
    }

    #[test]
    fn seven_cards_equal_best_of_21_subsets() {
        // A deterministic pseudo-random sample (the full 133M run is the ignored test below).
        let deck: Vec<Card> = Card::all().collect();
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..200_000 {
            let mut set = 0u64;
            let mut picked = Vec::with_capacity(7);
            while picked.len() < 7 {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let c = deck[(seed % 52) as usize];
                if set & 1 << c.index() == 0 {
                    set |= 1 << c.index();
                    picked.push(c);
                }
            }
            let mut best = HandValue(0);
            for_each_combination(7, 5, |i| {
                let five = [picked[i[0]], picked[i[1]], picked[i[2]], picked[i[3]], picked[i[4]]];
                best = best.max(high5(&five));
            });
            assert_eq!(high7(set), best, "{picked:?}");
        }
    }

    #[test]
    #[ignore = "133 million hands; run with `cargo test -p cardnote-poker-engine --release -- --ignored`"]
    fn exhaustive_seven_cards() {
        let deck: Vec<Card> = Card::all().collect();
        let mut n = 0u64;
        for a in 0..52 {
            for b in a + 1..52 {
                for c in b + 1..52 {
                    for d in c + 1..52 {
                        for e in d + 1..52 {
                            for f in e + 1..52 {
                                for g in f + 1..52 {
                                    let seven =
                                        [deck[a], deck[b], deck[c], deck[d], deck[e], deck[f], deck[g]];
                                    let mut best = HandValue(0);
                                    for_each_combination(7, 5, |i| {
                                        let five =
                                            [seven[i[0]], seven[i[1]], seven[i[2]], seven[i[3]], seven[i[4]]];
                                        best = best.max(high5(&five));
                                    });
                                    assert_eq!(high7(set_of(&seven)), best);
                                    n += 1;
                                }
                            }
                        }
                    }
                }
            }
        }
        assert_eq!(n, 133_784_560);
    }

    #[test]
    fn digest_examples() {
        let board = cards("7h8c9dKhJs");
        let a6 = evaluate(HandType::ShortDeckHigh, &cards("As6d"), &board);
        let trips = evaluate(HandType::ShortDeckHigh, &cards("KsKd"), &board);
        assert!(a6 > trips);
        let t6 = evaluate(HandType::ShortDeckHigh, &cards("6sTd"), &board);
        assert!(t6 > a6);
        // 2-7 (0.7.7): the wheel is ace high and beats a pair.
        let wheel = evaluate(HandType::DeuceToSevenLow, &cards("As2d3h4c5d"), &[]);
        let kk = evaluate(HandType::DeuceToSevenLow, &cards("KsKd3h4c5s"), &[]);
        assert!(wheel > kk);
        let s75 = evaluate(HandType::DeuceToSevenLow, &cards("7s5d4h3c2d"), &[]);
        let s85 = evaluate(HandType::DeuceToSevenLow, &cards("8s5d4h3c2s"), &[]);
        assert!(s75 > s85);
        // Badugi.
        let b = |t: &str| evaluate(HandType::Badugi, &cards(t), &[]);
        assert!(b("KsQdJhTc") > b("As2s3h4d"));
        assert!(b("As2s3h4c") > b("Ad2d3c4d"));
        assert!(b("As2s2h4d") > b("AsAd3h4c"));
        // Razz: K-high beats a pair.
        let r = |t: &str| evaluate(HandType::RegularLow, &cards(t), &[]);
        assert!(r("KsQdJhTc9d") > r("AsAd2h3c4d"));
        // Omaha uses exactly two hole cards.
        let o = evaluate(HandType::OmahaHigh, &cards("AsKsQdJd"), &cards("AhKhQhJhTh"));
        assert_eq!(o.map(HandValue::category), Some(Category::Straight));
        assert_eq!(evaluate(HandType::OmahaHigh, &cards("AsKs"), &cards("AhKh")), None);
        // 8-or-better low.
        let l = evaluate(HandType::OmahaEightOrBetterLow, &cards("As2d9c9h"), &cards("3c4d8hKsKd"));
        assert!(l.is_some());
        assert_eq!(evaluate(HandType::OmahaEightOrBetterLow, &cards("As2d9c9h"), &cards("3c9dThKsKd")), None);
    }

    #[test]
    fn opening_values() {
        let hi = |t: &str| opening_value(&cards(t), false);
        assert_eq!(hi("9dTc"), hi("9hTd"));
        assert!(hi("9d9c") > hi("AhKd"));
        let lo = |t: &str| opening_value(&cards(t), true);
        assert!(lo("AcQd") > lo("KhQc"));
        assert!(lo("Ks2c") > lo("KhQc"));
        assert!(lo("AcQd") > lo("Ks2c"));
    }
}
