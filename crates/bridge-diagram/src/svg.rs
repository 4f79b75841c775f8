//! The four-hand diagram of one board as SVG.

use std::fmt::Write as _;

use bridge_core::{Denomination, Vulnerability};
use cards_core::{Card, Compass, Rank, Suit};
use pbn::model::Contract;

use crate::escape;
use crate::model::Board;

/// Width and height of the diagram, in SVG user units (about pixels).
pub const WIDTH: u32 = 400;
/// Height of the diagram.
pub const HEIGHT: u32 = 316;

const FONT: &str = "DejaVu Sans, Arial, Helvetica, sans-serif";
const RED: &str = "#c8102e";
const LINE: u32 = 18;

/// The diagram of one board as a standalone SVG document.
#[must_use]
pub fn svg(board: &Board) -> String {
    let mut out = String::with_capacity(8 << 10);
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{HEIGHT}\" viewBox=\"0 0 {WIDTH} {HEIGHT}\" \
         font-family=\"{FONT}\" font-size=\"14\" role=\"img\" aria-label=\"Board {}\">",
        escape(&board.number)
    );
    let _ = writeln!(out, "<rect width=\"{WIDTH}\" height=\"{HEIGHT}\" fill=\"#ffffff\"/>");
    header(&mut out, board);
    if let Some(deal) = &board.deal {
        for (seat, x, y) in [
            (Compass::North, 160, 20),
            (Compass::West, 8, 118),
            (Compass::East, 268, 118),
            (Compass::South, 160, 216),
        ] {
            if let Some(hand) = deal.hand(seat) {
                write_hand(&mut out, hand, x, y);
            }
        }
    }
    compass(&mut out, board);
    contract(&mut out, board);
    par(&mut out, board);
    dd_table(&mut out, board);
    out.push_str("</svg>\n");
    out
}

fn header(out: &mut String, board: &Board) {
    let number = if board.number.is_empty() { "?" } else { &board.number };
    let _ = writeln!(
        out,
        "<text x=\"8\" y=\"20\" font-weight=\"bold\" font-size=\"16\">Board {}</text>",
        escape(number)
    );
    let dealer = board.dealer.map_or_else(|| "?".to_owned(), |d| seat_name(d).to_owned());
    let _ = writeln!(out, "<text x=\"8\" y=\"40\">Dealer: {dealer}</text>");
    let _ = writeln!(out, "<text x=\"8\" y=\"58\">Vul: {}</text>", vulnerability_words(board.vulnerability));
}

fn write_hand(out: &mut String, hand: cards_core::CardSet, x: u32, y: u32) {
    for (i, suit) in [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs].into_iter().enumerate() {
        let ranks: String = Rank::ALL
            .iter()
            .rev()
            .filter(|&&r| hand.contains(Card::new(r, suit)))
            .map(|&r| if r == Rank::Ten { "10".to_owned() } else { r.char().to_string() })
            .collect();
        let ranks = if ranks.is_empty() { "\u{2014}".to_owned() } else { ranks };
        let _ = writeln!(
            out,
            "<text x=\"{x}\" y=\"{}\">{}<tspan dx=\"4\">{ranks}</tspan></text>",
            y + i as u32 * LINE,
            suit_symbol(suit)
        );
    }
}

/// A suit symbol in its colour; the shapes alone tell the suits apart in black and white.
fn suit_symbol(suit: Suit) -> String {
    let colour = if matches!(suit, Suit::Hearts | Suit::Diamonds) { RED } else { "#000000" };
    format!("<tspan fill=\"{colour}\">{}</tspan>", suit.symbol())
}

fn strain_symbol(d: Denomination) -> String {
    d.trump().map_or_else(|| "NT".to_owned(), suit_symbol)
}

/// The table in the middle: each seat's letter, red with white letters for a vulnerable side.
fn compass(out: &mut String, board: &Board) {
    let (x, y, w, h) = (152, 96, 96, 96);
    let _ = writeln!(
        out,
        "<rect x=\"{x}\" y=\"{y}\" width=\"{w}\" height=\"{h}\" fill=\"#f4f4f4\" stroke=\"#000000\"/>"
    );
    for seat in Compass::ALL {
        let vulnerable = board.vulnerability.is_some_and(|v| v.is_vulnerable(seat));
        let (bx, by, bw, bh) = match seat {
            Compass::North => (x, y, w, 20),
            Compass::South => (x, y + h - 20, w, 20),
            Compass::West => (x, y, 20, h),
            Compass::East => (x + w - 20, y, 20, h),
        };
        if vulnerable {
            let _ =
                writeln!(out, "<rect x=\"{bx}\" y=\"{by}\" width=\"{bw}\" height=\"{bh}\" fill=\"{RED}\"/>");
        }
        let (tx, ty) = (bx + bw / 2, by + bh / 2 + 5);
        let fill = if vulnerable { "#ffffff" } else { "#000000" };
        let weight = if board.dealer == Some(seat) {
            " font-weight=\"bold\" text-decoration=\"underline\""
        } else {
            ""
        };
        let _ = writeln!(
            out,
            "<text x=\"{tx}\" y=\"{ty}\" text-anchor=\"middle\" fill=\"{fill}\"{weight}>{}</text>",
            seat.char()
        );
    }
}

