//! A small, fast, seedable random generator (xorshift64*) for generated test data, benchmarks
//! and examples: the same seed gives the same deals in every crate and on every machine. Not for
//! anything that needs unpredictability.

/// Xorshift64* generator.
///
/// ```
/// use cards_core::{Deck, Rng};
/// let mut rng = Rng::new(7);
/// let mut deck: Vec<_> = Deck::Standard52.cards().iter().collect();
/// rng.shuffle(&mut deck);
/// assert_eq!(deck.len(), 52);
/// assert!(rng.below(10) < 10);
/// assert_eq!(Rng::new(3).next_u64(), Rng::new(3).next_u64());
/// ```
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed (any value, zero included).
    #[must_use]
    pub const fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 { 0 } else { (self.next_u64() % n as u64) as usize }
    }

    /// True with probability `percent`/100.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next_u64() % 100 < percent
    }

    /// Shuffles a slice (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}
