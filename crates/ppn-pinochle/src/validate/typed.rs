//! The typed values of a hand's tags: each value read by its tag's rules, with the lints of its
//! value, kept in [`Typed`] for the game checks, and the Termination a `*` asks for.

use cards_core::{CardCounts, Diagnostic, DiagnosticSink, Rank, Span, Suit};

use super::{Eff, HandRules, PinochleSeat, seat_index};
use crate::codes as code;
use crate::meld::{self, Chart};
use crate::model::{MeldEntry, Outcome, Token, Value};
use crate::parse::typed_value;

#[derive(Debug, Default)]
pub(super) struct Typed {
    pub(super) dealer: Option<(PinochleSeat, Span)>,
    pub(super) declarer: Option<(PinochleSeat, Span)>,
    /// The seats the Auction and Play tags give.
    pub(super) auction: Option<PinochleSeat>,
    pub(super) play: Option<PinochleSeat>,
    pub(super) contract: Option<(i64, Span)>,
    pub(super) hand_number: Option<(i64, Span)>,
    pub(super) trump: Option<(Option<Suit>, Span)>,
    pub(super) result: Option<(Outcome, Span)>,
    pub(super) victor: Option<(u32, Span)>,
    pub(super) game_scores: Option<(Vec<i64>, Span)>,
    pub(super) meld_scores: Option<(Vec<i64>, Span)>,
    pub(super) play_scores: Option<(Vec<i64>, Span)>,
    pub(super) hand_scores: Option<(Vec<i64>, Span)>,
    pub(super) deal: Option<(PinochleSeat, Vec<Option<CardCounts>>, Span)>,
    pub(super) holding: Option<(PinochleSeat, Vec<Option<CardCounts>>, Span)>,
    pub(super) passed: Option<(PinochleSeat, Vec<Option<CardCounts>>, Span)>,
    pub(super) melds: Option<(PinochleSeat, Vec<MeldEntry>, Span)>,
    pub(super) termination: bool,
    pub(super) chart: Option<&'static Chart>,
}

