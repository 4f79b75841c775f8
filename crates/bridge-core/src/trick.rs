//! Who wins a trick of bridge.

use cards_core::{Card, Compass, Suit};

/// The seat that wins a trick given in playing order (leader first): the highest trump, else the
/// highest card of the suit led (cards-core's [`cards_core::trick::winner`] with the usual ranks).
/// `None` for an empty trick.
///
/// ```
/// use bridge_core::trick_winner;
/// use cards_core::{Card, Compass, Rank, Suit};
/// let trick = [
///     (Compass::East, Card::new(Rank::King, Suit::Clubs)),
///     (Compass::South, Card::new(Rank::Ace, Suit::Clubs)),
///     (Compass::West, Card::new(Rank::Two, Suit::Diamonds)),
/// ];
/// assert_eq!(trick_winner(&trick, None), Some(Compass::South));
/// assert_eq!(trick_winner(&trick, Some(Suit::Diamonds)), Some(Compass::West));
/// assert_eq!(trick_winner(&[], None), None);
/// ```
#[must_use]
pub fn trick_winner(trick: &[(Compass, Card)], trump: Option<Suit>) -> Option<Compass> {
    let cards = trick.iter().map(|&(_, card)| card);
    let winner = cards_core::trick::winner(cards, trump, cards_core::trick::by_rank)?;
    trick.get(winner).map(|&(seat, _)| seat)
}
