//! A game's tokens kept owned: what the streaming reader tokenized, as offsets into the game's
//! text, so that the checks, the writers and [`crate::Game::tokens`] get the token tree back
//! without splitting the text a second time.

use cards_core::Span;

use crate::model::{Comment, CommentKind, Item, Line, LineKind, Tag, Token, TokenKind, Tokens};

/// The tokens of one game (a [`Tokens`] without its borrowed text): items in source order, the
/// section data of every tag back to back in one list, and the lines too long for PBN.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Tape {
    span: Span,
    items: Vec<TapeItem>,
    data: Vec<TapeToken>,
    long_lines: Vec<Span>,
}

/// A token: its kind, its text and its whole span as offsets into the game's text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct TapeToken {
    kind: TokenKind,
    text: Span,
    span: Span,
    line_start: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum TapeItem {
    Line {
        kind: LineKind,
        text: Span,
        span: Span,
    },
    Comment {
        kind: CommentKind,
        text: Span,
        span: Span,
        line_start: bool,
    },
    Tag {
        name: Span,
        raw_value: Span,
        span: Span,
        name_span: Span,
        value_span: Span,
        line_start: bool,
        data: Span,
    },
    Invalid(TapeToken),
}

/// Where `part`, a slice of `text`, stands in it.
fn place(text: &str, part: &str) -> Span {
    let start = (part.as_ptr() as usize).wrapping_sub(text.as_ptr() as usize);
    if start <= text.len() && part.len() <= text.len() - start {
        Span::new(start, start + part.len())
    } else {
        Span::at(0)
    }
}

fn slice(text: &str, span: Span) -> &str {
    text.get(span.range()).unwrap_or("")
}

impl TapeToken {
    fn of(text: &str, token: &Token<'_>) -> TapeToken {
        TapeToken {
            kind: token.kind,
            text: place(text, token.text),
            span: token.span,
            line_start: token.line_start,
        }
    }

    fn token<'a>(&self, text: &'a str) -> Token<'a> {
        Token { kind: self.kind, text: slice(text, self.text), span: self.span, line_start: self.line_start }
    }
}

impl Tape {
    /// The tape of `game`, whose every text borrows `text`.
    pub(crate) fn new(text: &str, game: &Tokens<'_>, long_lines: Vec<Span>) -> Tape {
        let data_len = game.items.iter().map(|i| if let Item::Tag(t) = i { t.data.len() } else { 0 }).sum();
        let mut data = Vec::with_capacity(data_len);
        let items = game
            .items
            .iter()
            .map(|item| match item {
                Item::Line(l) => TapeItem::Line { kind: l.kind, text: place(text, l.text), span: l.span },
                Item::Comment(c) => TapeItem::Comment {
                    kind: c.kind,
                    text: place(text, c.text),
                    span: c.span,
                    line_start: c.line_start,
                },
                Item::Tag(t) => {
                    let start = data.len();
                    data.extend(t.data.iter().map(|token| TapeToken::of(text, token)));
                    TapeItem::Tag {
                        name: place(text, t.name),
                        raw_value: place(text, t.raw_value),
                        span: t.span,
                        name_span: t.name_span,
                        value_span: t.value_span,
                        line_start: t.line_start,
                        data: Span::new(start, data.len()),
                    }
                }
                Item::Invalid(token) => TapeItem::Invalid(TapeToken::of(text, token)),
            })
            .collect();
        Tape { span: game.span, items, data, long_lines }
    }

    /// The token tree again, borrowing `text` (the text the tape was made from).
    pub(crate) fn game<'a>(&self, text: &'a str) -> Tokens<'a> {
        let items = self
            .items
            .iter()
            .map(|item| match *item {
                TapeItem::Line { kind, text: t, span } => {
                    Item::Line(Line { kind, text: slice(text, t), span })
                }
                TapeItem::Comment { kind, text: t, span, line_start } => {
                    Item::Comment(Comment { kind, text: slice(text, t), span, line_start })
                }
                TapeItem::Tag { name, raw_value, span, name_span, value_span, line_start, data } => {
                    let tokens = self.data.get(data.range()).unwrap_or(&[]);
                    Item::Tag(Tag {
                        name: slice(text, name),
                        raw_value: slice(text, raw_value),
                        span,
                        name_span,
                        value_span,
                        line_start,
                        data: tokens.iter().map(|t| t.token(text)).collect(),
                    })
                }
                TapeItem::Invalid(token) => Item::Invalid(token.token(text)),
            })
            .collect();
        Tokens { span: self.span, items }
    }

    /// The lines longer than 253 bytes (spans in the game's text).
    pub(crate) fn long_lines(&self) -> &[Span] {
        &self.long_lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The token tree comes back as the tokenizer gave it, every kind of item included.
    #[test]
    fn gives_the_tokens_back() {
        let text = "% PBN 2.1\n{ head }\n; line\n[Board \"1\"] ; after\n[Auction \"N\"]\n1NT Pass { c } \"s\"\n%x\n<PBN>\n]\n";
        for raw in crate::parse::Splitter::new(text) {
            let tape = Tape::new(text, &raw.game, raw.long_lines.clone());
            assert_eq!(tape.game(text), raw.game);
            assert_eq!(tape.long_lines(), raw.long_lines.as_slice());
        }
    }
}
