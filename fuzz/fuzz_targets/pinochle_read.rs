//! Pinochle (PPN) reader and checker: never panics on any text, one report per hand, and every
//! diagnostic span lies inside the text on character boundaries.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let parsed = ppn_pinochle::parse::parse(text);
    assert_eq!(parsed.hand_diagnostics.len(), parsed.file.hands.len(), "one diagnostic list per hand");
    let reports = ppn_pinochle::validate::check_parsed(&parsed, &ppn_pinochle::Options::default());
    let all = parsed.header_diagnostics.iter().chain(reports.iter().flat_map(|r| r.diagnostics.iter()));
    cardnote_fuzz::assert_spans(text, all);
});
