//! Read + check throughput (MB/s) over generated DD4 games (deterministic: fixed seeds of
//! [`ppn_pinochle::synth::games`], about 4 MB of complete, valid EXPORT hands).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let text = ppn_pinochle::synth::games(4_000_000);
    let mut group = c.benchmark_group("ppn-pinochle");
    group.throughput(Throughput::Bytes(text.len() as u64));
    group.sample_size(10);
    group
        .bench_function("read", |b| b.iter(|| ppn_pinochle::parse::parse(black_box(&text)).file.hands.len()));
    group.bench_function("read+check streamed", |b| {
        b.iter(|| ppn_pinochle::check_str(black_box(&text), &ppn_pinochle::Options::default()).len())
    });
    group.bench_function("read then check", |b| {
        b.iter(|| {
            let parsed = ppn_pinochle::parse::parse(black_box(&text));
            ppn_pinochle::validate::check_parsed(&parsed, &ppn_pinochle::Options::default()).len()
        })
    });
    let file = ppn_pinochle::parse::parse(&text).file;
    group.bench_function("write", |b| b.iter(|| ppn_pinochle::write::write(black_box(&file)).len()));
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
