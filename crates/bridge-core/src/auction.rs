//! The auction: whose turn it is, which calls are legal, when it ends and what it reaches.

use cards_core::Compass;

use crate::{Call, Contract, Denomination, Risk};

/// How an auction stands.
///
/// ```
/// use bridge_core::{Bidding, Call, Outcome};
/// use cards_core::Compass;
/// let mut bidding = Bidding::new(Compass::North);
/// for _ in 0..4 {
///     bidding.call(Call::Pass).unwrap();
/// }
/// assert_eq!(bidding.outcome(), Outcome::PassedOut);
/// ```
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Not ended.
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

/// Why a call is not allowed where it stands (the laws of duplicate bridge, 18 and 19).
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Irregularity {
    /// A bid not higher than the last bid, which is given.
    Insufficient {
        /// The last bid's level.
        level: u8,
        /// The last bid's denomination.
        denomination: Denomination,
    },
    /// A double without an undoubled bid of the opponents' to double.
    Double,
    /// A redouble without an opponent's double of one's own side's bid to redouble.
    Redouble,
    /// A call after the auction ended (not taken into it).
    AfterEnd,
}

/// The legal-call state machine of an auction: the calls are given in turn from the first
/// player's; each is taken into the auction and [`Bidding::call`] says when it was not allowed.
///
/// A call that is not allowed still counts as written (an insufficient bid the opponents accepted
/// stands; a doubled contract stays doubled), except that a redouble must answer a double that
/// the laws allow: an inadmissible double is cancelled (law 36), so it cannot be redoubled.
///
/// ```
/// use bridge_core::{Bidding, Call, Contract, Denomination, Irregularity, Outcome, Risk};
/// use cards_core::Compass;
/// let mut bidding = Bidding::new(Compass::North);
/// let spades = Call::Bid { level: 1, denomination: Denomination::Spades };
/// assert_eq!(bidding.call(spades), Ok(()));
/// assert_eq!(bidding.turn(), Compass::East);
/// assert_eq!(bidding.call(Call::Redouble), Err(Irregularity::Redouble));
/// let hearts = Call::Bid { level: 1, denomination: Denomination::Hearts };
/// assert_eq!(
///     bidding.call(hearts),
///     Err(Irregularity::Insufficient { level: 1, denomination: Denomination::Spades })
/// );
/// for _ in 0..3 {
///     bidding.call(Call::Pass).unwrap();
/// }
/// let contract = Contract { level: 1, denomination: Denomination::Hearts, risk: Risk::Undoubled };
/// assert_eq!(bidding.outcome(), Outcome::Contract { contract, declarer: Compass::South });
/// assert_eq!(bidding.call(Call::Pass), Err(Irregularity::AfterEnd));
/// ```
#[derive(Debug, Clone)]
pub struct Bidding {
    turn: Compass,
    last_bid: Option<(u8, Denomination, Compass)>,
    risk: Risk,
    /// Who made the double that stands, while the contract is doubled.
    doubled_by: Option<Compass>,
    passes: u8,
    ended: bool,
    /// First player of each side to name each denomination: `[side][denomination]`.
    first_namer: [[Option<Compass>; 5]; 2],
}

impl Bidding {
    /// An auction whose first call is `first`'s (the dealer's, in a regular auction).
    #[must_use]
    pub const fn new(first: Compass) -> Bidding {
        Bidding {
            turn: first,
            last_bid: None,
            risk: Risk::Undoubled,
            doubled_by: None,
            passes: 0,
            ended: false,
            first_namer: [[None; 5]; 2],
        }
    }

    /// Whose call it is.
    #[must_use]
    pub const fn turn(&self) -> Compass {
        self.turn
    }

    /// Whether the auction ended (three passes after a bid, or four passes).
    #[must_use]
    pub const fn is_ended(&self) -> bool {
        self.ended
    }

    /// Moves the turn on without a call (a call not known, a player skipped).
    pub const fn skip(&mut self) {
        self.turn = self.turn.next();
    }

    /// Ends the auction as if every player left passed (PBN's `AP`).
    pub const fn pass_out(&mut self) {
        self.ended = true;
        self.turn = self.turn.next();
    }

    /// Takes `call`, made by [`Bidding::turn`], into the auction and moves the turn on; `Err`
    /// says why it was not allowed (it is taken all the same, but for [`Irregularity::AfterEnd`]).
    ///
    /// # Errors
    /// The [`Irregularity`] when the call is not legal here.
    pub fn call(&mut self, call: Call) -> Result<(), Irregularity> {
        if self.ended {
            return Err(Irregularity::AfterEnd);
        }
        let seat = self.turn;
        self.turn = seat.next();
        let own_bid = self.last_bid.map(|(_, _, by)| by.is_north_south() == seat.is_north_south());
        let verdict = match call {
            Call::Pass => {
                self.passes += 1;
                self.ended = self.passes == if self.last_bid.is_some() { 3 } else { 4 };
                return Ok(());
            }
            Call::Bid { level, denomination } => {
                let verdict = match self.last_bid {
                    Some((l, d, _)) if (level, denomination) <= (l, d) => {
                        Err(Irregularity::Insufficient { level: l, denomination: d })
                    }
                    _ => Ok(()),
                };
                let side = usize::from(!seat.is_north_south());
                self.first_namer[side][denomination as usize].get_or_insert(seat);
                self.last_bid = Some((level, denomination, seat));
                self.risk = Risk::Undoubled;
                self.doubled_by = None;
                verdict
            }
            Call::Double => {
                let ok = own_bid == Some(false) && self.risk == Risk::Undoubled;
                self.risk = Risk::Doubled;
                self.doubled_by = Some(seat);
                if ok { Ok(()) } else { Err(Irregularity::Double) }
            }
            Call::Redouble => {
                let opponent_doubled =
                    self.doubled_by.is_some_and(|by| by.is_north_south() != seat.is_north_south());
                let ok = own_bid == Some(true) && self.risk == Risk::Doubled && opponent_doubled;
                self.risk = Risk::Redoubled;
                self.doubled_by = None;
                if ok { Ok(()) } else { Err(Irregularity::Redouble) }
            }
        };
        self.passes = 0;
        verdict
    }

