//! The one reading path: games from any [`BufRead`], memory bounded by the largest game.
//!
//! [`Reader::read_raw`](cards_core::ReadRecords::read_raw) takes the input one game at a time: it
//! reads lines up to the empty line that ends a game (an empty line inside a `{` comment does
//! not), decodes that text, splits it into tags and sections and resolves what each game takes
//! from the games before it (`#`/`##` inheritance, the export mode, the board before for a
//! match's other table): a [`RawRecord`]. That is all that needs the games in order.
//! [`Pbn::parse`](cards_core::Notation::parse) makes the record (pure, any thread), the meaning
//! checks ([`crate::check`], [`Checker`]) take one record and nothing else, and
//! [`Checker`]'s finish holds back, in file order, the warnings repeated across games. Limits,
//! each a file no real producer writes:
//! - a file whose lines end in CR alone, or a game whose `{` comment is never closed, is one buffer
//!   (as it is one game);
//! - a file that is not UTF-8 is read as ISO-8859-1 from the first game that is not UTF-8 on; the
//!   games before it were read as UTF-8.
//!
//! ```
//! use cards_core::notation::read_checked;
//! let text = "[Board \"1\"]\n[Dealer \"N\"]\n\n[Board \"2\"]\n[Dealer \"#\"]\n";
//! let mut boards = Vec::new();
//! for record in read_checked::<pbn::Pbn, _>(text.as_bytes(), pbn::Options::default()) {
//!     let record = record?;
//!     // The Dealer is inherited when read; the checks read it as a seat.
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

use cards_core::{Diagnostic, DiagnosticSink, Span};

use crate::Pbn;
use crate::model::Item;
use crate::parse::{RawGame, Splitter};
use crate::tape::Tape;
use crate::validate::repeats::Repeats;
use crate::validate::{Carry, Context, GameInfo, Options};

/// One game read, with its diagnostics and its span in the decoded input.
///
/// Diagnostic spans, [`cards_core::Record::span`] and the spans in [`Game::info`] are byte offsets
/// into the whole decoded input; [`Game::span`] and the spans of [`Game::tokens`] are offsets into
/// [`Game::text`], which starts at [`Game::offset`].
pub type Record = cards_core::Record<Game>;

/// One game ([`Pbn`]'s model): its text and everything read from it, owned.
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
    /// record read and not yet checked).
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
    /// The tokens the reader found, kept so that the checks and writers do not split the text
    /// again.
    tape: Tape,
}

/// A game serializes as one game of `cardnote convert --to json` ([`crate::summary::GameJson`]):
/// the check fields, then every item as written. A [`Record`] serializes as that game, its
/// diagnostics and its span.
#[cfg(feature = "serde")]
impl serde::Serialize for Game {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        crate::summary::GameJson::from(self).serialize(serializer)
    }
}

/// Two games are equal when all they say is: their tokens are the same, as they are read from
/// the same text.
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

    /// The game as the writers and the JSON form take it (tokens, resolved tags, typed values),
    /// every span an offset into [`Game::text`].
    pub(crate) fn view(&self) -> crate::validate::View<'_> {
        let mut info = self.info.clone();
        shift_sections(&mut info, |s| {
            Span::new(s.start.saturating_sub(self.offset), s.end.saturating_sub(self.offset))
        });
        crate::validate::View { game: self.tokens(), tags: self.resolved_tags(), info, export: self.export }
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

    /// The meaning checks of the game (see [`crate::check`]): returns what it says, typed (spans
    /// in the input), and reports the diagnostics they add (spans in the input, sorted, the
    /// producers' conventions made errors under `options.strict`). Needs nothing but the game.
    fn checks(&self, options: &Options, sink: &mut dyn DiagnosticSink) -> GameInfo {
        let mut diagnostics = Vec::new();
        let tags = self.resolved_tags();
        let game = self.tokens();
        let mut info = crate::validate::check_game(
            &self.text,
            &game,
            &tags,
            self.tape.long_lines(),
            &self.context,
            &mut diagnostics,
        );
        crate::validate::finish_diagnostics(&self.text, self.offset, &mut diagnostics, *options);
        shift_sections(&mut info, |s| s.shift(self.offset));
        sink.report_all(diagnostics);
        info
    }

    /// Where the count lines of warnings repeated across a file go when this is its last game:
    /// the end of its last line (in the input).
    fn end(&self) -> Span {
        crate::validate::end_of_last_line(&self.text, self.span).shift(self.offset)
    }

    /// The game's tokens (tags, section data, comments, `%` lines), spans in [`Game::text`]: the
    /// import-style writer ([`crate::write::write_import`]) takes them.
    #[must_use]
    pub fn tokens(&self) -> crate::model::Tokens<'_> {
        self.tape.game(&self.text)
    }
}

