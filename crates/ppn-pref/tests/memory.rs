//! The streaming reader and `check` over a ~1 GB file (made on the fly, never in memory) stay far
//! under 100 MB of heap: memory is bounded by a record, not by the file. Optimised builds read
//! 1 GiB; debug builds (the everyday `cargo test`) 160 MiB, more than the heap limit, so a reader
//! that kept its input would fail in every build; `CARDNOTE_MEMORY_BYTES` sets a larger size.
#![allow(clippy::unwrap_used, missing_docs)]

use std::alloc::System;
use std::io::{BufReader, Read};

use cards_core::lines::ChunkReader;
use peakmem_alloc::{INSTRUMENTED_SYSTEM, PeakMemAlloc, PeakMemAllocTrait};

#[global_allocator]
static GLOBAL: &PeakMemAlloc<System> = &INSTRUMENTED_SYSTEM;

/// The info section, then all-pass deals, up to `len` bytes (whole deals), made as they are read.
fn deals(len: usize) -> impl Read {
    let info = b"[Bula 60]\n[Refe 2]\n[Player1 a]\n[Player2 b]\n[Player3 c]\n[Result1 0]\n[Result2 0]\n[Result3 0]\n\n";
    let deals = (1u32..).map(|id| {
        let first = ["123", "231", "312"][(id as usize - 1) % 3];
        format!("[{id} {first} WQKJS5LP84CEIAOT9N31BDH7FVM2RGU6 P,P,P]\n").into_bytes()
    });
    ChunkReader::new(std::iter::once(info.to_vec()).chain(deals)).up_to(len)
}

/// The input length: [`shared_fixtures::memory_test_bytes`], but never less than 160 MiB, so
/// that the input is larger than [`shared_fixtures::HEAP_LIMIT`] in every build.
fn input_len() -> usize {
    shared_fixtures::memory_test_bytes().max(shared_fixtures::HEAP_LIMIT + (60 << 20))
}

#[test]
fn reader_and_check_over_a_gigabyte_stay_bounded() {
    let len = input_len();
    let input = deals(len);
    GLOBAL.reset_peak_memory();
    let options = ppn_pref::Options::default();
    let mut records = 0u64;
    let mut warnings = 0usize;
    for record in cards_core::notation::read_checked::<ppn_pref::Pref, _>(BufReader::new(input), options) {
        let record = record.unwrap();
        assert!(record.model.deal.is_some());
        warnings += record.warnings().count();
        records += 1;
    }
    let peak = GLOBAL.get_peak_memory();
    eprintln!("ppn-pref: {len} bytes, {records} records, peak heap {} KiB", peak / 1024);
    assert!(records > (len / 60) as u64, "{records} records");
    // the all-pass deals break no rule: a warning would mean the state across deals went wrong
    assert_eq!(warnings, 0);
    assert!(peak < shared_fixtures::HEAP_LIMIT, "peak heap {peak} bytes");
}
