//! The game checks of a board: the auction's legality, the play's (cards held, suit followed),
//! and the claim against the tricks won and left.

use bridge_core::{Contract, Risk, trick_winner};
use cards_core::{Card, CardSet, Compass, Diagnostic};

use crate::codes;
use crate::model::{AuctionCall, Board, Call, Content, Denomination, denomination_letter};
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

/// How an auction stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Not ended (or no dealer to know who called).
    Open,
    /// Four passes.
    PassedOut,
    /// Ended in a contract.
    Contract {
        /// The last bid and its doubling.
        contract: Contract,
        /// The first player of the side that won the auction to name its denomination.
        declarer: Compass,
    },
}

/// Checks `board` and pushes what is wrong.
pub fn check_board(board: &Board, diagnostics: &mut Vec<Diagnostic>) {
    let outcome = check_auction(board, diagnostics);
    let tricks = check_play(board, outcome, diagnostics);
    check_claim(board, outcome, tricks, diagnostics);
}

/// The outcome of the board's auction (no diagnostics).
#[must_use]
pub fn outcome(board: &Board) -> Outcome {
    check_auction(board, &mut Vec::new())
}

fn check_auction(board: &Board, diagnostics: &mut Vec<Diagnostic>) -> Outcome {
    let Some(dealer) = board.dealer else { return Outcome::Open };
    let first_card = board.play.first().map(|c| c.span.start);
    let mut last_bid: Option<(u8, Denomination, Compass)> = None;
    let mut risk = Risk::Undoubled;
    let mut risk_side_ns = false;
    let mut passes = 0;
    let mut ended = false;
    let mut first_bidder: [[Option<Compass>; 5]; 2] = [[None; 5]; 2];
    for (i, entry) in board.auction.iter().enumerate() {
        let seat = dealer.advance(i);
        if first_card.is_some_and(|at| entry.span.start > at) {
            diagnostics.push(Diagnostic::error(
                codes::LIN_CALL_AFTER_PLAY,
                "a call after the play began",
                entry.span,
            ));
            break;
        }
        if ended {
            diagnostics.push(Diagnostic::error(
                codes::LIN_AUCTION_AFTER_END,
                format!("`{}` after the auction ended", entry.text),
                entry.span,
            ));
            break;
        }
        let Some(call) = entry.call else { return Outcome::Open };
        match call {
            Call::Pass => passes += 1,
            Call::Bid { level, denomination } => {
                if let Some((l, d, _)) = last_bid
                    && (level, denomination) <= (l, d)
                {
                    diagnostics.push(insufficient(entry, l, d));
                }
                last_bid = Some((level, denomination, seat));
                let side = usize::from(!seat.is_north_south());
                first_bidder[side][denomination as usize].get_or_insert(seat);
                risk = Risk::Undoubled;
                passes = 0;
            }
            Call::Double => {
                let ok = last_bid.is_some_and(|(_, _, by)| by.is_north_south() != seat.is_north_south())
                    && risk == Risk::Undoubled;
                if !ok {
                    diagnostics.push(Diagnostic::error(
                        codes::LIN_AUCTION_DOUBLE,
                        format!("{seat} doubles, but there is no undoubled opponents' bid"),
                        entry.span,
                    ));
                }
                risk = Risk::Doubled;
                risk_side_ns = seat.is_north_south();
                passes = 0;
            }
            Call::Redouble => {
                if risk != Risk::Doubled || risk_side_ns == seat.is_north_south() {
                    diagnostics.push(Diagnostic::error(
                        codes::LIN_AUCTION_REDOUBLE,
                        format!("{seat} redoubles, but there is no opponents' double"),
                        entry.span,
                    ));
                }
                risk = Risk::Redoubled;
                passes = 0;
            }
        }
        ended = (last_bid.is_some() && passes == 3) || passes == 4;
    }
    if !ended {
        return Outcome::Open;
    }
    match last_bid {
        None => Outcome::PassedOut,
        Some((level, denomination, by)) => {
            let side = usize::from(!by.is_north_south());
            let declarer = first_bidder[side][denomination as usize].unwrap_or(by);
            Outcome::Contract { contract: Contract { level, denomination, risk }, declarer }
        }
    }
}

fn insufficient(entry: &AuctionCall, level: u8, denomination: Denomination) -> Diagnostic {
    Diagnostic::error(
        codes::LIN_AUCTION_INSUFFICIENT,
        format!("`{}` is not higher than {level}{}", entry.text, denomination_letter(denomination)),
        entry.span,
    )
}

/// Tricks won by declarer's side and tricks completed, when the play could be followed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Tricks {
    won: u8,
    played: u8,
}

fn check_play(board: &Board, outcome: Outcome, diagnostics: &mut Vec<Diagnostic>) -> Option<Tricks> {
    let first = board.play.first()?;
    let Outcome::Contract { contract, declarer } = outcome else {
        diagnostics.push(Diagnostic::error(
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
            diagnostics.push(Diagnostic::error(
                codes::LIN_PLAY_TOO_LONG,
                "more than 52 cards played",
                entry.span,
            ));
            return None;
        }
        let card = entry.card?;
        let seat = leader.advance(trick.len());
        if !played.insert(card) {
            diagnostics.push(Diagnostic::error(
                codes::LIN_PLAY_NOT_HELD,
                format!("{} was already played", entry.text),
                entry.span,
            ));
            return None;
        }
        if let Some(hands) = hands.as_mut() {
            let hand = &mut hands[seat.index()];
            if !hand.contains(card) {
                diagnostics.push(Diagnostic::error(
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
                diagnostics.push(
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

fn check_claim(board: &Board, outcome: Outcome, tricks: Option<Tricks>, diagnostics: &mut Vec<Diagnostic>) {
    let Some(claim) = board.claim else { return };
    let span = board
        .play
        .last()
        .map_or_else(|| board.auction.last().map(|c| c.span).unwrap_or_default(), |c| c.span);
    match outcome {
        Outcome::PassedOut => diagnostics.push(Diagnostic::error(
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
                diagnostics.push(Diagnostic::error(
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
