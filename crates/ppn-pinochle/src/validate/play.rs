//! The play: each trick line read, each card checked against the hand that plays it (held,
//! suit followed, trumped, the trick headed), the trick's winner and counters against its
//! annotation, and who leads the next trick.

use cards_core::{Card, CardCounts, CardSet, Diagnostic, DiagnosticSink, Span, Suit};

use super::{Options, Seats, counter_points, seat_at, seat_index, strength, team, top_strength};
use crate::PinochleSeat;
use crate::codes as code;
use crate::model::{SectionLine, Tag, Token};

#[derive(Debug, Default)]
pub(super) struct PlayOutcome {
    pub(super) counters: Option<[i64; 2]>,
    pub(super) truncated: bool,
}

/// Why playing `card` from `hand` onto `trick` (cards so far, leader first) is illegal, if it is:
/// the code (`REVOKE`, `FAILED_TO_TRUMP`, `FAILED_TO_HEAD`) and a message. `None` when legal.
#[must_use]
pub fn legality_of(
    held: CardSet,
    trick: &[Card],
    card: Card,
    trump: Option<Suit>,
    must_head: bool,
) -> Option<(&'static str, &'static str)> {
    let mut state = TrickState::default();
    for &c in trick {
        state.add(c, trump);
    }
    legality(held, &state, card, trump, must_head)
}

/// What the legality of the next card depends on in a trick: the led suit and the strength of
/// the best card of the led suit and of the trump suit so far.
#[derive(Debug, Default, Clone, Copy)]
struct TrickState {
    led: Option<Suit>,
    best_led: Option<u8>,
    best_trump: Option<u8>,
}

impl TrickState {
    /// Adds the next card played to the trick.
    fn add(&mut self, card: Card, trump: Option<Suit>) {
        let suit = card.suit();
        let led = *self.led.get_or_insert(suit);
        let slot = if Some(suit) == trump {
            &mut self.best_trump
        } else if suit == led {
            &mut self.best_led
        } else {
            return;
        };
        *slot = Some(slot.map_or(strength(card), |b| b.max(strength(card))));
    }
}

/// [`legality_of`] for a trick given by its [`TrickState`].
fn legality(
    held: CardSet,
    trick: &TrickState,
    card: Card,
    trump: Option<Suit>,
    must_head: bool,
) -> Option<(&'static str, &'static str)> {
    let led = trick.led?;
    let holds_suit = |s: Suit| held.ranks_in(s) != 0;
    let suit = card.suit();
    if suit != led && holds_suit(led) {
        return Some((code::REVOKE, "did not follow the led suit although holding it"));
    }
    let trump = trump?;
    if suit != led && suit != trump && holds_suit(trump) {
        return Some((code::FAILED_TO_TRUMP, "void in the led suit but did not trump"));
    }
    if !must_head {
        return None;
    }
    let (best_led, best_trump) = (trick.best_led, trick.best_trump);
    // Whether `held` could beat `best` in suit `s` (any card of `s` when there is no best yet).
    let beats_any = |s: Suit, best: Option<u8>| best.map_or(holds_suit(s), |b| top_strength(held, s) > b);
    let own = strength(card);
    if suit == led && led != trump {
        if best_trump.is_none() && best_led.is_some_and(|b| own <= b) && beats_any(led, best_led) {
            return Some((code::FAILED_TO_HEAD, "did not beat the trick although able"));
        }
    } else if suit == trump && best_trump.is_some_and(|b| own <= b) && beats_any(trump, best_trump) {
        return Some((code::FAILED_TO_HEAD, "did not beat the best trump although able"));
    }
    None
}

/// Index of the card that wins `trick` (highest trump, else highest of the led suit; of two
/// identical cards the first played wins).
#[must_use]
pub fn trick_winner(trick: &[Card], trump: Option<Suit>) -> usize {
    cards_core::trick::winner(trick.iter().copied(), trump, strength).unwrap_or(0)
}

