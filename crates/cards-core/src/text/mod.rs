//! Card text shared by the notations: the error type every card parser returns and the
//! suit-then-rank reader PBN and Pinochle cards share. The notations' own card text lives in their
//! crates (`poker_engine::card_text` for PHH, `ppn_pref::card_text`, `ppn_pinochle::card_text`).
//!
//! | notation | card | hand |
//! |---|---|---|
//! Errors are [`CardTextError`] values whose span is relative to the text given to the parser;
//! callers shift it by the text's offset in the file.

use core::fmt;

use crate::card::{Card, Rank, Suit};
use crate::diagnostic::Span;

/// What is wrong with a piece of card text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CardTextErrorKind {
    /// A character that is not a rank where a rank belongs.
    BadRank,
    /// A character that is not a suit where a suit belongs.
    BadSuit,
    /// The text ends in the middle of a card.
    Truncated,
    /// A code character that names no card.
    BadCode,
    /// The same card twice where cards must be distinct.
    Duplicate,
    /// Ranks of a suit group not in the notation's order.
    OutOfOrder,
    /// Wrong number of suit groups in a hand.
    SuitGroups,
    /// Nothing where something was required.
    Empty,
}

/// An error in card text, with the byte span of the offending part.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CardTextError {
    /// What is wrong.
    pub kind: CardTextErrorKind,
    /// Where, relative to the parsed text.
    pub span: Span,
}

impl CardTextError {
    /// An error of `kind` over bytes `start..end` of the parsed text.
    #[must_use]
    pub const fn new(kind: CardTextErrorKind, start: usize, end: usize) -> CardTextError {
        CardTextError { kind, span: Span { start, end } }
    }
}

impl fmt::Display for CardTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.kind {
            CardTextErrorKind::BadRank => "invalid rank",
            CardTextErrorKind::BadSuit => "invalid suit",
            CardTextErrorKind::Truncated => "card cut short",
            CardTextErrorKind::BadCode => "invalid card code",
            CardTextErrorKind::Duplicate => "card repeated",
            CardTextErrorKind::OutOfOrder => "ranks out of order",
            CardTextErrorKind::SuitGroups => "wrong number of suit groups",
            CardTextErrorKind::Empty => "no cards",
        };
        write!(f, "{what} at bytes {}..{}", self.span.start, self.span.end)
    }
}

impl std::error::Error for CardTextError {}

/// A card written suit letter (`S H D C`) then rank, as PBN and the Pinochle notation write them;
/// `rank` reads the rank letter of the notation. Error spans cover whole characters.
///
/// # Errors
/// A [`CardTextError`] naming the bad or missing character.
pub fn parse_suit_then_rank(text: &str, rank: impl Fn(u8) -> Option<Rank>) -> Result<Card, CardTextError> {
    let bytes = text.as_bytes();
    let (Some(&s), Some(&r)) = (bytes.first(), bytes.get(1)) else {
        return Err(CardTextError::new(CardTextErrorKind::Truncated, 0, text.len()));
    };
    let char_end = |at: usize| Span::new(at, at + 1).snap_to_chars(text);
    let suit = match s {
        b'S' | b'H' | b'D' | b'C' => Suit::from_char(s as char),
        _ => None,
    }
    .ok_or_else(|| CardTextError { kind: CardTextErrorKind::BadSuit, span: char_end(0) })?;
    let rank =
        rank(r).ok_or_else(|| CardTextError { kind: CardTextErrorKind::BadRank, span: char_end(1) })?;
    if bytes.len() > 2 {
        return Err(CardTextError {
            kind: CardTextErrorKind::BadRank,
            span: char_end(2).join(Span::at(text.len())),
        });
    }
    Ok(Card::new(rank, suit))
}
