//! Stable diagnostic codes, grouped by where they are found: every code the crate reports is one
//! of these constants, and [`ALL`] lists them.

// --- decoding and tokens ---
/// A control character that PBN does not allow (warning).
pub const CONTROL_CHARACTER: &str = "CONTROL_CHARACTER";
/// A `[` that does not start a well-formed tag pair `[Name "value"]`.
pub const BAD_TAG_PAIR: &str = "BAD_TAG_PAIR";
/// A string token without its closing quote on the same line.
pub const UNTERMINATED_STRING: &str = "UNTERMINATED_STRING";
/// A `{` comment without its `}`.
pub const UNTERMINATED_COMMENT: &str = "UNTERMINATED_COMMENT";
/// A `]` or `}` outside a tag pair or comment.
pub const UNEXPECTED_CHARACTER: &str = "UNEXPECTED_CHARACTER";
/// Text before the first tag of a game that is not a comment.
pub const DATA_WITHOUT_TAG: &str = "DATA_WITHOUT_TAG";
/// A tag name that does not start with an upper-case letter (warning).
pub const TAG_NAME_CASE: &str = "TAG_NAME_CASE";
/// A game that starts without the empty line before it (`Event`, `Board` or `Deal` repeated;
/// warning).
pub const MISSING_GAME_SEPARATOR: &str = "MISSING_GAME_SEPARATOR";
/// A tag given twice in one game; the later one is ignored (warning).
pub const DUPLICATE_TAG: &str = "DUPLICATE_TAG";
/// Section data after a tag that takes none (warning).
pub const UNEXPECTED_SECTION_DATA: &str = "UNEXPECTED_SECTION_DATA";

// --- tag values ---
/// `#`/`##` used on a tag for which inheritance is forbidden.
pub const INHERIT_FORBIDDEN: &str = "INHERIT_FORBIDDEN";
/// Dealer is not `N E S W`.
pub const BAD_DEALER: &str = "BAD_DEALER";
/// Vulnerable is not one of its synonyms.
pub const BAD_VULNERABLE: &str = "BAD_VULNERABLE";
/// Deal is malformed.
pub const BAD_DEAL: &str = "BAD_DEAL";
/// Declarer is malformed.
pub const BAD_DECLARER: &str = "BAD_DECLARER";
/// Contract is malformed.
pub const BAD_CONTRACT: &str = "BAD_CONTRACT";
/// Result is malformed.
pub const BAD_RESULT: &str = "BAD_RESULT";
/// Board is not a positive integer (warning: real files write `1-1`).
pub const BAD_BOARD: &str = "BAD_BOARD";
/// Date is not `YYYY.MM.DD` (warning).
pub const BAD_DATE: &str = "BAD_DATE";
/// Scoring fields are empty or not names.
pub const BAD_SCORING: &str = "BAD_SCORING";
/// A score tag (Score, ScoreIMP, ScoreMP, ...) is malformed.
pub const BAD_SCORE: &str = "BAD_SCORE";
/// OptimumScore is malformed (it needs `NS` or `EW`).
pub const BAD_OPTIMUM_SCORE: &str = "BAD_OPTIMUM_SCORE";
/// ScoreRubberHistory is malformed.
pub const BAD_RUBBER_HISTORY: &str = "BAD_RUBBER_HISTORY";
/// ScoreRubberHistory implies another vulnerability than the Vulnerable tag.
pub const RUBBER_VULNERABILITY: &str = "RUBBER_VULNERABILITY";
/// Hidden holds characters other than `N E S W`.
pub const BAD_HIDDEN: &str = "BAD_HIDDEN";
/// Auction or Play tag value is not a seat.
pub const BAD_SECTION_SEAT: &str = "BAD_SECTION_SEAT";
/// A Note tag is not `n:text` with n in 1..=32.
pub const BAD_NOTE: &str = "BAD_NOTE";

// --- deal ---
/// A card appears in two hands.
pub const DEAL_DUPLICATE_CARD: &str = "DEAL_DUPLICATE_CARD";
/// A complete deal whose hands do not hold 13 cards each.
pub const DEAL_HAND_SIZE: &str = "DEAL_HAND_SIZE";
/// A hand slot left empty (`W: <N>  <S>`), read as a hand not given (warning).
pub const DEAL_EMPTY_HAND: &str = "DEAL_EMPTY_HAND";
/// The hands of an end position differ in length (warning).
pub const DEAL_UNEVEN_END_POSITION: &str = "DEAL_UNEVEN_END_POSITION";

