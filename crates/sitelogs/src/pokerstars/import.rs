//! One PokerStars hand (its lines) to a PHH [`Hand`], replayed and checked against the log.

use cards_core::{Amount, Card, Diagnostic, DiagnosticSink, MaybeCard, Span};
use phh::{Action, ActionKind, CardRun, Hand, LocalTime, Player, Quantity, Shown, StrOrInt, Variant};

use super::header::{self, Header};
use super::lang;
use crate::chips::Round;
use crate::text::Line;
use crate::{Options, Record, codes, consistency, money};

/// A seat line.
#[derive(Debug, Clone)]
struct Seat {
    number: i64,
    name: String,
    stack: Amount,
}

/// What one line of play says, in log order.
#[derive(Debug, Clone)]
enum Event {
    /// `*** HOLE CARDS ***`, `*** 3rd STREET ***`, `*** DEALING HANDS ***`.
    Deal,
    /// A street marker with the board cards it adds (none in stud and draw games).
    Street {
        board: Vec<Card>,
    },
    /// A draw round (`*** FIRST DRAW ***`).
    Draw,
    /// `*** SHOW DOWN ***`.
    Showdown,
    /// `Dealt to NAME [cards] [new cards]`: the groups of cards in brackets.
    Dealt {
        seat: usize,
        groups: Vec<Vec<Card>>,
    },
    Ante {
        seat: usize,
        amount: Amount,
    },
    Blind {
        seat: usize,
        amount: Amount,
        kind: Post,
    },
    BringIn {
        seat: usize,
        amount: Amount,
    },
    Fold {
        seat: usize,
    },
    Check {
        seat: usize,
    },
    Call {
        seat: usize,
        amount: Amount,
    },
    Bet {
        seat: usize,
        amount: Amount,
    },
    /// `raises X to Y` (Y) and `completes to Y`.
    RaiseTo {
        seat: usize,
        to: Amount,
    },
    /// `discards N cards`, with the cards when the log names them (the observer's own).
    Discard {
        seat: usize,
        count: usize,
        cards: Vec<Card>,
    },
    StandPat {
        seat: usize,
    },
    Show {
        seat: usize,
        cards: Vec<Card>,
    },
    Muck {
        seat: usize,
    },
    Collected {
        seat: usize,
        amount: Amount,
    },
    Uncalled {
        seat: usize,
        amount: Amount,
    },
    /// `NAME cashed out the hand for $X | Cash Out Fee $Y`: the site paid the player from outside
    /// the pot.
    CashOut {
        seat: usize,
        amount: Amount,
    },
}

/// Which blind a `posts` line names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Post {
    Small,
    Big,
    /// `posts small & big blinds`: a returning player's dead small blind and live big blind.
    SmallAndBig,
    /// 6+ hold'em's one blind, the button's.
    Button,
    Straddle,
}

struct Parsed {
    header: Header,
    table: header::Table,
    table_span: Span,
    seats: Vec<Seat>,
    events: Vec<(Event, Span)>,
    rake: Option<Amount>,
    total_pot: Option<Amount>,
    /// The summary's `Total pot ... | Rake ...` line.
    total_span: Option<Span>,
    /// `Seat N: NAME ... showed [cards]` in the summary (a log may show cards only there).
    summary_shows: Vec<(usize, Vec<Card>, Span)>,
    /// `Seat N: NAME ... mucked [cards]` in the summary: cards the player mucked, which the log
    /// shows (the player's hole cards; they still muck).
    summary_mucks: Vec<(usize, Vec<Card>)>,
    /// The hand has no `*** SUMMARY ***` but was paid out (a file cut after its last payout).
    no_summary: bool,
}

struct Ctx<'a> {
    diagnostics: &'a mut dyn DiagnosticSink,
    strict: bool,
    /// An error that refuses the hand was found while reading its lines.
    refused: bool,
}

impl Ctx<'_> {
    fn error(&mut self, code: &'static str, message: impl Into<String>, span: Span) {
        self.diagnostics.report(Diagnostic::error(code, message, span));
    }

    fn warn(&mut self, code: &'static str, message: impl Into<String>, span: Span) {
        self.diagnostics.report(Diagnostic::warning(code, message, span));
    }

    /// An error that refuses the hand; reading goes on to report the others.
    fn refuse(&mut self, code: &'static str, message: impl Into<String>, span: Span) {
        self.error(code, message, span);
        self.refused = true;
    }
}

/// Why run-it-twice hands are refused: PHH's actions deal one board (`d db` per street) and the
/// replay pays one showdown; a second board would be read as the next street, and keeping one run
/// would pay a pot the log split between the runs.
const RUN_IT_TWICE: &str = "the hand was run more than once: PHH deals one board per hand and pays \
     one showdown, so the runs and the pot split between them cannot be written";

/// Reads `[Ah Kd]` groups from the text.
fn card_groups(text: &str) -> Option<Vec<Vec<Card>>> {
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
fn lead_amount(text: &str) -> Option<Amount> {
    money::parse(text.split_whitespace().next()?)
}

/// The seat whose name `line` starts with followed by `sep` (the longest such name).
fn name_prefix<'l>(seats: &[Seat], line: &'l str, sep: &str) -> Option<(usize, &'l str)> {
    seats
        .iter()
        .enumerate()
        .filter(|(_, s)| line.starts_with(s.name.as_str()) && line[s.name.len()..].starts_with(sep))
        .max_by_key(|(_, s)| s.name.len())
        .map(|(i, s)| (i, &line[s.name.len() + sep.len()..]))
}

/// The seat whose name `line` ends with (after `prefix`).
fn name_suffix(seats: &[Seat], name: &str) -> Option<usize> {
    let name = name.trim();
    seats.iter().position(|s| s.name == name)
}

