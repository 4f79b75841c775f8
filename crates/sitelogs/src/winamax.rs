//! Winamax hand histories (`Winamax Poker - CashGame - HandId: #N-N-N - Holdem no limit (1€/2€) -
//! date`): [`Reader`] imports them to PHH hands, one [`Record`](crate::Record) per hand, each replayed and
//! checked against the stacks, payouts and rake the log states.
//!
//! Winamax writes PokerStars' layout with words of its own, read here: players' lines without a
//! colon (`NAME raises 10€ to 14€`), amounts with the symbol after them (`0.50€`; play money and
//! tournament chips without one), no uncalled bet (the bettor's `collected` counts it: the import
//! returns it and pays the rest), `Total pot` written after the rake (`Total pot 12.90€ | Rake
//! 0.80€`, or `| No rake`), posts out of position (`posts big blind 2€ out of position`, live;
//! `posts small blind 3€ out of position` then `posts big blind 0€ out of position`, the small and
//! big blinds together, the small dead), the stud streets (`*** THIRD ***` or `*** 3rd STREET ***`,
//! `brings in` or `bring-in`, `[X X 9h]` for cards face down), the draw rounds (`*** FIRST-BET ***`,
//! `*** FIRST-DRAW ***`, `discard 2 cards`, `stands pat [X X X X X]`), a raise that is an all-in
//! call for less (`raises -6.10€ to 18.90€`), Go Fast tables and tournaments (`Tournament "NAME"
//! buyIn: 0.90€ + 0.10€ level: 5`, antes, `(ante/small/big)` stakes).
//!
//! Refused per hand with a code: the games PHH cannot express (5-card Omaha, Omaha hi/lo pot
//! limit, pot-limit hold'em), Hold-up and Escape tables' house money added to the pot
//! ([`SITE_CASH_DROP`](crate::codes::SITE_CASH_DROP)).
//!
//! ```
//! let log = "\
//! Winamax Poker - CashGame - HandId: #1-2-3 - Holdem no limit (1€/2€) - 2012/01/19 12:03:46 UTC
//! Table: 'Paris' 5-max (real money) Seat #1 is the button
//! Seat 1: Ann (100€)
//! Seat 2: Bob (80€)
//! *** ANTE/BLINDS ***
//! Ann posts small blind 1€
//! Bob posts big blind 2€
//! Dealt to Bob [Ah Kh]
//! *** PRE-FLOP ***
//! Ann raises 4€ to 6€
//! Bob folds
//! Ann collected 8€ from pot
//! *** SUMMARY ***
//! Total pot 8€ | No rake
//! Seat 1: Ann (small blind) won 8€
//! ";
//! let record = sitelogs::winamax::Reader::from_str(log, sitelogs::Options::default()).next().unwrap();
//! let hand = record.hand.unwrap();
//! assert_eq!(hand.venue.as_deref(), Some("Winamax"));
//! assert_eq!(hand.finishing_stacks.unwrap()[1].to_string(), "102");
//! ```

use cards_core::{Amount, Span};

use crate::relay::{self, Draft, Relay, StarsHeader, Street, TextReader, TextSite};
use crate::text::Line;
use crate::{Options, codes, money};

/// Streams the hands of a Winamax log.
pub type Reader<R> = TextReader<R, Winamax>;

/// Winamax's text, for [`TextReader`].
#[derive(Debug)]
pub struct Winamax;

const PREFIX: &str = "Winamax Poker - ";

impl TextSite for Winamax {
    const VENUE: &'static str = "Winamax";
    const DETECT_LINES: usize = 60;

    fn is_header(line: &str) -> bool {
        let line = line.trim_start_matches('\u{feff}').trim_start();
        line.starts_with(PREFIX) && line.contains(" - HandId: #")
    }
}

impl Relay for Winamax {
    fn read(lines: &[Line], draft: &mut Draft, options: &Options) {
        import(lines, draft, options);
    }
}

/// An amount as Winamax writes it: `1€`, `0.50€`, `1,500` (chips), `12,50€` (a decimal comma).
pub(crate) fn amount(text: &str) -> Option<Amount> {
    let text = text.trim().trim_matches(|c: char| money::SYMBOLS.contains(&c));
    money::parse(text).or_else(|| decimal_comma(text))
}

