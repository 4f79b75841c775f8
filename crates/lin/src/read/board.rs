//! The match header and the board typed from a record's items: each tag read into its field
//! (`md` the deal, `mb` the calls, `pc` the cards...), the rest kept as extras in place, and the
//! board compared with the header's result list.

use bridge_core::{Contract, Risk};
use cards_core::{Card, CardSet, Compass, Diagnostic, DiagnosticSink, Rank, Span, Suit};

use super::{Results, tag_key};
use crate::codes;
use crate::model::{
    AuctionCall, Board, Call, Deal, Denomination, Extra, Item, MatchHeader, PlayedCard, Room,
    parse_vulnerability,
};
use crate::text::card_text;

/// The match header of a `vg` record: `vg`, the result list `rs`, the players `pn`.
pub(super) fn header(items: &[Item], diagnostics: &mut dyn DiagnosticSink) -> MatchHeader {
    let mut header = MatchHeader::default();
    for item in items {
        match &tag_key(item.tag.as_bytes()) {
            b"vg" => read_vg(item, &mut header, diagnostics),
            b"rs" => header.results = item.value.split(',').map(str::to_owned).collect(),
            b"pn" => header.players = read_names(item, diagnostics),
            _ => {}
        }
    }
    header
}

/// The board of a record's items; `carried_players` are the last `pn`'s, for a board that gives
/// none.
pub(super) fn board(
    items: &[Item],
    carried_players: &[String],
    diagnostics: &mut dyn DiagnosticSink,
) -> Board {
    let mut board = Board::default();
    let mut own_players = None;
    let mut padding: Vec<Padding> = Vec::new();
    for item in items {
        let events = board.auction.len() + board.play.len() + usize::from(board.claim_text.is_some());
        let extra = || Extra { after: events, tag: item.tag.clone(), value: item.value.clone() };
        match &tag_key(item.tag.as_bytes()) {
            b"qx" if board.qx.is_none() => read_qx(item, &mut board, diagnostics),
            b"pn" if own_players.is_none() => own_players = Some(read_names(item, diagnostics)),
            b"md" if board.deal.is_none() => read_md(item, &mut board, diagnostics),
            b"sv" if board.vulnerability.is_none() => read_sv(item, &mut board, diagnostics),
            b"ah" if board.title.is_none() => board.title = Some(item.value.clone()),
            b"mn" if board.event.is_none() => board.event = Some(item.value.clone()),
            b"mb"
                if item.value.trim() == "-"
                    && (board.auction.is_empty() || auction_ended(&board.auction)) =>
            {
                let leading = board.auction.is_empty();
                match padding.last_mut() {
                    Some(run) if run.leading == leading && board.play.is_empty() => {
                        run.count += 1;
                        run.span.end = item.span.end;
                    }
                    _ => padding.push(Padding { leading, count: 1, span: item.span }),
                }
                board.extras.push(extra());
            }
            b"mb" => board.auction.push(read_call(item, diagnostics)),
            b"an" => match board.auction.last_mut() {
                Some(call) if call.explanation.is_none() && board.play.is_empty() => {
                    call.explanation = Some(item.value.clone());
                }
                _ => {
                    diagnostics.report(Diagnostic::warning(
                        codes::LIN_EXPLANATION_WITHOUT_CALL,
                        "`an` does not follow a call it could explain; kept as written",
                        item.span,
                    ));
                    board.extras.push(extra());
                }
            },
            b"pc" => board.play.push(read_card(item, diagnostics)),
            b"mc" if board.claim_text.is_none() => read_mc(item, &mut board, diagnostics),
            _ => board.extras.push(extra()),
        }
    }
    for run in padding {
        report_padding(&run, board.dealer, diagnostics);
    }
    if board.number.is_none() {
        board.number = board.title.as_deref().and_then(board_number_of_title);
    }
    let names = own_players.as_deref().unwrap_or(carried_players);
    board.players = seat_names(names, board.room);
    board
}

/// A run of `mb|-|` of a vugraph grid: before the first call (or after the auction ended), how
/// many, where.
struct Padding {
    leading: bool,
    count: usize,
    span: Span,
}

