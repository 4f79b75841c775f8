//! Absolute Poker and UltimateBet (the Cereus network) hand histories (`Stage #1773383021: Holdem
//! No Limit $1 - 2009-11-30 15:50:12 (ET)`): [`Reader`] imports them to PHH hands, one
//! [`Record`](crate::Record) per hand, each replayed and checked against the stacks, winnings and rake the log
//! states.
//!
//! The text is PokerStars' with Cereus' words, rewritten in the PokerStars form for the
//! PokerStars importer: `Seat 5 - NAME ($98 in chips)`, `NAME - Raises $2 to $2`, `NAME - All-In
//! $1.47` (chips added), `NAME - returned ($1) : not called`, `*** POCKET CARDS ***`, `NAME
//! Collects $4 from main pot`, `Total Pot($4) | Rake ($0.20) | Jackpot Rake ($0.05)`. No-limit
//! headers name the big blind only (`No Limit $1`, the small blind is read from its post),
//! fixed-limit ones (`Normal $25/$50`) the small and big bet. Stud writes each player's cards as
//! `NAME - Pocket [H H Js]`, `H` for a hidden card.
//!
//! Refused per hand, each with a code: the 7-2 game's proposition pot (`(7-2)`: the others pay the
//! winner with 7-2 from outside the pot), an all-in by time-out with no amount (`All-In
//! (Timeout)`), the games PHH cannot express, and whatever the PokerStars importer refuses.
//!
//! ```
//! let log = "\
//! Stage #1: Holdem  No Limit $1 - 2009-11-30 15:50:12 (ET)
//! Table: QUAIL AVE (Real Money) Seat #2 is the dealer
//! Seat 1 - ANN ($100 in chips)
//! Seat 2 - BOB ($50 in chips)
//! BOB - Posts small blind $0.50
//! ANN - Posts big blind $1
//! *** POCKET CARDS ***
//! BOB - Raises $2.50 to $3
//! ANN - Folds
//! BOB - returned ($2) : not called
//! *** SHOW DOWN ***
//! BOB - Does not show
//! BOB Collects $2 from main pot
//! *** SUMMARY ***
//! Total Pot($2)
//! ";
//! let record = sitelogs::absolute::Reader::from_str(log, sitelogs::Options::default()).next().unwrap();
//! let hand = record.hand.unwrap();
//! assert_eq!(hand.finishing_stacks.unwrap()[1].to_string(), "51.00");
//! ```

use cards_core::{Amount, Span};

use crate::relay::{self, Draft, Relay, StarsHeader, Street, TextReader, TextSite};
use crate::text::Line;
use crate::{Options, codes, money};

/// Streams the hands of an Absolute Poker / UltimateBet log.
pub type Reader<R> = TextReader<R, Absolute>;

/// The Cereus network's text, for [`TextReader`].
#[derive(Debug)]
pub struct Absolute;

fn split_header(line: &str) -> Option<(&str, &str)> {
    let rest = line.trim_start_matches('\u{feff}').trim().strip_prefix("Stage #")?;
    let (id, rest) = rest.split_once(": ")?;
    (!id.is_empty() && id.bytes().all(|b| b.is_ascii_alphanumeric()) && rest.contains(" - "))
        .then_some((id, rest))
}

impl TextSite for Absolute {
    const VENUE: &'static str = "Absolute Poker";
    const DETECT_LINES: usize = 200;

    fn is_header(line: &str) -> bool {
        split_header(line).is_some()
    }
}

impl Relay for Absolute {
    fn read(lines: &[Line], draft: &mut Draft, options: &Options) {
        import(lines, draft, options);
    }
}

/// The seated name `text` starts with, followed by `sep` (the longest), and the rest.
fn named<'t>(names: &[String], text: &'t str, sep: &str) -> Option<(&'t str, &'t str)> {
    names
        .iter()
        .filter(|n| text.starts_with(n.as_str()) && text[n.len()..].starts_with(sep))
        .max_by_key(|n| n.len())
        .map(|n| (&text[..n.len()], &text[n.len() + sep.len()..]))
}

