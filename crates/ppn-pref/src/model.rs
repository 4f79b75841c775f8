//! The typed model of a PPN file: info tags and deals, every field typed.

use crate::PrefPlayer;
use cards_core::{Card, Rank, Suit};

/// A whole PPN file: its info tags (in file order) and its deals (in file order).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Game {
    /// Info section tag pairs, in the order read.
    pub tags: Vec<Tag>,
    /// Deal records, in the order read.
    pub deals: Vec<Deal>,
}

impl Game {
    /// The game of a file's records, read in file order: the info section (every tag, in file
    /// order) and the deals that could be read.
    #[must_use]
    pub fn from_records(records: &[crate::Record]) -> Game {
        Game {
            tags: records.last().map(|r| r.model.header.tags.clone()).unwrap_or_default(),
            deals: records.iter().filter_map(|r| r.model.deal.clone()).collect(),
        }
    }

    /// The value of the first tag called `name`.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|t| t.name == name).map(|t| t.value.as_str())
    }

    /// A tag parsed as an integer.
    #[must_use]
    pub fn tag_int(&self, name: &str) -> Option<i64> {
        self.tag(name).and_then(|v| v.trim().parse().ok())
    }

    /// `Bula`: the starting middle-column score.
    #[must_use]
    pub fn bula(&self) -> Option<i64> {
        self.tag_int("Bula")
    }

    /// `Refe`: the number of refas allowed.
    #[must_use]
    pub fn refe(&self) -> Option<i64> {
        self.tag_int("Refe")
    }

    /// `Result1..3` for `player`.
    #[must_use]
    pub fn result(&self, player: PrefPlayer) -> Option<i64> {
        self.tag_int(RESULT_TAGS[player.index()])
    }

    /// `Player1..3` for `player`.
    #[must_use]
    pub fn player_name(&self, player: PrefPlayer) -> Option<&str> {
        self.tag(PLAYER_TAGS[player.index()])
    }
}

pub(crate) const PLAYER_TAGS: [&str; 3] = ["Player1", "Player2", "Player3"];
pub(crate) const RESULT_TAGS: [&str; 3] = ["Result1", "Result2", "Result3"];
pub(crate) const PLACE_TAGS: [&str; 3] = ["Place1", "Place2", "Place3"];

/// One info tag pair `[Name value]`. Quoting is not kept: the writer quotes values that need it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tag {
    /// Tag name (`Bula`, `Player1`, …).
    pub name: String,
    /// Tag value, unquoted and unescaped.
    pub value: String,
}

/// The deal order: first bidder, second bidder, dealer (`312` = player 3 first, player 2 deals).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DealOrder(pub [PrefPlayer; 3]);

impl DealOrder {
    /// A deal order from three distinct players, if they are a permutation.
    #[must_use]
    pub fn new(players: [PrefPlayer; 3]) -> Option<DealOrder> {
        let [a, b, c] = players;
        (a != b && b != c && a != c).then_some(DealOrder(players))
    }

    /// The first bidder (first to get cards).
    #[must_use]
    pub const fn first(self) -> PrefPlayer {
        self.0[0]
    }

    /// The dealer (last digit).
    #[must_use]
    pub const fn dealer(self) -> PrefPlayer {
        self.0[2]
    }

    /// The player at deal-order position `pos` (0, 1, 2; wraps).
    #[must_use]
    pub const fn at(self, pos: usize) -> PrefPlayer {
        self.0[pos % 3]
    }

    /// The deal-order position (0 first, 1 second, 2 dealer) of `player`.
    #[must_use]
    pub fn position(self, player: PrefPlayer) -> usize {
        self.0.iter().position(|&p| p == player).unwrap_or(0)
    }

    /// The next player in turn order (first → second → dealer → first).
    #[must_use]
    pub fn next(self, player: PrefPlayer) -> PrefPlayer {
        self.at(self.position(player) + 1)
    }

    /// The previous player in turn order.
    #[must_use]
    pub fn prev(self, player: PrefPlayer) -> PrefPlayer {
        self.at(self.position(player) + 2)
    }

    /// Whether this is one of the orders prefko writes (`123`, `231`, `312`).
    #[must_use]
    pub fn is_rotation(self) -> bool {
        self.next(self.first()) == self.first().next()
    }
}

