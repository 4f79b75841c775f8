//! PokerNow (pokernow.club) game logs: the CSV a home game's owner downloads (`entry,at,order`).
//! [`Reader`] imports their hands to PHH, one [`Record`] per hand, each replayed and checked
//! against the stacks and payouts the log states.
//!
//! The log is a list of events, **newest first** in the files the site writes (the reader also
//! takes them oldest first). A hand runs from `-- starting hand #N (...) --` to `-- ending hand
//! #N --`; players are written `"name @ id"` (the name may itself hold ` @ ` or quotes; the id
//! is the part after the last ` @ `). Between hands stand table events (seat requests, stack
//! changes by the admin, blind changes), which are no hand's and are skipped.
//!
//! Read: hold'em and pot-limit Omaha, blinds, straddles, a returning player's missing small blind
//! (dead, as an ante) and missed big blind (live), a dead small blind, all-ins, uncalled bets,
//! shown cards, payouts. PokerNow writes a call as the total it calls to (`calls 50` after a
//! small blind of 10 adds 40); the PHH is written with the chips added. `Your hand is ...` names
//! no one: the cards go to the player who shows them in this hand or an earlier one of the log;
//! otherwise they are kept in the PHH field `_unplaced_hole_cards`, with a warning
//! ([`codes::SITE_HERO_UNKNOWN`]). Refused per hand, each with a code: a hand run twice, Omaha
//! hi/lo (pot-limit, which PHH cannot express).
//!
//! ```
//! let log = "\
//! entry,at,order
//! \"-- ending hand #3 --\",2022-01-20T10:51:58.556Z,164267591855601
//! \"\"\"Ann @ eNVKMq2Tcb\"\" collected 40 from pot\",2022-01-20T10:51:58.556Z,164267591855600
//! \"Uncalled bet of 20 returned to \"\"Ann @ eNVKMq2Tcb\"\"\",2022-01-20T10:51:58.556Z,164267591855599
//! \"\"\"Bob @ ZQfm6ZDMPO\"\" folds\",2022-01-20T10:51:41.328Z,164267590132800
//! \"\"\"Ann @ eNVKMq2Tcb\"\" raises to 40\",2022-01-20T10:51:37.286Z,164267589728600
//! \"\"\"Bob @ ZQfm6ZDMPO\"\" posts a big blind of 20\",2022-01-20T10:51:22.462Z,164267588246206
//! \"\"\"Ann @ eNVKMq2Tcb\"\" posts a small blind of 10\",2022-01-20T10:51:22.462Z,164267588246205
//! \"Your hand is A♥, 10♠\",2022-01-20T10:51:22.462Z,164267588246203
//! \"Player stacks: #1 \"\"Ann @ eNVKMq2Tcb\"\" (500) | #4 \"\"Bob @ ZQfm6ZDMPO\"\" (300)\",2022-01-20T10:51:22.462Z,164267588246202
//! \"-- starting hand #3  (No Limit Texas Hold'em) (dealer: \"\"Ann @ eNVKMq2Tcb\"\") --\",2022-01-20T10:51:22.462Z,164267588246201
//! ";
//! let record = sitelogs::pokernow::Reader::from_str(log, sitelogs::Options::default()).next().unwrap();
//! let hand = record.hand.expect("imported and consistent");
//! assert_eq!(hand.players.as_deref(), Some(&["Bob".to_owned(), "Ann".to_owned()][..]));
//! assert_eq!(hand.finishing_stacks.unwrap()[1].to_string(), "520");
//! ```

use std::collections::VecDeque;
use std::io::BufRead;

use cards_core::{Amount, Diagnostic, Span};

use crate::pokerstars::MAX_HAND_BYTES;
use crate::relay::{Draft, StarsHeader, Street, table_line};
use crate::text::Lines;
use crate::{Options, Record, codes, money};

/// The venue written into PHH.
const VENUE: &str = "PokerNow";

/// Streams the hands of a PokerNow log, in the log's order (newest first, as the site writes it).
#[derive(Debug)]
pub struct Reader<R> {
    lines: Lines<R>,
    options: Options,
    /// The log's own player, once a showdown has shown the cards `Your hand is` gave them.
    hero: Option<String>,
    /// The first line may be the CSV header (`entry,at,order`).
    first: bool,
    /// Whether the log runs oldest first; `None` until two rows with different times were read.
    forward: Option<bool>,
    /// Rows read ahead (to learn the direction) or kept to open the next hand.
    queue: VecDeque<Item>,
}

