//! Stable diagnostic codes. The names follow the rules digest (`preferans-rules.md`); codes the digest
//! does not name (tag problems, token shapes) are this crate's own and marked so.

macro_rules! codes {
    ($($(#[$doc:meta])* $name:ident),* $(,)?) => {
        $( $(#[$doc])* pub const $name: &str = stringify!($name); )*
        /// Every code this crate reports.
        pub const ALL: &[&str] = &[$($name),*];
    };
}

codes! {
    // ---- T1: file and token syntax ----
    /// A line that is neither a tag nor a deal record (e.g. the spec's `...`).
    STRAY_LINE,
    /// `[` without a matching `]` (crate code).
    BRACKET_UNCLOSED,
    /// A tag pair that cannot be read (crate code).
    TAG_SYNTAX,
    /// A deal record with a field count other than 4, 13 or 14.
    FIELD_COUNT,
    /// A non-all-pass record with only the 4 all-pass fields.
    MISSING_FIELDS,
    /// An all-pass (`P,P,P`) record with more than 4 fields.
    ALLPASS_HAS_PLAY,
    /// The id is not a positive integer (crate code).
    ID_TOKEN,
    /// The deal order is not a permutation of `123`.
    BAD_DEAL_ORDER,
    /// The cards field does not have 32 characters.
    CARDS_LENGTH,
    /// A character that is no card code.
    CARD_CODE,
    /// The bids field is not 3 valid bid tokens (crate code).
    BID_TOKEN,
    /// The main field is not 1, 2 or 3 (crate code).
    MAIN_TOKEN,
    /// The discarded field is not two distinct cards (or `XX` where allowed).
    DISCARD_FORMAT,
    /// The contract is not `2`…`8` or `G2`…`G8` (crate code).
    CONTRACT_TOKEN,
    /// The accepted field is not one digit.
    ACCEPTED_TOKEN,
    /// The kontra field is not `0` or `I`/`K`/`R`/`S`/`M` plus a player (crate code).
    KONTRA_TOKEN,
    /// The refa field is not `0` or `1`.
    REFA_TOKEN,
    /// The value is not a non-negative integer (crate code).
    VALUE_TOKEN,
    /// The starts field is not 0 to 3 (crate code).
    STARTS_TOKEN,
    /// A trick that cannot be read: its winner is not 1 to 3, or it is empty (crate code).
    THROWS_FORMAT,
    /// A trick with the wrong number of cards.
    TRICK_SIZE,
    /// The summary is not 3 valid entries (crate code).
    SUMMARY_FORMAT,
    // ---- T1: info tags ----
    /// A required tag is missing (crate code).
    TAG_MISSING,
    /// A tag appears twice (crate code).
    TAG_DUPLICATE,
    /// A tag value of the wrong type: Bula positive even, Refe ≥ 0, Result an integer, Place 1–3 (crate code).
    TAG_VALUE,
    // ---- T2: one deal ----
    /// The same card twice in the cards field.
    CARDS_DUPLICATE,
    /// No legal auction ends with the recorded highest bids.
    AUCTION_IMPOSSIBLE,
    /// The main is not the auction winner.
    MAIN_NOT_AUCTION_WINNER,
    /// A discarded card is not among the main's twelve cards.
    DISCARD_NOT_HELD,
    /// A game was won but the discard is not `XX`.
    GAME_DISCARD_NOT_XX,
    /// A plain auction with a game contract.
    GAME_CONTRACT_AFTER_PLAIN_AUCTION,
    /// A game auction with a plain contract.
    PLAIN_CONTRACT_AFTER_GAME_AUCTION,
    /// The contract is lower than the winning bid.
    CONTRACT_BELOW_BID,
    /// The only follower is the main.
    ACCEPTED_IS_MAIN,
    /// The kontra digit names the main.
    KONTRA_BY_MAIN,
    /// The kontra digit names a player who does not follow.
    KONTRA_BY_NONFOLLOWER,
    /// An invitation although both followers play.
    INVITE_WITH_BOTH_FOLLOWING,
    /// Value ≠ base × kontra multiplier × refa.
    VALUE_MISMATCH,
    /// The wrong player leads trick 1.
    WRONG_STARTER,
    /// Tricks recorded although nobody follows (crate code, for the open "no follower" decision).
    PLAY_WITHOUT_FOLLOWER,
    /// A card that is not (or no longer) in the player's hand.
    CARD_NOT_HELD,
    /// Did not follow suit while able to.
    REVOKE,
    /// Void in the led suit, holding a trump, but did not trump.
    FAILED_TO_TRUMP,
    /// The recorded trick winner is wrong.
    WRONG_TRICK_WINNER,
    /// More than 10 tricks.
    TOO_MANY_TRICKS,
    /// Fewer than 10 tricks, and play did not stop where the main's failure became certain.
    INCOMPLETE_PLAY,
    /// The main's summary entry is wrong (kind, tricks or middle).
    SUMMARY_MAIN,
    /// A follower's trick count is wrong, or a follower's entry is not `F…`.
    SUMMARY_FOLLOWER_TRICKS,
    /// A follower wrote in the wrong column.
    SUMMARY_COLUMN,
    /// A follower's supe ≠ value × tricks.
    SUMMARY_SUPE,
    /// A follower's fail amount ≠ value.
    SUMMARY_FAIL_AMOUNT,
    /// A player not in play (or the invited player) has an entry other than `0`.
    SUMMARY_NONPLAYER,
    /// A follower failed although the main failed.
    FOLLOWER_FAIL_WHEN_MAIN_FAILED,
    // ---- T3 and lints (warnings) ----
    /// Ids are not 1, 2, 3, …
    ID_SEQUENCE,
    /// A deal order prefko never writes (`132`, `213`, `321`).
    DEAL_ORDER_NOT_ROTATION,
    /// The dealer is not the next player after the previous dealer.
    DEALER_ROTATION,
    /// The refa flag disagrees with the main's unused hats.
    REFA_FLAG,
    /// A refa that is only owed if more all-pass deals than `Refe` are counted.
    REFE_EXCEEDED,
    /// The Result tags do not add up to 0.
    RESULT_SUM_NONZERO,
    /// A better Place with a Result that is not higher.
    PLACE_RESULT_ORDER,
    /// A follower's fail flag disagrees with the recommended quota.
    FOLLOWER_QUOTA,
    /// An invitation on plain spade (the engine never offers it).
    INVITE_ON_PLAIN_SPADE,
    /// A played deal in the legacy 13-field form (no refa field).
    LEGACY_13_FIELDS,
}
