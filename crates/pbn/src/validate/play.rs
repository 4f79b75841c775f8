//! The play: its replay against the deal and the auction's contract, trick by trick.

#[allow(clippy::wildcard_imports)]
use super::*;

/// The winner of a trick given in playing order (leader first): the highest trump, else the
/// highest card of the suit led. `None` for an empty trick.
#[must_use]
pub fn trick_winner(cards: &[(Compass, Card)], trump: Option<Suit>) -> Option<Compass> {
    let winner =
        cards_core::trick::winner(cards.iter().map(|&(_, card)| card), trump, cards_core::trick::by_rank)?;
    cards.get(winner).map(|&(seat, _)| seat)
}

/// Whether a diagnostic says a card did not come from where the play put it.
pub(super) fn misplaced_card(d: &Diagnostic) -> bool {
    d.code() == codes::PLAY_CARD_NOT_IN_HAND || d.code() == codes::PLAY_REVOKE
}

/// Checks the play; when cards are not in their players' hands as the columns of the Play seat
/// put them, but every card is when each line is read as a trick in the order it was played
/// (leader first, as the championship archive writes them), the play is read so, with a warning.
pub(super) fn check_play_or_trick_order(
    tags: &Tags<'_, '_>,
    info: &mut GameInfo,
    diags: &mut Vec<Diagnostic>,
) {
    let mut tmp = Vec::new();
    check_play(tags, info, &mut tmp);
    let trump = match info.contract {
        Some(Contract::Bid { denomination, .. } | Contract::Trump(denomination)) => {
            Some(denomination.trump())
        }
        _ => None,
    };
    let complete_deal =
        info.deal.is_some_and(|d| d.is_complete() && Compass::ALL.iter().all(|&s| !d.has_spots(s)));
    let reordered = match (&info.play, trump) {
        (Some(play), Some(trump)) if complete_deal && tmp.iter().any(misplaced_card) => {
            in_columns(play, trump)
        }
        _ => None,
    };
    if let Some(reordered) = reordered {
        let original = info.play.replace(reordered);
        let before = info.tricks_by_play;
        let mut retry = Vec::new();
        check_play(tags, info, &mut retry);
        if !retry.iter().any(misplaced_card) {
            let span = tags.get(Known::Play).map_or(Span::default(), |t| t.value_span);
            diags.push(
                warn(
                    codes::PLAY_TRICK_ORDER,
                    "each line of the play lists a trick in the order it was played, leader first: read so, since only then does every card come from its player's hand",
                    span,
                )
                .with_help("PBN writes each trick in the columns of the Play seat"),
            );
            diags.append(&mut retry);
            return;
        }
        info.play = original;
        info.tricks_by_play = before;
    }
    diags.append(&mut tmp);
}

/// The play with each row read as a trick in playing order (the first row led by the Play seat,
/// each later one by the winner of the trick before), written back in the columns of the Play
/// seat. `None` when a trick is not four known cards before the last row.
pub(super) fn in_columns(play: &Play, trump: Option<Suit>) -> Option<Play> {
    let mut out = play.clone();
    let mut leader = play.first;
    let rows = play.entries.chunks(4);
    let last = rows.len().saturating_sub(1);
    for (r, row) in rows.enumerate() {
        let mut cards = Vec::with_capacity(4);
        if row.len() < 4 {
            // A short last row: its cards go to their players' columns, the others stay unknown.
            let at = row.last().map_or(Span::default(), |e| Span::at(e.span.end));
            let unknown = crate::model::PlayEntry {
                item: PlayItem::Unknown,
                annotation: crate::model::Annotation::default(),
                span: at,
            };
            out.entries.truncate(r * 4);
            out.entries.resize(r * 4 + 4, unknown);
        }
        for (k, e) in row.iter().enumerate() {
            let seat = leader.advance(k);
            let column = (seat.index() + 4 - play.first.index()) % 4;
            *out.entries.get_mut(r * 4 + column)? = e.clone();
            if let PlayItem::Card { card, .. } = e.item {
                cards.push((seat, card));
            }
        }
        if row.len() < 4 {
            while out.entries.last().is_some_and(|e| e.item == PlayItem::Unknown && e.span.is_empty()) {
                out.entries.pop();
            }
            return Some(out);
        }
        if cards.len() == 4 {
            leader = trick_winner(&cards, trump)?;
        } else if r != last {
            return None;
        }
    }
    Some(out)
}

