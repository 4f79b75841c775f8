//! Card-game notation files checked on every core, as `cardnote check` checks them: a file of any
//! notation ([`Format`]) cut into units of whole records, each record read and checked by its
//! notation's own [`cards_core::Notation`] checker on any thread, the checks across records
//! finished in file order, and each record's report ([`RecordReport`]: diagnostics and the
//! notation's JSON fields) written as `check --json` writes it ([`record_json`]).
//!
//! ```
//! use cardnote_check::{CheckOptions, Format, check_bytes, record_json};
//!
//! let text = b"[Event \"?\"]\n[Board \"1\"]\n[Dealer \"N\"]\n";
//! let checked = check_bytes(Format::Pbn, text, &CheckOptions::default());
//! assert_eq!(checked.records.len(), 1);
//! assert_eq!(checked.records[0].fields["board"], "1");
//! let line_col = |offset: usize| (1, offset + 1);
//! let json = record_json("a.pbn", 0, Format::Pbn, &checked.records[0], &line_col);
//! assert_eq!(json["format"], "pbn");
//! ```
//!
//! Every notation is reached through its crate's [`cards_core::Notation`] (reader, parse, checker)
//! and [`Check`], the little checking a file needs beyond it: how the notation's records are
//! grouped into [`Unit`]s and each record's report. Everything else is written once, here, for
//! every notation:
//!
//! - [`check_units`]: a file's units parsed and checked alone on the workers
//!   ([`cards_core::notation::Checker::check`]), finished in file order on the calling thread
//!   ([`cards_core::notation::Checker::finish`]: PBN's repeated warnings, Pinochle's running
//!   scores, Preferans' game state), then reported on the workers ([`pipeline::finished`]);
//! - [`check_bytes`] and [`check_file`]: the same on a whole input in memory, cut as one unit (the
//!   reference the streamed check is tested against).
//!
//! Memory stays bounded by a few units of about [`UNIT_BYTES`] whatever the file's size, and the
//! output is the same whatever the number of threads. [`walk`] finds the files of a directory and
//! tells their format.

use std::io::{self, BufRead};
use std::path::Path;

use cards_core::notation::Checker as _;
use cards_core::{Diagnostic, Record};
use serde_json::{Map, Value};

pub mod formats;
mod json;
pub mod pipeline;
pub mod sitelog;
pub mod walk;

pub use json::{record_json, record_json_named, write_record_json};

/// The notations cardnote knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// Poker Hand History (`.phh`, `.phhs`).
    Phh,
    /// Portable Bridge Notation (`.pbn`).
    Pbn,
    /// Portable Preferans Notation (`.ppn`).
    PpnPref,
    /// Portable Pinochle Notation (`.ppn`).
    PpnPinochle,
    /// BBO LIN (`.lin`).
    Lin,
}

impl Format {
    /// The name used in `--format` and in the JSON `format` field.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Format::Phh => "phh",
            Format::Pbn => "pbn",
            Format::PpnPref => "ppn-pref",
            Format::PpnPinochle => "ppn-pinochle",
            Format::Lin => "lin",
        }
    }
}

/// Which rule profile a replay follows (poker only for now): the engine's own profile, so the
/// CLI, the Python module and the libraries name one type.
pub use poker_engine::RuleProfile as Rules;

/// Options shared by every `check`.
#[derive(Debug, Clone, Default)]
pub struct CheckOptions {
    /// Rule profile for game replays.
    pub rules: Rules,
    /// Strict mode: warnings that the format treats as leniencies become errors.
    pub strict: bool,
    /// PBN: also check the double-dummy tags against the deals (`check --dd`).
    pub dd: bool,
    /// The output never reads [`RecordReport::fields`] (`check` without `--json`): a notation may
    /// leave them empty instead of building them for every record.
    pub no_fields: bool,
}

/// The result of checking one record.
#[derive(Debug, Clone, Default)]
pub struct RecordReport {
    /// Errors and warnings, spans into [`FileCheck::source`].
    pub diagnostics: Vec<Diagnostic>,
    /// Per-format JSON fields (`variant`, `board`, …), in the order they should be printed.
    pub fields: Map<String, Value>,
}

/// The result of checking one file.
#[derive(Debug, Clone, Default)]
pub struct FileCheck {
    /// The decoded text every span refers to.
    pub source: String,
    /// One report per record; a file that cannot be split into records gives exactly one.
    pub records: Vec<RecordReport>,
}

/// About how many bytes of text a unit holds: big enough that handing a unit to a worker costs
/// nothing next to reading it, small enough that a few in flight per thread stay a few MB.
pub const UNIT_BYTES: usize = 256 * 1024;

