//! Decoding, the byte-level tokenizer and game splitter, and the readers of typed tag values and
//! sections (Auction, Play, tables).
//!
//! The tokenizer works on the bytes of the decoded text: every delimiter PBN knows is ASCII, so
//! spans always fall on character boundaries. Tokens are spans into the source; nothing is copied
//! or allocated per token.

use crate::text as card_text;
use cards_core::{Card, Compass, Diagnostic, DiagnosticSink, Span};

use crate::codes;
use crate::error::ValueError;
use crate::model::{
    Align, Annotation, Auction, AuctionEntry, AuctionItem, Column, Comment, CommentKind, Deal, GameResult,
    Item, Line, LineKind, Play, PlayEntry, PlayItem, SideScore, SortOrder, Table, Tag, Token, TokenKind,
    Tokens, TrickCount, unescape,
};

/// Bytes to text: UTF-8 (a byte order mark dropped), else ISO-8859-1; the one decoder every
/// notation shares.
pub use cards_core::charset::{Decoded, decode};

/// A game as read, with the problems found while tokenizing it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawGame<'a> {
    /// The game's tokens.
    pub game: Tokens<'a>,
    /// Syntax problems.
    pub diagnostics: Vec<Diagnostic>,
    /// Lines longer than 253 bytes (without their end), found while tokenizing.
    pub long_lines: Vec<Span>,
}

/// Streaming splitter: yields one game at a time from the decoded text.
#[derive(Debug, Clone)]
pub struct Splitter<'a> {
    src: &'a str,
    pos: usize,
}

impl<'a> Splitter<'a> {
    /// A splitter over the whole decoded text.
    #[must_use]
    pub fn new(src: &'a str) -> Splitter<'a> {
        Splitter { src, pos: 0 }
    }
}

impl<'a> Iterator for Splitter<'a> {
    type Item = RawGame<'a>;

    fn next(&mut self) -> Option<RawGame<'a>> {
        let (game, pos) = read_game(self.src, self.pos)?;
        self.pos = pos;
        Some(game)
    }
}

/// A table of the bytes in `set`.
const fn byte_table(set: &[u8]) -> [bool; 256] {
    let mut t = [false; 256];
    let mut i = 0;
    while i < set.len() {
        t[set[i] as usize] = true;
        i += 1;
    }
    t
}

/// Bytes that end a word token: white space and `[ ] { } ; "`.
static WORD_END: [bool; 256] = byte_table(b" \t\r\n\x0b\x0c[]{};\"");
/// Bytes of a tag name.
static NAME_BYTE: [bool; 256] =
    byte_table(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_");
/// Bytes a string token stops at: its end `"`, an escape `\\` and the line end.
static STRING_STOP: [bool; 256] = byte_table(b"\"\\\r\n");

/// The first position at or after `i` whose byte is in `table` (the text end if none).
fn find_byte(b: &[u8], i: usize, table: &[bool; 256]) -> usize {
    b.get(i..).and_then(|r| r.iter().position(|&c| table[usize::from(c)])).map_or(b.len(), |p| i + p)
}

/// Whether any byte satisfies `f`; tests 64 bytes at a time without branching, so the compiler can
/// vectorize it (a plain `any` stops at every byte).
pub(crate) fn any_byte(b: &[u8], f: impl Fn(u8) -> bool) -> bool {
    b.chunks(64).any(|chunk| chunk.iter().fold(false, |acc, &c| acc | f(c)))
}

fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\x0b' | b'\x0c')
}

/// The end of the line starting at or after `i` (index of `\r` or `\n`, or the text end).
fn line_end(b: &[u8], mut i: usize) -> usize {
    while let Some(&c) = b.get(i) {
        if c == b'\n' || c == b'\r' {
            return i;
        }
        i += 1;
    }
    b.len()
}

/// Skips one line end at `i` (`\r\n`, `\n` or `\r`).
fn skip_eol(b: &[u8], i: usize) -> usize {
    match b.get(i) {
        Some(b'\r') if b.get(i + 1) == Some(&b'\n') => i + 2,
        Some(b'\r' | b'\n') => i + 1,
        _ => i,
    }
}

/// Reads the game starting at `pos` (skipping semi-empty lines); `None` at the end of the text.
/// The game ends at a semi-empty line, at the text's end, or where a tag that starts a new game
/// begins a line without an empty line before it.
fn read_game(src: &str, pos: usize) -> Option<(RawGame<'_>, usize)> {
    let b = src.as_bytes();
    let start = skip_empty_lines(b, pos)?;
    let mut scan = GameScan::new(src, start);
    let mut line_start = true;
    let (game_end, next) = loop {
        if line_start {
            match scan.line_start() {
                LineStart::GameEnd(end, next) => break (end, next),
                LineStart::Whole => continue,
                LineStart::Tokens => {
                    line_start = false;
                    scan.first_on_line = true;
                }
            }
        }
        // Inside a line.
        let i = scan.i;
        let Some(&c) = b.get(i) else { break (b.len(), b.len()) };
        match c {
            b' ' | b'\t' | b'\x0b' | b'\x0c' => {
                scan.i += 1;
                continue;
            }
            b'\r' | b'\n' => {
                scan.note_line(scan.line_begin, i);
                scan.i = skip_eol(b, i);
                line_start = true;
                continue;
            }
            b'[' => {
                if scan.tag() {
                    break (i, i);
                }
            }
            b'{' => scan.brace_comment(),
            b';' => scan.line_comment(),
            b'"' => scan.string(),
            b']' | b'}' => scan.stray_close(c),
            _ => scan.word(),
        }
        scan.first_on_line = false;
    };
    if game_end == b.len() {
        scan.note_line(scan.line_begin, b.len());
    }
    let GameScan { items, diags, long_lines, .. } = scan;
    // Trim trailing line end from the game span.
    let game = Tokens { span: Span::new(start, game_end.max(start)), items };
    Some((RawGame { game, diagnostics: diags, long_lines }, next.max(start + 1)))
}

/// Skips the semi-empty lines (blanks alone) at `pos`: where the game starts, `None` at the end
/// of the text.
fn skip_empty_lines(b: &[u8], mut pos: usize) -> Option<usize> {
    loop {
        if pos >= b.len() {
            return None;
        }
        let mut j = pos;
        while b.get(j).is_some_and(|&c| is_blank(c)) {
            j += 1;
        }
        match b.get(j) {
            None => return None,
            Some(b'\r' | b'\n') => pos = skip_eol(b, j),
            Some(_) => return Some(pos),
        }
    }
}

/// What the start of a line is.
enum LineStart {
    /// A semi-empty line or the text's end: the game ends where it begins (the first position),
    /// the next game is looked for from the second.
    GameEnd(usize, usize),
    /// A whole-line item (`%` escape, `<PBN>` delimiter), read: the next line starts.
    Whole,
    /// Tokens follow.
    Tokens,
}

/// One game being read: its items so far (the tag being read is always the last item, see
/// `current`: once a tag is read, everything up to the next tag is its section data), its
/// diagnostics and where the reading stands.
struct GameScan<'a> {
    src: &'a str,
    b: &'a [u8],
    items: Vec<Item<'a>>,
    diags: Vec<Diagnostic>,
    /// The next byte to read.
    i: usize,
    /// Whether the next token is the first on its line (the column checks happen at a line's
    /// start).
    first_on_line: bool,
    /// Where the current line began.
    line_begin: usize,
    /// Lines longer than PBN's 255 characters.
    long_lines: Vec<Span>,
}

impl<'a> GameScan<'a> {
    fn new(src: &'a str, start: usize) -> GameScan<'a> {
        GameScan {
            src,
            b: src.as_bytes(),
            items: Vec::with_capacity(24),
            diags: Vec::new(),
            i: start,
            first_on_line: true,
            line_begin: start,
            long_lines: Vec::new(),
        }
    }

    /// Notes the line from `begin` to `end` when it is too long.
    fn note_line(&mut self, begin: usize, end: usize) {
        if end.saturating_sub(begin) > 253 {
            self.long_lines.push(Span::new(begin, end));
        }
    }

    fn text(&self, from: usize, to: usize) -> &'a str {
        self.src.get(from..to).unwrap_or("")
    }

