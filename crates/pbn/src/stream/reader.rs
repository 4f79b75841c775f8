//! [`Reader`]: games cut from any [`BufRead`] ([`RawRecord`]), and made records.

use std::collections::VecDeque;
use std::io::{self, BufRead};

use cards_core::{Diagnostic, Span};

use super::game::{Game, PackedTag, Record, push_range};
use super::lines::{ends_in_comment, is_empty_line, read_line};
use crate::Pbn;
use crate::model::Item;
use crate::parse::{RawGame, Splitter};
use crate::tape::Tape;
use crate::validate::{Carry, GameInfo, Options};

/// Reads games from any [`BufRead`]: [`Pbn`]'s reader. It cuts games
/// ([`cards_core::ReadRecords::read_raw`]: the sequential part of reading, see [`RawRecord`]) and,
/// as an iterator of `io::Result<`[`Record`]`>`, also parses them. The meaning checks are
/// [`crate::check`]'s ([`Checker`](crate::Checker)), one record at a time, on any thread.
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
}
