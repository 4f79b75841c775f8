//! The typed values of single tags: seats, results, scores and numbers.

use cards_core::Compass;

use crate::error::ValueError;
use crate::model::{GameResult, SideScore, TrickCount};

/// Parses a seat letter (`N E S W`, either case).
#[must_use]
pub fn parse_seat(text: &str) -> Option<Compass> {
    let mut chars = text.chars();
    let c = chars.next()?;
    if chars.next().is_some() {
        return None;
    }
    Compass::from_char(c)
}

/// Splits on white space into `buf` without allocating; more than `buf.len()` words give a slice
/// of `buf.len()` (callers reject that length).
fn split_words<'t, 'b>(text: &'t str, buf: &'b mut [&'t str; 5]) -> &'b [&'t str] {
    let mut n = 0;
    for (slot, w) in buf.iter_mut().zip(text.split_whitespace()) {
        *slot = w;
        n += 1;
    }
    buf.get(..n).unwrap_or(&[])
}

/// Parses a Result value. `Ok(None)` is the empty value (all pass) or `?`.
pub fn parse_result(text: &str) -> Result<Option<GameResult>, ValueError> {
    let t = text.trim();
    let (irregular, t) = match t.strip_prefix('^') {
        Some(r) => (true, r.trim_start()),
        None => (false, t),
    };
    if t.is_empty() || t == "?" {
        return if irregular { Err(ValueError) } else { Ok(None) };
    }
    let num = |s: &str| s.parse::<u8>().ok().filter(|&n| n <= 13).ok_or(ValueError);
    let mut buf = [""; 5];
    let parts = split_words(t, &mut buf);
    let tricks = match parts {
        [n] => TrickCount::Declarer(num(n)?),
        [side, n] if side.eq_ignore_ascii_case("NS") => TrickCount::NorthSouth(num(n)?),
        [side, n] if side.eq_ignore_ascii_case("EW") => TrickCount::EastWest(num(n)?),
        [s1, n1, s2, n2] if s1.eq_ignore_ascii_case("NS") && s2.eq_ignore_ascii_case("EW") => {
            TrickCount::Both { ns: num(n1)?, ew: num(n2)?, ns_first: true }
        }
        [s1, n1, s2, n2] if s1.eq_ignore_ascii_case("EW") && s2.eq_ignore_ascii_case("NS") => {
            TrickCount::Both { ns: num(n2)?, ew: num(n1)?, ns_first: false }
        }
        _ => return Err(ValueError),
    };
    Ok(Some(GameResult { tricks, irregular }))
}

/// Parses a score-like value: `<n>`, `NS <n>`, `EW <n>`, `NS <n> EW <m>`, `EW <m> NS <n>`, where
/// `number` validates one value.
pub fn parse_side_score(text: &str, number: impl Fn(&str) -> bool) -> Result<SideScore, ValueError> {
    let mut buf = [""; 5];
    let parts = split_words(text, &mut buf);
    let mut s = SideScore { declarer: None, ns: None, ew: None };
    let check = |n: &&str| if number(n) { Ok((*n).to_owned()) } else { Err(ValueError) };
    match parts {
        [n] => s.declarer = Some(check(n)?),
        [side, n] if *side == "NS" => s.ns = Some(check(n)?),
        [side, n] if *side == "EW" => s.ew = Some(check(n)?),
        [a, n1, b, n2] if *a == "NS" && *b == "EW" => {
            s.ns = Some(check(n1)?);
            s.ew = Some(check(n2)?);
        }
        [a, n1, b, n2] if *a == "EW" && *b == "NS" => {
            s.ew = Some(check(n1)?);
            s.ns = Some(check(n2)?);
        }
        _ => return Err(ValueError),
    }
    Ok(s)
}

/// Whether `s` is an integer with an optional sign.
#[must_use]
pub fn is_integer(s: &str) -> bool {
    let d = s.strip_prefix(['+', '-']).unwrap_or(s);
    !d.is_empty() && d.bytes().all(|c| c.is_ascii_digit())
}

/// Whether `s` is a decimal number with an optional sign (`-3.5`); the fraction may be empty
/// (`100.`, `0.`: the PBN verifier's own correct file writes percentages so).
#[must_use]
pub fn is_decimal(s: &str) -> bool {
    let d = s.strip_prefix(['+', '-']).unwrap_or(s);
    let (a, b) = d.split_once('.').unwrap_or((d, ""));
    !a.is_empty() && a.bytes().all(|c| c.is_ascii_digit()) && b.bytes().all(|c| c.is_ascii_digit())
}

/// Parses an integer with an optional sign.
#[must_use]
pub fn parse_int(s: &str) -> Option<i64> {
    if !is_integer(s) {
        return None;
    }
    s.strip_prefix('+').unwrap_or(s).parse().ok()
}
