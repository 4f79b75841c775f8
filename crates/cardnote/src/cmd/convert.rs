//! `cardnote convert`: a file between its notation and the notation's JSON form.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::ValueEnum;

use std::io::{Seek, Write};

use cardnote::files::{Original, Replacement, write_atomically};
use cardnote::formats::{self, ConvertTo, Glue, Refusal};
use cardnote_check::walk;
use cardnote_check::{Format, Input};

use super::{FormatArg, Ui, format_of, open_file, read_input, report_refusal, threads, write_stdout};

/// `cardnote convert` arguments.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Target: the notation's JSON form, or the notation itself.
    #[arg(long, value_enum)]
    to: Target,
    /// The input's format, when it cannot be told from the extension (e.g. JSON input).
    #[arg(long, value_enum, default_value_t = FormatArg::Auto)]
    format: FormatArg,
    /// Write here (atomically) instead of stdout.
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// The ACPC `.game` definition (`--format acpc`, `--to acpc`). `--to acpc -o OUT` without it
    /// writes the game the hands are played under to `OUT.game`.
    #[arg(long)]
    game: Option<PathBuf>,
    /// Worker threads (0: one per core).
    #[arg(long, value_name = "N", default_value_t = 0)]
    threads: usize,
    /// Input file.
    file: PathBuf,
}

/// `--to`: what to convert into.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Target {
    /// The notation's JSON form.
    Json,
    /// Poker Hand History.
    Phh,
    /// Portable Bridge Notation.
    Pbn,
    /// Portable Preferans or Pinochle Notation (as the input says).
    Ppn,
    /// Portable Preferans Notation.
    PpnPref,
    /// Portable Pinochle Notation.
    PpnPinochle,
    /// BBO's LIN (from PBN, or LIN's canonical form from LIN).
    Lin,
    /// PokerStars hand history text (from PHH).
    Pokerstars,
    /// ACPC `STATE:` lines (from PHH; the `.game` file is written beside `-o OUT`).
    Acpc,
    /// The Pluribus logs' form of ACPC lines (from PHH).
    Pluribus,
    /// Open Hand History JSON (from PHH; one hand per line, a blank line after each).
    Ohh,
}

impl Target {
    fn convert_to(self) -> ConvertTo {
        if self == Target::Json { ConvertTo::Json } else { ConvertTo::Native }
    }

    /// The notation a JSON input holds when nothing else says: the target's.
    fn notation(self) -> Option<Format> {
        match self {
            Target::Json => None,
            Target::Phh => Some(Format::Phh),
            Target::Pbn => Some(Format::Pbn),
            Target::Ppn | Target::PpnPref => Some(Format::PpnPref),
            Target::PpnPinochle => Some(Format::PpnPinochle),
            Target::Lin => Some(Format::Lin),
            Target::Pokerstars | Target::Acpc | Target::Pluribus | Target::Ohh => Some(Format::Phh),
        }
    }
}

/// Runs `cardnote convert`.
pub fn run(args: Args, ui: &Ui) -> ExitCode {
    if let Some(out) = &args.output {
        super::warn_stale_temporaries(ui, [out.as_path()]);
    }
    let to = args.to.to_possible_value().map(|v| v.get_name().to_owned()).unwrap_or_default();
    let site_target = ::sitelogs::Site::from_name(&to);
    // A site's log by `--format`, or (to PHH, when no notation is named) by its content.
    let from_site = args.format.site().or_else(|| {
        let by_content = args.to == Target::Phh
            && args.format.forced().is_none()
            && walk::kind_of(&args.file) == walk::FileKind::Other;
        by_content.then(|| walk::site_of(&args.file)).flatten()
    });
    if from_site.is_some() || site_target.is_some() {
        return super::sitelogs::run_convert(
            &args.file,
            &to,
            from_site,
            args.game.as_deref(),
            args.output.as_deref(),
            &ui.stderr_printer(),
        );
    }
    let printer = ui.stderr_printer();
    let file = &args.file;
    // The output as it is before the input is read (it may be the input itself): replaced only
    // while it is still that.
    let output = match args.output.as_deref().map(Original::now).transpose() {
        Ok(output) => output,
        Err(err) => {
            eprintln!("cardnote: {err}");
            return ExitCode::from(2);
        }
    };
    let is_json = file.extension().is_some_and(|e| e.eq_ignore_ascii_case("json"));
    if is_json || matches!(args.to, Target::Pbn | Target::Lin) {
        return convert_whole(&args, is_json, output, &printer);
    }
    let opened = match open_file(file, walk::kind_of(file), args.format.forced()) {
        Ok(opened) => opened,
        Err(err) => {
            eprintln!("cardnote: cannot read {}: {err}", file.display());
            return ExitCode::from(2);
        }
    };
    if let Some(diagnostic) = opened.not_text {
        report_refusal(file, &Refusal { source: String::new(), diagnostics: vec![diagnostic] }, &printer);
        return ExitCode::from(1);
    }
    stream(&args, opened.format, opened.input, output, &printer)
}

