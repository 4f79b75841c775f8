//! `cargo xtask compare`: this project against the reference implementations on the same input, in
//! one run: PokerKit 0.7.7 (PHH read, and read + replay) and endplay (PBN read).
//!
//! The references are installed with pip into a virtual environment under `target/compare-venv`.
//! Inputs are generated deterministically (`cargo xtask gen`) unless given with `--phh`/`--pbn`.
//! The table goes to standard output and to `benches/reports/compare.md` (with the machine, the
//! commit and the command), its rows to `benches/reports/compare.json`, which `cargo xtask bench`
//! draws in `benches/chart.svg`.

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

    let mut rows = Vec::new();
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
            rows.push(Row::new(&phh_path, "PokerKit 0.7.7", task, records, secs, bytes, None));
            if replay {
                let task = "read + replay + check";
                rows.push(Row::new(
                    &phh_path,
                    "cardnote check",
                    task,
                    records,
                    ours,
                    bytes,
                    Some(secs / ours),
                ));
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
        rows.push(Row::new(&pbn_path, "endplay 0.5.12", "read", records, secs, bytes, None));
        rows.push(Row::new(
            &pbn_path,
            "cardnote check",
            "read + check",
            records,
            ours,
            bytes,
            Some(secs / ours),
        ));
    }
    let table = markdown(&rows);
    print!("{table}");
    write_report(&table, &rows, args)
}

/// One timed run: a tool doing a task on an input.
struct Row {
    input: String,
    tool: String,
    task: String,
    records: usize,
    seconds: f64,
    bytes: u64,
    /// How many times faster than the reference on the same input (cardnote rows only).
    ratio: Option<f64>,
}

impl Row {
    fn new(
        input: &Path,
        tool: &str,
        task: &str,
        records: usize,
        seconds: f64,
        bytes: u64,
        ratio: Option<f64>,
    ) -> Row {
        let input = input.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        Row { input, tool: tool.into(), task: task.into(), records, seconds, bytes, ratio }
    }

    fn per_second(&self) -> f64 {
        self.records as f64 / self.seconds
    }
}

fn markdown(rows: &[Row]) -> String {
    let mut out = String::from(
        "| input | tool | task | records | seconds | records/s | MB/s | ratio |\n|---|---|---|---:|---:|---:|---:|---:|\n",
    );
    for r in rows {
        let ratio = r.ratio.map(|x| format!("{x:.0}×")).unwrap_or_else(|| "1×".into());
        out.push_str(&format!(
            "| {} | {} | {} | {} | {:.3} | {:.0} | {:.2} | {ratio} |\n",
            r.input,
            r.tool,
            r.task,
            r.records,
            r.seconds,
            r.per_second(),
            r.bytes as f64 / 1e6 / r.seconds
        ));
    }
    out
}

/// `benches/reports/compare.md` (copied into BENCHMARKS.md by `cargo xtask bench`) and
/// `benches/reports/compare.json` (the rows the chart draws).
fn write_report(table: &str, rows: &[Row], args: &[String]) -> Result<(), String> {
    let commit =
        crate::util::output(Command::new("git").args(["rev-parse", "--short", "HEAD"])).unwrap_or_default();
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    let load = load.split_whitespace().take(3).collect::<Vec<_>>().join(" ");
    let machine = crate::bench::machine();
    let command = format!("cargo xtask compare {}", args.join(" "));
    let md = format!(
        "## Against the reference implementations\n\n`{}` at commit {commit}, on {machine} (load average \
         before the run: {load}). Whole processes, the same generated input for every tool; cardnote \
         best of its runs, each reference once. Ratio: cardnote's records/s over the reference's.\n\n{table}",
        command.trim_end()
    );
    let dir = root().join("benches/reports");
    std::fs::write(dir.join("compare.md"), md).map_err(|e| format!("cannot write compare.md: {e}"))?;
    let json: Vec<Value> = rows
        .iter()
        .map(|r| {
            serde_json::json!({
                "input": r.input, "tool": r.tool, "task": r.task,
                "records_per_second": r.per_second(), "ratio": r.ratio,
            })
        })
        .collect();
    let text = serde_json::to_string_pretty(
        &serde_json::json!({ "commit": commit, "machine": machine, "rows": json }),
    )
    .map_err(|e| e.to_string())?;
    std::fs::write(dir.join("compare.json"), text + "\n")
        .map_err(|e| format!("cannot write compare.json: {e}"))?;
    eprintln!("xtask: wrote benches/reports/compare.md and compare.json");
    Ok(())
}

fn file_len(path: &Path) -> u64 {
    std::fs::metadata(path).map(|m| m.len()).unwrap_or(0)
}

fn ensure_venv() -> Result<PathBuf, String> {
    let venv = root().join("target").join("compare-venv");
    let python = venv.join("bin").join("python");
    let ready = Command::new(&python)
        .args(["-c", "import importlib.metadata as m; assert m.version('pokerkit') == '0.7.7' and m.version('endplay') == '0.5.12'"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !ready {
        run_cmd(Command::new("python3").args(["-m", "venv"]).arg(&venv))?;
        run_cmd(Command::new(venv.join("bin").join("pip")).args([
            "install",
            "-q",
            "pokerkit==0.7.7",
            "endplay==0.5.12",
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
