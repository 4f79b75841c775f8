//! Merge Gaming network hand histories (Carbon Poker and its skins; XML, however the file is
//! named): [`Reader`] imports them to PHH hands, one [`Record`] per `<game>`, each replayed and
//! checked against what the log pays out.
//!
//! A file is a run of `<description type="Holdem" stakes="No Limit ($0.25/$0.50)"/>` (the game
//! and stakes of the `<game>`s after it; `Limit $1/$2` gives the small and big bet, a tournament's
//! type ends with ` Tournament`, a mix such as `HORSE` names each hand's game in its `<game
//! multigametype="...">`) and `<game id="TABLE-HAND" starttime="20110416150310"
//! realmoney="true" data="DATE|TABLE|...">` elements with no root around them. A game has its
//! `<players dealer="SEAT">` (`<player seat nickname balance dealtin>`, seats counted from 0)
//! and its `<round id="...">`s: `BLINDS` (posts and antes), `PREFLOP`, `POSTFLOP`, `POSTTURN`,
//! `POSTRIVER`; the draw games' `PRE_FIRST_DRAW`, `FIRST_DRAW` (the `DRAW` events, `text` the
//! number of cards drawn), `POST_FIRST_DRAW`...; stud's `BRING_IN` (3rd street), `THIRD_STREET`,
//! `FOURTH_STREET` to `SEVENTH_STREET`; `SHOWDOWN`, `END_OF_GAME` (`<winner amount
//! uncalled="true|false" player>`). An `<event>` names the player by seat; `amount` is the chips
//! the action adds, except a `RAISE` since 8 September 2010 and a `COMPLETE`, which give the
//! street total raised to (a `RAISE` before then adds its amount, call included). `<cards
//! type="HOLE">` are the observer's, `DRAW_DRAWN_CARDS` a stud player's cards so far (`null` or
//! empty where face down) or the observer's hand after a draw, `COMMUNITY` the board so far,
//! `SHOWN` and `MUCKED` the showdown's. An uncalled bet is paid back as a `<winner
//! uncalled="true">`; the rest of the winners' amounts is the pot less the rake (so the rake is
//! what went in less what was paid out). A tournament's `balance` is the stack after the hand's
//! antes and blinds (as the tracker reads it), so they are added back.
//!
//! Refused per hand, with a code: games PHH cannot express (pot-limit hold'em, no-limit Omaha,
//! pot-limit Omaha hi/lo, pot-limit and half-pot-limit draw, 5-card draw, A-5 triple draw,
//! no-limit stud), a cancelled game (`GAME_CANCELLED`), a player acting who is not in
//! `<players>`, a game cut short, a no-limit game whose big blind is not its description's. An
//! action the site writes for a player out of the hand (a `CALL` on the river from a seat that
//! folded preflop, a `CHECK` from a seat not dealt in and with no chips) is skipped with
//! [`codes::SITE_STRAY_ACTION`], a warning (an error under `strict`).
//!
//! ```
//! let log = r#"<description type="Holdem" stakes="No Limit ($0.25/$0.50)"/>
//! <game id="15-1" starttime="20110416150310" numholecards="2" gametype="2" realmoney="true" data="20110416|Oslo (15)|15|15-1|false">
//! <players dealer="1">
//! <player seat="1" nickname="Ann" balance="$10.00" dealtin="true" />
//! <player seat="3" nickname="Bob" balance="$20.00" dealtin="true" />
//! </players>
//! <round id="BLINDS" sequence="1">
//! <event sequence="1" type="SMALL_BLIND" player="1" amount="0.25"/>
//! <event sequence="2" type="BIG_BLIND" player="3" amount="0.50"/>
//! </round>
//! <round id="PREFLOP" sequence="2">
//! <event sequence="3" type="RAISE" player="1" amount="1.50"/>
//! <event sequence="4" type="FOLD" player="3"/>
//! <cards type="HOLE" cards="Ah,Kd" player="1"/>
//! </round>
//! <round id="END_OF_GAME" sequence="3">
//! <winner amount="1.00" uncalled="true" potnumber="2" player="1" pottype="n"/>
//! <winner amount="1.00" uncalled="false" potnumber="1" player="1" pottype="n"/>
//! </round>
//! </game>"#;
//! let record = sitelogs::merge::Reader::from_str(log, sitelogs::Options::default()).next().unwrap();
//! assert!(record.diagnostics.is_empty(), "{:?}", record.diagnostics);
//! let hand = record.hand.unwrap();
//! assert_eq!(hand.venue.as_deref(), Some("Merge"));
//! let actions: Vec<String> = hand.actions.iter().map(ToString::to_string).collect();
//! assert_eq!(actions, ["d dh p1 ????", "d dh p2 AhKd", "p2 cbr 1.50", "p1 f"]);
//! assert_eq!(hand.finishing_stacks.unwrap()[1].to_string(), "10.50");
//! ```