    /// Reads the start of a line: a semi-empty line (the game's end), a `%` escape line or a
    /// `<PBN>` delimiter line (each pushed whole), or the tokens' start.
    fn line_start(&mut self) -> LineStart {
        let (b, i) = (self.b, self.i);
        self.line_begin = i;
        let mut j = i;
        while b.get(j).is_some_and(|&c| is_blank(c)) {
            j += 1;
        }
        match b.get(j) {
            None => return LineStart::GameEnd(i, b.len()),
            Some(b'\r' | b'\n') => return LineStart::GameEnd(i, skip_eol(b, j)),
            _ => {}
        }
        if b.get(i) == Some(&b'%') {
            let e = line_end(b, i);
            self.note_line(i, e);
            self.push_whole(TokenKind::Escape, LineKind::Escape, self.text(i, e), Span::new(i, e));
            self.i = skip_eol(b, e);
            return LineStart::Whole;
        }
        let e = if b.get(j) == Some(&b'<') { line_end(b, i) } else { i };
        let trimmed = if e > i { self.text(i, e).trim() } else { "" };
        if e > i && (trimmed.eq_ignore_ascii_case("<PBN>") || trimmed.eq_ignore_ascii_case("</PBN>")) {
            self.push_whole(TokenKind::Delimiter, LineKind::Delimiter, trimmed, Span::new(i, e));
            self.i = skip_eol(b, e);
            return LineStart::Whole;
        }
        LineStart::Tokens
    }

    /// A whole line: data of the tag being read, else a line of its own.
    fn push_whole(&mut self, token: TokenKind, line: LineKind, text: &'a str, span: Span) {
        match current(&mut self.items) {
            Some(tag) => tag.data.push(Token { kind: token, text, span, line_start: true }),
            None => self.items.push(Item::Line(Line { kind: line, text, span })),
        }
    }

    /// Reads a tag at `[`; `true` when it starts a new game (a tag the game has, first on its
    /// line, without an empty line before it: reported, and not read here).
    fn tag(&mut self) -> bool {
        let i = self.i;
        match read_tag(self.src, i) {
            Ok((tag, _, _)) if self.first_on_line && starts_new_game(&self.items, tag.name) => {
                self.diags.push(
                    Diagnostic::warning(
                        codes::MISSING_GAME_SEPARATOR,
                        format!(
                            "`{}` again without an empty line before it: a new game starts here",
                            tag.name
                        ),
                        tag.span,
                    )
                    .with_help("games are separated by an empty line"),
                );
                return true;
            }
            Ok((mut tag, e, warning)) => {
                self.diags.extend(warning);
                tag.line_start = self.first_on_line;
                // Section data sizes are predictable: avoid regrowing the token list.
                let expected = match tag.name {
                    "Play" => 56,
                    "Auction" => 16,
                    name if crate::model::is_table(name) => 64,
                    _ => 0,
                };
                tag.data.reserve_exact(expected);
                self.items.push(Item::Tag(tag));
                self.i = e;
            }
            Err((d, e)) => {
                self.diags.push(d);
                let token = Token {
                    kind: TokenKind::Invalid,
                    text: self.text(i, e),
                    span: Span::new(i, e),
                    line_start: self.first_on_line,
                };
                push_invalid(&mut self.items, token);
                self.i = e;
            }
        }
        false
    }

    /// Reads a `{` comment (to its `}`, or the text's end: reported), noting the long lines
    /// inside it.
    fn brace_comment(&mut self) {
        let (b, i) = (self.b, self.i);
        let (close, end, text_end) = match b.get(i + 1..).and_then(|r| r.iter().position(|&x| x == b'}')) {
            Some(p) => (true, i + 1 + p + 1, i + 1 + p),
            None => (false, b.len(), b.len()),
        };
        if !close {
            self.diags.push(Diagnostic::error(
                codes::UNTERMINATED_COMMENT,
                "this `{` comment is never closed",
                Span::new(i, i + 1),
            ));
        }
        // Lines inside the comment.
        let inner = b.get(i..end).unwrap_or(&[]);
        if inner.len() > 253 || self.line_begin + 253 < end {
            let mut k = i;
            while let Some(p) = b.get(k..end).and_then(|r| r.iter().position(|&x| x == b'\n')) {
                let nl = k + p;
                let e = if nl > self.line_begin && b.get(nl - 1) == Some(&b'\r') { nl - 1 } else { nl };
                self.note_line(self.line_begin, e);
                self.line_begin = nl + 1;
                k = nl + 1;
            }
        }
        let comment = Comment {
            kind: CommentKind::Brace,
            text: self.text(i + 1, text_end),
            span: Span::new(i, end),
            line_start: self.first_on_line,
        };
        push_comment(&mut self.items, comment);
        self.i = end;
    }

    /// Reads a `;` comment, to the line's end.
    fn line_comment(&mut self) {
        let i = self.i;
        let e = line_end(self.b, i);
        let comment = Comment {
            kind: CommentKind::Line,
            text: self.text(i + 1, e),
            span: Span::new(i, e),
            line_start: self.first_on_line,
        };
        push_comment(&mut self.items, comment);
        self.i = e;
    }

    /// Reads a string; one without its closing quote on its line is reported and kept whole as
    /// invalid text.
    fn string(&mut self) {
        let i = self.i;
        let (end, closed) = scan_string(self.b, i);
        if !closed {
            self.diags.push(Diagnostic::error(
                codes::UNTERMINATED_STRING,
                "string without its closing quote on this line",
                Span::new(i, end),
            ));
        }
        let text_end = if closed { end - 1 } else { end };
        // Outside a tag the string is stray text, kept whole (quotes included).
        let (from, to) =
            if closed && current(&mut self.items).is_some() { (i + 1, text_end) } else { (i, end) };
        let token = Token {
            kind: if closed { TokenKind::Str } else { TokenKind::Invalid },
            text: self.text(from, to),
            span: Span::new(i, end),
            line_start: self.first_on_line,
        };
        push_token(&mut self.items, token, &mut self.diags);
        self.i = end;
    }

    /// Reads a `]` or `}` outside a tag pair or comment (reported) as invalid text.
    fn stray_close(&mut self, c: u8) {
        let i = self.i;
        self.diags.push(Diagnostic::error(
            codes::UNEXPECTED_CHARACTER,
            format!("`{}` outside a tag pair or comment", c as char),
            Span::new(i, i + 1),
        ));
        let token = Token {
            kind: TokenKind::Invalid,
            text: self.text(i, i + 1),
            span: Span::new(i, i + 1),
            line_start: self.first_on_line,
        };
        push_invalid(&mut self.items, token);
        self.i += 1;
    }

    /// Reads a word, to the next blank or special byte.
    fn word(&mut self) {
        let i = self.i;
        let e = find_byte(self.b, i + 1, &WORD_END);
        let token = Token {
            kind: TokenKind::Word,
            text: self.text(i, e),
            span: Span::new(i, e),
            line_start: self.first_on_line,
        };
        push_token(&mut self.items, token, &mut self.diags);
        self.i = e;
    }
}

/// Whether a tag that repeats `Event`, `Board` or `Deal` of the game read so far must start a new
/// game (files that forget the empty line between games).
fn starts_new_game(items: &[Item<'_>], name: &str) -> bool {
    matches!(name, "Event" | "Board" | "Deal")
        && items.iter().any(|it| matches!(it, Item::Tag(t) if t.name == name))
}

/// The tag whose section data is being read: the last item, once a tag has been read (everything
/// after a tag goes into its data, so nothing else is pushed until the next tag).
fn current<'i, 'a>(items: &'i mut [Item<'a>]) -> Option<&'i mut Tag<'a>> {
    match items.last_mut() {
        Some(Item::Tag(tag)) => Some(tag),
        _ => None,
    }
}

