//! Seals With Clubs hand histories (`Hand #5223590-18 - 2013-04-09 19:37:28`, amounts in
//! millibitcoins without a symbol): [`Reader`] imports them to PHH hands, one [`Record`](crate::Record) per hand,
//! each replayed and checked against the stacks, payouts and rake the log states.
//!
//! The lines are PokerStars' with fewer words, rewritten in PokerStars' here: the game and
//! stakes on a line of their own (`Game: NL Hold'em (40 - 200) - Blinds 1/2`: the buy-in range,
//! then the blinds; `Game: Limit Hold'em (40 - 1000000) - Stakes 2/4`: the bets), `Site: Seals
//! With Clubs`, `Table: NLHE 6max 1/2 #5`, `NAME has the dealer button`, no colon after the
//! names, `posts small & big blind 1.50` (a returning player's small blind dead and big blind
//! live), `raises to 4`, `calls 1 (All-in)`, `** Flop ** [Td 3h 5s]`, `NAME refunded 4` (the bet
//! no one called), a showdown per pot (`** Main Pot Show Down ** [board]`), `NAME wins Side Pot 1
//! (2)` and each pot's `Rake (0.30)`, and `NAME adds 2 chips` after the hand (a rebuy for the
//! next). The hand number keeps its two parts (`5223590-18`) in PHH's `hand`.
//!
//! Refused per hand with a code: the games PHH cannot express
//! ([`SITE_GAME_UNSUPPORTED`](crate::codes::SITE_GAME_UNSUPPORTED)).
//!
//! ```
//! let log = "\
//! Hand #11442832-1 - 2013-10-31 07:53:57
//! Game: NL Hold'em (600 - 3000) - Blinds 15/30
//! Site: Seals With Clubs
//! Table: NLHE HU 15/30 #2
//! Seat 1: Ann (1346.42) - waiting for big blind
//! Seat 2: Bob (2798.10)
//! Bob has the dealer button
//! Bob posts small blind 15
//! Ann posts big blind 30
//! ** Hole Cards **
//! Dealt to Ann [4c Tc]
//! Bob folds
//! Ann refunded 15
//! Ann wins Pot (30)
//! Rake (0)
//! ";
//! let record = sitelogs::seals::Reader::from_str(log, sitelogs::Options::default()).next().unwrap();
//! let hand = record.hand.unwrap();
//! assert_eq!(hand.venue.as_deref(), Some("Seals With Clubs"));
//! assert_eq!(hand.hand, Some(phh::StrOrInt::Str("11442832-1".into())));
//! assert_eq!(hand.finishing_stacks.unwrap()[0].to_string(), "1361.42");
//! ```

use std::ops::ControlFlow;

use cards_core::{Amount, Span};

use crate::relay::{self, Draft, Relay, Seat, StarsHeader, TextReader, TextSite};
use crate::text::Line;
use crate::{Options, codes, money};

/// Streams the hands of a Seals With Clubs log.
pub type Reader<R> = TextReader<R, Seals>;

/// Seals With Clubs' text, for [`TextReader`].
#[derive(Debug)]
pub struct Seals;

impl TextSite for Seals {
    const VENUE: &'static str = "Seals With Clubs";

    fn is_header(line: &str) -> bool {
        hand_id(line).is_some()
    }

    /// Whether the start of a file (decoded text) is a Seals With Clubs log: a hand's header followed
    /// by its `Game:` line.
    fn detect(head: &str) -> bool {
        let lines: Vec<&str> = crate::text::first_lines(head, 40).collect();
        lines.windows(2).any(|w| hand_id(w[0]).is_some() && w[1].starts_with("Game: "))
            || lines.contains(&"Site: Seals With Clubs")
    }
}

impl Relay for Seals {
    fn read(lines: &[Line], draft: &mut Draft, options: &Options) {
        let id = hand_id(&lines[0].text).unwrap_or_default();
        draft.hand_id(id);
        import(lines, draft, options, id);
    }
}