fn import(lines: &[Line], draft: &mut Draft, options: &Options) {
    let Some(game) = header(lines, draft) else { return };
    table(lines, draft);
    let names: Vec<String> = lines
        .iter()
        .filter_map(|l| {
            let rest = l.text.trim().strip_prefix("Seat ")?.split_once(" - ")?.1;
            Some(rest[..rest.rfind(" (")?].to_owned())
        })
        .collect();
    let mut play = Play {
        names,
        stud: game.contains("Stud") || game.starts_with("Razz"),
        street: Street::default(),
        in_summary: false,
        pockets: Vec::new(),
        dealt: false,
    };
    for line in &lines[1..] {
        play.line(draft, options, line.text.trim(), line.span);
    }
}

/// The header line (`lines[0]`) in the PokerStars form, pushed; its PokerStars game, or `None`
/// when the hand is refused.
fn header(lines: &[Line], draft: &mut Draft) -> Option<&'static str> {
    let first = &lines[0];
    let Some((id, rest)) = split_header(&first.text) else {
        draft.refuse(codes::SITE_BAD_HEADER, "no `Stage #<id>:` header", first.span);
        return None;
    };
    let Some((game_text, when)) = rest.rsplit_once(" - ") else {
        draft.refuse(codes::SITE_BAD_HEADER, "no date in the header", first.span);
        return None;
    };
    // `2009-11-30 15:50:12 (ET)`, `2011-02-21 05:08:53.010 (ET) [ ... ]`.
    let mut words = when.split_whitespace();
    let day = words.next().unwrap_or_default();
    let time = words.next().unwrap_or_default();
    let time = time.split('.').next().unwrap_or_default();
    let date = relay::iso_date(&format!("{day} {time}"));
    let zone = words.next().map(|z| z.trim_matches(['(', ')']));
    let game_words: Vec<&str> = game_text.split_whitespace().collect();
    let (game, limit) = game(draft, &game_words, first.span)?;
    let stakes_word = game_words.iter().find(|w| {
        let w = w.trim_end_matches(',');
        money::parse(w.split('/').next().unwrap_or_default()).is_some() && (!limit || w.contains('/'))
    });
    let Some(stakes) = stakes_word.and_then(|w| stakes(lines, w, limit)) else {
        draft.refuse(codes::SITE_BAD_HEADER, format!("unreadable stakes in `{game_text}`"), first.span);
        return None;
    };
    let symbol = stakes_word.and_then(|w| money::symbol_of(w));
    let header = StarsHeader::new("Absolute", id, game, Some(stakes))
        .money(symbol, if symbol == Some('$') { Some("USD") } else { None })
        .date(date, zone);
    draft.push(header.line(), first.span);
    Some(game)
}

/// The PokerStars game of the header's words, and whether it is fixed-limit; `None` (the hand
/// refused) when PHH cannot express it.
fn game(draft: &mut Draft, game_words: &[&str], span: Span) -> Option<(&'static str, bool)> {
    let joined = game_words.join(" ").to_ascii_lowercase();
    if joined.contains("(7-2)") {
        draft.refuse(
            codes::SITE_CASH_DROP,
            "the 7-2 game: the others pay a proposition bet to the winner with 7-2, from outside the \
             pot, which PHH cannot record",
            span,
        );
        return None;
    }
    Some(if joined.starts_with("holdem no limit") {
        ("Hold'em No Limit", false)
    } else if joined.starts_with("holdem normal") {
        ("Hold'em Limit", true)
    } else if joined.starts_with("omaha pot limit") {
        ("Omaha Pot Limit", false)
    } else if joined.starts_with("omaha hi/lo") && joined.contains(" normal ") {
        ("Omaha Hi/Lo Limit", true)
    } else if joined.starts_with("seven card hi/lo normal") {
        ("7 Card Stud Hi/Lo Limit", true)
    } else if joined.starts_with("seven card normal") || joined.starts_with("seven card stud normal") {
        ("7 Card Stud Limit", true)
    } else if joined.starts_with("razz normal") {
        ("Razz Limit", true)
    } else {
        draft.refuse(
            codes::SITE_GAME_UNSUPPORTED,
            format!("PHH has no variant for Absolute's {}", game_words.join(" ")),
            span,
        );
        return None;
    })
}

