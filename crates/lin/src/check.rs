//! The game checks of a board: the auction's legality, the play's (cards held, suit followed),
//! and the claim against the tricks won and left.

use cards_core::{Card, CardSet, Compass, Diagnostic, Suit};

use crate::codes;
use crate::model::{AuctionCall, Board, Call, Content, Strain};
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

/// The contract an auction reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Contract {
    /// 1 to 7.
    pub level: u8,
    /// Denomination.
    pub strain: Strain,
    /// 0 undoubled, 1 doubled, 2 redoubled.
    pub risk: u8,
    /// Declarer.
    pub declarer: Compass,
}

impl Contract {
    /// PBN's spelling: `4S`, `3NTX`, `6HXX`.
    #[must_use]
    pub fn pbn(&self) -> String {
        let strain = match self.strain {
            Strain::NoTrump => "NT".to_owned(),
            other => other.letter().to_string(),
        };
        format!("{}{strain}{}", self.level, ["", "X", "XX"][usize::from(self.risk.min(2))])
    }
}

/// How an auction stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Not ended (or no dealer to know who called).
    Open,
    /// Four passes.
    PassedOut,
    /// Ended in a contract.
    Contract(Contract),
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
    let mut last_bid: Option<(u8, Strain, Compass)> = None;
    let mut risk = 0u8;
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
            Call::Bid { level, strain } => {
                if let Some((l, s, _)) = last_bid
                    && (level, strain) <= (l, s)
                {
                    diagnostics.push(insufficient(entry, l, s));
                }
                last_bid = Some((level, strain, seat));
                let side = usize::from(!seat.is_north_south());
                first_bidder[side][strain as usize].get_or_insert(seat);
                risk = 0;
                passes = 0;
            }
            Call::Double => {
                let ok = last_bid.is_some_and(|(_, _, by)| by.is_north_south() != seat.is_north_south())
                    && risk == 0;
                if !ok {
                    diagnostics.push(Diagnostic::error(
                        codes::LIN_AUCTION_DOUBLE,
                        format!("{seat} doubles, but there is no undoubled opponents' bid"),
                        entry.span,
                    ));
                }
                risk = 1;
                risk_side_ns = seat.is_north_south();
                passes = 0;
            }
            Call::Redouble => {
                if risk != 1 || risk_side_ns == seat.is_north_south() {
                    diagnostics.push(Diagnostic::error(
                        codes::LIN_AUCTION_REDOUBLE,
                        format!("{seat} redoubles, but there is no opponents' double"),
                        entry.span,
                    ));
                }
                risk = 2;
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
        Some((level, strain, by)) => {
            let side = usize::from(!by.is_north_south());
            let declarer = first_bidder[side][strain as usize].unwrap_or(by);
            Outcome::Contract(Contract { level, strain, risk, declarer })
        }
    }
}

fn insufficient(entry: &AuctionCall, level: u8, strain: Strain) -> Diagnostic {
    Diagnostic::error(
        codes::LIN_AUCTION_INSUFFICIENT,
        format!("`{}` is not higher than {level}{}", entry.text, strain.letter()),
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
    let Outcome::Contract(contract) = outcome else {
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
    let mut leader = contract.declarer.next();
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
            let winner = trick_winner(&trick, contract.strain.trump());
            if winner.is_north_south() == contract.declarer.is_north_south() {
                tricks.won += 1;
            }
            tricks.played += 1;
            leader = winner;
            trick.clear();
        }
    }
    Some(tricks)
}

/// The seat that wins a full trick.
#[must_use]
pub fn trick_winner(trick: &[(Compass, Card)], trump: Option<Suit>) -> Compass {
    let cards = trick.iter().map(|&(_, card)| card);
    cards_core::trick::winner(cards, trump, cards_core::trick::by_rank)
        .and_then(|i| trick.get(i))
        .map_or(Compass::North, |&(seat, _)| seat)
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
        Outcome::Contract(_) => {
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
