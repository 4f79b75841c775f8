//! The command line as people use it (issue 16): colour only for a terminal, quiet and capped
//! output, binary files, the progress bar, closed pipes, files kept as they were (links, modes,
//! comments), and replays that fail loudly and report what the file implies.
//!
//! Terminal behaviour is tested under a pseudo-terminal made by `script` (util-linux).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_cardnote");

fn cardnote(args: &[&str], dir: &Path) -> Output {
    Command::new(BIN).args(args).current_dir(dir).env_remove("NO_COLOR").output().expect("run cardnote")
}

fn write(dir: &Path, name: &str, text: &[u8]) {
    std::fs::write(dir.join(name), text).unwrap();
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn json_lines(output: &Output) -> Vec<Value> {
    text(&output.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

/// Runs a shell command line under a pseudo-terminal (stdin, stdout and stderr all a terminal
/// unless the command line redirects them); returns what the terminal showed.
fn in_terminal(command_line: &str, dir: &Path, env: &[(&str, &str)]) -> String {
    let mut command = Command::new("script");
    command.args(["-qec", command_line, "/dev/null"]).current_dir(dir).env_remove("NO_COLOR");
    for (k, v) in env {
        command.env(k, v);
    }
    let output = command.stdin(Stdio::null()).output().expect("`script` (util-linux) runs a pseudo-terminal");
    text(&output.stdout)
}

const HAND: &str = "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n\
    starting_stacks = [200, 200, 200]\nactions = ['d dh p1 AcAd', 'd dh p2 KcKd', 'd dh p3 7h2s', \
    'p3 f', 'p1 cbr 6', 'p2 cc', 'd db 2c3c4d', 'p1 cbr 10', 'p2 f']\n";

/// A hand with an error (an unknown variant).
const BAD: &str = "variant = 'XX'\n";

fn shell_quote(path: &str) -> String {
    format!("'{path}'")
}

#[test]
fn colour_follows_the_stream_written_to() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "bad.phh", BAD.as_bytes());
    let esc = |s: &str| s.contains('\u{1b}');
    assert!(esc(&text(&cardnote(&["--color", "always", "check", "bad.phh"], dir.path()).stdout)));
    assert!(!esc(&text(&cardnote(&["check", "bad.phh", "--color", "never"], dir.path()).stdout)));
    // Piped: no colour.
    assert!(!esc(&text(&cardnote(&["check", "bad.phh"], dir.path()).stdout)));
    // Diagnostics go to stdout: redirected to a file from a terminal, they carry no escapes even
    // though stderr is still the terminal.
    let bin = shell_quote(BIN);
    in_terminal(&format!("{bin} check bad.phh > log.txt"), dir.path(), &[]);
    let log = std::fs::read_to_string(dir.path().join("log.txt")).unwrap();
    assert!(log.contains("PHH_UNKNOWN_VARIANT"), "{log}");
    assert!(!esc(&log), "escape codes written into a file: {log:?}");
    // On the terminal: colour, unless NO_COLOR says no.
    let shown = in_terminal(&format!("{bin} check bad.phh"), dir.path(), &[]);
    assert!(shown.contains("PHH_UNKNOWN_VARIANT") && esc(&shown), "{shown:?}");
    let plain = in_terminal(&format!("{bin} check bad.phh 2>/dev/null"), dir.path(), &[("NO_COLOR", "1")]);
    assert!(plain.contains("PHH_UNKNOWN_VARIANT") && !esc(&plain), "{plain:?}");
}

#[test]
fn quiet_shows_errors_only() {
    let dir = tempfile::tempdir().unwrap();
    // One hand with a warning (an unknown field), one with an error.
    write(dir.path(), "bad.phhs", format!("[1]\n{HAND}foo = 1\n\n[2]\n{BAD}").as_bytes());
    let loud = cardnote(&["check", "bad.phhs"], dir.path());
    assert!(text(&loud.stdout).contains("PHH_UNKNOWN_FIELD"));
    let quiet = cardnote(&["check", "--quiet", "bad.phhs"], dir.path());
    assert_eq!(quiet.status.code(), Some(1));
    let out = text(&quiet.stdout);
    assert!(out.contains("PHH_UNKNOWN_VARIANT"), "{out}");
    assert!(!out.contains("PHH_UNKNOWN_FIELD"), "a warning in --quiet output: {out}");
    assert!(text(&quiet.stderr).is_empty(), "no summary with --quiet: {}", text(&quiet.stderr));
}

fn many_bad_hands(n: usize) -> String {
    (1..=n)
        .map(|i| {
            if i % 3 == 0 {
                format!("[{i}]\nvariant = 'NT'\n\n")
            } else {
                format!("[{i}]\nvariant = 'XX'\n\n")
            }
        })
        .collect()
}

#[test]
fn diagnostics_are_capped_per_file_with_the_rest_counted_by_code() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "many.phhs", many_bad_hands(60).as_bytes());
    let json = json_lines(&cardnote(&["check", "--json", "many.phhs"], dir.path()));
    let total: usize = json.iter().map(|r| r["errors"].as_array().unwrap().len()).sum();
    assert!(total > 60, "{total}");
    let capped = cardnote(&["check", "--max-diagnostics", "5", "many.phhs"], dir.path());
    let out = text(&capped.stdout);
    assert_eq!(out.matches("[many.phhs:").count(), 5, "{out}");
    let rest = total - 5;
    assert!(out.contains(&format!("many.phhs: {rest} more diagnostics not shown: ")), "{out}");
    assert!(out.contains("PHH_UNKNOWN_VARIANT ×") && out.contains("PHH_FIELD_MISSING ×"), "{out}");
    // The default cap is 50; 0 shows all; JSON always carries every diagnostic.
    let default = text(&cardnote(&["check", "many.phhs"], dir.path()).stdout);
    assert!(default.contains(&format!("{} more diagnostics", total - 50)), "{default}");
    let all = text(&cardnote(&["check", "--max-diagnostics", "0", "many.phhs"], dir.path()).stdout);
    assert!(!all.contains("more diagnostics"));
}

