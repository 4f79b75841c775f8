//! What the GGPoker, iPoker, PartyPoker and Ignition importers share: each reads its site's hand
//! into lines of the PokerStars form (every line keeping the span of the site's line it comes
//! from), and the PokerStars importer assembles the PHH hand from them, replays it and checks it
//! against the stacks and winnings the log states. So every site gets the same hand assembly,
//! showdown placement and consistency check, and a diagnostic points into the site's own file.
//!
//! Also here: the reader of every text site, PokerStars included ([`TextReader`] over a
//! [`TextSite`], where each site writes only how its hands start and how one is rewritten), the
//! bookkeeping of sites that write the chips a player adds rather than the amount raised to
//! (`Street`, counting with the crate's one chip count, `chips::Round`), and what sites that
//! write each winner's payout share (`Street::pay_out`).

use std::io::BufRead;
use std::marker::PhantomData;

use cards_core::{Amount, Diagnostic, Span};

use crate::chips::Round;
use crate::consistency::payout_contradiction;
use crate::layout::MAX_HAND_BYTES;
use crate::text::{Line, Lines};
use crate::{Options, Record, codes, money};

/// A stack the log says a player ends with: the player, the amount, the line saying it.
pub(crate) type End = (String, Amount, Span);

/// What a site that writes no rake paid out against the pot its play gives ([`Draft::payout`]).
#[derive(Debug, Clone, Copy)]
struct Payout {
    /// What went in, less the uncalled bets.
    pot: Amount,
    /// What the site paid, less the uncalled bets.
    paid: Amount,
    /// A tournament's pot is paid whole: no rake.
    tournament: bool,
    /// The payout lines.
    span: Span,
}

impl Payout {
    fn contradiction(&self) -> Option<String> {
        payout_contradiction(self.pot, self.paid, self.tournament)
    }
}

impl Draft {
    /// Adds a line of the PokerStars form standing for the site's text at `span`.
    pub(crate) fn push(&mut self, text: impl Into<String>, span: Span) {
        self.lines.push(Line { text: text.into(), span });
    }

    /// Cards `name` mucked which the log shows (a summary's `mucked [..]`, `mucks [..]`, XML's
    /// `MUCKED`, `didn't show hand (..)`): written as PokerStars does, a summary's
    /// `Seat N: NAME mucked [cards]`, which the importer reads as the player's hole cards (the
    /// player still mucks). The reader writes the muck itself where the log has it.
    pub(crate) fn mucked<S: AsRef<str>>(&mut self, name: &str, cards: &[S], span: Span) {
        let cards: Vec<&str> = cards.iter().map(AsRef::as_ref).collect();
        self.mucked.push((name.to_owned(), cards.join(" "), span));
    }

    /// The hand number as the site writes it (`R5-70000684-006`, `2334898-436-1326450000`): PHH's
    /// `hand` is it, not the PokerStars form's number (digits only).
    pub(crate) fn hand_id(&mut self, id: impl Into<String>) {
        self.id = Some(id.into());
    }

    /// The venue written into PHH when the header names one of the site's skins (Bovada for
    /// Ignition), in place of the site's own.
    pub(crate) fn venue(&mut self, venue: &'static str) {
        self.venue = Some(venue);
    }

    /// The stacks the log says each player ends with: the imported hand is checked against them
    /// ([`check_ends`]; `said` is how a message names what the log says, `the log says`).
    pub(crate) fn ends(&mut self, ends: Vec<End>, said: &'static str) {
        self.ends = Some((ends, said));
    }

    /// Refuses the hand (reading goes on, to report the other problems).
    pub(crate) fn refuse(&mut self, code: &'static str, message: impl Into<String>, span: Span) {
        self.diagnostics.push(Diagnostic::error(code, message, span));
        self.refused = true;
    }

    /// A line whose amount cannot be read: the hand is refused with [`codes::SITE_BAD_AMOUNT`].
    pub(crate) fn bad_amount(&mut self, text: &str, span: Span) {
        self.refuse(codes::SITE_BAD_AMOUNT, format!("unreadable `{text}`"), span);
    }

    /// A line about a seated player that says nothing the importer knows: the hand is refused
    /// with [`codes::SITE_UNREADABLE_ACTION`].
    pub(crate) fn unreadable_action(&mut self, name: &str, text: &str, span: Span) {
        self.refuse(
            codes::SITE_UNREADABLE_ACTION,
            format!("a line about `{name}` cannot be read: `{text}`"),
            span,
        );
    }

    /// A line the importer does not know: skipped with a warning, an error under `strict`.
    pub(crate) fn unknown(&mut self, options: &Options, text: &str, span: Span) {
        let message = format!("line not understood, skipped: `{text}`");
        self.diagnostics.push(if options.strict {
            Diagnostic::error(codes::SITE_UNKNOWN_LINE, message, span)
        } else {
            Diagnostic::warning(codes::SITE_UNKNOWN_LINE, message, span)
        });
    }

