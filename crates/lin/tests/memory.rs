//! The streaming reader and `check` over a ~1 GB LIN file (made on the fly, never in memory) stay
//! far under 100 MB of heap: memory is bounded by a record, not by the file. Optimised builds read
//! 1 GiB; debug builds (the everyday `cargo test`) 160 MiB, more than the heap limit, so a reader
//! that kept its input would fail in every build; `CARDNOTE_MEMORY_BYTES` sets a larger size.
#![allow(clippy::unwrap_used, missing_docs)]

use std::alloc::System;
use std::io::{BufReader, Read};

use peakmem_alloc::{INSTRUMENTED_SYSTEM, PeakMemAlloc, PeakMemAllocTrait};

#[global_allocator]
static GLOBAL: &PeakMemAlloc<System> = &INSTRUMENTED_SYSTEM;

/// A vugraph archive: the `vg` header with its 8-name roster, then boards in the open and closed
/// rooms (`qx` sequences over several lines, commentary, a full play and a claim), up to `len`
/// bytes.
struct Archive {
    len: usize,
    given: usize,
    board: u64,
    chunk: Vec<u8>,
    at: usize,
}

const PLAY: &str = "pc|S2|pc|S6|pc|ST|pc|SA|pc|HA|pc|H2|pc|H6|pc|HT|";

impl Archive {
    fn next_chunk(&mut self) {
        self.chunk.clear();
        self.at = 0;
        if self.board == 0 {
            self.chunk.extend_from_slice(
                b"vg|Final,Set 1,I,1,16,Lions,0,Tigers,0|\r\nrs|,|\r\npn|Ann,Bob,Cy,Di,Ed,Flo,Gus,Hal|pg||\r\n",
            );
        }
        for _ in 0..500 {
            self.board += 1;
            for room in ['o', 'c'] {
                let board = format!(
                    "qx|{room}{}|st||md|3SAKQJHAKQDAKQCAKQ,S2345H2345D2345C2,S6789H6789D6789C3,|sv|o|rh||ah|Board {}|pg||\r\n\
                     mb|1C!|an|strong|mb|p|mb|4S|mb|p|mb|p|mb|p|pg||\r\n{PLAY}pg||\r\nnt|well played|pg||\r\nmc|12|pg||\r\n",
                    self.board, self.board
                );
                self.chunk.extend_from_slice(board.as_bytes());
            }
        }
        self.given += self.chunk.len();
    }
}

impl Read for Archive {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.at == self.chunk.len() {
            if self.given >= self.len {
                return Ok(0);
            }
            self.next_chunk();
        }
        let rest = &self.chunk[self.at..];
        let n = rest.len().min(buf.len());
        buf[..n].copy_from_slice(&rest[..n]);
        self.at += n;
        Ok(n)
    }
}

/// The input length: [`shared_fixtures::memory_test_bytes`], but never less than 160 MiB, so
/// that the input is larger than [`shared_fixtures::HEAP_LIMIT`] in every build.
fn input_len() -> usize {
    shared_fixtures::memory_test_bytes().max(shared_fixtures::HEAP_LIMIT + (60 << 20))
}

#[test]
fn a_large_archive_streams_in_bounded_memory() {
    let len = input_len();
    let input = Archive { len, given: 0, board: 0, chunk: Vec::new(), at: 0 };
    let options = lin::Options::default();
    GLOBAL.reset_peak_memory();
    let (mut records, mut claims, mut problems) = (0u64, 0u64, 0usize);
    for record in lin::Reader::new(BufReader::new(input), options) {
        let mut record = record.unwrap();
        lin::check(&mut record, &options);
        problems += record.diagnostics.len();
        claims += u64::from(record.model.board().is_some_and(|b| b.claim == Some(12)));
        records += 1;
    }
    let peak = GLOBAL.get_peak_memory();
    eprintln!("{len} bytes: {records} records, peak heap {} KiB", peak / 1024);
    assert_eq!(problems, 0);
    assert_eq!(claims + 1, records, "the header, then boards that each claim 12 tricks");
    assert!(records as usize > len / 500, "{records} records in {len} bytes");
    assert!(peak < shared_fixtures::HEAP_LIMIT, "peak heap {peak} bytes");
}
