//! Poker site hand histories to and from PHH: PokerStars text and ACPC (and Pluribus) `STATE` logs
//! read as [`phh::Hand`]s, each replayed by `poker-engine` and checked against the outcome the log
//! states; PHH hands written back as PokerStars text and ACPC `STATE` lines. GGPoker, iPoker,
//! PartyPoker and Ignition logs are read too ([`ggpoker`], [`ipoker`], [`party`], [`ignition`]),
//! and the Merge network's, Microgaming's, Boss Media's and Everest's ([`merge`], [`microgaming`],
//! [`boss`], [`everest`]),
//! Full Tilt Poker's, the Winning Poker Network's and Absolute Poker's ([`fulltilt`],
//! [`winning`], [`absolute`]), Winamax's, 888 / Pacific Poker's, Everleaf's and Cake's
//! ([`winamax`], [`pacific`], [`everleaf`], [`cake`]), Enet's, Entraction's, KingsClub's and Seals
//! With Clubs' ([`enet`], [`entraction`], [`kingsclub`], [`seals`]), PokerNow game logs
//! ([`pokernow`]), Open Hand History JSON ([`ohh`]); the OnGame network's, PKR's and Betfair
//! Poker's own ([`ongame`], [`pkr`], [`betfair`]); PokerTracker's text exports of Everest, iPoker and
//! Merge hands ([`pokertracker`]); The Big Game's hand data ([`biggame`]); Unibet's ([`unibet`]).
//!
//! ```
//! use sitelogs::{Options, pokerstars};
//!
//! let log = "PokerStars Hand #7: Hold'em No Limit (10/20) - 2021/05/06 7:08:09 ET
//! Table 'T' 9-max Seat #2 is the button
//! Seat 2: Ann (1,000 in chips)
//! Seat 5: Bob (1500 in chips)
//! Ann: posts small blind 10
//! Bob: posts big blind 20
//! *** HOLE CARDS ***
//! Dealt to Bob [Ah Kh]
//! Ann: calls 10
//! Bob: checks
//! *** FLOP *** [2c 3d 4h]
//! Bob: bets 20
//! Ann: folds
//! Uncalled bet (20) returned to Bob
//! Bob collected 40 from pot
//! *** SUMMARY ***
//! Total pot 40 | Rake 0
//! ";
//! for record in pokerstars::Reader::from_str(log, Options::default()) {
//!     let hand = record.hand.expect("imported and consistent");
//!     assert_eq!(hand.finishing_stacks.as_ref().unwrap()[0].to_string(), "1520");
//!     // Back to the site's text: the same hand.
//!     let text = pokerstars::write_hand(&hand).unwrap();
//!     let again = pokerstars::Reader::from_str(&text, Options::default()).next().unwrap();
//!     assert_eq!(again.hand.as_ref(), Some(&hand));
//! }
//! ```
//!
//! # Shape
//! Every reader is an iterator of [`Record`]s (the hand, its diagnostics, its byte span) over any
//! `BufRead`, with [`Options`] and a `from_str` convenience; every writer writes to any `Write`,
//! hand by hand. Codes are in [`codes`]. One bad hand never stops a file: it is a record with
//! errors and no hand.
//!
//! # Features
//! - `serde`: [`Record`] and [`Options`] serialize (the hands are PHH models, which always do).

pub mod absolute;
pub mod acpc;
pub mod betfair;
pub mod biggame;
pub mod boss;
pub mod cake;
mod chips;
pub mod codes;
pub mod consistency;
pub mod enet;
pub mod entraction;
pub mod everest;
pub mod everleaf;
pub mod export;
pub mod fulltilt;
pub mod ggpoker;
pub mod ignition;
pub mod ipoker;
pub mod kingsclub;
mod layout;
pub mod merge;
pub mod microgaming;
pub mod money;
pub mod ohh;
pub mod ongame;
pub mod pacific;
pub mod party;
pub mod pkr;
pub mod pokernow;
pub mod pokerstars;
pub mod pokertracker;
pub mod relay;
pub mod seals;
pub mod showdown;
mod site;
pub mod text;
pub mod unibet;
pub mod winamax;
pub mod winning;
mod xml;

use cards_core::{Diagnostic, Span};

pub use site::{DETECT_BYTES, Site};

/// Reading options, the same meaning in every cardnote reader.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Options {
    /// Producer leniencies become errors (lines the importer does not know, for one).
    pub strict: bool,
}

/// One hand of a log: the PHH hand (when it could be imported and passed its checks), its
/// diagnostics and its byte span in the input.
///
/// With the `serde` feature a record serializes (diagnostics, like cards-core's, only serialize).
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Record {
    /// The hand; `None` when it was refused (the diagnostics say why).
    pub hand: Option<phh::Hand>,
    /// Errors and warnings, spans into the input.
    pub diagnostics: Vec<Diagnostic>,
    /// The hand's bytes in the input.
    pub span: Span,
}

impl Record {
    /// Whether the record has an error.
    #[must_use]
    pub fn has_error(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }
}

/// The README's example, run as a doctest.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
