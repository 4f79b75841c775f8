//! Glue for Portable Pinochle Notation (`ppn-pinochle`): check, format and convert.
//!
//! Per hand, `check` reports the fields `hand`, `dealer`, `declarer`, `contract`, `trump`,
//! `meld_scores`, `play_scores` and `result` (stated values, or computed ones where a tag is
//! absent), and every diagnostic code is the rules digest's name.

use cards_core::notation::{WriteRecords, read_checked};
use cards_core::{Diagnostic, Span};
use ppn_pinochle::model::{FormatKind, Header, PpnFile};
use ppn_pinochle::write::{to_export, write};
use ppn_pinochle::{Pinochle, Summary, read_file};
use serde_json::{Map, Value, json};

use super::lines::{RawUnit, RawUnits};
use super::{CheckOptions, ConvertTo, FileCheck, FmtOptions, RecordReport, Refusal, decode_text};

fn options(opts: &CheckOptions) -> ppn_pinochle::Options {
    ppn_pinochle::Options { strict: opts.strict, ..ppn_pinochle::Options::default() }
}

fn fields(summary: &Summary) -> Map<String, Value> {
    let mut map = Map::new();
    let scores = |s: &Option<Vec<i64>>| s.as_ref().map_or(Value::Null, |v| json!(v));
    map.insert("hand".into(), summary.hand.map_or(Value::Null, |n| json!(n)));
    map.insert("dealer".into(), summary.dealer.map_or(Value::Null, |s| json!(s.letters())));
    map.insert("declarer".into(), summary.declarer.map_or(Value::Null, |s| json!(s.letters())));
    map.insert("contract".into(), summary.contract.map_or(Value::Null, |n| json!(n)));
    map.insert(
        "trump".into(),
        match summary.trump {
            None => Value::Null,
            Some(None) => json!("-"),
            Some(Some(suit)) => json!(suit.upper_char().to_string()),
        },
    );
    map.insert("meld_scores".into(), scores(&summary.meld_scores));
    map.insert("play_scores".into(), scores(&summary.play_scores));
    map.insert("result".into(), summary.result.map_or(Value::Null, |r| json!(r.as_str())));
    map
}

/// A checked record's report, its spans moved into a unit that starts at `offset`; without its
/// fields when `no_fields` ([`CheckOptions::no_fields`]).
fn report(record: ppn_pinochle::Record, offset: usize, no_fields: bool) -> RecordReport {
    let summary = record.model.summary.unwrap_or_default();
    let fields = if no_fields { Map::new() } else { fields(&summary) };
    let mut diagnostics = record.diagnostics;
    for d in &mut diagnostics {
        super::lines::unit_span(d, offset);
    }
    RecordReport { fields, diagnostics }
}

/// Checks a whole file: one record per hand (a file without hands gives one).
#[must_use]
pub fn check(data: &[u8], opts: &CheckOptions) -> FileCheck {
    let source = decode_text(data);
    // reading text in memory cannot fail
    let records = read_checked::<Pinochle, _>(source.as_bytes(), options(opts))
        .map_while(Result::ok)
        .map(|record| report(record, 0, opts.no_fields))
        .collect();
    FileCheck { source, records }
}

/// The file read, or its errors.
fn refuse_on_errors(source: &str, opts: &CheckOptions) -> Result<PpnFile, Refusal> {
    let records: Vec<ppn_pinochle::Record> =
        read_checked::<Pinochle, _>(source.as_bytes(), options(opts)).map_while(Result::ok).collect();
    let errors: Vec<Diagnostic> = records.iter().flat_map(|r| r.errors().cloned()).collect();
    if errors.is_empty() {
        Ok(PpnFile::from_records(records))
    } else {
        Err(Refusal { source: source.to_owned(), diagnostics: errors })
    }
}

fn canonical(file: &PpnFile) -> PpnFile {
    if file.format() == Some(FormatKind::Export) { to_export(file) } else { file.clone() }
}

/// The text of `model`, if it reads back to the same model.
fn write_back(model: &PpnFile) -> Option<String> {
    let text = write(model);
    (read_file(&text) == *model).then_some(text)
}

fn checked_write(source: &str, model: &PpnFile) -> Result<Vec<u8>, Refusal> {
    let Some(text) = write_back(model) else {
        return Err(Refusal {
            source: source.to_owned(),
            diagnostics: vec![Diagnostic::error(
                "PPN_ROUND_TRIP",
                "internal error: the written file does not read back to the same record",
                Span::at(0),
            )],
        });
    };
    Ok(text.into_bytes())
}

