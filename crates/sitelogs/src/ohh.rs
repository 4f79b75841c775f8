//! Open Hand History (OHH, hh-specs.handhistory.org): the JSON that trackers and solvers
//! exchange. [`Reader`] imports `.ohh` files to PHH hands, one [`Record`] per `{"ohh": {...}}`
//! object, each replayed and checked against the payouts the hand states; [`Writer`] (and
//! [`write_hand`]) writes PHH hands as OHH, chips per action, the uncalled bet left out of the
//! pot, the user fields the reader keeps written back (OHH -> PHH -> OHH keeps them).
//!
//! A file holds hands one after the other (one per line, or pretty-printed, blank lines
//! between). Amounts are read from their JSON text, exactly (`0.1` is a tenth, not the float
//! nearest to it). An action's `amount` is what the player puts in with it (a raise to 0.37 by a
//! player who had 0.06 in is `Raise 0.31`); PHH's raise is the total, which the importer works
//! out. OHH writes no uncalled bet; the pots say what was won, with their rake. What PHH has no
//! field for is kept in user fields: `_site_name`, `_network_name`, `_table_size`, `_hero`,
//! `_flags`. Refused per hand, each with a code: a hand run twice, a game PHH cannot express
//! (pot-limit hold'em, pot-limit Omaha hi/lo, draw), JSON that is no OHH hand.
//!
//! ```
//! let file = r#"{"ohh": {"spec_version": "1.2.2", "site_name": "PokerStars", "game_number": "7",
//!   "start_date_utc": "2021-05-06T07:08:09", "table_name": "T", "game_type": "Holdem",
//!   "bet_limit": {"bet_type": "NL", "bet_cap": 0}, "table_size": 6, "currency": "USD",
//!   "dealer_seat": 2, "small_blind_amount": 0.1, "big_blind_amount": 0.2, "hero_player_id": 1,
//!   "players": [{"id": 0, "seat": 2, "name": "Ann", "starting_stack": 10},
//!               {"id": 1, "seat": 5, "name": "Bob", "starting_stack": 15}],
//!   "rounds": [{"id": 0, "street": "Preflop", "actions": [
//!       {"action_number": 1, "player_id": 0, "action": "Post SB", "amount": 0.1},
//!       {"action_number": 2, "player_id": 1, "action": "Post BB", "amount": 0.2},
//!       {"action_number": 3, "player_id": 1, "action": "Dealt Cards", "amount": 0, "cards": ["Ah", "Kh"]},
//!       {"action_number": 4, "player_id": 0, "action": "Raise", "amount": 0.5},
//!       {"action_number": 5, "player_id": 1, "action": "Fold", "amount": 0}]}],
//!   "pots": [{"number": 0, "amount": 0.4, "rake": 0, "player_wins": [{"player_id": 0, "win_amount": 0.4}]}]}}
//! "#;
//! let record = sitelogs::ohh::Reader::from_str(file, sitelogs::Options::default()).next().unwrap();
//! let hand = record.hand.expect("imported and consistent");
//! assert_eq!(hand.venue.as_deref(), Some("PokerStars"));
//! assert_eq!(hand.finishing_stacks.unwrap()[1].to_string(), "10.2");
//! ```

use std::io::BufRead;

use cards_core::{Amount, Diagnostic, Span};
use serde::Deserialize;
use serde_json::value::RawValue;

use crate::export::{Replay, amount_of};
use crate::pokerstars::MAX_HAND_BYTES;
use crate::relay::{Draft, StarsHeader, Street, seat_line, table_line};
use crate::{Options, Record, codes, money};

/// Whether a file's start (decoded text) is Open Hand History: a JSON object whose first key is
/// `"ohh"`.
#[must_use]
pub fn detect(head: &str) -> bool {
    let body = head.trim_start_matches('\u{feff}').trim_start();
    body.strip_prefix('{').is_some_and(|rest| rest.trim_start().starts_with("\"ohh\""))
}

/// Streams the hands of an OHH file.
#[derive(Debug)]
pub struct Reader<R> {
    input: R,
    offset: usize,
    buf: Vec<u8>,
    options: Options,
    error: Option<std::io::Error>,
    done: bool,
}

impl<'a> Reader<&'a [u8]> {
    /// Reads a file held in memory.
    #[must_use]
    #[allow(clippy::should_implement_trait)]
    pub fn from_str(text: &'a str, options: Options) -> Reader<&'a [u8]> {
        Reader::new(text.as_bytes(), options)
    }
}

impl<R: BufRead> Reader<R> {
    /// Reads hands from `input`.
    pub fn new(input: R, options: Options) -> Reader<R> {
        Reader { input, offset: 0, buf: Vec::new(), options, error: None, done: false }
    }

    /// The read error that stopped the reader, if any.
    pub fn take_error(&mut self) -> Option<std::io::Error> {
        self.error.take()
    }

