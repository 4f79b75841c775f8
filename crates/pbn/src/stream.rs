//! The streaming reader: games from any [`BufRead`], one owned [`Record`] at a time, memory bounded
//! by the largest game.
//!
//! The reader takes the input one game at a time: it reads lines up to the empty line that ends a
//! game (an empty line inside a `{` comment does not), decodes that text, and reads its tags and
//! sections, carrying `#`/`##` inheritance, the export mode and the board before (for a match's
//! other table) from one game to the next. That is all that needs the games in order: the meaning
//! checks ([`crate::check`]) take one record and nothing else, so they can run on any thread, and
//! [`RepeatedWarnings`] holds back the warnings repeated across games when the checked records
//! come back in order. [`Checked`] does all three: a file of any size streams, and its records are
//! those [`crate::borrowed::read_str`] gives for the whole text, with these limits, each a file no real
//! producer writes:
//! - a file whose lines end in CR alone, or a game whose `{` comment is never closed, is one buffer
//!   (as it is one game);
//! - a file that is not UTF-8 is read as ISO-8859-1 from the first game that is not UTF-8 on; the
//!   games before it were read as UTF-8 (a whole-file decode reads them as ISO-8859-1 too, which
//!   only differs for non-ASCII text that happens to be valid UTF-8).
//!
//! ```
//! let text = "[Board \"1\"]\n[Dealer \"N\"]\n\n[Board \"2\"]\n[Dealer \"#\"]\n";
//! let mut boards = Vec::new();
//! for record in pbn::stream::Reader::from_str(text, pbn::Options::default()) {
//!     let mut record = record?;
//!     // The Dealer is inherited when read; the checks read it as a seat.
//!     pbn::check(&mut record, &pbn::Options::default());
//!     boards.push((record.model.tag("Board").map(str::to_owned), record.model.info.dealer));
//! }
//! let north = Some(cards_core::Compass::North);
//! assert_eq!(boards, [(Some("1".to_owned()), north), (Some("2".to_owned()), north)]);
//! # Ok::<(), std::io::Error>(())
//! ```

use std::collections::VecDeque;
use std::io::{self, BufRead};
use std::ops::Range;

use std::borrow::Cow;

use cards_core::{Diagnostic, Span};

use crate::model::Item;
use crate::parse::{RawGame, Splitter};
use crate::tape::Tape;
use crate::validate::repeats::Repeats;
use crate::validate::{Carry, Context, GameInfo, Options};

/// One game read from a stream, with its diagnostics and its span in the decoded input.
///
/// Diagnostic spans, [`cards_core::Record::span`] and the spans in [`Game::info`] are byte offsets
/// into the whole decoded input; [`Game::span`] and the spans of [`Game::tokens`] are offsets into
/// [`Game::text`], which starts at [`Game::offset`].
pub type Record = cards_core::Record<Game>;

/// One game as the streaming reader gives it: its text and everything read from it, owned.
#[derive(Debug, Clone)]
pub struct Game {
    /// The decoded text the game was read from (the game, the empty lines before it, and any other
    /// game of the same buffer when the file forgot an empty line between them).
    pub text: String,
    /// Where [`Game::text`] starts in the decoded input.
    pub offset: usize,
    /// The game's bytes in [`Game::text`].
    pub span: Span,
    /// Typed values and sections (spans in the input), filled in by [`crate::check`] (empty on a
    /// record the reader gave and nobody checked).
    pub info: GameInfo,
    /// Whether the file declared `% EXPORT` at or before this game.
    pub export: bool,
    /// Whether the text was read as ISO-8859-1 (bytes that are not UTF-8).
    pub latin1: bool,
    /// Whether the game holds at least one tag (a file header of `%` lines alone is not a game).
    pub is_game: bool,
    /// What the checks need from the games before this one (export mode, the board before).
    context: Context,
    /// Tag names and values after inheritance, packed in one buffer (see [`Game::tags`]).
    tag_text: String,
    tags: Vec<PackedTag>,
    /// The tokens the reader found, kept so that the checks do not split the text again; `None`
    /// on a record [`Checked`] gave, whose checks ran as it was read (its tokens are found again
    /// when asked for).
    tape: Option<Tape>,
}

