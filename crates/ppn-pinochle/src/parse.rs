//! Reading: a byte-level, line-oriented reader that streams hands, and typed tag values.
//!
//! [`Reader`] reads the `%` headers first, then yields one [`Hand`] per group of non-blank lines,
//! each with its own syntax diagnostics, so one bad hand never stops the others.

use crate::card_text as pinochle;
use cards_core::{Card, CardCounts, Diagnostic, DiagnosticSink, Span, Suit};

use crate::PinochleSeat;
use crate::codes as code;
use crate::model::{
    At, Comment, FormatKind, Hand, Header, HeaderLine, Item, MeldEntry, Outcome, Section, SectionLine,
    Segment, SegmentLetter, SegmentPoint, Spanned, Tag, Token, Value, segment_allowed, tag_name,
};

/// The longest header or tag, in characters.
pub const MAX_LINE_CHARS: usize = 255;

/// The byte-level reader of text (the [`crate::Reader`]'s, over each group of lines it cuts):
/// headers on construction, then hands one at a time.
#[derive(Debug)]
pub(crate) struct Reader<'a> {
    src: &'a str,
    bytes: &'a [u8],
    pos: usize,
    /// The `%` header lines read so far.
    pub(crate) headers: Vec<HeaderLine>,
    /// Diagnostics about them.
    pub(crate) header_diagnostics: Vec<Diagnostic>,
    spare: Spare,
}

/// A tag line as read, before its value is copied.
struct TagParts {
    segment: Option<Segment>,
    name: Span,
    value: Span,
    escaped: bool,
}

/// Buffers of hands given back with [`Reader::recycle`], reused by the next hands.
#[derive(Debug, Default)]
pub(crate) struct Spare {
    strings: Vec<String>,
    tokens: Vec<Vec<Spanned<Token>>>,
    lines: Vec<Vec<SectionLine>>,
    items: Vec<Vec<Item>>,
}

/// At most this many spare buffers of each kind are kept.
const SPARE_MAX: usize = 64;

impl Spare {
    /// Keeps the buffers of a hand that has been used, for the next hands.
    pub(crate) fn recycle(&mut self, hand: Hand) {
        let spare = self;
        let mut items = hand.items;
        for item in items.drain(..) {
            match item {
                Item::Comment(c) => spare.put_string(c.text),
                Item::Tag(tag) => {
                    spare.put_string(tag.value);
                    let Some(section) = tag.section else { continue };
                    let mut lines = section.lines;
                    for line in lines.drain(..) {
                        for c in line.comments {
                            spare.put_string(c.text);
                        }
                        let mut tokens = line.tokens;
                        if tokens.capacity() > 0 && spare.tokens.len() < SPARE_MAX {
                            tokens.clear();
                            spare.tokens.push(tokens);
                        }
                    }
                    if spare.lines.len() < SPARE_MAX {
                        spare.lines.push(lines);
                    }
                }
            }
        }
        if spare.items.len() < SPARE_MAX {
            spare.items.push(items);
        }
    }

    fn string(&mut self) -> String {
        self.strings.pop().unwrap_or_default()
    }

    fn put_string(&mut self, mut s: String) {
        if s.capacity() > 0 && self.strings.len() < SPARE_MAX {
            s.clear();
            self.strings.push(s);
        }
    }

    fn tokens(&mut self) -> Vec<Spanned<Token>> {
        self.tokens.pop().unwrap_or_else(|| Vec::with_capacity(5))
    }
}

/// Bytes that end a section token: spaces, the line end and a comment's `{`.
const ENDS_TOKEN: [bool; 256] = {
    let mut table = [false; 256];
    table[b' ' as usize] = true;
    table[b'\t' as usize] = true;
    table[b'\r' as usize] = true;
    table[b'\n' as usize] = true;
    table[b'{' as usize] = true;
    table
};

fn is_space(b: u8) -> bool {
    b == b' ' || b == b'\t' || b == b'\r'
}

