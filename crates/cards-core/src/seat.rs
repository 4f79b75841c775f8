//! Bridge compass directions (each notation crate keeps its own seats: Pinochle tables of 2 to 8 in
//! `ppn-pinochle`, Preferans players 1–3 in `ppn-pref`). The rest of the bridge vocabulary
//! (vulnerability, calls, contracts, scores) is in `cardnote-bridge-core`.

use core::fmt;

/// A bridge seat.
///
/// ```
/// use cards_core::Compass;
/// assert_eq!(Compass::from_char('E'), Some(Compass::East));
/// assert_eq!(Compass::West.next(), Compass::North);
/// assert_eq!(Compass::North.partner(), Compass::South);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(u8)]
pub enum Compass {
    /// North.
    North = 0,
    /// East.
    East = 1,
    /// South.
    South = 2,
    /// West.
    West = 3,
}

impl Compass {
    /// All seats clockwise from North.
    pub const ALL: [Compass; 4] = [Compass::North, Compass::East, Compass::South, Compass::West];

    /// Parses `N E S W` (either case).
    #[must_use]
    pub const fn from_char(ch: char) -> Option<Compass> {
        match ch {
            'N' | 'n' => Some(Compass::North),
            'E' | 'e' => Some(Compass::East),
            'S' | 's' => Some(Compass::South),
            'W' | 'w' => Some(Compass::West),
            _ => None,
        }
    }

    /// The seat's letter.
    #[must_use]
    pub const fn char(self) -> char {
        match self {
            Compass::North => 'N',
            Compass::East => 'E',
            Compass::South => 'S',
            Compass::West => 'W',
        }
    }

    /// The next seat clockwise.
    #[must_use]
    pub const fn next(self) -> Compass {
        Compass::ALL[(self as usize + 1) % 4]
    }

    /// The seat `n` places clockwise.
    #[must_use]
    pub const fn advance(self, n: usize) -> Compass {
        Compass::ALL[(self as usize + n) % 4]
    }

    /// The partner across the table.
    #[must_use]
    pub const fn partner(self) -> Compass {
        self.advance(2)
    }

    /// Whether the seat is North or South.
    #[must_use]
    pub const fn is_north_south(self) -> bool {
        matches!(self, Compass::North | Compass::South)
    }

    /// The seat's index (North 0, East 1, South 2, West 3).
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Compass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compass_cycles() {
        for seat in Compass::ALL {
            assert_eq!(Compass::from_char(seat.char()), Some(seat));
            assert_eq!(seat.advance(4), seat);
            assert_eq!(seat.partner().partner(), seat);
        }
        assert_eq!(Compass::from_char('X'), None);
    }
}
