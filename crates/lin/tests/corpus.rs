//! Snapshots over the project corpus `corpus/lin`: the curated real files (`real/`), hand-made
//! cases (`cases/`, with their canonical form) and the compliance set (`invalid/`, one file per
//! diagnostic code). Every file is also written back byte for byte.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use std::fmt::Write as _;
use std::path::Path;

use cards_core::{Compass, LineIndex};
use lin::{Content, Options, Record};

/// The file's records, read and checked.
fn read(bytes: &[u8], options: Options) -> Vec<Record> {
    let checked = |record: std::io::Result<Record>| {
        let mut record = record.unwrap();
        lin::check(&mut record, &options);
        record
    };
    lin::Reader::from_slice(bytes, options).map(checked).collect()
}

/// The file's text as a string the spans index: UTF-8 as is, Latin-1 files byte for byte as `?`
/// past ASCII (so offsets stay those of the bytes).
fn text_of(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(text) => text.to_owned(),
        Err(_) => bytes.iter().map(|&b| if b < 0x80 { char::from(b) } else { '?' }).collect(),
    }
}

/// The auction's outcome in the report's words (the form of the snapshots: the contract with
/// its doubling as 0, 1 or 2 and its declarer).
fn outcome(board: &lin::Board) -> String {
    match lin::check::outcome(board) {
        lin::check::Outcome::Open => "Open".to_owned(),
        lin::check::Outcome::PassedOut => "PassedOut".to_owned(),
        lin::check::Outcome::Contract { contract, declarer } => format!(
            "Contract(Contract {{ level: {}, strain: {:?}, risk: {}, declarer: {declarer:?} }})",
            contract.level, contract.denomination, contract.risk as u8
        ),
    }
}

fn report(bytes: &[u8], records: &[Record]) -> String {
    let text = text_of(bytes);
    let lines = LineIndex::new(&text);
    let mut out = String::new();
    for (i, r) in records.iter().enumerate() {
        let _ = writeln!(out, "record {i} ({}..{}, {:?}):", r.span.start, r.span.end, r.model.encoding);
        match &r.model.content {
            Content::Header(h) => {
                let _ = writeln!(
                    out,
                    "  header {:?} {:?} scoring {:?} boards {}-{} teams {:?} results {} players {:?}",
                    h.title,
                    h.segment,
                    h.scoring,
                    h.first_board,
                    h.last_board,
                    h.teams,
                    h.results.len(),
                    h.players
                );
            }
            Content::Board(b) => {
                let _ = writeln!(
                    out,
                    "  board {:?} room {:?} qx {:?} title {:?} event {:?} dealer {:?} vul {:?}",
                    b.number,
                    b.room,
                    b.qx,
                    b.title,
                    b.event,
                    b.dealer.map(|d| d.to_string()),
                    b.vulnerability
                );
                if let Some(p) = &b.players {
                    let _ = writeln!(out, "  players N {:?} E {:?} S {:?} W {:?}", p[0], p[1], p[2], p[3]);
                }
                if let Some(d) = &b.deal {
                    let hands: Vec<String> = Compass::ALL
                        .iter()
                        .map(|s| d.hand(*s).map_or_else(|| "-".to_owned(), lin::text::hand_text))
                        .collect();
                    let _ = writeln!(
                        out,
                        "  deal N E S W {} completed {:?}",
                        hands.join(" "),
                        d.completed.map(|s| s.to_string())
                    );
                }
                let calls: Vec<String> = b
                    .auction
                    .iter()
                    .map(|c| {
                        let mut t = c.call.map_or_else(|| format!("?{}", c.text), lin::model::call_text);
                        if c.alert {
                            t.push('!');
                        }
                        if let Some(e) = &c.explanation {
                            let _ = write!(t, "({e})");
                        }
                        t
                    })
                    .collect();
                let _ = writeln!(out, "  auction {}", calls.join(" "));
                let _ = writeln!(out, "  outcome {}", outcome(b));
                let _ = writeln!(
                    out,
                    "  play {} cards, claim {:?}, extras {}",
                    b.play.len(),
                    b.claim,
                    b.extras.len()
                );
            }
            Content::Trailer(t) => {
                let _ = writeln!(out, "  trailer title {:?}", t.title);
            }
        }
        for d in &r.diagnostics {
            let (line, col) = lines.line_col(&text, d.span().start.min(text.len()));
            let _ = writeln!(out, "  {:?} {} {line}:{col}: {}", d.severity(), d.code(), d.message());
        }
    }
    out
}

fn round_trip(path: &Path, bytes: &[u8], records: &[Record]) {
    let mut out = Vec::new();
    let mut writer = lin::Writer::new(&mut out);
    for r in records {
        writer.write_record(r).unwrap();
    }
    assert!(out == bytes, "{} is not written back byte for byte", path.display());
}

