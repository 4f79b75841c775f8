//! Every real file of `../shared/corpus/pbn` reads as its content deserves: the spec author's
//! `errors_*` files with the errors they were written for, the files whose content really breaks
//! the rules with exactly those errors, and every other file with warnings only. Prints the games,
//! errors and warnings of each file. Fails when `../shared` is missing, unless
//! `CARDNOTE_SKIP_SHARED=1`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use pbn::Options;

/// The error codes each file that should report errors reports (and no other); every file not
/// listed must report no error.
const EXPECTED_ERRORS: &[(&str, &[&str])] = &[
    // Tis Veugen's verifier files, written to break these rules.
    (
        "errors_20.pbn",
        &[
            "AUCTION_AFTER_CONTINUE",
            "BAD_SCORING",
            "BAD_TAG_PAIR",
            "PLAY_AFTER_CONTINUE",
            "RUBBER_VULNERABILITY",
            "TABLE_BAD_ELEMENT",
            "TABLE_BAD_HEADER",
            "TABLE_COMMENT",
            "TABLE_MISSING_ELEMENTS",
            "UNEXPECTED_CHARACTER",
            "UNTERMINATED_STRING",
        ],
    ),
    ("errors_21.pbn", &["BAD_OPTIMUM_SCORE"]),
    // Board 22: the auction `1S pass pass X pass pass pass` ends in 1SX, the Contract tag says 1S
    // (a real mistake of the lesson file).
    ("Set10.pbn", &["CONTRACT_MISMATCH"]),
    // Commentary typed into auctions ("relay to 4H or investigate slam", "4NT/5D", "etc."):
    // prose is not calls.
    ("Precision 1C Auctions with Notes.pbn", &["AUCTION_PROSE"]),
];

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            files(&p, out);
        } else if p.extension().is_some_and(|e| e == "pbn") {
            out.push(p);
        }
    }
}

#[test]
fn every_shared_file_reads_as_its_content_deserves() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/pbn");
    if !dir.is_dir() {
        assert!(
            std::env::var("CARDNOTE_SKIP_SHARED").is_ok_and(|v| v == "1"),
            "{} is missing (set CARDNOTE_SKIP_SHARED=1 to skip)",
            dir.display()
        );
        return;
    }
    let mut paths = Vec::new();
    files(&dir, &mut paths);
    assert!(paths.len() >= 36, "only {} files in {}", paths.len(), dir.display());
    let (mut games, mut errors, mut warnings) = (0usize, 0usize, 0usize);
    for path in &paths {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let decoded = pbn::decode(&std::fs::read(path).unwrap());
        let records: Vec<_> = pbn::read_str(&decoded.text, Options::default()).collect();
        let file_games = records.iter().filter(|r| r.is_game()).count();
        let diags: Vec<_> = records.iter().flat_map(|r| &r.diagnostics).collect();
        let found: BTreeSet<&str> = diags.iter().filter(|d| d.is_error()).map(|d| d.code.as_ref()).collect();
        let file_errors = diags.iter().filter(|d| d.is_error()).count();
        println!("{name}: {file_games} games, {file_errors} errors, {} warnings", diags.len() - file_errors);
        let expected: BTreeSet<&str> = EXPECTED_ERRORS
            .iter()
            .find(|(file, _)| *file == name)
            .map(|(_, codes)| codes.iter().copied().collect())
            .unwrap_or_default();
        assert_eq!(found, expected, "{}: error codes", path.display());
        games += file_games;
        errors += file_errors;
        warnings += diags.len() - file_errors;
    }
    println!("{} files, {games} games, {errors} errors, {warnings} warnings", paths.len());
}
