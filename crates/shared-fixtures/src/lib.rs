//! Test support for the workspace: where the shared fixtures are, and what a test does when they
//! are missing.
//!
//! The shared fixtures (`../shared` beside the repository: `corpus/`, `specs/`) are real files from
//! other people and software that the tests check against. A test whose data is missing fails; it
//! does not pass silently, unless `CARDNOTE_SKIP_SHARED=1` says to skip it (as the GitHub workflow
//! does). This crate is a dev-dependency only; it is never published.
//!
//! ```
//! // `None` (with a note on stderr) only when the folder is absent and CARDNOTE_SKIP_SHARED=1.
//! # if shared_fixtures::path("corpus/pbn").is_dir() {
//! let Some(dir) = shared_fixtures::dir("corpus/pbn") else { return };
//! let pbn = shared_fixtures::files(&dir, |p| p.extension().is_some_and(|e| e == "pbn"));
//! assert!(pbn.iter().all(|p| p.starts_with(&dir)));
//! # }
//! ```

use std::path::{Path, PathBuf};

/// The variable that says to skip the tests whose shared fixtures are missing.
pub const SKIP_VAR: &str = "CARDNOTE_SKIP_SHARED";

/// `<repository>/../shared/<relative>`, whether or not it exists.
pub fn path(relative: &str) -> PathBuf {
    // Every workspace crate sits at `crates/<name>`, this one too.
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared").join(relative)
}

/// The shared folder `relative` (e.g. `"corpus"`, `"corpus/lin"`), or `None` when it is absent and
/// the tests are told to skip ([`missing`] fails the test otherwise).
pub fn dir(relative: &str) -> Option<PathBuf> {
    let dir = path(relative);
    if dir.is_dir() {
        return Some(dir);
    }
    missing(&dir);
    None
}

/// The text of the shared file `relative`, or `None` when it cannot be read and the tests are
/// told to skip ([`missing`] fails the test otherwise).
pub fn read_to_string(relative: &str) -> Option<String> {
    let file = path(relative);
    match std::fs::read_to_string(&file) {
        Ok(text) => Some(text),
        Err(_) => {
            missing(&file);
            None
        }
    }
}

/// Whether `CARDNOTE_SKIP_SHARED=1` says to skip the tests whose shared fixtures are missing.
pub fn skipping() -> bool {
    std::env::var_os(SKIP_VAR).is_some_and(|v| v == "1")
}

/// `path` is missing: fails the calling test (its evidence is absent) unless
/// `CARDNOTE_SKIP_SHARED=1`, in which case it notes the skip on stderr.
///
/// # Panics
/// When `CARDNOTE_SKIP_SHARED=1` is not set: a test without its data must not pass.
#[allow(clippy::panic)] // failing the test is this function's job
pub fn missing(path: &Path) {
    if !skipping() {
        panic!("{} is missing; set {SKIP_VAR}=1 to skip the tests that need it", path.display());
    }
    eprintln!("note: {} is missing; skipped ({SKIP_VAR}=1)", path.display());
}

/// Every file under `dir` (recursively) that `keep` accepts, depth first, each folder's entries
/// in name order, so tests and their failure lists come out the same on every machine.
///
/// # Panics
/// When a folder cannot be read: a fixture tree that cannot be listed is a failed test.
#[allow(clippy::expect_used)] // test support: an unreadable fixture folder fails the test
pub fn files(dir: &Path, keep: impl Fn(&Path) -> bool) -> Vec<PathBuf> {
    fn walk(dir: &Path, keep: &dyn Fn(&Path) -> bool, out: &mut Vec<PathBuf>) {
        let entries = std::fs::read_dir(dir).expect("a shared fixture folder reads");
        let mut paths: Vec<PathBuf> =
            entries.map(|e| e.expect("a shared fixture entry reads").path()).collect();
        paths.sort();
        for path in paths {
            if path.is_dir() {
                walk(&path, keep, out);
            } else if keep(&path) {
                out.push(path);
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, &keep, &mut out);
    out
}

/// The heap bound of the memory tests: every reader stays under ~100 MB on any file size.
pub const HEAP_LIMIT: usize = 100 << 20;

/// How many bytes a memory test reads (made on the fly, never in memory): 1 GiB in optimised
/// builds, 32 MiB in debug builds (the everyday `cargo test`, which shows the same bound), or
/// what `CARDNOTE_MEMORY_BYTES` says.
pub fn memory_test_bytes() -> usize {
    let default = if cfg!(debug_assertions) { 32 << 20 } else { 1 << 30 };
    std::env::var("CARDNOTE_MEMORY_BYTES").ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn files_are_listed_depth_first_in_name_order() {
        let root = std::env::temp_dir().join(format!("shared-fixtures-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        for p in ["b/z.pbn", "b/a.txt", "a.pbn", "c.pbn", "b/c/d.pbn"] {
            let p = root.join(p);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(&p, "").unwrap();
        }
        let got = files(&root, |p| p.extension().is_some_and(|e| e == "pbn"));
        let got: Vec<_> = got.iter().map(|p| p.strip_prefix(&root).unwrap().to_path_buf()).collect();
        std::fs::remove_dir_all(&root).unwrap();
        let want: Vec<PathBuf> =
            ["a.pbn", "b/c/d.pbn", "b/z.pbn", "c.pbn"].iter().map(PathBuf::from).collect();
        assert_eq!(got, want);
    }

    #[test]
    fn a_missing_folder_fails_the_test_unless_told_to_skip() {
        let absent = path("no-such-folder-of-fixtures");
        let result = std::panic::catch_unwind(|| missing(&absent));
        assert_eq!(result.is_err(), !skipping());
    }

    #[test]
    fn paths_are_beside_the_repository() {
        let p = path("corpus");
        assert!(p.ends_with("shared/corpus"));
        let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        assert!(repo.join("Cargo.toml").is_file());
    }
}
