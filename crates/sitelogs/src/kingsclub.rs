//! KingsClub hand histories (`#39969377: No Limit Holdem - 5/10`, the date on the next line):
//! [`Reader`] imports them to PHH hands, one [`Record`](crate::Record) per hand, each replayed and checked
//! against the stacks and rake the log states.
//!
//! The lines are PokerStars' with KingsClub's words, rewritten in PokerStars' here: many games
//! (hold'em, Omaha, stud, razz, draw), `Table '8 Game Mix' Seat 6 is the button` (no button in
//! stud), seats with thousands separators (`Seat 6: Hero (1,000)`), `posts the small blind 5`,
//! `posts ante 33.16`, everyone's cards dealt (`Dealt to Player0: [X X]`, `X` a card unseen), no
//! colon after the names in the play, every amount the player's total in the round (`calls 25`
//! after `raises to 25`; `bets 44` after a stud bring-in completes to 44), `, and is all in`, no
//! uncalled bet written, a board all at once when the players are all in before the flop
//! (`*** RIVER *** [2s Th 6h 7c] [5s]`), draws as `draws 2` or, the observer's, `discards [Ts Jh]
//! draws [3c 6c]`, and stud's streets numbered from the first one after the deal (`*** 3RD STREET
//! ***` is the fourth card). The summary states each player's stack after the hand (`Seat 3:
//! Player2 (12,925) +2,925`) and the rake (`Rake 8`, none written when none was taken); its `wins
//! pot (1,350)` lines leave out side pots, so the payouts are what the final stacks say.
//!
//! Refused per hand with a code: the games PHH cannot express (Omaha hi-lo in pot limit, 5-card
//! Omaha, Big O, A-5 lowball, Badacey, Badeucey, Drawmaha, 2-7 razz, fixed-limit Omaha high);
//! boards run twice (`*** BOARD 1 - RIVER ***`, `Run 1:`,
//! [`SITE_RUN_IT_TWICE`](crate::codes::SITE_RUN_IT_TWICE)); a stud hand whose bring-in player
//! completes without a bring-in written
//! ([`SITE_BRING_IN_UNSTATED`](crate::codes::SITE_BRING_IN_UNSTATED)); final stacks or a rake
//! that do not add up ([`SITE_INCONSISTENT`](crate::codes::SITE_INCONSISTENT)).
//!
//! ```
//! let log = "\
//! #1: No Limit Holdem - 5/10
//! 2021-01-02 15:49:35
//! Table 'Mix' Seat 6 is the button
//! Seat 1: Ann (860.38)
//! Seat 6: Bob (1,000)
//! Bob: posts the small blind 5
//! Ann: posts the big blind 10
//! *** HOLE CARDS ***
//! Dealt to Ann: [X X]
//! Dealt to Bob: [Kd 8s]
//! Bob raises to 25
//! Ann folds
//! *** SUMMARY ***
//! Seat 1: Ann (850.38) -10
//! Seat 6: Bob (1,010) +10
//! Bob wins pot (20)
//! ";
//! let record = sitelogs::kingsclub::Reader::from_str(log, sitelogs::Options::default()).next().unwrap();
//! let hand = record.hand.unwrap();
//! assert_eq!(hand.venue.as_deref(), Some("KingsClub"));
//! assert_eq!(hand.finishing_stacks.unwrap()[1].to_string(), "1010");
//! ```

use cards_core::{Amount, Span};

use crate::relay::{self, Draft, Relay, Seat, StarsHeader, Street, TextReader, TextSite};
use crate::text::Line;
use crate::{Options, codes, money};

/// Streams the hands of a KingsClub log.
pub type Reader<R> = TextReader<R, KingsClub>;

/// KingsClub's text, for [`TextReader`].
#[derive(Debug)]
pub struct KingsClub;

impl TextSite for KingsClub {
    const VENUE: &'static str = "KingsClub";

    fn is_header(line: &str) -> bool {
        header(line).is_some()
    }

