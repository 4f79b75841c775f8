//! Every stable diagnostic code of the conversions, as `&'static str` constants, and [`ALL`].
//!
//! The conversions report the source's diagnostics as they are; these are the conversion's own:
//! what one notation holds and the other has no place for, so that nothing is lost silently.

cards_core::codes! {
    /// LIN -> PBN: calls on a board with no dealer (`md` without a dealer digit 1-4, or no `md`):
    /// PBN's `Auction` section begins with the dealer's seat, so the calls are left out of the
    /// PBN (a warning, spanning the calls).
    CONVERT_AUCTION_WITHOUT_DEALER,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_is_named_by_itself_and_listed_once() {
        assert_eq!(cards_core::diagnostic::code_list_problem(ALL), None);
        assert_eq!(CONVERT_AUCTION_WITHOUT_DEALER, "CONVERT_AUCTION_WITHOUT_DEALER");
        assert!(LENIENCIES.is_empty());
    }
}
