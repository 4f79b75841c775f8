//! PBN -> LIN.

use bridge_core::Call;
use cards_core::{Card, Compass};
use lin::model::{AuctionCall, Board, Deal, Extra, MatchHeader, PlayedCard, Room};
use pbn::model::{AuctionItem, PlayItem};

use crate::Converted;

/// `qx`, `ah` and `mn` as they follow from the PBN tags: `qx|o7|`/`qx|c7|` from Room and Board,
/// `ah|Board 7|`, and `mn|Event - Date|` (Bridge Composer's form) outside a team match.
pub(crate) fn soft_fields(
    room: Option<Room>,
    number: Option<u32>,
    event: &str,
    date: &str,
    in_match: bool,
) -> [Option<String>; 3] {
    let qx = number.map(|n| lin::model::qx_of(room, n));
    let ah = number.map(|n| format!("Board {n}"));
    let mn = match (event.is_empty(), date.is_empty()) {
        _ if in_match => None,
        (true, true) => None,
        (false, true) => Some(event.to_owned()),
        (_, false) => Some(format!("{event} - {date}")),
    };
    [qx, ah, mn]
}

/// Fills `qx`, `ah`, `mn` of a board read from LIN the way [`pbn_to_lin`] would from its PBN.
pub(crate) fn regenerate_soft_fields(board: &mut Board, event: &str, date: &str, in_match: bool) {
    let [qx, ah, mn] = soft_fields(board.room, board.number, event, date, in_match);
    board.qx = qx;
    board.title = ah;
    board.event = mn;
}

/// Converts PBN text to LIN: an optional `vg` header, then one line per game in BBO's layout.
#[must_use]
pub fn pbn_to_lin(pbn_text: &str) -> Converted {
    let mut diagnostics = Vec::new();
    let mut text = String::new();
    let mut boards = 0;
    let mut vg_written = false;
    let mut roster: Vec<String> = Vec::new();
    // Reading text in memory cannot fail.
    let records: Vec<pbn::Record> =
        cards_core::notation::read_checked::<pbn::Pbn, _>(pbn_text.as_bytes(), pbn::Options::default())
            .map_while(Result::ok)
            .collect();
    let games: Vec<&pbn::Record> = records.iter().filter(|r| r.model.is_game).collect();
    for record in &records {
        diagnostics.extend(record.diagnostics.iter().cloned());
    }
    for (i, record) in games.iter().enumerate() {
        let trailer = private_tag(record, "LinTrailer");
        if let Some(raw) = private_tag(record, "LinHeader") {
            text.push_str(&raw);
            text.push('\n');
            vg_written = true;
            roster = lin::Reader::from_str(&raw, lin::Options::default())
                .find_map(|r| r.ok()?.model.header().map(|h| h.players.clone()))
                .unwrap_or_default();
        } else if !vg_written
            && (record.model.tag("HomeTeam").is_some() || record.model.tag("VisitTeam").is_some())
        {
            text.push_str(&lin::write::header_text(&match_header(&games, i)));
            vg_written = true;
        }
        if is_board(record) {
            let in_match = vg_written;
            let mut board = board_of(record, in_match);
            // Names the header's roster already gives are not repeated on the board (unless the
            // board repeats `pn`: the first is then its own; or unless `pn` is what begins the
            // board: without `mn`, `qx` or a dealer's digit in `md`, the reader would take the
            // board into the one before it, FINDINGS F38).
            let repeats_pn = board.extras.iter().any(|e| e.tag.eq_ignore_ascii_case("pn"));
            let begins_without_pn = board.event.is_some() || board.qx.is_some() || board.dealer.is_some();
            if board.players.is_some()
                && !repeats_pn
                && begins_without_pn
                && board.players == lin::read::seat_names(&roster, board.room)
            {
                board.players = None;
            }
            // A board after another that nothing else begins gets a `pn`, of no names when it
            // has none (`pn|,,,|`).
            if !begins_without_pn && board.players.is_none() && boards > 0 {
                board.players = Some(Default::default());
            }
            text.push_str(&board_line(board));
            text.push('\n');
            boards += 1;
        }
        if let Some(trailer) = trailer {
            text.push_str(&trailer);
            text.push('\n');
        }
    }
    Converted { text, diagnostics, boards, left_out: 0 }
}

