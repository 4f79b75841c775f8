//! Glue for BBO LIN (`.lin`): check (deal, auction, play and claim checks of the `lin` crate),
//! fmt (byte for byte with `--preserve`, else BBO's one-line-per-board layout), convert (to a
//! JSON form of the records, to LIN canonically, and to and from PBN through `bridge-convert`).
//!
//! Per record `check` reports `kind` (`header`, `board`, or `trailer`: what a vugraph pairs file
//! writes after its last board, with its `event`); a header adds `event`, `scoring` and
//! `teams`; a board adds `board`, `room`, `dealer`, `vulnerable`, `deal` (`N:` and the four hands
//! from North, `-` for a hand not given), `declarer`, `contract`, `claim`; `null` when absent.

use std::path::Path;

use cards_core::notation::{Checker as _, Notation as _};
use cards_core::{Compass, Diagnostic, Span};
pub use lin::Lin;
use lin::check::Outcome;
use lin::{Content, Record};
use serde_json::{Map, Value};

use super::{CheckOptions, Checked, ConvertTo, FmtOptions, Glue, Input, RecordReport, Refusal, Unit, Units};

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
                Outcome::Contract { contract, declarer } => {
                    (Some(declarer.to_string()), Some(contract.to_string()))
                }
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

/// What a LIN unit knows of its bytes: record spans are file byte offsets, and the unit's text is
/// its bytes decoded.
#[derive(Debug, Clone, Copy)]
pub struct Bytes {
    /// The file byte offset of the unit's first byte.
    start: usize,
    /// Bytes of a byte-order mark left out of the text (the file's first unit only).
    bom: usize,
    /// The unit's bytes were not UTF-8 and its text is their Latin-1 reading.
    latin1: bool,
    /// The file used `\r\n` (as far as read): canonical lines end with it.
    crlf: bool,
}

impl Bytes {
    /// Moves diagnostics from file byte offsets to offsets in the unit's `text`: a Latin-1 byte
    /// from 0x80 up is two bytes of text.
    fn into_text(self, text: &str, diagnostics: &mut [Diagnostic]) {
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
}

/// The unit's records checked by [`lin::Checker`] (lenient).
fn checked(unit: &Unit<Lin>) -> Vec<Record> {
    let checker = Lin::checker(&lin::Options::default());
    let check = |record: &Record| {
        let mut record = record.clone();
        checker.check(&mut record);
        record
    };
    unit.items.iter().map(check).collect()
}

/// The errors of the checked records, refused with spans in the unit's text.
fn refuse(unit: &Unit<Lin>, records: &[Record]) -> Result<(), Refusal> {
    let mut diagnostics: Vec<Diagnostic> = records.iter().flat_map(|r| r.errors().cloned()).collect();
    if diagnostics.is_empty() {
        return Ok(());
    }
    unit.data.into_text(&unit.text, &mut diagnostics);
    Err(Refusal { source: unit.text.clone(), diagnostics })
}

/// BBO's layout: the header, then one line per board.
fn canonical(unit: &Unit<Lin>, records: &[Record]) -> Vec<u8> {
    let eol = if unit.data.crlf { "\r\n" } else { "\n" };
    let mut writer = lin::Writer::new(Vec::new()).with_eol(eol);
    for record in records {
        // Writing to a Vec cannot fail.
        let _ = writer.write_canonical(record);
    }
    writer.into_inner().unwrap_or_default()
}

/// The unit's part of the JSON document: each record (as read and checked) in the `records`
/// array, a `,` before every record but the file's first.
fn json(index: usize, records: &[Record]) -> Vec<u8> {
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
        let form = RecordJson { entry: &record.model, diagnostics: &record.diagnostics, span: record.span };
        out.push_str("\n    ");
        out.push_str(&super::indented(&serde_json::to_string_pretty(&form).unwrap_or_default(), 4));
    }
    out.into_bytes()
}

/// The sequential step: records from the `lin` crate's reader (a `pn` roster carried to the
/// boards after it), gathered into units.
struct LinUnits<'r> {
    reader: lin::Reader<Input<'r>>,
    limit: usize,
    /// The file byte offset, the decoded offset and the lines where the next unit begins.
    start: usize,
    offset: usize,
    line: usize,
    /// Records before the next unit.
    index: usize,
    crlf: bool,
    /// The last byte read was `\r` (a `\r\n` may straddle two units).
    after_cr: bool,
}

