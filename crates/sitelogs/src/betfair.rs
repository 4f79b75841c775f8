//! Betfair Poker hand histories of its own network, before it joined OnGame's in 2010 (`*****
//! Betfair Poker Hand History for Game 100000000 *****`): [`Reader`] imports them to PHH hands,
//! one [`Record`](crate::Record) per hand, each replayed and checked against the payouts the log states.
//!
//! The layout, read here: the game and stakes before the date (`PL $0.05/$0.10 Omaha - Sunday,
//! October 18, 20:00:00 GMT 2009`), `Table NAME 6-max (Real Money)`, `Seat 2 is the button`,
//! seats as `Seat 1: NAME ( $1 )`, amounts in brackets (`posts big blind [$0.10]`, `calls
//! [$0.20]`: what is added; `raises to [$1]`: the round's total), `goes all-in` before the
//! action that puts the chips in, cards as `[ 7c, 6c, 5h, Jh ]`, the streets as `** Dealing Flop
//! ** [ 4d, 5d, 6d ]`, `** Showdown **` and `** Hand Conclusion **` with each pot's payout after
//! the rake (`wins $6.26 from side pot #1 with ...`), no rake and no final stacks written (the rake
//! is what went in less what was paid out; a hand paid short of its pot by more than a rake is
//! refused with [`SITE_PAYOUT_SHORT`](crate::codes::SITE_PAYOUT_SHORT)). An uncalled bet is not
//! written: the import returns it, outside what the winner is paid.
//!
//! Refused per hand with a code: the games PHH cannot express (pot-limit hold'em, Omaha hi/lo
//! outside fixed limit...) with [`SITE_GAME_UNSUPPORTED`](crate::codes::SITE_GAME_UNSUPPORTED).

use cards_core::{Amount, Span};

use crate::relay::{self, Draft, Relay, Seat, StarsHeader, Street, TextReader, TextSite};
use crate::text::Line;
use crate::{Options, codes, money};

/// Streams the hands of a Betfair Poker log.
pub type Reader<R> = TextReader<R, Betfair>;

/// Betfair's text, for [`TextReader`].
#[derive(Debug)]
pub struct Betfair;

const OPEN: &str = "***** Betfair Poker Hand History for Game ";

impl TextSite for Betfair {
    const VENUE: &'static str = "Betfair";
    const DETECT_LINES: usize = 20;

    fn is_header(line: &str) -> bool {
        hand_id(line).is_some()
    }
}

impl Relay for Betfair {
    fn read(lines: &[Line], draft: &mut Draft, options: &Options) {
        import(lines, draft, options);
    }
}

/// `***** Betfair Poker Hand History for Game 100000000 *****`: the hand number.
fn hand_id(line: &str) -> Option<&str> {
    let line = line.trim_start_matches('\u{feff}').trim();
    let id = line.strip_prefix(OPEN)?.strip_suffix("*****")?.trim();
    (!id.is_empty() && id.bytes().all(|b| b.is_ascii_digit())).then_some(id)
}

/// An amount as Betfair writes it: `$0.10`, `[$0.10]`, `( $1 )`.
fn amount(text: &str) -> Option<Amount> {
    money::parse(text.trim().trim_matches(['[', ']', '(', ')']).trim())
}

/// `PL $0.05/$0.10 Omaha - Sunday, October 18, 20:00:00 GMT 2009`: the game (or Betfair's words),
/// stakes, symbol, date and time zone.
type Head<'a> =
    (Result<&'static str, String>, (Amount, Amount), Option<char>, Option<DateTime>, Option<&'a str>);

/// `(year, month, day, hour, minute, second)`.
type DateTime = (i64, i64, i64, u8, u8, u8);

fn game_line(line: &str) -> Option<Head<'_>> {
    let (game, when) = line.split_once(" - ")?;
    let mut words = game.split_whitespace();
    let structure = words.next()?;
    let stakes = words.next()?;
    let name: Vec<&str> = words.collect();
    let name = name.join(" ");
    let (small, big) = stakes.split_once('/')?;
    let symbol = money::symbol_of(small);
    let (small, big) = (amount(small)?, amount(big)?);
    let lower = name.to_ascii_lowercase();
    let game = match (structure, lower.as_str()) {
        ("NL", "texas hold'em" | "hold'em" | "holdem") => Ok("Hold'em No Limit"),
        ("FL" | "L", "texas hold'em" | "hold'em" | "holdem") => Ok("Hold'em Limit"),
        ("PL", "omaha") => Ok("Omaha Pot Limit"),
        ("FL" | "L", "omaha hi-lo" | "omaha hi/lo") => Ok("Omaha Hi/Lo Limit"),
        _ => Err(format!("{structure} {name}")),
    };
    // `Sunday, October 18, 20:00:00 GMT 2009`.
    let words: Vec<&str> = when.split([' ', ',']).filter(|w| !w.is_empty()).collect();
    let date = (|| {
        let at = words.iter().position(|w| relay::month(w).is_some())?;
        let month = relay::month(words[at])?;
        let day: i64 = words.get(at + 1)?.parse().ok()?;
        let time = words.get(at + 2)?;
        let year: i64 = words.last()?.parse().ok()?;
        relay::iso_date(&format!("{year}-{month}-{day} {time}"))
    })();
    let zone = (words.len() >= 2)
        .then(|| words[words.len() - 2])
        .filter(|z| z.chars().all(|c| c.is_ascii_alphabetic()));
    Some((game, (small, big), symbol, date, zone))
}

