//! The one diagnostic type every crate reports: severity, stable code, message, byte span, help.
//!
//! Parsers build [`Diagnostic`] values (cheap, no miette involved). Line and column are computed
//! from the span only when a diagnostic is reported ([`LineIndex`]); rendering with miette goes
//! through [`Diagnostic::to_miette`].

use core::fmt;
use core::ops::Range;

/// How serious a diagnostic is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The record breaks the format or the game's rules.
    Error,
    /// Suspicious or non-canonical, but the record can still be understood.
    Warning,
}

/// A byte range into the source text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    /// A span from `start` to `end` (swapped if given backwards).
    #[must_use]
    pub const fn new(start: usize, end: usize) -> Span {
        if start <= end { Span { start, end } } else { Span { start: end, end: start } }
    }

    /// An empty span at `offset`.
    #[must_use]
    pub const fn at(offset: usize) -> Span {
        Span { start: offset, end: offset }
    }

    /// Length in bytes.
    #[must_use]
    pub const fn len(self) -> usize {
        self.end - self.start
    }

    /// Whether the span is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.start == self.end
    }

    /// The span moved right by `offset` bytes (for spans found inside a sub-slice).
    #[must_use]
    pub const fn shift(self, offset: usize) -> Span {
        Span { start: self.start + offset, end: self.end + offset }
    }

    /// The smallest span covering both.
    #[must_use]
    pub fn join(self, other: Span) -> Span {
        Span { start: self.start.min(other.start), end: self.end.max(other.end) }
    }

    /// As a `Range`.
    #[must_use]
    pub const fn range(self) -> Range<usize> {
        self.start..self.end
    }

    /// The span widened to whole characters of `text` (the text its offsets count bytes of) and
    /// clamped to its end, so `&text[span.range()]` never panics. Byte-oriented scanners find
    /// errors at a byte; reports must cover the whole character that byte belongs to.
    ///
    /// ```
    /// use cards_core::Span;
    /// let text = "a\u{e9}b"; // `é` is bytes 1..3
    /// assert_eq!(Span::new(1, 2).snap_to_chars(text), Span::new(1, 3));
    /// assert_eq!(Span::new(2, 2).snap_to_chars(text), Span::new(1, 3));
    /// assert_eq!(Span::new(3, 99).snap_to_chars(text), Span::new(3, 4));
    /// ```
    #[must_use]
    pub fn snap_to_chars(self, text: &str) -> Span {
        let mut start = self.start.min(text.len());
        while !text.is_char_boundary(start) {
            start -= 1;
        }
        let mut end = self.end.clamp(start, text.len());
        while !text.is_char_boundary(end) {
            end += 1;
        }
        Span { start, end }
    }
}

impl From<Range<usize>> for Span {
    fn from(range: Range<usize>) -> Span {
        Span::new(range.start, range.end)
    }
}

/// A problem found in a record: an error or a warning with a stable code and a place.
///
/// ```
/// use cards_core::{Diagnostic, LineIndex, Span};
/// let source = "line one\nbad here\n";
/// let diag = Diagnostic::error("BAD_THING", "this is bad", Span::new(13, 17))
///     .with_help("write something good");
/// let index = LineIndex::new(source);
/// assert_eq!(index.line_col(source, diag.span.start), (2, 5));
/// assert!(diag.is_error());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// A stable SCREAMING_SNAKE_CASE code (`PHH_TOML_SYNTAX`, `AUCTION_INSUFFICIENT_BID`, …).
    pub code: String,
    /// What is wrong, in one sentence.
    pub message: String,
    /// Where, as bytes of the whole source file.
    pub span: Span,
    /// How to fix it, if there is something useful to say.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub help: Option<String>,
}

impl Diagnostic {
    /// A new error.
    #[must_use]
    pub fn error(code: impl Into<String>, message: impl Into<String>, span: impl Into<Span>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            code: code.into(),
            message: message.into(),
            span: span.into(),
            help: None,
        }
    }

    /// A new warning.
    #[must_use]
    pub fn warning(code: impl Into<String>, message: impl Into<String>, span: impl Into<Span>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Warning,
            code: code.into(),
            message: message.into(),
            span: span.into(),
            help: None,
        }
    }

    /// Adds a help text.
    #[must_use]
    pub fn with_help(mut self, help: impl Into<String>) -> Diagnostic {
        self.help = Some(help.into());
        self
    }

    /// The same diagnostic with its span moved right by `offset` bytes.
    #[must_use]
    pub fn shifted(mut self, offset: usize) -> Diagnostic {
        self.span = self.span.shift(offset);
        self
    }

    /// Whether this is an error.
    #[must_use]
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// A miette diagnostic for rendering (file, line, column, caret, help).
    ///
    /// Attach the source with `miette::Report::new(d).with_source_code(...)`.
    #[must_use]
    pub fn to_miette(&self) -> miette::MietteDiagnostic {
        let severity = match self.severity {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
        };
        let mut diag = miette::MietteDiagnostic::new(self.message.clone())
            .with_code(self.code.clone())
            .with_severity(severity)
            .with_label(miette::LabeledSpan::at(self.span.range(), "here"));
        if let Some(help) = &self.help {
            diag = diag.with_help(help.clone());
        }
        diag
    }

    /// Renders the diagnostic as miette's graphical report, without colours (stable for snapshots).
    #[must_use]
    pub fn render_plain(&self, file_name: &str, source: &str) -> String {
        let report = miette::Report::new(self.to_miette())
            .with_source_code(miette::NamedSource::new(file_name, source.to_owned()));
        let handler = miette::GraphicalReportHandler::new_themed(miette::GraphicalTheme::unicode_nocolor())
            .with_width(100);
        let mut out = String::new();
        if handler.render_report(&mut out, report.as_ref()).is_err() {
            out = format!("{}: {}", self.code, self.message);
        }
        out
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        write!(f, "{kind}[{}]: {} at {}..{}", self.code, self.message, self.span.start, self.span.end)
    }
}

