//! Glue for the `phh` notation (`.phh`, `.phhs`): a thin layer over the `phh` crate's one shape
//! ([`phh::Phh`]): its reader cuts the file into raw hands, [`Phh::parse`] and its checker read and
//! replay them on the workers, its writers write them back. What is the CLI's own: the JSON fields
//! of `check --json`, grouping hands into units, and the refusals of `fmt` and `convert`.

use cards_core::notation::{Checker as _, Notation as _, ReadRecords, WriteRecords};
use cards_core::{Diagnostic, Severity, Span};
use phh::{Phh, Raw, Record};
use serde_json::{Map, Value};

use super::{CheckOptions, ConvertTo, FileCheck, FmtOptions, RecordReport, Refusal};

/// The options of phh's reader and checker for a `check`.
fn options(opts: &CheckOptions) -> phh::Options {
    phh::Options { strict: opts.strict, profile: opts.rules }
}

/// The raw hands of a whole input, as phh's reader cuts them, and the text they make (the decoded
/// input, which every span refers to).
pub(super) fn cut(data: &[u8]) -> (String, Vec<Raw>) {
    let mut reader = phh::Reader::new(data, phh::Options::default());
    // Reading from memory cannot fail.
    let raws: Vec<Raw> = std::iter::from_fn(|| reader.read_raw()).filter_map(Result::ok).collect();
    (raws.iter().map(Raw::text).collect(), raws)
}

/// The records of raw hands, read (not checked).
pub(super) fn parse(raws: &[Raw]) -> Vec<Record> {
    raws.iter().map(|raw| raw.parse(&phh::Options::default())).collect()
}

/// A diagnostic of the whole input moved into a text that starts at `base`.
fn local(d: Diagnostic, base: usize) -> Diagnostic {
    let span = d.span();
    d.with_span(Span::new(span.start.saturating_sub(base), span.end.saturating_sub(base)))
}

/// A JSON array of the strings, moved (not copied).
fn strings(values: Vec<String>) -> Value {
    Value::Array(values.into_iter().map(Value::String).collect())
}

/// Checks a whole file: one record per hand with `variant`, `players`, `actions` (non-empty
/// notations), and from the replay `terminal`, `finishing_stacks` and `payoffs` (`null` when the
/// hand has parse errors and is not replayed).
#[must_use]
pub fn check(data: &[u8], opts: &CheckOptions) -> FileCheck {
    let (source, raws) = cut(data);
    let options = options(opts);
    let checker = Phh::checker(&options);
    let records = raws.iter().map(|raw| check_raw(raw, &options, &checker, opts, 0)).collect();
    FileCheck { source, records }
}

/// Reads and checks one raw hand with phh's parse and checker: its diagnostics (spans moved into
/// a text starting at `base`) and its JSON fields.
fn check_raw(
    raw: &Raw,
    options: &phh::Options,
    checker: &phh::Checker,
    opts: &CheckOptions,
    base: usize,
) -> RecordReport {
    let mut record = raw.parse(options);
    let read = record.diagnostics.len();
    checker.check(&mut record);
    let fields = if opts.no_fields {
        Map::new()
    } else {
        // The replay's diagnostics as it reported them (before `strict`).
        let replay: Vec<Diagnostic> = record
            .diagnostics
            .get(read..)
            .unwrap_or_default()
            .iter()
            .map(|d| {
                let lenient = opts.strict && phh::codes::LENIENCIES.contains(&d.code());
                if lenient { d.clone().with_severity(Severity::Warning) } else { d.clone() }
            })
            .collect();
        hand_fields(&mut record, &replay)
    };
    let diagnostics = record.diagnostics.into_iter().map(|d| local(d, base)).collect();
    RecordReport { diagnostics, fields }
}

