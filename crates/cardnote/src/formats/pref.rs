//! Glue for Portable Preferans Notation (`ppn-pref`): check, format and convert.
//!
//! Per deal, `check` reports `deal_id`, `dealer` (player number), `main`, `contract` (`"4"`, `"G4"`),
//! `value` and `tricks` (per player 1..3, from the replayed throws; counted from the recorded winners
//! when the replay stopped at an error). Every diagnostic code is the rules digest's name. File-level
//! diagnostics (tags, stray lines) go to the deal record they follow (or the first one).
//! `--strict` turns the `LEGACY_13_FIELDS` leniency into an error.

use std::path::Path;

use cards_core::notation::{Checker as _, Notation as _, WriteRecords, read_checked};
use cards_core::{Diagnostic, Span};
pub use ppn_pref::Pref;
use ppn_pref::{Outcome, RawDeal, json, write};
use serde_json::{Map, Value, json as j};

use super::{CheckOptions, Checked, ConvertTo, FmtOptions, Glue, Input, RecordReport, Refusal, Unit, Units};

fn fields(id: Option<u32>, outcome: Option<&Outcome>) -> Map<String, Value> {
    let mut map = Map::new();
    map.insert("deal_id".into(), id.map_or(Value::Null, |i| j!(i)));
    map.insert("dealer".into(), outcome.map_or(Value::Null, |o| j!(o.dealer.number())));
    map.insert("main".into(), outcome.and_then(|o| o.main).map_or(Value::Null, |m| j!(m.number())));
    map.insert(
        "contract".into(),
        outcome.and_then(|o| o.contract).map_or(Value::Null, |c| j!(write::contract_text(c))),
    );
    map.insert("value".into(), outcome.and_then(|o| o.value).map_or(Value::Null, |v| j!(v)));
    map.insert("tricks".into(), outcome.and_then(|o| o.tricks).map_or(Value::Null, |t| j!(t)));
    map
}

/// A checked record's report, its spans moved into a unit that starts at `offset`; without its
/// fields when `no_fields` ([`CheckOptions::no_fields`]). A record holding file-level problems
/// (stray lines, tags) gives every diagnostic sorted by position.
fn report(record: ppn_pref::Record, offset: usize, no_fields: bool) -> RecordReport {
    let fields = if no_fields { Map::new() } else { fields(record.model.id, record.model.outcome.as_ref()) };
    let mut diagnostics = record.diagnostics;
    if record.model.own < diagnostics.len() {
        diagnostics.sort_by_key(|d| d.span().start);
    }
    super::into_unit(&mut diagnostics, offset);
    RecordReport { diagnostics, fields }
}

/// The unit's records in canonical PPN, refused if it does not read back to the same deals.
fn canonical_unit(unit: &Unit<Pref>, records: &[ppn_pref::Record]) -> Result<Vec<u8>, Refusal> {
    let mut writer = ppn_pref::Writer::new(Vec::with_capacity(unit.text.len()));
    let mut tags = Vec::new();
    for record in records {
        let model = &record.model;
        if model.number == 0 {
            tags.extend(model.header.tags.iter().take(model.late_tags.start).cloned());
        }
        tags.extend(model.header.tags.get(model.late_tags.clone()).into_iter().flatten().cloned());
        // writing to a vector cannot fail
        let _ = writer.write_record(record);
    }
    let out = writer.into_inner().unwrap_or_default();
    let again = ppn_pref::read_game(&String::from_utf8_lossy(&out));
    let deals = records.iter().filter_map(|r| r.model.deal.as_ref());
    if again.tags == tags && again.deals.iter().eq(deals) {
        Ok(out)
    } else {
        Err(round_trip_refusal(&unit.text))
    }
}

/// The unit's part of the JSON document `json::to_json` writes for the whole file.
fn json_unit(records: &[ppn_pref::Record]) -> String {
    let mut out = String::new();
    for record in records {
        let model = &record.model;
        if model.number == 0 {
            let info =
                json::JsonTags(model.header.tags.iter().map(|t| (t.name.clone(), t.value.clone())).collect());
            let info = serde_json::to_string_pretty(&info).unwrap_or_default();
            out.push_str("{\n  \"info\": ");
            out.push_str(&super::indented(&info, 2));
            out.push_str(",\n  \"deals\": [");
        }
        if let Some(deal) = &model.deal {
            if model.number > 0 {
                out.push(',');
            }
            out.push_str("\n    ");
            out.push_str(&super::indented(&serde_json::to_string_pretty(deal).unwrap_or_default(), 4));
        }
    }
    out
}

