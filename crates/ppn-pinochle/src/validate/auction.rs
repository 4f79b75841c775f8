//! The auction: each round line read, each bid against the minimum, the bid before and the
//! bidder's pass, and whether it ends (three passes after a bid, four passes, or `*`).

use cards_core::{Diagnostic, DiagnosticSink, Span};

use super::seat_at;
use crate::codes as code;
use crate::model::{Tag, Token};

#[derive(Debug, Default)]
pub(super) struct AuctionOutcome {
    pub(super) winner: Option<usize>,
    pub(super) contract: Option<u32>,
    pub(super) all_pass: bool,
    pub(super) complete: bool,
}

/// Checks the Auction section round by round from `first`'s call: who won it at what bid, or
/// whether all passed or it stopped early (`*`).
pub(super) fn check_auction(
    tag: &Tag,
    first: usize,
    min_bid: u32,
    terminated: bool,
    d: &mut dyn DiagnosticSink,
) -> AuctionOutcome {
    let mut bidding = Bidding { min_bid, passed: [false; 4], unknown: false, high: None };
    let mut all_pass = false;
    let mut index = 0usize;
    let mut ended = false;
    let mut stopped = false;
    let mut layout_reported = false;
    let lines = tag.section.as_ref().map_or(&[][..], |s| &s.lines[..]);
    'lines: for line in lines {
        if line.tokens.is_empty() {
            continue;
        }
        if !index.is_multiple_of(4) && !ended && !layout_reported {
            layout_reported = true;
            d.report(Diagnostic::warning(
                code::AUCTION_ROUND_LAYOUT,
                "this round line does not start with the auction's first seat",
                line.at.0,
            ));
        }
        for tok in &line.tokens {
            let span = tok.at.0;
            if tok.value == Token::End {
                stopped = true;
                break 'lines;
            }
            if ended {
                d.report(Diagnostic::error(code::AUCTION_AFTER_END, "the auction had already ended", span));
                break 'lines;
            }
            bidding.call((first + index) % 4, &tok.value, span, d);
            index += 1;
            let passes = bidding.passed.iter().filter(|p| **p).count();
            if passes == 4 {
                ended = true;
                all_pass = true;
                d.report(
                    Diagnostic::warning(
                        code::AUCTION_ALL_PASS,
                        "all four players passed (a gap in the draft)",
                        span,
                    )
                    .with_help("the draft does not say what happens; the hand is not checked further"),
                );
            } else if passes == 3 && bidding.high.is_some() {
                ended = true;
            }
        }
    }
    if !ended && !stopped && !bidding.unknown && !lines.is_empty() {
        let at = lines.last().map_or(tag.at.0, |l| Span::at(l.at.0.end));
        d.report(if terminated {
            Diagnostic::error(code::TERMINATION_MARK, "the truncated auction does not end with `*`", at)
        } else {
            Diagnostic::error(
                code::AUCTION_INCOMPLETE,
                "the auction stops before three players have passed",
                at,
            )
        });
    }
    AuctionOutcome {
        winner: bidding.high.map(|(seat, _)| seat),
        contract: bidding.high.map(|(_, bid)| bid),
        all_pass,
        complete: ended,
    }
}

/// What the calls so far say: who has passed, whether a call was unknown (`?`), and the highest
/// bid with its seat.
struct Bidding {
    min_bid: u32,
    passed: [bool; 4],
    unknown: bool,
    high: Option<(usize, u32)>,
}

impl Bidding {
    /// One call by `seat`, checked against the calls before it.
    fn call(&mut self, seat: usize, token: &Token, span: Span, d: &mut dyn DiagnosticSink) {
        match token {
            Token::Pass => self.passed[seat] = true,
            Token::Bid(n) => self.bid(seat, *n, span, d),
            Token::Dash => {
                if !self.passed[seat] && !self.unknown {
                    d.report(Diagnostic::error(
                        code::AUCTION_DASH_FOR_ACTIVE,
                        format!("`-` for {}, who has not passed", seat_at(seat)),
                        span,
                    ));
                }
            }
            Token::Unknown => self.unknown = true,
            _ => {
                d.report(Diagnostic::error(
                    code::AUCTION_SYNTAX,
                    "an auction token is `Pass`, a bid, `-`, `?` or `*`",
                    span,
                ));
            }
        }
    }

    /// A bid of `n` by `seat`: it stands if the seat has not passed and it is at least the
    /// minimum and tops the bid before (an unusual step is a warning).
    fn bid(&mut self, seat: usize, n: u32, span: Span, d: &mut dyn DiagnosticSink) {
        if self.passed[seat] {
            d.report(Diagnostic::error(
                code::AUCTION_BID_AFTER_PASS,
                format!("{} bids {n} after passing", seat_at(seat)),
                span,
            ));
        } else if n < self.min_bid {
            d.report(Diagnostic::error(
                code::BID_BELOW_MINIMUM,
                format!("bid {n} is below the minimum {}", self.min_bid),
                span,
            ));
        } else if let Some((_, h)) = self.high.filter(|(_, h)| n <= *h) {
            d.report(Diagnostic::error(code::BID_NOT_HIGHER, format!("bid {n} does not top {h}"), span));
        } else {
            let usual = n <= 60 || (n <= 100 && n.is_multiple_of(5)) || n.is_multiple_of(10);
            if !usual {
                d.report(Diagnostic::warning(
                    code::BID_INCREMENT,
                    format!("bid {n}: usual bids go by 5 from 60 to 100 and by 10 above"),
                    span,
                ));
            }
            self.high = Some((seat, n));
        }
    }
}
