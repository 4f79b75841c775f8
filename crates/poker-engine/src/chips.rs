//! Exact chip amounts with PokerKit's number semantics: integers, exact decimals, and `inf`.
//!
//! PokerKit keeps integer chips as Python `int` and everything else as `Decimal`. The difference
//! matters when a pot is split: an integer pot is floor-divided (the odd chip goes to the first
//! winner), a decimal pot is divided at 28 significant digits, and every decimal sum and product is
//! rounded there too, half-even, as Python's default `Decimal` context does. [`Chips`] keeps the same
//! distinction through the decimal's scale: a value written with a decimal point (`2.50`, `7.0`)
//! stays "decimal" through every sum, and only whole numbers written without one are "integral".

use core::cmp::Ordering;
use core::fmt;

use cards_core::Amount;
use cards_core::decimal_text::{DECIMAL_TEXT_BYTES, write_decimal};
use rust_decimal::Decimal;

/// An exact amount of chips: a decimal number (integral or not) or an infinite stack.
///
/// The decimal is a 96-bit coefficient and a scale of up to 38 decimal places: enough for the 28
/// significant digits of Python's `Decimal` even on amounts far below one (a 28-digit share of
/// 0.23 chips needs 29 places), which `rust_decimal` (28 places at most) cannot hold.
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
    /// The value is `mantissa / 10^scale` (|mantissa| < 2^96, scale at most [`MAX_SCALE`]).
    /// An `i128` (32 bytes with its alignment): a 16-byte split form was measured slower, the
    /// sign handling on every operation costing more than the smaller state saves.
    mantissa: i128,
    scale: u8,
    inf: bool,
}

const MAX_MANTISSA: i128 = (1i128 << 96) - 1;

/// The most decimal places an amount keeps (28 significant digits of a value down to 10^-10).
const MAX_SCALE: u8 = 38;

/// 10^28: a coefficient this large has more than 28 significant digits.
const TEN_28: i128 = 10_000_000_000_000_000_000_000_000_000;

const POW10: [i128; 39] = {
    let mut table = [1i128; 39];
    let mut i = 1;
    while i < 39 {
        table[i] = table[i - 1] * 10;
        i += 1;
    }
    table
};

/// Both mantissas at the larger scale, when that fits.
#[inline]
fn align(a: Chips, b: Chips) -> Option<(i128, i128, u8)> {
    if a.scale == b.scale {
        return Some((a.mantissa(), b.mantissa(), a.scale));
    }
    if a.scale < b.scale {
        let f = *POW10.get((b.scale - a.scale) as usize)?;
        Some((a.mantissa().checked_mul(f)?, b.mantissa(), b.scale))
    } else {
        let f = *POW10.get((a.scale - b.scale) as usize)?;
        Some((a.mantissa(), b.mantissa().checked_mul(f)?, a.scale))
    }
}

/// A truncated magnitude `q` rounded half-even, given how the dropped part compares with one half.
fn half_even(q: i128, dropped_vs_half: Ordering) -> i128 {
    match dropped_vs_half {
        Ordering::Greater => q + 1,
        Ordering::Equal if q % 2 == 1 => q + 1,
        _ => q,
    }
}

/// `mantissa / 10^places`, rounded half-even (`places` at most 38).
fn shift_right_half_even(mantissa: i128, places: u8) -> i128 {
    let Some(&f) = POW10.get(places as usize) else { return 0 };
    let (q, r) = (mantissa.abs() / f, mantissa.abs() % f);
    let q = half_even(q, (2 * r).cmp(&f));
    if mantissa < 0 { -q } else { q }
}

/// Rounds a result to 28 significant digits, half-even, as Python's default `Decimal` context
/// rounds every sum and product (a mantissa of 29 digits drops its last decimal place), and to
/// at most [`MAX_SCALE`] places.
#[inline]
fn round_sum_28(mut mantissa: i128, mut scale: u8) -> (i128, u8) {
    while scale > 0 && (mantissa.abs() >= TEN_28 || scale > MAX_SCALE) {
        mantissa = shift_right_half_even(mantissa, 1);
        scale -= 1;
    }
    (mantissa, scale)
}

/// The number of decimal digits of `|x|` (0 for zero).
fn digits(x: i128) -> u32 {
    let x = x.unsigned_abs();
    if x == 0 { 0 } else { x.ilog10() + 1 }
}

