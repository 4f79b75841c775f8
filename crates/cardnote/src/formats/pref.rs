//! Glue for Portable Preferans Notation (`ppn-pref`): check, format and convert.
//!
//! Per deal, `check` reports `deal_id`, `dealer` (player number), `main`, `contract` (`"4"`, `"G4"`),
//! `value` and `tricks` (per player 1..3, from the replayed throws; counted from the recorded winners
//! when the replay stopped at an error). Every diagnostic code is the rules digest's name. File-level
//! diagnostics (tags, stray lines) go to the deal record they follow (or the first one).
//! `--strict` turns the `LEGACY_13_FIELDS` leniency into an error.

use cards_core::notation::{WriteRecords, read_checked};
use cards_core::{Diagnostic, Span};
use ppn_pref::{Game, Outcome, Pref, json, write};
use serde_json::{Map, Value, json as j};

use super::lines::{RawUnit, RawUnits};
use super::{CheckOptions, ConvertTo, FileCheck, FmtOptions, RecordReport, Refusal, decode_text};

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
    for d in &mut diagnostics {
        super::lines::unit_span(d, offset);
    }
    RecordReport { diagnostics, fields }
}

fn options(strict: bool) -> ppn_pref::Options {
    ppn_pref::Options { strict }
}

/// Checks a whole file: one record per deal record (a file without deal records gives one).
#[must_use]
pub fn check(data: &[u8], opts: &CheckOptions) -> FileCheck {
    let source = decode_text(data);
    // reading text in memory cannot fail
    let records = read_checked::<Pref, _>(source.as_bytes(), options(opts.strict))
        .map_while(Result::ok)
        .map(|record| report(record, 0, opts.no_fields))
        .collect();
    FileCheck { source, records }
}

/// Reads PPN or its JSON form; errors refuse the file unless `force` (JSON that does not read is
/// always refused: there is no game to write).
fn read_game(data: &[u8], force: bool) -> Result<(String, Game), Refusal> {
    let source = decode_text(data);
    let json_form = source.trim_start().starts_with('{');
    let game = if json_form {
        match json::from_json(&source) {
            Ok(game) => game,
            Err(messages) => {
                let diagnostics =
                    messages.into_iter().map(|m| Diagnostic::error("JSON_INPUT", m, Span::at(0))).collect();
                return Err(Refusal { source, diagnostics });
            }
        }
    } else {
        ppn_pref::read_game(&source)
    };
    // check the PPN text of what was read (for PPN input this is the source itself)
    let text = if json_form { write::write_game(&game) } else { source.clone() };
    let mut errors: Vec<Diagnostic> = read_checked::<Pref, _>(text.as_bytes(), options(false))
        .map_while(Result::ok)
        .flat_map(|record| record.diagnostics)
        .filter(Diagnostic::is_error)
        .collect();
    errors.sort_by_key(|d| d.span().start);
    if !errors.is_empty() && !force {
        return Err(Refusal { source: text, diagnostics: errors });
    }
    Ok((source, game))
}

fn round_trip_guard(source: &str, game: &Game, text: &str) -> Result<(), Refusal> {
    if ppn_pref::read_game(text) == *game {
        Ok(())
    } else {
        Err(Refusal {
            source: source.to_owned(),
            diagnostics: vec![Diagnostic::error(
                "PPN_ROUND_TRIP",
                "internal error: the written file does not read back to the same game",
                Span::at(0),
            )],
        })
    }
}

/// Rewrites a file in canonical PPN (tags one per line, quoted only when needed, one deal per line).
/// `--preserve` has no other layout to keep: PPN has no comments. Files with errors are
/// refused unless `opts.force`.
pub fn fmt(data: &[u8], opts: &FmtOptions) -> Result<Vec<u8>, Refusal> {
    let (source, game) = read_game(data, opts.force)?;
    let text = write::write_game(&game);
    round_trip_guard(&source, &game, &text)?;
    Ok(text.into_bytes())
}

