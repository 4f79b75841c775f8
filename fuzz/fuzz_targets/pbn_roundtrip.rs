//! PBN writers: a file whose games read without errors, written in export format, reads back
//! without errors and writes to the same text the second time; the import-style writer likewise,
//! and its output reads back to the same games (the same resolved tags and typed values).
#![no_main]

use libfuzzer_sys::fuzz_target;

fn read(text: &str) -> Vec<pbn::Record> {
    // Reading text in memory cannot fail.
    cards_core::notation::read_checked::<pbn::Pbn, _>(text.as_bytes(), pbn::Options::default())
        .map_while(Result::ok)
        .collect()
}

/// A debug text with every `Span { start: …, end: … }` made `Span` (the written text places the
/// same items elsewhere).
fn without_spans(debug: &str) -> String {
    let mut out = String::with_capacity(debug.len());
    let mut rest = debug;
    while let Some(at) = rest.find("Span { start: ") {
        out.push_str(&rest[..at + 4]);
        let after = &rest[at..];
        rest = after.find(" }").map_or("", |end| &after[end + 2..]);
    }
    out.push_str(rest);
    out
}

fuzz_target!(|data: &[u8]| {
    let decoded = pbn::decode(data);
    let text = decoded.text.as_str();
    let records = read(text);
    if records.iter().any(pbn::Record::has_errors) {
        // `fmt` refuses such files; writing must still not panic.
        let _ = pbn::write::write_export(&records);
        let _ = pbn::write::write_import(records.iter().map(|r| &r.model), "\n");
        return;
    }
    let first = pbn::write::write_export(&records);
    let again = read(&first);
    for r in &again {
        assert!(!r.has_errors(), "export output has errors: {:?}\n{first}", r.diagnostics);
    }
    let second = pbn::write::write_export(&again);
    assert_eq!(first, second, "export writing is not a fixed point");
    // Games are compared in order; a `%` header read as a record of its own before the first game
    // may come back inside that game's record, so only games are paired.
    let games = |rs: &[pbn::Record]| rs.iter().filter(|r| r.model.is_game).count();
    assert_eq!(games(&records), games(&again), "the number of games changed through export");
    for (a, b) in records.iter().filter(|r| r.model.is_game).zip(again.iter().filter(|r| r.model.is_game)) {
        // The export writes deals from North: the first seat may change, the hands may not.
        assert_eq!(
            a.model.info.deal.as_ref().map(|d| d.hands.clone()),
            b.model.info.deal.as_ref().map(|d| d.hands.clone()),
            "the deal changed through export"
        );
        assert_eq!(a.model.info.score_ns, b.model.info.score_ns, "the score changed through export");
    }

    let first = pbn::write::write_import(records.iter().map(|r| &r.model), "\n");
    let again = read(&first);
    let second = pbn::write::write_import(again.iter().map(|r| &r.model), "\n");
    assert_eq!(first, second, "import-style writing is not a fixed point");
    let model = |rs: &[pbn::Record]| {
        rs.iter()
            .filter(|r| r.model.is_game)
            .map(|r| {
                let tags: Vec<(String, String)> =
                    r.model.tags().map(|(name, value)| (name.to_owned(), value.to_owned())).collect();
                (tags, without_spans(&format!("{:?}", r.model.info)))
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(model(&records), model(&again), "import-style output reads back differently:\n{first}");
});