/// A line of the log: a row, or a line that is none.
#[derive(Debug)]
enum Item {
    Row(Row),
    NotARow(Span),
}

impl<'a> Reader<&'a [u8]> {
    /// Reads a log held in memory.
    #[must_use]
    #[allow(clippy::should_implement_trait)]
    pub fn from_str(text: &'a str, options: Options) -> Reader<&'a [u8]> {
        Reader::new(text.as_bytes(), options)
    }
}

impl<R: BufRead> Reader<R> {
    /// Reads hands from `input`.
    pub fn new(input: R, options: Options) -> Reader<R> {
        Reader {
            lines: Lines::new(input),
            options,
            hero: None,
            first: true,
            forward: None,
            queue: VecDeque::new(),
        }
    }

    /// The read error that stopped the reader, if any.
    pub fn take_error(&mut self) -> Option<std::io::Error> {
        self.lines.take_error()
    }

    /// The next line of the input that says something.
    fn read_item(&mut self) -> Option<Item> {
        loop {
            let line = self.lines.next()?;
            if std::mem::take(&mut self.first) && is_header_line(&line.text) || line.text.trim().is_empty() {
                continue;
            }
            return Some(match parse_row(&line.text) {
                Some((entry, at)) => Item::Row(Row { at: at.to_owned(), entry, span: line.span }),
                None => Item::NotARow(line.span),
            });
        }
    }

