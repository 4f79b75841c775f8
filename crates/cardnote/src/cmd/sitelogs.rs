//! Site hand histories in the CLI: `check --format pokerstars|acpc|pluribus|ggpoker|ipoker|party|ignition|pokernow|ohh|winamax|pacific|everleaf|cake`
//! and `convert --format ... --to phh`, `convert --to pokerstars|acpc|pluribus|ohh` from PHH. Every reader and writer streams: one hand in memory at a time.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

use cards_core::{Diagnostic, LineIndex, Span};
use serde_json::{Map, Value};
use sitelogs::acpc::GameDef;
use sitelogs::{Options, Record};

use cardnote::output::{DiagnosticPrinter, RenderSource, Summary};
use cardnote_check::{CheckOptions, RecordReport, record_json_named};

/// The site formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Site {
    /// PokerStars hand-history text.
    PokerStars,
    /// ACPC dealer logs (`STATE` lines) with a `.game` file.
    Acpc,
    /// The Pluribus logs: ACPC `STATE` lines of the 6-player 10,000-chip no-limit game.
    Pluribus,
    /// GGPoker hand-history text (read only).
    GgPoker,
    /// iPoker XML (read only).
    IPoker,
    /// PartyPoker hand-history text (read only).
    Party,
    /// Ignition, Bovada and Bodog hand-history text (read only).
    Ignition,
    /// PokerNow game logs (CSV; read only).
    PokerNow,
    /// Open Hand History JSON.
    Ohh,
    /// Winamax hand-history text (read only).
    Winamax,
    /// 888 / Pacific Poker (Cassava network) hand-history text (read only).
    Pacific,
    /// Everleaf Gaming hand-history text (read only).
    Everleaf,
    /// Cake Poker hand-history text (read only).
    Cake,
}

impl Site {
    /// The name in `--format`, `--to` and the JSON `format` field.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Site::PokerStars => "pokerstars",
            Site::Acpc => "acpc",
            Site::Pluribus => "pluribus",
            Site::GgPoker => "ggpoker",
            Site::IPoker => "ipoker",
            Site::Party => "party",
            Site::Ignition => "ignition",
            Site::PokerNow => "pokernow",
            Site::Ohh => "ohh",
            Site::Winamax => "winamax",
            Site::Pacific => "pacific",
            Site::Everleaf => "everleaf",
            Site::Cake => "cake",
        }
    }

    /// Whether PHH can be written in the site's form (`--to`).
    #[must_use]
    pub const fn writes(self) -> bool {
        matches!(self, Site::PokerStars | Site::Acpc | Site::Pluribus | Site::Ohh)
    }

    /// The site a `--to` or `--format` value names.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Site> {
        [
            Site::PokerStars,
            Site::Acpc,
            Site::Pluribus,
            Site::GgPoker,
            Site::IPoker,
            Site::Party,
            Site::Ignition,
            Site::PokerNow,
            Site::Ohh,
            Site::Winamax,
            Site::Pacific,
            Site::Everleaf,
            Site::Cake,
        ]
        .into_iter()
        .find(|s| s.name() == name)
    }
}

/// The game an ACPC log is read or written under: `--game FILE`, or Pluribus's.
fn game_of(site: Site, game: Option<&Path>) -> Result<Option<GameDef>, String> {
    match (site, game) {
        (
            Site::PokerStars
            | Site::GgPoker
            | Site::IPoker
            | Site::Party
            | Site::Ignition
            | Site::PokerNow
            | Site::Ohh
            | Site::Winamax
            | Site::Pacific
            | Site::Everleaf
            | Site::Cake,
            _,
        ) => Ok(None),
        (Site::Pluribus, None) => Ok(Some(GameDef::pluribus())),
        (_, Some(path)) => {
            let text =
                std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            GameDef::parse(&text)
                .map(Some)
                .map_err(|d| format!("{}: {}: {}", path.display(), d.code(), d.message()))
        }
        (Site::Acpc, None) => Err("ACPC logs need their game definition: --game FILE.game".into()),
    }
}

