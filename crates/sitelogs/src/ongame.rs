//! OnGame network hand histories (`***** History for hand R5-70000684-006 *****`), as the network's
//! skins wrote them (OnGame's own client, Betfair's and BWin's skins, Goalwin, Strobe): [`Reader`]
//! imports them to PHH hands, one [`Record`](crate::Record) per hand, each replayed and checked against the
//! payouts, rake and final stacks the log states.
//!
//! The layout is OnGame's own, read here: a `Start hand:` date in the Unix form (`Wed Aug 11
//! 03:21:00 GMT+0100 2010`, `Tue Jul 24 19:12:45 CEST 2012`), a `Table:` line with the structure,
//! game and stakes (`Kassel [73910684] (NO_LIMIT TEXAS_HOLDEM 0.05/0.10, Real money)`, stud's `,
//! ante: $0.02`, `Play money`), `Button: seat 8`, `Players in round: 5 (6)` (the table's size in
//! parentheses, in later logs), seats with their stacks only (`Seat 9: NAME ($4.35)`), amounts
//! with or without a currency symbol and with thousands separators (`$1,523.85`), a raise written
//! as what the player adds then a total (`raises $150 to $200`: the round's total in the board
//! games, the player's whole hand's in stud, so what is added is read), a call or bet by what is
//! added,
//! `[all in]` after an action, `posts dead blind` (dead money, an ante in PHH), the streets as
//! `--- Dealing flop [8c, Ts, 4d]` (repeated when an all-in hand is run out: read once), stud's
//! `Dealing 4th street` and `Dealing to NAME: [-, -, Kd]` (cards face down as `-`), `small bring
//! in` (the bring-in) and `big bring in` (the bring-in player completing the bet), no uncalled bet
//! (the pot and what each winner is paid leave it out: the import returns it), no `shows` line
//! (the cards shown are in the summary's seat lines, `net: +$999, [5c, Qc] (PAIR QUEEN)`), the
//! pots as `Main pot: $0.55 won by A ($0.27), B ($0.26)` (paid after the rake) and `Rake taken:`,
//! and each seat's final stack, which the replay must give.
//!
//! Refused per hand with a code: the games PHH cannot express (five-card draw, limit Omaha high,
//! pot-limit Omaha hi/lo) with
//! [`SITE_GAME_UNSUPPORTED`](crate::codes::SITE_GAME_UNSUPPORTED).
//!
//! ```
//! let log = "\
//! ***** History for hand R5-1-2 *****
//! Start hand: Wed Aug 11 03:21:00 GMT+0100 2010
//! Table: Kassel [1] (NO_LIMIT TEXAS_HOLDEM $0.05/$0.10, Real money)
//! User: Bob
//! Button: seat 3
//! Players in round: 2 (6)
//! Seat 3: Ann ($10)
//! Seat 5: Bob ($10)
//! Ann posts small blind ($0.05)
//! Bob posts big blind ($0.10)
//! ---
//! Dealing pocket cards
//! Dealing to Bob: [Ah, Kh]
//! Ann raises $0.25 to $0.30
//! Bob folds
//! ---
//! Summary:
//! Main pot: $0.20 won by Ann ($0.20)
//! Rake taken: $0
//! Seat 3: Ann ($10.10), net: +$0.10
//! Seat 5: Bob ($9.90), net: -$0.10
//! ***** End of hand R5-1-2 *****
//! ";
//! let record = sitelogs::ongame::Reader::from_str(log, sitelogs::Options::default()).next().unwrap();
//! let hand = record.hand.unwrap();
//! assert_eq!(hand.venue.as_deref(), Some("OnGame"));
//! assert_eq!(hand.finishing_stacks.unwrap()[1].to_string(), "10.10");
//! ```

use cards_core::{Amount, Span};

use crate::relay::{self, Draft, Relay, StarsHeader, Street, TextReader, TextSite};
use crate::text::Line;
use crate::{Options, codes, money};

