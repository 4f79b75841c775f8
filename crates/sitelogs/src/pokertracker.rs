//! PokerTracker's text exports of other sites' hands: [`Reader`] imports them to PHH hands, one
//! [`Record`](crate::Record) per hand, each replayed and checked against what the export states. The hands are the
//! sites' (PHH's `venue` names the site that dealt them); the text is PokerTracker's, in layouts
//! of its own, told apart by their first line:
//!
//! - **Everest** (`EverestPoker Game #6450768434: Table Moroni-1 - $0.50/$1 - No Limit Hold'em -
//!   22:33:12 - 2011/01/02`; a tournament's `Tourney ID: N, ` before the table): PokerStars' words
//!   for the play (`posts the small blind of $0.50`, `raises to $5.50`, `calls $1.00 and is
//!   all-in`, `Uncalled bet of $7.00 returned to NAME`), seats as `Seat 1: NAME ($94.15)`, the
//!   button as `The button is in seat #7` after the blinds, a new or returning player's post as
//!   `posts the dead blind of $1.00` (a live big blind: the poster may check) or `posts the dead
//!   blind of $0.50` then `posts $1.00` (the small blind dead, the big blind live), the showdown
//!   (`shows [..]`, `mucked [..]`) before the summary and again in it once per pot, and the summary
//!   only `NAME collects $12.85` per pot, paid after a rake the export does not state (it is what
//!   went in less what was paid out, checked as a rake).
//! - **iPoker and Merge** (`GAME #2978859505: Texas Hold'em  NL $0.05/$0.10 2011-10-12 02:52:19`,
//!   `GAME #8162156892 Version:18.5.6.4 Uncalled:Y Texas Hold'em NL €0.01/€0.02 2018-12-26
//!   22:40:05/GMT`, `GAME #4999408769: Omaha 50/100 - 2013-08-01 22:16:18`, `MERGE_GAME
//!   #3047310402797: Texas Hold'em NL $0.50/$1 01/01/2011 12:01:23` (month first), `Merge Game
//!   #80256693-236 | Holdem NL ($0.02/$0.04) | 12/05/2014 17:08:49 EST | Version:2`), then `Table
//!   NAME[ (N)][, Seats 6]`, seats as `Seat 1: NAME ($2.87 in chips)[ DEALER]`, and the play as
//!   `NAME: Action`: `Post SB $0.05`, `Post BB $0.10` (the small and big blind together when it is
//!   both), `Post DB $0.35` (a returning player's post: both blinds, the big blind, or the small
//!   blind dead, by its amount), `SB $50.00`, `Fold`, `Check`, `Call $0.10` and `Bet $1.50` (the
//!   chips added), `Raise $4.50` and `Raise (NF) $0.40` (the round's total raised to), `Allin
//!   $36.49` and the archive form's `Raise to $250.00` (the chips added); cards in iPoker's order, suit first (`[H10 SK
//!   S5]`, `[d6 sJ h10]`), or rank first (Merge's `[Ks 8s]`), a board street written whole (`***
//!   TURN *** [D3 SK C3 DQ]`); the summary's `Total pot $0.24 Rake $0.01` (the pot after the
//!   rake), `NAME: Shows [..]`, `NAME: Mucks [..]` and `NAME: wins $0.24`. The uncalled bet is not
//!   written: what each winner is paid includes it, unless the header says `Uncalled:Y` (then it
//!   is left out); Merge's later export pays it on its own line (`wins $0.04 (uncalled)`).
//!   PokerTracker writes an all-in call for less than the bet as `Raise` with the chips added
//!   (`Raise $31.10` after a raise to $112.70): read as the call it is, with
//!   [`SITE_EXPORT_RAISE_AS_CALL`](crate::codes::SITE_EXPORT_RAISE_AS_CALL) (an error under
//!   `strict`).
//! - **Microgaming** (`** Game ID 4152594215 starting - 2011-11-02 23:08:51`, `** Hand #
//!   5870377181 starting - ...`): detected, and each hand refused with
//!   [`SITE_EXPORT_NOT_READ`](crate::codes::SITE_EXPORT_NOT_READ): its raises are written as the
//!   chips added in one version (`raised - €75.00`) and as the total in another (`raised to
//!   €1.75`), with nothing in the text to tell which a hand uses.
//!
//! Refused per hand with a code: the games PHH cannot express
//! ([`SITE_GAME_UNSUPPORTED`](crate::codes::SITE_GAME_UNSUPPORTED)), a player declared all in on
//! disconnecting with chips behind (`has been disconnected, and is allin`:
//! [`SITE_DISCONNECT_PROTECTION`](crate::codes::SITE_DISCONNECT_PROTECTION)).
//!
//! ```
//! let log = "\
//! EverestPoker Game #7: Table Paris - $0.50/$1 - No Limit Hold'em - 22:33:12 - 2011/01/02
//! Seat 1: Ann ($100)
//! Seat 2: Bob ($100)
//! Ann posts the small blind of $0.50
//! Bob posts the big blind of $1.00
//! The button is in seat #1
//! *** HOLE CARDS ***
//! Ann raises to $3.00
//! Bob folds
//! Uncalled bet of $2.00 returned to Ann
//! *** SUMMARY ***
//! Ann collects $2.00
//! ";
//! let record = sitelogs::pokertracker::Reader::from_str(log, sitelogs::Options::default()).next().unwrap();
//! let hand = record.hand.unwrap();
//! assert_eq!(hand.venue.as_deref(), Some("Everest"));
//! let ann = hand.players.as_ref().unwrap().iter().position(|p| p == "Ann").unwrap();
//! assert_eq!(hand.finishing_stacks.unwrap()[ann].to_string(), "101.00");
//! ```

use cards_core::{Amount, Span};

