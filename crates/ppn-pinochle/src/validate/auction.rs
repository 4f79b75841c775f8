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
    let mut out = AuctionOutcome::default();
    let mut passed = [false; 4];
    let mut unknown = false;
    let mut high: Option<(usize, u32)> = None;
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
            let seat = (first + index) % 4;
            let span = tok.at.0;
            if tok.value == Token::End {
                stopped = true;
                break 'lines;
            }
            if ended {
                d.report(Diagnostic::error(code::AUCTION_AFTER_END, "the auction had already ended", span));
                break 'lines;
            }
            match &tok.value {
                Token::Pass => passed[seat] = true,
                Token::Bid(n) => {
                    if passed[seat] {
                        d.report(Diagnostic::error(
                            code::AUCTION_BID_AFTER_PASS,
                            format!("{} bids {n} after passing", seat_at(seat)),
                            span,
                        ));
                    } else if *n < min_bid {
                        d.report(Diagnostic::error(
                            code::BID_BELOW_MINIMUM,
                            format!("bid {n} is below the minimum {min_bid}"),
                            span,
                        ));
                    } else if let Some((_, h)) = high.filter(|(_, h)| *n <= *h) {
                        d.report(Diagnostic::error(
                            code::BID_NOT_HIGHER,
                            format!("bid {n} does not top {h}"),
                            span,
                        ));
                    } else {
                        let usual = *n <= 60 || (*n <= 100 && n % 5 == 0) || n % 10 == 0;
                        if !usual {
                            d.report(Diagnostic::warning(
                                code::BID_INCREMENT,
                                format!("bid {n}: usual bids go by 5 from 60 to 100 and by 10 above"),
                                span,
                            ));
                        }
                        high = Some((seat, *n));
                    }
                }
                Token::Dash => {
                    if !passed[seat] && !unknown {
                        d.report(Diagnostic::error(
                            code::AUCTION_DASH_FOR_ACTIVE,
                            format!("`-` for {}, who has not passed", seat_at(seat)),
                            span,
                        ));
                    }
                }
                Token::Unknown => unknown = true,
                _ => {
                    d.report(Diagnostic::error(
                        code::AUCTION_SYNTAX,
                        "an auction token is `Pass`, a bid, `-`, `?` or `*`",
                        span,
                    ));
                }
            }
            index += 1;
            let passes = passed.iter().filter(|p| **p).count();
            if passes == 4 {
                ended = true;
                out.all_pass = true;
                d.report(
                    Diagnostic::warning(
                        code::AUCTION_ALL_PASS,
                        "all four players passed (a gap in the draft)",
                        span,
                    )
                    .with_help("the draft does not say what happens; the hand is not checked further"),
                );
            } else if passes == 3 && high.is_some() {
                ended = true;
            }
        }
    }
    out.complete = ended;
    if !ended && !stopped && !unknown && !lines.is_empty() {
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
    if let Some((seat, bid)) = high {
        out.winner = Some(seat);
        out.contract = Some(bid);
    }
    out
}