    /// The next item, once the log's direction is known: the first two rows of different times
    /// say it (newest first when the log never says, as the site writes).
    fn next_item(&mut self) -> Option<Item> {
        if self.forward.is_none() {
            let mut first_at: Option<String> = None;
            while self.forward.is_none() {
                let Some(item) = self.read_item() else { break };
                if let Item::Row(row) = &item {
                    match &first_at {
                        None => first_at = Some(row.at.clone()),
                        Some(at) if *at != row.at => self.forward = Some(*at < row.at),
                        Some(_) => {}
                    }
                }
                self.queue.push_back(item);
            }
            self.forward.get_or_insert(false);
        }
        self.queue.pop_front().or_else(|| self.read_item())
    }
}

/// Whether `text` (a log's first line) is a PokerNow log's CSV header.
#[must_use]
pub fn is_header_line(text: &str) -> bool {
    text.trim_start_matches('\u{feff}').trim_end() == "entry,at,order"
}

/// One CSV row: its event text (unquoted), its time (`at`) and the line's span.
#[derive(Debug, Clone)]
struct Row {
    entry: String,
    at: String,
    span: Span,
}

/// Whether a file's start (decoded text) is a PokerNow log: its `entry,at,order` header line
/// first (the game owner's download), or a row in that form (a log saved without its header).
#[must_use]
pub fn detect(head: &str) -> bool {
    crate::text::first_lines(head, 1).any(|line| is_header_line(line) || is_row(line))
}

/// `"entry",2021-08-08T21:13:22.839Z,16`: a quoted entry, an ISO time in UTC and an order number.
fn is_row(line: &str) -> bool {
    let Some((entry, rest)) = line.rsplit_once("\",") else { return false };
    let Some((at, order)) = rest.split_once(',') else { return false };
    entry.starts_with('"')
        && at.len() >= 20
        && at.as_bytes()[4] == b'-'
        && at.as_bytes()[10] == b'T'
        && at.ends_with('Z')
        && !order.is_empty()
        && order.bytes().all(|b| b.is_ascii_digit())
}

/// `"entry with ""quotes""",at,order`: the entry unquoted and the time; `None` if the line is
/// not such a row.
fn parse_row(line: &str) -> Option<(String, &str)> {
    let (entry, rest) = if let Some(body) = line.strip_prefix('"') {
        let mut entry = String::with_capacity(body.len());
        let mut chars = body.char_indices();
        let end = loop {
            let (i, c) = chars.next()?;
            if c != '"' {
                entry.push(c);
            } else if body[i + 1..].starts_with('"') {
                entry.push('"');
                chars.next();
            } else {
                break i + 1;
            }
        };
        (entry, body[end..].strip_prefix(',')?)
    } else {
        let (entry, rest) = line.split_once(',')?;
        (entry.to_owned(), rest)
    };
    let (at, order) = rest.split_once(',')?;
    let order = order.trim_end();
    (!order.is_empty() && order.bytes().all(|b| b.is_ascii_digit())).then_some((entry, at))
}

/// Whether a row opens a hand (`-- starting hand #N ...`, `Some(true)`) or closes one (`--
/// ending hand #N --`, `Some(false)`).
fn marker(entry: &str) -> Option<bool> {
    if entry.starts_with("-- starting hand #") {
        Some(true)
    } else if entry.starts_with("-- ending hand #") {
        Some(false)
    } else {
        None
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = Record;

    fn next(&mut self) -> Option<Record> {
        // The hand's rows in file order: it opens with its start in a log read oldest first,
        // with its end in one read newest first.
        let mut rows: Vec<Row> = Vec::new();
        let mut size = 0;
        let mut skipped: Option<Span> = None;
        while let Some(item) = self.next_item() {
            let forward = self.forward.unwrap_or(false);
            let row = match item {
                Item::Row(row) => row,
                Item::NotARow(span) if rows.is_empty() => {
                    let message = "not a PokerNow log row (`entry,at,order`)";
                    let error = Diagnostic::error(codes::SITE_NO_HEADER, message, span);
                    return Some(Record { hand: None, diagnostics: vec![error], span });
                }
                Item::NotARow(span) => {
                    skipped = Some(skipped.map_or(span, |s| s.join(span)));
                    continue;
                }
            };
            let mark = marker(&row.entry);
            let opens = mark == Some(forward);
            let closes = mark == Some(!forward);
            if rows.is_empty() {
                if opens {
                    size = row.entry.len();
                    rows.push(row);
                } else if closes {
                    // The log was cut inside this hand (its other rows were read as table events).
                    let message = "the hand is cut short: the log holds only one of its `-- starting hand` and `-- ending hand` rows";
                    let error = Diagnostic::error(codes::SITE_INCOMPLETE, message, row.span);
                    return Some(Record { hand: None, diagnostics: vec![error], span: row.span });
                }
                // Table events between hands belong to no hand.
                continue;
            }
            if opens {
                // The next hand opens before this one closed: this one is cut short.
                self.queue.push_front(Item::Row(row));
                return Some(self.import(rows, skipped, true));
            }
            if size + row.entry.len() > MAX_HAND_BYTES {
                skipped = Some(skipped.map_or(row.span, |s| s.join(row.span)));
                continue;
            }
            size += row.entry.len();
            rows.push(row);
            if closes {
                return Some(self.import(rows, skipped, false));
            }
        }
        (!rows.is_empty()).then(|| self.import(rows, skipped, true))
    }
}

impl<R: BufRead> Reader<R> {
    /// Imports one hand from its rows in file order; `cut`: the log ends (or the next hand
    /// opens) before the hand's closing row.
    fn import(&mut self, mut rows: Vec<Row>, skipped: Option<Span>, cut: bool) -> Record {
        if self.forward != Some(true) {
            rows.reverse();
        }
        let whole = rows.iter().fold(rows[0].span, |span, row| span.join(row.span));
        let mut record = if cut || marker(&rows[0].entry) != Some(true) {
            let message = "the hand is cut short: the log holds only one of its `-- starting hand` and `-- ending hand` rows";
            Record {
                hand: None,
                diagnostics: vec![Diagnostic::error(codes::SITE_INCOMPLETE, message, whole)],
                span: whole,
            }
        } else {
            import_hand(&rows, whole, &self.options, &mut self.hero)
        };
        crate::relay::refuse_if_cut(&mut record, skipped);
        record
    }
}

/// A seated player: seat number, `name @ id`, the name PHH gets, stack.
#[derive(Debug)]
struct Seat {
    number: i64,
    identity: String,
    name: String,
    stack: Amount,
}

/// `-- starting hand #N  (id: X)  (GAME) (dealer: "NAME @ ID") --` (or `(dead button)`): the
/// hand number (or id), the game and the dealer.
fn start_row(entry: &str) -> Option<(&str, &str, Option<&str>)> {
    let rest = entry.strip_prefix("-- starting hand #")?.trim_end().strip_suffix("--")?.trim_end();
    let end = rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len());
    let mut number = &rest[..end];
    let mut rest = rest[end..].trim_start();
    if let Some(after) = rest.strip_prefix("(id: ") {
        let close = after.find(')')?;
        number = &after[..close];
        rest = after[close + 1..].trim_start();
    }
    let game_text = rest.strip_prefix('(')?;
    let close = game_text.find(')')?;
    let game = &game_text[..close];
    let rest = game_text[close + 1..].trim();
    let dealer = if rest == "(dead button)" {
        None
    } else {
        Some(rest.strip_prefix("(dealer: \"")?.strip_suffix("\")")?)
    };
    (!number.is_empty()).then_some((number, game, dealer))
}

/// `Player stacks: #1 "A @ x" (24.08) | #4 "B @ y" (1.57)`.
fn stacks_row(entry: &str) -> Option<Vec<(i64, String, Amount)>> {
    let mut rest = entry.strip_prefix("Player stacks: ")?;
    let mut seats = Vec::new();
    loop {
        let body = rest.strip_prefix('#')?;
        let (number, after) = body.split_once(" \"")?;
        let number: i64 = number.parse().ok()?;
        // The name ends at the first `" (AMOUNT)` followed by the end or the next seat.
        let mut from = 0;
        let (identity, stack, next) = loop {
            let at = from + after[from..].find("\" (")?;
            let tail = &after[at + 3..];
            if let Some(close) = tail.find(')')
                && let Some(stack) = money::parse(&tail[..close])
            {
                let next = &tail[close + 1..];
                if next.is_empty() || next.starts_with(" | #") {
                    break (&after[..at], stack, next);
                }
            }
            from = at + 1;
        };
        seats.push((number, identity.to_owned(), stack));
        match next.strip_prefix(" | ") {
            Some(more) => rest = more,
            None => return Some(seats),
        }
    }
}

/// `8♣, 10♦` (or `[8♣, 10♦]`) in PokerStars' writing: `8c Td`.
fn cards(text: &str) -> Option<String> {
    let text = text.trim().trim_start_matches('[').trim_end_matches(']').trim_end_matches('.');
    let mut out = Vec::new();
    for card in text.split(',').map(str::trim) {
        let suit = card.chars().last()?;
        let rank = &card[..card.len() - suit.len_utf8()];
        let suit = match suit {
            '♠' | 's' => 's',
            '♥' | 'h' => 'h',
            '♦' | 'd' => 'd',
            '♣' | 'c' => 'c',
            _ => return None,
        };
        let rank = match rank {
            "10" | "T" => "T",
            "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9" | "J" | "Q" | "K" | "A" => rank,
            _ => return None,
        };
        out.push(format!("{rank}{suit}"));
    }
    (!out.is_empty()).then(|| out.join(" "))
}

/// `Turn: 8♣, 6♣, 3♣ [K♠]`: the board so far and the new cards, PokerStars' way.
fn street_cards(text: &str) -> Option<String> {
    let open = text.rfind('[')?;
    let new = cards(&text[open..])?;
    let before = text[..open].trim();
    if before.is_empty() {
        return Some(format!("[{new}]"));
    }
    Some(format!("[{}] [{new}]", cards(before)?))
}

/// What a hand's rows become in the PokerStars form, before it is imported.
struct Hand<'s> {
    seats: &'s [Seat],
    draft: Draft,
    /// The lines after the seats, in order (the hero's `Dealt to` goes in once known).
    body: Vec<(String, Span)>,
    /// Where `Dealt to` goes: after the posts.
    hole_cards_at: Option<usize>,
    street: Street,
    /// The first small and big blinds posted.
    stakes: (Option<Amount>, Option<Amount>),
    /// The seat of the first blind.
    first_poster: Option<i64>,
    /// `Your hand is ...`: the log's own player's cards.
    your_cards: Option<(String, Span)>,
}

