//! The streaming reader and `check` over a ~1 GB file (made on the fly, never in memory) stay far
//! under 100 MB of heap: memory is bounded by a hand, not by the file. Optimised builds read
//! 1 GiB; debug builds (the everyday `cargo test`) 160 MiB, more than the heap limit, so a reader
//! that kept its input would fail in every build; `CARDNOTE_MEMORY_BYTES` sets a larger size.
#![allow(clippy::unwrap_used, missing_docs)]

use std::alloc::System;
use std::io::{BufReader, Read};

use cards_core::lines::ChunkReader;
use cards_core::notation::Checker as _;
use peakmem_alloc::{INSTRUMENTED_SYSTEM, PeakMemAlloc, PeakMemAllocTrait};

#[global_allocator]
static GLOBAL: &PeakMemAlloc<System> = &INSTRUMENTED_SYSTEM;

/// The headers, then hands that inherit their Event and a sticky Dealer, up to `len` bytes (whole
/// hands), made as they are read.
fn hands(len: usize) -> impl Read {
    let first =
        b"% PPN 1.0\n% IMPORT\n\n[Event \"Memory\"]\n[Hand \"1\"]\n[Dealer \"##N\"]\n{the first hand}\n";
    let hands = (2u64..).map(|hand| format!("\n[Event \"#\"]\n[Hand \"{hand}\"]\n").into_bytes());
    ChunkReader::new(std::iter::once(first.to_vec()).chain(hands)).up_to(len)
}

/// The input length: [`shared_fixtures::memory_test_bytes`], but never less than 160 MiB, so
/// that the input is larger than [`shared_fixtures::HEAP_LIMIT`] in every build.
fn input_len() -> usize {
    shared_fixtures::memory_test_bytes().max(shared_fixtures::HEAP_LIMIT + (60 << 20))
}

#[test]
fn reader_and_check_over_a_gigabyte_stay_bounded() {
    let len = input_len();
    let input = hands(len);
    GLOBAL.reset_peak_memory();
    let options = ppn_pinochle::Options::default();
    let mut reader = ppn_pinochle::Reader::new(BufReader::new(input), options);
    let mut checker = ppn_pinochle::Checker::new(options);
    let mut records = 0u64;
    while let Some(record) = reader.next() {
        let mut record = record.unwrap();
        checker.check(&mut record);
        checker.finish(&mut record, false);
        assert!(record.diagnostics.is_empty(), "{:?}", record.diagnostics);
        // the sticky dealer and the inherited event reach every hand
        let summary = record.model.summary.clone().unwrap_or_default();
        assert_eq!(summary.dealer.map(|d| d.letters()), Some("N"));
        records += 1;
        reader.recycle(record);
    }
    let peak = GLOBAL.get_peak_memory();
    eprintln!("ppn-pinochle: {len} bytes, {records} records, peak heap {} KiB", peak / 1024);
    assert!(records > (len / 40) as u64, "{records} records");
    assert!(peak < shared_fixtures::HEAP_LIMIT, "peak heap {peak} bytes");
}
