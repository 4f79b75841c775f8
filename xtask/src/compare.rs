//! `cargo xtask compare`: this project against the reference implementations on the same input, in
//! one run: PokerKit 0.7.7 (PHH read, and read + replay) and endplay (PBN read).
//!
//! The references are installed with pip into a virtual environment under `target/compare-venv`.
//! Inputs are generated deterministically (`cargo xtask gen`) unless given with `--phh`/`--pbn`.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use serde_json::Value;

use crate::util::{root, run_cmd};

pub fn run(args: &[String]) -> Result<(), String> {
    let mut phh_input: Option<PathBuf> = None;
    let mut pbn_input: Option<PathBuf> = None;
    let mut count = 2000usize;
    let mut repeat = 3usize;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--phh" => phh_input = it.next().map(PathBuf::from),
            "--pbn" => pbn_input = it.next().map(PathBuf::from),
            "--count" => count = it.next().and_then(|s| s.parse().ok()).ok_or("--count needs a number")?,
            "--repeat" => repeat = it.next().and_then(|s| s.parse().ok()).ok_or("--repeat needs a number")?,
            other => return Err(format!("unknown option {other:?}")),
        }
    }
    let work = root().join("target").join("compare");
    std::fs::create_dir_all(&work).map_err(|e| e.to_string())?;
    let python = ensure_venv()?;
    run_cmd(Command::new("cargo").args(["build", "--release", "-p", "cardnote"]))?;
    let cardnote = release_binary()?;

    let pbn_path = match pbn_input {
        Some(path) => path,
        None => {
            let path = work.join("bench.pbn");
            std::fs::write(&path, crate::generate::pbn(count, 1)).map_err(|e| e.to_string())?;
            path
        }
    };
    let phh_path = match phh_input {
        Some(path) => path,
        None => crate::generate::phh_file(count, 1, &work)?,
    };

    println!("| input | tool | task | records | seconds | records/s | MB/s | ratio |");
    println!("|---|---|---|---:|---:|---:|---:|---:|");
    {
        let ours = time_ours(&cardnote, &phh_path, repeat)?;
        let records = count_records(&cardnote, &phh_path)?;
        let bytes = file_len(&phh_path);
        for replay in [false, true] {
            let mut cmd = Command::new(&python);
            cmd.arg(root().join("xtask/compare/pokerkit_bench.py")).arg(&phh_path).args(["--repeat", "1"]);
            if replay {
                cmd.arg("--replay");
            }
            let theirs = run_json(&mut cmd)?;
            let secs = theirs.get("seconds").and_then(Value::as_f64).unwrap_or(f64::NAN);
            let task = if replay { "read + replay" } else { "read" };
            row(&phh_path, "PokerKit 0.7.7", task, records, secs, bytes, None);
            if replay {
                row(
                    &phh_path,
                    "cardnote check",
                    "read + replay + check",
                    records,
                    ours,
                    bytes,
                    Some(secs / ours),
                );
            }
        }
    }
    {
        let ours = time_ours(&cardnote, &pbn_path, repeat)?;
        let records = count_records(&cardnote, &pbn_path)?;
        let bytes = file_len(&pbn_path);
        let theirs = run_json(
            Command::new(&python)
                .arg(root().join("xtask/compare/endplay_bench.py"))
                .arg(&pbn_path)
                .args(["--repeat", "1"]),
        )?;
        let secs = theirs.get("seconds").and_then(Value::as_f64).unwrap_or(f64::NAN);
        row(&pbn_path, "endplay", "read", records, secs, bytes, None);
        row(&pbn_path, "cardnote check", "read + check", records, ours, bytes, Some(secs / ours));
    }
    Ok(())
}

fn row(input: &Path, tool: &str, task: &str, records: usize, secs: f64, bytes: u64, ratio: Option<f64>) {
    let name = input.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let ratio = ratio.map(|r| format!("{r:.0}×")).unwrap_or_else(|| "1×".into());
    println!(
        "| {name} | {tool} | {task} | {records} | {secs:.3} | {:.0} | {:.2} | {ratio} |",
        records as f64 / secs,
        bytes as f64 / 1e6 / secs
    );
}

fn file_len(path: &Path) -> u64 {
    std::fs::metadata(path).map(|m| m.len()).unwrap_or(0)
}

fn ensure_venv() -> Result<PathBuf, String> {
    let venv = root().join("target").join("compare-venv");
    let python = venv.join("bin").join("python");
    let ready = Command::new(&python)
        .args(["-c", "import pokerkit, endplay"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !ready {
        run_cmd(Command::new("python3").args(["-m", "venv"]).arg(&venv))?;
        run_cmd(Command::new(venv.join("bin").join("pip")).args([
            "install",
            "-q",
            "pokerkit==0.7.7",
            "endplay",
        ]))?;
    }
    Ok(python)
}

fn release_binary() -> Result<PathBuf, String> {
    let target =
        std::env::var_os("CARGO_TARGET_DIR").map(PathBuf::from).unwrap_or_else(|| root().join("target"));
    let bin = target.join("release").join("cardnote");
    if bin.exists() { Ok(bin) } else { Err(format!("{} was not built", bin.display())) }
}

/// Best wall time of `cardnote check --json FILE` over `repeat` runs (output discarded).
fn time_ours(cardnote: &Path, input: &Path, repeat: usize) -> Result<f64, String> {
    let mut best = f64::INFINITY;
    for _ in 0..repeat.max(1) {
        let start = Instant::now();
        let out = Command::new(cardnote)
            .args(["check", "--json"])
            .arg(input)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .status()
            .map_err(|e| e.to_string())?;
        let secs = start.elapsed().as_secs_f64();
        if out.code().is_none_or(|c| c > 1) {
            return Err(format!("cardnote check failed on {}", input.display()));
        }
        best = best.min(secs);
    }
    Ok(best)
}

fn count_records(cardnote: &Path, input: &Path) -> Result<usize, String> {
    let out =
        Command::new(cardnote).args(["check", "--json"]).arg(input).output().map_err(|e| e.to_string())?;
    Ok(out.stdout.iter().filter(|&&b| b == b'\n').count())
}

fn run_json(cmd: &mut Command) -> Result<Value, String> {
    let out = cmd.output().map_err(|e| e.to_string())?;
    if !out.status.success() {
        return Err(format!("{cmd:?} failed: {}", String::from_utf8_lossy(&out.stderr)));
    }
    let text = String::from_utf8_lossy(&out.stdout);
    let line = text.lines().last().unwrap_or("");
    serde_json::from_str(line).map_err(|e| format!("bad JSON from {cmd:?}: {e}"))
}