/// Reports a run of grid padding (a warning: `-` is no call).
fn report_padding(run: &Padding, dealer: Option<Compass>, diagnostics: &mut dyn DiagnosticSink) {
    let count = run.count;
    let what = if count == 1 { "`mb|-|`".to_owned() } else { format!("{count} `mb|-|`") };
    let message = if run.leading {
        let grid = dealer.map_or(String::new(), |d| {
            let empty = (d.index() + 4 - Compass::West.index()) % 4;
            format!(" (a W-N-E-S grid has {empty} empty cells before {d}, the dealer)")
        });
        format!("{what} before the first call, read as the empty cells of a vugraph grid{grid}")
    } else {
        format!("{what} after the auction ended, read as filling the last row of a vugraph grid")
    };
    diagnostics.report(
        Diagnostic::warning(codes::LIN_AUCTION_PADDING, message, run.span)
            .with_help("`-` is no call: the auction starts with the dealer's first call"),
    );
}

/// Reads `sv`, the vulnerability.
fn read_sv(item: &Item, board: &mut Board, diagnostics: &mut dyn DiagnosticSink) {
    board.vulnerability = parse_vulnerability(&item.value);
    if board.vulnerability.is_none() {
        diagnostics.report(
            Diagnostic::error(
                codes::LIN_VULNERABILITY,
                format!("`sv|{}|` is not a vulnerability", item.value),
                item.value_span(),
            )
            .with_help("BBO writes o (none; also 0), n, e or b"),
        );
    }
}

/// Reads `mc`, the claim: declarer's total tricks.
fn read_mc(item: &Item, board: &mut Board, diagnostics: &mut dyn DiagnosticSink) {
    board.claim_text = Some(item.value.clone());
    board.claim = item.value.trim().parse::<u8>().ok().filter(|n| *n <= 13);
    if board.claim.is_none() {
        diagnostics.report(Diagnostic::error(
            codes::LIN_CLAIM_SYNTAX,
            format!("`mc|{}|` is not a number of tricks from 0 to 13", item.value),
            item.value_span(),
        ));
    }
}

/// Whether the calls so far end the auction: three passes after a bid (or a double), or four.
fn auction_ended(calls: &[AuctionCall]) -> bool {
    let passes = calls.iter().rev().take_while(|c| c.call == Some(Call::Pass)).count();
    passes >= 4 || (passes >= 3 && calls.len() > passes)
}

/// A result list entry read: the contract and its declarer (`4SEx-3`: level, denomination,
/// declarer, `x`/`xx`, then the tricks), or `None` for a passed-out board (`P`, `PASS`); `Err(())`
/// when it is neither.
pub(super) fn parse_result_entry(entry: &str) -> Result<Option<(Contract, Compass)>, ()> {
    let text = entry.trim();
    if text.eq_ignore_ascii_case("p") || text.eq_ignore_ascii_case("pass") {
        return Ok(None);
    }
    let b = text.as_bytes();
    let level = match b.first() {
        Some(d @ b'1'..=b'7') => d - b'0',
        _ => return Err(()),
    };
    let denomination = match b.get(1).map(u8::to_ascii_uppercase) {
        Some(b'C') => Denomination::Clubs,
        Some(b'D') => Denomination::Diamonds,
        Some(b'H') => Denomination::Hearts,
        Some(b'S') => Denomination::Spades,
        Some(b'N') => Denomination::NoTrump,
        _ => return Err(()),
    };
    let declarer = match b.get(2).map(u8::to_ascii_uppercase) {
        Some(b'N') => Compass::North,
        Some(b'E') => Compass::East,
        Some(b'S') => Compass::South,
        Some(b'W') => Compass::West,
        _ => return Err(()),
    };
    let rest = &b[3..];
    let doubles = rest.iter().take_while(|c| c.eq_ignore_ascii_case(&b'x')).count();
    let tricks = &rest[doubles..];
    let tricks_ok = match tricks.split_first() {
        Some((b'=', more)) => more.is_empty(),
        Some((b'+' | b'-', digits)) => !digits.is_empty() && digits.iter().all(u8::is_ascii_digit),
        _ => false,
    };
    let risk = match doubles {
        0 => Risk::Undoubled,
        1 => Risk::Doubled,
        2 => Risk::Redoubled,
        _ => return Err(()),
    };
    if !tricks_ok {
        return Err(());
    }
    Ok(Some((Contract { level, denomination, risk }, declarer)))
}