impl<'s> Hand<'s> {
    fn new(seats: &'s [Seat]) -> Hand<'s> {
        Hand {
            seats,
            draft: Draft::default(),
            body: Vec::new(),
            hole_cards_at: None,
            street: Street::default(),
            stakes: (None, None),
            first_poster: None,
            your_cards: None,
        }
    }

    /// The seat whose `"name @ id"` opens `entry`, and the text after it.
    fn player<'e>(&self, entry: &'e str) -> Option<(&'s Seat, &'e str)> {
        let body = entry.strip_prefix('"')?;
        self.seats
            .iter()
            .filter(|s| body.starts_with(s.identity.as_str()) && body[s.identity.len()..].starts_with("\" "))
            .max_by_key(|s| s.identity.len())
            .map(|s| (s, &body[s.identity.len() + 2..]))
    }

    fn push(&mut self, text: String, span: Span) {
        self.body.push((text, span));
    }

    /// The posts are over: `*** HOLE CARDS ***` (once).
    fn hole_cards(&mut self, span: Span) {
        if self.hole_cards_at.is_none() {
            self.push("*** HOLE CARDS ***".to_owned(), span);
            self.hole_cards_at = Some(self.body.len());
        }
    }

    /// One row after the hand's start (`e`: its entry); `hero` is the log's own player once a
    /// showdown has told.
    fn row(&mut self, e: &str, span: Span, options: &Options, hero: &mut Option<String>) {
        if let Some((seat, rest)) = self.player(e) {
            self.player_row(seat, rest, e, span, options, hero);
        } else if let Some(text) = e.strip_prefix("Your hand is ") {
            match cards(text) {
                Some(c) => self.your_cards = Some((c, span)),
                None => self.draft.refuse(codes::SITE_BAD_CARDS, format!("unreadable cards `{text}`"), span),
            }
        } else if let Some(rest) = e.strip_prefix("Uncalled bet of ") {
            self.uncalled(rest, e, span);
        } else if let Some((street, rest)) = ["Flop", "Turn", "River"]
            .into_iter()
            .find_map(|s| Some((s, e.strip_prefix(s)?)))
            .filter(|(_, rest)| rest.starts_with(':') || rest.starts_with(" ("))
        {
            self.board(street, rest, e, span);
        } else if e.starts_with("-- ending hand #") {
            summary_body(self, span);
        } else if is_table_event(e) {
            // Said to the table, not played in the hand.
        } else {
            self.draft.unknown(options, e, span);
        }
    }

