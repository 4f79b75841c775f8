//! Portable Bridge Notation (`.pbn`) checked by the `pbn` crate (deal, auction, play, result and
//! score checks), the repeated warnings held back by its checker's in-order finish.
//!
//! Per game `check` reports `board`, `dealer`, `vulnerable`, `deal` (`N:` and the four hands from
//! North, `-` for a hand not given), `declarer`, `contract`, `result` (declarer's tricks claimed
//! by the Result tag), `tricks_by_play` (declarer's tricks in the play when every trick is known)
//! and `score` (the duplicate score for North-South computed from contract, declarer,
//! vulnerability and result); `null` when absent.

use std::io::BufRead as _;
use std::path::Path;

use cards_core::Diagnostic;
use cards_core::notation::{Notation as _, ReadRecords as _};
pub use pbn::Pbn;
use pbn::{Options, Record};
use serde_json::{Map, Value};

use crate::{Check, CheckOptions, Checked, Input, RecordReport, Unit, Units};

/// A game's `check --json` fields: the serde form of [`pbn::summary::Fields`].
#[must_use]
fn fields(r: &Record) -> Map<String, Value> {
    fields_map(pbn::summary::Fields::from(&r.model.info))
}

/// The serde form of `fields` (what `serde_json::to_value` gives, keys in the struct's order),
/// built without the serializer: it runs once per game on the `check --json` path. The whole
/// pattern makes a field added to `Fields` fail to compile here.
fn fields_map(fields: pbn::summary::Fields) -> Map<String, Value> {
    let pbn::summary::Fields {
        board,
        dealer,
        vulnerable,
        deal,
        declarer,
        contract,
        result,
        tricks_by_play,
        score,
    } = fields;
    let text = |v: Option<String>| v.map_or(Value::Null, Value::String);
    let number = |v: Option<u8>| v.map_or(Value::Null, Value::from);
    let mut map = Map::with_capacity(9);
    map.insert("board".to_owned(), text(board));
    map.insert("dealer".to_owned(), text(dealer));
    map.insert("vulnerable".to_owned(), text(vulnerable));
    map.insert("deal".to_owned(), text(deal));
    map.insert("declarer".to_owned(), text(declarer));
    map.insert("contract".to_owned(), text(contract));
    map.insert("result".to_owned(), number(result));
    map.insert("tricks_by_play".to_owned(), number(tricks_by_play));
    map.insert("score".to_owned(), score.map_or(Value::Null, Value::from));
    map
}

/// Reads and checks decoded text on pbn's one path (`read_checked::<Pbn>`): repeated warnings held
/// back, spans in `source`.
#[must_use]
pub fn read(source: &str, strict: bool) -> Vec<Record> {
    // Reading text in memory cannot fail.
    cards_core::notation::read_checked::<Pbn, _>(source.as_bytes(), Options { strict })
        .map_while(Result::ok)
        .collect()
}

/// The fields of a file without a game: every one null.
#[must_use]
fn no_game_fields() -> Map<String, Value> {
    fields_map(pbn::summary::Fields::default())
}

/// What a PBN unit knows of its file.
#[derive(Debug, Default, Clone, Copy)]
pub struct Seen {
    /// The file began with a UTF-8 byte order mark.
    pub bom: bool,
    /// Line end of the import-style writer: CR LF once the file has shown one.
    pub crlf: bool,
}

/// Cuts a PBN stream into units of whole games with [`pbn::Reader`]'s `read_raw` (tags,
/// sections, `#`/`##` inheritance, the export mode: what needs the games in order).
struct GameUnits<'r> {
    reader: pbn::Reader<Input<'r>>,
    /// Games of the unit being gathered, and their text's size.
    raws: Vec<pbn::RawRecord>,
    bytes: usize,
    limit: usize,
    /// Where the next unit starts: lines before it, games before it.
    line: usize,
    index: usize,
    seen: Seen,
    /// A unit was made.
    started: bool,
    done: bool,
}

impl GameUnits<'_> {
    /// The unit of `raws`: their texts back to back (games of one buffer share it).
    fn unit(&mut self, raws: Vec<pbn::RawRecord>) -> Unit<Pbn> {
        let mut text = String::with_capacity(self.bytes);
        let mut at = None;
        for r in &raws {
            if at != Some(r.offset()) {
                at = Some(r.offset());
                text.push_str(r.text());
            }
        }
        // Most files have no CR at all, which one vector search of the bytes finds.
        self.seen.crlf = self.seen.crlf || (text.as_bytes().contains(&b'\r') && text.contains("\r\n"));
        let games = raws.iter().filter(|r| r.is_game()).count();
        let unit = Unit {
            offset: raws.first().map_or(0, pbn::RawRecord::offset),
            line: self.line,
            index: self.index,
            first: !self.started,
            data: self.seen,
            items: raws,
            text,
        };
        self.line += crate::line_count(&unit.text);
        self.index += games;
        self.started = true;
        self.bytes = 0;
        unit
    }

    fn push(&mut self, raw: pbn::RawRecord) {
        if self.raws.last().is_none_or(|r| r.offset() != raw.offset()) {
            self.bytes += raw.text().len();
        }
        self.raws.push(raw);
    }
}

