//! The poker sites' hand histories checked as `check` checks a notation file: each hand a record
//! read by its site's reader ([`sitelogs::Site::records`]), reported with the same
//! [`RecordReport`] and `check --json` fields (`variant`, `hand`, `players`). The CLI streams a
//! log hand by hand with [`report`] and [`Lines`]; [`check_site_bytes`] checks a log in memory
//! (the Python module's `read`).
//!
//! ```
//! use cardnote_check::CheckOptions;
//! use cardnote_check::sitelog::check_site_bytes;
//! use sitelogs::Site;
//!
//! let log = b"PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD) - 2024/01/01 12:00:00 ET
//! Table 'T' 2-max Seat #1 is the button
//! Seat 1: Ann ($2 in chips)
//! Seat 2: Bob ($2 in chips)
//! Ann: posts small blind $0.01
//! Bob: posts big blind $0.02
//! *** HOLE CARDS ***
//! Ann: folds
//! Uncalled bet ($0.01) returned to Bob
//! Bob collected $0.02 from pot
//! *** SUMMARY ***
//! Total pot $0.02 | Rake $0
//! Seat 1: Ann (button) (small blind) folded before Flop
//! Seat 2: Bob (big blind) collected ($0.02)
//! ";
//! let checked = check_site_bytes(Site::PokerStars, log, None, &CheckOptions::default());
//! assert_eq!(checked.records.len(), 1);
//! assert!(checked.records[0].diagnostics.is_empty());
//! // Heads up, PHH lists the big blind first.
//! assert_eq!(checked.records[0].fields["players"], serde_json::json!(["Bob", "Ann"]));
//! ```

use std::io::{BufRead, BufReader, Read};
use std::path::Path;

use cards_core::{Diagnostic, Severity, Span};
use serde_json::{Map, Value};
use sitelogs::acpc::GameDef;
use sitelogs::{Options, Record, Site};

use crate::{CheckOptions, FileCheck, RecordReport};

/// The game ACPC lines of `log` are read under; `None` for the other sites. `forced` first (the
/// CLI's `--game`); then `LOG.game` beside the log; then the game file the dealer's first comment
/// names (where it still is, beside the log, or one of those the dealer ships); Pluribus's own.
///
/// # Errors
/// `ACPC_NO_GAME` when none is found or a game file cannot be read: the error says where it
/// looked.
pub fn game_for(site: Site, log: &Path, forced: Option<&GameDef>) -> Result<Option<GameDef>, Diagnostic> {
    if !site.needs_game() {
        return Ok(None);
    }
    if let Some(game) = forced {
        return Ok(Some(game.clone()));
    }
    if site == Site::Pluribus {
        return Ok(Some(GameDef::pluribus()));
    }
    let beside = log.with_extension("game");
    if beside.is_file() {
        return read_game(&beside).map(Some);
    }
    // The dealer's comment is the first line: the file's first 4 KiB, not the whole log.
    let head = std::fs::File::open(log).and_then(|file| {
        let mut bytes = Vec::with_capacity(4096);
        file.take(4096).read_to_end(&mut bytes).map(|_| String::from_utf8_lossy(&bytes).into_owned())
    });
    if let Some(named) = head.as_deref().ok().and_then(sitelogs::acpc::named_game) {
        let file_name = named.rsplit(['/', '\\']).next().unwrap_or(named);
        let near = log.parent().map(|dir| dir.join(file_name));
        for path in [Some(Path::new(named).to_path_buf()), near].into_iter().flatten() {
            if path.is_file() {
                return read_game(&path).map(Some);
            }
        }
        if let Some(game) = GameDef::standard(named) {
            return Ok(Some(game));
        }
    }
    Err(no_game(&format!(
        "an ACPC log is read under its game definition: give it with --game FILE.game or put {} beside the log",
        beside.file_name().map_or_else(String::new, |n| n.to_string_lossy().into_owned())
    )))
}

fn no_game(message: &str) -> Diagnostic {
    Diagnostic::error(sitelogs::codes::ACPC_NO_GAME, message, Span::at(0))
}

/// A `.game` file, read.
///
/// # Errors
/// `ACPC_NO_GAME` when it cannot be read, or the game definition's own error.
pub fn read_game(path: &Path) -> Result<GameDef, Diagnostic> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| no_game(&format!("cannot read {}: {e}", path.display())))?;
    GameDef::parse(&text)
        .map_err(|d| Diagnostic::error(d.code(), format!("{}: {}", path.display(), d.message()), Span::at(0)))
}

/// A site record's report: its diagnostics (every one an error under `strict`) and, unless
/// `no_fields`, the `check --json` fields of the hand read (`variant`, `hand`, `players`).
#[must_use]
pub fn report(record: &Record, strict: bool, no_fields: bool) -> RecordReport {
    let mut diagnostics = record.diagnostics.clone();
    if strict {
        for d in &mut diagnostics {
            d.set_severity(Severity::Error);
        }
    }
    let mut fields = Map::new();
    if let Some(hand) = record.hand.as_ref().filter(|_| !no_fields) {
        fields.insert("variant".into(), Value::String(hand.variant.code().to_owned()));
        if let Some(id) = &hand.hand {
            fields.insert("hand".into(), Value::String(id.to_string()));
        }
        if let Some(players) = &hand.players {
            fields.insert("players".into(), players.iter().cloned().map(Value::String).collect());
        }
    }
    RecordReport { diagnostics, fields }
}

