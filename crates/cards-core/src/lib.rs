//! Shared card types for the cardnote notation crates: suits, ranks and cards in one byte, card
//! sets as a `u64` bitset, multisets for decks with duplicates, the decks of every supported game,
//! bridge seats, exact amounts and a decimal's text from its parts ([`decimal_text`]), the
//! card-text error type, the one diagnostic type all crates report, the one record shape every
//! format crate reads ([`Record`]), the one trait every notation implements ([`Notation`]) and the
//! checker made of a notation's [`Rules`] ([`RulesChecker`]), who
//! wins a trick ([`trick`]), bytes to text ([`charset`]), a streaming line cutter ([`lines`]), and
//! a seedable generator for test data.
//!
//! ```
//! use cards_core::{Card, CardSet, Deck, Rank, Suit};
//!
//! let set: CardSet = [Card::new(Rank::Ace, Suit::Hearts), Card::new(Rank::King, Suit::Hearts)].into_iter().collect();
//! assert!(set.contains(Card::new(Rank::King, Suit::Hearts)));
//! assert_eq!(set.len(), 2);
//! assert!(set.is_subset(Deck::ShortDeck36.cards()));
//! ```
//!
//! # Features
//! - `serde`: `Serialize`/`Deserialize` for [`Amount`] (exact decimal text), [`Span`] and
//!   [`Severity`]; `Serialize` for [`Diagnostic`] and [`Record`]. Pulls in serde with its derive
//!   macros. Without it the crate depends on `rust_decimal` alone (no serde).
//!
//! # Guarantees
//! No `unsafe`, no panics on any input (parsers return [`text::CardTextError`] values with spans),
//! and checked arithmetic for [`Amount`].

pub mod amount;
pub mod card;
pub mod charset;
pub mod codes;
pub mod decimal_text;
pub mod deck;
pub mod diagnostic;
pub mod lines;
pub mod notation;
pub mod record;
pub mod rng;
pub mod seat;
pub mod set;
pub mod text;
pub mod trick;

pub use amount::{Amount, AmountError};
pub use card::{Card, MaybeCard, Rank, Suit};
pub use deck::Deck;
pub use diagnostic::{Diagnostic, DiagnosticSink, DisplaySource, FirstError, LineIndex, Severity, Span};
pub use notation::{Checker, Notation, ReadRecords, Rules, RulesChecker, WriteRecords};
pub use record::Record;
pub use rng::Rng;
pub use seat::Compass;
pub use set::{CardCounts, CardSet, CardSetIter};
pub use text::{CardTextError, CardTextErrorKind};

/// The README's example, run as a doctest.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