    /// The next top-level JSON object's bytes into `buf` and its span; text between objects
    /// that is not white space is an object of its own (an error when parsed). `Ok(None)` at the
    /// end; `Err(span)` when an object runs past [`MAX_HAND_BYTES`] (the rest is skipped).
    fn next_object(&mut self) -> std::io::Result<Option<Result<Span, Span>>> {
        self.buf.clear();
        let (mut depth, mut in_string, mut escaped, mut start, mut too_long) =
            (0usize, false, false, None, false);
        loop {
            let chunk = self.input.fill_buf()?;
            if chunk.is_empty() {
                return Ok(start.map(|s| {
                    let span = Span::new(s, self.offset);
                    if too_long { Err(span) } else { Ok(span) }
                }));
            }
            let mut used = 0;
            let mut end = None;
            for (i, &b) in chunk.iter().enumerate() {
                used = i + 1;
                if start.is_none() {
                    if b.is_ascii_whitespace() || (b == 0xEF || b == 0xBB || b == 0xBF) && self.offset + i < 3
                    {
                        continue;
                    }
                    start = Some(self.offset + i);
                }
                if in_string {
                    match (escaped, b) {
                        (true, _) => escaped = false,
                        (false, b'\\') => escaped = true,
                        (false, b'"') => in_string = false,
                        _ => {}
                    }
                } else {
                    match b {
                        b'"' => in_string = true,
                        b'{' | b'[' => depth += 1,
                        b'}' | b']' => depth = depth.saturating_sub(1),
                        _ => {}
                    }
                }
                if depth == 0 && !in_string && (b == b'}' || b == b']' || b == b'\n') {
                    end = Some(i + 1);
                    break;
                }
            }
            let take = end.unwrap_or(used);
            if self.buf.len() + take <= MAX_HAND_BYTES {
                self.buf.extend_from_slice(&chunk[..take]);
            } else {
                too_long = true;
            }
            self.offset += take;
            self.input.consume(take);
            if end.is_some() && start.is_some() {
                let span = Span::new(start.unwrap_or(0), self.offset);
                return Ok(Some(if too_long { Err(span) } else { Ok(span) }));
            }
        }
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = Record;

    fn next(&mut self) -> Option<Record> {
        if self.done {
            return None;
        }
        let span = match self.next_object() {
            Ok(Some(span)) => span,
            Ok(None) => {
                self.done = true;
                return None;
            }
            Err(e) => {
                self.error = Some(e);
                self.done = true;
                return None;
            }
        };
        let span = match span {
            Ok(span) => span,
            Err(span) => {
                let message = format!("the hand is longer than {MAX_HAND_BYTES} bytes; the rest was skipped");
                return Some(refused(codes::SITE_INCOMPLETE, message, span));
            }
        };
        let text = String::from_utf8_lossy(&self.buf).trim_end().to_owned();
        if text.is_empty() {
            return self.next();
        }
        Some(import(&text, span, &self.options))
    }
}

fn refused(code: &'static str, message: String, span: Span) -> Record {
    Record { hand: None, diagnostics: vec![Diagnostic::error(code, message, span)], span }
}

/// `{"ohh": {...}}`.
#[derive(Deserialize)]
struct File<'a> {
    #[serde(borrow)]
    ohh: OhhHand<'a>,
}

/// A number as written (read exactly), or a string holding one (`"table_size": "6"`).
type Number<'a> = &'a RawValue;

#[derive(Deserialize)]
struct OhhHand<'a> {
    #[serde(default)]
    network_name: Option<String>,
    #[serde(default)]
    site_name: Option<String>,
    #[serde(default, borrow)]
    game_number: Option<Number<'a>>,
    #[serde(default)]
    start_date_utc: Option<String>,
    #[serde(default)]
    table_name: Option<String>,
    game_type: String,
    #[serde(default)]
    bet_limit: Option<BetLimit>,
    #[serde(default, borrow)]
    table_size: Option<Number<'a>>,
    #[serde(default)]
    currency: Option<String>,
    #[serde(default)]
    dealer_seat: Option<i64>,
    #[serde(default, borrow)]
    small_blind_amount: Option<Number<'a>>,
    #[serde(default, borrow)]
    big_blind_amount: Option<Number<'a>>,
    #[serde(default)]
    hero_player_id: Option<i64>,
    #[serde(default)]
    flags: Vec<String>,
    #[serde(borrow)]
    players: Vec<OhhPlayer<'a>>,
    #[serde(default, borrow)]
    rounds: Vec<Round<'a>>,
    #[serde(default, borrow)]
    pots: Vec<Pot<'a>>,
}

#[derive(Deserialize)]
struct BetLimit {
    bet_type: String,
}

#[derive(Deserialize)]
struct OhhPlayer<'a> {
    id: i64,
    seat: i64,
    name: String,
    #[serde(borrow)]
    starting_stack: Number<'a>,
}

#[derive(Deserialize)]
struct Round<'a> {
    street: String,
    #[serde(default, deserialize_with = "card_list")]
    cards: Vec<String>,
    #[serde(default, borrow)]
    actions: Vec<OhhAction<'a>>,
}

#[derive(Deserialize)]
struct OhhAction<'a> {
    #[serde(default)]
    player_id: Option<i64>,
    action: String,
    #[serde(default, borrow)]
    amount: Option<Number<'a>>,
    #[serde(default)]
    is_allin: bool,
    #[serde(default, deserialize_with = "card_list")]
    cards: Vec<String>,
}

#[derive(Deserialize)]
struct Pot<'a> {
    #[serde(borrow)]
    amount: Number<'a>,
    #[serde(default, borrow)]
    rake: Option<Number<'a>>,
    #[serde(default, borrow)]
    player_wins: Vec<Win<'a>>,
}

#[derive(Deserialize)]
struct Win<'a> {
    player_id: i64,
    #[serde(borrow)]
    win_amount: Number<'a>,
}

/// Cards as a list (`["Ah", "Kd"]`), or as a string (`""` for none, as the spec's own examples
/// write a round without board cards; `"Ah Kd"`).
fn card_list<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Vec<String>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Cards {
        List(Vec<String>),
        Text(String),
        None(()),
    }
    Ok(match Cards::deserialize(deserializer)? {
        Cards::List(list) => list,
        Cards::Text(text) => text.split([' ', ',']).filter(|c| !c.is_empty()).map(str::to_owned).collect(),
        Cards::None(()) => Vec::new(),
    })
}

/// A number's text (quotes of a string holding one dropped), read exactly.
fn amount(number: Number<'_>) -> Option<Amount> {
    let text = number.get().trim_matches('"');
    if text == "null" {
        return Some(Amount::ZERO);
    }
    money::parse(text).or_else(|| text.parse::<Amount>().ok())
}