impl<'a> Reader<'a> {
    /// Starts reading `src` and reads its headers.
    #[cfg(test)]
    pub(crate) fn new(src: &'a str) -> Reader<'a> {
        Reader::over(src, true, Spare::default())
    }

    /// A reader over part of a file: with `headers`, `%` lines at its start are read as headers
    /// (the file's start); without, they are lines inside the records. `spare` holds buffers to reuse.
    pub(crate) fn over(src: &'a str, headers: bool, spare: Spare) -> Reader<'a> {
        let mut reader = Reader {
            src,
            bytes: src.as_bytes(),
            pos: 0,
            headers: Vec::new(),
            header_diagnostics: Vec::new(),
            spare,
        };
        if headers {
            reader.read_headers();
        }
        reader
    }

    /// The buffers kept for reuse (for the next reader over the next part of a file).
    pub(crate) fn into_spare(self) -> Spare {
        self.spare
    }

    fn skip_spaces(&mut self) {
        let rest = self.bytes.get(self.pos..).unwrap_or_default();
        self.pos += rest.iter().position(|&b| !is_space(b)).unwrap_or(rest.len());
    }

    fn line_end(&self, from: usize) -> usize {
        self.bytes
            .get(from..)
            .and_then(|rest| rest.iter().position(|&b| b == b'\n'))
            .map_or(self.bytes.len(), |i| from + i)
    }

    fn slice(&self, start: usize, end: usize) -> &'a str {
        self.src.get(start..end).unwrap_or("")
    }

    fn read_headers(&mut self) {
        loop {
            let line_start = self.pos;
            self.skip_spaces();
            match self.bytes.get(self.pos) {
                Some(b'\n') => self.pos += 1,
                Some(b'%') => {
                    let end = self.line_end(self.pos);
                    let text = self.slice(self.pos, end).trim_end_matches('\r');
                    let span = Span::new(self.pos, self.pos + text.len());
                    let header = parse_header(text, span, &mut self.header_diagnostics);
                    self.headers.push(HeaderLine { header, at: At(span) });
                    self.pos = (end + 1).min(self.bytes.len());
                }
                _ => {
                    self.pos = line_start;
                    return;
                }
            }
        }
    }

    fn comment(&mut self, diags: &mut dyn DiagnosticSink) -> Comment {
        let start = self.pos;
        let close = self.bytes.get(start + 1..).and_then(|rest| rest.iter().position(|&b| b == b'}'));
        match close {
            Some(i) => {
                let end = start + 1 + i;
                self.pos = end + 1;
                let mut text = self.spare.string();
                text.push_str(self.slice(start + 1, end));
                Comment { text, at: At(Span::new(start, end + 1)) }
            }
            None => {
                let end = self.line_end(start);
                diags.report(Diagnostic::error(
                    code::COMMENT_UNCLOSED,
                    "comment `{` is never closed",
                    Span::new(start, start + 1),
                ));
                self.pos = end;
                let mut text = self.spare.string();
                text.push_str(self.slice(start + 1, end).trim_end_matches('\r'));
                Comment { text, at: At(Span::new(start, end)) }
            }
        }
    }

    /// Reads one tag line starting at `self.pos` (`[` or `@`) onto `items`. On a syntax error,
    /// skips to the end of the line and returns `false`.
    fn tag(&mut self, items: &mut Vec<Item>, diags: &mut dyn DiagnosticSink) -> bool {
        let start = self.pos;
        let parts = match self.tag_inner(start) {
            Ok(parts) => parts,
            Err(diag) => {
                diags.report(diag);
                self.pos = self.line_end(start);
                return false;
            }
        };
        let too_long = self.pos - start > MAX_LINE_CHARS;
        let chars = if too_long { self.slice(start, self.pos).chars().count() } else { 0 };
        if chars > MAX_LINE_CHARS {
            diags.report(Diagnostic::error(
                code::LINE_TOO_LONG,
                format!("tag is {chars} characters long; the limit is {MAX_LINE_CHARS}"),
                Span::new(start, self.pos),
            ));
        }
        let name = self.slice(parts.name.start, parts.name.end);
        if parts.segment.is_some() && !segment_allowed(name) {
            diags.report(
                Diagnostic::error(
                    code::SEGMENT_NOT_ALLOWED,
                    format!("tag `{name}` cannot take a segmental prefix"),
                    Span::new(start, parts.name.end),
                )
                .with_help("only Annotator, Chat, Note, seat and seat-type tags can"),
            );
        }
        let raw = self.slice(parts.value.start, parts.value.end);
        let mut value = self.spare.string();
        if parts.escaped {
            unescape_into(&mut value, raw);
        } else {
            value.push_str(raw);
        }
        items.push(Item::Tag(Tag {
            segment: parts.segment,
            name: tag_name(name),
            value,
            section: None,
            at: At(Span::new(start, self.pos)),
            name_at: At(parts.name),
            value_at: At(parts.value),
        }));
        true
    }

    /// Reads the parts of a tag line from `self.pos` (its segmental prefix, `[`, name, quoted
    /// value, `]`), leaving `self.pos` after the `]`.
    fn tag_inner(&mut self, start: usize) -> Result<TagParts, Diagnostic> {
        let segment =
            if self.bytes.get(self.pos) == Some(&b'@') { Some(self.segment_prefix(start)?) } else { None };
        if self.bytes.get(self.pos) != Some(&b'[') {
            return Err(self.unexpected(self.pos, "expected `[` to open a tag"));
        }
        self.pos += 1;
        self.skip_spaces();
        let name_start = self.pos;
        let rest = self.bytes.get(name_start..).unwrap_or_default();
        self.pos +=
            rest.iter().position(|&b| !(b.is_ascii_alphanumeric() || b == b'_')).unwrap_or(rest.len());
        let name_end = self.pos;
        if name_end == name_start {
            return Err(self.unexpected(self.pos, "expected a tag name"));
        }
        self.skip_spaces();
        if self.bytes.get(self.pos) != Some(&b'"') {
            return Err(self.unexpected(self.pos, "expected `\"` to open the tag value"));
        }
        self.pos += 1;
        let (value, escaped) = self.tag_value()?;
        self.pos += 1;
        self.skip_spaces();
        if self.bytes.get(self.pos) != Some(&b']') {
            return Err(self.unexpected(self.pos, "expected `]` to close the tag"));
        }
        self.pos += 1;
        Ok(TagParts { segment, name: Span::new(name_start, name_end), value, escaped })
    }

    /// Reads a segmental prefix `@...=` at `self.pos`, leaving `self.pos` after the `=`.
    fn segment_prefix(&mut self, start: usize) -> Result<Segment, Diagnostic> {
        let line_end = self.line_end(start);
        let eq = self.bytes.get(self.pos..line_end).and_then(|r| r.iter().position(|&b| b == b'='));
        let Some(eq) = eq.map(|i| self.pos + i) else {
            return Err(Diagnostic::error(
                code::SEGMENT_SYNTAX,
                "segmental prefix without `=`",
                Span::new(start, line_end),
            ));
        };
        let text = self.slice(self.pos + 1, eq);
        let segment = parse_segment(text).ok_or_else(|| {
            Diagnostic::error(
                code::SEGMENT_SYNTAX,
                format!("bad segmental prefix `@{text}=`"),
                Span::new(start, eq + 1),
            )
            .with_help("write @<start>-<end>= with segments D A X M P R, e.g. @P.19.3-R=")
        })?;
        self.pos = eq + 1;
        Ok(segment)
    }

    /// Reads a tag value from `self.pos` (after its opening `"`) to its closing `"`, where it
    /// leaves `self.pos`: the value's span, and whether it has `\"` / `\\` escapes to undo.
    fn tag_value(&mut self) -> Result<(Span, bool), Diagnostic> {
        let value_start = self.pos;
        let mut escaped = false;
        loop {
            let rest = self.bytes.get(self.pos..).unwrap_or_default();
            let stop = memchr::memchr3(b'"', b'\\', b'\n', rest);
            self.pos += stop.unwrap_or(rest.len());
            match stop.and_then(|i| rest.get(i..)) {
                Some([b'"', ..]) => return Ok((Span::new(value_start, self.pos), escaped)),
                Some([b'\\', b'"' | b'\\', ..]) => {
                    escaped = true;
                    self.pos += 2;
                }
                Some([b'\\', ..]) => self.pos += 1,
                _ => {
                    return Err(Diagnostic::error(
                        code::TAG_SYNTAX,
                        "tag value is not closed with `\"` on its line",
                        Span::new(value_start - 1, self.pos),
                    ));
                }
            }
        }
    }

    /// A tag syntax error at `at`, spanning the character there (none at a line's end).
    fn unexpected(&self, at: usize, what: &str) -> Diagnostic {
        let end = match self.src.get(at..).and_then(|r| r.chars().next()) {
            None | Some('\n' | '\r') => at,
            Some(ch) => at + ch.len_utf8(),
        };
        Diagnostic::error(code::TAG_SYNTAX, what.to_owned(), Span::new(at, end))
    }

    /// Reads the next hand (None at the end of the input).
    // One pass over a hand's lines, the reader's hot loop, kept whole: split into a line scanner
    // and a line placer it cost 1.5% more instructions for read+check (callgrind, the bench's
    // 4 MB of generated games).
    fn next_hand(&mut self) -> Option<(Hand, Vec<Diagnostic>)> {
        let mut items: Vec<Item> = self.spare.items.pop().unwrap_or_else(|| Vec::with_capacity(32));
        let mut diags = Vec::new();
        let mut section_owner: Option<usize> = None;
        let mut hand_start = None;
        let mut hand_end = self.pos;
        loop {
            let line_start = self.pos;
            self.skip_spaces();
            match self.bytes.get(self.pos) {
                None => break,
                Some(b'\n') => {
                    self.pos += 1;
                    if items.is_empty() && hand_start.is_none() {
                        continue;
                    }
                    break;
                }
                Some(b'%') => {
                    let end = self.line_end(self.pos);
                    diags.push(Diagnostic::warning(
                        code::HEADER_SYNTAX,
                        "`%` line inside the records is ignored",
                        Span::new(self.pos, end),
                    ));
                    hand_start.get_or_insert(line_start);
                    self.pos = end;
                    hand_end = end;
                    continue;
                }
                Some(_) => {}
            }
            hand_start.get_or_insert(self.pos);
            let mut pending: Vec<Comment> = Vec::new();
            let mut tokens: Vec<Spanned<Token>> = Vec::new();
            let mut had_tag = false;
            let content_start = self.pos;
            // The line's tokens are scanned with a local position (the reader's is kept in step
            // around comments and tags).
            let bytes = self.bytes;
            let mut pos = self.pos;
            loop {
                while bytes.get(pos).is_some_and(|&b| is_space(b)) {
                    pos += 1;
                }
                match bytes.get(pos) {
                    None | Some(b'\n') => break,
                    Some(b'{') => {
                        self.pos = pos;
                        let c = self.comment(&mut diags);
                        pending.push(c);
                        pos = self.pos;
                    }
                    Some(b'[' | b'@') if tokens.is_empty() && !had_tag => {
                        for c in pending.drain(..) {
                            items.push(Item::Comment(c));
                        }
                        self.pos = pos;
                        section_owner = self.tag(&mut items, &mut diags).then(|| items.len() - 1);
                        pos = self.pos;
                        had_tag = true;
                    }
                    Some(_) => {
                        let start = pos;
                        while bytes.get(pos).is_some_and(|&b| !ENDS_TOKEN[usize::from(b)]) {
                            pos += 1;
                        }
                        let at = At(Span::new(start, pos));
                        if had_tag {
                            diags.push(Diagnostic::error(
                                code::TAG_SYNTAX,
                                "text after the tag on its line",
                                at.0,
                            ));
                        } else {
                            let text = self.slice(start, pos);
                            let value = known_token(text).unwrap_or_else(|| Token::Other(text.to_owned()));
                            if tokens.capacity() == 0 {
                                tokens = self.spare.tokens();
                            }
                            tokens.push(Spanned { value, at });
                        }
                    }
                }
            }
            self.pos = pos;
            let content_end = self.pos;
            hand_end = content_end;
            if self.bytes.get(self.pos) == Some(&b'\n') {
                self.pos += 1;
            }
            let line_span = Span::new(content_start, content_end);
            if had_tag {
                for c in pending {
                    items.push(Item::Comment(c));
                }
                continue;
            }
            let owner = section_owner.and_then(|i| match items.get_mut(i) {
                Some(Item::Tag(tag)) => Some(tag),
                _ => None,
            });
            match owner {
                Some(tag) if !tokens.is_empty() || tag.section.is_some() || is_section_tag(&tag.name) => {
                    let line = SectionLine { tokens, comments: pending, at: At(line_span) };
                    let spare = &mut self.spare.lines;
                    tag.section
                        .get_or_insert_with(|| Section {
                            lines: spare.pop().unwrap_or_else(|| Vec::with_capacity(21)),
                        })
                        .lines
                        .push(line);
                }
                _ if tokens.is_empty() => {
                    for c in pending {
                        items.push(Item::Comment(c));
                    }
                    section_owner = None;
                }
                _ => {
                    diags.push(Diagnostic::error(
                        code::TAG_SYNTAX,
                        "line outside any tag or section",
                        line_span,
                    ));
                    for c in pending {
                        items.push(Item::Comment(c));
                    }
                }
            }
        }
        let start = hand_start?;
        Some((Hand { items, at: At(Span::new(start, hand_end.max(start))) }, diags))
    }
}

impl Iterator for Reader<'_> {
    type Item = (Hand, Vec<Diagnostic>);

