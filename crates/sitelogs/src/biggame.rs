//! The Big Game's hand data (PokerStars' televised cash game, season 1): [`Reader`] imports it to
//! PHH hands, one [`Record`](crate::Record) per hand, each replayed and checked against what the
//! data says was won.
//!
//! The show's site served each hand as a script, `LoadHand({...})`: a JavaScript object literal
//! (keys without quotes) with the table (`Title:"d1h61"`, the blinds, `Ante`, the `Dealer`'s seat,
//! every player's `Stack` and hole `Cards`, suit first: `"da"` is the ace of diamonds) and the
//! `Plays` in order. Saved logs put a `URL: ...` line before each; it is skipped. The conventions,
//! found on every hand of the show's first season:
//!
//! - **The ante is the dealer's alone** (`Ante:600`: a button ante). The blinds are not among the
//!   plays: the big blind sits just before the first player to act (or straddle), the small blind
//!   just before the big blind unless that seat is the dealer's (a seat emptied after the dealer:
//!   a dead small blind).
//! - `Straddles` is a live straddle, from the seat after the big blind (anyone else's is refused
//!   as PokerStars' importer refuses a post out of turn).
//! - `Bets` and `Raises To` give the street total; `Calls` and `All-In` give no amount (what the
//!   player needs to call, or has left), so the reader keeps each player's chips left.
//! - `Takes Back` is the bet no one called. When a hand ends with everyone folding to a bet, that
//!   bet is counted in the `Wins` instead, and the reader returns it.
//! - `Deal` after the first `Wins` is the show's look at the cards that would have come: not part
//!   of the hand, dropped. A second board (the players ran it more than once) is refused with
//!   [`SITE_RUN_IT_TWICE`](crate::codes::SITE_RUN_IT_TWICE).
//! - Every player's cards are known; those still in at the end show them.
//!
//! The hand's title goes into PHH's `hand` (`d{week}h{number}`, unique within the season).
//!
//! ```
//! let log = r#"URL: http://thebiggame.pokerstars.net/data/s1/w1/d1/d1h1.js
//! LoadHand({Hand:{Title:"d1h1",NumberOfSeats:3,BigBlind:400,SmallBlind: 200,Ante:600,Dealer:1,Players: [{Name:"ANN",Seat:1,Stack:100000,Cards:["da","dj"]},{Name:"BOB",Seat:2,Stack:100000,Cards:["sk","c2"]},{Name:"CY",Seat:3,Stack:100000,Cards:["s7","s4"]}]},Plays:[{Seat:1,Action:"Raises To",value:1200},{Seat:2,Action:"Folds"},{Seat:3,Action:"Folds"},{Seat:1,Action:"Wins",value:2400},{Seat:0,Action:"Deal",value:["sq","d2","s3"]}]})
//! "#;
//! let record = sitelogs::biggame::Reader::from_str(log, sitelogs::Options::default()).next().unwrap();
//! assert!(record.diagnostics.is_empty(), "{:?}", record.diagnostics);
//! let hand = record.hand.unwrap();
//! assert_eq!(hand.venue.as_deref(), Some("The Big Game"));
//! assert_eq!(hand.hand, Some(phh::StrOrInt::Str("d1h1".into())));
//! // ANN posted the ante (600), raised to 1,200 and won the blinds and the ante.
//! assert_eq!(hand.finishing_stacks.unwrap().iter().map(ToString::to_string).collect::<Vec<_>>(),
//!            ["99800", "99600", "100600"]);
//! ```

use cards_core::{Amount, Span};
use serde::Deserialize;

use crate::relay::{self, Draft, Relay, StarsHeader, Street, TextReader, TextSite};
use crate::text::Line;
use crate::{Options, codes, money};

/// Streams the hands of saved The Big Game data.
pub type Reader<R> = TextReader<R, BigGame>;

/// The Big Game's hand data, for [`TextReader`].
#[derive(Debug)]
pub struct BigGame;

impl TextSite for BigGame {
    const VENUE: &'static str = "The Big Game";

