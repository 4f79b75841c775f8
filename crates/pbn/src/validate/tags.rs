//! Tag values: board, dealer, vulnerability, deal, declarer, contract, result, dates, scores and the other known tags.

#[allow(clippy::wildcard_imports)]
use super::*;

/// Whether a value is "unknown" (`?`) or empty.
pub(super) fn blank(v: &str) -> bool {
    v.is_empty() || v == "?"
}

pub(super) fn check_tags(tags: &Tags<'_, '_>, info: &mut GameInfo, diags: &mut dyn DiagnosticSink) {
    for t in tags.list {
        let v = t.value.as_ref();
        if blank(v) && t.name != "Result" {
            continue;
        }
        check_tag(&t.name, v, t.value_span, info, diags);
    }
    check_rubber_history(tags, info, diags);
}

/// Checks one tag's value `v` (at `sp`) and keeps what it gives in `info`: one arm per known tag,
/// each a line or a function.
fn check_tag(name: &str, v: &str, sp: Span, info: &mut GameInfo, diags: &mut dyn DiagnosticSink) {
    match name {
        "Board" => {
            if !v.bytes().all(|c| c.is_ascii_digit()) {
                diags.report(warn(codes::BAD_BOARD, format!("board `{v}` is not a positive integer"), sp));
            }
            info.board = Some(v.to_owned());
        }
        "Dealer" => match parse::parse_seat(v) {
            Some(s) => info.dealer = Some(s),
            None => diags.report(err(codes::BAD_DEALER, format!("dealer `{v}` is not N, E, S or W"), sp)),
        },
        "Vulnerable" => match crate::model::parse_vulnerability(v) {
            Some(x) => info.vulnerable = Some(x),
            None => diags.report(
                err(codes::BAD_VULNERABLE, format!("`{v}` is not a vulnerability"), sp)
                    .with_help("use None, NS, EW or All (Love, -, Both also read)"),
            ),
        },
        "Deal" => match parse::parse_deal_and_slots(v, sp.start) {
            // Offsets inside the value map to the source only when nothing was unescaped.
            Ok((deal, empty_slot)) => {
                check_deal_tag(&deal, empty_slot, sp, diags);
                info.deal = Some(deal);
            }
            Err(d) => diags.report(d),
        },
        "Declarer" => check_declarer(v, sp, info, diags),
        "Contract" => check_contract(v, sp, info, diags),
        "Result" => match parse::parse_result(v) {
            Ok(r) => info.result = r,
            Err(_) => diags.report(
                err(codes::BAD_RESULT, format!("`{v}` is not a result"), sp)
                    .with_help("a result is tricks 0 to 13: `9`, `NS 9`, `EW 4 NS 9`, optionally after `^`"),
            ),
        },
        "Date" | "EventDate" | "UTCDate" if !is_date(v) => {
            diags.report(warn(codes::BAD_DATE, format!("date `{v}` is not YYYY.MM.DD"), sp));
        }
        "Scoring" if !is_scoring(v) => {
            diags.report(err(codes::BAD_SCORING, format!("scoring `{v}` has an empty or invalid field"), sp));
        }
        "Score" => side_score_check(v, sp, fits_i64, codes::BAD_SCORE, false, diags),
        "ScoreIMP" | "ScoreMP" | "ScorePercentage" => {
            side_score_check(v, sp, parse::is_decimal, codes::BAD_SCORE, false, diags);
        }
        // `EW 300/40 NS 50 / 70`: blanks around the `/` are allowed (the spec author's own files).
        "ScoreRubber" => {
            let joined = join_slashes(v);
            side_score_check(&joined, sp, is_rubber_score, codes::BAD_SCORE, false, diags);
        }
        "OptimumScore" => side_score_check(v, sp, fits_i64, codes::BAD_OPTIMUM_SCORE, true, diags),
        "Hidden" if !v.chars().all(|c| matches!(c, 'N' | 'E' | 'S' | 'W' | 'n' | 'e' | 's' | 'w')) => {
            diags.report(err(
                codes::BAD_HIDDEN,
                format!("hidden `{v}` holds something other than seats"),
                sp,
            ));
        }
        _ => {}
    }
}

