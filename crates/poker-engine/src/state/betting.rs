//! Betting: bet collection between streets, blinds, the betting round (who acts, what is legal,
//! the short all-in rules) and the betting actions.

use core::cmp::Ordering;

use cards_core::MaybeCard;

use super::{Phase, State, last_max};
use crate::action::{ActionError, Warning, Warnings};
use crate::amount::Amount;
use crate::chips::Chips;
use crate::eval::opening_value;
use crate::game::{BettingStructure, Opening, RuleProfile, Variant};

impl<A: Amount> State<A> {
    /// The amount a check/call would put in (0 = check), when a player is to bet.
    #[must_use]
    pub fn call_amount(&self) -> Option<A> {
        if self.bring_in_status {
            return None;
        }
        let p = self.actor()?;
        Some(self.stacks[p].min(self.call_level().sub(self.bets[p])))
    }

    /// The bring-in the actor would post, if a bring-in is due.
    #[must_use]
    pub fn bring_in_amount(&self) -> Option<A> {
        let p = self.actor()?;
        if self.bring_in_status { Some(self.stacks[p].min(self.bring_in)) } else { None }
    }

    /// The minimum and maximum "to" amounts of a completion/bet/raise, if one is legal now.
    #[must_use]
    pub fn raise_range(&self) -> Option<(A, A)> {
        let p = self.actor()?;
        self.verify_raise(p).ok()?;
        Some((self.min_raise_to(p), self.max_raise_to(p)))
    }

    pub(super) fn max_bet(&self) -> A {
        self.bets[self.top_bettor]
    }

    /// The bet a call must reach: the largest bet, and under `wsop` on the first street of a
    /// blind game never less than the largest blind or straddle as written. A blind posted short
    /// (the player all in for less) does not lower the call or the minimum raise, the
    /// conventional rule (PokerKit: the call is to the largest bet posted).
    pub(super) fn call_level(&self) -> A {
        let top = self.max_bet();
        if self.profile != RuleProfile::Wsop || self.street != Some(0) || self.bring_in.is_positive() {
            return top;
        }
        (0..self.n).map(|i| self.raw_blind(i)).fold(top, |level, b| if b > level { b } else { level })
    }

    /// Python's `max(self.bets)`: the first of the largest bets, as written (a call to a `3.00`
    /// posted before an integral `3` pays a decimal amount, so the payoff reads `-3.00`).
    pub(super) fn recompute_top_bet(&mut self) {
        self.top_bettor = 0;
        for i in 1..self.n {
            if self.bets[i] > self.bets[self.top_bettor] {
                self.top_bettor = i;
            }
        }
    }

    /// [`State::recompute_top_bet`] after player `i`'s bet changed, without looking at every bet:
    /// `i` takes the top if its bet is now larger, or equal and earlier; only a top bet that shrank
    /// (a negative blind) needs the full scan.
    pub(super) fn bet_changed(&mut self, i: usize, grew: bool) {
        let top = self.top_bettor;
        if i == top {
            if !grew {
                self.recompute_top_bet();
            }
            return;
        }
        match self.bets[i].compare(&self.bets[top]) {
            Ordering::Greater => self.top_bettor = i,
            Ordering::Equal if i < top => self.top_bettor = i,
            _ => {}
        }
    }

    /// The second largest `bet + stack` over active players (`None` with fewer than two).
    pub(super) fn second_largest_reach(&self) -> Option<A> {
        let mut best = A::ZERO;
        let mut second = A::ZERO;
        let mut count = 0;
        for j in 0..self.n {
            if self.active[j] {
                let v = self.bets[j].add(self.stacks[j]);
                if count == 0 || v > best {
                    if count > 0 {
                        second = best;
                    }
                    best = v;
                } else if count == 1 || v > second {
                    second = v;
                }
                count += 1;
            }
        }
        if count < 2 { None } else { Some(second) }
    }

