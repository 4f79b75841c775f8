//! Snapshots over `corpus/sitelogs/{ggpoker,ipoker,party,ignition,pokernow,ohh}`: each log imported (per
//! record: its line span, its diagnostics, the PHH text of the hand). Every imported hand also
//! survives PHH -> PokerStars text -> PHH with the same play.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use cards_core::LineIndex;
use serde_json::Value;
use sitelogs::{Options, Record, ggpoker, ignition, ipoker, ohh, party, pokernow, pokerstars};

mod snapshot_json;
use snapshot_json::record_json;

/// The hand written as PokerStars text and read back has the same play and outcome.
fn round_trip(hand: &phh::Hand, path: &std::path::Path) {
    let text = pokerstars::write_hand(hand).unwrap();
    let again = pokerstars::Reader::from_str(&text, Options::default()).next().unwrap();
    let again = again.hand.unwrap_or_else(|| panic!("{}: {text}", path.display()));
    assert_eq!(again.actions, hand.actions, "{}", path.display());
    assert_eq!(again.finishing_stacks, hand.finishing_stacks, "{}", path.display());
}

fn import(path: &std::path::Path, read: &dyn Fn(&[u8]) -> Vec<Record>) -> Vec<Value> {
    let bytes = std::fs::read(path).unwrap();
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let index = LineIndex::new(&text);
    read(&bytes)
        .iter()
        .map(|record| {
            if let Some(hand) = &record.hand {
                round_trip(hand, path);
            }
            record_json(&text, &index, record)
        })
        .collect()
}

#[test]
fn ggpoker_logs() {
    insta::glob!("../../../corpus/sitelogs", "ggpoker/**/*.txt", |path| {
        insta::assert_json_snapshot!(import(path, &|b| ggpoker::Reader::new(b, Options::default()).collect()));
    });
}

#[test]
fn ipoker_logs() {
    insta::glob!("../../../corpus/sitelogs", "ipoker/**/*.{txt,xml}", |path| {
        insta::assert_json_snapshot!(import(path, &|b| ipoker::Reader::new(b, Options::default()).collect()));
    });
}

#[test]
fn party_logs() {
    insta::glob!("../../../corpus/sitelogs", "party/**/*.txt", |path| {
        insta::assert_json_snapshot!(import(path, &|b| party::Reader::new(b, Options::default()).collect()));
    });
}

#[test]
fn ignition_logs() {
    insta::glob!("../../../corpus/sitelogs", "ignition/**/*.txt", |path| {
        insta::assert_json_snapshot!(
            import(path, &|b| ignition::Reader::new(b, Options::default()).collect())
        );
    });
}

/// Under `strict`, a line the importer skips is an error and the hand is refused.
#[test]
fn strict_refuses_unknown_lines() {
    let log = "***** Hand History for Game 1 *****
$0.05/$0.10 USD NL Texas Hold'em - Sunday, January 05, 19:48:45 EST 2014
Table Rio (Real Money)
Seat 1 is the button
Total number of players : 2/6
Seat 1: Ann ( $4.58 USD )
Seat 2: Bob ( $2 USD )
Ann posts small blind [$0.05 USD].
Bob posts big blind [$0.10 USD].
** Dealing down cards **
Something new happens
Ann folds
Bob does not show cards.
Bob wins $0.15 USD
";
    let lenient = party::Reader::from_str(log, Options::default()).next().unwrap();
    assert!(lenient.hand.is_some());
    assert_eq!(lenient.diagnostics[0].code(), sitelogs::codes::SITE_UNKNOWN_LINE);
    let strict = party::Reader::from_str(log, Options { strict: true }).next().unwrap();
    assert!(strict.hand.is_none());
    assert!(strict.diagnostics[0].is_error());
}

