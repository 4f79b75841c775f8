//! Rough timing of reading and checking generated games (for development). Reports wall time and
//! on-CPU time (from /proc/thread-self/schedstat), since the machine may be shared.

fn cpu_ns() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next().and_then(|n| n.parse().ok()))
        .unwrap_or(0)
}

fn main() {
    let cache = std::env::temp_dir().join("ppn-pinochle-timing.ppn");
    let big = std::fs::read_to_string(&cache).unwrap_or_else(|_| ppn_pinochle::synth::games(20_000_000));
    let _ = std::fs::write(&cache, &big);
    let mb = big.len() as f64 / 1e6;
    for round in 0..5 {
        let (t, c) = (std::time::Instant::now(), cpu_ns());
        let options = ppn_pinochle::Options::default();
        let (mut hands, mut errors) = (0, 0);
        for record in cards_core::notation::read_checked::<ppn_pinochle::Pinochle, _>(big.as_bytes(), options)
        {
            let Ok(record) = record else { break };
            hands += 1;
            errors += record.errors().count();
        }
        let (w, cpu) = (t.elapsed().as_secs_f64(), (cpu_ns() - c) as f64 / 1e9);
        println!(
            "round {round}: {mb:.1} MB, {hands} hands, errors {errors}; read+check {:.1} MB/s wall, {:.1} MB/s cpu",
            mb / w,
            mb / cpu
        );
    }
}
