//! `cardnote stats [--by player|position] [--json|--csv] PATH...`: poker statistics per player
//! or position over PHH hands, from the engine's replay (definitions: the `poker-stats` crate
//! docs).

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use cardnote_check::walk::{FileKind, collect_files};
use clap::ValueEnum;
use poker_stats::{GroupBy, PlayerStats, Replayed, RuleProfile, Totals};
use serde_json::{Map, Value};

/// How rows are grouped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ByArg {
    /// The player's name when the hand names players, else the position.
    Player,
    /// Table position (button games) or seat (stud).
    Position,
}

/// Arguments of `cardnote stats`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Group by player or by position.
    #[arg(long, value_enum, default_value_t = ByArg::Player)]
    by: ByArg,
    /// One JSON object per player per line.
    #[arg(long, conflicts_with = "csv")]
    json: bool,
    /// CSV with a header line.
    #[arg(long)]
    csv: bool,
    /// Rule profile for replaying the hands.
    #[arg(long, value_enum, default_value_t = super::RulesArg::Pokerkit)]
    rules: super::RulesArg,
    /// PHH files or directories (other files in directories are skipped).
    #[arg(required = true)]
    paths: Vec<PathBuf>,
}

/// The engine profile of a `--rules` argument.
pub fn rule_profile(rules: super::RulesArg) -> RuleProfile {
    rules.into()
}

/// The output columns, in order (JSON keys and CSV header).
pub const COLUMNS: [&str; 20] = [
    "player",
    "hands",
    "vpip",
    "vpip_pct",
    "pfr",
    "pfr_pct",
    "three_bet_chances",
    "three_bets",
    "three_bet_pct",
    "cbet_chances",
    "cbets",
    "cbet_pct",
    "saw_second_street",
    "showdowns",
    "wtsd_pct",
    "won_at_showdown",
    "wsd_pct",
    "net_won",
    "blind_hands",
    "bb_per_100",
];

/// The values of [`COLUMNS`] for one player; percentages and bb/100 as decimal text rounded to
/// 2 places (`None`: no denominator), `net_won` exact.
fn values(p: &PlayerStats) -> [Option<String>; 20] {
    let n = |v: u64| Some(v.to_string());
    let d = |v: Option<rust_decimal::Decimal>| v.map(|v| v.normalize().to_string());
    [
        Some(p.player.clone()),
        n(p.hands),
        n(p.vpip),
        d(p.vpip_percent()),
        n(p.pfr),
        d(p.pfr_percent()),
        n(p.three_bet_chances),
        n(p.three_bets),
        d(p.three_bet_percent()),
        n(p.cbet_chances),
        n(p.cbets),
        d(p.cbet_percent()),
        n(p.saw_second_street),
        n(p.showdowns),
        d(p.wtsd_percent()),
        n(p.won_at_showdown),
        d(p.wsd_percent()),
        Some(p.net_won.to_text()),
        n(p.blind_hands),
        d(p.bb_per_100()),
    ]
}

fn json_line(p: &PlayerStats) -> Value {
    let mut m = Map::new();
    for (i, (key, value)) in COLUMNS.iter().zip(values(p)).enumerate() {
        // Counts and rates are numbers; the name and the exact net amount are text.
        let number = i != 0 && *key != "net_won";
        let v = match value {
            None => Value::Null,
            Some(text) if number => {
                text.parse::<serde_json::Number>().map_or(Value::String(text), Value::Number)
            }
            Some(text) => Value::String(text),
        };
        m.insert((*key).to_owned(), v);
    }
    Value::Object(m)
}

fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_owned()
    }
}

/// Runs `cardnote stats`: exit 0, or 2 when a path could not be read.
pub fn run(args: Args, _ui: &super::Ui) -> ExitCode {
    let args = &args;
    let (files, mut failed) = collect_files(&args.paths, false);
    let by = match args.by {
        ByArg::Player => GroupBy::Player,
        ByArg::Position => GroupBy::Position,
    };
    let profile = rule_profile(args.rules);
    let mut totals = Totals::new(by);
    for file in files {
        if file.kind != FileKind::Phh {
            eprintln!("cardnote: {}: stats reads PHH files only; skipped", file.path.display());
            continue;
        }
        let reader = std::fs::File::open(&file.path).map(|f| {
            phh::Reader::new(std::io::BufReader::with_capacity(1 << 16, f), phh::Options::default())
        });
        let reader = match reader {
            Ok(reader) => reader,
            Err(err) => {
                eprintln!("cardnote: cannot read {}: {err}", file.path.display());
                failed = true;
                continue;
            }
        };
        for item in reader {
            let parsed = match item {
                Ok(parsed) => parsed,
                Err(err) => {
                    eprintln!("cardnote: cannot read {}: {err}", file.path.display());
                    failed = true;
                    break;
                }
            };
            let replayed = if parsed.has_errors() { None } else { Replayed::of_record(&parsed, profile) };
            match (&parsed.model.hand, replayed) {
                (Some(hand), Some(replayed)) => {
                    totals.add(hand, &replayed);
                }
                _ => totals.skip(),
            }
        }
    }
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let written = print(&mut out, &totals, args).and_then(|()| out.flush());
    eprintln!(
        "cardnote: {} hands counted, {} skipped ({} with errors, {} unfinished)",
        totals.counted(),
        totals.skipped(),
        totals.skipped() - totals.unfinished(),
        totals.unfinished()
    );
    if written.is_err() || failed { ExitCode::from(2) } else { ExitCode::SUCCESS }
}

fn print(out: &mut impl Write, totals: &Totals, args: &Args) -> std::io::Result<()> {
    if args.json {
        for p in totals.players() {
            writeln!(out, "{}", json_line(p))?;
        }
        return Ok(());
    }
    let rows = totals.players().map(|p| values(p).map(|v| v.unwrap_or_default()));
    if args.csv {
        writeln!(out, "{}", COLUMNS.join(","))?;
        for row in rows {
            writeln!(out, "{}", row.iter().map(|v| csv_field(v)).collect::<Vec<_>>().join(","))?;
        }
        return Ok(());
    }
    // A readable table of the main figures.
    writeln!(
        out,
        "{:<24} {:>7} {:>6} {:>6} {:>6} {:>6} {:>6} {:>6} {:>14} {:>9}",
        "player", "hands", "VPIP", "PFR", "3bet", "cbet", "WTSD", "W$SD", "net won", "bb/100"
    )?;
    for v in rows {
        writeln!(
            out,
            "{:<24} {:>7} {:>6} {:>6} {:>6} {:>6} {:>6} {:>6} {:>14} {:>9}",
            v[0], v[1], v[3], v[5], v[8], v[11], v[14], v[16], v[17], v[19]
        )?;
    }
    Ok(())
}
