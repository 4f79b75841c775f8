//! PBN reader: never panics on any bytes (UTF-8 or not), every diagnostic span lies inside the
//! decoded text on character boundaries, and strict mode reports at least as many errors as the default
//! mode (it turns the producers' conventions into errors).
#![no_main]

use libfuzzer_sys::fuzz_target;

fn read(text: &str, options: pbn::Options) -> Vec<pbn::Record> {
    // Reading text in memory cannot fail.
    cards_core::notation::read_checked::<pbn::Pbn, _>(text.as_bytes(), options).map_while(Result::ok).collect()
}

fuzz_target!(|data: &[u8]| {
    let decoded = pbn::decode(data);
    let text = decoded.text.as_str();
    let records = read(text, pbn::Options::default());
    for r in &records {
        cardnote_fuzz::assert_spans(text, &r.diagnostics);
        let _ = pbn::summary::summarize(&r.model);
    }
    let strict = read(text, pbn::Options { strict: true });
    assert_eq!(strict.len(), records.len(), "strict mode splits games differently");
    for (s, r) in strict.iter().zip(&records) {
        assert!(
            s.diagnostics.iter().filter(|d| d.is_error()).count()
                >= r.diagnostics.iter().filter(|d| d.is_error()).count()
        );
    }
});