/// Reads games from any [`BufRead`]: [`Pbn`]'s reader. It cuts games
/// ([`cards_core::ReadRecords::read_raw`]: the sequential part of reading, see [`RawRecord`]) and,
/// as an iterator of `io::Result<`[`Record`]`>`, also parses them. The meaning checks are
/// [`crate::check`]'s ([`Checker`]), one record at a time, on any thread.
///
/// ```
/// let text = "[Board \"1\"]\n[Dealer \"N\"]\n";
/// let options = pbn::Options::default();
/// let mut record = pbn::Reader::from_str(text, options).next().unwrap()?;
/// assert_eq!(record.model.info.dealer, None); // not checked yet
/// pbn::check(&mut record, &options);
/// assert_eq!(record.model.info.dealer, Some(cards_core::Compass::North));
/// # Ok::<(), std::io::Error>(())
/// ```
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
    /// Games cut and not yet given out.
    ready: VecDeque<RawRecord>,
    done: bool,
}

/// One game cut by [`Reader`] and not yet parsed ([`Pbn`]'s raw record): its text, its tokens,
/// its tags with what it inherits from the games before it resolved (`#`, `##`), the export mode
/// and the board before, and the diagnostics of reading them. Inheritance is resolved as games are
/// cut because a game's `#` takes the value the game before it resolved; what is left,
/// [`Pbn::parse`](cards_core::Notation::parse), needs nothing else and runs on any thread.
#[derive(Debug, Clone)]
pub struct RawRecord {
    game: Game,
    diagnostics: Vec<Diagnostic>,
    span: Span,
}

impl RawRecord {
    /// The decoded text the game was cut from (see [`Game::text`]).
    #[must_use]
    pub fn text(&self) -> &str {
        &self.game.text
    }

    /// Where [`RawRecord::text`] starts in the decoded input.
    #[must_use]
    pub fn offset(&self) -> usize {
        self.game.offset
    }

    /// Whether the game holds at least one tag (see [`Game::is_game`]).
    #[must_use]
    pub fn is_game(&self) -> bool {
        self.game.is_game
    }
}

