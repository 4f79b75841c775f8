//! Glue for Portable Bridge Notation (`.pbn`): check (deal, auction, play, result and score
//! checks of the `pbn` crate), fmt (export format, or import style with `--preserve`) and convert
//! (to a JSON form that keeps every tag and section token, and back).
//!
//! Per game `check` reports `board`, `dealer`, `vulnerable`, `deal` (`N:` and the four hands from
//! North, `-` for a hand not given), `declarer`, `contract`, `result` (declarer's tricks claimed
//! by the Result tag), `tricks_by_play` (declarer's tricks in the play when every trick is known)
//! and `score` (the duplicate score for North-South computed from contract, declarer,
//! vulnerability and result); `null` when absent.

use std::sync::Arc;

use cards_core::notation::{Checker as _, Notation as _, ReadRecords as _};
use cards_core::{Diagnostic, Span};
use pbn::{Options, Pbn, Record};
use serde_json::{Map, Value};

use super::{CheckOptions, ConvertTo, FileCheck, FmtOptions, RecordReport, Refusal};

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

/// Checks a whole file: one record per game. A header of `%` lines and comments alone is not a
/// game: what it reports goes with the game after it (or, at the end of the file, the game before
/// it), so game indexes are not shifted. A file without any game (0 bytes, blank, comments only)
/// still gives one record, every field null.
#[must_use]
pub fn check(data: &[u8], opts: &CheckOptions) -> FileCheck {
    let source = pbn::decode(data).text;
    let mut reports: Vec<RecordReport> = Vec::new();
    let mut carried: Vec<Diagnostic> = Vec::new();
    // Records are dropped as they are reported: only the reports are kept.
    let records =
        cards_core::notation::read_checked::<Pbn, _>(source.as_bytes(), Options { strict: opts.strict });
    for r in records.map_while(Result::ok) {
        if r.model.is_game {
            let mut diagnostics = std::mem::take(&mut carried);
            diagnostics.extend(r.diagnostics);
            reports.push(RecordReport { diagnostics, fields: report_fields(&r.model.info, opts) });
        } else {
            carried.extend(r.diagnostics);
        }
    }
    match reports.last_mut() {
        Some(last) => last.diagnostics.append(&mut carried),
        None => reports.push(RecordReport { diagnostics: carried, fields: report_no_game_fields(opts) }),
    }
    FileCheck { source, records: reports }
}

/// The fields of a file without a game: every one null.
pub(crate) fn no_game_fields() -> Map<String, Value> {
    fields_map(&pbn::summary::Fields::default())
}

/// Bytes for text written from a file decoded by [`pbn::decode`]: in the file's own encoding
/// (ISO-8859-1 stays ISO-8859-1, UTF-8 stays UTF-8) and with its byte order mark when it had one.
fn encode_like(decoded: &pbn::Decoded, text: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len() + 3);
    if decoded.bom {
        out.extend_from_slice(b"\xEF\xBB\xBF");
    }
    if decoded.latin1 {
        // Every character came from one byte of the file, so each fits one byte again.
        out.extend(text.chars().map(|c| u8::try_from(u32::from(c)).unwrap_or(b'?')));
    } else {
        out.extend_from_slice(text.as_bytes());
    }
    out
}

fn refuse(source: &str, records: &[Record]) -> Result<(), Refusal> {
    let errors: Vec<Diagnostic> =
        records.iter().flat_map(|r| r.diagnostics.iter().filter(|d| d.is_error()).cloned()).collect();
    if errors.is_empty() { Ok(()) } else { Err(Refusal { source: source.to_owned(), diagnostics: errors }) }
}

/// Rewrites a file: export format (CRLF, `% PBN 2.1`, `% EXPORT`, tag order, NAGs), or with
/// `preserve` the import style that keeps the author's tokens, lines and comments. Files with
/// errors are refused unless `opts.force`.
pub fn fmt(data: &[u8], opts: &FmtOptions) -> Result<Vec<u8>, Refusal> {
    let decoded = pbn::decode(data);
    let source = decoded.text.as_str();
    let records = read(source, false);
    if !opts.force {
        refuse(source, &records)?;
    }
    let out = if opts.preserve {
        let eol = if source.contains("\r\n") { "\r\n" } else { "\n" };
        pbn::write::write_import_from(records.iter().map(|r| &r.model), eol)
    } else {
        pbn::write::write_export(&records)
    };
    Ok(encode_like(&decoded, &out))
}

