//! Portable Pinochle Notation (PPN 1.0 draft): reader, checker and writer for double-deck
//! four-handed partnership pinochle (DD4), following the project's rules digest.
//!
//! Stream a file from disk, one hand at a time, check each, print a field and serialize a hand
//! to JSON (the `serde` feature):
//!
//! ```
//! use std::io::BufReader;
//! use ppn_pinochle::{Options, Reader, check};
//!
//! # let path = std::env::temp_dir().join(format!("ppn-pinochle-doc-{}.ppn", std::process::id()));
//! # std::fs::write(&path, "% PPN 1.0\n% IMPORT\n\n[Dealer \"N\"]\n[Hand \"1\"]\n\n[Dealer \"E\"]\n[Hand \"2\"]\n")?;
//! let options = Options::default();
//! let mut reader = Reader::new(BufReader::new(std::fs::File::open(&path)?), options);
//! while let Some(record) = reader.next() {
//!     let mut record = record?;
//!     check(&mut record, &options); // in file order: hands inherit from the hands before
//!     let dealer = record.model.summary.as_ref().and_then(|s| s.dealer);
//!     println!("hand {}: dealer {:?}", record.model.number + 1, dealer.map(|d| d.letters()));
//!     assert!(!record.has_errors());
//!     if let Some(hand) = &record.model.hand {
//!         let json = serde_json::to_string(hand)?;
//!         assert!(json.starts_with("{\"items\":[{\"name\":\"Dealer\""));
//!     }
//!     reader.recycle(record); // the next hand reuses its buffers
//! }
//! # std::fs::remove_file(&path)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The whole-text convenience [`check_str`] gives one [`HandReport`] per hand:
//!
//! ```
//! use ppn_pinochle::{check_str, parse::parse, write::write, validate::Options};
//!
//! let text = "% PPN 1.0\n% IMPORT\n\n[Dealer \"N\"]\n[Auction \"E\"]\nPass 52 59 60\n- Pass 65 70\n- - Pass\n[Declarer \"W\"]\n";
//! let reports = check_str(text, &Options::default());
//! assert_eq!(reports[0].diagnostics[0].code(), "DECLARER_MISMATCH");
//! assert_eq!(reports[0].summary.contract, Some(70));
//! // Lossless: read -> write -> read gives an equal model.
//! let model = parse(text).file;
//! assert_eq!(parse(&write(&model)).file, model);
//! ```
//!
//! # The shape every cardnote format crate shares
//! - [`Reader`]`<R: BufRead>` yields `io::Result<`[`Record`]`>` (`Reader::new(input, Options)`,
//!   [`Reader::from_str`]); a record is a [`HandRecord`] (the hand, the file's `%` headers, the
//!   summary `check` finds), its diagnostics and its byte span. Memory is bounded by the largest
//!   hand whatever the size of the file; [`Reader::recycle`] hands buffers back.
//! - [`check`]`(&mut Record, &Options)` adds the digest's checks to a record. Hands inherit (`#`,
//!   `##`, GameScores carry-over), so the records of one reader share the state that crosses hands:
//!   check them once each, in file order.
//! - [`write::Writer`]`<W: Write>` writes records as read (format-preserving), in the EXPORT form
//!   (canonical) or the IMPORT form.
//! - [`Options`]`{ strict, must_head, min_bid }`: under `strict`, [`codes::LENIENCIES`] become errors.
//! - [`codes`]: every stable code, and `ALL`.
//!
//! # Features
//! - `serde`: the model serializes as the JSON form `cardnote convert` writes (module `json`); pulls in
//!   serde.
//! - `generate`: `synth`, a generator of complete legal games (tests, benches); pulls in nothing.
//!
//! # Layout
//! - [`model`]: the file, hands, tags, sections (typed tokens), typed tag values.
//! - [`parse`]: the byte-level text reader [`parse::Reader`] and [`parse::typed_value`].
//! - [`read`]: the streaming [`Reader`] over any `BufRead`; [`record`]: [`Record`] and [`HandRecord`].
//! - [`validate`]: [`validate::Checker`], one hand at a time, in the digest's check order.
//! - [`meld`]: the meld chart as data.
//! - [`write`](mod@write): [`write::Writer`] (as read, EXPORT, IMPORT), [`write::write`],
//!   [`write::to_export`] (canonical) and [`write::to_import`].
//! - [`codes`]: every diagnostic code.
//! - [`synth`]: a deterministic generator of complete, legal games (corpus, tests, benchmarks).
//!
//! # API in short
//! - [`check_str`]`(text, &Options)` -> one [`HandReport`] per hand (diagnostics + [`validate::Summary`]),
//!   streaming; [`validate::check_parsed`] does the same over a [`parse::Parsed`].
//! - [`parse::parse`] / [`parse::Reader`] -> model; [`write::write`] -> text (lossless);
//!   [`write::to_export`] (canonical EXPORT: roster order) and [`write::to_import`].
//! - [`Options`]: `must_head` (the "beat the trick" rule, on by default) and `min_bid` (50).
//!
//! # Decisions (where this crate reads an open point of the draft)
//! - Hands are separated by blank lines (as in PBN); a blank line also ends a section.
//! - `#` as a whole value takes the value of the last earlier tag of that name. A value starting
//!   with `##` is used for this hand and for every later hand that omits the tag, until a hand
//!   gives the tag again; `##` alone makes the inherited value sticky.
//! - In values, `\"` is a quote and `\\` a backslash; any other backslash is kept as written.
//! - Comments on a tag's line, and comment lines inside a section, belong to the hand's item list
//!   and the section line, so they survive a round trip.
//! - Trick lines list cards from that trick's leader (the digest's decision, §7).
//! - `No Board`: accepted with the lint `NO_BOARD`; the Play section must be absent or `*`;
//!   scores are not checked. `No Trump`: the declaring side scores −Contract, the other side is
//!   not checked. All four passing: lint `AUCTION_ALL_PASS`, the Result expected is `No Board`.
//! - GameScores carry-over, Hand numbering and Victor are lints (warnings), as the digest says.
//! - A Passed list with four entries starts at the dealer's left, a shorter one at the declarer.
//! - A second `Pass` from a seat that has passed is accepted (as `-` would be); `?` in an auction
//!   stops the auction checks from requiring an end.
//! - A `*` in the Play section of a hand that is not played (`Trump "-"`, `No Trump`, `No Board`)
//!   needs no Termination tag.
//! - The Melds tag may start at any seat; `?` is allowed for a whole entry or a value.
//! - Competition other than "Double-deck Four-handed" gives the lint `VARIANT_NOT_CHECKED` and only
//!   the notation is checked (seats of any table size are accepted).
//! - MeldScores are checked against the values shown in Melds; Result and HandScores use the
//!   team melds computed from Melds when it is present (else the stated MeldScores), and the
//!   counters from the play when it is complete (else the stated PlayScores), so one wrong score
//!   tag is reported once.
//! - After a wrong trick annotation, the next line is read from the rules' winner, unless the
//!   hands show it was written from the seat the annotation names (more of its cards held that
//!   way), so one wrong annotation is reported once and the draft's Play example under hearts
//!   gives exactly the digest's list (§11.5).
//!
//! # Guarantees
//! - No panic on any input: every problem in a file is a [`cards_core::Diagnostic`] value. The
//!   workspace lints deny `clippy::unwrap_used` and `clippy::panic` outside tests, and the fuzz
//!   targets in the repository's `fuzz/` folder drive this crate with arbitrary input.
//! - No `unsafe` code (`unsafe_code = "forbid"` for the whole workspace).
//! - Exact numbers: bids, points and scores are read into bounded integers; a number that does not fit
//!   is a diagnostic, never a wrap.

