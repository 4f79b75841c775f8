//! Suits, ranks and cards: one byte each.
//!
//! Cards and suits have no `Display`: every notation spells them its own way (PHH `Ah`, PBN and
//! Pinochle `HA`, Preferans `AH`, LIN `HA`, site logs their own), so each notation's crate spells
//! its cards with its own functions (`poker_engine::card_text`, `pbn::text`, ...), from the
//! neutral parts here ([`Rank::char`], [`Suit::lower_char`], [`Suit::upper_char`],
//! [`Suit::symbol`]). A rank's `Display` is its character, which every notation here shares.
//! `Debug` of a card is rank then lower-case suit (`Ah`), for test output.

use core::fmt;

/// A card suit.
///
/// The discriminants follow the bridge ranking (clubs lowest, spades highest), which is also the
/// order in which a [`CardSet`](crate::CardSet) iterates.
///
/// ```
/// use cards_core::Suit;
/// assert_eq!(Suit::from_char('h'), Some(Suit::Hearts));
/// assert_eq!(Suit::Spades.lower_char(), 's');
/// assert!(Suit::Spades > Suit::Hearts);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Suit {
    /// Clubs (♣).
    Clubs = 0,
    /// Diamonds (♦).
    Diamonds = 1,
    /// Hearts (♥).
    Hearts = 2,
    /// Spades (♠).
    Spades = 3,
}

impl Suit {
    /// All four suits, lowest first.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    /// The suit with this index (0 = clubs … 3 = spades).
    #[must_use]
    pub const fn from_index(index: u8) -> Option<Suit> {
        match index {
            0 => Some(Suit::Clubs),
            1 => Some(Suit::Diamonds),
            2 => Some(Suit::Hearts),
            3 => Some(Suit::Spades),
            _ => None,
        }
    }

    /// The index of the suit (0 = clubs … 3 = spades).
    #[must_use]
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// Parses `c d h s` in either case.
    #[must_use]
    pub const fn from_char(ch: char) -> Option<Suit> {
        match ch {
            'c' | 'C' => Some(Suit::Clubs),
            'd' | 'D' => Some(Suit::Diamonds),
            'h' | 'H' => Some(Suit::Hearts),
            's' | 'S' => Some(Suit::Spades),
            _ => None,
        }
    }

    /// Lower-case letter, as PHH writes it.
    #[must_use]
    pub const fn lower_char(self) -> char {
        match self {
            Suit::Clubs => 'c',
            Suit::Diamonds => 'd',
            Suit::Hearts => 'h',
            Suit::Spades => 's',
        }
    }

    /// Upper-case letter, as PBN and PPN write it.
    #[must_use]
    pub const fn upper_char(self) -> char {
        match self {
            Suit::Clubs => 'C',
            Suit::Diamonds => 'D',
            Suit::Hearts => 'H',
            Suit::Spades => 'S',
        }
    }

    /// The Unicode suit symbol.
    #[must_use]
    pub const fn symbol(self) -> char {
        match self {
            Suit::Clubs => '♣',
            Suit::Diamonds => '♦',
            Suit::Hearts => '♥',
            Suit::Spades => '♠',
        }
    }
}

/// A card rank, deuce lowest and ace highest.
///
/// ```
/// use cards_core::Rank;
/// assert_eq!(Rank::from_char('T'), Some(Rank::Ten));
/// assert_eq!(Rank::Ace.char(), 'A');
/// assert!(Rank::Ace > Rank::King);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Rank {
    /// 2
    Two = 0,
    /// 3
    Three = 1,
    /// 4
    Four = 2,
    /// 5
    Five = 3,
    /// 6
    Six = 4,
    /// 7
    Seven = 5,
    /// 8
    Eight = 6,
    /// 9
    Nine = 7,
    /// 10, written `T`
    Ten = 8,
    /// Jack
    Jack = 9,
    /// Queen
    Queen = 10,
    /// King
    King = 11,
    /// Ace
    Ace = 12,
}