fn push_comment<'a>(items: &mut Vec<Item<'a>>, comment: Comment<'a>) {
    match current(items) {
        Some(tag) => tag.data.push(Token {
            kind: match comment.kind {
                CommentKind::Brace => TokenKind::BraceComment,
                CommentKind::Line => TokenKind::LineComment,
            },
            text: comment.text,
            span: comment.span,
            line_start: comment.line_start,
        }),
        None => items.push(Item::Comment(comment)),
    }
}

fn push_invalid<'a>(items: &mut Vec<Item<'a>>, token: Token<'a>) {
    match current(items) {
        Some(tag) => tag.data.push(token),
        None => items.push(Item::Invalid(token)),
    }
}

fn push_token<'a>(items: &mut Vec<Item<'a>>, token: Token<'a>, diags: &mut dyn DiagnosticSink) {
    match current(items) {
        Some(tag) => tag.data.push(token),
        None => {
            // One diagnostic for a run of stray tokens.
            if !matches!(items.last(), Some(Item::Invalid(_))) {
                diags.report(Diagnostic::error(
                    codes::DATA_WITHOUT_TAG,
                    "data before the first tag of the game",
                    token.span,
                ));
            }
            items.push(Item::Invalid(Token { kind: TokenKind::Invalid, ..token }));
        }
    }
}

/// Scans a string token starting at the quote at `i`: (end after the closing quote, closed).
fn scan_string(b: &[u8], i: usize) -> (usize, bool) {
    let mut j = i + 1;
    loop {
        j = find_byte(b, j, &STRING_STOP);
        match b.get(j) {
            Some(b'\\') => {
                if matches!(b.get(j + 1), Some(b'\r' | b'\n') | None) {
                    return (j + 1, false);
                }
                j += 2;
            }
            Some(b'"') => return (j + 1, true),
            Some(_) => return (j, false),
            None => return (b.len(), false),
        }
    }
}

/// Reads a tag pair at `i` (`[`). On failure returns the diagnostic and where to resume.
fn read_tag(src: &str, i: usize) -> Result<(Tag<'_>, usize, Option<Diagnostic>), (Diagnostic, usize)> {
    let b = src.as_bytes();
    let skip_ws = |mut j: usize| {
        while b.get(j).is_some_and(|&c| c.is_ascii_whitespace() || c == b'\x0b') {
            j += 1;
        }
        j
    };
    let fail = |at: usize, msg: &str| {
        let e = line_end(b, i);
        let at = at.min(e);
        let d = Diagnostic::error(codes::BAD_TAG_PAIR, msg.to_owned(), Span::new(i, at.max(i + 1)))
            .with_help("a tag pair is `[Name \"value\"]`");
        (d, e)
    };
    let ns = skip_ws(i + 1);
    let ne = b.get(ns..).map_or(ns, |r| ns + r.iter().take_while(|&&c| NAME_BYTE[usize::from(c)]).count());
    if ne == ns {
        return Err(fail(ns, "`[` is not followed by a tag name"));
    }
    let q = skip_ws(ne);
    if b.get(q) != Some(&b'"') {
        return unquoted_tag(src, i, ns, ne, q)
            .ok_or_else(|| fail(q, "the tag name is not followed by a string value"));
    }
    let (send, closed) = scan_string(b, q);
    if !closed {
        let e = line_end(b, q.max(i));
        let d = Diagnostic::error(
            codes::UNTERMINATED_STRING,
            "tag value without its closing quote on this line",
            Span::new(q, send.max(q + 1)),
        );
        return Err((d, e));
    }
    let r = skip_ws(send);
    if b.get(r) != Some(&b']') {
        return Err(fail(r, "the tag value is not followed by `]`"));
    }
    let tag = Tag {
        name: src.get(ns..ne).unwrap_or(""),
        raw_value: src.get(q + 1..send - 1).unwrap_or(""),
        span: Span::new(i, r + 1),
        name_span: Span::new(ns, ne),
        value_span: Span::new(q + 1, send - 1),
        line_start: true,
        data: Vec::new(),
    };
    Ok((tag, r + 1, None))
}

/// A tag pair whose value is written without quotes (`[Event Random Deal #]`, as WBridge5 and
/// TableMonitor write it): the value is the text up to the `]` on the same line, trimmed. `None`
/// when there is no such `]`, or the text holds a quote or a bracket (then it is not a tag pair).
fn unquoted_tag(
    src: &str,
    i: usize,
    ns: usize,
    ne: usize,
    q: usize,
) -> Option<(Tag<'_>, usize, Option<Diagnostic>)> {
    let b = src.as_bytes();
    let e = line_end(b, q);
    let close = q + b.get(q..e)?.iter().position(|&c| c == b']')?;
    let inner = b.get(q..close)?;
    if inner.iter().any(|&c| matches!(c, b'"' | b'[' | b'{' | b'}' | b';')) {
        return None;
    }
    let lead = inner.iter().take_while(|c| c.is_ascii_whitespace()).count();
    let trail = inner.iter().rev().take_while(|c| c.is_ascii_whitespace()).count();
    let (vs, ve) = (q + lead, (close - trail).max(q + lead));
    let name = src.get(ns..ne)?;
    let value = src.get(vs..ve)?;
    let tag = Tag {
        name,
        raw_value: value,
        span: Span::new(i, close + 1),
        name_span: Span::new(ns, ne),
        value_span: Span::new(vs, ve),
        line_start: true,
        data: Vec::new(),
    };
    let warning = Diagnostic::warning(
        codes::TAG_VALUE_UNQUOTED,
        format!("the value of `{name}` is not between quotes; read as `{value}`"),
        Span::new(vs, ve.max(vs + 1).min(close + 1)),
    )
    .with_help(format!("write `[{name} \"{value}\"]`"));
    Some((tag, close + 1, Some(warning)))
}

// ---------------------------------------------------------------------------------------------
// Typed tag values
// ---------------------------------------------------------------------------------------------

/// Parses a seat letter (`N E S W`, either case).
#[must_use]
pub fn parse_seat(text: &str) -> Option<Compass> {
    let mut chars = text.chars();
    let c = chars.next()?;
    if chars.next().is_some() {
        return None;
    }
    Compass::from_char(c)
}

/// Parses a Deal value `F:h h h h`; spans of errors are relative to the value start `base`.
#[cfg(any(feature = "serde", test))]
pub fn parse_deal(text: &str, base: usize) -> Result<Deal, Diagnostic> {
    parse_deal_and_slots(text, base).map(|(deal, _)| deal)
}

/// Whether the hands of a Deal value (after the `:`), split on single spaces, make four fields of
/// which one is empty (`W: <N>  <S>`).
fn empty_slot(hands: &str) -> bool {
    let b = hands.as_bytes();
    let spaces = b.iter().filter(|&&c| c == b' ').count();
    // A space at the start, two spaces in a row or a space at the end leave a field empty.
    spaces == 3
        && (b.first() == Some(&b' ')
            || b.last() == Some(&b' ')
            || b.iter()
                .zip(b.get(1..).unwrap_or(&[]))
                .fold(false, |acc, (&p, &c)| acc | ((p == b' ') & (c == b' '))))
}

