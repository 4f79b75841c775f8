//! Boss Media (Ongame's predecessor network; Betsafe, espacejeux, Unibet's older rooms) hand
//! histories (XML: `<HISTORY>` per hand, inside a `<ROOT>` or not): [`Reader`] imports them to PHH
//! hands, one [`Record`] per `<HISTORY>`, each replayed and checked against what the log pays out.
//!
//! A `<HISTORY ID TABLE GAME="GAME_THM|GAME_OMA|GAME_OMAHL|..." GAMETYPE="GAMETYPE_REAL"
//! GAMEKIND="GAMEKIND_CASH" TABLECURRENCY LIMIT="NL|PL|FL" STAKES="0.05/0.10" DATE="epoch">` lists
//! its `<PLAYER NAME SEAT AMOUNT DEALER="Y">`s, then `<ACTION TYPE PLAYER VALUE>`s in order:
//! `HAND_BLINDS` (`KIND` `HAND_SB`, `HAND_BB`, `HAND_DSB` a dead small blind, `HAND_AB` both
//! blinds, the small one dead; a second `HAND_SB` is a joining player's, dead), `HAND_DEAL` (`<CARD LINK>`s, `b` when unseen), `ACTION_FOLD`,
//! `ACTION_CHECK`, `ACTION_BET` (the chips added), `ACTION_RAISE` (the street total raised to),
//! `ACTION_CALL` (the chips added in later logs, the street total called in earlier ones: each
//! call is read by which of the two it matches), `ACTION_ALLIN` (the chips added, or the street
//! total: read by the player's stack), `HAND_BOARD` (`BOARD_FLOP` and on, the board so far).
//! Older logs mark no `DEALER`: the button is then the seat before the small blind's. Cards
//! are numbered `0..=51`, diamonds, clubs, hearts, spades, each from the ace to the king.
//! The `<SHOWDOWN>`'s `<RESULT PLAYER WIN>` pays the pot less the rake (the uncalled bet not
//! counted), with the cards shown. Refused per hand, with a code: games PHH cannot express
//! (pot-limit hold'em, 5-card draw, pot-limit Omaha hi/lo...), a player acting who has no seat.
//!
//! ```
//! let log = r#"<ROOT><HISTORY ID="7" TABLE="Oslo" GAME="GAME_THM" GAMETYPE="GAMETYPE_REAL" GAMEKIND="GAMEKIND_CASH" TABLECURRENCY="EUR" LIMIT="NL" STAKES="0.05/0.10" DATE="1281101974">
//! <PLAYER NAME="Ann" SEAT="1" AMOUNT="10.00" DEALER="Y"></PLAYER>
//! <PLAYER NAME="Bob" SEAT="2" AMOUNT="5.00" DEALER="N"></PLAYER>
//! <ACTION TYPE="HAND_BLINDS" PLAYER="Ann" KIND="HAND_SB" VALUE="0.05"></ACTION>
//! <ACTION TYPE="HAND_BLINDS" PLAYER="Bob" KIND="HAND_BB" VALUE="0.10"></ACTION>
//! <ACTION TYPE="HAND_DEAL" PLAYER="Ann"><CARD LINK="0"></CARD><CARD LINK="25"></CARD></ACTION>
//! <ACTION TYPE="HAND_DEAL" PLAYER="Bob"><CARD LINK="b"></CARD><CARD LINK="b"></CARD></ACTION>
//! <ACTION TYPE="ACTION_RAISE" PLAYER="Ann" VALUE="0.30"></ACTION>
//! <ACTION TYPE="ACTION_FOLD" PLAYER="Bob"></ACTION>
//! <SHOWDOWN NAME="HAND_SHOWDOWN" POT="0.20" RAKE="0.00"><RESULT PLAYER="Ann" WIN="0.20"></RESULT></SHOWDOWN></HISTORY></ROOT>"#;
//! let record = sitelogs::boss::Reader::from_str(log, sitelogs::Options::default()).next().unwrap();
//! assert!(record.diagnostics.is_empty(), "{:?}", record.diagnostics);
//! let hand = record.hand.unwrap();
//! let actions: Vec<String> = hand.actions.iter().map(ToString::to_string).collect();
//! assert_eq!(actions, ["d dh p1 ????", "d dh p2 AdKc", "p2 cbr 0.30", "p1 f"]);
//! assert_eq!(hand.finishing_stacks.unwrap()[1].to_string(), "10.10");
//! ```

