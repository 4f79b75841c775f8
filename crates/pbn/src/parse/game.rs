//! Cutting the decoded text into games and each game into tokens: whole lines (`%` escapes,
//! `<PBN>` delimiters), tag pairs with their section data, comments, strings and words.

use cards_core::{Diagnostic, DiagnosticSink, Span};

use super::lex::{WORD_END, find_byte, is_blank, line_end, read_tag, scan_string, skip_eol};
use crate::codes;
use crate::model::{Comment, CommentKind, Item, Line, LineKind, Tag, Token, TokenKind, Tokens};

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
