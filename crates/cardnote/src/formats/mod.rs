//! One module per notation: the glue between the `cardnote` commands and each format's crate.
//!
//! The commands reach every notation through one trait, [`Notation`] (see [`notation`]): a
//! sequential step cuts a file into self-contained [`Unit`]s (one record, or a batch of them),
//! and pure, `Send` steps check, rewrite or convert one unit, so a command can run the units on
//! every core and print them in file order with memory bounded by the largest unit
//! (`crate::pipeline`). A notation whose reader cannot yet stream is served by [`WholeFile`], which
//! reads the whole file as one unit and calls the module's whole-file functions:
//! - `check(data, opts) -> FileCheck`: read and check a whole file, one [`RecordReport`] per record;
//! - `fmt(data, opts) -> Result<Vec<u8>, Refusal>`: rewrite a file (canonical or format-preserving);
//! - `convert(data, to) -> Result<Vec<u8>, Refusal>`: convert between the notation and its JSON form.
//!
//! ## The ordered finish step (an addition to the trait)
//! Some checks cross units: PBN holds back a warning that an earlier game reported, Pinochle
//! carries the running scores from hand to hand (GameScores, Hand numbers, Victor), Preferans
//! its game state (ids, dealer rotation, refas). They run in a finish step, in file order, on the
//! thread that already receives the results in order, so the workers never wait for one another:
//!
//! ```text
//! fn check_unit(&self, unit: &Unit, opts: &CheckOptions) -> UnitCheck;      // any thread, any order
//! fn finish_state(&self, opts: &CheckOptions) -> Option<FileState>;         // one per file; None: no step
//! fn finish(&self, state: &mut FileState, unit: &Unit, checked: &mut UnitCheck, last: bool);
//! ```
//!
//! [`UnitCheck`] holds a unit's reports and what the finish step needs beyond them (`pending`,
//! the notation's own type); [`FileState`] is the notation's own per-file state; `last` says no
//! unit follows and the file was read to its end. All three have defaults (`check`'s reports,
//! no state, nothing to do), so a notation without cross-unit checks implements only `check`.
//! [`check_units`] runs a file as every command does: `check_unit` on the workers, `finish` in
//! order, then the command's own per-unit step (rendering `--json` lines) back on the workers
//! ([`crate::pipeline::finished`]). A notation with a finish step makes its `check` a unit checked
//! and finished as a file of its own ([`check_alone`]).

use std::any::Any;
use std::io::BufRead;
use std::path::Path;
use std::sync::Arc;

use cards_core::Diagnostic;
use serde_json::{Map, Value};

pub mod dd;
pub mod lin;
mod lines;
pub mod pbn;
pub mod phh;
pub mod phh_replay;
pub mod pinochle;
pub mod pref;
pub mod sitelogs;

/// The notations the CLI knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// Poker Hand History (`.phh`, `.phhs`).
    Phh,
    /// Portable Bridge Notation (`.pbn`).
    Pbn,
    /// Portable Preferans Notation (`.ppn`).
    PpnPref,
    /// Portable Pinochle Notation (`.ppn`).
    PpnPinochle,
    /// BBO LIN (`.lin`).
    Lin,
}

impl Format {
    /// The name used in `--format` and in the JSON `format` field.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Format::Phh => "phh",
            Format::Pbn => "pbn",
            Format::PpnPref => "ppn-pref",
            Format::PpnPinochle => "ppn-pinochle",
            Format::Lin => "lin",
        }
    }
}

/// Which rule profile a replay follows (poker only for now): the engine's own profile, so the
/// CLI, the Python module and the libraries name one type.
pub use poker_engine::RuleProfile as Rules;

/// Options shared by every `check`.
#[derive(Debug, Clone, Default)]
pub struct CheckOptions {
    /// Rule profile for game replays.
    pub rules: Rules,
    /// Strict mode: warnings that the format treats as leniencies become errors.
    pub strict: bool,
    /// PBN: also check the double-dummy tags against the deals (`check --dd`).
    pub dd: bool,
    /// The output never reads [`RecordReport::fields`] (`check` without `--json`): a notation may
    /// leave them empty instead of building them for every record.
    pub no_fields: bool,
}

/// The result of checking one record.
#[derive(Debug, Clone, Default)]
pub struct RecordReport {
    /// Errors and warnings, spans into [`FileCheck::source`].
    pub diagnostics: Vec<Diagnostic>,
    /// Per-format JSON fields (`variant`, `board`, …), in the order they should be printed.
    pub fields: Map<String, Value>,
}