use cards_core::{Amount, Span};
use quick_xml::events::BytesStart;

use crate::chips::Round;
use crate::microgaming::close;
use crate::relay::{self, Draft, StarsHeader, Street};
use crate::xml::{XmlReader, XmlSite, attribute};
use crate::{Options, Record, codes, money};

/// Whether the first few KB of a file (decoded) are a Boss Media log: a `<HISTORY ID=...>` with
/// its `GAME="GAME_..."`.
#[must_use]
pub fn detect(head: &str) -> bool {
    head.find("<HISTORY ").is_some_and(|at| {
        let tag = head[at..].split('>').next().unwrap_or_default();
        tag.contains(" GAME=\"GAME_") && tag.contains(" STAKES=\"")
    })
}

#[derive(Debug, Default)]
struct Player {
    name: String,
    seat: i64,
    amount: String,
    dealer: bool,
    span: Span,
}

#[derive(Debug, Default)]
struct Action {
    kind: String,
    player: String,
    blind: String,
    value: String,
    board: String,
    cards: Vec<Option<String>>,
    /// A `<RESULT>`'s win.
    win: Option<String>,
    span: Span,
}

#[derive(Debug, Default)]
struct History {
    start: usize,
    id: String,
    table: String,
    game: String,
    real: bool,
    tournament: Option<String>,
    currency: String,
    limit: String,
    stakes: String,
    date: String,
    players: Vec<Player>,
    actions: Vec<Action>,
}

/// Streams the hands (`<HISTORY>`s) of a Boss Media log.
pub type Reader<R> = XmlReader<R, Boss>;

/// Boss Media's XML, for the XML-site reader: the hand under way.
#[derive(Debug, Default)]
pub struct Boss {
    history: Option<History>,
}

/// Card `LINK` `0..=51`: diamonds, clubs, hearts, spades, each from the ace to the king; `None`
/// for `b` (face down) or anything else.
fn card(link: &str) -> Option<String> {
    let n: usize = link.trim().parse().ok()?;
    let suit = ['d', 'c', 'h', 's'].get(n / 13)?;
    let rank = "A23456789TJQK".chars().nth(n % 13)?;
    Some(format!("{rank}{suit}"))
}

impl XmlSite for Boss {
    const HAND: &'static str = "HISTORY";

    fn open(&mut self, element: &BytesStart<'_>, span: Span, _empty: bool) {
        let attr = |key: &str| attribute(element, key);
        let name = element.name();
        if name.as_ref() == b"HISTORY" {
            let tournament = attr("TABLETOURNEYID");
            self.history = Some(History {
                start: span.start,
                id: attr("ID"),
                table: attr("TABLE"),
                game: attr("GAME"),
                real: attr("GAMETYPE") == "GAMETYPE_REAL",
                tournament: (attr("GAMEKIND").contains("TOUR")).then_some(tournament),
                currency: attr("TABLECURRENCY"),
                limit: attr("LIMIT"),
                stakes: attr("STAKES"),
                date: attr("DATE"),
                ..History::default()
            });
            return;
        }
        let Some(history) = self.history.as_mut() else { return };
        match name.as_ref() {
            b"PLAYER" => history.players.push(Player {
                name: attr("NAME"),
                seat: attr("SEAT").trim().parse().unwrap_or(-1),
                amount: attr("AMOUNT"),
                dealer: attr("DEALER") == "Y",
                span,
            }),
            b"ACTION" => history.actions.push(Action {
                kind: attr("TYPE"),
                player: attr("PLAYER"),
                blind: attr("KIND"),
                value: attr("VALUE"),
                board: attr("VALUE"),
                span,
                ..Action::default()
            }),
            b"RESULT" => history.actions.push(Action {
                kind: "RESULT".into(),
                player: attr("PLAYER"),
                win: Some(attr("WIN")),
                span,
                ..Action::default()
            }),
            b"CARD" => {
                if let Some(action) = history.actions.last_mut() {
                    action.cards.push(card(&attr("LINK")));
                }
            }
            _ => {}
        }
    }

