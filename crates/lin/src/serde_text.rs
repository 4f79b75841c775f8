//! Serialization of cards-core values as their text (cards-core has no serde derives on cards),
//! and of calls in the JSON form LIN's records have always had.

use bridge_core::{Call, Denomination};
use cards_core::{Card, CardSet, Compass};
use serde::ser::SerializeSeq;
use serde::{Serialize, Serializer};

/// A call as LIN's JSON form writes it: a bid's denomination is named `strain`
/// (`{"Bid":{"level":1,"strain":"NoTrump"}}`).
#[derive(Serialize)]
#[serde(rename = "Call")]
enum LinCall {
    Pass,
    Double,
    Redouble,
    Bid { level: u8, strain: Denomination },
}

pub(crate) fn opt_call<S: Serializer>(call: &Option<Call>, s: S) -> Result<S::Ok, S::Error> {
    call.map(|call| match call {
        Call::Pass => LinCall::Pass,
        Call::Double => LinCall::Double,
        Call::Redouble => LinCall::Redouble,
        Call::Bid { level, denomination } => LinCall::Bid { level, strain: denomination },
    })
    .serialize(s)
}

pub(crate) fn opt_card<S: Serializer>(card: &Option<Card>, s: S) -> Result<S::Ok, S::Error> {
    match card {
        Some(card) => s.serialize_str(&crate::text::card_text(*card)),
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
        seq.serialize_element(&hand.map(crate::text::hand_text))?;
    }
    seq.end()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    /// A call's JSON form is a contract of `cardnote convert --to json`: a bid's denomination is
    /// named `strain`, as LIN's records have always written it.
    #[test]
    fn calls_keep_lins_json_form() {
        let text = "md|1SAKQJHAKQDAKQCAKQ,S2345H2345D2345C2,S6789H6789D6789C3,|mb|1N!|mb|p|mb|d|mb|r|mb|zz|";
        let record = crate::Reader::from_str(text, crate::Options::default()).next().unwrap().unwrap();
        let board = record.model.board().unwrap();
        let calls: Vec<String> =
            board.auction.iter().map(|c| serde_json::to_value(c).unwrap()["call"].to_string()).collect();
        assert_eq!(
            calls,
            [
                r#"{"Bid":{"level":1,"strain":"NoTrump"}}"#,
                r#""Pass""#,
                r#""Double""#,
                r#""Redouble""#,
                "null"
            ]
        );
    }
}
