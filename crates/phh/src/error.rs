//! Diagnostic codes. Every problem the crate reports is a [`cards_core::Diagnostic`] with one of
//! these stable codes and a byte span into the whole file.
//!
//! | code | severity | meaning |
//! |---|---|---|
//! | `PHH_TOML_SYNTAX` | error | the hand is not valid TOML |
//! | `PHH_TABLE_HEADER` | error | a `.phhs` table header that is not a plain table name |
//! | `PHH_DUPLICATE_TABLE` | error | two hands of a `.phhs` file share a table name |
//! | `PHH_FIELD_TYPE` | error | a field has the wrong TOML type |
//! | `PHH_FIELD_MISSING` | error | a field the variant requires is absent |
//! | `PHH_FIELD_FORBIDDEN` | error | a field the variant forbids is present (`min_bet` in a fixed-limit game, `bring_in` with blinds) |
//! | `PHH_UNKNOWN_VARIANT` | error | `variant` is not one of the 11 codes |
//! | `PHH_UNKNOWN_FIELD` | warning | a key the specification does not define and not `_`-prefixed (kept) |
//! | `PHH_ARRAY_LENGTH` | error | a per-player array whose length differs from the number of players |
//! | `PHH_NO_PLAYERS` | error | `starting_stacks` is empty |
//! | `PHH_BAD_NUMBER` | error | `nan`, `-inf`, `inf` where not allowed, or a number beyond exact range |
//! | `PHH_NEGATIVE_AMOUNT` | error | an amount that must not be negative is (antes, finishing stacks, winnings) |
//! | `PHH_NON_POSITIVE_AMOUNT` | error | an amount that must be positive is not (stacks, bring-in, bets) |
//! | `PHH_NEGATIVE_BLIND` | warning | a negative blind (PokerKit reads it as a dead post by a new player) |
//! | `PHH_ACTION_SYNTAX` | error | malformed action notation (points at the token) |
//! | `PHH_ACTION_CARD_TEXT` | error | malformed card text inside an action |
//! | `PHH_ACTION_AMOUNT` | error | malformed or non-positive `cbr` amount |
//! | `PHH_ACTION_PLAYER` | error | `pN` with N not between 1 and the number of players |
//! | `PHH_CARD_NOT_IN_DECK` | error | a card the variant's deck does not hold (2–5 in short deck) |
//! | `PHH_DUPLICATE_CARD` | error | a known card dealt (or shown) while it is already in play |
//! | `PHH_INVALID_VALUE` | warning | a value outside its natural range (`month = 13`, negative seat) |

/// The stable codes, as constants.
pub mod codes {
    /// The hand is not valid TOML.
    pub const TOML_SYNTAX: &str = "PHH_TOML_SYNTAX";
    /// A `.phhs` header that is not a plain table name.
    pub const TABLE_HEADER: &str = "PHH_TABLE_HEADER";
    /// Two hands share a table name.
    pub const DUPLICATE_TABLE: &str = "PHH_DUPLICATE_TABLE";
    /// Wrong TOML type for a field.
    pub const FIELD_TYPE: &str = "PHH_FIELD_TYPE";
    /// Required field absent.
    pub const FIELD_MISSING: &str = "PHH_FIELD_MISSING";
    /// Forbidden field present.
    pub const FIELD_FORBIDDEN: &str = "PHH_FIELD_FORBIDDEN";
    /// Unknown variant code.
    pub const UNKNOWN_VARIANT: &str = "PHH_UNKNOWN_VARIANT";
    /// Unknown, non-user field (warning).
    pub const UNKNOWN_FIELD: &str = "PHH_UNKNOWN_FIELD";
    /// Per-player array of the wrong length.
    pub const ARRAY_LENGTH: &str = "PHH_ARRAY_LENGTH";
    /// No players.
    pub const NO_PLAYERS: &str = "PHH_NO_PLAYERS";
    /// Not an exact finite number where one is needed.
    pub const BAD_NUMBER: &str = "PHH_BAD_NUMBER";
    /// Negative where non-negative is required.
    pub const NEGATIVE_AMOUNT: &str = "PHH_NEGATIVE_AMOUNT";
    /// Zero or negative where positive is required.
    pub const NON_POSITIVE_AMOUNT: &str = "PHH_NON_POSITIVE_AMOUNT";
    /// Negative blind (warning).
    pub const NEGATIVE_BLIND: &str = "PHH_NEGATIVE_BLIND";
    /// Malformed action notation.
    pub const ACTION_SYNTAX: &str = "PHH_ACTION_SYNTAX";
    /// Malformed card text in an action.
    pub const ACTION_CARD_TEXT: &str = "PHH_ACTION_CARD_TEXT";
    /// Malformed or non-positive amount in an action.
    pub const ACTION_AMOUNT: &str = "PHH_ACTION_AMOUNT";
    /// Player number out of range.
    pub const ACTION_PLAYER: &str = "PHH_ACTION_PLAYER";
    /// Card not in the variant's deck.
    pub const CARD_NOT_IN_DECK: &str = "PHH_CARD_NOT_IN_DECK";
    /// Known card dealt twice.
    pub const DUPLICATE_CARD: &str = "PHH_DUPLICATE_CARD";
    /// Value outside its natural range (warning).
    pub const INVALID_VALUE: &str = "PHH_INVALID_VALUE";

    /// Every code, for documentation and tests.
    pub const ALL: [&str; 21] = [
        TOML_SYNTAX,
        TABLE_HEADER,
        DUPLICATE_TABLE,
        FIELD_TYPE,
        FIELD_MISSING,
        FIELD_FORBIDDEN,
        UNKNOWN_VARIANT,
        UNKNOWN_FIELD,
        ARRAY_LENGTH,
        NO_PLAYERS,
        BAD_NUMBER,
        NEGATIVE_AMOUNT,
        NON_POSITIVE_AMOUNT,
        NEGATIVE_BLIND,
        ACTION_SYNTAX,
        ACTION_CARD_TEXT,
        ACTION_AMOUNT,
        ACTION_PLAYER,
        CARD_NOT_IN_DECK,
        DUPLICATE_CARD,
        INVALID_VALUE,
    ];
}
