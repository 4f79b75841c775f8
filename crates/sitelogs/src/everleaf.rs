//! Everleaf Gaming hand histories (`Everleaf Gaming Game #N`, its skins' `Everleaf Gaming -
//! Concord Gaming - Game #N`, and Partouche Poker's French `*** Historique des Mains pour la partie
//! N ***`): [`Reader`] imports them to PHH hands, one [`Record`](crate::Record) per hand, each replayed and
//! checked against the stacks and payouts the log states.
//!
//! The layout is the one 888 writes (chips added in brackets, no uncalled bet and no rake written,
//! cards with commas), so each line is rewritten in 888's words and read by the 888 importer
//! ([`crate::pacific`]): `NAME: posts small blind [$ 0.01 USD]` (a colon after some names),
//! amounts with a currency word (`USD`, `EUR`, `EURO`) and the euro sometimes written `ˆ` (its
//! Windows-1252 byte read in the wrong code page), `NAME wins $ 0.13 USD from main pot with ...`
//! (its hand's description wrapped onto the next line), and `NAME wins  high ($ 0.95 USD)` /
//! `wins  low ($0.47)` for a split pot. Stakes are the blinds in no-limit and pot-limit games
//! (`Blinds $0.01/$0.02 NL Hold'em`) and the bets in fixed-limit ones (`$0.50/$1 Omaha Hi/Lo`).
//!
//! Stud games (7-card stud, its hi/lo, razz: `$0.05/$0.10 7 Card Stud`, the bets) are read in
//! their own words: `posts ante [$ 0.01 USD]`, `posts bring-in $0.02.`, `completes to $0.05.`
//! (the total), the chips added otherwise, the streets `** Dealing down cards **` then `****
//! dealing 4th street ****` (older) or `** Dealing 4th Street **` to the river, each street's new
//! cards in `Dealt to NAME [ 6c ].` (the observer's three on 3rd street), and the seven cards
//! shown, which are put back in the order they were dealt.
//!
//! Refused per hand with a code: pot-limit Omaha hi/lo (no PHH variant), and a stud hand whose
//! bring-in player completed without a bring-in written (the bring-in PHH states is unknown:
//! [`SITE_BRING_IN_UNSTATED`](crate::codes::SITE_BRING_IN_UNSTATED)).
//!
//! ```
//! let log = "\
//! Everleaf Gaming Game #355196915
//! ***** Hand history for game #355196915 *****
//! Blinds $0.25/$0.50 NL Hold'em - 2012/02/09 - 22:09:43
//! Table Budapest
//! Seat 1 is the button
//! Total number of players: 2
//! Seat 1: Ann (  $ 50 USD )
//! Seat 2: Bob (  $ 50 USD )
//! Ann: posts small blind [$ 0.25 USD]
//! Bob: posts big blind [$ 0.50 USD]
//! ** Dealing down cards **
//! Ann raises [$ 1.25 USD]
//! Bob folds
//! Ann does not show cards
//! Ann wins $ 1 USD from main pot
//! ";
//! let record = sitelogs::everleaf::Reader::from_str(log, sitelogs::Options::default()).next().unwrap();
//! let hand = record.hand.unwrap();
//! assert_eq!(hand.venue.as_deref(), Some("Everleaf"));
//! assert_eq!(hand.finishing_stacks.unwrap()[1].to_string(), "50.50");
//! ```

use cards_core::{Amount, Span};

use crate::pokerstars::header::DateTime;
use crate::relay::{self, Draft, Relay, StarsHeader, Street, TextReader, TextSite};
use crate::text::Line;
use crate::{Options, codes, money};

/// Streams the hands of an Everleaf log.
pub type Reader<R> = TextReader<R, Everleaf>;

/// Everleaf's text, for [`TextReader`].
#[derive(Debug)]
pub struct Everleaf;

impl TextSite for Everleaf {
    const VENUE: &'static str = "Everleaf";

    fn is_header(line: &str) -> bool {
        let line = line.trim_start_matches('\u{feff}').trim();
        (line.starts_with("Everleaf Gaming") && line.contains("Game #"))
            || line == "Partouche Poker Gibraltar"
    }