/// The board's LIN line ([`lin::write::board_text`]), with a repeated `pn` or `mn` (kept among
/// the extras) before the deal, where the reader found it: after the deal it would begin another
/// board, as `lin::Writer::write_canonical` knows (FINDINGS F27, F29). A repeated `md` stays at
/// its place after the deal (it names no dealer, or it would have begun a board), and so does a
/// repeated `qx` (it begins a board wherever it stands after the first).
fn board_line(mut board: Board) -> String {
    let (before_deal, rest): (Vec<Extra>, Vec<Extra>) = std::mem::take(&mut board.extras)
        .into_iter()
        .partition(|e| e.tag.eq_ignore_ascii_case("pn") || e.tag.eq_ignore_ascii_case("mn"));
    board.extras = rest;
    if before_deal.is_empty() {
        return lin::write::board_text(&board);
    }
    // `board_text` writes `mn`, `qx` and `pn` first, then the deal: the head, the repeats, then
    // the rest.
    let head = Board {
        event: board.event.take(),
        qx: board.qx.take(),
        players: board.players.take(),
        ..Board::default()
    };
    let mut line = lin::write::board_text(&head);
    for extra in &before_deal {
        line.push_str(&format!("{}|{}|", extra.tag, extra.value));
    }
    line.push_str(&lin::write::board_text(&board));
    line
}

/// A private tag's value (`LinHeader`, `LinExtras`, `LinTrailer`): the tag value, or, when it is
/// empty, its section data's string tokens joined (how a value too long for one line is written).
fn private_tag<'a>(record: &'a pbn::Record, name: &str) -> Option<std::borrow::Cow<'a, str>> {
    let value = record.model.tag(name)?;
    if !value.is_empty() {
        return Some(std::borrow::Cow::Borrowed(value));
    }
    let game = record.model.tokens();
    let tag = game.items.iter().find_map(|item| match item {
        pbn::model::Item::Tag(tag) if tag.name == name => Some(tag),
        _ => None,
    })?;
    let joined: String = tag
        .data
        .iter()
        .filter(|t| t.kind == pbn::model::TokenKind::Str)
        .map(|t| pbn::model::unescape(t.text))
        .collect();
    Some(std::borrow::Cow::Owned(joined))
}

/// Whether a game holds a board (a game made only of a carried LIN header does not): a deal, an
/// auction, a board number, or any other tag a board gives a value (a LIN board with neither deal
/// nor number still has its room, players, vulnerability, dealer or extras, such as a title or a
/// claim; extras too long for one line are a section under an empty tag, FINDINGS F37).
fn is_board(record: &pbn::Record) -> bool {
    const BOARD_TAGS: [&str; 11] = [
        "Board",
        "Room",
        "Dealer",
        "Vulnerable",
        "West",
        "North",
        "East",
        "South",
        "Declarer",
        "Contract",
        "Result",
    ];
    record.model.info.deal.is_some()
        || record.model.info.auction.is_some()
        || record.model.info.play.is_some()
        || BOARD_TAGS.iter().any(|t| record.model.tag(t).is_some_and(|v| !v.is_empty()))
        || private_tag(record, "LinExtras").is_some_and(|v| !v.is_empty())
}

fn match_header(games: &[&pbn::Record], from: usize) -> MatchHeader {
    let first = games[from];
    let numbers: Vec<&str> = games[from..].iter().filter_map(|g| g.model.tag("Board")).collect();
    let scoring = match first.model.tag("Scoring").unwrap_or_default() {
        s if s.starts_with("IMP") => "I",
        s if s.starts_with("MP") || s.starts_with("Matchpoint") => "P",
        s if s.starts_with("BAM") => "B",
        _ => "I",
    };
    MatchHeader {
        title: first.model.tag("Event").unwrap_or_default().to_owned(),
        segment: first.model.tag("Round").unwrap_or_default().to_owned(),
        scoring: scoring.to_owned(),
        first_board: numbers.first().copied().unwrap_or_default().to_owned(),
        last_board: numbers.last().copied().unwrap_or_default().to_owned(),
        teams: [
            (first.model.tag("HomeTeam").unwrap_or_default().to_owned(), "0".to_owned()),
            (first.model.tag("VisitTeam").unwrap_or_default().to_owned(), "0".to_owned()),
        ],
        results: Vec::new(),
        players: Vec::new(),
    }
}

