//! `cargo xtask compare`: what a user running `cardnote check` gets, next to the reference
//! implementations on the same input, in one run, against issue 17's targets.
//!
//! - PHH: `cardnote check --rules pokerkit` (human and `--json`) on a generated file of no-limit
//!   hold'em hands (100,000 by default, `--count N`) at one and two threads; PokerKit 0.7.7 read
//!   and read + replay on the file's first 10,000 hands (`--reference-count N`; it replays about
//!   1,000 hands a second, so a run takes about 10 s).
//! - PBN: `cardnote check --json` at one and two threads on the real files of `../shared/corpus/pbn`
//!   repeated to about 50 MB (`--mb N`), or on generated boards when that folder is absent;
//!   endplay 0.5.12 reading the same files (each file on its own, as it stops at the first it
//!   cannot parse) up to 5 MB (`--reference-mb N`).
//! - Preferans and Pinochle PPN: `cardnote check` at one and two threads on generated games of
//!   about `--mb` MB.
//! - Double dummy: `cardnote dd --fill` on the 100 deals of DDS's own `list100.txt`
//!   (`../shared/corpus/dd`), on one core (`taskset`) and on two; the same deals' tables through
//!   the batch table API (`solve_deals`) of cardnote's engine and of pons-dds 0.2 (the crate it was
//!   copied from), one core (`cargo xtask dd-solvers`, which fails when their tables differ); DDS
//!   as endplay 0.5.12 bundles it, one thread. Each with its milliseconds per table.
//! - Parquet export: `cardnote export --to parquet` on the generated PHH file at one and two
//!   threads (issue 31's goals: 200,000 hands/s, under 100 MB).
//! - The 7-card evaluator and the ACPC import from criterion's saved results (the latest
//!   `cargo xtask bench`), else from `benchmarks.json`.
//!
//! Each run, cardnote's and the references', is timed as a whole process, best wall time of
//! `--repeat` runs (3): each tool at its best, as its own users call it; CPU time
//! (user + sys) and peak resident memory come from `/usr/bin/time` when it exists. The references
//! run in a virtual environment under `target/compare-venv` (made with pip when needed). Output:
//! `benches/reports/compare.md` (the TARGETS table and every run, with machine, commit, date,
//! load and command) and `benches/reports/compare.json` (the rows `cargo xtask bench` charts and
//! judges the targets from).
//!
//! `--only phh,pbn,ppn,dd,export` runs only those rows and prints them without writing the
//! reports (a partial run would replace the whole comparison).

use std::ffi::OsString;
use std::io::Read as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use serde_json::{Value, json};

use crate::targets;
use crate::util::{root, run_cmd};

/// What to measure, from the command line.
struct Options {
    count: usize,
    reference_count: usize,
    mb: f64,
    reference_mb: f64,
    repeat: usize,
    phh: Option<PathBuf>,
    pbn: Option<PathBuf>,
    /// The row groups to run (`--only`); `None`: all, and the reports are written.
    only: Option<Vec<String>>,
}

/// The row groups `--only` names.
const GROUPS: [&str; 5] = ["phh", "pbn", "ppn", "dd", "export"];

impl Options {
    fn runs(&self, group: &str) -> bool {
        self.only.as_ref().is_none_or(|only| only.iter().any(|g| g == group))
    }
}

impl Options {
    fn parse(args: &[String]) -> Result<Options, String> {
        let mut options = Options {
            count: 100_000,
            reference_count: 10_000,
            mb: 50.0,
            reference_mb: 5.0,
            repeat: 3,
            phh: None,
            pbn: None,
            only: None,
        };
        let mut it = args.iter();
        while let Some(arg) = it.next() {
            let mut value = || it.next().ok_or(format!("{arg} needs a value"));
            let number = |text: &String| text.parse::<f64>().map_err(|_| format!("{arg} needs a number"));
            match arg.as_str() {
                "--count" => options.count = number(value()?)? as usize,
                "--reference-count" => options.reference_count = number(value()?)? as usize,
                "--mb" => options.mb = number(value()?)?,
                "--reference-mb" => options.reference_mb = number(value()?)?,
                "--repeat" => options.repeat = (number(value()?)? as usize).max(1),
                "--phh" => options.phh = Some(PathBuf::from(value()?)),
                "--pbn" => options.pbn = Some(PathBuf::from(value()?)),
                "--only" => {
                    let groups: Vec<String> = value()?.split(',').map(str::to_owned).collect();
                    if let Some(bad) = groups.iter().find(|g| !GROUPS.contains(&g.as_str())) {
                        return Err(format!("--only: unknown row group {bad:?} (one of {GROUPS:?})"));
                    }
                    options.only = Some(groups);
                }
                other => return Err(format!("unknown option {other:?}")),
            }
        }
        Ok(options)
    }
}