#[test]
fn a_binary_file_is_one_not_text_error() {
    let dir = tempfile::tempdir().unwrap();
    let mut binary = b"\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00".to_vec();
    binary.extend((0..20_000u32).map(|i| (i * 7 % 251) as u8));
    write(dir.path(), "program.pbn", &binary);
    let output = cardnote(&["check", "--json", "program.pbn"], dir.path());
    assert_eq!(output.status.code(), Some(1));
    let records = json_lines(&output);
    assert_eq!(records.len(), 1, "{records:?}");
    let errors = records[0]["errors"].as_array().unwrap();
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0]["code"], "NOT_TEXT");
    assert_eq!(records[0]["warnings"].as_array().unwrap().len(), 0);
    let fmt = cardnote(&["fmt", "program.pbn"], dir.path());
    assert_eq!(fmt.status.code(), Some(1));
    assert!(text(&fmt.stderr).contains("NOT_TEXT"));
    assert_eq!(std::fs::read(dir.path().join("program.pbn")).unwrap(), binary);
}

fn many_hands(n: usize) -> String {
    (1..=n).map(|i| format!("[{i}]\n{HAND}\n")).collect()
}

#[test]
fn progress_bar_only_on_a_terminal_and_never_with_json() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "big.phhs", many_hands(2000).as_bytes());
    let bin = shell_quote(BIN);
    let shown = in_terminal(&format!("{bin} check big.phhs"), dir.path(), &[]);
    assert!(shown.contains("records/s") && shown.contains("ETA"), "{shown:?}");
    // On one thread too (the bar moves as units are printed).
    let one = in_terminal(&format!("{bin} check --threads 1 big.phhs"), dir.path(), &[]);
    assert!(one.contains("records/s"), "{one:?}");
    let json = in_terminal(&format!("{bin} check --json big.phhs"), dir.path(), &[]);
    assert!(!json.contains("records/s"), "{json:?}");
    let piped = cardnote(&["check", "big.phhs"], dir.path());
    assert!(!text(&piped.stderr).contains("records/s"), "{}", text(&piped.stderr));
}

