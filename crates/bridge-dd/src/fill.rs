//! Filling the double-dummy tags into PBN text: each tag that is missing is added after the
//! game's last tag, each one that is wrong is rewritten in place, and every other byte stays.

use cards_core::Span;
use pbn::Record;
use pbn::model::{Tag, TokenKind};

use crate::check::{Job, find_tag, same_contracts};
use crate::table::DdTable;
use crate::tags::{self, DOUBLE_DUMMY_TRICKS, OPTIMUM_RESULT_TABLE, OPTIMUM_SCORE, PAR_CONTRACT};

/// A replacement of the bytes `span` of the text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Edit {
    /// The bytes replaced (empty: an insertion).
    pub span: Span,
    /// The new text.
    pub text: String,
}

/// The filled text and what changed.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Filled {
    /// The whole text.
    pub text: String,
    /// Games whose tags were added or rewritten.
    pub games_changed: usize,
    /// Tags added.
    pub tags_added: usize,
    /// Tags rewritten because they contradicted the deal or could not be read.
    pub tags_rewritten: usize,
}

/// The line end the text uses (`\r\n` when its first line ends so).
#[must_use]
pub fn line_end(text: &str) -> &'static str {
    match text.find('\n') {
        Some(i) if i > 0 && text.as_bytes().get(i - 1) == Some(&b'\r') => "\r\n",
        _ => "\n",
    }
}

/// The edits that give `record` (read from `source`) correct double-dummy tags for `table`, its
/// deal's table. The par tags are written only when the game gives a vulnerability and a dealer
/// (or a board number).
#[must_use]
pub fn edits(source: &str, record: &Record, table: &DdTable) -> Vec<Edit> {
    let line_end = line_end(source);
    let game = record.model.tokens();
    let game_text = record.model.text.as_str();
    let Some(job) = Job::of(record) else { return Vec::new() };
    let par = job.par(table);
    let mut edits = Vec::new();
    let mut added = String::new();

    // DoubleDummyTricks.
    let hex = tags::double_dummy_tricks(table);
    match find_tag(&game, DOUBLE_DUMMY_TRICKS) {
        Some(tag) if tags::parse_double_dummy_tricks(&tag.value()) == Some(*table) => {}
        Some(tag) => edits.push(Edit { span: tag.value_span, text: hex }),
        None => push_tag(&mut added, line_end, DOUBLE_DUMMY_TRICKS, &hex),
    }
    if let Some(par) = &par {
        match find_tag(&game, OPTIMUM_SCORE) {
            Some(tag) if tags::parse_optimum_score(&tag.value()) == Some(par.score_ns) => {}
            Some(tag) => edits.push(Edit { span: tag.value_span, text: par.to_pbn_score() }),
            None => push_tag(&mut added, line_end, OPTIMUM_SCORE, &par.to_pbn_score()),
        }
        match find_tag(&game, PAR_CONTRACT) {
            Some(tag) if tags::parse_par_contracts(&tag.value()).is_some_and(|c| same_contracts(&c, par)) => {
            }
            Some(tag) => edits.push(Edit { span: tag.value_span, text: par.to_pbn_contracts() }),
            None => push_tag(&mut added, line_end, PAR_CONTRACT, &par.to_pbn_contracts()),
        }
    }
    let (header, rows) = tags::optimum_result_table(table);
    let mut section = String::new();
    push_tag(&mut section, line_end, OPTIMUM_RESULT_TABLE, &header);
    for row in &rows {
        section.push_str(line_end);
        section.push_str(row);
    }
    match find_tag(&game, OPTIMUM_RESULT_TABLE) {
        Some(tag) if result_table_is_full(tag, table) => {}
        Some(tag) => {
            // The rows end at the last cell; comments among them are kept after the new rows.
            let cells_end = tag
                .data
                .iter()
                .filter(|t| matches!(t.kind, TokenKind::Word | TokenKind::Str))
                .map(|t| t.span.end)
                .fold(tag.span.end, usize::max);
            let mut text = section[line_end.len()..].to_owned();
            for comment in tag
                .data
                .iter()
                .filter(|t| t.span.end <= cells_end && !matches!(t.kind, TokenKind::Word | TokenKind::Str))
            {
                text.push_str(line_end);
                text.push_str(record_text(game_text, comment.span));
            }
            edits.push(Edit { span: Span::new(tag.span.start, cells_end), text });
        }
        None => added.push_str(&section),
    }
    if !added.is_empty() {
        edits.push(Edit { span: Span::at(game_tags_end(&game)), text: added });
    }
    // Spans in the game's text, moved into the whole input.
    for edit in &mut edits {
        edit.span = edit.span.shift(record.model.offset);
    }
    edits.sort_by_key(|e| e.span.start);
    edits
}

