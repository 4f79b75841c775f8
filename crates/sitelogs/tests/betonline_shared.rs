//! BetOnline's network (BetOnline, Gear Poker, ActionPoker) writes PokerStars' layout with words
//! of its own: `ante processed 0.00`, `post now` (a big blind out of position), `post dead` (the
//! live big blind written, the small blind dead beside it), `NAME said "..."`, `NAME shows 7s 9h`
//! without brackets, tens as `10`, and the payouts in the summary only (`collected (1.25)`,
//! `showed [..] and won (0.04)`). Read from the tracker's regression logs in
//! `<repo>/../shared/corpus/sitelogs/jejellyroll-fr__fpdb-3` (AGPL: read in place, never copied).
//! Skips when the fixtures are missing, fails when `CARDNOTE_REQUIRE_SHARED=1`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeMap;

use sitelogs::{Options, pokerstars};

mod common;

#[test]
fn betonline_logs_read_through_the_pokerstars_importer() {
    let Some(root) = common::shared("sitelogs/jejellyroll-fr__fpdb-3/regression-test-files/cash/BetOnline")
    else {
        return;
    };
    let mut paths: Vec<_> =
        std::fs::read_dir(root.join("Flop")).unwrap().map(|e| e.unwrap().path()).collect();
    paths.sort();
    let (mut hands, mut imported) = (0, 0);
    let mut refused: BTreeMap<String, usize> = BTreeMap::new();
    for path in &paths {
        let bytes = std::fs::read(path).unwrap();
        for record in pokerstars::Reader::new(bytes.as_slice(), Options::default()) {
            hands += 1;
            match &record.hand {
                Some(hand) => {
                    imported += 1;
                    // Back through PokerStars' own text: the same play and outcome.
                    let text = pokerstars::write_hand(hand).unwrap();
                    let again = pokerstars::Reader::from_str(&text, Options::default()).next().unwrap();
                    let again = again.hand.unwrap_or_else(|| panic!("{}\n{text}", path.display()));
                    assert_eq!(
                        (&again.actions, &again.finishing_stacks),
                        (&hand.actions, &hand.finishing_stacks)
                    );
                }
                None => {
                    let code = record.diagnostics.iter().find(|d| d.is_error()).unwrap().code();
                    *refused.entry(code.to_owned()).or_default() += 1;
                }
            }
        }
    }
    eprintln!("BetOnline: {imported} of {hands} hands imported; refused {refused:?}");
    // Before these words were read: 0 of 48. The refusals left are not all explained yet (a PLO
    // game BetOnline labels `Hold'em Pot Limit`, finishing stacks of players who sat out).
    assert_eq!(hands, 48);
    assert!(imported >= 15, "{imported} imported");
}
