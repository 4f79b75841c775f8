//! Double-dummy table time: one full 20-cell table (5 strains x 4 declarers) of random deals on one
//! core (pons-dds, which the engine comes from, publishes 149 ms per deal on its machine, DDS 2.9
//! 131 ms), at the default transposition-table budget and at 48 MiB, and par from a table.
#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used)]

use std::hint::black_box;

use bridge_core::Vulnerability;
use bridge_dd::{DdTable, Par, ParRule, Solver};
use cards_core::{Card, CardSet, Compass, Rng};
use criterion::{Criterion, criterion_group, criterion_main};
use pbn::model::Deal;

/// `n` random deals from a fixed seed.
fn deals(n: usize) -> Vec<Deal> {
    let mut rng = Rng::new(0x5EED_0DD5);
    (0..n)
        .map(|_| {
            let mut cards: Vec<Card> = Card::all().collect();
            rng.shuffle(&mut cards);
            let mut hands = [None; 4];
            for (i, hand) in cards.chunks(13).enumerate() {
                hands[i] = Some(hand.iter().copied().collect::<CardSet>());
            }
            Deal { first: Compass::North, hands, spots: [[0; 4]; 4] }
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let deals = deals(8);
    let mut group = c.benchmark_group("dd");
    group.sample_size(10);
    let mut solver = Solver::new();
    group.bench_function("table/one_core", |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) % deals.len();
            DdTable::solve_on(&mut solver, black_box(&deals[i])).unwrap()
        })
    });
    // A budget of 48 MiB per solver thread (the `dd` command's before issue 31).
    let mut small = Solver::with_memory(48);
    group.bench_function("table/one_core_48MiB", |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) % deals.len();
            DdTable::solve_on(&mut small, black_box(&deals[i])).unwrap()
        })
    });
    let table = DdTable::solve_on(&mut solver, &deals[0]).unwrap();
    group.bench_function("par", |b| {
        b.iter(|| Par::compute(black_box(&table), Vulnerability::Both, ParRule::Dealer(Compass::North)))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
