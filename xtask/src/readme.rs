//! The README's benchmark table, which `cargo xtask bench` writes between two marker comments
//! from `benchmarks.json` and `benches/reports/compare.json`: issue 17's targets, cardnote
//! against the reference implementations on the same input, and a few library benches.

use std::fmt::Write as _;

use serde_json::Value;

use crate::targets::{self, Judged};

/// The line the table starts after.
pub const START: &str =
    "<!-- benchmarks:start (written by `cargo xtask bench` from benchmarks.json and compare.json) -->";
/// The line the table ends before.
pub const END: &str = "<!-- benchmarks:end -->";

/// Library benches shown in the README (the rest are in BENCHMARKS.md).
const LIBRARY: [&str; 7] = [
    "phh_read_hands/reader",
    "replay/NT",
    "eval/high7",
    "pbn/read_check/corpus",
    "ppn-pref/read+check streaming",
    "ppn-pinochle/read+check streamed",
    "sitelogs_import_bytes/acpc",
];

/// `readme` with the lines between the markers replaced by `table`. A README without both
/// markers, in order and once each, is an error: the table is never appended somewhere else.
pub fn replace_between_markers(readme: &str, table: &str) -> Result<String, String> {
    let lines: Vec<&str> = readme.lines().collect();
    let at =
        |marker: &str| -> Vec<usize> { (0..lines.len()).filter(|&i| lines[i].trim() == marker).collect() };
    let (starts, ends) = (at(START), at(END));
    let (start, end) = match (starts.as_slice(), ends.as_slice()) {
        (&[start], &[end]) if start < end => (start, end),
        ([], _) | (_, []) => {
            return Err(format!(
                "README.md has no benchmark markers: put the lines\n{START}\n{END}\nin its \"## Benchmarks\" section"
            ));
        }
        _ => return Err(format!("README.md must hold {START:?} once, then {END:?} once")),
    };
    let mut out = String::with_capacity(readme.len() + table.len());
    for line in &lines[..=start] {
        out.push_str(line);
        out.push('\n');
    }
    out.push_str(table.trim_end());
    out.push('\n');
    for line in &lines[end..] {
        out.push_str(line);
        out.push('\n');
    }
    if !readme.ends_with('\n') {
        out.pop();
    }
    Ok(out)
}

/// A speed-up as the table shows it: whole numbers from 10×, one decimal below (`1.1×`).
fn speed_up(ratio: f64) -> String {
    if ratio >= 10.0 { format!("{ratio:.0}×") } else { format!("{ratio:.1}×") }
}

