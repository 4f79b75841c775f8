//! The one way in: [`Reader`] cuts a file into hands over any [`BufRead`], one group of lines (a
//! hand and the blank line after it) at a time, so memory is bounded by the largest hand whatever
//! the size of the file. A hand's boundaries depend on its comments (a `{...}` may run over blank
//! lines) and what it inherits (`#`, `##`) on the hands before it, so the cut step reads each
//! hand's lines and resolves its inheritance; each cut hand ([`RawHand`]) is then checked on any
//! thread. Spans count bytes of the whole decoded input.
//!
//! ```
//! use ppn_pinochle::{Options, Pinochle};
//!
//! let text = "% PPN 1.0\n% IMPORT\n\n[Dealer \"N\"]\n[Hand \"1\"]\n\n[Dealer \"E\"]\n[Hand \"2\"]\n";
//! let mut dealers = Vec::new();
//! for record in cards_core::notation::read_checked::<Pinochle, _>(text.as_bytes(), Options::default()) {
//!     let record = record?;
//!     assert!(!record.has_errors(), "{:?}", record.diagnostics);
//!     dealers.push(record.model.summary.and_then(|s| s.dealer).map(|d| d.letters()));
//! }
//! assert_eq!(dealers, [Some("N"), Some("E")]);
//! # Ok::<(), std::io::Error>(())
//! ```

use std::collections::VecDeque;
use std::io::{self, BufRead};
use std::sync::Arc;

use cards_core::lines::TextCutter;
use cards_core::notation::{ReadRecords, next_parsed};
use cards_core::{Diagnostic, Span};

use crate::codes as code;
use crate::model::{Hand, HeaderLine, Item};
use crate::parse::{self, Spare};
use crate::record::{HandRecord, Record};
use crate::validate::{Inheritance, Inherited};
use crate::{Options, Pinochle};

/// A comment may run over blank lines (its `}` ends it); past this many bytes of one hand the
/// reader stops looking for the `}` and reports the comment unclosed.
pub const MAX_HAND_BYTES: usize = 1 << 20;

/// The streaming reader of hands over any [`BufRead`] (a file, standard input, a slice): it cuts
/// hands ([`ReadRecords::read_raw`]) and, as an iterator, reads them.
///
/// The `%` headers at the start of the file travel with every record (shared, never copied per
/// record). A line that is not UTF-8 is read as ISO-8859-1; a byte-order mark at the start is
/// skipped. A file with no hand yields one record without a hand, which carries the header
/// diagnostics.
#[derive(Debug)]
pub struct Reader<R> {
    cutter: TextCutter<R>,
    options: Options,
    chunk: String,
    eof: bool,
    headers: Arc<Vec<HeaderLine>>,
    header_diagnostics: Vec<Diagnostic>,
    in_hands: bool,
    queue: VecDeque<(Hand, Vec<Diagnostic>)>,
    spare: Spare,
    inheritance: Inheritance,
}

/// One hand cut from the input: its text (with the text before it since the hand before: the
/// headers for the first), where that text starts, the hand's lines as read, and what it
/// inherits from the hands before it.
#[derive(Debug, Clone)]
pub struct RawHand {
    text: String,
    offset: usize,
    number: usize,
    hand: Option<Hand>,
    diagnostics: Vec<Diagnostic>,
    header_len: usize,
    headers: Arc<Vec<HeaderLine>>,
    inherited: Inherited,
}

impl RawHand {
    /// The hand's text, with the text before it since the hand before (the headers, for the
    /// first): a file's hands' texts make the file up to the end of its last hand (a second hand
    /// read from the same group of lines has none).
    #[must_use]
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Where [`RawHand::text`] starts in the whole decoded input.
    #[must_use]
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// 0-based number of the hand in its file.
    #[must_use]
    pub fn number(&self) -> usize {
        self.number
    }

    /// Whether a hand was cut (`false` only for the one record a file without hands yields).
    #[must_use]
    pub fn is_record(&self) -> bool {
        self.hand.is_some()
    }
}

impl<R: BufRead> Reader<R> {
    /// A reader over `input`, from its first byte.
    #[must_use]
    pub fn new(input: R, options: Options) -> Reader<R> {
        Reader {
            cutter: TextCutter::new(input),
            options,
            chunk: String::new(),
            eof: false,
            headers: Arc::default(),
            header_diagnostics: Vec::new(),
            in_hands: false,
            queue: VecDeque::new(),
            spare: Spare::default(),
            inheritance: Inheritance::default(),
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
            if self.cutter.read_line(&mut self.chunk)? == 0 {
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
        let base = self.cutter.offset();
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
            }
            self.in_hands |= !hands.is_empty();
            self.queue.extend(hands);
            return Ok(true);
        }
    }

