//! The commands, one module each, and what they share: the global output options, the format
//! and rule arguments, reading an input file, and writing to a stdout that may close early.

use std::io::{IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;

use clap::ValueEnum;

use cardnote::formats::Refusal;
use cardnote::output::{ColorChoice, DiagnosticPrinter};
use cardnote_check::walk::{self};
use cardnote_check::{Format, Rules};

pub use cardnote_check::walk::format_of;

pub mod check;
pub mod convert;
pub mod dd;
pub mod diagram;
#[cfg(feature = "export")]
pub mod export;
pub mod fmt;
pub mod replay;
pub mod sitelogs;
pub mod stats;

/// The options every command shares (they may be given before or after the command's name).
#[derive(clap::Args, Debug)]
pub struct UiArgs {
    /// Colour: `auto` colours a stream only when it is a terminal and `NO_COLOR` is not set.
    #[arg(long, value_enum, default_value_t = ColorArg::Auto, global = true)]
    color: ColorArg,
    /// Errors only: no warnings, no summary line, no progress bar, no "reformatted" lines.
    #[arg(long, short, global = true)]
    quiet: bool,
    /// Show at most N diagnostics per file, then one line counting the rest by code (0: all).
    /// `check --json` always carries every diagnostic.
    #[arg(long, value_name = "N", default_value_t = 50, global = true)]
    max_diagnostics: usize,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum ColorArg {
    Auto,
    Always,
    Never,
}

impl UiArgs {
    /// The options as the commands use them.
    pub fn resolve(&self) -> Ui {
        let color = match self.color {
            ColorArg::Auto => ColorChoice::Auto,
            ColorArg::Always => ColorChoice::Always,
            ColorArg::Never => ColorChoice::Never,
        };
        Ui { color, quiet: self.quiet, max_diagnostics: self.max_diagnostics }
    }
}

/// The global output options.
#[derive(Debug, Clone, Copy)]
pub struct Ui {
    /// Colour choice, decided per stream.
    pub color: ColorChoice,
    /// Errors only.
    pub quiet: bool,
    /// Diagnostics shown per file (0: all).
    pub max_diagnostics: usize,
}

impl Ui {
    /// A printer of diagnostics to stdout.
    pub fn stdout_printer(&self) -> DiagnosticPrinter {
        DiagnosticPrinter::new(
            self.color.decide(std::io::stdout().is_terminal()),
            self.quiet,
            self.max_diagnostics,
        )
    }

    /// A printer of diagnostics to stderr.
    pub fn stderr_printer(&self) -> DiagnosticPrinter {
        DiagnosticPrinter::new(
            self.color.decide(std::io::stderr().is_terminal()),
            self.quiet,
            self.max_diagnostics,
        )
    }
}

/// `--format`: one format for every named file, or `auto` (by extension and content).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FormatArg {
    /// By extension (`.phh`, `.phhs`, `.pbn`, `.ppn` sniffed, `.lin`), and a poker site's hand
    /// history by its content, whatever its extension.
    Auto,
    /// Poker Hand History.
    Phh,
    /// Portable Bridge Notation.
    Pbn,
    /// Portable Preferans Notation.
    PpnPref,
    /// Portable Pinochle Notation.
    PpnPinochle,
    /// BBO's LIN.
    Lin,
    /// PokerStars hand history text (read through the `sitelogs` crate).
    Pokerstars,
    /// ACPC dealer logs (`STATE:` lines; give the `.game` file with `--game`).
    Acpc,
    /// The Pluribus logs' form of ACPC lines (six players, no `.game` file needed).
    Pluribus,
    /// GGPoker hand history text.
    Ggpoker,
    /// iPoker hand histories (XML).
    Ipoker,
    /// PartyPoker hand history text.
    Party,
    /// Ignition / Bovada / Bodog hand history text.
    Ignition,
    /// PokerNow game logs (the CSV a game's owner downloads).
    Pokernow,
    /// Open Hand History JSON (`.ohh`).
    Ohh,
    /// Merge network hand histories (XML, whatever the extension).
    Merge,
    /// Microgaming hand histories (XML).
    Microgaming,
    /// Boss Media hand histories (XML).
    Boss,
    /// Everest Poker hand histories (XML).
    Everest,
    /// Full Tilt Poker hand history text (UTF-16 or not).
    Fulltilt,
    /// Winning Poker Network hand history text (UTF-16 or not).
    Winning,
    /// Absolute Poker / UltimateBet hand history text.
    Absolute,
    /// Winamax hand history text.
    Winamax,
    /// 888 / Pacific Poker (Cassava network) hand history text.
    Pacific,
    /// Everleaf Gaming hand history text.
    Everleaf,
    /// Cake Poker hand history text.
    Cake,
    /// Enet hand history text (decimal commas).
    Enet,
    /// Entraction hand history text.
    Entraction,
    /// KingsClub hand history text (mixed games).
    Kingsclub,
    /// Seals With Clubs hand history text (millibitcoins).
    Sealswithclubs,
    /// OnGame network hand history text (its skins: OnGame's, Betfair's 2010 on, BWin's...).
    Ongame,
    /// PKR hand history text.
    Pkr,
    /// Betfair Poker hand history text of its own network (before 2010).
    Betfair,
    /// PokerTracker's text exports of Everest, iPoker and Merge hands.
    Pokertracker,
    /// The Big Game's hand data (PokerStars' televised cash game).
    Thebiggame,
    /// Unibet hand history text (2021 on).
    Unibet,
}

impl FormatArg {
    /// The site log format named, if any (those are read by the `sitelogs` crate, not `formats`).
    pub fn site(self) -> Option<::sitelogs::Site> {
        ::sitelogs::Site::from_name(self.to_possible_value()?.get_name())
    }

    /// The format forced, if any.
    pub fn forced(self) -> Option<Format> {
        match self {
            FormatArg::Auto
            | FormatArg::Pokerstars
            | FormatArg::Acpc
            | FormatArg::Pluribus
            | FormatArg::Ggpoker
            | FormatArg::Ipoker
            | FormatArg::Party
            | FormatArg::Ignition
            | FormatArg::Pokernow
            | FormatArg::Ohh
            | FormatArg::Merge
            | FormatArg::Microgaming
            | FormatArg::Boss
            | FormatArg::Everest
            | FormatArg::Fulltilt
            | FormatArg::Winning
            | FormatArg::Absolute
            | FormatArg::Winamax
            | FormatArg::Pacific
            | FormatArg::Everleaf
            | FormatArg::Cake
            | FormatArg::Enet
            | FormatArg::Entraction
            | FormatArg::Kingsclub
            | FormatArg::Sealswithclubs
            | FormatArg::Ongame
            | FormatArg::Pkr
            | FormatArg::Betfair
            | FormatArg::Pokertracker
            | FormatArg::Thebiggame
            | FormatArg::Unibet => None,
            FormatArg::Phh => Some(Format::Phh),
            FormatArg::Pbn => Some(Format::Pbn),
            FormatArg::PpnPref => Some(Format::PpnPref),
            FormatArg::PpnPinochle => Some(Format::PpnPinochle),
            FormatArg::Lin => Some(Format::Lin),
        }
    }
}

/// `--rules`: the rule profile of poker replays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum RulesArg {
    /// Reproduce PokerKit, repairs reported as warnings.
    Pokerkit,
    /// The standard rules (WSOP), no repairs.
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

/// A file opened to be streamed through its notation: its format (forced, by extension, or
/// sniffed from its start), a `NOT_TEXT` error when it is not text, its size, and a reader from
/// its first byte.
pub struct Opened {
    /// The format it is read as.
    pub format: Format,
    /// `NOT_TEXT`, when the file's start is not text (then nothing else is read).
    pub not_text: Option<cards_core::Diagnostic>,
    /// Its size in bytes.
    pub size: u64,
    /// The whole file, from its first byte.
    pub input: Box<dyn std::io::BufRead + Send>,
}

/// Opens a file for streaming: reads its first 64 KiB to tell its format and whether it is text,
/// then gives a reader of the whole file (those bytes included).
pub fn open_file(path: &Path, kind: walk::FileKind, forced: Option<Format>) -> std::io::Result<Opened> {
    let file = std::fs::File::open(path)?;
    let size = file.metadata()?.len();
    opened(file, size, kind, forced)
}

/// [`open_file`] for a file the command may rewrite: also what the file was when opened, with
/// the digest of the bytes the reader reads ([`cardnote::files::Original`]).
pub fn open_original(
    path: &Path,
    kind: walk::FileKind,
    forced: Option<Format>,
) -> std::io::Result<(Opened, cardnote::files::Original)> {
    let size = std::fs::metadata(path)?.len();
    let (original, file) = cardnote::files::Original::open(path)?;
    Ok((opened(file, size, kind, forced)?, original))
}

fn opened(
    mut file: impl std::io::Read + Send + 'static,
    size: u64,
    kind: walk::FileKind,
    forced: Option<Format>,
) -> std::io::Result<Opened> {
    use std::io::Read;
    let mut head = Vec::new();
    (&mut file).take(64 * 1024).read_to_end(&mut head)?;
    let format = format_of(kind, &head, forced);
    let not_text = walk::not_text(&head);
    let input = std::io::BufReader::with_capacity(1 << 16, std::io::Cursor::new(head).chain(file));
    Ok(Opened { format, not_text, size, input: Box::new(input) })
}

/// On SIGINT or SIGTERM: stop every worker, remove this run's temporary files (the originals
/// stay as they were) and exit 130 or 143, as a shell reports a process those signals ended.
pub fn stop_on_signals() {
    #[cfg(unix)]
    {
        use signal_hook::consts::{SIGINT, SIGTERM};
        match signal_hook::iterator::Signals::new([SIGINT, SIGTERM]) {
            Ok(mut signals) => {
                std::thread::spawn(move || {
                    if let Some(signal) = signals.forever().next() {
                        cardnote::files::exit_removing_temporaries(128 + signal);
                    }
                });
            }
            // Then the signals end the process as they would have: the originals are safe, only
            // temporary files may be left, and the next run names them.
            Err(err) => eprintln!("cardnote: warning: cannot handle SIGINT and SIGTERM: {err}"),
        }
    }
}

/// Warns about the `.cardnote-*.tmp` files beside `paths` that an interrupted or killed run
/// left (each folder looked at once).
pub fn warn_stale_temporaries<'a>(ui: &Ui, paths: impl IntoIterator<Item = &'a Path>) {
    if ui.quiet {
        return;
    }
    let dirs: std::collections::BTreeSet<std::path::PathBuf> = paths
        .into_iter()
        .map(|p| match p.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
            _ => std::path::PathBuf::from("."),
        })
        .collect();
    for dir in dirs {
        for stale in cardnote::files::stale_temporaries(&dir) {
            eprintln!(
                "cardnote: warning: {} is a temporary file of an interrupted cardnote run (or of one running now); delete it if no cardnote is running",
                stale.display()
            );
        }
    }
}

