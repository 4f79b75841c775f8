//! One hand's lines read into a [`Parsed`]: the header and table line ([`read_head`]), then each
//! line by its kind (the summary's, a street marker, a deal, an uncalled bet, a seated player's
//! action or show, chatter), then what the summary adds ([`LineReader::finish`]).

use std::borrow::Cow;
use std::ops::ControlFlow;

use cards_core::{Amount, Card, Span};

use super::header;
use super::lang::{self, Lang};
use super::model::{Ctx, Event, Parsed, Post, Seat};
use super::words::{
    action_event, card_groups, is_chatter, lead_amount, name_prefix, name_suffix, names_word, parse_seat,
    summary_collected, summary_muck, summary_show, unawarded,
};
use crate::text::Line;
use crate::{codes, money};

/// Why run-it-twice hands are refused: PHH's actions deal one board (`d db` per street) and the
/// replay pays one showdown; a second board would be read as the next street, and keeping one run
/// would pay a pot the log split between the runs.
const RUN_IT_TWICE: &str = "the hand was run more than once: PHH deals one board per hand and pays \
     one showdown, so the runs and the pot split between them cannot be written";

/// Reads the lines of one hand into seats and events.
pub(super) fn read_lines(lines: &[Line], ctx: &mut Ctx<'_>) -> Option<Parsed> {
    let first = lines.first()?;
    let (parsed, language, rest) = read_head(lines, ctx)?;
    let mut reader = LineReader { parsed, language, in_summary: false, board: Vec::new(), paid: Vec::new() };
    for line in rest {
        let (mut spaced, mut translated) = (String::new(), String::new());
        let Some(text) = reader.english(line, &mut spaced, &mut translated) else { continue };
        if reader.line(text, line.span, ctx).is_break() {
            return None;
        }
    }
    let last = lines.last().map_or(first.span, |l| l.span);
    reader.finish(last, ctx);
    (!ctx.refused).then_some(reader.parsed)
}

/// The header and the table line (read through the client's language), with a
/// [`codes::SITE_CLIENT_LANGUAGE`] warning for a log in one: the hand so far, its language, and
/// the lines after the table line.
fn read_head<'l>(lines: &'l [Line], ctx: &mut Ctx<'_>) -> Option<(Parsed, Option<Lang>, &'l [Line])> {
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
        ctx.convention(codes::SITE_CLIENT_LANGUAGE, message, first.span);
    }
    let Some(at) = lines.iter().skip(1).position(|l| !l.text.trim().is_empty()).map(|k| k + 1) else {
        ctx.error(codes::SITE_INCOMPLETE, "the hand ends after its header", first.span);
        return None;
    };
    let table_line = &lines[at];
    let table_text = table_line.text.trim_end();
    let table_text = language.map_or(Cow::Borrowed(table_text), |l| lang::table(l, table_text));
    let Some(table) = header::parse_table(&table_text) else {
        ctx.error(
            codes::SITE_BAD_TABLE,
            "expected `Table '<name>' <n>-max Seat #<n> is the button`",
            table_line.span,
        );
        return None;
    };
    let parsed = Parsed {
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
    Some((parsed, language, &lines[at + 1..]))
}

/// The lines after the table line, one at a time.
struct LineReader {
    parsed: Parsed,
    language: Option<Lang>,
    /// After `*** SUMMARY ***`.
    in_summary: bool,
    /// The summary's `Board [..]`.
    board: Vec<Card>,
    /// `Seat N: NAME collected (X)` of the summary: the payouts of a log that writes none above it.
    paid: Vec<((usize, Amount), Span)>,
}

