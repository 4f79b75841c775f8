//! `cardnote replay`: a hand step by step. Not implemented yet.

use super::{CheckOptions, Format, Refusal};

/// Renders the hands of a PHH file step by step.
pub fn replay(data: &[u8], _hand: Option<usize>, _opts: &CheckOptions) -> Result<String, Refusal> {
    let file = super::not_implemented(data, Format::Phh);
    Err(Refusal {
        source: file.source,
        diagnostics: file.records.into_iter().flat_map(|r| r.diagnostics).collect(),
    })
}
