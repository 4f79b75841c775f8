//! The `cardnote` Python module (built with maturin; see the crate's README): cardnote's readers,
//! the poker engine's replay, the Arrow tables of `cardnote-arrow` and the statistics of
//! `poker-stats`, from Python. Every function releases the GIL while it reads or replays; bad input
//! raises `cardnote.CardnoteError` (code, message, line, column), it never crashes the interpreter.
//!
//! ```python
//! import cardnote
//! for record in cardnote.read("hands.phhs"):
//!     print(record.fields["variant"], record.ok)
//! ```

use std::path::{Path, PathBuf};
use std::sync::Arc;

use arrow_array::ffi_stream::FFI_ArrowArrayStream;
use arrow_array::{ArrayRef, Float64Array, RecordBatch, RecordBatchIterator, StringArray, UInt64Array};
use arrow_schema::{ArrowError, DataType, Field, Schema, SchemaRef};
use cardnote_arrow::export::Input as ExportInput;
use cardnote_arrow::{ErrorsTable, ExportOptions, InputFormat, PbnTables, PhhTable, PhhTables, phh_table};
use cardnote_check::walk::{FileKind, collect_files, collect_files_and_logs, format_of, kind_of, sniff_ppn};
use cardnote_check::{
    CheckOptions, FileCheck, Format, RecordReport, Rules, check_bytes, record_json_named, sitelog,
};
use cards_core::{Diagnostic, LineIndex};
use poker_stats::{GroupBy, Replayed, RuleProfile, Totals};
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyCapsule, PyDict, PyList};
use serde_json::Value;
use sitelogs::Site;

mod bridge;
mod dd;
mod poker;

pyo3::create_exception!(
    cardnote,
    CardnoteError,
    PyValueError,
    "An error in the input: `code` (stable), `message`, `line` and `column` (1-based; 0 when the error has no place in a text)."
);

/// The parts of a `CardnoteError`.
pub(crate) struct ErrorParts {
    pub(crate) code: String,
    pub(crate) message: String,
    pub(crate) line: usize,
    pub(crate) column: usize,
}

impl ErrorParts {
    /// A diagnostic placed in `text`.
    pub(crate) fn of(diagnostic: &Diagnostic, text: &str, index: &LineIndex) -> ErrorParts {
        let (line, column) = index.line_col(text, diagnostic.span().start);
        ErrorParts {
            code: diagnostic.code().to_owned(),
            message: diagnostic.message().to_owned(),
            line,
            column,
        }
    }

    /// An error with no place in a text.
    pub(crate) fn plain(code: &str, message: impl Into<String>) -> ErrorParts {
        ErrorParts { code: code.to_owned(), message: message.into(), line: 0, column: 0 }
    }

    pub(crate) fn raise(self, py: Python<'_>) -> PyErr {
        let text = format!("{}:{}: {}: {}", self.line, self.column, self.code, self.message);
        let err = CardnoteError::new_err(text);
        let value = err.value(py);
        let set = value
            .setattr("code", self.code)
            .and_then(|()| value.setattr("message", self.message))
            .and_then(|()| value.setattr("line", self.line))
            .and_then(|()| value.setattr("column", self.column));
        match set {
            Ok(()) => err,
            Err(other) => other,
        }
    }

    fn from_json(py: Python<'_>, diagnostic: &Value) -> PyErr {
        let text = |key: &str| diagnostic.get(key).and_then(Value::as_str).unwrap_or_default().to_owned();
        let number = |key: &str| diagnostic.get(key).and_then(Value::as_u64).unwrap_or(0) as usize;
        ErrorParts {
            code: text("code"),
            message: text("message"),
            line: number("line"),
            column: number("column"),
        }
        .raise(py)
    }
}

/// Diagnostics as dicts (`code`, `severity`, `message`, `line`, `column`), placed in `text`.
pub(crate) fn diagnostic_dicts<'py>(
    py: Python<'py>,
    diagnostics: &[Diagnostic],
    text: &str,
    index: &LineIndex,
) -> PyResult<Bound<'py, PyList>> {
    let list = PyList::empty(py);
    for d in diagnostics {
        let (line, column) = index.line_col(text, d.span().start);
        let item = PyDict::new(py);
        item.set_item("code", d.code())?;
        item.set_item("severity", if d.is_error() { "error" } else { "warning" })?;
        item.set_item("message", d.message())?;
        item.set_item("line", line)?;
        item.set_item("column", column)?;
        list.append(item)?;
    }
    Ok(list)
}