/// A hand's JSON fields: `variant`, `players`, `actions`, and the replay's `terminal`,
/// `finishing_stacks`, `payoffs` (or `repaired_outcome`), given the replay's diagnostics.
fn hand_fields(record: &mut Record, replay_diagnostics: &[Diagnostic]) -> Map<String, Value> {
    let mut fields = Map::with_capacity(7);
    match &record.model.hand {
        Some(hand) => {
            fields.insert("variant".into(), Value::String(hand.variant.code().to_owned()));
            fields.insert("players".into(), Value::from(hand.player_count()));
            fields.insert("actions".into(), Value::from(hand.action_count()));
        }
        None => {
            fields.insert("variant".into(), Value::Null);
            fields.insert("players".into(), Value::Null);
            fields.insert("actions".into(), Value::Null);
        }
    }
    match record.model.outcome.take() {
        Some(outcome) => {
            if phh::replay::replayed_as_written(replay_diagnostics) {
                fields.insert("terminal".into(), Value::Bool(outcome.terminal));
                fields.insert("finishing_stacks".into(), strings(outcome.finishing_stacks));
                fields.insert("payoffs".into(), strings(outcome.payoffs));
            } else {
                // Not replayable as written (an illegal action, or replayed only by inserting
                // actions as PokerKit does): the file implies no outcome, so its fields are null.
                // A repaired outcome is kept apart, as `repaired_outcome`, beside the warnings
                // that say what was inserted.
                fields.insert("terminal".into(), Value::Null);
                fields.insert("finishing_stacks".into(), Value::Null);
                fields.insert("payoffs".into(), Value::Null);
                if !replay_diagnostics.iter().any(Diagnostic::is_error) {
                    let mut repaired = Map::with_capacity(3);
                    repaired.insert("terminal".into(), Value::Bool(outcome.terminal));
                    repaired.insert("finishing_stacks".into(), strings(outcome.finishing_stacks));
                    repaired.insert("payoffs".into(), strings(outcome.payoffs));
                    fields.insert("repaired_outcome".into(), Value::Object(repaired));
                }
            }
        }
        None => {
            fields.insert("terminal".into(), Value::Null);
            fields.insert("finishing_stacks".into(), Value::Null);
            fields.insert("payoffs".into(), Value::Null);
        }
    }
    fields
}

/// Refuses records with errors (spans moved into `source`, which starts at `base`).
fn refuse_on_errors(source: &str, base: usize, records: &[Record]) -> Result<(), Refusal> {
    if records.iter().any(Record::has_errors) {
        let diagnostics = records
            .iter()
            .flat_map(|r| r.diagnostics.iter().filter(|d| d.is_error()).map(|d| local(d.clone(), base)))
            .collect();
        return Err(Refusal { source: source.to_owned(), diagnostics });
    }
    Ok(())
}

/// Whether the records are the tables of a `.phhs` text.
fn multi(records: &[Record]) -> bool {
    records.first().is_some_and(|r| r.model.header.is_some())
}

/// The records in canonical form, through phh's writer (tables keep their names).
fn canonical(records: &[Record]) -> Vec<u8> {
    let out = Vec::new();
    let mut writer = if multi(records) { phh::Writer::new(out) } else { phh::Writer::single(out) };
    for record in
        records.iter().filter(|r| r.model.hand.is_some()).take(if multi(records) { usize::MAX } else { 1 })
    {
        // Writing to memory cannot fail.
        let _ = writer.write_record(record);
    }
    writer.into_inner().unwrap_or_default()
}

/// Rewrites a file: canonically, or with `preserve` only the action notations that are not in
/// canonical form (comments, blank lines and field order stay). Refuses a file with errors
/// unless `opts.force`.
pub fn fmt(data: &[u8], opts: &FmtOptions) -> Result<Vec<u8>, Refusal> {
    let (source, raws) = cut(data);
    fmt_records(&source, 0, &parse(&raws), opts)
}

