//! Betfair Poker logs: every hand of the tracker's regression logs in
//! `<repo>/../shared/corpus/sitelogs/jejellyroll-fr__fpdb-3/regression-test-files/cash/Betfair`
//! (AGPL: read in place, never copied) imported, replayed consistently with the payouts the log
//! states (no rake, no final stacks written), and surviving PHH -> PokerStars text -> PHH. Skips
//! when the fixtures are missing, fails when `CARDNOTE_REQUIRE_SHARED=1`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use sitelogs::{Options, betfair};

mod common;
mod site_shared;

#[test]
fn betfair_logs() {
    let Some(root) = common::shared("sitelogs/jejellyroll-fr__fpdb-3/regression-test-files/cash/Betfair")
    else {
        return;
    };
    let tally =
        site_shared::read_all(&root, &|bytes| betfair::Reader::new(bytes, Options::default()).collect());
    eprintln!("Betfair: {tally:?}");
    // The one log: a pot-limit Omaha hand all in on the river with a side pot, the rake (not
    // written) taken from the main pot.
    assert_eq!((tally.hands, tally.imported), (1, 1));
    assert!(tally.refused.is_empty(), "{:?}", tally.refusals);
    assert!(tally.warnings.is_empty(), "{:?}", tally.warned);
}
