//! The reading helpers of the crate's tests, each a few lines over the one path
//! ([`phh::Reader`], `read_raw`, [`Phh::parse`]).
#![allow(dead_code, clippy::unwrap_used)]

use cards_core::Notation;
use cards_core::notation::ReadRecords;
use phh::{Options, Phh, Record};

/// The records of a text (fast path with fallback), options by default.
pub fn read(text: &str) -> Vec<Record> {
    phh::Reader::from_str(text, Options::default()).map(Result::unwrap).collect()
}

/// The records of a text through the general (toml_edit) path only.
pub fn read_general(text: &str) -> Vec<Record> {
    phh::Reader::from_str(text, Options::default())
        .with_path(phh::Path::General)
        .map(Result::unwrap)
        .collect()
}

/// The records of a text read through a small buffer, as from a file.
pub fn read_buffered(text: &[u8]) -> Vec<Record> {
    let input = std::io::BufReader::with_capacity(64, text);
    phh::Reader::new(input, Options::default()).map(Result::unwrap).collect()
}

/// The records of a text cut in order and parsed on `threads` threads.
pub fn read_parallel(text: &str, threads: usize) -> Vec<Record> {
    let mut reader = phh::Reader::from_str(text, Options::default());
    let raws: Vec<phh::Raw> = std::iter::from_fn(|| reader.read_raw()).map(Result::unwrap).collect();
    let per = raws.len().div_ceil(threads).max(1);
    std::thread::scope(|scope| {
        let workers: Vec<_> = raws
            .chunks(per)
            .map(|group| {
                scope.spawn(move || {
                    group.iter().map(|raw| Phh::parse(raw.clone(), &Options::default())).collect::<Vec<_>>()
                })
            })
            .collect();
        workers.into_iter().flat_map(|w| w.join().unwrap()).collect()
    })
}

/// Whether the records are the tables of a `.phhs` text.
pub fn multi(records: &[Record]) -> bool {
    records.first().is_some_and(|r| r.model.header.is_some())
}

/// A record's hand replayed under `profile` (as [`phh::check`] does, its diagnostics kept in the
/// outcome); `None` without a hand.
pub fn replay(record: &Record, profile: phh::replay::RuleProfile) -> Option<phh::replay::ReplayOutcome> {
    let hand = record.model.hand.as_ref()?;
    Some(phh::replay::replay_hand(hand, &record.model.action_spans, record.span, profile))
}
