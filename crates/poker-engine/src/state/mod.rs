//! The hand state machine: forced bets, dealing, betting, draws, showdown, hand killing, pots.
//!
//! The phase order and every rule follow PokerKit 0.7.7's `State` (see the crate docs for the
//! profile differences). All per-player data lives in fixed-size arrays: applying an action never
//! allocates.

#![allow(clippy::needless_range_loop)]

use cards_core::{CardSet, MaybeCard};

use crate::action::{Action, ActionError, Warnings};
use crate::chips::Chips;
use crate::eval::HandType;
use crate::game::{BettingStructure, GameDef, GameError, MAX_PLAYERS, RuleProfile, Street, Variant};

mod betting;
mod containers;
mod dealing;
mod pots;
mod showdown;

use containers::Queue;
pub use containers::{Hole, MAX_HOLE};
pub use pots::{Pot, Pots};

const N: usize = MAX_PLAYERS;

/// What the hand is waiting for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Cards must be dealt (board, hole) or draws decided.
    Dealing,
    /// A player must bet.
    Betting,
    /// Players must show or muck.
    Showdown,
    /// The hand is over; only a post-hand show is possible.
    Over,
}

/// Whose turn it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Turn {
    /// The dealer must deal (board or hole cards).
    Dealer,
    /// A player must stand pat or discard.
    Draw(usize),
    /// A player must bet (fold, check/call, bring-in, complete/bet/raise).
    Bet(usize),
    /// A player must show or muck (any pending player may, the first is given).
    Show(usize),
    /// Nobody: the hand is over.
    Nobody,
}

/// The state of one hand. Build it with [`State::new`], drive it with [`State::apply`]. Two states
/// are equal when every part is (amounts by value: `2.50` equals `2.5`).
#[derive(Debug, Clone, PartialEq)]
pub struct State {
    variant: Variant,
    profile: RuleProfile,
    structure: BettingStructure,
    n: usize,
    streets: [Street; 5],
    street_count: usize,
    hand_types: &'static [HandType],
    ante_trimming: bool,
    bring_in: Chips,
    antes: [Chips; N],
    blinds: [Chips; N],
    starting: [Chips; N],

    active: [bool; N],
    bets: [Chips; N],
    stacks: [Chips; N],
    payoffs: [Chips; N],
    /// What each player collected from the pots (PHH `winnings`), set when the pots are pushed.
    collected: [Chips; N],
    /// The uncalled bets returned to each player.
    returned: [Chips; N],
    holes: [Hole; N],
    pending: [Queue<bool, MAX_HOLE>; N],
    draw_pending: [bool; N],
    board: [MaybeCard; 8],
    board_len: usize,
    deck: CardSet,
    reserved: CardSet,

    street: Option<usize>,
    phase: Phase,
    burn_pending: bool,
    board_pending: usize,

    opener: Option<usize>,
    bring_in_status: bool,
    completion_status: bool,
    actors: Queue<u8, N>,
    raise_amount: Chips,
    raise_count: u8,
    acted: u32,
    chain_sum: Chips,
    chain_len: u8,
    all_in: bool,
    /// The player holding the largest bet (the first of equal ones, as Python's `max(bets)`),
    /// kept up to date by every change of `bets` during betting.
    top_bettor: usize,
    showdown: Queue<u8, N>,
    warnings: Warnings,
}

fn sum<'a>(values: impl Iterator<Item = &'a Chips>) -> Chips {
    values.fold(Chips::ZERO, |acc, &v| acc.add(v))
}

