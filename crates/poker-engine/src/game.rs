//! Game definitions: the 11 PHH variants, their streets, betting structures and hand types, and
//! the forced bets and stacks of one hand.

use crate::codes;
use core::fmt;
use core::str::FromStr;

use crate::chips::Chips;
use crate::eval::HandType;

/// The most players a table may have (hold'em deals 2 cards to each of 22 players from 52).
pub const MAX_PLAYERS: usize = 22;

/// The 11 variants of the PHH standard.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Variant {
    /// `FT`: fixed-limit Texas hold'em.
    FixedLimitTexasHoldem,
    /// `NT`: no-limit Texas hold'em.
    NoLimitTexasHoldem,
    /// `NS`: no-limit short-deck hold'em.
    NoLimitShortDeckHoldem,
    /// `PO`: pot-limit Omaha hold'em.
    PotLimitOmahaHoldem,
    /// `FO/8`: fixed-limit Omaha hold'em hi/lo 8-or-better (pot-limit under the `pokerkit` profile).
    FixedLimitOmahaHoldemHighLowSplitEightOrBetter,
    /// `F7S`: fixed-limit seven-card stud.
    FixedLimitSevenCardStud,
    /// `F7S/8`: fixed-limit seven-card stud hi/lo 8-or-better.
    FixedLimitSevenCardStudHighLowSplitEightOrBetter,
    /// `FR`: fixed-limit razz.
    FixedLimitRazz,
    /// `N2L1D`: no-limit 2-7 lowball single draw.
    NoLimitDeuceToSevenLowballSingleDraw,
    /// `F2L3D`: fixed-limit 2-7 lowball triple draw.
    FixedLimitDeuceToSevenLowballTripleDraw,
    /// `FB`: fixed-limit badugi.
    FixedLimitBadugi,
}

impl Variant {
    /// All variants, in the order of the PHH specification.
    pub const ALL: [Variant; 11] = [
        Variant::FixedLimitTexasHoldem,
        Variant::NoLimitTexasHoldem,
        Variant::NoLimitShortDeckHoldem,
        Variant::PotLimitOmahaHoldem,
        Variant::FixedLimitOmahaHoldemHighLowSplitEightOrBetter,
        Variant::FixedLimitSevenCardStud,
        Variant::FixedLimitSevenCardStudHighLowSplitEightOrBetter,
        Variant::FixedLimitRazz,
        Variant::NoLimitDeuceToSevenLowballSingleDraw,
        Variant::FixedLimitDeuceToSevenLowballTripleDraw,
        Variant::FixedLimitBadugi,
    ];

    /// The PHH code (`NT`, `FO/8`, …).
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Variant::FixedLimitTexasHoldem => "FT",
            Variant::NoLimitTexasHoldem => "NT",
            Variant::NoLimitShortDeckHoldem => "NS",
            Variant::PotLimitOmahaHoldem => "PO",
            Variant::FixedLimitOmahaHoldemHighLowSplitEightOrBetter => "FO/8",
            Variant::FixedLimitSevenCardStud => "F7S",
            Variant::FixedLimitSevenCardStudHighLowSplitEightOrBetter => "F7S/8",
            Variant::FixedLimitRazz => "FR",
            Variant::NoLimitDeuceToSevenLowballSingleDraw => "N2L1D",
            Variant::FixedLimitDeuceToSevenLowballTripleDraw => "F2L3D",
            Variant::FixedLimitBadugi => "FB",
        }
    }

    /// The variant with a PHH code.
    #[must_use]
    pub fn from_code(code: &str) -> Option<Variant> {
        Variant::ALL.into_iter().find(|v| v.code() == code)
    }

    /// Whether the variant is a stud game (bring-in, up cards).
    #[must_use]
    pub const fn is_stud(self) -> bool {
        matches!(
            self,
            Variant::FixedLimitSevenCardStud
                | Variant::FixedLimitSevenCardStudHighLowSplitEightOrBetter
                | Variant::FixedLimitRazz
        )
    }

    /// Whether the variant is a draw game.
    #[must_use]
    pub const fn is_draw(self) -> bool {
        matches!(
            self,
            Variant::NoLimitDeuceToSevenLowballSingleDraw
                | Variant::FixedLimitDeuceToSevenLowballTripleDraw
                | Variant::FixedLimitBadugi
        )
    }

    /// The deck the variant is played with.
    #[must_use]
    pub const fn deck(self) -> cards_core::Deck {
        if self.short_deck() { cards_core::Deck::ShortDeck36 } else { cards_core::Deck::Standard52 }
    }

    /// Whether the variant's sizes are `small_bet`/`big_bet` (otherwise `min_bet`): the
    /// fixed-limit variants.
    #[must_use]
    pub const fn uses_small_big_bets(self) -> bool {
        matches!(
            self,
            Variant::FixedLimitTexasHoldem
                | Variant::FixedLimitOmahaHoldemHighLowSplitEightOrBetter
                | Variant::FixedLimitSevenCardStud
                | Variant::FixedLimitSevenCardStudHighLowSplitEightOrBetter
                | Variant::FixedLimitRazz
                | Variant::FixedLimitDeuceToSevenLowballTripleDraw
                | Variant::FixedLimitBadugi
        )
    }

    /// The hand types, in pot-split order (high first).
    #[must_use]
    pub const fn hand_types(self) -> &'static [HandType] {
        match self {
            Variant::FixedLimitTexasHoldem
            | Variant::NoLimitTexasHoldem
            | Variant::FixedLimitSevenCardStud => &[HandType::StandardHigh],
            Variant::NoLimitShortDeckHoldem => &[HandType::ShortDeckHigh],
            Variant::PotLimitOmahaHoldem => &[HandType::OmahaHigh],
            Variant::FixedLimitOmahaHoldemHighLowSplitEightOrBetter => {
                &[HandType::OmahaHigh, HandType::OmahaEightOrBetterLow]
            }
            Variant::FixedLimitSevenCardStudHighLowSplitEightOrBetter => {
                &[HandType::StandardHigh, HandType::EightOrBetterLow]
            }
            Variant::FixedLimitRazz => &[HandType::RegularLow],
            Variant::NoLimitDeuceToSevenLowballSingleDraw
            | Variant::FixedLimitDeuceToSevenLowballTripleDraw => &[HandType::DeuceToSevenLow],
            Variant::FixedLimitBadugi => &[HandType::Badugi],
        }
    }

    /// Whether the deck is the 36-card short deck.
    #[must_use]
    pub const fn short_deck(self) -> bool {
        matches!(self, Variant::NoLimitShortDeckHoldem)
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Variant {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.code())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Variant {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Variant, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        Variant::from_code(&text)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown variant code `{text}`")))
    }
}

