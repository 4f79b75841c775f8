//! Cake logs: every hand of the tracker's regression logs in
//! `<repo>/../shared/corpus/sitelogs/jejellyroll-fr__fpdb-3/regression-test-files/cash/Cake`
//! (AGPL: read in place, never copied) imported, replayed consistently with what the log states,
//! and surviving PHH -> PokerStars text -> PHH; the refusals counted by code. Skips when the
//! fixtures are missing, fails when `CARDNOTE_REQUIRE_SHARED=1`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use sitelogs::{Options, cake};

mod common;
mod site_shared;

#[test]
fn cake_logs() {
    let Some(root) = common::shared("sitelogs/jejellyroll-fr__fpdb-3/regression-test-files/cash/Cake") else {
        return;
    };
    let tally = site_shared::read_all(&root, &|bytes| cake::Reader::new(bytes, Options::default()).collect());
    eprintln!("Cake: {tally:?}");
    assert_eq!((tally.hands, tally.imported), (31, 30));
    let refused: Vec<(&str, usize)> = tally.refused.iter().map(|(c, n)| (*c, *n)).collect();
    // `dead.blind`: `posts dead blind $-0,10 and big blind $0,10`, a negative dead blind.
    assert_eq!(refused, [("SITE_UNREADABLE_ACTION", 1)]);
}
