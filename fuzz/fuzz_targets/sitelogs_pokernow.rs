//! PokerNow reader on any bytes: no panic, record and diagnostic spans inside the input; every
//! imported hand replays without an error, its declared winnings included, and its PHH text
//! reads back to the same hand.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sitelogs::{Options, pokernow};

fuzz_target!(|data: &[u8]| {
    cardnote_fuzz::check_site_records(data.len(), pokernow::Reader::new(data, Options::default()), true);
});
