//! A decimal's text from its parts (a sign, an integer mantissa and a scale), written right to
//! left into the caller's buffer: no `core::fmt`, no allocation. The amount types of the crates
//! above (`Amount`'s parts, poker-engine's `Chips`, the Arrow tables' amounts) write their text
//! through this one writer, so they agree byte for byte.
//!
//! Every place of the scale is written (`2.50`, `0.000`) and a zero before the point when the
//! value is below one, as Python's `Decimal` and `rust_decimal` print; the sign is written when
//! asked for, also for a zero (`-0`), as `rust_decimal` does for a negative zero.
//!
//! ```
//! use cards_core::decimal_text::{DECIMAL_TEXT_BYTES, write_decimal};
//!
//! let mut buf = [0; DECIMAL_TEXT_BYTES];
//! assert_eq!(write_decimal(&mut buf, false, 250, 2), Some("2.50"));
//! assert_eq!(write_decimal(&mut buf, true, 5, 3), Some("-0.005"));
//! assert_eq!(write_decimal(&mut buf, false, 0, 3), Some("0.000"));
//! assert_eq!(write_decimal(&mut buf, false, u128::MAX, 0), Some("340282366920938463463374607431768211455"));
//! // More places than any amount type keeps: no text.
//! assert_eq!(write_decimal(&mut buf, false, 1, 39), None);
//! ```

/// The most decimal places [`write_decimal`] writes (poker-engine's chips keep up to 38;
/// `rust_decimal` 28).
pub const DECIMAL_MAX_SCALE: u32 = 38;

/// Room for every text [`write_decimal`] writes: the 39 digits of a `u128` (or a leading zero and
/// [`DECIMAL_MAX_SCALE`] places), a point and a sign.
pub const DECIMAL_TEXT_BYTES: usize = 41;

/// Writes `(-1)^negative * mantissa / 10^scale` at the end of `buf` and returns that text, or
/// `None` when `scale` is over [`DECIMAL_MAX_SCALE`] (nothing is written then).
pub fn write_decimal(
    buf: &mut [u8; DECIMAL_TEXT_BYTES],
    negative: bool,
    mantissa: u128,
    scale: u32,
) -> Option<&str> {
    if scale > DECIMAL_MAX_SCALE {
        return None;
    }
    let mut out = Backwards { buf, at: DECIMAL_TEXT_BYTES, written: 0, scale: scale as usize };
    // 128-bit division is a library call: only the digits above 64 bits take it.
    let mut high = mantissa;
    let mut rest = loop {
        match u64::try_from(high) {
            Ok(low) => break low,
            Err(_) => {
                out.digit((high % 10) as u8);
                high /= 10;
            }
        }
    };
    // Every place is written, and a zero before the point.
    while rest > 0 || out.written <= out.scale {
        out.digit((rest % 10) as u8);
        rest /= 10;
    }
    if negative {
        out.byte(b'-');
    }
    let Backwards { buf, at, .. } = out;
    // Only ASCII digits, a point and a sign were written.
    core::str::from_utf8(&buf[at..]).ok()
}

/// The writer's position in the buffer, moving left.
struct Backwards<'b> {
    buf: &'b mut [u8; DECIMAL_TEXT_BYTES],
    at: usize,
    written: usize,
    scale: usize,
}

impl Backwards<'_> {
    /// The next digit to the left, with the point before it once the places are written.
    #[inline]
    fn digit(&mut self, digit: u8) {
        if self.written == self.scale && self.scale > 0 {
            self.byte(b'.');
        }
        self.byte(b'0' + digit);
        self.written += 1;
    }

    #[inline]
    fn byte(&mut self, byte: u8) {
        self.at -= 1;
        self.buf[self.at] = byte;
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use rust_decimal::Decimal;

    use super::*;

    fn text(negative: bool, mantissa: u128, scale: u32) -> String {
        write_decimal(&mut [0; DECIMAL_TEXT_BYTES], negative, mantissa, scale).unwrap().to_owned()
    }

    #[test]
    fn places_points_and_signs() {
        assert_eq!(text(false, 0, 0), "0");
        assert_eq!(text(true, 0, 0), "-0");
        assert_eq!(text(true, 0, 2), "-0.00");
        assert_eq!(text(false, 7, 0), "7");
        assert_eq!(text(true, 250, 0), "-250");
        assert_eq!(text(false, 250, 2), "2.50");
        assert_eq!(text(false, 250, 3), "0.250");
        assert_eq!(text(false, 1, 38), format!("0.{}1", "0".repeat(37)));
        assert_eq!(text(true, 1, 38).len(), 41);
        assert_eq!(text(false, 1 << 64, 0), "18446744073709551616");
        assert_eq!(text(false, u128::from(u64::MAX), 19), "1.8446744073709551615");
        assert_eq!(text(true, u128::MAX, 38), "-3.40282366920938463463374607431768211455");
        assert_eq!(write_decimal(&mut [0; DECIMAL_TEXT_BYTES], false, 0, 39), None);
    }

    /// The text of every `rust_decimal` is its `Display`, whatever the mantissa, scale and sign.
    #[test]
    fn equals_rust_decimal_display() {
        let mut x: u64 = 0x2545_F491_4F6C_DD1D;
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let mantissa = (i128::from(x) << 32 | i128::from(x >> 17)) >> (x % 96);
            let mantissa = if x & 1 == 1 { -mantissa } else { mantissa };
            let scale = (x >> 3) as u32 % 29;
            let Ok(decimal) = Decimal::try_from_i128_with_scale(mantissa, scale) else { continue };
            let written =
                text(decimal.is_sign_negative(), decimal.mantissa().unsigned_abs(), decimal.scale());
            assert_eq!(written, decimal.to_string());
        }
        let negative_zero = Decimal::from_parts(0, 0, 0, true, 2);
        assert_eq!(
            text(negative_zero.is_sign_negative(), 0, negative_zero.scale()),
            negative_zero.to_string()
        );
    }
}
