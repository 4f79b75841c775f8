//! The Big Game's hand data: every hand of the tracker's regression files in
//! `<repo>/../shared/corpus/sitelogs/jejellyroll-fr__fpdb-3/regression-test-files/cash/TheBigGame`
//! (AGPL: read in place, never copied) imported, replayed, surviving PHH -> PokerStars text -> PHH;
//! the refusals counted by code. The data states no final stacks, but each hand's stacks are the
//! previous hand's ends: every imported hand's finishing stacks are checked against the next
//! hand's starting stacks, which proves the reader's conventions (the dealer's ante, the winnings
//! counting an uncalled bet) on every hand. Skips when the fixtures are missing, fails when
//! `CARDNOTE_REQUIRE_SHARED=1`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::{BTreeMap, BTreeSet};

use sitelogs::{Options, biggame};

mod common;
mod site_shared;

const DIR: &str = "sitelogs/jejellyroll-fr__fpdb-3/regression-test-files/cash/TheBigGame";

#[test]
fn thebiggame_logs() {
    let Some(root) = common::shared(DIR) else {
        return;
    };
    let tally =
        site_shared::read_all(&root, &|bytes| biggame::Reader::new(bytes, Options::default()).collect());
    eprintln!("The Big Game: {tally:?}");
    let refused: Vec<(&str, usize)> = tally.refused.iter().map(|(c, n)| (*c, *n)).collect();
    assert_eq!((tally.hands, tally.imported), (1799, 1720));
    // Each refusal is the data's, not the reader's (the hands named were checked by hand):
    let expected = [
        // A river or turn the data leaves without its checks (d1h33: the river is dealt, then
        // `Wins` with no play on it), so the replay stops short of the end.
        ("PHH_FINISHING_STACKS_MISMATCH", 6),
        // A play after the hand was over (d9h98).
        ("REPLAY_HAND_OVER", 1),
        // Plays out of turn or after the round closed: d1h38 folds after both players checked
        // the flop (the turn is missing), d2h22's big blind folds before the small blind calls.
        ("REPLAY_NO_BETTING", 13),
        // dd10h118: two turns and rivers dealt before the flop (a run twice written out of
        // order).
        ("SITE_BAD_CARDS", 1),
        // The winnings disagree with what the plays make: the dealer's ante left out of the pot
        // (d7h116, d11h57: the next hands' stacks confirm the dealer paid none), a walk returning
        // the small blind (d2h31, confirmed likewise), a showdown won by a player whose cards the
        // data does not give (d9h74, d9h75, d4h144), a pot split where the one board gives it to
        // one player (d11h118: the second run is an empty `Deal`), the pot paid to the worse
        // hand (d9h55).
        ("SITE_INCONSISTENT", 23),
        // Straddles PHH's blinds cannot place: on the button after others acted (d1h84), or by
        // a player who is not next after the big blind (d1h75, d1h90); and blinds posted by
        // players the plays then skip (d8h115).
        ("SITE_POST_OUT_OF_TURN", 10),
        // A check the data leaves out, which the replay would have to insert (never guessed).
        ("SITE_REPLAY", 8),
        // Run two to four times (d1h61: four turn-and-river pairs, the pot split three to one).
        ("SITE_RUN_IT_TWICE", 17),
    ];
    assert_eq!(refused, expected);
}

/// Hands after which chips changed hands away from the table (side bets, or the data's own
/// slips): a player's next stack differs from the replayed end by less than a rebuy.
const MOVED_BETWEEN_HANDS: &[&str] = &[
    // Five players' stacks change, summing to nothing: a hand missing from the data.
    "d1h121", // Four players give 1,000 each to a fifth: a side bet.
    "d2h16",  // Chips passed between two or three players, 200 to 1,200 (side bets).
    "d2h17", "d3h30", "d4h37", "d4h49", "d6h112", "d6h113",
];

/// Each imported hand ends with the stacks the next hand of the same episode starts with (players
/// by name; a hand refused breaks the chain, so the pair is skipped), but for rebuys (a player's
/// stack grows by 10,000 or more between hands) and the hands of [`MOVED_BETWEEN_HANDS`].
#[test]
fn each_hand_ends_where_the_next_starts() {
    let Some(root) = common::shared(DIR) else {
        return;
    };
    let mut paths: Vec<_> = std::fs::read_dir(&root).unwrap().map(|e| e.unwrap().path()).collect();
    paths.sort();
    let (mut pairs, mut rebuys, mut moved) = (0, 0, BTreeSet::new());
    for path in paths {
        let bytes = std::fs::read(&path).unwrap();
        let hands: Vec<_> = biggame::Reader::new(&bytes[..], Options::default()).map(|r| r.hand).collect();
        for pair in hands.windows(2) {
            let (Some(this), Some(next)) = (&pair[0], &pair[1]) else { continue };
            let stacks = |h: &phh::Hand, values: &[phh::model::Quantity]| -> BTreeMap<String, i64> {
                let names = h.players.clone().unwrap_or_default();
                names.into_iter().zip(values.iter().map(|q| q.to_string().parse().unwrap())).collect()
            };
            let ends = stacks(this, this.finishing_stacks.as_deref().unwrap_or_default());
            let starts = stacks(next, &next.starting_stacks);
            pairs += 1;
            for (name, end) in &ends {
                match starts.get(name).map(|start| start - end) {
                    None | Some(0) => {}
                    Some(10_000..) => rebuys += 1,
                    Some(_) => {
                        let Some(phh::StrOrInt::Str(title)) = &this.hand else { panic!("no title") };
                        moved.insert(title.clone());
                    }
                }
            }
        }
    }
    eprintln!("{pairs} pairs of hands, {rebuys} rebuys, moved after {moved:?}");
    assert!(pairs > 1600, "{pairs}");
    assert_eq!(moved, MOVED_BETWEEN_HANDS.iter().map(|t| (*t).to_owned()).collect::<BTreeSet<_>>());
}
