//! LIN -> PBN.

use std::fmt::Write as _;

use bridge_core::{Contract, trick_winner};
use cards_core::{Card, Compass};
use lin::check::Outcome;
use lin::model::{Board, MatchHeader, Room};

use crate::Converted;

/// Converts LIN bytes (UTF-8 or Latin-1) to PBN text (export format, one game per board, `\r\n`),
/// every board, errors or not (the source's diagnostics come with it).
#[must_use]
pub fn lin_to_pbn(lin_bytes: &[u8]) -> Converted {
    convert(lin_bytes, false)
}

/// Converts LIN bytes to PBN text as [`lin_to_pbn`] does, leaving out each board whose LIN has
/// errors ([`Converted::left_out`] counts them; their errors are among the diagnostics), so that
/// one bad board of an event does not cost the others.
#[must_use]
pub fn lin_to_pbn_leaving_out_bad_boards(lin_bytes: &[u8]) -> Converted {
    convert(lin_bytes, true)
}

fn convert(lin_bytes: &[u8], leave_out_bad_boards: bool) -> Converted {
    let mut text = String::from("% PBN 2.1\r\n% EXPORT\r\n");
    let mut diagnostics = Vec::new();
    let mut header: Option<(MatchHeader, String)> = None;
    let mut header_written = true;
    let mut boards = 0;
    let mut left_out = 0;
    let mut games = 0;
    let options = lin::Options::default();
    // Reading from memory cannot fail.
    for mut record in lin::Reader::from_slice(lin_bytes, options).map_while(Result::ok) {
        lin::check(&mut record, &options);
        diagnostics.extend(record.diagnostics.iter().cloned());
        match &record.model.content {
            lin::Content::Header(h) => {
                if !header_written {
                    flush_header_alone(&mut text, header.as_ref());
                    games += 1;
                }
                header = Some((h.as_ref().clone(), items_text(&record)));
                header_written = false;
            }
            lin::Content::Board(board) => {
                if record.model.items.is_empty() {
                    continue;
                }
                if leave_out_bad_boards && record.has_errors() {
                    left_out += 1;
                    continue;
                }
                text.push_str("\r\n");
                let carried = (!header_written).then(|| header.as_ref().map(|h| h.1.as_str())).flatten();
                write_game(&mut text, board, header.as_ref().map(|h| &h.0), carried);
                left_out_of_pbn(board, &mut diagnostics);
                header_written = true;
                boards += 1;
                games += 1;
            }
            lin::Content::Trailer(_) => {
                // The trailer goes with the game before it (a game of its own when there is none),
                // as a supplemental section after that game's play.
                if !header_written {
                    flush_header_alone(&mut text, header.as_ref());
                    header_written = true;
                    games += 1;
                }
                if games == 0 {
                    text.push_str("\r\n");
                    games += 1;
                }
                section(&mut text, "LinTrailer", &items_text(&record));
            }
        }
    }
    if !header_written {
        flush_header_alone(&mut text, header.as_ref());
    }
    // The export format allows lines of 255 characters with the line end: a file with a longer
    // line (a tag PBN gives no other form, such as a long Note) is not marked export.
    if text.split("\r\n").any(|line| line.chars().count() + 2 > 255) {
        text = text.replacen("% EXPORT\r\n", "", 1);
    }
    Converted { text, diagnostics, boards, left_out }
}

/// What the PBN of a board has no place for, said as a warning (spans in the LIN): calls on a
/// board with no dealer (PBN's `Auction` begins with the dealer's seat).
fn left_out_of_pbn(board: &Board, diagnostics: &mut Vec<cards_core::Diagnostic>) {
    if board.dealer.is_none()
        && let (Some(first), Some(last)) = (board.auction.first(), board.auction.last())
    {
        let calls = board.auction.len();
        diagnostics.push(
            cards_core::Diagnostic::warning(
                crate::codes::CONVERT_AUCTION_WITHOUT_DEALER,
                format!(
                    "{calls} call{} on a board with no dealer: left out of the PBN, whose auction \
                     begins with the dealer's seat",
                    if calls == 1 { "" } else { "s" }
                ),
                first.span.join(last.span),
            )
            .with_help("`md` names the dealer with its first digit: 1 South, 2 West, 3 North, 4 East"),
        );
    }
}

