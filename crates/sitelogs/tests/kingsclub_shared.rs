//! KingsClub logs: every hand of the tracker's regression logs in
//! `<repo>/../shared/corpus/sitelogs/jejellyroll-fr__fpdb-3/regression-test-files/cash/KingsClub`
//! (AGPL: read in place, never copied) imported, replayed consistently with what the log states,
//! and surviving PHH -> PokerStars text -> PHH; the refusals counted by code. Skips when the
//! fixtures are missing, fails when `CARDNOTE_REQUIRE_SHARED=1`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use sitelogs::{Options, kingsclub};

mod common;
mod site_shared;

#[test]
fn kingsclub_logs() {
    let Some(root) = common::shared("sitelogs/jejellyroll-fr__fpdb-3/regression-test-files/cash/KingsClub")
    else {
        return;
    };
    let tally =
        site_shared::read_all(&root, &|bytes| kingsclub::Reader::new(bytes, Options::default()).collect());
    eprintln!("KingsClub: {tally:?}");
    assert_eq!((tally.hands, tally.imported), (33, 11));
    let refused: Vec<(&str, usize)> = tally.refused.iter().map(|(c, n)| (*c, *n)).collect();
    assert_eq!(
        refused,
        [
            // `Razz ... multi.pot.failure`: `raises to 625` over an all-in completion for less
            // (225 on a 125 bring-in), an amount PokerKit's rules do not allow.
            ("REPLAY_HAND_OVER", 1),
            // Drawmaha (twice), A-5 single and triple draw, Badacey, Badeucey, 5-card Omaha,
            // Big O (twice), fixed-limit Omaha high (on two boards), pot-limit Omaha hi-lo,
            // 2-7 razz (twice): no PHH variant.
            ("SITE_GAME_UNSUPPORTED", 13),
            // `LO8 ... RIO`: an all-in for less than the big blind and a fold leave the big blind
            // alone, but PokerKit's rules still ask for the big blind's check, which the log does
            // not write.
            ("SITE_REPLAY", 1),
            // `Run 1:` / `Run 2:` draws and `*** BOARD 1 - RIVER ***` boards.
            ("SITE_RUN_IT_TWICE", 5),
            // `7-Stud`: the big bet on 4th street over an open pair (KingsClub's `*** 3RD STREET
            // ***`, its streets being numbered from the first after the deal).
            ("SITE_STUD_DOUBLE_BET", 1),
            // `NL-2-7-SD ... RIT`: a draw written as `Dealt to Hero: [6h Ks Ks]` with no discard
            // (a board run twice, the tracker says): what was drawn is unknown.
            ("SITE_UNREADABLE_ACTION", 1),
        ]
    );
}
