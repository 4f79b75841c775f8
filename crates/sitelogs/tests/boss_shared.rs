//! Boss Media's logs (XML, named `.txt` or `.xml`) of the tracker's regression files, in
//! `<repo>/../shared/corpus/sitelogs/jejellyroll-fr__fpdb-3` (AGPL: read in place, never
//! copied): every hand imported replays consistently and survives PHH -> PokerStars text -> PHH;
//! the hands refused are counted by code, each kind explained. Skips when the fixtures are
//! missing, fails when `CARDNOTE_REQUIRE_SHARED=1`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeMap;

use sitelogs::{Options, boss};

mod common;
mod site_shared;

#[test]
fn boss_logs_import_replay_and_round_trip() {
    let Some(root) = common::shared("sitelogs/jejellyroll-fr__fpdb-3/regression-test-files/cash/Boss") else {
        return;
    };
    // Detection of each of these logs is `detect_shared.rs`'s; the reading is here.
    let tally = site_shared::read_all(&root, &|bytes| boss::Reader::new(bytes, Options::default()).collect());
    let refused: BTreeMap<String, usize> = tally.refused.iter().map(|(c, n)| ((*c).to_owned(), *n)).collect();
    let (hands, imported) = (tally.hands, tally.imported);
    eprintln!("Boss Media: {imported} of {hands} hands imported; refused {refused:?}");
    assert_eq!(hands, 30);
    assert_eq!(imported, 11, "{refused:?}");
    let expected: BTreeMap<String, usize> = [
        // The games PHH has no variant for: 5-card draw (14 hands of the `5CD-FL` sample and the
        // `5CD-PL` hand), pot-limit Omaha hi/lo (2), `GAME_OMATU` (1).
        ("SITE_GAME_UNSUPPORTED", 18),
        // `LHE-10-20...post.both`: the file ends inside its <HISTORY> (no showdown).
        ("SITE_INCOMPLETE", 1),
    ]
    .into_iter()
    .map(|(code, n)| (code.to_owned(), n))
    .collect();
    assert_eq!(refused, expected);
}
