//! Random (mostly illegal) action sequences never panic, and a refused action changes nothing.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use cards_core::{Card, MaybeCard};
use poker_engine::replay::replay;
use poker_engine::sim::{Rng, random_hand};
use poker_engine::{Action, CardList, Chips, GameDef, RuleProfile, Show, State, Variant};

fn random_cards(rng: &mut Rng, max: usize) -> CardList {
    let mut list = CardList::EMPTY;
    for _ in 0..rng.below(max + 1) {
        let card = if rng.below(6) == 0 {
            MaybeCard::Unknown
        } else {
            MaybeCard::Known(Card::from_dense_index(rng.below(52) as u8).unwrap())
        };
        list.push(card);
    }
    list
}

fn random_action(rng: &mut Rng, players: usize) -> Action {
    let player = rng.below(players + 1);
    match rng.below(9) {
        0 => Action::DealBoard(random_cards(rng, 4)),
        1 => Action::DealHole { player, cards: random_cards(rng, 6) },
        2 => Action::StandPatOrDiscard { player, cards: random_cards(rng, 3) },
        3 => Action::PostBringIn { player },
        4 => Action::Fold { player },
        5 => Action::CheckOrCall { player },
        6 => Action::CompleteBetOrRaiseTo { player, amount: Chips::from_int(rng.below(500) as i64) },
        7 => Action::ShowOrMuck {
            player,
            show: match rng.below(3) {
                0 => Show::Muck,
                1 => Show::All,
                _ => Show::Cards(random_cards(rng, 7)),
            },
        },
        _ => Action::NoOp,
    }
}

#[test]
fn random_actions_never_panic_and_errors_change_nothing() {
    let mut rng = Rng::new(5);
    for variant in Variant::ALL {
        for _ in 0..40 {
            let Some(base) = random_hand(&mut rng, variant) else {
                panic!("{variant}: the generator failed")
            };
            for profile in [RuleProfile::Pokerkit, RuleProfile::Wsop] {
                let mut def: GameDef = base.def.clone();
                def.profile = profile;
                let mut state = State::new(&def).unwrap();
                let n = state.player_count();
                // Follow the legal hand part of the way, then throw random actions at it.
                let keep = rng.below(base.actions.len() + 1);
                for a in &base.actions[..keep] {
                    let _ = state.apply(a);
                }
                for _ in 0..60 {
                    let action = random_action(&mut rng, n);
                    let before = format!("{state:?}");
                    if state.apply(&action).is_err() {
                        assert_eq!(format!("{state:?}"), before, "{variant} {action}");
                    }
                }
                // Whole-sequence replays with repairs never panic either.
                let mut actions = base.actions.clone();
                for _ in 0..rng.below(4) {
                    let at = rng.below(actions.len() + 1);
                    actions.insert(at, random_action(&mut rng, n));
                }
                let _ = replay(&def, &actions);
            }
        }
    }
}
