//! Everest Poker hand histories (XML with no root: a `<SESSION .../>` then its `<HAND>`s):
//! [`Reader`] imports them to PHH hands, one [`Record`] per `<HAND>`, each replayed and checked
//! against what the log pays out and the rake it states.
//!
//! `<SESSION tableName type="ring" money="$" game="hold-em" gametype="no-limit"/>` gives the
//! table, cash (`ring`) or tournament, the currency symbol (`$`, `€`; empty for play money), the
//! game (`hold-em`, `omaha-hi`) and betting (`no-limit`, `pot-limit`, `fixed-limit` or `limit`)
//! of the hands after it. A `<HAND time id blinds stakes>` (`time` in seconds since 1970, UTC;
//! `blinds` and `stakes` as shown, `$0.01/$0.02` or `0,01 €/0,02 €`, `stakes` the small and big
//! bet of a limit game) lists its `<SEAT position name balance/>`s, its `<DEALER position/>`,
//! then its events in order: `<BLIND position amount penalty/>` (a post; `penalty` the dead
//! chips of a returning player's blinds), `<ANTE position amount/>`, `<XBLIND/>` (a blind not
//! posted: that player sits out), `<HOLE position>6c</HOLE>` (one card a round, `--` unseen),
//! `<BET position amount/>` (the chips added: a check when 0, a call, bet or raise by what the
//! others put in; `allin="1"` all in), `<FOLD/>`, `<PUSH position amount/>` (the uncalled bet
//! returned), `<SWEEP rake tax>POT</SWEEP>` (the pot after the betting round, less the rake and
//! tax taken so far), `<COMMUNITY>Kc, 10s, 8s</COMMUNITY>` (the cards the round adds),
//! `<SHOW position>Jh, Jd</SHOW>`, `<MUCK/>`, `<XSHOW/>` (not shown), `<WIN position amount/>`,
//! `<CHAT>`. Every amount is in hundredths (`balance="197"` is 1.97), as the tracker reads them.
//!
//! Refused per hand, with a code: games PHH cannot express (pot-limit or no-limit hold'em and
//! Omaha other than no-limit hold'em, pot-limit Omaha and fixed-limit hold'em), a seat acting that
//! has no `<SEAT>`, a hand with no `<WIN>` (cut short), a rake the last `<SWEEP>` states that is
//! not what went in less what was paid out, unreadable amounts. An element the importer does not
//! know is skipped with [`codes::SITE_UNKNOWN_LINE`], a warning (an error under `strict`).
//!
//! ```
//! let log = r#"<SESSION time="1331809137" tableName="Moroni-1" id="1454.109.133" type="ring" money="$" screenName="Ann" game="hold-em" gametype="no-limit"/>
//! <HAND time="1331809153" id="7456671620" index="0" blinds="$0.50/$1" stakes="$0.50/$1">
//!   <SEAT position="2" name="Ann" balance="2650"/>
//!   <SEAT position="3" name="Bob" balance="10000"/>
//!   <DEALER position="2"/>
//!   <BLIND position="2" amount="50" penalty="0"/>
//!   <BLIND position="3" amount="100" penalty="0"/>
//!   <HOLE position="2">Ah</HOLE><HOLE position="3">--</HOLE>
//!   <HOLE position="2">10d</HOLE><HOLE position="3">--</HOLE>
//!   <BET position="2" amount="250"/>
//!   <FOLD position="3"/>
//!   <PUSH position="2" amount="200"/>
//!   <SWEEP rake="0" tax="0">200</SWEEP>
//!   <XSHOW position="2"/>
//!   <WIN position="2" amount="200" pot="0" potAmount="200"/>
//! </HAND>"#;
//! let record = sitelogs::everest::Reader::from_str(log, sitelogs::Options::default()).next().unwrap();
//! assert!(record.diagnostics.is_empty(), "{:?}", record.diagnostics);
//! let hand = record.hand.unwrap();
//! assert_eq!(hand.venue.as_deref(), Some("Everest"));
//! let actions: Vec<String> = hand.actions.iter().map(ToString::to_string).collect();
//! assert_eq!(actions, ["d dh p1 ????", "d dh p2 AhTd", "p2 cbr 3.00", "p1 f"]);
//! assert_eq!(hand.finishing_stacks.unwrap()[1].to_string(), "27.50");
//! ```

use cards_core::{Amount, Span};
use quick_xml::events::BytesStart;

