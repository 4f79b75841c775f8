//! Stable diagnostic codes of the double-dummy checks (`cardnote dd --check`, `check --dd`).

/// An `OptimumResultTable` row gives a trick count the deal does not have double dummy.
pub const DD_TABLE_MISMATCH: &str = "DD_TABLE_MISMATCH";
/// An `OptimumResultTable` row could not be read (declarer, denomination or tricks).
pub const DD_TABLE_ROW: &str = "DD_TABLE_ROW";
/// `DoubleDummyTricks` differs from the deal's double-dummy table.
pub const DD_TRICKS_MISMATCH: &str = "DD_TRICKS_MISMATCH";
/// `DoubleDummyTricks` is not 20 hexadecimal digits of 0 to 13.
pub const DD_TRICKS_SYNTAX: &str = "DD_TRICKS_SYNTAX";
/// `OptimumScore` differs from the deal's par score.
pub const DD_SCORE_MISMATCH: &str = "DD_SCORE_MISMATCH";
/// `ParContract` differs from the deal's par contracts.
pub const DD_CONTRACT_MISMATCH: &str = "DD_CONTRACT_MISMATCH";
/// `ParContract` could not be read.
pub const DD_CONTRACT_SYNTAX: &str = "DD_CONTRACT_SYNTAX";
/// The par tags give the par with a side bidding first, not with the dealer opening: a "hot" deal
/// where the two differ (a warning; an error under `strict`).
pub const DD_PAR_SIDE_FIRST: &str = "DD_PAR_SIDE_FIRST";
/// The game has double-dummy tags that cannot be checked: no full deal, or no vulnerability for
/// the par tags.
pub const DD_NOT_CHECKED: &str = "DD_NOT_CHECKED";

/// Every code.
pub const ALL: [&str; 9] = [
    DD_TABLE_MISMATCH,
    DD_TABLE_ROW,
    DD_TRICKS_MISMATCH,
    DD_TRICKS_SYNTAX,
    DD_SCORE_MISMATCH,
    DD_CONTRACT_MISMATCH,
    DD_CONTRACT_SYNTAX,
    DD_PAR_SIDE_FIRST,
    DD_NOT_CHECKED,
];