    fn next(&mut self) -> Option<Self::Item> {
        self.next_hand()
    }
}

/// Appends `raw` to `out` with `\"` and `\\` unescaped (any other backslash kept).
fn unescape_into(out: &mut String, raw: &str) {
    let mut rest = raw;
    while let Some(i) = rest.find('\\') {
        let (before, from) = rest.split_at(i);
        out.push_str(before);
        match from.as_bytes().get(1) {
            Some(b'"' | b'\\') => {
                out.push_str(from.get(1..2).unwrap_or(""));
                rest = from.get(2..).unwrap_or("");
            }
            _ => {
                out.push('\\');
                rest = from.get(1..).unwrap_or("");
            }
        }
    }
    out.push_str(rest);
}

/// Tags whose value is followed by section lines.
#[must_use]
pub fn is_section_tag(name: &str) -> bool {
    name == "Auction" || name == "Play"
}

fn parse_header(text: &str, span: Span, diags: &mut dyn DiagnosticSink) -> Header {
    let chars = text.chars().count();
    if chars > MAX_LINE_CHARS {
        diags.report(Diagnostic::error(
            code::LINE_TOO_LONG,
            format!("header is {chars} characters long; the limit is {MAX_LINE_CHARS}"),
            span,
        ));
    }
    let body = text.get(1..).unwrap_or("");
    let trimmed = body.trim();
    if trimmed.is_empty() {
        return Header::Blank;
    }
    if let Some(version) = trimmed.strip_prefix("PPN")
        && (version.is_empty() || version.starts_with(' '))
    {
        return Header::Notation(version.trim().to_owned());
    }
    match trimmed {
        "EXPORT" => return Header::Format(FormatKind::Export),
        "IMPORT" => return Header::Format(FormatKind::Import),
        _ => {}
    }
    if let Some(id) = trimmed.strip_prefix("ID ") {
        return Header::Id(id.trim().to_owned());
    }
    Header::Other(body.strip_prefix(' ').unwrap_or(body).to_owned())
}

