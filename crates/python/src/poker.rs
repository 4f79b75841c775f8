//! PHH hands as Python objects: `Hand` (every PHH field), `Action`, and the replay's `State`s
//! (poker-engine's own states, one before each action and the final one) with their `Pot`s and
//! `LegalAction`s. Built on `phh::Reader`, `phh::check`, `phh::write_hand` and poker-engine.

use cards_core::{Amount, Card, LineIndex, MaybeCard};
use phh::{ActionKind, Quantity, Shown, StrOrInt, TomlValue};
use poker_engine::replay::Step;
use poker_engine::{Chips, Phase, RuleProfile, State as EngineState, Turn};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::{ErrorParts, Loaded, diagnostic_dicts, parse_rules};

/// `decimal.Decimal` of an exact decimal text (`inf` becomes `Decimal('Infinity')`).
pub(crate) fn decimal<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
    py.import("decimal")?.getattr("Decimal")?.call1((text,))
}

fn amount<'py>(py: Python<'py>, a: Amount) -> PyResult<Bound<'py, PyAny>> {
    decimal(py, &a.to_string())
}

fn quantity<'py>(py: Python<'py>, q: Quantity) -> PyResult<Bound<'py, PyAny>> {
    decimal(py, &q.to_string())
}

fn chips<'py>(py: Python<'py>, c: Chips) -> PyResult<Bound<'py, PyAny>> {
    decimal(py, &c.to_text())
}

fn amounts<'py>(py: Python<'py>, list: &[Amount]) -> PyResult<Bound<'py, PyList>> {
    let out = PyList::empty(py);
    for a in list {
        out.append(amount(py, *a)?)?;
    }
    Ok(out)
}

fn quantities<'py>(py: Python<'py>, list: &[Quantity]) -> PyResult<Bound<'py, PyList>> {
    let out = PyList::empty(py);
    for q in list {
        out.append(quantity(py, *q)?)?;
    }
    Ok(out)
}

fn chip_list<'py>(py: Python<'py>, list: &[Chips]) -> PyResult<Bound<'py, PyList>> {
    let out = PyList::empty(py);
    for c in list {
        out.append(chips(py, *c)?)?;
    }
    Ok(out)
}

/// A card as PHH writes it (`Ac`, `Td`), `??` when unknown.
pub(crate) fn card_text(card: MaybeCard) -> String {
    match card {
        MaybeCard::Known(c) => poker_card(c),
        MaybeCard::Unknown => "??".to_owned(),
    }
}

fn poker_card(c: Card) -> String {
    [c.rank().char(), c.suit().lower_char()].into_iter().collect()
}

fn toml_value<'py>(py: Python<'py>, value: &TomlValue) -> PyResult<Bound<'py, PyAny>> {
    Ok(match value {
        TomlValue::String(s) => s.into_pyobject(py)?.into_any(),
        TomlValue::Integer(i) => i.into_pyobject(py)?.into_any(),
        TomlValue::Float(text) => py.import("builtins")?.getattr("float")?.call1((text.as_str(),))?,
        TomlValue::Boolean(b) => b.into_pyobject(py)?.to_owned().into_any(),
        TomlValue::Datetime(text) => text.into_pyobject(py)?.into_any(),
        TomlValue::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(toml_value(py, item)?)?;
            }
            list.into_any()
        }
        TomlValue::Table(fields) => fields_dict(py, fields)?.into_any(),
    })
}

fn fields_dict<'py>(py: Python<'py>, fields: &[phh::Field]) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    for field in fields {
        dict.set_item(&field.key, toml_value(py, &field.value)?)?;
    }
    Ok(dict)
}

fn str_or_int<'py>(py: Python<'py>, value: Option<&StrOrInt>) -> PyResult<Bound<'py, PyAny>> {
    Ok(match value {
        None => py.None().into_bound(py),
        Some(StrOrInt::Str(s)) => s.into_pyobject(py)?.into_any(),
        Some(StrOrInt::Int(i)) => i.into_pyobject(py)?.into_any(),
    })
}

/// One action of a hand: its kind, the 0-based player, the amount (`Decimal`) and cards.
///
/// >>> import cardnote
/// >>> hand = cardnote.load_hands(cardnote.EXAMPLE_HAND)[0]
/// >>> action = hand.actions[4]
/// >>> action.kind, action.player, action.amount, action.notation
/// ('complete_bet_or_raise_to', 0, Decimal('6'), 'p1 cbr 6')
#[pyclass(module = "cardnote", frozen)]
pub struct Action {
    action: phh::Action,
}

