//! Workspace-wide benchmarks (`benches/pipeline.rs`: the whole `cardnote check` pipeline per
//! format over the bundled corpus; `benches/export.rs`: PHH hands into Arrow tables and Parquet)
//! and the README's doctests.

use std::path::{Path, PathBuf};

/// The workspace's `corpus/` folder.
#[must_use]
pub fn corpus_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../corpus")
}

/// Every file under `dir` with one of `extensions`, in the order `cardnote check` reads them,
/// skipping `invalid/` folders (their files are deliberately broken and would measure error paths
/// instead of reading).
#[must_use]
pub fn corpus_files(dir: &Path, extensions: &[&str]) -> Vec<PathBuf> {
    let (files, _) = cardnote_check::walk::collect_files(&[dir.to_path_buf()], false);
    files
        .into_iter()
        .map(|f| f.path)
        .filter(|path| {
            !path.strip_prefix(dir).is_ok_and(|below| below.components().any(|c| c.as_os_str() == "invalid"))
        })
        .filter(|path| {
            path.extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| extensions.iter().any(|x| x.eq_ignore_ascii_case(e)))
        })
        .collect()
}

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeDoctests;
