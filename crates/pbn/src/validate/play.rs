//! The play: its replay against the deal and the auction's contract, trick by trick.

#[allow(clippy::wildcard_imports)]
use super::*;
use crate::model::PlayEntry;
use bridge_core::trick_winner;

/// Whether a diagnostic says a card did not come from where the play put it.
pub(super) fn misplaced_card(d: &Diagnostic) -> bool {
    d.code() == codes::PLAY_CARD_NOT_IN_HAND || d.code() == codes::PLAY_REVOKE
}

/// Checks the play. The championship archive (`% PBN (c) <year> rpbridge.net`) writes each line
/// as one trick's four cards in clockwise order, but starting at any seat, not always at the
/// Play seat's column: a line whose column reading fails (a card its seat does not hold, or a
/// revoke) and that fits exactly one other starting seat (every card held, suit followed, the
/// winner of each trick leading the next) is read from that seat, with a warning on the line.
/// The decision is made line by line: most lines of such a file are plain PBN columns. A line
/// that fits no rotation stays as written and is reported by the replay.
pub(super) fn check_play_or_rotated_lines(
    tags: &Tags<'_, '_>,
    info: &mut GameInfo,
    diags: &mut Vec<Diagnostic>,
) {
    let mut tmp = Vec::new();
    check_play(tags, info, &mut tmp);
    let rotated = match (&info.play, info.deal, play_trump(info.contract)) {
        (Some(play), Some(deal), Some(trump)) if tmp.iter().any(misplaced_card) => {
            rotate_lines(play, &deal, trump)
        }
        _ => None,
    };
    let Some((play, lines)) = rotated else {
        diags.append(&mut tmp);
        return;
    };
    info.play = Some(play);
    for line in lines {
        diags.push(
            warn(
                codes::PLAY_TRICK_ORDER,
                format!(
                    "this line of the play starts at `{}`, not at the Play seat's column: read clockwise from `{}`, since only then does every card come from its player's hand",
                    line.start, line.start
                ),
                line.span,
            )
            .with_help("PBN writes each trick in the columns of the Play seat"),
        );
    }
    check_play(tags, info, diags);
}

/// The trump suit of a contract (`Some(None)` at notrump), `None` without a contract to play.
fn play_trump(contract: Option<Contract>) -> Option<Option<Suit>> {
    contract.and_then(Contract::denomination).map(|d| d.trump())
}

/// A line of the play read from another seat than the Play seat's column.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct RotatedLine {
    /// The line's number, from 0.
    pub(crate) index: usize,
    /// The seat of its first card.
    pub(crate) start: Compass,
    /// From its first entry to its last.
    pub(crate) span: Span,
}