impl State {
    /// Sets up a hand: validates the definition, posts antes, collects them, posts blinds and
    /// straddles, and starts dealing the first street.
    pub fn new(def: &GameDef) -> Result<State, GameError> {
        let n = def.starting_stacks.len();
        if n < 2 {
            return Err(GameError::TooFewPlayers);
        }
        if n > N {
            return Err(GameError::TooManyPlayers);
        }
        let (streets, street_count) = def.streets();
        let mut antes = [Chips::ZERO; N];
        let mut blinds = [Chips::ZERO; N];
        let mut starting = [Chips::ZERO; N];
        for i in 0..n {
            antes[i] = def.antes.get(i).copied().unwrap_or_default();
            blinds[i] = def.blinds_or_straddles.get(i).copied().unwrap_or_default();
            starting[i] = def.starting_stacks.get(i).copied().unwrap_or_default();
        }
        let finite = antes[..n].iter().chain(&blinds[..n]).chain([
            &def.bring_in,
            &def.small_bet,
            &def.big_bet,
            &def.min_bet,
        ]);
        for v in finite {
            if !v.in_range() || v.is_inf() {
                return Err(GameError::AmountTooLarge);
            }
        }
        if starting[..n].iter().any(|v| !v.in_range()) {
            return Err(GameError::AmountTooLarge);
        }
        if antes[..n].iter().any(|a| a.is_negative()) || def.bring_in.is_negative() {
            return Err(GameError::NegativeForcedBet);
        }
        if antes[..n].iter().all(|a| a.is_zero())
            && blinds[..n].iter().all(|b| b.is_zero())
            && def.bring_in.is_zero()
        {
            return Err(GameError::NoForcedBets);
        }
        if starting[..n].iter().any(|s| !s.is_positive()) {
            return Err(GameError::NonPositiveStack);
        }
        if blinds[..n].iter().any(|b| b.is_negative()) && !def.bring_in.is_zero() {
            return Err(GameError::BlindsAndBringIn);
        }
        if streets[..street_count].iter().any(|s| !s.min_bet.is_positive() || s.min_bet.is_inf()) {
            return Err(GameError::BadBetSize);
        }
        if def.bring_in >= streets[0].min_bet {
            return Err(GameError::BringInTooLarge);
        }
        let deck = if def.variant.short_deck() {
            cards_core::Deck::ShortDeck36.cards()
        } else {
            cards_core::Deck::Standard52.cards()
        };
        let mut s = State {
            variant: def.variant,
            profile: def.profile,
            structure: def.structure(),
            n,
            streets,
            street_count,
            hand_types: def.variant.hand_types(),
            ante_trimming: def.ante_trimming,
            bring_in: def.bring_in,
            antes,
            blinds,
            starting,
            active: [false; N],
            bets: [Chips::ZERO; N],
            stacks: starting,
            payoffs: [Chips::ZERO; N],
            collected: [Chips::ZERO; N],
            returned: [Chips::ZERO; N],
            holes: [Hole::EMPTY; N],
            pending: [Queue::new(); N],
            draw_pending: [false; N],
            board: [MaybeCard::Unknown; 8],
            board_len: 0,
            deck,
            reserved: CardSet::EMPTY,
            street: None,
            phase: Phase::Dealing,
            burn_pending: false,
            board_pending: 0,
            opener: None,
            bring_in_status: false,
            completion_status: false,
            actors: Queue::new(),
            raise_amount: Chips::ZERO,
            raise_count: 0,
            acted: 0,
            chain_sum: Chips::ZERO,
            chain_len: 0,
            all_in: false,
            top_bettor: 0,
            showdown: Queue::new(),
            warnings: Warnings::NONE,
        };
        for i in 0..n {
            s.active[i] = true;
        }
        // Antes.
        for i in 0..n {
            let a = s.effective_ante(i);
            if a.is_positive() {
                s.pay(i, a);
            }
        }
        s.begin_bet_collection();
        Ok(s)
    }

    // ----------------------------------------------------------------------------------------
    // Queries.

    /// The variant.
    #[must_use]
    pub const fn variant(&self) -> Variant {
        self.variant
    }

    /// The rule profile.
    #[must_use]
    pub const fn profile(&self) -> RuleProfile {
        self.profile
    }

    /// The betting structure in force.
    #[must_use]
    pub const fn structure(&self) -> BettingStructure {
        self.structure
    }

    /// Number of players.
    #[must_use]
    pub const fn player_count(&self) -> usize {
        self.n
    }

    /// The current street index (0 = first), `None` before dealing and once the hand is over.
    #[must_use]
    pub const fn street(&self) -> Option<usize> {
        self.street
    }