/// `Hand #5223590-18 - 2013-04-09 19:37:28`: the hand number (`5223590-18`).
fn hand_id(line: &str) -> Option<&str> {
    let line = line.trim_start_matches('\u{feff}').trim();
    let (id, when) = line.strip_prefix("Hand #")?.split_once(" - ")?;
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let ok = match id.split_once('-') {
        Some((game, hand)) => digits(game) && digits(hand),
        None => digits(id),
    };
    (ok && relay::iso_date(when).is_some()).then_some(id)
}

/// The PokerStars game, or the game as written when PHH has no variant for it.
type Game = Result<&'static str, String>;

/// What a `Game:` line says: the game and the stakes.
type GameLine = (Game, (Amount, Amount));

/// `Game: NL Hold'em (40 - 200) - Blinds 1/2`: the PokerStars game (or the game as written) and
/// the stakes (the blinds; the bets in fixed limit).
fn game_line(text: &str) -> Option<GameLine> {
    let rest = text.strip_prefix("Game: ")?;
    let (name, rest) = rest.split_once(" (").unwrap_or((rest, ""));
    let stakes = rest.rsplit(' ').next()?;
    let (small, big) = stakes.split_once('/')?;
    let stakes = (money::parse(small)?, money::parse(big)?);
    let game = match name.trim() {
        "NL Hold'em" | "No Limit Hold'em" => Ok("Hold'em No Limit"),
        "Limit Hold'em" | "FL Hold'em" => Ok("Hold'em Limit"),
        "PL Omaha" | "Pot Limit Omaha" => Ok("Omaha Pot Limit"),
        "Limit Omaha Hi/Lo" | "FL Omaha Hi/Lo" | "Limit Omaha H/L" => Ok("Omaha Hi/Lo Limit"),
        other => Err(other.to_owned()),
    };
    Some((game, stakes))
}

/// `Table: NLHE 6max 1/2 #5`: the seats at the table (`6max`, `HU`).
fn seat_count(table: &str) -> Option<i64> {
    table.split_whitespace().find_map(|w| match w {
        "HU" => Some(2),
        _ => w.strip_suffix("max").and_then(|n| n.parse().ok()),
    })
}

fn import(lines: &[Line], draft: &mut Draft, options: &Options, id: &str) {
    let first = &lines[0];
    let mut hand = Hand { table_span: first.span, ..Hand::default() };
    for (text, span) in relay::said_lines(lines) {
        if hand.line(draft, options, text, span).is_break() {
            // An action's unreadable amount ends the reading: the hand is refused.
            return;
        }
    }
    hand.finish(draft, first, id, relay::last_said(lines));
}

/// A Seals With Clubs hand being read: what its lines said so far, and its play in the
/// PokerStars form.
#[derive(Default)]
struct Hand {
    game: Option<(GameLine, Span)>,
    table: Option<String>,
    table_span: Span,
    button: Option<i64>,
    seats: Vec<Seat>,
    body: Vec<(String, Span)>,
    rake: Amount,
    paid: Amount,
    showdown: bool,
}