/// The result of checking one file.
#[derive(Debug, Clone, Default)]
pub struct FileCheck {
    /// The decoded text every span refers to.
    pub source: String,
    /// One report per record; a file that cannot be split into records gives exactly one.
    pub records: Vec<RecordReport>,
}

/// Options for `fmt`.
#[derive(Debug, Clone, Copy, Default)]
pub struct FmtOptions {
    /// Keep the author's layout and comments, changing only what must change.
    pub preserve: bool,
    /// Write files that have errors too (the user asked for it explicitly). The writers still
    /// refuse what they cannot write; the caller must check that the output reports the same
    /// errors as the original (see `cardnote fmt --force`).
    pub force: bool,
}

/// Target of `convert`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConvertTo {
    /// The notation's JSON form.
    Json,
    /// The notation itself (from JSON or from the notation, canonically written).
    Native,
}

/// Why a file was not written: the source and the diagnostics that stopped it.
#[derive(Debug, Clone)]
pub struct Refusal {
    /// The decoded text the spans refer to.
    pub source: String,
    /// What is wrong.
    pub diagnostics: Vec<Diagnostic>,
}

/// Decodes bytes as UTF-8 (BOM dropped), falling back to ISO-8859-1 so decoding never fails
/// ([`cards_core::charset::decode`]'s text).
#[must_use]
pub fn decode_text(data: &[u8]) -> String {
    cards_core::charset::decode(data).text
}

/// Whether decoded text is a JSON document (a notation's JSON form) rather than the notation: it
/// opens with `{` *and* parses as JSON, since PBN and Pinochle files may open with a `{comment}`.
#[must_use]
pub fn is_json_text(text: &str) -> bool {
    text.trim_start().starts_with('{') && serde_json::from_str::<serde::de::IgnoredAny>(text).is_ok()
}

/// Reads and checks a whole file of `format`.
#[must_use]
pub fn check_bytes(format: Format, data: &[u8], opts: &CheckOptions) -> FileCheck {
    match format {
        Format::Phh => phh::check(data, opts),
        Format::Pbn if opts.dd => dd::check(data, opts, true, bridge_dd::DEFAULT_MEMORY_MIB),
        Format::Pbn => pbn::check(data, opts),
        Format::PpnPref => pref::check(data, opts),
        Format::PpnPinochle => pinochle::check(data, opts),
        Format::Lin => lin::check(data, opts),
    }
}

/// A self-contained piece of a file, cut by [`Notation::units`]: one record or a batch of whole
/// records, with everything needed to check, rewrite or convert it without the rest of the file.
#[derive(Clone, Default)]
pub struct Unit {
    /// The unit's decoded text. Every span a per-unit step reports is an offset in this text.
    pub text: String,
    /// Where `text` starts in the file's decoded text (a byte offset).
    pub offset: usize,
    /// The number of lines of the file before `text` (units start at a line start).
    pub line: usize,
    /// The file-wide index of the unit's first record (`check --json`'s `index`).
    pub index: usize,
    /// Whatever else the notation needs, resolved by the sequential step (a PBN game's inherited
    /// tags, a PPN file's header, the raw bytes of a whole-file unit...). Downcast by the notation
    /// that made it.
    pub context: Option<Arc<dyn Any + Send + Sync>>,
}

impl std::fmt::Debug for Unit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Unit")
            .field("offset", &self.offset)
            .field("line", &self.line)
            .field("index", &self.index)
            .field("len", &self.text.len())
            .finish_non_exhaustive()
    }
}

/// The units of one file, in file order.
pub type Units<'r> = Box<dyn Iterator<Item = std::io::Result<Unit>> + Send + 'r>;

/// One notation as the commands see it. `units` is the only sequential step; the others are pure
/// functions of one unit, called from any thread, in any order; the caller puts their results
/// back in file order.
pub trait Notation: Send + Sync {
    /// The notation's name and JSON `format`.
    fn format(&self) -> Format;

