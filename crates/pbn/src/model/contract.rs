//! Calls, contracts and results: the bridge vocabulary PBN shares, in PBN's spellings.

use bridge_core::{Call, Denomination, Risk};
use cards_core::Compass;

/// Parses `C D H S NT` (or `N`), either case, at the start of `text`, returning the bytes used.
///
/// ```
/// use pbn::model::{Denomination, parse_denomination_prefix};
/// assert_eq!(parse_denomination_prefix(b"nt"), Some((Denomination::NoTrump, 2)));
/// assert_eq!(parse_denomination_prefix(b"Sx"), Some((Denomination::Spades, 1)));
/// assert_eq!(parse_denomination_prefix(b"Z"), None);
/// ```
#[must_use]
pub fn parse_denomination_prefix(text: &[u8]) -> Option<(Denomination, usize)> {
    let first = text.first()?.to_ascii_uppercase();
    Some(match first {
        b'C' => (Denomination::Clubs, 1),
        b'D' => (Denomination::Diamonds, 1),
        b'H' => (Denomination::Hearts, 1),
        b'S' => (Denomination::Spades, 1),
        b'N' => {
            if text.get(1).is_some_and(|b| b.eq_ignore_ascii_case(&b'T')) {
                (Denomination::NoTrump, 2)
            } else {
                (Denomination::NoTrump, 1)
            }
        }
        _ => return None,
    })
}

/// Parses a call token other than `AP` and `-`, either case (`Pass` or `P`, `X`, `XX`, `1NT`).
///
/// ```
/// use pbn::model::{Call, Denomination, parse_call};
/// assert_eq!(parse_call("1nt"), Some(Call::Bid { level: 1, denomination: Denomination::NoTrump }));
/// assert_eq!(parse_call("xx"), Some(Call::Redouble));
/// assert_eq!(parse_call("1N"), None);
/// ```
#[must_use]
pub fn parse_call(text: &str) -> Option<Call> {
    if text.eq_ignore_ascii_case("pass") || text.eq_ignore_ascii_case("p") {
        return Some(Call::Pass);
    }
    if text.eq_ignore_ascii_case("x") {
        return Some(Call::Double);
    }
    if text.eq_ignore_ascii_case("xx") {
        return Some(Call::Redouble);
    }
    match Contract::parse(text)? {
        Contract::Bid(bridge_core::Contract { level, denomination, risk: Risk::Undoubled }) => {
            Some(Call::Bid { level, denomination })
        }
        _ => None,
    }
}

/// The value of a Contract tag: a pass-out, a contract, or, in an end position, the trump alone
/// (which only PBN writes).
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Contract {
    /// All four players passed.
    Pass,
    /// A real contract (serialized as its fields:
    /// `{"Bid":{"level":4,"denomination":"Spades","risk":"Doubled"}}`).
    Bid(bridge_core::Contract),
    /// An end position's trump only (`S`, `NT`).
    Trump(Denomination),
}

/// The text with `N` for notrump spelled `NT` (`3N` → `3NT`, `3Nx` → `3NTx`), when a level is
/// followed by a lone `N`, as BBA, GIB and BEN write it; `None` for any other text.
///
/// ```
/// use pbn::model::long_notrump;
/// assert_eq!(long_notrump("3N").as_deref(), Some("3NT"));
/// assert_eq!(long_notrump("1nx").as_deref(), Some("1nTx"));
/// assert_eq!(long_notrump("3NT"), None);
/// assert_eq!(long_notrump("Pass"), None);
/// ```
#[must_use]
pub fn long_notrump(text: &str) -> Option<String> {
    let b = text.as_bytes();
    let (&level, &n) = (b.first()?, b.get(1)?);
    let lone = !b.get(2).is_some_and(|c| c.eq_ignore_ascii_case(&b'T'));
    (level.is_ascii_digit() && n.eq_ignore_ascii_case(&b'N') && lone).then(|| {
        let (head, tail) = text.split_at(2);
        format!("{head}T{tail}")
    })
}