/// The stakes the header's `word` gives: fixed-limit `$25/$50`, or no-limit's big blind, the small
/// blind read from its post.
fn stakes(lines: &[Line], word: &str, limit: bool) -> Option<(Amount, Amount)> {
    let w = word.trim_end_matches(',');
    if limit {
        let (s, b) = w.split_once('/')?;
        Some((money::parse(s)?, money::parse(b)?))
    } else {
        // `No Limit $1`: the big blind; the small blind is its post.
        let big = money::parse(w)?;
        let small = lines.iter().find_map(|l| {
            l.text.split_once(" - Posts small blind ").and_then(|(_, a)| money::parse(a.trim()))
        });
        Some((small.unwrap_or(big), big))
    }
}

/// `Table: QUAIL AVE (Real Money) Seat #5 is the dealer` in the PokerStars form, pushed (stud
/// has none: an empty one).
fn table(lines: &[Line], draft: &mut Draft) {
    let table = lines.iter().find_map(|l| l.text.trim().strip_prefix("Table: ").map(|t| (t, l.span)));
    match table {
        Some((t, span)) => {
            let (name, button) = match t.rsplit_once(" Seat #") {
                Some((n, b)) => (n, b.split_whitespace().next().and_then(|b| b.parse().ok())),
                None => (t, None),
            };
            let play_money = name.contains("(Play Money)");
            let name = name.replace("(Real Money)", "").replace("(Play Money)", "");
            let mut line = relay::table_line(name.trim(), None, button);
            if play_money {
                line = line.replacen("' ", "' (Play Money) ", 1);
            }
            draft.push(line, span);
        }
        None => draft.push("Table ''", lines[0].span),
    }
}

/// The play of a hand under way, line by line.
struct Play {
    /// The seated players' names.
    names: Vec<String>,
    stud: bool,
    street: Street,
    in_summary: bool,
    /// Stud: how many cards each player has been shown with so far.
    pockets: Vec<(String, usize)>,
    /// Whether a street marker has been read (the cards are dealt).
    dealt: bool,
}

impl Play {
    /// One line after the header (trimmed).
    fn line(&mut self, draft: &mut Draft, options: &Options, text: &str, span: Span) {
        if text.is_empty() || text.starts_with("Table: ") {
            return;
        }
        if let Some(marker) = text.strip_prefix("*** ") {
            self.marker(draft, text, marker, span);
            return;
        }
        if self.in_summary {
            self.summary_line(draft, text, span);
            return;
        }
        if let Some(seat) = text.strip_prefix("Seat ")
            && let Some((number, rest)) = seat.split_once(" - ")
        {
            draft.push(format!("Seat {number}: {rest}"), span);
            return;
        }
        if text.starts_with("Dealt to ") {
            draft.push(text, span);
            return;
        }
        if let Some((name, rest)) = named(&self.names, text, " Collects ") {
            let amount = rest.split_whitespace().next().unwrap_or_default();
            draft.push(format!("{name} collected {amount} from pot"), span);
            return;
        }
        let Some((name, said)) = named(&self.names, text, " - ") else {
            draft.unknown(options, text, span);
            return;
        };
        if let Some(stars) = self.action(draft, name, said, text, span) {
            draft.push(stars, span);
        }
    }

