//! Writers: the strict export format of the spec, and a faithful import-style writer that
//! reproduces the input's tokens and line layout.

use std::fmt::Write as _;

use cards_core::Compass;

use crate::model::{CommentKind, Contract, Item, Token, TokenKind, Tokens};
use crate::validate::View as Record;

mod export;

use export::{is_version_line, write_export_game};

/// Writes games in import style: every token as read, tags one per line, section tokens on the lines
/// they stood on, comments where they stood. `eol` is the line end to use (`"\n"` or `"\r\n"`).
#[must_use]
pub fn write_import<'a>(games: impl IntoIterator<Item = &'a crate::Game>, eol: &str) -> String {
    write_games(games, eol, false)
}

/// Like [`write_import`], and also keeps the blanks between tokens on a line and the indentation
/// of lines as each game's text has them (`fmt --preserve`).
#[must_use]
pub fn write_import_from<'a>(games: impl IntoIterator<Item = &'a crate::Game>, eol: &str) -> String {
    write_games(games, eol, true)
}

fn write_games<'a>(games: impl IntoIterator<Item = &'a crate::Game>, eol: &str, preserve: bool) -> String {
    let mut out = String::new();
    for (i, game) in games.into_iter().enumerate() {
        if i > 0 {
            out.push_str(eol);
        }
        write_import_game(&mut out, game, eol, preserve);
    }
    out
}

/// Appends one game in import style (see [`write_import`]; with `preserve`, as
/// [`write_import_from`] writes it; the caller writes the `eol` between games).
pub fn write_import_game(out: &mut String, game: &crate::Game, eol: &str, preserve: bool) {
    let source = preserve.then_some(game.text.as_str());
    let mut w = ImportWriter { out, eol, source, prev_end: None };
    w.game(&game.tokens());
}

fn at_line_start(out: &str) -> bool {
    out.is_empty() || out.ends_with('\n')
}

struct ImportWriter<'o, 's> {
    out: &'o mut String,
    eol: &'s str,
    source: Option<&'s str>,
    /// End of the previous token in the source.
    prev_end: Option<usize>,
}

fn blanks(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|c| c == b' ' || c == b'\t')
}

impl ImportWriter<'_, '_> {
    /// Separates the next element starting at `start` from what was written.
    fn separate(&mut self, start: usize, line_start: bool) {
        let src = self.source;
        if line_start {
            if !at_line_start(self.out) {
                self.out.push_str(self.eol);
            }
            // Indentation as written.
            if let Some(src) = src
                && let Some(before) = src.get(..start)
            {
                let begin = before.rfind('\n').map_or(0, |p| p + 1);
                if let Some(indent) = src.get(begin..start)
                    && blanks(indent)
                {
                    self.out.push_str(indent);
                }
            }
        } else if !at_line_start(self.out) {
            let gap = match (src, self.prev_end) {
                (Some(src), Some(end)) if end <= start => src.get(end..start).filter(|g| blanks(g)),
                _ => None,
            };
            self.out.push_str(gap.unwrap_or(" "));
        }
    }

    fn game(&mut self, game: &Tokens<'_>) {
        for item in &game.items {
            match item {
                Item::Line(l) => {
                    if !at_line_start(self.out) {
                        self.out.push_str(self.eol);
                    }
                    self.out.push_str(l.text);
                    self.out.push_str(self.eol);
                    self.prev_end = Some(l.span.end);
                }
                Item::Comment(c) => {
                    let tok = Token {
                        kind: match c.kind {
                            CommentKind::Brace => TokenKind::BraceComment,
                            CommentKind::Line => TokenKind::LineComment,
                        },
                        text: c.text,
                        span: c.span,
                        line_start: c.line_start,
                    };
                    self.token(&tok);
                }
                Item::Invalid(t) => self.token(t),
                Item::Tag(tag) => {
                    self.separate(tag.span.start, tag.line_start);
                    // A value read without quotes (`[Name text\]`) may end in a lone `\`, which
                    // would escape the closing quote: double it (it reads back as one `\`).
                    let trailing = tag.raw_value.bytes().rev().take_while(|&c| c == b'\\').count();
                    let pad = if trailing % 2 == 1 { "\\" } else { "" };
                    let _ = write!(self.out, "[{} \"{}{pad}\"]", tag.name, tag.raw_value);
                    self.prev_end = Some(tag.span.end);
                    for t in &tag.data {
                        self.token(t);
                    }
                }
            }
        }
        if !at_line_start(self.out) {
            self.out.push_str(self.eol);
        }
    }

