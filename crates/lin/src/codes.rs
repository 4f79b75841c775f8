//! Every stable diagnostic code this crate reports.
//!
//! Errors break the file or the game; warnings mark a producer's convention that can still be
//! read (each with a code of its own), and become errors under [`crate::Options::strict`].

cards_core::codes! {
    /// A tag name that is not two ASCII letters where a tag must start, or text that is not an
    /// item at all.
    LIN_TAG_SYNTAX,
    /// The file ends inside a value: its closing `|` is missing.
    LIN_UNTERMINATED (lenient),
    /// A `|` inside a value (a name or a note): Bridge Composer writes them unescaped. The text
    /// up to the next real tag is read as one value.
    LIN_UNESCAPED_PIPE (lenient),
    /// `pn` with a number of names other than 4 or 8.
    LIN_PLAYER_COUNT (lenient),
    /// `md` without a dealer digit 1-4 (`0` is a position without a dealer, read as such).
    LIN_DEALER,
    /// A hand of `md` that is not suit letters followed by ranks.
    LIN_HAND_SYNTAX,
    /// A card held twice in `md`.
    LIN_DEAL_DUPLICATE_CARD,
    /// A hand of more than 13 cards.
    LIN_DEAL_HAND_SIZE,
    /// A deal with hands missing or short that cannot be completed (fewer than three full hands).
    LIN_DEAL_INCOMPLETE (lenient),
    /// `sv` other than `o`, `0`, `-`, `n`, `e`, `b`.
    LIN_VULNERABILITY,
    /// `mb` that is not a call.
    LIN_CALL_SYNTAX,
    /// A notrump bid written `1NT` (BBO writes `1N`; people typing LIN write `NT`).
    LIN_CALL_NT_SPELLING (lenient),
    /// A bid not higher than the last bid.
    LIN_AUCTION_INSUFFICIENT,
    /// A double that doubles nothing, one's own side or a doubled bid.
    LIN_AUCTION_DOUBLE,
    /// A redouble without an opponent's admissible double of one's own side's bid to redouble.
    LIN_AUCTION_REDOUBLE,
    /// A call after the auction ended (three passes after a bid, or four passes).
    LIN_AUCTION_AFTER_END,
    /// A call after the play began.
    LIN_CALL_AFTER_PLAY,
    /// `an` with no call before it to explain.
    LIN_EXPLANATION_WITHOUT_CALL (lenient),
    /// `pc` that is not a card.
    LIN_CARD_SYNTAX,
    /// A card played before the auction ended, or after a passed-out auction.
    LIN_PLAY_WITHOUT_CONTRACT,
    /// A card the player to play does not hold (or a card played twice).
    LIN_PLAY_NOT_HELD,
    /// A card of another suit while the player holds the suit led.
    LIN_PLAY_REVOKE,
    /// More than 52 cards played.
    LIN_PLAY_TOO_LONG,
    /// `mc` that is not a number of tricks from 0 to 13.
    LIN_CLAIM_SYNTAX,
    /// A claim of fewer tricks than declarer already won, or more than won plus those left.
    LIN_CLAIM_IMPOSSIBLE,
    /// A claim on a board with no contract.
    LIN_CLAIM_WITHOUT_CONTRACT,
    /// `vg` without its nine fields (title, segment, scoring, first and last board, two teams
    /// with their carry-over).
    LIN_MATCH_HEADER (lenient),
    /// `vg` scoring other than `I` (IMPs), `P` (pairs), `B` (board-a-match).
    LIN_MATCH_SCORING (lenient),
    /// `qx` whose room is not `o` (open) or `c` (closed) followed by a board number.
    LIN_ROOM (lenient),
    /// A file whose bytes are not UTF-8, read as Latin-1 (BBO's commentary text often is).
    LIN_LATIN1 (lenient),
    /// `mb|-|` padding a vugraph auction written as a W-N-E-S grid (the empty cells before the
    /// dealer's first call, and after the last call to fill the last row): read as padding, not
    /// as calls.
    LIN_AUCTION_PADDING (lenient),
    /// The file's result list (`rs`) gives this board another contract or declarer than its
    /// auction reaches: the file contradicts itself (a call missing or extra, or a wrong entry).
    LIN_RESULT_MISMATCH,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_is_named_by_itself_and_listed_once() {
        assert_eq!(cards_core::diagnostic::code_list_problem(ALL), None);
        assert_eq!(LIN_TAG_SYNTAX, "LIN_TAG_SYNTAX");
        assert_eq!(cards_core::diagnostic::code_list_problem(LENIENCIES), None);
        for code in LENIENCIES {
            assert!(ALL.contains(code), "{code} is not in ALL");
        }
    }
}