/// A trick's annotation: the winner and the points written (`(N3)`).
#[derive(Debug, Clone, Copy)]
struct Annotation {
    seat: Option<PinochleSeat>,
    points: Option<u32>,
    span: Span,
}

/// A trick line as read: its cards (`None` for `?`) and annotation; `bad` when it is not four
/// cards and an annotation (reported).
struct TrickLine {
    cards: Vec<(Option<Card>, Span)>,
    annotation: Option<Annotation>,
    bad: bool,
}

/// Reads trick `number`'s line and reports its syntax; `None` when it holds `*` (the play
/// stops there).
fn read_trick(line: &SectionLine, number: usize, d: &mut dyn DiagnosticSink) -> Option<TrickLine> {
    let mut trick = TrickLine { cards: Vec::with_capacity(4), annotation: None, bad: false };
    for tok in &line.tokens {
        match &tok.value {
            Token::Card(c) if trick.annotation.is_none() => trick.cards.push((Some(*c), tok.at.0)),
            Token::Unknown if trick.annotation.is_none() => trick.cards.push((None, tok.at.0)),
            Token::End => return None,
            Token::Annotation { seat, points } if trick.annotation.is_none() => {
                trick.annotation = Some(Annotation { seat: *seat, points: *points, span: tok.at.0 });
            }
            _ => {
                d.report(Diagnostic::error(
                    code::PLAY_SYNTAX,
                    "a trick line is four cards (`HA`) then `(<winner><points>)`",
                    tok.at.0,
                ));
                trick.bad = true;
            }
        }
    }
    if trick.cards.len() != 4 && !trick.bad {
        d.report(Diagnostic::error(
            code::PLAY_SYNTAX,
            format!("trick {number} has {} cards; DD4 tricks have 4", trick.cards.len()),
            line.at.0,
        ));
        trick.bad = true;
    }
    Some(trick)
}

/// The hands as the play goes (when the deal is known) and the rules it is played under.
struct Hands {
    /// Each seat's cards left, copies counted.
    counts: Option<Seats<CardCounts>>,
    /// Each seat's distinct cards left (what legality looks at).
    sets: [CardSet; 4],
    trump: Option<Suit>,
    trump_known: bool,
    must_head: bool,
}

impl Hands {
    fn new(
        counts: Option<Seats<CardCounts>>,
        trump: Option<Suit>,
        trump_known: bool,
        must_head: bool,
    ) -> Hands {
        let mut sets = [CardSet::EMPTY; 4];
        if let Some(h) = &counts {
            for (set, hand) in sets.iter_mut().zip(h.iter()) {
                *set = hand.as_ref().map_or(CardSet::EMPTY, CardCounts::distinct);
            }
        }
        Hands { counts, sets, trump, trump_known, must_head }
    }

    /// Plays trick `number` led by `lead`: each known card checked against its player's hand and
    /// taken from it. The winner and the trick's points (the last trick adds 2), when every card
    /// and the trump are known.
    fn play(
        &mut self,
        lead: usize,
        cards: &[(Option<Card>, Span)],
        number: usize,
        d: &mut dyn DiagnosticSink,
    ) -> Option<(usize, i64)> {
        let mut played: Vec<Card> = Vec::with_capacity(4);
        let mut state = TrickState::default();
        let mut all_known = true;
        for (k, (card, span)) in cards.iter().enumerate() {
            let seat = (lead + k) % 4;
            let Some(card) = *card else {
                all_known = false;
                continue;
            };
            self.take(seat, card, *span, (all_known, &state, number), d);
            played.push(card);
            state.add(card, self.trump);
        }
        if !all_known || !self.trump_known {
            return None;
        }
        let winner = (lead + trick_winner(&played, self.trump)) % 4;
        let mut points: i64 = played.iter().map(|&c| i64::from(counter_points(c))).sum();
        if number == 20 {
            points += 2;
        }
        Some((winner, points))
    }

