//! Absolute Poker's and UltimateBet's logs in the tracker's regression files
//! (`<repo>/../shared/corpus/sitelogs/jejellyroll-fr__fpdb-3/regression-test-files/cash/Absolute`
//! and `.../UltimateBet`;
//! AGPL: read in place, never copied): hold'em (no-limit and fixed), Omaha hi/lo and stud hi/lo,
//! 2007-2011.
//! Every hand imports and replays consistently with what the log states, or is refused with a
//! code explained below; every imported hand survives PHH -> PokerStars text -> PHH. Skips when
//! the fixtures are missing, fails when `CARDNOTE_REQUIRE_SHARED=1`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeMap;

use sitelogs::{Options, absolute};

mod common;
mod site_shared;

#[test]
fn absolute_logs() {
    let Some(root) = common::shared("sitelogs/jejellyroll-fr__fpdb-3/regression-test-files/cash/Absolute")
    else {
        return;
    };
    let tally =
        site_shared::read_all(&root, &|bytes| absolute::Reader::new(bytes, Options::default()).collect());
    eprintln!("Absolute: {tally:#?}");
    // Every refusal, and why:
    let refused = BTreeMap::from([
        // The 7-2 game (`No Limit $4 (7-2)`): a proposition pot paid to the winner with 7-2
        // from outside the pot.
        ("SITE_CASH_DROP", 1),
        // `All-In (Timeout)`: a player all in by a time-out, with no amount.
        ("SITE_DISCONNECT_PROTECTION", 1),
        // A fixed-limit big blind posted all in for less ($191.27 of $200): the site's raise
        // counts from the full blind (`Raises $400 to $400`), PHH's replay from the blind posted.
        ("REPLAY_HAND_OVER", 1),
    ]);
    assert_eq!(tally.refused, refused);
    assert_eq!((tally.hands, tally.imported), (13, 10));
    assert!(tally.warnings.is_empty(), "{:?}", tally.warned);
}

/// UltimateBet's logs (`.../cash/UltimateBet`), the same network's and format: every hand
/// imports, replays and round-trips, or is refused with a code explained here.
#[test]
fn ultimatebet_logs() {
    let Some(root) = common::shared("sitelogs/jejellyroll-fr__fpdb-3/regression-test-files/cash/UltimateBet")
    else {
        return;
    };
    let tally =
        site_shared::read_all(&root, &|bytes| absolute::Reader::new(bytes, Options::default()).collect());
    eprintln!("UltimateBet: {tally:#?}");
    // Its one hand (`Hero - Posts $0.02`: a new player's big blind posted out of position, live)
    // imports: nothing is refused.
    assert!(tally.refused.is_empty(), "{:?}", tally.refusals);
    assert_eq!((tally.hands, tally.imported), (1, 1));
    // The big blind folds preflop with nothing to call (everyone limped): the log's play, read
    // with PHH's warning.
    let warnings = BTreeMap::from([("REPLAY_FOLD_NOTHING_TO_CALL", 1)]);
    assert_eq!(tally.warnings, warnings, "{:?}", tally.warned);
}
