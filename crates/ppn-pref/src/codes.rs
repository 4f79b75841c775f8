//! Stable diagnostic codes. The names follow the rules digest (`preferans-rules.md`); codes the digest
//! does not name (tag problems, token shapes) are this crate's own and marked so.

cards_core::codes! {
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
LEGACY_13_FIELDS (lenient),}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_is_named_by_itself_and_listed_once() {
        assert_eq!(cards_core::diagnostic::code_list_problem(ALL), None);
        assert_eq!(STRAY_LINE, "STRAY_LINE");
        assert_eq!(BRACKET_UNCLOSED, "BRACKET_UNCLOSED");
        assert_eq!(TAG_SYNTAX, "TAG_SYNTAX");
        assert_eq!(FIELD_COUNT, "FIELD_COUNT");
        assert_eq!(MISSING_FIELDS, "MISSING_FIELDS");
        assert_eq!(ALLPASS_HAS_PLAY, "ALLPASS_HAS_PLAY");
        assert_eq!(ID_TOKEN, "ID_TOKEN");
        assert_eq!(BAD_DEAL_ORDER, "BAD_DEAL_ORDER");
        assert_eq!(CARDS_LENGTH, "CARDS_LENGTH");
        assert_eq!(CARD_CODE, "CARD_CODE");
        assert_eq!(BID_TOKEN, "BID_TOKEN");
        assert_eq!(MAIN_TOKEN, "MAIN_TOKEN");
        assert_eq!(DISCARD_FORMAT, "DISCARD_FORMAT");
        assert_eq!(CONTRACT_TOKEN, "CONTRACT_TOKEN");
        assert_eq!(ACCEPTED_TOKEN, "ACCEPTED_TOKEN");
        assert_eq!(KONTRA_TOKEN, "KONTRA_TOKEN");
        assert_eq!(REFA_TOKEN, "REFA_TOKEN");
        assert_eq!(VALUE_TOKEN, "VALUE_TOKEN");
        assert_eq!(STARTS_TOKEN, "STARTS_TOKEN");
        assert_eq!(THROWS_FORMAT, "THROWS_FORMAT");
        assert_eq!(TRICK_SIZE, "TRICK_SIZE");
        assert_eq!(SUMMARY_FORMAT, "SUMMARY_FORMAT");
        assert_eq!(TAG_MISSING, "TAG_MISSING");
        assert_eq!(TAG_DUPLICATE, "TAG_DUPLICATE");
        assert_eq!(TAG_VALUE, "TAG_VALUE");
        assert_eq!(CARDS_DUPLICATE, "CARDS_DUPLICATE");
        assert_eq!(AUCTION_IMPOSSIBLE, "AUCTION_IMPOSSIBLE");
        assert_eq!(MAIN_NOT_AUCTION_WINNER, "MAIN_NOT_AUCTION_WINNER");
        assert_eq!(DISCARD_NOT_HELD, "DISCARD_NOT_HELD");
        assert_eq!(GAME_DISCARD_NOT_XX, "GAME_DISCARD_NOT_XX");
        assert_eq!(GAME_CONTRACT_AFTER_PLAIN_AUCTION, "GAME_CONTRACT_AFTER_PLAIN_AUCTION");
        assert_eq!(PLAIN_CONTRACT_AFTER_GAME_AUCTION, "PLAIN_CONTRACT_AFTER_GAME_AUCTION");
        assert_eq!(CONTRACT_BELOW_BID, "CONTRACT_BELOW_BID");
        assert_eq!(ACCEPTED_IS_MAIN, "ACCEPTED_IS_MAIN");
        assert_eq!(KONTRA_BY_MAIN, "KONTRA_BY_MAIN");
        assert_eq!(KONTRA_BY_NONFOLLOWER, "KONTRA_BY_NONFOLLOWER");
        assert_eq!(INVITE_WITH_BOTH_FOLLOWING, "INVITE_WITH_BOTH_FOLLOWING");
        assert_eq!(VALUE_MISMATCH, "VALUE_MISMATCH");
        assert_eq!(WRONG_STARTER, "WRONG_STARTER");
        assert_eq!(PLAY_WITHOUT_FOLLOWER, "PLAY_WITHOUT_FOLLOWER");
        assert_eq!(CARD_NOT_HELD, "CARD_NOT_HELD");
        assert_eq!(REVOKE, "REVOKE");
        assert_eq!(FAILED_TO_TRUMP, "FAILED_TO_TRUMP");
        assert_eq!(WRONG_TRICK_WINNER, "WRONG_TRICK_WINNER");
        assert_eq!(TOO_MANY_TRICKS, "TOO_MANY_TRICKS");
        assert_eq!(INCOMPLETE_PLAY, "INCOMPLETE_PLAY");
        assert_eq!(SUMMARY_MAIN, "SUMMARY_MAIN");
        assert_eq!(SUMMARY_FOLLOWER_TRICKS, "SUMMARY_FOLLOWER_TRICKS");
        assert_eq!(SUMMARY_COLUMN, "SUMMARY_COLUMN");
        assert_eq!(SUMMARY_SUPE, "SUMMARY_SUPE");
        assert_eq!(SUMMARY_FAIL_AMOUNT, "SUMMARY_FAIL_AMOUNT");
        assert_eq!(SUMMARY_NONPLAYER, "SUMMARY_NONPLAYER");
        assert_eq!(FOLLOWER_FAIL_WHEN_MAIN_FAILED, "FOLLOWER_FAIL_WHEN_MAIN_FAILED");
        assert_eq!(ID_SEQUENCE, "ID_SEQUENCE");
        assert_eq!(DEAL_ORDER_NOT_ROTATION, "DEAL_ORDER_NOT_ROTATION");
        assert_eq!(DEALER_ROTATION, "DEALER_ROTATION");
        assert_eq!(REFA_FLAG, "REFA_FLAG");
        assert_eq!(REFE_EXCEEDED, "REFE_EXCEEDED");
        assert_eq!(RESULT_SUM_NONZERO, "RESULT_SUM_NONZERO");
        assert_eq!(PLACE_RESULT_ORDER, "PLACE_RESULT_ORDER");
        assert_eq!(FOLLOWER_QUOTA, "FOLLOWER_QUOTA");
        assert_eq!(INVITE_ON_PLAIN_SPADE, "INVITE_ON_PLAIN_SPADE");
        assert_eq!(LEGACY_13_FIELDS, "LEGACY_13_FIELDS");
    }
}
