//! Preferans players, numbered 1 to 3.

use core::fmt;

/// A Preferans player, 1 to 3.
///
/// ```
/// use ppn_pref::PrefPlayer;
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
    fn pref_players() {
        for p in PrefPlayer::ALL {
            assert_eq!(PrefPlayer::new(p.number()), Some(p));
            assert_eq!(p.next().next().next(), p);
        }
        assert_eq!(PrefPlayer::new(0), None);
    }
}
