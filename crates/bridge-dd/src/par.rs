//! Par: the score both sides reach when each bids to its best double-dummy result, as DDS
//! computes it (the engine's faithful port of `DealerPar` and `SidesPar`, from pons-dds).

use bridge_core::{Denomination, Vulnerability};
use cards_core::Compass;
use contract_bridge::contract::Penalty;

use crate::table::{DdTable, compass, engine_seat};

/// A partnership.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Side {
    /// North-South.
    NorthSouth,
    /// East-West.
    EastWest,
}

impl Side {
    /// `NS` or `EW`.
    #[must_use]
    pub const fn text(self) -> &'static str {
        match self {
            Side::NorthSouth => "NS",
            Side::EastWest => "EW",
        }
    }

    /// The side `seat` plays for.
    #[must_use]
    pub const fn of(seat: Compass) -> Side {
        if seat.is_north_south() { Side::NorthSouth } else { Side::EastWest }
    }

    /// The other side.
    #[must_use]
    pub const fn opponents(self) -> Side {
        match self {
            Side::NorthSouth => Side::EastWest,
            Side::EastWest => Side::NorthSouth,
        }
    }
}

/// Who declares a par contract: one seat, or either player of a side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Declarers {
    /// Only this seat makes it.
    Seat(Compass),
    /// Both players of the side make it.
    Side(Side),
}

impl Declarers {
    /// The declaring side.
    #[must_use]
    pub const fn side(self) -> Side {
        match self {
            Declarers::Seat(seat) => Side::of(seat),
            Declarers::Side(side) => side,
        }
    }

    /// `N`, `E`, `S`, `W`, `NS` or `EW`.
    #[must_use]
    pub const fn text(self) -> &'static str {
        match self {
            Declarers::Seat(Compass::North) => "N",
            Declarers::Seat(Compass::East) => "E",
            Declarers::Seat(Compass::South) => "S",
            Declarers::Seat(Compass::West) => "W",
            Declarers::Side(side) => side.text(),
        }
    }
}

/// One par contract.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ParContract {
    /// Odd tricks, 1 to 7.
    pub level: u8,
    /// Denomination.
    pub denomination: Denomination,
    /// Doubled: a sacrifice. Par contracts are never redoubled.
    pub doubled: bool,
    /// Who declares it.
    pub declarers: Declarers,
    /// Tricks over the contract (negative: down).
    pub overtricks: i8,
}

/// The par of a deal: the score from North-South's side and the contracts that reach it (none
/// when the deal is passed out).
///
/// ```
/// use bridge_dd::{DdTable, Par, ParRule};
/// use cards_core::Compass;
/// use bridge_core::Vulnerability;
///
/// // DDS's list100.txt, deal 1: East-West make 2S, par -110 for North-South.
/// let table = DdTable::from_dds_order([5, 8, 5, 8, 6, 6, 6, 6, 5, 7, 5, 7, 7, 5, 7, 5, 6, 6, 6, 6]).unwrap();
/// let par = Par::compute(&table, Vulnerability::None, ParRule::Dealer(Compass::North));
/// assert_eq!(par.score_ns, -110);
/// assert_eq!(par.to_pbn_contracts(), "EW 2S=");
/// assert_eq!(par.to_pbn_score(), "EW 110");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Par {
    /// The par score for North-South (East-West's is its negation).
    pub score_ns: i32,
    /// The par contracts, in DDS's order.
    pub contracts: Vec<ParContract>,
}

/// Which auction par assumes, for the "hot" deals where both sides can make something and the
/// side that bids first gets its contract.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ParRule {
    /// The dealer bids first, then the sides alternate (DDS `DealerPar`; BridgeComposer's and most
    /// hand records' par).
    Dealer(Compass),
    /// This side bids first (DDS `SidesPar`, `Par`).
    SideFirst(Side),
}

impl Par {
    /// The par of a table at a vulnerability under `rule`.
    #[must_use]
    pub fn compute(table: &DdTable, vulnerability: Vulnerability, rule: ParRule) -> Par {
        let tricks = table.to_engine();
        let vul = engine_vulnerability(vulnerability);
        let par = match rule {
            ParRule::Dealer(dealer) => dd_engine::calculate_par(tricks, vul, engine_seat(dealer)),
            ParRule::SideFirst(side) => {
                let [ns, mut ew] = dd_engine::calculate_pars(tricks, vul);
                if side == Side::NorthSouth {
                    ns
                } else {
                    // DDS scores the East-West-first par for East-West.
                    ew.score = -ew.score;
                    ew
                }
            }
        };
        Par::from_engine(&par, table)
    }

