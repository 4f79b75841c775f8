//! The library behind the `cardnote` command line: one uniform entry point per notation
//! ([`formats`]), the directory walk and format sniffing ([`walk`]), and the renderers of the
//! `check` output ([`output`]).
//!
//! ```
//! use cardnote::formats::{self, CheckOptions};
//!
//! let text = b"[Event \"?\"]\n";
//! let checked = formats::pbn::check(text, &CheckOptions::default());
//! assert_eq!(checked.records.len(), 1);
//! ```

pub mod formats;
pub mod output;
pub mod walk;
