//! Sets of distinct cards (a `u64` bitset) and multisets for decks with duplicate cards.

use core::fmt;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Sub, SubAssign};

use crate::card::{Card, Rank, Suit};

/// A set of distinct cards stored in one `u64`: bit `suit * 16 + rank`.
///
/// Iteration goes by suit (clubs, diamonds, hearts, spades), and within a suit from deuce to ace.
///
/// ```
/// use cards_core::{Card, CardSet, Rank, Suit};
/// let ah = Card::new(Rank::Ace, Suit::Hearts);
/// let ks = Card::new(Rank::King, Suit::Spades);
/// let set: CardSet = [ks, ah].into_iter().collect();
/// assert_eq!(set.len(), 2);
/// assert!(set.contains(ah));
/// assert_eq!(set.iter().collect::<Vec<_>>(), vec![ah, ks]);
/// assert_eq!((CardSet::FULL - set).len(), 50);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct CardSet(pub u64);

const LANE: u64 = 0x1fff;

impl CardSet {
    /// The empty set.
    pub const EMPTY: CardSet = CardSet(0);
    /// All 52 cards.
    pub const FULL: CardSet = CardSet(LANE | LANE << 16 | LANE << 32 | LANE << 48);

    /// A set holding one card.
    #[must_use]
    pub const fn single(card: Card) -> CardSet {
        CardSet(1 << card.index())
    }

    /// The set of the given ranks (a 13-bit mask, bit 0 = deuce) in one suit.
    #[must_use]
    pub const fn from_suit_ranks(suit: Suit, ranks: u16) -> CardSet {
        CardSet(((ranks as u64) & LANE) << (suit as u8 * 16))
    }

    /// The 13-bit mask of ranks held in `suit` (bit 0 = deuce … bit 12 = ace).
    #[must_use]
    pub const fn ranks_in(self, suit: Suit) -> u16 {
        ((self.0 >> (suit as u8 * 16)) & LANE) as u16
    }

    /// All cards of one suit held in the set.
    #[must_use]
    pub const fn suit(self, suit: Suit) -> CardSet {
        CardSet(self.0 & (LANE << (suit as u8 * 16)))
    }

    /// All cards of `rank` held in the set.
    #[must_use]
    pub const fn rank(self, rank: Rank) -> CardSet {
        let bit = 1u64 << rank as u8;
        CardSet(self.0 & (bit | bit << 16 | bit << 32 | bit << 48))
    }

    /// Number of cards.
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `card` is in the set.
    #[must_use]
    pub const fn contains(self, card: Card) -> bool {
        self.0 & (1 << card.index()) != 0
    }

    /// Adds a card; returns `false` if it was already there.
    pub fn insert(&mut self, card: Card) -> bool {
        let bit = 1u64 << card.index();
        let fresh = self.0 & bit == 0;
        self.0 |= bit;
        fresh
    }

    /// Removes a card; returns `false` if it was not there.
    pub fn remove(&mut self, card: Card) -> bool {
        let bit = 1u64 << card.index();
        let present = self.0 & bit != 0;
        self.0 &= !bit;
        present
    }