impl Iterator for GameUnits<'_> {
    type Item = std::io::Result<Unit<Pbn>>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        loop {
            match self.reader.read_raw() {
                Some(Ok(raw)) => {
                    // A unit is cut before a game that starts a buffer of its own, once the unit
                    // is big enough; what stands between the games (a comment block) goes with
                    // the game after it, as `check` reports it.
                    let new_buffer = self.raws.last().is_none_or(|r| r.offset() != raw.offset());
                    if raw.is_game() && new_buffer && self.bytes >= self.limit {
                        let keep = self.raws.iter().rposition(pbn::RawRecord::is_game).map_or(0, |i| i + 1);
                        let shares = self
                            .raws
                            .get(keep.wrapping_sub(1))
                            .zip(self.raws.get(keep))
                            .is_some_and(|(game, after)| game.offset() == after.offset());
                        if keep > 0 && !shares {
                            let after: Vec<_> = self.raws.drain(keep..).collect();
                            let done = std::mem::replace(&mut self.raws, after);
                            let unit = self.unit(done);
                            self.bytes = self.raws.iter().map(|r| r.text().len()).sum();
                            self.push(raw);
                            return Some(Ok(unit));
                        }
                    }
                    self.push(raw);
                }
                Some(Err(err)) => {
                    self.done = true;
                    return Some(Err(err));
                }
                None => {
                    self.done = true;
                    let raws = std::mem::take(&mut self.raws);
                    return Some(Ok(self.unit(raws)));
                }
            }
        }
    }
}

/// PBN checked, a thin layer over [`pbn::Pbn`]: the sequential step cuts the file game by game;
/// the workers parse and check each unit's games ([`pbn::Checker`]: deal, auction, play, score,
/// export rules) and report them. The checker's in-order finish holds back the warnings repeated
/// across games.
impl Check for Pbn {
    const FORMAT: crate::Format = crate::Format::Pbn;
    type Item = pbn::RawRecord;
    type Data = Seen;

    fn units<'r>(mut input: Input<'r>, _path: &Path, limit: usize) -> Units<'r, Pbn> {
        let bom = match input.fill_buf() {
            Ok(head) => head.starts_with(cards_core::charset::BOM),
            Err(err) => return Box::new(std::iter::once(Err(err))),
        };
        Box::new(GameUnits {
            reader: pbn::Reader::new(input, Options::default()),
            raws: Vec::new(),
            bytes: 0,
            limit,
            line: 0,
            index: 0,
            seen: Seen { bom, crlf: false },
            started: false,
            done: false,
        })
    }

    fn options(opts: &CheckOptions) -> Options {
        Options { strict: opts.strict }
    }

    fn read(raw: pbn::RawRecord, options: &Options) -> Record {
        Pbn::parse(raw, options)
    }

    fn is_record(raw: &pbn::RawRecord) -> bool {
        raw.is_game()
    }

    fn fields(checked: &mut Checked<Self::Model>, _opts: &CheckOptions) -> Map<String, Value> {
        fields(&checked.record)
    }

    /// One report per game ([`game_reports`]); with `--dd`, each game's double-dummy checks.
    fn reports(
        unit: &Unit<Pbn>,
        records: impl Iterator<Item = Checked<Self::Model>>,
        opts: &CheckOptions,
    ) -> Vec<RecordReport> {
        let records: Vec<Record> = records.map(|c| c.record).collect();
        let dd = if opts.dd {
            let tables =
                crate::formats::dd::solve_records(&records, bridge_dd::DEFAULT_MEMORY_MIB, |_, _| {});
            crate::formats::dd::check_records(&records, &tables, opts.strict)
        } else {
            Vec::new()
        };
        game_reports(records, &dd, unit.offset, opts)
    }
}

