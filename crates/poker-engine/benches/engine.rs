//! Criterion benches: 7-card standard high evaluation, and whole-hand replay per variant.
//! Inputs are generated here (seeded), nothing is read from disk.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use poker_engine::eval::{HandType, evaluate, high7};
use poker_engine::replay::{replay_fastest, run};
use poker_engine::sim::{Rng, random_hands};
use poker_engine::{State, Variant};

fn seven_card_sets(n: usize) -> Vec<u64> {
    let deck: Vec<u8> = cards_core::Card::all().map(|c| c.index()).collect();
    let mut rng = Rng::new(42);
    (0..n)
        .map(|_| {
            let mut set = 0u64;
            while set.count_ones() < 7 {
                set |= 1 << deck[rng.below(52)];
            }
            set
        })
        .collect()
}

fn eval(c: &mut Criterion) {
    let sets = seven_card_sets(1 << 16);
    let mut group = c.benchmark_group("eval");
    group.throughput(Throughput::Elements(sets.len() as u64));
    group.bench_function("high7", |b| {
        b.iter(|| {
            let mut acc = 0u32;
            for &s in &sets {
                acc = acc.wrapping_add(high7(black_box(s)).0);
            }
            acc
        });
    });
    let omaha: Vec<(Vec<cards_core::Card>, Vec<cards_core::Card>)> = sets
        .iter()
        .take(4096)
        .map(|&s| {
            let cards: Vec<cards_core::Card> = cards_core::CardSet(s)
                .iter()
                .chain(cards_core::CardSet(sets[0] & !s).iter())
                .take(9)
                .collect();
            let (hole, board) = cards.split_at(4.min(cards.len()));
            (hole.to_vec(), board.to_vec())
        })
        .collect();
    group.throughput(Throughput::Elements(omaha.len() as u64));
    group.bench_function("omaha_high", |b| {
        b.iter(|| omaha.iter().filter_map(|(h, bd)| evaluate(HandType::OmahaHigh, h, bd)).count());
    });
    group.finish();
}

/// Whole hands per variant as a PHH replay runs them (`replay_fastest`: on `i64` when every
/// amount is whole chips, as in these generated hands), and NT on exact `Chips` only.
fn replay(c: &mut Criterion) {
    let mut group = c.benchmark_group("replay");
    for variant in Variant::ALL {
        let hands = random_hands(variant, 500, 1);
        group.throughput(Throughput::Elements(hands.len() as u64));
        group.bench_function(variant.code().replace('/', "_"), |b| {
            let mut events = Vec::with_capacity(8);
            b.iter(|| {
                let mut over = 0;
                for hand in &hands {
                    events.clear();
                    let ended = replay_fastest(&hand.def, &hand.actions, &mut events, |r| r.is_over());
                    over += usize::from(ended.unwrap());
                }
                assert_eq!(over, hands.len());
                black_box(over)
            });
        });
    }
    let hands = random_hands(Variant::NoLimitTexasHoldem, 500, 1);
    group.throughput(Throughput::Elements(hands.len() as u64));
    group.bench_function("NT_exact", |b| {
        let mut events = Vec::with_capacity(8);
        b.iter(|| {
            let mut over = 0;
            for hand in &hands {
                let mut state = State::new(&hand.def).unwrap();
                events.clear();
                run(&mut state, &hand.actions, &mut events);
                over += usize::from(state.is_over());
            }
            assert_eq!(over, hands.len());
            black_box(over)
        });
    });
    group.finish();
}

criterion_group!(benches, eval, replay);
criterion_main!(benches);