pub fn run(args: &[String]) -> Result<(), String> {
    let options = Options::parse(args)?;
    let work = root().join("target").join("compare");
    std::fs::create_dir_all(&work).map_err(|e| e.to_string())?;
    let python = ensure_venv()?;
    run_cmd(Command::new("cargo").args(["build", "--release", "-p", "cardnote"]))?;
    if options.runs("dd") {
        // The solvers' own table API, optimised as their users build them.
        run_cmd(Command::new("cargo").args(["build", "--release", "-p", "xtask"]))?;
    }
    let tools = Tools { cardnote: release_binary("cardnote")?, python };
    let load = load_average();
    let mut rows = Vec::new();
    let groups: [(&str, RowRuns); 5] =
        [("phh", phh_runs), ("pbn", pbn_runs), ("ppn", ppn_runs), ("dd", dd_runs), ("export", export_runs)];
    for (group, runs) in groups {
        if options.runs(group) {
            rows.extend(runs(&tools, &options, &work)?);
        }
    }
    set_ratios(&mut rows);
    if options.only.is_some() {
        print!("{}", runs_table(&rows));
        eprintln!("xtask: --only: the reports were not written");
        return Ok(());
    }
    let benches = criterion_now();
    let doc = document(&rows, &benches.0, &benches.1, &load, args)?;
    let judged = targets::judge(&doc, &benches.0);
    let mut doc = doc;
    doc["targets"] = targets::to_json(&judged);
    let reports = root().join("benches/reports");
    let mut link = |report: &str| -> Result<String, String> {
        targets::first_heading(&reports.join(report))?;
        Ok(report.to_owned())
    };
    let target_table = targets::table(&judged, &mut link)?;
    let md = markdown(&doc, &rows, &target_table);
    println!("{target_table}");
    print!("{}", runs_table(&rows));
    std::fs::write(reports.join("compare.md"), md).map_err(|e| format!("cannot write compare.md: {e}"))?;
    let text = serde_json::to_string_pretty(&doc).map_err(|e| e.to_string())?;
    std::fs::write(reports.join("compare.json"), text + "\n")
        .map_err(|e| format!("cannot write compare.json: {e}"))?;
    eprintln!("xtask: wrote benches/reports/compare.md and compare.json");
    Ok(())
}

/// A group of rows: runs its workloads and returns their rows.
type RowRuns = fn(&Tools, &Options, &Path) -> Result<Vec<Row>, String>;

/// The programs a comparison runs.
struct Tools {
    cardnote: PathBuf,
    python: PathBuf,
}

/// PHH: the whole file through `cardnote check --rules pokerkit` (human and `--json`, one and two
/// threads), its first hands through PokerKit (read, and read + replay).
fn phh_runs(tools: &Tools, options: &Options, work: &Path) -> Result<Vec<Row>, String> {
    let phh = match &options.phh {
        Some(path) => path.clone(),
        None => crate::generate::phh_file(options.count, 1, work)?,
    };
    let phh_text = std::fs::read_to_string(&phh).map_err(|e| format!("{}: {e}", phh.display()))?;
    let prefix = work.join("reference.phhs");
    let prefix_hands = write_phh_prefix(&phh_text, options.reference_count, &prefix)?;
    drop(phh_text);
    let mut rows = Vec::new();
    for (workload, json) in [("phh", false), ("phh-json", true)] {
        for threads in [1, 2] {
            let mut args = vec!["check", "--rules", "pokerkit"];
            if json {
                args.push("--json");
            }
            let task = "read + replay + check";
            rows.push(ours(&tools.cardnote, &args, &phh, threads, options.repeat, workload, task)?);
        }
    }
    // `--json` prints no summary: the human run's count holds for every run.
    let records = rows.first().map_or(0, |r| r.records);
    let phh_note = if options.phh.is_some() { "given" } else { "generated no-limit hold'em hands" };
    for row in &mut rows {
        row.records = records;
        row.note = Some(phh_note.into());
    }
    let prefix_note = format!(
        "first {} hands of the same file, every state iterated",
        targets::thousands(prefix_hands as f64)
    );
    for replay in [false, true] {
        let mut args: Vec<OsString> =
            vec![root().join("xtask/compare/pokerkit_bench.py").into(), prefix.clone().into()];
        if replay {
            args.push("--replay".into());
        }
        let workload = if replay { "pokerkit-replay" } else { "pokerkit-read" };
        let task = if replay { "read + replay" } else { "read" };
        let mut row =
            reference(&tools.python, &args, options.repeat, workload, "PokerKit 0.7.7", task, "hands")?;
        row.input = file_name(&phh);
        row.note = Some(prefix_note.clone());
        rows.push(row);
    }
    Ok(rows)
}

