//! Cake Poker hand histories (`Hand#N - Paris (6-max) 11985 -- $0.05/$0.10 NL Hold'em --
//! 2011/08/28 - 00:53:30`): [`Reader`] imports them to PHH hands, one [`Record`](crate::Record) per hand, each
//! replayed and checked against the stacks and payouts the log states.
//!
//! The lines are PokerStars' with Cake's words, read here: no table line (the table and its size
//! are in the header, the button is the seat marked `DEALER`), `raises to $0.30`, cards with
//! commas (`[7c,Th]`), `returns uncalled bet $0.30`, `is all in $2` (a bet, call or raise by what
//! the others put in), `wins $0.56` (the payout after the rake), no summary and no rake written
//! (the rake is what went in less what was paid out; a hand paid short of its pot by more than a
//! rake is refused with [`SITE_PAYOUT_SHORT`](crate::codes::SITE_PAYOUT_SHORT)), and a euro
//! table's dollars converted (`calls $0.08 (EUR €0.06)`: the dollars are read).
//!
//! ```
//! let log = "\
//! Hand#1 - Paris (6-max) 11985 -- $0.05/$0.10 NL Hold'em -- 2011/08/28 - 00:53:30
//! Seat 3: Ann ($10 in chips) DEALER
//! Seat 8: Bob ($10 in chips)
//! Ann: posts small blind $0.05
//! Bob: posts big blind $0.10
//! Dealt to Ann [7c,Th]
//! Ann: raises to $0.30
//! Bob: folds
//! Ann: returns uncalled bet $0.20
//! ***SHOW DOWN***
//! Ann: mucks
//! Ann wins $0.20
//! ";
//! let record = sitelogs::cake::Reader::from_str(log, sitelogs::Options::default()).next().unwrap();
//! let hand = record.hand.unwrap();
//! assert_eq!(hand.venue.as_deref(), Some("Cake"));
//! assert_eq!(hand.finishing_stacks.unwrap()[1].to_string(), "10.10");
//! ```

use cards_core::{Amount, Span};

use crate::relay::{self, Draft, Relay, StarsHeader, Street, TextReader, TextSite};
use crate::text::Line;
use crate::{Options, codes, money};

/// Streams the hands of a Cake Poker log.
pub type Reader<R> = TextReader<R, Cake>;

/// Cake's text, for [`TextReader`].
#[derive(Debug)]
pub struct Cake;

impl TextSite for Cake {
    const VENUE: &'static str = "Cake";
    const DETECT_LINES: usize = 60;

    fn is_header(line: &str) -> bool {
        hand_id(line).is_some()
    }
}

impl Relay for Cake {
    fn read(lines: &[Line], draft: &mut Draft, options: &Options) {
        import(lines, draft, options);
    }
}

/// `Hand#2701011985001689 - ... -- stakes game -- date`: the hand number.
fn hand_id(line: &str) -> Option<&str> {
    // A BOM, sometimes twice over (once as Windows-1252 bytes).
    let line = line.trim_start_matches(['\u{feff}', 'ï', '»', '¿']);
    let rest = line.strip_prefix("Hand#")?;
    let (id, rest) = rest.split_once(" - ")?;
    (!id.is_empty() && id.bytes().all(|b| b.is_ascii_digit()) && rest.contains(" -- ")).then_some(id)
}

/// What the header says.
struct Header<'a> {
    table: &'a str,
    seat_count: Option<i64>,
    game: Result<&'static str, String>,
    stakes: (Amount, Amount),
    symbol: Option<char>,
    date: Option<(i64, i64, i64, u8, u8, u8)>,
    play_money: bool,
}

fn header(line: &str) -> Option<Header<'_>> {
    let line = line.trim_start_matches(['\u{feff}', 'ï', '»', '¿']).trim();
    let mut parts = line.split(" -- ");
    let table_part = parts.next()?.split_once(" - ")?.1;
    let game_part = parts.next()?;
    let when = parts.next().unwrap_or_default();
    let (table, seat_count) = match table_part.split_once(" (") {
        Some((name, tail)) => {
            let count = tail
                .split(|c: char| !c.is_ascii_digit())
                .find(|w| !w.is_empty())
                .and_then(|n| n.parse().ok());
            let count = count.filter(|_| tail.to_ascii_lowercase().contains("-max"));
            (name, count)
        }
        None => (table_part, None),
    };
    let (stakes, name) = game_part.split_once(' ')?;
    let (small, big) = stakes.split_once('/')?;
    let symbol = stakes.chars().find(|c| money::SYMBOLS.contains(c));
    let (small, big) = (crate::winamax::amount(small)?, crate::winamax::amount(big)?);
    let game = match name.trim() {
        "NL Hold'em" => Ok("Hold'em No Limit"),
        "FL Hold'em" => Ok("Hold'em Limit"),
        "PL Omaha" => Ok("Omaha Pot Limit"),
        "FL Omaha Hi/Lo" => Ok("Omaha Hi/Lo Limit"),
        other => Err(other.to_owned()),
    };
    // Fixed limit writes the small and big bets, the others the blinds: PokerStars' stakes both.
    let stakes = (small, big);
    let date = relay::iso_date(&when.replace(" - ", " "));
    Some(Header {
        table,
        seat_count,
        game,
        stakes,
        symbol,
        date,
        play_money: table_part.contains("Play Money"),
    })
}