/// Converts a file read whole: a JSON document (to tell what it holds), or one of the two bridge
/// notations converted into each other by bridge-convert.
fn convert_whole(
    args: &Args,
    is_json: bool,
    output: Option<Original>,
    printer: &cardnote::output::DiagnosticPrinter,
) -> ExitCode {
    let file = &args.file;
    let data = match read_input(file, printer) {
        Ok(data) => data,
        Err(err) => return err.exit_code(),
    };
    // JSON input: --format, else what the document says it holds, else the target's notation.
    let known = args.format.forced().or_else(|| if is_json { sniff_json(&data) } else { None });
    let format = match known {
        Some(format) => format,
        None if is_json => match args.to.notation() {
            Some(format) => format,
            None => {
                eprintln!("cardnote: say which notation the JSON holds with --format");
                return ExitCode::from(2);
            }
        },
        None => format_of(walk::kind_of(file), &data, None),
    };
    match (format, args.to) {
        (Format::Lin, Target::Pbn) => lin_to_pbn(args, &data, output, printer),
        (Format::Pbn, Target::Lin) => match cardnote::formats::lin::from_pbn(&data) {
            Ok(bytes) => match &args.output {
                Some(out) => write_file(out, &bytes, output),
                None => write_stdout(&bytes),
            },
            Err(refusal) => {
                report_refusal(file, &refusal, printer);
                ExitCode::from(1)
            }
        },
        _ => stream(args, format, Box::new(std::io::Cursor::new(data)), output, printer),
    }
}

/// What stopped a conversion.
type Stop = formats::Stop<std::io::Error>;

/// Converts a file unit by unit on `--threads` workers: into a temporary file beside `-o OUT`
/// (renamed over it at the end), or, for stdout, into an unnamed temporary file copied out once
/// every unit converted, so a refused file writes nothing.
fn stream(
    args: &Args,
    format: Format,
    input: Input<'_>,
    output: Option<Original>,
    printer: &cardnote::output::DiagnosticPrinter,
) -> ExitCode {
    cardnote_check::with_notation!(format, N => stream_as::<N>(args, input, output, printer))
}

