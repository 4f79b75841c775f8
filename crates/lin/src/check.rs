//! The game checks of a board: the auction's legality, the play's (cards held, suit followed),
//! and the claim against the tricks won and left.

use bridge_core::{Bidding, Irregularity, trick_winner};
use cards_core::{Card, CardSet, Compass, Diagnostic, DiagnosticSink};

use crate::codes;
use crate::model::{AuctionCall, Board, Content, denomination_letter};
use crate::{Options, Record};

/// Adds the game checks to a record the [`Reader`](crate::Reader) read (call it once per record):
/// a board's auction, play and claim; a match header has none. The diagnostics stay in source
/// order, and under `options.strict` the leniencies ([`codes::LENIENCIES`]) become errors.
///
/// ```
/// let text = "md|1SAKQJHAKQDAKQCAKQ,S2345H2345D2345C2,S6789H6789D6789C3,|mb|1S|mb|1H|";
/// let options = lin::Options::default();
/// let mut record = lin::Reader::from_str(text, options).next().unwrap()?;
/// assert!(!record.has_errors()); // reading alone finds nothing wrong
/// lin::check(&mut record, &options);
/// let error = record.errors().next().unwrap();
/// assert_eq!(error.code(), lin::codes::LIN_AUCTION_INSUFFICIENT);
/// assert_eq!(&text[error.span().range()], "mb|1H|");
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn check(record: &mut Record, options: &Options) {
    if let Content::Board(board) = &record.model.content {
        let found = record.diagnostics.len();
        check_board(board, &mut record.diagnostics);
        if record.diagnostics.len() > found {
            record.diagnostics.sort_by_key(|d| d.span().start);
        }
    }
    options.apply(&mut record.diagnostics);
}

/// How an auction stands (bridge-core's; `Open` also when there is no dealer to know who called).
pub use bridge_core::Outcome;

/// Checks `board` and pushes what is wrong.
pub fn check_board(board: &Board, diagnostics: &mut dyn DiagnosticSink) {
    let outcome = check_auction(board, diagnostics);
    let tricks = check_play(board, outcome, diagnostics);
    check_claim(board, outcome, tricks, diagnostics);
}

/// The outcome of the board's auction (no diagnostics).
#[must_use]
pub fn outcome(board: &Board) -> Outcome {
    check_auction(board, &mut Vec::new())
}

fn check_auction(board: &Board, diagnostics: &mut dyn DiagnosticSink) -> Outcome {
    let Some(dealer) = board.dealer else { return Outcome::Open };
    let first_card = board.play.first().map(|c| c.span.start);
    let mut bidding = Bidding::new(dealer);
    for entry in &board.auction {
        if first_card.is_some_and(|at| entry.span.start > at) {
            diagnostics.report(Diagnostic::error(
                codes::LIN_CALL_AFTER_PLAY,
                "a call after the play began",
                entry.span,
            ));
            break;
        }
        let Some(call) = entry.call else {
            if bidding.is_ended() {
                diagnostics.report(illegal(entry, bidding.turn(), Irregularity::AfterEnd));
                break;
            }
            return Outcome::Open;
        };
        let seat = bidding.turn();
        if let Err(irregularity) = bidding.call(call) {
            diagnostics.report(illegal(entry, seat, irregularity));
            if irregularity == Irregularity::AfterEnd {
                break;
            }
        }
    }
    bidding.outcome()
}

/// The report of a call the auction does not allow, made by `seat`.
fn illegal(entry: &AuctionCall, seat: Compass, irregularity: Irregularity) -> Diagnostic {
    let (code, message) = match irregularity {
        Irregularity::Insufficient { level, denomination } => (
            codes::LIN_AUCTION_INSUFFICIENT,
            format!("`{}` is not higher than {level}{}", entry.text, denomination_letter(denomination)),
        ),
        Irregularity::Double => {
            (codes::LIN_AUCTION_DOUBLE, format!("{seat} doubles, but there is no undoubled opponents' bid"))
        }
        Irregularity::Redouble => {
            (codes::LIN_AUCTION_REDOUBLE, format!("{seat} redoubles, but there is no opponents' double"))
        }
        Irregularity::AfterEnd => {
            (codes::LIN_AUCTION_AFTER_END, format!("`{}` after the auction ended", entry.text))
        }
    };
    Diagnostic::error(code, message, entry.span)
}

/// Tricks won by declarer's side and tricks completed, when the play could be followed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Tricks {
    won: u8,
    played: u8,
}