use crate::relay::{self, Draft, StarsHeader, Street};
use crate::xml::{XmlReader, XmlSite, attribute};
use crate::{Options, Record, codes, money};

/// Whether the first few KB of a file (decoded) are an Everest log: a `<SESSION ...>` with its
/// `tableName` and `gametype`, or a `<HAND time="..." id="...">`.
#[must_use]
pub fn detect(head: &str) -> bool {
    let tag_has = |open: &str, keys: &[&str]| {
        head.find(open).is_some_and(|at| {
            let tag = head[at..].split('>').next().unwrap_or_default();
            keys.iter().all(|k| tag.contains(k))
        })
    };
    tag_has("<SESSION ", &[" tableName=\"", " gametype=\""]) || tag_has("<HAND time=\"", &[" id=\""])
}

/// What the `<SESSION>` says, for every hand after it.
#[derive(Debug, Default, Clone)]
struct Session {
    table: String,
    kind: String,
    id: String,
    money: String,
    game: String,
    betting: String,
}

/// One element of a hand, in file order.
#[derive(Debug, Default)]
struct Item {
    /// The element's name (`BET`, `HOLE`...).
    kind: String,
    position: String,
    amount: String,
    penalty: String,
    all_in: bool,
    rake: String,
    tax: String,
    /// The text inside it (cards, a pot).
    text: String,
    span: Span,
}

#[derive(Debug, Default)]
struct Hand {
    start: usize,
    id: String,
    time: String,
    blinds: String,
    stakes: String,
    /// `(position, name, balance, span)`.
    seats: Vec<(i64, String, String, Span)>,
    dealer: Option<i64>,
    items: Vec<Item>,
}

/// Streams the hands (`<HAND>`s) of an Everest log.
pub type Reader<R> = XmlReader<R, Everest>;

/// Everest's XML, for the XML-site reader: the session in force and the hand under way.
#[derive(Debug, Default)]
pub struct Everest {
    session: Session,
    hand: Option<Hand>,
}

impl XmlSite for Everest {
    const HAND: &'static str = "HAND";
    const TEXT: bool = true;

    fn open(&mut self, element: &BytesStart<'_>, span: Span, _empty: bool) {
        let attr = |key: &str| attribute(element, key);
        match element.name().as_ref() {
            b"SESSION" => {
                self.session = Session {
                    table: attr("tableName"),
                    kind: attr("type"),
                    id: attr("id"),
                    money: attr("money"),
                    game: attr("game"),
                    betting: attr("gametype"),
                };
            }
            b"HAND" => {
                self.hand = Some(Hand {
                    start: span.start,
                    id: attr("id"),
                    time: attr("time"),
                    blinds: attr("blinds"),
                    stakes: attr("stakes"),
                    ..Hand::default()
                });
            }
            name => {
                let Some(hand) = self.hand.as_mut() else { return };
                match name {
                    b"SEAT" => {
                        let position = attr("position").trim().parse().unwrap_or(-1);
                        hand.seats.push((position, attr("name"), attr("balance"), span));
                    }
                    b"DEALER" => hand.dealer = attr("position").trim().parse().ok(),
                    _ => hand.items.push(Item {
                        kind: String::from_utf8_lossy(name).into_owned(),
                        position: attr("position"),
                        amount: attr("amount"),
                        penalty: attr("penalty"),
                        all_in: attr("allin").trim() == "1",
                        rake: attr("rake"),
                        tax: attr("tax"),
                        text: String::new(),
                        span,
                    }),
                }
            }
        }
    }

    fn close(&mut self, name: &[u8], text: String, end: usize, options: &Options) -> Option<Record> {
        if name == b"HAND" {
            return self.hand.take().map(|hand| import(&hand, &self.session, end, options));
        }
        let item = self.hand.as_mut()?.items.last_mut()?;
        if item.kind.as_bytes() == name {
            item.text = text.trim().to_owned();
            item.span = Span::new(item.span.start, end);
        }
        None
    }

    fn take_unfinished(&mut self) -> Option<usize> {
        self.hand.take().map(|hand| hand.start)
    }
}

/// An amount in hundredths (`197` is 1.97).
fn hundredths(text: &str) -> Option<Amount> {
    let text = text.trim();
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
        return None;
    }
    let mut value = money::parse(text)?.decimal();
    value.set_scale(value.scale() + 2).ok()?;
    Some(Amount(value))
}

