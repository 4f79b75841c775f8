//! A whole text read and checked through the one path ([`cards_core::notation::read_checked`]),
//! with the views the tests take of it: each record's own diagnostics, the file-level ones, all
//! sorted by position, and the game.
#![allow(dead_code, clippy::unwrap_used)]

use cards_core::Diagnostic;
use cards_core::notation::read_checked;
use ppn_pref::{Game, Options, Pref, Record};

/// A text read and checked.
pub struct Checked {
    /// One record per deal record (one for a file without any).
    pub records: Vec<Record>,
    /// The game read.
    pub game: Game,
}

/// Reads and checks `src` with the default options.
pub fn check(src: &str) -> Checked {
    let records: Vec<Record> =
        read_checked::<Pref, _>(src.as_bytes(), Options::default()).collect::<std::io::Result<_>>().unwrap();
    let game = Game::from_records(&records);
    Checked { records, game }
}

/// Where a file-level code comes in a file's list: problems met reading (in file order), the
/// tags' own checks (in file order), then the info section's checks (in the order made).
fn tier(d: &Diagnostic) -> (u8, usize) {
    match d.code() {
        "STRAY_LINE" | "BRACKET_UNCLOSED" | "TAG_SYNTAX" => (0, d.span().start),
        "TAG_DUPLICATE" | "TAG_VALUE" => (1, d.span().start),
        _ => (2, 0),
    }
}

impl Checked {
    /// The diagnostics of record `i` that are its own (syntax, then its checks).
    pub fn own(&self, i: usize) -> &[Diagnostic] {
        let record = &self.records[i];
        &record.diagnostics[..record.model.own]
    }

    /// The file-level diagnostics (stray lines, tags, the info section), in file order.
    pub fn file_diagnostics(&self) -> Vec<Diagnostic> {
        let mut all: Vec<Diagnostic> =
            self.records.iter().flat_map(|r| r.diagnostics[r.model.own..].iter().cloned()).collect();
        all.sort_by_key(tier);
        all
    }

    /// Every diagnostic, sorted by position (stable: file-level first).
    pub fn all_diagnostics(&self) -> Vec<Diagnostic> {
        let mut all = self.file_diagnostics();
        for i in 0..self.records.len() {
            all.extend(self.own(i).iter().cloned());
        }
        all.sort_by_key(|d| d.span().start);
        all
    }

    /// Whether anything in the file is an error.
    pub fn has_errors(&self) -> bool {
        self.records.iter().any(Record::has_errors)
    }
}
