//! Everleaf logs: every hand of the tracker's regression logs in
//! `<repo>/../shared/corpus/sitelogs/jejellyroll-fr__fpdb-3/regression-test-files/cash/Everleaf`
//! (AGPL: read in place, never copied) imported, replayed consistently with what the log states,
//! and surviving PHH -> PokerStars text -> PHH; the refusals counted by code. Skips when the
//! fixtures are missing, fails when `CARDNOTE_REQUIRE_SHARED=1`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use sitelogs::{Options, everleaf};

mod common;
mod site_shared;

#[test]
fn everleaf_logs() {
    let Some(root) = common::shared("sitelogs/jejellyroll-fr__fpdb-3/regression-test-files/cash/Everleaf")
    else {
        return;
    };
    let tally =
        site_shared::read_all(&root, &|bytes| everleaf::Reader::new(bytes, Options::default()).collect());
    eprintln!("Everleaf: {tally:?}");
    assert_eq!((tally.hands, tally.imported), (142, 95));
    let refused: Vec<(&str, usize)> = tally.refused.iter().map(|(c, n)| (*c, *n)).collect();
    assert_eq!(
        refused,
        [
            // 7-card stud whose bring-in player completes (`MOURINHO_: bets [€ 0.05 EURO]`) with
            // no bring-in written anywhere in the hand: PHH's bring-in is unknown.
            ("SITE_BRING_IN_UNSTATED", 4),
            // Pot-limit Omaha hi/lo: no PHH variant.
            ("SITE_GAME_UNSUPPORTED", 23),
            // 7-card stud: the big bet on 4th street over an open pair.
            ("SITE_STUD_DOUBLE_BET", 1),
            // 7-card stud in the older layout (`**** dealing 4th street ****`), which shows no
            // cards at all: PokerKit's rules find who acts first on a street by the up cards.
            ("SITE_STUD_UP_CARDS_UNKNOWN", 19),
        ]
    );
}