/// `Holdem` with `NL`: the PokerStars name of the game.
fn game_name(game_type: &str, bet_type: &str) -> Option<&'static str> {
    Some(match (game_type, bet_type) {
        ("Holdem", "NL") => "Hold'em No Limit",
        ("Holdem", "FL") => "Hold'em Limit",
        ("Omaha", "PL") => "Omaha Pot Limit",
        ("OmahaHiLo", "FL") => "Omaha Hi/Lo Limit",
        ("Stud", "FL") => "7 Card Stud Limit",
        ("StudHiLo", "FL") => "7 Card Stud Hi/Lo Limit",
        _ => return None,
    })
}

fn user_string(key: &str, value: &str) -> phh::Field {
    phh::Field { key: key.into(), value: phh::TomlValue::String(value.to_owned()) }
}

/// The seated players' ids and names.
type Names<'h> = Vec<(i64, &'h str)>;

/// The name of the player `id` names.
fn name_of<'h>(names: &Names<'h>, id: Option<i64>) -> Option<&'h str> {
    id.and_then(|id| names.iter().find(|(i, _)| *i == id)).map(|(_, n)| *n)
}

/// Imports one `{"ohh": ...}` object.
fn import(text: &str, span: Span, options: &Options) -> Record {
    let file: File<'_> = match serde_json::from_str(text) {
        Ok(file) => file,
        Err(e) => {
            return refused(codes::SITE_BAD_JSON, format!("not an OHH hand (`{{\"ohh\": ...}}`): {e}"), span);
        }
    };
    let h = file.ohh;
    let bet_type = h.bet_limit.as_ref().map_or("NL", |b| b.bet_type.as_str());
    let Some(game) = game_name(&h.game_type, bet_type) else {
        let message = format!("PHH cannot express the game `{} {bet_type}`", h.game_type);
        return refused(codes::SITE_GAME_UNSUPPORTED, message, span);
    };
    if h.flags.iter().any(|f| f.eq_ignore_ascii_case("run_it_twice")) {
        let message = "the hand was run twice: PHH has no notation for several boards".to_owned();
        return refused(codes::SITE_RUN_IT_TWICE, message, span);
    }
    let mut draft = Draft::default();
    let id = h.game_number.map(|n| n.get().trim_matches('"').to_owned()).unwrap_or_default();
    // The PokerStars form takes a hand number of letters and digits; any other `game_number`
    // (`R5-1676558-1009`) is set on the hand once it is imported.
    let plain = !id.is_empty() && id.bytes().all(|b| b.is_ascii_alphanumeric());
    push_header(&mut draft, &h, game, if plain { &id } else { "0" }, span);
    let names = match seats(&mut draft, &h, span) {
        Ok(names) => names,
        Err(message) => return refused(codes::SITE_BAD_AMOUNT, message, span),
    };
    let mut play = Play::default();
    for round in &h.rounds {
        if !play.round(&mut draft, options, round, &names, span) {
            break;
        }
    }
    play.open_hole_cards(&mut draft, span);
    summary(&mut draft, &h, &names, span);
    let venue = h.site_name.clone().unwrap_or_else(|| "OHH".to_owned());
    let mut record = draft.finish(span, options, &venue);
    if let Some(hand) = record.hand.as_mut() {
        if !plain && !id.is_empty() {
            hand.hand = Some(phh::StrOrInt::Str(id.clone()));
        }
        if let Some(site) = &h.site_name {
            hand.user_fields.push(user_string("_site_name", site));
        }
        if let Some(network) = &h.network_name {
            hand.user_fields.push(user_string("_network_name", network));
        }
        if let Some(hero) = name_of(&names, h.hero_player_id) {
            hand.user_fields.push(user_string("_hero", hero));
        }
        if !h.flags.is_empty() {
            hand.user_fields.push(user_string("_flags", &h.flags.join(",")));
        }
    }
    record
}

/// The header and table lines in the PokerStars form, the hand numbered `id`.
fn push_header(draft: &mut Draft, h: &OhhHand<'_>, game: &'static str, id: &str, span: Span) {
    let stake = |n: Option<Number<'_>>| n.and_then(amount).unwrap_or(Amount::ZERO);
    let date = h.start_date_utc.as_deref().and_then(crate::relay::iso_utc_date);
    let code = h.currency.as_deref().filter(|c| c.len() == 3 && c.bytes().all(|b| b.is_ascii_uppercase()));
    let header =
        StarsHeader::new("OHH", id, game, Some((stake(h.small_blind_amount), stake(h.big_blind_amount))))
            .money(None, code)
            .date(date, date.map(|_| "UTC"));
    draft.push(header.line(), span);
    let table_size = h.table_size.and_then(|n| n.get().trim_matches('"').parse::<i64>().ok());
    draft.push(table_line(h.table_name.as_deref().unwrap_or("OHH"), table_size, h.dealer_seat), span);
}

/// The seat lines; the players' ids and names, or why a stack is unreadable.
fn seats<'h>(draft: &mut Draft, h: &'h OhhHand<'_>, span: Span) -> Result<Names<'h>, String> {
    let mut names = Vec::new();
    for p in &h.players {
        let Some(stack) = amount(p.starting_stack) else {
            return Err(format!("unreadable stack of {}", p.name));
        };
        draft.push(seat_line(p.seat, &p.name, stack), span);
        names.push((p.id, p.name.as_str()));
    }
    Ok(names)
}

