//! Issue 17's throughput targets (and issue 20's ACPC import speed), judged against what
//! `cargo xtask compare` measured (`benches/reports/compare.json`) and the criterion results
//! (`benchmarks.json` or criterion's own files). A missed target links to the report section that
//! holds its profile and what was tried: the first heading of a file under `benches/reports/`,
//! which `cargo xtask bench` copies into BENCHMARKS.md. A report or heading that is not there is an
//! error, never a dead link.

use std::fmt::Write as _;
use std::path::Path;

use serde_json::{Value, json};

/// What a target measures.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Source {
    /// Records per second of a `cargo xtask compare` workload (higher is better).
    Records(&'static str),
    /// Bytes per second of a `cargo xtask compare` workload (higher is better).
    Bytes(&'static str),
    /// The highest peak resident set of these workloads (lower is better).
    PeakRss(&'static [&'static str]),
    /// A criterion bench's throughput (one thread only; higher is better).
    Criterion(&'static str),
    /// Double-dummy tables per second of a `cargo xtask compare` workload (higher is better).
    Tables(&'static str),
}

/// One target: a goal at one thread and (where the target asks for both cores) at two.
struct Target {
    name: &'static str,
    source: Source,
    one: f64,
    two: Option<f64>,
    /// Report files (under `benches/reports/`) whose first section holds the profile.
    reports: &'static [&'static str],
}

const TARGETS: [Target; 11] = [
    Target {
        name: "PHH `cardnote check --rules pokerkit` (read + replay + check)",
        source: Source::Records("phh"),
        one: 500_000.0,
        two: Some(1_000_000.0),
        reports: &["cli-throughput.md", "engine.md"],
    },
    Target {
        name: "the same with `--json`",
        source: Source::Records("phh-json"),
        one: 500_000.0,
        two: Some(1_000_000.0),
        reports: &["cli-throughput.md", "engine.md"],
    },
    Target {
        name: "PHH `check` peak memory, whatever the file size",
        source: Source::PeakRss(&["phh", "phh-json"]),
        one: 100e6,
        two: Some(100e6),
        reports: &["cli-throughput.md"],
    },
    Target {
        name: "PBN `cardnote check --json` on real files, per core",
        source: Source::Bytes("pbn"),
        one: 300e6,
        two: Some(600e6),
        reports: &["pbn.md"],
    },
    Target {
        name: "Preferans PPN `cardnote check`, per core",
        source: Source::Bytes("ppn-pref"),
        one: 200e6,
        two: Some(400e6),
        reports: &["ppn.md"],
    },
    Target {
        name: "Pinochle PPN `cardnote check`, per core",
        source: Source::Bytes("ppn-pinochle"),
        one: 200e6,
        two: Some(400e6),
        reports: &["ppn.md"],
    },
    Target {
        name: "7-card high evaluation (criterion `eval/high7`)",
        source: Source::Criterion("eval/high7"),
        one: 200e6,
        two: None,
        reports: &["engine.md"],
    },
    Target {
        name: "ACPC log import, issue 20 (criterion `sitelogs_import_bytes/acpc`)",
        source: Source::Criterion("sitelogs_import_bytes/acpc"),
        one: 50e6,
        two: None,
        reports: &["sitelogs.md"],
    },
    Target {
        name: "Double dummy, issue 31 (`cardnote dd --fill`, DDS's list100 deals): 150 ms a table per core",
        source: Source::Tables("dd"),
        one: 1000.0 / 150.0,
        two: Some(2000.0 / 150.0),
        reports: &["dd.md"],
    },
    Target {
        name: "Parquet export, issue 31 (`cardnote export --to parquet`, generated hands)",
        source: Source::Records("export"),
        one: 200_000.0,
        two: Some(200_000.0),
        reports: &["export.md"],
    },
    Target {
        name: "Parquet export peak memory, issue 31",
        source: Source::PeakRss(&["export"]),
        one: 100e6,
        two: Some(100e6),
        reports: &["export.md"],
    },
];

/// Whether a target is met.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Status {
    Met,
    Missed,
    NotMeasured,
}

impl Status {
    fn text(self) -> &'static str {
        match self {
            Status::Met => "met",
            Status::Missed => "**missed**",
            Status::NotMeasured => "not measured",
        }
    }
}

