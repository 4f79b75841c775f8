//! Glue for BBO LIN (`.lin`): check (deal, auction, play and claim checks of the `lin` crate),
//! fmt (byte for byte with `--preserve`, else BBO's one-line-per-board layout), convert (to a
//! JSON form of the records, to LIN canonically, and to and from PBN through `bridge-convert`).
//!
//! Per record `check` reports `kind` (`header`, `board`, or `trailer`: what a vugraph pairs file
//! writes after its last board, with its `event`); a header adds `event`, `scoring` and
//! `teams`; a board adds `board`, `room`, `dealer`, `vulnerable`, `deal` (`N:` and the four hands
//! from North, `-` for a hand not given), `declarer`, `contract`, `claim`; `null` when absent.

use std::io::BufRead;
use std::path::Path;
use std::sync::Arc;

use cards_core::{Compass, Diagnostic, Span};
use lin::check::Outcome;
use lin::{Content, Record};
use serde_json::{Map, Value};

use super::{CheckOptions, ConvertTo, FileCheck, FmtOptions, RecordReport, Refusal, Unit};

fn opt_str(v: Option<String>) -> Value {
    v.map_or(Value::Null, Value::String)
}

fn fields(record: &Record) -> Map<String, Value> {
    let mut m = Map::new();
    match &record.model.content {
        Content::Header(h) => {
            m.insert("kind".into(), Value::from("header"));
            m.insert("event".into(), Value::from(h.title.clone()));
            m.insert("scoring".into(), Value::from(h.scoring.clone()));
            m.insert("teams".into(), Value::from(vec![h.teams[0].0.clone(), h.teams[1].0.clone()]));
        }
        Content::Board(b) => {
            m.insert("kind".into(), Value::from("board"));
            m.insert("board".into(), b.number.map_or(Value::Null, Value::from));
            m.insert("room".into(), opt_str(b.room.map(|r| format!("{r:?}").to_lowercase())));
            m.insert("dealer".into(), opt_str(b.dealer.map(|d| d.to_string())));
            let vul = b.vulnerability.map(|v| {
                match v {
                    lin::model::Vulnerability::None => "None",
                    lin::model::Vulnerability::NorthSouth => "NS",
                    lin::model::Vulnerability::EastWest => "EW",
                    lin::model::Vulnerability::Both => "All",
                }
                .to_owned()
            });
            m.insert("vulnerable".into(), opt_str(vul));
            let deal = b.deal.map(|d| {
                let hands: Vec<String> = Compass::ALL
                    .iter()
                    .map(|s| d.hand(*s).map_or_else(|| "-".to_owned(), |h| pbn::text::write_hand(Some(h))))
                    .collect();
                format!("N:{}", hands.join(" "))
            });
            m.insert("deal".into(), opt_str(deal));
            let (declarer, contract) = match lin::check::outcome(b) {
                Outcome::Contract(c) => (Some(c.declarer.to_string()), Some(c.pbn())),
                Outcome::PassedOut => (None, Some("Pass".to_owned())),
                Outcome::Open => (None, None),
            };
            m.insert("declarer".into(), opt_str(declarer));
            m.insert("contract".into(), opt_str(contract));
            m.insert("claim".into(), b.claim.map_or(Value::Null, Value::from));
        }
        Content::Trailer(t) => {
            m.insert("kind".into(), Value::from("trailer"));
            m.insert("event".into(), opt_str(t.title.clone()));
        }
    }
    m
}

/// Bytes of input after which a unit ends (at the next record).
pub const UNIT_BYTES: usize = 256 * 1024;

/// What a LIN unit carries: its records as read (not yet checked, so one unit serves check, fmt
/// and convert alike), where its bytes begin in the file, and how its text was decoded.
struct LinUnit {
    records: Vec<Record>,
    /// The file byte offset of the unit's first byte (record spans are file byte offsets).
    start: usize,
    /// Bytes of a byte-order mark left out of the text (the file's first unit only).
    bom: usize,
    /// The unit's bytes were not UTF-8 and its text is their Latin-1 reading.
    latin1: bool,
    /// The file used `\r\n` (as far as read): canonical lines end with it.
    crlf: bool,
}

impl LinUnit {
    /// The unit of `records`, whose bytes are `raw`, starting at file byte `start`; its text.
    fn new(records: Vec<Record>, raw: &[u8], start: usize, crlf: bool) -> (String, LinUnit) {
        let decoded = cards_core::charset::decode(raw);
        let bom = if decoded.bom { cards_core::charset::BOM.len() } else { 0 };
        let unit = LinUnit { records, start, bom, latin1: decoded.latin1, crlf };
        (decoded.text, unit)
    }

