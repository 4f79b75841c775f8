//! Glue for Portable Pinochle Notation (`ppn-pinochle`): check, format and convert.
//!
//! Per hand, `check` reports the fields `hand`, `dealer`, `declarer`, `contract`, `trump`,
//! `meld_scores`, `play_scores` and `result` (stated values, or computed ones where a tag is
//! absent), and every diagnostic code is the rules digest's name.

use cards_core::{Diagnostic, Span};
use ppn_pinochle::model::{
    At, Comment, FormatKind, Hand, Header, HeaderLine, Item, PpnFile, Section, SectionLine, Spanned, Tag,
};
use ppn_pinochle::parse::{Parsed, classify_token, parse, parse_segment};
use ppn_pinochle::validate::{
    AcrossHand, AcrossHands, Checker, HandReport, Summary, check_alone, check_parsed,
};
use ppn_pinochle::write::{to_export, write};
use serde_json::{Map, Value, json};

use super::lines::{RecordCutter, RecordUnits, RecordsUnit};
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

/// The report of one record read by [`ppn_pinochle::Reader`] (records of one reader are checked
/// in file order: hands inherit from the hands before them).
#[must_use]
pub fn record_report(record: ppn_pinochle::Record, options: &ppn_pinochle::Options) -> RecordReport {
    report(record, options, false)
}

/// A record checked (in file order), without its fields when `no_fields`
/// ([`CheckOptions::no_fields`]).
fn report(
    mut record: ppn_pinochle::Record,
    options: &ppn_pinochle::Options,
    no_fields: bool,
) -> RecordReport {
    ppn_pinochle::check(&mut record, options);
    let summary = record.model.summary.take().unwrap_or_default();
    let fields = if no_fields { Map::new() } else { fields(&summary) };
    RecordReport { fields, diagnostics: record.diagnostics }
}

/// Checks a whole file: one record per hand (a file without hands gives one).
#[must_use]
pub fn check(data: &[u8], opts: &CheckOptions) -> FileCheck {
    let source = decode_text(data);
    let options = options(opts);
    // reading text in memory cannot fail
    let records = ppn_pinochle::Reader::from_str(&source, options)
        .map_while(Result::ok)
        .map(|record| report(record, &options, opts.no_fields))
        .collect();
    FileCheck { source, records }
}

fn refuse_on_errors(source: &str, opts: &CheckOptions) -> Result<Parsed, Refusal> {
    let parsed = parse(source);
    let errors: Vec<Diagnostic> = check_parsed(&parsed, &options(opts))
        .into_iter()
        .flat_map(|r| r.diagnostics)
        .filter(Diagnostic::is_error)
        .collect();
    if errors.is_empty() {
        Ok(parsed)
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
    (parse(&text).file == *model).then_some(text)
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
    let parsed =
        if opts.force { parse(&source) } else { refuse_on_errors(&source, &CheckOptions::default())? };
    let model = if opts.preserve { parsed.file } else { canonical(&parsed.file) };
    checked_write(&source, &model)
}

fn json_refusal(source: &str, message: String) -> Refusal {
    Refusal {
        source: source.to_owned(),
        diagnostics: vec![Diagnostic::error("PPN_JSON", message, Span::at(0))],
    }
}

fn json_str<'v>(value: &'v Value, key: &str, at: &str) -> Result<&'v str, String> {
    value.get(key).and_then(Value::as_str).ok_or_else(|| format!("{at}: `{key}` is not a string"))
}

/// Reads the JSON form ([`ppn_pinochle::json`]) back into a model (positions left empty).
fn from_json(source: &str) -> Result<PpnFile, Refusal> {
    let doc: Value =
        serde_json::from_str(source).map_err(|e| json_refusal(source, format!("not PPN JSON: {e}")))?;
    read_json(&doc).map_err(|message| json_refusal(source, message))
}