/// `12,5` or `12,50`: a comma before one or two digits is a decimal point.
pub(crate) fn decimal_comma(text: &str) -> Option<Amount> {
    let (whole, fraction) = text.split_once(',')?;
    (!fraction.is_empty() && fraction.len() != 3 && !whole.contains('.'))
        .then(|| money::parse(&format!("{whole}.{fraction}")))
        .flatten()
}

/// What the header says.
#[derive(Debug)]
struct Header {
    id: String,
    event: Option<String>,
    level: Option<i64>,
    /// The PokerStars name of the game, or the game as written when PHH cannot express it.
    game: Result<&'static str, String>,
    /// Small and big blind (or bet).
    stakes: Option<(Amount, Amount)>,
    symbol: Option<char>,
    date: Option<(i64, i64, i64, u8, u8, u8)>,
    zone: Option<String>,
}

fn game(name: &str, limit: &str) -> Result<&'static str, String> {
    Ok(match (name, limit) {
        ("Holdem", "no limit") => "Hold'em No Limit",
        ("Holdem", "fixed limit") => "Hold'em Limit",
        ("Omaha", "pot limit") => "Omaha Pot Limit",
        ("Omaha Hi/Lo" | "Omaha8", "fixed limit") => "Omaha Hi/Lo Limit",
        ("7-Card Stud" | "7stud", "fixed limit") => "7 Card Stud Limit",
        ("7-Card Stud Hi/Lo" | "7stud8", "fixed limit") => "7 Card Stud Hi/Lo Limit",
        ("Razz", "fixed limit") => "Razz Limit",
        ("2-7 Triple Draw" | "Lowball27", "fixed limit") => "Triple Draw 2-7 Lowball Limit",
        ("2-7 Single Draw" | "Lowball27 single draw", "no limit") => "Single Draw 2-7 Lowball No Limit",
        _ => return Err(format!("{name} {limit}")),
    })
}

/// `Winamax Poker - <kind> - HandId: #A-B-C - <game> <limit> (<stakes>) - <date> UTC`.
fn header(line: &str) -> Result<Header, String> {
    let line = line.trim_start_matches('\u{feff}').trim();
    let rest = line.strip_prefix(PREFIX).ok_or("no `Winamax Poker - ` header")?;
    let (kind, rest) = rest.split_once(" - HandId: #").ok_or("no `HandId: #` in the header")?;
    let (id, rest) = rest.split_once(" - ").ok_or("nothing after the hand number")?;
    if id.is_empty() || !id.bytes().all(|b| b.is_ascii_digit() || b == b'-') {
        return Err(format!("unreadable hand number `{id}`"));
    }
    let mut out = Header {
        id: id.to_owned(),
        event: None,
        level: None,
        game: Err(String::new()),
        stakes: None,
        symbol: None,
        date: None,
        zone: None,
    };
    if let Some(tournament) = kind.strip_prefix("Tournament ") {
        out.event = Some(format!("Tournament {}", tournament.trim()));
        out.level = tournament
            .split_once("level: ")
            .and_then(|(_, l)| l.split_whitespace().next())
            .and_then(|l| l.parse().ok());
    }
    let (body, when) = match rest
        .rmatch_indices(" - ")
        .find(|(i, _)| rest[i + 3..].starts_with(|c: char| c.is_ascii_digit()))
    {
        Some((i, _)) => (&rest[..i], Some(&rest[i + 3..])),
        None => (rest, None),
    };
    if let Some(when) = when {
        out.date = Some(relay::iso_date(when).ok_or_else(|| format!("unreadable date `{when}`"))?);
        out.zone = when.split_whitespace().nth(2).map(str::to_owned);
    }
    let open = body.rfind(" (").ok_or("no stakes in the header")?;
    let stakes = body[open + 2..].trim_end_matches(')');
    let game_text = body[..open].trim();
    let limit = ["no limit", "pot limit", "fixed limit"]
        .into_iter()
        .find(|l| game_text.ends_with(l))
        .ok_or_else(|| format!("no betting structure in `{game_text}`"))?;
    let name = game_text[..game_text.len() - limit.len()].trim();
    out.game = game(name, limit);
    let parts: Vec<&str> = stakes.split('/').collect();
    let bad = || format!("unreadable stakes `{stakes}`");
    out.symbol = parts.first().and_then(|p| p.chars().find(|c| money::SYMBOLS.contains(c)));
    let values: Vec<Amount> = parts.iter().map(|p| amount(p)).collect::<Option<_>>().ok_or_else(bad)?;
    out.stakes = match values.as_slice() {
        [small, big] | [_, small, big] => Some((*small, *big)),
        _ => return Err(bad()),
    };
    Ok(out)
}

