//! Property test: Preferans card codes write back to the same cards.

#![allow(clippy::unwrap_used)]

use cards_core::{Card, Deck};
use ppn_pref::card_text as pref;
use proptest::prelude::*;

fn deck_card(deck: Deck) -> impl Strategy<Value = Card> {
    let cards: Vec<Card> = deck.cards().iter().collect();
    proptest::sample::select(cards)
}

proptest! {
    #[test]
    fn pref_codes_round_trip(cards in proptest::collection::vec(deck_card(Deck::Preferans32), 0..32)) {
        let text = pref::write_codes(&cards);
        prop_assert_eq!(pref::parse_codes(&text).unwrap(), cards);
    }
}
