//! The Deal tag's value (`N:AKQ.. - .. ..`), and the serde form of a deal, its tag text.

use cards_core::{CardSet, CardTextErrorKind, Diagnostic, Span};

use super::lex::any_byte;
use super::values::parse_seat;
use crate::codes;
use crate::model::Deal;
use crate::text as card_text;

/// Parses a Deal value `F:h h h h`; spans of errors are relative to the value start `base`.
#[cfg(any(feature = "serde", test))]
pub fn parse_deal(text: &str, base: usize) -> Result<Deal, Diagnostic> {
    parse_deal_and_slots(text, base).map(|(deal, _)| deal)
}

/// Whether the hands of a Deal value (after the `:`), split on single spaces, make four fields of
/// which one is empty (`W: <N>  <S>`).
fn empty_slot(hands: &str) -> bool {
    let b = hands.as_bytes();
    let spaces = b.iter().filter(|&&c| c == b' ').count();
    // A space at the start, two spaces in a row or a space at the end leave a field empty.
    spaces == 3
        && (b.first() == Some(&b' ')
            || b.last() == Some(&b' ')
            || b.iter()
                .zip(b.get(1..).unwrap_or(&[]))
                .fold(false, |acc, (&p, &c)| acc | ((p == b' ') & (c == b' '))))
}

/// [`parse_deal`], and whether a hand slot is left empty ([`deal_has_empty_slot`]) or missing
/// (fewer than four hands).
pub(crate) fn parse_deal_and_slots(text: &str, base: usize) -> Result<(Deal, bool), Diagnostic> {
    let bad = |msg: String, s: usize, e: usize| {
        Diagnostic::error(codes::BAD_DEAL, msg, Span::new(base + s, base + e))
            .with_help("a deal is `N:S.H.D.C S.H.D.C S.H.D.C S.H.D.C`, `-` for a hand not given")
    };
    let colon = text.bytes().position(|c| c == b':');
    let Some((first_text, rest)) = colon.and_then(|c| Some((text.get(..c)?, text.get(c + 1..)?))) else {
        return Err(bad("the deal does not start with `<seat>:`".into(), 0, text.len()));
    };
    let Some(first) = parse_seat(first_text.trim()) else {
        return Err(bad(format!("`{first_text}` is not a seat"), 0, first_text.len()));
    };
    let mut hands = [None; 4];
    let mut spots = [[0u8; 4]; 4];
    let rest_base = first_text.len() + 1;
    let empty_slot = empty_slot(rest);
    let (fields, count) = hand_fields(rest, empty_slot);
    let fields = fields.get(..count.min(5)).unwrap_or(&[]);
    if let Some(&(s, f)) = fields.get(4) {
        return Err(bad("more than four hands".into(), rest_base + s, rest_base + s + f.len()));
    }
    for (n, &(s, hand_text)) in fields.iter().enumerate() {
        if hand_text.is_empty() {
            continue;
        }
        let seat = first.advance(n);
        match read_hand(hand_text, &mut spots[seat.index()]) {
            Ok(hand) => hands[seat.index()] = hand,
            Err((what, from, to)) => {
                let msg = format!("hand {} is not valid: {what}", n + 1);
                return Err(bad(msg, rest_base + s + from, rest_base + s + to));
            }
        }
    }
    // Real files (Baker Bridge) give two hands "W: <N>  <S>" and leave the rest blank; fewer
    // than four fields (`N:` alone) also leave slots empty, which the reader reports.
    Ok((Deal { first, hands, spots }, empty_slot || count < 4))
}

/// The hand fields of a Deal value after its `:` (each with its offset there, the fifth one
/// kept to report it) and how many there are. Hands are separated by blanks; real files (Baker
/// Bridge) leave slots empty (`W: <N>  <S>`), which split on single spaces gives exactly four
/// fields (`empty_slot`).
// Inline: pieces of the one pass over a Deal value, as they were before the cut.
#[inline]
fn hand_fields(rest: &str, empty_slot: bool) -> ([(usize, &str); 5], usize) {
    let mut fields: [(usize, &str); 5] = [(0, ""); 5];
    let mut count = 0usize;
    if empty_slot {
        let mut off = 0;
        for f in rest.split(' ') {
            if let Some(slot) = fields.get_mut(count) {
                *slot = (off, f);
            }
            count += 1;
            off += f.len() + 1;
        }
        return (fields, count);
    }
    let rb = rest.as_bytes();
    let mut j = 0;
    loop {
        while rb.get(j).is_some_and(|&c| c == b' ' || c == b'\t') {
            j += 1;
        }
        if j >= rb.len() {
            break;
        }
        let s = j;
        while rb.get(j).is_some_and(|&c| c != b' ' && c != b'\t') {
            j += 1;
        }
        if let Some(slot) = fields.get_mut(count) {
            *slot = (s, rest.get(s..j).unwrap_or(""));
        }
        count += 1;
    }
    (fields, count)
}

/// Reads one hand of a deal (either case), its small cards `x` counted into `spots` by suit. An
/// empty hand `...` with no `x` is a hand not shown (partial diagrams): `None`. On error: what is
/// wrong and where in `text`.
// Inline: called per hand of every deal, as `hand_fields` is.
#[inline]
fn read_hand(text: &str, spots: &mut [u8; 4]) -> Result<Option<CardSet>, (String, usize, usize)> {
    let upper;
    let text = if any_byte(text.as_bytes(), |c| c.is_ascii_lowercase()) {
        upper = text.to_ascii_uppercase();
        upper.as_str()
    } else {
        text
    };
    // `x` for a small card (teaching material): counted by suit, the rest read as cards.
    let stripped;
    let text = if text.contains('X') {
        count_spots(text, spots);
        stripped = text.replace('X', "");
        stripped.as_str()
    } else {
        text
    };
    let has_spots = spots.iter().any(|&k| k > 0);
    match card_text::parse_hand(text) {
        Ok(h) => Ok(h.filter(|h| has_spots || !h.is_empty())),
        Err(e) => {
            let len = text.len();
            let what = match e.kind {
                CardTextErrorKind::BadRank => "a character that is not a rank".to_owned(),
                CardTextErrorKind::Duplicate => "a card given twice".to_owned(),
                CardTextErrorKind::SuitGroups => "not four suits separated by dots".to_owned(),
                other => format!("{other:?}"),
            };
            Err((what, e.span.start.min(len), e.span.end.min(len)))
        }
    }
}

/// Counts the `X`s of a hand by suit (the groups between dots).
fn count_spots(text: &str, spots: &mut [u8; 4]) {
    let mut group = 0usize;
    for c in text.bytes() {
        match c {
            b'.' => group += 1,
            b'X' => {
                if let Some(slot) = spots.get_mut(group) {
                    *slot = slot.saturating_add(1);
                }
            }
            _ => {}
        }
    }
}

/// Whether a Deal value leaves a hand slot empty (`W: <N>  <S>`) instead of writing `-`.
#[must_use]
pub fn deal_has_empty_slot(text: &str) -> bool {
    text.split_once(':').is_some_and(|(_, r)| empty_slot(r))
}

#[cfg(feature = "serde")]
mod serde_text {
    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use crate::model::Deal;

    impl Serialize for Deal {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serializer.serialize_str(&self.write_from(self.first))
        }
    }

    impl<'de> Deserialize<'de> for Deal {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Deal, D::Error> {
            let text = String::deserialize(deserializer)?;
            super::parse_deal(&text, 0).map_err(|e| D::Error::custom(e.message()))
        }
    }
}