#[inline]
fn finite(mantissa: i128, scale: u8) -> Option<Chips> {
    if mantissa.abs() <= MAX_MANTISSA && scale <= MAX_SCALE {
        Some(Chips::raw(mantissa, scale, false))
    } else {
        None
    }
}

impl Chips {
    /// An amount from its parts (`|mantissa| < 2^96`, which every caller ensures).
    #[inline]
    const fn raw(mantissa: i128, scale: u8, inf: bool) -> Chips {
        Chips { mantissa, scale, inf }
    }

    /// The mantissa: the value is `mantissa / 10^scale`.
    #[inline]
    const fn mantissa(self) -> i128 {
        self.mantissa
    }

    #[inline]
    fn set_mantissa(&mut self, mantissa: i128) {
        *self = Chips::raw(mantissa, self.scale, self.inf);
    }

    /// Zero (integral).
    pub const ZERO: Chips = Chips::raw(0, 0, false);
    /// An infinite stack (PHH `inf`: the stack is unknown).
    pub const INF: Chips = Chips::raw(0, 0, true);

    /// An integral amount.
    #[must_use]
    pub const fn from_int(value: i64) -> Chips {
        Chips::raw(value as i128, 0, false)
    }

    /// A finite amount from a decimal (its scale decides whether it is integral).
    #[must_use]
    pub const fn from_decimal(value: Decimal) -> Chips {
        Chips::raw(value.mantissa(), value.scale() as u8, false)
    }

    /// A finite amount from a [`cards_core::Amount`].
    #[must_use]
    pub const fn from_amount(amount: Amount) -> Chips {
        Chips::from_decimal(amount.0)
    }

    /// The finite value, or `None` for infinity. An amount with more than 28 decimal places (a
    /// share far below one chip) is rounded half-even to the 28 that `rust_decimal` holds.
    #[must_use]
    pub fn decimal(self) -> Option<Decimal> {
        if self.inf {
            return None;
        }
        let (mantissa, scale) = if self.scale > 28 {
            (shift_right_half_even(self.mantissa(), self.scale - 28), 28)
        } else {
            (self.mantissa(), self.scale)
        };
        Decimal::try_from_i128_with_scale(mantissa, u32::from(scale)).ok()
    }

    /// Whether this is the infinite amount.
    #[must_use]
    pub const fn is_inf(self) -> bool {
        self.inf
    }

    /// Whether the amount is zero.
    #[must_use]
    pub const fn is_zero(self) -> bool {
        !self.inf && self.mantissa() == 0
    }

    /// Whether the amount is below zero.
    #[must_use]
    pub const fn is_negative(self) -> bool {
        !self.inf && self.mantissa() < 0
    }

    /// Whether the amount is above zero.
    #[must_use]
    pub const fn is_positive(self) -> bool {
        self.inf || self.mantissa() > 0
    }

    /// Whether PokerKit would hold this as a Python `int` (finite and written without a point).
    #[must_use]
    pub const fn is_integral(self) -> bool {
        !self.inf && self.scale == 0
    }

    /// The value as an `i64` when it is integral and below 2^56 in magnitude: a few dozen such
    /// values summed or multiplied by a player count stay far inside `i64`, and integral
    /// arithmetic on them is exactly what [`Chips`] does (no rounding, no 96-bit limit reached).
    #[inline]
    pub(crate) fn small_int(self) -> Option<i64> {
        const LIMIT: i128 = 1 << 56;
        if self.scale == 0 && !self.inf && self.mantissa() > -LIMIT && self.mantissa() < LIMIT {
            Some(self.mantissa() as i64)
        } else {
            None
        }
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
            (Some(&a), Some(&b)) if exponent <= 38 => self.mantissa().abs() < a.saturating_mul(b),
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
        if self.scale == 0 && other.scale == 0 {
            // Integral amounts (most hands): the sum of two 96-bit values is exact in an i128,
            // and integers are never rounded; only a result past 96 bits keeps `self`, as below.
            let sum = self.mantissa() + other.mantissa();
            return if sum.abs() <= MAX_MANTISSA { Chips::raw(sum, 0, false) } else { self };
        }
        self.add_exact(other)
    }

