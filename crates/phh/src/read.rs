//! Reading: the [`Reader`] over any [`BufRead`] cuts one [`Raw`] hand at a time, with memory
//! bounded by the largest hand whatever the file size, and parses it into a [`Record`].
//!
//! A `.phhs` file is cut at its table headers (`[name]` at the start of a line, outside strings
//! and arrays) while it is read; a file whose first significant line is not a header is one `.phh`
//! hand. Each hand is then parsed by the fast path when it can, else by the toml_edit general path
//! ([`Path`]). The reader reads ahead in blocks of whole lines.

use std::io::{self, BufRead};

use cards_core::notation::{self, ReadRecords};
use cards_core::{Diagnostic, Span};

use crate::parse::split::{LexState, find_either, parse_header};
use crate::parse::{HandChunk, Names, Path, parse_chunk};
use crate::record::Record;
use crate::{Options, Phh, codes};

/// One hand cut from the input by [`Reader`]'s `read_raw` and not parsed yet: its text, where it
/// is in the input, and what the cut found out (its table header, a table name used before). Parse
/// it with [`Phh::parse`](crate::Phh), on any thread.
///
/// A `.phhs` hand's text runs from the comment and blank lines before its header (the file's
/// opening ones for the first hand) to its last line of content; the texts of all of an input's
/// hands, in order, are the whole input (without a byte order mark). A `.phh` input is one hand,
/// its whole text.
#[derive(Debug, Clone)]
pub struct Raw {
    text: String,
    offset: usize,
    index: usize,
    path: Path,
    table: Option<Table>,
}

/// What the cut found out about a `.phhs` hand's header.
#[derive(Debug, Clone)]
struct Table {
    /// Where the body starts in the raw text.
    body: usize,
    /// Where the record's span ends in the input: the next header line's start.
    span_end: usize,
    /// The table name, when the header is a plain one.
    name: Option<String>,
    /// The header's span in the input (leading blanks and a trailing `\r` left out).
    header: Span,
    /// What is wrong with the header line itself.
    error: Option<Diagnostic>,
    /// An earlier hand of the input has the same name.
    duplicate: bool,
}

impl Raw {
    /// A whole text as one `.phh` hand.
    pub(crate) fn whole(text: String) -> Raw {
        Raw { text, offset: 0, index: 0, path: Path::Auto, table: None }
    }

    /// The hand's text (see [`Raw`]).
    #[must_use]
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Where [`text`](Self::text) starts in the input.
    #[must_use]
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The 0-based position of the hand in the input.
    #[must_use]
    pub fn index(&self) -> usize {
        self.index
    }

    /// Whether the hand is a table of a `.phhs` input (else the whole `.phh` input).
    #[must_use]
    pub fn is_table(&self) -> bool {
        self.table.is_some()
    }

    /// Parses the hand without giving it up: what [`Phh::parse`](crate::Phh) does, for a caller
    /// that keeps its raw hands (the text of a unit of work shared between steps) and would
    /// otherwise clone each one to parse it.
    #[must_use]
    pub fn parse(&self, options: &Options) -> Record {
        parse(self, options)
    }
}

/// Parses a raw hand (see [`Notation::parse`](cards_core::Notation::parse)).
pub(crate) fn parse(raw: &Raw, options: &Options) -> Record {
    let Raw { text, offset, index, path, table } = raw;
    let (offset, index, path) = (*offset, *index, *path);
    let mut record = match table {
        None => {
            let chunk = HandChunk { index, name: None, header: None, body: text, offset, header_error: None };
            parse_chunk(&chunk, path)
        }
        Some(table) => {
            let chunk = HandChunk {
                index,
                name: table.name.as_deref().map(std::borrow::Cow::Borrowed),
                header: Some(table.header),
                body: text.get(table.body..).unwrap_or(""),
                offset: offset + table.body,
                header_error: table.error.clone(),
            };
            let mut record = parse_chunk(&chunk, path);
            record.span.end = table.span_end;
            if let (true, Some(name)) = (table.duplicate, &table.name) {
                record.diagnostics.insert(0, duplicate_table(name, table.header));
            }
            record
        }
    };
    options.apply(&mut record.diagnostics);
    record
}

