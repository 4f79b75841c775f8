//! Glue for the `phh` notation (`.phh`, `.phhs`): check (with replay through poker-engine), fmt
//! (canonical or format-preserving) and convert (to and from the JSON form of `phh::json`).

use cards_core::{Diagnostic, Span};
use serde_json::{Map, Value};

use super::{CheckOptions, ConvertTo, FileCheck, FmtOptions, RecordReport, Refusal, decode_text};

/// A JSON array of the strings, moved (not copied).
fn strings(values: Vec<String>) -> Value {
    Value::Array(values.into_iter().map(Value::String).collect())
}

/// Checks a whole file: one record per hand with `variant`, `players`, `actions` (non-empty
/// notations), and from the replay `terminal`, `finishing_stacks` and `payoffs` (`null` when the
/// hand has parse errors and is not replayed).
#[must_use]
pub fn check(data: &[u8], opts: &CheckOptions) -> FileCheck {
    let source = decode_text(data);
    let records = phh::hands(&source).map(|parsed| check_hand(&parsed, opts)).collect();
    FileCheck { source, records }
}

/// Checks one parsed hand (from [`phh::hands`] or the streaming [`phh::stream::HandReader`]):
/// its diagnostics (spans in the whole file) and its JSON fields.
#[must_use]
pub fn check_hand(parsed: &phh::ParsedHand, opts: &CheckOptions) -> RecordReport {
    check_with(parsed, parsed.diagnostics.clone(), opts)
}

/// [`check_hand`] of a hand the caller no longer needs (its diagnostics are moved, not copied).
#[must_use]
pub fn check_parsed(mut parsed: phh::ParsedHand, opts: &CheckOptions) -> RecordReport {
    let diagnostics = std::mem::take(&mut parsed.diagnostics);
    check_with(&parsed, diagnostics, opts)
}

/// [`check_hand`] given the hand's reading diagnostics.
fn check_with(
    parsed: &phh::ParsedHand,
    mut diagnostics: Vec<Diagnostic>,
    opts: &CheckOptions,
) -> RecordReport {
    let rules = opts.rules;
    let read_cleanly = !diagnostics.iter().any(Diagnostic::is_error);
    let mut outcome = if read_cleanly { phh::replay::replay_parsed(parsed, rules) } else { None };
    let read = diagnostics.len();
    if let Some(outcome) = &mut outcome {
        diagnostics.append(&mut outcome.diagnostics);
    }
    let fields = if opts.no_fields {
        Map::new()
    } else {
        hand_fields(parsed, outcome, diagnostics.get(read..).unwrap_or_default())
    };
    // After the replay: its rake warning is a leniency too.
    phh::Options { strict: opts.strict, ..phh::Options::default() }.apply(&mut diagnostics);
    RecordReport { diagnostics, fields }
}

/// A hand's JSON fields: `variant`, `players`, `actions`, and the replay's `terminal`,
/// `finishing_stacks`, `payoffs` (or `repaired_outcome`). `outcome` is the replay's, its
/// diagnostics moved out to `replay_diagnostics`.
fn hand_fields(
    parsed: &phh::ParsedHand,
    outcome: Option<phh::replay::ReplayOutcome>,
    replay_diagnostics: &[Diagnostic],
) -> Map<String, Value> {
    let mut fields = Map::with_capacity(7);
    match &parsed.hand {
        Some(hand) => {
            fields.insert("variant".into(), Value::String(hand.variant.code().to_owned()));
            fields.insert("players".into(), Value::from(hand.player_count()));
            fields.insert("actions".into(), Value::from(hand.action_count()));
        }
        None => {
            fields.insert("variant".into(), Value::Null);
            fields.insert("players".into(), Value::Null);
            fields.insert("actions".into(), Value::Null);
        }
    }
    match outcome {
        Some(outcome) => {
            if phh::replay::replayed_as_written(replay_diagnostics) {
                fields.insert("terminal".into(), Value::Bool(outcome.terminal));
                fields.insert("finishing_stacks".into(), strings(outcome.finishing_stacks));
                fields.insert("payoffs".into(), strings(outcome.payoffs));
            } else {
                // Not replayable as written (an illegal action, or replayed only by inserting
                // actions as PokerKit does): the file implies no outcome, so its fields are null.
                // A repaired outcome is kept apart, as `repaired_outcome`, beside the warnings
                // that say what was inserted.
                fields.insert("terminal".into(), Value::Null);
                fields.insert("finishing_stacks".into(), Value::Null);
                fields.insert("payoffs".into(), Value::Null);
                if !replay_diagnostics.iter().any(Diagnostic::is_error) {
                    let mut repaired = Map::with_capacity(3);
                    repaired.insert("terminal".into(), Value::Bool(outcome.terminal));
                    repaired.insert("finishing_stacks".into(), strings(outcome.finishing_stacks));
                    repaired.insert("payoffs".into(), strings(outcome.payoffs));
                    fields.insert("repaired_outcome".into(), Value::Object(repaired));
                }
            }
        }
        None => {
            fields.insert("terminal".into(), Value::Null);
            fields.insert("finishing_stacks".into(), Value::Null);
            fields.insert("payoffs".into(), Value::Null);
        }
    }
    fields
}

