//! `cardnote dd`: fill or check the double-dummy tags of PBN files (OptimumResultTable,
//! DoubleDummyTricks, OptimumScore, ParContract).

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use cardnote::output::{RenderSource, Summary};
use cardnote_check::{CheckOptions, Format, record_json};

/// Arguments of `cardnote dd`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Write the tags into each file (missing ones added after the game's tags, wrong ones
    /// rewritten; every other byte kept). Files with errors are left alone.
    #[arg(long, conflicts_with = "check", required_unless_present = "check")]
    fill: bool,
    /// Report tags that contradict the deal as errors (exit 1 when any does).
    #[arg(long)]
    check: bool,
    /// With --check: warnings (a side-first par on a hot deal, unreadable rows) become errors.
    #[arg(long)]
    strict: bool,
    /// With --check: one JSON object per game per line, as `check --json` writes.
    #[arg(long)]
    json: bool,
    /// Each solver thread's transposition table at most, in MiB (one thread per core). Less
    /// memory means more search on hard deals; the default is set by measurement.
    #[arg(long, value_name = "MIB", default_value_t = bridge_dd::DEFAULT_MEMORY_MIB,
          value_parser = clap::value_parser!(u32).range(1..=65_536))]
    memory: u32,
    /// PBN files.
    #[arg(required = true)]
    files: Vec<PathBuf>,
}

/// Runs `cardnote dd`.
pub fn run(args: Args, ui: &super::Ui) -> ExitCode {
    if args.fill {
        fill(&args.files, args.memory, ui)
    } else {
        check(&args.files, args.strict, args.json, args.memory, ui)
    }
}

fn check(files: &[PathBuf], strict: bool, json: bool, mib: u32, ui: &super::Ui) -> ExitCode {
    let printer = ui.stdout_printer();
    let started = Instant::now();
    let opts = CheckOptions { strict, no_fields: !json, ..CheckOptions::default() };
    let mut summary = Summary::default();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut failed = false;
    for path in files {
        let data = match std::fs::read(path) {
            Ok(data) => data,
            Err(err) => {
                eprintln!("cardnote: cannot read {}: {err}", path.display());
                failed = true;
                continue;
            }
        };
        let checked = cardnote::formats::dd::check(&data, &opts, !json, mib);
        let shown = path.display().to_string();
        summary.file(&shown, Format::Pbn.name());
        summary.bytes += data.len() as u64;
        let index = cards_core::LineIndex::new(&checked.source);
        let render = RenderSource::new(&checked.source);
        let mut diagnostics = printer.file(&shown);
        for (i, record) in checked.records.iter().enumerate() {
            summary.add(record);
            if json {
                let line_col = |offset: usize| index.line_col(&checked.source, offset);
                let value = record_json(&shown, i, Format::Pbn, record, &line_col);
                if writeln!(out, "{value}").is_err() {
                    return ExitCode::from(2);
                }
            } else if !record.diagnostics.is_empty()
                && diagnostics.print(&mut out, &render, &record.diagnostics).is_err()
            {
                return ExitCode::from(2);
            }
        }
        if diagnostics.finish(&mut out).is_err() {
            return ExitCode::from(2);
        }
    }
    let _ = out.flush();
    if !json && !ui.quiet {
        summary.print(&mut std::io::stderr(), started.elapsed());
    }
    if failed {
        ExitCode::from(2)
    } else if summary.invalid > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

fn fill(files: &[PathBuf], mib: u32, ui: &super::Ui) -> ExitCode {
    let printer = ui.stderr_printer();
    let mut code = ExitCode::SUCCESS;
    super::warn_stale_temporaries(ui, files.iter().map(PathBuf::as_path));
    for path in files {
        // The file as read: it is replaced only while it is still that.
        let (original, data) = match cardnote::files::Original::read(path) {
            Ok(read) => read,
            Err(err) => {
                eprintln!("cardnote: cannot read {}: {err}", path.display());
                code = ExitCode::from(2);
                continue;
            }
        };
        let filled = match cardnote::formats::dd::fill(&data, true, mib) {
            Ok(filled) => filled,
            Err(refusal) => {
                let shown = path.display().to_string();
                let mut diagnostics = printer.file(&shown);
                let mut err = std::io::stderr();
                let _ =
                    diagnostics.print(&mut err, &RenderSource::new(&refusal.source), &refusal.diagnostics);
                let _ = diagnostics.finish(&mut err);
                eprintln!("cardnote: {} has errors; not filled", path.display());
                code = ExitCode::from(1);
                continue;
            }
        };
        let r = &filled.report;
        if filled.bytes != data {
            let verify = |written: &[u8]| same_games(&data, written);
            if let Err(err) = cardnote::files::write_atomically(path, &filled.bytes, Some(original), verify) {
                eprintln!("cardnote: {}: {err}", path.display());
                code = ExitCode::from(2);
                continue;
            }
        }
        eprintln!(
            "{}: {} games changed, {} tags added, {} rewritten{}",
            path.display(),
            r.games_changed,
            r.tags_added,
            r.tags_rewritten,
            if filled.unsolvable > 0 {
                format!(", {} games with double-dummy tags but no full deal left alone", filled.unsolvable)
            } else {
                String::new()
            }
        );
    }
    code
}

/// The written file reads without errors and holds the same games with the same deals.
fn same_games(before: &[u8], after: &[u8]) -> Result<(), String> {
    let (old, new) = (pbn::decode(before).text, pbn::decode(after).text);
    let read = |text: &str| -> Vec<(Option<pbn::model::Deal>, bool)> {
        cardnote_check::formats::pbn::read(text, false)
            .iter()
            .map(|r| (r.model.info.deal, r.has_errors()))
            .collect()
    };
    let (old, new) = (read(&old), read(&new));
    if new.iter().any(|(_, errors)| *errors) {
        return Err("the filled file reads with errors; the original is kept".into());
    }
    if old.iter().map(|g| g.0).ne(new.iter().map(|g| g.0)) {
        return Err("the filled file does not hold the same deals; the original is kept".into());
    }
    Ok(())
}
