//! The draw games in PokerStars text (what the PHH actions are, and the site's layout written
//! back) and run-it-twice refused per hand.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use sitelogs::{Options, codes, pokerstars};

const TRIPLE_DRAW: &str = "\
PokerStars Hand #11:  Triple Draw 2-7 Lowball Limit ($1/$2 USD) - 2020/05/06 7:08:09 ET
Table 'Dalet' 6-max Seat #3 is the button
Seat 1: Ann ($50 in chips)
Seat 2: Bob ($40 in chips)
Seat 3: Cy ($60 in chips)
Ann: posts small blind $0.50
Bob: posts big blind $1
*** DEALING HANDS ***
Dealt to Bob [Kc 7d 5s 3h 2c]
Cy: raises $1 to $2
Ann: folds
Bob: calls $1
*** FIRST DRAW ***
Bob: discards 1 card [Kc]
Dealt to Bob [7d 5s 3h 2c] [9s]
Cy: discards 2 cards
Bob: checks
Cy: bets $1
Bob: calls $1
*** SECOND DRAW ***
Bob: stands pat on [7d 5s 3h 2c 9s]
Cy: discards 1 card
Bob: bets $2
Cy: folds
Uncalled bet ($2) returned to Bob
Bob collected $6.50 from pot
Bob: doesn't show hand
*** SUMMARY ***
Total pot $6.50 | Rake $0
Seat 1: Ann (small blind) folded before the Draw
Seat 2: Bob (big blind) collected ($6.50)
Seat 3: Cy (button) folded after the 2nd Draw
";

fn actions(hand: &phh::Hand) -> Vec<String> {
    hand.actions.iter().map(ToString::to_string).collect()
}

#[test]
fn draws_become_discards_then_replacements() {
    let record = pokerstars::Reader::from_str(TRIPLE_DRAW, Options::default()).next().unwrap();
    assert!(record.diagnostics.is_empty(), "{:?}", record.diagnostics);
    let hand = record.hand.unwrap();
    assert_eq!(hand.variant, phh::Variant::FixedLimitDeuceToSevenLowballTripleDraw);
    assert_eq!(
        actions(&hand),
        [
            "d dh p1 ??????????",
            "d dh p2 Kc7d5s3h2c",
            "d dh p3 ??????????",
            "p3 cbr 2",
            "p1 f",
            "p2 cc",
            "p2 sd Kc",
            "p3 sd ????",
            "d dh p2 9s",
            "d dh p3 ????",
            "p2 cc",
            "p3 cbr 1",
            "p2 cc",
            "p2 sd",
            "p3 sd ??",
            "d dh p3 ??",
            "p2 cbr 2",
            "p3 f",
        ]
    );
    let stacks: Vec<String> =
        hand.finishing_stacks.as_ref().unwrap().iter().map(ToString::to_string).collect();
    assert_eq!(stacks, ["49.50", "43.50", "57"]);
}

#[test]
fn draw_hands_are_written_in_the_site_layout() {
    let hand = pokerstars::Reader::from_str(TRIPLE_DRAW, Options::default()).next().unwrap().hand.unwrap();
    let text = pokerstars::write_hand(&hand).unwrap();
    let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    let from = lines.iter().position(|l| *l == "*** DEALING HANDS ***").unwrap();
    assert_eq!(
        &lines[from..from + 19],
        [
            "*** DEALING HANDS ***",
            "Dealt to Bob [Kc 7d 5s 3h 2c]",
            "Cy: raises $1 to $2",
            "Ann: folds",
            "Bob: calls $1",
            "*** FIRST DRAW ***",
            "Bob: discards 1 card [Kc]",
            "Dealt to Bob [7d 5s 3h 2c] [9s]",
            "Cy: discards 2 cards",
            "Bob: checks",
            "Cy: bets $1",
            "Bob: calls $1",
            "*** SECOND DRAW ***",
            "Bob: stands pat on [7d 5s 3h 2c 9s]",
            "Cy: discards 1 card",
            "Bob: bets $2",
            "Cy: folds",
            "Uncalled bet ($2) returned to Bob",
            "Bob collected $6.50 from pot",
        ]
    );
    assert!(lines.contains(&"Seat 3: Cy (button) folded after the 2nd Draw"), "{text}");
    assert!(lines.contains(&"Seat 1: Ann (small blind) folded before the Draw"), "{text}");
    let again = pokerstars::Reader::from_str(&text, Options::default()).next().unwrap();
    assert_eq!(again.hand.as_ref(), Some(&hand));
}

#[test]
fn a_log_that_names_the_wrong_discards_is_refused_not_repaired() {
    // The observer discards a card the log never dealt them: the replay refuses it.
    let log = TRIPLE_DRAW.replace("Bob: discards 1 card [Kc]", "Bob: discards 1 card [Ad]");
    let record = pokerstars::Reader::from_str(&log, Options::default()).next().unwrap();
    assert!(record.hand.is_none());
    assert!(record.has_error());
}

