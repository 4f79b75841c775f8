//! One module per notation: the glue between the `cardnote` commands and each format's crate.
//!
//! Every notation is reached through its crate's [`cards_core::Notation`] (reader, parse,
//! checker, writer) and [`Glue`], the little the commands need beyond it: how the notation's cut
//! records are grouped into [`Unit`]s, each unit's `check --json` reports, and its `fmt` and
//! `convert` output. Everything else is written once, here, for every notation:
//!
//! - [`check_units`]: a file's units parsed and checked alone on the workers
//!   ([`cards_core::notation::Checker::check`]), finished in file order on the calling thread
//!   ([`cards_core::notation::Checker::finish`]: PBN's repeated warnings, Pinochle's running
//!   scores, Preferans' game state), then reported on the workers ([`crate::pipeline::finished`]);
//! - [`fmt_units`] and [`convert_units`]: each unit rewritten or converted on the workers, the
//!   outputs written in file order ([`crate::pipeline::ordered`]); a JSON document is read whole
//!   ([`Glue::from_json`]);
//! - [`check_bytes`], [`fmt_bytes`], [`convert_bytes`]: the same on a whole input in memory, cut as
//!   one unit (the reference the streamed commands are tested against).
//!
//! Memory stays bounded by a few units of about [`UNIT_BYTES`] whatever the file's size, and the
//! output is the same whatever the number of threads.

use std::io::{self, BufRead, Read};
use std::path::Path;

use cards_core::notation::Checker as _;
use cards_core::{Diagnostic, Record};
use serde_json::{Map, Value};

pub mod dd;
pub mod lin;
pub mod pbn;
pub mod phh;
pub mod pinochle;
pub mod pref;

/// The notations the CLI knows.
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

/// Options for `fmt`.
#[derive(Debug, Clone, Copy, Default)]
pub struct FmtOptions {
    /// Keep the author's layout and comments, changing only what must change.
    pub preserve: bool,
    /// Write files that have errors too (the user asked for it explicitly). The writers still
    /// refuse what they cannot write; the caller must check that the output reports the same
    /// errors as the original (see `cardnote fmt --force`).
    pub force: bool,
}

/// Target of `convert`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConvertTo {
    /// The notation's JSON form.
    Json,
    /// The notation itself (from JSON or from the notation, canonically written).
    Native,
}

/// Why a file was not written: the source and the diagnostics that stopped it.
#[derive(Debug, Clone)]
pub struct Refusal {
    /// The decoded text the spans refer to.
    pub source: String,
    /// What is wrong.
    pub diagnostics: Vec<Diagnostic>,
}

/// Decodes bytes as UTF-8 (BOM dropped), falling back to ISO-8859-1 so decoding never fails
/// ([`cards_core::charset::decode`]'s text).
#[must_use]
pub fn decode_text(data: &[u8]) -> String {
    cards_core::charset::decode(data).text
}

/// Whether decoded text is a JSON document (a notation's JSON form) rather than the notation: it
/// opens with `{` *and* parses as JSON, since PBN and Pinochle files may open with a `{comment}`.
#[must_use]
pub fn is_json_text(text: &str) -> bool {
    text.trim_start().starts_with('{') && serde_json::from_str::<serde::de::IgnoredAny>(text).is_ok()
}

/// About how many bytes of text a unit holds: big enough that handing a unit to a worker costs
/// nothing next to reading it, small enough that a few in flight per thread stay a few MB.
pub const UNIT_BYTES: usize = 256 * 1024;

