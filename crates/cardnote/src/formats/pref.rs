//! Glue for Portable Preferans Notation (`ppn-pref`): check, format and convert.
//!
//! Per deal, `check` reports `deal_id`, `dealer` (player number), `main`, `contract` (`"4"`, `"G4"`),
//! `value` and `tricks` (per player 1..3, from the replayed throws; counted from the recorded winners
//! when the replay stopped at an error). Every diagnostic code is the rules digest's name. File-level
//! diagnostics (tags, stray lines) go to the deal record they follow (or the first one).
//! `--strict` turns the `LEGACY_13_FIELDS` leniency into an error.

use cards_core::{Diagnostic, Span};
use ppn_pref::validate::{Outcome, Report};
use ppn_pref::{Game, json, parse, write};
use serde_json::{Map, Value, json as j};

use super::lines::{RecordCutter, RecordUnits, RecordsUnit};
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

/// The report of one record read by [`ppn_pref::Reader`]: checks it and gives its diagnostics
/// (file-level problems join the record they follow) and fields.
#[must_use]
pub fn record_report(mut record: ppn_pref::Record, options: &ppn_pref::Options) -> RecordReport {
    ppn_pref::check(&mut record, options);
    report(record, false)
}

/// A checked record's report; without its fields when `no_fields` ([`CheckOptions::no_fields`]).
fn report(record: ppn_pref::Record, no_fields: bool) -> RecordReport {
    let fields = if no_fields { Map::new() } else { fields(record.model.id, record.model.outcome.as_ref()) };
    RecordReport { diagnostics: record.diagnostics, fields }
}

/// Checks a whole file: one record per deal record (a file without deal records gives one).
#[must_use]
pub fn check(data: &[u8], opts: &CheckOptions) -> FileCheck {
    let source = decode_text(data);
    let options = ppn_pref::Options { strict: opts.strict };
    // reading text in memory cannot fail
    let records = ppn_pref::Reader::from_str(&source, options)
        .map_while(Result::ok)
        .map(|mut record| {
            ppn_pref::check(&mut record, &options);
            report(record, opts.no_fields)
        })
        .collect();
    FileCheck { source, records }
}

fn errors_of(report: &Report) -> Vec<Diagnostic> {
    report.all_diagnostics().into_iter().filter(Diagnostic::is_error).collect()
}

/// Reads PPN or (when it starts with `{`) the JSON form, and refuses input with errors.
fn read_checked(data: &[u8]) -> Result<(String, Game), Refusal> {
    read_game(data, false)
}

/// Reads PPN or its JSON form; errors refuse the file unless `force` (JSON that does not read is
/// always refused: there is no game to write).
fn read_game(data: &[u8], force: bool) -> Result<(String, Game), Refusal> {
    let source = decode_text(data);
    let game = if source.trim_start().starts_with('{') {
        match json::from_json(&source) {
            Ok(game) => game,
            Err(messages) => {
                let diagnostics =
                    messages.into_iter().map(|m| Diagnostic::error("JSON_INPUT", m, Span::at(0))).collect();
                return Err(Refusal { source, diagnostics });
            }
        }
    } else {
        parse::read(&source).game
    };
    // check the PPN text of what was read (for PPN input this is the source itself)
    let text = if source.trim_start().starts_with('{') { write::write_game(&game) } else { source.clone() };
    let report = ppn_pref::check_str(&text);
    let errors = errors_of(&report);
    if !errors.is_empty() && !force {
        return Err(Refusal { source: text, diagnostics: errors });
    }
    Ok((source, game))
}