/// The pots' winners and the summary.
fn summary(draft: &mut Draft, h: &OhhHand<'_>, names: &Names<'_>, span: Span) {
    let (mut pot, mut rake) = (Amount::ZERO, Amount::ZERO);
    let mut collected = Vec::new();
    for p in &h.pots {
        pot = money::plus(pot, amount(p.amount).unwrap_or(Amount::ZERO));
        rake = money::plus(rake, p.rake.and_then(amount).unwrap_or(Amount::ZERO));
        for win in &p.player_wins {
            match (name_of(names, Some(win.player_id)), amount(win.win_amount)) {
                (Some(name), Some(won)) => collected.push(format!("{name} collected {won} from pot")),
                _ => {
                    draft.refuse(codes::SITE_UNKNOWN_PLAYER, "a pot's winner is no player of the hand", span)
                }
            }
        }
    }
    for line in collected {
        draft.push(line, span);
    }
    draft.push("*** SUMMARY ***", span);
    draft.push(format!("Total pot {pot} | Rake {rake}"), span);
}

/// The rounds' play under way.
#[derive(Default)]
struct Play {
    street: Street,
    /// The board so far.
    board: Vec<String>,
    /// Whether `*** HOLE CARDS ***` is written.
    hole_cards: bool,
    /// `Dealt to` lines held until the posts are over.
    dealt: Vec<String>,
    seen_streets: Vec<String>,
}

impl Play {
    /// The posts are over: `*** HOLE CARDS ***` (once), then the cards dealt so far.
    fn open_hole_cards(&mut self, draft: &mut Draft, span: Span) {
        if !self.hole_cards {
            draft.push("*** HOLE CARDS ***", span);
            self.hole_cards = true;
        }
        for line in self.dealt.drain(..) {
            draft.push(line, span);
        }
    }

    /// One round: its street's marker, then its actions. False when the hand is refused for a
    /// street dealt twice (nothing more is read).
    fn round(
        &mut self,
        draft: &mut Draft,
        options: &Options,
        round: &Round<'_>,
        names: &Names<'_>,
        span: Span,
    ) -> bool {
        let street_name = round.street.to_ascii_lowercase();
        if street_name != "showdown" && self.seen_streets.contains(&street_name) {
            draft.refuse(
                codes::SITE_RUN_IT_TWICE,
                "a street is dealt twice (run it twice): PHH has one board",
                span,
            );
            return false;
        }
        self.seen_streets.push(street_name.clone());
        if matches!(street_name.as_str(), "flop" | "turn" | "river") {
            self.open_hole_cards(draft, span);
            self.street.next();
            let new = round.cards.join(" ");
            let line = if self.board.is_empty() {
                format!("*** {} *** [{new}]", street_name.to_uppercase())
            } else {
                format!("*** {} *** [{}] [{new}]", street_name.to_uppercase(), self.board.join(" "))
            };
            self.board.extend(round.cards.iter().cloned());
            draft.push(line, span);
        } else if street_name == "showdown" {
            draft.push("*** SHOW DOWN ***", span);
        }
        for action in &round.actions {
            let Some(name) = name_of(names, action.player_id) else {
                let message = format!("action `{}` by no player of the hand", action.action);
                draft.refuse(codes::SITE_UNKNOWN_PLAYER, message, span);
                continue;
            };
            self.action(draft, options, action, name, span);
        }
        true
    }

    /// One action of `name`.
    fn action(
        &mut self,
        draft: &mut Draft,
        options: &Options,
        action: &OhhAction<'_>,
        name: &str,
        span: Span,
    ) {
        let chips = action.amount.and_then(amount);
        let kind = action.action.as_str();
        let is_post = matches!(
            kind,
            "Post SB" | "Post BB" | "Straddle" | "Post Ante" | "Post Dead" | "Post Extra Blind"
        );
        if !is_post && kind != "Dealt Cards" {
            self.open_hole_cards(draft, span);
        }
        let a = chips.unwrap_or(Amount::ZERO);
        let line = match kind {
            _ if is_post => self.post(kind, name, a),
            "Dealt Cards" if !action.cards.is_empty() => {
                // Written after the posts, which some writers put after the cards.
                let line = format!("Dealt to {name} [{}]", action.cards.join(" "));
                if !self.hole_cards {
                    self.dealt.push(line);
                    return;
                }
                line
            }
            "Dealt Cards" | "Payout" | "Added Chips" | "Sits Down" | "Stands Up" => return,
            "Fold" => format!("{name}: folds"),
            "Check" => format!("{name}: checks"),
            "Call" | "Bet" | "Raise" => {
                let all_in = if action.is_allin { " and is all-in" } else { "" };
                let added = self.street.add(name, a);
                match (kind, added) {
                    ("Call", _) => format!("{name}: calls {a}{all_in}"),
                    ("Bet", _) => format!("{name}: bets {a}{all_in}"),
                    (_, crate::relay::Added::RaiseTo(to)) => format!("{name}: raises {a} to {to}{all_in}"),
                    _ => format!("{name}: calls {a}{all_in}"),
                }
            }
            // Shown without the cards: nothing known is shown (PHH's `sm` holds cards).
            "Shows Cards" if action.cards.is_empty() => return,
            "Shows Cards" => format!("{name}: shows [{}]", action.cards.join(" ")),
            "Mucks Cards" => format!("{name}: mucks hand"),
            other => {
                draft.unknown(options, other, span);
                return;
            }
        };
        if chips.is_none() && matches!(kind, "Call" | "Bet" | "Raise") {
            draft.refuse(codes::SITE_BAD_AMOUNT, format!("`{kind}` without a readable amount"), span);
        }
        draft.push(line, span);
    }

    /// A post (`kind`) of `a`: blinds and straddles live, antes and dead blinds in the pot only.
    fn post(&mut self, kind: &str, name: &str, a: Amount) -> String {
        match kind {
            "Post SB" => {
                self.street.post(name, a);
                format!("{name}: posts small blind {a}")
            }
            "Post BB" | "Post Extra Blind" => {
                self.street.post(name, a);
                format!("{name}: posts big blind {a}")
            }
            "Straddle" => {
                self.street.post(name, a);
                format!("{name}: posts straddle {a}")
            }
            // Dead money: in the pot, not in the poster's bet.
            _ => {
                self.street.dead(a);
                format!("{name}: posts the ante {a}")
            }
        }
    }
}

