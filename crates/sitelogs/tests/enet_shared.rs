//! Enet logs: every hand of the tracker's regression logs in
//! `<repo>/../shared/corpus/sitelogs/jejellyroll-fr__fpdb-3/regression-test-files/cash/Enet`
//! (AGPL: read in place, never copied) imported, replayed consistently with what the log states,
//! and surviving PHH -> PokerStars text -> PHH; the refusals counted by code. Skips when the
//! fixtures are missing, fails when `CARDNOTE_REQUIRE_SHARED=1`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use sitelogs::{Options, enet};

mod common;
mod site_shared;

#[test]
fn enet_logs() {
    let Some(root) = common::shared("sitelogs/jejellyroll-fr__fpdb-3/regression-test-files/cash/Enet") else {
        return;
    };
    let tally = site_shared::read_all(&root, &|bytes| enet::Reader::new(bytes, Options::default()).collect());
    eprintln!("Enet: {tally:?}");
    assert_eq!((tally.hands, tally.imported), (6, 2));
    let refused: Vec<(&str, usize)> = tally.refused.iter().map(|(c, n)| (*c, *n)).collect();
    assert_eq!(
        refused,
        [
            // `side.pot.failure`: a button's big blind posted out of position, which PHH puts in
            // only with the poster's first action, so the pot-limit raises sized with it are
            // more than the pot the replay has (and the log pays 56.64 of a pot of 140.53).
            ("REPLAY_NO_BETTING", 1),
            // `post.dead`: `Player4: posts big blind` with no amount: what went in is unknown.
            ("SITE_BAD_AMOUNT", 1),
            // `accounting.issue`: a player checks without having posted, and the log pays 0.82
            // of the 0.75 that went in while its summary states a rake of 0.06.
            ("SITE_INCONSISTENT", 1),
            // `bad.collected`: three all-ins paid 12.27 of a pot of 22.21 (negative `Rake:`
            // lines): a payout is missing.
            ("SITE_PAYOUT_SHORT", 1),
        ]
    );
}