use cards_core::{Amount, Span};
use quick_xml::events::BytesStart;

use crate::relay::{self, Draft, StarsHeader, Street};
use crate::xml::{XmlReader, XmlSite, attribute};
use crate::{Options, Record, codes, money};

/// Whether the first few KB of a file (decoded) are a Merge network log: its `<description
/// type=... stakes=...>` or a `<game id="N-N" starttime=...>` with `numholecards`. iPoker's
/// `<game gamecode=...>` and Microgaming's `<Game ...>` are not.
#[must_use]
pub fn detect(head: &str) -> bool {
    let head = head.trim_start_matches('\u{feff}');
    let description = head
        .find("<description type=\"")
        .is_some_and(|at| head[at..].split('>').next().is_some_and(|tag| tag.contains(" stakes=\"")));
    let game = head.find("<game id=\"").is_some_and(|at| {
        let tag = head[at..].split('>').next().unwrap_or_default();
        tag.contains(" starttime=\"") && tag.contains(" numholecards=\"")
    });
    (description || game) && !head.contains("<session")
}

/// The `<description>` in force.
#[derive(Debug, Default, Clone)]
struct Description {
    game: String,
    stakes: String,
}

#[derive(Debug)]
struct Player {
    seat: i64,
    name: String,
    balance: String,
    dealt_in: bool,
    span: Span,
}

/// An `<event>`: a post, an action, a draw (`text` the number of cards drawn).
#[derive(Debug)]
struct Event {
    kind: String,
    player: String,
    amount: String,
    text: String,
    span: Span,
}

#[derive(Debug)]
enum Item {
    Event(Event),
    Cards { kind: String, cards: String, player: String, span: Span },
    Winner { amount: String, player: String, span: Span },
}

impl Item {
    fn span(&self) -> Span {
        match self {
            Item::Event(Event { span, .. }) | Item::Cards { span, .. } | Item::Winner { span, .. } => *span,
        }
    }

    fn player(&self) -> &str {
        match self {
            Item::Event(Event { player, .. }) | Item::Cards { player, .. } | Item::Winner { player, .. } => {
                player
            }
        }
    }
}

#[derive(Debug, Default)]
struct Game {
    id: String,
    start: usize,
    starttime: String,
    real_money: bool,
    data: String,
    seats: Option<i64>,
    multigame: String,
    dealer: Option<i64>,
    players: Vec<Player>,
    rounds: Vec<(String, Vec<Item>)>,
}

/// Streams the hands (`<game>`s) of a Merge network log.
pub type Reader<R> = XmlReader<R, Merge>;

/// The Merge network's XML, for the XML-site reader: the `<description>` in force and the game under
/// way.
#[derive(Debug, Default)]
pub struct Merge {
    description: Description,
    game: Option<Game>,
}

impl XmlSite for Merge {
    const HAND: &'static str = "game";

    fn open(&mut self, element: &BytesStart<'_>, span: Span, _empty: bool) {
        let attr = |key: &str| attribute(element, key);
        match element.name().as_ref() {
            b"description" => {
                self.description = Description { game: attr("type"), stakes: attr("stakes") };
            }
            b"game" => {
                self.game = Some(Game {
                    id: attr("id"),
                    start: span.start,
                    starttime: attr("starttime"),
                    real_money: attr("realmoney") != "false",
                    data: attr("data"),
                    seats: attr("seats").trim().parse().ok(),
                    multigame: attr("multigametype"),
                    ..Game::default()
                });
            }
            name => {
                let Some(game) = self.game.as_mut() else { return };
                match name {
                    b"players" => game.dealer = attr("dealer").trim().parse().ok(),
                    b"player" => game.players.push(Player {
                        seat: attr("seat").trim().parse().unwrap_or(-1),
                        name: attr("nickname"),
                        balance: attr("balance"),
                        dealt_in: attr("dealtin") == "true",
                        span,
                    }),
                    b"round" => game.rounds.push((attr("id"), Vec::new())),
                    b"event" | b"cards" | b"winner" => {
                        let item = match name {
                            b"event" => Item::Event(Event {
                                kind: attr("type"),
                                player: attr("player"),
                                amount: attr("amount"),
                                text: attr("text"),
                                span,
                            }),
                            b"cards" => Item::Cards {
                                kind: attr("type"),
                                cards: attr("cards"),
                                player: attr("player"),
                                span,
                            },
                            _ => Item::Winner { amount: attr("amount"), player: attr("player"), span },
                        };
                        if game.rounds.is_empty() {
                            game.rounds.push((String::new(), Vec::new()));
                        }
                        if let Some((_, items)) = game.rounds.last_mut() {
                            items.push(item);
                        }
                    }
                    _ => {}
                }
            }
        }
    }

