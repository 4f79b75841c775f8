//! Stable diagnostic codes, grouped by where they are found: every code the crate reports is one
//! of these constants, and [`ALL`] lists them.

cards_core::codes! {
    // --- decoding and tokens ---
    /// A control character that PBN does not allow (warning).
    CONTROL_CHARACTER,
    /// A `[` that does not start a well-formed tag pair `[Name "value"]`.
    BAD_TAG_PAIR,
    /// A string token without its closing quote on the same line.
    UNTERMINATED_STRING,
    /// A `{` comment without its `}`.
    UNTERMINATED_COMMENT,
    /// A `]` or `}` outside a tag pair or comment.
    UNEXPECTED_CHARACTER,
    /// Text before the first tag of a game that is not a comment.
    DATA_WITHOUT_TAG,
    /// A tag name that does not start with an upper-case letter (warning).
    TAG_NAME_CASE,
    /// A game that starts without the empty line before it (`Event`, `Board` or `Deal` repeated;
    /// warning).
    MISSING_GAME_SEPARATOR,
    /// A tag given twice in one game; the later one is ignored (warning).
    DUPLICATE_TAG in cards_core::codes::tag_pairs,
    /// Section data after a tag that takes none (warning).
    UNEXPECTED_SECTION_DATA,

    // --- tag values ---
    /// `#`/`##` used on a tag for which inheritance is forbidden.
    INHERIT_FORBIDDEN,
    /// Dealer is not `N E S W`.
    BAD_DEALER,
    /// Vulnerable is not one of its synonyms.
    BAD_VULNERABLE,
    /// Deal is malformed.
    BAD_DEAL,
    /// Declarer is malformed.
    BAD_DECLARER,
    /// Contract is malformed.
    BAD_CONTRACT,
    /// Result is malformed.
    BAD_RESULT,
    /// Board is not a positive integer (warning: real files write `1-1`).
    BAD_BOARD,
    /// Date is not `YYYY.MM.DD` (warning).
    BAD_DATE,
    /// Scoring fields are empty or not names.
    BAD_SCORING,
    /// A score tag (Score, ScoreIMP, ScoreMP, ...) is malformed.
    BAD_SCORE,
    /// OptimumScore is malformed (it needs `NS` or `EW`).
    BAD_OPTIMUM_SCORE,
    /// ScoreRubberHistory is malformed.
    BAD_RUBBER_HISTORY,
    /// ScoreRubberHistory implies another vulnerability than the Vulnerable tag.
    RUBBER_VULNERABILITY,
    /// Hidden holds characters other than `N E S W`.
    BAD_HIDDEN,
    /// Auction or Play tag value is not a seat.
    BAD_SECTION_SEAT,
    /// A Note tag is not `n:text` with n in 1..=32.
    BAD_NOTE,

    // --- deal ---
    /// A card appears in two hands.
    DEAL_DUPLICATE_CARD,
    /// A complete deal whose hands do not hold 13 cards each.
    DEAL_HAND_SIZE,
    /// A hand slot left empty (`W: <N>  <S>`), read as a hand not given (warning).
    DEAL_EMPTY_HAND,
    /// The hands of an end position differ in length (warning).
    DEAL_UNEVEN_END_POSITION,

    // --- auction ---
    /// A token in the auction section that is not a call or an annotation.
    AUCTION_BAD_TOKEN,
    /// A bid not higher than the previous one (and not marked `^I`).
    AUCTION_INSUFFICIENT_BID,
    /// A double or redouble that is not allowed (a double of one's own side's bid, or of none;
    /// a redouble of anything but an opponent's admissible double of one's own side's bid).
    AUCTION_ILLEGAL_DOUBLE,
    /// A call after the auction ended (a warning when it is a pass).
    AUCTION_AFTER_END in cards_core::codes::auctions,
    /// `____`, a blank for a student to fill in: a call or card not given that keeps its turn (warning).
    AUCTION_BLANK (lenient),
    /// Something after `+` in the auction.
    AUCTION_AFTER_CONTINUE,
    /// The auction neither ends with three passes nor with `*` or `+` (warning).
    AUCTION_INCOMPLETE in cards_core::codes::auctions,
    /// `-` placeholders where they do not belong (warning).
    AUCTION_PLACEHOLDER,
    /// An Auction section while the Dealer tag is missing (warning).
    AUCTION_WITHOUT_DEALER,
    /// The first call is not made by the dealer (after placeholders).
    AUCTION_NOT_DEALER,
    /// The auction's contract differs from the Contract tag.
    CONTRACT_MISMATCH in cards_core::codes::auctions,
    /// The auction's declarer differs from the Declarer tag.
    DECLARER_MISMATCH in cards_core::codes::auctions,

    // --- play ---
    /// A token in the play section that is not a card or an annotation.
    PLAY_BAD_TOKEN,
    /// A Play section without the Deal, Declarer or Contract it needs (warning).
    PLAY_WITHOUT_CONTRACT,
    /// The Play tag is not declarer's left-hand opponent.
    PLAY_WRONG_LEADER,
    /// A card that is not in the player's hand.
    PLAY_CARD_NOT_IN_HAND,
    /// A card played twice.
    PLAY_CARD_TWICE,
    /// A player did not follow suit while able to (and it is not marked `^R`).
    PLAY_REVOKE,
    /// More than 13 tricks.
    PLAY_TOO_MANY_TRICKS,
    /// A card or second `+` after a `+`.
    PLAY_AFTER_CONTINUE,
    /// The tricks won in the play differ from the Result tag.
    RESULT_MISMATCH,

    // --- notes, tables, scores ---
    /// A note reference without a Note tag in its section (warning).
    NOTE_UNRESOLVED,
    /// Two Note tags with the same index in one section.
    NOTE_DUPLICATE,
    /// A NAG outside 0..=255, or a call NAG on a card and vice versa.
    BAD_NAG,
    /// A table column header is malformed.
    TABLE_BAD_HEADER,
    /// A comment inside table data.
    TABLE_COMMENT,
    /// A character not allowed in table elements.
    TABLE_BAD_ELEMENT,
    /// An element that does not fit its predefined column (a Result above 13, a bad seat).
    TABLE_BAD_VALUE,
    /// The number of elements is not a multiple of the number of columns.
    TABLE_MISSING_ELEMENTS,
    /// The Score tag differs from the duplicate score of the contract.
    SCORE_MISMATCH,

    // --- export format ---
    /// A rule of the export format is broken in a file that says `% EXPORT` (warning).
    EXPORT_FORMAT,
    /// A line longer than 255 characters (warning).
    LINE_TOO_LONG in cards_core::codes::tag_pairs,

    // --- producers' conventions (each read with its own warning) ---
    /// A tag value written without quotes (`[Event Random Deal #]`, WBridge5/TableMonitor), read up to
    /// the `]` (warning).
    TAG_VALUE_UNQUOTED (lenient),
    /// `N` for notrump (`3N`) in the Contract tag or the auction, as BBA, GIB and BEN write it; read
    /// as `NT` (warning).
    NOTRUMP_AS_N (lenient),
    /// `x` for a small card in a Deal (teaching material): an unknown spot card; the checks that need
    /// every card of that hand are skipped (warning).
    DEAL_SPOT_CARD (lenient),
    /// A partial deal (teaching files: `...` a hand not shown, `...K` a hand with one card shown):
    /// hands given with fewer than 13 cards beside a 13-card hand and a hand not given; the checks
    /// that need every card of those hands are skipped (warning).
    DEAL_PARTIAL (lenient),
    /// `all pass` written out in the auction, read as `AP` (warning).
    AUCTION_ALL_PASS_TEXT (lenient),
    /// Free text (prose) among the calls of an auction: the calls cannot be told apart from it, so
    /// the auction is not replayed.
    AUCTION_PROSE,
    /// A game of a match's other table that gives no Board, Dealer, Vulnerable or Deal (the
    /// championship archive's layout), read as the board of the game before it (warning).
    OTHER_TABLE (lenient),
    /// An auction that leaves out the dealer's opening passes (the championship archive's layout),
    /// read with them restored because only then do the Declarer tag and the opening lead fit (warning).
    AUCTION_OPENING_PASSES_OMITTED (lenient),
    /// A play line that holds one trick's cards clockwise but starts at another seat than the Play
    /// seat's column (the championship archive's layout, decided line by line): read from the one
    /// seat at which every card comes from its player's hand, suit is followed and each trick's
    /// winner leads the next (warning, on the line).
    PLAY_TRICK_ORDER (lenient),
}
