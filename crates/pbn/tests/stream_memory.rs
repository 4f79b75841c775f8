//! The streaming reader over about 1 GiB of PBN made on the fly (the input is never in memory):
//! every game is read and checked, `#` inheritance carries across all of them, and the heap the
//! reader uses stays far under 100 MB (it is bounded by the largest game, not the input).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::alloc::System;
use std::io::{BufReader, Read};

use peakmem_alloc::{INSTRUMENTED_SYSTEM, PeakMemAlloc, PeakMemAllocTrait};

#[global_allocator]
static GLOBAL: &PeakMemAlloc<System> = &INSTRUMENTED_SYSTEM;

/// Bytes of input.
const INPUT: usize = 1 << 30;

/// Games of about 16 KiB: a complete board with its auction, play and result, and a long
/// commentary (with an empty line inside it, which does not end the game), repeated until
/// `INPUT` bytes were given.
struct Games {
    given: usize,
    board: usize,
    game: Vec<u8>,
    at: usize,
}

impl Games {
    fn next_game(&mut self) {
        self.board += 1;
        self.game.clear();
        let event = if self.board == 1 { "##Memory" } else { "#" };
        self.game.extend_from_slice(
            format!(
                "[Event \"{event}\"]\n[Site \"Here\"]\n[Date \"2024.01.01\"]\n[Board \"{}\"]\n\
                 [West \"W\"]\n[North \"N\"]\n[East \"E\"]\n[South \"S\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
                 [Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\n\
                 [Scoring \"MP\"]\n[Declarer \"N\"]\n[Contract \"7NT\"]\n[Result \"13\"]\n\
                 [Auction \"N\"]\n7NT Pass Pass Pass\n[Play \"E\"]\nST S6 S2 SA\n*\n\
                 {{ commentary\n\n",
                self.board
            )
            .as_bytes(),
        );
        while self.game.len() < 16 << 10 {
            self.game
                .extend_from_slice(b"a line of commentary about the play, long enough to matter at all\n");
        }
        self.game.extend_from_slice(b"}\n\n");
        self.at = 0;
    }
}

impl Read for Games {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.at == self.game.len() {
            if self.given >= INPUT {
                return Ok(0);
            }
            self.next_game();
        }
        let n = buf.len().min(self.game.len() - self.at);
        buf[..n].copy_from_slice(&self.game[self.at..self.at + n]);
        self.at += n;
        self.given += n;
        Ok(n)
    }
}

#[test]
fn a_gigabyte_streams_in_bounded_memory() {
    let input = BufReader::new(Games { given: 0, board: 0, game: Vec::new(), at: 0 });
    GLOBAL.reset_peak_memory();
    let mut games = 0usize;
    let mut last_end = 0;
    for record in cards_core::notation::read_checked::<pbn::Pbn, _>(input, pbn::Options::default()) {
        let record = record.unwrap();
        assert_eq!(record.model.tag("Event"), Some("Memory"));
        assert_eq!(record.model.info.score_ns, Some(1520));
        assert!(!record.has_errors(), "{:?}", record.diagnostics);
        assert!(record.span.start >= last_end);
        last_end = record.span.end;
        games += 1;
    }
    let peak = GLOBAL.get_peak_memory();
    eprintln!("{games} games, {last_end} bytes, peak heap {} KiB", peak / 1024);
    assert!(last_end > INPUT - (32 << 10), "the whole input was read");
    assert!(peak < shared_fixtures::HEAP_LIMIT, "the reader's heap grew to {peak} bytes");
}
