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

use crate::relay::{self, Draft, Relay, StarsHeader, Street, TextReader, TextSite};
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

#[allow(clippy::too_many_lines)]
fn import(lines: &[Line], draft: &mut Draft, options: &Options) {
    let first = &lines[0];
    let id = hand_id(&first.text).unwrap_or_default();
    let mut head: Option<(Head<'_>, Span)> = None;
    let mut table: Option<(String, Option<i64>, bool, Span)> = None;
    let mut button = None;
    let mut seats: Vec<(i64, String, Amount, Span)> = Vec::new();
    let mut body: Vec<(String, Span)> = Vec::new();
    let mut street = Street::default();
    let mut dealt = false;
    let mut closed = false;
    let mut end = first.span;
    for line in &lines[1..] {
        let text = line.text.trim();
        let span = line.span;
        if text.is_empty() {
            continue;
        }
        end = span;
        if text.starts_with("************") && text.ends_with("ends  ************")
            || text.ends_with(" ends *****")
        {
            continue;
        }
        if head.is_none() {
            match game_line(text) {
                Some(h) => head = Some((h, span)),
                None => draft.refuse(codes::SITE_BAD_HEADER, format!("unreadable game line `{text}`"), span),
            }
            continue;
        }
        if let Some(t) = text.strip_prefix("Table ").filter(|_| table.is_none()) {
            // `Table Death 1 6-max (Real Money)`.
            let (rest, kind) = t.rsplit_once(" (").unwrap_or((t, ""));
            let (name, size) = match rest.rsplit_once(' ') {
                Some((n, max)) if max.ends_with("-max") => {
                    (n, max.trim_end_matches("-max").parse::<i64>().ok())
                }
                _ => (rest, None),
            };
            table = Some((name.to_owned(), size, kind.to_ascii_lowercase().contains("play"), span));
            continue;
        }
        if let Some(t) = text.strip_suffix(" is the button").and_then(|t| t.strip_prefix("Seat ")) {
            button = t.parse::<i64>().ok();
            continue;
        }
        if text.starts_with("Total number of active players") {
            continue;
        }
        if let Some(rest) = text.strip_prefix("Seat ").filter(|_| !dealt) {
            // `Seat 1: Hero ( $1 )`.
            let parsed = rest.split_once(": ").and_then(|(n, r)| {
                let open = r.rfind(" (")?;
                Some((n.parse::<i64>().ok()?, r[..open].to_owned(), amount(&r[open + 1..])?))
            });
            match parsed {
                Some((number, name, stack)) => seats.push((number, name, stack, span)),
                None => draft.refuse(codes::SITE_BAD_SEAT, format!("unreadable seat `{text}`"), span),
            }
            continue;
        }
        if let Some(marker) = text.strip_prefix("** ") {
            let name = marker.split(" **").next().unwrap_or_default().trim();
            match name {
                "Dealing down cards" => {
                    if !dealt {
                        dealt = true;
                        body.push(("*** HOLE CARDS ***".into(), span));
                    }
                }
                "Dealing Flop" | "Dealing Turn" | "Dealing River" => {
                    street.close_unpaid(&mut body, span);
                    let board = relay::bracket_cards(marker).filter(|c| !c.is_empty());
                    match board {
                        Some(b) => body.push((format!("*** {} *** [{b}]", name[8..].to_uppercase()), span)),
                        None => {
                            draft.refuse(codes::SITE_BAD_CARDS, format!("unreadable board `{text}`"), span)
                        }
                    }
                }
                "Showdown" | "Hand Conclusion" => {
                    if !closed {
                        street.close_unpaid(&mut body, span);
                        closed = true;
                    }
                    if name == "Showdown" {
                        body.push(("*** SHOW DOWN ***".into(), span));
                    }
                }
                _ => draft.unknown(options, text, span),
            }
            continue;
        }
        if let Some(rest) = text.strip_prefix("Dealt to ") {
            let open = rest.find(" [").unwrap_or(rest.len());
            match relay::bracket_cards(&rest[open..]).filter(|c| !c.is_empty()) {
                Some(c) => body.push((format!("Dealt to {} [{c}]", &rest[..open]), span)),
                None => draft.refuse(codes::SITE_BAD_CARDS, format!("unreadable cards `{text}`"), span),
            }
            continue;
        }
        let named = seats
            .iter()
            .filter(|s| text.starts_with(s.1.as_str()) && text[s.1.len()..].starts_with(' '))
            .max_by_key(|s| s.1.len())
            .map(|s| s.1.clone());
        let Some(name) = named else {
            draft.unknown(options, text, span);
            continue;
        };
        let action = text[name.len()..].trim();
        let bad = |draft: &mut Draft| {
            draft.refuse(
                codes::SITE_UNREADABLE_ACTION,
                format!("a line about `{name}` cannot be read: `{text}`"),
                span,
            );
        };
        if action == "folds" || action == "checks" {
            body.push((format!("{name}: {action}"), span));
        } else if action == "goes all-in" {
            // Said before the action that puts the chips in.
        } else if let Some(t) = action.strip_prefix("posts small blind ") {
            let Some(a) = amount(t) else {
                bad(draft);
                continue;
            };
            street.post(&name, a);
            body.push((format!("{name}: posts small blind {a}"), span));
        } else if let Some(t) = action.strip_prefix("posts big blind ") {
            let Some(a) = amount(t) else {
                bad(draft);
                continue;
            };
            street.post(&name, a);
            body.push((format!("{name}: posts big blind {a}"), span));
        } else if let Some(t) = action.strip_prefix("calls ").or_else(|| action.strip_prefix("bets ")) {
            let Some(a) = amount(t) else {
                bad(draft);
                continue;
            };
            let added = street.add(&name, a);
            body.push((relay::added_text(&name, &added), span));
        } else if let Some(t) = action.strip_prefix("raises to ") {
            let Some(to) = amount(t) else {
                bad(draft);
                continue;
            };
            let highest = street.highest();
            let added = street.raise_to(&name, to);
            if to <= highest {
                body.push((format!("{name}: calls {added}"), span));
            } else {
                body.push((format!("{name}: raises {to} to {to}"), span));
            }
        } else if let Some(t) = action.strip_prefix("shows ") {
            match relay::bracket_cards(t).filter(|c| !c.is_empty()) {
                Some(c) => body.push((format!("{name}: shows [{c}]"), span)),
                None => bad(draft),
            }
        } else if action.starts_with("mucks") {
            body.push((format!("{name}: mucks hand"), span));
        } else if let Some(t) = action.strip_prefix("wins ") {
            if !closed {
                street.close_unpaid(&mut body, span);
                closed = true;
            }
            let Some(a) = t.split_whitespace().next().and_then(amount) else {
                bad(draft);
                continue;
            };
            street.win(&name, a, span);
        } else if action.contains("sits out") || action.contains("has left") || action.contains("has joined")
        {
        } else {
            bad(draft);
        }
    }
    let Some(((game, stakes, symbol, date, zone), head_span)) = head else {
        draft.refuse(codes::SITE_BAD_HEADER, "no game line after the hand's header", first.span);
        return;
    };
    let game = match game {
        Ok(g) => g,
        Err(written) => {
            draft.refuse(
                codes::SITE_GAME_UNSUPPORTED,
                format!("PHH has no variant for Betfair's {written}"),
                head_span,
            );
            return;
        }
    };
    let unpaid = "the hand pays no one (no `wins` line): it is cut short";
    street.pay_out(draft, &mut body, closed, end, unpaid);
    draft.payout(&street, false);
    let (table_name, size, play_money, table_span) =
        table.unwrap_or_else(|| (String::new(), None, false, head_span));
    let symbol = symbol.filter(|_| !play_money);
    let currency = relay::currency(symbol);
    let stars = StarsHeader {
        site: "Betfair",
        id,
        event: None,
        game,
        level: None,
        stakes: Some(stakes),
        symbol,
        currency,
        date,
        time_zone: zone,
    };
    draft.push(stars.line(), first.span);
    let mut table_text = relay::table_line(&table_name, size, button);
    if play_money {
        table_text.push_str(" (Play Money)");
    }
    draft.push(table_text, table_span);
    relay::seats_play_summary(draft, &seats, body, (street.total, street.rake()), end);
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
