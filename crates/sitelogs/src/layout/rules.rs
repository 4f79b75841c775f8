//! Hands the site's rules play differently from PHH's replay (PokerKit's rules), found before the
//! hand is built: a short big blind called in full, a stud big bet on 4th street, and BetOnline's
//! pot-limit Omaha labelled as hold'em.

use cards_core::{Amount, Span};
use phh::Variant;

use super::model::{Ctx, Event, Parsed, Post};
use crate::chips::Round;
use crate::{codes, money};

/// A big blind posted all in for less than the blind, then called in full: the site's rule makes
/// the full big blind the bet to call, PHH's (PokerKit's) the highest bet posted, so a call of the
/// full blind cannot be written when it is the caller's last word in the round (the replay would
/// call less, and the difference would read as a rake). A later raise called puts the same chips
/// in both ways, and is read. The message and the line of the call PHH cannot write.
pub(super) fn short_blind_called(p: &Parsed, variant: Variant) -> Option<(String, Span)> {
    if variant.is_stud() {
        return None;
    }
    let n = p.seats.len();
    // Per seat: the round's chips as the log puts them in, and as PHH's calls would.
    let mut logged: Round<usize> = Round::default();
    let mut phh: Round<usize> = Round::default();
    let mut last_call: Vec<Option<Span>> = vec![None; n];
    let mut left: Vec<Amount> = p.seats.iter().map(|s| s.stack).collect();
    let mut short = None;
    let big_blind =
        p.header.stakes.map(|(small, big)| if variant.uses_small_big_bets() { small } else { big });
    for (event, span) in &p.events {
        match event {
            Event::Ante { seat, amount } => left[*seat] = money::minus(left[*seat], *amount),
            Event::Blind { seat, amount, kind } => {
                left[*seat] = money::minus(left[*seat], *amount);
                if *kind != Post::SmallAndBig {
                    logged.add(seat, *amount);
                    phh.add(seat, *amount);
                }
                if *kind == Post::Big && left[*seat].is_zero() && big_blind.is_some_and(|b| *amount < b) {
                    short = Some(*seat);
                }
            }
            Event::Call { seat, amount } => {
                let called = logged.add(seat, *amount);
                phh.raise_to(seat, phh.highest().min(called).max(phh.of(seat)));
                last_call[*seat] = Some(*span);
            }
            Event::Bet { seat, amount } | Event::BringIn { seat, amount } => {
                let bet = logged.add(seat, *amount);
                phh.raise_to(seat, bet);
            }
            Event::RaiseTo { seat, to } => {
                logged.raise_to(seat, *to);
                phh.raise_to(seat, *to);
            }
            Event::Street { .. } | Event::Draw | Event::Showdown => break,
            _ => {}
        }
    }
    let poster = short?;
    let over = (0..n).find(|i| logged.of(i) > phh.of(i))?;
    let message = format!(
        "{} posts the big blind all in for less than the blind ({}), and {} calls the full blind \
         ({} in the round where PHH's calls come to {}): the site makes the full big blind the bet \
         to call, PHH's call matches the highest bet posted, so this call cannot be written",
        p.seats[poster].name,
        logged.of(&poster),
        p.seats[over].name,
        logged.of(&over),
        phh.of(&over)
    );
    Some((message, last_call[over].unwrap_or_default()))
}

/// A stud bet or raise of the big bet on 4th street (PokerStars' rule for an open pair there). The
/// engine plays PokerKit's rules, whose 4th street is always bet in the small bet, so such a hand
/// cannot be replayed. The message and the line.
pub(super) fn stud_double_bet(p: &Parsed, variant: Variant) -> Option<(String, Span)> {
    if !variant.is_stud() {
        return None;
    }
    let (small, _) = p.header.stakes?;
    let mut street_no = 0;
    let mut street: Round<usize> = Round::default();
    let mut top = Amount::ZERO;
    for (event, span) in &p.events {
        let raised = match event {
            Event::Deal if street_no == 0 => {
                street_no = 3;
                continue;
            }
            Event::Street { .. } => {
                street_no += 1;
                street.clear();
                top = Amount::ZERO;
                continue;
            }
            Event::Bet { seat, amount } => {
                street.add(seat, *amount);
                Some(*amount)
            }
            Event::RaiseTo { seat, to } => {
                street.raise_to(seat, *to);
                Some(money::minus(*to, top))
            }
            Event::Call { seat, amount } | Event::BringIn { seat, amount } => {
                street.add(seat, *amount);
                None
            }
            _ => None,
        };
        if let Some(by) = raised {
            if street_no == 4 && by > small {
                let message = format!(
                    "a bet of {by} on 4th street, more than the small bet ({small}): PokerStars lets \
                     a player bet the big bet there when an open pair shows, but PHH's replay plays \
                     PokerKit's rules, whose 4th street is always bet in the small bet"
                );
                return Some((message, *span));
            }
            top = top.max(street.highest());
        }
    }
    None
}

/// BetOnline's network labels its pot-limit Omaha `Hold'em Pot Limit` (a game PHH has no variant
/// for): a hand so labelled whose cards dealt or shown are four to a player is read as pot-limit
/// Omaha, with [`codes::SITE_GAME_MISLABELLED`] (refused under `strict`). `Some(None)`: not such a
/// hand; `None`: refused.
pub(super) fn betonline_omaha(parsed: &Parsed, ctx: &mut Ctx<'_>, span: Span) -> Option<Option<Variant>> {
    if parsed.header.game != "Hold'em Pot Limit" {
        return Some(None);
    }
    let four = parsed.events.iter().any(|(event, _)| match event {
        Event::Dealt { groups, .. } => groups.iter().map(Vec::len).sum::<usize>() == 4,
        Event::Show { cards, .. } => cards.len() == 4,
        _ => false,
    }) || parsed.summary_shows.iter().any(|(_, cards, _)| cards.len() == 4);
    if !four {
        return Some(None);
    }
    let message = "`Hold'em Pot Limit` with four hole cards: BetOnline's network labels its pot-limit \
                   Omaha so, read as `Omaha Pot Limit`";
    if ctx.strict {
        ctx.error(codes::SITE_GAME_MISLABELLED, message, span);
        return None;
    }
    ctx.warn(codes::SITE_GAME_MISLABELLED, message, span);
    Some(Some(Variant::PotLimitOmahaHoldem))
}
