//! The bitwise standard high evaluation: rank masks per suit, combined with `&` and `|`. It is the
//! reference the 7-card tables are computed from, so it stays free of the rest of the crate: the
//! build script (`build.rs`) includes this file to fill the tables.

/// Shift of the category in a value (`category << CAT`).
pub(crate) const CAT: u32 = 26;
/// Shift of the major rank (the quads, trips or pair rank, a straight's top) in a value.
pub(crate) const MAJOR: u32 = 13;

/// For a 13-bit rank mask (bit 0 = deuce … bit 12 = ace): 1 + the top rank index of the best
/// straight (the wheel A-2-3-4-5 gives 1 + 3), or 0 without a straight.
pub(crate) static STRAIGHT: [u8; 8192] = build_straights();

const fn build_straights() -> [u8; 8192] {
    let mut table = [0u8; 8192];
    let mut mask = 0usize;
    while mask < 8192 {
        let mut top = 12i32;
        let mut found = 0u8;
        while top >= 4 {
            let run = 0x1fusize << (top - 4);
            if mask & run == run {
                found = (top + 1) as u8;
                break;
            }
            top -= 1;
        }
        if found == 0 && mask & 0x100f == 0x100f {
            found = 4; // wheel: five high
        }
        table[mask] = found;
        mask += 1;
    }
    table
}

#[inline]
pub(crate) fn top_bit(mask: u32) -> u32 {
    if mask == 0 { 0 } else { 1 << (31 - mask.leading_zeros()) }
}

#[inline]
pub(crate) fn keep_top(mut mask: u32, n: u32) -> u32 {
    while mask.count_ones() > n {
        mask &= mask - 1;
    }
    mask
}

#[inline]
pub(crate) fn rank_index(bit: u32) -> u32 {
    31 - bit.leading_zeros()
}

/// The four 13-bit suit lanes of a card-set bitset (clubs, diamonds, hearts, spades).
#[inline]
pub(crate) fn lanes(cards: u64) -> [u32; 4] {
    [
        (cards & 0x1fff) as u32,
        ((cards >> 16) & 0x1fff) as u32,
        ((cards >> 32) & 0x1fff) as u32,
        ((cards >> 48) & 0x1fff) as u32,
    ]
}

/// The straight flush or flush value of one suit's rank mask holding five cards or more.
#[inline]
pub(crate) fn flush_high(suit: u32) -> u32 {
    let st = STRAIGHT[suit as usize] as u32;
    if st != 0 { 8 << CAT | st << MAJOR } else { 5 << CAT | keep_top(suit, 5) }
}

/// Standard high value of the best five of any number of cards (a card-set bitset).
#[inline]
pub(crate) fn high_any(cards: u64) -> u32 {
    let [c, d, h, s] = lanes(cards);
    let many = cards.count_ones() > 7;
    let mut flush_value = 0u32;
    for suit in [c, d, h, s] {
        if suit.count_ones() >= 5 {
            let v = flush_high(suit);
            // With seven cards or fewer a flush beats anything the other cards can make.
            if !many {
                return v;
            }
            flush_value = flush_value.max(v);
        }
    }
    plain_high(c, d, h, s, true).max(flush_value)
}

/// Non-flush part of the standard high evaluation (`wheel`: whether A-2-3-4-5 is a straight).
#[inline]
pub(crate) fn plain_high(c: u32, d: u32, h: u32, s: u32, wheel: bool) -> u32 {
    let ranks = c | d | h | s;
    let quads = c & d & h & s;
    if quads != 0 {
        let q = top_bit(quads);
        return 7 << CAT | rank_index(q) << MAJOR | top_bit(ranks & !q);
    }
    let trips = (c & d & h) | (c & d & s) | (c & h & s) | (d & h & s);
    let pairs = (c & d) | (c & h) | (c & s) | (d & h) | (d & s) | (h & s);
    let t = top_bit(trips);
    if t != 0 {
        let rest = pairs & !t;
        if rest != 0 {
            return 6 << CAT | rank_index(t) << MAJOR | top_bit(rest);
        }
    }
    let st = STRAIGHT[ranks as usize] as u32;
    if st != 0 && (wheel || st != 4) {
        return 4 << CAT | st << MAJOR;
    }
    if t != 0 {
        return 3 << CAT | rank_index(t) << MAJOR | keep_top(ranks & !t, 2);
    }
    if pairs != 0 {
        if pairs.count_ones() >= 2 {
            let two = keep_top(pairs, 2);
            return 2 << CAT | two << MAJOR | top_bit(ranks & !two);
        }
        return 1 << CAT | rank_index(pairs) << MAJOR | keep_top(ranks & !pairs, 3);
    }
    keep_top(ranks, 5)
}
