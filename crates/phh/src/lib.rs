//! Poker Hand History (PHH): read, check and write `.phh` and `.phhs` files exactly as the PHH
//! specification defines them, with every problem reported as a [`cards_core::Diagnostic`]
//! (stable code, exact byte span in the file).
//!
//! The same rooms as every cardnote format crate: a [`Reader`] of [`Record`]s over any
//! `BufRead` (memory bounded by the largest hand), [`check`] for the replay, a [`Writer`] for the
//! canonical and the format-preserving forms, [`Options`], and the stable [`codes`].
//!
//! ```
//! use std::io::BufReader;
//!
//! # fn main() -> std::io::Result<()> {
//! # let path = std::env::temp_dir().join(format!("phh-doc-{}.phhs", std::process::id()));
//! # std::fs::write(&path, "[1]\nvariant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n\
//! #     starting_stacks = [200, 200]\nactions = ['d dh p1 AhKh', 'd dh p2 7c2d', 'p2 cbr 6', 'p1 f']\n\n\
//! #     [2]\nvariant = 'FT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nsmall_bet = 2\nbig_bet = 4\n\
//! #     starting_stacks = [50, 50]\nactions = ['d dh p1 AsKs', 'd dh p2 2c2d', 'p2 f']\n")?;
//! let options = phh::Options::default(); // PokerKit's rules, not strict
//! let file = BufReader::new(std::fs::File::open(&path)?);
//! for record in phh::Reader::new(file, options) {
//!     let mut record = record?;
//!     phh::check(&mut record, &options); // replay: legality and outcome
//!     let variant = record.model.hand.as_ref().map(|hand| hand.variant.code());
//!     println!("[{}] {variant:?}: {} diagnostics", record.model.name.as_deref().unwrap_or(""), record.diagnostics.len());
//!     assert!(!record.has_errors());
//!
//!     // With the `serde` feature: the record (hand, table name, spans, outcome, diagnostics) as JSON.
//!     #[cfg(feature = "serde")]
//!     {
//!         let json = serde_json::to_string(&record).expect("a record serializes");
//!         assert!(json.contains("\"finishing_stacks\""));
//!     }
//! }
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
//! assert_eq!(phh::parse_hand(&out).hand.as_ref(), Some(hand));
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
//! # Reading API
//! - [`Reader`]`::new(BufRead, Options)` / [`Reader::from_str`]: [`Record`]s (a [`FileHand`]: the
//!   `.phhs` table name and header span, the [`Hand`] or `None` when it cannot be built, each
//!   action's span, and the replay outcome once checked), diagnostics with spans into the whole
//!   input, the record's span; [`Reader::record_text`] gives the hand's own text. One pass per
//!   hand; memory bounded by the largest hand.
//! - Conveniences over the Reader, without options applied: [`parse_file`]`(&str)` (a whole text,
//!   [`ParsedFile`] of [`ParsedHand`]s), [`parse_hand`]`(&str)` (the text as one `.phh` hand),
//!   [`hands`]`(&str)` (lazily), [`stream::HandReader`] (each hand with a copy of its text).
//! - For parallel reading: [`chunks`]`(&str)` splits a text without parsing, [`parse_chunk`] reads
//!   one [`HandChunk`] ([`parse_parallel`] does both on scoped threads).
//! - Paths: the hand-written fast path reads the TOML subset PHH writers produce and falls back to
//!   the toml_edit general path ([`Path::General`], [`parse_chunk_general`]) for anything else; both
//!   give the same result (tested on every corpus hand).
//!
//! # Checking
//! [`check`]`(&mut Record, &Options)` replays the hand under [`Options::profile`] (PokerKit's
//! rules or the standard ones), compares declared `finishing_stacks`, keeps the outcome in
//! `record.model.outcome` and applies `strict`.
//!
//! # Writing API
//! [`Writer`] (`new` for `.phhs`, `single` for `.phh`): `write`, `write_record`, `write_named`
//! (canonical) and `write_preserved` (a record's own text, only non-canonical action notations
//! rewritten). Conveniences: [`write_hand`], [`write_hands`] (`.phhs` numbered from 1),
//! [`write_named_hands`]; whole-file canonical writing keeping comments with
//! [`comments::write_canonical`]; edits with [`edit::Editor`].
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
pub mod parse;
pub mod read;
#[cfg(feature = "replay")]
pub mod replay;
pub mod stream;
pub mod validate;
pub mod write;

pub use check::check;
pub use model::{
    Action, ActionKind, CardRun, Field, Hand, LocalTime, Player, Quantity, Shown, StrOrInt, TomlValue,
    Variant,
};
pub use parse::action::{ActionError, ActionTokens, parse_action, parse_action_tokens};
pub use parse::{
    HandChunk, Hands, ParsedFile, ParsedHand, Path, chunks, hands, hands_with, is_multi, parse_chunk,
    parse_chunk_fast, parse_chunk_general, parse_file, parse_hand, parse_parallel,
};
pub use read::{FileHand, Reader, Record};
pub use write::{Writer, write_hand, write_hands, write_named_hands};

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
        let file = parse_file(text);
        let mut found = file.hands[0].diagnostics.clone();
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