/// PBN: `cardnote check --json` at one and two threads (and a human run, which counts the
/// records), endplay reading the same files.
fn pbn_runs(tools: &Tools, options: &Options, work: &Path) -> Result<Vec<Row>, String> {
    let pbn = pbn_input(options, work)?;
    let mut rows = Vec::new();
    for threads in [1, 2] {
        let args = ["check", "--json"];
        rows.push(ours(&tools.cardnote, &args, &pbn.path, threads, options.repeat, "pbn", "read + check")?);
    }
    let counted = ours(&tools.cardnote, &["check"], &pbn.path, 2, 1, "pbn-human", "read + check")?;
    for row in &mut rows {
        row.records = counted.records;
        row.note.clone_from(&pbn.note);
    }
    rows.push(counted);
    let mut args: Vec<OsString> = vec![root().join("xtask/compare/endplay_bench.py").into()];
    args.extend(pbn.sources.iter().map(|p| p.clone().into()));
    args.extend(["--min-bytes".into(), format!("{:.0}", options.reference_mb * 1e6).into()]);
    let mut endplay =
        reference(&tools.python, &args, options.repeat, "endplay-read", "endplay 0.5.12", "read", "boards")?;
    endplay.input = file_name(&pbn.path);
    endplay.note = Some(endplay_note(&endplay.extra));
    rows.push(endplay);
    Ok(rows)
}

/// Preferans and Pinochle: `cardnote check` at one and two threads on generated games.
fn ppn_runs(tools: &Tools, options: &Options, work: &Path) -> Result<Vec<Row>, String> {
    let mut rows = Vec::new();
    for format in ["ppn-pref", "ppn-pinochle"] {
        let text = if format == "ppn-pref" {
            crate::generate::preferans(options.mb)
        } else {
            crate::generate::pinochle(options.mb)
        };
        let path = work.join(format!("{format}.ppn"));
        std::fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        for threads in [1, 2] {
            let args = ["check", "--format", format];
            let mut row =
                ours(&tools.cardnote, &args, &path, threads, options.repeat, format, "read + check")?;
            row.note = Some(format!("generated: `cargo xtask gen --format {format} --mb {}`", options.mb));
            rows.push(row);
        }
    }
    Ok(rows)
}

/// Double dummy: `cardnote dd --fill` on DDS's `list100.txt` deals written as a PBN file (a fresh
/// copy each run: `--fill` writes into it), on one core and on two; DDS through endplay on the same
/// deals, pinned to one core too. Nothing when `../shared/corpus/dd` is absent.
fn dd_runs(tools: &Tools, options: &Options, work: &Path) -> Result<Vec<Row>, String> {
    let list = root().join("../shared/corpus/dd/dds-bridge__dds/hands/list100.txt");
    let Ok(text) = std::fs::read_to_string(&list) else {
        eprintln!("xtask: {} is absent: no double-dummy rows", list.display());
        return Ok(Vec::new());
    };
    let deals: Vec<&str> = text.lines().filter_map(|l| l.strip_prefix("PBN ")?.split('"').nth(1)).collect();
    let mut pbn = String::new();
    for (i, deal) in deals.iter().enumerate() {
        pbn.push_str(&format!(
            "[Event \"?\"]\n[Board \"{}\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"{deal}\"]\n\n",
            i + 1
        ));
    }
    let source = work.join("dd-list100.pbn");
    std::fs::write(&source, &pbn).map_err(|e| format!("cannot write {}: {e}", source.display()))?;
    let filled = work.join("dd-filled.pbn");
    let taskset = Path::new("/usr/bin/taskset");
    let mut rows = Vec::new();
    for threads in [1, 2] {
        let mut best: Option<Usage> = None;
        for _ in 0..options.repeat.max(1) {
            std::fs::copy(&source, &filled).map_err(|e| e.to_string())?;
            let mut argv: Vec<OsString> = Vec::new();
            // One core: the solver runs a thread per core, so the process is pinned to one.
            let program = if threads == 1 && taskset.exists() {
                argv.extend(["-c".into(), "0".into(), tools.cardnote.clone().into()]);
                taskset.to_path_buf()
            } else {
                tools.cardnote.clone()
            };
            argv.extend(["dd".into(), "--fill".into(), "--quiet".into(), filled.clone().into()]);
            let usage = measure(&program, &argv, false, &[0])?;
            if best.as_ref().is_none_or(|b| usage.wall < b.wall) {
                best = Some(usage);
            }
        }
        let best = best.ok_or("no run")?;
        eprintln!("xtask: cardnote dd --fill ({threads} core(s)): {:.3} s", best.wall);
        rows.push(Row {
            workload: "dd",
            input: "list100 (DDS's 100 deals)".into(),
            tool: "cardnote dd --fill".into(),
            task: "double-dummy table and par".into(),
            threads: Some(threads),
            records: deals.len(),
            bytes: pbn.len() as u64,
            seconds: best.wall,
            cpu_seconds: best.cpu,
            peak_rss: best.peak_rss,
            ratio: None,
            note: Some(if threads == 1 && !taskset.exists() {
                "taskset is absent: the one-core run used every core".into()
            } else {
                "20 cells and the par of each deal; every table equal to DDS's (tests: dds_list100)".into()
            }),
            extra: Value::Null,
        });
    }
    // DDS on one core too.
    let script: OsString = root().join("xtask/compare/endplay_dd_bench.py").into();
    let (program, args): (PathBuf, Vec<OsString>) = if taskset.exists() {
        (
            taskset.to_path_buf(),
            vec!["-c".into(), "0".into(), tools.python.clone().into(), script, source.as_os_str().into()],
        )
    } else {
        (tools.python.clone(), vec![script, source.as_os_str().into()])
    };
    let (workload, tool, task) = ("dd-endplay", "DDS (endplay 0.5.12)", "double-dummy table");
    let mut dds = reference(&program, &args, options.repeat, workload, tool, task, "tables")?;
    dds.input = "list100 (DDS's 100 deals)".into();
    dds.note = Some("calc_dd_table per deal, pinned to one core; its own timer".into());
    rows.push(dds);
    rows.extend(dd_solver_runs(&source, options.repeat)?);
    eprintln!("xtask: double dummy on one core (list100), ms per table: wall, CPU");
    for row in rows.iter().filter(|r| r.threads == Some(1)) {
        let per_table = |seconds: f64| format!("{:>8.1}", 1e3 * seconds / row.records.max(1) as f64);
        let cpu = row.cpu_seconds.map_or("       –".into(), per_table);
        eprintln!("xtask:   {} {cpu}  {}", per_table(row.seconds), row.tool);
    }
    Ok(rows)
}

