//! PHH hands written as PokerStars text, in the site's layout: header, table, seats, posts, hole
//! cards, streets, uncalled bets, showdown, collections and the summary.

use std::fmt::Write as _;
use std::io::Write;

use cards_core::{Amount, Card, Diagnostic, MaybeCard};
use phh::{ActionKind, CardRun, Hand, Shown, StrOrInt, TomlValue, Variant};
use poker_engine::{Chips, State};

use super::header;
use crate::export::{
    Replay, WriteError, amount_of, ante_all_in, ante_shift, finite_stacks, posted_antes, stated_winnings,
    unsupported,
};
use crate::money;

/// Writes hands as a PokerStars log, separated by blank lines as the site does.
#[derive(Debug)]
pub struct Writer<W> {
    out: W,
    written: usize,
}

impl<W: Write> Writer<W> {
    /// A writer to `out`.
    pub fn new(out: W) -> Writer<W> {
        Writer { out, written: 0 }
    }

    /// Writes one hand; a hand the site's text cannot hold is refused and nothing is written.
    pub fn write_hand(&mut self, hand: &Hand) -> Result<(), WriteError> {
        let text = write_hand(hand).map_err(WriteError::Unsupported)?;
        if self.written > 0 {
            self.out.write_all(b"\n\n")?;
        }
        self.out.write_all(text.as_bytes())?;
        self.written += 1;
        Ok(())
    }

    /// The output back.
    pub fn into_inner(self) -> W {
        self.out
    }
}

fn user_int(hand: &Hand, key: &str) -> Option<i64> {
    hand.user_fields.iter().find(|f| f.key == key).and_then(|f| match f.value {
        TomlValue::Integer(i) => Some(i),
        _ => None,
    })
}

fn user_str<'h>(hand: &'h Hand, key: &str) -> Option<&'h str> {
    hand.user_fields.iter().find(|f| f.key == key).and_then(|f| match &f.value {
        TomlValue::String(s) => Some(s.as_str()),
        _ => None,
    })
}

fn cards_text(cards: &[Card]) -> String {
    let words: Vec<String> = cards.iter().map(|&c| poker_engine::card_text::spell(c).to_string()).collect();
    words.join(" ")
}

fn roman(mut n: i64) -> String {
    let table =
        [(100, "C"), (90, "XC"), (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")];
    let mut out = String::new();
    for (value, text) in table {
        while n >= value {
            out.push_str(text);
            n -= value;
        }
    }
    out
}

struct Ctx<'h> {
    hand: &'h Hand,
    names: Vec<String>,
    symbol: Option<String>,
    out: String,
}

impl Ctx<'_> {
    fn money(&self, a: Amount) -> String {
        money::write(a, self.symbol.as_deref())
    }

    fn line(&mut self, text: &str) {
        self.out.push_str(text);
        self.out.push('\n');
    }
}

/// Writes one hand as PokerStars text (no trailing blank line).
///
/// The hand is replayed on poker-engine's state as the text is written: every amount (posts,
/// calls, bets and raises, all-ins, uncalled bets returned, collections) is the state's.
pub fn write_hand(hand: &Hand) -> Result<String, Diagnostic> {
    refuse_forced_bets(hand)?;
    let start = finite_stacks(hand)?;
    let replay = Replay::start(hand)?;
    let mut w = Play::new(hand, start, replay);
    write_header(&mut w.c, &w.seats, w.button);
    w.posts();
    for action in &hand.actions {
        w.action(&action.kind)?;
    }
    w.end();
    let paid = w.collections();
    w.summary(&paid);
    Ok(w.c.out)
}

/// Forced bets the site's text cannot show: negative ones (dead posts), and unequal antes
/// trimmed (`ante_trimming_status`).
fn refuse_forced_bets(hand: &Hand) -> Result<(), Diagnostic> {
    let forced = hand.antes.iter().chain(hand.blinds_or_straddles.iter().flatten());
    if forced.chain(hand.bring_in.iter()).any(|a| a.is_negative()) {
        return Err(unsupported("a negative ante or blind has no PokerStars form"));
    }
    let uniform = hand.antes.windows(2).all(|w| w[0] == w[1]);
    if hand.ante_trimming() && !uniform {
        return Err(unsupported(
            "ante trimming (`ante_trimming_status = true`) with unequal antes has no PokerStars form: \
             the site's antes are dead money every player can win",
        ));
    }
    Ok(())
}

/// One hand being written: the text so far, the engine's state, and what the text needs to
/// remember (cards dealt and shown, folds, the street, the draw under way).
struct Play<'h> {
    c: Ctx<'h>,
    seats: Vec<i64>,
    button: i64,
    start: Vec<Amount>,
    replay: Replay,
    /// The antes as the text shows them posted ([`posted_antes`]).
    posted_antes: Vec<Amount>,
    /// Per player, the ante shown less the engine's ([`ante_shift`]): returned with the first
    /// uncalled bet when an ante put a player all in (`shift_returned`; `shift_pending` until
    /// then), else part of what the text shows the player put in.
    ante_shift: Vec<Amount>,
    shift_returned: bool,
    shift_pending: bool,
    /// The engine's uncalled bets already written, per player.
    returned: Vec<Chips>,
    /// The form of what the text shows in front of each player this street.
    places: Places,
    /// The label of each player's blind (`small blind`, …; empty without one).
    blind_label: Vec<&'static str>,
    draw: DrawRound,
    board: Vec<Card>,
    dealt: Vec<Vec<MaybeCard>>,
    folded_on: Vec<Option<&'static str>>,
    shown: Vec<Option<Vec<Card>>>,
    mucked: Vec<bool>,
    /// The next board street's name (`Flop`, `Turn`, `River`).
    street_name: &'static str,
    /// Stud streets begun (1: 3rd street).
    stud_street: usize,
    in_holes: bool,
    last_was_deal: bool,
    /// Shows and mucks, written under `*** SHOW DOWN ***` after the last street, as the site does.
    showdown_lines: Vec<String>,
}

