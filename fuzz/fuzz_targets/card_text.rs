//! Card text of every notation: parsers never panic, whatever parses writes back to text that
//! parses to the same value (a round-trip fixed point), and the three single-card parsers agree:
//! PBN reads `SA` exactly when PHH reads `As` (the same card), and every card Pinochle reads (its
//! ranks 9 to A) PBN reads the same.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pbn::text as pbn;
use poker_engine::card_text as phh;
use ppn_pinochle::card_text as pinochle;
use ppn_pref::card_text as pref;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(cards) = phh::parse_cards(text) {
        let written = phh::write_cards(&cards);
        assert_eq!(written, text, "PHH card runs are written exactly as read");
    }
    if let Ok(hand) = pbn::parse_hand(text) {
        let written = pbn::write_hand(hand);
        assert_eq!(pbn::parse_hand(&written).ok(), Some(hand));
    }
    if let Ok(hand) = pinochle::parse_hand(text) {
        let written = pinochle::write_hand(&hand);
        assert_eq!(written, text, "Pinochle hands are canonical when they parse");
    }
    if let Ok(cards) = pref::parse_codes(text) {
        assert_eq!(pref::write_codes(&cards), text);
    }
    let phh_card = phh::parse_maybe_card(text);
    let pbn_card = pbn::parse_card(text);
    let pinochle_card = pinochle::parse_card(text);
    if let Ok(card) = pinochle_card {
        assert_eq!(pbn_card, Ok(card), "Pinochle reads {text:?}, PBN does not read it the same");
    }
    if let Ok(card) = pbn_card
        && matches!(card.rank().char(), '9' | 'T' | 'J' | 'Q' | 'K' | 'A')
    {
        assert_eq!(pinochle_card, Ok(card), "PBN reads {text:?}, Pinochle does not read it the same");
    }
    if let Ok(cards_core::MaybeCard::Known(card)) = phh_card {
        assert_eq!(pbn::parse_card(&pbn::write_card(card)), Ok(card));
    }
    // The same card with its suit and rank swapped: `SA` against `As`. A lower-case suit letter
    // first is PHH's suit but not PBN's, so it is left out.
    if let [s, r] = text.as_bytes()
        && !b"cdhs".contains(s)
        && let Ok(swapped) = std::str::from_utf8(&[*r, s.to_ascii_lowercase()])
    {
        let phh_swapped = match phh::parse_maybe_card(swapped) {
            Ok(cards_core::MaybeCard::Known(card)) => Some(card),
            _ => None,
        };
        assert_eq!(pbn_card.ok(), phh_swapped, "PBN {text:?} against PHH {swapped:?}");
    }
});
