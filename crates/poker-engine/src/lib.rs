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
//! implementation computed every published `finishing_stacks`) and [`RuleProfile::Wsop`] (the
//! standard rules of the game) differ as follows. Each difference has a test in `tests/profiles.rs`.
//!
//! | Situation | `pokerkit` | `wsop` |
//! |---|---|---|
//! | FO/8 betting | pot-limit, no raise cap; warning `REPLAY_QUIRK_FO8_POT_LIMIT` on a non fixed-limit bet | fixed-limit, cap of 4 |
//! | Fixed-limit cap on the first street of button games | 4 raises *over* the blind; warning `REPLAY_QUIRK_FIXED_LIMIT_CAP` on the 4th | the blind counts as the bet: 3 raises |
//! | Hi/lo side pot where no eligible player has a low but someone else does | low share split among the pot's players; warning `REPLAY_QUIRK_HILO_LOW_SPLIT` | high hand scoops the pot |
//! | Action naming the wrong player, or an illegal action | PokerKit's repair: a check or fold is inserted for the real actor (warnings `REPLAY_REPAIRED_CHECK` / `REPLAY_REPAIRED_FOLD`), then the action is retried | error |
//! | Missing hole cards / missing showdown | dealt as `??` / kept face down (warnings `REPLAY_REPAIRED_HOLE_DEALING`, `REPLAY_REPAIRED_SHOWDOWN`); the hand ends | hand not terminal |
//! | Stud `sm` listing only some cards | unlisted up cards turn face down (and unknown on the last street) | up cards stay up |
//! | Dealt or shown card not in the remaining deck | warning `REPLAY_CARD_NOT_IN_DECK` | error `REPLAY_CARD_NOT_IN_DECK` |
//! | Everyone mucked or was killed | the pot vanishes; warning `REPLAY_CHIPS_VANISHED` | same outcome, same warning (no rule gives the pot to anyone) |
//! | A muck leaves one player during an all-in run-out | the board is dealt on and the last player takes the pots; warning `REPLAY_QUIRK_MUCK_DURING_RUNOUT` (PokerKit 0.7.7 fails an assertion on such a hand) | same |
//!
//! Behaviours both profiles share (PokerKit's and defensible): the short all-in rules (an
//! incomplete raise does not reopen the betting, consecutive short all-ins adding up to a full raise
//! do), the call amount following a short all-in blind, 2-7 with A-2-3-4-5 as ace high (0.7.7),
//! folding with nothing to call accepted with warning `REPLAY_FOLD_NOTHING_TO_CALL`, hand killing
//! of hands that cannot win.
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