/// Decodes a file's bytes as every reader of the project does (UTF-8, a BOM, or ISO-8859-1).
pub(crate) fn decode_text(data: &[u8]) -> String {
    cards_core::charset::decode(data).text
}

/// A text read from a path, or given as text or bytes.
pub(crate) struct Loaded {
    /// The decoded text.
    pub(crate) text: String,
    /// The file's extension (lowercase; empty for text).
    pub(crate) extension: String,
}

impl Loaded {
    /// Reads `path_or_text` (a path to an existing file, text, or bytes).
    pub(crate) fn of(py: Python<'_>, path_or_text: &Bound<'_, PyAny>) -> PyResult<Loaded> {
        Ok(match input_of(path_or_text)? {
            Input::File(path) => {
                let data = py
                    .allow_threads(|| std::fs::read(&path))
                    .map_err(|e| PyOSError::new_err(format!("cannot read {}: {e}", path.display())))?;
                let extension =
                    path.extension().and_then(|e| e.to_str()).unwrap_or_default().to_ascii_lowercase();
                Loaded { text: decode_text(&data), extension }
            }
            Input::Text(text) => Loaded { text, extension: String::new() },
        })
    }
}

/// One record of a file (a hand, a board, a game): the object of `cardnote check --json`.
#[pyclass(module = "cardnote", frozen)]
pub struct Record {
    object: Value,
    /// The decoded text of the record's file (for `replay(record)`).
    source: Arc<str>,
}

#[pymethods]
impl Record {
    /// The whole `check --json` object as a dict.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, &self.object)
    }

    /// The format's fields (`variant`, `board`, ...) as a dict, named as in `check --json`.
    #[getter]
    fn fields<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        if let Value::Object(map) = &self.object {
            for (key, value) in map {
                if !CONTRACT_KEYS.contains(&key.as_str()) {
                    dict.set_item(key, to_python(py, value)?)?;
                }
            }
        }
        Ok(dict)
    }

    /// Errors, each a dict with `code`, `message`, `line`, `column`.
    #[getter]
    fn errors<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, &self.object["errors"])
    }

    /// Warnings, each a dict with `code`, `message`, `line`, `column`.
    #[getter]
    fn warnings<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, &self.object["warnings"])
    }

    /// Whether the record has no error.
    #[getter]
    fn ok(&self) -> bool {
        self.object["ok"].as_bool().unwrap_or(false)
    }

    /// The file as named (`<text>` for text).
    #[getter]
    fn file(&self) -> String {
        self.object["file"].as_str().unwrap_or_default().to_owned()
    }

    /// The record's 0-based place in the file.
    #[getter]
    fn index(&self) -> u64 {
        self.object["index"].as_u64().unwrap_or(0)
    }

    /// `phh`, `pbn`, `ppn-pref` or `ppn-pinochle`.
    #[getter]
    fn format(&self) -> String {
        self.object["format"].as_str().unwrap_or_default().to_owned()
    }

    /// Raises `CardnoteError` for the record's first error; returns `self` when it has none.
    fn raise_for_errors(slf: PyRef<'_, Self>) -> PyResult<PyRef<'_, Self>> {
        match slf.object["errors"].as_array().and_then(|e| e.first()) {
            Some(first) => Err(ErrorParts::from_json(slf.py(), first)),
            None => Ok(slf),
        }
    }

    fn __repr__(&self) -> String {
        format!("<cardnote.Record {} #{} {} ok={}>", self.file(), self.index(), self.format(), self.ok())
    }
}

/// The keys of the `check --json` contract that are not format fields.
const CONTRACT_KEYS: [&str; 6] = ["file", "index", "format", "ok", "errors", "warnings"];

/// The records of `read`, in file order.
#[pyclass(module = "cardnote")]
pub struct Records {
    records: std::vec::IntoIter<(Value, Arc<str>)>,
}

#[pymethods]
impl Records {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(mut slf: PyRefMut<'_, Self>) -> Option<Record> {
        slf.records.next().map(|(object, source)| Record { object, source })
    }

    fn __len__(&self) -> usize {
        self.records.len()
    }
}

fn to_python<'py>(py: Python<'py>, value: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match value {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => b.into_pyobject(py)?.to_owned().into_any(),
        Value::Number(n) => match (n.as_i64(), n.as_u64()) {
            (Some(i), _) => i.into_pyobject(py)?.into_any(),
            (None, Some(u)) => u.into_pyobject(py)?.into_any(),
            _ => n.as_f64().unwrap_or(f64::NAN).into_pyobject(py)?.into_any(),
        },
        Value::String(s) => s.into_pyobject(py)?.into_any(),
        Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(to_python(py, item)?)?;
            }
            list.into_any()
        }
        Value::Object(map) => {
            let dict = PyDict::new(py);
            for (key, item) in map {
                dict.set_item(key, to_python(py, item)?)?;
            }
            dict.into_any()
        }
    })
}