/// A game serializes as one game of `cardnote convert --to json` ([`crate::summary::GameJson`]):
/// the check fields, then every item as written. A [`Record`] serializes as that game, its
/// diagnostics and its span.
#[cfg(feature = "serde")]
impl serde::Serialize for Game {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        crate::summary::GameJson::from(&self.view()).serialize(serializer)
    }
}

/// Two games are equal when all they say is: the tokens kept or not (a record of [`Checked`]
/// keeps none) are the same, as they are read from the same text.
impl PartialEq for Game {
    fn eq(&self, other: &Game) -> bool {
        let Game { text, offset, span, info, export, latin1, is_game, context, tag_text, tags, tape: _ } =
            self;
        *text == other.text
            && *offset == other.offset
            && *span == other.span
            && *info == other.info
            && *export == other.export
            && *latin1 == other.latin1
            && *is_game == other.is_game
            && *context == other.context
            && *tag_text == other.tag_text
            && *tags == other.tags
    }
}

impl Eq for Game {}

/// A resolved tag whose name and value live in [`Game::tag_text`]; spans in [`Game::text`].
#[derive(Debug, Clone, PartialEq, Eq)]
struct PackedTag {
    name: Range<usize>,
    value: Range<usize>,
    span: Option<Span>,
    value_span: Span,
}

impl Game {
    /// The resolved value of a tag (`#` and `##` applied, escapes resolved).
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags().find(|&(n, _)| n == name).map(|(_, v)| v)
    }

    /// Every tag after inheritance, `(name, value)`, first occurrence of each name (every `Note`).
    pub fn tags(&self) -> impl Iterator<Item = (&str, &str)> {
        self.tags.iter().map(|t| self.packed(t))
    }

    fn packed(&self, tag: &PackedTag) -> (&str, &str) {
        (
            self.tag_text.get(tag.name.clone()).unwrap_or(""),
            self.tag_text.get(tag.value.clone()).unwrap_or(""),
        )
    }

    /// The game as [`crate::borrowed::read_str`] gives it (tokens, resolved tags, typed values; no
    /// diagnostics), every span an offset into [`Game::text`]: what the writers
    /// ([`crate::write::write_export`], the import-style writers with `Game::text` as the source)
    /// take.
    #[must_use]
    pub fn view(&self) -> crate::borrowed::Record<'_> {
        self.view_with(&self.info)
    }

    /// [`Game::view`] with `info` for the typed values (what [`Game::checks`] gave, for a caller
    /// that checks a game it cannot change).
    #[must_use]
    pub fn view_with(&self, info: &GameInfo) -> crate::borrowed::Record<'_> {
        let mut info = info.clone();
        shift_sections(&mut info, |s| {
            Span::new(s.start.saturating_sub(self.offset), s.end.saturating_sub(self.offset))
        });
        crate::borrowed::Record {
            game: self.tokens(),
            tags: self.resolved_tags(),
            info,
            diagnostics: Vec::new(),
            export: self.export,
        }
    }

    fn resolved_tags(&self) -> Vec<crate::validate::ResolvedTag<'_>> {
        self.tags
            .iter()
            .map(|t| {
                let (name, value) = self.packed(t);
                crate::validate::ResolvedTag {
                    name: Cow::Borrowed(name),
                    value: Cow::Borrowed(value),
                    span: t.span,
                    value_span: t.value_span,
                }
            })
            .collect()
    }

    /// The meaning checks of the game (see [`crate::check`]): what it says, typed (spans in the
    /// input), and the diagnostics they add (spans in the input, sorted, the producers'
    /// conventions made errors under `options.strict`). Needs nothing but the game.
    #[must_use]
    pub fn checks(&self, options: &Options) -> (GameInfo, Vec<Diagnostic>) {
        let mut diagnostics = Vec::new();
        let tags = self.resolved_tags();
        let (game, long_lines) = self.tokens_and_long_lines();
        let mut info = crate::validate::check_game(
            &self.text,
            &game,
            &tags,
            &long_lines,
            &self.context,
            &mut diagnostics,
        );
        crate::validate::finish_diagnostics(&self.text, self.offset, &mut diagnostics, *options);
        shift_sections(&mut info, |s| s.shift(self.offset));
        (info, diagnostics)
    }

    /// Where the count lines of warnings repeated across a file go when this is its last game:
    /// the end of its last line (in the input).
    #[must_use]
    pub fn end(&self) -> Span {
        crate::validate::end_of_last_line(&self.text, self.span).shift(self.offset)
    }

    /// The game's tokens (tags, section data, comments, `%` lines), spans in [`Game::text`]: the
    /// format-preserving writers take them.
    #[must_use]
    pub fn tokens(&self) -> crate::model::Game<'_> {
        self.tokens_and_long_lines().0
    }

    /// The tokens and the lines longer than 253 bytes: from the tape, or found again.
    fn tokens_and_long_lines(&self) -> (crate::model::Game<'_>, Cow<'_, [Span]>) {
        match &self.tape {
            Some(tape) => (tape.game(&self.text), Cow::Borrowed(tape.long_lines())),
            None => {
                let raw = self.split_again();
                (raw.game, Cow::Owned(raw.long_lines))
            }
        }
    }

    /// The game tokenized again from its text, as the reader first found it: the text holds the
    /// game and whatever came before it in the same buffer, which the splitter reads the same way.
    fn split_again(&self) -> RawGame<'_> {
        Splitter::new(&self.text).find(|raw| raw.game.span == self.span).unwrap_or_else(|| RawGame {
            game: crate::model::Game { span: self.span, items: Vec::new() },
            diagnostics: Vec::new(),
            long_lines: Vec::new(),
        })
    }
}

