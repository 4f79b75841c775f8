//! Property tests: PHH card runs write back exactly as read, and the parser accepts exactly the
//! runs a plain reading of the notation accepts (two bytes a card: a rank of `23456789TJQKA` and
//! a suit of `cdhs`, or `??`).

#![allow(clippy::unwrap_used)]

use cards_core::{Card, MaybeCard};
use poker_engine::card_text as phh;
use proptest::prelude::*;

fn any_card() -> impl Strategy<Value = Card> {
    (0u8..52).prop_map(|i| Card::from_dense_index(i).unwrap())
}

/// The notation read plainly, independently of the parser.
fn is_card_run(text: &str) -> bool {
    let b = text.as_bytes();
    b.len().is_multiple_of(2)
        && b.chunks(2).all(|c| c == b"??" || (b"23456789TJQKA".contains(&c[0]) && b"cdhs".contains(&c[1])))
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
    fn phh_parser_accepts_exactly_the_notation(text in "([2-9TJQKA?][cdhs?]|\\PC){0,10}") {
        match phh::parse_cards(&text) {
            Ok(cards) => {
                prop_assert!(is_card_run(&text), "{:?} accepted as {:?}", text, cards);
                prop_assert_eq!(phh::write_cards(&cards), text);
            }
            Err(e) => {
                prop_assert!(!is_card_run(&text), "{:?} refused: {:?}", text, e);
                prop_assert!(e.span.end <= text.len() && e.span.start <= e.span.end, "{:?}", e);
            }
        }
    }
}
