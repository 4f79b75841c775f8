//! The JSON object of one record, the `check --json` contract: as a JSON tree ([`record_json`])
//! or written straight to a stream ([`write_record_json`]), the same bytes.

use std::io::Write;

use cards_core::Diagnostic;
use serde_json::{Map, Value, json};

use crate::{Format, RecordReport};

fn diagnostic_json(diag: &Diagnostic, line_col: &dyn Fn(usize) -> (usize, usize)) -> Value {
    let (line, column) = line_col(diag.span().start);
    json!({ "code": diag.code(), "message": diag.message(), "line": line, "column": column })
}

/// The JSON object of one record (the `check --json` contract). `line_col` turns a byte offset of
/// the file into its 1-based line and column.
pub fn record_json(
    file: &str,
    record_index: usize,
    format: Format,
    record: &RecordReport,
    line_col: &dyn Fn(usize) -> (usize, usize),
) -> Value {
    record_json_named(file, record_index, format.name(), record, line_col)
}

/// [`record_json`] for a format named by its `--format` name (the site logs).
pub fn record_json_named(
    file: &str,
    record_index: usize,
    format: &str,
    record: &RecordReport,
    line_col: &dyn Fn(usize) -> (usize, usize),
) -> Value {
    let mut object = Map::new();
    object.insert("file".into(), Value::String(file.to_owned()));
    object.insert("index".into(), Value::from(record_index));
    object.insert("format".into(), Value::String(format.to_owned()));
    let errors: Vec<Value> =
        record.diagnostics.iter().filter(|d| d.is_error()).map(|d| diagnostic_json(d, line_col)).collect();
    let warnings: Vec<Value> =
        record.diagnostics.iter().filter(|d| !d.is_error()).map(|d| diagnostic_json(d, line_col)).collect();
    object.insert("ok".into(), Value::Bool(errors.is_empty()));
    object.insert("errors".into(), Value::Array(errors));
    object.insert("warnings".into(), Value::Array(warnings));
    for (key, value) in &record.fields {
        // The contract's own keys always win over a format field of the same name.
        if !object.contains_key(key) {
            object.insert(key.clone(), value.clone());
        }
    }
    Value::Object(object)
}

/// Writes [`record_json`]'s object, the same bytes as its compact `Display`, straight to `out`
/// without building the JSON tree (the `check --json` hot path).
///
/// # Errors
/// When `out` cannot be written.
pub fn write_record_json(
    out: &mut impl Write,
    file: &str,
    record_index: usize,
    format: &str,
    record: &RecordReport,
    line_col: &dyn Fn(usize) -> (usize, usize),
) -> std::io::Result<()> {
    const CONTRACT: [&str; 6] = ["file", "index", "format", "ok", "errors", "warnings"];
    let ok = !record.diagnostics.iter().any(Diagnostic::is_error);
    out.write_all(b"{\"file\":")?;
    serde_json::to_writer(&mut *out, file)?;
    write!(out, ",\"index\":{record_index},\"format\":")?;
    serde_json::to_writer(&mut *out, format)?;
    write!(out, ",\"ok\":{ok},\"errors\":[")?;
    write_diagnostics(out, record.diagnostics.iter().filter(|d| d.is_error()), line_col)?;
    out.write_all(b"],\"warnings\":[")?;
    write_diagnostics(out, record.diagnostics.iter().filter(|d| !d.is_error()), line_col)?;
    out.write_all(b"]")?;
    for (key, value) in &record.fields {
        // The contract's own keys always win over a format field of the same name.
        if CONTRACT.contains(&key.as_str()) {
            continue;
        }
        out.write_all(b",")?;
        serde_json::to_writer(&mut *out, key)?;
        out.write_all(b":")?;
        serde_json::to_writer(&mut *out, value)?;
    }
    out.write_all(b"}")
}

fn write_diagnostics<'d>(
    out: &mut impl Write,
    diagnostics: impl Iterator<Item = &'d Diagnostic>,
    line_col: &dyn Fn(usize) -> (usize, usize),
) -> std::io::Result<()> {
    for (i, diag) in diagnostics.enumerate() {
        let (line, column) = line_col(diag.span().start);
        if i > 0 {
            out.write_all(b",")?;
        }
        out.write_all(b"{\"code\":")?;
        serde_json::to_writer(&mut *out, diag.code())?;
        out.write_all(b",\"message\":")?;
        serde_json::to_writer(&mut *out, diag.message())?;
        write!(out, ",\"line\":{line},\"column\":{column}}}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards_core::Span;

    #[test]
    fn written_json_is_the_json_tree_s_text() {
        let mut fields = Map::new();
        fields.insert("variant".into(), Value::from("NT \"quoted\" \u{e9}"));
        fields.insert("ok".into(), Value::from("a field may not replace the contract's key"));
        fields.insert("stacks".into(), json!(["1.5", null, {"a": [1, 2.5, true]}]));
        let record = RecordReport {
            diagnostics: vec![
                Diagnostic::warning("W_ONE", "tab\there", Span::new(3, 4)),
                Diagnostic::error("E_ONE", "line\nbreak", Span::at(0)),
                Diagnostic::error("E_TWO", "", Span::at(7)),
            ],
            fields,
        };
        for record in [&record, &RecordReport::default()] {
            let line_col = |offset: usize| (offset + 1, 2 * offset + 1);
            let tree = record_json_named("dir/f \"1\".phh", 7, "phh", record, &line_col).to_string();
            let mut written = Vec::new();
            write_record_json(&mut written, "dir/f \"1\".phh", 7, "phh", record, &line_col).unwrap();
            assert_eq!(String::from_utf8(written).unwrap(), tree);
        }
    }
}