/// [`fmt`] of the records read from `source`, which starts at `base` in the input.
fn fmt_records(source: &str, base: usize, records: &[Record], opts: &FmtOptions) -> Result<Vec<u8>, Refusal> {
    // Forced, a file is still refused when a hand has no model to write (its errors say why).
    if !opts.force || records.iter().any(|r| r.model.hand.is_none()) {
        refuse_on_errors(source, base, records)?;
    }
    if !opts.preserve {
        // Every comment stays beside its field or action, or the rewrite is refused.
        return phh::comments::write_canonical(source, records)
            .map(String::into_bytes)
            .map_err(|d| Refusal { source: source.to_owned(), diagnostics: vec![d] });
    }
    let refusal = |message: String| Refusal {
        source: source.to_owned(),
        diagnostics: vec![Diagnostic::error("PHH_TOML_SYNTAX", message, Span::at(0))],
    };
    let mut editor = phh::edit::Editor::new(source)
        .map_err(|d| Refusal { source: source.to_owned(), diagnostics: vec![d] })?;
    for record in records {
        let Some(hand) = &record.model.hand else { continue };
        let table = record.model.name.as_deref();
        for (i, (action, span)) in hand.actions.iter().zip(&record.model.action_spans).enumerate() {
            let canonical = action.to_string();
            let written = source.get(span.start.saturating_sub(base)..span.end.saturating_sub(base));
            if written != Some(canonical.as_str()) {
                editor.replace_action(table, i, action).map_err(refusal)?;
            }
        }
    }
    Ok(editor.to_string().into_bytes())
}

fn json_refusal(source: &str, err: &serde_json::Error) -> Refusal {
    let index = line_start(source, err.line());
    let at = index + err.column().saturating_sub(1);
    Refusal {
        source: source.to_owned(),
        diagnostics: vec![Diagnostic::error(
            "PHH_JSON",
            format!("not the PHH JSON form: {err}"),
            Span::at(at.min(source.len())),
        )],
    }
}

fn line_start(source: &str, line: usize) -> usize {
    if line <= 1 {
        return 0;
    }
    source.match_indices('\n').nth(line - 2).map_or(source.len(), |(i, _)| i + 1)
}

fn looks_like_json(source: &str) -> bool {
    source.trim_start().starts_with('{')
}

/// Converts a file: to the JSON form (from PHH, or JSON normalised), or to canonical PHH (from
/// PHH, or from the JSON form).
pub fn convert(data: &[u8], to: ConvertTo) -> Result<Vec<u8>, Refusal> {
    let (source, raws) = cut(data);
    if looks_like_json(&source) {
        let json: phh::json::JsonFile =
            serde_json::from_str(&source).map_err(|e| json_refusal(&source, &e))?;
        return match to {
            ConvertTo::Native => {
                // The JSON may hold values the checks refuse (or float text that is not TOML):
                // the written text must read back without errors.
                let text = json.to_phh();
                let (_, raws) = cut(text.as_bytes());
                refuse_on_errors(&text, 0, &parse(&raws))?;
                Ok(text.into_bytes())
            }
            ConvertTo::Json => Ok(to_json(&json)),
        };
    }
    let records = parse(&raws);
    refuse_on_errors(&source, 0, &records)?;
    match to {
        ConvertTo::Native => Ok(canonical(&records)),
        ConvertTo::Json => Ok(to_json(&phh::json::JsonFile::from_records(&records))),
    }
}

fn to_json(json: &phh::json::JsonFile) -> Vec<u8> {
    let mut out = serde_json::to_vec_pretty(json).unwrap_or_default();
    out.push(b'\n');
    out
}

/// PHH through the [`Notation`](super::Notation) trait: phh's reader cuts the file into raw
/// hands, grouped into units of about [`UNIT_BYTES`] (more when one hand is bigger); a `.phh`
/// file, a JSON document and a `.phhs` of only comments are one unit each.
#[derive(Debug, Clone, Copy, Default)]
pub struct PhhNotation;

/// About how many bytes of whole hands one unit holds: big enough that handing a unit to a worker
/// costs nothing next to reading it, small enough that a few in flight per thread stay a few MB.
pub const UNIT_BYTES: usize = 256 * 1024;

/// A PHH unit's raw hands, and what it knows of the rest of its file.
#[derive(Debug)]
struct PhhUnit {
    /// The hands, as phh's reader cut them (their texts, in order, are the unit's text).
    raws: Vec<Raw>,
    /// The first unit of the file (it writes a JSON document's opening).
    first: bool,
    /// The last unit of the file (it writes a JSON document's closing).
    last: bool,
    /// The whole input is one hand that is not a `.phhs` table (a `.phh` hand, a JSON document,
    /// only comments).
    whole: bool,
    /// A `.phhs` file that holds no hand (only comments and blank lines).
    no_hands: bool,
}

