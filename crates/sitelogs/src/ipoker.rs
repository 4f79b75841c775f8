//! iPoker network hand histories (XML: `<session>` with its `<general>` table data, one `<game>`
//! per hand): [`Reader`] imports them to PHH hands, one [`Record`] per `<game>`,
//! each replayed and checked against the stacks the log states.
//!
//! A `<game>` lists its players (`chips` the stack, `win` what the player was paid, `bet` what
//! the player put in, `dealer="1"` the button; an uncalled bet is in both) and its rounds: round 0 the blinds and antes,
//! round 1 the hole cards (`<cards type="Pocket">`, `X X` when unseen) and the preflop play, rounds
//! 2 to 4 the flop, turn and river with their `<cards>`. Actions are ordered by their `no`, not by
//! their place in the file; `sum` is the chips the action adds, a raise's excepted. Action types: 0 fold, 1 small
//! blind, 2 big blind, 3 call, 4 check, 5 bet, 7 all-in, 15 ante, 23 raise (its `sum` the street total
//! raised to); a type that moves no
//! chips and is not one of these (8: a player waiting or sitting out) is skipped with a warning,
//! one that moves chips refuses the hand. The chips the actions add must be each player's `bet`;
//! the rake is what went in less what `win` pays out. Amounts carry a currency symbol and may
//! have thousands separators (`$3,000`) or a decimal comma (`0,02`). Cash (`Holdem NL
//! $0.05/$0.10`) and tournaments (`Holdem NL`, with `<tournamentcode>`; the blinds then come
//! from the posts). Refused per hand, with a code: games PHH cannot express (pot-limit hold'em,
//! Omaha hi/lo pot-limit), a second big blind posted. A file that is not well-formed XML ends
//! with a [`codes::SITE_BAD_XML`] record after the hands read before the fault.
//!
//! ```
//! let log = r#"<session sessioncode="0"><general><gametype>Holdem NL $0.05/$0.10</gametype>
//! <tablename>Alba, 1</tablename><tablecurrency>USD</tablecurrency></general>
//! <game gamecode="53"><general><startdate>2014-01-06 17:11:41</startdate><players>
//! <player seat="4" name="Ann" chips="$10" dealer="1" win="$0.40" bet="$0.30"/>
//! <player seat="5" name="Bob" chips="$9" dealer="0" win="$0" bet="$0.10"/>
//! </players></general>
//! <round no="0"><action no="1" player="Ann" type="1" sum="$0.05"/>
//! <action no="2" player="Bob" type="2" sum="$0.10"/></round>
//! <round no="1"><cards type="Pocket" player="Ann">HA SK</cards><cards type="Pocket" player="Bob">X X</cards>
//! <action no="4" player="Bob" type="0" sum="$0"/><action no="3" player="Ann" type="23" sum="$0.30"/></round>
//! </game></session>"#;
//! let record = sitelogs::ipoker::Reader::from_str(log, sitelogs::Options::default()).next().unwrap();
//! assert!(record.diagnostics.is_empty(), "{:?}", record.diagnostics);
//! let hand = record.hand.unwrap();
//! assert_eq!(hand.venue.as_deref(), Some("iPoker"));
//! // The raise to $0.30 (action 3, before the fold) is called by no one: $0.20 goes back.
//! let actions: Vec<String> = hand.actions.iter().map(ToString::to_string).collect();
//! assert_eq!(actions, ["d dh p1 ????", "d dh p2 AhKs", "p2 cbr 0.30", "p1 f"]);
//! assert_eq!(hand.finishing_stacks.unwrap()[1].to_string(), "10.10");
//! ```

use cards_core::{Amount, Span};
use quick_xml::events::BytesStart;

use crate::relay::{self, Draft, StarsHeader, Street};
use crate::xml::{XmlReader, XmlSite, attribute};
use crate::{Options, Record, codes, money};

/// What the session's `<general>` says, for every game after it.
#[derive(Debug, Default, Clone)]
struct Session {
    gametype: String,
    tablename: String,
    currency: String,
    tournament_code: String,
    tournament_name: String,
}

#[derive(Debug, Default)]
struct Player {
    seat: String,
    name: String,
    chips: String,
    dealer: bool,
    win: String,
    bet: String,
    span: Span,
}

#[derive(Debug)]
enum Item {
    Action { no: i64, player: String, kind: i64, sum: String, span: Span },
    Cards { kind: String, player: String, cards: String, span: Span },
}