    /// `*** NAME ***` (`marker`: the text after the first `*** `).
    fn marker(&mut self, draft: &mut Draft, text: &str, marker: &str, span: Span) {
        let name = marker.split(" ***").next().unwrap_or_default();
        let stars = match name {
            "POCKET CARDS" => "*** HOLE CARDS ***".to_owned(),
            "3rd STREET" | "3RD STREET" => "*** 3rd STREET ***".to_owned(),
            "4TH STREET" | "5TH STREET" | "6TH STREET" | "4th STREET" | "5th STREET" | "6th STREET" => {
                format!("*** {} ***", name.replace("TH", "th"))
            }
            "7TH STREET" | "7th STREET" | "RIVER" if self.stud => "*** RIVER ***".to_owned(),
            _ => text.to_owned(),
        };
        self.in_summary = name == "SUMMARY";
        self.dealt = true;
        self.street.next();
        draft.push(stars, span);
    }

    /// A line after `*** SUMMARY ***`.
    fn summary_line(&self, draft: &mut Draft, text: &str, span: Span) {
        if let Some(rest) = text.strip_prefix("Total Pot(") {
            // `Total Pot($4) | Rake ($0.20) | Jackpot Rake ($0.05)`.
            let mut parts = rest.split(" | ");
            let pot = parts.next().unwrap_or_default().trim_end_matches(')');
            let (propositions, fees): (Vec<&str>, Vec<&str>) =
                parts.partition(|part| part.contains("Proposition"));
            for _ in propositions {
                draft.refuse(
                    codes::SITE_CASH_DROP,
                    "a proposition pot (the 7-2 game), paid from outside the pot",
                    span,
                );
            }
            relay::pot_and_fees(draft, pot, fees, span, |part| {
                part.split_once('(').and_then(|(_, a)| money::parse(a.trim_end_matches(')')))
            });
        } else if let Some((_, rest)) = text.strip_prefix("Seat ").and_then(|t| t.split_once(": "))
            && let Some((name, said)) = named(&self.names, rest, " ")
            && let Some((_, cards)) = said.split_once("[Mucked] ")
            && let Some(cards) = relay::bracket_cards(cards).filter(|c| !c.is_empty())
        {
            // `Seat 3: NAME HI: [Mucked] [Kd 6c]`: the cards of a player who mucked (`Mucks`).
            draft.mucked(name, &[cards], span);
        }
    }

    /// `NAME - <said>` in the PokerStars form; `None` when it says nothing to write (or is
    /// refused).
    fn action(
        &mut self,
        draft: &mut Draft,
        name: &str,
        said: &str,
        text: &str,
        span: Span,
    ) -> Option<String> {
        if let Some(post) = self.post(draft, name, said, text, span) {
            return post;
        }
        let amount = |t: &str| money::parse(t.split_whitespace().next().unwrap_or_default());
        let street = &mut self.street;
        if let Some(t) = said.strip_prefix("Raises ") {
            let Some(to) = t.split_once(" to ").and_then(|(_, to)| amount(to)) else {
                draft.bad_amount(text, span);
                return None;
            };
            street.raise_to(name, to);
            Some(format!("{name}: raises {to} to {to}"))
        } else if let Some(a) = said.strip_prefix("Calls ").and_then(amount) {
            street.add(name, a);
            Some(format!("{name}: calls {a}"))
        } else if let Some(a) = said.strip_prefix("Bets ").and_then(amount) {
            street.add(name, a);
            Some(format!("{name}: bets {a}"))
        } else if let Some(t) = said.strip_prefix("All-In ") {
            self.all_in(draft, name, t, text, span)
        } else if let Some(t) = said.strip_prefix("returned (") {
            let Some(a) = t.split(')').next().and_then(money::parse) else {
                draft.bad_amount(text, span);
                return None;
            };
            street.returned(name, a);
            Some(format!("Uncalled bet ({a}) returned to {name}"))
        } else if said.starts_with("Folds") || said.starts_with("Checks") {
            // `Folds (Preselection)`: a fold chosen in advance is a fold.
            let verb = if said.starts_with("Folds") { "folds" } else { "checks" };
            Some(format!("{name}: {verb}"))
        } else if let Some(t) = said.strip_prefix("Shows ") {
            relay::bracket_cards(t).map(|cards| format!("{name}: shows [{cards}]"))
        } else if said == "Mucks" || said.starts_with("Mucks ") {
            Some(format!("{name}: mucks hand"))
        } else if let Some(t) = said.strip_prefix("Pocket ") {
            self.pocket(name, t)
        } else if said == "Does not show"
            || said.starts_with("Sits")
            || said.starts_with("sitout")
            || said.contains("seconds")
        {
            None
        } else {
            draft.unreadable_action(name, text, span);
            None
        }
    }

