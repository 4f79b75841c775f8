//! Everest Poker's logs (XML named `.txt`) of the tracker's regression files, in
//! `<repo>/../shared/corpus/sitelogs/jejellyroll-fr__fpdb-3` (AGPL: read in place, never
//! copied): every hand imported replays consistently and survives PHH -> PokerStars text -> PHH;
//! the hands refused are counted by code, each kind explained (the tracker's sidecars beside them
//! are compared in `tracker_sidecars.rs`). Skips when the fixtures are
//! missing, fails when `CARDNOTE_REQUIRE_SHARED=1`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeMap;

use sitelogs::{Options, everest};

mod common;
mod site_shared;

#[test]
fn everest_logs_import_replay_and_round_trip() {
    let Some(root) = common::shared("sitelogs/jejellyroll-fr__fpdb-3/regression-test-files/cash/Everest")
    else {
        return;
    };
    // Detection of each of these logs is `detect_shared.rs`'s; the reading is here.
    let tally =
        site_shared::read_all(&root, &|bytes| everest::Reader::new(bytes, Options::default()).collect());
    let refused: BTreeMap<String, usize> = tally.refused.iter().map(|(c, n)| ((*c).to_owned(), *n)).collect();
    let (hands, imported) = (tally.hands, tally.imported);
    eprintln!("Everest: {imported} of {hands} hands imported; refused {refused:?}");
    // The four hands of the tracker's four logs (hold'em no-limit and fixed-limit in dollars and
    // euros, pot-limit Omaha with rake and tax; a sitting-out seat, a fixed-limit hand with only
    // the big blind posted); its fifth file, `...penalty.txt`, is empty.
    assert_eq!(hands, 4);
    assert_eq!(imported, 4, "{refused:?}");
    // No hand of these logs is refused, and none is read with a warning.
    assert!(refused.is_empty(), "{:?}", tally.refusals);
    assert!(tally.warnings.is_empty(), "{:?}", tally.warned);
}
