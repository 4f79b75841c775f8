//! The checks of a built hand: fields required or forbidden for the variant, per-player array
//! lengths, sign rules, action players in range, cards in the variant's deck and no known card
//! dealt while it is already in play.

use cards_core::{Amount, Card, CardSet, Diagnostic, DiagnosticSink, MaybeCard, Span};
use poker_engine::card_text::spell;

use super::action::ActionTokens;
use crate::codes;
use crate::model::{ActionKind, CardRun, Hand, Quantity, Shown};

/// Where the fields of one hand are, for the checks (looked up in the raw entries; element
/// spans are only computed when a problem is reported).
pub(crate) struct FieldSpans<'e, 'a> {
    pub anchor: Span,
    entries: &'e [RawEntry<'a>],
    /// For each field id (`write::field_id`), its entry index (`u16::MAX`: absent).
    by_id: [u16; 37],
    /// Fields whose value could not be converted (already reported; not checked further).
    failed: u64,
}

impl<'e, 'a> FieldSpans<'e, 'a> {
    pub(crate) fn new(anchor: Span, entries: &'e [RawEntry<'a>]) -> Self {
        FieldSpans { anchor, entries, by_id: [u16::MAX; 37], failed: 0 }
    }

    pub(crate) fn record(&mut self, id: u8, entry: usize) {
        if let Some(slot) = self.by_id.get_mut(usize::from(id)) {
            *slot = u16::try_from(entry).unwrap_or(u16::MAX);
        }
    }

    pub(crate) fn fail(&mut self, id: u8) {
        if id < 64 {
            self.failed |= 1 << id;
        }
    }

    fn entry(&self, key: &str) -> Option<&'e RawEntry<'a>> {
        let id = field_id(key);
        let index = *self.by_id.get(usize::from(id))?;
        self.entries.get(usize::from(index))
    }

    fn present(&self, key: &str) -> bool {
        self.entry(key).is_some()
    }

    /// Key and value spans of a field that converted without error.
    fn find(&self, key: &str) -> Option<(Span, Span)> {
        let id = field_id(key);
        if id < 64 && self.failed & (1 << id) != 0 {
            return None;
        }
        self.entry(key).map(|e| (e.key_span, e.value.span))
    }

    /// The span of element `i` of an array field.
    fn element(&self, key: &str, i: usize) -> Span {
        match self.entry(key).map(|e| &e.value) {
            Some(RawValue { kind: RawKind::Array(items), span }) => items.get(i).map_or(*span, |x| x.span),
            Some(v) => v.span,
            None => self.anchor,
        }
    }

    /// The file spans of the tokens of action `i` (`text` is its span in the file).
    fn tokens(&self, i: usize, text: Span) -> ActionTokens {
        let Some(RawValue { kind: RawKind::Array(items), .. }) = self.entry("actions").map(|e| &e.value)
        else {
            return ActionTokens::whole(text);
        };
        let matches = |item: &RawValue<'_>| match &item.kind {
            RawKind::Str { value, content_start: Some(s) } => *s == text.start && value.len() == text.len(),
            _ => item.span == text,
        };
        let item = match items.get(i) {
            Some(item) if matches(item) => Some(item),
            _ => items.iter().find(|x| matches(x)),
        };
        match item.map(|x| &x.kind) {
            Some(RawKind::Str { value, content_start: Some(s) }) => {
                parse_action_tokens(value).map_or(ActionTokens::whole(text), |(_, t)| t.shifted(*s))
            }
            _ => ActionTokens::whole(text),
        }
    }
}

use super::action::parse_action_tokens;
use super::raw::{RawEntry, RawKind, RawValue};
use crate::write::field_id;