/// Runs `$body` with the type `$n` standing for the notation that serves `$format` (a
/// [`Format`]): how a command picks the generic code of one notation at run time.
#[macro_export]
macro_rules! with_notation {
    ($format:expr, $n:ident => $body:expr) => {
        match $format {
            $crate::formats::Format::Phh => {
                type $n = $crate::formats::phh::Phh;
                $body
            }
            $crate::formats::Format::Pbn => {
                type $n = $crate::formats::pbn::Pbn;
                $body
            }
            $crate::formats::Format::PpnPref => {
                type $n = $crate::formats::pref::Pref;
                $body
            }
            $crate::formats::Format::PpnPinochle => {
                type $n = $crate::formats::pinochle::Pinochle;
                $body
            }
            $crate::formats::Format::Lin => {
                type $n = $crate::formats::lin::Lin;
                $body
            }
        }
    };
}

/// A self-contained piece of a file: whole records, with everything needed to check, rewrite or
/// convert them without the rest of the file.
pub struct Unit<N: Glue> {
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

/// What the commands need of a notation beyond its [`cards_core::Notation`]: its cut grouped into
/// units, the `check --json` reports, and the units written back or converted. Every function but
/// [`Glue::units`] is pure and runs on any thread.
pub trait Glue: cards_core::Notation {
    /// The CLI's name of the notation.
    const FORMAT: Format;
    /// What a unit holds of each record: the notation's raw record, cut and not yet parsed.
    type Item: Send;
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

    /// The `check` reports of a unit's records, checked and finished, in order: spans moved into
    /// the unit's text, fields built unless [`CheckOptions::no_fields`]. Without a finish step
    /// ([`Glue::FINISH`]) the records are checked as the iterator is drawn.
    fn reports(
        unit: &Unit<Self>,
        records: impl Iterator<Item = Checked<Self::Model>>,
        opts: &CheckOptions,
    ) -> Vec<RecordReport>;

    /// The unit rewritten (canonically, or format-preserving with `opts.preserve`). The outputs of
    /// a file's units, concatenated in order, are the file rewritten. A refusal's spans are in
    /// `unit.text`.
    ///
    /// # Errors
    /// Why the unit cannot be written back.
    fn fmt(unit: Unit<Self>, opts: &FmtOptions) -> Result<Vec<u8>, Refusal>;

    /// What `convert` writes before the first unit's output (e.g. a JSON document's opening).
    fn convert_open(_to: ConvertTo) -> Vec<u8> {
        Vec::new()
    }

    /// The unit converted; between [`Glue::convert_open`] and [`Glue::convert_close`], in order,
    /// the outputs are the file converted.
    ///
    /// # Errors
    /// Why the unit cannot be converted (spans in `unit.text`).
    fn convert(unit: Unit<Self>, to: ConvertTo) -> Result<Vec<u8>, Refusal>;

    /// What `convert` writes after the last unit's output, given how many records
    /// ([`Glue::is_record`]) the file held: by default the end of a JSON document whose array the
    /// opening began.
    fn convert_close(to: ConvertTo, records: usize) -> Vec<u8> {
        match to {
            ConvertTo::Json if records > 0 => b"\n  ]\n}\n".to_vec(),
            ConvertTo::Json => b"]\n}\n".to_vec(),
            ConvertTo::Native => Vec::new(),
        }
    }

