//! Checking the double-dummy tags of a PBN game against its deal.

use bridge_core::Vulnerability;
use cards_core::{Compass, Diagnostic, DiagnosticSink, Span};
use pbn::Record;
use pbn::model::{Deal, Item, Tag, Tokens};

use crate::codes;
use crate::par::{Declarers, Par, ParContract, ParRule, Side};
use crate::table::DdTable;
use crate::tags::{self, DOUBLE_DUMMY_TRICKS, OPTIMUM_RESULT_TABLE, OPTIMUM_SCORE, PAR_CONTRACT};

/// What a game needs solved: its full deal and the par conditions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Job {
    /// The deal.
    pub deal: Deal,
    /// Vulnerability, when given.
    pub vulnerability: Option<Vulnerability>,
    /// The dealer: the Dealer tag, else the board number's rotation.
    pub dealer: Option<Compass>,
}

impl Job {
    /// The job for a game with a full deal (`None` otherwise).
    #[must_use]
    pub fn of(record: &Record) -> Option<Job> {
        let deal =
            record.model.info.deal.filter(|d| d.hands.iter().all(|h| h.is_some_and(|h| h.len() == 13)))?;
        let dealer = record.model.info.dealer.or_else(|| {
            let board: usize = record.model.info.board.as_deref()?.trim().parse().ok()?;
            board.checked_sub(1).map(|b| Compass::North.advance(b % 4))
        });
        Some(Job { deal, vulnerability: record.model.info.vulnerable, dealer })
    }

    /// The par of `table` for this game, with the dealer opening (`None` without vulnerability or
    /// dealer).
    #[must_use]
    pub fn par(&self, table: &DdTable) -> Option<Par> {
        Some(Par::compute(table, self.vulnerability?, ParRule::Dealer(self.dealer?)))
    }
}

/// Whether a game carries any of the four double-dummy tags.
#[must_use]
pub fn has_dd_tags(record: &Record) -> bool {
    let tokens = record.model.tokens();
    [DOUBLE_DUMMY_TRICKS, OPTIMUM_RESULT_TABLE, OPTIMUM_SCORE, PAR_CONTRACT]
        .iter()
        .any(|n| find_tag(&tokens, n).is_some())
}

/// The tag item named `name` in the game itself (not inherited).
#[must_use]
pub fn find_tag<'r, 'a>(game: &'r Tokens<'a>, name: &str) -> Option<&'r Tag<'a>> {
    game.items.iter().find_map(|item| match item {
        Item::Tag(tag) if tag.name == name => Some(tag),
        _ => None,
    })
}

/// Checks the game's double-dummy tags against `table`, the deal's own double-dummy table
/// (`None` when the game has no full deal), and reports what is wrong in source order. `strict`
/// turns warnings into errors.
pub fn check(record: &Record, table: Option<&DdTable>, strict: bool, sink: &mut dyn DiagnosticSink) {
    // Held back to be sorted and moved into the input.
    let mut diags = Vec::new();
    check_tokens(record, &record.model.tokens(), table, strict, &mut diags);
    diags.sort_by_key(|d| (d.span().start, d.span().end));
    for d in &mut diags {
        d.set_span(d.span().shift(record.model.offset));
    }
    sink.report_all(diags);
}

fn check_tokens(
    record: &Record,
    game: &Tokens<'_>,
    table: Option<&DdTable>,
    strict: bool,
    diags: &mut dyn DiagnosticSink,
) {
    let Some(table) = table else {
        if let Some(tag) = [DOUBLE_DUMMY_TRICKS, OPTIMUM_RESULT_TABLE, OPTIMUM_SCORE, PAR_CONTRACT]
            .iter()
            .find_map(|n| find_tag(game, n))
        {
            diags.report(warning(
                strict,
                codes::DD_NOT_CHECKED,
                "double-dummy tags cannot be checked: the game has no full deal",
                tag.span,
            ));
        }
        return;
    };
    if let Some(tag) = find_tag(game, DOUBLE_DUMMY_TRICKS) {
        check_tricks(tag, table, diags);
    }
    if let Some(tag) = find_tag(game, OPTIMUM_RESULT_TABLE) {
        check_result_table(tag, table, strict, diags);
    }
    let score = find_tag(game, OPTIMUM_SCORE);
    let contract = find_tag(game, PAR_CONTRACT);
    if score.is_some() || contract.is_some() {
        check_par(record, table, score, contract, strict, diags);
    }
}

fn check_tricks(tag: &Tag<'_>, table: &DdTable, diags: &mut dyn DiagnosticSink) {
    let value = tag.value();
    match tags::parse_double_dummy_tricks(&value) {
        None => diags.report(
            Diagnostic::error(
                codes::DD_TRICKS_SYNTAX,
                format!("DoubleDummyTricks \"{value}\" is not 20 hexadecimal trick counts"),
                tag.value_span,
            )
            .with_help("20 hex digits: declarers N S E W, each in NT S H D C"),
        ),
        Some(given) if given != *table => diags.report(
            Diagnostic::error(
                codes::DD_TRICKS_MISMATCH,
                format!("DoubleDummyTricks \"{value}\" contradicts the deal"),
                tag.value_span,
            )
            .with_help(format!(
                "the deal's double-dummy tricks are \"{}\"",
                tags::double_dummy_tricks(table)
            )),
        ),
        Some(_) => {}
    }
}