    /// A producer's convention read as the message says: a warning, an error under `strict`.
    pub(crate) fn convention(&mut self, options: &Options, code: &'static str, message: String, span: Span) {
        self.diagnostics.push(if options.strict {
            Diagnostic::error(code, message, span)
        } else {
            Diagnostic::warning(code, message, span)
        });
    }

    /// For a site that writes no rake (the rake is what went in less what was paid out): what
    /// the play put in the pot and what the site paid, checked once the hand imports. A hand
    /// paid short of its pot by more than a rake (any short in a tournament) is refused with
    /// [`codes::SITE_PAYOUT_SHORT`]: the PHH hand's winnings would contradict its replay.
    pub(crate) fn payout(&mut self, street: &Street, tournament: bool) {
        let span = match (street.wins.first(), street.wins.last()) {
            (Some(first), Some(last)) => first.2.join(last.2),
            _ => return,
        };
        self.payout = Some(Payout { pot: street.total, paid: street.won, tournament, span });
    }

    /// Imports the drafted hand: the PokerStars importer builds, replays and checks it; `venue`
    /// names the site in PHH's `venue`.
    pub(crate) fn finish(mut self, whole: Span, options: &Options, venue: &str) -> Record {
        if self.lines.iter().any(|l| l.text == "*** SUMMARY ***") {
            for (name, cards, span) in std::mem::take(&mut self.mucked) {
                let seat = self.lines.iter().find_map(|l| {
                    let (number, rest) = l.text.strip_prefix("Seat ")?.split_once(": ")?;
                    rest.strip_prefix(name.as_str())?.starts_with(" (").then_some(number)
                });
                if let Some(number) = seat {
                    let text = format!("Seat {number}: {name} mucked [{cards}]");
                    self.lines.push(Line { text, span });
                }
            }
        }
        if self.refused || self.lines.is_empty() {
            let mut diagnostics = self.diagnostics;
            if !diagnostics.iter().any(Diagnostic::is_error) {
                diagnostics.push(Diagnostic::error(codes::SITE_INCOMPLETE, "the hand is empty", whole));
            }
            return Record { hand: None, diagnostics, span: whole };
        }
        let mut record = crate::layout::import(&self.lines, options);
        record.span = whole;
        let mut diagnostics = self.diagnostics;
        diagnostics.append(&mut record.diagnostics);
        record.diagnostics = diagnostics;
        if let Some(payout) = self.payout
            && let Some(message) = payout.contradiction()
        {
            // The short payout is why the stacks and the declared winnings differ from the
            // replay's: it is the error, not the difference it makes (a winner the log does not
            // pay ends with less).
            let explained = [codes::SITE_INCONSISTENT, phh::replay::WINNINGS_MISMATCH];
            record.diagnostics.retain(|d| !explained.contains(&d.code()));
            if !record.has_error() {
                record.diagnostics.push(Diagnostic::error(codes::SITE_PAYOUT_SHORT, message, payout.span));
            }
        }
        if record.has_error() {
            record.hand = None;
        }
        if let Some(hand) = record.hand.as_mut() {
            hand.venue = Some(self.venue.unwrap_or(venue).to_owned());
            // The relayed PokerStars header's own words (its noun, its site name), not the site's:
            // `venue` names the site.
            hand.user_fields.retain(|f| f.key != "_header_noun" && f.key != "_header_site");
            if let Some(id) = self.id {
                hand.hand = Some(phh::StrOrInt::Str(id));
            }
        }
        if let Some((ends, said)) = &self.ends {
            check_ends(&mut record, ends, said);
        }
        record
    }
}

/// The header line of the PokerStars form. A site states what its header says with
/// [`StarsHeader::new`] and the setters (money, date, tournament, level); what it does not say is
/// left out of the line.
#[derive(Debug)]
pub(crate) struct StarsHeader<'a> {
    /// A word naming the site (letters only).
    site: &'a str,
    id: &'a str,
    /// Tournament text (`Tournament #123, $10+$1`).
    event: Option<String>,
    /// The PokerStars game name (`Hold'em No Limit`).
    game: &'a str,
    level: Option<i64>,
    /// Small and big blind (or bet), as written with their symbol.
    stakes: Option<(Amount, Amount)>,
    symbol: Option<char>,
    currency: Option<&'a str>,
    /// `(year, month, day, hour, minute, second)`.
    date: Option<(i64, i64, i64, u8, u8, u8)>,
    time_zone: Option<&'a str>,
}

impl<'a> StarsHeader<'a> {
    /// The header of `site`'s hand `id` (`site` a word of letters), a game of `game` (the
    /// PokerStars name, `Hold'em No Limit`) at `stakes` (small and big blind or bet).
    pub fn new(site: &'a str, id: &'a str, game: &'a str, stakes: Option<(Amount, Amount)>) -> Self {
        StarsHeader {
            site,
            id,
            event: None,
            game,
            level: None,
            stakes,
            symbol: None,
            currency: None,
            date: None,
            time_zone: None,
        }
    }

