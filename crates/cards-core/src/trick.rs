//! Who wins a trick, in every trick-taking game the notation crates read (bridge, Preferans,
//! Pinochle): the strongest trump if a trump was played, else the strongest card of the suit led;
//! of two equally strong cards (Pinochle's double deck) the first played wins.
//!
//! Games differ only in the order of strength within a suit, which the caller gives:
//! [`by_rank`] for the usual order (two lowest, ace highest), or the game's own (Pinochle's ten
//! ranks just below the ace).
//!
//! ```
//! use cards_core::{Card, Rank, Suit, trick};
//!
//! let trick = [
//!     Card::new(Rank::Ten, Suit::Hearts),   // led
//!     Card::new(Rank::Ace, Suit::Spades),   // not the suit led, not trump
//!     Card::new(Rank::King, Suit::Hearts),
//!     Card::new(Rank::Two, Suit::Clubs),    // trump
//! ];
//! assert_eq!(trick::winner(trick, None, trick::by_rank), Some(2));
//! assert_eq!(trick::winner(trick, Some(Suit::Clubs), trick::by_rank), Some(3));
//! assert_eq!(trick::winner([], None, trick::by_rank), None);
//! ```

use crate::card::{Card, Suit};

/// The usual strength of a card within its suit: its rank (two lowest, ace highest).
#[must_use]
pub fn by_rank(card: Card) -> u8 {
    card.rank() as u8
}

/// The index (in playing order, leader first) of the card that wins a trick, given the trump suit
/// (`None` in no trump) and the strength of a card within its suit; `None` for an empty trick.
pub fn winner(
    trick: impl IntoIterator<Item = Card>,
    trump: Option<Suit>,
    strength: impl Fn(Card) -> u8,
) -> Option<usize> {
    let mut cards = trick.into_iter().enumerate();
    let (mut best, mut best_card) = cards.next()?;
    for (i, card) in cards {
        let beats = if card.suit() == best_card.suit() {
            strength(card) > strength(best_card)
        } else {
            // Off the best card's suit, only a trump over a card that is not one wins.
            Some(card.suit()) == trump
        };
        if beats {
            best = i;
            best_card = card;
        }
    }
    Some(best)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::Rank;

    fn card(rank: Rank, suit: Suit) -> Card {
        Card::new(rank, suit)
    }

    #[test]
    fn suit_led_trump_and_discards() {
        use Rank::*;
        use Suit::*;
        let trick = [card(Nine, Diamonds), card(Queen, Diamonds), card(Ace, Clubs), card(Jack, Diamonds)];
        assert_eq!(winner(trick, None, by_rank), Some(1));
        assert_eq!(winner(trick, Some(Hearts), by_rank), Some(1), "a trump suit nobody played");
        assert_eq!(winner(trick, Some(Clubs), by_rank), Some(2));
        // Two trumps: the higher wins, whatever was led.
        let trick = [card(Ace, Diamonds), card(Three, Spades), card(Two, Spades), card(King, Diamonds)];
        assert_eq!(winner(trick, Some(Spades), by_rank), Some(1));
        // A lone card wins.
        assert_eq!(winner([card(Two, Clubs)], Some(Hearts), by_rank), Some(0));
    }

    #[test]
    fn the_first_of_two_equal_cards_wins_and_strength_is_the_games() {
        use Rank::*;
        use Suit::*;
        let trick = [card(Ten, Hearts), card(King, Hearts), card(Ten, Hearts)];
        assert_eq!(winner(trick, None, by_rank), Some(1));
        // Pinochle: ten just below the ace.
        let pinochle = |c: Card| match c.rank() {
            Ace => 6,
            Ten => 5,
            King => 4,
            Queen => 3,
            Jack => 2,
            Nine => 1,
            _ => 0,
        };
        assert_eq!(winner(trick, None, pinochle), Some(0));
        assert_eq!(winner(trick, Some(Spades), pinochle), Some(0));
    }
}
