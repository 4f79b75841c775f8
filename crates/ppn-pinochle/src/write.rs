//! Writing: the model back to text (faithful to item order), and the EXPORT / IMPORT forms.
//!
//! `parse(write(m)) == m` for every model the reader produces; [`to_export`] reorders the
//! mandatory tags into roster order and sets the headers, [`to_import`] only changes the format.

use core::fmt::Write as _;

use crate::card_text as pinochle;

use crate::model::{
    FormatKind, Hand, Header, HeaderLine, Item, PpnFile, SectionLine, Segment, SegmentPoint, Tag, Token,
};
use crate::parse::is_section_tag;
use crate::validate::EXPORT_ROSTER;

/// Writes a whole file.
#[must_use]
pub fn write(file: &PpnFile) -> String {
    let mut out = String::with_capacity(2048 * (file.hands.len() + 1));
    for h in &file.headers {
        write_header(&mut out, &h.header);
    }
    for hand in &file.hands {
        if !out.is_empty() {
            out.push('\n');
        }
        write_hand(&mut out, hand);
    }
    out
}

fn write_header(out: &mut String, header: &Header) {
    match header {
        Header::Notation(v) if v.is_empty() => out.push_str("% PPN"),
        Header::Notation(v) => {
            let _ = write!(out, "% PPN {v}");
        }
        Header::Format(FormatKind::Export) => out.push_str("% EXPORT"),
        Header::Format(FormatKind::Import) => out.push_str("% IMPORT"),
        Header::Id(id) => {
            let _ = write!(out, "% ID {id}");
        }
        Header::Blank => out.push('%'),
        Header::Other(t) => {
            let _ = write!(out, "% {t}");
        }
    }
    out.push('\n');
}

fn section_mode(tag: &Tag) -> bool {
    tag.section.is_some() || is_section_tag(&tag.name)
}

/// Writes one hand (no blank line around it).
pub fn write_hand(out: &mut String, hand: &Hand) {
    let mut i = 0;
    while let Some(item) = hand.items.get(i) {
        i += 1;
        match item {
            Item::Comment(c) => {
                let _ = writeln!(out, "{{{}}}", c.text);
            }
            Item::Tag(tag) => {
                write_tag(out, tag);
                let inline = section_mode(tag);
                while let Some(Item::Comment(c)) = hand.items.get(i) {
                    i += 1;
                    if inline {
                        let _ = write!(out, " {{{}}}", c.text);
                    } else {
                        let _ = write!(out, "\n{{{}}}", c.text);
                    }
                }
                out.push('\n');
                if let Some(section) = &tag.section {
                    for line in &section.lines {
                        write_line(out, line);
                    }
                }
            }
        }
    }
}

fn write_point(out: &mut String, p: &SegmentPoint) {
    out.push(p.letter.letter());
    if let Some(m) = p.major {
        let _ = write!(out, ".{m}");
        if let Some(n) = p.minor {
            let _ = write!(out, ".{n}");
        }
    }
}

fn write_segment(out: &mut String, s: &Segment) {
    out.push('@');
    write_point(out, &s.start);
    out.push('-');
    if let Some(end) = &s.end {
        write_point(out, end);
    }
    out.push('=');
}

/// Escapes a tag value (`"` and `\`).
#[must_use]
pub fn escape(value: &str) -> std::borrow::Cow<'_, str> {
    if value.bytes().any(|b| b == b'"' || b == b'\\') {
        let mut s = String::with_capacity(value.len() + 4);
        for ch in value.chars() {
            if ch == '"' || ch == '\\' {
                s.push('\\');
            }
            s.push(ch);
        }
        s.into()
    } else {
        value.into()
    }
}

fn write_tag(out: &mut String, tag: &Tag) {
    if let Some(seg) = &tag.segment {
        write_segment(out, seg);
    }
    let _ = write!(out, "[{} \"{}\"]", tag.name, escape(&tag.value));
}

