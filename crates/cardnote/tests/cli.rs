//! Runs the `cardnote` binary on small fixtures: the JSON Lines contract and the exit codes.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value;

fn cardnote(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cardnote")).args(args).current_dir(dir).output().expect("run cardnote")
}

fn json_lines(output: &Output) -> Vec<Value> {
    String::from_utf8(output.stdout.clone())
        .expect("stdout is UTF-8")
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("not JSON: {line}: {e}")))
        .collect()
}

fn write(dir: &Path, name: &str, text: &[u8]) {
    let path = dir.join(name);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

fn assert_contract(record: &Value) {
    let object = record.as_object().expect("each line is an object");
    for key in ["file", "index", "format", "ok", "errors", "warnings"] {
        assert!(object.contains_key(key), "missing {key} in {record}");
    }
    assert!(record["file"].is_string());
    assert!(record["index"].is_u64());
    let format = record["format"].as_str().unwrap();
    assert!(["phh", "pbn", "ppn-pref", "ppn-pinochle"].contains(&format), "{format}");
    let errors = record["errors"].as_array().unwrap();
    assert_eq!(record["ok"].as_bool(), Some(errors.is_empty()), "ok means no errors: {record}");
    for diag in errors.iter().chain(record["warnings"].as_array().unwrap()) {
        let d = diag.as_object().unwrap();
        for key in ["code", "message", "line", "column"] {
            assert!(d.contains_key(key), "diagnostic without {key}: {diag}");
        }
        let code = d["code"].as_str().unwrap();
        assert!(
            !code.is_empty()
                && code.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_'),
            "code is SCREAMING_SNAKE: {code}"
        );
        assert!(d["line"].as_u64().unwrap() >= 1);
        assert!(d["column"].as_u64().unwrap() >= 1);
    }
}

#[test]
fn json_lines_follow_the_contract_in_walk_order() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "b/z.pbn", b"[Event \"x\"]\n[Board \"1\"]\n");
    write(dir.path(), "b/a.phh", b"variant = 'NT'\n");
    write(dir.path(), "a.ppn", b"% PPN 1.0\n% EXPORT\n");
    write(dir.path(), "c.ppn", b"[Bula \"100\"]\n[Refe \"3\"]\n");
    write(dir.path(), "b/notes.txt", b"not a notation file");
    let output = cardnote(&["check", "--json", "."], dir.path());
    let records = json_lines(&output);
    assert!(records.len() >= 4, "{records:?}");
    for record in &records {
        assert_contract(record);
    }
    let files: Vec<&str> = records.iter().map(|r| r["file"].as_str().unwrap()).collect();
    let mut firsts: Vec<&str> = files.clone();
    firsts.dedup();
    assert_eq!(firsts, vec!["./a.ppn", "./b/a.phh", "./b/z.pbn", "./c.ppn"]);
    let formats: Vec<&str> = records.iter().map(|r| r["format"].as_str().unwrap()).collect();
    assert!(formats.contains(&"ppn-pinochle") && formats.contains(&"ppn-pref"));
    let any_error = records.iter().any(|r| r["ok"] == Value::Bool(false));
    assert_eq!(output.status.code(), Some(if any_error { 1 } else { 0 }));
}

#[test]
fn broken_files_are_reported_not_crashed_on() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "junk.pbn", b"\xff\xfe\x00[[[\"\x00\n\n\n%%%");
    write(dir.path(), "junk.phh", b"\x00\x01 = = [[[\n");
    write(dir.path(), "junk.ppn", b"\xff\n,,,,\n");
    let output = cardnote(&["check", "--json", "."], dir.path());
    assert_eq!(output.status.code(), Some(1), "{}", String::from_utf8_lossy(&output.stderr));
    let records = json_lines(&output);
    assert!(records.len() >= 3);
    for record in &records {
        assert_contract(record);
    }
    for file in ["./junk.pbn", "./junk.phh", "./junk.ppn"] {
        assert!(
            records.iter().any(|r| r["file"] == file && r["ok"] == Value::Bool(false)),
            "{file} should have an error"
        );
    }
}

#[test]
fn usage_and_io_errors_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    assert_eq!(cardnote(&["check"], dir.path()).status.code(), Some(2));
    assert_eq!(cardnote(&["check", "--format", "nope", "x.phh"], dir.path()).status.code(), Some(2));
    assert_eq!(cardnote(&["frobnicate"], dir.path()).status.code(), Some(2));
    assert_eq!(cardnote(&["check", "missing.phh"], dir.path()).status.code(), Some(2));
    write(dir.path(), "notes.txt", b"hello");
    assert_eq!(cardnote(&["check", "notes.txt"], dir.path()).status.code(), Some(2));
}

