//! Hostile and broken input, in process, through the uniform format glue (`cardnote::formats`):
//! every reader answers with diagnostics whose spans lie inside the decoded text, never panics,
//! never hangs, and takes time and memory in proportion to the input; `fmt` refuses files with
//! errors and is a fixed point on everything it accepts.
//!
//! Issue 9 ("Hostile and broken input, each with a test"): invalid UTF-8 and NUL bytes, a
//! truncation sweep of a real file, huge numbers, very long lines and tokens, deeply nested TOML
//! (and brackets in every format), many records, duplicate keys, a `.phhs` whose hands share
//! nothing, mixed line endings, a PBN game with 200 tricks, and the `fmt` fixed point on every
//! corpus file.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use cardnote::formats::{self, FmtOptions, Refusal};
use cardnote_check::{CheckOptions, FileCheck, Format, check_bytes};

const ALL: [Format; 5] = [Format::Phh, Format::Pbn, Format::PpnPref, Format::PpnPinochle, Format::Lin];

/// Upper bound for any single hostile input in the debug test profile: far above what a linear
/// reader needs, low enough that a hang or a quadratic blow-up fails the test instead of stalling CI.
const SLOW: Duration = Duration::from_secs(20);

fn check(format: Format, data: &[u8]) -> FileCheck {
    check_bytes(format, data, &CheckOptions::default())
}

fn fmt_with(format: Format, data: &[u8], preserve: bool) -> Result<Vec<u8>, Refusal> {
    formats::fmt_bytes(format, data, &FmtOptions { preserve, force: false })
}

fn fmt(format: Format, data: &[u8]) -> Result<Vec<u8>, Refusal> {
    fmt_with(format, data, false)
}

fn is_code(code: &str) -> bool {
    !code.is_empty() && code.bytes().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_')
}

/// Spans inside the decoded text, on character boundaries; codes in SCREAMING_SNAKE; rendering
/// works. Returns the number of errors.
fn assert_sane(format: Format, what: &str, checked: &FileCheck) -> usize {
    let source = &checked.source;
    let mut errors = 0;
    for record in &checked.records {
        for d in &record.diagnostics {
            assert!(
                is_code(d.code()),
                "{} {what}: code {:?} is not SCREAMING_SNAKE",
                format.name(),
                d.code()
            );
            assert!(
                d.span().start <= d.span().end && d.span().end <= source.len(),
                "{} {what}: {} span {:?} outside the {}-byte text",
                format.name(),
                d.code(),
                d.span(),
                source.len()
            );
            assert!(
                source.is_char_boundary(d.span().start) && source.is_char_boundary(d.span().end),
                "{} {what}: {} span {:?} not on a character boundary",
                format.name(),
                d.code(),
                d.span()
            );
            if d.is_error() {
                errors += 1;
            }
        }
    }
    errors
}

fn error_count(checked: &FileCheck) -> usize {
    checked.records.iter().flat_map(|r| &r.diagnostics).filter(|d| d.is_error()).count()
}

fn error_codes(checked: &FileCheck) -> Vec<String> {
    let mut out: Vec<String> = checked
        .records
        .iter()
        .flat_map(|r| &r.diagnostics)
        .filter(|d| d.is_error())
        .map(|d| d.code().to_owned())
        .collect();
    out.sort();
    out
}

/// Errors the glue's `fmt` does not refuse. The PHH glue refuses only reading errors, not replay
/// errors (`REPLAY_*`, an illegal action sequence); the `cardnote fmt` command re-checks its output
/// and keeps the original in that case (fuzz/FINDINGS.md F4, tested in `cli.rs`).
/// The declared outcomes (`finishing_stacks`, `winnings`) are checked against that replay, so their
/// mismatches are tolerated alike.
fn fmt_tolerates(format: Format, code: &str) -> bool {
    format == Format::Phh
        && (code.starts_with("REPLAY_")
            || matches!(code, "PHH_FINISHING_STACKS_MISMATCH" | "PHH_WINNINGS_MISMATCH"))
}

fn codes(checked: &FileCheck) -> Vec<String> {
    checked.records.iter().flat_map(|r| &r.diagnostics).map(|d| d.code().to_owned()).collect()
}

/// Checks `data`, asserting sanity and the time bound; returns the result.
fn timed_check(format: Format, what: &str, data: &[u8]) -> FileCheck {
    let start = Instant::now();
    let checked = check(format, data);
    let elapsed = start.elapsed();
    assert!(elapsed < SLOW, "{} {what}: check took {elapsed:?} on {} bytes", format.name(), data.len());
    assert_sane(format, what, &checked);
    checked
}