/// Streams the hands of an OnGame log.
pub type Reader<R> = TextReader<R, OnGame>;

/// OnGame's text, for [`TextReader`].
#[derive(Debug)]
pub struct OnGame;

const OPEN: &str = "***** History for hand ";

impl TextSite for OnGame {
    const VENUE: &'static str = "OnGame";
    const DETECT_LINES: usize = 20;

    fn is_header(line: &str) -> bool {
        hand_id(line).is_some()
    }
}

impl Relay for OnGame {
    fn read(lines: &[Line], draft: &mut Draft, options: &Options) {
        import(lines, draft, options);
    }
}

/// `***** History for hand R5-70000684-006 *****`: the hand number.
fn hand_id(line: &str) -> Option<&str> {
    let line = line.trim_start_matches(['\u{feff}', 'ï', '»', '¿']).trim();
    let id = line.strip_prefix(OPEN)?.strip_suffix("*****")?.trim();
    (!id.is_empty() && !id.contains(' ')).then_some(id)
}

/// An amount as OnGame writes it: `0.05`, `$1,523.85`, `€0.02`, `-$0.30` (a `net:` loss).
fn amount(text: &str) -> Option<Amount> {
    let text = text.trim().trim_start_matches(['+', '-']);
    money::parse(text)
}

/// The amount at the start of `text` (`$0.30 [all in]`).
fn lead(text: &str) -> Option<Amount> {
    amount(text.split_whitespace().next()?)
}

/// `(year, month, day, hour, minute, second)`.
type DateTime = (i64, i64, i64, u8, u8, u8);

/// `Wed Aug 11 03:21:00 GMT+0100 2010`: the date and the time zone as written.
fn date(text: &str) -> Option<(DateTime, Option<&str>)> {
    let words: Vec<&str> = text.split_whitespace().collect();
    // The weekday is optional; the year is last, the zone (when there is one) before it.
    let words = if words.first().is_some_and(|w| relay::month(w).is_none()) { &words[1..] } else { &words };
    let month = relay::month(words.first()?)?;
    let day: i64 = words.get(1)?.parse().ok()?;
    let time = words.get(2)?;
    let year: i64 = words.last()?.parse().ok()?;
    let zone = (words.len() == 5).then(|| words[3]);
    let (y, m, d, hh, mm, ss) = relay::iso_date(&format!("{year}-{month}-{day} {time}"))?;
    Some(((y, m, d, hh, mm, ss), zone))
}

/// What the `Table:` line says.
#[derive(Debug, PartialEq)]
struct Table<'a> {
    name: &'a str,
    /// The PokerStars game name, or OnGame's words when PHH has no variant for them.
    game: Result<&'static str, String>,
    stakes: (Amount, Amount),
    symbol: Option<char>,
    play_money: bool,
}

/// `Kassel [73910684] (NO_LIMIT TEXAS_HOLDEM 0.05/0.10, Real money)`, with stud's `, ante: $0.02`.
fn table(text: &str) -> Option<Table<'_>> {
    let open = text.rfind(" (")?;
    let inner = text[open + 2..].strip_suffix(')')?;
    let name = text[..open].trim();
    // The table's number in brackets after its name: no part of the name.
    let name = match name.rsplit_once(" [") {
        Some((n, number)) if number.trim_end_matches(']').bytes().all(|b| b.is_ascii_digit()) => n.trim(),
        _ => name,
    };
    let mut parts = inner.split(", ");
    let game_part = parts.next()?;
    // The rest: stud's `ante: $0.02` (the antes are posted in the hand), `Real money` or `Play
    // money`.
    let play_money = parts.any(|part| part.eq_ignore_ascii_case("play money"));
    let mut words = game_part.split_whitespace();
    let structure = words.next()?;
    let game_name = words.next()?;
    let stakes = words.next()?;
    let (small, big) = stakes.split_once('/')?;
    let symbol = money::symbol_of(small);
    let game = match (structure, game_name) {
        ("NO_LIMIT", "TEXAS_HOLDEM") => Ok("Hold'em No Limit"),
        ("LIMIT", "TEXAS_HOLDEM") => Ok("Hold'em Limit"),
        ("POT_LIMIT", "OMAHA_HI") => Ok("Omaha Pot Limit"),
        ("LIMIT", "OMAHA_HI_LO") => Ok("Omaha Hi/Lo Limit"),
        ("LIMIT", "SEVEN_CARD_STUD") => Ok("7 Card Stud Limit"),
        ("LIMIT", "SEVEN_CARD_STUD_HI_LO") => Ok("7 Card Stud Hi/Lo Limit"),
        ("LIMIT", "RAZZ") => Ok("Razz Limit"),
        _ => Err(format!("{structure} {game_name}")),
    };
    Some(Table { name, game, stakes: (amount(small)?, amount(big)?), symbol, play_money })
}