impl FromStr for Variant {
    type Err = GameError;
    fn from_str(s: &str) -> Result<Variant, GameError> {
        Variant::from_code(s).ok_or(GameError::UnknownVariant)
    }
}

/// Which rules a replay follows. See the crate documentation for every difference.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum RuleProfile {
    /// Reproduce PokerKit 0.7.7 exactly, quirks included; repairs and quirks are warnings.
    #[default]
    Pokerkit,
    /// The standard rules of the game (WSOP where they apply); PokerKit's departures are errors
    /// or give the rule-correct outcome.
    Wsop,
}

impl RuleProfile {
    /// `pokerkit` or `wsop`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            RuleProfile::Pokerkit => "pokerkit",
            RuleProfile::Wsop => "wsop",
        }
    }
}

/// How bets are sized.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BettingStructure {
    /// One legal amount per street, raises capped.
    FixedLimit,
    /// Up to the size of the pot.
    PotLimit,
    /// Up to the whole stack.
    NoLimit,
}

/// Who opens a betting round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Opening {
    /// By position, blinds and straddles considered.
    Position,
    /// Lowest up card (stud bring-in).
    LowCard,
    /// Highest up card, ace low (razz bring-in).
    HighCard,
    /// Lowest showing hand (razz, later streets).
    LowHand,
    /// Highest showing hand (stud, later streets).
    HighHand,
}

/// A street before the bet sizes: burn a card, the hole cards dealt (`true` = face up), the board
/// cards dealt, a draw, who opens the betting, and whether the big bet is the minimum.
type Layout = (bool, &'static [bool], u8, bool, Opening, bool);

/// One street: its dealing phase and its betting round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Street {
    /// Burn a card first.
    pub burn: bool,
    /// Hole cards dealt to each active player: `true` = face up. Only the first `hole_count` count.
    pub hole: [bool; 5],
    /// How many hole cards are dealt.
    pub hole_count: u8,
    /// Board cards dealt.
    pub board: u8,
    /// A draw (stand pat / discard, then replacements) precedes the betting.
    pub draw: bool,
    /// Who opens the betting.
    pub opening: Opening,
    /// Minimum completion/bet/raise increment.
    pub min_bet: Chips,
    /// Maximum completions, bets and raises (None = unlimited).
    pub max_raises: Option<u8>,
}

impl Street {
    /// No street (the streets of a state not yet set up).
    pub(crate) const NONE: Street = Street {
        burn: false,
        hole: [false; 5],
        hole_count: 0,
        board: 0,
        draw: false,
        opening: Opening::Position,
        min_bet: Chips::ZERO,
        max_raises: None,
    };
}

