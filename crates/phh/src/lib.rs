//! Poker Hand History (PHH): read, check and write `.phh` and `.phhs` files exactly as the PHH
//! specification defines them, with every problem reported as a [`cards_core::Diagnostic`]
//! (stable code, exact byte span in the file).
//!
//! The shape of every cardnote notation crate, [`cards_core::Notation`], implemented by [`Phh`]:
//! a [`Reader`] over any `BufRead` cuts one [`Raw`] hand at a time (memory bounded by the largest
//! hand) and parses it into a [`Record`]; the [`Checker`] replays it ([`check`]); a [`Writer`]
//! writes records back; [`Options`] and the stable [`codes`].
//!
//! ```
//! use std::io::BufReader;
//! use cards_core::notation::{self, Checker as _, Notation, ReadRecords, WriteRecords};
//! use phh::Phh;
//!
//! # fn main() -> std::io::Result<()> {
//! # let path = std::env::temp_dir().join(format!("phh-doc-{}.phhs", std::process::id()));
//! # std::fs::write(&path, "[1]\nvariant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n\
//! #     starting_stacks = [200, 200]\nactions = ['d dh p1 AhKh', 'd dh p2 7c2d', 'p2 cbr 6', 'p1 f']\n\n\
//! #     [2]\nvariant = 'FT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nsmall_bet = 2\nbig_bet = 4\n\
//! #     starting_stacks = [50, 50]\nactions = ['d dh p1 AsKs', 'd dh p2 2c2d', 'p2 f']\n")?;
//! let options = phh::Options::default(); // PokerKit's rules, not strict
//! let file = BufReader::new(std::fs::File::open(&path)?);
//! let mut writer = Phh::writer(Vec::new());
//! // Read, parse and check (replay: legality and outcome) every hand.
//! for record in notation::read_checked::<Phh, _>(file, options) {
//!     let record = record?;
//!     let variant = record.model.hand.as_ref().map(|hand| hand.variant.code());
//!     println!("[{}] {variant:?}: {} diagnostics", record.model.name.as_deref().unwrap_or(""), record.diagnostics.len());
//!     assert!(!record.has_errors());
//!     assert!(record.model.outcome.as_ref().is_some_and(|outcome| outcome.terminal));
//!     writer.write_record(&record)?; // canonical form
//!
//!     // With the `serde` feature: the record (hand, table name, spans, outcome, diagnostics) as JSON.
//!     #[cfg(feature = "serde")]
//!     {
//!         let json = serde_json::to_string(&record).expect("a record serializes");
//!         assert!(json.contains("\"finishing_stacks\""));
//!     }
//! }
//! assert!(String::from_utf8(writer.into_inner()?).unwrap().starts_with("[1]\nvariant = 'NT'\n"));
//!
//! // The same on several threads: cut in order, parse and check anywhere.
//! let mut reader = Phh::reader(BufReader::new(std::fs::File::open(&path)?), options);
//! let mut raws = Vec::new();
//! while let Some(raw) = reader.read_raw() {
//!     raws.push(raw?);
//! }
//! let checker = Phh::checker(&options);
//! let records: Vec<phh::Record> = std::thread::scope(|scope| {
//!     let workers: Vec<_> = raws
//!         .into_iter()
//!         .map(|raw| scope.spawn(|| { let mut r = Phh::parse(raw, &options); checker.check(&mut r); r }))
//!         .collect();
//!     workers.into_iter().map(|w| w.join().unwrap()).collect()
//! });
//! assert_eq!(records.len(), 2);
//! # std::fs::remove_file(&path)?;
//! # Ok(())
//! # }
//! ```
//!
//! A text already in memory, and the diagnostics' spans:
//!
//! ```
//! let text = "\
//! [1]
//! variant = 'NT'
//! antes = [0, 0]
//! blinds_or_straddles = [0.50, 1]
//! min_bet = 1
//! starting_stacks = [100, inf]
//! actions = ['d dh p1 AhKh', 'd dh p2 ????', 'p2 cbr 3', 'p1 f # folds']
//!
//! [2]
//! variant = 'NT'
//! antes = [0, 0]
//! blinds_or_straddles = [1, 2]
//! min_bet = 2
//! starting_stacks = [100, 100]
//! actions = ['d dh p1 AhKx']
//! ";
//! let records: Vec<phh::Record> =
//!     phh::Reader::from_str(text, phh::Options::default()).collect::<Result<_, _>>().unwrap();
//! let first = &records[0];
//! assert_eq!(first.model.name.as_deref(), Some("1"));
//! let hand = first.model.hand.as_ref().unwrap();
//! assert_eq!(hand.variant, phh::Variant::NoLimitTexasHoldem);
//! assert_eq!(hand.blinds_or_straddles.as_ref().unwrap()[0].to_string(), "0.50");
//! assert_eq!(hand.starting_stacks[1], phh::Quantity::Infinite);
//! assert_eq!(hand.actions[3].kind, phh::ActionKind::Fold { player: phh::Player(1) });
//! // Each action's notation text, located in the file:
//! assert_eq!(&text[first.model.action_spans[2].range()], "p2 cbr 3");
//!
//! // The second hand has a malformed card: the error points at the bad suit character.
//! let error = &records[1].diagnostics[0];
//! assert_eq!(error.code(), phh::codes::PHH_ACTION_CARD_TEXT);
//! assert_eq!(&text[error.span().range()], "x");
//!
//! // Canonical writing round-trips to an equal model.
//! let out = phh::write_hand(hand);
//! assert_eq!(phh::parse_hand(&out).model.hand.as_ref(), Some(hand));
//! ```
//!
//! # Features
//! - `replay` (default): [`check`] replays each hand through `poker-engine` (always a
//!   dependency: its `Variant` and card text are the model's); without it `check` only applies
//!   the options.
//! - `serde`: `Serialize`/`Deserialize` for the model ([`Hand`] and its parts, the JSON form
//!   documented in [`model`]), `Serialize` for [`Record`]s, and the whole-file JSON form in
//!   `json`. Pulls in serde (with its derive macros), serde_json, and the `serde` features of
//!   cards-core and poker-engine.
//!
//! # Reading
//! The phases of [`cards_core::notation`]:
//! - **Cut**: [`Reader`]`::new(BufRead, Options)` / [`Reader::from_str`], as a
//!   [`ReadRecords`](cards_core::notation::ReadRecords), `read_raw` gives each hand's [`Raw`]
//!   text (a light lexer finds the `.phhs` table headers, outside strings and arrays; a file whose
//!   first significant line is not a header is one `.phh` hand) and reports a table name used
//!   twice. The hands' texts, in order, are the whole input.
//! - **Parse**: [`Phh`]`::parse(Raw, &Options)`, on any thread: a [`Record`] of a [`FileHand`]
//!   (the `.phhs` table name and header span, the [`Hand`] or `None` when it cannot be built, each
//!   action's span, and the replay outcome once checked), diagnostics with spans into the whole
//!   input, the record's span. The hand-written fast path reads the TOML subset PHH writers
//!   produce and falls back to the toml_edit general path for anything else ([`Path`],
//!   [`Reader::with_path`]); both give the same result (tested on every corpus hand).
//! - The [`Reader`] is also an iterator of parsed records; [`parse_hand`]`(&str)` reads a text as
//!   one `.phh` hand.
//!
//! # Checking
//! [`check`]`(&mut Record, &Options)`, the [`Checker`]'s per-record check, replays the hand under
//! [`Options::profile`] (PokerKit's rules or the standard ones), compares declared
//! `finishing_stacks`, keeps the outcome in `record.model.outcome` and applies `strict`. PHH has
//! no check across hands beyond the duplicate table names the cut reports.
//!
//! # Writing
//! [`Writer`] (`new` for `.phhs`, `single` for `.phh`): `write_record` (the
//! [`WriteRecords`](cards_core::notation::WriteRecords) method), `write`, `write_named`
//! (canonical) and `write_preserved` (a hand's own text, only non-canonical action notations
//! rewritten); `into_inner` returns the flush error. Conveniences: [`write_hand`],
//! [`write_hands`] (`.phhs` numbered from 1), [`write_named_hands`]; whole-file canonical writing
//! keeping comments with [`comments::write_canonical`]; edits with [`edit::Editor`].
//!
//! # JSON
//! With the `serde` feature the model implements serde; see [`model`] for the documented JSON form
//! and `json` for whole files.
//!
//! # Diagnostics
//! The codes are listed in [`error`].
//!
//! # Guarantees
//! - No panic on any input: every problem in a file is a [`cards_core::Diagnostic`] value. The
//!   workspace lints deny `clippy::unwrap_used` and `clippy::panic` outside tests, and the fuzz
//!   targets in the repository's `fuzz/` folder drive this crate with arbitrary input.
//! - No `unsafe` code (`unsafe_code = "forbid"` for the whole workspace).
//! - Exact numbers: amounts are exact decimals (`cards_core::Amount`, `inf` kept apart) with checked
//!   arithmetic, never `f64`; a number too large to hold exactly is a diagnostic.

