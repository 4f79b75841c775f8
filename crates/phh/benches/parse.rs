//! Criterion bench placeholder (filled in below).
#![allow(missing_docs)]
fn main() {}
