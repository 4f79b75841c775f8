//! Ignition, Bovada and Bodog hand histories (`Ignition Hand #N ...`): [`Reader`] imports them to
//! PHH hands, one [`Record`](crate::Record) per hand, each replayed and checked against the
//! stacks the log states.
//!
//! These sites are anonymous: a player is named by their position in the hand (`Dealer`,
//! `Small Blind`, `UTG+1`), the log's own player (`[ME]`) marked; the names are kept as written,
//! without the mark. Every player's hole cards are in the log (`Card dealt to a spot`). Amounts
//! are the chips added (`Call 600`, `All-in 8369`) or the total raised to (`Raises $2 to $3`,
//! `All-in(raise) 9750 to 9950`); uncalled bets are returned (`Return uncalled portion of bet`),
//! except the big blind's in a walk, which `Hand result` counts (the import returns it);
//! no rake is written (the summary's `Rake` is not always there, nor its `Total Pot` the pot),
//! so it is what went in less what `Hand result` pays out, and a hand paid short of its pot by
//! more than a rake (at all in a tournament) is refused (`SITE_PAYOUT_SHORT`). Cash (with the
//! stakes read from the blinds posted) and Zone Poker, tournaments (`Level 7 (100/200)`, antes;
//! a tournament header names no betting structure, and Ignition's are no-limit). Tournament seat
//! numbers that are not seats (`Seat 240:`) are replaced by the order the seats are listed in.
//! Refused per hand with a code: a post by a player entering (`Posts chip`), a dead post, and
//! the games PHH cannot express (pot-limit hold'em, pot-limit Omaha hi/lo).
//!
//! ```
//! let log = "\
//! Ignition Hand #3372762461  Zone Poker ID#875 HOLDEMZonePoker No Limit - 2016-10-16 13:55:35
//! Seat 1: Big Blind [ME] ($100 in chips)
//! Seat 2: Dealer ($47.30 in chips)
//! Dealer : Set dealer [2]
//! Dealer : Small Blind $0.50
//! Big Blind  [ME] : Big blind $1
//! *** HOLE CARDS ***
//! Big Blind  [ME] : Card dealt to a spot [Th 3c]
//! Dealer : Card dealt to a spot [2h 5d]
//! Dealer : Folds
//! Big Blind  [ME] : Return uncalled portion of bet $0.50
//! Big Blind  [ME] : Hand result $1
//! *** SUMMARY ***
//! Total Pot($1)
//! ";
//! let record = sitelogs::ignition::Reader::from_str(log, sitelogs::Options::default()).next().unwrap();
//! let hand = record.hand.unwrap();
//! assert_eq!(hand.players.as_ref().unwrap(), &["Big Blind", "Dealer"]);
//! assert_eq!(hand.finishing_stacks.unwrap()[0].to_string(), "100.50");
//! ```

use cards_core::{Amount, Span};

use crate::relay::{self, Draft, Relay, StarsHeader, Street, TextReader, TextSite};
use crate::text::Line;
use crate::{Options, codes, money};

/// Streams the hands of an Ignition (Bovada, Bodog) log.
pub type Reader<R> = TextReader<R, Ignition>;

/// Ignition's text, for [`TextReader`].
#[derive(Debug)]
pub struct Ignition;

const SITES: &[&str] = &["Ignition", "Bovada", "Bodog", "Bodog.eu", "Bodog.com", "Bodog UK"];

impl TextSite for Ignition {
    const VENUE: &'static str = "Ignition";

    fn is_header(line: &str) -> bool {
        split_header(line).is_some()
    }
}

impl Relay for Ignition {
    fn read(lines: &[Line], draft: &mut Draft, options: &Options) {
        if let Some((site, _, _)) = split_header(&lines[0].text) {
            draft.venue(site);
        }
        import(lines, draft, options);
    }
}

/// `Ignition Hand #N[:] rest`: the site, the hand number and the rest.
fn split_header(line: &str) -> Option<(&'static str, &str, &str)> {
    let line = line.trim_start_matches('\u{feff}');
    let site = SITES.iter().find(|s| line.starts_with(*s) && line[s.len()..].starts_with(" Hand #"))?;
    let rest = &line[site.len() + " Hand #".len()..];
    let end = rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len());
    (end > 0).then(|| (*site, &rest[..end], rest[end..].trim_start_matches(':').trim()))
}