/// The text of one section token.
#[must_use]
pub fn token_text(t: &Token) -> String {
    let mut s = String::new();
    write_token(&mut s, t);
    s
}

/// The text of a segmental prefix (`@P.19.3-R=`).
#[must_use]
pub fn segment_text(seg: &Segment) -> String {
    let mut s = String::new();
    write_segment(&mut s, seg);
    s
}

fn write_token(out: &mut String, t: &Token) {
    match t {
        Token::Pass => out.push_str("Pass"),
        Token::Bid(n) => {
            let _ = write!(out, "{n}");
        }
        Token::Dash => out.push('-'),
        Token::Unknown => out.push('?'),
        Token::End => out.push('*'),
        Token::Card(c) => out.push_str(&pinochle::write_card(*c)),
        Token::Annotation { seat, points } => {
            out.push('(');
            match seat {
                Some(s) => out.push_str(s.letters()),
                None => out.push('?'),
            }
            match (seat, points) {
                (_, Some(p)) => {
                    let _ = write!(out, "{p}");
                }
                (Some(_), None) => out.push('?'),
                (None, None) => {}
            }
            out.push(')');
        }
        Token::Other(s) => out.push_str(s),
    }
}

fn write_line(out: &mut String, line: &SectionLine) {
    let mut first = true;
    for t in &line.tokens {
        if !first {
            out.push(' ');
        }
        first = false;
        write_token(out, &t.value);
    }
    for c in &line.comments {
        if !first {
            out.push(' ');
        }
        first = false;
        let _ = write!(out, "{{{}}}", c.text);
    }
    out.push('\n');
}

fn with_format(file: &PpnFile, kind: FormatKind, blank: bool) -> Vec<HeaderLine> {
    let mut headers: Vec<HeaderLine> = Vec::with_capacity(file.headers.len() + 3);
    let notation = file.headers.iter().find(|h| matches!(h.header, Header::Notation(_)));
    headers.push(
        notation
            .cloned()
            .unwrap_or(HeaderLine { header: Header::Notation("1.0".into()), at: Default::default() }),
    );
    headers.push(HeaderLine { header: Header::Format(kind), at: Default::default() });
    for h in &file.headers {
        if !matches!(h.header, Header::Notation(_) | Header::Format(_) | Header::Blank) {
            headers.push(h.clone());
        }
    }
    if blank || file.headers.iter().any(|h| h.header == Header::Blank) {
        headers.push(HeaderLine { header: Header::Blank, at: Default::default() });
    }
    headers
}

/// The EXPORT form: `% PPN`, `% EXPORT`, other headers, `%`; in each hand the roster tags first in
/// roster order (each with the comments written before it), then every other tag in its order.
#[must_use]
pub fn to_export(file: &PpnFile) -> PpnFile {
    let hands = file
        .hands
        .iter()
        .map(|hand| {
            let mut chunks: Vec<(usize, Vec<Item>)> = Vec::new();
            let mut pending: Vec<Item> = Vec::new();
            for item in &hand.items {
                match item {
                    Item::Comment(_) => pending.push(item.clone()),
                    Item::Tag(tag) => {
                        let rank = if tag.segment.is_none() {
                            EXPORT_ROSTER.iter().position(|n| *n == tag.name).unwrap_or(EXPORT_ROSTER.len())
                        } else {
                            EXPORT_ROSTER.len()
                        };
                        pending.push(item.clone());
                        chunks.push((rank, std::mem::take(&mut pending)));
                    }
                }
            }
            chunks.sort_by_key(|c| c.0);
            let mut items: Vec<Item> = chunks.into_iter().flat_map(|c| c.1).collect();
            items.append(&mut pending);
            Hand { items, at: hand.at }
        })
        .collect();
    PpnFile { headers: with_format(file, FormatKind::Export, true), hands }
}

/// The IMPORT form: the same hands with `% IMPORT` as the format header.
#[must_use]
pub fn to_import(file: &PpnFile) -> PpnFile {
    PpnFile { headers: with_format(file, FormatKind::Import, false), hands: file.hands.clone() }
}