#[pymethods]
impl Action {
    /// `deal_board`, `deal_hole`, `bring_in`, `complete_bet_or_raise_to`, `check_or_call`,
    /// `fold`, `stand_pat_or_discard`, `show_or_muck` or `no_op`.
    #[getter]
    fn kind(&self) -> &'static str {
        match &self.action.kind {
            ActionKind::DealBoard { .. } => "deal_board",
            ActionKind::DealHole { .. } => "deal_hole",
            ActionKind::BringIn { .. } => "bring_in",
            ActionKind::CompleteBetRaise { .. } => "complete_bet_or_raise_to",
            ActionKind::CheckCall { .. } => "check_or_call",
            ActionKind::Fold { .. } => "fold",
            ActionKind::StandPatDiscard { .. } => "stand_pat_or_discard",
            ActionKind::ShowMuck { .. } => "show_or_muck",
            ActionKind::NoOp => "no_op",
        }
    }

    /// The 0-based player (`p1` is 0) acted or dealt to; `None` for board deals and no-ops.
    #[getter]
    fn player(&self) -> Option<usize> {
        self.action.kind.player().and_then(phh::Player::index)
    }

    /// The "to" amount of `complete_bet_or_raise_to`, exact as written.
    #[getter]
    fn amount<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        match &self.action.kind {
            ActionKind::CompleteBetRaise { amount: a, .. } => Some(amount(py, *a)).transpose(),
            _ => Ok(None),
        }
    }

    /// The cards dealt, discarded or shown (`??` unknown); `None` when the action has none
    /// (a muck, `sm -`, a bet).
    #[getter]
    fn cards(&self) -> Option<Vec<String>> {
        let run = match &self.action.kind {
            ActionKind::DealBoard { cards } | ActionKind::DealHole { cards, .. } => cards,
            ActionKind::StandPatDiscard { discards, .. } => discards,
            ActionKind::ShowMuck { shown: Shown::Cards(cards), .. } => cards,
            _ => return None,
        };
        Some(run.iter().map(card_text).collect())
    }

    /// For `show_or_muck`: `True` when the player mucks.
    #[getter]
    fn muck(&self) -> bool {
        matches!(self.action.kind, ActionKind::ShowMuck { shown: Shown::Muck, .. })
    }

    /// The commentary after `#`, if any.
    #[getter]
    fn commentary(&self) -> Option<String> {
        self.action.commentary.clone()
    }

    /// The action's PHH notation (`p1 cbr 6`, `d db AcKd2s`).
    #[getter]
    fn notation(&self) -> String {
        let mut out = String::new();
        self.action.write_to(&mut out);
        out
    }

    fn __repr__(&self) -> String {
        format!("<cardnote.Action {:?}>", self.notation())
    }
}

/// One PHH hand with every field of the specification. Amounts are `decimal.Decimal`
/// (`Decimal('Infinity')` for `inf`); players are 0-based in actions and states.
///
/// >>> import cardnote
/// >>> hand = cardnote.load_hands(cardnote.EXAMPLE_HAND)[0]
/// >>> hand.variant, hand.players, hand.starting_stacks
/// ('NT', ['Ann', 'Bob', 'Cy'], [Decimal('100'), Decimal('100'), Decimal('100')])
/// >>> [str(a) for a in hand.blinds_or_straddles]
/// ['1', '2', '0']
/// >>> print(hand.to_phh().splitlines()[0])
/// variant = 'NT'
#[pyclass(module = "cardnote", frozen)]
pub struct Hand {
    pub(crate) hand: phh::Hand,
    name: Option<String>,
    index: usize,
    diagnostics: Py<PyList>,
    /// Line and column (1-based) of each action in the text read; `(0, 0)` when unknown.
    places: Vec<(usize, usize)>,
}

#[pymethods]
impl Hand {
    /// `author`, if given.
    #[getter]
    fn author(&self) -> Option<String> {
        self.hand.author.clone()
    }

    /// `event`, if given.
    #[getter]
    fn event(&self) -> Option<String> {
        self.hand.event.clone()
    }

