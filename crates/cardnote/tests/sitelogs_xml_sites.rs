//! `check --format merge|microgaming|boss --json` and `convert --format ... --to phh` on the
//! project's own case files of those sites: one JSON object per hand with the site's format name,
//! and the imported hands written as PHH (the refused ones reported, exit code 1).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::Path;
use std::process::{Command, Output};

fn cardnote(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cardnote")).args(args).output().expect("run cardnote")
}

fn corpus(rel: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/sitelogs").join(rel).display().to_string()
}

/// `(site, case file, venue, which hands import)`.
const CASES: &[(&str, &str, &str, &[bool])] = &[
    ("merge", "merge/cases/cash_stud_tournament_refused.xml", "Merge", &[true, true, true, false]),
    (
        "microgaming",
        "microgaming/cases/cash_uncalled_posted_refused.txt",
        "Microgaming",
        &[true, true, false],
    ),
];

#[test]
fn check_and_convert_each_site() {
    for &(site, file, venue, ok) in CASES {
        let out = cardnote(&["check", "--json", "--format", site, &corpus(file)]);
        assert_eq!(out.status.code(), Some(1), "{site}: {}", String::from_utf8_lossy(&out.stderr));
        let records: Vec<serde_json::Value> = String::from_utf8(out.stdout.clone())
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        let got: Vec<bool> = records.iter().map(|r| r["ok"].as_bool().unwrap()).collect();
        assert_eq!(got, ok, "{site}");
        for (i, r) in records.iter().enumerate() {
            assert_eq!((r["index"].as_u64(), r["format"].as_str()), (Some(i as u64), Some(site)));
        }

        let dir = tempfile::tempdir().unwrap();
        let out_path = dir.path().join("out.phhs");
        let out = cardnote(&[
            "convert",
            "--format",
            site,
            "--to",
            "phh",
            "-o",
            out_path.to_str().unwrap(),
            &corpus(file),
        ]);
        assert_eq!(out.status.code(), Some(1), "{site}: {}", String::from_utf8_lossy(&out.stderr));
        let text = std::fs::read_to_string(&out_path).unwrap();
        let hands: Vec<_> =
            phh::Reader::from_str(&text, phh::Options::default()).map(Result::unwrap).collect();
        assert_eq!(hands.len(), ok.iter().filter(|&&k| k).count(), "{site}");
        assert!(hands.iter().all(|h| h.model.hand.as_ref().unwrap().venue.as_deref() == Some(venue)));
    }
}