/// Why a game cannot be set up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameError {
    /// The variant code is not one of the 11.
    UnknownVariant,
    /// Fewer than 2 players.
    TooFewPlayers,
    /// More than [`MAX_PLAYERS`] players, or more than the deck can deal to.
    TooManyPlayers,
    /// A negative ante or bring-in.
    NegativeForcedBet,
    /// No ante, blind, straddle or bring-in at all.
    NoForcedBets,
    /// A starting stack that is not positive.
    NonPositiveStack,
    /// Blinds/straddles and a bring-in together.
    BlindsAndBringIn,
    /// The bring-in is not below the first street's minimum bet.
    BringInTooLarge,
    /// A bet size that is missing, zero or negative.
    BadBetSize,
    /// An amount too large to handle exactly.
    AmountTooLarge,
}

impl GameError {
    /// A stable SCREAMING_SNAKE code.
    #[must_use]
    pub const fn code(&self) -> &'static str {
        match self {
            GameError::UnknownVariant => codes::REPLAY_UNKNOWN_VARIANT,
            GameError::TooFewPlayers => codes::REPLAY_TOO_FEW_PLAYERS,
            GameError::TooManyPlayers => codes::REPLAY_TOO_MANY_PLAYERS,
            GameError::NegativeForcedBet => codes::REPLAY_NEGATIVE_FORCED_BET,
            GameError::NoForcedBets => codes::REPLAY_NO_FORCED_BETS,
            GameError::NonPositiveStack => codes::REPLAY_NON_POSITIVE_STACK,
            GameError::BlindsAndBringIn => codes::REPLAY_BLINDS_AND_BRING_IN,
            GameError::BringInTooLarge => codes::REPLAY_BRING_IN_TOO_LARGE,
            GameError::BadBetSize => codes::REPLAY_BAD_BET_SIZE,
            GameError::AmountTooLarge => codes::REPLAY_AMOUNT_TOO_LARGE,
        }
    }
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            GameError::UnknownVariant => "unknown variant",
            GameError::TooFewPlayers => "a hand needs at least 2 players",
            GameError::TooManyPlayers => "too many players for the deck",
            GameError::NegativeForcedBet => "antes and the bring-in must not be negative",
            GameError::NoForcedBets => "no antes, blinds, straddles or bring-in",
            GameError::NonPositiveStack => "every starting stack must be positive",
            GameError::BlindsAndBringIn => "only one of a bring-in or blinds/straddles may be given",
            GameError::BringInTooLarge => "the bring-in must be less than the small bet",
            GameError::BadBetSize => "bet sizes must be positive",
            GameError::AmountTooLarge => "an amount is too large",
        })
    }
}

impl std::error::Error for GameError {}

/// Everything needed to start a hand: variant, forced bets, bet sizes and stacks.
///
/// Per-player vectors shorter than `starting_stacks` are padded with zeros and longer ones are
/// cut, as PokerKit does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameDef {
    /// The variant.
    pub variant: Variant,
    /// Rule profile.
    pub profile: RuleProfile,
    /// Antes by player (PHH order).
    pub antes: Vec<Chips>,
    /// Blinds or straddles by player (0 for none; negative = a "post", PokerKit extension).
    pub blinds_or_straddles: Vec<Chips>,
    /// Stud bring-in (0 in button games).
    pub bring_in: Chips,
    /// Small bet (fixed-limit and FO/8, and stud).
    pub small_bet: Chips,
    /// Big bet (fixed-limit and FO/8, and stud).
    pub big_bet: Chips,
    /// Minimum bet (no-limit and pot-limit games).
    pub min_bet: Chips,
    /// Starting stacks (`Chips::INF` for unknown).
    pub starting_stacks: Vec<Chips>,
    /// PHH `ante_trimming_status` (PokerKit's PHH default is `false`).
    pub ante_trimming: bool,
}

impl GameDef {
    /// A definition with no forced bets yet; fill the fields you need.
    #[must_use]
    pub fn new(variant: Variant, starting_stacks: Vec<Chips>) -> GameDef {
        GameDef {
            variant,
            profile: RuleProfile::Pokerkit,
            antes: Vec::new(),
            blinds_or_straddles: Vec::new(),
            bring_in: Chips::ZERO,
            small_bet: Chips::ZERO,
            big_bet: Chips::ZERO,
            min_bet: Chips::ZERO,
            starting_stacks,
            ante_trimming: false,
        }
    }

