//! Double-dummy trick tables: solving a deal with the engine (cardnote-dd-engine), one deal or many.

use bridge_core::Denomination;
use cards_core::Compass;
use contract_bridge::{FullDeal, Seat, Strain};
use pbn::model::Deal;

/// Each solver thread's transposition table by default, in MiB: past it a table starts over.
/// Set by measurement (BENCHMARKS.md, issue 31): the engine's table takes only what the search
/// stores, and on real deals more than this buys no speed.
pub const DEFAULT_MEMORY_MIB: u32 = dd_engine::DEFAULT_MEMORY_MIB;
use dd_engine::{NonEmptyStrainFlags, TrickCountRow, TrickCountTable};

/// The denominations in table order (clubs first, notrump last, as [`Denomination`] orders them).
pub const DENOMINATIONS: [Denomination; 5] = [
    Denomination::Clubs,
    Denomination::Diamonds,
    Denomination::Hearts,
    Denomination::Spades,
    Denomination::NoTrump,
];

/// Why a deal cannot be solved double dummy.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DealError {
    /// A hand is not given (`-`), does not hold 13 cards, or shares a card with another.
    NotFull,
}

impl core::fmt::Display for DealError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            DealError::NotFull => f.write_str("a double-dummy table needs four hands of 13 different cards"),
        }
    }
}

impl std::error::Error for DealError {}

/// Tricks each seat takes as declarer in each denomination, double dummy.
///
/// ```
/// use bridge_dd::DdTable;
/// use cards_core::Compass;
/// use bridge_core::Denomination;
///
/// // A table as DDS's list100.txt writes it: per denomination S H D C NT, declarers N E S W.
/// let table = DdTable::from_dds_order([5, 8, 5, 8, 6, 6, 6, 6, 5, 7, 5, 7, 7, 5, 7, 5, 6, 6, 6, 6]).unwrap();
/// assert_eq!(table.tricks(Compass::East, Denomination::Spades), 8);
/// assert_eq!(table.tricks(Compass::South, Denomination::Clubs), 7);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct DdTable {
    /// `tricks[declarer index][denomination index]`, declarers N E S W, denominations C D H S NT.
    tricks: [[u8; 5]; 4],
}

impl DdTable {
    /// A table from trick counts `[declarer N E S W][denomination C D H S NT]`; `None` when a
    /// count is above 13.
    #[must_use]
    pub fn new(tricks: [[u8; 5]; 4]) -> Option<DdTable> {
        tricks.iter().flatten().all(|&t| t <= 13).then_some(DdTable { tricks })
    }

    /// A table from DDS's own order: denominations S H D C NT, each for declarers N E S W.
    #[must_use]
    pub fn from_dds_order(cells: [u8; 20]) -> Option<DdTable> {
        // DDS order S H D C NT -> this table's C D H S NT index.
        const DENOM: [usize; 5] = [3, 2, 1, 0, 4];
        let mut tricks = [[0; 5]; 4];
        for (i, &t) in cells.iter().enumerate() {
            tricks[i % 4][DENOM[i / 4]] = t;
        }
        DdTable::new(tricks)
    }

    /// Tricks `declarer` takes in `denomination`.
    #[must_use]
    pub const fn tricks(&self, declarer: Compass, denomination: Denomination) -> u8 {
        self.tricks[declarer.index()][denomination as usize]
    }

    /// Solves `deal` double dummy on the calling thread, reusing `solver`'s memory.
    ///
    /// # Errors
    /// [`DealError::NotFull`] when a hand is missing or short.
    pub fn solve_on(solver: &mut Solver, deal: &Deal) -> Result<DdTable, DealError> {
        let deal = full_deal(deal)?;
        Ok(DdTable::from_engine(dd_engine::solve_deal_on(&mut solver.inner, deal)))
    }

