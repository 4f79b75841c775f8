//! Typed actions (the PHH action grammar, independent of any file), errors and warnings.

use crate::codes;
use core::fmt;
use core::str::FromStr;

use crate::card_text as phh;
use cards_core::MaybeCard;

use crate::chips::Chips;

/// Most cards one action may name.
pub const MAX_ACTION_CARDS: usize = 8;

/// A short inline list of cards (no allocation).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct CardList {
    cards: [MaybeCard; MAX_ACTION_CARDS],
    len: u8,
}

impl CardList {
    /// The empty list.
    pub const EMPTY: CardList = CardList { cards: [MaybeCard::Unknown; MAX_ACTION_CARDS], len: 0 };

    /// A list from a slice; `None` when it holds more than [`MAX_ACTION_CARDS`].
    #[must_use]
    pub fn from_slice(cards: &[MaybeCard]) -> Option<CardList> {
        let mut list = CardList::EMPTY;
        for &c in cards {
            if !list.push(c) {
                return None;
            }
        }
        Some(list)
    }

    /// Appends a card; `false` when full.
    pub fn push(&mut self, card: MaybeCard) -> bool {
        match self.cards.get_mut(self.len as usize) {
            Some(slot) => {
                *slot = card;
                self.len += 1;
                true
            }
            None => false,
        }
    }

    /// The cards.
    #[must_use]
    pub fn as_slice(&self) -> &[MaybeCard] {
        self.cards.get(..self.len as usize).unwrap_or(&[])
    }

    /// Number of cards.
    #[must_use]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether there are no cards.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl fmt::Debug for CardList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&phh::write_cards(self.as_slice()))
    }
}

impl fmt::Display for CardList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&phh::write_cards(self.as_slice()))
    }
}

/// What a showdown action does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Show {
    /// `pN sm`: muck (give up the pot).
    Muck,
    /// `pN sm -`: show every hole card.
    All,
    /// `pN sm CARDS`: show these cards (they replace the hole cards; unlisted ones stay down or
    /// become unknown on the last street).
    Cards(CardList),
}

/// One action of a hand. Players are 0-based indices (PHH `p1` is 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// `d db CARDS`: deal board cards.
    DealBoard(CardList),
    /// `d dh pN CARDS`: deal hole cards to a player.
    DealHole {
        /// The player.
        player: usize,
        /// The cards (`??` allowed).
        cards: CardList,
    },
    /// `pN sd [CARDS]`: stand pat (no cards) or discard.
    StandPatOrDiscard {
        /// The player.
        player: usize,
        /// Discarded cards.
        cards: CardList,
    },
    /// `pN pb`: post the bring-in.
    PostBringIn {
        /// The player.
        player: usize,
    },
    /// `pN f`: fold.
    Fold {
        /// The player.
        player: usize,
    },
    /// `pN cc`: check or call.
    CheckOrCall {
        /// The player.
        player: usize,
    },
    /// `pN cbr X`: complete, bet or raise to a street total of X.
    CompleteBetOrRaiseTo {
        /// The player.
        player: usize,
        /// The "to" amount.
        amount: Chips,
    },
    /// `pN sm …`: show or muck.
    ShowOrMuck {
        /// The player.
        player: usize,
        /// What is shown.
        show: Show,
    },
    /// An empty action or a comment.
    NoOp,
}

impl Action {
    /// The player named by the action, if any.
    #[must_use]
    pub const fn player(&self) -> Option<usize> {
        match *self {
            Action::DealBoard(_) | Action::NoOp => None,
            Action::DealHole { player, .. }
            | Action::StandPatOrDiscard { player, .. }
            | Action::PostBringIn { player }
            | Action::Fold { player }
            | Action::CheckOrCall { player }
            | Action::CompleteBetOrRaiseTo { player, .. }
            | Action::ShowOrMuck { player, .. } => Some(player),
        }
    }
}

/// Why action text is not an action.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ActionParseError;

impl fmt::Display for ActionParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("malformed action")
    }
}