    fn close(&mut self, name: &[u8], _text: String, end: usize, options: &Options) -> Option<Record> {
        if name != b"HISTORY" {
            return None;
        }
        self.history.take().map(|history| import(&history, end, options))
    }

    fn take_unfinished(&mut self) -> Option<usize> {
        self.history.take().map(|history| history.start)
    }
}

/// The PokerStars game of a Boss Media game and limit.
fn stars_game(game: &str, limit: &str) -> Option<&'static str> {
    Some(match (game.trim(), limit.trim()) {
        ("GAME_THM", "NL") => "Hold'em No Limit",
        ("GAME_THM", "FL") => "Hold'em Limit",
        ("GAME_OMA", "PL") => "Omaha Pot Limit",
        ("GAME_OMAHL", "FL") => "Omaha Hi/Lo Limit",
        _ => return None,
    })
}

/// One `<HISTORY>` to a record.
fn import(history: &History, end: usize, options: &Options) -> Record {
    let whole = Span::new(history.start, end);
    let head = Span::new(history.start, history.players.first().map_or(end, |p| p.span.start));
    let mut draft = Draft::default();
    let Some(stars) = stars_game(&history.game, &history.limit) else {
        let message = format!("PHH has no variant for Boss Media's {} {}", history.game, history.limit);
        draft.refuse(codes::SITE_GAME_UNSUPPORTED, message, head);
        return draft.finish(whole, options, "Boss Media");
    };
    let fixed = history.limit.trim() == "FL";
    let stakes = history.stakes.split_once('/').and_then(|(a, b)| Some((money::parse(a)?, money::parse(b)?)));
    // Who is in the hand: dealt cards or acting.
    let players: Vec<&Player> =
        history.players.iter().filter(|p| history.actions.iter().any(|a| a.player == p.name)).collect();
    let mut play = Play::new(players, &mut draft);
    // The big blind: a fixed-limit game's is its small bet.
    play.big = stakes.map(|(small, big)| if fixed { small } else { big });
    for action in &history.actions {
        play.action(&mut draft, options, action);
    }
    let end_span = Span::at(end);
    if !play.paid {
        draft.refuse(codes::SITE_INCOMPLETE, "no <RESULT>: the hand is cut short", whole);
    }
    close(&mut play.street, &mut play.bets, &mut play.body, end_span, false);
    play.body.append(&mut play.shows);
    play.street.collected(&mut play.body, true);
    draft.payout(&play.street, history.tournament.is_some());
    if stakes.is_none() {
        draft.refuse(codes::SITE_BAD_HEADER, format!("unreadable STAKES `{}`", history.stakes), head);
    }
    let id: String = history.id.chars().filter(char::is_ascii_alphanumeric).collect();
    draft.push(stars_header(history, if id.is_empty() { "0" } else { &id }, stars, stakes).line(), head);
    draft.push(relay::table_line(&history.table, None, button(history, &play.players)), head);
    let mut seats: Vec<&&Player> = play.players.iter().collect();
    seats.sort_by_key(|p| p.seat);
    for p in seats {
        if let Some(amount) = money::parse(&p.amount) {
            draft.push(relay::seat_line(p.seat, &p.name, amount), p.span);
        }
    }
    for (text, span) in play.body {
        draft.push(text, span);
    }
    relay::summary_lines(&mut draft, play.street.total, play.street.rake(), end_span);
    draft.finish(whole, options, "Boss Media")
}

/// The header in the PokerStars form, numbered `id`.
fn stars_header<'h>(
    history: &'h History,
    id: &'h str,
    game: &'static str,
    stakes: Option<(Amount, Amount)>,
) -> StarsHeader<'h> {
    let code = history.currency.trim();
    let real = history.real && history.tournament.is_none() && !code.is_empty();
    let symbol = match code {
        "USD" => Some('$'),
        "EUR" => Some('€'),
        "GBP" => Some('£'),
        _ => None,
    };
    let event =
        history.tournament.as_ref().map(|t| format!("Tournament #{}", if t.is_empty() { "0" } else { t }));
    StarsHeader::new("BossMedia", id, game, stakes)
        .event(event)
        .money(symbol.filter(|_| real), real.then_some(code))
        .date(relay::from_epoch(&history.date), None)
}

