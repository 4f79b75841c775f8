//! Entraction logs: every hand of the tracker's regression logs in
//! `<repo>/../shared/corpus/sitelogs/jejellyroll-fr__fpdb-3/regression-test-files/cash/Entraction`
//! (AGPL: read in place, never copied) imported, replayed consistently with what the log states,
//! and surviving PHH -> PokerStars text -> PHH; the refusals counted by code. Skips when the
//! fixtures are missing, fails when `CARDNOTE_REQUIRE_SHARED=1`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use sitelogs::{Options, entraction};

mod common;
mod site_shared;

#[test]
fn entraction_logs() {
    let Some(root) = common::shared("sitelogs/jejellyroll-fr__fpdb-3/regression-test-files/cash/Entraction")
    else {
        return;
    };
    let tally =
        site_shared::read_all(&root, &|bytes| entraction::Reader::new(bytes, Options::default()).collect());
    eprintln!("Entraction: {tally:?}");
    assert_eq!((tally.hands, tally.imported), (6, 4));
    let refused: Vec<(&str, usize)> = tally.refused.iter().map(|(c, n)| (*c, *n)).collect();
    assert_eq!(
        refused,
        [
            // `SBBB.example`: a returning player's `Small + Big Blind`, whose live big blind PHH
            // puts in only with the player's first action, so the pot-limit raise sized with it
            // (5.00) is more than the pot the replay has.
            ("REPLAY_HAND_OVER", 1),
            // 5-card Omaha: no PHH variant.
            ("SITE_GAME_UNSUPPORTED", 1),
        ]
    );
}
