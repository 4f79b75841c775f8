//! Writers: the format-preserving one (items as written, unknown tags and their order kept,
//! Latin-1 records written back as Latin-1) and the canonical one that writes a typed board the
//! way BBO's hand viewer lays it out.

use std::io::{self, Write};

use crate::model::{Board, Content, Encoding, MatchHeader};
use crate::read::{LIN_SEATS, Record};
use crate::text::{card_text, hand_text};

/// Writes `record` exactly as it was read (or as its items were edited).
///
/// # Errors
/// What the writer returns.
pub fn write_record<W: Write>(out: &mut W, record: &Record) -> io::Result<()> {
    let mut text = String::new();
    push_record(&mut text, record);
    match record.model.encoding {
        Encoding::Utf8 => out.write_all(text.as_bytes()),
        Encoding::Latin1 if text.chars().all(|c| u32::from(c) <= 0xFF) => {
            let bytes: Vec<u8> = text.chars().map(|c| u8::try_from(u32::from(c)).unwrap_or(b'?')).collect();
            out.write_all(&bytes)
        }
        // An edit brought in text Latin-1 cannot hold: the whole record goes out as UTF-8.
        Encoding::Latin1 => out.write_all(text.as_bytes()),
    }
}

/// The record's text as written (UTF-8).
#[must_use]
pub fn to_string(record: &Record) -> String {
    let mut text = String::new();
    push_record(&mut text, record);
    text
}

fn push_record(text: &mut String, record: &Record) {
    for item in &record.model.items {
        text.push_str(&item.leading);
        text.push_str(&item.tag);
        text.push('|');
        text.push_str(&item.value);
        if item.terminated {
            text.push('|');
        }
    }
    text.push_str(&record.model.trailing);
}

/// The canonical text of a board: `mn`, `qx` (as the board holds it: [`crate::model::qx_of`]
/// makes one from a room and number), `pn`, `md` (all four hands), `sv`, `ah`, the calls with
/// `!` and `an`, the cards, `mc`, and every extra item back at its place; one line.
#[must_use]
pub fn board_text(board: &Board) -> String {
    let mut out = String::with_capacity(512);
    let mut push = |tag: &str, value: &str| {
        out.push_str(tag);
        out.push('|');
        out.push_str(value);
        out.push('|');
    };
    if let Some(event) = &board.event {
        push("mn", event);
    }
    if let Some(qx) = &board.qx {
        push("qx", qx);
    }
    if let Some(players) = &board.players {
        let names: Vec<&str> = LIN_SEATS.iter().map(|s| players[s.index()].as_str()).collect();
        push("pn", &names.join(","));
    }
    if let Some(deal) = &board.deal {
        let digit = board.dealer.map_or('0', |d| match d {
            cards_core::Compass::South => '1',
            cards_core::Compass::West => '2',
            cards_core::Compass::North => '3',
            cards_core::Compass::East => '4',
        });
        let hands: Vec<String> =
            LIN_SEATS.iter().map(|s| deal.hand(*s).map(hand_text).unwrap_or_default()).collect();
        push("md", &format!("{digit}{}", hands.join(",")));
    }
    if let Some(vul) = board.vulnerability {
        push("sv", &crate::model::vulnerability_letter(vul).to_string());
    }
    if let Some(title) = &board.title {
        push("ah", title);
    }
    // Extras go back before the call or card that followed them (`after` counts those before).
    let mut extras = board.extras.iter().peekable();
    let mut place = |push: &mut dyn FnMut(&str, &str), at: usize| {
        while let Some(extra) = extras.next_if(|e| e.after <= at) {
            push(&extra.tag, &extra.value);
        }
    };
    let mut at = 0;
    for call in &board.auction {
        place(&mut push, at);
        let text = call.call.map_or_else(
            || call.text.clone(),
            |c| format!("{}{}", crate::model::call_text(c), if call.alert { "!" } else { "" }),
        );
        push("mb", &text);
        if let Some(explanation) = &call.explanation {
            push("an", explanation);
        }
        at += 1;
    }
    for card in &board.play {
        place(&mut push, at);
        push("pc", &card.card.map_or_else(|| card.text.clone(), card_text));
        at += 1;
    }
    place(&mut push, at);
    if let Some(claim) = board.claim_text.clone().or_else(|| board.claim.map(|c| c.to_string())) {
        push("mc", &claim);
    }
    place(&mut push, usize::MAX);
    out
}

