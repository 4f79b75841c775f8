//! Property tests of the notation-free types: cards and card sets (each notation crate tests its own
//! card text).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use cards_core::{Card, CardSet};
use proptest::prelude::*;

fn any_card() -> impl Strategy<Value = Card> {
    (0u8..52).prop_map(|i| Card::from_dense_index(i).unwrap())
}

fn any_set() -> impl Strategy<Value = CardSet> {
    any::<u64>().prop_map(|bits| CardSet(bits & CardSet::FULL.0))
}

proptest! {
    #[test]
    fn dense_index_round_trips(card in any_card()) {
        prop_assert_eq!(Card::from_dense_index(card.dense_index()), Some(card));
    }

    #[test]
    fn set_iteration_matches_membership(set in any_set()) {
        let cards: Vec<Card> = set.iter().collect();
        prop_assert_eq!(cards.len(), set.len());
        prop_assert!(cards.windows(2).all(|w| w[0] < w[1]));
        prop_assert_eq!(cards.iter().copied().collect::<CardSet>(), set);
        for card in Card::all() {
            prop_assert_eq!(set.contains(card), cards.contains(&card));
        }
    }
}
