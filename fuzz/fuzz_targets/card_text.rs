//! Card text of every notation: parsers never panic, and whatever parses writes back to text that
//! parses to the same value (a round-trip fixed point).
#![no_main]

use pbn::text as pbn;
use poker_engine::card_text as phh;
use ppn_pinochle::card_text as pinochle;
use ppn_pref::card_text as pref;
use libfuzzer_sys::fuzz_target;

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
    let _ = phh::parse_maybe_card(text);
    let _ = pbn::parse_card(text);
    let _ = pinochle::parse_card(text);
});
