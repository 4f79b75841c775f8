//! CPU-time throughput probe: `perf stat -e task-clock target/release/examples/pref_throughput [iters]`
//! then MB/s = bytes printed / task-clock seconds (robust on a loaded machine, unlike wall time).
#![allow(clippy::unwrap_used, missing_docs)]

fn main() {
    let iters: usize = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(10);
    let mode = std::env::args().nth(2).unwrap_or_else(|| "check".to_owned());
    let text = ppn_pref::write::write_game(&ppn_pref::generate::random_game(0x5eed, 30_000, 60, 2));
    let t = std::time::Instant::now();
    let mut n = 0;
    for _ in 0..iters {
        n += match mode.as_str() {
            "read" => std::hint::black_box(ppn_pref::read_game(&text)).deals.len(),
            _ => {
                let options = ppn_pref::Options::default();
                let records =
                    cards_core::notation::read_checked::<ppn_pref::Pref, _>(text.as_bytes(), options);
                records.map(|record| usize::from(!record.unwrap().has_errors())).sum::<usize>()
            }
        };
    }
    eprintln!(
        "{} bytes x {iters} = {} MB, {n} records, wall {:?}",
        text.len(),
        text.len() * iters / 1_000_000,
        t.elapsed()
    );
}