/// A record's items without the line breaks between them (a PBN tag is one line).
fn items_text(record: &lin::Record) -> String {
    record.model.items.iter().map(|i| format!("{}|{}|", i.tag, i.value)).collect()
}

/// A header with no board after it (a match file before its first board) becomes a game of its own.
fn flush_header_alone(text: &mut String, header: Option<&(MatchHeader, String)>) {
    let Some((header, raw)) = header else { return };
    text.push_str("\r\n");
    tag(text, "Event", &header.title);
    match_tags(text, header);
    let mut long = Vec::new();
    private_tag(text, "LinHeader", raw, &mut long);
    for (name, value) in long {
        section(text, name, &value);
    }
}

/// A PBN tag; a line break inside a LIN value (possible in commentary) becomes a blank, as a tag
/// is one line.
fn tag(text: &mut String, name: &str, value: &str) {
    let value = value.replace(['\r', '\n'], " ");
    let _ = write!(text, "[{name} \"{}\"]\r\n", pbn::model::escape(&value));
}

/// The longest line of PBN's export format, its line end included.
const MAX_LINE: usize = 255;

/// A private tag (`LinHeader`, `LinExtras`): a tag pair when its line fits the export format's
/// 255 characters; else kept in `long` for [`section`] after the play.
fn private_tag(text: &mut String, name: &'static str, value: &str, long: &mut Vec<(&'static str, String)>) {
    let value = value.replace(['\r', '\n'], " ");
    let escaped = pbn::model::escape(&value);
    if name.len() + escaped.chars().count() + 7 <= MAX_LINE {
        let _ = write!(text, "[{name} \"{escaped}\"]\r\n");
    } else {
        long.push((name, value));
    }
}

/// A value too long for one line, as PBN gives it room (PBN 2.1 §5.1: "the section data are so
/// large that they don't fit in a tag value"): a supplemental section, the tag pair with an empty
/// value followed by string tokens, one per line, whose texts joined are the value. A string is
/// cut between characters, never inside an escape.
fn section(text: &mut String, name: &str, value: &str) {
    let value = value.replace(['\r', '\n'], " ");
    let _ = write!(text, "[{name} \"\"]\r\n");
    // Two quotes and the line end leave 251 characters; an escape takes two.
    let room = MAX_LINE - 4;
    let mut line = String::new();
    let mut len = 0;
    for ch in value.chars() {
        let piece = match ch {
            '"' => "\\\"".to_owned(),
            '\\' => "\\\\".to_owned(),
            other => other.to_string(),
        };
        let n = piece.chars().count();
        if len + n > room {
            let _ = write!(text, "\"{line}\"\r\n");
            line.clear();
            len = 0;
        }
        line.push_str(&piece);
        len += n;
    }
    if !line.is_empty() || value.is_empty() {
        let _ = write!(text, "\"{line}\"\r\n");
    }
}

fn match_tags(text: &mut String, header: &MatchHeader) {
    if !header.segment.is_empty() {
        tag(text, "Round", &header.segment);
    }
    tag(text, "HomeTeam", &header.teams[0].0);
    tag(text, "VisitTeam", &header.teams[1].0);
}

fn scoring(header: Option<&MatchHeader>) -> &'static str {
    match header.map(|h| h.scoring.as_str()) {
        Some("I") => "IMP",
        Some("P") => "MP",
        Some("B") => "BAM",
        _ => "",
    }
}

/// `Event - Date` as Bridge Composer writes `mn`.
fn event_and_date(board: &Board, header: Option<&MatchHeader>) -> (String, String) {
    match &board.event {
        Some(mn) => match mn.rsplit_once(" - ") {
            Some((event, date)) if is_pbn_date(date) => (event.to_owned(), date.to_owned()),
            _ => (mn.clone(), String::new()),
        },
        None => (header.map(|h| h.title.clone()).unwrap_or_default(), String::new()),
    }
}

fn is_pbn_date(text: &str) -> bool {
    let b = text.as_bytes();
    b.len() == 10 && b[4] == b'.' && b[7] == b'.' && text.bytes().filter(u8::is_ascii_digit).count() == 8
}