    /// Whether the start of a file (decoded text) is a KingsClub log: a hand's header, then its date.
    fn detect(head: &str) -> bool {
        let lines: Vec<&str> = crate::text::first_lines(head, 40).collect();
        lines.windows(2).any(|w| header(w[0]).is_some() && relay::iso_date(w[1]).is_some())
    }
}

impl Relay for KingsClub {
    fn read(lines: &[Line], draft: &mut Draft, options: &Options) {
        import(lines, draft, options);
    }
}

/// What the header says.
#[derive(Debug, PartialEq)]
struct Header<'a> {
    id: &'a str,
    /// The PokerStars game, or the game as written.
    game: Result<&'static str, &'a str>,
    /// The blinds, or the bets in fixed limit.
    stakes: (Amount, Amount),
}

/// `#39969377: No Limit Holdem - 5/10`.
fn header(line: &str) -> Option<Header<'_>> {
    let line = line.trim_start_matches('\u{feff}').trim();
    let (id, rest) = line.strip_prefix('#')?.split_once(": ")?;
    if id.is_empty() || !id.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let (name, stakes) = rest.rsplit_once(" - ")?;
    let (small, big) = stakes.split_once('/')?;
    let stakes = (money::parse(small)?, money::parse(big)?);
    let game = match name.trim() {
        "No Limit Holdem" | "No Limit Hold'em" => Ok("Hold'em No Limit"),
        "Limit Holdem" | "Limit Hold'em" => Ok("Hold'em Limit"),
        "Pot Limit Omaha" => Ok("Omaha Pot Limit"),
        "Limit Omaha Hi-Lo" | "Limit Omaha Hi/Lo" => Ok("Omaha Hi/Lo Limit"),
        "Limit Seven Card Stud" => Ok("7 Card Stud Limit"),
        "Limit Seven Card Stud Hi-Lo" | "Limit Seven Card Stud Hi/Lo" => Ok("7 Card Stud Hi/Lo Limit"),
        "Limit Razz" => Ok("Razz Limit"),
        "No Limit 2-7 Single Draw" => Ok("Single Draw 2-7 Lowball No Limit"),
        "Limit 2-7 Triple Draw" => Ok("Triple Draw 2-7 Lowball Limit"),
        "Limit Badugi" => Ok("Badugi Limit"),
        other => Err(other),
    };
    Some(Header { id, game, stakes })
}

/// `Table '8 Game Mix' Seat 6 is the button`: the name and the button's seat.
fn table(line: &str) -> Option<(&str, Option<i64>)> {
    let rest = line.strip_prefix("Table '")?;
    let close = rest.rfind('\'')?;
    let button = rest[close + 1..]
        .trim()
        .strip_prefix("Seat ")
        .and_then(|b| b.split_whitespace().next())
        .and_then(|b| b.trim_start_matches('#').parse().ok());
    Some((&rest[..close], button))
}

/// The known cards in brackets (`[X X 2s]`: `2s`; `X` is a card unseen); `None` when a card is
/// unreadable.
fn known_cards(text: &str) -> Option<Vec<String>> {
    let cards = relay::bracket_cards(text)?;
    cards
        .split_whitespace()
        .filter(|c| *c != "X" && *c != "-")
        .map(|c| {
            let mut chars = c.chars();
            let (rank, suit) = (chars.next()?, chars.next()?);
            let ok = chars.next().is_none() && "23456789TJQKA".contains(rank) && "cdhs".contains(suit);
            ok.then(|| c.to_owned())
        })
        .collect()
}

/// Every card in the brackets of a street marker (`[8d 4d 3c] [5c]`): the board so far.
fn board_cards(text: &str) -> Option<Vec<String>> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('[') {
        let close = rest[open..].find(']')? + open;
        out.extend(known_cards(&rest[open..=close])?);
        rest = &rest[close + 1..];
    }
    Some(out)
}

/// The draw rounds in PokerStars' words.
const DRAWS: [&str; 3] = ["FIRST DRAW", "SECOND DRAW", "THIRD DRAW"];

