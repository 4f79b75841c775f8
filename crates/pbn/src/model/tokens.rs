//! The token-level game: zero-copy spans into the decoded source, in source order (tags with their
//! section data, comments, `%` lines, text that is not PBN).

use std::borrow::Cow;

use cards_core::Span;

/// The tokens of one game ([`crate::Game::tokens`]): everything between two semi-empty lines,
/// in source order, borrowing the game's text.
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Tokens<'a> {
    /// The bytes of the game in the source.
    pub span: Span,
    /// Escape lines, comments and tag pairs (with their section data), in source order.
    pub items: Vec<Item<'a>>,
}

/// A top-level element of a game.
#[cfg_attr(feature = "serde", derive(serde::Serialize), serde(untagged))]
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Item<'a> {
    /// A `%` line (escape), or a `<PBN>` / `</PBN>` embedding delimiter.
    Line(Line<'a>),
    /// A comment outside any section data (before the first tag, or between tags).
    Comment(Comment<'a>),
    /// A tag pair and the section data that follows it up to the next tag.
    Tag(Tag<'a>),
    /// Text before the first tag that could not be read (kind [`TokenKind::Invalid`]); already reported.
    Invalid(Token<'a>),
}

/// What kind of special line.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LineKind {
    /// A `%` escape line.
    Escape,
    /// `<PBN>` or `</PBN>`.
    Delimiter,
}

/// A `%` escape line or an embedding delimiter, text without the line end.
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line<'a> {
    /// Escape or delimiter.
    #[cfg_attr(feature = "serde", serde(skip))]
    pub kind: LineKind,
    /// The whole line without its end (`% PBN 2.1`).
    #[cfg_attr(feature = "serde", serde(rename = "line"))]
    pub text: &'a str,
    /// Where it stood.
    #[cfg_attr(feature = "serde", serde(skip))]
    pub span: Span,
}

impl Line<'_> {
    /// The version given by a `% PBN x.y` line (a version starts with a digit).
    #[must_use]
    pub fn pbn_version(&self) -> Option<&str> {
        let rest = self.text.strip_prefix('%')?.trim_start();
        let version = rest.strip_prefix("PBN")?.trim();
        // `% PBN (c) 2024 rpbridge.net` is a copyright line, not a version (and is kept as written).
        version.starts_with(|c: char| c.is_ascii_digit()).then_some(version)
    }

    /// Whether this is a `% EXPORT` line.
    #[must_use]
    pub fn is_export(&self) -> bool {
        self.text.strip_prefix('%').is_some_and(|r| r.trim() == "EXPORT")
    }
}

/// The kind of a comment.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CommentKind {
    /// `{ ... }`, may span lines.
    #[cfg_attr(feature = "serde", serde(rename = "brace_comment"))]
    Brace,
    /// `; ...` to the end of the line.
    #[cfg_attr(feature = "serde", serde(rename = "line_comment"))]
    Line,
}

/// A comment, kept where it stood.
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Comment<'a> {
    /// Brace or rest-of-line.
    pub kind: CommentKind,
    /// The text between the delimiters (`{` `}` or `;` and the line end).
    pub text: &'a str,
    /// Where it stood, delimiters included.
    #[cfg_attr(feature = "serde", serde(skip))]
    pub span: Span,
    /// Whether it was the first thing on its line.
    pub line_start: bool,
}

/// A tag pair with the section data that follows it.
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tag<'a> {
    /// The tag name (`Deal`).
    #[cfg_attr(feature = "serde", serde(rename = "tag"))]
    pub name: &'a str,
    /// The value as written between the quotes (escapes `\"` `\\` not yet resolved).
    #[cfg_attr(feature = "serde", serde(rename = "value", serialize_with = "serialize_unescaped"))]
    pub raw_value: &'a str,
    /// The whole tag pair `[Name "value"]`.
    #[cfg_attr(feature = "serde", serde(skip))]
    pub span: Span,
    /// The name.
    #[cfg_attr(feature = "serde", serde(skip))]
    pub name_span: Span,
    /// The value between the quotes.
    #[cfg_attr(feature = "serde", serde(skip))]
    pub value_span: Span,
    /// Whether the tag pair was the first thing on its line.
    #[cfg_attr(feature = "serde", serde(skip))]
    pub line_start: bool,
    /// Tokens after the tag up to the next tag or the end of the game (auction calls, played cards,
    /// table elements, comments).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Vec::is_empty"))]
    pub data: Vec<Token<'a>>,
}

impl<'a> Tag<'a> {
    /// The value with `\"` and `\\` resolved (borrowed when there is nothing to resolve).
    #[must_use]
    pub fn value(&self) -> Cow<'a, str> {
        unescape(self.raw_value)
    }
}

/// Serializes a raw tag value as its resolved value (the JSON form holds the value, not the escapes).
#[cfg(feature = "serde")]
fn serialize_unescaped<S: serde::Serializer>(raw: &&str, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(&unescape(raw))
}

/// Resolves `\"` and `\\` in a string token's text.
#[must_use]
pub fn unescape(raw: &str) -> Cow<'_, str> {
    if !raw.as_bytes().contains(&b'\\') {
        return Cow::Borrowed(raw);
    }
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some(n @ ('"' | '\\')) => out.push(n),
                Some(n) => {
                    out.push('\\');
                    out.push(n);
                }
                None => out.push('\\'),
            }
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// Escapes `"` and `\` for a string token. A backslash that cannot be read as an escape (`\2R`
/// in table headers) is left alone, as real files write it; [`unescape`] reads it back unchanged.
#[must_use]
pub fn escape(value: &str) -> Cow<'_, str> {
    if !value.contains(['"', '\\']) {
        return Cow::Borrowed(value);
    }
    let mut out = String::with_capacity(value.len() + 2);
    let mut chars = value.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' if matches!(chars.peek(), None | Some('"' | '\\')) => out.push_str("\\\\"),
            _ => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// The kind of a section-data token.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TokenKind {
    /// A run of printing characters other than `[ ] { } ; "` (calls, cards, suffixes, notes, NAGs,
    /// `*`, `+`, irregularities and table elements; split further by the section readers).
    Word,
    /// A string token; `text` is between the quotes, escapes unresolved.
    #[cfg_attr(feature = "serde", serde(rename = "string"))]
    Str,
    /// A `{...}` comment; `text` is the inside.
    BraceComment,
    /// A `;...` comment; `text` is the rest of the line.
    LineComment,
    /// A `%` escape line inside section data (`text` is the whole line); comes at a line start.
    Escape,
    /// A `<PBN>` or `</PBN>` line inside section data (`text` is the line, trimmed).
    Delimiter,
    /// Text that could not be read (a broken tag pair, a stray `]`); already reported, kept so the
    /// import writer reproduces the input.
    Invalid,
}

/// A section-data token.
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token<'a> {
    /// What it is.
    pub kind: TokenKind,
    /// Its text (see [`TokenKind`]).
    pub text: &'a str,
    /// Where it stood (quotes and braces included).
    #[cfg_attr(feature = "serde", serde(skip))]
    pub span: Span,
    /// Whether it was the first token on its line.
    pub line_start: bool,
}