fn read_json(doc: &Value) -> Result<PpnFile, String> {
    if let Some(format) = doc.get("format").and_then(Value::as_str)
        && format != "ppn-pinochle"
    {
        return Err(format!("the JSON is `{format}`, not `ppn-pinochle`"));
    }
    let list = |key: &str| doc.get(key).and_then(Value::as_array).ok_or_else(|| format!("no `{key}` array"));
    let mut headers = Vec::new();
    for (i, h) in list("headers")?.iter().enumerate() {
        let at = format!("header {}", i + 1);
        let header = if h.get("notation").is_some() {
            Header::Notation(json_str(h, "notation", &at)?.to_owned())
        } else if h.get("format").is_some() {
            match json_str(h, "format", &at)? {
                "EXPORT" => Header::Format(FormatKind::Export),
                "IMPORT" => Header::Format(FormatKind::Import),
                other => return Err(format!("{at}: format `{other}` is neither EXPORT nor IMPORT")),
            }
        } else if h.get("id").is_some() {
            Header::Id(json_str(h, "id", &at)?.to_owned())
        } else if h.get("blank") == Some(&Value::Bool(true)) {
            Header::Blank
        } else if h.get("other").is_some() {
            Header::Other(json_str(h, "other", &at)?.to_owned())
        } else {
            return Err(format!("{at}: not a header object"));
        };
        headers.push(HeaderLine { header, at: At::default() });
    }
    let mut hands = Vec::new();
    for (n, h) in list("hands")?.iter().enumerate() {
        let items =
            h.get("items").and_then(Value::as_array).ok_or_else(|| format!("hand {}: no `items`", n + 1))?;
        let mut hand = Hand::default();
        for (i, item) in items.iter().enumerate() {
            let at = format!("hand {}, item {}", n + 1, i + 1);
            if item.get("comment").is_some() {
                let text = json_str(item, "comment", &at)?.to_owned();
                hand.items.push(Item::Comment(Comment { text, at: At::default() }));
                continue;
            }
            let mut tag = Tag::new(json_str(item, "name", &at)?, json_str(item, "value", &at)?);
            if item.get("segment").is_some() {
                // Written as the prefix (`@P.19.3-R=`); the bare `P.19.3-R` is read too.
                let text = json_str(item, "segment", &at)?;
                let bare = text.strip_prefix('@').unwrap_or(text);
                let bare = bare.strip_suffix('=').unwrap_or(bare);
                tag.segment =
                    Some(parse_segment(bare).ok_or_else(|| format!("{at}: `{text}` is not a segment"))?);
            }
            if let Some(lines) = item.get("lines") {
                let lines = lines.as_array().ok_or_else(|| format!("{at}: `lines` is not an array"))?;
                let comments = item.get("line_comments").and_then(Value::as_array);
                let mut section = Section::default();
                for (l, line) in lines.iter().enumerate() {
                    let tokens =
                        line.as_array().ok_or_else(|| format!("{at}: a section line is not an array"))?;
                    let mut out = SectionLine::default();
                    for token in tokens {
                        let text = token.as_str().ok_or_else(|| format!("{at}: a token is not a string"))?;
                        out.tokens.push(Spanned { value: classify_token(text), at: At::default() });
                    }
                    for comment in
                        comments.and_then(|c| c.get(l)).and_then(Value::as_array).into_iter().flatten()
                    {
                        let text = comment
                            .as_str()
                            .ok_or_else(|| format!("{at}: a line comment is not a string"))?;
                        out.comments.push(Comment { text: text.to_owned(), at: At::default() });
                    }
                    section.lines.push(out);
                }
                tag.section = Some(section);
            }
            hand.items.push(Item::Tag(tag));
        }
        hands.push(hand);
    }
    Ok(PpnFile { headers, hands })
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
            let parsed = refuse_on_errors(&source, &CheckOptions::default())?;
            checked_write(&source, &canonical(&parsed.file))
        }
        ConvertTo::Json => {
            let parsed = refuse_on_errors(&source, &CheckOptions::default())?;
            // the model serializes as its JSON form (ppn_pinochle::json)
            let mut out = serde_json::to_vec_pretty(&parsed.file).unwrap_or_default();
            out.push(b'\n');
            Ok(out)
        }
    }
}

/// Bytes of text after which a unit ends (at the next blank line between hands).
const UNIT_BYTES: usize = 256 * 1024;

/// Portable Pinochle Notation for the commands: units of whole hands (~256 KiB), read in order
/// (with what each hand inherits through `#` and `##`), checked, written and converted on any
/// thread; the checks across hands (GameScores carried over, Hand numbers, Victor: they need the
/// scores of the hands before, computed from their play) run in the ordered finish step.
#[derive(Debug, Clone, Copy)]
pub struct PinochleNotation;

