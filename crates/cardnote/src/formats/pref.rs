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
    let fields = fields(record.model.id, record.model.outcome.as_ref());
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
        .map(|record| record_report(record, &options))
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
}
