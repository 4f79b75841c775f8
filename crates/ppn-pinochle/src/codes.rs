//! Stable diagnostic codes, one constant per code, grouped by the digest's check order.
//!
//! Errors break the format or the game; the `lint` ones are warnings.

cards_core::codes! {
    /// `% PPN` notation header missing or not first.
    MISSING_NOTATION_HEADER,
    /// `% EXPORT` / `% IMPORT` header missing.
    MISSING_FORMAT_HEADER,
    /// A `%` line that is not a known header, or a header after the first hand (lint).
    HEADER_SYNTAX,
    /// Header or tag longer than 255 characters.
    LINE_TOO_LONG in cards_core::codes::tag_pairs,
    /// EXPORT file without the blank `%` header line (lint).
    HEADER_BLANK_LINE (lenient),
    /// Malformed tag line, or text outside any tag or section.
    TAG_SYNTAX,
    /// `{` without `}`.
    COMMENT_UNCLOSED,
    /// Malformed segmental prefix.
    SEGMENT_SYNTAX,
    /// Segmental prefix on a tag that does not allow one.
    SEGMENT_NOT_ALLOWED,
    /// The same (non-repeatable) tag twice in a hand.
    DUPLICATE_TAG in cards_core::codes::tag_pairs,
    /// `#` with no earlier tag of that name.
    INHERIT_NOTHING,
    /// EXPORT mandatory tag missing.
    MISSING_TAG,
    /// EXPORT mandatory tags out of roster order (lint).
    TAG_ORDER (lenient),
    /// Date not `YYYY.MM.DD`.
    DATE_SYNTAX,
    /// Not an integer where one is required (Hand, Contract, Round, Victor).
    NUMBER_SYNTAX,
    /// Not a seat of the table.
    SEAT_SYNTAX,
    /// Trump not one of `C D S H -`.
    TRUMP_SYNTAX,
    /// Result not one of the four terms.
    RESULT_SYNTAX,
    /// Score list not colon-separated integers.
    SCORE_SYNTAX,
    /// Score list with the wrong number of teams.
    SCORE_ARITY,
    /// Malformed SuitRank card (Kitty, Partner).
    CARD_SYNTAX,
    /// Malformed Termination value.
    TERMINATION_SYNTAX,
    /// Malformed Discard value.
    DISCARD_SYNTAX,
    /// Tag of another variant in a DD4 record (Kitty, Discard, Partner, seats beyond four) (lint).
    NOT_IN_VARIANT,
    /// Competition is not DD4: only syntax is checked (lint).
    VARIANT_NOT_CHECKED,
    /// Unknown Scoring chart name; Standard used (lint).
    SCORING_UNKNOWN,
    /// SeatType not `human`/`program`, Room not `Open`/`Closed` (lint).
    VALUE_UNUSUAL,
    /// Hand text breaks the dot syntax.
    HAND_SYNTAX,
    /// Deal/Holding without exactly four hands.
    DEAL_HAND_COUNT,
    /// Deal/Holding not starting at the dealer's left.
    DEAL_FIRST_SEAT,
    /// A hand without 20 cards.
    HAND_SIZE,
    /// The hands are not the 80-card deck.
    DECK_COMPOSITION,
    /// Passed list not starting where it must.
    PASSED_FIRST_SEAT,
    /// Holding ≠ Deal − own Passed + partner's Passed.
    HOLDING_MISMATCH,
    /// Malformed Auction token.
    AUCTION_SYNTAX,
    /// Auction not starting at the dealer's left.
    AUCTION_FIRST_SEAT,
    /// Round line not starting at the first seat (lint).
    AUCTION_ROUND_LAYOUT,
    /// A bid from a seat that has passed.
    AUCTION_BID_AFTER_PASS,
    /// `-` for a seat still in the auction.
    AUCTION_DASH_FOR_ACTIVE,
    /// Bid not above the previous bid.
    BID_NOT_HIGHER,
    /// Bid below the minimum (50).
    BID_BELOW_MINIMUM,
    /// Unusual bid increment (lint).
    BID_INCREMENT,
    /// Tokens after the auction ended.
    AUCTION_AFTER_END in cards_core::codes::auctions,
    /// The auction stops before it ends (and is not terminated).
    AUCTION_INCOMPLETE in cards_core::codes::auctions,
    /// All four passed (spec gap, lint).
    AUCTION_ALL_PASS,
    /// Declarer ≠ the auction's last bidder.
    DECLARER_MISMATCH in cards_core::codes::auctions,
    /// Contract ≠ the auction's last bid.
    CONTRACT_MISMATCH in cards_core::codes::auctions,
    /// Trump suit without a declarer's marriage in it.
    TRUMP_WITHOUT_MARRIAGE,
    /// Trump `-` although the declarer holds a marriage.
    TRUMP_DASH_WITH_MARRIAGE,
    /// Melds tag syntax.
    MELDS_SYNTAX,
    /// Meld cards not in the player's holding.
    MELD_CARDS_NOT_HELD,
    /// Meld value ≠ the chart's value of the shown cards.
    MELD_VALUE,
    /// The hand holds more meld than shown (lint).
    MELD_NOT_MAXIMAL,
    /// MeldScores ≠ team sums with the 20-point minimum.
    MELDSCORES,
    /// Play tag seat ≠ Declarer.
    PLAY_LEADER_NOT_DECLARER,
    /// Not 20 tricks.
    TRICK_COUNT,
    /// Malformed trick line.
    PLAY_SYNTAX,
    /// A card played that the player does not hold (any more).
    CARD_NOT_HELD,
    /// Did not follow suit when able.
    REVOKE,
    /// Void in the led suit but did not trump when able.
    FAILED_TO_TRUMP,
    /// Did not beat the trick when able (switchable rule).
    FAILED_TO_HEAD,
    /// Annotated winner wrong.
    WRONG_TRICK_WINNER,
    /// Annotated points wrong.
    WRONG_TRICK_POINTS,
    /// A Play section in a hand that is not played (No Trump, No Board).
    PLAY_NOT_EXPECTED,
    /// PlayScores ≠ team points with the 20-point minimum.
    PLAYSCORES,
    /// Result ≠ the outcome the hand gives.
    RESULT,
    /// `No Board` accepted as an open point (lint).
    NO_BOARD (lenient),
    /// HandScores ≠ the scores the hand gives.
    HANDSCORES,
    /// GameScores ≠ previous GameScores + HandScores (lint).
    GAMESCORES_CARRY,
    /// Hand number not one more than the previous hand's (lint).
    HAND_NUMBER,
    /// Victor not the first team to 500 (lint).
    VICTOR,
    /// `*` used in a hand without a Termination tag.
    TERMINATION_MISSING,
    /// Terminated hand whose truncated section does not end with `*`.
    TERMINATION_MARK,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_is_named_by_itself_and_listed_once() {
        assert_eq!(cards_core::diagnostic::code_list_problem(ALL), None);
        assert_eq!(MISSING_NOTATION_HEADER, "MISSING_NOTATION_HEADER");
        assert_eq!(MISSING_FORMAT_HEADER, "MISSING_FORMAT_HEADER");
        assert_eq!(HEADER_SYNTAX, "HEADER_SYNTAX");
        assert_eq!(LINE_TOO_LONG, "LINE_TOO_LONG");
        assert_eq!(HEADER_BLANK_LINE, "HEADER_BLANK_LINE");
        assert_eq!(TAG_SYNTAX, "TAG_SYNTAX");
        assert_eq!(COMMENT_UNCLOSED, "COMMENT_UNCLOSED");
        assert_eq!(SEGMENT_SYNTAX, "SEGMENT_SYNTAX");
        assert_eq!(SEGMENT_NOT_ALLOWED, "SEGMENT_NOT_ALLOWED");
        assert_eq!(DUPLICATE_TAG, "DUPLICATE_TAG");
        assert_eq!(INHERIT_NOTHING, "INHERIT_NOTHING");
        assert_eq!(MISSING_TAG, "MISSING_TAG");
        assert_eq!(TAG_ORDER, "TAG_ORDER");
        assert_eq!(DATE_SYNTAX, "DATE_SYNTAX");
        assert_eq!(NUMBER_SYNTAX, "NUMBER_SYNTAX");
        assert_eq!(SEAT_SYNTAX, "SEAT_SYNTAX");
        assert_eq!(TRUMP_SYNTAX, "TRUMP_SYNTAX");
        assert_eq!(RESULT_SYNTAX, "RESULT_SYNTAX");
        assert_eq!(SCORE_SYNTAX, "SCORE_SYNTAX");
        assert_eq!(SCORE_ARITY, "SCORE_ARITY");
        assert_eq!(CARD_SYNTAX, "CARD_SYNTAX");
        assert_eq!(TERMINATION_SYNTAX, "TERMINATION_SYNTAX");
        assert_eq!(DISCARD_SYNTAX, "DISCARD_SYNTAX");
        assert_eq!(NOT_IN_VARIANT, "NOT_IN_VARIANT");
        assert_eq!(VARIANT_NOT_CHECKED, "VARIANT_NOT_CHECKED");
        assert_eq!(SCORING_UNKNOWN, "SCORING_UNKNOWN");
        assert_eq!(VALUE_UNUSUAL, "VALUE_UNUSUAL");
        assert_eq!(HAND_SYNTAX, "HAND_SYNTAX");
        assert_eq!(DEAL_HAND_COUNT, "DEAL_HAND_COUNT");
        assert_eq!(DEAL_FIRST_SEAT, "DEAL_FIRST_SEAT");
        assert_eq!(HAND_SIZE, "HAND_SIZE");
        assert_eq!(DECK_COMPOSITION, "DECK_COMPOSITION");
        assert_eq!(PASSED_FIRST_SEAT, "PASSED_FIRST_SEAT");
        assert_eq!(HOLDING_MISMATCH, "HOLDING_MISMATCH");
        assert_eq!(AUCTION_SYNTAX, "AUCTION_SYNTAX");
        assert_eq!(AUCTION_FIRST_SEAT, "AUCTION_FIRST_SEAT");
        assert_eq!(AUCTION_ROUND_LAYOUT, "AUCTION_ROUND_LAYOUT");
        assert_eq!(AUCTION_BID_AFTER_PASS, "AUCTION_BID_AFTER_PASS");
        assert_eq!(AUCTION_DASH_FOR_ACTIVE, "AUCTION_DASH_FOR_ACTIVE");
        assert_eq!(BID_NOT_HIGHER, "BID_NOT_HIGHER");
        assert_eq!(BID_BELOW_MINIMUM, "BID_BELOW_MINIMUM");
        assert_eq!(BID_INCREMENT, "BID_INCREMENT");
        assert_eq!(AUCTION_AFTER_END, "AUCTION_AFTER_END");
        assert_eq!(AUCTION_INCOMPLETE, "AUCTION_INCOMPLETE");
        assert_eq!(AUCTION_ALL_PASS, "AUCTION_ALL_PASS");
        assert_eq!(DECLARER_MISMATCH, "DECLARER_MISMATCH");
        assert_eq!(CONTRACT_MISMATCH, "CONTRACT_MISMATCH");
        assert_eq!(TRUMP_WITHOUT_MARRIAGE, "TRUMP_WITHOUT_MARRIAGE");
        assert_eq!(TRUMP_DASH_WITH_MARRIAGE, "TRUMP_DASH_WITH_MARRIAGE");
        assert_eq!(MELDS_SYNTAX, "MELDS_SYNTAX");
        assert_eq!(MELD_CARDS_NOT_HELD, "MELD_CARDS_NOT_HELD");
        assert_eq!(MELD_VALUE, "MELD_VALUE");
        assert_eq!(MELD_NOT_MAXIMAL, "MELD_NOT_MAXIMAL");
        assert_eq!(MELDSCORES, "MELDSCORES");
        assert_eq!(PLAY_LEADER_NOT_DECLARER, "PLAY_LEADER_NOT_DECLARER");
        assert_eq!(TRICK_COUNT, "TRICK_COUNT");
        assert_eq!(PLAY_SYNTAX, "PLAY_SYNTAX");
        assert_eq!(CARD_NOT_HELD, "CARD_NOT_HELD");
        assert_eq!(REVOKE, "REVOKE");
        assert_eq!(FAILED_TO_TRUMP, "FAILED_TO_TRUMP");
        assert_eq!(FAILED_TO_HEAD, "FAILED_TO_HEAD");
        assert_eq!(WRONG_TRICK_WINNER, "WRONG_TRICK_WINNER");
        assert_eq!(WRONG_TRICK_POINTS, "WRONG_TRICK_POINTS");
        assert_eq!(PLAY_NOT_EXPECTED, "PLAY_NOT_EXPECTED");
        assert_eq!(PLAYSCORES, "PLAYSCORES");
        assert_eq!(RESULT, "RESULT");
        assert_eq!(NO_BOARD, "NO_BOARD");
        assert_eq!(HANDSCORES, "HANDSCORES");
        assert_eq!(GAMESCORES_CARRY, "GAMESCORES_CARRY");
        assert_eq!(HAND_NUMBER, "HAND_NUMBER");
        assert_eq!(VICTOR, "VICTOR");
        assert_eq!(TERMINATION_MISSING, "TERMINATION_MISSING");
        assert_eq!(TERMINATION_MARK, "TERMINATION_MARK");
    }
}
