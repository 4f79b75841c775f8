//! Entraction hand histories (`Game # 2145163746 - Texas Hold'em Fixed Limit EUR 10/20 - Table
//! "Lorient"`): [`Reader`] imports them to PHH hands, one [`Record`](crate::Record) per hand, each replayed and
//! checked against the stacks, payouts and rake the log states.
//!
//! Entraction writes columns: the player's name, then what they did, then the chips in
//! parentheses (`Hero                        Raise       (15.00)`). The chips are what the
//! player adds (a bet, call or raise by what the others put in), `Payback (10.00)` is the bet no
//! one called, given back. The blinds are lines of their own (`Small Blind:`, `Big Blind:`,
//! `Small + Big Blind:` a returning player's small blind dead and big blind live, `Blind out of
//! turn:` a big blind posted live out of position), the button is `Dealer: NAME`, the seats
//! `NAME (EUR 468.50 in seat 4)` under `Players(max 6):`. The observer's cards are `Hero was
//! dealt: 9c - 7d` (the name in any case: `hero was dealt`), each street writes the whole board
//! (`Turn 3d - Ah - 8h - Jd`), `NAME didn't show hand (2c - 8c - 2d - 5c)` is a muck whose cards
//! are known (read as the player's hole cards), `NAME wins: EUR 59.25` the payout after the rake,
//! `Rake: EUR 0.75` the rake, and `Game ended 2011-03-26 13:19:18 GMT` the date. The stakes are
//! the blinds, or the bets in fixed limit.
//!
//! Refused per hand with a code: the games PHH cannot express (5-card Omaha, pot-limit hold'em),
//! a rake that is not what went in less what was paid out
//! ([`SITE_INCONSISTENT`](crate::codes::SITE_INCONSISTENT)), a hand paid short of its pot by more
//! than a rake ([`SITE_PAYOUT_SHORT`](crate::codes::SITE_PAYOUT_SHORT)).
//!
//! ```
//! let log = "\
//! Game # 1 - Texas Hold'em No Limit EUR 0.10/0.20 - Table \"Tranemo\"
//!
//! Players(max 6):
//! Ann                         (EUR 20.00 in seat 1)
//! Bob                         (EUR 20.00 in seat 2)
//!
//! Dealer:                     Ann
//! Small Blind:                Ann        (0.10)
//! Big Blind:                  Bob        (0.20)
//!
//! Ann                         Raise       (0.50)
//! Bob                         Fold
//! Ann                         Payback     (0.40)
//!
//! Ann didn't show hand
//!
//! Ann wins:                   EUR 0.40
//! Rake:                       EUR 0.00
//!
//! Game ended 2010-09-08 00:14:25 BST
//! ";
//! let record = sitelogs::entraction::Reader::from_str(log, sitelogs::Options::default()).next().unwrap();
//! let hand = record.hand.unwrap();
//! assert_eq!(hand.venue.as_deref(), Some("Entraction"));
//! assert_eq!(hand.finishing_stacks.unwrap()[0].to_string(), "19.80");
//! ```

use std::ops::ControlFlow;

use cards_core::{Amount, Span};

use crate::relay::{self, Draft, Relay, Seat, StarsHeader, Street, TextReader, TextSite};
use crate::text::Line;
use crate::{Options, codes, money};

/// Streams the hands of an Entraction log.
pub type Reader<R> = TextReader<R, Entraction>;

/// Entraction's text, for [`TextReader`].
#[derive(Debug)]
pub struct Entraction;

impl TextSite for Entraction {
    const VENUE: &'static str = "Entraction";

    fn is_header(line: &str) -> bool {
        header(line).is_some()
    }
}

impl Relay for Entraction {
    fn read(lines: &[Line], draft: &mut Draft, options: &Options) {
        import(lines, draft, options);
    }
}

/// What the header says.
#[derive(Debug, PartialEq)]
struct Header<'a> {
    id: &'a str,
    /// The PokerStars game, or the game as written.
    game: Result<&'static str, &'a str>,
    /// The blinds, or the bets in fixed limit.
    stakes: (Amount, Amount),
    /// The currency code (`EUR`).
    currency: Option<&'a str>,
    table: &'a str,
}

