//! The one diagnostic type every crate reports: severity, stable code, message, byte span, help.
//!
//! Parsers build [`Diagnostic`] values (cheap, nothing rendered). Line and column are computed
//! from the span only when a diagnostic is reported ([`LineIndex`]); [`Diagnostic::display`] draws
//! the line and a caret in plain text, and rendering crates (the CLI uses miette) read the
//! accessors. Diagnostics are collected through a [`DiagnosticSink`], so a caller can keep them
//! all (`Vec<Diagnostic>`, or a [`Record`](crate::Record)) or stop at the first error
//! ([`FirstError`]).
//!
//! # The one convention every crate follows
//!
//! 1. **A function that finds problems reports them** to a `&mut dyn DiagnosticSink` parameter,
//!    each as soon as it is found. It does not take a `&mut Vec<Diagnostic>`, return a
//!    `Vec<Diagnostic>`, or return diagnostics beside its value in a tuple. `dyn`, not a type
//!    parameter: each checker is compiled once, and closures and recursive helpers need no
//!    generics. A caller who wants them in a list passes a `Vec<Diagnostic>` (or the record).
//! 2. **`Result<T, Diagnostic>` is for reading one value**: a function that reads one token,
//!    tag, header, value or document either returns it or fails with the one diagnostic that
//!    says why. Its caller decides what the failure becomes: reported, read another way, or
//!    turned into a warning. A step that cannot go on after its first error (a replay with no
//!    state past it) follows the same rule: it returns that error, and its caller reports it.
//!    Warnings such a function finds go to a sink parameter, as rule 1 says; the one exception
//!    is a reader whose caller may throw the value away (PBN's tag pair, which may start the next
//!    game instead), which returns the warning on how the value was written beside it.
//! 3. **A function that works on diagnostics already found** (sorts them, makes them strict,
//!    moves their spans, holds repeats back) takes `&mut Vec<Diagnostic>` or `&mut [Diagnostic]`:
//!    it edits a list, it reports nothing.
//!
//! ```
//! use cards_core::{Diagnostic, DiagnosticSink, FirstError, Span};
//!
//! // Rule 1: a check reports into whatever sink its caller gives.
//! fn check_count(count: u32, at: Span, sink: &mut dyn DiagnosticSink) {
//!     if count > 52 {
//!         sink.report(Diagnostic::error("TOO_MANY", "over 52 cards", at));
//!     }
//! }
//! // Rule 2: reading one value fails with the one diagnostic that says why.
//! fn read_count(text: &str, at: Span) -> Result<u32, Diagnostic> {
//!     text.parse().map_err(|_| Diagnostic::error("NOT_A_COUNT", "not a number", at))
//! }
//!
//! let mut all = Vec::new();
//! match read_count("60", Span::new(0, 2)) {
//!     Ok(count) => check_count(count, Span::new(0, 2), &mut all),
//!     Err(error) => all.report(error),
//! }
//! assert_eq!(all[0].code(), "TOO_MANY");
//! let mut first = FirstError::default();
//! check_count(53, Span::at(0), &mut first);
//! assert!(first.stopped());
//! ```

use core::fmt;
use core::ops::Range;

/// How serious a diagnostic is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Severity {
    /// The record breaks the format or the game's rules.
    Error,
    /// Suspicious or non-canonical, but the record can still be understood.
    Warning,
}

/// A byte range into the source text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
/// Fields are private (as in `toml_edit`'s error type); read them with [`code`](Diagnostic::code),
/// [`message`](Diagnostic::message), [`span`](Diagnostic::span), [`severity`](Diagnostic::severity)
/// and [`help`](Diagnostic::help). `Display` gives one line; [`Diagnostic::display`] draws the
/// source line and a caret under the span, with no rendering crate involved.
///
/// ```
/// use cards_core::{Diagnostic, LineIndex, Span};
/// let source = "line one\nbad here\n";
/// let diag = Diagnostic::error("BAD_THING", "this is bad", Span::new(13, 17))
///     .with_help("write something good");
/// let index = LineIndex::new(source);
/// assert_eq!(index.line_col(source, diag.span().start), (2, 5));
/// assert!(diag.is_error());
/// assert_eq!(diag.code(), "BAD_THING");
/// assert_eq!(
///     diag.display("f.txt", source).to_string(),
///     "error[BAD_THING]: this is bad\n --> f.txt:2:5\n  |\n2 | bad here\n  |     ^^^^\n  = help: write something good\n"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Diagnostic {
    severity: Severity,
    code: &'static str,
    message: String,
    span: Span,
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    help: Option<String>,
}

