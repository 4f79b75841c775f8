//! Glue for Portable Pinochle Notation (`ppn-pinochle`): check, format and convert.
//!
//! Per hand, `check` reports the fields `hand`, `dealer`, `declarer`, `contract`, `trump`,
//! `meld_scores`, `play_scores` and `result` (stated values, or computed ones where a tag is
//! absent), and every diagnostic code is the rules digest's name.

use cards_core::{Diagnostic, Span};
use ppn_pinochle::model::{FormatKind, Header, Item, PpnFile};
use ppn_pinochle::parse::{Parsed, parse};
use ppn_pinochle::validate::{Summary, check_parsed};
use ppn_pinochle::write::{segment_text, to_export, token_text, write};
use serde_json::{Map, Value, json};

use super::{CheckOptions, ConvertTo, FileCheck, FmtOptions, RecordReport, Refusal, decode_text};

fn options(opts: &CheckOptions) -> ppn_pinochle::Options {
    let _ = opts;
    ppn_pinochle::Options::default()
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

/// Checks a whole file: one record per hand.
#[must_use]
pub fn check(data: &[u8], opts: &CheckOptions) -> FileCheck {
    let source = decode_text(data);
    let parsed = parse(&source);
    let reports = check_parsed(&parsed, &options(opts));
    let records = reports
        .into_iter()
        .map(|r| RecordReport { fields: fields(&r.summary), diagnostics: r.diagnostics })
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

fn checked_write(source: &str, model: &PpnFile) -> Result<Vec<u8>, Refusal> {
    let text = write(model);
    if parse(&text).file != *model {
        return Err(Refusal {
            source: source.to_owned(),
            diagnostics: vec![Diagnostic::error(
                "PPN_ROUND_TRIP",
                "internal error: the written file does not read back to the same record",
                Span::at(0),
            )],
        });
    }
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

/// The JSON form of a file: headers, then per hand its tags (name, value, segment, section lines)
/// and comments.
#[must_use]
pub fn to_json(file: &PpnFile) -> Value {
    let headers: Vec<Value> = file
        .headers
        .iter()
        .map(|h| match &h.header {
            Header::Notation(v) => json!({ "notation": v }),
            Header::Format(FormatKind::Export) => json!({ "format": "EXPORT" }),
            Header::Format(FormatKind::Import) => json!({ "format": "IMPORT" }),
            Header::Id(id) => json!({ "id": id }),
            Header::Blank => json!({ "blank": true }),
            Header::Other(t) => json!({ "other": t }),
        })
        .collect();
    let hands: Vec<Value> = file
        .hands
        .iter()
        .map(|hand| {
            let items: Vec<Value> = hand
                .items
                .iter()
                .map(|item| match item {
                    Item::Comment(c) => json!({ "comment": c.text }),
                    Item::Tag(tag) => {
                        let mut m = Map::new();
                        m.insert("name".into(), json!(tag.name));
                        m.insert("value".into(), json!(tag.value));
                        if let Some(seg) = &tag.segment {
                            m.insert("segment".into(), json!(segment_text(seg)));
                        }
                        if let Some(section) = &tag.section {
                            let lines: Vec<Value> = section
                                .lines
                                .iter()
                                .map(|l| {
                                    json!(l.tokens.iter().map(|t| token_text(&t.value)).collect::<Vec<_>>())
                                })
                                .collect();
                            m.insert("lines".into(), json!(lines));
                        }
                        Value::Object(m)
                    }
                })
                .collect();
            json!({ "items": items })
        })
        .collect();
    json!({ "format": "ppn-pinochle", "headers": headers, "hands": hands })
}

/// Converts a file: to its JSON form, or to canonical PPN.
pub fn convert(data: &[u8], to: ConvertTo) -> Result<Vec<u8>, Refusal> {
    let source = decode_text(data);
    match to {
        ConvertTo::Native => {
            let parsed = refuse_on_errors(&source, &CheckOptions::default())?;
            checked_write(&source, &canonical(&parsed.file))
        }
        ConvertTo::Json => {
            let parsed = refuse_on_errors(&source, &CheckOptions::default())?;
            let mut out = serde_json::to_vec_pretty(&to_json(&parsed.file)).unwrap_or_default();
            out.push(b'\n');
            Ok(out)
        }
    }
}