fn import(lines: &[Line], draft: &mut Draft, options: &Options) {
    let first = &lines[0];
    let mut hand = Hand::default();
    for (text, span) in relay::said_lines(lines) {
        hand.line(draft, options, text, span);
    }
    hand.finish(draft, first, relay::last_said(lines));
}

/// A Betfair hand being read: what its lines said so far, and its play in the PokerStars form.
#[derive(Default)]
struct Hand<'h> {
    head: Option<(Head<'h>, Span)>,
    /// The table's name and size, whether it plays for play money, the line saying it.
    table: Option<(String, Option<i64>, bool, Span)>,
    button: Option<i64>,
    seats: Vec<Seat>,
    body: Vec<(String, Span)>,
    street: Street,
    dealt: bool,
    /// Whether the last betting round is closed (its uncalled bet returned).
    closed: bool,
}

impl<'h> Hand<'h> {
    /// Reads one line after the header.
    fn line(&mut self, draft: &mut Draft, options: &Options, text: &'h str, span: Span) {
        if text.starts_with("************") && text.ends_with("ends  ************")
            || text.ends_with(" ends *****")
        {
            return;
        }
        if self.head.is_none() {
            match game_line(text) {
                Some(h) => self.head = Some((h, span)),
                None => draft.refuse(codes::SITE_BAD_HEADER, format!("unreadable game line `{text}`"), span),
            }
        } else if let Some(t) = text.strip_prefix("Table ").filter(|_| self.table.is_none()) {
            // `Table Death 1 6-max (Real Money)`.
            let (rest, kind) = t.rsplit_once(" (").unwrap_or((t, ""));
            let (name, size) = match rest.rsplit_once(' ') {
                Some((n, max)) if max.ends_with("-max") => {
                    (n, max.trim_end_matches("-max").parse::<i64>().ok())
                }
                _ => (rest, None),
            };
            self.table = Some((name.to_owned(), size, kind.to_ascii_lowercase().contains("play"), span));
        } else if let Some(t) = text.strip_suffix(" is the button").and_then(|t| t.strip_prefix("Seat ")) {
            self.button = t.parse::<i64>().ok();
        } else if text.starts_with("Total number of active players") {
            // Said by the seats.
        } else if let Some(rest) = text.strip_prefix("Seat ").filter(|_| !self.dealt) {
            // `Seat 1: Hero ( $1 )`.
            let parsed = rest.split_once(": ").and_then(|(n, r)| {
                let open = r.rfind(" (")?;
                Some((n.parse::<i64>().ok()?, r[..open].to_owned(), amount(&r[open + 1..])?))
            });
            match parsed {
                Some((number, name, stack)) => self.seats.push((number, name, stack, span)),
                None => draft.refuse(codes::SITE_BAD_SEAT, format!("unreadable seat `{text}`"), span),
            }
        } else if let Some(marker) = text.strip_prefix("** ") {
            self.marker(draft, options, text, marker, span);
        } else if let Some(rest) = text.strip_prefix("Dealt to ") {
            let open = rest.find(" [").unwrap_or(rest.len());
            match relay::bracket_cards(&rest[open..]).filter(|c| !c.is_empty()) {
                Some(c) => self.body.push((format!("Dealt to {} [{c}]", &rest[..open]), span)),
                None => draft.refuse(codes::SITE_BAD_CARDS, format!("unreadable cards `{text}`"), span),
            }
        } else {
            self.action(draft, options, text, span);
        }
    }

    /// Closes the last betting round once: its uncalled bet goes back.
    fn close(&mut self, span: Span) {
        if !self.closed {
            self.street.close_unpaid(&mut self.body, span);
            self.closed = true;
        }
    }

    /// `** Dealing Flop ** [ 8c, 8d, 2s ]` and the other `**` markers.
    fn marker(&mut self, draft: &mut Draft, options: &Options, text: &str, marker: &str, span: Span) {
        let name = marker.split(" **").next().unwrap_or_default().trim();
        match name {
            "Dealing down cards" => {
                if !self.dealt {
                    self.dealt = true;
                    self.body.push(("*** HOLE CARDS ***".into(), span));
                }
            }
            "Dealing Flop" | "Dealing Turn" | "Dealing River" => {
                self.street.close_unpaid(&mut self.body, span);
                match relay::bracket_cards(marker).filter(|c| !c.is_empty()) {
                    Some(b) => self.body.push((format!("*** {} *** [{b}]", name[8..].to_uppercase()), span)),
                    None => draft.refuse(codes::SITE_BAD_CARDS, format!("unreadable board `{text}`"), span),
                }
            }
            "Showdown" | "Hand Conclusion" => {
                self.close(span);
                if name == "Showdown" {
                    self.body.push(("*** SHOW DOWN ***".into(), span));
                }
            }
            _ => draft.unknown(options, text, span),
        }
    }