fn import(lines: &[Line], draft: &mut Draft, options: &Options) {
    let first = &lines[0];
    let Some(head) = header(&first.text) else {
        draft.refuse(codes::SITE_BAD_HEADER, "unreadable header (game, stakes)", first.span);
        return;
    };
    let game = match head.game {
        Ok(g) => g,
        Err(written) => {
            let message = format!("PHH has no variant for KingsClub's {written}");
            draft.refuse(codes::SITE_GAME_UNSUPPORTED, message, first.span);
            return;
        }
    };
    let mut hand = Hand::new(head, game, first.span);
    for (text, span) in relay::said_lines(lines) {
        hand.line(draft, options, text, span);
    }
    hand.finish(draft, first.span, relay::last_said(lines));
}

/// A KingsClub hand being read: what its lines said so far, and its play in the PokerStars form.
struct Hand<'h> {
    head: Header<'h>,
    game: &'static str,
    stud: bool,
    /// Whether the game deals in draw rounds (no board, no stud streets).
    draw: bool,
    /// The marker the PokerStars form opens the deal with.
    deal_marker: &'static str,
    date: Option<(i64, i64, i64, u8, u8, u8)>,
    table_name: Option<String>,
    button: Option<i64>,
    table_span: Span,
    seats: Vec<Seat>,
    /// What each seat put in.
    spent: Vec<Amount>,
    /// Each seat's stack the summary states.
    finals: Vec<Option<Amount>>,
    body: Vec<(String, Span)>,
    street: Street,
    dealt: bool,
    board: Vec<String>,
    /// Stud's street markers so far.
    markers: usize,
    draws: usize,
    /// Each seat's stud cards as dealt, by position.
    stud_cards: Vec<[Option<String>; 7]>,
    bring_in: bool,
    small_blind: Option<Amount>,
    in_summary: bool,
    stated_rake: Option<(Option<Amount>, Span)>,
}

