//! PKR hand histories (`Table #46301943 - Hellenic Aquarium` then `Starting Hand #2147625245`):
//! [`Reader`] imports them to PHH hands, one [`Record`] per hand, each replayed and checked against
//! the payouts, rake and final stacks the log states.
//!
//! The layout is PKR's own, read here: the table's line before the hand's (`Table #N - NAME`, left
//! out when a file starts at `Starting Hand #N`), a date as `15 Aug 2012 00:51:26`, the game in
//! lines of their own (`Game Type: HOLD'EM`, `Limit Type: NO LIMIT`, `Money Type: REAL MONEY` or
//! `PLAY MONEY`), `Blinds are now $0.02 / $0.04` (no table size), seats as `Seat 1: NAME -
//! $0.40` (`(away from table)` after a player not dealt in), the button as `Button is at seat 5`
//! then `Moving Button to seat 9` before the blinds (the last move is the hand's button), posts
//! out of position as `posts $0.04` (a live big blind; `posts $0` says nothing) and `posts $0.02
//! dead`, cards in any of three forms (`[4 h][Q s]`, `[qs][2s]`, `[Ad 8h]`), a call or raise
//! written as the player's total for the round (`calls $0.06`, `raises to $0.22`; `(all-in)` after
//! it), a player timing out written twice (`did not respond in time and is folded`, then `folds`:
//! the second is read), the uncalled bet returned sometimes (`Returning
//! $0.18 to Player1 uncalled`) and sometimes not (each winner's amount leaves it out: the import
//! returns it), `Taking Rake of $0.17 from pot 2` (or `No Rake Taken`), the payouts after the rake
//! (`wins $0.38 from side pot #2 with: ...`, `ties side pot #1, and wins $0.43 with: ...`, `ties
//! $34.75 with low hand: ...`), and each seat's final stack after them, which the replay must give.
//! Chat (`NAME: text`), emotes (`NAME says ...`, `yawns at`), rebuys and players joining are no
//! part of the play (a seated player's rebuy during the hand is in the final stack the log states,
//! and is taken out of it for the check).
//!
//! Refused per hand with a code: the games PHH cannot express (pot-limit Omaha hi/lo) with
//! [`SITE_GAME_UNSUPPORTED`](crate::codes::SITE_GAME_UNSUPPORTED); a player granted disconnection
//! protection (all in with chips behind) with
//! [`SITE_DISCONNECT_PROTECTION`](crate::codes::SITE_DISCONNECT_PROTECTION).
//!
//! ```
//! let log = "\
//! Table #1 - Paris
//! Starting Hand #2
//! Start time of hand: 15 Aug 2012 00:51:26
//! Last Hand #1
//! Game Type: HOLD'EM
//! Limit Type: NO LIMIT
//! Table Type: RING
//! Money Type: REAL MONEY
//! Blinds are now $0.05 / $0.10
//! Button is at seat 3
//! Seat 3: Ann - $10
//! Seat 5: Bob - $10
//! Ann posts small blind ($0.05)
//! Bob posts big blind ($0.10)
//! Dealing Cards
//! Dealing [A h][K h] to Bob
//! Ann raises to $0.30
//! Bob folds
//! Pot sizes: $0.20
//! No Rake Taken
//! Ann doesn't show
//! Ann wins $0.20
//! Seat 3: Ann - $10.10
//! Seat 5: Bob - $9.90
//! End of Hand #2
//! ";
//! let record = sitelogs::pkr::Reader::from_str(log, sitelogs::Options::default()).next().unwrap();
//! let hand = record.hand.unwrap();
//! assert_eq!(hand.venue.as_deref(), Some("PKR"));
//! assert_eq!(hand.finishing_stacks.unwrap()[1].to_string(), "10.10");
//! ```

use std::io::BufRead;

use cards_core::{Amount, Diagnostic, Span};

use crate::relay::{self, Draft, End, HandLines, Seat, StarsHeader, Street};
use crate::text::Line;
use crate::{Options, Record, codes, money};

/// The venue written into PHH.
const VENUE: &str = "PKR";

