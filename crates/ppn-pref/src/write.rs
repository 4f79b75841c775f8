//! Canonical PPN writer: tags one per line (quoted only when needed), a blank line, then one deal
//! record per line with single spaces. Reading the output gives back an equal [`Game`].

use core::fmt::Write as _;

use crate::model::{Accepted, Bid, Column, Contract, Deal, Discard, Entry, Game, Play, Tag};
use crate::parse::code_char;

/// Writes a whole game.
///
/// ```
/// let game = ppn_pref::parse::read("[Bula \"60\"]\n[2 312 WQKJS5LP84CEIAOT9N31BDH7FVM2RGU6 P,P,P]").game;
/// assert_eq!(ppn_pref::write::write_game(&game), "[Bula 60]\n\n[2 312 WQKJS5LP84CEIAOT9N31BDH7FVM2RGU6 P,P,P]\n");
/// ```
#[must_use]
pub fn write_game(game: &Game) -> String {
    let mut out = String::with_capacity(64 * game.tags.len() + 140 * game.deals.len());
    for tag in &game.tags {
        write_tag(tag, &mut out);
        out.push('\n');
    }
    if !game.tags.is_empty() && !game.deals.is_empty() {
        out.push('\n');
    }
    for deal in &game.deals {
        write_deal(deal, &mut out);
        out.push('\n');
    }
    out
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
