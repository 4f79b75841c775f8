//! Double-dummy tables and par for bridge deals, on `cardnote-dd-engine` (a modified copy of
//! pons-dds, a pure-Rust port of Bo Haglund and Soren Hein's DDS), and the PBN tags that carry them:
//! `OptimumResultTable`, `DoubleDummyTricks`, `OptimumScore` and `ParContract`, written as
//! BridgeComposer writes them, checked against the deal, and filled into a file without touching
//! anything else.
//!
//! ```
//! use bridge_dd::{DdTable, Par, ParRule, Solver};
//! use cards_core::Compass;
//! use bridge_core::{Denomination, Vulnerability};
//!
//! let text = "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
//!     [Deal \"N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3\"]\n";
//! let record = cards_core::notation::read_checked::<pbn::Pbn, _>(text.as_bytes(), pbn::Options::default())
//!     .next().unwrap().unwrap();
//! let deal = record.model.info.deal.unwrap();
//!
//! let table = DdTable::solve_on(&mut Solver::new(), &deal).unwrap();
//! assert_eq!(table.tricks(Compass::East, Denomination::Spades), 8);
//!
//! let par = Par::compute(&table, Vulnerability::None, ParRule::Dealer(Compass::North));
//! assert_eq!(par.to_pbn_score(), "EW 110");
//! assert_eq!(par.to_pbn_contracts(), "EW 2S=");
//!
//! // The tags a hand record carries, and the file with them filled in.
//! let filled = bridge_dd::fill::fill_text(text, &[Some(table)]);
//! assert!(filled.text.contains("[OptimumScore \"EW 110\"]\n[ParContract \"EW 2S=\"]"));
//! let mut found = Vec::new();
//! bridge_dd::check::check(
//!     &cards_core::notation::read_checked::<pbn::Pbn, _>(filled.text.as_bytes(), pbn::Options::default())
//!         .next().unwrap().unwrap(),
//!     Some(&table),
//!     true,
//!     &mut found,
//! );
//! assert!(found.is_empty());
//! ```
//!
//! # Par
//! [`Par::compute`] is DDS's par: the sides bid in turn from the dealer ([`ParRule::Dealer`],
//! DDS `DealerPar`, what hand records print) or with a chosen side first ([`ParRule::SideFirst`],
//! DDS `SidesPar`); they differ only on "hot" deals where both sides can make a contract.
//! Sacrifices are doubled and scored at the sacrificing side's vulnerability. The tests compare
//! every table and par with DDS's own answers in its `list100.txt`.
//!
//! # Speed
//! The engine's transposition table takes only what the search stores, up to a budget per solver
//! thread ([`DEFAULT_MEMORY_MIB`], or [`Solver::with_memory`]); this project's figures, per
//! budget, are in BENCHMARKS.md. [`DdTable::solve_many`] spreads a batch over every core, and
//! [`DdTable::solve_many_within`] bounds each thread's transposition table. Build with
//! optimisations: the workspace's test profile compiles the engine at `opt-level = 3`.
//!
//! # Features
//! - `serde`: [`DdTable`], [`Par`] and their parts serialize and deserialize (turns on the `serde`
//!   features of cards-core and pbn, whose seats and denominations they hold; pulls in serde
//!   with its derive macros). Without it the crate depends on cards-core, pbn, cardnote-dd-engine and
//!   contract-bridge.

pub mod check;
pub mod codes;
pub mod fill;
pub mod par;
pub mod table;
pub mod tags;

pub use par::{Declarers, Par, ParContract, ParRule, Side};
pub use table::{DEFAULT_MEMORY_MIB, DdTable, DealError, Solver};

/// The README's example, run as a doctest.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
