//! Lines from any `BufRead`: `\n`, `\r\n` and lone `\r` all end a line (old Mac logs use `\r`),
//! a UTF-8 BOM is dropped, and bytes that are not UTF-8 are read as Windows-1252 (the encoding
//! of older site logs), so decoding never fails. Memory is bounded by the longest line.
//!
//! UTF-16 text (Full Tilt's and Winning's clients save their logs so) is read too: a file that
//! starts with a UTF-16 byte-order mark (`FF FE` little-endian, `FE FF` big-endian), or, without
//! one, whose first two characters are ASCII each beside a zero byte, is decoded as UTF-16 of
//! that byte order (an unpaired surrogate or an odd last byte becomes U+FFFD). Spans stay byte
//! offsets into the input, whatever the encoding.

use std::io::{BufRead, Read};

use cards_core::Span;

/// One line: its decoded text (no line ending) and its byte span in the input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// The text, decoded, without its line ending.
    pub text: String,
    /// Where the line (without its ending) is in the input, in bytes.
    pub span: Span,
}

/// The first `limit` lines of `head` that are not blank, trimmed (byte order marks and NULs too): where
/// the text sites' signatures look for a hand's header (a tracker may put a banner first).
pub(crate) fn first_lines(head: &str, limit: usize) -> impl Iterator<Item = &str> {
    // A NUL before a line's text: a log saved as UTF-16 by halves (a real PartyPoker file).
    let trim = |c: char| c.is_whitespace() || c == '\0' || c == '\u{feff}';
    head.lines().map(move |l| l.trim_matches(trim)).filter(|l| !l.is_empty()).take(limit)
}

/// The characters Windows-1252 puts at 0x80..=0x9F (undefined bytes map to themselves).
const CP1252_HIGH: [char; 32] = [
    '€', '\u{81}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{8D}', 'Ž', '\u{8F}', '\u{90}',
    '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\u{9D}', 'ž', 'Ÿ',
];

/// Decodes one line: UTF-8, else Windows-1252.
#[must_use]
pub fn decode(bytes: &[u8]) -> String {
    let mut text = String::new();
    decode_into(bytes, &mut text);
    text
}

/// Decodes one line into `text` (cleared first), reusing its allocation.
pub fn decode_into(bytes: &[u8], text: &mut String) {
    text.clear();
    match std::str::from_utf8(bytes) {
        Ok(utf8) => text.push_str(utf8),
        Err(_) => text.extend(bytes.iter().map(|&b| match b {
            0x80..=0x9F => CP1252_HIGH[usize::from(b - 0x80)],
            _ => char::from(b),
        })),
    }
}

/// How the input's bytes stand for text, decided from its first bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Encoding {
    /// Not decided yet (nothing read).
    Undecided,
    /// UTF-8, else Windows-1252, line by line.
    Bytes,
    /// UTF-16, big-endian when `true`.
    Utf16 { big: bool },
}

/// The encoding the first bytes of an input say, and the length of its byte-order mark.
fn sniff(head: &[u8]) -> (Encoding, usize) {
    match head {
        [0xFF, 0xFE, ..] => (Encoding::Utf16 { big: false }, 2),
        [0xFE, 0xFF, ..] => (Encoding::Utf16 { big: true }, 2),
        // No BOM: two ASCII characters each beside a zero byte is UTF-16 (no text file of the
        // other encodings starts with a NUL, nor has one as its second or fourth byte).
        [a, 0, b, 0, ..] if a.is_ascii() && *a != 0 && b.is_ascii() && *b != 0 => {
            (Encoding::Utf16 { big: false }, 0)
        }
        [0, a, 0, b, ..] if a.is_ascii() && *a != 0 && b.is_ascii() && *b != 0 => {
            (Encoding::Utf16 { big: true }, 0)
        }
        _ => (Encoding::Bytes, 0),
    }
}

/// Splits a reader into [`Line`]s.
#[derive(Debug)]
pub struct Lines<R> {
    /// The input, after the first bytes read to decide its encoding (held in the cursor).
    input: std::io::Chain<std::io::Cursor<Vec<u8>>, R>,
    offset: usize,
    buf: Vec<u8>,
    /// The last line's UTF-16 code units (UTF-16 input).
    units: Vec<u16>,
    encoding: Encoding,
    /// A UTF-16 code unit's first byte, read at the end of a buffer fill.
    half: Option<u8>,
    /// The last line decoded by [`Lines::next_borrowed`].
    text: String,
    first: bool,
    /// The last line ended with `\r`: a `\n` right after it belongs to the same ending.
    after_cr: bool,
    error: Option<std::io::Error>,
}

impl<R: BufRead> Lines<R> {
    /// Lines of `input`.
    pub fn new(input: R) -> Lines<R> {
        Lines {
            input: std::io::Cursor::new(Vec::new()).chain(input),
            offset: 0,
            buf: Vec::new(),
            units: Vec::new(),
            encoding: Encoding::Undecided,
            half: None,
            text: String::new(),
            first: true,
            after_cr: false,
            error: None,
        }
    }

