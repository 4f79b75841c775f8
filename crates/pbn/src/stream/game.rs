//! One game read ([`Game`], [`Pbn`]'s model): its text, its resolved tags and its token tape,
//! owned, and the meaning checks run on it.

use std::borrow::Cow;
use std::ops::Range;

use cards_core::{DiagnosticSink, Span};

#[cfg(doc)]
use crate::Pbn;
use crate::tape::Tape;
use crate::validate::{Context, GameInfo, Options};

/// One game read, with its diagnostics and its span in the decoded input.
///
/// Diagnostic spans, [`cards_core::Record::span`] and the spans in [`Game::info`] are byte offsets
/// into the whole decoded input; [`Game::span`] and the spans of [`Game::tokens`] are offsets into
/// [`Game::text`], which starts at [`Game::offset`].
pub type Record = cards_core::Record<Game>;

/// One game ([`Pbn`]'s model): its text and everything read from it, owned.
#[derive(Debug, Clone)]
pub struct Game {
    /// The decoded text the game was read from (the game, the empty lines before it, and any other
    /// game of the same buffer when the file forgot an empty line between them).
    pub text: String,
    /// Where [`Game::text`] starts in the decoded input.
    pub offset: usize,
    /// The game's bytes in [`Game::text`].
    pub span: Span,
    /// Typed values and sections (spans in the input), filled in by [`crate::check`] (empty on a
    /// record read and not yet checked).
    pub info: GameInfo,
    /// Whether the file declared `% EXPORT` at or before this game.
    pub export: bool,
    /// Whether the text was read as ISO-8859-1 (bytes that are not UTF-8).
    pub latin1: bool,
    /// Whether the game holds at least one tag (a file header of `%` lines alone is not a game).
    pub is_game: bool,
    /// What the checks need from the games before this one (export mode, the board before).
    pub(super) context: Context,
    /// Tag names and values after inheritance, packed in one buffer (see [`Game::tags`]).
    pub(super) tag_text: String,
    pub(super) tags: Vec<PackedTag>,
    /// The tokens the reader found, kept so that the checks and writers do not split the text
    /// again.
    pub(super) tape: Tape,
}

/// A game serializes as one game of `cardnote convert --to json` ([`crate::summary::GameJson`]):
/// the check fields, then every item as written. A [`Record`] serializes as that game, its
/// diagnostics and its span.
#[cfg(feature = "serde")]
impl serde::Serialize for Game {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        crate::summary::GameJson::from(self).serialize(serializer)
    }
}

/// Two games are equal when all they say is: their tokens are the same, as they are read from
/// the same text.
impl PartialEq for Game {
    fn eq(&self, other: &Game) -> bool {
        let Game { text, offset, span, info, export, latin1, is_game, context, tag_text, tags, tape: _ } =
            self;
        *text == other.text
            && *offset == other.offset
            && *span == other.span
            && *info == other.info
            && *export == other.export
            && *latin1 == other.latin1
            && *is_game == other.is_game
            && *context == other.context
            && *tag_text == other.tag_text
            && *tags == other.tags
    }
}

impl Eq for Game {}

/// A resolved tag whose name and value live in [`Game::tag_text`]; spans in [`Game::text`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct PackedTag {
    pub(super) name: Range<usize>,
    pub(super) value: Range<usize>,
    pub(super) span: Option<Span>,
    pub(super) value_span: Span,
}

impl Game {
    /// The resolved value of a tag (`#` and `##` applied, escapes resolved).
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags().find(|&(n, _)| n == name).map(|(_, v)| v)
    }

    /// Every tag after inheritance, `(name, value)`, first occurrence of each name (every `Note`).
    pub fn tags(&self) -> impl Iterator<Item = (&str, &str)> {
        self.tags.iter().map(|t| self.packed(t))
    }

    fn packed(&self, tag: &PackedTag) -> (&str, &str) {
        (
            self.tag_text.get(tag.name.clone()).unwrap_or(""),
            self.tag_text.get(tag.value.clone()).unwrap_or(""),
        )
    }

    /// The game as the writers and the JSON form take it (tokens, resolved tags, typed values),
    /// every span an offset into [`Game::text`].
    pub(crate) fn view(&self) -> crate::validate::View<'_> {
        let mut info = self.info.clone();
        shift_sections(&mut info, |s| {
            Span::new(s.start.saturating_sub(self.offset), s.end.saturating_sub(self.offset))
        });
        crate::validate::View { game: self.tokens(), tags: self.resolved_tags(), info, export: self.export }
    }

    fn resolved_tags(&self) -> Vec<crate::validate::ResolvedTag<'_>> {
        self.tags
            .iter()
            .map(|t| {
                let (name, value) = self.packed(t);
                crate::validate::ResolvedTag {
                    name: Cow::Borrowed(name),
                    value: Cow::Borrowed(value),
                    span: t.span,
                    value_span: t.value_span,
                }
            })
            .collect()
    }

    /// The meaning checks of the game (see [`crate::check`]): returns what it says, typed (spans
    /// in the input), and reports the diagnostics they add (spans in the input, sorted, the
    /// producers' conventions made errors under `options.strict`). Needs nothing but the game.
    pub(super) fn checks(&self, options: &Options, sink: &mut dyn DiagnosticSink) -> GameInfo {
        let mut diagnostics = Vec::new();
        let tags = self.resolved_tags();
        let game = self.tokens();
        let mut info = crate::validate::check_game(
            &self.text,
            &game,
            &tags,
            self.tape.long_lines(),
            &self.context,
            &mut diagnostics,
        );
        crate::validate::finish_diagnostics(&self.text, self.offset, &mut diagnostics, *options);
        shift_sections(&mut info, |s| s.shift(self.offset));
        sink.report_all(diagnostics);
        info
    }

    /// Where the count lines of warnings repeated across a file go when this is its last game:
    /// the end of its last line (in the input).
    pub(super) fn end(&self) -> Span {
        crate::validate::end_of_last_line(&self.text, self.span).shift(self.offset)
    }

    /// The game's tokens (tags, section data, comments, `%` lines), spans in [`Game::text`]: the
    /// import-style writer ([`crate::write::write_import`]) takes them.
    #[must_use]
    pub fn tokens(&self) -> crate::model::Tokens<'_> {
        self.tape.game(&self.text)
    }
}

/// Moves the spans of the auction and play entries (between the buffer and the input).
fn shift_sections(info: &mut GameInfo, shift: impl Fn(Span) -> Span) {
    if let Some(auction) = &mut info.auction {
        for entry in &mut auction.entries {
            entry.span = shift(entry.span);
        }
    }
    if let Some(play) = &mut info.play {
        for entry in &mut play.entries {
            entry.span = shift(entry.span);
        }
    }
}

pub(super) fn push_range(buffer: &mut String, text: &str) -> Range<usize> {
    let start = buffer.len();
    buffer.push_str(text);
    start..buffer.len()
}
