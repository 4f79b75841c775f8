//! The checks of a hand's tags against each other and the deck: the deal, holdings and passed
//! cards, the trump, the melds, the scores and the result, the variant and the EXPORT roster.

#[allow(clippy::wildcard_imports)]
use super::*;
use crate::model::MeldEntry;

/// Deal and Holding (four hands of the 80-card deck) and the Passed cards between them. Gives the
/// hands play starts from (Holding, else Deal).
pub(super) fn check_deal_tags(
    eff: &[Eff<'_>],
    t: &Typed,
    d: &mut dyn DiagnosticSink,
) -> Option<Seats<CardCounts>> {
    let tag_of = |name: &str| eff.iter().find(|e| e.name == name);
    let dealer = t.dealer.and_then(|(s, _)| seat_index(s));
    let deal = t.deal.as_ref().and_then(|(first, hands, span)| {
        check_hands("Deal", *first, hands, *span, tag_of("Deal"), dealer, d)
    });
    let holding = t.holding.as_ref().and_then(|(first, hands, span)| {
        check_hands("Holding", *first, hands, *span, tag_of("Holding"), dealer, d)
    });
    // Passed.
    if let (Some((first, passed, span)), Some(deal), Some(holding)) = (&t.passed, &deal, &holding) {
        check_passed(
            *first,
            passed,
            *span,
            deal,
            holding,
            dealer,
            t.declarer.and_then(|x| seat_index(x.0)),
            tag_of("Holding"),
            d,
        );
    }
    let hands: Option<Seats<CardCounts>> = holding.clone().or_else(|| deal.clone());

    hands
}

/// Trump against the declarer's hand: a marriage in the trump suit, none when `-`.
pub(super) fn check_trump(
    t: &Typed,
    declarer: Option<usize>,
    hands: Option<&Seats<CardCounts>>,
    d: &mut dyn DiagnosticSink,
) {
    if let (Some((suit, span)), Some(dc), Some(h)) = (t.trump, declarer, hands)
        && let Some(cards) = &h[dc]
    {
        match suit {
            Some(s) if !meld::has_marriage(cards, s) => d.report(Diagnostic::error(
                code::TRUMP_WITHOUT_MARRIAGE,
                format!(
                    "trump {} but declarer {} holds no marriage (K+Q) in it",
                    s.upper_char(),
                    seat_at(dc)
                ),
                span,
            )),
            None => {
                if let Some(s) = Suit::ALL.into_iter().find(|&s| meld::has_marriage(cards, s)) {
                    d.report(Diagnostic::error(
                        code::TRUMP_DASH_WITH_MARRIAGE,
                        format!(
                            "trump `-` but declarer {} holds a marriage in {}",
                            seat_at(dc),
                            s.upper_char()
                        ),
                        span,
                    ));
                }
            }
            _ => {}
        }
    }
}

/// Melds (each seat's cards held, worth their chart value, the best it holds) and MeldScores.
/// Gives the team meld scores the later checks use (from Melds when shown, else as stated).
pub(super) fn check_melds(
    eff: &[Eff<'_>],
    t: &Typed,
    hands: Option<&Seats<CardCounts>>,
    d: &mut dyn DiagnosticSink,
) -> Option<Vec<i64>> {
    let meld_values = t.melds.as_ref().and_then(|(first, entries, span)| {
        let field_at = |k: usize| field_spans(eff, "Melds", *span).get(k).copied().unwrap_or(*span);
        seat_meld_values(t, *first, entries, hands, &field_at, d)
    });
    let computed_ms = meld_values.map(|v| {
        let team_sum = |a: usize, b: usize| {
            let s = v[a] + v[b];
            if s < 20 { 0 } else { s }
        };
        vec![team_sum(0, 2), team_sum(1, 3)]
    });
    if let (Some((stated, span)), Some(computed)) = (&t.meld_scores, &computed_ms)
        && stated != computed
    {
        d.report(
            Diagnostic::error(
                code::MELDSCORES,
                format!("MeldScores {} but the melds give {}", scores_text(stated), scores_text(computed)),
                *span,
            )
            .with_help("a team's meld counts only when it reaches 20"),
        );
    }
    // Downstream checks use the melds when shown (so a wrong MeldScores is reported once).
    computed_ms.or_else(|| t.meld_scores.as_ref().map(|x| x.0.clone()))
}

/// Each seat's Melds entry (cards held, worth their chart value, the best it holds); the seats'
/// meld values, when every one is known.
fn seat_meld_values(
    t: &Typed,
    first: PinochleSeat,
    entries: &[MeldEntry],
    hands: Option<&Seats<CardCounts>>,
    field_at: &dyn Fn(usize) -> Span,
    d: &mut dyn DiagnosticSink,
) -> Option<[i64; 4]> {
    let chart = t.chart.unwrap_or(&STANDARD);
    let trump = t.trump.map(|x| x.0);
    let first = seat_index(first).unwrap_or(0);
    let mut values = [0i64; 4];
    let mut known = true;
    for (k, entry) in entries.iter().enumerate() {
        let seat = (first + k) % 4;
        let at = || field_at(k);
        let held = hands.and_then(|h| h[seat].as_ref());
        if let (Some(cards), Some(held)) = (&entry.cards, held)
            && !cards.is_sub_multiset(held)
        {
            d.report(Diagnostic::error(
                code::MELD_CARDS_NOT_HELD,
                format!("{} shows meld cards it does not hold", seat_at(seat)),
                at(),
            ));
        }
        match (&entry.cards, entry.value, trump) {
            (Some(cards), Some(value), Some(trump)) => {
                check_meld_value(seat, cards, value, held, (trump, chart), &at, d);
                values[seat] = value;
            }
            (_, Some(value), _) => values[seat] = value,
            _ => known = false,
        }
    }
    known.then_some(values)
}

/// One seat's shown meld (`value` stated for `cards`) against the chart, and against the best
/// meld its `held` cards give, under `(trump, chart)`.
fn check_meld_value(
    seat: usize,
    cards: &CardCounts,
    value: i64,
    held: Option<&CardCounts>,
    (trump, chart): (Option<Suit>, &meld::Chart),
    at: &dyn Fn() -> Span,
    d: &mut dyn DiagnosticSink,
) {
    let chart_value = i64::from(meld::meld_value(cards, trump, chart));
    if chart_value != value {
        d.report(Diagnostic::error(
            code::MELD_VALUE,
            format!("{} shows meld worth {chart_value} by the chart, not {value}", seat_at(seat)),
            at(),
        ));
    }
    if let Some(held) = held {
        let best = i64::from(meld::meld_value(held, trump, chart));
        if best > value {
            d.report(Diagnostic::warning(
                code::MELD_NOT_MAXIMAL,
                format!("{} holds meld worth {best} but shows {value}", seat_at(seat)),
                at(),
            ));
        }
    }
}

/// PlayScores against the counters of the play. Gives the computed scores.
pub(super) fn check_play_scores(
    t: &Typed,
    counters: Option<[i64; 2]>,
    d: &mut dyn DiagnosticSink,
) -> Option<Vec<i64>> {
    let computed_ps = counters.map(|c| c.iter().map(|&x| if x < 20 { 0 } else { x }).collect::<Vec<_>>());
    if let (Some((stated, span)), Some(computed)) = (&t.play_scores, &computed_ps)
        && stated != computed
    {
        d.report(
            Diagnostic::error(
                code::PLAYSCORES,
                format!("PlayScores {} but the tricks give {}", scores_text(stated), scores_text(computed)),
                *span,
            )
            .with_help("a team's counters count only when it takes 20 or more"),
        );
    }
    computed_ps
}

/// Result against the hand (No Trump, No Board, Saved, Set). Gives the result the hand gives.
pub(super) fn check_result(
    t: &Typed,
    all_pass: bool,
    declarer: Option<usize>,
    contract: Option<i64>,
    c: Option<&[i64; 2]>,
    ms: Option<&Vec<i64>>,
    d: &mut dyn DiagnosticSink,
) -> Option<Outcome> {
    let trump = t.trump.map(|x| x.0);
    let stated_result = t.result.map(|x| x.0);
    let expected_result = if trump == Some(None) {
        Some(Outcome::NoTrump)
    } else if all_pass {
        Some(Outcome::NoBoard)
    } else if stated_result == Some(Outcome::NoBoard) {
        None
    } else {
        match (declarer, contract, c, ms) {
            (Some(dc), Some(contract), Some(c), Some(ms)) => {
                let team_d = team(dc);
                let cd = c[team_d];
                let msd = ms.get(team_d).copied().unwrap_or(0);
                Some(if cd >= 20 && msd + cd >= contract { Outcome::Saved } else { Outcome::Set })
            }
            _ => None,
        }
    };
    if let Some((Outcome::NoBoard, span)) = t.result {
        d.report(
            Diagnostic::warning(
                code::NO_BOARD,
                "`No Board` is an open point of the draft; scores are not checked",
                span,
            )
            .with_help("read here as: all four passed, or the declaring side cannot reach the board"),
        );
    }
    if let (Some((stated, span)), Some(expected)) = (t.result, expected_result)
        && stated != expected
    {
        d.report(Diagnostic::error(
            code::RESULT,
            format!("Result {} but the hand gives {}", stated.as_str(), expected.as_str()),
            span,
        ));
    }

    expected_result
}

/// HandScores against the outcome. Gives both teams' scores when the hand decides them.
pub(super) fn check_hand_scores(
    t: &Typed,
    outcome: Option<Outcome>,
    declarer: Option<usize>,
    contract: Option<i64>,
    c: Option<&[i64; 2]>,
    ms: Option<&Vec<i64>>,
    d: &mut dyn DiagnosticSink,
) -> Option<Vec<i64>> {
    let expected_hs: Option<[Option<i64>; 2]> = match (outcome, declarer, contract) {
        (Some(Outcome::NoTrump), Some(dc), Some(contract)) => {
            let mut s = [None, None];
            s[team(dc)] = Some(-contract);
            Some(s)
        }
        (Some(o @ (Outcome::Saved | Outcome::Set)), Some(dc), Some(contract)) => match (c, ms) {
            (Some(c), Some(ms)) => {
                let td = team(dc);
                let to = 1 - td;
                let mut s = [None, None];
                s[td] = Some(if o == Outcome::Saved {
                    ms.get(td).copied().unwrap_or(0) + c[td]
                } else {
                    -contract
                });
                s[to] = Some(if c[to] >= 20 { ms.get(to).copied().unwrap_or(0) + c[to] } else { 0 });
                Some(s)
            }
            _ => None,
        },
        _ => None,
    };
    if let (Some((stated, span)), Some(expected)) = (&t.hand_scores, expected_hs) {
        let wrong = stated.iter().zip(expected.iter()).any(|(s, e)| e.is_some_and(|e| e != *s));
        if wrong {
            let exp: Vec<String> = expected.iter().map(|e| e.map_or("?".into(), |v| v.to_string())).collect();
            d.report(Diagnostic::error(
                code::HANDSCORES,
                format!("HandScores {} but the hand gives {}", scores_text(stated), exp.join(":")),
                *span,
            ));
        }
    }
    match expected_hs {
        Some([Some(a), Some(b)]) => Some(vec![a, b]),
        _ => None,
    }
}

/// The tag called `name` among the hand's effective tags (`index` holds the slots of the draft's tags).
pub(super) fn find<'e, 'h>(eff: &'e [Eff<'h>], index: &[u8; KNOWN_TAGS], name: &str) -> Option<&'e Eff<'h>> {
    match tag_id(name) {
        Some(i) => index.get(i).and_then(|&x| eff.get(usize::from(x))),
        None => eff.iter().find(|e| e.name == name),
    }
}

/// The variant the Competition tag names: whether it is double-deck four-handed (checked in full),
/// and the seats at its table.
pub(super) fn check_variant(competition: Option<&Eff<'_>>, d: &mut dyn DiagnosticSink) -> (bool, usize) {
    let dd4 = match competition {
        None => true,
        Some(e) => {
            let v = e.value.to_ascii_lowercase().replace(' ', "-");
            let ok = v == "double-deck-four-handed" || v == "?";
            if !ok {
                d.report(Diagnostic::warning(
                    code::VARIANT_NOT_CHECKED,
                    format!("variant `{}`: only the notation is checked, not the game", e.value),
                    e.span,
                ));
            }
            ok
        }
    };
    (dd4, if dd4 { 4 } else { 8 })
}

/// EXPORT records: every roster tag present, and in roster order.
pub(super) fn check_roster<'e, 'h: 'e>(
    eff: &'e [Eff<'h>],
    get: impl Fn(&str) -> Option<&'e Eff<'h>>,
    hand_start: Span,
    d: &mut dyn DiagnosticSink,
) {
    for name in EXPORT_ROSTER {
        if get(name).is_none() {
            d.report(
                Diagnostic::error(
                    code::MISSING_TAG,
                    format!("EXPORT record without the mandatory `{name}` tag"),
                    hand_start,
                )
                .with_help(
                    "EXPORT records carry every roster tag; use `*` after a termination, `?` when unknown",
                ),
            );
        }
    }
    let mut last_rank = 0;
    for e in eff.iter().filter(|e| e.tag.is_some()) {
        if let Some(rank) = EXPORT_ROSTER.iter().position(|n| *n == e.name) {
            if rank < last_rank {
                d.report(Diagnostic::warning(
                    code::TAG_ORDER,
                    format!("`{}` comes after a tag that the roster puts later", e.name),
                    e.tag.map_or(e.span, |t| t.name_at.0),
                ));
                break;
            }
            last_rank = rank;
        }
    }
}