    /// The side whose par contracts these are (`None` when passed out).
    #[must_use]
    pub fn declaring_side(&self) -> Option<Side> {
        self.contracts.first().map(|c| c.declarers.side())
    }

    /// The par score as BridgeComposer writes `OptimumScore`: from the declaring side (`NS 620`,
    /// `EW -500` for a sacrifice), `NS 0` when passed out.
    #[must_use]
    pub fn to_pbn_score(&self) -> String {
        match self.declaring_side() {
            Some(Side::EastWest) => format!("EW {}", -self.score_ns),
            _ => format!("NS {}", self.score_ns),
        }
    }

    /// The par contracts as BridgeComposer writes `ParContract`: `NS 4S+1`, `EW 6H=; EW 6S=`,
    /// `E 3N+2`, `EW 5SX-2`; `Pass` when passed out.
    #[must_use]
    pub fn to_pbn_contracts(&self) -> String {
        if self.contracts.is_empty() {
            return "Pass".to_owned();
        }
        let parts: Vec<String> = self.contracts.iter().map(ParContract::to_pbn).collect();
        parts.join("; ")
    }

    /// The contracts of the engine's par, their results taken from the table. DDS's `DealerParBin`
    /// reads a single seat's sacrifice without its `*` (`5H-E-2`) as a contract made; the table
    /// says what it is: a par contract short of its tricks is a doubled sacrifice.
    fn from_engine(par: &dd_engine::Par, table: &DdTable) -> Par {
        let mut contracts: Vec<ParContract> = Vec::with_capacity(par.contracts.len());
        for c in &par.contracts {
            let level = c.contract.bid.level.get();
            let denomination = denomination(c.contract.bid.strain);
            let declarer = compass(c.declarer);
            let result = i16::from(table.tricks(declarer, denomination)) - i16::from(level) - 6;
            let contract = ParContract {
                level,
                denomination,
                doubled: result < 0 || c.contract.penalty != Penalty::Undoubled,
                declarers: Declarers::Seat(declarer),
                overtricks: i8::try_from(result).unwrap_or(0),
            };
            // The engine lists a side's contract once per seat, the partner right after: fold them.
            if let Some(last) = contracts.last_mut()
                && let Declarers::Seat(seat) = last.declarers
                && contract.declarers == Declarers::Seat(seat.partner())
                && (ParContract { declarers: last.declarers, ..contract }) == *last
            {
                last.declarers = Declarers::Side(Side::of(seat));
                continue;
            }
            contracts.push(contract);
        }
        Par { score_ns: par.score, contracts }
    }
}

impl ParContract {
    /// `NS 4S+1`, `EW 5SX-2`, `E 3N=`.
    #[must_use]
    pub fn to_pbn(&self) -> String {
        let strain = match self.denomination {
            Denomination::NoTrump => "N",
            d => d.text(),
        };
        let double = if self.doubled { "X" } else { "" };
        let result = match self.overtricks {
            0 => "=".to_owned(),
            n if n > 0 => format!("+{n}"),
            n => n.to_string(),
        };
        format!("{} {}{strain}{double}{result}", self.declarers.text(), self.level)
    }
}

fn denomination(strain: contract_bridge::Strain) -> Denomination {
    use contract_bridge::Strain;
    match strain {
        Strain::Clubs => Denomination::Clubs,
        Strain::Diamonds => Denomination::Diamonds,
        Strain::Hearts => Denomination::Hearts,
        Strain::Spades => Denomination::Spades,
        Strain::Notrump => Denomination::NoTrump,
    }
}

fn engine_vulnerability(v: Vulnerability) -> dd_engine::Vulnerability {
    match v {
        Vulnerability::None => dd_engine::Vulnerability::NONE,
        Vulnerability::NorthSouth => dd_engine::Vulnerability::NS,
        Vulnerability::EastWest => dd_engine::Vulnerability::EW,
        Vulnerability::Both => dd_engine::Vulnerability::ALL,
    }
}