fn context(unit: &super::Unit) -> Option<&PhhUnit> {
    unit.context.as_ref().and_then(|c| c.downcast_ref::<PhhUnit>())
}

/// How many `byte`s `bytes` holds (byte-wide counts over runs of 255, which the compiler
/// vectorizes).
fn memchr_count(byte: u8, bytes: &[u8]) -> usize {
    bytes.chunks(255).map(|run| usize::from(run.iter().fold(0u8, |n, &b| n + u8::from(b == byte)))).sum()
}

/// Lines in `text` as [`cards_core::LineIndex`] counts them (`\n`, `\r\n`, a lone `\r`).
fn count_lines(text: &[u8]) -> usize {
    if memchr_count(b'\r', text) == 0 {
        return memchr_count(b'\n', text);
    }
    let mut lines = 0;
    for (i, &b) in text.iter().enumerate() {
        match b {
            b'\n' => lines += 1,
            b'\r' if text.get(i + 1) != Some(&b'\n') => lines += 1,
            _ => {}
        }
    }
    lines
}

/// Whether every line of `text` is blank or a comment.
fn only_trivia(text: &str) -> bool {
    text.lines().all(|line| {
        let line = line.trim();
        line.is_empty() || line.starts_with('#')
    })
}

/// Groups the raw hands phh's reader cuts into units (see [`PhhNotation`]).
struct Units<'r> {
    reader: phh::Reader<Box<dyn std::io::BufRead + Send + 'r>>,
    /// The file is named `.phhs` (a file of only comments then holds no hand).
    phhs: bool,
    /// A hand cut already that opens the next unit.
    ahead: Option<Raw>,
    first: bool,
    done: bool,
    line: usize,
}

impl Units<'_> {
    fn next_unit(&mut self) -> std::io::Result<Option<super::Unit>> {
        let mut raws: Vec<Raw> = self.ahead.take().into_iter().collect();
        let mut bytes: usize = raws.iter().map(|r| r.text().len()).sum();
        while let Some(raw) = self.reader.read_raw() {
            let raw = raw?;
            if !raws.is_empty() && bytes + raw.text().len() > UNIT_BYTES {
                self.ahead = Some(raw);
                break;
            }
            bytes += raw.text().len();
            raws.push(raw);
        }
        let Some(opening) = raws.first() else {
            self.done = true;
            return Ok(None);
        };
        let (offset, index) = (opening.offset(), opening.index());
        let text: String = raws.iter().map(Raw::text).collect();
        let whole = self.first && !opening.is_table();
        let no_hands = whole && self.phhs && !looks_like_json(&text) && only_trivia(&text);
        let last = self.ahead.is_none();
        self.done = last;
        let context = PhhUnit { raws, first: self.first, last, whole, no_hands };
        let unit =
            super::Unit { offset, line: self.line, index, context: Some(std::sync::Arc::new(context)), text };
        self.first = false;
        self.line += count_lines(unit.text.as_bytes());
        Ok(Some(unit))
    }
}

impl Iterator for Units<'_> {
    type Item = std::io::Result<super::Unit>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let unit = self.next_unit();
        if unit.is_err() {
            self.done = true;
        }
        unit.transpose()
    }
}

/// A unit's hands, read (not checked).
fn read_unit(unit: &super::Unit) -> Vec<Record> {
    match context(unit) {
        Some(context) => parse(&context.raws),
        None => parse(&cut(unit.text.as_bytes()).1),
    }
}

/// Whether a unit is a whole file that is not a `.phhs` of tables (a `.phh` hand, a JSON
/// document, only comments).
fn is_whole(unit: &super::Unit) -> bool {
    context(unit).is_none_or(|c| c.whole)
}

impl super::Notation for PhhNotation {
    fn format(&self) -> super::Format {
        super::Format::Phh
    }