/// The items PBN has no tag for, with their places; `qx`, `ah` and `mn` when they differ from what
/// the PBN tags give back.
pub(crate) fn lin_extras(board: &Board, event: &str, date: &str, in_match: bool) -> String {
    let mut out = String::new();
    let mut plain = Board { extras: Vec::new(), ..board.clone() };
    crate::from_pbn::regenerate_soft_fields(&mut plain, event, date, in_match);
    for (tag, original, regenerated) in
        [("qx", &board.qx, &plain.qx), ("ah", &board.title, &plain.title), ("mn", &board.event, &plain.event)]
    {
        if original != regenerated {
            match original {
                Some(value) => write!(out, "={}|{value}|", extras_tag(tag, value)),
                None => write!(out, "-{tag}||"),
            }
            .unwrap_or_default();
        }
    }
    // PBN's play holds cards only: from the first `pc` that is not a card (a movie's `pc|h|`) on,
    // the items are kept as they are, in place among the other extras.
    let valid = board.play.iter().take_while(|c| c.card.is_some()).count();
    // PBN's `Result` is declarer's tricks in a contract, and after a play of all 52 cards the
    // play's own: a claim on a board that reaches no contract, or after the last card, is kept
    // here (FINDINGS F40).
    if let Some(claim) = &board.claim_text
        && (valid >= 52 || !matches!(lin::check::outcome(board), Outcome::Contract { .. }))
    {
        let _ = write!(out, "={}|{claim}|", extras_tag("mc", claim));
    }
    let mut items: Vec<(usize, u8, &str, &str)> =
        board.extras.iter().map(|e| (e.after, 0, e.tag.as_str(), e.value.as_str())).collect();
    let first_card = board.auction.len();
    items.extend(
        board.play[valid..]
            .iter()
            .enumerate()
            .map(|(k, c)| (first_card + valid + k, 1, "pc", c.text.as_str())),
    );
    items.sort_by_key(|&(after, pc, _, _)| (after, pc));
    for (after, _, tag, value) in items {
        let _ = write!(out, "{after}:{}|{value}|", extras_tag(tag, value));
    }
    out
}

/// A `[LinExtras]` item's tag: `tag`, or `tag/N` when the value holds `|` (a LIN value may: the
/// reader keeps an item that is no tag in the value before it), N being the value's length in
/// characters, so that it is read back whole whatever it holds.
fn extras_tag(tag: &str, value: &str) -> String {
    if value.contains('|') { format!("{tag}/{}", value.chars().count()) } else { tag.to_owned() }
}

fn write_game(text: &mut String, board: &Board, header: Option<&MatchHeader>, carried_header: Option<&str>) {
    let (event, date) = event_and_date(board, header);
    tag(text, "Event", &event);
    tag(text, "Site", "");
    tag(text, "Date", &date);
    tag(text, "Board", &board.number.map(|n| n.to_string()).unwrap_or_default());
    if let Some(players) = &board.players {
        for (name, seat) in [
            ("West", Compass::West),
            ("North", Compass::North),
            ("East", Compass::East),
            ("South", Compass::South),
        ] {
            tag(text, name, &players[seat.index()]);
        }
    }
    tag(text, "Dealer", &board.dealer.map(|d| d.char().to_string()).unwrap_or_default());
    tag(text, "Vulnerable", board.vulnerability.map_or("", pbn::model::vulnerability_export));
    if let Some(deal) = &board.deal {
        let first = board.dealer.unwrap_or(Compass::North);
        let hands: Vec<String> = (0..4)
            .map(|i| {
                deal.hand(first.advance(i)).map_or_else(|| "-".to_owned(), |h| pbn::text::write_hand(Some(h)))
            })
            .collect();
        tag(text, "Deal", &format!("{}:{}", first.char(), hands.join(" ")));
    }
    tag(text, "Scoring", scoring(header));
    let outcome = lin::check::outcome(board);
    let (declarer, contract) = match outcome {
        Outcome::Contract { contract, declarer } => (declarer.char().to_string(), contract.to_string()),
        Outcome::PassedOut => (String::new(), "Pass".to_owned()),
        Outcome::Open => (String::new(), String::new()),
    };
    tag(text, "Declarer", &declarer);
    tag(text, "Contract", &contract);
    let result = match outcome {
        Outcome::Contract { contract, declarer } => {
            board.claim.or_else(|| tricks_of_full_play(board, contract, declarer))
        }
        _ => None,
    };
    tag(text, "Result", &result.map(|r| r.to_string()).unwrap_or_default());
    if let Some(room) = board.room {
        tag(text, "Room", if room == Room::Open { "Open" } else { "Closed" });
    }
    if let Some(header) = header {
        match_tags(text, header);
    }
    let mut long = Vec::new();
    if let Some(raw) = carried_header {
        private_tag(text, "LinHeader", raw, &mut long);
    }
    let extras = lin_extras(board, &event, &date, header.is_some());
    if !extras.is_empty() {
        private_tag(text, "LinExtras", &extras, &mut long);
    }
    write_auction(text, board);
    if let Outcome::Contract { contract, declarer } = outcome {
        write_play(text, board, contract, declarer);
    }
    // The export format puts supplemental sections after the play, sorted by tag name.
    long.sort_by_key(|&(name, _)| name);
    for (name, value) in long {
        section(text, name, &value);
    }
}

