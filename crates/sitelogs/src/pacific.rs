//! 888 / Pacific Poker hand histories (the Cassava network's text: `***** Cassava Hand History
//! for Game N *****`, `***** 888poker Hand History ...`, `***** 888poker.es ...`, Snap Poker and
//! BLAST): [`Reader`] imports them to PHH hands, one [`Record`](crate::Record) per hand, each replayed and
//! checked against the stacks and payouts the log states.
//!
//! The layout is PartyPoker's old one: the chips a player adds in brackets (`raises [$0.62]`,
//! `calls [0,16$]`), amounts with the symbol before or after and decimal commas by the client's
//! locale (`$1,728.25`, `222,75$`, `0,01 $`), `posts dead blind [$0.01 + $0.02]` (the small blind
//! dead, the big live), cards in brackets with commas (`[ 9s, Ts, 4d ]`), and a `** Summary **`
//! with the shows, mucks and payouts. No uncalled bet is written: some logs pay it back inside
//! the bettor's `collected`, others leave it out; the import returns it and counts it in the
//! payout only when the figures say the site did (what was paid plus the bet returned would be
//! more than went in). No rake is written either: it is what went in less what was paid out, and
//! a hand paid short of its pot by more than a rake is refused
//! ([`SITE_PAYOUT_SHORT`](crate::codes::SITE_PAYOUT_SHORT)). Cards written in the client's
//! language (Dutch `B`/`V`/`H`, Swedish `Kn`/`D`/`E`, Russian `В`/`Д`/`К`/`Т`, German suits
//! `Pik`/`Herz`/`Karo`/`Kreuz`) are read with
//! [`SITE_LOCALIZED_CARDS`](crate::codes::SITE_LOCALIZED_CARDS), a warning (an error under
//! `strict`).
//!
//! Refused per hand with a code: the games PHH cannot express (pot-limit hold'em, Omaha hi/lo
//! other than fixed limit), seats whose names are blank (who did what is unknown).
//!
//! ```
//! let log = "\
//! #Game No : 79911308
//! ***** Cassava Hand History for Game 79911308 *****
//! $0.01/$0.02 Blinds No Limit Holdem - *** 04 02 2011 13:04:49
//! Table Plovdiv (Real Money)
//! Seat 1 is the button
//! Total number of players : 2
//! Seat 1: Ann ( $2.06 )
//! Seat 2: Bob ( $2 )
//! Ann posts small blind [$0.01]
//! Bob posts big blind [$0.02]
//! ** Dealing down cards **
//! Ann raises [$0.05]
//! Bob folds
//! ** Summary **
//! Ann collected [ $0.04 ]
//! ";
//! let record = sitelogs::pacific::Reader::from_str(log, sitelogs::Options::default()).next().unwrap();
//! let hand = record.hand.unwrap();
//! assert_eq!(hand.venue.as_deref(), Some("888"));
//! assert_eq!(hand.finishing_stacks.unwrap()[1].to_string(), "2.08");
//! ```

use cards_core::{Amount, Span};

use crate::relay::{self, Draft, Relay, StarsHeader, Street, TextReader, TextSite};
use crate::text::Line;
use crate::{Options, codes, money};

/// Streams the hands of an 888 / Pacific Poker log.
pub type Reader<R> = TextReader<R, Pacific>;

/// The Cassava network's text, for [`TextReader`].
#[derive(Debug)]
pub struct Pacific;

impl TextSite for Pacific {
    const VENUE: &'static str = "888";
    const DETECT_LINES: usize = 60;

    fn is_header(line: &str) -> bool {
        hand_id(line).is_some()
    }

    fn is_noise(line: &str) -> bool {
        line.trim_start_matches('\u{feff}').starts_with("#Game No")
    }
}

impl Relay for Pacific {
    fn read(lines: &[Line], draft: &mut Draft, options: &Options) {
        let id = hand_id(&lines[0].text).unwrap_or_default();
        import(lines, draft, options, id, "Pacific");
    }
}

