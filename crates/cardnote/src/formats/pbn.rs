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

use cards_core::{Diagnostic, Span};
use pbn::{Options, borrowed::Record};
use serde_json::{Map, Value};

use super::{CheckOptions, ConvertTo, FileCheck, FmtOptions, RecordReport, Refusal};

pub(crate) fn fields(r: &Record<'_>) -> Map<String, Value> {
    fields_of(&r.info)
}

/// The `check --json` fields: the serde form of [`pbn::summary::Fields`].
fn fields_of(info: &pbn::validate::GameInfo) -> Map<String, Value> {
    fields_map(&pbn::summary::Fields::from(info))
}

/// A game's fields for a report: none when the output never reads them (human `check`).
fn report_fields(info: &pbn::validate::GameInfo, opts: &CheckOptions) -> Map<String, Value> {
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

fn read(source: &str, strict: bool) -> Vec<Record<'_>> {
    pbn::borrowed::read_str(source, Options { strict }).collect()
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
    for r in pbn::borrowed::read_str(&source, Options { strict: opts.strict }) {
        if r.is_game() {
            let mut diagnostics = std::mem::take(&mut carried);
            diagnostics.extend(r.diagnostics.iter().cloned());
            reports.push(RecordReport { diagnostics, fields: report_fields(&r.info, opts) });
        } else {
            carried.extend(r.diagnostics.iter().cloned());
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

fn refuse(source: &str, records: &[Record<'_>]) -> Result<(), Refusal> {
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
        pbn::write::write_import_from(records.iter().map(|r| &r.game), eol, Some(source))
    } else {
        pbn::write::write_export(&records)
    };
    Ok(encode_like(&decoded, &out))
}

/// A game in the JSON form: the serde form of [`pbn::summary::GameJson`].
fn game_json<'r, 'a>(r: &'r Record<'a>) -> pbn::summary::GameJson<'r, 'a> {
    pbn::summary::GameJson::from(r)
}

/// The whole JSON form of a file.
#[derive(serde::Serialize)]
struct JsonDocumentOut<'r, 'a> {
    format: &'static str,
    games: Vec<pbn::summary::GameJson<'r, 'a>>,
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
            let games: Vec<_> = records.iter().filter(|r| r.is_game()).map(game_json).collect();
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

/// PBN through the streaming commands: the sequential step reads the file game by game with
/// [`pbn::stream::Reader`] (tags, sections, `#`/`##` inheritance, the export mode: what needs the
/// games in order) and cuts it into units; the workers check each unit's games
/// ([`pbn::stream::Game::checks`]: deal, auction, play, score, export rules) and report, write or
/// convert them. Warnings repeated across games are held back in file order by the ordered
/// finish step ([`super::Notation::finish`]). A JSON document (the input of `convert`) is one
/// unit, read whole.
#[derive(Debug, Clone, Copy)]
pub struct PbnNotation;

/// What a unit of games carries.
struct Games {
    records: Vec<pbn::stream::Record>,
    /// The file's first unit (writes the export header, the JSON opening, the byte order mark).
    first: bool,
    /// The file's last unit (closes the JSON document).
    last: bool,
    /// The file began with a UTF-8 byte order mark.
    bom: bool,
    /// Line end of the import-style writer: CR LF once the file has shown one.
    crlf: bool,
}

/// A JSON document, read whole.
struct JsonDocument(Vec<u8>);

/// What a unit's check leaves for the finish step: each record's diagnostics (spans in the
/// unit), and each record's double-dummy checks (`check --dd`; empty without).
struct Found {
    records: Vec<Vec<Diagnostic>>,
    dd: Vec<Vec<Diagnostic>>,
}

/// Cuts a PBN stream into units of whole games.
struct GameUnits<'r> {
    reader: pbn::stream::Reader<Box<dyn std::io::BufRead + Send + 'r>>,
    /// Records of the unit being gathered, and their text's size.
    records: Vec<pbn::stream::Record>,
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
    /// The unit of `records`: their texts back to back (games of one buffer share it).
    fn unit(&mut self, records: Vec<pbn::stream::Record>, last: bool) -> super::Unit {
        let mut text = String::with_capacity(self.bytes);
        let mut at = None;
        for r in &records {
            if at != Some(r.model.offset) {
                at = Some(r.model.offset);
                text.push_str(&r.model.text);
            }
        }
        self.crlf = self.crlf || text.contains("\r\n");
        let games = records.iter().filter(|r| r.model.is_game).count();
        let unit = super::Unit {
            offset: records.first().map_or(self.offset, |r| r.model.offset),
            line: self.line,
            index: self.index,
            context: Some(Arc::new(Games {
                records,
                first: self.first,
                last,
                bom: self.bom,
                crlf: self.crlf,
            })),
            text,
        };
        self.offset = unit.offset + unit.text.len();
        self.line += line_breaks(&unit.text);
        self.index += games;
        self.first = false;
        self.bytes = 0;
        unit
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
            match self.reader.next() {
                Some(Ok(record)) => {
                    // A unit is cut before a game that starts a buffer of its own, once the unit
                    // is big enough; what stands between the games (a comment block) goes with
                    // the game after it, as `check` reports it.
                    let new_buffer =
                        self.records.last().is_none_or(|r| r.model.offset != record.model.offset);
                    if record.model.is_game && new_buffer && self.bytes >= UNIT_BYTES {
                        let keep = self.records.iter().rposition(|r| r.model.is_game).map_or(0, |i| i + 1);
                        let shares = self
                            .records
                            .get(keep.wrapping_sub(1))
                            .zip(self.records.get(keep))
                            .is_some_and(|(game, after)| game.model.offset == after.model.offset);
                        if keep > 0 && !shares {
                            let after: Vec<_> = self.records.drain(keep..).collect();
                            let done = std::mem::replace(&mut self.records, after);
                            let unit = self.unit(done, false);
                            self.bytes = self.records.iter().map(|r| r.model.text.len()).sum();
                            self.push(record);
                            return Some(Ok(unit));
                        }
                    }
                    self.push(record);
                }
                Some(Err(err)) => {
                    self.done = true;
                    return Some(Err(err));
                }
                None => {
                    self.done = true;
                    let records = std::mem::take(&mut self.records);
                    return Some(Ok(self.unit(records, true)));
                }
            }
        }
    }
}

impl GameUnits<'_> {
    fn push(&mut self, record: pbn::stream::Record) {
        if self.records.last().is_none_or(|r| r.model.offset != record.model.offset) {
            self.bytes += record.model.text.len();
        }
        self.records.push(record);
    }
}

fn games(unit: &super::Unit) -> Option<&Games> {
    unit.context.as_ref().and_then(|c| c.downcast_ref::<Games>())
}

fn json_document(unit: &super::Unit) -> Option<&[u8]> {
    unit.context.as_ref().and_then(|c| c.downcast_ref::<JsonDocument>()).map(|d| d.0.as_slice())
}

/// A record checked: what its game says and its diagnostics (the reader's and the checks'),
/// spans in the file.
fn checked(record: &pbn::stream::Record, strict: bool) -> (pbn::validate::GameInfo, Vec<Diagnostic>) {
    let (info, mut found) = record.model.checks(&Options { strict });
    let mut diagnostics = record.diagnostics.clone();
    if strict {
        cards_core::diagnostic::make_strict(&mut diagnostics, pbn::codes::LENIENCIES);
    }
    diagnostics.append(&mut found);
    // Stable: at one place the reader's diagnostics stay before the checks', as `pbn::check` has it.
    diagnostics.sort_by_key(|d| (d.span().start, d.span().end));
    (info, diagnostics)
}

/// Moves diagnostics' spans from the file into the unit.
fn into_unit(diagnostics: &mut [Diagnostic], unit: &super::Unit) {
    for d in diagnostics {
        let s = d.span();
        d.set_span(Span::new(s.start.saturating_sub(unit.offset), s.end.saturating_sub(unit.offset)));
    }
}

/// A unit's games checked (lenient): what each says; with `refuse`, the unit is refused (errors
/// with spans in the unit) when any game has an error.
fn checked_unit(
    unit: &super::Unit,
    games: &Games,
    refuse: bool,
) -> Result<Vec<pbn::validate::GameInfo>, Refusal> {
    let mut infos = Vec::with_capacity(games.records.len());
    let mut errors = Vec::new();
    for record in &games.records {
        let (info, diagnostics) = checked(record, false);
        infos.push(info);
        errors.extend(diagnostics.into_iter().filter(Diagnostic::is_error));
    }
    if errors.is_empty() || !refuse {
        return Ok(infos);
    }
    into_unit(&mut errors, unit);
    Err(Refusal { source: unit.text.clone(), diagnostics: errors })
}

/// Where a record's own text starts in its unit's text.
fn base_in_unit(record: &pbn::stream::Record, unit: &super::Unit) -> usize {
    record.model.offset.saturating_sub(unit.offset)
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
fn export_unit(games: &Games, infos: &[pbn::validate::GameInfo], keep_encoding: bool) -> Vec<u8> {
    let mut writer = if games.first {
        pbn::write::Writer::new(Vec::new())
    } else {
        pbn::write::Writer::continuing(Vec::new())
    };
    let mut out = Vec::new();
    if games.first && games.bom && keep_encoding {
        out.extend_from_slice(b"\xEF\xBB\xBF");
    }
    for (record, info) in games.records.iter().zip(infos) {
        let view = record.model.view_with(info);
        // Writing to a Vec cannot fail.
        let _ = writer.write(&view);
        let written = std::mem::take(writer.get_mut());
        encode_record(&mut out, &written, keep_encoding && record.model.latin1);
    }
    // Every unit ends its last line: the next one goes on as the whole-file writer would.
    encode_record(&mut out, &writer.finish().unwrap_or_default(), false);
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
            reader: pbn::stream::Reader::new(input, Options::default()),
            records: Vec::new(),
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

    /// Each record's diagnostics (spans in the unit) go to [`super::Notation::finish`] apart from the
    /// reports, which get them once the repeated warnings are held back.
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
        let (infos, mut found): (Vec<_>, Vec<_>) =
            games.records.iter().map(|record| checked(record, opts.strict)).unzip();
        for diagnostics in &mut found {
            into_unit(diagnostics, unit);
        }
        let tables = if opts.dd {
            let views: Vec<_> =
                games.records.iter().zip(&infos).map(|(r, info)| r.model.view_with(info)).collect();
            let tables = super::dd::solve_records(&views, false);
            views
                .iter()
                .zip(&tables)
                .zip(&games.records)
                .map(|((view, table), record)| {
                    let base = base_in_unit(record, unit);
                    let mut found = bridge_dd::check::check(view, table.as_ref(), opts.strict);
                    for d in &mut found {
                        d.set_span(d.span().shift(base));
                    }
                    found
                })
                .collect()
        } else {
            Vec::new()
        };
        let mut reports: Vec<RecordReport> = games
            .records
            .iter()
            .zip(&infos)
            .filter(|(record, _)| record.model.is_game)
            .map(|(_, info)| RecordReport { diagnostics: Vec::new(), fields: report_fields(info, opts) })
            .collect();
        if reports.is_empty() {
            reports.push(RecordReport { diagnostics: Vec::new(), fields: report_no_game_fields(opts) });
        }
        super::UnitCheck { reports, pending: Some(Box::new(Found { records: found, dd: tables })) }
    }

    fn finish_state(&self, _opts: &CheckOptions) -> Option<super::FileState> {
        Some(Box::new(pbn::stream::RepeatedWarnings::default()))
    }

    /// Holds back, in file order, the warnings of each record that an earlier record reported
    /// (a few hashes per warning); on the file's last unit, counts them on its last record. Then
    /// each game's report gets its diagnostics: the records' between it and the game before
    /// (comments, headers), its own, and its double-dummy checks.
    fn finish(
        &self,
        state: &mut super::FileState,
        unit: &super::Unit,
        checked: &mut super::UnitCheck,
        last: bool,
    ) {
        let (Some(games), Some(repeats)) =
            (games(unit), state.downcast_mut::<pbn::stream::RepeatedWarnings>())
        else {
            return;
        };
        let Some(Ok(found)) = checked.pending.take().map(|p| p.downcast::<Found>()) else { return };
        let Found { records: mut found, dd } = *found;
        for diagnostics in &mut found {
            repeats.hold_back(diagnostics);
        }
        if last
            && let Some(i) = games.records.len().checked_sub(1)
            && let (Some(record), Some(diagnostics)) = (games.records.get(i), found.get_mut(i))
        {
            let end = record.model.end();
            let at = Span::new(end.start.saturating_sub(unit.offset), end.end.saturating_sub(unit.offset));
            repeats.count(diagnostics, at);
        }
        let mut reports = checked.reports.iter_mut();
        let mut carried: Vec<Diagnostic> = Vec::new();
        for (i, (record, mut diagnostics)) in games.records.iter().zip(found).enumerate() {
            if let Some(dd) = dd.get(i).filter(|dd| !dd.is_empty()) {
                diagnostics.extend(dd.iter().cloned());
                diagnostics.sort_by_key(|d: &Diagnostic| (d.span().start, d.span().end));
            }
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
        if !opts.preserve {
            let infos = checked_unit(unit, games, !opts.force)?;
            return Ok(export_unit(games, &infos, true));
        }
        if !opts.force {
            checked_unit(unit, games, true)?;
        }
        let eol = if games.crlf { "\r\n" } else { "\n" };
        let mut out = Vec::new();
        if games.first && games.bom {
            out.extend_from_slice(b"\xEF\xBB\xBF");
        }
        let mut text = String::new();
        for (i, record) in games.records.iter().enumerate() {
            text.clear();
            if !(games.first && i == 0) {
                text.push_str(eol);
            }
            pbn::write::write_import_game(&mut text, &record.model.tokens(), eol, Some(&record.model.text));
            encode_record(&mut out, text.as_bytes(), record.model.latin1);
        }
        Ok(out)
    }

    fn convert(&self, unit: &super::Unit, to: ConvertTo) -> Result<Vec<u8>, Refusal> {
        let Some(games) = games(unit) else {
            return convert(json_document(unit).unwrap_or(unit.text.as_bytes()), to);
        };
        let infos = checked_unit(unit, games, true)?;
        match to {
            ConvertTo::Native => Ok(export_unit(games, &infos, false)),
            ConvertTo::Json => {
                // The document the whole-file `convert` writes, one unit's share at a time.
                let mut out = Vec::new();
                if games.first {
                    out.extend_from_slice(b"{\n  \"format\": \"pbn\",\n  \"games\": [");
                }
                let mut n = unit.index;
                for (record, info) in games.records.iter().zip(&infos).filter(|(r, _)| r.model.is_game) {
                    out.extend_from_slice(if n == 0 { b"\n" } else { b",\n" });
                    n += 1;
                    let text = serde_json::to_string_pretty(&game_json(&record.model.view_with(info)))
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