/// The play with each line whose column reading does not fit the deal, but whose reading from
/// exactly one other starting seat does, rewritten in the columns of the Play seat; `None` when
/// no line is rotated or the deal does not give every card of every hand (then nothing decides).
/// A line fits when each card is still in the hand of the seat it falls to, and each card after
/// the lead follows suit when its player can (or is marked `^R`); the trick's winner, under
/// `trump`, leads the next line. Lines with a lead out of turn (`^L`), `+`, or fewer than one
/// card are read in columns.
pub(crate) fn rotate_lines(
    play: &Play,
    deal: &Deal,
    trump: Option<Suit>,
) -> Option<(Play, Vec<RotatedLine>)> {
    if !deal.is_complete() || Compass::ALL.iter().any(|&s| deal.has_spots(s) || deal.hand_size(s) != 13) {
        return None;
    }
    let mut hands: [CardSet; 4] = deal.hands.map(Option::unwrap_or_default);
    let mut leader = Some(play.first);
    let mut out = Vec::with_capacity(play.entries.len());
    let mut lines = Vec::new();
    for (index, row) in play.entries.chunks(4).enumerate() {
        let plain = index < 13
            && row.iter().all(|e| match e.item {
                PlayItem::Card { lead_out_of_turn, .. } => !lead_out_of_turn,
                PlayItem::Unknown => true,
                PlayItem::Continue => false,
            })
            && row.iter().any(|e| matches!(e.item, PlayItem::Card { .. }));
        let rotation = if !plain || line_fits(play.first, row, 0, &hands, leader) {
            0
        } else {
            let mut fitting = (1..4).filter(|&k| line_fits(play.first, row, k, &hands, leader));
            match (fitting.next(), fitting.next()) {
                (Some(k), None) => k,
                _ => 0,
            }
        };
        if rotation != 0 {
            let span =
                Span::new(row.first().map_or(0, |e| e.span.start), row.last().map_or(0, |e| e.span.end));
            lines.push(RotatedLine { index, start: play.first.advance(rotation), span });
        }
        // The line in columns: the entry at column `c` goes to column `c + rotation`.
        let mut columns: [Option<PlayEntry>; 4] = Default::default();
        for (c, e) in row.iter().enumerate() {
            if let Some(slot) = columns.get_mut((c + rotation) % 4) {
                *slot = Some(e.clone());
            }
        }
        let filled = columns.iter().rposition(Option::is_some).map_or(0, |i| i + 1);
        let at = row.first().map_or(Span::default(), |e| Span::at(e.span.start));
        for slot in columns.into_iter().take(filled.max(row.len())) {
            out.push(slot.unwrap_or(PlayEntry {
                item: PlayItem::Unknown,
                annotation: crate::model::Annotation::default(),
                span: at,
            }));
        }
        // The replay goes on from the reading chosen.
        let mut trick = Vec::with_capacity(4);
        for (c, e) in row.iter().enumerate() {
            if let PlayItem::Card { card, .. } = e.item {
                let seat = play.first.advance(c + rotation);
                if let Some(hand) = hands.get_mut(seat.index()) {
                    hand.remove(card);
                }
                trick.push((seat, card));
            }
        }
        leader = match leader {
            Some(l) if trick.len() == 4 => {
                trick.sort_by_key(|&(seat, _)| (seat.index() + 4 - l.index()) % 4);
                trick_winner(&trick, trump)
            }
            _ => None,
        };
    }
    if lines.is_empty() {
        return None;
    }
    Some((Play { first: play.first, entries: out, star: play.star }, lines))
}

/// Whether `row`, read with its entry at column `c` played by the seat `rotation + c` places
/// after `first`, fits the hands still held: every card in its player's hand, and, when the
/// trick's leader is known and has a card in the row, every other card of the suit led when its
/// player still holds that suit (unless marked `^R`).
fn line_fits(
    first: Compass,
    row: &[PlayEntry],
    rotation: usize,
    hands: &[CardSet; 4],
    leader: Option<Compass>,
) -> bool {
    let seat_of = |c: usize| first.advance(c + rotation);
    let led = leader.and_then(|l| {
        row.iter().enumerate().find_map(|(c, e)| match e.item {
            PlayItem::Card { card, .. } if seat_of(c) == l => Some(card.suit()),
            _ => None,
        })
    });
    row.iter().enumerate().all(|(c, e)| {
        let PlayItem::Card { card, revoke, .. } = e.item else { return true };
        let Some(hand) = hands.get(seat_of(c).index()) else { return false };
        hand.contains(card) && (revoke || led.is_none_or(|s| card.suit() == s || hand.suit(s).is_empty()))
    })
}

/// Replays the play against the deal, the contract and the result.
pub(super) fn check_play(tags: &Tags<'_, '_>, info: &mut GameInfo, diags: &mut Vec<Diagnostic>) {
    let Some(play) = &info.play else { return };
    let play_span = tags.get(Known::Play).and_then(|t| t.span).unwrap_or_default();
    let trump = play_trump(info.contract);
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
    // A hand with spot cards (`x`), or shown in part, is not known card by card: its holdings
    // are not checked.
    let mut hands: [Option<CardSet>; 4] = info.deal.map_or([None; 4], |d| d.hands);
    if let Some(deal) = info.deal {
        for seat in Compass::ALL {
            if deal.has_spots(seat) || deal.is_shown_in_part(seat) {
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
    // As many tricks as the longest hand holds cards: 13 for a deal whose hidden hands are
    // written `-` or shown in part, fewer for an end position.
    let max_tricks =
        info.deal.map_or(13, |d| Compass::ALL.iter().map(|&s| d.hand_size(s)).max().unwrap_or(0)).max(1);
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
