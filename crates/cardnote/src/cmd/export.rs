//! `cardnote export --to parquet -o DIR [--partition-by variant] PATH...`: PHH and PBN records as
//! Parquet tables (schemas: the `cardnote-arrow` crate docs).

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use cardnote_arrow::export::{ExportOptions, Input, InputFormat, export};
use cardnote_check::walk::{FileKind, collect_files};
use clap::ValueEnum;

/// Table formats `export` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum TableFormat {
    /// Apache Parquet, zstd-compressed.
    Parquet,
}

/// Columns a dataset can be partitioned by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PartitionBy {
    /// PHH tables in hive-style folders `variant=<code>`.
    Variant,
}

/// Arguments of `cardnote export`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Table format.
    #[arg(long, value_enum)]
    to: TableFormat,
    /// Output folder (one sub-folder per table; existing tables are not overwritten).
    #[arg(short, long)]
    output: PathBuf,
    /// Partition the PHH tables.
    #[arg(long, value_enum)]
    partition_by: Option<PartitionBy>,
    /// Rule profile for replaying poker hands.
    #[arg(long, value_enum, default_value_t = super::RulesArg::Pokerkit)]
    rules: super::RulesArg,
    /// Worker threads (default: every core).
    #[arg(long)]
    threads: Option<usize>,
    /// PHH (.phh, .phhs) and PBN (.pbn) files or directories.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
}

/// Runs `cardnote export`: exit 0 when every record was exported, 1 when some went to the
/// `errors` table, 2 when a path or the output could not be used.
pub fn run(args: Args, _ui: &super::Ui) -> ExitCode {
    let args = &args;
    let TableFormat::Parquet = args.to;
    let started = Instant::now();
    let (files, mut failed) = collect_files(&args.paths, false);
    let mut inputs = Vec::new();
    for file in files {
        let format = match file.kind {
            FileKind::Phh => InputFormat::Phh,
            FileKind::Pbn => InputFormat::Pbn,
            FileKind::Lin => {
                let shown = file.path.display();
                eprintln!(
                    "cardnote: {shown}: export reads PHH and PBN files (`cardnote convert --to pbn` first)"
                );
                failed = true;
                continue;
            }
            FileKind::Ppn | FileKind::Other => {
                eprintln!("cardnote: {}: export reads PHH and PBN files only", file.path.display());
                failed = true;
                continue;
            }
        };
        inputs.push(Input { label: file.path.display().to_string(), path: file.path, format });
    }
    let mut options = ExportOptions {
        partition_by_variant: args.partition_by == Some(PartitionBy::Variant),
        profile: super::stats::rule_profile(args.rules),
        ..ExportOptions::default()
    };
    if let Some(threads) = args.threads {
        options.threads = threads.max(1);
    }
    match export(&inputs, &args.output, &options) {
        Ok(summary) => {
            eprintln!(
                "cardnote: exported {} files ({} hands, {} boards, {} records with errors) to {} in {:.2?}",
                summary.files,
                summary.hands,
                summary.boards,
                summary.errors,
                args.output.display(),
                started.elapsed()
            );
            if failed {
                ExitCode::from(2)
            } else if summary.errors > 0 {
                ExitCode::from(1)
            } else {
                ExitCode::SUCCESS
            }
        }
        Err(err) => {
            eprintln!("cardnote: export failed: {err}");
            ExitCode::from(2)
        }
    }
}
