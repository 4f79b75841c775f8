//! Stable diagnostic codes, one constant per code, grouped by the digest's check order.
//!
//! Errors break the format or the game; the `lint` ones are warnings.

/// `% PPN` notation header missing or not first.
pub const MISSING_NOTATION_HEADER: &str = "MISSING_NOTATION_HEADER";
/// `% EXPORT` / `% IMPORT` header missing.
pub const MISSING_FORMAT_HEADER: &str = "MISSING_FORMAT_HEADER";
/// A `%` line that is not a known header, or a header after the first hand (lint).
pub const HEADER_SYNTAX: &str = "HEADER_SYNTAX";
/// Header or tag longer than 255 characters.
pub const LINE_TOO_LONG: &str = "LINE_TOO_LONG";
/// EXPORT file without the blank `%` header line (lint).
pub const HEADER_BLANK_LINE: &str = "HEADER_BLANK_LINE";
/// Malformed tag line, or text outside any tag or section.
pub const TAG_SYNTAX: &str = "TAG_SYNTAX";
/// `{` without `}`.
pub const COMMENT_UNCLOSED: &str = "COMMENT_UNCLOSED";
/// Malformed segmental prefix.
pub const SEGMENT_SYNTAX: &str = "SEGMENT_SYNTAX";
/// Segmental prefix on a tag that does not allow one.
pub const SEGMENT_NOT_ALLOWED: &str = "SEGMENT_NOT_ALLOWED";
/// The same (non-repeatable) tag twice in a hand.
pub const DUPLICATE_TAG: &str = "DUPLICATE_TAG";
/// `#` with no earlier tag of that name.
pub const INHERIT_NOTHING: &str = "INHERIT_NOTHING";
/// EXPORT mandatory tag missing.
pub const MISSING_TAG: &str = "MISSING_TAG";
/// EXPORT mandatory tags out of roster order (lint).
pub const TAG_ORDER: &str = "TAG_ORDER";
/// Date not `YYYY.MM.DD`.
pub const DATE_SYNTAX: &str = "DATE_SYNTAX";
/// Not an integer where one is required (Hand, Contract, Round, Victor).
pub const NUMBER_SYNTAX: &str = "NUMBER_SYNTAX";
/// Not a seat of the table.
pub const SEAT_SYNTAX: &str = "SEAT_SYNTAX";
/// Trump not one of `C D S H -`.
pub const TRUMP_SYNTAX: &str = "TRUMP_SYNTAX";
/// Result not one of the four terms.
pub const RESULT_SYNTAX: &str = "RESULT_SYNTAX";
/// Score list not colon-separated integers.
pub const SCORE_SYNTAX: &str = "SCORE_SYNTAX";
/// Score list with the wrong number of teams.
pub const SCORE_ARITY: &str = "SCORE_ARITY";
/// Malformed SuitRank card (Kitty, Partner).
pub const CARD_SYNTAX: &str = "CARD_SYNTAX";
/// Malformed Termination value.
pub const TERMINATION_SYNTAX: &str = "TERMINATION_SYNTAX";
/// Malformed Discard value.
pub const DISCARD_SYNTAX: &str = "DISCARD_SYNTAX";
/// Tag of another variant in a DD4 record (Kitty, Discard, Partner, seats beyond four) (lint).
pub const NOT_IN_VARIANT: &str = "NOT_IN_VARIANT";
/// Competition is not DD4: only syntax is checked (lint).
pub const VARIANT_NOT_CHECKED: &str = "VARIANT_NOT_CHECKED";
/// Unknown Scoring chart name; Standard used (lint).
pub const SCORING_UNKNOWN: &str = "SCORING_UNKNOWN";
/// SeatType not `human`/`program`, Room not `Open`/`Closed` (lint).
pub const VALUE_UNUSUAL: &str = "VALUE_UNUSUAL";
/// Hand text breaks the dot syntax.
pub const HAND_SYNTAX: &str = "HAND_SYNTAX";
/// Deal/Holding without exactly four hands.
pub const DEAL_HAND_COUNT: &str = "DEAL_HAND_COUNT";
/// Deal/Holding not starting at the dealer's left.
pub const DEAL_FIRST_SEAT: &str = "DEAL_FIRST_SEAT";
/// A hand without 20 cards.
pub const HAND_SIZE: &str = "HAND_SIZE";
/// The hands are not the 80-card deck.
pub const DECK_COMPOSITION: &str = "DECK_COMPOSITION";
/// Passed list not starting where it must.
pub const PASSED_FIRST_SEAT: &str = "PASSED_FIRST_SEAT";
/// Holding ≠ Deal − own Passed + partner's Passed.
pub const HOLDING_MISMATCH: &str = "HOLDING_MISMATCH";
/// Malformed Auction token.
pub const AUCTION_SYNTAX: &str = "AUCTION_SYNTAX";
/// Auction not starting at the dealer's left.
pub const AUCTION_FIRST_SEAT: &str = "AUCTION_FIRST_SEAT";
/// Round line not starting at the first seat (lint).
pub const AUCTION_ROUND_LAYOUT: &str = "AUCTION_ROUND_LAYOUT";
/// A bid from a seat that has passed.
pub const AUCTION_BID_AFTER_PASS: &str = "AUCTION_BID_AFTER_PASS";
/// `-` for a seat still in the auction.
pub const AUCTION_DASH_FOR_ACTIVE: &str = "AUCTION_DASH_FOR_ACTIVE";
/// Bid not above the previous bid.
pub const BID_NOT_HIGHER: &str = "BID_NOT_HIGHER";
/// Bid below the minimum (50).
pub const BID_BELOW_MINIMUM: &str = "BID_BELOW_MINIMUM";
/// Unusual bid increment (lint).
pub const BID_INCREMENT: &str = "BID_INCREMENT";
/// Tokens after the auction ended.
pub const AUCTION_AFTER_END: &str = "AUCTION_AFTER_END";
/// The auction stops before it ends (and is not terminated).
pub const AUCTION_INCOMPLETE: &str = "AUCTION_INCOMPLETE";
/// All four passed (spec gap, lint).
pub const AUCTION_ALL_PASS: &str = "AUCTION_ALL_PASS";
/// Declarer ≠ the auction's last bidder.
pub const DECLARER_MISMATCH: &str = "DECLARER_MISMATCH";
/// Contract ≠ the auction's last bid.
pub const CONTRACT_MISMATCH: &str = "CONTRACT_MISMATCH";
/// Trump suit without a declarer's marriage in it.
pub const TRUMP_WITHOUT_MARRIAGE: &str = "TRUMP_WITHOUT_MARRIAGE";
/// Trump `-` although the declarer holds a marriage.
pub const TRUMP_DASH_WITH_MARRIAGE: &str = "TRUMP_DASH_WITH_MARRIAGE";
/// Melds tag syntax.
pub const MELDS_SYNTAX: &str = "MELDS_SYNTAX";
/// Meld cards not in the player's holding.
pub const MELD_CARDS_NOT_HELD: &str = "MELD_CARDS_NOT_HELD";
/// Meld value ≠ the chart's value of the shown cards.
pub const MELD_VALUE: &str = "MELD_VALUE";
/// The hand holds more meld than shown (lint).
pub const MELD_NOT_MAXIMAL: &str = "MELD_NOT_MAXIMAL";
/// MeldScores ≠ team sums with the 20-point minimum.
pub const MELDSCORES: &str = "MELDSCORES";
/// Play tag seat ≠ Declarer.
pub const PLAY_LEADER_NOT_DECLARER: &str = "PLAY_LEADER_NOT_DECLARER";
/// Not 20 tricks.
pub const TRICK_COUNT: &str = "TRICK_COUNT";
/// Malformed trick line.
pub const PLAY_SYNTAX: &str = "PLAY_SYNTAX";
/// A card played that the player does not hold (any more).
pub const CARD_NOT_HELD: &str = "CARD_NOT_HELD";
/// Did not follow suit when able.
pub const REVOKE: &str = "REVOKE";
/// Void in the led suit but did not trump when able.
pub const FAILED_TO_TRUMP: &str = "FAILED_TO_TRUMP";
/// Did not beat the trick when able (switchable rule).
pub const FAILED_TO_HEAD: &str = "FAILED_TO_HEAD";
/// Annotated winner wrong.
pub const WRONG_TRICK_WINNER: &str = "WRONG_TRICK_WINNER";
/// Annotated points wrong.
pub const WRONG_TRICK_POINTS: &str = "WRONG_TRICK_POINTS";
/// A Play section in a hand that is not played (No Trump, No Board).
pub const PLAY_NOT_EXPECTED: &str = "PLAY_NOT_EXPECTED";
/// PlayScores ≠ team points with the 20-point minimum.
pub const PLAYSCORES: &str = "PLAYSCORES";
/// Result ≠ the outcome the hand gives.
pub const RESULT: &str = "RESULT";
/// `No Board` accepted as an open point (lint).
pub const NO_BOARD: &str = "NO_BOARD";
/// HandScores ≠ the scores the hand gives.
pub const HANDSCORES: &str = "HANDSCORES";
/// GameScores ≠ previous GameScores + HandScores (lint).
pub const GAMESCORES_CARRY: &str = "GAMESCORES_CARRY";
/// Hand number not one more than the previous hand's (lint).
pub const HAND_NUMBER: &str = "HAND_NUMBER";
/// Victor not the first team to 500 (lint).
pub const VICTOR: &str = "VICTOR";
/// `*` used in a hand without a Termination tag.
pub const TERMINATION_MISSING: &str = "TERMINATION_MISSING";
/// Terminated hand whose truncated section does not end with `*`.
pub const TERMINATION_MARK: &str = "TERMINATION_MARK";