/// Runs `$body` with the type `$n` standing for the notation that serves `$format` (a
/// [`Format`]): how a caller picks the generic code of one notation at run time.
#[macro_export]
macro_rules! with_notation {
    ($format:expr, $n:ident => $body:expr) => {
        match $format {
            $crate::Format::Phh => {
                type $n = $crate::formats::phh::Phh;
                $body
            }
            $crate::Format::Pbn => {
                type $n = $crate::formats::pbn::Pbn;
                $body
            }
            $crate::Format::PpnPref => {
                type $n = $crate::formats::pref::Pref;
                $body
            }
            $crate::Format::PpnPinochle => {
                type $n = $crate::formats::pinochle::Pinochle;
                $body
            }
            $crate::Format::Lin => {
                type $n = $crate::formats::lin::Lin;
                $body
            }
        }
    };
}

/// A self-contained piece of a file: whole records, with everything needed to check, rewrite or
/// convert them without the rest of the file.
pub struct Unit<N: Check> {
    /// The unit's decoded text. Every span a per-unit step reports is an offset in this text.
    pub text: String,
    /// Where `text` starts in the file's decoded text (a byte offset).
    pub offset: usize,
    /// The number of lines of the file before `text` (units start at a line start).
    pub line: usize,
    /// The file-wide index of the unit's first report (`check --json`'s `index`).
    pub index: usize,
    /// The file's first unit.
    pub first: bool,
    /// The records, as the notation's reader cut them, in order.
    pub items: Vec<N::Item>,
    /// What the cut learned of the file that the unit's output needs (a byte order mark, line
    /// ends...).
    pub data: N::Data,
}

/// The units of one file, in file order.
pub type Units<'r, N> = Box<dyn Iterator<Item = io::Result<Unit<N>>> + Send + 'r>;

/// An input stream, from its first byte.
pub type Input<'r> = Box<dyn BufRead + Send + 'r>;

/// A record parsed and checked alone, before the finish step: with how many of its diagnostics
/// came from reading it (the rest are its checks').
pub struct Checked<M> {
    /// The record.
    pub record: Record<M>,
    /// Diagnostics of reading (before the checks').
    pub read: usize,
}

/// What checking a file needs of a notation beyond its [`cards_core::Notation`]: its cut grouped
/// into units, and each record's report. Every function but [`Check::units`] is pure and runs on
/// any thread.
pub trait Check: cards_core::Notation {
    /// The name of the notation.
    const FORMAT: Format;
    /// What a unit holds of each record: the notation's raw record, cut and not yet parsed.
    type Item: Clone + Send;
    /// What a unit knows of its file beyond its records.
    type Data: Send;

    /// Cuts a file into units of about `limit` bytes of whole records (`usize::MAX`: the whole
    /// input as one unit), in order, holding at most one unit in memory. `path` names the file
    /// (a `.phhs` of only comments holds no hands).
    fn units<'r>(input: Input<'r>, path: &Path, limit: usize) -> Units<'r, Self>;

    /// Whether the notation's checker has a finish step ([`cards_core::notation::Checker::finish`]);
    /// without one, a unit's reports are made as soon as its records are checked.
    const FINISH: bool = true;

    /// The notation's options for `check`.
    fn options(opts: &CheckOptions) -> Self::Options;

    /// Parses one item (any thread).
    fn read(item: Self::Item, options: &Self::Options) -> Record<Self::Model>;

    /// Whether an item is a record that the JSON form holds (not a comment block, not the record a
    /// file without records yields).
    fn is_record(_item: &Self::Item) -> bool {
        true
    }

    /// A record's `check --json` fields (`variant`, `board`, …), given how it was checked.
    fn fields(checked: &mut Checked<Self::Model>, opts: &CheckOptions) -> Map<String, Value>;

    /// Moves `diagnostics` of `record` (spans in the file's decoded text) into the unit's text, in
    /// the order they are reported: by default shifted by the unit's offset.
    fn local(unit: &Unit<Self>, _record: &Record<Self::Model>, diagnostics: &mut [Diagnostic]) {
        into_unit(diagnostics, unit.offset);
    }

    /// The `check` reports of a unit's records, checked and finished, in order: by default one
    /// per record ([`report`]). Without a finish step ([`Check::FINISH`]) the records are
    /// checked as the iterator is drawn.
    fn reports(
        unit: &Unit<Self>,
        records: impl Iterator<Item = Checked<Self::Model>>,
        opts: &CheckOptions,
    ) -> Vec<RecordReport> {
        records.map(|checked| report(unit, checked, opts)).collect()
    }
}

