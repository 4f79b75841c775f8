//! PBN card text: a card is suit then rank (`SA`, `HT`); a hand is four suit holdings separated by
//! dots in the order spades, hearts, diamonds, clubs, each from the highest rank down
//! (`AKQ.JT9..5432`); `-` is a hand that is not known.
//!
//! ```
//! use pbn::text;
//! let hand = text::parse_hand("AKQ.JT9..5432").unwrap().unwrap();
//! assert_eq!(hand.len(), 10);
//! assert_eq!(text::write_hand(Some(hand)), "AKQ.JT9..5432");
//! assert_eq!(text::parse_hand("-").unwrap(), None);
//! assert_eq!(text::write_card(text::parse_card("HT").unwrap()), "HT");
//! ```

use cards_core::{Card, CardSet, CardTextError, CardTextErrorKind, Rank, Span, Suit};

/// Suits in the order PBN writes hands.
pub const HAND_SUIT_ORDER: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

const fn error(kind: CardTextErrorKind, start: usize, end: usize) -> CardTextError {
    CardTextError { kind, span: Span { start, end } }
}

/// Parses a card written suit then rank (`SA`), upper case. Error spans cover whole characters.
pub fn parse_card(text: &str) -> Result<Card, CardTextError> {
    let bytes = text.as_bytes();
    let (Some(&s), Some(&r)) = (bytes.first(), bytes.get(1)) else {
        return Err(error(CardTextErrorKind::Truncated, 0, text.len()));
    };
    let char_end = |at: usize| Span::new(at, at + 1).snap_to_chars(text);
    let suit = match s {
        b'S' | b'H' | b'D' | b'C' => Suit::from_char(s as char),
        _ => None,
    }
    .ok_or_else(|| CardTextError { kind: CardTextErrorKind::BadSuit, span: char_end(0) })?;
    let rank = Rank::from_char(r as char)
        .ok_or_else(|| CardTextError { kind: CardTextErrorKind::BadRank, span: char_end(1) })?;
    if bytes.len() > 2 {
        return Err(CardTextError {
            kind: CardTextErrorKind::BadRank,
            span: char_end(2).join(Span::at(text.len())),
        });
    }
    Ok(Card::new(rank, suit))
}

/// Writes a card suit then rank (`SA`).
#[must_use]
pub fn write_card(card: Card) -> String {
    card.suit_rank_upper().iter().collect()
}

/// Parses a hand `S.H.D.C`, or `-` for an unknown hand (`Ok(None)`).
///
/// Ranks inside a holding may be given in any order (real files do); a repeated card, a bad
/// rank or a wrong number of dots is an error with the span of the offending part.
pub fn parse_hand(text: &str) -> Result<Option<CardSet>, CardTextError> {
    if text == "-" {
        return Ok(None);
    }
    let mut hand = CardSet::EMPTY;
    let mut group = 0usize;
    for (i, b) in text.bytes().enumerate() {
        if b == b'.' {
            group += 1;
            if group > 3 {
                return Err(error(CardTextErrorKind::SuitGroups, i, i + 1));
            }
            continue;
        }
        let rank = Rank::from_char(b as char).ok_or(error(CardTextErrorKind::BadRank, i, i + 1))?;
        let card = Card::new(rank, HAND_SUIT_ORDER[group]);
        if !hand.insert(card) {
            return Err(error(CardTextErrorKind::Duplicate, i, i + 1));
        }
    }
    if group != 3 {
        return Err(error(CardTextErrorKind::SuitGroups, 0, text.len()));
    }
    Ok(Some(hand))
}

/// Whether every holding of a hand's text lists its ranks from the highest down (the canonical order).
#[must_use]
pub fn is_canonical_order(text: &str) -> bool {
    text.split('.').all(|holding| {
        let ranks: Vec<Option<Rank>> = holding.chars().map(Rank::from_char).collect();
        ranks.windows(2).all(|w| matches!((w[0], w[1]), (Some(a), Some(b)) if a > b))
    })
}

/// Writes a hand in canonical form (`AKQ.JT9..5432`), or `-` for `None`.
#[must_use]
pub fn write_hand(hand: Option<CardSet>) -> String {
    let mut out = String::with_capacity(hand.map_or(1, |h| h.len() + 3));
    push_hand(&mut out, hand, [0; 4]);
    out
}

/// Appends a hand in canonical form, each suit followed by its `spots` small cards written `x`
/// (a hand not given is `-`, then the first suit's spots).
pub(crate) fn push_hand(out: &mut String, hand: Option<CardSet>, spots: [u8; 4]) {
    let Some(hand) = hand else {
        out.push('-');
        push_spots(out, spots[0]);
        return;
    };
    for (i, (suit, spots)) in HAND_SUIT_ORDER.into_iter().zip(spots).enumerate() {
        if i > 0 {
            out.push('.');
        }
        for card in hand.suit(suit).iter().rev() {
            out.push(card.rank().char());
        }
        push_spots(out, spots);
    }
}

fn push_spots(out: &mut String, spots: u8) {
    out.extend(std::iter::repeat_n('x', usize::from(spots)));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cards_round_trip() {
        for card in Card::all() {
            assert_eq!(parse_card(&write_card(card)), Ok(card));
        }
        assert_eq!(parse_card("XA").map_err(|e| e.kind), Err(CardTextErrorKind::BadSuit));
        assert_eq!(parse_card("S1").map_err(|e| e.kind), Err(CardTextErrorKind::BadRank));
        assert_eq!(parse_card("S").map_err(|e| e.kind), Err(CardTextErrorKind::Truncated));
    }

    #[test]
    fn hands_and_errors() {
        assert_eq!(parse_hand("...").map(|h| h.map(CardSet::len)), Ok(Some(0)));
        assert_eq!(
            write_hand(Some(CardSet::FULL)),
            "AKQJT98765432.AKQJT98765432.AKQJT98765432.AKQJT98765432"
        );
        assert_eq!(parse_hand("AA..."), Err(error(CardTextErrorKind::Duplicate, 1, 2)));
        assert_eq!(parse_hand("A.K.Q.J.T"), Err(error(CardTextErrorKind::SuitGroups, 7, 8)));
        assert_eq!(parse_hand("A.K.Q").map_err(|e| e.kind), Err(CardTextErrorKind::SuitGroups));
        assert_eq!(parse_hand("A.K.Q.x"), Err(error(CardTextErrorKind::BadRank, 6, 7)));
        assert!(is_canonical_order("AKQ.JT9..5432"));
        assert!(!is_canonical_order("KAQ..."));
        // Out-of-order ranks still read, and write back canonically.
        assert_eq!(parse_hand("KA...").map(write_hand), Ok("AK...".to_owned()));
    }
}