fn parse_point(text: &str) -> Option<SegmentPoint> {
    let mut parts = text.split('.');
    let letter_text = parts.next()?;
    let [b] = letter_text.as_bytes() else { return None };
    let letter = SegmentLetter::from_byte(*b)?;
    let number = |p: Option<&str>| -> Result<Option<u32>, ()> {
        match p {
            None => Ok(None),
            Some(s) if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) => {
                s.parse().map(Some).map_err(|_| ())
            }
            Some(_) => Err(()),
        }
    };
    let major = number(parts.next()).ok()?;
    let minor = number(parts.next()).ok()?;
    if parts.next().is_some() {
        return None;
    }
    Some(SegmentPoint { letter, major, minor })
}

/// Parses the text between `@` and `=` (`P.19.3-R`).
#[must_use]
pub fn parse_segment(text: &str) -> Option<Segment> {
    let (start, end) = text.split_once('-')?;
    let start = parse_point(start)?;
    let end = if end.is_empty() { None } else { Some(parse_point(end)?) };
    Some(Segment { start, end })
}

/// Types one section token.
#[must_use]
pub fn classify_token(text: &str) -> Token {
    known_token(text).unwrap_or_else(|| Token::Other(text.to_owned()))
}

/// Types one section token, `None` for [`Token::Other`].
#[inline]
fn known_token(text: &str) -> Option<Token> {
    let b = text.as_bytes();
    match b {
        &[s, r] => {
            if let Some(card) = two_letter_card(s, r) {
                return Some(Token::Card(card));
            }
        }
        b"Pass" => return Some(Token::Pass),
        b"-" => return Some(Token::Dash),
        b"?" => return Some(Token::Unknown),
        b"*" => return Some(Token::End),
        // `(S2)`, `(E12)`: the common annotations without going through the general parser.
        [b'(', seat, digits @ .., b')']
            if !digits.is_empty() && digits.len() <= 3 && digits.iter().all(u8::is_ascii_digit) =>
        {
            let seat = match seat {
                b'N' => Some(PinochleSeat::North),
                b'E' => Some(PinochleSeat::East),
                b'S' => Some(PinochleSeat::South),
                b'W' => Some(PinochleSeat::West),
                _ => None,
            };
            if let Some(seat) = seat {
                let points = digits.iter().fold(0u32, |n, d| n * 10 + u32::from(d - b'0'));
                return Some(Token::Annotation { seat: Some(seat), points: Some(points) });
            }
        }
        _ => {}
    }
    if !b.is_empty()
        && b.len() <= 6
        && b.iter().all(u8::is_ascii_digit)
        && !(b.len() > 1 && b.first() == Some(&b'0'))
        && let Ok(n) = text.parse()
    {
        return Some(Token::Bid(n));
    }
    text.strip_prefix('(').and_then(|t| t.strip_suffix(')')).and_then(parse_annotation)
}