/// Converts PPN to its JSON form, or JSON back to canonical PPN. Files with errors are refused.
pub fn convert(data: &[u8], to: ConvertTo) -> Result<Vec<u8>, Refusal> {
    let (source, game) = read_game(data, false)?;
    match to {
        ConvertTo::Json => Ok(json::to_json(&game).into_bytes()),
        ConvertTo::Native => {
            let text = write::write_game(&game);
            round_trip_guard(&source, &game, &text)?;
            Ok(text.into_bytes())
        }
    }
}

/// Portable Preferans Notation for the commands: units of whole deal records (~256 KiB) cut by
/// [`ppn_pref::Reader`] (each record with the info section before it), read and checked on any
/// thread, the checks across deals (ids, dealer rotation, refas) in the ordered finish step.
#[derive(Debug, Clone, Copy)]
pub struct PrefNotation;

fn pref_unit(unit: &super::Unit) -> Option<&RawUnit<Pref>> {
    super::lines::raw_unit::<Pref>(unit)
}

/// The unit's records in canonical PPN, refused if it does not read back to the same deals.
fn canonical_unit(unit: &super::Unit, records: &[ppn_pref::Record]) -> Result<Vec<u8>, Refusal> {
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
        Err(super::lines::round_trip_refusal(unit, "game"))
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
            out.push_str(&super::lines::indented(&info, 2));
            out.push_str(",\n  \"deals\": [");
        }
        if let Some(deal) = &model.deal {
            if model.number > 0 {
                out.push(',');
            }
            out.push_str("\n    ");
            out.push_str(&super::lines::indented(&serde_json::to_string_pretty(deal).unwrap_or_default(), 4));
        }
    }
    out
}

impl super::Notation for PrefNotation {
    fn format(&self) -> super::Format {
        super::Format::PpnPref
    }

