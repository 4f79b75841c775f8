//! Reading and checking games: the typed values a game gives ([`GameInfo`]), and the checks, one
//! file each:
//!
//! - `info`: what a game says, typed, and the options;
//! - `known`: the tags looked up by name;
//! - `inheritance`: the sequential part of reading (export mode, `#`/`##`, the board before);
//! - `tags`: tag values and the deal;
//! - `sections`: auction, play, notes and tables of a game, and a match's other table;
//! - `auction`: the auction's replay and the contract it reaches;
//! - `play`: the play's replay, trick by trick;
//! - `scoring`: the duplicate score and the Score tags;
//! - `export`: line rules and the export format's rules;
//! - `repeats`: warnings repeated across a file, reported once.

use std::borrow::Cow;
use std::collections::HashMap;

use cards_core::{Card, CardSet, Compass, Diagnostic, DiagnosticSink, Span, Suit};

use crate::codes;
use crate::model::{
    Auction, AuctionItem, Call, Contract, Deal, GameResult, Item, NO_INHERIT_TAGS, Play, PlayItem, Table,
    Tag, TokenKind, Tokens, Vulnerability,
};
use crate::parse;

mod auction;
mod export;
mod info;
mod inheritance;
mod known;
mod play;
pub(crate) mod repeats;
mod scoring;
mod sections;
mod tags;

#[allow(clippy::wildcard_imports)]
use auction::*;
#[allow(clippy::wildcard_imports)]
use export::*;
pub use info::{Declarer, GameInfo, Options};
pub(crate) use info::{ResolvedTag, View};
#[allow(clippy::wildcard_imports)]
use inheritance::*;
pub(crate) use inheritance::{Carry, Context};
#[allow(clippy::wildcard_imports)]
use known::*;
#[allow(clippy::wildcard_imports)]
use play::*;
#[allow(clippy::wildcard_imports)]
use scoring::*;
#[allow(clippy::wildcard_imports)]
use sections::*;
pub(crate) use sections::{NoteScope, NoteSections};
#[allow(clippy::wildcard_imports)]
use tags::*;

fn err(code: &'static str, msg: impl Into<String>, span: Span) -> Diagnostic {
    Diagnostic::error(code, msg, span)
}

fn warn(code: &'static str, msg: impl Into<String>, span: Span) -> Diagnostic {
    Diagnostic::warning(code, msg, span)
}

/// The checks of one game that need nothing from the games before it but `context`: tag values,
/// deal, sections (auction, play, result, score), line rules and export rules. Diagnostics are
/// appended to `diags` with spans in `src`; returns what the game says, typed.
pub(crate) fn check_game<'a>(
    src: &str,
    game: &Tokens<'a>,
    tags: &[ResolvedTag<'a>],
    long_lines: &[Span],
    context: &Context,
    diags: &mut dyn DiagnosticSink,
) -> GameInfo {
    let lookup = Tags { list: tags, at: context.known };
    let mut info = GameInfo::default();
    check_tags(&lookup, &mut info, diags);
    check_board(game, &lookup, context.previous.as_ref(), &mut info, diags);
    for span in long_lines {
        long_line(src, 0, span.start, span.end, diags);
    }
    // Only the game `Carry::read` chose reports the bare line feed.
    let mut eol_reported = !context.report_eol;
    check_lines(src, game, context.export, &mut eol_reported, diags);
    if context.export {
        check_export(game, &lookup, &info, diags);
    }
    info
}

/// The last steps of a game's diagnostics: the producers' conventions made errors under
/// `strict`, spans widened to character boundaries of `src` and moved by `offset` (from `src`
/// into the input).
pub(crate) fn finish_diagnostics(src: &str, offset: usize, diagnostics: &mut [Diagnostic], options: Options) {
    if options.strict {
        cards_core::diagnostic::make_strict(diagnostics, codes::LENIENCIES);
    }
    // Spans computed from byte offsets inside values may cut a character of a Latin-1 file:
    // widen them to character boundaries.
    for d in diagnostics.iter_mut() {
        let mut start = d.span().start.min(src.len());
        while !src.is_char_boundary(start) {
            start -= 1;
        }
        let mut end = d.span().end.clamp(start, src.len());
        while !src.is_char_boundary(end) {
            end += 1;
        }
        d.set_span(Span::new(start + offset, end + offset));
    }
    diagnostics.sort_by_key(|d| (d.span().start, d.span().end));
}

/// Where the count lines of repeated warnings go: the end of the last line of `span` in `text`
/// (its line break left out).
pub(crate) fn end_of_last_line(text: &str, span: Span) -> Span {
    let b = text.as_bytes();
    let mut end = span.end.min(b.len());
    while end > span.start && matches!(b.get(end - 1), Some(b'\r' | b'\n')) {
        end -= 1;
    }
    Span::at(end)
}

#[cfg(test)]
mod tests;
