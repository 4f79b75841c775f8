//! Streaming over any [`BufRead`]: [`Reader`] yields a file's items (tags, deal records, problems)
//! as it reads them, one line at a time, so memory is bounded by the longest line whatever the size
//! of the file. Spans count bytes of the whole decoded file, as [`crate::parse::read`] gives them.
//!
//! ```
//! use ppn_pref::parse::Item;
//! use ppn_pref::{Options, Reader};
//!
//! let file = std::io::Cursor::new("[Bula 60]\n[1 123 WQKJS5LP84CEIAOT9N31BDH7FVM2RGU6 P,P,P]\n");
//! let mut deals = 0;
//! for item in Reader::new(file, Options::default()) {
//!     if let Item::Record(record, Some(_deal)) = item.unwrap() {
//!         assert_eq!(record.spans.record().start, 10);
//!         deals += 1;
//!     }
//! }
//! assert_eq!(deals, 1);
//! ```

use std::borrow::Cow;
use std::io::{self, BufRead};

use crate::Options;
use crate::parse::{self, Item};

/// A streaming reader of PPN items over any [`BufRead`] (a file, standard input, a slice).
///
/// A line that is not UTF-8 is read as ISO-8859-1, as the CLI decodes a whole file that is not
/// UTF-8; a byte-order mark at the start is skipped. Under [`Options::strict`] the diagnostics of
/// each item already carry the strict severities.
#[derive(Debug)]
pub struct Reader<R> {
    input: R,
    options: Options,
    line: Vec<u8>,
    offset: usize,
    pending: std::vec::IntoIter<Item>,
}

impl<R: BufRead> Reader<R> {
    /// A reader over `input`.
    #[must_use]
    pub fn new(input: R, options: Options) -> Reader<R> {
        Reader { input, options, line: Vec::new(), offset: 0, pending: Vec::new().into_iter() }
    }

    /// Bytes of decoded text read so far (the end of the last line read).
    #[must_use]
    pub fn offset(&self) -> usize {
        self.offset
    }

    fn apply(&self, item: Item, base: usize) -> Item {
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

impl<'a> Reader<&'a [u8]> {
    /// A reader over text already in memory.
    #[must_use]
    pub fn from_str(text: &'a str, options: Options) -> Reader<&'a [u8]> {
        Reader::new(text.as_bytes(), options)
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = io::Result<Item>;

    fn next(&mut self) -> Option<io::Result<Item>> {
        loop {
            if let Some(item) = self.pending.next() {
                return Some(Ok(item));
            }
            self.line.clear();
            match self.input.read_until(b'\n', &mut self.line) {
                Ok(0) => return None,
                Ok(_) => {}
                Err(e) => return Some(Err(e)),
            }
            let mut bytes = self.line.as_slice();
            if self.offset == 0 {
                bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
            }
            let text = match std::str::from_utf8(bytes) {
                Ok(text) => Cow::Borrowed(text),
                Err(_) => Cow::Owned(bytes.iter().map(|&b| b as char).collect::<String>()),
            };
            let base = self.offset;
            let items: Vec<Item> = parse::Reader::new(&text).collect();
            self.offset += text.len();
            self.pending =
                items.into_iter().map(|item| self.apply(item, base)).collect::<Vec<_>>().into_iter();
        }
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
            Reader::from_str(FILE, Options::default()).collect::<io::Result<_>>().unwrap_or_default();
        assert_eq!(streamed, whole);
        assert!(whole.len() >= 6, "{whole:?}");
    }

    #[test]
    fn reads_one_line_at_a_time() {
        let mut reader = Reader::new(io::BufReader::with_capacity(4, FILE.as_bytes()), Options::default());
        assert!(matches!(reader.next(), Some(Ok(Item::Tag(..)))));
        assert_eq!(reader.offset(), "[Bula 60]\r\n".len());
    }

    #[test]
    fn strict_applies_to_each_item() {
        let legacy = "[1 123 GQMPT13685ANS4OJ9RLB2CHUI7EFDVWK P,2,P 2 NR 4 8 0 8 1 \
                      8421,GBF1,TSV3,75K2,WUQ2,OHM2,9D13,C3A3,IPJ2,LE62 F2:R16,M5:8,F3:L24]\n";
        let legacy_of = |options: Options| -> Vec<bool> {
            Reader::from_str(legacy, options)
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
}
