//! Winning Poker Network (WPN: Winning, America's Cardroom, Black Chip, True Poker, Yatahay) hand
//! histories: [`Reader`] imports them to PHH hands, one [`Record`](crate::Record) per hand, each replayed and
//! checked against the stacks, winnings and rake the log states. The client saved them as UTF-16
//! (read by [`crate::text`]).
//!
//! Two layouts are read, each rewritten in the PokerStars form for the PokerStars importer:
//!
//! - The 2015–2018 one: `Game started at: 2016/8/2 10:50:44`, `Game ID: 693967308 0.02/0.05
//!   (PRR) Cyclops - 6 (Hold'em)`, `Seat 2 is the button`, `Seat 2: NAME (5.05).`, `Player NAME
//!   has small blind (0.02)`, `Player NAME received card: [5d]`, amounts in parentheses being the
//!   chips a player adds (`raises (3)` after a small blind of 1 is a raise to 4), a summary that
//!   states the pot without its rake (`Pot: 7.85. Rake 0.15. JP fee 0.04`) and each player's
//!   `Bets: 4. Collects: 7.85.`. The header names the game but not its betting: a big blind of
//!   the first stake (`2/4` with blinds 1/2) is fixed limit, of the second no-limit hold'em or
//!   pot-limit Omaha. Stud's streets are written one late (`*** Third street ***` opens 4th
//!   street). Amounts have no symbol: real-money tables are in dollars, `PM` tables play money.
//! - The 2019 one, PokerStars' with its own words: `Hand #78708209 - Omaha H/L(Fixed Limit) -
//!   $20.00/$40.00 - 2019/07/18 15:13:01 UTC`, the table line without `Table '...'`, `NAME posts
//!   the small blind $1`, `NAME raises $30` (chips added) or `raises $2 to $3`, `Main pot ... |
//!   Rake ...` on every street, `collected $5 from main pot`, `Total pot $5 | Rake $0.1 | JP Fee
//!   $0.05`.
//!
//! Refused per hand, each with a code: capped tables (`(Cap)`, `- CAP -`: PHH has no cap), 6+
//! hold'em with two blinds, pot-limit Omaha hi/lo, no-limit Omaha hi/lo, run it twice, a seat with
//! no name (the client wrote an empty name), and whatever
//! the PokerStars importer refuses. A player all in by disconnect protection (`is
//! disconnected and ALL IN`, then `allin` with no amount) is refused with
//! [`SITE_DISCONNECT_PROTECTION`](crate::codes::SITE_DISCONNECT_PROTECTION).
//!
//! ```
//! let log = "\
//! Game started at: 2016/8/2 10:53:49
//! Game ID: 693968595 2/4 Airavata 2 (Hold'em)
//! Seat 2 is the button
//! Seat 1: Ann (20).
//! Seat 2: Bob (80).
//! Player Bob has small blind (1)
//! Player Ann has big blind (2)
//! Player Ann received card: [5h]
//! Player Ann received card: [9s]
//! Player Bob received a card.
//! Player Bob received a card.
//! Player Bob raises (3)
//! Player Ann calls (2)
//! *** FLOP ***: [Qc 2s 4c]
//! Player Ann checks
//! Player Bob bets (2)
//! Player Ann folds
//! Uncalled bet (2) returned to Bob
//! Player Bob mucks cards
//! ------ Summary ------
//! Pot: 7.85. Rake 0.15
//! Board: [Qc 2s 4c]
//! Player Ann does not show cards.Bets: 4. Collects: 0. Loses: 4.
//! *Player Bob mucks (does not show cards). Bets: 4. Collects: 7.85. Wins: 3.85.
//! Game ended at: 2016/8/2 10:54:10
//! ";
//! let record = sitelogs::winning::Reader::from_str(log, sitelogs::Options::default()).next().unwrap();
//! let hand = record.hand.unwrap();
//! assert_eq!(hand.variant, phh::Variant::FixedLimitTexasHoldem);
//! assert_eq!(hand.finishing_stacks.unwrap()[1].to_string(), "83.85");
//! ```

use cards_core::{Amount, Span};

use crate::relay::{self, Draft, Relay, StarsHeader, Street, TextReader, TextSite};
use crate::text::Line;
use crate::{Options, codes, money};

/// Streams the hands of a Winning Poker Network log.
pub type Reader<R> = TextReader<R, Winning>;

/// Winning Poker Network's text, for [`TextReader`].
#[derive(Debug)]
pub struct Winning;

