//! Portable Bridge Notation (PBN 1.0 and 2.1): a streaming reader, the checks of the spec and of
//! the game (deal, auction, play, result, score), and writers for the strict export format and a
//! faithful import style.
//!
//! Stream a file of any size from disk, game by game ([`Reader`], memory bounded by the largest
//! game), check each game ([`check`]: deal, auction, play, result, score, export rules; it needs
//! nothing but the record, so it runs on any thread), write it back in export format ([`Writer`])
//! and, with the `serde` feature, serialize each game to the JSON form of `cardnote convert --to
//! json` (`summary::GameJson`):
//!
//! ```
//! use std::io::BufReader;
//!
//! # let dir = std::env::temp_dir().join(format!("pbn-doc-{}", std::process::id()));
//! # std::fs::create_dir_all(&dir)?;
//! # let path = dir.join("games.pbn");
//! # std::fs::write(&path, "[Event \"##Club night\"]\n[Board \"1\"]\n[Dealer \"N\"]\n\n\
//! #     [Event \"#\"]\n[Board \"2\"]\n[Dealer \"E\"]\n")?;
//! let file = std::fs::File::open(&path)?;
//! let options = pbn::Options::default();
//! let mut writer = pbn::Writer::new(Vec::new());
//! for record in pbn::Reader::new(BufReader::new(file), options) {
//!     let mut record: pbn::Record = record?;
//!     // Reading resolves the tags (the Event is inherited with `#`); the checks type them.
//!     pbn::check(&mut record, &options);
//!     println!("board {:?} of {:?}", record.model.info.board, record.model.tag("Event"));
//!     assert_eq!(record.model.tag("Event"), Some("Club night"));
//!     assert!(!record.has_errors());
//!     writer.write_record(&record)?;
//!     #[cfg(feature = "serde")]
//!     {
//!         let game = record.model.view();
//!         let json = serde_json::to_string(&pbn::summary::GameJson::from(&game))
//!             .map_err(std::io::Error::other)?;
//!         println!("{json}");
//!         // The check fields, then every item as written (`#` inheritance is not resolved).
//!         assert!(json.starts_with(r#"{"board":"#) && json.contains(r##""tag":"Event","value":"#"##));
//!     }
//! }
//! let export = writer.finish()?;
//! assert!(export.starts_with(b"% PBN 2.1\r\n% EXPORT\r\n[Event \"Club night\"]\r\n"));
//! # std::fs::remove_dir_all(&dir)?;
//! # Ok::<(), std::io::Error>(())
//! ```
//!
//! A warning repeated in every game of a file (dates as `2-Aug-2023`) is best reported once:
//! [`RepeatedWarnings`] holds the repeats back when the checked records come back in file order,
//! and [`Checked`] reads, checks and holds back in one iterator. Text already in memory also reads
//! borrowed, checked at once, with [`borrowed::read_str`].
//!
//! # Features
//!
//! - `serde` (off by default; pulls in serde with its derive macros and cards-core's `serde`): the
//!   model serializes. The token tree ([`model::Game`], [`model::Item`], [`model::Tag`],
//!   [`model::Token`], comments and `%` lines) serializes in the shape of `cardnote convert --to
//!   json` (spans left out; a tag's value with its escapes resolved). The typed values
//!   ([`validate::GameInfo`] and its parts: [`model::Deal`] as its tag text, [`model::Contract`],
//!   [`model::GameResult`], [`model::Auction`], [`model::Play`] with cards as PBN text,
//!   [`model::Table`], [`validate::Declarer`]...) serialize and deserialize.
//!   [`summary::Fields`] (what `cardnote check --json` reports for a game) serializes and
//!   deserializes; `summary::GameJson` is one game of `convert --to json`, and a
//!   [`stream::Game`] serializes as it (so a [`stream::Record`] serializes with its diagnostics
//!   and span). Without the feature the crate depends on cards-core and foldhash alone.
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

pub mod borrowed;
pub mod codes;
pub mod error;
pub mod model;
pub mod parse;
pub mod stream;
pub mod summary;
mod tape;
pub mod text;
pub mod validate;
pub mod write;

pub use parse::{Decoded, decode};
pub use stream::{Checked, Game, Reader, Record, RepeatedWarnings, check};
pub use validate::Options;
pub use write::Writer;

/// The README's example, run as a doctest.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