    /// Takes `card` from `seat`'s hand, reporting a card not held, and, when the trick so far is
    /// known (`(all_known, state, number)`), a card the rules do not allow.
    fn take(
        &mut self,
        seat: usize,
        card: Card,
        span: Span,
        (all_known, state, number): (bool, &TrickState, usize),
        d: &mut dyn DiagnosticSink,
    ) {
        let Some(h) = self.counts.as_mut().and_then(|h| h[seat].as_mut()) else { return };
        if h.count(card) == 0 {
            d.report(Diagnostic::error(
                code::CARD_NOT_HELD,
                format!(
                    "{} plays {}{} but does not hold it (any more)",
                    seat_at(seat),
                    card.suit().upper_char(),
                    card.rank().char()
                ),
                span,
            ));
            return;
        }
        if all_known
            && self.trump_known
            && let Some((c, msg)) = legality(self.sets[seat], state, card, self.trump, self.must_head)
        {
            d.report(Diagnostic::error(c, format!("trick {number}: {} {msg}", seat_at(seat)), span));
        }
        let _ = h.remove(card);
        if h.count(card) == 0 {
            let _ = self.sets[seat].remove(card);
        }
    }

    /// Who leads after a trick that `winner` won but whose annotation names `named`: the line was
    /// written from one of the two seats, so the one whose hands hold more of `next`'s cards (the
    /// rules' winner on a tie, or without hands), so that one wrong annotation is reported once
    /// rather than cascading.
    fn leader_after(&self, named: usize, winner: usize, next: Option<&SectionLine>) -> usize {
        let Some(h) = &self.counts else { return winner };
        let held_from = |from: usize| {
            next.map_or(0, |l| {
                l.tokens
                    .iter()
                    .filter_map(|t| match t.value {
                        Token::Card(c) => Some(c),
                        _ => None,
                    })
                    .enumerate()
                    .filter(|(k, c)| h[(from + k) % 4].as_ref().is_some_and(|hand| hand.count(*c) > 0))
                    .count()
            })
        };
        if held_from(named) > held_from(winner) { named } else { winner }
    }
}

/// Reports an annotation that names another winner than `winner` or other points than `points`.
fn check_annotation(
    annotation: Annotation,
    winner: usize,
    points: i64,
    number: usize,
    d: &mut dyn DiagnosticSink,
) {
    if let Some(seat) = annotation.seat
        && seat_index(seat) != Some(winner)
    {
        d.report(Diagnostic::error(
            code::WRONG_TRICK_WINNER,
            format!("trick {number} is won by {}, not {seat}", seat_at(winner)),
            annotation.span,
        ));
    }
    if let Some(p) = annotation.points
        && i64::from(p) != points
    {
        d.report(
            Diagnostic::error(
                code::WRONG_TRICK_POINTS,
                format!("trick {number} is worth {points}, not {p}"),
                annotation.span,
            )
            .with_help("A, T and K count 1 each; the last trick adds 2"),
        );
    }
}

