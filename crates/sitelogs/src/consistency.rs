//! The per-hand consistency check: the imported hand is replayed by `poker-engine` and must end
//! with the stacks the log states. Rake is the only difference allowed: it is taken from the
//! winners (the players the log pays; no player ends with more than the replay gives, and one the
//! log pays nothing ends with what the replay gives) and adds up to what the log says.

use cards_core::{Amount, Diagnostic, DiagnosticSink, Span};
use phh::Hand;
use phh::replay::{RuleProfile, replay_hand};

use crate::showdown::Clean;
use crate::{codes, money};

/// The outcome to check: from the clean run when there is one (no second replay), else from the
/// replay with PokerKit's repairs, whose diagnostics say what went wrong.
pub(crate) struct Outcome {
    pub diagnostics: Vec<Diagnostic>,
    pub terminal: bool,
    pub finishing_stacks: Vec<Option<Amount>>,
    pub payoffs: Vec<Option<Amount>>,
    /// The clean run's errors of the hand's declared outcome fields, which a replay reports among
    /// its diagnostics: a declared `winnings` the play does not give (every writer refuses such a
    /// hand). Left to the caller after the comparison with the log and the site's payout checks,
    /// whose errors say more. Its warnings (a rake) are left out: the comparison with the log
    /// judges those.
    pub declared: Vec<Diagnostic>,
}

pub(crate) fn outcome(hand: &Hand, action_spans: &[Span], whole: Span, clean: Option<Clean>) -> Outcome {
    if let Some(clean) = clean.filter(|c| c.over) {
        let mut declared = Vec::new();
        phh::replay::check_declared(hand, RuleProfile::Pokerkit, &clean.values, whole, &mut declared);
        declared.retain(Diagnostic::is_error);
        return Outcome {
            diagnostics: clean.warnings,
            declared,
            terminal: true,
            finishing_stacks: clean.stacks,
            payoffs: clean.payoffs,
        };
    }
    let replayed = replay_hand(hand, action_spans, whole, RuleProfile::Pokerkit);
    let mut diagnostics = replayed.diagnostics;
    // PokerKit's repair inserts a check or a fold the log does not show: a guess at what was
    // played, so the hand is refused (the repair's warning says where).
    let repairs = [poker_engine::codes::REPLAY_REPAIRED_CHECK, poker_engine::codes::REPLAY_REPAIRED_FOLD];
    if let Some(repair) = diagnostics.iter().find(|d| repairs.contains(&d.code())) {
        let message = format!(
            "the play as read is not legal: the replay had to insert an action ({}), and a hand is \
             never guessed",
            repair.code()
        );
        diagnostics.push(Diagnostic::error(codes::SITE_REPLAY, message, repair.span()));
    }
    Outcome {
        diagnostics,
        terminal: replayed.terminal,
        finishing_stacks: replayed.finishing_stacks.iter().map(|s| s.parse().ok()).collect(),
        payoffs: replayed.payoffs.iter().map(|s| s.parse().ok()).collect(),
        declared: Vec::new(),
    }
}

/// What the log says a hand ends with, per PHH player, for [`check`].
#[derive(Debug, Clone, Copy)]
pub struct Logged<'a> {
    /// Each player's finishing stack.
    pub finishing: &'a [Amount],
    /// What the log pays each player.
    pub paid: &'a [Amount],
    /// The rake the log takes.
    pub rake: Amount,
    /// Each player's name, for the messages.
    pub names: &'a [&'a str],
}