/// Streams the hands of a PKR log, one [`Record`] per hand (and one per fragment of text outside
/// any hand).
#[derive(Debug)]
pub struct Reader<R> {
    hands: HandLines<R>,
    options: Options,
    /// The `Table #N - NAME` line that ended the previous chunk: the next hand's.
    table: Option<Line>,
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
        Reader { hands: HandLines::new(input), options, table: None }
    }

    /// The read error that stopped the reader, if any.
    pub fn take_error(&mut self) -> Option<std::io::Error> {
        self.hands.take_error()
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = Record;

    fn next(&mut self) -> Option<Record> {
        let (mut lines, skipped) = self.hands.next_hand(|l| hand_id(l).is_some())?;
        let table = self.table.take();
        // The next hand's table line ends this chunk.
        if let Some(last) = lines.iter().rposition(|l| !l.text.trim().is_empty())
            && table_name(&lines[last].text).is_some()
        {
            self.table = Some(lines.remove(last));
        }
        let is_hand = lines.first().is_some_and(|l| hand_id(&l.text).is_some());
        let says = |l: &&Line| !l.text.trim().is_empty();
        let (Some(first), Some(last)) = (lines.iter().find(says), lines.iter().rfind(says)) else {
            return self.next();
        };
        if !is_hand {
            let whole = first.span.join(last.span);
            let error = Diagnostic::error(
                codes::SITE_NO_HEADER,
                "text outside any hand: no PKR hand header (`Starting Hand #N`) before it",
                first.span,
            );
            return Some(Record { hand: None, diagnostics: vec![error], span: whole });
        }
        let whole = table.as_ref().map_or(first.span, |t| t.span).join(last.span);
        let mut record = import(&lines, table.as_ref(), whole, &self.options);
        relay::refuse_if_cut(&mut record, skipped);
        Some(record)
    }
}

/// Whether the start of a file (decoded text) is a PKR log: a table line followed by a hand's,
/// or a hand's line followed by its date.
#[must_use]
pub fn detect(head: &str) -> bool {
    let lines: Vec<&str> = crate::text::first_lines(head, 40).collect();
    lines.windows(2).any(|w| {
        (table_name(w[0]).is_some() && hand_id(w[1]).is_some())
            || (hand_id(w[0]).is_some() && w[1].starts_with("Start time of hand: "))
    })
}

/// `Starting Hand #2147625245`: the hand number.
fn hand_id(line: &str) -> Option<&str> {
    let id = line.trim_start_matches('\u{feff}').trim().strip_prefix("Starting Hand #")?;
    (!id.is_empty() && id.bytes().all(|b| b.is_ascii_digit())).then_some(id)
}

/// `Table #46301943 - Hellenic Aquarium`: the table's name.
fn table_name(line: &str) -> Option<&str> {
    let rest = line.trim_start_matches('\u{feff}').trim().strip_prefix("Table #")?;
    let (number, name) = rest.split_once(" - ")?;
    (!number.is_empty() && number.bytes().all(|b| b.is_ascii_digit())).then_some(name.trim())
}

/// An amount as PKR writes it: `$0.04`, `€0.25`, `$1,234.50`, `5` (play chips).
fn amount(text: &str) -> Option<Amount> {
    money::parse(text.trim().trim_start_matches('(').trim_end_matches(')'))
}

/// The amount at the start of `text` (`$0.53 (all-in)`).
fn lead(text: &str) -> Option<Amount> {
    amount(text.split_whitespace().next()?)
}

/// `15 Aug 2012 00:51:26`.
fn date(text: &str) -> Option<(i64, i64, i64, u8, u8, u8)> {
    let mut words = text.split_whitespace();
    let day: i64 = words.next()?.parse().ok()?;
    let month = relay::month(words.next()?)?;
    let year: i64 = words.next()?.parse().ok()?;
    relay::iso_date(&format!("{year}-{month}-{day} {}", words.next()?))
}

/// Cards in PKR's three forms (`[4 h][Q s]`, `[qs][2s]`, `[Ad 8h]`) as PokerStars writes them
/// (`[4h Qs]`); `None` when they cannot be read or one is face down (`[XX]`).
fn cards(text: &str) -> Option<String> {
    let open = text.find('[')?;
    let close = text.rfind(']')?;
    let inner: String =
        text.get(open..=close)?.chars().filter(|c| !c.is_whitespace() && *c != '[' && *c != ']').collect();
    let inner = inner.replace("10", "T");
    let chars: Vec<char> = inner.chars().collect();
    if chars.is_empty() || !chars.len().is_multiple_of(2) {
        return None;
    }
    let mut out = Vec::new();
    for pair in chars.chunks(2) {
        let rank = pair[0].to_ascii_uppercase();
        let suit = pair[1].to_ascii_lowercase();
        if !"23456789TJQKA".contains(rank) || !"shdc".contains(suit) {
            return None;
        }
        out.push(format!("{rank}{suit}"));
    }
    Some(format!("[{}]", out.join(" ")))
}

