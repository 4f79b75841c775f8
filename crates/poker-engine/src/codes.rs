//! Stable codes of the replay: every [`ActionError`](crate::ActionError),
//! [`Warning`](crate::Warning) and [`GameError`](crate::GameError) reports one of these, and
//! `phh` attaches them to its replay diagnostics.

cards_core::codes! {
    /// Reported for [`ActionError::HandOver`](crate::ActionError).
    REPLAY_HAND_OVER,
    /// Reported for [`ActionError::NoSuchPlayer`](crate::ActionError).
    REPLAY_NO_SUCH_PLAYER,
    /// Reported for [`ActionError::WrongPlayer`](crate::ActionError).
    REPLAY_WRONG_PLAYER,
    /// Reported for [`ActionError::NoBettingPending`](crate::ActionError).
    REPLAY_NO_BETTING,
    /// Reported for [`ActionError::BringInPending`](crate::ActionError).
    REPLAY_BRING_IN_PENDING,
    /// Reported for [`ActionError::NoBringIn`](crate::ActionError).
    REPLAY_NO_BRING_IN,
    /// Reported for [`ActionError::RaiseCapReached`](crate::ActionError).
    REPLAY_RAISE_CAP,
    /// Reported for [`ActionError::ShortAllInNotRaisable`](crate::ActionError).
    REPLAY_SHORT_ALL_IN,
    /// Reported for [`ActionError::BettingNotReopened`](crate::ActionError).
    REPLAY_NOT_REOPENED,
    /// Reported for [`ActionError::AlreadyCovered`](crate::ActionError).
    REPLAY_COVERED,
    /// Reported for [`ActionError::NoOpponentToRaise`](crate::ActionError).
    REPLAY_NO_OPPONENT,
    /// Reported for [`ActionError::BelowMinimum`](crate::ActionError).
    REPLAY_BELOW_MIN,
    /// Reported for [`ActionError::AboveMaximum`](crate::ActionError).
    REPLAY_ABOVE_MAX,
    /// Reported for [`ActionError::NoBoardDealing`](crate::ActionError).
    REPLAY_NO_BOARD_DEALING,
    /// Reported for [`ActionError::NoHoleDealing`](crate::ActionError).
    REPLAY_NO_HOLE_DEALING,
    /// Reported for [`ActionError::DrawPending`](crate::ActionError).
    REPLAY_DRAW_PENDING,
    /// Reported for [`ActionError::BadCardCount`](crate::ActionError).
    REPLAY_BAD_CARD_COUNT,
    /// Reported for [`ActionError::NoDrawPending`](crate::ActionError).
    REPLAY_NO_DRAW,
    /// Reported for [`ActionError::DiscardNotHeld`](crate::ActionError).
    REPLAY_DISCARD_NOT_HELD,
    /// Reported for [`ActionError::NoShowdown`](crate::ActionError).
    REPLAY_NO_SHOWDOWN,
    /// Reported for [`ActionError::PlayerNotActive`](crate::ActionError).
    REPLAY_NOT_ACTIVE,
    /// Reported for [`ActionError::NotInShowdown`](crate::ActionError).
    REPLAY_NOT_IN_SHOWDOWN,
    /// Reported for [`ActionError::TooManyCardsShown`](crate::ActionError).
    REPLAY_TOO_MANY_SHOWN,
    /// Reported for [`ActionError::UnknownCardShown`](crate::ActionError).
    REPLAY_UNKNOWN_SHOWN,
    /// Reported for [`ActionError::MustShowAll`](crate::ActionError).
    REPLAY_MUST_SHOW_ALL,
    /// Reported for [`ActionError::UnknownUpCard`](crate::ActionError).
    REPLAY_UNKNOWN_UP_CARD,
    /// Reported for [`ActionError::CardNotInDeck`](crate::ActionError), [`Warning::CardNotInDeck`](crate::Warning).
    REPLAY_CARD_NOT_IN_DECK,
    /// Reported for [`ActionError::AmountNotFinite`](crate::ActionError).
    REPLAY_AMOUNT_NOT_FINITE,
    /// Reported for [`ActionError::AmountTooLarge`](crate::ActionError), [`GameError::AmountTooLarge`](crate::GameError).
    REPLAY_AMOUNT_TOO_LARGE,
    /// Reported for [`ActionError::AmountNotIntegral`](crate::ActionError) (a state on whole chips
    /// only; a PHH replay never reports it, it restarts on exact amounts).
    REPLAY_AMOUNT_NOT_INTEGRAL,
    /// Reported for [`Warning::FoldWithNothingToCall`](crate::Warning).
    REPLAY_FOLD_NOTHING_TO_CALL,
    /// Reported for [`Warning::ChipsVanished`](crate::Warning).
    REPLAY_CHIPS_VANISHED,
    /// Reported for [`Warning::HiLoLowShareSplit`](crate::Warning).
    REPLAY_QUIRK_HILO_LOW_SPLIT,
    /// Reported for [`Warning::FixedLimitCapBeyondBlind`](crate::Warning).
    REPLAY_QUIRK_FIXED_LIMIT_CAP,
    /// Reported for [`Warning::PotLimitOmahaHiLo`](crate::Warning).
    REPLAY_QUIRK_FO8_POT_LIMIT,
    /// Reported for [`Warning::RepairedCheck`](crate::Warning).
    REPLAY_REPAIRED_CHECK,
    /// Reported for [`Warning::RepairedFold`](crate::Warning).
    REPLAY_REPAIRED_FOLD,
    /// Reported for [`Warning::RepairedHoleDealing`](crate::Warning).
    REPLAY_REPAIRED_HOLE_DEALING,
    /// Reported for [`Warning::RepairedShowdown`](crate::Warning).
    REPLAY_REPAIRED_SHOWDOWN,
    /// Reported for [`Warning::MuckDuringRunout`](crate::Warning).
    REPLAY_QUIRK_MUCK_DURING_RUNOUT,
    /// Reported for [`Warning::RaiseNotReopened`](crate::Warning).
    REPLAY_QUIRK_NOT_REOPENED,
    /// Reported for [`GameError::UnknownVariant`](crate::GameError).
    REPLAY_UNKNOWN_VARIANT,
    /// Reported for [`GameError::TooFewPlayers`](crate::GameError).
    REPLAY_TOO_FEW_PLAYERS,
    /// Reported for [`GameError::TooManyPlayers`](crate::GameError).
    REPLAY_TOO_MANY_PLAYERS,
    /// Reported for [`GameError::NegativeForcedBet`](crate::GameError).
    REPLAY_NEGATIVE_FORCED_BET,
    /// Reported for [`GameError::NoForcedBets`](crate::GameError).
    REPLAY_NO_FORCED_BETS,
    /// Reported for [`GameError::NonPositiveStack`](crate::GameError).
    REPLAY_NON_POSITIVE_STACK,
    /// Reported for [`GameError::BlindsAndBringIn`](crate::GameError).
    REPLAY_BLINDS_AND_BRING_IN,
    /// Reported for [`GameError::BringInTooLarge`](crate::GameError).
    REPLAY_BRING_IN_TOO_LARGE,
    /// Reported for [`GameError::BadBetSize`](crate::GameError).
    REPLAY_BAD_BET_SIZE,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_is_named_by_itself_and_listed_once() {
        assert_eq!(cards_core::diagnostic::code_list_problem(ALL), None);
        assert_eq!(REPLAY_HAND_OVER, "REPLAY_HAND_OVER");
        assert_eq!(REPLAY_NO_SUCH_PLAYER, "REPLAY_NO_SUCH_PLAYER");
        assert_eq!(REPLAY_WRONG_PLAYER, "REPLAY_WRONG_PLAYER");
        assert_eq!(REPLAY_NO_BETTING, "REPLAY_NO_BETTING");
        assert_eq!(REPLAY_BRING_IN_PENDING, "REPLAY_BRING_IN_PENDING");
        assert_eq!(REPLAY_NO_BRING_IN, "REPLAY_NO_BRING_IN");
        assert_eq!(REPLAY_RAISE_CAP, "REPLAY_RAISE_CAP");
        assert_eq!(REPLAY_SHORT_ALL_IN, "REPLAY_SHORT_ALL_IN");
        assert_eq!(REPLAY_NOT_REOPENED, "REPLAY_NOT_REOPENED");
        assert_eq!(REPLAY_COVERED, "REPLAY_COVERED");
        assert_eq!(REPLAY_NO_OPPONENT, "REPLAY_NO_OPPONENT");
        assert_eq!(REPLAY_BELOW_MIN, "REPLAY_BELOW_MIN");
        assert_eq!(REPLAY_ABOVE_MAX, "REPLAY_ABOVE_MAX");
        assert_eq!(REPLAY_NO_BOARD_DEALING, "REPLAY_NO_BOARD_DEALING");
        assert_eq!(REPLAY_NO_HOLE_DEALING, "REPLAY_NO_HOLE_DEALING");
        assert_eq!(REPLAY_DRAW_PENDING, "REPLAY_DRAW_PENDING");
        assert_eq!(REPLAY_BAD_CARD_COUNT, "REPLAY_BAD_CARD_COUNT");
        assert_eq!(REPLAY_NO_DRAW, "REPLAY_NO_DRAW");
        assert_eq!(REPLAY_DISCARD_NOT_HELD, "REPLAY_DISCARD_NOT_HELD");
        assert_eq!(REPLAY_NO_SHOWDOWN, "REPLAY_NO_SHOWDOWN");
        assert_eq!(REPLAY_NOT_ACTIVE, "REPLAY_NOT_ACTIVE");
        assert_eq!(REPLAY_NOT_IN_SHOWDOWN, "REPLAY_NOT_IN_SHOWDOWN");
        assert_eq!(REPLAY_TOO_MANY_SHOWN, "REPLAY_TOO_MANY_SHOWN");
        assert_eq!(REPLAY_UNKNOWN_SHOWN, "REPLAY_UNKNOWN_SHOWN");
        assert_eq!(REPLAY_MUST_SHOW_ALL, "REPLAY_MUST_SHOW_ALL");
        assert_eq!(REPLAY_UNKNOWN_UP_CARD, "REPLAY_UNKNOWN_UP_CARD");
        assert_eq!(REPLAY_CARD_NOT_IN_DECK, "REPLAY_CARD_NOT_IN_DECK");
        assert_eq!(REPLAY_AMOUNT_NOT_FINITE, "REPLAY_AMOUNT_NOT_FINITE");
        assert_eq!(REPLAY_AMOUNT_TOO_LARGE, "REPLAY_AMOUNT_TOO_LARGE");
        assert_eq!(REPLAY_AMOUNT_NOT_INTEGRAL, "REPLAY_AMOUNT_NOT_INTEGRAL");
        assert_eq!(REPLAY_FOLD_NOTHING_TO_CALL, "REPLAY_FOLD_NOTHING_TO_CALL");
        assert_eq!(REPLAY_CHIPS_VANISHED, "REPLAY_CHIPS_VANISHED");
        assert_eq!(REPLAY_QUIRK_HILO_LOW_SPLIT, "REPLAY_QUIRK_HILO_LOW_SPLIT");
        assert_eq!(REPLAY_QUIRK_FIXED_LIMIT_CAP, "REPLAY_QUIRK_FIXED_LIMIT_CAP");
        assert_eq!(REPLAY_QUIRK_FO8_POT_LIMIT, "REPLAY_QUIRK_FO8_POT_LIMIT");
        assert_eq!(REPLAY_REPAIRED_CHECK, "REPLAY_REPAIRED_CHECK");
        assert_eq!(REPLAY_REPAIRED_FOLD, "REPLAY_REPAIRED_FOLD");
        assert_eq!(REPLAY_REPAIRED_HOLE_DEALING, "REPLAY_REPAIRED_HOLE_DEALING");
        assert_eq!(REPLAY_REPAIRED_SHOWDOWN, "REPLAY_REPAIRED_SHOWDOWN");
        assert_eq!(REPLAY_QUIRK_MUCK_DURING_RUNOUT, "REPLAY_QUIRK_MUCK_DURING_RUNOUT");
        assert_eq!(REPLAY_QUIRK_NOT_REOPENED, "REPLAY_QUIRK_NOT_REOPENED");
        assert_eq!(REPLAY_UNKNOWN_VARIANT, "REPLAY_UNKNOWN_VARIANT");
        assert_eq!(REPLAY_TOO_FEW_PLAYERS, "REPLAY_TOO_FEW_PLAYERS");
        assert_eq!(REPLAY_TOO_MANY_PLAYERS, "REPLAY_TOO_MANY_PLAYERS");
        assert_eq!(REPLAY_NEGATIVE_FORCED_BET, "REPLAY_NEGATIVE_FORCED_BET");
        assert_eq!(REPLAY_NO_FORCED_BETS, "REPLAY_NO_FORCED_BETS");
        assert_eq!(REPLAY_NON_POSITIVE_STACK, "REPLAY_NON_POSITIVE_STACK");
        assert_eq!(REPLAY_BLINDS_AND_BRING_IN, "REPLAY_BLINDS_AND_BRING_IN");
        assert_eq!(REPLAY_BRING_IN_TOO_LARGE, "REPLAY_BRING_IN_TOO_LARGE");
        assert_eq!(REPLAY_BAD_BET_SIZE, "REPLAY_BAD_BET_SIZE");
    }
}