    /// PokerKit's effective stack: min(stack, max(0, second largest reach - own bet)).
    pub(super) fn effective_stack_with(&self, i: usize, second: Option<A>) -> A {
        let Some(second) = second else { return A::ZERO };
        if self.street.is_none() || !self.active[i] {
            return A::ZERO;
        }
        let room = second.sub(self.bets[i]);
        let room = if room.is_negative() { A::ZERO } else { room };
        self.stacks[i].min(room)
    }

    pub(super) fn begin_bet_collection(&mut self) {
        if self.bets[..self.n].iter().any(|b| !b.is_zero()) {
            self.collect_bets();
        }
        self.end_bet_collection();
    }

    pub(super) fn collect_bets(&mut self) {
        let n = self.n;
        let keep = if self.active_count() == 1 { (0..n).find(|&i| self.active[i]) } else { None };
        if let Some(k) = keep {
            // The last player keeps their bet; the part of it someone matched is won with the pot.
            // A post (a negative blind) is live, part of the bet, as everywhere in the replay.
            let matched = last_max((0..n).filter(|&j| j != k).map(|j| self.bets[j])).unwrap_or(A::ZERO);
            let won = self.bets[k].min(matched).max(A::ZERO);
            self.collected[k] = self.collected[k].add(won);
            self.returned[k] = self.returned[k].add(self.bets[k].sub(won).max(A::ZERO));
        }
        if self.street.is_some() || self.ante_trimming {
            // PokerKit's `sorted(self.bets)[-2]`: a stable sort, so among equal bets the one it
            // picks (and whose form, `4` or `4.00`, the returned overbet takes) is the same.
            let mut sorted = self.bets;
            sorted[..n].sort_by(A::compare);
            let second = sorted[..n].get(n.wrapping_sub(2)).copied().unwrap_or(A::ZERO);
            for i in 0..n {
                if Some(i) != keep && self.bets[i] > second {
                    let over = self.bets[i].sub(second);
                    self.stacks[i] = self.stacks[i].add(over);
                    self.payoffs[i] = self.payoffs[i].add(over);
                    self.returned[i] = self.returned[i].add(over);
                }
            }
        }
        for i in 0..n {
            if Some(i) != keep {
                self.bets[i] = A::ZERO;
            }
        }
        self.recompute_top_bet();
    }

    pub(super) fn end_bet_collection(&mut self) {
        if self.active_count() == 1 {
            self.begin_chips_pushing();
        } else if self.street.is_none() {
            self.post_blinds();
        } else if self.is_last_street() || self.all_in {
            self.begin_showdown();
        } else {
            self.begin_dealing();
        }
    }

    pub(super) fn post_blinds(&mut self) {
        for i in 0..self.n {
            let b = self.effective_blind(i);
            if b.is_positive() {
                self.pay(i, b);
            }
        }
        self.begin_dealing();
    }

    pub(super) fn begin_betting(&mut self) {
        self.phase = Phase::Betting;
        let street = *self.street_def().unwrap_or(&self.streets[0]);
        let n = self.n;
        let opener = match street.opening {
            Opening::Position => self.opener_by_position(),
            Opening::LowCard | Opening::HighCard => {
                self.opener_by_up_card(street.opening == Opening::HighCard)
            }
            Opening::LowHand | Opening::HighHand => self.opener_by_hand(street.opening == Opening::LowHand),
        };
        self.opener = Some(opener);
        self.bring_in_status = self.street == Some(0) && self.bring_in.is_positive();
        self.completion_status = self.bring_in_status;
        self.actors.clear();
        let second = self.second_largest_reach();
        for k in 0..n {
            let i = (opener + k) % n;
            if self.active[i] && !self.stacks[i].is_zero() && !self.effective_stack_with(i, second).is_zero()
            {
                self.actors.push(i as u8);
            }
        }
        self.raise_amount = A::ZERO;
        self.raise_count = 0;
        if self.profile == RuleProfile::Wsop
            && self.structure == BettingStructure::FixedLimit
            && self.street == Some(0)
            && street.opening == Opening::Position
            && self.bets[..n].iter().any(|b| b.is_positive())
        {
            // Standard fixed-limit: the blind is the first bet of the round.
            self.raise_count = 1;
        }
        self.acted = 0;
        self.acted_round = 0;
        self.chain_sum = A::ZERO;
        self.chain_len = 0;
        let status = self.actors.len == 1
            && self.actors.front().is_some_and(|p| self.bets[p as usize] >= self.max_bet());
        self.update_betting(status);
    }

