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
    // `\n`, and `\r` not followed by `\n` (no table of line starts is needed to count them)
    let bytes = text.as_bytes();
    let lf = bytes.iter().filter(|&&b| b == b'\n').count();
    let cr_lf = bytes.windows(2).filter(|w| w == b"\r\n").count();
    let cr = bytes.iter().filter(|&&b| b == b'\r').count();
    lf + cr - cr_lf
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

/// The refusal of a unit whose written text does not read back to the same `what` (an internal
/// error: the writer lost something).
#[must_use]
pub fn round_trip_refusal(unit: &super::Unit, what: &str) -> super::Refusal {
    super::Refusal {
        source: unit.text.clone(),
        diagnostics: vec![cards_core::Diagnostic::error(
            "PPN_ROUND_TRIP",
            format!("internal error: the written file does not read back to the same {what}"),
            cards_core::Span::at(0),
        )],
    }
}

/// The end of a JSON document whose records array was opened by the first unit: `]` at once if no
/// record was written, else on its own line.
#[must_use]
pub fn json_close(any: bool) -> Vec<u8> {
    if any { b"\n  ]\n}\n".to_vec() } else { b"]\n}\n".to_vec() }
}

/// What a unit of a record-by-record notation carries: its records, read in file order by the
/// sequential step (with whatever state they inherit), the whole input (a form read whole, such
/// as JSON), or the end of the file (an empty unit after the last one, closing what the first
/// opened; `records` says whether any record had a model to write).
pub enum RecordsUnit<R, S = ()> {
    /// The records of the unit's text, in order, and the state they start from (what the
    /// notation's checks inherit from the units before; `()` for none).
    Records(Vec<R>, S),
    /// The whole input, to be handled by the notation's whole-file functions.
    Whole,
    /// After the last unit.
    End {
        /// Whether a unit before held a record with a model.
        records: bool,
    },
}

/// The [`RecordsUnit`] a unit made by [`RecordUnits`] carries (`None` for any other unit).
#[must_use]
pub fn records_unit<R: Send + Sync + 'static, S: Send + Sync + 'static>(
    unit: &super::Unit,
) -> Option<&RecordsUnit<R, S>> {
    unit.context.as_ref().and_then(|c| c.downcast_ref::<RecordsUnit<R, S>>())
}

/// A unit's records and the state they start from, as a [`RecordCutter`] gives them.
pub type UnitRecords<C> = (Vec<<C as RecordCutter>::Record>, <C as RecordCutter>::Start);

/// How a line-based notation cuts its file into units of whole records (for [`RecordUnits`]).
pub trait RecordCutter: Send {
    /// The notation's record.
    type Record: Send + Sync + 'static;
    /// The state a unit's records start from (`()` for none).
    type Start: Send + Sync + 'static;

    /// Appends the lines of the next unit to `text`: up to a place where a unit may end once it
    /// holds enough text. Gives `false` when the input has ended.
    ///
    /// # Errors
    /// The input's.
    fn read_unit(&mut self, lines: &mut Lines<'_>, text: &mut String) -> io::Result<bool>;

    /// The records of `text`, read in file order (carrying the state of the units before), and
    /// the state they start from, or `None` to read on: the unit ends inside a record (`at_end`:
    /// the input has ended).
    ///
    /// # Errors
    /// The input's.
    fn records(&mut self, text: &str, at_end: bool) -> io::Result<Option<UnitRecords<Self>>>;

    /// Records read so far (the file-wide index of the next unit's first record).
    fn records_read(&self) -> usize;

    /// Whether `record` holds a model (a deal, a hand) that a converted document writes.
    fn has_model(record: &Self::Record) -> bool;
}

/// The units of a line-based notation: each unit whole records (cut by the notation's
/// [`RecordCutter`]), a file whose text opens with `{` one [`RecordsUnit::Whole`] unit, and an
/// empty [`RecordsUnit::End`] unit after the last.
pub struct RecordUnits<'r, C> {
    lines: Lines<'r>,
    cutter: C,
    cut: Cut,
    records: bool,
    finished: bool,
    ended: bool,
}

impl<'r, C: RecordCutter> RecordUnits<'r, C> {
    /// The units of `input`, cut by `cutter`.
    pub fn new(input: Box<dyn BufRead + Send + 'r>, cutter: C) -> RecordUnits<'r, C> {
        RecordUnits {
            lines: Lines::new(input),
            cutter,
            cut: Cut::default(),
            records: false,
            finished: false,
            ended: false,
        }
    }

    fn unit(&mut self, text: String, index: usize, context: RecordsUnit<C::Record, C::Start>) -> super::Unit {
        self.cut.unit(text, index, std::sync::Arc::new(context))
    }

    fn next_unit(&mut self) -> io::Result<Option<super::Unit>> {
        loop {
            if self.finished {
                if self.ended {
                    return Ok(None);
                }
                self.ended = true;
                let end = RecordsUnit::<C::Record, C::Start>::End { records: self.records };
                return Ok(Some(self.cut.end(self.cutter.records_read(), std::sync::Arc::new(end))));
            }
            let index = self.cutter.records_read();
            let mut text = String::new();
            let records = loop {
                self.finished |= !self.cutter.read_unit(&mut self.lines, &mut text)?;
                if self.cut.units() == 0 && text.trim_start().starts_with('{') {
                    // the JSON form: one unit, read whole
                    while let Some(line) = self.lines.next_line()? {
                        text.push_str(&line);
                    }
                    self.finished = true;
                    self.ended = true;
                    return Ok(Some(self.unit(text, 0, RecordsUnit::Whole)));
                }
                if text.is_empty() && self.cut.units() > 0 {
                    break None;
                }
                if let Some(records) = self.cutter.records(&text, self.finished)? {
                    break Some(records);
                }
            };
            let Some((records, start)) = records else { continue };
            self.records |= records.iter().any(C::has_model);
            return Ok(Some(self.unit(text, index, RecordsUnit::Records(records, start))));
        }
    }
}

impl<C: RecordCutter> Iterator for RecordUnits<'_, C> {
    type Item = io::Result<super::Unit>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_unit().transpose()
    }
}

#[cfg(test)]
mod tests {
    /// Lines are counted as `cards_core::LineIndex` counts them.
    #[test]
    fn line_count_is_line_index_s() {
        for text in ["", "a", "a\n", "a\r\nb", "a\rb\r", "\r\r\n\n", "x\n\r\n\ry\r", "é\r\n"] {
            let expected = cards_core::LineIndex::new(text).line_starts().len() - 1;
            assert_eq!(super::line_count(text), expected, "{text:?}");
        }
    }
}
