//! Rough single-core speed check (CPU time is best read with `perf stat -e task-clock`):
//! `cargo run --release -p cardnote-poker-engine --example speed`.
#![allow(clippy::unwrap_used, missing_docs)]

use std::time::Instant;

use poker_engine::Variant;
use poker_engine::eval::high7;
use poker_engine::replay::replay_fastest;
use poker_engine::sim::{Rng, random_hands};

/// CPU seconds used by this process so far (Linux `/proc/self/stat`, 100 Hz ticks).
fn cpu() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let fields: Vec<&str> = stat.rsplit(')').next().unwrap_or("").split_whitespace().collect();
    let ticks = |i: usize| fields.get(i).and_then(|f| f.parse::<f64>().ok()).unwrap_or(0.0);
    (ticks(11) + ticks(12)) / 100.0
}

fn main() {
    let mut rng = Rng::new(9);
    let sets: Vec<u64> = (0..1 << 16)
        .map(|_| {
            let mut s = 0u64;
            while s.count_ones() < 7 {
                let c = rng.below(52) as u8;
                s |= 1 << ((c / 13) * 16 + c % 13);
            }
            s
        })
        .collect();
    let rounds = 1500;
    let t = Instant::now();
    let c = cpu();
    let mut acc = 0u32;
    for _ in 0..rounds {
        for &s in &sets {
            acc = acc.wrapping_add(high7(std::hint::black_box(s)).0);
        }
    }
    let n = rounds * sets.len();
    let used = cpu() - c;
    println!(
        "high7: {n} hands, {:.1} M/s per CPU second ({:.1} M/s wall) [{acc}]",
        n as f64 / used / 1e6,
        n as f64 / t.elapsed().as_secs_f64() / 1e6
    );
    for variant in Variant::ALL {
        let hands = random_hands(variant, 2000, 1);
        let t = Instant::now();
        let c = cpu();
        let mut events = Vec::new();
        for _ in 0..20 {
            for h in &hands {
                events.clear();
                replay_fastest(&h.def, &h.actions, &mut events, |r| r.is_over()).unwrap();
            }
        }
        let n = 20 * hands.len();
        let used = cpu() - c;
        println!(
            "replay {variant}: {:.0} hands/s per CPU second ({:.0} wall)",
            n as f64 / used,
            n as f64 / t.elapsed().as_secs_f64()
        );
    }
}