/// The card a two-byte token names: `crate::card_text::parse_card`'s answer, looked
/// up in a table of every pair of ASCII bytes that it fills once. Card tokens are most of a
/// file, and one lookup costs far less than the reader's branches on letters that the processor
/// cannot predict.
fn two_letter_card(s: u8, r: u8) -> Option<Card> {
    const ASCII: usize = 128;
    static TABLE: std::sync::OnceLock<Vec<Option<Card>>> = std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| {
        (0..ASCII * ASCII)
            .map(|i| {
                let bytes = [(i / ASCII) as u8, (i % ASCII) as u8];
                std::str::from_utf8(&bytes).ok().and_then(|text| pinochle::parse_card(text).ok())
            })
            .collect()
    });
    let (s, r) = (usize::from(s), usize::from(r));
    if s >= ASCII || r >= ASCII {
        return None;
    }
    table.get(s * ASCII + r).copied().flatten()
}

fn parse_annotation(inner: &str) -> Option<Token> {
    if inner == "?" {
        return Some(Token::Annotation { seat: None, points: None });
    }
    let (seat, points_text) = if let Some(rest) = inner.strip_prefix('?') {
        (None, rest)
    } else {
        let split = inner.bytes().position(|b| !b.is_ascii_uppercase()).unwrap_or(inner.len());
        let (seat_text, rest) = inner.split_at(split);
        (Some(PinochleSeat::parse(seat_text)?), rest)
    };
    let points = match points_text {
        "?" => None,
        p if !p.is_empty() && p.len() <= 4 && p.bytes().all(|b| b.is_ascii_digit()) => Some(p.parse().ok()?),
        _ => return None,
    };
    Some(Token::Annotation { seat, points })
}

/// Parses a seat given as letters, for a table of `players`.
#[must_use]
pub fn parse_seat(text: &str, players: usize) -> Option<PinochleSeat> {
    let seat = PinochleSeat::parse(text)?;
    PinochleSeat::table(players)?.contains(&seat).then_some(seat)
}

fn syntax(code: &'static str, message: String, span: Span) -> Diagnostic {
    Diagnostic::error(code, message, span)
}

