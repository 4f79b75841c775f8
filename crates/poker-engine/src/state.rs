//! The hand state machine: forced bets, dealing, betting, draws, showdown, hand killing, pots.
//!
//! The phase order and every rule follow PokerKit 0.7.7's `State` (see the crate docs for the
//! profile differences). All per-player data lives in fixed-size arrays: applying an action never
//! allocates.

#![allow(clippy::needless_range_loop)]

use core::cmp::Ordering;

use cards_core::{Card, CardSet, MaybeCard};

use crate::action::{Action, ActionError, CardList, Show, Warning, Warnings};
use crate::chips::Chips;
use crate::eval::{HandType, HandValue, evaluate, opening_value};
use crate::game::{BettingStructure, GameDef, GameError, MAX_PLAYERS, Opening, RuleProfile, Street, Variant};

const N: usize = MAX_PLAYERS;
/// Most hole cards a player can hold.
pub const MAX_HOLE: usize = 8;

/// A player's hole cards with their face-up flags.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hole {
    cards: [MaybeCard; MAX_HOLE],
    up: [bool; MAX_HOLE],
    len: u8,
}

impl Hole {
    const EMPTY: Hole = Hole { cards: [MaybeCard::Unknown; MAX_HOLE], up: [false; MAX_HOLE], len: 0 };

    /// The cards (unknown ones as `MaybeCard::Unknown`).
    #[must_use]
    pub fn cards(&self) -> &[MaybeCard] {
        self.cards.get(..self.len as usize).unwrap_or(&[])
    }

    /// Face-up flags, parallel to [`Hole::cards`].
    #[must_use]
    pub fn up(&self) -> &[bool] {
        self.up.get(..self.len as usize).unwrap_or(&[])
    }

    fn push(&mut self, card: MaybeCard, up: bool) {
        let i = self.len as usize;
        if let (Some(c), Some(u)) = (self.cards.get_mut(i), self.up.get_mut(i)) {
            *c = card;
            *u = up;
            self.len += 1;
        }
    }

    fn remove(&mut self, index: usize) -> Option<(MaybeCard, bool)> {
        let len = self.len as usize;
        if index >= len {
            return None;
        }
        let out = (self.cards[index], self.up[index]);
        self.cards.copy_within(index + 1..len, index);
        self.up.copy_within(index + 1..len, index);
        self.len -= 1;
        Some(out)
    }

    fn known(&self, up_only: bool) -> ([Card; MAX_HOLE], usize) {
        let mut out = [Card::new(cards_core::Rank::Two, cards_core::Suit::Clubs); MAX_HOLE];
        let mut n = 0;
        for (c, &u) in self.cards().iter().zip(self.up()) {
            if up_only && !u {
                continue;
            }
            if let MaybeCard::Known(card) = c
                && let Some(slot) = out.get_mut(n)
            {
                *slot = *card;
                n += 1;
            }
        }
        (out, n)
    }

    fn has_unknown_up(&self) -> bool {
        self.cards().iter().zip(self.up()).any(|(c, &u)| u && c.is_unknown())
    }
}

/// A small FIFO of player indices or face-up flags.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Queue<T: Copy + Default, const M: usize> {
    items: [T; M],
    len: u8,
}

impl<T: Copy + Default + PartialEq, const M: usize> Queue<T, M> {
    fn new() -> Self {
        Queue { items: [T::default(); M], len: 0 }
    }
    fn clear(&mut self) {
        self.len = 0;
    }
    fn push(&mut self, v: T) {
        if let Some(slot) = self.items.get_mut(self.len as usize) {
            *slot = v;
            self.len += 1;
        }
    }
    fn front(&self) -> Option<T> {
        if self.len == 0 { None } else { self.items.first().copied() }
    }
    fn pop_front(&mut self) -> Option<T> {
        let v = self.front()?;
        let len = self.len as usize;
        self.items.copy_within(1..len, 0);
        self.len -= 1;
        Some(v)
    }
    fn as_slice(&self) -> &[T] {
        self.items.get(..self.len as usize).unwrap_or(&[])
    }
    fn remove_value(&mut self, v: T) -> bool {
        if let Some(pos) = self.as_slice().iter().position(|&x| x == v) {
            let len = self.len as usize;
            self.items.copy_within(pos + 1..len, pos);
            self.len -= 1;
            true
        } else {
            false
        }
    }
    fn is_empty(&self) -> bool {
        self.len == 0
    }
}

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

/// A main or side pot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pot {
    /// The chips in it.
    pub amount: Chips,
    /// Bitmask of the eligible (active, contributing) players.
    pub eligible: u32,
}

impl Pot {
    /// Whether a player may win this pot.
    #[must_use]
    pub const fn is_eligible(&self, player: usize) -> bool {
        player < 32 && self.eligible & (1 << player) != 0
    }
}

/// A list of pots (main first).
#[derive(Debug, Clone, Copy)]
pub struct Pots {
    pots: [Pot; N + 1],
    len: usize,
}

impl Pots {
    /// The pots.
    #[must_use]
    pub fn as_slice(&self) -> &[Pot] {
        self.pots.get(..self.len).unwrap_or(&[])
    }
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