    /// Solves many deals on every core (the engine's pool; `RAYON_NUM_THREADS` caps it), one
    /// result per deal in the order given. Each thread's transposition table takes at most
    /// [`DEFAULT_MEMORY_MIB`] MiB; see [`DdTable::solve_many_within`] to choose.
    #[must_use]
    pub fn solve_many(deals: &[Deal]) -> Vec<Result<DdTable, DealError>> {
        DdTable::solve_many_within(deals, DEFAULT_MEMORY_MIB)
    }

    /// [`DdTable::solve_many`] with each solver thread's transposition table kept within `mib`
    /// MiB (a smaller table means more search; BENCHMARKS.md has ms per table at each budget).
    #[must_use]
    pub fn solve_many_within(deals: &[Deal], mib: u32) -> Vec<Result<DdTable, DealError>> {
        let full: Vec<Result<FullDeal, DealError>> = deals.iter().map(full_deal).collect();
        let solvable: Vec<FullDeal> = full.iter().filter_map(|d| d.as_ref().ok().copied()).collect();
        let mut tables =
            dd_engine::solve_deals_with_memory(&solvable, NonEmptyStrainFlags::ALL, mib).into_iter();
        full.into_iter()
            .map(|d| d.map(|_| tables.next().map_or_else(DdTable::default, DdTable::from_engine)))
            .collect()
    }

    fn from_engine(table: TrickCountTable) -> DdTable {
        let mut tricks = [[0; 5]; 4];
        for (d, strain) in STRAINS.iter().enumerate() {
            let row: TrickCountRow = table[*strain];
            for seat in Compass::ALL {
                tricks[seat.index()][d] = row.get(engine_seat(seat)).get();
            }
        }
        DdTable { tricks }
    }

    pub(crate) fn to_engine(self) -> TrickCountTable {
        let mut rows = [TrickCountRow::default(); 5];
        for (d, strain) in STRAINS.iter().enumerate() {
            let t = self.tricks.map(|seat| seat[d]);
            rows[*strain as usize] = TrickCountRow::new(t[0], t[1], t[2], t[3]);
        }
        TrickCountTable(rows)
    }
}

/// A reusable single-thread double-dummy solver (its transposition table stays allocated between
/// deals). Give each worker thread its own.
pub struct Solver {
    inner: dd_engine::Solver,
}

impl Solver {
    /// A fresh solver.
    #[must_use]
    pub fn new() -> Solver {
        Solver { inner: dd_engine::Solver::new(Strain::Notrump) }
    }
}

impl Solver {
    /// A solver whose transposition table takes at most `mib` MiB ([`Solver::new`]:
    /// [`DEFAULT_MEMORY_MIB`]). The table takes only what the search stores, up to that.
    #[must_use]
    pub fn with_memory(mib: u32) -> Solver {
        Solver { inner: dd_engine::Solver::with_memory(Strain::Notrump, mib) }
    }
}

impl Default for Solver {
    fn default() -> Solver {
        Solver::new()
    }
}

impl core::fmt::Debug for Solver {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("Solver")
    }
}

/// The engine's strains in this table's denomination order.
const STRAINS: [Strain; 5] =
    [Strain::Clubs, Strain::Diamonds, Strain::Hearts, Strain::Spades, Strain::Notrump];

pub(crate) const fn engine_seat(seat: Compass) -> Seat {
    match seat {
        Compass::North => Seat::North,
        Compass::East => Seat::East,
        Compass::South => Seat::South,
        Compass::West => Seat::West,
    }
}

pub(crate) const fn compass(seat: Seat) -> Compass {
    match seat {
        Seat::North => Compass::North,
        Seat::East => Compass::East,
        Seat::South => Compass::South,
        Seat::West => Compass::West,
    }
}

fn full_deal(deal: &Deal) -> Result<FullDeal, DealError> {
    if deal.hands.iter().any(|h| h.is_none_or(|h| h.len() != 13)) {
        return Err(DealError::NotFull);
    }
    deal.write_from(Compass::North).parse().map_err(|_| DealError::NotFull)
}
