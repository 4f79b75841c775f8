//! `cargo xtask fuzz [--seconds N] [TARGET...]`: run the cargo-fuzz targets in `fuzz/`.
//!
//! Installs cargo-fuzz if it is missing and uses the nightly toolchain (installing it with rustup if
//! needed). Each target starts from its own corpus in `fuzz/corpus/<target>` plus, as read-only
//! seeds, its past findings in `fuzz/regressions/<target>` and the project's `corpus/` files of the
//! matching format. A crash leaves its input in
//! `fuzz/artifacts/<target>/`; turn it into a regression file under `corpus/*/invalid/` or a unit test.

use std::process::Command;

use crate::util::{output, root, run_cmd};

/// Seed folders (relative to the workspace root) for each target, by name prefix.
fn seeds_for(target: &str) -> Vec<&'static str> {
    let prefix = target.split('_').next().unwrap_or("");
    match prefix {
        "phh" | "engine" => vec!["corpus/phh"],
        "pbn" => vec!["corpus/pbn"],
        "pref" => vec!["corpus/ppn-pref"],
        "pinochle" => vec!["corpus/ppn-pinochle"],
        "lin" => vec!["corpus/lin"],
        "sitelogs" => vec!["corpus/sitelogs"],
        _ => vec![],
    }
}

pub fn run(args: &[String]) -> Result<(), String> {
    let mut seconds = 60u64;
    let mut targets = Vec::new();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--seconds" => {
                seconds = it
                    .next()
                    .and_then(|s| s.parse().ok())
                    .ok_or("--seconds needs a number of seconds per target")?;
            }
            other if other.starts_with("--") => return Err(format!("unknown option {other:?}")),
            other => targets.push(other.to_owned()),
        }
    }
    ensure_tools()?;
    let fuzz_dir = root().join("fuzz");
    if targets.is_empty() {
        let listed = output(Command::new("cargo").args(["+nightly", "fuzz", "list"]).current_dir(&fuzz_dir))
            .ok_or("`cargo fuzz list` failed")?;
        targets = listed.lines().map(str::trim).filter(|l| !l.is_empty()).map(str::to_owned).collect();
    }
    let mut failed = Vec::new();
    for target in &targets {
        let corpus = fuzz_dir.join("corpus").join(target);
        std::fs::create_dir_all(&corpus).map_err(|e| format!("cannot create {}: {e}", corpus.display()))?;
        let mut cmd = Command::new("cargo");
        cmd.args(["+nightly", "fuzz", "run", target]).arg(&corpus);
        // Past findings run first on every run (libFuzzer reads every folder, writes only to the first).
        let regressions = fuzz_dir.join("regressions").join(target);
        if regressions.is_dir() {
            cmd.arg(regressions);
        }
        for seed in seeds_for(target) {
            let dir = root().join(seed);
            if dir.is_dir() {
                cmd.arg(dir);
            }
        }
        cmd.arg("--").arg(format!("-max_total_time={seconds}")).arg("-rss_limit_mb=2048").arg("-timeout=10");
        if let Err(err) = run_cmd(&mut cmd) {
            eprintln!("xtask: fuzz target {target} failed: {err}");
            failed.push(target.clone());
        }
    }
    if failed.is_empty() {
        eprintln!("xtask: {} fuzz targets ran {seconds}s each with no crash", targets.len());
        Ok(())
    } else {
        Err(format!("fuzz targets with findings: {}", failed.join(", ")))
    }
}

fn ensure_tools() -> Result<(), String> {
    let has_nightly = output(Command::new("rustup").args(["toolchain", "list"]))
        .is_some_and(|list| list.lines().any(|l| l.starts_with("nightly")));
    if !has_nightly {
        run_cmd(Command::new("rustup").args(["toolchain", "install", "nightly", "--profile", "minimal"]))?;
    }
    let has_fuzz = Command::new("cargo")
        .args(["+nightly", "fuzz", "--version"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !has_fuzz {
        run_cmd(Command::new("cargo").args(["install", "cargo-fuzz", "--locked"]))?;
    }
    Ok(())
}