/// An amount in hundredths, none (an empty or missing attribute) being zero.
fn hundredths_or_zero(text: &str) -> Option<Amount> {
    if text.trim().is_empty() { Some(Amount::ZERO) } else { hundredths(text) }
}

/// A stake as the header shows it: `$0.01`, `0,01 €`, `5 €`; the decimal comma read as a point.
fn stake(text: &str) -> Option<Amount> {
    let digits: String = text.chars().filter(|c| c.is_ascii_digit() || matches!(c, '.' | ',')).collect();
    let digits = match digits.rsplit_once(',') {
        Some((whole, fraction)) if fraction.len() <= 2 && !whole.contains('.') => {
            format!("{whole}.{fraction}")
        }
        _ => digits.replace(',', ""),
    };
    money::parse(&digits)
}

/// `a/b` as two stakes.
fn stakes(text: &str) -> Option<(Amount, Amount)> {
    let (a, b) = text.split_once('/')?;
    Some((stake(a)?, stake(b)?))
}

/// `Kc, 10s, 8s` in PokerStars' spelling (`Kc Ts 8s`); `None` for an unseen card (`--`).
fn cards(text: &str) -> Option<String> {
    let cards: Vec<String> =
        text.split([',', ' ']).filter(|c| !c.is_empty()).map(|c| c.replace("10", "T")).collect();
    let known = !cards.is_empty() && cards.iter().all(|c| c.len() == 2 && !c.contains('-'));
    known.then(|| cards.join(" "))
}

/// The PokerStars game of an Everest game and betting.
fn stars_game(game: &str, betting: &str) -> Option<&'static str> {
    Some(match (game.trim(), betting.trim()) {
        ("hold-em", "no-limit") => "Hold'em No Limit",
        ("hold-em", "fixed-limit" | "limit") => "Hold'em Limit",
        ("omaha-hi", "pot-limit") => "Omaha Pot Limit",
        _ => return None,
    })
}

/// The hole cards of each position, in the order they were dealt, and the span of the first.
fn hole_cards(hand: &Hand) -> (Vec<(i64, Vec<String>)>, Option<Span>) {
    let mut holes: Vec<(i64, Vec<String>)> = Vec::new();
    let mut first = None;
    for item in hand.items.iter().filter(|i| i.kind == "HOLE") {
        first.get_or_insert(item.span);
        let position = item.position.trim().parse().unwrap_or(-1);
        let card = item.text.replace("10", "T");
        match holes.iter_mut().find(|h| h.0 == position) {
            Some(h) => h.1.push(card),
            None => holes.push((position, vec![card])),
        }
    }
    (holes, first)
}

/// One `<HAND>` to a record.
fn import(hand: &Hand, session: &Session, end: usize, options: &Options) -> Record {
    let whole = Span::new(hand.start, end);
    let head = Span::new(hand.start, hand.seats.first().map_or(end, |s| s.3.start));
    let mut draft = Draft::default();
    let Some(game) = stars_game(&session.game, &session.betting) else {
        let message = format!("PHH has no variant for Everest's {} {}", session.game, session.betting);
        draft.refuse(codes::SITE_GAME_UNSUPPORTED, message, head);
        return draft.finish(whole, options, "Everest");
    };
    let limit = game == "Hold'em Limit";
    let stakes_text = if limit { &hand.stakes } else { &hand.blinds };
    let stakes = stakes(stakes_text);
    if stakes.is_none() {
        draft.refuse(codes::SITE_BAD_HEADER, format!("unreadable stakes `{stakes_text}`"), head);
    }
    let mut play = Play::new(hand);
    // The big blind: a fixed-limit game's is its small bet.
    play.big = stakes.map(|(small, big)| if limit { small } else { big });
    for item in &hand.items {
        play.item(&mut draft, options, item);
    }
    let end_span = Span::at(end);
    let tournament = session.kind.trim() != "ring";
    play.settle(&mut draft, whole, end_span, tournament);
    let symbol = session.money.trim().chars().next();
    let currency = relay::currency(symbol);
    let play_money = symbol.is_none() && !tournament;
    let id: String = hand.id.chars().filter(char::is_ascii_alphanumeric).collect();
    let event_id: String = session.id.chars().filter(char::is_ascii_alphanumeric).collect();
    let event =
        tournament.then(|| format!("Tournament #{}", if event_id.is_empty() { "0" } else { &event_id }));
    let header = StarsHeader::new("Everest", if id.is_empty() { "0" } else { &id }, game, stakes)
        .event(event)
        .money(symbol.filter(|_| !tournament && currency.is_some()), currency.filter(|_| !tournament))
        .date(relay::from_epoch(&hand.time), None);
    draft.push(header.line(), head);
    let mut table = relay::table_line(&session.table, None, hand.dealer);
    if play_money {
        table.push_str(" (Play Money)");
    }
    draft.push(table, head);
    let seat_lines = play.seat_lines(&mut draft);
    relay::seats_play_summary(
        &mut draft,
        &seat_lines,
        play.body,
        (play.street.total, play.street.rake()),
        end_span,
    );
    draft.finish(whole, options, "Everest")
}

