//! Poker Hand History (PHH) reader, checker and writer. Under construction: see the project's issues.

#[cfg(feature = "replay")]
pub mod replay;
