//! Site-log import speed, in MB/s and hands/s: PokerStars text (every hand parsed, converted,
//! replayed and checked against the log's stacks) and ACPC `STATE` lines, over deterministic
//! inputs built from `corpus/sitelogs` (the imported hands repeated to about 4 MB), streamed
//! from memory through the readers.
#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used)]

use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sitelogs::{Options, acpc, pokerstars};

fn corpus(rel: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/sitelogs").join(rel)
}

/// The PokerStars hands of the corpus that import, written back as the site's text, repeated.
fn stars_input() -> (String, u64) {
    let mut hands = Vec::new();
    let mut files: Vec<_> =
        std::fs::read_dir(corpus("pokerstars/real")).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    for path in files {
        let bytes = std::fs::read(path).unwrap();
        for record in pokerstars::Reader::new(&bytes[..], Options::default()) {
            if let Some(hand) = record.hand {
                hands.push(pokerstars::write_hand(&hand).unwrap());
            }
        }
    }
    let mut out = String::new();
    let mut n = 0;
    while out.len() < 4_000_000 {
        for hand in &hands {
            out.push_str(hand);
            out.push_str("\n\n");
            n += 1;
        }
    }
    (out, n)
}

fn acpc_input() -> (String, acpc::GameDef, u64) {
    let game = acpc::GameDef::parse(
        &std::fs::read_to_string(corpus("acpc/real/2p.nolimit.h1000.r0.excerpt.game")).unwrap(),
    )
    .unwrap();
    let log = std::fs::read_to_string(corpus("acpc/real/2p.nolimit.h1000.r0.excerpt.log")).unwrap();
    let lines: Vec<&str> = log.lines().filter(|l| l.starts_with("STATE:")).collect();
    let mut out = String::new();
    let mut n = 0;
    while out.len() < 4_000_000 {
        for line in &lines {
            out.push_str(line);
            out.push('\n');
            n += 1;
        }
    }
    (out, game, n)
}

fn bench(c: &mut Criterion) {
    let (stars, stars_hands) = stars_input();
    let (states, game, state_hands) = acpc_input();
    for (unit, stars_tp, acpc_tp) in [
        ("bytes", Throughput::Bytes(stars.len() as u64), Throughput::Bytes(states.len() as u64)),
        ("hands", Throughput::Elements(stars_hands), Throughput::Elements(state_hands)),
    ] {
        let mut group = c.benchmark_group(format!("sitelogs_import_{unit}"));
        group.sample_size(10);
        group.throughput(stars_tp);
        group.bench_function("pokerstars", |b| {
            b.iter(|| {
                pokerstars::Reader::from_str(black_box(&stars), Options::default())
                    .filter(|r| r.hand.is_some())
                    .count()
            });
        });
        group.throughput(acpc_tp);
        group.bench_function("acpc", |b| {
            b.iter(|| {
                acpc::Reader::from_str(black_box(&states), &game, Options::default())
                    .filter(|r| r.hand.is_some())
                    .count()
            });
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
