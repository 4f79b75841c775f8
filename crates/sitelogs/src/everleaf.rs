//! Everleaf Gaming hand histories (`Everleaf Gaming Game #N`, its skins' `Everleaf Gaming -
//! Concord Gaming - Game #N`, and Partouche Poker's French `*** Historique des Mains pour la partie
//! N ***`): [`Reader`] imports them to PHH hands, one [`Record`] per hand, each replayed and
//! checked against the stacks and payouts the log states.
//!
//! The layout is the one 888 writes (chips added in brackets, no uncalled bet and no rake written,
//! cards with commas), so each line is rewritten in 888's words and read by the 888 importer
//! ([`crate::pacific`]): `NAME: posts small blind [$ 0.01 USD]` (a colon after some names),
//! amounts with a currency word (`USD`, `EUR`, `EURO`) and the euro sometimes written `ˆ` (its
//! Windows-1252 byte read in the wrong code page), `NAME wins $ 0.13 USD from main pot with ...`
//! (its hand's description wrapped onto the next line), and `NAME wins  high ($ 0.95 USD)` /
//! `wins  low ($0.47)` for a split pot. Stakes are the blinds in no-limit and pot-limit games
//! (`Blinds $0.01/$0.02 NL Hold'em`) and the bets in fixed-limit ones (`$0.50/$1 Omaha Hi/Lo`).
//!
//! Refused per hand with a code: pot-limit Omaha hi/lo (no PHH variant), and 7-card stud, which
//! PHH expresses but whose Everleaf text this version does not read
//! ([`SITE_GAME_NOT_READ`](crate::codes::SITE_GAME_NOT_READ)).
//!
//! ```
//! let log = "\
//! Everleaf Gaming Game #355196915
//! ***** Hand history for game #355196915 *****
//! Blinds $0.25/$0.50 NL Hold'em - 2012/02/09 - 22:09:43
//! Table Budapest
//! Seat 1 is the button
//! Total number of players: 2
//! Seat 1: Ann (  $ 50 USD )
//! Seat 2: Bob (  $ 50 USD )
//! Ann: posts small blind [$ 0.25 USD]
//! Bob: posts big blind [$ 0.50 USD]
//! ** Dealing down cards **
//! Ann raises [$ 1.25 USD]
//! Bob folds
//! Ann does not show cards
//! Ann wins $ 1 USD from main pot
//! ";
//! let record = sitelogs::everleaf::Reader::from_str(log, sitelogs::Options::default()).next().unwrap();
//! let hand = record.hand.unwrap();
//! assert_eq!(hand.venue.as_deref(), Some("Everleaf"));
//! assert_eq!(hand.finishing_stacks.unwrap()[1].to_string(), "50.50");
//! ```

use cards_core::{Amount, Span};

use crate::relay::{Draft, TextReader, TextSite};
use crate::text::Line;
use crate::{Options, Record, codes, money};

/// Streams the hands of an Everleaf log.
pub type Reader<R> = TextReader<R, Everleaf>;

/// Everleaf's text, for [`TextReader`].
#[derive(Debug)]
pub struct Everleaf;

impl TextSite for Everleaf {
    const VENUE: &'static str = "Everleaf";

    fn is_header(line: &str) -> bool {
        let line = line.trim_start_matches('\u{feff}').trim();
        (line.starts_with("Everleaf Gaming") && line.contains("Game #"))
            || line == "Partouche Poker Gibraltar"
    }

    fn import(lines: &[Line], whole: Span, options: &Options) -> Record {
        let mut draft = Draft::default();
        let id = lines.iter().take(3).find_map(|l| hand_number(&l.text)).unwrap_or_default();
        if let Some(rewritten) = rewrite(lines, &mut draft) {
            crate::pacific::import(&rewritten, &mut draft, options, &id, "Everleaf");
        }
        draft.finish(whole, options, Self::VENUE)
    }
}

/// Whether the start of a file (decoded text) is an Everleaf log: a line opening a hand
/// (`Everleaf Gaming Game #N`) or its `***** Hand history for game #N *****` line.
#[must_use]
pub fn detect(head: &str) -> bool {
    head.lines().take(60).any(|l| {
        let l = l.trim_start_matches('\u{feff}').trim();
        (l.starts_with("Everleaf Gaming") && l.contains("Game #"))
            || (l.starts_with("***** Hand history for game #") && hand_number(l).is_some())
            || l.starts_with("*** Historique des Mains pour la partie ")
    })
}