    fn close(&mut self, name: &[u8], _text: String, end: usize, options: &Options) -> Option<Record> {
        if name != b"game" {
            return None;
        }
        self.game.take().map(|game| import(&game, &self.description, end, options))
    }

    fn take_unfinished(&mut self) -> Option<usize> {
        self.game.take().map(|game| game.start)
    }
}

/// The PokerStars game a Merge game and betting structure stand for.
fn stars_game(game: &str, limit: &str) -> Option<&'static str> {
    Some(match (game, limit) {
        ("Holdem", "No Limit") => "Hold'em No Limit",
        ("Holdem", "Limit") => "Hold'em Limit",
        ("Omaha", "Pot Limit") => "Omaha Pot Limit",
        ("Omaha H/L8", "Limit") => "Omaha Hi/Lo Limit",
        ("7-Stud", "Limit") => "7 Card Stud Limit",
        ("7-Stud H/L8", "Limit") => "7 Card Stud Hi/Lo Limit",
        ("Razz", "Limit") => "Razz Limit",
        ("2-7 Lowball", "Limit") => "Triple Draw 2-7 Lowball Limit",
        ("Badugi", "Limit") => "Badugi Limit",
        _ => return None,
    })
}

/// A mixed game's hand: its `multigametype` as the `<description>` game it stands for.
fn mixed_game(code: &str) -> Option<&'static str> {
    Some(match code.trim() {
        "1" | "2" | "9" | "23" => "Holdem",
        "4" => "Omaha",
        "34" | "35" | "37" => "Omaha H/L8",
        "38" | "39" | "41" | "42" => "7-Stud",
        "43" | "45" => "7-Stud H/L8",
        "46" | "47" | "49" => "Razz",
        _ => return None,
    })
}

/// `No Limit ($0.25/$0.50)`, `Limit $1/$2`, `No Limit Level 3 Blinds (10/20)`: the betting
/// structure and the two stakes (blinds, or small and big bet) when written.
fn stakes(text: &str) -> (&str, Option<(Amount, Amount)>) {
    let text = text.trim();
    let limit = ["Half Pot Limit", "Pot Limit", "No Limit", "Limit"]
        .into_iter()
        .find(|l| text.starts_with(l))
        .unwrap_or_default();
    let amounts = text[limit.len()..]
        .split_whitespace()
        .map(|w| w.trim_matches(['(', ')']))
        .find(|w| w.contains('/'))
        .and_then(|w| {
            let parts: Vec<&str> = w.split('/').collect();
            match parts.as_slice() {
                [small, big] => Some((money::parse(small)?, money::parse(big)?)),
                _ => None,
            }
        });
    (limit, amounts)
}

/// `20110416150310` or `2012/08/14 21:50:08 +0400`.
fn start_time(text: &str) -> Option<(i64, i64, i64, u8, u8, u8)> {
    let text = text.trim();
    if text.len() >= 14 && text.bytes().take(14).all(|b| b.is_ascii_digit()) {
        let n = |a: usize, b: usize| text[a..b].parse::<i64>().ok();
        let small = |a: usize, b: usize| text[a..b].parse::<u8>().ok();
        let date = format!(
            "{}-{}-{} {}:{}:{}",
            n(0, 4)?,
            n(4, 6)?,
            n(6, 8)?,
            small(8, 10)?,
            small(10, 12)?,
            small(12, 14)?
        );
        return relay::iso_date(&date);
    }
    relay::iso_date(text)
}

/// `Ah,8s` (`null` or empty where a card is face down): each card, `None` where unknown.
fn card_list(text: &str) -> Vec<Option<String>> {
    text.split(',')
        .map(|c| {
            let c = c.trim();
            let mut chars = c.chars();
            match (chars.next(), chars.next(), chars.next()) {
                (Some(rank), Some(suit), None)
                    if "23456789TJQKA".contains(rank.to_ascii_uppercase()) && "shdc".contains(suit) =>
                {
                    Some(format!("{}{suit}", rank.to_ascii_uppercase()))
                }
                _ => None,
            }
        })
        .collect()
}

fn known(cards: &[Option<String>]) -> Vec<String> {
    cards.iter().flatten().cloned().collect()
}

/// The date before which a `RAISE` adds its amount (from then on it is the total raised to).
const RAISE_TO_SINCE: (i64, i64, i64) = (2010, 9, 8);

/// What a `<game>` is: its `<description>`, or in a mix the game its `multigametype` names.
struct Variant<'d> {
    /// The PokerStars game.
    stars: &'static str,
    tournament: bool,
    /// The betting structure (`No Limit`, `Limit`, ...).
    limit: &'d str,
    /// The two stakes the description writes (blinds, or small and big bet).
    stakes: Option<(Amount, Amount)>,
}

