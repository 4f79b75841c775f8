//! Pinochle writers: the faithful writer is lossless (read -> write -> read gives an equal model,
//! and writing again the same text); for files without errors the canonical export form reads
//! back to the export model itself and is a fixed point.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ppn_pinochle::write::{to_export, write};
use ppn_pinochle::{PpnFile, Reader, read_file};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let options = ppn_pinochle::Options::default();
    let records: Vec<ppn_pinochle::Record> =
        Reader::from_str(text, options).map(|r| r.expect("reading text in memory cannot fail")).collect();
    let syntax_ok = records.iter().all(|r| r.diagnostics.is_empty());
    let model = &PpnFile::from_records(records);
    let first = write(model);
    let again = read_file(&first);
    if syntax_ok {
        assert_eq!(&again, model, "faithful output re-reads differently:\n{first}");
    }
    let second = write(&again);
    if syntax_ok {
        assert_eq!(first, second, "faithful writing is not a fixed point");
    }
    let errors = cards_core::notation::read_checked::<ppn_pinochle::Pinochle, _>(text.as_bytes(), options)
        .any(|r| r.is_ok_and(|r| r.has_errors()));
    let export = to_export(model);
    let first = write(&export);
    if syntax_ok && !errors {
        let again = read_file(&first);
        assert_eq!(again, export, "the export form re-reads differently:\n{first}");
        let second = write(&to_export(&again));
        assert_eq!(first, second, "export writing is not a fixed point");
    }
});
