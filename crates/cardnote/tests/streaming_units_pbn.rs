//! The commands stream a PBN file in units of whole games on several threads: what they print and
//! write must be exactly what the whole-file functions give for the same file, whatever the number
//! of threads (the files here are several units long, made of the corpus's real and hand-made
//! files: `#` inheritance, comment blocks between games, producers' conventions, repeated warnings).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::Path;

use cardnote::formats::{self, ConvertTo, FmtOptions};
use cardnote_check::{CheckOptions, Format, UNIT_BYTES};
mod streaming_common;
use streaming_common::{check_on_threads, convert_on_threads, fmt_on_threads, whole_file_json, with_crlf};

fn corpus(name: &str) -> Vec<u8> {
    std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/pbn").join(name)).expect(name)
}

/// The corpus files a test file repeats, LF line ends. `clean`: only files without errors.
fn pieces(clean: bool, latin1: bool) -> Vec<Vec<u8>> {
    let mut names = vec![
        "cases/features.pbn",
        "real/bigdeal_deepfinesse.pbn",
        "real/realbridge_excerpt.pbn",
        "real/veugen_correct_20.pbn",
        "conventions/all_pass_text.pbn",
        "conventions/notrump_as_n.pbn",
        "conventions/quiz_blanks.pbn",
        "conventions/repeated_in_every_game.pbn",
        "conventions/rpbridge_match.pbn",
        "conventions/spot_cards.pbn",
        "conventions/unquoted_tag_value.pbn",
        "conventions/prose_in_auction.pbn",
        "real/veugen_errors_20.pbn",
    ];
    names.push(if latin1 { "real/bridgecomposer_latin1.pbn" } else { "real/wrangler_abs2-2_4x9.pbn" });
    names
        .into_iter()
        .map(|name| {
            let text = corpus(name);
            let text: Vec<u8> = text.iter().copied().filter(|&c| c != b'\r').collect();
            text
        })
        .filter(|text| {
            !clean || {
                let checked = cardnote_check::check_bytes(Format::Pbn, text, &CheckOptions::default());
                checked.records.iter().all(|r| r.diagnostics.iter().all(|d| !d.is_error()))
            }
        })
        .collect()
}

/// A file of about `bytes` bytes, the pieces repeated, games apart by an empty line.
fn pbn_file(bytes: usize, clean: bool, latin1: bool, crlf: bool) -> Vec<u8> {
    let pieces = pieces(clean, latin1);
    let mut out = b"% PBN 2.1\n\n".to_vec();
    while out.len() < bytes {
        for piece in &pieces {
            out.extend_from_slice(piece);
            out.extend_from_slice(b"\n\n");
        }
    }
    if crlf { with_crlf(&out) } else { out }
}

#[test]
fn check_gives_the_whole_file_answer_on_any_number_of_threads() {
    let dir = tempfile::tempdir().unwrap();
    for (latin1, crlf) in [(false, false), (true, true)] {
        let data = pbn_file(3 * UNIT_BYTES + 1000, false, latin1, crlf);
        std::fs::write(dir.path().join("big.pbn"), &data).unwrap();
        for strict in [false, true] {
            let expected = whole_file_json(Format::Pbn, "big.pbn", &data, strict);
            assert!(expected.contains("\"ok\":false"), "the test file has errors");
            assert!(expected.contains("the same in"), "the test file has repeated warnings");
            let what = format!("strict: {strict}, latin1: {latin1}");
            check_on_threads(dir.path(), "big.pbn", strict, &["1", "2"], &expected, &what);
        }
    }
}

#[test]
fn fmt_and_convert_give_the_whole_file_answer() {
    let dir = tempfile::tempdir().unwrap();
    for (latin1, crlf) in [(false, false), (true, true)] {
        let data = pbn_file(3 * UNIT_BYTES + 1000, true, latin1, crlf);
        for preserve in [false, true] {
            let opts = FmtOptions { preserve, force: false };
            let expected = formats::fmt_bytes(Format::Pbn, &data, &opts).map_err(|r| r.diagnostics).unwrap();
            let what = format!("latin1: {latin1}");
            fmt_on_threads(dir.path(), "clean.pbn", &data, preserve, &["1", "2"], &expected, &what);
        }
        std::fs::write(dir.path().join("clean.pbn"), &data).unwrap();
        for (to, convert_to) in [("json", ConvertTo::Json), ("pbn", ConvertTo::Native)] {
            let expected =
                formats::convert_bytes(Format::Pbn, &data, convert_to).map_err(|r| r.diagnostics).unwrap();
            let what = format!("latin1: {latin1}");
            convert_on_threads(dir.path(), "clean.pbn", to, &["1", "2"], &expected, &what);
        }
    }
}
