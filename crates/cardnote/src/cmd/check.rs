//! `cardnote check`: read and check files, diagnostics for people (stdout) or JSON Lines (the
//! `--json` contract), a summary on stderr, and exit 1 when any record has an error.

use std::io::{BufRead, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use cardnote::formats::{self, CheckOptions, Format, RecordReport};
use cardnote::output::{DiagnosticPrinter, RenderSource, Summary, record_json};
use cardnote::progress::Progress;
use cardnote::walk::{self, FileKind, WalkedFile, collect_files};

use super::{FormatArg, RulesArg, Ui, check_bytes, format_of, holds_no_hands};

/// `cardnote check` arguments.
#[derive(clap::Args, Debug)]
pub struct Args {
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
    /// Also check PBN double-dummy tags (OptimumResultTable, DoubleDummyTricks, OptimumScore,
    /// ParContract) against the deals.
    #[arg(long)]
    dd: bool,
    /// The `.game` definition ACPC logs were played under (`--format acpc`).
    #[arg(long)]
    game: Option<PathBuf>,
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
    out: W,
    printer: DiagnosticPrinter,
    progress: Progress,
    summary: Summary,
}

/// Runs `cardnote check`.
pub fn run(args: Args, ui: &Ui) -> ExitCode {
    if let Some(site) = args.format.site() {
        let opts = CheckOptions { rules: args.rules.into(), strict: args.strict, ..CheckOptions::default() };
        let printer = ui.stdout_printer();
        let game = args.game.as_deref();
        return cardnote::formats::sitelogs::run_check(&args.paths, site, game, &opts, args.json, &printer);
    }
    let started = Instant::now();
    let forced = args.format.forced();
    let (files, mut io_failed) = collect_files(&args.paths, forced.is_some());
    let total: u64 = files.iter().map(|f| std::fs::metadata(&f.path).map_or(0, |m| m.len())).sum();
    let mut run = Run {
        json: args.json,
        opts: CheckOptions { rules: args.rules.into(), strict: args.strict, dd: args.dd },
        forced,
        out: BufWriter::new(std::io::stdout().lock()),
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

impl<W: Write> Run<W> {
    fn file(&mut self, file: &WalkedFile) -> Result<(), Stop> {
        let shown = file.path.display().to_string();
        self.progress.set_file(&shown);
        let is_phh = self.forced.map_or(file.kind == FileKind::Phh, |f| f == Format::Phh);
        let size = std::fs::metadata(&file.path).map_err(Stop::Read)?.len();
        // Big PHH files are streamed hand by hand: memory stays bounded whatever the file size.
        if is_phh && size >= stream_threshold() {
            return self.stream_phh(&file.path, &shown);
        }
        let data = std::fs::read(&file.path).map_err(Stop::Read)?;
        self.summary.files += 1;
        self.summary.bytes += data.len() as u64;
        let format = format_of(file.kind, &data, self.forced);
        if let Some(diagnostic) = walk::not_text(&data) {
            self.progress.advance(size, 1);
            return self.not_text(&shown, format, diagnostic);
        }
        if format == Format::Phh && holds_no_hands(&file.path, &data) {
            self.progress.advance(size, 0);
            return Ok(());
        }
        let checked = check_bytes(format, &data, &self.opts);
        self.progress.advance(size, checked.records.len() as u64);
        // Line numbers are only needed for diagnostics in JSON output; human output renders
        // through `RenderSource`, which has its own index.
        let has_diagnostics = checked.records.iter().any(|r| !r.diagnostics.is_empty());
        let index = (self.json && has_diagnostics).then(|| cards_core::LineIndex::new(&checked.source));
        let line_col =
            |offset: usize| index.as_ref().map_or((1, 1), |index| index.line_col(&checked.source, offset));
        let mut render: Option<RenderSource> = None;
        let mut diagnostics = self.printer.file(&shown);
        for (i, record) in checked.records.iter().enumerate() {
            self.summary.add(record);
            if self.json {
                let value = record_json(&shown, i, format, record, &line_col);
                writeln!(self.out, "{value}").map_err(Stop::Output)?;
            } else if !record.diagnostics.is_empty() {
                let render = render.get_or_insert_with(|| RenderSource::new(&checked.source));
                diagnostics.print(&mut self.out, render, &record.diagnostics).map_err(Stop::Output)?;
            }
        }
        diagnostics.finish(&mut self.out).map_err(Stop::Output)?;
        self.show()
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

    /// Puts what was printed on the screen, with the progress bar out of the way.
    fn show(&mut self) -> Result<(), Stop> {
        if self.progress.is_drawn() {
            let out = &mut self.out;
            self.progress.suspend(|| out.flush()).map_err(Stop::Output)?;
        }
        Ok(())
    }

    fn stream_phh(&mut self, path: &Path, shown: &str) -> Result<(), Stop> {
        self.summary.files += 1;
        let mut head = Vec::new();
        std::fs::File::open(path)
            .and_then(|f| f.take(8 * 1024).read_to_end(&mut head))
            .map_err(Stop::Read)?;
        if let Some(diagnostic) = walk::not_text(&head) {
            return self.not_text(shown, Format::Phh, diagnostic);
        }
        let open = || std::fs::File::open(path).map_err(Stop::Read);
        let mut counter =
            LineCounter { reader: std::io::BufReader::new(open()?), pos: 0, lines: 0, after_cr: false };
        let reader = phh::stream::HandReader::new(std::io::BufReader::with_capacity(1 << 16, open()?));
        let mut done = 0u64;
        let mut diagnostics = self.printer.file(shown);
        for (i, item) in reader.enumerate() {
            let hand = item.map_err(Stop::Read)?;
            if i == 0 && hand.parsed.name.is_none() && holds_no_hands(path, hand.text.as_bytes()) {
                continue;
            }
            self.summary.bytes += hand.text.len() as u64;
            let end = (hand.offset + hand.text.len()) as u64;
            self.progress.advance(end.saturating_sub(done), 1);
            done = done.max(end);
            let record = formats::phh::check_hand(&hand.parsed, &self.opts);
            self.summary.add(&record);
            let base_line = counter.lines_before(hand.offset).map_err(Stop::Read)?;
            if self.json {
                let index = (!record.diagnostics.is_empty()).then(|| cards_core::LineIndex::new(&hand.text));
                let line_col = |offset: usize| {
                    let local = offset.saturating_sub(hand.offset);
                    let (line, column) =
                        index.as_ref().map_or((1, 1), |index| index.line_col(&hand.text, local));
                    (line + base_line, column)
                };
                let value = record_json(shown, i, Format::Phh, &record, &line_col);
                writeln!(self.out, "{value}").map_err(Stop::Output)?;
            } else if !record.diagnostics.is_empty() {
                let render = RenderSource::part(&hand.text, hand.offset, base_line);
                diagnostics.print(&mut self.out, &render, &record.diagnostics).map_err(Stop::Output)?;
                if self.progress.is_drawn() {
                    let out = &mut self.out;
                    self.progress.suspend(|| out.flush()).map_err(Stop::Output)?;
                }
            }
        }
        diagnostics.finish(&mut self.out).map_err(Stop::Output)?;
        self.show()
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

impl<R: BufRead> LineCounter<R> {
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