/// The button: `DEALER="Y"`, or (logs without it) the seat before the small blind's (heads-up,
/// the small blind's own).
fn button(history: &History, players: &[&Player]) -> Option<i64> {
    let mut in_order: Vec<i64> = players.iter().map(|p| p.seat).collect();
    in_order.sort_unstable();
    let seat_of = |kind: &str| {
        history
            .actions
            .iter()
            .find(|a| a.kind == "HAND_BLINDS" && a.blind == kind)
            .and_then(|a| players.iter().find(|p| p.name == a.player).map(|p| p.seat))
    };
    let before = |seat: i64, back: usize| {
        let at = in_order.iter().position(|&s| s == seat)?;
        Some(in_order[(at + in_order.len() * 2 - back) % in_order.len()])
    };
    players.iter().find(|p| p.dealer).map(|p| p.seat).or_else(|| match seat_of("HAND_SB") {
        Some(small) if in_order.len() == 2 => Some(small),
        Some(small) => before(small, 1),
        // No small blind posted: the seat before the big blind's.
        None => before(seat_of("HAND_BB")?, 1),
    })
}

/// The play of a `<HISTORY>` under way, action by action.
struct Play<'h> {
    /// The players in the hand.
    players: Vec<&'h Player>,
    /// The big blind (a fixed-limit game's small bet).
    big: Option<Amount>,
    /// What each player has left.
    stacks: Vec<(String, Amount)>,
    street: Street,
    /// The chips each player put in on the betting round under way.
    bets: Round<String>,
    /// The play, in PokerStars' words.
    body: Vec<(String, Span)>,
    /// The cards shown with the results.
    shows: Vec<(String, Span)>,
    dealt: bool,
    paid: bool,
    /// Whether a call's VALUE is the chips added (later logs) or the street total (earlier ones),
    /// once a call has told.
    call_adds: Option<bool>,
    sb_posted: bool,
}