/// The lines of a file before a byte offset, for offsets that only grow (a log's records in
/// order): the file is read once from its start however many records ask, as
/// [`cards_core::LineIndex`] counts lines (`\n`, `\r\n`, a lone `\r`).
pub struct Lines<R> {
    reader: R,
    pos: usize,
    lines: usize,
    line_start: usize,
    after_cr: bool,
}

impl<R: BufRead> Lines<R> {
    /// Counts the lines of `reader` (a second handle on the log being read).
    pub fn new(reader: R) -> Self {
        Lines { reader, pos: 0, lines: 0, line_start: 0, after_cr: false }
    }

    /// The lines before `offset`; an offset behind the last one asked gives the last count.
    pub fn before(&mut self, offset: usize) -> usize {
        while self.pos < offset {
            let Ok(buf) = self.reader.fill_buf() else { break };
            if buf.is_empty() {
                break;
            }
            let take = buf.len().min(offset - self.pos);
            for (i, &b) in buf[..take].iter().enumerate() {
                let next = self.pos + i + 1;
                match b {
                    b'\n' if self.after_cr => {
                        self.after_cr = false;
                        self.line_start = next;
                    }
                    b'\n' => {
                        self.lines += 1;
                        self.line_start = next;
                    }
                    b'\r' => {
                        self.lines += 1;
                        self.line_start = next;
                        self.after_cr = true;
                    }
                    _ => self.after_cr = false,
                }
            }
            self.reader.consume(take);
            self.pos += take;
        }
        self.lines
    }

    /// The byte offset where the line of the last offset asked starts (a column counts from it).
    #[must_use]
    pub const fn line_start(&self) -> usize {
        self.line_start
    }
}

impl Lines<BufReader<std::fs::File>> {
    /// The lines of the file at `path`; `None` when it cannot be opened.
    #[must_use]
    pub fn of_file(path: &Path) -> Option<Self> {
        std::fs::File::open(path).ok().map(|file| Lines::new(BufReader::new(file)))
    }
}

/// The text a log's spans point into: the log itself when it is UTF-8, else one character per
/// byte (`?` for each byte that is not ASCII) so every byte offset stays a character's (UTF-16
/// and cp1252 logs).
#[must_use]
pub fn source_text(data: &[u8]) -> String {
    match std::str::from_utf8(data) {
        Ok(text) => text.to_owned(),
        Err(_) => data.iter().map(|&b| if b.is_ascii() { char::from(b) } else { '?' }).collect(),
    }
}

/// Reads and checks a whole site log in memory: one report per hand, spans in
/// [`FileCheck::source`] ([`source_text`]). An ACPC log needs its `game`: without one the file is
/// a single record with `ACPC_NO_GAME`.
#[must_use]
pub fn check_site_bytes(site: Site, data: &[u8], game: Option<&GameDef>, opts: &CheckOptions) -> FileCheck {
    let source = source_text(data);
    let options = Options { strict: opts.strict };
    let records = match site.records(data, game, options) {
        Some(records) => records.map(|record| report(&record, opts.strict, opts.no_fields)).collect(),
        None => vec![RecordReport {
            diagnostics: vec![no_game("an ACPC log is read under its game definition (a .game file)")],
            fields: Map::new(),
        }],
    };
    FileCheck { source, records }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Lines are counted as `cards_core::LineIndex` counts them, whatever the offsets asked.
    #[test]
    fn lines_before_offsets_are_line_index_s() {
        let text = "a\r\nb\rc\n\nd\r\r\ne";
        let index = cards_core::LineIndex::new(text);
        let mut lines = Lines::new(std::io::BufReader::with_capacity(2, text.as_bytes()));
        for offset in [0, 1, 3, 3, 4, 5, 6, 7, 8, 9, 10, 12, 13] {
            let (line, column) = index.line_col(text, offset);
            assert_eq!(lines.before(offset), line - 1, "{offset}");
            assert_eq!(index.line_col(text, lines.line_start()), (line, 1), "{offset}: {column}");
        }
    }

    #[test]
    fn an_acpc_log_without_its_game_is_one_record_with_the_error() {
        let checked = check_site_bytes(Site::Acpc, b"STATE:0:cc:AhKh|QsQd\n", None, &CheckOptions::default());
        assert_eq!(checked.records.len(), 1);
        assert_eq!(checked.records[0].diagnostics[0].code(), sitelogs::codes::ACPC_NO_GAME);
    }

    #[test]
    fn a_log_that_is_not_utf8_keeps_its_byte_offsets() {
        assert_eq!(source_text(b"a\xe9b"), "a?b");
        assert_eq!(source_text("aéb".as_bytes()), "aéb");
    }
}