    /// The betting structure under the definition's profile.
    #[must_use]
    pub fn structure(&self) -> BettingStructure {
        match self.variant {
            Variant::NoLimitTexasHoldem
            | Variant::NoLimitShortDeckHoldem
            | Variant::NoLimitDeuceToSevenLowballSingleDraw => BettingStructure::NoLimit,
            Variant::PotLimitOmahaHoldem => BettingStructure::PotLimit,
            Variant::FixedLimitOmahaHoldemHighLowSplitEightOrBetter => match self.profile {
                RuleProfile::Pokerkit => BettingStructure::PotLimit,
                RuleProfile::Wsop => BettingStructure::FixedLimit,
            },
            _ => BettingStructure::FixedLimit,
        }
    }

    /// The streets of the variant with this definition's bet sizes.
    #[must_use]
    pub fn streets(&self) -> ([Street; 5], usize) {
        let cap = match self.structure() {
            BettingStructure::FixedLimit => Some(4),
            _ => None,
        };
        let (small, big) = if self.variant.uses_small_big_bets() {
            (self.small_bet, self.big_bet)
        } else {
            (self.min_bet, self.min_bet)
        };
        let (layouts, count) = self.layouts();
        let streets = layouts.map(|(burn, hole, board, draw, opening, big_bet)| {
            let mut h = [false; 5];
            for (slot, &up) in h.iter_mut().zip(hole) {
                *slot = up;
            }
            Street {
                burn,
                hole: h,
                hole_count: hole.len() as u8,
                board,
                draw,
                opening,
                min_bet: if big_bet { big } else { small },
                max_raises: cap,
            }
        });
        (streets, count)
    }

    /// The variant's streets before the bet sizes, and how many there are (the rest filler).
    fn layouts(&self) -> ([Layout; 5], usize) {
        let p = Opening::Position;
        let filler: Layout = (false, &[], 0, false, p, false);
        match self.variant {
            Variant::FixedLimitTexasHoldem
            | Variant::NoLimitTexasHoldem
            | Variant::NoLimitShortDeckHoldem
            | Variant::PotLimitOmahaHoldem
            | Variant::FixedLimitOmahaHoldemHighLowSplitEightOrBetter => {
                let hole: &'static [bool] = if matches!(
                    self.variant,
                    Variant::PotLimitOmahaHoldem | Variant::FixedLimitOmahaHoldemHighLowSplitEightOrBetter
                ) {
                    &[false; 4]
                } else {
                    &[false; 2]
                };
                (
                    [
                        (false, hole, 0, false, p, false),
                        (true, &[], 3, false, p, false),
                        (true, &[], 1, false, p, true),
                        (true, &[], 1, false, p, true),
                        filler,
                    ],
                    4,
                )
            }
            Variant::FixedLimitSevenCardStud
            | Variant::FixedLimitSevenCardStudHighLowSplitEightOrBetter
            | Variant::FixedLimitRazz => {
                let low = self.variant == Variant::FixedLimitRazz;
                let first = if low { Opening::HighCard } else { Opening::LowCard };
                let later = if low { Opening::LowHand } else { Opening::HighHand };
                (
                    [
                        (false, &[false, false, true], 0, false, first, false),
                        (true, &[true], 0, false, later, false),
                        (true, &[true], 0, false, later, true),
                        (true, &[true], 0, false, later, true),
                        (true, &[false], 0, false, later, true),
                    ],
                    5,
                )
            }
            Variant::NoLimitDeuceToSevenLowballSingleDraw => (
                [
                    (false, &[false; 5], 0, false, p, false),
                    (true, &[], 0, true, p, false),
                    filler,
                    filler,
                    filler,
                ],
                2,
            ),
            Variant::FixedLimitDeuceToSevenLowballTripleDraw | Variant::FixedLimitBadugi => {
                let hole: &'static [bool] =
                    if self.variant == Variant::FixedLimitBadugi { &[false; 4] } else { &[false; 5] };
                (
                    [
                        (false, hole, 0, false, p, false),
                        (true, &[], 0, true, p, false),
                        (true, &[], 0, true, p, true),
                        (true, &[], 0, true, p, true),
                        filler,
                    ],
                    4,
                )
            }
        }
    }

    /// Hole cards dealt on the first street (5 in 2-7, 4 in badugi and Omaha).
    #[must_use]
    pub const fn first_hole_count(&self) -> usize {
        match self.variant {
            Variant::NoLimitDeuceToSevenLowballSingleDraw
            | Variant::FixedLimitDeuceToSevenLowballTripleDraw => 5,
            Variant::FixedLimitBadugi
            | Variant::PotLimitOmahaHoldem
            | Variant::FixedLimitOmahaHoldemHighLowSplitEightOrBetter => 4,
            Variant::FixedLimitSevenCardStud
            | Variant::FixedLimitSevenCardStudHighLowSplitEightOrBetter
            | Variant::FixedLimitRazz => 3,
            _ => 2,
        }
    }
}
