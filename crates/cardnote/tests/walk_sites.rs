//! `cardnote check --format SITE DIR` walks the directory for the site's own files (PokerStars'
//! `.txt`, iPoker's `.xml`...), not the notations' extensions, and leaves everything else alone.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::Path;
use std::process::{Command, Output};

fn cardnote(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cardnote")).args(args).current_dir(dir).output().expect("run cardnote")
}

fn corpus(path: &str) -> Vec<u8> {
    std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/sitelogs").join(path)).expect(path)
}

/// The files named in `check --json` lines, in order, once each.
fn files_checked(out: &Output) -> Vec<String> {
    let mut files: Vec<String> = Vec::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let value: serde_json::Value = serde_json::from_str(line).unwrap();
        let file = value["file"].as_str().unwrap().to_owned();
        if files.last() != Some(&file) {
            files.push(file);
        }
    }
    files
}

#[test]
fn a_directory_of_site_logs_is_walked_for_the_sites_extensions() {
    let dir = tempfile::tempdir().unwrap();
    let logs = dir.path().join("logs");
    std::fs::create_dir_all(logs.join("2024")).unwrap();
    std::fs::write(logs.join("2024/b.TXT"), corpus("pokerstars/cases/stud.txt")).unwrap();
    std::fs::write(logs.join("a.txt"), corpus("pokerstars/cases/draw.txt")).unwrap();
    std::fs::write(logs.join("notes.md"), b"# not a log\n").unwrap();
    std::fs::write(logs.join("hand.phh"), b"variant = 'NT'\n").unwrap();
    std::fs::write(logs.join("table.xml"), corpus("ipoker/cases/escapes_order_then_bad_xml.xml")).unwrap();

    let out = cardnote(&["check", "--json", "--format", "pokerstars", "logs"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(files_checked(&out), ["logs/2024/b.TXT", "logs/a.txt"]);

    let out = cardnote(&["check", "--json", "--format", "ipoker", "logs"], dir.path());
    let files = files_checked(&out);
    assert!(files.contains(&"logs/table.xml".to_owned()), "{files:?}");
    assert!(!files.iter().any(|f| f.ends_with(".md") || f.ends_with(".phh")), "{files:?}");
}
