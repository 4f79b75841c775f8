//! Random legal deals and games, from a seed (deterministic). Used by the property tests, the
//! benchmark and to write the corpus games.

use cards_core::{Card, CardSet, Deck};

use crate::PrefPlayer;
use crate::auction;
use crate::model::{
    Accepted, Bid, Column, Contract, Deal, DealOrder, Discard, Entry, Game, Kontra, KontraLevel, Play, Tag,
    Trick,
};
use crate::validate::{expected_starter, failure_certain, trick_winner_index};

/// The seedable generator deals are drawn with.
pub use cards_core::Rng;

fn random_bid(rng: &mut Rng) -> Bid {
    match rng.below(10) {
        0..=2 => Bid::Pass,
        3..=5 => Bid::Plain(2 + rng.below(4) as u8),
        6 => Bid::Mine(3 + rng.below(3) as u8),
        7 => Bid::Game,
        _ => Bid::NamedGame(2 + rng.below(7) as u8),
    }
}

/// Plays a random plain auction (each player makes their one legal bid or passes) and returns
/// the highest bids.
fn random_plain_auction(rng: &mut Rng) -> [Bid; 3] {
    let mut best = [Bid::Pass; 3];
    let mut out = [false; 3];
    let mut spoke = [false; 3];
    let mut top: Option<(u8, usize)> = None;
    let mut m = 0;
    for _ in 0..100 {
        if spoke.iter().all(|&s| s) && out.iter().filter(|&&o| !o).count() <= 1 {
            break;
        }
        if !out[m] {
            let next = match top {
                None => Some(4),
                Some((_, h)) if h == m => None,
                Some((l, h)) => {
                    let n = l / 2;
                    if l % 2 == 0 && m < h {
                        Some(2 * n + 1)
                    } else if n < 8 {
                        Some(2 * n + 2)
                    } else {
                        None
                    }
                }
            };
            match next {
                Some(l) if rng.chance(if top.is_none() { 75 } else { 45 }) => {
                    best[m] = if l % 2 == 1 { Bid::Mine(l / 2) } else { Bid::Plain(l / 2) };
                    top = Some((l, m));
                }
                _ => out[m] = true,
            }
            spoke[m] = true;
        }
        m = (m + 1) % 3;
    }
    best
}

/// The options of a random deal.
#[derive(Debug, Clone, Copy)]
pub struct DealOptions {
    /// Chance (percent) of an all-pass deal.
    pub all_pass: u64,
    /// Whether to write the legacy 13-field form (no refa field).
    pub legacy: bool,
    /// The refa flag to use (`None`: random).
    pub refa: Option<bool>,
    /// Allow an invitation on plain spade (a lint, `INVITE_ON_PLAIN_SPADE`).
    pub spade_invite: bool,
}

impl Default for DealOptions {
    fn default() -> Self {
        DealOptions { all_pass: 10, legacy: false, refa: None, spade_invite: false }
    }
}

/// A random deal that obeys every T2 rule of the digest.
#[must_use]
pub fn random_deal(rng: &mut Rng, id: u32, order: DealOrder, opts: DealOptions) -> Deal {
    let mut cards: Vec<Card> = Deck::Preferans32.cards().iter().collect();
    for i in (1..cards.len()).rev() {
        cards.swap(i, rng.below(i + 1));
    }
    let mut all = [cards[0]; 32];
    for (slot, c) in all.iter_mut().zip(&cards) {
        *slot = *c;
    }
    let mut deal = Deal { id, order, cards: all, bids: [Bid::Pass; 3], play: None };
    if rng.chance(opts.all_pass) {
        return deal;
    }
    let mut win = None;
    for _ in 0..500 {
        let bids = if rng.chance(60) {
            random_plain_auction(rng)
        } else {
            [random_bid(rng), random_bid(rng), random_bid(rng)]
        };
        if let Some(w) = auction::reconstruct(bids) {
            deal.bids = bids;
            win = Some(w);
            break;
        }
    }
    let Some(win) = win else {
        deal.bids = [Bid::Plain(2), Bid::Pass, Bid::Pass];
        return finish(rng, deal, 0, Bid::Plain(2), opts);
    };
    finish(rng, deal, win.position, win.bid, opts)
}