    /// [`Chips::add`] of finite amounts at any scales, rounding decimals at 28 significant digits.
    fn add_exact(self, other: Chips) -> Chips {
        if let Some((a, b, scale)) = align(self, other)
            && let Some(sum) = a.checked_add(b)
            && let (sum, scale) = round_sum_28(sum, scale)
            && let Some(c) = finite(sum, scale)
        {
            return c;
        }
        // The scales are too far apart for one i128 (an amount of many places next to a big one):
        // the exact sum has more than 38 digits, and its 28 significant ones only need the
        // smaller operand to as many places as the other can take.
        let (mut a, mut b) = (self, other);
        while align(a, b).is_none_or(|(x, y, _)| x.checked_add(y).is_none()) {
            let (hi, lo) = if a.scale >= b.scale { (&mut a, &mut b) } else { (&mut b, &mut a) };
            if hi.scale == 0 {
                // Two integral amounts beyond i128 cannot happen (both fit 96 bits).
                return self;
            }
            if hi.scale > lo.scale {
                hi.set_mantissa(shift_right_half_even(hi.mantissa(), 1));
                hi.scale -= 1;
            } else {
                // Same scale, sum beyond i128: drop a place of both.
                hi.set_mantissa(shift_right_half_even(hi.mantissa(), 1));
                lo.set_mantissa(shift_right_half_even(lo.mantissa(), 1));
                hi.scale -= 1;
                lo.scale -= 1;
            }
        }
        match align(a, b) {
            Some((x, y, scale)) => {
                let (sum, scale) = round_sum_28(x.saturating_add(y), scale);
                finite(sum, scale).unwrap_or(self)
            }
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
        if let Some(m) = self.mantissa().checked_mul(n as i128)
            && let (m, scale) = round_sum_28(m, self.scale)
            && let Some(c) = finite(m, scale)
        {
            return c;
        }
        // Beyond 96 bits (only integral amounts get here: decimals round to 28 digits): keep.
        self
    }

    /// The negated amount (finite only).
    #[must_use]
    #[allow(clippy::should_implement_trait)]
    pub const fn neg(self) -> Chips {
        if self.inf { self } else { Chips::raw(-self.mantissa(), self.scale, false) }
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
            let q = self.mantissa().div_euclid(n);
            let r = self.mantissa().rem_euclid(n);
            return (Chips::raw(q, 0, false), Chips::raw(r, 0, false));
        }
        let quotient = self.div_28(n as i128).still_decimal();
        // `dividend - quotient * n`, each step rounded at 28 digits as Python does: a product that
        // rounds back to the dividend leaves no remainder (20.92 / 3: no odd 1e-27 for the first).
        let remainder = self.sub(quotient.mul_int(n as i64)).still_decimal();
        (quotient, remainder)
    }

    /// At least one decimal place, as a Python `Decimal` result stays a decimal (never an int).
    fn still_decimal(self) -> Chips {
        if self.scale == 0 {
            // Past 2^96 / 10 (never in a hand: amounts stay below 10^20) the form is kept.
            finite(self.mantissa().saturating_mul(10), 1).unwrap_or(self)
        } else {
            self
        }
    }

    /// `self / n` as Python's `Decimal` divides: an exact quotient at the dividend's places, or
    /// the fewest more that hold it (7.50 / 3 = 2.50, 1.0 / 4 = 0.25); otherwise 28 significant
    /// digits, half-even (20.92 / 3 = 6.973333333333333333333333333, 0.23 / 3 =
    /// 0.07666666666666666666666666667).
    fn div_28(self, n: i128) -> Chips {
        let (m, s) = (self.mantissa(), self.scale);
        if n <= 0 || m == 0 {
            return self;
        }
        // Exact at the dividend's places or a few more (n has at most a few factors 2 and 5).
        for k in 0..=6u8 {
            let Some(&f) = POW10.get(k as usize) else { break };
            let Some(scaled) = m.checked_mul(f) else { break };
            if scaled % n == 0 {
                let q = scaled / n;
                if digits(q) <= 28 && s + k <= MAX_SCALE {
                    return Chips::raw(q, s + k, false);
                }
                break;
            }
        }
        // Inexact: enough digits for 28 significant ones and a rounding digit, then round
        // half-even on the exact remainder.
        let mut num = m.abs();
        let mut k = 0u8;
        while num / n < TEN_28 {
            num *= 10;
            k += 1;
        }
        let (q0, r0) = (num / n, num % n);
        let drop = (digits(q0) - 28) as u8;
        let Some(&f) = POW10.get(drop as usize) else { return self };
        // The dropped part is (q0 % f + r0 / n) / f: compare it with one half.
        let mut q = half_even(q0 / f, (2 * (q0 % f * n + r0)).cmp(&(f * n)));
        // `s + k - drop` places; a huge quotient may need fewer than none (kept as an integer
        // coefficient at scale 0), a tiny one more than MAX_SCALE (rounded).
        let mut scale = i32::from(s) + i32::from(k) - i32::from(drop);
        while scale < 0 {
            q *= 10;
            scale += 1;
        }
        // 9.99…95 rounded up to 10.00…0 has 29 digits: round_sum_28 drops one.
        let (mantissa, scale) = round_sum_28(if m < 0 { -q } else { q }, scale as u8);
        Chips::raw(mantissa, scale, false)
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
        if let Some(whole) = self.small_int() {
            // Whole chips (most amounts): the same text, without dividing a 128-bit mantissa.
            return whole.to_string();
        }
        // One allocation of the exact length.
        String::from(self.text_in(&mut [0; DECIMAL_TEXT_BYTES]))
    }

