//! The hand-written fast path for bulk reading: a byte-level reader for the TOML subset that PHH
//! writers produce (`key = value` lines; bare keys; literal and escape-free basic strings;
//! decimal integers and floats, `inf`/`nan`; booleans; local times; arrays, also across lines;
//! comments between lines). Anything else — and anything it is not sure is valid TOML — makes it
//! return `None`, and the caller falls back to the toml_edit general path.

use std::borrow::Cow;

use cards_core::Span;

use super::raw::{RawEntry, RawKind, RawValue};

struct Reader<'a, 'p> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
    offset: usize,
    /// Emptied array vectors to fill again (see [`Scratch`]).
    arrays: &'p mut Vec<Vec<RawValue<'a>>>,
}

/// The fast path's vectors, kept from hand to hand so that reading a hand allocates nothing of
/// its own: the entry list and one vector per TOML array, emptied and handed back by
/// [`Scratch::reuse`] once the hand is built.
#[derive(Debug, Default)]
pub(crate) struct Scratch {
    entries: Vec<RawEntry<'static>>,
    arrays: Vec<Vec<RawValue<'static>>>,
}

/// A vector's allocation for elements of another lifetime (the vector is emptied first; std's
/// in-place `collect` keeps the allocation when the element layouts are the same, as here).
fn recycle<T, U>(mut v: Vec<T>) -> Vec<U> {
    v.clear();
    v.into_iter().filter_map(|_| None).collect()
}

/// [`recycle`] of each vector of `v`, the outer one kept too.
fn recycle_each<T, U>(v: Vec<Vec<T>>) -> Vec<Vec<U>> {
    v.into_iter().map(recycle).collect()
}

impl Scratch {
    /// Takes the vectors back from a hand's entries, emptied, for the next hand (last first, so
    /// that the next hand's arrays, popped in file order, get the vectors of the same fields).
    pub(crate) fn reuse(&mut self, mut entries: Vec<RawEntry<'_>>) {
        for entry in entries.drain(..).rev() {
            if let RawKind::Array(items) = entry.value.kind {
                self.arrays.push(recycle(items));
            }
        }
        self.entries = recycle(entries);
    }
}

const MAX_DEPTH: u32 = 16;

fn is_control(b: u8) -> bool {
    (b < 0x20 && b != b'\t') || b == 0x7f
}

