//! `cargo xtask bench`: run the criterion benches and write the dashboard (`BENCHMARKS.md`,
//! `benchmarks.json`) from criterion's own result files.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::{Value, json};

use crate::readme;
use crate::targets::{self, Bench};
use crate::util::{output, root, run_cmd};

/// One measured benchmark.
struct Measured {
    id: String,
    median_ns: f64,
    /// (count per iteration, unit) where unit is "bytes" or "elements".
    throughput: Option<(f64, &'static str)>,
}

pub fn run(args: &[String]) -> Result<(), String> {
    let quick = args.iter().any(|a| a == "--quick");
    if args.iter().any(|a| a == "--no-run") {
        // Rewrite the dashboard from the committed figures (after `cargo xtask compare`, or a
        // report file changed) without taking the machine for the benches.
        let path = root().join("benchmarks.json");
        let text =
            std::fs::read_to_string(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let doc: Value = serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        return write_dashboard(&doc);
    }
    let filter: Vec<&String> = args.iter().filter(|a| !a.starts_with("--")).collect();
    let mut cmd = Command::new("cargo");
    cmd.args(["bench", "--workspace", "--bench", "*", "--"]);
    if quick {
        cmd.args(["--quick", "--warm-up-time", "1", "--measurement-time", "2"]);
    }
    for f in &filter {
        cmd.arg(f);
    }
    cmd.arg("--noplot");
    run_cmd(&mut cmd)?;
    let results = collect(&target_dir().join("criterion"));
    if results.is_empty() {
        return Err("criterion wrote no results".into());
    }
    let doc = write_results(&results, quick)?;
    write_dashboard(&doc)
}

/// The throughput of every bench criterion has saved a result for (empty when there are none).
pub fn saved_results() -> Vec<Bench> {
    collect(&target_dir().join("criterion"))
        .into_iter()
        .filter_map(|m| {
            let (n, _) = m.throughput?;
            Some(Bench { name: m.id, per_second: n / (m.median_ns / 1e9) })
        })
        .collect()
}

fn target_dir() -> PathBuf {
    output(Command::new("cargo").args(["metadata", "--format-version", "1", "--no-deps"]))
        .and_then(|text| serde_json::from_str::<Value>(&text).ok())
        .and_then(|v| v.get("target_directory").and_then(Value::as_str).map(PathBuf::from))
        .unwrap_or_else(|| root().join("target"))
}

fn collect(dir: &Path) -> Vec<Measured> {
    let mut found = Vec::new();
    // Criterion keeps each bench's latest run in a `new/` folder; `report/`, `base/` and `change/`
    // hold older runs and comparisons.
    crate::util::walk(dir, &mut |path, is_dir| {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if !is_dir || name == "report" || name == "base" || name == "change" {
            return false;
        }
        if name == "new" {
            if let Some(m) = read_result(path) {
                found.push(m);
            }
            return false;
        }
        true
    });
    found.sort_by(|a, b| a.id.cmp(&b.id));
    found
}

fn read_result(new_dir: &Path) -> Option<Measured> {
    let bench: Value =
        serde_json::from_str(&std::fs::read_to_string(new_dir.join("benchmark.json")).ok()?).ok()?;
    let estimates: Value =
        serde_json::from_str(&std::fs::read_to_string(new_dir.join("estimates.json")).ok()?).ok()?;
    let id = bench.get("full_id")?.as_str()?.to_owned();
    let median_ns = estimates.get("median")?.get("point_estimate")?.as_f64()?;
    let throughput = bench.get("throughput").and_then(|t| {
        if let Some(n) = t.get("Bytes").and_then(Value::as_f64) {
            Some((n, "bytes"))
        } else if let Some(n) = t.get("BytesDecimal").and_then(Value::as_f64) {
            Some((n, "bytes"))
        } else {
            t.get("Elements").and_then(Value::as_f64).map(|n| (n, "elements"))
        }
    });
    Some(Measured { id, median_ns, throughput })
}

/// The machine a figure was taken on: CPU model and core count.
pub fn machine() -> String {
    let cores = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1);
    format!("{}, {cores} cores", cpu_model())
}

fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|text| {
            text.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|s| s.trim().to_owned())
        })
        .unwrap_or_else(|| "unknown".to_owned())
}

