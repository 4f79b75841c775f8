//! The one way in: [`Reader`] cuts a file into deal records over any [`BufRead`], one line at a
//! time, so memory is bounded by the longest line and two records whatever the size of the file.
//! Each cut record ([`RawDeal`]) carries its text and the info section before it, and is read by
//! [`Pref::parse`](crate::Pref) on any thread. Spans count bytes of the whole decoded input.

use std::io::{self, BufRead};
use std::ops::Range;
use std::sync::Arc;

use cards_core::lines::TextCutter;
use cards_core::notation::{ReadRecords, next_parsed};
use cards_core::{Diagnostic, Span};

use crate::parse::{self, Item, Scanner};
use crate::record::{DealRecord, Header, Record};
use crate::{Options, Pref};

/// The streaming reader of deal records over any [`BufRead`] (a file, standard input, a slice):
/// it cuts records ([`ReadRecords::read_raw`]) and, as an iterator, reads them.
///
/// A line that is not UTF-8 is read as ISO-8859-1; a byte-order mark at the start is skipped.
/// Each record carries the info section read so far (shared, never copied per record). A
/// file-level problem (a stray line, an unclosed bracket, a bad tag) and a tag after a deal
/// record join the record they follow (those before the first record join it); the reader looks
/// one record ahead for that. A file with no deal record yields one record with no deal, which
/// carries the file's problems.
///
/// ```
/// use ppn_pref::{Options, Reader};
///
/// let file = std::io::Cursor::new("[Bula 60]\n[1 123 WQKJS5LP84CEIAOT9N31BDH7FVM2RGU6 P,P,P]\n");
/// let records: Vec<_> = Reader::new(file, Options::default()).collect::<std::io::Result<_>>()?;
/// assert_eq!(records.len(), 1);
/// assert_eq!(records[0].span.start, 10);
/// assert_eq!(records[0].model.header.tag("Bula"), Some("60"));
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug)]
pub struct Reader<R> {
    cutter: TextCutter<R>,
    options: Options,
    /// The line being scanned, where it starts in the decoded input, and where the scanner stands
    /// in it (`None`: read the next line).
    line: String,
    base: usize,
    place: Option<parse::Place>,
    header: Arc<Header>,
    pending: Option<RawDeal>,
    early: Vec<Diagnostic>,
}

/// One deal record cut from the input, not yet read: its text (from the record's `[` to the next
/// record's, with the tags and problems between; the first record's also holds the text before
/// it), where that text starts in the input, and the info section read so far.
#[derive(Debug, Clone)]
pub struct RawDeal {
    text: String,
    offset: usize,
    /// The record's `[...]` in `text` (`None`: a file without deal records).
    record: Option<Range<usize>>,
    number: usize,
    header: Arc<Header>,
    late_tags: Range<usize>,
    problems: Vec<Diagnostic>,
}

impl RawDeal {
    /// The record's text: the first record's holds the text before it, each holds the text after
    /// it up to the next record, so a file's records' texts make the whole file.
    #[must_use]
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Where [`RawDeal::text`] starts in the whole decoded input.
    #[must_use]
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// 0-based number of the record in its file.
    #[must_use]
    pub fn number(&self) -> usize {
        self.number
    }

    /// Whether a deal record was cut (`false` only for the one record a file without deal
    /// records yields).
    #[must_use]
    pub fn is_record(&self) -> bool {
        self.record.is_some()
    }
}

impl<R: BufRead> Reader<R> {
    /// A reader over `input`, from its first byte.
    #[must_use]
    pub fn new(input: R, options: Options) -> Reader<R> {
        Reader {
            cutter: TextCutter::new(input),
            options,
            line: String::new(),
            base: 0,
            place: None,
            header: Arc::default(),
            pending: None,
            early: Vec::new(),
        }
    }