    /// `url`, if given.
    #[getter]
    fn url(&self) -> Option<String> {
        self.hand.url.clone()
    }

    /// `venue`, if given.
    #[getter]
    fn venue(&self) -> Option<String> {
        self.hand.venue.clone()
    }

    /// `address`, if given.
    #[getter]
    fn address(&self) -> Option<String> {
        self.hand.address.clone()
    }

    /// `city`, if given.
    #[getter]
    fn city(&self) -> Option<String> {
        self.hand.city.clone()
    }

    /// `region`, if given.
    #[getter]
    fn region(&self) -> Option<String> {
        self.hand.region.clone()
    }

    /// `postal_code`, if given.
    #[getter]
    fn postal_code(&self) -> Option<String> {
        self.hand.postal_code.clone()
    }

    /// `country`, if given.
    #[getter]
    fn country(&self) -> Option<String> {
        self.hand.country.clone()
    }

    /// `time_zone`, if given.
    #[getter]
    fn time_zone(&self) -> Option<String> {
        self.hand.time_zone.clone()
    }

    /// `time_zone_abbreviation`, if given.
    #[getter]
    fn time_zone_abbreviation(&self) -> Option<String> {
        self.hand.time_zone_abbreviation.clone()
    }

    /// `currency`, if given.
    #[getter]
    fn currency(&self) -> Option<String> {
        self.hand.currency.clone()
    }

    /// `currency_symbol`, if given.
    #[getter]
    fn currency_symbol(&self) -> Option<String> {
        self.hand.currency_symbol.clone()
    }