pub fn human_rate(per_second: f64, unit: &str) -> String {
    match unit {
        "bytes" => format!("{:.1} MB/s", per_second / 1e6),
        _ => {
            if per_second >= 1e6 {
                format!("{:.2} M/s", per_second / 1e6)
            } else {
                format!("{} /s", targets::thousands(per_second))
            }
        }
    }
}

fn human_time(ns: f64) -> String {
    if ns >= 1e9 {
        format!("{:.2} s", ns / 1e9)
    } else if ns >= 1e6 {
        format!("{:.2} ms", ns / 1e6)
    } else if ns >= 1e3 {
        format!("{:.2} µs", ns / 1e3)
    } else {
        format!("{ns:.1} ns")
    }
}

/// benchmarks.json's entries: each bench's median and, where it has one, its throughput.
fn entries(results: &[Measured]) -> Vec<Value> {
    results
        .iter()
        .map(|m| {
            let mut entry = json!({ "name": m.id, "median_ns": m.median_ns });
            if let Some((n, unit)) = m.throughput {
                entry["throughput_per_second"] = json!(n / (m.median_ns / 1e9));
                entry["unit"] = json!(if unit == "bytes" { "bytes/s" } else { "records/s" });
            }
            entry
        })
        .collect()
}

/// `benchmarks.json` (and `target/github-benchmark.json` for bench.yml) from criterion's
/// results; returns the document.
fn write_results(results: &[Measured], quick: bool) -> Result<Value, String> {
    let commit = output(Command::new("git").args(["rev-parse", "--short", "HEAD"])).unwrap_or_default();
    let toolchain = output(Command::new("rustc").arg("--version")).unwrap_or_default();
    let cores = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1);
    let date = output(Command::new("date").args(["-u", "+%Y-%m-%d %H:%M UTC"])).unwrap_or_default();
    let entries = entries(results);
    let doc = json!({
        "machine": { "cpu": cpu_model(), "cores": cores },
        "commit": commit,
        "toolchain": toolchain,
        "date": date,
        "quick": quick,
        "benchmarks": entries,
    });
    let pretty = serde_json::to_string_pretty(&doc).map_err(|e| e.to_string())?;
    std::fs::write(root().join("benchmarks.json"), pretty + "\n")
        .map_err(|e| format!("cannot write benchmarks.json: {e}"))?;
    // The same numbers in github-action-benchmark's `customBiggerIsBetter` form, for bench.yml.
    let custom: Vec<Value> = entries
        .iter()
        .filter_map(|b| {
            let value = b.get("throughput_per_second")?.as_f64()?;
            let unit = b.get("unit")?.as_str()?;
            Some(json!({ "name": b["name"], "unit": unit, "value": value }))
        })
        .collect();
    let target = target_dir();
    let _ = std::fs::create_dir_all(&target);
    let custom_text = serde_json::to_string_pretty(&custom).map_err(|e| e.to_string())?;
    std::fs::write(target.join("github-benchmark.json"), custom_text)
        .map_err(|e| format!("cannot write github-benchmark.json: {e}"))?;
    Ok(doc)
}