/// `Game # 2145163746 - Texas Hold'em Fixed Limit EUR 10/20 - Table "Lorient"`.
fn header(line: &str) -> Option<Header<'_>> {
    let line = line.trim_start_matches('\u{feff}').trim();
    let rest = line.strip_prefix("Game # ")?;
    let (id, rest) = rest.split_once(" - ")?;
    if id.is_empty() || !id.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let (game, table) = rest.rsplit_once(" - Table ")?;
    let table = table.trim().trim_matches('"');
    let mut words: Vec<&str> = game.split_whitespace().collect();
    let stakes = words.pop()?;
    let (small, big) = stakes.split_once('/')?;
    let stakes = (money::parse(small)?, money::parse(big)?);
    let currency =
        words.last().filter(|w| w.len() == 3 && w.bytes().all(|b| b.is_ascii_uppercase())).copied();
    if currency.is_some() {
        words.pop();
    }
    let name_end = words.iter().map(|w| w.len() + 1).sum::<usize>().saturating_sub(1);
    let name = game.trim_start().get(..name_end).unwrap_or(game).trim();
    let stars = match name {
        "Texas Hold'em No Limit" | "Hold'em No Limit" => Ok("Hold'em No Limit"),
        "Texas Hold'em Fixed Limit" | "Texas Hold'em Limit" | "Hold'em Fixed Limit" => Ok("Hold'em Limit"),
        "Omaha High Pot Limit" | "Omaha Pot Limit" => Ok("Omaha Pot Limit"),
        "Omaha Hi/Lo Fixed Limit" | "Omaha High/Low Fixed Limit" => Ok("Omaha Hi/Lo Limit"),
        other => Err(other),
    };
    Some(Header { id, game: stars, stakes, currency, table })
}

/// `9c - 7d`, `Qc - Qs - 4h - 7d (a pair of Queens)`: the cards as PokerStars writes them.
fn cards(text: &str) -> Option<Vec<String>> {
    let text = text.split('(').next().unwrap_or_default();
    text.split(" - ")
        .map(|c| {
            let c = c.trim();
            let (at, _) = c.char_indices().last()?;
            let (rank, suit) = c.split_at(at);
            let rank = if rank == "10" { "T" } else { rank };
            let ok = rank.len() == 1
                && "23456789TJQKA".contains(&rank.to_ascii_uppercase())
                && "cdhs".contains(suit);
            ok.then(|| format!("{}{suit}", rank.to_ascii_uppercase()))
        })
        .collect()
}

/// The chips in parentheses: `(15.00)`, `(EUR 468.50 in seat 4)`.
fn chips(text: &str) -> Option<Amount> {
    let open = text.rfind('(')?;
    let inner = text[open + 1..].split(')').next()?;
    let inner = inner.split(" in seat").next()?;
    money::parse(inner.split_whitespace().last()?)
}

/// The payout and rake lines' amounts: `EUR 59.25 (with ...)`.
fn written_amount(text: &str) -> Option<Amount> {
    let text = text.split('(').next()?;
    money::parse(text.split_whitespace().last()?)
}

fn import(lines: &[Line], draft: &mut Draft, options: &Options) {
    let first = &lines[0];
    let Some(head) = header(&first.text) else {
        draft.refuse(codes::SITE_BAD_HEADER, "unreadable header (game, stakes, table)", first.span);
        return;
    };
    let game = match head.game {
        Ok(g) => g,
        Err(written) => {
            let message = format!("PHH has no variant for Entraction's {written}");
            draft.refuse(codes::SITE_GAME_UNSUPPORTED, message, first.span);
            return;
        }
    };
    let mut hand = Hand::new(head, game);
    for (text, span) in relay::said_lines(lines) {
        if hand.line(draft, options, text, span).is_break() {
            // An action's unreadable amount or cards end the reading: the hand is refused.
            return;
        }
    }
    hand.finish(draft, first.span, relay::last_said(lines));
}