/// Rewrites a file: faithful layout with `--preserve`, otherwise the canonical form (EXPORT files
/// get their mandatory tags in roster order). Files with errors are refused
/// unless `opts.force`.
pub fn fmt(data: &[u8], opts: &FmtOptions) -> Result<Vec<u8>, Refusal> {
    let source = decode_text(data);
    let file =
        if opts.force { read_file(&source) } else { refuse_on_errors(&source, &CheckOptions::default())? };
    let model = if opts.preserve { file } else { canonical(&file) };
    checked_write(&source, &model)
}

fn json_refusal(source: &str, message: String) -> Refusal {
    Refusal {
        source: source.to_owned(),
        diagnostics: vec![Diagnostic::error("PPN_JSON", message, Span::at(0))],
    }
}

/// Reads the JSON form ([`ppn_pinochle::json`]) back into a model (positions left empty).
fn from_json(source: &str) -> Result<PpnFile, Refusal> {
    ppn_pinochle::json::from_json(source).map_err(|message| json_refusal(source, message))
}

/// Converts a file: to its JSON form, or to canonical PPN.
pub fn convert(data: &[u8], to: ConvertTo) -> Result<Vec<u8>, Refusal> {
    let mut source = decode_text(data);
    if super::is_json_text(&source) {
        let model = from_json(&source)?;
        let Some(text) = write_back(&model) else {
            return Err(json_refusal(&source, "the JSON holds names or values that PPN cannot write".into()));
        };
        if to == ConvertTo::Json {
            return Ok(source.into_bytes());
        }
        source = text;
    }
    match to {
        ConvertTo::Native => {
            let file = refuse_on_errors(&source, &CheckOptions::default())?;
            checked_write(&source, &canonical(&file))
        }
        ConvertTo::Json => {
            let file = refuse_on_errors(&source, &CheckOptions::default())?;
            // the model serializes as its JSON form (ppn_pinochle::json)
            let mut out = serde_json::to_vec_pretty(&file).unwrap_or_default();
            out.push(b'\n');
            Ok(out)
        }
    }
}

/// Portable Pinochle Notation for the commands: units of whole hands (~256 KiB) cut by
/// [`ppn_pinochle::Reader`] (each hand with the file's headers and what it inherits through `#`
/// and `##`), read, checked, written and converted on any thread; the checks across hands
/// (GameScores carried over, Hand numbers, Victor: they need the scores of the hands before,
/// computed from their play) run in the ordered finish step.
#[derive(Debug, Clone, Copy)]
pub struct PinochleNotation;

fn pinochle_unit(unit: &super::Unit) -> Option<&RawUnit<Pinochle>> {
    super::lines::raw_unit::<Pinochle>(unit)
}

/// The form `fmt` writes: as read with `--preserve`, otherwise EXPORT files in the EXPORT form.
fn form_of(records: &[ppn_pinochle::Record], preserve: bool) -> ppn_pinochle::write::Form {
    let export = records
        .first()
        .is_some_and(|r| r.model.headers.iter().any(|h| h.header == Header::Format(FormatKind::Export)));
    if export && !preserve { ppn_pinochle::write::Form::Export } else { ppn_pinochle::write::Form::AsRead }
}

/// The unit's hands written in `form`, refused if they do not read back to the same model.
fn write_unit(
    unit: &super::Unit,
    records: &[ppn_pinochle::Record],
    form: ppn_pinochle::write::Form,
) -> Result<Vec<u8>, Refusal> {
    let mut writer = ppn_pinochle::Writer::with_form(Vec::new(), form);
    let mut expected = PpnFile::default();
    for record in records {
        // writing to a vector cannot fail
        let _ = writer.write_record(record);
        if record.model.number == 0 {
            let mut headers = ppn_pinochle::Writer::with_form(Vec::new(), form);
            let _ = headers.write_headers(&record.model.headers);
            let headers = headers.into_inner().unwrap_or_default();
            expected.headers = read_file(&String::from_utf8_lossy(&headers)).headers;
        }
        if let Some(hand) = &record.model.hand {
            let written = match form {
                ppn_pinochle::write::Form::Export => ppn_pinochle::write::export_hand(hand),
                _ => hand.clone(),
            };
            expected.hands.push(written);
        }
    }
    let mut out = writer.into_inner().unwrap_or_default();
    if unit.index > 0 && !out.is_empty() {
        // the blank line between the previous unit's last hand and this unit's first
        out.insert(0, b'\n');
    }
    if read_file(&String::from_utf8_lossy(&out)) == expected {
        Ok(out)
    } else {
        Err(super::lines::round_trip_refusal(unit, "record"))
    }
}

