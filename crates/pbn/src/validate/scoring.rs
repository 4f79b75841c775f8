//! Scores: the duplicate score from contract, declarer, vulnerability and result, and the Score tags.

#[allow(clippy::wildcard_imports)]
use super::*;

/// The duplicate score of a contract for the declaring side.
///
/// ```
/// use pbn::model::{Denomination, Risk};
/// assert_eq!(pbn::duplicate_score(4, Denomination::Spades, Risk::Undoubled, false, 10), 420);
/// assert_eq!(pbn::duplicate_score(3, Denomination::NoTrump, Risk::Doubled, true, 7), -500);
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

pub(super) fn check_score(tags: &Tags<'_, '_>, info: &mut GameInfo, diags: &mut Vec<Diagnostic>) {
    let score_ns = match (info.contract, info.declarer, info.vulnerable, info.result) {
        (Some(Contract::Pass), _, _, _) => Some(0),
        (Some(Contract::Bid { level, denomination, risk }), Some(d), Some(v), Some(r)) => {
            r.declarer_tricks(Some(d.seat)).map(|t| {
                let s = duplicate_score(level, denomination, risk, v.is_vulnerable(d.seat), t);
                if d.seat.is_north_south() { s } else { -s }
            })
        }
        _ => None,
    };
    info.score_ns = score_ns;
    let (Some(ns), Some(t)) = (score_ns, tags.get(Known::Score)) else { return };
    let Ok(given) = parse::parse_side_score(&t.value, parse::is_integer) else { return };
    let decl_ns = info.declarer.map(|d| d.seat.is_north_south());
    let expect = |side_ns: bool| if side_ns { ns } else { -ns };
    let mut mismatch = None;
    if let (Some(v), Some(dns)) = (given.declarer.as_deref().and_then(parse::parse_int), decl_ns)
        && v != expect(dns)
    {
        mismatch = Some((v, expect(dns), "declarer"));
    }
    if let Some(v) = given.ns.as_deref().and_then(parse::parse_int)
        && v != ns
    {
        mismatch = Some((v, ns, "NS"));
    }
    if let Some(v) = given.ew.as_deref().and_then(parse::parse_int)
        && v != -ns
    {
        mismatch = Some((v, -ns, "EW"));
    }
    if let Some((given, expected, side)) = mismatch {
        diags.push(warn(
            codes::SCORE_MISMATCH,
            format!("the Score tag gives {side} {given}, the duplicate score is {expected}"),
            t.value_span,
        ));
    }
}