/// What the header says.
#[derive(Debug, Default)]
struct Header {
    game: Option<&'static str>,
    written: String,
    fixed_limit: bool,
    table: String,
    event: Option<String>,
    level: Option<i64>,
    stakes: Option<(Amount, Amount)>,
    date: Option<(i64, i64, i64, u8, u8, u8)>,
}

/// `Zone Poker ID#875 HOLDEMZonePoker No Limit - 2016-10-16 13:55:35`,
/// `TBL#12345 OMAHA Pot Limit - date`, `HOLDEM Tournament #18094253 TBL#34, Normal- Level 7 (100/200) - date`.
fn header(rest: &str) -> Header {
    let mut out = Header::default();
    let (body, when) = match rest
        .rmatch_indices(" - ")
        .find(|(i, _)| rest[i + 3..].starts_with(|c: char| c.is_ascii_digit()))
    {
        Some((i, _)) => (&rest[..i], Some(&rest[i + 3..])),
        None => (rest, None),
    };
    out.date = when.and_then(relay::iso_date);
    let words: Vec<&str> = body.split_whitespace().collect();
    out.table = words
        .iter()
        .position(|w| w.starts_with("TBL#") || w.starts_with("ID#"))
        .map(|i| {
            let w = words[i].trim_end_matches(',');
            if w.starts_with("ID#") && i >= 2 {
                format!("{} {} {w}", words[i - 2], words[i - 1])
            } else {
                w.to_owned()
            }
        })
        .unwrap_or_default();
    let tournament = words.iter().position(|w| *w == "Tournament");
    if let Some(i) = tournament {
        out.event = words.get(i + 1).map(|id| format!("Tournament {}", id.trim_end_matches(',')));
    }
    if let Some((_, level)) = body.split_once("Level ") {
        out.level = level.split_whitespace().next().and_then(|l| l.parse().ok());
        let stakes = level.split_once('(').and_then(|(_, s)| s.split_once(')')).map(|(s, _)| s);
        out.stakes = stakes
            .and_then(|s| s.split_once('/'))
            .and_then(|(a, b)| Some((money::parse(a)?, money::parse(b)?)));
    }
    let family = words.iter().find_map(|w| {
        if w.starts_with("HOLDEM") {
            Some("HOLDEM")
        } else if w.starts_with("OMAHA") {
            Some("OMAHA")
        } else {
            None
        }
    });
    let hi_lo = body.contains("HiLo") || body.contains("Hi/Lo") || body.contains("Hi-Lo");
    let structure = if body.contains("No Limit") {
        "No Limit"
    } else if body.contains("Pot Limit") {
        "Pot Limit"
    } else if body.contains("Limit") {
        "Limit"
    } else if tournament.is_some() {
        "No Limit"
    } else {
        ""
    };
    out.fixed_limit = structure == "Limit";
    out.written =
        format!("{}{} {structure}", family.unwrap_or("an unnamed game"), if hi_lo { " HiLo" } else { "" });
    out.game = match (family, hi_lo, structure) {
        (Some("HOLDEM"), false, "No Limit") => Some("Hold'em No Limit"),
        (Some("HOLDEM"), false, "Limit") => Some("Hold'em Limit"),
        (Some("OMAHA"), false, "Pot Limit") => Some("Omaha Pot Limit"),
        (Some("OMAHA"), true, "Limit") => Some("Omaha Hi/Lo Limit"),
        _ => None,
    };
    out
}

/// A name as the seat lines give it: without the `[ME]` mark, spaces collapsed.
fn clean_name(name: &str) -> String {
    name.split_whitespace().filter(|w| *w != "[ME]").collect::<Vec<_>>().join(" ")
}

/// `Seat 1: Big Blind [ME] ($100 in chips)`.
fn seat(text: &str) -> Option<(i64, String, Amount)> {
    let rest = text.strip_prefix("Seat ")?;
    let (number, rest) = rest.split_once(": ")?;
    let chips = rest.rfind(" in chips)")?;
    let open = rest[..chips].rfind(" (")?;
    Some((number.trim().parse().ok()?, clean_name(&rest[..open]), money::parse(&rest[open + 2..chips])?))
}