/// `***** Cassava Hand History for Game 79911308 *****`: the hand number.
fn hand_id(line: &str) -> Option<&str> {
    let line = line.trim_start_matches('\u{feff}').trim();
    let rest = line.strip_prefix("***** ").or_else(|| line.strip_prefix("**** "))?;
    let (site, rest) = rest.split_once(" Hand History for Game ")?;
    let brand = site.split_whitespace().next()?;
    if !(brand == "Cassava" || brand.starts_with("888")) {
        return None;
    }
    let id = rest.split_whitespace().next()?;
    id.bytes().all(|b| b.is_ascii_digit()).then_some(id)
}

/// An amount as 888 writes it: the symbol before or after, spaces, a decimal point or, in a hand
/// written with decimal commas (`comma`), a decimal comma and points between thousands
/// (`$ 3.243`, `$ 552,72`).
fn amount(text: &str, comma: bool) -> Option<Amount> {
    let plain: String = text.chars().filter(|c| !c.is_whitespace() && *c != '\u{a0}').collect();
    if comma {
        let plain = plain.trim_matches(|c: char| money::SYMBOLS.contains(&c));
        let (whole, fraction) = plain.split_once(',').unwrap_or((plain, ""));
        let whole: String = whole.split('.').collect();
        let text = if fraction.is_empty() { whole } else { format!("{whole}.{fraction}") };
        return money::parse(&text);
    }
    crate::winamax::amount(&plain)
}

