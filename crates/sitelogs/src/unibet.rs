//! Unibet (Relax Gaming's client, 2021 on) hand histories: [`Reader`] imports them to PHH hands,
//! one [`Record`](crate::Record) per hand, each replayed and checked against the pot, the rake and
//! each player's net result the summary states.
//!
//! The layout: `Game #1463192545: Table €1 NL - 0.05/0.10 - No Limit Hold'Em Banzai - 13:22:50
//! 2021/04/04` (the table, the blinds, the game, the time and date), sections marked `*** Seated
//! players ***`, `*** Blinds and button ***`, `*** Hole cards ***`, `*** Preflop ***`, `*** Flop
//! *** [..]`, `*** Turn *** [..] [..]`, `*** River *** [..] [..]` and `*** Summary ***`; the lines
//! name the player first with no colon (`Hero raises €0.95 to €0.95, and is all-in`; a colon after
//! the name is read too), `Dealt in NAME` for a player whose cards are hidden, `NAME wins €1.10`
//! counting the bet no one called (returned here, unless an `Uncalled bet` line returns it), and a
//! summary line per player who put chips in: `Seat 4: Hero: bet €0.95 and won €1.10, net result:
//! €0.15`, the stacks the replay must end with. The streets after the flop and the showdown
//! (`NAME shows [..]`) are read as the tracker that published the one real log reads them: that
//! log's hand ends before the flop.
//!
//! Refused per hand with a code: the games PHH cannot express
//! ([`SITE_GAME_UNSUPPORTED`](crate::codes::SITE_GAME_UNSUPPORTED)).
//!
//! ```
//! let log = "\
//! Game #1463192545: Table €1 NL - 0.05/0.10 - No Limit Hold'Em Banzai - 13:22:50 2021/04/04
//! *** Seated players ***
//! Seat 1: Ann (€5.15)
//! Seat 2: Bob (€1)
//! Seat 4: Hero (€0.95)
//! *** Blinds and button ***
//! Hero has the button
//! Ann posts small blind €0.05
//! Bob posts big blind €0.10
//! *** Hole cards ***
//! Dealt in Ann
//! Dealt in Bob
//! Dealt to Hero [Ac 7c]
//! *** Preflop ***
//! Hero raises €0.95 to €0.95, and is all-in
//! Ann folds
//! Bob folds
//! Hero wins €1.10
//! *** Summary ***
//! Total pot €1.10 Rake €0
//! Seat 1: Ann: bet €0.05 and won €0, net result: €-0.05
//! Seat 2: Bob: bet €0.10 and won €0, net result: €-0.10
//! Seat 4: Hero: bet €0.95 and won €1.10, net result: €0.15
//! ";
//! let record = sitelogs::unibet::Reader::from_str(log, sitelogs::Options::default()).next().unwrap();
//! assert!(record.diagnostics.is_empty(), "{:?}", record.diagnostics);
//! let hand = record.hand.unwrap();
//! assert_eq!(hand.venue.as_deref(), Some("Unibet"));
//! assert_eq!(hand.finishing_stacks.unwrap()[2].to_string(), "1.10");
//! ```

use cards_core::{Amount, Span};

use crate::relay::{self, Draft, End, Relay, StarsHeader, Street, TextReader, TextSite};
use crate::text::Line;
use crate::{Options, codes, money};

/// Streams the hands of a Unibet log.
pub type Reader<R> = TextReader<R, Unibet>;

/// Unibet's text, for [`TextReader`].
#[derive(Debug)]
pub struct Unibet;

impl TextSite for Unibet {
    const VENUE: &'static str = "Unibet";

    fn is_header(line: &str) -> bool {
        header(line).is_some()
    }
}

impl Relay for Unibet {
    fn read(lines: &[Line], draft: &mut Draft, options: &Options) {
        let Some(head) = header(&lines[0].text) else { return };
        draft.hand_id(head.id);
        Hand::new(draft, options, &head, lines[0].span).read(&lines[1..]);
    }
}

/// The header: `Game #ID: Table NAME - SB/BB - GAME - HH:MM:SS YYYY/MM/DD`.
struct Header<'a> {
    id: &'a str,
    table: &'a str,
    stakes: (&'a str, &'a str),
    game: &'a str,
    date: Option<(i64, i64, i64, u8, u8, u8)>,
}

