//! Snapshots over `corpus/ppn-pref`: every file is checked (per-deal facts and rendered
//! diagnostics are snapshotted) and round-trips through canonical PPN and JSON. Each file in
//! `invalid/` is named after the one code it must produce.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use std::fmt::Write as _;
use std::path::Path;

use ppn_pref::{check_str as check, json, parse, write};

fn corpus_dir() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/ppn-pref")
}

fn relative(path: &Path) -> String {
    let base = corpus_dir().canonicalize().unwrap();
    path.canonicalize().unwrap().strip_prefix(&base).unwrap().to_string_lossy().replace('\\', "/")
}

fn describe(name: &str, src: &str) -> String {
    let report = check(src);
    let mut out = String::new();
    for d in &report.file_diagnostics {
        let _ = writeln!(out, "file: {} {}", d.code(), d.message());
    }
    for (rec, c) in report.document.records.iter().zip(&report.records) {
        let facts = match &c.outcome {
            Some(o) => format!(
                "dealer {} main {} contract {} value {} tricks {:?}",
                o.dealer,
                o.main.map_or("-".to_owned(), |m| m.to_string()),
                o.contract.map_or("-".to_owned(), write::contract_text),
                o.value.map_or("-".to_owned(), |v| v.to_string()),
                o.tricks
            ),
            None => "unreadable".to_owned(),
        };
        let codes: Vec<&str> = c.diagnostics.iter().map(|d| d.code()).collect();
        let _ = writeln!(out, "deal {:?}: {facts} {codes:?}", rec.id);
    }
    let all = report.all_diagnostics();
    if !all.is_empty() {
        out.push('\n');
        for d in &all {
            out.push_str(&d.display(name, src).to_string());
            out.push('\n');
        }
    }
    out
}

fn round_trip(name: &str, src: &str) {
    let doc = parse::read(src);
    let text = write::write_game(&doc.game);
    let again = parse::read(&text);
    assert_eq!(again.game, doc.game, "{name}: PPN round trip");
    assert_eq!(write::write_game(&again.game), text, "{name}: canonical text is stable");
    let j = json::to_json(&doc.game);
    assert_eq!(json::from_json(&j).unwrap(), doc.game, "{name}: JSON round trip");
}

#[test]
fn corpus_snapshots() {
    insta::glob!("../../../corpus/ppn-pref", "**/*.ppn", |path| {
        let src = std::fs::read_to_string(path).unwrap();
        let name = relative(path);
        round_trip(&name, &src);
        insta::assert_snapshot!(describe(&name, &src));
    });
}

#[test]
fn invalid_files_give_their_code() {
    let dir = corpus_dir().join("invalid");
    let mut seen = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let code = path.file_stem().unwrap().to_string_lossy().into_owned();
        let src = std::fs::read_to_string(&path).unwrap();
        let codes: Vec<String> =
            check(&src).all_diagnostics().into_iter().map(|d| d.code().to_owned()).collect();
        assert_eq!(codes, std::slice::from_ref(&code), "{}", path.display());
        seen.push(code);
    }
    let mut missing: Vec<&str> =
        ppn_pref::codes::ALL.iter().copied().filter(|c| !seen.iter().any(|s| s == c)).collect();
    missing.sort_unstable();
    assert!(missing.is_empty(), "codes without an invalid/ file: {missing:?}");
}

#[test]
fn valid_files_are_clean() {
    for entry in std::fs::read_dir(corpus_dir().join("valid")).unwrap() {
        let path = entry.unwrap().path();
        let src = std::fs::read_to_string(&path).unwrap();
        if path.extension().is_some_and(|e| e == "json") {
            let ppn = std::fs::read_to_string(path.with_extension("ppn")).unwrap();
            assert_eq!(json::from_json(&src).unwrap(), parse::read(&ppn).game, "{}", path.display());
            continue;
        }
        let report = check(&src);
        assert!(report.all_diagnostics().is_empty(), "{}: {:?}", path.display(), report.all_diagnostics());
        let game = &report.document.game;
        let sum: i64 = ppn_pref::PrefPlayer::ALL.iter().map(|&p| game.result(p).unwrap()).sum();
        assert_eq!(sum, 0);
    }
}

/// The example inside the shared spec text (when `../shared` is present) gives the digest's S9 set.
#[test]
fn shared_spec_example() {
    let Some(text) = shared_fixtures::read_to_string("specs/preferans-ppn.txt") else { return };
    let start = text.find("    [Bula 60]").unwrap();
    let end = text[start..].find("JSON").unwrap() + start;
    let example = &text[start..end];
    let report = check(example);
    let mut codes: Vec<String> = report.all_diagnostics().into_iter().map(|d| d.code().to_owned()).collect();
    codes.sort();
    let mut want = vec![
        "DISCARD_NOT_HELD",
        "DISCARD_NOT_HELD",
        "DISCARD_NOT_HELD",
        "LEGACY_13_FIELDS",
        "LEGACY_13_FIELDS",
        "LEGACY_13_FIELDS",
        "PLACE_RESULT_ORDER",
        "REFA_FLAG",
        "REFA_FLAG",
        "STRAY_LINE",
    ];
    want.sort_unstable();
    assert_eq!(codes, want);
    // the shared text (indented, trailing spaces) reads the same as the corpus copy
    let ours = std::fs::read_to_string(corpus_dir().join("spec-example.ppn")).unwrap();
    assert_eq!(parse::read(example).game, parse::read(&ours).game);
}

/// The streaming reader and [`ppn_pref::check`] report exactly what the whole-file checker
/// reports, on every file: each record's own diagnostics, then the file-level ones it follows
/// (the first record takes those before it), sorted by position when there are any.
#[test]
fn streaming_check_matches() {
    let mut files = Vec::new();
    for dir in ["", "valid", "invalid"] {
        for entry in std::fs::read_dir(corpus_dir().join(dir)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "ppn") {
                files.push(path);
            }
        }
    }
    assert!(files.len() > 60);
    for path in files {
        let src = std::fs::read_to_string(&path).unwrap();
        let whole = check(&src);
        let mut expected: Vec<Vec<cards_core::Diagnostic>> =
            whole.records.iter().map(|c| c.diagnostics.clone()).collect();
        if expected.is_empty() {
            expected.push(Vec::new());
        }
        let starts: Vec<usize> = whole.document.records.iter().map(|r| r.spans.record().start).collect();
        let mut file_level = vec![false; expected.len()];
        for d in &whole.file_diagnostics {
            let at = starts.iter().rposition(|&s| s <= d.span().start).unwrap_or(0);
            expected[at].push(d.clone());
            file_level[at] = true;
        }
        for (found, sort) in expected.iter_mut().zip(file_level) {
            if sort {
                found.sort_by_key(|d| d.span().start);
            }
        }
        let options = ppn_pref::Options::default();
        let mut streamed = Vec::new();
        let mut outcomes = Vec::new();
        for record in ppn_pref::Reader::new(std::io::BufReader::new(src.as_bytes()), options) {
            let mut record = record.unwrap();
            ppn_pref::check(&mut record, &options);
            outcomes.push(record.model.outcome);
            streamed.push(record.diagnostics);
        }
        assert_eq!(streamed, expected, "{}", path.display());
        let whole_outcomes: Vec<_> = whole.records.iter().map(|c| c.outcome).collect();
        if !whole_outcomes.is_empty() {
            assert_eq!(outcomes, whole_outcomes, "{}", path.display());
        }
    }
}
