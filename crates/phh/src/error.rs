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

/// The stable codes, as constants (also at [`crate::codes`]).
pub use crate::codes;