/// The 80-card deck's counts, built once.
fn deck80() -> &'static CardCounts {
    static DECK: std::sync::OnceLock<CardCounts> = std::sync::OnceLock::new();
    DECK.get_or_init(|| Deck::Pinochle80.counts())
}

/// The distinct cards of the 80-card deck, built once.
fn deck80_cards() -> CardSet {
    static CARDS: std::sync::OnceLock<CardSet> = std::sync::OnceLock::new();
    *CARDS.get_or_init(|| deck80().distinct())
}

/// Whether `hands` together are exactly the 80-card deck.
fn is_deck80(hands: &[Option<CardCounts>]) -> bool {
    let deck = deck80();
    let copies = |card: Card| hands.iter().flatten().map(|h| usize::from(h.count(card))).sum::<usize>();
    hands.iter().flatten().map(CardCounts::len).sum::<usize>() == deck.len()
        && deck80_cards().iter().all(|card| copies(card) == usize::from(deck.count(card)))
}

/// Spans of the space-separated fields after `SEAT:` in a tag value.
fn field_spans(eff: &[Eff<'_>], name: &str, span: Span) -> Vec<Span> {
    let Some(e) = eff.iter().find(|e| e.name == name) else { return Vec::new() };
    let value: &str = &e.value;
    let Some(colon) = value.find(':') else { return Vec::new() };
    let mut out = Vec::with_capacity(4);
    let mut pos = colon + 1;
    for field in value.get(colon + 1..).unwrap_or("").split(' ') {
        if !field.is_empty() {
            out.push(Span::new(span.start + pos, span.start + pos + field.len()));
        }
        pos += field.len() + 1;
    }
    out
}

fn check_hands(
    kind: &str,
    first: PinochleSeat,
    hands: &[Option<CardCounts>],
    span: Span,
    eff: Option<&Eff<'_>>,
    dealer: Option<usize>,
    d: &mut dyn DiagnosticSink,
) -> Option<Seats<CardCounts>> {
    let first_i = seat_index(first)?;
    let seat_span = Span::new(span.start, span.start + first.letters().len());
    if hands.len() != 4 {
        d.report(Diagnostic::error(
            code::DEAL_HAND_COUNT,
            format!("{kind} has {} hands; DD4 has 4", hands.len()),
            span,
        ));
        return None;
    }
    if let Some(dl) = dealer
        && first_i != (dl + 1) % 4
    {
        d.report(
            Diagnostic::error(
                code::DEAL_FIRST_SEAT,
                format!(
                    "{kind} starts with {first}; it must start at the dealer's left, {}",
                    seat_at(dl + 1)
                ),
                seat_span,
            )
            .with_help("the first hand is the player to the dealer's left, then clockwise"),
        );
    }
    let field_at = |k: usize| {
        eff.and_then(|e| field_spans(std::slice::from_ref(e), e.name, span).get(k).copied()).unwrap_or(span)
    };
    let mut out: Seats<CardCounts> = [None, None, None, None];
    let mut complete = true;
    for (k, hand) in hands.iter().enumerate() {
        let seat = (first_i + k) % 4;
        match hand {
            Some(h) => {
                if h.len() != 20 {
                    d.report(Diagnostic::error(
                        code::HAND_SIZE,
                        format!("{} has {} cards in the {kind}; DD4 deals 20", seat_at(seat), h.len()),
                        field_at(k),
                    ));
                }
                out[seat] = Some(h.clone());
            }
            None => complete = false,
        }
    }
    if !(complete && is_deck80(hands)) {
        check_deck(kind, hands, complete, span, d);
    }
    Some(out)
}

/// The hands against the 80-card deck: no card more often than the deck has it, and (when every
/// hand is known) none missing.
fn check_deck(
    kind: &str,
    hands: &[Option<CardCounts>],
    complete: bool,
    span: Span,
    d: &mut dyn DiagnosticSink,
) {
    let deck = deck80();
    let mut all = CardCounts::new();
    for card in hands.iter().flatten().flat_map(CardCounts::cards) {
        let _ = all.insert(card);
    }
    let over: Vec<String> = all
        .iter()
        .filter(|(c, n)| *n > deck.count(*c))
        .map(|(c, n)| format!("{}{}×{n}", c.suit().upper_char(), c.rank().char()))
        .collect();
    if !over.is_empty() || (complete && all != *deck) {
        let missing: Vec<String> = deck
            .iter()
            .filter(|(c, n)| all.count(*c) < *n)
            .map(|(c, n)| format!("{}{}×{}", c.suit().upper_char(), c.rank().char(), n - all.count(c)))
            .collect();
        let mut msg = format!("the {kind} is not the 80-card deck (A T K Q J ×4 per suit)");
        if !over.is_empty() {
            msg.push_str(&format!("; too many: {}", over.join(" ")));
        }
        if complete && !missing.is_empty() {
            msg.push_str(&format!("; missing: {}", missing.join(" ")));
        }
        d.report(Diagnostic::error(code::DECK_COMPOSITION, msg, span));
    }
}

#[allow(clippy::too_many_arguments)]
fn check_passed(
    first: PinochleSeat,
    passed: &[Option<CardCounts>],
    span: Span,
    deal: &Seats<CardCounts>,
    holding: &Seats<CardCounts>,
    dealer: Option<usize>,
    declarer: Option<usize>,
    holding_eff: Option<&Eff<'_>>,
    d: &mut dyn DiagnosticSink,
) {
    let Some(first_i) = seat_index(first) else { return };
    let expected_first = if passed.len() >= 4 { dealer.map(|x| (x + 1) % 4) } else { declarer };
    if let Some(ef) = expected_first
        && ef != first_i
    {
        d.report(Diagnostic::error(
            code::PASSED_FIRST_SEAT,
            format!("Passed starts with {first}; it must start with {}", seat_at(ef)),
            Span::new(span.start, span.start + first.letters().len()),
        ));
    }
    let mut given: Seats<CardCounts> = [None, None, None, None];
    for (k, p) in passed.iter().enumerate().take(4) {
        given[(first_i + k) % 4] = p.clone();
    }
    let holding_fields =
        holding_eff.map(|e| field_spans(std::slice::from_ref(e), e.name, e.span)).unwrap_or_default();
    let holding_first = holding_eff
        .and_then(|e| e.value.split(':').next().and_then(PinochleSeat::parse))
        .and_then(seat_index)
        .unwrap_or(0);
    for seat in 0..4 {
        let (Some(dealt), Some(held)) = (&deal[seat], &holding[seat]) else { continue };
        let mut expected = dealt.clone();
        let mut ok = true;
        if let Some(out) = &given[seat] {
            for c in out.cards() {
                ok &= expected.remove(c);
            }
        }
        if let Some(inc) = &given[(seat + 2) % 4] {
            for c in inc.cards() {
                let _ = expected.insert(c);
            }
        }
        if !ok || expected != *held {
            let k = (seat + 4 - holding_first) % 4;
            d.report(
                Diagnostic::error(
                    code::HOLDING_MISMATCH,
                    format!(
                        "{}'s Holding is not its Deal minus the cards it passed plus its partner's",
                        seat_at(seat)
                    ),
                    holding_fields.get(k).copied().unwrap_or(span),
                )
                .with_help("Holding(p) = Deal(p) − Passed(p) + Passed(partner(p))"),
            );
        }
    }
}
