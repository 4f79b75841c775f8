//! The checks of a built hand: fields required or forbidden for the variant, per-player array
//! lengths, sign rules, action players in range, cards in the variant's deck and no known card
//! dealt while it is already in play.

use cards_core::{Amount, Card, CardSet, Diagnostic, MaybeCard, Span};

use crate::error::codes;
use crate::model::{ActionKind, CardRun, Hand, Quantity, Shown};
pub use crate::parse::action::ActionTokens;

/// Spans of the fields of one hand, for the checks.
#[derive(Debug, Clone, Default)]
pub(crate) struct FieldSpans {
    pub anchor: Span,
    /// (field id in [`crate::write::FIELD_ORDER`] or `u8::MAX`, key span, value span), in file order.
    pub keys: Vec<(u8, Span, Span)>,
    /// Fields whose value could not be converted (already reported; not checked further).
    pub failed: Vec<u8>,
    pub antes: Vec<Span>,
    pub blinds: Vec<Span>,
    pub starting_stacks: Vec<Span>,
    pub finishing_stacks: Vec<Span>,
    pub winnings: Vec<Span>,
    pub seats: Vec<Span>,
    pub day: Span,
    pub month: Span,
}

impl FieldSpans {
    fn find(&self, key: &str) -> Option<(Span, Span)> {
        let id = field_id(key);
        if id == u8::MAX || self.failed.contains(&id) {
            return None;
        }
        self.keys.iter().find(|(k, _, _)| *k == id).map(|(_, ks, vs)| (*ks, *vs))
    }
}

use crate::write::field_id;

pub(crate) fn check_hand(
    hand: &Hand,
    spans: &FieldSpans,
    tokens: &[ActionTokens],
    diags: &mut Vec<Diagnostic>,
) {
    check_presence(hand, spans, diags);
    let n = hand.starting_stacks.len();
    if spans.find("starting_stacks").is_some() && n < 2 {
        let at = spans.find("starting_stacks").map_or(spans.anchor, |(_, v)| v);
        diags.push(Diagnostic::error(
            codes::NO_PLAYERS,
            format!("a hand needs at least two players; `starting_stacks` has {n}"),
            at,
        ));
    }
    if n > 0 {
        check_lengths(hand, spans, n, diags);
    }
    check_signs(hand, spans, diags);
    check_values(hand, spans, diags);
    check_actions(hand, tokens, n, diags);
}

fn check_presence(hand: &Hand, spans: &FieldSpans, diags: &mut Vec<Diagnostic>) {
    let v = hand.variant;
    let mask = spans.keys.iter().fold(0u64, |m, (k, _, _)| if *k < 64 { m | 1 << k } else { m });
    let present = |key: &str| {
        let id = field_id(key);
        id < 64 && mask & (1 << id) != 0
    };
    let require = |key: &str, why: &str, diags: &mut Vec<Diagnostic>| {
        if !present(key) {
            diags.push(Diagnostic::error(
                codes::FIELD_MISSING,
                format!("the required field `{key}` is missing{why}"),
                spans.anchor,
            ));
        }
    };
    require("antes", "", diags);
    require("starting_stacks", "", diags);
    require("actions", "", diags);
    let code = v.code();
    let forbid = |key: &str, why: String, diags: &mut Vec<Diagnostic>| {
        if let Some((k, _)) = spans.find(key) {
            diags.push(Diagnostic::error(
                codes::FIELD_FORBIDDEN,
                format!("`{key}` is not allowed: {why}"),
                k,
            ));
        }
    };
    if v.is_stud() {
        require("bring_in", &format!(" (`{code}` is a stud game)"), diags);
        forbid("blinds_or_straddles", format!("`{code}` is a stud game, which uses a bring-in"), diags);
    } else {
        require("blinds_or_straddles", &format!(" (`{code}` is a button game)"), diags);
        forbid("bring_in", format!("`{code}` is a button game; a bring-in is only used in stud"), diags);
    }
    if v.is_fixed_limit() {
        require("small_bet", &format!(" (`{code}` is fixed-limit)"), diags);
        require("big_bet", &format!(" (`{code}` is fixed-limit)"), diags);
        forbid("min_bet", format!("`{code}` is fixed-limit; use `small_bet` and `big_bet`"), diags);
    } else {
        require("min_bet", &format!(" (`{code}` is not fixed-limit)"), diags);
        forbid("small_bet", format!("`{code}` is not fixed-limit; use `min_bet`"), diags);
        forbid("big_bet", format!("`{code}` is not fixed-limit; use `min_bet`"), diags);
    }
}

