//! Every site's reader on any bytes, the site told by the content as `cardnote check` tells it
//! (bytes no site claims go to the reader the input's length picks): no panic, record and
//! diagnostic spans inside the input, every imported hand replays without an error and its PHH
//! text reads back to the same hand.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sitelogs::acpc::GameDef;
use sitelogs::{Options, Site};

fuzz_target!(|data: &[u8]| {
    let site = Site::detect(data).unwrap_or(Site::ALL[data.len() % Site::ALL.len()]);
    let game = GameDef::pluribus();
    if let Some(records) = site.records(data, Some(&game), Options::default()) {
        cardnote_fuzz::check_site_records(data.len(), records, false);
    }
});