    /// Number of streets of the variant.
    #[must_use]
    pub const fn street_count(&self) -> usize {
        self.street_count
    }

    /// What the hand waits for.
    #[must_use]
    pub const fn phase(&self) -> Phase {
        self.phase
    }

    /// Whether the hand is over (pots pushed and pulled).
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// Whose turn it is.
    #[must_use]
    pub fn turn(&self) -> Turn {
        match self.phase {
            Phase::Over => Turn::Nobody,
            Phase::Showdown => self.showdown.front().map_or(Turn::Nobody, |p| Turn::Show(p as usize)),
            Phase::Betting => self.actors.front().map_or(Turn::Nobody, |p| Turn::Bet(p as usize)),
            Phase::Dealing => match self.drawer() {
                Some(p) => Turn::Draw(p),
                None => Turn::Dealer,
            },
        }
    }

    /// Current stacks.
    #[must_use]
    pub fn stacks(&self) -> &[Chips] {
        &self.stacks[..self.n]
    }

    /// Chips in front of each player (the current round's bets).
    #[must_use]
    pub fn bets(&self) -> &[Chips] {
        &self.bets[..self.n]
    }

    /// Net result of each player so far (what they won minus what they put in).
    #[must_use]
    pub fn payoffs(&self) -> &[Chips] {
        &self.payoffs[..self.n]
    }

    /// What each player collected from the pots: PHH's `winnings`, as a site's "collected … from
    /// pot" (an uncalled bet returned is not won). Zero for everyone until the pots are pushed.
    #[must_use]
    pub fn winnings(&self) -> &[Chips] {
        &self.collected[..self.n]
    }

    /// The uncalled bets returned to each player so far (an overbet no one matched). Some sites
    /// count these in a hand's winnings; [`State::winnings`] does not.
    #[must_use]
    pub fn uncalled_returned(&self) -> &[Chips] {
        &self.returned[..self.n]
    }

    /// Starting stacks.
    #[must_use]
    pub fn starting_stacks(&self) -> &[Chips] {
        &self.starting[..self.n]
    }

    /// Whether each player is still in the hand.
    #[must_use]
    pub fn active(&self) -> &[bool] {
        &self.active[..self.n]
    }

    /// A player's hole cards.
    #[must_use]
    pub fn hole(&self, player: usize) -> Option<&Hole> {
        self.holes.get(player).filter(|_| player < self.n)
    }

    /// The board cards.
    #[must_use]
    pub fn board(&self) -> &[MaybeCard] {
        &self.board[..self.board_len]
    }

    /// Total of all pots plus the bets on the table.
    #[must_use]
    pub fn total_pot(&self) -> Chips {
        // Every chip paid in and not returned: the collected pots plus the bets on the table.
        if self.phase == Phase::Over {
            return Chips::ZERO;
        }
        sum(self.payoffs[..self.n].iter()).neg()
    }

    /// Board cards still to be dealt on this street.
    #[must_use]
    pub const fn board_pending(&self) -> usize {
        self.board_pending
    }

    /// Hole cards still to be dealt to a player on this street.
    #[must_use]
    pub fn hole_pending(&self, player: usize) -> usize {
        self.pending.get(player).map_or(0, |q| q.len as usize)
    }

    /// The player who must stand pat or discard next, and how many cards they hold (the most they
    /// may discard).
    #[must_use]
    pub fn draw_turn(&self) -> Option<(usize, usize)> {
        self.drawer().map(|p| (p, self.holes[p].len as usize))
    }

    fn drawer(&self) -> Option<usize> {
        (0..self.n).find(|&i| self.draw_pending[i])
    }

    /// Takes the warnings raised by automatic steps since the last call.
    pub fn take_warnings(&mut self) -> Warnings {
        core::mem::take(&mut self.warnings)
    }

    // ----------------------------------------------------------------------------------------
    // Helpers.

    fn pay(&mut self, i: usize, amount: Chips) {
        self.bets[i] = self.bets[i].add(amount);
        self.bet_changed(i, !amount.is_negative());
        self.stacks[i] = self.stacks[i].sub(amount);
        self.payoffs[i] = self.payoffs[i].sub(amount);
    }