/// What a file or text is read as: a notation, or a poker site's hand history.
#[derive(Debug, Clone, Copy)]
enum ReadAs {
    Notation(Format),
    Site(Site),
}

impl ReadAs {
    /// The `format` of its records (`check --json`'s name).
    const fn name(self) -> &'static str {
        match self {
            ReadAs::Notation(format) => format.name(),
            ReadAs::Site(site) => site.name(),
        }
    }
}

fn parse_format(name: Option<&str>) -> PyResult<Option<ReadAs>> {
    Ok(match name {
        None => None,
        Some("phh") => Some(ReadAs::Notation(Format::Phh)),
        Some("pbn") => Some(ReadAs::Notation(Format::Pbn)),
        Some("ppn-pref") => Some(ReadAs::Notation(Format::PpnPref)),
        Some("ppn-pinochle") => Some(ReadAs::Notation(Format::PpnPinochle)),
        Some("lin") => Some(ReadAs::Notation(Format::Lin)),
        Some(other) => match Site::from_name(other) {
            Some(site) => Some(ReadAs::Site(site)),
            None => {
                let sites: Vec<&str> = Site::ALL.iter().map(|s| s.name()).collect();
                return Err(PyValueError::new_err(format!(
                    "unknown format {other:?} (phh, pbn, ppn-pref, ppn-pinochle, lin, or a site: {})",
                    sites.join(", ")
                )));
            }
        },
    })
}

/// What a file is read as: `forced`, else a site's log by its content when its extension is no
/// notation's, else the notation its extension (or content) says.
fn read_as_file(path: &Path, data: &[u8], forced: Option<ReadAs>) -> ReadAs {
    forced.unwrap_or_else(|| {
        let kind = kind_of(path);
        match Site::detect(data) {
            Some(site) if kind == FileKind::Other => ReadAs::Site(site),
            _ => ReadAs::Notation(format_of(kind, data, None)),
        }
    })
}

/// Checks `data` (the file at `path`, when it is one) as `read_as` says. An ACPC log's game is
/// found beside it or by the dealer's own comment, as `cardnote check` finds it.
fn check_as(read_as: ReadAs, path: Option<&Path>, data: &[u8], opts: &CheckOptions) -> FileCheck {
    match read_as {
        ReadAs::Notation(format) => check_bytes(format, data, opts),
        ReadAs::Site(site) => match sitelog::game_for(site, path.unwrap_or(Path::new("")), None) {
            Ok(game) => sitelog::check_site_bytes(site, data, game.as_ref(), opts),
            Err(diagnostic) => FileCheck {
                source: String::new(),
                records: vec![RecordReport { diagnostics: vec![diagnostic], fields: serde_json::Map::new() }],
            },
        },
    }
}

fn parse_rules(name: &str) -> PyResult<Rules> {
    match name {
        "pokerkit" => Ok(Rules::Pokerkit),
        "wsop" => Ok(Rules::Wsop),
        other => Err(PyValueError::new_err(format!("unknown rules {other:?} (pokerkit or wsop)"))),
    }
}

/// What text given without a format is: a site's hand history by its content; PHH when it has a
/// `variant` key; a PPN notation when it has a `Game`-style tag pair the sniffer knows; else PBN.
fn sniff_text(text: &str) -> ReadAs {
    if let Some(site) = Site::detect(text.as_bytes()) {
        return ReadAs::Site(site);
    }
    if text.lines().any(|l| l.trim_start().starts_with("variant")) {
        return ReadAs::Notation(Format::Phh);
    }
    ReadAs::Notation(match sniff_ppn(text.as_bytes()) {
        Format::PpnPinochle => Format::PpnPinochle,
        _ if text.contains("[Deal ") || text.contains("[Event ") || text.contains("[Board ") => Format::Pbn,
        other => other,
    })
}

/// The `check --json` objects of one file's check, each with the file's text.
fn sourced(file: &str, format: &str, checked: &FileCheck) -> Vec<(Value, Arc<str>)> {
    let source: Arc<str> = Arc::from(checked.source.as_str());
    objects(file, format, checked).into_iter().map(|o| (o, source.clone())).collect()
}

