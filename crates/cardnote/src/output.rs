//! Rendering results for people: miette reports (coloured only for a terminal, capped
//! per file), and the closing summary.

use std::collections::BTreeMap;
use std::io::Write;
use std::sync::Arc;
use std::time::Duration;

use cardnote_check::RecordReport;
use cards_core::{Diagnostic, LineIndex, Severity};
use miette::{MietteError, MietteSpanContents, SourceCode, SourceSpan, SpanContents};

/// Counts for the closing summary: what was read (files, records and bytes, by format), what
/// failed (records, files, diagnostics by code).
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
    /// Files, records and invalid records of each format, by name.
    formats: BTreeMap<String, FormatCount>,
    /// The format of the file being read ([`Summary::file`]).
    format: Option<String>,
    /// Whether the file being read has an invalid record yet.
    file_failed: bool,
    /// The file being read.
    file: String,
    /// Files with at least one invalid record, in the order read.
    failed_files: Vec<String>,
    /// Errors by code.
    error_codes: BTreeMap<&'static str, u64>,
    /// Warnings by code.
    warning_codes: BTreeMap<&'static str, u64>,
}

/// One format's line of the summary.
#[derive(Debug, Default)]
struct FormatCount {
    files: u64,
    records: u64,
    invalid: u64,
}

/// The rate is printed only for a run that read at least this many bytes...
const RATE_MIN_BYTES: u64 = 32 << 20;
/// ...and took at least this long: below, it measures process start, the walk and rendering
/// more than reading.
const RATE_MIN_TIME: Duration = Duration::from_secs(1);
/// Codes named in each `by code` line; the rest are counted together.
const CODES_SHOWN: usize = 12;
/// Files named in the `files with errors` line.
const FILES_SHOWN: usize = 8;

impl Summary {
    /// Starts counting the file `shown` of `format` (its name: `phh`, `pokerstars`, ...).
    pub fn file(&mut self, shown: &str, format: &str) {
        self.files += 1;
        self.formats.entry(format.to_owned()).or_default().files += 1;
        self.format = Some(format.to_owned());
        shown.clone_into(&mut self.file);
        self.file_failed = false;
    }

    /// Counts one record of the current file.
    pub fn add(&mut self, record: &RecordReport) {
        self.records += 1;
        let count = self.format.as_ref().and_then(|f| self.formats.get_mut(f));
        let invalid = record.diagnostics.iter().any(Diagnostic::is_error);
        if invalid {
            self.invalid += 1;
            if !self.file_failed {
                self.file_failed = true;
                self.failed_files.push(self.file.clone());
            }
        } else {
            self.ok += 1;
        }
        if let Some(count) = count {
            count.records += 1;
            count.invalid += u64::from(invalid);
        }
        for d in &record.diagnostics {
            if d.is_error() {
                *self.error_codes.entry(d.code()).or_default() += 1;
            } else if d.severity() == Severity::Warning {
                self.warnings += 1;
                *self.warning_codes.entry(d.code()).or_default() += 1;
            }
        }
    }

    /// Prints the summary: the totals on the first line (`files: 3, records: 12, ok: 11,
    /// invalid: 1, warnings: 0, bytes: 2048`, with the rate in MB/s only for a run of at least
    /// 32 MiB and 1 s), then the records of each format (when more than one was read), the
    /// errors and warnings by code, most frequent first, and the files with errors.
    pub fn print(&self, out: &mut impl Write, elapsed: Duration) {
        let _ = self.write(out, elapsed);
    }

    fn write(&self, out: &mut impl Write, elapsed: Duration) -> std::io::Result<()> {
        write!(
            out,
            "files: {}, records: {}, ok: {}, invalid: {}, warnings: {}, bytes: {}",
            self.files, self.records, self.ok, self.invalid, self.warnings, self.bytes
        )?;
        if self.bytes >= RATE_MIN_BYTES && elapsed >= RATE_MIN_TIME {
            write!(out, ", {:.1} MB/s", self.bytes as f64 / 1e6 / elapsed.as_secs_f64())?;
        }
        writeln!(out)?;
        if self.formats.len() > 1 {
            for (name, count) in &self.formats {
                let files = if count.files == 1 { "file" } else { "files" };
                let records = if count.records == 1 { "record" } else { "records" };
                writeln!(
                    out,
                    "  {name}: {} {files}, {} {records}, {} invalid",
                    count.files, count.records, count.invalid
                )?;
            }
        }
        for (what, codes) in [("errors", &self.error_codes), ("warnings", &self.warning_codes)] {
            if !codes.is_empty() {
                writeln!(out, "  {what} by code: {}", by_count(codes))?;
            }
        }
        if self.files > 1 && !self.failed_files.is_empty() {
            let mut named =
                self.failed_files.iter().take(FILES_SHOWN).cloned().collect::<Vec<_>>().join(", ");
            if self.failed_files.len() > FILES_SHOWN {
                named.push_str(&format!(", … {} more", self.failed_files.len() - FILES_SHOWN));
            }
            writeln!(out, "  files with errors: {} of {}: {named}", self.failed_files.len(), self.files)?;
        }
        Ok(())
    }
}