    /// The amount a check/call would put in (0 = check), when a player is to bet.
    #[must_use]
    pub fn call_amount(&self) -> Option<Chips> {
        if self.bring_in_status {
            return None;
        }
        let p = self.actor()?;
        Some(self.stacks[p].min(self.max_bet().sub(self.bets[p])))
    }

    /// The bring-in the actor would post, if a bring-in is due.
    #[must_use]
    pub fn bring_in_amount(&self) -> Option<Chips> {
        let p = self.actor()?;
        if self.bring_in_status { Some(self.stacks[p].min(self.bring_in)) } else { None }
    }

    /// The minimum and maximum "to" amounts of a completion/bet/raise, if one is legal now.
    #[must_use]
    pub fn raise_range(&self) -> Option<(Chips, Chips)> {
        let p = self.actor()?;
        self.verify_raise(p).ok()?;
        Some((self.min_raise_to(p), self.max_raise_to(p)))
    }

    /// The pots as they stand (main first), built from contributions as PokerKit does.
    #[must_use]
    pub fn pots(&self) -> Pots {
        let mut out = Pots { pots: [Pot { amount: Chips::ZERO, eligible: 0 }; N + 1], len: 0 };
        let n = self.n;
        let total_payoff = sum(self.payoffs[..n].iter());
        let total_bets = sum(self.bets[..n].iter());
        if total_payoff.add(total_bets).is_zero() {
            return out;
        }
        let mut contrib = [Chips::ZERO; N];
        let mut pend = [Chips::ZERO; N];
        for i in 0..n {
            // Never below zero: past 28 significant digits a payoff and a bet can round apart by
            // a unit in the last digit, which must not become a negative pot.
            contrib[i] = self.payoffs[i].neg().sub(self.bets[i]).max(Chips::ZERO);
            pend[i] = self.payoffs[i].neg();
        }
        let mut amount = Chips::ZERO;
        if !self.ante_trimming {
            for i in 0..n {
                let a = self.effective_ante(i);
                amount = amount.add(a);
                contrib[i] = contrib[i].sub(a);
                pend[i] = pend[i].sub(a);
            }
        }
        // Distinct levels ascending (the first of numerically equal values kept).
        let mut levels = [Chips::ZERO; N];
        let mut nl = 0;
        for &c in &contrib[..n] {
            if !levels[..nl].contains(&c) {
                levels[nl] = c;
                nl += 1;
            }
        }
        levels[..nl].sort();
        let mut previous = Chips::ZERO;
        for &level in &levels[..nl] {
            let reaching = contrib[..n].iter().filter(|&&c| c >= level).count();
            if reaching > 0 {
                amount = amount.add(level.sub(previous).mul_int(reaching as i64));
            }
            let mut eligible = 0u32;
            for i in 0..n {
                if pend[i] >= level && self.active[i] {
                    eligible |= 1 << i;
                }
            }
            while out.len > 0 && out.pots[out.len - 1].eligible == eligible {
                out.len -= 1;
                amount = amount.add(out.pots[out.len].amount);
            }
            if !amount.is_zero() {
                out.pots[out.len] = Pot { amount, eligible };
                out.len += 1;
            }
            amount = Chips::ZERO;
            previous = level;
        }
        out
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

    fn effective_blind(&self, i: usize) -> Chips {
        let b = if self.n == 2 { self.blinds[1 - i.min(1)] } else { self.blinds[i] };
        let b = if b.is_negative() { b.neg() } else { b };
        b.min(self.starting[i].sub(self.effective_ante(i)))
    }

    fn active_count(&self) -> usize {
        self.active[..self.n].iter().filter(|&&a| a).count()
    }

    fn max_bet(&self) -> Chips {
        self.bets[self.top_bettor]
    }

    /// Python's `max(self.bets)`: the first of the largest bets, as written (a call to a `3.00`
    /// posted before an integral `3` pays a decimal amount, so the payoff reads `-3.00`).
    fn recompute_top_bet(&mut self) {
        self.top_bettor = 0;
        for i in 1..self.n {
            if self.bets[i] > self.bets[self.top_bettor] {
                self.top_bettor = i;
            }
        }
    }

    /// [`State::recompute_top_bet`] after player `i`'s bet changed, without looking at every bet:
    /// `i` takes the top if its bet is now larger, or equal and earlier; only a top bet that shrank
    /// (a negative blind) needs the full scan.
    fn bet_changed(&mut self, i: usize, grew: bool) {
        let top = self.top_bettor;
        if i == top {
            if !grew {
                self.recompute_top_bet();
            }
            return;
        }
        match self.bets[i].cmp(&self.bets[top]) {
            Ordering::Greater => self.top_bettor = i,
            Ordering::Equal if i < top => self.top_bettor = i,
            _ => {}
        }
    }

    fn actor(&self) -> Option<usize> {
        if self.phase == Phase::Betting { self.actors.front().map(|p| p as usize) } else { None }
    }

    fn street_def(&self) -> Option<&Street> {
        self.street.and_then(|s| self.streets.get(s))
    }

    fn is_last_street(&self) -> bool {
        self.street == Some(self.street_count - 1)
    }

    /// The second largest `bet + stack` over active players (`None` with fewer than two).
    fn second_largest_reach(&self) -> Option<Chips> {
        let mut best = Chips::ZERO;
        let mut second = Chips::ZERO;
        let mut count = 0;
        for j in 0..self.n {
            if self.active[j] {
                let v = self.bets[j].add(self.stacks[j]);
                if count == 0 || v > best {
                    if count > 0 {
                        second = best;
                    }
                    best = v;
                } else if count == 1 || v > second {
                    second = v;
                }
                count += 1;
            }
        }
        if count < 2 { None } else { Some(second) }
    }

    /// PokerKit's effective stack: min(stack, max(0, second largest reach - own bet)).
    fn effective_stack_with(&self, i: usize, second: Option<Chips>) -> Chips {
        let Some(second) = second else { return Chips::ZERO };
        if self.street.is_none() || !self.active[i] {
            return Chips::ZERO;
        }
        let room = second.sub(self.bets[i]);
        let room = if room.is_negative() { Chips::ZERO } else { room };
        self.stacks[i].min(room)
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

    /// PokerKit's `_verify_cards_consumption` warning: is each known card dealable?
    fn check_dealable(&self, cards: &[MaybeCard], w: &mut Warnings) -> Result<(), ActionError> {
        let count = cards.len();
        let with_reserved = count > self.deck.len();
        for c in cards {
            if let MaybeCard::Known(card) = c {
                let ok = self.deck.contains(*card) || (with_reserved && self.reserved.contains(*card));
                if !ok {
                    if self.profile == RuleProfile::Wsop {
                        return Err(ActionError::CardNotInDeck);
                    }
                    w.add(Warning::CardNotInDeck);
                }
            }
        }
        Ok(())
    }

    /// PokerKit's `_consume_cards`.
    fn consume(&mut self, cards: &[MaybeCard]) {
        let mut known = CardSet::EMPTY;
        let mut unknown = false;
        for c in cards {
            match c {
                MaybeCard::Known(card) => {
                    known.insert(*card);
                }
                MaybeCard::Unknown => unknown = true,
            }
        }
        if self.deck.is_subset(known) && (known != self.deck || unknown) {
            self.deck |= self.reserved;
            self.reserved = CardSet::EMPTY;
        }
        self.deck -= known;
        self.reserved -= known;
    }

    // ----------------------------------------------------------------------------------------
    // Automatic phases (PokerKit's _begin_/_end_ chain).

    fn begin_bet_collection(&mut self) {
        if self.bets[..self.n].iter().any(|b| !b.is_zero()) {
            self.collect_bets();
        }
        self.end_bet_collection();
    }

    fn collect_bets(&mut self) {
        let n = self.n;
        let keep = if self.active_count() == 1 { (0..n).find(|&i| self.active[i]) } else { None };
        if self.street.is_some() || self.ante_trimming {
            // PokerKit's `sorted(self.bets)[-2]`: a stable sort, so among equal bets the one it
            // picks (and whose form, `4` or `4.00`, the returned overbet takes) is the same.
            let mut sorted = self.bets;
            sorted[..n].sort();
            let second = sorted[..n].get(n.wrapping_sub(2)).copied().unwrap_or(Chips::ZERO);
            for i in 0..n {
                if Some(i) != keep && self.bets[i] > second {
                    let over = self.bets[i].sub(second);
                    self.stacks[i] = self.stacks[i].add(over);
                    self.payoffs[i] = self.payoffs[i].add(over);
                }
            }
        }
        for i in 0..n {
            if Some(i) != keep {
                self.bets[i] = Chips::ZERO;
            }
        }
        self.recompute_top_bet();
    }

    fn end_bet_collection(&mut self) {
        if self.active_count() == 1 {
            self.begin_chips_pushing();
        } else if self.street.is_none() {
            self.post_blinds();
        } else if self.is_last_street() || self.all_in {
            self.begin_showdown();
        } else {
            self.begin_dealing();
        }
    }

    fn post_blinds(&mut self) {
        for i in 0..self.n {
            let b = self.effective_blind(i);
            if b.is_positive() {
                self.pay(i, b);
            }
        }
        self.begin_dealing();
    }

    fn begin_dealing(&mut self) {
        let next = self.street.map_or(0, |s| s + 1);
        self.street = Some(next);
        self.phase = Phase::Dealing;
        let street = self.streets[next.min(4)];
        self.burn_pending = street.burn;
        self.board_pending = street.board as usize;
        let mut total = 0;
        for i in 0..self.n {
            if self.active[i] {
                for &up in &street.hole[..street.hole_count as usize] {
                    self.pending[i].push(up);
                }
                total += self.pending[i].len as usize;
                self.draw_pending[i] = street.draw;
            }
        }
        if total > self.deck.len() + self.reserved.len() {
            self.board_pending += street.hole_count as usize;
            for q in &mut self.pending[..self.n] {
                q.clear();
            }
        }
        self.update_dealing();
    }

    fn update_dealing(&mut self) {
        if self.burn_pending && !self.draw_pending[..self.n].iter().any(|&d| d) {
            // Burns are automatic (PHH never records them; PokerKit burns `??`).
            self.consume(&[MaybeCard::Unknown]);
            self.burn_pending = false;
        }
        if !self.burn_pending
            && self.pending[..self.n].iter().all(Queue::is_empty)
            && self.board_pending == 0
            && !self.draw_pending[..self.n].iter().any(|&d| d)
        {
            self.begin_betting();
        }
    }

    fn begin_betting(&mut self) {
        self.phase = Phase::Betting;
        let street = *self.street_def().unwrap_or(&self.streets[0]);
        let n = self.n;
        let opener = match street.opening {
            Opening::Position => {
                let mut best_i = 0usize;
                let mut best = Chips::ZERO;
                for i in 0..n {
                    let blind = if n == 2 { self.blinds[1 - i.min(1)] } else { self.blinds[i] };
                    let key = if blind.is_positive() {
                        self.bets[i]
                    } else if blind.is_negative() {
                        self.bets[i].neg()
                    } else {
                        Chips::ZERO
                    };
                    if i == 0 || key >= best {
                        best = key;
                        best_i = i;
                    }
                }
                (best_i + 1) % n
            }
            Opening::LowCard | Opening::HighCard => {
                // Up card key: (rank in the order, suit); LowCard takes the minimum (deuce low),
                // HighCard the maximum (ace low).
                let high = street.opening == Opening::HighCard;
                let mut best: Option<(u32, usize)> = None;
                for i in 0..n {
                    let hole = &self.holes[i];
                    if hole.has_unknown_up() {
                        continue;
                    }
                    for (c, &up) in hole.cards().iter().zip(hole.up()) {
                        if let (MaybeCard::Known(card), true) = (c, up) {
                            let rank = if high {
                                (card.rank().index() as u32 + 1) % 13
                            } else {
                                card.rank().index() as u32
                            };
                            let key = rank * 4 + card.suit().index() as u32;
                            let better = match best {
                                None => true,
                                Some((k, _)) => {
                                    if high {
                                        key > k
                                    } else {
                                        key < k
                                    }
                                }
                            };
                            if better {
                                best = Some((key, i));
                            }
                        }
                    }
                }
                best.map_or(0, |b| b.1)
            }
            Opening::LowHand | Opening::HighHand => {
                let low = street.opening == Opening::LowHand;
                let mut best: Option<(u32, usize)> = None;
                for i in 0..n {
                    let (cards, len) = self.holes[i].known(true);
                    if let Some(v) = opening_value(&cards[..len], low)
                        && best.is_none_or(|(b, _)| v > b)
                    {
                        best = Some((v, i));
                    }
                }
                best.map_or(0, |b| b.1)
            }
        };
        self.opener = Some(opener);
        self.bring_in_status = self.street == Some(0) && self.bring_in.is_positive();
        self.completion_status = self.bring_in_status;
        self.actors.clear();
        let second = self.second_largest_reach();
        for k in 0..n {
            let i = (opener + k) % n;
            if self.active[i] && !self.stacks[i].is_zero() && !self.effective_stack_with(i, second).is_zero()
            {
                self.actors.push(i as u8);
            }
        }
        self.raise_amount = Chips::ZERO;
        self.raise_count = 0;
        if self.profile == RuleProfile::Wsop
            && self.structure == BettingStructure::FixedLimit
            && self.street == Some(0)
            && street.opening == Opening::Position
            && self.bets[..n].iter().any(|b| b.is_positive())
        {
            // Standard fixed-limit: the blind is the first bet of the round.
            self.raise_count = 1;
        }
        self.acted = 0;
        self.chain_sum = Chips::ZERO;
        self.chain_len = 0;
        let status = self.actors.len == 1
            && self.actors.front().is_some_and(|p| self.bets[p as usize] >= self.max_bet());
        self.update_betting(status);
    }

    fn update_betting(&mut self, status: bool) {
        if self.actors.is_empty() || self.active_count() <= 1 || status {
            self.end_betting();
        }
    }

    fn end_betting(&mut self) {
        self.actors.clear();
        let s = self.street.unwrap_or(0);
        let later_draw = self.streets[s + 1..self.street_count].iter().any(|st| st.draw);
        if self.active_count() > 1 && !later_draw {
            let with_chips = (0..self.n).filter(|&i| self.active[i] && !self.stacks[i].is_zero()).count();
            if with_chips <= 1 {
                self.all_in = true;
            }
        }
        if self.stacks[..self.n].iter().any(|s| s.is_zero()) && self.is_last_street() {
            self.all_in = true;
        }
        self.begin_bet_collection();
    }

    fn begin_showdown(&mut self) {
        self.phase = Phase::Showdown;
        self.showdown.clear();
        let start = self.opener.unwrap_or(0);
        for k in 0..self.n {
            let i = (start + k) % self.n;
            if self.active[i] && !self.holes[i].up().iter().all(|&u| u) {
                self.showdown.push(i as u8);
            }
        }
        self.update_showdown();
    }

    fn update_showdown(&mut self) {
        if self.showdown.is_empty() {
            if self.all_in && !self.is_last_street() {
                self.begin_dealing();
            } else {
                self.begin_hand_killing();
            }
        }
    }

    fn board_known(&self) -> Option<([Card; 8], usize)> {
        let mut out = [Card::new(cards_core::Rank::Two, cards_core::Suit::Clubs); 8];
        for (k, c) in self.board().iter().enumerate() {
            out[k] = c.known()?;
        }
        Some((out, self.board_len))
    }

    /// A player's hand of a type from face-up cards only (PokerKit `get_up_hand`).
    fn up_hand(&self, i: usize, hand_type: HandType) -> Option<HandValue> {
        if !self.active[i] || self.holes[i].has_unknown_up() {
            return None;
        }
        let (board, bl) = self.board_known()?;
        let (cards, len) = self.holes[i].known(true);
        evaluate(hand_type, &cards[..len], &board[..bl])
    }

    /// A player's hand from every known hole card (PokerKit `get_hand`).
    fn full_hand(&self, i: usize, hand_type: HandType) -> Option<HandValue> {
        if !self.active[i] {
            return None;
        }
        let (board, bl) = self.board_known()?;
        let (cards, len) = self.holes[i].known(false);
        evaluate(hand_type, &cards[..len], &board[..bl])
    }

    fn begin_hand_killing(&mut self) {
        let pots = self.pots();
        let types = self.hand_types.len().min(2);
        let mut up = [[None; N]; 2];
        let mut full = [[None; N]; 2];
        for (k, &t) in self.hand_types.iter().enumerate().take(2) {
            for i in 0..self.n {
                up[k][i] = self.up_hand(i, t);
                let hole = &self.holes[i];
                let all_up_known =
                    hole.up().iter().all(|&u| u) && !hole.cards().iter().any(|c| c.is_unknown());
                full[k][i] = if all_up_known { up[k][i] } else { self.full_hand(i, t) };
            }
        }
        let mut kill = [false; N];
        let mut any_killed = false;
        for i in 0..self.n {
            if !self.active[i] {
                continue;
            }
            let mut can_win = false;
            'outer: for k in 0..types {
                let hand = full[k][i];
                for pot in pots.as_slice() {
                    if !pot.is_eligible(i) {
                        continue;
                    }
                    let max = (0..self.n).filter(|&j| pot.is_eligible(j)).filter_map(|j| up[k][j]).max();
                    if let Some(h) = hand
                        && max.is_none_or(|m| m <= h)
                    {
                        can_win = true;
                        break 'outer;
                    }
                }
            }
            kill[i] = !can_win;
            any_killed |= !can_win;
        }
        for (i, &k) in kill.iter().enumerate().take(self.n) {
            if k {
                self.muck(i);
                up[0][i] = None;
                up[1][i] = None;
            }
        }
        self.push_chips(Some(&up), if any_killed { None } else { Some(&pots) });
    }

    fn begin_chips_pushing(&mut self) {
        self.push_chips(None, None);
    }

    /// Chips pushing and pulling; `known_up` and `known_pots` reuse what hand killing computed.
    fn push_chips(&mut self, known_up: Option<&[[Option<HandValue>; N]; 2]>, known_pots: Option<&Pots>) {
        self.street = None;
        let pots = match known_pots {
            Some(p) => *p,
            None => self.pots(),
        };
        let active = self.active_count();
        if active == 1 {
            for pot in pots.as_slice() {
                match (0..self.n).find(|&j| pot.is_eligible(j)) {
                    Some(j) => self.bets[j] = self.bets[j].add(pot.amount),
                    None => self.warnings.add(Warning::ChipsVanished),
                }
            }
        } else if active > 1 {
            let mut up = [[None; N]; 2];
            let mut in_play = [false; 2];
            for (k, &t) in self.hand_types.iter().enumerate().take(2) {
                for i in 0..self.n {
                    up[k][i] = match known_up {
                        Some(known) => known[k][i],
                        None => self.up_hand(i, t),
                    };
                    in_play[k] |= up[k][i].is_some();
                }
            }
            let types = in_play.iter().filter(|&&x| x).count();
            for pot in pots.as_slice() {
                if types == 0 {
                    self.warnings.add(Warning::ChipsVanished);
                    continue;
                }
                let (q, r) = pot.amount.divmod(types);
                let mut first = true;
                for k in 0..self.hand_types.len().min(2) {
                    if !in_play[k] {
                        continue;
                    }
                    let share = if first { q.add(r) } else { q };
                    first = false;
                    if share.is_zero() {
                        continue;
                    }
                    let max = (0..self.n).filter(|&j| pot.is_eligible(j)).filter_map(|j| up[k][j]).max();
                    let mut kk = k;
                    if max.is_none() && k > 0 && (0..self.n).any(|j| pot.is_eligible(j)) {
                        if self.profile == RuleProfile::Wsop {
                            // Rule of the game: no qualifying low in this pot, high takes it.
                            kk = 0;
                        } else {
                            self.warnings.add(Warning::HiLoLowShareSplit);
                        }
                    }
                    let max = if kk == k {
                        max
                    } else {
                        (0..self.n).filter(|&j| pot.is_eligible(j)).filter_map(|j| up[kk][j]).max()
                    };
                    let mut winners = [0usize; N];
                    let mut nw = 0;
                    for j in 0..self.n {
                        if pot.is_eligible(j) && up[kk][j] == max {
                            winners[nw] = j;
                            nw += 1;
                        }
                    }
                    if nw == 0 {
                        self.warnings.add(Warning::ChipsVanished);
                        continue;
                    }
                    let (each, rest) = share.divmod(nw);
                    for (w, &j) in winners[..nw].iter().enumerate() {
                        let amount = if w == 0 { each.add(rest) } else { each };
                        self.bets[j] = self.bets[j].add(amount);
                    }
                }
            }
        } else if !pots.as_slice().is_empty() {
            self.warnings.add(Warning::ChipsVanished);
        }
        // Chips pulling.
        for i in 0..self.n {
            if self.bets[i].is_positive() {
                let b = self.bets[i];
                self.stacks[i] = self.stacks[i].add(b);
                self.payoffs[i] = self.payoffs[i].add(b);
                self.bets[i] = Chips::ZERO;
            }
        }
        self.recompute_top_bet();
        self.phase = Phase::Over;
    }

    // ----------------------------------------------------------------------------------------
    // Betting verification.

    fn min_raise_to(&self, p: usize) -> Chips {
        let m = self.street_def().map_or(Chips::ZERO, |s| s.min_bet);
        let mut amount = self.raise_amount.max(m);
        if !self.completion_status {
            amount = amount.add(self.max_bet());
        }
        self.stacks[p].add(self.bets[p]).min(amount)
    }

    fn max_raise_to(&self, p: usize) -> Chips {
        let all_in = self.stacks[p].add(self.bets[p]);
        match self.structure {
            BettingStructure::FixedLimit => self.min_raise_to(p),
            BettingStructure::NoLimit => all_in,
            BettingStructure::PotLimit => {
                let pot = self.max_bet().mul_int(2).sub(self.bets[p]).add(self.total_pot());
                all_in.min(self.min_raise_to(p).max(pot))
            }
        }
    }

    fn verify_raise(&self, p: usize) -> Result<(), ActionError> {
        let street = self.street_def().ok_or(ActionError::NoBettingPending)?;
        if let Some(call) = self.call_amount()
            && call < self.raise_amount
        {
            return Err(ActionError::ShortAllInNotRaisable);
        }
        if street.max_raises.is_some_and(|m| self.raise_count >= m) {
            return Err(ActionError::RaiseCapReached);
        }
        if self.chain_len > 0 && self.chain_sum < self.raise_amount && self.acted & (1 << p) != 0 {
            return Err(ActionError::BettingNotReopened);
        }
        let m = self.max_bet();
        if self.stacks[p] <= m.sub(self.bets[p]) {
            return Err(ActionError::AlreadyCovered);
        }
        let other = (0..self.n).any(|i| i != p && self.active[i] && self.stacks[i].add(self.bets[i]) > m);
        if !other {
            return Err(ActionError::NoOpponentToRaise);
        }
        Ok(())
    }

    fn pop_actor(&mut self) -> usize {
        let p = self.actors.pop_front().map_or(0, |p| p as usize);
        self.acted |= 1 << p;
        p
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
            Action::PostBringIn { player } => {
                let p = self.expect_actor(player)?;
                if !self.bring_in_status {
                    return Err(ActionError::NoBringIn);
                }
                let amount = self.stacks[p].min(self.bring_in);
                self.pop_actor();
                self.pay(p, amount);
                self.bring_in_status = false;
                self.update_betting(false);
            }
            Action::Fold { player } => {
                let p = self.expect_actor(player)?;
                if self.bring_in_status {
                    return Err(ActionError::BringInPending);
                }
                if self.bets[p] >= self.max_bet() {
                    w.add(Warning::FoldWithNothingToCall);
                }
                self.pop_actor();
                self.muck(p);
                self.update_betting(false);
            }
            Action::CheckOrCall { player } => {
                let p = self.expect_actor(player)?;
                let amount = self.call_amount().ok_or(ActionError::BringInPending)?;
                self.pop_actor();
                self.pay(p, amount);
                self.update_betting(false);
            }
            Action::CompleteBetOrRaiseTo { player, amount } => {
                let p = self.expect_actor(player)?;
                if amount.is_inf() {
                    return Err(ActionError::AmountNotFinite);
                }
                if !amount.in_range() {
                    // Infinite stacks re-raising a pot limit grow without end; past 2^96 chips a
                    // sum would be lost (FINDINGS F19), so such a bet is refused.
                    return Err(ActionError::AmountTooLarge);
                }
                self.verify_raise(p)?;
                let (min, max) = (self.min_raise_to(p), self.max_raise_to(p));
                if amount < min {
                    return Err(ActionError::BelowMinimum { min });
                }
                if amount > max {
                    return Err(ActionError::AboveMaximum { max });
                }
                if self.profile == RuleProfile::Pokerkit {
                    if self.variant == Variant::FixedLimitOmahaHoldemHighLowSplitEightOrBetter
                        && (amount != min || self.raise_count >= 4)
                    {
                        w.add(Warning::PotLimitOmahaHiLo);
                    }
                    if self.structure == BettingStructure::FixedLimit
                        && self.street == Some(0)
                        && !self.variant.is_stud()
                        && self.raise_count == 3
                        && self.bets[..self.n].iter().any(|b| b.is_positive())
                    {
                        w.add(Warning::FixedLimitCapBeyondBlind);
                    }
                }
                self.pop_actor();
                let increment = amount.sub(self.max_bet());
                let delta = amount.sub(self.bets[p]);
                self.bets[p] = amount;
                self.bet_changed(p, true);
                self.stacks[p] = self.stacks[p].sub(delta);
                self.payoffs[p] = self.payoffs[p].sub(delta);
                self.bring_in_status = false;
                self.completion_status = false;
                self.actors.clear();
                for k in 1..self.n {
                    let i = (p + k) % self.n;
                    if self.active[i] && !self.stacks[i].is_zero() {
                        self.actors.push(i as u8);
                    }
                }
                self.opener = Some(p);
                if increment >= self.raise_amount {
                    self.acted = 1 << p;
                }
                self.raise_amount = self.raise_amount.max(increment);
                self.raise_count = self.raise_count.saturating_add(1);
                if self.stacks[p].is_zero() {
                    self.chain_sum = self.chain_sum.add(increment);
                    self.chain_len += 1;
                } else {
                    self.chain_sum = Chips::ZERO;
                    self.chain_len = 0;
                }
                if self.chain_sum >= self.raise_amount {
                    self.chain_sum = Chips::ZERO;
                    self.chain_len = 0;
                }
                self.update_betting(false);
            }
            Action::ShowOrMuck { player, show } => self.show_or_muck(player, show, &mut w)?,
        }
        Ok(w.union(self.take_warnings()))
    }