// --- auction ---
/// A token in the auction section that is not a call or an annotation.
pub const AUCTION_BAD_TOKEN: &str = "AUCTION_BAD_TOKEN";
/// A bid not higher than the previous one (and not marked `^I`).
pub const AUCTION_INSUFFICIENT_BID: &str = "AUCTION_INSUFFICIENT_BID";
/// A double or redouble that is not allowed.
pub const AUCTION_ILLEGAL_DOUBLE: &str = "AUCTION_ILLEGAL_DOUBLE";
/// A call after the auction ended (a warning when it is a pass).
pub const AUCTION_AFTER_END: &str = "AUCTION_AFTER_END";
/// `____`, a blank for a student to fill in: a call or card not given that keeps its turn (warning).
pub const AUCTION_BLANK: &str = "AUCTION_BLANK";
/// Something after `+` in the auction.
pub const AUCTION_AFTER_CONTINUE: &str = "AUCTION_AFTER_CONTINUE";
/// The auction neither ends with three passes nor with `*` or `+` (warning).
pub const AUCTION_INCOMPLETE: &str = "AUCTION_INCOMPLETE";
/// `-` placeholders where they do not belong (warning).
pub const AUCTION_PLACEHOLDER: &str = "AUCTION_PLACEHOLDER";
/// An Auction section while the Dealer tag is missing (warning).
pub const AUCTION_WITHOUT_DEALER: &str = "AUCTION_WITHOUT_DEALER";
/// The first call is not made by the dealer (after placeholders).
pub const AUCTION_NOT_DEALER: &str = "AUCTION_NOT_DEALER";
/// The auction's contract differs from the Contract tag.
pub const CONTRACT_MISMATCH: &str = "CONTRACT_MISMATCH";
/// The auction's declarer differs from the Declarer tag.
pub const DECLARER_MISMATCH: &str = "DECLARER_MISMATCH";

// --- play ---
/// A token in the play section that is not a card or an annotation.
pub const PLAY_BAD_TOKEN: &str = "PLAY_BAD_TOKEN";
/// A Play section without the Deal, Declarer or Contract it needs (warning).
pub const PLAY_WITHOUT_CONTRACT: &str = "PLAY_WITHOUT_CONTRACT";
/// The Play tag is not declarer's left-hand opponent.
pub const PLAY_WRONG_LEADER: &str = "PLAY_WRONG_LEADER";
/// A card that is not in the player's hand.
pub const PLAY_CARD_NOT_IN_HAND: &str = "PLAY_CARD_NOT_IN_HAND";
/// A card played twice.
pub const PLAY_CARD_TWICE: &str = "PLAY_CARD_TWICE";
/// A player did not follow suit while able to (and it is not marked `^R`).
pub const PLAY_REVOKE: &str = "PLAY_REVOKE";
/// More than 13 tricks.
pub const PLAY_TOO_MANY_TRICKS: &str = "PLAY_TOO_MANY_TRICKS";
/// A card or second `+` after a `+`.
pub const PLAY_AFTER_CONTINUE: &str = "PLAY_AFTER_CONTINUE";
/// The tricks won in the play differ from the Result tag.
pub const RESULT_MISMATCH: &str = "RESULT_MISMATCH";

// --- notes, tables, scores ---
/// A note reference without a Note tag in its section (warning).
pub const NOTE_UNRESOLVED: &str = "NOTE_UNRESOLVED";
/// Two Note tags with the same index in one section.
pub const NOTE_DUPLICATE: &str = "NOTE_DUPLICATE";
/// A NAG outside 0..=255, or a call NAG on a card and vice versa.
pub const BAD_NAG: &str = "BAD_NAG";
/// A table column header is malformed.
pub const TABLE_BAD_HEADER: &str = "TABLE_BAD_HEADER";
/// A comment inside table data.
pub const TABLE_COMMENT: &str = "TABLE_COMMENT";
/// A character not allowed in table elements.
pub const TABLE_BAD_ELEMENT: &str = "TABLE_BAD_ELEMENT";
/// An element that does not fit its predefined column (a Result above 13, a bad seat).
pub const TABLE_BAD_VALUE: &str = "TABLE_BAD_VALUE";
/// The number of elements is not a multiple of the number of columns.
pub const TABLE_MISSING_ELEMENTS: &str = "TABLE_MISSING_ELEMENTS";
/// The Score tag differs from the duplicate score of the contract.
pub const SCORE_MISMATCH: &str = "SCORE_MISMATCH";

// --- export format ---
/// A rule of the export format is broken in a file that says `% EXPORT` (warning).
pub const EXPORT_FORMAT: &str = "EXPORT_FORMAT";
/// A line longer than 255 characters (warning).
pub const LINE_TOO_LONG: &str = "LINE_TOO_LONG";

