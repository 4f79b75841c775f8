//! What the shared-log tests of the Winamax, 888, Everleaf and Cake readers share: every log of a
//! site's folder read, each imported hand written as PokerStars text and read back to the same
//! play and outcome, the refusals counted by their first error code.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use sitelogs::{Options, Record, pokerstars};

/// What a folder of logs gave.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Hands read (records with a hand header).
    pub hands: usize,
    /// Hands imported.
    pub imported: usize,
    /// Refused hands per first error code.
    pub refused: BTreeMap<String, usize>,
}

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files(&path, out);
        } else if !path.extension().is_some_and(|e| e == "hands" || e == "hp" || e == "gt") {
            out.push(path);
        }
    }
}

/// Reads every log under `root` (the tracker's `.hands`, `.hp` and `.gt` sidecars left out).
/// `CARDNOTE_SHOW_REFUSED=1` prints each refusal.
pub fn read_all(root: &Path, read: &dyn Fn(&[u8]) -> Vec<Record>) -> Tally {
    let mut paths = Vec::new();
    files(root, &mut paths);
    paths.sort();
    let show = std::env::var_os("CARDNOTE_SHOW_REFUSED").is_some();
    let mut tally = Tally::default();
    for path in &paths {
        let bytes = std::fs::read(path).unwrap();
        for record in read(&bytes) {
            tally.hands += 1;
            match &record.hand {
                Some(hand) => {
                    tally.imported += 1;
                    let text = pokerstars::write_hand(hand).unwrap();
                    let again = pokerstars::Reader::from_str(&text, Options::default()).next().unwrap();
                    let again = again.hand.unwrap_or_else(|| panic!("{}\n{text}", path.display()));
                    assert_eq!(
                        (&again.actions, &again.finishing_stacks),
                        (&hand.actions, &hand.finishing_stacks),
                        "{}",
                        path.display()
                    );
                }
                None => {
                    let error = record.diagnostics.iter().find(|d| d.is_error()).unwrap();
                    if show {
                        let at = &bytes[error.span().range()];
                        eprintln!(
                            "{}: {} {} `{}`",
                            path.display(),
                            error.code(),
                            error.message(),
                            String::from_utf8_lossy(at)
                        );
                    }
                    *tally.refused.entry(error.code().to_owned()).or_default() += 1;
                }
            }
        }
    }
    tally
}
