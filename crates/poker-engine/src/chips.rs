//! Exact chip amounts with PokerKit's number semantics: integers, exact decimals, and `inf`.
//!
//! PokerKit keeps integer chips as Python `int` and everything else as `Decimal`. The difference
//! matters when a pot is split: an integer pot is floor-divided (the odd chip goes to the first
//! winner), a decimal pot is divided exactly at 28 significant digits. [`Chips`] keeps the same
//! distinction through the decimal's scale: a value written with a decimal point (`2.50`, `7.0`)
//! stays "decimal" through every sum, and only whole numbers written without one are "integral".

use core::cmp::Ordering;
use core::fmt;

use cards_core::Amount;
use rust_decimal::{Decimal, RoundingStrategy};

/// An exact amount of chips: a decimal number (integral or not) or an infinite stack.
///
/// ```
/// use poker_engine::Chips;
/// let a: Chips = "2.50".parse().unwrap();
/// let b = Chips::from_int(1);
/// assert_eq!(a.add(b).to_string(), "3.50");
/// assert!(Chips::INF > Chips::from_int(1_000_000));
/// assert_eq!(Chips::INF.sub(b), Chips::INF);
/// ```
#[derive(Clone, Copy)]
pub struct Chips {
    value: Decimal,
    inf: bool,
}

impl Chips {
    /// Zero (integral).
    pub const ZERO: Chips = Chips { value: Decimal::ZERO, inf: false };
    /// An infinite stack (PHH `inf`: the stack is unknown).
    pub const INF: Chips = Chips { value: Decimal::ZERO, inf: true };

    /// An integral amount.
    #[must_use]
    pub fn from_int(value: i64) -> Chips {
        Chips { value: Decimal::from(value), inf: false }
    }

    /// A finite amount from a decimal (its scale decides whether it is integral).
    #[must_use]
    pub const fn from_decimal(value: Decimal) -> Chips {
        Chips { value, inf: false }
    }

    /// A finite amount from a [`cards_core::Amount`].
    #[must_use]
    pub const fn from_amount(amount: Amount) -> Chips {
        Chips { value: amount.0, inf: false }
    }

    /// The finite value, or `None` for infinity.
    #[must_use]
    pub const fn decimal(self) -> Option<Decimal> {
        if self.inf { None } else { Some(self.value) }
    }

    /// Whether this is the infinite amount.
    #[must_use]
    pub const fn is_inf(self) -> bool {
        self.inf
    }

    /// Whether the amount is zero.
    #[must_use]
    pub fn is_zero(self) -> bool {
        !self.inf && self.value.is_zero()
    }

    /// Whether the amount is below zero.
    #[must_use]
    pub fn is_negative(self) -> bool {
        !self.inf && self.value.is_sign_negative() && !self.value.is_zero()
    }

    /// Whether the amount is above zero.
    #[must_use]
    pub fn is_positive(self) -> bool {
        self.inf || (!self.value.is_sign_negative() && !self.value.is_zero())
    }

    /// Whether PokerKit would hold this as a Python `int` (finite and written without a point).
    #[must_use]
    pub fn is_integral(self) -> bool {
        !self.inf && self.value.scale() == 0
    }

    /// Whether the magnitude is small enough that sums can never overflow (|x| < 10^20 or `inf`).
    #[must_use]
    pub fn in_range(self) -> bool {
        self.inf || self.value.abs() < limit()
    }

    /// `self + other`; infinity absorbs finite amounts. Never panics (an impossible overflow keeps `self`).
    #[must_use]
    #[allow(clippy::should_implement_trait)]
    pub fn add(self, other: Chips) -> Chips {
        if self.inf || other.inf {
            return Chips::INF;
        }
        match self.value.checked_add(other.value) {
            Some(value) => Chips { value, inf: false },
            None => self,
        }
    }

    /// `self - other` for a finite `other` (infinity minus anything finite stays infinite).
    #[must_use]
    #[allow(clippy::should_implement_trait)]
    pub fn sub(self, other: Chips) -> Chips {
        if self.inf {
            return Chips::INF;
        }
        if other.inf {
            // Never happens in a replay; keep the value rather than invent negative infinity.
            return self;
        }
        match self.value.checked_sub(other.value) {
            Some(value) => Chips { value, inf: false },
            None => self,
        }
    }

    /// `self * n` for a small integer.
    #[must_use]
    pub fn mul_int(self, n: i64) -> Chips {
        if self.inf {
            return Chips::INF;
        }
        match self.value.checked_mul(Decimal::from(n)) {
            Some(value) => Chips { value, inf: false },
            None => self,
        }
    }

    /// The negated amount (finite only).
    #[must_use]
    #[allow(clippy::should_implement_trait)]
    pub fn neg(self) -> Chips {
        if self.inf { self } else { Chips { value: -self.value, inf: false } }
    }

