//! Read + check throughput (MB/s) over a generated game: the same complete EXPORT hand repeated,
//! with Hand numbers and GameScores carried so every hand is valid.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

const HAND: &str = include_str!("../../../corpus/ppn-pinochle/valid/spec-play-spades.ppn");

fn input(hands: usize) -> String {
    let body_start = HAND.find("[Site").unwrap_or(0);
    let body = HAND.get(body_start..).unwrap_or("");
    let mut out = String::from("% PPN 1.0\n% EXPORT\n%\n");
    let (mut ns, mut ew) = (0i64, 0i64);
    for n in 1..=hands {
        out.push('\n');
        out.push_str(
            &body
                .replace("[Hand \"1\"]", &format!("[Hand \"{n}\"]"))
                .replace("[GameScores \"0:0\"]", &format!("[GameScores \"{ns}:{ew}\"]")),
        );
        ns += 55;
        ew += 24;
    }
    out
}

fn bench(c: &mut Criterion) {
    let text = input(2000);
    let mut group = c.benchmark_group("ppn-pinochle");
    group.throughput(Throughput::Bytes(text.len() as u64));
    group.sample_size(20);
    group.bench_function("parse", |b| {
        b.iter(|| ppn_pinochle::parse::parse(black_box(&text)).file.hands.len())
    });
    group.bench_function("parse+check", |b| {
        b.iter(|| ppn_pinochle::check_str(black_box(&text), &ppn_pinochle::Options::default()).len())
    });
    group.bench_function("write", |b| {
        let file = ppn_pinochle::parse::parse(&text).file;
        b.iter(|| ppn_pinochle::write::write(black_box(&file)).len())
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
