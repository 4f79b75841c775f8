//! GGPoker hand histories (`Poker Hand #HD...:`, the text GGPoker's client exports and trackers
//! read): [`Reader`] imports them to PHH hands, one [`Record`](crate::Record) per hand, each
//! replayed and checked against the stacks the log states.
//!
//! The text is PokerStars' with GGPoker's own words, read here: `straddle $2`, a summary that
//! adds Jackpot, Bingo, Fortune and Tax to the rake, tournament levels written `Level10(100/200(25))`,
//! `PLO` for pot-limit Omaha, and cards dealt to every seat with the others' left blank, `Bet & Muck` (a bet, then a muck if
//! called). Refused per
//! hand, each with a code: EV cash-out and all-in insurance (`Chooses to EV Cashout`, `Pays Cashout
//! Risk`, `Receives Cashout`: the player's payout is not the pot's), Cash Drop (`Cash Drop to Pot`:
//! house money in the pot), missed blinds posted dead, run it twice or three times (as the
//! PokerStars importer decides), and the games PHH cannot express (5- and 6-card Omaha, short
//! deck with its button blind, Omaha hi/lo pot-limit).
//!
//! ```
//! let log = "\
//! Poker Hand #HD1: Hold'em No Limit ($0.5/$1) - 2020/01/12 11:17:37
//! Table 'NLHGold3' 6-max Seat #2 is the button
//! Seat 1: Ann ($50 in chips)
//! Seat 2: Bob ($20 in chips)
//! Bob: posts small blind $0.5
//! Ann: posts big blind $1
//! *** HOLE CARDS ***
//! Dealt to Ann
//! Dealt to Bob [Ah Kh]
//! Bob: raises $2 to $3
//! Ann: folds
//! Uncalled bet ($2) returned to Bob
//! *** SHOWDOWN ***
//! Bob collected $2 from pot
//! *** SUMMARY ***
//! Total pot $2 | Rake $0 | Jackpot $0 | Bingo $0 | Fortune $0 | Tax $0
//! ";
//! let record = sitelogs::ggpoker::Reader::from_str(log, sitelogs::Options::default()).next().unwrap();
//! let hand = record.hand.unwrap();
//! assert_eq!(hand.venue.as_deref(), Some("GGPoker"));
//! assert_eq!(hand.finishing_stacks.unwrap()[1].to_string(), "21.0");
//! ```

use cards_core::{Amount, Span};

use crate::relay::{Draft, Relay, StarsHeader, TextReader, TextSite};
use crate::text::Line;
use crate::{Options, codes, money};

/// Streams the hands of a GGPoker log.
pub type Reader<R> = TextReader<R, GgPoker>;

/// GGPoker's text, for [`TextReader`].
#[derive(Debug)]
pub struct GgPoker;

impl TextSite for GgPoker {
    const VENUE: &'static str = "GGPoker";

    fn is_header(line: &str) -> bool {
        let line = line.trim_start_matches('\u{feff}');
        line.starts_with("Poker Hand #") && line.contains(':')
    }

    /// Whether a file's start (decoded text) is a GGPoker log: a `Poker Hand #<letters><digits>:`
    /// header among its first lines (the letters name the game, `HD`, `RC`, ...; exports of GG's own
    /// tools write the number alone).
    fn detect(head: &str) -> bool {
        crate::text::first_lines(head, 40).any(|line| {
            line.strip_prefix("Poker Hand #").is_some_and(|id| {
                let digits = id.trim_start_matches(|c: char| c.is_ascii_uppercase());
                let after = digits.trim_start_matches(|c: char| c.is_ascii_digit());
                after.len() < digits.len() && after.starts_with(':')
            })
        })
    }
}

impl Relay for GgPoker {
    fn read(lines: &[Line], draft: &mut Draft, _options: &Options) {
        let first = &lines[0];
        match header(first.text.trim_start_matches('\u{feff}').trim_end()) {
            Ok(line) => draft.push(line, first.span),
            Err(Refusal { code, message }) => return draft.refuse(code, message, first.span),
        }
        for line in &lines[1..] {
            body_line(draft, line.text.trim_end(), line.span);
        }
    }
}

