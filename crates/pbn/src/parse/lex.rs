//! The byte level: the byte classes PBN's delimiters fall in, line ends, strings and tag pairs.

use cards_core::{Diagnostic, Span};

use crate::codes;
use crate::model::Tag;

/// A table of the bytes in `set`.
const fn byte_table(set: &[u8]) -> [bool; 256] {
    let mut t = [false; 256];
    let mut i = 0;
    while i < set.len() {
        t[set[i] as usize] = true;
        i += 1;
    }
    t
}

/// Bytes that end a word token: white space and `[ ] { } ; "`.
pub(super) static WORD_END: [bool; 256] = byte_table(b" \t\r\n\x0b\x0c[]{};\"");
/// Bytes of a tag name.
static NAME_BYTE: [bool; 256] =
    byte_table(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_");
/// Bytes a string token stops at: its end `"`, an escape `\\` and the line end.
static STRING_STOP: [bool; 256] = byte_table(b"\"\\\r\n");

/// The first position at or after `i` whose byte is in `table` (the text end if none).
pub(super) fn find_byte(b: &[u8], i: usize, table: &[bool; 256]) -> usize {
    b.get(i..).and_then(|r| r.iter().position(|&c| table[usize::from(c)])).map_or(b.len(), |p| i + p)
}

/// Whether any byte satisfies `f`; tests 64 bytes at a time without branching, so the compiler can
/// vectorize it (a plain `any` stops at every byte).
pub(crate) fn any_byte(b: &[u8], f: impl Fn(u8) -> bool) -> bool {
    b.chunks(64).any(|chunk| chunk.iter().fold(false, |acc, &c| acc | f(c)))
}

/// Blanks: white space within a line.
pub(super) fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\x0b' | b'\x0c')
}

/// The end of the line starting at or after `i` (index of `\r` or `\n`, or the text end).
pub(super) fn line_end(b: &[u8], mut i: usize) -> usize {
    while let Some(&c) = b.get(i) {
        if c == b'\n' || c == b'\r' {
            return i;
        }
        i += 1;
    }
    b.len()
}

/// Skips one line end at `i` (`\r\n`, `\n` or `\r`).
pub(super) fn skip_eol(b: &[u8], i: usize) -> usize {
    match b.get(i) {
        Some(b'\r') if b.get(i + 1) == Some(&b'\n') => i + 2,
        Some(b'\r' | b'\n') => i + 1,
        _ => i,
    }
}
/// Scans a string token starting at the quote at `i`: (end after the closing quote, closed).
pub(super) fn scan_string(b: &[u8], i: usize) -> (usize, bool) {
    let mut j = i + 1;
    loop {
        j = find_byte(b, j, &STRING_STOP);
        match b.get(j) {
            Some(b'\\') => {
                if matches!(b.get(j + 1), Some(b'\r' | b'\n') | None) {
                    return (j + 1, false);
                }
                j += 2;
            }
            Some(b'"') => return (j + 1, true),
            Some(_) => return (j, false),
            None => return (b.len(), false),
        }
    }
}

/// Reads a tag pair at `i` (`[`). On failure returns the diagnostic and where to resume.
// Inlined into the game scanner (another module since the split): once per tag pair, where a
// call showed in the reader's instruction counts.
#[inline]
pub(super) fn read_tag(
    src: &str,
    i: usize,
) -> Result<(Tag<'_>, usize, Option<Diagnostic>), (Diagnostic, usize)> {
    let b = src.as_bytes();
    let skip_ws = |mut j: usize| {
        while b.get(j).is_some_and(|&c| c.is_ascii_whitespace() || c == b'\x0b') {
            j += 1;
        }
        j
    };
    let fail = |at: usize, msg: &str| {
        let e = line_end(b, i);
        let at = at.min(e);
        let d = Diagnostic::error(codes::BAD_TAG_PAIR, msg.to_owned(), Span::new(i, at.max(i + 1)))
            .with_help("a tag pair is `[Name \"value\"]`");
        (d, e)
    };
    let ns = skip_ws(i + 1);
    let ne = b.get(ns..).map_or(ns, |r| ns + r.iter().take_while(|&&c| NAME_BYTE[usize::from(c)]).count());
    if ne == ns {
        return Err(fail(ns, "`[` is not followed by a tag name"));
    }
    let q = skip_ws(ne);
    if b.get(q) != Some(&b'"') {
        return unquoted_tag(src, i, ns, ne, q)
            .ok_or_else(|| fail(q, "the tag name is not followed by a string value"));
    }
    let (send, closed) = scan_string(b, q);
    if !closed {
        let e = line_end(b, q.max(i));
        let d = Diagnostic::error(
            codes::UNTERMINATED_STRING,
            "tag value without its closing quote on this line",
            Span::new(q, send.max(q + 1)),
        );
        return Err((d, e));
    }
    let r = skip_ws(send);
    if b.get(r) != Some(&b']') {
        return Err(fail(r, "the tag value is not followed by `]`"));
    }
    let tag = Tag {
        name: src.get(ns..ne).unwrap_or(""),
        raw_value: src.get(q + 1..send - 1).unwrap_or(""),
        span: Span::new(i, r + 1),
        name_span: Span::new(ns, ne),
        value_span: Span::new(q + 1, send - 1),
        line_start: true,
        data: Vec::new(),
    };
    Ok((tag, r + 1, None))
}

/// A tag pair whose value is written without quotes (`[Event Random Deal #]`, as WBridge5 and
/// TableMonitor write it): the value is the text up to the `]` on the same line, trimmed. `None`
/// when there is no such `]`, or the text holds a quote or a bracket (then it is not a tag pair).
fn unquoted_tag(
    src: &str,
    i: usize,
    ns: usize,
    ne: usize,
    q: usize,
) -> Option<(Tag<'_>, usize, Option<Diagnostic>)> {
    let b = src.as_bytes();
    let e = line_end(b, q);
    let close = q + b.get(q..e)?.iter().position(|&c| c == b']')?;
    let inner = b.get(q..close)?;
    if inner.iter().any(|&c| matches!(c, b'"' | b'[' | b'{' | b'}' | b';')) {
        return None;
    }
    let lead = inner.iter().take_while(|c| c.is_ascii_whitespace()).count();
    let trail = inner.iter().rev().take_while(|c| c.is_ascii_whitespace()).count();
    let (vs, ve) = (q + lead, (close - trail).max(q + lead));
    let name = src.get(ns..ne)?;
    let value = src.get(vs..ve)?;
    let tag = Tag {
        name,
        raw_value: value,
        span: Span::new(i, close + 1),
        name_span: Span::new(ns, ne),
        value_span: Span::new(vs, ve),
        line_start: true,
        data: Vec::new(),
    };
    let warning = Diagnostic::warning(
        codes::TAG_VALUE_UNQUOTED,
        format!("the value of `{name}` is not between quotes; read as `{value}`"),
        Span::new(vs, ve.max(vs + 1).min(close + 1)),
    )
    .with_help(format!("write `[{name} \"{value}\"]`"));
    Some((tag, close + 1, Some(warning)))
}
