//! Reading text already in memory, borrowed: [`read_str`] reads and checks every game of decoded
//! text at once, and each [`Record`] borrows the text (its tokens and tag values point into it).
//!
//! The crate root's [`crate::Reader`] streams owned records from any [`std::io::BufRead`] and
//! leaves the checks to [`crate::check`]; [`crate::Checked`] gives the records this reader gives
//! (the shared-corpus tests prove it on every file). A borrowed [`Record`] is also what the
//! writers take, and what [`crate::Game::view`] gives for a streamed game.
//!
//! ```
//! let text = "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
//!     [Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\n\
//!     [Declarer \"N\"]\n[Contract \"7NT\"]\n[Result \"13\"]\n\
//!     [Auction \"N\"]\n7NT Pass Pass Pass\n";
//! let records: Vec<_> = pbn::borrowed::read_str(text, pbn::Options::default()).collect();
//! assert_eq!(records.len(), 1);
//! let game = &records[0];
//! assert!(!game.has_errors(), "{:?}", game.diagnostics);
//! assert_eq!(game.info.score_ns, Some(1520));
//! let export = pbn::write::write_export(&records);
//! assert!(export.starts_with("% PBN 2.1\r\n% EXPORT\r\n[Event \"?\"]\r\n"));
//! ```

use crate::validate::Options;
pub use crate::validate::{Reader, Record};

/// Reads and checks every game of decoded text, one [`Record`] at a time. The records borrow the
/// text; [`crate::Checked`] reads the same records from any [`std::io::BufRead`] without holding
/// the whole input.
#[must_use]
pub fn read_str(text: &str, options: Options) -> Reader<'_> {
    Reader::new(text, options)
}