    /// A row about `seat`'s player (`rest`: the text after the name).
    fn player_row(
        &mut self,
        seat: &'s Seat,
        rest: &str,
        e: &str,
        span: Span,
        options: &Options,
        hero: &mut Option<String>,
    ) {
        let name = seat.name.as_str();
        if rest.starts_with("posts ") && self.post(seat, rest, span) {
        } else if rest == "folds" || rest == "checks" {
            self.hole_cards(span);
            self.push(format!("{name}: {rest}"), span);
        } else if let Some((verb, (to, all_in))) = ["calls ", "bets ", "raises to "]
            .into_iter()
            .find_map(|verb| Some((verb, amount_all_in(rest.strip_prefix(verb)?)?)))
        {
            self.hole_cards(span);
            // PokerNow writes the total the player's bet comes to; PokerStars the chips added
            // (for a raise, also the total). A raise to the bet already made (facing an
            // all-in raise) is a call.
            let highest = self.street.highest();
            let added = self.street.raise_to(name, to);
            let tail = if all_in { " and is all-in" } else { "" };
            let text = match verb {
                "bets " => format!("{name}: bets {added}{tail}"),
                "raises to " if to > highest => format!("{name}: raises {added} to {to}{tail}"),
                _ => format!("{name}: calls {added}{tail}"),
            };
            self.push(text, span);
        } else if let Some(shown) = rest.strip_prefix("shows a ").and_then(cards) {
            if self.your_cards.as_ref().is_some_and(|(yours, _)| same_cards(yours, &shown)) {
                *hero = Some(seat.identity.clone());
            }
            self.push(format!("{name}: shows [{shown}]"), span);
        } else if let Some(won) = rest
            .strip_prefix("collected ")
            .and_then(|r| r.split_once(" from pot"))
            .and_then(|(amount, _)| money::parse(amount))
        {
            self.street.win(name, won, span);
            self.push(format!("{name} collected {won} from pot"), span);
        } else if rest.starts_with("chooses to ") {
            // The run-it-twice vote; the boards dealt say what was decided.
        } else {
            self.draft.unknown(options, e, span);
        }
    }

    /// `posts a small blind of 0.10` and the other posts; whether `rest` was one.
    fn post(&mut self, seat: &Seat, rest: &str, span: Span) -> bool {
        let name = seat.name.as_str();
        let post = |kind: &str| rest.strip_prefix(kind).and_then(money::parse);
        if let Some(a) = post("posts a small blind of ") {
            self.stakes.0.get_or_insert(a);
            self.first_poster.get_or_insert(seat.number);
            self.street.post(name, a);
            self.push(format!("{name}: posts small blind {a}"), span);
        } else if let Some(a) = post("posts a big blind of ") {
            self.stakes.1.get_or_insert(a);
            self.first_poster.get_or_insert(seat.number);
            self.street.post(name, a);
            self.push(format!("{name}: posts big blind {a}"), span);
        } else if let Some(to) = post("posts a straddle of ") {
            // The total the straddler's bet comes to (a small blind already posted counts).
            let added = self.street.raise_to(name, to);
            self.push(format!("{name}: posts straddle {added}"), span);
        } else if let Some(a) = post("posts a missing small blind of ") {
            // A returning player's small blind is dead money.
            self.street.dead(a);
            self.push(format!("{name}: posts the ante {a}"), span);
        } else if let Some(a) = post("posts a missed big blind of ") {
            self.street.post(name, a);
            self.push(format!("{name}: posts big blind {a}"), span);
        } else {
            return false;
        }
        true
    }