    /// The stakes written with `symbol`, followed by the currency code `currency` (often
    /// [`currency`] of the symbol); none for chips.
    #[must_use]
    pub fn money(mut self, symbol: Option<char>, currency: Option<&'a str>) -> Self {
        self.symbol = symbol;
        self.currency = currency;
        self
    }

    /// When the hand started, `(year, month, day, hour, minute, second)`, in the time zone
    /// `zone` where the log names it.
    #[must_use]
    pub fn date(mut self, date: Option<(i64, i64, i64, u8, u8, u8)>, zone: Option<&'a str>) -> Self {
        self.date = date;
        self.time_zone = zone;
        self
    }

    /// The tournament (`Tournament #123, $10+$1`), for a tournament's hand.
    #[must_use]
    pub fn event(mut self, event: Option<String>) -> Self {
        self.event = event;
        self
    }

    /// The tournament's blind level.
    #[must_use]
    pub fn level(mut self, level: Option<i64>) -> Self {
        self.level = level;
        self
    }
}

impl StarsHeader<'_> {
    /// `Site Hand #ID: [event ]game[ - Level N] (stakes) - date`.
    pub fn line(&self) -> String {
        let mut out = format!("{} Hand #{}: ", self.site, self.id);
        if let Some(event) = &self.event {
            out.push_str(event);
            out.push(' ');
        }
        out.push_str(self.game);
        if let Some(level) = self.level {
            // PokerStars numbers levels in Roman numerals.
            out.push_str(&format!(" - Level {}", roman(level)));
        }
        if let Some((small, big)) = self.stakes {
            let symbol = self.symbol.map(String::from);
            out.push_str(&format!(
                " ({}/{}",
                money::write(small, symbol.as_deref()),
                money::write(big, symbol.as_deref())
            ));
            if let Some(code) = self.currency {
                out.push(' ');
                out.push_str(code);
            }
            out.push(')');
        }
        if let Some((y, m, d, hh, mm, ss)) = self.date {
            out.push_str(&format!(" - {y}/{m:02}/{d:02} {hh}:{mm:02}:{ss:02}"));
            if let Some(zone) = self.time_zone {
                out.push(' ');
                out.push_str(zone);
            }
        }
        out
    }
}