/// cardnote's engine and pons-dds, each through its batch table API on one core
/// (`cargo xtask dd-solvers`, built in release): the best of `repeat` runs of each.
fn dd_solver_runs(source: &Path, repeat: usize) -> Result<Vec<Row>, String> {
    let xtask = release_binary("xtask")?;
    let taskset = Path::new("/usr/bin/taskset");
    let mut argv: Vec<OsString> = Vec::new();
    if taskset.exists() {
        argv.extend([taskset.into(), "-c".into(), "0".into()]);
    }
    argv.extend([xtask.into(), "dd-solvers".into(), source.into()]);
    let env = Path::new("/usr/bin/env");
    let mut args: Vec<OsString> = vec!["RAYON_NUM_THREADS=1".into()];
    args.extend(argv);
    let mut best: Vec<Value> = Vec::new();
    for _ in 0..repeat.max(1) {
        let usage = measure(env, &args, true, &[0])?;
        let text = String::from_utf8_lossy(&usage.stdout);
        for line in text.lines() {
            let report: Value =
                serde_json::from_str(line).map_err(|e| format!("bad JSON from dd-solvers: {e}"))?;
            let seconds = |r: &Value| r["seconds"].as_f64().unwrap_or(f64::INFINITY);
            match best.iter_mut().find(|b| b["solver"] == report["solver"]) {
                Some(b) if seconds(&report) < seconds(b) => *b = report,
                Some(_) => {}
                None => best.push(report),
            }
        }
    }
    let rows = best
        .into_iter()
        .map(|report| {
            let pons = report["solver"] == "pons-dds";
            let seconds = report["seconds"].as_f64().unwrap_or(f64::NAN);
            let (workload, tool) = if pons {
                ("dd-pons", "pons-dds 0.2 (solve_deals)")
            } else {
                ("dd-engine", "cardnote's dd-engine (solve_deals)")
            };
            eprintln!("xtask: {tool}: {seconds:.3} s");
            Row {
                workload,
                input: "list100 (DDS's 100 deals)".into(),
                tool: tool.into(),
                task: "double-dummy table".into(),
                threads: Some(1),
                records: report["tables"].as_u64().unwrap_or(0) as usize,
                bytes: report["bytes"].as_u64().unwrap_or(0),
                seconds,
                cpu_seconds: report["cpu_seconds"].as_f64(),
                peak_rss: None,
                ratio: None,
                note: Some(
                    "in process, its own timer, pinned to one core; its default memory; every table equal to the other's"
                        .into(),
                ),
                extra: Value::Null,
            }
        })
        .collect();
    Ok(rows)
}