impl<'h> Play<'h> {
    fn new(hand: &'h Hand, start: Vec<Amount>, replay: Replay) -> Play<'h> {
        let n = start.len();
        let names: Vec<String> = match &hand.players {
            Some(p) if p.len() == n && p.iter().all(|s| !s.is_empty()) => p.clone(),
            _ => (1..=n).map(|i| format!("Player{i}")).collect(),
        };
        let seats: Vec<i64> = match &hand.seats {
            Some(s) if s.len() == n => s.clone(),
            _ => (1..=i64::try_from(n).unwrap_or(i64::MAX)).collect(),
        };
        let button = user_int(hand, "_button_seat").or_else(|| seats.last().copied()).unwrap_or(1);
        let posted_antes = posted_antes(hand, &start);
        let ante_shift = ante_shift(replay.state(), &posted_antes);
        let shift_returned = ante_all_in(hand, &posted_antes, &start);
        Play {
            c: Ctx { hand, names, symbol: hand.currency_symbol.clone(), out: String::new() },
            seats,
            button,
            start,
            replay,
            posted_antes,
            ante_shift,
            shift_returned,
            shift_pending: shift_returned,
            returned: vec![Chips::ZERO; n],
            places: Places::new(n),
            blind_label: vec![""; n],
            draw: DrawRound::default(),
            board: Vec::new(),
            dealt: vec![Vec::new(); n],
            folded_on: vec![None; n],
            shown: vec![None; n],
            mucked: vec![false; n],
            street_name: "Flop",
            stud_street: 0,
            in_holes: true,
            last_was_deal: false,
            showdown_lines: Vec::new(),
        }
    }

    fn n(&self) -> usize {
        self.start.len()
    }

    fn state(&self) -> &State {
        self.replay.state()
    }

    /// Antes, then blinds in posting order (heads-up: the button's small blind first), then the
    /// first street's marker.
    fn posts(&mut self) {
        let hand = self.c.hand;
        let n = self.n();
        for i in 0..n.min(hand.antes.len()) {
            if !hand.antes[i].is_zero() {
                let paid = self.posted_antes[i];
                let all_in = all_in(money::minus(self.start[i], paid));
                let line = format!("{}: posts the ante {}{all_in}", self.c.names[i], self.c.money(paid));
                self.c.line(&line);
            }
        }
        if self.shift_returned {
            // The site's first street counts the antes (their excess is its uncalled bet).
            for (i, ante) in self.posted_antes.iter().enumerate() {
                self.places.add(i, *ante);
            }
        }
        let mut blinds = hand.blinds_or_straddles.clone().unwrap_or_else(|| vec![Amount::ZERO; n]);
        blinds.resize(n, Amount::ZERO);
        if n == 2 {
            blinds.reverse();
        }
        // The big blind: p1's heads-up (the button posts the small blind), else p2's.
        let big = blinds.get(usize::from(n != 2)).copied().unwrap_or(Amount::ZERO);
        let post_order: Vec<usize> = if n == 2 { vec![1, 0] } else { (0..n).collect() };
        for i in post_order {
            let blind = blinds[i];
            if blind.is_zero() {
                continue;
            }
            let label = if button_blind(hand).is_some() {
                "button blind"
            } else if blind < big || (blind == big && i == usize::from(n == 2)) {
                // The small blind's seat posts a small blind even when it is the big one's size
                // (Seals With Clubs' `Blinds 1/1`).
                "small blind"
            } else if blind == big {
                "big blind"
            } else {
                "straddle"
            };
            self.blind_label[i] = label;
            let paid = amount_of(self.state().blind(i));
            self.places.add(i, paid);
            let all_in = all_in(amount_of(self.state().stacks()[i]));
            let line = format!("{}: posts {label} {}{all_in}", self.c.names[i], self.c.money(paid));
            self.c.line(&line);
        }
        self.places.bets = self.state().bets().to_vec();
        if hand.variant.is_draw() {
            self.c.line("*** DEALING HANDS ***");
        } else if !hand.variant.is_stud() {
            self.c.line("*** HOLE CARDS ***");
        }
    }

    /// Writes one action's lines, then applies it to the state.
    fn action(&mut self, kind: &ActionKind) -> Result<(), Diagnostic> {
        let stud = self.c.hand.variant.is_stud();
        let drawing = matches!(kind, ActionKind::StandPatDiscard { .. })
            || self.draw.open && matches!(kind, ActionKind::DealHole { .. });
        if !drawing {
            self.draw.close(&mut self.c);
        }
        let is_deal = matches!(kind, ActionKind::DealHole { .. });
        let after_deal = std::mem::replace(&mut self.last_was_deal, is_deal);
        match kind {
            ActionKind::DealHole { player, cards } if stud => self.stud_deal(*player, cards, after_deal)?,
            ActionKind::DealHole { player, cards } if self.draw.open => self.replacements(*player, cards)?,
            ActionKind::StandPatDiscard { player, discards } => self.discard(*player, discards)?,
            ActionKind::DealHole { player, cards } => self.hole_cards(*player, cards)?,
            ActionKind::DealBoard { cards } => self.deal_board(cards)?,
            ActionKind::Fold { player } => self.fold(*player)?,
            ActionKind::CheckCall { player } => self.check_call(*player)?,
            ActionKind::CompleteBetRaise { player, amount } => self.bet(*player, *amount)?,
            ActionKind::ShowMuck { player, shown } => self.show(*player, shown)?,
            ActionKind::BringIn { player } if stud => self.bring_in(*player)?,
            ActionKind::BringIn { .. } => return Err(unsupported("a bring-in in a board game")),
            ActionKind::NoOp => {}
        }
        self.replay.apply(kind)
    }

    /// After the last action: the draw's lines, the last uncalled bet, the showdown.
    fn end(&mut self) {
        self.draw.close(&mut self.c);
        self.replay.finish();
        self.uncalled();
        if !self.showdown_lines.is_empty() {
            self.c.line("*** SHOW DOWN ***");
            for line in std::mem::take(&mut self.showdown_lines) {
                self.c.line(&line);
            }
        }
    }

    /// Writes `Uncalled bet (X) returned to NAME` for each bet the state returned since the last
    /// street (with the antes' excess on the first street when an ante put a player all in: the
    /// site returns it with the uncalled bet).
    fn uncalled(&mut self) {
        let now: Vec<Chips> = self.state().uncalled_returned().to_vec();
        for (i, now) in now.into_iter().enumerate() {
            let written = std::mem::replace(&mut self.returned[i], now);
            let mut back = amount_of(if written.is_zero() { now } else { now.sub(written) });
            if self.shift_pending {
                back = money::plus(back, self.ante_shift[i]);
            }
            let back = with_places(back, self.places.returned(i));
            if back > Amount::ZERO {
                let line = format!("Uncalled bet ({}) returned to {}", self.c.money(back), self.c.names[i]);
                self.c.line(&line);
            }
        }
        self.shift_pending = false;
        self.places.reset();
    }

    fn stud_deal(
        &mut self,
        player: phh::Player,
        cards: &CardRun,
        after_deal: bool,
    ) -> Result<(), Diagnostic> {
        let i = index(player, self.n())?;
        if !after_deal {
            self.uncalled();
            self.stud_street += 1;
            let marker = match self.stud_street {
                1 => "*** 3rd STREET ***",
                2 => "*** 4th STREET ***",
                3 => "*** 5th STREET ***",
                4 => "*** 6th STREET ***",
                _ => "*** RIVER ***",
            };
            self.c.line(marker);
            self.street_name = marker;
        }
        let before = self.dealt[i].clone();
        self.dealt[i].extend(cards.iter());
        if let Some(line) = stud_dealt_line(&self.c.names[i], &before, cards, self.stud_street) {
            self.c.line(&line);
        }
        Ok(())
    }

    /// A draw's replacements: the observer's line follows their discard line.
    fn replacements(&mut self, player: phh::Player, cards: &CardRun) -> Result<(), Diagnostic> {
        let i = index(player, self.n())?;
        let kept: Option<Vec<Card>> = self.dealt[i].iter().map(|m| m.known()).collect();
        self.dealt[i].extend(cards.iter());
        if let (Some(kept), Some(new)) = (kept, known_all(cards))
            && self.draw.known_discards[i]
        {
            let line = format!("Dealt to {} [{}] [{}]", self.c.names[i], cards_text(&kept), cards_text(&new));
            self.draw.after(i, line);
        }
        Ok(())
    }

    fn discard(&mut self, player: phh::Player, discards: &CardRun) -> Result<(), Diagnostic> {
        let i = index(player, self.n())?;
        if self.draw.lines.iter().any(|(p, _)| *p == i) {
            // The player draws again with no betting between (everyone else is all in).
            self.draw.close(&mut self.c);
        }
        if !self.draw.open {
            self.uncalled();
            let variant = self.c.hand.variant;
            self.draw.open(&mut self.c, variant);
        }
        for d in discards.iter() {
            match self.dealt[i].iter().position(|h| *h == d) {
                Some(k) => {
                    self.dealt[i].remove(k);
                }
                None => return Err(unsupported("a discarded card the player does not hold")),
            }
        }
        let name = &self.c.names[i];
        let held: Option<Vec<Card>> = self.dealt[i].iter().map(|m| m.known()).collect();
        let line = match (discards.len(), known_all(discards)) {
            (0, _) => match held {
                Some(held) if !held.is_empty() => format!("{name}: stands pat on [{}]", cards_text(&held)),
                _ => format!("{name}: stands pat"),
            },
            (count, known) => {
                let noun = if count == 1 { "card" } else { "cards" };
                self.draw.known_discards[i] = known.is_some() && held.is_some();
                match known {
                    Some(cards) => format!("{name}: discards {count} {noun} [{}]", cards_text(&cards)),
                    None => format!("{name}: discards {count} {noun}"),
                }
            }
        };
        self.draw.lines.push((i, line));
        Ok(())
    }

    fn hole_cards(&mut self, player: phh::Player, cards: &CardRun) -> Result<(), Diagnostic> {
        let i = index(player, self.n())?;
        self.dealt[i].extend(cards.iter());
        if let Some(known) = known_all(cards).filter(|k| !k.is_empty()) {
            let line = format!("Dealt to {} [{}]", self.c.names[i], cards_text(&known));
            self.c.line(&line);
        }
        Ok(())
    }

    fn deal_board(&mut self, cards: &CardRun) -> Result<(), Diagnostic> {
        self.in_holes = false;
        self.uncalled();
        let new = known_all(cards)
            .ok_or_else(|| unsupported("an unknown board card: the site's text names every card"))?;
        let before = cards_text(&self.board);
        self.board.extend(&new);
        let line = match self.board.len() {
            3 => format!("*** FLOP *** [{}]", cards_text(&self.board)),
            4 => format!("*** TURN *** [{before}] [{}]", cards_text(&new)),
            5 => format!("*** RIVER *** [{before}] [{}]", cards_text(&new)),
            _ => return Err(unsupported("a board dealt in an order PokerStars does not log")),
        };
        self.street_name = if self.board.len() == 3 { "Turn" } else { "River" };
        self.c.line(&line);
        Ok(())
    }

    fn fold(&mut self, player: phh::Player) -> Result<(), Diagnostic> {
        let i = index(player, self.n())?;
        let variant = self.c.hand.variant;
        self.folded_on[i] = Some(if variant.is_stud() {
            "in stud"
        } else if variant.is_draw() {
            self.draw.fold_text(variant)
        } else if self.in_holes {
            "before Flop"
        } else {
            street_name_before(self.street_name)
        });
        let line = format!("{}: folds ", self.c.names[i]);
        self.c.line(&line);
        Ok(())
    }

    /// The largest bet in front of a player (the last of equal ones) and player `i`'s bet and
    /// stack, in the state before the action; the bets in the form the text shows them.
    fn to_call(&self, i: usize) -> (Amount, Amount, Amount) {
        let state = self.state();
        let bets = state.bets();
        let top = (0..bets.len()).max_by(|&a, &b| bets[a].cmp(&bets[b]));
        let top = top.map_or(Amount::ZERO, |j| with_places(amount_of(bets[j]), self.places.of(j)));
        let bet = with_places(amount_of(bets[i]), self.places.of(i));
        (top, bet, amount_of(state.stacks()[i]))
    }

    /// Player `i` put `paid` in, their bet now `bet`.
    fn paid(&mut self, i: usize, paid: Amount, bet: Amount) {
        self.places.add(i, paid);
        let mut bets: Vec<Chips> = self.state().bets().to_vec();
        bets[i] = Chips::from_amount(bet);
        self.places.bets = bets;
    }

    fn check_call(&mut self, player: phh::Player) -> Result<(), Diagnostic> {
        let i = index(player, self.n())?;
        let (top, bet, stack) = self.to_call(i);
        // The state's call (`call_amount`), in the form of the bet it matches.
        let owed = min(money::minus(top, bet), stack);
        let line = if owed.is_zero() {
            format!("{}: checks ", self.c.names[i])
        } else {
            format!("{}: calls {}{}", self.c.names[i], self.c.money(owed), all_in(money::minus(stack, owed)))
        };
        self.c.line(&line);
        self.paid(i, owed, money::plus(bet, owed));
        Ok(())
    }

    /// A completion, bet or raise to `to`.
    fn bet(&mut self, player: phh::Player, to: Amount) -> Result<(), Diagnostic> {
        let i = index(player, self.n())?;
        let (top, bet, stack) = self.to_call(i);
        let all_in = all_in(money::minus(stack, money::minus(to, bet)));
        let name = &self.c.names[i];
        let small_bet = self.c.hand.small_bet.unwrap_or(Amount::ZERO);
        let line =
            if self.stud_street == 1 && self.c.hand.variant.is_stud() && !top.is_zero() && top < small_bet {
                format!("{name}: completes it to {}{all_in}", self.c.money(to))
            } else if top.is_zero() {
                format!("{name}: bets {}{all_in}", self.c.money(to))
            } else {
                let by = money::minus(to, top);
                format!("{name}: raises {} to {}{all_in}", self.c.money(by), self.c.money(to))
            };
        self.c.line(&line);
        self.paid(i, money::minus(to, bet), to);
        Ok(())
    }

    fn bring_in(&mut self, player: phh::Player) -> Result<(), Diagnostic> {
        let i = index(player, self.n())?;
        let state = self.state();
        let paid = state.bring_in_amount().map_or(Amount::ZERO, amount_of);
        let all_in = all_in(money::minus(amount_of(state.stacks()[i]), paid));
        let line = format!("{}: brings in for {}{all_in}", self.c.names[i], self.c.money(paid));
        self.c.line(&line);
        let bet = money::plus(amount_of(self.state().bets()[i]), paid);
        self.paid(i, paid, bet);
        Ok(())
    }

    /// A show or muck, kept for the showdown; cards kept face down (unknown) are neither shown
    /// nor mucked: no line.
    fn show(&mut self, player: phh::Player, what: &Shown) -> Result<(), Diagnostic> {
        let i = index(player, self.n())?;
        self.uncalled();
        let cards: Option<Vec<Card>> = match what {
            Shown::Muck => None,
            Shown::Dealt => self.dealt[i].iter().map(|m| m.known()).collect(),
            Shown::Cards(run) => known_all(run),
        };
        match cards {
            Some(cards) => {
                self.showdown_lines.push(format!("{}: shows [{}]", self.c.names[i], cards_text(&cards)));
                self.shown[i] = Some(cards);
            }
            None if *what == Shown::Muck => {
                self.showdown_lines.push(format!("{}: mucks hand ", self.c.names[i]));
                self.mucked[i] = true;
            }
            None => {}
        }
        Ok(())
    }

    /// What each player collected (the state's winnings, in the places of the stack they go to),
    /// or the hand's post-rake `winnings` when they are a rake off it (every player the replay
    /// pays is paid something, and the rake is one a log could take: a hand whose stated winnings
    /// are all zero is written as played); writes the `collected` lines. The total pot and rake
    /// are the summary's.
    fn collections(&mut self) -> Collections {
        let state = self.replay.state();
        let gross: Vec<Amount> = (0..self.n())
            .map(|i| {
                let won = amount_of(state.winnings()[i]);
                // An ante shown above the engine's and not returned is part of what the text shows
                // the player put in.
                let won = if self.shift_returned { won } else { money::plus(won, self.ante_shift[i]) };
                in_places_of(won, amount_of(state.stacks()[i]))
            })
            .collect();
        let pot = gross.iter().fold(Amount::ZERO, |a, b| money::plus(a, *b));
        let paid = stated_winnings(self.c.hand)
            .filter(|w| w.iter().zip(&gross).all(|(w, g)| w <= g && (!w.is_zero() || g.is_zero())))
            .filter(|w| {
                let paid = w.iter().fold(Amount::ZERO, |a, b| money::plus(a, *b));
                crate::relay::payout_contradiction(pot, paid, false).is_none()
            })
            .unwrap_or(gross);
        let rake = money::minus(pot, paid.iter().fold(Amount::ZERO, |a, b| money::plus(a, *b)));
        for (i, won) in paid.iter().enumerate() {
            if !won.is_zero() {
                let line = format!("{} collected {} from pot", self.c.names[i], self.c.money(*won));
                self.c.line(&line);
            }
        }
        Collections { pot, rake, paid }
    }

    /// `*** SUMMARY ***`: the pot, the board, a line per seat.
    fn summary(&mut self, collected: &Collections) {
        self.c.line("*** SUMMARY ***");
        let line =
            format!("Total pot {} | Rake {}", self.c.money(collected.pot), self.c.money(collected.rake));
        self.c.line(&line);
        if !self.board.is_empty() {
            let line = format!("Board [{}]", cards_text(&self.board));
            self.c.line(&line);
        }
        let mut by_seat: Vec<usize> = (0..self.n()).collect();
        by_seat.sort_by_key(|&i| self.seats[i]);
        for i in by_seat {
            let line = self.seat_line(i, collected.paid[i]);
            self.c.line(&line);
        }
    }

    /// A seat's summary line: position, then how the hand ended for the player.
    fn seat_line(&self, i: usize, paid: Amount) -> String {
        let hand = self.c.hand;
        let stud = hand.variant.is_stud();
        let mut line = format!("Seat {}: {}", self.seats[i], self.c.names[i]);
        if self.seats[i] == self.button && !stud {
            line.push_str(" (button)");
        }
        if !self.blind_label[i].is_empty() && self.blind_label[i] != "straddle" {
            let _ = write!(line, " ({})", self.blind_label[i]);
        }
        if let Some(when) = self.folded_on[i] {
            let _ = write!(line, " folded {when}");
        } else if let Some(cards) = &self.shown[i] {
            let _ = write!(line, " showed [{}] and ", cards_text(cards));
            if paid.is_zero() {
                line.push_str("lost");
            } else {
                let _ = write!(line, "won ({})", self.c.money(paid));
            }
        } else if self.mucked[i] || paid.is_zero() {
            line.push_str(" mucked");
            // The cards of a player who mucked, where the hand knows them all (the log showed
            // them): PokerStars writes them so, and the importer reads them back as dealt.
            let held: Option<Vec<Card>> = self.dealt[i].iter().map(|m| m.known()).collect();
            if let Some(held) =
                held.filter(|h| self.mucked[i] && !h.is_empty() && !stud && !hand.variant.is_draw())
            {
                let _ = write!(line, " [{}]", cards_text(&held));
            }
        } else {
            let _ = write!(line, " collected ({})", self.c.money(paid));
        }
        line
    }
}

/// The summary's figures: the total pot, the rake, what each player collected.
struct Collections {
    pot: Amount,
    rake: Amount,
    paid: Vec<Amount>,
}

/// The decimal places of what the text shows in front of each player this street. The site's
/// sums keep the places of every amount added (a blind of `0.50` raised to `2` stands as `2.00`,
/// where the state holds the raise's `2`), and the amounts written from them (a call, a raise's
/// increment, an uncalled bet) take those places: the state gives the values, this their form.
struct Places {
    places: Vec<u32>,
    /// The bets after the last betting action, before the state collects them: who matched an
    /// uncalled bet.
    bets: Vec<Chips>,
}

impl Places {
    fn new(n: usize) -> Places {
        Places { places: vec![0; n], bets: vec![Chips::ZERO; n] }
    }