struct Refusal {
    code: &'static str,
    message: String,
}

fn bad_header(message: impl Into<String>) -> Refusal {
    Refusal { code: codes::SITE_BAD_HEADER, message: message.into() }
}

/// The PokerStars name of a GGPoker game; the error names a game PHH cannot express.
fn game(name: &str) -> Result<&'static str, Refusal> {
    let name = name.split_whitespace().collect::<Vec<_>>().join(" ");
    Ok(match name.as_str() {
        "Hold'em No Limit" | "NLH" => "Hold'em No Limit",
        "Hold'em Limit" | "Hold'em Fixed Limit" => "Hold'em Limit",
        "PLO" | "Omaha Pot Limit" | "PLO Pot Limit" => "Omaha Pot Limit",
        "Omaha Hi/Lo Limit" => "Omaha Hi/Lo Limit",
        _ => {
            return Err(Refusal {
                code: codes::SITE_GAME_UNSUPPORTED,
                message: format!("PHH has no variant for GGPoker's {name}"),
            });
        }
    })
}

/// `Poker Hand #HD1: Hold'em No Limit ($0.5/$1) - 2020/01/12 11:17:37`, or a tournament's
/// `Poker Hand #TM1: Tournament #2, Name Hold'em No Limit - Level10(100/200(25)) - date`, in the
/// PokerStars form.
fn header(line: &str) -> Result<String, Refusal> {
    let rest = line.strip_prefix("Poker Hand #").ok_or_else(|| bad_header("no `Poker Hand #` header"))?;
    let (id, rest) = rest.split_once(':').ok_or_else(|| bad_header("no `:` after the hand number"))?;
    if id.is_empty() || !id.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return Err(bad_header(format!("unreadable hand number `{id}`")));
    }
    let (body, when) = match rest
        .rmatch_indices(" - ")
        .find(|(i, _)| rest[i + 3..].starts_with(|c: char| c.is_ascii_digit()))
    {
        Some((i, _)) => (&rest[..i], Some(&rest[i + 3..])),
        None => (rest, None),
    };
    let date = match when {
        Some(w) => {
            Some(crate::relay::iso_date(w).ok_or_else(|| bad_header(format!("unreadable date `{w}`")))?)
        }
        None => None,
    };
    let body = body.trim();
    let stakes_text;
    let game_text;
    let mut level_number = None;
    let mut event = None;
    if let Some((before, level)) = body.rsplit_once(" - Level") {
        // `Level10(100/200(25))` or `Level 10 (100/200)`: the ante comes from its posts.
        let level = level.trim();
        let digits: String = level.chars().take_while(char::is_ascii_digit).collect();
        level_number = digits.parse().ok();
        let open = level.find('(').ok_or_else(|| bad_header(format!("no blinds in `Level{level}`")))?;
        stakes_text = level[open + 1..].split(['(', ')']).next().unwrap_or_default();
        let known = ["Hold'em No Limit", "Hold'em Limit", "PLO", "Omaha Pot Limit", "Omaha Hi/Lo Limit"];
        let before = before.trim();
        let at = known.iter().filter_map(|k| before.rfind(k)).min();
        let (tournament, name) = match at {
            Some(i) => (before[..i].trim(), &before[i..]),
            None => before.rsplit_once(", ").map_or(("", before), |(e, g)| (e, g)),
        };
        if !tournament.is_empty() {
            event = Some(tournament.trim_end_matches(',').to_owned());
        }
        game_text = name;
    } else {
        let open = body.rfind('(').ok_or_else(|| bad_header("no stakes in the header"))?;
        stakes_text = body[open + 1..].trim_end_matches(')');
        game_text = body[..open].trim();
    }
    let game = game(game_text)?;
    let (small, big) = stakes_text
        .split_whitespace()
        .next()
        .and_then(|s| s.split_once('/'))
        .ok_or_else(|| bad_header(format!("unreadable stakes `{stakes_text}`")))?;
    let symbol = money::symbol_of(small);
    let parse =
        |s: &str| money::parse(s).ok_or_else(|| bad_header(format!("unreadable stakes `{stakes_text}`")));
    let out = StarsHeader::new("GGPoker", id, game, Some((parse(small)?, parse(big)?)))
        .level(level_number)
        .event(event)
        .money(symbol, (symbol == Some('$')).then_some("USD"))
        .date(date, None);
    Ok(out.line())
}

