//! `cardnote check`: read and check files, diagnostics for people (stdout) or JSON Lines (the
//! `--json` contract), a summary on stderr, and exit 1 when any record has an error.

use std::io::BufReader;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use cardnote::formats::Glue;
use cardnote::output::{DiagnosticPrinter, RenderSource, Summary};
use cardnote::progress::Progress;
use cardnote_check::walk::{WalkedFile, collect_files, collect_files_and_logs, collect_site_files};
use cardnote_check::{
    CheckOptions, Format, Input, RecordReport, UNIT_BYTES, Unit, check_units, record_json, record_json_named,
    sitelog, write_record_json,
};
use cards_core::{LineIndex, Span};
use serde_json::Map;
use sitelogs::Site;
use sitelogs::acpc::GameDef;

use super::sitelogs::{record_text, shown_span};
use super::{FormatArg, RulesArg, Ui, open_file};

/// `cardnote check` arguments.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// One JSON object per record per line (JSON Lines) on stdout.
    #[arg(long)]
    json: bool,
    /// Force one format for every named file instead of choosing by extension (and, for the
    /// poker sites' logs, by content).
    #[arg(long, value_enum, default_value_t = FormatArg::Auto)]
    format: FormatArg,
    /// Rule profile for replaying poker hands.
    #[arg(long, value_enum, default_value_t = RulesArg::Pokerkit)]
    rules: RulesArg,
    /// Treat leniencies for real-world files as errors.
    #[arg(long)]
    strict: bool,
    /// Also check PBN double-dummy tags (OptimumResultTable, DoubleDummyTricks, OptimumScore,
    /// ParContract) against the deals.
    #[arg(long)]
    dd: bool,
    /// The `.game` definition ACPC logs were played under (by default `LOG.game` beside the log,
    /// or the dealer's game that the log names).
    #[arg(long)]
    game: Option<PathBuf>,
    /// Worker threads (0: one per core). The output is the same whatever the number.
    #[arg(long, value_name = "N", default_value_t = 0)]
    threads: usize,
    /// Files or directories.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
}

/// Why a file's check stopped.
enum Stop {
    /// The file could not be read (reported; the run goes on).
    Read(std::io::Error),
    /// The output could not be written (the run ends).
    Output(std::io::Error),
}

/// Everything a run writes to.
struct Run<W: Write> {
    json: bool,
    opts: CheckOptions,
    forced: Option<Format>,
    /// `--game`: the game of every ACPC log.
    game: Option<GameDef>,
    threads: usize,
    out: W,
    printer: DiagnosticPrinter,
    progress: Progress,
    summary: Summary,
}