fn refuse_on_errors(source: &str, file: &phh::ParsedFile) -> Result<(), Refusal> {
    if file.has_errors() {
        let diagnostics =
            file.hands.iter().flat_map(|h| h.diagnostics.iter().filter(|d| d.is_error()).cloned()).collect();
        return Err(Refusal { source: source.to_owned(), diagnostics });
    }
    Ok(())
}

fn canonical(file: &phh::ParsedFile) -> String {
    if file.multi {
        phh::write_named_hands(
            file.hands.iter().filter_map(|h| Some((h.name.as_deref().unwrap_or(""), h.hand.as_ref()?))),
        )
    } else {
        file.hands.first().and_then(|h| h.hand.as_ref()).map(phh::write_hand).unwrap_or_default()
    }
}

/// Rewrites a file: canonically, or with `preserve` only the action notations that are not in
/// canonical form (comments, blank lines and field order stay). Refuses a file with errors
/// unless `opts.force`.
pub fn fmt(data: &[u8], opts: &FmtOptions) -> Result<Vec<u8>, Refusal> {
    let source = decode_text(data);
    let file = phh::parse_file(&source);
    fmt_file(&source, &file, opts)
}

/// [`fmt`] of a text already read.
fn fmt_file(source: &str, file: &phh::ParsedFile, opts: &FmtOptions) -> Result<Vec<u8>, Refusal> {
    // Forced, a file is still refused when a hand has no model to write (its errors say why).
    if !opts.force || file.hands.iter().any(|h| h.hand.is_none()) {
        refuse_on_errors(source, file)?;
    }
    if !opts.preserve {
        // Every comment stays beside its field or action, or the rewrite is refused.
        return phh::comments::write_canonical(source, file)
            .map(String::into_bytes)
            .map_err(|d| Refusal { source: source.to_owned(), diagnostics: vec![d] });
    }
    let refusal = |message: String| Refusal {
        source: source.to_owned(),
        diagnostics: vec![Diagnostic::error("PHH_TOML_SYNTAX", message, Span::at(0))],
    };
    let mut editor = phh::edit::Editor::new(source)
        .map_err(|d| Refusal { source: source.to_owned(), diagnostics: vec![d] })?;
    for parsed in &file.hands {
        let Some(hand) = &parsed.hand else { continue };
        let table = if file.multi { parsed.name.as_deref() } else { None };
        for (i, (action, span)) in hand.actions.iter().zip(&parsed.action_spans).enumerate() {
            let canonical = action.to_string();
            if source.get(span.range()) != Some(canonical.as_str()) {
                editor.replace_action(table, i, action).map_err(refusal)?;
            }
        }
    }
    Ok(editor.to_string().into_bytes())
}

fn json_refusal(source: &str, err: &serde_json::Error) -> Refusal {
    let index = line_start(source, err.line());
    let at = index + err.column().saturating_sub(1);
    Refusal {
        source: source.to_owned(),
        diagnostics: vec![Diagnostic::error(
            "PHH_JSON",
            format!("not the PHH JSON form: {err}"),
            Span::at(at.min(source.len())),
        )],
    }
}

fn line_start(source: &str, line: usize) -> usize {
    if line <= 1 {
        return 0;
    }
    source.match_indices('\n').nth(line - 2).map_or(source.len(), |(i, _)| i + 1)
}

fn looks_like_json(source: &str) -> bool {
    source.trim_start().starts_with('{')
}

