//! One hand as the streaming [`Reader`](crate::Reader) yields it.

use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use cards_core::Diagnostic;

use crate::model::{Hand, HeaderLine};
use crate::validate::{Checker, Summary};

/// The model of one record: a hand, the file's headers, and what checking found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HandRecord {
    /// 0-based number of the hand in its file.
    pub number: usize,
    /// The hand (`None` only for the one record a file without hands yields).
    pub hand: Option<Hand>,
    /// The `%` header lines of the file (shared between records).
    pub headers: Arc<Vec<HeaderLine>>,
    /// What the hand says, set by [`check`](crate::check).
    pub summary: Option<Summary>,
    /// How many leading diagnostics are the headers' syntax (the first record's).
    pub(crate) header_len: usize,
    pub(crate) checking: Checking,
}

/// The checking state the records of one reader share (inherited tags, GameScores, Hand numbers).
#[derive(Debug, Clone, Default)]
pub(crate) struct Checking(Arc<Mutex<Option<CheckState>>>);

#[derive(Debug)]
pub(crate) struct CheckState {
    pub(crate) checker: Checker,
    /// The header checks, for the first record.
    pub(crate) header: Vec<Diagnostic>,
}

impl Checking {
    pub(crate) fn lock(&self) -> MutexGuard<'_, Option<CheckState>> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// Records of the same reader compare equal in their checking state.
impl PartialEq for Checking {
    fn eq(&self, other: &Checking) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for Checking {}

/// One hand: its [`HandRecord`], its diagnostics and its byte span.
pub type Record = cards_core::Record<HandRecord>;
