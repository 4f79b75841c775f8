//! Pinochle PPN card text: a card is suit then rank (`HA`, `CT`, ranks `A T K Q J 9`); a hand is
//! four dot-separated groups in the suit order clubs, diamonds, spades, hearts, each group's rank
//! letters from A down to 9, copies repeated (`AAT.K.QJ.A`).
//!
//! ```
//! use ppn_pinochle::card_text as pinochle;
//! let hand = pinochle::parse_hand("AAT.K..QJ").unwrap();
//! assert_eq!(hand.len(), 6);
//! assert_eq!(pinochle::write_hand(&hand), "AAT.K..QJ");
//! assert_eq!(pinochle::write_card(pinochle::parse_card("CT").unwrap()), "CT");
//! ```

use cards_core::CardCounts;
use cards_core::text::{CardTextError, CardTextErrorKind};
use cards_core::{Card, Rank, Suit};

/// Suits in the order Pinochle PPN writes hands.
pub const HAND_SUIT_ORDER: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Spades, Suit::Hearts];

/// Ranks the Pinochle notation knows, highest first (A T K Q J 9).
pub const RANK_ORDER: [Rank; 6] = [Rank::Ace, Rank::Ten, Rank::King, Rank::Queen, Rank::Jack, Rank::Nine];

/// Pinochle strength of a rank: 0 for the ace (highest) … 5 for the nine; `None` outside the deck.
#[must_use]
pub fn rank_strength(rank: Rank) -> Option<usize> {
    RANK_ORDER.iter().position(|&r| r == rank)
}

/// For each byte, 1 + its rank's place in [`RANK_ORDER`] (0: not a rank letter).
const STRENGTH_OF: [u8; 256] = {
    let mut table = [0; 256];
    let letters = b"ATKQJ9";
    let mut i = 0;
    while i < letters.len() {
        table[letters[i] as usize] = i as u8 + 1;
        i += 1;
    }
    table
};

fn parse_rank(b: u8) -> Option<Rank> {
    match b {
        b'A' => Some(Rank::Ace),
        b'T' => Some(Rank::Ten),
        b'K' => Some(Rank::King),
        b'Q' => Some(Rank::Queen),
        b'J' => Some(Rank::Jack),
        b'9' => Some(Rank::Nine),
        _ => None,
    }
}

/// Parses a card written suit then rank (`HA`).
pub fn parse_card(text: &str) -> Result<Card, CardTextError> {
    cards_core::text::parse_suit_then_rank(text, parse_rank)
}

/// Writes a card suit then rank (`HA`).
#[must_use]
pub fn write_card(card: Card) -> String {
    card.suit_rank_upper().iter().collect()
}

/// Parses a dot-separated hand. Exactly four groups; ranks within a group must not rise
/// (`OutOfOrder` otherwise), which is the notation's rule.
pub fn parse_hand(text: &str) -> Result<CardCounts, CardTextError> {
    let mut hand = CardCounts::new();
    let mut group = 0usize;
    let mut last_strength = 0usize;
    for (i, b) in text.bytes().enumerate() {
        if b == b'.' {
            group += 1;
            last_strength = 0;
            if group > 3 {
                return Err(CardTextError::new(CardTextErrorKind::SuitGroups, i, i + 1));
            }
            continue;
        }
        let strength = match STRENGTH_OF[usize::from(b)] {
            0 => return Err(CardTextError::new(CardTextErrorKind::BadRank, i, i + 1)),
            s => usize::from(s - 1),
        };
        let rank = RANK_ORDER[strength];
        if strength < last_strength {
            return Err(CardTextError::new(CardTextErrorKind::OutOfOrder, i, i + 1));
        }
        last_strength = strength;
        if hand.insert(Card::new(rank, HAND_SUIT_ORDER[group])).is_none() {
            return Err(CardTextError::new(CardTextErrorKind::Duplicate, i, i + 1));
        }
    }
    if group != 3 {
        return Err(CardTextError::new(CardTextErrorKind::SuitGroups, 0, text.len()));
    }
    Ok(hand)
}

/// Writes a hand in the notation's order.
#[must_use]
pub fn write_hand(hand: &CardCounts) -> String {
    let mut out = String::with_capacity(hand.len() + 3);
    for (i, suit) in HAND_SUIT_ORDER.into_iter().enumerate() {
        if i > 0 {
            out.push('.');
        }
        for rank in RANK_ORDER {
            for _ in 0..hand.count(Card::new(rank, suit)) {
                out.push(rank.char());
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards_core::Deck;

    #[test]
    fn spec_deal_hands_have_twenty_cards_and_make_the_deck() {
        let hands = [
            "ATTTQQJ.QQJJ.AQQQJ.TKQQ",
            "KQQJJ.TKKKKQ.AK.AATKQJJ",
            "TKJ.AAAATTJJ.AATTKJJ.KJ",
            "AAAKK.TQ.TTKKQJ.AATTKQJ",
        ];
        let mut all = CardCounts::new();
        for text in hands {
            let hand = parse_hand(text).unwrap_or_default();
            assert_eq!(hand.len(), 20, "{text}");
            assert_eq!(write_hand(&hand), text);
            for card in hand.cards() {
                let _ = all.insert(card);
            }
        }
        assert_eq!(all, Deck::Pinochle80.counts());
    }

    #[test]
    fn the_strength_table_is_the_rank_order() {
        for b in 0..=255u8 {
            let expected = parse_rank(b).and_then(rank_strength).map_or(0, |s| s + 1);
            assert_eq!(usize::from(STRENGTH_OF[usize::from(b)]), expected, "{b}");
        }
    }

    #[test]
    fn cards_and_errors() {
        for card in Deck::Pinochle80.cards() {
            assert_eq!(parse_card(&write_card(card)), Ok(card));
        }
        assert_eq!(parse_card("H9").map(|c| c.rank()), Ok(Rank::Nine));
        assert_eq!(parse_card("H8").map_err(|e| e.kind), Err(CardTextErrorKind::BadRank));
        assert_eq!(parse_hand("TA..."), Err(CardTextError::new(CardTextErrorKind::OutOfOrder, 1, 2)));
        assert_eq!(parse_hand("A..").map_err(|e| e.kind), Err(CardTextErrorKind::SuitGroups));
        assert_eq!(parse_hand("A.x..").map_err(|e| e.span.start), Err(2));
    }
}
