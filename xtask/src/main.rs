//! `cargo xtask`: project tasks that need more than `cargo test`.
//!
//! - `snapshots [--check] [--skip-tests]`: regenerate every insta snapshot from `corpus/` and delete
//!   orphans; with `--check`, fail on stale, missing or orphaned snapshots instead.
//! - `bench [--quick] [--no-run] [FILTER]`: run the criterion benches, write `benchmarks.json`, then
//!   `BENCHMARKS.md` (issue 17's targets, every bench, the chart, the reports) and the README's
//!   benchmark table; `--no-run` rewrites the last two from the committed `benchmarks.json`.
//! - `gen --format phh|pbn|ppn-pref|ppn-pinochle …`: deterministic benchmark inputs.
//! - `compare [--count N] [--only GROUPS]`: `cardnote check` at one and two threads against the
//!   reference implementations on the same inputs, judged against issue 17's targets.
//! - `dd-solvers FILE.pbn`: the double-dummy tables of a PBN file's deals by cardnote's engine and
//!   by pons-dds, timed (what `compare` runs for its double-dummy rows).
//! - `fuzz [--seconds N] [--jobs N] [--cmin] [TARGET...]`: run the cargo-fuzz targets (N at a
//!   time), or merge what they found into their minimized corpora kept in `fuzz/corpus/`.

mod bench;
mod compare;
mod dd_solvers;
mod fuzz;
mod generate;
mod generate_phh;
mod readme;
mod snapshots;
mod targets;
mod util;

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((command, rest)) = args.split_first() else {
        eprintln!("{}", USAGE);
        return ExitCode::from(2);
    };
    let result = match command.as_str() {
        "snapshots" => snapshots::run(rest),
        "bench" => bench::run(rest),
        "fuzz" => fuzz::run(rest),
        "gen" => generate::run(rest),
        "compare" => compare::run(rest),
        "dd-solvers" => dd_solvers::run(rest),
        "-h" | "--help" | "help" => {
            println!("{USAGE}");
            Ok(())
        }
        other => Err(format!("unknown task {other:?}\n{USAGE}")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("xtask: {message}");
            ExitCode::from(1)
        }
    }
}

const USAGE: &str = "usage: cargo xtask <task>
  snapshots [--check] [--skip-tests]   regenerate (or check) insta snapshots from corpus/
  bench [--quick] [--no-run] [FILTER]  run criterion benches; write benchmarks.json, BENCHMARKS.md
                                       and the README table (--no-run: from benchmarks.json)
  gen --format phh|pbn [--variant V|all] --hands N --seed S OUT   deterministic legal benchmark input
  gen --format ppn-pref|ppn-pinochle --mb N OUT                   the same, about N MB
  compare [--count N] [--mb N] [--repeat N] [--reference-count N] [--reference-mb N] [--phh F] [--pbn F]
          [--only phh,pbn,ppn,dd,export]
                                       cardnote check at 1 and 2 threads against PokerKit and
                                       endplay, and issue 17's targets (--only: those rows, printed,
                                       no report written)
  dd-solvers FILE.pbn                  double-dummy tables of FILE's deals by dd-engine and pons-dds,
                                       timed (run by compare, in release, on one core)
  fuzz [--seconds N] [--jobs N] [TARGET...]   run cargo-fuzz targets, N at a time (installs
                                       cargo-fuzz / nightly if missing)
  fuzz --cmin [TARGET...]              merge what runs found into fuzz/corpus/ and minimize it";