/// `level` in Roman numerals (`XXII`); 0 and below as digits.
fn roman(mut level: i64) -> String {
    if level <= 0 {
        return level.to_string();
    }
    const DIGITS: [(i64, &str); 9] =
        [(100, "C"), (90, "XC"), (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")];
    let mut out = String::new();
    for (value, text) in DIGITS {
        while level >= value {
            out.push_str(text);
            level -= value;
        }
    }
    out
}

/// `Table 'NAME' [N-max ]Seat #B is the button`.
pub(crate) fn table_line(name: &str, seat_count: Option<i64>, button: Option<i64>) -> String {
    let mut out = format!("Table '{name}'");
    if let Some(n) = seat_count {
        out.push_str(&format!(" {n}-max"));
    }
    if let Some(b) = button {
        out.push_str(&format!(" Seat #{b} is the button"));
    }
    out
}

/// The currency code PokerStars writes for a currency symbol (`$`: `USD`, `€`: `EUR`, `£`: `GBP`).
pub(crate) fn currency(symbol: Option<char>) -> Option<&'static str> {
    match symbol {
        Some('$') => Some("USD"),
        Some('€') => Some("EUR"),
        Some('£') => Some("GBP"),
        _ => None,
    }
}

/// `Seat N: NAME (STACK in chips)`.
pub(crate) fn seat_line(number: i64, name: &str, stack: Amount) -> String {
    format!("Seat {number}: {name} ({stack} in chips)")
}

/// Seconds since 1970 (UTC) as `(year, month, day, hour, minute, second)`.
pub(crate) fn from_epoch(text: &str) -> Option<(i64, i64, i64, u8, u8, u8)> {
    let secs: i64 = text.trim().parse().ok()?;
    let days = secs.div_euclid(86_400);
    let rest = secs.rem_euclid(86_400);
    // Howard Hinnant's civil-from-days.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    let small = |v: i64| u8::try_from(v).ok();
    Some((year, month, day, small(rest / 3600)?, small(rest % 3600 / 60)?, small(rest % 60)?))
}

/// The lines of a hand after its header that say something, each trimmed, with its span: what
/// every text site's reading goes through.
pub(crate) fn said_lines(lines: &[Line]) -> impl Iterator<Item = (&str, Span)> {
    lines.iter().skip(1).map(|l| (l.text.trim(), l.span)).filter(|(text, _)| !text.is_empty())
}

/// The span of a hand's last line that says something (its header's when no other does): where
/// a hand cut short or its summary is reported.
pub(crate) fn last_said(lines: &[Line]) -> Span {
    said_lines(lines).last().map_or_else(|| lines.first().map_or(Span::at(0), |l| l.span), |(_, span)| span)
}

/// The marker of a board street for a site that writes the whole board at each street
/// (`[8d 4d 3c 5c]`): PokerStars' `*** TURN *** [8d 4d 3c] [5c]`, `board` (the cards so far)
/// becoming `all`. `None`, the board unchanged, when `all` does not add to it.
pub(crate) fn board_marker(board: &mut Vec<String>, all: Vec<String>, stage: &str) -> Option<String> {
    if all.len() <= board.len() || !all.starts_with(board) {
        return None;
    }
    let new = all[board.len()..].join(" ");
    let marker = if board.is_empty() {
        format!("*** {stage} *** [{new}]")
    } else {
        format!("*** {stage} *** [{}] [{new}]", board.join(" "))
    };
    *board = all;
    Some(marker)
}

/// A seat as a text site's hand lists it: its number, the player, the stack, the line's span.
pub(crate) type Seat = (i64, String, Amount, Span);

/// The seat a line is about: the longest seated name `text` starts with, followed by one of
/// `after` (`:`, a space); its index and the name.
pub(crate) fn seated(seats: &[Seat], text: &str, after: &[char]) -> Option<(usize, String)> {
    seats
        .iter()
        .enumerate()
        .filter(|(_, s)| text.starts_with(s.1.as_str()) && text[s.1.len()..].starts_with(after))
        .max_by_key(|(_, s)| s.1.len())
        .map(|(i, s)| (i, s.1.clone()))
}

/// The PokerStars lines of a hand after its header and table lines: its seats, the play read
/// (`body`), and the summary of the pot and rake.
pub(crate) fn seats_play_summary(
    draft: &mut Draft,
    seats: &[Seat],
    body: Vec<(String, Span)>,
    (pot, rake): (Amount, Amount),
    end: Span,
) {
    for (number, name, stack, span) in seats {
        draft.push(seat_line(*number, name, *stack), *span);
    }
    for (text, span) in body {
        draft.push(text, span);
    }
    summary_lines(draft, pot, rake, end);
}

/// A summary's `Total pot` with its fees (`Rake $0.1`, `JP Fee $0.05`) as PokerStars' `Total pot
/// <pot> | Rake <the fees>`: every fee leaves the pot. `fee` reads one fee's amount (`None`: the
/// hand is refused, [`codes::SITE_BAD_AMOUNT`]).
pub(crate) fn pot_and_fees<'t>(
    draft: &mut Draft,
    pot: &str,
    parts: impl IntoIterator<Item = &'t str>,
    span: Span,
    fee: impl Fn(&str) -> Option<Amount>,
) {
    let mut fees = Amount::ZERO;
    for part in parts {
        match fee(part) {
            Some(a) => fees = money::plus(fees, a),
            None => draft.refuse(codes::SITE_BAD_AMOUNT, format!("unreadable fee `{part}`"), span),
        }
    }
    draft.push(format!("Total pot {pot} | Rake {fees}"), span);
}

/// The summary the PokerStars importer reads the rake from; sites that state no rake pay out
/// the pot less the rake, so it is what went in less what was paid out.
pub(crate) fn summary_lines(draft: &mut Draft, pot: Amount, rake: Amount, span: Span) {
    draft.push("*** SUMMARY ***", span);
    draft.push(format!("Total pot {pot} | Rake {rake}"), span);
}

/// The chips of a hand as a site writes them, for sites that write what a player adds
/// (`raises [$2]`, `All-in 8369`) where PokerStars writes the total raised to: the betting round
/// under way (a [`Round`], see [`crate::chips`] for why the log's count is kept), what went in
/// and what was paid out.
#[derive(Debug, Default)]
pub(crate) struct Street {
    round: Round<String>,
    /// Everything put in during the hand (antes and blinds included).
    pub total: Amount,
    /// Everything paid out, less the uncalled bets [`Street::close`] found where the payout counts
    /// them ([`Street::collected`]).
    pub won: Amount,
    /// What the site says each player was paid (uncalled bets included where the site counts them).
    wins: Vec<(String, Amount, Span)>,
    /// The uncalled bets [`Street::close`] found in what was paid.
    returned: Vec<(String, Amount)>,
}

/// What adding chips is, in the PokerStars words.
pub(crate) enum Added {
    /// `calls X`.
    Call(Amount),
    /// `bets X`.
    Bet(Amount),
    /// `raises ... to X`.
    RaiseTo(Amount),
}

impl Street {
    /// A new betting round.
    pub fn next(&mut self) {
        self.round.clear();
    }

