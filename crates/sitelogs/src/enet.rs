//! Enet hand histories (`Game #7732310: Omaha (€0,25/€0,50) - 23:31:54 29.7.2012 - %6`): [`Reader`] imports them to PHH hands, one
//! [`Record`](crate::Record) per hand, each replayed and checked against the stacks, payouts and rake the log
//! states.
//!
//! The lines are PokerStars' with Enet's words, read here with the PokerStars table line's reader
//! ([`crate::pokerstars::header::parse_table`]): the game without its betting limit,
//! which the table's name carries (`Table 'SantElena 1 - Pot Limit' 6-max Seat #4 is the
//! button`); the time then the day (`23:31:54 29.7.2012`); decimal commas (`€14,90`); the chips a
//! player adds (`raises €2`, `calls €1,50`, `goes all-in €5,75`: a bet, call or raise by what the
//! others put in); `*** HOLECARDS ***`; the whole board at each street (`*** TURN ***
//! [9c2cQd8s]`, cards written without spaces); the rake taken at each street (`Rake: €0,09`,
//! skipped); `NAME collected (€10,57) from pot`. The summary's total pot is not the pot (often
//! `€0`): the pot is what went in, and the summary's rake is checked against what went in less
//! what was paid out. The table line's button is often not the hand's (`Seat #0`, or the seat
//! before the dealer's): the small blind's seat sets the order of play.
//!
//! Refused per hand with a code: blinds posted with no amount (`Player4: posts big blind`: what
//! went in is unknown, [`SITE_BAD_AMOUNT`](crate::codes::SITE_BAD_AMOUNT)); a hand paid short of
//! its pot by more than a rake ([`SITE_PAYOUT_SHORT`](crate::codes::SITE_PAYOUT_SHORT)); a rake
//! the summary states that is not what went in less what was paid out
//! ([`SITE_INCONSISTENT`](crate::codes::SITE_INCONSISTENT)); the games PHH cannot express.
//!
//! ```
//! let log = "\
//! Game #1: Hold'em (€0,05/€0,10) - 12:16:31 3.10.2012 - %6
//! Table 'Paris 1 - No Limit' 6-max Seat #1 is the button
//! Seat 1: Ann (€10 in chips)
//! Seat 2: Bob (€10 in chips)
//! Ann: posts small blind €0,05
//! Bob: posts big blind €0,10
//! *** HOLECARDS ***
//! Ann: raises €0,25
//! Bob: folds
//! Uncalled bet (€0,20) returned to Ann
//! Ann collected (€0,20) from pot
//! *** SUMMARY ***
//! Total pot €0 | Rake €0
//! ";
//! let record = sitelogs::enet::Reader::from_str(log, sitelogs::Options::default()).next().unwrap();
//! let hand = record.hand.unwrap();
//! assert_eq!(hand.venue.as_deref(), Some("Enet"));
//! assert_eq!(hand.finishing_stacks.unwrap()[0].to_string(), "9.90");
//! ```

use std::ops::ControlFlow;

use cards_core::{Amount, Span};

use crate::pokerstars::header::{Table, parse_table};
use crate::relay::{self, Draft, Relay, Seat, StarsHeader, Street, TextReader, TextSite};
use crate::text::Line;
use crate::{Options, codes, money};

/// Streams the hands of an Enet log.
pub type Reader<R> = TextReader<R, Enet>;

/// Enet's text, for [`TextReader`].
#[derive(Debug)]
pub struct Enet;

impl TextSite for Enet {
    const VENUE: &'static str = "Enet";

    fn is_header(line: &str) -> bool {
        hand_id(line).is_some()
    }

    /// Whether the start of a file (decoded text) is an Enet log: a hand's header whose date is the
    /// time then the day (`Game #N: Omaha (€0,25/€0,50) - 23:31:54 29.7.2012`).
    fn detect(head: &str) -> bool {
        crate::text::first_lines(head, 40).any(|l| header(l).is_some_and(|h| h.date.is_some()))
    }
}

impl Relay for Enet {
    fn read(lines: &[Line], draft: &mut Draft, options: &Options) {
        import(lines, draft, options);
    }
}

/// `Game #7732310: ...`: the hand number.
fn hand_id(line: &str) -> Option<&str> {
    let line = line.trim_start_matches('\u{feff}').trim_start();
    let (id, rest) = line.strip_prefix("Game #")?.split_once(": ")?;
    (!id.is_empty() && id.bytes().all(|b| b.is_ascii_digit()) && rest.contains(" (")).then_some(id)
}

