//! PHH file reader: never panics on any text, every span lies inside the text, the fast path and
//! the toml_edit general path give the same hands, and the streaming reader agrees with the
//! in-memory one.
#![no_main]

use libfuzzer_sys::fuzz_target;

fn check_spans(text: &str, hand: &phh::ParsedHand) {
    let len = text.len();
    assert!(hand.span.start <= hand.span.end && hand.span.end <= len, "hand span out of the text");
    cardnote_fuzz::assert_spans(text, &hand.diagnostics);
    for s in &hand.action_spans {
        assert!(s.end <= len, "action span past the end");
    }
    if let Some(h) = &hand.hand {
        assert_eq!(h.actions.len(), hand.action_spans.len(), "one span per action");
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let file = phh::parse_file(text);
    for hand in &file.hands {
        check_spans(text, hand);
    }
    let general: Vec<phh::ParsedHand> = phh::hands_with(text, phh::Path::General).collect();
    assert_eq!(file.hands, general, "fast and general paths differ");
    // Chunk by chunk, fast path alone where it applies.
    for chunk in phh::chunks(text) {
        if let Some(fast) = phh::parse_chunk_fast(&chunk) {
            let general = phh::parse_chunk_general(&chunk);
            assert_eq!(
                fast, general,
                "fast path result differs from the general path on chunk {}",
                chunk.index
            );
        }
    }
    // A single hand read of the same text never panics either.
    let single = phh::parse_hand(text);
    check_spans(text, &single);
    // Streaming reader over the bytes: same hands (models and diagnostics).
    let streamed: Vec<_> = phh::stream::HandReader::new(std::io::Cursor::new(data)).collect();
    assert_eq!(streamed.len(), file.hands.len(), "streaming reader found a different number of hands");
    for (s, h) in streamed.iter().zip(&file.hands) {
        let s = s.as_ref().unwrap_or_else(|e| panic!("stream error on UTF-8 input: {e}"));
        assert_eq!(&s.parsed, h, "streamed hand differs from the in-memory read");
        assert_eq!(
            text.get(s.offset..s.offset + s.text.len()),
            Some(s.text.as_str()),
            "streamed text is not the file's"
        );
    }
});