fn check_lengths(hand: &Hand, spans: &FieldSpans, n: usize, diags: &mut Vec<Diagnostic>) {
    let lengths: [(&str, Option<usize>); 7] = [
        ("antes", Some(hand.antes.len())),
        ("blinds_or_straddles", hand.blinds_or_straddles.as_ref().map(Vec::len)),
        ("seats", hand.seats.as_ref().map(Vec::len)),
        ("players", hand.players.as_ref().map(Vec::len)),
        ("finishing_stacks", hand.finishing_stacks.as_ref().map(Vec::len)),
        ("winnings", hand.winnings.as_ref().map(Vec::len)),
        ("time_banks", hand.time_banks.as_ref().map(Vec::len)),
    ];
    for (key, len) in lengths {
        let (Some(len), Some((_, value))) = (len, spans.find(key)) else { continue };
        if len != n {
            diags.push(Diagnostic::error(
                codes::ARRAY_LENGTH,
                format!(
                    "`{key}` has {len} entries but there are {n} players (the length of `starting_stacks`)"
                ),
                value,
            ));
        }
    }
}

fn check_signs(hand: &Hand, spans: &FieldSpans, diags: &mut Vec<Diagnostic>) {
    let negative = |key: &str, values: &[Amount], at: &[Span], diags: &mut Vec<Diagnostic>| {
        for (a, s) in values.iter().zip(at) {
            if a.is_negative() {
                diags.push(Diagnostic::error(
                    codes::NEGATIVE_AMOUNT,
                    format!("`{key}` cannot be negative ({a})"),
                    *s,
                ));
            }
        }
    };
    negative("antes", &hand.antes, &spans.antes, diags);
    let finite = |q: &[Quantity]| q.iter().map(|x| x.finite().unwrap_or(Amount::ZERO)).collect::<Vec<_>>();
    if let Some(f) = &hand.finishing_stacks {
        negative("finishing_stacks", &finite(f), &spans.finishing_stacks, diags);
    }
    if let Some(w) = &hand.winnings {
        negative("winnings", &finite(w), &spans.winnings, diags);
    }
    if let Some(b) = &hand.blinds_or_straddles {
        for (a, s) in b.iter().zip(&spans.blinds) {
            if a.is_negative() {
                diags.push(
                    Diagnostic::warning(
                        codes::NEGATIVE_BLIND,
                        format!(
                            "negative blind or straddle ({a}): read as a dead post by a newly seated player"
                        ),
                        *s,
                    )
                    .with_help("PokerKit treats a negative entry as a post of that size"),
                );
            }
        }
    }
    for (q, s) in hand.starting_stacks.iter().zip(&spans.starting_stacks) {
        if let Quantity::Finite(a) = q
            && (a.is_negative() || a.is_zero())
        {
            diags.push(Diagnostic::error(
                codes::NON_POSITIVE_AMOUNT,
                format!("starting stacks must be positive ({a}); write `inf` for an unknown stack"),
                *s,
            ));
        }
    }
    for (key, value) in [
        ("bring_in", hand.bring_in),
        ("small_bet", hand.small_bet),
        ("big_bet", hand.big_bet),
        ("min_bet", hand.min_bet),
    ] {
        if let (Some(a), Some((_, at))) = (value, spans.find(key))
            && (a.is_negative() || a.is_zero())
        {
            diags.push(Diagnostic::error(
                codes::NON_POSITIVE_AMOUNT,
                format!("`{key}` must be positive ({a})"),
                at,
            ));
        }
    }
}

fn check_values(hand: &Hand, spans: &FieldSpans, diags: &mut Vec<Diagnostic>) {
    if let Some(m) = hand.month
        && !(1..=12).contains(&m)
    {
        diags.push(Diagnostic::warning(
            codes::INVALID_VALUE,
            format!("`month` {m} is not between 1 and 12"),
            spans.month,
        ));
    }
    if let Some(d) = hand.day
        && !(1..=31).contains(&d)
    {
        diags.push(Diagnostic::warning(
            codes::INVALID_VALUE,
            format!("`day` {d} is not between 1 and 31"),
            spans.day,
        ));
    }
    if let Some(seats) = &hand.seats {
        for (s, at) in seats.iter().zip(&spans.seats) {
            if *s < 1 {
                diags.push(Diagnostic::warning(
                    codes::INVALID_VALUE,
                    format!("seat number {s} is below 1"),
                    *at,
                ));
            }
        }
    }
}