#[derive(Debug, Default)]
struct Game {
    code: String,
    start: usize,
    startdate: String,
    players: Vec<Player>,
    /// `(round number, its items)` in file order.
    rounds: Vec<(i64, Vec<Item>)>,
}

/// Whether a file's start (decoded text) is an iPoker log: a `<session` root with its
/// `<general>` table data (other sites' XML logs have other roots).
#[must_use]
pub fn detect(head: &str) -> bool {
    let body = head.trim_start_matches('\u{feff}').trim_start();
    let body = match body.strip_prefix("<?xml") {
        Some(rest) => rest.split_once("?>").map_or("", |(_, rest)| rest).trim_start(),
        None => body,
    };
    (body.starts_with("<session ") || body.starts_with("<session>")) && body.contains("<general")
}

/// Streams the hands (`<game>`s) of an iPoker XML file.
pub type Reader<R> = XmlReader<R, IPoker>;

/// The iPoker network's XML, for the XML-site reader: the session's table data and the game under way.
#[derive(Debug, Default)]
pub struct IPoker {
    session: Session,
    game: Option<Game>,
    /// The `<cards>` element being read.
    cards: Option<(String, String, usize)>,
}

impl XmlSite for IPoker {
    const HAND: &'static str = "game";
    const TEXT: bool = true;

    fn open(&mut self, element: &BytesStart<'_>, span: Span, empty: bool) {
        let attr = |key: &str| attribute(element, key);
        match element.name().as_ref() {
            b"game" => {
                self.game = Some(Game { code: attr("gamecode"), start: span.start, ..Game::default() });
            }
            b"player" => {
                if let Some(game) = self.game.as_mut() {
                    game.players.push(Player {
                        seat: attr("seat"),
                        name: attr("name"),
                        chips: attr("chips"),
                        dealer: attr("dealer") == "1",
                        win: attr("win"),
                        bet: attr("bet"),
                        span,
                    });
                }
            }
            b"round" => {
                if let Some(game) = self.game.as_mut() {
                    game.rounds.push((attr("no").trim().parse().unwrap_or(-1), Vec::new()));
                }
            }
            b"action" => {
                if let Some((_, items)) = self.game.as_mut().and_then(|g| g.rounds.last_mut()) {
                    items.push(Item::Action {
                        no: attr("no").trim().parse().unwrap_or(i64::MAX),
                        player: attr("player"),
                        kind: attr("type").trim().parse().unwrap_or(-1),
                        sum: attr("sum"),
                        span,
                    });
                }
            }
            b"cards" if !empty => self.cards = Some((attr("type"), attr("player"), span.start)),
            _ => {}
        }
    }

    fn close(&mut self, name: &[u8], text: String, end: usize, options: &Options) -> Option<Record> {
        let in_game = self.game.is_some();
        let text = text.trim();
        match name {
            b"game" => return self.game.take().map(|g| import(&g, &self.session, end, options)),
            b"startdate" if in_game => {
                if let Some(g) = self.game.as_mut() {
                    g.startdate = text.to_owned();
                }
            }
            b"cards" => {
                if let (Some((kind, player, start)), Some((_, items))) =
                    (self.cards.take(), self.game.as_mut().and_then(|g| g.rounds.last_mut()))
                {
                    items.push(Item::Cards {
                        kind,
                        player,
                        cards: text.to_owned(),
                        span: Span::new(start, end),
                    });
                }
            }
            b"gametype" if !in_game => self.session.gametype = text.to_owned(),
            b"tablename" if !in_game => self.session.tablename = text.to_owned(),
            b"tablecurrency" | b"tournamentcurrency" if !in_game && !text.is_empty() => {
                self.session.currency = text.to_owned();
            }
            b"currency" if !in_game && self.session.currency.is_empty() => {
                self.session.currency = text.to_owned()
            }
            b"tournamentcode" if !in_game => self.session.tournament_code = text.to_owned(),
            b"tournamentname" if !in_game => self.session.tournament_name = text.to_owned(),
            b"session" => self.session = Session::default(),
            _ => {}
        }
        None
    }

    fn take_unfinished(&mut self) -> Option<usize> {
        self.game.take().map(|game| game.start)
    }
}

