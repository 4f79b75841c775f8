//! The library behind the `cardnote` command line: what `fmt` and `convert` need of each notation
//! beyond its checking ([`formats::Glue`] over [`cardnote_check::Check`]: a file cut into units,
//! each rewritten or converted on any thread), the renderers of the `check` output for people
//! ([`output`]), safe file writing ([`files`]) and the progress bar ([`progress`]). Checking, the
//! `check --json` records, the parallel runner and the directory walk are the `cardnote-check`
//! library's, which the Python package uses too. The commands themselves are modules of the binary
//! (`src/cmd/`), one per command.
//!
//! ```
//! use cardnote::formats::{self, ConvertTo};
//! use cardnote_check::Format;
//!
//! let text = b"[Event \"?\"]\n[Board \"1\"]\n";
//! let json = formats::convert_bytes(Format::Pbn, text, ConvertTo::Json).map_err(|r| r.diagnostics);
//! assert!(json.is_ok_and(|json| json.starts_with(b"{")));
//! ```
//!
//! # Guarantees
//! - No panic on any input: every `check`, `fmt` and `convert` entry point takes arbitrary bytes
//!   (invalid UTF-8, NUL bytes, cut-off files) and answers with diagnostics whose spans lie inside
//!   the decoded text on character boundaries (`tests/robustness.rs`); the workspace lints deny
//!   `clippy::unwrap_used` and `clippy::panic` outside tests.
//! - No `unsafe` (`unsafe_code = "forbid"` for the whole workspace).
//! - The `cardnote` command never loses a file: rewrites go through a temporary file that is
//!   re-read and checked before it is renamed over the original (only while the original is still
//!   what was read: a change another program made meanwhile stays; SIGINT and SIGTERM remove the
//!   temporary files), and a file with errors is not
//!   rewritten unless the user asks with `fmt --force`, and then only when the new text reports the
//!   same errors record by record (`tests/safe_write.rs`). A symlink is written through (the
//!   link stays), a rewritten file keeps its mode and a new one gets 0666 less the umask, and no
//!   `fmt` drops a comment (`tests/everyday.rs`).
//! - Memory: streaming readers hold one record at a time; a million records through each of them
//!   use a bounded heap beyond the input, and the commands' PHH pipelines hold a few units
//!   (`tests/streaming_memory.rs`). Output is the same whatever the number of threads
//!   (`tests/streaming_units.rs`).
//! - Amounts are the libraries' exact decimals end to end; the JSON output writes them as text.

pub mod files;
pub mod formats;
pub mod output;
pub mod progress;

/// Every Rust example of the workspace README, compiled together as one file.
#[cfg(doctest)]
#[doc = include_str!(concat!(env!("OUT_DIR"), "/readme_examples.md"))]
pub struct ReadmeExamplesTogether;
