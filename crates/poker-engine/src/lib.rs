//! A poker state machine that replays hands of the 11 PHH variants exactly, with hand evaluators.
//!
//! ```
//! use poker_engine::{Action, Chips, GameDef, State, Turn, Variant};
//!
//! let mut def = GameDef::new(Variant::NoLimitTexasHoldem, vec![Chips::from_int(200); 3]);
//! def.blinds_or_straddles = vec![Chips::from_int(1), Chips::from_int(2), Chips::ZERO];
//! def.min_bet = Chips::from_int(2);
//! let mut state = State::new(&def).unwrap();
//! for text in ["d dh p1 AsAh", "d dh p2 KsKh", "d dh p3 7c2d"] {
//!     state.apply(&text.parse::<Action>().unwrap()).unwrap();
//! }
//! assert_eq!(state.turn(), Turn::Bet(2));
//! let (min, max) = state.raise_range().unwrap();
//! assert_eq!((min.to_string(), max.to_string()), ("4".into(), "200".into()));
//! // An illegal action is an error value and changes nothing.
//! assert!(state.apply(&"p3 cbr 3".parse().unwrap()).is_err());
//! assert_eq!(state.turn(), Turn::Bet(2));
//! ```
//!
//! # Design
//!
//! * [`State`] follows PokerKit 0.7.7's phase order: ante posting, bet collection, blind/straddle
//!   posting, then per street dealing (burns are automatic), betting and collection, showdown,
//!   hand killing, chips pushing and pulling. Everything automatic in a PHH replay is automatic
//!   here; deals, player decisions and showdown actions come from [`Action`]s.
//! * Amounts are [`Chips`]: exact decimals (PokerKit's `int`/`Decimal` distinction is kept through
//!   the decimal scale, so integral pots floor-divide and decimal pots divide at 28 significant
//!   digits) or `inf` for unknown stacks. Never `f64`. The state is generic over its [`Amount`]:
//!   [`replay::replay_fastest`] runs a hand whose amounts are all whole chips on `i64` (the same
//!   numbers and text, about half the instructions) and any other hand on [`Chips`].
//! * Applying an action never allocates: per-player data sits in fixed arrays of
//!   [`MAX_PLAYERS`](game::MAX_PLAYERS).
//! * [`eval`] has the hand evaluators; [`replay`] drives a whole action sequence, with
//!   PokerKit's repair loop under the `pokerkit` profile.
//!
//! # Rule profiles
//!
//! [`RuleProfile::Pokerkit`] (the default, what a user of PHH files expects: the PHH reference
//! implementation computed every published `finishing_stacks`) reproduces PokerKit 0.7.7, its
//! departures from the rules included. [`RuleProfile::Wsop`] follows the standard rules of the
//! game (the Poker TDA rules, WSOP tournament rules, and the usual card-room rules where those
//! are silent). They differ on exactly the points below. Each has a test in `tests/profiles.rs`
//! and a case in the repository's `corpus/phh/` whose leading comment quotes the rule and names
//! the PokerKit issue, with both profiles' outcomes snapshotted (`crates/phh/tests/corpus.rs`).
//!
//! | Situation | `pokerkit` | `wsop` | Case |
//! |---|---|---|---|
//! | FO/8 betting | pot-limit, no raise cap; warning `REPLAY_QUIRK_FO8_POT_LIMIT` on a non fixed-limit bet | fixed-limit, cap of 4 | `rules/fo8-fixed-limit.phh` |
//! | Fixed-limit cap on the first street of button games | 4 raises *over* the blind; warning `REPLAY_QUIRK_FIXED_LIMIT_CAP` on the 4th | the blind counts as the bet: 3 raises | `rules/fixed-limit-cap.phh` |
//! | Hi/lo side pot where no eligible player has a low but someone else does | low share split among the pot's players; warning `REPLAY_QUIRK_HILO_LOW_SPLIT` | high hand scoops the pot | `rules/hilo-side-pot-no-low.phh` |
//! | Reopening: the first raise before the flop is an all-in for less than a full raise over the big blind | counted as full: players who acted may raise again (warning `REPLAY_QUIRK_NOT_REOPENED`) | a player who acted faces less than a full raise: call or fold (`REPLAY_NOT_REOPENED`) | `rules/reopen-preflop-short-raise.phh` |
//! | Reopening: short all-ins after a pool of them made a full raise (PokerKit empties its pool then) | only the all-ins since the pool was emptied count: `REPLAY_NOT_REOPENED` | what the player faces since their own action counts: a full raise in all reopens | `rules/reopen-pool-reset.phh` |
//! | Reopening in fixed limit: an all-in for at least half a bet | does not reopen (`REPLAY_SHORT_ALL_IN`) | reopens (TDA "Re-Opening the Bet", limit part) | `rules/reopen-limit-half-bet.phh` |
//! | Reopening: an all-in opening bet of less than the minimum bet, facing a player who checked | counted as full: the checker may raise (warning `REPLAY_QUIRK_NOT_REOPENED`) | less than a full bet: call or fold (`REPLAY_NOT_REOPENED`) | `rules/reopen-short-opening-bet.phh` |
//! | A blind posted short (the player all in for less) | the call is to the largest bet posted, the minimum raise over it | the call is the full big blind (or straddle), the minimum raise twice it | `rules/short-big-blind.phh` |
//! | Odd chip of a split pot in stud | the winner with the lowest player index | the winner with the highest card by suit (TDA Rule 19) | `rules/stud-odd-chip.phh` |
//! | Action naming the wrong player, or an illegal action | PokerKit's repair: a check or fold is inserted for the real actor (warnings `REPLAY_REPAIRED_CHECK` / `REPLAY_REPAIRED_FOLD`), then the action is retried | error | `invalid/replay-wrong-player.phh`, `rules/bomb-pot.phhs` (hand 2) |
//! | Missing hole cards / missing showdown | dealt as `??` / kept face down (warnings `REPLAY_REPAIRED_HOLE_DEALING`, `REPLAY_REPAIRED_SHOWDOWN`); the hand ends | hand not terminal | `cases/unfinished.phhs` |
//! | Stud `sm` listing only some cards | unlisted up cards turn face down (and unknown on the last street) | up cards stay up | `rules/stud-partial-show.phh` |
//! | Dealt or shown card not in the remaining deck | warning `REPLAY_CARD_NOT_IN_DECK` | error `REPLAY_CARD_NOT_IN_DECK` | `invalid/replay-card-not-in-deck.phh` |
//!
//! Behaviours both profiles share (PokerKit 0.7.7's, and the rule), each with its case:
//!
//! | Situation | Both profiles | Case |
//! |---|---|---|
//! | Minimum re-raise when the opponent cannot cover it (PokerKit issue #40, fixed in 0.7.4) | the full raise, not capped by the opponent's stack; the excess comes back | `rules/min-raise-not-capped.phhs` |
//! | A short all-in facing players who already acted (PokerKit issue #45, fixed in 0.7.7) | call or fold only (`REPLAY_SHORT_ALL_IN`) | `rules/short-all-in-no-reopen.phh` |
//! | Short all-ins adding up to a full raise (TDA's own example) | reopen for the players who face a full raise in all, not for the others | `rules/reopen-cumulative-all-ins.phh` |
//! | Heads-up blinds and order (PokerKit issues #24, #31) | the button posts the small blind, acts first before the flop and last after it | `rules/heads-up-order.phhs` |
//! | Bomb pots (PokerKit issue #33) | written as ante-only hands checked before the flop; the burn is never written | `rules/bomb-pot.phhs` (hand 1) |
//! | 2-7 lowball with A-2-3-4-5 (PokerKit issue #44, fixed in 0.7.7) | ace high, not a straight | `rules/deuce-to-seven-ace.phhs` |
//! | Odd chip of a split pot in button games | the first winner left of the button (the lowest index; heads-up the big blind) | `tests/profiles.rs` |
//! | Everyone mucked or was killed | the pot vanishes; warning `REPLAY_CHIPS_VANISHED` (no rule gives the pot to anyone) | `invalid/replay-unknown-shown.phh` |
//! | A muck leaves one player during an all-in run-out | the board is dealt on and the last player takes the pots; warning `REPLAY_QUIRK_MUCK_DURING_RUNOUT` (PokerKit 0.7.7 fails an assertion on such a hand) | `tests/edge_cases.rs` |
//!
//! Also shared: folding with nothing to call accepted with warning `REPLAY_FOLD_NOTHING_TO_CALL`,
//! hand killing of hands that cannot win.
//!
//! # Guarantees
//! - No panic on any input: every problem in a file is a [`cards_core::Diagnostic`] value. The
//!   workspace lints deny `clippy::unwrap_used` and `clippy::panic` outside tests, and the fuzz
//!   targets in the repository's `fuzz/` folder drive this crate with arbitrary input.
//! - No `unsafe` code (`unsafe_code = "forbid"` for the whole workspace).
//! - Exact numbers: chip amounts are exact (`Chips`: decimals or `inf`) with checked arithmetic, never
//!   `f64`; an amount out of range is an [`ActionError`], not a wrap.

pub mod action;
pub mod amount;
pub mod card_text;
pub mod chips;
pub mod codes;
pub mod eval;
pub mod game;
pub mod replay;
#[cfg(feature = "generate")]
pub mod sim;
pub mod state;

pub use action::{Action, ActionError, CardList, Show, Warning, Warnings};
pub use amount::Amount;
pub use chips::Chips;
pub use game::{BettingStructure, GameDef, GameError, RuleProfile, Variant};
pub use state::{Phase, Pot, State, Turn};

/// The README's example, run as a doctest.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
