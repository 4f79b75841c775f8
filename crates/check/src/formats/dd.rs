//! Double dummy for PBN files (`check --dd`, `cardnote dd`): every full deal of a file solved once
//! on every core.

use std::collections::HashMap;

use bridge_dd::DdTable;
use bridge_dd::check::Job;
use cards_core::Diagnostic;
use pbn::Record;

/// Deals solved per batch: enough to keep every core busy, few enough for a live progress bar.
const BATCH: usize = 16;

/// The double-dummy table of each record (`None` for a record without a full deal), in record
/// order. Equal deals are solved once; batches run on every core (the engine's pool), so the result
/// does not depend on the number of threads. Each solver thread's transposition table takes at
/// most `mib` MiB ([`bridge_dd::DEFAULT_MEMORY_MIB`], set by measurement: BENCHMARKS.md, issue 31).
/// `progress` is told the deals solved and the deals to solve, before the first batch and after
/// each.
#[must_use]
pub fn solve_records(
    records: &[Record],
    mib: u32,
    mut progress: impl FnMut(usize, usize),
) -> Vec<Option<DdTable>> {
    let jobs: Vec<Option<Job>> = records.iter().map(Job::of).collect();
    let mut unique: Vec<pbn::model::Deal> = Vec::new();
    let mut index: HashMap<pbn::model::Deal, usize> = HashMap::new();
    let slots: Vec<Option<usize>> = jobs
        .iter()
        .map(|job| {
            let deal = job.as_ref()?.deal;
            Some(*index.entry(deal).or_insert_with(|| {
                unique.push(deal);
                unique.len() - 1
            }))
        })
        .collect();
    let mut tables: Vec<Option<DdTable>> = Vec::with_capacity(unique.len());
    progress(0, unique.len());
    for batch in unique.chunks(BATCH) {
        tables.extend(DdTable::solve_many_within(batch, mib).into_iter().map(Result::ok));
        progress(tables.len(), unique.len());
    }
    slots.into_iter().map(|slot| slot.and_then(|i| tables.get(i).copied().flatten())).collect()
}

/// Each record's double-dummy diagnostics ([`bridge_dd::check::check`]) against its table from
/// [`solve_records`], in record order.
#[must_use]
pub fn check_records(records: &[Record], tables: &[Option<DdTable>], strict: bool) -> Vec<Vec<Diagnostic>> {
    records
        .iter()
        .zip(tables)
        .map(|(r, t)| {
            let mut found = Vec::new();
            bridge_dd::check::check(r, t.as_ref(), strict, &mut found);
            found
        })
        .collect()
}
