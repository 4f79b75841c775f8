//! The PHH hand as a hand's events build it ([`build`]): who plays in which order, the blinds
//! and antes, each action, the deals of board, stud and draw games, and the showdown placed.

use cards_core::{Amount, Card, MaybeCard, Span};
use phh::{Action, ActionKind, CardRun, Hand, Player, Quantity, Shown, Variant};

use super::model::{Ctx, Event, Parsed, Post, seat_of};
use super::posts::{Placed, place_posts};
use super::turns::{Filled, Left, fill_turns};
use crate::showdown::hole_count;
use crate::{codes, money};

/// Builds the PHH hand from what the lines say.
pub(super) struct Built {
    pub(super) hand: Hand,
    pub(super) spans: Vec<Span>,
    /// Per PHH player: the seat index.
    pub(super) order: Vec<usize>,
    /// The engine's run of the hand, when clean.
    pub(super) clean: Option<crate::showdown::Clean>,
    /// Per event: where a `posts` line's chips went.
    pub(super) placed: Vec<Option<Placed>>,
}

pub(super) fn build(p: &Parsed, variant: Variant, ctx: &mut Ctx<'_>, whole: Span) -> Option<Built> {
    let order = play_order(p, variant, ctx, whole)?;
    let n = order.len();
    let mut index_of = vec![usize::MAX; p.seats.len()];
    for (player, &seat) in order.iter().enumerate() {
        index_of[seat] = player;
    }
    let placed = match place_posts(p, variant, &index_of, n) {
        Ok(placed) => placed,
        Err((message, span)) => {
            ctx.error(codes::SITE_POST_OUT_OF_TURN, message, span);
            return None;
        }
    };
    let mut b = Builder::new(p, variant, index_of, n);
    let mut blinds = vec![Amount::ZERO; n];
    for (event, post) in p.events.iter().zip(&placed) {
        if let (Event::Blind { seat, .. }, Some(post)) = (&event.0, post) {
            add_to(&mut blinds[b.index_of[*seat]], post.blind);
            add_to(&mut b.hand.antes[b.index_of[*seat]], post.dead);
        }
    }
    for i in 0..p.events.len() {
        b.event(i);
    }
    b.draw.deal(&mut b.hand, &mut b.spans);
    if !b.dealt_done {
        ctx.error(codes::SITE_INCOMPLETE, "no cards are dealt in this hand", whole);
        return None;
    }
    if let Err((message, span)) = blinds_in_position(p, &order, &blinds, whole) {
        ctx.error(codes::SITE_POST_OUT_OF_TURN, message, span);
        return None;
    }
    let Builder { mut hand, mut spans, bring_in, shows, left, index_of, .. } = b;
    if n == 2 && !variant.is_stud() {
        // PHH reverses the blinds of heads-up play.
        blinds.reverse();
    }
    if !variant.is_stud() {
        hand.blinds_or_straddles = Some(blinds);
    }
    hand.bring_in = bring_in;
    let (small, big) = p.header.stakes.unwrap_or((Amount::ZERO, Amount::ZERO));
    if variant.uses_small_big_bets() {
        hand.small_bet = Some(small);
        hand.big_bet = Some(big);
    } else {
        hand.min_bet = Some(big);
    }
    hand.starting_stacks = order.iter().map(|&s| Quantity::Finite(p.seats[s].stack)).collect();
    fill_left_out(p, &order, &mut hand, &mut spans, &left, ctx);
    for (seat, cards) in &p.summary_mucks {
        if let Some(&i) = index_of.get(*seat).filter(|&&i| i < n) {
            fill_mucked(&mut hand, Player(u16::try_from(i + 1).unwrap_or(u16::MAX)), cards);
        }
    }
    let clean = crate::showdown::place(&mut hand, &mut spans, &shows);
    Some(Built { hand, spans, order, clean, placed })
}

