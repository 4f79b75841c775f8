//! PBN reader: never panics on any bytes (UTF-8 or not), every diagnostic span lies inside the
//! decoded text on character boundaries, and strict mode reports at least as many errors as the default
//! mode (it turns the producers' conventions into errors).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let decoded = pbn::decode(data);
    let text = decoded.text.as_str();
    let records: Vec<pbn::borrowed::Record<'_>> =
        pbn::borrowed::read_str(text, pbn::Options::default()).collect();
    for r in &records {
        cardnote_fuzz::assert_spans(text, &r.diagnostics);
        let _ = pbn::summary::summarize(r);
    }
    let strict: Vec<pbn::borrowed::Record<'_>> =
        pbn::borrowed::read_str(text, pbn::Options { strict: true }).collect();
    assert_eq!(strict.len(), records.len(), "strict mode splits games differently");
    for (s, r) in strict.iter().zip(&records) {
        assert!(
            s.diagnostics.iter().filter(|d| d.is_error()).count()
                >= r.diagnostics.iter().filter(|d| d.is_error()).count()
        );
    }
});