impl<'d> Variant<'d> {
    /// The game's variant, or why PHH has none.
    fn of(game: &Game, description: &'d Description) -> Result<Variant<'d>, String> {
        let mut written = description.game.trim().to_owned();
        let tournament = written.ends_with(" Tournament");
        if tournament {
            written.truncate(written.len() - " Tournament".len());
        }
        let (limit, stakes) = stakes(&description.stakes);
        if let Some(mixed) = mixed_game(&game.multigame).filter(|_| !game.multigame.is_empty()) {
            written = mixed.to_owned();
        }
        match stars_game(&written, limit) {
            Some(stars) => Ok(Variant { stars, tournament, limit, stakes }),
            None if description.game.is_empty() => Err("no <description> before this <game>".to_owned()),
            None => Err(format!("PHH has no variant for Merge's {written} {limit}")),
        }
    }

    /// The big blind the description says (a fixed-limit game's stakes are its bets).
    fn big_blind(&self) -> Option<Amount> {
        self.stakes.filter(|_| self.limit != "Limit").map(|s| s.1)
    }
}

/// One `<game>` to a record.
fn import(game: &Game, description: &Description, end: usize, options: &Options) -> Record {
    let whole = Span::new(game.start, end);
    let head = Span::new(game.start, game.players.first().map_or(end, |p| p.span.start));
    let mut draft = Draft::default();
    let variant = match Variant::of(game, description) {
        Ok(variant) => variant,
        Err(message) => {
            draft.refuse(codes::SITE_GAME_UNSUPPORTED, message, head);
            return draft.finish(whole, options, "Merge");
        }
    };
    let date = start_time(&game.starttime);
    let raise_adds = date.is_some_and(|(y, m, d, ..)| (y, m, d) < RAISE_TO_SINCE);
    let mut play = Play::new(game, &variant, raise_adds);
    for (round, items) in &game.rounds {
        play.round(&mut draft, options, round, items, head);
    }
    let end_span = Span::at(end);
    play.settle(&mut draft, whole, end_span, variant.tournament);
    let seats = play.seat_lines(&mut draft, variant.tournament);
    play.header(&mut draft, &variant, date, head);
    relay::seats_play_summary(
        &mut draft,
        &seats,
        play.body,
        (play.street.total, play.street.rake()),
        end_span,
    );
    draft.finish(whole, options, "Merge")
}

/// A `<game>`'s play under way, round by round and element by element.
struct Play<'g> {
    game: &'g Game,
    /// The players in the hand: dealt in, or named by an action or cards and with chips (the
    /// site's `dealtin` is not always set).
    players: Vec<&'g Player>,
    stud: bool,
    /// Whether a `RAISE` adds its amount (logs before [`RAISE_TO_SINCE`]).
    raise_adds: bool,
    /// The big blind the description says, checked against the one posted.
    described_big: Option<Amount>,
    street: Street,
    /// The play, in PokerStars' words.
    body: Vec<(String, Span)>,
    /// Every blind, ante and bring-in posted, by player (a tournament's balances lack them).
    posted: Vec<(String, Amount)>,
    folded: Vec<String>,
    /// The cards shown at the showdown, by player (the last showing kept).
    shows: Vec<(String, String, Span)>,
    /// The observer and their hand (changed by each draw).
    hero_hand: Option<(String, Vec<String>)>,
    /// The observer's hand after the draw of the round under way.
    drawn: Option<(String, Vec<String>)>,
    stud_street: usize,
    /// The big blind posted (for a `RETURN_BLIND`'s meaning).
    big_blind: Option<Amount>,
    /// The whole board, from the longest `COMMUNITY` (a street's own may be missing).
    board: Vec<String>,
    /// Whether a `<winner>` was read.
    ended: bool,
}