use crate::relay::{self, Draft, Relay, StarsHeader, Street, TextReader, TextSite};
use crate::text::Line;
use crate::{Options, codes, money};

/// Streams the hands of a PokerTracker export.
pub type Reader<R> = TextReader<R, PokerTracker>;

/// PokerTracker's export text, for [`TextReader`].
#[derive(Debug)]
pub struct PokerTracker;

impl TextSite for PokerTracker {
    const VENUE: &'static str = "PokerTracker";
    const DETECT_LINES: usize = 20;

    fn is_header(line: &str) -> bool {
        layout(line).is_some()
    }

    fn no_header_message() -> String {
        "text outside any hand: no PokerTracker export hand header (`EverestPoker Game #N:`, `GAME #N`, \
         `MERGE_GAME #N`, `** Game ID N starting`) before it"
            .to_owned()
    }
}

impl Relay for PokerTracker {
    fn read(lines: &[Line], draft: &mut Draft, options: &Options) {
        let first = &lines[0];
        let Some(layout) = layout(&first.text) else {
            draft.refuse(codes::SITE_BAD_HEADER, "no PokerTracker hand header", first.span);
            return;
        };
        if layout == Layout::Microgaming {
            draft.refuse(
                codes::SITE_EXPORT_NOT_READ,
                "PokerTracker's export of a Microgaming hand (`** Game ID N starting`): not read, \
                 its raises are written as the chips added in some versions and as the total in \
                 others, with nothing to tell which",
                first.span,
            );
            return;
        }
        draft.venue(layout.venue());
        if let Some(id) = import(layout, lines, draft, options) {
            // The hand number as written (`53094604-134`).
            draft.hand_id(id);
        }
    }
}

/// The export layouts, by the site whose hands they hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Layout {
    /// `EverestPoker Game #N: Table ...`.
    Everest,
    /// `GAME #N...`.
    IPoker,
    /// `MERGE_GAME #N: ...` and `Merge Game #N-M | ...`.
    Merge,
    /// `** Game ID N starting` and `** Hand # N starting`: refused.
    Microgaming,
}

impl Layout {
    fn venue(self) -> &'static str {
        match self {
            Layout::Everest => "Everest",
            Layout::IPoker => "iPoker",
            Layout::Merge => "Merge",
            Layout::Microgaming => "Microgaming",
        }
    }
}

/// The layout a hand's first line opens, if it opens one.
fn layout(line: &str) -> Option<Layout> {
    let line = line.trim_start_matches('\u{feff}').trim();
    let digits_then = |rest: &str, ends: &[char]| {
        let end = rest.find(|c: char| !c.is_ascii_digit() && c != '-').unwrap_or(rest.len());
        end > 0 && rest[end..].starts_with(ends)
    };
    if let Some(rest) = line.strip_prefix("EverestPoker Game #") {
        return digits_then(rest, &[':']).then_some(Layout::Everest);
    }
    if let Some(rest) = line.strip_prefix("GAME #") {
        return digits_then(rest, &[':', ' ']).then_some(Layout::IPoker);
    }
    if let Some(rest) = line.strip_prefix("MERGE_GAME #").or_else(|| line.strip_prefix("Merge Game #")) {
        return digits_then(rest, &[':', ' ']).then_some(Layout::Merge);
    }
    if let Some(rest) = line.strip_prefix("** Game ID ").or_else(|| line.strip_prefix("** Hand # ")) {
        let words: Vec<&str> = rest.split_whitespace().collect();
        let numbered = words.first().is_some_and(|w| w.bytes().all(|b| b.is_ascii_digit()));
        return (numbered && words.contains(&"starting")).then_some(Layout::Microgaming);
    }
    None
}

/// `(year, month, day, hour, minute, second)`.
type DateTime = (i64, i64, i64, u8, u8, u8);

/// What a hand's first line says.
#[derive(Debug, PartialEq)]
struct Header {
    /// The hand number as written.
    id: String,
    /// The tournament number (`Tourney ID: N`).
    tournament: Option<String>,
    /// The table, when the first line names it (Everest).
    table: Option<String>,
    /// The PokerStars game name, or the export's words when PHH has no variant for them.
    game: Result<&'static str, String>,
    stakes: (Amount, Amount),
    symbol: Option<char>,
    date: Option<DateTime>,
    zone: Option<String>,
    /// `Uncalled:Y`: the winners' amounts leave the uncalled bet out.
    uncalled_apart: bool,
}

/// The PokerStars game for the export's limit and game words.
fn game(limit: &str, name: &str) -> Result<&'static str, String> {
    let limit = match limit {
        "NL" | "No Limit" => "NL",
        "PL" | "Pot Limit" => "PL",
        "FL" | "Limit" | "LIMIT" => "FL",
        other => other,
    };
    Ok(match (limit, name) {
        ("NL", "Hold'em" | "Texas Hold'em" | "Holdem") => "Hold'em No Limit",
        ("FL", "Hold'em" | "Texas Hold'em" | "Holdem") => "Hold'em Limit",
        ("PL", "Omaha" | "Omaha Hi") => "Omaha Pot Limit",
        ("FL", "Omaha Hi/Lo") => "Omaha Hi/Lo Limit",
        _ => return Err(format!("{name} {limit}").trim().to_owned()),
    })
}

/// `$0.50/$1`: the two stakes and their symbol.
fn stakes(text: &str) -> Option<((Amount, Amount), Option<char>)> {
    let (small, big) = text.split_once('/')?;
    Some(((money::parse(small)?, money::parse(big)?), money::symbol_of(small)))
}

