//! Property tests: PHH card runs write back exactly as read, and the parser never panics.

#![allow(clippy::unwrap_used)]

use cards_core::{Card, MaybeCard};
use poker_engine::card_text as phh;
use proptest::prelude::*;

fn any_card() -> impl Strategy<Value = Card> {
    (0u8..52).prop_map(|i| Card::from_dense_index(i).unwrap())
}

proptest! {
    #[test]
    fn phh_card_runs_round_trip(cards in proptest::collection::vec(
        prop_oneof![any_card().prop_map(MaybeCard::Known), Just(MaybeCard::Unknown)], 0..12)) {
        let text = phh::write_cards(&cards);
        prop_assert_eq!(text.len(), cards.len() * 2);
        prop_assert_eq!(phh::parse_cards(&text).unwrap(), cards);
    }

    #[test]
    fn phh_parser_never_panics(text in "\\PC{0,16}") {
        let _ = phh::parse_cards(&text);
    }
}