/// Reads the hands of a `.phh` or `.phhs` input one at a time: the one way in.
///
/// As a [`ReadRecords`], `read_raw` cuts the next hand without parsing it (a light lexer finds the
/// table headers), so that [`Phh::parse`](crate::Phh) can run on other threads; as an iterator it
/// gives each hand parsed, with the options applied. Memory is bounded by the largest hand (plus
/// the table names that break the `1`, `2`, `3`, … sequence, kept for the duplicate check). Spans
/// are offsets in the whole input (without its byte order mark, if any). Input that is not UTF-8
/// is read line by line as Latin-1 (spans are then offsets in that text).
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
///
/// // Cut without parsing: the hands' texts, in order, are the input.
/// use cards_core::notation::ReadRecords;
/// let mut reader = Reader::from_str(data, Options::default());
/// let mut texts = String::new();
/// while let Some(raw) = reader.read_raw() {
///     texts.push_str(raw.unwrap().text());
/// }
/// assert_eq!(texts, data);
/// ```
#[derive(Debug)]
pub struct Reader<R> {
    input: R,
    options: Options,
    path: Path,
    /// Decoded text read ahead, whole lines only (but at the end of the input); what precedes
    /// `start` was cut already.
    text: String,
    /// Where the next hand's text starts in `text`.
    start: usize,
    /// The offset in the input of `text[0]`.
    base: usize,
    /// Bytes of a line not read to its end yet.
    carry: Vec<u8>,
    /// The input has no more bytes.
    eof: bool,
    /// Whether a byte order mark was looked for.
    bom_checked: bool,
    index: usize,
    state: State,
    names: Names,
}

/// How much to read ahead at least: many hands, so that each read adds many hands.
const BLOCK: usize = 128 * 1024;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// Nothing read yet.
    Start,
    /// In a `.phhs` input: the next hand's header line starts at `header` past `start`; the
    /// lexer went through its body as far as `scan` says.
    Tables { header: usize, scan: Option<Scan> },
    /// At the end.
    Done,
}

/// How far the search for the end of a hand went (offsets past `start`), kept while more input
/// is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Scan {
    /// The next line to lex.
    pos: usize,
    /// The end of the last line of content (not a comment or blank line outside any value).
    content_end: usize,
    lex: LexState,
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
            bom_checked: false,
            index: 0,
            state: State::Start,
            names: Names::default(),
        }
    }

    /// Chooses the parsing path of the hands it cuts (the fast path with fallback unless told
    /// otherwise; both give the same records).
    #[must_use]
    pub fn with_path(mut self, path: Path) -> Reader<R> {
        self.path = path;
        self
    }

    /// The options this reader applies.
    #[must_use]
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// Reads ahead: at least as much again as is buffered (and [`BLOCK`]), whole lines, until
    /// the end of the input. What was cut already is dropped first.
    fn fill(&mut self) -> io::Result<()> {
        if self.start > 0 {
            self.text.drain(..self.start);
            self.base += self.start;
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
        if !self.bom_checked && (!self.text.is_empty() || self.eof) {
            self.bom_checked = true;
            if self.text.starts_with('\u{feff}') {
                self.text.drain(..'\u{feff}'.len_utf8());
            }
        }
        Ok(())
    }

    /// Cuts the next hand.
    fn cut(&mut self) -> io::Result<Option<Raw>> {
        loop {
            match self.state {
                State::Done => return Ok(None),
                State::Start => match first_table(self.text.get(self.start..).unwrap_or(""), self.eof) {
                    Start::More => self.fill()?,
                    Start::Single => return self.single().map(Some),
                    Start::Table(header) => self.state = State::Tables { header, scan: None },
                },
                State::Tables { header, scan } => match self.table(header, scan) {
                    Some(raw) => return Ok(Some(raw)),
                    None => self.fill()?,
                },
            }
        }
    }

    /// The hand of a `.phh` input: its whole text.
    fn single(&mut self) -> io::Result<Raw> {
        while !self.eof {
            self.fill()?;
        }
        self.state = State::Done;
        let text = self.text.split_off(self.start);
        let offset = self.base + self.start;
        Ok(Raw { text, offset, index: 0, path: self.path, table: None })
    }

    /// The hand whose header line starts at `header` past `start`, or `None` when more input
    /// must be read to find where it ends (how far the search went is kept in the state).
    fn table(&mut self, header: usize, scan: Option<Scan>) -> Option<Raw> {
        let avail = self.text.get(self.start..).unwrap_or("");
        let bytes = avail.as_bytes();
        let mut scan = match scan {
            Some(scan) => scan,
            None => {
                let header_end = match bytes.get(header..).and_then(|rest| find_either(rest, b'\n', b'\n')) {
                    Some(i) => header + i + 1,
                    None if self.eof => avail.len(),
                    None => return None,
                };
                Scan { pos: header_end, content_end: header_end, lex: LexState::default() }
            }
        };
        let next = loop {
            let rest = bytes.get(scan.pos..).unwrap_or_default();
            // The state after the line, kept only once the line is known whole and no header.
            let mut lex = scan.lex;
            let (line, after) = match lex.scan_line(rest) {
                Some(i) => (rest.get(..i).unwrap_or_default(), scan.pos + i + 1),
                None if self.eof && !rest.is_empty() => (rest, bytes.len()),
                None if self.eof => break None,
                None => {
                    self.state = State::Tables { header, scan: Some(scan) };
                    return None;
                }
            };
            if scan.lex.is_header(line) {
                break Some(scan.pos);
            }
            if !scan.lex.is_trivia(line) {
                scan.content_end = after;
            }
            scan.lex = lex;
            scan.pos = after;
        };
        // The comment and blank lines before the next header are the next hand's.
        let (end, span_end) = match next {
            Some(next) => (scan.content_end, next),
            None => (avail.len(), avail.len()),
        };
        let offset = self.base + self.start;
        let header_line = avail.get(header..).unwrap_or("");
        let header_line =
            header_line.get(..header_line.find('\n').unwrap_or(header_line.len())).unwrap_or("");
        let lead = header_line.len() - header_line.trim_start_matches([' ', '\t']).len();
        let header_span =
            Span::new(offset + header + lead, offset + header + header_line.trim_end_matches('\r').len());
        let (name, error) = match parse_header(header_line, offset + header) {
            Ok(name) => (Some(name.into_owned()), None),
            Err(d) => (None, Some(d)),
        };
        let duplicate = name.as_deref().is_some_and(|name| !self.names.insert(name));
        let body = header
            + header_line.len()
            + usize::from(avail.as_bytes().get(header + header_line.len()) == Some(&b'\n'));
        let table = Table { body, span_end: offset + span_end, name, header: header_span, error, duplicate };
        let text = avail.get(..end).unwrap_or("").to_owned();
        let raw = Raw { text, offset, index: self.index, path: self.path, table: Some(table) };
        self.index += 1;
        self.state = match next {
            Some(next) => State::Tables { header: next - end, scan: None },
            None => State::Done,
        };
        self.start += end;
        Some(raw)
    }
}