/// [`parse_deal`], and whether a hand slot is left empty ([`deal_has_empty_slot`]) or missing
/// (fewer than four hands).
pub(crate) fn parse_deal_and_slots(text: &str, base: usize) -> Result<(Deal, bool), Diagnostic> {
    let bad = |msg: String, s: usize, e: usize| {
        Diagnostic::error(codes::BAD_DEAL, msg, Span::new(base + s, base + e))
            .with_help("a deal is `N:S.H.D.C S.H.D.C S.H.D.C S.H.D.C`, `-` for a hand not given")
    };
    let colon = text.bytes().position(|c| c == b':');
    let Some((first_text, rest)) = colon.and_then(|c| Some((text.get(..c)?, text.get(c + 1..)?))) else {
        return Err(bad("the deal does not start with `<seat>:`".into(), 0, text.len()));
    };
    let Some(first) = parse_seat(first_text.trim()) else {
        return Err(bad(format!("`{first_text}` is not a seat"), 0, first_text.len()));
    };
    let mut hands = [None; 4];
    let mut spots = [[0u8; 4]; 4];
    let rest_base = first_text.len() + 1;
    // Hands are separated by single spaces; real files (Baker Bridge) leave slots empty
    // (`W: <N>  <S>`), which split on single spaces gives exactly four fields.
    let mut fields: [(usize, &str); 5] = [(0, ""); 5];
    let mut count = 0usize;
    let empty_slot = empty_slot(rest);
    if empty_slot {
        let mut off = 0;
        for f in rest.split(' ') {
            if let Some(slot) = fields.get_mut(count) {
                *slot = (off, f);
            }
            count += 1;
            off += f.len() + 1;
        }
    } else {
        let rb = rest.as_bytes();
        let mut j = 0;
        loop {
            while rb.get(j).is_some_and(|&c| c == b' ' || c == b'\t') {
                j += 1;
            }
            if j >= rb.len() {
                break;
            }
            let s = j;
            while rb.get(j).is_some_and(|&c| c != b' ' && c != b'\t') {
                j += 1;
            }
            if let Some(slot) = fields.get_mut(count) {
                *slot = (s, rest.get(s..j).unwrap_or(""));
            }
            count += 1;
        }
    }
    let fields = fields.get(..count.min(5)).unwrap_or(&[]);
    if let Some(&(s, f)) = fields.get(4) {
        return Err(bad("more than four hands".into(), rest_base + s, rest_base + s + f.len()));
    }
    for (n, &(s, hand_text)) in fields.iter().enumerate() {
        if hand_text.is_empty() {
            continue;
        }
        let upper;
        let hand_text = if any_byte(hand_text.as_bytes(), |c| c.is_ascii_lowercase()) {
            upper = hand_text.to_ascii_uppercase();
            upper.as_str()
        } else {
            hand_text
        };
        // `x` for a small card (teaching material): counted by suit, the rest read as cards.
        let seat = first.advance(n);
        let stripped;
        let hand_text = if hand_text.contains('X') {
            let mut group = 0usize;
            for c in hand_text.bytes() {
                match c {
                    b'.' => group += 1,
                    b'X' => {
                        if let Some(slot) = spots[seat.index()].get_mut(group) {
                            *slot = slot.saturating_add(1);
                        }
                    }
                    _ => {}
                }
            }
            stripped = hand_text.replace('X', "");
            stripped.as_str()
        } else {
            hand_text
        };
        let has_spots = spots[seat.index()].iter().any(|&k| k > 0);
        match card_text::parse_hand(hand_text) {
            // An empty hand `...` in a deal with cards is a hand not shown (partial diagrams).
            Ok(h) => hands[seat.index()] = h.filter(|h| has_spots || !h.is_empty()),
            Err(e) => {
                let len = hand_text.len();
                let what = match e.kind {
                    cards_core::CardTextErrorKind::BadRank => "a character that is not a rank".to_owned(),
                    cards_core::CardTextErrorKind::Duplicate => "a card given twice".to_owned(),
                    cards_core::CardTextErrorKind::SuitGroups => {
                        "not four suits separated by dots".to_owned()
                    }
                    other => format!("{other:?}"),
                };
                return Err(bad(
                    format!("hand {} is not valid: {what}", n + 1),
                    rest_base + s + e.span.start.min(len),
                    rest_base + s + e.span.end.min(len),
                ));
            }
        }
    }
    // Real files (Baker Bridge) give two hands "W: <N>  <S>" and leave the rest blank; fewer
    // than four fields (`N:` alone) also leave slots empty, which the reader reports.
    Ok((Deal { first, hands, spots }, empty_slot || count < 4))
}

/// Whether a Deal value leaves a hand slot empty (`W: <N>  <S>`) instead of writing `-`.
#[must_use]
pub fn deal_has_empty_slot(text: &str) -> bool {
    text.split_once(':').is_some_and(|(_, r)| empty_slot(r))
}

