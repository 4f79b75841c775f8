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

use crate::relay::{self, Draft, Relay, Seat, StarsHeader, Street, TextReader, TextSite};
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

fn import(lines: &[Line], draft: &mut Draft, options: &Options) {
    let first = &lines[0];
    let mut hand = Hand { id: hand_id(&first.text).unwrap_or_default().to_owned(), ..Hand::default() };
    let mut end = first.span;
    for (text, span) in relay::said_lines(lines) {
        end = span;
        if text.starts_with("***** End of hand ") {
            break;
        }
        hand.line(draft, options, text, span);
    }
    hand.finish(draft, first.span, end);
}

/// An OnGame hand being read: what its lines said so far, and its play in the PokerStars form.
#[derive(Default)]
struct Hand<'h> {
    id: String,
    when: Option<(DateTime, Option<&'h str>)>,
    head: Option<(Table<'h>, Span)>,
    button: Option<i64>,
    seat_count: Option<i64>,
    in_round: Option<usize>,
    seats: Vec<Seat>,
    body: Vec<(String, Span)>,
    street: Street,
    dealt: bool,
    boards: Vec<String>,
    folded: Vec<String>,
    in_summary: bool,
    rake: Option<Amount>,
    ends: Vec<(String, Amount, Span)>,
    shows: Vec<(String, String, Span)>,
    big_blinds: Vec<(String, Span)>,
    /// Whether a player acted since the last street's marker.
    acted: bool,
}

impl<'h> Hand<'h> {
    /// Whether the table's game is stud or razz.
    fn stud(&self) -> bool {
        self.head
            .as_ref()
            .is_some_and(|(t, _)| t.game.as_ref().is_ok_and(|g| g.contains("Stud") || g.contains("Razz")))
    }

    /// Reads one line after the header, before the hand's end.
    fn line(&mut self, draft: &mut Draft, options: &Options, text: &'h str, span: Span) {
        if self.in_summary {
            self.summary_line(draft, options, text, span);
        } else if let Some(t) = text.strip_prefix("Start hand: ") {
            self.when = date(t);
            if self.when.is_none() {
                draft.refuse(codes::SITE_BAD_HEADER, format!("unreadable date `{t}`"), span);
            }
        } else if let Some(t) = text.strip_prefix("Table: ") {
            match table(t) {
                Some(parsed) => self.head = Some((parsed, span)),
                None => draft.refuse(codes::SITE_BAD_HEADER, format!("unreadable table line `{text}`"), span),
            }
        } else if text.starts_with("User: ") || text.starts_with("New hand for ") {
            // The observer's name; five-card draw's cards after the draw (the game is refused by
            // its table line).
        } else if let Some(t) = text.strip_prefix("Button: seat ") {
            self.button = t.trim().parse::<i64>().ok();
            if self.button.is_none() {
                draft.refuse(codes::SITE_BAD_TABLE, format!("unreadable button `{text}`"), span);
            }
        } else if let Some(t) = text.strip_prefix("Players in round: ") {
            // `5 (6)`: the players dealt in, then the table's size.
            self.in_round = t.split_whitespace().next().and_then(|n| n.parse::<usize>().ok());
            self.seat_count =
                t.split_once('(').and_then(|(_, size)| size.trim_end_matches(')').trim().parse::<i64>().ok());
        } else if self.body.is_empty()
            && !self.dealt
            && let Some(rest) = text.strip_prefix("Seat ")
        {
            self.seat(draft, text, rest, span);
        } else if text == "Summary:" {
            self.in_summary = true;
            self.street.close_unpaid(&mut self.body, span);
        } else if text == "---" {
            if self.dealt {
                self.street.close_unpaid(&mut self.body, span);
            }
        } else if text == "Dealing pocket cards" {
            if !self.dealt {
                self.dealt = true;
                let marker = if self.stud() { "*** 3rd STREET ***" } else { "*** HOLE CARDS ***" };
                self.body.push((marker.to_owned(), span));
            }
        } else if !self.street_marker(draft, text, span) {
            if let Some(rest) = text.strip_prefix("Dealing to ") {
                self.dealing_to(draft, text, rest, span);
            } else {
                self.action(draft, options, text, span);
            }
        }
    }

    /// `Seat 9: Player1 ($4.35)`.
    fn seat(&mut self, draft: &mut Draft, text: &str, rest: &str, span: Span) {
        let parsed = rest.split_once(": ").and_then(|(n, r)| {
            let open = r.rfind(" (")?;
            Some((n.parse::<i64>().ok()?, r[..open].to_owned(), amount(r[open + 2..].strip_suffix(')')?)?))
        });
        match parsed {
            Some((number, name, stack)) => self.seats.push((number, name, stack, span)),
            None => draft.refuse(codes::SITE_BAD_SEAT, format!("unreadable seat `{text}`"), span),
        }
    }

    /// A line of the summary: the pots and who they pay, the rake, the seats' final stacks.
    fn summary_line(&mut self, draft: &mut Draft, options: &Options, text: &str, span: Span) {
        if let Some(pot) = text
            .strip_prefix("Main pot: ")
            .or_else(|| text.strip_prefix("Side pot ").and_then(|t| t.split_once(": ").map(|(_, rest)| rest)))
        {
            let paid = pot.split_once(" won by ").and_then(|(_, w)| winners(w, &self.seats));
            match paid {
                Some(paid) => {
                    for (name, a) in paid {
                        self.street.win(&name, a, span);
                    }
                }
                None => draft.refuse(codes::SITE_BAD_AMOUNT, format!("unreadable pot `{text}`"), span),
            }
        } else if let Some(r) = text.strip_prefix("Rake taken: ") {
            self.rake = amount(r);
            if self.rake.is_none() {
                draft.refuse(codes::SITE_BAD_AMOUNT, format!("unreadable rake `{text}`"), span);
            }
        } else if text.starts_with("Seat ") {
            match summary_seat(text, &self.seats) {
                Some((name, stack, shown)) => {
                    self.ends.push((name.to_owned(), stack, span));
                    if let Some(c) = shown
                        && !self.folded.iter().any(|f| f == name)
                    {
                        self.shows.push((name.to_owned(), c, span));
                    }
                }
                None => draft.refuse(codes::SITE_BAD_SEAT, format!("unreadable summary seat `{text}`"), span),
            }
        } else {
            draft.unknown(options, text, span);
        }
    }

    /// `--- Dealing flop [..]`, `Dealing 4th street`: whether the line is a street's marker.
    fn street_marker(&mut self, draft: &mut Draft, text: &str, span: Span) -> bool {
        let Some(rest) = text.strip_prefix("--- Dealing ").or_else(|| text.strip_prefix("Dealing ")) else {
            return false;
        };
        let name = rest.split(" [").next().unwrap_or_default().trim();
        let marker = match name {
            "flop" => "FLOP",
            "turn" => "TURN",
            "river" => "RIVER",
            "4th street" => "4th STREET",
            "5th street" => "5th STREET",
            "6th street" => "6th STREET",
            _ => return false,
        };
        self.acted = false;
        self.street.close_unpaid(&mut self.body, span);
        if self.boards.iter().any(|b| b == marker) {
            // An all-in hand run out writes the streets dealt before again.
            return true;
        }
        self.boards.push(marker.to_owned());
        if self.stud() {
            self.body.push((format!("*** {marker} ***"), span));
        } else {
            match cards(rest).filter(|c| !c.is_empty()) {
                Some(board) => self.body.push((format!("*** {marker} *** {board}"), span)),
                None => draft.refuse(codes::SITE_BAD_CARDS, format!("unreadable board `{text}`"), span),
            }
        }
        true
    }

    /// `Dealing to Hero: [6s, 7h]`, stud's `Dealing to NAME: [-, -, Kd]`: right after the street's
    /// marker, never among the round's actions (a street's marker lost).
    fn dealing_to(&mut self, draft: &mut Draft, text: &str, rest: &str, span: Span) {
        if self.acted {
            let message = format!("cards dealt in the middle of a betting round: `{text}`");
            draft.refuse(codes::SITE_UNREADABLE_ACTION, message, span);
            return;
        }
        let Some((who, shown)) = rest.split_once(": ") else {
            draft.refuse(codes::SITE_UNREADABLE_ACTION, format!("unreadable deal `{text}`"), span);
            return;
        };
        match cards(shown) {
            Some(c) if !c.is_empty() => self.body.push((format!("Dealt to {who} {c}"), span)),
            Some(_) => {}
            None => draft.refuse(codes::SITE_BAD_CARDS, format!("unreadable cards `{text}`"), span),
        }
    }

    /// A line about a seated player.
    fn action(&mut self, draft: &mut Draft, options: &Options, text: &str, span: Span) {
        let named = relay::seated(&self.seats, text, &[' ']).map(|(_, name)| name);
        let Some(name) = named else {
            draft.unknown(options, text, span);
            return;
        };
        let action = text[name.len()..].trim();
        let action = action.strip_suffix("[all in]").unwrap_or(action).trim();
        self.acted = !action.starts_with("posts ");
        if !self.act(&name, action, span) {
            draft.unreadable_action(&name, text, span);
        }
    }

    /// What `name` does (`folds`, `posts big blind ($0.10)`, `raises $150 to $200`): whether it
    /// was read.
    fn act(&mut self, name: &str, action: &str, span: Span) -> bool {
        let posted = |t: &str| amount(t.trim().trim_start_matches('(').trim_end_matches(')'));
        let line = if action == "folds" {
            self.folded.push(name.to_owned());
            format!("{name}: folds")
        } else if action == "checks" {
            format!("{name}: checks")
        } else if let Some(t) = action.strip_prefix("posts small blind ") {
            let Some(a) = posted(t) else { return false };
            self.street.post(name, a);
            format!("{name}: posts small blind {a}")
        } else if let Some(t) = action.strip_prefix("posts big blind ") {
            let Some(a) = posted(t) else { return false };
            self.street.post(name, a);
            self.big_blinds.push((name.to_owned(), span));
            format!("{name}: posts big blind {a}")
        } else if let Some(t) =
            action.strip_prefix("posts dead blind ").or_else(|| action.strip_prefix("posts ante "))
        {
            // A returning player's dead small blind, and stud's ante: no part of the bet.
            let Some(a) = posted(t) else { return false };
            self.street.dead(a);
            format!("{name}: posts the ante {a}")
        } else if let Some(t) = action.strip_prefix("small bring in ") {
            let Some(a) = lead(t) else { return false };
            self.street.post(name, a);
            format!("{name}: brings in for {a}")
        } else if let Some(t) = action
            .strip_prefix("big bring in ")
            .or_else(|| action.strip_prefix("calls "))
            .or_else(|| action.strip_prefix("bets "))
        {
            // A big bring-in: the bring-in player completes the bet instead of bringing in.
            let Some(a) = lead(t) else { return false };
            let added = self.street.add(name, a);
            relay::added_text(name, &added)
        } else if let Some(t) = action.strip_prefix("raises ") {
            // `raises $150 to $200`: what the player adds, then a total: the round's in the board
            // games, the player's for the hand in stud (`raises $1 to $1.37` after a bring-in of
            // $0.12 and a call of $0.25). What is added says the same in both.
            let Some(added) = t.split_once(" to ").and_then(|(added, _)| lead(added)) else { return false };
            let added = self.street.add(name, added);
            relay::added_text(name, &added)
        } else {
            // `changed `: five-card draw's draw (the game is refused by its table line).
            return action.starts_with("changed ");
        };
        self.body.push((line, span));
        true
    }

    /// After the last line: the game checked, the showdown and payouts, and the hand written in
    /// the PokerStars form.
    fn finish(mut self, draft: &mut Draft, header_span: Span, end: Span) {
        let Some((table, table_span)) = self.head.take() else {
            draft.refuse(
                codes::SITE_BAD_HEADER,
                "no `Table:` line: the game and stakes are unknown",
                header_span,
            );
            return;
        };
        let game = match &table.game {
            Ok(g) => *g,
            Err(written) => {
                let message = format!("PHH has no variant for OnGame's {written}");
                draft.refuse(codes::SITE_GAME_UNSUPPORTED, message, table_span);
                return;
            }
        };
        if !self.in_summary {
            draft.refuse(codes::SITE_INCOMPLETE, "the hand has no `Summary:`: it is cut short", end);
        }
        if !self.shows.is_empty() {
            self.body.push(("*** SHOW DOWN ***".into(), end));
            for (name, c, span) in &self.shows {
                self.body.push((format!("{name}: shows {c}"), *span));
            }
        }
        // The `Summary:` line closed the last betting round.
        self.street.pay_out(draft, &mut self.body, true, end, "the hand pays no one (no `won by`)");
        if let [_, (second, span)] = self.big_blinds.as_slice()
            && self.in_round.unwrap_or(self.seats.len()) == 2
        {
            // Heads-up, a returning button posts a big blind too: PHH's blinds, equal, would give
            // the first action to the other player.
            let message = format!(
                "heads-up, {second} posts a second big blind: PHH's blinds also set who acts first, \
                 and two equal blinds give it to the wrong player"
            );
            draft.refuse(codes::SITE_POST_OUT_OF_TURN, message, *span);
        }
        self.write(draft, &table, game, (header_span, table_span), end);
    }

    /// The hand in the PokerStars form, with OnGame's hand number and the final stacks.
    fn write(self, draft: &mut Draft, table: &Table<'_>, game: &'static str, spans: (Span, Span), end: Span) {
        let symbol = table.symbol.filter(|_| !table.play_money);
        // The PokerStars form's number is alphanumeric: the digits of OnGame's stand for it (the
        // record keeps OnGame's own).
        let digits: String = self.id.chars().filter(char::is_ascii_alphanumeric).collect();
        let stars = StarsHeader::new("OnGame", &digits, game, Some(table.stakes))
            .money(symbol, relay::currency(symbol))
            .date(self.when.map(|w| w.0), self.when.and_then(|w| w.1));
        draft.push(stars.line(), spans.0);
        let mut table_text = relay::table_line(table.name, self.seat_count, self.button);
        if table.play_money {
            table_text.push_str(" (Play Money)");
        }
        draft.push(table_text, spans.1);
        let rake = self.rake.unwrap_or_else(|| self.street.rake());
        relay::seats_play_summary(draft, &self.seats, self.body, (self.street.total, rake), end);
        // The hand number as OnGame writes it (`R5-70000684-006`), and the final stacks.
        draft.hand_id(self.id);
        draft.ends(self.ends, "the log says");
    }
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