/// The hand number of a header line (`Game #190070009`, `game #N`, `la partie N`).
fn hand_number(line: &str) -> Option<String> {
    let at = line.find("ame #").map(|i| i + 5).or_else(|| line.find("la partie ").map(|i| i + 10))?;
    let digits: String = line[at..].chars().take_while(char::is_ascii_digit).collect();
    (!digits.is_empty()).then_some(digits)
}

/// A line's text with the currency words dropped and a mis-decoded euro (`ˆ`) restored.
fn clean(text: &str) -> String {
    let mut text = text.replace('ˆ', "€");
    for word in [" EURO", " EUR", " USD"] {
        for end in ["]", ")", " "] {
            text = text.replace(&format!("{word}{end}"), end);
        }
        if let Some(stripped) = text.strip_suffix(word) {
            text = stripped.to_owned();
        }
    }
    text
}

/// `Blinds $0.01/$0.02 NL Hold'em - [4 Max - ]2010/08/03 - 17:00:00` in 888's words:
/// `$0.01/$0.02 Blinds No Limit Holdem - *** 03 08 2010 17:00:00`. `Err` is why not.
fn game_line(text: &str) -> Result<String, (&'static str, String)> {
    let text = clean(text).replace("/ ", "/");
    let body = text.trim().strip_prefix("Blinds").unwrap_or(text.trim()).trim();
    let (game, when) = body.split_once(" - ").ok_or((codes::SITE_BAD_HEADER, "no date".to_owned()))?;
    let (stakes, name) = game.split_once(' ').ok_or((codes::SITE_BAD_HEADER, "no game".to_owned()))?;
    let (limit, name) = match name.split_once(' ') {
        Some(("NL", n)) => ("No Limit", n),
        Some(("PL", n)) => ("Pot Limit", n),
        Some(("FL", n)) => ("Fix Limit", n),
        _ => ("Fix Limit", name),
    };
    let name = match name.trim() {
        "Hold'em" | "Holdem" => "Holdem",
        "Omaha" => "Omaha",
        "Omaha Hi/Lo" => "Omaha Hi/Lo",
        other if other.contains("Stud") || other.contains("Razz") => {
            return Err((
                codes::SITE_GAME_NOT_READ,
                format!("Everleaf's {other} is a game PHH expresses, but its Everleaf text is not read"),
            ));
        }
        other => {
            return Err((codes::SITE_GAME_UNSUPPORTED, format!("PHH has no variant for Everleaf's {other}")));
        }
    };
    let symbol: String = stakes.chars().filter(|c| money::SYMBOLS.contains(c)).take(1).collect();
    let (small, big) =
        stakes.split_once('/').ok_or((codes::SITE_BAD_HEADER, format!("unreadable stakes `{stakes}`")))?;
    let parse = |t: &str| {
        crate::winamax::amount(t).ok_or((codes::SITE_BAD_HEADER, format!("unreadable stakes `{stakes}`")))
    };
    let (small, big) = (parse(small)?, parse(big)?);
    // Fixed limit: the bets are written; 888's form writes the blinds (half the small bet, the
    // small bet).
    let (small, big) = if limit == "Fix Limit" {
        let half = "0.5"
            .parse::<Amount>()
            .ok()
            .and_then(|h| small.checked_mul(h).ok())
            .map(Amount::normalize)
            .ok_or((codes::SITE_BAD_HEADER, stakes.to_owned()))?;
        (half, small)
    } else {
        (small, big)
    };
    // The date: the last `YYYY/MM/DD - HH:MM:SS` of the line.
    let words: Vec<&str> = when.split([' ', '-']).filter(|w| !w.is_empty()).collect();
    let date = words.iter().position(|w| w.len() == 10 && w.as_bytes()[4] == b'/').and_then(|i| {
        let mut d = words[i].split('/');
        let (y, m, dd) = (d.next()?, d.next()?, d.next()?);
        Some(format!("{dd} {m} {y} {}", words.get(i + 1)?))
    });
    Ok(format!("{symbol}{small}/{symbol}{big} Blinds {limit} {name} - *** {}", date.unwrap_or_default()))
}

