//! The deal (the four hands) and the board's vulnerability.

use bridge_core::Vulnerability;
use cards_core::{CardSet, Compass};

/// Parses every spelling of the `Vulnerable` tag the spec allows, either case (`None`, `Love`,
/// `-`, `NS`, `EW`, `All`, `Both`).
#[must_use]
pub fn parse_vulnerability(text: &str) -> Option<Vulnerability> {
    Some(match text {
        "None" | "none" | "Love" | "love" | "-" => Vulnerability::None,
        "NS" | "ns" => Vulnerability::NorthSouth,
        "EW" | "ew" => Vulnerability::EastWest,
        "All" | "all" | "Both" | "both" => Vulnerability::Both,
        _ => return None,
    })
}

/// The export spelling of a vulnerability (`None`, `NS`, `EW`, `All`).
#[must_use]
pub const fn vulnerability_export(v: Vulnerability) -> &'static str {
    match v {
        Vulnerability::None => "None",
        Vulnerability::NorthSouth => "NS",
        Vulnerability::EastWest => "EW",
        Vulnerability::Both => "All",
    }
}

/// The four hands of a deal; a hand not given (`-`) is `None`. Its serde form is its tag text
/// (`N:AKQ... - ...`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Deal {
    /// The seat written first.
    pub first: Compass,
    /// Hands indexed by [`Compass::index`]: the cards known.
    pub hands: [Option<CardSet>; 4],
    /// Small cards written `x` (an unknown spot card, in teaching material), by hand
    /// ([`Compass::index`]) and suit (spades, hearts, diamonds, clubs).
    pub spots: [[u8; 4]; 4],
}

impl Deal {
    /// The hand of `seat`.
    #[must_use]
    pub fn hand(&self, seat: Compass) -> Option<CardSet> {
        self.hands[seat.index()]
    }

    /// Whether `seat`'s hand holds spot cards written `x` (its cards are not all known).
    #[must_use]
    pub fn has_spots(&self, seat: Compass) -> bool {
        self.spots[seat.index()].iter().any(|&n| n > 0)
    }

    /// Cards in `seat`'s hand, spot cards included.
    #[must_use]
    pub fn hand_size(&self, seat: Compass) -> usize {
        self.hands[seat.index()].map_or(0, CardSet::len)
            + self.spots[seat.index()].iter().map(|&n| usize::from(n)).sum::<usize>()
    }

    /// Whether `seat`'s hand is shown in part (a teaching file's `...K`: one card of it shown):
    /// given, holding fewer cards than 13 while another hand holds 13 and a hand is not given.
    #[must_use]
    pub fn is_shown_in_part(&self, seat: Compass) -> bool {
        self.hands[seat.index()].is_some()
            && !self.is_complete()
            && self.hand_size(seat) < 13
            && Compass::ALL.iter().any(|&s| self.hand_size(s) == 13)
    }

    /// Whether every hand is given.
    #[must_use]
    pub fn is_complete(&self) -> bool {
        self.hands.iter().all(Option::is_some)
    }

    /// Cards in all given hands.
    #[must_use]
    pub fn card_count(&self) -> usize {
        Compass::ALL.iter().map(|&seat| self.hand_size(seat)).sum()
    }

    /// Whether this is an end position (the longest given hand holds fewer than 13 cards).
    #[must_use]
    pub fn is_end_position(&self) -> bool {
        let max = Compass::ALL.iter().map(|&seat| self.hand_size(seat)).max().unwrap_or(0);
        max > 0 && max < 13
    }

    /// Writes the deal starting with `first` (`N:AKQ... - ...`).
    #[must_use]
    pub fn write_from(&self, first: Compass) -> String {
        let mut out = String::with_capacity(70);
        out.push(first.char());
        out.push(':');
        for i in 0..4 {
            if i > 0 {
                out.push(' ');
            }
            let seat = first.advance(i);
            // The spot cards go back after the known cards of their suit.
            crate::text::push_hand(&mut out, self.hands[seat.index()], self.spots[seat.index()]);
        }
        out
    }
}