    fn token(&mut self, t: &Token<'_>) {
        let eol = self.eol;
        if matches!(t.kind, TokenKind::Escape | TokenKind::Delimiter) {
            if !at_line_start(self.out) {
                self.out.push_str(eol);
            }
        } else {
            self.separate(t.span.start, t.line_start);
        }
        let out = &mut *self.out;
        match t.kind {
            TokenKind::Word | TokenKind::Invalid => {
                // A `%` first on a line would turn into an escape line.
                if t.text.starts_with('%') && at_line_start(out) {
                    out.push(' ');
                }
                out.push_str(t.text);
            }
            TokenKind::Str => {
                out.push('"');
                out.push_str(t.text);
                out.push('"');
            }
            TokenKind::BraceComment => {
                out.push('{');
                out.push_str(t.text);
                out.push('}');
            }
            TokenKind::LineComment | TokenKind::Escape | TokenKind::Delimiter => {
                if t.kind == TokenKind::LineComment {
                    out.push(';');
                }
                out.push_str(t.text);
                out.push_str(eol);
            }
        }
        self.prev_end = Some(t.span.end);
    }
}

const CRLF: &str = "\r\n";

/// Writes records in export format: `% PBN 2.1` and `% EXPORT`, CRLF, mandatory tags in their
/// order then supplemental tags alphabetically, Auction and Play sections with their notes,
/// supplemental sections alphabetically, suffixes as NAGs, inheritance resolved, comments kept.
#[must_use]
pub fn write_export<'a>(records: impl IntoIterator<Item = &'a crate::Record>) -> String {
    let mut writer = Writer::new(Vec::new());
    for record in records {
        // Writing to a Vec cannot fail.
        let _ = writer.write_record(record);
    }
    let out = writer.into_inner().unwrap_or_default();
    String::from_utf8(out).unwrap_or_default()
}

/// Writes records in export format to any [`std::io::Write`], one at a time: the `% PBN 2.1` and
/// `% EXPORT` lines before the first, an empty line between games, and the last line ended by
/// [`Writer::into_inner`]. [`write_export`] is this writer over a `Vec`; it is [`crate::Pbn`]'s
/// writer ([`cards_core::WriteRecords`]).
///
/// ```
/// let text = "[Board \"1\"]\n[Dealer \"N\"]\n";
/// let options = pbn::Options::default();
/// let mut writer = pbn::Writer::new(Vec::new());
/// for record in cards_core::notation::read_checked::<pbn::Pbn, _>(text.as_bytes(), options) {
///     writer.write_record(&record?)?;
/// }
/// let out = writer.into_inner()?;
/// assert!(out.starts_with(b"% PBN 2.1\r\n% EXPORT\r\n[Event \"?\"]\r\n"));
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug)]
pub struct Writer<W: std::io::Write> {
    inner: W,
    /// The text of the record being written (reused).
    buffer: String,
    /// Whether the header was written.
    started: bool,
    /// Whether a game was written (the next one is set apart by an empty line).
    written: bool,
    /// Whether the output ends inside a line.
    open_line: bool,
}

impl<W: std::io::Write> Writer<W> {
    /// A writer that starts a file.
    pub fn new(inner: W) -> Writer<W> {
        Writer { inner, buffer: String::new(), started: false, written: false, open_line: false }
    }

    /// A writer that goes on with a file another writer began (the header and at least one game
    /// written, its last line ended): for a file written in pieces.
    pub fn continuing(inner: W) -> Writer<W> {
        Writer { inner, buffer: String::new(), started: true, written: true, open_line: false }
    }

    /// Writes one record, checked ([`crate::check`]: the writer takes the typed values the checks
    /// found). A record of version lines alone is left out: the header says it.
    ///
    /// # Errors
    /// The underlying writer's.
    pub fn write_record(&mut self, record: &crate::Record) -> std::io::Result<()> {
        self.write(&record.model.view())
    }

    fn write(&mut self, record: &Record<'_>) -> std::io::Result<()> {
        if record.game.items.iter().all(|i| !matches!(i, Item::Tag(_)))
            && record.game.items.iter().all(is_version_line)
        {
            return Ok(());
        }
        self.buffer.clear();
        if !self.started {
            self.started = true;
            self.buffer.push_str("% PBN 2.1");
            self.buffer.push_str(CRLF);
            self.buffer.push_str("% EXPORT");
            self.buffer.push_str(CRLF);
        }
        if self.written {
            // A record of comments alone may end inside its last line: end it, then leave the
            // blank line that keeps the next game apart.
            if self.open_line {
                self.buffer.push_str(CRLF);
            }
            self.buffer.push_str(CRLF);
        }
        self.written = true;
        write_export_game(&mut self.buffer, record);
        self.open_line = !at_line_start(&self.buffer);
        self.inner.write_all(self.buffer.as_bytes())
    }

    /// The underlying writer (to take what was written so far).
    pub fn get_mut(&mut self) -> &mut W {
        &mut self.inner
    }

    /// Ends the last line (and writes the header if no record was written), flushes, then gives
    /// the underlying writer back.
    ///
    /// # Errors
    /// The underlying writer's, flushing included.
    pub fn into_inner(mut self) -> std::io::Result<W> {
        if !self.started {
            self.inner.write_all(b"% PBN 2.1\r\n% EXPORT\r\n")?;
        }
        if self.open_line {
            self.inner.write_all(CRLF.as_bytes())?;
        }
        self.inner.flush()?;
        Ok(self.inner)
    }
}