mod check;
pub mod codes;
pub mod comments;
pub mod edit;
pub mod error;
#[cfg(feature = "serde")]
pub mod json;
pub mod model;
mod parse;
mod read;
mod record;
#[cfg(feature = "replay")]
pub mod replay;
mod write;

use std::io::{BufRead, Write};

pub use check::check;
pub use model::{
    Action, ActionKind, CardRun, Field, Hand, LocalTime, Player, Quantity, Shown, StrOrInt, TomlValue,
    Variant,
};
pub use parse::Path;
pub use parse::action::{ActionError, ActionTokens, parse_action, parse_action_tokens};
pub use read::{Raw, Reader};
pub use record::{FileHand, Record};
pub use write::{Writer, write_hand, write_hands, write_named_hands};

/// The PHH notation: the [`cards_core::Notation`] every cardnote command and binding reads it
/// through (see the crate docs).
#[derive(Debug, Clone, Copy, Default)]
pub struct Phh;

impl cards_core::Notation for Phh {
    const NAME: &'static str = "phh";
    type Model = FileHand;
    type Options = Options;
    type Raw = Raw;
    type Reader<R: BufRead> = Reader<R>;
    type Checker = Checker;
    type Writer<W: Write> = Writer<W>;

    fn reader<R: BufRead>(input: R, options: Options) -> Reader<R> {
        Reader::new(input, options)
    }

