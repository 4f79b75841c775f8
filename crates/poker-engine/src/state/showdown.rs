//! Showdown: showing and mucking, hand killing, and pushing the pots to their winners.

use cards_core::{Card, MaybeCard};

use super::containers::{Hole, MAX_HOLE};
use super::pots::{Pot, Pots};
use super::{N, Phase, State};
use crate::action::{ActionError, Show, Warning, Warnings};
use crate::amount::Amount;
use crate::eval::{HandType, HandValue, evaluate};
use crate::game::{RuleProfile, Variant};

impl<A: Amount> State<A> {
    pub(super) fn begin_showdown(&mut self) {
        self.phase = Phase::Showdown;
        self.showdown.clear();
        let start = self.opener.unwrap_or(0);
        for k in 0..self.n {
            let i = (start + k) % self.n;
            if self.active[i] && !self.holes[i].up().iter().all(|&u| u) {
                self.showdown.push(i as u8);
            }
        }
        self.update_showdown();
    }

    pub(super) fn update_showdown(&mut self) {
        if self.showdown.is_empty() {
            if self.all_in && !self.is_last_street() {
                self.begin_dealing();
            } else {
                self.begin_hand_killing();
            }
        }
    }

    pub(super) fn board_known(&self) -> Option<([Card; 8], usize)> {
        let mut out = [Card::new(cards_core::Rank::Two, cards_core::Suit::Clubs); 8];
        for (k, c) in self.board().iter().enumerate() {
            out[k] = c.known()?;
        }
        Some((out, self.board_len))
    }

    /// A player's hand of a type from face-up cards only (PokerKit `get_up_hand`).
    pub(super) fn up_hand(&self, i: usize, hand_type: HandType) -> Option<HandValue> {
        if !self.active[i] || self.holes[i].has_unknown_up() {
            return None;
        }
        let (board, bl) = self.board_known()?;
        let (cards, len) = self.holes[i].known(true);
        evaluate(hand_type, &cards[..len], &board[..bl])
    }

    /// A player's hand from every known hole card (PokerKit `get_hand`).
    pub(super) fn full_hand(&self, i: usize, hand_type: HandType) -> Option<HandValue> {
        if !self.active[i] {
            return None;
        }
        let (board, bl) = self.board_known()?;
        let (cards, len) = self.holes[i].known(false);
        evaluate(hand_type, &cards[..len], &board[..bl])
    }

