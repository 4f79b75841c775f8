//! The poker engine driven by arbitrary games and action sequences. It must never panic, and after
//! every step:
//! - an illegal action is an error value that leaves the state exactly as it was;
//! - chips are conserved: each stack is its starting stack plus its payoff, and while the hand runs
//!   the pots plus the bets on the table hold exactly what the players put in;
//! - no finite stack, bet or pot is ever negative;
//! - at the end every bet has been pulled, and the payoffs sum to zero unless the engine warned
//!   that the chips vanished (PokerKit's quirk when everyone mucks); decimal hands to within
//!   PokerKit's 28-significant-digit rounding (fuzz/FINDINGS.md F9);
//! - while every amount is whole chips, a state on `i64` (`State::integral`) given the same steps
//!   gives the same results and the same state (until an amount it cannot hold, which it refuses
//!   with `AmountNotIntegral`: the exact state goes on alone).
//!
//! Input layout: a few bytes choose the variant, profile, players, stacks and forced bets; the rest
//! drives a mix of "sensible" actions (what the turn asks for, amounts in the legal range, cards from
//! the deck) and raw arbitrary ones, plus the replay's repair steps.
#![no_main]

use cards_core::{Card, MaybeCard};
use libfuzzer_sys::fuzz_target;
use poker_engine::action::CardList;
use poker_engine::{Action, ActionError, Chips, GameDef, RuleProfile, Show, State, Turn, Variant, Warning};

struct Input<'a> {
    data: &'a [u8],
    pos: usize,
}

impl Input<'_> {
    fn byte(&mut self) -> u8 {
        let b = self.data.get(self.pos).copied().unwrap_or(0);
        self.pos += 1;
        b
    }
    fn done(&self) -> bool {
        self.pos >= self.data.len()
    }
    fn chips(&mut self, allow_inf: bool) -> Chips {
        let kind = self.byte();
        let v = self.byte();
        let text = match kind % 16 {
            0 => "0".to_owned(),
            1 if allow_inf => "inf".to_owned(),
            2 => format!("{}.{:02}", v, self.byte() % 100),
            3 => format!("{}.5", v),
            4 => "100000000000000000000".to_owned(), // 10^20: too large, must be refused
            5 => "99999999999999999999".to_owned(),
            6 => format!("-{}", v % 10),
            7 => format!("0.{:03}", v),
            _ => format!("{}", v as u32 * (1 + (kind as u32 >> 4))),
        };
        text.parse().unwrap_or(Chips::ZERO)
    }
    fn card(&mut self) -> MaybeCard {
        let b = self.byte();
        if b >= 250 {
            return MaybeCard::Unknown;
        }
        match Card::from_dense_index(b % 52) {
            Some(c) => MaybeCard::Known(c),
            None => MaybeCard::Unknown,
        }
    }
    fn cards(&mut self, n: usize) -> CardList {
        let mut list = CardList::EMPTY;
        for _ in 0..n {
            let c = self.card();
            list.push(c);
        }
        list
    }
}

fn sum(values: &[Chips]) -> Chips {
    values.iter().fold(Chips::ZERO, |acc, &v| acc.add(v))
}

/// An amount as a float, only to size a rounding tolerance (amounts themselves stay exact).
fn to_f64(c: Chips) -> f64 {
    c.to_string().parse().unwrap_or(f64::INFINITY)
}

/// How far from zero 28-significant-digit rounding can take the payoffs' sum: a few units of the
/// 28th digit of the largest amounts in play, the largest pot of the hand (`peak`) included, since
/// a payoff is rounded at the size it had then (three infinite stacks raising to millions leave
/// their payoffs at a thousand, rounded at the millions' last digit).
fn rounding_bound(state: &State, peak: Chips) -> f64 {
    let magnitude: f64 = state
        .starting_stacks()
        .iter()
        .filter(|s| !s.is_inf())
        .chain(state.payoffs())
        .map(|&c| to_f64(c).abs())
        .sum::<f64>()
        + to_f64(peak).abs();
    magnitude * 1e-26
}