/// `Seat 1: NAME (197€)`, a tournament's `Seat 6: NAME (147894, 29.25€ bounty)`.
fn seat(text: &str) -> Option<(i64, String, Amount)> {
    let rest = text.strip_prefix("Seat ")?;
    let (number, rest) = rest.split_once(": ")?;
    let open = rest.rfind(" (")?;
    let inside = rest[open + 2..].strip_suffix(')')?;
    let stack = inside.split(", ").next()?;
    Some((number.trim().parse().ok()?, rest[..open].to_owned(), amount(stack)?))
}

/// The cards in `[..]` groups with the face-down ones (`X`) left out; empty groups dropped.
fn known_groups(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('[') {
        let Some(close) = rest[open..].find(']').map(|c| c + open) else { break };
        let cards: Vec<&str> = rest[open + 1..close].split_whitespace().filter(|c| *c != "X").collect();
        if !cards.is_empty() {
            out.push(format!("[{}]", cards.join(" ")));
        }
        rest = &rest[close + 1..];
    }
    out
}

/// Lines that carry nothing for the play.
const CHATTER: &[&str] = &[
    " denies big blind",
    " denies small blind",
    " sits out",
    " is sitting out",
    " will be allowed to play after the button",
    " has left the table",
    " joins the table",
    " is disconnected",
    " is connected",
    " doesn't show",
];

/// The words of play: a line with one of them names a player, seated or not.
const VERBS: &[&str] =
    &[" posts ", " folds", " checks", " calls ", " bets ", " raises ", " collected ", " shows ["];

/// Reads one hand into `draft`, with the hand number as Winamax writes it
/// (`2334898-436-1326450000`).
fn import(lines: &[Line], draft: &mut Draft, options: &Options) {
    let first = &lines[0];
    let head = match header(&first.text) {
        Ok(h) => h,
        Err(message) => {
            draft.refuse(codes::SITE_BAD_HEADER, message, first.span);
            return;
        }
    };
    let stars_game = match &head.game {
        Ok(g) => *g,
        Err(written) => {
            let message = format!("PHH has no variant for Winamax's {written}");
            draft.refuse(codes::SITE_GAME_UNSUPPORTED, message, first.span);
            return;
        }
    };
    let mut hand = Import::new(stars_game, head.stakes.map_or(Amount::ZERO, |(_, big)| big));
    let mut end = first.span;
    let texts: Vec<(&str, Span)> =
        lines[1..].iter().map(|l| (l.text.trim(), l.span)).filter(|(t, _)| !t.is_empty()).collect();
    let mut k = 0;
    while k < texts.len() {
        let (text, span) = texts[k];
        k += 1;
        end = span;
        if hand.line(draft, options, text, span, texts.get(k).map(|(next, _)| *next)) {
            k += 1;
        }
    }
    hand.finish(draft, &head, first.span, end);
}

/// One hand's import under way: what its lines have said so far.
struct Import {
    /// The PokerStars name of the game.
    stars_game: &'static str,
    big_blind: Amount,
    table_line: Option<(String, Span)>,
    seats: Vec<relay::Seat>,
    /// The play, in PokerStars' words.
    body: Vec<(String, Span)>,
    street: Street,
    dealt: bool,
    closed: bool,
    in_summary: bool,
    /// The rake the summary states (`Some(None)`: unreadable).
    rake: Option<Option<Amount>>,
    /// The summary's lines kept as they are.
    summary: Vec<(String, Span)>,
}

impl Import {
    fn new(stars_game: &'static str, big_blind: Amount) -> Import {
        Import {
            stars_game,
            big_blind,
            table_line: None,
            seats: Vec::new(),
            body: Vec::new(),
            street: Street::default(),
            dealt: false,
            closed: false,
            in_summary: false,
            rake: None,
            summary: Vec::new(),
        }
    }