/// BENCHMARKS.md (the TARGETS table, the criterion table, the chart, the reports), the chart and
/// the README's benchmark table, from a `benchmarks.json` document and `compare.json`.
fn write_dashboard(doc: &Value) -> Result<(), String> {
    let compare_path = root().join("benches/reports/compare.json");
    let compare = match std::fs::read_to_string(&compare_path) {
        Ok(text) => serde_json::from_str(&text).map_err(|e| format!("{}: {e}", compare_path.display()))?,
        Err(_) => Value::Null,
    };
    let judged = targets::judge(&compare, &targets::benches_of(doc));
    let chart = chart()?;
    let reports = read_reports()?;
    let md = benchmarks_md(doc, &compare, &judged, chart.is_some(), &reports)?;
    let readme_path = root().join("README.md");
    let readme = std::fs::read_to_string(&readme_path).map_err(|e| format!("cannot read README.md: {e}"))?;
    let table = readme::table(doc, &compare, &judged, &mut |report| {
        Ok(format!("BENCHMARKS.md{}", report_anchor(&reports, &md, report)?))
    })?;
    let readme = readme::replace_between_markers(&readme, &table)?;
    if let Some(svg) = chart {
        std::fs::write(root().join("benches/chart.svg"), svg)
            .map_err(|e| format!("cannot write chart.svg: {e}"))?;
    }
    std::fs::write(root().join("BENCHMARKS.md"), md)
        .map_err(|e| format!("cannot write BENCHMARKS.md: {e}"))?;
    std::fs::write(&readme_path, readme).map_err(|e| format!("cannot write README.md: {e}"))?;
    let count = doc["benchmarks"].as_array().map_or(0, Vec::len);
    eprintln!("xtask: wrote BENCHMARKS.md ({count} benches) and the README's benchmark table");
    Ok(())
}

/// The report files of `benches/reports/` in file-name order: (file name, text).
pub type Reports = Vec<(String, String)>;

fn read_reports() -> Result<Reports, String> {
    let dir = root().join("benches/reports");
    let Ok(entries) = std::fs::read_dir(&dir) else { return Ok(Vec::new()) };
    let mut paths: Vec<_> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|path| {
            let text =
                std::fs::read_to_string(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            Ok((path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default(), text))
        })
        .collect()
}

/// The link of a report's profile section: its first heading's anchor in `document`. A report
/// that is not there, has no heading, or whose heading `document` lacks is an error.
pub fn report_anchor(reports: &Reports, document: &str, report: &str) -> Result<String, String> {
    let (_, text) = reports
        .iter()
        .find(|(name, _)| name == report)
        .ok_or_else(|| format!("a missed target links to benches/reports/{report}, which does not exist"))?;
    let heading = targets::headings(text)
        .into_iter()
        .next()
        .ok_or_else(|| format!("a missed target links to benches/reports/{report}, which has no heading"))?;
    // The report's own heading, not an earlier one with the same words.
    let from = document.find(text.trim_end()).unwrap_or(0);
    targets::anchor_in(document, &heading, from).map(|anchor| format!("#{anchor}")).ok_or_else(|| {
        format!("BENCHMARKS.md has no heading {heading:?} (of {report}) for a target to link to")
    })
}