    fn expect_actor(&self, player: usize) -> Result<usize, ActionError> {
        if self.phase == Phase::Over {
            return Err(ActionError::HandOver);
        }
        let actor = self.actor().ok_or(ActionError::NoBettingPending)?;
        if actor != player {
            return Err(ActionError::WrongPlayer { expected: actor });
        }
        Ok(actor)
    }

    fn deal_board(&mut self, cards: &[MaybeCard], w: &mut Warnings) -> Result<(), ActionError> {
        if self.phase != Phase::Dealing {
            return Err(if self.phase == Phase::Over {
                ActionError::HandOver
            } else {
                ActionError::NoBoardDealing
            });
        }
        if self.board_pending == 0 {
            return Err(ActionError::NoBoardDealing);
        }
        if self.drawer().is_some() {
            return Err(ActionError::DrawPending);
        }
        if cards.is_empty() || cards.len() > self.board_pending {
            return Err(ActionError::BadCardCount);
        }
        self.check_dealable(cards, w)?;
        self.consume(cards);
        for &c in cards {
            if let Some(slot) = self.board.get_mut(self.board_len) {
                *slot = c;
                self.board_len += 1;
            }
        }
        self.board_pending -= cards.len();
        self.update_dealing();
        Ok(())
    }

    fn deal_hole(&mut self, p: usize, cards: &[MaybeCard], w: &mut Warnings) -> Result<(), ActionError> {
        if self.phase != Phase::Dealing {
            return Err(if self.phase == Phase::Over {
                ActionError::HandOver
            } else {
                ActionError::NoHoleDealing
            });
        }
        if self.pending[..self.n].iter().all(Queue::is_empty) {
            return Err(ActionError::NoHoleDealing);
        }
        if self.drawer().is_some() {
            return Err(ActionError::DrawPending);
        }
        let pending = self.pending[p];
        if pending.is_empty() {
            return Err(ActionError::NoHoleDealing);
        }
        if cards.is_empty() || cards.len() > pending.len as usize {
            return Err(ActionError::BadCardCount);
        }
        // PokerKit ignores a player with an unknown up card when choosing the bring-in, but crashes
        // ranking unknown up cards on later streets: refuse those.
        for (c, &up) in cards.iter().zip(pending.as_slice()) {
            if up && c.is_unknown() && self.street != Some(0) {
                return Err(ActionError::UnknownUpCard);
            }
        }
        self.check_dealable(cards, w)?;
        self.consume(cards);
        for &c in cards {
            let up = self.pending[p].pop_front().unwrap_or(false);
            self.holes[p].push(c, up);
        }
        self.update_dealing();
        Ok(())
    }

