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
    /// The value is `mantissa / 10^scale` (|mantissa| < 2^96, as in a 96-bit decimal).
    mantissa: i128,
    scale: u8,
    inf: bool,
}

const MAX_MANTISSA: i128 = (1i128 << 96) - 1;

const POW10: [i128; 29] = {
    let mut table = [1i128; 29];
    let mut i = 1;
    while i < 29 {
        table[i] = table[i - 1] * 10;
        i += 1;
    }
    table
};

/// Both mantissas at the larger scale, when that fits.
#[inline]
fn align(a: Chips, b: Chips) -> Option<(i128, i128, u8)> {
    if a.scale == b.scale {
        return Some((a.mantissa, b.mantissa, a.scale));
    }
    if a.scale < b.scale {
        let f = *POW10.get((b.scale - a.scale) as usize)?;
        Some((a.mantissa.checked_mul(f)?, b.mantissa, b.scale))
    } else {
        let f = *POW10.get((a.scale - b.scale) as usize)?;
        Some((a.mantissa, b.mantissa.checked_mul(f)?, a.scale))
    }
}

/// Rounds a result to 28 significant digits, half-even, as Python's default `Decimal` context
/// rounds every sum and product (a mantissa of 29 digits drops its last decimal place).
#[inline]
fn round_sum_28(mut mantissa: i128, mut scale: u8) -> (i128, u8) {
    const TEN_28: i128 = 10_000_000_000_000_000_000_000_000_000;
    while scale > 0 && mantissa.abs() >= TEN_28 {
        let (q, r) = (mantissa.abs() / 10, mantissa.abs() % 10);
        let up = r > 5 || (r == 5 && q % 2 == 1);
        let q = if up { q + 1 } else { q };
        mantissa = if mantissa < 0 { -q } else { q };
        scale -= 1;
    }
    (mantissa, scale)
}

#[inline]
fn finite(mantissa: i128, scale: u8) -> Option<Chips> {
    if mantissa.abs() <= MAX_MANTISSA && scale <= 28 {
        Some(Chips { mantissa, scale, inf: false })
    } else {
        None
    }
}

impl Chips {
    /// Zero (integral).
    pub const ZERO: Chips = Chips { mantissa: 0, scale: 0, inf: false };
    /// An infinite stack (PHH `inf`: the stack is unknown).
    pub const INF: Chips = Chips { mantissa: 0, scale: 0, inf: true };

    /// An integral amount.
    #[must_use]
    pub const fn from_int(value: i64) -> Chips {
        Chips { mantissa: value as i128, scale: 0, inf: false }
    }

    /// A finite amount from a decimal (its scale decides whether it is integral).
    #[must_use]
    pub const fn from_decimal(value: Decimal) -> Chips {
        Chips { mantissa: value.mantissa(), scale: value.scale() as u8, inf: false }
    }

    /// A finite amount from a [`cards_core::Amount`].
    #[must_use]
    pub const fn from_amount(amount: Amount) -> Chips {
        Chips::from_decimal(amount.0)
    }

    /// The finite value, or `None` for infinity.
    #[must_use]
    pub fn decimal(self) -> Option<Decimal> {
        if self.inf {
            return None;
        }
        Decimal::try_from_i128_with_scale(self.mantissa, self.scale as u32).ok()
    }

    fn dec(self) -> Decimal {
        self.decimal().unwrap_or(Decimal::ZERO)
    }

    /// Whether this is the infinite amount.
    #[must_use]
    pub const fn is_inf(self) -> bool {
        self.inf
    }

    /// Whether the amount is zero.
    #[must_use]
    pub const fn is_zero(self) -> bool {
        !self.inf && self.mantissa == 0
    }

    /// Whether the amount is below zero.
    #[must_use]
    pub const fn is_negative(self) -> bool {
        !self.inf && self.mantissa < 0
    }

    /// Whether the amount is above zero.
    #[must_use]
    pub const fn is_positive(self) -> bool {
        self.inf || self.mantissa > 0
    }

    /// Whether PokerKit would hold this as a Python `int` (finite and written without a point).
    #[must_use]
    pub const fn is_integral(self) -> bool {
        !self.inf && self.scale == 0
    }