/// Compares a board's auction with its entry of the match header's result list (one entry per
/// board, or two, open room then closed room, from the first board on): a contradiction is an
/// error at the auction. An empty or unreadable entry, or an auction that did not end, says
/// nothing.
pub(super) fn compare_result(board: &Board, results: &Results, diagnostics: &mut dyn DiagnosticSink) {
    let (Some(number), Some(first), Some(last)) = (board.number, results.first_board, results.last_board)
    else {
        return;
    };
    let Some(boards) = last.checked_sub(first).map(|n| n as usize + 1) else { return };
    let Some(k) = number.checked_sub(first).map(|k| k as usize).filter(|&k| k < boards) else { return };
    let index = if results.entries.len() == 2 * boards {
        2 * k + usize::from(board.room == Some(Room::Closed))
    } else if results.entries.len() == boards {
        k
    } else {
        return;
    };
    let Some(entry) = results.entries.get(index).filter(|e| !e.trim().is_empty()) else { return };
    let Ok(listed) = parse_result_entry(entry) else { return };
    let reached = match crate::check::outcome(board) {
        crate::check::Outcome::Open => return,
        crate::check::Outcome::PassedOut => None,
        crate::check::Outcome::Contract { contract, declarer } => Some((contract, declarer)),
    };
    if listed == reached {
        return;
    }
    let name = |c: Option<(Contract, Compass)>| {
        c.map_or_else(|| "a pass-out".to_owned(), |(contract, declarer)| format!("{contract} by {declarer}"))
    };
    let span = match (board.auction.first(), board.auction.last()) {
        (Some(a), Some(b)) => Span::new(a.span.start, b.span.end),
        _ => return,
    };
    diagnostics.report(
        Diagnostic::error(
            codes::LIN_RESULT_MISMATCH,
            format!(
                "the auction reaches {}, the file's result list (`rs`) says {} (`{}`)",
                name(reached),
                name(listed),
                entry.trim()
            ),
            span,
        )
        .with_help("a call is missing or extra, or the result list is wrong"),
    );
}

/// The board number of a title such as `Board 12` (no decoding: `Board+7` and `Board%2010` have none,
/// as Bridge Composer reads them).
pub(super) fn board_number_of_title(title: &str) -> Option<u32> {
    let rest = title.trim();
    let rest = rest.get(..5).filter(|p| p.eq_ignore_ascii_case("board")).map_or(rest, |_| &rest[5..]);
    let rest = rest.trim();
    // `str::parse` takes a leading `+`; Bridge Composer does not read `Board+7` as 7.
    if rest.is_empty() || !rest.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    rest.parse().ok()
}

/// The four players by compass index from a `pn` of 4 names (S W N E) or 8 (open room, closed
/// room), for a board in `room`.
#[must_use]
pub fn seat_names(names: &[String], room: Option<Room>) -> Option<[String; 4]> {
    let four = match (names.len(), room) {
        (4, _) | (8, None | Some(Room::Open)) => &names[..4],
        (8, Some(Room::Closed)) => &names[4..],
        _ => return None,
    };
    let mut seats: [String; 4] = Default::default();
    for (name, seat) in four.iter().zip(LIN_SEATS) {
        seats[seat.index()].clone_from(name);
    }
    Some(seats)
}

/// The order of hands in `md` and names in `pn`.
pub const LIN_SEATS: [Compass; 4] = [Compass::South, Compass::West, Compass::North, Compass::East];