pub(crate) fn check_hand(
    hand: &Hand,
    spans: &FieldSpans<'_, '_>,
    action_spans: &[Span],
    diags: &mut dyn DiagnosticSink,
) {
    // Each check reads the hand alone; a sink that wants no more (the first error) ends here.
    check_presence(hand, spans, diags);
    if diags.stopped() {
        return;
    }
    let n = hand.starting_stacks.len();
    if spans.find("starting_stacks").is_some() && n < 2 {
        let at = spans.find("starting_stacks").map_or(spans.anchor, |(_, v)| v);
        diags.report(Diagnostic::error(
            codes::PHH_NO_PLAYERS,
            format!("a hand needs at least two players; `starting_stacks` has {n}"),
            at,
        ));
    }
    if n > 0 {
        check_lengths(hand, spans, n, diags);
    }
    for check in [check_signs, check_values] {
        if diags.stopped() {
            return;
        }
        check(hand, spans, diags);
    }
    if !diags.stopped() {
        check_actions(hand, spans, action_spans, n, diags);
    }
}

fn check_presence(hand: &Hand, spans: &FieldSpans<'_, '_>, diags: &mut dyn DiagnosticSink) {
    let v = hand.variant;
    let code = v.code();
    // `why` is a template where `{}` stands for the variant code (formatted only on error).
    let require = |key: &str, why: &str, diags: &mut dyn DiagnosticSink| {
        if !spans.present(key) {
            let why = why.replace("{}", code);
            diags.report(Diagnostic::error(
                codes::PHH_FIELD_MISSING,
                format!("the required field `{key}` is missing{why}"),
                spans.anchor,
            ));
        }
    };
    require("antes", "", diags);
    require("starting_stacks", "", diags);
    require("actions", "", diags);
    let forbid = |key: &str, why: &str, diags: &mut dyn DiagnosticSink| {
        if let Some((k, _)) = spans.find(key) {
            let why = why.replace("{}", code);
            diags.report(Diagnostic::error(
                codes::PHH_FIELD_FORBIDDEN,
                format!("`{key}` is not allowed: {why}"),
                k,
            ));
        }
    };
    if v.is_stud() {
        require("bring_in", " (`{}` is a stud game)", diags);
        forbid("blinds_or_straddles", "`{}` is a stud game, which uses a bring-in", diags);
    } else {
        require("blinds_or_straddles", " (`{}` is a button game)", diags);
        forbid("bring_in", "`{}` is a button game; a bring-in is only used in stud", diags);
    }
    if v.uses_small_big_bets() {
        require("small_bet", " (`{}` is fixed-limit)", diags);
        require("big_bet", " (`{}` is fixed-limit)", diags);
        forbid("min_bet", "`{}` is fixed-limit; use `small_bet` and `big_bet`", diags);
    } else {
        require("min_bet", " (`{}` is not fixed-limit)", diags);
        forbid("small_bet", "`{}` is not fixed-limit; use `min_bet`", diags);
        forbid("big_bet", "`{}` is not fixed-limit; use `min_bet`", diags);
    }
}

fn check_lengths(hand: &Hand, spans: &FieldSpans<'_, '_>, n: usize, diags: &mut dyn DiagnosticSink) {
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
            diags.report(Diagnostic::error(
                codes::PHH_ARRAY_LENGTH,
                format!(
                    "`{key}` has {len} entries but there are {n} players (the length of `starting_stacks`)"
                ),
                value,
            ));
        }
    }
}

