//! Read + check throughput (MB/s), borrowed (`borrowed::read_str`), read only (`Reader`: the
//! sequential part) and streamed and checked (`Checked`), over the project corpus `corpus/pbn/real` and `cases`
//! (concatenated, deterministic), and over a generated file of export-format games.
#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used)]

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};

mod support;
use support::corpus_text;

fn bench(c: &mut Criterion) {
    let corpus = corpus_text();
    let records: Vec<_> = pbn::borrowed::read_str(&corpus, pbn::Options::default()).collect();
    let export = pbn::write::write_export(&records);
    drop(records);
    let mut group = c.benchmark_group("pbn");
    for (name, text) in [("corpus", &corpus), ("export", &export)] {
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_function(format!("split/{name}"), |b| {
            b.iter(|| pbn::parse::Splitter::new(black_box(text)).map(|g| g.game.items.len()).sum::<usize>())
        });
        group.bench_function(format!("read_check/{name}"), |b| {
            b.iter(|| {
                pbn::borrowed::read_str(black_box(text), pbn::Options::default())
                    .map(|r| r.diagnostics.len())
                    .sum::<usize>()
            })
        });
        group.bench_function(format!("read/{name}"), |b| {
            b.iter(|| {
                pbn::Reader::from_str(black_box(text), pbn::Options::default())
                    .map(|r| r.map_or(0, |r| r.diagnostics.len()))
                    .sum::<usize>()
            })
        });
        group.bench_function(format!("stream/{name}"), |b| {
            b.iter(|| {
                pbn::stream::Checked::from_str(black_box(text), pbn::Options::default())
                    .map(|r| r.map_or(0, |r| r.diagnostics.len()))
                    .sum::<usize>()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