/// The codes of producers' conventions the reader accepts with a warning (an EXPORT file
/// without its blank `%` line, tags out of roster order, `No Board` as an open point); errors
/// under [`Options::strict`](crate::Options::strict).
pub const LENIENCIES: &[&str] = &[HEADER_BLANK_LINE, TAG_ORDER, NO_BOARD];

/// Every code this crate reports.
pub const ALL: &[&str] = &[
    MISSING_NOTATION_HEADER,
    MISSING_FORMAT_HEADER,
    HEADER_SYNTAX,
    LINE_TOO_LONG,
    HEADER_BLANK_LINE,
    TAG_SYNTAX,
    COMMENT_UNCLOSED,
    SEGMENT_SYNTAX,
    SEGMENT_NOT_ALLOWED,
    DUPLICATE_TAG,
    INHERIT_NOTHING,
    MISSING_TAG,
    TAG_ORDER,
    DATE_SYNTAX,
    NUMBER_SYNTAX,
    SEAT_SYNTAX,
    TRUMP_SYNTAX,
    RESULT_SYNTAX,
    SCORE_SYNTAX,
    SCORE_ARITY,
    CARD_SYNTAX,
    TERMINATION_SYNTAX,
    DISCARD_SYNTAX,
    NOT_IN_VARIANT,
    VARIANT_NOT_CHECKED,
    SCORING_UNKNOWN,
    VALUE_UNUSUAL,
    HAND_SYNTAX,
    DEAL_HAND_COUNT,
    DEAL_FIRST_SEAT,
    HAND_SIZE,
    DECK_COMPOSITION,
    PASSED_FIRST_SEAT,
    HOLDING_MISMATCH,
    AUCTION_SYNTAX,
    AUCTION_FIRST_SEAT,
    AUCTION_ROUND_LAYOUT,
    AUCTION_BID_AFTER_PASS,
    AUCTION_DASH_FOR_ACTIVE,
    BID_NOT_HIGHER,
    BID_BELOW_MINIMUM,
    BID_INCREMENT,
    AUCTION_AFTER_END,
    AUCTION_INCOMPLETE,
    AUCTION_ALL_PASS,
    DECLARER_MISMATCH,
    CONTRACT_MISMATCH,
    TRUMP_WITHOUT_MARRIAGE,
    TRUMP_DASH_WITH_MARRIAGE,
    MELDS_SYNTAX,
    MELD_CARDS_NOT_HELD,
    MELD_VALUE,
    MELD_NOT_MAXIMAL,
    MELDSCORES,
    PLAY_LEADER_NOT_DECLARER,
    TRICK_COUNT,
    PLAY_SYNTAX,
    CARD_NOT_HELD,
    REVOKE,
    FAILED_TO_TRUMP,
    FAILED_TO_HEAD,
    WRONG_TRICK_WINNER,
    WRONG_TRICK_POINTS,
    PLAY_NOT_EXPECTED,
    PLAYSCORES,
    RESULT,
    NO_BOARD,
    HANDSCORES,
    GAMESCORES_CARRY,
    HAND_NUMBER,
    VICTOR,
    TERMINATION_MISSING,
    TERMINATION_MARK,
];

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
