//! Tables (`TotalScoreTable`, `OptimumResultTable`...): the header's columns and the elements,
//! each predefined column's values checked.

use cards_core::{Diagnostic, DiagnosticSink, Span};

use super::values::{is_decimal, is_integer, parse_seat};
use crate::codes;
use crate::model::{Align, Column, SortOrder, Table, Tag, Token, TokenKind, unescape};

/// Parses a table header (`Rank\3R;+Score_NS\5R;Names`). Spans are relative to the value start
/// `base`; when `base` is `None` (a header inherited with `#`), every span is `whole`.
pub fn read_columns(
    value: &str,
    base: Option<usize>,
    whole: Span,
    diags: &mut dyn DiagnosticSink,
) -> Vec<Column> {
    let mut columns = Vec::with_capacity(value.bytes().filter(|&c| c == b';').count() + 1);
    let mut offset = 0usize;
    for part in value.split(';') {
        let span = base.map_or(whole, |base| Span::new(base + offset, base + offset + part.len()));
        offset += part.len() + 1;
        let (order, rest) = match part.as_bytes().first() {
            Some(b'+') => (Some(SortOrder::Descending), part.get(1..).unwrap_or("")),
            Some(b'-') => (Some(SortOrder::Ascending), part.get(1..).unwrap_or("")),
            _ => (None, part),
        };
        let backslash = rest.bytes().position(|c| c == b'\\');
        let (name, width, align) = match backslash.and_then(|p| Some((rest.get(..p)?, rest.get(p + 1..)?))) {
            None => (rest, None, None),
            Some((name, spec)) => {
                let digits = spec.bytes().take_while(u8::is_ascii_digit).count();
                let (num, tail) = spec.split_at(digits);
                let align = match tail {
                    "" => Ok(None),
                    "L" => Ok(Some(Align::Left)),
                    "R" => Ok(Some(Align::Right)),
                    _ => Err(()),
                };
                match (num.parse::<u16>(), align) {
                    (Ok(w), Ok(a)) => (name, Some(w), a),
                    _ => {
                        diags.report(
                            Diagnostic::error(
                                codes::TABLE_BAD_HEADER,
                                format!(
                                    "column `{part}`: `\\` must be followed by a width and optionally L or R"
                                ),
                                span,
                            )
                            .with_help("for example `Score_NS\\5R`"),
                        );
                        (name, None, None)
                    }
                }
            }
        };
        if name.is_empty() && value.len() > 1 {
            diags.report(Diagnostic::warning(codes::TABLE_BAD_HEADER, "empty column name", span));
        }
        columns.push(Column { name: name.to_owned(), order, width, align });
    }
    columns
}

/// Reads a table from a tag and its data; `header` is the tag value after inheritance.
pub fn read_table(tag: &Tag<'_>, header: &str, diags: &mut dyn DiagnosticSink) -> Table {
    let exact = header == tag.raw_value;
    let base = exact.then_some(tag.value_span.start);
    let columns = read_columns(header, base, tag.value_span, diags);
    let width = columns.len().max(1);
    // Typed checks of the predefined columns (Declarer, Denomination, Result, Contract, scores),
    // reported after the other problems of the elements.
    let kinds: Vec<ColumnKind> = columns.iter().map(|c| column_kind(&c.name)).collect();
    let typed = kinds.iter().any(|k| *k != ColumnKind::Free);
    let mut value_diags = Vec::new();
    let mut table = Table::new(tag.name.to_owned(), columns);
    let (cells, text_len) = element_sizes(tag);
    table.reserve(cells, text_len);
    let mut seen_element = false;
    let mut column = 0;
    for token in &tag.data {
        match token.kind {
            TokenKind::Invalid | TokenKind::Escape | TokenKind::Delimiter => continue,
            TokenKind::BraceComment | TokenKind::LineComment => {
                if seen_element {
                    diags.report(Diagnostic::error(
                        codes::TABLE_COMMENT,
                        "comments are not allowed among table elements",
                        token.span,
                    ));
                }
                continue;
            }
            // A string fits any column.
            TokenKind::Str => table.push(&unescape(token.text), true),
            TokenKind::Word => {
                check_word(
                    token,
                    &table,
                    typed.then(|| kinds.get(column)).flatten(),
                    column,
                    diags,
                    &mut value_diags,
                );
                table.push(token.text, false);
            }
        }
        // The column of the next element.
        column += 1;
        if column == width {
            column = 0;
        }
        seen_element = true;
    }
    diags.report_all(value_diags);
    check_last_row(tag, &table, width, diags);
    table
}

