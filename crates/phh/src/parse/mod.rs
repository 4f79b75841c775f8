//! Parsing one hand cut by the [`Reader`](crate::Reader): by the fast path when it can, else by
//! the toml_edit general path ([`Path`]); both produce the same raw key/value tree, from which one
//! shared function builds the [`Hand`](crate::Hand) and runs the checks.

use std::cell::RefCell;
use std::collections::HashSet;

use cards_core::Diagnostic;

use crate::record::{FileHand, Record};

pub(crate) mod action;
pub(crate) mod build;
pub(crate) mod fast;
pub(crate) mod number;
pub(crate) mod raw;
pub(crate) mod split;
pub(crate) mod validate;

pub(crate) use split::HandChunk;

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

/// Reads one hand chunk with the chosen path.
pub(crate) fn parse_chunk(chunk: &HandChunk<'_>, path: Path) -> Record {
    if path == Path::Auto
        && let Some(hand) = parse_chunk_fast(chunk)
    {
        return hand;
    }
    parse_chunk_general(chunk)
}

/// The record of a chunk: the header's error, if any, then what building the hand found, or
/// the error that stopped reading its body.
pub(crate) fn finish(chunk: &HandChunk<'_>, built: Result<build::Built, Diagnostic>) -> Record {
    let mut diagnostics: Vec<Diagnostic> = chunk.header_error.iter().cloned().collect();
    let (hand, action_spans) = match built {
        Ok(b) => {
            diagnostics.extend(b.diagnostics);
            (b.hand, b.action_spans)
        }
        Err(error) => {
            diagnostics.push(error);
            (None, Vec::new())
        }
    };
    let model = FileHand {
        index: chunk.index,
        name: chunk.name.as_deref().map(str::to_owned),
        header: chunk.header,
        hand,
        action_spans,
        ..FileHand::default()
    };
    Record { model, diagnostics, span: chunk.span() }
}

thread_local! {
    /// The fast path's vectors, kept from hand to hand on each thread that parses hands, so that
    /// its arrays do not grow from nothing in every hand.
    static SCRATCH: RefCell<fast::Scratch> = RefCell::new(fast::Scratch::default());
}

/// Reads one hand chunk with the fast path only; `None` when the fast path does not handle it.
pub(crate) fn parse_chunk_fast(chunk: &HandChunk<'_>) -> Option<Record> {
    SCRATCH.with(|cell| {
        // Taken out while the hand is read, so the cell is never borrowed across the build.
        let mut scratch = cell.take();
        let record = fast::parse_fast(chunk.body, chunk.offset, &mut scratch).map(|entries| {
            let built = build::build(&entries, chunk.anchor());
            scratch.reuse(entries);
            finish(chunk, Ok(built))
        });
        cell.replace(scratch);
        record
    })
}

/// Reads one hand chunk with the toml_edit general path.
pub(crate) fn parse_chunk_general(chunk: &HandChunk<'_>) -> Record {
    let anchor = chunk.anchor();
    finish(chunk, raw::parse_general(chunk.body, chunk.offset, |entries| build::build(&entries, anchor)))
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
