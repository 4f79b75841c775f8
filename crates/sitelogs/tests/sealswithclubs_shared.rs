//! Seals With Clubs logs: every hand of the tracker's regression logs in
//! `<repo>/../shared/corpus/sitelogs/jejellyroll-fr__fpdb-3/regression-test-files/cash/SealsWithClubs`
//! (AGPL: read in place, never copied) imported, replayed consistently with what the log states,
//! and surviving PHH -> PokerStars text -> PHH; the refusals counted by code. Skips when the
//! fixtures are missing, fails when `CARDNOTE_REQUIRE_SHARED=1`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use sitelogs::{Options, seals};

mod common;
mod site_shared;

#[test]
fn sealswithclubs_logs() {
    let Some(root) =
        common::shared("sitelogs/jejellyroll-fr__fpdb-3/regression-test-files/cash/SealsWithClubs")
    else {
        return;
    };
    let tally =
        site_shared::read_all(&root, &|bytes| seals::Reader::new(bytes, Options::default()).collect());
    eprintln!("Seals With Clubs: {tally:?}");
    assert_eq!((tally.hands, tally.imported), (7, 7));
    let refused: Vec<(&str, usize)> = tally.refused.iter().map(|(c, n)| (*c, *n)).collect();
    // Every hand: `Blinds 1/1` (the small blind the big one's size), a side pot paid with its
    // own rake, `posts small & big blind`, seats `- sitting out` and `- waiting for big blind`.
    assert_eq!(refused, []);
}
