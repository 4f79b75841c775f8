//! `cardnote`: check, format, convert and replay card-game notation files.
//!
//! ```text
//! cardnote [--color auto|always|never] [--quiet] [--max-diagnostics N] COMMAND ...
//! cardnote check [--json] [--format auto|phh|pbn|ppn-pref|ppn-pinochle] [--rules pokerkit|wsop] PATH...
//! cardnote fmt [--check] [--preserve] [--force] PATH...
//! cardnote convert --to json|phh|pbn|ppn FILE [-o OUT]
//! cardnote replay FILE [--hand N] [--rules pokerkit|wsop]
//! cardnote dd --fill|--check FILE...
//! cardnote diagram FILE [--board N] -o OUT.svg|OUT.html
//! cardnote export --to parquet -o DIR [--partition-by variant] PATH...
//! cardnote stats [--by player|position] [--json|--csv] PATH...
//! ```
//!
//! The `check --json` output is a contract: one JSON object per record per line, with `file`,
//! `index`, `format`, `ok`, `errors`, `warnings` and the per-format fields. See README.md.
//!
//! Each command is one module of `cmd` with its `Args` and its `run`: adding a command is that
//! module, one variant of [`Command`] and one line of the dispatch in `main`.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod cmd;

/// mimalloc, not the system allocator: the reader thread allocates each record's text and the
/// workers free it, and glibc's allocator serialises such frees on a lock (measured: see
/// BENCHMARKS.md, "allocator").
#[cfg(feature = "mimalloc")]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser, Debug)]
#[command(name = "cardnote", version, about = "Check, format, convert and replay card-game notation files")]
struct Cli {
    #[command(flatten)]
    ui: cmd::UiArgs,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Read and check files; directories are walked recursively in sorted order.
    Check(cmd::check::Args),
    /// Rewrite files canonically (or format-preserving with --preserve).
    Fmt(cmd::fmt::Args),
    /// Convert a file between its notation and the notation's JSON form.
    Convert(cmd::convert::Args),
    /// Replay PHH hands step by step.
    Replay(cmd::replay::Args),
    /// Fill or check the double-dummy tables and par of PBN files.
    Dd(cmd::dd::Args),
    /// Draw PBN deals as hand diagrams: one board as SVG, or a whole file as an HTML hand record.
    Diagram(cmd::diagram::Args),
    /// Export PHH and PBN records as Parquet tables (schemas: the cardnote-arrow crate docs).
    #[cfg(feature = "export")]
    Export(cmd::export::Args),
    /// Poker statistics per player or position (VPIP, PFR, 3-bet, c-bet, WTSD, W$SD, net, bb/100).
    Stats(cmd::stats::Args),
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => {
            let _ = err.print();
            return if err.use_stderr() { ExitCode::from(2) } else { ExitCode::SUCCESS };
        }
    };
    let ui = cli.ui.resolve();
    cmd::stop_on_signals();
    match cli.command {
        Command::Check(args) => cmd::check::run(args, &ui),
        Command::Fmt(args) => cmd::fmt::run(args, &ui),
        Command::Convert(args) => cmd::convert::run(args, &ui),
        Command::Replay(args) => cmd::replay::run(args, &ui),
        Command::Dd(args) => cmd::dd::run(args, &ui),
        Command::Diagram(args) => cmd::diagram::run(args, &ui),
        #[cfg(feature = "export")]
        Command::Export(args) => cmd::export::run(args, &ui),
        Command::Stats(args) => cmd::stats::run(args, &ui),
    }
}