    /// How the auction stands: open until it ends, then passed out or the contract and its
    /// declarer.
    #[must_use]
    pub fn outcome(&self) -> Outcome {
        if !self.ended {
            return Outcome::Open;
        }
        match self.last_bid {
            None => Outcome::PassedOut,
            Some((level, denomination, by)) => {
                let side = usize::from(!by.is_north_south());
                let declarer = self.first_namer[side][denomination as usize].unwrap_or(by);
                Outcome::Contract { contract: Contract { level, denomination, risk: self.risk }, declarer }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const fn bid(level: u8, denomination: Denomination) -> Call {
        Call::Bid { level, denomination }
    }

    fn replay(first: Compass, calls: &[Call]) -> (Vec<Result<(), Irregularity>>, Outcome) {
        let mut bidding = Bidding::new(first);
        let verdicts = calls.iter().map(|&c| bidding.call(c)).collect();
        (verdicts, bidding.outcome())
    }

    #[test]
    fn declarer_is_the_first_of_the_side_to_name_the_denomination() {
        use Denomination::{Hearts, Spades};
        let calls = [bid(1, Hearts), Call::Pass, bid(2, Hearts), Call::Pass, bid(4, Hearts)];
        let mut calls = calls.to_vec();
        calls.extend([Call::Double, Call::Redouble, Call::Pass, Call::Pass, Call::Pass]);
        let (verdicts, outcome) = replay(Compass::East, &calls);
        assert!(verdicts.iter().all(Result::is_ok), "{verdicts:?}");
        let contract = Contract { level: 4, denomination: Hearts, risk: Risk::Redoubled };
        assert_eq!(outcome, Outcome::Contract { contract, declarer: Compass::East });
        // A side's other denomination has its own first namer.
        let (_, outcome) = replay(
            Compass::North,
            &[bid(1, Hearts), Call::Pass, bid(1, Spades), Call::Pass, Call::Pass, Call::Pass],
        );
        let contract = Contract { level: 1, denomination: Spades, risk: Risk::Undoubled };
        assert_eq!(outcome, Outcome::Contract { contract, declarer: Compass::South });
    }

    #[test]
    fn ends_after_three_passes_following_a_bid_or_four_without() {
        let (_, outcome) = replay(Compass::West, &[Call::Pass; 3]);
        assert_eq!(outcome, Outcome::Open);
        let (verdicts, outcome) = replay(Compass::West, &[Call::Pass; 5]);
        assert_eq!(outcome, Outcome::PassedOut);
        assert_eq!(verdicts[4], Err(Irregularity::AfterEnd));
        let mut bidding = Bidding::new(Compass::South);
        bidding.pass_out();
        assert_eq!((bidding.outcome(), bidding.turn()), (Outcome::PassedOut, Compass::West));
    }

    #[test]
    fn doubles_need_an_undoubled_opponents_bid() {
        use Irregularity::Double;
        let spades = bid(1, Denomination::Spades);
        let (verdicts, _) = replay(Compass::North, &[Call::Double]);
        assert_eq!(verdicts, [Err(Double)]);
        let (verdicts, _) = replay(Compass::North, &[spades, Call::Pass, Call::Double]);
        assert_eq!(verdicts[2], Err(Double));
        let (verdicts, _) = replay(Compass::North, &[spades, Call::Double, Call::Pass, Call::Double]);
        assert_eq!(verdicts[1..], [Ok(()), Ok(()), Err(Double)]);
    }

    #[test]
    fn a_redouble_answers_an_opponents_double_of_its_sides_bid() {
        use Irregularity::{Double, Redouble};
        let spades = bid(1, Denomination::Spades);
        // North 1S, East X, South XX: legal; West XX again: not.
        let (verdicts, _) = replay(Compass::North, &[spades, Call::Double, Call::Redouble, Call::Redouble]);
        assert_eq!(verdicts, [Ok(()), Ok(()), Ok(()), Err(Redouble)]);
        // North 1S, East passes, South doubles its partner's bid (cancelled by law 36): neither
        // side may redouble it.
        let calls = [spades, Call::Pass, Call::Double, Call::Redouble];
        let (verdicts, _) = replay(Compass::North, &calls);
        assert_eq!(verdicts[2..], [Err(Double), Err(Redouble)]);
        let calls = [spades, Call::Pass, Call::Double, Call::Pass, Call::Redouble];
        let (verdicts, _) = replay(Compass::North, &calls);
        assert_eq!(verdicts[2..], [Err(Double), Ok(()), Err(Redouble)]);
        // The doubled contract stays doubled as written.
        let calls = [spades, Call::Pass, Call::Double, Call::Pass, Call::Pass, Call::Pass];
        let (_, outcome) = replay(Compass::North, &calls);
        let contract = Contract { level: 1, denomination: Denomination::Spades, risk: Risk::Doubled };
        assert_eq!(outcome, Outcome::Contract { contract, declarer: Compass::North });
    }

    #[test]
    fn skipped_turns_move_the_turn_on() {
        let mut bidding = Bidding::new(Compass::North);
        bidding.skip();
        assert_eq!(bidding.turn(), Compass::East);
        assert_eq!(bidding.call(Call::Double), Err(Irregularity::Double));
        assert_eq!(bidding.turn(), Compass::South);
    }
}
