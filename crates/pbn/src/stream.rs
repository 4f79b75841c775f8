//! The one reading path: games from any [`BufRead`], memory bounded by the largest game.
//!
//! [`Reader::read_raw`](cards_core::ReadRecords::read_raw) takes the input one game at a time: it
//! reads lines up to the empty line that ends a game (an empty line inside a `{` comment does
//! not), decodes that text, splits it into tags and sections and resolves what each game takes
//! from the games before it (`#`/`##` inheritance, the export mode, the board before for a
//! match's other table): a [`RawRecord`]. That is all that needs the games in order.
//! [`Pbn::parse`](cards_core::Notation::parse) makes the record (pure, any thread), the meaning
//! checks ([`crate::check`], [`Checker`]) take one record and nothing else, and
//! [`Checker`]'s finish holds back, in file order, the warnings repeated across games. Limits,
//! each a file no real producer writes:
//! - a file whose lines end in CR alone, or a game whose `{` comment is never closed, is one buffer
//!   (as it is one game);
//! - a file that is not UTF-8 is read as ISO-8859-1 from the first game that is not UTF-8 on; the
//!   games before it were read as UTF-8.
//!
//! ```
//! use cards_core::notation::read_checked;
//! let text = "[Board \"1\"]\n[Dealer \"N\"]\n\n[Board \"2\"]\n[Dealer \"#\"]\n";
//! let mut boards = Vec::new();
//! for record in read_checked::<pbn::Pbn, _>(text.as_bytes(), pbn::Options::default()) {
//!     let record = record?;
//!     // The Dealer is inherited when read; the checks read it as a seat.
//!     boards.push((record.model.tag("Board").map(str::to_owned), record.model.info.dealer));
//! }
//! let north = Some(cards_core::Compass::North);
//! assert_eq!(boards, [(Some("1".to_owned()), north), (Some("2".to_owned()), north)]);
//! # Ok::<(), std::io::Error>(())
//! ```

mod check;
mod game;
mod lines;
mod reader;

pub use check::{Checker, check};
pub use game::{Game, Record};
pub(crate) use reader::parse;
pub use reader::{RawRecord, Reader};