/// Splits on white space into `buf` without allocating; more than `buf.len()` words give a slice
/// of `buf.len()` (callers reject that length).
fn split_words<'t, 'b>(text: &'t str, buf: &'b mut [&'t str; 5]) -> &'b [&'t str] {
    let mut n = 0;
    for (slot, w) in buf.iter_mut().zip(text.split_whitespace()) {
        *slot = w;
        n += 1;
    }
    buf.get(..n).unwrap_or(&[])
}

/// Parses a Result value. `Ok(None)` is the empty value (all pass) or `?`.
pub fn parse_result(text: &str) -> Result<Option<GameResult>, ValueError> {
    let t = text.trim();
    let (irregular, t) = match t.strip_prefix('^') {
        Some(r) => (true, r.trim_start()),
        None => (false, t),
    };
    if t.is_empty() || t == "?" {
        return if irregular { Err(ValueError) } else { Ok(None) };
    }
    let num = |s: &str| s.parse::<u8>().ok().filter(|&n| n <= 13).ok_or(ValueError);
    let mut buf = [""; 5];
    let parts = split_words(t, &mut buf);
    let tricks = match parts {
        [n] => TrickCount::Declarer(num(n)?),
        [side, n] if side.eq_ignore_ascii_case("NS") => TrickCount::NorthSouth(num(n)?),
        [side, n] if side.eq_ignore_ascii_case("EW") => TrickCount::EastWest(num(n)?),
        [s1, n1, s2, n2] if s1.eq_ignore_ascii_case("NS") && s2.eq_ignore_ascii_case("EW") => {
            TrickCount::Both { ns: num(n1)?, ew: num(n2)?, ns_first: true }
        }
        [s1, n1, s2, n2] if s1.eq_ignore_ascii_case("EW") && s2.eq_ignore_ascii_case("NS") => {
            TrickCount::Both { ns: num(n2)?, ew: num(n1)?, ns_first: false }
        }
        _ => return Err(ValueError),
    };
    Ok(Some(GameResult { tricks, irregular }))
}

/// Parses a score-like value: `<n>`, `NS <n>`, `EW <n>`, `NS <n> EW <m>`, `EW <m> NS <n>`, where
/// `number` validates one value.
pub fn parse_side_score(text: &str, number: impl Fn(&str) -> bool) -> Result<SideScore, ValueError> {
    let mut buf = [""; 5];
    let parts = split_words(text, &mut buf);
    let mut s = SideScore { declarer: None, ns: None, ew: None };
    let check = |n: &&str| if number(n) { Ok((*n).to_owned()) } else { Err(ValueError) };
    match parts {
        [n] => s.declarer = Some(check(n)?),
        [side, n] if *side == "NS" => s.ns = Some(check(n)?),
        [side, n] if *side == "EW" => s.ew = Some(check(n)?),
        [a, n1, b, n2] if *a == "NS" && *b == "EW" => {
            s.ns = Some(check(n1)?);
            s.ew = Some(check(n2)?);
        }
        [a, n1, b, n2] if *a == "EW" && *b == "NS" => {
            s.ew = Some(check(n1)?);
            s.ns = Some(check(n2)?);
        }
        _ => return Err(ValueError),
    }
    Ok(s)
}

/// Whether `s` is an integer with an optional sign.
#[must_use]
pub fn is_integer(s: &str) -> bool {
    let d = s.strip_prefix(['+', '-']).unwrap_or(s);
    !d.is_empty() && d.bytes().all(|c| c.is_ascii_digit())
}

/// Whether `s` is a decimal number with an optional sign (`-3.5`); the fraction may be empty
/// (`100.`, `0.`: the PBN verifier's own correct file writes percentages so).
#[must_use]
pub fn is_decimal(s: &str) -> bool {
    let d = s.strip_prefix(['+', '-']).unwrap_or(s);
    let (a, b) = d.split_once('.').unwrap_or((d, ""));
    !a.is_empty() && a.bytes().all(|c| c.is_ascii_digit()) && b.bytes().all(|c| c.is_ascii_digit())
}

/// Parses an integer with an optional sign.
#[must_use]
pub fn parse_int(s: &str) -> Option<i64> {
    if !is_integer(s) {
        return None;
    }
    s.strip_prefix('+').unwrap_or(s).parse().ok()
}

// ---------------------------------------------------------------------------------------------
// Sections
// ---------------------------------------------------------------------------------------------

/// A sub-token of a word in the Auction or Play section.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Piece<'a> {
    /// Call or card text (`[A-Za-z0-9-]+`).
    Symbol(&'a str),
    Suffix(u8),
    Note(u32),
    Nag(u32),
    Star,
    Plus,
    Irregular(u8),
    /// `____`: a blank for a student to fill in (BridgeComposer teaching files).
    Blank,
    Bad(&'a str),
}

/// The pieces of a word (self-delimiting tokens may touch: `1S!=1=`), with their spans.
struct Pieces<'a> {
    word: &'a str,
    /// Where the word starts in the source.
    base: usize,
    /// The next byte to read.
    i: usize,
}

impl<'a> Pieces<'a> {
    fn new(word: &'a str, base: usize) -> Pieces<'a> {
        Pieces { word, base, i: 0 }
    }
}

impl<'a> Iterator for Pieces<'a> {
    type Item = (Piece<'a>, Span);

    fn next(&mut self) -> Option<(Piece<'a>, Span)> {
        let word = self.word;
        let b = word.as_bytes();
        let s = self.i;
        let c = *b.get(s)?;
        let mut i = s;
        let piece = match c {
            b'!' | b'?' => {
                let second = b.get(i + 1).copied().filter(|x| *x == b'!' || *x == b'?');
                i += 1 + usize::from(second.is_some());
                Piece::Suffix(match (c, second) {
                    (b'!', None) => 1,
                    (b'?', None) => 2,
                    (b'!', Some(b'!')) => 3,
                    (b'?', Some(b'?')) => 4,
                    (b'!', Some(_)) => 5,
                    _ => 6,
                })
            }
            b'=' => {
                let mut j = i + 1;
                while b.get(j).is_some_and(u8::is_ascii_digit) {
                    j += 1;
                }
                if j > i + 1 && b.get(j) == Some(&b'=') {
                    let n = word.get(i + 1..j).and_then(|t| t.parse().ok()).unwrap_or(u32::MAX);
                    i = j + 1;
                    Piece::Note(n)
                } else {
                    i = j.max(i + 1);
                    Piece::Bad(word.get(s..i).unwrap_or(""))
                }
            }
            b'$' => {
                let mut j = i + 1;
                while b.get(j).is_some_and(u8::is_ascii_digit) {
                    j += 1;
                }
                if j > i + 1 {
                    let n = word.get(i + 1..j).and_then(|t| t.parse().ok()).unwrap_or(u32::MAX);
                    i = j;
                    Piece::Nag(n)
                } else {
                    i += 1;
                    Piece::Bad("$")
                }
            }
            b'*' => {
                i += 1;
                Piece::Star
            }
            b'_' => {
                while b.get(i).is_some_and(|&x| x == b'_') {
                    i += 1;
                }
                Piece::Blank
            }
            b'+' => {
                i += 1;
                Piece::Plus
            }
            b'^' => match b.get(i + 1) {
                Some(&k @ (b'I' | b'S' | b'R' | b'L')) => {
                    i += 2;
                    Piece::Irregular(k)
                }
                _ => {
                    i += 1;
                    Piece::Bad("^")
                }
            },
            c if c.is_ascii_alphanumeric() || c == b'-' => {
                let mut j = i + 1;
                while b.get(j).is_some_and(|x| x.is_ascii_alphanumeric() || *x == b'-') {
                    j += 1;
                }
                i = j;
                Piece::Symbol(word.get(s..j).unwrap_or(""))
            }
            _ => {
                // Skip one whole character.
                let mut j = i + 1;
                while j < b.len() && !word.is_char_boundary(j) {
                    j += 1;
                }
                i = j;
                Piece::Bad(word.get(s..j).unwrap_or(""))
            }
        };
        self.i = i;
        Some((piece, Span::new(self.base + s, self.base + i)))
    }
}

/// A note reference found in a section, for resolution against the Note tags.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NoteRef {
    /// The index.
    pub index: u8,
    /// Where it stood.
    pub span: Span,
}

/// Reads an annotation piece into `ann`; returns false when the piece is not an annotation.
fn annotate(
    piece: Piece<'_>,
    span: Span,
    ann: Option<&mut Annotation>,
    for_cards: bool,
    diags: &mut dyn DiagnosticSink,
    bad_code: &'static str,
) -> bool {
    let Some(ann) = ann else {
        if matches!(piece, Piece::Suffix(_) | Piece::Note(_) | Piece::Nag(_)) {
            diags.report(Diagnostic::error(bad_code, "annotation before any call or card", span));
            return true;
        }
        return false;
    };
    match piece {
        Piece::Suffix(n) => {
            if ann.suffix.is_some() {
                diags.report(Diagnostic::warning(bad_code, "a second suffix annotation", span));
            }
            ann.suffix = Some(if for_cards { n + 6 } else { n });
        }
        Piece::Note(n) => {
            if !(1..=32).contains(&n) {
                diags.report(Diagnostic::error(
                    codes::BAD_NOTE,
                    format!("note index {n} is not 1 to 32"),
                    span,
                ));
            }
            if ann.note.is_some() {
                diags.report(Diagnostic::warning(bad_code, "a second note reference", span));
            }
            ann.note = Some(u8::try_from(n).unwrap_or(u8::MAX));
        }
        Piece::Nag(n) => {
            let Ok(v) = u8::try_from(n) else {
                diags.report(Diagnostic::error(codes::BAD_NAG, format!("NAG ${n} is above 255"), span));
                return true;
            };
            let wrong =
                if for_cards { (1..=6).contains(&v) || v == 13 } else { (7..=12).contains(&v) || v == 14 };
            if wrong {
                diags.report(Diagnostic::warning(
                    codes::BAD_NAG,
                    format!("NAG ${v} is for {}", if for_cards { "calls" } else { "cards" }),
                    span,
                ));
            }
            ann.nags.push(v);
        }
        _ => return false,
    }
    true
}

/// An entry of the Auction or the Play section.
trait SectionEntry: Sized {
    /// What was called or played.
    type Item;
    fn new(item: Self::Item, span: Span) -> Self;
    fn annotation(&mut self) -> &mut Annotation;
}

impl SectionEntry for AuctionEntry {
    type Item = AuctionItem;
    fn new(item: AuctionItem, span: Span) -> AuctionEntry {
        AuctionEntry { item, annotation: Annotation::default(), span }
    }
    fn annotation(&mut self) -> &mut Annotation {
        &mut self.annotation
    }
}

impl SectionEntry for PlayEntry {
    type Item = PlayItem;
    fn new(item: PlayItem, span: Span) -> PlayEntry {
        PlayEntry { item, annotation: Annotation::default(), span }
    }
    fn annotation(&mut self) -> &mut Annotation {
        &mut self.annotation
    }
}

/// The pieces a section reads into entries: a symbol (a call or a card), an irregularity mark
/// `^k`, or `+` (also read for a blank `____`).
#[derive(Debug, Clone, Copy)]
enum ItemPiece<'a> {
    Symbol(&'a str),
    Irregular(u8),
    Continue,
    /// `____`: a blank for a student to fill in.
    Blank,
}

/// What a section makes of an [`ItemPiece`].
enum Read<I> {
    /// An entry.
    Item(I),
    /// An irregularity mark that applies to the next entry.
    Pending,
    /// Not allowed here; the message.
    Bad(String),
    /// A producer's convention read as this entry, with its warning's code, message and help.
    Convention(I, &'static str, String, &'static str),
    /// Not allowed here (the message), but the entry keeps its player's turn.
    Unreadable(I, String),
}

/// How the auction reader treats a word token before splitting it into pieces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    /// Read piece by piece.
    Normal,
    /// Part of free text, reported once for the whole run.
    Skip,
    /// `all` of `all pass`: read as `AP` (the `pass` after it is skipped).
    AllPass,
}

/// The messages and codes where the Auction and the Play sections differ.
struct SectionRules {
    /// Annotations follow cards (suffixes are NAGs 7 to 12), not calls.
    for_cards: bool,
    /// Code of a token that is not allowed.
    bad: &'static str,
    /// Code of text after `*`.
    after_star: &'static str,
    string: &'static str,
    text_after_star: &'static str,
    blank: &'static str,
    blank_help: &'static str,
    bad_text: &'static str,
    /// An irregularity mark at the end.
    dangling: &'static str,
}

const AUCTION_RULES: SectionRules = SectionRules {
    for_cards: false,
    bad: codes::AUCTION_BAD_TOKEN,
    after_star: codes::AUCTION_AFTER_END,
    string: "a string in the auction",
    text_after_star: "text after `*` in the auction",
    blank: "a blank to fill in: a call not given, which keeps its player's turn",
    blank_help: "write `+` for the call to be made",
    bad_text: "is not a call or an annotation",
    dangling: "`^I` not followed by a bid",
};

const PLAY_RULES: SectionRules = SectionRules {
    for_cards: true,
    bad: codes::PLAY_BAD_TOKEN,
    after_star: codes::PLAY_BAD_TOKEN,
    string: "a string in the play",
    text_after_star: "text after `*` in the play",
    blank: "a blank to fill in: a card not given, which keeps its player's place",
    blank_help: "write `+` for the card to be played",
    bad_text: "is not a card or an annotation",
    dangling: "irregularity not followed by a card",
};

/// Reads the entries of an Auction or Play section: `read` turns a piece into an entry, given the
/// pending irregularity mark. Returns the entries and whether `*` ended them; reports the problems.
fn read_section<E: SectionEntry>(
    tag: &Tag<'_>,
    roles: &[Role],
    rules: &SectionRules,
    diags: &mut dyn DiagnosticSink,
    mut read: impl FnMut(ItemPiece<'_>, Option<u8>) -> Read<E::Item>,
) -> (Vec<E>, bool) {
    let mut entries: Vec<E> = Vec::with_capacity(tag.data.len());
    let mut star = false;
    let mut pending: Option<(u8, Span)> = None;
    for (index, token) in tag.data.iter().enumerate() {
        match roles.get(index).copied().unwrap_or(Role::Normal) {
            Role::Normal => {}
            Role::Skip => continue,
            Role::AllPass => {
                let span = tag.data.get(index + 1).map_or(token.span, |next| token.span.join(next.span));
                if let Read::Item(item) = read(ItemPiece::Symbol("AP"), None) {
                    entries.push(E::new(item, span));
                }
                continue;
            }
        }
        match token.kind {
            TokenKind::BraceComment
            | TokenKind::LineComment
            | TokenKind::Invalid
            | TokenKind::Escape
            | TokenKind::Delimiter => continue,
            TokenKind::Str => {
                diags.report(Diagnostic::error(rules.bad, rules.string, token.span));
                continue;
            }
            TokenKind::Word => {}
        }
        for (piece, span) in Pieces::new(token.text, token.span.start) {
            if star {
                diags.report(Diagnostic::error(rules.after_star, rules.text_after_star, span));
                continue;
            }
            let item_piece = match piece {
                Piece::Symbol(sym) => ItemPiece::Symbol(sym),
                Piece::Irregular(k) => ItemPiece::Irregular(k),
                Piece::Plus => ItemPiece::Continue,
                Piece::Blank => {
                    diags.report(
                        Diagnostic::warning(codes::AUCTION_BLANK, rules.blank, span)
                            .with_help(rules.blank_help),
                    );
                    ItemPiece::Blank
                }
                Piece::Star => {
                    star = true;
                    continue;
                }
                Piece::Bad(text) => {
                    diags.report(Diagnostic::error(rules.bad, format!("`{text}` {}", rules.bad_text), span));
                    continue;
                }
                Piece::Suffix(_) | Piece::Note(_) | Piece::Nag(_) => {
                    let ann = entries.last_mut().map(E::annotation);
                    annotate(piece, span, ann, rules.for_cards, diags, rules.bad);
                    continue;
                }
            };
            match read(item_piece, pending.map(|(k, _)| k)) {
                Read::Item(item) => {
                    let span = match pending.take() {
                        Some((_, s)) => s.join(span),
                        None => span,
                    };
                    entries.push(E::new(item, span));
                }
                Read::Pending => {
                    if let ItemPiece::Irregular(k) = item_piece {
                        pending = Some((k, span));
                    }
                }
                Read::Bad(message) => diags.report(Diagnostic::error(rules.bad, message, span)),
                Read::Convention(item, code, message, help) => {
                    diags.report(Diagnostic::warning(code, message, span).with_help(help));
                    entries.push(E::new(item, span));
                }
                Read::Unreadable(item, message) => {
                    pending = None;
                    diags.report(Diagnostic::error(rules.bad, message, span));
                    entries.push(E::new(item, span));
                }
            }
        }
    }
    if let Some((_, span)) = pending {
        diags.report(Diagnostic::error(rules.bad, rules.dangling, span));
    }
    (entries, star)
}

/// Reads the Auction section data of `tag` whose first caller is `first`.
///
/// Conventions of real files are read with a warning of their own: `3N` for `3NT`, `all pass`
/// for `AP`. Free text among the calls is one error per run of words; such an auction is marked
/// [`Auction::prose`] and not replayed.
pub fn read_auction(tag: &Tag<'_>, first: Compass, diags: &mut dyn DiagnosticSink) -> Auction {
    // Reported after the other problems of the auction.
    let mut prose_diags = Vec::new();
    let roles = auction_roles(tag, &mut prose_diags);
    let prose = !prose_diags.is_empty();
    let (entries, star) = read_section(tag, &roles, &AUCTION_RULES, diags, |piece, pending| match piece {
        ItemPiece::Symbol("-") => Read::Item(AuctionItem::Placeholder),
        ItemPiece::Symbol(sym) if sym.eq_ignore_ascii_case("AP") => Read::Item(AuctionItem::AllPass),
        ItemPiece::Symbol(sym) => match crate::model::parse_call(sym) {
            Some(call) => Read::Item(AuctionItem::Call { call, insufficient: pending == Some(b'I') }),
            None => match crate::model::long_notrump(sym).as_deref().and_then(crate::model::parse_call) {
                Some(call) => Read::Convention(
                    AuctionItem::Call { call, insufficient: pending == Some(b'I') },
                    codes::NOTRUMP_AS_N,
                    notrump_message(sym),
                    NOTRUMP_HELP,
                ),
                None => Read::Unreadable(AuctionItem::Unreadable, format!("`{sym}` is not a call")),
            },
        },
        ItemPiece::Continue => Read::Item(AuctionItem::Continue),
        ItemPiece::Blank => Read::Item(AuctionItem::Blank),
        ItemPiece::Irregular(b'S') => Read::Item(AuctionItem::Skipped),
        ItemPiece::Irregular(b'I') => Read::Pending,
        ItemPiece::Irregular(k) => {
            Read::Bad(format!("`^{}` belongs to the play, not the auction", k as char))
        }
    });
    for (i, role) in roles.iter().enumerate() {
        if *role == Role::AllPass
            && let (Some(all), Some(pass)) = (tag.data.get(i), tag.data.get(i + 1))
        {
            diags.report(
                Diagnostic::warning(
                    codes::AUCTION_ALL_PASS_TEXT,
                    format!("`{} {}` written out; read as `AP`", all.text, pass.text),
                    all.span.join(pass.span),
                )
                .with_help("write `AP` (all pass)"),
            );
        }
    }
    diags.report_all(prose_diags);
    Auction { first, entries, star, prose }
}

/// The message of a `NOTRUMP_AS_N` warning for a call or contract `text`.
pub(crate) fn notrump_message(text: &str) -> String {
    format!("`{text}`: `N` for notrump, read as `NT`")
}

/// The help of a `NOTRUMP_AS_N` warning.
pub(crate) const NOTRUMP_HELP: &str = "PBN writes notrump `NT`";

/// Whether a word of an auction is a word of prose: two or more letters that make no call or
/// auction symbol (`Pass`, `AP`, `XX`, `NT`...).
fn is_prose_word(word: &str) -> bool {
    // `4NT/5D`: alternatives, not a call.
    word.contains('/')
        || word.split(|c: char| !c.is_alphabetic()).any(|run| {
            run.chars().count() >= 2
                && !["pass", "ap", "xx", "nt", "all"].iter().any(|w| run.eq_ignore_ascii_case(w))
        })
}

/// Marks the word tokens of an auction: runs of prose (two prose words at most three tokens apart
/// join one run, with what stands between them) and `all pass`. Returns the roles and reports one
/// `AUCTION_PROSE` error per run.
fn auction_roles(tag: &Tag<'_>, diags: &mut dyn DiagnosticSink) -> Vec<Role> {
    // Nearly every auction holds calls only: then nothing is allocated.
    let special = |t: &Token<'_>| {
        t.kind == TokenKind::Word && (is_prose_word(t.text) || t.text.eq_ignore_ascii_case("all"))
    };
    if !tag.data.iter().any(special) {
        return Vec::new();
    }
    let mut roles = vec![Role::Normal; tag.data.len()];
    let words: Vec<usize> =
        (0..tag.data.len()).filter(|&i| tag.data.get(i).is_some_and(|t| t.kind == TokenKind::Word)).collect();
    let text = |i: usize| tag.data.get(i).map_or("", |t| t.text);
    let mut k = 0;
    while let Some(&i) = words.get(k) {
        let next = words.get(k + 1).copied();
        if text(i).eq_ignore_ascii_case("all") && next.is_some_and(|n| text(n).eq_ignore_ascii_case("pass")) {
            roles[i] = Role::AllPass;
            if let Some(n) = next {
                roles[n] = Role::Skip;
            }
            k += 2;
            continue;
        }
        if !is_prose_word(text(i)) {
            k += 1;
            continue;
        }
        // A run: extend while another prose word follows within three tokens.
        let mut last = k;
        let mut j = k + 1;
        while j < words.len() && j <= last + 3 {
            if words.get(j).is_some_and(|&w| is_prose_word(text(w))) {
                last = j;
            }
            j += 1;
        }
        let (Some(&from), Some(&to)) = (words.get(k), words.get(last)) else { break };
        for role in roles.iter_mut().take(to + 1).skip(from) {
            if *role == Role::Normal {
                *role = Role::Skip;
            }
        }
        let (Some(a), Some(b)) = (tag.data.get(from), tag.data.get(to)) else { break };
        let span = a.span.join(b.span);
        let quoted: Vec<&str> = (k..=last).filter_map(|w| words.get(w)).map(|&w| text(w)).collect();
        let mut shown = quoted.join(" ");
        if shown.chars().count() > 40 {
            shown = shown.chars().take(37).collect::<String>() + "...";
        }
        diags.report(
            Diagnostic::error(
                codes::AUCTION_PROSE,
                format!(
                    "free text in the auction: `{shown}` is prose, not calls; the auction is not replayed"
                ),
                span,
            )
            .with_help("an auction holds calls only: put commentary in a { comment }"),
        );
        k = last + 1;
    }
    roles
}

/// Reads the Play section data of `tag` whose first column is `first`.
pub fn read_play(tag: &Tag<'_>, first: Compass, diags: &mut dyn DiagnosticSink) -> Play {
    let (entries, star) = read_section(tag, &[], &PLAY_RULES, diags, |piece, pending| match piece {
        ItemPiece::Symbol("-") => Read::Item(PlayItem::Unknown),
        ItemPiece::Symbol(sym) => match play_card(sym) {
            Some(card) => Read::Item(PlayItem::Card {
                card,
                revoke: pending == Some(b'R'),
                lead_out_of_turn: pending == Some(b'L'),
            }),
            // The token still takes its player's place in the trick.
            None => Read::Unreadable(PlayItem::Unknown, format!("`{sym}` is not a card")),
        },
        ItemPiece::Continue => Read::Item(PlayItem::Continue),
        ItemPiece::Blank => Read::Item(PlayItem::Unknown),
        ItemPiece::Irregular(b'R' | b'L') => Read::Pending,
        ItemPiece::Irregular(k) => {
            Read::Bad(format!("`^{}` belongs to the auction, not the play", k as char))
        }
    });
    Play { first, entries, star }
}

/// A two-character card symbol of the Play section, either case.
fn play_card(sym: &str) -> Option<Card> {
    let &[suit, rank] = sym.as_bytes() else { return None };
    let upper = [suit.to_ascii_uppercase(), rank.to_ascii_uppercase()];
    std::str::from_utf8(&upper).ok().and_then(|t| card_text::parse_card(t).ok())
}

/// Note references in auction or play entries.
pub fn note_refs<'e>(anns: impl Iterator<Item = (&'e Annotation, Span)>) -> Vec<NoteRef> {
    anns.filter_map(|(a, span)| a.note.map(|index| NoteRef { index, span })).collect()
}