/// Whether [`board_text`] of `board`, read from `record`, reads back as the same board (see
/// [`Writer::write_canonical`]).
fn board_line_holds(record: &Record, board: &Board) -> bool {
    let misplaced = |tag: &str| ["qx", "md", "pn", "mn", "mc"].iter().any(|t| tag.eq_ignore_ascii_case(t));
    let gives_names = record.model.items.iter().any(|item| item.tag.eq_ignore_ascii_case("pn"));
    !board.extras.iter().any(|extra| misplaced(&extra.tag)) && (board.players.is_some() || !gives_names)
}

/// The canonical text of a match header: `vg`, `rs`, `pn` and `pg`.
#[must_use]
pub fn header_text(header: &MatchHeader) -> String {
    let [(team1, carry1), (team2, carry2)] = &header.teams;
    let mut out = format!(
        "vg|{},{},{},{},{},{team1},{carry1},{team2},{carry2}|\n",
        header.title, header.segment, header.scoring, header.first_board, header.last_board
    );
    out.push_str(&format!("rs|{}|\n", header.results.join(",")));
    if !header.players.is_empty() {
        out.push_str(&format!("pn|{}|", header.players.join(",")));
    }
    out.push_str("pg||\n");
    out
}

/// Writes records (as read) or boards (canonically) to any writer, one at a time.
#[derive(Debug)]
pub struct Writer<W> {
    out: W,
    eol: &'static str,
}

impl<W: Write> Writer<W> {
    /// A writer ending canonical lines with `\n`.
    pub fn new(out: W) -> Writer<W> {
        Writer { out, eol: "\n" }
    }

    /// Canonical lines end with `eol` (BBO's archive files use `\r\n`).
    #[must_use]
    pub fn with_eol(mut self, eol: &'static str) -> Writer<W> {
        self.eol = eol;
        self
    }

    /// Writes a record exactly as it was read.
    ///
    /// # Errors
    /// What the underlying writer returns.
    pub fn write_record(&mut self, record: &Record) -> io::Result<()> {
        write_record(&mut self.out, record)
    }

    /// Writes a board canonically, on one line. [`Writer::write_canonical`] writes a record,
    /// keeping what a board's line cannot hold.
    ///
    /// # Errors
    /// What the underlying writer returns.
    pub fn write_board(&mut self, board: &Board) -> io::Result<()> {
        self.out.write_all(board_text(board).as_bytes())?;
        self.out.write_all(self.eol.as_bytes())
    }

    /// Writes a record canonically: the header's lines ([`header_text`]) or the board's line
    /// ([`board_text`]); a record with no items (the end of a file) writes nothing, and a trailer
    /// is written as read, on lines of its own. A board whose
    /// line would not read back as the same board is written as read instead (in UTF-8, like
    /// every canonical line, on lines of its own), so nothing is lost: one whose `pn` names fill
    /// no table (the board keeps no players), or one that gives `qx`, `md`, `pn`, `mn` or `mc`
    /// twice (the repeat is kept among the board's other tags: written after the deal, the first
    /// four would begin another board; a second claim would come before the first).
    ///
    /// # Errors
    /// What the underlying writer returns.
    pub fn write_canonical(&mut self, record: &Record) -> io::Result<()> {
        match &record.model.content {
            Content::Header(header) => self.write_header(header),
            Content::Board(_) if record.model.items.is_empty() => Ok(()),
            Content::Board(board) if board_line_holds(record, board) => self.write_board(board),
            Content::Board(_) | Content::Trailer(_) => {
                let text = to_string(record);
                let text = text.trim_start_matches(['\r', '\n']);
                self.out.write_all(text.as_bytes())?;
                if text.ends_with('\n') { Ok(()) } else { self.out.write_all(self.eol.as_bytes()) }
            }
        }
    }

    /// Writes a match header canonically.
    ///
    /// # Errors
    /// What the underlying writer returns.
    pub fn write_header(&mut self, header: &MatchHeader) -> io::Result<()> {
        self.out.write_all(header_text(header).replace('\n', self.eol).as_bytes())
    }

    /// Flushes and returns the underlying writer.
    ///
    /// # Errors
    /// The error of flushing.
    pub fn into_inner(mut self) -> io::Result<W> {
        self.out.flush()?;
        Ok(self.out)
    }
}

impl<W: Write> cards_core::notation::WriteRecords<crate::Entry, W> for Writer<W> {
    fn write_record(&mut self, record: &Record) -> io::Result<()> {
        Writer::write_record(self, record)
    }

    fn into_inner(self) -> io::Result<W> {
        Writer::into_inner(self)
    }
}
