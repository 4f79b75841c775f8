//! Test support for the workspace: where the shared fixtures are, and what a test does when they
//! (or another outside thing it needs, such as a browser) are missing.
//!
//! The shared fixtures (`../shared` beside the repository: `corpus/`, `specs/`) are real files from
//! other people and software that the tests check against. A fresh clone has no `../shared`: a
//! test whose data is missing is then *skipped*, and says so on stderr in one line of a fixed form,
//!
//! ```text
//! skipped: <test> (<file>): <what is missing>; <how to run it>
//! ```
//!
//! written past the test harness's output capture, so it shows in every `cargo test` run and CI
//! can count the lines (`.ci/run` does, and reports them apart from the tests that passed). With
//! `CARDNOTE_REQUIRE_SHARED=1` (as `.ci/run` sets) a missing fixture fails the test instead: the
//! project's CI never passes a test by skipping it. Other requirements use the same mechanism
//! with their own variable ([`skip`]: the browser test's `CARDNOTE_REQUIRE_BROWSER`). Such a
//! variable is `1` (required) or `0`/unset (not required); any other value fails the test, so a
//! typo never turns a requirement off.
//!
//! This crate is a dev-dependency only; it is never published.
//!
//! ```no_run
//! // `None` (with a `skipped:` line on stderr) when the folder is absent and not required.
//! let Some(dir) = shared_fixtures::dir("corpus/pbn") else { return };
//! let pbn = shared_fixtures::files(&dir, |p| p.extension().is_some_and(|e| e == "pbn"));
//! assert!(pbn.iter().all(|p| p.starts_with(&dir)));
//! ```

use std::cell::Cell;
use std::ffi::OsStr;
use std::io::Write;
use std::panic::Location;
use std::path::{Path, PathBuf};

/// The variable that makes a missing shared fixture fail its test (`1`) instead of skipping it.
pub const REQUIRE_VAR: &str = "CARDNOTE_REQUIRE_SHARED";

/// The first word of every skip line on stderr (`.ci/run` counts the lines that start with it).
pub const SKIP_PREFIX: &str = "skipped: ";

/// The repository's root (every workspace crate sits at `crates/<name>`, this one too).
fn repository() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest.ancestors().nth(2).map_or_else(|| manifest.join("../.."), Path::to_path_buf)
}

/// `<repository>/../shared/<relative>`, whether or not it exists.
pub fn path(relative: &str) -> PathBuf {
    let repository = repository();
    let beside = repository.parent().map_or_else(|| repository.join(".."), Path::to_path_buf);
    beside.join("shared").join(relative)
}

/// The shared folder `relative` (e.g. `"corpus"`, `"corpus/lin"`), or `None` when it is absent
/// and not required ([`missing`] notes the skip, or fails the test when it is required).
#[track_caller]
pub fn dir(relative: &str) -> Option<PathBuf> {
    let dir = path(relative);
    if dir.is_dir() {
        return Some(dir);
    }
    missing(&dir);
    None
}

/// The text of the shared file `relative`, or `None` when it cannot be read and is not required
/// ([`missing`] notes the skip, or fails the test when it is required).
#[track_caller]
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

/// Whether the variable `var` requires what it names: `1` yes; `0`, empty or unset no.
///
/// # Panics
/// On any other value (`yes`, `true`, a typo): a requirement is never turned off by accident.
#[allow(clippy::panic)] // failing the test is the point
pub fn required(var: &str) -> bool {
    match parse_requirement(std::env::var_os(var).as_deref()) {
        Ok(required) => required,
        Err(value) => panic!("{var}={value:?}: the value must be 1 (required) or 0 (not required)"),
    }
}

fn parse_requirement(value: Option<&OsStr>) -> Result<bool, String> {
    match value.map(|v| v.to_string_lossy()) {
        None => Ok(false),
        Some(v) if v.is_empty() || v == "0" => Ok(false),
        Some(v) if v == "1" => Ok(true),
        Some(v) => Err(v.into_owned()),
    }
}

/// The shared fixture `path` is missing: fails the calling test when `CARDNOTE_REQUIRE_SHARED=1`,
/// and otherwise notes the skip on stderr (see the crate's documentation for the line).
///
/// # Panics
/// When `CARDNOTE_REQUIRE_SHARED=1`: the test's evidence is absent.
#[track_caller]
pub fn missing(path: &Path) {
    skip(
        &format!("{} is missing (the shared fixtures beside the clone)", path.display()),
        REQUIRE_VAR,
        "put the shared fixtures there to run it (README: \"Tests that need ../shared\")",
    );
}