/// How many elements a table's data holds and their text's length (to size the table once).
fn element_sizes(tag: &Tag<'_>) -> (usize, usize) {
    let (mut cells, mut text_len) = (0, 0);
    for token in &tag.data {
        if matches!(token.kind, TokenKind::Word | TokenKind::Str) {
            cells += 1;
            text_len += token.text.len();
        }
    }
    (cells, text_len)
}

/// Checks an unquoted element: no `%` (reported to `diags`), and a value that fits its column's
/// `kind` when that is predefined (reported to `value_diags`, which come after).
fn check_word(
    token: &Token<'_>,
    table: &Table,
    kind: Option<&ColumnKind>,
    column: usize,
    diags: &mut dyn DiagnosticSink,
    value_diags: &mut Vec<Diagnostic>,
) {
    if let Some(p) = token.text.bytes().position(|c| c == b'%') {
        diags.report(Diagnostic::error(
            codes::TABLE_BAD_ELEMENT,
            "`%` is not allowed in a table element",
            Span::new(token.span.start + p, token.span.start + p + 1),
        ));
    }
    if let Some(&kind) = kind
        && !table_value_ok(kind, token.text)
    {
        let name = table.columns.get(column).map_or("", |c| c.name.as_str());
        value_diags.push(Diagnostic::error(
            codes::TABLE_BAD_VALUE,
            format!("`{}` is not a valid {name}", token.text),
            token.span,
        ));
    }
}

/// Reports a last row with fewer elements than the table has columns.
fn check_last_row(tag: &Tag<'_>, table: &Table, width: usize, diags: &mut dyn DiagnosticSink) {
    let rest = table.len() % width;
    if rest != 0 {
        let span = tag
            .data
            .iter()
            .rev()
            .find(|t| matches!(t.kind, TokenKind::Word | TokenKind::Str | TokenKind::BraceComment))
            .map_or(tag.span, |t| t.span);
        diags.report(Diagnostic::error(
            codes::TABLE_MISSING_ELEMENTS,
            format!("the table has {width} columns but its last row has {rest} elements"),
            span,
        ));
    }
}

/// What the values of a predefined column must look like.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ColumnKind {
    Seat,
    Denomination,
    Tricks,
    Contract,
    Integer,
    Decimal,
    Rank,
    Free,
}

fn column_kind(column: &str) -> ColumnKind {
    match column {
        "Declarer" => ColumnKind::Seat,
        "Denomination" => ColumnKind::Denomination,
        "Result" => ColumnKind::Tricks,
        "Contract" => ColumnKind::Contract,
        "Score_NS" | "Score_EW" | "Score" => ColumnKind::Integer,
        "IMP_NS" | "IMP_EW" | "MP_NS" | "MP_EW" | "Percentage_NS" | "Percentage_EW" | "Percentage"
        | "TotalScore" | "TotalIMP" | "TotalMP" | "TotalPercentage" | "MeanScore" | "MeanIMP" | "MeanMP"
        | "MeanPercentage" => ColumnKind::Decimal,
        "Rank" | "NrBoards" | "Multiplicity" => ColumnKind::Rank,
        _ => ColumnKind::Free,
    }
}

/// Whether an unquoted table element fits its predefined column (`?`, `-` and `^...` always do).
fn table_value_ok(kind: ColumnKind, text: &str) -> bool {
    if kind == ColumnKind::Free || text == "?" || text == "-" {
        return true;
    }
    let t = text.strip_prefix('^').unwrap_or(text);
    match kind {
        ColumnKind::Seat => parse_seat(t).is_some(),
        ColumnKind::Denomination => {
            matches!(t, "S" | "H" | "D" | "C" | "NT" | "s" | "h" | "d" | "c" | "nt" | "N")
        }
        ColumnKind::Tricks => t.parse::<u8>().is_ok_and(|n| n <= 13),
        ColumnKind::Contract => crate::model::Contract::parse(t).is_some(),
        ColumnKind::Integer => is_integer(t),
        ColumnKind::Decimal => is_decimal(t),
        ColumnKind::Rank => t.bytes().all(|c| c.is_ascii_digit() || c == b'-') && !t.is_empty(),
        ColumnKind::Free => true,
    }
}