    fn of(&self, i: usize) -> u32 {
        self.places[i]
    }

    /// Player `i` put in `paid`.
    fn add(&mut self, i: usize, paid: Amount) {
        self.places[i] = self.places[i].max(paid.0.scale());
    }

    /// The places of the bet returned to `top`: its own and the largest other bet's (the last of
    /// equal ones).
    fn returned(&self, top: usize) -> u32 {
        let bets = &self.bets;
        let second = (0..bets.len()).filter(|&j| j != top).max_by(|&a, &b| bets[a].cmp(&bets[b]));
        self.places[top].max(second.map_or(0, |j| self.places[j]))
    }

    /// A new street.
    fn reset(&mut self) {
        self.places.fill(0);
        self.bets.fill(Chips::ZERO);
    }
}

/// `amount` with at least `places` decimal places.
fn with_places(amount: Amount, places: u32) -> Amount {
    let mut d = amount.0;
    if d.scale() < places {
        d.rescale(places);
    }
    Amount(d)
}

/// `amount` with at least the decimal places of `like` (`3` as `3.00` beside a stack of
/// `97.50`): the site writes a collection in the form of the stack it goes to.
fn in_places_of(amount: Amount, like: Amount) -> Amount {
    let mut d = amount.0;
    if d.scale() < like.0.scale() {
        d.rescale(like.0.scale());
    }
    Amount(d)
}

/// The draw under way: its stand-pat and discard lines wait for the replacements (PHH deals them
/// after every player has drawn; the site writes the observer's `Dealt to` line after their
/// discard line).
#[derive(Default)]
struct DrawRound {
    /// Draws begun (0: before the first).
    count: usize,
    /// Whether a draw is under way.
    open: bool,
    lines: Vec<(usize, String)>,
    /// Per player: the discards were named (the observer's), so the replacements can be.
    known_discards: Vec<bool>,
}

impl DrawRound {
    fn open(&mut self, c: &mut Ctx<'_>, variant: Variant) {
        self.count += 1;
        self.open = true;
        self.known_discards = vec![false; c.names.len()];
        // Single-draw logs have no marker: the discards follow the betting.
        if variant != Variant::NoLimitDeuceToSevenLowballSingleDraw {
            let marker = match self.count {
                1 => "*** FIRST DRAW ***",
                2 => "*** SECOND DRAW ***",
                _ => "*** THIRD DRAW ***",
            };
            c.line(marker);
        }
    }

