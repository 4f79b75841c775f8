//! Glue for Portable Bridge Notation (`.pbn`): check (deal, auction, play, result and score
//! checks of the `pbn` crate), fmt (export format, or import style with `--preserve`) and convert
//! (to a JSON form that keeps every tag and section token, and back).
//!
//! Per game `check` reports `board`, `dealer`, `vulnerable`, `deal` (`N:` and the four hands from
//! North, `-` for a hand not given), `declarer`, `contract`, `result` (declarer's tricks claimed
//! by the Result tag), `tricks_by_play` (declarer's tricks in the play when every trick is known)
//! and `score` (the duplicate score for North-South computed from contract, declarer,
//! vulnerability and result); `null` when absent.

use std::io::BufRead as _;
use std::path::Path;

use cards_core::notation::{Checker as _, Notation as _, ReadRecords as _};
use cards_core::{Diagnostic, Span};
pub use pbn::Pbn;
use pbn::{Options, Record};
use serde_json::{Map, Value};

use super::{CheckOptions, Checked, ConvertTo, FmtOptions, Glue, Input, RecordReport, Refusal, Unit, Units};

pub(crate) fn fields(r: &Record) -> Map<String, Value> {
    fields_of(&r.model.info)
}

/// The `check --json` fields: the serde form of [`pbn::summary::Fields`].
fn fields_of(info: &pbn::GameInfo) -> Map<String, Value> {
    fields_map(&pbn::summary::Fields::from(info))
}

/// A game's fields for a report: none when the output never reads them (human `check`).
fn report_fields(info: &pbn::GameInfo, opts: &CheckOptions) -> Map<String, Value> {
    if opts.no_fields { Map::new() } else { fields_of(info) }
}

/// The fields of a report without a game: every one null (none when the output never reads them).
fn report_no_game_fields(opts: &CheckOptions) -> Map<String, Value> {
    if opts.no_fields { Map::new() } else { no_game_fields() }
}

fn fields_map(fields: &pbn::summary::Fields) -> Map<String, Value> {
    match serde_json::to_value(fields) {
        Ok(Value::Object(m)) => m,
        // A struct of options always serializes to an object.
        _ => Map::new(),
    }
}

/// Reads and checks decoded text on pbn's one path (`read_checked::<Pbn>`): repeated warnings held
/// back, spans in `source`.
pub fn read(source: &str, strict: bool) -> Vec<Record> {
    // Reading text in memory cannot fail.
    cards_core::notation::read_checked::<Pbn, _>(source.as_bytes(), Options { strict })
        .map_while(Result::ok)
        .collect()
}

/// The fields of a file without a game: every one null.
pub(crate) fn no_game_fields() -> Map<String, Value> {
    fields_map(&pbn::summary::Fields::default())
}

fn json_error(source: &str, message: String) -> Refusal {
    Refusal {
        source: source.to_owned(),
        diagnostics: vec![Diagnostic::error("PBN_JSON", message, Span::at(0))],
    }
}