/// `22:33:12` and `2011/01/02` (Everest), `2011-10-12 02:52:19[/GMT]`, `01/01/2011 12:01:23`
/// (month first).
fn date(day: &str, time: &str) -> Option<DateTime> {
    let time = time.split_once('/').map_or(time, |(t, _)| t);
    let parts: Vec<&str> = day.split(['-', '/']).collect();
    let day = match parts.as_slice() {
        [y, m, d] if y.len() == 4 => format!("{y}-{m}-{d}"),
        [m, d, y] if y.len() == 4 => format!("{y}-{m}-{d}"),
        _ => return None,
    };
    relay::iso_date(&format!("{day} {time}"))
}

/// `EverestPoker Game #6450768434: [Tourney ID: 1, ]Table Moroni-1 - $0.50/$1 - No Limit Hold'em
/// - 22:33:12 - 2011/01/02`.
fn everest_header(line: &str) -> Option<Header> {
    let rest = line.trim_start_matches('\u{feff}').trim().strip_prefix("EverestPoker Game #")?;
    let (id, rest) = rest.split_once(':')?;
    let mut rest = rest.trim();
    let mut tournament = None;
    if let Some(t) = rest.strip_prefix("Tourney ID: ") {
        let (number, after) = t.split_once(", ")?;
        tournament = Some(number.trim().to_owned());
        rest = after;
    }
    let parts: Vec<&str> = rest.rsplitn(5, " - ").collect();
    let [day, time, game_words, stake_text, table] = parts.as_slice() else { return None };
    let table = table.strip_prefix("Table ")?.trim().to_owned();
    let (structure, name) = ["No Limit ", "Pot Limit ", "Limit "]
        .iter()
        .find_map(|l| game_words.strip_prefix(l).map(|n| (l.trim(), n.trim())))?;
    let (stakes, symbol) = stakes(stake_text)?;
    Some(Header {
        id: id.trim().to_owned(),
        tournament,
        table: Some(table),
        game: game(structure, name),
        stakes,
        symbol,
        date: date(day, time),
        zone: None,
        uncalled_apart: false,
    })
}

/// The iPoker and Merge exports' first line (see the module's docs for its forms).
fn network_header(line: &str) -> Option<Header> {
    let line = line.trim_start_matches('\u{feff}').trim();
    let rest = ["GAME #", "MERGE_GAME #", "Merge Game #"].iter().find_map(|p| line.strip_prefix(p))?;
    let end = rest.find([':', ' ']).unwrap_or(rest.len());
    let id = rest[..end].to_owned();
    let rest = rest[end..].trim_start_matches(':').replace(" | ", " ").replace(['(', ')'], "");
    let mut words: Vec<&str> = Vec::new();
    let mut uncalled_apart = false;
    for word in rest.split_whitespace() {
        if word == "Uncalled:Y" {
            uncalled_apart = true;
        } else if !word.starts_with("Version:") && word != "-" {
            words.push(word);
        }
    }
    let at = words.iter().position(|w| stakes(w).is_some())?;
    let (stakes, symbol) = stakes(words[at])?;
    let mut game_words = &words[..at];
    let tournament = game_words.last() == Some(&"Tournament");
    if tournament {
        game_words = &game_words[..game_words.len() - 1];
    }
    let limits = ["NL", "PL", "FL", "LIMIT"];
    let (name, limit) = match game_words.split_last() {
        Some((last, name)) if limits.contains(last) => (name.join(" "), (*last).to_owned()),
        _ => {
            // No structure written: hold'em is no-limit, Omaha pot-limit.
            let name = game_words.join(" ");
            let limit = if name.starts_with("Omaha") { "PL" } else { "NL" };
            (name, limit.to_owned())
        }
    };
    let after = &words[at + 1..];
    let when = match after {
        [day, time, ..] => date(day, time),
        _ => None,
    };
    Some(Header {
        id,
        tournament: tournament.then(String::new),
        table: None,
        game: game(&limit, &name),
        stakes,
        symbol,
        date: when,
        zone: after
            .get(2)
            .map(|z| (*z).to_owned())
            .or_else(|| after.get(1).and_then(|t| t.split_once('/')).map(|(_, z)| z.to_owned())),
        uncalled_apart,
    })
}

/// `Table Bad Beat - Rue St Catherine (30473104)[, Seats 6]`: the name and the table's size.
fn table_line(text: &str) -> Option<(String, Option<i64>)> {
    let rest = text.strip_prefix("Table ")?;
    let (name, size) = match rest.rsplit_once(", Seats ") {
        Some((name, size)) => (name, size.trim().parse::<i64>().ok()),
        None => (rest, None),
    };
    let name = match name.rsplit_once(" (") {
        Some((n, number)) if number.trim_end_matches(')').bytes().all(|b| b.is_ascii_digit()) => n,
        _ => name,
    };
    Some((name.trim().to_owned(), size))
}

/// One card as the exports write it, rank first (`Ks`, `10h`) or suit first (iPoker's `H10`,
/// `sJ`), as PokerStars writes it (`Th`).
fn card(text: &str) -> Option<String> {
    let suit_first = text.starts_with(['s', 'h', 'd', 'c', 'S', 'H', 'D', 'C']);
    let (rank, suit) = if suit_first {
        (&text[1..], text.chars().next()?)
    } else {
        let last = text.chars().last()?;
        (&text[..text.len() - last.len_utf8()], last)
    };
    let rank = match rank.to_ascii_uppercase().as_str() {
        "10" | "T" => 'T',
        r if r.len() == 1 && "23456789JQKA".contains(r) => r.chars().next()?,
        _ => return None,
    };
    let suit = suit.to_ascii_lowercase();
    "shdc".contains(suit).then(|| format!("{rank}{suit}"))
}

/// The cards in the first brackets of `text` (`[H10 SK S5]`).
fn cards(text: &str) -> Option<Vec<String>> {
    let open = text.find('[')?;
    let close = text[open..].find(']')? + open;
    let list: Option<Vec<String>> = text[open + 1..close].split_whitespace().map(card).collect();
    list.filter(|l| !l.is_empty())
}

