//! OnGame logs: every hand of the tracker's regression logs in
//! `<repo>/../shared/corpus/sitelogs/jejellyroll-fr__fpdb-3/regression-test-files/cash/OnGame`
//! (AGPL: read in place, never copied; the OnGame client's own, Betfair's, BWin's, Goalwin's and
//! Strobe's skins) imported, replayed consistently with the payouts, rake and final stacks the log
//! states, and surviving PHH -> PokerStars text -> PHH; the refusals counted by code. Skips when
//! the fixtures are missing, fails when `CARDNOTE_REQUIRE_SHARED=1`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use sitelogs::{Options, ongame};

mod common;
mod site_shared;

#[test]
fn ongame_logs() {
    let Some(root) = common::shared("sitelogs/jejellyroll-fr__fpdb-3/regression-test-files/cash/OnGame")
    else {
        return;
    };
    let tally =
        site_shared::read_all(&root, &|bytes| ongame::Reader::new(bytes, Options::default()).collect());
    eprintln!("OnGame: {tally:?}");
    assert_eq!((tally.hands, tally.imported), (45, 18));
    let refused: Vec<(&str, usize)> = tally.refused.iter().map(|(c, n)| (*c, *n)).collect();
    assert_eq!(
        refused,
        [
            // Five-card draw (15 hands: limit and pot limit, Goalwin's skin among them, the log
            // without street delimiters too), limit Omaha high (9) and pot-limit Omaha hi/lo (2):
            // no PHH variant.
            ("SITE_GAME_UNSUPPORTED", 26),
            // `Dead.Small.Blind`: heads-up, the returning button posts a big blind (and a dead
            // small blind) as the other player posts theirs: two equal blinds, which in PHH give
            // the first action to the wrong player.
            ("SITE_POST_OUT_OF_TURN", 1),
        ]
    );
    assert!(tally.warnings.is_empty(), "{:?}", tally.warned);
}
