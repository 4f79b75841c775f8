//! Reading `.phh` and `.phhs` files.
//!
//! A file is first split into hands ([`chunks`]); each hand is then read by the fast path when it
//! can, else by the toml_edit general path ([`Path`]); both produce the same raw key/value tree,
//! from which one shared function builds the [`Hand`] and runs the checks.

use std::collections::HashSet;

use cards_core::{Diagnostic, Severity, Span};

use crate::model::Hand;

pub mod action;
pub(crate) mod build;
pub(crate) mod fast;
pub(crate) mod number;
pub(crate) mod raw;
pub mod split;

pub use split::{HandChunk, HeaderScan, chunks, is_multi, table_header};

/// A word of eight bytes with 1 in each byte.
const ONES: u64 = u64::from_ne_bytes([1; 8]);

/// The high bit of each byte of `x` below `n` (`n` ≤ 128; exact for the first such byte, the
/// lowest: bytes after it may be flagged wrongly).
pub(crate) const fn bytes_below(x: u64, n: u8) -> u64 {
    x.wrapping_sub(ONES * n as u64) & !x & (ONES << 7)
}

/// The high bit of each byte of `x` equal to `b` (exact for the first one).
pub(crate) const fn bytes_equal(x: u64, b: u8) -> u64 {
    bytes_below(x ^ (ONES * b as u64), 1)
}

/// The index of the first byte of `bytes` that `hit` picks, eight bytes at a time: `hits` flags,
/// in a little-endian word of eight bytes, the high bit of each byte that `hit` would pick (the
/// first flag exact).
pub(crate) fn find_byte(bytes: &[u8], hits: impl Fn(u64) -> u64, hit: impl Fn(u8) -> bool) -> Option<usize> {
    let mut chunks = bytes.chunks_exact(8);
    let mut at = 0;
    for chunk in &mut chunks {
        let mut word = [0; 8];
        word.copy_from_slice(chunk);
        let flags = hits(u64::from_le_bytes(word));
        if flags != 0 {
            return Some(at + (flags.trailing_zeros() / 8) as usize);
        }
        at += 8;
    }
    chunks.remainder().iter().position(|&b| hit(b)).map(|k| at + k)
}

/// Which reader to use for a hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Path {
    /// The fast path, falling back to the general path for anything it does not handle.
    #[default]
    Auto,
    /// Always the toml_edit general path.
    General,
}

/// One hand read from a file, with everything needed to report on it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsedHand {
    /// 0-based position of the hand in the file.
    pub index: usize,
    /// The table name (`"1"` for `[1]`) in a `.phhs` file; `None` for a `.phh` file.
    pub name: Option<String>,
    /// The span of the whole hand in the file (header included).
    pub span: Span,
    /// The hand; `None` when it could not be built (TOML syntax error, missing or unknown variant).
    pub hand: Option<Hand>,
    /// For each entry of `hand.actions`, the span of its notation text in the file (inside the
    /// quotes; the whole string literal if it had escapes).
    pub action_spans: Vec<Span>,
    /// Errors and warnings, spans into the whole file.
    pub diagnostics: Vec<Diagnostic>,
}

impl ParsedHand {
    /// Whether any diagnostic is an error.
    #[must_use]
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }

    /// The number of errors.
    #[must_use]
    pub fn error_count(&self) -> usize {
        self.diagnostics.iter().filter(|d| d.severity() == Severity::Error).count()
    }
}

/// A whole file read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsedFile {
    /// Whether the text is a multi-hand `.phhs` document (tables) rather than a single `.phh` hand.
    pub multi: bool,
    /// The hands, in file order.
    pub hands: Vec<ParsedHand>,
}

impl ParsedFile {
    /// Whether any hand has an error.
    #[must_use]
    pub fn has_errors(&self) -> bool {
        self.hands.iter().any(ParsedHand::has_errors)
    }
}

/// Reads one hand chunk with the chosen path.
#[must_use]
pub fn parse_chunk(chunk: &HandChunk<'_>, path: Path) -> ParsedHand {
    if path == Path::Auto
        && let Some(hand) = parse_chunk_fast(chunk)
    {
        return hand;
    }
    parse_chunk_general(chunk)
}

