//! `cardnote replay`: PHH hands step by step; exit 1 when a hand cannot be replayed.

use std::path::PathBuf;
use std::process::ExitCode;

use cardnote::formats::{CheckOptions, Format};
use cardnote::walk::{self, FileKind};

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