/// Who plays a deal: the main, the followers that `accepted` names, the invited player.
#[derive(Clone, Copy)]
struct Sides {
    order: DealOrder,
    main: PrefPlayer,
    accepted: Accepted,
    invited: Option<PrefPlayer>,
}

impl Sides {
    fn follows(&self, p: PrefPlayer) -> bool {
        match self.accepted {
            Accepted::Nobody => false,
            Accepted::One(q) => q == p,
            Accepted::Both(_) => p != self.main,
        }
    }

    fn in_play(&self, p: PrefPlayer) -> bool {
        p == self.main || self.follows(p) || self.invited == Some(p)
    }

    /// The next player in play after `p`.
    fn next_in(&self, p: PrefPlayer) -> PrefPlayer {
        let q = self.order.next(p);
        if self.in_play(q) { q } else { self.order.next(q) }
    }
}

/// Completes a deal won by the player at `pos` with `bid`: the discard, contract, followers,
/// kontra and refa, then a random legal play and its summary.
fn finish(rng: &mut Rng, mut deal: Deal, pos: usize, bid: Bid, opts: DealOptions) -> Deal {
    let order = deal.order;
    let main = order.at(pos);
    let (main_hand, discard, contract) = random_contract(rng, &deal, main, bid);
    let others: Vec<PrefPlayer> = (1..3).map(|k| order.at(pos + k)).collect();
    let accepted = match rng.below(10) {
        0 => Accepted::Nobody,
        1..=3 => Accepted::One(others[rng.below(2)]),
        _ => Accepted::Both(if rng.chance(80) { 8 } else { 4 + rng.below(6) as u8 }),
    };
    let kontra = random_kontra(rng, accepted, contract, &others, opts);
    let refa = opts.refa.unwrap_or_else(|| rng.chance(20));
    let value = contract.base() * kontra.map_or(1, |k| k.level.multiplier()) * if refa { 2 } else { 1 };
    let invited = match kontra {
        Some(Kontra { level: KontraLevel::Invite, by }) => others.iter().copied().find(|&p| p != by),
        _ => None,
    };
    let sides = Sides { order, main, accepted, invited };
    let mut play = Play {
        main,
        discard,
        contract,
        accepted,
        kontra,
        refa: (!opts.legacy).then_some(refa),
        value,
        starts: None,
        throws: Vec::new(),
        summary: [Entry::None; 3],
    };
    if accepted == Accepted::Nobody {
        play.summary[pos] = Entry::Main { tricks: 0, middle: -i64::from(value) };
        deal.play = Some(play);
        return deal;
    }
    let starter = expected_starter(&deal, &play, |p| sides.in_play(p));
    play.starts = Some(starter);
    let mut hands = [CardSet::EMPTY; 3];
    for p in PrefPlayer::ALL {
        hands[p.index()] = if p == main { main_hand } else { deal.hand(p).iter().copied().collect() };
    }
    let won = random_tricks(rng, &mut play, &sides, hands, starter);
    book_summary(&mut play, &sides, won);
    deal.play = Some(play);
    deal
}

/// The main's discard and contract for `bid`, and its hand once it has taken the talon and
/// discarded.
fn random_contract(rng: &mut Rng, deal: &Deal, main: PrefPlayer, bid: Bid) -> (CardSet, Discard, Contract) {
    let main_hand: CardSet = deal.hand(main).iter().copied().collect();
    match bid {
        Bid::Plain(n) | Bid::Mine(n) => {
            let twelve: Vec<Card> = deal.hand(main).iter().chain(deal.talon()).copied().collect();
            let a = rng.below(12);
            let mut b = rng.below(11);
            if b >= a {
                b += 1;
            }
            let (ca, cb) = (twelve[a], twelve[b]);
            let kept =
                twelve.iter().copied().collect::<CardSet>() - CardSet::single(ca) - CardSet::single(cb);
            let level = n + rng.below(usize::from(9 - n)) as u8;
            (kept, Discard::Cards([ca, cb]), Contract { game: false, level })
        }
        Bid::NamedGame(k) => (
            main_hand,
            Discard::None,
            Contract { game: true, level: k + rng.below(usize::from(9 - k)) as u8 },
        ),
        _ => (main_hand, Discard::None, Contract { game: true, level: 2 + rng.below(7) as u8 }),
    }
}