/// Parquet export: `cardnote export --to parquet` of the generated PHH file into a fresh folder
/// each run, at one and two threads.
fn export_runs(tools: &Tools, options: &Options, work: &Path) -> Result<Vec<Row>, String> {
    let phh = match &options.phh {
        Some(path) => path.clone(),
        None => crate::generate::phh_file(options.count, 1, work)?,
    };
    let out = work.join("export-out");
    let mut rows = Vec::new();
    for threads in [1, 2] {
        let mut best: Option<Usage> = None;
        for _ in 0..options.repeat.max(1) {
            // Existing tables are never overwritten: each run writes into an empty folder.
            let _ = std::fs::remove_dir_all(&out);
            let argv: Vec<OsString> = vec![
                "export".into(),
                "--to".into(),
                "parquet".into(),
                "--quiet".into(),
                "--threads".into(),
                threads.to_string().into(),
                "-o".into(),
                out.clone().into(),
                phh.clone().into(),
            ];
            let usage = measure(&tools.cardnote, &argv, false, &[0, 1])?;
            if best.as_ref().is_none_or(|b| usage.wall < b.wall) {
                best = Some(usage);
            }
        }
        let best = best.ok_or("no run")?;
        eprintln!("xtask: cardnote export --to parquet --threads {threads}: {:.3} s", best.wall);
        rows.push(Row {
            workload: "export",
            input: file_name(&phh),
            tool: "cardnote export --to parquet".into(),
            task: "read + replay + Parquet tables".into(),
            threads: Some(threads),
            records: options.count,
            bytes: file_len(&phh),
            seconds: best.wall,
            cpu_seconds: best.cpu,
            peak_rss: best.peak_rss,
            ratio: None,
            note: Some("hands, seats, actions and errors tables, zstd".into()),
            extra: Value::Null,
        });
    }
    let _ = std::fs::remove_dir_all(&out);
    Ok(rows)
}

/// One measured run: a tool doing a task on an input.
struct Row {
    workload: &'static str,
    input: String,
    tool: String,
    task: String,
    threads: Option<usize>,
    records: usize,
    bytes: u64,
    /// Wall seconds (cardnote: the whole process; a reference: its own timer around the work).
    seconds: f64,
    cpu_seconds: Option<f64>,
    peak_rss: Option<u64>,
    /// Times the reference's throughput on the same input (cardnote rows with a reference).
    ratio: Option<f64>,
    note: Option<String>,
    /// The reference's own report (endplay: files read and refused).
    extra: Value,
}

impl Row {
    fn records_per_second(&self) -> f64 {
        self.records as f64 / self.seconds
    }

    fn bytes_per_second(&self) -> f64 {
        self.bytes as f64 / self.seconds
    }

    fn json(&self) -> Value {
        let finite = |x: f64| if x.is_finite() { Some(x) } else { None };
        json!({
            "input": self.input, "tool": self.tool, "task": self.task,
            "records_per_second": finite(self.records_per_second()), "ratio": self.ratio,
            "workload": self.workload, "threads": self.threads, "records": self.records,
            "bytes": self.bytes, "seconds": self.seconds, "cpu_seconds": self.cpu_seconds,
            "peak_rss_bytes": self.peak_rss, "bytes_per_second": finite(self.bytes_per_second()),
            "note": self.note,
        })
    }
}

/// A process's cost: wall time, and where `/usr/bin/time` exists, CPU time and peak memory.
struct Usage {
    wall: f64,
    cpu: Option<f64>,
    peak_rss: Option<u64>,
    stdout: Vec<u8>,
    stderr: Vec<u8>,
}

const TIME: &str = "/usr/bin/time";

/// Runs `program args` once; fails unless it exits with a status in `ok`.
fn measure(program: &Path, args: &[OsString], capture: bool, ok: &[i32]) -> Result<Usage, String> {
    let usage_file = root().join("target/compare/usage.txt");
    let timed = Path::new(TIME).exists();
    let mut cmd = if timed {
        let mut cmd = Command::new(TIME);
        cmd.args(["-f", "%U %S %M", "-o"]).arg(&usage_file).arg(program);
        cmd
    } else {
        Command::new(program)
    };
    cmd.args(args).current_dir(root()).stdin(Stdio::null());
    cmd.stdout(if capture { Stdio::piped() } else { Stdio::null() });
    let start = Instant::now();
    let out = cmd.output().map_err(|e| format!("cannot run {}: {e}", program.display()))?;
    let wall = start.elapsed().as_secs_f64();
    if !out.status.code().is_some_and(|c| ok.contains(&c)) {
        return Err(format!(
            "{} {:?} failed with {}: {}",
            program.display(),
            args,
            out.status,
            String::from_utf8_lossy(&out.stderr).lines().last().unwrap_or("")
        ));
    }
    let (mut cpu, mut peak_rss) = (None, None);
    if timed {
        let text = std::fs::read_to_string(&usage_file).unwrap_or_default();
        // GNU time puts "Command exited with non-zero status N" on a line before the format's.
        let fields: Vec<f64> =
            text.lines().last().unwrap_or("").split_whitespace().filter_map(|f| f.parse().ok()).collect();
        if let [user, sys, kib] = fields[..] {
            cpu = Some(user + sys);
            peak_rss = Some((kib * 1024.0) as u64);
        }
    }
    Ok(Usage { wall, cpu, peak_rss, stdout: out.stdout, stderr: out.stderr })
}