impl Hand {
    /// Reads one line after the header; breaks when the hand cannot be read further.
    fn line(&mut self, draft: &mut Draft, options: &Options, text: &str, span: Span) -> ControlFlow<()> {
        if text.starts_with("Game: ") && self.game.is_none() {
            self.game = game_line(text).map(|g| (g, span));
            if self.game.is_none() {
                draft.refuse(codes::SITE_BAD_HEADER, "unreadable game line (game, stakes)", span);
            }
        } else if text.starts_with("Site: ") {
            // The site's name: the header says the hand is its.
        } else if let Some(t) = text.strip_prefix("Table: ") {
            self.table = Some(t.trim().to_owned());
            self.table_span = span;
        } else if let Some(rest) = text.strip_prefix("Seat ").filter(|_| self.body.is_empty()) {
            // `Seat 1: Hero11 (1346.42) - waiting for big blind`.
            let parsed = rest.split_once(": ").and_then(|(n, r)| {
                let r = r.rsplit_once(") - ").map_or(r, |(seat, _)| seat);
                let open = r.rfind(" (")?;
                let stack = money::parse(r[open + 2..].trim_end_matches(')'))?;
                Some((n.parse::<i64>().ok()?, r[..open].to_owned(), stack))
            });
            match parsed {
                Some((number, name, stack)) => self.seats.push((number, name, stack, span)),
                None => draft.refuse(codes::SITE_BAD_SEAT, format!("unreadable seat `{text}`"), span),
            }
        } else if let Some(marker) = text.strip_prefix("** ") {
            let (name, rest) = marker.split_once(" **").unwrap_or((marker, ""));
            match name {
                "Hole Cards" => self.body.push(("*** HOLE CARDS ***".into(), span)),
                "Flop" | "Turn" | "River" => {
                    self.body.push((format!("*** {} ***{rest}", name.to_ascii_uppercase()), span));
                }
                _ if name.ends_with("Show Down") => {
                    if !self.showdown {
                        self.showdown = true;
                        self.body.push(("*** SHOW DOWN ***".into(), span));
                    }
                }
                _ => draft.refuse(codes::SITE_UNKNOWN_LINE, format!("unknown street marker `{text}`"), span),
            }
        } else if let Some(r) = text.strip_prefix("Rake (") {
            match r.strip_suffix(')').and_then(money::parse) {
                Some(a) => self.rake = money::plus(self.rake, a),
                None => draft.refuse(codes::SITE_BAD_AMOUNT, format!("unreadable rake `{text}`"), span),
            }
        } else if let Some(t) = text.strip_prefix("Dealt to ") {
            self.body.push((format!("Dealt to {t}"), span));
        } else {
            return self.action(draft, options, text, span);
        }
        ControlFlow::Continue(())
    }

    /// A line about a seated player; breaks on an unreadable amount.
    fn action(&mut self, draft: &mut Draft, options: &Options, text: &str, span: Span) -> ControlFlow<()> {
        let named = relay::seated(&self.seats, text, &[' ']).map(|(_, name)| name);
        let Some(name) = named else {
            draft.unknown(options, text, span);
            return ControlFlow::Continue(());
        };
        let action = text[name.len()..].trim();
        let action = action.strip_suffix(" (All-in)").unwrap_or(action);
        match self.act(&name, action, span) {
            Some(true) => ControlFlow::Continue(()),
            Some(false) => {
                draft.unreadable_action(&name, text, span);
                ControlFlow::Continue(())
            }
            None => {
                draft.unreadable_action(&name, text, span);
                ControlFlow::Break(())
            }
        }
    }

    /// What `name` does, in the PokerStars words: whether it was read; `None` when its amount
    /// cannot be.
    fn act(&mut self, name: &str, action: &str, span: Span) -> Option<bool> {
        let line = if action == "has the dealer button" {
            self.button = self.seats.iter().find(|s| s.1 == name).map(|s| s.0);
            return Some(true);
        } else if action == "folds" || action == "checks" || action == "mucks" {
            let action = if action == "mucks" { "mucks hand" } else { action };
            format!("{name}: {action}")
        } else if let Some(t) = action.strip_prefix("posts small & big blind") {
            let a = money::parse(t.trim_start_matches('s').trim())?;
            format!("{name}: posts small & big blinds {a}")
        } else if let Some((post, t)) =
            ["posts small blind ", "posts big blind ", "posts ante ", "posts the ante "]
                .iter()
                .find_map(|p| action.strip_prefix(p).map(|t| (*p, t)))
        {
            let a = money::parse(t)?;
            let post = if post.contains("ante") { "posts the ante " } else { post };
            format!("{name}: {post}{a}")
        } else if let Some((verb, t)) =
            ["calls ", "bets "].iter().find_map(|v| action.strip_prefix(v).map(|t| (*v, t)))
        {
            let a = money::parse(t)?;
            format!("{name}: {verb}{a}")
        } else if let Some(t) = action.strip_prefix("raises to ") {
            let a = money::parse(t)?;
            format!("{name}: raises {a} to {a}")
        } else if let Some(t) = action.strip_prefix("refunded ") {
            let a = money::parse(t)?;
            format!("Uncalled bet ({a}) returned to {name}")
        } else if let Some(t) = action.strip_prefix("shows ") {
            let Some(c) = relay::bracket_cards(t).filter(|c| !c.is_empty()) else { return Some(false) };
            format!("{name}: shows [{c}]")
        } else if let Some(t) = action.strip_prefix("wins ") {
            // `wins Pot (8) with High Card`, `wins Side Pot 1 (2)`, `wins Main Pot (6) ...`.
            let a = t.split_once('(').and_then(|(_, a)| a.split(')').next()).and_then(money::parse)?;
            self.paid = money::plus(self.paid, a);
            format!("{name} collected {a} from pot")
        } else {
            // A rebuy for the next hand, seats coming and going.
            return Some(
                action.starts_with("adds ")
                    || action.contains("sitting out")
                    || action.starts_with("sits out")
                    || action.contains("has left")
                    || action.contains("has joined"),
            );
        };
        self.body.push((line, span));
        Some(true)
    }