fn int(text: &str) -> Option<i64> {
    let digits = text.strip_prefix('-').unwrap_or(text);
    if digits.is_empty() || digits.len() > 12 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// Parses a dot-syntax hand, mapping errors to `code` with spans in the file (`offset` = where
/// `text` starts).
pub fn parse_hand_at(text: &str, offset: usize, code: &'static str) -> Result<CardCounts, Diagnostic> {
    pinochle::parse_hand(text).map_err(|e| {
        let mut span = if e.span.is_empty() { Span::new(0, text.len()) } else { e.span };
        // Keep spans on character boundaries (the text may hold any UTF-8).
        while span.end < text.len() && !text.is_char_boundary(span.end) {
            span.end += 1;
        }
        syntax(code, format!("hand `{text}`: {}", kind_text(e.kind)), span.shift(offset))
            .with_help("four dot-separated suit groups C.D.S.H, ranks A T K Q J 9 in that order")
    })
}

fn kind_text(kind: cards_core::CardTextErrorKind) -> &'static str {
    use cards_core::CardTextErrorKind as K;
    match kind {
        K::BadRank => "not a rank letter",
        K::BadSuit => "not a suit letter",
        K::Truncated => "card cut short",
        K::BadCode => "bad card",
        K::Duplicate => "too many copies",
        K::OutOfOrder => "ranks out of order",
        K::SuitGroups => "not four suit groups",
        K::Empty => "no cards",
    }
}

/// Splits `SEAT:rest`, checking the seat.
fn seat_prefix<'t>(
    text: &'t str,
    offset: usize,
    players: usize,
    code: &'static str,
) -> Result<(PinochleSeat, &'t str, usize), Diagnostic> {
    let Some((seat_text, rest)) = split_byte(text, b':') else {
        return Err(syntax(
            code,
            "expected `<seat>:` before the hands".into(),
            Span::new(offset, offset + text.len()),
        ));
    };
    let seat = parse_seat(seat_text, players).ok_or_else(|| {
        syntax(code, format!("`{seat_text}` is not a seat"), Span::new(offset, offset + seat_text.len()))
    })?;
    Ok((seat, rest, offset + seat_text.len() + 1))
}

/// Space-separated fields of `text` with their offsets.
fn fields(text: &str, offset: usize) -> impl Iterator<Item = (&str, usize)> {
    let mut pos = 0;
    std::iter::from_fn(move || {
        let rest = text.as_bytes().get(pos..)?;
        let start = pos + rest.iter().position(|&b| b != b' ')?;
        let field = text.get(start..).unwrap_or("");
        let field = split_byte(field, b' ').map_or(field, |(f, _)| f);
        pos = start + field.len();
        Some((field, offset + start))
    })
}

/// `text.split_once(sep)` for an ASCII separator, scanning bytes (the values are short, so this
/// beats the general searcher).
fn split_byte(text: &str, sep: u8) -> Option<(&str, &str)> {
    let i = text.bytes().position(|b| b == sep)?;
    Some((text.get(..i)?, text.get(i + 1..)?))
}

/// Types a tag's value. `offset` is where the raw value starts in the file; `players` the table size.
/// `?` and `*` give [`Value::Unknown`] and [`Value::Terminated`] for every tag.
pub fn typed_value(name: &str, value: &str, offset: usize, players: usize) -> Result<Value, Diagnostic> {
    let span = Span::new(offset, offset + value.len());
    match value {
        "?" => return Ok(Value::Unknown),
        "*" => return Ok(Value::Terminated),
        _ => {}
    }
    match name {
        "Date" => parse_date(value)
            .ok_or_else(|| syntax(code::DATE_SYNTAX, format!("date `{value}` is not YYYY.MM.DD"), span)),
        "Hand" | "Contract" | "Round" => int(value)
            .filter(|n| *n >= 0)
            .map(Value::Int)
            .ok_or_else(|| syntax(code::NUMBER_SYNTAX, format!("`{value}` is not a whole number"), span)),
        "Victor" => value
            .parse::<u32>()
            .ok()
            .filter(|n| *n >= 1 && value.bytes().all(|b| b.is_ascii_digit()))
            .map(Value::Victor)
            .ok_or_else(|| syntax(code::NUMBER_SYNTAX, format!("`{value}` is not a team number"), span)),
        "Dealer" | "Declarer" | "Auction" | "Play" => parse_seat(value, players)
            .map(Value::Seat)
            .ok_or_else(|| syntax(code::SEAT_SYNTAX, format!("`{value}` is not a seat of this table"), span)),
        "Deal" | "Holding" | "Passed" => parse_hands_value(value, offset, players),
        "Melds" => parse_melds(value, offset, players),
        "Discard" => parse_discard_value(value, offset),
        "Kitty" => parse_kitty(value, offset),
        "Partner" => parse_partner(value, span),
        "Trump" => match value {
            "-" => Ok(Value::Trump(None)),
            "C" | "D" | "S" | "H" => Ok(Value::Trump(Suit::from_char(value.chars().next().unwrap_or('-')))),
            _ => Err(syntax(code::TRUMP_SYNTAX, format!("trump `{value}` is not C, D, S, H or -"), span)),
        },
        "GameScores" | "MeldScores" | "PlayScores" | "HandScores" => parse_scores(value, span),
        "Result" => Outcome::parse(value).map(Value::Result).ok_or_else(|| {
            syntax(
                code::RESULT_SYNTAX,
                format!("result `{value}` is not Saved, Set, No Board or No Trump"),
                span,
            )
        }),
        "Termination" => parse_termination(value, span),
        _ => Ok(Value::Text(value.to_owned())),
    }
}