/// `Seat 1: NAME ($94.15)`, `Seat 1: NAME ($2.87 in chips)[ DEALER][ (REBUY) (ADDON)]`: the
/// number, the name, the stack, and whether it is the button.
fn seat(text: &str) -> Option<(i64, String, Amount, bool)> {
    let (number, rest) = text.strip_prefix("Seat ")?.split_once(": ")?;
    let number: i64 = number.trim().parse().ok()?;
    let mut rest = rest.trim();
    for tail in [" (ADDON)", " (REBUY)"] {
        rest = rest.strip_suffix(tail).unwrap_or(rest);
    }
    let dealer = rest.ends_with(" DEALER");
    let rest = rest.strip_suffix(" DEALER").unwrap_or(rest);
    let open = rest.rfind(" (")?;
    let inner = rest[open + 2..].strip_suffix(')')?;
    let inner = inner.strip_suffix(" in chips").unwrap_or(inner);
    Some((number, rest[..open].to_owned(), money::parse(inner)?, dealer))
}

/// What a line of play says, in either layout's words.
#[derive(Debug, PartialEq)]
enum Act {
    SmallBlind(Amount),
    BigBlind(Amount),
    /// A returning player's post (Merge's `Post DB`, Everest's `posts the dead blind of`).
    Returning(Amount),
    /// Everest's `posts $1.00` after a dead small blind: the live big blind.
    Live(Amount),
    Ante(Amount),
    Fold,
    Check,
    /// Chips added.
    Call(Amount),
    Bet(Amount),
    RaiseTo(Amount),
    /// Chips added, whatever they make (`Allin`, the archive form's `Raise to`).
    Allin(Amount),
    Shows(Vec<String>),
    Mucks(Vec<String>),
    /// Paid (`uncalled`: Merge's `wins $0.04 (uncalled)`).
    Wins(Amount),
    Disconnected,
    /// Says nothing (iPoker's `NAME:` alone).
    Nothing,
}

/// An action in the iPoker and Merge exports' words (the text after `NAME: `); `None` when it is
/// none of them, `Some(Err(()))` when its amount or cards cannot be read.
fn network_act(text: &str) -> Option<Result<Act, ()>> {
    let text = text.trim();
    let amount = |t: &str| money::parse(t.split_whitespace().next().unwrap_or_default()).ok_or(());
    let shown = |t: &str| cards(t).ok_or(());
    let act = if text.is_empty() {
        Ok(Act::Nothing)
    } else if text == "Fold" || text == "Quick Folded" {
        Ok(Act::Fold)
    } else if text == "Check" {
        Ok(Act::Check)
    } else if let Some(t) = text.strip_prefix("Post SB ").or_else(|| text.strip_prefix("SB ")) {
        // `Post SB Allin €5.00`: a blind that puts the poster all in.
        let t = t.strip_prefix("Allin ").unwrap_or(t);
        amount(t).map(Act::SmallBlind)
    } else if let Some(t) = text.strip_prefix("Post BB ").or_else(|| text.strip_prefix("BB ")) {
        let t = t.strip_prefix("Allin ").unwrap_or(t);
        amount(t).map(Act::BigBlind)
    } else if let Some(t) = text.strip_prefix("Post DB ").or_else(|| text.strip_prefix("DB ")) {
        amount(t).map(Act::Returning)
    } else if let Some(t) = text.strip_prefix("Post Ante ").or_else(|| text.strip_prefix("Ante ")) {
        amount(t).map(Act::Ante)
    } else if let Some(t) = text.strip_prefix("Call ") {
        amount(t).map(Act::Call)
    } else if let Some(t) = text.strip_prefix("Bet ") {
        amount(t).map(Act::Bet)
    } else if let Some(t) = text.strip_prefix("Raise to ") {
        // The archive form's `Raise to $250.00` is the chips added (its `Call` and the pot's
        // total agree only so).
        amount(t).map(Act::Allin)
    } else if let Some(t) = text.strip_prefix("Raise (NF) ").or_else(|| text.strip_prefix("Raise ")) {
        amount(t).map(Act::RaiseTo)
    } else if let Some(t) = text.strip_prefix("Allin ") {
        amount(t).map(Act::Allin)
    } else if let Some(t) = text.strip_prefix("Shows ") {
        if cards(t).is_none() && t.contains(" X") {
            // `Shows [D9 X]`: one card shown by a player out of the hand (folded), no showdown.
            return Some(Ok(Act::Nothing));
        }
        shown(t).map(Act::Shows)
    } else if let Some(t) = text.strip_prefix("Mucks ") {
        shown(t).map(Act::Mucks)
    } else if let Some(t) = text.strip_prefix("wins ") {
        amount(t).map(Act::Wins)
    } else {
        return None;
    };
    Some(act)
}