/// The Deal tag's warnings (a slot left empty, `x` for small cards), then the deal's checks.
fn check_deal_tag(deal: &Deal, empty_slot: bool, sp: Span, diags: &mut dyn DiagnosticSink) {
    if empty_slot {
        diags.report(
            warn(codes::DEAL_EMPTY_HAND, "a hand slot is left empty; read as not given", sp)
                .with_help("write `-` for a hand that is not given"),
        );
    }
    let spotted: Vec<String> =
        Compass::ALL.iter().filter(|&&seat| deal.has_spots(seat)).map(ToString::to_string).collect();
    if !spotted.is_empty() {
        diags.report(
            warn(
                codes::DEAL_SPOT_CARD,
                format!(
                    "`x` stands for an unknown small card (hands {}); checks that need every card of those hands are skipped",
                    spotted.join(", ")
                ),
                sp,
            )
            .with_help("give every card's rank for the deal to be checked in full"),
        );
    }
    check_deal(deal, sp, diags);
}

/// The Declarer tag: a seat, `^` before it when declarer and dummy are swapped.
fn check_declarer(v: &str, sp: Span, info: &mut GameInfo, diags: &mut dyn DiagnosticSink) {
    let (irregular, s) = match v.strip_prefix('^') {
        Some(r) => (true, r),
        None => (false, v),
    };
    match parse::parse_seat(s) {
        Some(seat) => info.declarer = Some(Declarer { seat, irregular }),
        None => diags.report(err(codes::BAD_DECLARER, format!("declarer `{v}` is not a seat"), sp)),
    }
}

/// The Contract tag; `3N` for `3NT` is read with a warning.
fn check_contract(v: &str, sp: Span, info: &mut GameInfo, diags: &mut dyn DiagnosticSink) {
    match Contract::parse(v) {
        Some(c) => info.contract = Some(c),
        None if let Some(c) = crate::model::long_notrump(v).as_deref().and_then(Contract::parse) => {
            diags.report(
                warn(codes::NOTRUMP_AS_N, parse::notrump_message(v), sp).with_help(parse::NOTRUMP_HELP),
            );
            info.contract = Some(c);
        }
        None => diags.report(
            err(codes::BAD_CONTRACT, format!("`{v}` is not a contract"), sp)
                .with_help("a contract is `Pass` or level, denomination and X/XX: `4SX`"),
        ),
    }
}

/// Whether a Scoring value is fields of letters, digits, `_` and `-` separated by `;`.
fn is_scoring(v: &str) -> bool {
    v.split(';')
        .all(|f| !f.is_empty() && f.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_' || c == b'-'))
}

/// ScoreRubberHistory against Vulnerable.
fn check_rubber_history(tags: &Tags<'_, '_>, info: &GameInfo, diags: &mut dyn DiagnosticSink) {
    let Some(t) = tags.get(Known::ScoreRubberHistory) else { return };
    match rubber_vulnerability(&t.value) {
        Some(vul) => {
            if let Some(actual) = info.vulnerable
                && actual != vul
            {
                let span = tags.get(Known::Vulnerable).map_or(t.value_span, |v| v.value_span);
                diags.report(err(
                    codes::RUBBER_VULNERABILITY,
                    format!(
                        "the rubber history makes the vulnerability {}, the Vulnerable tag says {}",
                        crate::model::vulnerability_export(vul),
                        crate::model::vulnerability_export(actual)
                    ),
                    span,
                ));
            }
        }
        None if !blank(&t.value) => diags.report(err(
            codes::BAD_RUBBER_HISTORY,
            "rubber history is not `NS <above> <above>/<below>... EW ...`",
            t.value_span,
        )),
        None => {}
    }
}

pub(super) fn is_date(v: &str) -> bool {
    let b = v.as_bytes();
    b.len() == 10
        && b[4] == b'.'
        && b[7] == b'.'
        && b.iter().enumerate().all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit() || *c == b'?')
}

/// An integer that fits 64 bits (a score no table can hold is not a score).
pub(super) fn fits_i64(s: &str) -> bool {
    parse::parse_int(s).is_some()
}

/// A rubber score with the blanks around each `/` removed (`50 / 70` → `50/70`).
pub(super) fn join_slashes(v: &str) -> Cow<'_, str> {
    if !v.contains('/') {
        return Cow::Borrowed(v);
    }
    let mut out = String::with_capacity(v.len());
    for part in v.split('/') {
        if !out.is_empty() || v.starts_with('/') {
            out.truncate(out.trim_end().len());
            out.push('/');
            out.push_str(part.trim_start());
        } else {
            out.push_str(part);
        }
    }
    Cow::Owned(out)
}

