//! The whole `cardnote check` pipeline (read, check, replay, per-record fields) per format, over
//! the bundled corpus files (invalid/ excluded), in MB/s and records/s.

use std::hint::black_box;

use cardnote_benches::{corpus_dir, corpus_files};
use cardnote_check::{CheckOptions, Format};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

fn pipeline(c: &mut Criterion) {
    let cases: [(&str, &str, &[&str], Format); 4] = [
        ("phh", "phh", &["phh", "phhs"], Format::Phh),
        ("pbn", "pbn", &["pbn"], Format::Pbn),
        ("ppn-pref", "ppn-pref", &["ppn"], Format::PpnPref),
        ("ppn-pinochle", "ppn-pinochle", &["ppn"], Format::PpnPinochle),
    ];
    let opts = CheckOptions::default();
    for (name, folder, extensions, format) in cases {
        let check = |data: &[u8], opts: &CheckOptions| cardnote_check::check_bytes(format, data, opts);
        let files: Vec<Vec<u8>> = corpus_files(&corpus_dir().join(folder), extensions)
            .iter()
            .filter_map(|p| std::fs::read(p).ok())
            .collect();
        let bytes: u64 = files.iter().map(|f| f.len() as u64).sum();
        let records: u64 = files.iter().map(|f| check(f, &opts).records.len() as u64).sum();
        if bytes == 0 {
            continue;
        }
        let mut group = c.benchmark_group(format!("check_pipeline/{name}"));
        group.throughput(Throughput::Bytes(bytes));
        group.bench_function("bytes", |b| {
            b.iter(|| files.iter().map(|f| check(black_box(f), &opts).records.len()).sum::<usize>())
        });
        group.throughput(Throughput::Elements(records));
        group.bench_function("records", |b| {
            b.iter(|| files.iter().map(|f| check(black_box(f), &opts).records.len()).sum::<usize>())
        });
        group.finish();
    }
}

criterion_group!(benches, pipeline);
criterion_main!(benches);
