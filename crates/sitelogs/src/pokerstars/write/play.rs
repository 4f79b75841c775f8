//! One hand being written ([`Play`]): its state, the posts that open it, the uncalled bets that
//! close each street, and what the text shows in front of each player.

use cards_core::{Amount, Card, MaybeCard};
use phh::Hand;
use poker_engine::{Chips, State};

use super::draw::DrawRound;
use super::header::{button_blind, user_int};
use super::out::{Ctx, all_in};
use super::places::{Places, with_places};
use crate::export::{Replay, amount_of, ante_all_in, ante_shift, posted_antes};
use crate::money;

/// One hand being written: the text so far, the engine's state, and what the text needs to
/// remember (cards dealt and shown, folds, the street, the draw under way).
pub(super) struct Play<'h> {
    pub(super) c: Ctx<'h>,
    pub(super) seats: Vec<i64>,
    pub(super) button: i64,
    pub(super) start: Vec<Amount>,
    pub(super) replay: Replay,
    /// The antes as the text shows them posted ([`posted_antes`]).
    pub(super) posted_antes: Vec<Amount>,
    /// Per player, the ante shown less the engine's ([`ante_shift`]): returned with the first
    /// uncalled bet when an ante put a player all in (`shift_returned`; `shift_pending` until
    /// then), else part of what the text shows the player put in.
    pub(super) ante_shift: Vec<Amount>,
    pub(super) shift_returned: bool,
    pub(super) shift_pending: bool,
    /// The engine's uncalled bets already written, per player.
    pub(super) returned: Vec<Chips>,
    /// The form of what the text shows in front of each player this street.
    pub(super) places: Places,
    /// The label of each player's blind (`small blind`, …; empty without one).
    pub(super) blind_label: Vec<&'static str>,
    pub(super) draw: DrawRound,
    pub(super) board: Vec<Card>,
    pub(super) dealt: Vec<Vec<MaybeCard>>,
    pub(super) folded_on: Vec<Option<&'static str>>,
    pub(super) shown: Vec<Option<Vec<Card>>>,
    pub(super) mucked: Vec<bool>,
    /// The next board street's name (`Flop`, `Turn`, `River`).
    pub(super) street_name: &'static str,
    /// Stud streets begun (1: 3rd street).
    pub(super) stud_street: usize,
    pub(super) in_holes: bool,
    pub(super) last_was_deal: bool,
    /// Shows and mucks, written under `*** SHOW DOWN ***` after the last street, as the site does.
    pub(super) showdown_lines: Vec<String>,
}