/// `cardnote ARGS --threads N FILE`, best wall time of `--repeat` runs (exit status 1 is a record
/// with an error, not a failure). The records are counted from the human summary when there is one.
fn ours(
    cardnote: &Path,
    args: &[&str],
    input: &Path,
    threads: usize,
    repeat: usize,
    workload: &'static str,
    task: &str,
) -> Result<Row, String> {
    let mut argv: Vec<OsString> = args.iter().map(OsString::from).collect();
    argv.extend(["--threads".into(), threads.to_string().into(), input.into()]);
    let mut best: Option<Usage> = None;
    let mut peak = None;
    for _ in 0..repeat.max(1) {
        let usage = measure(cardnote, &argv, false, &[0, 1])?;
        peak = peak.max(usage.peak_rss);
        if best.as_ref().is_none_or(|b| usage.wall < b.wall) {
            best = Some(usage);
        }
    }
    let best = best.ok_or("no run")?;
    eprintln!("xtask: cardnote {} --threads {threads}: {:.3} s", args.join(" "), best.wall);
    let records = summary_records(&String::from_utf8_lossy(&best.stderr)).unwrap_or(0);
    Ok(Row {
        workload,
        input: file_name(input),
        tool: format!("cardnote {}", args.join(" ")),
        task: task.to_owned(),
        threads: Some(threads),
        records,
        bytes: file_len(input),
        seconds: best.wall,
        cpu_seconds: best.cpu,
        peak_rss: peak,
        ratio: None,
        note: None,
        extra: Value::Null,
    })
}

/// The record count of `cardnote check`'s summary line (`files: 1, records: 2000, …`).
fn summary_records(stderr: &str) -> Option<usize> {
    stderr
        .lines()
        .rev()
        .find_map(|line| line.split(", ").find_map(|f| f.strip_prefix("records: ")?.parse().ok()))
}

/// A reference script, once: it prints one JSON object with its own `seconds`, the records
/// (`count_field`) and `bytes` it read.
/// A reference's run, best of `repeat` (by the seconds it reports for its own work).
fn reference(
    python: &Path,
    args: &[OsString],
    repeat: usize,
    workload: &'static str,
    tool: &str,
    task: &str,
    count_field: &str,
) -> Result<Row, String> {
    let mut best: Option<(Usage, Value)> = None;
    for _ in 0..repeat.max(1) {
        let usage = measure(python, args, true, &[0])?;
        let text = String::from_utf8_lossy(&usage.stdout);
        let report: Value = serde_json::from_str(text.lines().last().unwrap_or(""))
            .map_err(|e| format!("bad JSON from {tool}: {e}: {text}"))?;
        let seconds = |r: &Value| r["seconds"].as_f64().unwrap_or(f64::INFINITY);
        if best.as_ref().is_none_or(|(_, b)| seconds(&report) < seconds(b)) {
            best = Some((usage, report));
        }
    }
    let Some((usage, report)) = best else { return Err(format!("{tool} did not run")) };
    let seconds = report["seconds"].as_f64().unwrap_or(f64::NAN);
    eprintln!("xtask: {tool} {task}: {seconds:.3} s");
    Ok(Row {
        workload,
        input: String::new(),
        tool: tool.to_owned(),
        task: task.to_owned(),
        threads: Some(1),
        records: report[count_field].as_u64().unwrap_or(0) as usize,
        bytes: report["bytes"].as_u64().unwrap_or(0),
        seconds,
        cpu_seconds: usage.cpu,
        peak_rss: usage.peak_rss,
        ratio: None,
        note: None,
        extra: report,
    })
}

/// Each cardnote row's throughput over its reference's: PHH in hands per second against
/// PokerKit's read + replay, PBN in bytes per second against endplay's read, double dummy in
/// tables per second per core against DDS's one thread.
fn set_ratios(rows: &mut [Row]) {
    let rate = |rows: &[Row], workload: &str, bytes: bool| {
        rows.iter()
            .find(|r| r.workload == workload)
            .map(|r| if bytes { r.bytes_per_second() } else { r.records_per_second() })
    };
    let pokerkit = rate(rows, "pokerkit-replay", false);
    let endplay = rate(rows, "endplay-read", true);
    let dds = rate(rows, "dd-endplay", false);
    for row in rows.iter_mut() {
        row.ratio = match row.workload {
            "phh" | "phh-json" => pokerkit.map(|p| row.records_per_second() / p),
            "pbn" | "pbn-human" => endplay.map(|e| row.bytes_per_second() / e),
            // Per core: DDS runs on one thread.
            "dd" | "dd-engine" | "dd-pons" => {
                dds.map(|d| row.records_per_second() / row.threads.unwrap_or(1) as f64 / d)
            }
            _ => None,
        }
        .filter(|x| x.is_finite());
    }
}

/// Writes the first `hands` hands of a `.phhs` text (up to the table header `[hands + 1]`);
/// returns how many it holds.
fn write_phh_prefix(text: &str, hands: usize, path: &Path) -> Result<usize, String> {
    let header = format!("\n[{}]\n", hands + 1);
    let prefix = text.find(&header).map_or(text, |at| &text[..at + 1]);
    std::fs::write(path, prefix).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(prefix
        .lines()
        .filter(|l| l.starts_with('[') && l.ends_with(']') && l[1..l.len() - 1].parse::<u64>().is_ok())
        .count())
}