/// Converts a file: to the JSON form (from PHH, or JSON normalised), or to canonical PHH (from
/// PHH, or from the JSON form).
pub fn convert(data: &[u8], to: ConvertTo) -> Result<Vec<u8>, Refusal> {
    let source = decode_text(data);
    if looks_like_json(&source) {
        let json: phh::json::JsonFile =
            serde_json::from_str(&source).map_err(|e| json_refusal(&source, &e))?;
        return match to {
            ConvertTo::Native => {
                // The JSON may hold values the checks refuse (or float text that is not TOML):
                // the written text must read back without errors.
                let text = json.to_phh();
                let back = phh::parse_file(&text);
                refuse_on_errors(&text, &back)?;
                Ok(text.into_bytes())
            }
            ConvertTo::Json => Ok(to_json(&json)),
        };
    }
    let file = phh::parse_file(&source);
    refuse_on_errors(&source, &file)?;
    match to {
        ConvertTo::Native => Ok(canonical(&file).into_bytes()),
        ConvertTo::Json => Ok(to_json(&phh::json::JsonFile::from_parsed(&file))),
    }
}

fn to_json(json: &phh::json::JsonFile) -> Vec<u8> {
    let mut out = serde_json::to_vec_pretty(json).unwrap_or_default();
    out.push(b'\n');
    out
}

/// PHH through the [`Notation`](super::Notation) trait: a `.phhs` file is cut into units of whole
/// hands (about [`UNIT_BYTES`] each, more when one hand is bigger); a `.phh` file, a JSON document
/// and a `.phhs` of only comments are one unit each.
#[derive(Debug, Clone, Copy, Default)]
pub struct PhhNotation;

/// About how many bytes of whole hands one unit holds: big enough that handing a unit to a worker
/// costs nothing next to reading it, small enough that a few in flight per thread stay a few MB.
pub const UNIT_BYTES: usize = 256 * 1024;

/// What a PHH unit knows of the rest of its file.
#[derive(Debug, Default)]
struct PhhContext {
    /// The first unit of the file (it writes a JSON document's opening).
    first: bool,
    /// The last unit of the file (it writes a JSON document's closing).
    last: bool,
    /// The whole input is a JSON document (for `convert`).
    json: bool,
    /// A `.phhs` file that holds no hand (only comments and blank lines).
    no_hands: bool,
    /// Hands of this unit whose table name an earlier unit already used: (hand in the unit, name,
    /// header span in the unit).
    duplicates: Vec<(usize, String, Span)>,
}

fn context(unit: &super::Unit) -> Option<&PhhContext> {
    unit.context.as_ref().and_then(|c| c.downcast_ref::<PhhContext>())
}

/// Table names seen in earlier units (as `phh` keeps them: the `1, 2, 3, …` run as one number).
#[derive(Debug, Default)]
struct Names {
    sequential: u64,
    others: std::collections::HashSet<String>,
}

impl Names {
    fn number(name: &str) -> Option<u64> {
        let b = name.as_bytes();
        let canonical = !b.is_empty()
            && b.len() <= 18
            && b.iter().all(u8::is_ascii_digit)
            && !(b.len() > 1 && b.first() == Some(&b'0'));
        if canonical { name.parse().ok() } else { None }
    }

    fn contains(&self, name: &str) -> bool {
        match Self::number(name) {
            Some(n) if n >= 1 && n <= self.sequential => true,
            _ => self.others.contains(name),
        }
    }

    fn insert(&mut self, name: &str) {
        match Self::number(name) {
            Some(n) if n >= 1 && n <= self.sequential => {}
            Some(n) if n == self.sequential + 1 && !self.others.contains(name) => self.sequential = n,
            _ => {
                self.others.insert(name.to_owned());
            }
        }
    }
}

/// Cuts a PHH input into units (see [`PhhNotation`]) without reading the hands: it reads the input
/// in blocks and finds the table headers with [`phh::parse::HeaderScan`], so the sequential step
/// costs little beside the workers that read, replay and check each unit.
struct Splitter<'r> {
    input: Box<dyn std::io::BufRead + Send + 'r>,
    phhs: bool,
    /// Read and not yet handed out, raw bytes: starts at a line start (after the first unit, at
    /// the comments and blank lines before a table header).
    pending: Vec<u8>,
    eof: bool,
    first: bool,
    done: bool,
    offset: usize,
    line: usize,
    index: usize,
    names: Names,
    /// Where the headers of the unit being cut start in `pending` (kept from unit to unit).
    headers: Vec<usize>,
    /// Where in `pending` the header that begins the next unit starts, once found.
    resume: Option<usize>,
}

