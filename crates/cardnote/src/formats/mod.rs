//! One module per notation: the glue between the `cardnote` commands and each format's crate.
//!
//! Every module offers the same functions, so `main` can dispatch on [`Format`]:
//! - `check(data, opts) -> FileCheck`: read and check a whole file, one [`RecordReport`] per record;
//! - `fmt(data, opts) -> Result<Vec<u8>, Refusal>`: rewrite a file (canonical or format-preserving);
//! - `convert(data, to) -> Result<Vec<u8>, Refusal>`: convert between the notation and its JSON form.

use cards_core::Diagnostic;
use serde_json::{Map, Value};

pub mod dd;
pub mod lin;
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

/// Which rule profile a replay follows (poker only for now).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Rules {
    /// Reproduce the reference implementation (PokerKit 0.7.7), repairs reported as warnings.
    #[default]
    Pokerkit,
    /// The standard rules of the game (WSOP where they apply).
    Wsop,
}

/// Options shared by every `check`.
#[derive(Debug, Clone, Default)]
pub struct CheckOptions {
    /// Rule profile for game replays.
    pub rules: Rules,
    /// Strict mode: warnings that the format treats as leniencies become errors.
    pub strict: bool,
    /// PBN: also check the double-dummy tags against the deals (`check --dd`).
    pub dd: bool,
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

impl FileCheck {
    /// A file that yields one record carrying `diagnostic`.
    #[must_use]
    pub fn single(source: String, diagnostic: Diagnostic) -> FileCheck {
        FileCheck {
            source,
            records: vec![RecordReport { diagnostics: vec![diagnostic], fields: Map::new() }],
        }
    }
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

/// Decodes bytes as UTF-8 (BOM dropped), falling back to ISO-8859-1 so decoding never fails.
#[must_use]
pub fn decode_text(data: &[u8]) -> String {
    let data = data.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(data);
    match std::str::from_utf8(data) {
        Ok(text) => text.to_owned(),
        Err(_) => data.iter().map(|&b| b as char).collect(),
    }
}

/// Whether decoded text is a JSON document (a notation's JSON form) rather than the notation: it
/// opens with `{` *and* parses as JSON, since PBN and Pinochle files may open with a `{comment}`.
#[must_use]
pub fn is_json_text(text: &str) -> bool {
    text.trim_start().starts_with('{') && serde_json::from_str::<serde::de::IgnoredAny>(text).is_ok()
}

/// The report for a format whose crate does not yet read files: one record, `ok: false`.
#[must_use]
pub fn not_implemented(data: &[u8], format: Format) -> FileCheck {
    let source = decode_text(data);
    let diagnostic = Diagnostic::error(
        "FORMAT_NOT_IMPLEMENTED",
        format!("reading {} files is not implemented yet", format.name()),
        cards_core::Span::at(0),
    );
    FileCheck::single(source, diagnostic)
}

/// Reads and checks a whole file of `format`.
#[must_use]
pub fn check_bytes(format: Format, data: &[u8], opts: &CheckOptions) -> FileCheck {
    match format {
        Format::Phh => phh::check(data, opts),
        Format::Pbn if opts.dd => dd::check(data, opts, true),
        Format::Pbn => pbn::check(data, opts),
        Format::PpnPref => pref::check(data, opts),
        Format::PpnPinochle => pinochle::check(data, opts),
        Format::Lin => lin::check(data, opts),
    }
}