/// A `<HAND>`'s play under way, element by element.
struct Play<'h> {
    /// The seats in the hand: dealt cards or acting (a seat that sits out is listed too).
    seats: Vec<&'h (i64, String, String, Span)>,
    /// The hole cards of each position, and the span of the first.
    holes: Vec<(i64, Vec<String>)>,
    first_hole: Option<Span>,
    /// The big blind (a fixed-limit game's small bet).
    big: Option<Amount>,
    street: Street,
    /// The play, in PokerStars' words.
    body: Vec<(String, Span)>,
    board: Vec<String>,
    dealt: bool,
    /// The rake and tax the last `<SWEEP>` states.
    stated_rake: Option<Amount>,
}

impl<'h> Play<'h> {
    fn new(hand: &'h Hand) -> Play<'h> {
        let (holes, first_hole) = hole_cards(hand);
        let in_hand = |position: i64| {
            let text = position.to_string();
            holes.iter().any(|h| h.0 == position)
                || hand
                    .items
                    .iter()
                    .any(|i| i.position.trim() == text && i.kind != "XBLIND" && i.kind != "CHAT")
        };
        let seats = hand.seats.iter().filter(|s| in_hand(s.0)).collect();
        Play {
            seats,
            holes,
            first_hole,
            big: None,
            street: Street::default(),
            body: Vec::new(),
            board: Vec::new(),
            dealt: false,
            stated_rake: None,
        }
    }

    /// The name of the player at `position`.
    fn name_of(&self, position: &str) -> Option<&'h str> {
        let position: i64 = position.trim().parse().ok()?;
        self.seats.iter().find(|s| s.0 == position).map(|s| s.1.as_str())
    }

    /// One element of the hand.
    fn item(&mut self, draft: &mut Draft, options: &Options, item: &Item) {
        let span = item.span;
        let kind = item.kind.as_str();
        match kind {
            "CHAT" | "XSHOW" | "XBLIND" => return,
            "SWEEP" => {
                match (hundredths(&item.rake), hundredths(&item.tax)) {
                    (Some(rake), Some(tax)) => self.stated_rake = Some(money::plus(rake, tax)),
                    _ => draft.refuse(codes::SITE_BAD_AMOUNT, "unreadable rake or tax of a <SWEEP>", span),
                }
                return;
            }
            "COMMUNITY" => {
                self.community(draft, item);
                return;
            }
            _ => {}
        }
        let Some(name) = self.name_of(&item.position) else {
            let message = format!("<{kind}> of position {} which has no <SEAT>", item.position);
            draft.refuse(codes::SITE_UNKNOWN_PLAYER, message, span);
            return;
        };
        if kind == "HOLE" {
            self.hole(span);
            return;
        }
        // An element without an amount (`FOLD`) moves nothing.
        let (Some(chips), Some(penalty)) =
            (hundredths_or_zero(&item.amount), hundredths_or_zero(&item.penalty))
        else {
            let message =
                format!("unreadable amount `{}` or penalty `{}` of <{kind}>", item.amount, item.penalty);
            draft.refuse(codes::SITE_BAD_AMOUNT, message, span);
            return;
        };
        let Some(line) = self.chips_line(draft, options, item, name, (chips, penalty)) else { return };
        if !self.dealt && kind != "BLIND" && kind != "ANTE" {
            self.body.push(("*** HOLE CARDS ***".into(), span));
            self.dealt = true;
        }
        self.body.push((line, span));
    }