/// Whether a hand writes decimal commas: an amount with a comma before its last one or two
/// digits (`0,55 $`, `$ 552,72`).
fn writes_decimal_commas(lines: &[Line]) -> bool {
    lines.iter().any(|l| {
        let b = l.text.as_bytes();
        (1..b.len()).any(|i| {
            b[i] == b',' && b[i - 1].is_ascii_digit() && {
                let digits = b[i + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
                (1..=2).contains(&digits)
                    && b.get(i + 1 + digits).is_none_or(|c| matches!(c, b' ' | b']' | b')' | b'$' | b'/'))
                    && !b[i + 1..].starts_with(b" ")
            }
        })
    })
}

/// The amount in the first brackets: `[$0.05]`, `[ 0,08 $ ]`; a dead blind's `[$0.01 + $0.02]`
/// is the sum of its two parts.
fn bracket_amounts(text: &str, comma: bool) -> Option<Vec<Amount>> {
    let open = text.find('[')?;
    let close = text[open..].find(']')? + open;
    text[open + 1..close].split('+').map(|a| amount(a, comma)).collect()
}

/// One card in 888's words, as PHH writes it; `localized` when the client's language named it.
fn card(word: &str, localized: &mut bool) -> Option<String> {
    let word = word.trim();
    let (rank, suit) = [("Kreuz", 'c'), ("Karo", 'd'), ("Pik", 's'), ("Herz", 'h')]
        .iter()
        .find_map(|(name, s)| word.strip_suffix(name).map(|r| (r, *s)))
        .map(|(r, s)| {
            *localized = true;
            (r, s)
        })
        .or_else(|| {
            let suit = word.chars().last()?;
            Some((&word[..word.len() - suit.len_utf8()], suit))
        })?;
    if !matches!(suit, 'h' | 'd' | 'c' | 's') {
        return None;
    }
    let rank = match rank {
        "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9" | "T" | "J" | "Q" | "K" | "A" => rank.to_owned(),
        "10" => "T".to_owned(),
        other => {
            *localized = true;
            match other {
                // Dutch (boer, vrouw, heer), Swedish (knekt, dam, ess).
                "B" | "Kn" => "J",
                "V" | "D" => "Q",
                "H" => "K",
                "E" => "A",
                // Russian (валет, дама, король, туз), in Unicode or as Windows-1251 bytes read as
                // Windows-1252.
                "В" | "Â" => "J",
                "Д" | "Ä" => "Q",
                "К" | "Ê" => "K",
                "Т" | "Ò" => "A",
                _ => return None,
            }
            .to_owned()
        }
    };
    Some(format!("{rank}{suit}"))
}

/// `[ 9s, Ts, 4d ]` as PokerStars writes it (`[9s Ts 4d]`).
fn cards(text: &str, localized: &mut bool) -> Option<String> {
    let open = text.find('[')?;
    let close = text[open..].find(']')? + open;
    let inner = text[open + 1..close].trim();
    if inner.is_empty() {
        return None;
    }
    let cards: Vec<String> = inner.split(',').map(|c| card(c, localized)).collect::<Option<_>>()?;
    Some(format!("[{}]", cards.join(" ")))
}

/// What the game line says: `$0.01/$0.02 Blinds No Limit Holdem - *** 04 02 2011 13:04:49`.
#[derive(Debug)]
struct GameLine {
    game: Result<&'static str, String>,
    stakes: (Amount, Amount),
    symbol: Option<char>,
    date: Option<(i64, i64, i64, u8, u8, u8)>,
}

fn game_line(text: &str, comma: bool) -> Option<GameLine> {
    let (body, when) = text.split_once(" - ***").map_or((text, None), |(b, w)| (b, Some(w.trim())));
    let (stakes, rest) = body.split_once(" Blinds ")?;
    let (small, big) = stakes.split_once('/')?;
    let symbol = stakes.chars().find(|c| money::SYMBOLS.contains(c));
    let limit = ["No Limit", "Pot Limit", "Fix Limit", "Limit"].into_iter().find(|l| rest.starts_with(l))?;
    let name = rest[limit.len()..].trim();
    let name = name.strip_suffix("Jackpot table").unwrap_or(name).trim();
    let game = match (limit, name) {
        ("No Limit", "Holdem" | "Hold'em") => Ok("Hold'em No Limit"),
        ("Fix Limit" | "Limit", "Holdem" | "Hold'em") => Ok("Hold'em Limit"),
        ("Pot Limit", "Omaha") => Ok("Omaha Pot Limit"),
        ("Fix Limit" | "Limit", "Omaha Hi/Lo" | "OmahaHL") => Ok("Omaha Hi/Lo Limit"),
        _ => Err(format!("{limit} {name}")),
    };
    // `04 02 2011 13:04:49`: day, month, year.
    let date = when.and_then(|w| {
        let words: Vec<&str> = w.split_whitespace().collect();
        match words.as_slice() {
            [d, m, y, time, ..] => relay::iso_date(&format!("{y}-{m}-{d} {time}")),
            _ => None,
        }
    });
    let (small, big) = (amount(small, comma)?, amount(big, comma)?);
    // Fixed limit: the blinds are written; the bets are the big blind and twice it.
    let stakes = if limit.ends_with("Fix Limit") || limit == "Limit" {
        (big, big.checked_mul(Amount::from_int(2)).ok()?)
    } else {
        (small, big)
    };
    Some(GameLine { game, stakes, symbol, date })
}

/// `Seat 1: NAME ( $2.06 )`.
fn seat(text: &str, comma: bool) -> Option<(i64, String, Amount)> {
    let rest = text.strip_prefix("Seat ")?;
    let (number, rest) = rest.split_once(':')?;
    let open = rest.rfind(" ( ")?;
    let inside = rest[open + 3..].trim_end().strip_suffix(')')?;
    Some((number.trim().parse().ok()?, rest[..open].trim().to_owned(), amount(inside, comma)?))
}

/// Lines that carry nothing for the play.
const CHATTER: &[&str] = &[
    " did not show his hand",
    " did not show her hand",
    " sits out",
    " is sitting out",
    " has left the table",
    " has joined the table",
    " is disconnected",
    " is connected",
    " has been reconnected",
];

/// Reads one hand (`lines[0]` its header, then the game line) into `draft`; `site` names the
/// producer in the PokerStars form's header (a word). Everleaf's reader relays its hands here in
/// this layout.
pub(crate) fn import(lines: &[Line], draft: &mut Draft, options: &Options, id: &str, site: &str) {
    let header = &lines[0];
    let mut rest = lines[1..].iter().filter(|l| !l.text.trim().is_empty());
    let Some(game_text) = rest.next() else {
        draft.refuse(codes::SITE_INCOMPLETE, "the hand ends after its header", header.span);
        return;
    };
    let comma = writes_decimal_commas(lines);
    let Some(game) = game_line(game_text.text.trim(), comma) else {
        draft.refuse(codes::SITE_BAD_HEADER, "unreadable game line (stakes, game, date)", game_text.span);
        return;
    };
    let stars_game = match &game.game {
        Ok(g) => *g,
        Err(written) => {
            let message = format!("PHH has no variant for {site}'s {written}");
            draft.refuse(codes::SITE_GAME_UNSUPPORTED, message, game_text.span);
            return;
        }
    };
    let mut hand = Play::new(id, comma, game_text.span);
    hand.has_deal_marker = lines.iter().any(|l| l.text.trim() == "** Dealing down cards **");
    for line in rest {
        let span = line.span;
        hand.end = span;
        if hand.line(draft, options, line.text.trim(), span)
            && hand.localized
            && hand.localized_span.is_none()
        {
            hand.localized_span = Some(span);
        }
    }
    if !hand.in_summary {
        hand.street.close(&mut hand.body, hand.end);
    }
    if hand.same_names(draft, header.span) {
        return;
    }
    if let Some(span) = hand.localized_span {
        draft.convention(
            options,
            codes::SITE_LOCALIZED_CARDS,
            "cards written in the client's language: read as the ranks and suits they name".to_owned(),
            span,
        );
    }
    let street = hand.payout(draft);
    let currency = relay::currency(game.symbol);
    let event = hand.event.clone();
    let play_money = hand.play_money;
    let chips = event.is_some() || play_money;
    let stars = StarsHeader::new(site, id, stars_game, Some(game.stakes))
        .event(event)
        .money(game.symbol.filter(|_| !chips), currency.filter(|_| !chips))
        .date(game.date, None);
    draft.push(stars.line(), header.span);
    let mut table_text = relay::table_line(hand.table.as_deref().unwrap_or(id), hand.seat_count, hand.button);
    if play_money {
        table_text.push_str(" (Play Money)");
    }
    draft.push(table_text, hand.table_span);
    relay::seats_play_summary(draft, &hand.seats, hand.body, (street.total, street.rake()), hand.end);
}

/// One hand's play under way, line by line: the chips counted as the log writes them (each bet
/// and call the chips added), the uncalled bets returned at each round's end, the wins kept for
/// the payout.
struct Play<'i> {
    /// The hand number (the table's name when there is none).
    id: &'i str,
    /// Whether amounts are written with a decimal comma.
    comma: bool,
    table: Option<String>,
    table_span: Span,
    event: Option<String>,
    play_money: bool,
    button: Option<i64>,
    seat_count: Option<i64>,
    seats: Vec<relay::Seat>,
    /// The play, in PokerStars' words.
    body: Vec<(String, Span)>,
    /// The chips put in, returned and paid.
    street: Street,
    /// Whether cards are written in the client's language, and where first.
    localized: bool,
    localized_span: Option<Span>,
    in_summary: bool,
    has_deal_marker: bool,
    dealt: bool,
    /// The last line read.
    end: Span,
}