/// Reads `pn`: 4 or 8 names.
pub(super) fn read_names(item: &Item, diagnostics: &mut dyn DiagnosticSink) -> Vec<String> {
    let mut names: Vec<String> = item.value.split(',').map(str::to_owned).collect();
    if names.len() != 4 && names.len() != 8 {
        // Bridge Composer writes a comma in a name as is (`Smith, J`): a piece that begins with a
        // blank is read as the rest of the name before it, if that gives 4 or 8 names.
        let mut joined: Vec<String> = Vec::new();
        for name in &names {
            match joined.last_mut() {
                Some(last) if name.starts_with(' ') => {
                    last.push(',');
                    last.push_str(name);
                }
                _ => joined.push(name.clone()),
            }
        }
        let fixed = joined.len() == 4 || joined.len() == 8;
        let found = names.len();
        if fixed {
            names = joined;
        }
        diagnostics.report(
            Diagnostic::warning(
                codes::LIN_PLAYER_COUNT,
                if fixed {
                    format!(
                        "`pn` has {found} comma-separated parts; read as {} names with commas inside",
                        names.len()
                    )
                } else {
                    format!("`pn` has {found} names; a table has 4 (S, W, N, E), a team match 8")
                },
                item.value_span(),
            )
            .with_help("names are South, West, North, East, then the closed room's four"),
        );
    }
    names
}

/// Reads `vg`: title, segment, scoring, first and last board, the teams and their carry-over.
pub(super) fn read_vg(item: &Item, header: &mut MatchHeader, diagnostics: &mut dyn DiagnosticSink) {
    let fields: Vec<&str> = item.value.split(',').collect();
    if fields.len() != 9 {
        diagnostics.report(
            Diagnostic::warning(
                codes::LIN_MATCH_HEADER,
                format!("`vg` has {} fields, not 9", fields.len()),
                item.value_span(),
            )
            .with_help(
                "vg|title,segment,scoring,first board,last board,team 1,carry-over,team 2,carry-over|",
            ),
        );
    }
    let field = |i: usize| fields.get(i).map_or_else(String::new, |f| (*f).to_owned());
    header.title = field(0);
    header.segment = field(1);
    header.scoring = field(2);
    header.first_board = field(3);
    header.last_board = field(4);
    header.teams = [(field(5), field(6)), (field(7), field(8))];
    if fields.len() > 2 && !matches!(header.scoring.as_str(), "I" | "P" | "B") {
        diagnostics.report(Diagnostic::warning(
            codes::LIN_MATCH_SCORING,
            format!("`vg` scoring `{}` is not I (IMPs), P (pairs) or B (board-a-match)", header.scoring),
            item.value_span(),
        ));
    }
}

fn read_qx(item: &Item, board: &mut Board, diagnostics: &mut dyn DiagnosticSink) {
    board.qx = Some(item.value.clone());
    let head = item.value.split(',').next().unwrap_or_default().trim();
    let mut chars = head.chars();
    board.room = match chars.next() {
        Some('o' | 'O') => Some(Room::Open),
        Some('c' | 'C') => Some(Room::Closed),
        _ => None,
    };
    let digits = chars.as_str();
    board.number = digits.bytes().all(|b| b.is_ascii_digit()).then(|| digits.parse().ok()).flatten();
    if board.room.is_none() || board.number.is_none() {
        diagnostics.report(
            Diagnostic::warning(
                codes::LIN_ROOM,
                format!("`qx|{}|` is not a room (o or c) and a board number", item.value),
                item.value_span(),
            )
            .with_help("BBO writes qx|o1| for board 1 in the open room, qx|c1| in the closed room"),
        );
    }
}

