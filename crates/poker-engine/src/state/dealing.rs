//! Dealing: the start of each street (burns are automatic), board and hole cards, draws, and
//! which cards are still in the deck.

use cards_core::{CardSet, MaybeCard};

use super::containers::{MAX_HOLE, Queue};
use super::{Phase, State};
use crate::action::{ActionError, Warning, Warnings};
use crate::amount::Amount;
use crate::game::RuleProfile;

impl<A: Amount> State<A> {
    /// PokerKit's `_verify_cards_consumption` warning: is each known card dealable?
    pub(super) fn check_dealable(&self, cards: &[MaybeCard], w: &mut Warnings) -> Result<(), ActionError> {
        let count = cards.len();
        let with_reserved = count > self.deck.len();
        for c in cards {
            if let MaybeCard::Known(card) = c {
                let ok = self.deck.contains(*card) || (with_reserved && self.reserved.contains(*card));
                if !ok {
                    if self.profile == RuleProfile::Wsop {
                        return Err(ActionError::CardNotInDeck);
                    }
                    w.add(Warning::CardNotInDeck);
                }
            }
        }
        Ok(())
    }

    /// PokerKit's `_consume_cards`.
    pub(super) fn consume(&mut self, cards: &[MaybeCard]) {
        let mut known = CardSet::EMPTY;
        let mut unknown = false;
        for c in cards {
            match c {
                MaybeCard::Known(card) => {
                    known.insert(*card);
                }
                MaybeCard::Unknown => unknown = true,
            }
        }
        if self.deck.is_subset(known) && (known != self.deck || unknown) {
            self.deck |= self.reserved;
            self.reserved = CardSet::EMPTY;
        }
        self.deck -= known;
        self.reserved -= known;
    }

    pub(super) fn begin_dealing(&mut self) {
        let next = self.street.map_or(0, |s| s + 1);
        self.street = Some(next);
        self.phase = Phase::Dealing;
        let street = self.streets[next.min(4)];
        self.burn_pending = street.burn;
        self.board_pending = street.board as usize;
        let mut total = 0;
        for i in 0..self.n {
            if self.active[i] {
                for &up in &street.hole[..street.hole_count as usize] {
                    self.pending[i].push(up);
                }
                total += self.pending[i].len as usize;
                self.draw_pending[i] = street.draw;
            }
        }
        if total > self.deck.len() + self.reserved.len() {
            self.board_pending += street.hole_count as usize;
            for q in &mut self.pending[..self.n] {
                q.clear();
            }
        }
        self.update_dealing();
    }

    pub(super) fn update_dealing(&mut self) {
        if self.burn_pending && !self.draw_pending[..self.n].iter().any(|&d| d) {
            // Burns are automatic (PHH never records them; PokerKit burns `??`).
            self.consume(&[MaybeCard::Unknown]);
            self.burn_pending = false;
        }
        if !self.burn_pending
            && self.pending[..self.n].iter().all(Queue::is_empty)
            && self.board_pending == 0
            && !self.draw_pending[..self.n].iter().any(|&d| d)
        {
            self.begin_betting();
        }
    }

    pub(super) fn deal_board(&mut self, cards: &[MaybeCard], w: &mut Warnings) -> Result<(), ActionError> {
        if self.phase != Phase::Dealing {
            return Err(if self.phase == Phase::Over {
                ActionError::HandOver
            } else {
                ActionError::NoBoardDealing
            });
        }
        if self.board_pending == 0 {
            return Err(ActionError::NoBoardDealing);
        }
        if self.drawer().is_some() {
            return Err(ActionError::DrawPending);
        }
        if cards.is_empty() || cards.len() > self.board_pending {
            return Err(ActionError::BadCardCount);
        }
        self.check_dealable(cards, w)?;
        self.consume(cards);
        for &c in cards {
            if let Some(slot) = self.board.get_mut(self.board_len) {
                *slot = c;
                self.board_len += 1;
            }
        }
        self.board_pending -= cards.len();
        self.update_dealing();
        Ok(())
    }

    pub(super) fn deal_hole(
        &mut self,
        p: usize,
        cards: &[MaybeCard],
        w: &mut Warnings,
    ) -> Result<(), ActionError> {
        if self.phase != Phase::Dealing {
            return Err(if self.phase == Phase::Over {
                ActionError::HandOver
            } else {
                ActionError::NoHoleDealing
            });
        }
        if self.pending[..self.n].iter().all(Queue::is_empty) {
            return Err(ActionError::NoHoleDealing);
        }
        if self.drawer().is_some() {
            return Err(ActionError::DrawPending);
        }
        let pending = self.pending[p];
        if pending.is_empty() {
            return Err(ActionError::NoHoleDealing);
        }
        if cards.is_empty() || cards.len() > pending.len as usize {
            return Err(ActionError::BadCardCount);
        }
        // PokerKit ignores a player with an unknown up card when choosing the bring-in, but crashes
        // ranking unknown up cards on later streets: refuse those.
        for (c, &up) in cards.iter().zip(pending.as_slice()) {
            if up && c.is_unknown() && self.street != Some(0) {
                return Err(ActionError::UnknownUpCard);
            }
        }
        self.check_dealable(cards, w)?;
        self.consume(cards);
        for &c in cards {
            let up = self.pending[p].pop_front().unwrap_or(false);
            self.holes[p].push(c, up);
        }
        self.update_dealing();
        Ok(())
    }

    pub(super) fn stand_pat_or_discard(&mut self, p: usize, cards: &[MaybeCard]) -> Result<(), ActionError> {
        if self.phase == Phase::Over {
            return Err(ActionError::HandOver);
        }
        let drawer =
            self.drawer().filter(|_| self.phase == Phase::Dealing).ok_or(ActionError::NoDrawPending)?;
        if drawer != p {
            return Err(ActionError::WrongPlayer { expected: drawer });
        }
        // Every discarded card must be held (as a multiset, so nothing is removed twice).
        let mut taken = [false; MAX_HOLE];
        let mut picks = [0usize; MAX_HOLE];
        for (k, c) in cards.iter().enumerate() {
            let held = self.holes[p].cards();
            let idx =
                (0..held.len()).find(|&h| !taken[h] && held[h] == *c).ok_or(ActionError::DiscardNotHeld)?;
            taken[idx] = true;
            *picks.get_mut(k).ok_or(ActionError::DiscardNotHeld)? = idx;
        }
        self.draw_pending[p] = false;
        for c in cards {
            let held = self.holes[p].cards();
            if let Some(idx) = held.iter().position(|h| h == c)
                && let Some((card, up)) = self.holes[p].remove(idx)
            {
                self.pending[p].push(up);
                if let MaybeCard::Known(card) = card {
                    self.reserved.insert(card);
                }
            }
        }
        self.update_dealing();
        Ok(())
    }
}
