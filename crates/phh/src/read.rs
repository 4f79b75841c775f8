//! Reading: the [`Reader`] over any [`BufRead`], yielding one [`Record`] per hand with memory
//! bounded by the largest hand, whatever the file size.
//!
//! A `.phhs` file is split at its table headers (`[name]` at the start of a line, outside strings
//! and arrays) while it is read; a file whose first significant line is not a header is one `.phh`
//! hand. Each hand is then read by the fast path when it can, else by the toml_edit general path
//! ([`Path`]). The reader keeps its buffers from hand to hand: reading allocates only what the
//! hand's model holds.

use std::io::{self, BufRead};

use cards_core::{Diagnostic, Span};

use crate::Options;
use crate::codes;
use crate::model::Hand;
use crate::parse::split::{LexState, parse_header};
use crate::parse::{HandChunk, Names, ParsedHand, Path, parse_chunk};

/// One hand of a file: the model of a [`Record`].
///
/// Beside the [`Hand`] it holds what locates the hand in its file (the `.phhs` table name and
/// header, each action's span) and, once [`check`](crate::check)ed, the replay's outcome.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct FileHand {
    /// 0-based position of the hand in the file.
    pub index: usize,
    /// The table name (`"1"` for `[1]`) in a `.phhs` file; `None` for a `.phh` file.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub name: Option<String>,
    /// The span of the table header line (`[1]`), if any.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub header: Option<Span>,
    /// The hand; `None` when it could not be built (TOML syntax error, missing or unknown variant:
    /// the record's diagnostics say why).
    pub hand: Option<Hand>,
    /// For each entry of `hand.actions`, the span of its notation text in the file (inside the
    /// quotes; the whole string literal if it had escapes).
    pub action_spans: Vec<Span>,
    /// The replay's outcome, set by [`check`](crate::check) (its diagnostics are moved into the
    /// record's); `None` before the check, or when the hand was not replayed (no model, or
    /// errors while reading).
    #[cfg(feature = "replay")]
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub outcome: Option<crate::replay::ReplayOutcome>,
}

/// One hand read from a file: a [`FileHand`], its diagnostics (spans into the whole input) and
/// its span in the input (header included).
pub type Record = cards_core::Record<FileHand>;

impl From<Record> for ParsedHand {
    fn from(record: Record) -> ParsedHand {
        let FileHand { index, name, hand, action_spans, .. } = record.model;
        ParsedHand { index, name, span: record.span, hand, action_spans, diagnostics: record.diagnostics }
    }
}

impl From<ParsedHand> for Record {
    fn from(parsed: ParsedHand) -> Record {
        let ParsedHand { index, name, span, hand, action_spans, diagnostics } = parsed;
        let model = FileHand { index, name, hand, action_spans, ..FileHand::default() };
        Record { model, diagnostics, span }
    }
}

/// Reads the hands of a `.phh` or `.phhs` input one at a time.
///
/// Memory is bounded by the largest hand (plus the table names that break the `1`, `2`, `3`, …
/// sequence, kept for the duplicate check). Spans are offsets in the whole input. Input that is not
/// UTF-8 is read line by line as Latin-1 (spans are then offsets in that text).
///
/// ```
/// use phh::{Options, Reader};
///
/// let data = "[1]\nvariant = 'NT'\nzzz = 1\n[2]\nvariant = 'XX'\n";
/// let records: Vec<phh::Record> = Reader::from_str(data, Options::default()).collect::<Result<_, _>>().unwrap();
/// assert_eq!(records.len(), 2);
/// assert_eq!(records[0].model.name.as_deref(), Some("1"));
/// assert_eq!(records[1].diagnostics[0].code(), phh::codes::PHH_UNKNOWN_VARIANT);
/// assert_eq!(&data[records[1].diagnostics[0].span().range()], "'XX'");
///
/// // `strict`: a producer's convention (here an unknown field) becomes an error.
/// let strict = Reader::from_str(data, Options { strict: true, ..Options::default() }).next().unwrap().unwrap();
/// let unknown = strict.diagnostics.iter().find(|d| d.code() == phh::codes::PHH_UNKNOWN_FIELD).unwrap();
/// assert!(unknown.is_error());
/// ```
#[derive(Debug)]
pub struct Reader<R> {
    input: R,
    options: Options,
    path: Path,
    /// The text of the hand last read (header included), reused from hand to hand.
    text: String,
    /// The header line of the next hand, already read.
    pending: Vec<u8>,
    /// Comment and blank lines before the first hand of a `.phhs` file.
    preamble: String,
    /// Offset in the input of the next hand (of `pending`).
    pos: usize,
    /// Offset in the input of `text`.
    text_offset: usize,
    index: usize,
    state: State,
    names: Names,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// Nothing read yet.
    Start,
    /// In a `.phhs` file; `pending` holds the next header line.
    Tables,
    /// In a `.phhs` file, at its end.
    Done,
}