/// The PokerStars game for PKR's `Game Type` and `Limit Type`, or PKR's words.
fn game(kind: &str, limit: &str) -> Result<&'static str, String> {
    Ok(match (kind, limit) {
        ("HOLD'EM", "NO LIMIT") => "Hold'em No Limit",
        ("HOLD'EM", "LIMIT" | "FIXED LIMIT") => "Hold'em Limit",
        ("OMAHA", "POT LIMIT") => "Omaha Pot Limit",
        ("OMAHA HI/LO", "LIMIT" | "FIXED LIMIT") => "Omaha Hi/Lo Limit",
        _ => return Err(format!("{kind} {limit}")),
    })
}

/// Emotes the client writes for a player: no part of the play.
const EMOTES: &[&str] = &[
    "says ",
    "yawns",
    "admits ",
    "acknowledges ",
    "claps",
    "cheers",
    "laughs ",
    "can't believe ",
    "applauds",
    "cries",
    "waves",
    "winks",
    "thanks ",
];

/// What a player's line that is no action says, skipped: the client's notices.
const NOTICES: &[&str] = &[
    "has become disconnected",
    "has reconnected",
    "has requested more time",
    "has received ",
    "seconds remaining in the time bank",
    "is using the time bank",
    "will be dealt in after the button",
    // A player timed out: the `folds` line that follows says it.
    "did not respond in time and is folded",
    "rebuys ",
    "brings ",
    "has left the table",
    "has joined the table",
    "sits out",
    "is sitting out",
];

fn import(lines: &[Line], table_line: Option<&Line>, whole: Span, options: &Options) -> Record {
    let mut draft = Draft::default();
    let first = &lines[0];
    let mut hand = Hand::default();
    let mut end = first.span;
    for (text, span) in relay::said_lines(lines) {
        end = span;
        if text.starts_with("End of Hand #") || text.starts_with("End Of Hand #") {
            break;
        }
        hand.line(&mut draft, options, text, span);
    }
    hand.finish(&mut draft, first, table_line, end);
    draft.finish(whole, options, VENUE)
}

/// A PKR hand being read: what its lines said so far, and its play in the PokerStars form.
#[derive(Default)]
struct Hand {
    when: Option<(i64, i64, i64, u8, u8, u8)>,
    /// `Game Type` and the line saying it.
    kind: Option<(String, Span)>,
    /// `Limit Type`.
    limit: Option<String>,
    play_money: bool,
    /// The blinds, their currency symbol and the line saying them.
    stakes: Option<((Amount, Amount), Option<char>, Span)>,
    button: Option<i64>,
    seats: Vec<Seat>,
    ends: Vec<End>,
    body: Vec<(String, Span)>,
    street: Street,
    dealt: bool,
    /// Whether the last betting round is closed (its uncalled bet returned).
    closed: bool,
    rake: Option<Amount>,
    /// Chips bought during the hand: in the final stack the log states, not in the play.
    rebuys: Vec<(String, Amount)>,
}

impl Hand {
    /// Reads one line after the header, before the hand's end.
    fn line(&mut self, draft: &mut Draft, options: &Options, text: &str, span: Span) {
        if self.table_line(draft, text, span) {
            return;
        }
        if let Some(rest) = text.strip_prefix("Seat ") {
            // `Seat 1: Player0 - $0.40[ (away from table)]`; after the payouts, the final stacks.
            let parsed = rest.split_once(": ").and_then(|(n, r)| {
                let r = r.strip_suffix(" (away from table)").unwrap_or(r);
                let (name, stack) = r.rsplit_once(" - ")?;
                Some((n.parse::<i64>().ok()?, name.to_owned(), amount(stack)?))
            });
            match parsed {
                Some((number, name, stack)) if !self.dealt => self.seats.push((number, name, stack, span)),
                Some((_, name, stack)) => self.ends.push((name, stack, span)),
                None => draft.refuse(codes::SITE_BAD_SEAT, format!("unreadable seat `{text}`"), span),
            }
        } else if text == "Dealing Cards" {
            if !self.dealt {
                self.dealt = true;
                self.body.push(("*** HOLE CARDS ***".into(), span));
            }
        } else if !self.dealing(draft, text, span) && !self.pot_line(draft, text, span) {
            self.action(draft, options, text, span);
        }
    }

