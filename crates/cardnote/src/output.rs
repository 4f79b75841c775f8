//! Rendering results: JSON Lines records, miette reports, and the closing summary.

use std::io::{IsTerminal, Write};
use std::sync::Arc;
use std::time::Duration;

use cards_core::{Diagnostic, LineIndex, Severity};
use miette::{MietteError, MietteSpanContents, SourceCode, SourceSpan, SpanContents};
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

fn diagnostic_json(diag: &Diagnostic, line_col: &dyn Fn(usize) -> (usize, usize)) -> Value {
    let (line, column) = line_col(diag.span.start);
    json!({ "code": diag.code, "message": diag.message, "line": line, "column": column })
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

/// A file's text prepared for rendering many diagnostics: shared once, with its line index, so
/// each report reads only the lines around its span (miette alone rescans the file from the start
/// for every diagnostic, which is quadratic on a large file with many reports).
#[derive(Clone)]
pub struct RenderSource {
    text: Arc<str>,
    index: Arc<LineIndex>,
    /// Where `text` starts in the file: its byte offset and the number of lines before it.
    byte_offset: usize,
    line_offset: usize,
}

impl RenderSource {
    /// Prepares `text` for rendering.
    #[must_use]
    pub fn new(text: &str) -> RenderSource {
        RenderSource::part(text, 0, 0)
    }

    /// Prepares a part of a file (a streamed record) that starts at byte `byte_offset`, after
    /// `line_offset` lines; spans stay offsets in the whole file.
    #[must_use]
    pub fn part(text: &str, byte_offset: usize, line_offset: usize) -> RenderSource {
        RenderSource {
            text: Arc::from(text),
            index: Arc::new(LineIndex::new(text)),
            byte_offset,
            line_offset,
        }
    }
}

impl SourceCode for RenderSource {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let text: &'a str = &self.text;
        let starts = self.index.line_starts();
        let offset = span.offset().saturating_sub(self.byte_offset).min(text.len());
        let end = (span.offset().saturating_sub(self.byte_offset) + span.len()).min(text.len());
        let first_line = self.index.line_of(offset).saturating_sub(context_lines_before);
        let last_line = self.index.line_of(end) + context_lines_after + 1;
        let window_start = starts.get(first_line).copied().unwrap_or(0);
        let window_end = starts.get(last_line + 1).copied().unwrap_or(text.len()).max(end);
        let Some(window) = text.get(window_start..window_end) else {
            let local = SourceSpan::new(offset.into(), end - offset);
            return text.read_span(&local, context_lines_before, context_lines_after);
        };
        let local = SourceSpan::new((offset - window_start).into(), end - offset);
        let inner = window.read_span(&local, context_lines_before, context_lines_after)?;
        let shifted = SourceSpan::new(
            (inner.span().offset() + window_start + self.byte_offset).into(),
            inner.span().len(),
        );
        Ok(Box::new(MietteSpanContents::new(
            inner.data(),
            shifted,
            inner.line() + first_line + self.line_offset,
            inner.column(),
            inner.line_count(),
        )))
    }
}

/// Renders every diagnostic of a record with miette (file, line, column, caret, help).
pub fn print_human_record(out: &mut impl Write, file: &str, source: &RenderSource, record: &RecordReport) {
    let color = std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let theme =
        if color { miette::GraphicalTheme::unicode() } else { miette::GraphicalTheme::unicode_nocolor() };
    let handler = miette::GraphicalReportHandler::new_themed(theme).with_width(110);
    for diag in &record.diagnostics {
        let report = miette::Report::new(diag.to_miette())
            .with_source_code(miette::NamedSource::new(file, source.clone()));
        let mut text = String::new();
        if handler.render_report(&mut text, report.as_ref()).is_err() {
            text = format!("{file}: {diag}\n");
        }
        let _ = writeln!(out, "{text}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards_core::Span;

    fn render(text: &str, span: Span) -> String {
        let record = RecordReport {
            diagnostics: vec![Diagnostic::error("X_CODE", "bad", span)],
            fields: Default::default(),
        };
        let mut out = Vec::new();
        print_human_record(&mut out, "f.txt", &RenderSource::new(text), &record);
        String::from_utf8(out).unwrap_or_default()
    }

    #[test]
    fn windowed_rendering_matches_whole_file_rendering() {
        let text: String = (1..=40).map(|i| format!("line {i} has some text\r\n")).collect();
        let at = text.find("line 30 ").unwrap_or(0) + 5;
        let ours = render(&text, Span::new(at, at + 2));
        assert!(ours.contains("f.txt:30:6"), "{ours}");
        assert!(ours.contains("29 │ line 29"), "{ours}");
        assert!(ours.contains("31 │ line 31"), "{ours}");
        let plain = Diagnostic::error("X_CODE", "bad", Span::new(at, at + 2)).render_plain("f.txt", &text);
        assert!(plain.contains("f.txt:30:6"), "{plain}");
        for (line, span) in [(1, Span::new(0, 1)), (40, Span::new(text.len() - 3, text.len()))] {
            let out = render(&text, span);
            assert!(out.contains(&format!("f.txt:{line}:")), "{out}");
        }
        let empty = render("", Span::at(0));
        assert!(empty.contains("X_CODE"), "{empty}");
    }
}