/// The hand's lines in 888's words; `None` (the draft refused) when it cannot be.
fn rewrite(lines: &[Line], draft: &mut Draft) -> Option<Vec<Line>> {
    let mut out = vec![lines[0].clone()];
    let mut rest = lines[1..].iter().filter(|l| !l.text.trim().is_empty()).peekable();
    // Partouche's French title and Everleaf's `***** Hand history for game #N *****`.
    while rest.peek().is_some_and(|l| l.text.trim_start().starts_with("***")) {
        rest.next();
    }
    let Some(game) = rest.next() else {
        draft.refuse(codes::SITE_INCOMPLETE, "the hand ends after its header", lines[0].span);
        return None;
    };
    match game_line(&game.text) {
        Ok(text) => out.push(Line { text, span: game.span }),
        Err((code, message)) => {
            draft.refuse(code, message, game.span);
            return None;
        }
    }
    let mut names: Vec<String> = Vec::new();
    let mut after_wins = false;
    for line in rest {
        let text = clean(line.text.trim());
        let span = line.span;
        if let Some(seat) = text.strip_prefix("Seat ").and_then(|s| s.split_once(": "))
            && let Some(open) = seat.1.rfind(" (")
        {
            names.push(seat.1[..open].to_owned());
            // 888's seat: `Seat 1: NAME ( $0.98 )`.
            let inside = seat.1[open + 2..].trim_end_matches(')');
            out.push(Line { text: format!("Seat {}: {} ( {} )", seat.0, &seat.1[..open], inside), span });
            after_wins = false;
            continue;
        }
        let named = names
            .iter()
            .filter(|n| text.starts_with(n.as_str()) && text[n.len()..].starts_with([' ', ':']))
            .max_by_key(|n| n.len());
        let Some(name) = named else {
            // A hand's description wrapped after `wins ... with two pairs, jacks and`.
            if after_wins && !text.starts_with("**") {
                continue;
            }
            after_wins = false;
            if text.contains("déconnecté")
                || text.contains("has disconnected")
                || text.contains("has been given")
            {
                continue;
            }
            out.push(Line { text, span });
            continue;
        };
        let action = text[name.len()..].trim_start_matches(':').trim();
        after_wins = false;
        if let Some(won) = action.strip_prefix("wins") {
            // `wins $ 0.13 from main pot with ...`, `wins  high ($ 0.95) from main pot`.
            let won = won.trim();
            let won = won.strip_prefix("high").or_else(|| won.strip_prefix("low")).unwrap_or(won).trim();
            let amount = won.trim_start_matches('(').split([')', 'f']).next().unwrap_or_default().trim();
            out.push(Line { text: format!("{name} collected [ {amount} ]"), span });
            after_wins = true;
        } else if action.starts_with("does not show")
            || action.starts_with("is sitting out")
            || action.contains("déconnecté")
            || action.contains("disconnected")
        {
        } else {
            out.push(Line { text: format!("{name} {action}"), span });
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_lines() {
        assert_eq!(
            game_line("Blinds $0.01/$0.02 NL Hold'em - 2010/08/03 - 17:00:00").unwrap(),
            "$0.01/$0.02 Blinds No Limit Holdem - *** 03 08 2010 17:00:00"
        );
        assert_eq!(
            game_line("Blinds €0.10/€0.20 NL Hold'em - 4 Max - 2012/09/01 - 22:44:57").unwrap(),
            "€0.10/€0.20 Blinds No Limit Holdem - *** 01 09 2012 22:44:57"
        );
        assert_eq!(
            game_line("$0.50/$1 Omaha Hi/Lo - 2010/03/01 - 11:00:02").unwrap(),
            "$0.25/$0.50 Blinds Fix Limit Omaha Hi/Lo - *** 01 03 2010 11:00:02"
        );
        assert_eq!(
            game_line("$0.05/$0.10 7 Card Stud - 2011/07/01 - 11:00:02").unwrap_err().0,
            codes::SITE_GAME_NOT_READ
        );
    }

    #[test]
    fn detection() {
        assert!(detect("Everleaf Gaming Game #190070009\n***** Hand history for game #190070009 *****\n"));
        assert!(detect("Partouche Poker Gibraltar\n*** Historique des Mains pour la partie 25324991 ***\n"));
        assert!(!detect("***** Hand History for Game 13549974403 *****\n"));
    }
}
