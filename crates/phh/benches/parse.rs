//! PHH bulk reading: the toml_edit general path against the hand-written fast path, in hands/s
//! and MB/s, over a deterministic `.phhs` built from the project corpus (`corpus/phh/real`),
//! its hands repeated and renumbered to about 2 MB.
#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used)]

use std::hint::black_box;
use std::path::Path;

use cards_core::notation::ReadRecords;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

/// Every hand of the corpus's `.phhs` files, repeated and renumbered, and its hand count.
fn input() -> (String, u64) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/phh/real");
    let mut files: Vec<_> = ["generated", "handhq"]
        .iter()
        .flat_map(|d| std::fs::read_dir(dir.join(d)).unwrap().map(|e| e.unwrap().path()))
        .filter(|p| p.extension().is_some_and(|e| e == "phhs"))
        .collect();
    files.sort();
    let mut bodies = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(path).unwrap();
        for record in phh::Reader::from_str(&text, phh::Options::default()) {
            // The hand's text from its header line: the body is what follows that line.
            let hand = record.unwrap().text(&text).unwrap_or_default().to_owned();
            bodies.push(hand.split_once('\n').map_or("", |(_, body)| body).trim_end().to_owned());
        }
    }
    let mut out = String::new();
    let mut n = 0u64;
    while out.len() < 2_000_000 {
        for body in &bodies {
            n += 1;
            out.push_str(&format!("[{n}]\n{body}\n\n"));
        }
    }
    (out, n)
}

fn bench(c: &mut Criterion) {
    let (text, hands) = input();
    for (unit, throughput) in
        [("hands", Throughput::Elements(hands)), ("bytes", Throughput::Bytes(text.len() as u64))]
    {
        let mut group = c.benchmark_group(format!("phh_read_{unit}"));
        group.throughput(throughput);
        group.sample_size(10);
        let read = |path: phh::Path| {
            phh::Reader::from_str(black_box(&text), phh::Options::default())
                .with_path(path)
                .filter(|r| r.as_ref().is_ok_and(|r| r.model.hand.is_some()))
                .count()
        };
        group.bench_function("general", |b| b.iter(|| read(phh::Path::General)));
        group.bench_function("fast", |b| b.iter(|| read(phh::Path::Auto)));
        group.bench_function("split_only", |b| {
            b.iter(|| {
                let mut reader = phh::Reader::from_str(black_box(&text), phh::Options::default());
                std::iter::from_fn(|| reader.read_raw()).count()
            })
        });
        group.bench_function("reader", |b| {
            b.iter(|| {
                phh::Reader::from_str(black_box(&text), phh::Options::default())
                    .filter(|r| r.as_ref().is_ok_and(|r| r.model.hand.is_some()))
                    .count()
            })
        });
        group.bench_function("reader_replay", |b| {
            b.iter(|| {
                phh::Reader::from_str(black_box(&text), phh::Options::default())
                    .filter_map(|r| {
                        let mut r = r.ok()?;
                        phh::check(&mut r, &phh::Options::default());
                        r.model.outcome
                    })
                    .filter(|o| o.terminal)
                    .count()
            })
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
