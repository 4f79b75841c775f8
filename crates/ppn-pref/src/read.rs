//! Streaming over any [`BufRead`]: [`Reader`] yields a file's deal records one at a time, reading
//! one line at a time, so memory is bounded by the longest line (and the info section) whatever the
//! size of the file. [`Items`] is the lower level: tags, deal records and problems as read. Spans
//! count bytes of the whole decoded file, as [`crate::parse::read`] gives them.
//!
//! ```
//! use ppn_pref::{Options, Reader};
//!
//! let file = std::io::Cursor::new("[Bula 60]\n[1 123 WQKJS5LP84CEIAOT9N31BDH7FVM2RGU6 P,P,P]\n");
//! let mut deals = 0;
//! for record in Reader::new(file, Options::default()) {
//!     let record = record.unwrap();
//!     assert_eq!(record.span.start, 10);
//!     assert_eq!(record.model.header.tag("Bula"), Some("60"));
//!     deals += 1;
//! }
//! assert_eq!(deals, 1);
//! ```

use std::io::{self, BufRead};
use std::sync::Arc;

use cards_core::lines::LineReader;
use cards_core::{Diagnostic, Span};

use crate::Options;
use crate::model::Deal;
use crate::parse::{self, Item};
use crate::record::{DealRecord, Header, Record};
use crate::validate::GameState;

/// A streaming reader of PPN items (tags, deal records, problems) over any [`BufRead`].
///
/// A line that is not UTF-8 is read as ISO-8859-1, as the CLI decodes a whole file that is not
/// UTF-8; a byte-order mark at the start is skipped. Under [`Options::strict`] the diagnostics of
/// each item already carry the strict severities.
#[derive(Debug)]
pub struct Items<R> {
    lines: LineReader<R>,
    options: Options,
    /// The line being read, and where it starts in the decoded input.
    line: String,
    base: usize,
    /// Where the item scanner stands in `line` (`None`: read the next line).
    place: Option<parse::Place>,
}

impl<R: BufRead> Items<R> {
    /// A reader over `input`.
    #[must_use]
    pub fn new(input: R, options: Options) -> Items<R> {
        Items { lines: LineReader::new(input), options, line: String::new(), base: 0, place: None }
    }

    /// Bytes of decoded text read so far (the end of the last line read).
    #[must_use]
    pub fn offset(&self) -> usize {
        self.lines.offset()
    }

    fn apply(&self, item: Item) -> Item {
        let base = self.base;
        match item {
            Item::Tag(tag, span) => Item::Tag(tag, span.shift(base)),
            Item::Problem(d) => {
                let mut found = [d.shifted(base)];
                self.options.apply(&mut found);
                let [d] = found;
                Item::Problem(d)
            }
            Item::Record(mut record, deal) => {
                record.spans = record.spans.shifted(base);
                for d in &mut record.diagnostics {
                    d.set_span(d.span().shift(base));
                }
                self.options.apply(&mut record.diagnostics);
                Item::Record(record, deal)
            }
        }
    }
}

impl<R: BufRead> Iterator for Items<R> {
    type Item = io::Result<Item>;

    fn next(&mut self) -> Option<io::Result<Item>> {
        loop {
            if let Some(place) = self.place {
                let mut reader = parse::Reader::resume(&self.line, place);
                if let Some(item) = reader.next() {
                    self.place = Some(reader.place());
                    return Some(Ok(self.apply(item)));
                }
                self.place = None;
            }
            self.base = self.lines.offset();
            self.line.clear();
            match self.lines.read_line(&mut self.line) {
                Ok(0) => return None,
                Ok(_) => self.place = Some(parse::Reader::new(&self.line).place()),
                Err(e) => return Some(Err(e)),
            }
        }
    }
}

/// The streaming reader of deal records over any [`BufRead`] (a file, standard input, a slice).
///
/// Each record carries the info section read so far (shared, never copied per record) and the
/// game state before it, so [`check`](crate::check) needs nothing else. A file-level problem (a
/// stray line, an unclosed bracket, a bad tag) joins the record it follows (or the first one);
/// the reader looks one record ahead for that, so memory stays bounded by two records. A file
/// with no deal record yields one record with no deal, which carries the file's problems.
#[derive(Debug)]
pub struct Reader<R> {
    items: Items<R>,
    options: Options,
    header: Arc<Header>,
    state: GameState,
    pending: Option<Record>,
    early: Vec<Diagnostic>,
    read: usize,
    finished: bool,
}

impl<R: BufRead> Reader<R> {
    /// A reader over `input`.
    #[must_use]
    pub fn new(input: R, options: Options) -> Reader<R> {
        Reader {
            items: Items::new(input, options),
            options,
            header: Arc::default(),
            state: GameState::default(),
            pending: None,
            early: Vec::new(),
            read: 0,
            finished: false,
        }
    }

    /// A reader over a later part of a file that starts at a deal record line, where `position`
    /// (from [`Reader::position`] of the reader over the part before) left off: the records it
    /// yields are numbered and checked as in a reader over the whole file; spans count from the
    /// start of `input`.
    #[must_use]
    pub fn resume(input: R, options: Options, position: Position) -> Reader<R> {
        let mut reader = Reader::new(input, options);
        reader.header = position.header;
        reader.state = position.state;
        reader.read = position.records;
        reader
    }