/// [`stream`] of a file read as notation `N`.
fn stream_as<N: Glue>(
    args: &Args,
    input: Input<'_>,
    output: Option<Original>,
    printer: &cardnote::output::DiagnosticPrinter,
) -> ExitCode {
    let to = args.to.convert_to();
    let result = (|| -> Result<ExitCode, Stop> {
        let mut replacement = match &args.output {
            Some(out) => Some(Replacement::new(out, output).map_err(|e| Stop::Io(std::io::Error::other(e)))?),
            None => None,
        };
        let mut spool = match replacement {
            Some(_) => None,
            None => Some(cardnote::files::spool().map_err(Stop::Io)?),
        };
        {
            let sink: &mut std::fs::File = match (&mut replacement, &mut spool) {
                (Some(r), _) => r.file(),
                (None, Some(spool)) => spool,
                (None, None) => return Err(Stop::Io(std::io::Error::other("no output"))),
            };
            let mut out = std::io::BufWriter::with_capacity(1 << 16, sink);
            formats::convert_units::<N>(input, &args.file, to, threads(args.threads), |bytes| {
                out.write_all(bytes)
            })?;
            out.flush().map_err(Stop::Io)?;
        }
        if let Some(replacement) = replacement {
            replacement.commit(|_| Ok(())).map_err(|e| Stop::Io(std::io::Error::other(e)))?;
            return Ok(ExitCode::SUCCESS);
        }
        let Some(mut spool) = spool else { return Ok(ExitCode::SUCCESS) };
        spool.seek(std::io::SeekFrom::Start(0)).map_err(Stop::Io)?;
        let mut stdout = std::io::stdout().lock();
        match std::io::copy(&mut spool, &mut stdout).and_then(|_| stdout.flush()) {
            Ok(()) => Ok(ExitCode::SUCCESS),
            // A closed stdout (`| head -1`): the reader has what it wanted.
            Err(err) if err.kind() == std::io::ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
            Err(err) => {
                eprintln!("cardnote: cannot write the output: {err}");
                Ok(ExitCode::from(2))
            }
        }
    })();
    match result {
        Ok(code) => code,
        Err(Stop::Refused(refusal, line)) => {
            super::report_refusal_at(&args.file, &refusal, line, printer);
            ExitCode::from(1)
        }
        Err(Stop::Io(err)) => {
            eprintln!("cardnote: {}: {err}", args.file.display());
            ExitCode::from(2)
        }
    }
}

/// LIN to PBN: the boards without errors are written; a board with errors is left out, and the
/// file's errors are reported with how many boards were left out (exit code 1, as a file with a
/// refused hand).
fn lin_to_pbn(
    args: &Args,
    data: &[u8],
    output: Option<Original>,
    printer: &cardnote::output::DiagnosticPrinter,
) -> ExitCode {
    let (bytes, left_out) = cardnote::formats::lin::to_pbn(data);
    let written = match &args.output {
        Some(out) => write_file(out, &bytes, output),
        None => write_stdout(&bytes),
    };
    let Some(left_out) = left_out else { return written };
    report_refusal(&args.file, &left_out.refusal, printer);
    let file = args.file.display();
    match left_out.boards {
        0 => eprintln!("cardnote: {file}: errors outside the boards; every board written"),
        1 => eprintln!("cardnote: {file}: 1 board with errors left out of the PBN"),
        n => eprintln!("cardnote: {file}: {n} boards with errors left out of the PBN"),
    }
    if written == ExitCode::SUCCESS { ExitCode::from(1) } else { written }
}

fn write_file(out: &Path, bytes: &[u8], original: Option<Original>) -> ExitCode {
    match write_atomically(out, bytes, original, |_| Ok(())) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("cardnote: {err}");
            ExitCode::from(2)
        }
    }
}

/// Which notation a JSON document holds, from its `format` field or its shape (each notation's
/// JSON form is told apart by its top-level keys).
fn sniff_json(data: &[u8]) -> Option<Format> {
    let doc: serde_json::Value = serde_json::from_slice(data).ok()?;
    match doc.get("format").and_then(serde_json::Value::as_str) {
        Some("phh") => return Some(Format::Phh),
        Some("pbn") => return Some(Format::Pbn),
        Some("ppn-pref") => return Some(Format::PpnPref),
        Some("ppn-pinochle") => return Some(Format::PpnPinochle),
        Some("lin") => return Some(Format::Lin),
        _ => {}
    }
    if doc.get("deals").is_some() && doc.get("info").is_some() {
        return Some(Format::PpnPref);
    }
    if doc.get("games").is_some() {
        return Some(Format::Pbn);
    }
    let first_hand = doc.get("hands").and_then(|h| h.get(0))?;
    if first_hand.get("items").is_some() {
        Some(Format::PpnPinochle)
    } else if first_hand.get("hand").is_some() {
        Some(Format::Phh)
    } else {
        None
    }
}
