//! Card-game records as Apache Arrow record batches and Parquet tables: PHH hands replayed by
//! `poker-engine` (with the state *before* every action) and PBN boards, auctions, play and
//! results, for DuckDB, Polars, Spark or any Arrow reader.
//!
//! ```
//! use cardnote_arrow::{ErrorsTable, PhhTables};
//!
//! let text = "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n\
//!             starting_stacks = [100, 100]\nactions = ['d dh p1 AcAd', 'd dh p2 KcKd', 'p2 cbr 6', 'p1 f']\n";
//! let mut tables = PhhTables::default();
//! let mut errors = ErrorsTable::default();
//! tables.push("hand.phh", 0, &phh::parse_hand(text), &mut errors);
//! let batches = tables.finish().unwrap();
//! assert_eq!(batches.hands.num_rows(), 1);
//! assert_eq!(batches.seats.num_rows(), 2);
//! assert_eq!(batches.actions.num_rows(), 4);
//! // The raise to 6 faced a call of 1 with 3 chips in the pot.
//! let to_call = batches.actions.column_by_name("to_call").unwrap();
//! let to_call = to_call.as_any().downcast_ref::<arrow_array::StringArray>().unwrap();
//! assert_eq!(to_call.value(2), "1");
//! assert_eq!(errors.rows(), 0);
//! ```
//!
//! [`export::export`] writes every table to Parquet (zstd), streaming and in parallel; the
//! `cardnote export` command is a thin wrapper around it.
//!
//! # Tables (a stable contract)
//!
//! Columns are only ever added, never renamed, removed or retyped. Every table carries the keys
//! `file` (the path as named on the command line, as in `cardnote check --json`) and `index`
//! (the record's 0-based place in the file, the `index` of `check --json`).
//!
//! **Amounts are exact.** Each amount is a text column holding the exact decimal as the engine
//! or the file has it (`"0.25"`, `"inf"` for an unknown stack), with a `<name>_f64` Float64 column
//! beside it for convenience (`inf` is +infinity). Lists of amounts are lists of exact texts.
//! Cast the text (`CAST(payoff AS DECIMAL(38, 10))` in DuckDB) for exact sums.
//!
//! ## `hands` (PHH, one row per hand that has a model)
//! | column | type | meaning |
//! |---|---|---|
//! | `file`, `index` | utf8, uint32 | keys |
//! | `name` | utf8? | the `.phhs` table name (`[12]` gives `12`) |
//! | `variant` | utf8 | PHH code (`NT`, `F7S/8`..) |
//! | `players` | uint8 | number of players |
//! | `antes`, `blinds_or_straddles` | `list<utf8>` | exact amounts per player (`blinds_or_straddles` null when absent) |
//! | `bring_in`, `small_bet`, `big_bet`, `min_bet` (+ `_f64`) | utf8?, float64? | exact amounts when given |
//! | `ante_trimming` | bool | `ante_trimming_status` (false when absent) |
//! | `starting_stacks`, `finishing_stacks` | `list<utf8>` | exact; finishing as replayed (null when not replayed) |
//! | `board` | utf8? | every board card dealt, e.g. `Ah7d2c9s`; null when not replayed |
//! | `actions` | uint32 | number of actions |
//! | `event`, `url`, `venue`, `address`, `city`, `region`, `postal_code`, `country`, `time`, `time_zone` | utf8? | optional fields |
//! | `day`, `month`, `year` | int64? | optional fields |
//! | `hand`, `level`, `table` | utf8?, int64?, utf8? | optional fields |
//! | `currency`, `author` | utf8? | optional fields |
//! | `terminal` | bool? | the replay reached the end; null when not replayed (reading errors) |
//! | `error_codes`, `warning_codes` | `list<utf8>` | codes of the record's diagnostics, reading and replay, as `check` reports them |
//! | `unawarded` (+ `_f64`) | utf8? | chips left in the pots, awarded to no one: `0` for a hand that ran to its end, more for one whose actions end before it does (`terminal` false, warning `PHH_UNFINISHED_HAND`); null when not replayed |
//! | `counted` | bool? | the hand counts in `cardnote stats`: replayed to its end with no error against its actions (a declared `finishing_stacks` or `winnings` the replay does not give is in `error_codes` but does not stop it); null when not replayed |
//!
//! ## `seats` (PHH, one row per player of each hand)
//! | column | type | meaning |
//! |---|---|---|
//! | `file`, `index`, `variant` | utf8, uint32, utf8 | keys, variant |
//! | `seat` | uint8 | 1-based (`p1` is 1) |
//! | `player` | utf8? | name from `players` |
//! | `position` | utf8? | `SB`, `BB`, `UTG`, `UTG+1`.., `MP`, `HJ`, `CO`, `BTN` in button games of 2 to 10 players (heads-up: `BB`, `BTN`); null in stud |
//! | `starting_stack`, `finishing_stack`, `payoff` (+ `_f64`) | utf8 | exact; the last two as replayed (null when not replayed) |
//! | `hole_cards` | utf8 | every hole card dealt, `??` for an unknown one |
//! | `showed` | bool? | true: showed at showdown, false: mucked, null: no showdown action |
//! | `shown_cards` | utf8? | the cards shown |
//!
//! ## `actions` (PHH, one row per action)
//! | column | type | meaning |
//! |---|---|---|
//! | `file`, `index`, `variant` | utf8, uint32, utf8 | keys, variant |
//! | `seq` | uint32 | 0-based place in the hand's `actions` |
//! | `street` | uint8? | 0-based street when the action was tried (0: preflop / third street / before the first draw) |
//! | `actor` | uint8? | 1-based player; null for board deals |
//! | `kind` | utf8 | `deal_board`, `deal_hole`, `bring_in`, `check`, `call`, `check_call` (not replayed), `bet_raise_to`, `fold`, `stand_pat`, `discard`, `show`, `muck`, `noop` |
//! | `notation` | utf8 | the action in canonical PHH notation |
//! | `amount` (+ `_f64`) | utf8? | `bet_raise_to`: the total the bet or raise is to; `call`/`check`: what it put in |
//! | `cards` | utf8? | cards dealt, discarded or shown |
//! | `replayed` | bool | the engine tried the action (false after an illegal one) |
//! | `pot_before` (+ `_f64`) | utf8? | every chip in the pots and in front of the players before the action |
//! | `to_call` (+ `_f64`) | utf8? | for a betting action of the player to act: what a check/call puts in (0 for a check) |
//! | `stack_before` (+ `_f64`) | utf8? | the actor's stack before the action |
//! | `players_in` | uint8? | players not folded before the action |
//! | `board` | utf8? | the board before the action |
//!
//! ## `boards` (PBN, one row per game, numbered as `check` does)
//! `file`, `index`; `event`, `site`, `date`, `board`, `dealer` (`N`/`E`/`S`/`W`), `vulnerable`
//! (`None`, `NS`, `EW`, `All`), `deal` (`N:` and the four hands), `north`, `east`, `south`, `west`
//! (`AKQ.JT9.876.5432`, `-` when not given), `double_dummy_tricks`, `optimum_score`,
//! `par_contract` (the tags as written, when present). All utf8, nullable.
//!
//! ## `calls` (PBN, one row per call of the auction)
//! `file`, `index`; `seq` (uint32, 0-based), `seat` (utf8), `call` (utf8: `Pass`, `X`, `XX`, `1NT`..,
//! `AP` for all pass, `^S` for a skipped player), `insufficient` (bool, `^I`), `suffix_nag`
//! (uint8?, `!` is 1, `?` is 2, `!!` 3, `??` 4, `!?` 5, `?!` 6), `note_number` (uint8?, `=n=`),
//! `note` (utf8?, the text of that `Note` tag: alerts and explanations).
//!
//! ## `plays` (PBN, one row per card position of the play section)
//! `file`, `index`; `trick` (uint8, 1-based), `seat` (utf8), `card` (utf8?, e.g. `SA`; null for
//! `-`), `lead` (bool?, the seat led the trick; null when the leader is unknown), `winner`
//! (utf8?, the trick's winner when all four cards and the leader are known).
//!
//! ## `results` (PBN, one row per game)
//! `file`, `index`; `contract` (utf8?), `declarer` (utf8?, `^` marks an irregular declarer),
//! `result` (uint8?, declarer's tricks), `tricks_by_play` (uint8?, declarer's tricks in the play
//! when all 13 are known), `score_ns` (int64?, the duplicate score for North-South computed from
//! contract, vulnerability and result), `score` (utf8?, the `Score` tag as written).
//!
//! ## `errors` (every record with an error, and every unreadable file)
//! `file` (utf8), `index` (uint32?, null for a file that could not be read), `format` (`phh` or
//! `pbn`), `codes` and `messages` (`list<utf8>`, the errors in order, codes as in `check --json`;
//! `EXPORT_UNREADABLE_FILE` for a file that could not be read). Records with errors keep their
//! rows in the other tables when they have a model (a PHH hand with an illegal action keeps its
//! actions, with `replayed` false from the illegal one on).

pub mod errors;
mod exact;
pub mod export;
pub mod pbn;
pub mod phh;
mod table;

pub use errors::{ErrorsTable, errors_schema};
pub use export::{
    ExportError, ExportOptions, ExportSummary, Input, InputFormat, PhhTable, export, phh_table,
};
pub use pbn::{PbnBatches, PbnTables};
pub use phh::{PhhBatches, PhhTables};

/// Codes this crate adds to the `errors` table.
pub mod codes {
    /// A file named for export could not be read.
    pub const EXPORT_UNREADABLE_FILE: &str = "EXPORT_UNREADABLE_FILE";
    /// Every code of this crate.
    pub const ALL: &[&str] = &[EXPORT_UNREADABLE_FILE];
}

/// The README's example, run as a doctest.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