/// A kontra (or an invitation, on a contract that allows one) by a follower, or none.
fn random_kontra(
    rng: &mut Rng,
    accepted: Accepted,
    contract: Contract,
    others: &[PrefPlayer],
    opts: DealOptions,
) -> Option<Kontra> {
    let levels =
        [KontraLevel::Kontra, KontraLevel::Rekontra, KontraLevel::Subkontra, KontraLevel::Mortkontra];
    match accepted {
        Accepted::Nobody => None,
        Accepted::One(f) => {
            let plain_spade = !contract.game && contract.level == 2;
            if (!plain_spade || opts.spade_invite) && rng.chance(40) {
                Some(Kontra { level: KontraLevel::Invite, by: f })
            } else if rng.chance(30) {
                Some(Kontra { level: levels[rng.below(4)], by: f })
            } else {
                None
            }
        }
        Accepted::Both(_) => {
            rng.chance(30).then(|| Kontra { level: levels[rng.below(4)], by: others[rng.below(2)] })
        }
    }
}

/// Plays random legal tricks from `starter` into `play.throws` (all ten, or, some of the time,
/// until the main's failure is certain) and returns the tricks each player took.
fn random_tricks(
    rng: &mut Rng,
    play: &mut Play,
    sides: &Sides,
    mut hands: [CardSet; 3],
    starter: PrefPlayer,
) -> [u8; 3] {
    let trump = play.contract.trump();
    let main = sides.main;
    let stop_early = rng.chance(30);
    let mut won = [0u8; 3];
    let mut leader = starter;
    for _ in 0..10 {
        let mut cards = Vec::with_capacity(3);
        let mut players = Vec::with_capacity(3);
        let mut p = leader;
        loop {
            let card = random_follow(rng, hands[p.index()], cards.first().map(|c: &Card| c.suit()), trump);
            hands[p.index()].remove(card);
            cards.push(card);
            players.push(p);
            p = sides.next_in(p);
            if p == leader {
                break;
            }
        }
        let w = players[trick_winner_index(&cards, trump)];
        play.throws.push(Trick::new(&cards, w));
        won[w.index()] += 1;
        leader = w;
        let def: u8 = PrefPlayer::ALL.iter().filter(|&&q| q != main).map(|q| won[q.index()]).sum();
        if stop_early && failure_certain(play.contract, won[main.index()], def) {
            break;
        }
    }
    won
}

/// A random legal card from `hand`: follow the led suit, else trump, else anything.
fn random_follow(
    rng: &mut Rng,
    hand: CardSet,
    led: Option<cards_core::Suit>,
    trump: Option<cards_core::Suit>,
) -> Card {
    let legal = match led {
        None => hand,
        Some(led) if !hand.suit(led).is_empty() => hand.suit(led),
        Some(_) => match trump {
            Some(t) if !hand.suit(t).is_empty() => hand.suit(t),
            _ => hand,
        },
    };
    let choices: Vec<Card> = legal.iter().collect();
    choices[rng.below(choices.len())]
}

/// Writes the summary entries the played tricks give (`won`: tricks per player), with the
/// recommended defenders' quota for the followers' fails.
fn book_summary(play: &mut Play, sides: &Sides, won: [u8; 3]) {
    let (order, main, value) = (sides.order, sides.main, play.value);
    let v = u64::from(value);
    let passed = play.throws.len() == 10 && play.contract.passed(won[main.index()]);
    let defenders: u8 = PrefPlayer::ALL.iter().filter(|&&q| q != main).map(|q| won[q.index()]).sum();
    let kontra = play.kontra;
    for (k, slot) in play.summary.iter_mut().enumerate() {
        let p = order.at(k);
        *slot = if p == main {
            Entry::Main {
                tricks: won[p.index()],
                middle: if passed { -i64::from(value) } else { i64::from(value) },
            }
        } else if sides.follows(p) {
            let inviter = kontra.is_some_and(|k| k.level == KontraLevel::Invite && k.by == p);
            let tricks = if inviter { defenders } else { won[p.index()] };
            let failed = passed
                && if inviter {
                    defenders < 4
                } else if matches!(sides.accepted, Accepted::Both(_)) {
                    defenders < 4 && won[p.index()] < 2
                } else {
                    won[p.index()] < 2
                };
            Entry::Follower {
                tricks,
                column: if order.next(p) == main { Column::Right } else { Column::Left },
                supe: v * u64::from(tricks),
                fail: failed.then_some(v),
            }
        } else {
            Entry::None
        };
    }
}