/// PHH hands written as Open Hand History, one `{"ohh": ...}` object per line and a blank line
/// after each (as the storage format asks).
#[derive(Debug)]
pub struct Writer<W> {
    out: W,
}

impl<W: std::io::Write> Writer<W> {
    /// A writer to `out`.
    pub fn new(out: W) -> Writer<W> {
        Writer { out }
    }

    /// Writes one hand; a hand OHH cannot hold is refused and nothing is written.
    pub fn write_hand(&mut self, hand: &phh::Hand) -> Result<(), crate::export::WriteError> {
        let text = write_hand(hand).map_err(crate::export::WriteError::Unsupported)?;
        self.out.write_all(text.as_bytes())?;
        self.out.write_all(b"\n\n")?;
        Ok(())
    }

    /// The output back, flushed; a flush error is returned.
    pub fn into_inner(mut self) -> std::io::Result<W> {
        self.out.flush()?;
        Ok(self.out)
    }
}

#[derive(serde::Serialize)]
struct OutFile<'h> {
    ohh: OutHand<'h>,
}

/// An amount as a JSON number written exactly.
type Exact = Box<RawValue>;

fn exact(amount: Amount) -> Exact {
    RawValue::from_string(amount.to_string())
        .unwrap_or_else(|_| RawValue::from_string("0".into()).unwrap_or_default())
}

#[derive(serde::Serialize)]
struct OutHand<'h> {
    spec_version: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    site_name: Option<&'h str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    network_name: Option<&'h str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    game_number: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    start_date_utc: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    table_name: Option<String>,
    game_type: &'static str,
    bet_limit: OutLimit,
    #[serde(skip_serializing_if = "Option::is_none")]
    table_size: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    currency: Option<&'h str>,
    dealer_seat: i64,
    small_blind_amount: Exact,
    big_blind_amount: Exact,
    ante_amount: Exact,
    #[serde(skip_serializing_if = "Option::is_none")]
    hero_player_id: Option<usize>,
    flags: Vec<&'h str>,
    players: Vec<OutPlayer>,
    rounds: Vec<OutRound>,
    pots: Vec<OutPot>,
}

#[derive(serde::Serialize)]
struct OutLimit {
    bet_type: &'static str,
    bet_cap: u8,
}

#[derive(serde::Serialize)]
struct OutPlayer {
    id: usize,
    seat: i64,
    name: String,
    starting_stack: Exact,
}

#[derive(serde::Serialize)]
struct OutRound {
    id: usize,
    street: &'static str,
    cards: Vec<String>,
    actions: Vec<OutAction>,
}

#[derive(serde::Serialize)]
struct OutAction {
    action_number: usize,
    player_id: usize,
    action: &'static str,
    amount: Exact,
    is_allin: bool,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    cards: Vec<String>,
}

#[derive(serde::Serialize)]
struct OutPot {
    number: usize,
    amount: Exact,
    rake: Exact,
    player_wins: Vec<OutWin>,
}

#[derive(serde::Serialize)]
struct OutWin {
    player_id: usize,
    win_amount: Exact,
}

/// One hand's betting as OHH writes it: the rounds and their actions, each action's chips read
/// from poker-engine's state (replayed along), and what each player's actions put in.
struct Betting {
    replay: Replay,
    /// The chips of each player's actions (the antes as the log shows them posted).
    put_in: Vec<Amount>,
    rounds: Vec<OutRound>,
    /// Whether the showdown round is open, and the rounds before it.
    showdown: bool,
    shows: usize,
}

impl Betting {
    fn round(&mut self) -> &mut OutRound {
        let last = self.rounds.len() - 1;
        &mut self.rounds[last]
    }

    /// `player` puts in `chips` with `action`.
    fn act(&mut self, player: usize, action: &'static str, chips: Amount, is_allin: bool) {
        self.put_in[player] = money::plus(self.put_in[player], chips);
        let round = self.round();
        let action_number = round.actions.len() + 1;
        round.actions.push(OutAction {
            action_number,
            player_id: player,
            action,
            amount: exact(chips),
            is_allin,
            cards: Vec::new(),
        });
    }

    /// `player`'s cards shown, mucked or dealt.
    fn cards(&mut self, player: usize, action: &'static str, cards: Vec<String>) {
        let round = self.round();
        let action_number = round.actions.len() + 1;
        round.actions.push(OutAction {
            action_number,
            player_id: player,
            action,
            amount: exact(Amount::ZERO),
            is_allin: false,
            cards,
        });
    }

    /// The antes (each player's own, capped by the stack, as a log shows them posted: heads-up
    /// the state has each player post the other's, [`crate::export::posted_antes`]), then the
    /// blinds the state posted. PHH lists heads-up blinds big blind first. The blinds' seats name them, whatever
    /// their amounts (a big blind posted short is still the big blind, FINDINGS F34); a post from
    /// another seat is named by its amount.
    fn posts(&mut self, hand: &phh::Hand, start: &[Amount], blinds: &[Amount], big: Amount) {
        let n = start.len();
        for (i, &ante) in hand.antes.iter().enumerate().take(n) {
            if !ante.is_zero() {
                let posted = if ante > start[i] { start[i] } else { ante };
                self.act(i, "Post Ante", posted, posted == start[i]);
            }
        }
        let (sb_seat, bb_seat) = if n == 2 { (1, 0) } else { (0, 1) };
        let post_order: Vec<usize> = if n == 2 { vec![1, 0] } else { (0..n).collect() };
        for i in post_order {
            let blind = blinds[i];
            if blind.is_zero() {
                continue;
            }
            let label = if i == sb_seat {
                "Post SB"
            } else if i == bb_seat || blind == big {
                "Post BB"
            } else if blind < big {
                "Post SB"
            } else {
                "Straddle"
            };
            let state = self.replay.state();
            let (paid, stack) = (amount_of(state.blind(i)), amount_of(state.stacks()[i]));
            self.act(i, label, paid, stack.is_zero() && !paid.is_zero());
        }
    }