/// How many `byte`s `bytes` holds (byte-wide counts over runs of 255, which the compiler
/// vectorizes).
fn memchr_count(byte: u8, bytes: &[u8]) -> usize {
    bytes.chunks(255).map(|run| usize::from(run.iter().fold(0u8, |n, &b| n + u8::from(b == byte)))).sum()
}

/// Lines in `text` as [`cards_core::LineIndex`] counts them (`\n`, `\r\n`, a lone `\r`).
fn count_lines(text: &[u8]) -> usize {
    if memchr_count(b'\r', text) == 0 {
        return memchr_count(b'\n', text);
    }
    let mut lines = 0;
    for (i, &b) in text.iter().enumerate() {
        match b {
            b'\n' => lines += 1,
            b'\r' if text.get(i + 1) != Some(&b'\n') => lines += 1,
            _ => {}
        }
    }
    lines
}

/// Whether every line of `text` is blank or a comment.
fn only_trivia(text: &str) -> bool {
    text.lines().all(|line| {
        let line = line.trim();
        line.is_empty() || line.starts_with('#')
    })
}

/// Where the unit of a hand whose header line starts at `header` begins: moved back over the
/// comment and blank lines just before it (TOML reads them as the next table's).
fn unit_start(bytes: &[u8], header: usize) -> usize {
    let mut at = header;
    while at > 0 {
        let previous = bytes[..at - 1].iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let line = &bytes[previous..at - 1];
        let quotes = line.windows(3).any(|w| w == b"'''" || w == b"\"\"\"");
        if quotes || !phh::parse::HeaderScan::is_trivia(line) {
            break;
        }
        at = previous;
    }
    at
}

/// The start of each table header line of a `.phhs` text.
fn header_starts(bytes: &[u8], out: &mut Vec<usize>) {
    out.clear();
    let mut scan = phh::parse::HeaderScan::default();
    let mut pos = 0;
    while pos < bytes.len() {
        let end = bytes[pos..].iter().position(|&b| b == b'\n').map_or(bytes.len(), |i| pos + i);
        if scan.line(&bytes[pos..end]) {
            out.push(pos);
        }
        pos = end + 1;
    }
}