    /// Whether every card of `self` is in `other`.
    #[must_use]
    pub const fn is_subset(self, other: CardSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// Whether the two sets share no card.
    #[must_use]
    pub const fn is_disjoint(self, other: CardSet) -> bool {
        self.0 & other.0 == 0
    }

    /// The lowest card in iteration order.
    #[must_use]
    pub const fn first(self) -> Option<Card> {
        if self.0 == 0 { None } else { Card::from_index(self.0.trailing_zeros() as u8) }
    }

    /// The highest card in iteration order.
    #[must_use]
    pub const fn last(self) -> Option<Card> {
        if self.0 == 0 { None } else { Card::from_index(63 - self.0.leading_zeros() as u8) }
    }

    /// Iterates the cards, clubs first, deuce to ace within a suit.
    #[must_use]
    pub const fn iter(self) -> CardSetIter {
        CardSetIter(self.0)
    }
}

/// Iterator over a [`CardSet`], double-ended and exact-sized.
#[derive(Debug, Clone)]
pub struct CardSetIter(u64);

impl Iterator for CardSetIter {
    type Item = Card;

    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Card::from_index(index)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl DoubleEndedIterator for CardSetIter {
    fn next_back(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let index = 63 - self.0.leading_zeros() as u8;
        self.0 &= !(1u64 << index);
        Card::from_index(index)
    }
}

impl ExactSizeIterator for CardSetIter {}
impl core::iter::FusedIterator for CardSetIter {}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = CardSetIter;
    fn into_iter(self) -> CardSetIter {
        self.iter()
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> Self {
        let mut set = CardSet::EMPTY;
        set.extend(iter);
        set
    }
}

impl Extend<Card> for CardSet {
    fn extend<I: IntoIterator<Item = Card>>(&mut self, iter: I) {
        for card in iter {
            self.insert(card);
        }
    }
}

impl From<Card> for CardSet {
    fn from(card: Card) -> Self {
        CardSet::single(card)
    }
}

impl BitOr for CardSet {
    type Output = CardSet;
    fn bitor(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 | rhs.0)
    }
}
impl BitOrAssign for CardSet {
    fn bitor_assign(&mut self, rhs: CardSet) {
        self.0 |= rhs.0;
    }
}
impl BitAnd for CardSet {
    type Output = CardSet;
    fn bitand(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 & rhs.0)
    }
}
impl BitAndAssign for CardSet {
    fn bitand_assign(&mut self, rhs: CardSet) {
        self.0 &= rhs.0;
    }
}
impl BitXor for CardSet {
    type Output = CardSet;
    fn bitxor(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 ^ rhs.0)
    }
}
impl Sub for CardSet {
    type Output = CardSet;
    fn sub(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 & !rhs.0)
    }
}
impl SubAssign for CardSet {
    fn sub_assign(&mut self, rhs: CardSet) {
        self.0 &= !rhs.0;
    }
}
impl Not for CardSet {
    type Output = CardSet;
    /// The complement within the 52 cards.
    fn not(self) -> CardSet {
        CardSet(!self.0 & CardSet::FULL.0)
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// A multiset of cards: how many copies of each card, for decks with duplicates (Pinochle).
///
/// ```
/// use cards_core::{Card, CardCounts, Rank, Suit};
/// let ace = Card::new(Rank::Ace, Suit::Hearts);
/// let mut hand = CardCounts::new();
/// hand.insert(ace);
/// hand.insert(ace);
/// assert_eq!(hand.count(ace), 2);
/// assert_eq!(hand.len(), 2);
/// assert!(hand.remove(ace));
/// assert_eq!(hand.distinct().len(), 1);
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct CardCounts {
    counts: [u8; 64],
    total: u32,
}

impl Default for CardCounts {
    fn default() -> Self {
        CardCounts::new()
    }
}

impl CardCounts {
    /// An empty multiset.
    #[must_use]
    pub const fn new() -> CardCounts {
        CardCounts { counts: [0; 64], total: 0 }
    }

    /// Every card of `set` with `copies` copies each.
    #[must_use]
    pub fn from_set(set: CardSet, copies: u8) -> CardCounts {
        let mut counts = CardCounts::new();
        for card in set {
            counts.counts[card.index() as usize] = copies;
            counts.total += u32::from(copies);
        }
        counts
    }

    /// How many copies of `card`.
    #[must_use]
    pub const fn count(&self, card: Card) -> u8 {
        self.counts[card.index() as usize]
    }

    /// Adds one copy; returns the new count, or `None` (and changes nothing) at 255 copies.
    pub fn insert(&mut self, card: Card) -> Option<u8> {
        let slot = &mut self.counts[card.index() as usize];
        *slot = slot.checked_add(1)?;
        self.total += 1;
        Some(*slot)
    }

    /// Removes one copy; returns `false` if there was none.
    pub fn remove(&mut self, card: Card) -> bool {
        let slot = &mut self.counts[card.index() as usize];
        if *slot == 0 {
            return false;
        }
        *slot -= 1;
        self.total -= 1;
        true
    }

    /// Total number of cards, copies included.
    #[must_use]
    pub const fn len(&self) -> usize {
        self.total as usize
    }

    /// Whether there is no card.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.total == 0
    }

    /// The set of distinct cards present.
    #[must_use]
    pub fn distinct(&self) -> CardSet {
        let mut set = CardSet::EMPTY;
        for (index, &n) in self.counts.iter().enumerate() {
            if n > 0 {
                set.0 |= 1 << index;
            }
        }
        set
    }

    /// Whether every card of `self` appears in `other` at least as often.
    #[must_use]
    pub fn is_sub_multiset(&self, other: &CardCounts) -> bool {
        self.counts.iter().zip(other.counts.iter()).all(|(a, b)| a <= b)
    }

    /// `(card, copies)` for every card present, in [`CardSet`] order.
    pub fn iter(&self) -> impl Iterator<Item = (Card, u8)> + '_ {
        self.counts
            .iter()
            .enumerate()
            .filter(|(_, n)| **n > 0)
            .filter_map(|(index, &n)| Card::from_index(index as u8).map(|card| (card, n)))
    }

