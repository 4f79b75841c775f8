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
//! | `PHH_NEGATIVE_BLIND` | warning | a negative blind: a post by a player who did not wait for the blinds, replayed live (part of the player's first bet) as PokerKit does |
//! | `PHH_ACTION_SYNTAX` | error | malformed action notation (points at the token) |
//! | `PHH_ACTION_CARD_TEXT` | error | malformed card text inside an action |
//! | `PHH_ACTION_AMOUNT` | error | malformed or non-positive `cbr` amount |
//! | `PHH_ACTION_PLAYER` | error | `pN` with N not between 1 and the number of players |
//! | `PHH_CARD_NOT_IN_DECK` | error | a card the variant's deck does not hold (2–5 in short deck) |
//! | `PHH_DUPLICATE_CARD` | error | a known card dealt (or shown) while it is already in play |
//! | `PHH_INVALID_VALUE` | warning | a value outside its natural range (`month = 13`, negative seat) |
//!
//! After the replay ([`crate::check`], [`crate::replay`]), the declared outcome fields against it:
//!
//! | code | severity | meaning |
//! |---|---|---|
//! | `PHH_FINISHING_STACKS_MISMATCH`, `PHH_WINNINGS_MISMATCH` | error | a declared field the replay does not give, up to the conventions below (both values in the message; when the declared values exceed the replay's by exactly a blind, the message names a blind post the file does not list as the likely cause) |
//! | `PHH_FINISHING_STACKS_RAKED`, `PHH_WINNINGS_RAKED` | warning | lower only for pot winners: a rake (winnings: at most a tenth of the pots) |
//! | `PHH_WINNINGS_RAKED_JACKPOT` | warning | winnings lower only for pot winners by a rake above zero and of at most a tenth of the pots plus a fixed jackpot drop of 0.25, 0.50 or 1.00 of at most a fifth of them (the largest that fits); the rake, its percentage and the drop in the message |
//! | `PHH_ODD_CHIP` | warning | a field that differs only in how the odd chip of a split pot was divided: the same total, two or more players who collected a pot differing, each by at most one chip of the hand (its smallest unit: 1, or 0.01 for a hand in cents); e.g. Pluribus' `10112.5` twice where the replay gives 10113 and 10112 |
//! | `PHH_WINNINGS_ZERO` | warning | winnings all zero: not recorded |
//! | `PHH_WINNINGS_UNCALLED_BET` | warning | winnings that count the uncalled bet returned |
//! | `PHH_DEAD_POST` | warning | the declared fields disagree with the replay, which reads a negative blind as a live post, but agree (up to the conventions above) with the hand replayed with the post dead (paid into the pot, not part of the bet) |
//! | `PHH_UNFINISHED_HAND` | warning | the actions end before the hand does (not terminal): what it waits for and the chips left unawarded in the message, and at a showdown whose hands are all known, the payoffs the cards dealt give |
//! | `PHH_SHOWN_UNKNOWN` | warning | hole cards dealt known are shown as `????`, or not shown because the showdown is missing: the replay reads them unknown (or keeps them face down) as PokerKit does, and the cards dealt decide the pot otherwise (both payoffs in the message) |
//!
//! Every warning above is a producer's convention ([`crate::codes::LENIENCIES`]): an error under
//! `strict`.

/// The stable codes, as constants (also at [`crate::codes`]).
pub use crate::codes;