/// A whole random game of `deals` deals: rotating dealers, refas as the engine applies them, and
/// Result tags computed with the corpus convention (zero-sum; see `corpus/ppn-pref/SOURCES.md`).
#[must_use]
pub fn random_game(seed: u64, deals: u32, bula: i64, refe: u32) -> Game {
    let mut rng = Rng::new(seed);
    let mut game = Game::default();
    let orders = [[1, 2, 3], [2, 3, 1], [3, 1, 2]];
    let mut all_pass = 0u32;
    let mut used = [0u32; 3];
    let mut books = Books { middle: [bula; 3], supe_on: [[0; 3]; 3] };
    for id in 1..=deals {
        let o = orders[(id as usize + 1) % 3];
        let order = DealOrder(o.map(|n| PrefPlayer::new(n).unwrap_or(PrefPlayer::ALL[0])));
        // decide the refa after the auction: generate, then fix the flag if needed
        let mut deal = random_deal(
            &mut rng,
            id,
            order,
            DealOptions { all_pass: 12, refa: Some(false), ..DealOptions::default() },
        );
        match deal.play.as_mut() {
            None => all_pass += 1,
            Some(play) => {
                let m = play.main.index();
                if all_pass.min(refe) > used[m] {
                    used[m] += 1;
                    double_for_refa(play);
                }
                books.add(play, order);
            }
        }
        game.deals.push(deal);
    }
    game.tags = books.tags(bula, refe);
    game
}

/// The same deal played doubled: value, supe, middle and fail.
fn double_for_refa(play: &mut Play) {
    play.refa = Some(true);
    play.value *= 2;
    for e in &mut play.summary {
        match e {
            Entry::Main { middle, .. } => *middle *= 2,
            Entry::Follower { supe, fail, .. } => {
                *supe *= 2;
                if let Some(f) = fail {
                    *f *= 2;
                }
            }
            Entry::None => {}
        }
    }
}

/// The score sheet of a game so far.
struct Books {
    /// Each player's middle (pool), from the bula.
    middle: [i64; 3],
    /// `supe_on[writer][main]`: what each player has written against each main.
    supe_on: [[i64; 3]; 3],
}

impl Books {
    /// Books the summary of one played deal.
    fn add(&mut self, play: &Play, order: DealOrder) {
        for (k, e) in play.summary.iter().enumerate() {
            let p = order.at(k).index();
            match *e {
                Entry::Main { middle: m, .. } => self.middle[p] += m,
                Entry::Follower { supe, fail, .. } => {
                    self.supe_on[p][play.main.index()] += i64::try_from(supe).unwrap_or(0);
                    self.middle[p] += fail.map_or(0, |f| i64::try_from(f).unwrap_or(0));
                }
                Entry::None => {}
            }
        }
    }

    /// The game's tags: Bula, Refe, the players, and each player's Result and Place (zero-sum).
    fn tags(&self, bula: i64, refe: u32) -> Vec<Tag> {
        let (middle, supe_on) = (self.middle, self.supe_on);
        let mut results = [0i64; 3];
        for i in 0..3 {
            for j in 0..3 {
                if i != j {
                    results[i] += supe_on[i][j] - supe_on[j][i] + 10 * (middle[j] - middle[i]);
                }
            }
        }
        let mut places: Vec<usize> = (0..3).collect();
        places.sort_by_key(|&i| -results[i]);
        let tag = |n: &str, v: String| Tag { name: n.to_owned(), value: v };
        let mut tags = vec![tag("Bula", bula.to_string()), tag("Refe", refe.to_string())];
        for (i, name) in ["north", "east", "west"].iter().enumerate() {
            tags.push(tag(&format!("Player{}", i + 1), (*name).to_owned()));
        }
        for (i, r) in results.iter().enumerate() {
            tags.push(tag(&format!("Result{}", i + 1), r.to_string()));
        }
        for i in 0..3 {
            let place = places.iter().position(|&p| p == i).unwrap_or(0) + 1;
            tags.push(tag(&format!("Place{}", i + 1), place.to_string()));
        }
        tags
    }
}
