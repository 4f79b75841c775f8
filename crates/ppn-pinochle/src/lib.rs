//! Portable Pinochle Notation (PPN 1.0 draft): reader, checker and writer for double-deck
//! four-handed partnership pinochle (DD4), following the project's rules digest.
//!
//! The one path: [`Pinochle`] implements [`cards_core::Notation`]. Its [`Reader`] cuts a file
//! into hands (each with the file's headers and what it inherits from the hands before it) and
//! reads them; its [`Checker`] checks a hand alone on any thread (`check`) and against the hands
//! before it in file order (`finish`: GameScores carried over, Hand numbers, Victor); its
//! [`Writer`] writes records back (as read, EXPORT or IMPORT).
//! [`cards_core::notation::read_checked`] does all of it on one thread. Stream a file from disk,
//! print a field and serialize a hand to JSON (the `serde` feature):
//!
//! ```
//! use std::io::BufReader;
//! use cards_core::notation::read_checked;
//! use ppn_pinochle::{Options, Pinochle};
//!
//! # let path = std::env::temp_dir().join(format!("ppn-pinochle-doc-{}.ppn", std::process::id()));
//! # std::fs::write(&path, "% PPN 1.0\n% IMPORT\n\n[Dealer \"N\"]\n[Hand \"1\"]\n\n[Dealer \"E\"]\n[Hand \"2\"]\n")?;
//! let file = BufReader::new(std::fs::File::open(&path)?);
//! for record in read_checked::<Pinochle, _>(file, Options::default()) {
//!     let record = record?;
//!     let dealer = record.model.summary.as_ref().and_then(|s| s.dealer);
//!     println!("hand {}: dealer {:?}", record.model.number + 1, dealer.map(|d| d.letters()));
//!     assert!(!record.has_errors());
//!     if let Some(hand) = &record.model.hand {
//!         let json = serde_json::to_string(hand)?;
//!         assert!(json.starts_with("{\"items\":[{\"name\":\"Dealer\""));
//!     }
//! }
//! # std::fs::remove_file(&path)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A hand checked, and the file written back:
//!
//! ```
//! use cards_core::notation::read_checked;
//! use ppn_pinochle::{Options, Pinochle, read_file, write::write};
//!
//! let text = "% PPN 1.0\n% IMPORT\n\n[Dealer \"N\"]\n[Auction \"E\"]\nPass 52 59 60\n- Pass 65 70\n- - Pass\n[Declarer \"W\"]\n";
//! let records: Vec<_> = read_checked::<Pinochle, _>(text.as_bytes(), Options::default())
//!     .collect::<std::io::Result<_>>()?;
//! assert_eq!(records[0].diagnostics[0].code(), "DECLARER_MISMATCH");
//! assert_eq!(records[0].model.summary.as_ref().and_then(|s| s.contract), Some(70));
//! // Lossless: read -> write -> read gives an equal model.
//! let model = read_file(text);
//! assert_eq!(read_file(&write(&model)), model);
//! # Ok::<(), std::io::Error>(())
//! ```
//!
//! # The shape every cardnote format crate shares
//! - [`Reader`]`<R: BufRead>` cuts ([`cards_core::notation::ReadRecords::read_raw`], a
//!   [`RawHand`]) and yields `io::Result<`[`Record`]`>` (`Reader::new(input, Options)`,
//!   [`Reader::from_str`]); a record is a [`HandRecord`] (the hand, the file's `%` headers, the
//!   summary the check finds), its diagnostics and its byte span. Memory is bounded by the
//!   largest hand whatever the size of the file; [`Reader::recycle`] hands buffers back.
//! - [`Checker`]: the digest's checks, a hand alone (`check`) and across hands (`finish`).
//! - [`Writer`]`<W: Write>` writes records as read (format-preserving), in the EXPORT form
//!   (canonical) or the IMPORT form.
//! - [`Options`]`{ strict, must_head, min_bid }`: under `strict`, [`codes::LENIENCIES`] become errors.
//! - [`codes`]: every stable code, and `ALL`.
//! - [`read_file`]: a whole text into a [`PpnFile`], over the reader.
//!
//! # Features
//! - `serde`: the model serializes as the JSON form `cardnote convert` writes (module `json`); pulls in
//!   serde.
//! - `generate`: `synth`, a generator of complete legal games (tests, benches); pulls in nothing.
//!
//! # Layout
//! - [`model`]: the file, hands, tags, sections (typed tokens), typed tag values;
//!   [`typed_value`] reads one tag's value.
//! - [`meld`]: the meld chart as data.
//! - [`write`](mod@write): [`Writer`] (as read, EXPORT, IMPORT), [`write::write`],
//!   [`write::to_export`] (canonical) and [`write::to_import`].
//! - [`codes`]: every diagnostic code.
//! - [`card_text`]: Pinochle's card spelling.
//! - `synth` (feature `generate`): a deterministic generator of complete, legal games (corpus,
//!   tests, benchmarks).
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
mod parse;
mod read;
mod record;
mod seat;
#[cfg(feature = "generate")]
pub mod synth;
mod validate;
pub mod write;

pub use model::PpnFile;
pub use parse::{MAX_LINE_CHARS, classify_token, parse_segment, typed_value};
pub use read::{MAX_HAND_BYTES, RawHand, Reader};
pub use record::{HandRecord, Record};
pub use seat::PinochleSeat;
pub use validate::{AcrossHands, Checker, Options, Summary, counter_points, legality_of, trick_winner};
pub use write::Writer;

/// Portable Pinochle Notation as a [`cards_core::Notation`]: the one way to read, check and
/// write it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Pinochle;

impl cards_core::Notation for Pinochle {
    const NAME: &'static str = "ppn-pinochle";
    type Model = HandRecord;
    type Options = Options;
    type Raw = RawHand;
    type Reader<R: std::io::BufRead> = Reader<R>;
    type Checker = Checker;
    type Writer<W: std::io::Write> = Writer<W>;

    fn reader<R: std::io::BufRead>(input: R, options: Options) -> Reader<R> {
        Reader::new(input, options)
    }

    fn parse(raw: RawHand, options: &Options) -> Record {
        read::parse(raw, options)
    }

    fn checker(options: &Options) -> Checker {
        Checker::new(*options)
    }

    fn writer<W: std::io::Write>(out: W) -> Writer<W> {
        Writer::new(out)
    }
}

/// Reads a whole text into a [`PpnFile`] (its headers and hands), without checking it: a
/// convenience over [`Reader`].
///
/// ```
/// let file = ppn_pinochle::read_file("% PPN 1.0\n% IMPORT\n\n[Dealer \"N\"]\n");
/// assert_eq!(file.hands.len(), 1);
/// ```
#[must_use]
pub fn read_file(text: &str) -> PpnFile {
    // reading text in memory cannot fail
    let records: Vec<Record> = Reader::from_str(text, Options::default()).map_while(Result::ok).collect();
    PpnFile::from_records(records)
}

/// The README's example, run as a doctest.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
