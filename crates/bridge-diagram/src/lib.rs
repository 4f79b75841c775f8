//! Bridge hand diagrams from PBN: the classic four-hand diagram of one board as SVG (board,
//! dealer, vulnerability, contract and result, the double-dummy table and par when known), and a
//! whole file as an HTML hand record, boards laid out page by page like a printed record.
//!
//! ```
//! let text = "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
//!     [Deal \"N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3\"]\n\
//!     [DoubleDummyTricks \"65657656576867568675\"]\n";
//! let record = cards_core::notation::read_checked::<pbn::Pbn, _>(text.as_bytes(), pbn::Options::default())
//!     .next().unwrap().unwrap();
//! let board = bridge_diagram::Board::from_record(&record, None);
//! assert_eq!(board.par.as_ref().map(|p| p.to_pbn_contracts()), Some("EW 2S=".to_owned()));
//!
//! let svg = bridge_diagram::svg(&board);
//! assert!(svg.starts_with("<svg") && svg.contains("Board 1"));
//! let html = bridge_diagram::html_sheet(&[board], "Club night", 6);
//! assert!(html.contains("<svg") && html.contains("Club night"));
//! ```
//!
//! The output is deterministic: the same board gives the same bytes. Suit symbols are coloured
//! (hearts and diamonds red) and keep their shapes, so a black-and-white print reads the same;
//! the vulnerable sides are marked red *and* labelled in words.

mod html;
mod model;
mod svg;

pub use html::html_sheet;
pub use model::Board;
pub use svg::svg;

/// Escapes text for XML and HTML.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

/// The README's example, run as a doctest.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