/// Reads games from any [`BufRead`]: an iterator of `io::Result<`[`Record`]`>`.
///
/// Reading is the part that needs the games in order and nothing more: the tags and sections of
/// each game, `#`/`##` inheritance, the export mode and the board before (for a match's other
/// table), with the syntax and inheritance diagnostics. The meaning checks (tag values, deal,
/// auction, play, result, score, export rules) are [`crate::check`]'s, one record at a time, on
/// any thread; [`Checked`] does both, and holds back repeated warnings as [`crate::borrowed::read_str`] does.
#[derive(Debug)]
pub struct Reader<R> {
    input: R,
    options: Options,
    carry: Carry,
    /// The bytes of the game being read (reused from game to game).
    bytes: Vec<u8>,
    /// Where the next buffer starts in the decoded input.
    offset: usize,
    started: bool,
    latin1: bool,
    /// Records read and not yet given out.
    ready: VecDeque<Record>,
    done: bool,
    /// Whether the records are also checked as they are read (for [`Checked`]).
    check: bool,
}

impl<R: BufRead> Reader<R> {
    /// A reader over `input` (UTF-8, a byte order mark dropped, or ISO-8859-1).
    pub fn new(input: R, options: Options) -> Reader<R> {
        Reader {
            input,
            options,
            carry: Carry::default(),
            bytes: Vec::with_capacity(4096),
            offset: 0,
            started: false,
            latin1: false,
            ready: VecDeque::new(),
            done: false,
            check: false,
        }
    }

    /// Gives the input back.
    pub fn into_inner(self) -> R {
        self.input
    }

    /// Reads the lines of the next game into `self.bytes`, up to and with the empty line that ends
    /// it (or the end of the input). `false` when nothing is left.
    fn read_game_bytes(&mut self) -> io::Result<bool> {
        self.bytes.clear();
        let mut content = false;
        let mut comment = false;
        loop {
            let start = self.bytes.len();
            if read_line(&mut self.input, &mut self.bytes)? == 0 {
                return Ok(!self.bytes.is_empty());
            }
            let line = self.bytes.get(start..).unwrap_or(&[]);
            if !comment && is_empty_line(line) {
                if content {
                    return Ok(true);
                }
                continue;
            }
            content = true;
            if !comment && line.first() == Some(&b'%') {
                continue;
            }
            comment = ends_in_comment(line, comment);
        }
    }