/// Portable Preferans Notation for the commands: units of whole deal records cut by
/// [`ppn_pref::Reader`] (each record with the info section before it), read and checked on any
/// thread, the checks across deals (ids, dealer rotation, refas) in the ordered finish step.
impl Glue for Pref {
    const FORMAT: super::Format = super::Format::PpnPref;
    type Item = RawDeal;
    type Data = ();

    fn units<'r>(input: Input<'r>, _path: &Path, limit: usize) -> Units<'r, Pref> {
        Box::new(super::TextUnits::<Pref, _>::new(input, limit, RawDeal::text))
    }

    fn options(opts: &CheckOptions) -> ppn_pref::Options {
        ppn_pref::Options { strict: opts.strict }
    }

    fn read(raw: RawDeal, options: &ppn_pref::Options) -> ppn_pref::Record {
        Pref::parse(raw, options)
    }

    fn is_record(raw: &RawDeal) -> bool {
        raw.is_record()
    }

    /// One record per deal record (a file without deal records gives one).
    fn reports(
        unit: &Unit<Pref>,
        records: impl Iterator<Item = Checked<Self::Model>>,
        opts: &CheckOptions,
    ) -> Vec<RecordReport> {
        records.map(|c| report(c.record, unit.offset, opts.no_fields)).collect()
    }

    /// Canonical PPN (tags one per line, quoted only when needed, one deal per line). `--preserve`
    /// has no other layout to keep: PPN has no comments.
    fn fmt(unit: Unit<Pref>, _opts: &FmtOptions) -> Result<Vec<u8>, Refusal> {
        let options = ppn_pref::Options::default();
        let records: Vec<_> = unit.items.iter().map(|raw| Pref::parse(raw.clone(), &options)).collect();
        canonical_unit(&unit, &records)
    }

    fn convert(unit: Unit<Pref>, to: ConvertTo) -> Result<Vec<u8>, Refusal> {
        // the checks across deals give warnings only
        let options = ppn_pref::Options::default();
        let checker = Pref::checker(&options);
        let records: Vec<_> = unit
            .items
            .iter()
            .map(|raw| {
                let mut record = Pref::parse(raw.clone(), &options);
                checker.check(&mut record);
                record
            })
            .collect();
        let errors: Vec<Diagnostic> = records
            .iter()
            .flat_map(|r| report(r.clone(), unit.offset, true).diagnostics)
            .filter(Diagnostic::is_error)
            .collect();
        if !errors.is_empty() {
            return Err(Refusal { source: unit.text, diagnostics: errors });
        }
        // the JSON form puts every tag in "info", before the deals: a tag met after a deal record
        // once the document has begun has no place in it
        let late = records.iter().find(|r| r.model.number > 0 && !r.model.late_tags.is_empty());
        if let (ConvertTo::Json, Some(record)) = (to, late) {
            let mut span =
                record.model.header.spans.get(record.model.late_tags.start).copied().unwrap_or_default();
            span = Span::new(span.start.saturating_sub(unit.offset), span.end.saturating_sub(unit.offset));
            return Err(Refusal {
                source: unit.text,
                diagnostics: vec![Diagnostic::error(
                    "PPN_LATE_TAG",
                    "a tag after the second deal record cannot join the JSON form's info; move it to the top",
                    span,
                )],
            });
        }
        match to {
            ConvertTo::Native => canonical_unit(&unit, &records),
            ConvertTo::Json => Ok(json_unit(&records).into_bytes()),
        }
    }

    /// From the JSON form: to the JSON form normalised, or to canonical PPN; refused when the
    /// game it holds has errors.
    fn from_json(source: &str, to: ConvertTo) -> Option<Result<Vec<u8>, Refusal>> {
        let game = match json::from_json(source) {
            Ok(game) => game,
            Err(messages) => {
                let diagnostics =
                    messages.into_iter().map(|m| Diagnostic::error("JSON_INPUT", m, Span::at(0))).collect();
                return Some(Err(Refusal { source: source.to_owned(), diagnostics }));
            }
        };
        // check the PPN text of what was read
        let text = write::write_game(&game);
        let mut errors: Vec<Diagnostic> =
            read_checked::<Pref, _>(text.as_bytes(), ppn_pref::Options::default())
                .map_while(Result::ok)
                .flat_map(|record| record.diagnostics)
                .filter(Diagnostic::is_error)
                .collect();
        errors.sort_by_key(|d| d.span().start);
        if !errors.is_empty() {
            return Some(Err(Refusal { source: text, diagnostics: errors }));
        }
        Some(match to {
            ConvertTo::Json => Ok(json::to_json(&game).into_bytes()),
            ConvertTo::Native if ppn_pref::read_game(&text) == game => Ok(text.into_bytes()),
            ConvertTo::Native => Err(round_trip_refusal(source)),
        })
    }
}

