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
