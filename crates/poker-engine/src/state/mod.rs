//! The hand state machine: forced bets, dealing, betting, draws, showdown, hand killing, pots.
//!
//! The phase order and every rule follow PokerKit 0.7.7's `State` (see the crate docs for the
//! profile differences). All per-player data lives in fixed-size arrays: applying an action never
//! allocates.

#![allow(clippy::needless_range_loop)]

use cards_core::{CardSet, MaybeCard};

use crate::action::{Action, ActionError, Warnings};
use crate::amount::Amount;
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
///
/// The amounts are [`Chips`] (any amount, exactly) unless the state was built by
/// [`State::integral`]: then they are `i64`, for a hand whose amounts are all whole chips (see
/// [`Amount`]; the replay's fastest path chooses, see the [crate docs](crate#design)).
#[derive(Debug, Clone, PartialEq)]
pub struct State<A: Amount = Chips> {
    variant: Variant,
    profile: RuleProfile,
    structure: BettingStructure,
    n: usize,
    streets: [Street; 5],
    street_count: usize,
    hand_types: &'static [HandType],
    ante_trimming: bool,
    bring_in: A,
    antes: [A; N],
    blinds: [A; N],
    starting: [A; N],
    /// Each street's minimum bet (the `min_bet` of `streets`, as an `A`).
    min_bets: [A; 5],

    active: [bool; N],
    /// How many players are active (in the hand).
    in_hand: usize,
    bets: [A; N],
    stacks: [A; N],
    payoffs: [A; N],
    /// What each player collected from the pots (PHH `winnings`), set when the pots are pushed.
    collected: [A; N],
    /// The uncalled bets returned to each player.
    returned: [A; N],
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
    raise_amount: A,
    raise_count: u8,
    acted: u32,
    /// Players who have acted in this betting round (any action; the `wsop` reopening rule).
    acted_round: u32,
    chain_sum: A,
    chain_len: u8,
    all_in: bool,
    /// The player holding the largest bet (the first of equal ones, as Python's `max(bets)`),
    /// kept up to date by every change of `bets` during betting.
    top_bettor: usize,
    showdown: Queue<u8, N>,
    warnings: Warnings,
}

fn sum<'a, A: Amount>(values: impl Iterator<Item = &'a A>) -> A {
    values.fold(A::ZERO, |acc, &v| acc.add(v))
}

/// The last of the largest amounts (as `Iterator::max` picks among equal ones), `None` if empty.
fn last_max<A: Amount>(values: impl Iterator<Item = A>) -> Option<A> {
    values.fold(None, |best, v| match best {
        Some(b) if v.compare(&b) == core::cmp::Ordering::Less => Some(b),
        _ => Some(v),
    })
}

/// Per-player amounts of a definition, each as an `A`, into the first `n` of `out` (left at zero
/// past the end of `values`, as PokerKit pads them); `false` when one is not an `A`.
fn per_player<A: Amount>(out: &mut [A; N], values: &[Chips], n: usize) -> bool {
    for (slot, &v) in out[..n].iter_mut().zip(values) {
        match A::from_chips(v) {
            Some(v) => *slot = v,
            None => return false,
        }
    }
    true
}

impl State<Chips> {
    /// Sets up a hand: validates the definition, posts antes, collects them, posts blinds and
    /// straddles, and starts dealing the first street.
    pub fn new(def: &GameDef) -> Result<State, GameError> {
        let mut state = State::blank();
        // Every amount is a `Chips`: `start` never finds one it cannot hold.
        if state.start(def)? { Ok(state) } else { Err(GameError::AmountTooLarge) }
    }
}

impl State<i64> {
    /// [`State::new`] on whole chips: `Ok(None)` when an amount of the definition is not a whole
    /// number of chips below 2^48 in magnitude (or is `inf`). The replay then gives the numbers
    /// and text of the exact state, at a fraction of the cost. An action whose amount is not such
    /// a number is refused with [`ActionError::AmountNotIntegral`](crate::ActionError): replay
    /// the hand on [`State::new`]'s state instead.
    pub fn integral(def: &GameDef) -> Result<Option<State<i64>>, GameError> {
        let mut state = State::blank();
        Ok(if state.start(def)? { Some(state) } else { None })
    }
}