    /// Whether the start of a file (decoded text) is an Everleaf log: a line opening a hand
    /// (`Everleaf Gaming Game #N`) or its `***** Hand history for game #N *****` line.
    fn detect(head: &str) -> bool {
        head.lines().take(60).any(|l| {
            let l = l.trim_start_matches('\u{feff}').trim();
            (l.starts_with("Everleaf Gaming") && l.contains("Game #"))
                || (l.starts_with("***** Hand history for game #") && hand_number(l).is_some())
                || l.starts_with("*** Historique des Mains pour la partie ")
        })
    }
}

impl Relay for Everleaf {
    fn read(lines: &[Line], draft: &mut Draft, options: &Options) {
        let id = lines.iter().take(3).find_map(|l| hand_number(&l.text)).unwrap_or_default();
        // The game line: the first after the header and its `***` titles.
        let game_at = lines
            .iter()
            .enumerate()
            .skip(1)
            .find(|(_, l)| !l.text.trim().is_empty() && !l.text.trim_start().starts_with("***"))
            .map(|(i, _)| i);
        if let Some((at, game)) = game_at.and_then(|i| stud_game(&lines[i].text).map(|g| (i, g))) {
            stud(lines, at, game, draft, options, &id);
        } else if let Some(rewritten) = rewrite(lines, draft) {
            crate::pacific::import(&rewritten, draft, options, &id, "Everleaf");
        }
    }
}

/// The hand number of a header line (`Game #190070009`, `game #N`, `la partie N`).
fn hand_number(line: &str) -> Option<String> {
    let at = line.find("ame #").map(|i| i + 5).or_else(|| line.find("la partie ").map(|i| i + 10))?;
    let digits: String = line[at..].chars().take_while(char::is_ascii_digit).collect();
    (!digits.is_empty()).then_some(digits)
}

/// A line's text with the currency words dropped and a mis-decoded euro (`ˆ`) restored.
fn clean(text: &str) -> String {
    let mut text = text.replace('ˆ', "€");
    for word in [" EURO", " EUR", " USD"] {
        for end in ["]", ")", " "] {
            text = text.replace(&format!("{word}{end}"), end);
        }
        if let Some(stripped) = text.strip_suffix(word) {
            text = stripped.to_owned();
        }
    }
    text
}

/// `Blinds $0.01/$0.02 NL Hold'em - [4 Max - ]2010/08/03 - 17:00:00` in 888's words:
/// `$0.01/$0.02 Blinds No Limit Holdem - *** 03 08 2010 17:00:00`. `Err` is why not.
fn game_line(text: &str) -> Result<String, (&'static str, String)> {
    let text = clean(text).replace("/ ", "/");
    let body = text.trim().strip_prefix("Blinds").unwrap_or(text.trim()).trim();
    let (game, when) = body.split_once(" - ").ok_or((codes::SITE_BAD_HEADER, "no date".to_owned()))?;
    let (stakes, name) = game.split_once(' ').ok_or((codes::SITE_BAD_HEADER, "no game".to_owned()))?;
    let (limit, name) = match name.split_once(' ') {
        Some(("NL", n)) => ("No Limit", n),
        Some(("PL", n)) => ("Pot Limit", n),
        Some(("FL", n)) => ("Fix Limit", n),
        _ => ("Fix Limit", name),
    };
    let name = match name.trim() {
        "Hold'em" | "Holdem" => "Holdem",
        "Omaha" => "Omaha",
        "Omaha Hi/Lo" => "Omaha Hi/Lo",
        other => {
            return Err((codes::SITE_GAME_UNSUPPORTED, format!("PHH has no variant for Everleaf's {other}")));
        }
    };
    let symbol: String = stakes.chars().filter(|c| money::SYMBOLS.contains(c)).take(1).collect();
    let (small, big) =
        stakes.split_once('/').ok_or((codes::SITE_BAD_HEADER, format!("unreadable stakes `{stakes}`")))?;
    let parse = |t: &str| {
        crate::winamax::amount(t).ok_or((codes::SITE_BAD_HEADER, format!("unreadable stakes `{stakes}`")))
    };
    let (small, big) = (parse(small)?, parse(big)?);
    // Fixed limit: the bets are written; 888's form writes the blinds (half the small bet, the
    // small bet).
    let (small, big) = if limit == "Fix Limit" {
        let half = "0.5"
            .parse::<Amount>()
            .ok()
            .and_then(|h| small.checked_mul(h).ok())
            .map(Amount::normalize)
            .ok_or((codes::SITE_BAD_HEADER, stakes.to_owned()))?;
        (half, small)
    } else {
        (small, big)
    };
    // The date: the last `YYYY/MM/DD - HH:MM:SS` of the line.
    let words: Vec<&str> = when.split([' ', '-']).filter(|w| !w.is_empty()).collect();
    let date = words.iter().position(|w| w.len() == 10 && w.as_bytes()[4] == b'/').and_then(|i| {
        let mut d = words[i].split('/');
        let (y, m, dd) = (d.next()?, d.next()?, d.next()?);
        Some(format!("{dd} {m} {y} {}", words.get(i + 1)?))
    });
    Ok(format!("{symbol}{small}/{symbol}{big} Blinds {limit} {name} - *** {}", date.unwrap_or_default()))
}

