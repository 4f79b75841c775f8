//! Tests over the shared PokerNow logs (`<repo>/../shared/corpus/sitelogs/pokernow`): every hand
//! imports and passes its consistency check, or is refused for a reason listed here; every
//! imported hand survives PHH -> PokerStars text -> PHH and PHH -> OHH -> PHH; and the hands agree with what another
//! converter (PokerNowLogConverter, whose own tests compare against its outputs) wrote from the
//! same logs as PokerStars text. The tests skip when the fixtures are missing, and fail when
//! `CARDNOTE_REQUIRE_SHARED=1`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeMap;
use std::io::BufReader;
use std::path::{Path, PathBuf};

use sitelogs::{Options, Record, pokernow, pokerstars};

mod common;

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            files(&p, out);
        } else if std::fs::read_to_string(&p)
            .is_ok_and(|t| t.lines().next().is_some_and(pokernow::is_header_line))
        {
            out.push(p);
        }
    }
}

fn read(path: &Path) -> Vec<Record> {
    let input = BufReader::new(std::fs::File::open(path).unwrap());
    pokernow::Reader::new(input, Options::default()).collect()
}

fn short(path: &Path) -> String {
    let text = path.to_string_lossy();
    text.split_once("pokernow/").map_or_else(|| text.to_string(), |(_, rest)| rest.to_owned())
}

#[test]
fn every_pokernow_hand_imports_or_is_refused_for_a_listed_reason() {
    let Some(root) = common::shared("sitelogs/pokernow") else { return };
    let mut logs = Vec::new();
    files(&root, &mut logs);
    assert!(logs.len() >= 18, "{} PokerNow logs found", logs.len());
    let mut refused: BTreeMap<String, usize> = BTreeMap::new();
    let mut warned: BTreeMap<String, usize> = BTreeMap::new();
    let (mut imported, mut hands) = (0, 0);
    for path in &logs {
        for record in read(path) {
            hands += 1;
            for d in record.diagnostics.iter().filter(|d| !d.is_error()) {
                *warned.entry(d.code().to_string()).or_default() += 1;
            }
            let Some(hand) = &record.hand else {
                let error = record.diagnostics.iter().find(|d| d.is_error()).unwrap();
                eprintln!("{}: {} {}", short(path), error.code(), error.message());
                if error.code().starts_with("REPLAY") || error.code() == "SITE_INCONSISTENT" {
                    let text = std::fs::read_to_string(path).unwrap();
                    let r = record.span.range();
                    eprintln!("{}", &text[r]);
                }
                *refused.entry(error.code().to_string()).or_default() += 1;
                continue;
            };
            imported += 1;
            let text = pokerstars::write_hand(hand).unwrap_or_else(|e| panic!("{}: {e:?}", short(path)));
            let again = pokerstars::Reader::from_str(&text, Options::default()).next().unwrap();
            let again = again.hand.unwrap_or_else(|| panic!("{}\n{text}", short(path)));
            assert_eq!(
                (&again.actions, &again.finishing_stacks),
                (&hand.actions, &hand.finishing_stacks),
                "{text}"
            );
            assert_eq!(phh::parse_hand(&phh::write_hand(hand)).model.hand.as_ref(), Some(hand));
            // Through OHH and back: the same play and outcome.
            let json = sitelogs::ohh::write_hand(hand).unwrap_or_else(|e| panic!("{}: {e:?}", short(path)));
            let back = sitelogs::ohh::Reader::from_str(&json, Options::default()).next().unwrap();
            let back = back.hand.unwrap_or_else(|| panic!("{}: {:?}\n{json}", short(path), back.diagnostics));
            assert_eq!(
                (&back.actions, &back.finishing_stacks),
                (&hand.actions, &hand.finishing_stacks),
                "{json}"
            );
        }
    }
    eprintln!("{hands} hands: {imported} imported; refused {refused:?}; warnings {warned:?}");
    let expected: BTreeMap<String, usize> =
        REFUSED.iter().map(|(code, n, _)| ((*code).to_owned(), *n)).collect();
    assert_eq!(refused, expected, "refused hands differ from the list");
    assert!(imported >= 1007, "{imported} hands imported");
}

/// The hands refused, by first error code: how many, and why a person agrees.
const REFUSED: &[(&str, usize, &str)] = &[
    ("SITE_GAME_UNSUPPORTED", 31, "pot-limit Omaha hi/lo 8 or better, which PHH has no variant for"),
    ("SITE_RUN_IT_TWICE", 28, "run twice (`Flop (second run)`): PHH has one board"),
    (
        "SITE_INCOMPLETE",
        2,
        "`log4.csv` and `log5.csv` end inside a hand (the export was taken while it was played)",
    ),
    (
        "REPLAY_NO_BETTING",
        1,
        "PokerNow lets a raise stop at what an all-in opponent can match (jean's 10.57 over Malarkey's \
         all-in 8.77, a raise of 1.80 where a full raise is 8.77); the rules PHH replays under refuse it",
    ),
    (
        "REPLAY_HAND_OVER",
        1,
        "the same: Malarkey raises to 5.92 over K Godel's all-in bet of 4.16 (jean's whole stack)",
    ),
    (
        "SITE_INCONSISTENT",
        1,
        "a split pot of 4.11: PokerNow pays 2.05 and 2.06, the replay halves it exactly (2.055)",
    ),
];

/// PokerNowLogConverter's own test inputs and the PokerStars text its tests expect: the same
/// hands (stacks, play and outcome; the converter renames players, so names are left out).
#[test]
fn pokernow_hands_agree_with_another_converters_pokerstars_text() {
    let Some(root) = common::shared("sitelogs/pokernow") else { return };
    let tests = root.join("charlestudor__PokerNowLogConverter/tests");
    for (input, output) in
        [("Input_Log_001.txt", "Converted_Log_001.txt"), ("Input_Log_002.csv", "Converted_Log_002.txt")]
    {
        let mut ours: Vec<phh::Hand> =
            read(&tests.join("input_examples").join(input)).into_iter().filter_map(|r| r.hand).collect();
        // The log is newest first; the converter writes oldest first.
        ours.reverse();
        let text = std::fs::read_to_string(tests.join("output_examples").join(output)).unwrap();
        let theirs: Vec<phh::Hand> =
            pokerstars::Reader::from_str(&text, Options::default()).filter_map(|r| r.hand).collect();
        assert_eq!(ours.len(), 4, "{input}");
        assert_eq!(theirs.len(), ours.len(), "{output}");
        let play = |h: &phh::Hand| {
            let actions: Vec<String> = h
                .actions
                .iter()
                .filter(|a| !matches!(a.kind, phh::ActionKind::DealHole { .. }))
                .map(|a| {
                    // Amounts as numbers (the converter writes `10.00` where the log has `10`).
                    let words = a.to_string();
                    let words = words.split(' ').map(|w| match w.parse::<cards_core::Amount>() {
                        Ok(amount) => amount.normalize().to_string(),
                        Err(_) => w.to_owned(),
                    });
                    words.collect::<Vec<_>>().join(" ")
                })
                .collect();
            (h.starting_stacks.clone(), h.finishing_stacks.clone(), actions)
        };
        for (a, b) in ours.iter().zip(&theirs) {
            assert_eq!(play(a), play(b), "{input} hand {:?}", a.hand);
        }
    }
}
