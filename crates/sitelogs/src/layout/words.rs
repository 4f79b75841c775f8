//! The words of a line: amounts, cards in brackets, a seated player's name, the summary's
//! phrases, and what an action line says ([`action_event`]).

use cards_core::{Amount, Card};

use super::model::{Event, Post, Seat};
use crate::{codes, money};

/// Reads `[Ah Kd]` groups from the text.
pub(super) fn card_groups(text: &str) -> Option<Vec<Vec<Card>>> {
    let mut groups = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('[') {
        let close = rest[open..].find(']')? + open;
        let inner = &rest[open + 1..close];
        let mut cards = Vec::new();
        for word in inner.split_whitespace() {
            // BetOnline's network writes tens as `10` (`10c`).
            let card = match word.strip_prefix("10") {
                Some(suit) if suit.len() == 1 => poker_engine::card_text::parse_card(&format!("T{suit}")),
                _ => poker_engine::card_text::parse_card(word),
            };
            cards.push(card.ok()?);
        }
        groups.push(cards);
        rest = &rest[close + 1..];
    }
    Some(groups)
}

/// The amount at the start of `text` (up to the first space).
pub(super) fn lead_amount(text: &str) -> Option<Amount> {
    money::parse(text.split_whitespace().next()?)
}

/// The seat whose name `line` starts with followed by `sep` (the longest such name).
pub(super) fn name_prefix<'l>(seats: &[Seat], line: &'l str, sep: &str) -> Option<(usize, &'l str)> {
    seats
        .iter()
        .enumerate()
        .filter(|(_, s)| line.starts_with(s.name.as_str()) && line[s.name.len()..].starts_with(sep))
        .max_by_key(|(_, s)| s.name.len())
        .map(|(i, s)| (i, &line[s.name.len() + sep.len()..]))
}

/// The seat whose name `line` ends with (after `prefix`).
pub(super) fn name_suffix(seats: &[Seat], name: &str) -> Option<usize> {
    let name = name.trim();
    seats.iter().position(|s| s.name == name)
}

/// Lines that carry nothing for the hand's play (chat, table traffic, tournament results).
pub(super) fn is_chatter(rest: &str) -> bool {
    const PHRASES: &[&str] = &[
        " said, \"",
        // BetOnline and the other sites of its network (Gear Poker, ActionPoker).
        " said \"",
        " has left the table",
        " is disconnected",
        " is connected",
        " has timed out",
        " leaves the table",
        " joins the table",
        " will be allowed to play after the button",
        " sits out",
        " is sitting out",
        " has returned",
        " was removed from the table",
        " finished the tournament",
        " wins the tournament",
        " re-buys",
        " takes the add-on",
        " is feeling",
        " has reconnected",
        " wins a ",
        " wins the $",
        " wins an entry",
        " wins $",
        " has been disconnected",
        "No low hand qualified",
        "Betting is capped",
        "The deck is reshuffled",
        " sits down",
        " stands up",
        // A home game's cash table: money a player adds between hands.
        "Table deposit",
        " moved from seat ",
        " moves to seat ",
        " changed seats",
        " has timed out while",
    ];
    PHRASES.iter().any(|p| rest.contains(p))
}

/// What a summary line says the player won when the site kept the pot because they cashed out:
/// `Seat 2: NAME showed [..] and won ($38.95) with ... (pot not awarded as player cashed out)`.
pub(super) fn unawarded(line: &str) -> Option<Amount> {
    if !line.contains("(pot not awarded") {
        return None;
    }
    let (_, won) = line.split_once(" won (")?;
    money::parse(won.split(')').next()?)
}

/// `Seat N: NAME [(button)] showed [cards] and ...` in the summary: the seat and the cards.
pub(super) fn summary_show(seats: &[Seat], line: &str) -> Option<(usize, Vec<Card>)> {
    let rest = line.strip_prefix("Seat ")?.split_once(": ")?.1;
    let (seat, after) = name_prefix(seats, rest, " ")?;
    let at = after.find("showed [")?;
    let cards = card_groups(&after[at..])?.into_iter().next()?;
    Some((seat, cards))
}

/// `Seat N: NAME [(button)] mucked [cards] ...` in the summary: the seat and the cards the player
/// mucked, which the log shows.
pub(super) fn summary_muck(seats: &[Seat], line: &str) -> Option<(usize, Vec<Card>)> {
    let rest = line.strip_prefix("Seat ")?.split_once(": ")?.1;
    let (seat, after) = name_prefix(seats, rest, " ")?;
    let at = after.find("mucked [")?;
    let cards = card_groups(&after[at..])?.into_iter().next()?;
    Some((seat, cards))
}

/// `Seat 5: NAME collected (1.25)`, `Seat 5: NAME showed [Jd 8s] and won (0.04)` (a position word
/// may follow the name): the seat and amount.
pub(super) fn summary_collected(seats: &[Seat], line: &str) -> Option<(usize, Amount)> {
    let rest = line.strip_prefix("Seat ")?.split_once(": ")?.1;
    let (seat, after) = name_prefix(seats, rest, " ")?;
    let (at, word) = ["collected (", "and won ("].iter().find_map(|w| after.find(w).map(|at| (at, *w)))?;
    let amount = lead_amount(after[at + word.len()..].split(')').next()?)?;
    Some((seat, amount))
}