/// A record's report: its diagnostics moved into the unit ([`Check::local`]), its fields built
/// unless [`CheckOptions::no_fields`].
pub fn report<N: Check>(unit: &Unit<N>, mut checked: Checked<N::Model>, opts: &CheckOptions) -> RecordReport {
    let fields = if opts.no_fields { Map::new() } else { N::fields(&mut checked, opts) };
    let mut diagnostics = std::mem::take(&mut checked.record.diagnostics);
    N::local(unit, &checked.record, &mut diagnostics);
    RecordReport { diagnostics, fields }
}

/// One item parsed and checked alone (any thread).
fn check_item<N: Check>(item: N::Item, options: &N::Options, checker: &N::Checker) -> Checked<N::Model> {
    let mut record = N::read(item, options);
    let read = record.diagnostics.len();
    checker.check(&mut record);
    Checked { record, read }
}

/// Checks a file's units as every command does: each unit's records parsed and checked on
/// `threads` workers, the notation's finish step on the calling thread in file order, the
/// reports made and `then` run back on the workers (e.g. rendering a unit's `--json` lines);
/// `sink` receives `then`'s results in file order. The output is the same whatever `threads`;
/// memory stays bounded as in [`pipeline::ordered`].
///
/// # Errors
/// The first error of `units` or `sink`.
pub fn check_units<N: Check, V: Send, E>(
    units: impl Iterator<Item = Result<Unit<N>, E>>,
    opts: &CheckOptions,
    threads: usize,
    then: impl Fn(Unit<N>, Vec<RecordReport>) -> V + Sync,
    sink: impl FnMut(V) -> Result<(), E>,
) -> Result<(), E> {
    let options = N::options(opts);
    let checker = N::checker(&options);
    let mut finisher = N::checker(&options);
    pipeline::finished(
        threads,
        units,
        |mut unit| {
            let items = std::mem::take(&mut unit.items);
            let records = items.into_iter().map(|item| check_item::<N>(item, &options, &checker));
            // Without a finish step each record is reported as it is checked, and freed.
            let stage = if N::FINISH {
                Stage::Records(records.collect())
            } else {
                Stage::Reports(N::reports(&unit, records, opts))
            };
            (unit, stage)
        },
        |(_, stage), last| {
            if let Stage::Records(records) = stage {
                let count = records.len();
                for (i, checked) in records.iter_mut().enumerate() {
                    finisher.finish(&mut checked.record, last && i + 1 == count);
                }
            }
        },
        |(unit, stage)| {
            let reports = match stage {
                Stage::Records(records) => N::reports(&unit, records.into_iter(), opts),
                Stage::Reports(reports) => reports,
            };
            then(unit, reports)
        },
        sink,
    )
}

/// A unit's records checked, waiting for the finish step, or already reported (a notation
/// without one).
enum Stage<M> {
    Records(Vec<Checked<M>>),
    Reports(Vec<RecordReport>),
}

/// One unit checked and finished as a file of its own.
#[must_use]
pub fn check_unit<N: Check>(mut unit: Unit<N>, opts: &CheckOptions) -> Vec<RecordReport> {
    let options = N::options(opts);
    let mut checker = N::checker(&options);
    let items = std::mem::take(&mut unit.items);
    let mut records: Vec<_> =
        items.into_iter().map(|item| check_item::<N>(item, &options, &checker)).collect();
    let count = records.len();
    for (i, checked) in records.iter_mut().enumerate() {
        checker.finish(&mut checked.record, i + 1 == count);
    }
    N::reports(&unit, records.into_iter(), opts)
}

/// A unit's items read with the default options and, with `check`, checked alone (the checks
/// across records are left out: they give warnings only), spans in the file's decoded text.
#[must_use]
pub fn read_unit<N: Check>(unit: &Unit<N>, check: bool) -> Vec<Record<N::Model>> {
    let options = N::Options::default();
    let checker = N::checker(&options);
    let read = |item: &N::Item| {
        let mut record = N::read(item.clone(), &options);
        if check {
            checker.check(&mut record);
        }
        record
    };
    unit.items.iter().map(read).collect()
}

/// The units of a whole input in memory (reading memory cannot fail).
pub fn whole<N: Check>(data: &[u8]) -> impl Iterator<Item = Result<Unit<N>, io::Error>> + '_ {
    N::units(Box::new(data), Path::new(""), usize::MAX)
}

