//! Portable Preferans Notation (PPN): reader, checker, canonical writer and the JSON form.
//!
//! The one path: [`Pref`] implements [`cards_core::Notation`]. Its [`Reader`] cuts a file into
//! deal records (each with the info section before it) and reads them; its [`Checker`] checks a
//! record alone on any thread (`check`) and against the deals before it in file order (`finish`);
//! its [`Writer`] writes records back as canonical PPN. [`cards_core::notation::read_checked`]
//! does all of it on one thread. Stream a file from disk, print a field and serialize a deal to
//! JSON (the `serde` feature):
//!
//! ```
//! use std::io::BufReader;
//! use cards_core::notation::read_checked;
//! use ppn_pref::{Options, Pref};
//!
//! # let path = std::env::temp_dir().join(format!("ppn-pref-doc-{}.ppn", std::process::id()));
//! # std::fs::write(&path, "[Bula 60]\n[Refe 2]\n[Player1 a]\n[Player2 b]\n[Player3 c]\n\
//! #     [Result1 0]\n[Result2 0]\n[Result3 0]\n\n[1 123 WQKJS5LP84CEIAOT9N31BDH7FVM2RGU6 P,P,P]\n\
//! #     [2 231 1BDHM27WQK4CEIN3FVRJS5LP8GU6AOT9 P,P,P]\n")?;
//! let file = BufReader::new(std::fs::File::open(&path)?);
//! for record in read_checked::<Pref, _>(file, Options::default()) {
//!     let record = record?;
//!     println!("deal {:?}: {} problems", record.model.id, record.diagnostics.len());
//!     assert!(!record.has_errors());
//!     if let Some(deal) = &record.model.deal {
//!         let json = serde_json::to_string(deal)?;
//!         assert!(json.starts_with("{\"id\":"));
//!     }
//! }
//! # std::fs::remove_file(&path)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The spec's deal 1, checked, and written back:
//!
//! ```
//! use cards_core::notation::read_checked;
//! use ppn_pref::{Options, Pref, write};
//!
//! let source = "[Bula 60]\n[Refe 2]\n[Player1 a]\n[Player2 b]\n[Player3 c]\n\
//!               [Result1 0]\n[Result2 0]\n[Result3 0]\n\n\
//!               [1 231 1BDHM27WQK4CEIN3FVRJS5LP8GU6AOT9 M3,P,3 2 AR 4 3 I3 8 2 \
//!               2A12,M9B2,2A12,M9B2,2A12,M9B2,2A12,G9B3,2A13,G9B3 M7:-8,F3:L24,0]\n";
//! let records: Vec<_> = read_checked::<Pref, _>(source.as_bytes(), Options::default())
//!     .collect::<std::io::Result<_>>()?;
//! // the main (player 2) discards 8♦, which is player 1's card; the record is the legacy form
//! let codes: Vec<&str> = records[0].diagnostics.iter().map(|d| d.code()).collect();
//! assert_eq!(codes, ["LEGACY_13_FIELDS", "DISCARD_NOT_HELD"]);
//! let deal = records[0].model.deal.as_ref().unwrap();
//! assert_eq!(deal.play.as_ref().unwrap().value, 8);
//! // canonical text reads back to the same model
//! let game = ppn_pref::Game::from_records(&records);
//! assert_eq!(ppn_pref::read_game(&write::write_game(&game)), game);
//! # Ok::<(), std::io::Error>(())
//! ```
//!
//! # The shape every cardnote format crate shares
//! * [`Reader`]`<R: BufRead>` cuts ([`cards_core::notation::ReadRecords::read_raw`], a
//!   [`RawDeal`]) and yields `io::Result<`[`Record`]`>` (`Reader::new(input, Options)`,
//!   [`Reader::from_str`]); a record is a [`DealRecord`] (the deal, its spans, the info section it
//!   belongs to), its diagnostics and its byte span. Memory is bounded by two records whatever
//!   the size of the file.
//! * [`Checker`]: the rules' checks, T2 per record (`check`) and T3 across deals (`finish`).
//! * [`Writer`]`<W: Write>` writes records (or deals) as canonical PPN; PPN has no comments, so
//!   canonical is also format-preserving.
//! * [`Options`]`{ strict }`: [`codes::LENIENCIES`] become errors.
//! * [`codes`]: every stable code, and `ALL`.
//! * [`read_game`]: a whole text into a [`Game`], over the reader.
//!
//! # Features
//! * `serde`: the models serialize as the spec's JSON form, and the [`json`] module; pulls in
//!   serde and serde_json.
//! * `generate`: random legal deals and games (tests, benches, corpus); pulls in nothing more.
//!
//! # Modules
//! * [`model`]: [`Game`], [`Deal`], [`Play`] and every typed field.
//! * [`auction`]: the auction reconstruction search.
//! * [`write`](mod@write) and `json` (feature `serde`): canonical PPN and the spec's JSON form
//!   (serde both ways).
//! * [`codes`]: the diagnostic codes.
//! * [`card_text`]: PPN's card codes.
//! * `generate` (feature `generate`): random legal deals and games (tests, benches, corpus).
//!
//! # Performance
//! Hand-written byte-level parsing, no allocation per token (one `Vec` per played deal for its
//! tricks), card sets as bitsets, and a pruned auction search. Criterion figures (`cargo bench -p
//! ppn-pref`) and the CLI's are in the repository's `benches/reports/ppn.md`.
//!
//! # Decisions
//! The crate follows `preferans-rules.md`, including its `[decision]` points. Points it settles
//! itself:
//! * T2 stops at the first error of a deal (later checks depend on earlier state); lints met
//!   before that are kept. T3 lints (refa, rotation, ids) are computed for every readable deal,
//!   even one with a T2 error; the refa of a legacy record is inferred from its value alone.
//! * `REFE_EXCEEDED` is reported instead of `REFA_FLAG` for a doubled deal that is owed only when
//!   all-pass deals beyond `Refe` are counted.
//! * Auction: a player who has not spoken may say `G` only while no direct game (`G6`–`G8`) stands.
//!   Declarations may name any `G2`–`G8` above the current named game; the first declarer among
//!   several `G` bidders must name one (so `G,G,P` is impossible), later ones may concede.
//! * No follower (`accepted` 0): `starts` 0, `throws` 0 (tricks there → `PLAY_WITHOUT_FOLLOWER`),
//!   summary `M0:-value` and `0`s, as the digest proposes.
//! * A follower whose entry is not `F…` → `SUMMARY_FOLLOWER_TRICKS`; the invited player's entry must
//!   be `0` (`SUMMARY_NONPLAYER`).
//! * JSON: every `pN` key is a deal-order position (see [`json`]).
//! * Required tags missing or malformed are errors (`TAG_MISSING`, `TAG_VALUE`).
//!
//! # Guarantees
//! - No panic on any input: every problem in a file is a [`cards_core::Diagnostic`] value. The
//!   workspace lints deny `clippy::unwrap_used` and `clippy::panic` outside tests, and the fuzz
//!   targets in the repository's `fuzz/` folder drive this crate with arbitrary input.
//! - No `unsafe` code (`unsafe_code = "forbid"` for the whole workspace).
//! - Exact numbers: values, results and scores are read into bounded integers; a number that does not
//!   fit is a diagnostic, never a wrap.

