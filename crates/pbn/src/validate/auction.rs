//! The auction: its replay (calls, alerts, notes, the producers' conventions) and the contract it reaches.

use bridge_core::{Bidding, Irregularity, Outcome};

use crate::model::AuctionEntry;

#[allow(clippy::wildcard_imports)]
use super::*;

/// Replays the auction; returns the contract and declarer when it ended.
pub(super) fn replay_auction(
    auction: &Auction,
    dealer: Option<Compass>,
    tag_span: Span,
    diags: &mut dyn DiagnosticSink,
) -> Option<(Contract, Option<Compass>)> {
    if dealer.is_none() {
        diags.report(warn(
            codes::AUCTION_WITHOUT_DEALER,
            "an Auction section without a Dealer tag",
            tag_span,
        ));
    }
    // Free text stood for calls nobody can tell: nothing after it can be checked (reported once).
    if auction.prose {
        return None;
    }
    let mut replay = AuctionReplay {
        bidding: Bidding::new(auction.first),
        dealer,
        unknown: false,
        started: false,
        continued: false,
    };
    for e in &auction.entries {
        replay.entry(e, diags);
    }
    if replay.unknown {
        return None;
    }
    match replay.bidding.outcome() {
        Outcome::Open => {
            if !auction.star && !replay.continued && replay.started {
                diags.report(warn(
                    codes::AUCTION_INCOMPLETE,
                    "the auction does not end with three passes, `AP`, `*` or `+`",
                    auction.entries.last().map_or(tag_span, |e| e.span),
                ));
            }
            None
        }
        Outcome::PassedOut => Some((Contract::Pass, None)),
        Outcome::Contract { contract, declarer } => Some((Contract::Bid(contract), Some(declarer))),
    }
}

/// An auction being replayed.
struct AuctionReplay {
    bidding: Bidding,
    dealer: Option<Compass>,
    /// A call is not known (a blank, an unreadable token): the calls after it keep their players
    /// but the bidding state is unknown, so their legality and the outcome are not checked.
    unknown: bool,
    /// A call (or a call not known) has been made.
    started: bool,
    /// `+` has been read: nothing may follow.
    continued: bool,
}

impl AuctionReplay {
    /// Replays one entry, reporting what may not stand where it does.
    fn entry(&mut self, e: &AuctionEntry, diags: &mut dyn DiagnosticSink) {
        if matches!(e.item, AuctionItem::Blank | AuctionItem::Unreadable) {
            self.unknown = true;
            self.started = true;
            self.bidding.skip();
            return;
        }
        if self.unknown {
            self.bidding.skip();
            return;
        }
        if self.continued {
            diags.report(err(codes::AUCTION_AFTER_CONTINUE, "nothing may follow `+` in the auction", e.span));
            return;
        }
        if self.bidding.is_ended() {
            diags.report(after_end(&e.item, e.span));
            self.continued |= matches!(e.item, AuctionItem::Continue);
            return;
        }
        match e.item {
            AuctionItem::Placeholder => {
                if self.started || Some(self.bidding.turn()) == self.dealer {
                    diags.report(warn(codes::AUCTION_PLACEHOLDER, "`-` where a call is due", e.span));
                }
                self.bidding.skip();
                return;
            }
            AuctionItem::Continue => {
                self.continued = true;
                return;
            }
            _ => {}
        }
        if !self.started {
            self.started = true;
            self.check_first_caller(e.span, diags);
        }
        self.call(e, diags);
    }

    /// The first call is the dealer's.
    fn check_first_caller(&self, span: Span, diags: &mut dyn DiagnosticSink) {
        let seat = self.bidding.turn();
        if let Some(d) = self.dealer
            && d != seat
        {
            diags.report(err(
                codes::AUCTION_NOT_DEALER,
                format!("the first call is made by {seat}, but the dealer is {d}"),
                span,
            ));
        }
    }

    /// Makes a call (an insufficient bid marked `^I` is accepted).
    fn call(&mut self, e: &AuctionEntry, diags: &mut dyn DiagnosticSink) {
        match e.item {
            AuctionItem::AllPass => self.bidding.pass_out(),
            AuctionItem::Call { call, insufficient } => {
                if let Err(irregularity) = self.bidding.call(call)
                    && !(insufficient && matches!(irregularity, Irregularity::Insufficient { .. }))
                {
                    diags.report(illegal(call, irregularity, e.span));
                }
            }
            AuctionItem::Skipped => self.bidding.skip(),
            AuctionItem::Placeholder
            | AuctionItem::Continue
            | AuctionItem::Blank
            | AuctionItem::Unreadable => {}
        }
    }
}

/// The report of an entry after the auction ended: a pass is only a warning.
fn after_end(item: &AuctionItem, span: Span) -> Diagnostic {
    match item {
        AuctionItem::Continue => err(codes::AUCTION_AFTER_END, "`+` after the auction ended", span),
        AuctionItem::Call { call: Call::Pass, .. } | AuctionItem::AllPass => {
            warn(codes::AUCTION_AFTER_END, "a pass after the auction ended", span)
        }
        _ => err(codes::AUCTION_AFTER_END, "a call after the auction ended", span),
    }
}

