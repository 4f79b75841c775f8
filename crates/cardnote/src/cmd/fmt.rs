//! `cardnote fmt`: rewrite files canonically (or format-preserving), never losing one: files
//! with errors only with `--force`, every new text re-read and checked before it replaces the old.
//!
//! Every file streams through its notation's units ([`cardnote::formats::Glue`]) three times,
//! each on `--threads` workers with memory bounded by a few units: a check (is it clean?), the
//! rewrite (into a temporary file beside it, compared with the original as it goes), and the
//! check of the temporary file before it is renamed over the original, if the original is still
//! what the first pass read (same file, size, time and bytes): a file another program changed
//! meanwhile is left as it is (exit 2), the change kept.

use std::io::{BufRead, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use cardnote::files::{Original, Replacement};
use cardnote::formats::{self, FmtOptions, Glue, Refusal};
use cardnote::output::{DiagnosticPrinter, RenderSource, codes_with_counts};
use cardnote_check::walk::{WalkedFile, collect_files};
use cardnote_check::{CheckOptions, Format, Input, RecordReport, UNIT_BYTES, Unit};

use super::{FormatArg, Ui, open_file, open_original, report_refusal};

/// `cardnote fmt` arguments.
#[derive(clap::Args, Debug)]
pub struct Args {
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
    /// Worker threads (0: one per core).
    #[arg(long, value_name = "N", default_value_t = 0)]
    threads: usize,
    /// Files or directories.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
}

/// What became of one file.
enum Outcome {
    /// Nothing to change.
    Same,
    /// It would change (`--check`) or was rewritten.
    Changed,
    /// Not rewritten: it has errors, or cannot be written back (reported).
    Refused,
    /// It could not be read or written (reported).
    Failed,
}

/// Runs `cardnote fmt`.
pub fn run(args: Args, ui: &Ui) -> ExitCode {
    let forced = args.format.forced();
    let opts = FmtOptions { preserve: args.preserve, force: args.force };
    let printer = ui.stderr_printer();
    let (files, mut failed) = collect_files(&args.paths, forced.is_some());
    super::warn_stale_temporaries(ui, files.iter().map(|f| f.path.as_path()));
    let job = Job { opts, check: args.check, threads: super::threads(args.threads), forced, printer };
    let mut would_change = 0usize;
    let mut refused = false;
    for file in &files {
        let line = match job.file(file) {
            Outcome::Same => continue,
            Outcome::Refused => {
                refused = true;
                continue;
            }
            Outcome::Failed => {
                failed = true;
                continue;
            }
            Outcome::Changed if args.check => {
                would_change += 1;
                format!("would reformat {}\n", file.path.display())
            }
            Outcome::Changed if ui.quiet => continue,
            Outcome::Changed => format!("reformatted {}\n", file.path.display()),
        };
        // A closed stdout ends the listing, not the rewriting.
        let _ = super::write_stdout(line.as_bytes());
    }
    if failed {
        ExitCode::from(2)
    } else if refused || (args.check && would_change > 0) {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// The errors of a checked file: per record with errors, its index and its sorted codes; and the
/// first errors as `CODE: message`, in file order.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Errors {
    codes: Vec<(usize, Vec<&'static str>)>,
    messages: Vec<String>,
}

impl Errors {
    /// How many messages are kept (the codes are all kept).
    const MESSAGES: usize = 20;

    fn is_empty(&self) -> bool {
        self.codes.is_empty()
    }

    fn all_codes(&self) -> impl Iterator<Item = &str> {
        self.codes.iter().flat_map(|(_, codes)| codes.iter().copied())
    }

    fn add(&mut self, index: usize, diagnostics: &[cards_core::Diagnostic]) {
        let errors = || diagnostics.iter().filter(|d| d.is_error());
        let mut codes: Vec<&'static str> = errors().map(cards_core::Diagnostic::code).collect();
        if codes.is_empty() {
            return;
        }
        codes.sort_unstable();
        self.codes.push((index, codes));
        for d in errors() {
            if self.messages.len() < Self::MESSAGES {
                self.messages.push(format!("{}: {}", d.code(), d.message()));
            }
        }
    }
}

/// What stopped a streamed pass over a file.
enum Stop {
    /// Reading (or writing the temporary file) failed.
    Io(std::io::Error),
    /// A unit cannot be written back.
    Refused(Refusal, usize),
    /// `--check` saw the first difference: nothing more to learn.
    Differs,
}

/// The settings of a run.
struct Job {
    opts: FmtOptions,
    check: bool,
    threads: usize,
    forced: Option<Format>,
    printer: DiagnosticPrinter,
}

impl Job {
    fn file(&self, file: &WalkedFile) -> Outcome {
        let path = &file.path;
        // What the file is as read: it is replaced only while it is still that.
        let (opened, original_file) = match open_original(path, file.kind, self.forced) {
            Ok(opened) => opened,
            Err(err) => {
                eprintln!("cardnote: cannot read {}: {err}", path.display());
                return Outcome::Failed;
            }
        };
        if let Some(diagnostic) = opened.not_text {
            let refusal = Refusal { source: String::new(), diagnostics: vec![diagnostic] };
            report_refusal(path, &refusal, &self.printer);
            return Outcome::Refused;
        }
        cardnote_check::with_notation!(opened.format, N => self.file_as::<N>(path, opened.input, original_file))
    }

    /// [`Job::file`] of a file read as notation `N`.
    fn file_as<N: Glue>(&self, path: &Path, input: Input<'_>, original_file: Original) -> Outcome {
        // A file that does not read cleanly (replay and other checks included) is rewritten only
        // when the user asks for it with --force.
        let original = match self.refuse_errors::<N>(path, input) {
            Ok(original) => original,
            Err(outcome) => return outcome,
        };
        match self.rewrite::<N>(path, &original, original_file) {
            Ok(outcome) => outcome,
            Err(Stop::Io(err)) => {
                eprintln!("cardnote: {}: {err}", path.display());
                Outcome::Failed
            }
            Err(Stop::Refused(refusal, line)) => {
                eprintln!("cardnote: not rewriting {}: it cannot be written back", path.display());
                super::report_refusal_at(path, &refusal, line, &self.printer);
                Outcome::Refused
            }
            Err(Stop::Differs) => Outcome::Changed,
        }
    }

    /// Checks the file; refuses it (reported) when it has errors and `--force` was not given.
    fn refuse_errors<N: Glue>(&self, path: &Path, input: Input<'_>) -> Result<Errors, Outcome> {
        let mut errors = Errors::default();
        let mut shown = Vec::new();
        let keep_sources = !self.opts.force;
        let result = check_units::<N>(path, input, self.threads, |unit, reports| {
            let before = errors.codes.len();
            for (i, report) in reports.iter().enumerate() {
                errors.add(unit.index + i, &report.diagnostics);
            }
            if keep_sources && errors.codes.len() > before {
                let diagnostics: Vec<_> = reports
                    .iter()
                    .flat_map(|r| r.diagnostics.iter().filter(|d| d.is_error()).cloned())
                    .collect();
                // Only as many as the printer shows keep their text; the rest are counted.
                let source = if shown.len() < 64 {
                    RenderSource::part(&unit.text, 0, unit.line)
                } else {
                    RenderSource::new("")
                };
                shown.push((source, diagnostics));
            }
        });
        if let Err(err) = result {
            eprintln!("cardnote: cannot read {}: {err}", path.display());
            return Err(Outcome::Failed);
        }
        if self.opts.force || errors.is_empty() {
            return Ok(errors);
        }
        eprintln!(
            "cardnote: not rewriting {}: it does not read cleanly ({}; --force rewrites it anyway)",
            path.display(),
            codes_with_counts(errors.all_codes())
        );
        let name = path.display().to_string();
        let mut err = std::io::stderr().lock();
        let mut printer = self.printer.file(&name);
        // stderr: a failed write has nowhere to be reported.
        for (source, diagnostics) in &shown {
            let _ = printer.print(&mut err, source, diagnostics);
        }
        let _ = printer.finish(&mut err);
        Err(Outcome::Refused)
    }

    /// Writes the units' new text into a temporary file (or only compares it, `--check`), then
    /// checks and renames it when it differs from the original.
    fn rewrite<N: Glue>(&self, path: &Path, original: &Errors, file: Original) -> Result<Outcome, Stop> {
        let opened = open_file(path, walk_kind(path), Some(N::FORMAT)).map_err(Stop::Io)?;
        let mut old =
            std::io::BufReader::with_capacity(1 << 16, std::fs::File::open(path).map_err(Stop::Io)?);
        let mut replacement = if self.check {
            None
        } else {
            Some(Replacement::new(path, Some(file)).map_err(|e| Stop::Io(std::io::Error::other(e)))?)
        };
        let mut same = true;
        {
            let mut out = replacement.as_mut().map(|r| BufWriter::with_capacity(1 << 16, r.file()));
            let units = N::units(opened.input, path, UNIT_BYTES).map(|u| u.map_err(Stop::Io));
            formats::fmt_units(units, &self.opts, self.threads, |bytes| {
                same = same && starts_with(&mut old, bytes).map_err(Stop::Io)?;
                match &mut out {
                    Some(out) => out.write_all(bytes).map_err(Stop::Io),
                    None if same => Ok(()),
                    None => Err(Stop::Differs),
                }
            })
            .map_err(|stop| match stop {
                formats::Stop::Refused(refusal, line) => Stop::Refused(refusal, line),
                formats::Stop::Io(stop) => stop,
            })?;
            same = same && old.fill_buf().map_err(Stop::Io)?.is_empty();
            if let Some(out) = out {
                out.into_inner().map_err(|e| Stop::Io(e.into_error()))?;
            }
        }
        if same {
            return Ok(Outcome::Same);
        }
        let Some(replacement) = replacement else { return Ok(Outcome::Changed) };
        let force = self.opts.force;
        let verify = |temp: &Path| {
            let input =
                std::fs::File::open(temp).map_err(|e| format!("cannot re-read the temporary file: {e}"))?;
            let input = Box::new(std::io::BufReader::with_capacity(1 << 16, input));
            let after = errors_of::<N>(path, input, self.threads)
                .map_err(|e| format!("cannot re-read the temporary file: {e}"))?;
            verify_output(&after, force.then_some(original))
        };
        match replacement.commit(verify) {
            Ok(()) => Ok(Outcome::Changed),
            Err(err) => {
                eprintln!("cardnote: {}: {err}", path.display());
                Ok(Outcome::Failed)
            }
        }
    }
}

/// The kind a path is walked as (its extension), for re-opening it with its format known.
fn walk_kind(path: &Path) -> cardnote_check::walk::FileKind {
    cardnote_check::walk::kind_of(path)
}

/// Whether `reader` continues with `bytes` (consuming them).
fn starts_with(reader: &mut impl BufRead, mut bytes: &[u8]) -> std::io::Result<bool> {
    while !bytes.is_empty() {
        let buf = reader.fill_buf()?;
        if buf.is_empty() {
            return Ok(false);
        }
        let n = buf.len().min(bytes.len());
        if buf[..n] != bytes[..n] {
            return Ok(false);
        }
        reader.consume(n);
        bytes = &bytes[n..];
    }
    Ok(true)
}

/// Checks every unit of `input` (default options) on `threads` workers, handing each unit and its
/// reports to `sink` in file order.
fn check_units<N: Glue>(
    path: &Path,
    input: Input<'_>,
    threads: usize,
    mut sink: impl FnMut(&Unit<N>, &[RecordReport]),
) -> std::io::Result<()> {
    let units = N::units(input, path, UNIT_BYTES);
    cardnote_check::check_units(
        units,
        &CheckOptions::default(),
        threads,
        |unit, reports| (unit, reports),
        |(unit, reports)| {
            sink(&unit, &reports);
            Ok(())
        },
    )
}

/// The errors of a text read as `notation`.
fn errors_of<N: Glue>(path: &Path, input: Input<'_>, threads: usize) -> std::io::Result<Errors> {
    let mut errors = Errors::default();
    check_units::<N>(path, input, threads, |unit, reports| {
        for (i, report) in reports.iter().enumerate() {
            errors.add(unit.index + i, &report.diagnostics);
        }
    })?;
    Ok(errors)
}

/// The rewritten text must read cleanly; with `--force` (`original` given) it must instead report,
/// record by record, the same error codes as the original: a writer that dropped or broke
/// something would change them.
fn verify_output(after: &Errors, original: Option<&Errors>) -> Result<(), String> {
    match original {
        None if after.is_empty() => Ok(()),
        None => Err(format!(
            "the rewritten text does not read cleanly ({}); original kept",
            after.messages.join("; ")
        )),
        Some(original) if original.codes == after.codes => Ok(()),
        Some(original) => Err(format!(
            "the rewritten text does not report the same errors as the original (before: {}; after: {}); original kept",
            codes_with_counts(original.all_codes()),
            codes_with_counts(after.all_codes())
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reads, but its replay fails (an action after the end of the hand).
    const ILLEGAL: &[u8] = b"variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [200, 200]\nactions = ['d dh p1 AhKh', 'd dh p2 7c2d', 'p1 cbr 6', 'p2 f']\n";

    fn errors(bytes: &'static [u8]) -> Errors {
        errors_of::<phh::Phh>(Path::new("x.phh"), Box::new(bytes), 2).unwrap_or_default()
    }

    #[test]
    fn forced_output_must_report_the_same_errors() {
        let original = errors(ILLEGAL);
        assert!(!original.is_empty());
        assert!(verify_output(&original, None).is_err(), "unforced output must read cleanly");
        assert!(verify_output(&errors(ILLEGAL), Some(&original)).is_ok());
        // A writer that lost the actions (or the whole hand) changes the errors: refused.
        let lost_actions = b"variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [200, 200]\nactions = []\n";
        let refused = verify_output(&errors(lost_actions), Some(&original)).unwrap_err();
        // Codes with their counts, not every code on one line.
        assert!(refused.contains("(before: REPLAY_HAND_OVER ×1; after: none)"), "{refused}");
        assert!(verify_output(&errors(b""), Some(&original)).is_err());
    }
}