pub mod auction;
pub mod card_text;
pub mod codes;
#[cfg(feature = "generate")]
pub mod generate;
#[cfg(feature = "serde")]
pub mod json;
pub mod model;
mod parse;
mod player;
mod read;
mod record;
mod validate;
pub mod write;

pub use model::{Deal, Game, Play};
pub use parse::{DealSpans, Field, card_of};
pub use player::PrefPlayer;
pub use read::{RawDeal, Reader};
pub use record::{DealRecord, Header, Record};
pub use validate::{Checker, GameState, Outcome, trick_winner_index};
pub use write::Writer;

/// Portable Preferans Notation as a [`cards_core::Notation`]: the one way to read, check and
/// write it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Pref;

impl cards_core::Notation for Pref {
    const NAME: &'static str = "ppn-pref";
    type Model = DealRecord;
    type Options = Options;
    type Raw = RawDeal;
    type Reader<R: std::io::BufRead> = Reader<R>;
    type Checker = Checker;
    type Writer<W: std::io::Write> = Writer<W>;

    fn reader<R: std::io::BufRead>(input: R, options: Options) -> Reader<R> {
        Reader::new(input, options)
    }

    fn parse(raw: RawDeal, options: &Options) -> Record {
        read::parse(raw, options)
    }

    fn checker(options: &Options) -> Checker {
        Checker::new(*options)
    }

    fn writer<W: std::io::Write>(out: W) -> Writer<W> {
        Writer::new(out)
    }
}

/// Reads a whole text into a [`Game`] (every tag, the deals that could be read), without
/// checking it: a convenience over [`Reader`].
///
/// ```
/// let game = ppn_pref::read_game("[Bula 60]\n[2 312 WQKJS5LP84CEIAOT9N31BDH7FVM2RGU6 P,P,P]\n");
/// assert_eq!(game.deals.len(), 1);
/// assert_eq!(game.bula(), Some(60));
/// ```
#[must_use]
pub fn read_game(text: &str) -> Game {
    // reading text in memory cannot fail
    let records: Vec<Record> = Reader::from_str(text, Options::default()).map_while(Result::ok).collect();
    Game::from_records(&records)
}

/// Options every reader of this crate takes (the same names in each cardnote format crate).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Options {
    /// A producer's convention (read with a warning code of its own, [`codes::LENIENCIES`])
    /// becomes an error.
    pub strict: bool,
}

impl Options {
    /// Applies the options to a record's diagnostics (under `strict`, leniencies become errors).
    pub fn apply(&self, diagnostics: &mut [cards_core::Diagnostic]) {
        if self.strict {
            cards_core::diagnostic::make_strict(diagnostics, codes::LENIENCIES);
        }
    }
}

/// The README's example, run as a doctest.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
