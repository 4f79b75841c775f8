//! Per-hand facts of each seat and their totals per player or position.

use std::collections::BTreeMap;

use phh::{ActionKind, Hand};
use poker_engine::Chips;
use rust_decimal::Decimal;

use crate::position::position;
use crate::replayed::Replayed;

/// What one seat did in one hand (the counting unit of every statistic).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SeatFacts {
    /// Put chips in voluntarily in the first betting round.
    pub vpip: bool,
    /// Completed, bet or raised in the first betting round.
    pub pfr: bool,
    /// Acted in the first betting round facing exactly one completion/bet/raise by another player.
    pub three_bet_chance: bool,
    /// Completed/bet/raised at such a turn.
    pub three_bet: bool,
    /// Was the last to complete/bet/raise in the first round and acted first-in (no bet yet) in
    /// the second betting round.
    pub cbet_chance: bool,
    /// Bet at that turn.
    pub cbet: bool,
    /// Had not folded when the second street began.
    pub saw_second_street: bool,
    /// Saw the second street, never folded, and at least one other player never folded either.
    pub showdown: bool,
    /// Went to showdown with a positive payoff.
    pub won_at_showdown: bool,
    /// Net result of the hand.
    pub payoff: Chips,
}

fn is_betting(kind: &ActionKind) -> bool {
    matches!(
        kind,
        ActionKind::CheckCall { .. } | ActionKind::CompleteBetRaise { .. } | ActionKind::Fold { .. }
    )
}

/// The facts of every seat of a replayed hand (`None` when the replay has errors or the hand did
/// not reach its end: such hands are not counted). Errors of the declared outcome fields alone do
/// not stop a hand being counted ([`Replayed::has_errors`]).
#[must_use]
pub fn seat_facts(hand: &Hand, replayed: &Replayed) -> Option<Vec<SeatFacts>> {
    if replayed.has_errors() || !replayed.outcome.terminal {
        return None;
    }
    let n = hand.player_count();
    let mut facts = vec![SeatFacts::default(); n];
    let mut folded = vec![false; n];
    // Completions/bets/raises so far on each street, and the last player to make one.
    let mut raises = [0u32; 2];
    let mut last_raiser: [Option<usize>; 2] = [None, None];
    let mut acted_second = vec![false; n];
    let mut reached_second = false;
    for (action, step) in hand.actions.iter().zip(&replayed.steps) {
        let street = step.street.map(usize::from);
        if street.is_some_and(|s| s >= 1) && !reached_second {
            reached_second = true;
            for (seat, f) in facts.iter_mut().enumerate() {
                f.saw_second_street = !folded[seat];
            }
        }
        let kind = &action.kind;
        let Some(seat) = kind.actor().and_then(|p| p.index()).filter(|&s| s < n) else { continue };
        if !is_betting(kind) {
            continue;
        }
        let raise = matches!(kind, ActionKind::CompleteBetRaise { .. });
        match street {
            Some(0) => {
                let f = &mut facts[seat];
                let calls_chips = matches!(kind, ActionKind::CheckCall { .. })
                    && step.to_call.is_some_and(Chips::is_positive);
                f.vpip |= raise || calls_chips;
                f.pfr |= raise;
                if raises[0] == 1 && last_raiser[0] != Some(seat) && !f.three_bet_chance {
                    f.three_bet_chance = true;
                    f.three_bet = raise;
                }
            }
            Some(1) if !acted_second[seat] => {
                acted_second[seat] = true;
                if last_raiser[0] == Some(seat) && raises[1] == 0 {
                    facts[seat].cbet_chance = true;
                    facts[seat].cbet = raise;
                }
            }
            _ => {}
        }
        if let Some(s) = street.filter(|&s| s < 2)
            && raise
        {
            raises[s] += 1;
            last_raiser[s] = Some(seat);
        }
        if matches!(kind, ActionKind::Fold { .. }) {
            folded[seat] = true;
        }
    }
    let in_at_end = folded.iter().filter(|&&f| !f).count();
    for (seat, f) in facts.iter_mut().enumerate() {
        f.showdown = f.saw_second_street && !folded[seat] && in_at_end >= 2;
        let payoff = replayed.outcome.payoffs.get(seat).and_then(|p| p.parse::<Chips>().ok());
        f.payoff = payoff.unwrap_or(Chips::ZERO);
        f.won_at_showdown = f.showdown && f.payoff.is_positive();
    }
    Some(facts)
}