/// Rebuilds import-style PBN text from the JSON form.
fn from_json(source: &str) -> Result<String, Refusal> {
    let doc: Value =
        serde_json::from_str(source).map_err(|e| json_error(source, format!("not PBN JSON: {e}")))?;
    let games = doc
        .get("games")
        .and_then(Value::as_array)
        .ok_or_else(|| json_error(source, "no `games` array".into()))?;
    let mut out = String::new();
    for (i, game) in games.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let items = game.get("items").and_then(Value::as_array).map_or(&[][..], Vec::as_slice);
        let push_token = |out: &mut String, t: &Value| {
            let kind = t.get("kind").and_then(Value::as_str).unwrap_or("word");
            let text = t.get("text").and_then(Value::as_str).unwrap_or("");
            let line_start = t.get("line_start").and_then(Value::as_bool).unwrap_or(false);
            let at_start = out.is_empty() || out.ends_with('\n');
            if line_start && !at_start {
                out.push('\n');
            } else if !at_start {
                out.push(' ');
            }
            match kind {
                "string" => {
                    out.push('"');
                    out.push_str(text);
                    out.push('"');
                }
                "brace_comment" => {
                    out.push('{');
                    out.push_str(text);
                    out.push('}');
                }
                "line_comment" => {
                    out.push(';');
                    out.push_str(text);
                    out.push('\n');
                }
                "escape" | "delimiter" => {
                    out.push_str(text);
                    out.push('\n');
                }
                _ => out.push_str(text),
            }
        };
        for item in items {
            if let Some(line) = item.get("line").and_then(Value::as_str) {
                if !(out.is_empty() || out.ends_with('\n')) {
                    out.push('\n');
                }
                out.push_str(line);
                out.push('\n');
            } else if let Some(name) = item.get("tag").and_then(Value::as_str) {
                if !(out.is_empty() || out.ends_with('\n')) {
                    out.push('\n');
                }
                let value = item.get("value").and_then(Value::as_str).unwrap_or("");
                out.push_str(&format!("[{name} \"{}\"]", pbn::model::escape(value)));
                for t in item.get("data").and_then(Value::as_array).map_or(&[][..], Vec::as_slice) {
                    push_token(&mut out, t);
                }
            } else {
                push_token(&mut out, item);
            }
        }
        if !(out.is_empty() || out.ends_with('\n')) {
            out.push('\n');
        }
    }
    Ok(out)
}

/// Text written from a record, in its own encoding (ISO-8859-1 stays so).
fn encode_record(out: &mut Vec<u8>, text: &[u8], latin1: bool) {
    if latin1 {
        // Every character came from one byte of the file, so each fits one byte again.
        let text = String::from_utf8_lossy(text);
        out.extend(text.chars().map(|c| u8::try_from(u32::from(c)).unwrap_or(b'?')));
    } else {
        out.extend_from_slice(text);
    }
}

/// A unit's games in export format: the file's export text, one unit's share at a time.
fn export_unit(unit: &Unit<Pbn>, records: &[Record], keep_encoding: bool) -> Vec<u8> {
    let mut writer =
        if unit.first { pbn::Writer::new(Vec::new()) } else { pbn::Writer::continuing(Vec::new()) };
    let mut out = Vec::new();
    if unit.first && unit.data.bom && keep_encoding {
        out.extend_from_slice(b"\xEF\xBB\xBF");
    }
    for record in records {
        // Writing to a Vec cannot fail.
        let _ = writer.write_record(record);
        let written = std::mem::take(writer.get_mut());
        encode_record(&mut out, &written, keep_encoding && record.model.latin1);
    }
    // Every unit ends its last line: the next one goes on as the whole-file writer would.
    encode_record(&mut out, &writer.into_inner().unwrap_or_default(), false);
    out
}

/// What a PBN unit knows of its file.
#[derive(Debug, Default, Clone, Copy)]
pub struct Seen {
    /// The file began with a UTF-8 byte order mark.
    bom: bool,
    /// Line end of the import-style writer: CR LF once the file has shown one.
    crlf: bool,
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
        self.seen.crlf = self.seen.crlf || text.contains("\r\n");
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
        self.line += super::line_count(&unit.text);
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

/// A unit's games parsed and checked alone (lenient); with `refuse`, the unit is refused (errors
/// with spans in the unit) when any game has an error.
fn checked_unit(unit: &Unit<Pbn>, refuse: bool) -> Result<Vec<Record>, Refusal> {
    let options = Options::default();
    let checker = Pbn::checker(&options);
    let records: Vec<Record> = unit
        .items
        .iter()
        .map(|raw| {
            let mut record = Pbn::parse(raw.clone(), &options);
            checker.check(&mut record);
            record
        })
        .collect();
    if refuse {
        super::refuse_errors(&unit.text, unit.offset, &records)?;
    }
    Ok(records)
}

/// PBN through the streaming commands, a thin layer over [`pbn::Pbn`]: the sequential step cuts
/// the file game by game; the workers parse and check each unit's games ([`pbn::Checker`]: deal,
/// auction, play, score, export rules) and report, write or convert them. The checker's in-order
/// finish holds back the warnings repeated across games.
impl Glue for Pbn {
    const FORMAT: super::Format = super::Format::Pbn;
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

