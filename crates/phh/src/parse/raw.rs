//! The raw key/value tree both readers produce (toml_edit general path and hand-written fast
//! path), with file spans. The hand is built from it by one shared function, so both paths give
//! the same [`Hand`](crate::Hand) and the same diagnostics by construction.

use std::borrow::Cow;

use cards_core::{Diagnostic, Span};
use toml_edit::{Item, Value};

use crate::codes;

/// A TOML value with its span in the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct RawValue<'a> {
    pub kind: RawKind<'a>,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum RawKind<'a> {
    /// A string; `content_start` is the file offset of its first byte when the decoded value is
    /// the source text verbatim (no escapes), so offsets inside it map to the file.
    Str {
        value: &'a str,
        content_start: Option<usize>,
    },
    Int(i64),
    /// A float as its TOML text.
    Float(Cow<'a, str>),
    Bool(bool),
    /// A date-time as its TOML text.
    Datetime(Cow<'a, str>),
    Array(Vec<RawValue<'a>>),
    Table(Vec<RawEntry<'a>>),
}

/// A key/value pair.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct RawEntry<'a> {
    pub key: &'a str,
    pub key_span: Span,
    pub value: RawValue<'a>,
}

impl RawKind<'_> {
    /// The TOML type name, for messages.
    pub(crate) fn type_name(&self) -> &'static str {
        match self {
            RawKind::Str { .. } => "a string",
            RawKind::Int(_) => "an integer",
            RawKind::Float(_) => "a float",
            RawKind::Bool(_) => "a boolean",
            RawKind::Datetime(_) => "a date-time",
            RawKind::Array(_) => "an array",
            RawKind::Table(_) => "a table",
        }
    }
}

/// Where a string's content starts, if the decoded value equals the raw text between quotes.
pub(crate) fn verbatim_start(source: &str, span: Span, value: &str) -> Option<usize> {
    let raw = source.get(span.range())?;
    let quote = if raw.starts_with("'''") || raw.starts_with("\"\"\"") { 3 } else { 1 };
    let inner = raw.get(quote..raw.len().checked_sub(quote)?)?;
    let (inner, skip) = if quote == 3 {
        if let Some(rest) = inner.strip_prefix("\r\n") {
            (rest, 2)
        } else if let Some(rest) = inner.strip_prefix('\n') {
            (rest, 1)
        } else {
            (inner, 0)
        }
    } else {
        (inner, 0)
    };
    (inner == value).then_some(span.start + quote + skip)
}

/// Parses a hand body with toml_edit (the general path). Spans are shifted by `offset`.
pub(crate) fn parse_general<R>(
    body: &str,
    offset: usize,
    build: impl FnOnce(Vec<RawEntry<'_>>) -> R,
) -> Result<R, Diagnostic> {
    let doc = toml_edit::Document::parse(body).map_err(|e| {
        let span = e.span().map_or(Span::at(offset), |r| Span::new(r.start + offset, r.end + offset));
        let span = if span.is_empty() && span.start < offset + body.len() {
            Span::new(span.start, span.start + 1)
        } else {
            span
        };
        // toml_edit points at a byte; report the whole character it belongs to.
        let span = Span::new(span.start - offset, span.end - offset).snap_to_chars(body).shift(offset);
        Diagnostic::error(codes::PHH_TOML_SYNTAX, e.message().trim().to_owned(), span)
    })?;
    let entries = table_entries(doc.as_table(), body, offset);
    Ok(build(entries))
}

fn span_of(range: Option<std::ops::Range<usize>>, offset: usize, fallback: Span) -> Span {
    range.map_or(fallback, |r| Span::new(r.start + offset, r.end + offset))
}

fn table_entries<'d>(table: &'d toml_edit::Table, source: &'d str, offset: usize) -> Vec<RawEntry<'d>> {
    let mut out = Vec::with_capacity(table.len());
    for (name, item) in table.iter() {
        let key_span = table
            .get_key_value(name)
            .and_then(|(k, _)| k.span())
            .map_or(Span::at(offset), |r| Span::new(r.start + offset, r.end + offset));
        if let Some(value) = item_value(item, source, offset, key_span) {
            out.push(RawEntry { key: name, key_span, value });
        }
    }
    out
}

fn inline_entries<'d>(
    table: &'d toml_edit::InlineTable,
    source: &'d str,
    offset: usize,
) -> Vec<RawEntry<'d>> {
    let mut out = Vec::with_capacity(table.len());
    for (name, value) in table.iter() {
        let key_span = table
            .get_key_value(name)
            .and_then(|(k, _)| k.span())
            .map_or(Span::at(offset), |r| Span::new(r.start + offset, r.end + offset));
        out.push(RawEntry { key: name, key_span, value: value_raw(value, source, offset, key_span) });
    }
    out
}

fn item_value<'d>(item: &'d Item, source: &'d str, offset: usize, fallback: Span) -> Option<RawValue<'d>> {
    match item {
        Item::None => None,
        Item::Value(v) => Some(value_raw(v, source, offset, fallback)),
        Item::Table(t) => Some(RawValue {
            kind: RawKind::Table(table_entries(t, source, offset)),
            span: span_of(t.span(), offset, fallback),
        }),
        Item::ArrayOfTables(a) => Some(RawValue {
            kind: RawKind::Array(
                a.iter()
                    .map(|t| RawValue {
                        kind: RawKind::Table(table_entries(t, source, offset)),
                        span: span_of(t.span(), offset, fallback),
                    })
                    .collect(),
            ),
            span: span_of(a.span(), offset, fallback),
        }),
    }
}

fn raw_text<'d>(source: &'d str, span: Option<std::ops::Range<usize>>, fallback: String) -> Cow<'d, str> {
    match span.and_then(|r| source.get(r)) {
        Some(text) => Cow::Borrowed(text),
        None => Cow::Owned(fallback),
    }
}

fn value_raw<'d>(value: &'d Value, source: &'d str, offset: usize, fallback: Span) -> RawValue<'d> {
    let local = value.span();
    let span = span_of(local.clone(), offset, fallback);
    let kind = match value {
        Value::String(s) => {
            let content_start = local
                .as_ref()
                .and_then(|r| verbatim_start(source, Span::new(r.start, r.end), s.value()))
                .map(|c| c + offset);
            RawKind::Str { value: s.value().as_str(), content_start }
        }
        Value::Integer(i) => RawKind::Int(*i.value()),
        Value::Float(f) => RawKind::Float(raw_text(source, local, f.value().to_string())),
        Value::Boolean(b) => RawKind::Bool(*b.value()),
        Value::Datetime(d) => RawKind::Datetime(raw_text(source, local, d.value().to_string())),
        Value::Array(a) => RawKind::Array(a.iter().map(|v| value_raw(v, source, offset, fallback)).collect()),
        Value::InlineTable(t) => RawKind::Table(inline_entries(t, source, offset)),
    };
    RawValue { kind, span }
}