    fn units<'r>(
        &self,
        input: Box<dyn std::io::BufRead + Send + 'r>,
        path: &std::path::Path,
    ) -> super::Units<'r> {
        let phhs = path.extension().is_some_and(|e| e.eq_ignore_ascii_case("phhs"));
        let reader = phh::Reader::new(input, phh::Options::default());
        Box::new(Units { reader, phhs, ahead: None, first: true, done: false, line: 0 })
    }

    fn check(&self, unit: &super::Unit, opts: &CheckOptions) -> Vec<RecordReport> {
        let Some(context) = context(unit) else { return check(unit.text.as_bytes(), opts).records };
        if context.no_hands {
            return Vec::new();
        }
        let options = options(opts);
        let checker = Phh::checker(&options);
        context.raws.iter().map(|raw| check_raw(raw, &options, &checker, opts, unit.offset)).collect()
    }

    fn fmt(&self, unit: &super::Unit, opts: &FmtOptions) -> Result<Vec<u8>, Refusal> {
        let Some(context) = context(unit) else { return fmt(unit.text.as_bytes(), opts) };
        if context.no_hands {
            return Ok(unit.text.clone().into_bytes());
        }
        let mut out = fmt_records(&unit.text, unit.offset, &read_unit(unit), opts)?;
        if !is_whole(unit) && unit.index > 0 && !opts.preserve && !out.is_empty() {
            out.insert(0, b'\n');
        }
        Ok(out)
    }

    fn convert(&self, unit: &super::Unit, to: ConvertTo) -> Result<Vec<u8>, Refusal> {
        if is_whole(unit) {
            return convert(unit.text.as_bytes(), to);
        }
        let records = read_unit(unit);
        refuse_on_errors(&unit.text, unit.offset, &records)?;
        let first = context(unit).is_some_and(|c| c.first);
        let last = context(unit).is_some_and(|c| c.last);
        match to {
            ConvertTo::Native => {
                let mut out = canonical(&records);
                if !first && !out.is_empty() {
                    out.insert(0, b'\n');
                }
                Ok(out)
            }
            ConvertTo::Json => {
                // The document `to_json` writes for the whole file, one unit's share at a time.
                let json = phh::json::JsonFile::from_records(&records);
                let mut out = Vec::new();
                if first {
                    out.extend_from_slice(b"{\n  \"hands\": [");
                }
                for (i, hand) in json.hands.iter().enumerate() {
                    out.extend_from_slice(if first && i == 0 { b"\n" } else { b",\n" });
                    let text = serde_json::to_string_pretty(hand).unwrap_or_default();
                    for (n, line) in text.split('\n').enumerate() {
                        if n > 0 {
                            out.push(b'\n');
                        }
                        out.extend_from_slice(b"    ");
                        out.extend_from_slice(line.as_bytes());
                    }
                }
                if last {
                    out.extend_from_slice(b"\n  ]\n}\n");
                }
                Ok(out)
            }
        }
    }
}
#[cfg(test)]
mod tests {
    use super::*;

    /// Human output asks for no fields: the same diagnostics, no field map built.
    #[test]
    fn no_fields_changes_only_the_fields() {
        let text = "[1]\nvariant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n\
                    starting_stacks = [200, 200]\nactions = ['d dh p1 AhKh', 'd dh p2 QsQd', 'p1 zz']\n\
                    [2]\nvariant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n\
                    starting_stacks = [200, 200]\nactions = ['d dh p1 AhKh', 'd dh p2 QsQd', 'p1 f']\n";
        let json = check(text.as_bytes(), &CheckOptions::default());
        let human = check(text.as_bytes(), &CheckOptions { no_fields: true, ..CheckOptions::default() });
        assert_eq!(json.records.len(), 2);
        assert!(json.records[0].diagnostics.iter().any(Diagnostic::is_error));
        for (json, human) in json.records.iter().zip(&human.records) {
            assert_eq!(json.diagnostics, human.diagnostics);
            assert!(!json.fields.is_empty());
            assert!(human.fields.is_empty());
        }
    }
}