    /// One report per game: what the records between it and the game before report (comments,
    /// headers) goes with it, the records after the last game with the last one; a unit without
    /// a game gives one report, every field null. With `--dd`, each game's double-dummy checks.
    fn reports(
        unit: &Unit<Pbn>,
        records: impl Iterator<Item = Checked<Self::Model>>,
        opts: &CheckOptions,
    ) -> Vec<RecordReport> {
        let records: Vec<Record> = records.map(|c| c.record).collect();
        let dd: Vec<Vec<Diagnostic>> = if opts.dd {
            let tables = super::dd::solve_records(&records, false, bridge_dd::DEFAULT_MEMORY_MIB);
            records
                .iter()
                .zip(&tables)
                .map(|(r, t)| bridge_dd::check::check(r, t.as_ref(), opts.strict))
                .collect()
        } else {
            Vec::new()
        };
        let mut reports = Vec::new();
        let mut carried: Vec<Diagnostic> = Vec::new();
        for (i, record) in records.into_iter().enumerate() {
            let mut diagnostics = record.diagnostics;
            if let Some(dd) = dd.get(i).filter(|dd| !dd.is_empty()) {
                diagnostics.extend(dd.iter().cloned());
                diagnostics.sort_by_key(|d: &Diagnostic| (d.span().start, d.span().end));
            }
            super::into_unit(&mut diagnostics, unit.offset);
            carried.append(&mut diagnostics);
            if record.model.is_game {
                let fields = report_fields(&record.model.info, opts);
                reports.push(RecordReport { diagnostics: std::mem::take(&mut carried), fields });
            }
        }
        match reports.last_mut() {
            Some(last) => last.diagnostics.append(&mut carried),
            None => reports.push(RecordReport { diagnostics: carried, fields: report_no_game_fields(opts) }),
        }
        reports
    }

    /// Export format (CRLF, `% PBN 2.1`, `% EXPORT`, tag order, NAGs), or with `preserve` the
    /// import style that keeps the author's tokens, lines and comments; in the file's own encoding
    /// (ISO-8859-1 stays so, a byte order mark stays).
    fn fmt(unit: Unit<Pbn>, opts: &FmtOptions) -> Result<Vec<u8>, Refusal> {
        let records = checked_unit(&unit, !opts.force)?;
        if !opts.preserve {
            return Ok(export_unit(&unit, &records, true));
        }
        let eol = if unit.data.crlf { "\r\n" } else { "\n" };
        let mut out = Vec::new();
        if unit.first && unit.data.bom {
            out.extend_from_slice(b"\xEF\xBB\xBF");
        }
        let mut text = String::new();
        for (i, record) in records.iter().enumerate() {
            text.clear();
            if !(unit.first && i == 0) {
                text.push_str(eol);
            }
            pbn::write::write_import_game(&mut text, &record.model, eol, true);
            encode_record(&mut out, text.as_bytes(), record.model.latin1);
        }
        Ok(out)
    }

    fn convert_open(to: ConvertTo) -> Vec<u8> {
        match to {
            ConvertTo::Json => b"{\n  \"format\": \"pbn\",\n  \"games\": [".to_vec(),
            ConvertTo::Native => Vec::new(),
        }
    }

