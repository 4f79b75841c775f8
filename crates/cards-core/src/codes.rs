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
//!     }
//! }
//! assert_eq!(codes::TAG_SYNTAX, "TAG_SYNTAX");
//! assert_eq!(codes::ALL, ["TAG_SYNTAX", "NOTRUMP_SPELLING"]);
//! assert_eq!(codes::LENIENCIES, ["NOTRUMP_SPELLING"]);
//! assert_eq!(cards_core::diagnostic::code_list_problem(codes::ALL), None);
//! ```
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
/// doc comment, then `ALL` and `LENIENCIES` (see the [module docs](mod@crate::codes)).
#[macro_export]
macro_rules! codes {
    ($($(#[$doc:meta])* $name:ident $(($mark:ident))?),* $(,)?) => {
        $($(#[$doc])* pub const $name: &str = stringify!($name);)*
        /// Every code this crate reports, in the order declared.
        pub const ALL: &[&str] = &[$($name),*];
        /// The codes of producers' conventions: read with a warning, an error under `strict`.
        pub const LENIENCIES: &[&str] = &[$($({
            let _ = $crate::codes::Mark::$mark;
            $name
        },)?)*];
    };
}