/// The refusal of a text whose writing does not read back to the same game (an internal error:
/// the writer lost something).
fn round_trip_refusal(source: &str) -> Refusal {
    super::round_trip_refusal(source, "game")
}

#[cfg(test)]
mod tests {
    use super::super::{FileCheck, Format};
    use super::*;

    fn check(data: &[u8], opts: &CheckOptions) -> FileCheck {
        super::super::check_bytes(Format::PpnPref, data, opts)
    }

    fn fmt(data: &[u8], opts: &FmtOptions) -> Result<Vec<u8>, Refusal> {
        super::super::fmt_bytes(Format::PpnPref, data, opts)
    }

    fn convert(data: &[u8], to: ConvertTo) -> Result<Vec<u8>, Refusal> {
        super::super::convert_bytes(Format::PpnPref, data, to)
    }

    #[test]
    fn check_reports_fields_and_codes() {
        let file = check(
            b"[Bula 60]\n[1 123 WQKJS5LP84CEIAOT9N31BDH7FVM2RGU6 P,P,P]\n...\n",
            &CheckOptions::default(),
        );
        assert_eq!(file.records.len(), 1);
        let r = &file.records[0];
        assert_eq!(r.fields.get("deal_id"), Some(&j!(1)));
        assert_eq!(r.fields.get("dealer"), Some(&j!(3)));
        assert_eq!(r.fields.get("main"), Some(&Value::Null));
        let codes: Vec<&str> = r.diagnostics.iter().map(|d| d.code()).collect();
        assert!(codes.contains(&"STRAY_LINE") && codes.contains(&"TAG_MISSING"), "{codes:?}");
    }

    #[test]
    fn fmt_and_convert_round_trip() {
        let game = write::write_game(&ppn_pref::generate::random_game(3, 8, 60, 2));
        assert!(
            check(game.as_bytes(), &CheckOptions::default()).records.iter().all(|r| r.diagnostics.is_empty())
        );
        let out = fmt(game.as_bytes(), &FmtOptions::default()).unwrap_or_default();
        assert_eq!(String::from_utf8_lossy(&out), game);
        let js = convert(game.as_bytes(), ConvertTo::Json).unwrap_or_default();
        assert!(js.starts_with(b"{"));
        let back = convert(&js, ConvertTo::Native).unwrap_or_default();
        assert_eq!(String::from_utf8_lossy(&back), game);
        let file = check(game.as_bytes(), &CheckOptions::default());
        assert_eq!(file.records.len(), 8);
        let keys: Vec<&str> = file.records[0].fields.keys().map(String::as_str).collect();
        assert_eq!(keys, ["deal_id", "dealer", "main", "contract", "value", "tricks"]);
    }

    #[test]
    fn strict_makes_legacy_an_error() {
        let src = b"[Bula 60]\n[1 231 1BDHM27WQK4CEIN3FVRJS5LP8GU6AOT9 M3,P,3 2 AR 4 3 I3 8 2 2A12 M7:-8,F3:L24,0]\n";
        let file = check(src, &CheckOptions { strict: true, ..CheckOptions::default() });
        let legacy = file.records[0].diagnostics.iter().find(|d| d.code() == "LEGACY_13_FIELDS");
        assert!(legacy.is_some_and(Diagnostic::is_error));
    }

    #[test]
    fn fmt_refuses_errors() {
        let bad = b"[Bula 60]\n[1 123 WQKJS5LP84CEIAOT9N31BDH7FVM2RGU6 P,P,P 1]\n";
        assert!(fmt(bad, &FmtOptions::default()).is_err());
        assert!(convert(bad, ConvertTo::Json).is_err());
    }

    /// Cut into units (~256 KiB) and checked, written and converted unit by unit, a big file gives
    /// what the whole-file functions give: the same reports (spans moved by the unit's offset),
    /// the same canonical text and the same JSON.
    #[test]
    fn units_give_the_whole_file_answers() {
        let mut game = ppn_pref::generate::random_game(7, 6_000, 60, 2);
        // a stray line and a broken record in the middle, so some units carry problems
        let mut text = write::write_game(&game);
        let middle = text.len() / 2;
        let cut = middle + text[middle..].find('\n').unwrap_or(0) + 1;
        text.insert_str(cut, "stray\n[77 x]\n");
        // fmt and convert of the clean file
        game.deals.truncate(4_000);
        let clean = write::write_game(&game);
        super::super::assert_streams_as_whole::<Pref>(text.as_bytes(), clean.as_bytes());
    }
}