/// One player's highest bid (`P`, `2`…`8`, `M3`…`M8`, `G`, `G2`…`G8`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Bid {
    /// `P`: never made a positive bid.
    Pass,
    /// `2`…`8`: a plain bid.
    Plain(u8),
    /// `M3`…`M8`: "mine" at that level.
    Mine(u8),
    /// `G`: game, never named in the auction.
    Game,
    /// `G2`…`G8`: a named or direct game.
    NamedGame(u8),
}

impl Bid {
    /// Whether this is a game token (`G`, `Gk`).
    #[must_use]
    pub const fn is_game(self) -> bool {
        matches!(self, Bid::Game | Bid::NamedGame(_))
    }

    /// The position on the plain ladder 2 < 3 < M3 < 4 < … < 8 < M8 (plain tokens only).
    #[must_use]
    pub const fn ladder(self) -> Option<u8> {
        match self {
            Bid::Plain(n) => Some(2 * n),
            Bid::Mine(n) => Some(2 * n + 1),
            _ => None,
        }
    }

    /// The position on the game ladder G < G2 < … < G8 (game tokens only).
    #[must_use]
    pub const fn game_rank(self) -> Option<u8> {
        match self {
            Bid::Game => Some(0),
            Bid::NamedGame(n) => Some(n),
            _ => None,
        }
    }
}

/// A contract: `2`…`8`, or `G2`…`G8` for a game (played without the talon).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Contract {
    /// Whether it is a game (`G` prefix).
    pub game: bool,
    /// 2 spade, 3 diamond, 4 heart, 5 club, 6 betl, 7 sans, 8 preferans.
    pub level: u8,
}

impl Contract {
    /// The trump suit, if the contract has one.
    #[must_use]
    pub const fn trump(self) -> Option<Suit> {
        match self.level {
            2 => Some(Suit::Spades),
            3 => Some(Suit::Diamonds),
            4 => Some(Suit::Hearts),
            5 => Some(Suit::Clubs),
            _ => None,
        }
    }

    /// Base value: 2·level for plain, 2·level + 2 for a game.
    #[must_use]
    pub const fn base(self) -> u32 {
        let plain = 2 * self.level as u32;
        if self.game { plain + 2 } else { plain }
    }

    /// Whether the main's opponent on the left leads (sans and preferans).
    #[must_use]
    pub const fn left_leads(self) -> bool {
        self.level >= 7
    }

    /// Whether the main passed with `tricks` tricks (suits/sans ≥ 6, betl 0, preferans 10).
    #[must_use]
    pub const fn passed(self, tricks: u8) -> bool {
        match self.level {
            6 => tricks == 0,
            8 => tricks == 10,
            _ => tricks >= 6,
        }
    }
}

/// The discarded field: two cards, or `XX` for a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Discard {
    /// `XX`: no talon taken.
    None,
    /// The two discarded cards, as written.
    Cards([Card; 2]),
}

/// Which followers decided to play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Accepted {
    /// `0`: nobody follows.
    Nobody,
    /// `1`/`2`/`3`: only that player follows.
    One(PrefPlayer),
    /// `4`…`9`: both follow (the digit is kept; prefko writes `8`).
    Both(u8),
}

/// A kontra step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum KontraLevel {
    /// `I`: invitation (×1).
    Invite,
    /// `K`: kontra (×2).
    Kontra,
    /// `R`: rekontra (×4).
    Rekontra,
    /// `S`: subkontra (×8).
    Subkontra,
    /// `M`: mortkontra (×16).
    Mortkontra,
}

impl KontraLevel {
    /// The value multiplier.
    #[must_use]
    pub const fn multiplier(self) -> u32 {
        match self {
            KontraLevel::Invite => 1,
            KontraLevel::Kontra => 2,
            KontraLevel::Rekontra => 4,
            KontraLevel::Subkontra => 8,
            KontraLevel::Mortkontra => 16,
        }
    }

    /// The letter used in PPN.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            KontraLevel::Invite => 'I',
            KontraLevel::Kontra => 'K',
            KontraLevel::Rekontra => 'R',
            KontraLevel::Subkontra => 'S',
            KontraLevel::Mortkontra => 'M',
        }
    }
}

