//! The bridge vocabulary the cardnote bridge notations share: [`Denomination`], [`Call`],
//! [`Risk`], [`Contract`], [`Vulnerability`], the auction's legal calls and outcome ([`Bidding`]),
//! who wins a trick ([`trick_winner`]) and the duplicate score ([`duplicate_score`]). The PBN and LIN crates read and write these types, each
//! in its own spelling (PBN's `1NT`, `X`, `NS`; LIN's `1N`, `d`, `n`): the parsing and writing
//! live in `pbn` and `lin`. Here the types print as bridge players write them (`1NT`, `X`, `XX`,
//! `Pass`, `3NTX`), for messages.
//!
//! ```
//! use bridge_core::{Call, Contract, Denomination, Risk, Vulnerability, duplicate_score, trick_winner};
//! use cards_core::{Card, Compass, Rank, Suit};
//!
//! let contract = Contract { level: 4, denomination: Denomination::Spades, risk: Risk::Doubled };
//! assert_eq!(contract.to_string(), "4SX");
//! assert_eq!(Call::Bid { level: 1, denomination: Denomination::NoTrump }.to_string(), "1NT");
//! // West leads a heart; North ruffs with the two of spades.
//! let trick = [
//!     (Compass::West, Card::new(Rank::Ten, Suit::Hearts)),
//!     (Compass::North, Card::new(Rank::Two, Suit::Spades)),
//!     (Compass::East, Card::new(Rank::Ace, Suit::Hearts)),
//!     (Compass::South, Card::new(Rank::Three, Suit::Hearts)),
//! ];
//! assert_eq!(trick_winner(&trick, contract.denomination.trump()), Some(Compass::North));
//! assert_eq!(trick_winner(&trick, Denomination::NoTrump.trump()), Some(Compass::East));
//! // Ten tricks, North-South vulnerable, North declaring.
//! let vulnerable = Vulnerability::NorthSouth.is_vulnerable(Compass::North);
//! let score = duplicate_score(contract.level, contract.denomination, contract.risk, vulnerable, 10);
//! assert_eq!(score, 790);
//! ```
//!
//! # Features
//! - `serde`: `Serialize` and `Deserialize` for every type but the [`Bidding`] state machine, as
//!   its variant and field names (`"NoTrump"`, `{"Bid":{"level":1,"denomination":"Clubs"}}`): no
//!   notation's spelling. Pulls in serde with its derive macros.
//!
//! # Guarantees
//! No `unsafe`, no panics, and no dependency but `cards-core` (and serde with its feature).

mod auction;
mod call;
mod contract;
mod score;
mod trick;
mod vulnerability;

pub use auction::{Bidding, Irregularity, Outcome};
pub use call::{Call, Denomination};
pub use contract::{Contract, Risk};
pub use score::duplicate_score;
pub use trick::trick_winner;
pub use vulnerability::Vulnerability;

/// The README's example, run as a doctest.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