    /// Puts `line` after player `i`'s draw line.
    fn after(&mut self, i: usize, line: String) {
        let at = self.lines.iter().position(|(p, _)| *p == i).map_or(self.lines.len(), |k| k + 1);
        self.lines.insert(at, (usize::MAX, line));
    }

    fn close(&mut self, c: &mut Ctx<'_>) {
        if self.open {
            for (_, line) in self.lines.drain(..) {
                c.line(&line);
            }
            self.open = false;
        }
    }

    /// When a fold happens, in the summary's words.
    fn fold_text(&self, variant: Variant) -> &'static str {
        match (self.count, variant) {
            (0, _) => "before the Draw",
            (_, Variant::NoLimitDeuceToSevenLowballSingleDraw) => "after the Draw",
            (1, _) => "after the 1st Draw",
            (2, _) => "after the 2nd Draw",
            _ => "after the 3rd Draw",
        }
    }
}

/// A stud street's `Dealt to` line: everything the player was dealt, known, for the hero (the
/// new card in its own bracket after 3rd street), else the up cards when the new card is one.
fn stud_dealt_line(name: &str, before: &[MaybeCard], new: &CardRun, street: usize) -> Option<String> {
    let new_known: Vec<Card> = new.known().collect();
    let old_known: Vec<Card> = before.iter().filter_map(|m| m.known()).collect();
    let hero = new_known.len() == new.len() && old_known.len() == before.len();
    if hero && !new.is_empty() {
        return Some(if street == 1 {
            format!("Dealt to {name} [{}]", cards_text(&new_known))
        } else {
            format!("Dealt to {name} [{}] [{}]", cards_text(&old_known), cards_text(&new_known))
        });
    }
    // Up cards: the third card of 3rd street and the cards of 4th to 6th street.
    let ups = |cards: &[MaybeCard]| -> Vec<Card> {
        cards.iter().enumerate().filter(|(k, _)| (2..6).contains(k)).filter_map(|(_, m)| m.known()).collect()
    };
    let all: Vec<MaybeCard> = before.iter().copied().chain(new.iter()).collect();
    let up_before = ups(before);
    let up_all = ups(&all);
    if up_all.len() == up_before.len() || street > 4 {
        return None;
    }
    let added = &up_all[up_before.len()..];
    Some(if up_before.is_empty() {
        format!("Dealt to {name} [{}]", cards_text(added))
    } else {
        format!("Dealt to {name} [{}] [{}]", cards_text(&up_before), cards_text(added))
    })
}