    /// A line about a seated player.
    fn action(&mut self, draft: &mut Draft, options: &Options, text: &str, span: Span) {
        let named = relay::seated(&self.seats, text, &[' ']).map(|(_, name)| name);
        let Some(name) = named else {
            draft.unknown(options, text, span);
            return;
        };
        if !self.act(&name, text[name.len()..].trim(), span) {
            draft.unreadable_action(&name, text, span);
        }
    }

    /// What `name` does (`posts small blind $0.05`, `raises to $0.40`, `wins $0.38`): whether it
    /// was read.
    fn act(&mut self, name: &str, action: &str, span: Span) -> bool {
        let line = if action == "folds" || action == "checks" {
            format!("{name}: {action}")
        } else if let Some(t) = action.strip_prefix("posts small blind ") {
            let Some(a) = amount(t) else { return false };
            self.street.post(name, a);
            format!("{name}: posts small blind {a}")
        } else if let Some(t) = action.strip_prefix("posts big blind ") {
            let Some(a) = amount(t) else { return false };
            self.street.post(name, a);
            format!("{name}: posts big blind {a}")
        } else if let Some(t) = action.strip_prefix("calls ").or_else(|| action.strip_prefix("bets ")) {
            let Some(a) = amount(t) else { return false };
            let added = self.street.add(name, a);
            relay::added_text(name, &added)
        } else if let Some(t) = action.strip_prefix("raises to ") {
            let Some(to) = amount(t) else { return false };
            let highest = self.street.highest();
            let added = self.street.raise_to(name, to);
            if to <= highest {
                format!("{name}: calls {added}")
            } else {
                format!("{name}: raises {to} to {to}")
            }
        } else if let Some(t) = action.strip_prefix("shows ") {
            let Some(c) = relay::bracket_cards(t).filter(|c| !c.is_empty()) else { return false };
            format!("{name}: shows [{c}]")
        } else if action.starts_with("mucks") {
            format!("{name}: mucks hand")
        } else if let Some(t) = action.strip_prefix("wins ") {
            self.close(span);
            let Some(a) = t.split_whitespace().next().and_then(amount) else { return false };
            self.street.win(name, a, span);
            return true;
        } else {
            // `goes all-in`: said before the action that puts the chips in.
            return action == "goes all-in"
                || action.contains("sits out")
                || action.contains("has left")
                || action.contains("has joined");
        };
        self.body.push((line, span));
        true
    }

    /// After the last line: the game checked, the payouts, and the hand written in the
    /// PokerStars form.
    fn finish(mut self, draft: &mut Draft, first: &Line, end: Span) {
        let Some(((game, stakes, symbol, date, zone), head_span)) = self.head.take() else {
            draft.refuse(codes::SITE_BAD_HEADER, "no game line after the hand's header", first.span);
            return;
        };
        let game = match game {
            Ok(g) => g,
            Err(written) => {
                let message = format!("PHH has no variant for Betfair's {written}");
                draft.refuse(codes::SITE_GAME_UNSUPPORTED, message, head_span);
                return;
            }
        };
        let unpaid = "the hand pays no one (no `wins` line): it is cut short";
        self.street.pay_out(draft, &mut self.body, self.closed, end, unpaid);
        draft.payout(&self.street, false);
        let (table_name, size, play_money, table_span) =
            self.table.take().unwrap_or_else(|| (String::new(), None, false, head_span));
        let symbol = symbol.filter(|_| !play_money);
        let stars = StarsHeader::new("Betfair", hand_id(&first.text).unwrap_or_default(), game, Some(stakes))
            .money(symbol, relay::currency(symbol))
            .date(date, zone);
        draft.push(stars.line(), first.span);
        let mut table_text = relay::table_line(&table_name, size, self.button);
        if play_money {
            table_text.push_str(" (Play Money)");
        }
        draft.push(table_text, table_span);
        let (total, rake) = (self.street.total, self.street.rake());
        relay::seats_play_summary(draft, &self.seats, self.body, (total, rake), end);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_and_detection() {
        let (game, stakes, symbol, date, zone) =
            game_line("PL $0.05/$0.10 Omaha - Sunday, October 18, 20:00:00 GMT 2009").unwrap();
        assert_eq!(game, Ok("Omaha Pot Limit"));
        assert_eq!(stakes, ("0.05".parse().unwrap(), "0.10".parse().unwrap()));
        assert_eq!((symbol, date, zone), (Some('$'), Some((2009, 10, 18, 20, 0, 0)), Some("GMT")));
        assert_eq!(
            game_line("PL $1/$2 Texas Hold'em - Sunday, October 18, 20:00:00 GMT 2009").unwrap().0,
            Err("PL Texas Hold'em".to_owned())
        );
        assert!(Betfair::detect("***** Betfair Poker Hand History for Game 100000000 *****\n"));
        assert!(!Betfair::detect("***** History for hand R5-1-2 *****\n"));
        assert_eq!(amount("( $1 )"), Some(Amount::from_int(1)));
    }
}
