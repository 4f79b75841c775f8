//! The amount types a [`State`](crate::State) can run on: the exact [`Chips`] (any amount), and
//! plain `i64` for hands whose amounts are all whole numbers of chips below 2^48 (most hands).
//!
//! Integral [`Chips`] arithmetic is exact integer arithmetic (no rounding, no 28-digit limit
//! reached), so a hand replayed on `i64` gives the same numbers, and the same text, as on
//! [`Chips`]. The bound makes overflow impossible: a table of at most 22 players holds fewer than
//! 2^53 chips, every stack, bet, payoff and pot of a hand is bounded by that total, and the largest
//! product the engine forms (a pot level times the player count, twice the bet in pot-limit) stays
//! below 2^59. The replay's fastest path (see the [crate docs](crate#design)) picks the amount type
//! and restarts on [`Chips`] when an action names an amount `i64` cannot hold.
//!
//! ```
//! use poker_engine::{Amount, Chips};
//! assert_eq!(<i64 as Amount>::from_chips(Chips::from_int(250)), Some(250));
//! assert_eq!(<i64 as Amount>::from_chips("2.50".parse().unwrap()), None);
//! assert_eq!(<i64 as Amount>::from_chips(Chips::INF), None);
//! assert_eq!(Amount::to_text(&-12i64), Chips::from_int(-12).to_text());
//! ```

use core::cmp::Ordering;
use core::fmt;

use crate::chips::Chips;

mod sealed {
    pub trait Sealed {}
    impl Sealed for crate::chips::Chips {}
    impl Sealed for i64 {}
}

/// An amount of chips the state machine computes with: [`Chips`] or `i64` (sealed).
///
/// The operations are [`Chips`]' own, with its tie rules (`min` and `max` keep the first of equal
/// amounts, as Python does, which decides whether a `4` or a `4.00` is carried on).
pub trait Amount:
    Copy + PartialEq + PartialOrd + Default + fmt::Debug + fmt::Display + sealed::Sealed + 'static
{
    /// Zero.
    const ZERO: Self;
    /// The amount, if this type holds it exactly (`i64`: whole numbers below 2^48 only).
    fn from_chips(chips: Chips) -> Option<Self>;
    /// The exact amount.
    fn to_chips(self) -> Chips;
    /// A whole number of chips (on `i64`: below 2^59 in magnitude, as every amount of a hand is).
    fn from_int(value: i64) -> Self;
    /// `self + other`, as [`Chips::add`].
    #[must_use]
    fn add(self, other: Self) -> Self;
    /// `self - other`, as [`Chips::sub`].
    #[must_use]
    fn sub(self, other: Self) -> Self;
    /// `-self`, as [`Chips::neg`].
    #[must_use]
    fn neg(self) -> Self;
    /// `self * n`, as [`Chips::mul_int`].
    #[must_use]
    fn mul_int(self, n: i64) -> Self;
    /// PokerKit's `divmod(self, n)`, as [`Chips::divmod`].
    fn divmod(self, n: usize) -> (Self, Self);
    /// The smaller amount, the first on a tie.
    #[must_use]
    fn min(self, other: Self) -> Self;
    /// The larger amount, the first on a tie.
    #[must_use]
    fn max(self, other: Self) -> Self;
    /// The total order of amounts (by value: `2.50` equals `2.5`).
    fn compare(&self, other: &Self) -> Ordering;
    /// Whether the amount is zero.
    fn is_zero(self) -> bool;
    /// Whether the amount is above zero (`inf` is).
    fn is_positive(self) -> bool;
    /// Whether the amount is below zero.
    fn is_negative(self) -> bool;
    /// Whether this is the infinite amount.
    fn is_inf(self) -> bool;
    /// Whether the magnitude is below 10^20 (or infinite), as [`Chips::in_range`].
    fn in_range(self) -> bool;
    /// The value as an `i64` when it is integral and below 2^56 in magnitude.
    fn small_int(self) -> Option<i64>;
    /// The text PokerKit prints ([`Chips::to_text`]).
    fn to_text(&self) -> String;
}

impl Amount for Chips {
    const ZERO: Chips = Chips::ZERO;
    #[inline]
    fn from_chips(chips: Chips) -> Option<Chips> {
        Some(chips)
    }
    #[inline]
    fn to_chips(self) -> Chips {
        self
    }
    #[inline]
    fn from_int(value: i64) -> Chips {
        Chips::from_int(value)
    }
    #[inline]
    fn add(self, other: Chips) -> Chips {
        Chips::add(self, other)
    }
    #[inline]
    fn sub(self, other: Chips) -> Chips {
        Chips::sub(self, other)
    }
    #[inline]
    fn neg(self) -> Chips {
        Chips::neg(self)
    }
    #[inline]
    fn mul_int(self, n: i64) -> Chips {
        Chips::mul_int(self, n)
    }
    #[inline]
    fn divmod(self, n: usize) -> (Chips, Chips) {
        Chips::divmod(self, n)
    }
    #[inline]
    fn min(self, other: Chips) -> Chips {
        Chips::min(self, other)
    }
    #[inline]
    fn max(self, other: Chips) -> Chips {
        Chips::max(self, other)
    }
    #[inline]
    fn compare(&self, other: &Chips) -> Ordering {
        Ord::cmp(self, other)
    }
    #[inline]
    fn is_zero(self) -> bool {
        Chips::is_zero(self)
    }
    #[inline]
    fn is_positive(self) -> bool {
        Chips::is_positive(self)
    }
    #[inline]
    fn is_negative(self) -> bool {
        Chips::is_negative(self)
    }
    #[inline]
    fn is_inf(self) -> bool {
        Chips::is_inf(self)
    }
    #[inline]
    fn in_range(self) -> bool {
        Chips::in_range(self)
    }
    #[inline]
    fn small_int(self) -> Option<i64> {
        Chips::small_int(self)
    }
    fn to_text(&self) -> String {
        Chips::to_text(self)
    }
}