/// Parses a table header (`Rank\3R;+Score_NS\5R;Names`). Spans are relative to the value start
/// `base`; when `base` is `None` (a header inherited with `#`), every span is `whole`.
pub fn read_columns(
    value: &str,
    base: Option<usize>,
    whole: Span,
    diags: &mut dyn DiagnosticSink,
) -> Vec<Column> {
    let mut columns = Vec::with_capacity(value.bytes().filter(|&c| c == b';').count() + 1);
    let mut offset = 0usize;
    for part in value.split(';') {
        let span = base.map_or(whole, |base| Span::new(base + offset, base + offset + part.len()));
        offset += part.len() + 1;
        let (order, rest) = match part.as_bytes().first() {
            Some(b'+') => (Some(SortOrder::Descending), part.get(1..).unwrap_or("")),
            Some(b'-') => (Some(SortOrder::Ascending), part.get(1..).unwrap_or("")),
            _ => (None, part),
        };
        let backslash = rest.bytes().position(|c| c == b'\\');
        let (name, width, align) = match backslash.and_then(|p| Some((rest.get(..p)?, rest.get(p + 1..)?))) {
            None => (rest, None, None),
            Some((name, spec)) => {
                let digits = spec.bytes().take_while(u8::is_ascii_digit).count();
                let (num, tail) = spec.split_at(digits);
                let align = match tail {
                    "" => Ok(None),
                    "L" => Ok(Some(Align::Left)),
                    "R" => Ok(Some(Align::Right)),
                    _ => Err(()),
                };
                match (num.parse::<u16>(), align) {
                    (Ok(w), Ok(a)) => (name, Some(w), a),
                    _ => {
                        diags.report(
                            Diagnostic::error(
                                codes::TABLE_BAD_HEADER,
                                format!(
                                    "column `{part}`: `\\` must be followed by a width and optionally L or R"
                                ),
                                span,
                            )
                            .with_help("for example `Score_NS\\5R`"),
                        );
                        (name, None, None)
                    }
                }
            }
        };
        if name.is_empty() && value.len() > 1 {
            diags.report(Diagnostic::warning(codes::TABLE_BAD_HEADER, "empty column name", span));
        }
        columns.push(Column { name: name.to_owned(), order, width, align });
    }
    columns
}