    /// To the JSON form (`{"format": "pbn", "games": [...]}` with the check fields and every item
    /// of each game), or to PBN export format.
    fn convert(unit: Unit<Pbn>, to: ConvertTo) -> Result<Vec<u8>, Refusal> {
        let records = checked_unit(&unit, true)?;
        if to == ConvertTo::Native {
            return Ok(export_unit(&unit, &records, false));
        }
        let mut out = Vec::new();
        for (n, record) in (unit.index..).zip(records.iter().filter(|r| r.model.is_game)) {
            out.extend_from_slice(if n == 0 { b"\n    " } else { b",\n    " });
            let text = serde_json::to_string_pretty(&pbn::summary::GameJson::from(&record.model))
                .map_err(|e| json_error(&unit.text, format!("cannot write JSON: {e}")))?;
            out.extend_from_slice(super::indented(&text, 4).as_bytes());
        }
        Ok(out)
    }

    /// The JSON form as it is, or PBN export format written from it.
    fn from_json(source: &str, to: ConvertTo) -> Option<Result<Vec<u8>, Refusal>> {
        Some(match to {
            ConvertTo::Json => Ok(source.as_bytes().to_vec()),
            ConvertTo::Native => from_json(source)
                .and_then(|text| super::convert_bytes(super::Format::Pbn, text.as_bytes(), to)),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::{FileCheck, Format};
    use super::*;

    fn check(data: &[u8], opts: &CheckOptions) -> FileCheck {
        super::super::check_bytes(Format::Pbn, data, opts)
    }

    fn fmt(data: &[u8], opts: &FmtOptions) -> Result<Vec<u8>, Refusal> {
        super::super::fmt_bytes(Format::Pbn, data, opts)
    }

    fn convert(data: &[u8], to: ConvertTo) -> Result<Vec<u8>, Refusal> {
        super::super::convert_bytes(Format::Pbn, data, to)
    }

    const GAME: &[u8] = b"[Board \"1\"]\r\n[Dealer \"N\"]\r\n[Vulnerable \"None\"]\r\n[Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\r\n";

    /// `fmt` and `fmt --preserve` keep a file's encoding: ISO-8859-1 stays ISO-8859-1, UTF-8 stays
    /// UTF-8, a byte order mark stays.
    #[test]
    fn fmt_keeps_the_encoding() {
        let latin1 = [GAME, b"[Note \"1:min\xF6rs\"]\r\n"].concat();
        let utf8 = [GAME, "[Note \"1:minörs\"]\r\n".as_bytes()].concat();
        let bom = [b"\xEF\xBB\xBF".as_slice(), &utf8].concat();
        for (name, data, marker) in [
            ("latin1", &latin1, b"min\xF6rs".as_slice()),
            ("utf8", &utf8, "minörs".as_bytes()),
            ("bom", &bom, "minörs".as_bytes()),
        ] {
            for preserve in [false, true] {
                let out =
                    fmt(data, &FmtOptions { preserve, force: false }).map_err(|r| r.diagnostics).unwrap();
                assert!(out.windows(marker.len()).any(|w| w == marker), "{name} preserve={preserve}");
                assert_eq!(out.starts_with(b"\xEF\xBB\xBF"), name == "bom", "{name} preserve={preserve}");
                if preserve {
                    assert_eq!(out, *data, "{name}: nothing else changes, so the bytes are the same");
                }
            }
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
                .flat_map(|unit| super::super::check_unit(unit.unwrap(), opts))
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

    /// A PBN file that opens with a brace comment is PBN, not JSON, and converts both ways.
    #[test]
    fn a_leading_brace_comment_is_not_json() {
        let text = b"{ Generated by hand }\n[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\n";
        let json = convert(text, ConvertTo::Json).map_err(|r| r.diagnostics).unwrap();
        let doc: Value = serde_json::from_slice(&json).unwrap();
        assert_eq!(doc["games"].as_array().map(Vec::len), Some(1));
        let back =
            String::from_utf8(convert(&json, ConvertTo::Native).map_err(|r| r.diagnostics).unwrap()).unwrap();
        assert!(
            back.contains("[Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]")
        );
        let native =
            String::from_utf8(convert(text, ConvertTo::Native).map_err(|r| r.diagnostics).unwrap()).unwrap();
        assert!(native.contains("{ Generated by hand }"), "{native}");
    }
}
