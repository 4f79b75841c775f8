//! The library's memory bound: the [`phh::Reader`] and [`phh::check`] over about 1 GB of `.phhs`
//! (hands made on the fly, so the input is never in memory) keep the heap under 100 MB.

use std::alloc::System;
use std::io::{BufReader, Read};

use peakmem_alloc::{INSTRUMENTED_SYSTEM, PeakMemAlloc, PeakMemAllocTrait};

#[global_allocator]
static GLOBAL: &PeakMemAlloc<System> = &INSTRUMENTED_SYSTEM;

/// About 1 GB of input.
const BYTES: u64 = 1 << 30;

/// A `.phhs` stream of about [`BYTES`] bytes, made a thousand numbered hands at a time: one of
/// them only the general path reads, one carries a comment.
struct Hands {
    number: u64,
    written: u64,
    block: Vec<u8>,
    at: usize,
}

impl Hands {
    fn next_block(&mut self) {
        self.block.clear();
        self.at = 0;
        for extra in std::iter::once("a.b = 1\n").chain(std::iter::repeat_n("", 498)).chain(["# a comment\n"])
        {
            self.number += 1;
            let hand = format!(
                "[{}]\nvariant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n\
                 starting_stacks = [200, 200]\nactions = ['d dh p1 AhKh', 'd dh p2 7c2d', 'p2 cbr 6', 'p1 f']\n{extra}\n",
                self.number
            );
            self.block.extend_from_slice(hand.as_bytes());
        }
        self.written += self.block.len() as u64;
    }
}

impl Read for Hands {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.at == self.block.len() && self.written < BYTES {
            self.next_block();
        }
        let rest = self.block.get(self.at..).unwrap_or_default();
        let n = rest.len().min(buf.len());
        buf[..n].copy_from_slice(&rest[..n]);
        self.at += n;
        Ok(n)
    }
}

#[test]
fn a_gigabyte_of_hands_is_read_and_checked_in_bounded_memory() {
    let input = Hands { number: 0, written: 0, block: Vec::new(), at: 0 };
    let options = phh::Options::default();
    GLOBAL.reset_peak_memory();
    let (mut records, mut terminal, mut errors) = (0u64, 0u64, 0usize);
    for record in phh::Reader::new(BufReader::new(input), options) {
        let mut record = record.expect("reading from memory cannot fail");
        phh::check(&mut record, &options);
        errors += record.errors().count();
        terminal += u64::from(record.model.outcome.is_some_and(|o| o.terminal));
        records += 1;
    }
    let peak = GLOBAL.get_peak_memory();
    eprintln!("{records} hands, peak heap {} KiB", peak / 1024);
    assert!(records > 4_000_000, "about 1 GB of hands: {records}");
    assert_eq!(terminal, records, "every hand replays to its end");
    assert_eq!(errors, 0);
    assert!(peak < shared_fixtures::HEAP_LIMIT, "the heap grew to {peak} bytes");
}