#[test]
fn a_closed_stdout_ends_quietly() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "big.phhs", many_hands(3000).as_bytes());
    for args in [&["check", "--json", "big.phhs"][..], &["convert", "--to", "json", "big.phhs"][..]] {
        let mut child = Command::new(BIN)
            .args(args)
            .current_dir(dir.path())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut first).unwrap();
        assert!(!first.is_empty());
        // The reader is gone (as `| head -1` leaves): stdout is closed.
        let output = child.wait_with_output().unwrap();
        assert_eq!(output.status.code(), Some(0), "{args:?}: {}", text(&output.stderr));
        assert!(output.stderr.is_empty(), "{args:?}: {}", text(&output.stderr));
    }
}

#[test]
fn fmt_refusals_list_codes_with_counts() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "many.phhs", many_bad_hands(9).as_bytes());
    let output = cardnote(&["fmt", "many.phhs"], dir.path());
    assert_eq!(output.status.code(), Some(1));
    let err = text(&output.stderr);
    assert!(err.contains("(PHH_FIELD_MISSING ×"), "{err}");
    assert!(err.contains("PHH_UNKNOWN_VARIANT ×6"), "{err}");
}

#[cfg(unix)]
#[test]
fn fmt_writes_through_symlinks_and_keeps_modes() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let loose = HAND.replace("'p1 cbr 6'", "'p1  cbr   6'");
    write(dir.path(), "real.phh", loose.as_bytes());
    std::fs::set_permissions(dir.path().join("real.phh"), std::fs::Permissions::from_mode(0o640)).unwrap();
    std::os::unix::fs::symlink("real.phh", dir.path().join("link.phh")).unwrap();
    let output = cardnote(&["fmt", "link.phh"], dir.path());
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let link = std::fs::symlink_metadata(dir.path().join("link.phh")).unwrap();
    assert!(link.file_type().is_symlink(), "the link was replaced by a file");
    let real = std::fs::read_to_string(dir.path().join("real.phh")).unwrap();
    assert!(real.contains("'p1 cbr 6'"), "the target was not rewritten: {real}");
    let mode = std::fs::metadata(dir.path().join("real.phh")).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o640);
    // A new file gets 0666 less the umask.
    write(dir.path(), "hand.phh", HAND.as_bytes());
    let bin = shell_quote(BIN);
    let status = Command::new("sh")
        .args(["-c", &format!("umask 022 && {bin} convert --to json hand.phh -o new.json")])
        .current_dir(dir.path())
        .status()
        .unwrap();
    assert!(status.success());
    let mode = std::fs::metadata(dir.path().join("new.json")).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o644);
}

#[test]
fn canonical_phh_fmt_keeps_every_comment() {
    let dir = tempfile::tempdir().unwrap();
    let commented = "# Famous hand: the river call\nvariant = 'NT' # no limit\nantes = [0, 0, 0]\n\
        blinds_or_straddles = [1, 2, 0]\nmin_bet = 2\nstarting_stacks = [200, 200, 200]\n\
        actions = [\n  'd dh p1 AcAd', 'd dh p2 KcKd', 'd dh p3 7h2s', # the deal\n  # p3 gives up\n  'p3 f',\n\
        'p1   cbr 6', 'p2 cc', 'd db 2c3c4d', 'p1 cbr 10', 'p2 f',\n]\n";
    write(dir.path(), "famous.phh", commented.as_bytes());
    let output = cardnote(&["fmt", "famous.phh"], dir.path());
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let out = std::fs::read_to_string(dir.path().join("famous.phh")).unwrap();
    for comment in ["# Famous hand: the river call", "# no limit", "# the deal", "# p3 gives up"] {
        assert!(out.contains(comment), "{comment} lost: {out}");
    }
    assert!(out.contains("  'd dh p3 7h2s', # the deal\n  # p3 gives up\n  'p3 f',\n"), "{out}");
    assert!(out.contains("'p1 cbr 6'"), "{out}");
    // A comment the canonical form has no place for: refused, pointing to --preserve.
    let inline = format!("{HAND}_note = {{ a = [1, # inside\n 2] }}\n");
    write(dir.path(), "inline.phh", inline.as_bytes());
    let refused = cardnote(&["fmt", "inline.phh"], dir.path());
    let err = text(&refused.stderr);
    if refused.status.code() == Some(1) {
        assert!(err.contains("PHH_COMMENT_WITHOUT_PLACE") && err.contains("--preserve"), "{err}");
        assert_eq!(std::fs::read_to_string(dir.path().join("inline.phh")).unwrap(), inline);
    } else {
        assert!(std::fs::read_to_string(dir.path().join("inline.phh")).unwrap().contains("# inside"));
    }
}