/// A Pinochle unit: its records, read in file order by the sequential step, and the checker they
/// start from; the whole input when it opens with `{` (the JSON form, or a file opening with a
/// comment), or the end of the file (closing the JSON form).
type PinochleUnit = RecordsUnit<ppn_pinochle::Record, Start>;

/// The state a unit's hands are checked from.
struct Start {
    /// The file's checker after the hands before the unit took their turn
    /// ([`Checker::inherit`]); `None` only for a unit without records.
    checker: Option<Checker>,
    /// The header checks, which the file's first record carries (empty after the first unit).
    header: Vec<Diagnostic>,
}

/// Each record of a unit checked from the unit's start, without the checks across hands (default
/// options: strict is applied by the caller), and what those checks need of it.
fn check_records(records: &[ppn_pinochle::Record], start: &Start) -> Vec<(HandReport, Option<AcrossHand>)> {
    let mut checker = start.checker.clone();
    records
        .iter()
        .map(|record| match checker.as_mut() {
            Some(checker) => check_alone(&record.model, record.diagnostics.clone(), checker, &start.header),
            None => {
                (HandReport { diagnostics: record.diagnostics.clone(), summary: Summary::default() }, None)
            }
        })
        .collect()
}

/// What the finish step keeps along a file: the checks across hands, and the options.
struct Across {
    hands: AcrossHands,
    options: ppn_pinochle::Options,
}

fn pinochle_unit(unit: &super::Unit) -> Option<&PinochleUnit> {
    super::lines::records_unit(unit)
}

/// Cuts a Pinochle file at the first blank line between hands after `UNIT_BYTES`; reads each
/// unit's hands with the state of the units before, and takes in what they pass on to the hands
/// after them (`#`, `##`), so the next unit's checks can start from a clone of the checker.
#[derive(Default)]
struct PinochleCutter {
    position: ppn_pinochle::read::Position,
    /// The file's checker (made on the first record's headers).
    checker: Option<Checker>,
}

impl RecordCutter for PinochleCutter {
    type Record = ppn_pinochle::Record;
    type Start = Start;

    fn read_unit(&mut self, lines: &mut super::lines::Lines<'_>, text: &mut String) -> std::io::Result<bool> {
        let mut content = false;
        while let Some(line) = lines.next_line()? {
            let blank = line.trim_matches([' ', '\t', '\r', '\n']).is_empty();
            text.push_str(&line);
            if blank && content && text.len() >= UNIT_BYTES {
                return Ok(true);
            }
            content |= !blank;
        }
        Ok(false)
    }

    fn records(
        &mut self,
        text: &str,
        at_end: bool,
    ) -> std::io::Result<Option<(Vec<ppn_pinochle::Record>, Start)>> {
        let options = ppn_pinochle::Options::default();
        let mut reader = ppn_pinochle::Reader::resume(text.as_bytes(), options, self.position.clone());
        let records: Vec<ppn_pinochle::Record> = reader.by_ref().collect::<std::io::Result<_>>()?;
        let unclosed = records.iter().flat_map(|r| &r.diagnostics).any(|d| d.code() == "COMMENT_UNCLOSED");
        if unclosed && !at_end && text.len() < ppn_pinochle::read::MAX_HAND_BYTES {
            // a comment runs over the blank line the unit would end at: read on
            return Ok(None);
        }
        self.position = reader.position();
        let mut header = Vec::new();
        if self.checker.is_none()
            && let Some(first) = records.first()
        {
            let (checker, found) = Checker::new(&first.model.headers, options);
            self.checker = Some(checker);
            header = found;
        }
        let start = Start { checker: self.checker.clone(), header };
        if let Some(checker) = self.checker.as_mut() {
            for hand in records.iter().filter_map(|r| r.model.hand.as_ref()) {
                checker.inherit(hand);
            }
        }
        Ok(Some((records, start)))
    }

    fn records_read(&self) -> usize {
        self.position.records()
    }

