//! The commands stream a LIN file in units of whole records on several threads: what they print
//! and write must be exactly what the whole-file functions give for the same file, whatever the
//! number of threads (the files here are several units long, made of the corpus's real, hand-made
//! and invalid files: vugraph headers with their rosters carried to the boards, errors, producers'
//! conventions, `\r\n` line ends, Latin-1 text).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::Path;

use cardnote::formats::{self, ConvertTo, FmtOptions};
use cardnote_check::{CheckOptions, Format, UNIT_BYTES};
mod streaming_common;
use streaming_common::{
    cardnote, check_on_threads, convert_on_threads, fmt_on_threads, whole_file_json, with_crlf,
};

/// The corpus's LIN files (ASCII ones only with `latin1`, each then given a Latin-1 note, so every
/// unit is Latin-1 as the whole file is). `clean`: only files without errors.
fn pieces(clean: bool, latin1: bool) -> Vec<Vec<u8>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/lin");
    let mut paths = Vec::new();
    for folder in ["real", "cases", "invalid"] {
        for entry in std::fs::read_dir(root.join(folder)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "lin") {
                paths.push(path);
            }
        }
    }
    paths.sort();
    let pieces: Vec<Vec<u8>> = paths
        .iter()
        .map(|path| std::fs::read(path).unwrap().into_iter().filter(|&c| c != b'\r').collect::<Vec<u8>>())
        // a file ending inside a value would run into the next piece
        .filter(|text| text.trim_ascii_end().ends_with(b"|") && (!latin1 || text.is_ascii()))
        .map(|mut text| {
            if latin1 {
                text.extend_from_slice(b"\nnt|caf\xe9|pg||\n");
            }
            text
        })
        // A result list (`rs`) speaks for the boards after it, so in a file of pieces it would be
        // compared with other files' boards: clean files of pieces leave out the files that have one.
        .filter(|text| !clean || !text.windows(3).any(|w| w == b"rs|"))
        .filter(|text| {
            !clean || {
                let checked = cardnote_check::check_bytes(Format::Lin, text, &CheckOptions::default());
                checked.records.iter().all(|r| r.diagnostics.iter().all(|d| !d.is_error()))
            }
        })
        .collect();
    assert!(pieces.len() >= 5, "the corpus gives {} pieces", pieces.len());
    pieces
}

/// A file of about `bytes` bytes, the pieces repeated, each on lines of its own.
fn lin_file(bytes: usize, clean: bool, latin1: bool, crlf: bool) -> Vec<u8> {
    let pieces = pieces(clean, latin1);
    let mut out = Vec::new();
    while out.len() < bytes {
        for piece in &pieces {
            out.extend_from_slice(piece);
            out.push(b'\n');
        }
    }
    if crlf { with_crlf(&out) } else { out }
}

#[test]
fn check_gives_the_whole_file_answer_on_any_number_of_threads() {
    let dir = tempfile::tempdir().unwrap();
    for (latin1, crlf) in [(false, false), (true, true)] {
        let data = lin_file(2 * UNIT_BYTES + 1000, false, latin1, crlf);
        std::fs::write(dir.path().join("big.lin"), &data).unwrap();
        for strict in [false, true].into_iter().filter(|strict| !latin1 || !strict) {
            let expected = whole_file_json(Format::Lin, "big.lin", &data, strict);
            assert!(expected.contains("\"ok\":false"), "the test file has errors");
            assert!(expected.contains("\"kind\":\"header\""), "the test file has match headers");
            let what = format!("strict: {strict}, latin1: {latin1}");
            check_on_threads(dir.path(), "big.lin", strict, &["1", "2"], &expected, &what);
        }
    }
}

#[test]
fn fmt_and_convert_give_the_whole_file_answer() {
    let dir = tempfile::tempdir().unwrap();
    for (latin1, crlf) in [(false, false), (true, true)] {
        let data = lin_file(2 * UNIT_BYTES + 1000, true, latin1, crlf);
        for preserve in [false, true] {
            let opts = FmtOptions { preserve, force: false };
            let expected = formats::fmt_bytes(Format::Lin, &data, &opts).map_err(|r| r.diagnostics).unwrap();
            assert_eq!(preserve, expected == data);
            let what = format!("latin1: {latin1}");
            fmt_on_threads(dir.path(), "clean.lin", &data, preserve, &["1", "2"], &expected, &what);
        }
        std::fs::write(dir.path().join("clean.lin"), &data).unwrap();
        for (to, convert_to) in [("json", ConvertTo::Json), ("lin", ConvertTo::Native)] {
            let expected =
                formats::convert_bytes(Format::Lin, &data, convert_to).map_err(|r| r.diagnostics).unwrap();
            let what = format!("latin1: {latin1}");
            convert_on_threads(dir.path(), "clean.lin", to, &["1", "2"], &expected, &what);
        }
    }
}

#[test]
fn a_byte_order_mark_is_not_counted_in_columns() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("bom.lin"), b"\xEF\xBB\xBFqx|o1|md|1S2,,,|mb|1N|mb|1C|pg||\n").unwrap();
    let out = cardnote(&["check", "--json", "bom.lin"], dir.path());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let error = &json["errors"][0];
    assert_eq!(error["code"], "LIN_AUCTION_INSUFFICIENT");
    // `mb|1C|` is the 23rd character of the line the user sees.
    assert_eq!((error["line"].as_u64(), error["column"].as_u64()), (Some(1), Some(23)));
}