    /// PokerKit's `divmod(self, n)`: floor division and remainder for an integral amount, exact
    /// division at 28 significant digits (half-even) with the tiny remainder otherwise. The quotient
    /// times `n` plus the remainder is exactly `self`.
    #[must_use]
    pub fn divmod(self, n: usize) -> (Chips, Chips) {
        if self.inf || n == 0 {
            return (self, Chips::ZERO);
        }
        let divisor = Decimal::from(n as u64);
        if self.is_integral() {
            let q = (self.value / divisor).floor();
            let r = self.value - q * divisor;
            return (Chips::from_decimal(q), Chips::from_decimal(r));
        }
        let exact = self.value.checked_div(divisor).unwrap_or(self.value);
        let mut q = round_28_significant(exact);
        if q.scale() == 0 {
            // Stay a decimal, as a Python Decimal quotient does.
            q.rescale(1);
        }
        let r = self.value.checked_sub(q.checked_mul(divisor).unwrap_or(self.value)).unwrap_or(Decimal::ZERO);
        let mut r = r;
        if r.scale() == 0 {
            r.rescale(1);
        }
        (Chips::from_decimal(q), Chips::from_decimal(r))
    }

    /// The smaller of two amounts (the first one on a tie, as Python's `min`).
    #[must_use]
    pub fn min(self, other: Chips) -> Chips {
        if other < self { other } else { self }
    }

    /// The larger of two amounts (the first one on a tie, as Python's `max`).
    #[must_use]
    pub fn max(self, other: Chips) -> Chips {
        if other > self { other } else { self }
    }

    /// Text as PokerKit prints it: the decimal as held (`12.50`, `2.333…334`), or `inf`.
    #[must_use]
    pub fn to_text(&self) -> String {
        self.to_string()
    }
}

/// Rounds to 28 significant digits, half-even (Python's default `Decimal` context). Values below
/// one keep rust_decimal's 28 decimal places (the difference is far below 1e-18).
fn round_28_significant(x: Decimal) -> Decimal {
    let mut int_digits = 0u32;
    let mut t = x.abs().trunc();
    let ten = Decimal::TEN;
    while !t.is_zero() && int_digits < 30 {
        t = (t / ten).trunc();
        int_digits += 1;
    }
    let dp = 28u32.saturating_sub(int_digits).min(28);
    x.round_dp_with_strategy(dp, RoundingStrategy::MidpointNearestEven)
}

fn limit() -> Decimal {
    // 10^20: far above any real stack, far below the 96-bit limit (7.9e28).
    Decimal::from_i128_with_scale(100_000_000_000_000_000_000, 0)
}

impl PartialEq for Chips {
    fn eq(&self, other: &Chips) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Chips {}

impl PartialOrd for Chips {
    fn partial_cmp(&self, other: &Chips) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Chips {
    fn cmp(&self, other: &Chips) -> Ordering {
        match (self.inf, other.inf) {
            (true, true) => Ordering::Equal,
            (true, false) => Ordering::Greater,
            (false, true) => Ordering::Less,
            (false, false) => self.value.cmp(&other.value),
        }
    }
}

impl core::hash::Hash for Chips {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.inf.hash(state);
        if !self.inf {
            self.value.normalize().hash(state);
        }
    }
}

impl Default for Chips {
    fn default() -> Chips {
        Chips::ZERO
    }
}

impl fmt::Display for Chips {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.inf { f.write_str("inf") } else { fmt::Display::fmt(&self.value, f) }
    }
}

impl fmt::Debug for Chips {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl From<Amount> for Chips {
    fn from(amount: Amount) -> Chips {
        Chips::from_amount(amount)
    }
}

impl From<i64> for Chips {
    fn from(value: i64) -> Chips {
        Chips::from_int(value)
    }
}

/// Why text is not a chip amount.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChipsParseError;

impl fmt::Display for ChipsParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not a chip amount")
    }
}

impl std::error::Error for ChipsParseError {}

impl core::str::FromStr for Chips {
    type Err = ChipsParseError;

    /// Parses `100`, `2.50`, `1,000` (PokerKit drops thousands separators), `inf` or `Infinity`.
    fn from_str(text: &str) -> Result<Chips, ChipsParseError> {
        let text = text.trim();
        if ["inf", "+inf", "infinity", "+infinity"].iter().any(|w| text.eq_ignore_ascii_case(w)) {
            return Ok(Chips::INF);
        }
        let amount: Amount = if text.contains(',') {
            text.replace(',', "").parse().map_err(|_| ChipsParseError)?
        } else {
            text.parse().map_err(|_| ChipsParseError)?
        };
        Ok(Chips::from_amount(amount))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(text: &str) -> Chips {
        text.parse().unwrap_or(Chips::ZERO)
    }

    #[test]
    fn integral_divmod_floors() {
        let (q, r) = c("7").divmod(3);
        assert_eq!((q.to_string(), r.to_string()), ("2".into(), "1".into()));
    }

    #[test]
    fn decimal_divmod_is_28_significant_digits() {
        let (q, r) = c("7.0").divmod(3);
        assert_eq!(q.to_string(), "2.333333333333333333333333333");
        assert_eq!(q.add(r).to_string(), "2.333333333333333333333333334");
        let (q, r) = c("6.0").divmod(3);
        assert!(!q.is_integral() && r.is_zero());
    }

    #[test]
    fn infinity_absorbs() {
        assert_eq!(Chips::INF.add(c("5")), Chips::INF);
        assert_eq!(Chips::INF.min(c("5")), c("5"));
        assert!(c("1,000") == c("1000"));
        assert!(c("inf").is_inf());
        assert!("x".parse::<Chips>().is_err());
    }
}
