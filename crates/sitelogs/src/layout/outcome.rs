//! What the log says each player ends with and is paid ([`logged_outcome`]), which the replay
//! must agree with.

use cards_core::Amount;

use super::build::{Built, add_to};
use super::model::{Event, Parsed};
use crate::chips::Round;
use crate::money;

/// What the log says each player ends with: stack − chips put in + chips collected.
///
/// A bet no one matched goes back to the bettor. Logs write that as `Uncalled bet`, but those
/// before about 2008 leave an all-in overbet's or a walk's return unwritten (their total pot and
/// the next hand's stacks show it), while some converters leave it unwritten and pay it in the
/// winner's `collected` (their total pot counts it). So the unwritten returns are taken when the
/// summary's total pot leaves them out, or when there is no total.
pub(super) fn logged_outcome(p: &Parsed, built: &Built) -> (Vec<Amount>, Vec<Amount>) {
    let n = built.order.len();
    let mut index_of = vec![usize::MAX; p.seats.len()];
    for (player, &seat) in built.order.iter().enumerate() {
        index_of[seat] = player;
    }
    let mut put_in = vec![Amount::ZERO; n];
    let mut street: Round<usize> = Round::default();
    let mut collected = vec![Amount::ZERO; n];
    // The returns no `Uncalled bet` line writes, and whether the round under way has such a line.
    let mut unwritten = vec![Amount::ZERO; n];
    let mut written = false;
    // Single-draw logs have no marker before the draw: its first discard ends the betting round.
    let mut drawing = false;
    for (k, (event, _)) in p.events.iter().enumerate() {
        let draw_line = matches!(event, Event::Discard { .. } | Event::StandPat { .. });
        if draw_line && !drawing {
            settle(&mut street, &mut unwritten, std::mem::take(&mut written));
        }
        drawing = draw_line || (drawing && matches!(event, Event::Dealt { .. }));
        match event {
            Event::Street { .. } | Event::Draw => {
                settle(&mut street, &mut unwritten, std::mem::take(&mut written));
            }
            Event::Ante { seat, amount } => add_to(&mut put_in[index_of[*seat]], *amount),
            Event::Blind { seat, amount, .. } => {
                let i = index_of[*seat];
                add_to(&mut put_in[i], *amount);
                // Dead chips (a returning player's small blind) are no part of the bet.
                let dead = built.placed[k].map_or(Amount::ZERO, |pl| pl.dead_by_rule);
                street.add(&i, money::minus(*amount, dead));
            }
            Event::BringIn { seat, amount } | Event::Call { seat, amount } | Event::Bet { seat, amount } => {
                let i = index_of[*seat];
                add_to(&mut put_in[i], *amount);
                street.add(&i, *amount);
            }
            Event::RaiseTo { seat, to } => {
                let i = index_of[*seat];
                add_to(&mut put_in[i], street.raise_to(&i, *to));
            }
            Event::Uncalled { seat, amount } => {
                let i = index_of[*seat];
                put_in[i] = money::minus(put_in[i], *amount);
                written = true;
            }
            Event::Collected { seat, amount } => add_to(&mut collected[index_of[*seat]], *amount),
            _ => {}
        }
    }
    settle(&mut street, &mut unwritten, written);
    let sum = |v: &[Amount]| v.iter().fold(Amount::ZERO, |a, b| money::plus(a, *b));
    let pot_counts_them = p.total_pot.is_some_and(|t| t.normalize() == sum(&put_in).normalize());
    if !pot_counts_them {
        for (put, back) in put_in.iter_mut().zip(&unwritten) {
            *put = money::minus(*put, *back);
        }
    }
    let finishing = built
        .order
        .iter()
        .enumerate()
        .map(|(i, &s)| money::plus(money::minus(p.seats[s].stack, put_in[i]), collected[i]))
        .collect();
    (finishing, collected)
}

/// Ends a betting round: the part of a bet no one matched, when no `Uncalled bet` line in the
/// round returned it, is added to `unwritten`.
fn settle(street: &mut Round<usize>, unwritten: &mut [Amount], written: bool) {
    if let Some((top, back)) = street.close()
        && !written
    {
        add_to(&mut unwritten[top], back);
    }
}