pub(crate) fn finish(
    chunk: &HandChunk<'_>,
    built: Option<build::Built>,
    mut diagnostics: Vec<Diagnostic>,
) -> ParsedHand {
    let (hand, action_spans) = match built {
        Some(b) => {
            diagnostics.extend(b.diagnostics);
            (b.hand, b.action_spans)
        }
        None => (None, Vec::new()),
    };
    ParsedHand {
        index: chunk.index,
        name: chunk.name.as_deref().map(str::to_owned),
        span: chunk.span(),
        hand,
        action_spans,
        diagnostics,
    }
}

pub(crate) fn header_diagnostics(chunk: &HandChunk<'_>) -> Vec<Diagnostic> {
    chunk.header_error.iter().cloned().collect()
}

/// Reads one hand chunk with the fast path only; `None` when the fast path does not handle it.
#[must_use]
pub fn parse_chunk_fast(chunk: &HandChunk<'_>) -> Option<ParsedHand> {
    let entries = fast::parse_fast(chunk.body, chunk.offset)?;
    let built = build::build(&entries, chunk.anchor());
    Some(finish(chunk, Some(built), header_diagnostics(chunk)))
}

/// Reads one hand chunk with the toml_edit general path.
#[must_use]
pub fn parse_chunk_general(chunk: &HandChunk<'_>) -> ParsedHand {
    let anchor = chunk.anchor();
    match raw::parse_general(chunk.body, chunk.offset, |entries| build::build(&entries, anchor)) {
        Ok(built) => finish(chunk, Some(built), header_diagnostics(chunk)),
        Err(d) => {
            let mut diags = header_diagnostics(chunk);
            diags.push(d);
            finish(chunk, None, diags)
        }
    }
}

/// Iterator over the hands of a text, read lazily one at a time (see [`hands`]): the
/// [`Reader`](crate::Reader)'s records as [`ParsedHand`]s, without options applied, read in
/// place (the text is neither copied nor checked again).
#[derive(Debug)]
pub struct Hands<'a> {
    text: &'a str,
    path: Path,
    /// Where the next table starts; `None` before the first hand.
    start: Option<usize>,
    index: usize,
    done: bool,
    names: Names,
    scratch: fast::Scratch,
}
/// Table names seen so far, for the duplicate check: the common run of consecutive numbers
/// (`[1]`, `[2]`, …, or `[541]`, `[542]`, … in a text cut from the middle of a file) is kept as
/// its first and last number, other names in a set.
#[derive(Debug, Clone, Default)]
pub(crate) struct Names {
    run: Option<(u64, u64)>,
    others: HashSet<String>,
}

fn canonical_number(name: &str) -> Option<u64> {
    let b = name.as_bytes();
    if b.is_empty()
        || b.len() > 18
        || !b.iter().all(u8::is_ascii_digit)
        || (b.len() > 1 && b.first() == Some(&b'0'))
    {
        return None;
    }
    name.parse().ok()
}

impl Names {
    /// Records a name; `false` when it was already seen.
    pub(crate) fn insert(&mut self, name: &str) -> bool {
        let Some(n) = canonical_number(name) else { return self.others.insert(name.to_owned()) };
        match self.run {
            Some((first, last)) if (first..=last).contains(&n) => false,
            Some((first, last)) if n == last + 1 && !self.others.contains(name) => {
                self.run = Some((first, n));
                true
            }
            None if !self.others.contains(name) => {
                self.run = Some((n, n));
                true
            }
            _ => self.others.insert(name.to_owned()),
        }
    }
}