/// What the header says.
#[derive(Debug)]
struct Header<'a> {
    id: &'a str,
    /// The game as written (`Hold'em`, `Omaha`), its limit in the table's name if not here.
    game: &'a str,
    stakes: (Amount, Amount),
    symbol: Option<char>,
    date: Option<(i64, i64, i64, u8, u8, u8)>,
}

fn header(line: &str) -> Option<Header<'_>> {
    let id = hand_id(line)?;
    let rest = line.split_once(": ")?.1;
    let (game, rest) = rest.split_once(" (")?;
    let (stakes, rest) = rest.split_once(')')?;
    let (small, big) = stakes.split_once('/')?;
    let symbol = stakes.chars().find(|c| money::SYMBOLS.contains(c));
    let stakes = (amount(small)?, amount(big)?);
    // ` - 23:31:54 29.7.2012 - %6`: the time, then day, month and year.
    let when = rest.trim_start().trim_start_matches('-').trim_start();
    let mut words = when.split_whitespace();
    let date = words.next().zip(words.next()).and_then(|(time, day)| {
        let mut d = day.split('.');
        let (dd, m, y) = (d.next()?, d.next()?, d.next()?);
        relay::iso_date(&format!("{y}-{m}-{dd} {time}"))
    });
    Some(Header { id, game: game.trim(), stakes, symbol, date })
}

/// An amount as Enet writes it: a currency symbol, a decimal comma (`€14,90`; a decimal point and
/// a thousands comma read too where both are written). Negative amounts are none.
fn amount(text: &str) -> Option<Amount> {
    let plain: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let plain = plain.trim_matches(|c: char| money::SYMBOLS.contains(&c));
    match (plain.rfind(','), plain.rfind('.')) {
        (Some(comma), dot) if dot.is_none_or(|d| d < comma) => {
            let whole: String = plain[..comma].chars().filter(|&c| c != '.').collect();
            money::parse(&format!("{whole}.{}", &plain[comma + 1..]))
        }
        _ => money::parse(plain),
    }
}

/// The PokerStars game of Enet's game and limit (`Omaha`, `Pot Limit`); `Err` is the game as
/// written, when PHH has no variant for it.
fn game(name: &str, limit: &str) -> Result<&'static str, String> {
    let name = name.to_ascii_lowercase();
    let limit = limit.to_ascii_lowercase();
    let hi_lo = name.contains("hi/lo") || name.contains("h/l") || name.contains("hi-lo");
    match (name.contains("hold"), name.contains("omaha"), limit.as_str()) {
        (true, _, "no limit") => Ok("Hold'em No Limit"),
        (true, _, "limit" | "fixed limit") => Ok("Hold'em Limit"),
        (_, true, "pot limit") if !hi_lo => Ok("Omaha Pot Limit"),
        (_, true, "limit" | "fixed limit") if hi_lo => Ok("Omaha Hi/Lo Limit"),
        _ => Err(format!("{name} {limit}").trim().to_owned()),
    }
}

/// The limit written in a game or table name (`Romania 1 - Pot Limit`).
fn limit_of(text: &str) -> Option<&'static str> {
    let lower = text.to_ascii_lowercase();
    ["no limit", "pot limit", "fixed limit", "limit"].into_iter().find(|l| lower.contains(l))
}

/// `[Td4h7d]`, `[5c Jc]`: the cards in brackets as PokerStars writes them; `None` when unreadable.
fn cards(text: &str) -> Option<Vec<String>> {
    let open = text.find('[')?;
    let close = text[open..].find(']')? + open;
    let plain: Vec<char> =
        text[open + 1..close].chars().filter(|c| !c.is_whitespace() && *c != ',').collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < plain.len() {
        let (rank, len) = match plain[i..] {
            ['1', '0', ..] => ('T', 2),
            [r, ..] => (r.to_ascii_uppercase(), 1),
            [] => break,
        };
        let suit = *plain.get(i + len)?;
        if !"23456789TJQKA".contains(rank) || !"cdhs".contains(suit) {
            return None;
        }
        out.push(format!("{rank}{suit}"));
        i += len + 1;
    }
    Some(out)
}