    /// Whether the magnitude is small enough that sums can never overflow (|x| < 10^20 or `inf`).
    #[must_use]
    pub fn in_range(self) -> bool {
        if self.inf {
            return true;
        }
        // |mantissa| < 10^(20 + scale); above 10^38 every 96-bit mantissa qualifies.
        let exponent = 20 + self.scale as usize;
        match (POW10.get(20), POW10.get(exponent.saturating_sub(20))) {
            (Some(&a), Some(&b)) if exponent <= 38 => self.mantissa.abs() < a.saturating_mul(b),
            _ => true,
        }
    }

    /// `self + other`; infinity absorbs finite amounts. A decimal result past 28 significant digits
    /// is rounded half-even to 28, as PokerKit's Python `Decimal` context does. Never panics (an
    /// impossible overflow keeps `self`).
    #[must_use]
    #[inline]
    #[allow(clippy::should_implement_trait)]
    pub fn add(self, other: Chips) -> Chips {
        if self.inf || other.inf {
            return Chips::INF;
        }
        if let Some((a, b, scale)) = align(self, other)
            && let Some(sum) = a.checked_add(b)
            && let (sum, scale) = round_sum_28(sum, scale)
            && let Some(c) = finite(sum, scale)
        {
            return c;
        }
        match self.dec().checked_add(other.dec()) {
            Some(value) => Chips::from_decimal(value),
            None => self,
        }
    }

    /// `self - other` for a finite `other` (infinity minus anything finite stays infinite).
    #[must_use]
    #[inline]
    #[allow(clippy::should_implement_trait)]
    pub fn sub(self, other: Chips) -> Chips {
        if self.inf {
            return Chips::INF;
        }
        if other.inf {
            // Never happens in a replay; keep the value rather than invent negative infinity.
            return self;
        }
        self.add(other.neg())
    }

    /// `self * n` for a small integer.
    #[must_use]
    pub fn mul_int(self, n: i64) -> Chips {
        if self.inf {
            return Chips::INF;
        }
        if let Some(m) = self.mantissa.checked_mul(n as i128)
            && let (m, scale) = round_sum_28(m, self.scale)
            && let Some(c) = finite(m, scale)
        {
            return c;
        }
        match self.dec().checked_mul(Decimal::from(n)) {
            Some(value) => Chips::from_decimal(value),
            None => self,
        }
    }

    /// The negated amount (finite only).
    #[must_use]
    #[allow(clippy::should_implement_trait)]
    pub const fn neg(self) -> Chips {
        if self.inf { self } else { Chips { mantissa: -self.mantissa, scale: self.scale, inf: false } }
    }

    /// PokerKit's `divmod(self, n)`: floor division and remainder for an integral amount; for a
    /// decimal one, division at 28 significant digits (half-even) and the remainder
    /// `self - quotient * n`, with the product and the difference rounded at 28 digits as Python's
    /// `Decimal` does. The quotient times `n` plus the remainder is exactly `self` for integral
    /// amounts, and for decimal ones whenever that product fits 28 significant digits. Sums past
    /// 28 digits are rounded too ([`Chips::add`]), so a decimal pot shared out in several steps can
    /// miss summing to the pot in its 28th significant digit (fuzz/FINDINGS.md F9; the engine keeps
    /// this on purpose to give PokerKit's numbers).
    #[must_use]
    pub fn divmod(self, n: usize) -> (Chips, Chips) {
        if self.inf || n == 0 {
            return (self, Chips::ZERO);
        }
        if self.is_integral() {
            let n = n as i128;
            let q = self.mantissa.div_euclid(n);
            let r = self.mantissa.rem_euclid(n);
            return (
                Chips { mantissa: q, scale: 0, inf: false },
                Chips { mantissa: r, scale: 0, inf: false },
            );
        }
        let value = self.dec();
        let divisor = Decimal::from(n as u64);
        let exact = value.checked_div(divisor).unwrap_or(value);
        let mut q = round_28_significant(exact);
        if q.scale() == 0 {
            // Stay a decimal, as a Python Decimal quotient does.
            q.rescale(1);
        }
        // `dividend - quotient * n`, each step rounded at 28 digits as Python does: a product that
        // rounds back to the dividend leaves no remainder (20.92 / 3: no odd 1e-27 for the first).
        let quotient = Chips::from_decimal(q);
        let mut r = self.sub(quotient.mul_int(n as i64));
        if r.scale == 0 {
            // Stay a decimal, as a Python Decimal remainder does.
            r = Chips { mantissa: r.mantissa.saturating_mul(10), scale: 1, inf: false };
        }
        (quotient, r)
    }