/// Reads a table from a tag and its data; `header` is the tag value after inheritance.
pub fn read_table(tag: &Tag<'_>, header: &str, diags: &mut dyn DiagnosticSink) -> Table {
    let exact = header == tag.raw_value;
    let base = exact.then_some(tag.value_span.start);
    let columns = read_columns(header, base, tag.value_span, diags);
    let width = columns.len().max(1);
    // Typed checks of the predefined columns (Declarer, Denomination, Result, Contract, scores),
    // reported after the other problems of the elements.
    let kinds: Vec<ColumnKind> = columns.iter().map(|c| column_kind(&c.name)).collect();
    let typed = kinds.iter().any(|k| *k != ColumnKind::Free);
    let mut value_diags = Vec::new();
    let (mut cells, mut text_len) = (0, 0);
    for token in &tag.data {
        if matches!(token.kind, TokenKind::Word | TokenKind::Str) {
            cells += 1;
            text_len += token.text.len();
        }
    }
    let mut table = Table::new(tag.name.to_owned(), columns);
    table.reserve(cells, text_len);
    let mut seen_element = false;
    let mut column = 0;
    for token in &tag.data {
        match token.kind {
            TokenKind::Invalid | TokenKind::Escape | TokenKind::Delimiter => continue,
            TokenKind::BraceComment | TokenKind::LineComment => {
                if seen_element {
                    diags.report(Diagnostic::error(
                        codes::TABLE_COMMENT,
                        "comments are not allowed among table elements",
                        token.span,
                    ));
                }
                continue;
            }
            // A string fits any column.
            TokenKind::Str => table.push(&unescape(token.text), true),
            TokenKind::Word => {
                if let Some(p) = token.text.bytes().position(|c| c == b'%') {
                    diags.report(Diagnostic::error(
                        codes::TABLE_BAD_ELEMENT,
                        "`%` is not allowed in a table element",
                        Span::new(token.span.start + p, token.span.start + p + 1),
                    ));
                }
                if typed
                    && let Some(&kind) = kinds.get(column)
                    && !table_value_ok(kind, token.text)
                {
                    let name = table.columns.get(column).map_or("", |c| c.name.as_str());
                    value_diags.push(Diagnostic::error(
                        codes::TABLE_BAD_VALUE,
                        format!("`{}` is not a valid {name}", token.text),
                        token.span,
                    ));
                }
                table.push(token.text, false);
            }
        }
        // The column of the next element.
        column += 1;
        if column == width {
            column = 0;
        }
        seen_element = true;
    }
    diags.report_all(value_diags);
    let rest = table.len() % width;
    if rest != 0 {
        let span = tag
            .data
            .iter()
            .rev()
            .find(|t| matches!(t.kind, TokenKind::Word | TokenKind::Str | TokenKind::BraceComment))
            .map_or(tag.span, |t| t.span);
        diags.report(Diagnostic::error(
            codes::TABLE_MISSING_ELEMENTS,
            format!("the table has {width} columns but its last row has {rest} elements"),
            span,
        ));
    }
    table
}