#[test]
fn replay_of_an_unreplayable_hand_exits_1() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "bad.phh", HAND.replace("'p3 f'", "'p1 f'").as_bytes());
    let output = cardnote(&["replay", "--rules", "wsop", "bad.phh"], dir.path());
    assert_eq!(output.status.code(), Some(1));
    assert!(text(&output.stdout).contains("REPLAY_WRONG_PLAYER"));
    write(dir.path(), "good.phh", HAND.as_bytes());
    assert_eq!(cardnote(&["replay", "good.phh"], dir.path()).status.code(), Some(0));
}

/// `replay --html`: one page with a frame per step, the refused step marked and exit 1; `-o`
/// writes the page to a file; no request to any address.
#[test]
fn replay_as_an_html_page() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "good.phh", HAND.as_bytes());
    let output = cardnote(&["replay", "--html", "good.phh"], dir.path());
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let page = text(&output.stdout);
    assert!(page.starts_with("<!DOCTYPE html>"), "{page}");
    let frames = page.matches("<figure class=\"frame\"").count();
    assert_eq!(frames, HAND.matches("', '").count() + 2, "one frame per action and the forced bets");
    assert!(!page.contains("http") && !page.contains("src="));
    write(dir.path(), "bad.phh", HAND.replace("'p3 f'", "'p1 f'").as_bytes());
    let output = cardnote(&["replay", "--html", "--rules", "wsop", "-o", "bad.html", "bad.phh"], dir.path());
    assert_eq!(output.status.code(), Some(1));
    let page = std::fs::read_to_string(dir.path().join("bad.html")).unwrap();
    assert!(page.contains("REPLAY_WRONG_PLAYER") && page.contains("class=\"failed\""), "{page}");
}

#[test]
fn a_repaired_replay_reports_what_the_file_implies() {
    let dir = tempfile::tempdir().unwrap();
    // p3's fold is missing: PokerKit (and the pokerkit profile) inserts it before p1's raise.
    write(dir.path(), "repaired.phh", HAND.replace("'p3 f', ", "").as_bytes());
    let records = json_lines(&cardnote(&["check", "--json", "repaired.phh"], dir.path()));
    let record = &records[0];
    assert_eq!(record["terminal"], Value::Null, "{record}");
    assert_eq!(record["finishing_stacks"], Value::Null, "{record}");
    assert_eq!(record["payoffs"], Value::Null, "{record}");
    let repaired = &record["repaired_outcome"];
    assert!(repaired["finishing_stacks"].is_array() && repaired["terminal"].is_boolean(), "{record}");
    let warning = record["warnings"].as_array().unwrap().iter().find(|w| w["code"] == "REPLAY_REPAIRED_FOLD");
    let message = warning.expect("the repair warning")["message"].as_str().unwrap();
    assert!(
        message.contains("cardnote inserted a fold") && message.contains("pokerkit rule profile"),
        "{message}"
    );
    // A hand replayed as written keeps its outcome and has no repaired one.
    write(dir.path(), "good.phh", HAND.as_bytes());
    let good = &json_lines(&cardnote(&["check", "--json", "good.phh"], dir.path()))[0];
    assert_eq!(good["finishing_stacks"], serde_json::json!(["206", "194", "200"]));
    assert!(good.get("repaired_outcome").is_none());
}

