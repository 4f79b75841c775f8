//! Table positions of button games.

use phh::Variant;

/// Labels from the small blind to the button, by number of players (PHH orders the players of a
/// button game from the small blind to the button).
const LABELS: [&[&str]; 9] = [
    &["BB", "BTN"],
    &["SB", "BB", "BTN"],
    &["SB", "BB", "CO", "BTN"],
    &["SB", "BB", "UTG", "CO", "BTN"],
    &["SB", "BB", "UTG", "HJ", "CO", "BTN"],
    &["SB", "BB", "UTG", "MP", "HJ", "CO", "BTN"],
    &["SB", "BB", "UTG", "UTG+1", "MP", "HJ", "CO", "BTN"],
    &["SB", "BB", "UTG", "UTG+1", "UTG+2", "MP", "HJ", "CO", "BTN"],
    &["SB", "BB", "UTG", "UTG+1", "UTG+2", "UTG+3", "MP", "HJ", "CO", "BTN"],
];

/// The position of player `seat` (0-based) of `players` in a button game: `BTN`, `SB`, `BB`,
/// `UTG`, `UTG+1`.., `MP`, `HJ`, `CO`. Heads-up the blinds are reversed (PHH's rule), so the
/// first player is `BB` and the second `BTN` (who posts the small blind). `None` for stud games
/// (no button), for more than ten players, and for a seat out of range.
#[must_use]
pub fn position(variant: Variant, players: usize, seat: usize) -> Option<&'static str> {
    if variant.is_stud() {
        return None;
    }
    LABELS.get(players.checked_sub(2)?)?.get(seat).copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn six_max_and_heads_up() {
        let nt = Variant::NoLimitTexasHoldem;
        let six: Vec<_> = (0..6).map(|s| position(nt, 6, s).unwrap_or("-")).collect();
        assert_eq!(six, ["SB", "BB", "UTG", "HJ", "CO", "BTN"]);
        assert_eq!(position(nt, 2, 0), Some("BB"));
        assert_eq!(position(nt, 2, 1), Some("BTN"));
        assert_eq!(position(nt, 10, 9), Some("BTN"));
        assert_eq!(position(nt, 11, 0), None);
        assert_eq!(position(nt, 1, 0), None);
        assert_eq!(position(Variant::FixedLimitSevenCardStud, 6, 0), None);
    }
}