    fn stand_pat_or_discard(&mut self, p: usize, cards: &[MaybeCard]) -> Result<(), ActionError> {
        if self.phase == Phase::Over {
            return Err(ActionError::HandOver);
        }
        let drawer =
            self.drawer().filter(|_| self.phase == Phase::Dealing).ok_or(ActionError::NoDrawPending)?;
        if drawer != p {
            return Err(ActionError::WrongPlayer { expected: drawer });
        }
        // Every discarded card must be held (as a multiset, so nothing is removed twice).
        let mut taken = [false; MAX_HOLE];
        let mut picks = [0usize; MAX_HOLE];
        for (k, c) in cards.iter().enumerate() {
            let held = self.holes[p].cards();
            let idx =
                (0..held.len()).find(|&h| !taken[h] && held[h] == *c).ok_or(ActionError::DiscardNotHeld)?;
            taken[idx] = true;
            *picks.get_mut(k).ok_or(ActionError::DiscardNotHeld)? = idx;
        }
        self.draw_pending[p] = false;
        for c in cards {
            let held = self.holes[p].cards();
            if let Some(idx) = held.iter().position(|h| h == c)
                && let Some((card, up)) = self.holes[p].remove(idx)
            {
                self.pending[p].push(up);
                if let MaybeCard::Known(card) = card {
                    self.reserved.insert(card);
                }
            }
        }
        self.update_dealing();
        Ok(())
    }

