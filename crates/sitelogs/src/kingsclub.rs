//! KingsClub hand histories (`#39969377: No Limit Holdem - 5/10`, the date on the next line):
//! [`Reader`] imports them to PHH hands, one [`Record`](crate::Record) per hand, each replayed and checked
//! against the stacks and rake the log states.
//!
//! The lines are PokerStars' with KingsClub's words, rewritten in PokerStars' here: many games
//! (hold'em, Omaha, stud, razz, draw), `Table '8 Game Mix' Seat 6 is the button` (no button in
//! stud), seats with thousands separators (`Seat 6: Hero (1,000)`), `posts the small blind 5`,
//! `posts ante 33.16`, everyone's cards dealt (`Dealt to Player0: [X X]`, `X` a card unseen), no
//! colon after the names in the play, every amount the player's total in the round (`calls 25`
//! after `raises to 25`; `bets 44` after a stud bring-in completes to 44), `, and is all in`, no
//! uncalled bet written, a board all at once when the players are all in before the flop
//! (`*** RIVER *** [2s Th 6h 7c] [5s]`), draws as `draws 2` or, the observer's, `discards [Ts Jh]
//! draws [3c 6c]`, and stud's streets numbered from the first one after the deal (`*** 3RD STREET
//! ***` is the fourth card). The summary states each player's stack after the hand (`Seat 3:
//! Player2 (12,925) +2,925`) and the rake (`Rake 8`, none written when none was taken); its `wins
//! pot (1,350)` lines leave out side pots, so the payouts are what the final stacks say.
//!
//! Refused per hand with a code: the games PHH cannot express (Omaha hi-lo in pot limit, 5-card
//! Omaha, Big O, A-5 lowball, Badacey, Badeucey, Drawmaha, 2-7 razz, fixed-limit Omaha high);
//! boards run twice (`*** BOARD 1 - RIVER ***`, `Run 1:`,
//! [`SITE_RUN_IT_TWICE`](crate::codes::SITE_RUN_IT_TWICE)); a stud hand whose bring-in player
//! completes without a bring-in written
//! ([`SITE_BRING_IN_UNSTATED`](crate::codes::SITE_BRING_IN_UNSTATED)); final stacks or a rake
//! that do not add up ([`SITE_INCONSISTENT`](crate::codes::SITE_INCONSISTENT)).
//!
//! ```
//! let log = "\
//! #1: No Limit Holdem - 5/10
//! 2021-01-02 15:49:35
//! Table 'Mix' Seat 6 is the button
//! Seat 1: Ann (860.38)
//! Seat 6: Bob (1,000)
//! Bob: posts the small blind 5
//! Ann: posts the big blind 10
//! *** HOLE CARDS ***
//! Dealt to Ann: [X X]
//! Dealt to Bob: [Kd 8s]
//! Bob raises to 25
//! Ann folds
//! *** SUMMARY ***
//! Seat 1: Ann (850.38) -10
//! Seat 6: Bob (1,010) +10
//! Bob wins pot (20)
//! ";
//! let record = sitelogs::kingsclub::Reader::from_str(log, sitelogs::Options::default()).next().unwrap();
//! let hand = record.hand.unwrap();
//! assert_eq!(hand.venue.as_deref(), Some("KingsClub"));
//! assert_eq!(hand.finishing_stacks.unwrap()[1].to_string(), "1010");
//! ```

use cards_core::{Amount, Span};

use crate::relay::{self, Draft, Relay, StarsHeader, Street, TextReader, TextSite};
use crate::text::Line;
use crate::{Options, codes, money};

/// Streams the hands of a KingsClub log.
pub type Reader<R> = TextReader<R, KingsClub>;

/// KingsClub's text, for [`TextReader`].
#[derive(Debug)]
pub struct KingsClub;

impl TextSite for KingsClub {
    const VENUE: &'static str = "KingsClub";

    fn is_header(line: &str) -> bool {
        header(line).is_some()
    }