/// Lines that carry nothing for the hand's play (chat, table traffic, tournament results).
fn is_chatter(rest: &str) -> bool {
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
fn unawarded(line: &str) -> Option<Amount> {
    if !line.contains("(pot not awarded") {
        return None;
    }
    let (_, won) = line.split_once(" won (")?;
    money::parse(won.split(')').next()?)
}

/// `Seat N: NAME [(button)] showed [cards] and ...` in the summary: the seat and the cards.
fn summary_show(seats: &[Seat], line: &str) -> Option<(usize, Vec<Card>)> {
    let rest = line.strip_prefix("Seat ")?.split_once(": ")?.1;
    let (seat, after) = name_prefix(seats, rest, " ")?;
    let at = after.find("showed [")?;
    let cards = card_groups(&after[at..])?.into_iter().next()?;
    Some((seat, cards))
}

/// `Seat N: NAME [(button)] mucked [cards] ...` in the summary: the seat and the cards the player
/// mucked, which the log shows.
fn summary_muck(seats: &[Seat], line: &str) -> Option<(usize, Vec<Card>)> {
    let rest = line.strip_prefix("Seat ")?.split_once(": ")?.1;
    let (seat, after) = name_prefix(seats, rest, " ")?;
    let at = after.find("mucked [")?;
    let cards = card_groups(&after[at..])?.into_iter().next()?;
    Some((seat, cards))
}

/// `Seat 5: NAME collected (1.25)`, `Seat 5: NAME showed [Jd 8s] and won (0.04)` (a position word
/// may follow the name): the seat and amount.
fn summary_collected(seats: &[Seat], line: &str) -> Option<(usize, Amount)> {
    let rest = line.strip_prefix("Seat ")?.split_once(": ")?.1;
    let (seat, after) = name_prefix(seats, rest, " ")?;
    let (at, word) = ["collected (", "and won ("].iter().find_map(|w| after.find(w).map(|at| (at, *w)))?;
    let amount = lead_amount(after[at + word.len()..].split(')').next()?)?;
    Some((seat, amount))
}

fn parse_seat(line: &str) -> Option<(i64, String, Amount)> {
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
fn action_event(seat: usize, text: &str) -> Option<Result<Event, &'static str>> {
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

/// Reads the lines of one hand into seats and events.
fn read_lines(lines: &[Line], ctx: &mut Ctx<'_>) -> Option<Parsed> {
    let first = lines.first()?;
    // A log in the client's language is read through the English words it stands for.
    let language = lang::detect(&first.text);
    let english = language.and_then(|l| lang::header(l, &first.text));
    let header = match header::parse(english.as_deref().unwrap_or(&first.text)) {
        Ok(h) => h,
        Err(message) => {
            ctx.error(codes::SITE_BAD_HEADER, message, first.span);
            return None;
        }
    };
    if let Some(language) = language {
        let message = format!(
            "a PokerStars log in the client's language ({}): read through the English words its \
             lines stand for",
            language.name()
        );
        if ctx.strict {
            ctx.refuse(codes::SITE_CLIENT_LANGUAGE, message, first.span);
        } else {
            ctx.warn(codes::SITE_CLIENT_LANGUAGE, message, first.span);
        }
    }
    let mut rest = lines[1..].iter().skip_while(|l| l.text.trim().is_empty());
    let Some(table_line) = rest.next() else {
        ctx.error(codes::SITE_INCOMPLETE, "the hand ends after its header", first.span);
        return None;
    };
    let table_text = table_line.text.trim_end();
    let table_text = language.map_or(std::borrow::Cow::Borrowed(table_text), |l| lang::table(l, table_text));
    let Some(table) = header::parse_table(&table_text) else {
        ctx.error(
            codes::SITE_BAD_TABLE,
            "expected `Table '<name>' <n>-max Seat #<n> is the button`",
            table_line.span,
        );
        return None;
    };
    let mut parsed = Parsed {
        header,
        table,
        table_span: table_line.span,
        seats: Vec::new(),
        events: Vec::new(),
        rake: None,
        total_pot: None,
        total_span: None,
        summary_shows: Vec::new(),
        summary_mucks: Vec::new(),
        no_summary: false,
    };
    let mut in_summary = false;
    let mut summary_board: Vec<Card> = Vec::new();
    // `Seat N: NAME collected (X)` of the summary: the payouts of a log that writes none above it.
    let mut summary_paid: Vec<((usize, Amount), Span)> = Vec::new();
    for line in rest {
        // Newer clients write no-break spaces in some lines (`posts button blind\u{a0}$2`, and
        // a French client's `NAME\u{202f}: `).
        let spaced;
        let mut text = if line.text.contains(['\u{a0}', '\u{202f}']) {
            spaced = line.text.replace(['\u{a0}', '\u{202f}'], " ");
            spaced.trim_end()
        } else {
            line.text.trim_end()
        };
        let translated;
        if let Some(language) = language {
            let names: Vec<&str> = parsed.seats.iter().map(|s| s.name.as_str()).collect();
            if let Some(english) = lang::line(language, text, &names) {
                translated = english;
                text = translated.as_str();
            }
        }
        let span = line.span;
        if text.is_empty() {
            continue;
        }
        if in_summary {
            if let Some(rest) = text.strip_prefix("Total pot ").or_else(|| text.strip_prefix("Total pot: ")) {
                parsed.total_pot = lead_amount(rest);
                parsed.total_span = Some(span);
                parsed.rake = rest.split_once("| Rake ").and_then(|(_, r)| lead_amount(r));
            } else if let Some(cards) = text.strip_prefix("Board ").and_then(card_groups) {
                summary_board = cards.into_iter().flatten().collect();
            } else if let Some(shown) = summary_show(&parsed.seats, text) {
                if let Some(won) = unawarded(text) {
                    // `won ($38.95) ... (pot not awarded as player cashed out)`: the cards won it.
                    parsed.events.push((Event::Collected { seat: shown.0, amount: won }, span));
                }
                parsed.summary_shows.push((shown.0, shown.1, span));
                if let Some(won) = summary_collected(&parsed.seats, text) {
                    summary_paid.push((won, span));
                }
            } else if let Some(mucked) = summary_muck(&parsed.seats, text) {
                parsed.summary_mucks.push(mucked);
                if let Some(won) = summary_collected(&parsed.seats, text) {
                    summary_paid.push((won, span));
                }
            } else if text.starts_with("Hand was run t") {
                ctx.refuse(codes::SITE_RUN_IT_TWICE, RUN_IT_TWICE, span);
            } else if let Some(won) = summary_collected(&parsed.seats, text) {
                summary_paid.push((won, span));
            }
            continue;
        }
        if parsed.events.is_empty() && text.starts_with("Seat ") {
            // Seats sitting out stay: tournaments deal them in and post for them.
            if let Some((number, name, stack)) = parse_seat(text) {
                parsed.seats.push(Seat { number, name, stack });
                continue;
            }
        }
        if let Some(marker) = text.strip_prefix("*** ") {
            let name = marker.split(" ***").next().unwrap_or_default();
            let event = match name {
                "HOLE CARDS" | "3rd STREET" | "DEALING HANDS" | "PRE-DRAW" => Event::Deal,
                "FLOP" | "TURN" | "RIVER" | "4th STREET" | "5th STREET" | "6th STREET" => {
                    let board = card_groups(marker).and_then(|g| g.last().cloned()).unwrap_or_default();
                    Event::Street {
                        board: if parsed.header.game.contains("Stud")
                            || parsed.header.game.starts_with("Razz")
                        {
                            Vec::new()
                        } else {
                            board
                        },
                    }
                }
                "FIRST DRAW" | "SECOND DRAW" | "THIRD DRAW" | "DRAW" => Event::Draw,
                "SHOW DOWN" | "SHOWDOWN" => Event::Showdown,
                "SUMMARY" => {
                    in_summary = true;
                    continue;
                }
                _ if name.starts_with("FIRST ")
                    || name.starts_with("SECOND ")
                    || name.starts_with("THIRD ") =>
                {
                    ctx.refuse(codes::SITE_RUN_IT_TWICE, RUN_IT_TWICE, span);
                    continue;
                }
                _ => {
                    ctx.refuse(codes::SITE_UNKNOWN_LINE, format!("unknown street marker `{text}`"), span);
                    continue;
                }
            };
            parsed.events.push((event, span));
            continue;
        }
        if let Some(rest) = text.strip_prefix("Dealt to ") {
            // A seat's name may hold brackets itself (`PC [Mittel]`): the longest seated name
            // followed by a bracket, else the text before the first bracket.
            let open = name_prefix(&parsed.seats, rest, " [")
                .map(|(seat, _)| parsed.seats[seat].name.len())
                .or_else(|| rest.find(" ["))
                .unwrap_or(rest.len());
            match (name_suffix(&parsed.seats, &rest[..open]), card_groups(&rest[open..])) {
                // BetOnline's network: `Dealt to NAME []`, a seat not dealt in (sitting out).
                (Some(_), Some(groups)) if groups.iter().all(Vec::is_empty) => {}
                (Some(seat), Some(groups)) => parsed.events.push((Event::Dealt { seat, groups }, span)),
                (None, _) => {
                    // Cards dealt to no seated player (a converter's placeholder for an observer):
                    // nothing of the hand's play, skipped.
                    unknown_line(ctx, text, span);
                }
                (_, None) => {
                    ctx.refuse(codes::SITE_BAD_CARDS, "unreadable cards", span);
                }
            }
            continue;
        }
        if let Some(rest) = text.strip_prefix("Uncalled bet (") {
            let amount = rest.split(')').next().and_then(money::parse);
            let seat = rest.split_once(" returned to ").and_then(|(_, n)| name_suffix(&parsed.seats, n));
            match (amount, seat) {
                (Some(amount), Some(seat)) => parsed.events.push((Event::Uncalled { seat, amount }, span)),
                _ => {
                    ctx.refuse(codes::SITE_BAD_AMOUNT, "unreadable uncalled bet", span);
                }
            }
            continue;
        }
        if text == "Hand cancelled" {
            ctx.error(codes::SITE_INCOMPLETE, "the hand was cancelled", span);
            return None;
        }
        if let Some((seat, rest)) = name_prefix(&parsed.seats, text, ": ")
            && let Some(live) = rest.strip_prefix("post dead ").and_then(lead_amount)
        {
            // BetOnline's network: a returning player's blinds, the amount written being the
            // live big blind; the small blind goes in dead beside it (the pot and rake of the
            // summary count it).
            let small = parsed.header.stakes.map_or(Amount::ZERO, |(small, _)| small);
            let amount = money::plus(live, small);
            parsed.events.push((Event::Blind { seat, amount, kind: Post::SmallAndBig }, span));
            continue;
        }
        if let Some((seat, rest)) = name_prefix(&parsed.seats, text, ": ") {
            match action_event(seat, rest) {
                None => {}
                Some(Ok(event)) => parsed.events.push((event, span)),
                Some(Err(code)) => {
                    let message = match code {
                        codes::SITE_BAD_CARDS => "unreadable cards",
                        codes::SITE_BAD_AMOUNT => "unreadable amount",
                        _ => "unknown action",
                    };
                    if code == codes::SITE_UNKNOWN_LINE {
                        unreadable_action(ctx, &parsed.seats[seat].name, text, span);
                    } else {
                        ctx.refuse(code, message, span);
                    }
                }
            }
            continue;
        }
        if let Some((seat, rest)) = name_prefix(&parsed.seats, text, " shows ")
            .filter(|(_, rest)| !rest.starts_with('[') && card_groups(&format!("[{rest}]")).is_some())
        {
            // BetOnline's network: `NAME shows 7s 9h`, no brackets.
            if let Some(cards) = card_groups(&format!("[{rest}]")).and_then(|g| g.into_iter().next()) {
                parsed.events.push((Event::Show { seat, cards }, span));
            }
            continue;
        }
        if let Some((seat, rest)) = name_prefix(&parsed.seats, text, " shows [") {
            // Run It Once's copy of the layout: `NAME shows [4s 4d] for Three of Kind [...]`.
            match card_groups(&format!("[{rest}")).and_then(|g| g.into_iter().next()) {
                Some(cards) => parsed.events.push((Event::Show { seat, cards }, span)),
                None => {
                    ctx.refuse(codes::SITE_BAD_CARDS, "unreadable cards", span);
                }
            }
            continue;
        }
        if text.starts_with("STP added") {
            // Run It Once's Splash the Pot: the house adds to the pot.
            ctx.refuse(
                codes::SITE_CASH_DROP,
                "the house added money to the pot (`STP added`): PHH has no notation for it",
                span,
            );
            continue;
        }
        if let Some((seat, rest)) = name_prefix(&parsed.seats, text, " collected ") {
            match lead_amount(rest) {
                Some(amount) => parsed.events.push((Event::Collected { seat, amount }, span)),
                None => {
                    ctx.refuse(codes::SITE_BAD_AMOUNT, "unreadable amount collected", span);
                }
            }
            continue;
        }
        if let Some((seat, rest)) = name_prefix(&parsed.seats, text, " cashed out the hand for ") {
            match lead_amount(rest) {
                Some(amount) => parsed.events.push((Event::CashOut { seat, amount }, span)),
                None => {
                    ctx.refuse(codes::SITE_BAD_AMOUNT, "unreadable cash-out amount", span);
                }
            }
            continue;
        }
        if is_chatter(text) || text.starts_with("Table '") {
            continue;
        }
        if let Some((seat, _)) = name_prefix(&parsed.seats, text, ":") {
            unreadable_action(ctx, &parsed.seats[seat].name, text, span);
            continue;
        }
        if let Some(seat) = parsed.seats.iter().find(|s| names_word(text, &s.name)) {
            // A garbled `Dealt to NAME [...]`, for one: the player's cards or play are unknown.
            unreadable_action(ctx, &seat.name, text, span);
            continue;
        }
        if let Some((name, _)) = text.split_once(": ")
            && (!name.contains(' ') || name.len() < 40)
        {
            ctx.refuse(codes::SITE_UNKNOWN_PLAYER, format!("`{name}` has no seat in this hand"), span);
            continue;
        }
        unknown_line(ctx, text, span);
    }
    if !parsed.events.iter().any(|(e, _)| matches!(e, Event::Collected { .. })) {
        // BetOnline's network writes who collected what in the summary only.
        for ((seat, amount), span) in summary_paid {
            if !amount.is_zero() {
                parsed.events.push((Event::Collected { seat, amount }, span));
            }
        }
    }
    deal_summary_board(&mut parsed, summary_board);
    if !in_summary {
        let last = lines.last().map_or(first.span, |l| l.span);
        if parsed.events.iter().any(|(e, _)| matches!(e, Event::Collected { .. })) {
            // Paid out, then cut: the play is whole, the summary (rake) is what is missing.
            parsed.no_summary = true;
            let message = "the hand has no `*** SUMMARY ***` (the file ends after its payout): \
                 read from its play, the rake taken as what was put in less what was paid out";
            if ctx.strict {
                ctx.refuse(codes::SITE_NO_SUMMARY, message, last);
            } else {
                ctx.warn(codes::SITE_NO_SUMMARY, message, last);
            }
        } else {
            ctx.refuse(codes::SITE_INCOMPLETE, "the hand has no `*** SUMMARY ***`", last);
        }
    }
    (!ctx.refused).then_some(parsed)
}

/// BetOnline's network writes no street line after the betting ends (all in before the river):
/// the board's remaining cards are in the summary's `Board [..]` only. They are dealt, street by
/// street (flop, turn, river), before the showdown. A summary board that does not extend the
/// streets' cards is left alone (the replay then tells what is wrong).
fn deal_summary_board(parsed: &mut Parsed, board: Vec<Card>) {
    let mut dealt = Vec::new();
    let mut at = None;
    for (i, (event, _)) in parsed.events.iter().enumerate() {
        match event {
            Event::Street { board } => dealt.extend(board.iter().copied()),
            Event::Showdown | Event::Show { .. } | Event::Collected { .. } if at.is_none() => at = Some(i),
            _ => {}
        }
    }
    if board.len() > 5 || board.len() <= dealt.len() || !board.starts_with(&dealt) || dealt.len() == 1 {
        return;
    }
    let at = at.unwrap_or(parsed.events.len());
    let span = parsed.events.get(at).or(parsed.events.last()).map_or(parsed.table_span, |(_, s)| *s);
    let mut streets = Vec::new();
    let mut from = dealt.len();
    for end in [3, 4, 5] {
        if end > from && end <= board.len() {
            streets.push((Event::Street { board: board[from..end].to_vec() }, span));
            from = end;
        }
    }
    parsed.events.splice(at..at, streets);
}

/// A line about a seated player that is no action (garbled, or one this importer does not know):
/// skipping it would guess what the player did or held (a fold the replay inserts, for one), so
/// the hand is refused. Lines about no player are skipped instead ([`unknown_line`]).
fn unreadable_action(ctx: &mut Ctx<'_>, name: &str, text: &str, span: Span) {
    ctx.refuse(
        codes::SITE_UNREADABLE_ACTION,
        format!("a line about `{name}` cannot be read, so what they did is unknown: `{text}`"),
        span,
    );
}

/// Whether `name` stands in `text` as a word of its own (not inside a longer word).
fn names_word(text: &str, name: &str) -> bool {
    let word_char = |c: Option<char>| c.is_some_and(char::is_alphanumeric);
    !name.is_empty()
        && text.match_indices(name).any(|(at, _)| {
            !word_char(text[..at].chars().next_back()) && !word_char(text[at + name.len()..].chars().next())
        })
}

fn unknown_line(ctx: &mut Ctx<'_>, text: &str, span: Span) {
    let message = format!("line not understood, skipped: `{text}`");
    if ctx.strict {
        ctx.error(codes::SITE_UNKNOWN_LINE, message, span);
    } else {
        ctx.warn(codes::SITE_UNKNOWN_LINE, message, span);
    }
}

use crate::showdown::hole_count;

fn run(cards: &[Card]) -> CardRun {
    cards.iter().map(|&c| MaybeCard::Known(c)).collect()
}

fn unknown(n: usize) -> CardRun {
    std::iter::repeat_n(MaybeCard::Unknown, n).collect()
}

/// Builds the PHH hand from what the lines say.
struct Built {
    hand: Hand,
    spans: Vec<Span>,
    /// Per PHH player: the seat index.
    order: Vec<usize>,
    /// The engine's run of the hand, when clean.
    clean: Option<crate::showdown::Clean>,
    /// Per event: where a `posts` line's chips went.
    placed: Vec<Option<Placed>>,
}

fn build(p: &Parsed, variant: Variant, ctx: &mut Ctx<'_>, whole: Span) -> Option<Built> {
    let order = play_order(p, variant, ctx, whole)?;
    let n = order.len();
    let mut index_of = vec![usize::MAX; p.seats.len()];
    for (player, &seat) in order.iter().enumerate() {
        index_of[seat] = player;
    }
    let placed = match place_posts(p, variant, &index_of, n) {
        Ok(placed) => placed,
        Err((message, span)) => {
            ctx.error(codes::SITE_POST_OUT_OF_TURN, message, span);
            return None;
        }
    };
    let mut b = Builder::new(p, variant, index_of, n);
    let mut blinds = vec![Amount::ZERO; n];
    for (event, post) in p.events.iter().zip(&placed) {
        if let (Event::Blind { seat, .. }, Some(post)) = (&event.0, post) {
            add_to(&mut blinds[b.index_of[*seat]], post.blind);
            add_to(&mut b.hand.antes[b.index_of[*seat]], post.dead);
        }
    }
    for i in 0..p.events.len() {
        b.event(i);
    }
    b.draw.deal(&mut b.hand, &mut b.spans);
    if !b.dealt_done {
        ctx.error(codes::SITE_INCOMPLETE, "no cards are dealt in this hand", whole);
        return None;
    }
    if let Err((message, span)) = blinds_in_position(p, &order, &blinds, whole) {
        ctx.error(codes::SITE_POST_OUT_OF_TURN, message, span);
        return None;
    }
    let Builder { mut hand, mut spans, bring_in, shows, .. } = b;
    if n == 2 && !variant.is_stud() {
        // PHH reverses the blinds of heads-up play.
        blinds.reverse();
    }
    if !variant.is_stud() {
        hand.blinds_or_straddles = Some(blinds);
    }
    hand.bring_in = bring_in;
    let (small, big) = p.header.stakes.unwrap_or((Amount::ZERO, Amount::ZERO));
    if variant.uses_small_big_bets() {
        hand.small_bet = Some(small);
        hand.big_bet = Some(big);
    } else {
        hand.min_bet = Some(big);
    }
    hand.starting_stacks = order.iter().map(|&s| Quantity::Finite(p.seats[s].stack)).collect();
    let clean = crate::showdown::place(&mut hand, &mut spans, &shows);
    Some(Built { hand, spans, order, clean, placed })
}

/// The seats dealt in, in PHH's order: every seat that appears in the play; in a button game the
/// first after the button is p1 and the button last, in stud by seat number.
fn play_order(p: &Parsed, variant: Variant, ctx: &mut Ctx<'_>, whole: Span) -> Option<Vec<usize>> {
    let mut involved = vec![false; p.seats.len()];
    for (event, _) in &p.events {
        if let Some(seat) = seat_of(event) {
            involved[seat] = true;
        }
    }
    let mut order: Vec<usize> = (0..p.seats.len()).filter(|&i| involved[i]).collect();
    if !variant.is_stud() {
        let Some(button) = p.table.button else {
            let message =
                "the table line names no button (`Seat #<n> is the button`): the order of play is unknown";
            ctx.error(codes::SITE_BAD_TABLE, message, p.table_span);
            return None;
        };
        order.sort_by_key(|&i| (p.seats[i].number <= button, p.seats[i].number));
    } else {
        order.sort_by_key(|&i| p.seats[i].number);
    }
    if order.len() < 2 {
        ctx.error(codes::SITE_TOO_FEW_PLAYERS, "fewer than two players are dealt in", whole);
        return None;
    }
    Some(order)
}

/// PHH's blinds also set the order of play: they must be posted from p1 (or p2) on, or be the
/// button's one blind (6+ hold'em). The message and the line of a blind out of position.
fn blinds_in_position(
    p: &Parsed,
    order: &[usize],
    blinds: &[Amount],
    whole: Span,
) -> Result<(), (String, Span)> {
    let n = order.len();
    let posters: Vec<usize> = (0..n).filter(|&i| !blinds[i].is_zero()).collect();
    let from = posters.first().copied().unwrap_or(0);
    let button_blind = posters == [n - 1]
        && p.events.iter().any(|(e, _)| matches!(e, Event::Blind { kind: Post::Button, .. }));
    if n <= 2 || button_blind || (from <= 1 && posters.iter().enumerate().all(|(k, &i)| i == from + k)) {
        return Ok(());
    }
    let seat = order[posters.iter().enumerate().find(|(k, i)| **i != from + k).map_or(from, |(_, i)| *i)];
    let span = p
        .events
        .iter()
        .find(|(e, _)| matches!(e, Event::Blind { seat: s, .. } if *s == seat))
        .map_or(whole, |(_, sp)| *sp);
    let message =
        format!("{} posts a blind out of position: PHH's blinds also set who acts first", p.seats[seat].name);
    Err((message, span))
}

/// The PHH hand as the log's events build it, one event at a time ([`build`]).
struct Builder<'p> {
    p: &'p Parsed,
    variant: Variant,
    /// Per seat: the PHH player's index (`usize::MAX` for a seat not dealt in).
    index_of: Vec<usize>,
    hand: Hand,
    spans: Vec<Span>,
    bring_in: Option<Amount>,
    /// Whether the deal was seen (later deal markers are the same deal's).
    dealt_done: bool,
    /// Per player: the show or muck placed at the showdown, the earliest line's.
    shows: Vec<Option<(Shown, Span)>>,
    folded: Vec<bool>,
    stud_street: usize,
    /// A draw's replacements, dealt once every player has stood pat or discarded.
    draw: Draw,
}

impl<'p> Builder<'p> {
    /// A builder of `n` players.
    fn new(p: &'p Parsed, variant: Variant, index_of: Vec<usize>, n: usize) -> Builder<'p> {
        let mut hand = Hand::new(variant);
        hand.antes = vec![Amount::ZERO; n];
        let mut shows: Vec<Option<(Shown, Span)>> = vec![None; n];
        for (seat, cards, span) in &p.summary_shows {
            if index_of[*seat] < n {
                shows[index_of[*seat]] = Some((Shown::Cards(run(cards)), *span));
            }
        }
        Builder {
            p,
            variant,
            index_of,
            hand,
            spans: Vec::new(),
            bring_in: None,
            dealt_done: false,
            shows,
            folded: vec![false; n],
            stud_street: 0,
            draw: Draw::default(),
        }
    }

    fn player(&self, seat: usize) -> Player {
        Player(u16::try_from(self.index_of[seat] + 1).unwrap_or(u16::MAX))
    }

    fn push(&mut self, kind: ActionKind, span: Span) {
        self.hand.actions.push(Action::new(kind));
        self.spans.push(span);
    }

    /// A show or muck at `span`, kept when it is the player's first.
    fn show(&mut self, seat: usize, shown: Shown, span: Span) {
        let i = self.index_of[seat];
        if self.shows[i].as_ref().is_none_or(|(_, s)| s.start > span.start) {
            self.shows[i] = Some((shown, span));
        }
    }

    /// The `i`th event of the log.
    fn event(&mut self, i: usize) {
        let p = self.p;
        let (event, span) = &p.events[i];
        let span = *span;
        if !matches!(event, Event::Discard { .. } | Event::StandPat { .. } | Event::Dealt { .. }) {
            self.draw.deal(&mut self.hand, &mut self.spans);
        }
        let stud = self.variant.is_stud();
        match event {
            Event::Ante { seat, amount } => add_to(&mut self.hand.antes[self.index_of[*seat]], *amount),
            Event::Deal if stud => {
                if !self.dealt_done {
                    self.dealt_done = true;
                    self.stud_street = 3;
                    self.deal_stud(i, span);
                }
            }
            Event::Street { .. } if stud => {
                self.stud_street += 1;
                self.deal_stud(i, span);
            }
            Event::Deal => {
                if !self.dealt_done {
                    self.dealt_done = true;
                    self.deal_holes(i, span);
                }
            }
            Event::Street { board } => {
                if !board.is_empty() {
                    self.push(ActionKind::DealBoard { cards: run(board) }, span);
                }
            }
            Event::BringIn { seat, amount } => {
                self.bring_in = Some(*amount);
                self.push(ActionKind::BringIn { player: self.player(*seat) }, span);
            }
            Event::Fold { seat } => {
                self.folded[self.index_of[*seat]] = true;
                self.push(ActionKind::Fold { player: self.player(*seat) }, span);
            }
            Event::Check { seat } | Event::Call { seat, .. } => {
                self.push(ActionKind::CheckCall { player: self.player(*seat) }, span);
            }
            Event::Bet { seat, amount } | Event::RaiseTo { seat, to: amount } => {
                let player = self.player(*seat);
                self.push(ActionKind::CompleteBetRaise { player, amount: *amount }, span);
            }
            Event::Show { seat, cards } => self.show(*seat, Shown::Cards(run(cards)), span),
            Event::Muck { seat } => self.show(*seat, Shown::Muck, span),
            Event::Discard { seat, count, cards } => {
                let discards = if cards.len() == *count { run(cards) } else { unknown(*count) };
                let player = self.player(*seat);
                self.push(ActionKind::StandPatDiscard { player, discards }, span);
                self.draw.owed.push(Replacement { player, count: *count, cards: Vec::new(), span });
            }
            Event::Dealt { seat, groups } if self.dealt_done && self.variant.is_draw() => {
                // `Dealt to NAME [kept] [new]`: the new cards replace the discards (one bracket when
                // the player drew them all).
                let who = self.player(*seat);
                if let (Some(owed), Some(new)) =
                    (self.draw.owed.iter_mut().find(|r| r.player == who), groups.last())
                    && new.len() == owed.count
                {
                    owed.cards.clone_from(new);
                }
            }
            Event::StandPat { seat } => {
                let player = self.player(*seat);
                self.push(ActionKind::StandPatDiscard { player, discards: CardRun::new() }, span);
            }
            Event::Draw
            | Event::Showdown
            | Event::Blind { .. }
            | Event::Dealt { .. }
            | Event::Collected { .. }
            | Event::Uncalled { .. }
            | Event::CashOut { .. } => {}
        }
    }

    /// Deals one stud street ([`deal_stud`]) after the `i`th event.
    fn deal_stud(&mut self, i: usize, span: Span) {
        let after = &self.p.events[i + 1..];
        deal_stud(
            &mut self.hand,
            &mut self.spans,
            after,
            &self.index_of,
            &self.folded,
            self.stud_street,
            span,
        );
    }

    /// The deal of a board or draw game, at the `i`th event: each player's hole cards as the log's
    /// observer saw them, unknown where it did not.
    fn deal_holes(&mut self, i: usize, span: Span) {
        let (p, n, variant) = (self.p, self.folded.len(), self.variant);
        let holes = hole_count(variant);
        let mut dealt: Vec<Option<Vec<Card>>> = vec![None; n];
        // The observer's cards of the deal: up to the first draw (later `Dealt to` lines are
        // replacements).
        for ev in p.events[i..].iter().map(|(e, _)| e) {
            match ev {
                Event::Dealt { seat, groups } => dealt[self.index_of[*seat]] = groups.first().cloned(),
                Event::Draw | Event::Discard { .. } | Event::StandPat { .. } | Event::Street { .. } => break,
                _ => {}
            }
        }
        // Cards a player mucked but the summary shows are their hole cards, where the log deals
        // them none and they are the whole deal: not in a draw game, whose mucked hand is the last
        // draw's.
        for (seat, cards) in &p.summary_mucks {
            let i = self.index_of[*seat];
            if i < n && dealt[i].is_none() && cards.len() == holes && !variant.is_draw() {
                dealt[i] = Some(cards.clone());
            }
        }
        for (pl, cards) in dealt.iter().enumerate() {
            let cards = match cards {
                Some(c) if c.len() == holes => run(c),
                _ => unknown(holes),
            };
            let player = Player(u16::try_from(pl + 1).unwrap_or(u16::MAX));
            self.push(ActionKind::DealHole { player, cards }, span);
        }
    }
}

/// Where a `posts` line's chips go in PHH.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Placed {
    /// Into `blinds_or_straddles` (the blinds in position, a straddle, the button blind).
    blind: Amount,
    /// Into `antes`: dead money (a returning player's small blind, or a live post the player
    /// then folded without adding to).
    dead: Amount,
    /// Live chips posted out of position: they count toward the poster's bet but do not set
    /// who acts first, which PHH's blinds do. PHH puts them in with the poster's first action of
    /// the round (a check becomes `cc` for the same chips, a call or raise adds the same total);
    /// a first action that folds makes them dead (in `dead`).
    live: Amount,
    /// The dead part by the site's rules (before a fold made a live post dead): no part of the
    /// poster's bet in the round.
    dead_by_rule: Amount,
}

/// Per event (`Some` for each `posts` line): where its chips go in PHH.
///
/// In a button game of three or more, the blinds in position are p1's small blind, then the big
/// blind of p2 (p1 without a small blind), and 6+ hold'em's button blind (the last player).
/// Straddles stay blinds. Any other post is a player sitting in or returning: a `small blind` is
/// dead, a `big blind` live, and `small & big blinds` the small blind dead and the big blind
/// live (PokerStars' rules for missed blinds).
fn place_posts(
    p: &Parsed,
    variant: Variant,
    index_of: &[usize],
    n: usize,
) -> Result<Vec<Option<Placed>>, (String, Span)> {
    let mut placed: Vec<Option<Placed>> = vec![None; p.events.len()];
    let post_at = |i: usize| match &p.events[i].0 {
        Event::Blind { seat, amount, kind } => Some((index_of[*seat], *amount, *kind)),
        _ => None,
    };
    let posts: Vec<usize> = (0..p.events.len()).filter(|&i| post_at(i).is_some()).collect();
    let zero = Amount::ZERO;
    let in_blind = |amount| Placed { blind: amount, dead: zero, live: zero, dead_by_rule: zero };
    if n <= 2 || variant.is_stud() {
        for &i in &posts {
            placed[i] = post_at(i).map(|(_, amount, _)| in_blind(amount));
        }
        return Ok(placed);
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
    // A live post goes in with the poster's first action of the round; a fold first makes it dead.
    for &i in &posts {
        let Some(place) = placed[i].as_mut().filter(|pl| !pl.live.is_zero()) else { continue };
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
                place.live = zero;
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
    Ok(placed)
}

/// A discard waiting for its replacement cards.
struct Replacement {
    player: Player,
    count: usize,
    /// The new cards when the log names them (the observer's), else unknown.
    cards: Vec<Card>,
    span: Span,
}

/// The discards of the draw under way.
#[derive(Default)]
struct Draw {
    owed: Vec<Replacement>,
}

impl Draw {
    /// Deals every replacement owed (in discard order) and ends the draw.
    fn deal(&mut self, hand: &mut Hand, spans: &mut Vec<Span>) {
        for owed in self.owed.drain(..) {
            if owed.count == 0 {
                continue;
            }
            let cards = if owed.cards.len() == owed.count { run(&owed.cards) } else { unknown(owed.count) };
            hand.actions.push(Action::new(ActionKind::DealHole { player: owed.player, cards }));
            spans.push(owed.span);
        }
    }
}

/// Deals one stud street to every player still in: what the `Dealt to` lines of the street show
/// (the last bracket; on 3rd street the two down cards and the up card, or the up card alone), the
/// rest unknown (`??`).
fn deal_stud(
    hand: &mut Hand,
    spans: &mut Vec<Span>,
    after: &[(Event, Span)],
    index_of: &[usize],
    folded: &[bool],
    street: usize,
    span: Span,
) {
    let count = if street == 3 { 3 } else { 1 };
    let mut shown: Vec<Option<Vec<Card>>> = vec![None; folded.len()];
    for (event, _) in after {
        match event {
            Event::Dealt { seat, groups } => shown[index_of[*seat]] = groups.last().cloned(),
            Event::Deal | Event::Street { .. } | Event::Draw | Event::Showdown => break,
            _ => {}
        }
    }
    for (i, cards) in shown.into_iter().enumerate() {
        if folded[i] {
            continue;
        }
        let known = cards.unwrap_or_default();
        let cards: CardRun = if known.len() >= count {
            run(&known[known.len() - count..])
        } else {
            // Others' up cards only: the down cards before them are unknown.
            std::iter::repeat_n(MaybeCard::Unknown, count - known.len())
                .chain(known.iter().map(|&c| MaybeCard::Known(c)))
                .collect()
        };
        let player = Player(u16::try_from(i + 1).unwrap_or(u16::MAX));
        hand.actions.push(Action::new(ActionKind::DealHole { player, cards }));
        spans.push(span);
    }
}

fn add_to(total: &mut Amount, amount: Amount) {
    *total = money::plus(*total, amount);
}

fn seat_of(event: &Event) -> Option<usize> {
    match event {
        Event::Deal | Event::Street { .. } | Event::Draw | Event::Showdown => None,
        Event::Dealt { seat, .. }
        | Event::Ante { seat, .. }
        | Event::Blind { seat, .. }
        | Event::BringIn { seat, .. }
        | Event::Fold { seat }
        | Event::Check { seat }
        | Event::Call { seat, .. }
        | Event::Bet { seat, .. }
        | Event::RaiseTo { seat, .. }
        | Event::Discard { seat, .. }
        | Event::StandPat { seat }
        | Event::Show { seat, .. }
        | Event::Muck { seat }
        | Event::Collected { seat, .. }
        | Event::Uncalled { seat, .. }
        | Event::CashOut { seat, .. } => Some(*seat),
    }
}

/// What the log says each player ends with: stack − chips put in + chips collected.
///
/// A bet no one matched goes back to the bettor. Logs write that as `Uncalled bet`, but those
/// before about 2008 leave an all-in overbet's or a walk's return unwritten (their total pot and
/// the next hand's stacks show it), while some converters leave it unwritten and pay it in the
/// winner's `collected` (their total pot counts it). So the unwritten returns are taken when the
/// summary's total pot leaves them out, or when there is no total.
fn logged_outcome(p: &Parsed, built: &Built) -> (Vec<Amount>, Vec<Amount>) {
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

/// A big blind posted all in for less than the blind, then called in full: the site's rule makes
/// the full big blind the bet to call, PHH's (PokerKit's) the highest bet posted, so a call of the
/// full blind cannot be written when it is the caller's last word in the round (the replay would
/// call less, and the difference would read as a rake). A later raise called puts the same chips
/// in both ways, and is read. The message and the line of the call PHH cannot write.
fn short_blind_called(p: &Parsed, variant: Variant) -> Option<(String, Span)> {
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
fn stud_double_bet(p: &Parsed, variant: Variant) -> Option<(String, Span)> {
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
fn betonline_omaha(parsed: &Parsed, ctx: &mut Ctx<'_>, span: Span) -> Option<Option<Variant>> {
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

/// Imports one hand from its lines (`lines[0]` is the header): the lines another site's importer
/// rewrote in the PokerStars form (that importer checks its site's payout itself).
pub fn import(lines: &[Line], options: &Options) -> Record {
    import_with(lines, options, false)
}

/// Imports one hand of a log in the PokerStars layout, its summary's rake checked: a hand paid out
/// short of its pot by more than a rake (at all in a tournament) is refused with
/// [`codes::SITE_PAYOUT_SHORT`].
pub(crate) fn import_log(lines: &[Line], options: &Options) -> Record {
    import_with(lines, options, true)
}

fn import_with(lines: &[Line], options: &Options, rake_checked: bool) -> Record {
    let whole = match (lines.first(), lines.last()) {
        (Some(a), Some(b)) => a.span.join(b.span),
        _ => Span::at(0),
    };
    let mut diagnostics = Vec::new();
    let mut ctx = Ctx { diagnostics: &mut diagnostics, strict: options.strict, refused: false };
    let hand = import_hand(lines, &mut ctx, whole, rake_checked);
    Record { hand, diagnostics, span: whole }
}

fn import_hand(lines: &[Line], ctx: &mut Ctx<'_>, whole: Span, rake_checked: bool) -> Option<Hand> {
    let parsed = read_lines(lines, ctx)?;
    let span = lines.first().map_or(whole, |l| l.span);
    let variant = match header::variant_of(&parsed.header.game) {
        Some(variant) => Some(variant),
        None => betonline_omaha(&parsed, ctx, span)?,
    };
    let Some(variant) = variant else {
        ctx.error(
            codes::SITE_GAME_UNSUPPORTED,
            format!("PHH has no variant for {}", parsed.header.game),
            span,
        );
        return None;
    };
    if let Some((message, span)) = short_blind_called(&parsed, variant) {
        ctx.error(codes::SITE_SHORT_BLIND_CALLED, message, span);
        return None;
    }
    if let Some((message, span)) = stud_double_bet(&parsed, variant) {
        ctx.error(codes::SITE_STUD_DOUBLE_BET, message, span);
        return None;
    }
    let mut built = build(&parsed, variant, ctx, whole)?;
    let (finishing, collected) = logged_outcome(&parsed, &built);
    fill_fields(&mut built, &parsed);
    built.hand.finishing_stacks = Some(finishing.iter().map(|&a| Quantity::Finite(a)).collect());
    built.hand.winnings = Some(collected.iter().map(|&a| Quantity::Finite(a)).collect());
    let rake = parsed
        .rake
        .or_else(|| parsed.total_pot.map(|t| collected.iter().fold(t, |acc, c| money::minus(acc, *c))))
        .unwrap_or_else(|| {
            if parsed.no_summary {
                // What went in less what came out.
                let start =
                    built.order.iter().map(|&s| parsed.seats[s].stack).fold(Amount::ZERO, money::plus);
                finishing.iter().fold(start, |acc, f| money::minus(acc, *f))
            } else {
                Amount::ZERO
            }
        });
    cash_outs(&parsed, ctx);
    if ctx.refused {
        return None;
    }
    let names: Vec<&str> = built.order.iter().map(|&s| parsed.seats[s].name.as_str()).collect();
    let clean = built.clean.take();
    let logged = consistency::Logged { finishing: &finishing, paid: &collected, rake, names: &names };
    if !consistency::check(&built.hand, &built.spans, whole, &logged, clean, ctx.diagnostics) {
        return None;
    }
    if rake_checked && let Some(message) = payout_short(&parsed, &built.order, &finishing, &collected) {
        let message = format!("{message} (the summary's rake is {rake})");
        ctx.error(codes::SITE_PAYOUT_SHORT, message, parsed.total_span.unwrap_or(whole));
        return None;
    }
    Some(built.hand)
}

/// Cash-outs (paid by the site from outside the pot): a warning each, an error under `strict`.
fn cash_outs(parsed: &Parsed, ctx: &mut Ctx<'_>) {
    for (event, span) in &parsed.events {
        if let Event::CashOut { seat, amount } = event {
            let message = format!(
                "{} cashed out the hand for {amount}, paid by the site from outside the pot: the \
                 PHH hand is the hand as the cards played it, without that payment",
                parsed.seats[*seat].name
            );
            if ctx.strict {
                ctx.refuse(codes::SITE_CASHED_OUT, message, *span);
            } else {
                ctx.warn(codes::SITE_CASHED_OUT, message, *span);
            }
        }
    }
}

/// Why the log's payout contradicts its pot, if it does: what went in (each player's stack less
/// what they end with, plus what they were paid) against what was paid out, the difference being
/// the rake the log takes ([`crate::relay::payout_contradiction`]).
fn payout_short(
    parsed: &Parsed,
    order: &[usize],
    finishing: &[Amount],
    collected: &[Amount],
) -> Option<String> {
    let paid = collected.iter().fold(Amount::ZERO, |a, c| money::plus(a, *c));
    let pot = order
        .iter()
        .zip(finishing)
        .fold(paid, |a, (&s, f)| money::plus(a, money::minus(parsed.seats[s].stack, *f)));
    let tournament =
        parsed.header.event.as_deref().is_some_and(|e| e.contains("Tournament") || e.contains("Torneio"));
    crate::relay::payout_contradiction(pot, paid, tournament)
}

fn fill_fields(built: &mut Built, p: &Parsed) {
    let hand = &mut built.hand;
    let h = &p.header;
    hand.venue = Some(h.site.clone());
    hand.hand = Some(match h.id.parse::<i64>() {
        Ok(id) => StrOrInt::Int(id),
        Err(_) => StrOrInt::Str(h.id.clone()),
    });
    hand.table = Some(StrOrInt::Str(p.table.name.clone()));
    hand.seat_count = p.table.seat_count;
    hand.seats = Some(built.order.iter().map(|&s| p.seats[s].number).collect());
    hand.players = Some(built.order.iter().map(|&s| p.seats[s].name.clone()).collect());
    hand.event = h.event.clone();
    hand.level = h.level;
    hand.currency = h.currency.clone();
    hand.currency_symbol = h.symbol.map(String::from);
    if let Some((y, m, d, hh, mm, ss)) = h.date {
        hand.year = Some(y);
        hand.month = Some(m);
        hand.day = Some(d);
        hand.time = Some(LocalTime { hour: hh, minute: mm, second: ss, nanosecond: 0 });
    }
    hand.time_zone_abbreviation = h.time_zone.clone();
    let mut user = vec![field_int("_button_seat", p.table.button)];
    if h.noun == "Game" {
        user.push(Some(phh::Field {
            key: "_header_noun".into(),
            value: phh::TomlValue::String(h.noun.clone()),
        }));
    }
    if !h.site.starts_with("PokerStars") {
        // Another producer writing the site's layout (a converter, a club app): its name stays
        // the header's when written back, which the venue alone does not decide.
        user.push(Some(phh::Field {
            key: "_header_site".into(),
            value: phh::TomlValue::String(h.site.clone()),
        }));
    }
    if let Some(round) = &h.match_round {
        user.push(Some(phh::Field {
            key: "_match_round".into(),
            value: phh::TomlValue::String(round.clone()),
        }));
    }
    if p.table.play_money {
        user.push(Some(phh::Field { key: "_play_money".into(), value: phh::TomlValue::Boolean(true) }));
    }
    hand.user_fields = user.into_iter().flatten().collect();
}

fn field_int(key: &str, value: Option<i64>) -> Option<phh::Field> {
    value.map(|v| phh::Field { key: key.into(), value: phh::TomlValue::Integer(v) })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A hand of BetOnline's network: its own words for antes, chat, shows and payouts.
    const BETONLINE: &str = "BetOnline Poker Game #1593704164: Hold'em No Limit ($0.01/0.02) - 2016/04/05 08:08:59 Eastern Daylight Time
Table 'Guardians' 10-Max, Seat #2 is the button
Seat 3: Ann (3.93 in chips) - Small Blind
Seat 5: Bob (1.97 in chips) - Big Blind
Seat 2: Cy (2.06 in chips) - The button
Ann: ante processed 0.00
Bob: ante processed 0.00
Cy: ante processed 0.00
Ann: posts small blind 0.01
Bob: posts big blind 0.02
*** HOLE CARDS ***
Dealt to Bob [Jd 10s]
Cy: folds
Cy said \"nh\"
Ann: calls 0.01
Bob: checks
*** FLOP *** [Kc 8d Ad]
Ann: checks
Bob: bets 0.03
Ann: folds
Uncalled bet (0.03) returned to Bob
Bob shows Jd 10s
*** SUMMARY ***
Total pot 0.04 | Rake 0.00
Board [Kc 8d Ad]
Seat 3: Ann folded on the Flop
Seat 5: Bob showed [Jd 10s] and won (0.04)
Seat 2: Cy collected (0.00)
";

    /// A summary's `mucked [..]`: the cards are the player's hole cards (dealt), the player
    /// still mucks; the PokerStars writer writes them back so, and they read back the same.
    #[test]
    fn cards_mucked_in_the_summary_are_the_players_hole_cards() {
        let log = "PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD) - 2021/03/04 5:06:07 ET
Table 'T' 6-max Seat #1 is the button
Seat 1: Ann ($2 in chips)
Seat 2: Bob ($2 in chips)
Ann: posts small blind $0.01
Bob: posts big blind $0.02
*** HOLE CARDS ***
Dealt to Bob [Jd Ts]
Ann: calls $0.01
Bob: checks
*** FLOP *** [Kc 8d Ad]
Bob: checks
Ann: checks
*** TURN *** [Kc 8d Ad] [2s]
Bob: checks
Ann: checks
*** RIVER *** [Kc 8d Ad 2s] [3h]
Bob: checks
Ann: checks
*** SHOW DOWN ***
Bob: shows [Jd Ts] (high card Ace)
Ann: mucks hand
Bob collected $0.04 from pot
*** SUMMARY ***
Total pot $0.04 | Rake $0
Board [Kc 8d Ad 2s 3h]
Seat 1: Ann (button) (small blind) mucked [7c 4h]
Seat 2: Bob (big blind) showed [Jd Ts] and won ($0.04)
";
        let read = |log: &str| {
            let record = crate::pokerstars::Reader::from_str(log, Options::default()).next().unwrap();
            assert!(!record.has_error(), "{:?}", record.diagnostics);
            record.hand.unwrap()
        };
        let hand = read(log);
        let phh = phh::write_hand(&hand);
        // Heads up, PHH lists the big blind first: Ann is p2.
        assert!(phh.contains("'d dh p2 7c4h'"), "{phh}");
        assert!(phh.contains("'p2 sm'"), "{phh}");
        let text = crate::pokerstars::write::write_hand(&hand).unwrap();
        assert!(text.contains("Ann (button) (small blind) mucked [7c 4h]"), "{text}");
        assert_eq!(phh::write_hand(&read(&text)), phh);
    }

    /// BetOnline's pot-limit Omaha, labelled `Hold'em Pot Limit`: four hole cards make it Omaha
    /// (a warning; refused under `strict`); two leave it the pot-limit hold'em PHH cannot write.
    #[test]
    fn betonline_omaha_labelled_holdem() {
        let plo = BETONLINE
            .replace("Hold'em No Limit", "Hold'em Pot Limit")
            .replace("[Jd 10s]", "[Jd 10s 2c 3c]")
            .replace("Bob shows Jd 10s", "Bob shows Jd 10s 2c 3c")
            .replace("showed [Jd 10s]", "showed [Jd 10s 2c 3c]");
        let record = crate::pokerstars::Reader::from_str(&plo, Options::default()).next().unwrap();
        let hand = record.hand.unwrap();
        assert_eq!(hand.variant, Variant::PotLimitOmahaHoldem);
        let codes: Vec<_> = record.diagnostics.iter().map(|d| (d.code(), d.is_error())).collect();
        assert_eq!(codes, [(codes::SITE_GAME_MISLABELLED, false)]);
        let strict = crate::pokerstars::Reader::from_str(&plo, Options { strict: true }).next().unwrap();
        assert!(strict.hand.is_none());
        assert_eq!(error_codes_of(&strict), [codes::SITE_GAME_MISLABELLED]);
        let plh = BETONLINE.replace("Hold'em No Limit", "Hold'em Pot Limit");
        assert_eq!(error_codes(&plh), [codes::SITE_GAME_UNSUPPORTED]);
    }

    /// BetOnline's network writes no street line after an all in: the board is dealt from the
    /// summary's `Board [..]`, street by street, before the showdown.
    #[test]
    fn betonline_board_in_the_summary_only() {
        let log = "BetOnline Poker Game #900203618: Hold'em No Limit ($0.25/0.50) - 2011/08/07 15:06 Eastern Daylight Time
Table 'John Wayne (50bb)' 10-Max, Seat #1 is the button
Seat 1: Ann (10.00 in chips) - Small Blind
Seat 2: Bob (10.00 in chips) - Big Blind
Ann: posts small blind 0.25
Bob: posts big blind 0.50
*** HOLE CARDS ***
Ann: raises 9.50 to 10.00 and is all in
Bob: calls 9.50
*** SHOW DOWN ***
Bob shows Js As
Ann shows Ks Ah
*** SUMMARY ***
Total pot 20.00 | Rake 0.00
Board [Qh 7c Qc 4h Ac]
Seat 1: Ann showed [Ks Ah] and won (20.00)
Seat 2: Bob showed [Js As] but did not win
";
        let record = crate::pokerstars::Reader::from_str(log, Options::default()).next().unwrap();
        let hand = record.hand.unwrap_or_else(|| panic!("{:?}", record.diagnostics));
        let deals: Vec<String> = hand
            .actions
            .iter()
            .filter(|a| matches!(a.kind, ActionKind::DealBoard { .. }))
            .map(|a| a.to_string())
            .collect();
        assert_eq!(deals, ["d db Qh7cQc", "d db 4h", "d db Ac"].map(str::to_owned).to_vec(), "{deals:?}");
        // Bob (p1, the big blind) loses to Ann's king kicker on the summary's board.
        let finishing = hand.finishing_stacks.unwrap();
        assert_eq!(finishing, [Quantity::Finite(Amount::ZERO), Quantity::Finite(Amount::from_int(20))]);
        // A summary board that contradicts the streets' cards is not dealt.
        let wrong = log.replace("*** SHOW DOWN ***", "*** FLOP *** [2c 3c 4c]\n*** SHOW DOWN ***");
        let record = crate::pokerstars::Reader::from_str(&wrong, Options::default()).next().unwrap();
        assert!(record.hand.is_none());
    }

    /// BetOnline's network: `Dealt to NAME []` says the seat was not dealt in.
    #[test]
    fn betonline_empty_deal_is_no_player() {
        let log =
            BETONLINE.replace("Dealt to Bob [Jd 10s]", "Dealt to Bob [Jd 10s]\nDealt to Dan []").replace(
                "Seat 2: Cy (2.06 in chips) - The button",
                "Seat 2: Cy (2.06 in chips) - The button\nSeat 4: Dan (1.00 in chips)",
            );
        let record = crate::pokerstars::Reader::from_str(&log, Options::default()).next().unwrap();
        let hand = record.hand.unwrap_or_else(|| panic!("{:?}", record.diagnostics));
        assert_eq!(hand.players.unwrap(), ["Ann", "Bob", "Cy"]);
    }

    fn error_codes_of(record: &Record) -> Vec<&'static str> {
        record.diagnostics.iter().filter(|d| d.is_error()).map(Diagnostic::code).collect()
    }

    fn error_codes(log: &str) -> Vec<&'static str> {
        let record = crate::pokerstars::Reader::from_str(log, Options::default()).next().unwrap();
        record.diagnostics.iter().filter(|d| d.is_error()).map(Diagnostic::code).collect()
    }

    /// A log in the client's language is read with a warning, refused under `strict`.
    #[test]
    fn client_language_is_a_leniency() {
        let log = include_str!("../../../../corpus/sitelogs/pokerstars/cases/client_language.txt");
        let read = |strict| crate::pokerstars::Reader::from_str(log, Options { strict }).collect::<Vec<_>>();
        let lenient = read(false);
        assert_eq!(lenient.iter().filter(|r| r.hand.is_some()).count(), 6);
        let strict = read(true);
        assert!(strict.iter().all(|r| r.hand.is_none()));
        for record in &strict {
            assert!(
                record.diagnostics.iter().any(|d| d.is_error() && d.code() == codes::SITE_CLIENT_LANGUAGE)
            );
        }
        assert!(codes::LENIENCIES.contains(&codes::SITE_CLIENT_LANGUAGE));
    }

    /// The rake comes from the players paid: a loser the log makes put in more than the replay
    /// does (a call over the bet) is no rake, even when the summary's rake covers it (F32).
    #[test]
    fn rake_is_taken_from_the_players_paid() {
        let log = "PokerStars Hand #1: Hold'em No Limit ($1/$2 USD) - 2021/03/04 5:06:07 ET
Table 'T' 6-max Seat #1 is the button
Seat 1: Ann ($100 in chips)
Seat 2: Bob ($100 in chips)
Seat 3: Cy ($100 in chips)
Bob: posts small blind $1
Cy: posts big blind $2
*** HOLE CARDS ***
Ann: raises $2 to $4
Bob: folds
Cy: calls $3
*** FLOP *** [2c 7d Th]
Cy: checks
Ann: bets $6
Cy: folds
Uncalled bet ($6) returned to Ann
Ann collected $8.50 from pot
*** SUMMARY ***
Total pot $10 | Rake $1.50
";
        // The differences add up to the rake ($0.50 off Ann, $1 off Cy), but Cy is paid nothing.
        assert_eq!(error_codes(log), [codes::SITE_INCONSISTENT]);
        // As played (a call of $2), a rake of $0.50 off Ann imports.
        let played = log
            .replace("calls $3", "calls $2")
            .replace("Total pot $10 | Rake $1.50", "Total pot $9 | Rake $0.50");
        assert!(error_codes(&played).is_empty());
    }

    #[test]
    fn betonline_words() {
        let lines: Vec<Line> = BETONLINE
            .lines()
            .enumerate()
            .map(|(i, text)| Line { text: text.to_owned(), span: Span::at(i) })
            .collect();
        let record = import(&lines, &Options::default());
        let hand = record.hand.unwrap_or_else(|| panic!("{:?}", record.diagnostics));
        let stacks: Vec<String> = hand.finishing_stacks.unwrap().iter().map(ToString::to_string).collect();
        assert_eq!(stacks, ["3.91", "1.99", "2.06"]);
        assert!(hand.actions.iter().any(|a| a.to_string() == "d dh p2 JdTs"));
    }
}
