//! Site hand histories in the CLI: `check --format SITE` (or a site's log found by its content)
//! and `convert --format ... --to phh`, `convert --to pokerstars|acpc|pluribus|ohh` from PHH. Every reader and writer streams: one hand in memory at a time.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::ExitCode;

use cards_core::{Diagnostic, Span};
use sitelogs::Options;
use sitelogs::acpc::GameDef;

use cardnote::output::{DiagnosticPrinter, RenderSource};
use cardnote_check::sitelog;
use sitelogs::Site;

/// `--game FILE`, read (reported and exit 2 when it cannot be).
pub fn forced_game(game: Option<&Path>) -> Result<Option<GameDef>, ExitCode> {
    let Some(path) = game else { return Ok(None) };
    sitelog::read_game(path).map(Some).map_err(|d| {
        eprintln!("cardnote: {}: {}", d.code(), d.message());
        ExitCode::from(2)
    })
}

/// The bytes to read back for a record's diagnostics: the record's and every diagnostic's (a
/// reader may place an error past the record it ends, as a bad XML element is found after it).
pub(super) fn shown_span(record: &sitelogs::Record) -> Span {
    record.diagnostics.iter().fold(record.span, |all, d| {
        let span = d.span();
        Span::new(all.start.min(span.start), all.end.max(span.end))
    })
}

/// The text a record's spans point into, for rendering: the record's bytes, read back from the
/// file (one hand in memory), with any byte that is not UTF-8 shown as `?` so offsets hold.
pub(super) fn record_text(path: &Path, span: Span) -> String {
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
    let site = match convert_site(from, to) {
        Ok(site) => site,
        Err(code) => return code,
    };
    let game = match convert_game(file, site, from, game, output) {
        Ok(game) => game,
        Err(code) => return code,
    };
    let input = match std::fs::File::open(file) {
        Ok(f) => BufReader::with_capacity(1 << 16, f),
        Err(err) => return refuse(format_args!("cannot read {}: {err}", file.display())),
    };
    let mut sink = match Sink::open(output) {
        Ok(sink) => sink,
        Err(err) => return refuse(err),
    };
    let shown = file.display().to_string();
    let result = if from.is_some() {
        import(file, &shown, site, input, game.as_ref(), &mut sink, printer)
    } else {
        export(&shown, site, input, game.as_ref(), &mut sink)
    };
    let skipped = match result {
        Ok(skipped) => skipped,
        Err(err) => return refuse(err),
    };
    if let Err(err) = sink.finish() {
        return refuse(err);
    }
    if let (Some(out), Some(game), None) = (output, game.as_ref(), from) {
        let path = out.with_extension("game");
        if let Err(err) =
            cardnote::files::write_atomically(&path, game.to_text().as_bytes(), None, |_| Ok(()))
        {
            return refuse(err);
        }
    }
    if skipped > 0 { ExitCode::from(1) } else { ExitCode::SUCCESS }
}

/// Reports why `convert` cannot go on; its exit status.
fn refuse(why: impl std::fmt::Display) -> ExitCode {
    eprintln!("cardnote: {why}");
    ExitCode::from(2)
}

/// The site a conversion reads (`--format SITE --to phh`) or writes (`--to SITE`). `Err` holds
/// the exit status, the usage reported.
fn convert_site(from: Option<Site>, to: &str) -> Result<Site, ExitCode> {
    match (from, Site::from_name(to)) {
        (Some(site), None) if to == "phh" => Ok(site),
        (None, Some(site)) if site.writes() => Ok(site),
        _ => {
            let names = |writes: bool| {
                let sites = Site::ALL.into_iter().filter(|s| !writes || s.writes());
                sites.map(Site::name).collect::<Vec<_>>().join("|")
            };
            Err(refuse(format_args!(
                "convert a site log with `--format {} --to phh`, or PHH with `--to {}`",
                names(false),
                names(true)
            )))
        }
    }
}

/// The ACPC game a conversion reads or writes under: `--game`, the log's own, or (writing ACPC
/// to a file without `--game`) the one the PHH hands share. `Err` holds the exit status, the
/// refusal reported.
fn convert_game(
    file: &Path,
    site: Site,
    from: Option<Site>,
    game: Option<&Path>,
    output: Option<&Path>,
) -> Result<Option<GameDef>, ExitCode> {
    let derive = site == Site::Acpc && from.is_none() && game.is_none();
    match (derive, output) {
        (true, Some(_)) => common_game(file).map(Some),
        (true, None) => Err(refuse(
            "ACPC logs need their game definition: give it with --game FILE.game, or write to -o OUT.log and the hands' own game goes to OUT.game",
        )),
        (false, _) => {
            let forced = forced_game(game)?;
            sitelog::game_for(site, file, forced.as_ref())
                .map_err(|d| refuse(format_args!("{}: {}: {}", file.display(), d.code(), d.message())))
        }
    }
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
    // The caller found ACPC's game: the records are there for every site.
    let Some(records) = site.records(input, game, Options::default()) else { return Ok(0) };
    let mut lines =
        sitelog::Lines::of_file(path).ok_or_else(|| std::io::Error::from(std::io::ErrorKind::NotFound))?;
    for record in records {
        if !record.diagnostics.is_empty() {
            let shown = shown_span(&record);
            let base = lines.before(shown.start);
            let from = lines.line_start();
            let text = record_text(path, Span::new(from, shown.end));
            let render = RenderSource::part(&text, from, base);
            diagnostics.print(&mut err, &render, &sitelog::report(&record, false, true).diagnostics)?;
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
        for path in cardnote_check::walk::collect_site_files(&[dir], Site::PokerStars).0 {
            let input = BufReader::new(std::fs::File::open(&path.path).unwrap());
            for record in Site::PokerStars.records(input, None, Options::default()).unwrap() {
                let (json, human) =
                    (sitelog::report(&record, false, false), sitelog::report(&record, false, true));
                assert_eq!(json.diagnostics, human.diagnostics);
                assert!(human.fields.is_empty());
                hands += usize::from(json.fields.contains_key("variant"));
            }
        }
        assert!(hands > 0, "no PokerStars hand read");
    }
}
