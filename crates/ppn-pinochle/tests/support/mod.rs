//! A whole text read and checked through the one path ([`cards_core::notation::read_checked`]),
//! one report per hand.
#![allow(dead_code, clippy::unwrap_used)]

use cards_core::Diagnostic;
use cards_core::notation::read_checked;
use ppn_pinochle::{Options, Pinochle, Summary};

/// The check of one hand: its diagnostics, in check order, and what it says.
#[derive(Debug, Clone, Default)]
pub struct Report {
    /// Diagnostics, in check order.
    pub diagnostics: Vec<Diagnostic>,
    /// What the hand says.
    pub summary: Summary,
}

/// Reads and checks a whole text: one report per hand (header diagnostics go to the first; a
/// file without hands gives one report).
pub fn check_str(text: &str, options: &Options) -> Vec<Report> {
    read_checked::<Pinochle, _>(text.as_bytes(), *options)
        .map(|record| {
            let record = record.unwrap();
            Report { diagnostics: record.diagnostics, summary: record.model.summary.unwrap_or_default() }
        })
        .collect()
}