    /// The first to act in a button game: the player after the last one with the largest blind
    /// or straddle posted (a negative blind counts by its size).
    fn opener_by_position(&self) -> usize {
        let n = self.n;
        let mut best_i = 0usize;
        let mut best = A::ZERO;
        for i in 0..n {
            let blind = self.raw_blind(i);
            let key = if blind.is_positive() {
                self.bets[i]
            } else if blind.is_negative() {
                self.bets[i].neg()
            } else {
                A::ZERO
            };
            if i == 0 || key >= best {
                best = key;
                best_i = i;
            }
        }
        (best_i + 1) % n
    }

    /// The first to act in stud by the up cards: the lowest (deuce low) or, when `high`, the
    /// highest (ace low) up card by (rank, suit).
    fn opener_by_up_card(&self, high: bool) -> usize {
        let mut best: Option<(u32, usize)> = None;
        for i in 0..self.n {
            let hole = &self.holes[i];
            if hole.has_unknown_up() {
                continue;
            }
            for (c, &up) in hole.cards().iter().zip(hole.up()) {
                if let (MaybeCard::Known(card), true) = (c, up) {
                    let rank =
                        if high { (card.rank().index() as u32 + 1) % 13 } else { card.rank().index() as u32 };
                    let key = rank * 4 + card.suit().index() as u32;
                    let better = match best {
                        None => true,
                        Some((k, _)) => {
                            if high {
                                key > k
                            } else {
                                key < k
                            }
                        }
                    };
                    if better {
                        best = Some((key, i));
                    }
                }
            }
        }
        best.map_or(0, |b| b.1)
    }

    /// The first to act in stud by the up hands: the best high hand showing or, when `low`, the
    /// best low one.
    fn opener_by_hand(&self, low: bool) -> usize {
        let mut best: Option<(u32, usize)> = None;
        for i in 0..self.n {
            let (cards, len) = self.holes[i].known(true);
            if let Some(v) = opening_value(&cards[..len], low)
                && best.is_none_or(|(b, _)| v > b)
            {
                best = Some((v, i));
            }
        }
        best.map_or(0, |b| b.1)
    }

    pub(super) fn update_betting(&mut self, status: bool) {
        if self.actors.is_empty() || self.active_count() <= 1 || status {
            self.end_betting();
        }
    }

    pub(super) fn end_betting(&mut self) {
        self.actors.clear();
        let s = self.street.unwrap_or(0);
        let later_draw = self.streets[s + 1..self.street_count].iter().any(|st| st.draw);
        if self.active_count() > 1 && !later_draw {
            let with_chips = (0..self.n).filter(|&i| self.active[i] && !self.stacks[i].is_zero()).count();
            if with_chips <= 1 {
                self.all_in = true;
            }
        }
        if self.stacks[..self.n].iter().any(|s| s.is_zero()) && self.is_last_street() {
            self.all_in = true;
        }
        self.begin_bet_collection();
    }

    // ----------------------------------------------------------------------------------------
    // Betting verification.

    pub(super) fn min_raise_to(&self, p: usize) -> A {
        let m = self.street.and_then(|s| self.min_bets.get(s)).copied().unwrap_or(A::ZERO);
        let mut amount = self.raise_amount.max(m);
        if !self.completion_status {
            amount = amount.add(self.call_level());
        }
        self.stacks[p].add(self.bets[p]).min(amount)
    }

