//! Writing: the model back to text (faithful to item order), and the EXPORT / IMPORT forms.
//!
//! `parse(write(m)) == m` for every model the reader produces; [`to_export`] reorders the
//! mandatory tags into roster order and sets the headers, [`to_import`] only changes the format.
//! [`Writer`] does each of the three record by record into any [`io::Write`].

use core::fmt::Write as _;
use std::io;

use crate::card_text as pinochle;

use crate::model::{
    FormatKind, Hand, Header, HeaderLine, Item, PpnFile, SectionLine, Segment, SegmentPoint, Tag, Token,
};
use crate::parse::is_section_tag;
use crate::validate::EXPORT_ROSTER;

/// Writes a whole file as it was read (the format-preserving form).
#[must_use]
pub fn write(file: &PpnFile) -> String {
    let mut writer = Writer::new(Vec::with_capacity(2048 * (file.hands.len() + 1)));
    // writing to a vector cannot fail, and the writer writes UTF-8 only
    let _ = writer.write_headers(&file.headers);
    for hand in &file.hands {
        let _ = writer.write(hand);
    }
    String::from_utf8(writer.out).unwrap_or_default()
}

/// Which form a [`Writer`] writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Form {
    /// As read: every item, comment and header in its place (format-preserving).
    #[default]
    AsRead,
    /// The canonical EXPORT form ([`to_export`]).
    Export,
    /// The IMPORT form ([`to_import`]).
    Import,
}

/// Writes PPN to any [`io::Write`], record by record: the headers (a record read by
/// [`crate::Reader`] brings them with the first hand), then each hand after a blank line.
///
/// ```
/// use cards_core::notation::WriteRecords;
/// use ppn_pinochle::{Options, Reader, Writer, write::Form};
///
/// let text = "% PPN 1.0\n% IMPORT\n\n[Dealer \"N\"]\n{first}\n\n[Dealer \"E\"]\n";
/// let mut writer = Writer::new(Vec::new());
/// for record in Reader::from_str(text, Options::default()) {
///     writer.write_record(&record?)?;
/// }
/// assert_eq!(writer.into_inner()?, text.as_bytes());
/// let mut export = Writer::with_form(Vec::new(), Form::Export);
/// for record in Reader::from_str(text, Options::default()) {
///     export.write_record(&record?)?;
/// }
/// assert!(export.into_inner()?.starts_with(b"% PPN 1.0\n% EXPORT\n%\n"));
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug)]
pub struct Writer<W> {
    out: W,
    form: Form,
    text: String,
    written: bool,
}

impl<W: io::Write> Writer<W> {
    /// A writer of the as-read (format-preserving) form.
    #[must_use]
    pub fn new(out: W) -> Writer<W> {
        Writer::with_form(out, Form::AsRead)
    }

    /// A writer of `form`.
    #[must_use]
    pub fn with_form(out: W, form: Form) -> Writer<W> {
        Writer { out, form, text: String::with_capacity(2048), written: false }
    }

    /// Writes the `%` header lines (in the writer's form).
    ///
    /// # Errors
    /// The underlying writer's.
    pub fn write_headers(&mut self, headers: &[HeaderLine]) -> io::Result<()> {
        let headers = match self.form {
            Form::AsRead => std::borrow::Cow::Borrowed(headers),
            Form::Export => std::borrow::Cow::Owned(with_format(headers, FormatKind::Export, true)),
            Form::Import => std::borrow::Cow::Owned(with_format(headers, FormatKind::Import, false)),
        };
        self.text.clear();
        for h in headers.iter() {
            write_header(&mut self.text, &h.header);
        }
        self.flush_text()
    }

    /// Writes one hand, after a blank line when anything came before it.
    ///
    /// # Errors
    /// The underlying writer's.
    pub fn write(&mut self, hand: &Hand) -> io::Result<()> {
        self.text.clear();
        if self.written {
            self.text.push('\n');
        }
        match self.form {
            Form::Export => write_hand(&mut self.text, &export_hand(hand)),
            Form::AsRead | Form::Import => write_hand(&mut self.text, hand),
        }
        self.flush_text()
    }

    fn flush_text(&mut self) -> io::Result<()> {
        self.written |= !self.text.is_empty();
        self.out.write_all(self.text.as_bytes())
    }
}

impl<W: io::Write> cards_core::notation::WriteRecords<crate::HandRecord, W> for Writer<W> {
    /// Writes one record read by [`crate::Reader`]: the file's headers before the first hand, then
    /// its hand.
    fn write_record(&mut self, record: &crate::Record) -> io::Result<()> {
        if record.model.number == 0 {
            self.write_headers(&record.model.headers)?;
        }
        match &record.model.hand {
            Some(hand) => self.write(hand),
            None => Ok(()),
        }
    }

    fn into_inner(mut self) -> io::Result<W> {
        self.out.flush()?;
        Ok(self.out)
    }
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

fn with_format(from: &[HeaderLine], kind: FormatKind, blank: bool) -> Vec<HeaderLine> {
    let mut headers: Vec<HeaderLine> = Vec::with_capacity(from.len() + 3);
    let notation = from.iter().find(|h| matches!(h.header, Header::Notation(_)));
    headers.push(
        notation
            .cloned()
            .unwrap_or(HeaderLine { header: Header::Notation("1.0".into()), at: Default::default() }),
    );
    headers.push(HeaderLine { header: Header::Format(kind), at: Default::default() });
    for h in from {
        if !matches!(h.header, Header::Notation(_) | Header::Format(_) | Header::Blank) {
            headers.push(h.clone());
        }
    }
    if blank || from.iter().any(|h| h.header == Header::Blank) {
        headers.push(HeaderLine { header: Header::Blank, at: Default::default() });
    }
    headers
}

/// The EXPORT form: `% PPN`, `% EXPORT`, other headers, `%`; in each hand the roster tags first in
/// roster order (each with the comments written before it), then every other tag in its order.
#[must_use]
pub fn to_export(file: &PpnFile) -> PpnFile {
    PpnFile {
        headers: with_format(&file.headers, FormatKind::Export, true),
        hands: file.hands.iter().map(export_hand).collect(),
    }
}

/// One hand in the EXPORT form: the roster tags first in roster order (each with the comments
/// written before it), then every other tag in its order.
#[must_use]
pub fn export_hand(hand: &Hand) -> Hand {
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
}

/// The IMPORT form: the same hands with `% IMPORT` as the format header.
#[must_use]
pub fn to_import(file: &PpnFile) -> PpnFile {
    PpnFile { headers: with_format(&file.headers, FormatKind::Import, false), hands: file.hands.clone() }
}
