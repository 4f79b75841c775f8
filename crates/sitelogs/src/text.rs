//! Lines from any `BufRead`: `\n`, `\r\n` and lone `\r` all end a line (old Mac logs use `\r`),
//! a UTF-8 BOM is dropped, and bytes that are not UTF-8 are read as Windows-1252 (the encoding
//! of older site logs), so decoding never fails. Memory is bounded by the longest line.

use std::io::BufRead;

use cards_core::Span;

/// One line: its decoded text (no line ending) and its byte span in the input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// The text, decoded, without its line ending.
    pub text: String,
    /// Where the line (without its ending) is in the input, in bytes.
    pub span: Span,
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

/// Splits a reader into [`Line`]s.
#[derive(Debug)]
pub struct Lines<R> {
    input: R,
    offset: usize,
    buf: Vec<u8>,
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
            input,
            offset: 0,
            buf: Vec::new(),
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
                decode_into(&self.buf[from..], &mut self.text);
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
        Ok(self.read_raw()?.map(|(from, span)| Line { text: decode(&self.buf[from..]), span }))
    }

    /// Reads the next line's bytes into `buf`: where its text starts in `buf` (after a BOM) and
    /// its span.
    fn read_raw(&mut self) -> std::io::Result<Option<(usize, Span)>> {
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

    #[test]
    fn windows_1252() {
        assert_eq!(decode(b"\x80 5 caf\xe9"), "€ 5 café");
    }
}