fn street_name_before(next: &str) -> &'static str {
    match next {
        "Turn" => "on the Flop",
        "River" => "on the Turn",
        _ => "on the River",
    }
}

fn known_all(run: &CardRun) -> Option<Vec<Card>> {
    run.iter().map(MaybeCard::known).collect()
}

fn min(a: Amount, b: Amount) -> Amount {
    if a < b { a } else { b }
}

fn all_in(stack: Amount) -> &'static str {
    if stack.is_zero() { " and is all-in" } else { "" }
}

fn index(player: phh::Player, n: usize) -> Result<usize, Diagnostic> {
    player
        .index()
        .filter(|&i| i < n)
        .ok_or_else(|| unsupported(format!("{player} is not a player of the hand")))
}

fn write_header(c: &mut Ctx<'_>, seats: &[i64], button: i64) {
    let hand = c.hand;
    let n = seats.len();
    // The venue names the site only when it is one writing this layout.
    let site = match (user_str(hand, "_header_site"), &hand.venue) {
        (Some(site), _) => site.to_owned(),
        (None, Some(v)) if v.starts_with("PokerStars") => v.clone(),
        _ => "PokerStars".to_owned(),
    };
    let noun = user_str(hand, "_header_noun").unwrap_or("Hand");
    let id = match &hand.hand {
        Some(StrOrInt::Int(i)) => i.to_string(),
        Some(StrOrInt::Str(s)) if !s.is_empty() && s.bytes().all(|b| b.is_ascii_alphanumeric()) => s.clone(),
        _ => "1".to_owned(),
    };
    let (small, big) = stakes(hand);
    let currency = hand.currency.as_ref().map(|cur| format!(" {cur}")).unwrap_or_default();
    let stakes = match button_blind(hand) {
        // 6+ hold'em's header names the button blind and the ante.
        Some(ante) => format!("Button Blind {} - Ante {}{currency}", c.money(big), c.money(ante)),
        None => format!("{}/{}{currency}", c.money(small), c.money(big)),
    };
    let game = header::game_name(hand.variant);
    // A mixed game names the hand's game in parentheses: `8-Game (Razz Limit)`.
    let mixed = hand.event.as_deref().is_some_and(|e| header::MIXES.iter().any(|m| e.ends_with(m)));
    let mut line = format!("{site} {noun} #{id}: ");
    match (&hand.event, hand.level) {
        (Some(event), Some(level)) => {
            let round =
                user_str(hand, "_match_round").map(|r| format!(" - Match Round {r},")).unwrap_or_default();
            let dash = if round.is_empty() { " -" } else { "" };
            let game = if mixed { format!("({game})") } else { game.to_owned() };
            let _ = write!(line, "{event} {game}{round}{dash} Level {} ({stakes})", roman(level));
        }
        (Some(event), None) if mixed => {
            let _ = write!(line, "{event} ({game}, {stakes})");
        }
        (Some(event), None) => {
            let _ = write!(line, "{event} {game} ({stakes})");
        }
        (None, _) => {
            let _ = write!(line, " {game} ({stakes})");
        }
    }
    if let (Some(y), Some(m), Some(d), Some(t)) = (hand.year, hand.month, hand.day, hand.time) {
        let _ = write!(line, " - {y:04}/{m:02}/{d:02} {}:{:02}:{:02}", t.hour, t.minute, t.second);
        if let Some(zone) = &hand.time_zone_abbreviation {
            let _ = write!(line, " {zone}");
        }
    }
    c.line(&line);
    let table = match &hand.table {
        Some(t) => t.to_string(),
        None => "PHH".to_owned(),
    };
    // Old logs have no `N-max`: a hand read from one (it has the button seat the site wrote) is
    // written without one, and so is a stud hand without a seat count (stud has no button to tell
    // where it came from: FINDINGS F39); another hand from elsewhere gets the highest seat.
    let highest = seats.iter().copied().max().unwrap_or(0).max(i64::try_from(n).unwrap_or(0));
    let from_site = user_int(hand, "_button_seat").is_some();
    let max = match hand.seat_count {
        Some(count) => format!(" {count}-max"),
        None if from_site || hand.variant.is_stud() => String::new(),
        None => format!(" {highest}-max"),
    };
    let play = if hand.user_fields.iter().any(|f| f.key == "_play_money") { " (Play Money)" } else { "" };
    let line = if hand.variant.is_stud() {
        format!("Table '{table}'{max}{play}")
    } else {
        format!("Table '{table}'{max}{play} Seat #{button} is the button")
    };
    c.line(&line);
    let stacks: Vec<String> =
        hand.starting_stacks.iter().map(|q| q.finite().map(|a| c.money(a)).unwrap_or_default()).collect();
    let mut by_seat: Vec<usize> = (0..n).collect();
    by_seat.sort_by_key(|&i| seats[i]);
    for i in by_seat {
        let line = format!("Seat {}: {} ({} in chips) ", seats[i], c.names[i], stacks[i]);
        c.line(&line);
    }
}

