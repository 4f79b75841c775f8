//! Snapshots over `corpus/sitelogs/{merge,microgaming,boss}/cases`: each log imported (per record: its
//! line span, its diagnostics, the PHH text of the hand). Every imported hand also survives
//! PHH -> PokerStars text -> PHH with the same play.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use cards_core::LineIndex;
use serde_json::Value;
use sitelogs::{Options, Record, boss, merge, microgaming, pokerstars};

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
                assert_eq!(again.actions, hand.actions, "{}", path.display());
                assert_eq!(again.finishing_stacks, hand.finishing_stacks, "{}", path.display());
            }
            record_json(&text, &index, record)
        })
        .collect()
}

#[test]
fn merge_logs() {
    insta::glob!("../../../corpus/sitelogs", "merge/**/*.xml", |path| {
        insta::assert_json_snapshot!(import(path, &|b| merge::Reader::new(b, Options::default()).collect()));
    });
}

#[test]
fn microgaming_logs() {
    insta::glob!("../../../corpus/sitelogs", "microgaming/**/*.txt", |path| {
        insta::assert_json_snapshot!(
            import(path, &|b| microgaming::Reader::new(b, Options::default()).collect())
        );
    });
}

#[test]
fn boss_logs() {
    insta::glob!("../../../corpus/sitelogs", "boss/**/*.xml", |path| {
        insta::assert_json_snapshot!(import(path, &|b| boss::Reader::new(b, Options::default()).collect()));
    });
}

/// Under `strict`, the stray action of the tournament hand is an error: that hand is refused.
#[test]
fn merge_strict_refuses_stray_actions() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../corpus/sitelogs/merge/cases/cash_stud_tournament_refused.xml"
    ))
    .unwrap();
    let ok = |options| merge::Reader::from_str(&text, options).map(|r| r.hand.is_some()).collect::<Vec<_>>();
    assert_eq!(ok(Options::default()), [true, true, true, false]);
    assert_eq!(ok(Options { strict: true }), [true, true, false, false]);
}

/// A site's content detector.
type Detect = fn(&str) -> bool;

/// Each site's `detect` claims its own case file and none of the others', nor the iPoker (XML),
/// PokerStars or PartyPoker logs of the corpus.
#[test]
fn detection_is_specific() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/sitelogs");
    let head = |rel: &str| {
        let bytes = std::fs::read(root.join(rel)).unwrap();
        String::from_utf8_lossy(&bytes[..bytes.len().min(4096)]).into_owned()
    };
    let detectors: [(&str, Detect); 3] =
        [("merge", merge::detect), ("microgaming", microgaming::detect), ("boss", boss::detect)];
    let own = [
        ("merge", "merge/cases/cash_stud_tournament_refused.xml"),
        ("microgaming", "microgaming/cases/cash_uncalled_posted_refused.txt"),
        ("boss", "boss/cases/cash_calls_dead_sb_refused.xml"),
    ];
    for (site, file) in own {
        let text = head(file);
        for (name, detect) in detectors {
            assert_eq!(detect(&text), name == site, "{name} on {file}");
        }
    }
    let mut others = Vec::new();
    for dir in ["ipoker", "pokerstars", "party"] {
        for sub in ["real", "cases"] {
            let Ok(entries) = std::fs::read_dir(root.join(dir).join(sub)) else { continue };
            others
                .extend(entries.map(|e| format!("{dir}/{sub}/{}", e.unwrap().file_name().to_string_lossy())));
        }
    }
    assert!(others.iter().any(|f| f.starts_with("ipoker/")));
    for file in &others {
        let text = head(file);
        for (name, detect) in detectors {
            assert!(!detect(&text), "{name} claims {file}");
        }
    }
}