    /// The largest bet (the last of equal ones), player `i`'s bet and stack, in the state before
    /// the action.
    fn to_call(&self, i: usize) -> (Amount, Amount, Amount) {
        let state = self.replay.state();
        let top = state.bets().iter().copied().max().map_or(Amount::ZERO, amount_of);
        (top, amount_of(state.bets()[i]), amount_of(state.stacks()[i]))
    }

    /// A check, call, bet or raise: the chips it puts in (all in when they are the stack).
    fn bet(&mut self, i: usize, to: Option<Amount>) {
        let (top, bet, stack) = self.to_call(i);
        let (kind, chips) = match to {
            None if top == bet => ("Check", money::minus(top, bet)),
            None => ("Call", money::minus(top, bet)),
            Some(to) => (if top.is_zero() { "Bet" } else { "Raise" }, money::minus(to, bet)),
        };
        let chips = if chips > stack { stack } else { chips };
        let all_in = chips == stack && !chips.is_zero();
        self.act(i, kind, chips, all_in);
    }

    /// A board round, before a showdown already open (the cards shown when all in).
    fn deal_board(&mut self, cards: Vec<String>) -> Result<(), Diagnostic> {
        const STREETS: [&str; 3] = ["Flop", "Turn", "River"];
        let boards = self.rounds.iter().filter(|r| r.street != "Showdown").count();
        let street = STREETS
            .get(boards - 1)
            .copied()
            .ok_or_else(|| crate::export::unsupported("more than three boards dealt"))?;
        let round = OutRound { id: 0, street, cards, actions: Vec::new() };
        let at = if self.showdown { self.shows } else { self.rounds.len() };
        self.rounds.insert(at, round);
        if self.showdown {
            self.shows += 1;
        }
        Ok(())
    }

    /// A show or muck. Shown before the board runs out (all in), the cards still belong to the
    /// showdown, which OHH puts last; OHH names shown cards: a show of cards the hand does not
    /// know is left out.
    fn show(&mut self, hand: &phh::Hand, player: phh::Player, i: usize, shown: &phh::Shown) {
        if !self.showdown {
            self.showdown = true;
            self.shows = self.rounds.len();
            self.rounds.push(OutRound { id: 0, street: "Showdown", cards: Vec::new(), actions: Vec::new() });
        }
        let cards = match shown {
            phh::Shown::Muck => None,
            phh::Shown::Cards(run) => Some(known(run)),
            phh::Shown::Dealt => Some(dealt(hand, player)),
        };
        match cards {
            None => self.cards(i, "Mucks Cards", Vec::new()),
            Some(cards) if cards.is_empty() => {}
            Some(cards) => self.cards(i, "Shows Cards", cards),
        }
    }

    /// Writes one action, then applies it to the state.
    fn action(&mut self, hand: &phh::Hand, kind: &phh::ActionKind) -> Result<(), Diagnostic> {
        use phh::ActionKind;
        let n = hand.starting_stacks.len();
        let index = |p: phh::Player| {
            p.index().filter(|&i| i < n).ok_or_else(|| crate::export::unsupported(format!("no player {p}")))
        };
        match kind {
            ActionKind::DealHole { player, cards } => {
                let cards = known(cards);
                if !cards.is_empty() {
                    self.cards(index(*player)?, "Dealt Cards", cards);
                }
            }
            ActionKind::DealBoard { cards } => self.deal_board(known(cards))?,
            ActionKind::Fold { player } => self.act(index(*player)?, "Fold", Amount::ZERO, false),
            ActionKind::CheckCall { player } => self.bet(index(*player)?, None),
            ActionKind::CompleteBetRaise { player, amount } => self.bet(index(*player)?, Some(*amount)),
            ActionKind::ShowMuck { player, shown } => self.show(hand, *player, index(*player)?, shown),
            ActionKind::NoOp => {}
            ActionKind::BringIn { .. } | ActionKind::StandPatDiscard { .. } => {
                return Err(crate::export::unsupported("a bring-in or a draw in a board game"));
            }
        }
        self.replay.apply(kind)
    }
}

fn known(run: &phh::CardRun) -> Vec<String> {
    run.known().map(|c| poker_engine::card_text::spell(c).to_string()).collect()
}

/// The known cards dealt to `player` over the hand.
fn dealt(hand: &phh::Hand, player: phh::Player) -> Vec<String> {
    hand.actions
        .iter()
        .filter_map(|a| match &a.kind {
            phh::ActionKind::DealHole { player: p, cards } if *p == player => Some(known(cards)),
            _ => None,
        })
        .flatten()
        .collect()
}

fn user<'h>(hand: &'h phh::Hand, key: &str) -> Option<&'h str> {
    hand.user_fields.iter().find(|f| f.key == key).and_then(|f| match &f.value {
        phh::TomlValue::String(s) => Some(s.as_str()),
        _ => None,
    })
}

/// OHH's game and bet type of a variant; refused for the games OHH is not written for.
fn game_of(variant: phh::Variant) -> Result<(&'static str, &'static str), Diagnostic> {
    use phh::Variant;
    Ok(match variant {
        Variant::NoLimitTexasHoldem => ("Holdem", "NL"),
        Variant::FixedLimitTexasHoldem => ("Holdem", "FL"),
        Variant::PotLimitOmahaHoldem => ("Omaha", "PL"),
        Variant::FixedLimitOmahaHoldemHighLowSplitEightOrBetter => ("OmahaHiLo", "FL"),
        other => {
            return Err(crate::export::unsupported(format!(
                "OHH is not written for {} hands yet",
                other.code()
            )));
        }
    })
}