    /// The variant code (`NT`, `FT`, `PO`, `F7S`, ...).
    #[getter]
    fn variant(&self) -> &'static str {
        self.hand.variant.code()
    }

    /// The `.phhs` table name (`[name]`), `None` for a `.phh` hand.
    #[getter]
    fn name(&self) -> Option<String> {
        self.name.clone()
    }

    /// The hand's 0-based place in its file.
    #[getter]
    fn index(&self) -> usize {
        self.index
    }

    /// `antes`.
    #[getter]
    fn antes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        amounts(py, &self.hand.antes)
    }

    /// `blinds_or_straddles`, if given.
    #[getter]
    fn blinds_or_straddles<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyList>>> {
        self.hand.blinds_or_straddles.as_deref().map(|a| amounts(py, a)).transpose()
    }

    /// `bring_in`, if given.
    #[getter]
    fn bring_in<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.hand.bring_in.map(|a| amount(py, a)).transpose()
    }

    /// `small_bet`, if given.
    #[getter]
    fn small_bet<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.hand.small_bet.map(|a| amount(py, a)).transpose()
    }

    /// `big_bet`, if given.
    #[getter]
    fn big_bet<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.hand.big_bet.map(|a| amount(py, a)).transpose()
    }

    /// `min_bet`, if given.
    #[getter]
    fn min_bet<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.hand.min_bet.map(|a| amount(py, a)).transpose()
    }

    /// `starting_stacks`.
    #[getter]
    fn starting_stacks<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        quantities(py, &self.hand.starting_stacks)
    }

    /// The actions, in order.
    #[getter]
    fn actions(&self) -> Vec<Action> {
        self.hand.actions.iter().map(|a| Action { action: a.clone() }).collect()
    }

    /// `time` as a `datetime.time`, if given.
    #[getter]
    fn time<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let Some(t) = self.hand.time else { return Ok(None) };
        let time = py.import("datetime")?.getattr("time")?;
        time.call1((t.hour, t.minute, t.second, t.nanosecond / 1000)).map(Some)
    }

    /// `day`, if given.
    #[getter]
    fn day(&self) -> Option<i64> {
        self.hand.day
    }

    /// `month`, if given.
    #[getter]
    fn month(&self) -> Option<i64> {
        self.hand.month
    }

    /// `year`, if given.
    #[getter]
    fn year(&self) -> Option<i64> {
        self.hand.year
    }

    /// `hand` (the hand's number or name), if given.
    #[getter]
    fn hand<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        str_or_int(py, self.hand.hand.as_ref())
    }

    /// `level`, if given.
    #[getter]
    fn level(&self) -> Option<i64> {
        self.hand.level
    }

    /// `seats`, if given.
    #[getter]
    fn seats(&self) -> Option<Vec<i64>> {
        self.hand.seats.clone()
    }

    /// `seat_count`, if given.
    #[getter]
    fn seat_count(&self) -> Option<i64> {
        self.hand.seat_count
    }

    /// `table`, if given.
    #[getter]
    fn table<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        str_or_int(py, self.hand.table.as_ref())
    }

    /// `players`, if given.
    #[getter]
    fn players(&self) -> Option<Vec<String>> {
        self.hand.players.clone()
    }

    /// `finishing_stacks` as written, if given.
    #[getter]
    fn finishing_stacks<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyList>>> {
        self.hand.finishing_stacks.as_deref().map(|q| quantities(py, q)).transpose()
    }

    /// `winnings` as written, if given.
    #[getter]
    fn winnings<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyList>>> {
        self.hand.winnings.as_deref().map(|q| quantities(py, q)).transpose()
    }

    /// `ante_trimming_status`, if given.
    #[getter]
    fn ante_trimming_status(&self) -> Option<bool> {
        self.hand.ante_trimming_status
    }

    /// `time_limit`, if given.
    #[getter]
    fn time_limit<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.hand.time_limit.map(|q| quantity(py, q)).transpose()
    }

    /// `time_banks`, if given.
    #[getter]
    fn time_banks<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyList>>> {
        self.hand.time_banks.as_deref().map(|q| quantities(py, q)).transpose()
    }

    /// The user-defined fields (`_name`), in file order.
    #[getter]
    fn user_fields<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        fields_dict(py, &self.hand.user_fields)
    }

    /// Fields the specification does not define, in file order.
    #[getter]
    fn unknown_fields<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        fields_dict(py, &self.hand.unknown_fields)
    }

    /// The errors and warnings of reading and checking the hand (dicts with `code`, `severity`,
    /// `message`, `line`, `column`).
    #[getter]
    fn diagnostics<'py>(&self, py: Python<'py>) -> Bound<'py, PyList> {
        self.diagnostics.bind(py).clone()
    }

    /// The hand as canonical PHH text (phh's writer).
    fn to_phh(&self) -> String {
        phh::write_hand(&self.hand)
    }

    /// Replays the hand with poker-engine: the `State` before each action (its `action` is the
    /// action about to apply), then the final state (`action` is `None`). Under `pokerkit`,
    /// PokerKit's repairs are made as its replay makes them; an illegal action raises
    /// `CardnoteError`.
    ///
    /// >>> import cardnote
    /// >>> states = cardnote.load_hands(cardnote.EXAMPLE_HAND)[0].replay()
    /// >>> s = states[4]
    /// >>> s.action.notation, s.actor, s.stacks, s.bets
    /// ('p1 cbr 6', 0, [Decimal('99'), Decimal('98'), Decimal('100')], [Decimal('1'), Decimal('2'), Decimal('0')])
    /// >>> [(a.kind, a.amount, a.min_amount, a.max_amount) for a in s.legal_actions]
    /// [('fold', None, None, None), ('check_or_call', Decimal('1'), None, None), ('complete_bet_or_raise_to', None, Decimal('4'), Decimal('100'))]
    /// >>> states[-1].is_over, states[-1].payoffs
    /// (True, [Decimal('6'), Decimal('-6'), Decimal('0')])
    #[pyo3(signature = (*, rules = "pokerkit"))]
    fn replay(&self, py: Python<'_>, rules: &str) -> PyResult<Vec<State>> {
        let profile = parse_rules(rules)?;
        let steps = py.allow_threads(|| replay_states(&self.hand, profile));
        match steps {
            Ok(steps) => Ok(steps),
            Err((index, code, message)) => {
                let place = self.places.get(index).copied().unwrap_or((0, 0));
                Err(ErrorParts { code, message, line: place.0, column: place.1 }.raise(py))
            }
        }
    }

    fn __repr__(&self) -> String {
        format!(
            "<cardnote.Hand {} {} players, {} actions>",
            self.hand.variant.code(),
            self.hand.player_count(),
            self.hand.actions.len()
        )
    }
}