impl Rank {
    /// All thirteen ranks, deuce first.
    pub const ALL: [Rank; 13] = [
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
    ];

    /// The rank with this index (0 = deuce … 12 = ace).
    #[must_use]
    pub const fn from_index(index: u8) -> Option<Rank> {
        if index < 13 { Some(Rank::ALL[index as usize]) } else { None }
    }

    /// The index of the rank (0 = deuce … 12 = ace).
    #[must_use]
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// Parses `2`–`9`, `T`, `J`, `Q`, `K`, `A` (upper case only, as every notation here writes them).
    #[must_use]
    pub const fn from_char(ch: char) -> Option<Rank> {
        match ch {
            '2' => Some(Rank::Two),
            '3' => Some(Rank::Three),
            '4' => Some(Rank::Four),
            '5' => Some(Rank::Five),
            '6' => Some(Rank::Six),
            '7' => Some(Rank::Seven),
            '8' => Some(Rank::Eight),
            '9' => Some(Rank::Nine),
            'T' => Some(Rank::Ten),
            'J' => Some(Rank::Jack),
            'Q' => Some(Rank::Queen),
            'K' => Some(Rank::King),
            'A' => Some(Rank::Ace),
            _ => None,
        }
    }

    /// Like [`Rank::from_char`] but also accepts lower-case letters (`t`, `j`, `q`, `k`, `a`).
    #[must_use]
    pub const fn from_char_ignore_case(ch: char) -> Option<Rank> {
        Rank::from_char(ch.to_ascii_uppercase())
    }

    /// The rank's character.
    #[must_use]
    pub const fn char(self) -> char {
        match self {
            Rank::Two => '2',
            Rank::Three => '3',
            Rank::Four => '4',
            Rank::Five => '5',
            Rank::Six => '6',
            Rank::Seven => '7',
            Rank::Eight => '8',
            Rank::Nine => '9',
            Rank::Ten => 'T',
            Rank::Jack => 'J',
            Rank::Queen => 'Q',
            Rank::King => 'K',
            Rank::Ace => 'A',
        }
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// A playing card in one byte: `suit << 4 | rank`.
///
/// The encoding leaves gaps (indices 13–15 of each suit are unused) so that each suit occupies
/// its own 16-bit lane of a [`CardSet`](crate::CardSet), which makes flush and straight tests cheap.
///
/// ```
/// use cards_core::{Card, Rank, Suit};
/// let card = Card::new(Rank::Ace, Suit::Hearts);
/// assert_eq!(card.rank(), Rank::Ace);
/// assert_eq!(card.suit(), Suit::Hearts);
/// assert_eq!(format!("{card:?}"), "Ah");
/// assert_eq!(core::mem::size_of::<Card>(), 1);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(transparent)]
pub struct Card(u8);

impl Card {
    /// Makes a card from its rank and suit.
    #[must_use]
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card((suit as u8) << 4 | rank as u8)
    }

    /// The card's rank.
    #[must_use]
    pub const fn rank(self) -> Rank {
        // The low nibble is always 0..=12 by construction.
        match Rank::from_index(self.0 & 0x0f) {
            Some(rank) => rank,
            None => Rank::Two,
        }
    }

    /// The card's suit.
    #[must_use]
    pub const fn suit(self) -> Suit {
        match Suit::from_index(self.0 >> 4) {
            Some(suit) => suit,
            None => Suit::Clubs,
        }
    }

    /// The card's bit index in a [`CardSet`](crate::CardSet) (`suit * 16 + rank`, 0..=60).
    #[must_use]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The card at a bit index, if the index names one.
    #[must_use]
    pub const fn from_index(index: u8) -> Option<Card> {
        if index < 64 && (index & 0x0f) < 13 { Some(Card(index)) } else { None }
    }

    /// A dense number 0..52 (suit * 13 + rank), handy for arrays indexed by card.
    #[must_use]
    pub const fn dense_index(self) -> u8 {
        (self.0 >> 4) * 13 + (self.0 & 0x0f)
    }

    /// The card with dense number `index` (0..52).
    #[must_use]
    pub const fn from_dense_index(index: u8) -> Option<Card> {
        if index < 52 { Some(Card((index / 13) << 4 | (index % 13))) } else { None }
    }

    /// All 52 cards of a standard deck, in [`CardSet`](crate::CardSet) order.
    pub fn all() -> impl Iterator<Item = Card> {
        (0u8..52).filter_map(Card::from_dense_index)
    }

    /// The card written as rank then suit, both upper case (`AH`), as some notations need.
    #[must_use]
    pub fn rank_suit_upper(self) -> [char; 2] {
        [self.rank().char(), self.suit().upper_char()]
    }

    /// The card written as suit then rank, both upper case (`HA`): the PBN and Pinochle order.
    #[must_use]
    pub fn suit_rank_upper(self) -> [char; 2] {
        [self.suit().upper_char(), self.rank().char()]
    }
}

impl fmt::Debug for Card {
    /// Rank then lower-case suit (`Ah`, `Td`), short for test output; not any notation's text.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank().char(), self.suit().lower_char())
    }
}

