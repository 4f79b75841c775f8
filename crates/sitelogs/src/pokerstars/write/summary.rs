//! The hand's end: who collected what, and the `*** SUMMARY ***` with a line per seat.

use std::fmt::Write as _;

use cards_core::{Amount, Card};

use super::out::cards_text;
use super::places::in_places_of;
use super::play::Play;
use crate::export::{amount_of, stated_winnings};
use crate::money;

impl Play<'_> {
    /// What each player collected (the state's winnings, in the places of the stack they go to),
    /// or the hand's post-rake `winnings` when they are a rake off it (every player the replay
    /// pays is paid something, and the rake is one a log could take: a hand whose stated winnings
    /// are all zero is written as played); writes the `collected` lines. The total pot and rake
    /// are the summary's.
    pub(super) fn collections(&mut self) -> Collections {
        let state = self.replay.state();
        let gross: Vec<Amount> = (0..self.n())
            .map(|i| {
                let won = amount_of(state.winnings()[i]);
                // An ante shown above the engine's and not returned is part of what the text shows
                // the player put in.
                let won = if self.shift_returned { won } else { money::plus(won, self.ante_shift[i]) };
                in_places_of(won, amount_of(state.stacks()[i]))
            })
            .collect();
        let pot = gross.iter().fold(Amount::ZERO, |a, b| money::plus(a, *b));
        let paid = stated_winnings(self.c.hand)
            .filter(|w| w.iter().zip(&gross).all(|(w, g)| w <= g && (!w.is_zero() || g.is_zero())))
            .filter(|w| {
                let paid = w.iter().fold(Amount::ZERO, |a, b| money::plus(a, *b));
                crate::consistency::payout_contradiction(pot, paid, false).is_none()
            })
            .unwrap_or(gross);
        let rake = money::minus(pot, paid.iter().fold(Amount::ZERO, |a, b| money::plus(a, *b)));
        for (i, won) in paid.iter().enumerate() {
            if !won.is_zero() {
                let line = format!("{} collected {} from pot", self.c.names[i], self.c.money(*won));
                self.c.line(&line);
            }
        }
        Collections { pot, rake, paid }
    }

    /// `*** SUMMARY ***`: the pot, the board, a line per seat.
    pub(super) fn summary(&mut self, collected: &Collections) {
        self.c.line("*** SUMMARY ***");
        let line =
            format!("Total pot {} | Rake {}", self.c.money(collected.pot), self.c.money(collected.rake));
        self.c.line(&line);
        if !self.board.is_empty() {
            let line = format!("Board [{}]", cards_text(&self.board));
            self.c.line(&line);
        }
        let mut by_seat: Vec<usize> = (0..self.n()).collect();
        by_seat.sort_by_key(|&i| self.seats[i]);
        for i in by_seat {
            let line = self.seat_line(i, collected.paid[i]);
            self.c.line(&line);
        }
    }

    /// A seat's summary line: position, then how the hand ended for the player.
    fn seat_line(&self, i: usize, paid: Amount) -> String {
        let hand = self.c.hand;
        let stud = hand.variant.is_stud();
        let mut line = format!("Seat {}: {}", self.seats[i], self.c.names[i]);
        if self.seats[i] == self.button && !stud {
            line.push_str(" (button)");
        }
        if !self.blind_label[i].is_empty() && self.blind_label[i] != "straddle" {
            let _ = write!(line, " ({})", self.blind_label[i]);
        }
        if let Some(when) = self.folded_on[i] {
            let _ = write!(line, " folded {when}");
        } else if let Some(cards) = &self.shown[i] {
            let _ = write!(line, " showed [{}] and ", cards_text(cards));
            if paid.is_zero() {
                line.push_str("lost");
            } else {
                let _ = write!(line, "won ({})", self.c.money(paid));
            }
        } else if self.mucked[i] || paid.is_zero() {
            line.push_str(" mucked");
            // The cards of a player who mucked, where the hand knows them all (the log showed
            // them): PokerStars writes them so (a stud hand's in the order dealt, a draw hand's
            // as held after the last draw), and the importer reads them back as dealt.
            let held: Option<Vec<Card>> = self.dealt[i].iter().map(|m| m.known()).collect();
            if let Some(held) = held.filter(|h| self.mucked[i] && !h.is_empty()) {
                let _ = write!(line, " [{}]", cards_text(&held));
            }
        } else {
            let _ = write!(line, " collected ({})", self.c.money(paid));
        }
        line
    }
}

/// The summary's figures: the total pot, the rake, what each player collected.
pub(super) struct Collections {
    pot: Amount,
    rake: Amount,
    paid: Vec<Amount>,
}