impl LinUnits<'_> {
    fn next_unit(&mut self) -> std::io::Result<Option<Unit<Lin>>> {
        let mut records = Vec::new();
        let mut raw = Vec::new();
        while raw.len() < self.limit {
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
        let decoded = cards_core::charset::decode(&raw);
        let bom = if decoded.bom { cards_core::charset::BOM.len() } else { 0 };
        let data = Bytes { start: self.start, bom, latin1: decoded.latin1, crlf: self.crlf };
        let unit = Unit {
            offset: self.offset,
            line: self.line,
            index: self.index,
            first: self.index == 0,
            items: records,
            data,
            text: decoded.text,
        };
        self.start += raw.len();
        self.offset += unit.text.len();
        self.line += super::line_count(&unit.text);
        self.index += unit.items.len();
        Ok(Some(unit))
    }
}

impl Iterator for LinUnits<'_> {
    type Item = std::io::Result<Unit<Lin>>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_unit().transpose()
    }
}

/// BBO LIN for the commands: the `lin` crate's streaming reader cuts and reads the file into units
/// of whole records, in order; the game checks, the writers and the JSON form run per unit on any
/// thread.
impl Glue for Lin {
    const FORMAT: super::Format = super::Format::Lin;
    const FINISH: bool = false;
    type Item = Record;
    type Data = Bytes;

    fn units<'r>(input: Input<'r>, _path: &Path, limit: usize) -> Units<'r, Lin> {
        let reader = lin::Reader::new(input, lin::Options::default());
        Box::new(LinUnits {
            reader,
            limit,
            start: 0,
            offset: 0,
            line: 0,
            index: 0,
            crlf: false,
            after_cr: false,
        })
    }

    fn options(opts: &CheckOptions) -> lin::Options {
        lin::Options { strict: opts.strict }
    }

    fn read(record: Record, _options: &lin::Options) -> Record {
        record
    }

    /// One report per record (the match header, then each board).
    fn reports(
        unit: &Unit<Lin>,
        records: impl Iterator<Item = Checked<Self::Model>>,
        opts: &CheckOptions,
    ) -> Vec<RecordReport> {
        let report = |Checked { mut record, .. }: Checked<lin::Entry>| {
            unit.data.into_text(&unit.text, &mut record.diagnostics);
            let fields = if opts.no_fields { Map::new() } else { fields(&record) };
            RecordReport { fields, diagnostics: record.diagnostics }
        };
        records.map(report).collect()
    }

    /// With `preserve` exactly as read, else canonically (BBO's layout: the header, then one line
    /// per board, `\r\n` when the file used it).
    fn fmt(unit: Unit<Lin>, opts: &FmtOptions) -> Result<Vec<u8>, Refusal> {
        let records = checked(&unit);
        if !opts.force {
            refuse(&unit, &records)?;
        }
        if !opts.preserve {
            return Ok(canonical(&unit, &records));
        }
        let mut writer = lin::Writer::new(Vec::new());
        for record in &unit.items {
            let _ = writer.write_record(record);
        }
        Ok(writer.into_inner().unwrap_or_default())
    }

    fn convert_open(to: ConvertTo) -> Vec<u8> {
        match to {
            ConvertTo::Json => b"{\n  \"format\": \"lin\",\n  \"records\": [".to_vec(),
            ConvertTo::Native => Vec::new(),
        }
    }

    /// To the JSON form (the records as the `lin` crate reads and checks them) or to LIN written
    /// canonically.
    fn convert(unit: Unit<Lin>, to: ConvertTo) -> Result<Vec<u8>, Refusal> {
        let records = checked(&unit);
        refuse(&unit, &records)?;
        Ok(match to {
            ConvertTo::Json => json(unit.index, &records),
            ConvertTo::Native => canonical(&unit, &records),
        })
    }
}

/// LIN to PBN (`cardnote convert --to pbn x.lin`): every board whose LIN reads without errors
/// (one bad board of an event does not cost the others); the boards left out and the file's
/// errors, when there are any, come as the second value.
#[must_use]
pub fn to_pbn(data: &[u8]) -> (Vec<u8>, Option<LeftOut>) {
    let checked = super::check_file::<Lin>(data, &CheckOptions::default());
    let diagnostics: Vec<Diagnostic> =
        checked.records.into_iter().flat_map(|r| r.diagnostics).filter(Diagnostic::is_error).collect();
    let converted = bridge_convert::lin_to_pbn_leaving_out_bad_boards(data);
    let left_out = (!diagnostics.is_empty()).then_some(LeftOut {
        boards: converted.left_out,
        refusal: Refusal { source: checked.source, diagnostics },
    });
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
    use super::super::{FileCheck, Format};
    use super::*;

    fn check(data: &[u8], opts: &CheckOptions) -> FileCheck {
        super::super::check_bytes(Format::Lin, data, opts)
    }

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