    /// The read error that ended the lines, if any.
    pub fn take_error(&mut self) -> Option<std::io::Error> {
        self.error.take()
    }

    /// Bytes consumed so far.
    #[must_use]
    pub const fn offset(&self) -> usize {
        self.offset
    }

    /// The next line decoded into the reader's own buffer (no allocation per line once the
    /// buffers have grown), with its span; `None` at the end or after a read error.
    pub fn next_borrowed(&mut self) -> Option<(&str, Span)> {
        if self.error.is_some() {
            return None;
        }
        match self.read_raw() {
            Ok(Some((from, span))) => {
                self.decode_line(from);
                Some((&self.text, span))
            }
            Ok(None) => None,
            Err(e) => {
                self.error = Some(e);
                None
            }
        }
    }

    fn next_line(&mut self) -> std::io::Result<Option<Line>> {
        Ok(self.read_raw()?.map(|(from, span)| {
            self.decode_line(from);
            Line { text: self.text.clone(), span }
        }))
    }

    /// Decodes the line just read (its text from `from` in `buf`, or its code units) into `text`.
    fn decode_line(&mut self, from: usize) {
        if let Encoding::Utf16 { .. } = self.encoding {
            self.text.clear();
            let chars = char::decode_utf16(self.units.iter().copied());
            self.text.extend(chars.map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER)));
        } else {
            decode_into(&self.buf[from..], &mut self.text);
        }
    }

    /// Decides the encoding from the first bytes, and skips a UTF-16 byte-order mark.
    fn decide(&mut self) -> std::io::Result<()> {
        // The first four bytes, however small the input's buffer, kept in front of the rest.
        let (head, input) = self.input.get_mut();
        let head = head.get_mut();
        while head.len() < 4 {
            let chunk = match input.fill_buf() {
                Ok(chunk) => chunk,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                break;
            }
            let take = chunk.len().min(4 - head.len());
            head.extend_from_slice(&chunk[..take]);
            input.consume(take);
        }
        let (encoding, bom) = sniff(head);
        self.encoding = encoding;
        if bom > 0 {
            self.input.consume(bom);
            self.offset += bom;
            self.first = false;
        }
        Ok(())
    }

    /// Reads the next line's bytes into `buf` (or its code units into `units`): where its text
    /// starts in `buf` (after a BOM) and its span.
    fn read_raw(&mut self) -> std::io::Result<Option<(usize, Span)>> {
        if self.encoding == Encoding::Undecided {
            self.decide()?;
        }
        if let Encoding::Utf16 { big } = self.encoding {
            return self.read_raw_utf16(big);
        }
        self.buf.clear();
        let mut ended = false;
        loop {
            let chunk = match self.input.fill_buf() {
                Ok(chunk) => chunk,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                break;
            }
            let mut skip = 0;
            if self.after_cr {
                self.after_cr = false;
                if chunk.first() == Some(&b'\n') {
                    skip = 1;
                }
            }
            let rest = &chunk[skip..];
            match rest.iter().position(|&b| b == b'\n' || b == b'\r') {
                Some(i) => {
                    self.buf.extend_from_slice(&rest[..i]);
                    self.after_cr = rest[i] == b'\r';
                    let used = skip + i + 1;
                    self.input.consume(used);
                    self.offset += used;
                    ended = true;
                    break;
                }
                None => {
                    self.buf.extend_from_slice(rest);
                    let used = chunk.len();
                    self.input.consume(used);
                    self.offset += used;
                }
            }
        }
        if !ended && self.buf.is_empty() {
            return Ok(None);
        }
        // Counted back from the end, so a `\n` completing the previous `\r\n` is not included.
        let len = self.buf.len();
        let end_of_text = if ended { self.offset - 1 } else { self.offset };
        let text_start = end_of_text - len;
        let mut from = 0;
        if self.first {
            self.first = false;
            if self.buf.starts_with(b"\xEF\xBB\xBF") {
                from = 3;
            }
        }
        Ok(Some((from, Span::new(text_start + from, end_of_text))))
    }

    /// [`Lines::read_raw`] for UTF-16 input: the line's code units into `units`.
    fn read_raw_utf16(&mut self, big: bool) -> std::io::Result<Option<(usize, Span)>> {
        self.units.clear();
        let mut start: Option<usize> = None;
        let mut end = None;
        loop {
            let chunk = match self.input.fill_buf() {
                Ok(chunk) => chunk,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                break;
            }
            let mut used = 0;
            for &byte in chunk {
                used += 1;
                let Some(first) = self.half.take() else {
                    self.half = Some(byte);
                    continue;
                };
                let unit =
                    if big { u16::from_be_bytes([first, byte]) } else { u16::from_le_bytes([first, byte]) };
                let unit_start = self.offset + used - 2;
                if self.after_cr {
                    self.after_cr = false;
                    if unit == 0x0A {
                        continue;
                    }
                }
                start.get_or_insert(unit_start);
                if unit == 0x0A || unit == 0x0D {
                    self.after_cr = unit == 0x0D;
                    end = Some(unit_start);
                    break;
                }
                self.units.push(unit);
            }
            self.input.consume(used);
            self.offset += used;
            if end.is_some() {
                break;
            }
        }
        let end = match end {
            Some(end) => end,
            None => {
                if self.half.take().is_some() {
                    // An odd last byte: half a character.
                    start.get_or_insert(self.offset - 1);
                    self.units.push(0xFFFD);
                }
                if self.units.is_empty() {
                    return Ok(None);
                }
                self.offset
            }
        };
        Ok(Some((0, Span::new(start.unwrap_or(end), end))))
    }
}

