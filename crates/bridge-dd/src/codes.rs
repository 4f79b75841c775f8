//! Stable diagnostic codes of the double-dummy checks (`cardnote dd --check`, `check --dd`).

cards_core::codes! {
    /// An `OptimumResultTable` row gives a trick count the deal does not have double dummy.
    DD_TABLE_MISMATCH,
    /// An `OptimumResultTable` row could not be read (declarer, denomination or tricks).
    DD_TABLE_ROW,
    /// `DoubleDummyTricks` differs from the deal's double-dummy table.
    DD_TRICKS_MISMATCH,
    /// `DoubleDummyTricks` is not 20 hexadecimal digits of 0 to 13.
    DD_TRICKS_SYNTAX,
    /// `OptimumScore` differs from the deal's par score.
    DD_SCORE_MISMATCH,
    /// `ParContract` differs from the deal's par contracts.
    DD_CONTRACT_MISMATCH,
    /// `ParContract` could not be read.
    DD_CONTRACT_SYNTAX,
    /// The par tags give the par with a side bidding first, not with the dealer opening: a "hot" deal
    /// where the two differ (a warning; an error under `strict`).
    DD_PAR_SIDE_FIRST (lenient),
    /// The game has double-dummy tags that cannot be checked: no full deal, or no vulnerability for
    /// the par tags.
    DD_NOT_CHECKED,
}