impl std::error::Error for ActionParseError {}

fn parse_player(word: &str) -> Result<usize, ActionParseError> {
    let digits = word.strip_prefix('p').ok_or(ActionParseError)?;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.len() > 4 {
        return Err(ActionParseError);
    }
    let n: usize = digits.parse().map_err(|_| ActionParseError)?;
    n.checked_sub(1).ok_or(ActionParseError)
}

fn parse_cards(word: &str) -> Result<CardList, ActionParseError> {
    let mut list = CardList::EMPTY;
    for card in phh::cards(word) {
        if !list.push(card.map_err(|_| ActionParseError)?) {
            return Err(ActionParseError);
        }
    }
    if !word.len().is_multiple_of(2) {
        return Err(ActionParseError);
    }
    Ok(list)
}

impl FromStr for Action {
    type Err = ActionParseError;

    /// Parses PHH action notation (`d dh p1 AhKh`, `p2 cbr 6`, `p1 sm -`, `# note`, …).
    fn from_str(text: &str) -> Result<Action, ActionParseError> {
        let mut words: [&str; 4] = [""; 4];
        let mut n = 0usize;
        for word in text.split_whitespace() {
            if word == "#" || word.starts_with('#') {
                break;
            }
            let slot = words.get_mut(n).ok_or(ActionParseError)?;
            *slot = word;
            n += 1;
        }
        let words = words.get(..n).ok_or(ActionParseError)?;
        Ok(match *words {
            [] => Action::NoOp,
            ["d", "db", cards] => Action::DealBoard(parse_cards(cards)?),
            ["d", "dh", player, cards] => {
                Action::DealHole { player: parse_player(player)?, cards: parse_cards(cards)? }
            }
            [player, "sd"] => {
                Action::StandPatOrDiscard { player: parse_player(player)?, cards: CardList::EMPTY }
            }
            [player, "sd", cards] => {
                Action::StandPatOrDiscard { player: parse_player(player)?, cards: parse_cards(cards)? }
            }
            [player, "pb"] => Action::PostBringIn { player: parse_player(player)? },
            [player, "f"] => Action::Fold { player: parse_player(player)? },
            [player, "cc"] => Action::CheckOrCall { player: parse_player(player)? },
            [player, "cbr", amount] => Action::CompleteBetOrRaiseTo {
                player: parse_player(player)?,
                amount: amount.parse().map_err(|_| ActionParseError)?,
            },
            [player, "sm"] => Action::ShowOrMuck { player: parse_player(player)?, show: Show::Muck },
            [player, "sm", "-"] => Action::ShowOrMuck { player: parse_player(player)?, show: Show::All },
            [player, "sm", cards] => {
                Action::ShowOrMuck { player: parse_player(player)?, show: Show::Cards(parse_cards(cards)?) }
            }
            _ => return Err(ActionParseError),
        })
    }
}

impl fmt::Display for Action {
    /// PHH notation.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::DealBoard(c) => write!(f, "d db {c}"),
            Action::DealHole { player, cards } => write!(f, "d dh p{} {cards}", player + 1),
            Action::StandPatOrDiscard { player, cards } if cards.is_empty() => {
                write!(f, "p{} sd", player + 1)
            }
            Action::StandPatOrDiscard { player, cards } => write!(f, "p{} sd {cards}", player + 1),
            Action::PostBringIn { player } => write!(f, "p{} pb", player + 1),
            Action::Fold { player } => write!(f, "p{} f", player + 1),
            Action::CheckOrCall { player } => write!(f, "p{} cc", player + 1),
            Action::CompleteBetOrRaiseTo { player, amount } => write!(f, "p{} cbr {amount}", player + 1),
            Action::ShowOrMuck { player, show: Show::Muck } => write!(f, "p{} sm", player + 1),
            Action::ShowOrMuck { player, show: Show::All } => write!(f, "p{} sm -", player + 1),
            Action::ShowOrMuck { player, show: Show::Cards(c) } => write!(f, "p{} sm {c}", player + 1),
            Action::NoOp => Ok(()),
        }
    }
}