    /// One line (trimmed, not blank); `next` is the line after it. Returns whether `next` was
    /// read with it.
    fn line(
        &mut self,
        draft: &mut Draft,
        options: &Options,
        text: &str,
        span: Span,
        next: Option<&str>,
    ) -> bool {
        if self.in_summary {
            self.summary_line(draft, text, span);
            return false;
        }
        if let Some(t) = text.strip_prefix("Table: ").or_else(|| text.strip_prefix("Table ")) {
            self.table_line = Some((t.to_owned(), span));
            return false;
        }
        if self.body.is_empty()
            && !self.dealt
            && let Some((number, name, stack)) = seat(text)
        {
            self.seats.push((number, name, stack, span));
            return false;
        }
        if text.starts_with("Hold-up to Pot") || text.starts_with("Escape to Pot") {
            draft.refuse(
                codes::SITE_CASH_DROP,
                "the house added money to the pot (Hold-up or Escape): PHH cannot record it",
                span,
            );
            return false;
        }
        if let Some(marker) = text.strip_prefix("*** ") {
            self.marker(draft, text, marker, span);
            return false;
        }
        if let Some(rest) = text.strip_prefix("Dealt to ") {
            self.dealt_to(rest, span);
            return false;
        }
        self.player_line(draft, options, text, span, next)
    }

    /// A line after `*** SUMMARY ***`.
    fn summary_line(&mut self, draft: &mut Draft, text: &str, span: Span) {
        if let Some(total) = text.strip_prefix("Total pot ") {
            self.rake = Some(match total.split_once("| Rake ") {
                Some((_, r)) => amount(r.split_whitespace().next().unwrap_or_default()),
                None if total.contains("No rake") => Some(Amount::ZERO),
                None => None,
            });
            if self.rake == Some(None) {
                draft.refuse(codes::SITE_BAD_AMOUNT, "unreadable rake", span);
            }
        } else if text.starts_with("Seat ") && text.contains(" showed [") && !text.contains(" X") {
            // `Seat 4: NAME (button) showed [Js Jd] and lost with ...`: as PokerStars writes it.
            self.summary.push((text.to_owned(), span));
        }
    }

    /// A street marker `*** NAME *** [cards]` (`marker`: the text after the first `*** `).
    fn marker(&mut self, draft: &mut Draft, text: &str, marker: &str, span: Span) {
        let name = marker.split(" ***").next().unwrap_or_default();
        let cards = known_groups(marker).last().cloned().unwrap_or_default();
        let stars = match name {
            "ANTE/BLINDS" => None,
            "PRE-FLOP" | "FIRST-BET" => {
                if self.dealt {
                    None
                } else {
                    self.dealt = true;
                    Some(
                        if name == "PRE-FLOP" { "*** HOLE CARDS ***" } else { "*** DEALING HANDS ***" }
                            .to_owned(),
                    )
                }
            }
            "3rd STREET" | "THIRD" => {
                self.dealt = true;
                Some("*** 3rd STREET ***".to_owned())
            }
            "FLOP" | "TURN" | "RIVER" => Some(format!("*** {name} *** {cards}")),
            "4th STREET" | "FOURTH" => Some("*** 4th STREET ***".to_owned()),
            "5th STREET" | "FIFTH" => Some("*** 5th STREET ***".to_owned()),
            "6th STREET" | "SIXTH" => Some("*** 6th STREET ***".to_owned()),
            "7th STREET" | "SEVENTH" => Some("*** RIVER ***".to_owned()),
            "FIRST-DRAW" => Some("*** FIRST DRAW ***".to_owned()),
            "SECOND-DRAW" => Some("*** SECOND DRAW ***".to_owned()),
            "THIRD-DRAW" => Some("*** THIRD DRAW ***".to_owned()),
            "SECOND-BET" | "THIRD-BET" | "FOURTH-BET" => None,
            "SHOW DOWN" => {
                self.street.close(&mut self.body, span);
                self.closed = true;
                Some("*** SHOW DOWN ***".to_owned())
            }
            "SUMMARY" => {
                self.in_summary = true;
                None
            }
            _ => {
                draft.refuse(codes::SITE_UNKNOWN_LINE, format!("unknown street marker `{text}`"), span);
                None
            }
        };
        if let Some(stars) = stars {
            if !stars.starts_with("*** HOLE")
                && !stars.starts_with("*** DEALING")
                && !stars.starts_with("*** 3rd")
                && !stars.starts_with("*** SHOW")
            {
                self.street.close(&mut self.body, span);
            }
            self.body.push((stars, span));
        }
    }

