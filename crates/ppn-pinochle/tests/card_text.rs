//! Property tests: Pinochle cards and hands write back to the same values.

#![allow(clippy::unwrap_used)]

use cards_core::{Card, CardCounts, Deck};
use ppn_pinochle::card_text as pinochle;
use proptest::prelude::*;

fn deck_card(deck: Deck) -> impl Strategy<Value = Card> {
    let cards: Vec<Card> = deck.cards().iter().collect();
    proptest::sample::select(cards)
}

proptest! {
    #[test]
    fn pinochle_hands_round_trip(cards in proptest::collection::vec(deck_card(Deck::Pinochle80), 0..30)) {
        let mut hand = CardCounts::new();
        for card in cards {
            if hand.count(card) < 4 {
                hand.insert(card);
            }
        }
        let text = pinochle::write_hand(&hand);
        prop_assert_eq!(pinochle::parse_hand(&text).unwrap(), hand);
    }

    #[test]
    fn pinochle_cards_round_trip(card in deck_card(Deck::Pinochle80)) {
        prop_assert_eq!(pinochle::parse_card(&pinochle::write_card(card)).unwrap(), card);
    }
}