/// The states of a replay, or the failing action's index, code and message.
fn replay_states(hand: &phh::Hand, profile: RuleProfile) -> Result<Vec<State>, (usize, String, String)> {
    let def = phh::replay::game_def(hand, profile);
    let actions = phh::replay::engine_actions(hand)
        .map_err(|(i, e)| (i, "REPLAY_BAD_ACTION".to_owned(), format!("{e:?}")))?;
    let mut state = EngineState::new(&def).map_err(|e| (0, e.code().to_owned(), e.to_string()))?;
    // `met[i]`: the state action `i` met (after the repairs PokerKit made for it).
    let mut met: Vec<EngineState> = Vec::with_capacity(actions.len());
    let mut refused = None;
    let mut observe = |step, s: &EngineState| match step {
        Step::Start if !actions.is_empty() => met.push(s.clone()),
        Step::Applied { action, .. } if action + 1 < actions.len() => met.push(s.clone()),
        Step::Repaired { before: Some(_), .. } => {
            if let Some(last) = met.last_mut() {
                *last = s.clone();
            }
        }
        Step::Refused { action, error } => refused = Some((action, error)),
        _ => {}
    };
    if poker_engine::replay::run_observed(&mut state, &actions, &mut observe) {
        poker_engine::replay::finish_observed(&mut state, &mut observe);
    }
    if let Some((index, error)) = refused {
        return Err((index, error.code().to_owned(), format!("illegal action: {error}")));
    }
    // The engine's actions are the model's, one for one (no-ops included).
    let mut out: Vec<State> = met
        .into_iter()
        .zip(&hand.actions)
        .map(|(s, a)| State { state: s, action: Some(a.clone()) })
        .collect();
    out.push(State { state, action: None });
    Ok(out)
}

/// A main or side pot: its amount and the 0-based players who may win it.
#[pyclass(module = "cardnote", frozen, get_all)]
pub struct Pot {
    /// The chips in it (`Decimal`).
    amount: Py<PyAny>,
    /// The eligible players, 0-based.
    players: Vec<usize>,
}

#[pymethods]
impl Pot {
    fn __repr__(&self, py: Python<'_>) -> String {
        format!("<cardnote.Pot {} {:?}>", self.amount.bind(py), self.players)
    }
}

/// What the player (or the dealer) to act may do: `kind` as `Action.kind`, the 0-based
/// `player`, `amount` (the call or bring-in amount) and `min_amount`/`max_amount` (the range of
/// a complete, bet or raise "to").
#[pyclass(module = "cardnote", frozen, get_all)]
pub struct LegalAction {
    /// The kind of action (as `Action.kind`).
    kind: &'static str,
    /// The 0-based player; `None` for the dealer's board deal.
    player: Option<usize>,
    /// The amount to call or to bring in.
    amount: Option<Py<PyAny>>,
    /// The smallest "to" amount of a complete, bet or raise.
    min_amount: Option<Py<PyAny>>,
    /// The largest "to" amount of a complete, bet or raise.
    max_amount: Option<Py<PyAny>>,
}

#[pymethods]
impl LegalAction {
    fn __repr__(&self) -> String {
        format!("<cardnote.LegalAction {} player={:?}>", self.kind, self.player)
    }
}

/// The state of a hand at one step of its replay (poker-engine's state): stacks, bets, pots,
/// board, hole cards, who acts and what is legal. Amounts are `Decimal`; players 0-based.
#[pyclass(module = "cardnote", frozen)]
pub struct State {
    state: EngineState,
    action: Option<phh::Action>,
}

#[pymethods]
impl State {
    /// The action about to be applied to this state; `None` for the final state.
    #[getter]
    fn action(&self) -> Option<Action> {
        self.action.clone().map(|action| Action { action })
    }

    /// The 0-based street (`None` before the first deal and after the hand).
    #[getter]
    fn street(&self) -> Option<usize> {
        self.state.street()
    }

