//! The PokerStars form: the layout of PokerStars' hand histories, which every text site's hand is
//! rewritten in (the `relay` module) and which this module reads into PHH.
//!
//! Its header and table line ([`header`]), its lines in the client's language ([`lang`]), and the
//! importer ([`import`](mod@import)): the lines of one hand are read into events ([`read`], the words of a
//! line in [`words`], what they say in [`model`]), checked against the rules PHH's replay cannot
//! play ([`rules`]), built into a PHH hand ([`build`], its posts placed by [`posts`], the turns a
//! producer leaves out put in by [`turns`]) and checked against the stacks and payouts the log
//! states ([`outcome`]).
//!
//! It uses nothing of the modules above it: `relay` and `pokerstars` use it (`pokerstars`
//! re-exports `header`, `lang` and [`MAX_HAND_BYTES`] as its public paths).

mod build;
pub mod header;
mod import;
pub mod lang;
mod model;
mod outcome;
mod posts;
mod read;
mod rules;
mod turns;
mod words;

pub(crate) use import::{import, import_log};

/// The longest hand read, in bytes; the rest of a longer "hand" is skipped with an error (memory
/// stays bounded on any input).
pub const MAX_HAND_BYTES: usize = 1 << 20;
