//! Snapshots over `corpus/sitelogs/<site>/**` for every [`Site`] (a site with no folder has
//! nothing to read; a new site's folder is read with no edit here): each file read through
//! [`Site::records`], per record its line span, its diagnostics and the PHH text of the hand, in a
//! snapshot named `sites_corpus__<site>@<path in the site's folder>`. Every imported hand also
//! survives PHH -> PokerStars text -> PHH with the same play (and an OHH hand PHH -> OHH -> PHH).
//! PokerStars' and ACPC's logs are `corpus.rs`'s: their snapshots carry the text written back.
//!
//! Also here: the readers' strict modes, damaged logs, and the XML sites' detection on the corpus.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};

use cards_core::LineIndex;
use serde_json::Value;
use sitelogs::{Options, Record, Site, ohh, pacific, party, pokerstars};

mod snapshot_json;
use snapshot_json::record_json;

/// The sites whose corpus `corpus.rs` snapshots with their written-back form.
const WRITTEN_BACK: [Site; 3] = [Site::PokerStars, Site::Acpc, Site::Pluribus];

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/sitelogs")
}

/// Every file under `dir`, sorted (a folder's notes, `*.md`, left out).
fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut entries: Vec<PathBuf> = entries.map(|e| e.unwrap().path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            files(&path, out);
        } else if path.extension().is_none_or(|e| e != "md") {
            out.push(path);
        }
    }
}

/// The hand written as PokerStars text (and an OHH hand as OHH) and read back has the same play
/// and outcome.
fn round_trip(site: Site, hand: &phh::Hand, path: &Path) {
    let written = pokerstars::write_hand(hand).unwrap();
    let again = pokerstars::Reader::from_str(&written, Options::default()).next().unwrap();
    let again = again.hand.unwrap_or_else(|| panic!("{}: {written}", path.display()));
    assert_eq!(
        (&again.actions, &again.finishing_stacks),
        (&hand.actions, &hand.finishing_stacks),
        "{}",
        path.display()
    );
    if site == Site::Ohh {
        let json = ohh::write_hand(hand).unwrap();
        let back = ohh::Reader::from_str(&json, Options::default()).next().unwrap().hand.unwrap();
        assert_eq!(
            (&back.actions, &back.finishing_stacks),
            (&hand.actions, &hand.finishing_stacks),
            "{}",
            path.display()
        );
    }
}

/// A log's records as JSON, each imported hand round-tripped.
fn import(site: Site, path: &Path) -> Vec<Value> {
    let bytes = std::fs::read(path).unwrap();
    let records: Vec<Record> = site.records(bytes.as_slice(), None, Options::default()).unwrap().collect();
    // Spans are byte offsets into the file, whatever its encoding: its lines are counted on its
    // bytes (each byte one character; a UTF-16 line ending holds a `\n` byte too).
    let text: String = bytes.iter().map(|&b| if b.is_ascii() { char::from(b) } else { '?' }).collect();
    let index = LineIndex::new(&text);
    records
        .iter()
        .map(|record| {
            if let Some(hand) = &record.hand {
                round_trip(site, hand, path);
            }
            record_json(&text, &index, record)
        })
        .collect()
}

#[test]
fn every_sites_corpus() {
    let mut read = 0;
    for site in Site::ALL.into_iter().filter(|s| !WRITTEN_BACK.contains(s)) {
        let dir = corpus().join(site.name());
        let mut paths = Vec::new();
        files(&dir, &mut paths);
        for path in paths {
            let rel = path.strip_prefix(&dir).unwrap().to_string_lossy().replace('\\', "/");
            let mut settings = insta::Settings::clone_current();
            settings.set_input_file(&path);
            settings.set_snapshot_suffix(rel);
            settings.bind(|| insta::assert_json_snapshot!(site.name(), import(site, &path)));
            read += 1;
        }
    }
    assert!(read > 0, "no site logs under {}", corpus().display());
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
    let record = sitelogs::ignition::Reader::from_str(log, Options::default()).next().unwrap();
    assert!(record.hand.is_none());
    let message = record.diagnostics.iter().find(|d| d.code() == sitelogs::codes::SITE_INCONSISTENT).unwrap();
    assert!(
        message
            .message()
            .contains("(Big Blind) ends with 9.75 when the hand is replayed, the log says 10.25")
    );
}

/// Under `strict`, 888's cards in the client's language refuse the hand.
#[test]
fn strict_refuses_localized_cards() {
    let path = corpus().join("pacific/cases/fixed_limit_swedish_pot_limit_refused.txt");
    let bytes = std::fs::read(path).unwrap();
    let lenient = pacific::Reader::new(bytes.as_slice(), Options::default()).next().unwrap();
    assert!(lenient.hand.is_some(), "{:?}", lenient.diagnostics);
    assert_eq!(lenient.diagnostics[0].code(), sitelogs::codes::SITE_LOCALIZED_CARDS);
    let strict = pacific::Reader::new(bytes.as_slice(), Options { strict: true }).next().unwrap();
    assert!(strict.hand.is_none());
}

/// Under `strict`, the stray action of the Merge tournament hand is an error: that hand is refused.
#[test]
fn merge_strict_refuses_stray_actions() {
    let text =
        std::fs::read_to_string(corpus().join("merge/cases/cash_stud_tournament_refused.xml")).unwrap();
    let ok = |options| {
        sitelogs::merge::Reader::from_str(&text, options).map(|r| r.hand.is_some()).collect::<Vec<_>>()
    };
    assert_eq!(ok(Options::default()), [true, true, true, false]);
    assert_eq!(ok(Options { strict: true }), [true, true, false, false]);
}

/// Cut short or damaged anywhere, no log of a site's corpus folder makes its reader panic, and
/// every record's span lies in the input.
#[test]
fn damaged_logs_never_panic() {
    let mut read = 0;
    for site in Site::ALL.into_iter().filter(|s| !WRITTEN_BACK.contains(s)) {
        let mut paths = Vec::new();
        files(&corpus().join(site.name()), &mut paths);
        read += paths.len();
        for path in paths {
            let bytes = std::fs::read(&path).unwrap();
            for cut in (0..bytes.len()).step_by(61) {
                let mut damaged = bytes[..cut].to_vec();
                // A byte flipped inside what is kept, and the tail of the file after it.
                if let Some(b) = damaged.get_mut(cut / 2) {
                    *b ^= 0x5a;
                }
                damaged.extend_from_slice(&bytes[cut..(cut + 200).min(bytes.len())]);
                for record in site.records(&damaged[..], None, Options::default()).unwrap() {
                    assert!(record.span.end <= damaged.len(), "{}: cut at {cut}", path.display());
                }
            }
        }
    }
    assert!(read > 0, "no site logs under {}", corpus().display());
}

/// A site's content detector.
type Detect = fn(&str) -> bool;

/// Each XML site's `detect` claims its own case file and none of the others', nor the iPoker
/// (XML), PokerStars or PartyPoker logs of the corpus.
#[test]
fn xml_detection_is_specific() {
    let root = corpus();
    let head = |rel: &str| {
        let bytes = std::fs::read(root.join(rel)).unwrap();
        String::from_utf8_lossy(&bytes[..bytes.len().min(4096)]).into_owned()
    };
    let detectors: [(&str, Detect); 3] = [
        ("merge", sitelogs::merge::detect),
        ("microgaming", sitelogs::microgaming::detect),
        ("boss", sitelogs::boss::detect),
    ];
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