/// `CODE ×N` for the most frequent codes (ties in code order), the rest counted together.
fn by_count(codes: &BTreeMap<&'static str, u64>) -> String {
    let mut sorted: Vec<(&str, u64)> = codes.iter().map(|(code, n)| (*code, *n)).collect();
    sorted.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    let mut text = sorted
        .iter()
        .take(CODES_SHOWN)
        .map(|(code, n)| format!("{code} ×{n}"))
        .collect::<Vec<_>>()
        .join(", ");
    if sorted.len() > CODES_SHOWN {
        let rest: u64 = sorted[CODES_SHOWN..].iter().map(|(_, n)| n).sum();
        text.push_str(&format!(", … {rest} more in {} other codes", sorted.len() - CODES_SHOWN));
    }
    text
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

/// A miette diagnostic for rendering (file, line, column, caret, help): the libraries carry no
/// renderer, so the CLI builds miette's form from the diagnostic's accessors.
#[must_use]
pub fn to_miette(diag: &Diagnostic) -> miette::MietteDiagnostic {
    let severity = match diag.severity() {
        Severity::Error => miette::Severity::Error,
        Severity::Warning => miette::Severity::Warning,
    };
    let mut out = miette::MietteDiagnostic::new(diag.message())
        .with_code(diag.code())
        .with_severity(severity)
        .with_label(miette::LabeledSpan::at(diag.span().range(), "here"));
    if let Some(help) = diag.help() {
        out = out.with_help(help);
    }
    out
}

/// Whether to colour: asked for, refused, or decided per stream.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ColorChoice {
    /// Colour a stream only when it is a terminal and `NO_COLOR` is not set (to a non-empty value).
    #[default]
    Auto,
    /// Always colour (`--color always`, even with `NO_COLOR`).
    Always,
    /// Never colour.
    Never,
}

impl ColorChoice {
    /// Whether a stream is coloured, given whether that stream (not another) is a terminal.
    #[must_use]
    pub fn decide(self, stream_is_terminal: bool) -> bool {
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                stream_is_terminal && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
            }
        }
    }
}

/// Renders diagnostics for people: colour (or not), errors only (`quiet`), and at most `max`
/// per file (0: all), the rest counted by code.
#[derive(Debug, Clone)]
pub struct DiagnosticPrinter {
    color: bool,
    quiet: bool,
    max: usize,
}

impl DiagnosticPrinter {
    /// A printer; `color` is the decision for the stream it will write to.
    #[must_use]
    pub fn new(color: bool, quiet: bool, max: usize) -> DiagnosticPrinter {
        DiagnosticPrinter { color, quiet, max }
    }

    /// Whether only errors are shown (`--quiet`).
    #[must_use]
    pub fn quiet(&self) -> bool {
        self.quiet
    }

    /// Starts the diagnostics of one file.
    #[must_use]
    pub fn file<'p>(&'p self, file: &'p str) -> FilePrinter<'p> {
        let theme = if self.color {
            miette::GraphicalTheme::unicode()
        } else {
            miette::GraphicalTheme::unicode_nocolor()
        };
        FilePrinter {
            printer: self,
            file,
            handler: miette::GraphicalReportHandler::new_themed(theme).with_width(110),
            shown: 0,
            hidden: BTreeMap::new(),
        }
    }
}

/// The diagnostics of one file being printed (see [`DiagnosticPrinter::file`]).
pub struct FilePrinter<'p> {
    printer: &'p DiagnosticPrinter,
    file: &'p str,
    handler: miette::GraphicalReportHandler,
    shown: usize,
    hidden: BTreeMap<String, usize>,
}

impl FilePrinter<'_> {
    /// Prints diagnostics (spans in this file, whose text is `source`), within the file's cap.
    ///
    /// # Errors
    /// When `out` cannot be written.
    pub fn print<'d>(
        &mut self,
        out: &mut impl Write,
        source: &RenderSource,
        diagnostics: impl IntoIterator<Item = &'d Diagnostic>,
    ) -> std::io::Result<()> {
        for diag in diagnostics {
            if self.printer.quiet && !diag.is_error() {
                continue;
            }
            if self.printer.max > 0 && self.shown >= self.printer.max {
                *self.hidden.entry(diag.code().to_string()).or_default() += 1;
                continue;
            }
            self.shown += 1;
            let report = miette::Report::new(to_miette(diag))
                .with_source_code(miette::NamedSource::new(self.file, source.clone()));
            let mut text = String::new();
            if self.handler.render_report(&mut text, report.as_ref()).is_err() {
                text = format!("{}: {diag}\n", self.file);
            }
            writeln!(out, "{text}")?;
        }
        Ok(())
    }

    /// Ends the file: one line counting, by code, the diagnostics beyond the cap.
    ///
    /// # Errors
    /// When `out` cannot be written.
    pub fn finish(self, out: &mut impl Write) -> std::io::Result<()> {
        if self.hidden.is_empty() {
            return Ok(());
        }
        let total: usize = self.hidden.values().sum();
        let mut by_count: Vec<(&String, &usize)> = self.hidden.iter().collect();
        by_count.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        let codes: Vec<String> = by_count.iter().map(|(code, n)| format!("{code} ×{n}")).collect();
        writeln!(
            out,
            "{}: {total} more diagnostic{} not shown: {} (--max-diagnostics 0 shows all)\n",
            self.file,
            if total == 1 { "" } else { "s" },
            codes.join(", ")
        )
    }
}

