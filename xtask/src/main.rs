//! `cargo xtask`: project tasks.

fn main() -> std::process::ExitCode {
    eprintln!("usage: cargo xtask <snapshots|bench|gen|compare|fuzz> (not built yet)");
    std::process::ExitCode::from(2)
}
