//! Open Hand History reader on any bytes: no panic, record and diagnostic spans inside the
//! input; every imported hand replays without an error, its declared winnings included, and its
//! PHH text reads back to the same hand. (Writing the hands back as OHH is compared on the real
//! and bundled files by sitelogs' tests; on mutated hands it is FINDINGS F34, open.)
#![no_main]

use libfuzzer_sys::fuzz_target;
use sitelogs::{Options, ohh};

fuzz_target!(|data: &[u8]| {
    cardnote_fuzz::check_site_records(data.len(), ohh::Reader::new(data, Options::default()), true);
});