fn import(lines: &[Line], draft: &mut Draft, options: &Options) {
    let first = &lines[0];
    let Some(head) = header(&first.text) else {
        draft.refuse(codes::SITE_BAD_HEADER, "unreadable header (game, stakes, date)", first.span);
        return;
    };
    let mut hand = Hand { table_span: first.span, ..Hand::default() };
    for (text, span) in relay::said_lines(lines) {
        if hand.line(draft, options, text, span).is_break() {
            // An action's unreadable amount ends the reading: the hand is refused.
            return;
        }
    }
    hand.finish(draft, &head, first.span, relay::last_said(lines));
}

/// An Enet hand being read: what its lines said so far, and its play in the PokerStars form.
#[derive(Default)]
struct Hand {
    table: Option<Table>,
    table_span: Span,
    seats: Vec<Seat>,
    body: Vec<(String, Span)>,
    street: Street,
    board: Vec<String>,
    in_summary: bool,
    stated_rake: Option<(Option<Amount>, Span)>,
    /// The seat of the first small blind posted.
    small_blind: Option<i64>,
}

impl Hand {
    /// Reads one line after the header; breaks when the hand cannot be read further.
    fn line(&mut self, draft: &mut Draft, options: &Options, text: &str, span: Span) -> ControlFlow<()> {
        if self.in_summary {
            if let Some(rest) = text.strip_prefix("Total pot ") {
                self.stated_rake = rest.split_once("| Rake ").map(|(_, r)| (amount(r), span));
            }
        } else if text.starts_with("Table '") && self.table.is_none() {
            self.table = parse_table(text);
            self.table_span = span;
            if self.table.is_none() {
                draft.refuse(codes::SITE_BAD_TABLE, format!("unreadable table line `{text}`"), span);
            }
        } else if let Some(rest) = text.strip_prefix("Seat ").filter(|_| self.body.is_empty()) {
            // `Seat 3: Hero (€14,51 in chips)`.
            let parsed = rest.split_once(": ").and_then(|(n, r)| {
                let close = r.rfind(" in chips)")?;
                let open = r[..close].rfind(" (")?;
                Some((n.parse::<i64>().ok()?, r[..open].to_owned(), amount(&r[open + 2..close])?))
            });
            match parsed {
                Some((number, name, stack)) => self.seats.push((number, name, stack, span)),
                None => draft.refuse(codes::SITE_BAD_SEAT, format!("unreadable seat `{text}`"), span),
            }
        } else if let Some(marker) = text.strip_prefix("*** ") {
            self.marker(draft, text, marker, span);
        } else if text.starts_with("Rake: ") {
            // The rake taken at the street: the summary states the hand's.
        } else if let Some(rest) = text.strip_prefix("Uncalled bet (") {
            let parsed = rest.split_once(") returned to ").and_then(|(a, n)| Some((amount(a)?, n.trim())));
            match parsed.filter(|(_, n)| self.seats.iter().any(|s| s.1 == *n)) {
                Some((a, name)) => {
                    self.street.returned(name, a);
                    self.body.push((format!("Uncalled bet ({a}) returned to {name}"), span));
                }
                None => draft.refuse(codes::SITE_BAD_AMOUNT, "unreadable uncalled bet", span),
            }
        } else if let Some(rest) = text.strip_prefix("Dealt to ") {
            let open = rest.find(" [").unwrap_or(rest.len());
            match cards(&rest[open..]) {
                Some(c) if !c.is_empty() => {
                    self.body.push((format!("Dealt to {} [{}]", &rest[..open], c.join(" ")), span));
                }
                _ => draft.refuse(codes::SITE_BAD_CARDS, "unreadable cards", span),
            }
        } else {
            return self.action(draft, options, text, span);
        }
        ControlFlow::Continue(())
    }

    /// A street's marker (`*** FLOP *** [Td4h7d]`, the whole board so far).
    fn marker(&mut self, draft: &mut Draft, text: &str, marker: &str, span: Span) {
        let name = marker.split(" ***").next().unwrap_or_default();
        match name {
            "HOLECARDS" | "HOLE CARDS" => self.body.push(("*** HOLE CARDS ***".into(), span)),
            "SHOWDOWN" | "SHOW DOWN" => self.body.push(("*** SHOW DOWN ***".into(), span)),
            "SUMMARY" => self.in_summary = true,
            "FLOP" | "TURN" | "RIVER" => {
                let Some(all) = cards(marker) else {
                    draft.refuse(codes::SITE_BAD_CARDS, "unreadable board", span);
                    return;
                };
                let Some(line) = relay::board_marker(&mut self.board, all, name) else {
                    draft.refuse(codes::SITE_BAD_CARDS, "the board does not add to the last one", span);
                    return;
                };
                self.street.next();
                self.body.push((line, span));
            }
            _ => draft.refuse(codes::SITE_UNKNOWN_LINE, format!("unknown street marker `{text}`"), span),
        }
    }

