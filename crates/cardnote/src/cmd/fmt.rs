//! `cardnote fmt`: rewrite files canonically (or format-preserving), never losing one: files
//! with errors only with `--force`, every new text re-read and checked before it replaces the old.

use std::path::PathBuf;
use std::process::ExitCode;

use cardnote::files::write_atomically;
use cardnote::formats::{CheckOptions, FileCheck, FmtOptions, Format, Refusal};
use cardnote::output::codes_with_counts;
use cardnote::walk::collect_files;

use super::{
    FormatArg, InputError, Ui, check_bytes, fmt_bytes, format_of, holds_no_hands, read_input, report_refusal,
};

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
    /// Files or directories.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
}

/// Runs `cardnote fmt`.
pub fn run(args: Args, ui: &Ui) -> ExitCode {
    let forced = args.format.forced();
    let opts = FmtOptions { preserve: args.preserve, force: args.force };
    let printer = ui.stderr_printer();
    let (files, mut failed) = collect_files(&args.paths, forced.is_some());
    let mut would_change = 0usize;
    let mut refused = false;
    let mut lines = Vec::new();
    for file in &files {
        let data = match read_input(&file.path, &printer) {
            Ok(data) => data,
            Err(InputError::Unreadable) => {
                failed = true;
                continue;
            }
            Err(InputError::NotText) => {
                refused = true;
                continue;
            }
        };
        let format = format_of(file.kind, &data, forced);
        if format == Format::Phh && holds_no_hands(&file.path, &data) {
            continue;
        }
        // A file that does not read cleanly (replay and other checks included) is rewritten only
        // when the user asks for it with --force.
        let original = check_bytes(format, &data, &CheckOptions::default());
        let original_errors = error_codes(&original);
        if !opts.force && original_errors.iter().any(|r| !r.is_empty()) {
            eprintln!(
                "cardnote: not rewriting {}: it does not read cleanly ({}; --force rewrites it anyway)",
                file.path.display(),
                codes_with_counts(original_errors.iter().flatten().copied())
            );
            let diagnostics =
                original.records.iter().flat_map(|r| r.diagnostics.iter().filter(|d| d.is_error()).cloned());
            report_refusal(
                &file.path,
                &Refusal { diagnostics: diagnostics.collect(), source: original.source.clone() },
                &printer,
            );
            refused = true;
            continue;
        }
        let forced_from = opts.force.then_some(&original);
        match fmt_bytes(format, &data, &opts) {
            Ok(new) if new == data => {}
            Ok(new) => {
                would_change += 1;
                if args.check {
                    lines.push(format!("would reformat {}", file.path.display()));
                } else if let Err(err) =
                    write_atomically(&file.path, &new, |b| verify_output(format, b, forced_from))
                {
                    eprintln!("cardnote: {}: {err}", file.path.display());
                    failed = true;
                } else if !ui.quiet {
                    lines.push(format!("reformatted {}", file.path.display()));
                }
            }
            Err(refusal) => {
                eprintln!("cardnote: not rewriting {}: it cannot be written back", file.path.display());
                report_refusal(&file.path, &refusal, &printer);
                refused = true;
            }
        }
        if !lines.is_empty() {
            let mut text = lines.join("\n");
            text.push('\n');
            lines.clear();
            // A closed stdout ends the listing, not the rewriting.
            let _ = super::write_stdout(text.as_bytes());
        }
    }
    if failed {
        ExitCode::from(2)
    } else if refused || (args.check && would_change > 0) {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// The errors of a checked file, as `CODE: message`, in file order.
fn errors_of(check: &FileCheck) -> Vec<String> {
    check
        .records
        .iter()
        .flat_map(|r| r.diagnostics.iter())
        .filter(|d| d.is_error() && d.code() != "FORMAT_NOT_IMPLEMENTED")
        .map(|d| format!("{}: {}", d.code(), d.message()))
        .collect()
}

/// What an error is, apart from where: its code, per record.
fn error_codes(check: &FileCheck) -> Vec<Vec<&str>> {
    check
        .records
        .iter()
        .map(|r| {
            let mut codes: Vec<&str> = r
                .diagnostics
                .iter()
                .filter(|d| d.is_error() && d.code() != "FORMAT_NOT_IMPLEMENTED")
                .map(|d| d.code())
                .collect();
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
            let list = |c: &FileCheck| codes_with_counts(error_codes(c).into_iter().flatten());
            Err(format!(
                "the rewritten text does not report the same errors as the original (before: {}; after: {}); original kept",
                list(original),
                list(&check)
            ))
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
        let refused = verify_output(Format::Phh, lost_actions, Some(&original)).unwrap_err();
        // Codes with their counts, not every code on one line.
        assert!(refused.contains("(before: REPLAY_HAND_OVER ×1; after: none)"), "{refused}");
        assert!(verify_output(Format::Phh, b"", Some(&original)).is_err());
    }
}