    /// An ante, blind or bring-in with its amount: `None` when `said` is none of them, else its
    /// line (`Some(None)`: an unreadable amount, refused).
    fn post(
        &mut self,
        draft: &mut Draft,
        name: &str,
        said: &str,
        text: &str,
        span: Span,
    ) -> Option<Option<String>> {
        let amount = |t: &str| money::parse(t.split_whitespace().next().unwrap_or_default());
        let street = &mut self.street;
        if let Some(a) = said.strip_prefix("Ante ").and_then(amount) {
            street.dead(a);
            Some(Some(format!("{name}: posts the ante {a}")))
        } else if let Some(a) = said.strip_prefix("Posts small blind ").and_then(amount) {
            street.post(name, a);
            Some(Some(format!("{name}: posts small blind {a}")))
        } else if let Some(a) = said
            .strip_prefix("Posts big blind ")
            .or_else(|| said.strip_prefix("Posts ").filter(|t| !t.trim().contains(' ')))
            .and_then(amount)
        {
            // `Posts $0.02`, no blind named: a new player's big blind posted out of position,
            // live (the importer places a big blind so: it counts toward the poster's bet).
            street.post(name, a);
            Some(Some(format!("{name}: posts big blind {a}")))
        } else if let Some(a) = said.strip_prefix("Bring-In ").and_then(amount) {
            street.post(name, a);
            Some(Some(format!("{name}: brings in for {a}")))
        } else if let Some(t) = said.strip_prefix("Posts ").filter(|t| t.contains(" dead ")) {
            // A returning player's blinds: `Posts $1 dead $0.50` (the big blind live, the small
            // dead beside it: $1.50 in all), `Posts dead $40 dead $15` ($40 in all, $15 of them dead).
            let total = match t.strip_prefix("dead ") {
                Some(total) => amount(total),
                None => t
                    .split_once(" dead ")
                    .and_then(|(live, dead)| Some(money::plus(amount(live)?, amount(dead)?))),
            };
            let Some(a) = total else {
                draft.bad_amount(text, span);
                return Some(None);
            };
            street.post(name, a);
            Some(Some(format!("{name}: posts small & big blinds {a}")))
        } else {
            None
        }
    }

    /// `NAME - All-In <t>`: chips added, or the big blind for less when posted before the cards.
    fn all_in(&mut self, draft: &mut Draft, name: &str, t: &str, text: &str, span: Span) -> Option<String> {
        let Some(a) = money::parse(t.split_whitespace().next().unwrap_or_default()) else {
            draft.refuse(
                codes::SITE_DISCONNECT_PROTECTION,
                format!("`{text}`: all in by a time-out, with no amount: PHH has no notation for it"),
                span,
            );
            return None;
        };
        if !self.dealt && !self.stud {
            // All in as the blind is posted, before the cards: a big blind for less.
            self.street.post(name, a);
            return Some(format!("{name}: posts big blind {a} and is all-in"));
        }
        Some(format!("{} and is all-in", relay::added_text(name, &self.street.add(name, a))))
    }