    /// Moves diagnostics from file byte offsets to offsets in the unit's `text`: a Latin-1 byte
    /// from 0x80 up is two bytes of text.
    fn spans_into_text(&self, text: &str, diagnostics: &mut [Diagnostic]) {
        let wide_before: Vec<usize> = if self.latin1 {
            std::iter::once(0)
                .chain(text.chars().scan(0, |n, c| {
                    *n += usize::from(u32::from(c) >= 0x80);
                    Some(*n)
                }))
                .collect()
        } else {
            Vec::new()
        };
        let shift = |at: usize| {
            let at = at.saturating_sub(self.start + self.bom);
            let wide = wide_before.get(at).or(wide_before.last()).copied().unwrap_or(0);
            (at + wide).min(text.len())
        };
        for diagnostic in diagnostics {
            let span = diagnostic.span();
            diagnostic.set_span(Span::new(shift(span.start), shift(span.end)));
        }
    }

    /// The records checked by [`lin::Checker`] (under `strict` the leniencies are errors).
    fn checked(&self, strict: bool) -> Vec<Record> {
        use cards_core::notation::{Checker as _, Notation as _};
        let checker = lin::Lin::checker(&lin::Options { strict });
        self.records
            .iter()
            .map(|record| {
                let mut record = record.clone();
                checker.check(&mut record);
                record
            })
            .collect()
    }

    /// The errors of the checked records, refused with spans in `text`.
    fn refuse(&self, text: &str, records: &[Record]) -> Result<(), Refusal> {
        let mut diagnostics: Vec<Diagnostic> = records.iter().flat_map(|r| r.errors().cloned()).collect();
        if diagnostics.is_empty() {
            return Ok(());
        }
        self.spans_into_text(text, &mut diagnostics);
        Err(Refusal { source: text.to_owned(), diagnostics })
    }

    /// BBO's layout: the header, then one line per board.
    fn canonical(&self, records: &[Record]) -> Vec<u8> {
        let eol = if self.crlf { "\r\n" } else { "\n" };
        let mut writer = lin::Writer::new(Vec::new()).with_eol(eol);
        for record in records {
            // Writing to a Vec cannot fail.
            let _ = writer.write_canonical(record);
        }
        writer.into_inner().unwrap_or_default()
    }

    /// The records exactly as read.
    fn preserved(&self) -> Vec<u8> {
        let mut writer = lin::Writer::new(Vec::new());
        for record in &self.records {
            let _ = writer.write_record(record);
        }
        writer.into_inner().unwrap_or_default()
    }

    /// The unit's part of the JSON document: each record (as read and checked) in the `records`
    /// array, a `,` before every record but the file's first.
    fn json(&self, index: usize, records: &[Record]) -> Vec<u8> {
        /// A record's JSON form: its entry's fields, then its diagnostics and span.
        #[derive(serde::Serialize)]
        struct RecordJson<'a> {
            #[serde(flatten)]
            entry: &'a lin::Entry,
            diagnostics: &'a [Diagnostic],
            span: Span,
        }
        let mut out = String::new();
        for (i, record) in records.iter().enumerate() {
            if index + i > 0 {
                out.push(',');
            }
            let form =
                RecordJson { entry: &record.model, diagnostics: &record.diagnostics, span: record.span };
            out.push_str("\n    ");
            out.push_str(&super::lines::indented(
                &serde_json::to_string_pretty(&form).unwrap_or_default(),
                4,
            ));
        }
        out.into_bytes()
    }
}

/// The opening of the JSON document of `convert --to json`.
const JSON_OPEN: &str = "{\n  \"format\": \"lin\",\n  \"records\": [";

/// A whole file as one unit.
fn whole(data: &[u8]) -> (String, LinUnit) {
    // Reading from memory cannot fail.
    let records = lin::Reader::from_slice(data, lin::Options::default()).map_while(Result::ok).collect();
    LinUnit::new(records, data, 0, data.windows(2).any(|w| w == b"\r\n"))
}

fn check_unit(text: &str, unit: &LinUnit, opts: &CheckOptions) -> Vec<RecordReport> {
    unit.checked(opts.strict)
        .into_iter()
        .map(|mut record| {
            unit.spans_into_text(text, &mut record.diagnostics);
            let fields = if opts.no_fields { Map::new() } else { fields(&record) };
            RecordReport { fields, diagnostics: record.diagnostics }
        })
        .collect()
}