#[test]
fn forced_format_reads_any_named_file() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "hand.txt", b"variant = 'NT'\n");
    let output = cardnote(&["check", "--json", "--format", "phh", "hand.txt"], dir.path());
    let records = json_lines(&output);
    assert_eq!(records.len(), 1);
    assert_eq!(records[0]["format"], "phh");
    assert_eq!(records[0]["file"], "hand.txt");
}

#[test]
fn human_output_renders_diagnostics_and_a_summary() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "junk.phh", b"variant = \n");
    let output = cardnote(&["check", "junk.phh"], dir.path());
    assert_eq!(output.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stdout.contains("junk.phh:1:"), "miette report with file:line:column: {stdout}");
    assert!(stderr.contains("files: 1, records: 1, ok: 0, invalid: 1"), "{stderr}");
    // 11 bytes measure start-up, not reading: no rate is printed (README: the check summary).
    assert!(!stderr.contains("MB/s"), "{stderr}");
}

/// PHH files stream through the CLI in units of hands on several threads; the report must be
/// identical to the whole-file one (same records, fields, codes, lines and columns) on every PHH
/// corpus file, whatever the number of threads.
#[test]
fn streamed_phh_reports_equal_in_memory_reports() {
    use cardnote_check::{CheckOptions, Format, check_bytes};
    let corpus = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../corpus/phh");
    let mut stack = vec![corpus];
    let mut files = Vec::new();
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "phh" || e == "phhs") {
                files.push(path);
            }
        }
    }
    assert!(files.len() > 10);
    let dir = tempfile::tempdir().unwrap();
    for path in files {
        let shown = path.to_str().unwrap();
        let data = std::fs::read(&path).unwrap();
        let whole = check_bytes(Format::Phh, &data, &CheckOptions::default());
        let index = cards_core::LineIndex::new(&whole.source);
        let line_col = |offset: usize| index.line_col(&whole.source, offset);
        let expected: String = whole
            .records
            .iter()
            .enumerate()
            .map(|(i, r)| format!("{}\n", cardnote_check::record_json(shown, i, Format::Phh, r, &line_col)))
            .collect();
        // A `.phhs` of only comments holds no hands (the whole-file function reads one, empty).
        let text = String::from_utf8_lossy(&data);
        let holds_no_hands = path.extension().is_some_and(|e| e == "phhs")
            && text.lines().all(|l| l.trim().is_empty() || l.trim().starts_with('#'));
        let expected = if holds_no_hands { String::new() } else { expected };
        for threads in ["1", "2"] {
            let streamed = cardnote(&["check", "--json", "--threads", threads, shown], dir.path());
            let stdout = String::from_utf8_lossy(&streamed.stdout);
            assert_eq!(stdout, expected, "{} --threads {threads}", path.display());
            let failed =
                !holds_no_hands && whole.records.iter().any(|r| r.diagnostics.iter().any(|d| d.is_error()));
            assert_eq!(streamed.status.code(), Some(i32::from(failed)), "{}", path.display());
        }
    }
}

/// `convert` tells which notation a `.json` file holds from the document itself, so every JSON form
/// converts back without `--format`, and the result is what converting the original gives.
#[test]
fn convert_json_back_without_naming_the_format() {
    let dir = tempfile::tempdir().unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let cases = [
        ("corpus/phh/cases/short-deck.phh", "phh"),
        ("corpus/pbn/cases/features.pbn", "pbn"),
        ("corpus/ppn-pref/valid/game-12-deals.ppn", "ppn"),
        ("corpus/ppn-pinochle/valid/import-features.ppn", "ppn"),
    ];
    for (input, to) in cases {
        let input = root.join(input);
        let input = input.to_str().unwrap();
        let json = dir.path().join("doc.json");
        let to_json = cardnote(&["convert", "--to", "json", input, "-o", json.to_str().unwrap()], dir.path());
        assert!(to_json.status.success(), "{input}: {}", String::from_utf8_lossy(&to_json.stderr));
        let back = cardnote(&["convert", "--to", to, "doc.json"], dir.path());
        assert!(back.status.success(), "{input}: {}", String::from_utf8_lossy(&back.stderr));
        let direct = cardnote(&["convert", "--to", to, input], dir.path());
        assert!(direct.status.success(), "{input}: {}", String::from_utf8_lossy(&direct.stderr));
        assert_eq!(String::from_utf8_lossy(&back.stdout), String::from_utf8_lossy(&direct.stdout), "{input}");
    }
}