/// An action in the Everest export's words (the text after `NAME `); `None` when it is none of
/// them, `Some(Err(()))` when its amount or cards cannot be read.
fn everest_act(text: &str) -> Option<Result<Act, ()>> {
    let text = text.trim();
    let text = text.strip_suffix(" and is all-in").unwrap_or(text);
    let text = text.strip_suffix(',').unwrap_or(text);
    let amount = |t: &str| money::parse(t).ok_or(());
    let shown = |t: &str| cards(t).ok_or(());
    let act = if text == "folds" {
        Ok(Act::Fold)
    } else if text == "checks" {
        Ok(Act::Check)
    } else if text == "has been disconnected, and is allin" {
        Ok(Act::Disconnected)
    } else if let Some(t) = text.strip_prefix("posts the small blind of ") {
        amount(t).map(Act::SmallBlind)
    } else if let Some(t) = text.strip_prefix("posts the big blind of ") {
        amount(t).map(Act::BigBlind)
    } else if let Some(t) = text.strip_prefix("posts the dead blind of ") {
        amount(t).map(Act::Returning)
    } else if let Some(t) = text.strip_prefix("posts the ante of ") {
        amount(t).map(Act::Ante)
    } else if let Some(t) = text.strip_prefix("posts ") {
        amount(t).map(Act::Live)
    } else if let Some(t) = text.strip_prefix("calls ") {
        amount(t).map(Act::Call)
    } else if let Some(t) = text.strip_prefix("bets ") {
        amount(t).map(Act::Bet)
    } else if let Some(t) = text.strip_prefix("raises to ") {
        amount(t).map(Act::RaiseTo)
    } else if let Some(t) = text.strip_prefix("shows ") {
        shown(t).map(Act::Shows)
    } else if let Some(t) = text.strip_prefix("mucked ") {
        shown(t).map(Act::Mucks)
    } else if let Some(t) = text.strip_prefix("collects ") {
        amount(t).map(Act::Wins)
    } else {
        return None;
    };
    Some(act)
}

/// How the export pays an uncalled bet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Uncalled {
    /// Written (`Uncalled bet of $7.00 returned to NAME`), and left out of the payouts.
    Written,
    /// Not written, and in what the bettor is paid.
    InPayout,
    /// Not written, and left out of the payouts (`Uncalled:Y`).
    LeftOut,
}

/// The hand being read: its seats, its play in the PokerStars form, and the chips.
struct Hand {
    layout: Layout,
    /// The small and big blinds (or bets).
    stakes: (Amount, Amount),
    seats: Vec<(i64, String, Amount, Span)>,
    body: Vec<(String, Span)>,
    street: Street,
    uncalled: Uncalled,
    /// The board so far (a street written whole repeats it).
    board: Vec<String>,
    /// Players whose cards were written (the summary repeats them per pot).
    shown: Vec<String>,
    /// Players who put chips in or acted, and those who folded.
    acted: Vec<String>,
    folded: Vec<String>,
    /// Each player's chips behind, and in the current betting round.
    behind: Vec<(String, Amount)>,
    round: Vec<(String, Amount)>,
    /// The excess of a raise no one could call, read as a call: its return is no part of PHH's
    /// play.
    excess: Option<(String, Amount)>,
    /// The table's name and size, and the line saying them.
    table: Option<(String, Option<i64>, Span)>,
    button: Option<i64>,
    in_summary: bool,
    /// The summary's pot and rake.
    stated: Option<(Amount, Amount, Span)>,
    /// Who posted the small blind (a second small blind is a returning player's).
    small_posted: Option<String>,
}

impl Hand {
    fn slot(list: &mut Vec<(String, Amount)>, name: &str) -> usize {
        if let Some(i) = list.iter().position(|(n, _)| n == name) {
            return i;
        }
        list.push((name.to_owned(), Amount::ZERO));
        list.len() - 1
    }

    /// `name` puts `amount` in: in the round's bet (`live`) or dead.
    fn put(&mut self, name: &str, amount: Amount, live: bool) {
        let i = Self::slot(&mut self.behind, name);
        self.behind[i].1 = money::minus(self.behind[i].1, amount);
        if live {
            let i = Self::slot(&mut self.round, name);
            self.round[i].1 = money::plus(self.round[i].1, amount);
        }
    }

    fn in_round(&self, name: &str) -> Amount {
        self.round.iter().find(|(n, _)| n == name).map_or(Amount::ZERO, |r| r.1)
    }

    /// Whether no player but `name` still in the hand can put in more than the bet they face
    /// (each all in, or short of it): a raise then is a call, its excess returned.
    fn raise_uncallable(&self, name: &str) -> bool {
        let highest = self.street.highest();
        // Every seat counts (one sitting out keeps its chips: no call is read then).
        let mut others =
            self.seats.iter().map(|s| &s.1).filter(|a| *a != name && !self.folded.contains(a)).peekable();
        others.peek().is_some()
            && others.all(|other| {
                let left = self.behind.iter().find(|(n, _)| n == other).map_or(Amount::ZERO, |b| b.1);
                left <= money::minus(highest, self.in_round(other))
            })
    }

    fn end_round(&mut self, span: Span) {
        self.round.clear();
        match self.uncalled {
            Uncalled::Written => self.street.next(),
            Uncalled::InPayout => self.street.close(&mut self.body, span),
            Uncalled::LeftOut => self.street.close_unpaid(&mut self.body, span),
        }
    }

    /// A board street: only the cards not dealt before.
    fn board(&mut self, marker: &str, cards: Vec<String>, span: Span) {
        self.end_round(span);
        if self.acted.iter().filter(|a| !self.folded.contains(a)).count() < 2 {
            // The rest of the board after everyone but one folded: the export writes what the
            // site dealt, no part of the play.
            return;
        }
        let new: Vec<String> = if cards.starts_with(&self.board) && cards.len() > self.board.len() {
            cards[self.board.len()..].to_vec()
        } else {
            cards
        };
        self.body.push((format!("*** {marker} *** [{}]", new.join(" ")), span));
        self.board.extend(new);
    }