/// Cards a player mucked which the summary shows (`Seat N: NAME mucked [..]`) are `player`'s hole
/// cards in the order dealt, where the player discarded none (a board game's deal, a stud hand's
/// streets down and up, a draw hand stood pat) and they agree with every card the log dealt them
/// face up or to its observer: the unknown cards dealt become them (the player still mucks). A
/// draw hand that discarded keeps its deals: its mucked hand is the last draw's, and which of its
/// cards were dealt and which drawn the log does not say.
fn fill_mucked(hand: &mut Hand, player: Player, mucked: &[Card]) {
    let mut deals = Vec::new();
    let mut dealt: Vec<MaybeCard> = Vec::new();
    for (k, action) in hand.actions.iter().enumerate() {
        match &action.kind {
            ActionKind::DealHole { player: p, cards } if *p == player => {
                deals.push(k);
                dealt.extend(cards.iter());
            }
            ActionKind::StandPatDiscard { player: p, discards } if *p == player && !discards.is_empty() => {
                return;
            }
            _ => {}
        }
    }
    let agrees = dealt.len() == mucked.len()
        && dealt.iter().zip(mucked).all(|(d, m)| d.known().is_none_or(|known| known == *m));
    if !agrees {
        return;
    }
    let mut next = mucked.iter();
    for k in deals {
        if let ActionKind::DealHole { cards, .. } = &mut hand.actions[k].kind {
            *cards = next.by_ref().take(cards.len()).map(|&c| MaybeCard::Known(c)).collect();
        }
    }
}

/// Puts in the turns the log leaves out where its producer's convention says what they were
/// ([`fill_turns`]): a player who left the table folds at their turn; in BetOnline's logs, a
/// player skipped with no bet to call checks. A warning each, an error under `strict`.
fn fill_left_out(
    p: &Parsed,
    order: &[usize],
    hand: &mut Hand,
    spans: &mut Vec<Span>,
    left: &[Left],
    ctx: &mut Ctx<'_>,
) {
    let checks_omitted = p.header.site.starts_with("BetOnline");
    for filled in fill_turns(hand, spans, left, checks_omitted) {
        match filled {
            Filled::Fold(i, span) => {
                let message = format!(
                    "{} has left the table while in the hand, and the log writes no fold for them: \
                     read as their fold at their next turn (BetOnline's network), the chips they \
                     put in staying in the pot",
                    p.seats[order[i]].name
                );
                ctx.convention(codes::SITE_LEFT_WITHOUT_FOLD, message, span);
            }
            Filled::Check(i, span) => {
                let message = format!(
                    "{} is to act with no bet to call and the log writes nothing for them before \
                     this line: read as their check (BetOnline's network leaves checks out)",
                    p.seats[order[i]].name
                );
                ctx.convention(codes::SITE_CHECK_OMITTED, message, span);
            }
        }
    }
}

/// The seats dealt in, in PHH's order: every seat that appears in the play; in a button game the
/// first after the button is p1 and the button last, in stud by seat number.
fn play_order(p: &Parsed, variant: Variant, ctx: &mut Ctx<'_>, whole: Span) -> Option<Vec<usize>> {
    let mut involved = vec![false; p.seats.len()];
    for (event, _) in &p.events {
        if let Some(seat) = seat_of(event) {
            involved[seat] = true;
        }
    }
    let mut order: Vec<usize> = (0..p.seats.len()).filter(|&i| involved[i]).collect();
    if !variant.is_stud() {
        let Some(button) = p.table.button else {
            let message =
                "the table line names no button (`Seat #<n> is the button`): the order of play is unknown";
            ctx.error(codes::SITE_BAD_TABLE, message, p.table_span);
            return None;
        };
        order.sort_by_key(|&i| (p.seats[i].number <= button, p.seats[i].number));
    } else {
        order.sort_by_key(|&i| p.seats[i].number);
    }
    if order.len() < 2 {
        ctx.error(codes::SITE_TOO_FEW_PLAYERS, "fewer than two players are dealt in", whole);
        return None;
    }
    Some(order)
}

