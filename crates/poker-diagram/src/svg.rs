//! One frame as SVG: the table as an oval, the seats around it (p1 at the bottom, then
//! clockwise), the board and pots in the middle, each player's bet between their seat and the
//! middle. Suits in the bridge diagrams' colours (hearts and diamonds red); the shapes alone tell
//! the suits apart in black and white.

use std::fmt::Write as _;

use cards_core::{MaybeCard, Suit};

use crate::{Frame, SeatView, escape};

const WIDTH: f64 = 720.0;
const HEIGHT: f64 = 460.0;
const RED: &str = "#c8102e";
const BLUE: &str = "#1565c0";
const FELT: &str = "#2e7d32";

/// The frame as a standalone SVG document (`xmlns` set), 720 by 460 user units.
#[must_use]
pub fn svg(frame: &Frame) -> String {
    let mut out = String::with_capacity(8 << 10);
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {WIDTH} {HEIGHT}\" width=\"{WIDTH}\" height=\"{HEIGHT}\" \
         font-family=\"DejaVu Sans, Arial, Helvetica, sans-serif\" font-size=\"13\" role=\"img\">"
    );
    draw(&mut out, frame);
    out.push_str("</svg>\n");
    out
}

/// The frame's drawing, without the `<svg>` element (the HTML page inlines it).
pub(crate) fn draw(out: &mut String, frame: &Frame) {
    let (cx, cy) = (WIDTH / 2.0, HEIGHT / 2.0 + 10.0);
    let _ = writeln!(out, "<title>{}</title>", escape(&caption(frame)));
    let _ = writeln!(out, "<rect width=\"{WIDTH}\" height=\"{HEIGHT}\" fill=\"#ffffff\"/>");
    let _ = writeln!(
        out,
        "<ellipse cx=\"{cx}\" cy=\"{cy}\" rx=\"250\" ry=\"130\" fill=\"{FELT}\" stroke=\"#1b5e20\" stroke-width=\"6\"/>"
    );
    // The step, above the table.
    let colour = if frame.failed { RED } else { "#000000" };
    let _ = writeln!(
        out,
        "<text x=\"12\" y=\"22\" font-size=\"15\" font-weight=\"bold\" fill=\"{colour}\">{}</text>",
        escape(&caption(frame))
    );
    let _ = writeln!(out, "<text x=\"12\" y=\"42\" fill=\"#444444\">next: {}</text>", escape(&frame.next));
    // The middle: pots, then the board.
    let pots = match frame.pots.as_slice() {
        [] | [_] => format!("Pot {}", frame.pot),
        pots => {
            let parts: Vec<String> = pots
                .iter()
                .enumerate()
                .map(
                    |(i, (amount, _))| {
                        if i == 0 { format!("main {amount}") } else { format!("side {i} {amount}") }
                    },
                )
                .collect();
            format!("Pot {} ({})", frame.pot, parts.join(", "))
        }
    };
    let _ = writeln!(
        out,
        "<text class=\"pot\" x=\"{cx}\" y=\"{}\" text-anchor=\"middle\" fill=\"#ffffff\" font-weight=\"bold\">{}</text>",
        cy - 34.0,
        escape(&pots)
    );
    let board_width = frame.board.len() as f64 * 34.0;
    for (i, card) in frame.board.iter().enumerate() {
        card_at(out, cx - board_width / 2.0 + i as f64 * 34.0 + 2.0, cy - 22.0, *card, true);
    }
    let n = frame.seats.len().max(1);
    for (p, seat) in frame.seats.iter().enumerate() {
        // p1 at the bottom, then clockwise (on screen: increasing angle from straight down).
        let angle = std::f64::consts::FRAC_PI_2 + std::f64::consts::TAU * p as f64 / n as f64;
        let (sx, sy) = (cx + 300.0 * angle.cos(), cy + 175.0 * angle.sin());
        seat_at(out, sx, sy, p, seat);
        // The bet, two fifths of the way to the middle.
        if seat.bet != "0" {
            let (bx, by) = (sx + (cx - sx) * 0.42, sy + (cy - sy) * 0.42);
            let _ = writeln!(
                out,
                "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"7\" fill=\"#fdd835\" stroke=\"#000000\"/>\
                 <text class=\"bet\" x=\"{:.1}\" y=\"{:.1}\" fill=\"#ffffff\">{}</text>",
                bx - 12.0,
                by - 4.0,
                bx - 2.0,
                by,
                escape(&seat.bet)
            );
        }
    }
}

/// `Step 4 · p2 cbr 6 · preflop`, the notes after it.
pub(crate) fn caption(frame: &Frame) -> String {
    let mut out = match frame.action {
        Some(i) => format!("{}. {}", i + 1, frame.step),
        None => frame.step.clone(),
    };
    if frame.repaired {
        out.push_str(" (repaired)");
    }
    out.push_str(" · ");
    out.push_str(&frame.street);
    out
}