pub mod card_text;
pub mod codes;
#[cfg(feature = "serde")]
pub mod json;
pub mod meld;
pub mod model;
pub mod parse;
pub mod read;
pub mod record;
pub mod seat;
#[cfg(feature = "generate")]
pub mod synth;
pub mod validate;
pub mod write;

pub use model::PpnFile;
pub use read::Reader;
pub use record::{HandRecord, Record};
pub use seat::PinochleSeat;
pub use validate::{HandReport, Options, check};

/// Reads and checks a whole text, streaming: a convenience over [`Reader`] and [`check`] (each
/// hand's buffers are given back to the reader before the next one is read). One report per hand
/// (header diagnostics go to the first report; a file without hands gives one report). Gives the
/// same reports as [`validate::check_parsed`] on [`parse::parse`].
#[must_use]
pub fn check_str(text: &str, opts: &Options) -> Vec<HandReport> {
    let mut reader = Reader::from_str(text, *opts);
    let mut reports = Vec::new();
    // reading text in memory cannot fail
    while let Some(Ok(mut record)) = reader.next() {
        check(&mut record, opts);
        let summary = record.model.summary.take().unwrap_or_default();
        reports.push(HandReport { diagnostics: std::mem::take(&mut record.diagnostics), summary });
        reader.recycle(record);
    }
    reports
}

/// The README's example, run as a doctest.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
