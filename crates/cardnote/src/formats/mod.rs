//! One module per notation: what `fmt` and `convert` need of it beyond its checking
//! ([`cardnote_check::Check`]): each unit rewritten or converted.
//!
//! - [`fmt_units`] and [`convert_units`]: each unit rewritten or converted on the workers, the
//!   outputs written in file order ([`cardnote_check::pipeline::ordered`]); a JSON document is read
//!   whole ([`Glue::from_json`]);
//! - [`fmt_bytes`], [`convert_bytes`]: the same on a whole input in memory, cut as one unit (the
//!   reference the streamed commands are tested against).
//!
//! Memory stays bounded by a few units of about [`UNIT_BYTES`] whatever the file's size, and the
//! output is the same whatever the number of threads.

use std::io::{self, BufRead, Read};
use std::path::Path;

#[cfg(test)]
use cardnote_check::check_units;
use cardnote_check::{Check, CheckOptions, Format, Input, UNIT_BYTES, Unit, check_file, whole};
use cards_core::{Diagnostic, Record, Span};

pub mod dd;
pub mod lin;
pub mod pbn;
pub mod phh;
pub mod pinochle;
pub mod pref;

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

/// What `fmt` and `convert` need of a notation beyond its [`Check`]: the units written back or
/// converted. Every function is pure and runs on any thread.
pub trait Glue: Check {
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
    /// ([`Check::is_record`]) the file held: by default the end of a JSON document whose array the
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
    cardnote_check::pipeline::ordered(threads, units, work, |bytes| sink(&bytes?).map_err(Stop::Io))
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
    cardnote_check::pipeline::ordered(threads, units, work, |converted| {
        let (count, bytes) = converted?;
        records += count;
        sink(&bytes).map_err(Stop::Io)
    })?;
    sink(&N::convert_close(to, records)).map_err(Stop::Io)
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
    cardnote_check::with_notation!(format, N => {
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
    cardnote_check::with_notation!(format, N => convert_units::<N>(Box::new(data), Path::new(""), to, 1, |bytes| {
        out.extend_from_slice(bytes);
        Ok(())
    }))
    .map_err(|stop| refusal(stop, || decode_text(data)))?;
    Ok(out)
}

/// serde_json's pretty `text` indented `by` more spaces after its first line (a value nested in a
/// document written piece by piece).
#[must_use]
pub fn indented(text: &str, by: usize) -> String {
    text.replace('\n', &format!("\n{}", " ".repeat(by)))
}

/// The refusal of a unit whose records have errors: the errors, spans moved into the unit
/// ([`Check::local`]).
///
/// # Errors
/// The errors, when there are any.
pub fn refuse_errors<N: Check>(unit: &Unit<N>, records: &[Record<N::Model>]) -> Result<(), Refusal> {
    let mut diagnostics = Vec::new();
    for record in records {
        let mut errors: Vec<Diagnostic> =
            record.diagnostics.iter().filter(|d| d.is_error()).cloned().collect();
        N::local(unit, record, &mut errors);
        diagnostics.append(&mut errors);
    }
    if diagnostics.is_empty() {
        return Ok(());
    }
    Err(Refusal { source: unit.text.clone(), diagnostics })
}

impl Refusal {
    /// A refusal of `source` for one error at `at`.
    #[must_use]
    pub fn one(source: &str, code: &'static str, message: impl Into<String>, at: usize) -> Refusal {
        Refusal {
            source: source.to_owned(),
            diagnostics: vec![Diagnostic::error(code, message, Span::at(at))],
        }
    }
}

/// The refusal of a text whose writing does not read back to the same `what` (an internal error:
/// the writer lost something).
#[must_use]
pub fn round_trip_refusal(source: &str, what: &str) -> Refusal {
    let message = format!("internal error: the written file does not read back to the same {what}");
    Refusal::one(source, "PPN_ROUND_TRIP", message, 0)
}

/// Writes `value` as the next element of a JSON array written piece by piece (serde_json's pretty
/// form, four spaces in), a `,` before every element but the document's first.
///
/// # Errors
/// When `value` cannot be written as JSON.
pub fn push_json(out: &mut Vec<u8>, first: bool, value: &impl serde::Serialize) -> serde_json::Result<()> {
    out.extend_from_slice(if first { b"\n    " } else { b",\n    " });
    out.extend_from_slice(indented(&serde_json::to_string_pretty(value)?, 4).as_bytes());
    Ok(())
}

/// Opens a JSON document written piece by piece: `{`, `head` (its first members, the value of the
/// last one left to `value`, written pretty), then the array `array` that [`push_json`] fills.
pub fn json_open(out: &mut Vec<u8>, head: &str, value: &impl serde::Serialize, array: &str) {
    let value = serde_json::to_string_pretty(value).unwrap_or_default();
    out.extend_from_slice(format!("{{\n  {head}{},\n  \"{array}\": [", indented(&value, 2)).as_bytes());
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