impl HandRules {
    /// The typed values of the hand's tags (each value read by its tag's rules, with the lints of
    /// its value), and the Termination a `*` asks for.
    pub(super) fn typed_values(
        &self,
        eff: &[Eff<'_>],
        dd4: bool,
        players: usize,
        d: &mut dyn DiagnosticSink,
    ) -> Typed {
        let mut t = Typed::default();
        let mut stars: Option<Span> = None;
        for e in eff {
            if !is_typed(e.name) {
                if &*e.value == "*" {
                    stars.get_or_insert(e.span);
                }
                self.lint_value(e, &Value::Unknown, dd4, d, &mut t);
                continue;
            }
            let value = match typed_value(e.name, &e.value, e.span.start, players) {
                Ok(v) => v,
                Err(diag) => {
                    d.report(diag);
                    continue;
                }
            };
            if value == Value::Terminated {
                stars.get_or_insert(e.span);
            }
            self.lint_value(e, &value, dd4, d, &mut t);
            t.store(e, value, dd4, d);
        }
        check_termination(eff, &t, stars, d);
        t
    }

    fn lint_value(&self, e: &Eff<'_>, value: &Value, dd4: bool, d: &mut dyn DiagnosticSink, t: &mut Typed) {
        let name = e.name;
        if dd4 && matches!(name, "Kitty" | "Discard" | "Partner") {
            let nine = matches!(value, Value::Kitty(cards) if cards.iter().any(|c| c.rank() == Rank::Nine));
            d.report(Diagnostic::warning(
                code::NOT_IN_VARIANT,
                if nine {
                    format!("`{name}` with 9s: neither a kitty nor 9s are part of double-deck four-handed")
                } else {
                    format!("`{name}` is not part of double-deck four-handed")
                },
                e.span,
            ));
        }
        let seat_name = name.strip_suffix("Type").unwrap_or(name);
        if let Some(seat) = PinochleSeat::from_name(seat_name) {
            if dd4 && seat_index(seat).is_none() {
                d.report(Diagnostic::warning(
                    code::NOT_IN_VARIANT,
                    format!("seat `{name}` is not at a four-handed table"),
                    e.tag.map_or(e.span, |t| t.name_at.0),
                ));
            }
            if name.ends_with("Type") && !matches!(&*e.value, "human" | "program" | "?") {
                d.report(Diagnostic::warning(
                    code::VALUE_UNUSUAL,
                    format!("seat type `{}` is not human or program", e.value),
                    e.span,
                ));
            }
        }
        if name == "Room" && !matches!(&*e.value, "Open" | "Closed" | "?") {
            d.report(Diagnostic::warning(
                code::VALUE_UNUSUAL,
                format!("room `{}` is not Open or Closed", e.value),
                e.span,
            ));
        }
        if name == "Scoring" {
            match meld::chart_for(&e.value) {
                Some(chart) => t.chart = Some(chart),
                None => d.report(Diagnostic::warning(
                    code::SCORING_UNKNOWN,
                    format!("no chart known for scoring `{}`; the Standard chart is used", e.value),
                    e.span,
                )),
            }
        }
    }
}

impl Typed {
    /// Keeps a tag's typed value in its slot (a DD4 score list that is not two teams' is
    /// reported and not kept).
    fn store(&mut self, e: &Eff<'_>, value: Value, dd4: bool, d: &mut dyn DiagnosticSink) {
        match value {
            Value::Seat(seat) => match e.name {
                "Dealer" => self.dealer = Some((seat, e.span)),
                "Declarer" => self.declarer = Some((seat, e.span)),
                "Auction" => self.auction = Some(seat),
                "Play" => self.play = Some(seat),
                _ => {}
            },
            Value::Int(n) => match e.name {
                "Contract" => self.contract = Some((n, e.span)),
                "Hand" => self.hand_number = Some((n, e.span)),
                _ => {}
            },
            Value::Victor(n) => self.victor = Some((n, e.span)),
            Value::Trump(s) => self.trump = Some((s, e.span)),
            Value::Result(r) => self.result = Some((r, e.span)),
            Value::Termination { .. } => self.termination = true,
            Value::Scores(s) => {
                if dd4 && s.len() != 2 {
                    d.report(Diagnostic::error(
                        code::SCORE_ARITY,
                        format!("{} scores in `{}`; DD4 has 2 teams (NS:EW)", s.len(), e.value),
                        e.span,
                    ));
                    return;
                }
                let slot = match e.name {
                    "GameScores" => &mut self.game_scores,
                    "MeldScores" => &mut self.meld_scores,
                    "PlayScores" => &mut self.play_scores,
                    _ => &mut self.hand_scores,
                };
                *slot = Some((s, e.span));
            }
            Value::Hands { first, hands } => {
                let slot = match e.name {
                    "Deal" => &mut self.deal,
                    "Holding" => &mut self.holding,
                    _ => &mut self.passed,
                };
                *slot = Some((first, hands, e.span));
            }
            Value::Melds { first, entries } => self.melds = Some((first, entries, e.span)),
            _ => {}
        }
    }
}

/// A `*` (a tag's whole value, `stars`, or one in a section, but not in the Play of a hand
/// that is not played) asks for a Termination tag: reported when the hand has none.
fn check_termination(eff: &[Eff<'_>], t: &Typed, mut stars: Option<Span>, d: &mut dyn DiagnosticSink) {
    let unplayed = t.trump.is_some_and(|x| x.0.is_none())
        || t.result.is_some_and(|x| matches!(x.0, Outcome::NoBoard | Outcome::NoTrump));
    for e in eff {
        if let Some(section) = e.tag.and_then(|t| t.section.as_ref()) {
            if unplayed && e.name == "Play" {
                continue;
            }
            for tok in section.lines.iter().flat_map(|l| l.tokens.iter()) {
                if tok.value == Token::End {
                    stars.get_or_insert(tok.at.0);
                }
            }
        }
    }
    if let (Some(span), false) = (stars, t.termination) {
        d.report(
            Diagnostic::error(
                code::TERMINATION_MISSING,
                "`*` marks a termination but the hand has no Termination tag",
                span,
            )
            .with_help("add [Termination \"<seat|->:<cause>\"]"),
        );
    }
}

/// Tags whose value is typed (others are free text).
fn is_typed(name: &str) -> bool {
    matches!(
        name,
        "Date"
            | "Hand"
            | "Contract"
            | "Round"
            | "Victor"
            | "Dealer"
            | "Declarer"
            | "Auction"
            | "Play"
            | "Deal"
            | "Holding"
            | "Passed"
            | "Melds"
            | "Discard"
            | "Kitty"
            | "Partner"
            | "Trump"
            | "GameScores"
            | "MeldScores"
            | "PlayScores"
            | "HandScores"
            | "Result"
            | "Termination"
    )
}