fn check_result_table(tag: &Tag<'_>, table: &DdTable, strict: bool, diags: &mut dyn DiagnosticSink) {
    let (rows, bad) = tags::read_result_rows(tag);
    for row in rows {
        let expected = table.tricks(row.declarer, row.denomination);
        if row.tricks != expected {
            diags.report(Diagnostic::error(
                codes::DD_TABLE_MISMATCH,
                format!(
                    "OptimumResultTable gives {} {} {} tricks; double dummy they take {expected}",
                    row.declarer,
                    row.denomination.text(),
                    row.tricks
                ),
                row.span,
            ));
        }
    }
    for span in bad {
        diags.report(warning(
            strict,
            codes::DD_TABLE_ROW,
            "this OptimumResultTable row has no readable declarer, denomination and tricks",
            span,
        ));
    }
}

fn check_par(
    record: &Record,
    table: &DdTable,
    score: Option<&Tag<'_>>,
    contract: Option<&Tag<'_>>,
    strict: bool,
    diags: &mut dyn DiagnosticSink,
) {
    let first = score.or(contract).map_or_else(Span::default, |t| t.span);
    let Some(job) = Job::of(record) else { return };
    let Some(vulnerability) = job.vulnerability else {
        diags.report(warning(
            strict,
            codes::DD_NOT_CHECKED,
            "the par tags cannot be checked without Vulnerable",
            first,
        ));
        return;
    };
    // The dealer opens; a deal without one is judged by both side-first pars.
    let dealer_par = job.dealer.map(|d| Par::compute(table, vulnerability, ParRule::Dealer(d)));
    let side_pars =
        [Side::NorthSouth, Side::EastWest].map(|s| Par::compute(table, vulnerability, ParRule::SideFirst(s)));
    if let Some(tag) = score
        && let Some(given) = tags::parse_optimum_score(&tag.value())
    {
        judge(
            strict,
            diags,
            tag,
            dealer_par.as_ref().map(|p| p.score_ns == given),
            side_pars.iter().any(|p| p.score_ns == given),
            codes::DD_SCORE_MISMATCH,
            dealer_par.as_ref().unwrap_or(&side_pars[0]).to_pbn_score(),
        );
    }
    if let Some(tag) = contract {
        match tags::parse_par_contracts(&tag.value()) {
            None => diags.report(
                Diagnostic::error(
                    codes::DD_CONTRACT_SYNTAX,
                    format!("ParContract \"{}\" cannot be read", tag.value()),
                    tag.value_span,
                )
                .with_help("contracts like `NS 4S+1` or `EW 5SX-2`, joined by `; `"),
            ),
            Some(given) => judge(
                strict,
                diags,
                tag,
                dealer_par.as_ref().map(|p| same_contracts(&given, p)),
                side_pars.iter().any(|p| same_contracts(&given, p)),
                codes::DD_CONTRACT_MISMATCH,
                dealer_par.as_ref().unwrap_or(&side_pars[0]).to_pbn_contracts(),
            ),
        }
    }
}

/// Reports a par tag: right when it is the dealer's par (or, without a dealer, either side-first
/// par); the side-first par of a hot deal is a warning; anything else an error.
fn judge(
    strict: bool,
    diags: &mut dyn DiagnosticSink,
    tag: &Tag<'_>,
    dealer_match: Option<bool>,
    side_match: bool,
    code: &'static str,
    expected: String,
) {
    match (dealer_match, side_match) {
        (Some(true), _) | (None, true) => {}
        (Some(false), true) => diags.report(
            warning(
                strict,
                codes::DD_PAR_SIDE_FIRST,
                format!(
                    "{} \"{}\" is the par with one side bidding first, not with the dealer opening",
                    tag.name,
                    tag.value()
                ),
                tag.value_span,
            )
            .with_help(format!("with the dealer opening, par is \"{expected}\"")),
        ),
        (_, false) => diags.report(
            Diagnostic::error(
                code,
                format!("{} \"{}\" contradicts the deal's par", tag.name, tag.value()),
                tag.value_span,
            )
            .with_help(format!("par is \"{expected}\"")),
        ),
    }
}

/// The same contracts, whatever their order; `NS 4S=` equals `N 4S=; S 4S=`.
pub(crate) fn same_contracts(given: &[ParContract], par: &Par) -> bool {
    fn keys(contracts: &[ParContract]) -> Vec<(u8, u8, bool, i8, Compass)> {
        let mut keys: Vec<_> = contracts
            .iter()
            .flat_map(|c| {
                let seats = match c.declarers {
                    Declarers::Seat(s) => [s, s],
                    Declarers::Side(Side::NorthSouth) => [Compass::North, Compass::South],
                    Declarers::Side(Side::EastWest) => [Compass::East, Compass::West],
                };
                seats.map(|s| (c.level, c.denomination as u8, c.doubled, c.overtricks, s))
            })
            .collect();
        keys.sort_unstable();
        keys.dedup();
        keys
    }
    keys(given) == keys(&par.contracts)
}

fn warning(strict: bool, code: &'static str, message: impl Into<String>, span: Span) -> Diagnostic {
    if strict { Diagnostic::error(code, message, span) } else { Diagnostic::warning(code, message, span) }
}
