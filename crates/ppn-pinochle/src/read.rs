//! Streaming over any [`BufRead`]: [`Reader`] yields one [`Record`] per hand, reading one group of
//! lines (a hand and the blank line after it) at a time, so memory is bounded by the largest hand
//! whatever the size of the file. Spans count bytes of the whole decoded input.
//!
//! ```
//! use ppn_pinochle::{Options, Reader, check};
//!
//! let text = "% PPN 1.0\n% IMPORT\n\n[Dealer \"N\"]\n[Hand \"1\"]\n\n[Dealer \"E\"]\n[Hand \"2\"]\n";
//! let mut dealers = Vec::new();
//! for record in Reader::new(std::io::Cursor::new(text), Options::default()) {
//!     let mut record = record.unwrap();
//!     check(&mut record, &Options::default());
//!     assert!(!record.has_errors(), "{:?}", record.diagnostics);
//!     dealers.push(record.model.summary.and_then(|s| s.dealer).map(|d| d.letters()));
//! }
//! assert_eq!(dealers, [Some("N"), Some("E")]);
//! ```

use std::collections::VecDeque;
use std::io::{self, BufRead};
use std::sync::Arc;

use cards_core::lines::LineReader;
use cards_core::{Diagnostic, Span};

use crate::Options;
use crate::codes as code;
use crate::model::{Hand, HeaderLine, Item};
use crate::parse::{self, Spare};
use crate::record::{Checking, HandRecord, Record};

/// A comment may run over blank lines (its `}` ends it); past this many bytes of one hand the
/// reader stops looking for the `}` and reports the comment unclosed.
pub const MAX_HAND_BYTES: usize = 1 << 20;

/// The streaming reader of hands over any [`BufRead`] (a file, standard input, a slice).
///
/// The `%` headers at the start of the file travel with every record (shared, never copied per
/// record). Hands inherit from the hands before them (`#`, `##`, GameScores carry-over), so the
/// records of one reader share one checking state: check them with [`crate::check`] in file
/// order. A line that is not UTF-8 is read as ISO-8859-1; a byte-order mark at the start is
/// skipped. A file with no hand yields one record without a hand, which carries the header
/// diagnostics.
#[derive(Debug)]
pub struct Reader<R> {
    lines: LineReader<R>,
    options: Options,
    chunk: String,
    eof: bool,
    headers: Arc<Vec<HeaderLine>>,
    header_diagnostics: Vec<Diagnostic>,
    in_hands: bool,
    queue: VecDeque<(Hand, Vec<Diagnostic>)>,
    spare: Spare,
    checking: Checking,
    read: usize,
    finished: bool,
}

impl<R: BufRead> Reader<R> {
    /// A reader over `input`.
    #[must_use]
    pub fn new(input: R, options: Options) -> Reader<R> {
        Reader {
            lines: LineReader::new(input),
            options,
            chunk: String::new(),
            eof: false,
            headers: Arc::default(),
            header_diagnostics: Vec::new(),
            in_hands: false,
            queue: VecDeque::new(),
            spare: Spare::default(),
            checking: Checking::default(),
            read: 0,
            finished: false,
        }
    }

    /// A reader over a later part of a file that starts at a line start between hands, where
    /// `position` (from [`Reader::position`] of the reader over the part before) left off: its
    /// records are numbered, and checked with the cross-hand state, as in one reader over the
    /// whole file (check the parts in file order); spans count from the start of `input`.
    #[must_use]
    pub fn resume(input: R, options: Options, position: Position) -> Reader<R> {
        let mut reader = Reader::new(input, options);
        reader.headers = position.headers;
        reader.in_hands = position.in_hands;
        reader.read = position.records;
        reader.checking = position.checking;
        reader
    }

    /// Where this reader stands (after its last record): what [`Reader::resume`] needs.
    #[must_use]
    pub fn position(&self) -> Position {
        Position {
            headers: Arc::clone(&self.headers),
            in_hands: self.in_hands,
            records: self.read,
            checking: self.checking.clone(),
        }
    }

    /// The options this reader was made with.
    #[must_use]
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The `%` header lines read so far.
    #[must_use]
    pub fn headers(&self) -> &[HeaderLine] {
        &self.headers
    }

    /// Gives back a record once it has been used, so that the next hands reuse its buffers.
    pub fn recycle(&mut self, record: Record) {
        if let Some(hand) = record.model.hand {
            self.spare.recycle(hand);
        }
    }

    /// Appends lines to the chunk up to (and with) the blank line that ends a hand, or to the end.
    fn read_group(&mut self) -> io::Result<()> {
        let mut content = false;
        loop {
            let start = self.chunk.len();
            if self.lines.read_line(&mut self.chunk)? == 0 {
                self.eof = true;
                return Ok(());
            }
            let blank =
                self.chunk.as_bytes()[start..].iter().all(|b| matches!(b, b' ' | b'\t' | b'\r' | b'\n'));
            if blank && content {
                return Ok(());
            }
            content |= !blank;
        }
    }

