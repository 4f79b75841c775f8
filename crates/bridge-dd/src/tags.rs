//! The PBN tags that carry double-dummy results, written as BridgeComposer writes them and read
//! in every form real files use.
//!
//! - `DoubleDummyTricks "66477665877785677856"`: 20 hex digits, declarers N S E W, each NT S H D C.
//! - `OptimumResultTable "Declarer;Denomination\2R;Result\2R"` (PBN 2.1 §5.7) with 20 rows
//!   `N NT 6`, declarers N S E W, each NT S H D C; `Result\1R` when every count is below 10.
//! - `OptimumScore "NS 620"` (PBN 2.1 §4.2.7): read in all four forms of the spec, `+` allowed.
//! - `ParContract "EW 6H=; EW 6S="` (BridgeComposer): contracts joined by `; `.

use bridge_core::Denomination;
use cards_core::{Compass, Span};
use pbn::model::{Tag, TokenKind, parse_denomination_prefix};

use crate::par::{Declarers, ParContract, Side};
use crate::table::DdTable;

/// Tag names.
pub const DOUBLE_DUMMY_TRICKS: &str = "DoubleDummyTricks";
/// Tag name of the table.
pub const OPTIMUM_RESULT_TABLE: &str = "OptimumResultTable";
/// Tag name of the par score.
pub const OPTIMUM_SCORE: &str = "OptimumScore";
/// Tag name of the par contracts.
pub const PAR_CONTRACT: &str = "ParContract";

/// Declarers in the order hand records list them.
pub const RECORD_DECLARERS: [Compass; 4] = [Compass::North, Compass::South, Compass::East, Compass::West];
/// Denominations in the order hand records list them.
pub const RECORD_DENOMINATIONS: [Denomination; 5] = [
    Denomination::NoTrump,
    Denomination::Spades,
    Denomination::Hearts,
    Denomination::Diamonds,
    Denomination::Clubs,
];

/// The `DoubleDummyTricks` value: 20 lowercase hex digits.
///
/// ```
/// use bridge_dd::{DdTable, tags};
/// let table = DdTable::from_dds_order([5, 8, 5, 8, 6, 6, 6, 6, 5, 7, 5, 7, 7, 5, 7, 5, 6, 6, 6, 6]).unwrap();
/// let hex = tags::double_dummy_tricks(&table);
/// assert_eq!(hex, "65657656576867568675");
/// assert_eq!(tags::parse_double_dummy_tricks(&hex), Some(table));
/// ```
#[must_use]
pub fn double_dummy_tricks(table: &DdTable) -> String {
    let mut out = String::with_capacity(20);
    for seat in RECORD_DECLARERS {
        for d in RECORD_DENOMINATIONS {
            out.push(char::from_digit(u32::from(table.tricks(seat, d)), 16).unwrap_or('?'));
        }
    }
    out
}

/// Reads a `DoubleDummyTricks` value (either case); `None` unless 20 hex digits of 0 to 13.
#[must_use]
pub fn parse_double_dummy_tricks(value: &str) -> Option<DdTable> {
    let digits: Vec<u8> =
        value.trim().chars().map(|c| c.to_digit(16).map(|d| d as u8)).collect::<Option<_>>()?;
    if digits.len() != 20 {
        return None;
    }
    let mut tricks = [[0; 5]; 4];
    for (i, &t) in digits.iter().enumerate() {
        tricks[RECORD_DECLARERS[i / 5].index()][RECORD_DENOMINATIONS[i % 5] as usize] = t;
    }
    DdTable::new(tricks)
}

/// The `OptimumResultTable` tag value and its 20 rows (without line ends).
#[must_use]
pub fn optimum_result_table(table: &DdTable) -> (String, Vec<String>) {
    let wide =
        RECORD_DECLARERS.iter().any(|&s| RECORD_DENOMINATIONS.iter().any(|&d| table.tricks(s, d) >= 10));
    let width = if wide { 2 } else { 1 };
    let header = format!("Declarer;Denomination\\2R;Result\\{width}R");
    let mut rows = Vec::with_capacity(20);
    for seat in RECORD_DECLARERS {
        for d in RECORD_DENOMINATIONS {
            rows.push(format!("{} {:>2} {:>width$}", seat.char(), d.text(), table.tricks(seat, d)));
        }
    }
    (header, rows)
}

/// One row of an `OptimumResultTable` as read, with the span of its trick count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ResultRow {
    /// Declarer.
    pub declarer: Compass,
    /// Denomination.
    pub denomination: Denomination,
    /// Tricks.
    pub tricks: u8,
    /// Where the trick count stands.
    pub span: Span,
}