/// `Game ID: 693967308 0.02/0.05 ...`: the id and the rest.
fn game_id(line: &str) -> Option<(&str, &str)> {
    let rest = line.strip_prefix("Game ID: ")?;
    let (id, rest) = rest.split_once(' ')?;
    (!id.is_empty() && id.bytes().all(|b| b.is_ascii_digit())).then_some((id, rest))
}

/// `Hand #78708209 - Omaha H/L(Fixed Limit) - $20.00/$40.00 - 2019/07/18 15:13:01 UTC`: the id,
/// game, betting, stakes and date.
fn new_header(line: &str) -> Option<(&str, &str, &str, &str, &str)> {
    let rest = line.trim_start_matches('\u{feff}').strip_prefix("Hand #")?;
    let mut parts = rest.split(" - ");
    let id = parts.next()?;
    let game = parts.next()?;
    let stakes = parts.next()?;
    let date = parts.next()?;
    if id.is_empty() || !id.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let (name, betting) = game.strip_suffix(')')?.split_once('(')?;
    betting.ends_with("Limit").then_some((id, name, betting, stakes, date))
}

impl TextSite for Winning {
    const VENUE: &'static str = "Winning Poker Network";

    fn is_header(line: &str) -> bool {
        let line = line.trim_start_matches('\u{feff}');
        line.starts_with("Game started at: ") || new_header(line).is_some()
    }

    /// Whether the first few KB of a file (decoded text) are a Winning Poker Network log: a
    /// `Game started at: <date>` line followed by `Game ID: <digits> ...`, or a `Hand #<digits> -
    /// <game>(<betting>) - ` header.
    fn detect(head: &str) -> bool {
        let mut lines =
            head.lines().map(|l| l.trim_start_matches('\u{feff}').trim()).filter(|l| !l.is_empty());
        let mut previous_started = false;
        for line in lines.by_ref().take(200) {
            if previous_started && game_id(line).is_some() {
                return true;
            }
            if new_header(line).is_some() {
                return true;
            }
            previous_started = line.starts_with("Game started at: ");
        }
        false
    }
}

impl Relay for Winning {
    fn read(lines: &[Line], draft: &mut Draft, options: &Options) {
        if lines[0].text.trim_start_matches('\u{feff}').starts_with("Game started at: ") {
            import_old(lines, draft, options);
        } else {
            import_new(lines, draft, options);
        }
    }
}

/// The seated name `text` starts with, followed by a space (the longest), and the rest.
fn named<'t>(names: &[String], text: &'t str) -> Option<(&'t str, &'t str)> {
    names
        .iter()
        .filter(|n| text.starts_with(n.as_str()) && text[n.len()..].starts_with(' '))
        .max_by_key(|n| n.len())
        .map(|n| (&text[..n.len()], &text[n.len() + 1..]))
}

/// The amount in the first parentheses of `text`.
fn paren_amount(text: &str) -> Option<Amount> {
    let open = text.find('(')?;
    let close = text[open..].find(')')? + open;
    money::parse(&text[open + 1..close])
}

/// A 2015–2018 hand.
fn import_old(lines: &[Line], draft: &mut Draft, options: &Options) {
    let started = &lines[0];
    let date = started.text.trim().strip_prefix("Game started at: ").and_then(relay::iso_date);
    let mut said = relay::said_lines(lines);
    let Some((id_text, id_span)) = said.next() else {
        draft.refuse(codes::SITE_INCOMPLETE, "the hand ends after `Game started at:`", started.span);
        return;
    };
    // The betting, from the big blind posted: the first stake in fixed limit, the second else.
    let big_blind = lines.iter().find_map(|l| {
        let text = l.text.trim();
        text.contains(" has big blind (").then(|| paren_amount(text)).flatten()
    });
    let Some(old) = old_header(draft, id_text, id_span, big_blind) else {
        return;
    };
    let header = StarsHeader::new("Winning", old.id, old.game, Some(old.stakes))
        .money(None, (!old.play_money).then_some("USD"))
        .date(date, None);
    draft.push(header.line(), started.span.join(id_span));
    let button = lines.iter().find_map(|l| {
        let t = l.text.trim();
        t.strip_prefix("Seat ")?.strip_suffix(" is the button")?.parse::<i64>().ok()
    });
    let mut table_line = format!("Table '{}'", old.table);
    if old.play_money {
        table_line.push_str(" (Play Money)");
    }
    if let Some(b) = button {
        table_line.push_str(&format!(" Seat #{b} is the button"));
    }
    draft.push(table_line, id_span);
    let mut hand = OldHand {
        stud: old.game.contains("Stud"),
        big_blind,
        stud_street: 3,
        summary_span: id_span,
        ..OldHand::default()
    };
    for (text, span) in said.filter(|(text, _)| !text.starts_with("Game ended at: ")) {
        hand.line(draft, options, text, span);
    }
    hand.finish(draft);
}

