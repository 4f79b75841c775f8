//! What a diagram shows, taken from one PBN game.

use bridge_core::Vulnerability;
use bridge_dd::check::{Job, find_tag};
use bridge_dd::tags::{self, DOUBLE_DUMMY_TRICKS, OPTIMUM_RESULT_TABLE, OPTIMUM_SCORE, PAR_CONTRACT};
use bridge_dd::{DdTable, Par};
use cards_core::Compass;
use pbn::Record;
use pbn::model::{Contract, Deal};

/// One board as a diagram shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    /// The Board tag (`1`), or empty.
    pub number: String,
    /// The event name, when given.
    pub event: Option<String>,
    /// Dealer.
    pub dealer: Option<Compass>,
    /// Vulnerability.
    pub vulnerability: Option<Vulnerability>,
    /// The deal.
    pub deal: Option<Deal>,
    /// Contract, declarer and the declarer's tricks, when played.
    pub contract: Option<(Contract, Option<Compass>, Option<u8>)>,
    /// The double-dummy table.
    pub dd: Option<DdTable>,
    /// Par, computed from the table when there is one.
    pub par: Option<Par>,
    /// Par as the file's tags give it, when it cannot be computed (`NS 620`, `NS 4S=`).
    pub par_text: Option<(String, String)>,
}

impl Board {
    /// The board of a game. `dd` is its double-dummy table when the caller solved it; otherwise
    /// the table is read from the game's `DoubleDummyTricks` or a full `OptimumResultTable`.
    #[must_use]
    pub fn from_record(record: &Record, dd: Option<DdTable>) -> Board {
        let info = &record.model.info;
        let dd = dd.or_else(|| table_from_tags(record));
        let par = match (Job::of(record), dd) {
            (Some(job), Some(table)) => job.par(&table),
            _ => None,
        };
        let par_text = par.is_none().then(|| par_from_tags(record)).flatten();
        let contract = info.contract.map(|c| {
            let declarer = info.declarer.map(|d| d.seat);
            (c, declarer, info.result.and_then(|r| r.declarer_tricks(declarer)))
        });
        Board {
            number: info.board.clone().unwrap_or_default(),
            event: record.model.tag("Event").filter(|e| !e.is_empty() && *e != "?").map(str::to_owned),
            dealer: info.dealer,
            vulnerability: info.vulnerable,
            deal: info.deal,
            contract,
            dd,
            par,
            par_text,
        }
    }
}

fn table_from_tags(record: &Record) -> Option<DdTable> {
    let game = record.model.tokens();
    if let Some(table) =
        find_tag(&game, DOUBLE_DUMMY_TRICKS).and_then(|t| tags::parse_double_dummy_tricks(&t.value()))
    {
        return Some(table);
    }
    let (rows, _) = tags::read_result_rows(find_tag(&game, OPTIMUM_RESULT_TABLE)?);
    let mut tricks = [[None; 5]; 4];
    for row in rows {
        tricks[row.declarer.index()][row.denomination as usize] = Some(row.tricks);
    }
    let full: Option<Vec<[u8; 5]>> = tricks
        .iter()
        .map(|seat| {
            let cells: Option<Vec<u8>> = seat.iter().copied().collect();
            cells.and_then(|c| c.try_into().ok())
        })
        .collect();
    DdTable::new(full?.try_into().ok()?)
}

fn par_from_tags(record: &Record) -> Option<(String, String)> {
    let game = record.model.tokens();
    let score = find_tag(&game, OPTIMUM_SCORE).map(|t| t.value().into_owned());
    let contract = find_tag(&game, PAR_CONTRACT).map(|t| t.value().into_owned());
    (score.is_some() || contract.is_some()).then(|| (contract.unwrap_or_default(), score.unwrap_or_default()))
}
