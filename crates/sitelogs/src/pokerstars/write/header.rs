//! The hand's first lines: the header (site, hand number, game, stakes, date), the table line and
//! the seats.

use std::fmt::Write as _;

use cards_core::Amount;
use phh::{Hand, StrOrInt, TomlValue, Variant};

use super::out::Ctx;
use crate::layout::header;

/// The hand's user-defined integer field `key`.
pub(super) fn user_int(hand: &Hand, key: &str) -> Option<i64> {
    hand.user_fields.iter().find(|f| f.key == key).and_then(|f| match f.value {
        TomlValue::Integer(i) => Some(i),
        _ => None,
    })
}

/// The hand's user-defined string field `key`.
pub(super) fn user_str<'h>(hand: &'h Hand, key: &str) -> Option<&'h str> {
    hand.user_fields.iter().find(|f| f.key == key).and_then(|f| match &f.value {
        TomlValue::String(s) => Some(s.as_str()),
        _ => None,
    })
}

/// `n` in Roman numerals, as the site numbers tournament levels.
fn roman(mut n: i64) -> String {
    let table =
        [(100, "C"), (90, "XC"), (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")];
    let mut out = String::new();
    for (value, text) in table {
        while n >= value {
            out.push_str(text);
            n -= value;
        }
    }
    out
}

/// Writes the header line, the table line and a line per seat (in seat order).
pub(super) fn write_header(c: &mut Ctx<'_>, seats: &[i64], button: i64) {
    let line = header_line(c);
    c.line(&line);
    let line = table_line(c.hand, seats, button);
    c.line(&line);
    let stacks: Vec<String> =
        c.hand.starting_stacks.iter().map(|q| q.finite().map(|a| c.money(a)).unwrap_or_default()).collect();
    let mut by_seat: Vec<usize> = (0..seats.len()).collect();
    by_seat.sort_by_key(|&i| seats[i]);
    for i in by_seat {
        let line = format!("Seat {}: {} ({} in chips) ", seats[i], c.names[i], stacks[i]);
        c.line(&line);
    }
}

/// `SITE Hand #ID: [event ]game[ - Level N] (stakes)[ - date]`.
fn header_line(c: &Ctx<'_>) -> String {
    let hand = c.hand;
    // The venue names the site only when it is one writing this layout.
    let site = match (user_str(hand, "_header_site"), &hand.venue) {
        (Some(site), _) => site.to_owned(),
        (None, Some(v)) if v.starts_with("PokerStars") => v.clone(),
        _ => "PokerStars".to_owned(),
    };
    let noun = user_str(hand, "_header_noun").unwrap_or("Hand");
    let id = match &hand.hand {
        Some(StrOrInt::Int(i)) => i.to_string(),
        Some(StrOrInt::Str(s)) if !s.is_empty() && s.bytes().all(|b| b.is_ascii_alphanumeric()) => s.clone(),
        _ => "1".to_owned(),
    };
    let (small, big) = stakes(hand);
    let currency = hand.currency.as_ref().map(|cur| format!(" {cur}")).unwrap_or_default();
    let stakes = match button_blind(hand) {
        // 6+ hold'em's header names the button blind and the ante.
        Some(ante) => format!("Button Blind {} - Ante {}{currency}", c.money(big), c.money(ante)),
        None => format!("{}/{}{currency}", c.money(small), c.money(big)),
    };
    let game = header::game_name(hand.variant);
    // A mixed game names the hand's game in parentheses: `8-Game (Razz Limit)`.
    let mixed = hand.event.as_deref().is_some_and(|e| header::MIXES.iter().any(|m| e.ends_with(m)));
    let mut line = format!("{site} {noun} #{id}: ");
    match (&hand.event, hand.level) {
        (Some(event), Some(level)) => {
            let round =
                user_str(hand, "_match_round").map(|r| format!(" - Match Round {r},")).unwrap_or_default();
            let dash = if round.is_empty() { " -" } else { "" };
            let game = if mixed { format!("({game})") } else { game.to_owned() };
            let _ = write!(line, "{event} {game}{round}{dash} Level {} ({stakes})", roman(level));
        }
        (Some(event), None) if mixed => {
            let _ = write!(line, "{event} ({game}, {stakes})");
        }
        (Some(event), None) => {
            let _ = write!(line, "{event} {game} ({stakes})");
        }
        (None, _) => {
            let _ = write!(line, " {game} ({stakes})");
        }
    }
    if let (Some(y), Some(m), Some(d), Some(t)) = (hand.year, hand.month, hand.day, hand.time) {
        let _ = write!(line, " - {y:04}/{m:02}/{d:02} {}:{:02}:{:02}", t.hour, t.minute, t.second);
        if let Some(zone) = &hand.time_zone_abbreviation {
            let _ = write!(line, " {zone}");
        }
    }
    line
}

/// `Table 'NAME'[ N-max][ (Play Money)][ Seat #B is the button]`.
fn table_line(hand: &Hand, seats: &[i64], button: i64) -> String {
    let n = seats.len();
    let table = match &hand.table {
        Some(t) => t.to_string(),
        None => "PHH".to_owned(),
    };
    // Old logs have no `N-max`: a hand read from one (it has the button seat the site wrote) is
    // written without one, and so is a stud hand without a seat count (stud has no button to tell
    // where it came from: FINDINGS F39); another hand from elsewhere gets the highest seat.
    let highest = seats.iter().copied().max().unwrap_or(0).max(i64::try_from(n).unwrap_or(0));
    let from_site = user_int(hand, "_button_seat").is_some();
    let max = match hand.seat_count {
        Some(count) => format!(" {count}-max"),
        None if from_site || hand.variant.is_stud() => String::new(),
        None => format!(" {highest}-max"),
    };
    let play = if hand.user_fields.iter().any(|f| f.key == "_play_money") { " (Play Money)" } else { "" };
    if hand.variant.is_stud() {
        format!("Table '{table}'{max}{play}")
    } else {
        format!("Table '{table}'{max}{play} Seat #{button} is the button")
    }
}

/// The ante of a 6+ hold'em button-blind hand: a short-deck hand whose one blind is the button's
/// (the last player's), with antes.
pub(super) fn button_blind(hand: &Hand) -> Option<Amount> {
    let blinds = hand.blinds_or_straddles.as_ref()?;
    let (last, others) = blinds.split_last()?;
    (hand.variant == Variant::NoLimitShortDeckHoldem
        && blinds.len() > 2
        && !last.is_zero()
        && !last.is_negative()
        && others.iter().all(|b| b.is_zero()))
    .then(|| hand.antes.iter().copied().max().unwrap_or(Amount::ZERO))
}

/// The header's stakes: small and big bet in fixed-limit games, small and big blind otherwise.
fn stakes(hand: &Hand) -> (Amount, Amount) {
    if hand.variant.uses_small_big_bets()
        && hand.variant != Variant::FixedLimitOmahaHoldemHighLowSplitEightOrBetter
        || hand.small_bet.is_some()
    {
        return (hand.small_bet.unwrap_or(Amount::ZERO), hand.big_bet.unwrap_or(Amount::ZERO));
    }
    let blinds = hand.blinds_or_straddles.clone().unwrap_or_default();
    let mut nonzero: Vec<Amount> = blinds.into_iter().filter(|b| !b.is_zero()).collect();
    nonzero.sort();
    let big = hand.min_bet.or_else(|| nonzero.last().copied()).unwrap_or(Amount::ZERO);
    let small = nonzero.first().copied().filter(|s| *s < big).unwrap_or(big);
    (small, big)
}