impl<'h> Play<'h> {
    /// The players' stacks read (an unreadable one refused).
    fn new(players: Vec<&'h Player>, draft: &mut Draft) -> Play<'h> {
        let mut stacks: Vec<(String, Amount)> = Vec::new();
        for p in &players {
            match money::parse(&p.amount) {
                Some(a) => stacks.push((p.name.clone(), a)),
                None => {
                    draft.refuse(codes::SITE_BAD_AMOUNT, format!("unreadable AMOUNT of {}", p.name), p.span)
                }
            }
        }
        Play {
            players,
            big: None,
            stacks,
            street: Street::default(),
            bets: Round::default(),
            body: Vec::new(),
            shows: Vec::new(),
            dealt: false,
            paid: false,
            call_adds: None,
            sb_posted: false,
        }
    }

    /// One `<ACTION>` or `<RESULT>`.
    fn action(&mut self, draft: &mut Draft, options: &Options, action: &Action) {
        let span = action.span;
        let kind = action.kind.as_str();
        if kind == "HAND_BOARD" {
            self.board(draft, action);
            return;
        }
        let Some(name) = self.players.iter().find(|p| p.name == action.player).map(|p| p.name.as_str())
        else {
            if action.player.is_empty() {
                draft.unknown(options, &format!("action {kind}"), span);
            } else {
                draft.refuse(codes::SITE_UNKNOWN_PLAYER, format!("`{}` has no seat", action.player), span);
            }
            return;
        };
        if kind == "RESULT" {
            self.result(draft, name, action);
            return;
        }
        let value =
            if action.value.trim().is_empty() { Some(Amount::ZERO) } else { money::parse(&action.value) };
        let Some(value) = value else {
            draft.refuse(codes::SITE_BAD_AMOUNT, format!("unreadable VALUE `{}`", action.value), span);
            return;
        };
        let line = match (kind, action.blind.as_str()) {
            ("HAND_BLINDS", "HAND_SB" | "HAND_BB" | "HAND_DSB" | "HAND_AB") => {
                self.blind(name, action, value)
            }
            ("HAND_DEAL", _) => {
                self.deal(name, action);
                None
            }
            (
                "ACTION_FOLD" | "ACTION_CHECK" | "ACTION_BET" | "ACTION_RAISE" | "ACTION_CALL"
                | "ACTION_ALLIN",
                _,
            ) => Some(self.bet(name, kind, value)),
            _ if value.is_zero() => {
                draft.unknown(options, &format!("action {kind} of {name}"), span);
                None
            }
            _ => {
                let message = format!("action {kind} of {name} moves {value}: its meaning is not known");
                draft.refuse(codes::SITE_UNKNOWN_LINE, message, span);
                None
            }
        };
        if let Some(line) = line {
            if !self.dealt && kind != "HAND_BLINDS" {
                self.body.push(("*** HOLE CARDS ***".into(), span));
                self.dealt = true;
            }
            self.body.push((line, span));
        }
    }

    /// A `HAND_BOARD` action: the betting round closes, the board's cards are dealt.
    fn board(&mut self, draft: &mut Draft, action: &Action) {
        let span = action.span;
        if !action.board.starts_with("BOARD_") {
            draft.refuse(codes::SITE_UNKNOWN_LINE, "a board with no street", span);
            return;
        }
        close(&mut self.street, &mut self.bets, &mut self.body, span, false);
        let cards: Vec<String> = action.cards.iter().flatten().cloned().collect();
        let name = action.board.trim_start_matches("BOARD_");
        let line = match (name, cards.len()) {
            ("FLOP", 3) => format!("*** FLOP *** [{}]", cards.join(" ")),
            ("TURN", 4) | ("RIVER", 5) => {
                let (before, last) = cards.split_at(cards.len() - 1);
                format!("*** {name} *** [{}] [{}]", before.join(" "), last[0])
            }
            _ => {
                draft.refuse(codes::SITE_BAD_CARDS, format!("unreadable board {name}"), span);
                return;
            }
        };
        self.body.push((line, span));
    }

    /// A `<RESULT>`: what `name` won, and the cards shown.
    fn result(&mut self, draft: &mut Draft, name: &str, action: &Action) {
        let span = action.span;
        self.paid = true;
        let won = action.win.as_deref().map_or(Some(Amount::ZERO), |w| {
            if w.trim().is_empty() { Some(Amount::ZERO) } else { money::parse(w) }
        });
        match won {
            Some(won) if !won.is_zero() => self.street.win(name, won, span),
            Some(_) => {}
            None => draft.refuse(codes::SITE_BAD_AMOUNT, format!("unreadable WIN of {name}"), span),
        }
        let cards: Vec<String> = action.cards.iter().flatten().cloned().collect();
        if !cards.is_empty() && cards.len() == action.cards.len() {
            self.shows.push((format!("{name}: shows [{}]", cards.join(" ")), span));
        }
    }

    /// A `HAND_DEAL`: the hole cards are dealt, `name`'s written when all are known.
    fn deal(&mut self, name: &str, action: &Action) {
        if !self.dealt {
            self.body.push(("*** HOLE CARDS ***".into(), action.span));
            self.dealt = true;
        }
        let cards: Vec<String> = action.cards.iter().flatten().cloned().collect();
        if !cards.is_empty() && cards.len() == action.cards.len() {
            self.body.push((format!("Dealt to {name} [{}]", cards.join(" ")), action.span));
        }
    }

    /// `name`'s stack less `amount`.
    fn spend(&mut self, name: &str, amount: Amount) {
        self.stacks.iter_mut().filter(|(n, _)| n == name).for_each(|e| e.1 = money::minus(e.1, amount));
    }

    /// A `HAND_BLINDS` action of `value` (a small, big, dead small or big-and-small blind): its
    /// line, when it is a live blind (the others are written here).
    fn blind(&mut self, name: &str, action: &Action, value: Amount) -> Option<String> {
        let span = action.span;
        match action.blind.as_str() {
            "HAND_SB" if self.sb_posted => {
                // A second small blind (a player joining between the blinds): dead money.
                self.dead_blind(name, value, span);
                None
            }
            "HAND_DSB" => {
                self.dead_blind(name, value, span);
                None
            }
            "HAND_AB" => {
                let live = self.big.filter(|b| *b < value).unwrap_or(value);
                self.street.post(name, live);
                self.street.dead(money::minus(value, live));
                self.bets.add(name, live);
                self.spend(name, value);
                self.body.push((format!("{name}: posts small & big blinds {value}"), span));
                None
            }
            _ => {
                self.sb_posted |= action.blind == "HAND_SB";
                self.street.post(name, value);
                self.put_in(name, value);
                let which = if action.blind == "HAND_SB" { "small" } else { "big" };
                Some(format!("{name}: posts {which} blind {value}"))
            }
        }
    }

    /// A blind that is dead money, written as an ante.
    fn dead_blind(&mut self, name: &str, value: Amount, span: Span) {
        self.street.dead(value);
        self.spend(name, value);
        self.body.push((format!("{name}: posts the ante {value}"), span));
    }

    /// `name` puts `added` in on this betting round.
    fn put_in(&mut self, name: &str, added: Amount) {
        if !added.is_zero() {
            self.bets.add(name, added);
            self.spend(name, added);
        }
    }

    /// A fold, check, bet, raise, call or all-in (`kind`) of `value`: its line.
    fn bet(&mut self, name: &str, kind: &str, value: Amount) -> String {
        let mine = self.bets.of(name);
        let left = self.stacks.iter().find(|(n, _)| n == name).map_or(Amount::ZERO, |e| e.1);
        let highest = self.bets.highest();
        // The chips this action adds, and its line.
        let (added, line) = match kind {
            "ACTION_FOLD" => (Amount::ZERO, format!("{name}: folds")),
            "ACTION_CHECK" => (Amount::ZERO, format!("{name}: checks")),
            "ACTION_BET" => {
                let added = self.street.add(name, value);
                (value, relay::added_text(name, &added))
            }
            "ACTION_RAISE" => {
                let added = self.street.raise_to(name, value);
                (added, format!("{name}: raises {value} to {value}"))
            }
            "ACTION_CALL" => {
                let owed = money::minus(highest, mine);
                let adds = if mine.is_zero() {
                    true
                } else if value == owed && value != highest {
                    self.call_adds = Some(true);
                    true
                } else if value == highest && value != owed {
                    self.call_adds = Some(false);
                    false
                } else {
                    self.call_adds.unwrap_or(true)
                };
                let added = if adds { value } else { money::minus(value, mine) };
                self.street.add(name, added);
                (added, format!("{name}: calls {added}"))
            }
            _ => {
                // An all-in: the chips added when they are the player's stack, else the street
                // total.
                let added = if value != left && value == money::plus(mine, left) { left } else { value };
                (added, relay::added_text(name, &self.street.add(name, added)))
            }
        };
        self.put_in(name, added);
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forms() {
        assert_eq!(card("0").as_deref(), Some("Ad"));
        assert_eq!(card("25").as_deref(), Some("Kc"));
        assert_eq!(card("42").as_deref(), Some("4s"));
        assert_eq!(card("b"), None);
        assert_eq!(card("52"), None);
        assert_eq!(relay::from_epoch("1281101974"), Some((2010, 8, 6, 13, 39, 34)));
        assert_eq!(stars_game("GAME_FCD", "FL"), None);
    }

    #[test]
    fn detection() {
        assert!(detect(
            "<?xml version=\"1.0\"?>\n<ROOT>\n<HISTORY ID=\"2285641120\" SESSION=\"s.xml\" TABLE=\"T\" GAME=\"GAME_THM\" GAMETYPE=\"GAMETYPE_REAL\" LIMIT=\"NL\" STAKES=\"0.05/0.10\">"
        ));
        assert!(!detect("<session><general><gametype>Holdem NL</gametype></general><game gamecode=\"1\">"));
        assert!(!detect("<game id=\"33423082-1\" starttime=\"20110419085211\" numholecards=\"5\">"));
        assert!(!detect("<Game id=\"1\" date=\"2011-11-01\" tablename=\"T\" betlimit=\"NL\">"));
    }
}