/// The big blind of a blind game: the larger of the first two `blinds_or_straddles` (heads-up
/// PHH lists them reversed). `None` without blinds.
#[must_use]
pub fn big_blind(hand: &Hand) -> Option<Chips> {
    let blinds = hand.blinds_or_straddles.as_deref()?;
    let bb = blinds.iter().take(2).copied().map(Chips::from_amount).max()?;
    bb.is_positive().then_some(bb)
}

/// How rows are grouped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum GroupBy {
    /// By the player's name when the hand names its players, else as [`GroupBy::Position`].
    #[default]
    Player,
    /// By table position (`BTN`, `SB`..) in button games, by seat (`p1`, `p2`..) in stud games.
    Position,
}

/// Totals of one player (or position) over many hands.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct PlayerStats {
    /// The player's name, position or seat label.
    pub player: String,
    /// Hands counted.
    pub hands: u64,
    /// Hands with a voluntary put-in in the first betting round.
    pub vpip: u64,
    /// Hands with a completion, bet or raise in the first betting round.
    pub pfr: u64,
    /// Hands with a chance to 3-bet.
    pub three_bet_chances: u64,
    /// Hands where that chance was taken.
    pub three_bets: u64,
    /// Hands with a chance to continuation-bet.
    pub cbet_chances: u64,
    /// Hands where that chance was taken.
    pub cbets: u64,
    /// Hands in which the player saw the second street.
    pub saw_second_street: u64,
    /// Hands that went to showdown.
    pub showdowns: u64,
    /// Showdowns won (positive payoff).
    pub won_at_showdown: u64,
    /// Sum of payoffs, exact.
    #[cfg_attr(feature = "serde", serde(serialize_with = "as_text"))]
    pub net_won: Chips,
    /// Hands of blind games (counted for bb/100).
    pub blind_hands: u64,
    /// Sum of payoff / big blind over those hands (28 significant digits).
    #[cfg_attr(feature = "serde", serde(skip))]
    pub big_blinds_won: Decimal,
}

#[cfg(feature = "serde")]
fn as_text<S: serde::Serializer>(chips: &Chips, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&chips.to_text())
}

/// `part / whole` in percent, rounded half-even to 2 places; `None` when `whole` is 0.
#[must_use]
pub fn percent(part: u64, whole: u64) -> Option<Decimal> {
    if whole == 0 {
        return None;
    }
    let ratio = Decimal::from(part).checked_mul(Decimal::ONE_HUNDRED)?.checked_div(Decimal::from(whole))?;
    Some(ratio.round_dp(2))
}

impl PlayerStats {
    fn new(player: String) -> PlayerStats {
        PlayerStats {
            player,
            hands: 0,
            vpip: 0,
            pfr: 0,
            three_bet_chances: 0,
            three_bets: 0,
            cbet_chances: 0,
            cbets: 0,
            saw_second_street: 0,
            showdowns: 0,
            won_at_showdown: 0,
            net_won: Chips::ZERO,
            blind_hands: 0,
            big_blinds_won: Decimal::ZERO,
        }
    }

    fn add(&mut self, f: &SeatFacts, big_blind: Option<Chips>) {
        let count = |flag: bool| u64::from(flag);
        self.hands += 1;
        self.vpip += count(f.vpip);
        self.pfr += count(f.pfr);
        self.three_bet_chances += count(f.three_bet_chance);
        self.three_bets += count(f.three_bet);
        self.cbet_chances += count(f.cbet_chance);
        self.cbets += count(f.cbet);
        self.saw_second_street += count(f.saw_second_street);
        self.showdowns += count(f.showdown);
        self.won_at_showdown += count(f.won_at_showdown);
        self.net_won = self.net_won.add(f.payoff);
        let in_bb =
            big_blind.and_then(Chips::decimal).zip(f.payoff.decimal()).and_then(|(bb, p)| p.checked_div(bb));
        if let Some(in_bb) = in_bb {
            self.blind_hands += 1;
            self.big_blinds_won = self.big_blinds_won.checked_add(in_bb).unwrap_or(self.big_blinds_won);
        }
    }

    /// VPIP in percent of hands.
    #[must_use]
    pub fn vpip_percent(&self) -> Option<Decimal> {
        percent(self.vpip, self.hands)
    }

    /// PFR in percent of hands.
    #[must_use]
    pub fn pfr_percent(&self) -> Option<Decimal> {
        percent(self.pfr, self.hands)
    }

    /// 3-bet in percent of chances.
    #[must_use]
    pub fn three_bet_percent(&self) -> Option<Decimal> {
        percent(self.three_bets, self.three_bet_chances)
    }