impl<R: BufRead> Reader<R> {
    /// A reader over `input`.
    pub fn new(input: R, options: Options) -> Reader<R> {
        Reader {
            input,
            options,
            path: Path::Auto,
            text: String::new(),
            pending: Vec::new(),
            preamble: String::new(),
            pos: 0,
            text_offset: 0,
            index: 0,
            state: State::Start,
            names: Names::default(),
        }
    }

    /// Chooses the reading path (the fast path with fallback unless told otherwise; both give the
    /// same records).
    #[must_use]
    pub fn with_path(mut self, path: Path) -> Reader<R> {
        self.path = path;
        self
    }

    /// The text of the hand last returned (header included): the input from `record.span.start`
    /// to the start of the next hand, blank lines and comments after the hand included.
    #[must_use]
    pub fn record_text(&self) -> &str {
        &self.text
    }

    /// The offset of [`record_text`](Self::record_text) in the input.
    #[must_use]
    pub fn record_offset(&self) -> usize {
        self.text_offset
    }

    /// The comment and blank lines before the first table of a `.phhs` input (empty for a
    /// `.phh` input, whose hand's text holds them).
    #[must_use]
    pub fn preamble(&self) -> &str {
        &self.preamble
    }

    /// The options this reader applies.
    #[must_use]
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// Reads the next hand, or `None` at the end of the input.
    ///
    /// # Errors
    /// An error of the underlying reader.
    pub fn read_record(&mut self) -> io::Result<Option<Record>> {
        let mut record = match self.state {
            State::Done => return Ok(None),
            State::Start => match self.read_start()? {
                Some(record) => record,
                None => return Ok(None),
            },
            State::Tables => self.read_table()?,
        };
        self.options.apply(&mut record.diagnostics);
        Ok(Some(record))
    }

    /// The first hand: skips the preamble of a `.phhs` input, or reads a whole `.phh` input.
    fn read_start(&mut self) -> io::Result<Option<Record>> {
        let mut bytes = std::mem::take(&mut self.text).into_bytes();
        bytes.clear();
        let lex = LexState::default();
        loop {
            let start = bytes.len();
            if self.input.read_until(b'\n', &mut bytes)? == 0 {
                // Nothing but comments and blank lines: one (empty) hand, as in a `.phh` file.
                return self.single(bytes).map(Some);
            }
            let line = strip_eol(bytes.get(start..).unwrap_or_default());
            if lex.is_trivia(line) {
                continue;
            }
            if !lex.is_header(line) {
                // A single-hand file: everything (preamble included) is the hand.
                self.input.read_to_end(&mut bytes)?;
                return self.single(bytes).map(Some);
            }
            self.pending.clear();
            self.pending.extend_from_slice(bytes.get(start..).unwrap_or_default());
            bytes.truncate(start);
            self.preamble = decode(bytes);
            self.pos = self.preamble.len();
            self.state = State::Tables;
            return self.read_table().map(Some);
        }
    }

    /// The hand of a `.phh` input (its whole text).
    fn single(&mut self, bytes: Vec<u8>) -> io::Result<Record> {
        self.state = State::Done;
        self.text = decode(bytes);
        self.text_offset = 0;
        let chunk =
            HandChunk { index: 0, name: None, header: None, body: &self.text, offset: 0, header_error: None };
        Ok(parse_chunk(&chunk, self.path).into())
    }

    /// The hand whose header line is `pending`.
    fn read_table(&mut self) -> io::Result<Record> {
        let mut bytes = std::mem::take(&mut self.text).into_bytes();
        bytes.clear();
        bytes.extend_from_slice(&self.pending);
        let header_len = bytes.len();
        let mut lex = LexState::default();
        loop {
            let start = bytes.len();
            if self.input.read_until(b'\n', &mut bytes)? == 0 {
                self.state = State::Done;
                break;
            }
            let line = strip_eol(bytes.get(start..).unwrap_or_default());
            if lex.is_header(line) {
                self.pending.clear();
                self.pending.extend_from_slice(bytes.get(start..).unwrap_or_default());
                bytes.truncate(start);
                break;
            }
            lex.scan(line);
        }
        // The header line decodes alone exactly as it does inside the text (lines are decoded
        // one by one when the text is not UTF-8).
        let header_rel = match std::str::from_utf8(bytes.get(..header_len).unwrap_or_default()) {
            Ok(header) => header.len(),
            Err(_) => decode(bytes.get(..header_len).unwrap_or_default().to_vec()).len(),
        };
        self.text = decode(bytes);
        let start = self.pos;
        self.text_offset = start;
        self.pos = start + self.text.len();
        Ok(self.table_record(start, header_rel))
    }