/// Why an action is illegal. The state is left exactly as it was.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ActionError {
    /// The hand is over.
    HandOver,
    /// The player index is not at the table.
    NoSuchPlayer,
    /// Another player must act (the one named here).
    WrongPlayer {
        /// Who must act.
        expected: usize,
    },
    /// Nobody is to bet now (dealing or showdown is pending).
    NoBettingPending,
    /// The bring-in player must post the bring-in or complete.
    BringInPending,
    /// No bring-in may be posted now.
    NoBringIn,
    /// The fixed-limit cap on completions/bets/raises was reached.
    RaiseCapReached,
    /// The player faces a short all-in and may not raise it.
    ShortAllInNotRaisable,
    /// An incomplete all-in raise did not reopen the betting for this player.
    BettingNotReopened,
    /// The player's stack does not exceed the call: only call or fold.
    AlreadyCovered,
    /// Every other player has folded or is all-in: nothing to raise against.
    NoOpponentToRaise,
    /// The amount is below the minimum "to" amount.
    BelowMinimum {
        /// The minimum.
        min: Chips,
    },
    /// The amount is above the maximum "to" amount.
    AboveMaximum {
        /// The maximum.
        max: Chips,
    },
    /// No board dealing is pending.
    NoBoardDealing,
    /// No hole dealing is pending (for anyone, or for this player).
    NoHoleDealing,
    /// Draw decisions are still pending.
    DrawPending,
    /// Zero cards, or more than the street/player still needs.
    BadCardCount,
    /// No stand-pat/discard decision is pending.
    NoDrawPending,
    /// Discarded cards are not all in the player's hand.
    DiscardNotHeld,
    /// No showdown is pending.
    NoShowdown,
    /// The player has folded or mucked.
    PlayerNotActive,
    /// The player has nothing left to show.
    NotInShowdown,
    /// More cards shown than held.
    TooManyCardsShown,
    /// A `??` card cannot be shown.
    UnknownCardShown,
    /// After the hand, a show must reveal every card.
    MustShowAll,
    /// A stud up card must be known.
    UnknownUpCard,
    /// A card that is not in the remaining deck (strict profile only).
    CardNotInDeck,
    /// A bet amount that is infinite.
    AmountNotFinite,
    /// A bet amount of 10^20 chips or more (sums of such amounts could pass the 96 bits an amount
    /// holds; only infinite stacks can afford them).
    AmountTooLarge,
    /// A bet amount that is not a whole number of chips below 2^48, given to a state on whole
    /// chips ([`State::integral`](crate::State::integral)): replay the hand on exact amounts
    /// ([`State::new`](crate::State::new)), as the replay's fastest path does (see the
    /// [crate docs](crate#design)).
    AmountNotIntegral,
}

impl ActionError {
    /// Every kind of refusal, once each in declaration order (the kinds with a payload carry a
    /// placeholder: player 0, zero chips). Tests walk this list so that no kind goes untested.
    pub const ALL: [ActionError; 30] = [
        ActionError::HandOver,
        ActionError::NoSuchPlayer,
        ActionError::WrongPlayer { expected: 0 },
        ActionError::NoBettingPending,
        ActionError::BringInPending,
        ActionError::NoBringIn,
        ActionError::RaiseCapReached,
        ActionError::ShortAllInNotRaisable,
        ActionError::BettingNotReopened,
        ActionError::AlreadyCovered,
        ActionError::NoOpponentToRaise,
        ActionError::BelowMinimum { min: Chips::ZERO },
        ActionError::AboveMaximum { max: Chips::ZERO },
        ActionError::NoBoardDealing,
        ActionError::NoHoleDealing,
        ActionError::DrawPending,
        ActionError::BadCardCount,
        ActionError::NoDrawPending,
        ActionError::DiscardNotHeld,
        ActionError::NoShowdown,
        ActionError::PlayerNotActive,
        ActionError::NotInShowdown,
        ActionError::TooManyCardsShown,
        ActionError::UnknownCardShown,
        ActionError::MustShowAll,
        ActionError::UnknownUpCard,
        ActionError::CardNotInDeck,
        ActionError::AmountNotFinite,
        ActionError::AmountTooLarge,
        ActionError::AmountNotIntegral,
    ];