/// The kontra field when not `0`: a level and the follower who started the chain.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Kontra {
    /// How far the chain went.
    pub level: KontraLevel,
    /// The follower who started it (or who invited).
    pub by: PrefPlayer,
}

/// One trick: 2 or 3 cards in the order played, and the recorded winner.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Trick {
    cards: [Card; 3],
    len: u8,
    /// The recorded winner (who leads next).
    pub winner: PrefPlayer,
}

const FILLER: Card = Card::new(Rank::Two, Suit::Clubs);

impl Trick {
    /// A trick from 1 to 3 cards (more are cut off) and a winner.
    #[must_use]
    pub fn new(cards: &[Card], winner: PrefPlayer) -> Trick {
        let mut all = [FILLER; 3];
        let len = cards.len().min(3);
        for (slot, &card) in all.iter_mut().zip(cards) {
            *slot = card;
        }
        Trick { cards: all, len: len as u8, winner }
    }

    /// The cards in the order played.
    #[must_use]
    pub fn cards(&self) -> &[Card] {
        self.cards.get(..self.len as usize).unwrap_or(&[])
    }
}

/// Which supe column a follower writes in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Column {
    /// `L`: the main sits before the follower.
    Left,
    /// `R`: the main is the follower's next player.
    Right,
}

/// One summary entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Entry {
    /// `0`: did not play (or was invited).
    None,
    /// `M<tricks>:<middle>`.
    Main {
        /// Tricks the main took.
        tricks: u8,
        /// Middle-column change (negative = passed).
        middle: i64,
    },
    /// `F<tricks>:<L|R><supe>[:<fail>]`.
    Follower {
        /// Tricks taken.
        tricks: u8,
        /// Column written in.
        column: Column,
        /// Supe = value × tricks.
        supe: u64,
        /// Fail amount, if the follower failed.
        fail: Option<u64>,
    },
}

/// The part of a deal after the auction (absent for an all-pass deal).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Play {
    /// The auction winner.
    pub main: PrefPlayer,
    /// The discarded cards.
    pub discard: Discard,
    /// The contract.
    pub contract: Contract,
    /// Who follows.
    pub accepted: Accepted,
    /// Kontra chain or invitation, `None` for `0`.
    pub kontra: Option<Kontra>,
    /// The refa flag; `None` for the legacy 13-field form that has no refa field.
    pub refa: Option<bool>,
    /// The written value.
    pub value: u32,
    /// Who leads trick 1; `None` for `0` (nobody follows).
    pub starts: Option<PrefPlayer>,
    /// The tricks (`0` = none).
    pub throws: Vec<Trick>,
    /// Summary entries in deal order.
    pub summary: [Entry; 3],
}

/// One deal record.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Deal {
    /// The deal number.
    pub id: u32,
    /// First bidder, second bidder, dealer.
    pub order: DealOrder,
    /// The 32 cards: hands in deal order (10 each), then the talon (2).
    pub cards: [Card; 32],
    /// Highest bids in deal order.
    pub bids: [Bid; 3],
    /// Everything after the bids, `None` for an all-pass (`P,P,P`) deal.
    pub play: Option<Play>,
}

impl Deal {
    /// The hand dealt to deal-order position `pos` (0..3).
    #[must_use]
    pub fn hand_at(&self, pos: usize) -> &[Card] {
        self.cards.get(pos * 10..pos * 10 + 10).unwrap_or(&[])
    }

    /// The hand dealt to `player`.
    #[must_use]
    pub fn hand(&self, player: PrefPlayer) -> &[Card] {
        self.hand_at(self.order.position(player))
    }

    /// The two talon cards.
    #[must_use]
    pub fn talon(&self) -> &[Card] {
        self.cards.get(30..32).unwrap_or(&[])
    }

    /// The highest bid of `player`.
    #[must_use]
    pub fn bid(&self, player: PrefPlayer) -> Bid {
        self.bids.get(self.order.position(player)).copied().unwrap_or(Bid::Pass)
    }

    /// Whether everyone passed.
    #[must_use]
    pub fn is_all_pass(&self) -> bool {
        self.play.is_none()
    }
}