/// Reads the rows of an `OptimumResultTable` section by its column names; rows that cannot be
/// read come back as the span of the row. Unknown (`?`) and irrelevant (`-`) rows are skipped.
#[must_use]
pub fn read_result_rows(tag: &Tag<'_>) -> (Vec<ResultRow>, Vec<Span>) {
    let columns: Vec<&str> =
        tag.raw_value.split(';').map(|c| c.split('\\').next().unwrap_or("").trim()).collect();
    let position = |name: &str| columns.iter().position(|c| *c == name);
    let cells: Vec<_> =
        tag.data.iter().filter(|t| matches!(t.kind, TokenKind::Word | TokenKind::Str)).collect();
    let (mut rows, mut bad) = (Vec::new(), Vec::new());
    let (Some(dc), Some(nc), Some(rc)) = (position("Declarer"), position("Denomination"), position("Result"))
    else {
        return (rows, bad);
    };
    for row in cells.chunks(columns.len().max(1)) {
        let (Some(d), Some(n), Some(r)) = (row.get(dc), row.get(nc), row.get(rc)) else {
            bad.push(row_span(row));
            continue;
        };
        if [d, n, r].iter().any(|t| t.kind == TokenKind::Word && matches!(t.text, "?" | "-")) {
            continue;
        }
        let declarer = single_char(d.text).and_then(Compass::from_char);
        let denomination =
            parse_denomination_prefix(n.text.as_bytes()).filter(|(_, used)| *used == n.text.len());
        let tricks = r.text.parse::<u8>().ok().filter(|t| *t <= 13);
        match (declarer, denomination, tricks) {
            (Some(declarer), Some((denomination, _)), Some(tricks)) => {
                rows.push(ResultRow { declarer, denomination, tricks, span: r.span });
            }
            _ => bad.push(row_span(row)),
        }
    }
    (rows, bad)
}

fn row_span(row: &[&pbn::model::Token<'_>]) -> Span {
    match (row.first(), row.last()) {
        (Some(a), Some(b)) => a.span.join(b.span),
        _ => Span::default(),
    }
}

fn single_char(text: &str) -> Option<char> {
    let mut chars = text.chars();
    let c = chars.next()?;
    chars.next().is_none().then_some(c)
}

/// Reads an `OptimumScore` value as North-South's score; `None` when malformed or when its two
/// sides disagree.
///
/// ```
/// assert_eq!(bridge_dd::tags::parse_optimum_score("EW -500"), Some(500));
/// assert_eq!(bridge_dd::tags::parse_optimum_score("NS +620"), Some(620));
/// assert_eq!(bridge_dd::tags::parse_optimum_score("NS 90 EW -90"), Some(90));
/// ```
#[must_use]
pub fn parse_optimum_score(value: &str) -> Option<i32> {
    let score = pbn::parse_side_score(value, |n| n.parse::<i32>().is_ok()).ok()?;
    let ns = score.ns.as_deref().and_then(|n| n.parse::<i32>().ok());
    let ew = score.ew.as_deref().and_then(|n| n.parse::<i32>().ok()).map(|e| -e);
    match (ns, ew) {
        (Some(a), Some(b)) => (a == b).then_some(a),
        (a, b) => a.or(b),
    }
}

/// Reads a `ParContract` value: `NS 4S+1`, `EW 6H=; EW 6S=`, `E 3NT+2`, `EW 5SX-2`, `Pass`.
/// Contracts may be joined by `;` or `,`. `None` when any part is malformed.
///
/// ```
/// let par = bridge_dd::tags::parse_par_contracts("EW 6H=; EW 6S=").unwrap();
/// assert_eq!(par.len(), 2);
/// assert_eq!(par[1].to_pbn(), "EW 6S=");
/// ```
#[must_use]
pub fn parse_par_contracts(value: &str) -> Option<Vec<ParContract>> {
    let value = value.trim();
    if value.eq_ignore_ascii_case("pass") {
        return Some(Vec::new());
    }
    value.split([';', ',']).map(|part| parse_par_contract(part.trim())).collect()
}

fn parse_par_contract(text: &str) -> Option<ParContract> {
    let (who, contract) = text.split_once(' ')?;
    let declarers = match who {
        "NS" | "SN" => Declarers::Side(Side::NorthSouth),
        "EW" | "WE" => Declarers::Side(Side::EastWest),
        _ => Declarers::Seat(single_char(who).and_then(Compass::from_char)?),
    };
    let b = contract.trim().as_bytes();
    let level = b.first()?.checked_sub(b'0').filter(|l| (1..=7).contains(l))?;
    let (denomination, used) = parse_denomination_prefix(b.get(1..)?)?;
    let mut rest = b.get(1 + used..)?;
    let doubled = matches!(rest.first(), Some(b'X' | b'x' | b'*'));
    if doubled {
        rest = rest.get(1..)?;
    }
    let overtricks = match rest {
        b"=" | b"" => 0,
        [sign @ (b'+' | b'-'), digits @ ..] => {
            let n: i8 = std::str::from_utf8(digits).ok()?.parse().ok()?;
            if *sign == b'-' { -n } else { n }
        }
        _ => return None,
    };
    Some(ParContract { level, denomination, doubled, declarers, overtricks })
}
