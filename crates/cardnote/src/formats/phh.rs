//! Glue for the `phh` notation (`.phh`, `.phhs`): a thin layer over the `phh` crate's one shape
//! ([`phh::Phh`]): its reader cuts the file into raw hands, [`Phh`]'s parse and checker read and
//! replay them on the workers, its writers write them back. What is the CLI's own: the JSON fields
//! of `check --json`, and the refusals of `fmt` and `convert`.

use std::path::Path;

use cards_core::notation::{ReadRecords, WriteRecords};
use cards_core::{Diagnostic, Severity, Span};
pub use phh::Phh;
use phh::{Raw, Record};
use serde_json::{Map, Value};

use super::{CheckOptions, Checked, ConvertTo, FmtOptions, Glue, Input, RecordReport, Refusal, Unit, Units};

/// The raw hands of a whole input, as phh's reader cuts them, and the text they make (the decoded
/// input, which every span refers to).
pub fn cut(data: &[u8]) -> (String, Vec<Raw>) {
    let mut reader = phh::Reader::new(data, phh::Options::default());
    // Reading from memory cannot fail.
    let raws: Vec<Raw> = std::iter::from_fn(|| reader.read_raw()).filter_map(Result::ok).collect();
    (raws.iter().map(Raw::text).collect(), raws)
}

/// The records of raw hands, read (not checked).
pub fn parse(raws: &[Raw]) -> Vec<Record> {
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

/// The records read from `source`, which starts at `base` in the input, rewritten: canonically, or
/// with `preserve` only the action notations that are not in canonical form (comments, blank
/// lines and field order stay). Refuses records with errors unless `opts.force`.
fn fmt_records(source: &str, base: usize, records: &[Record], opts: &FmtOptions) -> Result<Vec<u8>, Refusal> {
    // Forced, a file is still refused when a hand has no model to write (its errors say why).
    if !opts.force || records.iter().any(|r| r.model.hand.is_none()) {
        super::refuse_errors(source, base, records)?;
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

fn to_json(json: &phh::json::JsonFile) -> Vec<u8> {
    let mut out = serde_json::to_vec_pretty(json).unwrap_or_default();
    out.push(b'\n');
    out
}

/// Whether every line of `text` is blank or a comment.
fn only_trivia(text: &str) -> bool {
    text.lines().all(|line| {
        let line = line.trim();
        line.is_empty() || line.starts_with('#')
    })
}

/// What a PHH unit knows of its file: it is a `.phhs` file that holds no hand (only comments and
/// blank lines).
#[derive(Debug, Default)]
pub struct NoHands(bool);

/// The report of one hand checked: its diagnostics (spans moved into the unit) and its JSON fields.
fn report(checked: Checked<phh::FileHand>, opts: &CheckOptions, base: usize) -> RecordReport {
    let Checked { mut record, read } = checked;
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

/// PHH for the commands: phh's reader cuts the file into raw hands, grouped into units; a
/// `.phhs` of only comments holds no hand.
impl Glue for Phh {
    const FORMAT: super::Format = super::Format::Phh;
    const FINISH: bool = false;
    type Item = Raw;
    type Data = NoHands;

    fn units<'r>(input: Input<'r>, path: &Path, limit: usize) -> Units<'r, Phh> {
        let phhs = path.extension().is_some_and(|e| e.eq_ignore_ascii_case("phhs"));
        let units = super::TextUnits::<Phh, _>::new(input, limit, Raw::text);
        Box::new(units.map(move |unit| {
            let mut unit = unit?;
            let whole = unit.first && unit.items.first().is_some_and(|raw| !raw.is_table());
            let json = unit.text.trim_start().starts_with('{');
            unit.data = NoHands(whole && phhs && !json && only_trivia(&unit.text));
            Ok(unit)
        }))
    }

    fn options(opts: &CheckOptions) -> phh::Options {
        phh::Options { strict: opts.strict, profile: opts.rules }
    }

    fn read(raw: Raw, options: &phh::Options) -> Record {
        raw.parse(options)
    }

    /// One record per hand with `variant`, `players`, `actions` (non-empty notations), and from
    /// the replay `terminal`, `finishing_stacks` and `payoffs` (`null` when the hand has parse
    /// errors and is not replayed).
    fn reports(
        unit: &Unit<Phh>,
        records: impl Iterator<Item = Checked<Self::Model>>,
        opts: &CheckOptions,
    ) -> Vec<RecordReport> {
        if unit.data.0 {
            return Vec::new();
        }
        records.map(|checked| report(checked, opts, unit.offset)).collect()
    }

    fn fmt(unit: Unit<Phh>, opts: &FmtOptions) -> Result<Vec<u8>, Refusal> {
        if unit.data.0 {
            return Ok(unit.text.into_bytes());
        }
        let records = parse(&unit.items);
        let mut out = fmt_records(&unit.text, unit.offset, &records, opts)?;
        if unit.index > 0 && !opts.preserve && !out.is_empty() {
            out.insert(0, b'\n');
        }
        Ok(out)
    }

    fn convert_open(to: ConvertTo) -> Vec<u8> {
        match to {
            ConvertTo::Json => b"{\n  \"hands\": [".to_vec(),
            ConvertTo::Native => Vec::new(),
        }
    }

    fn convert(unit: Unit<Phh>, to: ConvertTo) -> Result<Vec<u8>, Refusal> {
        let records = parse(&unit.items);
        super::refuse_errors(&unit.text, unit.offset, &records)?;
        let mut out = Vec::new();
        match to {
            ConvertTo::Native => {
                out = canonical(&records);
                if !unit.first && !out.is_empty() {
                    out.insert(0, b'\n');
                }
            }
            ConvertTo::Json => {
                // The document `to_json` writes for the whole file, one unit's share at a time.
                for (i, hand) in phh::json::JsonFile::from_records(&records).hands.iter().enumerate() {
                    out.extend_from_slice(if unit.first && i == 0 { b"\n    " } else { b",\n    " });
                    let text = serde_json::to_string_pretty(hand).unwrap_or_default();
                    out.extend_from_slice(super::indented(&text, 4).as_bytes());
                }
            }
        }
        Ok(out)
    }

    /// From the JSON form: to the JSON form normalised, or to PHH (refused when the written text
    /// does not read back without errors: the JSON may hold values the checks refuse, or float
    /// text that is not TOML).
    fn from_json(source: &str, to: ConvertTo) -> Option<Result<Vec<u8>, Refusal>> {
        let json: phh::json::JsonFile = match serde_json::from_str(source) {
            Ok(json) => json,
            Err(e) => return Some(Err(json_refusal(source, &e))),
        };
        Some(match to {
            ConvertTo::Native => {
                let text = json.to_phh();
                let (_, raws) = cut(text.as_bytes());
                super::refuse_errors(&text, 0, &parse(&raws)).map(|()| text.into_bytes())
            }
            ConvertTo::Json => Ok(to_json(&json)),
        })
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
        let check = |opts| super::super::check_file::<Phh>(text.as_bytes(), &opts);
        let json = check(CheckOptions::default());
        let human = check(CheckOptions { no_fields: true, ..CheckOptions::default() });
        assert_eq!(json.records.len(), 2);
        assert!(json.records[0].diagnostics.iter().any(Diagnostic::is_error));
        for (json, human) in json.records.iter().zip(&human.records) {
            assert_eq!(json.diagnostics, human.diagnostics);
            assert!(!json.fields.is_empty());
            assert!(human.fields.is_empty());
        }
    }
}