    fn is_header(line: &str) -> bool {
        line.trim_start_matches('\u{feff}').trim_start().starts_with("LoadHand(")
    }

    /// The `URL:` line saved before each hand.
    fn is_noise(line: &str) -> bool {
        line.starts_with("URL: ")
    }
}

impl Relay for BigGame {
    fn read(lines: &[Line], draft: &mut Draft, options: &Options) {
        let first = &lines[0];
        let data = match parse(&first.text) {
            Ok(data) => data,
            Err(message) => return draft.refuse(codes::SITE_BAD_HEADER, message, first.span),
        };
        draft.hand_id(data.hand.title.clone());
        for (text, span) in relay::said_lines(lines) {
            if !BigGame::is_noise(text) {
                draft.unknown(options, text, span);
            }
        }
        Play::new(&data, first.span).write(draft);
    }
}

/// One hand's object.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "PascalCase")]
struct Data {
    hand: Table,
    plays: Vec<Action>,
}

/// The table before the first play.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "PascalCase")]
struct Table {
    title: String,
    number_of_seats: Option<i64>,
    big_blind: serde_json::Number,
    small_blind: serde_json::Number,
    #[serde(default)]
    ante: Option<serde_json::Number>,
    dealer: i64,
    players: Vec<Player>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "PascalCase")]
struct Player {
    name: String,
    seat: i64,
    stack: serde_json::Number,
    #[serde(default)]
    cards: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "PascalCase")]
struct Action {
    seat: i64,
    action: String,
    /// An amount, or the cards of a `Deal`.
    #[serde(default, rename = "value")]
    value: Option<serde_json::Value>,
}

/// Reads a `LoadHand({...})` line.
fn parse(line: &str) -> Result<Data, String> {
    let body = line.trim_start_matches('\u{feff}').trim();
    let body = body.strip_prefix("LoadHand(").unwrap_or(body);
    let body = body.trim_end().trim_end_matches(';').trim_end();
    let body = body.strip_suffix(')').ok_or("a `LoadHand(` line without its closing `)`")?;
    let mut data: Data =
        serde_json::from_str(&quote_keys(body)).map_err(|e| format!("unreadable hand data: {e}"))?;
    // An empty seat is written as a player without a name or chips.
    data.hand.players.retain(|p| !(p.name.is_empty() && amount(&p.stack).is_none_or(Amount::is_zero)));
    Ok(data)
}

/// The JavaScript object literal as JSON: every bare key (`Title:`) quoted (`"Title":`).
fn quote_keys(js: &str) -> String {
    let mut out = String::with_capacity(js.len() + js.len() / 4);
    let mut chars = js.char_indices().peekable();
    let mut in_string = false;
    let mut escaped = false;
    // Whether the last character outside strings and spaces opens a key (`{` or `,`).
    let mut key_may_follow = false;
    while let Some((at, c)) = chars.next() {
        if in_string {
            out.push(c);
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => in_string = false,
                _ => {}
            }
            continue;
        }
        if key_may_follow && (c.is_ascii_alphabetic() || c == '_' || c == '$') {
            let mut end = at + c.len_utf8();
            while let Some(&(i, n)) = chars.peek() {
                if !(n.is_ascii_alphanumeric() || n == '_' || n == '$') {
                    break;
                }
                end = i + n.len_utf8();
                chars.next();
            }
            out.push('"');
            out.push_str(&js[at..end]);
            out.push('"');
            key_may_follow = false;
            continue;
        }
        out.push(c);
        match c {
            '"' => in_string = true,
            '{' | ',' => key_may_follow = true,
            _ if c.is_whitespace() => {}
            _ => key_may_follow = false,
        }
    }
    out
}

/// A card as the data writes it (`"da"`, `"ct"`: suit then rank) in PokerStars' spelling (`Ad`).
fn card(text: &str) -> Option<String> {
    let mut chars = text.chars();
    let (suit, rank) = (chars.next()?.to_ascii_lowercase(), chars.next()?.to_ascii_uppercase());
    let ok = chars.next().is_none() && "cdhs".contains(suit) && "23456789TJQKA".contains(rank);
    ok.then(|| format!("{rank}{suit}"))
}

