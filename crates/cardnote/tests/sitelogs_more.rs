//! `check --format ggpoker|ipoker|party|ignition --json` (the contract's objects with the site's
//! format name) and `convert --format ... --to phh` for the sites cardnote reads only.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::Path;
use std::process::{Command, Output};

fn cardnote(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cardnote")).args(args).output().expect("run cardnote")
}

fn corpus(rel: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/sitelogs").join(rel).display().to_string()
}

fn json_lines(out: &Output) -> Vec<serde_json::Value> {
    String::from_utf8(out.stdout.clone()).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

#[test]
fn check_json_names_each_site() {
    let cases = [
        ("ggpoker", "ggpoker/cases/tournament_cash_drop_plo5.txt", 1, [true, false, false].as_slice()),
        ("ipoker", "ipoker/cases/escapes_order_then_bad_xml.xml", 1, &[true, false]),
        ("party", "party/real/italytoast_five_hands.txt", 1, &[true, true, true, false, true]),
        ("ignition", "ignition/real/hhp_sng_side_pot.txt", 0, &[true]),
    ];
    for (site, file, code, ok) in cases {
        let out = cardnote(&["check", "--json", "--format", site, &corpus(file)]);
        assert_eq!(out.status.code(), Some(code), "{site}: {}", String::from_utf8_lossy(&out.stderr));
        let records = json_lines(&out);
        let got: Vec<bool> = records.iter().map(|r| r["ok"].as_bool().unwrap()).collect();
        assert_eq!(got, ok, "{site}");
        for (i, r) in records.iter().enumerate() {
            assert_eq!((r["index"].as_u64(), r["format"].as_str()), (Some(i as u64), Some(site)));
        }
    }
    let out = cardnote(&[
        "check",
        "--json",
        "--format",
        "ggpoker",
        &corpus("ggpoker/cases/tournament_cash_drop_plo5.txt"),
    ]);
    let records = json_lines(&out);
    assert_eq!(records[0]["hand"], "TM100");
    assert_eq!(records[1]["errors"][0]["code"], "SITE_CASH_DROP");
    assert_eq!(records[1]["errors"][0]["line"], 36);
}

#[test]
fn convert_to_phh() {
    let dir = tempfile::tempdir().unwrap();
    let out_path = dir.path().join("party.phhs");
    let out = cardnote(&[
        "convert",
        "--format",
        "party",
        "--to",
        "phh",
        "-o",
        out_path.to_str().unwrap(),
        &corpus("party/real/italytoast_five_hands.txt"),
    ]);
    // One hand is refused (a second big blind) and reported; the others are written.
    assert_eq!(out.status.code(), Some(1), "{}", String::from_utf8_lossy(&out.stderr));
    let text = std::fs::read_to_string(&out_path).unwrap();
    let parsed = phh::parse_file(&text);
    assert_eq!(parsed.hands.iter().filter(|h| h.hand.is_some()).count(), 4);
    assert!(parsed.hands.iter().all(|h| h.hand.as_ref().unwrap().venue.as_deref() == Some("PartyPoker")));
    // These sites are read only.
    assert_eq!(
        cardnote(&["convert", "--to", "ignition", &out_path.display().to_string()]).status.code(),
        Some(2)
    );
}
