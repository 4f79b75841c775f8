//! Pinochle writers: the faithful writer is lossless (read -> write -> read gives an equal model,
//! and writing again the same text); for files without errors the canonical export form reads
//! back to the export model itself and is a fixed point.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ppn_pinochle::parse::parse;
use ppn_pinochle::write::{to_export, write};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let parsed = parse(text);
    let syntax_ok = parsed.header_diagnostics.is_empty() && parsed.hand_diagnostics.iter().all(Vec::is_empty);
    let model = &parsed.file;
    let first = write(model);
    let again = parse(&first);
    if syntax_ok {
        assert_eq!(&again.file, model, "faithful output re-reads differently:\n{first}");
    }
    let second = write(&again.file);
    if syntax_ok {
        assert_eq!(first, second, "faithful writing is not a fixed point");
    }
    let errors = ppn_pinochle::validate::check_parsed(&parsed, &ppn_pinochle::Options::default())
        .iter()
        .flat_map(|r| r.diagnostics.iter())
        .any(cards_core::Diagnostic::is_error);
    let export = to_export(model);
    let first = write(&export);
    if syntax_ok && !errors {
        let again = parse(&first);
        assert_eq!(again.file, export, "the export form re-reads differently:\n{first}");
        let second = write(&to_export(&again.file));
        assert_eq!(first, second, "export writing is not a fixed point");
    }
});