/// What a 2015–2018 hand's `Game ID:` line says.
struct OldHeader<'a> {
    id: &'a str,
    stakes: (Amount, Amount),
    table: String,
    play_money: bool,
    game: &'static str,
}

/// `Game ID: 693967308 0.02/0.05 (PRR) Cyclops - 6 (Hold'em)`, the game's betting told by the big
/// blind posted; `None` (the hand refused) when it cannot be read or PHH has no variant for it.
fn old_header<'a>(
    draft: &mut Draft,
    text: &'a str,
    span: Span,
    big_blind: Option<Amount>,
) -> Option<OldHeader<'a>> {
    let Some((id, rest)) = game_id(text) else {
        draft.refuse(codes::SITE_BAD_HEADER, "no `Game ID: <number> <stakes> ...` line", span);
        return None;
    };
    let (stakes_text, rest) = rest.split_once(' ').unwrap_or((rest, ""));
    let stakes = stakes_text.split_once('/').and_then(|(s, b)| Some((money::parse(s)?, money::parse(b)?)));
    let Some((small, big)) = stakes else {
        draft.refuse(codes::SITE_BAD_HEADER, format!("unreadable stakes `{stakes_text}`"), span);
        return None;
    };
    let Some((table, game_text)) = rest.strip_suffix(')').and_then(|r| r.rsplit_once(" (")) else {
        draft.refuse(codes::SITE_BAD_HEADER, "no game in parentheses on the `Game ID:` line", span);
        return None;
    };
    let table = table.replace("(PRR)", "");
    let table = table.split_whitespace().collect::<Vec<_>>().join(" ");
    let play_money = table.starts_with("PM ");
    if table.contains("(Cap)") || table.contains(" CAP") {
        draft.refuse(
            codes::SITE_GAME_UNSUPPORTED,
            format!("a capped table (`{table}`): each player's bets are capped for the hand, which PHH cannot write"),
            span,
        );
        return None;
    }
    let limit = big_blind.map(|b| b == small && small != big);
    match old_game(game_text, limit) {
        Ok(game) => Some(OldHeader { id, stakes: (small, big), table, play_money, game }),
        Err((code, message)) => {
            draft.refuse(code, message, span);
            None
        }
    }
}

/// The PokerStars game of a 2015–2018 hand's game (`Hold'em`, `Omaha HiLow`), fixed limit when
/// `limit`; why not when PHH has none or the betting is unknown.
fn old_game(game_text: &str, limit: Option<bool>) -> Result<&'static str, (&'static str, String)> {
    match (game_text, limit) {
        ("Hold'em", Some(true)) => Ok("Hold'em Limit"),
        ("Hold'em", Some(false)) => Ok("Hold'em No Limit"),
        ("Omaha", Some(false)) => Ok("Omaha Pot Limit"),
        ("Omaha HiLow", Some(true)) => Ok("Omaha Hi/Lo Limit"),
        ("Seven Cards Stud", _) => Ok("7 Card Stud Limit"),
        ("Seven Cards Stud HiLow", _) => Ok("7 Card Stud Hi/Lo Limit"),
        ("Hold'em" | "Omaha", None) => Err((
            codes::SITE_BAD_HEADER,
            format!("the betting of `{game_text}` is not written and no big blind is posted to tell it"),
        )),
        _ => Err((
            codes::SITE_GAME_UNSUPPORTED,
            format!(
                "PHH has no variant for WPN's {game_text} {}",
                match limit {
                    Some(true) => "fixed limit",
                    Some(false) => "no-limit or pot-limit (blinds of the second stake)",
                    None => "",
                }
            ),
        )),
    }
}

/// A 2015–2018 hand being read after its `Game ID:` line (its seats written as they come, its
/// play gathered in the PokerStars form).
#[derive(Default)]
struct OldHand {
    stud: bool,
    /// The big blind posted (a returning player posting more posts both blinds).
    big_blind: Option<Amount>,
    names: Vec<String>,
    body: Vec<(String, Span)>,
    street: Street,
    /// Cards received since the last betting line: per player, known cards and how many.
    dealing: Vec<(String, Vec<String>, usize)>,
    dealt_once: bool,
    stud_street: i64,
    in_summary: bool,
    /// The pot and the fees the summary states.
    total: Option<(Amount, Amount)>,
    shows: Vec<(String, String, Span)>,
    collects: Vec<(String, Amount, Span)>,
    summary_span: Span,
}

