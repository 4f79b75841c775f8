//! The Play section: cards and the play's irregularity marks.

use cards_core::{Card, Compass, DiagnosticSink};

use super::section::{ItemPiece, Read, SectionRules, read_section};
use crate::codes;
use crate::model::{Play, PlayItem, Tag};
use crate::text as card_text;

/// The messages and codes of the Play section.
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