/// Runs `cardnote check`.
pub fn run(args: Args, ui: &Ui) -> ExitCode {
    let started = Instant::now();
    let forced = args.format.forced();
    let game = match super::sitelogs::forced_game(args.game.as_deref()) {
        Ok(game) => game,
        Err(code) => return code,
    };
    // A site's logs by `--format`; with no format, notation files by extension and the sites'
    // logs by their content.
    let (files, mut io_failed) = match (args.format.site(), forced) {
        (Some(site), _) => collect_site_files(&args.paths, site),
        (None, Some(_)) => collect_files(&args.paths, true),
        (None, None) => collect_files_and_logs(&args.paths),
    };
    let total: u64 = files.iter().map(|f| std::fs::metadata(&f.path).map_or(0, |m| m.len())).sum();
    let mut run = Run {
        json: args.json,
        opts: CheckOptions {
            rules: args.rules.into(),
            strict: args.strict,
            dd: args.dd,
            no_fields: !args.json,
        },
        forced,
        game,
        threads: super::threads(args.threads),
        out: BufWriter::with_capacity(1 << 16, std::io::stdout().lock()),
        printer: ui.stdout_printer(),
        progress: Progress::new(!args.json && !ui.quiet, total),
        summary: Summary::default(),
    };
    let mut output_failed = None;
    for file in &files {
        match run.file(file) {
            Ok(()) => {}
            Err(Stop::Read(err)) => {
                run.progress.suspend(|| eprintln!("cardnote: cannot read {}: {err}", file.path.display()));
                io_failed = true;
            }
            Err(Stop::Output(err)) => {
                output_failed = Some(err);
                break;
            }
        }
    }
    run.progress.finish();
    let flushed = run.out.flush();
    match output_failed.or(flushed.err()) {
        // A closed stdout (`| head -1`): the reader has what it wanted; end quietly, with the
        // status of what was read so far.
        Some(err) if err.kind() == std::io::ErrorKind::BrokenPipe => {}
        Some(err) => {
            eprintln!("cardnote: cannot write the output: {err}");
            return ExitCode::from(2);
        }
        None if !args.json && !ui.quiet => run.summary.print(&mut std::io::stderr(), started.elapsed()),
        None => {}
    }
    if io_failed {
        ExitCode::from(2)
    } else if run.summary.invalid > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// One unit checked: its text and the lines before it, its reports and, for `--json`, their
/// lines already written.
struct Checked {
    text: String,
    line: usize,
    reports: Vec<RecordReport>,
    json: Vec<u8>,
}

impl<W: Write> Run<W> {
    fn file(&mut self, file: &WalkedFile) -> Result<(), Stop> {
        let shown = file.path.display().to_string();
        self.progress.set_file(&shown);
        if let Some(site) = file.site {
            self.site_log(&file.path, &shown, site)?;
            return self.show();
        }
        let opened = open_file(&file.path, file.kind, self.forced).map_err(Stop::Read)?;
        let format = opened.format;
        self.summary.file(&shown, format.name());
        self.summary.bytes += opened.size;
        if let Some(diagnostic) = opened.not_text {
            self.progress.advance(opened.size, 1);
            return self.not_text(&shown, format, diagnostic);
        }
        let input = opened.input;
        cardnote_check::with_notation!(format, N => self.units::<N>(&shown, &file.path, input))?;
        self.show()
    }

    /// Checks a file's units as notation `N`, printing each unit's reports as they come in file
    /// order.
    fn units<N: Glue>(&mut self, shown: &str, path: &std::path::Path, input: Input<'_>) -> Result<(), Stop> {
        let units = N::units(input, path, UNIT_BYTES).map(|unit| unit.map_err(Stop::Read));
        let (opts, json) = (&self.opts, self.json);
        let then = |unit: Unit<N>, reports: Vec<RecordReport>| {
            let json = if json { json_lines(shown, N::FORMAT, &unit, &reports) } else { Vec::new() };
            Checked { text: unit.text, line: unit.line, reports, json }
        };
        let mut diagnostics = self.printer.file(shown);
        let (out, summary, progress) = (&mut self.out, &mut self.summary, &self.progress);
        check_units(units, opts, self.threads, then, |checked| {
            progress.advance(checked.text.len() as u64, checked.reports.len() as u64);
            for record in &checked.reports {
                summary.add(record);
            }
            if json {
                return out.write_all(&checked.json).map_err(Stop::Output);
            }
            if checked.reports.iter().any(|r| !r.diagnostics.is_empty()) {
                let render = RenderSource::part(&checked.text, 0, checked.line);
                for record in checked.reports.iter().filter(|r| !r.diagnostics.is_empty()) {
                    diagnostics.print(out, &render, &record.diagnostics).map_err(Stop::Output)?;
                }
                if progress.is_drawn() {
                    progress.suspend(|| out.flush()).map_err(Stop::Output)?;
                }
            }
            Ok(())
        })?;
        diagnostics.finish(out).map_err(Stop::Output)
    }

    /// One record for a file that is not text: its single `NOT_TEXT` error.
    fn not_text(
        &mut self,
        shown: &str,
        format: Format,
        diagnostic: cards_core::Diagnostic,
    ) -> Result<(), Stop> {
        let record = RecordReport { diagnostics: vec![diagnostic], fields: Default::default() };
        self.summary.add(&record);
        if self.json {
            let value = record_json(shown, 0, format, &record, &|_| (1, 1));
            writeln!(self.out, "{value}").map_err(Stop::Output)?;
        } else {
            let mut diagnostics = self.printer.file(shown);
            diagnostics
                .print(&mut self.out, &RenderSource::new(""), &record.diagnostics)
                .map_err(Stop::Output)?;
        }
        self.show()
    }

    /// Checks one site log, hand by hand and streamed: each record's report goes to the summary,
    /// its diagnostics (or its `--json` line) to the output. An ACPC log's game is found by
    /// [`sitelog::game_for`]; without one the file is a single record with that error.
    fn site_log(&mut self, path: &Path, shown: &str, site: Site) -> Result<(), Stop> {
        self.summary.file(shown, site.name());
        let game = match sitelog::game_for(site, path, self.game.as_ref()) {
            Ok(game) => game,
            Err(diagnostic) => {
                let report = RecordReport { diagnostics: vec![diagnostic], fields: Map::new() };
                self.summary.add(&report);
                let mut diagnostics = self.printer.file(shown);
                if self.json {
                    let value = record_json_named(shown, 0, site.name(), &report, &|_| (1, 1));
                    writeln!(self.out, "{value}").map_err(Stop::Output)?;
                } else {
                    let out = &mut self.out;
                    diagnostics
                        .print(out, &RenderSource::new(""), &report.diagnostics)
                        .map_err(Stop::Output)?;
                }
                return diagnostics.finish(&mut self.out).map_err(Stop::Output);
            }
        };
        let input = BufReader::with_capacity(1 << 16, std::fs::File::open(path).map_err(Stop::Read)?);
        let options = sitelogs::Options { strict: self.opts.strict };
        // `game_for` gave ACPC its game: the records are there for every site.
        let Some(records) = site.records(input, game.as_ref(), options) else { return Ok(()) };
        // Line numbers from a second handle, read forward once for the whole log.
        let mut lines =
            sitelog::Lines::of_file(path).ok_or_else(|| Stop::Read(std::io::ErrorKind::NotFound.into()))?;
        let mut diagnostics = self.printer.file(shown);
        for (i, record) in records.enumerate() {
            self.summary.bytes += record.span.len() as u64;
            self.progress.advance(record.span.len() as u64, 1);
            let report = sitelog::report(&record, self.opts.strict, self.opts.no_fields);
            self.summary.add(&report);
            if report.diagnostics.is_empty() && !self.json {
                continue;
            }
            // Read back from the start of the line the record (or a diagnostic) starts on, so
            // columns count from the line's start.
            let wanted = shown_span(&record);
            let base = lines.before(wanted.start);
            let read_back = Span::new(lines.line_start(), wanted.end);
            let text =
                if report.diagnostics.is_empty() { String::new() } else { record_text(path, read_back) };
            if self.json {
                let index = LineIndex::new(&text);
                let line_col = |offset: usize| {
                    let (line, column) = index.line_col(&text, offset.saturating_sub(read_back.start));
                    (line + base, column)
                };
                let value = record_json_named(shown, i, site.name(), &report, &line_col);
                writeln!(self.out, "{value}").map_err(Stop::Output)?;
            } else {
                let render = RenderSource::part(&text, read_back.start, base);
                diagnostics.print(&mut self.out, &render, &report.diagnostics).map_err(Stop::Output)?;
                if self.progress.is_drawn() {
                    let out = &mut self.out;
                    self.progress.suspend(|| out.flush()).map_err(Stop::Output)?;
                }
            }
        }
        diagnostics.finish(&mut self.out).map_err(Stop::Output)
    }

    /// Puts what was printed on the screen, with the progress bar out of the way.
    fn show(&mut self) -> Result<(), Stop> {
        if self.progress.is_drawn() {
            let out = &mut self.out;
            self.progress.suspend(|| out.flush()).map_err(Stop::Output)?;
        }
        Ok(())
    }
}

/// The `--json` lines of a unit's records (the contract of `output::record_json`): line numbers
/// are the file's (the unit's own plus the lines before it).
fn json_lines<N: Glue>(shown: &str, format: Format, unit: &Unit<N>, reports: &[RecordReport]) -> Vec<u8> {
    let index =
        reports.iter().any(|r| !r.diagnostics.is_empty()).then(|| cards_core::LineIndex::new(&unit.text));
    let line_col = |offset: usize| {
        let (line, column) = index.as_ref().map_or((1, 1), |index| index.line_col(&unit.text, offset));
        (line + unit.line, column)
    };
    let mut out = Vec::with_capacity(reports.len() * 256);
    for (i, record) in reports.iter().enumerate() {
        // Writing to a Vec cannot fail.
        let _ = write_record_json(&mut out, shown, unit.index + i, format.name(), record, &line_col);
        out.push(b'\n');
    }
    out
}