/// One report per game of `records` (read from text that starts `offset` bytes into the unit's):
/// what the records between it and the game before report (comments, headers) goes with it, the
/// records after the last game with the last one; no game gives one report, every field null.
/// `dd` holds each record's double-dummy diagnostics, when checked ([`crate::formats::dd::check_records`]).
#[must_use]
pub fn game_reports(
    records: Vec<Record>,
    dd: &[Vec<Diagnostic>],
    offset: usize,
    opts: &CheckOptions,
) -> Vec<RecordReport> {
    let mut reports = Vec::new();
    let mut carried: Vec<Diagnostic> = Vec::new();
    for (i, mut record) in records.into_iter().enumerate() {
        let mut diagnostics = std::mem::take(&mut record.diagnostics);
        if let Some(dd) = dd.get(i).filter(|dd| !dd.is_empty()) {
            diagnostics.extend(dd.iter().cloned());
            diagnostics.sort_by_key(|d: &Diagnostic| (d.span().start, d.span().end));
        }
        crate::into_unit(&mut diagnostics, offset);
        carried.append(&mut diagnostics);
        if record.model.is_game {
            let fields = if opts.no_fields { Map::new() } else { fields(&record) };
            reports.push(RecordReport { diagnostics: std::mem::take(&mut carried), fields });
        }
    }
    match reports.last_mut() {
        Some(last) => last.diagnostics.append(&mut carried),
        None => {
            let fields = if opts.no_fields { Map::new() } else { no_game_fields() };
            reports.push(RecordReport { diagnostics: carried, fields });
        }
    }
    reports
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(data: &[u8], opts: &CheckOptions) -> crate::FileCheck {
        crate::check_bytes(crate::Format::Pbn, data, opts)
    }

    const GAME: &[u8] = b"[Board \"1\"]\r\n[Dealer \"N\"]\r\n[Vulnerable \"None\"]\r\n[Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\r\n";

    /// The fields built by hand are the serde form of `Fields`, every field given or none.
    #[test]
    fn fields_are_the_serde_form() {
        let given = pbn::summary::Fields {
            board: Some("1".into()),
            dealer: Some("N".into()),
            vulnerable: Some("NS".into()),
            deal: Some("N:- - - -".into()),
            declarer: Some("^S".into()),
            contract: Some("4HX".into()),
            result: Some(10),
            tricks_by_play: Some(9),
            score: Some(-790),
        };
        for fields in [given, pbn::summary::Fields::default()] {
            let Ok(Value::Object(serde)) = serde_json::to_value(&fields) else { panic!("not an object") };
            let built = fields_map(fields);
            assert_eq!(Value::Object(built.clone()).to_string(), Value::Object(serde.clone()).to_string());
            assert_eq!(built, serde);
        }
    }

    /// A header of `%` lines alone is not a game: no record with every field null before the
    /// first game. A file without a game still gives one record.
    #[test]
    fn header_lines_are_not_a_game() {
        let data = [b"% PBN 2.1\r\n% EXPORT\r\n\r\n".as_slice(), GAME].concat();
        let checked = check(&data, &CheckOptions::default());
        assert_eq!(checked.records.len(), 1);
        assert_eq!(checked.records[0].fields["board"], Value::from("1"));
        for empty in [b"".as_slice(), b"\n\n", b"% PBN 2.1\n", b"{ nothing }\n"] {
            assert_eq!(check(empty, &CheckOptions::default()).records.len(), 1);
        }
    }

    /// Human output asks for no fields: the same diagnostics, no field map built, whole file or
    /// streamed in units.
    #[test]
    fn no_fields_changes_only_the_fields() {
        let data = [GAME, b"[Contract \"3N\"]\r\n\r\n", GAME, b"[Result \"14\"]\r\n"].concat();
        let human_opts = CheckOptions { no_fields: true, ..CheckOptions::default() };
        let units = |opts: &CheckOptions| -> Vec<RecordReport> {
            let input: Input = Box::new(std::io::Cursor::new(data.clone()));
            Pbn::units(input, Path::new("x.pbn"), 64)
                .flat_map(|unit| crate::check_unit(unit.unwrap(), opts))
                .collect()
        };
        for (json, human) in [
            (check(&data, &CheckOptions::default()).records, check(&data, &human_opts).records),
            (units(&CheckOptions::default()), units(&human_opts)),
        ] {
            assert_eq!(json.len(), 2);
            assert!(json.iter().any(|r| r.diagnostics.iter().any(Diagnostic::is_error)));
            assert!(json.iter().any(|r| r.diagnostics.iter().any(|d| !d.is_error())));
            for (json, human) in json.iter().zip(&human) {
                assert_eq!(json.diagnostics, human.diagnostics);
                assert!(!json.fields.is_empty());
                assert!(human.fields.is_empty());
            }
        }
    }
}
