//! Stable codes of the PHH reader and checker (what each means: the table of the `error` module,
//! which the [crate docs](crate) point to). Every constant is named by its own value.

cards_core::codes! {
    /// The hand is not valid TOML.
    PHH_TOML_SYNTAX,
    /// A `.phhs` header that is not a plain table name.
    PHH_TABLE_HEADER,
    /// Two hands share a table name.
    PHH_DUPLICATE_TABLE,
    /// Wrong TOML type for a field.
    PHH_FIELD_TYPE,
    /// Required field absent.
    PHH_FIELD_MISSING,
    /// Forbidden field present.
    PHH_FIELD_FORBIDDEN,
    /// Unknown variant code.
    PHH_UNKNOWN_VARIANT,
    /// Unknown, non-user field (warning).
    PHH_UNKNOWN_FIELD (lenient),
    /// Per-player array of the wrong length.
    PHH_ARRAY_LENGTH,
    /// No players.
    PHH_NO_PLAYERS,
    /// Not an exact finite number where one is needed.
    PHH_BAD_NUMBER,
    /// Negative where non-negative is required.
    PHH_NEGATIVE_AMOUNT,
    /// Zero or negative where positive is required.
    PHH_NON_POSITIVE_AMOUNT,
    /// Negative blind (warning).
    PHH_NEGATIVE_BLIND (lenient),
    /// Malformed action notation.
    PHH_ACTION_SYNTAX,
    /// Malformed card text in an action.
    PHH_ACTION_CARD_TEXT,
    /// Malformed or non-positive amount in an action.
    PHH_ACTION_AMOUNT,
    /// Player number out of range.
    PHH_ACTION_PLAYER,
    /// Card not in the variant's deck.
    PHH_CARD_NOT_IN_DECK,
    /// Known card dealt twice.
    PHH_DUPLICATE_CARD,
    /// Value outside its natural range (warning).
    PHH_INVALID_VALUE,
    /// An action the replay could not read (its text is not valid action notation).
    REPLAY_BAD_ACTION,
    /// A declared `finishing_stacks` that the replay does not reach (both values in the message).
    PHH_FINISHING_STACKS_MISMATCH,
    /// Declared finishing stacks below the replay's only for pot winners: read as rake (warning).
    PHH_FINISHING_STACKS_RAKED (lenient),
    /// A declared `winnings` (collected pots) that the replay does not give (both values in the message).
    PHH_WINNINGS_MISMATCH,
    /// Declared winnings below the replay's only for players who collected a pot: read as the
    /// post-rake amounts the specification asks for (warning).
    PHH_WINNINGS_RAKED (lenient),
    /// Declared winnings all zero where the replay gives someone a pot: read as not recorded, as some
    /// converters write them (warning).
    PHH_WINNINGS_ZERO (lenient),
    /// Declared winnings that count the uncalled bet returned as won, as some sites do (warning).
    PHH_WINNINGS_UNCALLED_BET (lenient),
    /// A declared `finishing_stacks` or `winnings` that differs from the replay only in how the odd
    /// chip of a split pot was divided (halves, or the chip given to another winner): warning.
    PHH_ODD_CHIP (lenient),
    /// Declared winnings below the replay's for pot winners by more than the tenth a plain rake
    /// allows, read as a rake of a percentage plus a fixed jackpot drop (warning).
    PHH_WINNINGS_RAKED_JACKPOT (lenient),
    /// A declared outcome that the replay (a negative blind as a live post) does not give but the
    /// same hand with the post dead does (warning).
    PHH_DEAD_POST (lenient),
    /// The actions end before the hand does: the replay is not terminal and the pot is not awarded
    /// (warning).
    PHH_UNFINISHED_HAND (lenient),
    /// Hole cards dealt known that the replay does not use at the showdown (shown as `????`, or the
    /// showdown missing and the cards kept face down as PokerKit does), where the cards dealt decide
    /// the pot otherwise than the replay (warning).
    PHH_SHOWN_UNKNOWN (lenient),
    /// A comment with no place in the canonical form (`fmt --preserve` keeps it).
    PHH_COMMENT_WITHOUT_PLACE,
}

/// Codes that come from comparing a replay with the file or from writing it, never from reading
/// (their tests sit beside `replay` and `comments`, and in the CLI's `tests/everyday.rs`).
pub const AFTER_READING: &[&str] = &[
    PHH_FINISHING_STACKS_MISMATCH,
    PHH_FINISHING_STACKS_RAKED,
    PHH_WINNINGS_MISMATCH,
    PHH_WINNINGS_RAKED,
    PHH_WINNINGS_ZERO,
    PHH_WINNINGS_UNCALLED_BET,
    PHH_ODD_CHIP,
    PHH_WINNINGS_RAKED_JACKPOT,
    PHH_DEAD_POST,
    PHH_UNFINISHED_HAND,
    PHH_SHOWN_UNKNOWN,
    PHH_COMMENT_WITHOUT_PLACE,
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_is_named_by_itself_and_listed_once() {
        assert_eq!(cards_core::diagnostic::code_list_problem(ALL), None);
        assert_eq!(PHH_TOML_SYNTAX, "PHH_TOML_SYNTAX");
        assert_eq!(PHH_TABLE_HEADER, "PHH_TABLE_HEADER");
        assert_eq!(PHH_DUPLICATE_TABLE, "PHH_DUPLICATE_TABLE");
        assert_eq!(PHH_FIELD_TYPE, "PHH_FIELD_TYPE");
        assert_eq!(PHH_FIELD_MISSING, "PHH_FIELD_MISSING");
        assert_eq!(PHH_FIELD_FORBIDDEN, "PHH_FIELD_FORBIDDEN");
        assert_eq!(PHH_UNKNOWN_VARIANT, "PHH_UNKNOWN_VARIANT");
        assert_eq!(PHH_UNKNOWN_FIELD, "PHH_UNKNOWN_FIELD");
        assert_eq!(PHH_ARRAY_LENGTH, "PHH_ARRAY_LENGTH");
        assert_eq!(PHH_NO_PLAYERS, "PHH_NO_PLAYERS");
        assert_eq!(PHH_BAD_NUMBER, "PHH_BAD_NUMBER");
        assert_eq!(PHH_NEGATIVE_AMOUNT, "PHH_NEGATIVE_AMOUNT");
        assert_eq!(PHH_NON_POSITIVE_AMOUNT, "PHH_NON_POSITIVE_AMOUNT");
        assert_eq!(PHH_NEGATIVE_BLIND, "PHH_NEGATIVE_BLIND");
        assert_eq!(PHH_ACTION_SYNTAX, "PHH_ACTION_SYNTAX");
        assert_eq!(PHH_ACTION_CARD_TEXT, "PHH_ACTION_CARD_TEXT");
        assert_eq!(PHH_ACTION_AMOUNT, "PHH_ACTION_AMOUNT");
        assert_eq!(PHH_ACTION_PLAYER, "PHH_ACTION_PLAYER");
        assert_eq!(PHH_CARD_NOT_IN_DECK, "PHH_CARD_NOT_IN_DECK");
        assert_eq!(PHH_DUPLICATE_CARD, "PHH_DUPLICATE_CARD");
        assert_eq!(PHH_INVALID_VALUE, "PHH_INVALID_VALUE");
        assert_eq!(REPLAY_BAD_ACTION, "REPLAY_BAD_ACTION");
    }
}