/// Replays the play against the deal, the contract and the result.
pub(super) fn check_play(tags: &Tags<'_, '_>, info: &mut GameInfo, diags: &mut Vec<Diagnostic>) {
    let Some(play) = &info.play else { return };
    let play_span = tags.get(Known::Play).and_then(|t| t.span).unwrap_or_default();
    let trump = match info.contract {
        Some(Contract::Bid { denomination, .. } | Contract::Trump(denomination)) => {
            Some(denomination.trump())
        }
        Some(Contract::Pass) => None,
        None => None,
    };
    let end_position = info.deal.is_some_and(|d| d.is_end_position());
    let declarer = info.declarer;
    let Some(trump) = trump else {
        if !play.entries.is_empty() {
            diags.push(warn(
                codes::PLAY_WITHOUT_CONTRACT,
                "a Play section without the Contract it needs",
                play_span,
            ));
        }
        return;
    };
    if declarer.is_none() && !end_position && !play.entries.is_empty() {
        diags.push(warn(
            codes::PLAY_WITHOUT_CONTRACT,
            "a Play section without the Declarer it needs",
            play_span,
        ));
    }
    if let Some(declarer) = declarer
        && !end_position
        && !declarer.irregular
        && play.first != declarer.seat.next()
    {
        diags.push(err(
            codes::PLAY_WRONG_LEADER,
            format!("the opening leader is {}, not {}", declarer.seat.next(), play.first),
            tags.get(Known::Play).map_or(play_span, |t| t.value_span),
        ));
    }
    // A hand with spot cards (`x`) is not known card by card: its holdings are not checked.
    let mut hands: [Option<CardSet>; 4] = info.deal.map_or([None; 4], |d| d.hands);
    if let Some(deal) = info.deal {
        for seat in Compass::ALL {
            if deal.has_spots(seat) {
                hands[seat.index()] = None;
            }
        }
    }
    let mut played = CardSet::EMPTY;
    let mut leader = Some(play.first);
    let mut decl_tricks = 0u8;
    let mut def_tricks = 0u8;
    let mut complete_tricks = 0usize;
    let mut continued = false;
    let rows = play.entries.chunks(4);
    if rows.len() > 13 {
        diags.push(err(
            codes::PLAY_TOO_MANY_TRICKS,
            format!("{} tricks in the play", rows.len()),
            play.entries.get(52).map_or(play_span, |e| e.span),
        ));
    }
    let total_cards = info.deal.map_or(52, |d| d.card_count().max(4));
    let max_tricks = total_cards / 4;
    for row in rows.take(13) {
        // Entries by seat.
        let mut by_seat: [Option<&crate::model::PlayEntry>; 4] = [None; 4];
        for (c, e) in row.iter().enumerate() {
            by_seat[play.first.advance(c).index()] = Some(e);
        }
        let lead_seat = row
            .iter()
            .enumerate()
            .find(|(_, e)| matches!(e.item, PlayItem::Card { lead_out_of_turn: true, .. }))
            .map(|(c, _)| play.first.advance(c))
            .or(leader);
        let mut cards_buf =
            [(Compass::North, Card::from_index(0).unwrap_or(Card::new(cards_core::Rank::Two, Suit::Clubs)));
                4];
        let mut n_cards = 0usize;
        let mut all_known = row.len() == 4;
        let mut led: Option<Suit> = None;
        if let Some(ls) = lead_seat {
            for k in 0..4 {
                let seat = ls.advance(k);
                let Some(e) = by_seat[seat.index()] else {
                    all_known = false;
                    continue;
                };
                match e.item {
                    PlayItem::Continue => {
                        if continued {
                            diags.push(err(codes::PLAY_AFTER_CONTINUE, "a second `+` in the play", e.span));
                        }
                        continued = true;
                        all_known = false;
                    }
                    PlayItem::Unknown => all_known = false,
                    PlayItem::Card { card, revoke, .. } => {
                        if continued {
                            diags.push(err(
                                codes::PLAY_AFTER_CONTINUE,
                                "a card after `+` in the play",
                                e.span,
                            ));
                        }
                        let twice = !played.insert(card);
                        if twice {
                            diags.push(err(
                                codes::PLAY_CARD_TWICE,
                                format!("{} is played twice", crate::text::write_card(card)),
                                e.span,
                            ));
                        }
                        if let Some(hand) = hands[seat.index()].as_mut() {
                            let led_suit = led;
                            if !twice && !hand.contains(card) {
                                diags.push(err(
                                    codes::PLAY_CARD_NOT_IN_HAND,
                                    format!("{seat} does not hold {}", crate::text::write_card(card)),
                                    e.span,
                                ));
                            } else if !twice
                                && let Some(ls) = led_suit
                                && card.suit() != ls
                                && !hand.suit(ls).is_empty()
                                && !revoke
                            {
                                diags.push(err(
                                    codes::PLAY_REVOKE,
                                    format!(
                                        "{seat} plays {} while holding {}",
                                        crate::text::write_card(card),
                                        suit_name(ls)
                                    ),
                                    e.span,
                                ));
                            }
                            hand.remove(card);
                        }
                        if k == 0 {
                            led = Some(card.suit());
                        }
                        if let Some(slot) = cards_buf.get_mut(n_cards) {
                            *slot = (seat, card);
                            n_cards += 1;
                        }
                    }
                }
            }
        } else {
            // Trick leader unknown: only check holdings.
            all_known = false;
            for (c, e) in row.iter().enumerate() {
                let seat = play.first.advance(c);
                if let PlayItem::Card { card, .. } = e.item {
                    let twice = !played.insert(card);
                    if twice {
                        diags.push(err(codes::PLAY_CARD_TWICE, "a card is played twice", e.span));
                    }
                    if let Some(hand) = hands[seat.index()].as_mut() {
                        if !twice && !hand.contains(card) {
                            diags.push(err(
                                codes::PLAY_CARD_NOT_IN_HAND,
                                format!("{seat} does not hold {}", crate::text::write_card(card)),
                                e.span,
                            ));
                        }
                        hand.remove(card);
                    }
                }
            }
        }
        if all_known && n_cards == 4 {
            let winner = trick_winner(&cards_buf, trump);
            if let Some(w) = winner {
                if declarer.is_some_and(|d| w.is_north_south() == d.seat.is_north_south()) {
                    decl_tricks += 1;
                } else {
                    def_tricks += 1;
                }
                complete_tricks += 1;
            }
            leader = winner;
        } else {
            leader = None;
        }
    }
    let result_tag = tags.get(Known::Result);
    let Some(declarer) = declarer else { return };
    let claimed = info.result.and_then(|r| r.declarer_tricks(Some(declarer.seat)).map(|n| (n, r.irregular)));
    if complete_tricks == max_tricks && max_tricks > 0 {
        info.tricks_by_play = Some(decl_tricks);
        if let (Some((n, false)), Some(t)) = (claimed, result_tag)
            && n != decl_tricks
            && !end_position
        {
            diags.push(err(
                codes::RESULT_MISMATCH,
                format!("declarer won {decl_tricks} tricks in the play, the Result tag says {n}"),
                t.value_span,
            ));
        }
    } else if let (Some((n, false)), Some(t)) = (claimed, result_tag)
        && !end_position
    {
        // With `+` the Result may be partial or final (the spec's own example gives the final
        // result), so only impossible values are reported.
        if n < decl_tricks || u32::from(n) + u32::from(def_tricks) > 13 {
            diags.push(err(
                codes::RESULT_MISMATCH,
                format!(
                    "declarer already won {decl_tricks} and the defence {def_tricks} tricks, the Result tag says {n}"
                ),
                t.value_span,
            ));
        }
    }
}

pub(super) fn suit_name(s: Suit) -> &'static str {
    match s {
        Suit::Spades => "a spade",
        Suit::Hearts => "a heart",
        Suit::Diamonds => "a diamond",
        Suit::Clubs => "a club",
    }
}
