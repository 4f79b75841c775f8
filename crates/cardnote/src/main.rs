//! `cardnote`: check, format, convert and replay card-game notation files.
//!
//! ```text
//! cardnote check [--json] [--format auto|phh|pbn|ppn-pref|ppn-pinochle] [--rules pokerkit|wsop] PATH...
//! cardnote fmt [--check] [--preserve] PATH...
//! cardnote convert --to json|phh|pbn|ppn FILE [-o OUT]
//! cardnote replay FILE [--hand N] [--rules pokerkit|wsop]
//! ```
//!
//! The `check --json` output is a contract: one JSON object per record per line, with `file`,
//! `index`, `format`, `ok`, `errors`, `warnings` and the per-format fields. See README.md.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand, ValueEnum};

use cardnote::formats::{
    self, CheckOptions, ConvertTo, FileCheck, FmtOptions, Format, Refusal, Rules, check_bytes,
};
use cardnote::output::{RenderSource, Summary, print_human_record, record_json};
use cardnote::walk::{self, FileKind, collect_files, format_of};

#[cfg(feature = "export")]
mod export;
mod stats;

#[derive(Parser, Debug)]
#[command(name = "cardnote", version, about = "Check, format, convert and replay card-game notation files")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Read and check files; directories are walked recursively in sorted order.
    Check {
        /// One JSON object per record per line (JSON Lines) on stdout.
        #[arg(long)]
        json: bool,
        /// Force one format for every named file instead of choosing by extension.
        #[arg(long, value_enum, default_value_t = FormatArg::Auto)]
        format: FormatArg,
        /// Rule profile for replaying poker hands.
        #[arg(long, value_enum, default_value_t = RulesArg::Pokerkit)]
        rules: RulesArg,
        /// Treat leniencies for real-world files as errors.
        #[arg(long)]
        strict: bool,
        /// Files or directories.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
    /// Rewrite files canonically (or format-preserving with --preserve).
    Fmt {
        /// Only report which files would change; exit 1 if any would.
        #[arg(long)]
        check: bool,
        /// Keep the author's layout and comments.
        #[arg(long)]
        preserve: bool,
        /// Rewrite files that have errors too. The new text must report exactly the errors of the
        /// old one (nothing dropped, nothing added), or the original is kept.
        #[arg(long)]
        force: bool,
        /// Force one format for every named file.
        #[arg(long, value_enum, default_value_t = FormatArg::Auto)]
        format: FormatArg,
        /// Files or directories.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
    /// Convert a file between its notation and the notation's JSON form.
    Convert {
        /// Target: `json`, or the notation (`phh`, `pbn`, `ppn`).
        #[arg(long)]
        to: String,
        /// The input's format, when it cannot be told from the extension (e.g. JSON input).
        #[arg(long, value_enum, default_value_t = FormatArg::Auto)]
        format: FormatArg,
        /// Write here (atomically) instead of stdout.
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// Input file.
        file: PathBuf,
    },
    /// Replay a PHH hand step by step.
    Replay {
        /// Only this hand (0-based index in the file).
        #[arg(long)]
        hand: Option<usize>,
        /// Rule profile.
        #[arg(long, value_enum, default_value_t = RulesArg::Pokerkit)]
        rules: RulesArg,
        /// A `.phh` or `.phhs` file.
        file: PathBuf,
    },
    /// Export PHH and PBN records as Parquet tables (schemas: the cardnote-arrow crate docs).
    #[cfg(feature = "export")]
    Export(export::ExportArgs),
    /// Poker statistics per player or position (VPIP, PFR, 3-bet, c-bet, WTSD, W$SD, net, bb/100).
    Stats(stats::StatsArgs),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum FormatArg {
    Auto,
    Phh,
    Pbn,
    PpnPref,
    PpnPinochle,
}

impl FormatArg {
    fn forced(self) -> Option<Format> {
        match self {
            FormatArg::Auto => None,
            FormatArg::Phh => Some(Format::Phh),
            FormatArg::Pbn => Some(Format::Pbn),
            FormatArg::PpnPref => Some(Format::PpnPref),
            FormatArg::PpnPinochle => Some(Format::PpnPinochle),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum RulesArg {
    Pokerkit,
    Wsop,
}

impl From<RulesArg> for Rules {
    fn from(arg: RulesArg) -> Rules {
        match arg {
            RulesArg::Pokerkit => Rules::Pokerkit,
            RulesArg::Wsop => Rules::Wsop,
        }
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => {
            let _ = err.print();
            return if err.use_stderr() { ExitCode::from(2) } else { ExitCode::SUCCESS };
        }
    };
    match cli.command {
        Command::Check { json, format, rules, strict, paths } => {
            let opts = CheckOptions { rules: rules.into(), strict };
            run_check(&paths, format.forced(), &opts, json)
        }
        Command::Fmt { check, preserve, force, format, paths } => {
            run_fmt(&paths, format.forced(), FmtOptions { preserve, force }, check)
        }
        Command::Convert { to, format, output, file } => {
            run_convert(&file, &to, format.forced(), output.as_deref())
        }
        Command::Replay { hand, rules, file } => {
            run_replay(&file, hand, &CheckOptions { rules: rules.into(), strict: false })
        }
        #[cfg(feature = "export")]
        Command::Export(args) => export::run(&args),
        Command::Stats(args) => stats::run(&args),
    }
}

/// Which format a file is read as: forced, by extension, or (for `.ppn`) by sniffing.
fn run_check(paths: &[PathBuf], forced: Option<Format>, opts: &CheckOptions, json: bool) -> ExitCode {
    let started = Instant::now();
    let (files, mut io_failed) = collect_files(paths, forced.is_some());
    let mut summary = Summary::default();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let progress = std::io::stderr().is_terminal() && !json;
    let total_files = files.len();
    let mut last_progress = Instant::now();
    for (n, file) in files.iter().enumerate() {
        // Big PHH files are streamed hand by hand: memory stays bounded whatever the file size.
        let big_phh = (forced == Some(Format::Phh) || (forced.is_none() && file.kind == FileKind::Phh))
            && std::fs::metadata(&file.path).is_ok_and(|m| m.len() >= stream_threshold());
        if big_phh {
            summary.files += 1;
            if let Err(err) = stream_phh(&file.path, opts, json, &mut out, &mut summary) {
                eprintln!("cardnote: cannot read {}: {err}", file.path.display());
                io_failed = true;
            }
            continue;
        }
        let data = match std::fs::read(&file.path) {
            Ok(data) => data,
            Err(err) => {
                eprintln!("cardnote: cannot read {}: {err}", file.path.display());
                io_failed = true;
                continue;
            }
        };
        let format = format_of(file.kind, &data, forced);
        let checked = check_bytes(format, &data, opts);
        let shown = file.path.display().to_string();
        summary.files += 1;
        summary.bytes += data.len() as u64;
        // Line numbers are only needed for diagnostics in JSON output; human output renders
        // through `RenderSource`, which has its own index.
        let has_diagnostics = checked.records.iter().any(|r| !r.diagnostics.is_empty());
        let index = (json && has_diagnostics).then(|| cards_core::LineIndex::new(&checked.source));
        let mut render: Option<RenderSource> = None;
        for (i, record) in checked.records.iter().enumerate() {
            summary.add(record);
            if json {
                let line_col = |offset: usize| {
                    index.as_ref().map_or((1, 1), |index| index.line_col(&checked.source, offset))
                };
                let value = record_json(&shown, i, format, record, &line_col);
                if writeln!(out, "{value}").is_err() {
                    return ExitCode::from(2);
                }
            } else if !record.diagnostics.is_empty() {
                let render = render.get_or_insert_with(|| RenderSource::new(&checked.source));
                print_human_record(&mut out, &shown, render, record);
            }
        }
        if progress && last_progress.elapsed().as_millis() > 250 {
            eprint!("\r[{}/{}] {}", n + 1, total_files, shown);
            last_progress = Instant::now();
        }
    }
    if progress {
        eprint!("\r\x1b[K");
    }
    let _ = out.flush();
    if !json {
        summary.print(&mut std::io::stderr(), started.elapsed());
    }
    if io_failed {
        ExitCode::from(2)
    } else if summary.invalid > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// Files at least this big are streamed (PHH only): 64 MiB, or `CARDNOTE_STREAM_THRESHOLD` bytes.
fn stream_threshold() -> u64 {
    std::env::var("CARDNOTE_STREAM_THRESHOLD").ok().and_then(|v| v.parse().ok()).unwrap_or(64 << 20)
}

/// Counts the lines of a file up to an offset, reading it once front to back alongside the
/// streaming parser (line numbers for diagnostics without holding the file in memory).
struct LineCounter<R> {
    reader: R,
    pos: usize,
    lines: usize,
    after_cr: bool,
}

impl<R: std::io::BufRead> LineCounter<R> {
    /// Lines completed before byte `offset` (`\n`, `\r\n` and a lone `\r` each end one).
    fn lines_before(&mut self, offset: usize) -> std::io::Result<usize> {
        while self.pos < offset {
            let buf = self.reader.fill_buf()?;
            if buf.is_empty() {
                break;
            }
            let take = buf.len().min(offset - self.pos);
            for &b in &buf[..take] {
                match b {
                    b'\n' if self.after_cr => self.after_cr = false,
                    b'\n' => self.lines += 1,
                    b'\r' => {
                        self.lines += 1;
                        self.after_cr = true;
                    }
                    _ => self.after_cr = false,
                }
            }
            self.reader.consume(take);
            self.pos += take;
        }
        Ok(self.lines)
    }
}

fn stream_phh(
    path: &Path,
    opts: &CheckOptions,
    json: bool,
    out: &mut impl Write,
    summary: &mut Summary,
) -> std::io::Result<()> {
    let file = std::fs::File::open(path)?;
    let mut counter = LineCounter {
        reader: std::io::BufReader::new(std::fs::File::open(path)?),
        pos: 0,
        lines: 0,
        after_cr: false,
    };
    let shown = path.display().to_string();
    let reader = phh::stream::HandReader::new(std::io::BufReader::with_capacity(1 << 16, file));
    for (i, item) in reader.enumerate() {
        let hand = item?;
        summary.bytes += hand.text.len() as u64;
        let record = formats::phh::check_hand(&hand.parsed, opts);
        summary.add(&record);
        let base_line = counter.lines_before(hand.offset)?;
        if json {
            let index = (!record.diagnostics.is_empty()).then(|| cards_core::LineIndex::new(&hand.text));
            let line_col = |offset: usize| {
                let local = offset.saturating_sub(hand.offset);
                let (line, column) = index.as_ref().map_or((1, 1), |index| index.line_col(&hand.text, local));
                (line + base_line, column)
            };
            let value = record_json(&shown, i, Format::Phh, &record, &line_col);
            writeln!(out, "{value}")?;
        } else if !record.diagnostics.is_empty() {
            let render = RenderSource::part(&hand.text, hand.offset, base_line);
            print_human_record(out, &shown, &render, &record);
        }
    }
    Ok(())
}

fn fmt_bytes(format: Format, data: &[u8], opts: &FmtOptions) -> Result<Vec<u8>, Refusal> {
    match format {
        Format::Phh => formats::phh::fmt(data, opts),
        Format::Pbn => formats::pbn::fmt(data, opts),
        Format::PpnPref => formats::pref::fmt(data, opts),
        Format::PpnPinochle => formats::pinochle::fmt(data, opts),
    }
}

fn convert_bytes(format: Format, data: &[u8], to: ConvertTo) -> Result<Vec<u8>, Refusal> {
    match format {
        Format::Phh => formats::phh::convert(data, to),
        Format::Pbn => formats::pbn::convert(data, to),
        Format::PpnPref => formats::pref::convert(data, to),
        Format::PpnPinochle => formats::pinochle::convert(data, to),
    }
}

fn report_refusal(path: &Path, refusal: &Refusal) {
    let mut err = std::io::stderr();
    let record =
        formats::RecordReport { diagnostics: refusal.diagnostics.clone(), fields: Default::default() };
    print_human_record(&mut err, &path.display().to_string(), &RenderSource::new(&refusal.source), &record);
}

/// Writes `bytes` to `path` safely: a temporary file in the same folder, flushed and synced, re-read
/// and checked with `verify`, then renamed over the original. Any failure leaves the original as it was.
fn write_atomically(
    path: &Path,
    bytes: &[u8],
    verify: impl FnOnce(&[u8]) -> Result<(), String>,
) -> Result<(), String> {
    let dir = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let mut temp = tempfile::Builder::new()
        .prefix(".cardnote-")
        .suffix(".tmp")
        .tempfile_in(&dir)
        .map_err(|e| format!("cannot create a temporary file in {}: {e}", dir.display()))?;
    temp.write_all(bytes).map_err(|e| format!("cannot write the temporary file: {e}"))?;
    temp.as_file().sync_all().map_err(|e| format!("cannot sync the temporary file: {e}"))?;
    let written =
        std::fs::read(temp.path()).map_err(|e| format!("cannot re-read the temporary file: {e}"))?;
    if written != bytes {
        return Err("the temporary file does not hold what was written".into());
    }
    verify(&written)?;
    // Test hook: hold the finished temporary file before the rename, so a test can kill the
    // process at the worst moment and see that the original is untouched.
    if let Some(ms) = std::env::var_os("CARDNOTE_TEST_PAUSE_BEFORE_RENAME_MS") {
        let ms = ms.to_str().and_then(|s| s.parse::<u64>().ok()).unwrap_or(0);
        std::thread::sleep(std::time::Duration::from_millis(ms));
    }
    if let Ok(meta) = std::fs::metadata(path) {
        let _ = std::fs::set_permissions(temp.path(), meta.permissions());
    }
    temp.persist(path).map_err(|e| format!("cannot replace {}: {}", path.display(), e.error))?;
    Ok(())
}

/// The errors of a checked file, as `CODE: message`, in file order.
fn errors_of(check: &FileCheck) -> Vec<String> {
    check
        .records
        .iter()
        .flat_map(|r| r.diagnostics.iter())
        .filter(|d| d.is_error() && d.code != "FORMAT_NOT_IMPLEMENTED")
        .map(|d| format!("{}: {}", d.code, d.message))
        .collect()
}

/// What an error is, apart from where: its code, per record.
fn error_codes(check: &FileCheck) -> Vec<Vec<&str>> {
    check
        .records
        .iter()
        .map(|r| {
            let mut codes: Vec<&str> =
                r.diagnostics.iter().filter(|d| d.is_error()).map(|d| d.code.as_str()).collect();
            codes.sort_unstable();
            codes
        })
        .collect()
}

/// The rewritten text must read cleanly; with `--force` (`original` given) it must instead report,
/// record by record, the same error codes as the original: a writer that dropped or broke
/// something would change them.
fn verify_output(format: Format, bytes: &[u8], original: Option<&FileCheck>) -> Result<(), String> {
    let check = check_bytes(format, bytes, &CheckOptions::default());
    match original {
        None => {
            let errors = errors_of(&check);
            if errors.is_empty() {
                Ok(())
            } else {
                Err(format!(
                    "the rewritten text does not read cleanly ({}); original kept",
                    errors.join("; ")
                ))
            }
        }
        Some(original) if error_codes(original) == error_codes(&check) => Ok(()),
        Some(original) => {
            let list = |c: &FileCheck| {
                let codes: Vec<&str> = error_codes(c).into_iter().flatten().collect();
                if codes.is_empty() { "none".to_owned() } else { codes.join(", ") }
            };
            Err(format!(
                "the rewritten text does not report the same errors as the original (before: {}; after: {}); original kept",
                list(original),
                list(&check)
            ))
        }
    }
}

fn run_fmt(paths: &[PathBuf], forced: Option<Format>, opts: FmtOptions, check_only: bool) -> ExitCode {
    let (files, mut failed) = collect_files(paths, forced.is_some());
    let mut would_change = 0usize;
    let mut refused = false;
    for file in &files {
        let data = match std::fs::read(&file.path) {
            Ok(data) => data,
            Err(err) => {
                eprintln!("cardnote: cannot read {}: {err}", file.path.display());
                failed = true;
                continue;
            }
        };
        let format = format_of(file.kind, &data, forced);
        // A file that does not read cleanly (replay and other checks included) is rewritten only
        // when the user asks for it with --force.
        let original = check_bytes(format, &data, &CheckOptions::default());
        if !opts.force && !errors_of(&original).is_empty() {
            eprintln!(
                "cardnote: not rewriting {}: it does not read cleanly (--force rewrites it anyway)",
                file.path.display()
            );
            let diagnostics =
                original.records.iter().flat_map(|r| r.diagnostics.iter().filter(|d| d.is_error()).cloned());
            report_refusal(
                &file.path,
                &Refusal { diagnostics: diagnostics.collect(), source: original.source },
            );
            refused = true;
            continue;
        }
        let forced_from = opts.force.then_some(&original);
        match fmt_bytes(format, &data, &opts) {
            Ok(new) if new == data => {}
            Ok(new) => {
                would_change += 1;
                if check_only {
                    println!("would reformat {}", file.path.display());
                } else if let Err(err) =
                    write_atomically(&file.path, &new, |b| verify_output(format, b, forced_from))
                {
                    eprintln!("cardnote: {}: {err}", file.path.display());
                    failed = true;
                } else {
                    println!("reformatted {}", file.path.display());
                }
            }
            Err(refusal) => {
                eprintln!("cardnote: not rewriting {}: it cannot be written back", file.path.display());
                report_refusal(&file.path, &refusal);
                refused = true;
            }
        }
    }
    if failed {
        ExitCode::from(2)
    } else if refused || (check_only && would_change > 0) {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// Which notation a JSON document holds, from its `format` field or its shape (each notation's
/// JSON form is told apart by its top-level keys).
fn sniff_json(data: &[u8]) -> Option<Format> {
    let doc: serde_json::Value = serde_json::from_slice(data).ok()?;
    match doc.get("format").and_then(serde_json::Value::as_str) {
        Some("phh") => return Some(Format::Phh),
        Some("pbn") => return Some(Format::Pbn),
        Some("ppn-pref") => return Some(Format::PpnPref),
        Some("ppn-pinochle") => return Some(Format::PpnPinochle),
        _ => {}
    }
    if doc.get("deals").is_some() && doc.get("info").is_some() {
        return Some(Format::PpnPref);
    }
    if doc.get("games").is_some() {
        return Some(Format::Pbn);
    }
    let first_hand = doc.get("hands").and_then(|h| h.get(0))?;
    if first_hand.get("items").is_some() {
        Some(Format::PpnPinochle)
    } else if first_hand.get("hand").is_some() {
        Some(Format::Phh)
    } else {
        None
    }
}

fn run_convert(file: &Path, to: &str, forced: Option<Format>, output: Option<&Path>) -> ExitCode {
    let data = match std::fs::read(file) {
        Ok(data) => data,
        Err(err) => {
            eprintln!("cardnote: cannot read {}: {err}", file.display());
            return ExitCode::from(2);
        }
    };
    let target = match to {
        "json" => ConvertTo::Json,
        "phh" | "pbn" | "ppn" | "ppn-pref" | "ppn-pinochle" => ConvertTo::Native,
        other => {
            eprintln!("cardnote: unknown target {other:?}; use json, phh, pbn or ppn");
            return ExitCode::from(2);
        }
    };
    let is_json = file.extension().is_some_and(|e| e.eq_ignore_ascii_case("json"));
    // JSON input: --format, else what the document says it holds, else the target's notation.
    let known = forced.or_else(|| if is_json { sniff_json(&data) } else { None });
    let format = match (known, is_json, to) {
        (Some(format), _, _) => format,
        (None, true, "phh") => Format::Phh,
        (None, true, "pbn") => Format::Pbn,
        (None, true, "ppn" | "ppn-pref") => Format::PpnPref,
        (None, true, "ppn-pinochle") => Format::PpnPinochle,
        (None, true, _) => {
            eprintln!("cardnote: say which notation the JSON holds with --format");
            return ExitCode::from(2);
        }
        (None, false, _) => format_of(walk::kind_of(file), &data, None),
    };
    match convert_bytes(format, &data, target) {
        Ok(bytes) => match output {
            Some(out) => match write_atomically(out, &bytes, |_| Ok(())) {
                Ok(()) => ExitCode::SUCCESS,
                Err(err) => {
                    eprintln!("cardnote: {err}");
                    ExitCode::from(2)
                }
            },
            None => {
                let mut stdout = std::io::stdout().lock();
                if stdout.write_all(&bytes).and_then(|()| stdout.flush()).is_err() {
                    return ExitCode::from(2);
                }
                ExitCode::SUCCESS
            }
        },
        Err(refusal) => {
            report_refusal(file, &refusal);
            ExitCode::from(1)
        }
    }
}

fn run_replay(file: &Path, hand: Option<usize>, opts: &CheckOptions) -> ExitCode {
    let data = match std::fs::read(file) {
        Ok(data) => data,
        Err(err) => {
            eprintln!("cardnote: cannot read {}: {err}", file.display());
            return ExitCode::from(2);
        }
    };
    match formats::phh_replay::replay(&data, hand, opts) {
        Ok(text) => {
            let mut stdout = std::io::stdout().lock();
            if stdout.write_all(text.as_bytes()).and_then(|()| stdout.flush()).is_err() {
                return ExitCode::from(2);
            }
            ExitCode::SUCCESS
        }
        Err(refusal) => {
            report_refusal(file, &refusal);
            ExitCode::from(1)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reads, but its replay fails (an action after the end of the hand).
    const ILLEGAL: &[u8] = b"variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [200, 200]\nactions = ['d dh p1 AhKh', 'd dh p2 7c2d', 'p1 cbr 6', 'p2 f']\n";

    #[test]
    fn forced_output_must_report_the_same_errors() {
        let original = check_bytes(Format::Phh, ILLEGAL, &CheckOptions::default());
        assert!(!errors_of(&original).is_empty());
        assert!(verify_output(Format::Phh, ILLEGAL, None).is_err(), "unforced output must read cleanly");
        assert!(verify_output(Format::Phh, ILLEGAL, Some(&original)).is_ok());
        // A writer that lost the actions (or the whole hand) changes the errors: refused.
        let lost_actions = b"variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [200, 200]\nactions = []\n";
        assert!(verify_output(Format::Phh, lost_actions, Some(&original)).is_err());
        assert!(verify_output(Format::Phh, b"", Some(&original)).is_err());
    }
}
