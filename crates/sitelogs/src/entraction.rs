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

use cards_core::{Amount, Span};

use crate::relay::{self, Draft, Relay, StarsHeader, Street, TextReader, TextSite};
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

#[allow(clippy::too_many_lines)]
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
    // Fixed limit writes the bets: its big blind is the small bet.
    let big_blind = if game.ends_with(" Limit") && !game.contains("No Limit") && !game.contains("Pot Limit") {
        head.stakes.0
    } else {
        head.stakes.1
    };
    let mut seat_count = None;
    let mut seats: Vec<(i64, String, Amount, Span)> = Vec::new();
    let mut button = None;
    let mut body: Vec<(String, Span)> = Vec::new();
    // Whether `body` deals the hole cards yet.
    let mut dealt = false;
    let mut street = Street::default();
    let mut board: Vec<String> = Vec::new();
    let mut showdown = false;
    let mut stated_rake = None;
    let mut date = None;
    let mut zone = None;
    let mut end = first.span;
    let mut deal = |body: &mut Vec<(String, Span)>, span: Span| {
        if !dealt {
            body.push(("*** HOLE CARDS ***".into(), span));
            dealt = true;
        }
    };
    for line in &lines[1..] {
        let text = line.text.trim();
        let span = line.span;
        if text.is_empty() {
            continue;
        }
        end = span;
        if let Some(max) = text.strip_prefix("Players(max ") {
            seat_count = max.trim_end_matches("):").parse::<i64>().ok();
            continue;
        }
        if let Some(when) = text.strip_prefix("Game ended ") {
            date = relay::iso_date(when);
            zone = when.split_whitespace().nth(2).map(str::to_owned);
            continue;
        }
        if let Some(rake) = text.strip_prefix("Rake:") {
            stated_rake = Some((written_amount(rake), span));
            continue;
        }
        if text.contains(" in seat ") && body.is_empty() {
            // `Hero                        (EUR 468.50 in seat 4)`.
            let parsed = text.rfind(" (").and_then(|open| {
                let number =
                    text[open..].split(" in seat ").nth(1)?.trim_end_matches(')').trim().parse().ok()?;
                Some((number, text[..open].trim().to_owned(), chips(text)?))
            });
            match parsed {
                Some((number, name, stack)) => seats.push((number, name, stack, span)),
                None => draft.refuse(codes::SITE_BAD_SEAT, format!("unreadable seat `{text}`"), span),
            }
            continue;
        }
        if let Some(rest) = text.strip_prefix("Dealer:") {
            let rest = rest.trim();
            button = seats.iter().find(|s| s.1 == rest).map(|s| s.0);
            if button.is_none() {
                draft.refuse(codes::SITE_UNKNOWN_PLAYER, format!("the dealer `{rest}` has no seat"), span);
            }
            continue;
        }
        if let Some((post, rest)) = [
            ("Small Blind:", "posts small blind"),
            ("Big Blind:", "posts big blind"),
            ("Blind out of turn:", "posts big blind"),
            ("Small + Big Blind:", "posts small & big blinds"),
        ]
        .into_iter()
        .find_map(|(label, post)| text.strip_prefix(label).map(|r| (post, r.trim())))
        {
            // `Small Blind:                Hero        (5.00)`.
            let name = seats
                .iter()
                .filter(|s| rest.starts_with(s.1.as_str()) && rest[s.1.len()..].starts_with(' '))
                .max_by_key(|s| s.1.len())
                .map(|s| s.1.clone());
            let (Some(name), Some(a)) = (name, chips(rest)) else {
                draft.refuse(codes::SITE_UNREADABLE_ACTION, format!("unreadable blind `{text}`"), span);
                continue;
            };
            if post == "posts small & big blinds" {
                // The small blind is dead (in the pot, not in the bet), the big blind live.
                let live = big_blind.min(a);
                street.dead(money::minus(a, live));
                street.post(&name, live);
            } else {
                street.post(&name, a);
            }
            body.push((format!("{name}: {post} {a}"), span));
            continue;
        }
        // The name a line starts with: the longest seated name, in any case.
        let named = seats
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
            deal(&mut body, span);
            let Some(all) = cards(&text[street_name.len()..]) else {
                draft.refuse(codes::SITE_BAD_CARDS, "unreadable board", span);
                continue;
            };
            if all.len() <= board.len() || !all.starts_with(&board) {
                draft.refuse(codes::SITE_BAD_CARDS, "the board does not add to the last one", span);
                continue;
            }
            street.next();
            let new = all[board.len()..].join(" ");
            let marker = street_name.to_ascii_uppercase();
            body.push(if board.is_empty() {
                (format!("*** {marker} *** [{new}]"), span)
            } else {
                (format!("*** {marker} *** [{}] [{new}]", board.join(" ")), span)
            });
            board = all;
            continue;
        }
        let Some(name) = named else {
            draft.unknown(options, text, span);
            continue;
        };
        let action = text[name.len()..].trim_start_matches(':').trim();
        let bad = |draft: &mut Draft| {
            draft.refuse(
                codes::SITE_UNREADABLE_ACTION,
                format!("a line about `{name}` cannot be read: `{text}`"),
                span,
            );
        };
        let (word, rest) = action.split_once(char::is_whitespace).unwrap_or((action, ""));
        let rest = rest.trim();
        match word {
            "was" if rest.starts_with("dealt:") => {
                deal(&mut body, span);
                match cards(&rest["dealt:".len()..]) {
                    Some(c) => body.push((format!("Dealt to {name} [{}]", c.join(" ")), span)),
                    None => draft.refuse(codes::SITE_BAD_CARDS, "unreadable cards", span),
                }
            }
            "Fold" | "Check" => {
                deal(&mut body, span);
                let verb = if word == "Fold" { "folds" } else { "checks" };
                body.push((format!("{name}: {verb}"), span));
            }
            "Call" | "Bet" | "Raise" | "All-In" => {
                deal(&mut body, span);
                let Some(a) = chips(rest) else { return bad(draft) };
                let added = street.add(&name, a);
                body.push((relay::added_text(&name, &added), span));
            }
            "Payback" => {
                let Some(a) = chips(rest) else { return bad(draft) };
                street.returned(&name, a);
                body.push((format!("Uncalled bet ({a}) returned to {name}"), span));
            }
            "shows:" => {
                let Some(c) = cards(rest) else { return bad(draft) };
                if !showdown {
                    showdown = true;
                    body.push(("*** SHOW DOWN ***".into(), span));
                }
                body.push((format!("{name}: shows [{}]", c.join(" ")), span));
            }
            "didn't" => {
                // `didn't show hand`, with the cards when they are known.
                if let Some(open) = rest.find('(') {
                    let Some(c) = cards(rest[open + 1..].trim_end_matches(')')) else {
                        return bad(draft);
                    };
                    draft.mucked(&name, &c, span);
                    if !showdown {
                        showdown = true;
                        body.push(("*** SHOW DOWN ***".into(), span));
                    }
                    body.push((format!("{name}: mucks hand"), span));
                }
            }
            "wins:" => {
                let Some(a) = written_amount(rest) else { return bad(draft) };
                street.win(&name, a, span);
            }
            _ if action.contains("sitting out")
                || action.contains("has left")
                || action.contains("has joined") => {}
            _ => bad(draft),
        }
    }
    if !street.paid() {
        draft.refuse(codes::SITE_INCOMPLETE, "the hand pays no one (no `wins:` line): it is cut short", end);
    }
    if let Some((stated, span)) = stated_rake
        && crate::consistency::payout_contradiction(street.total, street.won, false).is_none()
        && stated != Some(street.rake())
    {
        let stated = stated.map_or_else(|| "an unreadable amount".to_owned(), |a| a.to_string());
        let message = format!(
            "the log's rake is {stated}, but {} went in and {} was paid out",
            street.total, street.won
        );
        draft.refuse(codes::SITE_INCONSISTENT, message, span);
    }
    street.collected(&mut body);
    draft.payout(&street, false);
    let symbol = match head.currency {
        Some("EUR") => Some('€'),
        Some("USD") => Some('$'),
        Some("GBP") => Some('£'),
        _ => None,
    };
    let stars = StarsHeader {
        site: "Entraction",
        id: head.id,
        game,
        stakes: Some(head.stakes),
        symbol,
        currency: head.currency,
        date,
        time_zone: zone.as_deref(),
        ..StarsHeader::default()
    };
    draft.push(stars.line(), first.span);
    draft.push(relay::table_line(head.table, seat_count, button), first.span);
    relay::seats_play_summary(draft, &seats, body, (street.total, street.rake()), end);
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