    /// `Uncalled bet of 0.50 returned to "NAME @ id"` (`rest`: the text after `Uncalled bet of `).
    fn uncalled(&mut self, rest: &str, e: &str, span: Span) {
        let parsed = rest.split_once(" returned to \"").and_then(|(amount, who)| {
            let seat = self.seats.iter().find(|s| who.strip_suffix('"') == Some(s.identity.as_str()))?;
            Some((money::parse(amount)?, seat.name.as_str()))
        });
        match parsed {
            Some((amount, name)) => {
                self.street.returned(name, amount);
                self.push(format!("Uncalled bet ({amount}) returned to {name}"), span);
            }
            None => self.draft.refuse(codes::SITE_UNREADABLE_ACTION, format!("unreadable `{e}`"), span),
        }
    }

    /// `Flop: [...]` and the other streets (`rest`: the text after the street's name); a second
    /// board (`Flop (second run): ...`) is refused.
    fn board(&mut self, street: &str, rest: &str, e: &str, span: Span) {
        if rest.starts_with(" (") {
            self.draft.refuse(
                codes::SITE_RUN_IT_TWICE,
                "the hand was run twice: PHH has no notation for several boards",
                span,
            );
            return;
        }
        self.hole_cards(span);
        self.street.next();
        match street_cards(&rest[1..]) {
            Some(board) => self.push(format!("*** {} *** {board}", street.to_uppercase()), span),
            None => self.draft.refuse(codes::SITE_BAD_CARDS, format!("unreadable board `{e}`"), span),
        }
    }

    /// The log's own cards dealt to the log's own player (`hero`), after the posts; when no one
    /// is known to hold them, kept aside: returned, for `_unplaced_hole_cards`.
    fn place_your_cards(&mut self, hero: Option<&str>, options: &Options) -> Option<String> {
        let (yours, span) = self.your_cards.as_ref()?;
        let hero_seat = hero.and_then(|h| self.seats.iter().find(|s| s.identity == h));
        if let (Some(seat), Some(at)) = (hero_seat, self.hole_cards_at) {
            self.body.insert(at, (format!("Dealt to {} [{yours}]", seat.name), *span));
            return None;
        }
        let message = format!(
            "`Your hand is {yours}` names no player, and no showdown of the log so far shows \
             these cards: they are kept in `_unplaced_hole_cards`"
        );
        self.draft.convention(options, codes::SITE_HERO_UNKNOWN, message, *span);
        Some(yours.clone())
    }

    /// The button: the dealer the start row names, else (a dead button) the seat before the first
    /// blind.
    fn button(&self, dealer: Option<&str>) -> Option<i64> {
        match dealer {
            Some(dealer) => self.seats.iter().find(|s| s.identity == dealer).map(|s| s.number),
            None => self.first_poster.map(|first| {
                let before: Vec<i64> = self.seats.iter().map(|s| s.number).filter(|&n| n < first).collect();
                before.iter().max().map_or(10, |&n| n.max(first - 1))
            }),
        }
    }
}

/// The amount of `rest` (`0.65`, `0.65 and go all in`) and whether it puts the player all in.
fn amount_all_in(rest: &str) -> Option<(Amount, bool)> {
    let (amount, all_in) = match rest.strip_suffix(" and go all in") {
        Some(amount) => (amount, true),
        None => (rest, false),
    };
    Some((money::parse(amount)?, all_in))
}

/// The seats of a `Player stacks` row: each named without its id, unless two players of the hand
/// share the name.
fn seats_of(stacks: &[(i64, String, Amount)]) -> Vec<Seat> {
    let short = |identity: &str| identity.rsplit_once(" @ ").map_or(identity, |(name, _)| name).to_owned();
    stacks
        .iter()
        .map(|(number, identity, stack)| {
            let name = short(identity);
            let shared = stacks.iter().filter(|(_, other, _)| short(other) == name).count() > 1;
            let name = if shared || name.trim().is_empty() { identity.clone() } else { name };
            Seat { number: *number, identity: identity.clone(), name, stack: *stack }
        })
        .collect()
}

