//! Pots: main and side pots built from each player's contributions, as PokerKit builds them.

use super::{N, State, sum};
use crate::amount::Amount;
use crate::chips::Chips;

/// A main or side pot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pot<A: Amount = Chips> {
    /// The chips in it.
    pub amount: A,
    /// Bitmask of the eligible (active, contributing) players.
    pub eligible: u32,
}

impl<A: Amount> Pot<A> {
    /// Whether a player may win this pot.
    #[must_use]
    pub const fn is_eligible(&self, player: usize) -> bool {
        player < 32 && self.eligible & (1 << player) != 0
    }
}

/// A list of pots (main first).
#[derive(Debug, Clone, Copy)]
pub struct Pots<A: Amount = Chips> {
    pub(super) pots: [Pot<A>; N + 1],
    pub(super) len: usize,
}

impl<A: Amount> Pots<A> {
    const EMPTY: Pots<A> = Pots { pots: [Pot { amount: A::ZERO, eligible: 0 }; N + 1], len: 0 };

    /// The pots.
    #[must_use]
    pub fn as_slice(&self) -> &[Pot<A>] {
        self.pots.get(..self.len).unwrap_or(&[])
    }
}

/// The distinct values (the first of numerically equal ones kept, as `2.50` before `2.5`), in
/// ascending order, and how many there are.
fn distinct_ascending<T: Copy + PartialEq>(
    values: &[T],
    zero: T,
    compare: impl Fn(&T, &T) -> core::cmp::Ordering,
) -> ([T; N], usize) {
    let mut levels = [zero; N];
    let mut count = 0;
    for &v in values {
        if !levels[..count].contains(&v) {
            levels[count] = v;
            count += 1;
        }
    }
    levels[..count].sort_by(compare);
    (levels, count)
}

impl<A: Amount> State<A> {
    /// The pots as they stand (main first), built from contributions as PokerKit does.
    #[must_use]
    pub fn pots(&self) -> Pots<A> {
        let mut out = Pots::EMPTY;
        if self.integral_pots(&mut out).is_some() {
            // Every test build (the oracle and differential tests of every crate included)
            // checks the integer path against the exact one, amount text and all.
            #[cfg(debug_assertions)]
            self.assert_exact_agrees(&out);
            return out;
        }
        out.len = 0;
        self.exact_pots(&mut out);
        out
    }

    /// [`State::pots`] on plain integers, when every amount it reads is integral and small (most
    /// hands): the same steps with the same results, since integral [`Chips`] arithmetic is exact
    /// integer arithmetic. `None` (with `out` partly written) sends the caller to the exact path.
    fn integral_pots(&self, out: &mut Pots<A>) -> Option<()> {
        let n = self.n;
        let mut contrib = [0i64; N];
        let mut pend = [0i64; N];
        let mut total = 0i64;
        for i in 0..n {
            let (payoff, bet) = (self.payoffs[i].small_int()?, self.bets[i].small_int()?);
            total += payoff + bet;
            contrib[i] = Ord::max(-payoff - bet, 0);
            pend[i] = -payoff;
        }
        if total == 0 {
            return Some(());
        }
        let mut amount = 0i64;
        if !self.ante_trimming {
            for i in 0..n {
                let a = self.effective_ante(i).small_int()?;
                amount += a;
                contrib[i] -= a;
                pend[i] -= a;
            }
        }
        let (levels, nl) = distinct_ascending(&contrib[..n], 0, Ord::cmp);
        let mut previous = 0i64;
        for &level in &levels[..nl] {
            // Counted and masked without branches: these short loops mispredict otherwise.
            let reaching: i64 = contrib[..n].iter().map(|&c| i64::from(c >= level)).sum();
            amount += (level - previous) * reaching;
            let mut eligible = 0u32;
            for i in 0..n {
                eligible |= u32::from(pend[i] >= level && self.active[i]) << i;
            }
            while out.len > 0 && out.pots[out.len - 1].eligible == eligible {
                out.len -= 1;
                amount += out.pots[out.len].amount.small_int()?;
            }
            if amount != 0 {
                out.pots[out.len] = Pot { amount: A::from_int(amount), eligible };
                out.len += 1;
            }
            amount = 0;
            previous = level;
        }
        Some(())
    }

    #[cfg(any(test, debug_assertions))]
    fn assert_exact_agrees(&self, integral: &Pots<A>) {
        let mut exact = Pots::EMPTY;
        self.exact_pots(&mut exact);
        let form = |pots: &Pots<A>| -> Vec<(String, u32)> {
            pots.as_slice().iter().map(|p| (p.amount.to_text(), p.eligible)).collect()
        };
        assert_eq!(form(integral), form(&exact), "integral and exact pots differ");
    }

    /// [`State::pots`] in exact decimal arithmetic (any amounts).
    fn exact_pots(&self, out: &mut Pots<A>) {
        let n = self.n;
        let total_payoff = sum(self.payoffs[..n].iter());
        let total_bets = sum(self.bets[..n].iter());
        if total_payoff.add(total_bets).is_zero() {
            return;
        }
        let mut contrib = [A::ZERO; N];
        let mut pend = [A::ZERO; N];
        for i in 0..n {
            // Never below zero: past 28 significant digits a payoff and a bet can round apart by
            // a unit in the last digit, which must not become a negative pot.
            contrib[i] = self.payoffs[i].neg().sub(self.bets[i]).max(A::ZERO);
            pend[i] = self.payoffs[i].neg();
        }
        let mut amount = A::ZERO;
        if !self.ante_trimming {
            for i in 0..n {
                let a = self.effective_ante(i);
                amount = amount.add(a);
                contrib[i] = contrib[i].sub(a);
                pend[i] = pend[i].sub(a);
            }
        }
        let (levels, nl) = distinct_ascending(&contrib[..n], A::ZERO, A::compare);
        let mut previous = A::ZERO;
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
            amount = A::ZERO;
            previous = level;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;
    use crate::replay::run_observed;
    use crate::sim::random_hands;

    /// The integer path and the exact one give the same pots (amount text and eligibility) at
    /// every step of generated hands of every variant; the exact path alone is taken when an
    /// amount is not integral.
    #[test]
    fn integral_pots_equal_exact_pots_at_every_step() {
        let mut compared = 0;
        for variant in Variant::ALL {
            for hand in random_hands(variant, 150, 11) {
                let Ok(mut state) = State::new(&hand.def) else { continue };
                run_observed(&mut state, &hand.actions, |_, s| {
                    let mut integral = Pots::EMPTY;
                    if s.integral_pots(&mut integral).is_some() {
                        s.assert_exact_agrees(&integral);
                        compared += 1;
                    }
                });
            }
        }
        assert!(compared > 10_000, "{compared}");
        let mut def = crate::GameDef::new(Variant::NoLimitTexasHoldem, vec![Chips::from_int(100); 3]);
        let amount = |text: &str| text.parse().unwrap_or_default();
        def.blinds_or_straddles = vec![amount("0.50"), amount("1.00"), Chips::ZERO];
        def.min_bet = Chips::from_int(2);
        let state = State::new(&def).unwrap_or_else(|_| unreachable!());
        let mut out = Pots::EMPTY;
        assert!(state.integral_pots(&mut out).is_none(), "decimal blinds leave the integer path");
    }
}
