//! Property tests: display → parse is the identity for every card, hand and set of the notations cards-core still
//! spells (each notation crate tests its own card text).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use cards_core::text::pbn;
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
    fn pbn_hands_round_trip(set in any_set()) {
        let text = pbn::write_hand(Some(set));
        prop_assert!(pbn::is_canonical_order(&text));
        prop_assert_eq!(pbn::parse_hand(&text).unwrap(), Some(set));
    }

    #[test]
    fn pbn_cards_round_trip(card in any_card()) {
        prop_assert_eq!(pbn::parse_card(&pbn::write_card(card)).unwrap(), card);
    }

    #[test]
    fn pbn_parser_never_panics(text in "[AKQJT2-9SHDC.x-]{0,20}") {
        if let Err(err) = pbn::parse_hand(&text) {
            prop_assert!(err.span.end <= text.len());
        }
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