    /// The text of [`Chips::to_text`], written at the end of `buf`.
    fn text_in(self, buf: &mut [u8; DECIMAL_TEXT_BYTES]) -> &str {
        if self.inf {
            return "inf";
        }
        // Every place is written, as Python's `Decimal` and `rust_decimal` do (`2.50`, `0.000`);
        // the scale is at most MAX_SCALE (38), which the writer always takes.
        let mantissa = self.mantissa();
        write_decimal(buf, mantissa < 0, mantissa.unsigned_abs(), u32::from(self.scale)).unwrap_or_default()
    }
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
                None => cmp_far_scales(*self, *other),
            },
        }
    }
}

/// Compares amounts whose scales are too far apart to align in an i128: the one with fewer places
/// against the other's floor at those places, then the other's remainder breaks a tie.
fn cmp_far_scales(a: Chips, b: Chips) -> Ordering {
    let (few, many, flip) = if a.scale <= b.scale { (a, b, false) } else { (b, a, true) };
    let f = POW10.get((many.scale - few.scale) as usize).copied().unwrap_or(i128::MAX);
    let (floor, rest) = (many.mantissa().div_euclid(f), many.mantissa().rem_euclid(f));
    let order = few.mantissa().cmp(&floor).then(if rest > 0 { Ordering::Less } else { Ordering::Equal });
    if flip { order.reverse() } else { order }
}

impl core::hash::Hash for Chips {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.inf.hash(state);
        if !self.inf {
            // Equal amounts hash alike whatever their places: trailing zeros dropped.
            let (mut mantissa, mut scale) = (self.mantissa(), self.scale);
            while scale > 0 && mantissa % 10 == 0 {
                mantissa /= 10;
                scale -= 1;
            }
            (mantissa, scale).hash(state);
        }
    }
}

impl Default for Chips {
    fn default() -> Chips {
        Chips::ZERO
    }
}

impl fmt::Display for Chips {
    /// Writes without allocating.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text_in(&mut [0; DECIMAL_TEXT_BYTES]))
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