    /// `Dealt to NAME [cards]` (`rest`: the text after `Dealt to `).
    fn dealt_to(&mut self, rest: &str, span: Span) {
        let open = rest.find(" [").unwrap_or(rest.len());
        let groups = known_groups(&rest[open..]);
        let stars_game = self.stars_game;
        if !self.dealt && !stars_game.contains("Stud") && !stars_game.starts_with("Razz") {
            self.dealt = true;
            let marker =
                if stars_game.contains("Draw") { "*** DEALING HANDS ***" } else { "*** HOLE CARDS ***" };
            self.body.push((marker.to_owned(), span));
        }
        // A card dealt face down to another player (`[X X 9h Kh] [X]`) says nothing.
        let last_known =
            rest[open..].rfind('[').is_some_and(|at| !known_groups(&rest[open + at..]).is_empty());
        if last_known {
            self.body.push((format!("Dealt to {} {}", &rest[..open], groups.join(" ")), span));
        }
    }

    /// A line that starts with a seated player's name, or names a player who has none; returns
    /// whether `next` was read with it.
    fn player_line(
        &mut self,
        draft: &mut Draft,
        options: &Options,
        text: &str,
        span: Span,
        next: Option<&str>,
    ) -> bool {
        let Some((name, action)) = self
            .seats
            .iter()
            .filter(|s| text.starts_with(s.1.as_str()) && text[s.1.len()..].starts_with(' '))
            .max_by_key(|s| s.1.len())
            .map(|s| (s.1.clone(), text[s.1.len()..].trim()))
        else {
            if CHATTER.iter().any(|c| text.contains(c)) {
                return false;
            }
            if let Some(at) = VERBS.iter().filter_map(|v| text.find(v)).min() {
                let message = format!("`{}` has no seat in this hand", &text[..at]);
                draft.refuse(codes::SITE_UNKNOWN_PLAYER, message, span);
            } else {
                draft.unknown(options, text, span);
            }
            return false;
        };
        let name = name.as_str();
        let action = action.strip_suffix(" and is all-in").unwrap_or(action);
        if !self.dealt
            && ["calls ", "bets ", "raises ", "checks", "folds"].iter().any(|w| action.starts_with(w))
        {
            // `Player3 raises 1€ to 3€` among the posts: play before the cards are dealt, which
            // no replay can place.
            let message = format!("`{name}` bets before the cards are dealt: `{text}`");
            draft.refuse(codes::SITE_UNREADABLE_ACTION, message, span);
            return false;
        }
        let posts = ["posts ante ", "posts small blind ", "posts big blind "];
        let read = match action.strip_prefix("posts ") {
            Some(post) if posts.iter().any(|p| action.starts_with(p)) => self.post(name, post, span, next),
            _ => self.action(name, action, text, span).map(|()| false),
        };
        read.unwrap_or_else(|| {
            draft.unreadable_action(name, text, span);
            false
        })
    }

    /// `NAME posts ...` (`post`: the text after `posts `); `None` when unreadable, else whether
    /// `next` was read with it.
    fn post(&mut self, name: &str, post: &str, span: Span, next: Option<&str>) -> Option<bool> {
        let lead = |t: &str| t.split_whitespace().next().and_then(amount);
        if let Some(t) = post.strip_prefix("ante ") {
            let a = lead(t)?;
            self.street.dead(a);
            self.body.push((format!("{name}: posts the ante {a}"), span));
        } else if let Some(t) = post.strip_prefix("small blind ") {
            let a = lead(t)?;
            let out_of_position = t.ends_with("out of position");
            // `posts small blind 3€ out of position` then `posts big blind 0€ out of position`: both
            // blinds at once (the small dead, the big live).
            let both = out_of_position
                && next.is_some_and(|next| {
                    next.strip_prefix(name)
                        .and_then(|n| n.trim().strip_prefix("posts big blind "))
                        .is_some_and(|n| {
                            n.ends_with("out of position") && lead(n).is_some_and(|z| z.is_zero())
                        })
                });
            if both {
                let live = if a < self.big_blind { a } else { self.big_blind };
                self.street.dead(money::minus(a, live));
                self.street.post(name, live);
                self.body.push((format!("{name}: posts small & big blinds {a}"), span));
                return Some(true);
            }
            if out_of_position {
                self.street.dead(a);
            } else {
                self.street.post(name, a);
            }
            self.body.push((format!("{name}: posts small blind {a}"), span));
        } else if let Some(t) = post.strip_prefix("big blind ") {
            let a = lead(t)?;
            if !a.is_zero() {
                self.street.post(name, a);
                self.body.push((format!("{name}: posts big blind {a}"), span));
            }
        } else {
            return None;
        }
        Some(false)
    }