/// The calling test cannot run (`what` is missing): fails it when the variable `require_var` is
/// `1`; otherwise writes one skip line on stderr, past the output capture, naming the test, its
/// file, `what`, and `how` to run it, once per test, and returns (the test then returns too).
///
/// # Panics
/// When `require_var` is `1` (or holds anything but `0` or `1`).
#[track_caller]
pub fn skip(what: &str, require_var: &str, how: &str) {
    let caller = Location::caller();
    let test = std::thread::current().name().unwrap_or("?").to_owned();
    // Straight to the process's stderr: `eprintln!` would be captured with the passing test's
    // output and never shown.
    let stderr = &mut std::io::stderr().lock();
    skip_to(stderr, required(require_var), &test, caller.file(), what, require_var, how);
}

/// [`skip`] writing to `out`: fails when `required`, else writes the skip line unless this
/// thread (this test: libtest runs each test on a thread of its own) has written one.
#[allow(clippy::panic)] // failing the test is this function's job
fn skip_to(out: &mut dyn Write, required: bool, test: &str, file: &str, what: &str, var: &str, how: &str) {
    if required {
        panic!("{what}; {var}=1 requires it");
    }
    thread_local!(static NOTED: Cell<bool> = const { Cell::new(false) });
    if !NOTED.with(|noted| noted.replace(true)) {
        let _ = out.write_all(skip_line(test, file, what, var, how).as_bytes());
    }
}

fn skip_line(test: &str, file: &str, what: &str, require_var: &str, how: &str) -> String {
    format!("{SKIP_PREFIX}{test} ({file}): {what}; {how}, or set {require_var}=1 to make this a failure\n")
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
    fn a_skip_fails_when_required_and_is_noted_once_per_test_otherwise() {
        let skip = |out: &mut Vec<u8>, required: bool| {
            skip_to(out, required, "t::x", "crates/a/tests/b.rs", "/s/corpus is missing", REQUIRE_VAR, "how")
        };
        // A thread of its own, as libtest gives each test.
        std::thread::spawn(move || {
            let mut out = Vec::new();
            skip(&mut out, false);
            assert_eq!(out.iter().filter(|&&b| b == b'\n').count(), 1);
            assert!(out.starts_with(SKIP_PREFIX.as_bytes()));
            skip(&mut out, false);
            assert_eq!(out.iter().filter(|&&b| b == b'\n').count(), 1, "one line per test");
            let failed = std::panic::catch_unwind(move || skip(&mut Vec::new(), true));
            assert!(failed.is_err(), "a required fixture that is missing fails the test");
        })
        .join()
        .unwrap();
    }

    #[test]
    fn a_requirement_is_1_or_0_and_nothing_else() {
        assert_eq!(parse_requirement(None), Ok(false));
        assert_eq!(parse_requirement(Some(OsStr::new(""))), Ok(false));
        assert_eq!(parse_requirement(Some(OsStr::new("0"))), Ok(false));
        assert_eq!(parse_requirement(Some(OsStr::new("1"))), Ok(true));
        for typo in ["yes", "true", "01", " 1", "no"] {
            assert_eq!(parse_requirement(Some(OsStr::new(typo))), Err(typo.to_owned()));
        }
        // A variable nobody sets is not required.
        assert!(!required("CARDNOTE_REQUIRE_NOTHING_AT_ALL"));
    }

    #[test]
    fn the_skip_line_names_the_test_what_is_missing_and_how_to_run_it() {
        let line =
            skip_line("t::x", "crates/a/tests/b.rs", "/s/corpus is missing", REQUIRE_VAR, "put it there");
        assert_eq!(
            line,
            "skipped: t::x (crates/a/tests/b.rs): /s/corpus is missing; put it there, or set \
             CARDNOTE_REQUIRE_SHARED=1 to make this a failure\n"
        );
        assert!(line.starts_with(SKIP_PREFIX) && line.ends_with('\n') && line.matches('\n').count() == 1);
    }

    #[test]
    fn paths_are_beside_the_repository() {
        let p = path("corpus");
        assert!(p.ends_with("shared/corpus"));
        let repo = repository();
        assert!(repo.join("Cargo.toml").is_file() && repo.join("crates/shared-fixtures").is_dir());
        assert_eq!(p.parent().and_then(Path::parent), repo.parent());
    }
}