/// BENCHMARKS.md: what was measured where, the TARGETS table, the criterion table, the chart
/// and every report (compare.md without its own TARGETS block, which is the one at the top).
fn benchmarks_md(
    doc: &Value,
    compare: &Value,
    judged: &[targets::Judged],
    chart: bool,
    reports: &Reports,
) -> Result<String, String> {
    let text = |v: &Value| v.as_str().unwrap_or("").to_owned();
    let mut head = String::new();
    let _ = writeln!(head, "# Benchmarks\n");
    let _ = writeln!(
        head,
        "Written by `cargo xtask bench{}`; medians from criterion. Single-threaded unless the name says otherwise.\n",
        if doc["quick"].as_bool() == Some(true) { " --quick" } else { "" }
    );
    let machine = &doc["machine"];
    let _ = writeln!(head, "- machine: {}, {} cores", text(&machine["cpu"]), machine["cores"]);
    let _ = writeln!(head, "- commit: {}", text(&doc["commit"]));
    let _ = writeln!(head, "- toolchain: {}", text(&doc["toolchain"]));
    let _ = writeln!(head, "- date: {}\n", text(&doc["date"]));
    let _ = writeln!(head, "## Issue 17's targets\n");
    if compare.is_null() {
        let _ = writeln!(
            head,
            "`cargo xtask compare` has not been run: the whole-process figures are missing.\n"
        );
    } else {
        let _ = writeln!(
            head,
            "Whole processes from `{}` at commit {}, {} (load average {}); criterion figures from the table below. \
             A missed target links to the section with its profile and what was tried.\n",
            text(&compare["command"]),
            text(&compare["commit"]),
            text(&compare["date"]),
            text(&compare["load_average"])
        );
    }
    let mut tail = String::from(
        "## Every criterion bench\n\n| bench | median time / iteration | throughput |\n|---|---:|---:|\n",
    );
    for b in doc["benchmarks"].as_array().map_or(&[][..], Vec::as_slice) {
        let median = b["median_ns"].as_f64().unwrap_or(f64::NAN);
        let shown = match (b["throughput_per_second"].as_f64(), b["unit"].as_str()) {
            (Some(rate), Some(unit)) => {
                human_rate(rate, if unit == "bytes/s" { "bytes" } else { "elements" })
            }
            _ => "–".into(),
        };
        let _ = writeln!(tail, "| `{}` | {} | {} |", text(&b["name"]), human_time(median), shown);
    }
    if chart {
        let _ = writeln!(
            tail,
            "\n![Throughput by workload, cardnote against the reference implementations](benches/chart.svg)"
        );
    }
    for (name, report) in reports {
        let report = if name == "compare.md" { without_targets_block(report) } else { report.clone() };
        tail.push('\n');
        tail.push_str(report.trim_end());
        tail.push('\n');
    }
    let whole = format!("{head}{tail}");
    let table = targets::table(judged, &mut |report| report_anchor(reports, &whole, report))?;
    Ok(format!("{head}{table}\n{tail}"))
}

/// compare.md without the block between its TARGETS markers.
fn without_targets_block(text: &str) -> String {
    use crate::compare::{TARGETS_END, TARGETS_START};
    match (text.find(TARGETS_START), text.find(TARGETS_END)) {
        (Some(start), Some(end)) if end > start => {
            let rest = text[end + TARGETS_END.len()..].trim_start_matches('\n');
            format!("{}The targets are at the top of this page.\n\n{rest}", &text[..start])
        }
        _ => text.to_owned(),
    }
}

/// `benches/chart.svg`: records per second by workload, cardnote against the reference on the
/// same input, from `benches/reports/compare.json` (written by `cargo xtask compare`). Bars on a
/// log scale, drawn as plain SVG; `None` when there is nothing to draw.
fn chart() -> Result<Option<String>, String> {
    let path = root().join("benches/reports/compare.json");
    let Ok(text) = std::fs::read_to_string(&path) else { return Ok(None) };
    let doc: Value = serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let rows: Vec<(String, f64, bool)> = doc["rows"]
        .as_array()
        .map(|rows| {
            rows.iter()
                .filter_map(|r| {
                    let label = chart_label(r)?;
                    let rate = r["records_per_second"].as_f64().filter(|x| x.is_finite() && *x > 0.0)?;
                    Some((label, rate, r["tool"].as_str()?.starts_with("cardnote")))
                })
                .collect()
        })
        .unwrap_or_default();
    if rows.is_empty() {
        return Ok(None);
    }
    let mut machine = doc["machine"].as_str().unwrap_or("").to_owned();
    if let Some(load) = doc["load_average"].as_str() {
        machine.push_str(&format!(", load average {load}"));
    }
    Ok(Some(chart_svg(&rows, doc["commit"].as_str().unwrap_or(""), &machine)))
}