/// Makes the record of a game cut by [`Reader`]: the diagnostics of reading it, the producers'
/// conventions made errors under `options.strict`, moved into the input and sorted.
pub(crate) fn parse(raw: RawRecord, options: Options) -> Record {
    let RawRecord { game, mut diagnostics, span } = raw;
    crate::validate::finish_diagnostics(&game.text, game.offset, &mut diagnostics, options);
    Record { model: game, diagnostics, span }
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
                info: GameInfo::default(),
                export: context.export,
                latin1: self.latin1,
                is_game: game.items.iter().any(|i| matches!(i, Item::Tag(_))),
                context,
                tag_text,
                tags: packed,
                tape: Tape::new(&text, &game, long_lines),
            };
            let span = game.span.shift(offset);
            self.ready.push_back(RawRecord { game: model, diagnostics, span });
        }
        // Each game of the buffer keeps its text: the last one takes it, the others (a file that
        // forgot the empty line between games) get a copy.
        let games = self.ready.len() - first;
        let mut text = Some(text);
        for (i, record) in self.ready.iter_mut().skip(first).enumerate() {
            let own = if i + 1 == games { text.take() } else { text.clone() };
            record.game.text = own.unwrap_or_default();
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

impl<R: BufRead> cards_core::ReadRecords<Pbn> for Reader<R> {
    fn read_raw(&mut self) -> Option<io::Result<RawRecord>> {
        if let Err(e) = self.fill() {
            return Some(Err(e));
        }
        self.ready.pop_front().map(Ok)
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = io::Result<Record>;

    fn next(&mut self) -> Option<io::Result<Record>> {
        let options = self.options;
        cards_core::notation::next_parsed::<Pbn, _>(self, &options)
    }
}

/// Adds the meaning checks of a game (tag values, deal, auction, play, result, score, export
/// rules) to a record read by [`Reader`]: its [`Game::info`] is filled in and the diagnostics join
/// the reader's, in source order. Needs nothing but the record: any thread, any order.
pub fn check(record: &mut Record, options: &Options) {
    record.model.info = record.model.checks(options, &mut record.diagnostics);
    // Stable: at one place the reader's diagnostics stay before the checks', as one pass gave them.
    record.diagnostics.sort_by_key(|d| (d.span().start, d.span().end));
}

/// [`Pbn`]'s checker: [`crate::check`] on each record, then, in file order, the warnings that
/// repeat across the games of a file held back. A rule broken the same way in every game (dates as
/// `2-Aug-2023`, lower-case cards in an export file) is reported where it first occurs, and the
/// later games that break it the same way are counted in one warning at the end of the file's
/// last game. "The same way" is the same code and the same message once every run of digits (and
/// every run of letters inside back-quotes) is reduced to its kind. Errors (and so, under
/// `strict`, the producers' conventions) are always reported in their game.
#[derive(Debug, Clone, Default)]
pub struct Checker {
    options: Options,
    repeats: Repeats,
}

impl Checker {
    /// A checker for one file, nothing seen yet.
    #[must_use]
    pub fn new(options: Options) -> Checker {
        Checker { options, repeats: Repeats::default() }
    }
}

impl cards_core::Checker<Game> for Checker {
    fn check(&self, record: &mut Record) {
        check(record, &self.options);
    }

    fn finish(&mut self, record: &mut Record, last: bool) {
        self.repeats.filter(&mut record.diagnostics);
        if last {
            let at = record.model.end();
            self.repeats.summarize(&mut record.diagnostics, at);
        }
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
        cards_core::notation::read_checked::<Pbn, _>(text.as_bytes(), options)
            .collect::<io::Result<Vec<_>>>()
            .unwrap_or_default()
    }

    /// However the input's buffer cuts it, the reader gives the same records (the whole text
    /// read at once, or a byte at a time).
    fn same_in_any_buffer(text: &str) {
        for strict in [false, true] {
            let options = Options { strict };
            let whole = stream(text, options);
            for capacity in [1, 7] {
                let input = io::BufReader::with_capacity(capacity, text.as_bytes());
                let streamed: Vec<_> = cards_core::notation::read_checked::<Pbn, _>(input, options)
                    .collect::<io::Result<_>>()
                    .unwrap_or_default();
                assert_eq!(whole, streamed, "{text:?}");
            }
        }
    }

    #[test]
    fn streams_the_same_in_any_buffer() {
        same_in_any_buffer("");
        same_in_any_buffer("\n\n");
        same_in_any_buffer(
            "% PBN 2.1\n% EXPORT\n\n[Event \"##Club\"]\n[Board \"1\"]\n[Dealer \"N\"]\n\n[Event \"#\"]\n[Board \"2\"]\n[Dealer \"#\"]\n",
        );
        same_in_any_buffer(
            "[Board \"1\"]\n{ a comment\n\nwith an empty line }\n[Dealer \"E\"]\n\n\n[Board \"2\"]\n",
        );
        same_in_any_buffer(
            "[Board \"1\"]\n[Date \"2-Aug-2023\"]\n\n[Board \"2\"]\n[Date \"3-Aug-2023\"]\n\n[Board \"3\"]\n[Date \"4-Aug-2023\"]\n",
        );
        same_in_any_buffer("[Board \"1\"]\n[Event \"a { b\"] ; {\n\n[Board \"2\"]\n[Board \"3\"]\n");
        same_in_any_buffer(
            "[Board \"1\"]\r\n[Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\r\n\r\n",
        );
    }

    /// `#` and `##` are resolved as games are cut; a game's parse needs nothing else.
    #[test]
    fn inheritance_is_resolved_when_cut() {
        use cards_core::{Notation, ReadRecords};
        let text = "[Event \"##Club\"]\n[Board \"1\"]\n[Dealer \"N\"]\n\n[Board \"2\"]\n[Dealer \"#\"]\n";
        let mut reader = Pbn::reader(text.as_bytes(), Options::default());
        let raws: Vec<RawRecord> = std::iter::from_fn(|| reader.read_raw()).map(Result::unwrap).collect();
        // Parsed in the reverse order, as another thread might.
        let records: Vec<Record> =
            raws.into_iter().rev().map(|raw| Pbn::parse(raw, &Options::default())).collect();
        assert_eq!(records[0].model.tag("Event"), Some("Club"));
        assert_eq!(records[0].model.tag("Dealer"), Some("N"));
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
