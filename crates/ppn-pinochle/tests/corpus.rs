//! Snapshots over `corpus/ppn-pinochle`: per hand the summary and the rendered diagnostics, plus
//! the round trips (faithful, EXPORT, IMPORT) and the compliance set (one file per code).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::fmt::Write as _;
use std::path::Path;

use ppn_pinochle::write::{to_export, to_import, write};
use ppn_pinochle::{Options, PpnFile, read_file};

mod support;
use support::check_str;

fn corpus_dir() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/ppn-pinochle")
}

fn relative(path: &Path) -> String {
    let dir = corpus_dir().canonicalize().unwrap();
    path.strip_prefix(&dir).unwrap_or(path).to_string_lossy().replace('\\', "/")
}

fn assert_round_trips(name: &str, file: &PpnFile) {
    let text = write(file);
    assert_eq!(&read_file(&text), file, "{name}: faithful round trip\n{text}");
    let export = to_export(file);
    let text = write(&export);
    assert_eq!(read_file(&text), export, "{name}: EXPORT round trip\n{text}");
    assert_eq!(to_export(&export), export, "{name}: EXPORT form is stable");
    let import = to_import(file);
    assert_eq!(read_file(&write(&import)), import, "{name}: IMPORT round trip");
}

#[test]
fn corpus_snapshots() {
    insta::glob!("../../../corpus/ppn-pinochle", "**/*.ppn", |path| {
        let source = std::fs::read_to_string(path).unwrap();
        let name = relative(path);
        assert_round_trips(&name, &read_file(&source));
        let reports = check_str(&source, &Options::default());
        let mut out = String::new();
        for (i, report) in reports.iter().enumerate() {
            let _ = writeln!(out, "## hand {} {:?}", i + 1, report.summary);
            for d in &report.diagnostics {
                out.push_str(&d.display(&name, &source).to_string());
                out.push('\n');
            }
        }
        if name.starts_with("valid/") {
            let all: Vec<_> = reports.iter().flat_map(|r| &r.diagnostics).collect();
            assert!(all.is_empty(), "{name}: {all:?}");
        }
        if let Some(stem) = name.strip_prefix("invalid/").and_then(|n| n.strip_suffix(".ppn")) {
            let code = stem.to_uppercase().replace('-', "_");
            let codes: Vec<&str> = reports.iter().flat_map(|r| &r.diagnostics).map(|d| d.code()).collect();
            assert!(!codes.is_empty() && codes.iter().all(|c| *c == code), "{name}: {codes:?}");
        }
        insta::assert_snapshot!(out);
    });
}

#[test]
fn every_code_has_an_invalid_file() {
    for code in ppn_pinochle::codes::ALL {
        let file =
            corpus_dir().join("invalid").join(format!("{}.ppn", code.to_lowercase().replace('_', "-")));
        assert!(file.exists(), "no invalid file for {code}");
    }
}

#[test]
fn whole_game_carries_game_scores() {
    let source = std::fs::read_to_string(corpus_dir().join("valid/game-synth-48.ppn")).unwrap();
    let reports = check_str(&source, &Options::default());
    assert!(reports.len() > 5);
    let mut total = [0i64; 2];
    for r in &reports {
        assert_eq!(r.summary.game_scores.as_deref(), Some(&total[..]));
        let hs = r.summary.hand_scores.clone().unwrap();
        total = [total[0] + hs[0], total[1] + hs[1]];
    }
    assert!(total.iter().any(|&t| t >= 500));
}

/// The spec's examples in `corpus/ppn-pinochle/spec` are the draft's own text, when the draft is
/// at hand (`<repo>/../shared/specs/pinochle-ppn.txt`).
#[test]
fn spec_examples_match_the_draft() {
    let Some(draft) = shared_fixtures::read_to_string("specs/pinochle-ppn.txt") else { return };
    for example in [
        "[Deal \"E:ATTTQQJ.QQJJ.AQQQJ.TKQQ KQQJJ.TKKKKQ.AK.AATKQJJ TKJ.AAAATTJJ.AATTKJJ.KJ AAAKK.TQ.TTKKQJ.AATTKQJ\"]",
        "[Holding \"E:ATTTTKJQQJ.QQJ.AQJ.TKQQ KKQQJJ.TTKKKKQQ.K.TKQJJ .AAAATTJJJ.AATTKQQJJ.KJ AAAK..ATTKKQJ.AAAATTKQJ\"]",
        "[Passed \"E:.J.QQ. ..A.AA TKJ... K.TQ..\"]",
        "[Melds \"N:QQ.KQQ.QQ.QQJJ(94) K.ATKQJ.KQ.KQ(27) J.J.J.J(4) KQ.ATKQJ(17)\"]",
        "[Auction \"E\"]\nPass 52 59 60\n- Pass 65 70\n- - Pass",
        "[GameScores \"26:9:71\"]",
        "[Kitty \"SK H9 CT\"]",
    ] {
        assert!(draft.contains(example), "not in the draft: {example}");
    }
    let play = std::fs::read_to_string(corpus_dir().join("spec/p07-play-hearts.ppn")).unwrap();
    let from = play.find("[Play").unwrap();
    assert!(draft.contains(play[from..].trim_end()), "the Play example differs from the draft");
    // And the draft's own examples, read straight from it, give the digest's findings.
    let holding = draft.lines().find(|l| l.starts_with("[Holding")).unwrap();
    let text = format!("% PPN 1.0\n% IMPORT\n\n[Dealer \"N\"]\n{holding}\n");
    let codes: Vec<String> = check_str(&text, &Options::default())
        .into_iter()
        .flat_map(|r| r.diagnostics)
        .map(|d| d.code().to_owned())
        .collect();
    assert_eq!(codes, ["HAND_SYNTAX"]);
}
