//! No input makes a reader panic: every corpus log cut at every line and at many byte offsets,
//! and with bytes replaced by a deterministic generator, is read to the end; every record's span
//! lies inside the input.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::Path;

use sitelogs::{Options, acpc, pokerstars};

fn corpus_files(ext: &str) -> Vec<Vec<u8>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/sitelogs");
    let mut out = Vec::new();
    for dir in ["pokerstars/real", "pokerstars/cases", "acpc/real"] {
        for entry in std::fs::read_dir(root.join(dir)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == ext) {
                out.push(std::fs::read(path).unwrap());
            }
        }
    }
    assert!(!out.is_empty());
    out
}

/// Variants of `bytes`: cut at offsets, and with bytes replaced (a fixed xorshift stream).
fn variants(bytes: &[u8]) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let step = (bytes.len() / 60).max(1);
    for cut in (0..bytes.len()).step_by(step) {
        out.push(bytes[..cut].to_vec());
    }
    let mut state = 0x9E37_79B9_7F4A_7C15_u64 ^ bytes.len() as u64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let alphabet = b"0123456789$,.:[]#*' \n\rAKQJTshdc-/|rcf\xff\xe9";
    for _ in 0..40 {
        let mut v = bytes.to_vec();
        for _ in 0..8 {
            if v.is_empty() {
                break;
            }
            let at = (next() as usize) % v.len();
            v[at] = alphabet[(next() as usize) % alphabet.len()];
        }
        out.push(v);
    }
    out
}

#[test]
fn pokerstars_reader_never_panics() {
    let mut written = 0usize;
    for file in corpus_files("txt") {
        for input in variants(&file) {
            for record in pokerstars::Reader::new(&input[..], Options::default()) {
                assert!(record.span.end <= input.len());
                if let Some(hand) = &record.hand {
                    // Whatever imports is written back, and reads back to the same hand (a
                    // garbled log whose stacks add up only with an absurd rake is refused on
                    // import: `SITE_PAYOUT_SHORT`).
                    let text = pokerstars::write_hand(hand).unwrap_or_else(|e| panic!("{e}: {hand:?}"));
                    let again =
                        pokerstars::Reader::from_str(&text, Options::default()).next().expect("one hand");
                    assert_eq!(again.hand.as_ref(), Some(hand), "written back as\n{text}");
                    written += 1;
                }
            }
        }
    }
    assert!(written > 1000, "only {written} hands imported and written back");
}

#[test]
fn acpc_reader_never_panics() {
    let mut written = 0usize;
    let games = [acpc::GameDef::pluribus()]
        .into_iter()
        .chain(
            corpus_files("game").iter().map(|g| acpc::GameDef::parse(&String::from_utf8_lossy(g)).unwrap()),
        )
        .collect::<Vec<_>>();
    for file in corpus_files("log") {
        for input in variants(&file) {
            for game in &games {
                for record in acpc::Reader::new(&input[..], game, Options::default()) {
                    assert!(record.span.end <= input.len());
                    if let Some(hand) = &record.hand {
                        let line = acpc::state_line(hand, game).unwrap_or_else(|e| panic!("{e}: {hand:?}"));
                        let again =
                            acpc::Reader::from_str(&line, game, Options::default()).next().expect("one hand");
                        assert_eq!(again.hand.as_ref(), Some(hand), "written back as {line}");
                        written += 1;
                    }
                }
            }
        }
    }
    assert!(written > 1000, "only {written} hands imported and written back");
    for game in corpus_files("game") {
        for input in variants(&game) {
            let _ = acpc::GameDef::parse(&String::from_utf8_lossy(&input));
        }
    }
}

#[test]
fn a_state_line_with_a_multibyte_character_among_the_cards_is_an_error() {
    // Fuzz finding F23: a Windows-1252 byte decoded to a two-byte character inside the cards;
    // cutting the cards two bytes at a time sliced through it.
    let game = acpc::GameDef::parse(
        &std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../../corpus/sitelogs/acpc/real/2p.nolimit.h1000.r0.excerpt.game"),
        )
        .unwrap(),
    )
    .unwrap();
    let line = b"STATE:33:cc/r1391r7670r19785r20000c//:Th5d|Qs8h/7sAcJs/Td/7\xc1\xc1h:20000|-20000:p2|p1\n";
    let records: Vec<_> = acpc::Reader::new(&line[..], &game, Options::default()).collect();
    assert_eq!(records.len(), 1);
    assert_eq!(records[0].diagnostics[0].code(), sitelogs::codes::ACPC_BAD_STATE);
}

/// The OnGame, PKR and Betfair readers on their case files cut and garbled: no panic, spans inside
/// the input, and whatever imports is written back as PokerStars text and read back the same.
#[test]
fn ongame_pkr_and_betfair_readers_never_panic() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/sitelogs");
    let mut written = 0usize;
    for site in [sitelogs::Site::OnGame, sitelogs::Site::Pkr, sitelogs::Site::Betfair] {
        let dir = root.join(site.name()).join("cases");
        let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
        files.sort();
        assert!(!files.is_empty(), "{}", dir.display());
        for path in files {
            let file = std::fs::read(&path).unwrap();
            for input in variants(&file) {
                for record in site.records(&input[..], None, Options::default()).unwrap() {
                    assert!(record.span.end <= input.len());
                    if let Some(hand) = &record.hand {
                        let text = pokerstars::write_hand(hand).unwrap_or_else(|e| panic!("{e}: {hand:?}"));
                        let again =
                            pokerstars::Reader::from_str(&text, Options::default()).next().expect("one hand");
                        let again = again.hand.unwrap_or_else(|| panic!("written back as\n{text}"));
                        assert_eq!(
                            (&again.actions, &again.finishing_stacks),
                            (&hand.actions, &hand.finishing_stacks),
                            "written back as\n{text}"
                        );
                        written += 1;
                    }
                }
            }
        }
    }
    assert!(written > 100, "only {written} hands imported and written back");
}