    /// Whether the start of a file (decoded text) is a KingsClub log: a hand's header, then its date.
    fn detect(head: &str) -> bool {
        let lines: Vec<&str> = crate::text::first_lines(head, 40).collect();
        lines.windows(2).any(|w| header(w[0]).is_some() && relay::iso_date(w[1]).is_some())
    }
}

impl Relay for KingsClub {
    fn read(lines: &[Line], draft: &mut Draft, options: &Options) {
        import(lines, draft, options);
    }
}

/// What the header says.
#[derive(Debug, PartialEq)]
struct Header<'a> {
    id: &'a str,
    /// The PokerStars game, or the game as written.
    game: Result<&'static str, &'a str>,
    /// The blinds, or the bets in fixed limit.
    stakes: (Amount, Amount),
}

/// `#39969377: No Limit Holdem - 5/10`.
fn header(line: &str) -> Option<Header<'_>> {
    let line = line.trim_start_matches('\u{feff}').trim();
    let (id, rest) = line.strip_prefix('#')?.split_once(": ")?;
    if id.is_empty() || !id.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let (name, stakes) = rest.rsplit_once(" - ")?;
    let (small, big) = stakes.split_once('/')?;
    let stakes = (money::parse(small)?, money::parse(big)?);
    let game = match name.trim() {
        "No Limit Holdem" | "No Limit Hold'em" => Ok("Hold'em No Limit"),
        "Limit Holdem" | "Limit Hold'em" => Ok("Hold'em Limit"),
        "Pot Limit Omaha" => Ok("Omaha Pot Limit"),
        "Limit Omaha Hi-Lo" | "Limit Omaha Hi/Lo" => Ok("Omaha Hi/Lo Limit"),
        "Limit Seven Card Stud" => Ok("7 Card Stud Limit"),
        "Limit Seven Card Stud Hi-Lo" | "Limit Seven Card Stud Hi/Lo" => Ok("7 Card Stud Hi/Lo Limit"),
        "Limit Razz" => Ok("Razz Limit"),
        "No Limit 2-7 Single Draw" => Ok("Single Draw 2-7 Lowball No Limit"),
        "Limit 2-7 Triple Draw" => Ok("Triple Draw 2-7 Lowball Limit"),
        "Limit Badugi" => Ok("Badugi Limit"),
        other => Err(other),
    };
    Some(Header { id, game, stakes })
}

/// `Table '8 Game Mix' Seat 6 is the button`: the name and the button's seat.
fn table(line: &str) -> Option<(&str, Option<i64>)> {
    let rest = line.strip_prefix("Table '")?;
    let close = rest.rfind('\'')?;
    let button = rest[close + 1..]
        .trim()
        .strip_prefix("Seat ")
        .and_then(|b| b.split_whitespace().next())
        .and_then(|b| b.trim_start_matches('#').parse().ok());
    Some((&rest[..close], button))
}

/// The known cards in brackets (`[X X 2s]`: `2s`; `X` is a card unseen); `None` when a card is
/// unreadable.
fn known_cards(text: &str) -> Option<Vec<String>> {
    let cards = relay::bracket_cards(text)?;
    cards
        .split_whitespace()
        .filter(|c| *c != "X" && *c != "-")
        .map(|c| {
            let mut chars = c.chars();
            let (rank, suit) = (chars.next()?, chars.next()?);
            let ok = chars.next().is_none() && "23456789TJQKA".contains(rank) && "cdhs".contains(suit);
            ok.then(|| c.to_owned())
        })
        .collect()
}

/// Every card in the brackets of a street marker (`[8d 4d 3c] [5c]`): the board so far.
fn board_cards(text: &str) -> Option<Vec<String>> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('[') {
        let close = rest[open..].find(']')? + open;
        out.extend(known_cards(&rest[open..=close])?);
        rest = &rest[close + 1..];
    }
    Some(out)
}

/// The draw rounds in PokerStars' words.
const DRAWS: [&str; 3] = ["FIRST DRAW", "SECOND DRAW", "THIRD DRAW"];