/// A `Deal`, `Holding` or `Passed` value: a first seat, then a hand (or `?`) per seat.
fn parse_hands_value(value: &str, offset: usize, players: usize) -> Result<Value, Diagnostic> {
    let (first, rest, at) = seat_prefix(value, offset, players, code::HAND_SYNTAX)?;
    let mut hands = Vec::with_capacity(players);
    for (field, at) in fields(rest, at) {
        hands.push(if field == "?" { None } else { Some(parse_hand_at(field, at, code::HAND_SYNTAX)?) });
    }
    Ok(Value::Hands { first, hands })
}

/// A `Discard` value: `<cards> (<points>)`.
fn parse_discard_value(value: &str, offset: usize) -> Result<Value, Diagnostic> {
    let span = Span::new(offset, offset + value.len());
    let bad = || syntax(code::DISCARD_SYNTAX, "expected `<cards> (<points>)`".into(), span);
    let (cards, points) = split_byte(value, b'(').ok_or_else(bad)?;
    let points = points.strip_suffix(')').and_then(int).ok_or_else(bad)?;
    let cards = parse_hand_at(cards.trim_end(), offset, code::HAND_SYNTAX)?;
    Ok(Value::Discard { cards, points })
}

/// A `Kitty` value: cards separated by spaces.
fn parse_kitty(value: &str, offset: usize) -> Result<Value, Diagnostic> {
    let mut cards = Vec::new();
    for (field, at) in fields(value, offset) {
        cards.push(pinochle::parse_card(field).map_err(|_| {
            syntax(code::CARD_SYNTAX, format!("`{field}` is not a card"), Span::new(at, at + field.len()))
        })?);
    }
    Ok(Value::Kitty(cards))
}

/// A `Partner` value: `<seat>:<card>`.
fn parse_partner(value: &str, span: Span) -> Result<Value, Diagnostic> {
    let (seat_text, card_text) = split_byte(value, b':')
        .ok_or_else(|| syntax(code::CARD_SYNTAX, "expected `<seat>:<card>`".into(), span))?;
    let seat = PinochleSeat::parse(seat_text)
        .ok_or_else(|| syntax(code::SEAT_SYNTAX, format!("`{seat_text}` is not a seat"), span))?;
    let card = pinochle::parse_card(card_text)
        .map_err(|_| syntax(code::CARD_SYNTAX, format!("`{card_text}` is not a card"), span))?;
    Ok(Value::Partner { seat, card })
}

/// A scores value: colon-separated integers.
fn parse_scores(value: &str, span: Span) -> Result<Value, Diagnostic> {
    let mut scores = Vec::with_capacity(2);
    let mut rest = Some(value);
    while let Some(text) = rest {
        let part = match split_byte(text, b':') {
            Some((part, more)) => {
                rest = Some(more);
                part
            }
            None => {
                rest = None;
                text
            }
        };
        scores.push(int(part).ok_or_else(|| {
            syntax(code::SCORE_SYNTAX, format!("`{value}` is not colon-separated integers"), span)
        })?);
    }
    Ok(Value::Scores(scores))
}

/// A `Termination` value: `<seat|->:<cause>`.
fn parse_termination(value: &str, span: Span) -> Result<Value, Diagnostic> {
    let (seat_text, cause) = split_byte(value, b':')
        .ok_or_else(|| syntax(code::TERMINATION_SYNTAX, "expected `<seat|->:<cause>`".into(), span))?;
    let seat = if seat_text == "-" {
        None
    } else {
        Some(PinochleSeat::parse(seat_text).ok_or_else(|| {
            syntax(code::TERMINATION_SYNTAX, format!("`{seat_text}` is not a seat or `-`"), span)
        })?)
    };
    Ok(Value::Termination { seat, cause: cause.to_owned() })
}

fn parse_date(value: &str) -> Option<Value> {
    let b = value.as_bytes();
    if b.len() != 10 || b.get(4) != Some(&b'.') || b.get(7) != Some(&b'.') {
        return None;
    }
    fn part<T: core::str::FromStr>(s: &str) -> Option<Option<T>> {
        if s.bytes().all(|b| b == b'?') {
            Some(None)
        } else if s.bytes().all(|b| b.is_ascii_digit()) {
            s.parse().ok().map(Some)
        } else {
            None
        }
    }
    let year = part::<u16>(value.get(0..4)?)?;
    let month = part::<u8>(value.get(5..7)?)?;
    let day = part::<u8>(value.get(8..10)?)?;
    if month.is_some_and(|m| !(1..=12).contains(&m)) || day.is_some_and(|d| !(1..=31).contains(&d)) {
        return None;
    }
    Some(Value::Date { year, month, day })
}