fn import_hand(rows: &[Row], whole: Span, options: &Options, hero: &mut Option<String>) -> Record {
    let refuse = |code: &'static str, message: String, span: Span| Record {
        hand: None,
        diagnostics: vec![Diagnostic::error(code, message, span)],
        span: whole,
    };
    let first = &rows[0];
    let Some((number, game, dealer)) = start_row(&first.entry) else {
        return refuse(
            codes::SITE_BAD_HEADER,
            format!("unreadable hand start `{}`", first.entry),
            first.span,
        );
    };
    let game = match game {
        "No Limit Texas Hold'em" => "Hold'em No Limit",
        "Pot Limit Omaha Hi" => "Omaha Pot Limit",
        "Limit Texas Hold'em" => "Hold'em Limit",
        other => {
            return refuse(
                codes::SITE_GAME_UNSUPPORTED,
                format!("PHH cannot express the game `{other}`"),
                first.span,
            );
        }
    };
    // Table events (players joining) may come between the start and the stacks.
    let stacks_at = rows.iter().position(|r| r.entry.starts_with("Player stacks: "));
    let Some(stacks) = stacks_at.and_then(|i| stacks_row(&rows[i].entry)) else {
        let span = stacks_at.map_or(first.span, |i| rows[i].span);
        return refuse(codes::SITE_BAD_SEAT, "no readable `Player stacks` in the hand".into(), span);
    };
    let stacks_span = stacks_at.map_or(first.span, |i| rows[i].span);
    let seats = seats_of(&stacks);
    let mut hand = Hand::new(&seats);
    for row in &rows[1..] {
        hand.row(&row.entry, row.span, options, hero);
    }
    // The log's own player: shown in this hand or an earlier one of the log.
    let unplaced = hand.place_your_cards(hero.as_deref(), options);
    let button = hand.button(dealer);
    let date = crate::relay::iso_utc_date(&first.at);
    let stakes = (hand.stakes.0.unwrap_or(Amount::ZERO), hand.stakes.1.unwrap_or(Amount::ZERO));
    let header = StarsHeader::new(VENUE, number, game, Some(stakes)).date(date, date.map(|_| "UTC"));
    let Hand { mut draft, body, .. } = hand;
    draft.push(header.line(), first.span);
    draft.push(table_line(VENUE, Some(10), button), first.span);
    for seat in &seats {
        draft.push(crate::relay::seat_line(seat.number, &seat.name, seat.stack), stacks_span);
    }
    for (text, span) in body {
        draft.push(text, span);
    }
    let mut record = draft.finish(whole, options, VENUE);
    if let (Some(hand), Some(cards)) = (record.hand.as_mut(), unplaced) {
        hand.user_fields
            .push(phh::Field { key: "_unplaced_hole_cards".into(), value: phh::TomlValue::String(cards) });
    }
    record
}

/// The hand's closing row: the summary, the pot being what went in less the uncalled bets.
fn summary_body(hand: &mut Hand<'_>, span: Span) {
    let pot = hand.street.total;
    let rake = hand.street.rake();
    // PokerNow takes no rake: a pot paid out short is a payout line lost.
    hand.draft.payout(&hand.street, true);
    hand.push("*** SUMMARY ***".to_owned(), span);
    hand.push(format!("Total pot {pot} | Rake {rake}"), span);
}

/// The same cards, in any order.
fn same_cards(a: &str, b: &str) -> bool {
    let mut a: Vec<&str> = a.split(' ').collect();
    let mut b: Vec<&str> = b.split(' ').collect();
    a.sort_unstable();
    b.sort_unstable();
    a == b
}