#[test]
fn declared_finishing_stacks_are_compared_with_the_replay() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "wrong.phh", format!("{HAND}finishing_stacks = [999, 194, 200]\n").as_bytes());
    write(dir.path(), "right.phh", format!("{HAND}finishing_stacks = [206, 194, 200]\n").as_bytes());
    write(dir.path(), "raked.phh", format!("{HAND}finishing_stacks = [205.50, 194, 200]\n").as_bytes());
    let output = cardnote(&["check", "--json", "right.phh", "raked.phh", "wrong.phh"], dir.path());
    let records = json_lines(&output);
    assert_eq!(records[0]["ok"], true, "{}", records[0]);
    assert_eq!(records[1]["ok"], true, "{}", records[1]);
    assert_eq!(records[1]["warnings"][0]["code"], "PHH_FINISHING_STACKS_RAKED", "{}", records[1]);
    let error = &records[2]["errors"][0];
    assert_eq!(error["code"], "PHH_FINISHING_STACKS_MISMATCH");
    let message = error["message"].as_str().unwrap();
    assert!(message.contains("[999, 194, 200]") && message.contains("[206, 194, 200]"), "{message}");
    assert_eq!(output.status.code(), Some(1));
    let strict = json_lines(&cardnote(&["check", "--json", "--strict", "raked.phh"], dir.path()));
    assert_eq!(strict[0]["ok"], false);
}

/// `winnings` (the pots each player collected, post-rake) is compared with the replay like
/// `finishing_stacks`; the conventions of real converters are warnings of their own.
#[test]
fn declared_winnings_are_compared_with_the_replay() {
    let dir = tempfile::tempdir().unwrap();
    let files = [
        ("right.phh", "[12, 0, 0]"),
        ("raked.phh", "[11.40, 0, 0]"),
        ("zero.phh", "[0, 0, 0]"),
        ("uncalled.phh", "[22, 0, 0]"),
        ("wrong.phh", "[13, 0, 0]"),
    ];
    for (name, winnings) in files {
        write(dir.path(), name, format!("{HAND}winnings = {winnings}\n").as_bytes());
    }
    let names: Vec<&str> = files.iter().map(|(name, _)| *name).collect();
    let output = cardnote(&[&["check", "--json"], &names[..]].concat(), dir.path());
    let records = json_lines(&output);
    assert_eq!(records[0]["ok"], true, "{}", records[0]);
    assert!(records[0]["warnings"].as_array().unwrap().is_empty(), "{}", records[0]);
    for (record, code) in
        records[1..4].iter().zip(["PHH_WINNINGS_RAKED", "PHH_WINNINGS_ZERO", "PHH_WINNINGS_UNCALLED_BET"])
    {
        assert_eq!(record["ok"], true, "{record}");
        assert_eq!(record["warnings"][0]["code"], code, "{record}");
    }
    let error = &records[4]["errors"][0];
    assert_eq!(error["code"], "PHH_WINNINGS_MISMATCH", "{}", records[4]);
    let message = error["message"].as_str().unwrap();
    assert!(message.contains("[13, 0, 0]") && message.contains("[12, 0, 0]"), "{message}");
    assert_eq!(output.status.code(), Some(1));
    let strict = json_lines(&cardnote(&["check", "--json", "--strict", "raked.phh", "zero.phh"], dir.path()));
    assert!(strict.iter().all(|r| r["ok"] == false), "{strict:?}");
}

