//! Read + check throughput (MB/s) over generated DD4 games (deterministic: fixed seeds of
//! [`ppn_pinochle::synth::games`], about 4 MB of complete, valid EXPORT hands).

use cards_core::notation::read_checked;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use ppn_pinochle::Pinochle;
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let text = ppn_pinochle::synth::games(4_000_000);
    let mut group = c.benchmark_group("ppn-pinochle");
    group.throughput(Throughput::Bytes(text.len() as u64));
    group.sample_size(10);
    group.bench_function("read", |b| b.iter(|| ppn_pinochle::read_file(black_box(&text)).hands.len()));
    group.bench_function("read+check streamed", |b| {
        b.iter(|| {
            let options = ppn_pinochle::Options::default();
            read_checked::<Pinochle, _>(black_box(text.as_bytes()), options).count()
        })
    });
    let file = ppn_pinochle::read_file(&text);
    group.bench_function("write", |b| b.iter(|| ppn_pinochle::write::write(black_box(&file)).len()));
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