    /// The integral fast path of `add` gives what the exact path gives, up to the 96-bit limit.
    #[test]
    fn integral_sums_take_the_fast_path_exactly() {
        let max = Chips::from_decimal(Decimal::MAX);
        let values = [0i64, 1, -1, 2, 7, -250, 1 << 40, i64::MAX, i64::MIN + 1];
        let mut all: Vec<Chips> = values.iter().map(|&v| Chips::from_int(v)).collect();
        all.extend([max, max.neg(), max.sub(Chips::from_int(1))]);
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..2_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            all.push(Chips::from_int((seed >> (seed % 60)) as i64 - (1 << 20)));
        }
        for &a in &all {
            for &b in all.iter().take(40) {
                let (fast, exact) = (a.add(b), a.add_exact(b));
                assert_eq!((fast.mantissa(), fast.scale), (exact.mantissa(), exact.scale), "{a} + {b}");
                let (fast, exact) = (b.add(a), b.add_exact(a));
                assert_eq!((fast.mantissa(), fast.scale), (exact.mantissa(), exact.scale), "{b} + {a}");
            }
        }
    }

    /// The text is PokerKit's: every place the amount holds, a leading zero, the sign.
    #[test]
    fn text_keeps_every_place() {
        for text in [
            "0",
            "7",
            "-250",
            "2.50",
            "0.005",
            "0.000",
            "-0.50",
            "12.0",
            "79228162514264337593543950335",
            "-79228162514264337593543950335",
            "-7922816251426433759354.3950335",
        ] {
            assert_eq!(c(text).to_text(), text);
            assert_eq!(format!("{}", c(text)), text);
        }
        let tiny = c("0.0000000001").divmod(3).0;
        assert_eq!(tiny.to_text(), "0.00000000003333333333333333333333333333");
        assert_eq!(tiny.neg().to_text(), "-0.00000000003333333333333333333333333333");
        assert_eq!(Chips::INF.to_text(), "inf");
    }

    /// The whole-chips shortcut of `to_text` writes what the general writer writes.
    #[test]
    fn whole_chips_text_is_the_general_text() {
        let texts = ["0", "-0", "7", "-12", "100.00", "-2.50", "0.001", "inf", "9223372036854775807"];
        let mut amounts: Vec<Chips> = texts.iter().map(|t| c(t)).collect();
        let big = Chips::from_int(i64::MAX);
        amounts.extend([Chips::from_int(i64::MIN), big.add(Chips::from_int(1)), big.add(big).neg()]);
        amounts.extend([(1 << 56) - 1, 1 << 56, -(1 << 56) + 1, -(1 << 56)].map(Chips::from_int));
        for chips in amounts {
            assert_eq!(chips.to_text(), chips.text_in(&mut [0; DECIMAL_TEXT_BYTES]), "{chips:?}");
        }
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

    /// Shares below one keep 28 significant digits, past rust_decimal's 28 places (NT hand 1445
    /// of seed 20261123: PokerKit's 0.06666666666666666666666666667).
    #[test]
    fn shares_below_one_keep_28_significant_digits() {
        let (q, r) = c("0.23").divmod(3);
        assert_eq!(q.to_string(), "0.07666666666666666666666666667");
        // Python: 0.23 - q * 3 (rounded to 0.2300000000000000000000000000) is 0E-28.
        assert!(r.is_zero(), "{r}");
        assert_eq!(c("0.20").divmod(3).0.to_string(), "0.06666666666666666666666666667");
        assert_eq!(c("0.05").divmod(3).0.add(c("0.05")).to_string(), "0.06666666666666666666666666667");
        assert_eq!(c("0.0000000001").divmod(3).0.to_string(), "0.00000000003333333333333333333333333333");
        // Exact quotients keep the dividend's places, or the fewest more that hold them.
        assert_eq!(c("7.50").divmod(3).0.to_string(), "2.50");
        assert_eq!(c("1.0").divmod(4).0.to_string(), "0.25");
        assert_eq!(c("6.0").divmod(3).0.to_string(), "2.0");
        // Big quotients: exact, or rounded at 28 digits (amounts in a hand stay below 10^20, but
        // the arithmetic must hold beyond).
        assert_eq!(c("79228162514264337593543950.5").divmod(3).0.to_string(), "26409387504754779197847983.5");
        assert_eq!(
            c("79228162514264337593543950.1").divmod(3).0.to_string(),
            "26409387504754779197847983.37"
        );
    }

    #[test]
    fn far_apart_scales_compare_add_and_hash() {
        let tiny = c("0.05").divmod(3).0.divmod(7).0; // 0.002380952380952380952380952381 (30 places)
        assert_eq!(tiny.to_string(), "0.002380952380952380952380952381");
        let big = c("99999999999999999999");
        assert_eq!(tiny.cmp(&big), Ordering::Less);
        assert_eq!(big.cmp(&tiny), Ordering::Greater);
        assert!(tiny > Chips::ZERO && tiny.neg() < Chips::ZERO);
        assert!(c("12345678901234567890").add(tiny) > c("12345678901234567890"));
        // The sum rounds at 28 significant digits.
        assert_eq!(big.add(tiny).to_string(), "99999999999999999999.00238095");
        assert_eq!(c("1.5").add(tiny).to_string(), "1.502380952380952380952380952");
        use std::collections::hash_map::DefaultHasher;
        use std::hash::{Hash, Hasher};
        let h = |x: Chips| {
            let mut s = DefaultHasher::new();
            x.hash(&mut s);
            s.finish()
        };
        assert_eq!(h(c("2.50")), h(c("2.5")));
        assert_eq!(tiny.decimal().map(|d| d.to_string()), Some("0.0023809523809523809523809524".into()));
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
