//! BBO LIN (`.lin`) checked by the `lin` crate (deal, auction, play and claim checks): its
//! streaming reader cuts and reads the file into units of whole records, in order; the checks run
//! per unit on any thread.
//!
//! Per record `check` reports `kind` (`header`, `board`, or `trailer`: what a vugraph pairs file
//! writes after its last board, with its `event`); a header adds `event`, `scoring` and
//! `teams`; a board adds `board`, `room`, `dealer`, `vulnerable`, `deal` (`N:` and the four hands
//! from North, `-` for a hand not given), `declarer`, `contract`, `claim`; `null` when absent.

use std::path::Path;

use cards_core::{Compass, Diagnostic, Span};
pub use lin::Lin;
use lin::check::Outcome;
use lin::{Content, Record};
use serde_json::{Map, Value};

use crate::{Check, CheckOptions, Checked, Input, Unit, Units};

fn opt_str(v: Option<String>) -> Value {
    v.map_or(Value::Null, Value::String)
}

/// A record's `check --json` fields.
#[must_use]
pub fn fields(record: &Record) -> Map<String, Value> {
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
            let vul = b.vulnerability.map(|v| pbn::model::vulnerability_export(v).to_owned());
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
    pub start: usize,
    /// Bytes of a byte-order mark left out of the text (the file's first unit only).
    pub bom: usize,
    /// The unit's bytes were not UTF-8 and its text is their Latin-1 reading.
    pub latin1: bool,
    /// The file used `\r\n` (as far as read): canonical lines end with it.
    pub crlf: bool,
}

impl Bytes {
    /// Moves diagnostics from file byte offsets to offsets in the unit's `text`: a Latin-1 byte
    /// from 0x80 up is two bytes of text.
    pub fn into_text(self, text: &str, diagnostics: &mut [Diagnostic]) {
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
        self.line += crate::line_count(&unit.text);
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

/// BBO LIN checked: the `lin` crate's streaming reader cuts and reads the file into units of whole
/// records, in order; the game checks run per unit on any thread.
impl Check for Lin {
    const FORMAT: crate::Format = crate::Format::Lin;
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

    /// `kind` and the header's or the board's fields.
    fn fields(checked: &mut Checked<lin::Entry>, _opts: &CheckOptions) -> Map<String, Value> {
        fields(&checked.record)
    }

    /// From file byte offsets to offsets in the unit's text ([`Bytes`]).
    fn local(unit: &Unit<Lin>, _record: &Record, diagnostics: &mut [Diagnostic]) {
        unit.data.into_text(&unit.text, diagnostics);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(data: &[u8], opts: &CheckOptions) -> crate::FileCheck {
        crate::check_bytes(crate::Format::Lin, data, opts)
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
}