fn contract(out: &mut String, board: &Board) {
    let Some((contract, declarer, tricks)) = board.contract else { return };
    let text = match contract {
        Contract::Pass => "Passed out".to_owned(),
        Contract::Bid(bridge_core::Contract { level, denomination, risk }) => {
            let by = declarer.map_or_else(String::new, |d| format!(" {}", d.char()));
            format!("{level}{}{}{by}", strain_symbol(denomination), risk.text())
        }
        Contract::Trump(d) => format!("Trumps {}", strain_symbol(d)),
    };
    let _ = writeln!(out, "<text x=\"392\" y=\"20\" text-anchor=\"end\">{text}</text>");
    if let (Some(tricks), Contract::Bid(_)) = (tricks, contract) {
        let _ = writeln!(out, "<text x=\"392\" y=\"40\" text-anchor=\"end\">Tricks: {tricks}</text>");
    }
}

fn par(out: &mut String, board: &Board) {
    let (contracts, score) = if let Some(par) = &board.par {
        let contracts: Vec<String> = par
            .contracts
            .iter()
            .map(|c| {
                let double = if c.doubled { "X" } else { "" };
                let result = match c.overtricks {
                    0 => "=".to_owned(),
                    n if n > 0 => format!("+{n}"),
                    n => n.to_string(),
                };
                format!("{} {}{}{double}{result}", c.declarers.text(), c.level, strain_symbol(c.denomination))
            })
            .collect();
        let contracts = if contracts.is_empty() { "Passed out".to_owned() } else { contracts.join(", ") };
        (contracts, par.to_pbn_score())
    } else if let Some((contracts, score)) = &board.par_text {
        (escape(contracts), escape(score))
    } else {
        return;
    };
    let _ = writeln!(out, "<text x=\"8\" y=\"262\" font-weight=\"bold\">Par</text>");
    let _ = writeln!(out, "<text x=\"8\" y=\"280\" font-size=\"12\">{contracts}</text>");
    let _ = writeln!(out, "<text x=\"8\" y=\"298\" font-size=\"12\">{score}</text>");
}

/// Tricks for each declarer (rows N S E W) in each strain (columns NT S H D C).
fn dd_table(out: &mut String, board: &Board) {
    let Some(table) = board.dd else { return };
    let (x0, y0, col) = (284, 236, 21);
    let _ = writeln!(out, "<g font-size=\"12\" text-anchor=\"middle\">");
    for (i, d) in bridge_dd::tags::RECORD_DENOMINATIONS.iter().enumerate() {
        let _ =
            writeln!(out, "<text x=\"{}\" y=\"{y0}\">{}</text>", x0 + 18 + i as u32 * col, strain_symbol(*d));
    }
    for (r, seat) in bridge_dd::tags::RECORD_DECLARERS.iter().enumerate() {
        let y = y0 + 16 + r as u32 * 16;
        let _ = writeln!(out, "<text x=\"{}\" y=\"{y}\" font-weight=\"bold\">{}</text>", x0, seat.char());
        for (i, d) in bridge_dd::tags::RECORD_DENOMINATIONS.iter().enumerate() {
            let _ = writeln!(
                out,
                "<text x=\"{}\" y=\"{y}\">{}</text>",
                x0 + 18 + i as u32 * col,
                table.tricks(*seat, *d)
            );
        }
    }
    out.push_str("</g>\n");
}

fn seat_name(seat: Compass) -> &'static str {
    match seat {
        Compass::North => "North",
        Compass::East => "East",
        Compass::South => "South",
        Compass::West => "West",
    }
}

fn vulnerability_words(v: Option<Vulnerability>) -> &'static str {
    match v {
        None => "?",
        Some(Vulnerability::None) => "None",
        Some(Vulnerability::NorthSouth) => "N-S",
        Some(Vulnerability::EastWest) => "E-W",
        Some(Vulnerability::Both) => "Both",
    }
}