    /// A player's action other than a post; `None` when unreadable.
    fn action(&mut self, name: &str, action: &str, text: &str, span: Span) -> Option<()> {
        let lead = |t: &str| t.split_whitespace().next().and_then(amount);
        let body = &mut self.body;
        if action == "folds" || action == "checks" {
            body.push((format!("{name}: {action}"), span));
        } else if let Some(t) = action.strip_prefix("brings in ").or_else(|| action.strip_prefix("bring-in "))
        {
            let a = lead(t)?;
            self.street.post(name, a);
            body.push((format!("{name}: brings in for {a}"), span));
        } else if let Some(t) = action.strip_prefix("calls ").or_else(|| action.strip_prefix("bets ")) {
            let added = self.street.add(name, lead(t)?);
            body.push((relay::added_text(name, &added), span));
        } else if let Some(t) = action.strip_prefix("raises ") {
            let to = t.split_once(" to ").and_then(|(_, to)| lead(to))?;
            let highest = self.street.highest();
            let added = self.street.raise_to(name, to);
            if to <= highest {
                // `raises -6.10€ to 18.90€`: all in for less than the bet, a call.
                body.push((format!("{name}: calls {added}"), span));
            } else {
                body.push((format!("{name}: raises {to} to {to}"), span));
            }
        } else if let Some(t) = action.strip_prefix("discard ").or_else(|| action.strip_prefix("discards ")) {
            let count = t.split_whitespace().next().and_then(|n| n.parse::<usize>().ok())?;
            if count == 0 {
                body.push((format!("{name}: stands pat"), span));
            } else {
                let cards = known_groups(t).into_iter().next().unwrap_or_default();
                let noun = if count == 1 { "card" } else { "cards" };
                body.push((format!("{name}: discards {count} {noun} {cards}").trim_end().to_owned(), span));
            }
        } else if action.starts_with("stands pat") {
            body.push((format!("{name}: stands pat"), span));
        } else if let Some(t) = action.strip_prefix("shows ") {
            let cards = known_groups(t).into_iter().next()?;
            body.push((format!("{name}: shows {cards}"), span));
        } else if action.starts_with("mucks") {
            body.push((format!("{name}: mucks hand"), span));
        } else if let Some(t) = action.strip_prefix("collected ") {
            let a = lead(t)?;
            if !self.closed {
                self.street.close(body, span);
                self.closed = true;
            }
            self.street.win(name, a, span);
        } else if !CHATTER.iter().any(|c| text.contains(c)) {
            return None;
        }
        Some(())
    }

    /// The hand in the PokerStars form: header, table, seats, play and summary.
    fn finish(mut self, draft: &mut Draft, head: &Header, first: Span, end: Span) {
        if !self.in_summary {
            draft.refuse(codes::SITE_INCOMPLETE, "the hand has no `*** SUMMARY ***`: it is cut short", end);
        }
        if !self.street.paid() {
            draft.refuse(codes::SITE_INCOMPLETE, "the hand pays no one (no `collected` line)", end);
        }
        if !self.closed {
            self.street.close(&mut self.body, end);
        }
        self.street.collected(&mut self.body, true);
        let currency = relay::currency(head.symbol);
        // The hand number's digits: the PokerStars form's number is alphanumeric (the record keeps
        // Winamax's own).
        let digits: String = head.id.chars().filter(char::is_ascii_digit).collect();
        let stars = StarsHeader::new("Winamax", &digits, self.stars_game, head.stakes)
            .event(head.event.clone())
            .level(head.level)
            .money(head.symbol, currency)
            .date(head.date, head.zone.as_deref());
        draft.push(stars.line(), first);
        let (table, table_span) = self.table_line.unwrap_or_else(|| (String::new(), first));
        draft.push(stars_table(&table), table_span);
        let rake = self.rake.flatten().unwrap_or_else(|| self.street.rake());
        // Winamax's `Total pot` is what was paid out; the PokerStars form's is before the rake.
        relay::seats_play_summary(draft, &self.seats, self.body, (self.street.total, rake), end);
        for (text, span) in self.summary {
            draft.push(text, span);
        }
        draft.hand_id(head.id.clone());
    }
}

