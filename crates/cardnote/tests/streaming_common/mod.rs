//! What the streamed-against-whole-file tests of every notation share: running the binary, and
//! `check --json` as the whole-file functions give it.

use std::path::Path;
use std::process::{Command, Output};

use cardnote_check::{CheckOptions, Format, check_bytes, record_json};

/// Runs `cardnote` with `args` in `dir`.
pub fn cardnote(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cardnote")).args(args).current_dir(dir).output().expect("run cardnote")
}

/// `check --json` of `data` (named `file`) as the whole-file functions give it.
pub fn whole_file_json(format: Format, file: &str, data: &[u8], strict: bool) -> String {
    let opts = CheckOptions { strict, ..CheckOptions::default() };
    let checked = check_bytes(format, data, &opts);
    let index = cards_core::LineIndex::new(&checked.source);
    let line_col = |offset: usize| index.line_col(&checked.source, offset);
    let mut out = String::new();
    for (i, record) in checked.records.iter().enumerate() {
        out.push_str(&record_json(file, i, format, record, &line_col).to_string());
        out.push('\n');
    }
    out
}

/// `check --json [--strict] --threads N FILE` prints `expected` for every `N` of `threads`, and the
/// human output (`--max-diagnostics 0`: every diagnostic shown; exit status 1) is the same for
/// every `N`. Returns that human output.
pub fn check_on_threads(
    dir: &Path,
    file: &str,
    strict: bool,
    threads: &[&str],
    expected: &str,
    what: &str,
) -> Vec<u8> {
    let mut human: Option<Vec<u8>> = None;
    for &n in threads {
        let mut args = vec!["check", "--json", "--threads", n, file];
        if strict {
            args.insert(1, "--strict");
        }
        let json = cardnote(&args, dir);
        assert!(json.stdout == expected.as_bytes(), "check --json ({what}) --threads {n}");
        args.retain(|a| *a != "--json");
        let mut shown_args = vec!["--max-diagnostics", "0"];
        shown_args.extend(args);
        let shown = cardnote(&shown_args, dir);
        assert_eq!(shown.status.code(), Some(1));
        match &human {
            None => human = Some(shown.stdout),
            Some(first) => assert!(first == &shown.stdout, "human output ({what}) with --threads {n}"),
        }
    }
    human.unwrap_or_default()
}

/// `fmt [--preserve] --threads N FILE`, each `N` of `threads` on a fresh copy of `data`, succeeds
/// and writes `expected`.
pub fn fmt_on_threads(
    dir: &Path,
    file: &str,
    data: &[u8],
    preserve: bool,
    threads: &[&str],
    expected: &[u8],
    what: &str,
) {
    let path = dir.join(file);
    for &n in threads {
        std::fs::write(&path, data).unwrap();
        let mut args = vec!["fmt", "--threads", n];
        if preserve {
            args.push("--preserve");
        }
        args.push(file);
        let out = cardnote(&args, dir);
        assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
        let written = std::fs::read(&path).unwrap();
        assert!(written == expected, "fmt (preserve: {preserve}, {what}, --threads {n})");
    }
}

/// `convert --to TO --threads N FILE` succeeds and prints `expected` for every `N` of `threads`.
pub fn convert_on_threads(dir: &Path, file: &str, to: &str, threads: &[&str], expected: &[u8], what: &str) {
    for &n in threads {
        let out = cardnote(&["convert", "--to", to, "--threads", n, file], dir);
        assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
        assert!(out.stdout == expected, "convert --to {to} ({what}) --threads {n}");
    }
}

/// `text` with every `\n` made `\r\n`.
#[allow(dead_code, reason = "the PHH test makes no CRLF files")]
pub fn with_crlf(text: &[u8]) -> Vec<u8> {
    text.iter().flat_map(|&c| if c == b'\n' { vec![b'\r', b'\n'] } else { vec![c] }).collect()
}