/// The PBN input: its path, the files it repeats (for endplay) and what it is.
struct PbnInput {
    path: PathBuf,
    sources: Vec<PathBuf>,
    note: Option<String>,
}

fn pbn_input(options: &Options, work: &Path) -> Result<PbnInput, String> {
    if let Some(path) = &options.pbn {
        return Ok(PbnInput { path: path.clone(), sources: vec![path.clone()], note: Some("given".into()) });
    }
    let shared = root().join("../shared/corpus/pbn");
    let path = work.join("pbn-real.pbn");
    let target = (options.mb * 1e6) as usize;
    let sources = crate::util::files_with_suffix(&shared, ".pbn");
    if sources.is_empty() {
        let path = work.join("pbn-generated.pbn");
        let boards = (target / 900).max(1);
        std::fs::write(&path, crate::generate::pbn(boards, 1)).map_err(|e| e.to_string())?;
        return Ok(PbnInput {
            sources: vec![path.clone()],
            path,
            note: Some("generated boards (../shared/corpus/pbn is absent)".into()),
        });
    }
    let mut texts = Vec::new();
    for source in &sources {
        let bytes = std::fs::read(source).map_err(|e| format!("{}: {e}", source.display()))?;
        let mut bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").map(<[u8]>::to_vec).unwrap_or(bytes);
        bytes.extend_from_slice(b"\n\n");
        texts.push(bytes);
    }
    let one_pass: usize = texts.iter().map(Vec::len).sum();
    let passes = target.div_ceil(one_pass.max(1)).max(1);
    let mut all = Vec::with_capacity(one_pass * passes);
    for _ in 0..passes {
        for text in &texts {
            all.extend_from_slice(text);
        }
    }
    std::fs::write(&path, &all).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    let note = format!(
        "the {} files of ../shared/corpus/pbn (byte order marks dropped, an empty line after each) {passes} times",
        sources.len()
    );
    Ok(PbnInput { path, sources, note: Some(note) })
}

fn endplay_note(report: &Value) -> String {
    let read = report["files_read"].as_u64().unwrap_or(0);
    let refused = report["files_refused"].as_u64().unwrap_or(0);
    let mb = report["bytes"].as_f64().unwrap_or(0.0) / 1e6;
    if refused == 0 {
        format!("{mb:.1} MB of the same files")
    } else {
        format!(
            "{mb:.1} MB: the {read} files it parses, repeated; it raises an exception on the other {refused}"
        )
    }
}

/// The criterion figures the targets need: criterion's saved results when there are any (the
/// latest `cargo xtask bench`), else the committed `benchmarks.json`; and where they came from.
fn criterion_now() -> (Vec<targets::Bench>, String) {
    let saved = crate::bench::saved_results();
    if !saved.is_empty() {
        return (saved, "criterion's saved results".into());
    }
    let doc = std::fs::read_to_string(root().join("benchmarks.json"))
        .ok()
        .and_then(|text| serde_json::from_str::<Value>(&text).ok())
        .unwrap_or(Value::Null);
    let commit = doc["commit"].as_str().unwrap_or("?").to_owned();
    (targets::benches_of(&doc), format!("benchmarks.json (commit {commit})"))
}

fn document(
    rows: &[Row],
    benches: &[targets::Bench],
    criterion_source: &str,
    load: &str,
    args: &[String],
) -> Result<Value, String> {
    let commit =
        crate::util::output(Command::new("git").args(["rev-parse", "--short", "HEAD"])).unwrap_or_default();
    let date =
        crate::util::output(Command::new("date").args(["-u", "+%Y-%m-%d %H:%M UTC"])).unwrap_or_default();
    let command = format!("cargo xtask compare {}", args.join(" ")).trim_end().to_owned();
    let criterion: Vec<Value> = benches
        .iter()
        .filter(|b| b.name == "eval/high7" || b.name == "sitelogs_import_bytes/acpc")
        .map(|b| json!({ "name": b.name, "throughput_per_second": b.per_second }))
        .collect();
    Ok(json!({
        "commit": commit,
        "machine": crate::bench::machine(),
        "date": date,
        "load_average": load,
        "command": command,
        "cpu_and_memory": if Path::new(TIME).exists() { "/usr/bin/time" } else { "not measured" },
        "criterion_source": criterion_source,
        "criterion": criterion,
        "rows": rows.iter().map(Row::json).collect::<Vec<_>>(),
    }))
}

/// Where the TARGETS block of compare.md starts and ends: `cargo xtask bench` puts the table at
/// the top of BENCHMARKS.md and drops this block when it copies compare.md below.
pub const TARGETS_START: &str = "<!-- targets:start -->";
pub const TARGETS_END: &str = "<!-- targets:end -->";

