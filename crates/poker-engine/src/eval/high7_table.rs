//! Standard high evaluation of up to seven cards by table lookup: a flush is read from one table
//! indexed by the suit's 13-bit rank mask; any other hand from a table indexed by a key that
//! tells apart every multiset of ranks. Every entry is computed by the bitwise evaluator
//! ([`super::high_any`]), so the two agree by construction; the tests compare them anyway.

use std::sync::OnceLock;

use super::{CAT, MAJOR, build_straights, plain_high};

/// Per-rank weights (deuce first) whose sums tell apart every multiset of at most seven ranks
/// with at most four of each. Up to the king each is the smallest weight above the previous one
/// that keeps all the sums distinct (a greedy search); the ace's is one more than the largest
/// sum of the others (4 kings and 3 queens), which is quicker to find and keeps keys below 2^26.
/// `multiset_keys_are_distinct` checks them.
const RANK_WEIGHT: [u32; 13] =
    [1, 5, 24, 112, 521, 2247, 9244, 30823, 103066, 250154, 667453, 1526359, 8107796];

/// A rank mask's key: the sum of its ranks' weights. The key of a hand is the sum over suits.
static SUIT_KEY: [u32; 8192] = build_suit_keys();

/// A suit's rank mask with five cards or more: its flush or straight flush value (0 otherwise).
static FLUSH: [u32; 8192] = build_flushes();

const fn build_suit_keys() -> [u32; 8192] {
    let mut table = [0u32; 8192];
    let mut mask = 0usize;
    while mask < 8192 {
        let mut sum = 0u32;
        let mut rank = 0;
        while rank < 13 {
            if mask & (1 << rank) != 0 {
                sum += RANK_WEIGHT[rank];
            }
            rank += 1;
        }
        table[mask] = sum;
        mask += 1;
    }
    table
}

const fn build_flushes() -> [u32; 8192] {
    let straights = build_straights();
    let mut table = [0u32; 8192];
    let mut mask = 0usize;
    while mask < 8192 {
        if mask.count_ones() >= 5 {
            let st = straights[mask] as u32;
            table[mask] = if st != 0 {
                8 << CAT | st << MAJOR
            } else {
                let mut top = mask as u32;
                while top.count_ones() > 5 {
                    top &= top - 1;
                }
                5 << CAT | top
            };
        }
        mask += 1;
    }
    table
}

/// Low bits of a key that index within a row of the displaced table.
const ROW_BITS: u32 = 12;

/// The values of every rank multiset, rows of `2^ROW_BITS` keys overlaid at offsets where their
/// entries do not collide (a displacement table: one lookup).
struct Table {
    offsets: Box<[u32]>,
    values: Box<[u32]>,
}

fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(build_table)
}

/// Calls `f(counts)` for every multiset of at most seven ranks with at most four of each.
pub(super) fn for_each_rank_multiset(mut f: impl FnMut(&[u8; 13])) {
    fn go(rank: usize, left: u8, counts: &mut [u8; 13], f: &mut dyn FnMut(&[u8; 13])) {
        if rank == 13 {
            f(counts);
            return;
        }
        for c in 0..=left.min(4) {
            counts[rank] = c;
            go(rank + 1, left - c, counts, f);
        }
        counts[rank] = 0;
    }
    go(0, 7, &mut [0; 13], &mut f);
}

/// Suit masks of a rank multiset: a rank held `k` times takes the first `k` suits, so no suit
/// holds five cards unless the multiset has five distinct ranks (which [`plain_high`] ignores).
pub(super) fn suits_of(counts: &[u8; 13]) -> [u32; 4] {
    let mut suits = [0u32; 4];
    for (rank, &count) in counts.iter().enumerate() {
        for suit in suits.iter_mut().take(count as usize) {
            *suit |= 1 << rank;
        }
    }
    suits
}

