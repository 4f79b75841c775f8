//! Scores: the duplicate score (bridge-core's) from contract, declarer, vulnerability and result,
//! and the Score tags.

#[allow(clippy::wildcard_imports)]
use super::*;
use bridge_core::duplicate_score;

pub(super) fn check_score(tags: &Tags<'_, '_>, info: &mut GameInfo, diags: &mut dyn DiagnosticSink) {
    let score_ns = match (info.contract, info.declarer, info.vulnerable, info.result) {
        (Some(Contract::Pass), _, _, _) => Some(0),
        (
            Some(Contract::Bid(bridge_core::Contract { level, denomination, risk })),
            Some(d),
            Some(v),
            Some(r),
        ) => r.declarer_tricks(Some(d.seat)).map(|t| {
            let s = duplicate_score(level, denomination, risk, v.is_vulnerable(d.seat), t);
            if d.seat.is_north_south() { s } else { -s }
        }),
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
        diags.report(warn(
            codes::SCORE_MISMATCH,
            format!("the Score tag gives {side} {given}, the duplicate score is {expected}"),
            t.value_span,
        ));
    }
}