    fn show_or_muck(&mut self, p: usize, show: Show, w: &mut Warnings) -> Result<(), ActionError> {
        let in_progress = self.phase != Phase::Over;
        if in_progress {
            if self.phase != Phase::Showdown || self.showdown.is_empty() {
                return Err(ActionError::NoShowdown);
            }
            if !self.active[p] {
                return Err(ActionError::PlayerNotActive);
            }
            if !self.showdown.as_slice().contains(&(p as u8)) {
                return Err(ActionError::NotInShowdown);
            }
        } else if !self.active[p] {
            return Err(ActionError::PlayerNotActive);
        }
        let hole = self.holes[p];
        let held = hole.cards();
        let mut new = Hole::EMPTY;
        let status = match show {
            Show::Muck => false,
            Show::All => {
                if held.iter().any(|c| c.is_unknown()) {
                    return Err(ActionError::UnknownCardShown);
                }
                for &c in held {
                    new.push(c, true);
                }
                true
            }
            Show::Cards(list) => {
                let shown = list.as_slice();
                if shown.len() > held.len() {
                    return Err(ActionError::TooManyCardsShown);
                }
                for &c in shown {
                    if c.known().is_some() {
                        new.push(c, true);
                    }
                }
                if self.profile == RuleProfile::Wsop {
                    // A card shown face up stays face up (PokerKit turns unlisted up cards down).
                    for (&c, &up) in held.iter().zip(hole.up()) {
                        if up && (new.len as usize) < held.len() && !new.cards().contains(&c) {
                            new.push(c, true);
                        }
                    }
                }
                let not_final = !self.is_last_street();
                if not_final {
                    let room = held.len() - new.len as usize;
                    let mut added = 0;
                    for &c in held {
                        if added >= room {
                            break;
                        }
                        if c.known().is_some() && !new.cards().contains(&c) {
                            new.push(c, false);
                            added += 1;
                        }
                    }
                }
                while (new.len as usize) < held.len() {
                    new.push(MaybeCard::Unknown, false);
                }
                // Shown cards that were not dealt to the player must be dealable.
                let mut extra = [MaybeCard::Unknown; MAX_HOLE];
                let mut ne = 0;
                for &c in new.cards() {
                    if !held.contains(&c) && !extra[..ne].contains(&c) {
                        extra[ne] = c;
                        ne += 1;
                    }
                }
                self.check_dealable(&extra[..ne], w)?;
                true
            }
        };
        if !in_progress && (!status || !new.up().iter().all(|&u| u)) {
            return Err(ActionError::MustShowAll);
        }
        if in_progress {
            self.showdown.remove_value(p as u8);
        }
        if status {
            // Old cards back to the deck, shown ones consumed.
            for c in held {
                if let MaybeCard::Known(card) = c {
                    self.deck.insert(*card);
                }
            }
            let mut known = [MaybeCard::Unknown; MAX_HOLE];
            let mut nk = 0;
            for &c in new.cards() {
                if c.known().is_some() {
                    known[nk] = c;
                    nk += 1;
                }
            }
            self.consume(&known[..nk]);
            self.holes[p] = new;
        } else {
            self.muck(p);
            if in_progress && self.all_in && !self.is_last_street() && self.active_count() == 1 {
                w.add(Warning::MuckDuringRunout);
            }
        }
        if in_progress {
            self.update_showdown();
        }
        Ok(())
    }

