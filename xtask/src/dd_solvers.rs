//! `cargo xtask dd-solvers FILE.pbn`: the double-dummy table of every `[Deal]` of a PBN file,
//! solved by cardnote's engine (`dd-engine`) and by pons-dds (the crate it was copied from), each
//! through its own batch table API (`solve_deals`, every strain, its default memory); prints one
//! JSON object a solver (`solver`, wall `seconds`, `cpu_seconds` of the process's threads,
//! `tables`, `bytes`) and fails when a table differs. CPU time is the fairer figure when the
//! machine is loaded.
//!
//! `cargo xtask compare` runs it built in release and pinned to one core (`taskset -c 0`,
//! `RAYON_NUM_THREADS=1`: both solvers size their pools from these), so each figure is one core's.

use std::time::Instant;

use contract_bridge::{FullDeal, Seat, Strain};
use serde_json::json;

pub fn run(args: &[String]) -> Result<(), String> {
    let [path] = args else { return Err("usage: cargo xtask dd-solvers FILE.pbn".into()) };
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let deals = deals(&text)?;
    let report = |solver: &str, start: Instant, cpu_start: Option<f64>| {
        let cpu = cpu_start.zip(cpu_seconds()).map(|(start, end)| end - start);
        println!(
            "{}",
            json!({ "solver": solver, "seconds": start.elapsed().as_secs_f64(), "cpu_seconds": cpu,
                    "tables": deals.len(), "bytes": text.len() })
        );
    };

    let (start, cpu) = (Instant::now(), cpu_seconds());
    let ours = dd_engine::solve_deals(&deals, dd_engine::NonEmptyStrainFlags::ALL);
    report("dd-engine", start, cpu);
    let (start, cpu) = (Instant::now(), cpu_seconds());
    let pons = pons_dds::solve_deals(&deals, pons_dds::NonEmptyStrainFlags::ALL);
    report("pons-dds", start, cpu);

    let cell = |table: &dd_engine::TrickCountTable, strain, seat| table[strain].get(seat).get();
    let pons_cell = |table: &pons_dds::TrickCountTable, strain, seat| table[strain].get(seat).get();
    let differ: Vec<usize> = (0..deals.len())
        .filter(|&i| {
            Strain::ASC.iter().any(|&strain| {
                Seat::ALL
                    .iter()
                    .any(|&seat| cell(&ours[i], strain, seat) != pons_cell(&pons[i], strain, seat))
            })
        })
        .map(|i| i + 1)
        .collect();
    if differ.is_empty() {
        Ok(())
    } else {
        Err(format!("dd-engine and pons-dds give different tables for deals {differ:?} of {path}"))
    }
}

/// The deals of a PBN text's `[Deal "…"]` tags.
fn deals(text: &str) -> Result<Vec<FullDeal>, String> {
    text.split("[Deal \"")
        .skip(1)
        .map(|rest| {
            let deal = rest.split('"').next().unwrap_or("");
            deal.parse().map_err(|e| format!("bad deal {deal:?}: {e}"))
        })
        .collect()
}

/// The CPU time of the process's live threads so far (each thread's `schedstat`, nanoseconds
/// on a CPU), on Linux; the solvers' pool threads live as long as the process.
fn cpu_seconds() -> Option<f64> {
    let tasks = std::fs::read_dir("/proc/self/task").ok()?;
    let mut nanos = 0u64;
    for task in tasks.flatten() {
        let text = std::fs::read_to_string(task.path().join("schedstat")).ok()?;
        nanos += text.split_whitespace().next()?.parse::<u64>().ok()?;
    }
    Some(nanos as f64 / 1e9)
}