/// A target with its figures.
pub struct Judged {
    pub name: &'static str,
    pub goal: String,
    pub one: Option<f64>,
    pub two: Option<f64>,
    shown_one: String,
    shown_two: String,
    pub status: Status,
    pub reports: &'static [&'static str],
}

/// A criterion figure: a bench's name and its throughput per second.
pub struct Bench {
    pub name: String,
    pub per_second: f64,
}

/// The benches of a `benchmarks.json` document that have a throughput.
pub fn benches_of(doc: &Value) -> Vec<Bench> {
    doc["benchmarks"]
        .as_array()
        .map(|list| {
            list.iter()
                .filter_map(|b| {
                    Some(Bench {
                        name: b["name"].as_str()?.to_owned(),
                        per_second: b["throughput_per_second"].as_f64()?,
                    })
                })
                .collect()
        })
        .unwrap_or_default()
}

/// The figure of `workload` at `threads` in a compare.json document's rows.
fn row_figure(rows: &[Value], workload: &str, threads: u64, field: &str) -> Option<f64> {
    rows.iter()
        .find(|r| r["workload"].as_str() == Some(workload) && r["threads"].as_u64() == Some(threads))
        .and_then(|r| r[field].as_f64())
        .filter(|x| x.is_finite() && *x > 0.0)
}

fn format_value(source: Source, value: f64) -> String {
    match source {
        Source::Records(_) => format!("{} hands/s", thousands(value)),
        Source::Bytes(_) => format!("{:.1} MB/s", value / 1e6),
        Source::PeakRss(_) => format!("{:.1} MB", value / 1e6),
        Source::Criterion(name) if name.starts_with("eval") => format!("{:.1} M hands/s", value / 1e6),
        Source::Criterion(_) => format!("{:.1} MB/s", value / 1e6),
        Source::Tables(_) => format!("{value:.2} tables/s ({:.0} ms a table)", 1000.0 / value),
    }
}

/// `1234567.8` as `1,234,568`.
pub fn thousands(value: f64) -> String {
    let digits = format!("{:.0}", value.max(0.0));
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn goal_text(target: &Target) -> String {
    let lower = matches!(target.source, Source::PeakRss(_));
    let sign = if lower { "<" } else { "≥" };
    let one = format_value(target.source, target.one);
    match target.two {
        Some(two) if two != target.one => format!("{sign} {one} / {}", format_value(target.source, two)),
        Some(_) => format!("{sign} {one} at 1 and 2 threads"),
        None => format!("{sign} {one}"),
    }
}

/// Judges every target against the compare.json document (`compare`, may be `Null`) and the
/// criterion benches.
pub fn judge(compare: &Value, benches: &[Bench]) -> Vec<Judged> {
    let empty = Vec::new();
    let rows = compare["rows"].as_array().unwrap_or(&empty);
    TARGETS
        .iter()
        .map(|target| {
            let figure = |threads: u64| -> Option<f64> {
                match target.source {
                    Source::Records(w) | Source::Tables(w) => {
                        row_figure(rows, w, threads, "records_per_second")
                    }
                    Source::Bytes(w) => row_figure(rows, w, threads, "bytes_per_second"),
                    Source::PeakRss(ws) => ws
                        .iter()
                        .filter_map(|w| row_figure(rows, w, threads, "peak_rss_bytes"))
                        .reduce(f64::max),
                    Source::Criterion(name) if threads == 1 => {
                        benches.iter().find(|b| b.name == name).map(|b| b.per_second)
                    }
                    Source::Criterion(_) => None,
                }
            };
            let one = figure(1);
            let two = if target.two.is_some() { figure(2) } else { None };
            let lower = matches!(target.source, Source::PeakRss(_));
            let meets = |value: f64, goal: f64| if lower { value < goal } else { value >= goal };
            let checks: Vec<bool> = [(one, Some(target.one)), (two, target.two)]
                .into_iter()
                .filter_map(|(value, goal)| Some(meets(value?, goal?)))
                .collect();
            let status = if checks.is_empty() {
                Status::NotMeasured
            } else if checks.iter().all(|&ok| ok) {
                Status::Met
            } else {
                Status::Missed
            };
            let shown = |value: Option<f64>, asked: bool| match value {
                Some(v) => format_value(target.source, v),
                None if asked => "not measured".to_owned(),
                None => "–".to_owned(),
            };
            Judged {
                name: target.name,
                goal: goal_text(target),
                one,
                two,
                shown_one: shown(one, true),
                shown_two: shown(two, target.two.is_some()),
                status,
                reports: target.reports,
            }
        })
        .collect()
}

/// The judged targets as compare.json's `targets` array.
pub fn to_json(judged: &[Judged]) -> Value {
    Value::Array(
        judged
            .iter()
            .map(|j| {
                json!({
                    "target": j.name, "goal": j.goal, "one_thread": j.one, "two_threads": j.two,
                    "met": match j.status { Status::Met => Some(true), Status::Missed => Some(false), Status::NotMeasured => None },
                    "reports": j.reports,
                })
            })
            .collect(),
    )
}

/// The TARGETS table. `link(report)` gives the link of a report's profile section, or an error
/// when the report or its heading is missing; it is asked only for missed targets.
pub fn table(
    judged: &[Judged],
    link: &mut dyn FnMut(&str) -> Result<String, String>,
) -> Result<String, String> {
    let mut out = String::from(
        "| target | goal (1 / 2 threads) | 1 thread | 2 threads | status | profile and what was tried |\n\
         |---|---|---:|---:|---|---|\n",
    );
    for j in judged {
        let profile = if j.status == Status::Missed {
            let links: Result<Vec<String>, String> =
                j.reports.iter().map(|r| Ok(format!("[{r}]({})", link(r)?))).collect();
            links?.join(", ")
        } else {
            "–".to_owned()
        };
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {profile} |",
            j.name,
            j.goal,
            j.shown_one,
            j.shown_two,
            j.status.text()
        );
    }
    Ok(out)
}