/// The ante of a 6+ hold'em button-blind hand: a short-deck hand whose one blind is the button's
/// (the last player's), with antes.
fn button_blind(hand: &Hand) -> Option<Amount> {
    let blinds = hand.blinds_or_straddles.as_ref()?;
    let (last, others) = blinds.split_last()?;
    (hand.variant == Variant::NoLimitShortDeckHoldem
        && blinds.len() > 2
        && !last.is_zero()
        && !last.is_negative()
        && others.iter().all(|b| b.is_zero()))
    .then(|| hand.antes.iter().copied().max().unwrap_or(Amount::ZERO))
}

/// The header's stakes: small and big bet in fixed-limit games, small and big blind otherwise.
fn stakes(hand: &Hand) -> (Amount, Amount) {
    if hand.variant.uses_small_big_bets()
        && hand.variant != Variant::FixedLimitOmahaHoldemHighLowSplitEightOrBetter
        || hand.small_bet.is_some()
    {
        return (hand.small_bet.unwrap_or(Amount::ZERO), hand.big_bet.unwrap_or(Amount::ZERO));
    }
    let blinds = hand.blinds_or_straddles.clone().unwrap_or_default();
    let mut nonzero: Vec<Amount> = blinds.into_iter().filter(|b| !b.is_zero()).collect();
    nonzero.sort();
    let big = hand.min_bet.or_else(|| nonzero.last().copied()).unwrap_or(Amount::ZERO);
    let small = nonzero.first().copied().filter(|s| *s < big).unwrap_or(big);
    (small, big)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(text: &str) -> Vec<String> {
        let hand = phh::parse_hand(text).model.hand.expect("a hand");
        write_hand(&hand).expect("written").lines().map(str::to_owned).collect()
    }

    fn has(lines: &[String], line: &str) {
        assert!(lines.iter().any(|l| l == line), "no `{line}` in\n{}", lines.join("\n"));
    }

    /// A call all in for less: the raiser's excess is the uncalled bet, the pot what both can win.
    #[test]
    fn an_all_in_call_for_less_returns_the_excess() {
        let lines = written(
            "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n\
             starting_stacks = [100, 100, 30]\nactions = ['d dh p1 AcAd', 'd dh p2 KcKd', 'd dh p3 QcQd', \
             'p3 cbr 6', 'p1 cbr 100', 'p2 f', 'p3 cc', 'd db 2h3h4s', 'd db 9c', 'd db Tc', \
             'p1 sm AcAd', 'p3 sm QcQd']\n",
        );
        has(&lines, "Player1: raises 94 to 100 and is all-in");
        has(&lines, "Player3: calls 24 and is all-in");
        has(&lines, "Uncalled bet (70) returned to Player1");
        has(&lines, "Player1 collected 62 from pot");
        has(&lines, "Total pot 62 | Rake 0");
    }

    /// A short all-in wins the main pot, the side pot goes to the best of the others.
    #[test]
    fn side_pots_are_collected_by_their_winners() {
        let lines = written(
            "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n\
             starting_stacks = [100, 100, 20]\nactions = ['d dh p1 KcKd', 'd dh p2 QcQd', 'd dh p3 AcAd', \
             'p3 cbr 20', 'p1 cc', 'p2 cc', 'd db 2h3h8s', 'p1 cbr 30', 'p2 cc', 'd db 9c', 'p1 cc', \
             'p2 cc', 'd db Tc', 'p1 cc', 'p2 cc', 'p1 sm KcKd', 'p2 sm QcQd', 'p3 sm AcAd']\n",
        );
        has(&lines, "Player3: raises 18 to 20 and is all-in");
        has(&lines, "Player1: calls 19");
        has(&lines, "Player2: calls 18");
        has(&lines, "Player3 collected 60 from pot");
        has(&lines, "Player1 collected 60 from pot");
        has(&lines, "Total pot 120 | Rake 0");
    }

    /// An ante that puts a player all in: the others' bets are counted without the antes (the
    /// raise is by 4, not by 3 as a count with the antes in the street gave), and the all-in
    /// player can win the antes.
    #[test]
    fn bets_after_an_all_in_ante_leave_the_antes_out() {
        let lines = written(
            "variant = 'NT'\nantes = [1, 1, 1]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n\
             starting_stacks = [100, 100, 1]\nactions = ['d dh p1 KcKd', 'd dh p2 QcQd', 'd dh p3 AcAd', \
             'p1 cbr 6', 'p2 f', 'd db 2h3h8s', 'd db 9c', 'd db Tc', 'p1 sm KcKd', 'p3 sm AcAd']\n",
        );
        has(&lines, "Player3: posts the ante 1 and is all-in");
        has(&lines, "Player1: raises 4 to 6");
        has(&lines, "Uncalled bet (4) returned to Player1");
        has(&lines, "Player3 collected 3 from pot");
        has(&lines, "Player1 collected 4 from pot");
        has(&lines, "Total pot 7 | Rake 0");
    }

    /// Heads-up, a player all in on the ante: the log shows each player's own ante, and the
    /// other's excess comes back with the first uncalled bet (PokerKit has each player post the
    /// other's ante: the state takes 3 from each).
    #[test]
    fn heads_up_all_in_ante_excess_is_returned_with_the_uncalled_bet() {
        let lines = written(
            "variant = 'NT'\nantes = [20, 3]\nblinds_or_straddles = [0, 80]\nmin_bet = 80\n\
             starting_stacks = [2997, 3]\nactions = ['d dh p1 KcKd', 'd dh p2 AcAd', 'd db 2h3h8s', \
             'd db 9c', 'd db Tc', 'p1 sm KcKd', 'p2 sm AcAd']\n",
        );
        has(&lines, "Player1: posts the ante 20");
        has(&lines, "Player2: posts the ante 3 and is all-in");
        has(&lines, "Player1: posts big blind 80");
        has(&lines, "Uncalled bet (97) returned to Player1");
        has(&lines, "Player2 collected 6 from pot");
        has(&lines, "Total pot 6 | Rake 0");
    }

    /// Stud: the bring-in, the completion, and the completion's uncalled part when the
    /// bring-in folds (the part the bring-in matched is won with the pot, as the site counts it).
    #[test]
    fn stud_bring_in_and_completion() {
        let lines = written(
            "variant = 'F7S'\nantes = [1, 1]\nbring_in = 2\nsmall_bet = 5\nbig_bet = 10\n\
             starting_stacks = [100, 100]\nactions = ['d dh p1 AsAh2d', 'd dh p2 KsKh9c', 'p1 pb', \
             'p2 cbr 5', 'p1 f']\n",
        );
        has(&lines, "Player1: posts the ante 1");
        has(&lines, "Player1: brings in for 2");
        has(&lines, "Player2: completes it to 5");
        has(&lines, "Uncalled bet (3) returned to Player2");
        has(&lines, "Player2 collected 6 from pot");
        has(&lines, "Total pot 6 | Rake 0");
    }

    /// A draw game's betting: bets and calls between the draws, all in on the last.
    #[test]
    fn draw_betting_amounts() {
        let lines = written(
            "variant = 'F2L3D'\nantes = [0, 0]\nblinds_or_straddles = [5, 10]\nsmall_bet = 10\n\
             big_bet = 20\nstarting_stacks = [200, 25]\nactions = ['d dh p1 7c5d4h3s2c', \
             'd dh p2 8c6d4s3h2d', 'p2 cbr 20', 'p1 cc', 'p1 sd', 'p2 sd', 'p1 cc', 'p2 cbr 5', \
             'p1 cc', 'p1 sd', 'p2 sd', 'p1 sd', 'p2 sd', 'p2 sm 8c6d4s3h2d', 'p1 sm 7c5d4h3s2c']\n",
        );
        has(&lines, "Player2: raises 10 to 20");
        has(&lines, "Player1: calls 10");
        has(&lines, "Player2: bets 5 and is all-in");
        has(&lines, "Player1: calls 5");
        has(&lines, "Player1 collected 50 from pot");
    }
}
