//! Reading: the [`Reader`] over any [`BufRead`], yielding one [`Record`] per hand with memory
//! bounded by the largest hand, whatever the file size.
//!
//! A `.phhs` file is split at its table headers (`[name]` at the start of a line, outside strings
//! and arrays) while it is read; a file whose first significant line is not a header is one `.phh`
//! hand. Each hand is then read by the fast path when it can, else by the toml_edit general path
//! ([`Path`]), which also finds where the next hand starts, so each hand is read in one pass.
//! The reader reads ahead in blocks of whole lines and keeps its buffers from hand to hand.

use std::io::{self, BufRead};

use cards_core::{Diagnostic, Span};

use crate::Options;
use crate::codes;
use crate::model::Hand;
use crate::parse::raw::RawEntry;
use crate::parse::split::{LexState, parse_header};
use crate::parse::{
    HandChunk, Names, ParsedHand, Path, build, fast, finish, header_diagnostics, parse_chunk,
};

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
    /// Decoded text read ahead, whole lines only (but at the end of the input); what precedes
    /// `start` was returned already.
    text: String,
    /// Where the next hand starts in `text`.
    start: usize,
    /// The offset in the input of `text[0]`.
    base: usize,
    /// Bytes of a line not read to its end yet.
    carry: Vec<u8>,
    /// The input has no more bytes.
    eof: bool,
    /// The last hand's text in `text`.
    record: (usize, usize),
    /// Comment and blank lines before the first hand of a `.phhs` file.
    preamble: String,
    index: usize,
    state: State,
    names: Names,
    /// The fast path's vectors, reused from hand to hand.
    scratch: fast::Scratch,
}

/// How much to read ahead at least: many hands, so that reading them finds the next header in one
/// pass over each hand.
const BLOCK: usize = 128 * 1024;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// Nothing read yet.
    Start,
    /// In a `.phhs` file, at a table header (or its end).
    Tables,
    /// At the end.
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
            start: 0,
            base: 0,
            carry: Vec::new(),
            eof: false,
            record: (0, 0),
            preamble: String::new(),
            index: 0,
            state: State::Start,
            names: Names::default(),
            scratch: fast::Scratch::default(),
        }
    }

    /// Chooses the reading path (the fast path with fallback unless told otherwise; both give the
    /// same records).
    #[must_use]
    pub fn with_path(mut self, path: Path) -> Reader<R> {
        self.path = path;
        self
    }

    /// The text of the hand last returned (header included): the input from the hand's header
    /// line (its whole text for a `.phh` input) to the start of the next hand, blank lines and
    /// comments after the hand included.
    #[must_use]
    pub fn record_text(&self) -> &str {
        self.text.get(self.record.0..self.record.1).unwrap_or("")
    }

    /// The offset of [`record_text`](Self::record_text) in the input.
    #[must_use]
    pub fn record_offset(&self) -> usize {
        self.base + self.record.0
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
            State::Start => self.read_start()?,
            State::Tables => match self.read_table()? {
                Some(record) => record,
                None => return Ok(None),
            },
        };
        self.options.apply(&mut record.diagnostics);
        Ok(Some(record))
    }

    /// Reads ahead: at least as much again as is buffered (and [`BLOCK`]), whole lines, until
    /// the end of the input. What was returned already is dropped first.
    fn fill(&mut self) -> io::Result<()> {
        if self.start > 0 {
            self.text.drain(..self.start);
            self.base += self.start;
            self.record = (0, 0);
            self.start = 0;
        }
        let want = self.text.len().max(BLOCK);
        let mut added = 0;
        while added < want && !self.eof {
            let data = match self.input.fill_buf() {
                Ok(data) => data,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            let n = data.len();
            if n == 0 {
                self.eof = true;
                push_decoded(&mut self.text, &self.carry);
                self.carry.clear();
                break;
            }
            match data.iter().rposition(|&b| b == b'\n') {
                Some(last) => {
                    let (lines, rest) = data.split_at(last + 1);
                    if self.carry.is_empty() {
                        push_decoded(&mut self.text, lines);
                    } else {
                        self.carry.extend_from_slice(lines);
                        push_decoded(&mut self.text, &self.carry);
                        self.carry.clear();
                    }
                    added += lines.len();
                    self.carry.extend_from_slice(rest);
                }
                None => self.carry.extend_from_slice(data),
            }
            self.input.consume(n);
        }
        Ok(())
    }

    /// The first hand: skips the preamble of a `.phhs` input, or reads a whole `.phh` input.
    fn read_start(&mut self) -> io::Result<Record> {
        loop {
            match first_table(&self.text, self.eof) {
                Start::More => self.fill()?,
                Start::Single => return self.single(),
                Start::Table(pos) => {
                    self.preamble = self.text.get(..pos).unwrap_or("").to_owned();
                    self.start = pos;
                    self.state = State::Tables;
                    return self.read_table()?.ok_or_else(|| io::Error::other("a table header was lost"));
                }
            }
        }
    }

    /// The hand of a `.phh` input: its whole text.
    fn single(&mut self) -> io::Result<Record> {
        while !self.eof {
            self.fill()?;
        }
        self.state = State::Done;
        self.record = (self.start, self.text.len());
        let text = self.text.get(self.start..).unwrap_or("");
        let offset = self.base + self.start;
        let chunk = HandChunk { index: 0, name: None, header: None, body: text, offset, header_error: None };
        self.start = self.text.len();
        Ok(parse_chunk(&chunk, self.path).into())
    }

    /// The hand whose header line starts at `start`, if any.
    fn read_table(&mut self) -> io::Result<Option<Record>> {
        loop {
            let avail = self.text.get(self.start..).unwrap_or("");
            let (mut record, header, end) = match next_table(
                avail,
                self.eof,
                self.base + self.start,
                self.index,
                self.path,
                &mut self.scratch,
            ) {
                Table::More => {
                    self.fill()?;
                    continue;
                }
                Table::End => {
                    self.state = State::Done;
                    return Ok(None);
                }
                Table::Read { record, header, end } => (record, header, end),
            };
            self.index += 1;
            self.record = (self.start, self.start + end);
            self.start += end;
            if let Some(name) = &record.model.name
                && !self.names.insert(name)
            {
                record.diagnostics.insert(0, duplicate_table(name, header));
            }
            return Ok(Some(record));
        }
    }
}

