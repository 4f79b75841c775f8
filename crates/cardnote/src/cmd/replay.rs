//! `cardnote replay`: PHH hands step by step; exit 1 when a hand cannot be replayed.

use std::path::PathBuf;
use std::process::ExitCode;

use cardnote_check::walk::{self, FileKind};
use cardnote_check::{CheckOptions, Format};

use super::{FormatArg, RulesArg, Ui, format_of, read_input, report_refusal, write_stdout};

mod render;

/// `cardnote replay` arguments.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Only this hand (0-based index in the file).
    #[arg(long)]
    hand: Option<usize>,
    /// Rule profile.
    #[arg(long, value_enum, default_value_t = RulesArg::Pokerkit)]
    rules: RulesArg,
    /// Read the file as PHH whatever its extension (`--format phh`).
    #[arg(long, value_enum, default_value_t = FormatArg::Auto)]
    format: FormatArg,
    /// Write the hands as one self-contained HTML page that steps through them (SVG tables, no
    /// request to any address) instead of the text table; with `-o FILE`, to that file.
    #[arg(long)]
    html: bool,
    /// With `--html`: the page's file (else standard output).
    #[arg(short, long, requires = "html")]
    output: Option<PathBuf>,
    /// A `.phh` or `.phhs` file.
    file: PathBuf,
}

/// Runs `cardnote replay`.
pub fn run(args: Args, ui: &Ui) -> ExitCode {
    let printer = ui.stderr_printer();
    let data = match read_input(&args.file, &printer) {
        Ok(data) => data,
        Err(err) => return err.exit_code(),
    };
    let kind = walk::kind_of(&args.file);
    let format = match (args.format.forced(), kind) {
        (Some(format), _) => format,
        (None, FileKind::Other) => Format::Phh,
        (None, kind) => format_of(kind, &data, None),
    };
    if format != Format::Phh {
        eprintln!(
            "cardnote: replay is for PHH files (.phh, .phhs); {} is {} (`cardnote check` checks its play)",
            args.file.display(),
            format.name()
        );
        return ExitCode::from(2);
    }
    let opts = CheckOptions { rules: args.rules.into(), ..CheckOptions::default() };
    if args.html {
        return html(&args, &data, &opts, ui);
    }
    match render::replay(&data, args.hand, &opts) {
        Ok(replayed) => {
            let status = write_stdout(replayed.text.as_bytes());
            if status != ExitCode::SUCCESS {
                status
            } else if replayed.failed {
                // Each failure is shown where it happened in the table above.
                ExitCode::from(1)
            } else {
                ExitCode::SUCCESS
            }
        }
        Err(refusal) => {
            report_refusal(&args.file, &refusal, &printer);
            ExitCode::from(1)
        }
    }
}

/// `--html`: the hands as one page, written to `-o FILE` (replaced only while it is still what
/// it was) or to standard output; exit 1 when a hand shown could not be replayed to its end.
fn html(args: &Args, data: &[u8], opts: &CheckOptions, ui: &Ui) -> ExitCode {
    let printer = ui.stderr_printer();
    let original = match &args.output {
        Some(path) => {
            super::warn_stale_temporaries(ui, [path.as_path()]);
            match cardnote::files::Original::now(path) {
                Ok(original) => Some(original),
                Err(err) => {
                    eprintln!("cardnote: {err}");
                    return ExitCode::from(2);
                }
            }
        }
        None => None,
    };
    let (hands, failed) = match render::frames(data, args.hand, opts) {
        Ok(found) => found,
        Err(refusal) => {
            report_refusal(&args.file, &refusal, &printer);
            return ExitCode::from(1);
        }
    };
    let title =
        args.file.file_name().map_or_else(|| "hands".to_owned(), |n| n.to_string_lossy().into_owned());
    let page = poker_diagram::html_page(&title, &hands);
    let status = match (&args.output, original) {
        (Some(path), Some(original)) => {
            match cardnote::files::write_atomically(path, page.as_bytes(), Some(original), |_| Ok(())) {
                Ok(()) => ExitCode::SUCCESS,
                Err(err) => {
                    eprintln!("cardnote: {err}");
                    return ExitCode::from(2);
                }
            }
        }
        _ => write_stdout(page.as_bytes()),
    };
    if status == ExitCode::SUCCESS && failed { ExitCode::from(1) } else { status }
}