    /// Every copy, one item per card copy, in [`CardSet`] order.
    pub fn cards(&self) -> impl Iterator<Item = Card> + '_ {
        self.iter().flat_map(|(card, n)| core::iter::repeat_n(card, n as usize))
    }
}

impl FromIterator<Card> for CardCounts {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> Self {
        let mut counts = CardCounts::new();
        for card in iter {
            // Saturates silently at 255 copies: no real deck comes close.
            let _ = counts.insert(card);
        }
        counts
    }
}

impl fmt::Debug for CardCounts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_set_has_52_cards_in_order() {
        assert_eq!(CardSet::FULL.len(), 52);
        let cards: Vec<Card> = CardSet::FULL.iter().collect();
        let expected: Vec<Card> = Card::all().collect();
        assert_eq!(cards, expected);
        let reversed: Vec<Card> = CardSet::FULL.iter().rev().collect();
        assert_eq!(reversed.len(), 52);
        assert_eq!(reversed.first(), expected.last());
    }

    #[test]
    fn set_operations() {
        let a: CardSet = Card::all().take(10).collect();
        let b: CardSet = Card::all().skip(5).take(10).collect();
        assert_eq!((a | b).len(), 15);
        assert_eq!((a & b).len(), 5);
        assert_eq!((a - b).len(), 5);
        assert_eq!((a ^ b).len(), 10);
        assert_eq!((!a).len(), 42);
        assert!((a & b).is_subset(a));
        assert!((a - b).is_disjoint(b));
        let mut c = a;
        assert!(!c.insert(a.first().unwrap_or(Card::new(Rank::Two, Suit::Clubs))));
        assert!(c.remove(Card::new(Rank::Two, Suit::Clubs)));
        assert!(!c.remove(Card::new(Rank::Two, Suit::Clubs)));
    }

    #[test]
    fn suit_and_rank_lanes() {
        let set = CardSet::FULL;
        for suit in Suit::ALL {
            assert_eq!(set.ranks_in(suit), 0x1fff);
            assert_eq!(set.suit(suit).len(), 13);
        }
        for rank in Rank::ALL {
            assert_eq!(set.rank(rank).len(), 4);
        }
        let spades = CardSet::from_suit_ranks(Suit::Spades, 0b1_0000_0000_0001);
        assert_eq!(format!("{spades:?}"), "{2s, As}");
        assert_eq!(spades.first(), Some(Card::new(Rank::Two, Suit::Spades)));
        assert_eq!(spades.last(), Some(Card::new(Rank::Ace, Suit::Spades)));
        assert_eq!(CardSet::EMPTY.first(), None);
    }

    #[test]
    fn counts_track_copies() {
        let ace = Card::new(Rank::Ace, Suit::Clubs);
        let ten = Card::new(Rank::Ten, Suit::Clubs);
        let mut counts: CardCounts = [ace, ace, ten].into_iter().collect();
        assert_eq!(counts.len(), 3);
        assert_eq!(counts.count(ace), 2);
        assert_eq!(counts.cards().collect::<Vec<_>>(), vec![ten, ace, ace]);
        let full = CardCounts::from_set(CardSet::FULL, 4);
        assert!(counts.is_sub_multiset(&full));
        assert!(counts.remove(ace));
        assert!(counts.remove(ace));
        assert!(!counts.remove(ace));
        assert_eq!(counts.len(), 1);
    }
}