fn header(line: &str) -> Option<Header<'_>> {
    let line = line.trim_start_matches('\u{feff}').trim();
    let (id, rest) = line.strip_prefix("Game #")?.split_once(": Table ")?;
    if id.is_empty() || !id.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let mut parts = rest.rsplitn(4, " - ");
    let when = parts.next()?;
    let game = parts.next()?;
    let stakes = parts.next()?.split_once('/')?;
    let table = parts.next()?;
    Some(Header { id, table, stakes, game, date: date(when) })
}

/// `13:22:50 2021/04/04`.
fn date(text: &str) -> Option<(i64, i64, i64, u8, u8, u8)> {
    let (time, day) = text.trim().split_once(' ')?;
    let mut d = day.split('/').map(|p| p.parse::<i64>().ok());
    let mut t = time.split(':').map(|p| p.parse::<u8>().ok());
    Some((d.next()??, d.next()??, d.next()??, t.next()??, t.next()??, t.next()??))
}

/// The PokerStars game of Unibet's game name, or the name as written when PHH has none.
fn game(name: &str) -> Result<&'static str, String> {
    let lower = name.to_ascii_lowercase();
    let base = lower.trim_end_matches(" banzai").trim_end_matches(" cash");
    match base {
        "no limit hold'em" => Ok("Hold'em No Limit"),
        "fixed limit hold'em" | "limit hold'em" => Ok("Hold'em Limit"),
        "pot limit omaha" => Ok("Omaha Pot Limit"),
        "pot limit omaha hi/lo" | "pot limit omaha hi-lo" => Ok("Omaha Hi/Lo Pot Limit"),
        _ => Err(name.to_owned()),
    }
}

/// One hand being read.
struct Hand<'h, 'd> {
    draft: &'d mut Draft,
    options: &'h Options,
    head: &'h Header<'h>,
    first: Span,
    seats: Vec<relay::Seat>,
    button: Option<i64>,
    body: Vec<(String, Span)>,
    street: Street,
    /// An `Uncalled bet` line was written: the wins leave the bet out.
    uncalled_written: bool,
    summary: bool,
    rake: Amount,
    ends: Vec<End>,
    end: Span,
}

impl<'h, 'd> Hand<'h, 'd> {
    fn new(draft: &'d mut Draft, options: &'h Options, head: &'h Header<'h>, first: Span) -> Hand<'h, 'd> {
        Hand {
            draft,
            options,
            head,
            first,
            seats: Vec::new(),
            button: None,
            body: Vec::new(),
            street: Street::default(),
            uncalled_written: false,
            summary: false,
            rake: Amount::ZERO,
            ends: Vec::new(),
            end: first,
        }
    }

    fn read(mut self, lines: &[Line]) {
        for line in lines {
            let text = line.text.trim();
            if text.is_empty() {
                continue;
            }
            self.end = line.span;
            self.line(text, line.span);
        }
        self.finish();
    }

    fn line(&mut self, text: &str, span: Span) {
        if let Some(marker) = text.strip_prefix("*** ") {
            return self.section(marker, span);
        }
        if self.summary {
            return self.summary_line(text, span);
        }
        if let Some(rest) = text.strip_prefix("Seat ").filter(|_| self.body.is_empty()) {
            return self.seat(rest, text, span);
        }
        if text.starts_with("Dealt in ") {
            // Cards dealt face down to someone else: PHH's unknown cards.
            return;
        }
        if let Some(rest) = text.strip_prefix("Dealt to ") {
            return self.body.push((format!("Dealt to {rest}"), span));
        }
        if let Some(rest) = text.strip_prefix("Uncalled bet (") {
            self.uncalled_written = true;
            let parsed = rest.split_once(") returned to ").and_then(|(a, n)| Some((money::parse(a)?, n)));
            let Some((amount, name)) = parsed else { return self.draft.bad_amount(text, span) };
            self.street.returned(name, amount);
            return self.body.push((format!("Uncalled bet ({amount}) returned to {name}"), span));
        }
        let Some(name) = self.named(text) else {
            return self.draft.unknown(self.options, text, span);
        };
        let action = text[name.len()..].trim_start_matches(':').trim();
        self.action(&name, action, text, span);
    }

    /// The longest seated name `text` starts with, followed by a space or a colon.
    fn named(&self, text: &str) -> Option<String> {
        self.seats
            .iter()
            .filter(|s| text.starts_with(s.1.as_str()) && text[s.1.len()..].starts_with([' ', ':']))
            .max_by_key(|s| s.1.len())
            .map(|s| s.1.clone())
    }

