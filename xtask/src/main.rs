//! `cargo xtask`: project tasks that need more than `cargo test`.
//!
//! - `snapshots [--check] [--skip-tests]`: regenerate every insta snapshot from `corpus/` and delete
//!   orphans; with `--check`, fail on stale, missing or orphaned snapshots instead.
//! - `bench [--quick] [FILTER]`: run the criterion benches, write `BENCHMARKS.md` and `benchmarks.json`.
//! - `gen --format phh --variant NT --hands N --seed S OUT`: deterministic benchmark inputs.
//! - `compare`: this project against the reference implementations on the same input.
//! - `fuzz [--seconds N] [TARGET]`: run the cargo-fuzz targets.

mod bench;
mod compare;
mod fuzz;
mod generate;
mod generate_phh;
mod snapshots;
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
  bench [--quick] [FILTER]             run criterion benches; write BENCHMARKS.md and benchmarks.json
  gen --format phh|pbn [--variant V|all] --hands N --seed S OUT   deterministic legal benchmark input
  compare [--count N] [--phh F] [--pbn F]   this project against PokerKit and endplay
  fuzz [--seconds N] [TARGET...]       run cargo-fuzz targets (installs cargo-fuzz / nightly if missing)";