/// One line after the header, in the PokerStars form (most lines are already).
fn body_line(draft: &mut Draft, text: &str, span: Span) {
    if text.starts_with("Cash Drop") {
        draft.refuse(
            codes::SITE_CASH_DROP,
            "a Cash Drop: the house added money to the pot, which PHH cannot record",
            span,
        );
        return;
    }
    if let Some(rest) = text.strip_prefix("Total pot ") {
        // `Total pot $2 | Rake $0.1 | Jackpot $0.05 | Bingo $0 | Fortune $0 | Tax $0`: every fee
        // after the pot leaves it.
        let mut parts = rest.split(" | ");
        let pot = parts.next().unwrap_or_default();
        let mut fees = Amount::ZERO;
        for part in parts {
            let amount = part.rsplit(' ').next().and_then(money::parse);
            match amount {
                Some(a) => fees = money::plus(fees, a),
                None => draft.refuse(codes::SITE_BAD_AMOUNT, format!("unreadable fee `{part}`"), span),
            }
        }
        draft.push(format!("Total pot {pot} | Rake {fees}"), span);
        return;
    }
    if let Some((name, action)) = text.split_once(": ").filter(|_| !text.starts_with("Seat ")) {
        let action = action.trim();
        // `Bet & Muck`: a bet whose player mucks if called (GGPoker's button for it).
        if let Some(amount) = action.strip_prefix("Bet & Muck ") {
            if amount == "folds" {
                draft.push(format!("{name}: mucks hand"), span);
            } else {
                draft.push(format!("{name}: bets {amount}"), span);
            }
            return;
        }
        if action.contains("Cashout") {
            draft.refuse(
                codes::SITE_CASH_OUT,
                format!("{name} took GGPoker's EV cash-out: the payout is not the pot's (`{action}`)"),
                span,
            );
            return;
        }
        if action.starts_with("posts missed blind") || action.starts_with("posts dead") {
            draft.refuse(
                codes::SITE_DEAD_BLIND,
                "a missed blind posted dead: PHH has no dead money besides antes",
                span,
            );
            return;
        }
        if let Some(amount) = action.strip_prefix("straddle ") {
            draft.push(format!("{name}: posts straddle {amount}"), span);
            return;
        }
    }
    draft.push(text, span);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers() {
        let h = |s: &str| header(s).map_err(|r| r.message);
        assert_eq!(
            h("Poker Hand #HD1587634: Hold'em No Limit  ($0.5/$1) - 2018/11/11 22:08:11").unwrap(),
            "GGPoker Hand #HD1587634: Hold'em No Limit ($0.5/$1 USD) - 2018/11/11 22:08:11"
        );
        assert_eq!(
            h("Poker Hand #OM2: PLO ($0.05/$0.1) - 2023/11/01 17:53:18").unwrap(),
            "GGPoker Hand #OM2: Omaha Pot Limit ($0.05/$0.1 USD) - 2023/11/01 17:53:18"
        );
        assert_eq!(
            h("Poker Hand #TM3: Tournament #99, Bounty Hunters $10 Hold'em No Limit - Level10(1,000/2,000(250)) - 2021/05/06 07:08:09").unwrap(),
            "GGPoker Hand #TM3: Tournament #99, Bounty Hunters $10 Hold'em No Limit - Level X (1000/2000) - 2021/05/06 7:08:09"
        );
        assert!(
            h("Poker Hand #HD4: PLO-5 ($0.05/$0.1) - 2023/11/01 17:53:18").unwrap_err().contains("PLO-5")
        );
    }
}