fn round_trip_guard(source: &str, game: &Game, text: &str) -> Result<(), Refusal> {
    if parse::read(text).game == *game {
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
    let (source, game) = read_checked(data)?;
    match to {
        ConvertTo::Json => Ok(json::to_json(&game).into_bytes()),
        ConvertTo::Native => {
            let text = write::write_game(&game);
            round_trip_guard(&source, &game, &text)?;
            Ok(text.into_bytes())
        }
    }
}

/// Bytes of text after which a unit ends (at the next deal record line).
const UNIT_BYTES: usize = 256 * 1024;

/// Portable Preferans Notation for the commands: units of whole deal records (~256 KiB), read in
/// order (header and game state carried), checked on any thread.
#[derive(Debug, Clone, Copy)]
pub struct PrefNotation;

/// A PPN unit: its records, read in file order by the sequential step (with the info section and
/// game state before them), the whole input when it is the JSON form, or the end of the file.
type PrefUnit = RecordsUnit<ppn_pref::Record>;

fn pref_unit(unit: &super::Unit) -> Option<&PrefUnit> {
    super::lines::records_unit(unit)
}

/// Whether `line` is a deal record (`[` and a digit): units begin at one.
fn is_record_line(line: &str) -> bool {
    let rest = line.trim_start().strip_prefix('[').map(str::trim_start);
    rest.and_then(|r| r.bytes().next()).is_some_and(|b| b.is_ascii_digit())
}

/// Cuts a PPN file before the first deal record line after `UNIT_BYTES`; reads each unit's
/// records with the info section and game state of the units before.
#[derive(Default)]
struct PrefCutter {
    position: ppn_pref::read::Position,
}

impl RecordCutter for PrefCutter {
    type Record = ppn_pref::Record;
    type Start = ();

    fn read_unit(&mut self, lines: &mut super::lines::Lines<'_>, text: &mut String) -> std::io::Result<bool> {
        while let Some(line) = lines.next_line()? {
            if text.len() >= UNIT_BYTES && is_record_line(&line) {
                lines.push_back(line);
                return Ok(true);
            }
            text.push_str(&line);
        }
        Ok(false)
    }

    fn records(&mut self, text: &str, _at_end: bool) -> std::io::Result<Option<(Vec<ppn_pref::Record>, ())>> {
        let mut reader =
            ppn_pref::Reader::resume(text.as_bytes(), ppn_pref::Options::default(), self.position.clone());
        let records: Vec<ppn_pref::Record> = reader.by_ref().collect::<std::io::Result<_>>()?;
        self.position = reader.position();
        Ok(Some((records, ())))
    }

    fn records_read(&self) -> usize {
        self.position.records
    }

    fn has_model(record: &ppn_pref::Record) -> bool {
        record.model.deal.is_some()
    }
}

/// The records of a unit, checked (strict applied to every diagnostic, as the whole-file check).
fn checked(records: &[ppn_pref::Record], opts: &CheckOptions) -> Vec<ppn_pref::Record> {
    let options = ppn_pref::Options { strict: opts.strict };
    records
        .iter()
        .map(|record| {
            let mut record = record.clone();
            ppn_pref::check(&mut record, &options);
            options.apply(&mut record.diagnostics);
            record
        })
        .collect()
}

/// The unit's records in canonical PPN, refused if it does not read back to the same deals.
fn canonical_unit(unit: &super::Unit, records: &[ppn_pref::Record]) -> Result<Vec<u8>, Refusal> {
    let mut writer = write::Writer::new(Vec::with_capacity(unit.text.len()));
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
    let out = writer.into_inner();
    let again = parse::read(&String::from_utf8_lossy(&out)).game;
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
        Box::new(RecordUnits::new(input, PrefCutter::default()))
    }

    fn check(&self, unit: &super::Unit, opts: &CheckOptions) -> Vec<RecordReport> {
        match pref_unit(unit) {
            Some(PrefUnit::Records(records, ())) => {
                checked(records, opts).into_iter().map(|record| report(record, opts.no_fields)).collect()
            }
            Some(PrefUnit::End { .. }) => Vec::new(),
            Some(PrefUnit::Whole) | None => check(unit.text.as_bytes(), opts).records,
        }
    }

    fn fmt(&self, unit: &super::Unit, opts: &FmtOptions) -> Result<Vec<u8>, Refusal> {
        match pref_unit(unit) {
            Some(PrefUnit::Records(records, ())) => canonical_unit(unit, records),
            Some(PrefUnit::End { .. }) => Ok(Vec::new()),
            Some(PrefUnit::Whole) | None => fmt(unit.text.as_bytes(), opts),
        }
    }

    fn convert(&self, unit: &super::Unit, to: ConvertTo) -> Result<Vec<u8>, Refusal> {
        match pref_unit(unit) {
            Some(PrefUnit::Records(records, ())) => {
                let checked = checked(records, &CheckOptions::default());
                let errors: Vec<Diagnostic> = checked.iter().flat_map(|r| r.errors()).cloned().collect();
                if !errors.is_empty() {
                    return Err(Refusal { source: unit.text.clone(), diagnostics: errors });
                }
                // the JSON form puts every tag in "info", before the deals: a tag met after a
                // deal record once the document has begun has no place in it
                let late = records.iter().find(|r| r.model.number > 0 && !r.model.late_tags.is_empty());
                if let (ConvertTo::Json, Some(record)) = (to, late) {
                    let span = record.model.header.spans.get(record.model.late_tags.start).copied();
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
                    ConvertTo::Native => canonical_unit(unit, records),
                    ConvertTo::Json => Ok(json_unit(records).into_bytes()),
                }
            }
            Some(PrefUnit::End { records }) => Ok(match to {
                ConvertTo::Native => Vec::new(),
                ConvertTo::Json => super::lines::json_close(*records),
            }),
            Some(PrefUnit::Whole) | None => convert(unit.text.as_bytes(), to),
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
        assert!(!ppn_pref::check_str(&game).has_errors());
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
        let mut streamed = Vec::new();
        for unit in &units {
            for mut report in notation.check(unit, &CheckOptions::default()) {
                for d in &mut report.diagnostics {
                    d.set_span(d.span().shift(unit.offset));
                }
                streamed.push((report.diagnostics, report.fields));
            }
        }
        let expected: Vec<_> = whole.records.into_iter().map(|r| (r.diagnostics, r.fields)).collect();
        assert_eq!(streamed.len(), expected.len());
        assert!(streamed == expected);
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