impl LineReader {
    /// The line's text in English, its no-break spaces plain and its end trimmed; `None` for a
    /// blank line. `spaced` and `translated` hold the text rewritten.
    fn english<'t>(
        &self,
        line: &'t Line,
        spaced: &'t mut String,
        translated: &'t mut String,
    ) -> Option<&'t str> {
        // Newer clients write no-break spaces in some lines (`posts button blind\u{a0}$2`, and
        // a French client's `NAME\u{202f}: `).
        let mut text = if line.text.contains(['\u{a0}', '\u{202f}']) {
            *spaced = line.text.replace(['\u{a0}', '\u{202f}'], " ");
            spaced.trim_end()
        } else {
            line.text.trim_end()
        };
        if let Some(language) = self.language {
            let names: Vec<&str> = self.parsed.seats.iter().map(|s| s.name.as_str()).collect();
            if let Some(english) = lang::line(language, text, &names) {
                *translated = english;
                text = translated.as_str();
            }
        }
        (!text.is_empty()).then_some(text)
    }

    /// Reads one line by its kind; `Break` when the hand was cancelled.
    fn line(&mut self, text: &str, span: Span, ctx: &mut Ctx<'_>) -> ControlFlow<()> {
        if self.in_summary {
            self.summary_line(text, span, ctx);
            return ControlFlow::Continue(());
        }
        if self.parsed.events.is_empty() && text.starts_with("Seat ") {
            // Seats sitting out stay: tournaments deal them in and post for them.
            if let Some((number, name, stack)) = parse_seat(text) {
                self.parsed.seats.push(Seat { number, name, stack });
                return ControlFlow::Continue(());
            }
        }
        if let Some(marker) = text.strip_prefix("*** ") {
            self.marker(marker, text, span, ctx);
        } else if let Some(rest) = text.strip_prefix("Dealt to ") {
            self.dealt(rest, text, span, ctx);
        } else if let Some(rest) = text.strip_prefix("Uncalled bet (") {
            self.uncalled(rest, span, ctx);
        } else if text == "Hand cancelled" {
            ctx.error(codes::SITE_INCOMPLETE, "the hand was cancelled", span);
            return ControlFlow::Break(());
        } else if !self.seated_line(text, span, ctx) && !self.named_line(text, span, ctx) {
            self.other_line(text, span, ctx);
        }
        ControlFlow::Continue(())
    }

    /// A line of the summary: the total pot and rake, the board, shows, mucks and payouts.
    fn summary_line(&mut self, text: &str, span: Span, ctx: &mut Ctx<'_>) {
        let parsed = &mut self.parsed;
        if let Some(rest) = text.strip_prefix("Total pot ").or_else(|| text.strip_prefix("Total pot: ")) {
            parsed.total_pot = lead_amount(rest);
            parsed.total_span = Some(span);
            parsed.rake = rest.split_once("| Rake ").and_then(|(_, r)| lead_amount(r));
        } else if let Some(cards) = text.strip_prefix("Board ").and_then(card_groups) {
            self.board = cards.into_iter().flatten().collect();
        } else if let Some(shown) = summary_show(&parsed.seats, text) {
            if let Some(won) = unawarded(text) {
                // `won ($38.95) ... (pot not awarded as player cashed out)`: the cards won it.
                parsed.events.push((Event::Collected { seat: shown.0, amount: won }, span));
            }
            parsed.summary_shows.push((shown.0, shown.1, span));
            if let Some(won) = summary_collected(&parsed.seats, text) {
                self.paid.push((won, span));
            }
        } else if let Some(mucked) = summary_muck(&parsed.seats, text) {
            parsed.summary_mucks.push(mucked);
            if let Some(won) = summary_collected(&parsed.seats, text) {
                self.paid.push((won, span));
            }
        } else if text.starts_with("Hand was run t") {
            ctx.refuse(codes::SITE_RUN_IT_TWICE, RUN_IT_TWICE, span);
        } else if let Some(won) = summary_collected(&parsed.seats, text) {
            self.paid.push((won, span));
        }
    }

    /// `*** NAME ***`: a deal, a street (with its board cards), a draw, the showdown or the summary.
    fn marker(&mut self, marker: &str, text: &str, span: Span, ctx: &mut Ctx<'_>) {
        let name = marker.split(" ***").next().unwrap_or_default();
        let event = match name {
            "HOLE CARDS" | "3rd STREET" | "DEALING HANDS" | "PRE-DRAW" => Event::Deal,
            "FLOP" | "TURN" | "RIVER" | "4th STREET" | "5th STREET" | "6th STREET" => {
                let board = card_groups(marker).and_then(|g| g.last().cloned()).unwrap_or_default();
                let game = &self.parsed.header.game;
                let stud = game.contains("Stud") || game.starts_with("Razz");
                Event::Street { board: if stud { Vec::new() } else { board } }
            }
            "FIRST DRAW" | "SECOND DRAW" | "THIRD DRAW" | "DRAW" => Event::Draw,
            "SHOW DOWN" | "SHOWDOWN" => Event::Showdown,
            "SUMMARY" => {
                self.in_summary = true;
                return;
            }
            _ if name.starts_with("FIRST ") || name.starts_with("SECOND ") || name.starts_with("THIRD ") => {
                ctx.refuse(codes::SITE_RUN_IT_TWICE, RUN_IT_TWICE, span);
                return;
            }
            _ => {
                ctx.refuse(codes::SITE_UNKNOWN_LINE, format!("unknown street marker `{text}`"), span);
                return;
            }
        };
        self.parsed.events.push((event, span));
    }

    /// `Dealt to NAME [cards][ [new cards]]`.
    fn dealt(&mut self, rest: &str, text: &str, span: Span, ctx: &mut Ctx<'_>) {
        let seats = &self.parsed.seats;
        // A seat's name may hold brackets itself (`PC [Mittel]`): the longest seated name
        // followed by a bracket, else the text before the first bracket.
        let open = name_prefix(seats, rest, " [")
            .map(|(seat, _)| seats[seat].name.len())
            .or_else(|| rest.find(" ["))
            .unwrap_or(rest.len());
        match (name_suffix(seats, &rest[..open]), card_groups(&rest[open..])) {
            // BetOnline's network: `Dealt to NAME []`, a seat not dealt in (sitting out).
            (Some(_), Some(groups)) if groups.iter().all(Vec::is_empty) => {}
            (Some(seat), Some(groups)) => self.parsed.events.push((Event::Dealt { seat, groups }, span)),
            (None, _) => {
                // Cards dealt to no seated player (a converter's placeholder for an observer):
                // nothing of the hand's play, skipped.
                unknown_line(ctx, text, span);
            }
            (_, None) => {
                ctx.refuse(codes::SITE_BAD_CARDS, "unreadable cards", span);
            }
        }
    }

    /// `Uncalled bet (X) returned to NAME`.
    fn uncalled(&mut self, rest: &str, span: Span, ctx: &mut Ctx<'_>) {
        let amount = rest.split(')').next().and_then(money::parse);
        let seat = rest.split_once(" returned to ").and_then(|(_, n)| name_suffix(&self.parsed.seats, n));
        match (amount, seat) {
            (Some(amount), Some(seat)) => self.parsed.events.push((Event::Uncalled { seat, amount }, span)),
            _ => ctx.refuse(codes::SITE_BAD_AMOUNT, "unreadable uncalled bet", span),
        }
    }

    /// `NAME: ...`, a seated player's action; whether the line is one.
    fn seated_line(&mut self, text: &str, span: Span, ctx: &mut Ctx<'_>) -> bool {
        let Some((seat, rest)) = name_prefix(&self.parsed.seats, text, ": ") else {
            return false;
        };
        if let Some(live) = rest.strip_prefix("post dead ").and_then(lead_amount) {
            // BetOnline's network: a returning player's blinds, the amount written being the
            // live big blind; the small blind goes in dead beside it (the pot and rake of the
            // summary count it).
            let small = self.parsed.header.stakes.map_or(Amount::ZERO, |(small, _)| small);
            let amount = money::plus(live, small);
            self.parsed.events.push((Event::Blind { seat, amount, kind: Post::SmallAndBig }, span));
            return true;
        }
        match action_event(seat, rest) {
            None => {}
            Some(Ok(event)) => self.parsed.events.push((event, span)),
            Some(Err(code)) if code == codes::SITE_UNKNOWN_LINE => {
                unreadable_action(ctx, &self.parsed.seats[seat].name, text, span);
            }
            Some(Err(code)) => {
                let message =
                    if code == codes::SITE_BAD_CARDS { "unreadable cards" } else { "unreadable amount" };
                ctx.refuse(code, message, span);
            }
        }
        true
    }

    /// `NAME has left the table`, `NAME shows ...`, `NAME collected ...`, `NAME cashed out ...` (no
    /// colon), and Run It Once's `STP added`; whether the line is one of them.
    fn named_line(&mut self, text: &str, span: Span, ctx: &mut Ctx<'_>) -> bool {
        let seats = &self.parsed.seats;
        let events = &mut self.parsed.events;
        if let Some((seat, "")) = name_prefix(seats, text, " has left the table") {
            events.push((Event::Left { seat }, span));
        } else if let Some((seat, rest)) = name_prefix(seats, text, " shows ")
            .filter(|(_, rest)| !rest.starts_with('[') && card_groups(&format!("[{rest}]")).is_some())
        {
            // BetOnline's network: `NAME shows 7s 9h`, no brackets.
            if let Some(cards) = card_groups(&format!("[{rest}]")).and_then(|g| g.into_iter().next()) {
                events.push((Event::Show { seat, cards }, span));
            }
        } else if let Some((seat, rest)) = name_prefix(seats, text, " shows [") {
            // Run It Once's copy of the layout: `NAME shows [4s 4d] for Three of Kind [...]`.
            match card_groups(&format!("[{rest}")).and_then(|g| g.into_iter().next()) {
                Some(cards) => events.push((Event::Show { seat, cards }, span)),
                None => ctx.refuse(codes::SITE_BAD_CARDS, "unreadable cards", span),
            }
        } else if text.starts_with("STP added") {
            // Run It Once's Splash the Pot: the house adds to the pot.
            ctx.refuse(
                codes::SITE_CASH_DROP,
                "the house added money to the pot (`STP added`): PHH has no notation for it",
                span,
            );
        } else if let Some((seat, rest)) = name_prefix(seats, text, " collected ") {
            match lead_amount(rest) {
                Some(amount) => events.push((Event::Collected { seat, amount }, span)),
                None => ctx.refuse(codes::SITE_BAD_AMOUNT, "unreadable amount collected", span),
            }
        } else if let Some((seat, rest)) = name_prefix(seats, text, " cashed out the hand for ") {
            match lead_amount(rest) {
                Some(amount) => events.push((Event::CashOut { seat, amount }, span)),
                None => ctx.refuse(codes::SITE_BAD_AMOUNT, "unreadable cash-out amount", span),
            }
        } else {
            return false;
        }
        true
    }

    /// Any other line: chatter and a repeated table line are skipped; one naming a seated player
    /// refuses the hand, one naming an unseated player too; the rest is skipped with a warning.
    fn other_line(&mut self, text: &str, span: Span, ctx: &mut Ctx<'_>) {
        let seats = &self.parsed.seats;
        if is_chatter(text) || text.starts_with("Table '") {
            return;
        }
        if let Some((seat, _)) = name_prefix(seats, text, ":") {
            unreadable_action(ctx, &seats[seat].name, text, span);
        } else if let Some(seat) = seats.iter().find(|s| names_word(text, &s.name)) {
            // A garbled `Dealt to NAME [...]`, for one: the player's cards or play are unknown.
            unreadable_action(ctx, &seat.name, text, span);
        } else if let Some((name, _)) = text.split_once(": ")
            && (!name.contains(' ') || name.len() < 40)
        {
            ctx.refuse(codes::SITE_UNKNOWN_PLAYER, format!("`{name}` has no seat in this hand"), span);
        } else {
            unknown_line(ctx, text, span);
        }
    }

    /// After the last line: the summary's payouts where the play writes none, its board's cards
    /// not dealt on a street, and a hand without a summary (`last` is its last line).
    fn finish(&mut self, last: Span, ctx: &mut Ctx<'_>) {
        let parsed = &mut self.parsed;
        if !parsed.events.iter().any(|(e, _)| matches!(e, Event::Collected { .. })) {
            // BetOnline's network writes who collected what in the summary only.
            for ((seat, amount), span) in std::mem::take(&mut self.paid) {
                if !amount.is_zero() {
                    parsed.events.push((Event::Collected { seat, amount }, span));
                }
            }
        }
        deal_summary_board(parsed, std::mem::take(&mut self.board));
        if self.in_summary {
            return;
        }
        if parsed.events.iter().any(|(e, _)| matches!(e, Event::Collected { .. })) {
            // Paid out, then cut: the play is whole, the summary (rake) is what is missing.
            parsed.no_summary = true;
            let message = "the hand has no `*** SUMMARY ***` (the file ends after its payout): \
                 read from its play, the rake taken as what was put in less what was paid out";
            ctx.convention(codes::SITE_NO_SUMMARY, message, last);
        } else {
            ctx.refuse(codes::SITE_INCOMPLETE, "the hand has no `*** SUMMARY ***`", last);
        }
    }
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

fn unknown_line(ctx: &mut Ctx<'_>, text: &str, span: Span) {
    let message = format!("line not understood, skipped: `{text}`");
    if ctx.strict {
        ctx.error(codes::SITE_UNKNOWN_LINE, message, span);
    } else {
        ctx.warn(codes::SITE_UNKNOWN_LINE, message, span);
    }
}
