//! Auction reconstruction from the three highest bids (digest §4): a depth-first search over every
//! legal bidding sequence, pruned so that no player bids above their recorded token and nobody leaves
//! the auction before reaching it. Plain-only auctions are fully determined, so the search is a
//! straight line there; with games it branches a little.
//!
//! Positions are deal-order positions: 0 first bidder, 1 second, 2 dealer. A lower position has
//! priority.

use std::sync::atomic::{AtomicU8, Ordering};

use crate::model::Bid;

/// The result of a successful reconstruction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AuctionWin {
    /// Deal-order position (0..3) of the winner.
    pub position: usize,
    /// The winning token (the winner's highest bid).
    pub bid: Bid,
}

#[derive(Clone, Copy)]
struct State {
    spoke: [bool; 3],
    out: [bool; 3],
    best: [Bid; 3],
    /// Ladder value and holder of the highest plain bid.
    plain_top: Option<(u8, usize)>,
    game_any: bool,
    /// Highest named game level (0 = none) and its holder, and whether it was a direct bid.
    named_top: u8,
    top_holder: Option<usize>,
    top_direct: bool,
    turn: usize,
}

/// Reconstructs the auction from the highest bids in deal order. `None` if no legal sequence ends
/// with exactly these bids (or if everyone passed: there is no winner).
///
/// ```
/// use ppn_pref::auction::reconstruct;
/// use ppn_pref::model::Bid;
/// let win = reconstruct([Bid::Mine(3), Bid::Pass, Bid::Plain(3)]).unwrap();
/// assert_eq!((win.position, win.bid), (0, Bid::Mine(3)));
/// assert!(reconstruct([Bid::Plain(2), Bid::Mine(3), Bid::Pass]).is_none());
/// ```
#[must_use]
pub fn reconstruct(target: [Bid; 3]) -> Option<AuctionWin> {
    // the answer depends on the three bids alone: each of the 22^3 readable triples is searched
    // once per process and remembered (0 = not yet, 1 = no auction, 2 + position = that winner)
    let Some(key) = memo_key(target) else { return search_from_start(target) };
    let known = MEMO[key].load(Ordering::Relaxed);
    let position = if known == 0 {
        let found = search_from_start(target).map(|w| w.position);
        MEMO[key].store(found.map_or(1, |p| p as u8 + 2), Ordering::Relaxed);
        found
    } else {
        (known >= 2).then(|| usize::from(known - 2))
    };
    position.map(|position| AuctionWin { position, bid: target[position] })
}

/// Readable bids: pass, 2-8, M3-M8, G, G2-G8.
const BIDS: usize = 22;

static MEMO: [AtomicU8; BIDS * BIDS * BIDS] = [const { AtomicU8::new(0) }; BIDS * BIDS * BIDS];

/// The index of a bid among the [`BIDS`] a record can hold (`None` for a level no record reads).
fn bid_index(bid: Bid) -> Option<usize> {
    match bid {
        Bid::Pass => Some(0),
        Bid::Plain(n @ 2..=8) => Some(usize::from(n) - 1),
        Bid::Mine(n @ 3..=8) => Some(usize::from(n) + 5),
        Bid::Game => Some(14),
        Bid::NamedGame(n @ 2..=8) => Some(usize::from(n) + 13),
        _ => None,
    }
}

fn memo_key([a, b, c]: [Bid; 3]) -> Option<usize> {
    Some((bid_index(a)? * BIDS + bid_index(b)?) * BIDS + bid_index(c)?)
}

fn search_from_start(target: [Bid; 3]) -> Option<AuctionWin> {
    let start = State {
        spoke: [false; 3],
        out: [false; 3],
        best: [Bid::Pass; 3],
        plain_top: None,
        game_any: false,
        named_top: 0,
        top_holder: None,
        top_direct: false,
        turn: 0,
    };
    search(start, &target, 0)
}

fn plain_of(ladder: u8) -> Bid {
    if ladder % 2 == 1 { Bid::Mine(ladder / 2) } else { Bid::Plain(ladder / 2) }
}

/// The one plain bid open to `m` (besides pass), if any.
fn next_plain(st: &State, m: usize) -> Option<u8> {
    match st.plain_top {
        None => Some(4),
        Some((ladder, holder)) => {
            let n = ladder / 2;
            let mine = ladder % 2 == 1;
            if !mine && m < holder {
                Some(2 * n + 1)
            } else if n < 8 {
                Some(2 * (n + 1))
            } else {
                None
            }
        }
    }
}

