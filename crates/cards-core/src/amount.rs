//! Exact chip amounts: decimal numbers with checked arithmetic, never floating point.

use core::fmt;
use core::str::FromStr;

use rust_decimal::Decimal;

/// An exact amount of chips or money, as written (`2.50` keeps its two decimal places).
///
/// Backed by a 96-bit decimal (28–29 significant digits). Every arithmetic operation is checked:
/// an overflow is an error value, never a wrap or a panic.
///
/// ```
/// use cards_core::Amount;
/// let a: Amount = "2.50".parse().unwrap();
/// let b: Amount = "0.75".parse().unwrap();
/// assert_eq!(a.checked_add(b).unwrap().to_string(), "3.25");
/// assert_eq!(a.to_string(), "2.50");
/// assert!("1e400".parse::<Amount>().is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Amount(pub Decimal);

/// Why text is not an amount.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AmountError {
    /// Not a number at all.
    Invalid,
    /// A number too large (or too precise) to hold exactly.
    OutOfRange,
    /// An operation overflowed.
    Overflow,
}

impl fmt::Display for AmountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AmountError::Invalid => f.write_str("not a number"),
            AmountError::OutOfRange => f.write_str("number out of the exact range (28 significant digits)"),
            AmountError::Overflow => f.write_str("arithmetic overflow"),
        }
    }
}

impl std::error::Error for AmountError {}

impl Amount {
    /// Zero.
    pub const ZERO: Amount = Amount(Decimal::ZERO);

    /// An integer amount.
    #[must_use]
    pub fn from_int(value: i64) -> Amount {
        Amount(Decimal::from(value))
    }

    /// The underlying decimal.
    #[must_use]
    pub const fn decimal(self) -> Decimal {
        self.0
    }

    /// `self + other`, or an overflow error.
    pub fn checked_add(self, other: Amount) -> Result<Amount, AmountError> {
        self.0.checked_add(other.0).map(Amount).ok_or(AmountError::Overflow)
    }

    /// `self - other`, or an overflow error.
    pub fn checked_sub(self, other: Amount) -> Result<Amount, AmountError> {
        self.0.checked_sub(other.0).map(Amount).ok_or(AmountError::Overflow)
    }

    /// `self * other`, or an overflow error.
    pub fn checked_mul(self, other: Amount) -> Result<Amount, AmountError> {
        self.0.checked_mul(other.0).map(Amount).ok_or(AmountError::Overflow)
    }

    /// Whether the amount is zero.
    #[must_use]
    pub fn is_zero(self) -> bool {
        self.0.is_zero()
    }

    /// Whether the amount is below zero.
    #[must_use]
    pub fn is_negative(self) -> bool {
        self.0.is_sign_negative() && !self.0.is_zero()
    }

    /// Whether the amount has no fractional part.
    #[must_use]
    pub fn is_integer(self) -> bool {
        self.0.fract().is_zero()
    }

    /// The same value with trailing fractional zeros removed (`2.50` → `2.5`, `3.00` → `3`).
    #[must_use]
    pub fn normalize(self) -> Amount {
        Amount(self.0.normalize())
    }
}

impl FromStr for Amount {
    type Err = AmountError;

    /// Parses an optionally signed decimal number (`100`, `-2.5`, `0.25`); exponents are refused.
    fn from_str(text: &str) -> Result<Amount, AmountError> {
        let bytes = text.as_bytes();
        let digits = bytes.strip_prefix(b"-").or_else(|| bytes.strip_prefix(b"+")).unwrap_or(bytes);
        let mut seen_digit = false;
        let mut seen_dot = false;
        for &b in digits {
            match b {
                b'0'..=b'9' | b'_' => seen_digit |= b.is_ascii_digit(),
                b'.' if !seen_dot => seen_dot = true,
                _ => return Err(AmountError::Invalid),
            }
        }
        if !seen_digit {
            return Err(AmountError::Invalid);
        }
        let cleaned: std::borrow::Cow<'_, str> =
            if text.contains('_') { text.replace('_', "").into() } else { text.into() };
        Decimal::from_str_exact(&cleaned).map(Amount).map_err(|_| AmountError::OutOfRange)
    }
}

impl fmt::Display for Amount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl fmt::Debug for Amount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl From<i64> for Amount {
    fn from(value: i64) -> Amount {
        Amount::from_int(value)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Amount {
    /// Serialized as an exact decimal string (`"2.50"`).
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&self.0)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Amount {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Amount, D::Error> {
        let text = <std::borrow::Cow<'de, str> as serde::Deserialize>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_keeps_scale() {
        for text in ["0", "100", "2.50", "-3.125", "0.000001"] {
            let amount: Amount = text.parse().unwrap_or_default();
            assert_eq!(amount.to_string(), text);
        }
        assert_eq!("1_000".parse::<Amount>().map(|a| a.to_string()), Ok("1000".into()));
        assert_eq!("+5".parse::<Amount>().map(|a| a.to_string()), Ok("5".into()));
    }

    #[test]
    fn refuses_junk_and_huge_numbers() {
        for text in ["", "-", ".", "1e5", "abc", "1.2.3", "inf", "NaN"] {
            assert_eq!(text.parse::<Amount>(), Err(AmountError::Invalid), "{text}");
        }
        let huge = "9".repeat(40);
        assert_eq!(huge.parse::<Amount>(), Err(AmountError::OutOfRange));
    }

    #[test]
    fn checked_arithmetic_reports_overflow() {
        let max = Amount(Decimal::MAX);
        assert_eq!(max.checked_add(Amount::from_int(1)), Err(AmountError::Overflow));
        assert_eq!(max.checked_mul(Amount::from_int(2)), Err(AmountError::Overflow));
        let a = Amount::from_int(5);
        assert_eq!(a.checked_sub(Amount::from_int(7)).map(|x| x.is_negative()), Ok(true));
        assert!("3.00".parse::<Amount>().map(|a| a.is_integer()).unwrap_or(false));
        assert_eq!("3.00".parse::<Amount>().map(|a| a.normalize().to_string()), Ok("3".into()));
    }

    #[cfg(feature = "serde")]
    #[test]
    fn serde_uses_strings() {
        let amount: Amount = "2.50".parse().unwrap_or_default();
        let json = serde_json::to_string(&amount).unwrap_or_default();
        assert_eq!(json, "\"2.50\"");
        let back: Amount = serde_json::from_str(&json).unwrap_or_default();
        assert_eq!(back.to_string(), "2.50");
    }
}
