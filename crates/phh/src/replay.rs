//! Replaying hands through `poker-engine` (feature `replay`, on by default).
//!
//! # Contract with the rest of the `phh` crate (owned by the poker-engine work)
//!
//! The planned entry point, once the `phh` model (`Hand`, `Action`) lands:
//!
//! ```text
//! pub fn replay_hand(hand: &crate::Hand, profile: RuleProfile) -> ReplayOutcome
//! ```
//!
//! * `RuleProfile` is `poker_engine::RuleProfile` (`Pokerkit`, the default for PHH files, or `Wsop`).
//! * `ReplayOutcome` carries:
//!   - `terminal: bool` — the hand reached its end (pots pushed and pulled);
//!   - `finishing_stacks: Vec<String>` and `payoffs: Vec<String>` — exact decimal strings as
//!     PokerKit prints them (`"12.50"`, `"inf"` for an infinite stack), one per player;
//!   - `diagnostics: Vec<cards_core::Diagnostic>` — replay errors (the hand is illegal) and warnings
//!     (PokerKit repairs and quirks), each with a stable `REPLAY_…` code and the byte span of the
//!     offending action's text in the file (taken from the action's span in the model).
//!
//! The CLI glue (`cardnote check`) copies `terminal`, `finishing_stacks` and `payoffs` into its JSON
//! fields and appends the diagnostics to the hand's report.