    fn section(&mut self, marker: &str, span: Span) {
        let (name, cards) = marker.split_once(" ***").unwrap_or((marker, ""));
        match name {
            "Seated players" | "Blinds and button" | "Preflop" => {}
            "Hole cards" => self.body.push(("*** HOLE CARDS ***".into(), span)),
            "Flop" | "Turn" | "River" => {
                self.close_round(span);
                let street = name.to_ascii_uppercase();
                self.body.push((format!("*** {street} ***{cards}"), span));
            }
            "Showdown" | "Show down" => self.body.push(("*** SHOW DOWN ***".into(), span)),
            "Summary" => {
                self.close_round(span);
                self.street.collected(&mut self.body, true);
                self.summary = true;
            }
            _ => self.draft.refuse(codes::SITE_UNKNOWN_LINE, format!("unknown section `*** {marker}`"), span),
        }
    }

    /// A betting round ends: a bet no one called goes back (the wins count it), unless the log
    /// returned it itself.
    fn close_round(&mut self, span: Span) {
        if self.uncalled_written {
            self.street.next();
        } else {
            self.street.close(&mut self.body, span);
        }
        self.uncalled_written = false;
    }

    /// `Seat 1: Player0 (€5.15)`, maybe followed by ` (sitting out)`.
    fn seat(&mut self, rest: &str, text: &str, span: Span) {
        let parsed = rest.split_once(": ").and_then(|(n, r)| {
            let r = r.strip_suffix(" (sitting out)").unwrap_or(r);
            let open = r.rfind(" (")?;
            let stack = money::parse(r[open + 2..].trim_end_matches(')'))?;
            Some((n.parse::<i64>().ok()?, r[..open].to_owned(), stack, rest.ends_with("(sitting out)")))
        });
        match parsed {
            // A seat sitting out is dealt nothing.
            Some((_, _, _, true)) => {}
            Some((number, name, stack, false)) => self.seats.push((number, name, stack, span)),
            None => self.draft.refuse(codes::SITE_BAD_SEAT, format!("unreadable seat `{text}`"), span),
        }
    }

    fn action(&mut self, name: &str, action: &str, text: &str, span: Span) {
        let (action, all_in) =
            match action.strip_suffix(", and is all-in").or(action.strip_suffix(" and is all-in")) {
                Some(a) => (a, " and is all-in"),
                None => (action, ""),
            };
        let amount = |t: &str| money::parse(t);
        if action == "has the button" {
            self.button = self.seats.iter().find(|s| s.1 == name).map(|s| s.0);
        } else if action == "folds" || action == "checks" {
            self.body.push((format!("{name}: {action}"), span));
        } else if action == "mucks" || action == "mucks hand" {
            self.body.push((format!("{name}: mucks hand"), span));
        } else if let Some((post, t)) = [
            ("posts small blind ", "posts small blind"),
            ("posts big blind ", "posts big blind"),
            ("posts the ante ", "posts the ante"),
            ("posts ante ", "posts the ante"),
            ("posts straddle ", "posts straddle"),
        ]
        .iter()
        .find_map(|(p, words)| action.strip_prefix(p).map(|t| (*words, t)))
        {
            let Some(a) = amount(t) else { return self.draft.bad_amount(text, span) };
            if post == "posts the ante" {
                self.street.dead(a);
            } else {
                self.street.post(name, a);
            }
            self.body.push((format!("{name}: {post} {a}{all_in}"), span));
        } else if let Some(t) = action.strip_prefix("calls ").or(action.strip_prefix("bets ")) {
            let Some(a) = amount(t) else { return self.draft.bad_amount(text, span) };
            let added = self.street.add(name, a);
            self.body.push((format!("{}{all_in}", relay::added_text(name, &added)), span));
        } else if let Some(t) = action.strip_prefix("raises ") {
            // `raises €0.95 to €0.95`: the total after `to`.
            let Some(to) = t.rsplit_once(" to ").and_then(|(_, to)| amount(to)) else {
                return self.draft.bad_amount(text, span);
            };
            self.street.raise_to(name, to);
            self.body.push((format!("{name}: raises {to} to {to}{all_in}"), span));
        } else if let Some(t) = action.strip_prefix("shows ") {
            match relay::bracket_cards(t).filter(|c| !c.is_empty()) {
                Some(c) => self.body.push((format!("{name}: shows [{c}]"), span)),
                None => self.draft.unreadable_action(name, text, span),
            }
        } else if let Some(t) = action.strip_prefix("wins ").or(action.strip_prefix("collects ")) {
            let won = t.split_whitespace().next().and_then(amount);
            let Some(a) = won else { return self.draft.bad_amount(text, span) };
            self.street.win(name, a, span);
        } else if action.contains("sits out") || action.contains("has left") || action.contains("has joined")
        {
            // Seats coming and going.
        } else {
            self.draft.unreadable_action(name, text, span);
        }
    }