    // ----------------------------------------------------------------------------------------
    // Repairs (PokerKit's replay loop).

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

    /// Applies `??` hole dealing or an empty show, as PokerKit's replay does when the history
    /// lacks them. Returns the warning of the repair taken, or `None` when none applies.
    pub fn repair_passive(&mut self) -> Option<Warning> {
        if let Some(p) = self.hole_dealee() {
            let mut list = CardList::EMPTY;
            list.push(MaybeCard::Unknown);
            if self.apply_keeping_warnings(&Action::DealHole { player: p, cards: list }) {
                return Some(Warning::RepairedHoleDealing);
            }
        }
        if let Some(p) = self.showdown_player()
            && self
                .apply_keeping_warnings(&Action::ShowOrMuck { player: p, show: Show::Cards(CardList::EMPTY) })
        {
            return Some(Warning::RepairedShowdown);
        }
        None
    }

    /// PokerKit's full repair step while actions remain: hole dealing, check, fold, showdown.
    pub fn repair(&mut self) -> Option<Warning> {
        if let Some(p) = self.hole_dealee() {
            let mut list = CardList::EMPTY;
            list.push(MaybeCard::Unknown);
            if self.apply_keeping_warnings(&Action::DealHole { player: p, cards: list }) {
                return Some(Warning::RepairedHoleDealing);
            }
        }
        if let Some(p) = self.actor() {
            if self.call_amount().is_some_and(|c| c.is_zero())
                && self.apply_keeping_warnings(&Action::CheckOrCall { player: p })
            {
                return Some(Warning::RepairedCheck);
            }
            if self.apply_keeping_warnings(&Action::Fold { player: p }) {
                return Some(Warning::RepairedFold);
            }
        }
        if let Some(p) = self.showdown_player()
            && self
                .apply_keeping_warnings(&Action::ShowOrMuck { player: p, show: Show::Cards(CardList::EMPTY) })
        {
            return Some(Warning::RepairedShowdown);
        }
        None
    }

    /// Applies a repair action; the warnings of what it set off (a vanished pot, a quirk of the
    /// split…) stay in the state for [`State::take_warnings`] instead of being dropped.
    fn apply_keeping_warnings(&mut self, action: &Action) -> bool {
        match self.apply(action) {
            Ok(warnings) => {
                self.warnings = self.warnings.union(warnings);
                true
            }
            Err(_) => false,
        }
    }
}