fn seat_at(out: &mut String, x: f64, y: f64, p: usize, seat: &SeatView) {
    let (w, h) = (132.0, 58.0);
    let (left, top) = (x - w / 2.0, y - h / 2.0);
    let stroke = if seat.to_act { BLUE } else { "#555555" };
    let width = if seat.to_act { 3 } else { 1 };
    let opacity = if seat.active { "1" } else { "0.45" };
    let _ = writeln!(out, "<g class=\"seat\" data-player=\"{}\" opacity=\"{opacity}\">", p + 1);
    let _ = writeln!(
        out,
        "<rect x=\"{left:.1}\" y=\"{top:.1}\" width=\"{w}\" height=\"{h}\" rx=\"8\" fill=\"#fafafa\" stroke=\"{stroke}\" stroke-width=\"{width}\"/>"
    );
    let _ = writeln!(
        out,
        "<text x=\"{:.1}\" y=\"{:.1}\" font-weight=\"bold\">{}</text>",
        left + 6.0,
        top + 16.0,
        escape(&truncate(&seat.name, 14))
    );
    let _ = writeln!(
        out,
        "<text class=\"stack\" x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>",
        left + w - 6.0,
        top + 16.0,
        escape(&seat.stack)
    );
    for (i, (card, up)) in seat.cards.iter().enumerate() {
        card_small(out, left + 6.0 + i as f64 * 18.0, top + 22.0, *card, *up);
    }
    if let Some(payoff) = &seat.payoff {
        let colour = if payoff.starts_with('+') {
            "#2e7d32"
        } else if payoff.starts_with('-') {
            RED
        } else {
            "#555555"
        };
        let _ = writeln!(
            out,
            "<text class=\"payoff\" x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\" fill=\"{colour}\" font-weight=\"bold\">{}</text>",
            left + w - 6.0,
            top + h - 6.0,
            escape(payoff)
        );
    }
    if seat.button {
        let _ = writeln!(
            out,
            "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"9\" fill=\"#ffffff\" stroke=\"#000000\"/>\
             <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" font-size=\"11\" font-weight=\"bold\">D</text>",
            left + w + 4.0,
            top + 2.0,
            left + w + 4.0,
            top + 6.0
        );
    }
    out.push_str("</g>\n");
}

fn truncate(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        text.to_owned()
    } else {
        let mut t: String = text.chars().take(max - 1).collect();
        t.push('…');
        t
    }
}

fn suit_colour(suit: Suit) -> &'static str {
    if matches!(suit, Suit::Hearts | Suit::Diamonds) { RED } else { "#000000" }
}

/// A board card, 30 by 42.
fn card_at(out: &mut String, x: f64, y: f64, card: MaybeCard, up: bool) {
    let _ = write!(
        out,
        "<rect x=\"{x:.1}\" y=\"{y:.1}\" width=\"30\" height=\"42\" rx=\"3\" fill=\"#ffffff\" stroke=\"#000000\"/>"
    );
    card_face(out, x + 15.0, y + 27.0, card, up, 15);
}

/// A hole card, 16 by 24; face down, a blue back with the card (if known) in white.
fn card_small(out: &mut String, x: f64, y: f64, card: MaybeCard, up: bool) {
    let (fill, stroke) = if up { ("#ffffff", "#000000") } else { ("#e3f2fd", BLUE) };
    let _ = write!(
        out,
        "<rect x=\"{x:.1}\" y=\"{y:.1}\" width=\"16\" height=\"24\" rx=\"2\" fill=\"{fill}\" stroke=\"{stroke}\"/>"
    );
    card_face(out, x + 8.0, y + 16.0, card, up, 10);
}

fn card_face(out: &mut String, x: f64, y: f64, card: MaybeCard, up: bool, size: u8) {
    let Some(card) = card.known() else {
        let _ = writeln!(
            out,
            "<text x=\"{x:.1}\" y=\"{y:.1}\" text-anchor=\"middle\" font-size=\"{size}\" fill=\"{BLUE}\">?</text>"
        );
        return;
    };
    let rank = card.rank().char();
    let rank = if rank == 'T' { "10".to_owned() } else { rank.to_string() };
    let weight = if up { "" } else { " font-style=\"italic\"" };
    let _ = writeln!(
        out,
        "<text x=\"{x:.1}\" y=\"{y:.1}\" text-anchor=\"middle\" font-size=\"{size}\"{weight}>{rank}<tspan fill=\"{}\">{}</tspan></text>",
        suit_colour(card.suit()),
        card.suit().symbol()
    );
}
