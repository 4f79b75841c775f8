//! 7-card high evaluation of the `eval/high7` bench's kind of input (65,536 random 7-card sets),
//! `ROUNDS` times over (default 1,000), for counting instructions or CPU time per evaluation:
//! `valgrind --tool=cachegrind target/release/examples/high7 ROUNDS` at two round counts, or
//! `perf stat -e task-clock`; the difference divided by the extra evaluations is the cost of one.
//! It also prints how long the process's first evaluation took.
#![allow(missing_docs)]

use poker_engine::eval::high7;
use poker_engine::sim::Rng;

fn main() {
    let rounds: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(1000);
    // The bench's sets: the same seed and the same draws.
    let deck: Vec<u8> = cards_core::Card::all().map(|c| c.index()).collect();
    let mut rng = Rng::new(42);
    let sets: Vec<u64> = (0..1 << 16)
        .map(|_| {
            let mut set = 0u64;
            while set.count_ones() < 7 {
                set |= 1 << deck[rng.below(52)];
            }
            set
        })
        .collect();
    // The process's first evaluation: nothing is built at first use (the table is in the binary).
    let start = std::time::Instant::now();
    let mut acc = high7(std::hint::black_box(sets[0])).0;
    let first = start.elapsed();
    for _ in 0..rounds {
        for &s in &sets {
            acc = acc.wrapping_add(high7(std::hint::black_box(s)).0);
        }
    }
    println!("first evaluation {first:?}; {} more, checksum {acc}", rounds * sets.len());
}
