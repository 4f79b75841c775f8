//! Canonical PPN writer: tags one per line (quoted only when needed), a blank line, then one deal
//! record per line with single spaces. Reading the output gives back an equal [`Game`].
//!
//! [`Writer`] writes to any [`io::Write`] record by record; [`write_game`] is the
//! whole-game convenience over it. PPN has no comments and no layout worth keeping, so the
//! canonical writer is also the format-preserving one: what a file means is all it holds.

use core::fmt::Write as _;
use std::io;

use crate::record::{Header, Record};

use crate::model::{Accepted, Bid, Column, Contract, Deal, Discard, Entry, Game, Play, Tag};
use crate::parse::code_char;

/// Writes a whole game.
///
/// ```
/// let game = ppn_pref::read_game("[Bula \"60\"]\n[2 312 WQKJS5LP84CEIAOT9N31BDH7FVM2RGU6 P,P,P]");
/// assert_eq!(ppn_pref::write::write_game(&game), "[Bula 60]\n\n[2 312 WQKJS5LP84CEIAOT9N31BDH7FVM2RGU6 P,P,P]\n");
/// ```
#[must_use]
pub fn write_game(game: &Game) -> String {
    let mut writer = Writer::new(Vec::with_capacity(64 * game.tags.len() + 140 * game.deals.len()));
    // writing to a vector cannot fail, and the writer only writes UTF-8
    let _ = writer.write_tags(&game.tags);
    for deal in &game.deals {
        let _ = writer.write(deal);
    }
    String::from_utf8(writer.out).unwrap_or_default()
}

/// Writes canonical PPN to any [`io::Write`], record by record: a record read by
/// [`crate::Reader`] brings its info section (before the first deal) and any tag read after it.
///
/// ```
/// use cards_core::notation::WriteRecords;
/// use ppn_pref::{Options, Reader, Writer};
///
/// let src = "[Bula \"60\"]\n[2 312 WQKJS5LP84CEIAOT9N31BDH7FVM2RGU6 P,P,P]\n";
/// let mut writer = Writer::new(Vec::new());
/// for record in Reader::from_str(src, Options::default()) {
///     writer.write_record(&record?)?;
/// }
/// assert_eq!(writer.into_inner()?, b"[Bula 60]\n\n[2 312 WQKJS5LP84CEIAOT9N31BDH7FVM2RGU6 P,P,P]\n");
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug)]
pub struct Writer<W> {
    out: W,
    line: String,
    tags_written: bool,
    deals_written: bool,
}

impl<W: io::Write> Writer<W> {
    /// A writer into `out`.
    #[must_use]
    pub fn new(out: W) -> Writer<W> {
        Writer { out, line: String::with_capacity(256), tags_written: false, deals_written: false }
    }

    /// Writes tag pairs, one per line.
    ///
    /// # Errors
    /// The underlying writer's.
    pub fn write_tags(&mut self, tags: &[Tag]) -> io::Result<()> {
        self.line.clear();
        for tag in tags {
            write_tag(tag, &mut self.line);
            self.line.push('\n');
        }
        self.tags_written |= !tags.is_empty();
        self.out.write_all(self.line.as_bytes())
    }

    /// Writes one deal record on its own line (after a blank line if it is the first deal and
    /// tags came before it).
    ///
    /// # Errors
    /// The underlying writer's.
    pub fn write(&mut self, deal: &Deal) -> io::Result<()> {
        self.line.clear();
        if self.tags_written && !self.deals_written {
            self.line.push('\n');
        }
        self.deals_written = true;
        write_deal(deal, &mut self.line);
        self.line.push('\n');
        self.out.write_all(self.line.as_bytes())
    }
}

impl<W: io::Write> cards_core::notation::WriteRecords<crate::DealRecord, W> for Writer<W> {
    /// Writes one record read by [`crate::Reader`]: the first record's info section, its deal
    /// (a record that could not be read has none to write), then the tags read after it.
    fn write_record(&mut self, record: &Record) -> io::Result<()> {
        let model = &record.model;
        let header: &Header = &model.header;
        if model.number == 0 {
            let front = model.late_tags.start.min(header.tags.len());
            self.write_tags(&header.tags[..front])?;
        }
        if let Some(deal) = &model.deal {
            self.write(deal)?;
        }
        match header.tags.get(model.late_tags.clone()) {
            Some(late) => self.write_tags(late),
            None => Ok(()),
        }
    }