    /// Where this reader stands (after its last record): what [`Reader::resume`] needs.
    #[must_use]
    pub fn position(&self) -> Position {
        Position { header: Arc::clone(&self.header), state: self.state.clone(), records: self.read }
    }

    /// The options this reader was made with.
    #[must_use]
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The info section read so far.
    #[must_use]
    pub fn header(&self) -> &Header {
        &self.header
    }

    fn record(&mut self, read: parse::Record, deal: Option<Deal>) -> Record {
        let state = self.state.clone();
        // the state moves on whatever a check will say; its lints are the check's to report
        self.state.lint(read.id, &read.spans, deal.as_ref(), &mut Vec::new());
        let mut diagnostics = read.diagnostics;
        let syntax_len = diagnostics.len();
        if self.read == 0 {
            diagnostics.append(&mut self.early);
        }
        let late = self.header.tags.len();
        let model = DealRecord {
            number: self.read,
            id: read.id,
            deal,
            spans: read.spans,
            header: Arc::clone(&self.header),
            late_tags: late..late,
            state,
            outcome: None,
            syntax_len,
        };
        self.read += 1;
        Record { model, diagnostics, span: read.spans.record() }
    }

    fn add_tag(&mut self, tag: crate::model::Tag, span: Span) {
        if tag.name == "Refe" {
            self.state.refe = tag.value.trim().parse().ok();
        }
        // a tag after a deal record (PPN keeps them in front) is owned by the record it follows
        let header = Arc::make_mut(&mut self.header);
        header.tags.push(tag);
        header.spans.push(span);
        if let Some(pending) = &mut self.pending {
            pending.model.header = Arc::clone(&self.header);
            pending.model.late_tags.end = self.header.tags.len();
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

/// Where a [`Reader`] stands in a file: the info section read so far, the game state and the
/// number of records read (for [`Reader::resume`], to read a file in parts, on several threads).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Position {
    /// The info section so far.
    pub header: Arc<Header>,
    /// The game state after the last record.
    pub state: GameState,
    /// Records read.
    pub records: usize,
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = io::Result<Record>;

    fn next(&mut self) -> Option<io::Result<Record>> {
        while let Some(item) = self.items.next() {
            match item {
                Err(e) => return Some(Err(e)),
                Ok(Item::Tag(tag, span)) => self.add_tag(tag, span),
                Ok(Item::Problem(d)) => match &mut self.pending {
                    Some(pending) => pending.diagnostics.push(d),
                    None => self.early.push(d),
                },
                Ok(Item::Record(read, deal)) => {
                    let record = self.record(read, deal);
                    if let Some(previous) = self.pending.replace(record) {
                        return Some(Ok(previous));
                    }
                }
            }
        }
        if let Some(last) = self.pending.take() {
            return Some(Ok(last));
        }
        if self.read == 0 && !self.finished {
            self.finished = true;
            let tags = self.header.tags.len();
            let model = DealRecord {
                number: 0,
                id: None,
                deal: None,
                spans: parse::DealSpans::default(),
                header: Arc::clone(&self.header),
                late_tags: tags..tags,
                state: self.state.clone(),
                outcome: None,
                syntax_len: 0,
            };
            return Some(Ok(Record {
                model,
                diagnostics: std::mem::take(&mut self.early),
                span: Span::at(0),
            }));
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = "[Bula 60]\r\n[Refe 2]\n\nstray text\n[1 123 WQKJS5LP84CEIAOT9N31BDH7FVM2RGU6 P,P,P]\n\
                        [2 231 1BDHM27WQK4CEIN3FVRJS5LP8GU6AOT9 P,P,P] [Bula 60]\n[3 x]";

    #[test]
    fn streams_the_same_items_as_the_whole_text_reader() {
        let whole: Vec<Item> = parse::Reader::new(FILE).collect();
        let streamed: Vec<Item> =
            Items::new(FILE.as_bytes(), Options::default()).collect::<io::Result<_>>().unwrap_or_default();
        assert_eq!(streamed, whole);
        assert!(whole.len() >= 6, "{whole:?}");
    }

    #[test]
    fn reads_one_line_at_a_time() {
        let mut reader = Items::new(io::BufReader::with_capacity(4, FILE.as_bytes()), Options::default());
        assert!(matches!(reader.next(), Some(Ok(Item::Tag(..)))));
        assert_eq!(reader.offset(), "[Bula 60]\r\n".len());
    }

    #[test]
    fn strict_applies_to_each_item() {
        let legacy = "[1 123 GQMPT13685ANS4OJ9RLB2CHUI7EFDVWK P,2,P 2 NR 4 8 0 8 1 \
                      8421,GBF1,TSV3,75K2,WUQ2,OHM2,9D13,C3A3,IPJ2,LE62 F2:R16,M5:8,F3:L24]\n";
        let legacy_of = |options: Options| -> Vec<bool> {
            Items::new(legacy.as_bytes(), options)
                .filter_map(Result::ok)
                .filter_map(|item| match item {
                    Item::Record(record, _) => Some(record.diagnostics),
                    _ => None,
                })
                .flatten()
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
        assert_eq!(records[0].model.header.tags.len(), 2);
        // the tag after deal 2 is deal 2's
        assert_eq!(records[1].model.late_tags, 2..3);
        assert_eq!(records[1].model.header.tags.len(), 3);
        assert!(records[2].model.deal.is_none() && records[2].has_errors());
        assert_eq!(records[1].model.state.refe, Some(2));
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