    /// `Total pot €1.10 Rake €0`, `Seat 4: Hero: bet €0.95 and won €1.10, net result: €0.15`.
    fn summary_line(&mut self, text: &str, span: Span) {
        if let Some(rest) = text.strip_prefix("Total pot ") {
            match rest.split_once(" Rake ").and_then(|(_, r)| money::parse(r.trim_start_matches("| "))) {
                Some(rake) => self.rake = rake,
                None => self.draft.bad_amount(text, span),
            }
            return;
        }
        let Some(rest) = text.strip_prefix("Seat ") else {
            return self.draft.unknown(self.options, text, span);
        };
        let Some((_, rest)) = rest.split_once(": ") else {
            return self.draft.unknown(self.options, text, span);
        };
        let Some(name) = self.named(rest) else { return self.draft.unknown(self.options, text, span) };
        let net = rest.rsplit_once("net result: ").and_then(|(_, n)| signed(n));
        let stack = self.seats.iter().find(|s| s.1 == name).map(|s| s.2);
        match (net, stack) {
            (Some(net), Some(stack)) => self.ends.push((name, money::plus(stack, net), span)),
            _ => self.draft.bad_amount(text, span),
        }
    }

    fn finish(self) {
        let Hand { draft, head, first, seats, button, body, street, rake, ends, end, .. } = self;
        let game = match game(head.game) {
            Ok(g) => g,
            Err(written) => {
                let message = format!("PHH has no variant for Unibet's {written}");
                return draft.refuse(codes::SITE_GAME_UNSUPPORTED, message, first);
            }
        };
        let (Some(small), Some(big)) = (money::parse(head.stakes.0), money::parse(head.stakes.1)) else {
            return draft.refuse(codes::SITE_BAD_HEADER, "unreadable stakes", first);
        };
        if !street.paid() {
            draft.refuse(
                codes::SITE_INCOMPLETE,
                "the hand pays no one (no `wins` line): it is cut short",
                end,
            );
        }
        let symbol = money::symbol_of(head.table.split_whitespace().next().unwrap_or(""));
        let stars = StarsHeader::new("Unibet", head.id, game, Some((small, big)))
            .money(symbol, relay::currency(symbol))
            .date(head.date, None);
        draft.push(stars.line(), first);
        draft.push(relay::table_line(head.table, None, button), first);
        draft.ends(ends, "the summary's net result gives");
        relay::seats_play_summary(draft, &seats, body, (money::plus(street.won, rake), rake), end);
    }
}

/// `€-0.05`, `-€0.05`, `€0.15`: a signed amount.
fn signed(text: &str) -> Option<Amount> {
    let text = text.trim();
    let negative = text.contains('-');
    let amount = money::parse(&text.replace('-', ""))?;
    Some(if negative { money::minus(Amount::ZERO, amount) } else { amount })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_parts() {
        let h = header(
            "Game #1463192545: Table €1 NL - 0.05/0.10 - No Limit Hold'Em Banzai - 13:22:50 2021/04/04",
        )
        .unwrap();
        assert_eq!(
            (h.id, h.table, h.stakes, h.game),
            ("1463192545", "€1 NL", ("0.05", "0.10"), "No Limit Hold'Em Banzai")
        );
        assert_eq!(h.date, Some((2021, 4, 4, 13, 22, 50)));
        assert_eq!(game(h.game), Ok("Hold'em No Limit"));
        assert_eq!(game("Pot Limit Omaha"), Ok("Omaha Pot Limit"));
        assert!(game("Six Plus Hold'em").is_err());
        assert!(header("Game #x: Table a - 1/2 - b - c").is_none());
    }

    #[test]
    fn signed_amounts() {
        assert_eq!(signed("€-0.05").unwrap().to_string(), "-0.05");
        assert_eq!(signed("€0.15").unwrap().to_string(), "0.15");
        assert!(signed("€x").is_none());
    }
}
