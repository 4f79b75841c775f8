//! Amounts as sites write them: an optional currency symbol, thousands separators, decimals
//! (`$1,234.56`, `€0.50`, `1,500`, `¥25`), read exactly.

use cards_core::Amount;

/// The currency symbols read before an amount.
pub const SYMBOLS: &[char] = &['$', '€', '£', '¥', '₹'];

/// Reads an amount; `None` if the text is not one. A comma is a thousands separator only between
/// groups of three digits.
#[must_use]
pub fn parse(text: &str) -> Option<Amount> {
    let text = text.trim();
    let digits = text.trim_start_matches(SYMBOLS);
    if digits.is_empty() || !digits.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let (whole, fraction) = match digits.split_once('.') {
        Some((w, f)) => (w, Some(f)),
        None => (digits, None),
    };
    let mut groups = whole.split(',');
    let first = groups.next()?;
    if first.is_empty() || !first.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let mut plain = String::with_capacity(digits.len());
    plain.push_str(first);
    for group in groups {
        if group.len() != 3 || !group.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        plain.push_str(group);
    }
    if let Some(f) = fraction {
        if f.is_empty() || !f.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        plain.push('.');
        plain.push_str(f);
    }
    plain.parse().ok()
}

/// The currency symbol an amount starts with, if any.
#[must_use]
pub fn symbol_of(text: &str) -> Option<char> {
    text.trim().chars().next().filter(|c| SYMBOLS.contains(c))
}

/// Writes an amount with a symbol prefix (`$0.50`), no thousands separators (as PokerStars does).
#[must_use]
pub fn write(amount: Amount, symbol: Option<&str>) -> String {
    let mut out = String::new();
    if let Some(s) = symbol {
        out.push_str(s);
    }
    out.push_str(&amount.to_string());
    out
}

/// `a + b`; an overflow (amounts past 7.9e28) keeps `a`, which no consistency check accepts.
#[must_use]
pub fn plus(a: Amount, b: Amount) -> Amount {
    a.checked_add(b).unwrap_or(a)
}

/// `a - b`; an overflow keeps `a`.
#[must_use]
pub fn minus(a: Amount, b: Amount) -> Amount {
    a.checked_sub(b).unwrap_or(a)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forms() {
        let p = |s: &str| parse(s).map(|a| a.to_string());
        assert_eq!(p("$1,234.56").as_deref(), Some("1234.56"));
        assert_eq!(p("1,500").as_deref(), Some("1500"));
        assert_eq!(p("€0.50").as_deref(), Some("0.50"));
        assert_eq!(p("¥25").as_deref(), Some("25"));
        assert_eq!(p("12,34"), None);
        assert_eq!(p("$"), None);
        assert_eq!(p("1.").as_deref(), None);
        assert_eq!(p("abc"), None);
    }
}