/// The records of a log, streamed.
fn records<'g>(
    site: Site,
    input: impl BufRead + 'g,
    game: Option<&'g GameDef>,
    options: Options,
) -> Box<dyn Iterator<Item = Record> + 'g> {
    match (site, game) {
        (Site::GgPoker, _) => Box::new(sitelogs::ggpoker::Reader::new(input, options)),
        (Site::IPoker, _) => Box::new(sitelogs::ipoker::Reader::new(input, options)),
        (Site::Party, _) => Box::new(sitelogs::party::Reader::new(input, options)),
        (Site::Ignition, _) => Box::new(sitelogs::ignition::Reader::new(input, options)),
        (Site::PokerNow, _) => Box::new(sitelogs::pokernow::Reader::new(input, options)),
        (Site::Ohh, _) => Box::new(sitelogs::ohh::Reader::new(input, options)),
        (Site::Winamax, _) => Box::new(sitelogs::winamax::Reader::new(input, options)),
        (Site::Pacific, _) => Box::new(sitelogs::pacific::Reader::new(input, options)),
        (Site::Everleaf, _) => Box::new(sitelogs::everleaf::Reader::new(input, options)),
        (Site::Cake, _) => Box::new(sitelogs::cake::Reader::new(input, options)),
        (Site::PokerStars, _) | (_, None) => Box::new(sitelogs::pokerstars::Reader::new(input, options)),
        (_, Some(game)) => Box::new(sitelogs::acpc::Reader::new(input, game, options)),
    }
}

/// The text a record's spans point into, for rendering: the record's bytes, read back from the
/// file (one hand in memory), with any byte that is not UTF-8 shown as `?` so offsets hold.
fn record_text(path: &Path, span: Span) -> String {
    use std::io::{Read, Seek, SeekFrom};
    let mut bytes = vec![0; span.len()];
    let read = std::fs::File::open(path).and_then(|mut f| {
        f.seek(SeekFrom::Start(span.start as u64))?;
        f.read_exact(&mut bytes)
    });
    if read.is_err() {
        return String::new();
    }
    match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => e.into_bytes().iter().map(|&b| if b.is_ascii() { char::from(b) } else { '?' }).collect(),
    }
}

fn report_of(record: &Record, strict: bool, no_fields: bool) -> RecordReport {
    let mut diagnostics = record.diagnostics.clone();
    if strict {
        for d in &mut diagnostics {
            d.set_severity(cards_core::Severity::Error);
        }
    }
    let mut fields = Map::new();
    if let Some(hand) = record.hand.as_ref().filter(|_| !no_fields) {
        fields.insert("variant".into(), Value::String(hand.variant.code().to_owned()));
        if let Some(id) = &hand.hand {
            fields.insert("hand".into(), Value::String(id.to_string()));
        }
        if let Some(players) = &hand.players {
            fields.insert("players".into(), players.iter().cloned().map(Value::String).collect());
        }
    }
    RecordReport { diagnostics, fields }
}

