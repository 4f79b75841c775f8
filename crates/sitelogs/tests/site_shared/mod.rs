//! What the shared tests of one site's logs do: read every log of a folder, check that each
//! imported hand survives PHH -> PokerStars text -> PHH, and count the hands and refusals.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, dead_code)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use sitelogs::{Options, Record, pokerstars};

/// Hands read, imported, and refused by first error code.
#[derive(Debug, Default)]
pub struct Tally {
    pub hands: usize,
    pub imported: usize,
    pub refused: BTreeMap<&'static str, usize>,
    /// Each refused hand's file (relative path) and first error: code and message.
    pub refusals: Vec<(String, &'static str, String)>,
    /// The warnings of the hands imported, by code.
    pub warnings: BTreeMap<&'static str, usize>,
    /// Each warning's file and message.
    pub warned: Vec<(String, String)>,
}

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            files(&p, out);
        } else if !p.extension().is_some_and(|e| e == "hands" || e == "hp" || e == "gt") {
            // Every log, whatever its name (Winamax's `.Sample`); the tracker's sidecars left out.
            out.push(p);
        }
    }
}

/// Reads every log under `root` with `read` (the tracker's `.hands`, `.hp` and `.gt` sidecars
/// left out). `CARDNOTE_SHOW_REFUSED=1` prints each refusal.
pub fn read_all(root: &Path, read: &dyn Fn(&[u8]) -> Vec<Record>) -> Tally {
    let mut paths = Vec::new();
    files(root, &mut paths);
    let mut tally = Tally::default();
    let show = std::env::var_os("CARDNOTE_SHOW_REFUSED").is_some();
    for path in &paths {
        let rel = path.strip_prefix(root).unwrap().display().to_string();
        let bytes = std::fs::read(path).unwrap();
        for record in read(&bytes) {
            tally.hands += 1;
            match &record.hand {
                Some(hand) => {
                    tally.imported += 1;
                    for d in &record.diagnostics {
                        *tally.warnings.entry(d.code()).or_default() += 1;
                        tally.warned.push((rel.clone(), d.message().to_owned()));
                    }
                    let text = pokerstars::write_hand(hand).unwrap_or_else(|e| panic!("{rel}: {e:?}"));
                    let again = pokerstars::Reader::from_str(&text, Options::default()).next().unwrap();
                    let again = again.hand.unwrap_or_else(|| panic!("{rel}\n{text}"));
                    assert_eq!(
                        (&again.actions, &again.finishing_stacks),
                        (&hand.actions, &hand.finishing_stacks),
                        "{rel}\n{text}"
                    );
                }
                None => {
                    let error = record.diagnostics.iter().find(|d| d.is_error()).unwrap();
                    if show {
                        let at = String::from_utf8_lossy(&bytes[error.span().range()]);
                        eprintln!("{rel}: {} {} `{at}`", error.code(), error.message());
                    }
                    *tally.refused.entry(error.code()).or_default() += 1;
                    tally.refusals.push((rel.clone(), error.code(), error.message().to_owned()));
                }
            }
        }
    }
    tally
}