/// The first Markdown heading of a report file (outside fenced code), without its `#`s.
pub fn first_heading(path: &Path) -> Result<String, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("the targets link to {}, which cannot be read: {e}", path.display()))?;
    headings(&text)
        .into_iter()
        .next()
        .ok_or_else(|| format!("the targets link to {}, which has no heading", path.display()))
}

/// Every heading of a Markdown text, in order, skipping fenced code blocks.
pub fn headings(text: &str) -> Vec<String> {
    headings_at(text).into_iter().map(|(_, h)| h).collect()
}

/// Every heading of a Markdown text with the byte offset of its line.
fn headings_at(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    let mut fenced = false;
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let at = offset;
        offset += line.len();
        let line = line.trim_end_matches(['\n', '\r']);
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") || trimmed.starts_with("~~~") {
            fenced = !fenced;
            continue;
        }
        if fenced || line.starts_with("    ") {
            continue;
        }
        let level = trimmed.chars().take_while(|&c| c == '#').count();
        if (1..=6).contains(&level) && trimmed[level..].starts_with(' ') {
            found.push((at, trimmed[level..].trim().trim_end_matches('#').trim_end().to_owned()));
        }
    }
    found
}

/// GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens.
pub fn slug(heading: &str) -> String {
    heading
        .chars()
        .filter_map(|c| {
            if c.is_alphanumeric() || c == '-' || c == '_' {
                Some(c.to_lowercase().collect::<String>())
            } else if c == ' ' {
                Some("-".to_owned())
            } else {
                None
            }
        })
        .collect()
}