/// The unit's part of the JSON form (`{"format", "headers", "hands"}`, serde_json's pretty form).
fn json_unit(records: &[ppn_pinochle::Record]) -> String {
    let indented = |text: String, by: usize| super::lines::indented(&text, by);
    let mut out = String::new();
    for record in records {
        if record.model.number == 0 {
            let headers = serde_json::to_string_pretty(&*record.model.headers).unwrap_or_default();
            out.push_str("{\n  \"format\": \"ppn-pinochle\",\n  \"headers\": ");
            out.push_str(&indented(headers, 2));
            out.push_str(",\n  \"hands\": [");
        }
        if let Some(hand) = &record.model.hand {
            if record.model.number > 0 {
                out.push(',');
            }
            out.push_str("\n    ");
            out.push_str(&indented(serde_json::to_string_pretty(hand).unwrap_or_default(), 4));
        }
    }
    out
}

impl super::Notation for PinochleNotation {
    fn format(&self) -> super::Format {
        super::Format::PpnPinochle
    }

    fn units<'r>(
        &self,
        input: Box<dyn std::io::BufRead + Send + 'r>,
        _path: &std::path::Path,
    ) -> super::Units<'r> {
        Box::new(RawUnits::<Pinochle>::new(input))
    }

    fn check(&self, unit: &super::Unit, opts: &CheckOptions) -> Vec<RecordReport> {
        super::check_alone(self, unit, opts)
    }

    /// The unit's hands read and checked alone; the checks across hands go to `finish`.
    fn check_unit(&self, unit: &super::Unit, opts: &CheckOptions) -> super::UnitCheck {
        match pinochle_unit(unit) {
            Some(RawUnit::Raws(raws)) => {
                let records = super::lines::check_raws::<Pinochle>(raws, &options(opts));
                super::UnitCheck { reports: Vec::new(), pending: Some(Box::new(records)) }
            }
            Some(RawUnit::End { .. }) => super::UnitCheck::default(),
            Some(RawUnit::Whole) | None => {
                super::UnitCheck { reports: check(unit.text.as_bytes(), opts).records, pending: None }
            }
        }
    }

    fn finish_state(&self, opts: &CheckOptions) -> Option<super::FileState> {
        Some(super::lines::finish_state::<Pinochle>(&options(opts), opts.no_fields))
    }

    /// The checks across hands, on the unit's hands in file order, then their reports.
    fn finish(
        &self,
        state: &mut super::FileState,
        unit: &super::Unit,
        checked: &mut super::UnitCheck,
        last: bool,
    ) {
        super::lines::finish_raws::<Pinochle>(state, unit, checked, last, report);
    }

    fn fmt(&self, unit: &super::Unit, opts: &FmtOptions) -> Result<Vec<u8>, Refusal> {
        match pinochle_unit(unit) {
            Some(RawUnit::Raws(raws)) => {
                let records = super::lines::read_raws::<Pinochle>(raws, &ppn_pinochle::Options::default());
                write_unit(unit, &records, form_of(&records, opts.preserve))
            }
            Some(RawUnit::End { .. }) => Ok(Vec::new()),
            Some(RawUnit::Whole) | None => fmt(unit.text.as_bytes(), opts),
        }
    }

    fn convert(&self, unit: &super::Unit, to: ConvertTo) -> Result<Vec<u8>, Refusal> {
        match pinochle_unit(unit) {
            Some(RawUnit::Raws(raws)) => {
                // the checks across hands give warnings only
                let records = super::lines::check_raws::<Pinochle>(raws, &ppn_pinochle::Options::default());
                let errors: Vec<Diagnostic> = records
                    .iter()
                    .flat_map(|r| report(r.clone(), unit.offset, true).diagnostics)
                    .filter(Diagnostic::is_error)
                    .collect();
                if !errors.is_empty() {
                    return Err(Refusal { source: unit.text.clone(), diagnostics: errors });
                }
                match to {
                    ConvertTo::Native => write_unit(unit, &records, form_of(&records, false)),
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

    fn corpus_files() -> Vec<std::path::PathBuf> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/ppn-pinochle/valid");
        let mut files: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
        files.sort();
        files
    }

    /// PPN → JSON → PPN gives what PPN → PPN gives, on every valid corpus file.
    #[test]
    fn json_converts_back_to_the_same_ppn() {
        let files = corpus_files();
        assert!(files.len() >= 4);
        for path in files {
            let data = std::fs::read(&path).unwrap();
            let direct = convert(&data, ConvertTo::Native).map_err(|r| r.diagnostics).unwrap();
            let json = convert(&data, ConvertTo::Json).map_err(|r| r.diagnostics).unwrap();
            let back = convert(&json, ConvertTo::Native).map_err(|r| r.diagnostics).unwrap();
            assert_eq!(
                String::from_utf8(back).unwrap(),
                String::from_utf8(direct).unwrap(),
                "{}",
                path.display()
            );
            // JSON in, JSON out: the same document.
            assert_eq!(convert(&json, ConvertTo::Json).map_err(|r| r.diagnostics).unwrap(), json);
        }
    }

    /// Comments on section lines survive the JSON form.
    #[test]
    fn section_line_comments_go_through_json() {
        let ppn = b"% PPN 1.0\n% IMPORT\n\n[Dealer \"N\"]\n[Auction \"E\"]\nPass 52 {opens} 59 60\n- Pass 65 70\n- - Pass {done}\n";
        let json = convert(ppn, ConvertTo::Json).map_err(|r| r.diagnostics).unwrap();
        let doc: Value = serde_json::from_slice(&json).unwrap();
        assert_eq!(doc["hands"][0]["items"][1]["line_comments"], json!([["opens"], [], ["done"]]));
        let back =
            String::from_utf8(convert(&json, ConvertTo::Native).map_err(|r| r.diagnostics).unwrap()).unwrap();
        assert!(back.contains("Pass 52 59 60 {opens}") && back.contains("- - Pass {done}"), "{back}");
    }

    #[test]
    fn bad_json_is_refused_with_a_reason() {
        let refused = |text: &str| match convert(text.as_bytes(), ConvertTo::Native) {
            Ok(out) => panic!("accepted {text}: {}", String::from_utf8_lossy(&out)),
            Err(r) => r.diagnostics[0].message().to_owned(),
        };
        assert!(refused(r#"{"format": "pbn", "games": []}"#).contains("not `ppn-pinochle`"));
        assert!(refused(r#"{"headers": []}"#).contains("no `hands` array"));
        assert!(
            refused(r#"{"headers": [{"format": "BOTH"}], "hands": []}"#)
                .contains("neither EXPORT nor IMPORT")
        );
        let bad_name = r#"{"headers": [{"notation": "1.0"}, {"format": "IMPORT"}], "hands": [{"items": [{"name": "Bad Name]", "value": "x"}]}]}"#;
        assert!(refused(bad_name).contains("cannot write"));
        let bad_segment =
            r#"{"headers": [], "hands": [{"items": [{"name": "Dealer", "value": "N", "segment": "@@"}]}]}"#;
        assert!(refused(bad_segment).contains("not a segment"));
    }

    /// Cut into units (~256 KiB) and checked, written and converted unit by unit, a big file gives
    /// what the whole-file functions give.
    #[test]
    fn units_give_the_whole_file_answers() {
        use crate::formats::Notation;
        let mut text = String::new();
        for seed in 0..100 {
            // whole games one after another, the headers of the first only
            let game = ppn_pinochle::synth::game(seed, 30);
            let lines = game.lines().filter(|l| seed == 0 || !l.starts_with('%'));
            text.extend(lines.flat_map(|l| [l, "\n"]));
            text.push('\n');
        }
        let middle = text.len() / 2;
        let cut = middle + text[middle..].find("\n\n").unwrap_or(0) + 2;
        text.insert_str(cut, "{a comment\n\nover a blank line}\n");
        let notation = PinochleNotation;
        let units: Vec<crate::formats::Unit> = notation
            .units(Box::new(std::io::BufReader::new(text.as_bytes())), std::path::Path::new("big.ppn"))
            .collect::<std::io::Result<_>>()
            .unwrap();
        assert!(units.len() > 3, "{} units", units.len());
        let whole = check(text.as_bytes(), &CheckOptions::default());
        let mut streamed = Vec::new();
        for threads in [1, 2] {
            streamed.clear();
            let units = units.iter().cloned().map(Ok::<_, ()>);
            let opts = CheckOptions::default();
            crate::formats::check_units(
                &notation,
                units,
                &opts,
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
        }
        let expected: Vec<_> = whole.records.into_iter().map(|r| (r.diagnostics, r.fields)).collect();
        assert_eq!(streamed.len(), expected.len());
        assert!(streamed == expected);
        for preserve in [false, true] {
            let opts = FmtOptions { preserve, ..FmtOptions::default() };
            let out: Vec<u8> = units
                .iter()
                .flat_map(|u| notation.fmt(u, &opts).map_err(|r| r.diagnostics[0].code()).unwrap())
                .collect();
            let whole = fmt(text.as_bytes(), &opts).map_err(|r| r.diagnostics[0].code()).unwrap();
            assert!(out == whole, "preserve {preserve}");
        }
        for to in [ConvertTo::Json, ConvertTo::Native] {
            let mut out = notation.convert_open(to);
            for unit in &units {
                out.extend(notation.convert(unit, to).map_err(|r| r.diagnostics[0].code()).unwrap());
            }
            out.extend(notation.convert_close(to, units.len()));
            assert!(
                out == convert(text.as_bytes(), to).map_err(|r| r.diagnostics[0].code()).unwrap(),
                "{to:?}"
            );
        }
    }
}