/// The hand's lines in 888's words; `None` (the draft refused) when it cannot be.
fn rewrite(lines: &[Line], draft: &mut Draft) -> Option<Vec<Line>> {
    let mut out = vec![lines[0].clone()];
    let mut rest = lines[1..].iter().filter(|l| !l.text.trim().is_empty()).peekable();
    // Partouche's French title and Everleaf's `***** Hand history for game #N *****`.
    while rest.peek().is_some_and(|l| l.text.trim_start().starts_with("***")) {
        rest.next();
    }
    let Some(game) = rest.next() else {
        draft.refuse(codes::SITE_INCOMPLETE, "the hand ends after its header", lines[0].span);
        return None;
    };
    match game_line(&game.text) {
        Ok(text) => out.push(Line { text, span: game.span }),
        Err((code, message)) => {
            draft.refuse(code, message, game.span);
            return None;
        }
    }
    let mut names: Vec<String> = Vec::new();
    let mut after_wins = false;
    for line in rest {
        let text = clean(line.text.trim());
        let span = line.span;
        if let Some(seat) = text.strip_prefix("Seat ").and_then(|s| s.split_once(": "))
            && let Some(open) = seat.1.rfind(" (")
        {
            names.push(seat.1[..open].to_owned());
            // 888's seat: `Seat 1: NAME ( $0.98 )`.
            let inside = seat.1[open + 2..].trim_end_matches(')');
            out.push(Line { text: format!("Seat {}: {} ( {} )", seat.0, &seat.1[..open], inside), span });
            after_wins = false;
            continue;
        }
        let named = names
            .iter()
            .filter(|n| text.starts_with(n.as_str()) && text[n.len()..].starts_with([' ', ':']))
            .max_by_key(|n| n.len());
        let Some(name) = named else {
            // A hand's description wrapped after `wins ... with two pairs, jacks and`.
            if after_wins && !text.starts_with("**") {
                continue;
            }
            after_wins = false;
            if text.contains("déconnecté")
                || text.contains("has disconnected")
                || text.contains("has been given")
            {
                continue;
            }
            out.push(Line { text, span });
            continue;
        };
        let action = text[name.len()..].trim_start_matches(':').trim();
        after_wins = false;
        if let Some(won) = action.strip_prefix("wins") {
            // `wins $ 0.13 from main pot with ...`, `wins  high ($ 0.95) from main pot`.
            let won = won.trim();
            let won = won.strip_prefix("high").or_else(|| won.strip_prefix("low")).unwrap_or(won).trim();
            let amount = won.trim_start_matches('(').split([')', 'f']).next().unwrap_or_default().trim();
            out.push(Line { text: format!("{name} collected [ {amount} ]"), span });
            after_wins = true;
        } else if action.starts_with("does not show")
            || action.starts_with("is sitting out")
            || action.contains("déconnecté")
            || action.contains("disconnected")
        {
        } else {
            out.push(Line { text: format!("{name} {action}"), span });
        }
    }
    Some(out)
}

/// The PokerStars name of a stud game line's game (`$0.05/$0.10 7 Card Stud - 2011/07/08 -
/// 00:08:53`), `None` for the other games.
fn stud_game(text: &str) -> Option<&'static str> {
    let text = clean(text);
    let game = text.split(" - ").next()?.trim();
    let name = game.split_once(' ')?.1.to_ascii_lowercase();
    if name.contains("razz") {
        Some("Razz Limit")
    } else if name.contains("stud") {
        let split = ["hi/lo", "hi-lo", "h/l", "8"].iter().any(|w| name.contains(w));
        Some(if split { "7 Card Stud Hi/Lo Limit" } else { "7 Card Stud Limit" })
    } else {
        None
    }
}