    fn has_model(record: &ppn_pinochle::Record) -> bool {
        record.model.hand.is_some()
    }
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
    let mut writer = ppn_pinochle::write::Writer::with_form(Vec::new(), form);
    let mut expected = PpnFile::default();
    for record in records {
        // writing to a vector cannot fail
        let _ = writer.write_record(record);
        if record.model.number == 0 {
            let mut headers = ppn_pinochle::write::Writer::with_form(Vec::new(), form);
            let _ = headers.write_headers(&record.model.headers);
            expected.headers = parse(&String::from_utf8_lossy(&headers.into_inner())).file.headers;
        }
        if let Some(hand) = &record.model.hand {
            let written = match form {
                ppn_pinochle::write::Form::Export => ppn_pinochle::write::export_hand(hand),
                _ => hand.clone(),
            };
            expected.hands.push(written);
        }
    }
    let mut out = writer.into_inner();
    if unit.index > 0 && !out.is_empty() {
        // the blank line between the previous unit's last hand and this unit's first
        out.insert(0, b'\n');
    }
    if parse(&String::from_utf8_lossy(&out)).file == expected {
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
        Box::new(RecordUnits::new(input, PinochleCutter::default()))
    }

    fn check(&self, unit: &super::Unit, opts: &CheckOptions) -> Vec<RecordReport> {
        super::check_alone(self, unit, opts)
    }

    /// The unit's hands checked; what the checks across hands need of each goes to `finish`.
    fn check_unit(&self, unit: &super::Unit, opts: &CheckOptions) -> super::UnitCheck {
        match pinochle_unit(unit) {
            Some(PinochleUnit::Records(records, start)) => {
                let options = options(opts);
                let (reports, across): (Vec<_>, Vec<_>) = check_records(records, start)
                    .into_iter()
                    .map(|(mut report, across)| {
                        options.apply(&mut report.diagnostics);
                        let fields = if opts.no_fields { Map::new() } else { fields(&report.summary) };
                        (RecordReport { fields, diagnostics: report.diagnostics }, across)
                    })
                    .unzip();
                super::UnitCheck { reports, pending: Some(Box::new(across)) }
            }
            Some(PinochleUnit::End { .. }) => super::UnitCheck::default(),
            Some(PinochleUnit::Whole) | None => {
                super::UnitCheck { reports: check(unit.text.as_bytes(), opts).records, pending: None }
            }
        }
    }

    fn finish_state(&self, opts: &CheckOptions) -> Option<super::FileState> {
        Some(Box::new(Across { hands: AcrossHands::default(), options: options(opts) }))
    }

    /// The checks across hands, on the unit's hands in file order.
    fn finish(
        &self,
        state: &mut super::FileState,
        _unit: &super::Unit,
        checked: &mut super::UnitCheck,
        _last: bool,
    ) {
        let Some(state) = state.downcast_mut::<Across>() else { return };
        let Some(Ok(across)) = checked.pending.take().map(|p| p.downcast::<Vec<Option<AcrossHand>>>()) else {
            return;
        };
        for (report, hand) in checked.reports.iter_mut().zip(across.iter()) {
            if let Some(hand) = hand {
                state.hands.check(hand, &state.options, &mut report.diagnostics);
            }
        }
    }

    fn fmt(&self, unit: &super::Unit, opts: &FmtOptions) -> Result<Vec<u8>, Refusal> {
        match pinochle_unit(unit) {
            Some(PinochleUnit::Records(records, _)) => {
                write_unit(unit, records, form_of(records, opts.preserve))
            }
            Some(PinochleUnit::End { .. }) => Ok(Vec::new()),
            Some(PinochleUnit::Whole) | None => fmt(unit.text.as_bytes(), opts),
        }
    }

    fn convert(&self, unit: &super::Unit, to: ConvertTo) -> Result<Vec<u8>, Refusal> {
        match pinochle_unit(unit) {
            Some(PinochleUnit::Records(records, start)) => {
                // the checks across hands give warnings only
                let errors: Vec<Diagnostic> = check_records(records, start)
                    .into_iter()
                    .flat_map(|(report, _)| report.diagnostics)
                    .filter(Diagnostic::is_error)
                    .collect();
                if !errors.is_empty() {
                    return Err(Refusal { source: unit.text.clone(), diagnostics: errors });
                }
                match to {
                    ConvertTo::Native => write_unit(unit, records, form_of(records, false)),
                    ConvertTo::Json => Ok(json_unit(records).into_bytes()),
                }
            }
            Some(PinochleUnit::End { records }) => Ok(match to {
                ConvertTo::Native => Vec::new(),
                ConvertTo::Json => super::lines::json_close(*records),
            }),
            Some(PinochleUnit::Whole) | None => convert(unit.text.as_bytes(), to),
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