    fn parse(raw: Raw, options: &Options) -> Record {
        read::parse(&raw, options)
    }

    fn checker(options: &Options) -> Checker {
        Checker { options: *options }
    }

    fn writer<W: Write>(out: W) -> Writer<W> {
        Writer::new(out)
    }
}

/// PHH's checker: [`check`] on each record, under its options. PHH has no check across records
/// (a table name used twice is found while cutting).
#[derive(Debug, Clone, Copy, Default)]
pub struct Checker {
    options: Options,
}

impl cards_core::notation::Checker<FileHand> for Checker {
    fn check(&self, record: &mut Record) {
        check(record, &self.options);
    }
}

/// Reads a text as one `.phh` hand, whatever it looks like ([`Phh`]'s parse of the whole text;
/// no check).
///
/// ```
/// let record = phh::parse_hand("variant = 'NT'\nzzz = 1\n");
/// assert_eq!(record.model.hand.unwrap().variant, phh::Variant::NoLimitTexasHoldem);
/// assert!(record.diagnostics.iter().any(|d| d.code() == phh::codes::PHH_UNKNOWN_FIELD));
/// ```
#[must_use]
pub fn parse_hand(text: &str) -> Record {
    read::parse(&Raw::whole(text.to_owned()), &Options::default())
}

/// The README's example, run as a doctest.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

/// Options of the [`Reader`] and of [`check`] (`strict` means the same in each cardnote format
/// crate).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Options {
    /// A producer's convention (read with a warning code of its own, [`codes::LENIENCIES`])
    /// becomes an error.
    pub strict: bool,
    /// The rules [`check`] replays a hand under: PokerKit's (the default) or the standard (WSOP)
    /// rules.
    pub profile: poker_engine::RuleProfile,
}

impl Options {
    /// Applies the options to a record's diagnostics (under `strict`, leniencies become errors).
    pub fn apply(&self, diagnostics: &mut [cards_core::Diagnostic]) {
        if self.strict {
            cards_core::diagnostic::make_strict(diagnostics, codes::LENIENCIES);
        }
    }
}

#[cfg(test)]
mod options_tests {
    use super::*;

    #[test]
    fn strict_turns_a_leniency_into_an_error() {
        let text = "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n\
                    starting_stacks = [200, 200]\nactions = []\nzzz = 1\n";
        let mut found = parse_hand(text).diagnostics;
        let unknown = |found: &[cards_core::Diagnostic], error: bool| {
            found.iter().any(|d| d.code() == codes::PHH_UNKNOWN_FIELD && d.is_error() == error)
        };
        assert!(unknown(&found, false), "{found:?}");
        Options::default().apply(&mut found);
        assert!(unknown(&found, false), "{found:?}");
        Options { strict: true, ..Options::default() }.apply(&mut found);
        assert!(unknown(&found, true), "{found:?}");
    }
}