    /// A line about a seated player; breaks on an unreadable amount.
    fn action(&mut self, draft: &mut Draft, options: &Options, text: &str, span: Span) -> ControlFlow<()> {
        let named = relay::seated(&self.seats, text, &[':', ' ']).map(|(_, name)| name);
        let Some(name) = named else {
            draft.unknown(options, text, span);
            return ControlFlow::Continue(());
        };
        let action = text[name.len()..].trim_start_matches(':').trim();
        match self.act(&name, action, span) {
            Act::Read => {}
            Act::NoBlind => draft.refuse(
                codes::SITE_BAD_AMOUNT,
                format!("`{text}`: a blind posted with no amount, so what went in is unknown"),
                span,
            ),
            Act::Unreadable => draft.unreadable_action(&name, text, span),
            Act::BadAmount => {
                draft.unreadable_action(&name, text, span);
                return ControlFlow::Break(());
            }
        }
        ControlFlow::Continue(())
    }

    /// What `name` does (`posts small blind €0,10`, `raises €1`, `collected (€2,90)`).
    fn act(&mut self, name: &str, action: &str, span: Span) -> Act {
        let line = if action == "folds" || action == "checks" {
            format!("{name}: {action}")
        } else if let Some(t) =
            ["posts small blind", "posts big blind"].iter().find(|p| action.starts_with(*p))
        {
            let Some(a) = amount(&action[t.len()..]) else {
                return if action[t.len()..].trim().is_empty() { Act::NoBlind } else { Act::Unreadable };
            };
            if t.contains("small") && self.small_blind.is_none() {
                self.small_blind = self.seats.iter().find(|s| s.1 == name).map(|s| s.0);
            }
            self.street.post(name, a);
            format!("{name}: {t} {a}")
        } else if let Some(t) =
            action.strip_prefix("posts the ante ").or_else(|| action.strip_prefix("posts ante "))
        {
            let Some(a) = amount(t) else { return Act::BadAmount };
            self.street.dead(a);
            format!("{name}: posts the ante {a}")
        } else if let Some(t) =
            ["calls ", "bets ", "raises ", "goes all-in "].iter().find_map(|w| action.strip_prefix(w))
        {
            let Some(a) = amount(t) else { return Act::BadAmount };
            let added = self.street.add(name, a);
            relay::added_text(name, &added)
        } else if let Some(t) = action.strip_prefix("shows ") {
            match cards(t) {
                Some(c) if !c.is_empty() => format!("{name}: shows [{}]", c.join(" ")),
                _ => return Act::Unreadable,
            }
        } else if action == "mucks hand" {
            format!("{name}: mucks hand")
        } else if let Some(t) = action.strip_prefix("collected (") {
            let Some(a) = t.split(')').next().and_then(amount) else { return Act::BadAmount };
            self.street.win(name, a, span);
            return Act::Read;
        } else if action == "mucked"
            || action.contains("sitting out")
            || action.contains("has left")
            || action.contains("has joined")
        {
            // `mucked`: said of a winner who showed nothing, or before `mucks hand` at the
            // showdown.
            return Act::Read;
        } else {
            return Act::Unreadable;
        };
        self.body.push((line, span));
        Act::Read
    }

