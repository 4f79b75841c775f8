//! Microgaming (MPN) hand histories (XML, one `<Game>` per hand, with no root around them and
//! the client's notes between them): [`Reader`] imports them to PHH hands, one [`Record`] per
//! `<Game>`, each replayed and checked against the stacks the log states.
//!
//! A `<Game id date tablename stakes="0.10|0.20" betlimit="NL|PL|FL" gametype="Hold'em|Omaha|
//! Omaha H/L" realmoney currencysymbol istournament>` has its `<Seats>` (`<Seat num alias
//! balance endbalance dealer="true" sittingout="true">`; `unicodealias` and `currencysymbol` are
//! base64 of UTF-16LE text and are read first) and its `<Gameplay>`: `<Action seq type seat
//! value>`s in order, `value` always the chips the action adds (a `Raise`'s call included).
//! Types: `SmallBlind`, `BigBlind`, `PostedToPlay` (a blind posted by a player joining, live),
//! `DealCards` (the observer's `<Card value suit>`s), `DealFlop`, `DealTurn`, `DealRiver`,
//! `Fold`, `Check`, `Call`, `Bet`, `Raise`, `AllIn`, `ShowCards`, `MuckCards`, `MoneyReturned`
//! (an uncalled bet, which the import finds itself), and `Win` (`<Seat num amount>` per pot
//! won; the 2009-2010 logs leave the uncalled bet out of it, later ones count it). The winners are paid the pot less the rake, so the rake is
//! what went in less what was paid out; every player's `endbalance` must be what the replay
//! leaves them. Refused per hand, with a code: games PHH cannot express (pot-limit hold'em,
//! pot-limit Omaha hi/lo...), a player acting who has no seat, ending stacks the replay does not
//! give.
//!
//! ```
//! let log = r#"<Game id="41" date="2011-11-01 23:42:20" tablename="Oslo" stakes="0.10|0.20" betlimit="NL" gametype="Hold&apos;em" realmoney="true" currencysymbol="rCA=" istournament="0">
//! <Seats>
//! <Seat num="1" alias="Ann" balance="20.00" endbalance="20.20" dealer="true"/>
//! <Seat num="2" alias="Bob" balance="10.00" endbalance="9.80"/>
//! </Seats>
//! <Gameplay>
//! <Action seq="1" type="SmallBlind" seat="1" value="0.10"/>
//! <Action seq="2" type="BigBlind" seat="2" value="0.20"/>
//! <Action seq="3" type="DealCards" seat="1"><Card value="A" suit="h"/><Card value="10" suit="d"/></Action>
//! <Action seq="4" type="Raise" seat="1" value="0.50"/>
//! <Action seq="5" type="Fold" seat="2"/>
//! <Action type="Win"><Seat num="1" amount="0.40" pot="0" type="" lowhandwin="0"/></Action>
//! </Gameplay>
//! </Game>"#;
//! let record = sitelogs::microgaming::Reader::from_str(log, sitelogs::Options::default()).next().unwrap();
//! assert!(record.diagnostics.is_empty(), "{:?}", record.diagnostics);
//! let hand = record.hand.unwrap();
//! assert_eq!(hand.currency.as_deref(), Some("EUR"));
//! let actions: Vec<String> = hand.actions.iter().map(ToString::to_string).collect();
//! assert_eq!(actions, ["d dh p1 ????", "d dh p2 AhTd", "p2 cbr 0.60", "p1 f"]);
//! ```

use cards_core::{Amount, Span};
use quick_xml::events::BytesStart;

use crate::chips::Round;
use crate::relay::{self, Draft, StarsHeader, Street};
use crate::xml::{XmlReader, XmlSite, attribute};
use crate::{Options, Record, codes, money};

/// Whether the first few KB of a file (decoded) are a Microgaming log: a `<Game id=...>` with its
/// `tablename` and `betlimit` or `currencysymbol`. Merge's and iPoker's `<game>` (lower case) are
/// not.
#[must_use]
pub fn detect(head: &str) -> bool {
    head.find("<Game ").is_some_and(|at| {
        let tag = head[at..].split('>').next().unwrap_or_default();
        tag.contains(" id=\"")
            && tag.contains(" tablename=\"")
            && (tag.contains(" betlimit=\"") || tag.contains(" currencysymbol=\""))
    })
}