/// A stud game line's bets, their currency symbol and its date.
type StudStakes = ((Amount, Amount), Option<char>, Option<DateTime>);

/// `$0.05/$0.10 7 Card Stud - 2011/07/08 - 00:08:53`: the bets, their symbol and the date.
fn stud_stakes(text: &str) -> Option<StudStakes> {
    let text = clean(text).replace("/ ", "/");
    let (game, when) = text.trim().split_once(" - ")?;
    let stakes = game.split_whitespace().next()?;
    let symbol = stakes.chars().find(|c| money::SYMBOLS.contains(c));
    let (small, big) = stakes.split_once('/')?;
    let bets = (crate::winamax::amount(small)?, crate::winamax::amount(big)?);
    let words: Vec<&str> = when.split([' ', '-']).filter(|w| !w.is_empty()).collect();
    let date = words
        .iter()
        .position(|w| w.len() == 10 && w.as_bytes()[4] == b'/')
        .and_then(|i| relay::iso_date(&format!("{} {}", words[i], words.get(i + 1)?)));
    Some((bets, symbol, date))
}

/// A stud street marker (`** Dealing down cards **`, `**** dealing 4th street ****`, `** Dealing
/// River **`): the street's number, 3 to 7.
fn stud_street(text: &str) -> Option<usize> {
    let name = text.trim_matches(|c: char| c == '*' || c.is_whitespace()).to_ascii_lowercase();
    let name = name.strip_prefix("dealing ")?;
    match name {
        "down cards" | "3rd street" => Some(3),
        "4th street" => Some(4),
        "5th street" => Some(5),
        "6th street" => Some(6),
        "river" | "7th street" => Some(7),
        _ => None,
    }
}

/// The amount of `[$ 0.05]` or of `$0.02.` (a bring-in's, a completion's).
fn stud_amount(text: &str) -> Option<Amount> {
    let inner = match (text.find('['), text.find(']')) {
        (Some(open), Some(close)) if open < close => &text[open + 1..close],
        _ => text.trim().trim_end_matches('.'),
    };
    let plain: String = inner.chars().filter(|c| !c.is_whitespace()).collect();
    crate::winamax::amount(&plain)
}

/// The seven cards a player shows put in the order they were dealt (down, down, up, up, up, up,
/// down; PHH's and PokerStars' order), the cards the log dealt to the player known in their
/// places. Everleaf shows the observer's own cards in another order (the first and last down
/// cards swapped). As shown when they do not fit what was dealt.
pub(crate) fn dealt_order(shown: &[String], dealt: &[Option<String>; 7]) -> Vec<String> {
    let known: Vec<&String> = dealt.iter().flatten().collect();
    if shown.len() != 7 || known.iter().any(|c| !shown.contains(c)) {
        return shown.to_vec();
    }
    let mut rest = shown.iter().filter(|c| !known.contains(c));
    dealt.iter().map(|slot| slot.clone().or_else(|| rest.next().cloned()).unwrap_or_default()).collect()
}

/// One stud hand (7-card stud, stud hi/lo, razz) in the PokerStars form: `lines[game_at]` is the
/// game line. Everleaf writes the chips a player adds (`calls [$ 0.03]`, `raises [$ 0.10]`) but
/// `completes to $0.05.`, the bring-in as `posts bring-in $0.02.`, each street's new cards
/// (`Dealt to NAME [ 6c ].`, the observer's three on 3rd street), no uncalled bet and no rake.
fn stud(lines: &[Line], game_at: usize, game: &'static str, draft: &mut Draft, options: &Options, id: &str) {
    let header = &lines[0];
    let game_line = &lines[game_at];
    let Some((bets, symbol, date)) = stud_stakes(&game_line.text) else {
        draft.refuse(codes::SITE_BAD_HEADER, "unreadable game line (stakes, game, date)", game_line.span);
        return;
    };
    let mut hand = Stud::new(game_line.span);
    for line in &lines[game_at + 1..] {
        let text = clean(line.text.trim());
        let text = text.trim();
        if text.is_empty() {
            continue;
        }
        hand.end = line.span;
        if hand.line(draft, options, text, line.span).is_none() {
            return;
        }
    }
    let counts_uncalled = hand.settle(draft);
    hand.check_deals(draft, game_line.span);
    hand.street.collected(&mut hand.body, counts_uncalled);
    draft.payout(&hand.street, false);
    let currency = relay::currency(symbol);
    let stars = StarsHeader::new("Everleaf", id, game, Some(bets)).money(symbol, currency).date(date, None);
    draft.push(stars.line(), header.span);
    draft.push(relay::table_line(hand.table.as_deref().unwrap_or(id), None, None), game_line.span);
    relay::seats_play_summary(
        draft,
        &hand.seats,
        hand.body,
        (hand.street.total, hand.street.rake()),
        hand.end,
    );
}