/// Rows that speak to the table, not of the hand's play: seats, stack and blind changes, run it
/// twice being offered, the dead small blind (the blinds posted say it), undealt cards.
fn is_table_event(entry: &str) -> bool {
    const PREFIXES: [&str; 11] = [
        "The player ",
        "The admin ",
        "The game's ",
        "WARNING: ",
        "IMPORTANT: ",
        "Dead Small Blind",
        "Remaining players decide whether to run it twice",
        "All players in hand choose to run it twice",
        "Some players choose to not run it twice",
        "Undealt cards: ",
        "Player stacks: ",
    ];
    PREFIXES.iter().any(|p| entry.starts_with(p))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_and_their_parts() {
        let (entry, at) = parse_row(r#""""a ""b"" @ x"" folds",2022-01-20T10:52:38.586Z,16"#).unwrap();
        assert_eq!((entry.as_str(), at), (r#""a "b" @ x" folds"#, "2022-01-20T10:52:38.586Z"));
        assert!(parse_row("no commas here").is_none());
        assert!(parse_row(r#""unterminated,2022,1"#).is_none());
        let start = r#"-- starting hand #121 (id: jtnjnrtpd79o)  (No Limit Texas Hold'em) (dealer: "spa @ ces @ Z") --"#;
        assert_eq!(start_row(start), Some(("jtnjnrtpd79o", "No Limit Texas Hold'em", Some("spa @ ces @ Z"))));
        let dead = "-- starting hand #7  (Pot Limit Omaha Hi) (dead button) --";
        assert_eq!(start_row(dead), Some(("7", "Pot Limit Omaha Hi", None)));
        // Names holding ` @ `, quotes and `" (`: the stack after the name ends it.
        let stacks = r#"Player stacks: #1 "a" (b) @ x" (1.50) | #4 "spa @ ces @ Z" (100)"#;
        let seats = stacks_row(stacks).unwrap();
        assert_eq!((seats[0].0, seats[0].1.as_str()), (1, r#"a" (b) @ x"#));
        assert_eq!((seats[1].1.as_str(), seats[1].2.to_string()), ("spa @ ces @ Z", "100".to_owned()));
        assert_eq!(cards("10♥, A♠.").as_deref(), Some("Th As"));
        assert_eq!(cards("1♥"), None);
        assert_eq!(street_cards(" 8♣, 6♣, 3♣ [K♠]").as_deref(), Some("[8c 6c 3c] [Ks]"));
        assert_eq!(crate::relay::iso_utc_date("2022-01-20T10:51:22.462Z"), Some((2022, 1, 20, 10, 51, 22)));
    }

    /// The same hand oldest first and newest first reads the same; a hand cut by the start of
    /// the log is an error of its own.
    #[test]
    fn either_direction_and_cut_hands() {
        let rows = [
            r#""-- starting hand #3  (No Limit Texas Hold'em) (dealer: ""A @ 1"") --",2022-01-20T10:51:22.462Z,1"#,
            r#""Player stacks: #1 ""A @ 1"" (500) | #4 ""B @ 2"" (300)",2022-01-20T10:51:22.462Z,2"#,
            r#""""A @ 1"" posts a small blind of 10",2022-01-20T10:51:22.462Z,3"#,
            r#""""B @ 2"" posts a big blind of 20",2022-01-20T10:51:22.462Z,4"#,
            r#""""A @ 1"" calls 20",2022-01-20T10:51:30.000Z,5"#,
            r#""""B @ 2"" checks",2022-01-20T10:51:31.000Z,6"#,
            r#""Flop:  [A♥, 10♠, 2♦]",2022-01-20T10:51:32.000Z,7"#,
            r#""""B @ 2"" bets 40",2022-01-20T10:51:33.000Z,8"#,
            r#""""A @ 1"" folds",2022-01-20T10:51:34.000Z,9"#,
            r#""Uncalled bet of 40 returned to ""B @ 2""",2022-01-20T10:51:35.000Z,10"#,
            r#""""B @ 2"" collected 40 from pot",2022-01-20T10:51:35.000Z,11"#,
            r#""-- ending hand #3 --",2022-01-20T10:51:35.000Z,12"#,
        ];
        let oldest_first = format!("entry,at,order\n{}\n", rows.join("\n"));
        let newest_first =
            format!("entry,at,order\n{}\n", rows.iter().rev().copied().collect::<Vec<_>>().join("\n"));
        let read = |text: &str| -> Vec<Record> { Reader::from_str(text, Options::default()).collect() };
        let (a, b) = (read(&oldest_first), read(&newest_first));
        assert_eq!(a.len(), 1);
        let hand = a[0].hand.clone().unwrap_or_else(|| panic!("{:?}", a[0].diagnostics));
        assert_eq!(b[0].hand.as_ref(), Some(&hand));
        assert_eq!(hand.finishing_stacks.as_ref().unwrap()[1].to_string(), "480");
        // A log cut after the flop: no ending row.
        let cut = format!("entry,at,order\n{}\n", rows[..8].join("\n"));
        let records = read(&cut);
        assert_eq!(records.len(), 1);
        assert_eq!(records[0].diagnostics[0].code(), codes::SITE_INCOMPLETE);
        // Not a CSV row: an error, and reading goes on.
        let bad = format!("entry,at,order\nnot a row\n{}\n", rows.join("\n"));
        let records = read(&bad);
        assert_eq!(records.len(), 2);
        assert_eq!(records[0].diagnostics[0].code(), codes::SITE_NO_HEADER);
        assert!(records[1].hand.is_some());
    }
}
