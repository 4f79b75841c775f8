//! Standard high evaluation of up to seven cards by table lookup. The four suit masks' entries
//! ([`suit_entry`]) add up to the hand's rank-multiset key and card counts; a hand without a
//! five-card suit is then one lookup in the displacement table the build script wrote (every
//! multiset's value from the bitwise evaluator). A flush, or more than seven cards, goes to the
//! bitwise evaluator itself.

use super::bitwise::high_any;
use super::rank_key::{column_of, in_table, key_of, row_of, suit_entry};

include!(concat!(env!("OUT_DIR"), "/high7_table.rs"));

/// Each 13-bit suit mask's entry.
static SUIT_ENTRY: [u32; 8192] = build_suit_entries();

const fn build_suit_entries() -> [u32; 8192] {
    let mut table = [0u32; 8192];
    let mut mask = 0;
    while mask < 8192 {
        table[mask] = suit_entry(mask as u32);
        mask += 1;
    }
    table
}

/// Standard high value of any number of cards (a card-set bitset), as [`high_any`].
#[inline]
pub(super) fn high7_table(cards: u64) -> u32 {
    let entries = SUIT_ENTRY[(cards & 0x1fff) as usize]
        + SUIT_ENTRY[((cards >> 16) & 0x1fff) as usize]
        + SUIT_ENTRY[((cards >> 32) & 0x1fff) as usize]
        + SUIT_ENTRY[((cards >> 48) & 0x1fff) as usize];
    if !in_table(entries) {
        return high_any(cards);
    }
    let key = key_of(entries);
    let offset = OFFSETS[row_of(key, MULTIPLIER)] as usize;
    VALUES.get(offset + column_of(key)).copied().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::super::pack::{for_each_rank_multiset, multiset_values, pack, suits_of};
    use super::super::rank_key::{KEY_BITS, RANK_WEIGHT};
    use super::*;

    /// A card-set bitset from the four suit masks, each moved `rotate` suits along.
    fn hand(suits: [u32; 4], rotate: usize) -> u64 {
        (0..4).fold(0u64, |acc, k| acc | u64::from(suits[(k + rotate) % 4]) << (16 * k))
    }

    #[test]
    fn the_built_table_is_what_packing_gives() {
        let packed = pack(&multiset_values());
        assert_eq!(packed.multiplier, MULTIPLIER);
        assert_eq!(packed.offsets, OFFSETS);
        assert_eq!(packed.values, VALUES);
    }

    #[test]
    fn multiset_keys_are_distinct_and_fit() {
        let mut keys: Vec<u32> = multiset_values().iter().map(|e| e.0).collect();
        let n = keys.len();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), n);
        // C(20, 7) multisets of at most 7 of 13 ranks, less the 13 * 105 with five of one rank.
        assert_eq!(n, 77_520 - 1_365);
        // Four full suits' weights stay below the count field.
        assert!(4 * RANK_WEIGHT.iter().sum::<u32>() < 1 << KEY_BITS);
    }

    /// Every rank multiset in every rotation of its suits, every flush of five to seven cards
    /// beside other cards, and random hands of any size from none to thirteen cards.
    #[test]
    fn the_table_agrees_with_the_bitwise_evaluator() {
        let mut n = 0;
        for_each_rank_multiset(|counts| {
            let suits = suits_of(counts);
            for rotate in 0..4 {
                let set = hand(suits, rotate);
                assert_eq!(high7_table(set), high_any(set), "{counts:?}");
                n += 1;
            }
        });
        assert_eq!(n, 4 * 76_155);
        for mask in 0u64..8192 {
            if !(5..=7).contains(&mask.count_ones()) {
                continue;
            }
            for suit in 0..4 {
                let flush = mask << (16 * suit);
                let mut set = flush;
                // The same ranks in the next suit fill the hand up to seven cards.
                let mut filler = mask << (16 * ((suit + 1) % 4));
                while set.count_ones() < 7 && filler != 0 {
                    set |= filler & filler.wrapping_neg();
                    filler &= filler - 1;
                }
                assert_eq!(high7_table(set), high_any(set), "{set:#x}");
                assert_eq!(high7_table(flush), high_any(flush), "{flush:#x}");
            }
        }
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for i in 0..1_000_000u32 {
            let size = if i % 4 == 0 { i / 4 % 14 } else { 5 + i % 3 };
            let mut set = 0u64;
            while set.count_ones() < size {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let card = (seed % 52) as u32;
                set |= 1 << (16 * (card / 13) + card % 13);
            }
            assert_eq!(high7_table(set), high_any(set), "{set:#x}");
        }
    }

    #[test]
    #[ignore = "133 million hands; run with `cargo test -p cardnote-poker-engine --release -- --ignored`"]
    fn every_seven_card_hand() {
        let mut n = 0u64;
        // Every 7-subset of the 52 card positions (Gosper's hack), spread into the suit lanes.
        let mut compact = 0b111_1111u64;
        while compact < 1 << 52 {
            let mut set = 0u64;
            let mut rest = compact;
            while rest != 0 {
                let i = u64::from(rest.trailing_zeros());
                set |= 1 << (16 * (i / 13) + i % 13);
                rest &= rest - 1;
            }
            assert_eq!(high7_table(set), high_any(set), "{set:#x}");
            n += 1;
            let low = compact & compact.wrapping_neg();
            let ripple = compact + low;
            compact = (((ripple ^ compact) >> 2) / low) | ripple;
        }
        assert_eq!(n, 133_784_560);
    }
}
