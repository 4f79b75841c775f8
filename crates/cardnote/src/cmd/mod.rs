//! The commands, one module each, and what they share: the global output options, the format
//! and rule arguments, reading an input file, and writing to a stdout that may close early.

use std::io::{IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;

use clap::ValueEnum;

use cardnote::formats::{self, ConvertTo, FmtOptions, Format, Refusal, Rules};
use cardnote::output::{ColorChoice, DiagnosticPrinter};
use cardnote::walk::{self};

pub use cardnote::formats::check_bytes;
pub use cardnote::walk::format_of;

pub mod check;
pub mod convert;
pub mod dd;
pub mod diagram;
#[cfg(feature = "export")]
pub mod export;
pub mod fmt;
pub mod replay;
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
    /// By extension (`.phh`, `.phhs`, `.pbn`, `.ppn` sniffed).
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
}

impl FormatArg {
    /// The site log format named, if any (those are read by the `sitelogs` crate, not `formats`).
    pub fn site(self) -> Option<cardnote::formats::sitelogs::Site> {
        cardnote::formats::sitelogs::Site::from_name(self.to_possible_value()?.get_name())
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
            | FormatArg::Ignition => None,
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

/// Whether a file is a `.phhs` that holds no hand: empty, or only blank lines and comments. It
/// holds zero hands (as PokerKit's `loads_all` reads it), where a `.phh` file is one hand.
pub fn holds_no_hands(path: &Path, data: &[u8]) -> bool {
    let phhs = path.extension().is_some_and(|e| e.eq_ignore_ascii_case("phhs"));
    let data = data.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(data);
    phhs && data.split(|&b| b == b'\n' || b == b'\r').all(|line| {
        let line = line.trim_ascii();
        line.is_empty() || line.starts_with(b"#")
    })
}

/// Rewrites a whole file of `format`.
pub fn fmt_bytes(format: Format, data: &[u8], opts: &FmtOptions) -> Result<Vec<u8>, Refusal> {
    match format {
        Format::Phh => formats::phh::fmt(data, opts),
        Format::Pbn => formats::pbn::fmt(data, opts),
        Format::PpnPref => formats::pref::fmt(data, opts),
        Format::PpnPinochle => formats::pinochle::fmt(data, opts),
        Format::Lin => formats::lin::fmt(data, opts),
    }
}

/// Converts a whole file of `format`.
pub fn convert_bytes(format: Format, data: &[u8], to: ConvertTo) -> Result<Vec<u8>, Refusal> {
    match format {
        Format::Phh => formats::phh::convert(data, to),
        Format::Pbn => formats::pbn::convert(data, to),
        Format::PpnPref => formats::pref::convert(data, to),
        Format::PpnPinochle => formats::pinochle::convert(data, to),
        Format::Lin => formats::lin::convert(data, to),
    }
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
    let shown = path.display().to_string();
    let source = cardnote::output::RenderSource::new(&refusal.source);
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
