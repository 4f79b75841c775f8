//! The one record shape every cardnote format crate reads and writes: a model, the diagnostics
//! found while reading (and checking) it, and where it stood in the input.
//!
//! Each format crate names its own record `Record` (`pub type Record = cards_core::Record<Hand>`
//! or the like), reads them with a `Reader<R: BufRead>` that yields `io::Result<Record>`, checks
//! them with `check(&mut Record, &Options)` and writes them with a `Writer<W: Write>`, so a user who
//! knows one crate knows them all.
//!
//! ```
//! use cards_core::{Diagnostic, Record, Span};
//!
//! let mut record = Record::new("a model", Span::new(0, 7));
//! assert!(!record.has_errors());
//! record.diagnostics.push(Diagnostic::error("SOME_CODE", "something is wrong", Span::new(2, 3)));
//! assert!(record.has_errors());
//! assert_eq!(record.errors().count(), 1);
//! ```

use crate::diagnostic::{Diagnostic, DiagnosticSink, Span};

/// One record of a notation file: its model, its diagnostics, its byte span in the input.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Record<M> {
    /// What was read (each crate documents how much of a broken record it keeps).
    pub model: M,
    /// Diagnostics of this record, in the order they were found; spans are byte offsets into the
    /// whole input, not into the record.
    pub diagnostics: Vec<Diagnostic>,
    /// The record's bytes in the whole input.
    pub span: Span,
}

impl<M> Record<M> {
    /// A record with no diagnostics.
    pub fn new(model: M, span: Span) -> Record<M> {
        Record { model, diagnostics: Vec::new(), span }
    }

    /// Whether any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }

    /// The errors, in order.
    pub fn errors(&self) -> impl Iterator<Item = &Diagnostic> {
        self.diagnostics.iter().filter(|d| d.is_error())
    }

    /// The warnings, in order.
    pub fn warnings(&self) -> impl Iterator<Item = &Diagnostic> {
        self.diagnostics.iter().filter(|d| !d.is_error())
    }

    /// The same record around another model (diagnostics and span kept).
    pub fn map<N>(self, f: impl FnOnce(M) -> N) -> Record<N> {
        Record { model: f(self.model), diagnostics: self.diagnostics, span: self.span }
    }

    /// The record's own text, given the whole input it was read from (`None` if the span does
    /// not fall on character boundaries of `input`).
    pub fn text<'a>(&self, input: &'a str) -> Option<&'a str> {
        input.get(self.span.start..self.span.end)
    }
}

impl<M> DiagnosticSink for Record<M> {
    fn report(&mut self, diagnostic: Diagnostic) {
        self.diagnostics.push(diagnostic);
    }

    fn report_all(&mut self, mut diagnostics: Vec<Diagnostic>) {
        self.diagnostics.append(&mut diagnostics);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_and_warnings_are_told_apart() {
        let mut record = Record::new((), Span::new(0, 10));
        record.report(Diagnostic::warning("W", "a warning", Span::new(1, 2)));
        assert!(!record.has_errors());
        record.report(Diagnostic::error("E", "an error", Span::new(3, 4)));
        assert!(record.has_errors());
        assert_eq!(record.warnings().map(Diagnostic::code).collect::<Vec<_>>(), ["W"]);
        assert_eq!(record.errors().map(Diagnostic::code).collect::<Vec<_>>(), ["E"]);
    }

    #[test]
    fn map_keeps_diagnostics_and_span() {
        let mut record = Record::new(2, Span::new(5, 9));
        record.report(Diagnostic::error("E", "an error", Span::new(6, 7)));
        let mapped = record.map(|n| n * 10);
        assert_eq!(mapped.model, 20);
        assert_eq!(mapped.span, Span::new(5, 9));
        assert_eq!(mapped.diagnostics.len(), 1);
    }

    #[test]
    fn text_is_the_records_own_bytes() {
        let input = "[a]\nx = 1\n[b]\ny = 2\n";
        let record = Record::new((), Span::new(10, 20));
        assert_eq!(record.text(input), Some("[b]\ny = 2\n"));
        assert_eq!(Record::new((), Span::new(10, 99)).text(input), None);
    }
}