fn fmt_unit(text: &str, unit: &LinUnit, opts: &FmtOptions) -> Result<Vec<u8>, Refusal> {
    let records = unit.checked(false);
    if !opts.force {
        unit.refuse(text, &records)?;
    }
    Ok(if opts.preserve { unit.preserved() } else { unit.canonical(&records) })
}

fn convert_unit(text: &str, unit: &LinUnit, index: usize, to: ConvertTo) -> Result<Vec<u8>, Refusal> {
    let records = unit.checked(false);
    unit.refuse(text, &records)?;
    Ok(match to {
        ConvertTo::Json => unit.json(index, &records),
        ConvertTo::Native => unit.canonical(&records),
    })
}

fn convert_close(to: ConvertTo, units: usize) -> Vec<u8> {
    match to {
        ConvertTo::Json => super::lines::json_close(units > 0),
        ConvertTo::Native => Vec::new(),
    }
}

/// Checks a whole file: one report per record (the match header, then each board).
#[must_use]
pub fn check(data: &[u8], opts: &CheckOptions) -> FileCheck {
    let (source, unit) = whole(data);
    let records = check_unit(&source, &unit, opts);
    FileCheck { source, records }
}

/// Rewrites a whole file: with `preserve` exactly as read, else canonically (BBO's layout: the
/// header, then one line per board, `\r\n` when the file used it). Files with errors are refused
/// unless `opts.force`.
///
/// # Errors
/// The file's errors, unless `opts.force`.
pub fn fmt(data: &[u8], opts: &FmtOptions) -> Result<Vec<u8>, Refusal> {
    let (source, unit) = whole(data);
    fmt_unit(&source, &unit, opts)
}

/// Converts a whole file to its JSON form (the records as the `lin` crate reads and checks them)
/// or to LIN written canonically.
///
/// # Errors
/// The file's errors.
pub fn convert(data: &[u8], to: ConvertTo) -> Result<Vec<u8>, Refusal> {
    let (source, unit) = whole(data);
    let units = usize::from(!unit.records.is_empty());
    let mut out = if to == ConvertTo::Json { JSON_OPEN.as_bytes().to_vec() } else { Vec::new() };
    if units > 0 {
        out.extend(convert_unit(&source, &unit, 0, to)?);
    }
    out.extend(convert_close(to, units));
    Ok(out)
}

/// LIN to PBN (`cardnote convert --to pbn x.lin`): every board whose LIN reads without errors
/// (one bad board of an event does not cost the others); the boards left out and the file's
/// errors, when there are any, come as the second value.
#[must_use]
pub fn to_pbn(data: &[u8]) -> (Vec<u8>, Option<LeftOut>) {
    let (source, unit) = whole(data);
    let left_out = unit.refuse(&source, &unit.checked(false)).err();
    let converted = bridge_convert::lin_to_pbn_leaving_out_bad_boards(data);
    let left_out = left_out.map(|refusal| LeftOut { boards: converted.left_out, refusal });
    (converted.text.into_bytes(), left_out)
}

/// What `convert --to pbn` left out of a LIN file: the boards with errors (how many), and every
/// error of the file (spans in its text).
#[derive(Debug)]
pub struct LeftOut {
    /// Boards left out.
    pub boards: usize,
    /// The file's errors.
    pub refusal: Refusal,
}

/// BBO LIN for the commands: the `lin` crate's streaming reader cuts the file into units of whole
/// records (~[`UNIT_BYTES`]), read in order (a `pn` roster carried to the boards after it); the
/// game checks, the writers and the JSON form run per unit on any thread.
#[derive(Debug, Clone, Copy)]
pub struct LinNotation;

/// The sequential step: records from the reader, gathered into units.
struct LinUnits<'r> {
    reader: lin::Reader<Box<dyn BufRead + Send + 'r>>,
    cut: super::lines::Cut,
    /// The file byte offset where the next unit begins.
    start: usize,
    /// Records before the next unit.
    index: usize,
    crlf: bool,
    /// The last byte read was `\r` (a `\r\n` may straddle two units).
    after_cr: bool,
}

impl LinUnits<'_> {
    fn next_unit(&mut self) -> std::io::Result<Option<Unit>> {
        let mut records = Vec::new();
        let mut raw = Vec::new();
        while raw.len() < UNIT_BYTES {
            let Some(record) = self.reader.next().transpose()? else { break };
            // The format-preserving writer gives the record's bytes back exactly.
            lin::write::write_record(&mut raw, &record)?;
            records.push(record);
        }
        if records.is_empty() {
            return Ok(None);
        }
        self.crlf |= (self.after_cr && raw.first() == Some(&b'\n')) || raw.windows(2).any(|w| w == b"\r\n");
        self.after_cr = raw.last() == Some(&b'\r');
        let (text, unit) = LinUnit::new(records, &raw, self.start, self.crlf);
        let index = self.index;
        self.start += raw.len();
        self.index += unit.records.len();
        Ok(Some(self.cut.unit(text, index, Arc::new(unit))))
    }
}