    /// Cuts a file into units, in order, holding at most one unit (plus a bounded read buffer) in
    /// memory. `path` names the file (its extension may matter: a `.phhs` of only comments holds
    /// no hands). The input starts at the file's first byte (a BOM, if any, included).
    fn units<'r>(&self, input: Box<dyn BufRead + Send + 'r>, path: &Path) -> Units<'r>;

    /// Reads and checks one unit: one report per record, in order; spans in `unit.text`.
    ///
    /// A notation with a finish step ([`Notation::finish_state`] gives a state) checks the unit
    /// as a file of its own here; a file's units are checked with [`check_units`], which runs
    /// [`Notation::check_unit`] on any thread and [`Notation::finish`] in file order.
    fn check(&self, unit: &Unit, opts: &CheckOptions) -> Vec<RecordReport>;

    /// Checks one unit for [`Notation::finish`]: its reports, and what `finish` needs of the unit
    /// beyond them ([`UnitCheck::pending`]). Pure, any thread, any order. By default `check`'s
    /// reports, nothing pending.
    fn check_unit(&self, unit: &Unit, opts: &CheckOptions) -> UnitCheck {
        UnitCheck { reports: self.check(unit, opts), pending: None }
    }

    /// The state a file's finish step starts from, or `None` (the default): the notation has no
    /// finish step, and `check_unit`'s reports are complete.
    fn finish_state(&self, _opts: &CheckOptions) -> Option<FileState> {
        None
    }

    /// ORDERED: the part of checking that crosses units (PBN's repeated warnings held back,
    /// Pinochle's running scores), run on each unit's [`Notation::check_unit`] in file order, on
    /// one thread, with the file's state. `last`: no unit follows and the file was read to its
    /// end. It should be cheap: the workers wait for it.
    fn finish(&self, _state: &mut FileState, _unit: &Unit, _checked: &mut UnitCheck, _last: bool) {}

    /// The unit rewritten (canonically, or format-preserving with `opts.preserve`). The outputs of
    /// a file's units, concatenated in order, are the file rewritten: a unit writes its own
    /// separator from the previous one (it knows whether it is first from `unit.index`). A refusal's
    /// spans are in `unit.text`.
    ///
    /// # Errors
    /// Why the unit cannot be written back.
    fn fmt(&self, unit: &Unit, opts: &FmtOptions) -> Result<Vec<u8>, Refusal>;

    /// What `convert` writes before the first unit's output (e.g. a JSON document's opening).
    fn convert_open(&self, _to: ConvertTo) -> Vec<u8> {
        Vec::new()
    }

    /// The unit converted; concatenated between [`Notation::convert_open`] and
    /// [`Notation::convert_close`] in order, the outputs are the file converted.
    ///
    /// # Errors
    /// Why the unit cannot be converted (spans in `unit.text`).
    fn convert(&self, unit: &Unit, to: ConvertTo) -> Result<Vec<u8>, Refusal>;

    /// What `convert` writes after the last unit's output; `units` is how many units the file
    /// held (0: an empty input).
    fn convert_close(&self, _to: ConvertTo, _units: usize) -> Vec<u8> {
        Vec::new()
    }
}

/// The state a notation's finish step keeps from one unit of a file to the next (its own type,
/// downcast by the notation: see [`Notation::finish_state`]).
pub type FileState = Box<dyn Any + Send>;

/// One unit checked by [`Notation::check_unit`], as [`Notation::finish`] receives it.
#[derive(Default)]
pub struct UnitCheck {
    /// One report per record, in order (complete once finished).
    pub reports: Vec<RecordReport>,
    /// What the notation's finish step needs of the unit beyond its reports (its own type).
    pub pending: Option<Box<dyn Any + Send>>,
}

impl std::fmt::Debug for UnitCheck {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("UnitCheck")
            .field("reports", &self.reports)
            .field("pending", &self.pending.is_some())
            .finish()
    }
}

/// Checks a file's units as every command does: [`Notation::check_unit`] on `threads` workers,
/// [`Notation::finish`] on the calling thread in file order, then `then` on the workers (e.g.
/// rendering a unit's `--json` lines); `sink` receives `then`'s results in file order. The
/// output is the same whatever `threads`; memory stays bounded as in [`crate::pipeline::ordered`].
///
/// # Errors
/// The first error of `units` or `sink`.
pub fn check_units<V: Send, E>(
    notation: &dyn Notation,
    units: impl Iterator<Item = Result<Unit, E>>,
    opts: &CheckOptions,
    threads: usize,
    then: impl Fn(Unit, Vec<RecordReport>) -> V + Sync,
    sink: impl FnMut(V) -> Result<(), E>,
) -> Result<(), E> {
    let mut state = notation.finish_state(opts);
    crate::pipeline::finished(
        threads,
        units,
        |unit| {
            let checked = notation.check_unit(&unit, opts);
            (unit, checked)
        },
        |(unit, checked), last| {
            if let Some(state) = state.as_mut() {
                notation.finish(state, unit, checked, last);
            }
        },
        |(unit, checked)| then(unit, checked.reports),
        sink,
    )
}

