//! Hands with their own text: the [`Reader`]'s records as [`ParsedHand`]s, each
//! carrying a copy of its text so its diagnostics can be rendered after the reader has moved on
//! (a convenience for callers that hand records to other threads).

use std::io::BufRead;

use crate::parse::{ParsedHand, Path};
use crate::{Options, Reader};

/// One hand read from a stream, with the text of its chunk.
#[derive(Debug, Clone)]
pub struct StreamedHand {
    /// The hand; its spans are offsets in the whole file.
    pub parsed: ParsedHand,
    /// The text of the hand's chunk (header included).
    pub text: String,
    /// The byte offset of `text` in the file.
    pub offset: usize,
}

/// Reads the hands of a `.phhs` stream one at a time, without options applied (see
/// [`Reader`], which this wraps).
///
/// ```
/// let data = "[1]\nvariant = 'NT'\n[2]\nvariant = 'XX'\n";
/// let hands: Vec<_> = phh::stream::HandReader::new(data.as_bytes()).collect::<Result<_, _>>().unwrap();
/// assert_eq!(hands.len(), 2);
/// assert_eq!(hands[1].parsed.diagnostics[0].code(), "PHH_UNKNOWN_VARIANT");
/// assert_eq!(&data[hands[1].parsed.diagnostics[0].span().range()], "'XX'");
/// assert_eq!(hands[1].text, "[2]\nvariant = 'XX'\n");
/// ```
#[derive(Debug)]
pub struct HandReader<R> {
    reader: Reader<R>,
}

impl<R: BufRead> HandReader<R> {
    /// A reader over `reader` (fast path with fallback).
    pub fn new(reader: R) -> HandReader<R> {
        HandReader { reader: Reader::new(reader, Options::default()) }
    }

    /// Chooses the reader path.
    #[must_use]
    pub fn with_path(self, path: Path) -> HandReader<R> {
        HandReader { reader: self.reader.with_path(path) }
    }
}

impl<R: BufRead> Iterator for HandReader<R> {
    type Item = std::io::Result<StreamedHand>;

    fn next(&mut self) -> Option<Self::Item> {
        let record = match self.reader.read_record() {
            Ok(record) => record?,
            Err(e) => return Some(Err(e)),
        };
        let text = self.reader.record_text().to_owned();
        Some(Ok(StreamedHand { parsed: record.into(), text, offset: self.reader.record_offset() }))
    }
}
