//! Serialization of cards-core values as their text (cards-core has no serde derives on cards).

use cards_core::{Card, CardSet, Compass};
use serde::Serializer;
use serde::ser::SerializeSeq;

pub(crate) fn opt_card<S: Serializer>(card: &Option<Card>, s: S) -> Result<S::Ok, S::Error> {
    match card {
        Some(card) => s.serialize_str(&crate::write::card_text(*card)),
        None => s.serialize_none(),
    }
}

pub(crate) fn opt_seat<S: Serializer>(seat: &Option<Compass>, s: S) -> Result<S::Ok, S::Error> {
    match seat {
        Some(seat) => s.serialize_char(seat.char()),
        None => s.serialize_none(),
    }
}

pub(crate) fn hands<S: Serializer>(hands: &[Option<CardSet>; 4], s: S) -> Result<S::Ok, S::Error> {
    let mut seq = s.serialize_seq(Some(4))?;
    for hand in hands {
        seq.serialize_element(&hand.map(crate::write::hand_text))?;
    }
    seq.end()
}
