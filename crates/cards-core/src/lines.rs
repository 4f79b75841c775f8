//! Cutting any [`BufRead`] into decoded lines, one at a time, for the streaming readers of the
//! line-based notations. A line is decoded on its own as [`charset`](crate::charset) decodes a
//! whole file: UTF-8, else ISO-8859-1; a byte order mark at the start of the input is dropped.
//! The reader counts the decoded bytes it has given, so a notation's spans can count from the
//! start of the decoded input. [`TextCutter`] adds what a reader that cuts records out of those
//! lines keeps: the text read and not yet given to a record, and the records' numbers.
//! [`ChunkReader`] is the other way round: bytes made on the fly, as a
//! [`Read`](io::Read), for an input of any size that is never in memory whole.
//!
//! ```
//! use cards_core::lines::LineReader;
//!
//! let mut lines = LineReader::new(&b"\xEF\xBB\xBFone\r\nCaf\xE9\n"[..]);
//! let mut text = String::new();
//! assert_eq!(lines.read_line(&mut text).unwrap(), 5);
//! assert_eq!(lines.read_line(&mut text).unwrap(), 6);
//! assert_eq!(lines.read_line(&mut text).unwrap(), 0);
//! assert_eq!(text, "one\r\nCafé\n");
//! assert_eq!(lines.offset(), 11);
//! ```

use std::io::{self, BufRead};

use crate::charset::BOM;

/// Reads decoded lines (each with its `\n`, if it has one) from a [`BufRead`].
#[derive(Debug)]
pub struct LineReader<R> {
    input: R,
    raw: Vec<u8>,
    /// Whole lines taken from the input's buffer at once and checked as UTF-8 in one go (one
    /// check of a short line costs about as much as one of a long run of lines); `at` is where
    /// the next line starts in it.
    batch: String,
    at: usize,
    offset: usize,
    started: bool,
}

/// At most this many bytes of whole lines are taken from the input at once.
const BATCH_BYTES: usize = 64 * 1024;

impl<R: BufRead> LineReader<R> {
    /// A line reader over `input`.
    #[must_use]
    pub fn new(input: R) -> LineReader<R> {
        LineReader { input, raw: Vec::new(), batch: String::new(), at: 0, offset: 0, started: false }
    }

    /// Appends the next line, decoded, to `out`; gives the number of bytes appended (0 at the end
    /// of the input; a line is never empty otherwise, as it holds at least its `\n`).
    ///
    /// # Errors
    /// An error of the underlying reader.
    pub fn read_line(&mut self, out: &mut String) -> io::Result<usize> {
        if self.at == self.batch.len() && !self.take_batch()? {
            return self.read_line_alone(out);
        }
        let rest = &self.batch[self.at..];
        let len = line_len(rest.as_bytes());
        out.push_str(&rest[..len]);
        self.at += len;
        self.offset += len;
        Ok(len)
    }

    /// Takes the whole lines at the start of the input's buffer that are UTF-8 into the batch;
    /// `false` if there is none (a line longer than the buffer, one that is not UTF-8, the end).
    fn take_batch(&mut self) -> io::Result<bool> {
        self.batch.clear();
        self.at = 0;
        let buffered = fill_buf(&mut self.input)?;
        let window = &buffered[..buffered.len().min(BATCH_BYTES)];
        let Some(last) = memchr::memrchr(b'\n', window) else { return Ok(false) };
        let lines = &window[..=last];
        let text = match std::str::from_utf8(lines) {
            Ok(text) => text,
            Err(e) => {
                let Some(end) = memchr::memrchr(b'\n', &lines[..e.valid_up_to()]) else { return Ok(false) };
                std::str::from_utf8(&lines[..=end]).unwrap_or_default()
            }
        };
        let taken = text.len();
        let text = if self.started { text } else { text.strip_prefix('\u{feff}').unwrap_or(text) };
        self.started = true;
        self.batch.push_str(text);
        self.input.consume(taken);
        Ok(true)
    }

    /// Reads one line and decodes it on its own.
    fn read_line_alone(&mut self, out: &mut String) -> io::Result<usize> {
        let buffered = fill_buf(&mut self.input)?;
        let added = match memchr::memchr(b'\n', buffered) {
            Some(k) => {
                let added = decode(&buffered[..=k], &mut self.started, out);
                self.input.consume(k + 1);
                added
            }
            None => {
                self.raw.clear();
                if self.input.read_until(b'\n', &mut self.raw)? == 0 {
                    return Ok(0);
                }
                decode(&self.raw, &mut self.started, out)
            }
        };
        self.offset += added;
        // a line that was only a byte order mark gave no text: read the next one
        if added == 0 { self.read_line(out) } else { Ok(added) }
    }

    /// Decoded bytes given so far: where the next line starts in the decoded input.
    #[must_use]
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The underlying reader, past the lines read so far and those taken into this reader's
    /// batch and not yet given.
    #[must_use]
    pub fn into_inner(self) -> R {
        self.input
    }
}