    /// A `<COMMUNITY>`: the next street's board.
    fn community(&mut self, draft: &mut Draft, item: &Item) {
        let Some(new) = cards(&item.text) else {
            draft.refuse(codes::SITE_BAD_CARDS, format!("unreadable board `{}`", item.text), item.span);
            return;
        };
        let marker = match self.board.len() {
            0 => format!("*** FLOP *** [{new}]"),
            3 => format!("*** TURN *** [{}] [{new}]", self.board.join(" ")),
            _ => format!("*** RIVER *** [{}] [{new}]", self.board.join(" ")),
        };
        self.board.extend(new.split(' ').map(str::to_owned));
        self.street.next();
        self.body.push((marker, item.span));
    }

    /// A `<HOLE>`: at the first, the hole cards of every position, those known written.
    fn hole(&mut self, span: Span) {
        if self.dealt {
            return;
        }
        self.dealt = true;
        self.body.push(("*** HOLE CARDS ***".into(), self.first_hole.unwrap_or(span)));
        for (position, cards) in &self.holes {
            let known = cards.iter().all(|c| c.len() == 2 && !c.contains('-'));
            if let (true, Some(who)) = (known, self.name_of(&position.to_string())) {
                self.body.push((format!("Dealt to {who} [{}]", cards.join(" ")), span));
            }
        }
    }

    /// An element that moves `chips` (and a blind's `penalty`): its line, if it has one.
    fn chips_line(
        &mut self,
        draft: &mut Draft,
        options: &Options,
        item: &Item,
        name: &str,
        (chips, penalty): (Amount, Amount),
    ) -> Option<String> {
        let street = &mut self.street;
        Some(match item.kind.as_str() {
            "BLIND" => {
                street.post(name, chips);
                if penalty.is_zero() {
                    let which = if self.big.is_some_and(|b| chips < b) { "small" } else { "big" };
                    format!("{name}: posts {which} blind {chips}")
                } else {
                    // A returning player's blinds: the big blind live, the penalty dead.
                    street.dead(penalty);
                    format!("{name}: posts small & big blinds {}", money::plus(chips, penalty))
                }
            }
            "ANTE" => {
                street.dead(chips);
                format!("{name}: posts the ante {chips}")
            }
            "BET" if chips.is_zero() => format!("{name}: checks"),
            "BET" => {
                let added = street.add(name, chips);
                let all_in = if item.all_in { " and is all-in" } else { "" };
                format!("{}{all_in}", relay::added_text(name, &added))
            }
            "FOLD" => format!("{name}: folds"),
            "PUSH" => {
                street.returned(name, chips);
                format!("Uncalled bet ({chips}) returned to {name}")
            }
            "SHOW" => format!("{name}: shows [{}]", cards(&item.text)?),
            "MUCK" => format!("{name}: mucks hand"),
            "WIN" => {
                street.win(name, chips, item.span);
                return None;
            }
            kind => {
                draft.unknown(options, &format!("<{kind}> of {name}"), item.span);
                return None;
            }
        })
    }

    /// The hand is over: the payout, checked against the rake the log states.
    fn settle(&mut self, draft: &mut Draft, whole: Span, end: Span, tournament: bool) {
        if !self.street.paid() {
            draft.refuse(codes::SITE_INCOMPLETE, "no <WIN>: the hand is cut short", whole);
        }
        if !self.dealt {
            self.body.push(("*** HOLE CARDS ***".into(), end));
        }
        self.street.collected(&mut self.body, true);
        let street = &self.street;
        if let Some(stated) = self.stated_rake.filter(|r| *r != street.rake() && street.paid()) {
            let message = format!(
                "the log's rake and tax {stated} are not what went in less what was paid out, {}",
                street.rake()
            );
            draft.refuse(codes::SITE_INCONSISTENT, message, whole);
        }
        draft.payout(street, tournament);
    }