#[derive(Debug, Default)]
struct Seat {
    num: i64,
    name: String,
    balance: String,
    end: String,
    dealer: bool,
    span: Span,
}

#[derive(Debug, Default)]
struct Action {
    kind: String,
    seat: String,
    value: String,
    cards: Vec<String>,
    /// A `Win`'s `(seat, amount, span)`s.
    wins: Vec<(String, String, Span)>,
    span: Span,
}

#[derive(Debug, Default)]
struct Game {
    id: String,
    start: usize,
    date: String,
    table: String,
    stakes: String,
    limit: String,
    game: String,
    real_money: bool,
    tournament: bool,
    symbol: String,
    seats: Vec<Seat>,
    actions: Vec<Action>,
}

/// Streams the hands (`<Game>`s) of a Microgaming log.
pub type Reader<R> = XmlReader<R, Microgaming>;

/// Microgaming's XML, for the XML-site reader: the game under way.
#[derive(Debug, Default)]
pub struct Microgaming {
    game: Option<Game>,
    /// Inside `<Seats>` (a `<Seat>` there is a player; inside a `Win` it is a payout).
    in_seats: bool,
}

/// Base64 (standard alphabet, `=` padding) of UTF-16LE text, as Microgaming writes names and
/// currency symbols; `None` when it is not.
fn base64_utf16(text: &str) -> Option<String> {
    let mut bits: u32 = 0;
    let mut count = 0;
    let mut bytes = Vec::new();
    for c in text.trim().bytes().filter(|&b| b != b'=') {
        let value = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return None,
        };
        bits = (bits << 6) | u32::from(value);
        count += 6;
        if count >= 8 {
            count -= 8;
            bytes.push(u8::try_from((bits >> count) & 0xff).ok()?);
        }
    }
    if bytes.len() % 2 != 0 {
        return None;
    }
    let units: Vec<u16> = bytes.chunks(2).map(|p| u16::from_le_bytes([p[0], p[1]])).collect();
    String::from_utf16(&units).ok()
}

impl XmlSite for Microgaming {
    const HAND: &'static str = "Game";

    fn open(&mut self, element: &BytesStart<'_>, span: Span, _empty: bool) {
        let attr = |key: &str| attribute(element, key);
        let name = element.name();
        if name.as_ref() == b"Game" {
            self.game = Some(Game {
                id: attr("id"),
                start: span.start,
                date: attr("date"),
                table: base64_utf16(&attr("unicodetablename"))
                    .filter(|t| !t.trim().is_empty())
                    .unwrap_or_else(|| attr("tablename")),
                stakes: attr("stakes"),
                limit: attr("betlimit"),
                game: attr("gametype"),
                real_money: attr("realmoney") != "false",
                tournament: attr("istournament").trim() == "1",
                symbol: base64_utf16(&attr("currencysymbol")).unwrap_or_default(),
                ..Game::default()
            });
            return;
        }
        let Some(game) = self.game.as_mut() else { return };
        match name.as_ref() {
            b"Seats" => self.in_seats = true,
            b"Seat" if self.in_seats => game.seats.push(Seat {
                num: attr("num").trim().parse().unwrap_or(-1),
                name: base64_utf16(&attr("unicodealias"))
                    .filter(|n| !n.trim().is_empty())
                    .unwrap_or_else(|| attr("alias")),
                balance: attr("balance"),
                end: attr("endbalance"),
                dealer: attr("dealer") == "true",
                span,
            }),
            b"Seat" => {
                if let Some(action) = game.actions.last_mut() {
                    action.wins.push((attr("num"), attr("amount"), span));
                }
            }
            b"Action" => game.actions.push(Action {
                kind: attr("type"),
                seat: attr("seat"),
                value: attr("value"),
                span,
                ..Action::default()
            }),
            b"Card" => {
                if let Some(action) = game.actions.last_mut() {
                    let value = attr("value");
                    let rank = if value == "10" { "T".to_owned() } else { value.to_ascii_uppercase() };
                    action.cards.push(format!("{rank}{}", attr("suit").to_ascii_lowercase()));
                }
            }
            _ => {}
        }
    }