/// Lines that carry nothing for the play.
const NOISE: &[&str] = &[
    "Set dealer",
    "Draw for dealer",
    "Leave(Auto)",
    "Enter(Auto)",
    "Ranking",
    "Stand",
    "Table enter user",
    "Table leave user",
    "Seat sit down",
    "Seat sit out",
    "Seat stand",
    "Seat re-join",
    "Sit out",
    "Sitout",
    "Table deposit",
    "Prize Cash",
    "Re-join",
    "Re-buy",
    "Add-on",
    "Chat",
];

fn import(lines: &[Line], draft: &mut Draft, options: &Options) {
    let first = &lines[0];
    let (_, id, rest) = split_header(&first.text).unwrap_or(("", "", ""));
    let head = header(rest);
    let Some(game) = head.game else {
        let message = format!("PHH has no variant for Ignition's {}", head.written);
        draft.refuse(codes::SITE_GAME_UNSUPPORTED, message, first.span);
        return;
    };
    let mut play = Play::default();
    for (text, span) in relay::said_lines(lines) {
        if text.starts_with("*** SUMMARY") {
            break;
        }
        play.line(draft, options, text, span);
    }
    let end = lines.last().map_or(first.span, |l| l.span);
    let Play { mut seats, mut body, mut street, big_blind, small_blind, .. } = play;
    if !street.paid() {
        draft.refuse(
            codes::SITE_INCOMPLETE,
            "the hand pays no one (no `Hand result` line): it is cut short",
            end,
        );
    }
    street.close(&mut body, end);
    street.collected(&mut body, true);
    draft.payout(&street, head.event.is_some());
    // Tournament seat numbers that are not seats: the listing order.
    if seats.windows(2).any(|w| w[0].0 >= w[1].0) {
        for (i, s) in seats.iter_mut().enumerate() {
            s.0 = i64::try_from(i + 1).unwrap_or(i64::MAX);
        }
    }
    let button = seats.iter().find(|s| s.1 == "Dealer").map(|s| s.0);
    let stakes = head.stakes.or_else(|| {
        let big = big_blind?;
        Some(if head.fixed_limit {
            (big, money::plus(big, big))
        } else {
            (small_blind.unwrap_or(Amount::ZERO), big)
        })
    });
    let symbol = lines.iter().any(|l| l.text.contains('$')).then_some('$');
    let stars = StarsHeader::new("Ignition", id, game, stakes)
        .event(head.event.clone())
        .level(head.level)
        .money(symbol, symbol.map(|_| "USD"))
        .date(head.date, None);
    draft.push(stars.line(), first.span);
    let table = if head.table.is_empty() { id.to_owned() } else { head.table.clone() };
    draft.push(relay::table_line(&table, None, button), first.span);
    relay::seats_play_summary(draft, &seats, body, (street.total, street.rake()), end);
}

/// A hand's play under way, line by line.
#[derive(Default)]
struct Play {
    seats: Vec<relay::Seat>,
    /// The play, in PokerStars' words.
    body: Vec<(String, Span)>,
    street: Street,
    /// The first big and small blinds posted.
    big_blind: Option<Amount>,
    small_blind: Option<Amount>,
    /// The hole cards dealt to each player (shown at the showdown).
    holes: Vec<(String, String)>,
}

impl Play {
    /// One line after the header (trimmed, not blank), before the summary.
    fn line(&mut self, draft: &mut Draft, options: &Options, text: &str, span: Span) {
        if let Some(s) = seat(text).filter(|_| self.body.is_empty()) {
            self.seats.push((s.0, s.1, s.2, span));
            return;
        }
        if let Some(marker) = text.strip_prefix("*** ") {
            if !marker.starts_with("HOLE CARDS") {
                self.street.close(&mut self.body, span);
            }
            self.body.push((text.to_owned(), span));
            return;
        }
        let Some((name, action)) = text.split_once(" : ") else {
            if !NOISE.iter().any(|n| text.starts_with(n)) {
                draft.unknown(options, text, span);
            }
            return;
        };
        let action = action.trim();
        let said = Said {
            name: clean_name(name),
            action,
            lower: action.to_ascii_lowercase(),
            amounts: action.split_whitespace().filter_map(money::parse).collect(),
            text,
            span,
        };
        let read = match self.post(draft, &said) {
            Some(post) => post,
            None => self.action(draft, options, &said),
        };
        if read.is_none() {
            draft.refuse(codes::SITE_BAD_AMOUNT, format!("unreadable amount in `{action}`"), span);
        }
    }