impl OldHand {
    /// Reads one line after the `Game ID:` line.
    fn line(&mut self, draft: &mut Draft, options: &Options, text: &str, span: Span) {
        if self.in_summary {
            self.summary_line(draft, text, span);
            return;
        }
        if let Some(seat) = text.strip_prefix("Seat ").filter(|_| self.body.is_empty()) {
            if !seat.ends_with(" is the button") {
                self.seat(draft, text, seat, span);
            }
            return;
        }
        if self.received(text) {
            return;
        }
        if !self.dealing.is_empty() {
            flush_deal(&mut self.body, &mut self.dealing, &mut self.dealt_once, self.stud, span);
        }
        if text == "------ Summary ------" {
            self.in_summary = true;
        } else if let Some(marker) = text.strip_prefix("*** ") {
            self.marker(draft, text, marker, span);
        } else if let Some(rest) = text.strip_prefix("Uncalled bet (") {
            let amount = rest.split(')').next().and_then(money::parse);
            let name = rest.split_once(" returned to ").map(|(_, n)| n.trim());
            match (amount, name) {
                (Some(a), Some(n)) if self.names.iter().any(|s| s == n) => {
                    self.street.returned(n, a);
                    self.body.push((format!("Uncalled bet ({a}) returned to {n}"), span));
                }
                _ => draft.bad_amount(text, span),
            }
        } else {
            self.action(draft, options, text, span);
        }
    }

    /// A line of the summary: the pot and its fees, each player's cards shown and collected.
    fn summary_line(&mut self, draft: &mut Draft, text: &str, span: Span) {
        if let Some(rest) = text.strip_prefix("Pot: ") {
            // `Pot: 7.85. Rake 0.15. JP fee 0.04`: the pot less every fee.
            let mut sum = Amount::ZERO;
            let mut fees = Amount::ZERO;
            for (i, part) in rest.split(". ").enumerate() {
                let value = part.rsplit(' ').next().map(|v| v.trim_end_matches('.')).and_then(money::parse);
                match value {
                    Some(v) => {
                        sum = money::plus(sum, v);
                        if i > 0 {
                            fees = money::plus(fees, v);
                        }
                    }
                    None => draft.bad_amount(text, span),
                }
            }
            self.total = Some((sum, fees));
            self.summary_span = span;
            return;
        }
        let player = text.strip_prefix('*').unwrap_or(text);
        let Some((name, said)) = player.strip_prefix("Player ").and_then(|rest| named(&self.names, rest))
        else {
            return;
        };
        if let Some(shown) = said.strip_prefix("shows: ")
            && let Some(cards) = relay::bracket_cards(shown)
        {
            self.shows.push((name.to_owned(), cards, span));
        }
        let collected = said
            .split_once("Collects: ")
            .and_then(|(_, c)| money::parse(c.split(". ").next()?.trim_end_matches('.')));
        match collected {
            Some(c) if !c.is_zero() => self.collects.push((name.to_owned(), c, span)),
            Some(_) => {}
            None => draft.refuse(codes::SITE_BAD_AMOUNT, format!("no `Collects:` in `{text}`"), span),
        }
    }

    /// `Seat 2: NAME (5.05).`: written as it comes.
    fn seat(&mut self, draft: &mut Draft, text: &str, seat: &str, span: Span) {
        let parsed = seat.split_once(": ").and_then(|(n, rest)| {
            let rest = rest.strip_suffix('.').unwrap_or(rest);
            let open = rest.rfind(" (")?;
            Some((n.parse::<i64>().ok()?, &rest[..open], money::parse(rest[open + 2..].strip_suffix(')')?)?))
        });
        match parsed {
            Some((_, name, _)) if name.trim().is_empty() => {
                draft.refuse(
                    codes::SITE_BAD_SEAT,
                    "a seat with no name (the client wrote an empty name): its lines cannot be told apart",
                    span,
                );
            }
            Some((number, name, stack)) => {
                draft.push(relay::seat_line(number, name, stack), span);
                self.names.push(name.to_owned());
            }
            None => draft.refuse(codes::SITE_BAD_SEAT, format!("unreadable seat `{text}`"), span),
        }
    }