/// The whole JSON form of a file.
#[derive(serde::Serialize)]
struct JsonDocumentOut<'a> {
    format: &'static str,
    games: Vec<pbn::summary::GameJson<'a>>,
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

/// Converts a file: PBN to its JSON form (`{"format": "pbn", "games": [...]}` with the check
/// fields and every item of each game), or to PBN export format (from PBN or from that JSON).
pub fn convert(data: &[u8], to: ConvertTo) -> Result<Vec<u8>, Refusal> {
    let source = pbn::decode(data).text;
    let is_json = super::is_json_text(&source);
    match to {
        ConvertTo::Json => {
            if is_json {
                return Ok(source.into_bytes());
            }
            let records = read(&source, false);
            refuse(&source, &records)?;
            let games: Vec<_> = records
                .iter()
                .filter(|r| r.model.is_game)
                .map(|r| pbn::summary::GameJson::from(&r.model))
                .collect();
            let doc = JsonDocumentOut { format: "pbn", games };
            let mut out = serde_json::to_string_pretty(&doc)
                .map_err(|e| json_error(&source, format!("cannot write JSON: {e}")))?;
            out.push('\n');
            Ok(out.into_bytes())
        }
        ConvertTo::Native => {
            let text = if is_json { from_json(&source)? } else { source.clone() };
            let records = read(&text, false);
            refuse(&text, &records)?;
            Ok(pbn::write::write_export(&records).into_bytes())
        }
    }
}

/// Bytes of PBN text a unit gathers before it is cut (after a game): big enough that a unit's
/// fixed costs vanish, small enough that the units in flight stay far under the memory budget.
pub const UNIT_BYTES: usize = 256 << 10;

/// PBN through the streaming commands, a thin layer over [`pbn::Pbn`]: the sequential step cuts
/// the file game by game with [`pbn::Reader`]'s `read_raw` (tags, sections, `#`/`##`
/// inheritance, the export mode: what needs the games in order) into units of
/// [`pbn::RawRecord`]s; the workers parse and check each unit's games ([`pbn::Checker`]: deal,
/// auction, play, score, export rules) and report, write or convert them. The checker's in-order
/// finish ([`super::Notation::finish`]) holds back the warnings repeated across games. A JSON
/// document (the input of `convert`) is one unit, read whole.
#[derive(Debug, Clone, Copy)]
pub struct PbnNotation;

/// What a unit of games carries.
struct Games {
    raws: Vec<pbn::RawRecord>,
    /// The file's first unit (writes the export header, the JSON opening, the byte order mark).
    first: bool,
    /// The file's last unit (closes the JSON document).
    last: bool,
    /// The file began with a UTF-8 byte order mark.
    bom: bool,
    /// Line end of the import-style writer: CR LF once the file has shown one.
    crlf: bool,
}

impl Games {
    /// The unit's games parsed and checked (spans in the file).
    fn checked(&self, options: &Options) -> Vec<Record> {
        let checker = Pbn::checker(options);
        self.raws
            .iter()
            .map(|raw| {
                let mut record = Pbn::parse(raw.clone(), options);
                checker.check(&mut record);
                record
            })
            .collect()
    }
}

/// A JSON document, read whole.
struct JsonDocument(Vec<u8>);

/// What a unit's check leaves for the finish step: each record checked (spans in the file), and
/// each record's double-dummy checks (`check --dd`, spans in the file; empty without).
struct Found {
    records: Vec<Record>,
    dd: Vec<Vec<Diagnostic>>,
}

/// Cuts a PBN stream into units of whole games.
struct GameUnits<'r> {
    reader: pbn::Reader<Box<dyn std::io::BufRead + Send + 'r>>,
    /// Games of the unit being gathered, and their text's size.
    raws: Vec<pbn::RawRecord>,
    bytes: usize,
    /// Where the next unit starts: its offset, lines before it, games before it.
    offset: usize,
    line: usize,
    index: usize,
    first: bool,
    bom: bool,
    crlf: bool,
    done: bool,
}