/// The `check --json` objects of one file's check.
fn objects(file: &str, format: &str, checked: &FileCheck) -> Vec<Value> {
    let index = LineIndex::new(&checked.source);
    let line_col = |offset: usize| index.line_col(&checked.source, offset);
    checked
        .records
        .iter()
        .enumerate()
        .map(|(i, record): (usize, &RecordReport)| record_json_named(file, i, format, record, &line_col))
        .collect()
}

/// Text or a path: a string naming an existing file is read from disk.
enum Input {
    File(PathBuf),
    Text(String),
}

fn input_of(path_or_text: &Bound<'_, PyAny>) -> PyResult<Input> {
    if let Ok(text) = path_or_text.extract::<String>() {
        let looks_like_path = !text.contains('\n') && text.len() < 4096 && Path::new(&text).is_file();
        return Ok(if looks_like_path { Input::File(PathBuf::from(text)) } else { Input::Text(text) });
    }
    if let Ok(data) = path_or_text.extract::<Vec<u8>>() {
        return Ok(Input::Text(decode_text(&data)));
    }
    Ok(Input::File(path_or_text.extract::<PathBuf>()?))
}

/// Reads and checks a file (a path) or text: an iterator of `Record`s, one per hand, board or
/// game, with the fields, errors and warnings of `cardnote check --json`.
///
/// `format` is `phh`, `pbn`, `ppn-pref`, `ppn-pinochle`, `lin`, or a poker site's name
/// (`pokerstars`, `ggpoker`, `winamax`, ...: one record per hand, as `cardnote check --format
/// SITE` reports it); by default the file's extension decides, and a file with no notation's
/// extension (or text) whose content is a site's hand history is read as that site's. `rules` is the replay profile (`pokerkit` or `wsop`); `strict` turns
/// the lenient readings of producers' conventions into errors.
#[pyfunction]
#[pyo3(signature = (path_or_text, format = None, *, rules = "pokerkit", strict = false))]
fn read(
    py: Python<'_>,
    path_or_text: &Bound<'_, PyAny>,
    format: Option<&str>,
    rules: &str,
    strict: bool,
) -> PyResult<Records> {
    let forced = parse_format(format)?;
    let opts = CheckOptions { rules: parse_rules(rules)?, strict, ..CheckOptions::default() };
    let records = match input_of(path_or_text)? {
        Input::File(path) => {
            let shown = path.display().to_string();
            py.allow_threads(|| -> std::io::Result<Vec<(Value, Arc<str>)>> {
                let data = std::fs::read(&path)?;
                let read_as = read_as_file(&path, &data, forced);
                Ok(sourced(&shown, read_as.name(), &check_as(read_as, Some(&path), &data, &opts)))
            })
            .map_err(|e| PyOSError::new_err(format!("cannot read {shown}: {e}")))?
        }
        Input::Text(text) => py.allow_threads(|| {
            let read_as = forced.unwrap_or_else(|| sniff_text(&text));
            sourced("<text>", read_as.name(), &check_as(read_as, None, text.as_bytes(), &opts))
        }),
    };
    Ok(Records { records: records.into_iter() })
}

fn paths_of(paths: &Bound<'_, PyAny>) -> PyResult<Vec<PathBuf>> {
    if let Ok(one) = paths.extract::<PathBuf>() {
        return Ok(vec![one]);
    }
    paths.extract::<Vec<PathBuf>>()
}

/// The files under `paths` (files and directories, walked as the CLI walks them).
fn files_of(paths: &[PathBuf]) -> PyResult<Vec<cardnote_check::walk::WalkedFile>> {
    exist(paths)?;
    Ok(collect_files(paths, false).0)
}

/// [`files_of`] with the poker sites' hand histories too, found by their content.
fn files_and_logs_of(paths: &[PathBuf]) -> PyResult<Vec<cardnote_check::walk::WalkedFile>> {
    exist(paths)?;
    Ok(collect_files_and_logs(paths).0)
}

fn exist(paths: &[PathBuf]) -> PyResult<()> {
    for path in paths {
        if !path.exists() {
            return Err(PyOSError::new_err(format!(
                "cannot read {}: no such file or directory",
                path.display()
            )));
        }
    }
    Ok(())
}