    /// Reads one line after the header.
    fn line(&mut self, draft: &mut Draft, options: &Options, text: &str, span: Span) {
        if self.body.is_empty() && !self.in_summary && self.table_line(text, span) {
            return;
        }
        if let Some(n) = text.strip_prefix("The button is in seat #") {
            self.button = n.trim().parse().ok();
            if self.button.is_none() {
                draft.refuse(codes::SITE_BAD_TABLE, format!("unreadable button `{text}`"), span);
            }
        } else if text == "*** HOLE CARDS ***" {
            self.body.push((text.to_owned(), span));
        } else if let Some((marker, rest)) = ["FLOP", "TURN", "RIVER"]
            .iter()
            .find_map(|m| text.strip_prefix(&format!("*** {m} *** ")).map(|r| (*m, r)))
        {
            match cards(rest) {
                Some(c) => self.board(marker, c, span),
                None => draft.refuse(codes::SITE_BAD_CARDS, format!("unreadable board `{text}`"), span),
            }
        } else if text == "*** SUMMARY ***" {
            if !self.in_summary {
                self.end_round(span);
            }
            self.in_summary = true;
        } else if let Some(rest) = text.strip_prefix("Total pot ") {
            // `Total pot $0.24 Rake $0.01`: the pot after the rake.
            let parsed =
                rest.split_once(" Rake ").and_then(|(p, r)| Some((money::parse(p)?, money::parse(r)?)));
            match parsed {
                Some((pot, rake)) => self.stated = Some((pot, rake, span)),
                None => draft.refuse(codes::SITE_BAD_AMOUNT, format!("unreadable pot `{text}`"), span),
            }
        } else if let Some(rest) = text.strip_prefix("Dealt to ") {
            let who = rest.split(" [").next().unwrap_or_default();
            match cards(rest) {
                Some(c) => self.body.push((format!("Dealt to {who} [{}]", c.join(" ")), span)),
                None => draft.refuse(codes::SITE_BAD_CARDS, format!("unreadable cards `{text}`"), span),
            }
        } else if let Some(rest) = text.strip_prefix("Uncalled bet of ") {
            self.uncalled_bet(draft, text, rest, span);
        } else {
            self.action(draft, options, text, span);
        }
    }

    /// Before the play: a seat, the table's line, the server's; whether the line was one.
    fn table_line(&mut self, text: &str, span: Span) -> bool {
        if let Some((number, name, stack, dealer)) = seat(text) {
            if dealer {
                self.button = Some(number);
            }
            self.behind.push((name.clone(), stack));
            self.seats.push((number, name, stack, span));
        } else if let Some((name, size)) = table_line(text) {
            self.table = Some((name, size, span));
        } else if !text.starts_with("Server ") {
            return false;
        }
        true
    }

    /// `Uncalled bet of $7.00 returned to NAME`.
    fn uncalled_bet(&mut self, draft: &mut Draft, text: &str, rest: &str, span: Span) {
        let parsed =
            rest.split_once(" returned to ").and_then(|(a, who)| Some((money::parse(a)?, who.trim())));
        let Some((a, who)) = parsed else {
            draft.refuse(codes::SITE_BAD_AMOUNT, format!("unreadable return `{text}`"), span);
            return;
        };
        self.street.returned(who, a);
        self.put(who, money::minus(Amount::ZERO, a), true);
        // The excess of a raise read as a call: no part of PHH's play.
        let rest = match self.excess.take() {
            Some((raiser, excess)) if raiser == who => money::minus(a, excess),
            _ => a,
        };
        if !rest.is_zero() && !rest.is_negative() {
            self.body.push((format!("Uncalled bet ({rest}) returned to {who}"), span));
        }
    }

    /// A line about a seated player, in the layout's words.
    fn action(&mut self, draft: &mut Draft, options: &Options, text: &str, span: Span) {
        let everest = self.layout == Layout::Everest;
        let separator = if everest { ' ' } else { ':' };
        let named = relay::seated(&self.seats, text, &[separator]).map(|(_, name)| name);
        let Some(name) = named else {
            draft.unknown(options, text, span);
            return;
        };
        let after = &text[name.len() + 1..];
        let Some(Ok(act)) = (if everest { everest_act(after) } else { network_act(after) }) else {
            draft.unreadable_action(&name, text, span);
            return;
        };
        let plays = !matches!(act, Act::Wins(_) | Act::Shows(_) | Act::Mucks(_) | Act::Nothing);
        if self.in_summary && plays {
            draft.unreadable_action(&name, text, span);
            return;
        }
        if plays && !self.acted.contains(&name) {
            self.acted.push(name.clone());
        }
        if act == Act::Fold {
            self.folded.push(name.clone());
        }
        self.apply(draft, options, &name, act, text, span);
    }

    /// What `name` does, in the PokerStars words, with the chips it puts in.
    fn apply(&mut self, draft: &mut Draft, options: &Options, name: &str, act: Act, text: &str, span: Span) {
        let (small, big) = self.stakes;
        match act {
            Act::SmallBlind(a) if self.small_posted.is_none() => {
                self.small_posted = Some(name.to_owned());
                self.street.post(name, a);
                self.put(name, a, true);
                self.body.push((format!("{name}: posts small blind {a}"), span));
            }
            Act::BigBlind(a) | Act::Returning(a) if a == money::plus(small, big) => {
                self.street.post(name, big);
                self.street.dead(small);
                self.put(name, big, true);
                self.put(name, small, false);
                self.body.push((format!("{name}: posts small & big blinds {a}"), span));
            }
            Act::BigBlind(a) | Act::Live(a) => self.live(name, a, span),
            Act::Returning(a) if a == big => self.live(name, a, span),
            // A second small blind: a returning player's, dead.
            Act::SmallBlind(a) | Act::Returning(a) | Act::Ante(a) => {
                self.street.dead(a);
                self.put(name, a, false);
                self.body.push((format!("{name}: posts the ante {a}"), span));
            }
            Act::Fold => self.body.push((format!("{name}: folds"), span)),
            Act::Check => self.body.push((format!("{name}: checks"), span)),
            Act::Call(a) | Act::Bet(a) | Act::Allin(a) => self.add(name, a, span),
            Act::RaiseTo(to) => self.raise_to(draft, options, name, to, text, span),
            Act::Shows(c) => {
                if !self.shown.iter().any(|s| s == name) {
                    self.shown.push(name.to_owned());
                    self.body.push((format!("{name}: shows [{}]", c.join(" ")), span));
                }
            }
            Act::Mucks(c) => {
                if !self.shown.iter().any(|s| s == name) {
                    self.shown.push(name.to_owned());
                    draft.mucked(name, &c, span);
                    self.body.push((format!("{name}: mucks hand"), span));
                }
            }
            Act::Wins(a) => self.street.win(name, a, span),
            Act::Disconnected => draft.refuse(
                codes::SITE_DISCONNECT_PROTECTION,
                format!(
                    "{name} disconnected and was declared all in with chips behind, which PHH has no \
                     notation for"
                ),
                span,
            ),
            Act::Nothing => {}
        }
    }