/// Where the hands of a text start, as far as `text` (whole lines, the input's end if `eof`)
/// tells.
pub(crate) enum Start {
    /// Only comments and blank lines so far: more input decides.
    More,
    /// A `.phh` input: one hand, the whole text.
    Single,
    /// A `.phhs` input: its first table header starts here.
    Table(usize),
}

/// Skips the comment and blank lines opening `text` and says what follows (see [`Start`]).
pub(crate) fn first_table(text: &str, eof: bool) -> Start {
    let lex = LexState::default();
    let mut pos = 0;
    loop {
        let rest = text.get(pos..).unwrap_or("");
        let (line, next) = match rest.find('\n') {
            Some(i) => (rest.get(..i).unwrap_or(""), pos + i + 1),
            None if !eof => return Start::More,
            // Nothing but comments and blank lines: one (empty) hand, as in a `.phh` file.
            None if rest.is_empty() => return Start::Single,
            None => (rest, text.len()),
        };
        if lex.is_trivia(line.as_bytes()) {
            pos = next;
            continue;
        }
        return if lex.is_header(line.as_bytes()) { Start::Table(pos) } else { Start::Single };
    }
}

/// The next table of a `.phhs` text, as far as `avail` (from a header line on) tells.
#[allow(clippy::large_enum_variant)] // moved out at once, once a hand; boxing would allocate per hand
pub(crate) enum Table {
    /// The table may go on past `avail`: more input decides.
    More,
    /// No more tables.
    End,
    /// A table read: its record, its header's span and its text's length in `avail`.
    Read { record: Record, header: Span, end: usize },
}

/// Reads the table whose header line opens `avail` (at `offset` in the input; `eof`: the input
/// ends with `avail`). The duplicate-name check is the caller's.
pub(crate) fn next_table(
    avail: &str,
    eof: bool,
    offset: usize,
    index: usize,
    path: Path,
    scratch: &mut fast::Scratch,
) -> Table {
    if avail.is_empty() && eof {
        return Table::End;
    }
    let header_end = match avail.find('\n') {
        Some(i) => i + 1,
        None if eof => avail.len(),
        None => return Table::More,
    };
    let body = avail.get(header_end..).unwrap_or("");
    // One pass: the fast path reads the body and finds where the next hand starts.
    let fast = match path {
        Path::Auto => fast::parse_fast_until_header(body, offset + header_end, true, scratch),
        Path::General => None,
    };
    let (end, entries) = match fast {
        Some((entries, len)) if header_end + len < avail.len() || eof => (header_end + len, Some(entries)),
        // The hand may go on past what is read yet.
        Some((entries, _)) => {
            scratch.reuse(entries);
            return Table::More;
        }
        None => match body_end(body, eof) {
            Some(len) => (header_end + len, None),
            None => return Table::More,
        },
    };
    let text = avail.get(..end).unwrap_or("");
    let (record, header) = table_record(text, offset, header_end, index, path, entries, scratch);
    Table::Read { record, header, end }
}