    /// The seats with a readable balance (the others refused).
    fn seat_lines(&self, draft: &mut Draft) -> Vec<relay::Seat> {
        let mut seat_lines: Vec<relay::Seat> = Vec::new();
        for (position, name, balance, span) in &self.seats {
            match hundredths(balance) {
                Some(stack) => seat_lines.push((*position, name.clone(), stack, *span)),
                None => draft.refuse(
                    codes::SITE_BAD_AMOUNT,
                    format!("unreadable balance `{balance}` of {name}"),
                    *span,
                ),
            }
        }
        seat_lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_stakes_and_cards() {
        assert_eq!(hundredths("197").unwrap().to_string(), "1.97");
        assert_eq!(hundredths("100000").unwrap().to_string(), "1000.00");
        assert_eq!(hundredths("$1"), None);
        assert_eq!(hundredths(""), None);
        let (small, big) = stakes("0,01 €/0,02 €").unwrap();
        assert_eq!((small.to_string(), big.to_string()), ("0.01".into(), "0.02".into()));
        let (small, big) = stakes("$0.50/$1").unwrap();
        assert_eq!((small.to_string(), big.to_string()), ("0.50".into(), "1".into()));
        assert_eq!(stakes("5 €/10 €").map(|s| s.1.to_string()), Some("10".into()));
        assert_eq!(cards("Kc, 10s, 8s").as_deref(), Some("Kc Ts 8s"));
        assert_eq!(cards("--"), None);
    }

    const HAND: &str = r#"<HAND time="1303913758" id="1" index="1" blinds="$0.01/$0.02" stakes="$0.02/$0.04">
<SEAT position="0" name="Ann" balance="200"/><SEAT position="1" name="Bob" balance="200"/>
<DEALER position="0"/><BLIND position="0" amount="1" penalty="0"/><BLIND position="1" amount="2" penalty="0"/>
<HOLE position="1">--</HOLE><HOLE position="0">--</HOLE><HOLE position="1">--</HOLE><HOLE position="0">--</HOLE>
<WAIT position="1"/><FOLD position="0"/><PUSH position="1" amount="1"/><SWEEP rake="0" tax="0">2</SWEEP>
<WIN position="1" amount="2" pot="0" potAmount="2"/></HAND>"#;

    fn read(text: &str, strict: bool) -> Vec<Record> {
        Reader::from_str(text, Options { strict }).collect()
    }

    #[test]
    fn a_session_around_its_hands_and_strict_mode() {
        let session = |limit: &str| {
            format!(
                r#"<SESSION time="1" tableName="T-1" id="1" type="ring" money="$" screenName="Ann" game="hold-em" gametype="{limit}">"#
            )
        };
        // The session's element may hold its hands; an element not known is skipped (a warning).
        let text = format!("{}\n{HAND}\n</SESSION>", session("no-limit"));
        let records = read(&text, false);
        assert_eq!(records.len(), 1);
        let record = &records[0];
        assert_eq!(record.diagnostics.len(), 1, "{:?}", record.diagnostics);
        assert_eq!(record.diagnostics[0].code(), codes::SITE_UNKNOWN_LINE);
        let hand = record.hand.as_ref().unwrap();
        assert_eq!(hand.finishing_stacks.as_ref().unwrap()[1].to_string(), "1.99");
        // Under `strict` the element the importer does not know refuses the hand.
        let strict = &read(&text, true)[0];
        assert!(strict.hand.is_none() && strict.has_error());
        // A fixed-limit game's stakes are its small and big bet.
        let text = format!("{}\n{HAND}\n</SESSION>", session("fixed-limit"));
        let hand = read(&text, false).remove(0).hand.unwrap();
        assert_eq!(hand.small_bet.map(|a| a.to_string()).as_deref(), Some("0.02"));
        // No-limit Omaha has no PHH variant.
        let text = format!(r#"{}{HAND}</SESSION>"#, session("no-limit").replace("hold-em", "omaha-hi"));
        assert_eq!(read(&text, false)[0].diagnostics[0].code(), codes::SITE_GAME_UNSUPPORTED);
    }

    #[test]
    fn xml_that_is_not_well_formed_ends_the_file_after_the_hands_read() {
        let text = format!(
            r#"<SESSION time="1" tableName="T-1" id="1" type="ring" money="$" screenName="A" game="hold-em" gametype="no-limit"/>{HAND}<HAND time="2" id="2"><SEAT position="0" name="A" balance="1"></HAND>"#
        );
        let records = read(&text, false);
        assert_eq!(records.len(), 2);
        assert!(records[0].hand.is_some());
        assert_eq!(records[1].diagnostics[0].code(), codes::SITE_BAD_XML);
    }

    #[test]
    fn detection() {
        assert!(detect(
            "<SESSION time=\"1\" tableName=\"Kitwe-5\" id=\"1\" type=\"ring\" money=\"$\" screenName=\"x\" game=\"hold-em\" gametype=\"fixed-limit\"/>\n"
        ));
        assert!(detect("<HAND time=\"1335014414\" id=\"7526266449\" index=\"7\">"));
        assert!(!detect("<session sessioncode=\"0\"><general>"));
        assert!(!detect("<HISTORY ID=\"1\" TABLE=\"x\">"));
    }
}
