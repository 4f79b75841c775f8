//! One hand as the [`Reader`](crate::Reader) yields it.

use std::sync::Arc;

use crate::model::{Hand, HeaderLine};
use crate::validate::{AcrossHand, Inherited, Summary};

/// The model of one record: a hand, the file's headers, and what checking found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HandRecord {
    /// 0-based number of the hand in its file.
    pub number: usize,
    /// The hand (`None` only for the one record a file without hands yields).
    pub hand: Option<Hand>,
    /// The `%` header lines of the file (shared between records).
    pub headers: Arc<Vec<HeaderLine>>,
    /// What the hand says, set by [`Checker::check`](crate::Checker).
    pub summary: Option<Summary>,
    /// How many leading diagnostics are the headers' syntax (the first record's).
    pub(crate) header_len: usize,
    /// The hand's tags after inheritance (`#`, `##`), resolved by the reader.
    pub(crate) inherited: Inherited,
    /// What the checks across hands need of the hand, set by the check.
    pub(crate) across: Option<AcrossHand>,
}

/// One hand: its [`HandRecord`], its diagnostics and its byte span.
pub type Record = cards_core::Record<HandRecord>;
