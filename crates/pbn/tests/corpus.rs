//! Snapshots over the project corpus `corpus/pbn`: the curated real files (`real/`), hand-made
//! cases (`cases/`, with their export output) and the compliance set (`invalid/`, one file per
//! diagnostic code, rendered diagnostics snapshotted).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::fmt::Write as _;
use std::path::Path;

use cards_core::LineIndex;
use pbn::{Options, Record};

/// Reads and checks every game of `text` on the one path (`pbn::Pbn`).
fn read_str(text: &str, options: pbn::Options) -> Vec<pbn::Record> {
    cards_core::notation::read_checked::<pbn::Pbn, _>(text.as_bytes(), options)
        .collect::<std::io::Result<_>>()
        .unwrap()
}

fn report(source: &str, records: &[Record]) -> String {
    let lines = LineIndex::new(source);
    let mut out = String::new();
    for (i, r) in records.iter().enumerate().filter(|(_, r)| r.model.is_game || !r.diagnostics.is_empty()) {
        let info = &r.model.info;
        let _ = writeln!(out, "game {i}:");
        let _ = writeln!(
            out,
            "  board {:?} dealer {:?} vulnerable {:?}",
            info.board,
            info.dealer.map(|d| d.to_string()),
            info.vulnerable.map(pbn::model::vulnerability_export)
        );
        let _ = writeln!(out, "  deal {:?}", info.deal.map(|d| d.write_from(cards_core::Compass::North)));
        let _ = writeln!(
            out,
            "  declarer {:?} contract {:?} result {:?} tricks_by_play {:?} score_ns {:?}",
            info.declarer.map(|d| d.seat.to_string()),
            info.contract.map(pbn::model::Contract::export),
            info.result.and_then(|res| res.declarer_tricks(info.declarer.map(|d| d.seat))),
            info.tricks_by_play,
            info.score_ns
        );
        if let Some(a) = &info.auction {
            let _ = writeln!(out, "  auction from {}: {} calls", a.first, a.entries.len());
        }
        if let Some(p) = &info.play {
            let _ = writeln!(out, "  play from {}: {} cards", p.first, p.entries.len());
        }
        for t in &info.tables {
            let _ = writeln!(out, "  table {}: {} columns, {} rows", t.name, t.columns.len(), t.row_count());
        }
        for d in &r.diagnostics {
            let (line, col) = lines.line_col(source, d.span().start);
            let _ = writeln!(out, "  {:?} {} {line}:{col}: {}", d.severity(), d.code(), d.message());
        }
    }
    out
}

fn read_file(path: &Path) -> String {
    pbn::decode(&std::fs::read(path).unwrap()).text
}

#[test]
fn real_files() {
    insta::glob!("../../../corpus/pbn", "real/*.pbn", |path| {
        let source = read_file(path);
        let records: Vec<Record> = read_str(&source, Options::default());
        insta::assert_snapshot!(report(&source, &records));
    });
}

#[test]
fn hand_made_cases_and_their_export() {
    insta::glob!("../../../corpus/pbn", "cases/*.pbn", |path| {
        let source = read_file(path);
        let records: Vec<Record> = read_str(&source, Options::default());
        for r in &records {
            assert!(!r.has_errors(), "{}: {:?}", path.display(), r.diagnostics);
        }
        let export = pbn::write::write_export(&records).replace("\r\n", "\n");
        insta::assert_snapshot!(format!(
            "{}\n--- export (CRLF shown as LF) ---\n{export}",
            report(&source, &records)
        ));
    });
}

/// One file per producer's convention (`conventions/`): what is read and which warning, and the
/// same file under `strict`, where the conventions (`codes::LENIENCIES`) are errors and nothing
/// else changes.
#[test]
fn conventions_lenient_and_strict() {
    insta::glob!("../../../corpus/pbn", "conventions/*.pbn", |path| {
        let source = read_file(path);
        let lenient: Vec<Record> = read_str(&source, Options::default());
        let strict: Vec<Record> = read_str(&source, Options { strict: true });
        assert!(
            lenient.iter().flat_map(|r| &r.diagnostics).any(|d| !d.is_error())
                || strict.iter().any(Record::has_errors)
        );
        for (l, s) in lenient.iter().zip(&strict) {
            assert_eq!(l.diagnostics.len(), s.diagnostics.len());
            for (l, s) in l.diagnostics.iter().zip(&s.diagnostics) {
                let convention = pbn::codes::LENIENCIES.contains(&l.code());
                assert_eq!(s.is_error(), l.is_error() || convention, "{}", l.code());
            }
        }
        insta::assert_snapshot!(format!(
            "{}\n--- strict ---\n{}",
            report(&source, &lenient),
            report(&source, &strict)
        ));
    });
}

#[test]
fn compliance_set_renders_each_code() {
    insta::glob!("../../../corpus/pbn", "invalid/*.pbn", |path| {
        let source = read_file(path);
        let code = path.file_stem().unwrap().to_string_lossy().into_owned();
        let records: Vec<Record> = read_str(&source, Options::default());
        let diags: Vec<&cards_core::Diagnostic> = records.iter().flat_map(|r| &r.diagnostics).collect();
        assert!(diags.iter().any(|d| d.code() == code), "{code}.pbn does not report {code}: {diags:?}");
        let name = format!("invalid/{code}.pbn");
        let rendered: Vec<String> = diags.iter().map(|d| d.display(&name, &source).to_string()).collect();
        insta::assert_snapshot!(rendered.join("\n"));
    });
}

#[test]
fn every_code_has_a_compliance_file() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/pbn/invalid");
    for code in pbn::codes::ALL {
        assert!(dir.join(format!("{code}.pbn")).is_file(), "no compliance file for {code}");
    }
}

/// `strict` makes a producer's convention an error, and leaves a warning that is no convention
/// (a Board that is no number) a warning.
#[test]
fn strict_mode_turns_the_conventions_into_errors() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/pbn/invalid/BAD_BOARD.pbn");
    let source = read_file(&path);
    let lenient: Vec<Record> = read_str(&source, Options::default());
    assert!(!lenient[0].has_errors());
    let strict: Vec<Record> = read_str(&source, Options { strict: true });
    assert_eq!(strict, lenient);
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/pbn/invalid/NOTRUMP_AS_N.pbn");
    let source = read_file(&path);
    assert!(!read_str(&source, Options::default()).into_iter().any(|r| r.has_errors()));
    assert!(read_str(&source, Options { strict: true }).into_iter().any(|r| r.has_errors()));
}