/// Checks the Play section trick by trick from `first_leader`'s lead: the counters each team
/// took when every trick is known, or whether the play stops early (`*`).
#[allow(clippy::too_many_arguments)]
pub(super) fn check_play(
    tag: &Tag,
    first_leader: usize,
    trump: Option<Suit>,
    trump_known: bool,
    hands: Option<Seats<CardCounts>>,
    opts: Options,
    terminated: bool,
    d: &mut dyn DiagnosticSink,
) -> PlayOutcome {
    let mut out = PlayOutcome::default();
    let mut hands = Hands::new(hands, trump, trump_known, opts.must_head);
    let mut leader = Some(first_leader);
    let mut tricks = 0usize;
    let mut points = [0i64; 2];
    let mut exact = trump_known;
    let lines = tag.section.as_ref().map_or(&[][..], |s| &s.lines[..]);
    let mut last_span = tag.at.0;
    for (line_index, line) in lines.iter().enumerate() {
        if line.tokens.is_empty() {
            continue;
        }
        last_span = line.at.0;
        let Some(trick) = read_trick(line, tricks + 1, d) else {
            out.truncated = true;
            return out;
        };
        tricks += 1;
        let named = trick.annotation.and_then(|a| a.seat).and_then(seat_index);
        let won = match leader {
            Some(lead) if !trick.bad => hands.play(lead, &trick.cards, tricks, d),
            _ => None,
        };
        let Some((winner, won_points)) = won else {
            exact = false;
            leader = named;
            continue;
        };
        if let Some(annotation) = trick.annotation {
            check_annotation(annotation, winner, won_points, tricks, d);
        }
        points[team(winner)] += won_points;
        leader = Some(match named {
            Some(named) if named != winner => {
                let next =
                    lines.get(line_index + 1..).and_then(|rest| rest.iter().find(|l| !l.tokens.is_empty()));
                hands.leader_after(named, winner, next)
            }
            _ => winner,
        });
    }
    if tricks != 20 {
        let at = Span::at(last_span.end);
        if terminated {
            d.report(Diagnostic::error(
                code::TERMINATION_MARK,
                "the truncated play does not end with `*`",
                at,
            ));
            out.truncated = true;
        } else {
            d.report(Diagnostic::error(
                code::TRICK_COUNT,
                format!("{tricks} tricks; DD4 plays 20"),
                tag.at.0,
            ));
        }
        return out;
    }
    if exact {
        out.counters = Some(points);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(text: &str) -> Card {
        crate::card_text::parse_card(text).unwrap_or_else(|_| unreachable!())
    }

    #[test]
    fn trick_winner_first_identical_wins() {
        let trick = [c("CA"), c("CJ"), c("CA"), c("CJ")];
        assert_eq!(trick_winner(&trick, Some(Suit::Spades)), 0);
        let trick = [c("CA"), c("SJ"), c("SJ"), c("CT")];
        assert_eq!(trick_winner(&trick, Some(Suit::Spades)), 1);
        let trick = [c("HT"), c("HA"), c("SJ"), c("HJ")];
        assert_eq!(trick_winner(&trick, Some(Suit::Spades)), 2);
        assert_eq!(trick_winner(&trick, None), 1);
    }

    #[test]
    fn legality_rules() {
        let hand = crate::card_text::parse_hand("AQ..J.").unwrap_or_default();
        // Must follow suit.
        assert_eq!(
            legality_of(hand.distinct(), &[c("CK")], c("SJ"), Some(Suit::Spades), true).map(|x| x.0),
            Some(code::REVOKE)
        );
        // Must head: holding CA over CK.
        assert_eq!(
            legality_of(hand.distinct(), &[c("CK")], c("CQ"), Some(Suit::Spades), true).map(|x| x.0),
            Some(code::FAILED_TO_HEAD)
        );
        assert_eq!(legality_of(hand.distinct(), &[c("CK")], c("CQ"), Some(Suit::Spades), false), None);
        // Trick already trumped: any club is fine.
        assert_eq!(
            legality_of(hand.distinct(), &[c("CK"), c("SA")], c("CQ"), Some(Suit::Spades), true),
            None
        );
        // Void in hearts: must trump.
        assert_eq!(
            legality_of(hand.distinct(), &[c("HK")], c("CQ"), Some(Suit::Spades), true).map(|x| x.0),
            Some(code::FAILED_TO_TRUMP)
        );
        assert_eq!(legality_of(hand.distinct(), &[c("HK")], c("SJ"), Some(Suit::Spades), true), None);
        // Cannot overtrump SA with SJ: still fine to trump low.
        assert_eq!(
            legality_of(hand.distinct(), &[c("HK"), c("SA")], c("SJ"), Some(Suit::Spades), true),
            None
        );
        // Void in hearts, no trump: anything.
        let hand = crate::card_text::parse_hand("AQ...").unwrap_or_default();
        assert_eq!(legality_of(hand.distinct(), &[c("HK")], c("CQ"), Some(Suit::Spades), true), None);
    }
}
