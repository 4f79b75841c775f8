//! Conversion between bridge notations: PBN to BBO LIN and back.
//!
//! Both ways keep what a director or a vugraph archive needs: the match (event, teams, rooms,
//! scoring, segment), players in their seats, dealer, vulnerability and deal, the auction with
//! alerts (`!` in LIN, `$1` in PBN, as Bridge Composer reads it) and explanations (LIN `an`, PBN
//! `=n=` with `[Note]`), the play (LIN in play order, PBN in seat columns), and the claim (LIN
//! `mc`, PBN `Result`). What one notation has and the other has no place for is kept in private
//! PBN tags, so LIN -> PBN -> LIN gives back every tag:
//! - `[LinHeader]`: a `vg` match header as written (`vg`, `rs`, the 8-name `pn`, ...), on the first
//!   board after it;
//! - `[LinExtras]`: the board's other items (`nt` commentary, `st`, `rh`, `pg`, timing, movie
//!   tags) each with its place, `qx`, `ah`, `mn` when they are not what the PBN tags give, and a
//!   claim on a board that reaches no contract or whose 52 cards were all played (`=mc|9|`); a value holding `|` has its length
//!   after the tag (`=ah/12|Board 1|7t|x|`);
//! - `[LinTrailer]`: a vugraph pairs file's trailer (`bt||mn|<title>|tu|y|nt|<standings>|...`), on
//!   the game before it.
//!
//! The PBN is in export format: a private tag whose line would pass the format's 255 characters
//! is written as PBN writes data too large for a tag value, a supplemental section after the play
//! (`[LinHeader ""]` then the value cut into string tokens, one per line, joined back when read;
//! `[LinTrailer]` always so). A file with another line too long (a long note) is not marked
//! `% EXPORT`.
//!
//! ```
//! let lin = "qx|o1|pn|Ann,Bob,Cy,Di|md|3SAKQJHAKQDAKQCAKQ,S2345H2345D2345C2,S6789H6789D6789C3,|sv|n|\
//!     mb|1C!|an|16+|mb|p|mb|4S|mb|p|mb|p|mb|p|pc|S2|pc|S6|pc|ST|pc|SA|mc|12|pg||\n";
//! let pbn = bridge_convert::lin_to_pbn(lin.as_bytes());
//! assert!(!pbn.has_errors());
//! assert!(pbn.text.contains("[Room \"Open\"]"));
//! assert!(pbn.text.contains("1C =1= $1 Pass 4S Pass"));
//! assert!(pbn.text.contains("[Result \"12\"]"));
//! let back = bridge_convert::pbn_to_lin(&pbn.text);
//! assert!(back.text.contains("mb|1C!|an|16+|"));
//! ```

pub mod codes;
mod from_pbn;
mod to_pbn;

pub use from_pbn::pbn_to_lin;
pub use to_pbn::{lin_to_pbn, lin_to_pbn_leaving_out_bad_boards};

/// Converted text, what the source's reader reported and what the conversion left out (warnings
/// with the [`codes`] of their own). A source with errors is still converted as far as it reads;
/// callers decide whether to keep the result ([`Converted::has_errors`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Converted {
    /// The text in the target notation.
    pub text: String,
    /// The source's diagnostics, then what the conversion left out ([`codes`]); spans into the
    /// source.
    pub diagnostics: Vec<cards_core::Diagnostic>,
    /// Boards converted.
    pub boards: usize,
    /// Boards left out because the source has errors in them
    /// ([`lin_to_pbn_leaving_out_bad_boards`]).
    pub left_out: usize,
}

impl Converted {
    /// Whether the source had errors.
    #[must_use]
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(cards_core::Diagnostic::is_error)
    }
}

/// PBN seat of a LIN seat index and back share one table: LIN lists S, W, N, E.
pub(crate) const LIN_SEATS: [cards_core::Compass; 4] = lin::read::LIN_SEATS;

/// The README's example, run as a doctest.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
