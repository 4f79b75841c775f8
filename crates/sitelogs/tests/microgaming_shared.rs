//! Microgaming's logs (XML, named `.txt`) of the tracker's regression files, in
//! `<repo>/../shared/corpus/sitelogs/jejellyroll-fr__fpdb-3` (AGPL: read in place, never
//! copied): every hand imported replays consistently and survives PHH -> PokerStars text -> PHH;
//! the hands refused are counted by code, each kind explained. Skips when the fixtures are
//! missing, fails when `CARDNOTE_REQUIRE_SHARED=1`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use sitelogs::{Options, microgaming, pokerstars};

mod common;

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files(&path, out);
        } else if !path.extension().is_some_and(|e| e == "hp" || e == "hands" || e == "gt") {
            out.push(path);
        }
    }
}

#[test]
fn microgaming_logs_import_replay_and_round_trip() {
    let Some(root) = common::shared("sitelogs/jejellyroll-fr__fpdb-3/regression-test-files/cash/Microgaming")
    else {
        return;
    };
    let mut paths = Vec::new();
    files(&root, &mut paths);
    paths.sort();
    let (mut hands, mut imported) = (0, 0);
    let mut refused: BTreeMap<String, usize> = BTreeMap::new();
    for path in &paths {
        let bytes = std::fs::read(path).unwrap();
        assert!(
            microgaming::detect(&String::from_utf8_lossy(&bytes[..bytes.len().min(4096)])),
            "{}",
            path.display()
        );
        for record in microgaming::Reader::new(bytes.as_slice(), Options::default()) {
            hands += 1;
            match &record.hand {
                Some(hand) => {
                    imported += 1;
                    let text = pokerstars::write_hand(hand).unwrap();
                    let again = pokerstars::Reader::from_str(&text, Options::default()).next().unwrap();
                    let again = again.hand.unwrap_or_else(|| panic!("{}\n{text}", path.display()));
                    assert_eq!(
                        (&again.actions, &again.finishing_stacks),
                        (&hand.actions, &hand.finishing_stacks),
                        "{}",
                        path.display()
                    );
                }
                None => {
                    let error = record.diagnostics.iter().find(|d| d.is_error()).unwrap();
                    eprintln!("{}: {} {}", path.display(), error.code(), error.message());
                    *refused.entry(error.code().to_owned()).or_default() += 1;
                }
            }
        }
    }
    eprintln!("Microgaming: {imported} of {hands} hands imported; refused {refused:?}");
    assert_eq!(hands, 15);
    assert_eq!(imported, 10, "{refused:?}");
    let expected: BTreeMap<String, usize> = [
        // `PLO8-EUR-1.00-2.00`: pot-limit Omaha hi/lo, which PHH has no variant for.
        ("SITE_GAME_UNSUPPORTED", 1),
        // The replay's stacks are not the log's `endbalance`s: `posted.to.play` (the post of 0.10
        // costs its poster 0.15, a dead small blind the log does not write), `v5.secondsb` (a
        // `PostedToPlay` of the small blind's amount that the site does not count in the
        // poster's bet) and `multi.allin` (not explained yet).
        ("SITE_INCONSISTENT", 3),
        // `v5.secondsb.raised`: a `PostedToPlay` of the small blind's amount, then raised: read
        // as a live small blind, the replay ends before the hand does (not explained yet).
        ("REPLAY_HAND_OVER", 1),
    ]
    .into_iter()
    .map(|(code, n)| (code.to_owned(), n))
    .collect();
    assert_eq!(refused, expected);
}