impl<'h> Play<'h> {
    pub(super) fn new(hand: &'h Hand, start: Vec<Amount>, replay: Replay) -> Play<'h> {
        let n = start.len();
        let names: Vec<String> = match &hand.players {
            Some(p) if p.len() == n && p.iter().all(|s| !s.is_empty()) => p.clone(),
            _ => (1..=n).map(|i| format!("Player{i}")).collect(),
        };
        let seats: Vec<i64> = match &hand.seats {
            Some(s) if s.len() == n => s.clone(),
            _ => (1..=i64::try_from(n).unwrap_or(i64::MAX)).collect(),
        };
        let button = user_int(hand, "_button_seat").or_else(|| seats.last().copied()).unwrap_or(1);
        let posted_antes = posted_antes(hand, &start);
        let ante_shift = ante_shift(replay.state(), &posted_antes);
        let shift_returned = ante_all_in(hand, &posted_antes, &start);
        Play {
            c: Ctx { hand, names, symbol: hand.currency_symbol.clone(), out: String::new() },
            seats,
            button,
            start,
            replay,
            posted_antes,
            ante_shift,
            shift_returned,
            shift_pending: shift_returned,
            returned: vec![Chips::ZERO; n],
            places: Places::new(n),
            blind_label: vec![""; n],
            draw: DrawRound::default(),
            board: Vec::new(),
            dealt: vec![Vec::new(); n],
            folded_on: vec![None; n],
            shown: vec![None; n],
            mucked: vec![false; n],
            street_name: "Flop",
            stud_street: 0,
            in_holes: true,
            last_was_deal: false,
            showdown_lines: Vec::new(),
        }
    }

    /// The number of players.
    pub(super) fn n(&self) -> usize {
        self.start.len()
    }

    /// The engine's state of the hand.
    pub(super) fn state(&self) -> &State {
        self.replay.state()
    }

    /// Antes, then blinds in posting order (heads-up: the button's small blind first), then the
    /// first street's marker.
    pub(super) fn posts(&mut self) {
        let hand = self.c.hand;
        let n = self.n();
        for i in 0..n.min(hand.antes.len()) {
            if !hand.antes[i].is_zero() {
                let paid = self.posted_antes[i];
                let all_in = all_in(money::minus(self.start[i], paid));
                let line = format!("{}: posts the ante {}{all_in}", self.c.names[i], self.c.money(paid));
                self.c.line(&line);
            }
        }
        if self.shift_returned {
            // The site's first street counts the antes (their excess is its uncalled bet).
            for (i, ante) in self.posted_antes.iter().enumerate() {
                self.places.add(i, *ante);
            }
        }
        let mut blinds = hand.blinds_or_straddles.clone().unwrap_or_else(|| vec![Amount::ZERO; n]);
        blinds.resize(n, Amount::ZERO);
        if n == 2 {
            blinds.reverse();
        }
        // The big blind: p1's heads-up (the button posts the small blind), else p2's.
        let big = blinds.get(usize::from(n != 2)).copied().unwrap_or(Amount::ZERO);
        let post_order: Vec<usize> = if n == 2 { vec![1, 0] } else { (0..n).collect() };
        for i in post_order {
            let blind = blinds[i];
            if blind.is_zero() {
                continue;
            }
            let label = if button_blind(hand).is_some() {
                "button blind"
            } else if blind < big || (blind == big && i == usize::from(n == 2)) {
                // The small blind's seat posts a small blind even when it is the big one's size
                // (Seals With Clubs' `Blinds 1/1`).
                "small blind"
            } else if blind == big {
                "big blind"
            } else {
                "straddle"
            };
            self.blind_label[i] = label;
            let paid = amount_of(self.state().blind(i));
            self.places.add(i, paid);
            let all_in = all_in(amount_of(self.state().stacks()[i]));
            let line = format!("{}: posts {label} {}{all_in}", self.c.names[i], self.c.money(paid));
            self.c.line(&line);
        }
        self.places.bets = self.state().bets().to_vec();
        if hand.variant.is_draw() {
            self.c.line("*** DEALING HANDS ***");
        } else if !hand.variant.is_stud() {
            self.c.line("*** HOLE CARDS ***");
        }
    }

    /// After the last action: the draw's lines, the last uncalled bet, the showdown.
    pub(super) fn end(&mut self) {
        self.draw.close(&mut self.c);
        self.replay.finish();
        self.uncalled();
        if !self.showdown_lines.is_empty() {
            self.c.line("*** SHOW DOWN ***");
            for line in std::mem::take(&mut self.showdown_lines) {
                self.c.line(&line);
            }
        }
    }

    /// Writes `Uncalled bet (X) returned to NAME` for each bet the state returned since the last
    /// street (with the antes' excess on the first street when an ante put a player all in: the
    /// site returns it with the uncalled bet).
    pub(super) fn uncalled(&mut self) {
        let now: Vec<Chips> = self.state().uncalled_returned().to_vec();
        for (i, now) in now.into_iter().enumerate() {
            let written = std::mem::replace(&mut self.returned[i], now);
            let mut back = amount_of(if written.is_zero() { now } else { now.sub(written) });
            if self.shift_pending {
                back = money::plus(back, self.ante_shift[i]);
            }
            let back = with_places(back, self.places.returned(i));
            if back > Amount::ZERO {
                let line = format!("Uncalled bet ({}) returned to {}", self.c.money(back), self.c.names[i]);
                self.c.line(&line);
            }
        }
        self.shift_pending = false;
        self.places.reset();
    }

    /// The largest bet in front of a player (the last of equal ones) and player `i`'s bet and
    /// stack, in the state before the action; the bets in the form the text shows them.
    pub(super) fn to_call(&self, i: usize) -> (Amount, Amount, Amount) {
        let state = self.state();
        let bets = state.bets();
        let top = (0..bets.len()).max_by(|&a, &b| bets[a].cmp(&bets[b]));
        let top = top.map_or(Amount::ZERO, |j| with_places(amount_of(bets[j]), self.places.of(j)));
        let bet = with_places(amount_of(bets[i]), self.places.of(i));
        (top, bet, amount_of(state.stacks()[i]))
    }

    /// Player `i` put `paid` in, their bet now `bet`.
    pub(super) fn paid(&mut self, i: usize, paid: Amount, bet: Amount) {
        self.places.add(i, paid);
        let mut bets: Vec<Chips> = self.state().bets().to_vec();
        bets[i] = Chips::from_amount(bet);
        self.places.bets = bets;
    }
}
