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
    // Nothing cleans up after SIGKILL: the next run names what was left.
    let left = leftovers(dir.path());
    assert_eq!(left.len(), 1, "{left:?}");
    let next = cardnote().args(["fmt", "--check", "hand.phh"]).current_dir(dir.path()).output().unwrap();
    let stderr = String::from_utf8_lossy(&next.stderr);
    assert!(stderr.contains(&left[0]) && stderr.contains("interrupted cardnote run"), "{stderr}");
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

/// A `.phhs` of `hands` messy hands (about 330 bytes each), so `fmt` rewrites every one.
fn messy_hands(hands: usize) -> String {
    let mut text = String::with_capacity(hands * 340);
    for i in 1..=hands {
        text.push_str(&format!("[{i}]\n{MESSY_HAND}\n"));
    }
    text
}

/// The temporary file `fmt` writes beside its input, once there is one.
fn temporary(dir: &Path) -> Option<std::path::PathBuf> {
    leftovers(dir).first().map(|name| dir.join(name))
}

/// A poker client appends a hand to its hand-history file while `fmt` rewrites it: after `fmt`
/// wrote and checked its temporary file and before the rename (held there by the test hook, so
/// the append lands in the window deterministically). `fmt` must see that the file is no longer
/// what it read, keep it (the append included), remove its temporary file and fail. Before the
/// check existed, `fmt` exited 0 and the appended hand was gone.
#[test]
fn a_file_appended_to_while_fmt_runs_keeps_the_append() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("client.phhs");
    let original = messy_hands(2_000);
    std::fs::write(&path, &original).unwrap();
    // The size of the new text, from a run on a copy: the temporary file is complete at that size.
    let copy = tempfile::tempdir().unwrap();
    std::fs::write(copy.path().join("client.phhs"), &original).unwrap();
    let run = cardnote().args(["fmt", "client.phhs"]).current_dir(copy.path()).output().unwrap();
    assert_eq!(run.status.code(), Some(0), "{}", String::from_utf8_lossy(&run.stderr));
    let formatted = std::fs::metadata(copy.path().join("client.phhs")).unwrap().len();

    let child = cardnote()
        .args(["fmt", "client.phhs"])
        .current_dir(dir.path())
        .env("CARDNOTE_TEST_PAUSE_BEFORE_RENAME_MS", "5000")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let appended = format!("[2001]\n{MESSY_HAND}");
    let writer = {
        let (dir, path, appended) = (dir.path().to_path_buf(), path.clone(), appended.clone());
        std::thread::spawn(move || {
            for _ in 0..12_000 {
                let done = temporary(&dir)
                    .and_then(|t| std::fs::metadata(t).ok())
                    .is_some_and(|m| m.len() == formatted);
                if done {
                    use std::io::Write;
                    let mut file = std::fs::OpenOptions::new().append(true).open(&path).unwrap();
                    file.write_all(appended.as_bytes()).unwrap();
                    return true;
                }
                std::thread::sleep(Duration::from_millis(5));
            }
            false
        })
    };
    assert!(writer.join().unwrap(), "fmt never finished its temporary file");
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("changed while cardnote was rewriting it") && stderr.contains("size"),
        "{stderr}"
    );
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        format!("{original}{appended}"),
        "the append is lost"
    );
    assert!(leftovers(dir.path()).is_empty(), "temporary file left: {:?}", leftovers(dir.path()));
}

/// Sends `signal` (`INT`, `TERM`) to a process.
fn kill(signal: &str, pid: u32) {
    let status = Command::new("kill").arg(format!("-{signal}")).arg(pid.to_string()).status().unwrap();
    assert!(status.success());
}

/// Ctrl-C (SIGINT) or SIGTERM while `fmt` rewrites a big file: the workers stop, the temporary
/// file goes, the original stays as it was, and the exit status is the shell's for the signal
/// (130, 143). Before the handler, the signal ended the process with the temporary file left.
#[cfg(unix)]
#[test]
fn an_interrupted_fmt_leaves_no_file_behind() {
    let original = messy_hands(30_000);
    for (signal, code) in [("INT", 130), ("TERM", 143)] {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("big.phhs");
        std::fs::write(&path, &original).unwrap();
        let mut child = cardnote()
            .args(["fmt", "--threads", "2", "big.phhs"])
            .current_dir(dir.path())
            // Only a safety net: the signal comes while the temporary file is being written
            // (about 10 MB), long before the rename.
            .env("CARDNOTE_TEST_PAUSE_BEFORE_RENAME_MS", "10000")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut waited = 0;
        while temporary(dir.path()).is_none_or(|t| std::fs::metadata(t).map_or(0, |m| m.len()) == 0) {
            assert!(waited < 12_000, "no temporary file appeared");
            if let Ok(Some(status)) = child.try_wait() {
                panic!("fmt ended before writing its temporary file: {status}");
            }
            std::thread::sleep(Duration::from_millis(5));
            waited += 1;
        }
        kill(signal, child.id());
        let status = child.wait().unwrap();
        assert_eq!(status.code(), Some(code), "SIG{signal}: {status}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), original, "SIG{signal}: original changed");
        assert!(leftovers(dir.path()).is_empty(), "SIG{signal}: left {:?}", leftovers(dir.path()));
    }
}

/// `convert` to stdout spools into a temporary file: interrupted (here while it waits for a
/// reader of its output), it leaves nothing in the temporary folder either.
#[cfg(unix)]
#[test]
fn an_interrupted_convert_to_stdout_leaves_no_file_behind() {
    let dir = tempfile::tempdir().unwrap();
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("big.phhs"), messy_hands(3_000)).unwrap();
    let mut child = cardnote()
        .args(["convert", "--to", "json", "big.phhs"])
        .current_dir(dir.path())
        .env("TMPDIR", tmp.path())
        // Never read: the output (over 1 MB) fills the pipe, so the run cannot end by itself.
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(500));
    kill("INT", child.id());
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130), "{status}");
    let left: Vec<_> = std::fs::read_dir(tmp.path()).unwrap().collect();
    assert!(left.is_empty(), "{left:?}");
}