    /// Whether the action passed one of this engine's own limits (an infinite or too large
    /// amount) rather than a rule of the game: PokerKit's replay would not repair around it.
    #[must_use]
    pub const fn is_engine_limit(&self) -> bool {
        matches!(
            self,
            ActionError::AmountNotFinite | ActionError::AmountTooLarge | ActionError::AmountNotIntegral
        )
    }

    /// A stable SCREAMING_SNAKE code.
    #[must_use]
    pub const fn code(&self) -> &'static str {
        match self {
            ActionError::HandOver => codes::REPLAY_HAND_OVER,
            ActionError::NoSuchPlayer => codes::REPLAY_NO_SUCH_PLAYER,
            ActionError::WrongPlayer { .. } => codes::REPLAY_WRONG_PLAYER,
            ActionError::NoBettingPending => codes::REPLAY_NO_BETTING,
            ActionError::BringInPending => codes::REPLAY_BRING_IN_PENDING,
            ActionError::NoBringIn => codes::REPLAY_NO_BRING_IN,
            ActionError::RaiseCapReached => codes::REPLAY_RAISE_CAP,
            ActionError::ShortAllInNotRaisable => codes::REPLAY_SHORT_ALL_IN,
            ActionError::BettingNotReopened => codes::REPLAY_NOT_REOPENED,
            ActionError::AlreadyCovered => codes::REPLAY_COVERED,
            ActionError::NoOpponentToRaise => codes::REPLAY_NO_OPPONENT,
            ActionError::BelowMinimum { .. } => codes::REPLAY_BELOW_MIN,
            ActionError::AboveMaximum { .. } => codes::REPLAY_ABOVE_MAX,
            ActionError::NoBoardDealing => codes::REPLAY_NO_BOARD_DEALING,
            ActionError::NoHoleDealing => codes::REPLAY_NO_HOLE_DEALING,
            ActionError::DrawPending => codes::REPLAY_DRAW_PENDING,
            ActionError::BadCardCount => codes::REPLAY_BAD_CARD_COUNT,
            ActionError::NoDrawPending => codes::REPLAY_NO_DRAW,
            ActionError::DiscardNotHeld => codes::REPLAY_DISCARD_NOT_HELD,
            ActionError::NoShowdown => codes::REPLAY_NO_SHOWDOWN,
            ActionError::PlayerNotActive => codes::REPLAY_NOT_ACTIVE,
            ActionError::NotInShowdown => codes::REPLAY_NOT_IN_SHOWDOWN,
            ActionError::TooManyCardsShown => codes::REPLAY_TOO_MANY_SHOWN,
            ActionError::UnknownCardShown => codes::REPLAY_UNKNOWN_SHOWN,
            ActionError::MustShowAll => codes::REPLAY_MUST_SHOW_ALL,
            ActionError::UnknownUpCard => codes::REPLAY_UNKNOWN_UP_CARD,
            ActionError::CardNotInDeck => codes::REPLAY_CARD_NOT_IN_DECK,
            ActionError::AmountNotFinite => codes::REPLAY_AMOUNT_NOT_FINITE,
            ActionError::AmountTooLarge => codes::REPLAY_AMOUNT_TOO_LARGE,
            ActionError::AmountNotIntegral => codes::REPLAY_AMOUNT_NOT_INTEGRAL,
        }
    }
}

