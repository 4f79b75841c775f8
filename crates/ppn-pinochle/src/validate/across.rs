//! The checks across hands (T3): GameScores carried over from the hand before, Hand numbers that
//! follow on, Victor against the running totals. They need the hands in file order, so they run
//! in the [`Checker`](super::Checker)'s finish.

use cards_core::{Diagnostic, DiagnosticSink, Span};

use super::{Options, Summary, Typed, scores_text, seat_index, team};
use crate::PinochleSeat;
use crate::codes as code;

/// What one hand gives the checks across hands ([`AcrossHands::check`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct AcrossHand {
    game_scores: Option<(Vec<i64>, Span)>,
    hand_number: Option<(i64, Span)>,
    victor: Option<(u32, Span)>,
    hand_scores: Option<Vec<i64>>,
    declarer: Option<PinochleSeat>,
}

impl AcrossHand {
    pub(super) fn of(t: &Typed, summary: &Summary) -> AcrossHand {
        AcrossHand {
            game_scores: t.game_scores.clone(),
            hand_number: t.hand_number,
            victor: t.victor,
            hand_scores: summary.hand_scores.clone(),
            declarer: summary.declarer,
        }
    }
}

/// The checks across hands (T3: GameScores carried over from the hand before, Hand numbers that
/// follow on, Victor against the running totals): the part of checking that needs the hands in
/// file order, each hand's scores computed from its play: the state of
/// [`Pinochle`](crate::Pinochle)'s [`Rules`](cards_core::Rules), which the
/// [`Checker`](super::Checker) keeps.
#[derive(Debug, Clone, Default)]
pub struct AcrossHands {
    prev: Option<Previous>,
}

impl AcrossHands {
    /// Checks the next hand of the file against the hands before it, reporting what it finds to
    /// `d` (under `options.strict`, leniencies among them become errors).
    pub(super) fn check(&mut self, hand: &AcrossHand, options: &Options, d: &mut dyn DiagnosticSink) {
        let mut found = Vec::new();
        self.lints(hand, &mut found);
        options.apply(&mut found);
        d.report_all(found);
    }

    fn lints(&mut self, t: &AcrossHand, d: &mut dyn DiagnosticSink) {
        let game = t.game_scores.as_ref().map(|x| x.0.clone()).or_else(|| {
            // IMPORT default: 0:0 on a first hand; later hands carry over when GameScores is absent.
            match &self.prev {
                None => Some(vec![0, 0]),
                Some(p) => p.carry(),
            }
        });
        if let Some(prev) = &self.prev {
            if let (Some((stated, span)), Some(expected)) = (&t.game_scores, prev.carry())
                && *stated != expected
            {
                d.report(Diagnostic::warning(
                    code::GAMESCORES_CARRY,
                    format!(
                        "GameScores {} but the previous hand ends at {}",
                        scores_text(stated),
                        scores_text(&expected)
                    ),
                    *span,
                ));
            }
            if let (Some((n, span)), Some(p)) = (t.hand_number, prev.number)
                && n != p + 1
            {
                d.report(Diagnostic::warning(code::HAND_NUMBER, format!("Hand {n} follows hand {p}"), span));
            }
        }
        if let Some((victor, span)) = t.victor {
            let after = match (&game, &t.hand_scores) {
                (Some(g), Some(h)) if g.len() == 2 && h.len() == 2 => Some([g[0] + h[0], g[1] + h[1]]),
                _ => None,
            };
            if let Some(after) = after {
                let over: Vec<usize> = (0..2).filter(|&i| after[i] >= 500).collect();
                let expected = match over.as_slice() {
                    [one] => Some(*one as u32 + 1),
                    [_, _] => t.declarer.and_then(seat_index).map(|dc| team(dc) as u32 + 1),
                    _ => None,
                };
                if expected != Some(victor) {
                    d.report(Diagnostic::warning(
                        code::VICTOR,
                        match expected {
                            Some(e) => format!("Victor {victor} but team {e} is the first to 500"),
                            None => {
                                format!("Victor {victor} but no team reaches 500 ({}:{})", after[0], after[1])
                            }
                        },
                        span,
                    ));
                }
            }
        }
        self.prev =
            Some(Previous { game, hand_scores: t.hand_scores.clone(), number: t.hand_number.map(|x| x.0) });
    }
}

/// What the hand before gave: the game scores it started from, its hand scores and its number.
#[derive(Debug, Clone, Default)]
struct Previous {
    game: Option<Vec<i64>>,
    hand_scores: Option<Vec<i64>>,
    number: Option<i64>,
}

impl Previous {
    /// The game scores after the hand before: where the next hand's start.
    fn carry(&self) -> Option<Vec<i64>> {
        match (&self.game, &self.hand_scores) {
            (Some(g), Some(h)) if g.len() == h.len() => Some(g.iter().zip(h).map(|(a, b)| a + b).collect()),
            _ => None,
        }
    }
}