/// [`Notation::check`] of a notation with a finish step: the unit checked and finished as a file
/// of its own.
#[must_use]
pub fn check_alone(notation: &dyn Notation, unit: &Unit, opts: &CheckOptions) -> Vec<RecordReport> {
    let mut checked = notation.check_unit(unit, opts);
    if let Some(mut state) = notation.finish_state(opts) {
        notation.finish(&mut state, unit, &mut checked, true);
    }
    checked.reports
}

/// The notation that serves `format`.
#[must_use]
pub fn notation(format: Format) -> &'static dyn Notation {
    match format {
        Format::Phh => &phh::PhhNotation,
        Format::Pbn => &pbn::PbnNotation,
        Format::PpnPref => &pref::PrefNotation,
        Format::PpnPinochle => &pinochle::PinochleNotation,
        Format::Lin => &lin::LinNotation,
    }
}

/// The adapter for a notation that cannot stream yet: the whole file is one unit (its raw bytes in
/// the unit's context), served by the module's whole-file `check`, `fmt` and `convert`.
#[derive(Debug, Clone, Copy)]
pub struct WholeFile(pub Format);

/// The raw bytes a [`WholeFile`] unit carries.
struct RawBytes(Vec<u8>);

impl WholeFile {
    /// The unit's raw bytes (its text re-encoded as UTF-8 for a unit made elsewhere).
    fn bytes(unit: &Unit) -> std::borrow::Cow<'_, [u8]> {
        match unit.context.as_ref().and_then(|c| c.downcast_ref::<RawBytes>()) {
            Some(raw) => std::borrow::Cow::Borrowed(&raw.0),
            None => std::borrow::Cow::Borrowed(unit.text.as_bytes()),
        }
    }
}

impl Notation for WholeFile {
    fn format(&self) -> Format {
        self.0
    }

    fn units<'r>(&self, mut input: Box<dyn BufRead + Send + 'r>, _path: &Path) -> Units<'r> {
        let mut data = Vec::new();
        let unit = input.read_to_end(&mut data).map(|_| Unit {
            text: decode_text(&data),
            context: Some(Arc::new(RawBytes(data))),
            ..Unit::default()
        });
        Box::new(std::iter::once(unit))
    }

    fn check(&self, unit: &Unit, opts: &CheckOptions) -> Vec<RecordReport> {
        check_bytes(self.0, &Self::bytes(unit), opts).records
    }

    fn fmt(&self, unit: &Unit, opts: &FmtOptions) -> Result<Vec<u8>, Refusal> {
        fmt_bytes(self.0, &Self::bytes(unit), opts)
    }

    fn convert(&self, unit: &Unit, to: ConvertTo) -> Result<Vec<u8>, Refusal> {
        convert_bytes(self.0, &Self::bytes(unit), to)
    }
}

/// Rewrites a whole file of `format`.
///
/// # Errors
/// Why the file cannot be written back.
pub fn fmt_bytes(format: Format, data: &[u8], opts: &FmtOptions) -> Result<Vec<u8>, Refusal> {
    match format {
        Format::Phh => phh::fmt(data, opts),
        Format::Pbn => pbn::fmt(data, opts),
        Format::PpnPref => pref::fmt(data, opts),
        Format::PpnPinochle => pinochle::fmt(data, opts),
        Format::Lin => lin::fmt(data, opts),
    }
}

/// Converts a whole file of `format`.
///
/// # Errors
/// Why the file cannot be converted.
pub fn convert_bytes(format: Format, data: &[u8], to: ConvertTo) -> Result<Vec<u8>, Refusal> {
    match format {
        Format::Phh => phh::convert(data, to),
        Format::Pbn => pbn::convert(data, to),
        Format::PpnPref => pref::convert(data, to),
        Format::PpnPinochle => pinochle::convert(data, to),
        Format::Lin => lin::convert(data, to),
    }
}
