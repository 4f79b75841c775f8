//! The duplicate score of a contract.

use crate::{Denomination, Risk};

/// The duplicate score of a contract for the declaring side, given whether declarer's side is
/// vulnerable and the tricks it took (negative: the penalty when the contract fails).
///
/// ```
/// use bridge_core::{Denomination, Risk, duplicate_score};
/// assert_eq!(duplicate_score(4, Denomination::Spades, Risk::Undoubled, false, 10), 420);
/// assert_eq!(duplicate_score(3, Denomination::NoTrump, Risk::Doubled, true, 7), -500);
/// ```
#[must_use]
pub fn duplicate_score(
    level: u8,
    denomination: Denomination,
    risk: Risk,
    vulnerable: bool,
    tricks: u8,
) -> i64 {
    let level = i64::from(level);
    let tricks = i64::from(tricks);
    let need = level + 6;
    let mult = match risk {
        Risk::Undoubled => 1,
        Risk::Doubled => 2,
        Risk::Redoubled => 4,
    };
    if tricks >= need {
        let per = match denomination {
            Denomination::Clubs | Denomination::Diamonds => 20,
            _ => 30,
        };
        let first_extra = if denomination == Denomination::NoTrump { 10 } else { 0 };
        let contract_points = (per * level + first_extra) * mult;
        let over = tricks - need;
        let over_points = match risk {
            Risk::Undoubled => over * per,
            Risk::Doubled => over * if vulnerable { 200 } else { 100 },
            Risk::Redoubled => over * if vulnerable { 400 } else { 200 },
        };
        let game = if contract_points >= 100 { if vulnerable { 500 } else { 300 } } else { 50 };
        let slam = match level {
            6 => {
                if vulnerable {
                    750
                } else {
                    500
                }
            }
            7 => {
                if vulnerable {
                    1500
                } else {
                    1000
                }
            }
            _ => 0,
        };
        let insult = match risk {
            Risk::Undoubled => 0,
            Risk::Doubled => 50,
            Risk::Redoubled => 100,
        };
        contract_points + over_points + game + slam + insult
    } else {
        let down = need - tricks;
        let penalty = match risk {
            Risk::Undoubled => down * if vulnerable { 100 } else { 50 },
            _ => {
                let doubled = if vulnerable {
                    200 + (down - 1) * 300
                } else {
                    match down {
                        1 => 100,
                        2 => 300,
                        3 => 500,
                        d => 500 + (d - 3) * 300,
                    }
                };
                if risk == Risk::Redoubled { doubled * 2 } else { doubled }
            }
        };
        -penalty
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores() {
        use Denomination::*;
        assert_eq!(duplicate_score(3, NoTrump, Risk::Undoubled, false, 9), 400);
        assert_eq!(duplicate_score(3, NoTrump, Risk::Undoubled, true, 10), 630);
        assert_eq!(duplicate_score(2, Hearts, Risk::Undoubled, false, 9), 140);
        assert_eq!(duplicate_score(1, Clubs, Risk::Doubled, false, 7), 140);
        assert_eq!(duplicate_score(1, Clubs, Risk::Redoubled, true, 8), 630);
        assert_eq!(duplicate_score(2, Clubs, Risk::Redoubled, true, 8), 760);
        assert_eq!(duplicate_score(6, Spades, Risk::Undoubled, true, 12), 1430);
        assert_eq!(duplicate_score(7, NoTrump, Risk::Undoubled, false, 13), 1520);
        assert_eq!(duplicate_score(4, Spades, Risk::Doubled, false, 6), -800);
        assert_eq!(duplicate_score(4, Spades, Risk::Doubled, true, 6), -1100);
        assert_eq!(duplicate_score(4, Spades, Risk::Redoubled, false, 9), -200);
        assert_eq!(duplicate_score(4, Spades, Risk::Undoubled, true, 8), -200);
    }
}