/// A chart row's label: the notation, the tool (cardnote's flags that every row of a notation
/// shares left out) and its threads, e.g. `PHH: cardnote check --json, 2 threads`. Rows of an
/// older compare.json (no workload) keep their input, tool and task.
fn chart_label(row: &Value) -> Option<String> {
    let tool = row["tool"].as_str()?;
    let Some(workload) = row["workload"].as_str() else {
        return Some(format!("{} — {tool} ({})", row["input"].as_str()?, row["task"].as_str()?));
    };
    let notation = match workload {
        "phh" | "phh-json" | "pokerkit-read" | "pokerkit-replay" => "PHH",
        "pbn" | "pbn-human" | "endplay-read" => "PBN",
        "ppn-pref" => "Preferans",
        "ppn-pinochle" => "Pinochle",
        "dd" | "dd-endplay" | "dd-engine" | "dd-pons" => "Double dummy",
        other => other,
    };
    let who = if tool.starts_with("cardnote") {
        let kept: Vec<&str> = tool
            .split(' ')
            .scan(false, |skip, word| {
                let shown = !*skip && word != "--rules" && word != "--format";
                *skip = word == "--rules" || word == "--format";
                Some(shown.then_some(word))
            })
            .flatten()
            .collect();
        match row["threads"].as_u64() {
            Some(1) => format!("{}, 1 thread", kept.join(" ")),
            Some(n) => format!("{}, {n} threads", kept.join(" ")),
            None => kept.join(" "),
        }
    } else {
        format!("{tool} {}", row["task"].as_str().unwrap_or(""))
    };
    Some(format!("{notation}: {}", who.trim_end()))
}

