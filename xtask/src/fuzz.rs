//! `cargo xtask fuzz [--seconds N] [--jobs N] [--cmin] [TARGET...]`: run the cargo-fuzz targets in
//! `fuzz/`.
//!
//! Installs cargo-fuzz if it is missing and uses the nightly toolchain (installing it with rustup if
//! needed). Each target reads, as seeds, its minimized corpus kept in the repository
//! (`fuzz/corpus/<target>`), its past findings (`fuzz/regressions/<target>`, run first) and the
//! project's `corpus/` files of the matching format; what it finds new goes to the working corpus
//! `fuzz/target/corpus/<target>` (not committed). `--cmin` then merges the working corpus into
//! `fuzz/corpus/<target>`, minimizes it with `cargo fuzz cmin` and keeps the inputs of 4 KiB or less
//! (run it after a long session and commit the result). `--jobs N` runs N targets at a time (one libFuzzer process each; their
//! output goes to `fuzz/target/logs/<target>.log`). A crash leaves its input in
//! `fuzz/artifacts/<target>/`; turn it into a regression file under `fuzz/regressions/` and a
//! unit test.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

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

/// What `cargo xtask fuzz` was asked.
struct Options {
    seconds: u64,
    jobs: usize,
    cmin: bool,
    targets: Vec<String>,
}

fn parse(args: &[String]) -> Result<Options, String> {
    let mut options = Options { seconds: 60, jobs: 1, cmin: false, targets: Vec::new() };
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--seconds" => {
                options.seconds = it
                    .next()
                    .and_then(|s| s.parse().ok())
                    .ok_or("--seconds needs a number of seconds per target")?;
            }
            "--jobs" => {
                options.jobs = it
                    .next()
                    .and_then(|s| s.parse().ok())
                    .filter(|&n| n > 0)
                    .ok_or("--jobs needs a number of targets to run at once (1 or more)")?;
            }
            "--cmin" => options.cmin = true,
            other if other.starts_with("--") => return Err(format!("unknown option {other:?}")),
            other => options.targets.push(other.to_owned()),
        }
    }
    Ok(options)
}

pub fn run(args: &[String]) -> Result<(), String> {
    let Options { seconds, jobs, cmin, mut targets } = parse(args)?;
    ensure_tools()?;
    let fuzz_dir = root().join("fuzz");
    if targets.is_empty() {
        let listed = output(Command::new("cargo").args(["+nightly", "fuzz", "list"]).current_dir(&fuzz_dir))
            .ok_or("`cargo fuzz list` failed")?;
        targets = listed.lines().map(str::trim).filter(|l| !l.is_empty()).map(str::to_owned).collect();
    }
    // One build of every target first, so that parallel runs do not wait on each other's build.
    let mut build = Command::new("cargo");
    build.args(["+nightly", "fuzz", "build"]);
    if targets.len() == 1 {
        build.arg(&targets[0]);
    }
    run_cmd(&mut build)?;
    if cmin {
        for target in &targets {
            minimize(&fuzz_dir, target)?;
        }
        return Ok(());
    }
    let logs = fuzz_dir.join("target").join("logs");
    let mut failed = Vec::new();
    let mut running: Vec<(String, Child)> = Vec::new();
    let mut queue = targets.iter();
    loop {
        while running.len() < jobs {
            let Some(target) = queue.next() else { break };
            let mut cmd = fuzz_command(&fuzz_dir, target, seconds)?;
            if jobs > 1 {
                std::fs::create_dir_all(&logs)
                    .map_err(|e| format!("cannot create {}: {e}", logs.display()))?;
                let log = logs.join(format!("{target}.log"));
                let file = std::fs::File::create(&log)
                    .map_err(|e| format!("cannot create {}: {e}", log.display()))?;
                let err = file.try_clone().map_err(|e| format!("cannot write {}: {e}", log.display()))?;
                cmd.stdout(Stdio::from(file)).stderr(Stdio::from(err));
                eprintln!("xtask: fuzzing {target} for {seconds}s (output: {})", log.display());
            } else {
                eprintln!("xtask: fuzzing {target} for {seconds}s");
            }
            let child = cmd.spawn().map_err(|e| format!("cannot run cargo fuzz: {e}"))?;
            running.push((target.clone(), child));
        }
        if running.is_empty() {
            break;
        }
        // Wait for the first to end (the runs are long; polling twice a second costs nothing).
        let done = loop {
            let ended = running.iter_mut().position(|(_, child)| child.try_wait().ok().flatten().is_some());
            if let Some(i) = ended {
                break i;
            }
            std::thread::sleep(std::time::Duration::from_millis(500));
        };
        let (target, mut child) = running.swap_remove(done);
        let status = child.wait().map_err(|e| format!("cannot wait for cargo fuzz: {e}"))?;
        if status.success() {
            eprintln!("xtask: {target}: no crash");
        } else {
            let log = if jobs > 1 {
                format!(" (see {})", logs.join(format!("{target}.log")).display())
            } else {
                String::new()
            };
            eprintln!("xtask: fuzz target {target} failed with {status}{log}");
            failed.push(target);
        }
    }
    if failed.is_empty() {
        eprintln!("xtask: {} fuzz targets ran {seconds}s each with no crash", targets.len());
        Ok(())
    } else {
        failed.sort();
        Err(format!("fuzz targets with findings: {}", failed.join(", ")))
    }
}