#[test]
fn run_it_twice_is_refused_per_hand_and_the_next_hand_imports() {
    let twice = "\
PokerStars Hand #21: Hold'em No Limit ($1/$2 USD) - 2020/05/06 7:08:09 ET
Table 'He' 6-max Seat #1 is the button
Seat 1: Ann ($100 in chips)
Seat 2: Bob ($100 in chips)
Ann: posts small blind $1
Bob: posts big blind $2
*** HOLE CARDS ***
Ann: raises $98 to $100 and is all-in
Bob: calls $98 and is all-in
*** FIRST FLOP *** [2c 7d 9h]
*** FIRST TURN *** [2c 7d 9h] [Js]
*** FIRST RIVER *** [2c 7d 9h Js] [4s]
*** SECOND FLOP *** [Ah Kd 3s]
*** SECOND TURN *** [Ah Kd 3s] [5c]
*** SECOND RIVER *** [Ah Kd 3s 5c] [6h]
*** FIRST SHOW DOWN ***
Ann: shows [As Ac]
Bob: shows [Kh Ks]
Ann collected $100 from pot
*** SECOND SHOW DOWN ***
Ann: shows [As Ac]
Bob: shows [Kh Ks]
Bob collected $100 from pot
*** SUMMARY ***
Total pot $200 | Rake $0
Hand was run twice
";
    let log = format!("{twice}\n\n{TRIPLE_DRAW}");
    let records: Vec<_> = pokerstars::Reader::from_str(&log, Options::default()).collect();
    assert_eq!(records.len(), 2);
    assert!(records[0].hand.is_none());
    let codes: Vec<&str> = records[0].diagnostics.iter().map(|d| d.code()).collect();
    assert!(codes.iter().all(|c| *c == codes::SITE_RUN_IT_TWICE), "{codes:?}");
    assert!(records[0].diagnostics[0].message().contains("one board"));
    assert!(records[1].hand.is_some());
}

#[test]
fn a_table_line_without_a_button_is_refused_not_guessed() {
    // Fuzz finding F21: the order of play comes from the button; without one the import guessed
    // seat 0 and the hand read back (with a button written) in another order.
    let log = TRIPLE_DRAW.replace("6-max Seat #3 is the button", "6-max Qeat #3 is the button");
    let record = pokerstars::Reader::from_str(&log, Options::default()).next().unwrap();
    assert!(record.hand.is_none());
    assert_eq!(record.diagnostics[0].code(), codes::SITE_BAD_TABLE);
}

#[test]
fn another_producers_name_in_the_header_is_written_back() {
    // Fuzz finding F22: a header in the site's layout from another producer (`PokerBros Hand #`)
    // came back as `PokerStars Hand #`, a different venue.
    let log = TRIPLE_DRAW.replace("PokerStars Hand #11:", "PokerBros Hand #11:");
    let hand = pokerstars::Reader::from_str(&log, Options::default()).next().unwrap().hand.unwrap();
    assert_eq!(hand.venue.as_deref(), Some("PokerBros"));
    let text = pokerstars::write_hand(&hand).unwrap();
    assert!(text.starts_with("PokerBros Hand #11:"), "{text}");
    let again = pokerstars::Reader::from_str(&text, Options::default()).next().unwrap();
    assert_eq!(again.hand.as_ref(), Some(&hand));
}

#[test]
fn a_table_line_without_a_seat_count_is_written_without_one() {
    // Fuzz finding F24: old logs write no `N-max`; the writer made one up from the seats, so the
    // hand read back with a seat count it never had.
    let log = TRIPLE_DRAW.replace("Table 'Dalet' 6-max Seat", "Table 'Dalet' Seat");
    let hand = pokerstars::Reader::from_str(&log, Options::default()).next().unwrap().hand.unwrap();
    assert_eq!(hand.seat_count, None);
    let text = pokerstars::write_hand(&hand).unwrap();
    assert!(text.contains("\nTable 'Dalet' Seat #3 is the button\n"), "{text}");
    let again = pokerstars::Reader::from_str(&text, Options::default()).next().unwrap();
    assert_eq!(again.hand.as_ref(), Some(&hand));
}

#[test]
fn a_stud_table_line_without_a_seat_count_is_written_without_one() {
    // Fuzz finding F39: F24's fix knew a hand read from the site's text by its button seat, which
    // a stud table has none of, so a stud hand from a table line without `N-max` came back 6-max.
    let log = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../corpus/sitelogs/pokerstars/cases/stud.txt"),
    )
    .unwrap();
    let table = log.lines().find(|l| l.starts_with("Table '")).unwrap();
    let bare = table.split_once("' ").map_or(table.to_owned(), |(name, _)| format!("{name}'"));
    let log = log.replace(table, &bare);
    let hand = pokerstars::Reader::from_str(&log, Options::default()).next().unwrap().hand.unwrap();
    assert!(hand.variant.is_stud());
    assert_eq!(hand.seat_count, None);
    let text = pokerstars::write_hand(&hand).unwrap();
    assert!(!text.contains("-max"), "{text}");
    let again = pokerstars::Reader::from_str(&text, Options::default()).next().unwrap();
    assert_eq!(again.hand.as_ref(), Some(&hand));
}
