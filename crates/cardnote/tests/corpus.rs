//! The main job on the bundled corpus: every file yields records, every file under an `invalid/`
//! folder draws the diagnostic it was written for, no format is left unread, and the codes each
//! file reports are a snapshot (`corpus_codes`): a file that starts failing, or fails for another
//! reason, changes it.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::PathBuf;
use std::process::Command;

use serde_json::Value;

fn corpus() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../corpus")
}

/// `cardnote check --json corpus`, run from the repository's root.
fn check_corpus() -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_cardnote"))
        .args(["check", "--json", "corpus"])
        .current_dir(corpus().parent().unwrap())
        .output()
        .unwrap()
}

#[test]
fn corpus_check_reads_every_file_and_invalid_files_fail() {
    let output = check_corpus();
    let code = output.status.code();
    assert!(code == Some(0) || code == Some(1), "exit {code:?}: {}", String::from_utf8_lossy(&output.stderr));
    let records: Vec<Value> =
        String::from_utf8(output.stdout).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let mut by_file = std::collections::BTreeMap::<String, Vec<&Value>>::new();
    for record in &records {
        by_file.entry(record["file"].as_str().unwrap().to_owned()).or_default().push(record);
    }
    for (file, records) in &by_file {
        let indices: Vec<u64> = records.iter().map(|r| r["index"].as_u64().unwrap()).collect();
        assert_eq!(indices, (0..records.len() as u64).collect::<Vec<_>>(), "{file}: indices in order");
        if file.contains("/invalid/") {
            // One file per diagnostic code: error codes make the record fail, warning codes
            // (lints a reader can live with) leave it ok but must still be reported.
            let reported = records.iter().any(|r| {
                r["ok"] == Value::Bool(false) || !r["warnings"].as_array().is_none_or(|w| w.is_empty())
            });
            assert!(reported, "{file} is in an invalid/ folder but reads without any diagnostic");
        }
    }
    for format in ["phh", "pbn", "ppn-pref", "ppn-pinochle", "lin"] {
        assert!(records.iter().any(|r| r["format"] == format), "no {format} record in the corpus");
    }
    let has_error = records.iter().any(|r| r["ok"] == Value::Bool(false));
    assert_eq!(code, Some(if has_error { 1 } else { 0 }));
}

/// The README says why `cardnote check corpus` exits 1: the files under `invalid/`, the files it
/// names, and the site logs (whose refusals the sites' snapshots review). Every other failing file
/// must be named there.
#[test]
fn readme_names_every_failing_file_outside_invalid() {
    let output = check_corpus();
    let readme = std::fs::read_to_string(corpus().join("../README.md")).unwrap();
    // The site logs' refused hands are reviewed in the sites' snapshots, which the README says.
    let sites_explained = readme.contains("so any\nfile under `corpus/sitelogs/` may have errors");
    let mut unnamed = std::collections::BTreeSet::new();
    for line in String::from_utf8(output.stdout).unwrap().lines() {
        let record: Value = serde_json::from_str(line).unwrap();
        let file = record["file"].as_str().unwrap();
        if record["ok"] == Value::Bool(false) && !file.contains("/invalid/") {
            let relative = file.trim_start_matches("corpus/");
            let explained = sites_explained && relative.starts_with("sitelogs/");
            if !explained && !readme.contains(&format!("`{relative}`")) {
                unnamed.insert(relative.to_owned());
            }
        }
    }
    assert!(unnamed.is_empty(), "failing corpus files the README does not name: {unnamed:?}");
}

/// The codes every corpus file reports, errors and warnings apart, with their counts: a reviewed
/// snapshot, so a file that starts failing for a new reason (or stops reporting what it was written
/// for) fails this test until the change is reviewed (`cargo xtask snapshots`).
#[test]
fn corpus_codes_per_file() {
    use std::collections::BTreeMap;
    let output = check_corpus();
    let mut files = BTreeMap::<String, (usize, BTreeMap<String, usize>, BTreeMap<String, usize>)>::new();
    for line in String::from_utf8(output.stdout).unwrap().lines() {
        let record: Value = serde_json::from_str(line).unwrap();
        let file = record["file"].as_str().unwrap().trim_start_matches("corpus/").to_owned();
        let entry = files.entry(file).or_default();
        entry.0 += 1;
        for (key, counts) in [("errors", &mut entry.1), ("warnings", &mut entry.2)] {
            for diagnostic in record[key].as_array().into_iter().flatten() {
                *counts.entry(diagnostic["code"].as_str().unwrap().to_owned()).or_default() += 1;
            }
        }
    }
    assert!(files.len() >= 100, "only {} corpus files were read", files.len());
    let counted = |counts: &BTreeMap<String, usize>| {
        counts
            .iter()
            .map(|(code, n)| if *n == 1 { code.clone() } else { format!("{code}×{n}") })
            .collect::<Vec<_>>()
    };
    let mut text = String::new();
    for (file, (records, errors, warnings)) in &files {
        text.push_str(&format!("{file}: {records} record{}", if *records == 1 { "" } else { "s" }));
        if !errors.is_empty() {
            text.push_str(&format!("; errors {}", counted(errors).join(" ")));
        }
        if !warnings.is_empty() {
            text.push_str(&format!("; warnings {}", counted(warnings).join(" ")));
        }
        text.push('\n');
    }
    insta::assert_snapshot!("corpus_codes", text);
}
