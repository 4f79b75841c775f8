//! Pinochle (PPN) reader and checker: never panics on any text, one record per hand, and every
//! diagnostic span lies inside the text on character boundaries.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let options = ppn_pinochle::Options::default();
    let records: Vec<ppn_pinochle::Record> =
        cards_core::notation::read_checked::<ppn_pinochle::Pinochle, _>(text.as_bytes(), options)
            .map(|r| r.expect("reading text in memory cannot fail"))
            .collect();
    assert!(!records.is_empty(), "a file gives at least one record");
    // A byte order mark is not text: the reader's offsets start after it (FINDINGS F35).
    cardnote_fuzz::assert_spans(text.strip_prefix('\u{feff}').unwrap_or(text), records.iter().flat_map(|r| r.diagnostics.iter()));
});