/// PHH's blinds also set the order of play: they must be posted from p1 (or p2) on, or be the
/// button's one blind (6+ hold'em). The message and the line of a blind out of position.
fn blinds_in_position(
    p: &Parsed,
    order: &[usize],
    blinds: &[Amount],
    whole: Span,
) -> Result<(), (String, Span)> {
    let n = order.len();
    let posters: Vec<usize> = (0..n).filter(|&i| !blinds[i].is_zero()).collect();
    let from = posters.first().copied().unwrap_or(0);
    let button_blind = posters == [n - 1]
        && p.events.iter().any(|(e, _)| matches!(e, Event::Blind { kind: Post::Button, .. }));
    if n <= 2 || button_blind || (from <= 1 && posters.iter().enumerate().all(|(k, &i)| i == from + k)) {
        return Ok(());
    }
    let seat = order[posters.iter().enumerate().find(|(k, i)| **i != from + k).map_or(from, |(_, i)| *i)];
    let span = p
        .events
        .iter()
        .find(|(e, _)| matches!(e, Event::Blind { seat: s, .. } if *s == seat))
        .map_or(whole, |(_, sp)| *sp);
    let message =
        format!("{} posts a blind out of position: PHH's blinds also set who acts first", p.seats[seat].name);
    Err((message, span))
}

/// The PHH hand as the log's events build it, one event at a time ([`build`]).
struct Builder<'p> {
    p: &'p Parsed,
    variant: Variant,
    /// Per seat: the PHH player's index (`usize::MAX` for a seat not dealt in).
    index_of: Vec<usize>,
    hand: Hand,
    spans: Vec<Span>,
    bring_in: Option<Amount>,
    /// Whether the deal was seen (later deal markers are the same deal's).
    dealt_done: bool,
    /// Per player: the show or muck placed at the showdown, the earliest line's.
    shows: Vec<Option<(Shown, Span)>>,
    folded: Vec<bool>,
    stud_street: usize,
    /// A draw's replacements, dealt once every player has stood pat or discarded.
    draw: Draw,
    /// The players who left the table while in the hand.
    left: Vec<Left>,
}