    /// `Player NAME received a card.`, `Player NAME received card: [Ah]`: gathered until the next
    /// betting line; whether the line was one.
    fn received(&mut self, text: &str) -> bool {
        let received =
            text.strip_prefix("Player ").and_then(|r| named(&self.names, r)).and_then(|(name, said)| {
                if said == "received a card." {
                    Some((name, None))
                } else {
                    said.strip_prefix("received card: ").map(|c| (name, relay::bracket_cards(c)))
                }
            });
        let Some((name, card)) = received else {
            return false;
        };
        let at = match self.dealing.iter().position(|d| d.0 == name) {
            Some(at) => at,
            None => {
                self.dealing.push((name.to_owned(), Vec::new(), 0));
                self.dealing.len() - 1
            }
        };
        self.dealing[at].2 += 1;
        if let Some(card) = card {
            self.dealing[at].1.push(card);
        }
        true
    }

    /// `*** FLOP ***: [..]`, stud's `*** Third street ***` (one street late).
    fn marker(&mut self, draft: &mut Draft, text: &str, marker: &str, span: Span) {
        let (name, cards) = marker.split_once(" ***").unwrap_or((marker, ""));
        let cards = cards.trim_start_matches(':').trim();
        let stars = match name {
            "FLOP" | "TURN" | "RIVER" => format!("*** {name} *** {cards}"),
            "Third street" | "Fourth street" | "Fifth street" | "Sixth street" if self.stud => {
                // One street late: `Third street` opens 4th street.
                self.stud_street += 1;
                match self.stud_street {
                    7 => "*** RIVER ***".to_owned(),
                    n => format!("*** {n}th STREET ***"),
                }
            }
            _ => {
                draft.refuse(codes::SITE_UNKNOWN_LINE, format!("unknown street marker `{text}`"), span);
                return;
            }
        };
        self.street.next();
        self.body.push((stars.trim_end().to_owned(), span));
    }

    /// `Player NAME calls (0.05)` and the like.
    fn action(&mut self, draft: &mut Draft, options: &Options, text: &str, span: Span) {
        let Some((name, said)) = text.strip_prefix("Player ").and_then(|r| named(&self.names, r)) else {
            if text.starts_with("Player ") {
                draft.refuse(
                    codes::SITE_UNKNOWN_PLAYER,
                    format!("`{text}`: a player with no seat line (or no name) acts"),
                    span,
                );
            } else {
                draft.unknown(options, text, span);
            }
            return;
        };
        let amount = paren_amount(said);
        let verb = said.split(" (").next().unwrap_or(said).trim();
        let stars = match (verb, amount) {
            ("folds", _) => format!("{name}: folds"),
            ("checks", _) => format!("{name}: checks"),
            ("calls" | "bets" | "raises" | "allin", Some(a)) => {
                let added = self.street.add(name, a);
                let mut line = relay::added_text(name, &added);
                if verb == "allin" {
                    line.push_str(" and is all-in");
                }
                line
            }
            ("caps", _) => return draft.refuse(codes::SITE_GAME_UNSUPPORTED, capped(text), span),
            ("allin", None) => {
                let message = format!(
                    "`{text}`: {name} disconnected and was declared all in without putting their \
                     chips in (the site's disconnect protection); PHH has no notation for a player \
                     all in with chips behind"
                );
                return draft.refuse(codes::SITE_DISCONNECT_PROTECTION, message, span);
            }
            (
                "mucks cards" | "sitting out" | "wait BB" | "is timed out." | "is disconnected and ALL IN.",
                _,
            ) => {
                return;
            }
            (_, Some(a)) => match self.post(name, verb, a) {
                Some(line) => line,
                None => return draft.unreadable_action(name, text, span),
            },
            _ => return draft.unreadable_action(name, text, span),
        };
        self.body.push((stars, span));
    }

    /// A post (`has small blind (0.01)`, `posts (0.05)`, `straddle`, `ante`, `bring in`) in the
    /// PokerStars words; `None` when `verb` is none.
    fn post(&mut self, name: &str, verb: &str, a: Amount) -> Option<String> {
        Some(match verb {
            "has small blind" => {
                self.street.post(name, a);
                format!("{name}: posts small blind {a}")
            }
            "has big blind" => {
                self.street.post(name, a);
                format!("{name}: posts big blind {a}")
            }
            "posts" => {
                // A returning player's post: the big blind live, or both blinds.
                self.street.post(name, a);
                if self.big_blind.is_some_and(|b| a > b) {
                    format!("{name}: posts small & big blinds {a}")
                } else {
                    format!("{name}: posts big blind {a}")
                }
            }
            "straddle" => {
                self.street.post(name, a);
                format!("{name}: posts straddle {a}")
            }
            "ante" => {
                self.street.dead(a);
                format!("{name}: posts the ante {a}")
            }
            "bring in" => {
                self.street.post(name, a);
                format!("{name}: brings in for {a}")
            }
            _ => return None,
        })
    }

