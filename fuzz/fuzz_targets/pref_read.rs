//! Preferans (PPN) reader and checker: never panics on any text, and every diagnostic span lies
//! inside the text on character boundaries.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let report = ppn_pref::check(text);
    for d in report.all_diagnostics() {
        assert!(
            d.span.start <= d.span.end && d.span.end <= text.len(),
            "{}: span {:?} past {}",
            d.code,
            d.span,
            text.len()
        );
        assert!(
            text.is_char_boundary(d.span.start) && text.is_char_boundary(d.span.end),
            "{}: span not on a char boundary",
            d.code
        );
    }
    assert_eq!(report.records.len(), report.document.records.len(), "one check per record");
    let _ = ppn_pref::json::to_json(&report.document.game);
});