fn chart_svg(rows: &[(String, f64, bool)], commit: &str, machine: &str) -> String {
    // About 6.5 pixels a character at 12 px sans-serif.
    let longest = rows.iter().map(|r| r.0.chars().count()).max().unwrap_or(0) as f64;
    let left = (longest * 6.5 + 24.0).max(200.0);
    const BARS: f64 = 380.0;
    const ROW: f64 = 24.0;
    const TOP: f64 = 46.0;
    let decades = rows.iter().map(|r| r.1.log10().ceil()).fold(1.0f64, f64::max);
    let x = |rate: f64| left + BARS * (rate.max(1.0).log10() / decades);
    let height = TOP + ROW * rows.len() as f64 + 30.0;
    let width = left + BARS + 110.0;
    let escape = |t: &str| t.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;");
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n\
         <text x=\"10\" y=\"18\" font-size=\"14\" font-weight=\"bold\">Records per second (log scale), same input per pair</text>\n\
         <text x=\"10\" y=\"34\" fill=\"#555\">cargo xtask compare, commit {}, {}</text>\n",
        escape(commit),
        escape(machine)
    );
    for decade in 0..=decades as i32 {
        let gx = x(10f64.powi(decade));
        svg.push_str(&format!(
            "<line x1=\"{gx:.1}\" y1=\"{TOP}\" x2=\"{gx:.1}\" y2=\"{:.1}\" stroke=\"#ddd\"/>\n\
             <text x=\"{gx:.1}\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"#555\">1e{decade}</text>\n",
            height - 26.0,
            height - 12.0
        ));
    }
    for (i, (label, rate, ours)) in rows.iter().enumerate() {
        let y = TOP + ROW * i as f64;
        let colour = if *ours { "#2b6cb0" } else { "#a0aec0" };
        svg.push_str(&format!(
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>\n\
             <rect x=\"{left}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"{colour}\"/>\n\
             <text x=\"{:.1}\" y=\"{:.1}\">{}/s</text>\n",
            left - 8.0,
            y + 15.0,
            escape(label),
            y + 3.0,
            x(*rate) - left,
            ROW - 6.0,
            x(*rate) + 4.0,
            y + 15.0,
            crate::targets::thousands(*rate)
        ));
    }
    svg.push_str("</svg>\n");
    svg
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reports() -> Reports {
        let report = |name: &str, text: &str| (name.to_owned(), text.to_owned());
        vec![
            report("cli-throughput.md", "# PHH through the CLI: `cardnote check`\n\n## Now\n"),
            report(
                "compare.md",
                &format!(
                    "## Against the reference implementations\n\nIntro.\n\n{}\n### Issue 17's targets\n| old |\n{}\n\n### Every run\n",
                    crate::compare::TARGETS_START,
                    crate::compare::TARGETS_END
                ),
            ),
            report("engine.md", "## Now\n\n```text\n# not a heading\n```\n"),
            report("pbn.md", "no heading at all\n"),
        ]
    }

    #[test]
    fn benchmarks_md_puts_the_targets_first_and_links_them_to_the_reports() {
        let doc = json!({
            "machine": { "cpu": "AMD EPYC", "cores": 2 }, "commit": "abc1234", "date": "d", "quick": true,
            "toolchain": "rustc",
            "benchmarks": [{ "name": "replay/NT", "median_ns": 1e6, "throughput_per_second": 377_608.0, "unit": "records/s" }],
        });
        let compare = json!({ "command": "cargo xtask compare", "commit": "def5678", "rows": [
            { "workload": "phh", "threads": 1, "records_per_second": 131_600.0 },
        ]});
        let judged = targets::judge(&compare, &[]);
        let md = benchmarks_md(&doc, &compare, &judged, true, &reports()).unwrap_or_default();
        let at = |needle: &str| md.find(needle).unwrap_or(usize::MAX);
        assert!(at("## Issue 17's targets") < at("| target |"));
        assert!(at("| target |") < at("## Every criterion bench"));
        assert!(at("## Every criterion bench") < at("| `replay/NT` | 1.00 ms | 377,608 /s |"));
        assert!(md.contains("[cli-throughput.md](#phh-through-the-cli-cardnote-check)"), "{md}");
        // engine.md's first heading repeats cli-throughput.md's second: GitHub numbers it.
        assert!(md.contains("[engine.md](#now-1)"), "{md}");
        assert!(
            !md.contains("| old |")
                && md.contains("The targets are at the top of this page.\n\n### Every run")
        );
        assert!(md.contains("![Throughput by workload"));
    }

    #[test]
    fn criterion_results_are_read_from_the_new_folders_only() {
        let dir = std::env::temp_dir().join(format!("xtask-criterion-{}", std::process::id()));
        let write = |path: &str, text: &str| {
            let path = dir.join(path);
            let _ = std::fs::create_dir_all(path.parent().unwrap_or(&dir));
            let _ = std::fs::write(path, text);
        };
        let bench = r#"{"group_id":"eval","function_id":"high7","value_str":null,"throughput":{"Elements":65536},"full_id":"eval/high7","directory_name":"eval/high7","title":"eval/high7"}"#;
        write("eval/high7/new/benchmark.json", bench);
        write("eval/high7/new/estimates.json", r#"{"median":{"point_estimate":143372.328125}}"#);
        write("eval/high7/base/benchmark.json", bench);
        write("eval/high7/base/estimates.json", r#"{"median":{"point_estimate":1.0}}"#);
        write(
            "pbn/read/new/benchmark.json",
            r#"{"full_id":"pbn/read/corpus","throughput":{"Bytes":1000000}}"#,
        );
        write("pbn/read/new/estimates.json", r#"{"median":{"point_estimate":5000000.0}}"#);
        write("dd/par/new/benchmark.json", r#"{"full_id":"dd/par","throughput":null}"#);
        write("dd/par/new/estimates.json", r#"{"median":{"point_estimate":149.2}}"#);
        let results = collect(&dir);
        let _ = std::fs::remove_dir_all(&dir);
        let entries = entries(&results);
        let names: Vec<&str> = entries.iter().filter_map(|e| e["name"].as_str()).collect();
        assert_eq!(names, ["dd/par", "eval/high7", "pbn/read/corpus"]);
        assert!(entries[0].get("throughput_per_second").is_none());
        let rate = entries[1]["throughput_per_second"].as_f64().unwrap_or(0.0);
        assert!((rate / 457.1e6 - 1.0).abs() < 1e-3, "{rate}");
        assert_eq!(entries[1]["unit"], "records/s");
        assert_eq!(entries[2]["throughput_per_second"].as_f64(), Some(200e6));
        assert_eq!(entries[2]["unit"], "bytes/s");
    }

    #[test]
    fn chart_labels_name_the_notation_tool_and_threads() {
        let label = |row: Value| chart_label(&row).unwrap_or_default();
        assert_eq!(
            label(
                json!({ "workload": "phh-json", "tool": "cardnote check --rules pokerkit --json", "threads": 2 })
            ),
            "PHH: cardnote check --json, 2 threads"
        );
        assert_eq!(
            label(
                json!({ "workload": "ppn-pref", "tool": "cardnote check --format ppn-pref", "threads": 1 })
            ),
            "Preferans: cardnote check, 1 thread"
        );
        assert_eq!(
            label(
                json!({ "workload": "pokerkit-replay", "tool": "PokerKit 0.7.7", "task": "read + replay", "threads": 1 })
            ),
            "PHH: PokerKit 0.7.7 read + replay"
        );
        assert_eq!(
            label(json!({ "input": "bench.pbn", "tool": "cardnote check", "task": "read + check" })),
            "bench.pbn — cardnote check (read + check)",
            "an older compare.json"
        );
    }

    #[test]
    fn a_missing_report_or_heading_fails_loudly() {
        let reports = reports();
        let whole = "# PHH through the CLI: `cardnote check`\n## Now\n";
        assert_eq!(
            report_anchor(&reports, whole, "cli-throughput.md").as_deref(),
            Ok("#phh-through-the-cli-cardnote-check")
        );
        let missing = report_anchor(&reports, whole, "ppn.md").err().unwrap_or_default();
        assert!(missing.contains("benches/reports/ppn.md, which does not exist"), "{missing}");
        let headless = report_anchor(&reports, whole, "pbn.md").err().unwrap_or_default();
        assert!(headless.contains("has no heading"), "{headless}");
        let absent = report_anchor(&reports, "# Other\n", "cli-throughput.md").err().unwrap_or_default();
        assert!(absent.contains("BENCHMARKS.md has no heading"), "{absent}");
        // A missed PBN target cannot be written without its report's heading.
        let compare = json!({ "rows": [{ "workload": "pbn", "threads": 1, "bytes_per_second": 55e6 }] });
        let judged = targets::judge(&compare, &[]);
        let doc = json!({ "machine": {}, "benchmarks": [] });
        assert!(benchmarks_md(&doc, &compare, &judged, false, &reports).is_err_and(|e| e.contains("pbn.md")));
    }

    #[test]
    fn chart_draws_one_bar_per_row_on_a_log_scale() {
        let rows = [
            ("2,000 NT hands — PokerKit".to_owned(), 200.0, false),
            ("the same — cardnote".to_owned(), 200_000.0, true),
        ];
        let svg = chart_svg(&rows, "abc1234", "a <test> machine");
        assert_eq!(svg.matches("<rect x=").count(), 2);
        assert!(svg.contains("a &lt;test&gt; machine") && svg.contains("1e6"));
        // Three decades apart: cardnote's bar is twice as long as PokerKit's (log10 200 = 2.3).
        let widths: Vec<f64> = svg
            .match_indices("width=\"")
            .skip(2)
            .filter_map(|(i, _)| svg[i + 7..].split('"').next()?.parse().ok())
            .collect();
        assert_eq!(widths.len(), 2, "{svg}");
        assert!((widths[1] / widths[0] - 5.3 / 2.3).abs() < 0.01, "{widths:?}");
    }
}
