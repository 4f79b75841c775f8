//! Rough timing of parse and check over generated games (for development). Reports wall time and
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
    if std::env::var_os("STREAM_ONLY").is_some() {
        for _ in 0..5 {
            let (t2, c2) = (std::time::Instant::now(), cpu_ns());
            let streamed = ppn_pinochle::check_str(&big, &ppn_pinochle::Options::default());
            let (sw, sc) = (t2.elapsed().as_secs_f64(), (cpu_ns() - c2) as f64 / 1e9);
            println!(
                "streamed read+check {:.1} MB/s wall, {:.1} MB/s cpu ({} reports)",
                mb / sw,
                mb / sc,
                streamed.len()
            );
        }
        return;
    }
    for round in 0..3 {
        let (t, c) = (std::time::Instant::now(), cpu_ns());
        let parsed = ppn_pinochle::parse::parse(&big);
        let (pw, pc) = (t.elapsed().as_secs_f64(), (cpu_ns() - c) as f64 / 1e9);
        let reports = ppn_pinochle::validate::check_parsed(&parsed, &ppn_pinochle::Options::default());
        let (cw, cc) = (t.elapsed().as_secs_f64(), (cpu_ns() - c) as f64 / 1e9);
        drop(parsed);
        let (t2, c2) = (std::time::Instant::now(), cpu_ns());
        let streamed = ppn_pinochle::check_str(&big, &ppn_pinochle::Options::default());
        let (sw, sc) = (t2.elapsed().as_secs_f64(), (cpu_ns() - c2) as f64 / 1e9);
        println!(
            "  streamed read+check {:.1} MB/s wall, {:.1} MB/s cpu ({} reports)",
            mb / sw,
            mb / sc,
            streamed.len()
        );
        let errors = reports.iter().flat_map(|r| &r.diagnostics).filter(|d| d.is_error()).count();
        println!(
            "round {round}: {:.1} MB, {} hands, errors {errors}; parse {:.1} MB/s wall, {:.1} MB/s cpu; parse+check {:.1} MB/s wall, {:.1} MB/s cpu",
            mb,
            streamed.len(),
            mb / pw,
            mb / pc,
            mb / cw,
            mb / cc
        );
    }
}