    fn into_inner(mut self) -> io::Result<W> {
        self.out.flush()?;
        Ok(self.out)
    }
}

fn needs_quotes(value: &str) -> bool {
    value.is_empty()
        || value.starts_with('"')
        || value.chars().any(|c| c.is_whitespace() || matches!(c, '"' | ']' | '[' | '\\'))
}

/// Writes one tag pair `[Name value]`.
pub fn write_tag(tag: &Tag, out: &mut String) {
    out.push('[');
    out.push_str(&tag.name);
    out.push(' ');
    if needs_quotes(&tag.value) {
        out.push('"');
        for c in tag.value.chars() {
            if matches!(c, '"' | '\\') {
                out.push('\\');
            }
            out.push(c);
        }
        out.push('"');
    } else {
        out.push_str(&tag.value);
    }
    out.push(']');
}

/// The text of a bid token.
#[must_use]
pub fn bid_text(bid: Bid) -> String {
    match bid {
        Bid::Pass => "P".to_owned(),
        Bid::Plain(n) => n.to_string(),
        Bid::Mine(n) => format!("M{n}"),
        Bid::Game => "G".to_owned(),
        Bid::NamedGame(n) => format!("G{n}"),
    }
}

/// The text of a contract (`4`, `G4`).
#[must_use]
pub fn contract_text(c: Contract) -> String {
    if c.game { format!("G{}", c.level) } else { c.level.to_string() }
}

/// The text of a summary entry.
#[must_use]
pub fn entry_text(e: &Entry) -> String {
    match *e {
        Entry::None => "0".to_owned(),
        Entry::Main { tricks, middle } => format!("M{tricks}:{middle}"),
        Entry::Follower { tricks, column, supe, fail } => {
            let c = if column == Column::Left { 'L' } else { 'R' };
            match fail {
                Some(f) => format!("F{tricks}:{c}{supe}:{f}"),
                None => format!("F{tricks}:{c}{supe}"),
            }
        }
    }
}

/// The text of the cards field.
#[must_use]
pub fn cards_text(deal: &Deal) -> String {
    deal.cards.iter().map(|&c| code_char(c)).collect()
}

/// Writes one deal record (no newline).
pub fn write_deal(deal: &Deal, out: &mut String) {
    let _ = write!(out, "[{} ", deal.id);
    for p in deal.order.0 {
        let _ = write!(out, "{p}");
    }
    out.push(' ');
    out.extend(deal.cards.iter().map(|&c| code_char(c)));
    out.push(' ');
    for (i, b) in deal.bids.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(&bid_text(*b));
    }
    if let Some(play) = &deal.play {
        write_play(play, out);
    }
    out.push(']');
}

fn write_play(play: &Play, out: &mut String) {
    let _ = write!(out, " {} ", play.main);
    match play.discard {
        Discard::None => out.push_str("XX"),
        Discard::Cards([a, b]) => {
            out.push(code_char(a));
            out.push(code_char(b));
        }
    }
    let _ = write!(out, " {} ", contract_text(play.contract));
    match play.accepted {
        Accepted::Nobody => out.push('0'),
        Accepted::One(p) => {
            let _ = write!(out, "{p}");
        }
        Accepted::Both(d) => {
            let _ = write!(out, "{d}");
        }
    }
    out.push(' ');
    match play.kontra {
        None => out.push('0'),
        Some(k) => {
            out.push(k.level.letter());
            let _ = write!(out, "{}", k.by);
        }
    }
    if let Some(r) = play.refa {
        out.push_str(if r { " 1" } else { " 0" });
    }
    let _ = write!(out, " {} ", play.value);
    match play.starts {
        None => out.push('0'),
        Some(p) => {
            let _ = write!(out, "{p}");
        }
    }
    out.push(' ');
    if play.throws.is_empty() {
        out.push('0');
    }
    for (i, t) in play.throws.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.extend(t.cards().iter().map(|&c| code_char(c)));
        let _ = write!(out, "{}", t.winner);
    }
    out.push(' ');
    for (i, e) in play.summary.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(&entry_text(e));
    }
}