    /// `dealing`, `betting`, `showdown` or `over`.
    #[getter]
    fn phase(&self) -> &'static str {
        match self.state.phase() {
            Phase::Dealing => "dealing",
            Phase::Betting => "betting",
            Phase::Showdown => "showdown",
            Phase::Over => "over",
        }
    }

    /// Whether the hand is over.
    #[getter]
    fn is_over(&self) -> bool {
        self.state.is_over()
    }

    /// The 0-based player to act (bet, draw or show); `None` when the dealer deals or the hand
    /// is over.
    #[getter]
    fn actor(&self) -> Option<usize> {
        match self.state.turn() {
            Turn::Bet(p) | Turn::Draw(p) | Turn::Show(p) => Some(p),
            Turn::Dealer | Turn::Nobody => None,
        }
    }

    /// Each player's stack.
    #[getter]
    fn stacks<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        chip_list(py, self.state.stacks())
    }

    /// Each player's bet in front of them on this street.
    #[getter]
    fn bets<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        chip_list(py, self.state.bets())
    }

    /// The main pot then the side pots, collected so far.
    #[getter]
    fn pots(&self, py: Python<'_>) -> PyResult<Vec<Pot>> {
        let n = self.state.player_count();
        self.state
            .pots()
            .as_slice()
            .iter()
            .map(|pot| {
                Ok(Pot {
                    amount: chips(py, pot.amount)?.unbind(),
                    players: (0..n).filter(|&p| pot.is_eligible(p)).collect(),
                })
            })
            .collect()
    }

    /// The pots and the bets together.
    #[getter]
    fn total_pot<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        chips(py, self.state.total_pot())
    }

    /// The board cards dealt so far (`Ac`, `??` unknown).
    #[getter]
    fn board(&self) -> Vec<String> {
        self.state.board().iter().copied().map(card_text).collect()
    }

    /// Each player's hole cards (`??` unknown).
    #[getter]
    fn hole_cards(&self) -> Vec<Vec<String>> {
        (0..self.state.player_count())
            .map(|p| {
                self.state
                    .hole(p)
                    .map(|h| h.cards().iter().copied().map(card_text).collect())
                    .unwrap_or_default()
            })
            .collect()
    }

    /// Whether each player is still in the hand.
    #[getter]
    fn active(&self) -> Vec<bool> {
        self.state.active().to_vec()
    }

    /// Each player's net result so far (final once the hand is over).
    #[getter]
    fn payoffs<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        chip_list(py, self.state.payoffs())
    }

    /// What may be done now (empty once the hand is over).
    #[getter]
    fn legal_actions(&self, py: Python<'_>) -> PyResult<Vec<LegalAction>> {
        let legal =
            |kind, player| LegalAction { kind, player, amount: None, min_amount: None, max_amount: None };
        let mut out = Vec::new();
        match self.state.turn() {
            Turn::Dealer => match self.state.hole_dealee() {
                Some(p) => out.push(legal("deal_hole", Some(p))),
                None => out.push(legal("deal_board", None)),
            },
            Turn::Draw(p) => out.push(legal("stand_pat_or_discard", Some(p))),
            Turn::Show(p) => out.push(legal("show_or_muck", Some(p))),
            Turn::Bet(p) => {
                let call = self.state.call_amount();
                if call.is_some_and(|c| !c.is_zero()) {
                    out.push(legal("fold", Some(p)));
                }
                if let Some(c) = call {
                    out.push(LegalAction {
                        amount: Some(chips(py, c)?.unbind()),
                        ..legal("check_or_call", Some(p))
                    });
                }
                if let Some(b) = self.state.bring_in_amount() {
                    out.push(LegalAction {
                        amount: Some(chips(py, b)?.unbind()),
                        ..legal("bring_in", Some(p))
                    });
                }
                if let Some((min, max)) = self.state.raise_range() {
                    out.push(LegalAction {
                        min_amount: Some(chips(py, min)?.unbind()),
                        max_amount: Some(chips(py, max)?.unbind()),
                        ..legal("complete_bet_or_raise_to", Some(p))
                    });
                }
            }
            Turn::Nobody => {}
        }
        Ok(out)
    }

    fn __repr__(&self) -> String {
        format!("<cardnote.State street={:?} phase={} actor={:?}>", self.street(), self.phase(), self.actor())
    }
}

