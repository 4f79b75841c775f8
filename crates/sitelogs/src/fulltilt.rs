//! Full Tilt Poker hand histories (`Full Tilt Poker Game #N: Table ... - $1/$2 - Limit Hold'em -
//! 20:26:12 ET - 2010/12/11`): [`Reader`] imports them to PHH hands, one [`Record`](crate::Record) per hand,
//! each replayed and checked against the stacks, winnings and rake the log states.
//!
//! Full Tilt's text is PokerStars' without the colons: `NAME raises to $2`, `NAME posts the big
//! blind of $1`, `NAME antes $0.50`, `Uncalled bet of $2 returned to NAME`, `NAME wins the pot
//! ($5.50)`, the button on its own line (`The button is in seat #5`), seats without `in chips`.
//! Each line is rewritten in the PokerStars form and the PokerStars importer builds, replays and
//! checks the hand. The client saved its logs as UTF-16 (read by [`crate::text`]); archives begin
//! with `BEGIN` or write `FullTiltPoker Game #`.
//!
//! Read: hold'em, pot-limit Omaha, Omaha hi/lo, stud, stud hi/lo, razz, 2-7 single and triple
//! draw, badugi, each hand of a mixed game; cash games in dollars and euros, play money (`5/10`,
//! `500K/1000K`), tournaments (`$10 + $1 Sit & Go (123), Table 1 - 15/30 - ...`), both date forms
//! (`20:26:12 ET - 2010/12/11` and 2010's `15:13 ET - Wed, July 21, 2010`), thousands separators,
//! names with spaces. Chat (`NAME: text`) and table traffic (`has 15 seconds left to act`, `sits
//! down`, `adds $2`) are skipped. A big blind posted by a player returning (`NAME posts $1`) is
//! live; `posts a dead small blind` is dead money.
//!
//! Refused per hand, each with a code: the games PHH cannot express (capped no-limit and pot-limit
//! `CAP` tables, 5- and 6-card Omaha, Courchevel, Irish, 5-card draw, A-5 triple draw), run it
//! twice (`*** FLOP 1 ***`), a hand whose seats state no stacks (an observer's archive), and
//! whatever the PokerStars importer refuses.
//!
//! ```
//! let log = "\
//! Full Tilt Poker Game #1: Table Vera (6 max) - NL Hold'em - $0.01/$0.02 - 08:55:55 ET - 2013/05/08
//! Seat 2: Ann ($2)
//! Seat 3: Bob Smith ($2)
//! Bob Smith posts the small blind of $0.01
//! Ann posts the big blind of $0.02
//! The button is in seat #3
//! *** HOLE CARDS ***
//! Bob Smith raises to $0.06
//! Ann folds
//! Uncalled bet of $0.04 returned to Bob Smith
//! Bob Smith mucks
//! Bob Smith wins the pot ($0.04)
//! *** SUMMARY ***
//! Total pot $0.04 | Rake $0
//! ";
//! let record = sitelogs::fulltilt::Reader::from_str(log, sitelogs::Options::default()).next().unwrap();
//! let hand = record.hand.unwrap();
//! assert_eq!(hand.venue.as_deref(), Some("Full Tilt Poker"));
//! assert_eq!(hand.finishing_stacks.unwrap()[1].to_string(), "2.02");
//! ```

use cards_core::{Amount, Span};

use crate::relay::{self, Draft, Relay, StarsHeader, TextReader, TextSite};
use crate::text::Line;
use crate::{Options, codes, money};

/// Streams the hands of a Full Tilt Poker log.
pub type Reader<R> = TextReader<R, FullTilt>;

/// Full Tilt Poker's text, for [`TextReader`].
#[derive(Debug)]
pub struct FullTilt;

/// The hand number and the rest of a header line.
fn split_header(line: &str) -> Option<(&str, &str)> {
    let line = line.trim_start_matches('\u{feff}').trim_start();
    let rest =
        line.strip_prefix("Full Tilt Poker Game #").or_else(|| line.strip_prefix("FullTiltPoker Game #"))?;
    let (id, rest) = rest.split_once(':')?;
    (!id.is_empty() && id.bytes().all(|b| b.is_ascii_digit())).then_some((id, rest))
}