pub(super) fn is_rubber_score(s: &str) -> bool {
    s.split_once('/').is_some_and(|(a, b)| parse::is_integer(a) && parse::is_integer(b))
}

pub(super) fn side_score_check(
    v: &str,
    sp: Span,
    number: fn(&str) -> bool,
    code: &'static str,
    need_side: bool,
    diags: &mut dyn DiagnosticSink,
) {
    if blank(v) {
        return;
    }
    match parse::parse_side_score(v, number) {
        Ok(s) if need_side && s.declarer.is_some() => diags.report(
            err(code, format!("`{v}` needs a side"), sp).with_help("write `NS <score>` or `EW <score>`"),
        ),
        Ok(_) => {}
        Err(_) => diags.report(
            err(code, format!("`{v}` is not a score"), sp)
                .with_help("a score is `<n>`, `NS <n>`, `EW <n>` or `NS <n> EW <n>`"),
        ),
    }
}

/// The vulnerability a ScoreRubberHistory value implies: a side that has won a game is vulnerable.
pub(super) fn rubber_vulnerability(v: &str) -> Option<Vulnerability> {
    let v = v.trim();
    let rest = v.strip_prefix("NS")?;
    let (ns, ew) = rest.split_once("EW")?;
    let games = |h: &str| -> Option<Vec<i64>> {
        let (above, below) = h.split_once('/')?;
        let above: Vec<&str> = above.split_whitespace().collect();
        if above.is_empty() || above.len() > 2 || !above.iter().all(|a| parse::is_integer(a)) {
            return None;
        }
        let below: Vec<i64> = below.split_whitespace().map(parse::parse_int).collect::<Option<_>>()?;
        if below.is_empty() || below.len() > 3 {
            return None;
        }
        Some(below)
    };
    let (ns, ew) = (games(ns)?, games(ew)?);
    if ns.len() != ew.len() {
        return None;
    }
    let finished = ns.len() - 1;
    let (mut ns_won, mut ew_won) = (false, false);
    for g in 0..finished {
        ns_won |= ns.get(g).is_some_and(|&x| x >= 100);
        ew_won |= ew.get(g).is_some_and(|&x| x >= 100);
    }
    Some(Vulnerability::from_sides(ns_won, ew_won))
}

pub(super) fn check_deal(deal: &Deal, sp: Span, diags: &mut dyn DiagnosticSink) {
    let mut seen = CardSet::EMPTY;
    for hand in deal.hands.iter().flatten() {
        if !seen.is_disjoint(*hand) {
            let dup: Vec<String> =
                hand.iter().filter(|c| seen.contains(*c)).map(crate::text::write_card).collect();
            diags.report(err(
                codes::DEAL_DUPLICATE_CARD,
                format!("cards in two hands: {}", dup.join(" ")),
                sp,
            ));
        }
        seen |= *hand;
    }
    let mut all_sizes = [0usize; 4];
    let mut given = 0;
    let given_seats = Compass::ALL.iter().filter(|&&seat| deal.hands[seat.index()].is_some());
    for (slot, &seat) in all_sizes.iter_mut().zip(given_seats) {
        *slot = deal.hand_size(seat);
        given += 1;
    }
    let sizes = all_sizes.get(..given).unwrap_or(&[]);
    let max = sizes.iter().copied().max().unwrap_or(0);
    let partial: Vec<String> =
        Compass::ALL.iter().filter(|&&s| deal.is_shown_in_part(s)).map(ToString::to_string).collect();
    if max == 13 && !partial.is_empty() && sizes.iter().all(|&s| s <= 13) {
        diags.report(
            warn(
                codes::DEAL_PARTIAL,
                format!(
                    "a partial deal: hands {} are shown in part, and a hand is not shown; checks that need every card of those hands are skipped",
                    partial.join(", ")
                ),
                sp,
            )
            .with_help("write every card of a hand given, or `-` for a hand not given"),
        );
    } else if max == 13 {
        if sizes.iter().any(|&s| s != 13) {
            diags.report(err(codes::DEAL_HAND_SIZE, format!("hands hold {sizes:?} cards, not 13 each"), sp));
        }
    } else if max > 13 {
        diags.report(err(codes::DEAL_HAND_SIZE, format!("a hand holds {max} cards"), sp));
    } else if sizes.iter().any(|&s| s != max) {
        diags.report(warn(
            codes::DEAL_UNEVEN_END_POSITION,
            format!("end position hands hold {sizes:?} cards"),
            sp,
        ));
    }
}