    /// Stud's `NAME - Pocket [H H Js 10d]` (`t`: the text after `Pocket `), `H` a hidden card: the
    /// cards new since the player's last line, dealt.
    fn pocket(&mut self, name: &str, t: &str) -> Option<String> {
        let cards: Vec<String> =
            relay::bracket_cards(t).unwrap_or_default().split_whitespace().map(str::to_owned).collect();
        let before = self.pockets.iter().find(|p| p.0 == name).map_or(0, |p| p.1);
        match self.pockets.iter_mut().find(|p| p.0 == name) {
            Some(p) => p.1 = cards.len(),
            None => self.pockets.push((name.to_owned(), cards.len())),
        }
        if cards.len() <= before {
            return None;
        }
        let known: Vec<&str> = cards.iter().map(String::as_str).filter(|c| *c != "H").collect();
        let new: Vec<&str> = cards[before..].iter().map(String::as_str).filter(|c| *c != "H").collect();
        if new.is_empty() {
            return None;
        }
        if before == 0 {
            Some(format!("Dealt to {name} [{}]", known.join(" ")))
        } else {
            let old = &known[..known.len() - new.len()];
            Some(format!("Dealt to {name} [{}] [{}]", old.join(" "), new.join(" ")))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detection() {
        assert!(Absolute::detect("Stage #1773383021: Holdem  No Limit $1 - 2009-11-30 15:50:12 (ET)\n"));
        assert!(Absolute::detect(
            "\n\nStage #C282012441: Holdem  Normal $0.25/$0.50 - 2010-12-07 22:18:14 (ET)\n"
        ));
        assert!(!Absolute::detect(
            "PokerStars Hand #1: Hold'em No Limit ($1/$2 USD) - 2021/03/04 5:06:07 ET\n"
        ));
        assert!(!Absolute::detect("Stage #1 of the tour\n"));
    }

    const NEW_PLAYER_POSTS: &str = "\
Stage #1: Holdem  No Limit $0.02 - 2010-11-06 15:00:00 (ET)
Table: BASELINE RD (Real Money) Seat #1 is the dealer
Seat 1 - ANN ($2 in chips)
Seat 2 - BOB ($2 in chips)
Seat 3 - CY ($2 in chips)
Seat 4 - EVE ($2 in chips)
Seat 5 - DEE ($1 in chips)
BOB - Posts small blind $0.01
CY - Posts big blind $0.02
DEE - Posts $0.02
*** POCKET CARDS ***
Dealt to DEE [10s 3s]
EVE - Calls $0.02
DEE - Checks
ANN - Folds
BOB - Folds
CY - Checks
*** FLOP *** [Kc Qh 8h]
CY - Checks
EVE - Checks
DEE - Checks
*** TURN *** [Kc Qh 8h] [2d]
CY - Checks
EVE - Checks
DEE - Checks
*** RIVER *** [Kc Qh 8h 2d] [4c]
CY - Checks
EVE - Checks
DEE - Checks
*** SHOW DOWN ***
EVE - Shows [Kd Ks] (Three of a kind, kings)
CY - Mucks
DEE - Mucks
EVE Collects $0.07 from main pot
*** SUMMARY ***
Total Pot($0.07)
Seat 3: CY HI: [Mucked] [7d 2c]
Seat 4: EVE won Total ($0.07) HI:($0.07) with Three of a kind, kings [Kd Ks - B:Kc,P:Kd,P:Ks,B:Qh,B:8h]
Seat 5: DEE HI: [Mucked] [10s 3s]
";

    #[test]
    fn a_new_players_post_naming_no_blind_is_a_live_big_blind_and_mucked_cards_are_kept() {
        let record = Reader::from_str(NEW_PLAYER_POSTS, Options::default()).next().unwrap();
        assert!(!record.has_error(), "{:?}", record.diagnostics);
        let hand = record.hand.unwrap();
        let stacks: Vec<String> =
            hand.finishing_stacks.clone().unwrap().iter().map(ToString::to_string).collect();
        // BOB, CY, EVE, DEE, ANN: DEE's $0.02 is their bet, which they check behind.
        assert_eq!(stacks, ["1.99", "1.98", "2.05", "0.98", "2"]);
        let text = phh::write_hand(&hand);
        // CY's mucked cards are their hole cards; CY still mucks.
        assert!(text.contains("'d dh p2 7d2c'"), "{text}");
        assert!(text.contains("'p2 sm'"), "{text}");
    }
}