impl<'p> Builder<'p> {
    /// A builder of `n` players.
    fn new(p: &'p Parsed, variant: Variant, index_of: Vec<usize>, n: usize) -> Builder<'p> {
        let mut hand = Hand::new(variant);
        hand.antes = vec![Amount::ZERO; n];
        let mut shows: Vec<Option<(Shown, Span)>> = vec![None; n];
        for (seat, cards, span) in &p.summary_shows {
            if index_of[*seat] < n {
                shows[index_of[*seat]] = Some((Shown::Cards(run(cards)), *span));
            }
        }
        Builder {
            p,
            variant,
            index_of,
            hand,
            spans: Vec::new(),
            bring_in: None,
            dealt_done: false,
            shows,
            folded: vec![false; n],
            stud_street: 0,
            draw: Draw::default(),
            left: Vec::new(),
        }
    }

    fn player(&self, seat: usize) -> Player {
        Player(u16::try_from(self.index_of[seat] + 1).unwrap_or(u16::MAX))
    }

    fn push(&mut self, kind: ActionKind, span: Span) {
        self.hand.actions.push(Action::new(kind));
        self.spans.push(span);
    }

    /// A show or muck at `span`, kept when it is the player's first.
    fn show(&mut self, seat: usize, shown: Shown, span: Span) {
        let i = self.index_of[seat];
        if self.shows[i].as_ref().is_none_or(|(_, s)| s.start > span.start) {
            self.shows[i] = Some((shown, span));
        }
    }

    /// The `i`th event of the log.
    fn event(&mut self, i: usize) {
        let p = self.p;
        let (event, span) = &p.events[i];
        let span = *span;
        if !matches!(
            event,
            Event::Discard { .. } | Event::StandPat { .. } | Event::Dealt { .. } | Event::Left { .. }
        ) {
            self.draw.deal(&mut self.hand, &mut self.spans);
        }
        match event {
            Event::Ante { seat, amount } => add_to(&mut self.hand.antes[self.index_of[*seat]], *amount),
            Event::Deal | Event::Street { .. } => self.deal(i, event, span),
            Event::BringIn { seat, amount } => {
                self.bring_in = Some(*amount);
                self.push(ActionKind::BringIn { player: self.player(*seat) }, span);
            }
            Event::Fold { seat } => {
                self.folded[self.index_of[*seat]] = true;
                self.push(ActionKind::Fold { player: self.player(*seat) }, span);
            }
            Event::Check { seat } | Event::Call { seat, .. } => {
                self.push(ActionKind::CheckCall { player: self.player(*seat) }, span);
            }
            Event::Bet { seat, amount } | Event::RaiseTo { seat, to: amount } => {
                let player = self.player(*seat);
                self.push(ActionKind::CompleteBetRaise { player, amount: *amount }, span);
            }
            Event::Show { seat, cards } => self.show(*seat, Shown::Cards(run(cards)), span),
            Event::Muck { seat } => self.show(*seat, Shown::Muck, span),
            Event::Discard { seat, count, cards } => {
                let discards = if cards.len() == *count { run(cards) } else { unknown(*count) };
                let player = self.player(*seat);
                self.push(ActionKind::StandPatDiscard { player, discards }, span);
                self.draw.owed.push(Replacement { player, count: *count, cards: Vec::new(), span });
            }
            Event::Dealt { seat, groups } if self.dealt_done && self.variant.is_draw() => {
                self.replacement(*seat, groups);
            }
            Event::StandPat { seat } => {
                let player = self.player(*seat);
                self.push(ActionKind::StandPatDiscard { player, discards: CardRun::new() }, span);
            }
            Event::Left { seat } => {
                let player = self.index_of[*seat];
                if player < self.folded.len() {
                    self.left.push(Left { player, from: self.hand.actions.len(), span });
                }
            }
            Event::Draw
            | Event::Showdown
            | Event::Blind { .. }
            | Event::Dealt { .. }
            | Event::Collected { .. }
            | Event::Uncalled { .. }
            | Event::CashOut { .. } => {}
        }
    }

    /// The `i`th event, a deal marker or a street: the hole cards (the first deal marker only),
    /// a stud street's cards, or a board street's.
    fn deal(&mut self, i: usize, event: &Event, span: Span) {
        let stud = self.variant.is_stud();
        match event {
            Event::Deal if self.dealt_done => {}
            Event::Deal => {
                self.dealt_done = true;
                if stud {
                    self.stud_street = 3;
                    self.deal_stud(i, span);
                } else {
                    self.deal_holes(i, span);
                }
            }
            Event::Street { .. } if stud => {
                self.stud_street += 1;
                self.deal_stud(i, span);
            }
            Event::Street { board } if !board.is_empty() => {
                self.push(ActionKind::DealBoard { cards: run(board) }, span);
            }
            _ => {}
        }
    }

    /// `Dealt to NAME [kept] [new]` in a draw: the new cards replace the discards (one bracket
    /// when the player drew them all).
    fn replacement(&mut self, seat: usize, groups: &[Vec<Card>]) {
        let who = self.player(seat);
        if let (Some(owed), Some(new)) = (self.draw.owed.iter_mut().find(|r| r.player == who), groups.last())
            && new.len() == owed.count
        {
            owed.cards.clone_from(new);
        }
    }

    /// Deals one stud street ([`deal_stud`]) after the `i`th event.
    fn deal_stud(&mut self, i: usize, span: Span) {
        let after = &self.p.events[i + 1..];
        deal_stud(
            &mut self.hand,
            &mut self.spans,
            after,
            &self.index_of,
            &self.folded,
            self.stud_street,
            span,
        );
    }

    /// The deal of a board or draw game, at the `i`th event: each player's hole cards as the log's
    /// observer saw them, unknown where it did not.
    fn deal_holes(&mut self, i: usize, span: Span) {
        let (p, n) = (self.p, self.folded.len());
        let holes = hole_count(self.variant);
        let mut dealt: Vec<Option<Vec<Card>>> = vec![None; n];
        // The observer's cards of the deal: up to the first draw (later `Dealt to` lines are
        // replacements).
        for ev in p.events[i..].iter().map(|(e, _)| e) {
            match ev {
                Event::Dealt { seat, groups } => dealt[self.index_of[*seat]] = groups.first().cloned(),
                Event::Draw | Event::Discard { .. } | Event::StandPat { .. } | Event::Street { .. } => break,
                _ => {}
            }
        }
        for (pl, cards) in dealt.iter().enumerate() {
            let cards = match cards {
                Some(c) if c.len() == holes => run(c),
                _ => unknown(holes),
            };
            let player = Player(u16::try_from(pl + 1).unwrap_or(u16::MAX));
            self.push(ActionKind::DealHole { player, cards }, span);
        }
    }
}

/// A discard waiting for its replacement cards.
struct Replacement {
    player: Player,
    count: usize,
    /// The new cards when the log names them (the observer's), else unknown.
    cards: Vec<Card>,
    span: Span,
}

/// The discards of the draw under way.
#[derive(Default)]
struct Draw {
    owed: Vec<Replacement>,
}

impl Draw {
    /// Deals every replacement owed (in discard order) and ends the draw.
    fn deal(&mut self, hand: &mut Hand, spans: &mut Vec<Span>) {
        for owed in self.owed.drain(..) {
            if owed.count == 0 {
                continue;
            }
            let cards = if owed.cards.len() == owed.count { run(&owed.cards) } else { unknown(owed.count) };
            hand.actions.push(Action::new(ActionKind::DealHole { player: owed.player, cards }));
            spans.push(owed.span);
        }
    }
}

/// Deals one stud street to every player still in: what the `Dealt to` lines of the street show
/// (the last bracket; on 3rd street the two down cards and the up card, or the up card alone), the
/// rest unknown (`??`).
fn deal_stud(
    hand: &mut Hand,
    spans: &mut Vec<Span>,
    after: &[(Event, Span)],
    index_of: &[usize],
    folded: &[bool],
    street: usize,
    span: Span,
) {
    let count = if street == 3 { 3 } else { 1 };
    let mut shown: Vec<Option<Vec<Card>>> = vec![None; folded.len()];
    for (event, _) in after {
        match event {
            Event::Dealt { seat, groups } => shown[index_of[*seat]] = groups.last().cloned(),
            Event::Deal | Event::Street { .. } | Event::Draw | Event::Showdown => break,
            _ => {}
        }
    }
    for (i, cards) in shown.into_iter().enumerate() {
        if folded[i] {
            continue;
        }
        let known = cards.unwrap_or_default();
        let cards: CardRun = if known.len() >= count {
            run(&known[known.len() - count..])
        } else {
            // Others' up cards only: the down cards before them are unknown.
            std::iter::repeat_n(MaybeCard::Unknown, count - known.len())
                .chain(known.iter().map(|&c| MaybeCard::Known(c)))
                .collect()
        };
        let player = Player(u16::try_from(i + 1).unwrap_or(u16::MAX));
        hand.actions.push(Action::new(ActionKind::DealHole { player, cards }));
        spans.push(span);
    }
}

pub(super) fn add_to(total: &mut Amount, amount: Amount) {
    *total = money::plus(*total, amount);
}

fn run(cards: &[Card]) -> CardRun {
    cards.iter().map(|&c| MaybeCard::Known(c)).collect()
}

fn unknown(n: usize) -> CardRun {
    std::iter::repeat_n(MaybeCard::Unknown, n).collect()
}