    /// A blind, an ante or a post: `None` when the line is none of them, `Some(None)` when its
    /// amount is unreadable.
    fn post(&mut self, draft: &mut Draft, said: &Said<'_>) -> Option<Option<()>> {
        let (name, lower, span) = (said.name.as_str(), said.lower.as_str(), said.span);
        let amount = said.amounts.first().copied();
        if lower.starts_with("small blind") {
            let Some(a) = amount else { return Some(None) };
            self.small_blind.get_or_insert(a);
            self.street.post(name, a);
            self.body.push((format!("{name}: posts small blind {a}"), span));
        } else if lower.starts_with("big blind") {
            let Some(a) = amount else { return Some(None) };
            if self.big_blind.is_some() {
                let message =
                    format!("{name} posts a second big blind: PHH's blinds also set who acts first");
                draft.refuse(codes::SITE_POST_OUT_OF_TURN, message, span);
            }
            self.big_blind.get_or_insert(a);
            self.street.post(name, a);
            self.body.push((format!("{name}: posts big blind {a}"), span));
        } else if lower.starts_with("posts dead chip") {
            draft.refuse(codes::SITE_DEAD_BLIND, "a dead post: PHH has no dead money besides antes", span);
        } else if lower.starts_with("posts chip") {
            let message = format!("{name} posts to enter the game: PHH's blinds also set who acts first");
            draft.refuse(codes::SITE_POST_OUT_OF_TURN, message, span);
        } else if lower.starts_with("ante chip") {
            let Some(a) = amount else { return Some(None) };
            self.street.dead(a);
            self.body.push((format!("{name}: posts the ante {a}"), span));
        } else {
            return None;
        }
        Some(Some(()))
    }

    /// A player's action other than a post; `None` when its amount is unreadable.
    fn action(&mut self, draft: &mut Draft, options: &Options, said: &Said<'_>) -> Option<()> {
        let (name, action, lower, span) = (said.name.as_str(), said.action, said.lower.as_str(), said.span);
        let amounts = &said.amounts;
        let amount = amounts.first().copied();
        let (street, body) = (&mut self.street, &mut self.body);
        if lower.starts_with("card dealt to a spot") {
            let cards = relay::bracket_cards(action).unwrap_or_default();
            body.push((format!("Dealt to {name} [{cards}]"), span));
            self.holes.push((name.to_owned(), cards));
        } else if lower.starts_with("fold") {
            body.push((format!("{name}: folds"), span));
        } else if lower.starts_with("check") {
            body.push((format!("{name}: checks"), span));
        } else if lower.starts_with("call") {
            let a = amount?;
            street.add(name, a);
            body.push((format!("{name}: calls {a}"), span));
        } else if lower.starts_with("bet") {
            let a = amount?;
            street.add(name, a);
            body.push((format!("{name}: bets {a}"), span));
        } else if lower.starts_with("raises") || lower.starts_with("all-in(raise)") {
            let to = *amounts.get(1)?;
            street.raise_to(name, to);
            body.push((format!("{name}: raises {to} to {to}"), span));
        } else if lower.starts_with("all-in") {
            let added = street.add(name, amount?);
            body.push((relay::added_text(name, &added), span));
        } else if lower.starts_with("return uncalled portion of bet") {
            let a = amount?;
            street.returned(name, a);
            body.push((format!("Uncalled bet ({a}) returned to {name}"), span));
        } else if lower.starts_with("showdown") {
            if let Some((_, cards)) = self.holes.iter().find(|(n, _)| *n == name) {
                body.push((format!("{name}: shows [{cards}]"), span));
            }
        } else if lower.starts_with("mucks") || lower.starts_with("does not show") {
            // `Mucks [Jh Jc] (One pair)`: cards the log shows.
            if let Some(cards) = relay::bracket_cards(action).filter(|c| !c.is_empty()) {
                draft.mucked(name, &[cards], span);
            }
            body.push((format!("{name}: mucks hand"), span));
        } else if lower.starts_with("hand result") {
            let a = amount.or_else(|| action.rsplit([' ', '-']).next().and_then(money::parse))?;
            street.win(name, a, span);
        } else if !NOISE.iter().any(|n| action.starts_with(n)) {
            draft.unknown(options, said.text, span);
        }
        Some(())
    }
}

