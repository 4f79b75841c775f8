//! The serde forms are contracts (the JSON of `cardnote convert` and `check --json` holds them):
//! each type serializes as its variant and field names, and reads back.
#![allow(clippy::unwrap_used)]

use bridge_core::{Call, Contract, Denomination, Risk, Vulnerability};

fn round_trip<T>(value: T, json: &str)
where
    T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
{
    assert_eq!(serde_json::to_string(&value).unwrap(), json);
    assert_eq!(serde_json::from_str::<T>(json).unwrap(), value);
}

#[test]
fn each_type_serializes_as_its_names() {
    round_trip(Denomination::NoTrump, r#""NoTrump""#);
    round_trip(Risk::Redoubled, r#""Redoubled""#);
    round_trip(Call::Pass, r#""Pass""#);
    round_trip(
        Call::Bid { level: 1, denomination: Denomination::Clubs },
        r#"{"Bid":{"level":1,"denomination":"Clubs"}}"#,
    );
    round_trip(
        Contract { level: 4, denomination: Denomination::Spades, risk: Risk::Undoubled },
        r#"{"level":4,"denomination":"Spades","risk":"Undoubled"}"#,
    );
    round_trip(Vulnerability::NorthSouth, r#""NorthSouth""#);
}