    /// Continuation bet in percent of chances.
    #[must_use]
    pub fn cbet_percent(&self) -> Option<Decimal> {
        percent(self.cbets, self.cbet_chances)
    }

    /// Went to showdown, in percent of hands that saw the second street.
    #[must_use]
    pub fn wtsd_percent(&self) -> Option<Decimal> {
        percent(self.showdowns, self.saw_second_street)
    }

    /// Won money at showdown, in percent of showdowns.
    #[must_use]
    pub fn wsd_percent(&self) -> Option<Decimal> {
        percent(self.won_at_showdown, self.showdowns)
    }

    /// Big blinds won per 100 hands of blind games, rounded half-even to 2 places.
    #[must_use]
    pub fn bb_per_100(&self) -> Option<Decimal> {
        if self.blind_hands == 0 {
            return None;
        }
        let per_hand = self.big_blinds_won.checked_div(Decimal::from(self.blind_hands))?;
        Some(per_hand.checked_mul(Decimal::ONE_HUNDRED)?.round_dp(2))
    }
}

/// Adds hands up into per-player (or per-position) totals, sorted by key.
#[derive(Debug, Clone, Default)]
pub struct Totals {
    by: GroupBy,
    players: BTreeMap<String, PlayerStats>,
    counted: u64,
    skipped: u64,
    unfinished: u64,
}

impl Totals {
    /// Empty totals grouped `by`.
    #[must_use]
    pub fn new(by: GroupBy) -> Totals {
        Totals { by, ..Totals::default() }
    }

    /// The label a seat is counted under.
    #[must_use]
    pub fn key(&self, hand: &Hand, seat: usize) -> String {
        let named = match self.by {
            GroupBy::Player => {
                hand.players.as_ref().and_then(|names| names.get(seat)).filter(|n| !n.is_empty())
            }
            GroupBy::Position => None,
        };
        match named {
            Some(name) => name.clone(),
            None => position(hand.variant, hand.player_count(), seat)
                .map_or_else(|| format!("p{}", seat + 1), str::to_owned),
        }
    }

    /// Counts one replayed hand; returns whether it was counted (hands with replay errors or
    /// that did not reach their end are skipped and only counted in [`Totals::skipped`], the
    /// latter also in [`Totals::unfinished`]). A hand whose only errors are declared outcome
    /// fields the replay does not give is counted, with the replay's outcome.
    pub fn add(&mut self, hand: &Hand, replayed: &Replayed) -> bool {
        let Some(facts) = seat_facts(hand, replayed) else {
            self.skipped += 1;
            if !replayed.has_errors() && !replayed.outcome.terminal {
                self.unfinished += 1;
            }
            return false;
        };
        let bb = big_blind(hand);
        for (seat, f) in facts.iter().enumerate() {
            let key = self.key(hand, seat);
            self.players.entry(key.clone()).or_insert_with(|| PlayerStats::new(key)).add(f, bb);
        }
        self.counted += 1;
        true
    }

    /// Counts a hand that could not be replayed (reading errors) as skipped.
    pub fn skip(&mut self) {
        self.skipped += 1;
    }

    /// Merges totals computed apart (over other files or threads).
    pub fn merge(&mut self, other: Totals) {
        self.counted += other.counted;
        self.skipped += other.skipped;
        self.unfinished += other.unfinished;
        for (key, theirs) in other.players {
            let ours = self.players.entry(key.clone()).or_insert_with(|| PlayerStats::new(key));
            ours.hands += theirs.hands;
            ours.vpip += theirs.vpip;
            ours.pfr += theirs.pfr;
            ours.three_bet_chances += theirs.three_bet_chances;
            ours.three_bets += theirs.three_bets;
            ours.cbet_chances += theirs.cbet_chances;
            ours.cbets += theirs.cbets;
            ours.saw_second_street += theirs.saw_second_street;
            ours.showdowns += theirs.showdowns;
            ours.won_at_showdown += theirs.won_at_showdown;
            ours.net_won = ours.net_won.add(theirs.net_won);
            ours.blind_hands += theirs.blind_hands;
            ours.big_blinds_won =
                ours.big_blinds_won.checked_add(theirs.big_blinds_won).unwrap_or(ours.big_blinds_won);
        }
    }

    /// The totals, sorted by player key.
    pub fn players(&self) -> impl Iterator<Item = &PlayerStats> {
        self.players.values()
    }