    /// After the last line: the game checked, and the hand written in the PokerStars form.
    fn finish(self, draft: &mut Draft, first: &Line, id: &str, end: Span) {
        let Some(((game, stakes), game_span)) = self.game else {
            draft.refuse(codes::SITE_BAD_HEADER, "no readable `Game:` line", first.span);
            return;
        };
        let game = match game {
            Ok(g) => g,
            Err(written) => {
                let message = format!("PHH has no variant for Seals With Clubs' {written}");
                draft.refuse(codes::SITE_GAME_UNSUPPORTED, message, game_span);
                return;
            }
        };
        if self.paid.is_zero() && self.rake.is_zero() {
            draft.refuse(
                codes::SITE_INCOMPLETE,
                "the hand pays no one (no `wins` line): it is cut short",
                end,
            );
        }
        let digits: String = id.chars().filter(char::is_ascii_digit).collect();
        let date = first.text.trim().split_once(" - ").and_then(|(_, when)| relay::iso_date(when));
        let stars = StarsHeader::new("SealsWithClubs", &digits, game, Some(stakes)).date(date, None);
        draft.push(stars.line(), first.span);
        let name = self.table.as_deref().unwrap_or(id);
        draft.push(
            relay::table_line(name, self.table.as_deref().and_then(seat_count), self.button),
            self.table_span,
        );
        let rake = self.rake;
        relay::seats_play_summary(draft, &self.seats, self.body, (money::plus(self.paid, rake), rake), end);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_and_detection() {
        assert_eq!(hand_id("Hand #5223590-18 - 2013-04-09 19:37:28"), Some("5223590-18"));
        assert_eq!(hand_id("Hand #1 - nothing"), None);
        let (game, stakes) = game_line("Game: Limit Hold'em (40 - 1000000) - Stakes 2/4").unwrap();
        assert_eq!(game, Ok("Hold'em Limit"));
        assert_eq!((stakes.0.to_string(), stakes.1.to_string()), ("2".into(), "4".into()));
        assert_eq!(
            game_line("Game: PL Omaha Hi/Lo (20 - 100) - Blinds 1/1").unwrap().0,
            Err("PL Omaha Hi/Lo".into())
        );
        assert_eq!(seat_count("NLHE 6max 1/2 #5"), Some(6));
        assert_eq!(seat_count("NLHE HU 15/30 #2"), Some(2));
        assert!(Seals::detect(
            "Hand #5223590-18 - 2013-04-09 19:37:28\nGame: NL Hold'em (40 - 200) - Blinds 1/2\n"
        ));
        assert!(!Seals::detect("Hand #5223590-18 - 2013-04-09 19:37:28\nTable: x\n"));
    }
}