/// The largest magnitude (exclusive) of an amount the `i64` path takes.
const INT_LIMIT: i64 = 1 << 48;

/// Whole chips below 2^48. The arithmetic wraps rather than checks: the bound on every input (see
/// the module documentation) keeps every result far inside `i64`, and debug builds assert it.
impl Amount for i64 {
    const ZERO: i64 = 0;
    #[inline]
    fn from_chips(chips: Chips) -> Option<i64> {
        chips.small_int().filter(|v| v.unsigned_abs() < INT_LIMIT as u64)
    }
    #[inline]
    fn to_chips(self) -> Chips {
        Chips::from_int(self)
    }
    #[inline]
    fn from_int(value: i64) -> i64 {
        value
    }
    #[inline]
    fn add(self, other: i64) -> i64 {
        debug_assert!(self.checked_add(other).is_some(), "{self} + {other}");
        self.wrapping_add(other)
    }
    #[inline]
    fn sub(self, other: i64) -> i64 {
        debug_assert!(self.checked_sub(other).is_some(), "{self} - {other}");
        self.wrapping_sub(other)
    }
    #[inline]
    fn neg(self) -> i64 {
        self.wrapping_neg()
    }
    #[inline]
    fn mul_int(self, n: i64) -> i64 {
        debug_assert!(self.checked_mul(n).is_some(), "{self} * {n}");
        self.wrapping_mul(n)
    }
    #[inline]
    fn divmod(self, n: usize) -> (i64, i64) {
        // Floor division, as Python's `divmod` of ints and as integral `Chips`.
        match i64::try_from(n) {
            Ok(n) if n > 0 => (self.div_euclid(n), self.rem_euclid(n)),
            _ => (self, 0),
        }
    }
    #[inline]
    fn min(self, other: i64) -> i64 {
        if other < self { other } else { self }
    }
    #[inline]
    fn max(self, other: i64) -> i64 {
        if other > self { other } else { self }
    }
    #[inline]
    fn compare(&self, other: &i64) -> Ordering {
        Ord::cmp(self, other)
    }
    #[inline]
    fn is_zero(self) -> bool {
        self == 0
    }
    #[inline]
    fn is_positive(self) -> bool {
        self > 0
    }
    #[inline]
    fn is_negative(self) -> bool {
        self < 0
    }
    #[inline]
    fn is_inf(self) -> bool {
        false
    }
    #[inline]
    fn in_range(self) -> bool {
        // |i64| < 2^63 < 10^20.
        true
    }
    #[inline]
    fn small_int(self) -> Option<i64> {
        Some(self)
    }
    fn to_text(&self) -> String {
        self.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every operation on `i64` gives what the same operation on integral `Chips` gives, text
    /// and all, on values around the bound.
    #[test]
    fn integer_amounts_compute_as_integral_chips() {
        let mut values = vec![0i64, 1, -1, 2, 3, 7, -250, 1 << 20, (1 << 47) + 3, -(1 << 47)];
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..200 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            values.push(((seed >> 16) as i64) >> (seed % 40));
        }
        let c = Chips::from_int;
        let same = |i: i64, x: Chips| i.to_text() == x.to_text() && i.to_chips() == x;
        for &a in &values {
            assert_eq!(<i64 as Amount>::from_chips(c(a)), Some(a));
            assert!(same(a.neg(), c(a).neg()));
            assert!(same(Amount::mul_int(a, 22), c(a).mul_int(22)));
            for n in 1..=23usize {
                let ((q, r), (cq, cr)) = (Amount::divmod(a, n), c(a).divmod(n));
                assert!(same(q, cq) && same(r, cr), "{a} / {n}");
            }
            for &b in values.iter().take(30) {
                assert!(same(Amount::add(a, b), c(a).add(c(b))), "{a} + {b}");
                assert!(same(Amount::sub(a, b), c(a).sub(c(b))), "{a} - {b}");
                assert!(same(Amount::min(a, b), c(a).min(c(b))));
                assert!(same(Amount::max(a, b), c(a).max(c(b))));
                assert_eq!(a.compare(&b), c(a).cmp(&c(b)));
            }
        }
        assert_eq!(<i64 as Amount>::from_chips(c(1 << 48)), None);
        assert_eq!(<i64 as Amount>::from_chips(c(-(1 << 48))), None);
        assert_eq!(<i64 as Amount>::from_chips("7.0".parse().unwrap_or_default()), None);
    }
}