/// `cardnote check --json` in Python: one dict per record of every file under `paths` (a path or
/// a list of paths; directories are walked for `.phh`, `.phhs`, `.pbn`, `.ppn` and `.lin` files
/// and the poker sites' hand histories, found by their content).
#[pyfunction]
#[pyo3(signature = (paths, *, rules = "pokerkit", strict = false))]
fn check<'py>(
    py: Python<'py>,
    paths: &Bound<'py, PyAny>,
    rules: &str,
    strict: bool,
) -> PyResult<Bound<'py, PyList>> {
    let paths = paths_of(paths)?;
    let opts = CheckOptions { rules: parse_rules(rules)?, strict, ..CheckOptions::default() };
    let files = files_and_logs_of(&paths)?;
    let objects = py.allow_threads(|| -> Result<Vec<Value>, String> {
        let mut out = Vec::new();
        for file in &files {
            let data =
                std::fs::read(&file.path).map_err(|e| format!("cannot read {}: {e}", file.path.display()))?;
            let read_as = match file.site {
                Some(site) => ReadAs::Site(site),
                None => ReadAs::Notation(format_of(file.kind, &data, None)),
            };
            let checked = check_as(read_as, Some(&file.path), &data, &opts);
            out.extend(objects(&file.path.display().to_string(), read_as.name(), &checked));
        }
        Ok(out)
    });
    let list = PyList::empty(py);
    for object in objects.map_err(PyOSError::new_err)? {
        list.append(to_python(py, &object)?)?;
    }
    Ok(list)
}

/// Replays one PHH hand with the poker engine: text or a path (the first hand of a `.phhs`), a
/// `Record` that `read` returned (its hand), or a `Hand`.
///
/// Returns a dict: `terminal`, `finishing_stacks` and `payoffs` (exact decimal strings), `steps`
/// (one dict per action: `notation`, `street`, `pot_before`, `to_call`, `stack_before`,
/// `players_in`, `board`; amounts exact strings, the state *before* the action), and `warnings`
/// (PokerKit's repairs). An illegal or unreadable hand raises `CardnoteError`.
#[pyfunction]
#[pyo3(signature = (hand, *, rules = "pokerkit"))]
fn replay<'py>(py: Python<'py>, hand: &Bound<'py, PyAny>, rules: &str) -> PyResult<Bound<'py, PyDict>> {
    let profile = parse_rules(rules)?;
    let (text, nth): (String, usize) = if let Ok(record) = hand.downcast::<Record>() {
        let record = record.get();
        if record.format() != "phh" {
            return Err(PyValueError::new_err(format!("a {} record is not a poker hand", record.format())));
        }
        (record.source.to_string(), usize::try_from(record.index()).unwrap_or(usize::MAX))
    } else if let Ok(model) = hand.downcast::<poker::Hand>() {
        (phh::write_hand(&model.get().hand), 0)
    } else {
        match input_of(hand)? {
            Input::File(path) => {
                let data = py
                    .allow_threads(|| std::fs::read(&path))
                    .map_err(|e| PyOSError::new_err(format!("cannot read {}: {e}", path.display())))?;
                (decode_text(&data), 0)
            }
            Input::Text(text) => (text, 0),
        }
    };
    let done = py.allow_threads(|| replay_text(&text, nth, profile));
    let (parsed, replayed) = match done {
        Ok(done) => done,
        Err(diagnostic) => return Err(ErrorParts::of(&diagnostic, &text, &LineIndex::new(&text)).raise(py)),
    };
    let index = LineIndex::new(&text);
    let result = PyDict::new(py);
    result.set_item("terminal", replayed.outcome.terminal)?;
    result.set_item("finishing_stacks", &replayed.outcome.finishing_stacks)?;
    result.set_item("payoffs", &replayed.outcome.payoffs)?;
    let steps = PyList::empty(py);
    let board: Vec<String> = replayed.board.iter().map(|&c| poker::card_text(c)).collect();
    for (step, action) in replayed.steps.iter().zip(parsed.model.hand.iter().flat_map(|h| &h.actions)) {
        let mut notation = String::new();
        action.write_to(&mut notation);
        let item = PyDict::new(py);
        item.set_item("notation", notation)?;
        item.set_item("street", step.street)?;
        item.set_item("pot_before", step.pot_before.to_text())?;
        item.set_item("to_call", step.to_call.map(|c| c.to_text()))?;
        item.set_item("stack_before", step.stack_before.map(|c| c.to_text()))?;
        item.set_item("players_in", step.players_in)?;
        item.set_item("board", board.iter().take(usize::from(step.board_len)).cloned().collect::<String>())?;
        steps.append(item)?;
    }
    result.set_item("steps", steps)?;
    let warnings = PyList::empty(py);
    for warning in parsed.diagnostics.iter().chain(&replayed.outcome.diagnostics) {
        let (line, column) = index.line_col(&text, warning.span().start);
        let item = PyDict::new(py);
        item.set_item("code", warning.code())?;
        item.set_item("message", warning.message())?;
        item.set_item("line", line)?;
        item.set_item("column", column)?;
        warnings.append(item)?;
    }
    result.set_item("warnings", warnings)?;
    Ok(result)
}

