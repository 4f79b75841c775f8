//! Exact amounts as the tables write them: the text their `Display` gives (`"2.50"`, `"inf"`)
//! and the float of that text, written from the decimal's parts with integer arithmetic (cards-core's
//! digit writer, no `core::fmt`, no text parsed back into a float).

use std::fmt::Display;

use cards_core::Amount;
use cards_core::decimal_text::{DECIMAL_TEXT_BYTES, write_decimal};
use phh::Quantity;
use poker_engine::Chips;

/// The parts of an amount whose text can be written without `core::fmt`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Parts {
    /// Infinity: `inf`.
    Inf,
    /// `(-1)^negative * mantissa / 10^scale`.
    Finite { negative: bool, mantissa: u128, scale: u32 },
}

/// An amount of one of the models' types.
pub(crate) trait Exact: Display {
    /// Its parts, or `None` when its text must come from `Display` (chips with more places than
    /// a `rust_decimal` holds exactly).
    fn parts(&self) -> Option<Parts>;
}

impl Exact for Amount {
    fn parts(&self) -> Option<Parts> {
        let decimal = self.0;
        Some(Parts::Finite {
            negative: decimal.is_sign_negative(),
            mantissa: decimal.mantissa().unsigned_abs(),
            scale: decimal.scale(),
        })
    }
}

impl Exact for Quantity {
    fn parts(&self) -> Option<Parts> {
        match self {
            Quantity::Finite(amount) => amount.parts(),
            Quantity::Infinite => Some(Parts::Inf),
        }
    }
}

impl Exact for Chips {
    fn parts(&self) -> Option<Parts> {
        if self.is_inf() {
            return Some(Parts::Inf);
        }
        let decimal = self.decimal()?;
        // Below 28 places `decimal` is exact (it rounds longer shares to 28); chips are never a
        // negative zero, so the sign is the mantissa's.
        (decimal.scale() < 28).then(|| Parts::Finite {
            negative: decimal.mantissa() < 0,
            mantissa: decimal.mantissa().unsigned_abs(),
            scale: decimal.scale(),
        })
    }
}

impl<T: Exact> Exact for &T {
    fn parts(&self) -> Option<Parts> {
        (**self).parts()
    }
}

/// 10^0 ..= 10^22, each exact in an `f64`.
const POW10: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18,
    1e19, 1e20, 1e21, 1e22,
];

impl Parts {
    /// The text (the same bytes as the amount's `Display`), written at the end of `buf`; `None`
    /// for more places than the digit writer takes.
    pub(crate) fn text(self, buf: &mut [u8; DECIMAL_TEXT_BYTES]) -> Option<&str> {
        match self {
            Parts::Inf => Some("inf"),
            Parts::Finite { negative, mantissa, scale } => write_decimal(buf, negative, mantissa, scale),
        }
    }

    /// The float of [`Parts::text`] (the float `text.parse()` gives): computed from the parts
    /// when the mantissa and the power of ten are both exact `f64`s, so the one division is
    /// correctly rounded, as parsing is; parsed from `text` otherwise.
    pub(crate) fn float(self, text: &str) -> Option<f64> {
        let Parts::Finite { negative, mantissa, scale } = self else { return Some(f64::INFINITY) };
        let magnitude = match POW10.get(scale as usize) {
            #[allow(clippy::cast_precision_loss)] // below 2^53: exact
            Some(&power) if mantissa < 1 << 53 => mantissa as f64 / power,
            _ => return text.parse().ok(),
        };
        Some(if negative { -magnitude } else { magnitude })
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    /// The text and float of an amount, as the tables write them (`Display` and a parse when
    /// it has no parts).
    fn written(value: &impl Exact) -> (String, Option<f64>) {
        let mut buf = [0; DECIMAL_TEXT_BYTES];
        let Some((parts, text)) = value.parts().and_then(|parts| Some((parts, parts.text(&mut buf)?))) else {
            let text = value.to_string();
            let float = float_of(&text);
            return (text, float);
        };
        (text.to_owned(), parts.float(text))
    }

    fn float_of(text: &str) -> Option<f64> {
        if text == "inf" { Some(f64::INFINITY) } else { text.parse().ok() }
    }

    const TEXTS: &[&str] = &[
        "0",
        "-0",
        "-0.00",
        "1",
        "100",
        "0.25",
        "2.50",
        "0.000",
        "0.05",
        "-7",
        "-0.25",
        "12345678901234567890",
        "9007199254740993",
        "0.1",
        "0.3",
        "1234.5678",
        "0.000000000000000000000000001",
        "123456789.123456789012",
        "18446744073709551615",
        "0.9999999999999999999",
    ];

    /// Every text and float equals the `Display` text and its parsed float.
    #[test]
    fn text_and_float_equal_display_and_parse() {
        for text in TEXTS {
            let amount: Amount = text.parse().unwrap();
            let chips = Chips::from_amount(amount);
            for (value, shown) in [
                (written(&amount), amount.to_string()),
                (written(&chips), chips.to_string()),
                (written(&Quantity::Finite(amount)), amount.to_string()),
            ] {
                assert_eq!(value.0, shown, "{text}");
                assert_eq!(value.1.map(f64::to_bits), float_of(&shown).map(f64::to_bits), "{text}");
            }
        }
        assert_eq!(written(&Chips::INF), ("inf".to_owned(), Some(f64::INFINITY)));
        assert_eq!(written(&Quantity::Infinite), ("inf".to_owned(), Some(f64::INFINITY)));
    }

    /// Sums and shares of the engine (more places, long mantissas) write as `Display` does, or
    /// are left to it.
    #[test]
    fn engine_results_write_as_display() {
        let third = Chips::from_int(100).divmod(3).0;
        let decimal_third = "100.00".parse::<Chips>().unwrap().divmod(3).0;
        let small = "0.23".parse::<Chips>().unwrap().divmod(7).0;
        for chips in [third, decimal_third, small, Chips::from_int(i64::MAX), Chips::from_int(-5)] {
            match chips.parts() {
                Some(parts) => {
                    let mut buf = [0; DECIMAL_TEXT_BYTES];
                    let text = parts.text(&mut buf).unwrap();
                    assert_eq!(text, chips.to_string());
                    assert_eq!(parts.float(text).map(f64::to_bits), float_of(text).map(f64::to_bits));
                }
                None => assert!(chips.to_string().len() > 20, "{chips}"),
            }
        }
    }

    /// Fractions of random 53-bit mantissas at every fast-path scale give the parsed float.
    #[test]
    fn fast_floats_equal_parsed_floats() {
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let mantissa = x >> (11 + x % 40);
            for scale in [0, 1, 2, 5, 9, 15, 22, 23, 27] {
                let parts = Parts::Finite { negative: x & 1 == 1, mantissa: u128::from(mantissa), scale };
                let mut buf = [0; DECIMAL_TEXT_BYTES];
                let text = parts.text(&mut buf).unwrap();
                assert_eq!(parts.float(text).map(f64::to_bits), float_of(text).map(f64::to_bits), "{text}");
            }
        }
    }
}