    /// `name` is paid `amount`.
    pub fn win(&mut self, name: &str, amount: Amount, span: Span) {
        self.won = money::plus(self.won, amount);
        self.wins.push((name.to_owned(), amount, span));
    }

    /// Ends the betting round, for sites that do not write an uncalled bet and count it in what
    /// the bettor is paid: what the highest bettor put in past everyone else was never called
    /// and goes back. Writes the `Uncalled bet` line; the round's chips are then cleared.
    pub fn close(&mut self, body: &mut Vec<(String, Span)>, span: Span) {
        if let Some((name, amount)) = self.round.uncalled() {
            self.returned(&name, amount);
            self.won = money::minus(self.won, amount);
            body.push((format!("Uncalled bet ({amount}) returned to {name}"), span));
            self.returned.push((name, amount));
        }
        self.next();
    }

    /// The uncalled bets [`Street::close`] found, by player.
    pub fn uncalled(&self) -> &[(String, Amount)] {
        &self.returned
    }

    /// Ends the betting round, for sites that do not write an uncalled bet and leave it out of
    /// what the bettor is paid (OnGame, PKR): what the highest bettor put in past everyone else
    /// goes back, with its `Uncalled bet` line; the round's chips are then cleared.
    pub fn close_unpaid(&mut self, body: &mut Vec<(String, Span)>, span: Span) {
        if let Some((name, amount)) = self.round.uncalled() {
            self.returned(&name, amount);
            body.push((format!("Uncalled bet ({amount}) returned to {name}"), span));
        }
        self.next();
    }

    /// Whether anyone was paid (a hand cut short pays no one).
    pub fn paid(&self) -> bool {
        !self.wins.is_empty()
    }

    /// The end of a hand whose site writes each winner's payout (`wins $X`, `won by`) and no
    /// uncalled bet (Betfair, OnGame, PKR): a hand that pays no one is cut short (refused with
    /// [`codes::SITE_INCOMPLETE`], `unpaid` saying so); the last betting round, unless `closed`,
    /// returns its uncalled bet ([`Street::close_unpaid`]); then one `collected` line per winner.
    pub fn pay_out(
        &mut self,
        draft: &mut Draft,
        body: &mut Vec<(String, Span)>,
        closed: bool,
        end: Span,
        unpaid: &str,
    ) {
        if !self.paid() {
            draft.refuse(codes::SITE_INCOMPLETE, unpaid, end);
        }
        if !closed {
            self.close_unpaid(body, end);
        }
        self.collected(body, true);
    }

    /// Whether the site's payouts count the uncalled bets [`Street::close`] found, for a site
    /// that pays them sometimes inside the bettor's payout and sometimes apart (888, Everleaf):
    /// only when, left out, the payouts and the returns would be more than went in.
    pub fn payout_counts_uncalled(&self) -> bool {
        let back = self.returned.iter().fold(Amount::ZERO, |a, r| money::plus(a, r.1));
        money::plus(self.won, back) > self.total
    }

    /// One `collected` line per winner: what the site paid, less the uncalled bets
    /// [`Street::close`] found when the payout counts them (`counts_uncalled`, as `close`
    /// supposes). When it does not, they were paid apart: `won` is what the site paid, whole.
    pub fn collected(&mut self, body: &mut Vec<(String, Span)>, counts_uncalled: bool) {
        if !counts_uncalled {
            self.won = self.returned.iter().fold(self.won, |a, r| money::plus(a, r.1));
        }
        let mut done: Vec<&str> = Vec::new();
        for (name, _, span) in &self.wins {
            if done.contains(&name.as_str()) {
                continue;
            }
            done.push(name);
            let sum = |items: &mut dyn Iterator<Item = Amount>| items.fold(Amount::ZERO, money::plus);
            let won = sum(&mut self.wins.iter().filter(|w| w.0 == *name).map(|w| w.1));
            let back = if counts_uncalled {
                sum(&mut self.returned.iter().filter(|r| r.0 == *name).map(|r| r.1))
            } else {
                Amount::ZERO
            };
            let paid = money::minus(won, back);
            if !paid.is_zero() {
                body.push((format!("{name} collected {paid} from pot"), *span));
            }
        }
    }

    /// What `name` has put in on the round so far.
    pub fn bet_of(&self, name: &str) -> Amount {
        self.round.of(name)
    }

    /// The highest bet of the round so far.
    pub fn highest(&self) -> Amount {
        self.round.highest()
    }

    /// Chips that count toward the street's bet (a blind).
    pub fn post(&mut self, name: &str, amount: Amount) {
        self.round.add(name, amount);
        self.total = money::plus(self.total, amount);
    }

    /// Dead chips (an ante): in the pot, not in the street's bet.
    pub fn dead(&mut self, amount: Amount) {
        self.total = money::plus(self.total, amount);
    }