/// The table: where and when it was measured, the targets (a missed one linked with `link`), the
/// references and the library benches.
pub fn table(
    doc: &Value,
    compare: &Value,
    judged: &[Judged],
    link: &mut dyn FnMut(&str) -> Result<String, String>,
) -> Result<String, String> {
    let text = |v: &Value| v.as_str().unwrap_or("").to_owned();
    let machine = &doc["machine"];
    // Criterion and `compare` may run on different machines: each figure names its own.
    let mut out = format!(
        "Criterion benches: {}, {} cores, commit {}, {} (`cargo xtask bench{}`). ",
        text(&machine["cpu"]),
        machine["cores"],
        text(&doc["commit"]),
        text(&doc["date"]),
        if doc["quick"].as_bool() == Some(true) { " --quick" } else { "" }
    );
    if compare.is_null() {
        out.push_str("`cargo xtask compare` has not been run yet.");
    } else {
        let _ = write!(
            out,
            "Whole processes: {}, commit {}, {}, load average {} (`{}`).",
            text(&compare["machine"]),
            text(&compare["commit"]),
            text(&compare["date"]),
            text(&compare["load_average"]),
            text(&compare["command"])
        );
    }
    out.push_str(
        " [BENCHMARKS.md](BENCHMARKS.md) has every figure, the chart and, for each missed target, \
         where the time goes and what was tried.\n\n",
    );
    out.push_str(&targets::table(judged, link)?);
    out.push('\n');
    out.push_str("| workload | cardnote | reference on the same input | speed-up |\n|---|---:|---|---:|\n");
    let empty = Vec::new();
    let rows = compare["rows"].as_array().unwrap_or(&empty);
    let shown = |r: &&Value| matches!(r["workload"].as_str(), Some("phh" | "phh-json" | "pbn" | "dd"));
    for row in rows.iter().filter(shown).filter(|r| r["ratio"].as_f64().is_some()) {
        let workload = row["workload"].as_str().unwrap_or("");
        let pbn = workload == "pbn";
        let dd = workload == "dd";
        let reference = match workload {
            "pbn" => "endplay-read",
            "dd" => "dd-endplay",
            _ => "pokerkit-replay",
        };
        let Some(theirs) = rows.iter().find(|r| r["workload"].as_str() == Some(reference)) else { continue };
        let rate = |r: &Value| {
            let per_second = r["records_per_second"].as_f64().unwrap_or(0.0);
            if pbn {
                format!("{:.1} MB/s", r["bytes_per_second"].as_f64().unwrap_or(0.0) / 1e6)
            } else if dd {
                format!("{:.0} ms a table", 1000.0 / per_second.max(f64::MIN_POSITIVE))
            } else {
                format!("{} hands/s", targets::thousands(per_second))
            }
        };
        let input = if dd {
            format!("{} deals of DDS's list100", targets::thousands(row["records"].as_f64().unwrap_or(0.0)))
        } else if pbn {
            let real = row["note"].as_str().is_some_and(|n| n.contains("corpus/pbn"));
            format!(
                "{:.0} MB of {} PBN",
                row["bytes"].as_f64().unwrap_or(0.0) / 1e6,
                if real { "real" } else { "generated" }
            )
        } else {
            format!("{} NT hands", targets::thousands(row["records"].as_f64().unwrap_or(0.0)))
        };
        let threads = match row["threads"].as_u64() {
            Some(1) => "1 thread".to_owned(),
            Some(n) => format!("{n} threads"),
            None => String::new(),
        };
        let note = theirs["note"].as_str().map(|n| format!(" ({n})")).unwrap_or_default();
        let _ = writeln!(
            out,
            "| `{}`, {input}, {threads} | {} | {} {}: {}{note} | {} |",
            text(&row["tool"]),
            rate(row),
            text(&theirs["tool"]),
            text(&theirs["task"]),
            rate(theirs),
            speed_up(row["ratio"].as_f64().unwrap_or(0.0))
                + if dd && row["threads"].as_u64().is_some_and(|t| t > 1) { " per core" } else { "" }
        );
    }
    let benches = doc["benchmarks"].as_array().unwrap_or(&empty);
    for name in LIBRARY {
        let Some(bench) = benches.iter().find(|b| b["name"].as_str() == Some(name)) else { continue };
        let (Some(rate), Some(unit)) = (bench["throughput_per_second"].as_f64(), bench["unit"].as_str())
        else {
            continue;
        };
        let unit = if unit == "bytes/s" { "bytes" } else { "elements" };
        let _ = writeln!(
            out,
            "| criterion `{name}`, one thread | {} | – | – |",
            crate::bench::human_rate(rate, unit)
        );
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_markers_bound_the_replaced_lines() {
        let readme = format!(
            "# t\n\n## Benchmarks\n\nIntro.\n\n{START}\nold table\nold paragraph\n{END}\n\n## Next\n"
        );
        let out = replace_between_markers(&readme, "| new |\n").unwrap_or_default();
        assert_eq!(out, format!("# t\n\n## Benchmarks\n\nIntro.\n\n{START}\n| new |\n{END}\n\n## Next\n"));
        assert_eq!(replace_between_markers(&out, "| new |").as_deref(), Ok(out.as_str()), "idempotent");
    }

    #[test]
    fn a_readme_without_markers_fails_loudly() {
        let no_markers = "# t\n\n## Benchmarks\n\n| hand-written |\n";
        let err = replace_between_markers(no_markers, "x").err().unwrap_or_default();
        assert!(err.contains("no benchmark markers") && err.contains(START), "{err}");
        assert!(replace_between_markers(&format!("{START}\n"), "x").is_err(), "no end marker");
        assert!(replace_between_markers(&format!("{END}\n{START}\n"), "x").is_err(), "in the wrong order");
        assert!(replace_between_markers(&format!("{START}\n{END}\n{START}\n{END}\n"), "x").is_err(), "twice");
    }

    #[test]
    fn the_table_shows_targets_references_and_library_benches() {
        let doc = json!({
            "machine": { "cpu": "AMD EPYC", "cores": 2 }, "commit": "abc1234", "date": "2026-11-24 10:00 UTC",
            "quick": true,
            "benchmarks": [
                { "name": "eval/high7", "median_ns": 1.0, "throughput_per_second": 457.1e6, "unit": "records/s" },
                { "name": "replay/NT", "median_ns": 1.0, "throughput_per_second": 377_608.0, "unit": "records/s" },
                { "name": "dd/par", "median_ns": 1.0 },
            ],
        });
        let compare = json!({
            "commit": "def5678", "date": "2026-11-24 11:00 UTC", "load_average": "2.0 2.1 2.2",
            "machine": "Intel Xeon, 2 cores",
            "command": "cargo xtask compare",
            "rows": [
                { "workload": "phh", "tool": "cardnote check --rules pokerkit", "threads": 1, "records": 100000,
                  "records_per_second": 131_600.0, "bytes_per_second": 60e6, "ratio": 145.3, "peak_rss_bytes": 7.5e6 },
                { "workload": "pokerkit-replay", "tool": "PokerKit 0.7.7", "task": "read + replay", "threads": 1,
                  "records": 2000, "records_per_second": 906.0, "note": "first 2,000 hands of the same file" },
                { "workload": "pbn", "tool": "cardnote check --json", "threads": 2, "bytes": 51.5e6, "ratio": 24.0,
                  "bytes_per_second": 72e6, "note": "the 36 files of ../shared/corpus/pbn 32 times" },
                { "workload": "pbn-human", "tool": "cardnote check", "threads": 2, "ratio": 20.0 },
                { "workload": "endplay-read", "tool": "endplay 0.5.12", "task": "read", "bytes_per_second": 3e6 },
                { "workload": "dd", "tool": "cardnote dd --fill", "threads": 1, "records": 100,
                  "records_per_second": 4.0, "ratio": 1.3 },
                { "workload": "dd-endplay", "tool": "DDS (endplay 0.5.12)", "task": "double-dummy table",
                  "records_per_second": 3.2 },
            ],
        });
        let judged = targets::judge(&compare, &targets::benches_of(&doc));
        let table =
            table(&doc, &compare, &judged, &mut |r| Ok(format!("BENCHMARKS.md#{r}"))).unwrap_or_default();
        assert!(table.starts_with("Criterion benches: AMD EPYC, 2 cores, commit abc1234"), "{table}");
        assert!(table.contains(
            "Whole processes: Intel Xeon, 2 cores, commit def5678, 2026-11-24 11:00 UTC, load average 2.0 2.1 2.2 (`cargo xtask compare`)"
        ));
        assert!(table.contains("[cli-throughput.md](BENCHMARKS.md#cli-throughput.md)"), "{table}");
        assert!(
            table.contains(
                "| `cardnote check --rules pokerkit`, 100,000 NT hands, 1 thread | 131,600 hands/s | \
             PokerKit 0.7.7 read + replay: 906 hands/s (first 2,000 hands of the same file) | 145× |"
            ),
            "{table}"
        );
        assert!(
            table.contains(
                "| `cardnote check --json`, 52 MB of real PBN, 2 threads | 72.0 MB/s | endplay 0.5.12 read: 3.0 MB/s | 24× |"
            ),
            "{table}"
        );
        assert!(
            table.contains(
                "| `cardnote dd --fill`, 100 deals of DDS's list100, 1 thread | 250 ms a table | \
                 DDS (endplay 0.5.12) double-dummy table: 312 ms a table | 1.3× |"
            ),
            "{table}"
        );
        assert!(!table.contains("| `cardnote check`, "), "the human PBN run only counts the records");
        assert!(table.contains("| criterion `eval/high7`, one thread | 457.10 M/s | – | – |"), "{table}");
        assert!(table.contains("| criterion `replay/NT`, one thread | 377,608 /s |"), "{table}");
        assert!(
            !table.contains("dd/par") && !table.contains("```"),
            "no code block: the README is doctested"
        );
        let missing = super::table(&doc, &compare, &judged, &mut |r| Err(format!("no {r}")));
        assert!(missing.is_err());
        let none =
            super::table(&doc, &Value::Null, &targets::judge(&Value::Null, &[]), &mut |_| Err(String::new()));
        assert!(none.is_ok_and(|t| t.contains("`cargo xtask compare` has not been run yet.")));
    }
}
