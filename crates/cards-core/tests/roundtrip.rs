//! Property tests: display → parse is the identity for every card, hand and set of every notation.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use cards_core::text::{phh, pinochle, pref};
use cards_core::{Card, CardCounts, CardSet, Deck, MaybeCard};
use proptest::prelude::*;

fn any_card() -> impl Strategy<Value = Card> {
    (0u8..52).prop_map(|i| Card::from_dense_index(i).unwrap())
}

fn any_set() -> impl Strategy<Value = CardSet> {
    any::<u64>().prop_map(|bits| CardSet(bits & CardSet::FULL.0))
}

fn deck_card(deck: Deck) -> impl Strategy<Value = Card> {
    let cards: Vec<Card> = deck.cards().iter().collect();
    proptest::sample::select(cards)
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

    #[test]
    fn pref_codes_round_trip(cards in proptest::collection::vec(deck_card(Deck::Preferans32), 0..32)) {
        let text = pref::write_codes(&cards);
        prop_assert_eq!(pref::parse_codes(&text).unwrap(), cards);
    }

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