/// Byte offsets of line starts, to turn spans into 1-based line and column numbers.
///
/// Columns count characters (not bytes) from the start of the line, so they match what an editor
/// shows for UTF-8 text. `\r\n`, `\n` and lone `\r` all end a line.
#[derive(Debug, Clone, Default)]
pub struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    /// Indexes the line starts of `source`.
    #[must_use]
    pub fn new(source: &str) -> LineIndex {
        let bytes = source.as_bytes();
        let mut starts = vec![0];
        let mut i = 0;
        while i < bytes.len() {
            match bytes[i] {
                b'\n' => starts.push(i + 1),
                b'\r' if bytes.get(i + 1) != Some(&b'\n') => starts.push(i + 1),
                _ => {}
            }
            i += 1;
        }
        LineIndex { starts }
    }

    /// Byte offsets at which lines start (the first is always 0).
    #[must_use]
    pub fn line_starts(&self) -> &[usize] {
        &self.starts
    }

    /// The 0-based line holding byte `offset` (offsets past the end give the last line).
    #[must_use]
    pub fn line_of(&self, offset: usize) -> usize {
        match self.starts.binary_search(&offset) {
            Ok(exact) => exact,
            Err(next) => next.saturating_sub(1),
        }
    }

    /// 1-based line and column of byte `offset` in `source` (the text this index was built from).
    /// Offsets past the end clamp to the end; offsets inside a character count that character.
    #[must_use]
    pub fn line_col(&self, source: &str, offset: usize) -> (usize, usize) {
        let offset = offset.min(source.len());
        let line = match self.starts.binary_search(&offset) {
            Ok(exact) => exact,
            Err(next) => next.saturating_sub(1),
        };
        let start = self.starts.get(line).copied().unwrap_or(0);
        let column = source
            .get(start..)
            .map(|rest| rest.char_indices().take_while(|(i, _)| start + i < offset).count())
            .unwrap_or(0);
        (line + 1, column + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_and_column() {
        let source = "ab\ncd\r\nef\rgh";
        let index = LineIndex::new(source);
        assert_eq!(index.line_col(source, 0), (1, 1));
        assert_eq!(index.line_col(source, 1), (1, 2));
        assert_eq!(index.line_col(source, 3), (2, 1));
        assert_eq!(index.line_col(source, 7), (3, 1));
        assert_eq!(index.line_col(source, 10), (4, 1));
        assert_eq!(index.line_col(source, 999), (4, 3));
    }

    #[test]
    fn columns_count_characters() {
        let source = "é♠x";
        let index = LineIndex::new(source);
        assert_eq!(index.line_col(source, "é♠".len()), (1, 3));
    }

    #[test]
    fn renders_with_caret_and_help() {
        let source = "variant = 'XX'\n";
        let diag = Diagnostic::error("PHH_UNKNOWN_VARIANT", "unknown variant", Span::new(10, 14))
            .with_help("use one of FT NT NS PO FO/8 F7S F7S/8 FR N2L1D F2L3D FB");
        let text = diag.render_plain("hand.phh", source);
        assert!(text.contains("PHH_UNKNOWN_VARIANT"), "{text}");
        assert!(text.contains("hand.phh:1:11"), "{text}");
        assert!(text.contains("help:"), "{text}");
        assert!(text.contains("^") || text.contains("┬"), "{text}");
    }

    #[test]
    fn span_helpers() {
        let span = Span::new(5, 2);
        assert_eq!(span, Span { start: 2, end: 5 });
        assert_eq!(span.len(), 3);
        assert_eq!(span.shift(10).range(), 12..15);
        assert_eq!(span.join(Span::at(9)), Span::new(2, 9));
        assert!(Span::at(3).is_empty());
    }
}