fn search(st: State, target: &[Bid; 3], depth: u32) -> Option<AuctionWin> {
    if depth > 64 {
        return None;
    }
    let m = st.turn;
    let want = target[m];
    // the first declaration among two or more plain `G` bidders must name a game (digest §4.4)
    let game_in = (0..3).filter(|&p| !st.out[p] && st.best[p].is_game()).count();
    let must_name =
        st.spoke[m] && st.best[m].is_game() && !st.top_direct && game_in >= 2 && st.named_top == 0;
    // pass (or concede): only if the player already holds their recorded token
    if st.best[m] == want && !must_name {
        let mut next = st;
        next.out[m] = true;
        next.spoke[m] = true;
        if let Some(w) = advance(next, target, depth) {
            return Some(w);
        }
    }
    let first_turn = !st.spoke[m];
    let best_is_game = st.best[m].is_game();
    // plain bids
    if let Some(want_ladder) = want.ladder() {
        let plain_open = if first_turn { !st.game_any } else { !best_is_game && !st.game_any };
        if plain_open
            && let Some(l) = next_plain(&st, m)
            && st.plain_top.is_none_or(|(_, h)| h != m)
            && l <= want_ladder
        {
            let mut next = st;
            next.spoke[m] = true;
            next.best[m] = plain_of(l);
            next.plain_top = Some((l, m));
            if let Some(w) = advance(next, target, depth) {
                return Some(w);
            }
        }
    }
    if let Some(want_game) = want.game_rank() {
        if first_turn {
            // plain G, unless a direct game stands
            if !st.top_direct {
                let mut next = st;
                next.spoke[m] = true;
                next.best[m] = Bid::Game;
                next.game_any = true;
                if let Some(w) = advance(next, target, depth) {
                    return Some(w);
                }
            }
            // direct G6..G8, only as the final token
            if let Bid::NamedGame(k @ 6..=8) = want
                && k > st.named_top
            {
                let mut next = st;
                next.spoke[m] = true;
                next.best[m] = want;
                next.game_any = true;
                next.named_top = k;
                next.top_holder = Some(m);
                next.top_direct = true;
                if let Some(w) = advance(next, target, depth) {
                    return Some(w);
                }
            }
        } else if best_is_game && !st.top_direct && st.top_holder != Some(m) && game_in >= 2 {
            for k in (st.named_top + 1).max(2)..=want_game.min(8) {
                let mut next = st;
                next.spoke[m] = true;
                next.best[m] = Bid::NamedGame(k);
                next.named_top = k;
                next.top_holder = Some(m);
                if let Some(w) = advance(next, target, depth) {
                    return Some(w);
                }
            }
        }
    }
    None
}

fn advance(st: State, target: &[Bid; 3], depth: u32) -> Option<AuctionWin> {
    let in_count = st.out.iter().filter(|&&o| !o).count();
    if st.spoke.iter().all(|&s| s) && in_count <= 1 {
        if st.best != *target {
            return None;
        }
        let position = (0..3).find(|&p| !st.out[p])?;
        return Some(AuctionWin { position, bid: target[position] });
    }
    let mut next = st;
    for k in 1..=3 {
        let p = (st.turn + k) % 3;
        if !st.out[p] {
            next.turn = p;
            return search(next, target, depth + 1);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use Bid::*;

    fn win(b: [Bid; 3]) -> Option<(usize, Bid)> {
        reconstruct(b).map(|w| (w.position, w.bid))
    }

    #[test]
    fn digest_worked_examples() {
        // 231 M3,P,3 -> first bidder (player 2) wins with M3
        assert_eq!(win([Mine(3), Pass, Plain(3)]), Some((0, Mine(3))));
        // 123 P,2,3 -> dealer wins with 3
        assert_eq!(win([Pass, Plain(2), Plain(3)]), Some((2, Plain(3))));
        // 123 2,G4,G -> second wins with G4
        assert_eq!(win([Plain(2), NamedGame(4), Game]), Some((1, NamedGame(4))));
        // 312 2,3,4 -> dealer (player 2) wins with 4
        assert_eq!(win([Plain(2), Plain(3), Plain(4)]), Some((2, Plain(4))));
        // 123 M4,3,4 -> first wins with M4
        assert_eq!(win([Mine(4), Plain(3), Plain(4)]), Some((0, Mine(4))));
        // 123 2,M3,P impossible
        assert_eq!(win([Plain(2), Mine(3), Pass]), None);
    }

    #[test]
    fn remembered_answers_are_the_search_s() {
        let mut all = vec![Pass, Game];
        for n in 2..=8 {
            all.extend([Plain(n), NamedGame(n)]);
        }
        all.extend((3..=8).map(Mine));
        let mut keys = std::collections::HashSet::new();
        for &a in &all {
            for &b in &all {
                for &c in &all {
                    let bids = [a, b, c];
                    assert!(memo_key(bids).is_some_and(|k| k < BIDS * BIDS * BIDS && keys.insert(k)));
                    // asked twice: once searched, once remembered
                    assert_eq!(reconstruct(bids), search_from_start(bids), "{bids:?}");
                    assert_eq!(reconstruct(bids), search_from_start(bids), "{bids:?}");
                }
            }
        }
        assert_eq!(keys.len(), BIDS * BIDS * BIDS);
        assert_eq!(memo_key([Plain(9), Pass, Pass]), None);
        assert_eq!(reconstruct([Plain(9), Pass, Pass]), search_from_start([Plain(9), Pass, Pass]));
    }

    #[test]
    fn games() {
        assert_eq!(win([Game, Pass, Pass]), Some((0, Game)));
        assert_eq!(win([NamedGame(4), Pass, Pass]), None);
        assert_eq!(win([Game, NamedGame(7), Pass]), Some((1, NamedGame(7))));
        assert_eq!(win([Plain(2), Game, Pass]), Some((1, Game)));
        assert_eq!(win([NamedGame(2), Game, Pass]), Some((0, NamedGame(2))));
        assert_eq!(win([Game, Game, NamedGame(5)]), None);
        // the first of several G bidders must name a game, later ones may concede
        assert_eq!(win([Game, Game, Pass]), None);
        assert_eq!(win([Game, NamedGame(3), NamedGame(5)]), None);
        assert_eq!(win([NamedGame(2), NamedGame(3), NamedGame(5)]), Some((2, NamedGame(5))));
        assert_eq!(win([NamedGame(2), Game, Game]), Some((0, NamedGame(2))));
        assert_eq!(win([NamedGame(4), NamedGame(3), Game]), Some((0, NamedGame(4))));
        assert_eq!(win([Pass, Pass, Pass]), None);
        assert_eq!(win([Pass, Pass, Plain(2)]), Some((2, Plain(2))));
        assert_eq!(win([Pass, Pass, Plain(3)]), None);
        assert_eq!(win([Mine(8), Plain(8), Pass]), Some((0, Mine(8))));
    }
}