/// `vanished`: the engine warned that chips vanished (everyone mucked), so the payoffs may sum
/// below zero but never above.
/// `peak`: the largest pot so far (updated here).
fn check(state: &State, vanished: bool, peak: &mut Chips) {
    let pot = state.total_pot();
    if pot > *peak {
        *peak = pot;
    }
    let peak = *peak;
    let n = state.player_count();
    assert_eq!(state.stacks().len(), n);
    for i in 0..n {
        let stack = state.stacks()[i];
        let start = state.starting_stacks()[i];
        assert!(!stack.is_negative(), "player {i} has a negative stack {stack}");
        assert!(!state.bets()[i].is_negative(), "player {i} has a negative bet");
        if !start.is_inf() {
            let expected = start.add(state.payoffs()[i]);
            // Stacks and payoffs are tracked apart, as in PokerKit, so with decimals rounded at 28
            // significant digits they may differ in that last digit (F9); integral ones are exact.
            let exact = stack.is_integral() && expected.is_integral();
            assert!(
                stack == expected
                    || (!exact && to_f64(stack.sub(expected)).abs() <= rounding_bound(state, peak)),
                "player {i}: stack {stack} != starting + payoff {expected}"
            );
        } else {
            assert!(stack.is_inf(), "an infinite stack became finite");
        }
    }
    let payoffs = sum(state.payoffs());
    if state.is_over() {
        assert!(state.bets().iter().all(|b| b.is_zero()), "bets left on the table after the hand");
        let exact =
            state.starting_stacks().iter().chain(state.payoffs()).all(|c| c.is_inf() || c.is_integral())
                && state.payoffs().iter().all(|c| c.is_integral());
        // fuzz/FINDINGS.md F9: PokerKit's `Decimal` context (28 significant digits) rounds every
        // division and sum, and the engine does the same on purpose (rules addendum, "Decimal
        // arithmetic"), so a decimal hand's payoffs may miss zero by a few units of the 28th
        // significant digit of the amounts in play. Integral hands are exact.
        let off = if exact { 0.0 } else { rounding_bound(state, peak) };
        let payoff_sum = to_f64(payoffs);
        if vanished {
            assert!(payoff_sum <= off, "chips created: payoffs sum to {payoffs}");
        } else {
            assert!(
                payoffs.is_zero() || payoff_sum.abs() <= off,
                "chips not conserved at the end: payoffs sum to {payoffs}"
            );
        }
    } else {
        let pots = state.pots();
        for p in pots.as_slice() {
            assert!(!p.amount.is_negative(), "negative pot");
        }
        let in_middle = state.total_pot();
        let off = in_middle.add(payoffs);
        // Exact for integral amounts; within the 28-digit rounding (F9) otherwise.
        let exact = state.payoffs().iter().chain(state.bets()).all(|c| c.is_integral());
        assert!(
            off.is_zero() || (!exact && to_f64(off).abs() <= rounding_bound(state, peak)),
            "pots + bets ({in_middle}) != chips put in ({})",
            payoffs.neg()
        );
    }
}

fn sensible(state: &State, input: &mut Input<'_>) -> Action {
    let choice = input.byte();
    match state.turn() {
        Turn::Dealer => {
            if state.board_pending() > 0 && (choice & 1 == 0 || state.hole_dealee().is_none()) {
                Action::DealBoard(input.cards(state.board_pending()))
            } else {
                let p = state.hole_dealee().unwrap_or(choice as usize % state.player_count());
                let k = state.hole_pending(p).max(1);
                Action::DealHole { player: p, cards: input.cards(k.min(choice as usize % 4 + 1)) }
            }
        }
        Turn::Draw(p) => {
            let held = state.hole(p).map(|h| h.cards().to_vec()).unwrap_or_default();
            let k = if held.is_empty() { 0 } else { choice as usize % (held.len() + 1) };
            let list = CardList::from_slice(held.get(..k).unwrap_or(&[])).unwrap_or(CardList::EMPTY);
            Action::StandPatOrDiscard { player: p, cards: list }
        }
        Turn::Bet(p) => match choice % 5 {
            0 => Action::Fold { player: p },
            1 | 2 => Action::CheckOrCall { player: p },
            3 => match state.raise_range() {
                Some((min, max)) => {
                    let amount = match input.byte() % 4 {
                        0 => min,
                        1 => max,
                        _ => min.add(max.sub(min).divmod(2).0),
                    };
                    Action::CompleteBetOrRaiseTo { player: p, amount }
                }
                None => Action::PostBringIn { player: p },
            },
            _ => Action::PostBringIn { player: p },
        },
        Turn::Show(p) => match choice % 4 {
            0 => Action::ShowOrMuck { player: p, show: Show::Muck },
            1 => Action::ShowOrMuck { player: p, show: Show::All },
            2 => Action::ShowOrMuck { player: p, show: Show::Cards(CardList::EMPTY) },
            _ => {
                let held = state.hole(p).map(|h| h.cards().to_vec()).unwrap_or_default();
                Action::ShowOrMuck {
                    player: p,
                    show: Show::Cards(CardList::from_slice(&held).unwrap_or(CardList::EMPTY)),
                }
            }
        },
        Turn::Nobody => Action::NoOp,
    }
}

fn raw(state: &State, input: &mut Input<'_>) -> Action {
    let kind = input.byte();
    let player = input.byte() as usize % (state.player_count() + 1);
    match kind % 9 {
        0 => Action::DealBoard(input.cards(kind as usize / 9 % 6)),
        1 => Action::DealHole { player, cards: input.cards(kind as usize / 9 % 8) },
        2 => Action::StandPatOrDiscard { player, cards: input.cards(kind as usize / 9 % 6) },
        3 => Action::PostBringIn { player },
        4 => Action::Fold { player },
        5 => Action::CheckOrCall { player },
        6 => Action::CompleteBetOrRaiseTo { player, amount: input.chips(false) },
        7 => Action::ShowOrMuck { player, show: Show::Cards(input.cards(kind as usize / 9 % 5)) },
        _ => Action::NoOp,
    }
}