/// The report of a call the auction does not allow.
fn illegal(call: Call, irregularity: Irregularity, span: Span) -> Diagnostic {
    match irregularity {
        Irregularity::Insufficient { level, denomination } => err(
            codes::AUCTION_INSUFFICIENT_BID,
            format!("{call} is not higher than {}", Call::Bid { level, denomination }),
            span,
        ),
        Irregularity::Double => err(codes::AUCTION_ILLEGAL_DOUBLE, "a double that is not allowed here", span),
        Irregularity::Redouble => {
            err(codes::AUCTION_ILLEGAL_DOUBLE, "a redouble that is not allowed here", span)
        }
        // Not met: `replay_auction` reports the calls after the end before it takes a call.
        Irregularity::AfterEnd => after_end(&AuctionItem::Call { call, insufficient: false }, span),
    }
}

/// The championship archive's auctions leave out the dealer's opening passes: `[Auction "W"]`
/// then `1S` made by East. When the auction as written makes another declarer than the Declarer
/// tag, and exactly one number of restored passes (1 to 3) makes the Declarer tag's player
/// declarer of the Contract tag's contract, with the Play tag's player on lead (a play is
/// required: without it a plain mismatch is more likely), without any other problem, the auction
/// is read with those passes and a warning says so.
pub(super) fn restore_opening_passes(
    info: &mut GameInfo,
    auction_span: Span,
    // The auction's replay diagnostics, held back: replaced by the restored auction's.
    replay_diags: &mut Vec<Diagnostic>,
    diags: &mut dyn DiagnosticSink,
) {
    let (Some(auction), Some(dealer), Some(declarer)) = (&info.auction, info.dealer, info.declarer) else {
        return;
    };
    if declarer.irregular || auction.first != dealer || auction.prose {
        return;
    }
    let fits = |outcome: Option<(Contract, Option<Compass>)>| {
        outcome.is_some_and(|(contract, by)| {
            by == Some(declarer.seat)
                && info.contract.is_none_or(|c| c == contract)
                && info.play.as_ref().is_some_and(|p| p.first == declarer.seat.next())
        })
    };
    if fits(info.auction_outcome)
        || auction.entries.first().is_some_and(|e| {
            matches!(e.item, AuctionItem::Call { call: Call::Pass, .. } | AuctionItem::Placeholder)
        })
    {
        return;
    }
    let mut found = None;
    for k in 1..=3usize {
        let mut restored = auction.clone();
        let at = Span::at(auction.entries.first().map_or(auction_span.end, |e| e.span.start));
        let passes = (0..k).map(|_| crate::model::AuctionEntry {
            item: AuctionItem::Call { call: Call::Pass, insufficient: false },
            annotation: crate::model::Annotation::default(),
            span: at,
        });
        restored.entries.splice(0..0, passes);
        let mut tmp = Vec::new();
        let outcome = replay_auction(&restored, Some(dealer), auction_span, &mut tmp);
        if fits(outcome) && !tmp.iter().any(Diagnostic::is_error) {
            if found.is_some() {
                return;
            }
            found = Some((k, restored, outcome, tmp));
        }
    }
    let Some((k, restored, outcome, tmp)) = found else { return };
    let first_call = restored.entries.get(k).map_or(auction_span, |e| e.span);
    diags.report(
        warn(
            codes::AUCTION_OPENING_PASSES_OMITTED,
            format!(
                "the auction leaves out the dealer's opening pass{}: read with {k} pass{} before it, so that {} is declarer as the Declarer tag says",
                if k == 1 { "" } else { "es" },
                if k == 1 { "" } else { "es" },
                declarer.seat
            ),
            first_call,
        )
        .with_help("PBN writes every call from the dealer's on, passes included"),
    );
    *replay_diags = tmp;
    info.auction_outcome = outcome;
    info.auction = Some(restored);
}

pub(super) fn check_contract(tags: &Tags<'_, '_>, info: &GameInfo, diags: &mut dyn DiagnosticSink) {
    let Some((contract, declarer)) = info.auction_outcome else { return };
    if let (Some(tag_contract), Some(t)) = (info.contract, tags.get(Known::Contract))
        && tag_contract != contract
        && !matches!(tag_contract, Contract::Trump(_))
    {
        diags.report(err(
            codes::CONTRACT_MISMATCH,
            format!(
                "the auction ends in {}, the Contract tag says {}",
                contract.export(),
                tag_contract.export()
            ),
            t.value_span,
        ));
    }
    if let (Some(tag_decl), Some(auction_decl), Some(t)) =
        (info.declarer, declarer, tags.get(Known::Declarer))
        && !tag_decl.irregular
        && tag_decl.seat != auction_decl
    {
        diags.report(err(
            codes::DECLARER_MISMATCH,
            format!("the auction makes {auction_decl} declarer, the Declarer tag says {}", tag_decl.seat),
            t.value_span,
        ));
    }
}
