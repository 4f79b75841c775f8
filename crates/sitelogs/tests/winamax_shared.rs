//! Winamax logs: every hand of the tracker's regression logs in
//! `<repo>/../shared/corpus/sitelogs/jejellyroll-fr__fpdb-3/regression-test-files/cash/Winamax`
//! (AGPL: read in place, never copied) imported, replayed consistently with what the log states,
//! and surviving PHH -> PokerStars text -> PHH; the refusals counted by code. Skips when the
//! fixtures are missing, fails when `CARDNOTE_REQUIRE_SHARED=1`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use sitelogs::{Options, winamax};

mod common;
mod site_shared;

#[test]
fn winamax_logs() {
    let Some(root) = common::shared("sitelogs/jejellyroll-fr__fpdb-3/regression-test-files/cash/Winamax")
    else {
        return;
    };
    let tally =
        site_shared::read_all(&root, &|bytes| winamax::Reader::new(bytes, Options::default()).collect());
    eprintln!("Winamax: {tally:?}");
    assert_eq!((tally.hands, tally.imported), (89, 76));
    let refused: Vec<(&str, usize)> = tally.refused.iter().map(|(c, n)| (*c, *n)).collect();
    assert_eq!(
        refused,
        [
            // `Player1 raises -6.10€ to 18.90€` then `calls 3.90€` against an all-in for less
            // (`negative.bet`: the log's own error); a raise over the only other player's all-in
            // on the river, which the replay has no one to call (2 hands of `PLO-FR ... Sample`).
            ("REPLAY_HAND_OVER", 2),
            // A big blind posted out of position is live but no PHH blind, so the pot-limit raise
            // that counts it is over PHH's pot (`Sample`); the `negative.bet` call above.
            ("REPLAY_NO_BETTING", 2),
            // A play-money stud export shows no up cards, so the replay cannot tell who brings in.
            ("REPLAY_WRONG_PLAYER", 1),
            // 5-card Omaha (hi and hi/lo) and pot-limit Omaha hi/lo: no PHH variant.
            ("SITE_GAME_UNSUPPORTED", 5),
            // `bad.pot`: the payout is one euro short of what the play gives the winner.
            ("SITE_INCONSISTENT", 1),
            // `ante.raise`: `raises 1€ to 3€` among the posts, before any card is dealt.
            ("SITE_UNREADABLE_ACTION", 2),
        ]
    );
}
