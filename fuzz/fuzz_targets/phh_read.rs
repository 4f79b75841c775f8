//! PHH file reader: never panics on any text, every span lies inside the text, the fast path and
//! the toml_edit general path give the same hands, the reader's cut hands are the text, and the
//! streaming reader agrees with the in-memory one.
#![no_main]

use cards_core::Notation as _;
use cards_core::notation::ReadRecords as _;
use libfuzzer_sys::fuzz_target;

fn check_spans(text: &str, hand: &phh::Record) {
    let len = text.len();
    assert!(hand.span.start <= hand.span.end && hand.span.end <= len, "hand span out of the text");
    cardnote_fuzz::assert_spans(text, &hand.diagnostics);
    for s in &hand.model.action_spans {
        assert!(s.end <= len, "action span past the end");
    }
    if let Some(h) = &hand.model.hand {
        assert_eq!(h.actions.len(), hand.model.action_spans.len(), "one span per action");
    }
}

fn read(text: &str, path: phh::Path) -> Vec<phh::Record> {
    phh::Reader::from_str(text, phh::Options::default())
        .with_path(path)
        .map(|r| r.unwrap_or_else(|e| panic!("read error on text in memory: {e}")))
        .collect()
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    // A byte order mark is not text: the reader's offsets start after it.
    if text.starts_with('\u{feff}') {
        return;
    }
    let file = read(text, phh::Path::Auto);
    for hand in &file {
        check_spans(text, hand);
    }
    // The fast path, where it applies, gives what the general path gives.
    let general = read(text, phh::Path::General);
    assert_eq!(file, general, "fast and general paths differ");
    // A single hand read of the same text never panics either.
    let single = phh::parse_hand(text);
    check_spans(text, &single);
    // Cut, then parsed: the hands' texts are the text, each where the reader says, and parsing
    // them gives the same hands.
    let mut reader = phh::Reader::new(std::io::Cursor::new(data), phh::Options::default());
    let mut cut = Vec::new();
    while let Some(raw) = reader.read_raw() {
        let raw = raw.unwrap_or_else(|e| panic!("read error on UTF-8 input: {e}"));
        assert_eq!(text.get(raw.offset()..raw.offset() + raw.text().len()), Some(raw.text()), "cut text is not the file's");
        cut.push(phh::Phh::parse(raw, &phh::Options::default()));
    }
    assert_eq!(cut, file, "cut and parsed hands differ from the in-memory read");
});
