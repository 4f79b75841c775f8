//! PHH writer fixed point: every hand that reads without errors writes to text that reads back to
//! an equal hand, and writing that again gives the same text.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let file: Vec<phh::Record> =
        phh::Reader::from_str(text, phh::Options::default()).filter_map(Result::ok).collect();
    for parsed in &file {
        let Some(hand) = &parsed.model.hand else { continue };
        if parsed.has_errors() {
            continue;
        }
        let first = phh::write_hand(hand);
        let reread = phh::parse_hand(&first);
        let again = reread
            .model
            .hand
            .as_ref()
            .unwrap_or_else(|| panic!("written hand does not re-read:\n{first}\n{:?}", reread.diagnostics));
        assert_eq!(again, hand, "written hand re-reads differently:\n{first}");
        let second = phh::write_hand(again);
        assert_eq!(first, second, "writing is not a fixed point");
    }
    let good: Vec<phh::Hand> =
        file.iter().filter(|h| !h.has_errors()).filter_map(|h| h.model.hand.clone()).collect();
    if !good.is_empty() {
        let first = phh::write_hands(&good);
        let reread = phh::Reader::from_str(&first, phh::Options::default()).filter_map(Result::ok);
        let hands: Vec<phh::Hand> = reread.filter_map(|h| h.model.hand).collect();
        assert_eq!(hands, good, ".phhs re-reads differently:\n{first}");
        assert_eq!(phh::write_hands(&hands), first, ".phhs writing is not a fixed point");
    }
});