    /// After the last line: the play, the showdown, the payouts and the summary written.
    fn finish(mut self, draft: &mut Draft) {
        if !self.dealing.is_empty() {
            flush_deal(&mut self.body, &mut self.dealing, &mut self.dealt_once, self.stud, self.summary_span);
        }
        for (text, span) in self.body {
            draft.push(text, span);
        }
        if !self.shows.is_empty() {
            draft.push("*** SHOW DOWN ***", self.shows[0].2);
        }
        for (name, cards, span) in self.shows {
            draft.push(format!("{name}: shows [{cards}]"), span);
        }
        for (name, amount, span) in &self.collects {
            draft.push(format!("{name} collected {amount} from pot"), *span);
        }
        match self.total {
            Some((pot, rake)) => relay::summary_lines(draft, money::plus(pot, rake), rake, self.summary_span),
            None => {
                draft.refuse(codes::SITE_INCOMPLETE, "the hand has no `Pot: ...` summary", self.summary_span)
            }
        }
    }
}

/// A summary's seat line in PokerStars' words: `did not show and won $0.07` (a walk, paid in the
/// summary only) is `collected ($0.07)`, `showed [..] and won $5 with` is `won ($5) with`.
fn summary_seat(text: &str) -> String {
    let Some(at) = text.find(" won ") else {
        return text.to_owned();
    };
    let after = &text[at + 5..];
    let (amount, rest) = after.split_once(' ').unwrap_or((after, ""));
    if money::parse(amount).is_none() {
        return text.to_owned();
    }
    let before = &text[..at];
    let rest = if rest.is_empty() { String::new() } else { format!(" {rest}") };
    match before.strip_suffix(" did not show and") {
        Some(seat) => format!("{seat} collected ({amount}){rest}"),
        None => format!("{before} won ({amount}){rest}"),
    }
}

/// Why a capped game is refused.
fn capped(text: &str) -> String {
    format!("`{text}`: a capped table (each player's bets capped for the hand), which PHH cannot write")
}

/// Writes the cards dealt since the last betting line: `*** HOLE CARDS ***` (or stud's 3rd
/// street) the first time, then a `Dealt to` line per player whose cards are known (the up cards
/// in stud).
fn flush_deal(
    body: &mut Vec<(String, Span)>,
    dealing: &mut Vec<(String, Vec<String>, usize)>,
    dealt_once: &mut bool,
    stud: bool,
    span: Span,
) {
    if !*dealt_once {
        *dealt_once = true;
        body.push((if stud { "*** 3rd STREET ***" } else { "*** HOLE CARDS ***" }.to_owned(), span));
    }
    for (name, cards, count) in dealing.drain(..) {
        if !cards.is_empty() && (stud || cards.len() == count) {
            body.push((format!("Dealt to {name} [{}]", cards.join(" ")), span));
        }
    }
}

/// A 2019 hand: PokerStars' layout with WPN's words.
fn import_new(lines: &[Line], draft: &mut Draft, options: &Options) {
    let first = &lines[0];
    if !new_header_line(draft, first) {
        return;
    }
    let mut rest = relay::said_lines(lines);
    let Some((text, table_span)) = rest.next() else {
        draft.refuse(codes::SITE_INCOMPLETE, "the hand ends after its header", first.span);
        return;
    };
    // `St. Lucie 6-max Seat #1 is the button`, `Gorham 8-max`.
    let (name, tail) = match text.rsplit_once(" Seat #") {
        Some((before, button)) => (before, format!(" Seat #{button}")),
        None => (text, String::new()),
    };
    let (name, max) = match name.rsplit_once(' ').filter(|(_, m)| m.ends_with("-max")) {
        Some((n, m)) => (n, format!(" {m}")),
        None => (name, String::new()),
    };
    draft.push(format!("Table '{name}'{max}{tail}"), table_span);
    let names: Vec<String> = lines
        .iter()
        .filter_map(|l| {
            let rest = l.text.trim().strip_prefix("Seat ")?.split_once(": ")?.1;
            let open = rest.rfind(" (")?;
            rest[open..].contains(')').then(|| rest[..open].to_owned())
        })
        .collect();
    let mut hand = NewHand { names, street: Street::default(), in_summary: false, run_twice: false };
    for (text, span) in rest {
        hand.line(draft, options, text, span);
    }
}

