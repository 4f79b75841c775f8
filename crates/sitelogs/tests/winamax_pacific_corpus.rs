//! Snapshots over `corpus/sitelogs/{winamax,pacific,everleaf,cake}`: each log imported (per record: its line
//! span, its diagnostics, the PHH text of the hand). Every imported hand also survives PHH ->
//! PokerStars text -> PHH with the same play.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use cards_core::LineIndex;
use serde_json::Value;
use sitelogs::{Options, Record, cake, everleaf, pacific, pokerstars, winamax};

mod snapshot_json;
use snapshot_json::record_json;

fn import(path: &std::path::Path, read: &dyn Fn(&[u8]) -> Vec<Record>) -> Vec<Value> {
    let bytes = std::fs::read(path).unwrap();
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let index = LineIndex::new(&text);
    read(&bytes)
        .iter()
        .map(|record| {
            if let Some(hand) = &record.hand {
                let again = pokerstars::write_hand(hand).unwrap();
                let again = pokerstars::Reader::from_str(&again, Options::default()).next().unwrap();
                let again = again.hand.unwrap_or_else(|| panic!("{}", path.display()));
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
fn winamax_logs() {
    insta::glob!("../../../corpus/sitelogs", "winamax/**/*.txt", |path| {
        insta::assert_json_snapshot!(import(path, &|b| winamax::Reader::new(b, Options::default()).collect()));
    });
}

#[test]
fn pacific_logs() {
    insta::glob!("../../../corpus/sitelogs", "pacific/**/*.txt", |path| {
        insta::assert_json_snapshot!(import(path, &|b| pacific::Reader::new(b, Options::default()).collect()));
    });
}

#[test]
fn everleaf_logs() {
    insta::glob!("../../../corpus/sitelogs", "everleaf/**/*.txt", |path| {
        insta::assert_json_snapshot!(
            import(path, &|b| everleaf::Reader::new(b, Options::default()).collect())
        );
    });
}

#[test]
fn cake_logs() {
    insta::glob!("../../../corpus/sitelogs", "cake/**/*.txt", |path| {
        insta::assert_json_snapshot!(import(path, &|b| cake::Reader::new(b, Options::default()).collect()));
    });
}

/// Under `strict`, 888's cards in the client's language refuse the hand.
#[test]
fn strict_refuses_localized_cards() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../corpus/sitelogs/pacific/cases/fixed_limit_swedish_pot_limit_refused.txt");
    let bytes = std::fs::read(path).unwrap();
    let lenient = pacific::Reader::new(bytes.as_slice(), Options::default()).next().unwrap();
    assert!(lenient.hand.is_some(), "{:?}", lenient.diagnostics);
    assert_eq!(lenient.diagnostics[0].code(), sitelogs::codes::SITE_LOCALIZED_CARDS);
    let strict = pacific::Reader::new(bytes.as_slice(), Options { strict: true }).next().unwrap();
    assert!(strict.hand.is_none());
}