#[test]
fn real_files() {
    insta::glob!("../../../corpus/lin", "real/*.lin", |path| {
        let bytes = std::fs::read(path).unwrap();
        let records = read(&bytes, Options::default());
        round_trip(path, &bytes, &records);
        insta::assert_snapshot!(report(&bytes, &records));
    });
}

#[test]
fn hand_made_cases_and_their_canonical_form() {
    insta::glob!("../../../corpus/lin", "cases/*.lin", |path| {
        let bytes = std::fs::read(path).unwrap();
        let records = read(&bytes, Options::default());
        round_trip(path, &bytes, &records);
        for r in &records {
            assert!(!r.has_errors(), "{}: {:?}", path.display(), r.diagnostics);
        }
        let mut writer = lin::Writer::new(Vec::new());
        for r in &records {
            writer.write_canonical(r).unwrap();
        }
        let canonical = String::from_utf8(writer.into_inner().unwrap()).unwrap();
        // The canonical form reads back to the same boards.
        let again = read(canonical.as_bytes(), Options::default());
        let boards = |rs: &[Record]| {
            rs.iter()
                .filter_map(|r| r.model.board())
                .map(|b| (b.deal.map(|d| d.hands), b.auction.len(), b.play.len(), b.claim))
                .collect::<Vec<_>>()
        };
        assert_eq!(boards(&records), boards(&again), "{}", path.display());
        insta::assert_snapshot!(format!("{}\n--- canonical ---\n{canonical}", report(&bytes, &records)));
    });
}

#[test]
fn compliance_set_reports_each_code() {
    insta::glob!("../../../corpus/lin", "invalid/*.lin", |path| {
        let bytes = std::fs::read(path).unwrap();
        let code = path.file_stem().unwrap().to_string_lossy().into_owned();
        let records = read(&bytes, Options::default());
        round_trip(path, &bytes, &records);
        let codes: Vec<&str> = records.iter().flat_map(|r| &r.diagnostics).map(|d| d.code()).collect();
        assert!(codes.contains(&code.as_str()), "{code}.lin does not report {code}: {codes:?}");
        assert!(codes.iter().all(|c| *c == code), "{code}.lin reports other codes too: {codes:?}");
        insta::assert_snapshot!(report(&bytes, &records));
    });
}

#[test]
fn every_code_has_a_compliance_file() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/lin/invalid");
    for code in lin::codes::ALL {
        assert!(dir.join(format!("{code}.lin")).is_file(), "no compliance file for {code}");
    }
}

#[test]
fn strict_mode_turns_warnings_into_errors() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/lin/invalid/LIN_PLAYER_COUNT.lin");
    let bytes = std::fs::read(path).unwrap();
    assert!(!read(&bytes, Options::default())[0].has_errors());
    assert!(read(&bytes, Options { strict: true })[0].has_errors());
}

#[test]
fn every_warning_the_corpus_raises_is_a_leniency() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/lin");
    let mut warnings = 0;
    for folder in ["real", "cases", "invalid"] {
        for entry in std::fs::read_dir(dir.join(folder)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|e| e != "lin") {
                continue;
            }
            for record in read(&std::fs::read(&path).unwrap(), Options::default()) {
                for d in record.warnings() {
                    warnings += 1;
                    assert!(lin::codes::LENIENCIES.contains(&d.code()), "{}: {}", path.display(), d.code());
                }
            }
        }
    }
    assert!(warnings >= 10, "the corpus shows each leniency: {warnings} warnings");
}

#[test]
fn strict_makes_only_the_leniencies_errors_and_reading_alone_checks_no_game() {
    // A leniency (`1NT` spelling) and an insufficient bid.
    let text = "md|1SAKQJHAKQDAKQCAKQ,S2345H2345D2345C2,S6789H6789D6789C3,|mb|1NT|mb|1S|";
    let strict = Options { strict: true };
    let mut record = lin::Reader::from_str(text, strict).next().unwrap().unwrap();
    let codes = |r: &Record| r.diagnostics.iter().map(|d| (d.code(), d.is_error())).collect::<Vec<_>>();
    assert_eq!(codes(&record), [(lin::codes::LIN_CALL_NT_SPELLING, true)]);
    lin::check(&mut record, &Options::default());
    assert_eq!(
        codes(&record),
        [(lin::codes::LIN_CALL_NT_SPELLING, true), (lin::codes::LIN_AUCTION_INSUFFICIENT, true)]
    );
    let lenient = read(text.as_bytes(), Options::default());
    assert_eq!(
        codes(&lenient[0]),
        [(lin::codes::LIN_CALL_NT_SPELLING, false), (lin::codes::LIN_AUCTION_INSUFFICIENT, true)]
    );
}