    fn close(&mut self, name: &[u8], _text: String, end: usize, options: &Options) -> Option<Record> {
        match name {
            b"Seats" => self.in_seats = false,
            b"Game" => return self.game.take().map(|game| import(&game, end, options)),
            _ => {}
        }
        None
    }

    fn take_unfinished(&mut self) -> Option<usize> {
        self.game.take().map(|game| game.start)
    }
}

/// Ends a betting round: the uncalled bet goes back. When the `Win` does not count it
/// (`counted` false), it is paid to its bettor here for [`Street::close`] to take back as the
/// uncalled bet.
pub(crate) fn close(
    street: &mut Street,
    bets: &mut Round<String>,
    body: &mut Vec<(String, Span)>,
    span: Span,
    counted: bool,
) {
    if let Some((name, amount)) = bets.close()
        && !counted
    {
        street.win(&name, amount, span);
    }
    street.close(body, span);
}

/// The PokerStars game of a Microgaming game and betting limit.
fn stars_game(game: &str, limit: &str) -> Option<&'static str> {
    Some(match (game.trim(), limit.trim()) {
        ("Hold'em", "NL") => "Hold'em No Limit",
        ("Hold'em", "FL" | "L") => "Hold'em Limit",
        ("Omaha", "PL") => "Omaha Pot Limit",
        ("Omaha H/L", "FL" | "L") => "Omaha Hi/Lo Limit",
        _ => return None,
    })
}

/// A currency symbol as the currency it stands for.
fn currency(symbol: &str) -> Option<(&'static str, char)> {
    match symbol.trim() {
        "€" => Some(("EUR", '€')),
        "$" => Some(("USD", '$')),
        "£" => Some(("GBP", '£')),
        _ => None,
    }
}

/// One `<Game>` to a record. Logs differ on whether a `Win` counts the uncalled bet paid back
/// (the 2009-2010 logs do not, later ones do): the reading whose replay gives every player the
/// log's `endbalance` is taken, the first one's errors reported when neither does.
fn import(game: &Game, end: usize, options: &Options) -> Record {
    let first = import_as(game, end, options, false);
    if first.diagnostics.iter().any(|d| d.code() == codes::SITE_INCONSISTENT) {
        let second = import_as(game, end, options, true);
        if second.hand.is_some() {
            return second;
        }
    }
    first
}

/// One `<Game>` to a record, the `Win`s counting the uncalled bet or not (`counted`).
fn import_as(game: &Game, end: usize, options: &Options, counted: bool) -> Record {
    let whole = Span::new(game.start, end);
    let head = Span::new(game.start, game.seats.first().map_or(end, |s| s.span.start));
    let mut draft = Draft::default();
    let Some(stars) = stars_game(&game.game, &game.limit) else {
        let message = format!("PHH has no variant for Microgaming's {} {}", game.game, game.limit);
        draft.refuse(codes::SITE_GAME_UNSUPPORTED, message, head);
        return draft.finish(whole, options, "Microgaming");
    };
    let stakes = game.stakes.split_once('|').and_then(|(a, b)| Some((money::parse(a)?, money::parse(b)?)));
    let mut play = Play::new(game, counted);
    play.big = stakes.map(|(_, b)| b);
    for action in &game.actions {
        play.action(&mut draft, options, action);
    }
    let end_span = Span::at(end);
    play.settle(&mut draft, whole, end_span);
    let currency = currency(&game.symbol).filter(|_| game.real_money && !game.tournament);
    let id: String = game.id.chars().filter(char::is_ascii_alphanumeric).collect();
    let header = StarsHeader::new("Microgaming", if id.is_empty() { "0" } else { &id }, stars, stakes)
        .event(game.tournament.then(|| format!("Tournament #{id}")))
        .money(currency.map(|c| c.1), currency.map(|c| c.0))
        .date(relay::iso_date(&game.date), None);
    if stakes.is_none() {
        draft.refuse(codes::SITE_BAD_HEADER, format!("unreadable stakes `{}`", game.stakes), head);
    }
    draft.push(header.line(), head);
    let button = game.seats.iter().find(|s| s.dealer).map(|s| s.num);
    draft.push(relay::table_line(&game.table, None, button), head);
    let mut ends: Vec<relay::End> = Vec::new();
    for seat in &play.seats {
        let (Some(balance), Some(end)) = (money::parse(&seat.balance), money::parse(&seat.end)) else {
            let message = format!("unreadable balance or endbalance of {}", seat.name);
            draft.refuse(codes::SITE_BAD_AMOUNT, message, seat.span);
            continue;
        };
        ends.push((seat.name.clone(), end, seat.span));
        draft.push(relay::seat_line(seat.num, &seat.name, balance), seat.span);
    }
    for (text, span) in play.body {
        draft.push(text, span);
    }
    relay::summary_lines(&mut draft, play.street.total, play.street.rake(), end_span);
    draft.ends(ends, "the log's endbalance is");
    draft.finish(whole, options, "Microgaming")
}