/// Reads `md`: the dealer digit, then the hands S, W, N, E (three full hands make the fourth).
fn read_md(item: &Item, board: &mut Board, diagnostics: &mut dyn DiagnosticSink) {
    let value_span = item.value_span();
    let value = item.value.as_str();
    let (digit, rest, rest_at) = match value.as_bytes().first() {
        Some(d @ b'0'..=b'9') => (Some(*d), &value[1..], value_span.start + 1),
        _ => (None, value, value_span.start),
    };
    board.dealer = match digit {
        Some(b'1') => Some(Compass::South),
        Some(b'2') => Some(Compass::West),
        Some(b'3') => Some(Compass::North),
        Some(b'4') => Some(Compass::East),
        _ => None,
    };
    if board.dealer.is_none() && digit != Some(b'0') {
        diagnostics.report(
            Diagnostic::error(
                codes::LIN_DEALER,
                "`md` does not begin with a dealer digit 1-4",
                Span::at(value_span.start),
            )
            .with_help("1 South, 2 West, 3 North, 4 East; the hands follow in the order S, W, N, E"),
        );
    }
    let (mut deal, seen, broken) = read_hands(rest, rest_at, diagnostics);
    let full: Vec<Compass> =
        LIN_SEATS.into_iter().filter(|s| deal.hand(*s).is_some_and(|h| h.len() == 13)).collect();
    let missing: Vec<Compass> = LIN_SEATS.into_iter().filter(|s| deal.hand(*s).is_none()).collect();
    if full.len() == 3 && missing.len() == 1 && (CardSet::FULL - seen).len() == 13 {
        deal.hands[missing[0].index()] = Some(CardSet::FULL - seen);
        deal.completed = Some(missing[0]);
    } else if !deal.is_full() && digit != Some(b'0') && !broken {
        diagnostics.report(
            Diagnostic::warning(
                codes::LIN_DEAL_INCOMPLETE,
                format!("the deal gives {} of 52 cards and cannot be completed", seen.len()),
                value_span,
            )
            .with_help("a full deal gives three hands of 13 cards (the fourth is the rest) or four"),
        );
    }
    board.deal = Some(deal);
}

/// The hands of `md` after the dealer digit (`rest`, starting at `at`): the deal as given, every
/// card given, and whether a card stands twice or a hand holds more than 13 (reported).
fn read_hands(rest: &str, mut at: usize, diagnostics: &mut dyn DiagnosticSink) -> (Deal, CardSet, bool) {
    let mut deal = Deal::default();
    let mut seen = CardSet::EMPTY;
    let mut broken = false;
    for (index, text) in rest.split(',').enumerate() {
        let span = Span::new(at, at + text.len());
        at += text.len() + 1;
        let Some(&seat) = LIN_SEATS.get(index) else {
            if !text.trim().is_empty() {
                diagnostics.report(Diagnostic::error(
                    codes::LIN_HAND_SYNTAX,
                    "more than four hands in `md`",
                    span,
                ));
            }
            continue;
        };
        if text.trim().is_empty() {
            continue;
        }
        let hand = parse_hand(text, span, diagnostics);
        if hand.is_empty() {
            // Suit letters without a card (`S`, `SHDC`) show no card: a hand not given, as an
            // empty text is (and as PBN reads `...`), never a hand of no cards in a deal.
            continue;
        }
        let twice = hand & seen;
        broken |= !twice.is_empty() || hand.len() > 13;
        if !twice.is_empty() {
            diagnostics.report(Diagnostic::error(
                codes::LIN_DEAL_DUPLICATE_CARD,
                format!("{} in more than one hand", cards_text(twice)),
                span,
            ));
        }
        if hand.len() > 13 {
            diagnostics.report(Diagnostic::error(
                codes::LIN_DEAL_HAND_SIZE,
                format!("{seat} holds {} cards", hand.len()),
                span,
            ));
        }
        seen |= hand;
        deal.hands[seat.index()] = Some(hand);
    }
    (deal, seen, broken)
}