    /// Decodes `self.bytes` and reads its games into `self.ready`.
    fn read_buffer(&mut self) {
        let mut bytes = self.bytes.as_slice();
        if !self.started {
            self.started = true;
            if let Some(rest) = bytes.strip_prefix(b"\xEF\xBB\xBF") {
                bytes = rest;
            }
        }
        let text = match std::str::from_utf8(bytes) {
            // ASCII reads the same in both encodings (most games of an ISO-8859-1 file are ASCII).
            Ok(text) if !self.latin1 || bytes.is_ascii() => text.to_owned(),
            _ => {
                self.latin1 = true;
                cards_core::charset::latin1(bytes)
            }
        };
        let offset = self.offset;
        self.offset += text.len();
        let first = self.ready.len();
        for raw in Splitter::new(&text) {
            let RawGame { game, mut diagnostics, long_lines } = raw;
            let (tags, context) = self.carry.read(&text, &game, &mut diagnostics);
            let mut info = GameInfo::default();
            if self.check {
                // `Checked`: the checks run here, on the tokens just read, as `check` would.
                info =
                    crate::validate::check_game(&text, &game, &tags, &long_lines, &context, &mut diagnostics);
                shift_sections(&mut info, |s| s.shift(offset));
            }
            crate::validate::finish_diagnostics(&text, offset, &mut diagnostics, self.options);
            let mut tag_text = String::with_capacity(tags.iter().map(|t| t.name.len() + t.value.len()).sum());
            let mut packed = Vec::with_capacity(tags.len());
            for tag in &tags {
                let name = push_range(&mut tag_text, &tag.name);
                let value = push_range(&mut tag_text, &tag.value);
                packed.push(PackedTag { name, value, span: tag.span, value_span: tag.value_span });
            }
            let model = Game {
                text: String::new(),
                offset,
                span: game.span,
                info,
                export: context.export,
                latin1: self.latin1,
                is_game: game.items.iter().any(|i| matches!(i, Item::Tag(_))),
                context,
                tag_text,
                tags: packed,
                // `Checked` ran the checks already: nothing needs the tokens unless asked.
                tape: (!self.check).then(|| Tape::new(&text, &game, long_lines)),
            };
            let span = game.span.shift(offset);
            self.ready.push_back(Record { model, diagnostics, span });
        }
        // Each game of the buffer keeps its text: the last one takes it, the others (a file that
        // forgot the empty line between games) get a copy.
        let games = self.ready.len() - first;
        let mut text = Some(text);
        for (i, record) in self.ready.iter_mut().skip(first).enumerate() {
            let own = if i + 1 == games { text.take() } else { text.clone() };
            record.model.text = own.unwrap_or_default();
        }
    }
}

impl<R: BufRead> Reader<R> {
    /// Reads buffers until a record is ready or the input has ended.
    fn fill(&mut self) -> io::Result<()> {
        while self.ready.is_empty() && !self.done {
            match self.read_game_bytes() {
                Ok(true) => self.read_buffer(),
                Ok(false) => self.done = true,
                Err(e) => {
                    self.done = true;
                    return Err(e);
                }
            }
        }
        Ok(())
    }
}