/// Parses hand `nth` (0-based) of `text` and replays it; the first error when it cannot.
fn replay_text(
    text: &str,
    nth: usize,
    profile: RuleProfile,
) -> Result<(phh::Record, Replayed), cards_core::Diagnostic> {
    // Reading text in memory cannot fail.
    let Some(parsed) = phh::Reader::from_str(text, phh::Options::default()).nth(nth).and_then(Result::ok)
    else {
        return Err(cards_core::Diagnostic::error(
            "REPLAY_NO_SUCH_HAND",
            "the text has no hands",
            cards_core::Span::at(0),
        ));
    };
    if let Some(error) = parsed.diagnostics.iter().find(|d| d.is_error()) {
        return Err(error.clone());
    }
    let Some(replayed) = Replayed::of_record(&parsed, profile) else {
        return Err(cards_core::Diagnostic::error(
            "REPLAY_NO_SUCH_HAND",
            "the hand could not be built",
            cards_core::Span::at(0),
        ));
    };
    // A declared outcome field the replay does not give is not an error of the replay.
    let failed = |d: &&cards_core::Diagnostic| d.is_error() && !phh::replay::is_declared_outcome(d.code());
    if let Some(error) = replayed.outcome.diagnostics.iter().find(failed) {
        return Err(error.clone());
    }
    Ok((parsed, replayed))
}

/// An Arrow stream for the Arrow PyCapsule interface (`__arrow_c_stream__`): pyarrow, Polars and
/// DuckDB import it without copying.
#[pyclass(module = "cardnote")]
pub struct ArrowStream {
    schema: SchemaRef,
    batches: Option<Vec<RecordBatch>>,
}

#[pymethods]
impl ArrowStream {
    /// Hands the batches over once as an `arrow_array_stream` capsule.
    #[pyo3(signature = (requested_schema = None))]
    fn __arrow_c_stream__<'py>(
        &mut self,
        py: Python<'py>,
        requested_schema: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyCapsule>> {
        let _ = requested_schema; // the table's own schema is the only one offered
        let batches =
            self.batches.take().ok_or_else(|| PyValueError::new_err("the stream was already consumed"))?;
        let reader =
            RecordBatchIterator::new(batches.into_iter().map(Ok::<_, ArrowError>), self.schema.clone());
        let stream = FFI_ArrowArrayStream::new(Box::new(reader));
        let name =
            std::ffi::CString::new("arrow_array_stream").map_err(|e| PyValueError::new_err(e.to_string()))?;
        PyCapsule::new(py, stream, Some(name))
    }
}

fn to_table<'py>(
    py: Python<'py>,
    schema: SchemaRef,
    batches: Vec<RecordBatch>,
) -> PyResult<Bound<'py, PyAny>> {
    let stream = Bound::new(py, ArrowStream { schema, batches: Some(batches) })?;
    py.import("pyarrow")?
        .getattr("RecordBatchReader")?
        .call_method1("from_stream", (stream,))?
        .call_method0("read_all")
}

const PBN_TABLES: [&str; 4] = ["boards", "calls", "plays", "results"];

/// Builds one table of every file (the batches in file order).
fn build_table(
    files: &[cardnote_check::walk::WalkedFile],
    table: &str,
    profile: RuleProfile,
) -> Result<Vec<RecordBatch>, String> {
    let phh_table = match table {
        "hands" => Some(PhhTable::Hands),
        "seats" => Some(PhhTable::Seats),
        "actions" => Some(PhhTable::Actions),
        _ => None,
    };
    if let Some(phh_table) = phh_table {
        return phh_batches(files, phh_table, profile);
    }
    let mut batches = Vec::new();
    for file in files {
        let label = file.path.display().to_string();
        let data = std::fs::read(&file.path).map_err(|e| format!("cannot read {label}: {e}"))?;
        let mut errors = ErrorsTable::default();
        let format = format_of(file.kind, &data, None);
        let batch = match format {
            Format::Phh if table == "errors" => {
                let text = decode_text(&data);
                let mut tables = PhhTables::new(profile);
                for (i, parsed) in phh::Reader::from_str(&text, phh::Options::default()).enumerate() {
                    let Ok(parsed) = parsed else { continue };
                    tables.push(&label, u32::try_from(i).unwrap_or(u32::MAX), &parsed, &mut errors);
                }
                errors.finish().map_err(|e| e.to_string())?
            }
            Format::Pbn | Format::Lin if PBN_TABLES.contains(&table) || table == "errors" => {
                // LIN boards go through bridge-convert's LIN -> PBN, as `cardnote convert --to pbn`.
                let text = if format == Format::Lin {
                    bridge_convert::lin_to_pbn(&data).text
                } else {
                    pbn::decode(&data).text
                };
                let mut tables = PbnTables::default();
                tables.push_text(&label, &text, &mut errors);
                let b = tables.finish().map_err(|e| e.to_string())?;
                match table {
                    "boards" => b.boards,
                    "calls" => b.calls,
                    "plays" => b.plays,
                    "results" => b.results,
                    _ => errors.finish().map_err(|e| e.to_string())?,
                }
            }
            _ => continue,
        };
        batches.push(batch);
    }
    Ok(batches)
}