/// `Hand #78708209 - Omaha H/L(Fixed Limit) - $20.00/$40.00 - 2019/07/18 15:13:01 UTC` in the
/// PokerStars form; `false` (the hand refused) when it cannot be read or PHH has no variant for
/// its game.
fn new_header_line(draft: &mut Draft, first: &Line) -> bool {
    let Some((id, game_name, betting, stakes_text, date_text)) = new_header(first.text.trim()) else {
        draft.refuse(
            codes::SITE_BAD_HEADER,
            "unreadable `Hand #N - game - stakes - date` header",
            first.span,
        );
        return false;
    };
    let game = match (game_name, betting) {
        ("Holdem", "No Limit") => "Hold'em No Limit",
        ("Holdem", "Fixed Limit") => "Hold'em Limit",
        ("Omaha", "Pot Limit") => "Omaha Pot Limit",
        ("Omaha H/L", "Fixed Limit") => "Omaha Hi/Lo Limit",
        ("7Stud", "Fixed Limit") => "7 Card Stud Limit",
        ("7Stud H/L", "Fixed Limit") => "7 Card Stud Hi/Lo Limit",
        _ => {
            let message = format!("PHH has no variant for WPN's {game_name} {betting}");
            draft.refuse(codes::SITE_GAME_UNSUPPORTED, message, first.span);
            return false;
        }
    };
    let stakes = stakes_text.split_once('/').and_then(|(s, b)| Some((money::parse(s)?, money::parse(b)?)));
    let Some(stakes) = stakes else {
        draft.refuse(codes::SITE_BAD_HEADER, format!("unreadable stakes `{stakes_text}`"), first.span);
        return false;
    };
    let symbol = money::symbol_of(stakes_text);
    let header = StarsHeader::new("Winning", id, game, Some(stakes))
        .money(symbol, if symbol == Some('$') { Some("USD") } else { None })
        .date(relay::iso_date(date_text), date_text.split_whitespace().nth(2));
    draft.push(header.line(), first.span);
    true
}

/// A 2019 hand being read after its table line, each line written as it comes.
struct NewHand {
    names: Vec<String>,
    street: Street,
    in_summary: bool,
    run_twice: bool,
}

impl NewHand {
    /// Reads one line after the table line.
    fn line(&mut self, draft: &mut Draft, options: &Options, text: &str, span: Span) {
        if let Some(marker) = text.strip_prefix("*** ") {
            self.marker(draft, text, marker, span);
        } else if self.in_summary {
            if let Some(total) = text.strip_prefix("Total pot ") {
                // `Total pot $5 | Rake $0.1 | JP Fee $0.05`.
                let mut parts = total.split(" | ");
                let pot = parts.next().unwrap_or_default();
                relay::pot_and_fees(draft, pot, parts, span, |part| {
                    part.rsplit(' ').next().and_then(money::parse)
                });
            } else if let Some(board) = text.strip_prefix("Board ").filter(|b| b.starts_with('[')) {
                draft.push(format!("Board {board}"), span);
            } else if text.starts_with("Seat ") {
                draft.push(summary_seat(text), span);
            }
        } else if let Some(seat) = text.strip_prefix("Seat ") {
            // `Seat 1: NAME ($200.00)`, `Seat 4: NAME ($2.05) is sitting out`.
            let parsed = seat.split_once(": ").and_then(|(n, rest)| {
                let close = rest.rfind(')')?;
                let open = rest[..close].rfind(" (")?;
                Some((n.parse::<i64>().ok()?, &rest[..open], money::parse(&rest[open + 2..close])?))
            });
            match parsed {
                Some((number, name, stack)) => draft.push(relay::seat_line(number, name, stack), span),
                None => draft.refuse(codes::SITE_BAD_SEAT, format!("unreadable seat `{text}`"), span),
            }
        } else if text.starts_with("Dealt to ") {
            draft.push(text, span);
        } else if text.starts_with("Main pot ") || text.starts_with("Side pot") {
            // The summary's total says the pot.
        } else if let Some(rest) = text.strip_prefix("Uncalled bet (") {
            if let Some((a, n)) = rest.split_once(") returned to ")
                && let Some(amount) = money::parse(a)
            {
                self.street.returned(n.trim(), amount);
            }
            draft.push(text, span);
        } else if let Some((name, said)) = named(&self.names, text) {
            self.action(draft, name, said, text, span);
        } else {
            draft.unknown(options, text, span);
        }
    }

