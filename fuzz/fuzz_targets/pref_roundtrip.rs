//! Preferans writer as a fixed point: a file that checks without errors writes to canonical text
//! that reads back to an equal game, and writing that gives the same text; the JSON form reads back
//! to an equal game too.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let options = ppn_pref::Options::default();
    let records: Vec<ppn_pref::Record> =
        cards_core::notation::read_checked::<ppn_pref::Pref, _>(text.as_bytes(), options)
            .map(|r| r.expect("reading text in memory cannot fail"))
            .collect();
    let game = &ppn_pref::Game::from_records(&records);
    let first = ppn_pref::write::write_game(game);
    if records.iter().any(ppn_pref::Record::has_errors) {
        let _ = ppn_pref::read_game(&first);
        return;
    }
    let again = ppn_pref::read_game(&first);
    assert_eq!(&again, game, "canonical text re-reads differently:\n{first}");
    let second = ppn_pref::write::write_game(&again);
    assert_eq!(first, second, "writing is not a fixed point");
    let json = ppn_pref::json::to_json(game);
    match ppn_pref::json::from_json(&json) {
        Ok(back) => assert_eq!(&back, game, "JSON re-reads differently:\n{json}"),
        Err(e) => panic!("JSON form does not re-read: {e:?}\n{json}"),
    }
});