/// Where the hands of a text start, as far as `text` (whole lines, the input's end if `eof`)
/// tells.
enum Start {
    /// Only comments and blank lines so far: more input decides.
    More,
    /// A `.phh` input: one hand, the whole text.
    Single,
    /// A `.phhs` input: its first table header starts here.
    Table(usize),
}

/// Skips the comment and blank lines opening `text` and says what follows (see [`Start`]).
fn first_table(text: &str, eof: bool) -> Start {
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

/// The error of a table name used twice.
fn duplicate_table(name: &str, header: Span) -> Diagnostic {
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

impl<R: BufRead> ReadRecords<Phh> for Reader<R> {
    fn read_raw(&mut self) -> Option<io::Result<Raw>> {
        let raw = self.cut();
        if raw.is_err() {
            self.state = State::Done;
        }
        raw.transpose()
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = io::Result<Record>;

    fn next(&mut self) -> Option<io::Result<Record>> {
        let options = self.options;
        notation::next_parsed::<Phh, _>(self, &options)
    }
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
    use cards_core::Notation;

    /// The raw hands of an input read through a buffer of `capacity` bytes.
    fn raws(data: &[u8], capacity: usize) -> Vec<Raw> {
        let input = std::io::BufReader::with_capacity(capacity, data);
        let mut reader = Reader::new(input, Options::default());
        std::iter::from_fn(|| reader.read_raw()).map(Result::unwrap).collect()
    }

    fn parse_all(raws: Vec<Raw>) -> Vec<Record> {
        raws.into_iter().map(|raw| Phh::parse(raw, &Options::default())).collect()
    }

    #[test]
    fn latin1_lines_are_read_as_latin1() {
        let mut data = b"[1]\nvariant = 'NT'\nevent = '".to_vec();
        data.push(0xE9);
        data.extend_from_slice(b"t\xE9'\n[2]\nvariant = 'NT'\n");
        let mut reader = Reader::new(&data[..], Options::default());
        let raw = reader.read_raw().unwrap().unwrap();
        assert!(raw.text().contains("\u{e9}t\u{e9}"));
        let first = Phh::parse(raw, &Options::default());
        assert_eq!(first.model.hand.unwrap().event.as_deref(), Some("\u{e9}t\u{e9}"));
        let second = reader.next().unwrap().unwrap();
        assert_eq!(second.model.name.as_deref(), Some("2"));
        // Offsets count the text as read (two more bytes for the two Latin-1 letters).
        assert_eq!(second.span.start, data.len() - "[2]\nvariant = 'NT'\n".len() + 2);
        assert!(reader.next().is_none());
    }

    #[test]
    fn comments_before_a_header_open_the_next_hand() {
        let data = "# made by hand\n\n[1]\nvariant = 'NT'\n\n# the second\n[2]\nvariant = 'NT'\n# end\n";
        let raws = raws(data.as_bytes(), 1 << 16);
        let texts: Vec<&str> = raws.iter().map(Raw::text).collect();
        assert_eq!(
            texts,
            ["# made by hand\n\n[1]\nvariant = 'NT'\n", "\n# the second\n[2]\nvariant = 'NT'\n# end\n"]
        );
        assert_eq!(raws[1].offset(), data.find("\n# the second").unwrap());
        assert!(raws.iter().all(Raw::is_table));
        // A record's span runs from its header to the next one.
        let records = parse_all(raws);
        assert_eq!(records[0].text(data), Some("[1]\nvariant = 'NT'\n\n# the second\n"));
        assert_eq!(records[1].text(data), Some("[2]\nvariant = 'NT'\n# end\n"));
        assert_eq!(records[0].model.header.map(|h| &data[h.range()]), Some("[1]"));
    }

    #[test]
    fn a_byte_order_mark_is_not_text() {
        let data = "\u{feff}[1]\nvariant = 'NT'\n";
        let records: Vec<Record> = Reader::from_str(data, Options::default()).map(Result::unwrap).collect();
        assert_eq!(records.len(), 1);
        assert_eq!(records[0].model.name.as_deref(), Some("1"));
        assert_eq!(records[0].span.start, 0);
    }

    #[test]
    fn splits_tables_and_ignores_brackets_inside_values() {
        let text = "# preamble\n[1]\na = [\n[1, 2],\n]\ns = '''\n[x]\n'''\n[\"two\"] # c\nb = 1\n[3]\n";
        let raws = raws(text.as_bytes(), 1 << 16);
        assert_eq!(raws.len(), 3);
        assert_eq!(raws[0].text(), "# preamble\n[1]\na = [\n[1, 2],\n]\ns = '''\n[x]\n'''\n");
        assert_eq!(raws[1].text(), "[\"two\"] # c\nb = 1\n");
        assert_eq!(raws[2].text(), "[3]\n");
        let records = parse_all(raws);
        assert_eq!(records[1].model.name.as_deref(), Some("two"));
        assert_eq!(&text[records[1].model.header.unwrap().range()], "[\"two\"] # c");
    }

    #[test]
    fn escapes_and_unclosed_strings_in_values() {
        let text =
            "[1]\na = \"x\\\"[\" # [\nb = ['[', \"\\\\\", '\\']\nc = \"open [\n[2]\nd = [ # ]\n[z]\n]\n[3]\n";
        let names: Vec<Option<String>> =
            Reader::from_str(text, Options::default()).map(|r| r.unwrap().model.name).collect();
        assert_eq!(names, [Some("1".to_owned()), Some("2".to_owned()), Some("3".to_owned())]);
    }

    #[test]
    fn single_hand_inputs() {
        for text in ["variant = 'NT'\n[_meta]\nx = 1\n", "", "# only a comment\n"] {
            let raws = raws(text.as_bytes(), 1 << 16);
            assert_eq!(raws.len(), 1, "{text:?}");
            assert!(!raws[0].is_table());
            assert_eq!(raws[0].text(), text);
        }
    }

    #[test]
    fn a_table_name_used_twice() {
        let text = "[1]\nvariant = 'NT'\n[2]\nvariant = 'NT'\n[1]\nvariant = 'NT'\n";
        let records: Vec<Record> = Reader::from_str(text, Options::default()).map(Result::unwrap).collect();
        assert_eq!(records[2].diagnostics[0].code(), codes::PHH_DUPLICATE_TABLE);
        assert_eq!(&text[records[2].diagnostics[0].span().range()], "[1]");
        let duplicate = |r: &Record| r.diagnostics.iter().any(|d| d.code() == codes::PHH_DUPLICATE_TABLE);
        assert!(!records[..2].iter().any(duplicate));
    }

    #[test]
    fn bad_headers() {
        for text in ["[[1]]\n", "[a.b]\nvariant = 'NT'\n"] {
            let record = Reader::from_str(text, Options::default()).next().unwrap().unwrap();
            assert_eq!(record.diagnostics[0].code(), codes::PHH_TABLE_HEADER, "{text}");
        }
    }

    /// Hands across read-ahead blocks, read through a tiny buffer: the end search resumed, a
    /// hand longer than a block, all as reading the text at once.
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
                10 => text.push_str("# before the next hand\n"),
                _ => {}
            }
            text.push('\n');
        }
        let expected: Vec<Record> = Reader::from_str(&text, Options::default()).map(Result::unwrap).collect();
        assert_eq!(expected.len(), 3000);
        let general: Vec<Record> = Reader::from_str(&text, Options::default())
            .with_path(Path::General)
            .map(Result::unwrap)
            .collect();
        assert_eq!(general, expected);
        for capacity in [7, 1 << 16] {
            let raws = raws(text.as_bytes(), capacity);
            assert_eq!(raws.iter().map(Raw::text).collect::<String>(), text);
            assert_eq!(parse_all(raws), expected);
        }
    }
}