    /// Chips returned to a player (an uncalled bet).
    pub fn returned(&mut self, name: &str, amount: Amount) {
        self.round.take_back(name, amount);
        self.total = money::minus(self.total, amount);
    }

    /// `name` adds `amount`: a call, a bet or a raise, by what the others put in.
    pub fn add(&mut self, name: &str, amount: Amount) -> Added {
        let highest = self.highest();
        let to = self.round.add(name, amount);
        self.total = money::plus(self.total, amount);
        if highest.is_zero() {
            Added::Bet(amount)
        } else if to <= highest {
            Added::Call(amount)
        } else {
            Added::RaiseTo(to)
        }
    }

    /// `name` raises to `to` (the street total); returns the chips added.
    pub fn raise_to(&mut self, name: &str, to: Amount) -> Amount {
        let added = self.round.raise_to(name, to);
        self.total = money::plus(self.total, added);
        added
    }

    /// The rake: what went in less what was paid out.
    pub fn rake(&self) -> Amount {
        money::minus(self.total, self.won)
    }

    /// Checks the rake a log states (`stated`: the amount, `None` when unreadable, and the line)
    /// against what went in less what was paid out: a hand whose payouts are not short of its pot
    /// and whose rake differs is refused with [`codes::SITE_INCONSISTENT`], the message naming
    /// what states it with `said` (`the log's`).
    pub fn check_rake(&self, draft: &mut Draft, stated: Option<(Option<Amount>, Span)>, said: &str) {
        if let Some((stated, span)) = stated
            && payout_contradiction(self.total, self.won, false).is_none()
            && stated != Some(self.rake())
        {
            let stated = stated.map_or_else(|| "an unreadable amount".to_owned(), |a| a.to_string());
            let message =
                format!("{said} rake is {stated}, but {} went in and {} was paid out", self.total, self.won);
            draft.refuse(codes::SITE_INCONSISTENT, message, span);
        }
    }
}

/// Checks an imported hand against the stacks its log says each player ends with (`ends`: name,
/// amount, the line saying it): a player the replay ends elsewhere refuses the hand with
/// [`codes::SITE_INCONSISTENT`], its message naming what the log says with `said` (`the log
/// says`). Players the log names but PHH has not (not dealt in) are skipped.
fn check_ends(record: &mut Record, ends: &[End], said: &str) {
    let Some(hand) = &record.hand else { return };
    let players = hand.players.clone().unwrap_or_default();
    let finishing = hand.finishing_stacks.clone().unwrap_or_default();
    let wrong: Vec<Diagnostic> = ends
        .iter()
        .filter_map(|(name, end, span)| {
            let i = players.iter().position(|p| p == name)?;
            let replayed = finishing.get(i)?;
            (*replayed != phh::model::Quantity::Finite(*end)).then(|| {
                Diagnostic::error(
                    codes::SITE_INCONSISTENT,
                    format!("{name} ends the replay with {replayed}; {said} {end}"),
                    *span,
                )
            })
        })
        .collect();
    if !wrong.is_empty() {
        record.hand = None;
        record.diagnostics.extend(wrong);
    }
}

/// The PokerStars words for chips added.
pub(crate) fn added_text(name: &str, added: &Added) -> String {
    match added {
        Added::Call(a) => format!("{name}: calls {a}"),
        Added::Bet(a) => format!("{name}: bets {a}"),
        Added::RaiseTo(to) => format!("{name}: raises {to} to {to}"),
    }
}

/// A text site: how its hands start, how its log is recognised, and how one hand is read.
///
/// A site writes what is its own: [`TextSite::is_header`], and how one hand's lines are rewritten
/// in the PokerStars form into the crate's draft of a hand (with the hand number as written, a
/// skin's venue, the final stacks the log states, where it has them: the crate-private
/// `Relay::read`, which also seals the trait). The rest is provided: the import
/// ([`TextSite::import`]: the draft is imported by the PokerStars importer, replayed and
/// checked) and detection (a header among the first lines). PokerStars itself, whose lines need
/// no rewriting, imports them directly.
pub trait TextSite: Relay {
    /// The venue written into PHH.
    const VENUE: &'static str;
    /// How many of a file's first lines that say something [`TextSite::detect`] looks through.
    const DETECT_LINES: usize = 40;
    /// Whether a line opens a hand.
    fn is_header(line: &str) -> bool;
    /// Whether a line outside any hand says nothing (a site's preamble to its header).
    fn is_noise(_line: &str) -> bool {
        false
    }
    /// What the error over text outside any hand says.
    fn no_header_message() -> String {
        format!("text outside any hand: no {} hand header before it", Self::VENUE)
    }
    /// Whether the start of a file (decoded text) is the site's log: a line opening a hand among
    /// its first [`TextSite::DETECT_LINES`] lines that say something.
    fn detect(head: &str) -> bool {
        crate::text::first_lines(head, Self::DETECT_LINES).any(Self::is_header)
    }
    /// Imports one hand from its lines (`lines[0]` is the header), `whole` its span: the hand the
    /// site's reading drafts, imported by the PokerStars importer.
    fn import(lines: &[Line], whole: Span, options: &Options) -> Record {
        let mut draft = Draft::default();
        Self::read(lines, &mut draft, options);
        draft.finish(whole, options, Self::VENUE)
    }
}