/// The amount at the start of `text` (`$0.30`, `$0.08 (EUR €0.06)`: the first).
fn lead(text: &str) -> Option<Amount> {
    crate::winamax::amount(text.split_whitespace().next()?)
}

/// `[7c,Th]` as PokerStars writes it.
fn cards(text: &str) -> Option<String> {
    relay::bracket_cards(text).filter(|c| !c.is_empty()).map(|c| format!("[{c}]"))
}

fn import(lines: &[Line], draft: &mut Draft, options: &Options) {
    let first = &lines[0];
    let id = hand_id(&first.text).unwrap_or_default();
    let Some(head) = header(&first.text) else {
        draft.refuse(codes::SITE_BAD_HEADER, "unreadable header (table, stakes, game, date)", first.span);
        return;
    };
    let game = match &head.game {
        Ok(g) => *g,
        Err(written) => {
            draft.refuse(
                codes::SITE_GAME_UNSUPPORTED,
                format!("PHH has no variant for Cake's {written}"),
                first.span,
            );
            return;
        }
    };
    let mut play = Play::default();
    for (text, span) in relay::said_lines(lines) {
        play.line(draft, options, text, span);
    }
    let end = relay::last_said(lines);
    let Play { seats, button, mut body, mut street, .. } = play;
    if !street.paid() {
        draft.refuse(codes::SITE_INCOMPLETE, "the hand pays no one (no `wins` line): it is cut short", end);
    }
    street.collected(&mut body, true);
    draft.payout(&street, false);
    let currency = relay::currency(head.symbol);
    let stars = StarsHeader::new("Cake", id, game, Some(head.stakes))
        .money(head.symbol, currency)
        .date(head.date, None);
    draft.push(stars.line(), first.span);
    let mut table = relay::table_line(head.table, head.seat_count, button);
    if head.play_money {
        table.push_str(" (Play Money)");
    }
    draft.push(table, first.span);
    relay::seats_play_summary(draft, &seats, body, (street.total, street.rake()), end);
}

/// A hand's play under way, line by line.
#[derive(Default)]
struct Play {
    seats: Vec<relay::Seat>,
    button: Option<i64>,
    /// The play, in PokerStars' words.
    body: Vec<(String, Span)>,
    street: Street,
    dealt: bool,
}

impl Play {
    /// The hole cards are dealt: `*** HOLE CARDS ***` (once).
    fn deal(&mut self, span: Span) {
        if !self.dealt {
            self.dealt = true;
            self.body.push(("*** HOLE CARDS ***".into(), span));
        }
    }

    /// One line after the header (trimmed, not blank).
    fn line(&mut self, draft: &mut Draft, options: &Options, text: &str, span: Span) {
        if let Some(seat) = text.strip_prefix("Dealer: Seat ") {
            self.button = seat.trim().parse::<i64>().ok();
        } else if let Some(rest) = text.strip_prefix("Seat ").filter(|_| self.body.is_empty()) {
            self.seat(draft, text, rest, span);
        } else if let Some(marker) = text.strip_prefix("*** ") {
            let name = marker.split(" ***").next().unwrap_or_default();
            let Some(board) = cards(marker) else {
                draft.refuse(codes::SITE_BAD_CARDS, "unreadable board", span);
                return;
            };
            self.street.next();
            self.body.push((format!("*** {name} *** {board}"), span));
        } else if text.starts_with("***SHOW DOWN***") {
            self.body.push(("*** SHOW DOWN ***".into(), span));
        } else if let Some(rest) = text.strip_prefix("Dealt to ") {
            let open = rest.find(" [").unwrap_or(rest.len());
            self.deal(span);
            match cards(&rest[open..]) {
                Some(c) => self.body.push((format!("Dealt to {} {c}", &rest[..open]), span)),
                None => draft.refuse(codes::SITE_BAD_CARDS, "unreadable cards", span),
            }
        } else {
            let named = self
                .seats
                .iter()
                .filter(|s| text.starts_with(s.1.as_str()) && text[s.1.len()..].starts_with([':', ' ']))
                .max_by_key(|s| s.1.len())
                .map(|s| &text[..s.1.len()]);
            let Some(name) = named else {
                draft.unknown(options, text, span);
                return;
            };
            let action = text[name.len()..].trim_start_matches(':').trim();
            if !action.starts_with("posts ") {
                self.deal(span);
            }
            if self.action(draft, name, action, span).is_none() {
                draft.unreadable_action(name, text, span);
            }
        }
    }