impl<R: BufRead> Iterator for Lines<R> {
    type Item = Line;

    fn next(&mut self) -> Option<Line> {
        if self.error.is_some() {
            return None;
        }
        match self.next_line() {
            Ok(line) => line,
            Err(e) => {
                self.error = Some(e);
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8]) -> Vec<(String, usize, usize)> {
        Lines::new(input).map(|l| (l.text, l.span.start, l.span.end)).collect()
    }

    #[test]
    fn every_line_ending() {
        let got = lines(b"\xEF\xBB\xBFa\r\nbb\rc\n\nd");
        let want = [("a", 3, 4), ("bb", 6, 8), ("c", 9, 10), ("", 11, 11), ("d", 12, 13)];
        let want: Vec<_> = want.iter().map(|(t, s, e)| ((*t).to_owned(), *s, *e)).collect();
        assert_eq!(got, want);
    }

    #[test]
    fn cr_then_lf_across_buffer_refills() {
        let reader = std::io::BufReader::with_capacity(2, &b"ab\r\ncd"[..]);
        let got: Vec<String> = Lines::new(reader).map(|l| l.text).collect();
        assert_eq!(got, ["ab", "cd"]);
    }

    fn utf16(text: &str, big: bool, bom: bool) -> Vec<u8> {
        let mut out = Vec::new();
        if bom {
            out.extend_from_slice(if big { &[0xFE, 0xFF] } else { &[0xFF, 0xFE] });
        }
        for unit in text.encode_utf16() {
            out.extend_from_slice(&if big { unit.to_be_bytes() } else { unit.to_le_bytes() });
        }
        out
    }

    /// UTF-16 of either byte order, with or without a BOM: every line ending, characters beyond
    /// the BMP, and spans in bytes of the input.
    #[test]
    fn utf16_both_byte_orders() {
        for big in [false, true] {
            for bom in [true, false] {
                let input = utf16("Full €1\r\nb\u{1F0A1}\rc\n\nd", big, bom);
                let skip = if bom { 2 } else { 0 };
                let got = lines(&input);
                let want =
                    [("Full €1", 0, 14), ("b\u{1F0A1}", 18, 24), ("c", 26, 28), ("", 30, 30), ("d", 32, 34)];
                let want: Vec<_> =
                    want.iter().map(|(t, s, e)| ((*t).to_owned(), s + skip, e + skip)).collect();
                assert_eq!(got, want, "big {big} bom {bom}");
            }
        }
    }

    /// A code unit split between buffer fills, a `\r\n` split the same way, an unpaired
    /// surrogate and an odd last byte: decoded without failing.
    #[test]
    fn utf16_across_refills_and_broken_input() {
        let input = utf16("ab\r\ncd", false, true);
        for capacity in 1..6 {
            let reader = std::io::BufReader::with_capacity(capacity, &input[..]);
            let got: Vec<String> = Lines::new(reader).map(|l| l.text).collect();
            assert_eq!(got, ["ab", "cd"], "capacity {capacity}");
        }
        let mut broken = utf16("a", false, true);
        broken.extend_from_slice(&[0x00, 0xD8, b'b', 0, b'\n', 0, b'c']);
        let got = lines(&broken);
        assert_eq!(got, [("a\u{FFFD}b".to_owned(), 2, 8), ("\u{FFFD}".to_owned(), 10, 11)]);
    }

    /// Text that is not UTF-16 stays UTF-8 / Windows-1252.
    #[test]
    fn utf8_is_not_utf16() {
        assert_eq!(sniff(b"Full Tilt").0, Encoding::Bytes);
        assert_eq!(sniff(b"\xEF\xBB\xBFa").0, Encoding::Bytes);
        assert_eq!(sniff(b"a").0, Encoding::Bytes);
        let got: Vec<String> = Lines::new(&b"\xFFa"[..]).map(|l| l.text).collect();
        assert_eq!(got, ["ÿa"]);
    }

    #[test]
    fn windows_1252() {
        assert_eq!(decode(b"\x80 5 caf\xe9"), "€ 5 café");
    }
}
