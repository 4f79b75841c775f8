//! Everest Poker's logs (XML named `.txt`) of the tracker's regression files, in
//! `<repo>/../shared/corpus/sitelogs/jejellyroll-fr__fpdb-3` (AGPL: read in place, never
//! copied): every hand imported replays consistently and survives PHH -> PokerStars text -> PHH;
//! the hands refused are counted by code, each kind explained. Skips when the fixtures are
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

/// A tracker's `.hp` sidecar (a Python literal, one dict per player): each player's
/// `(name, startCash, winnings)`, in the tracker's hundredths.
fn sidecar(text: &str) -> Vec<(String, String, String)> {
    let mut players: Vec<(String, String, String)> = Vec::new();
    let number = |line: &str| line.split(':').nth(1).unwrap().trim().trim_end_matches([',', '}']).to_owned();
    for line in text.lines() {
        // `{   u'Hero': {   'allInEV': -2,`: a player's dict opens.
        if let Some((_, rest)) = line.split_once("u'")
            && let Some((name, _)) = rest.split_once("': {")
        {
            let name = name.to_owned();
            players.push((name, String::new(), String::new()));
        } else if let Some(p) = players.last_mut() {
            if line.contains("'startCash':") {
                p.1 = number(line);
            } else if line.contains("'winnings':") {
                p.2 = number(line);
            }
        }
    }
    players
}

/// The tracker's expected sidecars (`.hp`) agree with what cardnote reads where they state the
/// same thing, with one disagreement named: every player's `winnings` (hundredths) are the PHH
/// hand's, but its `startCash` is 100 times cardnote's stack. The tracker's own reader divides a
/// `balance` by 100 as it does every amount (the sidecars predate that); the logs' play agrees with
/// cardnote: 100 big blinds (`balance="200"` at 0.01/0.02 blinds, `100000` at 5/10), where the
/// sidecar's would be 10,000. The seat sitting out (`XBLIND`, dealt no cards) is in the sidecar
/// and not in the PHH hand.
#[test]
fn the_trackers_sidecars_agree_but_for_the_stacks() {
    let Some(root) =
        common::shared("sitelogs/jejellyroll-fr__fpdb-3/regression-test-files/cash/Everest/Flop")
    else {
        return;
    };
    let hundredths = |a: cards_core::Amount| {
        a.checked_mul(cards_core::Amount::from_int(100)).unwrap().normalize().to_string()
    };
    let mut compared = 0;
    for file in ["NLHE-EUR-0.01-0.02-201104.Sample.emailed.txt", "PLO-EUR-5-10-Unknown-Sample.txt"] {
        let bytes = std::fs::read(root.join(file)).unwrap();
        let hand = everest::Reader::new(bytes.as_slice(), Options::default()).next().unwrap().hand.unwrap();
        let names = hand.players.clone().unwrap();
        let winnings = hand.winnings.clone().unwrap();
        let side = sidecar(&std::fs::read_to_string(root.join(format!("{file}.hp"))).unwrap());
        for (name, start_cash, won) in side {
            let Some(i) = names.iter().position(|n| *n == name) else {
                assert_eq!(name, "Player4", "{file}: only the seat sitting out is left out");
                continue;
            };
            assert_eq!(hundredths(winnings[i].finite().unwrap()), won, "{file}: {name}");
            let stack = hand.starting_stacks[i].finite().unwrap();
            assert_eq!(hundredths(stack.checked_mul(cards_core::Amount::from_int(100)).unwrap()), start_cash);
            compared += 1;
        }
    }
    assert_eq!(compared, 7);
}