fn record_text(text: &str, span: Span) -> &str {
    text.get(span.start..span.end).unwrap_or("")
}

/// Applies non-overlapping edits sorted by position.
#[must_use]
pub fn apply(text: &str, edits: &[Edit]) -> String {
    let mut out = String::with_capacity(text.len() + edits.iter().map(|e| e.text.len()).sum::<usize>());
    let mut at = 0;
    for edit in edits {
        if edit.span.start < at || edit.span.end > text.len() {
            continue;
        }
        out.push_str(text.get(at..edit.span.start).unwrap_or(""));
        out.push_str(&edit.text);
        at = edit.span.end;
    }
    out.push_str(text.get(at..).unwrap_or(""));
    out
}

/// Fills every game of `text`; `tables[i]` is the table of the `i`-th record the PBN reader yields
/// (`None`: leave that record alone).
#[must_use]
pub fn fill_text(text: &str, tables: &[Option<DdTable>]) -> Filled {
    let end = line_end(text);
    let mut all = Vec::new();
    let mut filled = Filled::default();
    let records = cards_core::notation::read_checked::<pbn::Pbn, _>(text.as_bytes(), pbn::Options::default());
    // Reading text in memory cannot fail.
    for (record, table) in records.map_while(Result::ok).zip(tables) {
        let Some(table) = table else { continue };
        let edits = edits(text, &record, table);
        if edits.is_empty() {
            continue;
        }
        filled.games_changed += 1;
        for e in &edits {
            if e.span.is_empty() {
                filled.tags_added += e.text.matches(&format!("{end}[")).count();
            } else {
                filled.tags_rewritten += 1;
            }
        }
        all.extend(edits);
    }
    filled.text = apply(text, &all);
    filled
}

fn push_tag(out: &mut String, line_end: &str, name: &str, value: &str) {
    out.push_str(line_end);
    out.push('[');
    out.push_str(name);
    out.push_str(" \"");
    out.push_str(value);
    out.push_str("\"]");
}

/// Whether an OptimumResultTable holds all 20 cells, each right.
fn result_table_is_full(tag: &Tag<'_>, table: &DdTable) -> bool {
    let (rows, bad) = tags::read_result_rows(tag);
    let mut seen = [[false; 5]; 4];
    for row in &rows {
        if row.tricks != table.tricks(row.declarer, row.denomination) {
            return false;
        }
        seen[row.declarer.index()][row.denomination as usize] = true;
    }
    bad.is_empty() && seen.iter().flatten().all(|s| *s)
}

/// Where a tag's section data ends (the tag's own end when it has none).
fn section_end(tag: &Tag<'_>) -> usize {
    tag.data.iter().map(|t| t.span.end).fold(tag.span.end, usize::max)
}

/// The end of the game's last tag or section.
fn game_tags_end(game: &pbn::model::Tokens<'_>) -> usize {
    game.items
        .iter()
        .filter_map(|item| match item {
            pbn::model::Item::Tag(tag) => Some(section_end(tag)),
            _ => None,
        })
        .max()
        .unwrap_or(game.span.end)
}