fn write_auction(text: &mut String, board: &Board) {
    let Some(dealer) = board.dealer.filter(|_| !board.auction.is_empty()) else { return };
    tag(text, "Auction", &dealer.char().to_string());
    let mut notes = Vec::new();
    for (i, call) in board.auction.iter().enumerate() {
        // PBN writes a call as bridge players do (`1NT`, `X`, `Pass`): the call's own text.
        let mut token = call.call.map_or_else(|| call.text.clone(), |c| c.to_string());
        if let Some(explanation) = &call.explanation {
            notes.push(explanation.clone());
            let _ = write!(token, " ={}=", notes.len());
        }
        if call.alert {
            token.push_str(" $1");
        }
        text.push_str(&token);
        text.push_str(if i % 4 == 3 || i + 1 == board.auction.len() { "\r\n" } else { " " });
    }
    for (i, note) in notes.iter().enumerate() {
        tag(text, "Note", &format!("{}:{note}", i + 1));
    }
}

/// The cards of the play (up to the first that is not a card) trick by trick, each card with the
/// seat that played it: the opening leader is declarer's left, then each trick's winner leads.
fn seated_tricks(board: &Board, contract: Contract, declarer: Compass) -> Vec<Vec<(Compass, Card)>> {
    let cards: Vec<Card> = board.play.iter().map_while(|c| c.card).collect();
    let mut leader = declarer.next();
    let mut tricks = Vec::with_capacity(13);
    for trick in cards.chunks(4) {
        let seated: Vec<(Compass, Card)> =
            trick.iter().enumerate().map(|(k, c)| (leader.advance(k), *c)).collect();
        if seated.len() == 4
            && let Some(winner) = trick_winner(&seated, contract.denomination.trump())
        {
            leader = winner;
        }
        tricks.push(seated);
    }
    tricks
}

/// The play in PBN's columns: one row per trick, in seat order from the opening leader.
fn write_play(text: &mut String, board: &Board, contract: Contract, declarer: Compass) {
    let tricks = seated_tricks(board, contract, declarer);
    if tricks.is_empty() {
        return;
    }
    let first = declarer.next();
    tag(text, "Play", &first.char().to_string());
    for trick in &tricks {
        let mut row = [None; 4];
        for &(seat, card) in trick {
            row[(seat.index() + 4 - first.index()) % 4] = Some(card);
        }
        let cells: Vec<String> =
            row.iter().map(|c| c.map_or_else(|| "-".to_owned(), lin::text::card_text)).collect();
        text.push_str(&cells.join(" "));
        text.push_str("\r\n");
    }
    if tricks.len() < 13 || tricks.last().is_some_and(|t| t.len() < 4) {
        text.push_str("*\r\n");
    }
}

/// Declarer's tricks when all 13 were played.
fn tricks_of_full_play(board: &Board, contract: Contract, declarer: Compass) -> Option<u8> {
    let tricks = seated_tricks(board, contract, declarer);
    if tricks.len() != 13 || tricks.iter().any(|t| t.len() != 4) {
        return None;
    }
    let won = tricks
        .iter()
        .filter_map(|t| trick_winner(t, contract.denomination.trump()))
        .filter(|w| w.is_north_south() == declarer.is_north_south())
        .count();
    u8::try_from(won).ok()
}