/// The line plumbing of a reader that cuts a line-based input into records: it reads decoded
/// lines ([`LineReader`]), keeps the text read and not yet given to a record, numbers the records
/// and says when an input without records ends. What starts or ends a record is the notation's:
/// the cutter knows no format.
///
/// ```
/// use cards_core::lines::TextCutter;
///
/// let mut cutter = TextCutter::new(&b"head\n[1]\n[2]\n"[..]);
/// let mut line = String::new();
/// while cutter.read_line(&mut line).unwrap() > 0 {}
/// assert_eq!(cutter.cut(5), ("head\n".to_owned(), 0));
/// assert_eq!((cutter.next_number(), cutter.next_number()), (0, 1));
/// assert_eq!(cutter.cut_all(), ("[1]\n[2]\n".to_owned(), 5));
/// assert!(!cutter.end_without_records());
/// ```
#[derive(Debug)]
pub struct TextCutter<R> {
    lines: LineReader<R>,
    /// Decoded text from `start` to the end of the last line read, not yet cut.
    text: String,
    start: usize,
    records: usize,
    ended: bool,
}

impl<R: BufRead> TextCutter<R> {
    /// A cutter over `input`, from its first byte.
    #[must_use]
    pub fn new(input: R) -> TextCutter<R> {
        TextCutter { lines: LineReader::new(input), text: String::new(), start: 0, records: 0, ended: false }
    }

    /// Appends the next line, decoded, to `out` and keeps it as text not yet cut; gives the number
    /// of bytes appended (0 at the end of the input), as [`LineReader::read_line`].
    ///
    /// # Errors
    /// An error of the underlying reader.
    pub fn read_line(&mut self, out: &mut String) -> io::Result<usize> {
        let from = out.len();
        let read = self.lines.read_line(out)?;
        self.text.push_str(&out[from..]);
        Ok(read)
    }

    /// Decoded bytes read so far: where the next line starts in the decoded input.
    #[must_use]
    pub fn offset(&self) -> usize {
        self.lines.offset()
    }

    /// Takes the text not yet cut up to `at` (a position in the whole decoded input; no further
    /// than the text read) and gives it with where it starts in the input.
    pub fn cut(&mut self, at: usize) -> (String, usize) {
        let len = at.saturating_sub(self.start).min(self.text.len());
        let head = self.text.get(..len).unwrap_or_default().to_owned();
        self.text.drain(..head.len());
        let start = self.start;
        self.start += head.len();
        (head, start)
    }

    /// Takes all the text not yet cut, with where it starts in the input.
    pub fn cut_all(&mut self) -> (String, usize) {
        let start = self.start;
        self.start += self.text.len();
        (std::mem::take(&mut self.text), start)
    }

    /// The number of the next record (0-based), counted as given.
    pub fn next_number(&mut self) -> usize {
        self.records += 1;
        self.records - 1
    }

    /// `true` once, when asked at the end of an input that gave no record number: the reader then
    /// yields the one record without a record that carries the file's problems.
    pub fn end_without_records(&mut self) -> bool {
        let first = self.records == 0 && !self.ended;
        self.ended = true;
        first
    }
}

/// The length of the first line of `bytes`, with its `\n` (all of `bytes` if none). Most lines
/// are short: eight bytes at a time first, memchr's vector search past 32 bytes.
fn line_len(bytes: &[u8]) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let mut i = 0;
    while i < 32 && i + 8 <= bytes.len() {
        let word = u64::from_le_bytes(bytes[i..i + 8].try_into().unwrap_or([0; 8]));
        let x = word ^ (ONES * u64::from(b'\n'));
        // flags the zero bytes of x (the newlines); the lowest flag is exact
        let newline = x.wrapping_sub(ONES) & !x & HIGH;
        if newline != 0 {
            return i + (newline.trailing_zeros() / 8) as usize + 1;
        }
        i += 8;
    }
    memchr::memchr(b'\n', &bytes[i..]).map_or(bytes.len(), |k| i + k + 1)
}

