//! Preferans PPN card codes: one character per card of the 32-card deck.
//!
//! | code | cards |
//! |---|---|
//! | `1`–`8` | spades 7 8 9 10 J Q K A |
//! | `9`, `A`–`G` | diamonds 7 8 9 10 J Q K A |
//! | `H`–`O` | hearts 7 … A |
//! | `P`–`W` | clubs 7 … A |
//!
//! ```
//! use ppn_pref::card_text as pref;
//! use cards_core::{Card, Rank, Suit};
//! assert_eq!(pref::parse_code('1'), Some(Card::new(Rank::Seven, Suit::Spades)));
//! assert_eq!(pref::code(Card::new(Rank::Ace, Suit::Clubs)), Some('W'));
//! assert_eq!(pref::mini(Card::new(Rank::Ten, Suit::Hearts)), "XH");
//! ```

use cards_core::text::{CardTextError, CardTextErrorKind};
use cards_core::{Card, Rank, Suit};

const CODES: &[u8; 32] = b"123456789ABCDEFGHIJKLMNOPQRSTUVW";
const SUIT_BLOCKS: [Suit; 4] = [Suit::Spades, Suit::Diamonds, Suit::Hearts, Suit::Clubs];

/// The card a code character names, if any.
#[must_use]
pub fn parse_code(code: char) -> Option<Card> {
    let at = CODES.iter().position(|&c| c as char == code)?;
    let suit = SUIT_BLOCKS[at / 8];
    let rank = Rank::from_index(Rank::Seven as u8 + (at % 8) as u8)?;
    Some(Card::new(rank, suit))
}

/// The code character of a card, if it is in the 32-card deck.
#[must_use]
pub fn code(card: Card) -> Option<char> {
    if card.rank() < Rank::Seven {
        return None;
    }
    let block = SUIT_BLOCKS.iter().position(|&s| s == card.suit())?;
    CODES.get(block * 8 + (card.rank() as usize - Rank::Seven as usize)).map(|&c| c as char)
}

/// The card's "mini" name in the spec's table: rank (`X` for ten) then suit (`7S`, `XH`, `AC`).
#[must_use]
pub fn mini(card: Card) -> String {
    let rank = if card.rank() == Rank::Ten { 'X' } else { card.rank().char() };
    [rank, card.suit().upper_char()].iter().collect()
}

/// Parses a string of codes (`1BDH…`), one card per character.
pub fn parse_codes(text: &str) -> Result<Vec<Card>, CardTextError> {
    text.char_indices()
        .map(|(i, ch)| {
            parse_code(ch).ok_or(CardTextError::new(CardTextErrorKind::BadCode, i, i + ch.len_utf8()))
        })
        .collect()
}

/// Writes cards as codes; cards outside the 32-card deck are written as `?`.
#[must_use]
pub fn write_codes(cards: &[Card]) -> String {
    cards.iter().map(|&c| code(c).unwrap_or('?')).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards_core::Deck;

    #[test]
    fn table_matches_the_spec() {
        let expect = [
            ('1', "7S"),
            ('4', "XS"),
            ('8', "AS"),
            ('9', "7D"),
            ('C', "XD"),
            ('G', "AD"),
            ('H', "7H"),
            ('K', "XH"),
            ('O', "AH"),
            ('P', "7C"),
            ('S', "XC"),
            ('W', "AC"),
        ];
        for (c, name) in expect {
            assert_eq!(parse_code(c).map(mini).as_deref(), Some(name), "{c}");
        }
    }

    #[test]
    fn every_deck_card_round_trips() {
        let mut seen = 0;
        for card in Deck::Preferans32.cards() {
            let c = code(card);
            assert!(c.is_some());
            assert_eq!(c.and_then(parse_code), Some(card));
            seen += 1;
        }
        assert_eq!(seen, 32);
        assert_eq!(code(Card::new(Rank::Six, Suit::Spades)), None);
        assert_eq!(parse_code('X'), None);
        assert_eq!(parse_code('0'), None);
    }

    #[test]
    fn code_strings() {
        let cards = parse_codes("1BDHM27YQK");
        assert_eq!(cards.map_err(|e| e.span), Err(cards_core::Span::new(7, 8)));
        let ok = parse_codes("1BDHM27WQK").unwrap_or_default();
        assert_eq!(write_codes(&ok), "1BDHM27WQK");
    }
}
