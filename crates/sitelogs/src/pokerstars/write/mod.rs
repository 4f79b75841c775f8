//! PHH hands written as PokerStars text, in the site's layout: header, table, seats, posts, hole
//! cards, streets, uncalled bets, showdown, collections and the summary.
//!
//! The hand is replayed on poker-engine's state as it is written ([`play`]): the header and seats
//! first ([`header`]), then each action's lines ([`actions`]; a draw's wait for its replacements,
//! [`draw`]), then the collections and the summary ([`summary`]). Amounts are the state's, in the
//! form the site's sums give them ([`places`]).

mod actions;
mod draw;
mod header;
mod out;
mod places;
mod play;
mod summary;

use std::io::Write;

use cards_core::Diagnostic;
use phh::Hand;

use crate::export::{Replay, WriteError, finite_stacks, unsupported};
use header::write_header;
use play::Play;

/// Writes hands as a PokerStars log, separated by blank lines as the site does.
#[derive(Debug)]
pub struct Writer<W> {
    out: W,
    written: usize,
}

impl<W: Write> Writer<W> {
    /// A writer to `out`.
    pub fn new(out: W) -> Writer<W> {
        Writer { out, written: 0 }
    }

    /// Writes one hand; a hand the site's text cannot hold is refused and nothing is written.
    pub fn write_hand(&mut self, hand: &Hand) -> Result<(), WriteError> {
        let text = write_hand(hand).map_err(WriteError::Unsupported)?;
        if self.written > 0 {
            self.out.write_all(b"\n\n")?;
        }
        self.out.write_all(text.as_bytes())?;
        self.written += 1;
        Ok(())
    }

    /// The output back.
    pub fn into_inner(self) -> W {
        self.out
    }
}

/// Writes one hand as PokerStars text (no trailing blank line).
///
/// The hand is replayed on poker-engine's state as the text is written: every amount (posts,
/// calls, bets and raises, all-ins, uncalled bets returned, collections) is the state's.
pub fn write_hand(hand: &Hand) -> Result<String, Diagnostic> {
    refuse_forced_bets(hand)?;
    let start = finite_stacks(hand)?;
    let replay = Replay::start(hand)?;
    let mut w = Play::new(hand, start, replay);
    write_header(&mut w.c, &w.seats, w.button);
    w.posts();
    for action in &hand.actions {
        w.action(&action.kind)?;
    }
    w.end();
    let paid = w.collections();
    w.summary(&paid);
    Ok(w.c.out)
}

