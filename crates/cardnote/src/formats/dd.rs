//! Double dummy for PBN files (`cardnote dd`): every full deal of a file solved once on every core
//! (a progress bar on a terminal), its tags checked or filled in.

use bridge_dd::DdTable;
use cards_core::Diagnostic;
use indicatif::{ProgressBar, ProgressStyle};
use pbn::Record;

use cardnote_check::formats::pbn::{game_reports, read};
use cardnote_check::{CheckOptions, FileCheck};

use super::Refusal;

/// A progress bar appears for files with at least this many deals to solve (about 2 s of work),
/// and only when stderr is a terminal.
const PROGRESS_FROM: usize = 16;

/// [`cardnote_check::formats::dd::solve_records`] with a progress bar on a terminal when
/// `progress` (and the file has enough deals to solve).
#[must_use]
pub fn solve_records(records: &[Record], progress: bool, mib: u32) -> Vec<Option<DdTable>> {
    let mut bar = None;
    let tables = cardnote_check::formats::dd::solve_records(records, mib, |done, deals| {
        if let Some(bar) = bar.get_or_insert_with(|| progress_bar(deals, progress)) {
            bar.set_position(done as u64);
        }
    });
    if let Some(bar) = bar.flatten() {
        bar.finish_and_clear();
    }
    tables
}

fn progress_bar(deals: usize, wanted: bool) -> Option<ProgressBar> {
    use std::io::IsTerminal;
    if !wanted || deals < PROGRESS_FROM || !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = ProgressBar::new(deals as u64);
    if let Ok(style) = ProgressStyle::with_template("double dummy {bar:40} {pos}/{len} deals, {eta} left") {
        bar.set_style(style);
    }
    Some(bar)
}

/// Checks a PBN file as `check --dd` does (its reports: [`game_reports`]), with a progress bar and
/// `mib` (as in [`solve_records`]): the file is read once, and its records kept until their deals
/// are solved.
#[must_use]
pub fn check(data: &[u8], opts: &CheckOptions, progress: bool, mib: u32) -> FileCheck {
    let source = pbn::decode(data).text;
    let records = read(&source, opts.strict);
    let tables = solve_records(&records, progress, mib);
    let dd = cardnote_check::formats::dd::check_records(&records, &tables, opts.strict);
    FileCheck { source, records: game_reports(records, &dd, 0, opts) }
}

/// What `cardnote dd --fill` did to a file.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Filled {
    /// The new bytes, in the file's own encoding (ISO-8859-1 stays so, a BOM stays).
    pub bytes: Vec<u8>,
    /// The counts of games changed, tags added and tags rewritten.
    pub report: bridge_dd::fill::Filled,
    /// Games with double-dummy tags but no full deal (left alone).
    pub unsolvable: usize,
}

/// Fills the double-dummy tags of every game with a full deal, keeping every other byte. Files
/// with errors are refused: a deal must be read right before its tags are written (`mib`: as in
/// [`solve_records`]).
///
/// # Errors
/// The file's errors, when it has any.
pub fn fill(data: &[u8], progress: bool, mib: u32) -> Result<Filled, Refusal> {
    let decoded = pbn::decode(data);
    let records = read(&decoded.text, false);
    let errors: Vec<Diagnostic> =
        records.iter().flat_map(|r| r.diagnostics.iter().filter(|d| d.is_error()).cloned()).collect();
    if !errors.is_empty() {
        return Err(Refusal { source: decoded.text.clone(), diagnostics: errors });
    }
    let tables = solve_records(&records, progress, mib);
    let unsolvable =
        records.iter().zip(&tables).filter(|(r, t)| t.is_none() && bridge_dd::check::has_dd_tags(r)).count();
    let report = bridge_dd::fill::fill_text(&decoded.text, &tables);
    let mut bytes = Vec::with_capacity(report.text.len() + 3);
    if decoded.bom {
        bytes.extend_from_slice(b"\xEF\xBB\xBF");
    }
    if decoded.latin1 {
        // Every char came from one byte, and the tags written are ASCII.
        bytes.extend(report.text.chars().map(|c| u8::try_from(u32::from(c)).unwrap_or(b'?')));
    } else {
        bytes.extend_from_slice(report.text.as_bytes());
    }
    Ok(Filled { bytes, report: bridge_dd::fill::Filled { text: String::new(), ..report }, unsolvable })
}
