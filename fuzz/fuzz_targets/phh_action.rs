//! PHH action notation: never panics, spans lie inside the text, a parsed action writes back to
//! notation that parses to the same action (and writes identically), and the poker engine's own
//! action parser agrees with the PHH crate's whenever both accept the text.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    match phh::parse_action_tokens(text) {
        Ok((action, tokens)) => {
            for span in [tokens.player, tokens.cards, tokens.amount].into_iter().flatten() {
                assert!(span.end <= text.len(), "token span past the end");
            }
            let written = action.to_string();
            let again =
                phh::parse_action(&written).unwrap_or_else(|e| panic!("{written:?} does not re-read: {e}"));
            assert_eq!(again, action, "written {written:?}");
            assert_eq!(again.to_string(), written, "writing is not a fixed point");
            if let Ok(engine) = text.parse::<poker_engine::Action>() {
                // Both parsers accepted the text: they must mean the same action.
                let engine_text = engine.to_string();
                let body = written.split('#').next().unwrap_or("").trim_end();
                assert_eq!(engine_text, body, "phh and poker-engine read {text:?} differently");
            }
        }
        Err(e) => {
            assert!(e.span.end <= text.len(), "error span past the end");
            assert!(e.code.starts_with("PHH_"), "unexpected code {}", e.code);
        }
    }
    if let Ok(engine) = text.parse::<poker_engine::Action>() {
        let written = engine.to_string();
        assert_eq!(written.parse::<poker_engine::Action>().ok(), Some(engine), "engine action {written:?}");
    }
});