/// The input's buffer, filled (a read that was interrupted is tried again).
fn fill_buf<R: BufRead>(input: &mut R) -> io::Result<&[u8]> {
    loop {
        match input.fill_buf() {
            Ok(_) => break,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    input.fill_buf()
}

/// Appends one line's bytes to `out`, decoded (UTF-8, else ISO-8859-1), without the byte order
/// mark if it is the input's first line; gives the number of bytes appended.
fn decode(line: &[u8], started: &mut bool, out: &mut String) -> usize {
    let mut bytes = line;
    if !*started {
        *started = true;
        bytes = bytes.strip_prefix(BOM).unwrap_or(bytes);
    }
    let before = out.len();
    match std::str::from_utf8(bytes) {
        Ok(text) => out.push_str(text),
        Err(_) => out.extend(bytes.iter().map(|&b| char::from(b))),
    }
    out.len() - before
}

/// A [`Read`](io::Read) over chunks of bytes that an iterator makes as they are read: a large input
/// made on the fly (a generated file of any size) that is never in memory whole.
///
/// ```
/// use std::io::Read;
/// use cards_core::lines::ChunkReader;
///
/// let mut text = String::new();
/// let lines = (1..).map(|n| format!("line {n}\n").into_bytes());
/// ChunkReader::new(lines).up_to(20).read_to_string(&mut text).unwrap();
/// assert_eq!(text, "line 1\nline 2\nline 3\n");
/// ```
#[derive(Debug)]
pub struct ChunkReader<I> {
    chunks: I,
    chunk: Vec<u8>,
    at: usize,
    given: usize,
    limit: usize,
}

impl<I: Iterator<Item = Vec<u8>>> ChunkReader<I> {
    /// A reader of the bytes of `chunks`, one after the other.
    #[must_use]
    pub fn new(chunks: I) -> ChunkReader<I> {
        ChunkReader { chunks, chunk: Vec::new(), at: 0, given: 0, limit: usize::MAX }
    }

    /// Ends the input before the first chunk that would start `bytes` or more bytes in (whole
    /// chunks only: a generated file of about that size that ends at a record's end).
    #[must_use]
    pub fn up_to(self, bytes: usize) -> ChunkReader<I> {
        ChunkReader { limit: bytes, ..self }
    }
}

impl<I: Iterator<Item = Vec<u8>>> io::Read for ChunkReader<I> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        while self.at == self.chunk.len() {
            if self.given >= self.limit {
                return Ok(0);
            }
            match self.chunks.next() {
                Some(chunk) => {
                    self.given += chunk.len();
                    self.chunk = chunk;
                    self.at = 0;
                }
                None => return Ok(0),
            }
        }
        let rest = self.chunk.get(self.at..).unwrap_or_default();
        let n = buf.len().min(rest.len());
        buf[..n].copy_from_slice(&rest[..n]);
        self.at += n;
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8], capacity: usize) -> Vec<String> {
        let mut reader = LineReader::new(io::BufReader::with_capacity(capacity, input));
        let mut out = Vec::new();
        loop {
            let mut line = String::new();
            match reader.read_line(&mut line) {
                Ok(0) | Err(_) => return out,
                Ok(_) => out.push(line),
            }
        }
    }

    #[test]
    fn cuts_after_each_newline_and_keeps_the_last_unterminated_line() {
        assert_eq!(lines(b"a\r\n\nb", 2), ["a\r\n", "\n", "b"]);
        assert!(lines(b"", 2).is_empty());
    }

    #[test]
    fn decodes_each_line_on_its_own() {
        assert_eq!(lines(b"\xC3\xA9\n\xE9\n", 1), ["é\n", "é\n"]);
    }

    #[test]
    fn lines_in_the_buffer_and_across_its_end_read_alike() {
        let input = b"\xEF\xBB\xBF[a]\n\nCaf\xE9 x\r\n\xC3\xA9t\xC3\xA9\nlonger line here\nend";
        let whole = lines(input, input.len());
        assert_eq!(whole, ["[a]\n", "\n", "Caf\u{e9} x\r\n", "\u{e9}t\u{e9}\n", "longer line here\n", "end"]);
        for capacity in 1..input.len() {
            assert_eq!(lines(input, capacity), whole, "capacity {capacity}");
        }
    }

    #[test]
    fn line_len_finds_the_first_newline() {
        let mut text = vec![b'a'; 80];
        text.extend_from_slice(b"\xff\x0a\x8a\x0b\x09");
        for nl in [0, 1, 7, 8, 9, 31, 32, 33, 40, 79] {
            let mut bytes = text.clone();
            bytes[nl] = b'\n';
            bytes[nl + 2] = b'\n';
            for len in 0..=bytes.len() {
                let slice = &bytes[..len];
                let expected = slice.iter().position(|&b| b == b'\n').map_or(len, |k| k + 1);
                assert_eq!(line_len(slice), expected, "newline at {nl}, length {len}");
            }
        }
    }

    #[test]
    fn an_input_without_records_ends_once() {
        let mut cutter = TextCutter::new(io::BufReader::with_capacity(2, &b"\xEF\xBB\xBFab\ncd"[..]));
        let mut line = String::new();
        while cutter.read_line(&mut line).unwrap_or(0) > 0 {}
        assert_eq!(cutter.cut(usize::MAX), ("ab\ncd".to_owned(), 0));
        assert_eq!(cutter.cut_all(), (String::new(), 5));
        assert!(cutter.end_without_records());
        assert!(!cutter.end_without_records());
        assert_eq!(cutter.next_number(), 0);
    }

    #[test]
    fn drops_the_byte_order_mark_only_at_the_start() {
        assert_eq!(lines(b"\xEF\xBB\xBFa\n\xEF\xBB\xBFb", 3), ["a\n", "\u{feff}b"]);
        assert_eq!(lines(b"\xEF\xBB\xBF", 3), Vec::<String>::new());
    }
}