/// `'Paris' 5-max (real money) Seat #1 is the button` (the text after `Table: `) in the
/// PokerStars form; play money is marked as PokerStars marks it.
fn stars_table(table: &str) -> String {
    let (name, tail) = match (table.find('\''), table.rfind('\'')) {
        (Some(open), Some(close)) if close > open => (&table[open + 1..close], &table[close + 1..]),
        _ => (table, ""),
    };
    let seat_count =
        tail.split_whitespace().find_map(|w| w.strip_suffix("-max")).and_then(|n| n.parse::<i64>().ok());
    let button = tail
        .split_once("Seat ")
        .and_then(|(_, b)| b.split_whitespace().next())
        .and_then(|b| b.trim_start_matches('#').parse::<i64>().ok())
        .filter(|b| *b > 0);
    let mut out = relay::table_line(name, seat_count, button);
    if tail.contains("(play money)") {
        out.push_str(" (Play Money)");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers() {
        let h = header(
            "Winamax Poker - CashGame - HandId: #2334898-436-1326450000 - Holdem no limit (1€/2€) - 2012/01/19 12:03:46 UTC",
        )
        .unwrap();
        assert_eq!(h.id, "2334898-436-1326450000");
        assert_eq!(h.game, Ok("Hold'em No Limit"));
        assert_eq!(h.stakes.map(|(s, b)| (s.to_string(), b.to_string())), Some(("1".into(), "2".into())));
        assert_eq!(h.symbol, Some('€'));
        assert_eq!(h.date, Some((2012, 1, 19, 12, 3, 46)));
        let h = header("Winamax Poker - CashGame - HandId: #1-2-3 - 7-Card Stud fixed limit (5€/25€/50€) - 2016/11/12 22:46:27 UTC").unwrap();
        assert_eq!(h.game, Ok("7 Card Stud Limit"));
        assert_eq!(h.stakes.map(|(s, b)| (s.to_string(), b.to_string())), Some(("25".into(), "50".into())));
        let h = header("Winamax Poker - Tournament \"Freeroll\" buyIn: 0€ + 0€ level: 5 - HandId: #1-2-3 - Holdem no limit (10/50/100) - 2016/11/12 22:46:27 UTC").unwrap();
        assert_eq!(h.level, Some(5));
        assert!(h.event.unwrap().starts_with("Tournament \"Freeroll\""));
        assert_eq!(h.symbol, None);
        let h = header(
            "Winamax Poker - CashGame - HandId: #1-2-3 - Omaha5 pot limit (5€/10€) - 2017/03/01 10:00:00 UTC",
        )
        .unwrap();
        assert_eq!(h.game, Err("Omaha5 pot limit".to_owned()));
        assert!(
            header(
                "Winamax Poker - CashGame - HandId: #x - Holdem no limit (1€/2€) - 2012/01/19 12:03:46 UTC"
            )
            .is_err()
        );
    }

    #[test]
    fn detection() {
        assert!(Winamax::detect(
            "\u{feff}Winamax Poker - Go Fast \"Buzau\" - HandId: #9-2-1 - Holdem no limit (2€/4€) - 2017/03/28 16:50:52 UTC\n"
        ));
        assert!(!Winamax::detect("PokerStars Hand #1: Hold'em No Limit ($1/$2) - 2020/01/01 1:02:03 ET\n"));
        assert!(!Winamax::detect("Winamax Poker is a site\n"));
    }

    #[test]
    fn amounts() {
        assert_eq!(amount("0.50€").map(|a| a.to_string()).as_deref(), Some("0.50"));
        assert_eq!(amount("12,50€").map(|a| a.to_string()).as_deref(), Some("12.50"));
        assert_eq!(amount("1,500").map(|a| a.to_string()).as_deref(), Some("1500"));
        assert_eq!(amount("abc"), None);
    }
}