/// `fmt` refuses what has errors; what it accepts re-checks clean and formats to itself.
fn assert_fmt_consistent(format: Format, what: &str, data: &[u8], checked: &FileCheck) {
    for preserve in [false, true] {
        match fmt_with(format, data, preserve) {
            Ok(first) => {
                let refused: Vec<String> =
                    error_codes(checked).into_iter().filter(|c| !fmt_tolerates(format, c)).collect();
                assert!(
                    refused.is_empty(),
                    "{} {what}: fmt wrote a file that has errors {refused:?}",
                    format.name()
                );
                // What fmt writes means the same: the same errors (only tolerated ones) re-appear.
                let again = check(format, &first);
                assert_eq!(
                    error_codes(&again),
                    error_codes(checked),
                    "{} {what} (preserve={preserve}): fmt output checks differently:\n{}",
                    format.name(),
                    String::from_utf8_lossy(&first)
                );
                let second = fmt_with(format, &first, preserve).unwrap_or_else(|r| {
                    panic!("{} {what}: fmt refuses its own output: {:?}", format.name(), r.diagnostics)
                });
                assert!(
                    first == second,
                    "{} {what} (preserve={preserve}): fmt is not a fixed point:\n--- first\n{}\n--- second\n{}",
                    format.name(),
                    String::from_utf8_lossy(&first),
                    String::from_utf8_lossy(&second)
                );
            }
            Err(refusal) => {
                assert!(
                    refusal.diagnostics.iter().any(|d| d.is_error()),
                    "{} {what}: fmt refused without an error",
                    format.name()
                );
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Samples: a small valid file per format (used when the project corpus has none yet, and as the
// base of the generated inputs).

const PHH_HAND: &str = "variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [200, 200]
actions = ['d dh p1 AhKh', 'd dh p2 7c2d', 'p2 cbr 6', 'p1 f']
";

const PBN_GAME: &str = "[Event \"?\"]
[Board \"1\"]
[Dealer \"N\"]
[Vulnerable \"None\"]
[Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]
[Declarer \"N\"]
[Contract \"7NT\"]
[Result \"13\"]
[Auction \"N\"]
7NT Pass Pass Pass
";

const PREF_FILE: &str = "[Bula 60]
[Refe 2]
[Player1 a]
[Player2 b]
[Player3 c]
[Result1 0]
[Result2 0]
[Result3 0]
[1 123 WQKJS5LP84CEIAOT9N31BDH7FVM2RGU6 P,P,P]
";

const PINOCHLE_FILE: &str = "% PPN 1.0
% IMPORT

[Dealer \"N\"]
[Auction \"E\"]
Pass 52 59 60
- Pass 65 70
- - Pass
[Declarer \"N\"]
";

const LIN_BOARD: &str =
    "qx|o1|pn|Ann,Bob,Cy,Di|md|3SAKQJHAKQDAKQCAKQ,S2345H2345D2345C2,S6789H6789D6789C3,|sv|o|\
ah|Board 1|mb|1C|mb|p|mb|7N|mb|p|mb|p|mb|p|pc|S2|pc|S6|pc|ST|pc|SA|mc|13|pg||
";

fn sample(format: Format) -> &'static str {
    match format {
        Format::Phh => PHH_HAND,
        Format::Pbn => PBN_GAME,
        Format::PpnPref => PREF_FILE,
        Format::PpnPinochle => PINOCHLE_FILE,
        Format::Lin => LIN_BOARD,
    }
}

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn corpus_dir(format: Format) -> PathBuf {
    repo_root().join("corpus").join(format.name())
}

fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut entries: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            files_under(&path, out);
        } else if path
            .extension()
            .is_some_and(|e| e == "phh" || e == "phhs" || e == "pbn" || e == "ppn" || e == "lin")
        {
            out.push(path);
        }
    }
}

fn corpus_files(format: Format) -> Vec<PathBuf> {
    let mut out = Vec::new();
    files_under(&corpus_dir(format), &mut out);
    out
}

/// The smallest real (non-`invalid/`) corpus file between 200 bytes and 4 KiB, else the sample.
fn small_real_file(format: Format) -> (String, Vec<u8>) {
    let mut best: Option<(u64, PathBuf)> = None;
    for path in corpus_files(format) {
        if path.components().any(|c| c.as_os_str() == "invalid") {
            continue;
        }
        let Ok(meta) = std::fs::metadata(&path) else { continue };
        let len = meta.len();
        if (200..=4096).contains(&len) && best.as_ref().is_none_or(|(l, p)| (len, &path) < (*l, p)) {
            best = Some((len, path));
        }
    }
    match best {
        Some((_, path)) => {
            let name = path.strip_prefix(repo_root()).unwrap_or(&path).display().to_string();
            (name, std::fs::read(&path).unwrap())
        }
        None => (format!("{} sample", format.name()), sample(format).as_bytes().to_vec()),
    }
}

// ---------------------------------------------------------------------------------------------
// The samples themselves are clean, so the tests below test what they claim.

#[test]
fn samples_are_clean() {
    for format in ALL {
        let checked = timed_check(format, "sample", sample(format).as_bytes());
        assert_eq!(error_count(&checked), 0, "{} sample has errors: {:?}", format.name(), codes(&checked));
        assert_fmt_consistent(format, "sample", sample(format).as_bytes(), &checked);
    }
}

// ---------------------------------------------------------------------------------------------
// Invalid UTF-8 and NUL bytes.

#[test]
fn invalid_utf8_and_nul_bytes() {
    for format in ALL {
        let base = sample(format).as_bytes();
        let mid = base.len() / 2;
        let utf16: Vec<u8> = base.iter().flat_map(|&b| [b, 0]).collect();
        let cases: Vec<(&str, Vec<u8>)> = vec![
            ("lone 0xFF", [&base[..mid], b"\xFF", &base[mid..]].concat()),
            ("truncated UTF-8 sequence at the end", [base, b"\xE2\x82"].concat()),
            ("overlong encoding", [b"\xC0\xAF".as_slice(), base].concat()),
            ("NUL inside", [&base[..mid], b"\0", &base[mid..]].concat()),
            ("NUL at the start", [b"\0".as_slice(), base].concat()),
            ("only NUL bytes", vec![0; 4096]),
            ("random binary", (0..4096u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8).collect()),
            ("UTF-16 LE BOM", [b"\xFF\xFE".as_slice(), &utf16].concat()),
            ("UTF-8 BOM then text", [b"\xEF\xBB\xBF".as_slice(), base].concat()),
        ];
        for (what, data) in &cases {
            let checked = timed_check(format, what, data);
            assert_fmt_consistent(format, what, data, &checked);
        }
        // Binary garbage is not a valid file of any notation: it must not read as clean.
        let garbage = &cases[6].1;
        let checked = check(format, garbage);
        assert!(error_count(&checked) > 0, "{}: random binary read without errors", format.name());
        assert!(fmt(format, garbage).is_err(), "{}: fmt rewrote random binary", format.name());
    }
}

/// The (format, code) pairs of diagnostics whose span is not on character boundaries.
fn split_spans(
    format: Format,
    checked: &FileCheck,
    out: &mut std::collections::BTreeMap<(&'static str, String), String>,
) {
    let source = &checked.source;
    for d in checked.records.iter().flat_map(|r| &r.diagnostics) {
        assert!(
            d.span().start <= d.span().end && d.span().end <= source.len(),
            "{} {}: span outside the text",
            format.name(),
            d.code()
        );
        if !(source.is_char_boundary(d.span().start) && source.is_char_boundary(d.span().end)) {
            out.entry((format.name(), d.code().to_owned()))
                .or_insert_with(|| format!("{source:?} at {:?}", d.span()));
        }
    }
}

/// Multi-byte characters (2, 3 and 4 bytes) inserted at every character position of a sample,
/// and next to every syntax character: spans stay on character boundaries.
#[test]
fn multibyte_characters_everywhere() {
    let mut split = std::collections::BTreeMap::new();
    for format in ALL {
        let base = sample(format);
        // A real file too (played deals, discards, tricks, notes): every character, and every
        // pair of characters (a fixed-width two-byte token), replaced by a two-byte one.
        let (_, real) = small_real_file(format);
        let real = String::from_utf8_lossy(&real);
        let bounds: Vec<usize> = real.char_indices().map(|(i, _)| i).chain([real.len()]).collect();
        for w in bounds.windows(3) {
            for end in [w[1], w[2]] {
                let text = format!("{}é{}", &real[..w[0]], &real[end..]);
                split_spans(format, &check(format, text.as_bytes()), &mut split);
            }
        }
        for ch in ["é", "€", "😀"] {
            for (at, c) in base.char_indices() {
                let text = format!("{}{ch}{}", &base[..at], &base[at..]);
                split_spans(format, &check(format, text.as_bytes()), &mut split);
                // Replacing a character keeps fixed-width tokens (a two-byte discard) two bytes long.
                let text = format!("{}{ch}{}", &base[..at], &base[at + c.len_utf8()..]);
                split_spans(format, &check(format, text.as_bytes()), &mut split);
            }
        }
        for prefix in ["[", "{", "%", "\"", ";", "#", "'", "[Event \"", "[1 "] {
            for ch in ["é", "ҿ", "€", "😀"] {
                for end in ["", "\n", "]\n", "\"]\n"] {
                    let text = format!("{prefix}{ch}{end}");
                    split_spans(format, &check(format, text.as_bytes()), &mut split);
                    let text = format!("{base}{prefix}{ch}{end}");
                    split_spans(format, &check(format, text.as_bytes()), &mut split);
                }
            }
        }
    }
    assert!(split.is_empty(), "spans splitting a character: {split:?}");
}

// ---------------------------------------------------------------------------------------------
// Truncation sweep: a real file cut at every byte.

#[test]
fn truncation_sweep() {
    for format in ALL {
        let (name, data) = small_real_file(format);
        let start = Instant::now();
        for cut in 0..=data.len() {
            let prefix = &data[..cut];
            let checked = check(format, prefix);
            assert_sane(format, &format!("{name} cut at {cut}"), &checked);
            if cut % 61 == 0 || cut == data.len() {
                // fmt on a sample of the prefixes (the whole sweep with fmt is slower, same code).
                assert_fmt_consistent(format, &format!("{name} cut at {cut}"), prefix, &checked);
            }
        }
        eprintln!("{}: {} prefixes of {name} in {:?}", format.name(), data.len() + 1, start.elapsed());
    }
}

// ---------------------------------------------------------------------------------------------
// Huge numbers: a clear error, no overflow.

const HUGE: &str = "340282366920938463463374607431768211457"; // 2^128 + 1

#[test]
fn huge_numbers_are_errors() {
    let cases: Vec<(Format, &str, String)> = vec![
        (Format::Phh, "stack", PHH_HAND.replace("[200, 200]", &format!("[{HUGE}, 200]"))),
        (Format::Phh, "blind", PHH_HAND.replace("[1, 2]", &format!("[1, {HUGE}]"))),
        (Format::Phh, "bet", PHH_HAND.replace("'p2 cbr 6'", &format!("'p2 cbr {HUGE}'"))),
        (
            Format::Phh,
            "decimal with 40 digits",
            PHH_HAND.replace("min_bet = 2", &format!("min_bet = 0.{HUGE}")),
        ),
        (Format::Phh, "player number", PHH_HAND.replace("'p1 f'", &format!("'p{HUGE} f'"))),
        (Format::Phh, "exponent", PHH_HAND.replace("min_bet = 2", "min_bet = 1e999999999")),
        (Format::Pbn, "result", PBN_GAME.replace("[Result \"13\"]", &format!("[Result \"{HUGE}\"]"))),
        (
            Format::Pbn,
            "contract level",
            PBN_GAME.replace("[Contract \"7NT\"]", &format!("[Contract \"{HUGE}NT\"]")),
        ),
        (Format::PpnPref, "bula", PREF_FILE.replace("[Bula 60]", &format!("[Bula {HUGE}]"))),
        (Format::PpnPref, "result", PREF_FILE.replace("[Result1 0]", &format!("[Result1 {HUGE}]"))),
        (Format::PpnPref, "deal number", PREF_FILE.replace("[1 123", &format!("[{HUGE} 123"))),
        (Format::PpnPinochle, "contract", format!("{PINOCHLE_FILE}[Contract \"{HUGE}\"]\n")),
        (
            Format::PpnPinochle,
            "hand number",
            PINOCHLE_FILE.replace("[Dealer \"N\"]", &format!("[Hand \"{HUGE}\"]\n[Dealer \"N\"]")),
        ),
        (
            Format::PpnPinochle,
            "auction bid",
            PINOCHLE_FILE.replace("Pass 52 59 60", &format!("Pass 52 59 {HUGE}")),
        ),
    ];
    for (format, what, text) in cases {
        let checked = timed_check(format, what, text.as_bytes());
        assert!(
            error_count(&checked) > 0,
            "{} {what}: a number beyond 64 bits read without error",
            format.name()
        );
        assert!(
            fmt(format, text.as_bytes()).is_err(),
            "{} {what}: fmt rewrote a file with a huge number",
            format.name()
        );
        // The error points at the number (or the value holding it), not somewhere unrelated.
        let (digits, len) = match text.find(HUGE) {
            Some(at) => (at, HUGE.len()),
            None => (text.find("1e999999999").unwrap(), 11),
        };
        let pointed = checked
            .records
            .iter()
            .flat_map(|r| &r.diagnostics)
            .filter(|d| d.is_error())
            .any(|d| d.span().start <= digits + len && d.span().end + 64 >= digits);
        assert!(pointed, "{} {what}: no error near the huge number: {:?}", format.name(), codes(&checked));
    }
}

/// fuzz/FINDINGS.md F6: a PBN `Score` beyond 64 bits used to skip the score check silently. It is
/// not a score any table holds, so a diagnostic must point at it (a warning is enough: the score
/// tag is informative, the game itself is sound).
#[test]
fn huge_pbn_score_is_reported() {
    let text = format!("{PBN_GAME}[Score \"NS {HUGE}\"]\n");
    let checked = check(Format::Pbn, text.as_bytes());
    assert_sane(Format::Pbn, "huge score", &checked);
    let at = text.find(HUGE).unwrap();
    let near = checked
        .records
        .iter()
        .flat_map(|r| &r.diagnostics)
        .any(|d| d.span().start <= at + HUGE.len() && d.span().end + 16 >= at);
    assert!(near, "no diagnostic near the huge score: {:?}", codes(&checked));
}

/// fuzz/FINDINGS.md F11: a Pinochle value inherited with `##` by a later hand must not give spans
/// computed from the later hand's position (they fell past the end of the file).
#[test]
fn pinochle_inherited_values_keep_spans_in_the_file() {
    for text in [&b"[Deal\"##NT\"]\n\n]"[..], b"[Date\"##4a\"]\n\nl", b"[Deal \"##NT\"]\n\n[Deal \"##\"]\n"] {
        let checked = check(Format::PpnPinochle, text);
        assert_sane(Format::PpnPinochle, "inherited value", &checked);
    }
    // The inheriting hand's diagnostic about the inherited value points at the tag it came from.
    let text = format!("{PINOCHLE_FILE}\n[Contract \"##\"]\n");
    let checked = check(Format::PpnPinochle, text.as_bytes());
    assert_sane(Format::PpnPinochle, "inherited contract", &checked);
}

/// fuzz/FINDINGS.md F5: the streaming PHH reader and the in-memory one give the same records for a
/// text with no hand in it (the empty file, blank lines, comments only).
#[test]
fn phh_empty_text_reads_the_same_streamed_and_in_memory() {
    for text in ["", "\n\n", "# only a comment\n", "  \n# a\n\n# b\n"] {
        let in_memory: Vec<_> =
            phh::Reader::from_str(text, phh::Options::default()).map(|r| r.expect("text reads")).collect();
        let input = std::io::BufReader::with_capacity(3, std::io::Cursor::new(text.as_bytes()));
        let streamed: Vec<_> =
            phh::Reader::new(input, phh::Options::default()).map(|r| r.expect("UTF-8 input reads")).collect();
        assert_eq!(streamed, in_memory, "{text:?}");
    }
}

// ---------------------------------------------------------------------------------------------
// Very long lines and tokens.

const TEN_MB: usize = 10 * 1024 * 1024;

#[test]
fn very_long_lines_and_tokens() {
    let long = "x".repeat(TEN_MB);
    let digits = "9".repeat(1024 * 1024);
    for format in ALL {
        let cases: Vec<(&str, String)> = match format {
            Format::Phh => vec![
                ("10 MB string value", format!("{PHH_HAND}event = '{long}'\n")),
                ("10 MB comment", format!("# {long}\n{PHH_HAND}")),
                ("10 MB bare key", format!("{PHH_HAND}{long} = 1\n")),
                ("1 MB number", PHH_HAND.replace("min_bet = 2", &format!("min_bet = {digits}"))),
                ("10 MB action", PHH_HAND.replace("'p1 f'", &format!("'p1 {long}'"))),
            ],
            Format::Pbn => vec![
                (
                    "10 MB tag value",
                    format!("[Event \"{long}\"]\n{}", &PBN_GAME[PBN_GAME.find('\n').unwrap() + 1..]),
                ),
                ("10 MB comment line", format!("; {long}\n{PBN_GAME}")),
                ("10 MB brace comment", format!("{{{long}}}\n{PBN_GAME}")),
                ("10 MB auction token", format!("{PBN_GAME}{long}\n")),
                ("1 MB number", PBN_GAME.replace("[Result \"13\"]", &format!("[Result \"{digits}\"]"))),
            ],
            Format::Lin => vec![
                ("10 MB call", LIN_BOARD.replace("mb|7N|", &format!("mb|{long}|"))),
                ("10 MB tag", format!("{long}|x|{LIN_BOARD}")),
                ("1 MB claim", LIN_BOARD.replace("mc|13|", &format!("mc|{digits}|"))),
            ],
            Format::PpnPref => vec![
                ("10 MB tag value", format!("[Event {long}]\n{PREF_FILE}")),
                ("10 MB deal record", format!("{PREF_FILE}[2 123 {long}]\n")),
                ("1 MB number", PREF_FILE.replace("[Bula 60]", &format!("[Bula {digits}]"))),
            ],
            Format::PpnPinochle => vec![
                ("10 MB tag value", format!("{PINOCHLE_FILE}[Event \"{long}\"]\n")),
                ("10 MB comment", format!("{PINOCHLE_FILE}{{{long}}}\n")),
                ("1 MB auction bid", PINOCHLE_FILE.replace("Pass 52 59 60", &format!("Pass 52 59 {digits}"))),
            ],
        };
        let mut all = cases;
        all.push(("10 MB without a newline", long.clone()));
        for (what, text) in &all {
            let checked = timed_check(format, what, text.as_bytes());
            if what.contains("without a newline") || what.contains("number") || what.contains("bid") {
                assert!(error_count(&checked) > 0, "{} {what}: read without errors", format.name());
            }
            if *what != "10 MB without a newline" {
                assert_fmt_consistent(format, what, text.as_bytes(), &checked);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Deeply nested brackets (TOML arrays and inline tables for PHH).

#[test]
fn deeply_nested_brackets() {
    let deep = 100_000;
    for format in ALL {
        let mut cases: Vec<(String, String)> = vec![
            ("100k [".into(), "[".repeat(deep)),
            ("100k [ then ]".into(), format!("{}{}", "[".repeat(deep), "]".repeat(deep))),
            ("100k {".into(), "{".repeat(deep)),
        ];
        if format == Format::Phh {
            cases.push((
                "actions = 100k [".into(),
                format!("variant = 'NT'\nactions = {}\n", "[".repeat(deep)),
            ));
            cases.push((
                "nested arrays closed".into(),
                PHH_HAND
                    .replace("antes = [0, 0]", &format!("antes = {}0{}", "[".repeat(deep), "]".repeat(deep))),
            ));
            cases.push((
                "nested inline tables".into(),
                format!("{PHH_HAND}x = {}1{}\n", "{a = ".repeat(deep), "}".repeat(deep)),
            ));
            cases.push(("100k table headers [[".into(), format!("[[{}]]\n", "a.".repeat(deep / 2) + "a")));
        }
        for (what, text) in &cases {
            let checked = timed_check(format, what, text.as_bytes());
            assert!(error_count(&checked) > 0, "{} {what}: read without errors", format.name());
            assert!(fmt(format, text.as_bytes()).is_err(), "{} {what}: fmt rewrote it", format.name());
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Many records: 100k small hands or games, in bounded time, each one reported.

fn many_records(format: Format, n: usize) -> String {
    let mut out = String::new();
    match format {
        Format::Phh => {
            for i in 1..=n {
                out.push_str(&format!("[{i}]\n{PHH_HAND}\n"));
            }
        }
        Format::Pbn => {
            for i in 1..=n {
                out.push_str(&PBN_GAME.replace("[Board \"1\"]", &format!("[Board \"{i}\"]")));
                out.push('\n');
            }
        }
        Format::PpnPref => {
            out.push_str(&PREF_FILE[..PREF_FILE.find("[1 123").unwrap()]);
            for i in 1..=n {
                let first = ["123", "231", "312"][(i - 1) % 3];
                out.push_str(&format!("[{i} {first} WQKJS5LP84CEIAOT9N31BDH7FVM2RGU6 P,P,P]\n"));
            }
        }
        Format::Lin => {
            for i in 1..=n {
                out.push_str(&LIN_BOARD.replace("qx|o1|", &format!("qx|o{i}|")));
            }
        }
        Format::PpnPinochle => {
            out.push_str("% PPN 1.0\n% IMPORT\n");
            for i in 0..n {
                out.push_str(&format!("\n[Hand \"{}\"]\n[Dealer \"N\"]\n", i + 1));
            }
        }
    }
    out
}

#[test]
fn many_records_bounded_time() {
    for format in ALL {
        // Near-linear time: 50x the records may take at most ~150x the time (quadratic: 2500x).
        let small = many_records(format, 2_000);
        let start = Instant::now();
        let small_checked = timed_check(format, "2k records", small.as_bytes());
        let t_small = start.elapsed();
        let big_n = 100_000;
        let big = many_records(format, big_n);
        let start = Instant::now();
        let checked = timed_check(format, "many records", big.as_bytes());
        let t_big = start.elapsed();
        eprintln!("{}: 2k records {t_small:?}, {big_n} records {t_big:?}", format.name());
        let expected = small_checked.records.len() * big_n / 2_000;
        assert!(
            checked.records.len() >= expected.saturating_sub(1) && checked.records.len() <= expected + 1,
            "{}: {} records reported for {big_n}",
            format.name(),
            checked.records.len()
        );
        let ratio = big_n as f64 / 2_000.0;
        assert!(
            // The floor keeps a loaded machine from failing the test: a quadratic reader takes
            // 2500x the 2k time here, far above it.
            t_big < Duration::from_secs(8) || t_big.as_secs_f64() < t_small.as_secs_f64() * ratio * 3.0,
            "{}: {big_n} records took {t_big:?} vs {t_small:?} for 2k: not linear",
            format.name()
        );
    }
}

/// One bad record in the middle of many never stops the others.
#[test]
fn one_bad_record_among_many() {
    for format in ALL {
        let text = many_records(format, 50);
        let good = check(format, text.as_bytes());
        let good_errors = error_count(&good);
        let broken = match format {
            Format::Phh => text.replacen("[25]\nvariant = 'NT'", "[25]\nvariant = 'XX'", 1),
            Format::Pbn => {
                text.replacen("[Board \"25\"]\n[Dealer \"N\"]", "[Board \"25\"]\n[Dealer \"Q\"]", 1)
            }
            Format::PpnPref => text.replacen(
                "[25 123 WQKJS5LP84CEIAOT9N31BDH7FVM2RGU6",
                "[25 123 WQKJS5LP84CEIAOT9N31BDH7FVM2RG!!",
                1,
            ),
            Format::PpnPinochle => {
                text.replacen("[Hand \"25\"]\n[Dealer \"N\"]", "[Hand \"25\"]\n[Dealer \"Q\"]", 1)
            }
            Format::Lin => text.replacen("qx|o25|pn|Ann,Bob,Cy,Di|md|3", "qx|o25|pn|Ann,Bob,Cy,Di|md|9", 1),
        };
        assert_ne!(broken, text, "{}: the test did not break anything", format.name());
        let checked = timed_check(format, "one bad record", broken.as_bytes());
        assert_eq!(
            checked.records.len(),
            good.records.len(),
            "{}: a bad record changed the record count",
            format.name()
        );
        let bad: Vec<usize> = checked
            .records
            .iter()
            .enumerate()
            .filter(|(_, r)| r.diagnostics.iter().any(|d| d.is_error()))
            .map(|(i, _)| i)
            .collect();
        assert!(error_count(&checked) > good_errors, "{}: the broken record has no error", format.name());
        assert_eq!(
            bad.len(),
            1,
            "{}: errors in records {bad:?}, expected only the broken one",
            format.name()
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Duplicate keys / tags.

#[test]
fn duplicate_keys_are_reported() {
    let cases: Vec<(Format, &str, String, &str)> = vec![
        (Format::Phh, "key", PHH_HAND.replace("min_bet = 2\n", "min_bet = 2\nmin_bet = 4\n"), "min_bet = 4"),
        (Format::Phh, "table", format!("[1]\n{PHH_HAND}\n[1]\n{PHH_HAND}"), "[1]\nvariant"),
        (
            Format::Pbn,
            "tag",
            PBN_GAME.replace("[Dealer \"N\"]\n", "[Dealer \"N\"]\n[Dealer \"S\"]\n"),
            "[Dealer \"S\"]",
        ),
        (Format::PpnPref, "tag", PREF_FILE.replace("[Bula 60]\n", "[Bula 60]\n[Bula 80]\n"), "[Bula 80]"),
        (
            Format::PpnPinochle,
            "tag",
            PINOCHLE_FILE.replace("[Dealer \"N\"]\n", "[Dealer \"N\"]\n[Dealer \"E\"]\n"),
            "[Dealer \"E\"]",
        ),
    ];
    for (format, what, text, second) in cases {
        let checked = timed_check(format, what, text.as_bytes());
        let at = text.rfind(second).unwrap();
        let reported = checked
            .records
            .iter()
            .flat_map(|r| &r.diagnostics)
            .any(|d| d.span().start <= at + second.len() && d.span().end >= at);
        assert!(
            reported,
            "{} duplicate {what}: nothing reported at the duplicate: {:?}",
            format.name(),
            codes(&checked)
        );
        if format == Format::Phh {
            assert!(error_count(&checked) > 0, "phh duplicate {what} is not an error");
        }
        assert_fmt_consistent(format, what, text.as_bytes(), &checked);
    }
}

// ---------------------------------------------------------------------------------------------
// A `.phhs` whose hands share nothing.

#[test]
fn phhs_hands_share_nothing() {
    let text = "\
[first]
variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [200, 200]
actions = ['d dh p1 AhKh', 'd dh p2 7c2d', 'p2 cbr 6', 'p1 f']
event = 'one'

[\"second hand\"]
variant = 'FR'
ante_trimming_status = true
antes = [1, 1, 1]
bring_in = 2
small_bet = 5
big_bet = 10
starting_stacks = [100, 100, 100]
actions = []
players = ['a', 'b', 'c']
currency = 'EUR'

[3]
# a hand with nothing in common and an error of its own
variant = 'ZZ'

[4]
variant = 'FB'
antes = [0, 0, 0, 0]
blinds_or_straddles = [1, 2, 0, 0]
small_bet = 2
big_bet = 4
starting_stacks = [inf, 50.25, 80, 10]
actions = ['d dh p1 ????????', 'd dh p2 ????????', 'd dh p3 ????????', 'd dh p4 ????????']
";
    let checked = timed_check(Format::Phh, "hands share nothing", text.as_bytes());
    assert_eq!(checked.records.len(), 4, "{:?}", codes(&checked));
    for (i, r) in checked.records.iter().enumerate() {
        let errors: Vec<&str> = r.diagnostics.iter().filter(|d| d.is_error()).map(|d| d.code()).collect();
        if i == 2 {
            assert!(!errors.is_empty(), "hand 3 (unknown variant) has no error");
            let d = r.diagnostics.iter().find(|d| d.is_error()).unwrap();
            assert_eq!(&checked.source[d.span().range()], "'ZZ'", "the unknown variant is pointed at");
        } else {
            assert!(
                errors.is_empty(),
                "hand {} shares nothing with the others but has errors {errors:?}",
                i + 1
            );
        }
    }
    assert!(fmt(Format::Phh, text.as_bytes()).is_err(), "fmt rewrote a file with an error");
    // Without the bad hand, the file formats and stays formatted; each hand keeps its own fields.
    let good = text.replace("variant = 'ZZ'", "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [5, 5]\nactions = []");
    let checked = timed_check(Format::Phh, "hands share nothing, fixed", good.as_bytes());
    assert_eq!(error_count(&checked), 0, "{:?}", codes(&checked));
    assert_fmt_consistent(Format::Phh, "hands share nothing", good.as_bytes(), &checked);
    let out = String::from_utf8(fmt(Format::Phh, good.as_bytes()).unwrap()).unwrap();
    for needle in ["'FR'", "'EUR'", "'FB'", "inf", "50.25", "'one'"] {
        assert!(out.contains(needle), "fmt lost {needle}:\n{out}");
    }
    let again = check(Format::Phh, out.as_bytes());
    assert_eq!(again.records.len(), 4);
}

// ---------------------------------------------------------------------------------------------
// Mixed line endings.

/// Rewrites the line ends of `text` cycling through LF, CRLF and (if `lone_cr`) CR.
fn mixed_eol(text: &str, lone_cr: bool) -> String {
    let ends: &[&str] = if lone_cr { &["\n", "\r\n", "\r"] } else { &["\n", "\r\n"] };
    let mut out = String::new();
    for (i, line) in text.lines().enumerate() {
        out.push_str(line);
        out.push_str(ends[i % ends.len()]);
    }
    out
}

#[test]
fn mixed_line_endings() {
    for format in ALL {
        let (name, data) = small_real_file(format);
        let text = String::from_utf8_lossy(&data).into_owned();
        let lf = text.replace("\r\n", "\n");
        let plain = check(format, lf.as_bytes());
        for (what, mixed) in [("LF/CRLF", mixed_eol(&lf, false)), ("all CRLF", lf.replace('\n', "\r\n"))] {
            let checked = timed_check(format, &format!("{name} {what}"), mixed.as_bytes());
            assert_eq!(
                checked.records.len(),
                plain.records.len(),
                "{} {name} {what}: record count changed",
                format.name()
            );
            assert_eq!(
                error_count(&checked),
                error_count(&plain),
                "{} {name} {what}: line endings changed the errors: {:?} vs {:?}",
                format.name(),
                codes(&checked),
                codes(&plain)
            );
            assert_fmt_consistent(format, &format!("{name} {what}"), mixed.as_bytes(), &checked);
        }
        // Lone CRs (old Mac files): whatever the verdict, it is a verdict.
        let cr = mixed_eol(&lf, true);
        let checked = timed_check(format, &format!("{name} with lone CR"), cr.as_bytes());
        assert_fmt_consistent(format, &format!("{name} with lone CR"), cr.as_bytes(), &checked);
    }
}

// ---------------------------------------------------------------------------------------------
// A PBN game with 200 tricks.

#[test]
fn pbn_game_with_200_tricks() {
    let mut text = PBN_GAME.replace(
        "[Auction \"N\"]\n7NT Pass Pass Pass\n",
        "[Auction \"N\"]\n7NT Pass Pass Pass\n[Play \"E\"]\n",
    );
    let ranks = ["A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2"];
    for i in 0..200 {
        let r = ranks[i % 13];
        text.push_str(&format!("S{r} H{r} D{r} C{r}\n"));
    }
    text.push_str("*\n");
    let checked = timed_check(Format::Pbn, "200 tricks", text.as_bytes());
    assert!(error_count(&checked) > 0, "a 200-trick play read without errors");
    assert!(fmt(Format::Pbn, text.as_bytes()).is_err());
    // The play section itself is reported (the result may be reported too).
    let play = text.find("[Play").unwrap();
    let in_play = checked
        .records
        .iter()
        .flat_map(|r| &r.diagnostics)
        .filter(|d| d.is_error())
        .any(|d| d.span().start >= play);
    assert!(in_play, "no error in the play section: {:?}", codes(&checked));
    // And 200 tricks of a well-formed-looking play in a 10k-game file stays fast.
    let mut many = String::new();
    for _ in 0..50 {
        many.push_str(&text);
        many.push('\n');
    }
    let checked = timed_check(Format::Pbn, "50 games of 200 tricks", many.as_bytes());
    assert_eq!(checked.records.len(), 50);
}

// ---------------------------------------------------------------------------------------------
// fmt is a fixed point on every corpus file (and refuses those with errors).

#[test]
fn fmt_fixed_point_on_every_corpus_file() {
    for format in ALL {
        let files = corpus_files(format);
        if files.is_empty() {
            eprintln!("note: corpus/{} has no files yet", format.name());
        }
        for path in files {
            let data = std::fs::read(&path).unwrap();
            let name = path.strip_prefix(repo_root()).unwrap_or(&path).display().to_string();
            let checked = timed_check(format, &name, &data);
            assert_fmt_consistent(format, &name, &data, &checked);
        }
    }
}

/// `fmt` output of a clean file keeps its records: same count, same fields.
#[test]
fn fmt_keeps_records_and_fields() {
    for format in ALL {
        for path in corpus_files(format) {
            let data = std::fs::read(&path).unwrap();
            let Ok(out) = fmt(format, &data) else { continue };
            let before = check(format, &data);
            let after = check(format, &out);
            let name = path.display();
            assert_eq!(
                before.records.len(),
                after.records.len(),
                "{} {name}: fmt changed the record count",
                format.name()
            );
            for (i, (a, b)) in before.records.iter().zip(&after.records).enumerate() {
                assert_eq!(a.fields, b.fields, "{} {name}: record {i} fields changed by fmt", format.name());
            }
        }
    }
}

/// The commands' path: a file cut into units by its notation, each unit checked and rewritten on
/// its own. Big `.phhs` inputs (many units) broken in every way the sweeps above use: no panic,
/// every span inside its unit's text on a character boundary, and the units together are the file.
#[test]
fn units_of_broken_big_files() {
    use cardnote::formats::{ConvertTo, Glue};
    use cardnote_check::{Check, UNIT_BYTES, Unit};
    use phh::Phh;
    let hand = PHH_HAND;
    let mut base = String::new();
    let mut n = 0;
    while base.len() < 3 * UNIT_BYTES {
        n += 1;
        base.push_str(&format!("[{n}]\n{hand}\n"));
    }
    let cut = base.len() / 2;
    let mut inputs: Vec<(&str, Vec<u8>)> = vec![
        ("clean", base.clone().into_bytes()),
        ("cut off", base.as_bytes()[..cut].to_vec()),
        ("crlf", base.replace('\n', "\r\n").into_bytes()),
        ("lone cr", base.replace('\n', "\r").into_bytes()),
    ];
    let mut latin1 = base.clone().into_bytes();
    latin1[cut] = 0xE9;
    inputs.push(("invalid utf-8", latin1));
    let mut nul = base.clone().into_bytes();
    nul[cut] = 0;
    inputs.push(("nul", nul));
    inputs.push(("multibyte", base.replace("NT", "NT\u{e9}\u{1F0A1}").into_bytes()));
    inputs.push(("unclosed array", base.replacen("actions = [", "actions = [\n'# x',\n", 1).into_bytes()));
    for (what, data) in &inputs {
        let units = || -> Vec<Unit<Phh>> {
            Phh::units(Box::new(data.as_slice()), Path::new("big.phhs"), UNIT_BYTES)
                .collect::<Result<_, _>>()
                .unwrap()
        };
        let mut offset = 0;
        let count = units().len();
        for unit in units() {
            assert_eq!(unit.offset, offset, "{what}: units follow each other");
            offset += unit.text.len();
            let source = unit.text.clone();
            let checked =
                FileCheck { source, records: cardnote_check::check_unit(unit, &CheckOptions::default()) };
            assert_sane(Format::Phh, what, &checked);
        }
        // Each unit rewritten and converted on its own (units are consumed: cut again for each).
        let step = |i: usize, unit: Unit<Phh>| match i {
            0 => Phh::fmt(unit, &FmtOptions::default()),
            1 => Phh::fmt(unit, &FmtOptions { preserve: true, force: true }),
            _ => Phh::convert(unit, ConvertTo::Json),
        };
        for i in 0..3 {
            for refusal in units().into_iter().filter_map(|unit| step(i, unit).err()) {
                let refusal = FileCheck {
                    source: refusal.source.clone(),
                    records: vec![cardnote_check::RecordReport {
                        diagnostics: refusal.diagnostics,
                        fields: Default::default(),
                    }],
                };
                assert_sane(Format::Phh, what, &refusal);
            }
        }
        assert!(count > 1 || *what == "lone cr", "{what}: {count} units");
    }
}
