//! PHH hands as the `hands`, `seats` and `actions` tables (schemas in the crate docs).

use std::fmt;

use arrow_array::RecordBatch;
use arrow_schema::{ArrowError, SchemaRef};
use cards_core::MaybeCard;
use phh::replay::RuleProfile;
use phh::{ActionKind, CardRun, Hand, Record, Shown};
use poker_engine::Chips;
use poker_stats::{Replayed, Step, position};

use crate::errors::ErrorsTable;
use crate::table::{Table, col, schema};

/// The schema of the `hands` table.
#[must_use]
pub fn hands_schema() -> SchemaRef {
    schema(vec![
        vec![col::text("file", false), col::u32("index", false), col::text("name", true)],
        vec![col::text("variant", false), col::u8("players", false)],
        vec![col::texts("antes"), col::texts("blinds_or_straddles")],
        col::amount("bring_in", true).into(),
        col::amount("small_bet", true).into(),
        col::amount("big_bet", true).into(),
        col::amount("min_bet", true).into(),
        vec![col::flag("ante_trimming", false)],
        vec![col::texts("starting_stacks"), col::texts("finishing_stacks"), col::text("board", true)],
        vec![col::u32("actions", false)],
        ["event", "url", "venue", "address", "city", "region", "postal_code", "country", "time", "time_zone"]
            .iter()
            .map(|n| col::text(n, true))
            .collect(),
        vec![col::i64("day", true), col::i64("month", true), col::i64("year", true)],
        vec![col::text("hand", true), col::i64("level", true), col::text("table", true)],
        vec![col::text("currency", true), col::text("author", true)],
        vec![col::flag("terminal", true), col::texts("error_codes"), col::texts("warning_codes")],
        col::amount("unawarded", true).into(),
        vec![col::flag("counted", true)],
    ])
}

/// The schema of the `seats` table.
#[must_use]
pub fn seats_schema() -> SchemaRef {
    schema(vec![
        vec![col::text("file", false), col::u32("index", false), col::text("variant", false)],
        vec![col::u8("seat", false), col::text("player", true), col::text("position", true)],
        col::amount("starting_stack", false).into(),
        col::amount("finishing_stack", true).into(),
        col::amount("payoff", true).into(),
        vec![col::text("hole_cards", false), col::flag("showed", true), col::text("shown_cards", true)],
    ])
}

/// The schema of the `actions` table.
#[must_use]
pub fn actions_schema() -> SchemaRef {
    schema(vec![
        vec![col::text("file", false), col::u32("index", false), col::text("variant", false)],
        vec![col::u32("seq", false), col::u8("street", true), col::u8("actor", true)],
        vec![col::text("kind", false), col::text("notation", false)],
        col::amount("amount", true).into(),
        vec![col::text("cards", true)],
        vec![col::flag("replayed", false)],
        col::amount("pot_before", true).into(),
        col::amount("to_call", true).into(),
        col::amount("stack_before", true).into(),
        vec![col::u8("players_in", true), col::text("board", true)],
    ])
}

/// Cards written one after another (`Ah7d2c`, `??` for an unknown one), without a string of
/// their own.
#[derive(Clone, Copy)]
enum Cards<'a> {
    Run(&'a CardRun),
    Slice(&'a [MaybeCard]),
}

impl fmt::Display for Cards<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Cards::Run(run) => {
                run.iter().try_for_each(|c| write!(f, "{}", poker_engine::card_text::spell(c)))
            }
            Cards::Slice(cards) => {
                cards.iter().try_for_each(|c| write!(f, "{}", poker_engine::card_text::spell(*c)))
            }
        }
    }
}

fn run_text(run: &CardRun) -> String {
    Cards::Run(run).to_string()
}

fn at(values: Option<&Vec<String>>, seat: usize) -> Option<&str> {
    values.and_then(|v| v.get(seat)).map(String::as_str)
}

/// The `kind` column of an action (`to_call` tells a check from a call).
fn kind_name(kind: &ActionKind, to_call: Option<Chips>) -> &'static str {
    match kind {
        ActionKind::DealBoard { .. } => "deal_board",
        ActionKind::DealHole { .. } => "deal_hole",
        ActionKind::BringIn { .. } => "bring_in",
        ActionKind::CompleteBetRaise { .. } => "bet_raise_to",
        ActionKind::CheckCall { .. } => match to_call {
            Some(c) if c.is_zero() => "check",
            Some(_) => "call",
            None => "check_call",
        },
        ActionKind::Fold { .. } => "fold",
        ActionKind::StandPatDiscard { discards, .. } if discards.is_empty() => "stand_pat",
        ActionKind::StandPatDiscard { .. } => "discard",
        ActionKind::ShowMuck { shown: Shown::Muck, .. } => "muck",
        ActionKind::ShowMuck { .. } => "show",
        ActionKind::NoOp => "noop",
    }
}