    /// What the lines before the seats say about the table (the date, the game, the blinds, the
    /// button), and the lines that say nothing: whether the line was one.
    fn table_line(&mut self, draft: &mut Draft, text: &str, span: Span) -> bool {
        if let Some(t) = text.strip_prefix("Start time of hand: ") {
            self.when = date(t);
            if self.when.is_none() {
                draft.refuse(codes::SITE_BAD_HEADER, format!("unreadable date `{t}`"), span);
            }
        } else if let Some(t) = text.strip_prefix("Game Type: ") {
            self.kind = Some((t.trim().to_owned(), span));
        } else if let Some(t) = text.strip_prefix("Limit Type: ") {
            self.limit = Some(t.trim().to_owned());
        } else if let Some(t) = text.strip_prefix("Money Type: ") {
            self.play_money = t.contains("PLAY");
        } else if text.starts_with("Last Hand #")
            || text.starts_with("Table Type: ")
            || text.starts_with("Pot sizes: ")
            || text == "Shuffling Deck"
        {
            // Nothing the hand needs.
        } else if let Some(t) = text.strip_prefix("Blinds are now ") {
            let parsed =
                t.split_once('/').and_then(|(s, b)| Some(((amount(s)?, amount(b)?), money::symbol_of(s))));
            match parsed {
                Some((blinds, symbol)) => self.stakes = Some((blinds, symbol, span)),
                None => draft.refuse(codes::SITE_BAD_HEADER, format!("unreadable blinds `{text}`"), span),
            }
        } else if let Some(t) =
            text.strip_prefix("Button is at seat ").or_else(|| text.strip_prefix("Moving Button to seat "))
        {
            self.button = t.trim().parse::<i64>().ok();
            if self.button.is_none() {
                draft.refuse(codes::SITE_BAD_TABLE, format!("unreadable button `{text}`"), span);
            }
        } else {
            return false;
        }
        true
    }

    /// `Dealing Flop [..]`, `Dealing [4 h][Q s] to Hero`: whether the line was one.
    fn dealing(&mut self, draft: &mut Draft, text: &str, span: Span) -> bool {
        let Some(rest) = text.strip_prefix("Dealing ") else {
            return false;
        };
        let marker = ["Flop", "Turn", "River"].into_iter().find(|m| rest.starts_with(&format!("{m} [")));
        if let Some(marker) = marker {
            self.street.close_unpaid(&mut self.body, span);
            match cards(&rest[marker.len()..]) {
                Some(board) => self.body.push((format!("*** {} *** {board}", marker.to_uppercase()), span)),
                None => draft.refuse(codes::SITE_BAD_CARDS, format!("unreadable board `{text}`"), span),
            }
        } else if let Some((shown, who)) = rest.rsplit_once(" to ") {
            match cards(shown) {
                Some(c) => self.body.push((format!("Dealt to {who} {c}"), span)),
                None => draft.refuse(codes::SITE_BAD_CARDS, format!("unreadable cards `{text}`"), span),
            }
        } else {
            return false;
        }
        true
    }

    /// Closes the last betting round once: its uncalled bet goes back.
    fn close(&mut self, span: Span) {
        if !self.closed {
            self.street.close_unpaid(&mut self.body, span);
            self.closed = true;
        }
    }

    /// `Returning $0.18 to Player1 uncalled`, `Taking Rake of $0.02`, `No Rake Taken`: whether
    /// the line was one.
    fn pot_line(&mut self, draft: &mut Draft, text: &str, span: Span) -> bool {
        if let Some(t) = text.strip_prefix("Returning ") {
            let parsed = t
                .strip_suffix(" uncalled")
                .and_then(|t| t.split_once(" to "))
                .and_then(|(a, who)| Some((amount(a)?, who)));
            match parsed {
                Some((a, who)) => {
                    self.street.returned(who, a);
                    self.body.push((format!("Uncalled bet ({a}) returned to {who}"), span));
                }
                None => draft.refuse(codes::SITE_BAD_AMOUNT, format!("unreadable return `{text}`"), span),
            }
        } else if let Some(t) = text.strip_prefix("Taking Rake of ") {
            self.close(span);
            match lead(t) {
                Some(a) => self.rake = Some(money::plus(self.rake.unwrap_or(Amount::ZERO), a)),
                None => draft.refuse(codes::SITE_BAD_AMOUNT, format!("unreadable rake `{text}`"), span),
            }
        } else if text == "No Rake Taken" {
            self.rake = Some(self.rake.unwrap_or(Amount::ZERO));
        } else {
            return false;
        }
        true
    }

