//! The main job on the bundled corpus: every file yields records, every file under an `invalid/`
//! folder fails, and no format is left unread.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::PathBuf;
use std::process::Command;

use serde_json::Value;

fn corpus() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../corpus")
}

#[test]
fn corpus_check_reads_every_file_and_invalid_files_fail() {
    let output = Command::new(env!("CARGO_BIN_EXE_cardnote"))
        .args(["check", "--json", "corpus"])
        .current_dir(corpus().parent().unwrap())
        .output()
        .unwrap();
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
            assert!(
                records.iter().any(|r| r["ok"] == Value::Bool(false)),
                "{file} is in an invalid/ folder but reads without error"
            );
        }
    }
    let has_error = records.iter().any(|r| r["ok"] == Value::Bool(false));
    assert_eq!(code, Some(if has_error { 1 } else { 0 }));
}