impl Diagnostic {
    /// A new error.
    #[must_use]
    pub fn error(code: &'static str, message: impl Into<String>, span: impl Into<Span>) -> Diagnostic {
        Diagnostic { severity: Severity::Error, code, message: message.into(), span: span.into(), help: None }
    }

    /// A new warning.
    #[must_use]
    pub fn warning(code: &'static str, message: impl Into<String>, span: impl Into<Span>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Warning,
            code,
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

    /// The same diagnostic with another severity (a strict reader turns a leniency's warning into
    /// an error this way).
    #[must_use]
    pub fn with_severity(mut self, severity: Severity) -> Diagnostic {
        self.severity = severity;
        self
    }

    /// The same diagnostic with another span.
    #[must_use]
    pub fn with_span(mut self, span: impl Into<Span>) -> Diagnostic {
        self.span = span.into();
        self
    }

    /// Changes the severity in place.
    pub fn set_severity(&mut self, severity: Severity) {
        self.severity = severity;
    }

    /// Changes the span in place.
    pub fn set_span(&mut self, span: impl Into<Span>) {
        self.span = span.into();
    }

    /// The same diagnostic with its span moved right by `offset` bytes.
    #[must_use]
    pub fn shifted(mut self, offset: usize) -> Diagnostic {
        self.span = self.span.shift(offset);
        self
    }

    /// Error or warning.
    #[must_use]
    pub fn severity(&self) -> Severity {
        self.severity
    }

    /// The stable SCREAMING_SNAKE_CASE code (`PHH_TOML_SYNTAX`, `AUCTION_INSUFFICIENT_BID`, …).
    #[must_use]
    pub fn code(&self) -> &'static str {
        self.code
    }

    /// What is wrong, in one sentence.
    #[must_use]
    pub fn message(&self) -> &str {
        &self.message
    }

    /// Where, as bytes of the whole source file.
    #[must_use]
    pub fn span(&self) -> Span {
        self.span
    }

    /// How to fix it, if there is something useful to say.
    #[must_use]
    pub fn help(&self) -> Option<&str> {
        self.help.as_deref()
    }

    /// Whether this is an error.
    #[must_use]
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// An adaptor whose `Display` draws the diagnostic against its source: the heading, the
    /// `file:line:column`, the source line and a caret under the span, and the help.
    #[must_use]
    pub fn display<'a>(&'a self, file_name: &'a str, source: &'a str) -> DisplaySource<'a> {
        DisplaySource { diagnostic: self, file_name, source }
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}[{}]: {} at {}..{}",
            self.severity, self.code, self.message, self.span.start, self.span.end
        )
    }
}

impl std::error::Error for Diagnostic {}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        })
    }
}

/// A [`Diagnostic`] drawn against its source text (see [`Diagnostic::display`]).
#[derive(Debug, Clone, Copy)]
pub struct DisplaySource<'a> {
    diagnostic: &'a Diagnostic,
    file_name: &'a str,
    source: &'a str,
}

impl fmt::Display for DisplaySource<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = self.diagnostic;
        let source = self.source;
        let span = d.span.snap_to_chars(source);
        let line_start = source[..span.start].rfind(['\n', '\r']).map_or(0, |i| i + 1);
        let line_end = source[span.start..].find(['\n', '\r']).map_or(source.len(), |i| span.start + i);
        let line_text = &source[line_start..line_end];
        let (line, column) = LineIndex::new(source).line_col(source, span.start);
        let number = line.to_string();
        let pad = " ".repeat(number.len());
        writeln!(f, "{}[{}]: {}", d.severity, d.code, d.message)?;
        writeln!(f, "{pad}--> {}:{line}:{column}", self.file_name)?;
        writeln!(f, "{pad} |")?;
        writeln!(f, "{number} | {line_text}")?;
        let lead = " ".repeat(column - 1);
        let width = source[span.start..span.end.min(line_end).max(span.start)].chars().count().max(1);
        writeln!(f, "{pad} | {lead}{}", "^".repeat(width))?;
        if let Some(help) = &d.help {
            writeln!(f, "{pad} = help: {help}")?;
        }
        Ok(())
    }
}

/// What every reader's `Options::strict` does: the warnings whose code is one of `leniencies` (a
/// producer's convention, read with a warning code of its own) become errors.
///
/// ```
/// use cards_core::{Diagnostic, Span, diagnostic::make_strict};
/// let mut found = vec![Diagnostic::warning("OLD_FORM", "old form", Span::at(0))];
/// make_strict(&mut found, &["OLD_FORM"]);
/// assert!(found[0].is_error());
/// ```
pub fn make_strict(diagnostics: &mut [Diagnostic], leniencies: &[&str]) {
    for d in diagnostics {
        if leniencies.contains(&d.code) {
            d.severity = Severity::Error;
        }
    }
}

