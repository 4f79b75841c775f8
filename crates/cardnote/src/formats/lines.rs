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

/// Where the next unit of a file starts (bytes and lines of decoded text before it) and how many
/// units came before it.
#[derive(Debug, Default)]
pub struct Cut {
    offset: usize,
    line: usize,
    units: usize,
}

impl Cut {
    /// Units made so far.
    #[must_use]
    pub fn units(&self) -> usize {
        self.units
    }

    /// The next unit: `text`, whose first record is the file's record `index`.
    pub fn unit(
        &mut self,
        text: String,
        index: usize,
        context: std::sync::Arc<dyn std::any::Any + Send + Sync>,
    ) -> super::Unit {
        let unit = super::Unit {
            offset: self.offset,
            line: self.line,
            index,
            context: Some(context),
            text: String::new(),
        };
        self.offset += text.len();
        self.line += line_count(&text);
        self.units += 1;
        super::Unit { text, ..unit }
    }

    /// The empty unit after the last one, which closes what the first one opened.
    #[must_use]
    pub fn end(&self, index: usize, context: std::sync::Arc<dyn std::any::Any + Send + Sync>) -> super::Unit {
        super::Unit {
            offset: self.offset,
            line: self.line,
            index,
            context: Some(context),
            text: String::new(),
        }
    }
}

/// serde_json's pretty `text` indented `by` more spaces after its first line (a value nested in a
/// document written piece by piece).
#[must_use]
pub fn indented(text: &str, by: usize) -> String {
    text.replace('\n', &format!("\n{}", " ".repeat(by)))
}

/// The end of a JSON document whose records array was opened by the first unit: `]` at once if no
/// record was written, else on its own line.
#[must_use]
pub fn json_close(any: bool) -> Vec<u8> {
    if any { b"\n  ]\n}\n".to_vec() } else { b"]\n}\n".to_vec() }
}