impl fmt::Display for ActionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ActionError::HandOver => f.write_str("the hand is already over"),
            ActionError::NoSuchPlayer => f.write_str("no such player at this table"),
            ActionError::WrongPlayer { expected } => write!(f, "it is p{}'s turn", expected + 1),
            ActionError::NoBettingPending => f.write_str("nobody is to bet now"),
            ActionError::BringInPending => f.write_str("the player must post the bring-in or complete"),
            ActionError::NoBringIn => f.write_str("no bring-in may be posted now"),
            ActionError::RaiseCapReached => f.write_str("no more completions, bets or raises on this street"),
            ActionError::ShortAllInNotRaisable => f.write_str("a short all-in cannot be raised"),
            ActionError::BettingNotReopened => {
                f.write_str("an incomplete all-in raise did not reopen the betting for this player")
            }
            ActionError::AlreadyCovered => f.write_str("the player can only call (stack covered) or fold"),
            ActionError::NoOpponentToRaise => {
                f.write_str("every other player has folded or is all-in: there is nothing to raise")
            }
            ActionError::BelowMinimum { min } => write!(f, "the amount is below the minimum of {min}"),
            ActionError::AboveMaximum { max } => write!(f, "the amount is above the maximum of {max}"),
            ActionError::NoBoardDealing => f.write_str("no board cards are to be dealt now"),
            ActionError::NoHoleDealing => f.write_str("no hole cards are to be dealt to this player now"),
            ActionError::DrawPending => f.write_str("every player must stand pat or discard first"),
            ActionError::BadCardCount => f.write_str("wrong number of cards"),
            ActionError::NoDrawPending => f.write_str("no draw is pending"),
            ActionError::DiscardNotHeld => f.write_str("discarded cards are not in the player's hand"),
            ActionError::NoShowdown => f.write_str("no showdown is pending"),
            ActionError::PlayerNotActive => f.write_str("the player is no longer in the hand"),
            ActionError::NotInShowdown => f.write_str("the player has nothing to show now"),
            ActionError::TooManyCardsShown => f.write_str("more cards shown than held"),
            ActionError::UnknownCardShown => f.write_str("an unknown card cannot be shown"),
            ActionError::MustShowAll => f.write_str("after the hand a player may only show every card"),
            ActionError::UnknownUpCard => f.write_str("a face-up stud card must be known"),
            ActionError::CardNotInDeck => f.write_str("the card is not in the remaining deck"),
            ActionError::AmountNotFinite => f.write_str("a bet amount must be finite"),
            ActionError::AmountTooLarge => f.write_str("a bet amount must be below 10^20 chips"),
            ActionError::AmountNotIntegral => {
                f.write_str("this state holds whole chips below 2^48 only: replay on exact amounts")
            }
        }
    }
}

impl std::error::Error for ActionError {}

/// Warnings raised while applying an action (PokerKit's `UserWarning`s and the quirks it follows).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Warnings(pub u16);

/// One kind of warning.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Warning {
    /// A dealt or shown card is not in the remaining deck (duplicate or foreign card).
    CardNotInDeck,
    /// A fold when there was nothing to call.
    FoldWithNothingToCall,
    /// Every player mucked or was killed: the pot vanished (PokerKit quirk).
    ChipsVanished,
    /// A hi/lo side pot's low share was split among its players, none of whom had a low (quirk).
    HiLoLowShareSplit,
    /// A fixed-limit raise beyond bet + 3 raises (PokerKit does not count the blind, quirk).
    FixedLimitCapBeyondBlind,
    /// A FO/8 bet sized as pot-limit rather than fixed-limit (quirk).
    PotLimitOmahaHiLo,
    /// The replay inserted a check for the player to act (PokerKit repair).
    RepairedCheck,
    /// The replay inserted a fold for the player to act (PokerKit repair).
    RepairedFold,
    /// The replay dealt `??` hole cards that the history lacks (PokerKit repair).
    RepairedHoleDealing,
    /// The replay kept cards face down at a showdown the history lacks (PokerKit repair).
    RepairedShowdown,
    /// A muck left one player during an all-in run-out: the engine deals on and pushes the pots
    /// to that player, while PokerKit 0.7.7 fails an assertion on such a hand.
    MuckDuringRunout,
    /// A raise PokerKit allows although short all-ins did not reopen the betting for the player
    /// under the rules (TDA "Re-Opening the Bet"; quirk).
    RaiseNotReopened,
}