/// A PHH table of the PHH files among `files` (those `format_of` reads as PHH: `.phh`, `.phhs`
/// and files of no known extension), built as `cardnote export` builds it: the files cut into
/// segments of whole hands, turned into rows on every core, in file order.
fn phh_batches(
    files: &[cardnote_check::walk::WalkedFile],
    table: PhhTable,
    profile: RuleProfile,
) -> Result<Vec<RecordBatch>, String> {
    let inputs: Vec<ExportInput> = files
        .iter()
        .filter(|file| matches!(file.kind, FileKind::Phh | FileKind::Other))
        .map(|file| ExportInput {
            path: file.path.clone(),
            label: file.path.display().to_string(),
            format: InputFormat::Phh,
        })
        .collect();
    let options = ExportOptions { profile, ..ExportOptions::default() };
    phh_table(&inputs, table, &options).map_err(|e| e.to_string())
}

fn schema_of(table: &str) -> PyResult<SchemaRef> {
    Ok(match table {
        "hands" => cardnote_arrow::phh::hands_schema(),
        "seats" => cardnote_arrow::phh::seats_schema(),
        "actions" => cardnote_arrow::phh::actions_schema(),
        "boards" => cardnote_arrow::pbn::boards_schema(),
        "calls" => cardnote_arrow::pbn::calls_schema(),
        "plays" => cardnote_arrow::pbn::plays_schema(),
        "results" => cardnote_arrow::pbn::results_schema(),
        "errors" => cardnote_arrow::errors_schema(),
        other => {
            return Err(PyValueError::new_err(format!(
                "unknown table {other:?} (hands, seats, actions, boards, calls, plays, results or errors)"
            )));
        }
    })
}

/// One of the tables of `cardnote export` (`hands`, `seats`, `actions` from PHH files; `boards`,
/// `calls`, `plays`, `results` from PBN files; `errors` from both) over the files under `paths`,
/// as a `pyarrow.Table` handed over through the Arrow C stream interface (no copy through Python
/// objects). Columns as documented in the `cardnote-arrow` crate (amounts exact text plus `_f64`).
#[pyfunction]
#[pyo3(signature = (paths, table = "hands", *, rules = "pokerkit"))]
fn to_arrow<'py>(
    py: Python<'py>,
    paths: &Bound<'py, PyAny>,
    table: &str,
    rules: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let schema = schema_of(table)?;
    let profile = parse_rules(rules)?;
    let files = files_of(&paths_of(paths)?)?;
    let batches = py.allow_threads(|| build_table(&files, table, profile)).map_err(PyOSError::new_err)?;
    to_table(py, schema, batches)
}

/// `cardnote stats` as a `pyarrow.Table`: one row per player (`by="player"`: the name when the
/// hand names its players, else the position) or per position (`by="position"`), over the PHH
/// files under `paths`. Counts are uint64, percentages and bb/100 float64 (rounded to 2 places as
/// the CLI prints them; null without a denominator), `net_won` the exact decimal as text.
#[pyfunction]
#[pyo3(signature = (paths, by = "player", *, rules = "pokerkit"))]
fn stats<'py>(
    py: Python<'py>,
    paths: &Bound<'py, PyAny>,
    by: &str,
    rules: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let by = match by {
        "player" => GroupBy::Player,
        "position" => GroupBy::Position,
        other => {
            return Err(PyValueError::new_err(format!("unknown grouping {other:?} (player or position)")));
        }
    };
    let profile = parse_rules(rules)?;
    let files = files_of(&paths_of(paths)?)?;
    let batch = py
        .allow_threads(|| -> Result<RecordBatch, String> {
            let mut totals = Totals::new(by);
            for file in files.iter().filter(|f| f.kind == FileKind::Phh) {
                let data = std::fs::read(&file.path)
                    .map_err(|e| format!("cannot read {}: {e}", file.path.display()))?;
                let text = decode_text(&data);
                for parsed in phh::Reader::from_str(&text, phh::Options::default()).filter_map(Result::ok) {
                    let replayed =
                        if parsed.has_errors() { None } else { Replayed::of_record(&parsed, profile) };
                    match (&parsed.model.hand, replayed) {
                        (Some(hand), Some(replayed)) => {
                            totals.add(hand, &replayed);
                        }
                        _ => totals.skip(),
                    }
                }
            }
            stats_batch(&totals).map_err(|e| e.to_string())
        })
        .map_err(PyOSError::new_err)?;
    to_table(py, batch.schema(), vec![batch])
}

