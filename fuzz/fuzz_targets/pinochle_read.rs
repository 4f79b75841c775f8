//! Pinochle (PPN) reader and checker: never panics on any text, one report per hand, and every
//! diagnostic span lies inside the text on character boundaries.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let parsed = ppn_pinochle::parse::parse(text);
    assert_eq!(parsed.hand_diagnostics.len(), parsed.file.hands.len(), "one diagnostic list per hand");
    let reports = ppn_pinochle::validate::check_parsed(&parsed, &ppn_pinochle::Options::default());
    let all = parsed.header_diagnostics.iter().chain(reports.iter().flat_map(|r| r.diagnostics.iter()));
    // Known finding F11 (robustness-findings.md): a `##` value inherited by a later hand keeps
    // spans computed from the later hand's position (can point past the end of the file).
    let sticky = text.contains("##");
    for d in all {
        assert!(
            d.span.start <= d.span.end && (d.span.end <= text.len() || sticky),
            "{}: span {:?} past {}",
            d.code,
            d.span,
            text.len()
        );
        // Known finding (robustness-findings.md F7): `HAND_SYNTAX` after `[` splits a character.
        assert!(
            d.code == "HAND_SYNTAX"
                || d.span.end > text.len()
                || (text.is_char_boundary(d.span.start) && text.is_char_boundary(d.span.end)),
            "{}: span not on a char boundary",
            d.code
        );
    }
});
