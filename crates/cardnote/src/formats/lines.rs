//! Units of the line-based notations (PPN): a file cut into units of whole records by the
//! notation's own reader ([`cards_core::notation::ReadRecords::read_raw`]), each unit carrying its
//! cut records, checked on any thread and finished in file order by the notation's checker.

use std::io::{self, BufRead};
use std::sync::Arc;

use cards_core::notation::{Checker as _, ReadRecords};

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

/// A cut record as the units need it: its text (a file's records' texts make the file) and
/// whether it holds a record.
pub trait RawText: Send + Sync + Clone + 'static {
    /// The record's text.
    fn text(&self) -> &str;
    /// Whether it holds a record (not the one record a file without records yields).
    fn is_record(&self) -> bool;
}

impl RawText for ppn_pref::RawDeal {
    fn text(&self) -> &str {
        ppn_pref::RawDeal::text(self)
    }
    fn is_record(&self) -> bool {
        ppn_pref::RawDeal::is_record(self)
    }
}

impl RawText for ppn_pinochle::RawHand {
    fn text(&self) -> &str {
        ppn_pinochle::RawHand::text(self)
    }
    fn is_record(&self) -> bool {
        ppn_pinochle::RawHand::is_record(self)
    }
}

/// What a unit of a line-based notation carries: its cut records, the whole input (a form read
/// whole, such as JSON), or the end of the file (an empty unit after the last one, closing what
/// the first opened; `records` says whether any unit held a record).
pub enum RawUnit<N: cards_core::Notation> {
    /// The unit's records, cut in file order, not yet read.
    Raws(Vec<N::Raw>),
    /// The whole input, to be handled by the notation's whole-file functions.
    Whole,
    /// After the last unit.
    End {
        /// Whether a unit before held a record.
        records: bool,
    },
}

/// The [`RawUnit`] a unit made by [`RawUnits`] carries (`None` for any other unit).
#[must_use]
pub fn raw_unit<N: cards_core::Notation>(unit: &super::Unit) -> Option<&RawUnit<N>>
where
    N::Raw: Sync,
{
    unit.context.as_ref().and_then(|c| c.downcast_ref::<RawUnit<N>>())
}

/// Bytes of text after which a unit ends (before the next record that starts a line).
const UNIT_BYTES: usize = 256 * 1024;

/// The units of a line-based notation: whole records (~256 KiB) cut by the notation's reader, a
/// file whose text opens with `{` one [`RawUnit::Whole`] unit, and an empty [`RawUnit::End`] unit
/// after the last.
pub struct RawUnits<'r, N: cards_core::Notation> {
    reader: N::Reader<Box<dyn BufRead + Send + 'r>>,
    next: Option<N::Raw>,
    cut: Cut,
    /// Records in the units made so far.
    read: usize,
    records: bool,
    ended: bool,
}

impl<'r, N: cards_core::Notation> RawUnits<'r, N>
where
    N::Raw: RawText,
{
    /// The units of `input`.
    pub fn new(input: Box<dyn BufRead + Send + 'r>) -> RawUnits<'r, N> {
        RawUnits {
            reader: N::reader(input, N::Options::default()),
            next: None,
            cut: Cut::default(),
            read: 0,
            records: false,
            ended: false,
        }
    }

    fn next_raw(&mut self) -> io::Result<Option<N::Raw>> {
        match self.next.take() {
            Some(raw) => Ok(Some(raw)),
            None => self.reader.read_raw().transpose(),
        }
    }

    fn next_unit(&mut self) -> io::Result<Option<super::Unit>> {
        if self.ended {
            return Ok(None);
        }
        let index = self.read;
        let mut raws = Vec::new();
        let mut text = String::new();
        while let Some(raw) = self.next_raw()? {
            let ends_line = text.is_empty() || text.ends_with(['\n', '\r']);
            if text.len() >= UNIT_BYTES && ends_line {
                self.next = Some(raw);
                break;
            }
            if self.cut.units() == 0 && raws.is_empty() && raw.text().trim_start().starts_with('{') {
                // the JSON form (or a file opening with a comment): one unit, read whole
                text.push_str(raw.text());
                while let Some(raw) = self.next_raw()? {
                    text.push_str(raw.text());
                }
                self.ended = true;
                return Ok(Some(self.cut.unit(text, 0, Arc::new(RawUnit::<N>::Whole))));
            }
            text.push_str(raw.text());
            self.records |= raw.is_record();
            raws.push(raw);
        }
        if raws.is_empty() {
            self.ended = true;
            let end = RawUnit::<N>::End { records: self.records };
            return Ok(Some(self.cut.end(index, Arc::new(end))));
        }
        self.read += raws.len();
        Ok(Some(self.cut.unit(text, index, Arc::new(RawUnit::<N>::Raws(raws)))))
    }
}

impl<N: cards_core::Notation> Iterator for RawUnits<'_, N>
where
    N::Raw: RawText,
{
    type Item = io::Result<super::Unit>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_unit().transpose()
    }
}

/// A unit's records read and checked alone (any thread), for the finish step.
pub fn check_raws<N: cards_core::Notation>(
    raws: &[N::Raw],
    options: &N::Options,
) -> Vec<cards_core::Record<N::Model>>
where
    N::Raw: Clone,
{
    let checker = N::checker(options);
    raws.iter()
        .map(|raw| {
            let mut record = N::parse(raw.clone(), options);
            checker.check(&mut record);
            record
        })
        .collect()
}

/// A unit's records read (any thread), unchecked.
pub fn read_raws<N: cards_core::Notation>(
    raws: &[N::Raw],
    options: &N::Options,
) -> Vec<cards_core::Record<N::Model>>
where
    N::Raw: Clone,
{
    raws.iter().map(|raw| N::parse(raw.clone(), options)).collect()
}

/// The state of a file's finish step: the notation's checker, and whether reports go without
/// their fields ([`super::CheckOptions::no_fields`]).
struct Finish<C> {
    checker: C,
    no_fields: bool,
}

/// The state [`finish_raws`] keeps along a file.
#[must_use]
pub fn finish_state<N: cards_core::Notation>(options: &N::Options, no_fields: bool) -> super::FileState
where
    N::Checker: Send,
{
    Box::new(Finish { checker: N::checker(options), no_fields })
}

/// The finish step of a unit checked with [`check_raws`] (its records in `checked.pending`): the
/// notation's checker, in file order, then each record's report (`report`, given the record, the
/// unit's offset and `no_fields`).
pub fn finish_raws<N: cards_core::Notation>(
    state: &mut super::FileState,
    unit: &super::Unit,
    checked: &mut super::UnitCheck,
    last: bool,
    report: impl Fn(cards_core::Record<N::Model>, usize, bool) -> super::RecordReport,
) where
    N::Checker: Send,
{
    let Some(Finish { checker, no_fields }) = state.downcast_mut::<Finish<N::Checker>>() else { return };
    let Some(Ok(records)) = checked.pending.take().map(|p| p.downcast::<Vec<cards_core::Record<N::Model>>>())
    else {
        return;
    };
    let count = records.len();
    for (i, mut record) in records.into_iter().enumerate() {
        checker.finish(&mut record, last && i + 1 == count);
        checked.reports.push(report(record, unit.offset, *no_fields));
    }
}

/// Moves a diagnostic's span from the whole input into a unit that starts at `offset`.
pub fn unit_span(d: &mut cards_core::Diagnostic, offset: usize) {
    let span = d.span();
    d.set_span(cards_core::Span::new(span.start.saturating_sub(offset), span.end.saturating_sub(offset)));
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
