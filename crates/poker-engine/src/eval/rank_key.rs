//! Keys of rank multisets, and the displacement table that maps each key to its hand value.
//!
//! A hand of at most seven cards without a flush is worth what its multiset of ranks is worth.
//! Each suit's 13-bit rank mask has an entry ([`suit_entry`]); the sum of the four entries is the
//! hand's key. The build script (`build.rs`, which includes this file and `pack.rs`) computes
//! every multiset's value with the bitwise evaluator and packs the values into a displacement
//! table; the crate reads it back with the same arithmetic ([`row_of`], [`column_of`]).

/// Per-rank weights (deuce first) whose sums tell apart every multiset of at most seven ranks
/// with at most four of each. Up to the king each is the smallest weight above the previous one
/// that keeps all the sums distinct (a greedy search); the ace's is one more than the largest
/// sum of the others (4 kings and 3 queens). The tests check them.
pub(crate) const RANK_WEIGHT: [u32; 13] =
    [1, 5, 24, 112, 521, 2247, 9244, 30823, 103066, 250154, 667453, 1526359, 8107796];

/// Bits of an entry below the count field: a sum of weights (of four full suits at most, below
/// 2^26).
pub(crate) const KEY_BITS: u32 = 26;

/// What a suit with five cards or more adds to the count field: any such suit pushes the field
/// past seven, as do more than seven cards in all.
const FLUSH_COUNT: u32 = 8;

/// A suit's rank mask's entry: the sum of its ranks' weights, and above [`KEY_BITS`] its number
/// of cards (or [`FLUSH_COUNT`] from five cards up). The four entries of a hand add up without
/// carries: the count fields sum to at most 32, the weights to less than 2^26.
pub(crate) const fn suit_entry(mask: u32) -> u32 {
    let mut sum = 0u32;
    let mut rank = 0;
    while rank < 13 {
        if mask & (1 << rank) != 0 {
            sum += RANK_WEIGHT[rank];
        }
        rank += 1;
    }
    let count = mask.count_ones();
    let field = if count >= 5 { FLUSH_COUNT } else { count };
    sum | field << KEY_BITS
}

/// Whether a sum of four entries is a hand of at most seven cards without a five-card suit, whose
/// key ([`key_of`]) the table holds.
#[inline]
pub(crate) const fn in_table(entries: u32) -> bool {
    entries < FLUSH_COUNT << KEY_BITS
}

/// The multiset key of a sum of entries.
#[inline]
pub(crate) const fn key_of(entries: u32) -> u32 {
    entries & ((1 << KEY_BITS) - 1)
}

/// Bits of a row number: the displacement table has `2^ROW_BITS` rows.
pub(crate) const ROW_BITS: u32 = 15;

/// Bits of a column: the low bits of a key place it within its row.
pub(crate) const COLUMN_BITS: u32 = 12;

/// The row of a key: the top bits of the key times an odd multiplier (chosen by the build so
/// that no two keys of one row share a column).
#[inline]
pub(crate) const fn row_of(key: u32, multiplier: u32) -> usize {
    (key.wrapping_mul(multiplier) >> (32 - ROW_BITS)) as usize
}

/// The column of a key within its row.
#[inline]
pub(crate) const fn column_of(key: u32) -> usize {
    (key & ((1 << COLUMN_BITS) - 1)) as usize
}
