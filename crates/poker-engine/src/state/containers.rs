//! Fixed-size containers of the state: hole cards with their face-up flags and a small FIFO.
//! Nothing here allocates.

use cards_core::{Card, MaybeCard};

/// Most hole cards a player can hold.
pub const MAX_HOLE: usize = 8;

/// A player's hole cards with their face-up flags.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hole {
    cards: [MaybeCard; MAX_HOLE],
    up: [bool; MAX_HOLE],
    pub(super) len: u8,
}

impl Hole {
    pub(super) const EMPTY: Hole =
        Hole { cards: [MaybeCard::Unknown; MAX_HOLE], up: [false; MAX_HOLE], len: 0 };

    /// The cards (unknown ones as `MaybeCard::Unknown`).
    #[must_use]
    pub fn cards(&self) -> &[MaybeCard] {
        self.cards.get(..self.len as usize).unwrap_or(&[])
    }

    /// Face-up flags, parallel to [`Hole::cards`].
    #[must_use]
    pub fn up(&self) -> &[bool] {
        self.up.get(..self.len as usize).unwrap_or(&[])
    }

    pub(super) fn push(&mut self, card: MaybeCard, up: bool) {
        let i = self.len as usize;
        if let (Some(c), Some(u)) = (self.cards.get_mut(i), self.up.get_mut(i)) {
            *c = card;
            *u = up;
            self.len += 1;
        }
    }

    pub(super) fn remove(&mut self, index: usize) -> Option<(MaybeCard, bool)> {
        let len = self.len as usize;
        if index >= len {
            return None;
        }
        let out = (self.cards[index], self.up[index]);
        self.cards.copy_within(index + 1..len, index);
        self.up.copy_within(index + 1..len, index);
        self.len -= 1;
        Some(out)
    }

    pub(super) fn known(&self, up_only: bool) -> ([Card; MAX_HOLE], usize) {
        let mut out = [Card::new(cards_core::Rank::Two, cards_core::Suit::Clubs); MAX_HOLE];
        let mut n = 0;
        for (c, &u) in self.cards().iter().zip(self.up()) {
            if up_only && !u {
                continue;
            }
            if let MaybeCard::Known(card) = c
                && let Some(slot) = out.get_mut(n)
            {
                *slot = *card;
                n += 1;
            }
        }
        (out, n)
    }

    pub(super) fn has_unknown_up(&self) -> bool {
        self.cards().iter().zip(self.up()).any(|(c, &u)| u && c.is_unknown())
    }
}

/// A small FIFO of player indices or face-up flags.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Queue<T: Copy + Default, const M: usize> {
    items: [T; M],
    pub(super) len: u8,
}

impl<T: Copy + Default + PartialEq, const M: usize> Queue<T, M> {
    pub(super) fn new() -> Self {
        Queue { items: [T::default(); M], len: 0 }
    }
    pub(super) fn clear(&mut self) {
        self.len = 0;
    }
    pub(super) fn push(&mut self, v: T) {
        if let Some(slot) = self.items.get_mut(self.len as usize) {
            *slot = v;
            self.len += 1;
        }
    }
    pub(super) fn front(&self) -> Option<T> {
        if self.len == 0 { None } else { self.items.first().copied() }
    }
    pub(super) fn pop_front(&mut self) -> Option<T> {
        let v = self.front()?;
        let len = self.len as usize;
        self.items.copy_within(1..len, 0);
        self.len -= 1;
        Some(v)
    }
    pub(super) fn as_slice(&self) -> &[T] {
        self.items.get(..self.len as usize).unwrap_or(&[])
    }
    pub(super) fn remove_value(&mut self, v: T) -> bool {
        if let Some(pos) = self.as_slice().iter().position(|&x| x == v) {
            let len = self.len as usize;
            self.items.copy_within(pos + 1..len, pos);
            self.len -= 1;
            true
        } else {
            false
        }
    }
    pub(super) fn is_empty(&self) -> bool {
        self.len == 0
    }
}