impl Warning {
    /// All warnings.
    pub const ALL: [Warning; 12] = [
        Warning::CardNotInDeck,
        Warning::FoldWithNothingToCall,
        Warning::ChipsVanished,
        Warning::HiLoLowShareSplit,
        Warning::FixedLimitCapBeyondBlind,
        Warning::PotLimitOmahaHiLo,
        Warning::RepairedCheck,
        Warning::RepairedFold,
        Warning::RepairedHoleDealing,
        Warning::RepairedShowdown,
        Warning::MuckDuringRunout,
        Warning::RaiseNotReopened,
    ];

    const fn bit(self) -> u16 {
        1 << self as u16
    }

    /// A stable SCREAMING_SNAKE code.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Warning::CardNotInDeck => codes::REPLAY_CARD_NOT_IN_DECK,
            Warning::FoldWithNothingToCall => codes::REPLAY_FOLD_NOTHING_TO_CALL,
            Warning::ChipsVanished => codes::REPLAY_CHIPS_VANISHED,
            Warning::HiLoLowShareSplit => codes::REPLAY_QUIRK_HILO_LOW_SPLIT,
            Warning::FixedLimitCapBeyondBlind => codes::REPLAY_QUIRK_FIXED_LIMIT_CAP,
            Warning::PotLimitOmahaHiLo => codes::REPLAY_QUIRK_FO8_POT_LIMIT,
            Warning::RepairedCheck => codes::REPLAY_REPAIRED_CHECK,
            Warning::RepairedFold => codes::REPLAY_REPAIRED_FOLD,
            Warning::RepairedHoleDealing => codes::REPLAY_REPAIRED_HOLE_DEALING,
            Warning::RepairedShowdown => codes::REPLAY_REPAIRED_SHOWDOWN,
            Warning::MuckDuringRunout => codes::REPLAY_QUIRK_MUCK_DURING_RUNOUT,
            Warning::RaiseNotReopened => codes::REPLAY_QUIRK_NOT_REOPENED,
        }
    }

    /// A human message.
    #[must_use]
    pub const fn message(self) -> &'static str {
        match self {
            Warning::CardNotInDeck => "a card is not in the remaining deck (duplicate or not in this deck)",
            Warning::FoldWithNothingToCall => "fold with nothing to call",
            Warning::ChipsVanished => "every player mucked or was killed: PokerKit lets the pot vanish",
            Warning::HiLoLowShareSplit => {
                "no player in this side pot has a low: PokerKit splits the low share among them all"
            }
            Warning::FixedLimitCapBeyondBlind => {
                "a fourth raise over the blind: PokerKit's cap does not count the blind"
            }
            Warning::PotLimitOmahaHiLo => {
                "PokerKit plays FO/8 as pot-limit: this bet is not a fixed-limit bet"
            }
            Warning::RepairedCheck => {
                "the next action is not legal here: cardnote inserted a check for the player to act and \
                 went on, as PokerKit does (the pokerkit rule profile; --rules wsop stops at an error)"
            }
            Warning::RepairedFold => {
                "the next action is not legal here: cardnote inserted a fold for the player to act and \
                 went on, as PokerKit does (the pokerkit rule profile; --rules wsop stops at an error)"
            }
            Warning::RepairedHoleDealing => {
                "hole cards are missing from the history: cardnote dealt unknown (??) cards, as PokerKit \
                 does (the pokerkit rule profile)"
            }
            Warning::RepairedShowdown => {
                "the showdown is missing from the history: cardnote kept the cards face down, as PokerKit \
                 does (the pokerkit rule profile)"
            }
            Warning::MuckDuringRunout => {
                "a muck left one player before the board is complete: PokerKit 0.7.7 cannot replay this hand"
            }
            Warning::RaiseNotReopened => {
                "the betting was not reopened for this player (they face less than a full bet or raise \
                 since they acted): PokerKit lets them raise, the rules do not"
            }
        }
    }
}