/// A log whose stated winnings the cards do not give is an error naming the difference.
#[test]
fn inconsistent_winnings_are_named() {
    let log = "Ignition Hand #1 TBL#2 HOLDEM No Limit - 2020-03-04 05:06:07
Seat 1: Dealer ($10 in chips)
Seat 2: Big Blind ($10 in chips)
Dealer : Small Blind $0.10
Big Blind : Big blind $0.25
*** HOLE CARDS ***
Dealer : Card dealt to a spot [Ah Ad]
Big Blind : Card dealt to a spot [7c 2d]
Dealer : Call $0.15
Big Blind : Checks
*** FLOP *** [Kh 8s 3c]
Big Blind : Checks
Dealer : Checks
*** TURN *** [Kh 8s 3c] [4d]
Big Blind : Checks
Dealer : Checks
*** RIVER *** [Kh 8s 3c 4d] [Js]
Big Blind : Checks
Dealer : Checks
Dealer : Showdown [Ah Ad Kh Js 8s] (a pair of Aces)
Big Blind : Showdown [Kh Js 8s 7c 4d] (High Card)
Big Blind : Hand result $0.50
*** SUMMARY ***
Total Pot($0.50)
";
    let record = ignition::Reader::from_str(log, Options::default()).next().unwrap();
    assert!(record.hand.is_none());
    let message = record.diagnostics.iter().find(|d| d.code() == sitelogs::codes::SITE_INCONSISTENT).unwrap();
    assert!(
        message
            .message()
            .contains("(Big Blind) ends with 9.75 when the hand is replayed, the log says 10.25")
    );
}

/// Cut short or damaged anywhere, no log makes a reader panic, and every record's span lies in
/// the input.
#[test]
fn damaged_logs_never_panic() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/sitelogs");
    for site in ["ggpoker", "ipoker", "party", "ignition"] {
        let mut paths = Vec::new();
        for kind in ["real", "cases"] {
            if let Ok(entries) = std::fs::read_dir(root.join(site).join(kind)) {
                paths.extend(entries.map(|e| e.unwrap().path()));
            }
        }
        assert!(!paths.is_empty(), "no {site} corpus");
        for path in paths {
            let bytes = std::fs::read(&path).unwrap();
            for cut in (0..bytes.len()).step_by(61) {
                let mut damaged = bytes[..cut].to_vec();
                // A byte flipped inside what is kept, and the tail of the file after it.
                if let Some(b) = damaged.get_mut(cut / 2) {
                    *b ^= 0x5a;
                }
                damaged.extend_from_slice(&bytes[cut..(cut + 200).min(bytes.len())]);
                let options = Options::default();
                let records: Vec<Record> = match site {
                    "ggpoker" => ggpoker::Reader::new(&damaged[..], options).collect(),
                    "ipoker" => ipoker::Reader::new(&damaged[..], options).collect(),
                    "party" => party::Reader::new(&damaged[..], options).collect(),
                    _ => ignition::Reader::new(&damaged[..], options).collect(),
                };
                for record in records {
                    assert!(record.span.end <= damaged.len(), "{}: cut at {cut}", path.display());
                }
            }
        }
    }
}

#[test]
fn pokernow_logs() {
    insta::glob!("../../../corpus/sitelogs", "pokernow/**/*.csv", |path| {
        insta::assert_json_snapshot!(
            import(path, &|b| pokernow::Reader::new(b, Options::default()).collect())
        );
    });
}

/// OHH files: each hand also written back as OHH reads back the same.
#[test]
fn ohh_files() {
    insta::glob!("../../../corpus/sitelogs", "ohh/**/*.ohh", |path| {
        let records = import(path, &|b| ohh::Reader::new(b, Options::default()).collect());
        let bytes = std::fs::read(path).unwrap();
        for record in ohh::Reader::new(bytes.as_slice(), Options::default()) {
            if let Some(hand) = &record.hand {
                let json = ohh::write_hand(hand).unwrap();
                let back = ohh::Reader::from_str(&json, Options::default()).next().unwrap().hand.unwrap();
                assert_eq!((&back.actions, &back.finishing_stacks), (&hand.actions, &hand.finishing_stacks));
            }
        }
        insta::assert_json_snapshot!(records);
    });
}