    /// A live big blind.
    fn live(&mut self, name: &str, a: Amount, span: Span) {
        self.street.post(name, a);
        self.put(name, a, true);
        self.body.push((format!("{name}: posts big blind {a}"), span));
    }

    /// Chips added (a call, a bet, an all-in).
    fn add(&mut self, name: &str, a: Amount, span: Span) {
        self.put(name, a, true);
        let added = self.street.add(name, a);
        self.body.push((relay::added_text(name, &added), span));
    }

    /// A raise to `to`, or what the export writes as one: an all-in call for less (the network
    /// layouts), a call over players who cannot call more (Everest).
    fn raise_to(
        &mut self,
        draft: &mut Draft,
        options: &Options,
        name: &str,
        to: Amount,
        text: &str,
        span: Span,
    ) {
        let everest = self.layout == Layout::Everest;
        if !everest && to <= self.street.highest() {
            // An all-in call for less, written as a raise of the chips added.
            let message = format!(
                "`{text}`: PokerTracker writes an all-in call for less than the bet as a raise \
                 of the chips added; read as a call of {to}"
            );
            draft.convention(options, codes::SITE_EXPORT_RAISE_AS_CALL, message, span);
            self.add(name, to, span);
        } else if everest && self.raise_uncallable(name) {
            // All in over players who cannot call more: the excess comes back (`Uncalled bet
            // of ...`), the rest is a call.
            let highest = self.street.highest();
            let call = money::minus(highest, self.in_round(name));
            let message = format!(
                "`{text}`: PokerTracker writes a call over players all in (or short of the bet) \
                 as a raise whose excess is returned; read as a call of {call}"
            );
            draft.convention(options, codes::SITE_EXPORT_RAISE_AS_CALL, message, span);
            let added = self.street.raise_to(name, to);
            self.put(name, added, true);
            self.excess = Some((name.to_owned(), money::minus(to, highest)));
            self.body.push((format!("{name}: calls {call}"), span));
        } else {
            let added = self.street.raise_to(name, to);
            self.put(name, added, true);
            self.body.push((format!("{name}: raises {to} to {to}"), span));
        }
    }

    /// After the last line: the payouts, the button, the rake checked against the summary, and
    /// the hand written in the PokerStars form.
    fn finish(
        mut self,
        draft: &mut Draft,
        header: &Header,
        game: &'static str,
        header_span: Span,
        end: Span,
    ) {
        if !self.in_summary {
            draft.refuse(codes::SITE_INCOMPLETE, "the hand has no `*** SUMMARY ***`", end);
        }
        if !self.street.paid() {
            draft.refuse(codes::SITE_INCOMPLETE, "the hand pays no one", end);
        }
        self.street.collected(&mut self.body, true);
        let button = self.button();
        let rake = self.rake(draft, header.tournament.is_some());
        let digits: String = header.id.chars().filter(char::is_ascii_digit).collect();
        let event = header
            .tournament
            .as_ref()
            .map(|t| if t.is_empty() { "Tournament".to_owned() } else { format!("Tournament #{t}") });
        // The header's own word (PHH's `venue` names the site).
        let stars = StarsHeader::new("PokerTracker", &digits, game, Some(header.stakes))
            .event(event)
            .money(header.symbol, relay::currency(header.symbol))
            .date(header.date, header.zone.as_deref());
        draft.push(stars.line(), header_span);
        let (name, size, table_span) =
            self.table.take().unwrap_or_else(|| (String::new(), None, header_span));
        draft.push(relay::table_line(&name, size, button), table_span);
        relay::seats_play_summary(draft, &self.seats, self.body, (self.street.total, rake), end);
    }

    /// The button's seat: the marked one, but for a dead button or heads up.
    fn button(&self) -> Option<i64> {
        // Merge's dead button: the player marked `DEALER` posts the small blind (the button's seat
        // is empty this hand, its player gone): the seat before the small blind is the button's.
        let small_seat =
            self.small_posted.as_ref().and_then(|n| self.seats.iter().find(|s| s.1 == *n)).map(|s| s.0);
        if self.seats.len() > 2 && small_seat.is_some() && small_seat == self.button {
            return small_seat.map(|s| s - 1);
        }
        if self.seats.len() == 2 && self.button.is_none() {
            // Heads up, the small blind is the button (the archive form marks no `DEALER`).
            return small_seat;
        }
        self.button
    }

    /// The rake: the summary's, checked against what the play put in, else what went in less
    /// what was paid out (checked by the draft's payout).
    fn rake(&self, draft: &mut Draft, tournament: bool) -> Amount {
        let Some((pot, rake, span)) = self.stated else {
            draft.payout(&self.street, tournament);
            return self.street.rake();
        };
        // The pot written is after the rake, and holds the uncalled bets when the payouts do.
        let returned = self.street.uncalled().iter().fold(Amount::ZERO, |a, u| money::plus(a, u.1));
        let went_in = match self.uncalled {
            Uncalled::InPayout => money::plus(self.street.total, returned),
            _ => self.street.total,
        };
        if money::plus(pot, rake) != went_in {
            let message = format!(
                "the summary's pot {pot} and rake {rake} add up to {}, the play puts in {went_in}",
                money::plus(pot, rake)
            );
            draft.refuse(codes::SITE_INCONSISTENT, message, span);
        }
        rake
    }
}

