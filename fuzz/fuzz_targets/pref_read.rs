//! Preferans (PPN) reader and checker: never panics on any text, and every diagnostic span lies
//! inside the text on character boundaries.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let report = ppn_pref::check_str(text);
    cardnote_fuzz::assert_spans(text, &report.all_diagnostics());
    assert_eq!(report.records.len(), report.document.records.len(), "one check per record");
    let _ = ppn_pref::json::to_json(&report.document.game);
});
