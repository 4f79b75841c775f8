//! PokerTracker's text exports: every hand of the tracker's regression logs in
//! `<repo>/../shared/corpus/sitelogs/jejellyroll-fr__fpdb-3/regression-test-files/cash/PokerTracker`
//! (AGPL: read in place, never copied) told as PokerTracker's by its content, imported, replayed
//! consistently with what the export states, and surviving PHH -> PokerStars text -> PHH; the
//! refusals counted by code. Skips when the fixtures are missing, fails when
//! `CARDNOTE_REQUIRE_SHARED=1`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use sitelogs::{Options, Site, pokertracker};

mod common;
mod site_shared;

#[test]
fn pokertracker_exports() {
    let Some(root) =
        common::shared("sitelogs/jejellyroll-fr__fpdb-3/regression-test-files/cash/PokerTracker")
    else {
        return;
    };
    let tally = site_shared::read_all(&root, &|bytes| {
        assert_eq!(Site::detect(bytes), Some(Site::PokerTracker));
        pokertracker::Reader::new(bytes, Options::default()).collect()
    });
    eprintln!("PokerTracker: {tally:?}");
    // 100 Everest hands (before: all refused `SITE_BAD_HEADER`, the PokerStars reader claiming
    // them), 43 Merge hands, 43 iPoker hands, 6 Microgaming hands.
    assert_eq!((tally.hands, tally.imported), (192, 180));
    let refused: Vec<(&str, usize)> = tally.refused.iter().map(|(c, n)| (*c, *n)).collect();
    assert_eq!(
        refused,
        [
            // The iPoker exports of `HandHQ` (`post.both`, `raise.by`: every stack rewritten as
            // $100,000.00, the seats listed backwards and acting out of their order; a raise to
            // $23.38 over a bet of $14.05, less than a full raise, which only an all-in could be
            // before the stacks were rewritten) and `Zone` (`P5: Call $14.00` on the flop before
            // anyone bets, `Call $50.00` before the turn's bet): the play as written is not legal.
            ("REPLAY_HAND_OVER", 3),
            // `Merge.weird.allin.sb.corrupted` (so named by the tracker): a small blind of $3.74,
            // the poster's whole stack, at $0.02/$0.04, then play that cannot follow it.
            ("REPLAY_NO_BETTING", 1),
            // Everest: `Player26 has been disconnected, and is allin` with $70.80 behind.
            ("SITE_DISCONNECT_PROTECTION", 1),
            // The Microgaming exports (`** Game ID`, `** Hand #`: 5 files, 6 hands): not read.
            ("SITE_EXPORT_NOT_READ", 6),
            // `Merge.v2.post.sb`: `Hero: Post DB $0.02` (a small blind posted out of position)
            // then `Hero: Call $0.02` to the $0.04 big blind: the post was live, which PHH's
            // blinds cannot say (a blind out of position is dead money there).
            ("SITE_INCONSISTENT", 1),
        ]
    );
    // Everest: `raises to $119.23, and is all-in` over players all in or short of the bet, its
    // excess returned (`Uncalled bet of $11.68`): read as the call it is, twice.
    let warnings: Vec<(&str, usize)> = tally.warnings.iter().map(|(c, n)| (*c, *n)).collect();
    assert_eq!(warnings, [("SITE_EXPORT_RAISE_AS_CALL", 2)], "{:?}", tally.warned);
}