impl Splitter<'_> {
    /// Reads blocks until `pending` holds at least `want` bytes or the input ends.
    fn fill(&mut self, want: usize) -> std::io::Result<()> {
        while !self.eof && self.pending.len() < want {
            let data = match self.input.fill_buf() {
                Ok(data) => data,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if data.is_empty() {
                self.eof = true;
                break;
            }
            let n = data.len();
            self.pending.extend_from_slice(data);
            self.input.consume(n);
        }
        Ok(())
    }

    /// The first unit's decision: `Some` whole-input unit when the input is not a `.phhs` of
    /// tables (a `.phh` hand, a JSON document, only comments), `None` to cut it into hands.
    fn whole_input(&mut self) -> std::io::Result<Option<super::Unit>> {
        let mut want = UNIT_BYTES;
        loop {
            self.fill(want)?;
            // Whole lines only, as the input may end a line later.
            let lines = if self.eof {
                self.pending.len()
            } else {
                self.pending.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1)
            };
            let text = decode_text(&self.pending[..lines]);
            if !self.eof && only_trivia(&text) {
                want = self.pending.len() * 2 + UNIT_BYTES;
                continue;
            }
            let json = looks_like_json(&text);
            if !json && phh::parse::is_multi(&text) {
                return Ok(None);
            }
            // A `.phh` hand, a JSON document or only comments: the whole input is one unit.
            while !self.eof {
                let more = self.pending.len() * 2 + UNIT_BYTES;
                self.fill(more)?;
            }
            let text = decode_text(&std::mem::take(&mut self.pending));
            self.done = true;
            let no_hands = self.phhs && !json && only_trivia(&text);
            let context = PhhContext { first: true, last: true, json, no_hands, ..PhhContext::default() };
            return Ok(Some(self.unit(text, context, 1)));
        }
    }

    fn next_unit(&mut self) -> std::io::Result<Option<super::Unit>> {
        if self.done {
            return Ok(None);
        }
        if self.first
            && let Some(unit) = self.whole_input()?
        {
            return Ok(Some(unit));
        }
        // A byte-order mark opens the first line only.
        let bom = if self.first && self.pending.starts_with(b"\xEF\xBB\xBF") { 3 } else { 0 };
        let mut scan = phh::parse::HeaderScan::default();
        let mut pos = bom;
        self.headers.clear();
        // The header that ended the previous unit, found already: lexing goes on after it.
        if let Some(header) = self.resume.take() {
            self.headers.push(header);
            pos = self.pending[header..]
                .iter()
                .position(|&b| b == b'\n')
                .map_or(self.pending.len(), |i| header + i + 1);
        }
        loop {
            // Whole lines only (the last line of the input may have no line end).
            let lines_end = if self.eof {
                self.pending.len()
            } else {
                self.pending[pos..].iter().rposition(|&b| b == b'\n').map_or(pos, |i| pos + i + 1)
            };
            if let Some(found) = scan.find(&self.pending[pos..lines_end]) {
                let header = pos + found;
                // The first hand past about UNIT_BYTES begins the next unit.
                if !self.headers.is_empty() {
                    let at = unit_start(&self.pending, header);
                    if at > UNIT_BYTES {
                        self.resume = Some(header - at);
                        return Ok(Some(self.hands_unit(at, false)));
                    }
                }
                self.headers.push(header);
                pos = self.pending[header..lines_end]
                    .iter()
                    .position(|&b| b == b'\n')
                    .map_or(lines_end, |i| header + i + 1);
                continue;
            }
            pos = lines_end;
            if self.eof {
                break;
            }
            let want = self.pending.len() + UNIT_BYTES;
            self.fill(want)?;
        }
        self.done = true;
        Ok(Some(self.hands_unit(self.pending.len(), true)))
    }

    /// The unit of the first `used` bytes of `pending` (whole `.phhs` hands), its table names
    /// checked against the earlier units'.
    fn hands_unit(&mut self, used: usize, last: bool) -> super::Unit {
        let text = decode_text(&self.pending[..used]);
        self.pending.drain(..used);
        if text.len() != used {
            // Decoded as Latin-1 or without a byte-order mark: the header offsets move.
            header_starts(text.as_bytes(), &mut self.headers);
        }
        let hands: Vec<_> = self
            .headers
            .iter()
            .map(|&start| {
                let end = text[start..].find('\n').map_or(text.len(), |i| start + i);
                phh::parse::table_header(&text[start..end], start)
            })
            .collect();
        let mut duplicates: Vec<(usize, String, Span)> = Vec::new();
        for (i, (name, anchor)) in hands.iter().enumerate() {
            let Some(name) = name.as_deref() else { continue };
            // A name used earlier in this unit is reported by the unit's own reading.
            if self.names.contains(name) && !duplicates.iter().any(|d| d.1 == name) {
                duplicates.push((i, name.to_owned(), *anchor));
            }
        }
        for name in hands.iter().filter_map(|h| h.0.as_deref()) {
            self.names.insert(name);
        }
        let count = hands.len();
        drop(hands);
        let context = PhhContext { first: self.first, last, duplicates, ..PhhContext::default() };
        self.unit(text, context, count)
    }

    fn unit(&mut self, text: String, context: PhhContext, hands: usize) -> super::Unit {
        let unit = super::Unit {
            offset: self.offset,
            line: self.line,
            index: self.index,
            context: Some(std::sync::Arc::new(context)),
            text,
        };
        self.first = false;
        self.offset += unit.text.len();
        self.line += count_lines(unit.text.as_bytes());
        self.index += hands;
        unit
    }
}

impl Iterator for Splitter<'_> {
    type Item = std::io::Result<super::Unit>;

    fn next(&mut self) -> Option<Self::Item> {
        let unit = self.next_unit();
        if unit.is_err() {
            self.done = true;
        }
        unit.transpose()
    }
}

/// The hands of a unit, read one at a time, with the table names earlier units used reported.
fn unit_hands(unit: &super::Unit) -> impl Iterator<Item = phh::ParsedHand> + '_ {
    let duplicates = context(unit).map_or(&[][..], |c| c.duplicates.as_slice());
    phh::hands(&unit.text).enumerate().map(move |(i, mut hand)| {
        if let Some((_, name, span)) = duplicates.iter().find(|d| d.0 == i) {
            hand.diagnostics.insert(
                0,
                Diagnostic::error(
                    phh::codes::PHH_DUPLICATE_TABLE,
                    format!("another hand is already named `[{name}]`"),
                    *span,
                ),
            );
        }
        hand
    })
}

/// The hands of a unit, read (see [`unit_hands`]).
fn read_unit(unit: &super::Unit) -> Vec<phh::ParsedHand> {
    unit_hands(unit).collect()
}