/// Replays `hand` and compares its finishing stacks with the log's ([`Logged`]), reporting the
/// replay's diagnostics to `out` and, when the stacks differ, one [`codes::SITE_INCONSISTENT`]
/// error per player naming both amounts. The rake comes from the players paid: one the log pays
/// nothing must end with what the replay gives (else the log's play put in chips the replay does
/// not, which a rake would hide: FINDINGS F32).
///
/// Returns `None` when the hand failed (the errors reported), else the errors of the hand's
/// declared outcome fields that a replay would report and the clean run did not (a declared
/// `winnings` the play does not give): the caller reports them, and refuses the hand, after its
/// own payout checks, whose errors say why.
pub fn check(
    hand: &Hand,
    action_spans: &[Span],
    whole: Span,
    logged: &Logged<'_>,
    clean: Option<Clean>,
    out: &mut dyn DiagnosticSink,
) -> Option<Vec<Diagnostic>> {
    let outcome = outcome(hand, action_spans, whole, clean);
    let failed = outcome.diagnostics.iter().any(Diagnostic::is_error);
    for diagnostic in outcome.diagnostics {
        out.report(diagnostic);
    }
    if failed {
        return None;
    }
    if !outcome.terminal {
        out.report(Diagnostic::error(codes::SITE_REPLAY, "the replayed hand does not reach its end", whole));
        return None;
    }
    let Logged { finishing: logged, paid, rake, names } = *logged;
    let replayed = &outcome.finishing_stacks;
    let mut extra = Amount::ZERO;
    let mut bad = Vec::new();
    for (i, (r, l)) in replayed.iter().zip(logged).enumerate() {
        let Some(r) = r else {
            bad.push(i);
            continue;
        };
        let diff = money::minus(*r, *l);
        extra = money::plus(extra, diff);
        let unpaid = paid.get(i).is_none_or(|p| p.is_zero());
        if diff.is_negative() || ((rake.is_zero() || unpaid) && !diff.is_zero()) {
            bad.push(i);
        }
    }
    if bad.is_empty() && extra.normalize() != rake.normalize() {
        let message = format!(
            "the replay gives the winners {} more than the log pays out, the log's rake is {rake}",
            extra.normalize()
        );
        out.report(Diagnostic::error(codes::SITE_INCONSISTENT, message, whole));
        return None;
    }
    for &i in &bad {
        let name = names.get(i).copied().unwrap_or_default();
        let replayed = replayed[i].map_or_else(|| "inf".to_owned(), |a| a.to_string());
        let message = format!(
            "p{} ({name}) ends with {replayed} when the hand is replayed, the log says {}",
            i + 1,
            logged[i]
        );
        out.report(Diagnostic::error(codes::SITE_INCONSISTENT, message, whole));
    }
    bad.is_empty().then_some(outcome.declared)
}

/// The jackpot drops a room takes from a pot besides its rake, as PHH reads them
/// (`PHH_WINNINGS_RAKED_JACKPOT`).
const JACKPOT_DROPS: [&str; 3] = ["0.25", "0.50", "1.00"];

/// Why paying out `paid` of a pot of `pot` contradicts it, if it does: short of it in a
/// tournament, or short by more than a rake (a tenth of the pot, plus a jackpot drop of at most a
/// fifth of it, as PHH reads a rake). Paying out more than the pot is the consistency check's (a
/// player ends with more than the replay gives).
pub(crate) fn payout_contradiction(pot: Amount, paid: Amount, tournament: bool) -> Option<String> {
    let short = money::minus(pot, paid);
    if short.is_zero() || short.is_negative() {
        return None;
    }
    if tournament {
        return Some(format!(
            "the log pays out {paid} of a pot of {pot}: a tournament takes no rake, so a payout \
                 is missing or wrong"
        ));
    }
    let tenth = |a: Amount| a.checked_mul(Amount::from_int(10)).is_ok_and(|a| a <= pot);
    let fifth = |a: Amount| a.checked_mul(Amount::from_int(5)).is_ok_and(|a| a <= pot);
    let jackpot = JACKPOT_DROPS.iter().filter_map(|d| d.parse::<Amount>().ok()).any(|drop| {
        let rake = money::minus(short, drop);
        !rake.is_zero() && !rake.is_negative() && tenth(rake) && fifth(drop)
    });
    (!tenth(short) && !jackpot).then(|| {
        format!(
            "the log pays out {paid} of a pot of {pot}: {short} short, more than a rake (a tenth \
                 of the pot, plus a jackpot drop); a payout is missing or wrong"
        )
    })
}