impl Iterator for LinUnits<'_> {
    type Item = std::io::Result<Unit>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_unit().transpose()
    }
}

/// The unit's LIN context, or the unit's text read as one (for a unit made elsewhere).
fn lin_unit(unit: &Unit) -> std::borrow::Cow<'_, LinUnit> {
    match unit.context.as_ref().and_then(|c| c.downcast_ref::<LinUnit>()) {
        Some(lin_unit) => std::borrow::Cow::Borrowed(lin_unit),
        None => std::borrow::Cow::Owned(whole(unit.text.as_bytes()).1),
    }
}

impl Clone for LinUnit {
    fn clone(&self) -> LinUnit {
        LinUnit { records: self.records.clone(), ..*self }
    }
}

impl super::Notation for LinNotation {
    fn format(&self) -> super::Format {
        super::Format::Lin
    }

    fn units<'r>(&self, input: Box<dyn BufRead + Send + 'r>, _path: &Path) -> super::Units<'r> {
        Box::new(LinUnits {
            reader: lin::Reader::new(input, lin::Options::default()),
            cut: super::lines::Cut::default(),
            start: 0,
            index: 0,
            crlf: false,
            after_cr: false,
        })
    }

    fn check(&self, unit: &Unit, opts: &CheckOptions) -> Vec<RecordReport> {
        check_unit(&unit.text, &lin_unit(unit), opts)
    }

    fn fmt(&self, unit: &Unit, opts: &FmtOptions) -> Result<Vec<u8>, Refusal> {
        fmt_unit(&unit.text, &lin_unit(unit), opts)
    }

    fn convert_open(&self, to: ConvertTo) -> Vec<u8> {
        match to {
            ConvertTo::Json => JSON_OPEN.as_bytes().to_vec(),
            ConvertTo::Native => Vec::new(),
        }
    }

    fn convert(&self, unit: &Unit, to: ConvertTo) -> Result<Vec<u8>, Refusal> {
        convert_unit(&unit.text, &lin_unit(unit), unit.index, to)
    }

    fn convert_close(&self, to: ConvertTo, units: usize) -> Vec<u8> {
        convert_close(to, units)
    }
}

/// PBN to LIN (`cardnote convert --to lin x.pbn`), refused when the PBN has errors.
pub fn from_pbn(data: &[u8]) -> Result<Vec<u8>, Refusal> {
    let source = pbn::decode(data).text;
    let converted = bridge_convert::pbn_to_lin(&source);
    if converted.has_errors() {
        let diagnostics = converted.diagnostics.into_iter().filter(Diagnostic::is_error).collect();
        return Err(Refusal { source, diagnostics });
    }
    Ok(converted.text.into_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOARD: &[u8] = b"qx|o1|pn|Ann,Bob,Cy,Di|md|3SAKQJHAKQDAKQCAKQ,S2345H2345D2345C2,S6789H6789D6789C3,|sv|n|mb|1C!|an|16+|mb|p|mb|4S|mb|p|mb|p|mb|p|pc|S2|pc|S6|pc|ST|pc|SA|mc|12|pg||\n";

    #[test]
    fn checks_and_reports_fields() {
        let checked = check(BOARD, &CheckOptions::default());
        assert_eq!(checked.records.len(), 1);
        let f = &checked.records[0].fields;
        assert_eq!(f["contract"], "4S");
        assert_eq!(f["declarer"], "S");
        assert_eq!(f["claim"], 12);
    }

    #[test]
    fn latin1_spans_point_into_the_decoded_text() {
        let data = b"nt|caf\xe9|md|1S2,,,|mb|9Z|";
        let checked = check(data, &CheckOptions::default());
        let diag = checked
            .records
            .iter()
            .flat_map(|r| &r.diagnostics)
            .find(|d| d.code() == lin::codes::LIN_CALL_SYNTAX)
            .unwrap();
        assert_eq!(&checked.source[diag.span().range()], "9Z");
    }

    #[test]
    fn pbn_and_back() {
        let (pbn, left_out) = to_pbn(BOARD);
        assert!(left_out.is_none());
        let lin = from_pbn(&pbn).unwrap();
        assert!(String::from_utf8(lin).unwrap().contains("mb|1C!|an|16+|"));
    }
}
