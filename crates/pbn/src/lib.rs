//! Portable Bridge Notation (PBN 1.0 and 2.1): a streaming reader, the checks of the spec and of
//! the game (deal, auction, play, result, score), and writers for the strict export format and a
//! faithful import style.
//!
//! [`Pbn`] is the notation ([`cards_core::Notation`]), and its parts are the one way in: stream a
//! file of any size from disk, game by game ([`Reader`], memory bounded by the largest game;
//! `#`/`##` inheritance resolved as each game is cut, [`RawRecord`]), check each game
//! ([`check`]: deal, auction, play, result, score, export rules; it needs nothing but the record,
//! so it runs on any thread; [`Checker`] adds, in file order, the warnings repeated across games
//! held back), write it back in export format ([`Writer`]) and, with the `serde` feature,
//! serialize each game to the JSON form of `cardnote convert --to json` (a [`Game`] serializes as
//! `summary::GameJson`). [`cards_core::notation::read_checked`] reads and checks in one iterator:
//!
//! ```
//! use std::io::BufReader;
//! use cards_core::notation::{WriteRecords, read_checked};
//!
//! # let dir = std::env::temp_dir().join(format!("pbn-doc-{}", std::process::id()));
//! # std::fs::create_dir_all(&dir)?;
//! # let path = dir.join("games.pbn");
//! # std::fs::write(&path, "[Event \"##Club night\"]\n[Board \"1\"]\n[Dealer \"N\"]\n\n\
//! #     [Event \"#\"]\n[Board \"2\"]\n[Dealer \"E\"]\n")?;
//! let file = BufReader::new(std::fs::File::open(&path)?);
//! let mut writer = pbn::Writer::new(Vec::new());
//! for record in read_checked::<pbn::Pbn, _>(file, pbn::Options::default()) {
//!     let record: pbn::Record = record?;
//!     // Reading resolves the tags (the Event is inherited with `#`); the checks type them.
//!     println!("board {:?} of {:?}", record.model.info.board, record.model.tag("Event"));
//!     assert_eq!(record.model.tag("Event"), Some("Club night"));
//!     assert!(!record.has_errors());
//!     writer.write_record(&record)?;
//!     #[cfg(feature = "serde")]
//!     {
//!         let json = serde_json::to_string(&record.model).map_err(std::io::Error::other)?;
//!         println!("{json}");
//!         // The check fields, then every item as written (`#` inheritance is not resolved).
//!         assert!(json.starts_with(r#"{"board":"#) && json.contains(r##""tag":"Event","value":"#"##));
//!     }
//! }
//! let export = writer.into_inner()?;
//! assert!(export.starts_with(b"% PBN 2.1\r\n% EXPORT\r\n[Event \"Club night\"]\r\n"));
//! # std::fs::remove_dir_all(&dir)?;
//! # Ok::<(), std::io::Error>(())
//! ```
//!
//! # Features
//!
//! - `serde` (off by default; pulls in serde with its derive macros and cards-core's `serde`): the
//!   model serializes. The token tree ([`model::Tokens`], [`model::Item`], [`model::Tag`],
//!   [`model::Token`], comments and `%` lines) serializes in the shape of `cardnote convert --to
//!   json` (spans left out; a tag's value with its escapes resolved). The typed values
//!   ([`GameInfo`] and its parts: [`model::Deal`] as its tag text, [`model::Contract`],
//!   [`model::GameResult`], [`model::Auction`], [`model::Play`] with cards as PBN text,
//!   [`model::Table`], [`Declarer`]...) serialize and deserialize.
//!   [`summary::Fields`] (what `cardnote check --json` reports for a game) serializes and
//!   deserializes; `summary::GameJson` is one game of `convert --to json`, and a
//!   [`Game`] serializes as it (so a [`Record`] serializes with its diagnostics and span).
//!   Without the feature the crate depends on cards-core, foldhash and memchr alone.
//!
//! # Where this reader differs from endplay
//!
//! The test `tests/shared.rs` compares every game of `../shared/corpus/pbn` with the reading of
//! the Python library endplay 0.5.12 (`pbn-oracle.jsonl`). The two agree on dealer, vulnerability,
//! hands, contract, declarer, result and the number of calls and cards, except where endplay is
//! wrong: it reads the Baker Bridge two-hand deals `W: <N>  <S>` (empty slots) as West and North,
//! turns an empty Result into 0, and reads an empty Contract as `Pass` (an empty Contract is a value
//! not given; the spec writes `Pass` when all pass). It also fails on 12 of the 36 files (non-integer
//! Board, free text in auctions, tables) that this reader reads.
//!
//! Reading never fails: every problem is a [`cards_core::Diagnostic`] with a stable code (see
//! [`codes`]) and the byte span in the decoded file. Warnings mark what a reader can still
//! understand; [`Options::strict`] turns the producers' conventions ([`codes::LENIENCIES`]) into
//! errors.
//!
//! # Guarantees
//! - No panic on any input: every problem in a file is a [`cards_core::Diagnostic`] value. The
//!   workspace lints deny `clippy::unwrap_used` and `clippy::panic` outside tests, and the fuzz
//!   targets in the repository's `fuzz/` folder drive this crate with arbitrary input.
//! - No `unsafe` code (`unsafe_code = "forbid"` for the whole workspace).
//! - Exact numbers: scores, board numbers and other numbers are read into bounded integers; a number that
//!   does not fit is a diagnostic (scoring uses checked arithmetic), never a wrap.

pub mod codes;
mod error;
pub mod model;
mod parse;
mod stream;
pub mod summary;
mod tape;
pub mod text;
mod validate;
pub mod write;

/// The duplicate score and the trick winner are bridge-core's (shared with the other bridge crates).
pub use bridge_core::{duplicate_score, trick_winner};
pub use error::ValueError;
pub use parse::{Decoded, deal_has_empty_slot, decode, parse_side_score};
pub use stream::{Checker, Game, RawRecord, Reader, Record, check};
pub use validate::{Declarer, GameInfo, Options};
pub use write::Writer;

/// Portable Bridge Notation as a [`cards_core::Notation`]: the one shape of every cardnote
/// notation crate. [`Reader`] cuts games ([`RawRecord`]: a game's text, tokens and tags with its
/// inheritance resolved) and, as an iterator, parses them; [`Pbn::parse`](cards_core::Notation::parse)
/// makes one record on any thread; [`Checker`] checks each record ([`check`]) and, in file order,
/// holds back the warnings repeated across games; [`Writer`] writes export format.
#[derive(Debug, Clone, Copy, Default)]
pub struct Pbn;

impl cards_core::Notation for Pbn {
    const NAME: &'static str = "pbn";
    type Model = Game;
    type Options = Options;
    type Raw = RawRecord;
    type Reader<R: std::io::BufRead> = Reader<R>;
    type Checker = Checker;
    type Writer<W: std::io::Write> = Writer<W>;

    fn reader<R: std::io::BufRead>(input: R, options: Options) -> Reader<R> {
        Reader::new(input, options)
    }

    fn parse(raw: RawRecord, options: &Options) -> Record {
        stream::parse(raw, *options)
    }

    fn checker(options: &Options) -> Checker {
        Checker::new(*options)
    }

    fn writer<W: std::io::Write>(out: W) -> Writer<W> {
        Writer::new(out)
    }
}

/// The README's example, run as a doctest.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
