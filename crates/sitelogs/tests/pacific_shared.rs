//! 888 / Pacific Poker logs: every hand of the tracker's regression logs in
//! `<repo>/../shared/corpus/sitelogs/jejellyroll-fr__fpdb-3/regression-test-files/cash/PacificPoker`
//! (AGPL: read in place, never copied) imported, replayed consistently with what the log states,
//! and surviving PHH -> PokerStars text -> PHH; the refusals counted by code. Skips when the
//! fixtures are missing, fails when `CARDNOTE_REQUIRE_SHARED=1`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use sitelogs::{Options, pacific};

mod common;
mod site_shared;

#[test]
fn pacific_logs() {
    let Some(root) =
        common::shared("sitelogs/jejellyroll-fr__fpdb-3/regression-test-files/cash/PacificPoker")
    else {
        return;
    };
    let tally =
        site_shared::read_all(&root, &|bytes| pacific::Reader::new(bytes, Options::default()).collect());
    eprintln!("888: {tally:?}");
    assert_eq!((tally.hands, tally.imported), (166, 149));
    let refused: Vec<(&str, usize)> = tally.refused.iter().map(|(c, n)| (*c, *n)).collect();
    assert_eq!(
        refused,
        [
            // `blank.player.names`: both seats are named ``, so who did what is unknown.
            ("SITE_BAD_SEAT", 1),
            // Pot-limit hold'em (12) and fixed-limit Omaha high (3): no PHH variant.
            ("SITE_GAME_UNSUPPORTED", 15),
            // `rake.greater.than.25.pct`: paid 0.24 of a pot of 0.52.
            ("SITE_PAYOUT_SHORT", 1),
        ]
    );
}
