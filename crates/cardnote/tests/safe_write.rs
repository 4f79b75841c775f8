//! `cardnote fmt` never loses a user's data: it writes a temporary file, re-reads and re-checks it,
//! and renames it over the original only then. Killing it mid-write leaves the original intact, and
//! a file that does not read cleanly is rewritten only with `--force`, and then only when the new
//! text reports exactly the same errors.

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

/// A hand that reads but does not replay: `p1` acts out of turn heads-up (PokerKit folds for the
/// player whose turn it was), then `p2 f` comes after the end of the hand (FINDINGS F4). Written
/// non-canonically, so `fmt` would change it.
const ILLEGAL_HAND: &str = "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet   = 2\nstarting_stacks = [200, 200]\nactions = ['d dh p1 AhKh', 'd dh p2 7c2d', 'p1 cbr 6', 'p2 f']\n";

fn codes(dir: &Path, file: &str) -> Vec<String> {
    let out = cardnote().args(["check", "--json", file]).current_dir(dir).output().unwrap();
    let record: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    record["errors"].as_array().unwrap().iter().map(|e| e["code"].as_str().unwrap().to_owned()).collect()
}

#[test]
fn files_with_errors_are_rewritten_only_with_force() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("illegal.phh");
    std::fs::write(&path, ILLEGAL_HAND).unwrap();
    let before = codes(dir.path(), "illegal.phh");
    assert!(before.iter().any(|c| c.starts_with("REPLAY_")), "{before:?}");

    let run = cardnote().args(["fmt", "illegal.phh"]).current_dir(dir.path()).output().unwrap();
    assert_eq!(run.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(stderr.contains("does not read cleanly") && stderr.contains("--force"), "{stderr}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), ILLEGAL_HAND, "not rewritten without --force");

    let forced = cardnote().args(["fmt", "--force", "illegal.phh"]).current_dir(dir.path()).output().unwrap();
    assert_eq!(forced.status.code(), Some(0), "{}", String::from_utf8_lossy(&forced.stderr));
    let rewritten = std::fs::read_to_string(&path).unwrap();
    assert_ne!(rewritten, ILLEGAL_HAND);
    assert!(rewritten.contains("min_bet = 2"), "{rewritten}");
    assert_eq!(codes(dir.path(), "illegal.phh"), before, "the same errors after the rewrite");
    assert!(leftovers(dir.path()).is_empty());
}

#[test]
fn force_never_writes_what_cannot_be_read_back() {
    let dir = tempfile::tempdir().unwrap();
    // A TOML syntax error: there is no hand to write, so even --force keeps the file.
    let broken = "variant = 'NT'\nactions = ['d dh p1 AsAh', \n";
    std::fs::write(dir.path().join("bad.phh"), broken).unwrap();
    // A PBN game whose auction has an insufficient bid: export can write it as it is.
    let pbn = "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\n[Auction \"N\"]\n1NT 1C Pass Pass\nPass\n";
    std::fs::write(dir.path().join("bad.pbn"), pbn).unwrap();
    let before = codes(dir.path(), "bad.pbn");
    assert!(!before.is_empty());
    let run =
        cardnote().args(["fmt", "--force", "bad.phh", "bad.pbn"]).current_dir(dir.path()).output().unwrap();
    assert_eq!(run.status.code(), Some(1), "{}", String::from_utf8_lossy(&run.stderr));
    assert!(
        String::from_utf8_lossy(&run.stderr).contains("not rewriting bad.phh: it cannot be written back")
    );
    assert_eq!(std::fs::read_to_string(dir.path().join("bad.phh")).unwrap(), broken);
    // The broken auction survives export token for token, so the errors are the same.
    let pbn_after = std::fs::read_to_string(dir.path().join("bad.pbn")).unwrap();
    assert!(
        pbn_after.starts_with("% PBN 2.1\r\n% EXPORT\r\n") && pbn_after.contains("1NT 1C Pass Pass"),
        "{pbn_after}"
    );
    assert_eq!(codes(dir.path(), "bad.pbn"), before);
    assert!(leftovers(dir.path()).is_empty());
}
