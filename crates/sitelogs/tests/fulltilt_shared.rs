//! Full Tilt Poker's logs in the tracker's regression files
//! (`<repo>/../shared/corpus/sitelogs/jejellyroll-fr__fpdb-3/regression-test-files/cash/FTP`;
//! AGPL: read in place, never copied): UTF-16 with a BOM, UTF-8 with one, plain text and archives.
//! Every hand imports and replays consistently with what the log states, or is refused with a
//! code explained below; every imported hand survives PHH -> PokerStars text -> PHH. Skips when
//! the fixtures are missing, fails when `CARDNOTE_REQUIRE_SHARED=1`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeMap;

use sitelogs::{Options, fulltilt};

mod common;
mod site_shared;

#[test]
fn fulltilt_logs() {
    let Some(root) = common::shared("sitelogs/jejellyroll-fr__fpdb-3/regression-test-files/cash/FTP") else {
        return;
    };
    let tally =
        site_shared::read_all(&root, &|bytes| fulltilt::Reader::new(bytes, Options::default()).collect());
    eprintln!("Full Tilt: {tally:#?}");
    // Every refusal, and why:
    let refused = BTreeMap::from([
        // 5-card draw (limit, pot-limit, no-limit), A-5 triple draw, 5- and 6-card Omaha,
        // Courchevel, Irish: no PHH variant. Capped games (`CAP NL Hold'em`, `$400 Pot Limit
        // Omaha Hi`, `$2,000 Cap Pot Limit Omaha Hi`): PHH has no notation for a cap.
        ("SITE_GAME_UNSUPPORTED", 11),
        // Run it twice (`*** FLOP 1 ***`, `*** SUMMARY 2 ***`): one board per PHH hand.
        ("SITE_RUN_IT_TWICE", 4),
        // Stud hi/lo bets of the big bet on 4th street (an open pair): PHH's replay bets the
        // small bet there.
        ("SITE_STUD_DOUBLE_BET", 2),
        // A hand never dealt (the players sat out after the small blind; pot $0), and a
        // `(partial)` hand of which Full Tilt wrote only the summary.
        ("SITE_INCOMPLETE", 2),
        // An observer's archive with no seat lines: no stack to check the hand against.
        ("SITE_BAD_SEAT", 1),
    ]);
    assert_eq!(tally.refused, refused);
    assert_eq!((tally.hands, tally.imported), (151, 131));
    // Nothing skipped unread in the hands imported (table traffic and chat are read as such).
    assert!(tally.warnings.is_empty(), "{:?}", tally.warned);
}

/// Full Tilt shows every hand mucked at the showdown (`Seat 7: thebear666 mucked [Kd 7c Kc 2h 3s
/// 4d 5h]`): a stud player's seven cards, in the order dealt, are the cards the log dealt them
/// face down and up (the player still mucks).
#[test]
fn stud_cards_mucked_in_the_summary_are_the_cards_dealt() {
    let Some(root) = common::shared("sitelogs/jejellyroll-fr__fpdb-3/regression-test-files/cash/FTP") else {
        return;
    };
    let bytes =
        std::fs::read(root.join("Stud/7-Stud-USD-3-6-20106.Steal.from.HJ.Failure-3bet.by.button.txt"))
            .unwrap();
    let records: Vec<_> = fulltilt::Reader::new(&bytes[..], Options::default()).collect();
    let hand = records[0].hand.as_ref().unwrap();
    let player = hand.players.as_ref().unwrap().iter().position(|p| p == "thebear666").unwrap() + 1;
    let phh = phh::write_hand(hand);
    for dealt in ["Kd7cKc", "2h", "3s", "4d", "5h"] {
        assert!(phh.contains(&format!("'d dh p{player} {dealt}'")), "{dealt} in {phh}");
    }
    assert!(phh.contains(&format!("'p{player} sm'")), "{phh}");
}
