//! The commands stream a PHH file in units of whole hands on several threads: what they print and
//! write must be exactly what the whole-file functions give for the same file, whatever the
//! number of threads (the files here are several units long).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use cardnote::formats::{self, ConvertTo, FmtOptions};
use cardnote_check::{Format, UNIT_BYTES};
mod streaming_common;
use streaming_common::{cardnote, check_on_threads, convert_on_threads, fmt_on_threads, whole_file_json};

/// A two-player hold'em hand named `name`, its stacks varied by `n`.
fn nt_hand(name: &str, n: usize) -> String {
    format!(
        "[{name}]\nvariant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n\
         starting_stacks = [{}, 200]\nactions = ['d dh p1 AhKh', 'd dh p2 7c2d', 'p2 cbr 6', 'p1 f']\n",
        100 + n % 50
    )
}

/// The first hand of the corpus's `.phhs` of unusual TOML (comments everywhere, multi-line
/// strings and arrays), renamed for copy `n`.
fn formatting_copy(n: usize) -> String {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../corpus/phh/cases/formatting.phhs"
    ))
    .expect("corpus/phh/cases/formatting.phhs");
    let first = text.split("\n[2]\n").next().unwrap_or_default();
    first.replace("[\"hand one\"]", &format!("[\"hand one {n}\"]"))
}

/// A file of about `bytes` bytes: comments before and between hands, unusual TOML, CRLF hands,
/// and (when `with_errors`) a hand that does not replay and a table name used again far away.
fn phhs(bytes: usize, with_errors: bool) -> String {
    let mut out = String::from("# generated for the streaming tests\n\n");
    let mut n = 0;
    while out.len() < bytes {
        n += 1;
        match n % 97 {
            0 => out.push_str(&formatting_copy(n)),
            13 => out.push_str(&nt_hand(&n.to_string(), n).replace('\n', "\r\n")),
            29 => {
                out.push_str("# a comment before a hand\n\n");
                out.push_str(&nt_hand(&n.to_string(), n));
            }
            41 if with_errors => {
                out.push_str(&nt_hand(&n.to_string(), n).replace("'p1 f'", "'p1 f', 'p2 f'"))
            }
            _ => out.push_str(&nt_hand(&n.to_string(), n)),
        }
        out.push('\n');
    }
    if with_errors {
        // The first hand's name, again, far from it: a duplicate across units.
        out.push_str(&nt_hand("1", 0));
    }
    out
}

#[test]
fn check_gives_the_whole_file_answer_on_any_number_of_threads() {
    let dir = tempfile::tempdir().unwrap();
    let text = phhs(3 * UNIT_BYTES + 1000, true);
    std::fs::write(dir.path().join("big.phhs"), &text).unwrap();
    let expected = whole_file_json(Format::Phh, "big.phhs", text.as_bytes(), false);
    assert!(expected.contains("PHH_DUPLICATE_TABLE"), "the test file has a duplicate table name");
    assert!(expected.contains("\"ok\":false"), "the test file has a hand that does not replay");
    let human = check_on_threads(dir.path(), "big.phhs", false, &["1", "2", "5"], &expected, "phhs");
    // Human output names the lines of the whole file.
    let human = String::from_utf8(human).unwrap();
    let last_hand_line = text.lines().count() - 7;
    assert!(human.contains(&format!("big.phhs:{}:", last_hand_line + 1)), "{human}");
}

#[test]
fn fmt_and_convert_give_the_whole_file_answer() {
    let dir = tempfile::tempdir().unwrap();
    let text = phhs(3 * UNIT_BYTES + 1000, false);
    for preserve in [false, true] {
        let opts = FmtOptions { preserve, force: false };
        let expected = formats::fmt_bytes(Format::Phh, text.as_bytes(), &opts);
        // Both forms write this file, and change it (so the comparison means something).
        assert!(expected.as_ref().is_ok_and(|bytes| bytes != text.as_bytes()), "preserve: {preserve}");
        let expected = expected.unwrap_or_default();
        fmt_on_threads(dir.path(), "clean.phhs", text.as_bytes(), preserve, &["1", "3"], &expected, "phhs");
    }
    std::fs::write(dir.path().join("clean.phhs"), &text).unwrap();
    for (to, convert_to) in [("json", ConvertTo::Json), ("phh", ConvertTo::Native)] {
        let expected = formats::convert_bytes(Format::Phh, text.as_bytes(), convert_to).unwrap();
        convert_on_threads(dir.path(), "clean.phhs", to, &["1", "2"], &expected, "phhs");
    }
    // A refused conversion writes nothing.
    std::fs::write(dir.path().join("bad.phhs"), phhs(2 * UNIT_BYTES, true)).unwrap();
    let out = cardnote(&["convert", "--to", "json", "bad.phhs"], dir.path());
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
}

/// About `bytes` bytes of plain NT hands named `{prefix}1`, `{prefix}2`, ….
fn plain_hands(prefix: &str, bytes: usize) -> String {
    let mut out = String::new();
    let mut n = 0;
    while out.len() < bytes {
        n += 1;
        out.push_str(&nt_hand(&format!("{prefix}{n}"), n));
        out.push('\n');
    }
    out
}

#[test]
fn latin1_text_and_quoted_names_stream_as_the_whole_file() {
    // Latin-1 comments (not UTF-8: the file is decoded byte by byte, so decoded offsets differ
    // from the raw bytes') in every unit, quoted table names, and a quoted name used again in a
    // later unit.
    let mut data = Vec::new();
    for part in 0..4 {
        data.extend_from_slice(b"# caf\xE9 \xE0 la table\n");
        if part == 1 {
            data.extend_from_slice(b"[\"la table\"] # quoted\n");
            data.extend_from_slice(nt_hand("x", 1).split_once('\n').unwrap().1.as_bytes());
        }
        data.extend_from_slice(plain_hands(&format!("p{part}-"), UNIT_BYTES * 3 / 4).as_bytes());
    }
    data.extend_from_slice(b"\n# d\xE9j\xE0 vu\n['la table']\n");
    data.extend_from_slice(nt_hand("y", 2).split_once('\n').unwrap().1.as_bytes());
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("latin1.phhs"), &data).unwrap();
    let expected = whole_file_json(Format::Phh, "latin1.phhs", &data, false);
    assert!(expected.contains("PHH_DUPLICATE_TABLE"), "the test file has a duplicate table name");
    for threads in ["1", "2"] {
        let json = cardnote(&["check", "--json", "--threads", threads, "latin1.phhs"], dir.path());
        assert_eq!(String::from_utf8(json.stdout).unwrap(), expected, "--threads {threads}");
    }
}

#[test]
fn a_byte_order_mark_streams_as_the_whole_file() {
    let mut data = b"\xEF\xBB\xBF".to_vec();
    data.extend_from_slice(plain_hands("", 2 * UNIT_BYTES).as_bytes());
    data.extend_from_slice(&nt_hand("3", 0).into_bytes());
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("bom.phhs"), &data).unwrap();
    let expected = whole_file_json(Format::Phh, "bom.phhs", &data, false);
    assert!(expected.contains("PHH_DUPLICATE_TABLE"), "the test file has a duplicate table name");
    let json = cardnote(&["check", "--json", "--threads", "2", "bom.phhs"], dir.path());
    assert_eq!(String::from_utf8(json.stdout).unwrap(), expected);
}
