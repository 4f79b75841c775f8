//! The chips of a betting round as a log states them: the one accounting the site-log importers
//! keep beside poker-engine's state.
//!
//! # Why not poker-engine's state
//!
//! Every imported hand is played by poker-engine: the showdown is placed where the engine asks
//! for it ([`crate::showdown`]) and the consistency check compares the engine's finishing stacks
//! with the log's ([`crate::consistency`]). The stacks, pots and payoffs of a PHH hand are the
//! engine's, nowhere else's. What the importers still count is what the *log* says, for two
//! reasons the engine cannot serve:
//!
//! - **It is what the engine is checked against.** The stacks a log states (a seat's stack less
//!   what its lines put in, plus what it collected) are the other side of the consistency check.
//!   Derived from the engine's own run, the check would compare the engine with itself and pass
//!   any misread hand.
//! - **It comes before there is a hand to play.** A site that writes the chips a player *adds*
//!   (`raises [$2]`, `All-in 8369`) is rewritten in PokerStars' words (`raises $2 to $3`) before
//!   the PokerStars importer knows the seats' order, the blinds' placement or even the variant:
//!   there is no game definition to build an engine state from yet. And where a site's rules
//!   differ from PokerKit's (a short all-in big blind called in full, a stud bet of the big bet on
//!   4th street), it is the log's count that shows the hand cannot be written.
//!
//! So the importers share one small count instead: [`Round`], a betting round's chips per player
//! (turning "adds X" into "to Y", and finding the bet no one called). The relay sites' bookkeeping
//! (`relay::Street`, Pacific's and Microgaming's rounds), the PokerStars importer's reading of
//! the log (its stated outcome, the short blind and 4th-street checks) and the ACPC reader all
//! count with it. An ACPC line states payoffs, not stacks: what each player collected is its
//! payoff plus what it put in (a [`Round`] over the whole hand, the bet no one called taken
//! back), and its no-limit raises are totals over the hand where PHH's are totals of the street
//! (a second [`Round`] per street). The ACPC writer counts the same two ways to turn PHH's
//! raises back into ACPC's.

use std::borrow::Borrow;

use cards_core::Amount;

use crate::money;

/// The chips each player put in on the betting round under way, in the order they first did;
/// players are named by `K` (a name, or a seat's index).
#[derive(Debug, Clone)]
pub(crate) struct Round<K> {
    put_in: Vec<(K, Amount)>,
}

impl<K> Default for Round<K> {
    fn default() -> Round<K> {
        Round { put_in: Vec::new() }
    }
}

impl<K: Clone> Round<K> {
    /// A new betting round: no one has put anything in.
    pub fn clear(&mut self) {
        self.put_in.clear();
    }

    fn slot<Q>(&mut self, who: &Q) -> &mut Amount
    where
        K: Borrow<Q>,
        Q: PartialEq + ToOwned<Owned = K> + ?Sized,
    {
        let at = match self.put_in.iter().position(|(k, _)| k.borrow() == who) {
            Some(at) => at,
            None => {
                self.put_in.push((who.to_owned(), Amount::ZERO));
                self.put_in.len() - 1
            }
        };
        &mut self.put_in[at].1
    }

    /// What `who` has put in so far.
    pub fn of<Q>(&self, who: &Q) -> Amount
    where
        K: Borrow<Q>,
        Q: PartialEq + ?Sized,
    {
        self.put_in.iter().find(|(k, _)| k.borrow() == who).map_or(Amount::ZERO, |(_, a)| *a)
    }

    /// `who` adds `amount`; returns what they have put in since.
    pub fn add<Q>(&mut self, who: &Q, amount: Amount) -> Amount
    where
        K: Borrow<Q>,
        Q: PartialEq + ToOwned<Owned = K> + ?Sized,
    {
        let slot = self.slot(who);
        *slot = money::plus(*slot, amount);
        *slot
    }

    /// `who` takes `amount` back (an uncalled bet, chips that count toward no bet).
    pub fn take_back<Q>(&mut self, who: &Q, amount: Amount)
    where
        K: Borrow<Q>,
        Q: PartialEq + ToOwned<Owned = K> + ?Sized,
    {
        let slot = self.slot(who);
        *slot = money::minus(*slot, amount);
    }

    /// `who` brings their chips in the round to `to`; returns the chips added.
    pub fn raise_to<Q>(&mut self, who: &Q, to: Amount) -> Amount
    where
        K: Borrow<Q>,
        Q: PartialEq + ToOwned<Owned = K> + ?Sized,
    {
        let slot = self.slot(who);
        let added = money::minus(to, *slot);
        *slot = to;
        added
    }

    /// The highest any player has put in (zero before anyone has).
    pub fn highest(&self) -> Amount {
        self.put_in.iter().map(|(_, a)| *a).max().unwrap_or(Amount::ZERO)
    }

    /// The bet no one called: what the top bettor put in past the next one (all of it when no one
    /// else put anything in); `None` when that is nothing. Ties go to the first to put in.
    pub fn uncalled(&self) -> Option<(K, Amount)> {
        let mut top: Option<&(K, Amount)> = None;
        let mut second: Option<Amount> = None;
        let mut beside = |amount: Amount| second = Some(second.map_or(amount, |s| s.max(amount)));
        for entry in &self.put_in {
            match top {
                Some(t) if entry.1 <= t.1 => beside(entry.1),
                _ => {
                    if let Some(t) = top {
                        beside(t.1);
                    }
                    top = Some(entry);
                }
            }
        }
        let (who, amount) = top?;
        let back = money::minus(*amount, second.unwrap_or(Amount::ZERO));
        (!back.is_zero()).then(|| (who.clone(), back))
    }

    /// Ends the round: the bet no one called ([`Round::uncalled`]), and a new round.
    pub fn close(&mut self) -> Option<(K, Amount)> {
        let back = self.uncalled();
        self.clear();
        back
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn a(s: &str) -> Amount {
        s.parse().unwrap()
    }

    #[test]
    fn adds_raises_and_the_uncalled_bet() {
        let mut round: Round<String> = Round::default();
        assert_eq!(round.uncalled(), None);
        round.add("sb", a("1"));
        round.add("bb", a("2"));
        assert_eq!(round.highest(), a("2"));
        assert_eq!(round.raise_to("sb", a("6")), a("5"));
        assert_eq!(round.of("sb"), a("6"));
        assert_eq!(round.uncalled(), Some(("sb".to_owned(), a("4"))));
        round.add("bb", a("4"));
        assert_eq!(round.uncalled(), None, "called");
        round.take_back("bb", a("1"));
        assert_eq!(round.close(), Some(("sb".to_owned(), a("1"))));
        assert_eq!(round.highest(), Amount::ZERO);
        // One bettor alone gets all of it back; equal tops return nothing.
        let mut round: Round<usize> = Round::default();
        round.add(&3, a("8"));
        assert_eq!(round.uncalled(), Some((3, a("8"))));
        round.add(&1, a("8"));
        assert_eq!(round.uncalled(), None);
    }
}
