//! Snapshots over `corpus/ppn-pref`: every file is checked (per-deal facts and rendered
//! diagnostics are snapshotted) and round-trips through canonical PPN and JSON. Each file in
//! `invalid/` is named after the one code it must produce.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use std::fmt::Write as _;
use std::path::Path;

use ppn_pref::{json, read_game, write};

mod support;
use support::check;

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
    for d in &report.file_diagnostics() {
        let _ = writeln!(out, "file: {} {}", d.code(), d.message());
    }
    for (i, rec) in report.records.iter().enumerate() {
        if rec.model.spans == ppn_pref::DealSpans::default() {
            continue; // the record of a file without deal records
        }
        let facts = match &rec.model.outcome {
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
        let codes: Vec<&str> = report.own(i).iter().map(|d| d.code()).collect();
        let _ = writeln!(out, "deal {:?}: {facts} {codes:?}", rec.model.id);
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
    let game = read_game(src);
    let text = write::write_game(&game);
    let again = read_game(&text);
    assert_eq!(again, game, "{name}: PPN round trip");
    assert_eq!(write::write_game(&again), text, "{name}: canonical text is stable");
    let j = json::to_json(&game);
    assert_eq!(json::from_json(&j).unwrap(), game, "{name}: JSON round trip");
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
            assert_eq!(json::from_json(&src).unwrap(), read_game(&ppn), "{}", path.display());
            continue;
        }
        let report = check(&src);
        assert!(report.all_diagnostics().is_empty(), "{}: {:?}", path.display(), report.all_diagnostics());
        let game = &report.game;
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
    assert_eq!(read_game(example), read_game(&ours));
}