/// An amount as the data writes it (a JSON number).
fn amount(number: &serde_json::Number) -> Option<Amount> {
    money::parse(&number.to_string())
}

/// The hand being rewritten: who sits where with how many chips left, and the round's chips.
struct Play<'d> {
    data: &'d Data,
    span: Span,
    /// Per player (in `data.hand.players` order): the chips left behind.
    left: Vec<Amount>,
    folded: Vec<bool>,
    street: Street,
    body: Vec<(String, Span)>,
    /// Board cards dealt so far.
    board: Vec<String>,
    /// A `Takes Back` was written (the data returns the uncalled bet itself).
    took_back: bool,
    /// Single cards dealt before the flop, once everyone is all in: the turn and the river, in
    /// the order dealt.
    early: Vec<String>,
}

impl<'d> Play<'d> {
    fn new(data: &'d Data, span: Span) -> Play<'d> {
        Play {
            data,
            span,
            left: Vec::new(),
            folded: vec![false; data.hand.players.len()],
            street: Street::default(),
            body: Vec::new(),
            board: Vec::new(),
            took_back: false,
            early: Vec::new(),
        }
    }

    fn name(&self, player: usize) -> &'d str {
        &self.data.hand.players[player].name
    }

    /// The player in `seat`.
    fn player(&self, seat: i64) -> Option<usize> {
        self.data.hand.players.iter().position(|p| p.seat == seat)
    }

    /// The player in `seat`; the hand is refused when there is none.
    fn seated(&self, draft: &mut Draft, seat: i64) -> Option<usize> {
        let player = self.player(seat);
        if player.is_none() {
            draft.refuse(codes::SITE_UNKNOWN_PLAYER, format!("no player in seat {seat}"), self.span);
        }
        player
    }