/// The blinds by player (PHH's heads-up order undone), the small and the big blind. The big
/// blind is the game's minimum bet (the small bet in fixed limit), whoever posted it.
fn blinds_of(hand: &phh::Hand, n: usize) -> (Vec<Amount>, Amount, Amount) {
    let mut blinds = hand.blinds_or_straddles.clone().unwrap_or_else(|| vec![Amount::ZERO; n]);
    blinds.resize(n, Amount::ZERO);
    if n == 2 {
        blinds.reverse();
    }
    let big = hand
        .min_bet
        .or(hand.small_bet)
        .or_else(|| blinds.get(usize::from(n != 2)).copied())
        .unwrap_or(Amount::ZERO);
    let small = blinds.iter().copied().filter(|b| !b.is_zero() && *b < big).min().unwrap_or(Amount::ZERO);
    (blinds, small, big)
}

/// The one pot OHH is written with: what the players' actions put in less the uncalled bets the
/// state returned, paid to each player what they end with less what they kept, the rest raked.
/// The stacks the hand ends with are the ones it states when they differ from the replay's only
/// by a rake (each at or below it), else the replay's: a producer's own way of counting (an
/// uncalled bet declared as won, for one) is not written into OHH's pots.
fn pot_of(hand: &phh::Hand, start: &[Amount], b: &Betting) -> Result<OutPot, Diagnostic> {
    let state = b.replay.state();
    let n = start.len();
    let replayed: Vec<Amount> = state.stacks().iter().map(|&s| amount_of(s)).collect();
    let declared: Option<Vec<Amount>> = match &hand.finishing_stacks {
        Some(f) if f.len() == n => f.iter().map(|q| q.finite()).collect(),
        _ => None,
    };
    let last = match declared {
        Some(d) if d.iter().zip(&replayed).all(|(d, r)| d <= r) => d,
        _ => replayed,
    };
    let put_in: Vec<Amount> =
        (0..n).map(|i| money::minus(b.put_in[i], amount_of(state.uncalled_returned()[i]))).collect();
    let pot = put_in.iter().fold(Amount::ZERO, |a, x| money::plus(a, *x));
    let mut wins = Vec::new();
    let mut won = Amount::ZERO;
    for i in 0..n {
        // What the player ends with, less what they kept: what the pot paid them.
        let win = money::minus(last[i], money::minus(start[i], put_in[i]));
        if win.is_negative() {
            return Err(crate::export::unsupported("a player ends with less than the play leaves them"));
        }
        if !win.is_zero() {
            won = money::plus(won, win);
            wins.push(OutWin { player_id: i, win_amount: exact(win) });
        }
    }
    let rake = money::minus(pot, won);
    if rake.is_negative() {
        return Err(crate::export::unsupported("the players are paid more than the pot"));
    }
    Ok(OutPot {
        number: 0,
        amount: exact(money::plus(pot, Amount::ZERO)),
        rake: exact(rake),
        player_wins: wins,
    })
}

/// A hand as one line of OHH JSON; refused ([`codes::EXPORT_UNSUPPORTED`]) when OHH cannot hold
/// it (stud, draw and short-deck games; a hand that does not replay to its end).
///
/// The hand is replayed on poker-engine's state as it is written: each action's chips, the
/// uncalled bets left out of the pot and the stacks it ends with are the state's.
pub fn write_hand(hand: &phh::Hand) -> Result<String, Diagnostic> {
    let (game_type, bet_type) = game_of(hand.variant)?;
    let n = hand.starting_stacks.len();
    let forced = hand.antes.iter().chain(hand.blinds_or_straddles.iter().flatten());
    if forced.chain(hand.bring_in.iter()).any(|a| a.is_negative()) {
        return Err(crate::export::unsupported("a negative ante or blind (a dead post) has no OHH form"));
    }
    let start = crate::export::finite_stacks(hand)?;
    let replay = Replay::start(hand)?;
    let (blinds, small, big) = blinds_of(hand, n);
    let preflop = OutRound { id: 0, street: "Preflop", cards: Vec::new(), actions: Vec::new() };
    let mut b =
        Betting { replay, put_in: vec![Amount::ZERO; n], rounds: vec![preflop], showdown: false, shows: 0 };
    b.posts(hand, &start, &blinds, big);
    for action in &hand.actions {
        b.action(hand, &action.kind)?;
    }
    b.replay.finish();
    for (id, round) in b.rounds.iter_mut().enumerate() {
        round.id = id;
    }
    let pot = pot_of(hand, &start, &b)?;
    let out = OutFile { ohh: out_hand(hand, &start, (game_type, bet_type), (small, big), b.rounds, pot) };
    serde_json::to_string(&out).map_err(|e| crate::export::unsupported(format!("cannot write the JSON: {e}")))
}