fn board_of(record: &pbn::Record, in_match: bool) -> Board {
    let info = &record.model.info;
    let tag = |name: &str| record.model.tag(name).unwrap_or_default();
    let mut board = Board {
        room: match tag("Room") {
            "Open" | "open" => Some(Room::Open),
            "Closed" | "closed" => Some(Room::Closed),
            _ => None,
        },
        number: info.board.as_deref().and_then(|b| b.trim().parse().ok()),
        dealer: info.dealer,
        vulnerability: info.vulnerable,
        deal: info.deal.map(|d| Deal { hands: d.hands, completed: None }),
        ..Board::default()
    };
    let names = ["South", "West", "North", "East"].map(|n| record.model.tag(n));
    if names.iter().any(Option::is_some) {
        let mut players: [String; 4] = Default::default();
        for (name, seat) in names.iter().zip(crate::LIN_SEATS) {
            players[seat.index()] = name.unwrap_or_default().to_owned();
        }
        board.players = Some(players);
    }
    regenerate_soft_fields(&mut board, clean(tag("Event")), clean(tag("Date")), in_match);
    board.auction = auction(info);
    let declarer = info.declarer.map(|d| d.seat);
    board.play = play(info);
    // A claim is the result of a play cut short; a play of all 52 cards gives its own result.
    if board.play.len() < 52 {
        board.claim = info.result.as_ref().and_then(|r| r.declarer_tricks(declarer));
    }
    if let Some(extras) = private_tag(record, "LinExtras") {
        apply_extras(&mut board, &extras);
    }
    board
}

/// `?` is PBN's "unknown": LIN has nothing for it.
fn clean(value: &str) -> &str {
    if value == "?" { "" } else { value }
}

fn auction(info: &pbn::GameInfo) -> Vec<AuctionCall> {
    let Some(auction) = &info.auction else { return Vec::new() };
    let mut calls: Vec<AuctionCall> = Vec::new();
    let passes_needed = |calls: &[AuctionCall]| {
        let bid = calls.iter().rposition(|c| matches!(c.call, Some(Call::Bid { .. })));
        let after = bid.map_or(calls.len(), |b| calls.len() - b - 1);
        let trailing = calls.iter().rev().take_while(|c| c.call == Some(Call::Pass)).count().min(after);
        if bid.is_some() { 3usize.saturating_sub(trailing) } else { 4usize.saturating_sub(trailing) }
    };
    for entry in &auction.entries {
        let call = match entry.item {
            AuctionItem::Call { call, .. } => call,
            AuctionItem::AllPass => {
                for _ in 0..passes_needed(&calls) {
                    calls.push(lin_call(Call::Pass));
                }
                continue;
            }
            AuctionItem::Placeholder | AuctionItem::Skipped | AuctionItem::Continue => continue,
            // A quiz blank or an unreadable token holds a seat but no call LIN can write: the
            // auction stops before it, so every call written keeps its player (the PBN reader
            // has already reported the token).
            AuctionItem::Blank | AuctionItem::Unreadable => break,
        };
        let mut lin = lin_call(call);
        let a = &entry.annotation;
        // Bridge Composer reads a LIN alert as `$1` and writes `!` and `$1` back as alerts.
        lin.alert = a.suffix == Some(1) || a.nags.contains(&1);
        lin.explanation =
            a.note.and_then(|n| info.notes.iter().find(|(i, _)| *i == n)).map(|(_, t)| t.clone());
        calls.push(lin);
    }
    calls
}

fn lin_call(call: Call) -> AuctionCall {
    AuctionCall {
        call: Some(call),
        text: lin::model::call_text(call),
        alert: false,
        explanation: None,
        span: cards_core::Span::default(),
    }
}

/// PBN's play rows (seat columns from the opening leader) in the order the cards were played.
fn play(info: &pbn::GameInfo) -> Vec<PlayedCard> {
    let Some(play) = &info.play else { return Vec::new() };
    let trump = match info.contract {
        Some(pbn::model::Contract::Bid(contract)) => contract.denomination.trump(),
        _ => None,
    };
    let first = play.first;
    let mut leader = first;
    let mut out = Vec::new();
    for row in play.entries.chunks(4) {
        let mut trick: Vec<(Compass, Card)> = Vec::with_capacity(4);
        for k in 0..4 {
            let seat = leader.advance(k);
            let column = (seat.index() + 4 - first.index()) % 4;
            let Some(PlayItem::Card { card, .. }) = row.get(column).map(|e| e.item) else { continue };
            trick.push((seat, card));
        }
        out.extend(trick.iter().map(|&(_, card)| PlayedCard {
            card: Some(card),
            text: lin::text::card_text(card),
            span: cards_core::Span::default(),
        }));
        if trick.len() < 4 {
            break;
        }
        let Some(winner) = bridge_core::trick_winner(&trick, trump) else { break };
        leader = winner;
    }
    out
}