    /// Hands counted.
    #[must_use]
    pub const fn counted(&self) -> u64 {
        self.counted
    }

    /// Hands skipped (replay errors, or not played to the end).
    #[must_use]
    pub const fn skipped(&self) -> u64 {
        self.skipped
    }

    /// Of the hands skipped, those replayed without error whose actions end before the hand does
    /// (`PHH_UNFINISHED_HAND`: the pot is not awarded, so no outcome to count).
    #[must_use]
    pub const fn unfinished(&self) -> u64 {
        self.unfinished
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::RuleProfile;

    fn facts(text: &str) -> Vec<SeatFacts> {
        let parsed = phh::parse_hand(text);
        let replayed = Replayed::of_record(&parsed, RuleProfile::Pokerkit).unwrap();
        seat_facts(parsed.model.hand.as_ref().unwrap(), &replayed).unwrap()
    }

    const HEAD: &str = "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n\
                        starting_stacks = [100, 100, 100]\n";

    #[test]
    fn cbet_showdown_and_limps() {
        // p3 raises, p1 and p2 call; p3 bets the flop (a c-bet),
        // p1 folds, p2 calls down; showdown between p2 and p3.
        let text = format!(
            "{HEAD}actions = ['d dh p1 2c3d', 'd dh p2 KsKh', 'd dh p3 AsAh', 'p3 cbr 6', 'p1 cc', 'p2 cc', \
             'd db 7c8d9h', 'p1 cc', 'p2 cc', 'p3 cbr 10', 'p1 f', 'p2 cc', 'd db 2s', 'p2 cc', 'p3 cc', \
             'd db 4s', 'p2 cc', 'p3 cc', 'p2 sm KsKh', 'p3 sm AsAh']\n"
        );
        let f = facts(&text);
        assert!(f[0].vpip && !f[0].pfr && f[0].three_bet_chance && !f[0].three_bet);
        assert!(f[2].pfr && f[2].cbet_chance && f[2].cbet && !f[2].three_bet_chance);
        assert!(!f[0].cbet_chance && !f[1].cbet_chance);
        assert!(f[0].saw_second_street && !f[0].showdown);
        assert!(f[1].showdown && !f[1].won_at_showdown && f[2].showdown && f[2].won_at_showdown);
        assert_eq!(f[2].payoff.to_string(), "22");
    }

    #[test]
    fn big_blind_check_is_not_vpip_and_a_checked_flop_gives_no_cbet() {
        let text = format!(
            "{HEAD}actions = ['d dh p1 2c3d', 'd dh p2 KsKh', 'd dh p3 AsAh', 'p3 cc', 'p1 cc', 'p2 cc', \
             'd db 7c8d9h', 'p1 cc', 'p2 cbr 2', 'p3 f', 'p1 f']\n"
        );
        let f = facts(&text);
        assert!(f[2].vpip && f[0].vpip && !f[1].vpip);
        assert!(f.iter().all(|s| !s.pfr && !s.cbet_chance && !s.three_bet_chance && !s.showdown));
        assert_eq!(
            big_blind(&phh::parse_hand(&text).model.hand.unwrap()).map(|c| c.to_string()).as_deref(),
            Some("2")
        );
    }

    #[test]
    fn a_declared_field_the_replay_does_not_give_is_counted_and_an_unfinished_hand_is_not() {
        let mut totals = Totals::new(GroupBy::Position);
        let mut add = |text: String| {
            let parsed = phh::parse_hand(&text);
            let replayed = Replayed::of_record(&parsed, RuleProfile::Pokerkit).unwrap();
            (totals.add(parsed.model.hand.as_ref().unwrap(), &replayed), replayed)
        };
        let deal = "actions = ['d dh p1 2c3d', 'd dh p2 KsKh', 'd dh p3 AsAh', 'p3 cbr 6'";
        let (counted, replayed) =
            add(format!("{HEAD}{deal}, 'p1 f', 'p2 f']\nfinishing_stacks = [1, 2, 3]\n"));
        let codes: Vec<&str> = replayed.outcome.diagnostics.iter().map(|d| d.code()).collect();
        assert_eq!(codes, ["PHH_FINISHING_STACKS_MISMATCH"]);
        assert!(counted && !replayed.has_errors());
        let (counted, replayed) = add(format!("{HEAD}{deal}]\n"));
        assert!(!counted && !replayed.outcome.terminal);
        assert_eq!((totals.counted(), totals.skipped(), totals.unfinished()), (1, 1, 1));
    }
}