/// The hand's OHH object around its rounds and pot.
fn out_hand<'h>(
    hand: &'h phh::Hand,
    start: &[Amount],
    (game_type, bet_type): (&'static str, &'static str),
    (small, big): (Amount, Amount),
    rounds: Vec<OutRound>,
    pot: OutPot,
) -> OutHand<'h> {
    let n = start.len();
    let seats: Vec<i64> = match &hand.seats {
        Some(s) if s.len() == n => s.clone(),
        _ => (1..=i64::try_from(n).unwrap_or(i64::MAX)).collect(),
    };
    let names: Vec<String> = match &hand.players {
        Some(p) if p.len() == n => p.clone(),
        _ => (1..=n).map(|i| format!("Player{i}")).collect(),
    };
    let date = match (hand.year, hand.month, hand.day, hand.time) {
        (Some(y), Some(m), Some(d), Some(t)) => {
            Some(format!("{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z", t.hour, t.minute, t.second))
        }
        _ => None,
    };
    let text = |v: &phh::StrOrInt| match v {
        phh::StrOrInt::Str(s) => s.clone(),
        phh::StrOrInt::Int(i) => i.to_string(),
    };
    let hero = user(hand, "_hero").and_then(|h| names.iter().position(|name| name == h));
    let flags =
        user(hand, "_flags").map(|f| f.split(',').filter(|f| !f.is_empty()).collect()).unwrap_or_default();
    let button = hand.user_fields.iter().find(|f| f.key == "_button_seat").and_then(|f| match f.value {
        phh::TomlValue::Integer(i) => Some(i),
        _ => None,
    });
    OutHand {
        spec_version: "1.4.7",
        site_name: user(hand, "_site_name").or(hand.venue.as_deref()),
        network_name: user(hand, "_network_name"),
        game_number: hand.hand.as_ref().map(text),
        start_date_utc: date,
        table_name: hand.table.as_ref().map(text),
        game_type,
        bet_limit: OutLimit { bet_type, bet_cap: 0 },
        table_size: hand.seat_count,
        currency: hand.currency.as_deref(),
        dealer_seat: button.or_else(|| seats.last().copied()).unwrap_or(1),
        small_blind_amount: exact(small),
        big_blind_amount: exact(big),
        ante_amount: exact(hand.antes.iter().copied().max().unwrap_or(Amount::ZERO)),
        hero_player_id: hero,
        flags,
        players: names
            .into_iter()
            .enumerate()
            .map(|(i, name)| OutPlayer { id: i, seat: seats[i], name, starting_stack: exact(start[i]) })
            .collect(),
        rounds,
        pots: vec![pot],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn objects_are_cut_from_the_stream() {
        let text = "\u{feff}{\"ohh\": {\"a\": \"}{\\\"\"}}\n\n\n  {\"ohh\": 1}\ngarbage\n";
        let mut reader = Reader::from_str(text, Options::default());
        let first = reader.next_object().unwrap().unwrap().unwrap();
        assert_eq!(&text[first.range()], "{\"ohh\": {\"a\": \"}{\\\"\"}}");
        let second = reader.next_object().unwrap().unwrap().unwrap();
        assert_eq!(&text[second.range()], "{\"ohh\": 1}");
        let third = reader.next_object().unwrap().unwrap().unwrap();
        assert_eq!(&text[third.range()], "garbage\n");
        assert!(reader.next_object().unwrap().is_none());
        let records: Vec<Record> = Reader::from_str(text, Options::default()).collect();
        assert_eq!(records.len(), 3);
        assert!(records.iter().all(|r| r.diagnostics[0].code() == codes::SITE_BAD_JSON));
    }

    /// A big blind posted short (2 where the big blind is 4) is written as the big blind, by its
    /// seat: written by its amount it read back as a second small blind, out of order (FINDINGS F34).
    /// Chips per action from the replayed state: a raise all in, a call all in for less (capped
    /// at the stack), the raiser's excess left out of the pot, the wins what the state paid.
    #[test]
    fn all_in_for_less_and_the_uncalled_bet() {
        let text = "variant = 'NT'\nantes = [1, 1, 1]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n\
            starting_stacks = [100, 100, 31]\nactions = ['d dh p1 AcAd', 'd dh p2 KcKd', 'd dh p3 QcQd', \
            'p3 cbr 6', 'p1 cbr 99', 'p2 f', 'p3 cc', 'd db 2h3h4s', 'd db 9c', 'd db Tc', \
            'p1 sm AcAd', 'p3 sm QcQd']\n";
        let hand = phh::parse_hand(text).model.hand.unwrap();
        let json = write_hand(&hand).unwrap();
        for part in [
            r#""player_id":2,"action":"Post Ante","amount":1,"is_allin":false"#,
            r#""player_id":0,"action":"Raise","amount":98,"is_allin":true"#,
            r#""player_id":2,"action":"Call","amount":24,"is_allin":true"#,
            r#""pots":[{"number":0,"amount":65,"rake":0,"player_wins":[{"player_id":0,"win_amount":65}]}]"#,
        ] {
            assert!(json.contains(part), "no {part} in {json}");
        }
        let back = Reader::from_str(&json, Options::default()).next().unwrap();
        let again = back.hand.unwrap_or_else(|| panic!("{:?}\n{json}", back.diagnostics));
        assert_eq!(
            again.finishing_stacks.map(|f| f.iter().map(ToString::to_string).collect::<Vec<_>>()),
            Some(vec!["134".to_owned(), "97".to_owned(), "0".to_owned()])
        );
    }

    #[test]
    fn a_short_big_blind_is_written_by_its_seat() {
        let text = "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [2, 2, 0]\nmin_bet = 4\n\
            starting_stacks = [100, 100, 100]\nactions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', \
            'p3 f', 'p1 f']\nfinishing_stacks = [98, 102, 100]\n";
        let hand = phh::parse_hand(text).model.hand.unwrap();
        let json = write_hand(&hand).unwrap();
        assert!(json.contains(r#""player_id":1,"action":"Post BB","amount":2"#), "{json}");
        let back = Reader::from_str(&json, Options::default()).next().unwrap();
        let again = back.hand.unwrap_or_else(|| panic!("{:?}\n{json}", back.diagnostics));
        assert_eq!((&again.blinds_or_straddles, &again.actions), (&hand.blinds_or_straddles, &hand.actions));
    }

    #[test]
    fn amounts_are_read_exactly() {
        fn raw(t: &str) -> &RawValue {
            serde_json::from_str(t).unwrap()
        }
        assert_eq!(amount(raw("0.1")).unwrap().to_string(), "0.1");
        assert_eq!(amount(raw("\"6\"")).unwrap().to_string(), "6");
        assert_eq!(amount(raw("null")), Some(Amount::ZERO));
        assert_eq!(amount(raw("true")), None);
    }
}