impl TextSite for FullTilt {
    const VENUE: &'static str = "Full Tilt Poker";
    const DETECT_LINES: usize = 200;

    fn is_header(line: &str) -> bool {
        split_header(line).is_some()
    }

    /// An archive's `BEGIN` before its first hand, and a transcript's numbered separators.
    fn is_noise(line: &str) -> bool {
        line == "BEGIN" || is_separator(line)
    }
}

impl Relay for FullTilt {
    fn read(lines: &[Line], draft: &mut Draft, options: &Options) {
        import(lines, draft, options);
    }
}

/// `******************** # 2 *******************`: a transcript's separator between hands.
fn is_separator(line: &str) -> bool {
    let line = line.trim();
    line.starts_with("*****") && line.ends_with("*****") && line.contains('#')
}

/// Why a hand is refused.
#[derive(Debug)]
struct Refusal {
    code: &'static str,
    message: String,
}

fn bad_header(message: impl Into<String>) -> Refusal {
    Refusal { code: codes::SITE_BAD_HEADER, message: message.into() }
}

/// What the header says, beyond the PokerStars header line.
#[derive(Debug)]
struct Header {
    line: String,
    table: String,
    seat_count: Option<i64>,
    play_money: bool,
    symbol: Option<char>,
}

/// An amount as Full Tilt writes it: a symbol, thousands separators, and in play money's stakes
/// `K` and `M` (`500K/1000K`).
fn amount(text: &str) -> Option<Amount> {
    let text = text.trim();
    let (digits, scale) = match text.strip_suffix('K') {
        Some(d) => (d, 1_000),
        None => match text.strip_suffix('M') {
            Some(d) => (d, 1_000_000),
            None => (text, 1),
        },
    };
    let value = money::parse(digits)?;
    if scale == 1 { Some(value) } else { value.checked_mul(Amount::from_int(scale)).ok() }
}

/// The PokerStars name of a Full Tilt game; the error names a game PHH cannot express.
fn game(name: &str) -> Result<&'static str, Refusal> {
    let words: Vec<&str> = name.split_whitespace().collect();
    let name = words.join(" ");
    let (structure, rest) = match name.split_once(' ') {
        Some((s @ ("NL" | "No"), r)) if s == "NL" || r.starts_with("Limit ") => {
            ("NL", if s == "No" { &r[6..] } else { r })
        }
        Some((s @ ("PL" | "Pot"), r)) if s == "PL" || r.starts_with("Limit ") => {
            ("PL", if s == "Pot" { &r[6..] } else { r })
        }
        Some(("FL" | "Limit", r)) => ("FL", r),
        _ => ("FL", name.as_str()),
    };
    let stars = match (structure, rest) {
        ("NL", "Hold'em" | "Texas Hold'em") => Some("Hold'em No Limit"),
        ("FL", "Hold'em" | "Texas Hold'em") => Some("Hold'em Limit"),
        ("PL", "Omaha" | "Omaha Hi") => Some("Omaha Pot Limit"),
        ("FL", "Omaha Hi/Lo" | "Omaha H/L" | "Omaha 8 or better") => Some("Omaha Hi/Lo Limit"),
        ("FL", "Stud Hi" | "Stud" | "7 Card Stud") => Some("7 Card Stud Limit"),
        ("FL", "Stud H/L" | "Stud Hi/Lo" | "7 Card Stud Hi/Lo") => Some("7 Card Stud Hi/Lo Limit"),
        ("FL", "Razz") => Some("Razz Limit"),
        ("NL", "2-7 Single Draw") => Some("Single Draw 2-7 Lowball No Limit"),
        ("FL", "2-7 Triple Draw") => Some("Triple Draw 2-7 Lowball Limit"),
        ("FL", "Badugi") => Some("Badugi Limit"),
        _ => None,
    };
    stars.ok_or_else(|| Refusal {
        code: codes::SITE_GAME_UNSUPPORTED,
        message: format!("PHH has no variant for Full Tilt's {name}"),
    })
}