impl Contract {
    /// Parses a Contract value, either case; `None` when malformed.
    #[must_use]
    pub fn parse(text: &str) -> Option<Contract> {
        if text.eq_ignore_ascii_case("pass") {
            return Some(Contract::Pass);
        }
        let b = text.as_bytes();
        let first = *b.first()?;
        if !first.is_ascii_digit() {
            let (d, used) = parse_denomination_prefix(b)?;
            return (used == b.len() && (d != Denomination::NoTrump || used == 2))
                .then_some(Contract::Trump(d));
        }
        let level = first - b'0';
        if !(1..=7).contains(&level) {
            return None;
        }
        let (denomination, used) = parse_denomination_prefix(b.get(1..)?)?;
        if denomination == Denomination::NoTrump && used == 1 {
            return None;
        }
        let rest = b.get(1 + used..)?;
        let risk = match rest {
            b"" => Risk::Undoubled,
            b"X" | b"x" => Risk::Doubled,
            b"XX" | b"xx" | b"Xx" | b"xX" => Risk::Redoubled,
            _ => return None,
        };
        Some(Contract::Bid(bridge_core::Contract { level, denomination, risk }))
    }

    /// The denomination played: a contract's, or an end position's trump; `None` when passed out.
    #[must_use]
    pub const fn denomination(self) -> Option<Denomination> {
        match self {
            Contract::Bid(contract) => Some(contract.denomination),
            Contract::Trump(denomination) => Some(denomination),
            Contract::Pass => None,
        }
    }

    /// The export spelling.
    #[must_use]
    pub fn export(self) -> String {
        match self {
            Contract::Pass => "Pass".to_owned(),
            Contract::Bid(contract) => contract.to_string(),
            Contract::Trump(d) => d.text().to_owned(),
        }
    }
}

/// Whose tricks a Result value counts.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TrickCount {
    /// `<n>`: tricks won by declarer.
    Declarer(u8),
    /// `NS <n>`.
    NorthSouth(u8),
    /// `EW <n>`.
    EastWest(u8),
    /// `NS <n> EW <m>` or `EW <m> NS <n>`.
    Both {
        /// North-South's tricks.
        ns: u8,
        /// East-West's tricks.
        ew: u8,
        /// Whether NS was written first.
        ns_first: bool,
    },
}

/// The value of a Result tag.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GameResult {
    /// The tricks.
    pub tricks: TrickCount,
    /// `^`: the players agreed on a number that differs from the tricks actually won.
    pub irregular: bool,
}

impl GameResult {
    /// The tricks won by `declarer`, when the value says.
    #[must_use]
    pub fn declarer_tricks(&self, declarer: Option<Compass>) -> Option<u8> {
        match (self.tricks, declarer) {
            (TrickCount::Declarer(n), _) => Some(n),
            (TrickCount::NorthSouth(n), Some(d)) if d.is_north_south() => Some(n),
            (TrickCount::NorthSouth(n), Some(_)) => 13u8.checked_sub(n),
            (TrickCount::EastWest(n), Some(d)) if !d.is_north_south() => Some(n),
            (TrickCount::EastWest(n), Some(_)) => 13u8.checked_sub(n),
            (TrickCount::Both { ns, .. }, Some(d)) if d.is_north_south() => Some(ns),
            (TrickCount::Both { ew, .. }, Some(_)) => Some(ew),
            _ => None,
        }
    }
}

#[cfg(all(test, feature = "serde"))]
mod tests {
    use super::Contract;

    /// The serde form of a Contract value (a contract within, `convert --to json`'s form).
    #[test]
    fn contract_serde_form() {
        let forms = [
            ("Pass", r#""Pass""#),
            ("4SX", r#"{"Bid":{"level":4,"denomination":"Spades","risk":"Doubled"}}"#),
            ("1nt", r#"{"Bid":{"level":1,"denomination":"NoTrump","risk":"Undoubled"}}"#),
            ("7Cxx", r#"{"Bid":{"level":7,"denomination":"Clubs","risk":"Redoubled"}}"#),
            ("NT", r#"{"Trump":"NoTrump"}"#),
        ];
        for (text, json) in forms {
            let contract = Contract::parse(text).unwrap();
            assert_eq!(serde_json::to_string(&contract).unwrap(), json, "{text}");
            assert_eq!(serde_json::from_str::<Contract>(json).unwrap(), contract, "{text}");
        }
    }
}