pub(crate) use sealed::{Draft, Relay};

/// What only this crate's sites implement and use: the draft of a hand and how a site writes it.
/// Its items are `pub` in a private module, so they seal [`TextSite`] without being API.
mod sealed {
    use cards_core::{Diagnostic, Span};

    use super::{End, Line, Options, Payout};

    /// One hand being rewritten in the PokerStars form.
    #[derive(Debug, Default)]
    pub struct Draft {
        pub(super) lines: Vec<Line>,
        pub(super) diagnostics: Vec<Diagnostic>,
        pub(super) refused: bool,
        pub(super) payout: Option<Payout>,
        /// Cards players mucked which the log shows: `(name, cards, span)` ([`Draft::mucked`]).
        pub(super) mucked: Vec<(String, String, Span)>,
        /// The hand number as the site writes it ([`Draft::hand_id`]).
        pub(super) id: Option<String>,
        /// The venue when the header names one of the site's skins ([`Draft::venue`]).
        pub(super) venue: Option<&'static str>,
        /// The stacks the log says each player ends with, and its words for saying it
        /// ([`Draft::ends`]).
        pub(super) ends: Option<(Vec<End>, &'static str)>,
    }

    /// How a text site's hand is rewritten in the PokerStars form.
    pub trait Relay {
        /// Reads one hand (`lines[0]` is the header) into `draft`, rewritten in the PokerStars
        /// form.
        fn read(lines: &[Line], draft: &mut Draft, options: &Options);
    }
}

/// Streams the hands of a text site's log, one [`Record`] per hand; see the site's module.
#[derive(Debug)]
pub struct TextReader<R, S> {
    hands: HandLines<R>,
    options: Options,
    site: PhantomData<S>,
}

impl<'a, S: TextSite> TextReader<&'a [u8], S> {
    /// Reads a log held in memory.
    #[must_use]
    #[allow(clippy::should_implement_trait)]
    pub fn from_str(text: &'a str, options: Options) -> TextReader<&'a [u8], S> {
        TextReader::new(text.as_bytes(), options)
    }
}

impl<R: BufRead, S: TextSite> TextReader<R, S> {
    /// Reads hands from `input`.
    pub fn new(input: R, options: Options) -> TextReader<R, S> {
        TextReader { hands: HandLines::new(input), options, site: PhantomData }
    }

    /// The read error that stopped the reader, if any.
    pub fn take_error(&mut self) -> Option<std::io::Error> {
        self.hands.take_error()
    }
}

impl<R: BufRead, S: TextSite> Iterator for TextReader<R, S> {
    type Item = Record;

    fn next(&mut self) -> Option<Record> {
        let (lines, skipped) = self.hands.next_hand(S::is_header)?;
        let is_hand = lines.first().is_some_and(|l| S::is_header(&l.text));
        // The first and last lines that say something (no list of them: a hand is most lines).
        let says = |l: &&Line| !l.text.trim().is_empty() && (is_hand || !S::is_noise(l.text.trim()));
        let (Some(first), Some(last)) = (lines.iter().find(says), lines.iter().rfind(says)) else {
            return self.next();
        };
        let whole = first.span.join(last.span);
        if !is_hand {
            let error = Diagnostic::error(codes::SITE_NO_HEADER, S::no_header_message(), first.span);
            return Some(Record { hand: None, diagnostics: vec![error], span: whole });
        }
        let mut record = S::import(&lines, whole, &self.options);
        refuse_if_cut(&mut record, skipped);
        Some(record)
    }
}

/// A text log cut into hands: each hand runs from a header line to the line before the next
/// header, keeping at most [`MAX_HAND_BYTES`]; every text site's reader cuts its log with it.
#[derive(Debug)]
pub(crate) struct HandLines<R> {
    lines: Lines<R>,
    next_header: Option<Line>,
    done: bool,
}

impl<R: BufRead> HandLines<R> {
    pub(crate) fn new(input: R) -> HandLines<R> {
        HandLines { lines: Lines::new(input), next_header: None, done: false }
    }

    pub(crate) fn take_error(&mut self) -> Option<std::io::Error> {
        self.lines.take_error()
    }