/// Reads one hand of the Everest, iPoker or Merge layout into `draft`; returns the hand number
/// as written.
fn import(layout: Layout, lines: &[Line], draft: &mut Draft, options: &Options) -> Option<String> {
    let first = &lines[0];
    let header =
        if layout == Layout::Everest { everest_header(&first.text) } else { network_header(&first.text) };
    let Some(header) = header else {
        draft.refuse(
            codes::SITE_BAD_HEADER,
            format!("unreadable hand header `{}`", first.text.trim()),
            first.span,
        );
        return None;
    };
    let game = match &header.game {
        Ok(g) => *g,
        Err(written) => {
            let message = format!(
                "PHH has no variant for {written} ({} hands exported by PokerTracker)",
                layout.venue()
            );
            draft.refuse(codes::SITE_GAME_UNSUPPORTED, message, first.span);
            return None;
        }
    };
    let uncalled = match layout {
        Layout::Everest => Uncalled::Written,
        _ if header.uncalled_apart => Uncalled::LeftOut,
        _ => Uncalled::InPayout,
    };
    let mut hand = Hand {
        layout,
        stakes: header.stakes,
        seats: Vec::new(),
        body: Vec::new(),
        street: Street::default(),
        uncalled,
        board: Vec::new(),
        shown: Vec::new(),
        acted: Vec::new(),
        folded: Vec::new(),
        behind: Vec::new(),
        round: Vec::new(),
        excess: None,
        table: header.table.clone().map(|name| (name, None, first.span)),
        button: None,
        in_summary: false,
        stated: None,
        small_posted: None,
    };
    for (text, span) in relay::said_lines(lines) {
        hand.line(draft, options, text, span);
    }
    hand.finish(draft, &header, game, first.span, relay::last_said(lines));
    Some(header.id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layouts_are_told_by_their_first_line() {
        let cases = [
            (
                "EverestPoker Game #6450768434: Table Moroni-1 - $0.50/$1 - No Limit Hold'em - 22:33:12 - 2011/01/02",
                Some(Layout::Everest),
            ),
            ("GAME #2978859505: Texas Hold'em  NL $0.05/$0.10 2011-10-12 02:52:19", Some(Layout::IPoker)),
            (
                "GAME #8162156892 Version:18.5.6.4 Uncalled:Y Texas Hold'em NL €0.01/€0.02 2018-12-26 22:40:05/GMT",
                Some(Layout::IPoker),
            ),
            ("MERGE_GAME #53094604-134: Holdem NL $0.10/$0.25 04/11/2012 19:28:19", Some(Layout::Merge)),
            (
                "Merge Game #80256693-236 | Holdem NL ($0.02/$0.04) | 12/05/2014 17:08:49 EST | Version:2",
                Some(Layout::Merge),
            ),
            ("** Game ID 4152594215 starting - 2011-11-02 23:08:51", Some(Layout::Microgaming)),
            ("** Hand # 5870377181 starting - 2016-01-12 23:00:07", Some(Layout::Microgaming)),
            ("** Dealing the flop: 2h, 5d, Jc", None),
            ("PokerStars Hand #7: Hold'em No Limit (10/20) - 2021/05/06 7:08:09 ET", None),
            ("GAME #: nothing", None),
        ];
        for (line, want) in cases {
            assert_eq!(layout(line), want, "{line}");
        }
    }

    #[test]
    fn headers() {
        let h = everest_header(
            "EverestPoker Game #6450768434: Table Moroni-1 - $0.50/$1 - No Limit Hold'em - 22:33:12 - 2011/01/02",
        )
        .unwrap();
        assert_eq!(h.table.as_deref(), Some("Moroni-1"));
        assert_eq!(h.game, Ok("Hold'em No Limit"));
        assert_eq!(h.date, Some((2011, 1, 2, 22, 33, 12)));
        let h = network_header("GAME #4999408769: Omaha 50/100 - 2013-08-01 22:16:18").unwrap();
        assert_eq!(h.game, Ok("Omaha Pot Limit"));
        assert_eq!(h.symbol, None);
        let h = network_header(
            "Merge Game #80256693-236 | Holdem NL ($0.02/$0.04) | 12/05/2014 17:08:49 EST | Version:2",
        )
        .unwrap();
        assert_eq!(h.id, "80256693-236");
        assert_eq!(h.date, Some((2014, 12, 5, 17, 8, 49)));
        assert_eq!(h.zone.as_deref(), Some("EST"));
        let h = network_header(
            "GAME #8162156892 Version:18.5.6.4 Uncalled:Y Texas Hold'em NL €0.01/€0.02 2018-12-26 22:40:05/GMT",
        )
        .unwrap();
        assert!(h.uncalled_apart);
        assert_eq!(h.zone.as_deref(), Some("GMT"));
        assert_eq!(h.symbol, Some('€'));
    }

    #[test]
    fn cards_either_way_round() {
        assert_eq!(cards("[H10 SK S5]").unwrap(), ["Th", "Ks", "5s"]);
        assert_eq!(cards("[d6 sJ h10]").unwrap(), ["6d", "Js", "Th"]);
        assert_eq!(cards("[Ks 8s]").unwrap(), ["Ks", "8s"]);
        assert_eq!(cards("[S6 D7] One Pair, Sixes").unwrap(), ["6s", "7d"]);
        assert!(cards("[Xx]").is_none());
    }
}
