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

/// A small FIFO of player indices or face-up flags. Popping moves a start index rather than the
/// items (a front pop happens at every action); a push that finds no room at the end moves the
/// items back to the start first.
#[derive(Debug, Clone, Copy)]
pub(super) struct Queue<T: Copy + Default, const M: usize> {
    items: [T; M],
    head: u8,
    pub(super) len: u8,
}

impl<T: Copy + Default + PartialEq, const M: usize> PartialEq for Queue<T, M> {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<T: Copy + Default + PartialEq, const M: usize> Eq for Queue<T, M> {}

impl<T: Copy + Default + PartialEq, const M: usize> Queue<T, M> {
    pub(super) fn new() -> Self {
        Queue { items: [T::default(); M], head: 0, len: 0 }
    }
    pub(super) fn clear(&mut self) {
        self.head = 0;
        self.len = 0;
    }
    pub(super) fn push(&mut self, v: T) {
        let (head, len) = (self.head as usize, self.len as usize);
        if head + len >= M && head > 0 {
            self.items.copy_within(head..head + len, 0);
            self.head = 0;
        }
        if let Some(slot) = self.items.get_mut(self.head as usize + len) {
            *slot = v;
            self.len += 1;
        }
    }
    pub(super) fn front(&self) -> Option<T> {
        if self.len == 0 { None } else { self.items.get(self.head as usize).copied() }
    }
    pub(super) fn pop_front(&mut self) -> Option<T> {
        let v = self.front()?;
        self.len -= 1;
        self.head = if self.len == 0 { 0 } else { self.head + 1 };
        Some(v)
    }
    pub(super) fn as_slice(&self) -> &[T] {
        let head = self.head as usize;
        self.items.get(head..head + self.len as usize).unwrap_or(&[])
    }
    pub(super) fn remove_value(&mut self, v: T) -> bool {
        if let Some(pos) = self.as_slice().iter().position(|&x| x == v) {
            let (head, len) = (self.head as usize, self.len as usize);
            self.items.copy_within(head + pos + 1..head + len, head + pos);
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

#[cfg(test)]
mod tests {
    use super::Queue;

    /// Pops, pushes past the end (the items move back), removals: always first in, first out.
    #[test]
    fn queue_is_first_in_first_out_across_its_end() {
        let mut q: Queue<u8, 4> = Queue::new();
        let mut model = std::collections::VecDeque::new();
        let mut seed = 7u32;
        for step in 0..2_000u32 {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            match (seed >> 16) % 5 {
                0 | 1 if model.len() < 4 => {
                    q.push(step as u8);
                    model.push_back(step as u8);
                }
                2 => assert_eq!(q.pop_front(), model.pop_front()),
                3 => {
                    let v = model.get(((seed >> 8) % 4) as usize).copied().unwrap_or(255);
                    let had = model.iter().position(|&x| x == v).map(|i| model.remove(i)).is_some();
                    assert_eq!(q.remove_value(v), had);
                }
                _ => q.clear_if(step % 97 == 0, &mut model),
            }
            assert_eq!(q.as_slice(), model.iter().copied().collect::<Vec<_>>().as_slice());
            assert_eq!(q.front(), model.front().copied());
        }
    }

    impl Queue<u8, 4> {
        fn clear_if(&mut self, yes: bool, model: &mut std::collections::VecDeque<u8>) {
            if yes {
                self.clear();
                model.clear();
            }
        }
    }
}