/// An amount as iPoker writes it: `$3,000`, `£0.05`, `1500`, or with a decimal comma `0,02`.
fn amount(text: &str) -> Option<Amount> {
    let text = text.trim();
    if text.is_empty() {
        return Some(Amount::ZERO);
    }
    money::parse(text).or_else(|| {
        let (whole, fraction) = text.rsplit_once(',')?;
        (fraction.len() <= 2 && !text.contains('.')).then(|| money::parse(&format!("{whole}.{fraction}")))?
    })
}

/// `HA SK D10 C9` (suit, then rank) in PokerStars' order (`Ah Ks Td 9c`); `None` when unseen.
fn cards(text: &str) -> Option<String> {
    let mut out = Vec::new();
    for word in text.split_whitespace() {
        let mut chars = word.chars();
        let suit = chars.next()?.to_ascii_lowercase();
        let rank: String = chars.collect();
        let rank = if rank == "10" { "T".to_owned() } else { rank.to_ascii_uppercase() };
        if !"shdc".contains(suit) || rank.len() != 1 {
            return None;
        }
        out.push(format!("{rank}{suit}"));
    }
    (!out.is_empty()).then(|| out.join(" "))
}

/// Small and big stake (blind, or bet in fixed limit) and the currency symbol they carry.
type Stakes = (Amount, Amount, Option<char>);

/// The PokerStars game of `Holdem NL $0.05/$0.10`, whether it is fixed-limit, and the stakes.
fn game_type(text: &str) -> (Option<&'static str>, bool, Option<Stakes>) {
    let words: Vec<&str> = text.split_whitespace().collect();
    let stakes_at = words.iter().position(|w| w.contains('/') && w.chars().any(|c| c.is_ascii_digit()));
    let name = words[..stakes_at.unwrap_or(words.len())].join(" ");
    let game = match name.as_str() {
        "Holdem NL" => Some("Hold'em No Limit"),
        "Holdem L" | "Holdem FL" => Some("Hold'em Limit"),
        "Omaha PL" => Some("Omaha Pot Limit"),
        "Omaha Hi-Lo L" | "OmahaHiLo L" | "Omaha HiLo L" => Some("Omaha Hi/Lo Limit"),
        _ => None,
    };
    let fixed = name.ends_with(" L") || name.ends_with(" FL");
    let stakes = stakes_at.and_then(|i| {
        let (small, big) = words[i].split_once('/')?;
        Some((amount(small)?, amount(big)?, money::symbol_of(small)))
    });
    (game, fixed, stakes)
}

/// What a game's rounds put in, read round by round ([`read_round`]).
#[derive(Default)]
struct Play {
    street: Street,
    body: Vec<(String, Span)>,
    /// The small and big blinds first posted.
    blinds: (Option<Amount>, Option<Amount>),
    /// Per player: the chips their actions put in.
    put_in: Vec<Amount>,
    /// The pocket cards the log shows: the player, the cards, their element.
    pockets: Vec<(usize, String, Span)>,
}

/// A seat as the game lists it: the number, the player, the stack, the element, the dealer.
type IpokerSeat<'g> = (i64, &'g str, Amount, Span, bool);

/// One `<game>` to a record.
fn import(game: &Game, session: &Session, end: usize, options: &Options) -> Record {
    let whole = Span::new(game.start, end);
    let mut draft = Draft::default();
    let head = Span::new(game.start, game.players.first().map_or(end, |p| p.span.start));
    let (stars_game, fixed, stakes) = game_type(&session.gametype);
    let Some(stars_game) = stars_game else {
        let message = if session.gametype.is_empty() {
            "no <gametype> before this <game>".to_owned()
        } else {
            format!("PHH has no variant for iPoker's {}", session.gametype)
        };
        draft.refuse(codes::SITE_GAME_UNSUPPORTED, message, head);
        return draft.finish(whole, options, "iPoker");
    };
    let mut play = Play { put_in: vec![Amount::ZERO; game.players.len()], ..Play::default() };
    let mut rounds: Vec<&(i64, Vec<Item>)> = game.rounds.iter().collect();
    rounds.sort_by_key(|(no, _)| *no);
    for (no, items) in rounds {
        read_round(game, *no, items, head, &mut play, &mut draft, options);
    }
    let end_span = Span::at(end);
    for (i, known, span) in &play.pockets {
        play.body.push((format!("{}: shows [{known}]", game.players[*i].name), *span));
    }
    let seats = seats(game, &mut play, &mut draft);
    if !play.street.paid() {
        draft.refuse(codes::SITE_INCOMPLETE, "no player has a `win`: the game is cut short", whole);
    }
    play.street.close(&mut play.body, end_span);
    play.street.collected(&mut play.body, true);
    let stakes = stakes.or_else(|| {
        let big = play.blinds.1?;
        Some(if fixed {
            (big, money::plus(big, big), None)
        } else {
            (play.blinds.0.unwrap_or(Amount::ZERO), big, None)
        })
    });
    if stakes.is_none() {
        let message = "no stakes in <gametype> and no big blind posted: PHH needs the minimum bet";
        draft.refuse(codes::SITE_BAD_XML, message, head);
    }
    head_lines(&mut draft, game, session, stars_game, stakes, &seats, head);
    for (seat, name, chips, span, _) in seats {
        draft.push(relay::seat_line(seat, name, chips), span);
    }
    for (text, span) in play.body {
        draft.push(text, span);
    }
    relay::summary_lines(&mut draft, play.street.total, play.street.rake(), end_span);
    draft.finish(whole, options, "iPoker")
}

