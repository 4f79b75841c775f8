//! Poker player statistics (VPIP, PFR, 3-bet, continuation bet, WTSD, W$SD, net won, bb/100)
//! computed from hands the `poker-engine` replayed, so every count rests on the state the player
//! actually faced (what there was to call, who had raised), not on a re-reading of the notation.
//!
//! ```
//! use poker_stats::{GroupBy, Replayed, RuleProfile, Totals};
//!
//! let text = "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n\
//!     starting_stacks = [100, 100, 100]\nplayers = ['Ann', 'Bob', 'Cy']\n\
//!     actions = ['d dh p1 AcAd', 'd dh p2 KcKd', 'd dh p3 7c2d', 'p3 cbr 6', 'p1 cbr 18', 'p2 f', 'p3 f']\n";
//! let parsed = phh::parse_hand(text);
//! let replayed = Replayed::of_record(&parsed, RuleProfile::Pokerkit).unwrap();
//! let mut totals = Totals::new(GroupBy::Player);
//! assert!(totals.add(parsed.model.hand.as_ref().unwrap(), &replayed));
//! let ann = totals.players().find(|p| p.player == "Ann").unwrap();
//! assert_eq!((ann.vpip, ann.pfr, ann.three_bet_chances, ann.three_bets), (1, 1, 1, 1));
//! assert_eq!(ann.net_won.to_string(), "8");
//! assert_eq!(ann.bb_per_100().unwrap().to_string(), "400");
//! let cy = totals.players().find(|p| p.player == "Cy").unwrap();
//! assert_eq!((cy.vpip, cy.pfr, cy.three_bet_chances), (1, 1, 0));
//! assert_eq!(cy.net_won.to_string(), "-6");
//! ```
//!
//! # Definitions
//!
//! A statistic counts *hands*: each hand adds at most one to a player's count and to its
//! denominator. Terms follow PokerTracker 4 (PT4) and Hold'em Manager (HM); fpdb names the same
//! counts in its `HudCache` (`street0VPI`, `street0Aggr`, `street0_3BChance`/`street0_3BDone`,
//! `street1CBChance`/`street1CBDone`, `sawShowdown`, `wonAtSD`, `street1Seen`).
//!
//! | Statistic | Counted in a hand when the player… | Out of | Source term |
//! |---|---|---|---|
//! | `hands` | was dealt in (a seat of a hand that replayed to its end without an error against its actions) | | PT4 "Hands" |
//! | `vpip` | in the first betting round, called a non-zero amount, completed, bet or raised (posting a blind, an ante or a bring-in is forced, not voluntary; a check is not a put-in) | hands | PT4/HM "VPIP", fpdb `street0VPI` |
//! | `pfr` | completed, bet or raised in the first betting round | hands | PT4/HM "PFR", fpdb `street0Aggr` |
//! | `three_bet` | completed/bet/raised at a turn in the first betting round where exactly one completion, bet or raise by another player stood before him (the first such turn of the hand is the *chance*; blinds and the bring-in are not counted as bets, so an open raise is the 2-bet) | chances | PT4 "3Bet Preflop", fpdb `street0_3BChance`/`Done` |
//! | `cbet` | was the last to complete/bet/raise in the first betting round and, at his first turn of the second betting round with no bet made yet in it (the *chance*), bet | chances | PT4 "CBet Flop", fpdb `street1CBChance`/`Done` |
//! | `saw_second_street` | had not folded when the second street began (flop; 4th street in stud; after the first draw) | hands | PT4 "Saw Flop", fpdb `street1Seen` |
//! | `wtsd` (`showdowns`) | saw the second street, never folded, and at least one other player never folded either | hands that saw the second street | PT4/HM "WTSD", fpdb `sawShowdown` |
//! | `wsd` (`won_at_showdown`) | went to showdown and the hand's payoff is positive (a split that nets a loss, e.g. a hi/lo quarter, is not a win) | showdowns | PT4/HM "W$SD", fpdb `wonAtSD` |
//! | `net_won` | sum of payoffs, exact (never a float) | | PT4 "Net Won" |
//! | `bb_per_100` | sum of payoff / big blind, times 100, over hands of blind games; the big blind is the larger of the first two `blinds_or_straddles` (heads-up PHH lists them reversed) | blind-game hands | PT4 "bb/100" |
//!
//! Percentages are `part * 100 / whole` rounded half-even to 2 places, `None` when `whole` is 0.
//!
//! # Variants
//! Every PHH variant has a first betting round, so `hands`, `vpip`, `pfr`, `three_bet`, `cbet`,
//! `saw_second_street`, `wtsd`, `wsd` and `net_won` apply to all 11. The first betting round is
//! preflop in hold'em and Omaha (NT, NS, FT, PO, FO/8), third street in stud (F7S, F7S/8, FR;
//! calling the bring-in is voluntary, posting it is not; a completion counts as a raise) and the
//! round before the first draw in draw games (N2L1D, F2L3D, FB). `bb_per_100` applies only to
//! blind games (every variant but the three stud games). Positions (`BTN`, `SB`, `BB`, `UTG`..)
//! exist only in button games; stud seats are labelled `p1`, `p2`...
//!
//! Hands whose replay reports an error or that do not reach their end are not counted
//! ([`Totals::skipped`]; of those, [`Totals::unfinished`] the hands whose actions end before the
//! hand does). A declared `finishing_stacks` or `winnings` the replay does not give is a
//! diagnostic of `check` and of the `errors` table, not a replay error: such a hand is counted,
//! with the replay's outcome. Folds PokerKit's repair inserts (warning `REPLAY_REPAIRED_FOLD`) are not
//! actions of the file and are not counted as folds.

pub mod position;
pub mod replayed;
pub mod stats;

pub use phh::replay::RuleProfile;
pub use position::position;
pub use replayed::{Replayed, Step};
pub use stats::{GroupBy, PlayerStats, SeatFacts, Totals, big_blind, percent, seat_facts};

/// The README's example, run as a doctest.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
