//! PBN games as the `boards`, `calls`, `plays` and `results` tables (schemas in the crate docs).

use arrow_array::RecordBatch;
use arrow_schema::{ArrowError, SchemaRef};
use cards_core::{Card, Compass};
use pbn::Record;
use pbn::model::{AuctionItem, Contract, PlayItem};
use pbn::text::{write_card, write_hand};
use pbn::trick_winner;

use crate::errors::ErrorsTable;
use crate::table::{Table, col, schema};

fn keys() -> Vec<arrow_schema::Field> {
    vec![col::text("file", false), col::u32("index", false)]
}

/// The schema of the `boards` table.
#[must_use]
pub fn boards_schema() -> SchemaRef {
    schema(vec![
        keys(),
        ["event", "site", "date", "board", "dealer", "vulnerable", "deal", "north", "east", "south", "west"]
            .iter()
            .map(|n| col::text(n, true))
            .collect(),
        ["double_dummy_tricks", "optimum_score", "par_contract"].iter().map(|n| col::text(n, true)).collect(),
    ])
}

/// The schema of the `calls` table.
#[must_use]
pub fn calls_schema() -> SchemaRef {
    schema(vec![
        keys(),
        vec![col::u32("seq", false), col::text("seat", false), col::text("call", false)],
        vec![col::flag("insufficient", false), col::u8("suffix_nag", true), col::u8("note_number", true)],
        vec![col::text("note", true)],
    ])
}

/// The schema of the `plays` table.
#[must_use]
pub fn plays_schema() -> SchemaRef {
    schema(vec![
        keys(),
        vec![col::u8("trick", false), col::text("seat", false), col::text("card", true)],
        vec![col::flag("lead", true), col::text("winner", true)],
    ])
}

/// The schema of the `results` table.
#[must_use]
pub fn results_schema() -> SchemaRef {
    schema(vec![
        keys(),
        vec![col::text("contract", true), col::text("declarer", true), col::u8("result", true)],
        vec![col::u8("tricks_by_play", true), col::i64("score_ns", true), col::text("score", true)],
    ])
}

/// The PBN tables being filled, a game at a time.
pub struct PbnTables {
    boards: Table,
    calls: Table,
    plays: Table,
    results: Table,
}

/// The batches of the PBN tables.
#[derive(Debug, Clone)]
pub struct PbnBatches {
    /// The `boards` table.
    pub boards: RecordBatch,
    /// The `calls` table.
    pub calls: RecordBatch,
    /// The `plays` table.
    pub plays: RecordBatch,
    /// The `results` table.
    pub results: RecordBatch,
}

impl Default for PbnTables {
    fn default() -> PbnTables {
        PbnTables {
            boards: Table::new(boards_schema()),
            calls: Table::new(calls_schema()),
            plays: Table::new(plays_schema()),
            results: Table::new(results_schema()),
        }
    }
}

impl PbnTables {
    /// Adds the record at `index` of `file` (the numbering of `check`: see
    /// [`PbnTables::push_text`]): a row of `boards` and of `results`, a row of `calls` per call and
    /// of `plays` per card; its errors go to `errors`.
    pub fn push(&mut self, file: &str, index: u32, record: &Record, errors: &mut ErrorsTable) {
        self.push_with(file, index, record, &[], errors);
    }

    /// Adds every game of a PBN text, numbered as `check --json` numbers them: games only; what
    /// a text that is not a game reports (a `%` header, stray text) goes with the game after it,
    /// or the last game, or, in a file without a game, record 0. Returns the number of games.
    pub fn push_text(&mut self, file: &str, text: &str, errors: &mut ErrorsTable) -> usize {
        let mut carried: Vec<cards_core::Diagnostic> = Vec::new();
        let mut games = 0usize;
        let mut last: Option<u32> = None;
        let records =
            cards_core::notation::read_checked::<pbn::Pbn, _>(text.as_bytes(), pbn::Options::default());
        // Reading text in memory cannot fail.
        for record in records.map_while(Result::ok) {
            if record.model.is_game {
                let index = u32::try_from(games).unwrap_or(u32::MAX);
                self.push_with(file, index, &record, &carried, errors);
                carried.clear();
                last = Some(index);
                games += 1;
            } else {
                carried.extend(record.diagnostics.iter().cloned());
            }
        }
        if !carried.is_empty() {
            errors.push_diagnostics(file, Some(last.unwrap_or(0)), "pbn", carried.iter());
        }
        games
    }