/// The cards an action names (dealt, discarded or shown).
fn action_cards(kind: &ActionKind) -> Option<Cards<'_>> {
    match kind {
        ActionKind::DealBoard { cards } | ActionKind::DealHole { cards, .. } => Some(Cards::Run(cards)),
        ActionKind::StandPatDiscard { discards, .. } => Some(Cards::Run(discards)),
        ActionKind::ShowMuck { shown: Shown::Cards(cards), .. } => Some(Cards::Run(cards)),
        _ => None,
    }
}

/// What one player was dealt and showed, from the hand's actions.
#[derive(Default)]
struct SeatCards {
    hole: String,
    showed: Option<bool>,
    shown: Option<String>,
}

fn seat_cards(hand: &Hand) -> Vec<SeatCards> {
    let mut seats: Vec<SeatCards> = (0..hand.player_count()).map(|_| SeatCards::default()).collect();
    for action in &hand.actions {
        let Some(seat) = action.kind.player().and_then(|p| p.index()).and_then(|i| seats.get_mut(i)) else {
            continue;
        };
        match &action.kind {
            ActionKind::DealHole { cards, .. } => {
                use fmt::Write as _;
                let _ = write!(seat.hole, "{}", Cards::Run(cards));
            }
            ActionKind::ShowMuck { shown, .. } => {
                seat.showed = Some(!matches!(shown, Shown::Muck));
                seat.shown = match shown {
                    Shown::Muck => None,
                    Shown::Dealt => Some(seat.hole.clone()),
                    Shown::Cards(cards) => Some(run_text(cards)),
                };
            }
            _ => {}
        }
    }
    seats
}

/// The PHH tables being filled, a hand at a time.
pub struct PhhTables {
    hands: Table,
    seats: Table,
    actions: Table,
    profile: RuleProfile,
}

impl Default for PhhTables {
    fn default() -> PhhTables {
        PhhTables::new(RuleProfile::Pokerkit)
    }
}

/// The batches of the PHH tables.
#[derive(Debug, Clone)]
pub struct PhhBatches {
    /// The `hands` table.
    pub hands: RecordBatch,
    /// The `seats` table.
    pub seats: RecordBatch,
    /// The `actions` table.
    pub actions: RecordBatch,
}

impl PhhTables {
    /// Empty tables; hands are replayed under `profile`.
    #[must_use]
    pub fn new(profile: RuleProfile) -> PhhTables {
        PhhTables {
            hands: Table::new(hands_schema()),
            seats: Table::new(seats_schema()),
            actions: Table::new(actions_schema()),
            profile,
        }
    }

    /// Hands added since the last [`PhhTables::finish`].
    #[must_use]
    pub const fn hand_rows(&self) -> usize {
        self.hands.rows()
    }

    /// Adds the hand at `index` of `file`: a row of `hands`, a row of `seats` per player and a
    /// row of `actions` per action when it has a model; its errors (reading or replaying) go to
    /// `errors`. The replay is skipped for a hand with reading errors, as `check` does.
    pub fn push(&mut self, file: &str, index: u32, parsed: &Record, errors: &mut ErrorsTable) {
        let replayed = match &parsed.model.hand {
            Some(_) if parsed.has_errors() => None,
            Some(_) => Replayed::of_record(parsed, self.profile),
            None => None,
        };
        let diagnostics =
            parsed.diagnostics.iter().chain(replayed.iter().flat_map(|r| &r.outcome.diagnostics));
        errors.push_diagnostics(file, Some(index), "phh", diagnostics.clone());
        let Some(hand) = &parsed.model.hand else { return };
        self.push_hand(file, index, parsed.model.name.as_deref(), hand, replayed.as_ref(), diagnostics);
    }

