//! Glue for BBO LIN (`.lin`): check (deal, auction, play and claim checks of the `lin` crate),
//! fmt (byte for byte with `--preserve`, else BBO's one-line-per-board layout), convert (to a
//! JSON form of the records, to LIN canonically, and to and from PBN through `bridge-convert`).
//!
//! Per record `check` reports `kind` (`header` or `board`); a header adds `event`, `scoring` and
//! `teams`; a board adds `board`, `room`, `dealer`, `vulnerable`, `deal` (`N:` and the four hands
//! from North, `-` for a hand not given), `declarer`, `contract`, `claim`; `null` when absent.

use cards_core::{Compass, Diagnostic, Span};
use lin::check::Outcome;
use lin::{Content, Record};
use serde_json::{Map, Value};

use super::{CheckOptions, ConvertTo, FileCheck, FmtOptions, RecordReport, Refusal};

fn opt_str(v: Option<String>) -> Value {
    v.map_or(Value::Null, Value::String)
}

fn fields(record: &Record) -> Map<String, Value> {
    let mut m = Map::new();
    match &record.content {
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
    }
    m
}

fn read(data: &[u8], strict: bool) -> Vec<Record> {
    lin::Reader::from_slice(data, lin::Options { strict, ..lin::Options::default() }).collect()
}

/// The text spans refer to, and spans moved from the file's bytes into it: a file that is not
/// UTF-8 is decoded as Latin-1, where each byte from 0x80 up becomes two bytes.
fn source_and_spans(data: &[u8], records: &mut [Record]) -> String {
    if let Ok(text) = std::str::from_utf8(data) {
        // Kept whole, byte-order mark included: spans are byte offsets of the file.
        return text.to_owned();
    }
    let wide_before: Vec<usize> = std::iter::once(0)
        .chain(data.iter().scan(0, |n, &b| {
            *n += usize::from(b >= 0x80);
            Some(*n)
        }))
        .collect();
    let shift = |at: usize| {
        at + wide_before.get(at).copied().unwrap_or_else(|| wide_before.last().copied().unwrap_or(0))
    };
    for record in records.iter_mut() {
        for diag in &mut record.diagnostics {
            let span = diag.span();
            diag.set_span(Span::new(shift(span.start), shift(span.end)));
        }
    }
    data.iter().map(|&b| char::from(b)).collect()
}

/// Checks a whole file: one report per record (the match header, then each board).
#[must_use]
pub fn check(data: &[u8], opts: &CheckOptions) -> FileCheck {
    let mut records = read(data, opts.strict);
    let source = source_and_spans(data, &mut records);
    let reports = records
        .iter()
        .map(|r| RecordReport { diagnostics: r.diagnostics.clone(), fields: fields(r) })
        .collect();
    FileCheck { source, records: reports }
}

fn refuse(data: &[u8], records: &mut [Record]) -> Result<(), Refusal> {
    if !records.iter().any(Record::has_errors) {
        return Ok(());
    }
    let source = source_and_spans(data, records);
    let diagnostics: Vec<Diagnostic> =
        records.iter().flat_map(|r| r.diagnostics.iter().filter(|d| d.is_error()).cloned()).collect();
    Err(Refusal { source, diagnostics })
}

/// BBO's layout: the header, then one line per board (`\r\n` when the file used it).
fn canonical(data: &[u8], records: &[Record]) -> Vec<u8> {
    let eol = if data.windows(2).any(|w| w == b"\r\n") { "\r\n" } else { "\n" };
    let mut writer = lin::Writer::new(Vec::with_capacity(data.len())).with_eol(eol);
    for record in records {
        // Writing to a Vec cannot fail.
        let _ = match &record.content {
            Content::Header(h) => writer.write_header(h),
            Content::Board(b) if !record.items.is_empty() => writer.write_board(b),
            Content::Board(_) => Ok(()),
        };
    }
    writer.into_inner()
}

/// Rewrites a file: with `preserve` exactly as read (a no-op kept for symmetry with the other
/// notations), else canonically. Files with errors are refused unless `opts.force`.
pub fn fmt(data: &[u8], opts: &FmtOptions) -> Result<Vec<u8>, Refusal> {
    let mut records = read(data, false);
    if !opts.force {
        refuse(data, &mut records)?;
    }
    if opts.preserve {
        let mut out = Vec::with_capacity(data.len());
        for record in &records {
            let _ = lin::write::write_record(&mut out, record);
        }
        return Ok(out);
    }
    Ok(canonical(data, &records))
}

/// Converts a file to its JSON form (the records as the `lin` crate serializes them) or to LIN
/// written canonically.
pub fn convert(data: &[u8], to: ConvertTo) -> Result<Vec<u8>, Refusal> {
    let mut records = read(data, false);
    refuse(data, &mut records)?;
    match to {
        ConvertTo::Json => {
            let mut doc = Map::new();
            doc.insert("format".into(), Value::from("lin"));
            let records = serde_json::to_value(&records).unwrap_or(Value::Null);
            doc.insert("records".into(), records);
            let mut out = serde_json::to_string_pretty(&Value::Object(doc)).unwrap_or_default();
            out.push('\n');
            Ok(out.into_bytes())
        }
        ConvertTo::Native => Ok(canonical(data, &records)),
    }
}

/// LIN to PBN (`cardnote convert --to pbn x.lin`), refused when the LIN has errors.
pub fn to_pbn(data: &[u8]) -> Result<Vec<u8>, Refusal> {
    let mut records = read(data, false);
    refuse(data, &mut records)?;
    Ok(bridge_convert::lin_to_pbn(data).text.into_bytes())
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
        let pbn = to_pbn(BOARD).unwrap();
        let lin = from_pbn(&pbn).unwrap();
        assert!(String::from_utf8(lin).unwrap().contains("mb|1C!|an|16+|"));
    }
}
