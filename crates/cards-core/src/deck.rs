//! The decks the supported games use, each knowing its cards and how many copies of each.

use crate::card::{Card, Rank, Suit};
use crate::set::{CardCounts, CardSet};

/// A kind of deck.
///
/// ```
/// use cards_core::{Card, Deck, Rank, Suit};
/// assert_eq!(Deck::Standard52.len(), 52);
/// assert_eq!(Deck::ShortDeck36.len(), 36);
/// assert!(!Deck::ShortDeck36.contains(Card::new(Rank::Five, Suit::Hearts)));
/// assert_eq!(Deck::Preferans32.len(), 32);
/// assert_eq!(Deck::Pinochle80.len(), 80);
/// assert_eq!(Deck::Pinochle80.copies(), 4);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Deck {
    /// The standard 52-card deck.
    Standard52,
    /// Short deck (six-plus): 6 to A in four suits, 36 cards.
    ShortDeck36,
    /// The Preferans (piquet) deck: 7 to A in four suits, 32 cards.
    Preferans32,
    /// Double-deck Pinochle: A T K Q J in four suits, four copies of each, 80 cards.
    Pinochle80,
}

const fn ranks_from(low: Rank) -> u16 {
    0x1fff & !((1u16 << low as u8) - 1)
}

const fn every_suit(ranks: u16) -> CardSet {
    let r = ranks as u64;
    CardSet(r | r << 16 | r << 32 | r << 48)
}

impl Deck {
    /// The distinct cards of the deck.
    #[must_use]
    pub const fn cards(self) -> CardSet {
        match self {
            Deck::Standard52 => CardSet::FULL,
            Deck::ShortDeck36 => every_suit(ranks_from(Rank::Six)),
            Deck::Preferans32 => every_suit(ranks_from(Rank::Seven)),
            Deck::Pinochle80 => every_suit(
                1 << Rank::Ace as u8
                    | 1 << Rank::Ten as u8
                    | 1 << Rank::King as u8
                    | 1 << Rank::Queen as u8
                    | 1 << Rank::Jack as u8,
            ),
        }
    }

    /// How many copies of each card the deck holds.
    #[must_use]
    pub const fn copies(self) -> u8 {
        match self {
            Deck::Pinochle80 => 4,
            _ => 1,
        }
    }

    /// Total number of cards, copies included.
    #[must_use]
    pub const fn len(self) -> usize {
        self.cards().len() * self.copies() as usize
    }

    /// Never true: every deck has cards. Present for API symmetry with `len`.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        false
    }

    /// Whether the deck has this card at all.
    #[must_use]
    pub const fn contains(self, card: Card) -> bool {
        self.cards().contains(card)
    }

    /// The whole deck as a multiset.
    #[must_use]
    pub fn counts(self) -> CardCounts {
        CardCounts::from_set(self.cards(), self.copies())
    }

    /// The lowest [`Rank`] of the deck in the enum's (poker) order: used for A-6-7-8-9 straights in
    /// short deck. For Pinochle this is the ten, although the game ranks the ten above the king.
    #[must_use]
    pub const fn lowest_rank(self) -> Rank {
        match self {
            Deck::Standard52 => Rank::Two,
            Deck::ShortDeck36 => Rank::Six,
            Deck::Preferans32 => Rank::Seven,
            Deck::Pinochle80 => Rank::Ten,
        }
    }

    /// The suits, all four for every supported deck.
    #[must_use]
    pub const fn suits(self) -> [Suit; 4] {
        Suit::ALL
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deck_sizes_and_members() {
        for (deck, len, distinct) in [
            (Deck::Standard52, 52, 52),
            (Deck::ShortDeck36, 36, 36),
            (Deck::Preferans32, 32, 32),
            (Deck::Pinochle80, 80, 20),
        ] {
            assert_eq!(deck.len(), len);
            assert_eq!(deck.cards().len(), distinct);
            assert_eq!(deck.counts().len(), len);
            assert!(deck.cards().is_subset(CardSet::FULL));
            for card in deck.cards() {
                assert!(card.rank() >= deck.lowest_rank());
            }
        }
        assert!(!Deck::Pinochle80.contains(Card::new(Rank::Nine, Suit::Hearts)));
        assert!(Deck::Pinochle80.contains(Card::new(Rank::Ten, Suit::Hearts)));
        assert!(!Deck::Preferans32.contains(Card::new(Rank::Six, Suit::Hearts)));
        assert!(Deck::ShortDeck36.contains(Card::new(Rank::Six, Suit::Hearts)));
    }
}