impl<'a> Reader<'a, '_> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn span(&self, start: usize) -> Span {
        Span::new(start + self.offset, self.pos + self.offset)
    }

    fn skip_spaces(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t')) {
            self.pos += 1;
        }
    }

    /// Skips a comment to the end of the line (not consuming the newline). `None` if invalid.
    fn skip_comment(&mut self) -> Option<()> {
        if self.peek() == Some(b'#') {
            while let Some(b) = self.peek() {
                if b == b'\n' {
                    break;
                }
                if b == b'\r' {
                    // Only valid as part of `\r\n`.
                    if self.bytes.get(self.pos + 1) != Some(&b'\n') {
                        return None;
                    }
                    break;
                }
                if is_control(b) {
                    return None;
                }
                self.pos += 1;
            }
        }
        Some(())
    }

    /// Consumes a line ending (`\n` or `\r\n`) or the end of input.
    fn end_of_line(&mut self) -> Option<()> {
        match self.peek() {
            None => Some(()),
            Some(b'\n') => {
                self.pos += 1;
                Some(())
            }
            Some(b'\r') if self.bytes.get(self.pos + 1) == Some(&b'\n') => {
                self.pos += 2;
                Some(())
            }
            _ => None,
        }
    }

    fn key(&mut self) -> Option<(&'a str, Span)> {
        let start = self.pos;
        while matches!(self.peek(), Some(b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'_' | b'-')) {
            self.pos += 1;
        }
        if self.pos == start {
            return None;
        }
        Some((self.text.get(start..self.pos)?, self.span(start)))
    }

    fn value(&mut self, depth: u32) -> Option<RawValue<'a>> {
        let start = self.pos;
        let kind = match self.peek()? {
            b'\'' => {
                if self.bytes.get(self.pos + 1) == Some(&b'\'') {
                    // `''` (empty) is fine unless it opens a multi-line string.
                    if self.bytes.get(self.pos + 2) == Some(&b'\'') {
                        return None;
                    }
                }
                self.string(b'\'')?
            }
            b'"' => {
                if self.bytes.get(self.pos + 1) == Some(&b'"') && self.bytes.get(self.pos + 2) == Some(&b'"')
                {
                    return None;
                }
                self.string(b'"')?
            }
            b'[' => {
                if depth >= MAX_DEPTH {
                    return None;
                }
                self.array(depth + 1)?
            }
            b't' if self.bytes.get(self.pos..self.pos + 4) == Some(b"true") => {
                self.pos += 4;
                RawKind::Bool(true)
            }
            b'f' if self.bytes.get(self.pos..self.pos + 5) == Some(b"false") => {
                self.pos += 5;
                RawKind::Bool(false)
            }
            _ => self.scalar()?,
        };
        // A value must end at a delimiter.
        if !matches!(self.peek(), None | Some(b' ' | b'\t' | b'\r' | b'\n' | b',' | b']' | b'#')) {
            return None;
        }
        Some(RawValue { kind, span: self.span(start) })
    }

    fn string(&mut self, quote: u8) -> Option<RawKind<'a>> {
        let content = self.pos + 1;
        let mut i = content;
        loop {
            // Most strings hold none of the bytes that need a look: skip to the next one that may.
            i += first_special(self.bytes.get(i..)?, quote);
            let b = *self.bytes.get(i)?;
            if b == quote {
                break;
            }
            if is_control(b) || (quote == b'"' && b == b'\\') {
                return None;
            }
            i += 1;
        }
        let value = self.text.get(content..i)?;
        self.pos = i + 1;
        Some(RawKind::Str { value, content_start: Some(content + self.offset) })
    }

    fn array(&mut self, depth: u32) -> Option<RawKind<'a>> {
        self.pos += 1; // `[`
        let mut items = self.arrays.pop().unwrap_or_default();
        loop {
            self.array_space()?;
            if self.peek()? == b']' {
                self.pos += 1;
                return Some(RawKind::Array(items));
            }
            items.push(self.value(depth)?);
            self.array_space()?;
            match self.peek()? {
                b',' => self.pos += 1,
                b']' => {
                    self.pos += 1;
                    return Some(RawKind::Array(items));
                }
                _ => return None,
            }
        }
    }

    /// Whitespace, newlines and comments inside an array.
    fn array_space(&mut self) -> Option<()> {
        loop {
            match self.peek()? {
                b' ' | b'\t' | b'\n' => self.pos += 1,
                b'\r' if self.bytes.get(self.pos + 1) == Some(&b'\n') => self.pos += 2,
                b'#' => self.skip_comment()?,
                b'\r' => return None,
                _ => return Some(()),
            }
        }
    }

    /// Numbers, `inf`/`nan` and local times.
    fn scalar(&mut self) -> Option<RawKind<'a>> {
        let start = self.pos;
        while let Some(b) = self.peek() {
            if matches!(b, b' ' | b'\t' | b'\r' | b'\n' | b',' | b']' | b'#') {
                break;
            }
            self.pos += 1;
        }
        let token = self.text.get(start..self.pos)?;
        classify(token)
    }
}

/// The index of the first byte of `bytes` that may end or spoil a string (`quote`, a backslash, a
/// control byte, a tab included), or `bytes.len()`.
fn first_special(bytes: &[u8], quote: u8) -> usize {
    use super::{bytes_below, bytes_equal};
    super::find_byte(
        bytes,
        |x| bytes_equal(x, quote) | bytes_equal(x, b'\\') | bytes_equal(x, 0x7f) | bytes_below(x, 0x20),
        |b| b == quote || b == b'\\' || b < 0x20 || b == 0x7f,
    )
    .unwrap_or(bytes.len())
}