    /// The next item of the input, spans in the whole input; `None` at its end.
    fn next_item(&mut self) -> Option<io::Result<Item>> {
        loop {
            if let Some(place) = self.place {
                let mut scanner = Scanner::resume(&self.line, place);
                if let Some(item) = scanner.next() {
                    self.place = Some(scanner.place());
                    let base = self.base;
                    return Some(Ok(match item {
                        Item::Tag(tag, span) => Item::Tag(tag, span.shift(base)),
                        Item::Record(span) => Item::Record(span.shift(base)),
                        Item::Problem(d) => Item::Problem(d.shifted(base)),
                    }));
                }
                self.place = None;
            }
            self.base = self.cutter.offset();
            self.line.clear();
            match self.cutter.read_line(&mut self.line) {
                Ok(0) => return None,
                Ok(_) => self.place = Some(Scanner::new(&self.line).place()),
                Err(e) => return Some(Err(e)),
            }
        }
    }

    fn add_tag(&mut self, tag: crate::model::Tag, span: Span) {
        let header = Arc::make_mut(&mut self.header);
        header.tags.push(tag);
        header.spans.push(span);
        if let Some(pending) = &mut self.pending {
            pending.header = Arc::clone(&self.header);
            pending.late_tags.end = self.header.tags.len();
        }
    }

    /// Gives the pending record its text up to `at` and returns it.
    fn close_pending(&mut self, at: usize) -> Option<RawDeal> {
        let mut pending = self.pending.take()?;
        let (text, _) = self.cutter.cut(at);
        pending.text.push_str(&text);
        Some(pending)
    }
}