    /// After the last line: the game, payouts and rake checked, and the hand written in the
    /// PokerStars form.
    fn finish(mut self, draft: &mut Draft, head: &Header<'_>, header_span: Span, end: Span) {
        let Some(table) = self.table.take() else {
            draft.refuse(codes::SITE_BAD_TABLE, "no table line", header_span);
            return;
        };
        let limit = limit_of(head.game).or_else(|| limit_of(&table.name)).unwrap_or_default();
        let stars_game = match game(head.game, limit) {
            Ok(g) => g,
            Err(written) => {
                let message = format!("PHH has no variant for Enet's {written}");
                draft.refuse(codes::SITE_GAME_UNSUPPORTED, message, header_span);
                return;
            }
        };
        self.check_payout(draft, end);
        self.street.collected(&mut self.body, true);
        draft.payout(&self.street, false);
        let stars = StarsHeader::new("Enet", head.id, stars_game, Some(head.stakes))
            .money(head.symbol, relay::currency(head.symbol))
            .date(head.date, None);
        draft.push(stars.line(), header_span);
        // The table line's button is often not the hand's (the seat before it, or `Seat #0`; the
        // summary's `(dealer)` is elsewhere): the order of play is the small blind's, who sits
        // after the button (heads-up, is the button).
        let mut button = table.button;
        if let Some(small) = self.small_blind {
            let live = self.seats.iter().filter(|s| !s.2.is_zero()).count();
            button = Some(if live == 2 { small } else { small - 1 });
        }
        let mut table_text = relay::table_line(&table.name, table.seat_count, button);
        if table.play_money {
            table_text.push_str(" (Play Money)");
        }
        draft.push(table_text, self.table_span);
        let (total, rake) = (self.street.total, self.street.rake());
        relay::seats_play_summary(draft, &self.seats, self.body, (total, rake), end);
    }

    /// A hand that pays no one is cut short; the summary's rake must be what went in less what
    /// was paid out.
    fn check_payout(&self, draft: &mut Draft, end: Span) {
        let street = &self.street;
        if !street.paid() {
            draft.refuse(
                codes::SITE_INCOMPLETE,
                "the hand pays no one (no `collected` line): it is cut short",
                end,
            );
        }
        street.check_rake(draft, self.stated_rake, "the summary's");
    }
}

/// How a player's line was read.
enum Act {
    Read,
    /// A blind posted with no amount.
    NoBlind,
    /// Nothing known, or cards that cannot be read.
    Unreadable,
    /// An amount that cannot be read: the reading ends.
    BadAmount,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_amounts_and_cards() {
        let h = header("Game #7732310: Omaha (€0,25/€0,50) - 23:31:54 29.7.2012 - %6").unwrap();
        assert_eq!((h.id, h.game, h.symbol), ("7732310", "Omaha", Some('€')));
        assert_eq!((h.stakes.0.to_string(), h.stakes.1.to_string()), ("0.25".into(), "0.50".into()));
        assert_eq!(h.date, Some((2012, 7, 29, 23, 31, 54)));
        assert_eq!(amount("€1.234,50").map(|a| a.to_string()).as_deref(), Some("1234.50"));
        assert_eq!(amount("$1,234.50").map(|a| a.to_string()).as_deref(), Some("1234.50"));
        assert_eq!(amount("€-0,27"), None);
        assert_eq!(cards("[Td4h7d]").unwrap(), ["Td", "4h", "7d"]);
        assert_eq!(cards("[10h Ks]").unwrap(), ["Th", "Ks"]);
        assert_eq!(cards("[Zz]"), None);
        assert_eq!(game("Hold'em", "no limit"), Ok("Hold'em No Limit"));
        assert_eq!(game("Omaha", "pot limit"), Ok("Omaha Pot Limit"));
        assert!(game("Hold'em", "pot limit").is_err());
        assert_eq!(limit_of("Romania 1 - Pot Limit"), Some("pot limit"));
    }

    #[test]
    fn detection() {
        assert!(Enet::detect("Game #19408739: Hold'em (€0,05/€0,10) - 12:16:31 3.10.2012 - %6\n"));
        assert!(!Enet::detect("PokerStars Game #1: Hold'em No Limit ($1/$2) - 2010/01/01 10:00:00 ET\n"));
        assert!(!Enet::detect("Game #1 played\n"));
    }

    #[test]
    fn a_blind_without_amount_is_refused() {
        let log = "Game #1: Hold'em (€0,05/€0,10) - 12:16:31 3.10.2012 - %6
Table 'T - No Limit' 6-max Seat #1 is the button
Seat 1: Ann (€10 in chips)
Seat 2: Bob (€10 in chips)
Seat 3: Cy (€10 in chips)
Bob: posts small blind €0,05
Cy: posts big blind €0,10
Ann: posts big blind
*** HOLECARDS ***
Ann: folds
Bob: folds
Cy collected (€0,10) from pot
*** SUMMARY ***
Total pot €0,15 | Rake €0
";
        let record = Reader::from_str(log, Options::default()).next().unwrap();
        assert!(record.hand.is_none());
        assert_eq!(record.diagnostics[0].code(), codes::SITE_BAD_AMOUNT);
    }
}