    fn units<'r>(
        &self,
        input: Box<dyn std::io::BufRead + Send + 'r>,
        _path: &std::path::Path,
    ) -> super::Units<'r> {
        Box::new(RawUnits::<Pref>::new(input))
    }

    fn check(&self, unit: &super::Unit, opts: &CheckOptions) -> Vec<RecordReport> {
        super::check_alone(self, unit, opts)
    }

    /// The unit's records read and checked alone; the checks across deals go to `finish`.
    fn check_unit(&self, unit: &super::Unit, opts: &CheckOptions) -> super::UnitCheck {
        match pref_unit(unit) {
            Some(RawUnit::Raws(raws)) => {
                let records = super::lines::check_raws::<Pref>(raws, &options(opts.strict));
                super::UnitCheck { reports: Vec::new(), pending: Some(Box::new(records)) }
            }
            Some(RawUnit::End { .. }) => super::UnitCheck::default(),
            Some(RawUnit::Whole) | None => {
                super::UnitCheck { reports: check(unit.text.as_bytes(), opts).records, pending: None }
            }
        }
    }

    fn finish_state(&self, opts: &CheckOptions) -> Option<super::FileState> {
        Some(super::lines::finish_state::<Pref>(&options(opts.strict), opts.no_fields))
    }

    /// The checks across deals, on the unit's records in file order, then their reports.
    fn finish(
        &self,
        state: &mut super::FileState,
        unit: &super::Unit,
        checked: &mut super::UnitCheck,
        last: bool,
    ) {
        super::lines::finish_raws::<Pref>(state, unit, checked, last, report);
    }

    fn fmt(&self, unit: &super::Unit, opts: &FmtOptions) -> Result<Vec<u8>, Refusal> {
        match pref_unit(unit) {
            Some(RawUnit::Raws(raws)) => {
                canonical_unit(unit, &super::lines::read_raws::<Pref>(raws, &options(false)))
            }
            Some(RawUnit::End { .. }) => Ok(Vec::new()),
            Some(RawUnit::Whole) | None => fmt(unit.text.as_bytes(), opts),
        }
    }

    fn convert(&self, unit: &super::Unit, to: ConvertTo) -> Result<Vec<u8>, Refusal> {
        match pref_unit(unit) {
            Some(RawUnit::Raws(raws)) => {
                // the checks across deals give warnings only
                let records = super::lines::check_raws::<Pref>(raws, &options(false));
                let errors: Vec<Diagnostic> = records
                    .iter()
                    .flat_map(|r| report(r.clone(), unit.offset, true).diagnostics)
                    .filter(Diagnostic::is_error)
                    .collect();
                if !errors.is_empty() {
                    return Err(Refusal { source: unit.text.clone(), diagnostics: errors });
                }
                // the JSON form puts every tag in "info", before the deals: a tag met after a
                // deal record once the document has begun has no place in it
                let late = records.iter().find(|r| r.model.number > 0 && !r.model.late_tags.is_empty());
                if let (ConvertTo::Json, Some(record)) = (to, late) {
                    let mut span = record.model.header.spans.get(record.model.late_tags.start).copied();
                    span = span.map(|s| {
                        Span::new(s.start.saturating_sub(unit.offset), s.end.saturating_sub(unit.offset))
                    });
                    return Err(Refusal {
                        source: unit.text.clone(),
                        diagnostics: vec![Diagnostic::error(
                            "PPN_LATE_TAG",
                            "a tag after the second deal record cannot join the JSON form's info; move it to the top",
                            span.unwrap_or_default(),
                        )],
                    });
                }
                match to {
                    ConvertTo::Native => canonical_unit(unit, &records),
                    ConvertTo::Json => Ok(json_unit(&records).into_bytes()),
                }
            }
            Some(RawUnit::End { records }) => Ok(match to {
                ConvertTo::Native => Vec::new(),
                ConvertTo::Json => super::lines::json_close(*records),
            }),
            Some(RawUnit::Whole) | None => convert(unit.text.as_bytes(), to),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        use crate::formats::Notation;
        let mut game = ppn_pref::generate::random_game(7, 6_000, 60, 2);
        // a stray line and a broken record in the middle, so some units carry problems
        let mut text = write::write_game(&game);
        let middle = text.len() / 2;
        let cut = middle + text[middle..].find('\n').unwrap_or(0) + 1;
        text.insert_str(cut, "stray\n[77 x]\n");
        let data = text.as_bytes();
        let notation = PrefNotation;
        let units: Vec<crate::formats::Unit> = notation
            .units(Box::new(std::io::BufReader::new(data)), std::path::Path::new("big.ppn"))
            .collect::<std::io::Result<_>>()
            .unwrap();
        assert!(units.len() > 3, "{} units", units.len());
        let whole = check(data, &CheckOptions::default());
        let expected: Vec<_> = whole.records.into_iter().map(|r| (r.diagnostics, r.fields)).collect();
        for threads in [1, 2] {
            let mut streamed = Vec::new();
            crate::formats::check_units(
                &notation,
                units.iter().cloned().map(Ok::<_, ()>),
                &CheckOptions::default(),
                threads,
                |u, r| (u, r),
                |(unit, reports)| {
                    for mut report in reports {
                        for d in &mut report.diagnostics {
                            d.set_span(d.span().shift(unit.offset));
                        }
                        streamed.push((report.diagnostics, report.fields));
                    }
                    Ok(())
                },
            )
            .unwrap();
            assert_eq!(streamed.len(), expected.len());
            assert!(streamed == expected, "{threads} threads");
        }
        // fmt and convert of the clean file
        game.deals.truncate(4_000);
        let clean = write::write_game(&game);
        let units: Vec<crate::formats::Unit> = notation
            .units(Box::new(clean.as_bytes()), std::path::Path::new("big.ppn"))
            .collect::<std::io::Result<_>>()
            .unwrap();
        assert!(units.len() > 2);
        let fmt_out: Vec<u8> =
            units.iter().flat_map(|u| notation.fmt(u, &FmtOptions::default()).unwrap()).collect();
        assert_eq!(fmt_out, fmt(clean.as_bytes(), &FmtOptions::default()).unwrap());
        for to in [ConvertTo::Json, ConvertTo::Native] {
            let mut out = notation.convert_open(to);
            for unit in &units {
                out.extend(notation.convert(unit, to).unwrap());
            }
            out.extend(notation.convert_close(to, units.len()));
            assert!(out == convert(clean.as_bytes(), to).unwrap(), "{to:?}");
        }
    }
}
