//! Read + check throughput (MB/s) on the one path: read only (`Reader`: cut and parse) and read
//! and checked (`cards_core::notation::read_checked::<pbn::Pbn, _>`), over the project corpus
//! `corpus/pbn/real` and `cases` (concatenated, deterministic), and over a generated file of
//! export-format games.
#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used)]

use std::hint::black_box;

use cards_core::notation::read_checked;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

mod support;
use support::corpus_text;

fn bench(c: &mut Criterion) {
    let corpus = corpus_text();
    let records: Vec<_> =
        read_checked::<pbn::Pbn, _>(corpus.as_bytes(), pbn::Options::default()).map(Result::unwrap).collect();
    let export = pbn::write::write_export(&records);
    drop(records);
    let mut group = c.benchmark_group("pbn");
    for (name, text) in [("corpus", &corpus), ("export", &export)] {
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_function(format!("read_check/{name}"), |b| {
            b.iter(|| {
                read_checked::<pbn::Pbn, _>(black_box(text).as_bytes(), pbn::Options::default())
                    .map(|r| r.map_or(0, |r| r.diagnostics.len()))
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
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
