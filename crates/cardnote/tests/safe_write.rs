//! `cardnote fmt` never loses a user's data: it writes a temporary file, re-reads and re-checks it,
//! and renames it over the original only then. Killing it mid-write leaves the original intact, and
//! a file that does not read cleanly is never rewritten.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

/// A valid hand written non-canonically (extra spaces, fields out of order), so `fmt` rewrites it.
const MESSY_HAND: &str = "starting_stacks   = [200, 200]\nvariant = 'NT'\nante_trimming_status = true\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nactions = ['d dh p1 AsAh', 'd dh p2 7c2d', 'p2 f']\n";

fn cardnote() -> Command {
    Command::new(env!("CARGO_BIN_EXE_cardnote"))
}

fn leftovers(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(".cardnote-"))
        .collect()
}

#[test]
fn killed_before_rename_leaves_the_original_intact() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("hand.phh");
    std::fs::write(&path, MESSY_HAND).unwrap();
    let mut child = cardnote()
        .args(["fmt", "hand.phh"])
        .current_dir(dir.path())
        .env("CARDNOTE_TEST_PAUSE_BEFORE_RENAME_MS", "30000")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Wait until the temporary file exists (fully written and verified), then kill.
    let mut waited = 0;
    while leftovers(dir.path()).is_empty() && waited < 200 {
        std::thread::sleep(Duration::from_millis(50));
        waited += 1;
        if let Ok(Some(status)) = child.try_wait() {
            panic!("fmt ended before writing a temporary file: {status}");
        }
    }
    assert!(!leftovers(dir.path()).is_empty(), "no temporary file appeared");
    child.kill().unwrap();
    let _ = child.wait();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), MESSY_HAND, "original changed");
}

#[test]
fn fmt_rewrites_valid_files_and_refuses_broken_ones() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.phh");
    let bad = dir.path().join("bad.phh");
    std::fs::write(&good, MESSY_HAND).unwrap();
    let broken = "variant = 'NT'\nactions = ['d dh p1 AsAh', \n";
    std::fs::write(&bad, broken).unwrap();

    let check = cardnote().args(["fmt", "--check", "good.phh"]).current_dir(dir.path()).output().unwrap();
    assert_eq!(check.status.code(), Some(1), "--check reports a file that would change");
    assert_eq!(std::fs::read_to_string(&good).unwrap(), MESSY_HAND, "--check writes nothing");

    let run = cardnote().args(["fmt", "good.phh", "bad.phh"]).current_dir(dir.path()).output().unwrap();
    assert_eq!(run.status.code(), Some(1), "a refused file makes the run fail");
    assert_eq!(std::fs::read_to_string(&bad).unwrap(), broken, "a broken file is never rewritten");
    let formatted = std::fs::read_to_string(&good).unwrap();
    assert_ne!(formatted, MESSY_HAND);
    assert!(leftovers(dir.path()).is_empty(), "no temporary files left behind");

    let again = cardnote().args(["fmt", "--check", "good.phh"]).current_dir(dir.path()).output().unwrap();
    assert_eq!(again.status.code(), Some(0), "formatting is a fixed point");
    let checked = cardnote().args(["check", "good.phh"]).current_dir(dir.path()).output().unwrap();
    assert_eq!(checked.status.code(), Some(0), "{}", String::from_utf8_lossy(&checked.stdout));
}
