//! The one way a crate declares its diagnostic codes: [`codes!`](crate::codes!) makes a constant
//! per code (its value is its name), `ALL` (every code, in order) and `LENIENCIES` (the codes
//! marked `(lenient)`: a producer's convention read with a warning, an error under `strict`).
//!
//! ```
//! mod codes {
//!     cards_core::codes! {
//!         /// A tag that is not a tag.
//!         TAG_SYNTAX,
//!         /// `NT` written for notrump where the format says `N`.
//!         NOTRUMP_SPELLING (lenient),
//!         /// Every game's tags at most once (this crate's words on the shared rule).
//!         DUPLICATE_TAG in cards_core::codes::tag_pairs,
//!     }
//! }
//! assert_eq!(codes::TAG_SYNTAX, "TAG_SYNTAX");
//! assert_eq!(codes::ALL, ["TAG_SYNTAX", "NOTRUMP_SPELLING", "DUPLICATE_TAG"]);
//! assert_eq!(codes::LENIENCIES, ["NOTRUMP_SPELLING"]);
//! assert_eq!(codes::DUPLICATE_TAG, cards_core::codes::tag_pairs::DUPLICATE_TAG);
//! assert_eq!(cards_core::diagnostic::code_list_problem(codes::ALL), None);
//! ```
//!
//! # One name, one rule
//!
//! A code name stands for one rule. Where several notations report the same rule, the code is
//! declared once, here, in a module named for the family of rules ([`tag_pairs`], [`auctions`]),
//! and each crate's list takes it with `NAME in cards_core::codes::module`: the crate's constant
//! is a re-export, and the name is in its `ALL` (and in its `LENIENCIES` if marked) at the place
//! it is listed. What the rule means is documented here; how a notation applies it (its
//! severity, what it counts) is documented in that crate's list. A name declared twice, in two
//! crates, would be two rules under one name: don't.
//!
//! A mark other than `lenient` does not compile:
//!
//! ```compile_fail
//! cards_core::codes! { SOME_CODE (forgiven) }
//! ```

/// The marks a code may carry in [`codes!`](crate::codes!) (a misspelt mark names no variant
/// here, so it does not compile).
#[doc(hidden)]
#[allow(non_camel_case_types, missing_docs)]
pub enum Mark {
    lenient,
}

/// Declares a crate's diagnostic codes: one `pub const NAME: &str = "NAME"` per code, with its
/// doc comment, or a re-export of a code shared with other notations (`NAME in
/// cards_core::codes::module`); then `ALL` and `LENIENCIES` (see the [module docs](mod@crate::codes)).
#[macro_export]
macro_rules! codes {
    ($($(#[$doc:meta])* $name:ident $(($mark:ident))? $(in $($module:ident)::+)?),* $(,)?) => {
        $($crate::__code_item! { $(#[$doc])* $name $(in $($module)::+)? })*
        /// Every code this crate reports, in the order declared.
        pub const ALL: &[&str] = &[$($name),*];
        /// The codes of producers' conventions: read with a warning, an error under `strict`.
        pub const LENIENCIES: &[&str] = &[$($({
            let _ = $crate::codes::Mark::$mark;
            $name
        },)?)*];
    };
}

/// One item of [`codes!`](crate::codes!): the code's constant, or the re-export of a shared one.
#[doc(hidden)]
#[macro_export]
macro_rules! __code_item {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])* pub const $name: &str = stringify!($name);
    };
    ($(#[$doc:meta])* $name:ident in $($module:ident)::+) => {
        $(#[$doc])* pub use $($module)::+::$name;
    };
}

/// Rules of the tag-pair files of the PGN family (PBN, Pinochle PPN), which more than one
/// notation reports.
pub mod tag_pairs {
    crate::codes! {
        /// A line longer than the 255 characters the PGN family allows (PBN counts a line with
        /// its line end; Pinochle PPN a header or tag line).
        LINE_TOO_LONG,
        /// A tag that may be given once given twice in one game or hand.
        DUPLICATE_TAG,
    }
}

/// Rules of auctions (bridge, Pinochle) that more than one notation reports.
pub mod auctions {
    crate::codes! {
        /// A call after the auction ended.
        AUCTION_AFTER_END,
        /// The auction stops before it has ended, and nothing says it was left unfinished.
        AUCTION_INCOMPLETE,
        /// The Contract tag differs from the contract the auction reached.
        CONTRACT_MISMATCH,
        /// The Declarer tag differs from the declarer the auction made.
        DECLARER_MISMATCH,
    }
}

#[cfg(test)]
mod tests {
    use crate::diagnostic::code_list_problem;

    #[test]
    fn shared_codes_are_sound_and_distinct() {
        let all: Vec<&str> = super::tag_pairs::ALL.iter().chain(super::auctions::ALL).copied().collect();
        assert_eq!(code_list_problem(&all), None);
        assert!(super::tag_pairs::LENIENCIES.is_empty() && super::auctions::LENIENCIES.is_empty());
    }
}