fn check_signs(hand: &Hand, spans: &FieldSpans<'_, '_>, diags: &mut dyn DiagnosticSink) {
    let negative = |key: &str, values: &mut dyn Iterator<Item = Amount>, diags: &mut dyn DiagnosticSink| {
        for (i, a) in values.enumerate() {
            if a.is_negative() {
                diags.report(Diagnostic::error(
                    codes::PHH_NEGATIVE_AMOUNT,
                    format!("`{key}` cannot be negative ({a})"),
                    spans.element(key, i),
                ));
            }
        }
    };
    negative("antes", &mut hand.antes.iter().copied(), diags);
    let finite = |q: &[Quantity]| q.iter().map(|x| x.finite().unwrap_or(Amount::ZERO)).collect::<Vec<_>>();
    if let Some(f) = &hand.finishing_stacks {
        negative("finishing_stacks", &mut f.iter().map(|x| x.finite().unwrap_or(Amount::ZERO)), diags);
    }
    if let Some(w) = &hand.winnings {
        negative("winnings", &mut finite(w).into_iter(), diags);
    }
    if let Some(b) = &hand.blinds_or_straddles {
        for (i, a) in b.iter().enumerate() {
            if a.is_negative() {
                diags.report(
                    Diagnostic::warning(
                        codes::PHH_NEGATIVE_BLIND,
                        format!(
                            "negative blind or straddle ({a}): a post by a player who did not wait for \
                             the blinds; the replay reads it as PokerKit does, live (part of the \
                             player's first bet, not the opening position)"
                        ),
                        spans.element("blinds_or_straddles", i),
                    )
                    .with_help(
                        "a declared outcome that shows the post was dead (in the pot, not part of the bet) \
                         is reported as PHH_DEAD_POST",
                    ),
                );
            }
        }
    }
    for (i, q) in hand.starting_stacks.iter().enumerate() {
        if let Quantity::Finite(a) = q
            && (a.is_negative() || a.is_zero())
        {
            diags.report(Diagnostic::error(
                codes::PHH_NON_POSITIVE_AMOUNT,
                format!("starting stacks must be positive ({a}); write `inf` for an unknown stack"),
                spans.element("starting_stacks", i),
            ));
        }
    }
    for (key, value) in [
        ("bring_in", hand.bring_in),
        ("small_bet", hand.small_bet),
        ("big_bet", hand.big_bet),
        ("min_bet", hand.min_bet),
    ] {
        if let Some(a) = value
            && (a.is_negative() || a.is_zero())
        {
            let at = spans.find(key).map_or(spans.anchor, |(_, v)| v);
            diags.report(Diagnostic::error(
                codes::PHH_NON_POSITIVE_AMOUNT,
                format!("`{key}` must be positive ({a})"),
                at,
            ));
        }
    }
}