impl Warnings {
    /// No warnings.
    pub const NONE: Warnings = Warnings(0);

    /// Adds a warning.
    pub fn add(&mut self, w: Warning) {
        self.0 |= w.bit();
    }

    /// Whether a warning is present.
    #[must_use]
    pub const fn contains(self, w: Warning) -> bool {
        self.0 & w.bit() != 0
    }

    /// Whether there are none.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The warnings present, in a fixed order.
    pub fn iter(self) -> impl Iterator<Item = Warning> {
        Warning::ALL.into_iter().filter(move |w| self.contains(*w))
    }

    /// Both sets.
    #[must_use]
    pub const fn union(self, other: Warnings) -> Warnings {
        Warnings(self.0 | other.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::GameError;

    /// The place of a kind in the declaration; exhaustive, so a new kind does not compile until
    /// it is given a place here (and then [`ActionError::ALL`] must hold it, see below).
    const fn ordinal(e: &ActionError) -> usize {
        match e {
            ActionError::HandOver => 0,
            ActionError::NoSuchPlayer => 1,
            ActionError::WrongPlayer { .. } => 2,
            ActionError::NoBettingPending => 3,
            ActionError::BringInPending => 4,
            ActionError::NoBringIn => 5,
            ActionError::RaiseCapReached => 6,
            ActionError::ShortAllInNotRaisable => 7,
            ActionError::BettingNotReopened => 8,
            ActionError::AlreadyCovered => 9,
            ActionError::NoOpponentToRaise => 10,
            ActionError::BelowMinimum { .. } => 11,
            ActionError::AboveMaximum { .. } => 12,
            ActionError::NoBoardDealing => 13,
            ActionError::NoHoleDealing => 14,
            ActionError::DrawPending => 15,
            ActionError::BadCardCount => 16,
            ActionError::NoDrawPending => 17,
            ActionError::DiscardNotHeld => 18,
            ActionError::NoShowdown => 19,
            ActionError::PlayerNotActive => 20,
            ActionError::NotInShowdown => 21,
            ActionError::TooManyCardsShown => 22,
            ActionError::UnknownCardShown => 23,
            ActionError::MustShowAll => 24,
            ActionError::UnknownUpCard => 25,
            ActionError::CardNotInDeck => 26,
            ActionError::AmountNotFinite => 27,
            ActionError::AmountTooLarge => 28,
            ActionError::AmountNotIntegral => 29,
        }
    }

    #[test]
    fn all_lists_every_kind_once_in_order() {
        for (i, e) in ActionError::ALL.iter().enumerate() {
            assert_eq!(ordinal(e), i, "{e:?}");
        }
    }

    /// Every replay code that is neither a warning's nor a setup error's is the code of a kind
    /// in [`ActionError::ALL`], and the kinds' codes are distinct: a new kind with a new code
    /// that is missing from `ALL` fails here.
    #[test]
    fn all_holds_the_kind_of_every_refusal_code() {
        let game = [
            GameError::UnknownVariant,
            GameError::TooFewPlayers,
            GameError::TooManyPlayers,
            GameError::NegativeForcedBet,
            GameError::NoForcedBets,
            GameError::NonPositiveStack,
            GameError::BlindsAndBringIn,
            GameError::BringInTooLarge,
            GameError::BadBetSize,
            GameError::AmountTooLarge,
        ];
        let kinds: Vec<&str> = ActionError::ALL.iter().map(ActionError::code).collect();
        let mut distinct = kinds.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), kinds.len(), "two kinds share a code");
        for code in codes::ALL {
            let other =
                Warning::ALL.iter().any(|w| w.code() == *code) || game.iter().any(|g| g.code() == *code);
            assert!(other || kinds.contains(code), "{code} is no kind's code in ActionError::ALL");
        }
        for code in &kinds {
            assert!(codes::ALL.contains(code), "{code} is not in codes::ALL");
        }
    }
}
