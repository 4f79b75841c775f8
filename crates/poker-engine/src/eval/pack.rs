//! Packing every rank multiset's value into the displacement table read by `high7_table.rs`.
//! Run by the build script (`build.rs` includes this file); the crate's tests run it too.

use super::bitwise::plain_high;
use super::rank_key::{ROW_BITS, column_of, key_of, row_of, suit_entry};

/// The packed table: the value of a key sits at `values[offsets[row_of(key, multiplier)] +
/// column_of(key)]`.
pub(crate) struct Packed {
    pub(crate) multiplier: u32,
    pub(crate) offsets: Vec<u32>,
    pub(crate) values: Vec<u32>,
}

/// The first multiplier tried; the next ones step by another odd constant.
const FIRST_MULTIPLIER: u32 = 0x9e37_79b9;

/// Every multiset of at most seven ranks as `(key, value)`, the value from the bitwise evaluator.
pub(crate) fn multiset_values() -> Vec<(u32, u32)> {
    let mut entries = Vec::with_capacity(76_155);
    for_each_rank_multiset(|counts| {
        let [c, d, h, s] = suits_of(counts);
        entries.push((key_of_suits([c, d, h, s]), plain_high(c, d, h, s, true)));
    });
    entries
}

/// Packs `entries` (distinct keys): tries multipliers until no two keys of a row share a column,
/// then overlays the rows.
pub(crate) fn pack(entries: &[(u32, u32)]) -> Packed {
    let mut multiplier = FIRST_MULTIPLIER;
    loop {
        if let Some(rows) = rows_of(entries, multiplier) {
            let (offsets, values) = overlay(&rows);
            return Packed { multiplier, offsets, values };
        }
        multiplier = multiplier.wrapping_add(0x6a09_e667) | 1;
    }
}

/// The entries split into rows of `(column, value)`, each sorted by column; `None` when two keys
/// of a row share a column.
fn rows_of(entries: &[(u32, u32)], multiplier: u32) -> Option<Vec<Vec<(usize, u32)>>> {
    let mut rows: Vec<Vec<(usize, u32)>> = vec![Vec::new(); 1 << ROW_BITS];
    for &(key, value) in entries {
        rows.get_mut(row_of(key, multiplier))?.push((column_of(key), value));
    }
    for row in &mut rows {
        row.sort_unstable_by_key(|e| e.0);
        if row.windows(2).any(|w| w[0].0 == w[1].0) {
            return None;
        }
    }
    Some(rows)
}

/// Places the rows, fullest first, each at the lowest offset where all its entries land on free
/// slots. Candidate offsets put the row's first entry on a free slot, found a bitset word at a time.
fn overlay(rows: &[Vec<(usize, u32)>]) -> (Vec<u32>, Vec<u32>) {
    let mut order: Vec<usize> = (0..rows.len()).filter(|&r| !rows[r].is_empty()).collect();
    order.sort_by_key(|&r| (core::cmp::Reverse(rows[r].len()), r));
    let mut offsets = vec![0u32; rows.len()];
    let mut used: Vec<u64> = Vec::new();
    let mut values: Vec<u32> = Vec::new();
    let is_used = |used: &[u64], at: usize| used.get(at / 64).is_some_and(|w| w >> (at % 64) & 1 == 1);
    for r in order {
        let row = &rows[r];
        let first = row.first().map_or(0, |e| e.0);
        let mut slot = first;
        let offset = loop {
            if let Some(&word) = used.get(slot / 64) {
                let free = !word >> (slot % 64);
                if free == 0 {
                    slot = (slot / 64 + 1) * 64;
                    continue;
                }
                slot += free.trailing_zeros() as usize;
            }
            let offset = slot - first;
            if row.iter().all(|&(column, _)| !is_used(&used, offset + column)) {
                break offset;
            }
            slot += 1;
        };
        for &(column, value) in row {
            let at = offset + column;
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
    (offsets, values)
}

/// Calls `f(counts)` for every multiset of at most seven ranks with at most four of each.
pub(crate) fn for_each_rank_multiset(mut f: impl FnMut(&[u8; 13])) {
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
/// holds five cards unless the multiset has five distinct ranks (which only a flush would use).
pub(crate) fn suits_of(counts: &[u8; 13]) -> [u32; 4] {
    let mut suits = [0u32; 4];
    for (rank, &count) in counts.iter().enumerate() {
        for suit in suits.iter_mut().take(count as usize) {
            *suit |= 1 << rank;
        }
    }
    suits
}

/// The key of a hand given as its four suit masks.
pub(crate) const fn key_of_suits(suits: [u32; 4]) -> u32 {
    key_of(suit_entry(suits[0]) + suit_entry(suits[1]) + suit_entry(suits[2]) + suit_entry(suits[3]))
}