#[cfg(test)]
mod tests {
    use crate::codes;

    fn codes_of(lin: &str) -> Vec<&'static str> {
        crate::lin_to_pbn(lin.as_bytes()).diagnostics.iter().map(cards_core::Diagnostic::code).collect()
    }

    /// Calls on a board with no dealer have no place in PBN: the conversion says so instead of
    /// losing them silently (FINDINGS F29); a claim without a contract, which PBN's `Result`
    /// cannot hold, travels in `[LinExtras]` and comes back.
    #[test]
    fn what_pbn_has_no_place_for_is_said_or_kept() {
        let lin = "qx|o4|mb|1S|mb|p|";
        let converted = crate::lin_to_pbn(lin.as_bytes());
        assert!(!converted.text.contains("[Auction"), "{}", converted.text);
        let warning = &converted.diagnostics[0];
        assert_eq!(warning.code(), codes::CONVERT_AUCTION_WITHOUT_DEALER);
        assert!(!warning.is_error());
        assert_eq!(&lin[warning.span().range()], "mb|1S|mb|p|");
        // With a dealer and a contract nothing is left out.
        let played =
            "qx|o1|md|1SAKQJHAKQDAKQCAKQ,S2345H2345D2345C2,S6789H6789D6789C3,|mb|1S|mb|p|mb|p|mb|p|mc|9|";
        assert_eq!(codes_of(played), Vec::<&str>::new());
        // A claim on an auction not ended, and one repeated (the fuzz input `qx|o6|mc|3|mc|3`).
        for open in [
            "qx|o1|md|1SAKQJHAKQDAKQCAKQ,S2345H2345D2345C2,S6789H6789D6789C3,|mb|1S|mc|9|",
            "qx|o6|mc|3|mc|3",
        ] {
            let pbn = crate::lin_to_pbn(open.as_bytes());
            assert!(pbn.text.contains("=mc|"), "{}", pbn.text);
            let back = crate::pbn_to_lin(&pbn.text);
            let claims = |text: &str| -> Vec<Option<u8>> {
                lin::Reader::from_str(text, lin::Options::default())
                    .filter_map(|r| Some(r.ok()?.model.board()?.claim))
                    .collect()
            };
            assert_eq!(claims(open), claims(&back.text), "{}", back.text);
        }
    }

    /// A claim after all 52 cards were played (redundant, but LIN allows it): PBN's `Result` is
    /// then the play's, and a play of 52 cards reads back without a claim, so the claim travels
    /// in `[LinExtras]` (FINDINGS F40, `fuzz/regressions/lin_roundtrip/f40-claim-after-all-52-cards`).
    #[test]
    fn a_claim_after_all_52_cards_comes_back() {
        // Each hand holds one suit; South declares 1S, West leads, South ruffs and takes every trick.
        let ranks = "23456789TJQKA";
        let mut play = "pc|H2|pc|D2|pc|C2|pc|S2|".to_owned();
        for r in ranks.chars().skip(1) {
            play.push_str(&format!("pc|S{r}|pc|H{r}|pc|D{r}|pc|C{r}|"));
        }
        let lin = format!(
            "qx|o1|md|1SAKQJT98765432,HAKQJT98765432,DAKQJT98765432,CAKQJT98765432|sv|o|\
             mb|1S|mb|p|mb|p|mb|p|{play}mc|13|pg||\n"
        );
        let claims = |text: &str| -> Vec<(usize, Option<u8>)> {
            lin::Reader::from_str(text, lin::Options::default())
                .filter_map(|r| r.ok()?.model.board().map(|b| (b.play.len(), b.claim)))
                .collect()
        };
        assert_eq!(claims(&lin), [(52, Some(13))]);
        let pbn = crate::lin_to_pbn(lin.as_bytes());
        assert!(!pbn.has_errors(), "{:?}", pbn.diagnostics);
        let back = crate::pbn_to_lin(&pbn.text);
        assert_eq!(claims(&back.text), [(52, Some(13))], "{}\n{}", pbn.text, back.text);
    }
}
