//! PKR logs: every hand of the tracker's regression logs in
//! `<repo>/../shared/corpus/sitelogs/jejellyroll-fr__fpdb-3/regression-test-files/cash/PKR`
//! (AGPL: read in place, never copied) imported, replayed consistently with the payouts, rake and
//! final stacks the log states, and surviving PHH -> PokerStars text -> PHH; the refusals counted by code. Skips when
//! the fixtures are missing, fails when `CARDNOTE_REQUIRE_SHARED=1`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use sitelogs::{Options, pkr};

mod common;
mod site_shared;

#[test]
fn pkr_logs() {
    let Some(root) = common::shared("sitelogs/jejellyroll-fr__fpdb-3/regression-test-files/cash/PKR") else {
        return;
    };
    let tally = site_shared::read_all(&root, &|bytes| pkr::Reader::new(bytes, Options::default()).collect());
    eprintln!("PKR: {tally:?}");
    assert_eq!((tally.hands, tally.imported), (59, 56));
    let refused: Vec<(&str, usize)> = tally.refused.iter().map(|(c, n)| (*c, *n)).collect();
    assert_eq!(
        refused,
        [
            // `disconnected.won`: a disconnected player granted disconnection protection, all in
            // with chips behind (`wins $0.04, disconnection protection limited from $0.17`).
            ("SITE_DISCONNECT_PROTECTION", 1),
            // `ties.low`: pot-limit Omaha hi/lo, no PHH variant.
            ("SITE_GAME_UNSUPPORTED", 1),
            // The 2012-06 log starts inside a hand (its header cut off): the fragment is no hand.
            ("SITE_NO_HEADER", 1),
        ]
    );
    // `201303`: the big blind folds on the flop with nothing to call (as the log says).
    let warnings: Vec<(&str, usize)> = tally.warnings.iter().map(|(c, n)| (*c, *n)).collect();
    assert_eq!(warnings, [("REPLAY_FOLD_NOTHING_TO_CALL", 1)], "{:?}", tally.warned);
}
