//! Preferans (PPN) reader and checker: never panics on any text, every diagnostic span lies
//! inside the text on character boundaries, and whatever was read survives its JSON form.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let options = ppn_pref::Options::default();
    let records: Vec<ppn_pref::Record> =
        cards_core::notation::read_checked::<ppn_pref::Pref, _>(text.as_bytes(), options)
            .map(|r| r.expect("reading text in memory cannot fail"))
            .collect();
    let all: Vec<cards_core::Diagnostic> = records.iter().flat_map(|r| r.diagnostics.iter().cloned()).collect();
    // A byte order mark is not text: the reader's offsets start after it (FINDINGS F35).
    cardnote_fuzz::assert_spans(text.strip_prefix('\u{feff}').unwrap_or(text), &all);
    let game = ppn_pref::Game::from_records(&records);
    let json = ppn_pref::json::to_json(&game);
    let back = ppn_pref::json::from_json(&json).unwrap_or_else(|e| panic!("{e:?}\n{json}"));
    assert_eq!(back, game, "the JSON form reads back differently:\n{json}");
});
