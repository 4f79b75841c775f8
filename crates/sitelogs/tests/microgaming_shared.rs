//! Microgaming's logs (XML, named `.txt`) of the tracker's regression files, in
//! `<repo>/../shared/corpus/sitelogs/jejellyroll-fr__fpdb-3` (AGPL: read in place, never
//! copied): every hand imported replays consistently and survives PHH -> PokerStars text -> PHH;
//! the hands refused are counted by code, each kind explained. Skips when the fixtures are
//! missing, fails when `CARDNOTE_REQUIRE_SHARED=1`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeMap;

use sitelogs::{Options, microgaming};

mod common;
mod site_shared;

#[test]
fn microgaming_logs_import_replay_and_round_trip() {
    let Some(root) = common::shared("sitelogs/jejellyroll-fr__fpdb-3/regression-test-files/cash/Microgaming")
    else {
        return;
    };
    // Detection of each of these logs is `detect_shared.rs`'s; the reading is here.
    let tally =
        site_shared::read_all(&root, &|bytes| microgaming::Reader::new(bytes, Options::default()).collect());
    let refused: BTreeMap<String, usize> = tally.refused.iter().map(|(c, n)| ((*c).to_owned(), *n)).collect();
    let (hands, imported) = (tally.hands, tally.imported);
    eprintln!("Microgaming: {imported} of {hands} hands imported; refused {refused:?}");
    assert_eq!(hands, 15);
    assert_eq!(imported, 10, "{refused:?}");
    let expected: BTreeMap<String, usize> = [
        // `PLO8-EUR-1.00-2.00`: pot-limit Omaha hi/lo, which PHH has no variant for.
        ("SITE_GAME_UNSUPPORTED", 1),
        // The replay's stacks are not the log's `endbalance`s: `posted.to.play` (the post of 0.10
        // costs its poster 0.15, a dead small blind the log does not write), `v5.secondsb` (a
        // `PostedToPlay` of the small blind's amount that the site does not count in the
        // poster's bet) and `multi.allin` (not explained yet).
        ("SITE_INCONSISTENT", 3),
        // `v5.secondsb.raised`: a `PostedToPlay` of the small blind's amount, then raised: read
        // as a live small blind, the replay ends before the hand does (not explained yet).
        ("REPLAY_HAND_OVER", 1),
    ]
    .into_iter()
    .map(|(code, n)| (code.to_owned(), n))
    .collect();
    assert_eq!(refused, expected);
}
