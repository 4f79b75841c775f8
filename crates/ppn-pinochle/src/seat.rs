//! Pinochle seats: the tables of 2 to 8 players the PPN draft lists.

use core::fmt;

/// A Pinochle seat. Tables of 2 to 8 players use the subsets the PPN draft lists, always with North.
///
/// ```
/// use ppn_pinochle::PinochleSeat;
/// assert_eq!(PinochleSeat::table(3).map(|t| t.len()), Some(3));
/// assert_eq!(PinochleSeat::parse("SE"), Some(PinochleSeat::SouthEast));
/// assert_eq!(PinochleSeat::East.letters(), "E");
/// assert_eq!(PinochleSeat::next_in(PinochleSeat::West, 4), Some(PinochleSeat::North));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum PinochleSeat {
    /// North (N).
    North = 0,
    /// Northeast (NE).
    NorthEast = 1,
    /// East (E).
    East = 2,
    /// Southeast (SE).
    SouthEast = 3,
    /// South (S).
    South = 4,
    /// Southwest (SW).
    SouthWest = 5,
    /// West (W).
    West = 6,
    /// Northwest (NW).
    NorthWest = 7,
}

use PinochleSeat as P;

const TABLE_2: [PinochleSeat; 2] = [P::North, P::South];
const TABLE_3: [PinochleSeat; 3] = [P::North, P::SouthEast, P::SouthWest];
const TABLE_4: [PinochleSeat; 4] = [P::North, P::East, P::South, P::West];
const TABLE_5: [PinochleSeat; 5] = [P::North, P::NorthEast, P::SouthEast, P::SouthWest, P::NorthWest];
const TABLE_6: [PinochleSeat; 6] =
    [P::North, P::NorthEast, P::SouthEast, P::South, P::SouthWest, P::NorthWest];
const TABLE_7: [PinochleSeat; 7] =
    [P::North, P::NorthEast, P::East, P::SouthEast, P::SouthWest, P::West, P::NorthWest];
const TABLE_8: [PinochleSeat; 8] =
    [P::North, P::NorthEast, P::East, P::SouthEast, P::South, P::SouthWest, P::West, P::NorthWest];

impl PinochleSeat {
    /// All eight seats clockwise from North.
    pub const ALL: [PinochleSeat; 8] = TABLE_8;

    /// The seats of a table of `players` (2 to 8), clockwise from North, as the PPN draft names them.
    #[must_use]
    pub const fn table(players: usize) -> Option<&'static [PinochleSeat]> {
        match players {
            2 => Some(&TABLE_2),
            3 => Some(&TABLE_3),
            4 => Some(&TABLE_4),
            5 => Some(&TABLE_5),
            6 => Some(&TABLE_6),
            7 => Some(&TABLE_7),
            8 => Some(&TABLE_8),
            _ => None,
        }
    }

    /// The seat's abbreviation (`N`, `NE`, …).
    #[must_use]
    pub const fn letters(self) -> &'static str {
        match self {
            P::North => "N",
            P::NorthEast => "NE",
            P::East => "E",
            P::SouthEast => "SE",
            P::South => "S",
            P::SouthWest => "SW",
            P::West => "W",
            P::NorthWest => "NW",
        }
    }

    /// The seat's full name, which is also its tag name (`North`, `Northeast`, …).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            P::North => "North",
            P::NorthEast => "Northeast",
            P::East => "East",
            P::SouthEast => "Southeast",
            P::South => "South",
            P::SouthWest => "Southwest",
            P::West => "West",
            P::NorthWest => "Northwest",
        }
    }

    /// Parses an abbreviation (`N`, `NE`, … upper case).
    #[must_use]
    pub fn parse(text: &str) -> Option<PinochleSeat> {
        PinochleSeat::ALL.into_iter().find(|seat| seat.letters() == text)
    }

    /// Parses a full seat name (`North`, `Southeast`, …), as used in tag names.
    #[must_use]
    pub fn from_name(text: &str) -> Option<PinochleSeat> {
        PinochleSeat::ALL.into_iter().find(|seat| seat.name() == text)
    }

    /// The next seat clockwise at a table of `players`, or `None` if this seat is not at that table.
    #[must_use]
    pub fn next_in(self, players: usize) -> Option<PinochleSeat> {
        let table = PinochleSeat::table(players)?;
        let at = table.iter().position(|&seat| seat == self)?;
        table.get((at + 1) % table.len()).copied()
    }
}

impl fmt::Display for PinochleSeat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.letters())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pinochle_tables_start_at_north_and_cycle() {
        for players in 2..=8 {
            let table = PinochleSeat::table(players).unwrap_or(&[]);
            assert_eq!(table.len(), players);
            assert_eq!(table[0], PinochleSeat::North);
            for &seat in table {
                assert_eq!(PinochleSeat::parse(seat.letters()), Some(seat));
                assert_eq!(PinochleSeat::from_name(seat.name()), Some(seat));
                let mut s = seat;
                for _ in 0..players {
                    s = s.next_in(players).unwrap_or(PinochleSeat::North);
                }
                assert_eq!(s, seat);
            }
        }
        assert!(PinochleSeat::table(1).is_none());
        assert!(PinochleSeat::table(9).is_none());
        assert_eq!(PinochleSeat::East.next_in(3), None);
    }
}
