//! Diagnostic codes. Every problem the crate reports is a [`cards_core::Diagnostic`] with one of
//! these stable codes and the byte span of the offending text in the whole decoded file.

/// A tag value that does not follow its syntax (the caller turns it into a diagnostic).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ValueError;

impl core::fmt::Display for ValueError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("malformed tag value")
    }
}

impl std::error::Error for ValueError {}