/// The working corpus of a target (written by libFuzzer, not committed).
fn work_corpus(fuzz_dir: &Path, target: &str) -> PathBuf {
    fuzz_dir.join("target").join("corpus").join(target)
}

/// `cargo fuzz run TARGET WORK KEPT REGRESSIONS SEEDS... -- -max_total_time=N ...`: libFuzzer
/// reads every folder and writes new inputs to the first only.
fn fuzz_command(fuzz_dir: &Path, target: &str, seconds: u64) -> Result<Command, String> {
    let work = work_corpus(fuzz_dir, target);
    std::fs::create_dir_all(&work).map_err(|e| format!("cannot create {}: {e}", work.display()))?;
    let mut cmd = Command::new("cargo");
    cmd.current_dir(fuzz_dir).args(["+nightly", "fuzz", "run", target]).arg(&work);
    let kept = fuzz_dir.join("corpus").join(target);
    let regressions = fuzz_dir.join("regressions").join(target);
    for dir in [kept, regressions].into_iter().chain(seeds_for(target).into_iter().map(|s| root().join(s))) {
        if dir.is_dir() {
            cmd.arg(dir);
        }
    }
    cmd.arg("--").arg(format!("-max_total_time={seconds}")).arg("-rss_limit_mb=2048").arg("-timeout=10");
    Ok(cmd)
}

/// The largest input kept in `fuzz/corpus/` (bytes).
const MAX_KEPT: u64 = 4096;

/// Merges the working corpus into the kept one and minimizes it (`cargo fuzz cmin`): the inputs
/// that together cover what all of them cover.
fn minimize(fuzz_dir: &Path, target: &str) -> Result<(), String> {
    let kept = fuzz_dir.join("corpus").join(target);
    std::fs::create_dir_all(&kept).map_err(|e| format!("cannot create {}: {e}", kept.display()))?;
    let work = work_corpus(fuzz_dir, target);
    if let Ok(entries) = std::fs::read_dir(&work) {
        for entry in entries.flatten() {
            // libFuzzer names inputs by their SHA-1: the same name is the same input.
            let to = kept.join(entry.file_name());
            if !to.exists() {
                std::fs::copy(entry.path(), &to)
                    .map_err(|e| format!("cannot copy to {}: {e}", to.display()))?;
            }
        }
    }
    run_cmd(Command::new("cargo").args(["+nightly", "fuzz", "cmin", target]).arg(&kept))?;
    // The repository keeps the small inputs only: the large ones are mostly the project's
    // `corpus/` files mutated, and those seed every run anyway.
    if let Ok(entries) = std::fs::read_dir(&kept) {
        for entry in entries.flatten() {
            if entry.metadata().is_ok_and(|m| m.len() > MAX_KEPT) {
                std::fs::remove_file(entry.path())
                    .map_err(|e| format!("cannot remove {}: {e}", entry.path().display()))?;
            }
        }
    }
    let (files, bytes) = folder_size(&kept);
    eprintln!("xtask: {target}: {files} inputs, {bytes} bytes kept in {}", kept.display());
    Ok(())
}

fn folder_size(dir: &Path) -> (usize, u64) {
    let Ok(entries) = std::fs::read_dir(dir) else { return (0, 0) };
    entries.flatten().filter_map(|e| e.metadata().ok()).fold((0, 0), |(n, b), m| (n + 1, b + m.len()))
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