/// A card that may be unknown: face down, or not recorded.
///
/// Hand histories often show only some players' cards; every notation here has a way to say
/// "a card was there but we do not know which" (`??` in PHH, `-` in PBN, `?` in PPN).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MaybeCard {
    /// A known card.
    Known(Card),
    /// A card whose identity was not recorded.
    Unknown,
}

impl MaybeCard {
    /// The card, if known.
    #[must_use]
    pub const fn known(self) -> Option<Card> {
        match self {
            MaybeCard::Known(card) => Some(card),
            MaybeCard::Unknown => None,
        }
    }

    /// Whether the card is unknown.
    #[must_use]
    pub const fn is_unknown(self) -> bool {
        matches!(self, MaybeCard::Unknown)
    }
}

impl From<Card> for MaybeCard {
    fn from(card: Card) -> Self {
        MaybeCard::Known(card)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_card_round_trips_through_its_parts_and_indices() {
        let mut count = 0;
        for suit in Suit::ALL {
            for rank in Rank::ALL {
                let card = Card::new(rank, suit);
                assert_eq!(card.rank(), rank);
                assert_eq!(card.suit(), suit);
                assert_eq!(Card::from_index(card.index()), Some(card));
                assert_eq!(Card::from_dense_index(card.dense_index()), Some(card));
                count += 1;
            }
        }
        assert_eq!(count, 52);
        assert_eq!(Card::all().count(), 52);
    }

    #[test]
    fn gap_indices_are_not_cards() {
        for index in 0u8..=255 {
            let valid = index < 64 && index % 16 < 13;
            assert_eq!(Card::from_index(index).is_some(), valid, "index {index}");
        }
        assert_eq!(Card::from_dense_index(52), None);
    }

    #[test]
    fn rank_and_suit_chars_round_trip() {
        for rank in Rank::ALL {
            assert_eq!(Rank::from_char(rank.char()), Some(rank));
            assert_eq!(Rank::from_char_ignore_case(rank.char().to_ascii_lowercase()), Some(rank));
        }
        for suit in Suit::ALL {
            assert_eq!(Suit::from_char(suit.lower_char()), Some(suit));
            assert_eq!(Suit::from_char(suit.upper_char()), Some(suit));
        }
        assert_eq!(Rank::from_char('1'), None);
        assert_eq!(Rank::from_char('t'), None);
        assert_eq!(Suit::from_char('x'), None);
    }

    #[test]
    fn spelling_parts() {
        let card = Card::new(Rank::Ten, Suit::Diamonds);
        assert_eq!(format!("{card:?}"), "Td");
        assert_eq!(Rank::Ten.to_string(), "T");
        assert_eq!(card.suit_rank_upper(), ['D', 'T']);
        assert_eq!(card.rank_suit_upper(), ['T', 'D']);
        assert_eq!(format!("{:?}", MaybeCard::from(card)), "Known(Td)");
    }
}