    pub(super) fn max_raise_to(&self, p: usize) -> A {
        let all_in = self.stacks[p].add(self.bets[p]);
        match self.structure {
            BettingStructure::FixedLimit => self.min_raise_to(p),
            BettingStructure::NoLimit => all_in,
            BettingStructure::PotLimit => {
                let pot = self.call_level().mul_int(2).sub(self.bets[p]).add(self.total_pot());
                all_in.min(self.min_raise_to(p).max(pot))
            }
        }
    }

    pub(super) fn verify_raise(&self, p: usize) -> Result<(), ActionError> {
        let street = self.street_def().ok_or(ActionError::NoBettingPending)?;
        match self.profile {
            RuleProfile::Pokerkit => {
                if let Some(call) = self.call_amount()
                    && call < self.raise_amount
                {
                    return Err(ActionError::ShortAllInNotRaisable);
                }
                if street.max_raises.is_some_and(|m| self.raise_count >= m) {
                    return Err(ActionError::RaiseCapReached);
                }
                if self.chain_len > 0 && self.chain_sum < self.raise_amount && self.acted & (1 << p) != 0 {
                    return Err(ActionError::BettingNotReopened);
                }
            }
            RuleProfile::Wsop => {
                self.verify_reopened(p)?;
                if street.max_raises.is_some_and(|m| self.raise_count >= m) {
                    return Err(ActionError::RaiseCapReached);
                }
            }
        }
        let m = self.call_level();
        if self.stacks[p] <= m.sub(self.bets[p]) {
            return Err(ActionError::AlreadyCovered);
        }
        let other = (0..self.n).any(|i| i != p && self.active[i] && self.stacks[i].add(self.bets[i]) > m);
        if !other {
            return Err(ActionError::NoOpponentToRaise);
        }
        Ok(())
    }

    /// The standard rule on reopening the betting (TDA Rule 47, WSOP Rule 96): a player who has
    /// already acted in the round may raise only when facing, since their last action, at least a
    /// full bet or raise (no-limit and pot-limit: the largest bet or raise of the round and never
    /// less than the street's minimum bet, reached by one wager or by several short all-ins
    /// together) or, in fixed-limit, at least half a bet. The `pokerkit` profile follows
    /// PokerKit's pool of consecutive short all-ins instead.
    fn verify_reopened(&self, p: usize) -> Result<(), ActionError> {
        if self.acted_round & (1 << p) == 0 {
            return Ok(());
        }
        let facing = self.call_level().sub(self.bets[p]);
        let m = self.street.and_then(|s| self.min_bets.get(s)).copied().unwrap_or(A::ZERO);
        let reopened = match self.structure {
            BettingStructure::FixedLimit => facing.mul_int(2) >= m,
            _ => facing >= self.raise_amount.max(m),
        };
        if reopened {
            Ok(())
        } else if facing < self.raise_amount {
            // What PokerKit calls a short all-in that cannot be raised.
            Err(ActionError::ShortAllInNotRaisable)
        } else {
            Err(ActionError::BettingNotReopened)
        }
    }

    pub(super) fn pop_actor(&mut self) -> usize {
        let p = self.actors.pop_front().map_or(0, |p| p as usize);
        self.acted |= 1 << p;
        self.acted_round |= 1 << p;
        p
    }

    pub(super) fn expect_actor(&self, player: usize) -> Result<usize, ActionError> {
        if self.phase == Phase::Over {
            return Err(ActionError::HandOver);
        }
        let actor = self.actor().ok_or(ActionError::NoBettingPending)?;
        if actor != player {
            return Err(ActionError::WrongPlayer { expected: actor });
        }
        Ok(actor)
    }

    // ----------------------------------------------------------------------------------------
    // The betting actions.

    /// `pX pb`: the bring-in.
    pub(super) fn post_bring_in(&mut self, player: usize) -> Result<(), ActionError> {
        let p = self.expect_actor(player)?;
        if !self.bring_in_status {
            return Err(ActionError::NoBringIn);
        }
        let amount = self.stacks[p].min(self.bring_in);
        self.pop_actor();
        self.pay(p, amount);
        self.bring_in_status = false;
        self.update_betting(false);

        Ok(())
    }

