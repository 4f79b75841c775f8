//! One pass of `read+check streamed` over the criterion bench's input (about 4 MB of generated
//! DD4 games), for instruction counts: `valgrind --tool=callgrind
//! --toggle-collect=cards_core::notation::read_checked target/release/examples/read_check_once [passes]`
//! counts the reading and checking alone (not the making of the input).
#![allow(missing_docs)]

fn main() {
    let passes: usize = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    let text = ppn_pinochle::synth::games(4_000_000);
    let mut hands = 0;
    for _ in 0..passes {
        let options = ppn_pinochle::Options::default();
        hands +=
            cards_core::notation::read_checked::<ppn_pinochle::Pinochle, _>(text.as_bytes(), options).count();
    }
    eprintln!("{} bytes, {hands} hands checked", text.len());
}