/// Applies `[LinExtras]`: `=tag|value|` sets a field PBN gives differently (`qx`, `ah`, `mn`, and
/// `mc` for a claim without a contract or after all 52 cards), `-tag||` clears it,
/// `n:tag|value|` is an item to put back after `n` calls and cards; a value holding `|` is
/// written with its length in characters after the tag (`=ah/12|Board 1|7t|x|`).
fn apply_extras(board: &mut Board, extras: &str) {
    let mut rest = extras;
    while let Some(first) = rest.chars().next() {
        let (place, body) = match first {
            '=' | '-' => (None, &rest[1..]),
            _ => match rest.split_once(':') {
                Some((n, body)) => match n.parse::<usize>() {
                    Ok(n) => (Some(n), body),
                    Err(_) => return,
                },
                None => return,
            },
        };
        let Some((tag, tail)) = body.split_once('|') else { return };
        // `tag/N`: a value of N characters that may hold `|`.
        let (tag, value, tail) = match tag.split_once('/').map(|(t, n)| (t, n.parse::<usize>())) {
            Some((tag, Ok(n))) => {
                let end = tail.char_indices().nth(n).map_or(tail.len(), |(at, _)| at);
                let Some(after) = tail[end..].strip_prefix('|') else { return };
                (tag, &tail[..end], after)
            }
            _ => {
                let Some((value, after)) = tail.split_once('|') else { return };
                (tag, value, after)
            }
        };
        match place {
            None => {
                let value = (first == '=').then(|| value.to_owned());
                match tag {
                    "qx" => board.qx = value,
                    "ah" => board.title = value,
                    "mn" => board.event = value,
                    // A claim PBN's `Result` cannot hold: on a board that reaches no contract,
                    // or after all 52 cards (the play gives the result).
                    "mc" => {
                        board.claim =
                            value.as_deref().and_then(|v| v.trim().parse().ok()).filter(|n| *n <= 13);
                        board.claim_text = value;
                    }
                    _ => {}
                }
            }
            Some(after) => board.extras.push(Extra { after, tag: tag.to_owned(), value: value.to_owned() }),
        }
        rest = tail;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A value holding `|` (an item that is no tag, read into the value before it) comes back
    /// whole, and text in it that reads like an item stays text (FINDINGS F29's third input).
    #[test]
    fn a_value_holding_a_pipe_comes_back_whole() {
        let lin = "qx|o1|md|3SAKQJHAKQDAKQCAKQ,S2345H2345D2345C2,S6789H6789D6789C3,|ah|Board 1|7t|x|\
            mb|p|nt|a|9:mc|13|pg||\n";
        let pbn = crate::lin_to_pbn(lin.as_bytes());
        assert!(pbn.text.contains("=ah/12|Board 1|7t|x|"), "{}", pbn.text);
        let back = crate::pbn_to_lin(&pbn.text);
        let (before, after) = (boards(lin), boards(&back.text));
        assert_eq!(after[0].title.as_deref(), Some("Board 1|7t|x"), "{}", back.text);
        assert_eq!((after[0].claim, &after[0].extras), (None, &before[0].extras), "{}", back.text);
        // Items as written before the length was given are read as they were.
        let mut board = Board::default();
        apply_extras(&mut board, "=ah|Board 7|1:nt|hi|");
        assert_eq!(board.title.as_deref(), Some("Board 7"));
        assert_eq!(board.extras.len(), 1);
    }

    /// A board with neither deal nor number (a title alone, a claim alone, players and
    /// vulnerability) comes back as a board: its PBN game carries no `Board` value, and the game's
    /// other values make it one.
    #[test]
    fn a_board_without_deal_or_number_comes_back() {
        let long_extras = format!("ah|{}|\n", "x".repeat(300));
        for lin in ["ah|Title|\n", "mc|7|\n", "pn|a,b,c,d|sv|o|\n", "qx|o|\n", &long_extras] {
            let pbn = crate::lin_to_pbn(lin.as_bytes());
            let back = crate::pbn_to_lin(&pbn.text);
            assert_eq!(back.boards, 1, "{lin}: {}", back.text);
            assert_eq!(boards(&back.text), boards(lin), "{lin}: {}", back.text);
        }
        // A game holding nothing but a carried match header is no board.
        assert_eq!(crate::pbn_to_lin("[Event \"Cup\"]\n[HomeTeam \"A\"]\n[VisitTeam \"B\"]\n").boards, 0);
    }

    fn boards(text: &str) -> Vec<Board> {
        lin::Reader::from_str(text, lin::Options::default())
            .filter_map(|r| r.ok()?.model.board().cloned())
            .filter(|b| *b != Board::default())
            .collect()
    }

    /// In a match whose header gives the players, a board with neither `qx` nor a dealer begins
    /// with its `pn` (the roster's names): without it the reader takes the board into the one
    /// before (FINDINGS F38).
    #[test]
    fn a_board_without_qx_or_dealer_keeps_the_pn_that_begins_it() {
        let lin = "vg|Cup,1,P,1,2,A,0,B,0|pn|Ann,Bob,Cy,Di|pg||\n\
            pn|Ann,Bob,Cy,Di|md|1SAKQJHAKQDAKQCAKQ,S2345H2345D2345C2,S6789H6789D6789C3,|sv|o|pg||\n\
            pn|Ann,Bob,Cy,Di|md|0SAKQJHAKQDAKQCAKQ,S2345H2345D2345C2,S6789H6789D6789C3,|sv|b|pg||\n";
        for lin in [lin.to_owned(), lin.replace("pn|Ann,Bob,Cy,Di|md|0", "pn|,,,|md|0")] {
            assert_eq!(boards(&lin).len(), 2);
            let pbn = crate::lin_to_pbn(lin.as_bytes());
            let back = crate::pbn_to_lin(&pbn.text);
            let after = boards(&back.text);
            assert_eq!(after.len(), 2, "{}", back.text);
            assert_eq!(
                (after[1].dealer, after[1].vulnerability),
                (None, Some(lin::model::Vulnerability::Both)),
                "{}",
                back.text
            );
        }
    }

    /// A board that repeats `pn` and `mn` before its deal (FINDINGS F29): the repeats go back
    /// before the deal, so the board keeps its calls and the next board keeps its own; the
    /// players stay the first `pn`'s.
    #[test]
    fn a_repeated_pn_or_mn_goes_back_before_the_deal() {
        let lin = "qx|o1|md|1SAKQJHAKQDAKQCAKQ,S2345H2345D2345C2,S6789H6789D6789C3,|sv|o|mb|p|mb|p|mb|p|mb|p|pg||\n\
            pn|Gus,Hal,Ian,Jo|pn|Kim,Lee,Max,Ned|mn|Cup|mn|Other|qx|o2|md|2SAKQJHAKQDAKQCAKQ,S2345H2345D2345C2,S6789H6789D6789C3,|sv|n|mb|1N|mb|p|mb|p|mb|p|pg||\n\
            qx|o3|md|3SAKQJHAKQDAKQCAKQ,S2345H2345D2345C2,S6789H6789D6789C3,|sv|e|mb|p|mb|p|mb|p|mb|p|pg||\n";
        let pbn = crate::lin_to_pbn(lin.as_bytes());
        assert!(!pbn.has_errors(), "{:?}", pbn.diagnostics);
        let back = crate::pbn_to_lin(&pbn.text);
        let (before, after) = (boards(lin), boards(&back.text));
        assert_eq!(after.len(), 3, "{}", back.text);
        for (a, b) in before.iter().zip(&after) {
            assert_eq!(
                (a.auction.len(), a.deal.map(|d| d.hands), a.dealer),
                (b.auction.len(), b.deal.map(|d| d.hands), b.dealer)
            );
        }
        assert_eq!(after[1].players.as_ref().map(|p| p[Compass::South.index()].as_str()), Some("Gus"));
        assert_eq!(after[1].event.as_deref(), Some("Cup"));
        let repeats: Vec<(&str, &str)> = after[1]
            .extras
            .iter()
            .map(|e| (e.tag.as_str(), e.value.as_str()))
            .filter(|e| e.0 != "pg")
            .collect();
        assert_eq!(repeats, [("pn", "Kim,Lee,Max,Ned"), ("mn", "Other")]);
    }
}