/// What is wrong with a crate's list of stable codes (its `codes::ALL`), if anything: a code
/// listed twice, or one that is not SCREAMING_SNAKE_CASE. Each crate's `codes` tests call it.
///
/// ```
/// use cards_core::diagnostic::code_list_problem;
/// assert_eq!(code_list_problem(&["A_B", "C"]), None);
/// assert!(code_list_problem(&["A_B", "A_B"]).is_some());
/// assert!(code_list_problem(&["a-b"]).is_some());
/// ```
#[must_use]
pub fn code_list_problem(all: &[&str]) -> Option<String> {
    let mut seen = std::collections::BTreeSet::new();
    all.iter().find_map(|code| {
        if !seen.insert(*code) {
            Some(format!("{code} is listed twice"))
        } else if code.is_empty()
            || !code.bytes().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_')
        {
            Some(format!("{code} is not SCREAMING_SNAKE_CASE"))
        } else {
            None
        }
    })
}

/// Where diagnostics go as they are found (`toml_parser`'s `ErrorSink` is the model).
///
/// `Vec<Diagnostic>` keeps every one; [`FirstError`] keeps the first error and tells the checker
/// to stop; a caller may count, filter or print as they arrive with its own sink.
pub trait DiagnosticSink {
    /// Takes one diagnostic.
    fn report(&mut self, diagnostic: Diagnostic);

    /// Whether the caller wants no more: a checker may then skip the rest of its work.
    fn stopped(&self) -> bool {
        false
    }

    /// Takes diagnostics a step held back (to report them after others, or only if it
    /// succeeds), in order.
    fn report_all(&mut self, diagnostics: Vec<Diagnostic>) {
        for diagnostic in diagnostics {
            self.report(diagnostic);
        }
    }
}

impl DiagnosticSink for Vec<Diagnostic> {
    fn report(&mut self, diagnostic: Diagnostic) {
        self.push(diagnostic);
    }

    fn report_all(&mut self, mut diagnostics: Vec<Diagnostic>) {
        self.append(&mut diagnostics);
    }
}

impl<S: DiagnosticSink + ?Sized> DiagnosticSink for &mut S {
    fn report(&mut self, diagnostic: Diagnostic) {
        (**self).report(diagnostic);
    }

    fn stopped(&self) -> bool {
        (**self).stopped()
    }

    fn report_all(&mut self, diagnostics: Vec<Diagnostic>) {
        (**self).report_all(diagnostics);
    }
}

/// A sink that keeps the first error and drops everything else; [`DiagnosticSink::stopped`]
/// turns true once it has one.
#[derive(Debug, Clone, Default)]
pub struct FirstError {
    error: Option<Diagnostic>,
}

impl FirstError {
    /// The first error, if any was reported.
    #[must_use]
    pub fn into_error(self) -> Option<Diagnostic> {
        self.error
    }
}

impl DiagnosticSink for FirstError {
    fn report(&mut self, diagnostic: Diagnostic) {
        if self.error.is_none() && diagnostic.is_error() {
            self.error = Some(diagnostic);
        }
    }

    fn stopped(&self) -> bool {
        self.error.is_some()
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
        let text = diag.display("hand.phh", source).to_string();
        assert!(text.contains("PHH_UNKNOWN_VARIANT"), "{text}");
        assert!(text.contains("hand.phh:1:11"), "{text}");
        assert!(text.contains("= help:"), "{text}");
        assert!(text.contains("1 | variant = 'XX'\n  |           ^^^^\n"), "{text}");
    }

    #[test]
    fn display_survives_any_span() {
        for (source, span) in [("", Span::at(0)), ("a\r\nb", Span::new(1, 2)), ("é", Span::new(1, 99))] {
            let diag = Diagnostic::warning("X", "m", span);
            let text = diag.display("f", source).to_string();
            assert!(text.starts_with("warning[X]: m\n"), "{text}");
            assert!(text.contains('^'), "{text}");
        }
    }

    #[test]
    fn first_error_stops() {
        let mut sink = FirstError::default();
        assert!(!sink.stopped());
        sink.report(Diagnostic::warning("W", "w", Span::at(0)));
        assert!(!sink.stopped());
        sink.report(Diagnostic::error("E", "e", Span::at(1)));
        sink.report(Diagnostic::error("F", "f", Span::at(2)));
        assert!(sink.stopped());
        assert_eq!(sink.into_error().map(|d| d.code()), Some("E"));
        let mut all: Vec<Diagnostic> = Vec::new();
        all.report(Diagnostic::error("E", "e", Span::at(1)));
        assert!(!all.stopped());
        assert_eq!(all.len(), 1);
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
