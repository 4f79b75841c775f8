//! Read + check the project corpus `N` times: `cargo run --release -p pbn --example pbn_throughput`.
#![allow(clippy::unwrap_used, clippy::expect_used)]
use std::path::Path;

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/pbn");
    let mut names: Vec<_> = ["real", "cases"]
        .iter()
        .flat_map(|d| std::fs::read_dir(root.join(d)).unwrap().map(|e| e.unwrap().path()))
        .collect();
    names.sort();
    let mut text = String::new();
    for p in names {
        text.push_str(&pbn::decode(&std::fs::read(p).unwrap()).text);
        text.push_str("\n\n");
    }
    if let Ok(f) = std::env::var("FILE") {
        text = pbn::decode(&std::fs::read(f).unwrap()).text;
    }
    let n: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(200);
    let split = std::env::var("SPLIT").is_ok();
    let t = std::time::Instant::now();
    let mut total = 0usize;
    for _ in 0..n {
        if split {
            total += pbn::parse::Splitter::new(&text).map(|g| g.game.items.len()).sum::<usize>();
        } else {
            total +=
                pbn::read_str(&text, pbn::Options::default()).map(|r| r.diagnostics.len()).sum::<usize>();
        }
    }
    let secs = t.elapsed().as_secs_f64();
    println!("{total} {:.1} MB/s", (text.len() * n) as f64 / secs / 1e6);
}