/// Error codes with their counts, most frequent first: `PBN_X ×3, PBN_Y ×1` (or `none`).
#[must_use]
pub fn codes_with_counts<'c>(codes: impl IntoIterator<Item = &'c str>) -> String {
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for code in codes {
        *counts.entry(code).or_default() += 1;
    }
    if counts.is_empty() {
        return "none".to_owned();
    }
    let mut by_count: Vec<(&str, usize)> = counts.into_iter().collect();
    by_count.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    by_count.iter().map(|(code, n)| format!("{code} ×{n}")).collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards_core::Span;

    fn summary_text(summary: &Summary, elapsed: Duration) -> String {
        let mut out = Vec::new();
        summary.print(&mut out, elapsed);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn the_summary_says_what_was_read_and_what_failed_by_code() {
        let record = |codes: &[&'static str]| RecordReport {
            diagnostics: codes
                .iter()
                .map(|&c| {
                    if c.starts_with('W') {
                        Diagnostic::warning(c, "", Span::at(0))
                    } else {
                        Diagnostic::error(c, "", Span::at(0))
                    }
                })
                .collect(),
            fields: serde_json::Map::new(),
        };
        let mut summary = Summary::default();
        summary.file("a.phh", "phh");
        summary.add(&record(&[]));
        summary.add(&record(&["E_B", "W_A"]));
        summary.add(&record(&["E_A", "E_B"]));
        summary.file("b.pbn", "pbn");
        summary.add(&record(&["W_A"]));
        summary.file("c.pbn", "pbn");
        summary.add(&record(&["E_C"]));
        summary.bytes = 4096;
        assert_eq!(
            summary_text(&summary, Duration::from_secs(5)),
            "files: 3, records: 5, ok: 2, invalid: 3, warnings: 2, bytes: 4096\n\
             \x20 pbn: 2 files, 2 records, 1 invalid\n\
             \x20 phh: 1 file, 3 records, 2 invalid\n\
             \x20 errors by code: E_B ×2, E_A ×1, E_C ×1\n\
             \x20 warnings by code: W_A ×2\n\
             \x20 files with errors: 2 of 3: a.phh, c.pbn\n"
        );
    }

    #[test]
    fn the_rate_is_printed_only_for_a_run_long_enough_to_measure_reading() {
        let mut summary = Summary::default();
        summary.file("big.phhs", "phh");
        summary.add(&RecordReport::default());
        summary.bytes = 64 << 20;
        assert!(summary_text(&summary, Duration::from_secs(2)).starts_with(
            "files: 1, records: 1, ok: 1, invalid: 0, warnings: 0, bytes: 67108864, 33.6 MB/s\n"
        ));
        let quick = summary_text(&summary, Duration::from_millis(900));
        assert!(!quick.contains("MB/s"), "under a second: start-up");
        summary.bytes = 1 << 20;
        let small = summary_text(&summary, Duration::from_secs(2));
        assert!(!small.contains("MB/s"), "1 MiB: start-up and rendering");
        // One file of one format: the totals alone.
        assert_eq!(small.lines().count(), 1);
    }

    #[test]
    fn codes_beyond_the_first_twelve_are_counted_together() {
        let codes: BTreeMap<&'static str, u64> = [
            "C00", "C01", "C02", "C03", "C04", "C05", "C06", "C07", "C08", "C09", "C10", "C11", "C12", "C13",
        ]
        .into_iter()
        .zip(1..)
        .collect();
        let text = by_count(&codes);
        assert!(text.starts_with("C13 ×14, C12 ×13, "), "{text}");
        assert!(text.ends_with("C02 ×3, … 3 more in 2 other codes"), "{text}");
    }

    fn render(text: &str, span: Span) -> String {
        let record = RecordReport {
            diagnostics: vec![Diagnostic::error("X_CODE", "bad", span)],
            fields: Default::default(),
        };
        let mut out = Vec::new();
        let printer = DiagnosticPrinter::new(false, false, 0);
        let source = RenderSource::new(text);
        let mut file = printer.file("f.txt");
        file.print(&mut out, &source, &record.diagnostics).unwrap();
        file.finish(&mut out).unwrap();
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
        let plain =
            Diagnostic::error("X_CODE", "bad", Span::new(at, at + 2)).display("f.txt", &text).to_string();
        assert!(plain.contains("f.txt:30:6"), "{plain}");
        for (line, span) in [(1, Span::new(0, 1)), (40, Span::new(text.len() - 3, text.len()))] {
            let out = render(&text, span);
            assert!(out.contains(&format!("f.txt:{line}:")), "{out}");
        }
        let empty = render("", Span::at(0));
        assert!(empty.contains("X_CODE"), "{empty}");
    }
}