fn check_values(hand: &Hand, spans: &FieldSpans<'_, '_>, diags: &mut dyn DiagnosticSink) {
    let at = |key: &str| spans.find(key).map_or(spans.anchor, |(_, v)| v);
    if let Some(m) = hand.month
        && !(1..=12).contains(&m)
    {
        diags.report(Diagnostic::warning(
            codes::PHH_INVALID_VALUE,
            format!("`month` {m} is not between 1 and 12"),
            at("month"),
        ));
    }
    if let Some(d) = hand.day
        && !(1..=31).contains(&d)
    {
        diags.report(Diagnostic::warning(
            codes::PHH_INVALID_VALUE,
            format!("`day` {d} is not between 1 and 31"),
            at("day"),
        ));
    }
    if let Some(seats) = &hand.seats {
        for (i, s) in seats.iter().enumerate() {
            if *s < 1 {
                diags.report(Diagnostic::warning(
                    codes::PHH_INVALID_VALUE,
                    format!("seat number {s} is below 1"),
                    spans.element("seats", i),
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
        tokens: &dyn Fn() -> ActionTokens,
        variant: &str,
        diags: &mut dyn DiagnosticSink,
    ) {
        for (i, card) in run.iter().enumerate() {
            let MaybeCard::Known(c) = card else { continue };
            let at = || tokens().card(i).unwrap_or_default();
            if !self.in_deck(c, &at, variant, diags) {
                continue;
            }
            if self.live.contains(c) {
                diags.report(Diagnostic::error(
                    codes::PHH_DUPLICATE_CARD,
                    format!("{} is dealt while it is already in play", spell(c)),
                    at(),
                ));
                continue;
            }
            self.live.insert(c);
            if let Some(h) = player.and_then(|p| self.held.get_mut(p)) {
                h.insert(c);
            }
        }
    }

    /// Cards discarded by `player` (`at(i)` locates the `i`th): out of play.
    fn discard(
        &mut self,
        run: &CardRun,
        player: Option<usize>,
        at: &dyn Fn(usize) -> Span,
        variant: &str,
        diags: &mut dyn DiagnosticSink,
    ) {
        for (i, card) in run.iter().enumerate() {
            let MaybeCard::Known(c) = card else { continue };
            if self.in_deck(c, &|| at(i), variant, diags) {
                self.live.remove(c);
                if let Some(h) = player.and_then(|p| self.held.get_mut(p)) {
                    h.remove(c);
                }
            }
        }
    }

    /// A fold: the player's cards out of play.
    fn fold(&mut self, player: Option<usize>) {
        if let Some(h) = player.and_then(|p| self.held.get_mut(p)) {
            for c in h.iter() {
                self.live.remove(c);
            }
            *h = CardSet::EMPTY;
        }
    }

    /// Cards shown by `player` (`at(i)` locates the `i`th): a card not held must not be in play
    /// elsewhere, and is then the player's.
    fn show(
        &mut self,
        run: &CardRun,
        player: Option<usize>,
        at: &dyn Fn(usize) -> Span,
        variant: &str,
        diags: &mut dyn DiagnosticSink,
    ) {
        for (i, card) in run.iter().enumerate() {
            let MaybeCard::Known(c) = card else { continue };
            if !self.in_deck(c, &|| at(i), variant, diags) {
                continue;
            }
            let holds = player.and_then(|p| self.held.get(p)).is_some_and(|h| h.contains(c));
            if holds {
                continue;
            }
            if self.live.contains(c) {
                diags.report(Diagnostic::error(
                    codes::PHH_DUPLICATE_CARD,
                    format!("{} is shown but it is already in play elsewhere", spell(c)),
                    at(i),
                ));
                continue;
            }
            self.live.insert(c);
            if let Some(h) = player.and_then(|p| self.held.get_mut(p)) {
                h.insert(c);
            }
        }
    }

    fn in_deck(&self, c: Card, at: &dyn Fn() -> Span, variant: &str, diags: &mut dyn DiagnosticSink) -> bool {
        if self.deck.contains(c) {
            return true;
        }
        diags.report(
            Diagnostic::error(
                codes::PHH_CARD_NOT_IN_DECK,
                format!("{} is not in the deck of `{variant}`", spell(c)),
                at(),
            )
            .with_help("short-deck hold 'em plays without deuces, treys, fours and fives"),
        );
        false
    }
}

fn check_actions(
    hand: &Hand,
    spans: &FieldSpans<'_, '_>,
    action_spans: &[Span],
    n: usize,
    diags: &mut dyn DiagnosticSink,
) {
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
    for (index, action) in hand.actions.iter().enumerate() {
        let text = action_spans.get(index).copied().unwrap_or(spans.anchor);
        let toks = &|| spans.tokens(index, text);
        let mut player = None;
        if let Some(p) = action.kind.player() {
            match p.index() {
                Some(i) if i < n => player = Some(i),
                _ if n == 0 => {}
                _ => {
                    diags.report(Diagnostic::error(
                        codes::PHH_ACTION_PLAYER,
                        format!("there is no player {p}: the hand has {n} players (p1 to p{n})"),
                        toks().player.unwrap_or(text),
                    ));
                    continue;
                }
            }
        }
        match &action.kind {
            ActionKind::DealBoard { cards: run } => cards.deal(run, None, toks, variant, diags),
            ActionKind::DealHole { cards: run, .. } => cards.deal(run, player, toks, variant, diags),
            ActionKind::StandPatDiscard { discards, .. } => {
                cards.discard(discards, player, &|i| toks().card(i).unwrap_or(text), variant, diags);
            }
            ActionKind::Fold { .. } => cards.fold(player),
            ActionKind::ShowMuck { shown: Shown::Cards(run), .. } => {
                cards.show(run, player, &|i| toks().card(i).unwrap_or(text), variant, diags);
            }
            _ => {}
        }
    }
}
