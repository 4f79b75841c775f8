//! Read + check throughput.
fn main() {}
