//! Workspace-wide benchmarks (see `benches/benches/`) and the README's doctests.

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeDoctests;
