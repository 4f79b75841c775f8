//! A million records through each streaming reader: every record is seen, and the heap the
//! reader uses beyond the input text stays bounded (it does not grow with the number of records).
//!
//! The global allocator counts live bytes; the tests share it, so each takes its turn (`LOCK`)
//! before it builds its input, since building it allocates too.

use std::alloc::System;
use std::io::{BufReader, Read};
use std::sync::Mutex;

use peakmem_alloc::{INSTRUMENTED_SYSTEM, PeakMemAlloc, PeakMemAllocTrait};

#[global_allocator]
static GLOBAL: &PeakMemAlloc<System> = &INSTRUMENTED_SYSTEM;

static LOCK: Mutex<()> = Mutex::new(());

const RECORDS: usize = 1_000_000;

/// Heap the reader may use beyond the input text, whatever the number of records.
const BOUND: usize = 4 << 20;

/// Runs `read` with a fresh peak counter; the peak heap growth during it, in bytes.
fn peak_during(read: impl FnOnce() -> usize) -> (usize, usize) {
    GLOBAL.reset_peak_memory();
    let records = read();
    (records, GLOBAL.get_peak_memory())
}

fn assert_bounded(format: &str, records: usize, peak: usize) {
    eprintln!("{format}: {records} records, peak heap growth {} KiB", peak / 1024);
    assert_eq!(records, RECORDS, "{format}: every record is read");
    assert!(peak < BOUND, "{format}: the reader's heap grew to {peak} bytes over {RECORDS} records");
}

/// A `.phhs` stream of `n` hands, made on the fly so the input itself is never in memory.
struct PhhHands {
    next: usize,
    n: usize,
    chunk: Vec<u8>,
    at: usize,
}