/// The PokerStars header and table lines of a game.
fn head_lines(
    draft: &mut Draft,
    game: &Game,
    session: &Session,
    stars_game: &'static str,
    stakes: Option<(Amount, Amount, Option<char>)>,
    seats: &[IpokerSeat<'_>],
    head: Span,
) {
    let mut event = None;
    if !session.tournament_code.is_empty() {
        event = Some(if session.tournament_name.is_empty() {
            format!("Tournament #{}", session.tournament_code)
        } else {
            format!("Tournament #{}, {}", session.tournament_code, session.tournament_name)
        });
    }
    let currency = (event.is_none() && !session.currency.is_empty()).then_some(session.currency.as_str());
    let id = if game.code.is_empty() { "0" } else { game.code.as_str() };
    // A PokerStars header starts with a capital.
    let header = StarsHeader::new("IPoker", id, stars_game, stakes.map(|(a, b, _)| (a, b)))
        .event(event)
        .money(stakes.and_then(|(_, _, s)| s), currency)
        .date(relay::iso_date(&game.startdate), None);
    draft.push(header.line(), head);
    let button = seats.iter().find(|s| s.4).map(|s| s.0);
    let table = if session.tablename.is_empty() { id } else { session.tablename.as_str() };
    draft.push(relay::table_line(table, None, button), head);
}

/// One `<round>`: its street's marker, the pocket cards it shows, its actions in their order.
fn read_round(
    game: &Game,
    no: i64,
    items: &[Item],
    head: Span,
    play: &mut Play,
    draft: &mut Draft,
    options: &Options,
) {
    let marker = match no {
        1 => Some("*** HOLE CARDS ***".to_owned()),
        2..=4 => {
            let kind = ["Flop", "Turn", "River"][usize::try_from(no - 2).unwrap_or(0)];
            let board = items.iter().find_map(|i| match i {
                Item::Cards { kind: k, cards: c, span, .. } if k == kind => Some((c, *span)),
                _ => None,
            });
            let text = board.and_then(|(c, _)| cards(c)).unwrap_or_default();
            play.street.close(&mut play.body, board.map_or(head, |(_, s)| s));
            Some(format!("*** {} *** [{text}]", kind.to_uppercase()))
        }
        _ => None,
    };
    let span_of_round = items
        .iter()
        .map(|i| match i {
            Item::Action { span, .. } | Item::Cards { span, .. } => *span,
        })
        .reduce(Span::join)
        .unwrap_or(head);
    if let Some(marker) = marker {
        play.body.push((marker, span_of_round));
    }
    let index = |name: &str| game.players.iter().position(|p| p.name == name);
    for item in items {
        if let Item::Cards { kind, player, cards: c, span } = item
            && kind == "Pocket"
        {
            match (index(player), cards(c)) {
                (Some(i), Some(known)) => {
                    play.body.push((format!("Dealt to {player} [{known}]"), *span));
                    play.pockets.push((i, known, *span));
                }
                (None, _) => {
                    draft.refuse(codes::SITE_UNKNOWN_PLAYER, format!("`{player}` has no seat"), *span)
                }
                _ => {}
            }
        }
    }
    let mut actions: Vec<&Item> = items.iter().filter(|i| matches!(i, Item::Action { .. })).collect();
    actions.sort_by_key(|i| match i {
        Item::Action { no, .. } => *no,
        Item::Cards { .. } => 0,
    });
    for item in actions {
        let Item::Action { player, kind, sum, span, .. } = item else { continue };
        let Some(i) = index(player) else {
            draft.refuse(codes::SITE_UNKNOWN_PLAYER, format!("`{player}` has no seat"), *span);
            continue;
        };
        let Some(sum) = amount(sum) else {
            draft.refuse(codes::SITE_BAD_AMOUNT, format!("unreadable sum `{sum}`"), *span);
            continue;
        };
        if let Some((text, added)) = read_action(play, draft, options, player, *kind, sum, *span) {
            play.put_in[i] = money::plus(play.put_in[i], added);
            play.body.push((text, *span));
        }
    }
}

/// One `<action>` of `player`, `sum` its amount: its PokerStars line and the chips it adds
/// (`None`: not play, or refused).
fn read_action(
    play: &mut Play,
    draft: &mut Draft,
    options: &Options,
    player: &str,
    kind: i64,
    sum: Amount,
    span: Span,
) -> Option<(String, Amount)> {
    let street = &mut play.street;
    // `sum` is the chips added, except a raise's: the street total raised to.
    Some(match kind {
        0 => (format!("{player}: folds"), Amount::ZERO),
        4 => (format!("{player}: checks"), Amount::ZERO),
        1 => {
            play.blinds.0.get_or_insert(sum);
            street.post(player, sum);
            (format!("{player}: posts small blind {sum}"), sum)
        }
        2 => {
            if play.blinds.1.is_some() {
                let message =
                    format!("{player} posts a second big blind: PHH's blinds also set who acts first");
                draft.refuse(codes::SITE_POST_OUT_OF_TURN, message, span);
            }
            play.blinds.1.get_or_insert(sum);
            street.post(player, sum);
            (format!("{player}: posts big blind {sum}"), sum)
        }
        15 => {
            street.dead(sum);
            (format!("{player}: posts the ante {sum}"), sum)
        }
        3 => {
            street.add(player, sum);
            (format!("{player}: calls {sum}"), sum)
        }
        5 | 7 => (relay::added_text(player, &street.add(player, sum)), sum),
        23 => (format!("{player}: raises {sum} to {sum}"), street.raise_to(player, sum)),
        _ if sum.is_zero() => {
            draft.unknown(options, &format!("action type {kind} ({player})"), span);
            return None;
        }
        _ => {
            let message = format!("action type {kind} of {player} moves {sum}: its meaning is not known");
            draft.refuse(codes::SITE_UNKNOWN_LINE, message, span);
            return None;
        }
    })
}

/// The game's seats, each player's `bet` checked against what their actions put in and their
/// `win` paid.
fn seats<'g>(game: &'g Game, play: &mut Play, draft: &mut Draft) -> Vec<IpokerSeat<'g>> {
    let mut seats = Vec::new();
    for (i, p) in game.players.iter().enumerate() {
        let (Some(chips), Some(win), Some(bet)) = (amount(&p.chips), amount(&p.win), amount(&p.bet)) else {
            draft.refuse(
                codes::SITE_BAD_AMOUNT,
                format!("unreadable chips, win or bet of {}", p.name),
                p.span,
            );
            continue;
        };
        let Ok(seat) = p.seat.trim().parse::<i64>() else {
            draft.refuse(codes::SITE_BAD_XML, format!("unreadable seat `{}` of {}", p.seat, p.name), p.span);
            continue;
        };
        if bet != play.put_in[i] {
            let message = format!(
                "{}'s actions put in {}, the player's bet=\"{}\" says {bet}",
                p.name, play.put_in[i], p.bet
            );
            draft.refuse(codes::SITE_INCONSISTENT, message, p.span);
        }
        if !win.is_zero() {
            play.street.win(&p.name, win, p.span);
        }
        seats.push((seat, p.name.as_str(), chips, p.span, p.dealer));
    }
    seats
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forms() {
        assert_eq!(cards("HA S10 c9").as_deref(), Some("Ah Ts 9c"));
        assert_eq!(cards("X X"), None);
        assert_eq!(amount("$3,000").map(|a| a.to_string()).as_deref(), Some("3000"));
        assert_eq!(amount("0,02").map(|a| a.to_string()).as_deref(), Some("0.02"));
        let (game, fixed, stakes) = game_type("Holdem L $5/$10");
        assert_eq!((game, fixed), (Some("Hold'em Limit"), true));
        assert_eq!(stakes.map(|s| (s.1.to_string(), s.2)), Some(("10".to_owned(), Some('$'))));
        assert_eq!(game_type("Holdem PL €5/€10").0, None);
    }
}