/// Whether a unit is a whole file (a `.phh` hand, a JSON document, only comments).
fn is_whole(unit: &super::Unit) -> bool {
    context(unit)
        .is_none_or(|c| c.first && c.last && (c.json || c.no_hands || !phh::parse::is_multi(&unit.text)))
}

impl super::Notation for PhhNotation {
    fn format(&self) -> super::Format {
        super::Format::Phh
    }

    fn units<'r>(
        &self,
        input: Box<dyn std::io::BufRead + Send + 'r>,
        path: &std::path::Path,
    ) -> super::Units<'r> {
        let phhs = path.extension().is_some_and(|e| e.eq_ignore_ascii_case("phhs"));
        Box::new(Splitter {
            input,
            phhs,
            pending: Vec::new(),
            eof: false,
            first: true,
            done: false,
            offset: 0,
            line: 0,
            index: 0,
            names: Names::default(),
            headers: Vec::new(),
            resume: None,
        })
    }

    fn check(&self, unit: &super::Unit, opts: &CheckOptions) -> Vec<RecordReport> {
        if context(unit).is_some_and(|c| c.no_hands) {
            return Vec::new();
        }
        unit_hands(unit).map(|parsed| check_parsed(parsed, opts)).collect()
    }

    fn fmt(&self, unit: &super::Unit, opts: &FmtOptions) -> Result<Vec<u8>, Refusal> {
        if context(unit).is_some_and(|c| c.no_hands) {
            return Ok(unit.text.clone().into_bytes());
        }
        if is_whole(unit) {
            return fmt(unit.text.as_bytes(), opts);
        }
        let file = phh::ParsedFile { multi: true, hands: read_unit(unit) };
        let mut out = fmt_file(&unit.text, &file, opts)?;
        if unit.index > 0 && !opts.preserve && !out.is_empty() {
            out.insert(0, b'\n');
        }
        Ok(out)
    }

    fn convert(&self, unit: &super::Unit, to: ConvertTo) -> Result<Vec<u8>, Refusal> {
        if is_whole(unit) {
            return convert(unit.text.as_bytes(), to);
        }
        let file = phh::ParsedFile { multi: true, hands: read_unit(unit) };
        refuse_on_errors(&unit.text, &file)?;
        let first = context(unit).is_some_and(|c| c.first);
        let last = context(unit).is_some_and(|c| c.last);
        match to {
            ConvertTo::Native => {
                let mut out = canonical(&file).into_bytes();
                if !first && !out.is_empty() {
                    out.insert(0, b'\n');
                }
                Ok(out)
            }
            ConvertTo::Json => {
                // The document `to_json` writes for the whole file, one unit's share at a time.
                let json = phh::json::JsonFile::from_parsed(&file);
                let mut out = Vec::new();
                if first {
                    out.extend_from_slice(b"{\n  \"hands\": [");
                }
                for (i, hand) in json.hands.iter().enumerate() {
                    out.extend_from_slice(if first && i == 0 { b"\n" } else { b",\n" });
                    let text = serde_json::to_string_pretty(hand).unwrap_or_default();
                    for (n, line) in text.split('\n').enumerate() {
                        if n > 0 {
                            out.push(b'\n');
                        }
                        out.extend_from_slice(b"    ");
                        out.extend_from_slice(line.as_bytes());
                    }
                }
                if last {
                    out.extend_from_slice(b"\n  ]\n}\n");
                }
                Ok(out)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Human output asks for no fields: the same diagnostics, no field map built.
    #[test]
    fn no_fields_changes_only_the_fields() {
        let text = "[1]\nvariant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n\
                    starting_stacks = [200, 200]\nactions = ['d dh p1 AhKh', 'd dh p2 QsQd', 'p1 zz']\n\
                    [2]\nvariant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n\
                    starting_stacks = [200, 200]\nactions = ['d dh p1 AhKh', 'd dh p2 QsQd', 'p1 f']\n";
        let json = check(text.as_bytes(), &CheckOptions::default());
        let human = check(text.as_bytes(), &CheckOptions { no_fields: true, ..CheckOptions::default() });
        assert_eq!(json.records.len(), 2);
        assert!(json.records[0].diagnostics.iter().any(Diagnostic::is_error));
        for (json, human) in json.records.iter().zip(&human.records) {
            assert_eq!(json.diagnostics, human.diagnostics);
            assert!(!json.fields.is_empty());
            assert!(human.fields.is_empty());
        }
    }
}
