//! Double dummy from Python, on bridge-dd: a deal's 20-cell table and its par, the result of a
//! given contract, and many deals at once on every core with the GIL released.

use std::cell::RefCell;

use bridge_dd::{DdTable as Table, Par as BridgePar, ParRule, Solver};
use cards_core::Compass;
use pbn::model::{Contract as PbnContract, Denomination, Vulnerability};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::ErrorParts;
use crate::bridge::{Board, Contract, Deal, parse_seat, parse_vulnerability};

/// `C`, `D`, `H`, `S`, `NT` or `N`, either case (PBN's spelling).
fn parse_strain(text: &str) -> PyResult<Denomination> {
    pbn::model::parse_denomination_prefix(text.as_bytes())
        .filter(|&(_, used)| used == text.len())
        .map(|(d, _)| d)
        .ok_or_else(|| PyValueError::new_err(format!("unknown strain {text:?} (C, D, H, S or NT)")))
}

/// The deal of a `Deal`, a `Board` or PBN deal text.
fn deal_of(value: &Bound<'_, PyAny>) -> PyResult<pbn::model::Deal> {
    let hands = if let Ok(deal) = value.downcast::<Deal>() {
        deal.get().hands
    } else if let Ok(board) = value.downcast::<Board>() {
        let deal: Option<Deal> = board.getattr("deal")?.extract()?;
        deal.ok_or_else(|| PyValueError::new_err("the board has no deal"))?.hands
    } else if let Ok(text) = value.extract::<String>() {
        Deal::py_new(&text)?.hands
    } else {
        return Err(PyValueError::new_err("expected a Deal, a Board or PBN deal text"));
    };
    Ok(pbn::model::Deal { first: Compass::North, hands, spots: [[0; 4]; 4] })
}

fn not_full(py: Python<'_>, error: bridge_dd::DealError) -> PyErr {
    ErrorParts::plain("DD_DEAL_NOT_FULL", error.to_string()).raise(py)
}

thread_local! {
    /// One solver per thread, its transposition table kept between deals.
    static SOLVER: RefCell<Option<Solver>> = const { RefCell::new(None) };
}

/// Tricks each seat takes as declarer in each strain, double dummy (DDS's table, solved by
/// bridge-dd on pons-dds).
///
/// >>> import cardnote
/// >>> table = cardnote.dd_table("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3")
/// >>> table.tricks("E", "S"), table.to_dict()["N"]
/// (8, {'C': 7, 'D': 5, 'H': 6, 'S': 5, 'NT': 6})
/// >>> str(table.par("None", "N"))
/// 'EW 110: EW 2S='
/// >>> r = table.contract("4S", "W", "None")
/// >>> r.tricks, r.score, r.score_ns
/// (8, -100, 100)
#[pyclass(module = "cardnote", frozen)]
pub struct DdTable {
    table: Table,
}

#[pymethods]
impl DdTable {
    /// The tricks `declarer` (`N`, `E`, `S`, `W`) takes in `strain` (`C`, `D`, `H`, `S`, `NT`).
    fn tricks(&self, declarer: &str, strain: &str) -> PyResult<u8> {
        Ok(self.table.tricks(parse_seat(declarer)?, parse_strain(strain)?))
    }

    /// `{seat: {strain: tricks}}`, seats `N E S W`, strains `C D H S NT`.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let out = PyDict::new(py);
        for seat in Compass::ALL {
            let row = PyDict::new(py);
            for d in bridge_dd::table::DENOMINATIONS {
                row.set_item(d.text(), self.table.tricks(seat, d))?;
            }
            out.set_item(seat.char().to_string(), row)?;
        }
        Ok(out)
    }

    /// The 20 cells as rows of declarers `N E S W`, each `C D H S NT`.
    fn to_list(&self) -> Vec<Vec<u32>> {
        Compass::ALL
            .iter()
            .map(|&seat| {
                bridge_dd::table::DENOMINATIONS
                    .iter()
                    .map(|&d| u32::from(self.table.tricks(seat, d)))
                    .collect()
            })
            .collect()
    }

    /// The table as PBN's `DoubleDummyTricks` value.
    fn to_pbn(&self) -> String {
        bridge_dd::tags::double_dummy_tricks(&self.table)
    }

    /// DDS's par at `vulnerability` (`None`, `NS`, `EW`, `All`): with `dealer` the sides bid in
    /// turn from the dealer (DDS `DealerPar`, hand records' par); with `dealer=None`,
    /// North-South first (DDS `SidesPar`).
    #[pyo3(signature = (vulnerability = "None", dealer = Some("N")))]
    fn par(&self, vulnerability: &str, dealer: Option<&str>) -> PyResult<Par> {
        let rule = match dealer {
            Some(d) => ParRule::Dealer(parse_seat(d)?),
            None => ParRule::SideFirst(bridge_dd::Side::NorthSouth),
        };
        Ok(Par { par: BridgePar::compute(&self.table, parse_vulnerability(vulnerability)?, rule) })
    }

    /// The double-dummy result of a contract (a `Contract`, or its text with `declarer`) at
    /// `vulnerability`: declarer's tricks and the duplicate score.
    #[pyo3(signature = (contract, declarer = None, vulnerability = "None"))]
    fn contract(
        &self,
        contract: &Bound<'_, PyAny>,
        declarer: Option<&str>,
        vulnerability: &str,
    ) -> PyResult<DdResult> {
        let given = if let Ok(c) = contract.downcast::<Contract>() {
            *c.get()
        } else {
            Contract::py_new(&contract.extract::<String>()?, None)?
        };
        let declarer = match declarer {
            Some(d) => parse_seat(d)?,
            None => given.declarer.ok_or_else(|| PyValueError::new_err("the contract needs a declarer"))?,
        };
        let PbnContract::Bid(bid) = given.contract else {
            return Err(PyValueError::new_err("a passed-out board has no double-dummy result"));
        };
        let vulnerability: Vulnerability = parse_vulnerability(vulnerability)?;
        let tricks = self.table.tricks(declarer, bid.denomination);
        let score = pbn::duplicate_score(
            bid.level,
            bid.denomination,
            bid.risk,
            vulnerability.is_vulnerable(declarer),
            tricks,
        );
        Ok(DdResult {
            contract: format!("{} {}", given.contract.export(), declarer.char()),
            tricks,
            score,
            score_ns: if declarer.is_north_south() { score } else { -score },
        })
    }

    fn __eq__(&self, other: &DdTable) -> bool {
        self.table == other.table
    }

    fn __repr__(&self) -> String {
        format!("<cardnote.DdTable {}>", self.to_pbn())
    }
}

