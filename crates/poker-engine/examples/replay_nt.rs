//! A fixed replay workload for instruction counts, which machine load does not distort:
//! `valgrind --tool=callgrind target/release/examples/replay_nt 10` minus the same with `0`,
//! divided by 10 × 500, is the instructions per replayed NT hand (the `replay/NT` bench's hands,
//! replayed as `replay::replay_fastest` does); a second argument `exact` replays on `Chips` only.
#![allow(clippy::unwrap_used, missing_docs)]

use poker_engine::replay::{replay_fastest, run};
use poker_engine::sim::random_hands;
use poker_engine::{State, Variant};

fn main() {
    let rounds: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(10);
    let exact = std::env::args().nth(2).is_some_and(|a| a == "exact");
    let hands = random_hands(Variant::NoLimitTexasHoldem, 500, 1);
    let mut events = Vec::with_capacity(8);
    let mut over = 0;
    for _ in 0..rounds {
        for hand in &hands {
            events.clear();
            if exact {
                let mut state = State::new(&hand.def).unwrap();
                run(&mut state, &hand.actions, &mut events);
                over += usize::from(state.is_over());
            } else {
                over += usize::from(
                    replay_fastest(&hand.def, &hand.actions, &mut events, |r| r.is_over()).unwrap(),
                );
            }
        }
    }
    assert_eq!(over, rounds * hands.len());
    println!("{over} hands replayed");
}