fn is_digits(s: &[u8]) -> bool {
    !s.is_empty() && s.iter().all(u8::is_ascii_digit)
}

/// A decimal integer part without leading zeros.
fn is_int_part(s: &[u8]) -> bool {
    is_digits(s) && (s.len() == 1 || s.first() != Some(&b'0'))
}

fn classify(token: &str) -> Option<RawKind<'_>> {
    let b = token.as_bytes();
    match token {
        "inf" | "+inf" | "-inf" | "nan" | "+nan" | "-nan" => {
            return Some(RawKind::Float(Cow::Borrowed(token)));
        }
        _ => {}
    }
    // Local time HH:MM:SS[.frac]
    if b.len() >= 8 && b.get(2) == Some(&b':') {
        let two = |i: usize| -> Option<u8> {
            let (h, l) = (*b.get(i)?, *b.get(i + 1)?);
            (h.is_ascii_digit() && l.is_ascii_digit()).then(|| (h - b'0') * 10 + (l - b'0'))
        };
        let (h, m, s) = (two(0)?, two(3)?, two(6)?);
        if b.get(5) != Some(&b':') || h > 23 || m > 59 || s > 59 {
            return None;
        }
        match b.get(8) {
            None => {}
            Some(b'.') if is_digits(b.get(9..)?) => {}
            _ => return None,
        }
        return Some(RawKind::Datetime(Cow::Borrowed(token)));
    }
    let unsigned = match b.first()? {
        b'+' | b'-' => b.get(1..)?,
        _ => b,
    };
    match unsigned.iter().position(|&c| c == b'.') {
        None => {
            if !is_int_part(unsigned) {
                return None;
            }
            token.parse::<i64>().ok().map(RawKind::Int)
        }
        Some(dot) => {
            let (int, frac) = (unsigned.get(..dot)?, unsigned.get(dot + 1..)?);
            (is_int_part(int) && is_digits(frac)).then_some(RawKind::Float(Cow::Borrowed(token)))
        }
    }
}

/// Reads a hand body with the fast path, its vectors taken from `scratch` (hand the entries back
/// with [`Scratch::reuse`]); `None` means "use the general path".
pub(crate) fn parse_fast<'a>(
    body: &'a str,
    offset: usize,
    scratch: &mut Scratch,
) -> Option<Vec<RawEntry<'a>>> {
    parse_fast_until_header(body, offset, false, scratch).map(|(entries, _)| entries)
}

/// Reads key/value lines from the start of `text`; with `stop_at_header`, stops at the first
/// line that is a table header and also returns where that line starts (else the text's end):
/// splitting a `.phhs` text and reading its hands in one pass.
pub(crate) fn parse_fast_until_header<'a>(
    text: &'a str,
    offset: usize,
    stop_at_header: bool,
    scratch: &mut Scratch,
) -> Option<(Vec<RawEntry<'a>>, usize)> {
    let mut arrays = recycle_each(std::mem::take(&mut scratch.arrays));
    let mut entries = recycle(std::mem::take(&mut scratch.entries));
    let read = read_entries(
        &mut Reader { text, bytes: text.as_bytes(), pos: 0, offset, arrays: &mut arrays },
        &mut entries,
        stop_at_header,
    );
    scratch.arrays = recycle_each(arrays);
    match read {
        Some(end) => Some((entries, end)),
        None => {
            scratch.reuse(entries);
            None
        }
    }
}