    /// The smaller of two amounts (the first one on a tie, as Python's `min`).
    #[must_use]
    #[inline]
    pub fn min(self, other: Chips) -> Chips {
        if other < self { other } else { self }
    }

    /// The larger of two amounts (the first one on a tie, as Python's `max`).
    #[must_use]
    #[inline]
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

impl PartialEq for Chips {
    #[inline]
    fn eq(&self, other: &Chips) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Chips {}

impl PartialOrd for Chips {
    #[inline]
    fn partial_cmp(&self, other: &Chips) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Chips {
    #[inline]
    fn cmp(&self, other: &Chips) -> Ordering {
        match (self.inf, other.inf) {
            (true, true) => Ordering::Equal,
            (true, false) => Ordering::Greater,
            (false, true) => Ordering::Less,
            (false, false) => match align(*self, *other) {
                Some((a, b, _)) => a.cmp(&b),
                None => self.dec().cmp(&other.dec()),
            },
        }
    }
}

impl core::hash::Hash for Chips {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.inf.hash(state);
        if !self.inf {
            self.dec().normalize().hash(state);
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
        if self.inf { f.write_str("inf") } else { fmt::Display::fmt(&self.dec(), f) }
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

    /// PokerKit 0.7.7 (Python `Decimal`, 28 digits) on the shared generator's hands: a sum past 28
    /// significant digits is rounded half-even, and so is `quotient * n` inside divmod, so a
    /// product that rounds back to the pot leaves no odd 1e-27 for the first winner.
    #[test]
    fn sums_products_and_shares_round_at_28_digits_like_pokerkit() {
        // 38.4 + 1.333…334 is 39.733…334 (29 digits): Python gives 39.73333333333333333333333333.
        assert_eq!(
            c("38.4").add(c("1.333333333333333333333333334")).to_string(),
            "39.73333333333333333333333333"
        );
        assert_eq!(
            c("0.5").add(c("9.999999999999999999999999995")).to_string(),
            "10.50000000000000000000000000"
        );
        assert_eq!(
            c("-38.4").sub(c("1.333333333333333333333333334")).to_string(),
            "-39.73333333333333333333333333"
        );
        // Half-even: …25 → …2, …35 → …4.
        assert_eq!(
            c("1.0000000000000000000000000025").add(c("1.0")).to_string(),
            "2.000000000000000000000000002"
        );
        assert_eq!(
            c("1.0000000000000000000000000035").add(c("1.0")).to_string(),
            "2.000000000000000000000000004"
        );
        assert_eq!(
            c("6.973333333333333333333333333").mul_int(3).to_string(),
            "20.92000000000000000000000000"
        );
        // NS hand 2371 of seed 20261123: a 20.92 pot three ways is 6.973…333 each, no remainder.
        let (q, r) = c("20.92").divmod(3);
        assert_eq!(q.to_string(), "6.973333333333333333333333333");
        assert!(r.is_zero() && !r.is_integral());
        // Sums that fit 28 digits stay exact.
        assert_eq!(c("0.1").add(c("0.2")).to_string(), "0.3");
        assert_eq!(c("99999999999999999999").add(c("1")).to_string(), "100000000000000000000");
    }

    #[test]
    fn decimal_divmod_parts_add_back_when_they_fit() {
        for (pot, n) in [("99999999999999999999.1", 3), ("82.82", 7), ("0.05", 11), ("1234567.891", 6)] {
            let (q, r) = c(pot).divmod(n);
            assert_eq!(q.mul_int(n as i64).add(r), c(pot), "{pot} / {n}");
        }
    }

    #[test]
    fn range_limit_is_ten_to_the_twentieth() {
        assert!(c("99999999999999999999").in_range());
        assert!(c("99999999999999999999.99").in_range());
        assert!(!c("100000000000000000000").in_range());
        assert!(!c("-100000000000000000000.0").in_range());
        assert!(c("0.0000000000000000000000000001").in_range());
        assert!(Chips::INF.in_range());
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