impl GameUnits<'_> {
    /// The unit of `raws`: their texts back to back (games of one buffer share it).
    fn unit(&mut self, raws: Vec<pbn::RawRecord>, last: bool) -> super::Unit {
        let mut text = String::with_capacity(self.bytes);
        let mut at = None;
        for r in &raws {
            if at != Some(r.offset()) {
                at = Some(r.offset());
                text.push_str(r.text());
            }
        }
        self.crlf = self.crlf || text.contains("\r\n");
        let games = raws.iter().filter(|r| r.is_game()).count();
        let unit = super::Unit {
            offset: raws.first().map_or(self.offset, pbn::RawRecord::offset),
            line: self.line,
            index: self.index,
            context: Some(Arc::new(Games { raws, first: self.first, last, bom: self.bom, crlf: self.crlf })),
            text,
        };
        self.offset = unit.offset + unit.text.len();
        self.line += line_breaks(&unit.text);
        self.index += games;
        self.first = false;
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

/// Line breaks as `cards_core::LineIndex` counts them: `\n`, `\r\n` and a lone `\r`.
fn line_breaks(text: &str) -> usize {
    let b = text.as_bytes();
    // Branch-free sums over the bytes and their successors, so the compiler vectorizes them.
    let lf: usize = b.iter().map(|&c| usize::from(c == b'\n')).sum();
    let lone_cr: usize = b
        .iter()
        .zip(b.iter().skip(1))
        .map(|(&c, &next)| usize::from(c == b'\r') & usize::from(next != b'\n'))
        .sum();
    lf + lone_cr + usize::from(b.last() == Some(&b'\r'))
}

impl Iterator for GameUnits<'_> {
    type Item = std::io::Result<super::Unit>;

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
                    if raw.is_game() && new_buffer && self.bytes >= UNIT_BYTES {
                        let keep = self.raws.iter().rposition(pbn::RawRecord::is_game).map_or(0, |i| i + 1);
                        let shares = self
                            .raws
                            .get(keep.wrapping_sub(1))
                            .zip(self.raws.get(keep))
                            .is_some_and(|(game, after)| game.offset() == after.offset());
                        if keep > 0 && !shares {
                            let after: Vec<_> = self.raws.drain(keep..).collect();
                            let done = std::mem::replace(&mut self.raws, after);
                            let unit = self.unit(done, false);
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
                    return Some(Ok(self.unit(raws, true)));
                }
            }
        }
    }
}

fn games(unit: &super::Unit) -> Option<&Games> {
    unit.context.as_ref().and_then(|c| c.downcast_ref::<Games>())
}

fn json_document(unit: &super::Unit) -> Option<&[u8]> {
    unit.context.as_ref().and_then(|c| c.downcast_ref::<JsonDocument>()).map(|d| d.0.as_slice())
}

/// Moves diagnostics' spans from the file into the unit.
fn into_unit(diagnostics: &mut [Diagnostic], unit: &super::Unit) {
    for d in diagnostics {
        let s = d.span();
        d.set_span(Span::new(s.start.saturating_sub(unit.offset), s.end.saturating_sub(unit.offset)));
    }
}