fn parse_melds(value: &str, offset: usize, players: usize) -> Result<Value, Diagnostic> {
    let (first, rest, at) = seat_prefix(value, offset, players, code::MELDS_SYNTAX)?;
    let mut entries = Vec::with_capacity(players);
    for (field, at) in fields(rest, at) {
        let bad = |msg: String| syntax(code::MELDS_SYNTAX, msg, Span::new(at, at + field.len()));
        if field == "?" {
            entries.push(MeldEntry { cards: None, value: None });
            continue;
        }
        let (cards, points) =
            split_byte(field, b'(').ok_or_else(|| bad(format!("meld `{field}` has no `(<value>)`")))?;
        let points = points.strip_suffix(')').ok_or_else(|| bad(format!("meld `{field}` has no `)`")))?;
        let value = if points == "?" {
            None
        } else {
            Some(int(points).ok_or_else(|| bad(format!("meld value `{points}` is not a number")))?)
        };
        let cards = if cards == "?" { None } else { Some(parse_hand_at(cards, at, code::MELDS_SYNTAX)?) };
        entries.push(MeldEntry { cards, value });
    }
    if entries.len() != players {
        return Err(syntax(
            code::MELDS_SYNTAX,
            format!("{} meld entries; expected one per seat ({players})", entries.len()),
            Span::new(offset, offset + value.len()),
        ));
    }
    Ok(Value::Melds { first, entries })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens() {
        assert_eq!(classify_token("Pass"), Token::Pass);
        assert_eq!(classify_token("52"), Token::Bid(52));
        assert_eq!(classify_token("HA"), Token::Card(Card::new(cards_core::Rank::Ace, Suit::Hearts)));
        assert_eq!(
            classify_token("(S2)"),
            Token::Annotation { seat: Some(PinochleSeat::South), points: Some(2) }
        );
        assert_eq!(
            classify_token("(SE12)"),
            Token::Annotation { seat: Some(PinochleSeat::SouthEast), points: Some(12) }
        );
        assert_eq!(classify_token("(?)"), Token::Annotation { seat: None, points: None });
        assert_eq!(
            classify_token("(S?)"),
            Token::Annotation { seat: Some(PinochleSeat::South), points: None }
        );
        assert_eq!(classify_token("(X2)"), Token::Other("(X2)".into()));
        assert_eq!(classify_token("HX"), Token::Other("HX".into()));
        assert_eq!(classify_token("07"), Token::Other("07".into()));
    }

    #[test]
    fn two_letter_cards_are_cards_core_cards() {
        for s in 0..=255u8 {
            for r in 0..=255u8 {
                let bytes = [s, r];
                let expected = std::str::from_utf8(&bytes).ok().and_then(|t| pinochle::parse_card(t).ok());
                assert_eq!(two_letter_card(s, r), expected, "{bytes:?}");
            }
        }
    }

    #[test]
    fn segments() {
        let seg = parse_segment("P.19.3-R").unwrap_or_else(|| unreachable!());
        assert_eq!(seg.start.letter, SegmentLetter::Play);
        assert_eq!((seg.start.major, seg.start.minor), (Some(19), Some(3)));
        assert_eq!(seg.end.map(|e| e.letter), Some(SegmentLetter::Result));
        assert!(parse_segment("M-").is_some_and(|s| s.end.is_none()));
        assert!(parse_segment("Q-R").is_none());
        assert!(parse_segment("P.1.2.3-R").is_none());
        assert!(parse_segment("PR").is_none());
    }

    struct Parsed {
        file: crate::PpnFile,
        hand_diagnostics: Vec<Vec<Diagnostic>>,
    }

    fn parse(src: &str) -> Parsed {
        let mut reader = Reader::new(src);
        let (hands, hand_diagnostics): (Vec<Hand>, Vec<Vec<Diagnostic>>) = reader.by_ref().unzip();
        Parsed {
            file: crate::PpnFile { headers: std::mem::take(&mut reader.headers), hands },
            hand_diagnostics,
        }
    }

    #[test]
    fn tags_sections_comments() {
        let src = "% PPN 1.0\n% EXPORT\n%\n{c0}\n[Site \"a \\\"b\\\"\"] {c1}\n[Auction \"E\"]\nPass 52 {x}\n- Pass\n\n@M-P=[Chat \"N:hi\"]\n";
        let parsed = parse(src);
        assert_eq!(parsed.file.headers.len(), 3);
        assert_eq!(parsed.file.hands.len(), 2);
        let hand = &parsed.file.hands[0];
        assert_eq!(hand.items.len(), 4);
        let site = hand.tag("Site").unwrap_or_else(|| unreachable!());
        assert_eq!(site.value, "a \"b\"");
        let auction = hand.tag("Auction").and_then(|t| t.section.as_ref()).map(|s| s.lines.len());
        assert_eq!(auction, Some(2));
        assert!(parsed.hand_diagnostics.iter().all(Vec::is_empty), "{:?}", parsed.hand_diagnostics);
        assert!(parsed.file.hands[1].tags().next().is_some_and(|t| t.segment.is_some()));
    }

    #[test]
    fn bad_tags_report() {
        let parsed =
            parse("% PPN 1.0\n% IMPORT\n[Site \"x]\n[Date 2015]\n@Z-=[Note \"n\"]\n[Deal \"x\"] junk\n");
        let codes: Vec<_> = parsed.hand_diagnostics[0].iter().map(|d| d.code()).collect();
        assert_eq!(codes, ["TAG_SYNTAX", "TAG_SYNTAX", "SEGMENT_SYNTAX", "TAG_SYNTAX"]);
    }
}
