//! Read + check throughput (MB/s) over a large game generated deterministically.
#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used)]

use cards_core::notation::read_checked;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use ppn_pref::Pref;
use ppn_pref::generate::random_game;

fn input() -> String {
    // ~4 MB: 30 000 deals of random legal play
    ppn_pref::write::write_game(&random_game(0x5eed, 30_000, 60, 2))
}

fn bench(c: &mut Criterion) {
    let text = input();
    let mut group = c.benchmark_group("ppn-pref");
    group.throughput(Throughput::Bytes(text.len() as u64));
    group.sample_size(20);
    group.bench_function("read", |b| b.iter(|| ppn_pref::read_game(std::hint::black_box(&text))));
    group.bench_function("read+check streaming", |b| {
        b.iter(|| {
            let options = ppn_pref::Options::default();
            let records = read_checked::<Pref, _>(std::hint::black_box(text.as_bytes()), options);
            records.map(|record| usize::from(record.unwrap().has_errors())).sum::<usize>()
        })
    });
    let game = ppn_pref::read_game(&text);
    group.bench_function("write", |b| b.iter(|| ppn_pref::write::write_game(std::hint::black_box(&game))));
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
