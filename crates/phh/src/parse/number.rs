//! Exact conversion of number text (TOML floats and integers, action amounts) into [`Amount`]s.

use cards_core::{Amount, AmountError};

/// Parses decimal text exactly: optional sign, digits with optional `_` separators, an optional
/// fraction and an optional exponent (`1e3`, `2.5E-2`). The exponent is applied by moving the
/// decimal point in the text, so nothing is rounded. `inf`/`nan` are not amounts.
pub(crate) fn parse_decimal(text: &str) -> Result<Amount, AmountError> {
    let Some(e) = text.find(['e', 'E']) else {
        return text.parse();
    };
    let (mantissa, exp) = (text.get(..e).unwrap_or(""), text.get(e + 1..).unwrap_or(""));
    let exp: i32 = exp.replace('_', "").parse().map_err(|_| AmountError::Invalid)?;
    if exp.unsigned_abs() > 64 {
        return Err(AmountError::OutOfRange);
    }
    let (sign, digits) = match mantissa.as_bytes().first() {
        Some(b'-') => ("-", mantissa.get(1..).unwrap_or("")),
        Some(b'+') => ("", mantissa.get(1..).unwrap_or("")),
        _ => ("", mantissa),
    };
    let digits = digits.replace('_', "");
    let (int, frac) = match digits.split_once('.') {
        Some((i, f)) => (i.to_owned(), f.to_owned()),
        None => (digits.clone(), String::new()),
    };
    if int.is_empty() || !int.bytes().all(|b| b.is_ascii_digit()) || !frac.bytes().all(|b| b.is_ascii_digit())
    {
        return Err(AmountError::Invalid);
    }
    let all = format!("{int}{frac}");
    // The decimal point sits after `point` digits of `all`.
    let point = int.len() as i64 + i64::from(exp);
    let text = if point <= 0 {
        format!("{sign}0.{}{all}", "0".repeat(point.unsigned_abs() as usize))
    } else if point as usize >= all.len() {
        format!("{sign}{all}{}", "0".repeat(point as usize - all.len()))
    } else {
        let (a, b) = all.split_at(point as usize);
        format!("{sign}{a}.{b}")
    };
    text.parse()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exponents_are_exact() {
        let p = |t: &str| parse_decimal(t).map(|a| a.to_string());
        assert_eq!(p("1e3"), Ok("1000".into()));
        assert_eq!(p("2.5E-2"), Ok("0.025".into()));
        assert_eq!(p("-1.25e1"), Ok("-12.5".into()));
        assert_eq!(p("12.50"), Ok("12.50".into()));
        assert_eq!(p("1_000.5"), Ok("1000.5".into()));
        assert_eq!(p("5e+0"), Ok("5".into()));
        assert!(p("e5").is_err());
        assert!(p("1e999").is_err());
        assert!(p("inf").is_err());
    }
}