// --- producers' conventions (each read with its own warning) ---
/// A tag value written without quotes (`[Event Random Deal #]`, WBridge5/TableMonitor), read up to
/// the `]` (warning).
pub const TAG_VALUE_UNQUOTED: &str = "TAG_VALUE_UNQUOTED";
/// `N` for notrump (`3N`) in the Contract tag or the auction, as BBA, GIB and BEN write it; read
/// as `NT` (warning).
pub const NOTRUMP_AS_N: &str = "NOTRUMP_AS_N";
/// `x` for a small card in a Deal (teaching material): an unknown spot card; the checks that need
/// every card of that hand are skipped (warning).
pub const DEAL_SPOT_CARD: &str = "DEAL_SPOT_CARD";
/// A partial deal (teaching files: `...` a hand not shown, `...K` a hand with one card shown):
/// hands given with fewer than 13 cards beside a 13-card hand and a hand not given; the checks
/// that need every card of those hands are skipped (warning).
pub const DEAL_PARTIAL: &str = "DEAL_PARTIAL";
/// `all pass` written out in the auction, read as `AP` (warning).
pub const AUCTION_ALL_PASS_TEXT: &str = "AUCTION_ALL_PASS_TEXT";
/// Free text (prose) among the calls of an auction: the calls cannot be told apart from it, so
/// the auction is not replayed.
pub const AUCTION_PROSE: &str = "AUCTION_PROSE";
/// A game of a match's other table that gives no Board, Dealer, Vulnerable or Deal (the
/// championship archive's layout), read as the board of the game before it (warning).
pub const OTHER_TABLE: &str = "OTHER_TABLE";
/// An auction that leaves out the dealer's opening passes (the championship archive's layout),
/// read with them restored because only then do the Declarer tag and the opening lead fit (warning).
pub const AUCTION_OPENING_PASSES_OMITTED: &str = "AUCTION_OPENING_PASSES_OMITTED";
/// A play line that holds one trick's cards clockwise but starts at another seat than the Play
/// seat's column (the championship archive's layout, decided line by line): read from the one
/// seat at which every card comes from its player's hand, suit is followed and each trick's
/// winner leads the next (warning, on the line).
pub const PLAY_TRICK_ORDER: &str = "PLAY_TRICK_ORDER";

/// The producers' conventions, each read with a warning code of its own: under
/// [`crate::Options::strict`] they are errors (and every other warning stays a warning).
pub const LENIENCIES: &[&str] = &[
    TAG_VALUE_UNQUOTED,
    NOTRUMP_AS_N,
    DEAL_SPOT_CARD,
    DEAL_PARTIAL,
    AUCTION_ALL_PASS_TEXT,
    AUCTION_BLANK,
    OTHER_TABLE,
    AUCTION_OPENING_PASSES_OMITTED,
    PLAY_TRICK_ORDER,
];

/// Every code, for documentation and the compliance set.
pub const ALL: &[&str] = &[
    CONTROL_CHARACTER,
    BAD_TAG_PAIR,
    UNTERMINATED_STRING,
    UNTERMINATED_COMMENT,
    UNEXPECTED_CHARACTER,
    DATA_WITHOUT_TAG,
    TAG_NAME_CASE,
    MISSING_GAME_SEPARATOR,
    DUPLICATE_TAG,
    UNEXPECTED_SECTION_DATA,
    INHERIT_FORBIDDEN,
    BAD_DEALER,
    BAD_VULNERABLE,
    BAD_DEAL,
    BAD_DECLARER,
    BAD_CONTRACT,
    BAD_RESULT,
    BAD_BOARD,
    BAD_DATE,
    BAD_SCORING,
    BAD_SCORE,
    BAD_OPTIMUM_SCORE,
    BAD_RUBBER_HISTORY,
    RUBBER_VULNERABILITY,
    BAD_HIDDEN,
    BAD_SECTION_SEAT,
    BAD_NOTE,
    DEAL_DUPLICATE_CARD,
    DEAL_HAND_SIZE,
    DEAL_EMPTY_HAND,
    DEAL_UNEVEN_END_POSITION,
    AUCTION_BAD_TOKEN,
    AUCTION_INSUFFICIENT_BID,
    AUCTION_ILLEGAL_DOUBLE,
    AUCTION_AFTER_END,
    AUCTION_BLANK,
    AUCTION_AFTER_CONTINUE,
    AUCTION_INCOMPLETE,
    AUCTION_PLACEHOLDER,
    AUCTION_WITHOUT_DEALER,
    AUCTION_NOT_DEALER,
    CONTRACT_MISMATCH,
    DECLARER_MISMATCH,
    PLAY_BAD_TOKEN,
    PLAY_WITHOUT_CONTRACT,
    PLAY_WRONG_LEADER,
    PLAY_CARD_NOT_IN_HAND,
    PLAY_CARD_TWICE,
    PLAY_REVOKE,
    PLAY_TOO_MANY_TRICKS,
    PLAY_AFTER_CONTINUE,
    RESULT_MISMATCH,
    NOTE_UNRESOLVED,
    NOTE_DUPLICATE,
    BAD_NAG,
    TABLE_BAD_HEADER,
    TABLE_COMMENT,
    TABLE_BAD_ELEMENT,
    TABLE_BAD_VALUE,
    TABLE_MISSING_ELEMENTS,
    SCORE_MISMATCH,
    EXPORT_FORMAT,
    LINE_TOO_LONG,
    TAG_VALUE_UNQUOTED,
    NOTRUMP_AS_N,
    DEAL_SPOT_CARD,
    DEAL_PARTIAL,
    AUCTION_ALL_PASS_TEXT,
    AUCTION_PROSE,
    OTHER_TABLE,
    AUCTION_OPENING_PASSES_OMITTED,
    PLAY_TRICK_ORDER,
];