    pub(super) fn begin_hand_killing(&mut self) {
        let pots = self.pots();
        let types = self.hand_types.len().min(2);
        let mut up = [[None; N]; 2];
        let mut full = [[None; N]; 2];
        for (k, &t) in self.hand_types.iter().enumerate().take(2) {
            for i in 0..self.n {
                up[k][i] = self.up_hand(i, t);
                let hole = &self.holes[i];
                let all_up_known =
                    hole.up().iter().all(|&u| u) && !hole.cards().iter().any(|c| c.is_unknown());
                full[k][i] = if all_up_known { up[k][i] } else { self.full_hand(i, t) };
            }
        }
        // The best face-up hand of each type among each pot's eligible players, found once.
        let mut pot_max = [[None; N + 1]; 2];
        for k in 0..types {
            for (m, pot) in pot_max[k].iter_mut().zip(pots.as_slice()) {
                *m = (0..self.n).filter(|&j| pot.is_eligible(j)).filter_map(|j| up[k][j]).max();
            }
        }
        let mut kill = [false; N];
        let mut any_killed = false;
        for i in 0..self.n {
            if !self.active[i] {
                continue;
            }
            let mut can_win = false;
            'outer: for k in 0..types {
                let hand = full[k][i];
                for (pot, &max) in pots.as_slice().iter().zip(&pot_max[k]) {
                    if !pot.is_eligible(i) {
                        continue;
                    }
                    if let Some(h) = hand
                        && max.is_none_or(|m| m <= h)
                    {
                        can_win = true;
                        break 'outer;
                    }
                }
            }
            kill[i] = !can_win;
            any_killed |= !can_win;
        }
        for (i, &k) in kill.iter().enumerate().take(self.n) {
            if k {
                self.muck(i);
                up[0][i] = None;
                up[1][i] = None;
            }
        }
        self.push_chips(Some(&up), if any_killed { None } else { Some(&pots) });
    }

    pub(super) fn begin_chips_pushing(&mut self) {
        self.push_chips(None, None);
    }

    /// Chips pushing and pulling; `known_up` and `known_pots` reuse what hand killing computed.
    pub(super) fn push_chips(
        &mut self,
        known_up: Option<&[[Option<HandValue>; N]; 2]>,
        known_pots: Option<&Pots<A>>,
    ) {
        self.street = None;
        let pots = match known_pots {
            Some(p) => *p,
            None => self.pots(),
        };
        let active = self.active_count();
        if active == 1 {
            for pot in pots.as_slice() {
                match (0..self.n).find(|&j| pot.is_eligible(j)) {
                    Some(j) => self.award(j, pot.amount),
                    None => self.warnings.add(Warning::ChipsVanished),
                }
            }
        } else if active > 1 {
            self.push_at_showdown(&pots, known_up);
        } else if !pots.as_slice().is_empty() {
            self.warnings.add(Warning::ChipsVanished);
        }
        // Chips pulling.
        for i in 0..self.n {
            if self.bets[i].is_positive() {
                let b = self.bets[i];
                self.stacks[i] = self.stacks[i].add(b);
                self.payoffs[i] = self.payoffs[i].add(b);
                self.bets[i] = A::ZERO;
            }
        }
        self.recompute_top_bet();
        self.phase = Phase::Over;
    }

    /// `amount` pushed to player `j`, collected from a pot.
    fn award(&mut self, j: usize, amount: A) {
        self.bets[j] = self.bets[j].add(amount);
        self.collected[j] = self.collected[j].add(amount);
    }

    /// Each pot divided among the best hands eligible for it, in equal parts per hand type in
    /// play (high, and low in a high-low game), the odd chips to the first part.
    fn push_at_showdown(&mut self, pots: &Pots<A>, known_up: Option<&[[Option<HandValue>; N]; 2]>) {
        let mut up = [[None; N]; 2];
        let mut in_play = [false; 2];
        for (k, &t) in self.hand_types.iter().enumerate().take(2) {
            for i in 0..self.n {
                up[k][i] = match known_up {
                    Some(known) => known[k][i],
                    None => self.up_hand(i, t),
                };
                in_play[k] |= up[k][i].is_some();
            }
        }
        let types = in_play.iter().filter(|&&x| x).count();
        for pot in pots.as_slice() {
            if types == 0 {
                self.warnings.add(Warning::ChipsVanished);
                continue;
            }
            let (q, r) = pot.amount.divmod(types);
            let mut first = true;
            for k in 0..self.hand_types.len().min(2) {
                if !in_play[k] {
                    continue;
                }
                let share = if first { q.add(r) } else { q };
                first = false;
                if !share.is_zero() {
                    self.push_share(pot, &up, k, share);
                }
            }
        }
    }

    /// One part of a pot (`share`, for hand type `k`) to the best hands of that type eligible for
    /// it, split evenly, the odd chips to [`Self::odd_chip_winner`].
    fn push_share(&mut self, pot: &Pot<A>, up: &[[Option<HandValue>; N]; 2], k: usize, share: A) {
        let max = (0..self.n).filter(|&j| pot.is_eligible(j)).filter_map(|j| up[k][j]).max();
        let mut kk = k;
        if max.is_none() && k > 0 && (0..self.n).any(|j| pot.is_eligible(j)) {
            if self.profile == RuleProfile::Wsop {
                // Rule of the game: no qualifying low in this pot, high takes it.
                kk = 0;
            } else {
                self.warnings.add(Warning::HiLoLowShareSplit);
            }
        }
        let max = if kk == k {
            max
        } else {
            (0..self.n).filter(|&j| pot.is_eligible(j)).filter_map(|j| up[kk][j]).max()
        };
        let mut winners = [0usize; N];
        let mut nw = 0;
        for j in 0..self.n {
            if pot.is_eligible(j) && up[kk][j] == max {
                winners[nw] = j;
                nw += 1;
            }
        }
        if nw == 0 {
            self.warnings.add(Warning::ChipsVanished);
            return;
        }
        let (each, rest) = share.divmod(nw);
        let odd = self.odd_chip_winner(&winners[..nw]);
        for (w, &j) in winners[..nw].iter().enumerate() {
            self.award(j, if w == odd { each.add(rest) } else { each });
        }
    }

    /// Which of a split's winners (in ascending player order) takes the odd chips. PokerKit: the
    /// first (in button games the first seat left of the button, which is also the rule). The
    /// rule in stud (Poker TDA Rules 2015, Rule 19 "Awarding Odd Chips", `wsop`): the winner
    /// holding the highest card by suit, using all cards (ranks in the variant's order, as for
    /// the bring-in: ace low in razz; suits clubs, diamonds, hearts, spades from low to high).
    fn odd_chip_winner(&self, winners: &[usize]) -> usize {
        if self.profile != RuleProfile::Wsop || !self.variant.is_stud() || winners.len() < 2 {
            return 0;
        }
        let ace_low = self.variant == Variant::FixedLimitRazz;
        let best_card = |j: usize| {
            self.holes[j]
                .cards()
                .iter()
                .filter_map(|c| match c {
                    MaybeCard::Known(card) => {
                        let rank = card.rank().index() as u32;
                        let rank = if ace_low { (rank + 1) % 13 } else { rank };
                        Some(rank * 4 + card.suit().index() as u32)
                    }
                    MaybeCard::Unknown => None,
                })
                .max()
        };
        let mut best = 0;
        for w in 1..winners.len() {
            if best_card(winners[w]) > best_card(winners[best]) {
                best = w;
            }
        }
        best
    }

    pub(super) fn show_or_muck(&mut self, p: usize, show: Show, w: &mut Warnings) -> Result<(), ActionError> {
        let in_progress = self.phase != Phase::Over;
        self.may_show(p, in_progress)?;
        let hole = self.holes[p];
        let held = hole.cards();
        let mut new = Hole::EMPTY;
        let status = match show {
            Show::Muck => false,
            Show::All => {
                if held.iter().any(|c| c.is_unknown()) {
                    return Err(ActionError::UnknownCardShown);
                }
                for &c in held {
                    new.push(c, true);
                }
                true
            }
            Show::Cards(list) => {
                new = self.shown_hole(&hole, list.as_slice(), w)?;
                true
            }
        };
        if !in_progress && (!status || !new.up().iter().all(|&u| u)) {
            return Err(ActionError::MustShowAll);
        }
        if in_progress {
            self.showdown.remove_value(p as u8);
        }
        if status {
            self.reveal(p, new);
        } else {
            self.muck(p);
            if in_progress && self.all_in && !self.is_last_street() && self.active_count() == 1 {
                w.add(Warning::MuckDuringRunout);
            }
        }
        if in_progress {
            self.update_showdown();
        }
        Ok(())
    }

    /// Whether player `p` may show or muck now: at the showdown, in it and still in the hand; or,
    /// after the hand (`!in_progress`), still in it.
    fn may_show(&self, p: usize, in_progress: bool) -> Result<(), ActionError> {
        if in_progress {
            if self.phase != Phase::Showdown || self.showdown.is_empty() {
                return Err(ActionError::NoShowdown);
            }
            if !self.active[p] {
                return Err(ActionError::PlayerNotActive);
            }
            if !self.showdown.as_slice().contains(&(p as u8)) {
                return Err(ActionError::NotInShowdown);
            }
        } else if !self.active[p] {
            return Err(ActionError::PlayerNotActive);
        }
        Ok(())
    }

    /// The hole a player holds after showing `shown` from `hole`: the known cards shown face up
    /// (under `wsop` the cards already up stay up), before the last street the other known cards
    /// kept face down, unknown cards for the rest. Shown cards not dealt to the player must be
    /// dealable.
    fn shown_hole(&self, hole: &Hole, shown: &[MaybeCard], w: &mut Warnings) -> Result<Hole, ActionError> {
        let held = hole.cards();
        if shown.len() > held.len() {
            return Err(ActionError::TooManyCardsShown);
        }
        let mut new = Hole::EMPTY;
        for &c in shown {
            if c.known().is_some() {
                new.push(c, true);
            }
        }
        if self.profile == RuleProfile::Wsop {
            // A card shown face up stays face up (PokerKit turns unlisted up cards down).
            for (&c, &up) in held.iter().zip(hole.up()) {
                if up && (new.len as usize) < held.len() && !new.cards().contains(&c) {
                    new.push(c, true);
                }
            }
        }
        if !self.is_last_street() {
            let room = held.len() - new.len as usize;
            let mut added = 0;
            for &c in held {
                if added >= room {
                    break;
                }
                if c.known().is_some() && !new.cards().contains(&c) {
                    new.push(c, false);
                    added += 1;
                }
            }
        }
        while (new.len as usize) < held.len() {
            new.push(MaybeCard::Unknown, false);
        }
        let mut extra = [MaybeCard::Unknown; MAX_HOLE];
        let mut ne = 0;
        for &c in new.cards() {
            if !held.contains(&c) && !extra[..ne].contains(&c) {
                extra[ne] = c;
                ne += 1;
            }
        }
        self.check_dealable(&extra[..ne], w)?;
        Ok(new)
    }

    /// Player `p`'s hole becomes `new`: the old cards back to the deck, the known ones of `new`
    /// consumed.
    fn reveal(&mut self, p: usize, new: Hole) {
        let old = self.holes[p];
        for c in old.cards() {
            if let MaybeCard::Known(card) = c {
                self.deck.insert(*card);
            }
        }
        let mut known = [MaybeCard::Unknown; MAX_HOLE];
        let mut nk = 0;
        for &c in new.cards() {
            if c.known().is_some() {
                known[nk] = c;
                nk += 1;
            }
        }
        self.consume(&known[..nk]);
        self.holes[p] = new;
    }
}
