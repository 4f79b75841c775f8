//! Unibet logs: every hand of the tracker's regression logs in
//! `<repo>/../shared/corpus/sitelogs/jejellyroll-fr__fpdb-3/regression-test-files/cash/Unibet`
//! (AGPL: read in place, never copied) imported, replayed consistently with the summary's net
//! results, and surviving PHH -> PokerStars text -> PHH. Skips when the fixtures are missing, fails
//! when `CARDNOTE_REQUIRE_SHARED=1`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use sitelogs::{Options, unibet};

mod common;
mod site_shared;

#[test]
fn unibet_logs() {
    let Some(root) = common::shared("sitelogs/jejellyroll-fr__fpdb-3/regression-test-files/cash/Unibet")
    else {
        return;
    };
    let tally =
        site_shared::read_all(&root, &|bytes| unibet::Reader::new(bytes, Options::default()).collect());
    eprintln!("Unibet: {tally:?}");
    // The one hand: an all-in raise no one calls, the winner paid the bet back in `wins`.
    assert_eq!((tally.hands, tally.imported), (1, 1));
    assert!(tally.warnings.is_empty(), "{:?}", tally.warned);
}