/// Card bookkeeping for the duplicate check.
struct Cards<'h> {
    deck: CardSet,
    live: CardSet,
    held: &'h mut [CardSet],
}

impl Cards<'_> {
    fn deal(
        &mut self,
        run: &CardRun,
        player: Option<usize>,
        tokens: &ActionTokens,
        variant: &str,
        diags: &mut Vec<Diagnostic>,
    ) {
        for (i, card) in run.iter().enumerate() {
            let MaybeCard::Known(c) = card else { continue };
            let at = tokens.card(i).unwrap_or_default();
            if !self.in_deck(c, at, variant, diags) {
                continue;
            }
            if self.live.contains(c) {
                diags.push(Diagnostic::error(
                    codes::DUPLICATE_CARD,
                    format!("{c} is dealt while it is already in play"),
                    at,
                ));
                continue;
            }
            self.live.insert(c);
            if let Some(h) = player.and_then(|p| self.held.get_mut(p)) {
                h.insert(c);
            }
        }
    }

    fn in_deck(&self, c: Card, at: Span, variant: &str, diags: &mut Vec<Diagnostic>) -> bool {
        if self.deck.contains(c) {
            return true;
        }
        diags.push(
            Diagnostic::error(codes::CARD_NOT_IN_DECK, format!("{c} is not in the deck of `{variant}`"), at)
                .with_help("short-deck hold 'em plays without deuces, treys, fours and fives"),
        );
        false
    }
}

fn check_actions(hand: &Hand, tokens: &[ActionTokens], n: usize, diags: &mut Vec<Diagnostic>) {
    let variant = hand.variant.code();
    let mut small = [CardSet::EMPTY; 16];
    let mut big = Vec::new();
    let held: &mut [CardSet] = if n <= small.len() {
        small.get_mut(..n).unwrap_or_default()
    } else {
        big.resize(n, CardSet::EMPTY);
        &mut big
    };
    let mut cards = Cards { deck: hand.variant.deck().cards(), live: CardSet::EMPTY, held };
    for (action, toks) in hand.actions.iter().zip(tokens) {
        let mut player = None;
        if let Some(p) = action.kind.player() {
            match p.index() {
                Some(i) if i < n => player = Some(i),
                _ if n == 0 => {}
                _ => {
                    diags.push(Diagnostic::error(
                        codes::ACTION_PLAYER,
                        format!("there is no player {p}: the hand has {n} players (p1 to p{n})"),
                        toks.player.unwrap_or_default(),
                    ));
                    continue;
                }
            }
        }
        match &action.kind {
            ActionKind::DealBoard { cards: run } => cards.deal(run, None, toks, variant, diags),
            ActionKind::DealHole { cards: run, .. } => cards.deal(run, player, toks, variant, diags),
            ActionKind::StandPatDiscard { discards, .. } => {
                for (i, card) in discards.iter().enumerate() {
                    let MaybeCard::Known(c) = card else { continue };
                    if cards.in_deck(c, toks.card(i).unwrap_or_default(), variant, diags) {
                        cards.live.remove(c);
                        if let Some(h) = player.and_then(|p| cards.held.get_mut(p)) {
                            h.remove(c);
                        }
                    }
                }
            }
            ActionKind::Fold { .. } => {
                if let Some(h) = player.and_then(|p| cards.held.get_mut(p)) {
                    for c in h.iter() {
                        cards.live.remove(c);
                    }
                    *h = CardSet::EMPTY;
                }
            }
            ActionKind::ShowMuck { shown: Shown::Cards(run), .. } => {
                for (i, card) in run.iter().enumerate() {
                    let MaybeCard::Known(c) = card else { continue };
                    let at = toks.card(i).unwrap_or_default();
                    if !cards.in_deck(c, at, variant, diags) {
                        continue;
                    }
                    let holds = player.and_then(|p| cards.held.get(p)).is_some_and(|h| h.contains(c));
                    if holds {
                        continue;
                    }
                    if cards.live.contains(c) {
                        diags.push(Diagnostic::error(
                            codes::DUPLICATE_CARD,
                            format!("{c} is shown but it is already in play elsewhere"),
                            at,
                        ));
                        continue;
                    }
                    cards.live.insert(c);
                    if let Some(h) = player.and_then(|p| cards.held.get_mut(p)) {
                        h.insert(c);
                    }
                }
            }
            _ => {}
        }
    }
}
