//! Exact amounts as the tables write them: the text their `Display` gives (`"2.50"`, `"inf"`)
//! and the float of that text, written from the decimal's parts with integer arithmetic (no
//! `core::fmt`, no text parsed back into a float) whenever the mantissa fits 64 bits.

use std::fmt::Display;

use cards_core::Amount;
use phh::Quantity;
use poker_engine::Chips;

/// Room for an amount's text on the fast path: at most 20 digits, 27 places (the fast path
/// takes scales below 28), a leading zero, a point and a sign.
pub(crate) const TEXT_BYTES: usize = 48;

/// The parts of an amount whose text can be written without `core::fmt`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Parts {
    /// Infinity: `inf`.
    Inf,
    /// `(-1)^negative * mantissa / 10^scale` (scale below 28).
    Finite { negative: bool, mantissa: u64, scale: u32 },
}

/// An amount of one of the models' types.
pub(crate) trait Exact: Display {
    /// Its parts, or `None` when its text must come from `Display` (a mantissa past 64 bits, a
    /// negative zero).
    fn parts(&self) -> Option<Parts>;
}

/// The parts of a decimal's `mantissa`, `scale` and sign.
fn decimal_parts(mantissa: i128, scale: u32, sign_negative: bool) -> Option<Parts> {
    // `Display` writes the sign of a negative zero; leave that rare case to it.
    if (mantissa == 0 && sign_negative) || scale >= 28 {
        return None;
    }
    Some(Parts::Finite {
        negative: mantissa < 0,
        mantissa: u64::try_from(mantissa.unsigned_abs()).ok()?,
        scale,
    })
}

impl Exact for Amount {
    fn parts(&self) -> Option<Parts> {
        decimal_parts(self.0.mantissa(), self.0.scale(), self.0.is_sign_negative())
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
        // Below 28 places `decimal` is exact (it rounds only longer shares).
        let decimal = self.decimal()?;
        decimal_parts(decimal.mantissa(), decimal.scale(), decimal.is_sign_negative())
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
    /// The text (the same bytes as the amount's `Display`), written at the end of `buf`.
    pub(crate) fn text(self, buf: &mut [u8; TEXT_BYTES]) -> &str {
        let Parts::Finite { negative, mantissa, scale } = self else { return "inf" };
        let scale = scale as usize;
        let mut at = buf.len();
        let mut rest = mantissa;
        let mut written = 0;
        // Every place is written (`2.50`, `0.000`), and a zero before the point.
        while rest > 0 || written <= scale {
            if written == scale && scale > 0 {
                at -= 1;
                buf[at] = b'.';
            }
            at -= 1;
            buf[at] = b'0' + (rest % 10) as u8;
            rest /= 10;
            written += 1;
        }
        if negative {
            at -= 1;
            buf[at] = b'-';
        }
        // Only ASCII digits, a point and a sign were written.
        std::str::from_utf8(&buf[at..]).unwrap_or_default()
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
        let mut buf = [0; TEXT_BYTES];
        let Some(parts) = value.parts() else {
            let text = value.to_string();
            let float = float_of(&text);
            return (text, float);
        };
        let text = parts.text(&mut buf);
        (text.to_owned(), parts.float(text))
    }

    fn float_of(text: &str) -> Option<f64> {
        if text == "inf" { Some(f64::INFINITY) } else { text.parse().ok() }
    }

    const TEXTS: &[&str] = &[
        "0",
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
                    let mut buf = [0; TEXT_BYTES];
                    let text = parts.text(&mut buf);
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
                let parts = Parts::Finite { negative: x & 1 == 1, mantissa, scale };
                let mut buf = [0; TEXT_BYTES];
                let text = parts.text(&mut buf);
                assert_eq!(parts.float(text).map(f64::to_bits), float_of(text).map(f64::to_bits), "{text}");
            }
        }
    }
}