impl<A: Amount> State<A> {
    /// A state of no hand, to be set up by [`State::start`].
    pub(crate) fn blank() -> State<A> {
        State {
            variant: Variant::NoLimitTexasHoldem,
            profile: RuleProfile::Pokerkit,
            structure: BettingStructure::NoLimit,
            n: 0,
            streets: [Street::NONE; 5],
            street_count: 0,
            hand_types: &[],
            ante_trimming: false,
            bring_in: A::ZERO,
            antes: [A::ZERO; N],
            blinds: [A::ZERO; N],
            starting: [A::ZERO; N],
            min_bets: [A::ZERO; 5],
            active: [false; N],
            in_hand: 0,
            bets: [A::ZERO; N],
            stacks: [A::ZERO; N],
            payoffs: [A::ZERO; N],
            collected: [A::ZERO; N],
            returned: [A::ZERO; N],
            holes: [Hole::EMPTY; N],
            pending: [Queue::new(); N],
            draw_pending: [false; N],
            board: [MaybeCard::Unknown; 8],
            board_len: 0,
            deck: CardSet::EMPTY,
            reserved: CardSet::EMPTY,
            street: None,
            phase: Phase::Over,
            burn_pending: false,
            board_pending: 0,
            opener: None,
            bring_in_status: false,
            completion_status: false,
            actors: Queue::new(),
            raise_amount: A::ZERO,
            raise_count: 0,
            acted: 0,
            acted_round: 0,
            chain_sum: A::ZERO,
            chain_len: 0,
            all_in: false,
            top_bettor: 0,
            showdown: Queue::new(),
            warnings: Warnings::NONE,
        }
    }

    /// Sets up the hand of `def` in a [`State::blank`] state (only what is not zero or empty there
    /// is written), as [`State::new`] does; `Ok(false)` when an amount of `def` is not an `A`.
    /// Built in place, the state is never copied (a copy was a tenth of a replay on `i64`).
    pub(crate) fn start(&mut self, def: &GameDef) -> Result<bool, GameError> {
        let n = def.starting_stacks.len();
        if n < 2 {
            return Err(GameError::TooFewPlayers);
        }
        if n > N {
            return Err(GameError::TooManyPlayers);
        }
        let (streets, street_count) = def.streets();
        if !per_player(&mut self.antes, &def.antes, n)
            || !per_player(&mut self.blinds, &def.blinds_or_straddles, n)
            || !per_player(&mut self.starting, &def.starting_stacks, n)
        {
            return Ok(false);
        }
        let one = |v: Chips| A::from_chips(v);
        let (Some(bring_in), Some(small_bet), Some(big_bet), Some(min_bet)) =
            (one(def.bring_in), one(def.small_bet), one(def.big_bet), one(def.min_bet))
        else {
            return Ok(false);
        };
        for (slot, street) in self.min_bets.iter_mut().zip(&streets) {
            let Some(v) = one(street.min_bet) else { return Ok(false) };
            *slot = v;
        }
        let (antes, blinds, starting) = (&self.antes[..n], &self.blinds[..n], &self.starting[..n]);
        let finite = antes.iter().chain(blinds).chain([&bring_in, &small_bet, &big_bet, &min_bet]);
        for v in finite {
            if !v.in_range() || v.is_inf() {
                return Err(GameError::AmountTooLarge);
            }
        }
        if starting.iter().any(|v| !v.in_range()) {
            return Err(GameError::AmountTooLarge);
        }
        if antes.iter().any(|a| a.is_negative()) || bring_in.is_negative() {
            return Err(GameError::NegativeForcedBet);
        }
        if antes.iter().all(|a| a.is_zero()) && blinds.iter().all(|b| b.is_zero()) && bring_in.is_zero() {
            return Err(GameError::NoForcedBets);
        }
        if starting.iter().any(|s| !s.is_positive()) {
            return Err(GameError::NonPositiveStack);
        }
        if blinds.iter().any(|b| b.is_negative()) && !bring_in.is_zero() {
            return Err(GameError::BlindsAndBringIn);
        }
        if self.min_bets[..street_count].iter().any(|m| !m.is_positive() || m.is_inf()) {
            return Err(GameError::BadBetSize);
        }
        if bring_in >= self.min_bets[0] {
            return Err(GameError::BringInTooLarge);
        }
        self.variant = def.variant;
        self.profile = def.profile;
        self.structure = def.structure();
        self.n = n;
        self.streets = streets;
        self.street_count = street_count;
        self.hand_types = def.variant.hand_types();
        self.ante_trimming = def.ante_trimming;
        self.bring_in = bring_in;
        self.active[..n].fill(true);
        self.in_hand = n;
        self.stacks[..n].copy_from_slice(&self.starting[..n]);
        self.deck = def.variant.deck().cards();
        self.phase = Phase::Dealing;
        // Antes.
        for i in 0..n {
            let a = self.effective_ante(i);
            if a.is_positive() {
                self.pay(i, a);
            }
        }
        self.begin_bet_collection();
        Ok(true)
    }

