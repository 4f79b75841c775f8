//! Snapshots over `corpus/sitelogs`: each PokerStars log and ACPC log imported (per record: its
//! line span, its diagnostics, the PHH text of the hand) and written back (the PokerStars text,
//! the `STATE` lines), with the round trips checked on every imported hand.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use cards_core::LineIndex;
use serde_json::{Value, json};
use sitelogs::{Options, Record, acpc, pokerstars};

mod snapshot_json;
use snapshot_json::lines;

/// The record's JSON with the text its hand is written back as.
fn record_json(text: &str, index: &LineIndex, record: &Record, written: Option<String>) -> Value {
    let mut value = snapshot_json::record_json(text, index, record);
    value["written"] = json!(written.as_deref().map(lines));
    value
}

#[test]
fn pokerstars_logs() {
    insta::glob!("../../../corpus/sitelogs", "pokerstars/**/*.txt", |path| {
        let bytes = std::fs::read(path).unwrap();
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let index = LineIndex::new(&text);
        let records: Vec<Value> = pokerstars::Reader::new(&bytes[..], Options::default())
            .map(|record| {
                let written = record.hand.as_ref().map(|hand| {
                    let written = pokerstars::write_hand(hand).unwrap();
                    let again = pokerstars::Reader::from_str(&written, Options::default()).next().unwrap();
                    assert_eq!(again.hand.as_ref(), Some(hand), "{}", path.display());
                    written
                });
                record_json(&text, &index, &record, written)
            })
            .collect();
        insta::assert_json_snapshot!(records);
    });
}

#[test]
fn acpc_logs() {
    insta::glob!("../../../corpus/sitelogs", "acpc/**/*.log", |path| {
        let game =
            acpc::GameDef::parse(&std::fs::read_to_string(path.with_extension("game")).unwrap()).unwrap();
        let text = std::fs::read_to_string(path).unwrap();
        let index = LineIndex::new(&text);
        let states: Vec<&str> = text.lines().filter(|l| l.starts_with("STATE:")).collect();
        let records: Vec<Value> = acpc::Reader::from_str(&text, &game, Options::default())
            .zip(&states)
            .map(|(record, line)| {
                let written = record.hand.as_ref().map(|hand| acpc::state_line(hand, &game).unwrap());
                assert_eq!(written.as_deref(), Some(*line), "{}", path.display());
                record_json(&text, &index, &record, written)
            })
            .collect();
        assert_eq!(records.len(), states.len());
        insta::assert_json_snapshot!(json!({ "game": game.to_text(), "records": records }));
    });
}
