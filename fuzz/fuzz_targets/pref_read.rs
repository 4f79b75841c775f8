//! Preferans (PPN) reader and checker: never panics on any text, every diagnostic span lies
//! inside the text on character boundaries, and whatever was read survives its JSON form.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let report = ppn_pref::check_str(text);
    cardnote_fuzz::assert_spans(text, &report.all_diagnostics());
    assert_eq!(report.records.len(), report.document.records.len(), "one check per record");
    let json = ppn_pref::json::to_json(&report.document.game);
    let back = ppn_pref::json::from_json(&json).unwrap_or_else(|e| panic!("{e:?}\n{json}"));
    assert_eq!(back, report.document.game, "the JSON form reads back differently:\n{json}");
});
