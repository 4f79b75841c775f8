//! Read + check the project corpus `N` times: `cargo run --release -p cardnote-pbn --example pbn_throughput`
//! (`borrowed::read_str`; with `STREAM=1` the streaming `Checked`, with `SPLIT=1` the tokenizer
//! alone; `FILE=path` reads that file instead of the corpus; `EXPORT=1` reads the text written back
//! in export format, as the bench's `export` input).
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "../benches/support/mod.rs"]
mod support;

fn main() {
    let text = match std::env::var("FILE") {
        Ok(f) => pbn::decode(&std::fs::read(f).unwrap()).text,
        Err(_) => support::corpus_text(),
    };
    let text = if std::env::var("EXPORT").is_ok() {
        let records: Vec<_> = pbn::borrowed::read_str(&text, pbn::Options::default()).collect();
        pbn::write::write_export(&records)
    } else {
        text
    };
    let n: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(200);
    let split = std::env::var("SPLIT").is_ok();
    let stream = std::env::var("STREAM").is_ok();
    let t = std::time::Instant::now();
    let mut total = 0usize;
    for _ in 0..n {
        if split {
            total += pbn::parse::Splitter::new(&text).map(|g| g.game.items.len()).sum::<usize>();
        } else if stream {
            total += pbn::Checked::from_str(&text, pbn::Options::default())
                .map(|r| r.map_or(0, |r| r.diagnostics.len()))
                .sum::<usize>();
        } else {
            total += pbn::borrowed::read_str(&text, pbn::Options::default())
                .map(|r| r.diagnostics.len())
                .sum::<usize>();
        }
    }
    let secs = t.elapsed().as_secs_f64();
    println!("{total} {:.1} MB/s", (text.len() * n) as f64 / secs / 1e6);
}