/// DDS's par: `score_ns` (North-South's par score), `contracts` (`NS 4S+1`, `EW 5SX-2`...),
/// `score` as PBN's `OptimumScore` writes it.
#[pyclass(module = "cardnote", frozen)]
pub struct Par {
    par: BridgePar,
}

#[pymethods]
impl Par {
    /// The par score for North-South.
    #[getter]
    fn score_ns(&self) -> i32 {
        self.par.score_ns
    }

    /// The par score as PBN's `OptimumScore` (`NS 620`, `EW 110`).
    #[getter]
    fn score(&self) -> String {
        self.par.to_pbn_score()
    }

    /// The par contracts as PBN's `ParContract` writes each (`NS 4S+1`, `E 3N=`); empty when
    /// passed out.
    #[getter]
    fn contracts(&self) -> Vec<String> {
        self.par.contracts.iter().map(bridge_dd::ParContract::to_pbn).collect()
    }

    fn __str__(&self) -> String {
        format!("{}: {}", self.par.to_pbn_score(), self.par.to_pbn_contracts())
    }

    fn __repr__(&self) -> String {
        format!("<cardnote.Par {}>", self.__str__())
    }
}

/// The double-dummy result of one contract: declarer's `tricks`, the duplicate `score` for the
/// declaring side and `score_ns` for North-South.
#[pyclass(module = "cardnote", frozen, get_all)]
pub struct DdResult {
    /// The contract and declarer (`4S W`).
    contract: String,
    /// Declarer's tricks.
    tricks: u8,
    /// The declaring side's score.
    score: i64,
    /// North-South's score.
    score_ns: i64,
}

#[pymethods]
impl DdResult {
    fn __repr__(&self) -> String {
        format!("<cardnote.DdResult {}: {} tricks, {}>", self.contract, self.tricks, self.score)
    }
}

/// The double-dummy table of one deal (a `Deal`, a `Board` or PBN deal text), solved with the
/// GIL released. A deal without four 13-card hands raises `CardnoteError` (`DD_DEAL_NOT_FULL`).
#[pyfunction]
pub(crate) fn dd_table(py: Python<'_>, deal: &Bound<'_, PyAny>) -> PyResult<DdTable> {
    let deal = deal_of(deal)?;
    let solved = py.allow_threads(|| {
        SOLVER.with(|cell| {
            let mut slot = cell.borrow_mut();
            Table::solve_on(slot.get_or_insert_with(Solver::new), &deal)
        })
    });
    solved.map(|table| DdTable { table }).map_err(|e| not_full(py, e))
}

/// The double-dummy tables of many deals, solved on every core with the GIL released, in the
/// order given, with no limit on the number of deals; `None` for a deal without four 13-card
/// hands.
///
/// >>> import cardnote
/// >>> deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"
/// >>> tables = cardnote.dd_tables([deal, "N:- - - -", deal])
/// >>> tables[0] == tables[2], tables[1]
/// (True, None)
#[pyfunction]
pub(crate) fn dd_tables(py: Python<'_>, deals: &Bound<'_, PyAny>) -> PyResult<Vec<Option<DdTable>>> {
    let deals: Vec<pbn::model::Deal> = deals.try_iter()?.map(|d| deal_of(&d?)).collect::<PyResult<_>>()?;
    let solved = py.allow_threads(|| Table::solve_many(&deals));
    Ok(solved.into_iter().map(|r| r.ok().map(|table| DdTable { table })).collect())
}

/// Adds the double-dummy classes and functions to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<DdTable>()?;
    m.add_class::<Par>()?;
    m.add_class::<DdResult>()?;
    m.add_function(wrap_pyfunction!(dd_table, m)?)?;
    m.add_function(wrap_pyfunction!(dd_tables, m)?)?;
    Ok(())
}
