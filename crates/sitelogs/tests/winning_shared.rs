//! Winning Poker's logs in the tracker's regression files
//! (`<repo>/../shared/corpus/sitelogs/jejellyroll-fr__fpdb-3/regression-test-files/cash/Winning`;
//! AGPL: read in place, never copied): the 2015-2018 layout (`Game started at:`) in UTF-16 with
//! a BOM, and the 2019 one (`Hand #N - Holdem(No Limit) - ...`).
//! Every hand imports and replays consistently with what the log states, or is refused with a
//! code explained below; every imported hand survives PHH -> PokerStars text -> PHH. Skips when
//! the fixtures are missing, fails when `CARDNOTE_REQUIRE_SHARED=1`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeMap;

use sitelogs::{Options, winning};

mod common;
mod site_shared;

#[test]
fn winning_logs() {
    let Some(root) = common::shared("sitelogs/jejellyroll-fr__fpdb-3/regression-test-files/cash/Winning")
    else {
        return;
    };
    let tally =
        site_shared::read_all(&root, &|bytes| winning::Reader::new(bytes, Options::default()).collect());
    eprintln!("Winning: {tally:#?}");
    // The folder's top level repeats most logs of `Flop/` and `Stud/` byte for byte: both are
    // read, so those hands count twice. Every refusal, and why:
    let refused = BTreeMap::from([
        // Capped tables (`Bahamut (Cap)`, `Mauilite (PRR) - CAP`, a `caps $0.55` at `Miramar
        // (Cap)`): PHH has no cap. Pot-limit and no-limit Omaha hi/lo (blinds of the second stake,
        // `Omaha H/L(No Limit)`), and 6+ hold'em played with two blinds: no PHH variant.
        ("SITE_GAME_UNSUPPORTED", 26),
        // A player with no seat line and no name (`Player  has big blind (2)`): the tracker's
        // "unknown player acts" log.
        ("SITE_UNKNOWN_PLAYER", 4),
        // A log whose play contradicts itself (`*** FLOP ***:` with no cards before any
        // preflop action, an uncalled bet returned to a player who never bet).
        ("REPLAY_HAND_OVER", 2),
        // The file ends in the middle of a hand (and of a UTF-16 character: its last seat line
        // ends in half a character).
        ("SITE_BAD_SEAT", 2),
        // `is disconnected and ALL IN.` then `allin` with no amount: all in with chips behind.
        ("SITE_DISCONNECT_PROTECTION", 2),
    ]);
    assert_eq!(tally.refused, refused);
    assert_eq!((tally.hands, tally.imported), (94, 58));
    assert!(tally.warnings.is_empty(), "{:?}", tally.warned);
}