impl Read for PhhHands {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.at == self.chunk.len() {
            if self.next == self.n {
                return Ok(0);
            }
            self.next += 1;
            self.chunk.clear();
            self.chunk.extend_from_slice(
                format!(
                    "[{}]\nvariant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n\
                     starting_stacks = [200, 200]\nactions = ['d dh p1 AhKh', 'd dh p2 7c2d', 'p2 cbr 6', 'p1 f']\n\n",
                    self.next
                )
                .as_bytes(),
            );
            self.at = 0;
        }
        let n = buf.len().min(self.chunk.len() - self.at);
        buf[..n].copy_from_slice(&self.chunk[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

#[test]
fn phh_stream_of_a_million_hands_is_bounded() {
    let _turn = LOCK.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let input = PhhHands { next: 0, n: RECORDS, chunk: Vec::with_capacity(256), at: 0 };
    let (records, peak) = peak_during(move || {
        let mut errors = 0;
        let mut count = 0;
        for hand in phh::Reader::new(BufReader::new(input), phh::Options::default()) {
            let hand = hand.expect("reading from memory cannot fail");
            errors += hand.diagnostics.iter().filter(|d| d.is_error()).count();
            count += 1;
        }
        assert_eq!(errors, 0, "every generated hand reads cleanly");
        count
    });
    assert_bounded("phh", records, peak);
}

/// The CLI's own path: `check --json` and `fmt` of a `.phhs` cut into units by the PHH notation
/// and run on two workers (`cardnote::pipeline`), every hand read, replayed and written. The heap
/// holds a few units at a time, far less than the input.
#[test]
fn cli_check_and_fmt_pipelines_are_bounded() {
    use cardnote::formats::{FmtOptions, Glue};
    use cardnote_check::{Check, CheckOptions, UNIT_BYTES, Unit, check_unit};
    use phh::Phh;
    const HANDS: usize = 200_000;
    /// A few units (256 KiB of text each) in flight on two workers, with their reports.
    const PIPELINE_BOUND: usize = 16 << 20;
    let _turn = LOCK.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let path = std::path::Path::new("generated.phhs");
    let input =
        || Box::new(BufReader::new(PhhHands { next: 0, n: HANDS, chunk: Vec::with_capacity(256), at: 0 }));
    let (records, peak) = peak_during(|| {
        let mut records = 0;
        let mut json = std::io::sink();
        let opts = CheckOptions::default();
        let work = |unit: Unit<Phh>| {
            let index = unit.index;
            let reports = check_unit(unit, &opts);
            let mut out = Vec::new();
            for (i, report) in reports.iter().enumerate() {
                assert!(report.diagnostics.is_empty(), "{:?}", report.diagnostics);
                cardnote_check::write_record_json(
                    &mut out,
                    "generated.phhs",
                    index + i,
                    "phh",
                    report,
                    &|_| (1, 1),
                )
                .unwrap();
            }
            (reports.len(), out)
        };
        cardnote_check::pipeline::ordered(2, Phh::units(input(), path, UNIT_BYTES), work, |(n, out)| {
            records += n;
            std::io::Write::write_all(&mut json, &out)
        })
        .unwrap();
        records
    });
    eprintln!("check --json pipeline: {records} records, peak heap growth {} KiB", peak / 1024);
    assert_eq!(records, HANDS);
    assert!(peak < PIPELINE_BOUND, "check: the heap grew to {peak} bytes over {HANDS} hands");
    let (bytes, peak) = peak_during(|| {
        let mut bytes = 0;
        let opts = FmtOptions::default();
        cardnote_check::pipeline::ordered(
            2,
            Phh::units(input(), path, UNIT_BYTES),
            |unit| Phh::fmt(unit, &opts).unwrap(),
            |out| {
                bytes += out.len();
                Ok::<(), std::io::Error>(())
            },
        )
        .unwrap();
        bytes
    });
    eprintln!("fmt pipeline: {bytes} bytes written, peak heap growth {} KiB", peak / 1024);
    assert!(bytes > HANDS * 100);
    assert!(peak < PIPELINE_BOUND, "fmt: the heap grew to {peak} bytes over {HANDS} hands");
}

#[test]
fn pbn_reader_over_a_million_games_is_bounded() {
    let _turn = LOCK.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let mut text = String::from("% PBN 2.1\n% EXPORT\n");
    for board in 1..=RECORDS {
        // `##` sets the event once, `#` repeats the previous game's site and a tag whose name
        // changes (so inherited names are many, as the reader must remember them).
        if board == 1 {
            text.push_str("[Event \"##Memory\"]\n[Site \"Here\"]\n");
        } else {
            text.push_str("[Site \"#\"]\n");
        }
        text.push_str(&format!(
            "[Board \"{board}\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
             [Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\n\
             [Annotator{} \"#\"]\n\n",
            board % 1000
        ));
    }
    let (records, peak) = peak_during(|| {
        let mut count = 0;
        for record in
            cards_core::notation::read_checked::<pbn::Pbn, _>(text.as_bytes(), pbn::Options::default())
        {
            let record = record.unwrap();
            assert!(!record.has_errors(), "{:?}", record.diagnostics);
            assert!(record.model.tags().any(|(name, value)| name == "Event" && value == "Memory"));
            assert!(record.model.tags().any(|(name, value)| name == "Site" && value == "Here"));
            count += 1;
        }
        count
    });
    assert_bounded("pbn", records, peak);
}

#[test]
fn preferans_stream_of_a_million_deals_is_bounded() {
    let _turn = LOCK.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let mut text = String::from(
        "[Bula 60]\n[Refe 2]\n[Player1 a]\n[Player2 b]\n[Player3 c]\n[Result1 0]\n[Result2 0]\n[Result3 0]\n",
    );
    for id in 1..=RECORDS {
        let first = ["123", "231", "312"][(id - 1) % 3];
        text.push_str(&format!("[{id} {first} WQKJS5LP84CEIAOT9N31BDH7FVM2RGU6 P,P,P]\n"));
    }
    let (records, peak) = peak_during(|| {
        let options = ppn_pref::Options::default();
        let mut count = 0;
        for record in cards_core::notation::read_checked::<ppn_pref::Pref, _>(text.as_bytes(), options) {
            let record = record.unwrap();
            assert!(record.model.deal.is_some());
            count += 1;
        }
        count
    });
    assert_bounded("ppn-pref", records, peak);
}

#[test]
fn pinochle_reader_over_a_million_hands_is_bounded() {
    let _turn = LOCK.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let mut text = String::from("% PPN 1.0\n% IMPORT\n");
    text.push_str("\n[Event \"Memory\"]\n[Hand \"1\"]\n[Dealer \"##N\"]\n");
    for hand in 2..=RECORDS {
        text.push_str(&format!("\n[Event \"#\"]\n[Hand \"{hand}\"]\n"));
    }
    let (records, peak) = peak_during(|| {
        let options = ppn_pinochle::Options::default();
        let mut reader = ppn_pinochle::Reader::from_str(&text, options);
        let mut checker = ppn_pinochle::Checker::new(options);
        let mut count = 0;
        while let Some(record) = reader.next() {
            let mut record = record.unwrap();
            cards_core::notation::Checker::check(&checker, &mut record);
            cards_core::notation::Checker::finish(&mut checker, &mut record, false);
            assert!(!record.has_errors(), "{:?}", record.diagnostics);
            reader.recycle(record);
            count += 1;
        }
        count
    });
    assert_bounded("ppn-pinochle", records, peak);
}

/// The counter sees what the tests above rely on it to see.
#[test]
fn the_counter_sees_a_growing_reader() {
    let _turn = LOCK.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let (records, peak) = peak_during(|| {
        let kept: Vec<String> = (0..RECORDS).map(|i| format!("record {i:>8}")).collect();
        kept.len()
    });
    assert_eq!(records, RECORDS);
    assert!(peak >= RECORDS * 16, "a reader keeping every record would be caught: peak {peak}");
}
