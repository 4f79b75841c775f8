//! PHH card text: rank then lower-case suit (`Ah`, `Td`), `??` for an unknown card, several cards
//! written back to back (`AhKs????`).
//!
//! ```
//! use poker_engine::card_text as phh;
//! use cards_core::MaybeCard;
//! let cards = phh::parse_cards("AhKs??").unwrap();
//! assert_eq!(cards.len(), 3);
//! assert_eq!(cards[2], MaybeCard::Unknown);
//! assert_eq!(phh::write_cards(&cards), "AhKs??");
//! assert_eq!(format!("{} {}", phh::spell(cards[0]), phh::spell(cards[2])), "Ah ??");
//! ```

use core::fmt;

use cards_core::text::{CardTextError, CardTextErrorKind};
use cards_core::{Card, MaybeCard, Rank, Suit};

/// Parses one known card (`Ah`). Suits must be lower case, ranks upper case, as the spec writes them.
pub fn parse_card(text: &str) -> Result<Card, CardTextError> {
    match parse_maybe_card(text)? {
        MaybeCard::Known(card) => Ok(card),
        MaybeCard::Unknown => Err(CardTextError::new(CardTextErrorKind::BadRank, 0, 2)),
    }
}

/// Parses one card that may be unknown (`Ah` or `??`).
pub fn parse_maybe_card(text: &str) -> Result<MaybeCard, CardTextError> {
    let bytes = text.as_bytes();
    if bytes.len() != 2 {
        let kind = if bytes.len() < 2 { CardTextErrorKind::Truncated } else { CardTextErrorKind::BadSuit };
        return Err(CardTextError::new(kind, 0, text.len()));
    }
    card_at(bytes, 0)
}

fn card_at(bytes: &[u8], at: usize) -> Result<MaybeCard, CardTextError> {
    let (Some(&r), Some(&s)) = (bytes.get(at), bytes.get(at + 1)) else {
        return Err(CardTextError::new(CardTextErrorKind::Truncated, at, bytes.len()));
    };
    if r == b'?' && s == b'?' {
        return Ok(MaybeCard::Unknown);
    }
    let rank =
        Rank::from_char(r as char).ok_or(CardTextError::new(CardTextErrorKind::BadRank, at, at + 1))?;
    let suit = match s {
        b'c' | b'd' | b'h' | b's' => Suit::from_char(s as char),
        _ => None,
    }
    .ok_or(CardTextError::new(CardTextErrorKind::BadSuit, at + 1, at + 2))?;
    Ok(MaybeCard::Known(Card::new(rank, suit)))
}

/// Iterates the cards of a run like `AhKs??` without allocating. Yields an error (and then stops)
/// at the first malformed card.
#[derive(Debug, Clone)]
pub struct Cards<'a> {
    bytes: &'a [u8],
    at: usize,
    failed: bool,
}

impl Iterator for Cards<'_> {
    type Item = Result<MaybeCard, CardTextError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed || self.at >= self.bytes.len() {
            return None;
        }
        let item = card_at(self.bytes, self.at);
        if item.is_err() {
            self.failed = true;
        }
        self.at += 2;
        Some(item)
    }
}

/// The cards of a run, lazily.
#[must_use]
pub fn cards(text: &str) -> Cards<'_> {
    Cards { bytes: text.as_bytes(), at: 0, failed: false }
}

/// Parses a run of cards written back to back (`AhKs????`). An empty string is an empty run.
pub fn parse_cards(text: &str) -> Result<Vec<MaybeCard>, CardTextError> {
    cards(text).collect()
}

/// Writes cards back to back.
#[must_use]
pub fn write_cards(cards: &[MaybeCard]) -> String {
    let mut out = String::with_capacity(cards.len() * 2);
    for card in cards {
        push_card(&mut out, *card);
    }
    out
}

/// Appends one card (`Ah` or `??`).
pub fn push_card(out: &mut String, card: MaybeCard) {
    match card {
        MaybeCard::Known(card) => {
            out.push(card.rank().char());
            out.push(card.suit().lower_char());
        }
        MaybeCard::Unknown => out.push_str("??"),
    }
}

/// A card as PHH writes it (`Ah`, or `??` when unknown), for `format!` and `write!`: how PHH and
/// the poker crates spell a card in text and messages (cards-core's cards have no `Display`).
#[must_use]
pub fn spell(card: impl Into<MaybeCard>) -> Spelled {
    Spelled(card.into())
}

/// A card in PHH's spelling (see [`spell`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Spelled(MaybeCard);

impl fmt::Display for Spelled {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            MaybeCard::Known(card) => write!(f, "{}{}", card.rank().char(), card.suit().lower_char()),
            MaybeCard::Unknown => f.write_str("??"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_card_round_trips() {
        for card in Card::all() {
            let text = spell(card).to_string();
            assert_eq!(parse_card(&text), Ok(card));
        }
    }

    #[test]
    fn errors_point_at_the_bad_character() {
        assert_eq!(
            parse_cards("AhKx").map(|_| ()),
            Err(CardTextError::new(CardTextErrorKind::BadSuit, 3, 4))
        );
        assert_eq!(
            parse_cards("Ah1s").map(|_| ()),
            Err(CardTextError::new(CardTextErrorKind::BadRank, 2, 3))
        );
        assert_eq!(
            parse_cards("AhK").map(|_| ()),
            Err(CardTextError::new(CardTextErrorKind::Truncated, 2, 3))
        );
        assert_eq!(parse_cards("AH").map(|_| ()).map_err(|e| e.kind), Err(CardTextErrorKind::BadSuit));
        assert_eq!(parse_cards("?h").map(|_| ()).map_err(|e| e.kind), Err(CardTextErrorKind::BadRank));
        assert_eq!(parse_card("??").map_err(|e| e.kind), Err(CardTextErrorKind::BadRank));
        assert_eq!(parse_maybe_card("Ahh").map_err(|e| e.kind), Err(CardTextErrorKind::BadSuit));
    }

    #[test]
    fn empty_run_is_empty() {
        assert_eq!(parse_cards(""), Ok(vec![]));
    }
}
