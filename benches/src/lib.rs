//! Workspace-wide benchmarks (`benches/pipeline.rs`: the whole `cardnote check` pipeline per
//! format over the bundled corpus) and the README's doctests.

use std::path::{Path, PathBuf};

/// The workspace's `corpus/` folder.
#[must_use]
pub fn corpus_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../corpus")
}

/// Every file under `dir` with one of `extensions`, sorted, skipping `invalid/` folders (their
/// files are deliberately broken and would measure error paths instead of reading).
#[must_use]
pub fn corpus_files(dir: &Path, extensions: &[&str]) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                if path.file_name().is_some_and(|n| n != "invalid") {
                    stack.push(path);
                }
            } else if path
                .extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| extensions.iter().any(|x| x.eq_ignore_ascii_case(e)))
            {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeDoctests;
