//! Glue for the `pinochle` notation. Reading is not implemented yet: every file reports
//! `FORMAT_NOT_IMPLEMENTED`.

use super::{CheckOptions, ConvertTo, FileCheck, FmtOptions, Format, Refusal};

/// Checks a whole file.
#[must_use]
pub fn check(data: &[u8], _opts: &CheckOptions) -> FileCheck {
    super::not_implemented(data, Format::PpnPinochle)
}

/// Rewrites a file.
pub fn fmt(data: &[u8], _opts: &FmtOptions) -> Result<Vec<u8>, Refusal> {
    let file = super::not_implemented(data, Format::PpnPinochle);
    Err(Refusal {
        source: file.source,
        diagnostics: file.records.into_iter().flat_map(|r| r.diagnostics).collect(),
    })
}

/// Converts a file.
pub fn convert(data: &[u8], _to: ConvertTo) -> Result<Vec<u8>, Refusal> {
    fmt(data, &FmtOptions::default())
}