/// A stud hand's play under way, line by line.
struct Stud {
    table: Option<String>,
    seats: Vec<relay::Seat>,
    /// The play, in PokerStars' words.
    body: Vec<(String, Span)>,
    street: Street,
    /// The street under way (3 to 7; 0 before 3rd street).
    number: usize,
    /// The cards dealt to each player, by the slot they were dealt in.
    dealt: Vec<(String, [Option<String>; 7])>,
    bring_in: bool,
    /// Who posted an ante (is dealt in), who folded, and who was in at each street's deal.
    anted: Vec<String>,
    folded: Vec<String>,
    live_at: Vec<(usize, Vec<String>, Span)>,
    closed: bool,
    after_wins: bool,
    /// The last line read.
    end: Span,
}

impl Stud {
    fn new(end: Span) -> Stud {
        Stud {
            table: None,
            seats: Vec::new(),
            body: Vec::new(),
            street: Street::default(),
            number: 0,
            dealt: Vec::new(),
            bring_in: false,
            anted: Vec::new(),
            folded: Vec::new(),
            live_at: Vec::new(),
            closed: false,
            after_wins: false,
            end,
        }
    }

    /// One line after the game line (cleaned, not blank); `None` when the hand is refused and
    /// reading stops.
    fn line(&mut self, draft: &mut Draft, options: &Options, text: &str, span: Span) -> Option<()> {
        if let Some(t) = text.strip_prefix("Table ") {
            self.table = Some(t.trim().to_owned());
        } else if text.starts_with("Total number of players") {
        } else if let Some(seat) = text.strip_prefix("Seat ").filter(|_| self.body.is_empty()) {
            self.seat(draft, text, seat, span);
        } else if text.starts_with("**") {
            self.marker(draft, text, span);
        } else if let Some(rest) = text.strip_prefix("Dealt to ") {
            self.dealt_to(draft, text, rest, span);
        } else {
            let named = self
                .seats
                .iter()
                .filter(|s| text.starts_with(s.1.as_str()) && text[s.1.len()..].starts_with([' ', ':']))
                .max_by_key(|s| s.1.len())
                .map(|s| s.1.clone());
            let Some(name) = named else {
                // A hand's description wrapped after `wins ... with two pairs, jacks and`.
                if !self.after_wins {
                    draft.unknown(options, text, span);
                }
                return Some(());
            };
            self.after_wins = false;
            let action = text[name.len()..].trim_start_matches(':').trim();
            if self.action(draft, &name, action, text, span).is_none() {
                // An unreadable amount or show: the hand is refused, and read no further.
                unreadable(draft, &name, text, span);
                return None;
            }
        }
        Some(())
    }

    /// `Seat N: NAME ( $ 1.23 )` (`seat`: the text after `Seat `).
    fn seat(&mut self, draft: &mut Draft, text: &str, seat: &str, span: Span) {
        let parsed = seat.split_once(": ").and_then(|(n, r)| {
            let open = r.rfind(" (")?;
            let inside = r[open + 2..].trim_end_matches(')');
            Some((n.trim().parse::<i64>().ok()?, r[..open].to_owned(), stud_amount(inside)?))
        });
        match parsed {
            Some((n, name, stack)) => self.seats.push((n, name, stack, span)),
            None => draft.refuse(codes::SITE_BAD_SEAT, format!("unreadable seat `{text}`"), span),
        }
    }

    /// A street marker (`** Dealing 4th street **`).
    fn marker(&mut self, draft: &mut Draft, text: &str, span: Span) {
        match stud_street(text) {
            Some(3) if self.number < 3 => {
                self.number = 3;
                self.live_at.push((3, self.anted.clone(), span));
                self.body.push(("*** 3rd STREET ***".into(), span));
            }
            Some(n) if n > self.number && n > 3 => {
                self.number = n;
                let live = self.anted.iter().filter(|a| !self.folded.contains(a)).cloned().collect();
                self.live_at.push((n, live, span));
                self.street.close(&mut self.body, span);
                let name = if n == 7 { "RIVER".to_owned() } else { format!("{n}th STREET") };
                self.body.push((format!("*** {name} ***"), span));
            }
            _ => draft.refuse(codes::SITE_UNKNOWN_LINE, format!("unknown street marker `{text}`"), span),
        }
    }