/// Reads and checks a whole input as one unit, finished as a file (spans in the decoded text).
#[must_use]
pub fn check_file<N: Check>(data: &[u8], opts: &CheckOptions) -> FileCheck {
    let mut checked = FileCheck::default();
    for unit in whole::<N>(data).map_while(Result::ok) {
        let base = checked.source.len();
        checked.source.push_str(&unit.text);
        for mut report in check_unit(unit, opts) {
            for d in &mut report.diagnostics {
                d.set_span(d.span().shift(base));
            }
            checked.records.push(report);
        }
    }
    checked
}

/// Reads and checks a whole file of `format`.
#[must_use]
pub fn check_bytes(format: Format, data: &[u8], opts: &CheckOptions) -> FileCheck {
    with_notation!(format, N => check_file::<N>(data, opts))
}

/// Line breaks in `text` as [`cards_core::LineIndex`] counts them (`\n`, `\r\n`, a lone `\r`).
#[must_use]
pub fn line_count(text: &str) -> usize {
    let text = text.as_bytes();
    // Byte-wide counts over runs of 255, which the compiler vectorizes.
    let count = |byte: u8| -> usize {
        text.chunks(255).map(|run| usize::from(run.iter().fold(0u8, |n, &b| n + u8::from(b == byte)))).sum()
    };
    let lf = count(b'\n');
    if count(b'\r') == 0 {
        return lf;
    }
    let cr_lf = text.windows(2).filter(|w| w == b"\r\n").count();
    lf + count(b'\r') - cr_lf
}

/// Moves diagnostics' spans from the whole input into a unit that starts at `offset`.
pub fn into_unit(diagnostics: &mut [Diagnostic], offset: usize) {
    for d in diagnostics {
        let span = d.span();
        d.set_span(cards_core::Span::new(span.start.saturating_sub(offset), span.end.saturating_sub(offset)));
    }
}

/// What a unit's text may hold beyond its `limit`: the record that crosses it (a few hands or
/// deals; a longer one makes the text grow).
const UNIT_SLACK: usize = 16 * 1024;

/// The units of a notation whose records' texts make the file (PHH, PPN): records gathered
/// until the unit holds `limit` bytes and its text ends a line.
pub struct TextUnits<'r, N: Check, F> {
    reader: N::Reader<Input<'r>>,
    /// The text of a record (the notation's raw accessor).
    text_of: F,
    next: Option<N::Item>,
    limit: usize,
    offset: usize,
    line: usize,
    index: usize,
}

impl<'r, N: Check, F> TextUnits<'r, N, F> {
    /// The units of `input`.
    pub fn new(input: Input<'r>, limit: usize, text_of: F) -> Self {
        let reader = N::reader(input, N::Options::default());
        TextUnits { reader, text_of, next: None, limit, offset: 0, line: 0, index: 0 }
    }
}

impl<N, F> Iterator for TextUnits<'_, N, F>
where
    N: Check<Item = <N as cards_core::Notation>::Raw, Data: Default>,
    F: Fn(&N::Item) -> &str,
{
    type Item = io::Result<Unit<N>>;

    fn next(&mut self) -> Option<Self::Item> {
        use cards_core::notation::ReadRecords as _;
        let mut items = Vec::new();
        // Sized once for a unit of `limit` bytes (and its last record), so that the text is not
        // copied again and again as it grows.
        let mut text = String::with_capacity(self.limit.min(UNIT_BYTES).saturating_add(UNIT_SLACK));
        loop {
            let item = match self.next.take() {
                Some(item) => item,
                None => match self.reader.read_raw() {
                    Some(Ok(item)) => item,
                    Some(Err(err)) => return Some(Err(err)),
                    None => break,
                },
            };
            if !items.is_empty() && text.len() >= self.limit && text.ends_with(['\n', '\r']) {
                self.next = Some(item);
                break;
            }
            text.push_str((self.text_of)(&item));
            items.push(item);
        }
        if items.is_empty() {
            return None;
        }
        let (offset, line, index) = (self.offset, self.line, self.index);
        self.offset += text.len();
        self.line += line_count(&text);
        self.index += items.len();
        Some(Ok(Unit { text, offset, line, index, first: index == 0, items, data: N::Data::default() }))
    }
}

#[cfg(test)]
mod tests {
    /// Lines are counted as `cards_core::LineIndex` counts them.
    #[test]
    fn line_count_is_line_index_s() {
        for text in ["", "a", "a\n", "a\r\nb", "a\rb\r", "\r\r\n\n", "x\n\r\n\ry\r", "é\r\n", "\r\r"] {
            let expected = cards_core::LineIndex::new(text).line_starts().len() - 1;
            assert_eq!(super::line_count(text), expected, "{text:?}");
        }
    }
}