/// `--threads`: worker threads (0, the default: every core).
pub fn threads(asked: usize) -> usize {
    if asked == 0 { cardnote_check::pipeline::default_threads() } else { asked }
}

/// Why an input file was not read (already reported on stderr).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InputError {
    /// It cannot be read (exit 2).
    Unreadable,
    /// It is not text (`NOT_TEXT`, exit 1).
    NotText,
}

impl InputError {
    /// The exit status of a command that stops here.
    pub fn exit_code(self) -> ExitCode {
        match self {
            InputError::Unreadable => ExitCode::from(2),
            InputError::NotText => ExitCode::from(1),
        }
    }
}

/// Reads an input file for `fmt`, `convert` or `replay`: its bytes, or why not (reported).
pub fn read_input(path: &Path, printer: &DiagnosticPrinter) -> Result<Vec<u8>, InputError> {
    let data = match std::fs::read(path) {
        Ok(data) => data,
        Err(err) => {
            eprintln!("cardnote: cannot read {}: {err}", path.display());
            return Err(InputError::Unreadable);
        }
    };
    if let Some(diagnostic) = walk::not_text(&data) {
        report_refusal(path, &Refusal { source: String::new(), diagnostics: vec![diagnostic] }, printer);
        return Err(InputError::NotText);
    }
    Ok(data)
}

/// Prints why a file was not written (or replayed) to stderr.
pub fn report_refusal(path: &Path, refusal: &Refusal, printer: &DiagnosticPrinter) {
    report_refusal_at(path, refusal, 0, printer);
}

/// [`report_refusal`] for a refusal of one unit of a file, `line` lines into it.
pub fn report_refusal_at(path: &Path, refusal: &Refusal, line: usize, printer: &DiagnosticPrinter) {
    let shown = path.display().to_string();
    let source = cardnote::output::RenderSource::part(&refusal.source, 0, line);
    let mut err = std::io::stderr().lock();
    let mut file = printer.file(&shown);
    // stderr: a failed write has nowhere to be reported.
    let _ = file.print(&mut err, &source, &refusal.diagnostics).and_then(|()| file.finish(&mut err));
}

/// Writes all of `bytes` to stdout. A closed stdout (`| head -1`) is not an error: the reader
/// has what it wanted, so the command ends quietly.
pub fn write_stdout(bytes: &[u8]) -> ExitCode {
    let mut stdout = std::io::stdout().lock();
    match stdout.write_all(bytes).and_then(|()| stdout.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) if err.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("cardnote: cannot write the output: {err}");
            ExitCode::from(2)
        }
    }
}
