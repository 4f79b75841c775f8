//! Open Hand History reader and writer on any bytes: no panic, record and diagnostic spans inside
//! the input; every imported hand replays without an error, its declared winnings and finishing
//! stacks included, its PHH text reads back to the same hand, and written back as OHH it reads
//! back to the same play, blinds and outcome (FINDINGS F34).
#![no_main]

use libfuzzer_sys::fuzz_target;
use sitelogs::{Options, ohh};

fuzz_target!(|data: &[u8]| {
    let records: Vec<sitelogs::Record> = ohh::Reader::new(data, Options::default()).collect();
    let hands: Vec<phh::Hand> = records.iter().filter_map(|r| r.hand.clone()).collect();
    cardnote_fuzz::check_site_records(data.len(), records, true);
    for hand in &hands {
        // The OHH writer refuses what OHH cannot hold (said as an error value); what it writes
        // reads back the same.
        let Ok(json) = ohh::write_hand(hand) else { continue };
        let back = ohh::Reader::from_str(&json, Options::default()).next().expect("one hand written");
        let again = back.hand.unwrap_or_else(|| panic!("written OHH refused: {:?}\n{json}", back.diagnostics));
        assert_eq!(
            (&again.actions, &again.blinds_or_straddles, &again.finishing_stacks),
            (&hand.actions, &hand.blinds_or_straddles, &hand.finishing_stacks),
            "OHH written back reads differently\n{json}"
        );
    }
});
