//! A fixed replay workload for instruction counts, which machine load does not distort:
//! `valgrind --tool=callgrind target/release/examples/replay_nt 10` minus the same with `0`,
//! divided by 10 × 500, is the instructions per replayed NT hand (the `replay/NT` bench's hands).
#![allow(clippy::unwrap_used, missing_docs)]

use poker_engine::replay::run;
use poker_engine::sim::random_hands;
use poker_engine::{State, Variant};

fn main() {
    let rounds: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(10);
    let hands = random_hands(Variant::NoLimitTexasHoldem, 500, 1);
    let mut events = Vec::with_capacity(8);
    let mut over = 0;
    for _ in 0..rounds {
        for hand in &hands {
            let mut state = State::new(&hand.def).unwrap();
            events.clear();
            run(&mut state, &hand.actions, &mut events);
            over += usize::from(state.is_over());
        }
    }
    assert_eq!(over, rounds * hands.len());
    println!("{over} hands replayed");
}