#[allow(clippy::too_many_lines)]
fn import(lines: &[Line], draft: &mut Draft, options: &Options) {
    let first = &lines[0];
    let Some(head) = header(&first.text) else {
        draft.refuse(codes::SITE_BAD_HEADER, "unreadable header (game, stakes)", first.span);
        return;
    };
    let game = match head.game {
        Ok(g) => g,
        Err(written) => {
            let message = format!("PHH has no variant for KingsClub's {written}");
            draft.refuse(codes::SITE_GAME_UNSUPPORTED, message, first.span);
            return;
        }
    };
    let stud = game.contains("Stud") || game.starts_with("Razz");
    let draw = game.contains("Draw") || game.starts_with("Badugi");
    let mut date = None;
    let mut table_name = None;
    let mut button = None;
    let mut table_span = first.span;
    let mut seats: Vec<(i64, String, Amount, Span)> = Vec::new();
    let mut spent: Vec<Amount> = Vec::new();
    let mut finals: Vec<Option<Amount>> = Vec::new();
    let mut body: Vec<(String, Span)> = Vec::new();
    let mut street = Street::default();
    let mut dealt = false;
    let mut board: Vec<String> = Vec::new();
    let mut markers = 0;
    let mut draws = 0;
    let mut stud_cards: Vec<[Option<String>; 7]> = Vec::new();
    let mut bring_in = false;
    let mut small_blind = None;
    let mut in_summary = false;
    let mut stated_rake = None;
    let mut end = first.span;
    let deal_marker = if stud {
        "*** 3rd STREET ***"
    } else if draw {
        "*** DEALING HANDS ***"
    } else {
        "*** HOLE CARDS ***"
    };
    for line in &lines[1..] {
        let text = line.text.trim();
        let span = line.span;
        if text.is_empty() {
            continue;
        }
        end = span;
        if date.is_none()
            && seats.is_empty()
            && table_name.is_none()
            && let Some(d) = relay::iso_date(text)
        {
            date = Some(d);
            continue;
        }
        if let Some((name, b)) = table(text).filter(|_| table_name.is_none()) {
            table_name = Some(name.to_owned());
            button = b;
            table_span = span;
            continue;
        }
        if let Some(rest) = text.strip_prefix("Seat ") {
            // `Seat 6: Hero (1,000)`; in the summary `Seat 3: Player2 (12,925) +2,925`.
            let parsed = rest.split_once(": ").and_then(|(n, r)| {
                let open = r.rfind(" (")?;
                let close = r[open..].find(')')? + open;
                Some((n.parse::<i64>().ok()?, &r[..open], money::parse(&r[open + 2..close])?))
            });
            match parsed {
                Some((number, name, stack)) if !in_summary && body.is_empty() => {
                    seats.push((number, name.to_owned(), stack, span));
                    spent.push(Amount::ZERO);
                    finals.push(None);
                    stud_cards.push(Default::default());
                }
                Some((number, name, stack)) if in_summary => {
                    match seats.iter().position(|s| s.0 == number && s.1 == name) {
                        Some(i) => finals[i] = Some(stack),
                        None => draft.refuse(
                            codes::SITE_UNKNOWN_PLAYER,
                            format!("the summary names `{name}`, who has no seat {number}"),
                            span,
                        ),
                    }
                }
                _ => draft.refuse(codes::SITE_BAD_SEAT, format!("unreadable seat `{text}`"), span),
            }
            continue;
        }
        if in_summary {
            if let Some(r) = text.strip_prefix("Rake ") {
                stated_rake = Some((money::parse(r.trim()), span));
            }
            // `NAME wins pot (81.34)`: the final stacks say the payouts, side pots included.
            continue;
        }
        if text.starts_with("Run ") && text.contains(": ") {
            draft.refuse(
                codes::SITE_RUN_IT_TWICE,
                "the draw was run twice: PHH has no notation for it",
                span,
            );
            continue;
        }
        if let Some(marker) = text.strip_prefix("*** ") {
            let name = marker.split(" ***").next().unwrap_or_default();
            if name.starts_with("BOARD ") {
                draft.refuse(
                    codes::SITE_RUN_IT_TWICE,
                    "the board was run twice: PHH has no notation for it",
                    span,
                );
                continue;
            }
            match name {
                "SUMMARY" => {
                    street.close(&mut body, span);
                    in_summary = true;
                }
                "HOLE CARDS" => {
                    if !dealt {
                        dealt = true;
                        body.push((deal_marker.into(), span));
                    }
                }
                _ if name.ends_with(" BETTING ROUND") => {}
                _ if name.ends_with(" DRAW") => {
                    street.close(&mut body, span);
                    let Some(round) = DRAWS.get(draws) else {
                        draft.refuse(codes::SITE_UNKNOWN_LINE, format!("a draw too many `{text}`"), span);
                        continue;
                    };
                    draws += 1;
                    body.push((format!("*** {round} ***"), span));
                }
                _ if stud && name.ends_with(" STREET") => {
                    street.close(&mut body, span);
                    markers += 1;
                    let marker = match markers + 3 {
                        7 => "*** RIVER ***".to_owned(),
                        n if n < 7 => format!("*** {n}th STREET ***"),
                        _ => {
                            draft.refuse(
                                codes::SITE_UNKNOWN_LINE,
                                format!("a street too many `{text}`"),
                                span,
                            );
                            continue;
                        }
                    };
                    body.push((marker, span));
                }
                "FLOP" | "TURN" | "RIVER" if !stud && !draw => {
                    street.close(&mut body, span);
                    let Some(all) = board_cards(marker) else {
                        draft.refuse(codes::SITE_BAD_CARDS, "unreadable board", span);
                        continue;
                    };
                    if all.len() <= board.len() || !all.starts_with(&board) || all.len() > 5 {
                        draft.refuse(codes::SITE_BAD_CARDS, "the board does not add to the last one", span);
                        continue;
                    }
                    // A board dealt at once (everyone all in) is each street's cards in turn.
                    for (stage, size) in [("FLOP", 3), ("TURN", 4), ("RIVER", 5)] {
                        if board.len() < size && size <= all.len() {
                            let new = all[board.len()..size].join(" ");
                            body.push(if board.is_empty() {
                                (format!("*** {stage} *** [{new}]"), span)
                            } else {
                                (format!("*** {stage} *** [{}] [{new}]", board.join(" ")), span)
                            });
                            board = all[..size].to_vec();
                        }
                    }
                }
                _ => draft.refuse(codes::SITE_UNKNOWN_LINE, format!("unknown street marker `{text}`"), span),
            }
            continue;
        }
        if let Some(rest) = text.strip_prefix("Dealt to ") {
            let Some((name, cards)) = rest.split_once(": ") else {
                draft.refuse(codes::SITE_BAD_CARDS, format!("unreadable cards `{text}`"), span);
                continue;
            };
            let Some(known) = known_cards(cards) else {
                draft.refuse(codes::SITE_BAD_CARDS, format!("unreadable cards `{text}`"), span);
                continue;
            };
            if draws > 0 {
                // The draws are `discards [..] draws [..]` and `draws 2`: a draw written as cards
                // dealt (a board run twice writes them so) does not say what was discarded.
                draft.refuse(
                    codes::SITE_UNREADABLE_ACTION,
                    format!("`{text}`: cards dealt in a draw with no discard, so the draw is unknown"),
                    span,
                );
                continue;
            }
            if !dealt {
                dealt = true;
                body.push((deal_marker.into(), span));
            }
            if stud && let Some(i) = seats.iter().position(|s| s.1 == name) {
                let at = if markers == 0 {
                    // `[X X 2s]`: the known cards are the last ones of the three.
                    3usize.saturating_sub(known.len())
                } else {
                    markers + 2
                };
                for (slot, card) in (at..7).zip(&known) {
                    stud_cards[i][slot] = Some(card.clone());
                }
            }
            if !known.is_empty() {
                body.push((format!("Dealt to {name} [{}]", known.join(" ")), span));
            }
            continue;
        }
        let named = seats
            .iter()
            .enumerate()
            .filter(|(_, s)| text.starts_with(s.1.as_str()) && text[s.1.len()..].starts_with([':', ' ']))
            .max_by_key(|(_, s)| s.1.len())
            .map(|(i, s)| (i, s.1.clone()));
        let Some((seat, name)) = named else {
            draft.unknown(options, text, span);
            continue;
        };
        let action = text[name.len()..].trim_start_matches(':').trim();
        let action = action.strip_suffix(", and is all in").unwrap_or(action);
        let bad = |draft: &mut Draft| {
            draft.refuse(
                codes::SITE_UNREADABLE_ACTION,
                format!("a line about `{name}` cannot be read: `{text}`"),
                span,
            );
        };
        let (word, rest) = action.split_once(' ').unwrap_or((action, ""));
        let is_post = word == "posts" || word == "brings";
        if !dealt && !is_post {
            dealt = true;
            body.push((deal_marker.into(), span));
        }
        let amount = money::parse(rest.rsplit(' ').next().unwrap_or_default());
        match (word, amount) {
            ("folds" | "checks", _) => body.push((format!("{name}: {word}"), span)),
            ("posts", Some(a)) if rest.starts_with("ante ") => {
                street.dead(a);
                spent[seat] = money::plus(spent[seat], a);
                body.push((format!("{name}: posts the ante {a}"), span));
            }
            ("posts", Some(a)) if rest.starts_with("blind ") => {
                // `posts blind 44`: a player sitting in posts the big blind live and the small
                // blind dead, which the line leaves out (the final stacks count it).
                let small = small_blind.unwrap_or_else(|| {
                    let limit = !game.contains("No Limit") && !game.contains("Pot Limit");
                    let half = "0.5".parse::<Amount>().ok().and_then(|h| head.stakes.0.checked_mul(h).ok());
                    if limit { half.map_or(head.stakes.0, Amount::normalize) } else { head.stakes.0 }
                });
                street.dead(small);
                street.post(&name, a);
                let both = money::plus(a, small);
                spent[seat] = money::plus(spent[seat], both);
                body.push((format!("{name}: posts small & big blinds {both}"), span));
            }
            ("posts", Some(a))
                if rest.starts_with("the small blind ") || rest.starts_with("the big blind ") =>
            {
                if rest.starts_with("the small") {
                    small_blind = Some(a);
                }
                street.post(&name, a);
                spent[seat] = money::plus(spent[seat], a);
                let which = if rest.starts_with("the small") { "small" } else { "big" };
                body.push((format!("{name}: posts {which} blind {a}"), span));
            }
            ("brings", Some(a)) if rest.starts_with("in for ") => {
                bring_in = true;
                street.post(&name, a);
                spent[seat] = money::plus(spent[seat], a);
                body.push((format!("{name}: brings in for {a}"), span));
            }
            ("calls", Some(to)) => {
                let added = street.raise_to(&name, to);
                spent[seat] = money::plus(spent[seat], added);
                body.push((format!("{name}: calls {added}"), span));
            }
            ("bets" | "raises", Some(to)) if word == "bets" || rest.starts_with("to ") => {
                let opens = street.highest().is_zero();
                let added = street.raise_to(&name, to);
                spent[seat] = money::plus(spent[seat], added);
                body.push((
                    if opens { format!("{name}: bets {to}") } else { format!("{name}: raises {to} to {to}") },
                    span,
                ));
            }
            ("draws", _) => match rest.parse::<usize>() {
                Ok(0) => body.push((format!("{name}: stands pat"), span)),
                Ok(n) => {
                    body.push((format!("{name}: discards {n} card{}", if n == 1 { "" } else { "s" }), span))
                }
                Err(_) => bad(draft),
            },
            ("discards", _) => {
                // `discards [Ts Jh] draws [3c 6c]`.
                let (out, new) = rest.split_once(" draws ").unwrap_or((rest, ""));
                match (known_cards(out), known_cards(new)) {
                    (Some(out), Some(new)) if out.len() == new.len() => {
                        let n = out.len();
                        let s = if n == 1 { "" } else { "s" };
                        body.push((format!("{name}: discards {n} card{s} [{}]", out.join(" ")), span));
                        body.push((format!("Dealt to {name} [{}]", new.join(" ")), span));
                    }
                    _ => bad(draft),
                }
            }
            ("stands", _) if rest == "pat" => body.push((format!("{name}: stands pat"), span)),
            ("shows", _) => match known_cards(rest) {
                Some(shown) if !shown.is_empty() => {
                    let shown =
                        if stud { crate::everleaf::dealt_order(&shown, &stud_cards[seat]) } else { shown };
                    body.push((format!("{name}: shows [{}]", shown.join(" ")), span));
                }
                _ => bad(draft),
            },
            ("mucks", _) => body.push((format!("{name}: mucks hand"), span)),
            _ if action.contains("sitting out")
                || action.contains("has left")
                || action.contains("has joined") => {}
            _ => bad(draft),
        }
    }
    if !in_summary {
        draft.refuse(codes::SITE_INCOMPLETE, "the hand has no summary: it is cut short", end);
        return;
    }
    if stud && !bring_in {
        draft.refuse(
            codes::SITE_BRING_IN_UNSTATED,
            "the bring-in player completed without the log stating the bring-in, which PHH requires",
            first.span,
        );
    }
    // What each player was paid: the final stack less what they had left.
    for (i, (_, name, stack, span)) in seats.iter().enumerate() {
        let Some(last) = finals[i] else {
            draft.refuse(
                codes::SITE_INCONSISTENT,
                format!("the summary states no stack for `{name}`"),
                *span,
            );
            continue;
        };
        let paid = money::minus(money::plus(last, spent[i]), *stack);
        if paid.is_negative() {
            draft.refuse(
                codes::SITE_INCONSISTENT,
                format!(
                    "`{name}` ends with {last}, less than the {stack} they had less the {} they put in",
                    spent[i]
                ),
                *span,
            );
        } else if !paid.is_zero() {
            street.win(name, paid, *span);
        }
    }
    let rake = street.rake();
    let stated = stated_rake.map_or(Some(Amount::ZERO), |(r, _)| r);
    if stated != Some(rake) && relay::payout_contradiction(street.total, street.won, false).is_none() {
        let written = stated.map_or_else(|| "unreadable".to_owned(), |a| a.to_string());
        draft.refuse(
            codes::SITE_INCONSISTENT,
            format!(
                "the log's rake is {written}, but {} went in and the final stacks take {} out",
                street.total, street.won
            ),
            stated_rake.map_or(end, |(_, s)| s),
        );
    }
    street.collected(&mut body);
    draft.payout(&street, false);
    let stars = StarsHeader {
        site: "KingsClub",
        id: head.id,
        game,
        stakes: Some(head.stakes),
        date,
        ..StarsHeader::default()
    };
    draft.push(stars.line(), first.span);
    let name = table_name.as_deref().unwrap_or(head.id);
    draft.push(relay::table_line(name, None, if stud { None } else { button }), table_span);
    relay::seats_play_summary(draft, &seats, body, (street.total, rake), end);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_tables_and_cards() {
        let h = header("#3969308: Limit Omaha Hi-Lo - 500/1,000").unwrap();
        assert_eq!((h.id, h.game), ("3969308", Ok("Omaha Hi/Lo Limit")));
        assert_eq!((h.stakes.0.to_string(), h.stakes.1.to_string()), ("500".into(), "1000".into()));
        assert_eq!(header("#1: Limit Badacey - 22/44").unwrap().game, Err("Limit Badacey"));
        assert_eq!(table("Table '8 Game Mix' Seat 6 is the button"), Some(("8 Game Mix", Some(6))));
        assert_eq!(table("Table 'Real Deal Mix'"), Some(("Real Deal Mix", None)));
        assert_eq!(known_cards("[X X 2s]").unwrap(), ["2s"]);
        assert_eq!(known_cards("[Q? 2s]"), None);
        assert_eq!(known_cards("[é 2s]"), None);
        assert_eq!(board_cards("RIVER *** [2s Th 6h 7c] [5s]").unwrap().len(), 5);
        assert!(KingsClub::detect("#39969377: No Limit Holdem - 5/10\n2021-01-02 15:49:35\n"));
        assert!(!KingsClub::detect("#39969377: No Limit Holdem - 5/10\nTable 'x'\n"));
    }
}