fn check_play(board: &Board, outcome: Outcome, diagnostics: &mut dyn DiagnosticSink) -> Option<Tricks> {
    let first = board.play.first()?;
    let Outcome::Contract { contract, declarer } = outcome else {
        diagnostics.report(Diagnostic::error(
            codes::LIN_PLAY_WITHOUT_CONTRACT,
            if outcome == Outcome::PassedOut {
                "cards played after a passed-out auction"
            } else {
                "cards played before the auction ended"
            },
            first.span,
        ));
        return None;
    };
    let mut hands =
        board.deal.filter(crate::model::Deal::is_full).map(|d| d.hands.map(|h| h.unwrap_or_default()));
    let mut played = CardSet::EMPTY;
    let mut leader = declarer.next();
    let mut trick: Vec<(Compass, Card)> = Vec::with_capacity(4);
    let mut tricks = Tricks { won: 0, played: 0 };
    for (i, entry) in board.play.iter().enumerate() {
        if i == 52 {
            diagnostics.report(Diagnostic::error(
                codes::LIN_PLAY_TOO_LONG,
                "more than 52 cards played",
                entry.span,
            ));
            return None;
        }
        let card = entry.card?;
        let seat = leader.advance(trick.len());
        if !played.insert(card) {
            diagnostics.report(Diagnostic::error(
                codes::LIN_PLAY_NOT_HELD,
                format!("{} was already played", entry.text),
                entry.span,
            ));
            return None;
        }
        if let Some(hands) = hands.as_mut() {
            let hand = &mut hands[seat.index()];
            if !hand.contains(card) {
                diagnostics.report(Diagnostic::error(
                    codes::LIN_PLAY_NOT_HELD,
                    format!("{seat} plays {}, a card {seat} does not hold", entry.text),
                    entry.span,
                ));
                return None;
            }
            if let Some(&(_, lead)) = trick.first()
                && card.suit() != lead.suit()
                && !hand.suit(lead.suit()).is_empty()
            {
                diagnostics.report(
                    Diagnostic::error(
                        codes::LIN_PLAY_REVOKE,
                        format!("{seat} plays {} but holds {}", entry.text, lead.suit().upper_char()),
                        entry.span,
                    )
                    .with_help("a player must follow the suit led"),
                );
            }
            hand.remove(card);
        }
        trick.push((seat, card));
        if trick.len() == 4 {
            let winner = trick_winner(&trick, contract.denomination.trump()).unwrap_or(seat);
            if winner.is_north_south() == declarer.is_north_south() {
                tricks.won += 1;
            }
            tricks.played += 1;
            leader = winner;
            trick.clear();
        }
    }
    Some(tricks)
}

fn check_claim(
    board: &Board,
    outcome: Outcome,
    tricks: Option<Tricks>,
    diagnostics: &mut dyn DiagnosticSink,
) {
    let Some(claim) = board.claim else { return };
    let span = board
        .play
        .last()
        .map_or_else(|| board.auction.last().map(|c| c.span).unwrap_or_default(), |c| c.span);
    match outcome {
        Outcome::PassedOut => diagnostics.report(Diagnostic::error(
            codes::LIN_CLAIM_WITHOUT_CONTRACT,
            "a claim on a passed-out board",
            span,
        )),
        Outcome::Open => {}
        Outcome::Contract { .. } => {
            let tricks = match tricks {
                Some(tricks) => tricks,
                None if board.play.is_empty() => Tricks { won: 0, played: 0 },
                // The play could not be followed (reported there): the tricks won are unknown.
                None => return,
            };
            let most = tricks.won + (13 - tricks.played);
            if claim < tricks.won || claim > most {
                diagnostics.report(Diagnostic::error(
                    codes::LIN_CLAIM_IMPOSSIBLE,
                    format!(
                        "a claim of {claim} tricks; declarer has {} and at most {most} can be won",
                        tricks.won
                    ),
                    span,
                ));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::{Options, Reader};

    fn auction_errors(calls: &str) -> Vec<(String, String)> {
        let text = format!("md|1SAKQJHAKQDAKQCAKQ,S2345H2345D2345C2,S6789H6789D6789C3,|{calls}");
        let options = Options::default();
        let mut record = Reader::from_str(&text, options).next().unwrap().unwrap();
        super::check(&mut record, &options);
        record.errors().map(|d| (d.code().to_string(), d.message().to_string())).collect()
    }

    /// A double of one's own side's bid is cancelled (law 36): it cannot be redoubled, by either
    /// side. LIN allowed the other side to redouble it before the auction replay moved to
    /// bridge-core (PBN allowed the bidder's side); both notations now report both redoubles.
    #[test]
    fn a_redouble_of_an_inadmissible_double_is_reported() {
        let double = (
            "LIN_AUCTION_DOUBLE".to_owned(),
            "N doubles, but there is no undoubled opponents' bid".to_owned(),
        );
        // South deals and bids, North doubles its partner's bid, East redoubles: it was allowed.
        let errors = auction_errors("mb|1S|mb|p|mb|x|mb|xx|mb|p|mb|p|mb|p|");
        let redouble =
            ("LIN_AUCTION_REDOUBLE".to_owned(), "E redoubles, but there is no opponents' double".to_owned());
        assert_eq!(errors, [double.clone(), redouble]);
        let errors = auction_errors("mb|1S|mb|p|mb|x|mb|p|mb|xx|mb|p|mb|p|mb|p|");
        let redouble =
            ("LIN_AUCTION_REDOUBLE".to_owned(), "S redoubles, but there is no opponents' double".to_owned());
        assert_eq!(errors, [double, redouble]);
        // A redouble of the opponents' double stands.
        assert!(auction_errors("mb|1S|mb|x|mb|xx|mb|p|mb|p|mb|p|").is_empty());
    }
}
