//! `cardnote export`'s work: PHH hands into the Arrow tables (`PhhTables`, what Python's
//! `to_arrow` builds) and the whole streaming Parquet export at one and two threads, in hands/s,
//! over a deterministic `.phhs` built from the project corpus (`corpus/phh/real`: the generated
//! and handhq hands), repeated and renumbered to about 2 MB.
#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used)]

use std::hint::black_box;

use cardnote_arrow::export::{ExportOptions, Input, InputFormat, export};
use cardnote_arrow::{ErrorsTable, PhhTables};
use cardnote_benches::corpus_dir;
use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};

/// Every hand of the corpus's real `.phhs` files, repeated and renumbered, and its hand count.
fn input() -> (String, u64) {
    let dir = corpus_dir().join("phh/real");
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

fn export_bench(c: &mut Criterion) {
    let (text, hands) = input();
    let mut group = c.benchmark_group("export/phh");
    group.throughput(Throughput::Elements(hands));
    group.sample_size(10);

    let records: Vec<phh::Record> =
        phh::Reader::from_str(&text, phh::Options::default()).map(Result::unwrap).collect();
    group.bench_function("tables", |b| {
        b.iter(|| {
            let mut tables = PhhTables::default();
            let mut errors = ErrorsTable::default();
            for (i, record) in records.iter().enumerate() {
                tables.push("bench.phhs", u32::try_from(i).unwrap(), black_box(record), &mut errors);
            }
            tables.finish().unwrap().actions.num_rows()
        });
    });

    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bench.phhs");
    std::fs::write(&path, &text).unwrap();
    let inputs = [Input { path, label: "bench.phhs".into(), format: InputFormat::Phh }];
    for threads in [1, 2] {
        let options = ExportOptions { threads, ..ExportOptions::default() };
        group.bench_function(format!("parquet/{threads}_threads"), |b| {
            b.iter_batched(
                || tempfile::tempdir().unwrap(),
                |out| {
                    let summary = export(&inputs, out.path(), &options).unwrap();
                    assert_eq!(summary.hands, hands);
                    out
                },
                BatchSize::PerIteration,
            );
        });
    }
    group.finish();
}

criterion_group!(benches, export_bench);
criterion_main!(benches);