/// `Seat N: NAME (STACK in chips)...`: the seat number, the name and the stack.
pub(super) fn parse_seat(line: &str) -> Option<(i64, String, Amount)> {
    let rest = line.strip_prefix("Seat ")?;
    let (number, rest) = rest.split_once(": ")?;
    let number = number.parse().ok()?;
    let chips = rest.rfind(" in chips")?;
    let open = rest[..chips].rfind(" (")?;
    let name = rest[..open].to_owned();
    let stack = money::parse(&rest[open + 2..chips])?;
    Some((number, name, stack))
}

/// Action text after `NAME: `.
pub(super) fn action_event(seat: usize, text: &str) -> Option<Result<Event, &'static str>> {
    let text = text.trim_end();
    let text = text.strip_suffix(" and is all-in").unwrap_or(text);
    let amount = |t: &str| lead_amount(t).ok_or(codes::SITE_BAD_AMOUNT);
    Some(match text {
        "folds" => Ok(Event::Fold { seat }),
        "checks" => Ok(Event::Check { seat }),
        "stands pat" => Ok(Event::StandPat { seat }),
        "mucks hand" => Ok(Event::Muck { seat }),
        "doesn't show hand" | "is sitting out" | "sits out" | "is away" | "has returned" => return None,
        _ => {
            if let Some(t) = text.strip_prefix("folds ") {
                // A folded hand shown (`folds [Ah Kd]`) is still a fold.
                let _ = t;
                Ok(Event::Fold { seat })
            } else if let Some(t) = text.strip_prefix("posts the ante ") {
                amount(t).map(|amount| Event::Ante { seat, amount })
            } else if let Some(t) = text.strip_prefix("ante processed ") {
                // BetOnline's network writes every seat's ante, 0.00 in games without one.
                match amount(t) {
                    Ok(amount) if amount.is_zero() => return None,
                    other => other.map(|amount| Event::Ante { seat, amount }),
                }
            } else if let Some(t) = text.strip_prefix("post now ") {
                // BetOnline's network: a big blind posted out of position to play at once (live).
                amount(t).map(|amount| Event::Blind { seat, amount, kind: Post::Big })
            } else if let Some((t, kind)) = [
                ("posts small & big blinds ", Post::SmallAndBig),
                ("posts small blind ", Post::Small),
                ("posts big blind ", Post::Big),
                ("posts button blind ", Post::Button),
                ("posts straddle ", Post::Straddle),
            ]
            .iter()
            .find_map(|(prefix, kind)| text.strip_prefix(prefix).map(|t| (t, *kind)))
            {
                amount(t).map(|amount| Event::Blind { seat, amount, kind })
            } else if let Some(t) = text.strip_prefix("brings in for ") {
                amount(t).map(|amount| Event::BringIn { seat, amount })
            } else if let Some(t) = text.strip_prefix("calls ") {
                amount(t).map(|amount| Event::Call { seat, amount })
            } else if let Some(t) = text.strip_prefix("bets ") {
                amount(t).map(|amount| Event::Bet { seat, amount })
            } else if let Some(t) = text.strip_prefix("raises ") {
                t.split_once(" to ")
                    .and_then(|(_, to)| lead_amount(to))
                    .map(|to| Event::RaiseTo { seat, to })
                    .ok_or(codes::SITE_BAD_AMOUNT)
            } else if let Some(t) =
                text.strip_prefix("completes it to ").or_else(|| text.strip_prefix("completes to "))
            {
                amount(t).map(|to| Event::RaiseTo { seat, to })
            } else if let Some(t) = text.strip_prefix("shows ") {
                // `shows []` names no card: no show PHH can write.
                match card_groups(t).map(|g| g.into_iter().flatten().collect::<Vec<_>>()) {
                    Some(cards) if !cards.is_empty() => Ok(Event::Show { seat, cards }),
                    _ => Err(codes::SITE_BAD_CARDS),
                }
            } else if text.starts_with("mucks hand") {
                Ok(Event::Muck { seat })
            } else if let Some(t) = text.strip_prefix("discards ") {
                discard(seat, t)
            } else if text.starts_with("stands pat on [") {
                Ok(Event::StandPat { seat })
            } else if let Some(t) = text.strip_prefix("cashed out the hand for ") {
                amount(t).map(|amount| Event::CashOut { seat, amount })
            } else if is_chatter(&format!(" {text}")) {
                return None;
            } else {
                Err(codes::SITE_UNKNOWN_LINE)
            }
        }
    })
}

/// `N card[s] [cards]` after `discards `: the count, and the cards when the log names them all
/// (`[]` or a bracket of another size names none).
fn discard(seat: usize, text: &str) -> Result<Event, &'static str> {
    let (count, rest) = text.split_once(' ').ok_or(codes::SITE_BAD_CARDS)?;
    let count: usize = count.parse().map_err(|_| codes::SITE_BAD_CARDS)?;
    if !(rest.starts_with("card ") || rest.starts_with("cards ") || rest == "card" || rest == "cards") {
        return Err(codes::SITE_BAD_CARDS);
    }
    let groups = card_groups(rest).ok_or(codes::SITE_BAD_CARDS)?;
    let cards = groups.into_iter().next().filter(|c| c.len() == count).unwrap_or_default();
    Ok(Event::Discard { seat, count, cards })
}

/// Whether `name` stands in `text` as a word of its own (not inside a longer word).
pub(super) fn names_word(text: &str, name: &str) -> bool {
    let word_char = |c: Option<char>| c.is_some_and(char::is_alphanumeric);
    !name.is_empty()
        && text.match_indices(name).any(|(at, _)| {
            !word_char(text[..at].chars().next_back()) && !word_char(text[at + name.len()..].chars().next())
        })
}
