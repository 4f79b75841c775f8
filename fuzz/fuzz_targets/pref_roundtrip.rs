//! Preferans writer as a fixed point: a file that checks without errors writes to canonical text
//! that reads back to an equal game, and writing that gives the same text; the JSON form reads back
//! to an equal game too.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let report = ppn_pref::check_str(text);
    let game = &report.document.game;
    let first = ppn_pref::write::write_game(game);
    if report.has_errors() {
        let _ = ppn_pref::parse::read(&first);
        return;
    }
    let again = ppn_pref::parse::read(&first);
    assert_eq!(&again.game, game, "canonical text re-reads differently:\n{first}");
    let second = ppn_pref::write::write_game(&again.game);
    assert_eq!(first, second, "writing is not a fixed point");
    let json = ppn_pref::json::to_json(game);
    match ppn_pref::json::from_json(&json) {
        Ok(back) => assert_eq!(&back, game, "JSON re-reads differently:\n{json}"),
        Err(e) => panic!("JSON form does not re-read: {e:?}\n{json}"),
    }
});
