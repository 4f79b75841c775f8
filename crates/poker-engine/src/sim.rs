//! Deterministic random legal hands, for benchmarks, fuzzing and bots' tests.
//!
//! Every action of a generated hand was accepted by the engine (the same seed always gives the
//! same hand). Tables are simple: integer stacks, blinds 1/2 (or antes 1 with ante trimming and
//! bring-in 1 in stud), small/big bet 2/4 or min bet 2.
//!
//! The hands also replay cleanly in PokerKit 0.7.7 (`cargo xtask gen` writes them as PHH and
//! `cargo xtask compare` replays them there), because the player policy avoids what PokerKit
//! handles differently from a real game: nobody mucks while a player is all in (PokerKit fails an
//! assertion when one live hand is left before the board is complete), the first hand at a
//! showdown is always shown (so the pot never vanishes with every hand mucked), and fixed-limit
//! games bet the fixed amount (PokerKit sizes FO/8 as pot-limit).
//!
//! ```
//! use poker_engine::sim::{Rng, random_hand};
//! use poker_engine::{Variant, replay};
//! let mut rng = Rng::new(7);
//! let hand = random_hand(&mut rng, Variant::PotLimitOmahaHoldem).unwrap();
//! let outcome = replay::replay(&hand.def, &hand.actions).unwrap();
//! assert!(outcome.terminal() && !outcome.has_error());
//! ```

use cards_core::{Card, Deck, MaybeCard};

use crate::action::{Action, CardList, Show};
use crate::chips::Chips;
use crate::game::{GameDef, Variant};
use crate::state::{State, Turn};

/// The seedable generator the hands are drawn with (shared with the other crates' generators).
pub use cards_core::Rng;

/// A generated hand: its definition and actions.
#[derive(Debug, Clone)]
pub struct SimHand {
    /// The game.
    pub def: GameDef,
    /// Every action, all accepted by the engine.
    pub actions: Vec<Action>,
}

fn table(rng: &mut Rng, variant: Variant) -> GameDef {
    let max_players = if variant.is_stud() || variant.short_deck() {
        6
    } else if variant.is_draw() {
        4
    } else {
        9
    };
    let players = 2 + rng.below(max_players - 1);
    let stacks = (0..players).map(|_| Chips::from_int(40 + rng.below(400) as i64)).collect();
    let mut def = GameDef::new(variant, stacks);
    if variant.is_stud() {
        def.antes = vec![Chips::from_int(1); players];
        def.bring_in = Chips::from_int(1);
        def.ante_trimming = true;
    } else {
        // p1 posts the small blind and p2 the big blind (PHH orders players from the small blind).
        def.antes = vec![Chips::ZERO; players];
        let mut blinds = vec![Chips::ZERO; players];
        blinds[0] = Chips::from_int(1);
        blinds[1] = Chips::from_int(2);
        def.blinds_or_straddles = blinds;
    }
    if variant.uses_small_big_bets() {
        def.small_bet = Chips::from_int(2);
        def.big_bet = Chips::from_int(4);
    } else {
        def.min_bet = Chips::from_int(2);
    }
    def
}

fn take(deck: &mut Vec<Card>, n: usize) -> Option<CardList> {
    let mut list = CardList::EMPTY;
    for _ in 0..n {
        if !list.push(MaybeCard::Known(deck.pop()?)) {
            return None;
        }
    }
    Some(list)
}

fn between(rng: &mut Rng, min: Chips, max: Chips) -> Chips {
    let (Some(lo), Some(hi)) = (min.decimal(), max.decimal()) else { return min };
    let span: u64 = (hi - lo).trunc().to_string().parse().unwrap_or(0);
    if span == 0 || rng.below(4) == 0 {
        return if rng.below(2) == 0 { min } else { max };
    }
    min.add(Chips::from_int(rng.below(span as usize + 1) as i64))
}

/// Plays one random legal hand of `variant`; `None` in the (unexpected) case the engine refuses
/// a choice.
pub fn random_hand(rng: &mut Rng, variant: Variant) -> Option<SimHand> {
    let def = table(rng, variant);
    let mut state = State::new(&def).ok()?;
    let kind = if variant.short_deck() { Deck::ShortDeck36 } else { Deck::Standard52 };
    let mut deck: Vec<Card> = kind.cards().iter().collect();
    rng.shuffle(&mut deck);
    let mut actions = Vec::with_capacity(40);
    let mut shown = false;
    let fixed = variant.uses_small_big_bets();
    for _ in 0..500 {
        let action = match state.turn() {
            Turn::Nobody => return Some(SimHand { def, actions }),
            Turn::Dealer => match state.hole_dealee() {
                Some(player) => {
                    Action::DealHole { player, cards: take(&mut deck, state.hole_pending(player))? }
                }
                None => Action::DealBoard(take(&mut deck, state.board_pending())?),
            },
            Turn::Draw(player) => {
                let held = state.hole(player).copied()?;
                // Never discard more than the deck can replace (replacements owed included).
                let owed: usize = (0..state.player_count()).map(|p| state.hole_pending(p)).sum();
                let room = deck.len().saturating_sub(owed);
                let n = rng.below(held.cards().len().min(3) + 1).min(room);
                let mut cards = CardList::EMPTY;
                for &card in held.cards().iter().take(n) {
                    cards.push(card);
                }
                Action::StandPatOrDiscard { player, cards }
            }
            Turn::Show(player) => {
                let all_in = state.stacks().iter().any(|s| s.is_zero());
                let show = if shown && !all_in && rng.below(5) == 0 { Show::Muck } else { Show::All };
                shown = true;
                Action::ShowOrMuck { player, show }
            }
            Turn::Bet(player) => {
                let to_call = state.call_amount().unwrap_or(Chips::ZERO);
                let roll = rng.below(100);
                if state.bring_in_amount().is_some() {
                    match state.raise_range() {
                        Some((min, _)) if roll >= 60 => Action::CompleteBetOrRaiseTo { player, amount: min },
                        _ => Action::PostBringIn { player },
                    }
                } else if !to_call.is_zero() && roll < 25 {
                    Action::Fold { player }
                } else if roll < 75 {
                    Action::CheckOrCall { player }
                } else if let Some((min, max)) = state.raise_range() {
                    let amount = if fixed { min } else { between(rng, min, max) };
                    Action::CompleteBetOrRaiseTo { player, amount }
                } else {
                    Action::CheckOrCall { player }
                }
            }
        };
        state.apply(&action).ok()?;
        actions.push(action);
    }
    None
}

/// `count` random hands of a variant from one seed.
#[must_use]
pub fn random_hands(variant: Variant, count: usize, seed: u64) -> Vec<SimHand> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::with_capacity(count);
    let mut attempts = 0;
    while out.len() < count && attempts < count * 10 + 10 {
        attempts += 1;
        if let Some(hand) = random_hand(&mut rng, variant) {
            out.push(hand);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::replay::replay;

    #[test]
    fn generated_hands_replay_cleanly_in_every_variant() {
        for variant in Variant::ALL {
            let hands = random_hands(variant, 50, 11);
            assert_eq!(hands.len(), 50, "{variant}");
            for hand in &hands {
                let outcome = replay(&hand.def, &hand.actions).ok();
                assert!(outcome.as_ref().is_some_and(|o| o.terminal() && !o.has_error()), "{variant}");
            }
            let again = random_hands(variant, 50, 11);
            assert!(hands.iter().zip(&again).all(|(a, b)| a.actions == b.actions));
        }
    }
}