/// `[6s, 7h]`, `[-, -, Kd]`: the known cards, as PokerStars writes them (`[6s 7h]`, `[Kd]`);
/// `None` without brackets, empty when every card is face down.
fn cards(text: &str) -> Option<String> {
    let open = text.find('[')?;
    let close = text[open..].find(']')? + open;
    let known: Vec<&str> = text[open + 1..close]
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|w| !w.is_empty() && *w != "-")
        .collect();
    Some(if known.is_empty() { String::new() } else { format!("[{}]", known.join(" ")) })
}

/// `A ($0.27), B ($0.26)`: who a pot pays and how much, the names as seated.
fn winners(text: &str, seats: &[(i64, String, Amount, Span)]) -> Option<Vec<(String, Amount)>> {
    let mut out = Vec::new();
    let mut rest = text.trim();
    while !rest.is_empty() {
        let seat = seats
            .iter()
            .filter(|s| rest.starts_with(s.1.as_str()) && rest[s.1.len()..].starts_with(" ("))
            .max_by_key(|s| s.1.len())?;
        let after = &rest[seat.1.len() + 2..];
        let close = after.find(')')?;
        out.push((seat.1.clone(), amount(&after[..close])?));
        rest = after[close + 1..].trim_start_matches(',').trim_start();
    }
    Some(out)
}

/// The summary's seat line: `Seat 9: NAME (4.81), net: +0.46[, [Kd, Ks] (PAIR KING)]`: the name,
/// the final stack, the cards shown.
fn summary_seat<'a>(
    text: &str,
    seats: &'a [(i64, String, Amount, Span)],
) -> Option<(&'a str, Amount, Option<String>)> {
    let rest = text.strip_prefix("Seat ")?;
    let (number, rest) = rest.split_once(": ")?;
    let number: i64 = number.parse().ok()?;
    let seat = seats.iter().find(|s| s.0 == number && rest.starts_with(s.1.as_str()))?;
    let rest = rest[seat.1.len()..].strip_prefix(" (")?;
    let close = rest.find(')')?;
    let end = amount(&rest[..close])?;
    let shown = rest[close..].find('[').and_then(|at| cards(&rest[close + at..])).filter(|c| !c.is_empty());
    Some((seat.1.as_str(), end, shown))
}