/// A unit's games parsed and checked (lenient); with `refuse`, the unit is refused (errors with
/// spans in the unit) when any game has an error.
fn checked_unit(unit: &super::Unit, games: &Games, refuse: bool) -> Result<Vec<Record>, Refusal> {
    let records = games.checked(&Options::default());
    let mut errors: Vec<Diagnostic> = records.iter().flat_map(|r| r.errors().cloned()).collect();
    if errors.is_empty() || !refuse {
        return Ok(records);
    }
    into_unit(&mut errors, unit);
    Err(Refusal { source: unit.text.clone(), diagnostics: errors })
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
fn export_unit(games: &Games, records: &[Record], keep_encoding: bool) -> Vec<u8> {
    let mut writer =
        if games.first { pbn::Writer::new(Vec::new()) } else { pbn::Writer::continuing(Vec::new()) };
    let mut out = Vec::new();
    if games.first && games.bom && keep_encoding {
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

impl super::Notation for PbnNotation {
    fn format(&self) -> super::Format {
        super::Format::Pbn
    }

    fn units<'r>(
        &self,
        mut input: Box<dyn std::io::BufRead + Send + 'r>,
        _path: &std::path::Path,
    ) -> super::Units<'r> {
        // Peek at the first bytes: a JSON document is read whole; PBN streams.
        let mut head = Vec::new();
        let opening = loop {
            let buf = match input.fill_buf() {
                Ok(buf) => buf,
                Err(err) => return Box::new(std::iter::once(Err(err))),
            };
            if buf.is_empty() {
                break None;
            }
            let at =
                buf.iter().position(|&c| !c.is_ascii_whitespace() && c != 0xEF && c != 0xBB && c != 0xBF);
            let take = at.unwrap_or(buf.len());
            head.extend_from_slice(buf.get(..take).unwrap_or(&[]));
            let first = at.and_then(|i| buf.get(i).copied());
            input.consume(take);
            if first.is_some() {
                break first;
            }
        };
        let bom = head.starts_with(b"\xEF\xBB\xBF");
        let input: Box<dyn std::io::BufRead + Send + 'r> = if opening == Some(b'{') {
            let mut data = head;
            if let Err(err) = input.read_to_end(&mut data) {
                return Box::new(std::iter::once(Err(err)));
            }
            if super::is_json_text(&super::decode_text(&data)) {
                let unit = super::Unit {
                    text: super::decode_text(&data),
                    context: Some(std::sync::Arc::new(JsonDocument(data))),
                    ..super::Unit::default()
                };
                return Box::new(std::iter::once(Ok(unit)));
            }
            // A PBN file that opens with a brace comment (read whole: it was, to tell).
            Box::new(std::io::Cursor::new(data))
        } else {
            Box::new(std::io::Read::chain(std::io::Cursor::new(head), input))
        };
        Box::new(GameUnits {
            reader: pbn::Reader::new(input, Options::default()),
            raws: Vec::new(),
            bytes: 0,
            offset: 0,
            line: 0,
            index: 0,
            first: true,
            bom,
            crlf: false,
            done: false,
        })
    }

    fn check(&self, unit: &super::Unit, opts: &CheckOptions) -> Vec<RecordReport> {
        super::check_alone(self, unit, opts)
    }

    /// Each game parsed and checked ([`pbn::Checker::check`], spans in the file) goes to
    /// [`super::Notation::finish`] apart from the reports, which get its diagnostics once the
    /// repeated warnings are held back.
    fn check_unit(&self, unit: &super::Unit, opts: &CheckOptions) -> super::UnitCheck {
        let Some(games) = games(unit) else {
            let reports = super::check_bytes(
                super::Format::Pbn,
                json_document(unit).unwrap_or(unit.text.as_bytes()),
                opts,
            )
            .records;
            return super::UnitCheck { reports, pending: None };
        };
        let strict = opts.strict;
        let records = games.checked(&Options { strict });
        let dd = if opts.dd {
            let tables = super::dd::solve_records(&records, false, bridge_dd::DEFAULT_MEMORY_MIB);
            records.iter().zip(&tables).map(|(r, t)| bridge_dd::check::check(r, t.as_ref(), strict)).collect()
        } else {
            Vec::new()
        };
        let mut reports: Vec<RecordReport> = records
            .iter()
            .filter(|record| record.model.is_game)
            .map(|record| RecordReport {
                diagnostics: Vec::new(),
                fields: report_fields(&record.model.info, opts),
            })
            .collect();
        if reports.is_empty() {
            reports.push(RecordReport { diagnostics: Vec::new(), fields: report_no_game_fields(opts) });
        }
        super::UnitCheck { reports, pending: Some(Box::new(Found { records, dd })) }
    }

    fn finish_state(&self, opts: &CheckOptions) -> Option<super::FileState> {
        Some(Box::new(Pbn::checker(&Options { strict: opts.strict })))
    }

    /// [`pbn::Checker`]'s finish, in file order: the warnings of each game that an earlier game
    /// reported held back; on the file's last unit, counted on its last game. Then each game's
    /// report gets its diagnostics: the records' between it and the game before (comments,
    /// headers), its own, and its double-dummy checks.
    fn finish(
        &self,
        state: &mut super::FileState,
        unit: &super::Unit,
        checked: &mut super::UnitCheck,
        last: bool,
    ) {
        let Some(checker) = state.downcast_mut::<pbn::Checker>() else { return };
        let Some(Ok(found)) = checked.pending.take().map(|p| p.downcast::<Found>()) else { return };
        let Found { mut records, dd } = *found;
        let count = records.len();
        for (i, record) in records.iter_mut().enumerate() {
            checker.finish(record, last && i + 1 == count);
        }
        let mut reports = checked.reports.iter_mut();
        let mut carried: Vec<Diagnostic> = Vec::new();
        for (i, record) in records.into_iter().enumerate() {
            let mut diagnostics = record.diagnostics;
            if let Some(dd) = dd.get(i).filter(|dd| !dd.is_empty()) {
                diagnostics.extend(dd.iter().cloned());
                diagnostics.sort_by_key(|d: &Diagnostic| (d.span().start, d.span().end));
            }
            into_unit(&mut diagnostics, unit);
            if record.model.is_game
                && let Some(report) = reports.next()
            {
                report.diagnostics = std::mem::take(&mut carried);
                report.diagnostics.append(&mut diagnostics);
            } else {
                carried.append(&mut diagnostics);
            }
        }
        if let Some(last) = checked.reports.last_mut() {
            last.diagnostics.append(&mut carried);
        }
    }

    fn fmt(&self, unit: &super::Unit, opts: &FmtOptions) -> Result<Vec<u8>, Refusal> {
        let Some(games) = games(unit) else {
            return fmt(json_document(unit).unwrap_or(unit.text.as_bytes()), opts);
        };
        let records = checked_unit(unit, games, !opts.force)?;
        if !opts.preserve {
            return Ok(export_unit(games, &records, true));
        }
        let eol = if games.crlf { "\r\n" } else { "\n" };
        let mut out = Vec::new();
        if games.first && games.bom {
            out.extend_from_slice(b"\xEF\xBB\xBF");
        }
        let mut text = String::new();
        for (i, record) in records.iter().enumerate() {
            text.clear();
            if !(games.first && i == 0) {
                text.push_str(eol);
            }
            pbn::write::write_import_game(&mut text, &record.model, eol, true);
            encode_record(&mut out, text.as_bytes(), record.model.latin1);
        }
        Ok(out)
    }

    fn convert(&self, unit: &super::Unit, to: ConvertTo) -> Result<Vec<u8>, Refusal> {
        let Some(games) = games(unit) else {
            return convert(json_document(unit).unwrap_or(unit.text.as_bytes()), to);
        };
        let records = checked_unit(unit, games, true)?;
        match to {
            ConvertTo::Native => Ok(export_unit(games, &records, false)),
            ConvertTo::Json => {
                // The document the whole-file `convert` writes, one unit's share at a time.
                let mut out = Vec::new();
                if games.first {
                    out.extend_from_slice(b"{\n  \"format\": \"pbn\",\n  \"games\": [");
                }
                let mut n = unit.index;
                for record in records.iter().filter(|r| r.model.is_game) {
                    out.extend_from_slice(if n == 0 { b"\n" } else { b",\n" });
                    n += 1;
                    let text = serde_json::to_string_pretty(&pbn::summary::GameJson::from(&record.model))
                        .map_err(|e| json_error(&unit.text, format!("cannot write JSON: {e}")))?;
                    for (k, line) in text.split('\n').enumerate() {
                        if k > 0 {
                            out.push(b'\n');
                        }
                        out.extend_from_slice(b"    ");
                        out.extend_from_slice(line.as_bytes());
                    }
                }
                if games.last {
                    out.extend_from_slice(if n == 0 { b"]\n}\n" } else { b"\n  ]\n}\n" });
                }
                Ok(out)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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

    /// Line breaks are counted as `cards_core::LineIndex` counts them.
    #[test]
    fn line_breaks_count_as_the_line_index() {
        for text in ["", "a", "\n", "\r", "\r\n", "a\r\nb\rc\n\n\r", "\r\r\n\n\r"] {
            assert_eq!(
                line_breaks(text) + 1,
                cards_core::LineIndex::new(text).line_starts().len(),
                "{text:?}"
            );
        }
    }

    /// Human output asks for no fields: the same diagnostics, no field map built, whole file or
    /// streamed in units.
    #[test]
    fn no_fields_changes_only_the_fields() {
        let data = [GAME, b"[Contract \"3N\"]\r\n\r\n", GAME, b"[Result \"14\"]\r\n"].concat();
        let human_opts = CheckOptions { no_fields: true, ..CheckOptions::default() };
        let units = |opts: &CheckOptions| -> Vec<RecordReport> {
            let input: Box<dyn std::io::BufRead + Send> = Box::new(std::io::Cursor::new(data.clone()));
            let notation = PbnNotation;
            super::super::Notation::units(&notation, input, std::path::Path::new("x.pbn"))
                .flat_map(|unit| super::super::Notation::check(&notation, &unit.unwrap(), opts))
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