impl Iterator for Hands<'_> {
    type Item = ParsedHand;

    fn next(&mut self) -> Option<ParsedHand> {
        use crate::read::{Start, Table, first_table, next_table};
        if self.done {
            return None;
        }
        let start = match self.start {
            Some(start) => start,
            None => match first_table(self.text, true) {
                Start::Table(start) => start,
                Start::Single | Start::More => {
                    self.done = true;
                    let chunk = HandChunk {
                        index: 0,
                        name: None,
                        header: None,
                        body: self.text,
                        offset: 0,
                        header_error: None,
                    };
                    return Some(parse_chunk(&chunk, self.path));
                }
            },
        };
        let avail = self.text.get(start..).unwrap_or("");
        let Table::Read { record, header, end } =
            next_table(avail, true, start, self.index, self.path, &mut self.scratch)
        else {
            self.done = true;
            return None;
        };
        self.index += 1;
        self.start = Some(start + end);
        let mut parsed = ParsedHand::from(record);
        if let Some(name) = &parsed.name
            && !self.names.insert(name)
        {
            parsed.diagnostics.insert(0, crate::read::duplicate_table(name, header));
        }
        Some(parsed)
    }
}

/// The hands of a `.phh` or `.phhs` text, read one at a time (fast path with fallback).
///
/// Memory use is one hand at a time plus the table names seen that break the `1`, `2`, `3`, …
/// sequence (for the duplicate check).
#[must_use]
pub fn hands(text: &str) -> Hands<'_> {
    hands_with(text, Path::Auto)
}

/// [`hands`] with a chosen reader path.
#[must_use]
pub fn hands_with(text: &str, path: Path) -> Hands<'_> {
    Hands {
        text,
        path,
        start: None,
        index: 0,
        done: false,
        names: Names::default(),
        scratch: fast::Scratch::default(),
    }
}

/// Reads a whole `.phh` or `.phhs` text (decided by content: a `.phhs` document starts with a
/// table header).
#[must_use]
pub fn parse_file(text: &str) -> ParsedFile {
    ParsedFile { multi: is_multi(text), hands: hands(text).collect() }
}

/// Reads a text as one single hand (a `.phh` file), whatever it looks like.
#[must_use]
pub fn parse_hand(text: &str) -> ParsedHand {
    let chunk = HandChunk { index: 0, name: None, header: None, body: text, offset: 0, header_error: None };
    parse_chunk(&chunk, Path::Auto)
}

/// Reads the hands of a text on `threads` threads (scoped, no dependency): the text is split into
/// hands first, then each thread reads a contiguous share. Same result as `hands(text).collect()`.
#[must_use]
pub fn parse_parallel(text: &str, threads: usize) -> Vec<ParsedHand> {
    let all: Vec<HandChunk<'_>> = chunks(text).collect();
    let threads = threads.clamp(1, 64);
    let per = all.len().div_ceil(threads).max(1);
    let mut parts: Vec<Vec<ParsedHand>> = Vec::new();
    std::thread::scope(|scope| {
        let handles: Vec<_> = all
            .chunks(per)
            .map(|group| {
                scope.spawn(move || group.iter().map(|c| parse_chunk(c, Path::Auto)).collect::<Vec<_>>())
            })
            .collect();
        for handle in handles {
            match handle.join() {
                Ok(part) => parts.push(part),
                Err(_) => parts.push(Vec::new()),
            }
        }
    });
    let mut out: Vec<ParsedHand> = parts.into_iter().flatten().collect();
    // Duplicate table names are a file-level check: done here, in order.
    let mut names = Names::default();
    for (hand, chunk) in out.iter_mut().zip(&all) {
        if let Some(name) = &chunk.name
            && !names.insert(name)
        {
            hand.diagnostics.insert(0, crate::read::duplicate_table(name, chunk.anchor()));
        }
    }
    out
}

#[cfg(test)]
mod names_tests {
    use super::Names;

    #[test]
    fn a_run_from_any_number_and_the_names_around_it() {
        let mut names = Names::default();
        for name in ["541", "542", "x", "544", "543", "545"] {
            assert!(names.insert(name), "{name}");
        }
        for name in ["541", "542", "x", "544", "543", "545"] {
            assert!(!names.insert(name), "{name} again");
        }
        assert!(names.insert("540"));
        assert!(names.insert("0541"), "not the number 541");
        let mut names = Names::default();
        assert!(names.insert("a") && names.insert("2") && names.insert("3") && !names.insert("2"));
    }
}
