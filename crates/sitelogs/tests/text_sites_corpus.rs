//! Snapshots over `corpus/sitelogs/{fulltilt,winning,absolute}`: each log imported (per record: its line span, its
//! diagnostics, the PHH text of the hand); every imported hand also survives PHH -> PokerStars
//! text -> PHH with the same play.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use cards_core::LineIndex;
use serde_json::Value;
use sitelogs::{Options, Record, absolute, fulltilt, pokerstars, winning};

mod snapshot_json;
use snapshot_json::record_json;

fn import(path: &std::path::Path, read: &dyn Fn(&[u8]) -> Vec<Record>) -> Vec<Value> {
    let bytes = std::fs::read(path).unwrap();
    let records = read(&bytes);
    // Spans are byte offsets into the file, whatever its encoding: its lines are counted on its
    // bytes (each byte one character; a UTF-16 line ending holds a `\n` byte too).
    let text: String = bytes.iter().map(|&b| if b.is_ascii() { char::from(b) } else { '?' }).collect();
    let index = LineIndex::new(&text);
    records
        .iter()
        .map(|record| {
            if let Some(hand) = &record.hand {
                let written = pokerstars::write_hand(hand).unwrap();
                let again = pokerstars::Reader::from_str(&written, Options::default()).next().unwrap();
                let again = again.hand.unwrap_or_else(|| panic!("{}: {written}", path.display()));
                assert_eq!(
                    (&again.actions, &again.finishing_stacks),
                    (&hand.actions, &hand.finishing_stacks)
                );
            }
            record_json(&text, &index, record)
        })
        .collect()
}

#[test]
fn fulltilt_logs() {
    insta::glob!("../../../corpus/sitelogs", "fulltilt/**/*.txt", |path| {
        insta::assert_json_snapshot!(
            import(path, &|b| fulltilt::Reader::new(b, Options::default()).collect())
        );
    });
}

#[test]
fn winning_logs() {
    insta::glob!("../../../corpus/sitelogs", "winning/**/*.txt", |path| {
        insta::assert_json_snapshot!(import(path, &|b| winning::Reader::new(b, Options::default()).collect()));
    });
}

#[test]
fn absolute_logs() {
    insta::glob!("../../../corpus/sitelogs", "absolute/**/*.txt", |path| {
        insta::assert_json_snapshot!(
            import(path, &|b| absolute::Reader::new(b, Options::default()).collect())
        );
    });
}
