//! The Merge network's logs (XML, named `.txt` or `.xml`) of the tracker's regression files, in
//! `<repo>/../shared/corpus/sitelogs/jejellyroll-fr__fpdb-3` (AGPL: read in place, never
//! copied): every hand imported replays consistently and survives PHH -> PokerStars text -> PHH;
//! the hands refused are counted by code, each kind explained. Skips when the fixtures are
//! missing, fails when `CARDNOTE_REQUIRE_SHARED=1`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeMap;

use sitelogs::{Options, merge};

mod common;
mod site_shared;

#[test]
fn merge_logs_import_replay_and_round_trip() {
    let Some(root) = common::shared("sitelogs/jejellyroll-fr__fpdb-3/regression-test-files/cash/Merge")
    else {
        return;
    };
    // Detection of each of these logs is `detect_shared.rs`'s; the reading is here.
    let tally =
        site_shared::read_all(&root, &|bytes| merge::Reader::new(bytes, Options::default()).collect());
    let refused: BTreeMap<String, usize> = tally.refused.iter().map(|(c, n)| ((*c).to_owned(), *n)).collect();
    let (hands, imported) = (tally.hands, tally.imported);
    eprintln!("Merge: {imported} of {hands} hands imported; refused {refused:?}");
    assert_eq!(hands, 59);
    assert_eq!(imported, 44, "{refused:?}");
    let expected: BTreeMap<String, usize> = [
        // The games PHH has no variant for: pot-limit 2-7 triple draw (2, one of them the
        // cancelled hand), pot-limit 5-card draw, A-5 triple draw, pot-limit and half-pot-limit
        // badugi, no-limit Omaha, no-limit stud hi/lo.
        ("SITE_GAME_UNSUPPORTED", 8),
        // Seats that act but are not in <players> (their stacks are unknown): the
        // `player.not.in.preamble` files.
        ("SITE_UNKNOWN_PLAYER", 2),
        // The last <game> of `FLHE-9max...xml` is cut after a player leaves: no winner.
        ("SITE_INCOMPLETE", 1),
        // `NLHE-9max-play-10-20`: a <description> of $10/$20 no limit over blinds of 0.01/0.02
        // (a fixed-limit hand's bets): the description is not this game's.
        ("SITE_BAD_HEADER", 1),
        // `no.community`: after the big blind's disconnection the log has no flop action of
        // the small blind, first to act, so the replay would have to insert a check.
        ("SITE_REPLAY", 1),
        // `Razz...allIn`: the showdown shows 4 of each player's 7 cards and the later streets
        // deal none, so the replay cannot award the pot as the site did.
        ("SITE_INCONSISTENT", 1),
        // `3-Draw...All-in.on.second.draw`: both players draw once more after one is all in;
        // the engine's replay ends the hand when the betting does (no draw after it).
        ("REPLAY_HAND_OVER", 1),
    ]
    .into_iter()
    .map(|(code, n)| (code.to_owned(), n))
    .collect();
    assert_eq!(refused, expected);
}