impl<'i> Play<'i> {
    fn new(id: &'i str, comma: bool, game_span: Span) -> Play<'i> {
        Play {
            id,
            comma,
            table: None,
            table_span: game_span,
            event: None,
            play_money: false,
            button: None,
            seat_count: None,
            seats: Vec::new(),
            body: Vec::new(),
            street: Street::default(),
            localized: false,
            localized_span: None,
            in_summary: false,
            has_deal_marker: false,
            dealt: false,
            end: game_span,
        }
    }

    /// One line after the game line (trimmed, not blank). Returns false for the lines that
    /// leave the place of localized cards to the next line (an unreadable board, a fold before
    /// the deal).
    fn line(&mut self, draft: &mut Draft, options: &Options, text: &str, span: Span) -> bool {
        if let Some(t) = text.strip_prefix("Table ") {
            self.table(t, span);
        } else if let Some(t) = text.strip_prefix("Tournament #") {
            self.tournament(t, span);
        } else if let Some(b) = text.strip_prefix("Seat ").and_then(|t| t.strip_suffix(" is the button")) {
            self.button = b.trim().parse::<i64>().ok();
        } else if let Some(n) = text.strip_prefix("Total number of players") {
            if self.seat_count.is_none() {
                self.seat_count =
                    n.rsplit('/').next().and_then(|n| n.trim_start_matches([' ', ':']).trim().parse().ok());
                self.seat_count = self.seat_count.filter(|_| n.contains('/'));
            }
        } else if let Some((number, name, stack)) = seat(text, self.comma).filter(|_| self.body.is_empty()) {
            self.seats.push((number, name, stack, span));
        } else if text == "** Dealing down cards **" {
            if !self.dealt {
                self.dealt = true;
                self.body.push(("*** HOLE CARDS ***".into(), span));
            }
        } else if let Some(t) = text.strip_prefix("** Dealing ") {
            let (street_name, rest) = t.split_once(" **").unwrap_or((t, ""));
            let Some(board) = cards(rest, &mut self.localized) else {
                draft.refuse(codes::SITE_BAD_CARDS, "unreadable board cards", span);
                return false;
            };
            self.street.close(&mut self.body, span);
            self.body.push((format!("*** {} *** {board}", street_name.to_uppercase()), span));
        } else if text == "** Summary **" {
            self.street.close(&mut self.body, span);
            self.in_summary = true;
        } else if let Some(t) = text.strip_prefix("Dealt to ") {
            let open = t.find('[').unwrap_or(t.len());
            let name = t[..open].trim();
            match cards(&t[open..], &mut self.localized) {
                Some(c) => self.body.push((format!("Dealt to {name} {c}"), span)),
                None => draft.refuse(codes::SITE_BAD_CARDS, "unreadable cards", span),
            }
        } else if let Some((name, action)) = self
            .seats
            .iter()
            .filter(|s| text.starts_with(s.1.as_str()) && text[s.1.len()..].starts_with(' '))
            .max_by_key(|s| s.1.len())
            .map(|s| (&text[..s.1.len()], text[s.1.len()..].trim()))
        {
            return self.player_line(draft, name, action, span);
        } else if CHATTER.iter().any(|c| text.contains(c)) || text.starts_with("#Game No") {
            // `#Game No : N` opens the next hand, before its header.
        } else {
            draft.unknown(options, text, span);
        }
        true
    }

    /// `Table NAME 6 Max (Real Money)` (`t`: the text after `Table `).
    fn table(&mut self, t: &str, span: Span) {
        let (name, tail) = t.split_once(" (").unwrap_or((t, ""));
        let name = name.trim();
        let (name, max) = match name.rsplit_once(' ') {
            Some((n, "Max")) => match n.rsplit_once(' ') {
                Some((n, count)) => (n, count.parse::<i64>().ok()),
                None => (name, None),
            },
            _ => (name, None),
        };
        self.table = Some(name.to_owned());
        self.seat_count = max.or(self.seat_count);
        self.play_money = tail.starts_with("Practice Play") || tail.starts_with("Play Money");
        self.table_span = span;
    }

    /// `Tournament #N $1 + $0.10 - Table #3 9 Max (Real Money)` (`t`: the text after
    /// `Tournament #`).
    fn tournament(&mut self, t: &str, span: Span) {
        let (what, table_part) = t.split_once(" - Table #").unwrap_or((t, ""));
        self.event = Some(format!("Tournament #{}", what.trim()));
        let number = table_part.split_whitespace().next().unwrap_or(self.id);
        self.table = Some(number.to_owned());
        let words: Vec<&str> = table_part.split_whitespace().collect();
        self.seat_count = words.windows(2).find(|w| w[1] == "Max").and_then(|w| w[0].parse().ok());
        self.table_span = span;
    }

    /// A seated player's line (`action`: the text after the name); false for a fold before the
    /// deal.
    fn player_line(&mut self, draft: &mut Draft, name: &str, action: &str, span: Span) -> bool {
        let before = self.localized;
        if !self.dealt && (word_of(action) == "folds" || !word_of(action).starts_with("posts")) {
            // A seat folded before the deal (sitting out) is not dealt in; in a hand with no
            // `Dealing down cards` (an observer's), the first action after the posts deals.
            if self.has_deal_marker && word_of(action) == "folds" {
                return false;
            }
            self.dealt = true;
            self.body.push(("*** HOLE CARDS ***".into(), span));
        }
        if self.action(draft, name, action, span).is_none() {
            draft.unreadable_action(name, action, span);
        }
        if self.localized && !before {
            self.localized_span = Some(span);
        }
        true
    }

    /// `NAME posts small blind [$0.01]`, `NAME raises [$2]`, `NAME collected [ $3 ]`...; `None`
    /// when unreadable.
    fn action(&mut self, draft: &mut Draft, name: &str, action: &str, span: Span) -> Option<()> {
        let amounts = bracket_amounts(action, self.comma);
        let single = amounts.as_ref().and_then(|a| match a.as_slice() {
            [one] => Some(*one),
            _ => None,
        });
        let word = action.split([' ', '[']).next().unwrap_or_default();
        match word {
            "folds" | "checks" => self.body.push((format!("{name}: {word}"), span)),
            "posts" => return self.post(name, action, amounts.as_deref(), span),
            "calls" | "bets" | "raises" => {
                let added = self.street.add(name, single?);
                self.body.push((relay::added_text(name, &added), span));
            }
            "shows" | "mucks" => {
                let c = cards(action, &mut self.localized)?;
                if word == "shows" {
                    self.body.push((format!("{name}: shows {c}"), span));
                } else {
                    // `mucks [ 6c, Kd ]`: cards the log shows.
                    draft.mucked(name, &[c.trim_matches(['[', ']'])], span);
                    self.body.push((format!("{name}: mucks hand"), span));
                }
            }
            "collected" => self.street.win(name, single?, span),
            _ if CHATTER.iter().any(|c| action.contains(c.trim())) => {}
            _ => return None,
        }
        Some(())
    }

    /// `NAME posts ...` with the amounts in its brackets; `None` when unreadable.
    fn post(&mut self, name: &str, action: &str, amounts: Option<&[Amount]>, span: Span) -> Option<()> {
        if action.starts_with("posts dead blind") {
            // `[$0.01 + $0.02]`: the small blind dead, the big blind live.
            let &[small, big] = amounts? else { return None };
            self.street.dead(small);
            self.street.post(name, big);
            if big.is_zero() {
                self.body.push((format!("{name}: posts small blind {small}"), span));
            } else {
                self.body
                    .push((format!("{name}: posts small & big blinds {}", money::plus(small, big)), span));
            }
            return Some(());
        }
        let &[a] = amounts? else { return None };
        if action.starts_with("posts ante") || action.starts_with("posts the ante") {
            self.street.dead(a);
            self.body.push((format!("{name}: posts the ante {a}"), span));
        } else if action.starts_with("posts small blind") {
            self.street.post(name, a);
            self.body.push((format!("{name}: posts small blind {a}"), span));
        } else if action.starts_with("posts big blind") {
            self.street.post(name, a);
            self.body.push((format!("{name}: posts big blind {a}"), span));
        } else {
            return None;
        }
        Some(())
    }

    /// Whether two seats have the same name (then the hand is refused: who did what is unknown).
    fn same_names(&self, draft: &mut Draft, header: Span) -> bool {
        let mut names: Vec<&str> = self.seats.iter().map(|s| s.1.as_str()).collect();
        names.sort_unstable();
        if !names.windows(2).any(|w| w[0] == w[1]) {
            return false;
        }
        let span = self.seats.first().map_or(header, |s| s.3);
        draft.refuse(
            codes::SITE_BAD_SEAT,
            "two seats have the same name (blank names, for one): who did what is unknown",
            span,
        );
        true
    }

    /// The payout: the pot (what went in, less the bets returned) paid as the `collected` lines
    /// say (counting the bets returned where the figures say the site did), written into the
    /// play; returns the hand's chips for the summary.
    fn payout(&mut self, draft: &mut Draft) -> Street {
        if !self.street.paid() {
            draft.refuse(
                codes::SITE_INCOMPLETE,
                "the hand pays no one (no `collected` line): it is cut short",
                self.end,
            );
        }
        let counts_uncalled = self.street.payout_counts_uncalled();
        self.street.collected(&mut self.body, counts_uncalled);
        draft.payout(&self.street, self.event.is_some());
        std::mem::take(&mut self.street)
    }
}

/// The first word of an action.
fn word_of(action: &str) -> &str {
    action.split([' ', '[']).next().unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_and_detection() {
        assert_eq!(hand_id("***** Cassava Hand History for Game 79911308 *****"), Some("79911308"));
        assert_eq!(hand_id("***** 888poker.ca-on Hand History for Game 6551093 *****"), Some("6551093"));
        assert_eq!(hand_id("***** 888poker Snap Poker Hand History for Game 1 *****"), Some("1"));
        assert_eq!(hand_id("***** Hand History for Game 1 *****"), None);
        assert!(Pacific::detect("#Game No : 1\n***** Cassava Hand History for Game 1 *****\n"));
        assert!(!Pacific::detect("***** Hand History for Game 13549974403 *****\n"));
        let g = game_line("0,01 $/0,02 $ Blinds No Limit Holdem - *** 15 07 2011 15:18:32", true).unwrap();
        assert_eq!(g.game, Ok("Hold'em No Limit"));
        assert_eq!((g.stakes.0.to_string(), g.stakes.1.to_string()), ("0.01".into(), "0.02".into()));
        assert_eq!(g.date, Some((2011, 7, 15, 15, 18, 32)));
        let g = game_line("$1/$2 Blinds Pot Limit Holdem - *** 03 02 2011 20:11:03", false).unwrap();
        assert_eq!(g.game, Err("Pot Limit Holdem".to_owned()));
    }

    #[test]
    fn cards_in_the_clients_language() {
        let mut localized = false;
        assert_eq!(cards("[ 9s, Ts, 4d ]", &mut localized).as_deref(), Some("[9s Ts 4d]"));
        assert!(!localized);
        assert_eq!(cards("[ Knh, Dd, Ec ]", &mut localized).as_deref(), Some("[Jh Qd Ac]"));
        assert!(localized);
        assert_eq!(cards("[ 8Pik, QHerz, 10Karo ]", &mut localized).as_deref(), Some("[8s Qh Td]"));
        assert_eq!(cards("[ Вh, Тd ]", &mut localized).as_deref(), Some("[Jh Ad]"));
        assert_eq!(cards("[ Zz ]", &mut localized), None);
    }

    #[test]
    fn amounts() {
        let a = |s: &str| amount(s, false).map(|a| a.to_string());
        assert_eq!(a("$1,728.25").as_deref(), Some("1728.25"));
        assert_eq!(a(" 28,000.98 ").as_deref(), Some("28000.98"));
        let c = |s: &str| amount(s, true).map(|a| a.to_string());
        assert_eq!(c("222,75$").as_deref(), Some("222.75"));
        assert_eq!(c("0,01 $").as_deref(), Some("0.01"));
        assert_eq!(c("$ 3.243").as_deref(), Some("3243"));
        let lines = |t: &str| vec![Line { text: t.to_owned(), span: Span::at(0) }];
        assert!(writes_decimal_commas(&lines("Seat 7: Player2 ( $ 552,72 )")));
        assert!(writes_decimal_commas(&lines("0,01 $/0,02 $ Blinds No Limit Holdem")));
        assert!(!writes_decimal_commas(&lines("Seat 4: Player1 ( $1,728.25 )")));
    }
}
