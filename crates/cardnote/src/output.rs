//! Rendering results: JSON Lines records, miette reports, and the closing summary.

use std::io::{IsTerminal, Write};
use std::time::Duration;

use cards_core::{Diagnostic, LineIndex, Severity};
use serde_json::{Map, Value, json};

use crate::formats::{Format, RecordReport};

/// Counts for the closing summary.
#[derive(Debug, Default)]
pub struct Summary {
    /// Files read.
    pub files: u64,
    /// Records read.
    pub records: u64,
    /// Records with no error.
    pub ok: u64,
    /// Records with at least one error.
    pub invalid: u64,
    /// Warnings in all records.
    pub warnings: u64,
    /// Bytes read.
    pub bytes: u64,
}

impl Summary {
    /// Counts one record.
    pub fn add(&mut self, record: &RecordReport) {
        self.records += 1;
        if record.diagnostics.iter().any(Diagnostic::is_error) {
            self.invalid += 1;
        } else {
            self.ok += 1;
        }
        self.warnings += record.diagnostics.iter().filter(|d| d.severity == Severity::Warning).count() as u64;
    }

    /// Prints the one-line summary.
    pub fn print(&self, out: &mut impl Write, elapsed: Duration) {
        let secs = elapsed.as_secs_f64().max(1e-9);
        let mb_per_s = self.bytes as f64 / 1e6 / secs;
        let _ = writeln!(
            out,
            "files: {}, records: {}, ok: {}, invalid: {}, warnings: {}, bytes: {}, {:.1} MB/s",
            self.files, self.records, self.ok, self.invalid, self.warnings, self.bytes, mb_per_s
        );
    }
}

fn diagnostic_json(diag: &Diagnostic, source: &str, index: &LineIndex) -> Value {
    let (line, column) = index.line_col(source, diag.span.start);
    json!({ "code": diag.code, "message": diag.message, "line": line, "column": column })
}

/// The JSON object of one record (the `check --json` contract).
pub fn record_json(
    file: &str,
    record_index: usize,
    format: Format,
    record: &RecordReport,
    source: &str,
    index: &LineIndex,
) -> Value {
    let mut object = Map::new();
    object.insert("file".into(), Value::String(file.to_owned()));
    object.insert("index".into(), Value::from(record_index));
    object.insert("format".into(), Value::String(format.name().to_owned()));
    let errors: Vec<Value> = record
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(|d| diagnostic_json(d, source, index))
        .collect();
    let warnings: Vec<Value> = record
        .diagnostics
        .iter()
        .filter(|d| !d.is_error())
        .map(|d| diagnostic_json(d, source, index))
        .collect();
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

/// Renders every diagnostic of a record with miette (file, line, column, caret, help).
pub fn print_human_record(out: &mut impl Write, file: &str, source: &str, record: &RecordReport) {
    let color = std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let theme =
        if color { miette::GraphicalTheme::unicode() } else { miette::GraphicalTheme::unicode_nocolor() };
    let handler = miette::GraphicalReportHandler::new_themed(theme).with_width(110);
    for diag in &record.diagnostics {
        let report = miette::Report::new(diag.to_miette())
            .with_source_code(miette::NamedSource::new(file, source.to_owned()));
        let mut text = String::new();
        if handler.render_report(&mut text, report.as_ref()).is_err() {
            text = format!("{file}: {diag}\n");
        }
        let _ = writeln!(out, "{text}");
    }
}