    /// The players in seat order from the one after `seat`, around the table.
    fn after(&self, seat: i64) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.data.hand.players.len()).collect();
        order.sort_by_key(|&p| {
            let s = self.data.hand.players[p].seat;
            (s <= seat, s)
        });
        order
    }

    fn write(mut self, draft: &mut Draft) {
        let table = &self.data.hand;
        let stakes = (amount(&table.small_blind), amount(&table.big_blind));
        let (Some(small), Some(big)) = stakes else {
            return draft.refuse(codes::SITE_BAD_AMOUNT, "unreadable blinds", self.span);
        };
        let mut seats = Vec::new();
        for p in &table.players {
            let Some(stack) = amount(&p.stack) else {
                return draft.refuse(
                    codes::SITE_BAD_SEAT,
                    format!("unreadable stack of {}", p.name),
                    self.span,
                );
            };
            self.left.push(stack);
            seats.push((p.seat, p.name.clone(), stack, self.span));
        }
        if table.players.len() < 2 {
            return draft.refuse(codes::SITE_TOO_FEW_PLAYERS, "fewer than two players", self.span);
        }
        if !self.posts(draft, small, big) || !self.deal(draft) || !self.plays(draft) {
            return;
        }
        self.showdown();
        self.street.collected(&mut self.body, true);
        let id: String = table.title.chars().filter(char::is_ascii_digit).collect();
        let stars = StarsHeader::new("TheBigGame", &id, "Hold'em No Limit", Some((small, big)));
        draft.push(stars.line(), self.span);
        draft.push(relay::table_line("The Big Game", table.number_of_seats, Some(table.dealer)), self.span);
        // The show took no rake: winnings short of the pot are the data's fault, which the
        // importer's check of the pot against the payouts reports.
        let pot = self.street.total;
        relay::seats_play_summary(
            draft,
            &seats,
            std::mem::take(&mut self.body),
            (pot, Amount::ZERO),
            self.span,
        );
    }

    /// Puts `amount` of `player`'s chips in; `None` if they have not that many.
    fn put_in(&mut self, player: usize, amount: Amount) -> Option<()> {
        let left = money::minus(self.left[player], amount);
        (!left.is_negative()).then(|| self.left[player] = left)
    }

    /// The dealer's ante and the blinds ([`Play::blinds`] says whose).
    fn posts(&mut self, draft: &mut Draft, small: Amount, big: Amount) -> bool {
        let table = &self.data.hand;
        let Some(dealer) = self.player(table.dealer) else {
            draft.refuse(
                codes::SITE_BAD_TABLE,
                format!("no player in the dealer's seat {}", table.dealer),
                self.span,
            );
            return false;
        };
        let (small_blind, big_blind) = self.blinds(dealer);
        let ante = table.ante.as_ref().map_or(Some(Amount::ZERO), amount);
        let Some(ante) = ante else {
            draft.refuse(codes::SITE_BAD_AMOUNT, "unreadable ante", self.span);
            return false;
        };
        let mut posts = Vec::new();
        if !ante.is_zero() {
            posts.push((dealer, ante, "posts the ante"));
        }
        if let Some(player) = small_blind {
            posts.push((player, small, "posts small blind"));
        }
        posts.push((big_blind, big, "posts big blind"));
        for (player, wanted, words) in posts {
            // A player short of the post puts in what is left, all in.
            let amount = if self.left[player] < wanted { self.left[player] } else { wanted };
            let all_in = if amount < wanted { " and is all-in" } else { "" };
            self.put_in(player, amount);
            if words == "posts the ante" {
                self.street.dead(amount);
            } else {
                self.street.post(self.name(player), amount);
            }
            self.body.push((format!("{}: {words} {amount}{all_in}", self.name(player)), self.span));
        }
        true
    }

    /// Who posts the small blind (none when the seat after the dealer was left empty: a dead
    /// small blind) and the big blind. The data does not say: the big blind sits just before
    /// the first player to act (or straddle) before the flop, the small blind just before it
    /// unless that is the dealer; heads up, the dealer posts the small blind.
    fn blinds(&self, dealer: usize) -> (Option<usize>, usize) {
        let seat = |p: usize| self.data.hand.players[p].seat;
        let order = self.after(seat(dealer));
        if order.len() == 2 {
            return (Some(dealer), order[0]);
        }
        let before = |p: usize| {
            let at = order.iter().position(|&o| o == p).unwrap_or(0);
            order[(at + order.len() - 1) % order.len()]
        };
        let first = self.data.plays.first().filter(|p| p.action != "Deal" && p.action != "Wins");
        match first.and_then(|p| self.player(p.seat)) {
            Some(first) => {
                let big = before(first);
                let small = before(big);
                ((small != dealer).then_some(small), big)
            }
            None => (Some(order[0]), order[1]),
        }
    }

    /// The hole cards, every player's.
    fn deal(&mut self, draft: &mut Draft) -> bool {
        // Straddles come first among the plays but are posts: they go before the cards.
        for play in self.data.plays.iter().take_while(|p| p.action == "Straddles") {
            let Some(player) = self.seated(draft, play.seat) else {
                return false;
            };
            let Some(to) = play.value.as_ref().and_then(value_amount) else {
                draft.refuse(codes::SITE_BAD_AMOUNT, "a straddle without its amount", self.span);
                return false;
            };
            let added = self.street.raise_to(self.name(player), to);
            if self.put_in(player, added).is_none() {
                draft.refuse(codes::SITE_INCONSISTENT, "a straddle larger than the stack", self.span);
                return false;
            }
            self.body.push((format!("{}: posts straddle {to}", self.name(player)), self.span));
        }
        self.body.push(("*** HOLE CARDS ***".into(), self.span));
        for p in &self.data.hand.players {
            let cards: Option<Vec<String>> = p.cards.iter().map(|c| card(c)).collect();
            match cards {
                Some(cards) if !cards.is_empty() => {
                    self.body.push((format!("Dealt to {} [{}]", p.name, cards.join(" ")), self.span));
                }
                Some(_) => {}
                None => {
                    draft.refuse(codes::SITE_BAD_CARDS, format!("unreadable cards of {}", p.name), self.span);
                    return false;
                }
            }
        }
        true
    }

    /// The plays after the straddles, up to the first `Wins`, then the payouts.
    fn plays(&mut self, draft: &mut Draft) -> bool {
        let plays = &self.data.plays;
        let skip = plays.iter().take_while(|p| p.action == "Straddles").count();
        let mut paying = false;
        for play in &plays[skip..] {
            if play.action == "Wins" {
                if !paying {
                    paying = true;
                    self.end_betting();
                }
                let won = play.value.as_ref().and_then(value_amount);
                match (self.player(play.seat), won) {
                    (Some(p), Some(won)) => self.street.win(self.name(p), won, self.span),
                    _ => {
                        draft.refuse(
                            codes::SITE_BAD_AMOUNT,
                            "a `Wins` without its player or amount",
                            self.span,
                        );
                        return false;
                    }
                }
                continue;
            }
            if paying {
                // The show's look at the cards that would have come (`Deal` after the hand).
                continue;
            }
            if play.action == "Deal" {
                if !self.board_cards(draft, play) {
                    return false;
                }
                continue;
            }
            if play.action == "Straddles" {
                // A straddle after others acted (on the button, say): the straddler acts last
                // before the flop, which PHH's blinds cannot say.
                let message = "a straddle after others acted: PHH's blinds also set who acts first";
                draft.refuse(codes::SITE_POST_OUT_OF_TURN, message, self.span);
                return false;
            }
            let Some(player) = self.seated(draft, play.seat) else {
                return false;
            };
            if !self.action(draft, player, play) {
                return false;
            }
        }
        if !paying {
            draft.refuse(
                codes::SITE_INCOMPLETE,
                "the hand pays no one (no `Wins`): it is cut short",
                self.span,
            );
            return false;
        }
        if !self.early.is_empty() {
            draft.refuse(codes::SITE_BAD_CARDS, "a turn or river dealt without a flop", self.span);
            return false;
        }
        true
    }

    /// A `Deal` of the board: the flop, the turn, the river; any more is another run. Once
    /// everyone is all in before the flop, the data may deal the turn and the river first (and an
    /// empty `Deal`): they are held until the flop.
    fn board_cards(&mut self, draft: &mut Draft, play: &Action) -> bool {
        let cards: Option<Vec<String>> = match &play.value {
            Some(serde_json::Value::Array(items)) => {
                items.iter().map(|c| c.as_str().and_then(card)).collect()
            }
            _ => None,
        };
        let Some(cards) = cards else {
            draft.refuse(codes::SITE_BAD_CARDS, "unreadable board cards", self.span);
            return false;
        };
        if cards.is_empty() {
            return true;
        }
        if self.board.is_empty() && cards.len() == 1 && self.early.len() < 2 {
            self.early.extend(cards);
            return true;
        }
        let early = std::mem::take(&mut self.early);
        let flop_after_early = self.board.is_empty() && cards.len() == 3;
        if !early.is_empty() && !flop_after_early {
            let message = format!("{} board cards after {} dealt before the flop", cards.len(), early.len());
            draft.refuse(codes::SITE_BAD_CARDS, message, self.span);
            return false;
        }
        let mut deals = vec![cards];
        deals.extend(early.into_iter().map(|c| vec![c]));
        deals.into_iter().all(|cards| self.street_cards(draft, cards))
    }

    /// The next street's cards.
    fn street_cards(&mut self, draft: &mut Draft, cards: Vec<String>) -> bool {
        let street = match (self.board.len(), cards.len()) {
            (0, 3) => "FLOP",
            (3, 1) => "TURN",
            (4, 1) => "RIVER",
            (n, _) if n >= 3 => {
                let message =
                    "the board was dealt again: the players ran it more than once, and PHH has one board";
                draft.refuse(codes::SITE_RUN_IT_TWICE, message, self.span);
                return false;
            }
            (n, k) => {
                draft.refuse(codes::SITE_BAD_CARDS, format!("{k} board cards after {n}"), self.span);
                return false;
            }
        };
        self.end_betting();
        let before =
            if self.board.is_empty() { String::new() } else { format!(" [{}]", self.board.join(" ")) };
        self.body.push((format!("*** {street} ***{before} [{}]", cards.join(" ")), self.span));
        self.board.extend(cards);
        true
    }

    /// A betting round ends: a bet no one called (and the data did not take back) goes back.
    fn end_betting(&mut self) {
        if self.took_back {
            self.street.next();
        } else {
            self.street.close(&mut self.body, self.span);
        }
        self.took_back = false;
    }

    /// One player's play.
    fn action(&mut self, draft: &mut Draft, player: usize, play: &Action) -> bool {
        let name = self.name(player);
        let mine = self.street.bet_of(name);
        let value = play.value.as_ref().and_then(value_amount);
        let added = match (play.action.as_str(), value) {
            ("Folds", _) => {
                self.folded[player] = true;
                self.body.push((format!("{name}: folds"), self.span));
                return true;
            }
            ("Checks", _) => {
                self.body.push((format!("{name}: checks"), self.span));
                return true;
            }
            ("Calls", _) => {
                let owed = money::minus(self.street.highest(), mine);
                let call = if self.left[player] < owed { self.left[player] } else { owed };
                self.street.add(name, call)
            }
            ("All-In", _) => self.street.add(name, self.left[player]),
            ("Bets" | "Raises To", Some(to)) => {
                let added = money::minus(to, mine);
                self.street.add(name, added)
            }
            ("Takes Back", Some(back)) => {
                self.street.returned(name, back);
                self.left[player] = money::plus(self.left[player], back);
                self.took_back = true;
                self.body.push((format!("Uncalled bet ({back}) returned to {name}"), self.span));
                return true;
            }
            (other, _) => {
                draft.unreadable_action(name, &format!("{name} {other}"), self.span);
                return false;
            }
        };
        let chips = match added {
            relay::Added::Call(a) | relay::Added::Bet(a) => a,
            relay::Added::RaiseTo(to) => money::minus(to, mine),
        };
        if self.put_in(player, chips).is_none() {
            let message = format!("{name} puts in {chips} with {} left", self.left[player]);
            draft.refuse(codes::SITE_INCONSISTENT, message, self.span);
            return false;
        }
        let all_in = if self.left[player].is_zero() { " and is all-in" } else { "" };
        self.body.push((format!("{}{all_in}", relay::added_text(name, &added)), self.span));
        true
    }

    /// Two or more players in at the end show their cards.
    fn showdown(&mut self) {
        let shown: Vec<usize> = (0..self.folded.len()).filter(|&p| !self.folded[p]).collect();
        if shown.len() < 2 {
            return;
        }
        self.body.push(("*** SHOW DOWN ***".into(), self.span));
        for p in shown {
            let cards: Vec<String> = self.data.hand.players[p].cards.iter().filter_map(|c| card(c)).collect();
            if cards.is_empty() {
                // Cards the show did not record.
                continue;
            }
            self.body.push((format!("{}: shows [{}]", self.name(p), cards.join(" ")), self.span));
        }
    }
}

/// An amount given as a JSON number.
fn value_amount(value: &serde_json::Value) -> Option<Amount> {
    match value {
        serde_json::Value::Number(n) => amount(n),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_quoted_outside_strings() {
        let js = r#"{Hand:{Title:"a:b, c:d",Seat: 1},Plays:[{Seat:0,Action:"Deal",value:["sq"]}]}"#;
        assert_eq!(
            quote_keys(js),
            r#"{"Hand":{"Title":"a:b, c:d","Seat": 1},"Plays":[{"Seat":0,"Action":"Deal","value":["sq"]}]}"#
        );
    }

    #[test]
    fn cards_are_suit_then_rank() {
        assert_eq!(card("da").as_deref(), Some("Ad"));
        assert_eq!(card("ct").as_deref(), Some("Tc"));
        assert_eq!(card("x9"), None);
        assert_eq!(card("d10"), None);
    }

    #[test]
    fn a_bad_line_is_an_error_not_a_panic() {
        assert!(parse("LoadHand({Hand:").is_err());
        assert!(parse("LoadHand(").is_err());
        assert!(parse("LoadHand({})").is_err());
    }
}
