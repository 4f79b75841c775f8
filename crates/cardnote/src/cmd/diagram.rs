//! `cardnote diagram`: a PBN board as an SVG diagram, or a whole file as an HTML hand record.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use bridge_diagram::Board;

/// Arguments of `cardnote diagram`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Only this board (the Board tag's value); required for SVG output.
    #[arg(long)]
    board: Option<String>,
    /// Solve deals whose double-dummy table the file does not give (about 0.15 s a deal).
    #[arg(long)]
    solve: bool,
    /// Boards per printed page in HTML output.
    #[arg(long, default_value_t = 6)]
    per_page: usize,
    /// Output: `.svg` (one board) or `.html` (a hand record sheet).
    #[arg(short, long)]
    output: PathBuf,
    /// A PBN file.
    file: PathBuf,
}

/// Runs `cardnote diagram`.
pub fn run(args: Args, ui: &super::Ui) -> ExitCode {
    let args = &args;
    super::warn_stale_temporaries(ui, [args.output.as_path()]);
    // The output as it is before the deals are read and drawn: replaced only while it is still that.
    let output = match cardnote::files::Original::now(&args.output) {
        Ok(output) => output,
        Err(err) => {
            eprintln!("cardnote: {err}");
            return ExitCode::from(2);
        }
    };
    match render(args) {
        Ok(bytes) => {
            match cardnote::files::write_atomically(&args.output, bytes.as_bytes(), Some(output), |_| Ok(()))
            {
                Ok(()) => ExitCode::SUCCESS,
                Err(err) => {
                    eprintln!("cardnote: {err}");
                    ExitCode::from(2)
                }
            }
        }
        Err(err) => {
            eprintln!("cardnote: {err}");
            ExitCode::from(2)
        }
    }
}

fn render(args: &Args) -> Result<String, String> {
    let html = match args.output.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase).as_deref()
    {
        Some("svg") => false,
        Some("html" | "htm") => true,
        _ => return Err(format!("{}: the output must end in .svg or .html", args.output.display())),
    };
    let data = std::fs::read(&args.file).map_err(|e| format!("cannot read {}: {e}", args.file.display()))?;
    let text = pbn::decode(&data).text;
    let records: Vec<pbn::Record> = cardnote_check::formats::pbn::read(&text, false)
        .into_iter()
        .filter(|r| r.model.is_game && r.model.info.deal.is_some())
        .collect();
    let chosen: Vec<pbn::Record> = match &args.board {
        Some(n) => records
            .into_iter()
            .filter(|r| r.model.info.board.as_deref().map(str::trim) == Some(n.trim()))
            .take(1)
            .collect(),
        None => records,
    };
    if chosen.is_empty() {
        return Err(match &args.board {
            Some(n) => format!("{}: no board {n} with a deal", args.file.display()),
            None => format!("{}: no game with a deal", args.file.display()),
        });
    }
    let tables: Vec<Option<bridge_dd::DdTable>> = if args.solve {
        cardnote::formats::dd::solve_records(&chosen, true, bridge_dd::DEFAULT_MEMORY_MIB)
    } else {
        vec![None; chosen.len()]
    };
    let boards: Vec<Board> = chosen.iter().zip(tables).map(|(r, t)| Board::from_record(r, t)).collect();
    if html {
        Ok(bridge_diagram::html_sheet(&boards, &sheet_title(&boards, &args.file), args.per_page))
    } else if let [board] = boards.as_slice() {
        Ok(bridge_diagram::svg(board))
    } else {
        Err("an SVG holds one board: give --board N, or write .html for the whole file".into())
    }
}

fn sheet_title(boards: &[Board], file: &Path) -> String {
    boards.iter().find_map(|b| b.event.clone()).unwrap_or_else(|| {
        file.file_stem().map_or_else(|| "Hand record".to_owned(), |s| s.to_string_lossy().into_owned())
    })
}