    /// Reads the hand in `self.text` (a table at `start` whose header line is `header_rel` bytes).
    fn table_record(&mut self, start: usize, header_rel: usize) -> Record {
        let text = self.text.as_str();
        let header_line = strip_eol_str(text.get(..header_rel).unwrap_or(""));
        let lead = header_line.len() - header_line.trim_start_matches([' ', '\t']).len();
        let header_span = Span::new(start + lead, start + header_line.trim_end_matches('\r').len());
        let (name, header_error) = match parse_header(header_line, start) {
            Ok(name) => (Some(name), None),
            Err(d) => (None, Some(d)),
        };
        let index = self.index;
        self.index += 1;
        let chunk = HandChunk {
            index,
            name,
            header: Some(header_span),
            body: text.get(header_rel..).unwrap_or(""),
            offset: start + header_rel,
            header_error,
        };
        let mut record: Record = parse_chunk(&chunk, self.path).into();
        record.model.header = Some(header_span);
        if let Some(name) = &record.model.name
            && !self.names.insert(name)
        {
            record.diagnostics.insert(0, duplicate_table(name, header_span));
        }
        record
    }
}

/// The error of a table name used twice.
pub(crate) fn duplicate_table(name: &str, header: Span) -> Diagnostic {
    Diagnostic::error(codes::PHH_DUPLICATE_TABLE, format!("another hand is already named `[{name}]`"), header)
}

impl<'a> Reader<&'a [u8]> {
    /// A reader over text already in memory.
    #[must_use]
    #[allow(clippy::should_implement_trait)]
    pub fn from_str(text: &'a str, options: Options) -> Reader<&'a [u8]> {
        Reader::new(text.as_bytes(), options)
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = io::Result<Record>;

    fn next(&mut self) -> Option<io::Result<Record>> {
        self.read_record().transpose()
    }
}

fn strip_eol(line: &[u8]) -> &[u8] {
    line.strip_suffix(b"\n").unwrap_or(line)
}

fn strip_eol_str(line: &str) -> &str {
    line.strip_suffix('\n').unwrap_or(line)
}

/// The text of `bytes`: UTF-8 as it is; otherwise each line that is not UTF-8 read as Latin-1.
fn decode(bytes: Vec<u8>) -> String {
    match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => {
            let bytes = e.into_bytes();
            let mut text = String::with_capacity(bytes.len() + bytes.len() / 8);
            for line in bytes.split_inclusive(|&b| b == b'\n') {
                match std::str::from_utf8(line) {
                    Ok(line) => text.push_str(line),
                    Err(_) => text.extend(line.iter().map(|&b| char::from(b))),
                }
            }
            text
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn latin1_lines_are_read_as_latin1() {
        let mut data = b"[1]\nvariant = 'NT'\nevent = '".to_vec();
        data.push(0xE9);
        data.extend_from_slice(b"t\xE9'\n[2]\nvariant = 'NT'\n");
        let mut reader = Reader::new(&data[..], Options::default());
        let first = reader.next().unwrap().unwrap();
        assert_eq!(first.model.hand.unwrap().event.as_deref(), Some("\u{e9}t\u{e9}"));
        assert!(reader.record_text().contains("\u{e9}t\u{e9}"));
        let second = reader.next().unwrap().unwrap();
        assert_eq!(second.model.name.as_deref(), Some("2"));
        // Offsets count the text as read (two more bytes for the two Latin-1 letters).
        assert_eq!(second.span.start, data.len() - "[2]\nvariant = 'NT'\n".len() + 2);
        assert!(reader.next().is_none());
    }

    #[test]
    fn record_text_and_preamble() {
        let data = "# made by hand\n\n[1]\nvariant = 'NT'\n\n[2]\nvariant = 'NT'\n";
        let mut reader = Reader::from_str(data, Options::default());
        let first = reader.next().unwrap().unwrap();
        assert_eq!(reader.preamble(), "# made by hand\n\n");
        assert_eq!(reader.record_text(), "[1]\nvariant = 'NT'\n\n");
        assert_eq!(&data[reader.record_offset()..][..reader.record_text().len()], reader.record_text());
        assert_eq!(first.text(data), Some("[1]\nvariant = 'NT'\n\n"));
        reader.next().unwrap().unwrap();
        assert_eq!(reader.record_text(), "[2]\nvariant = 'NT'\n");
    }

    #[test]
    fn the_same_records_as_a_text_in_memory() {
        for data in [
            "",
            "\n# c\n",
            "variant = 'NT'\n",
            "# p\n[1]\na = [\n[1, 2],\n]\ns = '''\n[x]\n'''\n[\"two\"] # c\nb = 1\n[3]\n[1]\n",
            "[1]\r\nvariant = 'NT'\r\n[[x]]\nq = 1",
        ] {
            let records: Vec<ParsedHand> =
                Reader::from_str(data, Options::default()).map(|r| r.unwrap().into()).collect();
            let chunks: Vec<ParsedHand> =
                crate::chunks(data).map(|c| crate::parse_chunk(&c, Path::Auto)).collect();
            assert_eq!(records.len(), chunks.len(), "{data:?}");
            for (r, c) in records.iter().zip(&chunks) {
                assert_eq!(r.hand, c.hand, "{data:?}");
                assert_eq!(r.span, c.span, "{data:?}");
                assert_eq!(r.action_spans, c.action_spans, "{data:?}");
            }
        }
    }
}