    /// Reads the next group of hands into the queue; `false` at the end of the input.
    fn fill(&mut self) -> io::Result<bool> {
        self.chunk.clear();
        let base = self.lines.offset();
        loop {
            self.read_group()?;
            if self.chunk.is_empty() {
                return Ok(false);
            }
            let mut reader =
                parse::Reader::over(&self.chunk, !self.in_hands, std::mem::take(&mut self.spare));
            let mut hands: Vec<(Hand, Vec<Diagnostic>)> = reader.by_ref().collect();
            let headers = std::mem::take(&mut reader.headers);
            let mut header_diagnostics = std::mem::take(&mut reader.header_diagnostics);
            self.spare = reader.into_spare();
            let unclosed = hands.iter().any(|(_, d)| d.iter().any(|d| d.code() == code::COMMENT_UNCLOSED));
            if unclosed && !self.eof && self.chunk.len() < MAX_HAND_BYTES {
                // a comment that runs over a blank line: read on to its `}`
                for (hand, _) in hands {
                    self.spare.recycle(hand);
                }
                continue;
            }
            if !headers.is_empty() {
                let all = Arc::make_mut(&mut self.headers);
                all.extend(headers.into_iter().map(|mut h| {
                    h.at.0 = h.at.0.shift(base);
                    h
                }));
            }
            for d in &mut header_diagnostics {
                d.set_span(d.span().shift(base));
            }
            self.header_diagnostics.append(&mut header_diagnostics);
            for (hand, diagnostics) in &mut hands {
                shift_hand(hand, base);
                for d in diagnostics.iter_mut() {
                    d.set_span(d.span().shift(base));
                }
                self.options.apply(diagnostics);
            }
            self.in_hands |= !hands.is_empty();
            self.queue.extend(hands);
            return Ok(true);
        }
    }

    fn record(&mut self, hand: Option<Hand>, syntax: Vec<Diagnostic>) -> Record {
        let mut diagnostics =
            if self.read == 0 { std::mem::take(&mut self.header_diagnostics) } else { Vec::new() };
        let header_len = diagnostics.len();
        diagnostics.extend(syntax);
        let span = hand.as_ref().map_or(Span::at(0), |h| h.at.0);
        let model = HandRecord {
            number: self.read,
            hand,
            headers: Arc::clone(&self.headers),
            summary: None,
            header_len,
            checking: self.checking.clone(),
        };
        self.read += 1;
        Record { model, diagnostics, span }
    }
}

impl<'a> Reader<&'a [u8]> {
    /// A reader over text already in memory.
    #[must_use]
    pub fn from_str(text: &'a str, options: Options) -> Reader<&'a [u8]> {
        Reader::new(text.as_bytes(), options)
    }
}

/// Where a [`Reader`] stands in a file (for [`Reader::resume`]): the headers, whether hands have
/// begun, the number of records read, and the checking state the records share.
#[derive(Debug, Clone, Default)]
pub struct Position {
    headers: Arc<Vec<HeaderLine>>,
    in_hands: bool,
    records: usize,
    checking: Checking,
}

impl Position {
    /// Records read.
    #[must_use]
    pub fn records(&self) -> usize {
        self.records
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = io::Result<Record>;

    fn next(&mut self) -> Option<io::Result<Record>> {
        loop {
            if let Some((hand, syntax)) = self.queue.pop_front() {
                return Some(Ok(self.record(Some(hand), syntax)));
            }
            match self.fill() {
                Ok(true) => {}
                Ok(false) => break,
                Err(e) => return Some(Err(e)),
            }
        }
        if self.read == 0 && !self.finished {
            self.finished = true;
            return Some(Ok(self.record(None, Vec::new())));
        }
        None
    }
}

/// Moves every position in `hand` `by` bytes further (a hand read from a later part of a file).
fn shift_hand(hand: &mut Hand, by: usize) {
    if by == 0 {
        return;
    }
    hand.at.0 = hand.at.0.shift(by);
    for item in &mut hand.items {
        match item {
            Item::Comment(c) => c.at.0 = c.at.0.shift(by),
            Item::Tag(tag) => {
                tag.at.0 = tag.at.0.shift(by);
                tag.name_at.0 = tag.name_at.0.shift(by);
                tag.value_at.0 = tag.value_at.0.shift(by);
                for line in tag.section.iter_mut().flat_map(|s| s.lines.iter_mut()) {
                    line.at.0 = line.at.0.shift(by);
                    for token in &mut line.tokens {
                        token.at.0 = token.at.0.shift(by);
                    }
                    for c in &mut line.comments {
                        c.at.0 = c.at.0.shift(by);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = "% PPN 1.0\n% IMPORT\n\n[Dealer \"N\"]\n{a comment\n\nover a blank line}\n[Hand \"1\"]\n\n\n[Dealer \"#\"]\n[Hand \"2\"]\nstray\n";

    fn spans(hand: &Hand) -> Vec<Span> {
        hand.tags().flat_map(|t| [t.at.0, t.name_at.0, t.value_at.0]).collect()
    }

    #[test]
    fn streams_the_hands_of_the_whole_text_reader() {
        let whole = parse::parse(FILE);
        let records: Vec<Record> =
            Reader::new(io::BufReader::with_capacity(3, FILE.as_bytes()), Options::default())
                .collect::<io::Result<_>>()
                .unwrap_or_default();
        assert_eq!(records.len(), whole.file.hands.len());
        for (i, (record, hand)) in records.iter().zip(&whole.file.hands).enumerate() {
            let read = record.model.hand.as_ref();
            assert_eq!(read, Some(hand));
            assert_eq!(read.map(spans), Some(spans(hand)));
            let mut expected = if i == 0 { whole.header_diagnostics.clone() } else { Vec::new() };
            expected.extend(whole.hand_diagnostics[i].iter().cloned());
            assert_eq!(record.diagnostics, expected);
        }
        assert_eq!(records[0].model.headers.as_slice(), whole.file.headers.as_slice());
    }

    #[test]
    fn a_file_without_hands_yields_one_record() {
        let records: Vec<Record> = Reader::from_str("% PPN 1.0\n", Options::default())
            .collect::<io::Result<_>>()
            .unwrap_or_default();
        assert_eq!(records.len(), 1);
        assert!(records[0].model.hand.is_none());
        assert_eq!(Reader::from_str("", Options::default()).count(), 1);
    }
}
