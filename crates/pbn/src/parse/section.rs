//! What the Auction and Play sections share: their words cut into pieces, the pieces read into
//! entries with their annotations, in `read_section`; the Auction's and the Play's readers say
//! what each piece means.

use cards_core::{Diagnostic, DiagnosticSink, Span};

use super::pieces::{Piece, Pieces};
use crate::codes;
use crate::model::{Annotation, AuctionEntry, AuctionItem, PlayEntry, PlayItem, Tag, TokenKind};

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
pub(super) trait SectionEntry: Sized {
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
pub(super) enum ItemPiece<'a> {
    Symbol(&'a str),
    Irregular(u8),
    Continue,
    /// `____`: a blank for a student to fill in.
    Blank,
}

/// What a section makes of an [`ItemPiece`].
pub(super) enum Read<I> {
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
pub(super) enum Role {
    /// Read piece by piece.
    Normal,
    /// Part of free text, reported once for the whole run.
    Skip,
    /// `all` of `all pass`: read as `AP` (the `pass` after it is skipped).
    AllPass,
}

/// The messages and codes where the Auction and the Play sections differ.
pub(super) struct SectionRules {
    /// Annotations follow cards (suffixes are NAGs 7 to 12), not calls.
    pub(super) for_cards: bool,
    /// Code of a token that is not allowed.
    pub(super) bad: &'static str,
    /// Code of text after `*`.
    pub(super) after_star: &'static str,
    pub(super) string: &'static str,
    pub(super) text_after_star: &'static str,
    pub(super) blank: &'static str,
    pub(super) blank_help: &'static str,
    pub(super) bad_text: &'static str,
    /// An irregularity mark at the end.
    pub(super) dangling: &'static str,
}

/// Reads the entries of an Auction or Play section: `read` turns a piece into an entry, given the
/// pending irregularity mark. Returns the entries and whether `*` ended them; reports the problems.
pub(super) fn read_section<E: SectionEntry>(
    tag: &Tag<'_>,
    roles: &[Role],
    rules: &SectionRules,
    diags: &mut dyn DiagnosticSink,
    mut read: impl FnMut(ItemPiece<'_>, Option<u8>) -> Read<E::Item>,
) -> (Vec<E>, bool) {
    let mut section = Section { entries: Vec::with_capacity(tag.data.len()), star: false, pending: None };
    for (index, token) in tag.data.iter().enumerate() {
        match roles.get(index).copied().unwrap_or(Role::Normal) {
            Role::Normal => {}
            Role::Skip => continue,
            Role::AllPass => {
                let span = tag.data.get(index + 1).map_or(token.span, |next| token.span.join(next.span));
                if let Read::Item(item) = read(ItemPiece::Symbol("AP"), None) {
                    section.entries.push(E::new(item, span));
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
            if let Some(item_piece) = section.item_piece(piece, span, rules, diags) {
                let result = read(item_piece, section.pending.map(|(k, _)| k));
                section.push(result, item_piece, span, rules, diags);
            }
        }
    }
    if let Some((_, span)) = section.pending {
        diags.report(Diagnostic::error(rules.bad, rules.dangling, span));
    }
    (section.entries, section.star)
}

/// A section being read: its entries so far, whether `*` has ended it, and the irregularity mark
/// waiting for the next entry.
struct Section<E> {
    entries: Vec<E>,
    star: bool,
    pending: Option<(u8, Span)>,
}

impl<E: SectionEntry> Section<E> {
    /// The piece that makes an entry, or `None` when the piece is read here: an annotation of the
    /// last entry, `*`, a problem (reported; a blank `____` is reported and makes an entry).
    fn item_piece<'a>(
        &mut self,
        piece: Piece<'a>,
        span: Span,
        rules: &SectionRules,
        diags: &mut dyn DiagnosticSink,
    ) -> Option<ItemPiece<'a>> {
        if self.star {
            diags.report(Diagnostic::error(rules.after_star, rules.text_after_star, span));
            return None;
        }
        match piece {
            Piece::Symbol(sym) => Some(ItemPiece::Symbol(sym)),
            Piece::Irregular(k) => Some(ItemPiece::Irregular(k)),
            Piece::Plus => Some(ItemPiece::Continue),
            Piece::Blank => {
                diags.report(
                    Diagnostic::warning(codes::AUCTION_BLANK, rules.blank, span).with_help(rules.blank_help),
                );
                Some(ItemPiece::Blank)
            }
            Piece::Star => {
                self.star = true;
                None
            }
            Piece::Bad(text) => {
                diags.report(Diagnostic::error(rules.bad, format!("`{text}` {}", rules.bad_text), span));
                None
            }
            Piece::Suffix(_) | Piece::Note(_) | Piece::Nag(_) => {
                let ann = self.entries.last_mut().map(E::annotation);
                annotate(piece, span, ann, rules.for_cards, diags, rules.bad);
                None
            }
        }
    }

    /// Takes what the section made of `piece` at `span`: an entry (its span joined with a pending
    /// mark's), a mark to keep, or a problem to report.
    fn push(
        &mut self,
        result: Read<E::Item>,
        piece: ItemPiece<'_>,
        span: Span,
        rules: &SectionRules,
        diags: &mut dyn DiagnosticSink,
    ) {
        match result {
            Read::Item(item) => {
                let span = match self.pending.take() {
                    Some((_, s)) => s.join(span),
                    None => span,
                };
                self.entries.push(E::new(item, span));
            }
            Read::Pending => {
                if let ItemPiece::Irregular(k) = piece {
                    self.pending = Some((k, span));
                }
            }
            Read::Bad(message) => diags.report(Diagnostic::error(rules.bad, message, span)),
            Read::Convention(item, code, message, help) => {
                diags.report(Diagnostic::warning(code, message, span).with_help(help));
                self.entries.push(E::new(item, span));
            }
            Read::Unreadable(item, message) => {
                self.pending = None;
                diags.report(Diagnostic::error(rules.bad, message, span));
                self.entries.push(E::new(item, span));
            }
        }
    }
}

/// Note references in auction or play entries.
pub fn note_refs<'e>(anns: impl Iterator<Item = (&'e Annotation, Span)>) -> Vec<NoteRef> {
    anns.filter_map(|(a, span)| a.note.map(|index| NoteRef { index, span })).collect()
}