/// A player's line `NAME : action`.
struct Said<'t> {
    name: String,
    /// The action as written, and in lower case.
    action: &'t str,
    lower: String,
    /// The amounts in the action.
    amounts: Vec<Amount>,
    /// The whole line, and where it is.
    text: &'t str,
    span: Span,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers() {
        let (site, id, rest) =
            split_header("Ignition Hand #3549249421: HOLDEM Tournament #18094253 TBL#34, Normal- Level 7 (100/200) - 2017-07-23 21:42:38")
                .unwrap();
        assert_eq!((site, id), ("Ignition", "3549249421"));
        let h = header(rest);
        assert_eq!(h.game, Some("Hold'em No Limit"));
        assert_eq!(h.event.as_deref(), Some("Tournament #18094253"));
        assert_eq!((h.level, h.table.as_str()), (Some(7), "TBL#34"));
        let (_, _, rest) =
            split_header("Bovada Hand #1 TBL#2 OMAHA HiLo Pot Limit - 2016-01-01 00:00:00").unwrap();
        assert_eq!(header(rest).written, "OMAHA HiLo Pot Limit");
        assert_eq!(clean_name("Big Blind  [ME]"), "Big Blind");
    }

    fn error_codes(log: &str) -> Vec<&'static str> {
        let record = Reader::from_str(log, Options::default()).next().unwrap();
        assert_eq!(record.hand.is_some(), !record.has_error());
        record.diagnostics.iter().filter(|d| d.is_error()).map(cards_core::Diagnostic::code).collect()
    }

    /// A payout short of the pot by more than a rake (at all in a tournament) is refused
    /// (FINDINGS F30: a `Hand result` line lost leaves winnings the replay contradicts).
    #[test]
    fn a_payout_short_of_the_pot_is_refused() {
        let cash = "\
Ignition Hand #3372762461  Zone Poker ID#875 HOLDEMZonePoker No Limit - 2016-10-16 13:55:35
Seat 1: Big Blind [ME] ($100 in chips)
Seat 2: Dealer ($47.30 in chips)
Dealer : Set dealer [2]
Dealer : Small Blind $0.50
Big Blind  [ME] : Big blind $1
*** HOLE CARDS ***
Big Blind  [ME] : Card dealt to a spot [Th 3c]
Dealer : Card dealt to a spot [2h 5d]
Dealer : Call $0.50
Big Blind  [ME] : Check
*** FLOP *** [2s 7d 9c]
Big Blind  [ME] : Check
Dealer : Check
*** TURN *** [2s 7d 9c] [Kh]
Big Blind  [ME] : Check
Dealer : Check
*** RIVER *** [2s 7d 9c Kh] [4d]
Big Blind  [ME] : Check
Dealer : Check
Big Blind  [ME] : Showdown(High Card)
Dealer : Showdown(a pair of Twos)
Dealer : Hand result $1.90
*** SUMMARY ***
Total Pot($2)
";
        assert_eq!(error_codes(cash), Vec::<&str>::new());
        assert_eq!(error_codes(&cash.replace("$1.90", "$1.50")), [codes::SITE_PAYOUT_SHORT]);
        let tournament = cash
            .replace(
                "Zone Poker ID#875 HOLDEMZonePoker No Limit",
                "HOLDEM Tournament #18509313 TBL#1, Normal- Level 1 (50/100)",
            )
            .replace("($100 in chips)", "(1000 in chips)")
            .replace("($47.30 in chips)", "(4730 in chips)")
            .replace('$', "")
            .replace("0.50", "50")
            .replace(" 1\n", " 100\n")
            .replace("1.90", "200");
        assert_eq!(error_codes(&tournament), Vec::<&str>::new());
        assert_eq!(error_codes(&tournament.replace("result 200", "result 199")), [codes::SITE_PAYOUT_SHORT]);
    }
}
