//! `cardnote convert`: a file between its notation and the notation's JSON form.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::ValueEnum;

use cardnote::files::write_atomically;
use cardnote::formats::{ConvertTo, Format};
use cardnote::walk;

use super::{FormatArg, Ui, convert_bytes, format_of, read_input, report_refusal, write_stdout};

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
    /// The ACPC `.game` definition (`--format acpc`, `--to acpc`).
    #[arg(long)]
    game: Option<PathBuf>,
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
            Target::Pokerstars | Target::Acpc | Target::Pluribus => Some(Format::Phh),
        }
    }
}

/// Runs `cardnote convert`.
pub fn run(args: Args, ui: &Ui) -> ExitCode {
    let to = args.to.to_possible_value().map(|v| v.get_name().to_owned()).unwrap_or_default();
    let site_target = cardnote::formats::sitelogs::Site::from_name(&to);
    if args.format.site().is_some() || site_target.is_some() {
        return cardnote::formats::sitelogs::run_convert(
            &args.file,
            &to,
            args.format.site(),
            args.game.as_deref(),
            args.output.as_deref(),
            &ui.stderr_printer(),
        );
    }
    let printer = ui.stderr_printer();
    let file = &args.file;
    let data = match read_input(file, &printer) {
        Ok(data) => data,
        Err(err) => return err.exit_code(),
    };
    let is_json = file.extension().is_some_and(|e| e.eq_ignore_ascii_case("json"));
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
    // Between the two bridge notations, through the bridge-convert crate.
    let converted = match (format, args.to) {
        (Format::Lin, Target::Pbn) => cardnote::formats::lin::to_pbn(&data),
        (Format::Pbn, Target::Lin) => cardnote::formats::lin::from_pbn(&data),
        _ => convert_bytes(format, &data, args.to.convert_to()),
    };
    match converted {
        Ok(bytes) => match &args.output {
            Some(out) => write_file(out, &bytes),
            None => write_stdout(&bytes),
        },
        Err(refusal) => {
            report_refusal(file, &refusal, &printer);
            ExitCode::from(1)
        }
    }
}

fn write_file(out: &Path, bytes: &[u8]) -> ExitCode {
    match write_atomically(out, bytes, |_| Ok(())) {
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
