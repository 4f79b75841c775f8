//! Seats and players: bridge compass directions, Pinochle tables of 2 to 8, Preferans players 1–3.

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

/// A Pinochle seat. Tables of 2 to 8 players use the subsets the PPN draft lists, always with North.
///
/// ```
/// use cards_core::PinochleSeat;
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

/// A Preferans player, 1 to 3.
///
/// ```
/// use cards_core::PrefPlayer;
/// let p = PrefPlayer::new(3).unwrap();
/// assert_eq!(p.next().number(), 1);
/// assert_eq!(PrefPlayer::from_char('2').map(|p| p.number()), Some(2));
/// assert!(PrefPlayer::new(4).is_none());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PrefPlayer(u8);

impl PrefPlayer {
    /// All three players.
    pub const ALL: [PrefPlayer; 3] = [PrefPlayer(1), PrefPlayer(2), PrefPlayer(3)];

    /// The player numbered `number` (1 to 3).
    #[must_use]
    pub const fn new(number: u8) -> Option<PrefPlayer> {
        match number {
            1..=3 => Some(PrefPlayer(number)),
            _ => None,
        }
    }

    /// Parses `1`, `2` or `3`.
    #[must_use]
    pub const fn from_char(ch: char) -> Option<PrefPlayer> {
        match ch {
            '1' => Some(PrefPlayer(1)),
            '2' => Some(PrefPlayer(2)),
            '3' => Some(PrefPlayer(3)),
            _ => None,
        }
    }

    /// The player's number, 1 to 3.
    #[must_use]
    pub const fn number(self) -> u8 {
        self.0
    }

    /// Zero-based index, 0 to 2.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize - 1
    }

    /// The next player in turn (1 → 2 → 3 → 1).
    #[must_use]
    pub const fn next(self) -> PrefPlayer {
        PrefPlayer(self.0 % 3 + 1)
    }
}

impl fmt::Display for PrefPlayer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
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

    #[test]
    fn pref_players() {
        for p in PrefPlayer::ALL {
            assert_eq!(PrefPlayer::new(p.number()), Some(p));
            assert_eq!(p.next().next().next(), p);
        }
        assert_eq!(PrefPlayer::new(0), None);
    }
}