/// Forced bets the site's text cannot show: negative ones (dead posts), and unequal antes
/// trimmed (`ante_trimming_status`).
fn refuse_forced_bets(hand: &Hand) -> Result<(), Diagnostic> {
    let forced = hand.antes.iter().chain(hand.blinds_or_straddles.iter().flatten());
    if forced.chain(hand.bring_in.iter()).any(|a| a.is_negative()) {
        return Err(unsupported("a negative ante or blind has no PokerStars form"));
    }
    let uniform = hand.antes.windows(2).all(|w| w[0] == w[1]);
    if hand.ante_trimming() && !uniform {
        return Err(unsupported(
            "ante trimming (`ante_trimming_status = true`) with unequal antes has no PokerStars form: \
             the site's antes are dead money every player can win",
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(text: &str) -> Vec<String> {
        let hand = phh::parse_hand(text).model.hand.expect("a hand");
        write_hand(&hand).expect("written").lines().map(str::to_owned).collect()
    }

    fn has(lines: &[String], line: &str) {
        assert!(lines.iter().any(|l| l == line), "no `{line}` in\n{}", lines.join("\n"));
    }

    /// A call all in for less: the raiser's excess is the uncalled bet, the pot what both can win.
    #[test]
    fn an_all_in_call_for_less_returns_the_excess() {
        let lines = written(
            "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n\
             starting_stacks = [100, 100, 30]\nactions = ['d dh p1 AcAd', 'd dh p2 KcKd', 'd dh p3 QcQd', \
             'p3 cbr 6', 'p1 cbr 100', 'p2 f', 'p3 cc', 'd db 2h3h4s', 'd db 9c', 'd db Tc', \
             'p1 sm AcAd', 'p3 sm QcQd']\n",
        );
        has(&lines, "Player1: raises 94 to 100 and is all-in");
        has(&lines, "Player3: calls 24 and is all-in");
        has(&lines, "Uncalled bet (70) returned to Player1");
        has(&lines, "Player1 collected 62 from pot");
        has(&lines, "Total pot 62 | Rake 0");
    }

    /// A short all-in wins the main pot, the side pot goes to the best of the others.
    #[test]
    fn side_pots_are_collected_by_their_winners() {
        let lines = written(
            "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n\
             starting_stacks = [100, 100, 20]\nactions = ['d dh p1 KcKd', 'd dh p2 QcQd', 'd dh p3 AcAd', \
             'p3 cbr 20', 'p1 cc', 'p2 cc', 'd db 2h3h8s', 'p1 cbr 30', 'p2 cc', 'd db 9c', 'p1 cc', \
             'p2 cc', 'd db Tc', 'p1 cc', 'p2 cc', 'p1 sm KcKd', 'p2 sm QcQd', 'p3 sm AcAd']\n",
        );
        has(&lines, "Player3: raises 18 to 20 and is all-in");
        has(&lines, "Player1: calls 19");
        has(&lines, "Player2: calls 18");
        has(&lines, "Player3 collected 60 from pot");
        has(&lines, "Player1 collected 60 from pot");
        has(&lines, "Total pot 120 | Rake 0");
    }

    /// An ante that puts a player all in: the others' bets are counted without the antes (the
    /// raise is by 4, not by 3 as a count with the antes in the street gave), and the all-in
    /// player can win the antes.
    #[test]
    fn bets_after_an_all_in_ante_leave_the_antes_out() {
        let lines = written(
            "variant = 'NT'\nantes = [1, 1, 1]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n\
             starting_stacks = [100, 100, 1]\nactions = ['d dh p1 KcKd', 'd dh p2 QcQd', 'd dh p3 AcAd', \
             'p1 cbr 6', 'p2 f', 'd db 2h3h8s', 'd db 9c', 'd db Tc', 'p1 sm KcKd', 'p3 sm AcAd']\n",
        );
        has(&lines, "Player3: posts the ante 1 and is all-in");
        has(&lines, "Player1: raises 4 to 6");
        has(&lines, "Uncalled bet (4) returned to Player1");
        has(&lines, "Player3 collected 3 from pot");
        has(&lines, "Player1 collected 4 from pot");
        has(&lines, "Total pot 7 | Rake 0");
    }

    /// Heads-up, a player all in on the ante: the log shows each player's own ante, and the
    /// other's excess comes back with the first uncalled bet (PokerKit has each player post the
    /// other's ante: the state takes 3 from each).
    #[test]
    fn heads_up_all_in_ante_excess_is_returned_with_the_uncalled_bet() {
        let lines = written(
            "variant = 'NT'\nantes = [20, 3]\nblinds_or_straddles = [0, 80]\nmin_bet = 80\n\
             starting_stacks = [2997, 3]\nactions = ['d dh p1 KcKd', 'd dh p2 AcAd', 'd db 2h3h8s', \
             'd db 9c', 'd db Tc', 'p1 sm KcKd', 'p2 sm AcAd']\n",
        );
        has(&lines, "Player1: posts the ante 20");
        has(&lines, "Player2: posts the ante 3 and is all-in");
        has(&lines, "Player1: posts big blind 80");
        has(&lines, "Uncalled bet (97) returned to Player1");
        has(&lines, "Player2 collected 6 from pot");
        has(&lines, "Total pot 6 | Rake 0");
    }

    /// Stud: the bring-in, the completion, and the completion's uncalled part when the
    /// bring-in folds (the part the bring-in matched is won with the pot, as the site counts it).
    #[test]
    fn stud_bring_in_and_completion() {
        let lines = written(
            "variant = 'F7S'\nantes = [1, 1]\nbring_in = 2\nsmall_bet = 5\nbig_bet = 10\n\
             starting_stacks = [100, 100]\nactions = ['d dh p1 AsAh2d', 'd dh p2 KsKh9c', 'p1 pb', \
             'p2 cbr 5', 'p1 f']\n",
        );
        has(&lines, "Player1: posts the ante 1");
        has(&lines, "Player1: brings in for 2");
        has(&lines, "Player2: completes it to 5");
        has(&lines, "Uncalled bet (3) returned to Player2");
        has(&lines, "Player2 collected 6 from pot");
        has(&lines, "Total pot 6 | Rake 0");
    }

    /// A draw game's betting: bets and calls between the draws, all in on the last.
    #[test]
    fn draw_betting_amounts() {
        let lines = written(
            "variant = 'F2L3D'\nantes = [0, 0]\nblinds_or_straddles = [5, 10]\nsmall_bet = 10\n\
             big_bet = 20\nstarting_stacks = [200, 25]\nactions = ['d dh p1 7c5d4h3s2c', \
             'd dh p2 8c6d4s3h2d', 'p2 cbr 20', 'p1 cc', 'p1 sd', 'p2 sd', 'p1 cc', 'p2 cbr 5', \
             'p1 cc', 'p1 sd', 'p2 sd', 'p1 sd', 'p2 sd', 'p2 sm 8c6d4s3h2d', 'p1 sm 7c5d4h3s2c']\n",
        );
        has(&lines, "Player2: raises 10 to 20");
        has(&lines, "Player1: calls 10");
        has(&lines, "Player2: bets 5 and is all-in");
        has(&lines, "Player1: calls 5");
        has(&lines, "Player1 collected 50 from pot");
    }
}
