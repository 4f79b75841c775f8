//! Glue for the `phh` notation (`.phh`, `.phhs`): check (with replay through poker-engine), fmt
//! (canonical or format-preserving) and convert (to and from the JSON form of `phh::json`).

use cards_core::{Diagnostic, Span};
use serde_json::{Map, Value};

use super::{CheckOptions, ConvertTo, FileCheck, FmtOptions, RecordReport, Refusal, Rules, decode_text};

fn profile(rules: Rules) -> phh::replay::RuleProfile {
    match rules {
        Rules::Pokerkit => phh::replay::RuleProfile::Pokerkit,
        Rules::Wsop => phh::replay::RuleProfile::Wsop,
    }
}

fn strings(values: &[String]) -> Value {
    Value::Array(values.iter().map(|s| Value::String(s.clone())).collect())
}

/// Checks a whole file: one record per hand with `variant`, `players`, `actions` (non-empty
/// notations), and from the replay `terminal`, `finishing_stacks` and `payoffs` (`null` when the
/// hand has parse errors and is not replayed).
#[must_use]
pub fn check(data: &[u8], opts: &CheckOptions) -> FileCheck {
    let source = decode_text(data);
    let records = phh::hands(&source).map(|parsed| check_hand(&parsed, opts)).collect();
    FileCheck { source, records }
}

/// Checks one parsed hand (from [`phh::hands`] or the streaming [`phh::stream::HandReader`]):
/// its diagnostics (spans in the whole file) and its JSON fields.
#[must_use]
pub fn check_hand(parsed: &phh::ParsedHand, opts: &CheckOptions) -> RecordReport {
    let rules = profile(opts.rules);
    let mut fields = Map::new();
    let mut diagnostics = parsed.diagnostics.clone();
    match &parsed.hand {
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
    let outcome = if parsed.has_errors() { None } else { phh::replay::replay_parsed(parsed, rules) };
    match outcome {
        // Not replayable as written (an illegal action, or replayed only by inserting actions as
        // PokerKit does): the file implies no outcome, so its fields are null. A repaired outcome
        // is kept apart, as `repaired_outcome`, beside the warnings that say what was inserted.
        Some(outcome) if !phh::replay::replayed_as_written(&outcome.diagnostics) => {
            fields.insert("terminal".into(), Value::Null);
            fields.insert("finishing_stacks".into(), Value::Null);
            fields.insert("payoffs".into(), Value::Null);
            if !outcome.diagnostics.iter().any(Diagnostic::is_error) {
                let mut repaired = Map::new();
                repaired.insert("terminal".into(), Value::Bool(outcome.terminal));
                repaired.insert("finishing_stacks".into(), strings(&outcome.finishing_stacks));
                repaired.insert("payoffs".into(), strings(&outcome.payoffs));
                fields.insert("repaired_outcome".into(), Value::Object(repaired));
            }
            diagnostics.extend(outcome.diagnostics);
        }
        Some(outcome) => {
            fields.insert("terminal".into(), Value::Bool(outcome.terminal));
            fields.insert("finishing_stacks".into(), strings(&outcome.finishing_stacks));
            fields.insert("payoffs".into(), strings(&outcome.payoffs));
            diagnostics.extend(outcome.diagnostics);
        }
        None => {
            fields.insert("terminal".into(), Value::Null);
            fields.insert("finishing_stacks".into(), Value::Null);
            fields.insert("payoffs".into(), Value::Null);
        }
    }
    // After the replay: its rake warning is a leniency too.
    phh::Options { strict: opts.strict, ..phh::Options::default() }.apply(&mut diagnostics);
    RecordReport { diagnostics, fields }
}

fn refuse_on_errors(source: &str, file: &phh::ParsedFile) -> Result<(), Refusal> {
    if file.has_errors() {
        let diagnostics =
            file.hands.iter().flat_map(|h| h.diagnostics.iter().filter(|d| d.is_error()).cloned()).collect();
        return Err(Refusal { source: source.to_owned(), diagnostics });
    }
    Ok(())
}

fn canonical(file: &phh::ParsedFile) -> String {
    if file.multi {
        phh::write_named_hands(
            file.hands.iter().filter_map(|h| Some((h.name.as_deref().unwrap_or(""), h.hand.as_ref()?))),
        )
    } else {
        file.hands.first().and_then(|h| h.hand.as_ref()).map(phh::write_hand).unwrap_or_default()
    }
}

/// Rewrites a file: canonically, or with `preserve` only the action notations that are not in
/// canonical form (comments, blank lines and field order stay). Refuses a file with errors
/// unless `opts.force`.
pub fn fmt(data: &[u8], opts: &FmtOptions) -> Result<Vec<u8>, Refusal> {
    let source = decode_text(data);
    let file = phh::parse_file(&source);
    // Forced, a file is still refused when a hand has no model to write (its errors say why).
    if !opts.force || file.hands.iter().any(|h| h.hand.is_none()) {
        refuse_on_errors(&source, &file)?;
    }
    if !opts.preserve {
        // Every comment stays beside its field or action, or the rewrite is refused.
        return phh::comments::write_canonical(&source, &file)
            .map(String::into_bytes)
            .map_err(|d| Refusal { source: source.clone(), diagnostics: vec![d] });
    }
    let refusal = |message: String| Refusal {
        source: source.clone(),
        diagnostics: vec![Diagnostic::error("PHH_TOML_SYNTAX", message, Span::at(0))],
    };
    let mut editor = phh::edit::Editor::new(&source)
        .map_err(|d| Refusal { source: source.clone(), diagnostics: vec![d] })?;
    for parsed in &file.hands {
        let Some(hand) = &parsed.hand else { continue };
        let table = if file.multi { parsed.name.as_deref() } else { None };
        for (i, (action, span)) in hand.actions.iter().zip(&parsed.action_spans).enumerate() {
            let canonical = action.to_string();
            if source.get(span.range()) != Some(canonical.as_str()) {
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
    let source = decode_text(data);
    if looks_like_json(&source) {
        let json: phh::json::JsonFile =
            serde_json::from_str(&source).map_err(|e| json_refusal(&source, &e))?;
        return match to {
            ConvertTo::Native => {
                // The JSON may hold values the checks refuse (or float text that is not TOML):
                // the written text must read back without errors.
                let text = json.to_phh();
                let back = phh::parse_file(&text);
                refuse_on_errors(&text, &back)?;
                Ok(text.into_bytes())
            }
            ConvertTo::Json => Ok(to_json(&json)),
        };
    }
    let file = phh::parse_file(&source);
    refuse_on_errors(&source, &file)?;
    match to {
        ConvertTo::Native => Ok(canonical(&file).into_bytes()),
        ConvertTo::Json => Ok(to_json(&phh::json::JsonFile::from_parsed(&file))),
    }
}

fn to_json(json: &phh::json::JsonFile) -> Vec<u8> {
    let mut out = serde_json::to_vec_pretty(json).unwrap_or_default();
    out.push(b'\n');
    out
}
