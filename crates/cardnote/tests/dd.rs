//! `cardnote dd --fill`, `dd --check` and `check --dd` on small files.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::Path;
use std::process::{Command, Output};

fn cardnote(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cardnote")).args(args).current_dir(dir).output().expect("run cardnote")
}

/// DDS's first deal of list100.txt (EW make 2S; par EW 2S=, -110 for NS), then a game without
/// a deal. Latin-1 bytes and CRLF line ends, as BridgeComposer writes.
const FILE: &[u8] = b"% PBN 2.1\r\n% \xe9t\xe9\r\n[Event \"Caf\xe9\"]\r\n[Board \"1\"]\r\n[Dealer \"N\"]\r\n[Vulnerable \"None\"]\r\n\
[Deal \"N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3\"]\r\n{ a comment }\r\n\r\n\
[Event \"Caf\xe9\"]\r\n[Board \"2\"]\r\n";

#[test]
fn fill_writes_the_four_tags_and_keeps_every_other_byte() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.pbn"), FILE).unwrap();
    let out = cardnote(&["dd", "--fill", "a.pbn"], dir.path());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let filled = std::fs::read(dir.path().join("a.pbn")).unwrap();
    // After the game's last tag and the comment that follows it.
    let at = FILE.windows(3).position(|w| w == b"t }").unwrap() + 3;
    let added: &[u8] = b"\r\n[DoubleDummyTricks \"65657656576867568675\"]\r\n[OptimumScore \"EW 110\"]\r\n\
[ParContract \"EW 2S=\"]\r\n[OptimumResultTable \"Declarer;Denomination\\2R;Result\\1R\"]\r\nN NT 6\r\nN  S 5\r\n";
    assert_eq!(&filled[..at], &FILE[..at], "the bytes before the new tags are kept");
    assert!(filled[at..].starts_with(added), "{}", String::from_utf8_lossy(&filled[at..]));
    let tail = &FILE[at..];
    assert!(filled.ends_with(tail), "the bytes after the new tags are kept (Latin-1 included)");
    assert_eq!(filled.len(), FILE.len() + added.len() - 2 + 18 * 8);

    // Filling again changes nothing, and the check passes.
    let out = cardnote(&["dd", "--fill", "a.pbn"], dir.path());
    assert!(out.status.success());
    assert_eq!(std::fs::read(dir.path().join("a.pbn")).unwrap(), filled);
    let out = cardnote(&["dd", "--check", "a.pbn"], dir.path());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stdout));
}

#[test]
fn check_reports_tags_that_contradict_the_deal() {
    let dir = tempfile::tempdir().unwrap();
    let mut text = FILE.to_vec();
    let at = text.windows(3).position(|w| w == b"t }").unwrap() + 3;
    let wrong: &[u8] = b"\r\n[DoubleDummyTricks \"65657656576867568676\"]\r\n[OptimumScore \"NS 110\"]\r\n\
[ParContract \"NS 2S=\"]\r\n[OptimumResultTable \"Declarer;Denomination\\2R;Result\\1R\"]\r\nN NT 7\r\nS  S 5";
    text.splice(at..at, wrong.iter().copied());
    std::fs::write(dir.path().join("b.pbn"), &text).unwrap();

    for args in [&["dd", "--check", "--json", "b.pbn"][..], &["check", "--dd", "--json", "b.pbn"][..]] {
        let out = cardnote(args, dir.path());
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let stdout = String::from_utf8(out.stdout).unwrap();
        let first: serde_json::Value = serde_json::from_str(stdout.lines().next().unwrap()).unwrap();
        let codes: Vec<&str> =
            first["errors"].as_array().unwrap().iter().map(|e| e["code"].as_str().unwrap()).collect();
        assert_eq!(
            codes,
            ["DD_TRICKS_MISMATCH", "DD_SCORE_MISMATCH", "DD_CONTRACT_MISMATCH", "DD_TABLE_MISMATCH"],
            "{args:?}: {stdout}"
        );
    }
    // Without --dd, check does not solve deals.
    let out = cardnote(&["check", "--json", "b.pbn"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stdout));

    // --fill rewrites the wrong tags in place.
    let out = cardnote(&["dd", "--fill", "b.pbn"], dir.path());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("0 tags added, 4 rewritten"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = cardnote(&["dd", "--check", "b.pbn"], dir.path());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stdout));
}

#[test]
fn memory_changes_the_search_not_the_tags() {
    // A table of 1 MiB fills the same tags as the default and as 256 MiB.
    let dir = tempfile::tempdir().unwrap();
    let mut filled = Vec::new();
    for memory in [None, Some("1"), Some("256")] {
        std::fs::write(dir.path().join("m.pbn"), FILE).unwrap();
        let mut args = vec!["dd", "--fill", "m.pbn"];
        if let Some(mib) = memory {
            args.extend(["--memory", mib]);
        }
        let out = cardnote(&args, dir.path());
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        filled.push(std::fs::read(dir.path().join("m.pbn")).unwrap());
    }
    assert_ne!(filled[0], FILE);
    assert_eq!(filled[1], filled[0]);
    assert_eq!(filled[2], filled[0]);
    // No memory at all is refused before anything is read.
    let out = cardnote(&["dd", "--check", "--memory", "0", "m.pbn"], dir.path());
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn fill_refuses_a_file_with_errors() {
    let dir = tempfile::tempdir().unwrap();
    let bad = b"[Board \"1\"]\n[Dealer \"N\"]\n[Deal \"N:AKQ.. - - -\"]\n[Deal \"x\"]\n";
    std::fs::write(dir.path().join("c.pbn"), bad).unwrap();
    let out = cardnote(&["dd", "--fill", "c.pbn"], dir.path());
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(std::fs::read(dir.path().join("c.pbn")).unwrap(), bad);
}

#[test]
fn diagram_writes_svg_for_one_board_and_html_for_the_file() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.pbn"), FILE).unwrap();
    let out = cardnote(&["diagram", "a.pbn", "--board", "1", "--solve", "-o", "one.svg"], dir.path());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let svg = std::fs::read_to_string(dir.path().join("one.svg")).unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("Board 1") && svg.contains("Par"), "{svg}");
    let out = cardnote(&["diagram", "a.pbn", "-o", "all.html"], dir.path());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let html = std::fs::read_to_string(dir.path().join("all.html")).unwrap();
    assert!(html.contains("<title>Caf\u{e9}</title>") && html.matches("<svg").count() == 1, "{html}");
    // Several boards do not fit one SVG; a missing board is an error.
    let out = cardnote(&["diagram", "a.pbn", "--board", "9", "-o", "x.svg"], dir.path());
    assert_eq!(out.status.code(), Some(2));
}