impl<'a> Reader<&'a [u8]> {
    /// A reader over text in memory.
    #[allow(clippy::should_implement_trait)]
    #[must_use]
    pub fn from_str(text: &'a str, options: Options) -> Reader<&'a [u8]> {
        Reader::new(text.as_bytes(), options)
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = io::Result<Record>;

    fn next(&mut self) -> Option<io::Result<Record>> {
        if let Err(e) = self.fill() {
            return Some(Err(e));
        }
        self.ready.pop_front().map(Ok)
    }
}

/// Adds the meaning checks of [`Game::checks`] to a record read by [`Reader`]: its
/// [`Game::info`] is filled in and the diagnostics join the reader's, in source order.
pub fn check(record: &mut Record, options: &Options) {
    let (info, mut found) = record.model.checks(options);
    record.model.info = info;
    record.diagnostics.append(&mut found);
    // Stable: at one place the reader's diagnostics stay before the checks', as one pass gave them.
    record.diagnostics.sort_by_key(|d| (d.span().start, d.span().end));
}

/// Warnings that repeat across the games of a file, held back in file order: a rule broken the
/// same way in every game (dates as `2-Aug-2023`, lower-case cards in an export file) is reported
/// where it first occurs, and the later games that break it the same way are counted in one
/// warning at the end of the file. "The same way" is the same code and the same message once every
/// run of digits (and every run of letters inside back-quotes) is reduced to its kind. Errors
/// (and so, under `strict`, the producers' conventions) are always reported in their game.
///
/// Feed it every record's checked diagnostics in file order ([`RepeatedWarnings::hold_back`]),
/// then [`RepeatedWarnings::count`] the last record's; [`Checked`] does so.
#[derive(Debug, Clone, Default)]
pub struct RepeatedWarnings(Repeats);

impl RepeatedWarnings {
    /// Nothing seen yet (a new file).
    #[must_use]
    pub fn new() -> RepeatedWarnings {
        RepeatedWarnings::default()
    }

    /// Drops from the diagnostics of the next record of the file the warnings an earlier record
    /// already reported.
    pub fn hold_back(&mut self, diagnostics: &mut Vec<Diagnostic>) {
        self.0.filter(diagnostics);
    }

    /// Appends one warning per warning held back, with the number of games that repeated it, at
    /// `at` (the end of the file's last game, [`Game::end`]), and starts over.
    pub fn count(&mut self, diagnostics: &mut Vec<Diagnostic>, at: Span) {
        self.0.summarize(diagnostics, at);
    }
}

/// Reads and checks: the records of [`Reader`], each through [`check`], repeated warnings held
/// back ([`RepeatedWarnings`]) and counted on the last record: the records [`crate::borrowed::read_str`]
/// gives for the whole text. It reads one buffer ahead to know which record is the last.
///
/// The checks run as each game is read, so its records keep no tokens: [`Game::tokens`],
/// [`Game::view`] and serializing tokenize the game's text again (a record of [`Reader`] keeps
/// them, for the checks it still needs). A caller that writes every game back reads with
/// [`Reader`] and [`check`].
#[derive(Debug)]
pub struct Checked<R> {
    reader: Reader<R>,
    repeats: RepeatedWarnings,
    /// An error met while reading ahead, given after the record before it.
    error: Option<io::Error>,
}

impl<R: BufRead> Checked<R> {
    /// Reads and checks `input` (see [`Reader::new`]).
    pub fn new(input: R, options: Options) -> Checked<R> {
        // The checks run as each game is read, on the tokens just found: what `check` does on
        // the record, without rebuilding the token tree.
        let mut reader = Reader::new(input, options);
        reader.check = true;
        Checked { reader, repeats: RepeatedWarnings::new(), error: None }
    }
}

impl<'a> Checked<&'a [u8]> {
    /// Reads and checks text in memory.
    #[allow(clippy::should_implement_trait)]
    #[must_use]
    pub fn from_str(text: &'a str, options: Options) -> Checked<&'a [u8]> {
        Checked::new(text.as_bytes(), options)
    }
}

impl<R: BufRead> Iterator for Checked<R> {
    type Item = io::Result<Record>;

    fn next(&mut self) -> Option<io::Result<Record>> {
        if let Some(e) = self.error.take() {
            return Some(Err(e));
        }
        let mut current = match self.reader.next()? {
            Ok(record) => record,
            Err(e) => return Some(Err(e)),
        };
        self.repeats.hold_back(&mut current.diagnostics);
        // The records stay in the reader's queue until given out: reading ahead moves none.
        match self.reader.fill() {
            Err(e) => self.error = Some(e),
            Ok(()) if self.reader.ready.is_empty() => {
                let at = current.model.end();
                self.repeats.count(&mut current.diagnostics, at);
            }
            Ok(()) => {}
        }
        Some(Ok(current))
    }
}

/// Moves the spans of the auction and play entries (between the buffer and the input).
fn shift_sections(info: &mut GameInfo, shift: impl Fn(Span) -> Span) {
    if let Some(auction) = &mut info.auction {
        for entry in &mut auction.entries {
            entry.span = shift(entry.span);
        }
    }
    if let Some(play) = &mut info.play {
        for entry in &mut play.entries {
            entry.span = shift(entry.span);
        }
    }
}

fn push_range(buffer: &mut String, text: &str) -> Range<usize> {
    let start = buffer.len();
    buffer.push_str(text);
    start..buffer.len()
}

/// Appends the next line of `input` (with its `\n`, if it has one) to `out`: `BufRead::read_until`
/// with memchr's vector search, as most lines hold tens of bytes. Gives the bytes appended.
fn read_line<R: BufRead>(input: &mut R, out: &mut Vec<u8>) -> io::Result<usize> {
    let mut read = 0;
    loop {
        let available = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        let (done, used) = match memchr::memchr(b'\n', available) {
            Some(i) => (true, i + 1),
            None => (available.is_empty(), available.len()),
        };
        out.extend_from_slice(available.get(..used).unwrap_or(&[]));
        input.consume(used);
        read += used;
        if done {
            return Ok(read);
        }
    }
}

/// Whether a line holds only blanks and its line end (the tokenizer's semi-empty line).
fn is_empty_line(line: &[u8]) -> bool {
    line.iter().all(|&c| matches!(c, b' ' | b'\t' | b'\x0b' | b'\x0c' | b'\r' | b'\n'))
}

/// Whether a `{` comment is still open at the end of `line`, given whether one was open at its
/// start. Strings and `;` comments are skipped, as the tokenizer skips them.
fn ends_in_comment(line: &[u8], mut comment: bool) -> bool {
    // Only a `{` opens one: most lines have none, and one vector search finds that.
    if !comment && memchr::memchr(b'{', line).is_none() {
        return false;
    }
    let mut i = 0;
    while let Some(&c) = line.get(i) {
        if comment {
            match line.get(i..).and_then(|r| r.iter().position(|&x| x == b'}')) {
                Some(p) => {
                    comment = false;
                    i += p + 1;
                    continue;
                }
                None => return true,
            }
        }
        match c {
            b'{' => comment = true,
            b';' => return false,
            b'"' => {
                // A string ends at its closing quote or at the line end; `\` escapes one byte.
                i += 1;
                while let Some(&s) = line.get(i) {
                    match s {
                        b'\\' => i += 1,
                        b'"' | b'\r' | b'\n' => break,
                        _ => {}
                    }
                    i += 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    comment
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stream(text: &str, options: Options) -> Vec<Record> {
        Checked::from_str(text, options).collect::<io::Result<Vec<_>>>().unwrap_or_default()
    }

    /// The streaming reader gives the records `read_str` gives for the whole text.
    fn same_as_read_str(text: &str) {
        for strict in [false, true] {
            let options = Options { strict };
            let whole: Vec<_> = crate::borrowed::read_str(text, options).collect();
            let streamed = stream(text, options);
            assert_eq!(whole.len(), streamed.len(), "{text:?}");
            for (w, s) in whole.iter().zip(&streamed) {
                assert_eq!(w.diagnostics, s.diagnostics, "{text:?}");
                assert_eq!(w.info.board, s.model.info.board);
                assert_eq!(w.info.deal, s.model.info.deal);
                assert_eq!(w.info.score_ns, s.model.info.score_ns);
                assert_eq!(w.game.span, s.span);
                assert_eq!(w.is_game(), s.model.is_game);
                let wt: Vec<_> = w.tags.iter().map(|t| (t.name.as_ref(), t.value.as_ref())).collect();
                let st: Vec<_> = s.model.tags().collect();
                assert_eq!(wt, st);
                assert_eq!(s.model.tokens().items.len(), w.game.items.len());
            }
        }
    }

    #[test]
    fn streams_as_read_str_reads() {
        same_as_read_str("");
        same_as_read_str("\n\n");
        same_as_read_str(
            "% PBN 2.1\n% EXPORT\n\n[Event \"##Club\"]\n[Board \"1\"]\n[Dealer \"N\"]\n\n[Event \"#\"]\n[Board \"2\"]\n[Dealer \"#\"]\n",
        );
        same_as_read_str(
            "[Board \"1\"]\n{ a comment\n\nwith an empty line }\n[Dealer \"E\"]\n\n\n[Board \"2\"]\n",
        );
        same_as_read_str(
            "[Board \"1\"]\n[Date \"2-Aug-2023\"]\n\n[Board \"2\"]\n[Date \"3-Aug-2023\"]\n\n[Board \"3\"]\n[Date \"4-Aug-2023\"]\n",
        );
        same_as_read_str("[Board \"1\"]\n[Event \"a { b\"] ; {\n\n[Board \"2\"]\n[Board \"3\"]\n");
        same_as_read_str(
            "[Board \"1\"]\r\n[Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\r\n\r\n",
        );
    }

    /// A record of `Checked` keeps no tokens; asked for, they are found again, the same as those
    /// the reader kept, also for the games of one buffer (a file that forgot an empty line).
    #[test]
    fn checked_records_find_their_tokens_again() {
        let text = "% PBN 2.1\r\n[Board \"1\"]\r\n{ a\r\n\r\nb }\r\n[Board \"2\"]\r\n[Auction \"N\"]\r\n1NT Pass ; x\r\n\r\n[Board \"3\"]\r\n";
        let options = Options::default();
        let read: Vec<_> = Reader::from_str(text, options).collect::<io::Result<_>>().unwrap_or_default();
        let checked = stream(text, options);
        assert_eq!(read.len(), 3);
        assert_eq!(read.len(), checked.len());
        for (r, c) in read.iter().zip(&checked) {
            assert!(r.model.tape.is_some() && c.model.tape.is_none());
            assert_eq!(r.model.tokens(), c.model.tokens());
            assert_eq!(r.model.checks(&options), c.model.checks(&options));
            assert_eq!(r.model.view().game, c.model.view().game);
        }
    }

    #[test]
    fn diagnostic_spans_are_in_the_whole_input() {
        let text = "[Board \"1\"]\n\n[Board \"2\"]\n[Dealer \"Q\"]\n";
        let records = stream(text, Options::default());
        let d = records.get(1).and_then(|r| r.errors().next()).map(|d| d.span());
        assert_eq!(d.map(|s| &text[s.range()]), Some("Q"));
    }

    #[test]
    fn a_not_utf8_file_is_read_as_latin1() {
        let bytes = b"[Board \"1\"]\n[Event \"Caf\xe9\"]\n";
        let records: Vec<_> =
            Reader::new(&bytes[..], Options::default()).collect::<io::Result<_>>().unwrap_or_default();
        assert_eq!(records.first().and_then(|r| r.model.tag("Event")), Some("Café"));
        assert!(records.first().is_some_and(|r| r.model.latin1));
    }

    #[test]
    fn comment_state_follows_strings_and_line_comments() {
        assert!(ends_in_comment(b"{ open\n", false));
        assert!(!ends_in_comment(b"\"{\" ; {\n", false));
        assert!(!ends_in_comment(b"still } closed\n", true));
        assert!(ends_in_comment(b"{a} {b\n", false));
    }

    /// Lines come out as `read_until` gives them, however the input's buffer cuts them.
    #[test]
    fn read_line_is_read_until() {
        let text: &[u8] = b"[Board \"1\"]\r\n\n\nlong line of some forty bytes or so, no less\nlast";
        for capacity in [1, 2, 3, 7, 64, 4096] {
            let mut ours = io::BufReader::with_capacity(capacity, text);
            let mut theirs = io::BufReader::with_capacity(capacity, text);
            loop {
                let (mut a, mut b) = (Vec::new(), Vec::new());
                let n = read_line(&mut ours, &mut a).unwrap();
                assert_eq!(n, theirs.read_until(b'\n', &mut b).unwrap());
                assert_eq!(a, b, "capacity {capacity}");
                if n == 0 {
                    break;
                }
            }
        }
    }
}