#[allow(clippy::too_many_lines)]
fn import(lines: &[Line], draft: &mut Draft, options: &Options) {
    let first = &lines[0];
    let id = hand_id(&first.text).unwrap_or_default().to_owned();
    let mut when = None;
    let mut head: Option<(Table<'_>, Span)> = None;
    let mut button = None;
    let mut seat_count = None;
    let mut in_round = None;
    let mut seats: Vec<(i64, String, Amount, Span)> = Vec::new();
    let mut body: Vec<(String, Span)> = Vec::new();
    let mut street = Street::default();
    let mut dealt = false;
    let mut boards: Vec<String> = Vec::new();
    let mut folded: Vec<String> = Vec::new();
    let mut in_summary = false;
    let mut ended = false;
    let mut rake = None;
    let mut ends: Vec<(String, Amount, Span)> = Vec::new();
    let mut shows: Vec<(String, String, Span)> = Vec::new();
    let mut big_blinds: Vec<(String, Span)> = Vec::new();
    // Whether a player acted since the last street's marker.
    let mut acted = false;
    let mut end = first.span;
    let stud = |head: &Option<(Table<'_>, Span)>| {
        head.as_ref()
            .is_some_and(|(t, _)| t.game.as_ref().is_ok_and(|g| g.contains("Stud") || g.contains("Razz")))
    };
    for line in &lines[1..] {
        let text = line.text.trim();
        let span = line.span;
        if text.is_empty() || ended {
            continue;
        }
        end = span;
        if text.starts_with("***** End of hand ") {
            ended = true;
            continue;
        }
        if in_summary {
            if let Some(pot) = text.strip_prefix("Main pot: ").or_else(|| {
                text.strip_prefix("Side pot ").and_then(|t| t.split_once(": ").map(|(_, rest)| rest))
            }) {
                let paid = pot.split_once(" won by ").and_then(|(_, w)| winners(w, &seats));
                match paid {
                    Some(paid) => {
                        for (name, a) in paid {
                            street.win(&name, a, span);
                        }
                    }
                    None => draft.refuse(codes::SITE_BAD_AMOUNT, format!("unreadable pot `{text}`"), span),
                }
            } else if let Some(r) = text.strip_prefix("Rake taken: ") {
                rake = amount(r);
                if rake.is_none() {
                    draft.refuse(codes::SITE_BAD_AMOUNT, format!("unreadable rake `{text}`"), span);
                }
            } else if text.starts_with("Seat ") {
                match summary_seat(text, &seats) {
                    Some((name, stack, shown)) => {
                        ends.push((name.to_owned(), stack, span));
                        if let Some(c) = shown
                            && !folded.iter().any(|f| f == name)
                        {
                            shows.push((name.to_owned(), c, span));
                        }
                    }
                    None => {
                        draft.refuse(codes::SITE_BAD_SEAT, format!("unreadable summary seat `{text}`"), span)
                    }
                }
            } else {
                draft.unknown(options, text, span);
            }
            continue;
        }
        if let Some(t) = text.strip_prefix("Start hand: ") {
            when = date(t);
            if when.is_none() {
                draft.refuse(codes::SITE_BAD_HEADER, format!("unreadable date `{t}`"), span);
            }
            continue;
        }
        if let Some(t) = text.strip_prefix("Table: ") {
            match table(t) {
                Some(parsed) => head = Some((parsed, span)),
                None => draft.refuse(codes::SITE_BAD_HEADER, format!("unreadable table line `{text}`"), span),
            }
            continue;
        }
        if text.starts_with("User: ") || text.starts_with("New hand for ") {
            // The observer's name; five-card draw's cards after the draw (the game is refused by
            // its table line).
            continue;
        }
        if let Some(t) = text.strip_prefix("Button: seat ") {
            button = t.trim().parse::<i64>().ok();
            if button.is_none() {
                draft.refuse(codes::SITE_BAD_TABLE, format!("unreadable button `{text}`"), span);
            }
            continue;
        }
        if let Some(t) = text.strip_prefix("Players in round: ") {
            // `5 (6)`: the players dealt in, then the table's size.
            in_round = t.split_whitespace().next().and_then(|n| n.parse::<usize>().ok());
            seat_count =
                t.split_once('(').and_then(|(_, size)| size.trim_end_matches(')').trim().parse::<i64>().ok());
            continue;
        }
        if body.is_empty()
            && !dealt
            && let Some(rest) = text.strip_prefix("Seat ")
        {
            // `Seat 9: Player1 ($4.35)`.
            let parsed = rest.split_once(": ").and_then(|(n, r)| {
                let open = r.rfind(" (")?;
                Some((
                    n.parse::<i64>().ok()?,
                    r[..open].to_owned(),
                    amount(r[open + 2..].strip_suffix(')')?)?,
                ))
            });
            match parsed {
                Some((number, name, stack)) => seats.push((number, name, stack, span)),
                None => draft.refuse(codes::SITE_BAD_SEAT, format!("unreadable seat `{text}`"), span),
            }
            continue;
        }
        if text == "Summary:" {
            in_summary = true;
            street.close_unpaid(&mut body, span);
            continue;
        }
        if text == "---" {
            if dealt {
                street.close_unpaid(&mut body, span);
            }
            continue;
        }
        if text == "Dealing pocket cards" {
            if !dealt {
                dealt = true;
                let marker = if stud(&head) { "*** 3rd STREET ***" } else { "*** HOLE CARDS ***" };
                body.push((marker.to_owned(), span));
            }
            continue;
        }
        if let Some(rest) = text.strip_prefix("--- Dealing ").or_else(|| text.strip_prefix("Dealing ")) {
            let name = rest.split(" [").next().unwrap_or_default().trim();
            let marker = match name {
                "flop" => Some("FLOP"),
                "turn" => Some("TURN"),
                "river" => Some("RIVER"),
                "4th street" => Some("4th STREET"),
                "5th street" => Some("5th STREET"),
                "6th street" => Some("6th STREET"),
                _ => None,
            };
            if let Some(marker) = marker {
                acted = false;
                street.close_unpaid(&mut body, span);
                if boards.iter().any(|b| b == marker) {
                    // An all-in hand run out writes the streets dealt before again.
                    continue;
                }
                boards.push(marker.to_owned());
                if stud(&head) {
                    body.push((format!("*** {marker} ***"), span));
                } else {
                    match cards(rest).filter(|c| !c.is_empty()) {
                        Some(board) => body.push((format!("*** {marker} *** {board}"), span)),
                        None => {
                            draft.refuse(codes::SITE_BAD_CARDS, format!("unreadable board `{text}`"), span)
                        }
                    }
                }
                continue;
            }
        }
        if let Some(rest) = text.strip_prefix("Dealing to ") {
            // `Dealing to Hero: [6s, 7h]`, stud's `Dealing to NAME: [-, -, Kd]`: right after the
            // street's marker, never among the round's actions (a street's marker lost).
            if acted {
                let message = format!("cards dealt in the middle of a betting round: `{text}`");
                draft.refuse(codes::SITE_UNREADABLE_ACTION, message, span);
                continue;
            }
            let Some((who, shown)) = rest.split_once(": ") else {
                draft.refuse(codes::SITE_UNREADABLE_ACTION, format!("unreadable deal `{text}`"), span);
                continue;
            };
            match cards(shown) {
                Some(c) if !c.is_empty() => body.push((format!("Dealt to {who} {c}"), span)),
                Some(_) => {}
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
        let action = action.strip_suffix("[all in]").unwrap_or(action).trim();
        acted = !action.starts_with("posts ");
        let bad = |draft: &mut Draft| {
            draft.refuse(
                codes::SITE_UNREADABLE_ACTION,
                format!("a line about `{name}` cannot be read: `{text}`"),
                span,
            );
        };
        let posted = |t: &str| amount(t.trim().trim_start_matches('(').trim_end_matches(')'));
        if action == "folds" {
            folded.push(name.clone());
            body.push((format!("{name}: folds"), span));
        } else if action == "checks" {
            body.push((format!("{name}: checks"), span));
        } else if let Some(t) = action.strip_prefix("posts small blind ") {
            let Some(a) = posted(t) else {
                bad(draft);
                continue;
            };
            street.post(&name, a);
            body.push((format!("{name}: posts small blind {a}"), span));
        } else if let Some(t) = action.strip_prefix("posts big blind ") {
            let Some(a) = posted(t) else {
                bad(draft);
                continue;
            };
            street.post(&name, a);
            big_blinds.push((name.clone(), span));
            body.push((format!("{name}: posts big blind {a}"), span));
        } else if let Some(t) =
            action.strip_prefix("posts dead blind ").or_else(|| action.strip_prefix("posts ante "))
        {
            // A returning player's dead small blind, and stud's ante: no part of the bet.
            let Some(a) = posted(t) else {
                bad(draft);
                continue;
            };
            street.dead(a);
            body.push((format!("{name}: posts the ante {a}"), span));
        } else if let Some(t) = action.strip_prefix("small bring in ") {
            let Some(a) = lead(t) else {
                bad(draft);
                continue;
            };
            street.post(&name, a);
            body.push((format!("{name}: brings in for {a}"), span));
        } else if let Some(t) = action.strip_prefix("big bring in ") {
            // The bring-in player completes the bet instead of bringing in.
            let Some(a) = lead(t) else {
                bad(draft);
                continue;
            };
            let added = street.add(&name, a);
            body.push((relay::added_text(&name, &added), span));
        } else if let Some(t) = action.strip_prefix("calls ").or_else(|| action.strip_prefix("bets ")) {
            let Some(a) = lead(t) else {
                bad(draft);
                continue;
            };
            let added = street.add(&name, a);
            body.push((relay::added_text(&name, &added), span));
        } else if let Some(t) = action.strip_prefix("raises ") {
            // `raises $150 to $200`: what the player adds, then a total: the round's in the board
            // games, the player's for the hand in stud (`raises $1 to $1.37` after a bring-in of
            // $0.12 and a call of $0.25). What is added says the same in both.
            let Some(added) = t.split_once(" to ").and_then(|(added, _)| lead(added)) else {
                bad(draft);
                continue;
            };
            let added = street.add(&name, added);
            body.push((relay::added_text(&name, &added), span));
        } else if action.starts_with("changed ") {
            // Five-card draw's draw (the game is refused by its table line).
        } else {
            bad(draft);
        }
    }
    let Some((table, table_span)) = head else {
        draft.refuse(codes::SITE_BAD_HEADER, "no `Table:` line: the game and stakes are unknown", first.span);
        return;
    };
    let game = match &table.game {
        Ok(g) => *g,
        Err(written) => {
            draft.refuse(
                codes::SITE_GAME_UNSUPPORTED,
                format!("PHH has no variant for OnGame's {written}"),
                table_span,
            );
            return;
        }
    };
    if !in_summary {
        draft.refuse(codes::SITE_INCOMPLETE, "the hand has no `Summary:`: it is cut short", end);
    }
    if !shows.is_empty() {
        body.push(("*** SHOW DOWN ***".into(), end));
        for (name, c, span) in &shows {
            body.push((format!("{name}: shows {c}"), *span));
        }
    }
    // The `Summary:` line closed the last betting round.
    street.pay_out(draft, &mut body, true, end, "the hand pays no one (no `won by`)");
    if let [_, (second, span)] = big_blinds.as_slice()
        && in_round.unwrap_or(seats.len()) == 2
    {
        // Heads-up, a returning button posts a big blind too: PHH's blinds, equal, would give the
        // first action to the other player.
        let message = format!(
            "heads-up, {second} posts a second big blind: PHH's blinds also set who acts first, and \
             two equal blinds give it to the wrong player"
        );
        draft.refuse(codes::SITE_POST_OUT_OF_TURN, message, *span);
    }
    let symbol = table.symbol.filter(|_| !table.play_money);
    let currency = relay::currency(symbol);
    // The PokerStars form's number is alphanumeric: the digits of OnGame's stand for it (the
    // record keeps OnGame's own).
    let digits: String = id.chars().filter(char::is_ascii_alphanumeric).collect();
    let stars = StarsHeader {
        site: "OnGame",
        id: &digits,
        event: None,
        game,
        level: None,
        stakes: Some(table.stakes),
        symbol,
        currency,
        date: when.map(|w| w.0),
        time_zone: when.and_then(|w| w.1),
    };
    draft.push(stars.line(), first.span);
    let mut table_text = relay::table_line(table.name, seat_count, button);
    if table.play_money {
        table_text.push_str(" (Play Money)");
    }
    draft.push(table_text, table_span);
    let rake = rake.unwrap_or_else(|| street.rake());
    relay::seats_play_summary(draft, &seats, body, (street.total, rake), end);
    // The hand number as OnGame writes it (`R5-70000684-006`), and the final stacks.
    draft.hand_id(id);
    draft.ends(ends, "the log says");
}

#[cfg(test)]
mod tests {
    use super::*;

    fn a(s: &str) -> Amount {
        s.parse().unwrap()
    }

    #[test]
    fn headers_dates_and_detection() {
        let t = table("Kassel [73910684] (NO_LIMIT TEXAS_HOLDEM 0.05/0.10, Real money)").unwrap();
        assert_eq!(
            (t.name, t.game.clone(), t.stakes),
            ("Kassel", Ok("Hold'em No Limit"), (a("0.05"), a("0.10")))
        );
        assert!(!t.play_money && t.symbol.is_none());
        let t = table("Milwaukee [82086688] (LIMIT SEVEN_CARD_STUD $0.10/$0.20, ante: $0.02, Real money)")
            .unwrap();
        assert_eq!((t.game.clone(), t.symbol), (Ok("7 Card Stud Limit"), Some('$')));
        let t = table("Round GC, Strobe ref: 69701  [69701] (NO_LIMIT TEXAS_HOLDEM $0.05/$0.10, Play money)")
            .unwrap();
        assert_eq!(t.name, "Round GC, Strobe ref: 69701");
        assert!(t.play_money);
        let t = table("Irbid [174428515] (LIMIT FIVE_CARD_DRAW $1/$2, Real money)").unwrap();
        assert_eq!(t.game, Err("LIMIT FIVE_CARD_DRAW".to_owned()));
        assert_eq!(
            date("Wed Aug 11 03:21:00 GMT+0100 2010"),
            Some(((2010, 8, 11, 3, 21, 0), Some("GMT+0100")))
        );
        assert_eq!(date("Tue Jul 24 19:12:45 CEST 2012"), Some(((2012, 7, 24, 19, 12, 45), Some("CEST"))));
        assert_eq!(date("Tue Jul 24 19:12:45 2012"), Some(((2012, 7, 24, 19, 12, 45), None)));
        assert!(OnGame::detect("\u{feff}***** History for hand R5-70000684-006 *****\nStart hand: x\n"));
        assert!(!OnGame::detect("***** Betfair Poker Hand History for Game 1 *****\n"));
    }

    #[test]
    fn amounts_cards_and_pots() {
        assert_eq!(amount("$1,523.85"), Some(a("1523.85")));
        assert_eq!(amount("-€0.04"), Some(a("0.04")));
        assert_eq!(cards("[-, -, Kd]").as_deref(), Some("[Kd]"));
        assert_eq!(cards("[6s, 7h]").as_deref(), Some("[6s 7h]"));
        let seats = vec![
            (1, "nick germ".to_owned(), Amount::ZERO, Span::at(0)),
            (2, "XY".to_owned(), Amount::ZERO, Span::at(0)),
        ];
        assert_eq!(
            winners("nick germ ($0.27), XY ($1,000)", &seats),
            Some(vec![("nick germ".to_owned(), a("0.27")), ("XY".to_owned(), a("1000"))])
        );
        assert_eq!(winners("Zed ($1)", &seats), None);
        let (name, end, shown) =
            summary_seat("Seat 2: XY ($6,495), net: +$999, [5c, Qc] (PAIR QUEEN)", &seats).unwrap();
        assert_eq!((name, end, shown.as_deref()), ("XY", a("6495"), Some("[5c Qc]")));
    }
}