/// What the values of a predefined column must look like.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ColumnKind {
    Seat,
    Denomination,
    Tricks,
    Contract,
    Integer,
    Decimal,
    Rank,
    Free,
}

fn column_kind(column: &str) -> ColumnKind {
    match column {
        "Declarer" => ColumnKind::Seat,
        "Denomination" => ColumnKind::Denomination,
        "Result" => ColumnKind::Tricks,
        "Contract" => ColumnKind::Contract,
        "Score_NS" | "Score_EW" | "Score" => ColumnKind::Integer,
        "IMP_NS" | "IMP_EW" | "MP_NS" | "MP_EW" | "Percentage_NS" | "Percentage_EW" | "Percentage"
        | "TotalScore" | "TotalIMP" | "TotalMP" | "TotalPercentage" | "MeanScore" | "MeanIMP" | "MeanMP"
        | "MeanPercentage" => ColumnKind::Decimal,
        "Rank" | "NrBoards" | "Multiplicity" => ColumnKind::Rank,
        _ => ColumnKind::Free,
    }
}

/// Whether an unquoted table element fits its predefined column (`?`, `-` and `^...` always do).
fn table_value_ok(kind: ColumnKind, text: &str) -> bool {
    if kind == ColumnKind::Free || text == "?" || text == "-" {
        return true;
    }
    let t = text.strip_prefix('^').unwrap_or(text);
    match kind {
        ColumnKind::Seat => parse_seat(t).is_some(),
        ColumnKind::Denomination => {
            matches!(t, "S" | "H" | "D" | "C" | "NT" | "s" | "h" | "d" | "c" | "nt" | "N")
        }
        ColumnKind::Tricks => t.parse::<u8>().is_ok_and(|n| n <= 13),
        ColumnKind::Contract => crate::model::Contract::parse(t).is_some(),
        ColumnKind::Integer => is_integer(t),
        ColumnKind::Decimal => is_decimal(t),
        ColumnKind::Rank => t.bytes().all(|c| c.is_ascii_digit() || c == b'-') && !t.is_empty(),
        ColumnKind::Free => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_games_on_semi_empty_lines_but_not_inside_comments() {
        let text =
            "[Board \"1\"]\n{ a comment\n\n with an empty line }\n \t\n[Board \"2\"]\r\n\r\n[Board \"3\"]";
        let games: Vec<_> = Splitter::new(text).collect();
        assert_eq!(games.len(), 3);
        assert!(games.iter().all(|g| g.diagnostics.is_empty()));
    }

    #[test]
    fn tokens_keep_spans_and_line_starts() {
        let text = "[Auction \"N\"]\n1S! =1= $3 Pass\n  X ; late\n";
        let games: Vec<_> = Splitter::new(text).collect();
        let Some(Item::Tag(tag)) = games[0].game.items.first() else { panic!("no tag") };
        let words: Vec<(&str, bool)> = tag.data.iter().map(|t| (t.text, t.line_start)).collect();
        assert_eq!(
            words,
            [("1S!", true), ("=1=", false), ("$3", false), ("Pass", false), ("X", true), (" late", false)]
        );
        assert_eq!(&text[tag.data[4].span.range()], "X");
        let mut diags = Vec::new();
        let auction = read_auction(tag, Compass::North, &mut diags);
        assert!(diags.is_empty(), "{diags:?}");
        assert_eq!(auction.entries.len(), 3);
        assert_eq!(
            auction.entries[0].annotation,
            Annotation { suffix: Some(1), note: Some(1), nags: vec![3] }
        );
    }

    #[test]
    fn deals_results_and_scores() {
        let deal = parse_deal("W: AKQJ.AKQ.AKQ.AKQ  T987.JT9.JT9.JT9", 0).unwrap();
        assert_eq!(deal.hand(Compass::West), None);
        assert_eq!(deal.hand(Compass::North).map(|h| h.len()), Some(13));
        assert_eq!(deal.hand(Compass::South).map(|h| h.len()), Some(13));
        assert!(parse_deal("N:AKQ.AKQ", 0).is_err());
        let r = parse_result("^NS 9").unwrap().unwrap();
        assert!(r.irregular);
        assert_eq!(r.declarer_tricks(Some(Compass::East)), Some(4));
        assert_eq!(parse_result(""), Ok(None));
        assert!(parse_result("14").is_err());
        assert!(parse_side_score("NS 620 EW -620", is_integer).is_ok());
        assert!(parse_side_score("EW", is_integer).is_err());
    }

    #[test]
    fn table_headers() {
        let mut diags = Vec::new();
        let cols = read_columns("-Rank\\3R;+Score_NS\\5;Names", Some(0), Span::at(0), &mut diags);
        assert!(diags.is_empty());
        assert_eq!(cols[0].header(), "-Rank\\3R");
        assert_eq!(cols[1].width, Some(5));
        assert_eq!(cols[2].name, "Names");
        let mut diags = Vec::new();
        read_columns("Rank;Call\\L", Some(10), Span::at(0), &mut diags);
        assert_eq!(diags[0].span(), Span::new(15, 21));
    }
}