impl<W: std::io::Write> cards_core::WriteRecords<crate::Game, W> for Writer<W> {
    fn write_record(&mut self, record: &crate::Record) -> std::io::Result<()> {
        Writer::write_record(self, record)
    }

    fn into_inner(self) -> std::io::Result<W> {
        Writer::into_inner(self)
    }
}

/// The Deal normalized from North (`N:...`), as the CLI reports it.
#[must_use]
pub fn deal_from_north(deal: &crate::model::Deal) -> String {
    deal.write_from(Compass::North)
}

/// Helper for callers that only have a value: the export spelling of a Contract value, if valid.
#[must_use]
pub fn normalize_contract(value: &str) -> Option<String> {
    Contract::parse(value).map(Contract::export)
}

#[cfg(test)]
mod tests {
    use crate::{Options, Pbn, Record};

    fn read_str(text: &str, options: Options) -> Vec<Record> {
        cards_core::notation::read_checked::<Pbn, _>(text.as_bytes(), options)
            .collect::<std::io::Result<_>>()
            .unwrap_or_default()
    }

    /// Robustness finding F3: `</PBN>` after section data stays where it stood, and the import
    /// writer is a fixed point.
    #[test]
    fn a_closing_delimiter_after_section_data_stays() {
        let text = "<PBN>\n[Board \"5\"]\n[Auction \"N\"]\nAP\n</PBN>\n";
        let records: Vec<_> = read_str(text, Options::default());
        let once = super::write_import(records.iter().map(|r| &r.model), "\n");
        assert_eq!(once, text);
    }

    /// A block of comments alone stays its own record through export: its last line is ended
    /// before the blank line that separates it from the next game (found by `pbn_roundtrip`,
    /// `fuzz/regressions/pbn_roundtrip/comment-block-merges-into-next-game`).
    #[test]
    fn export_keeps_a_comment_block_apart_from_the_next_game() {
        let text = "{}\n\n[Board \"1\"]\n[Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\n";
        let records = read_str(text, Options::default());
        assert_eq!(records.iter().map(|r| r.model.is_game).collect::<Vec<_>>(), [false, true]);
        let export = super::write_export(&records);
        assert!(export.starts_with("% PBN 2.1\r\n% EXPORT\r\n{}\r\n\r\n[Event \"?\"]\r\n"), "{export}");
        let again = read_str(&export, Options::default());
        assert_eq!(again.iter().map(|r| r.model.is_game).collect::<Vec<_>>(), [false, true]);
        assert_eq!(super::write_export(&again), export);
    }

    /// Output ends with a line end even when the last record is a comment.
    /// Each note is written with the section it explains, as the checks read it: one after an
    /// Auction repeated (and ignored) after the play, or before any section, does not join the
    /// auction's notes, where the same index would be explained twice (found by `pbn_roundtrip`,
    /// `fuzz/regressions/pbn_roundtrip/note-after-an-ignored-repeat-*`).
    #[test]
    fn export_keeps_each_note_with_its_section() {
        let auction = "[Dealer \"N\"]\n[Auction \"N\"]\n1H =1= Pass Pass Pass\n[Note \"1: hearts\"]\n";
        for text in [
            format!(
                "{auction}[Play \"E\"]\n*\n[Score \"NS 0\"]\n[Auction \"N\"]\n[Note \"1: after the play\"]\n"
            ),
            format!("[Note \"1: before both\"]\n{auction}"),
        ] {
            let records = read_str(&text, Options::default());
            assert!(!records.iter().any(Record::has_errors), "{text}");
            let first = super::write_export(&records);
            let again = read_str(&first, Options::default());
            assert!(!again.iter().any(Record::has_errors), "{first}");
            assert_eq!(super::write_export(&again), first);
            let notes = |rs: &[Record]| rs.iter().map(|r| r.model.info.notes.len()).sum::<usize>();
            assert_eq!(notes(&records), notes(&again), "{first}");
        }
    }

    #[test]
    fn export_ends_its_last_line() {
        let records = read_str("[Board \"1\"]\n\n{ the end }", Options::default());
        assert!(super::write_export(&records).ends_with("{ the end }\r\n"));
    }

    /// A value read without quotes that ends in `\` keeps it through the import writer (found by
    /// the `pbn_like_text_never_panics_and_round_trips` property: `}\n[SA\\]`).
    #[test]
    fn an_unquoted_value_ending_in_a_backslash_round_trips() {
        let records = read_str("[SA a\\]\n", Options::default());
        let written = super::write_import(records.iter().map(|r| &r.model), "\n");
        assert_eq!(written, "[SA \"a\\\\\"]\n");
        let again = read_str(&written, Options::default());
        assert_eq!(again.first().and_then(|r| r.model.tag("SA")), Some("a\\"));
    }
}
