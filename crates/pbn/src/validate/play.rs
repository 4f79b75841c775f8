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
    diags: &mut dyn DiagnosticSink,
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
        diags.report_all(tmp);
        return;
    };
    info.play = Some(play);
    for line in lines {
        diags.report(
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
pub(super) fn check_play(tags: &Tags<'_, '_>, info: &mut GameInfo, diags: &mut dyn DiagnosticSink) {
    let Some(play) = &info.play else { return };
    let play_span = tags.get(Known::Play).and_then(|t| t.span).unwrap_or_default();
    let end_position = info.deal.is_some_and(|d| d.is_end_position());
    let Some(trump) = check_play_needs(tags, info, play, play_span, diags) else { return };
    let mut replay = Replay::new(info.deal);
    let rows = play.entries.chunks(4);
    if rows.len() > 13 {
        diags.report(err(
            codes::PLAY_TOO_MANY_TRICKS,
            format!("{} tricks in the play", rows.len()),
            play.entries.get(52).map_or(play_span, |e| e.span),
        ));
    }
    let declarer = info.declarer;
    let mut tally = Tally::default();
    let mut leader = Some(play.first);
    for row in rows.take(13) {
        // A card marked as led out of turn leads its trick.
        let lead = row
            .iter()
            .position(|e| matches!(e.item, PlayItem::Card { lead_out_of_turn: true, .. }))
            .map(|c| play.first.advance(c))
            .or(leader);
        let trick = match lead {
            Some(lead) => replay.trick(play.first, row, lead, diags),
            None => {
                replay.holdings(play.first, row, diags);
                None
            }
        };
        leader = trick.and_then(|cards| trick_winner(&cards, trump));
        if let Some(winner) = leader {
            if declarer.is_some_and(|d| winner.is_north_south() == d.seat.is_north_south()) {
                tally.declarer += 1;
            } else {
                tally.defence += 1;
            }
            tally.complete += 1;
        }
    }
    // As many tricks as the longest hand holds cards: 13 for a deal whose hidden hands are
    // written `-` or shown in part, fewer for an end position.
    let max_tricks =
        info.deal.map_or(13, |d| Compass::ALL.iter().map(|&s| d.hand_size(s)).max().unwrap_or(0)).max(1);
    check_result(tags, info, tally, max_tricks, end_position, diags);
}

/// Reports what the play needs and the game lacks (a contract, a declarer) and a wrong opening
/// leader; the trump suit (`None` at notrump) when there is a contract to play.
fn check_play_needs(
    tags: &Tags<'_, '_>,
    info: &GameInfo,
    play: &Play,
    play_span: Span,
    diags: &mut dyn DiagnosticSink,
) -> Option<Option<Suit>> {
    let end_position = info.deal.is_some_and(|d| d.is_end_position());
    let Some(trump) = play_trump(info.contract) else {
        if !play.entries.is_empty() {
            diags.report(warn(
                codes::PLAY_WITHOUT_CONTRACT,
                "a Play section without the Contract it needs",
                play_span,
            ));
        }
        return None;
    };
    if info.declarer.is_none() && !end_position && !play.entries.is_empty() {
        diags.report(warn(
            codes::PLAY_WITHOUT_CONTRACT,
            "a Play section without the Declarer it needs",
            play_span,
        ));
    }
    if let Some(declarer) = info.declarer
        && !end_position
        && !declarer.irregular
        && play.first != declarer.seat.next()
    {
        diags.report(err(
            codes::PLAY_WRONG_LEADER,
            format!("the opening leader is {}, not {}", declarer.seat.next(), play.first),
            tags.get(Known::Play).map_or(play_span, |t| t.value_span),
        ));
    }
    Some(trump)
}

/// The tricks the replay could follow.
#[derive(Debug, Default, Clone, Copy)]
struct Tally {
    /// Won by declarer's side.
    declarer: u8,
    /// Won by the defence.
    defence: u8,
    /// Every trick whose four cards and leader are known.
    complete: usize,
}

/// The cards as the play goes: each hand known card by card, the cards played, whether `+` came.
struct Replay {
    /// A hand with spot cards (`x`), or shown in part, is not known card by card: its holdings
    /// are not checked (`None`).
    hands: [Option<CardSet>; 4],
    played: CardSet,
    continued: bool,
}

impl Replay {
    fn new(deal: Option<Deal>) -> Replay {
        let mut hands: [Option<CardSet>; 4] = deal.map_or([None; 4], |d| d.hands);
        if let Some(deal) = deal {
            for seat in Compass::ALL {
                if deal.has_spots(seat) || deal.is_shown_in_part(seat) {
                    hands[seat.index()] = None;
                }
            }
        }
        Replay { hands, played: CardSet::EMPTY, continued: false }
    }

    /// Plays a row (the Play seat `first`'s column first) led by `lead`: each card checked (played
    /// before, held, suit followed) and taken from its hand. The trick, leader first, when its
    /// four cards are known.
    fn trick(
        &mut self,
        first: Compass,
        row: &[PlayEntry],
        lead: Compass,
        diags: &mut dyn DiagnosticSink,
    ) -> Option<[(Compass, Card); 4]> {
        // Entries by seat.
        let mut by_seat: [Option<&PlayEntry>; 4] = [None; 4];
        for (c, e) in row.iter().enumerate() {
            by_seat[first.advance(c).index()] = Some(e);
        }
        let mut cards = [(Compass::North, Card::new(cards_core::Rank::Two, Suit::Clubs)); 4];
        let mut n_cards = 0usize;
        let mut all_known = row.len() == 4;
        let mut led: Option<Suit> = None;
        for k in 0..4 {
            let seat = lead.advance(k);
            let Some(e) = by_seat[seat.index()] else {
                all_known = false;
                continue;
            };
            match e.item {
                PlayItem::Continue => {
                    if self.continued {
                        diags.report(err(codes::PLAY_AFTER_CONTINUE, "a second `+` in the play", e.span));
                    }
                    self.continued = true;
                    all_known = false;
                }
                PlayItem::Unknown => all_known = false,
                PlayItem::Card { card, revoke, .. } => {
                    if self.continued {
                        diags.report(err(codes::PLAY_AFTER_CONTINUE, "a card after `+` in the play", e.span));
                    }
                    self.card(seat, card, led.filter(|_| !revoke), e.span, diags);
                    if k == 0 {
                        led = Some(card.suit());
                    }
                    if let Some(slot) = cards.get_mut(n_cards) {
                        *slot = (seat, card);
                        n_cards += 1;
                    }
                }
            }
        }
        (all_known && n_cards == 4).then_some(cards)
    }

    /// Takes `seat`'s `card` from its hand, reporting a card played twice, not held, or (when
    /// `led` is given) not following the suit led.
    fn card(
        &mut self,
        seat: Compass,
        card: Card,
        led: Option<Suit>,
        span: Span,
        diags: &mut dyn DiagnosticSink,
    ) {
        let twice = !self.played.insert(card);
        if twice {
            diags.report(err(
                codes::PLAY_CARD_TWICE,
                format!("{} is played twice", crate::text::write_card(card)),
                span,
            ));
        }
        let Some(hand) = self.hands[seat.index()].as_mut() else { return };
        if !twice && !hand.contains(card) {
            diags.report(err(
                codes::PLAY_CARD_NOT_IN_HAND,
                format!("{seat} does not hold {}", crate::text::write_card(card)),
                span,
            ));
        } else if !twice
            && let Some(led) = led
            && card.suit() != led
            && !hand.suit(led).is_empty()
        {
            diags.report(err(
                codes::PLAY_REVOKE,
                format!("{seat} plays {} while holding {}", crate::text::write_card(card), suit_name(led)),
                span,
            ));
        }
        hand.remove(card);
    }

    /// A row whose leader is not known: only the holdings are checked.
    fn holdings(&mut self, first: Compass, row: &[PlayEntry], diags: &mut dyn DiagnosticSink) {
        for (c, e) in row.iter().enumerate() {
            let seat = first.advance(c);
            let PlayItem::Card { card, .. } = e.item else { continue };
            let twice = !self.played.insert(card);
            if twice {
                diags.report(err(codes::PLAY_CARD_TWICE, "a card is played twice", e.span));
            }
            if let Some(hand) = self.hands[seat.index()].as_mut() {
                if !twice && !hand.contains(card) {
                    diags.report(err(
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

/// Sets the tricks declarer won in the play when every trick is known, and reports a Result tag
/// that disagrees: a whole play must give its tricks; a play stopped at `+` only bounds them.
fn check_result(
    tags: &Tags<'_, '_>,
    info: &mut GameInfo,
    tally: Tally,
    max_tricks: usize,
    end_position: bool,
    diags: &mut dyn DiagnosticSink,
) {
    let result_tag = tags.get(Known::Result);
    let Some(declarer) = info.declarer else { return };
    let claimed = info.result.and_then(|r| r.declarer_tricks(Some(declarer.seat)).map(|n| (n, r.irregular)));
    let Tally { declarer: decl_tricks, defence: def_tricks, complete } = tally;
    if complete == max_tricks && max_tricks > 0 {
        info.tricks_by_play = Some(decl_tricks);
        if let (Some((n, false)), Some(t)) = (claimed, result_tag)
            && n != decl_tricks
            && !end_position
        {
            diags.report(err(
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
            diags.report(err(
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