fn markdown(doc: &Value, rows: &[Row], target_table: &str) -> String {
    let text = |key: &str| doc[key].as_str().unwrap_or("").to_owned();
    format!(
        "## Against the reference implementations\n\n`{}` at commit {}, on {}, {} (load average before the \
         run: {}). Whole processes on the same input for every tool: cardnote's best wall time of its \
         runs, each reference once (its own timer around the work, so without Python's start-up). CPU \
         is user + sys and peak RSS the largest resident set, from `/usr/bin/time`. On a loaded machine \
         the wall times are inflated: records per CPU-second is then the fairer figure. Criterion figures: \
         {}.\n\n{TARGETS_START}\n### Issue 17's targets\n\n{target_table}\nA missed target links to the \
         report holding its profile and what was tried.\n{TARGETS_END}\n\n### Every run\n\n{}",
        text("command"),
        text("commit"),
        text("machine"),
        text("date"),
        text("load_average"),
        text("criterion_source"),
        runs_table(rows)
    )
}

fn runs_table(rows: &[Row]) -> String {
    let mut out = String::from(
        "| tool | task | threads | input | records | MB | wall s | records/s | MB/s | CPU s | records per CPU-s | peak RSS | vs reference |\n\
         |---|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    for r in rows {
        let input = match &r.note {
            Some(note) => format!("{} ({note})", r.input),
            None => r.input.clone(),
        };
        let cpu = r.cpu_seconds.map_or("–".into(), |c| format!("{c:.2}"));
        let per_cpu =
            r.cpu_seconds.map_or("–".into(), |c| targets::thousands(r.records as f64 / c.max(1e-9)));
        let rss = r.peak_rss.map_or("–".into(), |b| format!("{:.1} MB", b as f64 / 1e6));
        let ratio = r.ratio.map_or("–".into(), |x| format!("{x:.0}×"));
        out.push_str(&format!(
            "| {} | {} | {} | {input} | {} | {:.1} | {:.3} | {} | {:.1} | {cpu} | {per_cpu} | {rss} | {ratio} |\n",
            r.tool,
            r.task,
            r.threads.map_or("–".into(), |t| t.to_string()),
            targets::thousands(r.records as f64),
            r.bytes as f64 / 1e6,
            r.seconds,
            targets::thousands(r.records_per_second()),
            r.bytes_per_second() / 1e6,
        ));
    }
    out
}

fn file_name(path: &Path) -> String {
    path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default()
}

fn file_len(path: &Path) -> u64 {
    std::fs::metadata(path).map(|m| m.len()).unwrap_or(0)
}

fn load_average() -> String {
    let mut text = String::new();
    let _ = std::fs::File::open("/proc/loadavg").and_then(|mut f| f.read_to_string(&mut text));
    text.split_whitespace().take(3).collect::<Vec<_>>().join(" ")
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

fn release_binary(name: &str) -> Result<PathBuf, String> {
    let target =
        std::env::var_os("CARGO_TARGET_DIR").map(PathBuf::from).unwrap_or_else(|| root().join("target"));
    let bin = target.join("release").join(name);
    if bin.exists() { Ok(bin) } else { Err(format!("{} was not built", bin.display())) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_summary_line_gives_the_record_count() {
        let stderr =
            "warning: …\nfiles: 1, records: 2000, ok: 2000, invalid: 0, warnings: 0, bytes: 9, 1.0 MB/s\n";
        assert_eq!(summary_records(stderr), Some(2000));
        assert_eq!(summary_records("nothing"), None);
    }

    #[test]
    fn the_reference_prefix_ends_before_the_next_table() {
        let text = crate::generate_phh::phhs("NT", 5, 1).unwrap_or_default();
        let dir = std::env::temp_dir().join(format!("xtask-prefix-{}", std::process::id()));
        let _ = std::fs::create_dir_all(&dir);
        let path = dir.join("p.phhs");
        assert_eq!(write_phh_prefix(&text, 3, &path), Ok(3));
        let prefix = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(text.starts_with(&prefix) && prefix.ends_with("]\n\n") && !prefix.contains("[4]"));
        assert_eq!(write_phh_prefix(&text, 10, &path), Ok(5));
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn ratios_compare_like_with_like() {
        let row = |workload: &'static str, records: usize, bytes: u64, seconds: f64| Row {
            workload,
            input: String::new(),
            tool: String::new(),
            task: String::new(),
            threads: Some(1),
            records,
            bytes,
            seconds,
            cpu_seconds: None,
            peak_rss: None,
            ratio: None,
            note: None,
            extra: Value::Null,
        };
        let mut rows = vec![
            row("phh", 100_000, 48_000_000, 1.0),
            row("pokerkit-replay", 2000, 960_000, 2.0),
            row("pbn", 10, 50_000_000, 1.0),
            row("endplay-read", 99, 5_000_000, 2.0),
            row("ppn-pref", 1, 1, 1.0),
        ];
        set_ratios(&mut rows);
        let ratios: Vec<Option<f64>> = rows.iter().map(|r| r.ratio).collect();
        assert_eq!(ratios, [Some(100.0), None, Some(20.0), None, None]);
    }
}
