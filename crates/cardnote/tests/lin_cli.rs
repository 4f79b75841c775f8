//! `cardnote` on LIN files: `check` reads `.lin` (format `lin` in `check --json`), `convert --to
//! pbn` and `--to lin` go both ways and keep the match data, `fmt --preserve` is byte for byte.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::process::Command;

const LIN: &str = "vg|Final,Set 1,I,1,1,Lions,0,Tigers,0|\nrs|4SS=,|\npn|Ann,Bob,Cy,Di,Ed,Flo,Gus,Hal|pg||\n\
qx|o1|md|3SAKQJHAKQDAKQCAKQ,S2345H2345D2345C2,S6789H6789D6789C3,|sv|0|\
mb|1C!|an|16+|mb|p|mb|4S|mb|p|mb|p|mb|p|pc|S2|pc|S6|pc|ST|pc|SA|mc|12|pg||\n";

fn cardnote(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_cardnote")).args(args).output().unwrap()
}

#[test]
fn check_json_reports_lin_records() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("match.lin");
    std::fs::write(&path, LIN).unwrap();
    let out = cardnote(&["check", "--json", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let lines: Vec<serde_json::Value> =
        String::from_utf8(out.stdout).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 2);
    assert!(lines.iter().all(|l| l["format"] == "lin" && l["ok"] == true));
    assert_eq!(lines[0]["kind"], "header");
    assert_eq!(lines[1]["contract"], "4S");
    assert_eq!(lines[1]["claim"], 12);
}

#[test]
fn convert_both_ways_keeps_the_match() {
    let dir = tempfile::tempdir().unwrap();
    let lin = dir.path().join("match.lin");
    let pbn = dir.path().join("match.pbn");
    let back = dir.path().join("back.lin");
    std::fs::write(&lin, LIN).unwrap();
    let out = cardnote(&["convert", "--to", "pbn", "-o", pbn.to_str().unwrap(), lin.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let pbn_text = std::fs::read_to_string(&pbn).unwrap();
    for expected in
        ["[HomeTeam \"Lions\"]", "[Room \"Open\"]", "[Scoring \"IMP\"]", "1C =1= $1", "[Note \"1:16+\"]"]
    {
        assert!(pbn_text.contains(expected), "{expected} missing:\n{pbn_text}");
    }
    let out = cardnote(&["convert", "--to", "lin", "-o", back.to_str().unwrap(), pbn.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let back_text = std::fs::read_to_string(&back).unwrap();
    assert!(
        back_text.starts_with(
            "vg|Final,Set 1,I,1,1,Lions,0,Tigers,0|rs|4SS=,|pn|Ann,Bob,Cy,Di,Ed,Flo,Gus,Hal|pg||"
        ),
        "{back_text}"
    );
    assert!(back_text.contains("mb|1C!|an|16+|") && back_text.contains("mc|12|"), "{back_text}");
}

#[test]
fn fmt_preserve_is_byte_for_byte_and_errors_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("match.lin");
    std::fs::write(&path, LIN).unwrap();
    let out = cardnote(&["fmt", "--check", "--preserve", path.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let broken = dir.path().join("broken.lin");
    std::fs::write(&broken, LIN.replace("mb|4S|", "mb|1C|")).unwrap();
    let out = cardnote(&["convert", "--to", "pbn", broken.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("LIN_AUCTION_INSUFFICIENT"));
}

/// One bad board costs that board only: `convert --to pbn` writes the others, reports the bad
/// one's errors and how many boards were left out, and exits with 1.
#[test]
fn convert_to_pbn_leaves_out_a_bad_board_only() {
    let dir = tempfile::tempdir().unwrap();
    let lin = dir.path().join("two.lin");
    let pbn = dir.path().join("two.pbn");
    let second = "qx|c1|md|3SAKQJHAKQDAKQCAKQ,S2345H2345D2345C2,S6789H6789D6789C3,|sv|0|\
                  mb|1C|mb|p|mb|1C|mb|p|mb|p|mb|p|pg||\n";
    std::fs::write(&lin, format!("{LIN}{second}")).unwrap();
    let out = cardnote(&["convert", "--to", "pbn", "-o", pbn.to_str().unwrap(), lin.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("LIN_AUCTION_INSUFFICIENT"), "{stderr}");
    assert!(stderr.contains("1 board with errors left out of the PBN"), "{stderr}");
    let pbn_text = std::fs::read_to_string(&pbn).unwrap();
    assert!(pbn_text.contains("[Room \"Open\"]") && !pbn_text.contains("[Room \"Closed\"]"), "{pbn_text}");
}