fn build_table() -> Table {
    let mut rows: Vec<Vec<(u32, u32)>> = Vec::new();
    for_each_rank_multiset(|counts| {
        let [c, d, h, s] = suits_of(counts);
        let key = SUIT_KEY[c as usize] + SUIT_KEY[d as usize] + SUIT_KEY[h as usize] + SUIT_KEY[s as usize];
        let row = (key >> ROW_BITS) as usize;
        if rows.len() <= row {
            rows.resize_with(row + 1, Vec::new);
        }
        rows[row].push((key & ((1 << ROW_BITS) - 1), plain_high(c, d, h, s, true)));
    });
    // Fullest rows first, each at the first offset where all its entries land on free slots.
    // Candidates put the row's lowest entry on a free slot, found a word of the bitset at a time
    // (a scan slot by slot through the packed start of the table took seconds).
    let mut order: Vec<usize> = (0..rows.len()).collect();
    order.sort_by_key(|&r| core::cmp::Reverse(rows[r].len()));
    let mut offsets = vec![0u32; rows.len()];
    let mut used: Vec<u64> = Vec::new();
    let mut values: Vec<u32> = Vec::new();
    let is_used = |used: &[u64], slot: usize| used.get(slot / 64).is_some_and(|w| w >> (slot % 64) & 1 == 1);
    for r in order {
        let row = &rows[r];
        let Some(lowest) = row.iter().map(|e| e.0 as usize).min() else { continue };
        let mut slot = lowest;
        let offset = loop {
            match used.get(slot / 64) {
                Some(&word) if word | ((1u64 << (slot % 64)) - 1) == u64::MAX => {
                    slot = (slot / 64 + 1) * 64;
                    continue;
                }
                Some(&word) => slot += (!word >> (slot % 64)).trailing_zeros() as usize,
                None => {}
            }
            let offset = slot - lowest;
            if row.iter().all(|&(low, _)| !is_used(&used, offset + low as usize)) {
                break offset;
            }
            slot += 1;
        };
        for &(low, value) in row {
            let at = offset + low as usize;
            if used.len() <= at / 64 {
                used.resize(at / 64 + 1, 0);
            }
            if values.len() <= at {
                values.resize(at + 1, 0);
            }
            used[at / 64] |= 1 << (at % 64);
            values[at] = value;
        }
        offsets[r] = offset as u32;
    }
    Table { offsets: offsets.into_boxed_slice(), values: values.into_boxed_slice() }
}

/// Standard high value of at most seven cards (a card-set bitset).
#[inline]
pub(super) fn high7_table(cards: u64) -> u32 {
    let c = (cards & 0x1fff) as usize;
    let d = ((cards >> 16) & 0x1fff) as usize;
    let h = ((cards >> 32) & 0x1fff) as usize;
    let s = ((cards >> 48) & 0x1fff) as usize;
    // At most one suit holds five of seven cards, and then the flush is the best hand.
    let flush = FLUSH[c] | FLUSH[d] | FLUSH[h] | FLUSH[s];
    if flush != 0 {
        return flush;
    }
    let key = SUIT_KEY[c] + SUIT_KEY[d] + SUIT_KEY[h] + SUIT_KEY[s];
    let table = table();
    let offset = table.offsets.get((key >> ROW_BITS) as usize).copied().unwrap_or(0);
    table.values.get((offset + (key & ((1 << ROW_BITS) - 1))) as usize).copied().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_holds_every_multiset() {
        let table = build_table();
        let mut n = 0;
        for_each_rank_multiset(|counts| {
            let [c, d, h, s] = suits_of(counts);
            let key =
                SUIT_KEY[c as usize] + SUIT_KEY[d as usize] + SUIT_KEY[h as usize] + SUIT_KEY[s as usize];
            let slot = table.offsets[(key >> ROW_BITS) as usize] + (key & ((1 << ROW_BITS) - 1));
            assert_eq!(table.values[slot as usize], plain_high(c, d, h, s, true));
            n += 1;
        });
        assert_eq!(n, 76_155);
    }

    #[test]
    fn multiset_keys_are_distinct() {
        let mut keys = Vec::new();
        for_each_rank_multiset(|counts| {
            keys.push(counts.iter().zip(RANK_WEIGHT).map(|(&c, w)| u32::from(c) * w).sum::<u32>());
        });
        let n = keys.len();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), n);
        // C(20, 7) multisets of at most 7 of 13 ranks, less the 13 * 105 with five of one rank.
        assert_eq!(n, 77_520 - 1_365);
    }
}