/// Where a table's body ends (the start of the next header line), or `None` when it may go on
/// past `body` (no header found and more input to come).
fn body_end(body: &str, eof: bool) -> Option<usize> {
    let mut lex = LexState::default();
    let mut pos = 0;
    let bytes = body.as_bytes();
    while pos < bytes.len() {
        let rest = bytes.get(pos..).unwrap_or_default();
        let (line, next) = match rest.iter().position(|&b| b == b'\n') {
            Some(i) => (rest.get(..i).unwrap_or_default(), pos + i + 1),
            None => (rest, bytes.len()),
        };
        if lex.is_header(line) {
            return Some(pos);
        }
        lex.scan(line);
        pos = next;
    }
    eof.then_some(bytes.len())
}

/// Reads the table whose text (header line of `header_end` bytes, then body) starts at `offset`
/// in the input; `entries` are its body's fields when the fast path read them already. Gives the
/// record and the header's span.
fn table_record(
    text: &str,
    offset: usize,
    header_end: usize,
    index: usize,
    path: Path,
    entries: Option<Vec<RawEntry<'_>>>,
    scratch: &mut fast::Scratch,
) -> (Record, Span) {
    let header_line = strip_eol_str(text.get(..header_end).unwrap_or(""));
    let lead = header_line.len() - header_line.trim_start_matches([' ', '\t']).len();
    let header = Span::new(offset + lead, offset + header_line.trim_end_matches('\r').len());
    let (name, header_error) = match parse_header(header_line, offset) {
        Ok(name) => (Some(name), None),
        Err(d) => (None, Some(d)),
    };
    let chunk = HandChunk {
        index,
        name,
        header: Some(header),
        body: text.get(header_end..).unwrap_or(""),
        offset: offset + header_end,
        header_error,
    };
    let parsed = match entries {
        Some(entries) => {
            let built = build::build(&entries, chunk.anchor());
            scratch.reuse(entries);
            finish(&chunk, Some(built), header_diagnostics(&chunk))
        }
        None => parse_chunk(&chunk, path),
    };
    let mut record: Record = parsed.into();
    record.model.header = Some(header);
    (record, header)
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

fn strip_eol_str(line: &str) -> &str {
    line.strip_suffix('\n').unwrap_or(line)
}

/// Appends the text of whole lines: UTF-8 as it is; otherwise each line that is not UTF-8 read as
/// Latin-1.
fn push_decoded(text: &mut String, bytes: &[u8]) {
    match std::str::from_utf8(bytes) {
        Ok(lines) => text.push_str(lines),
        Err(_) => {
            for line in bytes.split_inclusive(|&b| b == b'\n') {
                match std::str::from_utf8(line) {
                    Ok(line) => text.push_str(line),
                    Err(_) => text.extend(line.iter().map(|&b| char::from(b))),
                }
            }
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
            // `hands` reads the text in place: the same records, diagnostics included.
            let in_place: Vec<ParsedHand> = crate::hands(data).collect();
            assert_eq!(in_place, records, "{data:?}");
            for (r, c) in records.iter().zip(&chunks) {
                assert_eq!(r.hand, c.hand, "{data:?}");
                assert_eq!(r.span, c.span, "{data:?}");
                assert_eq!(r.action_spans, c.action_spans, "{data:?}");
            }
        }
    }

    /// Hands across read-ahead blocks, read through a tiny buffer: the fast path's retries, the
    /// general path's end search, a hand longer than a block, all as reading the text at once.
    #[test]
    fn blocks_and_buffers_do_not_change_the_records() {
        let hand = "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n\
                    starting_stacks = [200, 200]\nactions = [\n  'd dh p1 AhKh', # a comment\n  'd dh p2 ????',\n  'p2 f',\n]\n";
        let mut text = String::from("# preamble\n\n");
        for n in 1..=3000 {
            text.push_str(&format!("[{n}]\n{hand}"));
            match n % 500 {
                7 => text.push_str("a.b = 1\n"), // read by the general path
                8 => text.push_str(&format!("event = '{}'\n", "x".repeat(300_000))),
                9 => text.push_str("s = \"\"\"\n[not a header]\n\"\"\"\n"),
                _ => {}
            }
            text.push('\n');
        }
        let expected: Vec<ParsedHand> =
            crate::chunks(&text).map(|c| crate::parse_chunk(&c, Path::Auto)).collect();
        assert_eq!(expected.len(), 3000);
        for capacity in [7, 1 << 16] {
            let input = std::io::BufReader::with_capacity(capacity, text.as_bytes());
            let mut reader = Reader::new(input, Options::default());
            let mut n = 0;
            while let Some(record) = reader.read_record().unwrap() {
                assert_eq!(
                    &text[reader.record_offset()..][..reader.record_text().len()],
                    reader.record_text()
                );
                let parsed = ParsedHand::from(record);
                assert_eq!(parsed, expected[n], "hand {n}");
                n += 1;
            }
            assert_eq!(n, 3000);
            assert_eq!(reader.preamble(), "# preamble\n\n");
        }
        for (n, parsed) in crate::hands(&text).enumerate() {
            assert_eq!(parsed, expected[n], "hand {n} read in place");
        }
    }
}