impl<'a> Reader<&'a [u8]> {
    /// A reader over text already in memory.
    #[must_use]
    pub fn from_str(text: &'a str, options: Options) -> Reader<&'a [u8]> {
        Reader::new(text.as_bytes(), options)
    }
}

impl<R: BufRead> ReadRecords<Pref> for Reader<R> {
    fn read_raw(&mut self) -> Option<io::Result<RawDeal>> {
        while let Some(item) = self.next_item() {
            match item {
                Err(e) => return Some(Err(e)),
                Ok(Item::Tag(tag, span)) => self.add_tag(tag, span),
                Ok(Item::Problem(d)) => match &mut self.pending {
                    Some(pending) => pending.problems.push(d),
                    None => self.early.push(d),
                },
                Ok(Item::Record(span)) => {
                    let closed = self.close_pending(span.start);
                    let number = self.cutter.next_number();
                    // the first record's text holds what comes before it
                    let (lead, offset) =
                        if number == 0 { self.cutter.cut(span.start) } else { (String::new(), span.start) };
                    let start = lead.len();
                    let late = self.header.tags.len();
                    let raw = RawDeal {
                        offset,
                        text: lead,
                        record: Some(start..start + span.len()),
                        number,
                        header: Arc::clone(&self.header),
                        late_tags: late..late,
                        problems: if number == 0 { std::mem::take(&mut self.early) } else { Vec::new() },
                    };
                    self.pending = Some(raw);
                    if let Some(closed) = closed {
                        return Some(Ok(closed));
                    }
                }
            }
        }
        if self.pending.is_some() {
            return self.close_pending(usize::MAX).map(Ok);
        }
        if self.cutter.end_without_records() {
            let (text, offset) = self.cutter.cut_all();
            let tags = self.header.tags.len();
            return Some(Ok(RawDeal {
                text,
                offset,
                record: None,
                number: self.cutter.next_number(),
                header: Arc::clone(&self.header),
                late_tags: tags..tags,
                problems: std::mem::take(&mut self.early),
            }));
        }
        None
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = io::Result<Record>;

    fn next(&mut self) -> Option<io::Result<Record>> {
        let options = self.options;
        next_parsed::<Pref, _>(self, &options)
    }
}

/// Reads a cut record: its deal, with spans in the whole input, and its diagnostics (its syntax,
/// then the file-level problems read next to it). Pure, any thread.
pub(crate) fn parse(raw: RawDeal, options: &Options) -> Record {
    let RawDeal { text, offset, record, number, header, late_tags, problems } = raw;
    let Some(range) = record else {
        let model = DealRecord {
            number,
            id: None,
            deal: None,
            spans: parse::DealSpans::default(),
            header,
            late_tags,
            outcome: None,
            own: 0,
        };
        let mut record = Record { model, diagnostics: problems, span: Span::at(0) };
        options.apply(&mut record.diagnostics);
        return record;
    };
    let (read, deal) = parse::read_record(&text, range.start, range.end);
    let spans = read.spans.shifted(offset);
    let mut diagnostics = read.diagnostics;
    for d in &mut diagnostics {
        d.set_span(d.span().shift(offset));
    }
    let own = diagnostics.len();
    diagnostics.extend(problems);
    options.apply(&mut diagnostics);
    let model = DealRecord { number, id: read.id, deal, spans, header, late_tags, outcome: None, own };
    Record { model, diagnostics, span: spans.record() }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = "[Bula 60]\r\n[Refe 2]\n\nstray text\n[1 123 WQKJS5LP84CEIAOT9N31BDH7FVM2RGU6 P,P,P]\n\
                        [2 231 1BDHM27WQK4CEIN3FVRJS5LP8GU6AOT9 P,P,P] [Bula 60]\n[3 x]";

    fn raws(reader: &mut Reader<impl BufRead>) -> Vec<RawDeal> {
        std::iter::from_fn(|| reader.read_raw()).collect::<io::Result<_>>().unwrap_or_default()
    }

    #[test]
    fn raw_texts_make_the_whole_file() {
        for capacity in [1, 4, 4096] {
            let mut reader =
                Reader::new(io::BufReader::with_capacity(capacity, FILE.as_bytes()), Options::default());
            let raws = raws(&mut reader);
            assert_eq!(raws.len(), 3);
            assert_eq!(raws.iter().map(RawDeal::text).collect::<String>(), FILE);
            let mut at = 0;
            for raw in &raws {
                assert_eq!(raw.offset(), at);
                at += raw.text().len();
            }
            assert!(raws[1].text().starts_with("[2 231"));
        }
    }

    #[test]
    fn strict_applies_to_syntax() {
        let legacy = "[1 123 GQMPT13685ANS4OJ9RLB2CHUI7EFDVWK P,2,P 2 NR 4 8 0 8 1 \
                      8421,GBF1,TSV3,75K2,WUQ2,OHM2,9D13,C3A3,IPJ2,LE62 F2:R16,M5:8,F3:L24]\n";
        let legacy_of = |options: Options| -> Vec<bool> {
            Reader::from_str(legacy, options)
                .filter_map(Result::ok)
                .flat_map(|record| record.diagnostics)
                .filter(|d| d.code() == crate::codes::LEGACY_13_FIELDS)
                .map(|d| d.is_error())
                .collect()
        };
        assert_eq!(legacy_of(Options::default()), [false]);
        assert_eq!(legacy_of(Options { strict: true }), [true]);
    }

    #[test]
    fn records_carry_their_problems_and_late_tags() {
        let records: Vec<Record> =
            Reader::from_str(FILE, Options::default()).collect::<io::Result<_>>().unwrap_or_default();
        assert_eq!(records.len(), 3);
        let ids: Vec<Option<u32>> = records.iter().map(|r| r.model.id).collect();
        assert_eq!(ids, [Some(1), Some(2), Some(3)]);
        // the stray line before the first record joins it; its own syntax comes first
        assert_eq!(records[0].diagnostics.iter().map(|d| d.code()).collect::<Vec<_>>(), ["STRAY_LINE"]);
        assert_eq!(records[0].diagnostics[0].span(), Span::new(21, 31));
        assert_eq!(records[0].model.header.tags.len(), 2);
        // the tag after deal 2 is deal 2's
        assert_eq!(records[1].model.late_tags, 2..3);
        assert_eq!(records[1].model.header.tags.len(), 3);
        assert!(records[2].model.deal.is_none() && records[2].has_errors());
        assert_eq!(records[2].span.start, FILE.len() - 5);
    }

    #[test]
    fn a_file_without_deals_yields_one_record() {
        let records: Vec<Record> = Reader::from_str("[Bula 60]\nnonsense\n", Options::default())
            .collect::<io::Result<_>>()
            .unwrap_or_default();
        assert_eq!(records.len(), 1);
        assert!(records[0].model.deal.is_none() && records[0].model.id.is_none());
        assert_eq!(records[0].diagnostics.len(), 1);
        assert_eq!(Reader::from_str("", Options::default()).count(), 1);
    }
}