/// Whether a header segment is the game (its betting structure first).
fn is_game(segment: &str) -> bool {
    ["NL ", "PL ", "FL ", "No Limit ", "Pot Limit ", "Limit ", "CAP ", "Stud ", "Razz", "Badugi"]
        .iter()
        .any(|p| segment.starts_with(p))
        || segment.contains(" Cap ")
        || segment.split_once(' ').is_some_and(|(first, rest)| {
            // A capped game's buy-in before it: `$400 Pot Limit Omaha Hi`.
            amount(first).is_some() && (rest.starts_with("Pot Limit ") || rest.starts_with("No Limit "))
        })
}

/// `20:26:12 ET` or `15:13 ET`: hour, minute, second and zone.
fn time(segment: &str) -> Option<(u8, u8, u8, &str)> {
    let (clock, zone) = segment.split_once(' ')?;
    let mut parts = clock.split(':').map(str::parse::<u8>);
    let (h, m) = (parts.next()?.ok()?, parts.next()?.ok()?);
    let s = parts.next().unwrap_or(Ok(0)).ok()?;
    (h < 24 && m < 60 && s <= 60 && zone.chars().all(|c| c.is_ascii_uppercase())).then_some((h, m, s, zone))
}

/// `2010/12/11`, or 2010's `Wed, July 21, 2010`.
fn day(segment: &str) -> Option<(i64, i64, i64)> {
    let mut parts = segment.split('/').map(str::parse::<i64>);
    if let (Some(Ok(y)), Some(Ok(m)), Some(Ok(d)), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    {
        return ((1..=12).contains(&m) && (1..=31).contains(&d)).then_some((y, m, d));
    }
    let words: Vec<&str> = segment.split([' ', ',']).filter(|w| !w.is_empty()).collect();
    if let [_, month, d, y] = words.as_slice() {
        let m = crate::relay::month(month)?;
        let (d, y) = (d.parse().ok()?, y.parse().ok()?);
        return (1..=31).contains(&d).then_some((y, m, d));
    }
    None
}

/// Reads the header: `Full Tilt Poker Game #N: Table NAME (6 max) - $0.50/$1 - No Limit Hold'em -
/// 21:49:39 ET - 2009/02/26`, the stakes and game either way round, a tournament's `NAME (ID),
/// Table N - ...`, a second time in brackets (`[14:30:23 ET - 2013/05/24]`), `(partial)`.
fn header(line: &str) -> Result<Header, Refusal> {
    let (id, rest) = split_header(line).ok_or_else(|| bad_header("no `Full Tilt Poker Game #N:` header"))?;
    let mut rest = rest.trim();
    if let Some(open) = rest.rfind(" [")
        && rest.ends_with(']')
    {
        rest = rest[..open].trim_end();
    }
    if rest.ends_with("(partial)") {
        return Err(Refusal {
            code: codes::SITE_INCOMPLETE,
            message: "a partial hand (`(partial)`): Full Tilt wrote only its summary".to_owned(),
        });
    }
    let segments: Vec<&str> = rest.split(" - ").map(str::trim).collect();
    let (table_part, segments) = segments.split_first().ok_or_else(|| bad_header("an empty header"))?;
    let (event, table, seat_count) = table_of(table_part);
    let parts = Parts::read(segments)?;
    let game = header_game(parts.game.ok_or_else(|| bad_header("no game in the header"))?)?;
    let stakes_text = parts.stakes.ok_or_else(|| bad_header("no stakes in the header"))?;
    let unreadable = || bad_header(format!("unreadable stakes `{stakes_text}`"));
    let pair = stakes_text.split_whitespace().next().unwrap_or_default();
    let (small, big) = pair.split_once('/').ok_or_else(unreadable)?;
    let symbol = money::symbol_of(small);
    let stakes = (amount(small).ok_or_else(unreadable)?, amount(big).ok_or_else(unreadable)?);
    let (date, zone) = match (parts.date, parts.clock) {
        (Some((y, m, d)), Some((hh, mm, ss, zone))) => (Some((y, m, d, hh, mm, ss)), Some(zone)),
        _ => (None, None),
    };
    let out = StarsHeader::new("FullTilt", id, game, Some(stakes))
        .level(parts.level)
        .money(symbol, relay::currency(symbol))
        .event(event.map(tournament))
        .date(date, zone);
    let play_money = event.is_none() && symbol.is_none();
    Ok(Header { line: out.line(), table: table.to_owned(), seat_count, play_money, symbol })
}

/// The header's first part: the tournament (`NAME (ID), Table N`), the table's name, and its
/// seat count (`Lambie Dew 1 (6 max)`, `King of the Hill (heads up, deep)`).
fn table_of(table_part: &str) -> (Option<&str>, &str, Option<i64>) {
    let (event, table_part) = match table_part.rsplit_once(", Table ") {
        Some((event, table)) => (Some(event.trim()), table),
        None => (None, table_part.strip_prefix("Table ").unwrap_or(table_part)),
    };
    match table_part.strip_suffix(')').and_then(|t| t.rsplit_once(" (")) {
        Some((name, notes)) => {
            let count = notes.split(", ").find_map(|n| {
                if n == "heads up" {
                    Some(2)
                } else {
                    n.strip_suffix(" max").and_then(|c| c.trim().parse().ok())
                }
            });
            (event, name.trim(), count)
        }
        None => (event, table_part.trim(), None),
    }
}

/// The header's parts after the table, each told by its form.
#[derive(Default)]
struct Parts<'l> {
    clock: Option<(u8, u8, u8, &'l str)>,
    date: Option<(i64, i64, i64)>,
    game: Option<&'l str>,
    stakes: Option<&'l str>,
    level: Option<i64>,
}

impl<'l> Parts<'l> {
    fn read(segments: &[&'l str]) -> Result<Parts<'l>, Refusal> {
        let mut parts = Parts::default();
        for segment in segments.iter().copied() {
            if let Some(t) = time(segment) {
                parts.clock = Some(t);
            } else if let Some(d) = day(segment) {
                parts.date = Some(d);
            } else if is_game(segment) {
                parts.game = Some(segment);
            } else if let Some(level) = segment.strip_prefix("Level ") {
                parts.level = level.trim().parse().ok();
            } else if segment.split_whitespace().next().is_some_and(|w| w.contains('/')) {
                parts.stakes = Some(segment);
            } else {
                return Err(bad_header(format!("unreadable header part `{segment}`")));
            }
        }
        Ok(parts)
    }
}

/// The PokerStars game of the header's game part; a capped game is refused.
fn header_game(game_text: &str) -> Result<&'static str, Refusal> {
    if game_text.starts_with("CAP ")
        || game_text.contains(" Cap ")
        || game_text.split_once(' ').is_some_and(|(f, _)| amount(f).is_some())
    {
        return Err(Refusal {
            code: codes::SITE_GAME_UNSUPPORTED,
            message: format!(
                "Full Tilt's capped game `{game_text}` (each player's bets capped for the hand): PHH \
                 has no notation for a cap"
            ),
        });
    }
    game(game_text)
}

/// A tournament as the PokerStars header names it: `$10 + $1 Sit & Go (12345)` is
/// `Tournament #12345, $10 + $1 Sit & Go`.
fn tournament(event: &str) -> String {
    let number = event
        .strip_suffix(')')
        .and_then(|e| e.rsplit_once('('))
        .map(|(name, n)| (name.trim(), n))
        .filter(|(_, n)| n.bytes().all(|b| b.is_ascii_digit()));
    match number {
        Some((name, n)) => format!("Tournament #{n}, {name}"),
        None => format!("Tournament {event}"),
    }
}

/// The seated players' names, longest first (a name may hold spaces, or start another's).
fn seat_names(lines: &[Line]) -> Vec<String> {
    let mut names: Vec<String> = lines
        .iter()
        .take_while(|l| !l.text.starts_with("*** "))
        .filter_map(|l| seat(l.text.trim_end()).map(|(_, name, _, _)| name.to_owned()))
        .collect();
    names.sort_by_key(|n| std::cmp::Reverse(n.len()));
    names
}

/// `Seat 4: NAME ($66.50), is sitting out`: number, name, stack, and whether sitting out.
fn seat(text: &str) -> Option<(i64, &str, Amount, bool)> {
    let rest = text.strip_prefix("Seat ")?;
    let (number, rest) = rest.split_once(": ")?;
    let number = number.parse().ok()?;
    let (rest, out) = match rest.strip_suffix(", is sitting out") {
        Some(r) => (r, true),
        None => (rest, false),
    };
    let open = rest.rfind(" (")?;
    let stack = amount(rest[open + 2..].strip_suffix(')')?)?;
    Some((number, &rest[..open], stack, out))
}

/// The seated name `text` starts with, followed by a space, and the rest.
fn named<'t>(names: &[String], text: &'t str) -> Option<(&'t str, &'t str)> {
    names.iter().find_map(|n| {
        let rest = text.strip_prefix(n.as_str())?.strip_prefix(' ')?;
        Some((&text[..n.len()], rest))
    })
}

/// Lines about a player that say nothing of the hand's play.
const TRAFFIC: &[&str] = &[
    "seconds left to act",
    "has timed out",
    "sits down",
    "stands up",
    "has returned",
    "has reconnected",
    "has been disconnected",
    "is sitting out",
    "is low with ",
    "is high with ",
    "is feeling ",
    "has left the table",
    "leaves the table",
    "has requested",
    "is dealt ",
    "seconds to reconnect",
];

fn import(lines: &[Line], draft: &mut Draft, options: &Options) {
    let first = &lines[0];
    let header = match header(first.text.trim_end()) {
        Ok(h) => h,
        Err(Refusal { code, message }) => {
            draft.refuse(code, message, first.span);
            return;
        }
    };
    draft.push(header.line.clone(), first.span);
    draft.push(table_line(lines, &header), first.span);
    let dealt = lines
        .iter()
        .take_while(|l| !l.text.starts_with("*** SUMMARY"))
        .any(|l| ["*** HOLE CARDS", "*** 3RD STREET", "*** DEAL"].iter().any(|m| l.text.starts_with(m)));
    if !dealt {
        draft.refuse(
            codes::SITE_INCOMPLETE,
            "the hand was never dealt (no cards before the summary)",
            first.span,
        );
        return;
    }
    let names = seat_names(lines);
    if names.is_empty() {
        draft.refuse(
            codes::SITE_BAD_SEAT,
            "no seat line states a stack (an observer's archive): the hand cannot be checked",
            first.span,
        );
        return;
    }
    let mut play = Play {
        names,
        symbol: header.symbol.map(String::from),
        in_summary: false,
        third_street: false,
        run_twice: false,
    };
    for (text, span) in relay::said_lines(lines) {
        if is_separator(text) || text.starts_with("The button is in seat #") {
            continue;
        }
        play.line(draft, options, text, span);
    }
}

/// The table line in the PokerStars form.
fn table_line(lines: &[Line], header: &Header) -> String {
    let button = lines.iter().find_map(|l| {
        l.text.trim().strip_prefix("The button is in seat #").and_then(|n| n.parse::<i64>().ok())
    });
    let mut table = format!("Table '{}'", header.table);
    if let Some(n) = header.seat_count {
        table.push_str(&format!(" {n}-max"));
    }
    if header.play_money {
        table.push_str(" (Play Money)");
    }
    if let Some(b) = button {
        table.push_str(&format!(" Seat #{b} is the button"));
    }
    table
}

/// A hand's lines after the header, rewritten one by one.
struct Play {
    /// The seated players' names, longest first.
    names: Vec<String>,
    /// The currency symbol amounts are written with.
    symbol: Option<String>,
    in_summary: bool,
    third_street: bool,
    run_twice: bool,
}

impl Play {
    fn write(&self, a: Amount) -> String {
        money::write(a, self.symbol.as_deref())
    }

    /// One line (trimmed, not blank).
    fn line(&mut self, draft: &mut Draft, options: &Options, text: &str, span: Span) {
        if let Some(marker) = text.strip_prefix("*** ") {
            self.marker(draft, text, marker, span);
        } else if self.in_summary {
            if let Some(board) = text.strip_prefix("Board: ") {
                draft.push(format!("Board {board}"), span);
            } else if !text.starts_with("Duration ") {
                draft.push(text, span);
            }
        } else if let Some((number, name, stack, _)) = seat(text) {
            draft.push(format!("Seat {number}: {name} ({} in chips)", self.write(stack)), span);
        } else if text.starts_with("Dealt to ") {
            match text.split_once("] [").filter(|_| self.third_street) {
                // Stud's 3rd street: `[Td Jd] [As]`, the down cards then the up card, is one
                // deal in PokerStars' words (`[Td Jd As]`).
                Some((down, up)) => draft.push(format!("{down} {up}"), span),
                None => draft.push(text, span),
            }
        } else if let Some(rest) = text.strip_prefix("Uncalled bet of ") {
            match rest.split_once(" returned to ").and_then(|(a, n)| Some((amount(a)?, n))) {
                Some((a, name)) => {
                    draft.push(format!("Uncalled bet ({}) returned to {name}", self.write(a)), span)
                }
                None => draft.bad_amount(text, span),
            }
        } else if text.split_once(": ").is_some_and(|(who, _)| self.names.iter().any(|n| n == who)) {
            // Chat: Full Tilt writes no play after a colon.
        } else if let Some((name, action)) = named(&self.names, text) {
            match action_line(name, action, &|a| self.write(a)) {
                Ok(Some(stars)) => draft.push(stars, span),
                Ok(None) => {}
                Err(code) => {
                    draft.refuse(code, format!("a line about `{name}` cannot be read: `{text}`"), span)
                }
            }
        } else if !(text.contains(": ")
            || TRAFFIC.iter().any(|t| text.contains(t))
            || text.contains(" adds ")
            || text == "No low hand qualified"
            || (text.starts_with('(') && text.ends_with(')')))
        {
            // Skipped above: chat (`NAME: text`, an observer's too: Full Tilt writes no play
            // after a colon), a player joining the table, a low hand's cards written under its
            // show.
            draft.unknown(options, text, span);
        }
    }

    /// A street marker `*** NAME *** [cards]` (`marker`: the text after the first `*** `).
    fn marker(&mut self, draft: &mut Draft, text: &str, marker: &str, span: Span) {
        let name = marker.split(" ***").next().unwrap_or_default();
        let cards = marker.split_once(" ***").map_or("", |(_, c)| c);
        let cards = cards.split(" (").next().unwrap_or_default().trim();
        let stars = match name {
            "HOLE CARDS" | "SHOW DOWN" | "SUMMARY" | "DRAW" | "FIRST DRAW" | "SECOND DRAW" | "THIRD DRAW" => {
                format!("*** {name} ***")
            }
            "FLOP" | "TURN" | "RIVER" => format!("*** {name} *** {cards}"),
            "3RD STREET" => "*** 3rd STREET ***".to_owned(),
            "4TH STREET" | "5TH STREET" | "6TH STREET" => format!("*** {} ***", name.replace("TH", "th")),
            "7TH STREET" => "*** RIVER ***".to_owned(),
            _ if name.ends_with(|c: char| c.is_ascii_digit()) => {
                if !self.run_twice {
                    self.run_twice = true;
                    draft.refuse(
                        codes::SITE_RUN_IT_TWICE,
                        "the hand was run more than once: PHH deals one board per hand and pays \
                         one showdown",
                        span,
                    );
                }
                return;
            }
            _ => {
                draft.refuse(codes::SITE_UNKNOWN_LINE, format!("unknown street marker `{text}`"), span);
                return;
            }
        };
        self.in_summary = name == "SUMMARY";
        self.third_street = name == "3RD STREET";
        draft.push(stars.trim_end(), span);
    }
}

/// One action after `NAME `, in the PokerStars words; `None` for a line that says nothing of the
/// play.
fn action_line(
    name: &str,
    action: &str,
    write: &dyn Fn(Amount) -> String,
) -> Result<Option<String>, &'static str> {
    let action = action.trim();
    let action = action
        .strip_suffix(", and is all in")
        .or_else(|| action.strip_suffix(", and is capped"))
        .unwrap_or(action);
    let amount_of =
        |t: &str| amount(t.split_whitespace().next().unwrap_or_default()).ok_or(codes::SITE_BAD_AMOUNT);
    if TRAFFIC.iter().any(|t| action.contains(t)) || action.starts_with("adds ") {
        return Ok(None);
    }
    let stars = match action {
        "folds" | "checks" | "stands pat" => format!("{name}: {action}"),
        "mucks" => format!("{name}: mucks hand"),
        _ => {
            if let Some(t) = action.strip_prefix("posts the small blind of ") {
                format!("{name}: posts small blind {}", write(amount_of(t)?))
            } else if let Some(t) = action.strip_prefix("posts the big blind of ") {
                format!("{name}: posts big blind {}", write(amount_of(t)?))
            } else if let Some(t) = action.strip_prefix("posts a dead small blind of ") {
                // Dead money: out of position, the PokerStars importer makes it an ante.
                format!("{name}: posts small blind {}", write(amount_of(t)?))
            } else if let Some(t) = action.strip_prefix("posts ") {
                // A returning player's big blind, posted wherever they sit: live.
                format!("{name}: posts big blind {}", write(amount_of(t)?))
            } else if let Some(t) = action.strip_prefix("antes ") {
                format!("{name}: posts the ante {}", write(amount_of(t)?))
            } else if let Some(t) = action.strip_prefix("brings in for ") {
                format!("{name}: brings in for {}", write(amount_of(t)?))
            } else if let Some(t) = action.strip_prefix("completes it to ") {
                format!("{name}: completes it to {}", write(amount_of(t)?))
            } else if let Some(t) = action.strip_prefix("raises to ") {
                let to = write(amount_of(t)?);
                format!("{name}: raises {to} to {to}")
            } else if let Some(t) = action.strip_prefix("calls ") {
                format!("{name}: calls {}", write(amount_of(t)?))
            } else if let Some(t) = action.strip_prefix("bets ") {
                format!("{name}: bets {}", write(amount_of(t)?))
            } else if action.starts_with("stands pat on ") {
                format!("{name}: stands pat")
            } else if let Some(t) = action.strip_prefix("discards ") {
                // `discards 2 cards [Ah Kd]`, `discards [Ah]`.
                match t.strip_prefix('[') {
                    Some(cards) => {
                        let count = cards.trim_end_matches(']').split_whitespace().count();
                        let plural = if count == 1 { "card" } else { "cards" };
                        format!("{name}: discards {count} {plural} [{cards}")
                    }
                    None => format!("{name}: discards {t}"),
                }
            } else if let Some(t) = action.strip_prefix("shows ") {
                if !t.starts_with('[') {
                    // `shows two pair, ...`: the hand's name, no cards.
                    return Ok(None);
                }
                let close = t.find(']').ok_or(codes::SITE_BAD_CARDS)?;
                format!("{name}: shows {}", &t[..=close])
            } else if action.starts_with("wins ") || action.starts_with("ties for ") {
                // `wins the pot ($5.50)`, `wins side pot #1 ($2)`, `ties for the high pot ($1)`.
                let open = action.find('(').ok_or(codes::SITE_BAD_AMOUNT)?;
                let inner = action[open + 1..].split(')').next().unwrap_or_default();
                format!("{name} collected {} from pot", write(amount(inner).ok_or(codes::SITE_BAD_AMOUNT)?))
            } else {
                return Err(codes::SITE_UNREADABLE_ACTION);
            }
        }
    };
    Ok(Some(stars))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(line: &str) -> Result<String, String> {
        header(line).map(|h| h.line).map_err(|r| r.message)
    }

    #[test]
    fn headers() {
        assert_eq!(
            h("Full Tilt Poker Game #26321049583: Table Slaw - $1/$2 - Limit Hold'em - 20:26:12 ET - 2010/12/11")
                .unwrap(),
            "FullTilt Hand #26321049583: Hold'em Limit ($1/$2 USD) - 2010/12/11 20:26:12 ET"
        );
        assert_eq!(
            h("Full Tilt Poker Game #3: Table Vera (6 max) - NL Hold'em - $0.01/$0.02 - 08:55:55 UTC - 2013/05/24 [14:30:23 ET - 2013/05/24]").unwrap(),
            "FullTilt Hand #3: Hold'em No Limit ($0.01/$0.02 USD) - 2013/05/24 8:55:55 UTC"
        );
        assert_eq!(
            h("Full Tilt Poker Game #4: Table Flash - $0.02/$0.05 - No Limit Hold'em - 15:13 ET - Wed, July 21, 2010").unwrap(),
            "FullTilt Hand #4: Hold'em No Limit ($0.02/$0.05 USD) - 2010/07/21 15:13:00 ET"
        );
        assert_eq!(
            h("Full Tilt Poker Game #5: $10 + $1 Sit & Go (123), Table 1 - 15/30 - No Limit Hold'em - 10:53:46 ET - 2008/07/22").unwrap(),
            "FullTilt Hand #5: Tournament #123, $10 + $1 Sit & Go Hold'em No Limit (15/30) - 2008/07/22 10:53:46 ET"
        );
        let stud = header("FullTiltPoker Game #6: Table Hagan - $3/$6 Ante $0.50 - Limit Stud Hi - 12:06:20 ET - 2010/06/11").unwrap();
        assert_eq!(stud.line, "FullTilt Hand #6: 7 Card Stud Limit ($3/$6 USD) - 2010/06/11 12:06:20 ET");
        let play = header("Full Tilt Poker Game #7: Table King (heads up, deep) - 500K/1000K - No Limit Hold'em - 21:40:27 ET - 2011/04/15").unwrap();
        assert!(play.play_money && play.seat_count == Some(2), "{play:?}");
        assert!(play.line.contains("(500000/1000000)"), "{}", play.line);
        for refused in [
            "Full Tilt Poker Game #8: Table T - PL 5 Card Omaha Hi - 5/10 - 12:00:00 ET - 2013/05/01",
            "Full Tilt Poker Game #8: Table T - $25/$50 - $2,000 Cap Pot Limit Omaha Hi - 12:00:00 ET - 2011/02/01",
            "Full Tilt Poker Game #8: Table T - CAP NL Hold'em - $0.01/$0.02 - 12:00:00 ET - 2013/05/01",
            "Full Tilt Poker Game #8: Table T - $5/$10 - $400 Pot Limit Omaha Hi - 12:00:00 ET - 2010/10/01",
            "Full Tilt Poker Game #8: Table T - $2/$4 - No Limit Irish - 12:00:00 ET - 2013/04/01",
        ] {
            assert_eq!(
                header(refused).err().map(|r| r.code),
                Some(codes::SITE_GAME_UNSUPPORTED),
                "{refused}"
            );
        }
    }

    #[test]
    fn detection() {
        assert!(FullTilt::detect(
            "\u{feff}Full Tilt Poker Game #1: Table T - $1/$2 - Limit Hold'em - 1:02:03 ET - 2010/01/01\n"
        ));
        assert!(FullTilt::detect("BEGIN\nFullTiltPoker Game #656000081: Table Keifer (6 max) - ...\n"));
        assert!(!FullTilt::detect(
            "PokerStars Hand #1: Hold'em No Limit ($1/$2 USD) - 2021/03/04 5:06:07 ET\n"
        ));
        assert!(!FullTilt::detect(
            "Full Tilt Poker Game #abc: nothing\nsome text about Full Tilt Poker Game #1"
        ));
    }
}