    /// `Dealt to NAME [ 6c ]` (`rest`: the text after `Dealt to `): the cards kept in the slots of
    /// the street under way.
    fn dealt_to(&mut self, draft: &mut Draft, text: &str, rest: &str, span: Span) {
        let open = rest.find(" [").unwrap_or(rest.len());
        let name = rest[..open].trim();
        let cards = relay::bracket_cards(&rest[open..]).unwrap_or_default();
        let cards: Vec<&str> = cards.split_whitespace().collect();
        let number = self.number;
        let slots = match (number, cards.len()) {
            (3, 3) => 0..3,
            (3, 2) => 0..2,
            (3, 1) => 2..3,
            (4..=7, 1) => number - 1..number,
            _ => {
                draft.refuse(codes::SITE_BAD_CARDS, format!("unreadable cards `{text}`"), span);
                return;
            }
        };
        let i = self.dealt.iter().position(|d| d.0 == name).unwrap_or_else(|| {
            self.dealt.push((name.to_owned(), Default::default()));
            self.dealt.len() - 1
        });
        for (slot, card) in slots.zip(&cards) {
            self.dealt[i].1[slot] = Some((*card).to_owned());
        }
        self.body.push((format!("Dealt to {name} [{}]", cards.join(" ")), span));
    }

    /// A seated player's line (`action`: the text after the name); `None` when its amount or
    /// cards cannot be read.
    fn action(&mut self, draft: &mut Draft, name: &str, action: &str, text: &str, span: Span) -> Option<()> {
        let showdown = ["shows", "does not show", "mucks", "wins"].iter().any(|w| action.starts_with(w));
        if showdown && !self.closed {
            self.closed = true;
            self.street.close(&mut self.body, span);
        }
        let body = &mut self.body;
        if action == "folds" || action == "checks" {
            if action == "folds" {
                self.folded.push(name.to_owned());
            }
            body.push((format!("{name}: {action}"), span));
        } else if let Some(t) = action.strip_prefix("posts ante") {
            let a = stud_amount(t)?;
            self.anted.push(name.to_owned());
            self.street.dead(a);
            body.push((format!("{name}: posts the ante {a}"), span));
        } else if let Some(t) = action.strip_prefix("posts bring-in") {
            let a = stud_amount(t)?;
            self.bring_in = true;
            self.street.post(name, a);
            body.push((format!("{name}: brings in for {a}"), span));
        } else if let Some(t) = action.strip_prefix("completes to") {
            let to = stud_amount(t)?;
            self.street.raise_to(name, to);
            body.push((format!("{name}: completes it to {to}"), span));
        } else if let Some(t) = ["calls", "bets", "raises"]
            .iter()
            .find_map(|w| action.strip_prefix(w).filter(|t| t.contains('[')))
        {
            let added = self.street.add(name, stud_amount(t)?);
            body.push((relay::added_text(name, &added), span));
        } else if let Some(t) = action.strip_prefix("shows") {
            self.shows(name, t, span)?;
        } else if action.starts_with("mucks") {
            body.push((format!("{name}: mucks hand"), span));
        } else if let Some(won) = action.strip_prefix("wins") {
            let won = won.trim();
            let won = won.strip_prefix("high").or_else(|| won.strip_prefix("low")).unwrap_or(won).trim();
            let amount = won.trim_start_matches('(').split([')', 'f']).next().and_then(stud_amount)?;
            self.street.win(name, amount, span);
            self.after_wins = true;
        } else if !(action.starts_with("does not show")
            || action.starts_with("is sitting out")
            || action.contains("disconnected")
            || action.contains("has been given"))
        {
            // Refused alone: the hand reads on.
            unreadable(draft, name, text, span);
        }
        Some(())
    }

