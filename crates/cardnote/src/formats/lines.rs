//! Whole decoded lines from a byte stream, for the line-oriented notations (PPN) that cut a file
//! into units at line starts. A line that is not UTF-8 is read as ISO-8859-1 (as the readers of
//! those notations decode it); a byte-order mark at the very start is dropped.

use std::io::{self, BufRead};

/// A stream of decoded lines, each with its line end, with one line of push-back.
pub struct Lines<'r> {
    input: Box<dyn BufRead + Send + 'r>,
    raw: Vec<u8>,
    started: bool,
    held: Option<String>,
}

impl<'r> Lines<'r> {
    /// Lines of `input`.
    pub fn new(input: Box<dyn BufRead + Send + 'r>) -> Lines<'r> {
        Lines { input, raw: Vec::new(), started: false, held: None }
    }

    /// The next line, `None` at the end of the input.
    ///
    /// # Errors
    /// The input's.
    pub fn next_line(&mut self) -> io::Result<Option<String>> {
        if let Some(line) = self.held.take() {
            return Ok(Some(line));
        }
        self.raw.clear();
        if self.input.read_until(b'\n', &mut self.raw)? == 0 {
            return Ok(None);
        }
        let mut bytes = self.raw.as_slice();
        if !self.started {
            self.started = true;
            bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
        }
        Ok(Some(match std::str::from_utf8(bytes) {
            Ok(text) => text.to_owned(),
            Err(_) => bytes.iter().map(|&b| char::from(b)).collect(),
        }))
    }

    /// Gives a line back: the next call returns it again.
    pub fn push_back(&mut self, line: String) {
        self.held = Some(line);
    }
}

/// Line breaks in `text`, counted as [`cards_core::LineIndex`] counts them.
#[must_use]
pub fn line_count(text: &str) -> usize {
    cards_core::LineIndex::new(text).line_starts().len().saturating_sub(1)
}