    fn raw(&mut self, hand: Option<Hand>, syntax: Vec<Diagnostic>) -> RawHand {
        let number = self.cutter.next_number();
        let mut diagnostics =
            if number == 0 { std::mem::take(&mut self.header_diagnostics) } else { Vec::new() };
        let header_len = diagnostics.len();
        diagnostics.extend(syntax);
        let inherited = hand.as_ref().map(|h| self.inheritance.take_in(h)).unwrap_or_default();
        let (text, offset) = self.cutter.cut_all();
        RawHand {
            text,
            offset,
            number,
            hand,
            diagnostics,
            header_len,
            headers: Arc::clone(&self.headers),
            inherited,
        }
    }
}

impl<'a> Reader<&'a [u8]> {
    /// A reader over text already in memory.
    #[must_use]
    pub fn from_str(text: &'a str, options: Options) -> Reader<&'a [u8]> {
        Reader::new(text.as_bytes(), options)
    }
}

impl<R: BufRead> ReadRecords<Pinochle> for Reader<R> {
    fn read_raw(&mut self) -> Option<io::Result<RawHand>> {
        loop {
            if let Some((hand, syntax)) = self.queue.pop_front() {
                return Some(Ok(self.raw(Some(hand), syntax)));
            }
            match self.fill() {
                Ok(true) => {}
                Ok(false) => break,
                Err(e) => return Some(Err(e)),
            }
        }
        if self.cutter.end_without_records() {
            return Some(Ok(self.raw(None, Vec::new())));
        }
        None
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = io::Result<Record>;

    fn next(&mut self) -> Option<io::Result<Record>> {
        let options = self.options;
        next_parsed::<Pinochle, _>(self, &options)
    }
}

/// Makes a cut hand a record (the reader's strict severities applied to its syntax). Pure, any
/// thread.
pub(crate) fn parse(raw: RawHand, options: &Options) -> Record {
    let RawHand { hand, mut diagnostics, header_len, headers, inherited, number, .. } = raw;
    options.apply(diagnostics.get_mut(header_len..).unwrap_or_default());
    let span = hand.as_ref().map_or(Span::at(0), |h| h.at.0);
    let model = HandRecord { number, hand, headers, summary: None, header_len, inherited, across: None };
    Record { model, diagnostics, span }
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
        let mut reader = parse::Reader::new(FILE);
        let (hands, hand_diagnostics): (Vec<Hand>, Vec<Vec<Diagnostic>>) = reader.by_ref().unzip();
        let whole = crate::PpnFile { headers: std::mem::take(&mut reader.headers), hands };
        let records: Vec<Record> =
            Reader::new(io::BufReader::with_capacity(3, FILE.as_bytes()), Options::default())
                .collect::<io::Result<_>>()
                .unwrap_or_default();
        assert_eq!(records.len(), whole.hands.len());
        for (i, (record, hand)) in records.iter().zip(&whole.hands).enumerate() {
            let read = record.model.hand.as_ref();
            assert_eq!(read, Some(hand));
            assert_eq!(read.map(spans), Some(spans(hand)));
            let mut expected = if i == 0 { reader.header_diagnostics.clone() } else { Vec::new() };
            expected.extend(hand_diagnostics[i].iter().cloned());
            assert_eq!(record.diagnostics, expected);
        }
        assert_eq!(records[0].model.headers.as_slice(), whole.headers.as_slice());
    }

    #[test]
    fn raw_texts_make_the_file() {
        let mut reader = Reader::new(io::BufReader::with_capacity(5, FILE.as_bytes()), Options::default());
        let raws: Vec<RawHand> =
            std::iter::from_fn(|| reader.read_raw()).collect::<io::Result<_>>().unwrap_or_default();
        assert_eq!(raws.len(), 2);
        assert_eq!(raws.iter().map(RawHand::text).collect::<String>(), FILE);
        assert_eq!(raws[1].offset(), raws[0].text().len());
        assert!(raws[1].text().trim_start().starts_with("[Dealer \"#\"]"));
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