    /// `NAME shows [cards]` (`t`: the text after `shows`), in the order they were dealt; `None`
    /// when no cards are given.
    fn shows(&mut self, name: &str, t: &str, span: Span) -> Option<()> {
        let shown = relay::bracket_cards(t).unwrap_or_default();
        let shown: Vec<String> = shown.split_whitespace().map(str::to_owned).collect();
        if shown.is_empty() {
            return None;
        }
        let cards = match self.dealt.iter().find(|d| d.0 == name) {
            Some((_, slots)) => dealt_order(&shown, slots),
            None => shown,
        };
        if !self.body.iter().any(|(l, _)| l == "*** SHOW DOWN ***") {
            self.body.push(("*** SHOW DOWN ***".into(), span));
        }
        self.body.push((format!("{name}: shows [{}]", cards.join(" ")), span));
        Some(())
    }

    /// The betting closed and the hand paid: Everleaf pays the pot without the bet no one called
    /// (which `close` counts in the payout), unless what it pays says otherwise (more than the
    /// pot without it). Returns whether the payout counts the uncalled bet.
    fn settle(&mut self, draft: &mut Draft) -> bool {
        let end = self.end;
        if !self.closed {
            self.street.close(&mut self.body, end);
        }
        if !self.street.paid() {
            draft.refuse(
                codes::SITE_INCOMPLETE,
                "the hand pays no one (no `wins` line): it is cut short",
                end,
            );
        }
        self.street.payout_counts_uncalled()
    }

    /// What PHH needs dealt to replay the hand: every up card that sets who acts first
    /// (PokerKit's rules find them by the up cards), and the bring-in (`game_line`: where to
    /// refuse it).
    fn check_deals(&self, draft: &mut Draft, game_line: Span) {
        let unseen = self.live_at.iter().find(|(street, live, _)| {
            *street <= 6
                && live
                    .iter()
                    .any(|n| self.dealt.iter().find(|d| d.0 == *n).is_none_or(|d| d.1[street - 1].is_none()))
        });
        if let Some((street, _, span)) = unseen {
            draft.refuse(
                codes::SITE_STUD_UP_CARDS_UNKNOWN,
                format!("the log does not show every up card of street {street}, which set who acts first"),
                *span,
            );
        }
        if !self.bring_in {
            draft.refuse(
                codes::SITE_BRING_IN_UNSTATED,
                "the bring-in player completed without the log stating the bring-in, which PHH requires",
                game_line,
            );
        }
    }
}

/// Refuses the hand for a line about `name` that cannot be read.
fn unreadable(draft: &mut Draft, name: &str, text: &str, span: Span) {
    draft.refuse(
        codes::SITE_UNREADABLE_ACTION,
        format!("a line about `{name}` cannot be read: `{text}`"),
        span,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_lines() {
        assert_eq!(
            game_line("Blinds $0.01/$0.02 NL Hold'em - 2010/08/03 - 17:00:00").unwrap(),
            "$0.01/$0.02 Blinds No Limit Holdem - *** 03 08 2010 17:00:00"
        );
        assert_eq!(
            game_line("Blinds €0.10/€0.20 NL Hold'em - 4 Max - 2012/09/01 - 22:44:57").unwrap(),
            "€0.10/€0.20 Blinds No Limit Holdem - *** 01 09 2012 22:44:57"
        );
        assert_eq!(
            game_line("$0.50/$1 Omaha Hi/Lo - 2010/03/01 - 11:00:02").unwrap(),
            "$0.25/$0.50 Blinds Fix Limit Omaha Hi/Lo - *** 01 03 2010 11:00:02"
        );
        assert_eq!(stud_game("$0.05/$0.10 7 Card Stud - 2011/07/01 - 11:00:02"), Some("7 Card Stud Limit"));
        assert_eq!(stud_game("€0.05/€0.10 Razz - 2011/07/01 - 11:00:02"), Some("Razz Limit"));
        assert_eq!(stud_game("$0.50/$1 Omaha Hi/Lo - 2010/03/01 - 11:00:02"), None);
        assert_eq!(stud_street("**** dealing 4th street ****"), Some(4));
        assert_eq!(stud_street("** Dealing River **"), Some(7));
        assert_eq!(stud_amount("$0.02."), "0.02".parse().ok());
        assert_eq!(stud_amount("[€ 0.10]"), "0.10".parse().ok());
    }

    #[test]
    fn detection() {
        assert!(Everleaf::detect(
            "Everleaf Gaming Game #190070009\n***** Hand history for game #190070009 *****\n"
        ));
        assert!(Everleaf::detect(
            "Partouche Poker Gibraltar\n*** Historique des Mains pour la partie 25324991 ***\n"
        ));
        assert!(!Everleaf::detect("***** Hand History for Game 13549974403 *****\n"));
    }
}