/// The loop of [`parse_fast_until_header`]: the entries into `entries`, the end of what was read
/// as the result.
fn read_entries<'a>(
    r: &mut Reader<'a, '_>,
    entries: &mut Vec<RawEntry<'a>>,
    stop_at_header: bool,
) -> Option<usize> {
    loop {
        let line_start = r.pos;
        r.skip_spaces();
        match r.peek() {
            None => return Some(r.pos),
            Some(b'[') if stop_at_header => return Some(line_start),
            Some(b'#') => {
                r.skip_comment()?;
                r.end_of_line()?;
                continue;
            }
            Some(b'\n' | b'\r') => {
                r.end_of_line()?;
                continue;
            }
            _ => {}
        }
        let (key, key_span) = r.key()?;
        r.skip_spaces();
        if r.peek()? != b'=' {
            return None;
        }
        r.pos += 1;
        r.skip_spaces();
        let value = r.value(0)?;
        r.skip_spaces();
        r.skip_comment()?;
        r.end_of_line()?;
        if entries.iter().any(|e| e.key == key) {
            return None;
        }
        entries.push(RawEntry { key, key_span, value });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_pokerkit_style() {
        let body = "variant = 'NT'\nantes = [0, 0.50]\nstarting_stacks = [inf, 1_0]\n";
        assert!(parse_fast(body, 0, &mut Scratch::default()).is_none(), "underscores fall back");
        let body =
            "variant = 'NT'\nantes = [0, 0.50] # c\ntime = 00:00:20\nok = true\n\nactions = [\n 'p1 f',\n]\n";
        let entries = parse_fast(body, 10, &mut Scratch::default()).unwrap();
        assert_eq!(entries.len(), 5);
        assert_eq!(entries[0].value.span, Span::new(20, 24));
        assert!(matches!(entries[1].value.kind, RawKind::Array(ref v) if v.len() == 2));
    }

    /// The scratch vectors are reused: their allocations survive the change of lifetime.
    #[test]
    fn recycle_keeps_the_allocation() {
        let text = String::from("a");
        let mut v: Vec<&str> = Vec::with_capacity(40);
        v.push(&text);
        let v: Vec<&'static str> = recycle(v);
        assert!(v.is_empty() && v.capacity() >= 40);
        let mut scratch = Scratch::default();
        let (entries, _) = parse_fast_until_header("a = [1, 2]\nb = [3]\n", 0, false, &mut scratch).unwrap();
        scratch.reuse(entries);
        assert_eq!(scratch.arrays.len(), 2);
        assert!(scratch.entries.capacity() >= 2);
        // A hand without arrays keeps the spare ones for the next.
        let (entries, _) = parse_fast_until_header("c = 1\n", 0, false, &mut scratch).unwrap();
        scratch.reuse(entries);
        assert_eq!(scratch.arrays.len(), 2);
        assert!(scratch.arrays.iter().all(|a| a.is_empty() && a.capacity() >= 1));
    }

    #[test]
    fn first_special_finds_the_first_byte_that_matters() {
        for (text, quote, at) in [
            ("", b'"', 0),
            ("abc", b'"', 3),
            ("abcdefghij\"", b'"', 10),
            ("abcdefgh'ij", b'\'', 8),
            ("ab\\cdefgh'", b'\'', 2),
            ("abcdefg\thij", b'"', 7),
            ("abcdefghijklmno\x7f", b'"', 15),
            ("\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}'", b'\'', 10),
            ("ok ok ok ok\n", b'"', 11),
        ] {
            assert_eq!(first_special(text.as_bytes(), quote), at, "{text:?}");
        }
    }

    #[test]
    fn comments_inside_arrays() {
        let entries =
            parse_fast("a = [\n  'x', # one\n  # alone\n  'y',\n]\n", 0, &mut Scratch::default()).unwrap();
        assert!(matches!(entries[0].value.kind, RawKind::Array(ref v) if v.len() == 2));
    }

    #[test]
    fn gives_up_on_anything_unusual() {
        for body in [
            "a = 01\n",
            "a = 1.\n",
            "a = .5\n",
            "a = 1e5\n",
            "a = \"x\\ty\"\n",
            "a = '''x'''\n",
            "a.b = 1\n",
            "'a' = 1\n",
            "a = 1 b = 2\n",
            "a = 1\na = 2\n",
            "a = {x = 1}\n",
            "a = 1979-05-27\n",
            "a = 24:00:00\n",
            "a = 1\r",
            "[t]\n",
        ] {
            assert!(parse_fast(body, 0, &mut Scratch::default()).is_none(), "{body:?}");
        }
    }
}