/// A hand whose only error is a declared field the replay does not give stays an error of
/// `check`, and `stats` counts it with the replay's outcome; an unfinished hand is a warning of
/// its own and is not counted.
#[test]
fn stats_count_hands_whose_only_errors_are_declared_fields() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "wrong.phh", format!("{HAND}finishing_stacks = [999, 194, 200]\n").as_bytes());
    let unfinished = HAND.replace(", 'p2 f']", "]");
    write(dir.path(), "unfinished.phh", unfinished.as_bytes());
    let records = json_lines(&cardnote(&["check", "--json", "wrong.phh", "unfinished.phh"], dir.path()));
    assert_eq!(records[0]["ok"], false, "{}", records[0]);
    assert_eq!(records[1]["ok"], true, "{}", records[1]);
    assert_eq!(records[1]["warnings"][0]["code"], "PHH_UNFINISHED_HAND", "{}", records[1]);
    let stats = cardnote(&["stats", "--csv", "wrong.phh", "unfinished.phh"], dir.path());
    let said = text(&stats.stderr);
    assert!(said.contains("1 hands counted, 1 skipped (0 with errors, 1 unfinished)"), "{said}");
    let strict = json_lines(&cardnote(&["check", "--json", "--strict", "unfinished.phh"], dir.path()));
    assert_eq!(strict[0]["ok"], false, "{}", strict[0]);
}

#[test]
fn an_empty_phhs_holds_zero_hands() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "empty.phhs", b"");
    write(dir.path(), "comments.phhs", b"# nothing yet\n\n# still nothing\n");
    let output = cardnote(&["check", "--json", "empty.phhs", "comments.phhs"], dir.path());
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stdout));
    assert!(json_lines(&output).is_empty());
    assert_eq!(
        cardnote(&["fmt", "--check", "empty.phhs", "comments.phhs"], dir.path()).status.code(),
        Some(0)
    );
}

#[test]
fn replay_table_labels_streets_and_keeps_columns() {
    let dir = tempfile::tempdir().unwrap();
    let six = "variant = 'NT'\nantes = [0, 0, 0, 0, 0, 0]\nblinds_or_straddles = [50, 100, 0, 0, 0, 0]\n\
        min_bet = 100\nstarting_stacks = [10000, 12345.50, 9000, 8000, 100000, 7000]\n\
        actions = ['d dh p1 AcAd', 'd dh p2 KcKd', 'd dh p3 7h2s', 'd dh p4 8h8s', 'd dh p5 9c9d', \
        'd dh p6 2c3d', 'p3 f', 'p4 cc', 'p5 cbr 300', 'p6 f', 'p1 cc', 'p2 cc', 'p4 cc', 'd db Ah2d3h', \
        'p1 cc', 'p2 cc', 'p4 cc', 'p5 cc', 'd db 4s']\n";
    write(dir.path(), "six.phh", six.as_bytes());
    let output = cardnote(&["replay", "six.phh"], dir.path());
    assert_eq!(output.status.code(), Some(0));
    let out = text(&output.stdout);
    let rows: Vec<&str> = out.lines().filter(|l| l.contains("next:")).collect();
    let row = |action: &str| *rows.iter().find(|l| l.contains(&format!("  {action}  "))).unwrap();
    // The action that closes a street belongs to it; the board cards open the next one.
    assert!(row("13  p4 cc").contains(" preflop "), "{out}");
    assert!(row("14  d db Ah2d3h").contains(" flop "), "{out}");
    assert!(row("18  p5 cc").contains(" flop "), "{out}");
    assert!(row("19  d db 4s").contains(" turn "), "{out}");
    for column in ["pot ", "board ", "stacks ", "next: "] {
        let at: Vec<usize> = rows.iter().map(|l| l.find(column).unwrap()).collect();
        assert!(at.windows(2).all(|w| w[0] == w[1]), "{column} out of line:\n{out}");
    }
}

#[test]
fn replay_of_a_non_phh_file_says_what_replay_is_for() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "deal.pbn", b"[Event \"x\"]\n[Board \"1\"]\n");
    let output = cardnote(&["replay", "deal.pbn"], dir.path());
    assert_eq!(output.status.code(), Some(2));
    let err = text(&output.stderr);
    assert!(err.contains("replay is for PHH files"), "{err}");
    assert!(!err.contains("TOML"), "{err}");
}
