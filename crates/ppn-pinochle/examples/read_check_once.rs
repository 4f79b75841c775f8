//! One pass of `read+check streamed` over the criterion bench's input (about 4 MB of generated
//! DD4 games), for instruction counts: `valgrind --tool=callgrind
//! --toggle-collect=ppn_pinochle::check_str target/release/examples/read_check_once [passes]`
//! counts the reading and checking alone (not the making of the input).
#![allow(missing_docs)]

fn main() {
    let passes: usize = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    let text = ppn_pinochle::synth::games(4_000_000);
    let mut hands = 0;
    for _ in 0..passes {
        hands += ppn_pinochle::check_str(&text, &ppn_pinochle::Options::default()).len();
    }
    eprintln!("{} bytes, {hands} hands checked", text.len());
}
