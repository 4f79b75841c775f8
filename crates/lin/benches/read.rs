//! Read and read + check throughput (MB/s) over the project's LIN corpus (`corpus/lin`, every
//! `.lin` file concatenated in name order, repeated to about 4 MB).
#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used)]

use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};

fn corpus() -> Vec<u8> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/lin");
    let mut files = Vec::new();
    let mut dirs = vec![root];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("corpus/lin") {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "lin")
                && !path.to_string_lossy().contains("invalid")
            {
                files.push(path);
            }
        }
    }
    files.sort();
    let mut one = Vec::new();
    for file in files {
        one.extend(std::fs::read(file).unwrap());
        one.extend(b"\r\n");
    }
    let mut text = Vec::with_capacity(4 << 20);
    while text.len() < 4 << 20 {
        text.extend_from_slice(&one);
    }
    text
}

fn bench(c: &mut Criterion) {
    let text = corpus();
    let mut group = c.benchmark_group("lin");
    group.throughput(Throughput::Bytes(text.len() as u64));
    let options = lin::Options::default();
    group.bench_function("read/corpus", |b| {
        b.iter(|| {
            lin::Reader::from_slice(black_box(&text), options)
                .map(|r| r.map_or(0, |r| r.model.items.len()))
                .sum::<usize>()
        })
    });
    group.bench_function("read_check/corpus", |b| {
        b.iter(|| {
            lin::Reader::from_slice(black_box(&text), options)
                .map(|r| {
                    r.map_or(0, |mut r| {
                        lin::check(&mut r, &options);
                        r.diagnostics.len()
                    })
                })
                .sum::<usize>()
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