impl<'g> Play<'g> {
    fn new(game: &'g Game, variant: &Variant<'_>, raise_adds: bool) -> Play<'g> {
        let named = |p: &Player| {
            let seat = p.seat.to_string();
            game.rounds
                .iter()
                .flat_map(|(_, items)| items)
                .any(|i| i.player() == seat && !matches!(i, Item::Event(e) if e.kind == "CHAT"))
        };
        let has_chips = |p: &Player| money::parse(&p.balance).is_some_and(|b| !b.is_zero());
        let players = game.players.iter().filter(|p| p.dealt_in || (named(p) && has_chips(p))).collect();
        let board = game
            .rounds
            .iter()
            .flat_map(|(_, items)| items)
            .filter_map(|i| match i {
                Item::Cards { kind, cards, .. } if kind == "COMMUNITY" => Some(known(&card_list(cards))),
                _ => None,
            })
            .max_by_key(Vec::len)
            .unwrap_or_default();
        Play {
            game,
            players,
            stud: variant.stars.contains("Stud") || variant.stars.starts_with("Razz"),
            raise_adds,
            described_big: variant.big_blind(),
            street: Street::default(),
            body: Vec::new(),
            posted: Vec::new(),
            folded: Vec::new(),
            shows: Vec::new(),
            hero_hand: None,
            drawn: None,
            stud_street: 2,
            big_blind: None,
            board,
            ended: false,
        }
    }

    /// The name of the player in the hand at `seat`.
    fn name_of(&self, seat: &str) -> Option<&'g str> {
        let seat: i64 = seat.trim().parse().ok()?;
        self.players.iter().find(|p| p.seat == seat).map(|p| p.name.as_str())
    }

    /// The name of a player listed at `seat` but out of the hand (not dealt in, no chips): their
    /// actions are stray.
    fn out_of_hand(&self, seat: &str) -> Option<&'g str> {
        let seat: i64 = seat.trim().parse().ok()?;
        let p = self.game.players.iter().find(|p| p.seat == seat)?;
        (!self.players.iter().any(|q| q.seat == seat)).then_some(p.name.as_str())
    }

    /// One `<round>`: its street marker, the cards dealt, its elements.
    fn round(&mut self, draft: &mut Draft, options: &Options, round: &str, items: &[Item], head: Span) {
        let round_span = items.iter().map(Item::span).reduce(Span::join).unwrap_or(head);
        if !self.marker(draft, round, items, round_span) {
            return;
        }
        if round == "PREFLOP" || round == "PRE_FIRST_DRAW" {
            self.hole_cards(items);
        }
        // The observer's hand after this draw.
        let drawn = round.ends_with("_DRAW") && !round.starts_with("PRE_");
        self.drawn = drawn
            .then(|| {
                items.iter().find_map(|i| match i {
                    Item::Cards { kind, cards, player, .. } if kind == "DRAW_DRAWN_CARDS" => {
                        Some((self.name_of(player)?.to_owned(), known(&card_list(cards))))
                    }
                    _ => None,
                })
            })
            .flatten();
        for item in items {
            self.item(draft, options, item);
        }
    }

    /// The street marker a round starts (and a stud street's cards); false when the round is
    /// refused for want of its board and its elements are not read.
    fn marker(&mut self, draft: &mut Draft, round: &str, items: &[Item], round_span: Span) -> bool {
        match round {
            "PREFLOP" => self.body.push(("*** HOLE CARDS ***".into(), round_span)),
            "PRE_FIRST_DRAW" => self.body.push(("*** DEALING HANDS ***".into(), round_span)),
            "POSTFLOP" | "POSTTURN" | "POSTRIVER" => {
                self.street.close(&mut self.body, round_span);
                let (name, count) = match round {
                    "POSTFLOP" => ("FLOP", 3),
                    "POSTTURN" => ("TURN", 4),
                    _ => ("RIVER", 5),
                };
                let board = &self.board;
                if board.len() < count {
                    let message = format!("the {} has no board of {count} cards", name.to_lowercase());
                    draft.refuse(codes::SITE_BAD_CARDS, message, round_span);
                    return false;
                }
                let marker = if count == 3 {
                    format!("*** FLOP *** [{}]", board[..3].join(" "))
                } else {
                    format!("*** {name} *** [{}] [{}]", board[..count - 1].join(" "), board[count - 1])
                };
                let community = items.iter().rev().find_map(|i| match i {
                    Item::Cards { kind, span, .. } if kind == "COMMUNITY" => Some(*span),
                    _ => None,
                });
                self.body.push((marker, community.unwrap_or(round_span)));
            }
            "FIRST_DRAW" | "SECOND_DRAW" | "THIRD_DRAW" => {
                self.street.close(&mut self.body, round_span);
                let ordinal = round.split('_').next().unwrap_or_default();
                self.body.push((format!("*** {ordinal} DRAW ***"), round_span));
            }
            "BRING_IN" | "FOURTH_STREET" | "FIFTH_STREET" | "SIXTH_STREET" | "SEVENTH_STREET" => {
                self.stud_street(items, round_span);
            }
            "GAME_CANCELLED" => {
                draft.refuse(codes::SITE_INCOMPLETE, "the game was cancelled", round_span);
            }
            _ => {}
        }
        true
    }

    /// The next stud street: its marker, then the cards of the street, each player's newest card
    /// (all three on 3rd street).
    fn stud_street(&mut self, items: &[Item], round_span: Span) {
        self.stud_street += 1;
        let street = self.stud_street;
        if street == 3 {
            self.body.push(("*** 3rd STREET ***".into(), round_span));
        } else {
            self.street.close(&mut self.body, round_span);
            // PokerStars calls 7th street the river.
            let marker =
                if street == 7 { "*** RIVER ***".to_owned() } else { format!("*** {street}th STREET ***") };
            self.body.push((marker, round_span));
        }
        for item in items {
            let Item::Cards { kind, cards, player, span } = item else { continue };
            if kind != "HOLE" && kind != "DRAW_DRAWN_CARDS" {
                continue;
            }
            let Some(name) = self.name_of(player) else { continue };
            let cards = card_list(cards);
            if cards.len() != street {
                continue;
            }
            let new: Vec<String> = if street == 3 { known(&cards) } else { known(&cards[street - 1..]) };
            if !new.is_empty() {
                self.body.push((format!("Dealt to {name} [{}]", new.join(" ")), *span));
            }
        }
    }

    /// The observer's hole cards, dealt in the first round.
    fn hole_cards(&mut self, items: &[Item]) {
        for item in items {
            if let Item::Cards { kind, cards, player, span } = item
                && kind == "HOLE"
                && let Some(name) = self.name_of(player)
            {
                let cards = known(&card_list(cards));
                self.body.push((format!("Dealt to {name} [{}]", cards.join(" ")), *span));
                self.hero_hand = Some((name.to_owned(), cards));
            }
        }
    }

    /// One element of a round.
    fn item(&mut self, draft: &mut Draft, options: &Options, item: &Item) {
        match item {
            Item::Event(event) => self.event(draft, options, event),
            Item::Cards { kind, cards, player, span } if kind == "SHOWN" => {
                let Some(name) = self.name_of(player) else {
                    let message = format!("seat {player} is not in <players>");
                    draft.refuse(codes::SITE_UNKNOWN_PLAYER, message, *span);
                    return;
                };
                let cards = known(&card_list(cards));
                if !cards.is_empty() {
                    self.shows.retain(|(n, _, _)| n != name);
                    self.shows.push((name.to_owned(), cards.join(" "), *span));
                }
            }
            Item::Cards { kind, cards, player, span } if kind == "MUCKED" => {
                // Cards the player mucked (their `MUCK` event), which the log shows.
                let cards = known(&card_list(cards));
                if let Some(name) = self.name_of(player).filter(|_| !cards.is_empty()) {
                    draft.mucked(name, &cards, *span);
                }
            }
            Item::Winner { amount, player, span, .. } => {
                self.ended = true;
                let (Some(name), Some(won)) = (self.name_of(player), money::parse(amount)) else {
                    let message = format!("unreadable winner: seat {player}, amount `{amount}`");
                    draft.refuse(codes::SITE_BAD_AMOUNT, message, *span);
                    return;
                };
                self.street.win(name, won, *span);
            }
            Item::Cards { .. } => {}
        }
    }

    /// An `<event>`: skipped when it says nothing of the play or is stray, else its line.
    fn event(&mut self, draft: &mut Draft, options: &Options, event: &Event) {
        let Event { kind, player, amount, span, .. } = event;
        let span = *span;
        match kind.as_str() {
            "CHAT" | "DISCONNECTED" | "RECONNECTED" | "LEAVE" | "PLAYER_OUT" | "SHOW" | "SIT_IN" => {
                return;
            }
            "GAME_CANCELLED" => {
                draft.refuse(codes::SITE_INCOMPLETE, "the game was cancelled", span);
                return;
            }
            _ => {}
        }
        let Some(name) = self.name_of(player) else {
            if let Some(name) = self.out_of_hand(player) {
                let message =
                    format!("{name} is not dealt in and has no chips; the site's {kind} is skipped");
                draft.convention(options, codes::SITE_STRAY_ACTION, message, span);
                return;
            }
            let message = format!("seat {player} acts but is not in <players>");
            draft.refuse(codes::SITE_UNKNOWN_PLAYER, message, span);
            return;
        };
        let chips = if amount.trim().is_empty() { Some(Amount::ZERO) } else { money::parse(amount) };
        let Some(chips) = chips else {
            draft.refuse(codes::SITE_BAD_AMOUNT, format!("unreadable amount `{amount}`"), span);
            return;
        };
        if self.folded.iter().any(|f| f == name) && kind != "MUCK" {
            let message =
                format!("{name} folded earlier in the hand; the site's later {kind} of {chips} is skipped");
            draft.convention(options, codes::SITE_STRAY_ACTION, message, span);
            return;
        }
        if let Some(line) = self.event_line(draft, options, event, name, chips) {
            self.body.push((line, span));
        }
    }

    /// The line of a player's `<event>` moving `chips`, `None` when it has none (or has pushed
    /// its own).
    fn event_line(
        &mut self,
        draft: &mut Draft,
        options: &Options,
        event: &Event,
        name: &str,
        chips: Amount,
    ) -> Option<String> {
        let (kind, span) = (event.kind.as_str(), event.span);
        let street = &mut self.street;
        Some(match kind {
            "SMALL_BLIND" | "BIG_BLIND" | "INITIAL_BLIND" | "RETURN_BLIND" | "ANTE" | "BRING_IN" => {
                self.posted.push((name.to_owned(), chips));
                self.post(draft, kind, name, chips, span)
            }
            "FOLD" | "SIT_OUT" => {
                self.folded.push(name.to_owned());
                format!("{name}: folds")
            }
            "CHECK" => format!("{name}: checks"),
            "CALL" => {
                street.add(name, chips);
                format!("{name}: calls {chips}")
            }
            // An `ALL_IN` without an amount restates the all-in before it.
            "BET" | "ALL_IN" if chips.is_zero() => return None,
            "BET" | "ALL_IN" => relay::added_text(name, &street.add(name, chips)),
            "RAISE" if self.raise_adds => relay::added_text(name, &street.add(name, chips)),
            "RAISE" => {
                street.raise_to(name, chips);
                format!("{name}: raises {chips} to {chips}")
            }
            "COMPLETE" => {
                street.raise_to(name, chips);
                if self.stud {
                    format!("{name}: completes it to {chips}")
                } else {
                    format!("{name}: raises {chips} to {chips}")
                }
            }
            "DRAW" => return self.draw(draft, name, &event.text, span),
            "MUCK" => format!("{name}: mucks hand"),
            _ if chips.is_zero() => {
                draft.unknown(options, &format!("event {kind} of {name}"), span);
                return None;
            }
            _ => {
                let message = format!("event {kind} of {name} moves {chips}: its meaning is not known");
                draft.refuse(codes::SITE_UNKNOWN_LINE, message, span);
                return None;
            }
        })
    }

    /// A blind, ante or bring-in of `chips`: its line.
    fn post(&mut self, draft: &mut Draft, kind: &str, name: &str, chips: Amount, span: Span) -> String {
        let street = &mut self.street;
        match kind {
            "SMALL_BLIND" => {
                street.post(name, chips);
                format!("{name}: posts small blind {chips}")
            }
            "RETURN_BLIND" => {
                let big = self.big_blind.or(self.described_big).unwrap_or(chips);
                if chips > big {
                    // Both blinds: the big one live, the small one dead.
                    street.post(name, big);
                    street.dead(money::minus(chips, big));
                    format!("{name}: posts small & big blinds {chips}")
                } else {
                    street.post(name, chips);
                    let which = if chips < big { "small" } else { "big" };
                    format!("{name}: posts {which} blind {chips}")
                }
            }
            "ANTE" => {
                street.dead(chips);
                format!("{name}: posts the ante {chips}")
            }
            "BRING_IN" => {
                street.post(name, chips);
                format!("{name}: brings in for {chips}")
            }
            _ => {
                street.post(name, chips);
                if self.big_blind.is_none() {
                    self.big_blind = Some(chips);
                    let balance =
                        self.players.iter().find(|p| p.name == name).and_then(|p| money::parse(&p.balance));
                    if let Some(big) = self.described_big
                        && chips != big
                        && balance.is_some_and(|b| b > chips)
                    {
                        let message = format!(
                            "{name} posts a big blind of {chips}; the game's <description> says {big}"
                        );
                        draft.refuse(codes::SITE_BAD_HEADER, message, span);
                    }
                }
                format!("{name}: posts big blind {chips}")
            }
        }
    }

    /// A `DRAW` of the number of cards `text` says: the observer's discards and new cards when
    /// the log shows their hand after it (pushed here), else the player's line.
    fn draw(&mut self, draft: &mut Draft, name: &str, text: &str, span: Span) -> Option<String> {
        let count: usize = text.trim().parse().unwrap_or(usize::MAX);
        if count == usize::MAX {
            draft.refuse(codes::SITE_BAD_CARDS, format!("unreadable draw `{text}`"), span);
            return None;
        }
        if count == 0 {
            return Some(format!("{name}: stands pat"));
        }
        let plural = if count == 1 { "card" } else { "cards" };
        let mine = self.hero_hand.as_ref().filter(|(h, _)| h == name);
        let (Some((_, old)), Some((_, new))) = (mine, self.drawn.as_ref().filter(|(h, _)| h == name)) else {
            return Some(format!("{name}: discards {count} {plural}"));
        };
        let gone: Vec<&String> = old.iter().filter(|c| !new.contains(c)).collect();
        let kept: Vec<&String> = new.iter().filter(|c| old.contains(c)).collect();
        let got: Vec<&String> = new.iter().filter(|c| !old.contains(c)).collect();
        let join = |v: &[&String]| v.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(" ");
        self.body.push((format!("{name}: discards {count} {plural} [{}]", join(&gone)), span));
        let dealt = if kept.is_empty() {
            format!("Dealt to {name} [{}]", join(&got))
        } else {
            format!("Dealt to {name} [{}] [{}]", join(&kept), join(&got))
        };
        self.body.push((dealt, span));
        self.hero_hand = Some((name.to_owned(), new.clone()));
        None
    }

    /// The hand is over: the last street closed, the cards shown, the payout.
    fn settle(&mut self, draft: &mut Draft, whole: Span, end: Span, tournament: bool) {
        if !self.ended {
            draft.refuse(codes::SITE_INCOMPLETE, "the game has no winner: it is cut short", whole);
        }
        self.street.close(&mut self.body, end);
        for (name, cards, span) in &self.shows {
            self.body.push((format!("{name}: shows [{cards}]"), *span));
        }
        self.street.collected(&mut self.body, true);
        draft.payout(&self.street, tournament);
    }

    /// The seats with a readable balance (the others refused); a tournament's with the hand's
    /// posts added back.
    fn seat_lines(&self, draft: &mut Draft, tournament: bool) -> Vec<relay::Seat> {
        let mut seats = Vec::new();
        for p in &self.players {
            let Some(mut balance) = money::parse(&p.balance) else {
                draft.refuse(codes::SITE_BAD_AMOUNT, format!("unreadable balance of {}", p.name), p.span);
                continue;
            };
            if tournament {
                for (_, chips) in self.posted.iter().filter(|(n, _)| *n == p.name) {
                    balance = money::plus(balance, *chips);
                }
            }
            seats.push((p.seat + 1, p.name.clone(), balance, p.span));
        }
        seats
    }

    /// The header and table lines (stakes from the description, else the blinds posted).
    fn header(
        &self,
        draft: &mut Draft,
        variant: &Variant<'_>,
        date: Option<(i64, i64, i64, u8, u8, u8)>,
        head: Span,
    ) {
        let game = self.game;
        let mut fields = game.data.split(['|', ':']);
        let table = fields.nth(1).map(str::trim).filter(|t| !t.is_empty()).map(str::to_owned);
        let tournament_id = fields.next().map(|t| t.split('-').next().unwrap_or(t).to_owned());
        let id: String = game.id.chars().filter(char::is_ascii_digit).collect();
        let event = variant.tournament.then(|| format!("Tournament #{}", tournament_id.unwrap_or_default()));
        let money_game = game.real_money && !variant.tournament;
        let stakes = variant.stakes.or_else(|| {
            let small = self.posted.first().map(|(_, a)| *a)?;
            Some((small, self.big_blind?))
        });
        let header = StarsHeader::new("Merge", if id.is_empty() { "0" } else { &id }, variant.stars, stakes)
            .event(event)
            .money(money_game.then_some('$'), money_game.then_some("USD"))
            .date(date, None);
        if stakes.is_none() {
            draft.refuse(codes::SITE_BAD_HEADER, "no stakes in <description> and no blinds posted", head);
        }
        draft.push(header.line(), head);
        let table = table.unwrap_or_else(|| game.id.split('-').next().unwrap_or_default().to_owned());
        draft.push(relay::table_line(&table, game.seats, game.dealer.map(|d| d + 1)), head);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forms() {
        let (limit, amounts) = stakes("No Limit ($0.25/$0.50)");
        assert_eq!((limit, amounts.map(|a| a.1.to_string())), ("No Limit", Some("0.50".to_owned())));
        assert_eq!(stakes("Limit $0.50/$1").1.map(|a| a.0.to_string()), Some("0.50".to_owned()));
        assert_eq!(stakes("Half Pot Limit ($0.50/$0.50)").0, "Half Pot Limit");
        assert_eq!(stakes("No Limit ($0.01/$0.02/$0.10)").1, None);
        assert_eq!(start_time("20081013150000"), Some((2008, 10, 13, 15, 0, 0)));
        assert_eq!(start_time("2012/08/14 21:50:08 +0400"), Some((2012, 8, 14, 21, 50, 8)));
        assert_eq!(card_list("null,,Ts"), [None, None, Some("Ts".to_owned())]);
        assert_eq!(stars_game("Holdem", "Pot Limit"), None);
        assert_eq!(mixed_game("43"), Some("7-Stud H/L8"));
    }

    #[test]
    fn detection() {
        assert!(detect("<description type=\"Holdem\" stakes=\"No Limit ($0.02/$0.04)\" version=\"2\" />\n"));
        assert!(detect(
            "<game id=\"33423082-1\" starttime=\"20110419085211\" numholecards=\"5\" gametype=\"67\">"
        ));
        // iPoker's sessions and games, Microgaming's games, Boss Media's histories are not Merge's.
        assert!(!detect("<session sessioncode=\"1\"><general><gametype>Holdem NL $0.05/$0.10</gametype>"));
        assert!(!detect("<game gamecode=\"53\"><general><startdate>2014-01-06</startdate>"));
        assert!(!detect("<Game id=\"1\" date=\"2011-11-21 19:49:47\" tablename=\"Gouda\">"));
        assert!(!detect("<HISTORY ID=\"1\" SESSION=\"2\" TABLE=\"T\" GAME=\"GAME_THM\">"));
        assert!(!detect("PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD)"));
    }
}