    /// The next hand's lines (or the text before the first header), and the span of the lines
    /// dropped past [`MAX_HAND_BYTES`]; `None` at the end of the log.
    pub(crate) fn next_hand(
        &mut self,
        is_header: impl Fn(&str) -> bool,
    ) -> Option<(Vec<Line>, Option<Span>)> {
        if self.done {
            return None;
        }
        let mut lines: Vec<Line> = self.next_header.take().into_iter().collect();
        let mut size = lines.iter().map(|l| l.text.len()).sum::<usize>();
        let mut skipped: Option<Span> = None;
        loop {
            let Some(line) = self.lines.next() else {
                self.done = true;
                break;
            };
            if is_header(&line.text) {
                if lines.is_empty() {
                    lines.push(line);
                    continue;
                }
                self.next_header = Some(line);
                break;
            }
            if size + line.text.len() > MAX_HAND_BYTES {
                skipped = Some(skipped.map_or(line.span, |s| s.join(line.span)));
                continue;
            }
            size += line.text.len();
            lines.push(line);
        }
        Some((lines, skipped))
    }
}

/// A hand cut short at [`MAX_HAND_BYTES`] is no hand: an error over the skipped lines.
pub(crate) fn refuse_if_cut(record: &mut Record, skipped: Option<Span>) {
    if let Some(span) = skipped {
        record.hand = None;
        record.diagnostics.push(Diagnostic::error(
            codes::SITE_INCOMPLETE,
            format!("the hand is longer than {MAX_HAND_BYTES} bytes; the rest was skipped"),
            span,
        ));
    }
}

/// `[Ah Kd]`, `[ 8c, 8d ]`: the cards in the first brackets of `text`, as PokerStars writes them
/// (`Ah Kd`); `None` without brackets.
pub(crate) fn bracket_cards(text: &str) -> Option<String> {
    let open = text.find('[')?;
    let close = text[open..].find(']')? + open;
    let cards: Vec<&str> = text[open + 1..close]
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|w| !w.is_empty())
        .collect();
    Some(cards.join(" "))
}

/// Month names as sites write them (`January`, `Jan`).
pub(crate) fn month(name: &str) -> Option<i64> {
    const MONTHS: [&str; 12] =
        ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
    let lower = name.get(..3)?.to_ascii_lowercase();
    MONTHS.iter().position(|m| *m == lower).and_then(|i| i64::try_from(i + 1).ok())
}

/// `2022-01-20T10:51:22.462Z` (ISO 8601 UTC, with or without `Z` and fractions), as PokerNow and
/// Open Hand History write their times.
pub(crate) fn iso_utc_date(text: &str) -> Option<(i64, i64, i64, u8, u8, u8)> {
    let (day, time) = text.split_once('T')?;
    let time = time.trim_end_matches('Z');
    let time = time.split_once('.').map_or(time, |(t, _)| t);
    iso_date(&format!("{day} {time}"))
}

/// `2016-10-16 13:55:35` or `2016/10/16 13:55:35`.
pub(crate) fn iso_date(text: &str) -> Option<(i64, i64, i64, u8, u8, u8)> {
    let mut words = text.split_whitespace();
    let day = words.next()?;
    let time = words.next()?;
    let mut d = day.split(['-', '/']).map(str::parse::<i64>);
    let (y, m, dd) = (d.next()?.ok()?, d.next()?.ok()?, d.next()?.ok()?);
    let mut t = time.split(':').map(str::parse::<u8>);
    let (h, mi, s) = (t.next()?.ok()?, t.next()?.ok()?, t.next().unwrap_or(Ok(0)).ok()?);
    ((1..=12).contains(&m) && (1..=31).contains(&dd) && h < 24 && mi < 60 && s <= 60)
        .then_some((y, m, dd, h, mi, s))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn added_chips() {
        let a = |s: &str| s.parse::<Amount>().unwrap();
        let mut street = Street::default();
        street.post("sb", a("1"));
        street.post("bb", a("2"));
        assert!(matches!(street.add("utg", a("2")), Added::Call(x) if x == a("2")));
        assert!(matches!(street.add("sb", a("5")), Added::RaiseTo(x) if x == a("6")));
        street.next();
        assert!(matches!(street.add("bb", a("4")), Added::Bet(x) if x == a("4")));
        let mut body = Vec::new();
        street.close(&mut body, Span::at(0));
        assert_eq!(body[0].0, "Uncalled bet (4) returned to bb");
        street.win("bb", a("13"), Span::at(0));
        street.collected(&mut body, true);
        assert_eq!(body[1].0, "bb collected 9 from pot");
        assert_eq!(street.rake(), a("1"));
    }

    #[test]
    fn cards_and_dates() {
        assert_eq!(bracket_cards("shows [ 8c, 8d ]three of a kind").as_deref(), Some("8c 8d"));
        assert_eq!(month("January"), Some(1));
        assert_eq!(
            (roman(22), roman(4), roman(149)),
            ("XXII".to_owned(), "IV".to_owned(), "CXLIX".to_owned())
        );
        assert_eq!(iso_date("2016-10-16 13:55:35"), Some((2016, 10, 16, 13, 55, 35)));
    }
}