    fn push_with(
        &mut self,
        file: &str,
        index: u32,
        record: &Record,
        leading: &[cards_core::Diagnostic],
        errors: &mut ErrorsTable,
    ) {
        errors.push_diagnostics(file, Some(index), "pbn", leading.iter().chain(record.diagnostics.iter()));
        let info = &record.model.info;
        let seat_text = |c: Compass| c.to_string();
        let mut row = self.boards.row();
        row.text(Some(file)).u32(Some(index));
        row.text(record.model.tag("Event")).text(record.model.tag("Site")).text(record.model.tag("Date"));
        row.text(info.board.as_deref()).text(info.dealer.map(seat_text).as_deref());
        row.text(info.vulnerable.map(pbn::model::vulnerability_export));
        row.text(info.deal.map(|d| d.write_from(Compass::North)).as_deref());
        for seat in Compass::ALL {
            row.text(info.deal.map(|d| write_hand(d.hand(seat))).as_deref());
        }
        row.text(record.model.tag("DoubleDummyTricks")).text(record.model.tag("OptimumScore"));
        row.text(record.model.tag("ParContract"));

        let declarer = info.declarer.map(|d| format!("{}{}", if d.irregular { "^" } else { "" }, d.seat));
        let result = info.result.and_then(|r| r.declarer_tricks(info.declarer.map(|d| d.seat)));
        let mut row = self.results.row();
        row.text(Some(file)).u32(Some(index));
        row.text(info.contract.map(Contract::export).as_deref()).text(declarer.as_deref()).u8(result);
        row.u8(info.tricks_by_play).i64(info.score_ns).text(record.model.tag("Score"));

        if let Some(auction) = &info.auction {
            self.push_calls(file, index, auction, &info.notes);
        }
        if let Some(play) = &info.play {
            let trump = info.contract.and_then(Contract::denomination).and_then(|d| d.trump());
            self.push_plays(file, index, play, trump);
        }
    }

    fn push_calls(&mut self, file: &str, index: u32, auction: &pbn::model::Auction, notes: &[(u8, String)]) {
        let mut seq = 0u32;
        for (n, entry) in auction.entries.iter().enumerate() {
            let (call, insufficient) = match &entry.item {
                AuctionItem::Call { call, insufficient } => (call.to_string(), *insufficient),
                AuctionItem::AllPass => ("AP".to_owned(), false),
                AuctionItem::Skipped => ("^S".to_owned(), false),
                // A quiz blank is a call not given, in its seat: written as the file writes it.
                AuctionItem::Blank => ("____".to_owned(), false),
                // An unreadable token is in the `errors` table; it still holds its seat (`n`).
                AuctionItem::Placeholder | AuctionItem::Continue | AuctionItem::Unreadable => continue,
            };
            let note_number = entry.annotation.note;
            let note = note_number.and_then(|k| notes.iter().find(|(i, _)| *i == k)).map(|(_, t)| t.as_str());
            let mut row = self.calls.row();
            row.text(Some(file)).u32(Some(index)).u32(Some(seq));
            row.text(Some(&auction.first.advance(n).to_string())).text(Some(&call));
            row.flag(Some(insufficient)).u8(entry.annotation.suffix).u8(note_number).text(note);
            seq += 1;
        }
    }

    fn push_plays(
        &mut self,
        file: &str,
        index: u32,
        play: &pbn::model::Play,
        trump: Option<cards_core::Suit>,
    ) {
        let mut leader = Some(play.first);
        for (t, trick) in play.entries.chunks(4).enumerate() {
            let by_seat: Vec<(Compass, Option<Card>)> = trick
                .iter()
                .enumerate()
                .map(|(c, e)| {
                    let card = match e.item {
                        PlayItem::Card { card, .. } => Some(card),
                        _ => None,
                    };
                    (play.first.advance(c), card)
                })
                .collect();
            let in_order: Option<Vec<(Compass, Card)>> = leader.and_then(|lead| {
                (0..4)
                    .map(|k| {
                        let seat = lead.advance(k);
                        by_seat.iter().find(|(s, _)| *s == seat).and_then(|(s, c)| c.map(|c| (*s, c)))
                    })
                    .collect()
            });
            let winner = in_order.as_deref().and_then(|cards| trick_winner(cards, trump));
            for (seat, card) in &by_seat {
                let mut row = self.plays.row();
                row.text(Some(file)).u32(Some(index)).u8(u8::try_from(t + 1).ok());
                row.text(Some(&seat.to_string())).text(card.map(write_card).as_deref());
                row.flag(leader.map(|l| l == *seat)).text(winner.map(|w| w.to_string()).as_deref());
            }
            leader = winner;
        }
    }

    /// Games added since the last [`PbnTables::finish`].
    #[must_use]
    pub const fn board_rows(&self) -> usize {
        self.boards.rows()
    }

    /// The rows so far as batches; the tables are empty afterwards.
    ///
    /// # Errors
    /// Only if a row left a column unfilled (a bug, reported rather than panicking).
    pub fn finish(&mut self) -> Result<PbnBatches, ArrowError> {
        Ok(PbnBatches {
            boards: self.boards.finish()?,
            calls: self.calls.finish()?,
            plays: self.plays.finish()?,
            results: self.results.finish()?,
        })
    }
}