    /// The same state on exact amounts (every number and its text unchanged).
    #[must_use]
    pub fn to_exact(&self) -> State<Chips> {
        let all = |values: &[A; N]| values.map(A::to_chips);
        State {
            variant: self.variant,
            profile: self.profile,
            structure: self.structure,
            n: self.n,
            streets: self.streets,
            street_count: self.street_count,
            hand_types: self.hand_types,
            ante_trimming: self.ante_trimming,
            bring_in: self.bring_in.to_chips(),
            antes: all(&self.antes),
            blinds: all(&self.blinds),
            starting: all(&self.starting),
            min_bets: self.min_bets.map(A::to_chips),
            active: self.active,
            in_hand: self.in_hand,
            bets: all(&self.bets),
            stacks: all(&self.stacks),
            payoffs: all(&self.payoffs),
            collected: all(&self.collected),
            returned: all(&self.returned),
            holes: self.holes,
            pending: self.pending,
            draw_pending: self.draw_pending,
            board: self.board,
            board_len: self.board_len,
            deck: self.deck,
            reserved: self.reserved,
            street: self.street,
            phase: self.phase,
            burn_pending: self.burn_pending,
            board_pending: self.board_pending,
            opener: self.opener,
            bring_in_status: self.bring_in_status,
            completion_status: self.completion_status,
            actors: self.actors,
            raise_amount: self.raise_amount.to_chips(),
            raise_count: self.raise_count,
            acted: self.acted,
            acted_round: self.acted_round,
            chain_sum: self.chain_sum.to_chips(),
            chain_len: self.chain_len,
            all_in: self.all_in,
            top_bettor: self.top_bettor,
            showdown: self.showdown,
            warnings: self.warnings,
        }
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
    pub fn stacks(&self) -> &[A] {
        &self.stacks[..self.n]
    }

    /// Chips in front of each player (the current round's bets).
    #[must_use]
    pub fn bets(&self) -> &[A] {
        &self.bets[..self.n]
    }

    /// Net result of each player so far (what they won minus what they put in).
    #[must_use]
    pub fn payoffs(&self) -> &[A] {
        &self.payoffs[..self.n]
    }

    /// What each player collected from the pots: PHH's `winnings`, as a site's "collected … from
    /// pot" (an uncalled bet returned is not won). Zero for everyone until the pots are pushed.
    #[must_use]
    pub fn winnings(&self) -> &[A] {
        &self.collected[..self.n]
    }

    /// The uncalled bets returned to each player so far (an overbet no one matched). Some sites
    /// count these in a hand's winnings; [`State::winnings`] does not.
    #[must_use]
    pub fn uncalled_returned(&self) -> &[A] {
        &self.returned[..self.n]
    }

    /// The ante a player posted: the definition's, capped by their stack; heads-up, PokerKit's
    /// order (each player posts the other's ante, as the blinds are reversed). Zero for a player
    /// the hand does not have.
    #[must_use]
    pub fn ante(&self, player: usize) -> A {
        if player < self.n { self.effective_ante(player) } else { A::ZERO }
    }

    /// The blind or straddle a player posted (a post, a negative blind, as its size), capped by
    /// what the ante left them; heads-up, PokerKit's reversed order. Zero for a player the hand
    /// does not have.
    #[must_use]
    pub fn blind(&self, player: usize) -> A {
        if player < self.n { self.effective_blind(player) } else { A::ZERO }
    }

    /// Starting stacks.
    #[must_use]
    pub fn starting_stacks(&self) -> &[A] {
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
    pub fn total_pot(&self) -> A {
        // Every chip paid in and not returned: the collected pots plus the bets on the table.
        if self.phase == Phase::Over {
            return A::ZERO;
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

    fn pay(&mut self, i: usize, amount: A) {
        self.bets[i] = self.bets[i].add(amount);
        self.bet_changed(i, !amount.is_negative());
        self.stacks[i] = self.stacks[i].sub(amount);
        self.payoffs[i] = self.payoffs[i].sub(amount);
    }

    fn effective_ante(&self, i: usize) -> A {
        let a = if self.n == 2 { self.antes[1 - i.min(1)] } else { self.antes[i] };
        a.min(self.starting[i])
    }

    /// A player's blind or straddle as written (negative: a post, live as in PokerKit), heads-up order
    /// applied.
    fn raw_blind(&self, i: usize) -> A {
        if self.n == 2 { self.blinds[1 - i.min(1)] } else { self.blinds[i] }
    }

    fn effective_blind(&self, i: usize) -> A {
        let b = self.raw_blind(i);
        let b = if b.is_negative() { b.neg() } else { b };
        b.min(self.starting[i].sub(self.effective_ante(i)))
    }

    fn active_count(&self) -> usize {
        self.in_hand
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
        if self.active[i] {
            self.in_hand -= 1;
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