/// `cardnote check --format pokerstars|acpc|pluribus PATH...`: one record per hand.
pub fn run_check(
    paths: &[std::path::PathBuf],
    site: Site,
    game: Option<&Path>,
    opts: &CheckOptions,
    json: bool,
    printer: &DiagnosticPrinter,
) -> ExitCode {
    let started = Instant::now();
    let game = match game_of(site, game) {
        Ok(game) => game,
        Err(message) => {
            eprintln!("cardnote: {message}");
            return ExitCode::from(2);
        }
    };
    let (files, mut io_failed) = cardnote_check::walk::collect_site_files(paths, site.name());
    let mut summary = Summary::default();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let options = Options { strict: opts.strict };
    for file in &files {
        let input = match std::fs::File::open(&file.path) {
            Ok(f) => BufReader::with_capacity(1 << 16, f),
            Err(err) => {
                eprintln!("cardnote: cannot read {}: {err}", file.path.display());
                io_failed = true;
                continue;
            }
        };
        let shown = file.path.display().to_string();
        summary.file(&shown, site.name());
        let mut diagnostics = printer.file(&shown);
        for (i, record) in records(site, input, game.as_ref(), options).enumerate() {
            summary.bytes += record.span.len() as u64;
            let report = report_of(&record, opts.strict, opts.no_fields);
            summary.add(&report);
            if report.diagnostics.is_empty() && !json {
                continue;
            }
            let text = if report.diagnostics.is_empty() {
                String::new()
            } else {
                record_text(&file.path, record.span)
            };
            if json {
                let index = LineIndex::new(&text);
                let base = line_of(&file.path, record.span.start);
                let line_col = |offset: usize| {
                    let (line, column) = index.line_col(&text, offset.saturating_sub(record.span.start));
                    (line + base, column)
                };
                let value = record_json_named(&shown, i, site.name(), &report, &line_col);
                if writeln!(out, "{value}").is_err() {
                    return ExitCode::from(2);
                }
            } else {
                let base = line_of(&file.path, record.span.start);
                let render = RenderSource::part(&text, record.span.start, base);
                if diagnostics.print(&mut out, &render, &report.diagnostics).is_err() {
                    return ExitCode::from(2);
                }
            }
        }
        if diagnostics.finish(&mut out).is_err() {
            return ExitCode::from(2);
        }
    }
    let _ = out.flush();
    if !json && !printer.quiet() {
        summary.print(&mut std::io::stderr(), started.elapsed());
    }
    if io_failed {
        ExitCode::from(2)
    } else if summary.invalid > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// Lines before byte `offset` of a file (read up to it, only for records with diagnostics).
fn line_of(path: &Path, offset: usize) -> usize {
    let Ok(file) = std::fs::File::open(path) else { return 0 };
    let mut reader = BufReader::new(file);
    let (mut pos, mut lines, mut after_cr) = (0, 0, false);
    while pos < offset {
        let Ok(buf) = reader.fill_buf() else { break };
        if buf.is_empty() {
            break;
        }
        let take = buf.len().min(offset - pos);
        for &b in &buf[..take] {
            match b {
                b'\n' if after_cr => after_cr = false,
                b'\n' => lines += 1,
                b'\r' => {
                    lines += 1;
                    after_cr = true;
                }
                _ => after_cr = false,
            }
        }
        reader.consume(take);
        pos += take;
    }
    lines
}

/// `cardnote convert`: a site log to PHH (`--format SITE --to phh`), or PHH to a site
/// (`--to SITE`). Hands that cannot be converted are reported and skipped; the others are
/// written (exit 1 when any was skipped).
pub fn run_convert(
    file: &Path,
    to: &str,
    from: Option<Site>,
    game: Option<&Path>,
    output: Option<&Path>,
    printer: &DiagnosticPrinter,
) -> ExitCode {
    let site = match (from, Site::from_name(to)) {
        (Some(site), None) if to == "phh" => site,
        (None, Some(site)) if site.writes() => site,
        _ => {
            eprintln!(
                "cardnote: convert a site log with `--format pokerstars|acpc|pluribus|ggpoker|ipoker|party|ignition|pokernow|ohh|winamax|pacific|everleaf|cake --to phh`, or PHH with `--to pokerstars|acpc|pluribus|ohh`"
            );
            return ExitCode::from(2);
        }
    };
    let derive = site == Site::Acpc && from.is_none() && game.is_none();
    let game = match (derive, output) {
        (true, Some(_)) => match common_game(file) {
            Ok(game) => Some(game),
            Err(code) => return code,
        },
        (true, None) => {
            eprintln!(
                "cardnote: ACPC logs need their game definition: give it with --game FILE.game, or write to -o OUT.log and the hands' own game goes to OUT.game"
            );
            return ExitCode::from(2);
        }
        (false, _) => match game_of(site, game) {
            Ok(game) => game,
            Err(message) => {
                eprintln!("cardnote: {message}");
                return ExitCode::from(2);
            }
        },
    };
    let input = match std::fs::File::open(file) {
        Ok(f) => BufReader::with_capacity(1 << 16, f),
        Err(err) => {
            eprintln!("cardnote: cannot read {}: {err}", file.display());
            return ExitCode::from(2);
        }
    };
    let mut sink = match Sink::open(output) {
        Ok(sink) => sink,
        Err(err) => {
            eprintln!("cardnote: {err}");
            return ExitCode::from(2);
        }
    };
    let shown = file.display().to_string();
    let result = if from.is_some() {
        import(file, &shown, site, input, game.as_ref(), &mut sink, printer)
    } else {
        export(&shown, site, input, game.as_ref(), &mut sink)
    };
    let skipped = match result {
        Ok(skipped) => skipped,
        Err(err) => {
            eprintln!("cardnote: {err}");
            return ExitCode::from(2);
        }
    };
    if let Err(err) = sink.finish() {
        eprintln!("cardnote: {err}");
        return ExitCode::from(2);
    }
    if let (Some(out), Some(game), None) = (output, game.as_ref(), from) {
        let path = out.with_extension("game");
        if let Err(err) =
            cardnote::files::write_atomically(&path, game.to_text().as_bytes(), None, |_| Ok(()))
        {
            eprintln!("cardnote: {err}");
            return ExitCode::from(2);
        }
    }
    if skipped > 0 { ExitCode::from(1) } else { ExitCode::SUCCESS }
}

/// The game a PHH file's hands are all played under (`convert --to acpc` without `--game`): a
/// first pass over the file. `Err` holds the exit status, the refusal reported.
fn common_game(file: &Path) -> Result<GameDef, ExitCode> {
    let input = match std::fs::File::open(file) {
        Ok(f) => BufReader::with_capacity(1 << 16, f),
        Err(err) => {
            eprintln!("cardnote: cannot read {}: {err}", file.display());
            return Err(ExitCode::from(2));
        }
    };
    let mut common = sitelogs::acpc::CommonGame::default();
    for (i, item) in phh::Reader::new(input, phh::Options::default()).enumerate() {
        let item = match item {
            Ok(item) => item,
            Err(err) => {
                eprintln!("cardnote: cannot read {}: {err}", file.display());
                return Err(ExitCode::from(2));
            }
        };
        let Some(hand) = &item.model.hand else { continue };
        if let Err(d) = common.add(i, hand) {
            eprintln!(
                "cardnote: {}: {}: {}; give the game with --game FILE.game, or split the file by game",
                file.display(),
                d.code(),
                d.message()
            );
            return Err(ExitCode::from(1));
        }
    }
    match common.game() {
        Some(game) => Ok(game),
        None => {
            eprintln!(
                "cardnote: {}: {}: no hand is a hold'em hand an ACPC log can hold, so there is no game to write",
                file.display(),
                sitelogs::codes::ACPC_UNSUPPORTED
            );
            Err(ExitCode::from(1))
        }
    }
}

/// Site log to `.phhs`: each imported hand a table named by its number in the file.
fn import(
    path: &Path,
    shown: &str,
    site: Site,
    input: impl BufRead,
    game: Option<&GameDef>,
    sink: &mut Sink,
    printer: &DiagnosticPrinter,
) -> std::io::Result<usize> {
    let mut skipped = 0;
    let mut written = 0;
    let mut err = std::io::stderr();
    let mut diagnostics = printer.file(shown);
    for record in records(site, input, game, Options::default()) {
        if !record.diagnostics.is_empty() {
            let text = record_text(path, record.span);
            let render = RenderSource::part(&text, record.span.start, line_of(path, record.span.start));
            diagnostics.print(&mut err, &render, &report_of(&record, false, true).diagnostics)?;
        }
        let Some(hand) = &record.hand else {
            skipped += 1;
            continue;
        };
        written += 1;
        let name = written.to_string();
        let text = phh::write_named_hands([(name.as_str(), hand)]);
        if written > 1 {
            sink.out().write_all(b"\n")?;
        }
        sink.out().write_all(text.as_bytes())?;
    }
    diagnostics.finish(&mut err)?;
    Ok(skipped)
}

/// PHH to site text, hand by hand.
fn export(
    shown: &str,
    site: Site,
    input: impl BufRead,
    game: Option<&GameDef>,
    sink: &mut Sink,
) -> std::io::Result<usize> {
    let mut skipped = 0;
    let mut written_any = false;
    for (i, item) in phh::Reader::new(input, phh::Options::default()).enumerate() {
        let item = item?;
        let Some(hand) = &item.model.hand else {
            eprintln!("{shown}: hand {i}: not read: {}", first_error(&item.diagnostics));
            skipped += 1;
            continue;
        };
        let written = match (site, game) {
            // One JSON object per line, a blank line after each (OHH's storage format).
            (Site::Ohh, _) => sitelogs::ohh::write_hand(hand).map(|json| format!("{json}\n\n")),
            // Hands are separated by two blank lines, as the site writes them.
            (Site::PokerStars, _) | (_, None) => sitelogs::pokerstars::write_hand(hand)
                .map(|text| if written_any { format!("\n\n{text}") } else { text }),
            (_, Some(game)) => sitelogs::acpc::state_line(hand, game).map(|line| format!("{line}\n")),
        };
        match written {
            Ok(text) => {
                sink.out().write_all(text.as_bytes())?;
                written_any = true;
            }
            Err(e) => {
                eprintln!("{shown}: hand {i}: not written: {}: {}", e.code(), e.message());
                skipped += 1;
            }
        }
    }
    Ok(skipped)
}

fn first_error(diagnostics: &[Diagnostic]) -> String {
    diagnostics
        .iter()
        .find(|d| d.is_error())
        .map_or_else(String::new, |d| format!("{}: {}", d.code(), d.message()))
}

/// Standard output, or a temporary file renamed over the output when everything is written
/// ([`cardnote::files::Replacement`]).
enum Sink {
    Stdout(std::io::BufWriter<std::io::Stdout>),
    File { out: std::io::BufWriter<std::fs::File>, replacement: cardnote::files::Replacement },
}

impl Sink {
    fn open(output: Option<&Path>) -> Result<Sink, String> {
        let Some(path) = output else {
            return Ok(Sink::Stdout(std::io::BufWriter::new(std::io::stdout())));
        };
        let mut replacement = cardnote::files::Replacement::new(path, None)?;
        let file =
            replacement.file().try_clone().map_err(|e| format!("cannot write the temporary file: {e}"))?;
        Ok(Sink::File { out: std::io::BufWriter::new(file), replacement })
    }

    fn out(&mut self) -> &mut dyn Write {
        match self {
            Sink::Stdout(w) => w,
            Sink::File { out, .. } => out,
        }
    }

    fn finish(self) -> Result<(), String> {
        match self {
            Sink::Stdout(mut w) => w.flush().map_err(|e| format!("cannot write: {e}")),
            Sink::File { out, replacement } => {
                out.into_inner().map_err(|e| format!("cannot write: {}", e.error()))?;
                replacement.commit(|_| Ok(()))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    /// Human output (`no_fields`) gives a hand's diagnostics without building its fields.
    #[test]
    fn no_fields_leaves_only_the_fields_out() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/sitelogs/pokerstars");
        let mut hands = 0;
        for path in cardnote_check::walk::collect_site_files(&[dir], "pokerstars").0 {
            let input = BufReader::new(std::fs::File::open(&path.path).unwrap());
            for record in records(Site::PokerStars, input, None, Options::default()) {
                let (json, human) = (report_of(&record, false, false), report_of(&record, false, true));
                assert_eq!(json.diagnostics, human.diagnostics);
                assert!(human.fields.is_empty());
                hands += usize::from(json.fields.contains_key("variant"));
            }
        }
        assert!(hands > 0, "no PokerStars hand read");
    }
}