    /// A line about a seated player (chat, an action, a payout, a notice), or a notice about a
    /// player not seated in this hand.
    fn action(&mut self, draft: &mut Draft, options: &Options, text: &str, span: Span) {
        let named = relay::seated(&self.seats, text, &[' ', ':']).map(|(_, name)| name);
        let Some(name) = named else {
            // A player not seated in this hand joining, rebuying or waiting for the button.
            if !NOTICES.iter().any(|n| text.contains(n)) {
                draft.unknown(options, text, span);
            }
            return;
        };
        let after = &text[name.len()..];
        if after.starts_with(':') {
            // Chat.
            return;
        }
        let action = after.trim();
        let action = action.strip_suffix("(all-in)").unwrap_or(action).trim();
        if let Some(t) = action.strip_prefix("rebuys ") {
            match lead(t) {
                Some(a) => self.rebuys.push((name.clone(), a)),
                None => draft.unreadable_action(&name, text, span),
            }
            return;
        }
        let payout = action.starts_with("wins ") || action.starts_with("ties");
        let showdown = payout
            || action.starts_with("shows ")
            || action.starts_with("mucks")
            || action.starts_with("doesn't show");
        if showdown {
            self.close(span);
        }
        match self.act(&name, action, payout, span) {
            Some(true) => {}
            Some(false) => draft.unreadable_action(&name, text, span),
            None if action.contains("granted disconnection protection") => draft.refuse(
                codes::SITE_DISCONNECT_PROTECTION,
                format!(
                    "{name} disconnected and was granted disconnection protection: all in with chips \
                     behind, which PHH has no notation for"
                ),
                span,
            ),
            // The hand each player has, and a winner not showing: said by the payouts.
            None if action.starts_with("has ") || action == "doesn't show" => {}
            None if NOTICES.iter().chain(EMOTES).any(|n| action.contains(n)) => {}
            None if action.contains('$') || action.contains('[') => {
                draft.unreadable_action(&name, text, span)
            }
            None => draft.unknown(options, text, span),
        }
    }

    /// What `name` does in the play (`folds`, `posts $0.02 dead`, `raises to $0.40`, `wins
    /// $0.38`): whether it was read, `None` when it is no play.
    fn act(&mut self, name: &str, action: &str, payout: bool, span: Span) -> Option<bool> {
        let line = if action == "folds" || action == "checks" {
            format!("{name}: {action}")
        } else if let Some(t) = action.strip_prefix("posts ") {
            return Some(self.post(name, t, span));
        } else if let Some(t) = action
            .strip_prefix("calls ")
            .or_else(|| action.strip_prefix("bets "))
            .or_else(|| action.strip_prefix("raises to "))
        {
            // The player's total for the round.
            let Some(to) = lead(t) else { return Some(false) };
            let highest = self.street.highest();
            let added = self.street.raise_to(name, to);
            if highest.is_zero() {
                format!("{name}: bets {added}")
            } else if to <= highest {
                format!("{name}: calls {added}")
            } else {
                format!("{name}: raises {to} to {to}")
            }
        } else if let Some(t) = action.strip_prefix("shows ") {
            if t.contains("XX") {
                // One card shown of two after winning uncontested: no showdown.
                return Some(true);
            }
            let Some(c) = cards(t) else { return Some(false) };
            format!("{name}: shows {c}")
        } else if action.starts_with("mucks") {
            format!("{name}: mucks hand")
        } else if payout {
            // `wins $0.38[ from side pot #2][, disconnection protection limited from $0.17][ with:
            // ...]`, `ties[ side pot #1], and wins $0.43 with: ...`, `ties $34.75 with low hand: ...`.
            let amount_text = action
                .split_once("wins ")
                .map(|(_, t)| t)
                .or_else(|| action.strip_prefix("ties "))
                .unwrap_or_default();
            let won = amount_text.split_whitespace().next().and_then(|w| amount(w.trim_end_matches(',')));
            let Some(a) = won else { return Some(false) };
            self.street.win(name, a, span);
            return Some(true);
        } else {
            return None;
        };
        self.body.push((line, span));
        Some(true)
    }