/// A `<Game>`'s play under way, action by action.
struct Play<'g> {
    /// Who is in the hand: every seat an action names (a seat sitting out is listed too).
    seats: Vec<&'g Seat>,
    /// The big blind.
    big: Option<Amount>,
    /// Whether a `Win` counts the uncalled bet paid back.
    counted: bool,
    street: Street,
    /// The chips each player put in on the betting round under way.
    bets: Round<String>,
    /// The play, in PokerStars' words.
    body: Vec<(String, Span)>,
    /// The cards shown or mucked, written after the last betting round.
    shows: Vec<(String, Span)>,
    paid: bool,
    dealt: bool,
}

impl<'g> Play<'g> {
    fn new(game: &'g Game, counted: bool) -> Play<'g> {
        let acts = |s: &Seat| {
            let num = s.num.to_string();
            game.actions.iter().any(|a| a.seat.trim() == num && a.kind != "Win")
        };
        Play {
            seats: game.seats.iter().filter(|s| acts(s)).collect(),
            big: None,
            counted,
            street: Street::default(),
            bets: Round::default(),
            body: Vec::new(),
            shows: Vec::new(),
            paid: false,
            dealt: false,
        }
    }

    /// The name of the player in `seat`.
    fn name_of(&self, seat: &str) -> Option<&'g str> {
        let num: i64 = seat.trim().parse().ok()?;
        self.seats.iter().find(|s| s.num == num).map(|s| s.name.as_str())
    }

    /// One `<Action>`.
    fn action(&mut self, draft: &mut Draft, options: &Options, action: &Action) {
        let span = action.span;
        let kind = action.kind.as_str();
        match kind {
            "DealFlop" | "DealTurn" | "DealRiver" => {
                close(&mut self.street, &mut self.bets, &mut self.body, span, self.counted);
                let name = &kind[4..];
                let cards = action.cards.join(" ");
                self.body.push((format!("*** {} *** [{cards}]", name.to_uppercase()), span));
                return;
            }
            "Win" => {
                self.win(draft, action);
                return;
            }
            _ => {}
        }
        let Some(name) = self.name_of(&action.seat) else {
            if action.seat.trim().is_empty() {
                draft.unknown(options, &format!("action {kind}"), span);
            } else {
                let message = format!("seat {} acts but has no <Seat>", action.seat);
                draft.refuse(codes::SITE_UNKNOWN_PLAYER, message, span);
            }
            return;
        };
        let chips =
            if action.value.trim().is_empty() { Some(Amount::ZERO) } else { money::parse(&action.value) };
        let Some(chips) = chips else {
            draft.refuse(codes::SITE_BAD_AMOUNT, format!("unreadable value `{}`", action.value), span);
            return;
        };
        let Some(line) = self.line(draft, options, action, name, chips) else { return };
        if !self.dealt && kind != "SmallBlind" && kind != "BigBlind" && kind != "PostedToPlay" {
            self.body.push(("*** HOLE CARDS ***".into(), span));
            self.dealt = true;
        }
        self.body.push((line, span));
    }

    /// A `Win`: what each seat named is paid.
    fn win(&mut self, draft: &mut Draft, action: &Action) {
        self.paid = true;
        for (seat, amount, span) in &action.wins {
            match (self.name_of(seat), money::parse(amount)) {
                (Some(name), Some(won)) => self.street.win(name, won, *span),
                _ => draft.refuse(
                    codes::SITE_BAD_AMOUNT,
                    format!("unreadable payout: seat {seat}, amount `{amount}`"),
                    *span,
                ),
            }
        }
    }

