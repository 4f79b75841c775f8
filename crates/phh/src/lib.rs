//! Poker Hand History (PHH): read, check and write `.phh` and `.phhs` files exactly as the PHH
//! specification defines them, with every problem reported as a [`cards_core::Diagnostic`]
//! (stable code, exact byte span in the file).
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
//! let file = phh::parse_file(text);
//! assert!(file.multi);
//! let first = &file.hands[0];
//! assert_eq!(first.name.as_deref(), Some("1"));
//! let hand = first.hand.as_ref().unwrap();
//! assert_eq!(hand.variant, phh::Variant::NoLimitTexasHoldem);
//! assert_eq!(hand.blinds_or_straddles.as_ref().unwrap()[0].to_string(), "0.50");
//! assert_eq!(hand.starting_stacks[1], phh::Quantity::Infinite);
//! assert_eq!(hand.actions[3].kind, phh::ActionKind::Fold { player: phh::Player(1) });
//! // Each action's notation text, located in the file:
//! assert_eq!(&text[first.action_spans[2].range()], "p2 cbr 3");
//!
//! // The second hand has a malformed card: the error points at the bad suit character.
//! let second = &file.hands[1];
//! let error = &second.diagnostics[0];
//! assert_eq!(error.code(), phh::codes::PHH_ACTION_CARD_TEXT);
//! assert_eq!(&text[error.span().range()], "x");
//!
//! // Canonical writing round-trips to an equal model.
//! let out = phh::write_hand(hand);
//! assert_eq!(phh::parse_hand(&out).hand.as_ref(), Some(hand));
//! ```
//!
//! # Reading API
//! - [`parse_file`]`(&str) -> `[`ParsedFile`]: a `.phh` (one hand) or `.phhs` (tables `[name]`,
//!   detected by content) text; each [`ParsedHand`] holds its table `name`, its `hand`
//!   (`Option<`[`Hand`]`>`, `None` only when it cannot be built: TOML syntax error, missing or
//!   unknown variant), its `diagnostics` and the file `action_spans` of each action's text.
//! - [`parse_hand`]`(&str)`: the text as one `.phh` hand.
//! - [`hands`]`(&str)`: a lazy iterator of [`ParsedHand`]s (one hand in memory at a time).
//! - [`chunks`]`(&str)`: split without parsing, then [`parse_chunk`] each [`HandChunk`]
//!   (independent: parse them in parallel); [`parse_parallel`]`(&str, threads)` does it with
//!   scoped threads.
//! - [`Reader`]: hands from any `std::io::BufRead` with [`Options`] applied, bounded memory on files
//!   of any size ([`stream::HandReader`] without options).
//! - Paths: the hand-written fast path reads the TOML subset PHH writers produce and falls back to
//!   the toml_edit general path ([`Path::General`], [`parse_chunk_general`]) for anything else; both
//!   give the same result (tested on every corpus hand).
//!
//! # Writing API
//! [`write_hand`], [`write_hands`] (`.phhs` numbered from 1), [`write_named_hands`], and
//! format-preserving edits with [`edit::Editor`].
//!
//! # JSON
//! The model implements serde; see [`model`] for the documented JSON form and [`json`] for whole
//! files.
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