    /// `posts small blind $0.01`, `posts big blind $0.02`, `posts $0.04` (a live big blind out of
    /// position), `posts $0.02 dead` (dead money): whether it was read.
    fn post(&mut self, name: &str, t: &str, span: Span) -> bool {
        let (t, blind) = if let Some(t) = t.strip_prefix("small blind ") {
            (t, Some("small blind"))
        } else if let Some(t) = t.strip_prefix("big blind ") {
            (t, Some("big blind"))
        } else {
            (t, None)
        };
        let (t, dead) = match t.strip_suffix(" dead").filter(|_| blind.is_none()) {
            Some(t) => (t, true),
            None => (t, false),
        };
        let Some(a) = amount(t) else { return false };
        if blind.is_none() && a.is_zero() {
            return true;
        }
        let line = if dead {
            self.street.dead(a);
            format!("{name}: posts the ante {a}")
        } else {
            self.street.post(name, a);
            format!("{name}: posts {} {a}", blind.unwrap_or("big blind"))
        };
        self.body.push((line, span));
        true
    }

    /// After the hand's end: the game and stakes checked, the payouts, and the hand written in
    /// the PokerStars form with the final stacks (less the chips bought during the hand).
    fn finish(mut self, draft: &mut Draft, first: &Line, table_line: Option<&Line>, end: Span) {
        let Some((stakes, symbol, _)) = self.stakes else {
            draft.refuse(
                codes::SITE_BAD_HEADER,
                "no `Blinds are now` line: the stakes are unknown",
                first.span,
            );
            return;
        };
        let game = match (&self.kind, &self.limit) {
            (Some((k, span)), Some(l)) => match game(k, l) {
                Ok(g) => g,
                Err(written) => {
                    let message = format!("PHH has no variant for PKR's {written}");
                    draft.refuse(codes::SITE_GAME_UNSUPPORTED, message, *span);
                    return;
                }
            },
            _ => {
                draft.refuse(codes::SITE_BAD_HEADER, "no `Game Type` or `Limit Type` line", first.span);
                return;
            }
        };
        self.street.pay_out(draft, &mut self.body, self.closed, end, "the hand pays no one (no `wins` line)");
        // Fixed limit writes the blinds; PokerStars' stakes are the small and big bets.
        let stakes = if game.contains("Limit") && !game.contains("No Limit") && !game.contains("Pot Limit") {
            (stakes.1, money::plus(stakes.1, stakes.1))
        } else {
            stakes
        };
        let symbol = symbol.filter(|_| !self.play_money);
        let stars = StarsHeader::new(VENUE, hand_id(&first.text).unwrap_or_default(), game, Some(stakes))
            .money(symbol, relay::currency(symbol))
            .date(self.when, None);
        draft.push(stars.line(), first.span);
        let name = table_line.and_then(|t| table_name(&t.text)).unwrap_or_default();
        let mut table = relay::table_line(name, None, self.button);
        if self.play_money {
            table.push_str(" (Play Money)");
        }
        draft.push(table, table_line.map_or(first.span, |t| t.span));
        let rake = self.rake.unwrap_or_else(|| self.street.rake());
        relay::seats_play_summary(draft, &self.seats, self.body, (self.street.total, rake), end);
        for (name, end, _) in &mut self.ends {
            for (_, bought) in self.rebuys.iter().filter(|(who, _)| who == name) {
                *end = money::minus(*end, *bought);
            }
        }
        draft.ends(self.ends, "the log says");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_detection() {
        assert_eq!(hand_id("Starting Hand #2147625245"), Some("2147625245"));
        assert_eq!(table_name("Table #46301943 - Hellenic Aquarium"), Some("Hellenic Aquarium"));
        assert_eq!(date("15 Aug 2012 00:51:26"), Some((2012, 8, 15, 0, 51, 26)));
        assert_eq!(cards("[4 h][Q s]").as_deref(), Some("[4h Qs]"));
        assert_eq!(cards("[qs][2s]").as_deref(), Some("[Qs 2s]"));
        assert_eq!(cards("[Ad 8h]").as_deref(), Some("[Ad 8h]"));
        assert_eq!(cards("[XX] [6 s]"), None);
        assert_eq!(game("OMAHA HI/LO", "POT LIMIT"), Err("OMAHA HI/LO POT LIMIT".to_owned()));
        assert!(detect("Table #1 - T\nStarting Hand #2\n"));
        assert!(detect("Starting Hand #2\nStart time of hand: 15 Aug 2012 00:51:26\n"));
        assert!(!detect("Starting Hand #2\n"));
        assert!(!detect("Table #1 - T\n"));
    }
}
