//! BetOnline's network (BetOnline, Gear Poker, ActionPoker) writes PokerStars' layout with words
//! of its own: `ante processed 0.00`, `post now` (a big blind out of position), `post dead` (the
//! live big blind written, the small blind dead beside it), `NAME said "..."`, `NAME shows 7s 9h`
//! without brackets, tens as `10`, and the payouts in the summary only (`collected (1.25)`,
//! `showed [..] and won (0.04)`). Read from the tracker's regression logs in
//! `<repo>/../shared/corpus/sitelogs/jejellyroll-fr__fpdb-3` (AGPL: read in place, never copied):
//! every hand imported or refused, each imported hand surviving PHH -> PokerStars text -> PHH,
//! the refusals counted by code. Skips when the fixtures are missing, fails when
//! `CARDNOTE_REQUIRE_SHARED=1`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use sitelogs::{Options, pokerstars};

mod common;
mod site_shared;

#[test]
fn betonline_logs_read_through_the_pokerstars_importer() {
    let Some(root) = common::shared("sitelogs/jejellyroll-fr__fpdb-3/regression-test-files/cash/BetOnline")
    else {
        return;
    };
    let tally =
        site_shared::read_all(&root, &|bytes| pokerstars::Reader::new(bytes, Options::default()).collect());
    eprintln!("BetOnline: {tally:?}");
    // Before the network's words were read: 0 of 48; before its PLO label and its summary-only
    // boards were read: 15.
    assert_eq!((tally.hands, tally.imported), (48, 23));
    assert_eq!(tally.warnings, [("SITE_GAME_MISLABELLED", 3)].into());
    let refused: Vec<(&str, usize)> = tally.refused.iter().map(|(c, n)| (*c, *n)).collect();
    assert_eq!(
        refused,
        [
            ("REPLAY_NON_POSITIVE_STACK", 5),
            ("REPLAY_NO_BETTING", 1),
            ("SITE_BAD_HEADER", 3),
            ("SITE_INCOMPLETE", 1),
            ("SITE_INCONSISTENT", 7),
            ("SITE_REPLAY", 7),
            ("SITE_UNKNOWN_PLAYER", 1),
        ]
    );
}