impl<'h> Hand<'h> {
    fn new(head: Header<'h>, game: &'static str, header_span: Span) -> Hand<'h> {
        let stud = game.contains("Stud") || game.starts_with("Razz");
        let draw = game.contains("Draw") || game.starts_with("Badugi");
        let deal_marker = if stud {
            "*** 3rd STREET ***"
        } else if draw {
            "*** DEALING HANDS ***"
        } else {
            "*** HOLE CARDS ***"
        };
        Hand {
            head,
            game,
            stud,
            draw,
            deal_marker,
            date: None,
            table_name: None,
            button: None,
            table_span: header_span,
            seats: Vec::new(),
            spent: Vec::new(),
            finals: Vec::new(),
            body: Vec::new(),
            street: Street::default(),
            dealt: false,
            board: Vec::new(),
            markers: 0,
            draws: 0,
            stud_cards: Vec::new(),
            bring_in: false,
            small_blind: None,
            in_summary: false,
            stated_rake: None,
        }
    }

    /// Opens the deal in the PokerStars form, once.
    fn deal(&mut self, span: Span) {
        if !self.dealt {
            self.dealt = true;
            self.body.push((self.deal_marker.into(), span));
        }
    }

    /// Reads one line after the header.
    fn line(&mut self, draft: &mut Draft, options: &Options, text: &str, span: Span) {
        if self.date.is_none()
            && self.seats.is_empty()
            && self.table_name.is_none()
            && let Some(d) = relay::iso_date(text)
        {
            self.date = Some(d);
        } else if let Some((name, b)) = table(text).filter(|_| self.table_name.is_none()) {
            self.table_name = Some(name.to_owned());
            self.button = b;
            self.table_span = span;
        } else if let Some(rest) = text.strip_prefix("Seat ") {
            self.seat(draft, text, rest, span);
        } else if self.in_summary {
            if let Some(r) = text.strip_prefix("Rake ") {
                self.stated_rake = Some((money::parse(r.trim()), span));
            }
            // `NAME wins pot (81.34)`: the final stacks say the payouts, side pots included.
        } else if text.starts_with("Run ") && text.contains(": ") {
            draft.refuse(
                codes::SITE_RUN_IT_TWICE,
                "the draw was run twice: PHH has no notation for it",
                span,
            );
        } else if let Some(marker) = text.strip_prefix("*** ") {
            self.marker(draft, text, marker, span);
        } else if let Some(rest) = text.strip_prefix("Dealt to ") {
            self.dealt_to(draft, text, rest, span);
        } else {
            self.action(draft, options, text, span);
        }
    }

    /// `Seat 6: Hero (1,000)`; in the summary `Seat 3: Player2 (12,925) +2,925`.
    fn seat(&mut self, draft: &mut Draft, text: &str, rest: &str, span: Span) {
        let parsed = rest.split_once(": ").and_then(|(n, r)| {
            let open = r.rfind(" (")?;
            let close = r[open..].find(')')? + open;
            Some((n.parse::<i64>().ok()?, &r[..open], money::parse(&r[open + 2..close])?))
        });
        match parsed {
            Some((number, name, stack)) if !self.in_summary && self.body.is_empty() => {
                self.seats.push((number, name.to_owned(), stack, span));
                self.spent.push(Amount::ZERO);
                self.finals.push(None);
                self.stud_cards.push(Default::default());
            }
            Some((number, name, stack)) if self.in_summary => {
                match self.seats.iter().position(|s| s.0 == number && s.1 == name) {
                    Some(i) => self.finals[i] = Some(stack),
                    None => draft.refuse(
                        codes::SITE_UNKNOWN_PLAYER,
                        format!("the summary names `{name}`, who has no seat {number}"),
                        span,
                    ),
                }
            }
            _ => draft.refuse(codes::SITE_BAD_SEAT, format!("unreadable seat `{text}`"), span),
        }
    }

    /// A street marker (`*** FLOP *** [..]`, `*** 3RD STREET ***`, `*** FIRST DRAW ***`).
    fn marker(&mut self, draft: &mut Draft, text: &str, marker: &str, span: Span) {
        let name = marker.split(" ***").next().unwrap_or_default();
        if name.starts_with("BOARD ") {
            draft.refuse(
                codes::SITE_RUN_IT_TWICE,
                "the board was run twice: PHH has no notation for it",
                span,
            );
            return;
        }
        match name {
            "SUMMARY" => {
                self.street.close(&mut self.body, span);
                self.in_summary = true;
            }
            "HOLE CARDS" => self.deal(span),
            _ if name.ends_with(" BETTING ROUND") => {}
            _ if name.ends_with(" DRAW") => {
                self.street.close(&mut self.body, span);
                let Some(round) = DRAWS.get(self.draws) else {
                    draft.refuse(codes::SITE_UNKNOWN_LINE, format!("a draw too many `{text}`"), span);
                    return;
                };
                self.draws += 1;
                self.body.push((format!("*** {round} ***"), span));
            }
            _ if self.stud && name.ends_with(" STREET") => {
                self.street.close(&mut self.body, span);
                self.markers += 1;
                let marker = match self.markers + 3 {
                    7 => "*** RIVER ***".to_owned(),
                    n if n < 7 => format!("*** {n}th STREET ***"),
                    _ => {
                        draft.refuse(codes::SITE_UNKNOWN_LINE, format!("a street too many `{text}`"), span);
                        return;
                    }
                };
                self.body.push((marker, span));
            }
            "FLOP" | "TURN" | "RIVER" if !self.stud && !self.draw => {
                self.street.close(&mut self.body, span);
                self.board(draft, marker, span);
            }
            _ => draft.refuse(codes::SITE_UNKNOWN_LINE, format!("unknown street marker `{text}`"), span),
        }
    }

    /// The board a flop, turn or river marker shows (`[8d 4d 3c] [5c]`, or all of it at once).
    fn board(&mut self, draft: &mut Draft, marker: &str, span: Span) {
        let Some(all) = board_cards(marker) else {
            draft.refuse(codes::SITE_BAD_CARDS, "unreadable board", span);
            return;
        };
        if all.len() <= self.board.len() || !all.starts_with(&self.board) || all.len() > 5 {
            draft.refuse(codes::SITE_BAD_CARDS, "the board does not add to the last one", span);
            return;
        }
        // A board dealt at once (everyone all in) is each street's cards in turn.
        for (stage, size) in [("FLOP", 3), ("TURN", 4), ("RIVER", 5)] {
            if self.board.len() < size
                && size <= all.len()
                && let Some(line) = relay::board_marker(&mut self.board, all[..size].to_vec(), stage)
            {
                self.body.push((line, span));
            }
        }
    }

    /// `Dealt to NAME: [X X 2s]`.
    fn dealt_to(&mut self, draft: &mut Draft, text: &str, rest: &str, span: Span) {
        let Some((name, known)) = rest.split_once(": ").and_then(|(n, c)| Some((n, known_cards(c)?))) else {
            draft.refuse(codes::SITE_BAD_CARDS, format!("unreadable cards `{text}`"), span);
            return;
        };
        if self.draws > 0 {
            // The draws are `discards [..] draws [..]` and `draws 2`: a draw written as cards
            // dealt (a board run twice writes them so) does not say what was discarded.
            draft.refuse(
                codes::SITE_UNREADABLE_ACTION,
                format!("`{text}`: cards dealt in a draw with no discard, so the draw is unknown"),
                span,
            );
            return;
        }
        self.deal(span);
        if self.stud
            && let Some(i) = self.seats.iter().position(|s| s.1 == name)
        {
            let at = if self.markers == 0 {
                // `[X X 2s]`: the known cards are the last ones of the three.
                3usize.saturating_sub(known.len())
            } else {
                self.markers + 2
            };
            for (slot, card) in (at..7).zip(&known) {
                self.stud_cards[i][slot] = Some(card.clone());
            }
        }
        if !known.is_empty() {
            self.body.push((format!("Dealt to {name} [{}]", known.join(" ")), span));
        }
    }

    /// A line about a seated player (no colon after the name): an action, a post, a draw.
    fn action(&mut self, draft: &mut Draft, options: &Options, text: &str, span: Span) {
        let named = relay::seated(&self.seats, text, &[':', ' ']);
        let Some((seat, name)) = named else {
            draft.unknown(options, text, span);
            return;
        };
        let action = text[name.len()..].trim_start_matches(':').trim();
        let action = action.strip_suffix(", and is all in").unwrap_or(action);
        let (word, rest) = action.split_once(' ').unwrap_or((action, ""));
        if word != "posts" && word != "brings" {
            self.deal(span);
        }
        let amount = money::parse(rest.rsplit(' ').next().unwrap_or_default());
        let posts = ["ante ", "blind ", "the small blind ", "the big blind "];
        match (word, amount) {
            ("folds" | "checks", _) => self.body.push((format!("{name}: {word}"), span)),
            ("posts", Some(a)) if posts.iter().any(|p| rest.starts_with(p)) => {
                self.post(seat, &name, rest, a, span);
            }
            ("brings", Some(a)) if rest.starts_with("in for ") => self.post(seat, &name, rest, a, span),
            ("calls", Some(to)) => {
                let added = self.street.raise_to(&name, to);
                self.spent[seat] = money::plus(self.spent[seat], added);
                self.body.push((format!("{name}: calls {added}"), span));
            }
            ("bets" | "raises", Some(to)) if word == "bets" || rest.starts_with("to ") => {
                let opens = self.street.highest().is_zero();
                let added = self.street.raise_to(&name, to);
                self.spent[seat] = money::plus(self.spent[seat], added);
                let line =
                    if opens { format!("{name}: bets {to}") } else { format!("{name}: raises {to} to {to}") };
                self.body.push((line, span));
            }
            ("draws" | "discards", _) => {
                if !self.draw(&name, word, rest, span) {
                    draft.unreadable_action(&name, text, span);
                }
            }
            ("stands", _) if rest == "pat" => self.body.push((format!("{name}: stands pat"), span)),
            ("shows", _) => match known_cards(rest) {
                Some(shown) if !shown.is_empty() => {
                    let shown = if self.stud {
                        crate::everleaf::dealt_order(&shown, &self.stud_cards[seat])
                    } else {
                        shown
                    };
                    self.body.push((format!("{name}: shows [{}]", shown.join(" ")), span));
                }
                _ => draft.unreadable_action(&name, text, span),
            },
            ("mucks", _) => self.body.push((format!("{name}: mucks hand"), span)),
            _ if action.contains("sitting out")
                || action.contains("has left")
                || action.contains("has joined") => {}
            _ => draft.unreadable_action(&name, text, span),
        }
    }

    /// `posts ante 33.16`, `posts blind 44`, `posts the small blind 5`, `brings in for 10`.
    fn post(&mut self, seat: usize, name: &str, rest: &str, a: Amount, span: Span) {
        let line = if rest.starts_with("ante ") {
            self.street.dead(a);
            self.spent[seat] = money::plus(self.spent[seat], a);
            format!("{name}: posts the ante {a}")
        } else if rest.starts_with("blind ") {
            // `posts blind 44`: a player sitting in posts the big blind live and the small
            // blind dead, which the line leaves out (the final stacks count it).
            let small = self.small_blind.unwrap_or_else(|| {
                let limit = !self.game.contains("No Limit") && !self.game.contains("Pot Limit");
                let stakes = self.head.stakes.0;
                let half = "0.5".parse::<Amount>().ok().and_then(|h| stakes.checked_mul(h).ok());
                if limit { half.map_or(stakes, Amount::normalize) } else { stakes }
            });
            self.street.dead(small);
            self.street.post(name, a);
            let both = money::plus(a, small);
            self.spent[seat] = money::plus(self.spent[seat], both);
            format!("{name}: posts small & big blinds {both}")
        } else if rest.starts_with("the small blind ") || rest.starts_with("the big blind ") {
            if rest.starts_with("the small") {
                self.small_blind = Some(a);
            }
            self.street.post(name, a);
            self.spent[seat] = money::plus(self.spent[seat], a);
            let which = if rest.starts_with("the small") { "small" } else { "big" };
            format!("{name}: posts {which} blind {a}")
        } else {
            // `brings in for 10`.
            self.bring_in = true;
            self.street.post(name, a);
            self.spent[seat] = money::plus(self.spent[seat], a);
            format!("{name}: brings in for {a}")
        };
        self.body.push((line, span));
    }

    /// `draws 2`, the observer's `discards [Ts Jh] draws [3c 6c]`: whether the line was read.
    fn draw(&mut self, name: &str, word: &str, rest: &str, span: Span) -> bool {
        let cards = |n: usize| if n == 1 { "" } else { "s" };
        match word {
            "draws" => match rest.parse::<usize>() {
                Ok(0) => self.body.push((format!("{name}: stands pat"), span)),
                Ok(n) => self.body.push((format!("{name}: discards {n} card{}", cards(n)), span)),
                Err(_) => return false,
            },
            "discards" => {
                let (out, new) = rest.split_once(" draws ").unwrap_or((rest, ""));
                match (known_cards(out), known_cards(new)) {
                    (Some(out), Some(new)) if out.len() == new.len() => {
                        let n = out.len();
                        self.body.push((
                            format!("{name}: discards {n} card{} [{}]", cards(n), out.join(" ")),
                            span,
                        ));
                        self.body.push((format!("Dealt to {name} [{}]", new.join(" ")), span));
                    }
                    _ => return false,
                }
            }
            _ => return false,
        }
        true
    }

    /// After the last line: the payouts the final stacks say, the rake checked, and the hand
    /// written in the PokerStars form.
    fn finish(mut self, draft: &mut Draft, header_span: Span, end: Span) {
        if !self.in_summary {
            draft.refuse(codes::SITE_INCOMPLETE, "the hand has no summary: it is cut short", end);
            return;
        }
        if self.stud && !self.bring_in {
            draft.refuse(
                codes::SITE_BRING_IN_UNSTATED,
                "the bring-in player completed without the log stating the bring-in, which PHH requires",
                header_span,
            );
        }
        self.pay_out(draft);
        let rake = self.street.rake();
        self.check_rake(draft, rake, end);
        self.street.collected(&mut self.body, true);
        draft.payout(&self.street, false);
        let stars = StarsHeader::new("KingsClub", self.head.id, self.game, Some(self.head.stakes))
            .date(self.date, None);
        draft.push(stars.line(), header_span);
        let name = self.table_name.as_deref().unwrap_or(self.head.id);
        draft
            .push(relay::table_line(name, None, if self.stud { None } else { self.button }), self.table_span);
        relay::seats_play_summary(draft, &self.seats, self.body, (self.street.total, rake), end);
    }

    /// What each player was paid: the final stack less what they had left.
    fn pay_out(&mut self, draft: &mut Draft) {
        for (i, (_, name, stack, span)) in self.seats.iter().enumerate() {
            let Some(last) = self.finals[i] else {
                draft.refuse(
                    codes::SITE_INCONSISTENT,
                    format!("the summary states no stack for `{name}`"),
                    *span,
                );
                continue;
            };
            let paid = money::minus(money::plus(last, self.spent[i]), *stack);
            if paid.is_negative() {
                draft.refuse(
                    codes::SITE_INCONSISTENT,
                    format!(
                        "`{name}` ends with {last}, less than the {stack} they had less the {} they put in",
                        self.spent[i]
                    ),
                    *span,
                );
            } else if !paid.is_zero() {
                self.street.win(name, paid, *span);
            }
        }
    }

    /// The rake the summary states (none written: none taken) against what went in less what the
    /// final stacks took out.
    fn check_rake(&self, draft: &mut Draft, rake: Amount, end: Span) {
        let street = &self.street;
        let stated = self.stated_rake.map_or(Some(Amount::ZERO), |(r, _)| r);
        if stated != Some(rake)
            && crate::consistency::payout_contradiction(street.total, street.won, false).is_none()
        {
            let written = stated.map_or_else(|| "unreadable".to_owned(), |a| a.to_string());
            draft.refuse(
                codes::SITE_INCONSISTENT,
                format!(
                    "the log's rake is {written}, but {} went in and the final stacks take {} out",
                    street.total, street.won
                ),
                self.stated_rake.map_or(end, |(_, s)| s),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_tables_and_cards() {
        let h = header("#3969308: Limit Omaha Hi-Lo - 500/1,000").unwrap();
        assert_eq!((h.id, h.game), ("3969308", Ok("Omaha Hi/Lo Limit")));
        assert_eq!((h.stakes.0.to_string(), h.stakes.1.to_string()), ("500".into(), "1000".into()));
        assert_eq!(header("#1: Limit Badacey - 22/44").unwrap().game, Err("Limit Badacey"));
        assert_eq!(table("Table '8 Game Mix' Seat 6 is the button"), Some(("8 Game Mix", Some(6))));
        assert_eq!(table("Table 'Real Deal Mix'"), Some(("Real Deal Mix", None)));
        assert_eq!(known_cards("[X X 2s]").unwrap(), ["2s"]);
        assert_eq!(known_cards("[Q? 2s]"), None);
        assert_eq!(known_cards("[é 2s]"), None);
        assert_eq!(board_cards("RIVER *** [2s Th 6h 7c] [5s]").unwrap().len(), 5);
        assert!(KingsClub::detect("#39969377: No Limit Holdem - 5/10\n2021-01-02 15:49:35\n"));
        assert!(!KingsClub::detect("#39969377: No Limit Holdem - 5/10\nTable 'x'\n"));
    }
}
