//! One deal record as the [`Reader`](crate::Reader) yields it: the deal, its spans and the info
//! section it belongs to.

use std::ops::Range;
use std::sync::Arc;

use crate::model::{Deal, Tag};
use crate::parse::DealSpans;
use crate::validate::Outcome;

/// The info section: the tags read before the first deal record (PPN puts the info section
/// first), followed by any tag met later in the file, in file order.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Header {
    /// Tag pairs, in file order.
    pub tags: Vec<Tag>,
    /// Span of each tag (whole `[...]`), parallel to `tags`.
    pub spans: Vec<cards_core::Span>,
}

impl Header {
    /// The value of the first tag called `name`.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|t| t.name == name).map(|t| t.value.as_str())
    }
}

/// The model of one deal record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DealRecord {
    /// 0-based number of the record in its file.
    pub number: usize,
    /// The id text's number, when it could be read (even if the record could not).
    pub id: Option<u32>,
    /// The deal, when the record could be read (`None` after a syntax error, and for the one
    /// record a file without deal records yields to carry its info section's diagnostics).
    pub deal: Option<Deal>,
    /// Spans of the record and its fields, in the whole input.
    pub spans: DealSpans,
    /// The file's info section (shared between records; a record never copies it).
    pub header: Arc<Header>,
    /// The tags of [`Header::tags`] read after this record and before the next one (empty in a
    /// file that keeps its tags in front, as PPN asks).
    pub late_tags: Range<usize>,
    /// The deal's facts, set by [`Checker::check`](crate::Checker).
    pub outcome: Option<Outcome>,
    /// How many of the record's diagnostics, in front, are the deal's own (its syntax, then the
    /// checks of the deal alone and across deals); the rest are file-level problems read next to
    /// it (stray lines, unclosed brackets, tags and the info section's checks), in file order.
    pub own: usize,
}

/// One deal record: its [`DealRecord`], its diagnostics and its byte span.
pub type Record = cards_core::Record<DealRecord>;