    /// A player's action of `chips`: its line in the play, if it has one there.
    fn line(
        &mut self,
        draft: &mut Draft,
        options: &Options,
        action: &Action,
        name: &str,
        chips: Amount,
    ) -> Option<String> {
        let (span, kind) = (action.span, action.kind.as_str());
        Some(match kind {
            "SmallBlind" | "BigBlind" | "PostedToPlay" => {
                self.street.post(name, chips);
                self.bets.add(name, chips);
                let which =
                    if kind == "SmallBlind" || self.big.is_some_and(|b| chips < b) { "small" } else { "big" };
                format!("{name}: posts {which} blind {chips}")
            }
            "DealCards" => {
                if !self.dealt {
                    self.body.push(("*** HOLE CARDS ***".into(), span));
                    self.dealt = true;
                }
                format!("Dealt to {name} [{}]", action.cards.join(" "))
            }
            "Fold" => format!("{name}: folds"),
            "Check" => format!("{name}: checks"),
            "Call" | "Bet" | "Raise" | "AllIn" => {
                if chips.is_zero() {
                    draft.unknown(options, &format!("{kind} of {name} with no value"), span);
                    return None;
                }
                self.bets.add(name, chips);
                let added = self.street.add(name, chips);
                if kind == "Call" {
                    format!("{name}: calls {chips}")
                } else {
                    relay::added_text(name, &added)
                }
            }
            "ShowCards" if !action.cards.is_empty() => {
                self.shows.push((format!("{name}: shows [{}]", action.cards.join(" ")), span));
                return None;
            }
            "ShowCards" | "MuckCards" => {
                self.shows.push((format!("{name}: mucks hand"), span));
                return None;
            }
            // The uncalled bet, which the import finds itself when the betting round ends.
            "MoneyReturned" => return None,
            _ if chips.is_zero() => {
                draft.unknown(options, &format!("action {kind} of {name}"), span);
                return None;
            }
            _ => {
                let message = format!("action {kind} of {name} moves {chips}: its meaning is not known");
                draft.refuse(codes::SITE_UNKNOWN_LINE, message, span);
                return None;
            }
        })
    }

    /// The game is over: the last round closed, the shows written, the payout.
    fn settle(&mut self, draft: &mut Draft, whole: Span, end: Span) {
        if !self.paid {
            draft.refuse(codes::SITE_INCOMPLETE, "no `Win`: the game is cut short", whole);
        }
        if !self.dealt {
            self.body.push(("*** HOLE CARDS ***".into(), end));
        }
        close(&mut self.street, &mut self.bets, &mut self.body, end, self.counted);
        self.body.append(&mut self.shows);
        self.street.collected(&mut self.body, true);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forms() {
        assert_eq!(base64_utf16("rCA=").as_deref(), Some("€"));
        assert_eq!(base64_utf16("SABlAHIAbwA=").as_deref(), Some("Hero"));
        assert_eq!(base64_utf16("rC"), None);
        assert_eq!(stars_game("Omaha", "PL"), Some("Omaha Pot Limit"));
        assert_eq!(stars_game("Omaha H/L", "PL"), None);
        let mut bets: Round<String> = Round::default();
        let a = |s: &str| s.parse::<Amount>().unwrap();
        bets.add("a", a("2"));
        bets.add("b", a("10"));
        assert_eq!(bets.close(), Some(("b".to_owned(), a("8"))));
        assert_eq!(bets.close(), None);
    }

    #[test]
    fn detection() {
        assert!(detect(
            "----PRIMA.DAT----\n\n<Game id=\"2979859578\" date=\"2009-11-23 22:38:43\" tablename=\"Tornado\" stakes=\"1.00|2.00\" betlimit=\"NL\">"
        ));
        assert!(!detect("<game id=\"33423082-1\" starttime=\"20110419085211\" numholecards=\"5\">"));
        assert!(!detect(
            "<session><general><gametype>Holdem NL $0.05/$0.10</gametype></general><game gamecode=\"1\">"
        ));
        assert!(!detect("<HISTORY ID=\"1\" SESSION=\"2\" TABLE=\"T\" GAME=\"GAME_THM\">"));
    }
}
