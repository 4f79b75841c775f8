//! `fmt` and `convert` of PHH (`.phh`, `.phhs`) over the `phh` crate's writers, and the refusals.

use cards_core::notation::{ReadRecords, WriteRecords};
use phh::{Phh, Raw, Record};

use super::{ConvertTo, FmtOptions, Glue, Refusal, Unit};

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

/// The unit's records rewritten: canonically, or with `preserve` only the action notations that
/// are not in canonical form (comments, blank lines and field order stay). Refuses records with
/// errors unless `opts.force`.
fn fmt_records(unit: &Unit<Phh>, records: &[Record], opts: &FmtOptions) -> Result<Vec<u8>, Refusal> {
    let (source, base) = (unit.text.as_str(), unit.offset);
    // Forced, a file is still refused when a hand has no model to write (its errors say why).
    if !opts.force || records.iter().any(|r| r.model.hand.is_none()) {
        super::refuse_errors(unit, records)?;
    }
    let refused = |d| Refusal { source: source.to_owned(), diagnostics: vec![d] };
    if !opts.preserve {
        // Every comment stays beside its field or action, or the rewrite is refused.
        return phh::comments::write_canonical(source, records).map(String::into_bytes).map_err(refused);
    }
    let mut editor = phh::edit::Editor::new(source).map_err(refused)?;
    for record in records {
        let Some(hand) = &record.model.hand else { continue };
        let table = record.model.name.as_deref();
        for (i, (action, span)) in hand.actions.iter().zip(&record.model.action_spans).enumerate() {
            let canonical = action.to_string();
            let written = source.get(span.start.saturating_sub(base)..span.end.saturating_sub(base));
            if written != Some(canonical.as_str()) {
                editor
                    .replace_action(table, i, action)
                    .map_err(|message| Refusal::one(source, "PHH_TOML_SYNTAX", message, 0))?;
            }
        }
    }
    Ok(editor.to_string().into_bytes())
}

fn json_refusal(source: &str, err: &serde_json::Error) -> Refusal {
    let line = err.line();
    let start = if line <= 1 {
        0
    } else {
        source.match_indices('\n').nth(line - 2).map_or(source.len(), |(i, _)| i + 1)
    };
    let at = start + err.column().saturating_sub(1);
    Refusal::one(source, "PHH_JSON", format!("not the PHH JSON form: {err}"), at.min(source.len()))
}

/// PHH for `fmt` and `convert`: the unit's hands read on any thread and written back by phh's
/// writers, or as its JSON form.
impl Glue for Phh {
    fn fmt(unit: Unit<Phh>, opts: &FmtOptions) -> Result<Vec<u8>, Refusal> {
        if unit.data.0 {
            return Ok(unit.text.into_bytes());
        }
        let records = parse(&unit.items);
        let mut out = fmt_records(&unit, &records, opts)?;
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
        super::refuse_errors(&unit, &records)?;
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
                    let _ = super::push_json(&mut out, unit.first && i == 0, hand);
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
                let errors: Vec<_> =
                    parse(&cut(text.as_bytes()).1).iter().flat_map(|r| r.errors().cloned()).collect();
                if errors.is_empty() {
                    Ok(text.into_bytes())
                } else {
                    Err(Refusal { source: text, diagnostics: errors })
                }
            }
            ConvertTo::Json => {
                let mut out = serde_json::to_vec_pretty(&json).unwrap_or_default();
                out.push(b'\n');
                Ok(out)
            }
        })
    }
}
