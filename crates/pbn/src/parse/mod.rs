//! Decoding, the byte-level tokenizer and game splitter, and the readers of typed tag values and
//! sections (Auction, Play, tables).
//!
//! The tokenizer works on the bytes of the decoded text: every delimiter PBN knows is ASCII, so
//! spans always fall on character boundaries. Tokens are spans into the source; nothing is copied
//! or allocated per token.
//!
//! The modules in reading order: `lex` (bytes, strings, tag pairs) under `game` (a game's tokens);
//! the values of single tags (`values`, `deal`); the sections, whose words `pieces` cuts and
//! `section` reads into the entries of `auction` and `play`; `table`.

mod auction;
mod deal;
mod game;
mod lex;
mod pieces;
mod play;
mod section;
mod table;
mod values;

pub use auction::read_auction;
pub(crate) use auction::{NOTRUMP_HELP, notrump_message};
/// Bytes to text: UTF-8 (a byte order mark dropped), else ISO-8859-1; the one decoder every
/// notation shares.
pub use cards_core::charset::{Decoded, decode};
pub use deal::deal_has_empty_slot;
pub(crate) use deal::parse_deal_and_slots;
pub use game::{RawGame, Splitter};
pub(crate) use lex::any_byte;
pub use play::read_play;
pub use section::{NoteRef, note_refs};
pub use table::read_table;
pub use values::{is_decimal, is_integer, parse_int, parse_result, parse_seat, parse_side_score};

#[cfg(test)]
mod tests {
    use cards_core::{Compass, Span};

    use super::deal::parse_deal;
    use super::table::read_columns;
    use super::*;
    use crate::model::{Annotation, Item};

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