/// The hands of a PHH text, each with its diagnostics (after `phh::check` under `profile`); of a
/// poker site's hand history (told by its content), the hands its reader imports.
pub(crate) fn hands_of(
    py: Python<'_>,
    loaded: &Loaded,
    profile: RuleProfile,
    strict: bool,
) -> PyResult<Vec<Hand>> {
    if let Some(site) = sitelogs::Site::detect(loaded.text.as_bytes()) {
        return site_hands(py, loaded, site, strict);
    }
    let options = phh::Options { strict, profile };
    let records = py.allow_threads(|| {
        cards_core::notation::read_checked::<phh::Phh, _>(loaded.text.as_bytes(), options)
            .collect::<std::io::Result<Vec<phh::Record>>>()
    })?;
    let index = LineIndex::new(&loaded.text);
    let mut hands = Vec::with_capacity(records.len());
    for (i, record) in records.into_iter().enumerate() {
        let Some(hand) = record.model.hand else {
            let first = record.diagnostics.iter().find(|d| d.is_error());
            return Err(match first {
                Some(error) => ErrorParts::of(error, &loaded.text, &index).raise(py),
                None => ErrorParts::plain("PHH_NO_HAND", "the hand could not be built").raise(py),
            });
        };
        let places =
            record.model.action_spans.iter().map(|s| index.line_col(&loaded.text, s.start)).collect();
        hands.push(Hand {
            hand,
            places,
            name: record.model.name,
            index: i,
            diagnostics: diagnostic_dicts(py, &record.diagnostics, &loaded.text, &index)?.unbind(),
        });
    }
    Ok(hands)
}

/// The hands a site's reader imports from a log (each already replayed and checked against the
/// log by the reader), with the reader's warnings. A hand the reader refuses (a game or an
/// event PHH cannot express) is left out: `read()` reports each refusal with its code. An ACPC
/// log needs its game file and is read with `read()`.
fn site_hands(py: Python<'_>, loaded: &Loaded, site: sitelogs::Site, strict: bool) -> PyResult<Vec<Hand>> {
    let options = sitelogs::Options { strict };
    let records: Vec<sitelogs::Record> =
        py.allow_threads(|| match site.records(loaded.text.as_bytes(), None, options) {
            Some(records) => records.collect(),
            None => Vec::new(),
        });
    let index = LineIndex::new(&loaded.text);
    let mut hands = Vec::with_capacity(records.len());
    for record in records {
        let Some(hand) = record.hand else { continue };
        hands.push(Hand {
            places: vec![(0, 0); hand.actions.len()],
            name: hand.hand.as_ref().map(ToString::to_string),
            index: hands.len(),
            diagnostics: diagnostic_dicts(py, &record.diagnostics, &loaded.text, &index)?.unbind(),
            hand,
        });
    }
    Ok(hands)
}

/// Reads every hand of a PHH file (a path), text or bytes into `Hand` objects, checked (replayed)
/// under `rules`. A hand that cannot be built raises `CardnoteError`; a hand with other errors
/// (an illegal action, a wrong `finishing_stacks`) is loaded with them in `diagnostics`.
///
/// A poker site's hand history (PokerStars, GGPoker, Winamax, ... told by its content) gives the
/// hands its reader imports into PHH, each checked against what the log states; the hands it
/// refuses are left out (`read()` lists them with their reasons).
///
/// >>> import cardnote
/// >>> [h.variant for h in cardnote.load_hands(cardnote.EXAMPLE_HAND)]
/// ['NT']
#[pyfunction]
#[pyo3(signature = (path_or_text, *, rules = "pokerkit", strict = false))]
pub(crate) fn load_hands(
    py: Python<'_>,
    path_or_text: &Bound<'_, PyAny>,
    rules: &str,
    strict: bool,
) -> PyResult<Vec<Hand>> {
    let profile = parse_rules(rules)?;
    let loaded = Loaded::of(py, path_or_text)?;
    hands_of(py, &loaded, profile, strict)
}

/// Hands as `.phhs` text (`[1]`, `[2]`, ... or their table names), through phh's writer.
///
/// >>> import cardnote
/// >>> hands = cardnote.load_hands(cardnote.EXAMPLE_HAND)
/// >>> text = cardnote.write_hands(hands)
/// >>> text.splitlines()[0], [h.actions[-1].notation for h in cardnote.load_hands(text)]
/// ('[1]', ['p2 f'])
#[pyfunction]
pub(crate) fn write_hands(hands: Vec<PyRef<'_, Hand>>) -> PyResult<String> {
    let mut writer = phh::Writer::new(Vec::new());
    for (i, hand) in hands.iter().enumerate() {
        let name = hand.name.clone().unwrap_or_else(|| (i + 1).to_string());
        writer.write_named(&name, &hand.hand)?;
    }
    String::from_utf8(cards_core::notation::WriteRecords::into_inner(writer)?)
        .map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))
}
