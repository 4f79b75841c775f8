//! Read + check the project corpus `N` times: `cargo run --release -p cardnote-pbn --example pbn_throughput`
//! (`read_checked::<pbn::Pbn, _>`; with `READ=1` the reader alone, unchecked; `FILE=path` reads
//! that file instead of the corpus; `EXPORT=1` reads the text written back in export format, as the
//! bench's `export` input).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cards_core::notation::read_checked;

#[path = "../benches/support/mod.rs"]
mod support;

fn main() {
    let text = match std::env::var("FILE") {
        Ok(f) => pbn::decode(&std::fs::read(f).unwrap()).text,
        Err(_) => support::corpus_text(),
    };
    let text = if std::env::var("EXPORT").is_ok() {
        let records: Vec<_> = read_checked::<pbn::Pbn, _>(text.as_bytes(), pbn::Options::default())
            .map(Result::unwrap)
            .collect();
        pbn::write::write_export(&records)
    } else {
        text
    };
    let n: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(200);
    let read_only = std::env::var("READ").is_ok();
    let t = std::time::Instant::now();
    let mut total = 0usize;
    for _ in 0..n {
        let count = |r: std::io::Result<pbn::Record>| r.map_or(0, |r| r.diagnostics.len());
        total += if read_only {
            pbn::Reader::from_str(&text, pbn::Options::default()).map(count).sum::<usize>()
        } else {
            read_checked::<pbn::Pbn, _>(text.as_bytes(), pbn::Options::default()).map(count).sum::<usize>()
        };
    }
    let secs = t.elapsed().as_secs_f64();
    println!("{total} {:.1} MB/s", (text.len() * n) as f64 / secs / 1e6);
}