    /// Converts a JSON document (the notation's JSON form, read whole); `None`: the notation has
    /// no JSON input, the text is read as the notation.
    fn from_json(_text: &str, _to: ConvertTo) -> Option<Result<Vec<u8>, Refusal>> {
        None
    }
}

/// One item parsed and checked alone (any thread).
fn check_item<N: Glue>(item: N::Item, options: &N::Options, checker: &N::Checker) -> Checked<N::Model> {
    let mut record = N::read(item, options);
    let read = record.diagnostics.len();
    checker.check(&mut record);
    Checked { record, read }
}

/// Checks a file's units as every command does: each unit's records parsed and checked on
/// `threads` workers, the notation's finish step on the calling thread in file order, the
/// reports made and `then` run back on the workers (e.g. rendering a unit's `--json` lines);
/// `sink` receives `then`'s results in file order. The output is the same whatever `threads`;
/// memory stays bounded as in [`crate::pipeline::ordered`].
///
/// # Errors
/// The first error of `units` or `sink`.
pub fn check_units<N: Glue, V: Send, E>(
    units: impl Iterator<Item = Result<Unit<N>, E>>,
    opts: &CheckOptions,
    threads: usize,
    then: impl Fn(Unit<N>, Vec<RecordReport>) -> V + Sync,
    sink: impl FnMut(V) -> Result<(), E>,
) -> Result<(), E> {
    let options = N::options(opts);
    let checker = N::checker(&options);
    let mut finisher = N::checker(&options);
    crate::pipeline::finished(
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
pub fn check_unit<N: Glue>(mut unit: Unit<N>, opts: &CheckOptions) -> Vec<RecordReport> {
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

/// What stopped a streamed `fmt` or `convert`.
#[derive(Debug)]
pub enum Stop<E> {
    /// A unit cannot be written: why, and the lines of the file before the unit.
    Refused(Refusal, usize),
    /// Reading the input, or the caller's sink, failed.
    Io(E),
}

/// Rewrites a file's units on `threads` workers; `sink` receives the outputs in file order.
///
/// # Errors
/// The first refusal, or error of `units` or `sink`.
pub fn fmt_units<N: Glue, E: Send>(
    units: impl Iterator<Item = Result<Unit<N>, E>>,
    opts: &FmtOptions,
    threads: usize,
    mut sink: impl FnMut(&[u8]) -> Result<(), E>,
) -> Result<(), Stop<E>> {
    let units = units.map(|unit| unit.map_err(Stop::Io));
    let work = |unit: Unit<N>| {
        let line = unit.line;
        N::fmt(unit, opts).map_err(|refusal| Stop::Refused(refusal, line))
    };
    crate::pipeline::ordered(threads, units, work, |bytes| sink(&bytes?).map_err(Stop::Io))
}

/// Converts a file on `threads` workers; `sink` receives the output in file order. A JSON
/// document (after blanks and a byte order mark the input opens with `{` and it parses as
/// JSON) is read whole and converted by [`Glue::from_json`]; other input streams unit by unit.
///
/// # Errors
/// The first refusal, or error of reading or of `sink`.
pub fn convert_units<N: Glue>(
    mut input: Input<'_>,
    path: &Path,
    to: ConvertTo,
    threads: usize,
    mut sink: impl FnMut(&[u8]) -> io::Result<()>,
) -> Result<(), Stop<io::Error>> {
    let head = input.fill_buf().map_err(Stop::Io)?;
    let head = head.strip_prefix(cards_core::charset::BOM).unwrap_or(head);
    let input: Input<'_> = if head.trim_ascii_start().starts_with(b"{") {
        let mut data = Vec::new();
        input.read_to_end(&mut data).map_err(Stop::Io)?;
        let text = decode_text(&data);
        if is_json_text(&text)
            && let Some(converted) = N::from_json(&text, to)
        {
            return sink(&converted.map_err(|refusal| Stop::Refused(refusal, 0))?).map_err(Stop::Io);
        }
        Box::new(io::Cursor::new(data))
    } else {
        input
    };
    sink(&N::convert_open(to)).map_err(Stop::Io)?;
    let mut records = 0;
    let units = N::units(input, path, UNIT_BYTES).map(|unit| unit.map_err(Stop::Io));
    let work = |unit: Unit<N>| {
        let (line, count) = (unit.line, unit.items.iter().filter(|item| N::is_record(item)).count());
        N::convert(unit, to).map(|bytes| (count, bytes)).map_err(|refusal| Stop::Refused(refusal, line))
    };
    crate::pipeline::ordered(threads, units, work, |converted| {
        let (count, bytes) = converted?;
        records += count;
        sink(&bytes).map_err(Stop::Io)
    })?;
    sink(&N::convert_close(to, records)).map_err(Stop::Io)
}

/// The units of a whole input in memory (reading memory cannot fail).
fn whole<N: Glue>(data: &[u8]) -> impl Iterator<Item = Result<Unit<N>, io::Error>> + '_ {
    N::units(Box::new(data), Path::new(""), usize::MAX)
}

/// Reads and checks a whole input as one unit, finished as a file (spans in the decoded text).
#[must_use]
pub fn check_file<N: Glue>(data: &[u8], opts: &CheckOptions) -> FileCheck {
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
    crate::with_notation!(format, N => check_file::<N>(data, opts))
}

/// A stop of a whole input in memory, which only a refusal can be.
fn refusal<E>(stop: Stop<E>, source: impl FnOnce() -> String) -> Refusal {
    match stop {
        Stop::Refused(refusal, _) => refusal,
        Stop::Io(_) => Refusal { source: source(), diagnostics: Vec::new() },
    }
}

/// Rewrites a whole file of `format`: refused when it has errors (unless `opts.force`), then
/// written as one unit.
///
/// # Errors
/// The file's errors, or why it cannot be written back.
pub fn fmt_bytes(format: Format, data: &[u8], opts: &FmtOptions) -> Result<Vec<u8>, Refusal> {
    crate::with_notation!(format, N => {
        if !opts.force {
            let checked = check_file::<N>(data, &CheckOptions::default());
            let diagnostics: Vec<Diagnostic> =
                checked.records.into_iter().flat_map(|r| r.diagnostics).filter(Diagnostic::is_error).collect();
            if !diagnostics.is_empty() {
                return Err(Refusal { source: checked.source, diagnostics });
            }
        }
        let mut out = Vec::new();
        fmt_units(whole::<N>(data), opts, 1, |bytes| {
            out.extend_from_slice(bytes);
            Ok(())
        })
        .map_err(|stop| refusal(stop, || decode_text(data)))?;
        Ok(out)
    })
}

/// Converts a whole file of `format` (one unit).
///
/// # Errors
/// Why the file cannot be converted.
pub fn convert_bytes(format: Format, data: &[u8], to: ConvertTo) -> Result<Vec<u8>, Refusal> {
    let mut out = Vec::new();
    crate::with_notation!(format, N => convert_units::<N>(Box::new(data), Path::new(""), to, 1, |bytes| {
        out.extend_from_slice(bytes);
        Ok(())
    }))
    .map_err(|stop| refusal(stop, || decode_text(data)))?;
    Ok(out)
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

/// serde_json's pretty `text` indented `by` more spaces after its first line (a value nested in a
/// document written piece by piece).
#[must_use]
pub fn indented(text: &str, by: usize) -> String {
    text.replace('\n', &format!("\n{}", " ".repeat(by)))
}

/// Moves diagnostics' spans from the whole input into a unit that starts at `offset`.
pub fn into_unit(diagnostics: &mut [Diagnostic], offset: usize) {
    for d in diagnostics {
        let span = d.span();
        d.set_span(cards_core::Span::new(span.start.saturating_sub(offset), span.end.saturating_sub(offset)));
    }
}

/// The refusal of a unit whose records have errors (spans moved into the unit).
///
/// # Errors
/// The errors, when there are any.
pub fn refuse_errors<'a, M: 'a>(
    unit_text: &str,
    offset: usize,
    records: impl IntoIterator<Item = &'a Record<M>>,
) -> Result<(), Refusal> {
    let mut diagnostics: Vec<Diagnostic> =
        records.into_iter().flat_map(|r| r.diagnostics.iter().filter(|d| d.is_error()).cloned()).collect();
    if diagnostics.is_empty() {
        return Ok(());
    }
    into_unit(&mut diagnostics, offset);
    Err(Refusal { source: unit_text.to_owned(), diagnostics })
}

/// The refusal of a text whose writing does not read back to the same `what` (an internal error:
/// the writer lost something).
#[must_use]
pub fn round_trip_refusal(source: &str, what: &str) -> Refusal {
    Refusal {
        source: source.to_owned(),
        diagnostics: vec![Diagnostic::error(
            "PPN_ROUND_TRIP",
            format!("internal error: the written file does not read back to the same {what}"),
            cards_core::Span::at(0),
        )],
    }
}

/// The units of a notation whose records' texts make the file (PHH, PPN): records gathered
/// until the unit holds `limit` bytes and its text ends a line.
pub struct TextUnits<'r, N: Glue, F> {
    reader: N::Reader<Input<'r>>,
    /// The text of a record (the notation's raw accessor).
    text_of: F,
    next: Option<N::Item>,
    limit: usize,
    offset: usize,
    line: usize,
    index: usize,
}

impl<'r, N: Glue, F> TextUnits<'r, N, F> {
    /// The units of `input`.
    pub fn new(input: Input<'r>, limit: usize, text_of: F) -> Self {
        let reader = N::reader(input, N::Options::default());
        TextUnits { reader, text_of, next: None, limit, offset: 0, line: 0, index: 0 }
    }
}

impl<N, F> Iterator for TextUnits<'_, N, F>
where
    N: Glue<Item = <N as cards_core::Notation>::Raw, Data: Default>,
    F: Fn(&N::Item) -> &str,
{
    type Item = io::Result<Unit<N>>;

    fn next(&mut self) -> Option<Self::Item> {
        use cards_core::notation::ReadRecords as _;
        let mut items = Vec::new();
        let mut text = String::new();
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

/// Cut into units of [`UNIT_BYTES`] and checked on one and two threads, `data` gives what
/// [`check_file`] gives (the same reports, spans moved by the unit's offset); `clean` written and
/// converted unit by unit gives what [`fmt_bytes`] and [`convert_bytes`] give.
#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::panic)]
pub(crate) fn assert_streams_as_whole<N: Glue>(data: &[u8], clean: &[u8]) {
    let path = Path::new("big");
    let opts = CheckOptions::default();
    let expected: Vec<_> =
        check_file::<N>(data, &opts).records.into_iter().map(|r| (r.diagnostics, r.fields)).collect();
    for threads in [1, 2] {
        let (mut streamed, mut units) = (Vec::new(), 0);
        let then = |unit: Unit<N>, reports| (unit.offset, reports);
        check_units(N::units(Box::new(data), path, UNIT_BYTES), &opts, threads, then, |(offset, reports)| {
            units += 1;
            for mut report in reports {
                for d in &mut report.diagnostics {
                    d.set_span(d.span().shift(offset));
                }
                streamed.push((report.diagnostics, report.fields));
            }
            Ok(())
        })
        .unwrap();
        assert!(units > 2, "{units} units");
        assert!(streamed == expected, "{threads} threads");
    }
    for preserve in [false, true] {
        let opts = FmtOptions { preserve, force: false };
        let mut out = Vec::new();
        let sink = |bytes: &[u8]| {
            out.extend_from_slice(bytes);
            Ok::<(), io::Error>(())
        };
        fmt_units(N::units(Box::new(clean), path, UNIT_BYTES), &opts, 2, sink)
            .map_err(|_| "refused")
            .unwrap();
        assert!(out == fmt_bytes(N::FORMAT, clean, &opts).map_err(|r| r.diagnostics).unwrap(), "{preserve}");
    }
    for to in [ConvertTo::Json, ConvertTo::Native] {
        let mut out = Vec::new();
        let sink = |bytes: &[u8]| {
            out.extend_from_slice(bytes);
            Ok(())
        };
        convert_units::<N>(Box::new(clean), path, to, 2, sink).map_err(|_| "refused").unwrap();
        assert!(out == convert_bytes(N::FORMAT, clean, to).map_err(|r| r.diagnostics).unwrap(), "{to:?}");
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