    /// A street's marker: written as it is (stud's 7th street as the river); a board run twice
    /// (`*** FLOP 2 ***`) refuses the hand.
    fn marker(&mut self, draft: &mut Draft, text: &str, marker: &str, span: Span) {
        let name = marker.split(" ***").next().unwrap_or_default();
        if name.ends_with(|c: char| c.is_ascii_digit()) {
            if !self.run_twice {
                self.run_twice = true;
                draft.refuse(
                    codes::SITE_RUN_IT_TWICE,
                    "the hand was run more than once: PHH deals one board per hand and pays one showdown",
                    span,
                );
            }
            return;
        }
        self.in_summary = name == "SUMMARY";
        self.street.next();
        if name == "7th STREET" {
            draft.push("*** RIVER ***", span);
        } else {
            draft.push(text, span);
        }
    }

    /// What `name` does (`said`, after the name), in the PokerStars words.
    fn action(&mut self, draft: &mut Draft, name: &str, said: &str, text: &str, span: Span) {
        let said = said.trim();
        let (said, all_in) = match said.strip_suffix(" and is all-in") {
            Some(s) => (s, " and is all-in"),
            None => (said, ""),
        };
        let amount = |t: &str| money::parse(t.split_whitespace().next().unwrap_or_default());
        let stars = if let Some(line) = self.post(name, said) {
            line
        } else if let Some(t) = said.strip_prefix("raises ") {
            let raised = match t.split_once(" to ") {
                Some((_, to)) => amount(to).map(|to| {
                    self.street.raise_to(name, to);
                    format!("{name}: {said}{all_in}")
                }),
                // `raises $30`: the chips added.
                None => amount(t)
                    .map(|a| format!("{}{all_in}", relay::added_text(name, &self.street.add(name, a)))),
            };
            let Some(line) = raised else { return draft.bad_amount(text, span) };
            line
        } else if let Some(a) =
            said.strip_prefix("calls ").or_else(|| said.strip_prefix("bets ")).and_then(amount)
        {
            self.street.add(name, a);
            format!("{name}: {said}{all_in}")
        } else if said.starts_with("caps ") {
            return draft.refuse(codes::SITE_GAME_UNSUPPORTED, capped(text), span);
        } else if said == "folds" || said == "checks" {
            format!("{name}: {said}")
        } else if said == "mucks" || said.starts_with("mucks ") {
            format!("{name}: mucks hand")
        } else if let Some(t) = said.strip_prefix("shows ") {
            let Some(cards) = relay::bracket_cards(t) else { return };
            format!("{name}: shows [{cards}]")
        } else if let Some(t) = said.strip_prefix("collected ") {
            if amount(t).is_none() {
                return draft.bad_amount(text, span);
            }
            format!("{name} collected {} from pot", t.split_whitespace().next().unwrap_or_default())
        } else if said == "does not show"
            || said.starts_with("sits out")
            || said.starts_with("is sitting out")
        {
            return;
        } else {
            return draft.unreadable_action(name, text, span);
        };
        draft.push(stars, span);
    }

    /// A post (`posts the small blind $0.01`, `posts dead`, `posts ante`, `brings in`) in the
    /// PokerStars words, the amount as written; `None` when `said` is none.
    fn post(&mut self, name: &str, said: &str) -> Option<String> {
        let amount = |t: &str| money::parse(t.split_whitespace().next().unwrap_or_default());
        let posts = [
            ("posts the small blind ", "posts small blind"),
            ("posts the big blind ", "posts big blind"),
            // A returning player's blinds: the small blind dead, the big blind live.
            ("posts dead ", "posts small & big blinds"),
            ("posts ante ", "posts the ante"),
            ("brings in ", "brings in for"),
        ];
        let (prefix, stars) =
            posts.into_iter().find(|(prefix, _)| said.strip_prefix(prefix).and_then(amount).is_some())?;
        let written = &said[prefix.len()..];
        let a = amount(written)?;
        if prefix == "posts ante " {
            self.street.dead(a);
        } else {
            self.street.post(name, a);
        }
        Some(format!("{name}: {stars} {written}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detection() {
        assert!(Winning::detect(
            "\u{feff}Game started at: 2016/8/2 10:50:44\n\nGame ID: 693967308 0.02/0.05 (PRR) Cyclops - 6 (Hold'em)\n"
        ));
        assert!(Winning::detect(
            "Hand #78708209 - Omaha H/L(Fixed Limit) - $20.00/$40.00 - 2019/07/18 15:13:01 UTC\n"
        ));
        assert!(!Winning::detect("Game started at: 2016/8/2 10:50:44\nSomething else\n"));
        assert!(!Winning::detect(
            "PokerStars Hand #1: Hold'em No Limit ($1/$2 USD) - 2021/03/04 5:06:07 ET\n"
        ));
        assert!(!Winning::detect("Hand #5 - a note - about - things\n"));
    }
}
