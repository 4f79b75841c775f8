//! How LIN spells cards and hands, for the writers, the reader's messages and the serde forms.
//!
//! ```
//! use cards_core::{Card, CardSet, Rank, Suit};
//! let ace = Card::new(Rank::Ace, Suit::Spades);
//! assert_eq!(lin::text::card_text(ace), "SA");
//! assert_eq!(lin::text::hand_text(CardSet::from(ace)), "SAHDC");
//! ```

use cards_core::{Card, CardSet, Suit};

/// A card as BBO writes it: suit then rank, upper case (`SA`, `HT`).
#[must_use]
pub fn card_text(card: Card) -> String {
    let mut text = String::with_capacity(2);
    text.push(card.suit().upper_char());
    text.push(card.rank().char());
    text
}

/// A hand as `md` writes it: each suit letter S H D C followed by its ranks, high to low (a void
/// is its letter alone, as Bridge Composer writes it).
#[must_use]
pub fn hand_text(hand: CardSet) -> String {
    let mut text = String::with_capacity(17);
    for suit in [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs] {
        text.push(suit.upper_char());
        for card in hand.suit(suit).into_iter().rev() {
            text.push(card.rank().char());
        }
    }
    text
}