/// Cards of a hand written as suit letters each followed by ranks, in any order and case.
fn parse_hand(text: &str, span: Span, diagnostics: &mut dyn DiagnosticSink) -> CardSet {
    let mut hand = CardSet::EMPTY;
    let mut suit = None;
    let mut chars = text.char_indices().peekable();
    while let Some((i, ch)) = chars.next() {
        if let Some(s) = suit_of(ch) {
            suit = Some(s);
            continue;
        }
        let rank = if ch == '1' && chars.peek().is_some_and(|(_, c)| *c == '0') {
            chars.next();
            Some(Rank::Ten)
        } else {
            Rank::from_char_ignore_case(ch)
        };
        match (suit, rank) {
            (Some(suit), Some(rank)) => {
                if !hand.insert(Card::new(rank, suit)) {
                    diagnostics.report(Diagnostic::error(
                        codes::LIN_DEAL_DUPLICATE_CARD,
                        format!("{}{} twice in one hand", suit.upper_char(), rank.char()),
                        Span::new(span.start + i, span.start + i + ch.len_utf8()),
                    ));
                }
            }
            _ => {
                diagnostics.report(
                    Diagnostic::error(
                        codes::LIN_HAND_SYNTAX,
                        format!("`{ch}` is not a suit letter or a rank after one"),
                        Span::new(span.start + i, span.start + i + ch.len_utf8()),
                    )
                    .with_help("a hand is S, H, D, C each followed by ranks AKQJT98765432"),
                );
            }
        }
    }
    hand
}

fn suit_of(ch: char) -> Option<Suit> {
    match ch {
        'S' | 's' => Some(Suit::Spades),
        'H' | 'h' => Some(Suit::Hearts),
        'D' | 'd' => Some(Suit::Diamonds),
        'C' | 'c' => Some(Suit::Clubs),
        _ => None,
    }
}

fn cards_text(set: CardSet) -> String {
    set.into_iter().map(card_text).collect::<Vec<_>>().join(" ")
}

/// Reads a call: `p`, `d`, `r`, `1C`..`7N`, either case, `!` for an alert; `1NT` and `x`/`xx` with a warning.
fn read_call(item: &Item, diagnostics: &mut dyn DiagnosticSink) -> AuctionCall {
    let text = item.value.trim();
    let alert = text.ends_with('!');
    let bare = text.trim_end_matches('!').to_ascii_lowercase();
    let call = match bare.as_str() {
        "p" | "pass" => Some(Call::Pass),
        "d" | "x" | "dbl" => Some(Call::Double),
        "r" | "xx" | "rdbl" => Some(Call::Redouble),
        _ => parse_bid(&bare),
    };
    if call.is_none() {
        diagnostics.report(
            Diagnostic::error(
                codes::LIN_CALL_SYNTAX,
                format!("`mb|{}|` is not a call", item.value),
                item.value_span(),
            )
            .with_help("calls are p, d, r and 1C to 7N, with ! for an alert"),
        );
    } else if bare.ends_with("nt") {
        diagnostics.report(
            Diagnostic::warning(
                codes::LIN_CALL_NT_SPELLING,
                format!("`{}` is written `{}N` by BBO", item.value, &bare[..1]),
                item.value_span(),
            )
            .with_help("read as notrump"),
        );
    }
    AuctionCall { call, text: item.value.clone(), alert, explanation: None, span: item.span }
}

fn parse_bid(text: &str) -> Option<Call> {
    let bytes = text.as_bytes();
    let level = match bytes.first()? {
        d @ b'1'..=b'7' => d - b'0',
        _ => return None,
    };
    let denomination = match &bytes[1..] {
        b"c" => Denomination::Clubs,
        b"d" => Denomination::Diamonds,
        b"h" => Denomination::Hearts,
        b"s" => Denomination::Spades,
        b"n" | b"nt" => Denomination::NoTrump,
        _ => return None,
    };
    Some(Call::Bid { level, denomination })
}

fn read_card(item: &Item, diagnostics: &mut dyn DiagnosticSink) -> PlayedCard {
    let text = item.value.trim();
    let mut chars = text.chars();
    let card = match (
        chars.next().and_then(suit_of),
        chars.next().and_then(Rank::from_char_ignore_case),
        chars.next(),
    ) {
        (Some(suit), Some(rank), None) => Some(Card::new(rank, suit)),
        _ => None,
    };
    if card.is_none() {
        diagnostics.report(
            Diagnostic::error(
                codes::LIN_CARD_SYNTAX,
                format!("`pc|{}|` is not a card", item.value),
                item.value_span(),
            )
            .with_help("a card is a suit letter and a rank: SA, h7, DT"),
        );
    }
    PlayedCard { card, text: item.value.clone(), span: item.span }
}
