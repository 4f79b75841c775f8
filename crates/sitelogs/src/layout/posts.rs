//! Where each `posts` line's chips go in PHH ([`place_posts`]): the blinds in position, dead
//! money (antes), or live chips out of position that go in with the poster's first action.

use cards_core::{Amount, Span};
use phh::Variant;

use super::model::{Event, Parsed, Post};
use crate::money;

/// Where a `posts` line's chips go in PHH.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Placed {
    /// Into `blinds_or_straddles` (the blinds in position, a straddle, the button blind).
    pub(super) blind: Amount,
    /// Into `antes`: dead money (a returning player's small blind, or a live post the player
    /// then folded without adding to).
    pub(super) dead: Amount,
    /// Live chips posted out of position: they count toward the poster's bet but do not set
    /// who acts first, which PHH's blinds do. PHH puts them in with the poster's first action of
    /// the round (a check becomes `cc` for the same chips, a call or raise adds the same total);
    /// a first action that folds makes them dead (in `dead`).
    pub(super) live: Amount,
    /// The dead part by the site's rules (before a fold made a live post dead): no part of the
    /// poster's bet in the round.
    pub(super) dead_by_rule: Amount,
}

/// Per event (`Some` for each `posts` line): where its chips go in PHH.
///
/// In a button game of three or more, the blinds in position are p1's small blind, then the big
/// blind of p2 (p1 without a small blind), and 6+ hold'em's button blind (the last player).
/// Straddles stay blinds. Any other post is a player sitting in or returning: a `small blind` is
/// dead, a `big blind` live, and `small & big blinds` the small blind dead and the big blind
/// live (PokerStars' rules for missed blinds).
pub(super) fn place_posts(
    p: &Parsed,
    variant: Variant,
    index_of: &[usize],
    n: usize,
) -> Result<Vec<Option<Placed>>, (String, Span)> {
    let mut placed = by_rule(p, variant, index_of, n);
    live_with_first_action(p, &mut placed)?;
    Ok(placed)
}

/// The post of event `i`: the poster's PHH index, the amount and the blind.
fn post_at(p: &Parsed, index_of: &[usize], i: usize) -> Option<(usize, Amount, Post)> {
    match &p.events[i].0 {
        Event::Blind { seat, amount, kind } => Some((index_of[*seat], *amount, *kind)),
        _ => None,
    }
}

/// A post that is a blind of PHH's.
fn in_blind(amount: Amount) -> Placed {
    Placed { blind: amount, dead: Amount::ZERO, live: Amount::ZERO, dead_by_rule: Amount::ZERO }
}

/// Each post placed by the site's rules: in position, dead, or live out of position.
fn by_rule(p: &Parsed, variant: Variant, index_of: &[usize], n: usize) -> Vec<Option<Placed>> {
    let mut placed: Vec<Option<Placed>> = vec![None; p.events.len()];
    let post_at = |i: usize| post_at(p, index_of, i);
    let posts: Vec<usize> = (0..p.events.len()).filter(|&i| post_at(i).is_some()).collect();
    let zero = Amount::ZERO;
    if n <= 2 || variant.is_stud() {
        for &i in &posts {
            placed[i] = post_at(i).map(|(_, amount, _)| in_blind(amount));
        }
        return placed;
    }
    let small = posts.iter().copied().find(|&i| matches!(post_at(i), Some((0, _, Post::Small))));
    let big = posts.iter().copied().find(|&i| match post_at(i) {
        Some((pl, _, Post::Big)) => pl == 1 || (small.is_none() && pl == 0),
        _ => false,
    });
    let big_at = big.and_then(post_at).map_or(1, |(pl, _, _)| pl);
    // The big blind a returning player owes: the one posted in position, else the stakes'
    // (the small bet in fixed-limit games).
    let (low, high) = p.header.stakes.unwrap_or((zero, zero));
    let stakes_big = if variant.uses_small_big_bets() { low } else { high };
    let big_blind = big.and_then(post_at).map_or(stakes_big, |(_, amount, _)| amount);
    for &i in &posts {
        let Some((pl, amount, kind)) = post_at(i) else { continue };
        let place = match kind {
            _ if Some(i) == small || Some(i) == big => in_blind(amount),
            Post::Straddle => in_blind(amount),
            // A converter's straddle (`posts big blind $8` at $2/$4, right after the big blind).
            Post::Big if big.is_some() && pl == big_at + 1 && amount > big_blind => in_blind(amount),
            Post::Button if pl == n - 1 => in_blind(amount),
            Post::Small => Placed { blind: zero, dead: amount, live: zero, dead_by_rule: amount },
            Post::Big | Post::Button => Placed { blind: zero, dead: zero, live: amount, dead_by_rule: zero },
            Post::SmallAndBig => {
                let live = if amount < big_blind { amount } else { big_blind };
                let dead = money::minus(amount, live);
                Placed { blind: zero, dead, live, dead_by_rule: dead }
            }
        };
        placed[i] = Some(place);
    }
    placed
}

/// A live post goes in with the poster's first action of the round; a fold first makes it dead.
/// A live post the poster never acts after cannot be written: the message and its line.
fn live_with_first_action(p: &Parsed, placed: &mut [Option<Placed>]) -> Result<(), (String, Span)> {
    for (i, place) in placed.iter_mut().enumerate() {
        let Some(place) = place.as_mut().filter(|pl| !pl.live.is_zero()) else { continue };
        let Event::Blind { seat, .. } = &p.events[i].0 else { continue };
        let first = p.events[i + 1..]
            .iter()
            .take_while(|(e, _)| !matches!(e, Event::Street { .. } | Event::Draw | Event::Showdown))
            .find(|(e, _)| match e {
                Event::Fold { seat: s }
                | Event::Check { seat: s }
                | Event::Call { seat: s, .. }
                | Event::Bet { seat: s, .. }
                | Event::RaiseTo { seat: s, .. } => s == seat,
                _ => false,
            });
        match first {
            Some((Event::Fold { .. }, _)) => {
                place.dead = money::plus(place.dead, place.live);
                place.live = Amount::ZERO;
            }
            Some(_) => {}
            None => {
                let message = format!(
                    "{} posts {} out of position and never acts after it (all in by the post, or \
                     the round ends first): PHH's blinds set who acts first, so a live post out \
                     of position can only go in with the poster's own action",
                    p.seats[*seat].name, place.live
                );
                return Err((message, p.events[i].1));
            }
        }
    }
    Ok(())
}