    fn effective_ante(&self, i: usize) -> Chips {
        let a = if self.n == 2 { self.antes[1 - i.min(1)] } else { self.antes[i] };
        a.min(self.starting[i])
    }

    /// A player's blind or straddle as written (negative: a dead post), heads-up order applied.
    fn raw_blind(&self, i: usize) -> Chips {
        if self.n == 2 { self.blinds[1 - i.min(1)] } else { self.blinds[i] }
    }

    fn effective_blind(&self, i: usize) -> Chips {
        let b = self.raw_blind(i);
        let b = if b.is_negative() { b.neg() } else { b };
        b.min(self.starting[i].sub(self.effective_ante(i)))
    }

    fn active_count(&self) -> usize {
        self.active[..self.n].iter().filter(|&&a| a).count()
    }

    fn street_def(&self) -> Option<&Street> {
        self.street.and_then(|s| self.streets.get(s))
    }

    fn is_last_street(&self) -> bool {
        self.street == Some(self.street_count - 1)
    }

    fn muck(&mut self, i: usize) {
        for c in self.holes[i].cards() {
            if let MaybeCard::Known(card) = c {
                self.reserved.insert(*card);
            }
        }
        self.active[i] = false;
        self.holes[i] = Hole::EMPTY;
    }

    // ----------------------------------------------------------------------------------------
    // Applying actions.

    /// Applies one action. On error the state is unchanged. On success, returns the warnings the
    /// action (and the automatic steps it triggered) raised.
    pub fn apply(&mut self, action: &Action) -> Result<Warnings, ActionError> {
        let mut w = Warnings::NONE;
        if let Some(p) = action.player()
            && p >= self.n
        {
            return Err(ActionError::NoSuchPlayer);
        }
        match *action {
            Action::NoOp => {}
            Action::DealBoard(cards) => self.deal_board(cards.as_slice(), &mut w)?,
            Action::DealHole { player, cards } => self.deal_hole(player, cards.as_slice(), &mut w)?,
            Action::StandPatOrDiscard { player, cards } => {
                self.stand_pat_or_discard(player, cards.as_slice())?
            }
            Action::PostBringIn { player } => self.post_bring_in(player)?,
            Action::Fold { player } => self.fold(player, &mut w)?,
            Action::CheckOrCall { player } => self.check_or_call(player)?,
            Action::CompleteBetOrRaiseTo { player, amount } => {
                self.complete_bet_or_raise_to(player, amount, &mut w)?
            }
            Action::ShowOrMuck { player, show } => self.show_or_muck(player, show, &mut w)?,
        }
        Ok(w.union(self.take_warnings()))
    }

    /// The player PokerKit would deal a missing hole card to.
    #[must_use]
    pub fn hole_dealee(&self) -> Option<usize> {
        if self.phase != Phase::Dealing || self.drawer().is_some() {
            return None;
        }
        let street = self.street_def()?;
        if street.hole_count > 0 {
            let mut best: Option<(usize, usize)> = None;
            for i in 0..self.n {
                let len = self.pending[i].len as usize;
                if len > 0 && best.is_none_or(|(l, _)| len > l) {
                    best = Some((len, i));
                }
            }
            best.map(|b| b.1)
        } else {
            (0..self.n).find(|&i| !self.pending[i].is_empty())
        }
    }

    /// The first player pending at the showdown.
    #[must_use]
    pub fn showdown_player(&self) -> Option<usize> {
        if self.phase == Phase::Showdown { self.showdown.front().map(|p| p as usize) } else { None }
    }

    /// The player to bet, if a betting round is under way.
    pub(crate) fn actor(&self) -> Option<usize> {
        if self.phase == Phase::Betting { self.actors.front().map(|p| p as usize) } else { None }
    }

    /// Keeps warnings in the state for [`State::take_warnings`].
    pub(crate) fn keep_warnings(&mut self, warnings: Warnings) {
        self.warnings = self.warnings.union(warnings);
    }
}