fn stats_batch(totals: &Totals) -> Result<RecordBatch, ArrowError> {
    let players: Vec<_> = totals.players().collect();
    let count = |f: fn(&poker_stats::PlayerStats) -> u64| -> ArrayRef {
        Arc::new(players.iter().map(|p| f(p)).collect::<UInt64Array>())
    };
    let rate = |f: fn(&poker_stats::PlayerStats) -> Option<rust_decimal::Decimal>| -> ArrayRef {
        Arc::new(
            players
                .iter()
                .map(|p| f(p).and_then(|d| d.round_dp(2).normalize().to_string().parse::<f64>().ok()))
                .collect::<Float64Array>(),
        )
    };
    let columns: Vec<(&str, ArrayRef)> = vec![
        ("player", Arc::new(players.iter().map(|p| Some(p.player.as_str())).collect::<StringArray>())),
        ("hands", count(|p| p.hands)),
        ("vpip", count(|p| p.vpip)),
        ("vpip_pct", rate(poker_stats::PlayerStats::vpip_percent)),
        ("pfr", count(|p| p.pfr)),
        ("pfr_pct", rate(poker_stats::PlayerStats::pfr_percent)),
        ("three_bet_chances", count(|p| p.three_bet_chances)),
        ("three_bets", count(|p| p.three_bets)),
        ("three_bet_pct", rate(poker_stats::PlayerStats::three_bet_percent)),
        ("cbet_chances", count(|p| p.cbet_chances)),
        ("cbets", count(|p| p.cbets)),
        ("cbet_pct", rate(poker_stats::PlayerStats::cbet_percent)),
        ("saw_second_street", count(|p| p.saw_second_street)),
        ("showdowns", count(|p| p.showdowns)),
        ("wtsd_pct", rate(poker_stats::PlayerStats::wtsd_percent)),
        ("won_at_showdown", count(|p| p.won_at_showdown)),
        ("wsd_pct", rate(poker_stats::PlayerStats::wsd_percent)),
        ("net_won", Arc::new(players.iter().map(|p| Some(p.net_won.to_text())).collect::<StringArray>())),
        ("blind_hands", count(|p| p.blind_hands)),
        ("bb_per_100", rate(poker_stats::PlayerStats::bb_per_100)),
    ];
    let fields: Vec<Field> = columns
        .iter()
        .map(|(name, array)| {
            let nullable = !matches!(array.data_type(), DataType::UInt64) && *name != "player";
            Field::new(*name, array.data_type().clone(), nullable)
        })
        .collect();
    RecordBatch::try_new(Arc::new(Schema::new(fields)), columns.into_iter().map(|(_, a)| a).collect())
}

/// cardnote: card-game notation (PHH, PBN, PPN) read, checked, replayed and tabled in Rust.
#[pymodule]
fn _cardnote(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("CardnoteError", m.py().get_type::<CardnoteError>())?;
    m.add_class::<Record>()?;
    m.add_class::<Records>()?;
    m.add_class::<ArrowStream>()?;
    m.add_function(wrap_pyfunction!(read, m)?)?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_function(wrap_pyfunction!(replay, m)?)?;
    m.add_function(wrap_pyfunction!(to_arrow, m)?)?;
    m.add_function(wrap_pyfunction!(stats, m)?)?;
    m.add_class::<poker::Hand>()?;
    m.add_class::<poker::Action>()?;
    m.add_class::<poker::State>()?;
    m.add_class::<poker::Pot>()?;
    m.add_class::<poker::LegalAction>()?;
    m.add_function(wrap_pyfunction!(poker::load_hands, m)?)?;
    m.add_function(wrap_pyfunction!(poker::write_hands, m)?)?;
    bridge::register(m)?;
    dd::register(m)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