    /// `Seat 3: Hero ($10 in chips) DEALER` (`rest`: the text after `Seat `).
    fn seat(&mut self, draft: &mut Draft, text: &str, rest: &str, span: Span) {
        let parsed = rest.split_once(": ").and_then(|(n, r)| {
            let close = r.find(" in chips)")?;
            let open = r[..close].rfind(" (")?;
            Some((
                n.parse::<i64>().ok()?,
                r[..open].to_owned(),
                crate::winamax::amount(&r[open + 2..close])?,
                r[close..].contains("DEALER"),
            ))
        });
        match parsed {
            Some((number, name, stack, dealer)) => {
                if dealer {
                    self.button = Some(number);
                }
                self.seats.push((number, name, stack, span));
            }
            None => draft.refuse(codes::SITE_BAD_SEAT, format!("unreadable seat `{text}`"), span),
        }
    }

    /// A seated player's line (`action`: the text after the name); `None` when unreadable.
    fn action(&mut self, draft: &mut Draft, name: &str, action: &str, span: Span) -> Option<()> {
        let (street, body) = (&mut self.street, &mut self.body);
        if action == "folds" || action == "checks" {
            body.push((format!("{name}: {action}"), span));
        } else if let Some(t) = action.strip_prefix("posts small blind ") {
            let a = lead(t)?;
            street.post(name, a);
            body.push((format!("{name}: posts small blind {a}"), span));
        } else if let Some(t) = action.strip_prefix("posts big blind ") {
            let a = lead(t)?;
            street.post(name, a);
            body.push((format!("{name}: posts big blind {a}"), span));
        } else if let Some(t) = action.strip_prefix("posts dead blind ") {
            let a = lead(t)?;
            street.dead(a);
            body.push((format!("{name}: posts the ante {a}"), span));
        } else if let Some(t) = action
            .strip_prefix("calls ")
            .or_else(|| action.strip_prefix("bets "))
            .or_else(|| action.strip_prefix("is all in "))
        {
            let added = street.add(name, lead(t)?);
            body.push((relay::added_text(name, &added), span));
        } else if let Some(t) = action.strip_prefix("raises to ") {
            let to = lead(t)?;
            street.raise_to(name, to);
            body.push((format!("{name}: raises {to} to {to}"), span));
        } else if let Some(t) = action.strip_prefix("returns uncalled bet ") {
            let a = lead(t)?;
            street.returned(name, a);
            body.push((format!("Uncalled bet ({a}) returned to {name}"), span));
        } else if let Some(t) = action.strip_prefix("shows ") {
            body.push((format!("{name}: shows {}", cards(t)?), span));
        } else if action.starts_with("mucks") {
            // `mucks [9h,As] (TwoPair) .`: cards the log shows.
            if let Some(c) = action.strip_prefix("mucks ").and_then(cards) {
                draft.mucked(name, &[c.trim_matches(['[', ']'])], span);
            }
            body.push((format!("{name}: mucks hand"), span));
        } else if let Some(t) = action.strip_prefix("wins ") {
            street.win(name, lead(t)?, span);
        } else if !(action.contains("sitting out")
            || action.contains("has left")
            || action.contains("has joined"))
        {
            return None;
        }
        Some(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_and_detection() {
        let h = header("Hand#1 - Innsbruck (6-max) 2 -- $5/$10 FL Hold'em -- 2012-06-20 - 23:10:52").unwrap();
        assert_eq!(h.game, Ok("Hold'em Limit"));
        assert_eq!((h.stakes.0.to_string(), h.stakes.1.to_string()), ("5".into(), "10".into()));
        assert_eq!((h.table, h.seat_count), ("Innsbruck", Some(6)));
        assert_eq!(h.date, Some((2012, 6, 20, 23, 10, 52)));
        assert!(Cake::detect(
            "\u{feff}Hand#2701011985001689 - Paris (6-max) 11985 -- $0.05/$0.10 NL Hold'em -- 2011/08/28 - 00:53:30\n"
        ));
        assert!(!Cake::detect("Hand #1 - nothing\n"));
    }
}