    /// `pX f`.
    pub(super) fn fold(&mut self, player: usize, w: &mut Warnings) -> Result<(), ActionError> {
        let p = self.expect_actor(player)?;
        if self.bring_in_status {
            return Err(ActionError::BringInPending);
        }
        if self.bets[p] >= self.call_level() {
            w.add(Warning::FoldWithNothingToCall);
        }
        self.pop_actor();
        self.muck(p);
        self.update_betting(false);

        Ok(())
    }

    /// `pX cc`.
    pub(super) fn check_or_call(&mut self, player: usize) -> Result<(), ActionError> {
        let p = self.expect_actor(player)?;
        let amount = self.call_amount().ok_or(ActionError::BringInPending)?;
        self.pop_actor();
        self.pay(p, amount);
        self.update_betting(false);

        Ok(())
    }

    /// `pX cbr AMOUNT`: complete, bet or raise to an amount.
    pub(super) fn complete_bet_or_raise_to(
        &mut self,
        player: usize,
        amount: Chips,
        w: &mut Warnings,
    ) -> Result<(), ActionError> {
        let p = self.expect_actor(player)?;
        if amount.is_inf() {
            return Err(ActionError::AmountNotFinite);
        }
        if !amount.in_range() {
            // Infinite stacks re-raising a pot limit grow without end; past 2^96 chips a
            // sum would be lost (FINDINGS F19), so such a bet is refused.
            return Err(ActionError::AmountTooLarge);
        }
        let amount = A::from_chips(amount).ok_or(ActionError::AmountNotIntegral)?;
        self.verify_raise(p)?;
        let (min, max) = (self.min_raise_to(p), self.max_raise_to(p));
        if amount < min {
            return Err(ActionError::BelowMinimum { min: min.to_chips() });
        }
        if amount > max {
            return Err(ActionError::AboveMaximum { max: max.to_chips() });
        }
        if self.profile == RuleProfile::Pokerkit {
            if self.verify_reopened(p).is_err() {
                w.add(Warning::RaiseNotReopened);
            }
            if self.variant == Variant::FixedLimitOmahaHoldemHighLowSplitEightOrBetter
                && (amount != min || self.raise_count >= 4)
            {
                w.add(Warning::PotLimitOmahaHiLo);
            }
            if self.structure == BettingStructure::FixedLimit
                && self.street == Some(0)
                && !self.variant.is_stud()
                && self.raise_count == 3
                && self.bets[..self.n].iter().any(|b| b.is_positive())
            {
                w.add(Warning::FixedLimitCapBeyondBlind);
            }
        }
        self.pop_actor();
        let increment = amount.sub(self.call_level());
        let delta = amount.sub(self.bets[p]);
        self.bets[p] = amount;
        self.bet_changed(p, true);
        self.stacks[p] = self.stacks[p].sub(delta);
        self.payoffs[p] = self.payoffs[p].sub(delta);
        self.bring_in_status = false;
        self.completion_status = false;
        self.actors.clear();
        for k in 1..self.n {
            let i = (p + k) % self.n;
            if self.active[i] && !self.stacks[i].is_zero() {
                self.actors.push(i as u8);
            }
        }
        self.opener = Some(p);
        if increment >= self.raise_amount {
            self.acted = 1 << p;
        }
        self.raise_amount = self.raise_amount.max(increment);
        self.raise_count = self.raise_count.saturating_add(1);
        if self.stacks[p].is_zero() {
            self.chain_sum = self.chain_sum.add(increment);
            self.chain_len += 1;
        } else {
            self.chain_sum = A::ZERO;
            self.chain_len = 0;
        }
        if self.chain_sum >= self.raise_amount {
            self.chain_sum = A::ZERO;
            self.chain_len = 0;
        }
        self.update_betting(false);

        Ok(())
    }
}