/// An Entraction hand being read: what its lines said so far, and its play in the PokerStars
/// form.
struct Hand<'h> {
    head: Header<'h>,
    game: &'static str,
    /// The live blind (fixed limit writes the bets: its big blind is the small bet).
    big_blind: Amount,
    seat_count: Option<i64>,
    seats: Vec<Seat>,
    button: Option<i64>,
    body: Vec<(String, Span)>,
    /// Whether `body` deals the hole cards yet.
    dealt: bool,
    street: Street,
    board: Vec<String>,
    showdown: bool,
    stated_rake: Option<(Option<Amount>, Span)>,
    date: Option<(i64, i64, i64, u8, u8, u8)>,
    zone: Option<String>,
}

impl<'h> Hand<'h> {
    fn new(head: Header<'h>, game: &'static str) -> Hand<'h> {
        let big_blind =
            if game.ends_with(" Limit") && !game.contains("No Limit") && !game.contains("Pot Limit") {
                head.stakes.0
            } else {
                head.stakes.1
            };
        Hand {
            head,
            game,
            big_blind,
            seat_count: None,
            seats: Vec::new(),
            button: None,
            body: Vec::new(),
            dealt: false,
            street: Street::default(),
            board: Vec::new(),
            showdown: false,
            stated_rake: None,
            date: None,
            zone: None,
        }
    }

    /// Opens the deal in the PokerStars form, once.
    fn deal(&mut self, span: Span) {
        if !self.dealt {
            self.body.push(("*** HOLE CARDS ***".into(), span));
            self.dealt = true;
        }
    }

    /// Opens the showdown in the PokerStars form, once.
    fn show_down(&mut self, span: Span) {
        if !self.showdown {
            self.showdown = true;
            self.body.push(("*** SHOW DOWN ***".into(), span));
        }
    }

    /// Reads one line after the header; breaks when the hand cannot be read further.
    fn line(&mut self, draft: &mut Draft, options: &Options, text: &str, span: Span) -> ControlFlow<()> {
        if let Some(max) = text.strip_prefix("Players(max ") {
            self.seat_count = max.trim_end_matches("):").parse::<i64>().ok();
        } else if let Some(when) = text.strip_prefix("Game ended ") {
            self.date = relay::iso_date(when);
            self.zone = when.split_whitespace().nth(2).map(str::to_owned);
        } else if let Some(rake) = text.strip_prefix("Rake:") {
            self.stated_rake = Some((written_amount(rake), span));
        } else if text.contains(" in seat ") && self.body.is_empty() {
            self.seat(draft, text, span);
        } else if let Some(rest) = text.strip_prefix("Dealer:") {
            let rest = rest.trim();
            self.button = self.seats.iter().find(|s| s.1 == rest).map(|s| s.0);
            if self.button.is_none() {
                draft.refuse(codes::SITE_UNKNOWN_PLAYER, format!("the dealer `{rest}` has no seat"), span);
            }
        } else if !self.blind(draft, text, span) {
            return self.play(draft, options, text, span);
        }
        ControlFlow::Continue(())
    }

    /// `Hero                        (EUR 468.50 in seat 4)`.
    fn seat(&mut self, draft: &mut Draft, text: &str, span: Span) {
        let parsed = text.rfind(" (").and_then(|open| {
            let number = text[open..].split(" in seat ").nth(1)?.trim_end_matches(')').trim().parse().ok()?;
            Some((number, text[..open].trim().to_owned(), chips(text)?))
        });
        match parsed {
            Some((number, name, stack)) => self.seats.push((number, name, stack, span)),
            None => draft.refuse(codes::SITE_BAD_SEAT, format!("unreadable seat `{text}`"), span),
        }
    }

    /// `Small Blind:                Hero        (5.00)` and the other blinds: whether the line
    /// was one.
    fn blind(&mut self, draft: &mut Draft, text: &str, span: Span) -> bool {
        let Some((post, rest)) = [
            ("Small Blind:", "posts small blind"),
            ("Big Blind:", "posts big blind"),
            ("Blind out of turn:", "posts big blind"),
            ("Small + Big Blind:", "posts small & big blinds"),
        ]
        .into_iter()
        .find_map(|(label, post)| text.strip_prefix(label).map(|r| (post, r.trim()))) else {
            return false;
        };
        let name = self
            .seats
            .iter()
            .filter(|s| rest.starts_with(s.1.as_str()) && rest[s.1.len()..].starts_with(' '))
            .max_by_key(|s| s.1.len())
            .map(|s| s.1.clone());
        let (Some(name), Some(a)) = (name, chips(rest)) else {
            draft.refuse(codes::SITE_UNREADABLE_ACTION, format!("unreadable blind `{text}`"), span);
            return true;
        };
        if post == "posts small & big blinds" {
            // The small blind is dead (in the pot, not in the bet), the big blind live.
            let live = self.big_blind.min(a);
            self.street.dead(money::minus(a, live));
            self.street.post(&name, live);
        } else {
            self.street.post(&name, a);
        }
        self.body.push((format!("{name}: {post} {a}"), span));
        true
    }

    /// A board street, or a line about a seated player.
    fn play(&mut self, draft: &mut Draft, options: &Options, text: &str, span: Span) -> ControlFlow<()> {
        // The name a line starts with: the longest seated name, in any case.
        let named = self
            .seats
            .iter()
            .filter(|s| {
                text.get(..s.1.len()).is_some_and(|p| p.eq_ignore_ascii_case(&s.1))
                    && text[s.1.len()..].starts_with([' ', ':'])
            })
            .max_by_key(|s| s.1.len())
            .map(|s| s.1.clone());
        if let Some(street_name) = ["Flop", "Turn", "River"]
            .into_iter()
            .find(|s| text.strip_prefix(s).is_some_and(|r| r.starts_with(' ')) && named.is_none())
        {
            self.board(draft, street_name, text, span);
            return ControlFlow::Continue(());
        }
        let Some(name) = named else {
            draft.unknown(options, text, span);
            return ControlFlow::Continue(());
        };
        let action = text[name.len()..].trim_start_matches(':').trim();
        if self.act(draft, &name, action, text, span).is_none() {
            draft.unreadable_action(&name, text, span);
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }

    /// `Flop 9c - 7d - 2h`, `Turn ...` (the whole board so far).
    fn board(&mut self, draft: &mut Draft, street_name: &str, text: &str, span: Span) {
        self.deal(span);
        let Some(all) = cards(&text[street_name.len()..]) else {
            draft.refuse(codes::SITE_BAD_CARDS, "unreadable board", span);
            return;
        };
        let Some(line) = relay::board_marker(&mut self.board, all, &street_name.to_ascii_uppercase()) else {
            draft.refuse(codes::SITE_BAD_CARDS, "the board does not add to the last one", span);
            return;
        };
        self.street.next();
        self.body.push((line, span));
    }

    /// What `name` does (`Call (5.00)`, `shows: Qc - Qs`, `wins: EUR 59.25`); `None` when its
    /// amount or cards cannot be read.
    fn act(&mut self, draft: &mut Draft, name: &str, action: &str, text: &str, span: Span) -> Option<()> {
        let (word, rest) = action.split_once(char::is_whitespace).unwrap_or((action, ""));
        let rest = rest.trim();
        match word {
            "was" if rest.starts_with("dealt:") => {
                self.deal(span);
                match cards(&rest["dealt:".len()..]) {
                    Some(c) => self.body.push((format!("Dealt to {name} [{}]", c.join(" ")), span)),
                    None => draft.refuse(codes::SITE_BAD_CARDS, "unreadable cards", span),
                }
            }
            "Fold" | "Check" => {
                self.deal(span);
                let verb = if word == "Fold" { "folds" } else { "checks" };
                self.body.push((format!("{name}: {verb}"), span));
            }
            "Call" | "Bet" | "Raise" | "All-In" => {
                self.deal(span);
                let a = chips(rest)?;
                let added = self.street.add(name, a);
                self.body.push((relay::added_text(name, &added), span));
            }
            "Payback" => {
                let a = chips(rest)?;
                self.street.returned(name, a);
                self.body.push((format!("Uncalled bet ({a}) returned to {name}"), span));
            }
            "shows:" => {
                let c = cards(rest)?;
                self.show_down(span);
                self.body.push((format!("{name}: shows [{}]", c.join(" ")), span));
            }
            "didn't" => {
                // `didn't show hand`, with the cards when they are known.
                if let Some(open) = rest.find('(') {
                    let c = cards(rest[open + 1..].trim_end_matches(')'))?;
                    draft.mucked(name, &c, span);
                    self.show_down(span);
                    self.body.push((format!("{name}: mucks hand"), span));
                }
            }
            "wins:" => {
                let a = written_amount(rest)?;
                self.street.win(name, a, span);
            }
            _ if action.contains("sitting out")
                || action.contains("has left")
                || action.contains("has joined") => {}
            _ => draft.unreadable_action(name, text, span),
        }
        Some(())
    }

    /// After the last line: the payouts and rake checked, and the hand written in the
    /// PokerStars form.
    fn finish(mut self, draft: &mut Draft, header_span: Span, end: Span) {
        let street = &mut self.street;
        if !street.paid() {
            draft.refuse(
                codes::SITE_INCOMPLETE,
                "the hand pays no one (no `wins:` line): it is cut short",
                end,
            );
        }
        street.check_rake(draft, self.stated_rake, "the log's");
        street.collected(&mut self.body, true);
        draft.payout(street, false);
        let symbol = match self.head.currency {
            Some("EUR") => Some('€'),
            Some("USD") => Some('$'),
            Some("GBP") => Some('£'),
            _ => None,
        };
        let stars = StarsHeader::new("Entraction", self.head.id, self.game, Some(self.head.stakes))
            .money(symbol, self.head.currency)
            .date(self.date, self.zone.as_deref());
        draft.push(stars.line(), header_span);
        draft.push(relay::table_line(self.head.table, self.seat_count, self.button), header_span);
        relay::seats_play_summary(draft, &self.seats, self.body, (street.total, street.rake()), end);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_and_cards() {
        let h =
            header("Game # 2145163746 - Texas Hold'em Fixed Limit EUR 10/20 - Table \"Lorient\"").unwrap();
        assert_eq!(
            (h.id, h.game, h.currency, h.table),
            ("2145163746", Ok("Hold'em Limit"), Some("EUR"), "Lorient")
        );
        assert_eq!((h.stakes.0.to_string(), h.stakes.1.to_string()), ("10".into(), "20".into()));
        let h = header("Game # 2695932189 - 5-Card Omaha High Pot Limit EUR 0.10/0.20 - Table \"Nampa\"")
            .unwrap();
        assert_eq!(h.game, Err("5-Card Omaha High Pot Limit"));
        assert_eq!(cards("Qc - Qs - 4h - 7d (a pair of Queens)").unwrap(), ["Qc", "Qs", "4h", "7d"]);
        assert_eq!(cards("10h - As").unwrap(), ["Th", "As"]);
        assert_eq!(cards("Q€ - As"), None);
        assert_eq!(
            chips("Hero        (EUR 468.50 in seat 4)").map(|a| a.to_string()).as_deref(),
            Some("468.50")
        );
        assert_eq!(
            written_amount(" EUR 98.00 (with a flush)").map(|a| a.to_string()).as_deref(),
            Some("98.00")
        );
        assert!(Entraction::detect(
            "Game # 1850568849 - Texas Hold'em No Limit EUR 0.10/0.20 - Table \"Tranemo\"\n"
        ));
        assert!(!Entraction::detect("Game #1850568849: Hold'em (€0,05/€0,10) - 12:16:31 3.10.2012\n"));
    }
}