/// The whole-chips shadow took the same step as `state` (`same`: whether its result was the same):
/// it must be the same state. A refusal for an amount it cannot hold ends the shadow.
fn shadow_agrees(state: &State, shadow: &mut Option<State<i64>>, same: Option<Result<bool, ActionError>>) {
    if let Some(Err(ActionError::AmountNotIntegral)) = same {
        *shadow = None;
        return;
    }
    if let Some(integral) = shadow {
        assert!(same != Some(Ok(false)), "the i64 state's result differs");
        integral.take_warnings();
        assert!(integral.to_exact() == *state, "the i64 state differs:\n{integral:?}\n{state:?}");
    }
}

fuzz_target!(|data: &[u8]| {
    let mut input = Input { data, pos: 0 };
    let variant = Variant::ALL[input.byte() as usize % Variant::ALL.len()];
    let setup = input.byte();
    let n = 2 + (input.byte() as usize % 9);
    let n = if setup & 0x80 != 0 { n + input.byte() as usize % 14 } else { n };
    let stacks: Vec<Chips> = (0..n).map(|_| input.chips(true)).collect();
    let mut def = GameDef::new(variant, stacks);
    def.profile = if setup & 1 == 0 { RuleProfile::Pokerkit } else { RuleProfile::Wsop };
    def.ante_trimming = setup & 2 != 0;
    if setup & 4 != 0 {
        def.antes = (0..n).map(|_| input.chips(false)).collect();
    }
    if setup & 8 != 0 {
        def.blinds_or_straddles = (0..n.min(3)).map(|_| input.chips(false)).collect();
    }
    if setup & 16 != 0 {
        def.bring_in = input.chips(false);
    }
    def.small_bet = input.chips(false);
    def.big_bet = input.chips(false);
    def.min_bet = input.chips(false);
    let debug = std::env::var_os("ENGINE_FUZZ_DEBUG").is_some();
    if debug {
        eprintln!("{def:?}");
    }
    let Ok(mut state) = State::new(&def) else { return };
    let mut shadow = State::integral(&def).ok().flatten();
    if let Some(integral) = &mut shadow {
        integral.take_warnings();
    }
    let mut vanished = state.take_warnings().contains(Warning::ChipsVanished);
    let mut peak = Chips::ZERO;
    check(&state, vanished, &mut peak);
    let mut steps = 0;
    while !input.done() && steps < 400 {
        steps += 1;
        let op = input.byte();
        let action = match op % 8 {
            0 => {
                // F1 fixed: a repair keeps the warnings of what it set off (a vanished pot).
                let w = state.repair();
                let same = shadow.as_mut().map(|s| Ok(s.repair() == w));
                if debug {
                    eprintln!("repair -> {w:?}; stacks {:?}", state.stacks());
                }
                vanished |= w == Some(Warning::ChipsVanished)
                    || state.take_warnings().contains(Warning::ChipsVanished);
                check(&state, vanished, &mut peak);
                shadow_agrees(&state, &mut shadow, same);
                continue;
            }
            1 => {
                let w = state.repair_passive();
                let same = shadow.as_mut().map(|s| Ok(s.repair_passive() == w));
                if debug {
                    eprintln!("repair_passive -> {w:?}; stacks {:?}", state.stacks());
                }
                vanished |= state.take_warnings().contains(Warning::ChipsVanished);
                check(&state, vanished, &mut peak);
                shadow_agrees(&state, &mut shadow, same);
                continue;
            }
            2 => raw(&state, &mut input),
            _ => sensible(&state, &mut input),
        };
        // A clone compared with `==`, not the Debug text: formatting the whole state on every
        // step was most of the target's time.
        let before = state.clone();
        let result = state.apply(&action);
        let same = shadow.as_mut().map(|s| match s.apply(&action) {
            Err(ActionError::AmountNotIntegral) => Err(ActionError::AmountNotIntegral),
            other => Ok(format!("{other:?}") == format!("{result:?}")),
        });
        if debug {
            eprintln!(
                "{action} -> {result:?}; stacks {:?} payoffs {:?} phase {:?}",
                state.stacks(),
                state.payoffs(),
                state.phase()
            );
        }
        match result {
            Ok(w) => vanished |= w.contains(Warning::ChipsVanished),
            Err(_) => assert!(
                state == before,
                "a refused action {action} changed the state:\n{before:?}\n{state:?}"
            ),
        }
        vanished |= state.take_warnings().contains(Warning::ChipsVanished);
        check(&state, vanished, &mut peak);
        shadow_agrees(&state, &mut shadow, same);
    }
});
