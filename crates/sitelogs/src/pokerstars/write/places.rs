//! The form of the amounts written: the decimal places the site's sums keep.

use cards_core::Amount;
use poker_engine::Chips;

/// The decimal places of what the text shows in front of each player this street. The site's
/// sums keep the places of every amount added (a blind of `0.50` raised to `2` stands as `2.00`,
/// where the state holds the raise's `2`), and the amounts written from them (a call, a raise's
/// increment, an uncalled bet) take those places: the state gives the values, this their form.
pub(super) struct Places {
    places: Vec<u32>,
    /// The bets after the last betting action, before the state collects them: who matched an
    /// uncalled bet.
    pub(super) bets: Vec<Chips>,
}

impl Places {
    pub(super) fn new(n: usize) -> Places {
        Places { places: vec![0; n], bets: vec![Chips::ZERO; n] }
    }

    pub(super) fn of(&self, i: usize) -> u32 {
        self.places[i]
    }

    /// Player `i` put in `paid`.
    pub(super) fn add(&mut self, i: usize, paid: Amount) {
        self.places[i] = self.places[i].max(paid.0.scale());
    }

    /// The places of the bet returned to `top`: its own and the largest other bet's (the last of
    /// equal ones).
    pub(super) fn returned(&self, top: usize) -> u32 {
        let bets = &self.bets;
        let second = (0..bets.len()).filter(|&j| j != top).max_by(|&a, &b| bets[a].cmp(&bets[b]));
        self.places[top].max(second.map_or(0, |j| self.places[j]))
    }

    /// A new street.
    pub(super) fn reset(&mut self) {
        self.places.fill(0);
        self.bets.fill(Chips::ZERO);
    }
}

/// `amount` with at least `places` decimal places.
pub(super) fn with_places(amount: Amount, places: u32) -> Amount {
    let mut d = amount.0;
    if d.scale() < places {
        d.rescale(places);
    }
    Amount(d)
}

/// `amount` with at least the decimal places of `like` (`3` as `3.00` beside a stack of
/// `97.50`): the site writes a collection in the form of the stack it goes to.
pub(super) fn in_places_of(amount: Amount, like: Amount) -> Amount {
    let mut d = amount.0;
    if d.scale() < like.0.scale() {
        d.rescale(like.0.scale());
    }
    Amount(d)
}