/// The anchor of the first heading `heading` at or after byte `from` of the Markdown `text`
/// (GitHub numbers repeated anchors `-1`, `-2`, …), or `None` when there is no such heading.
pub fn anchor_in(text: &str, heading: &str, from: usize) -> Option<String> {
    let mut seen: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for (at, h) in headings_at(text) {
        let base = slug(&h);
        let n = seen.entry(base.clone()).or_insert(0);
        let anchor = if *n == 0 { base } else { format!("{base}-{n}") };
        *n += 1;
        if h == heading && at >= from {
            return Some(anchor);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn compare_doc() -> Value {
        let row = |workload: &str, threads: u64, records: f64, bytes: f64, rss: f64| {
            json!({ "workload": workload, "threads": threads, "records_per_second": records,
                    "bytes_per_second": bytes, "peak_rss_bytes": rss })
        };
        json!({ "rows": [
            row("phh", 1, 131_600.0, 60e6, 7.5e6),
            row("phh", 2, 238_100.0, 110e6, 9.3e6),
            row("phh-json", 1, 108_700.0, 50e6, 8e6),
            row("pbn", 1, 55.7e6 / 400.0, 55.7e6, 14e6),
            row("pbn", 2, 72e6 / 400.0, 72e6, 31e6),
            row("ppn-pref", 1, 1e6, 250e6, 15e6),
            row("ppn-pref", 2, 2e6, 410e6, 50e6),
        ]})
    }

    #[test]
    fn targets_are_judged_at_one_and_two_threads() {
        let benches = [Bench { name: "eval/high7".into(), per_second: 457.1e6 }];
        let judged = judge(&compare_doc(), &benches);
        let by = |prefix: &str| judged.iter().find(|j| j.name.starts_with(prefix)).map(|j| j.status);
        assert_eq!(by("PHH `cardnote"), Some(Status::Missed));
        assert_eq!(by("PHH `check` peak"), Some(Status::Met));
        assert_eq!(by("the same with"), Some(Status::Missed), "one thread measured, missed");
        assert_eq!(by("PBN"), Some(Status::Missed));
        assert_eq!(by("Preferans"), Some(Status::Met), "250 ≥ 200 and 410 ≥ 400");
        assert_eq!(by("Pinochle"), Some(Status::NotMeasured));
        assert_eq!(by("7-card"), Some(Status::Met));
        assert_eq!(by("ACPC"), Some(Status::NotMeasured));
    }

    #[test]
    fn the_table_links_missed_targets_only_and_fails_on_a_missing_report() {
        let judged = judge(&compare_doc(), &[]);
        let mut asked = Vec::new();
        let text = table(&judged, &mut |r| {
            asked.push(r.to_owned());
            Ok(format!("#{r}"))
        })
        .unwrap_or_default();
        assert!(text.contains("| 131,600 hands/s | 238,100 hands/s | **missed** | [cli-throughput.md](#cli-throughput.md), [engine.md](#engine.md) |"), "{text}");
        assert!(text.contains("| 250.0 MB/s | 410.0 MB/s | met | – |"), "{text}");
        assert!(text.contains("| not measured | not measured | not measured | – |"), "{text}");
        assert!(text.contains("| 8.0 MB | 9.3 MB | met |"), "the higher of human and `--json`: {text}");
        assert!(!asked.contains(&"ppn.md".to_owned()), "Preferans is met, Pinochle not measured");
        assert_eq!(text.lines().count(), 2 + TARGETS.len());
        let failed = table(&judged, &mut |r| Err(format!("no {r}")));
        assert_eq!(failed.err().as_deref(), Some("no cli-throughput.md"));
    }

    #[test]
    fn anchors_follow_github_and_skip_code() {
        let doc = "# Benchmarks\n\n```text\n# not a heading\n```\n\
                   ## PHH through the CLI: `cardnote check` throughput, one and two threads\n\
                   ## Re-measured (idle)\n### Re-measured (idle)\n#hashtag\n";
        assert_eq!(headings(doc).len(), 4);
        assert_eq!(
            anchor_in(doc, "PHH through the CLI: `cardnote check` throughput, one and two threads", 0)
                .as_deref(),
            Some("phh-through-the-cli-cardnote-check-throughput-one-and-two-threads")
        );
        assert_eq!(anchor_in(doc, "Re-measured (idle)", 0).as_deref(), Some("re-measured-idle"));
        let second = doc.find("### Re-measured").unwrap_or(0);
        assert_eq!(anchor_in(doc, "Re-measured (idle)", second).as_deref(), Some("re-measured-idle-1"));
        let doc2 = format!("## Re-measured (idle)\n{doc}");
        assert_eq!(anchor_in(&doc2, "Benchmarks", 0).as_deref(), Some("benchmarks"));
        assert_eq!(anchor_in(doc, "not a heading", 0), None);
        assert_eq!(
            slug("`cardnote export` throughput and memory (issue 18)"),
            "cardnote-export-throughput-and-memory-issue-18"
        );
        assert_eq!(thousands(1_234_567.8), "1,234,568");
        assert_eq!(thousands(906.0), "906");
    }
}