    fn push_hand<'d>(
        &mut self,
        file: &str,
        index: u32,
        name: Option<&str>,
        hand: &Hand,
        replayed: Option<&Replayed>,
        diagnostics: impl Iterator<Item = &'d cards_core::Diagnostic> + Clone,
    ) {
        let variant = hand.variant.code();
        let outcome = replayed.map(|r| &r.outcome);
        let board = replayed.map(|r| Cards::Slice(&r.board));
        let codes =
            |errors: bool| diagnostics.clone().filter(move |d| d.is_error() == errors).map(|d| d.code());
        let mut row = self.hands.row();
        row.text(Some(file)).u32(Some(index)).text(name);
        row.text(Some(variant)).u8(u8::try_from(hand.player_count()).ok());
        row.texts_of(Some(&hand.antes)).texts_of(hand.blinds_or_straddles.as_deref());
        row.amount_of(hand.bring_in).amount_of(hand.small_bet);
        row.amount_of(hand.big_bet).amount_of(hand.min_bet);
        row.flag(Some(hand.ante_trimming()));
        row.texts_of(Some(&hand.starting_stacks)).texts(outcome.map(|o| &o.finishing_stacks));
        row.display(board).u32(u32::try_from(hand.actions.len()).ok());
        for value in [&hand.event, &hand.url, &hand.venue, &hand.address, &hand.city, &hand.region] {
            row.text(value.as_deref());
        }
        row.text(hand.postal_code.as_deref()).text(hand.country.as_deref());
        row.display(hand.time.as_ref()).text(hand.time_zone.as_deref());
        row.i64(hand.day).i64(hand.month).i64(hand.year);
        row.display(hand.hand.as_ref()).i64(hand.level).display(hand.table.as_ref());
        row.text(hand.currency.as_deref()).text(hand.author.as_deref());
        row.flag(outcome.map(|o| o.terminal)).texts(Some(codes(true))).texts(Some(codes(false)));
        row.amount(outcome.map(|o| o.unawarded.as_str()));
        row.flag(replayed.map(|r| r.outcome.terminal && !r.has_errors()));

        for (seat, cards) in seat_cards(hand).iter().enumerate() {
            let player = hand.players.as_ref().and_then(|p| p.get(seat)).map(String::as_str);
            let mut row = self.seats.row();
            row.text(Some(file)).u32(Some(index)).text(Some(variant));
            row.u8(u8::try_from(seat + 1).ok()).text(player);
            row.text(position(hand.variant, hand.player_count(), seat));
            row.amount_of(hand.starting_stacks.get(seat));
            row.amount(at(outcome.map(|o| &o.finishing_stacks), seat));
            row.amount(at(outcome.map(|o| &o.payoffs), seat));
            row.text(Some(&cards.hole)).flag(cards.showed).text(cards.shown.as_deref());
        }

        let steps = replayed.map_or(&[][..], |r| &r.steps);
        let mut notation = String::new();
        for (seq, action) in hand.actions.iter().enumerate() {
            let step: Option<&Step> = steps.get(seq);
            let to_call = step.and_then(|s| s.to_call);
            notation.clear();
            action.write_to(&mut notation);
            let board_so_far = step
                .zip(replayed)
                .map(|(s, r)| Cards::Slice(r.board.get(..usize::from(s.board_len)).unwrap_or(&r.board)));
            let mut row = self.actions.row();
            row.text(Some(file)).u32(Some(index)).text(Some(variant));
            row.u32(u32::try_from(seq).ok()).u8(step.and_then(|s| s.street));
            row.u8(action.kind.actor().and_then(|p| u8::try_from(p.0).ok()));
            row.text(Some(kind_name(&action.kind, to_call))).text(Some(&notation));
            match &action.kind {
                ActionKind::CompleteBetRaise { amount, .. } => row.amount_of(Some(amount)),
                ActionKind::CheckCall { .. } => row.amount_of(to_call),
                _ => row.amount_of(None::<Chips>),
            };
            row.display(action_cards(&action.kind)).flag(Some(step.is_some()));
            row.amount_of(step.map(|s| s.pot_before)).amount_of(to_call);
            row.amount_of(step.and_then(|s| s.stack_before));
            row.u8(step.map(|s| s.players_in)).display(board_so_far);
        }
    }

    /// The rows so far as batches; the tables are empty afterwards.
    ///
    /// # Errors
    /// An [`ArrowError`] only if a row left a column unfilled (a bug, reported rather than
    /// panicking).
    pub fn finish(&mut self) -> Result<PhhBatches, ArrowError> {
        Ok(PhhBatches {
            hands: self.hands.finish()?,
            seats: self.seats.finish()?,
            actions: self.actions.finish()?,
        })
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use arrow_array::{BooleanArray, StringArray};

    use super::*;

    const SETUP: &str = "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n\
                         starting_stacks = [100, 100]\n";

    /// A declared field the replay does not give is a row of `errors` and in `error_codes`, yet
    /// the hand is `counted`; an unfinished hand is not, and shows what stays in the pot.
    #[test]
    fn declared_field_errors_are_counted_and_unfinished_hands_marked() {
        let mut tables = PhhTables::default();
        let mut errors = ErrorsTable::default();
        let declared =
            format!("{SETUP}actions = ['d dh p1 AcAd', 'd dh p2 KcKd', 'p2 f']\nfinishing_stacks = [1, 1]\n");
        tables.push("declared.phh", 0, &phh::parse_hand(&declared), &mut errors);
        let unfinished = format!("{SETUP}actions = ['d dh p1 AcAd', 'd dh p2 KcKd', 'p2 cbr 6']\n");
        tables.push("unfinished.phh", 0, &phh::parse_hand(&unfinished), &mut errors);
        assert_eq!(errors.rows(), 1);
        let hands = tables.finish().unwrap().hands;
        let column = |name: &str| hands.column_by_name(name).unwrap().clone();
        let counted = column("counted");
        let counted = counted.as_any().downcast_ref::<BooleanArray>().unwrap();
        assert!(counted.value(0) && !counted.value(1));
        let unawarded = column("unawarded");
        let unawarded = unawarded.as_any().downcast_ref::<StringArray>().unwrap();
        assert_eq!((unawarded.value(0), unawarded.value(1)), ("0", "8"));
    }
}
