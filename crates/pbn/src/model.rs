//! The PBN data model: the token-level game (zero-copy spans into the decoded source) and the typed
//! values the spec defines for tags and sections. The token tree is in the private `tokens`
//! module, re-exported here.

use cards_core::{Card, CardSet, Compass, Span};

mod tokens;

pub use tokens::{
    Comment, CommentKind, Item, Line, LineKind, Tag, Token, TokenKind, Tokens, escape, unescape,
};

/// Which sides are vulnerable (the `Vulnerable` tag): the type is bridge-core's, shared with the
/// other bridge notations; PBN's spellings are [`parse_vulnerability`] and [`vulnerability_export`].
pub use bridge_core::Vulnerability;

/// Parses every spelling of the `Vulnerable` tag the spec allows, either case (`None`, `Love`,
/// `-`, `NS`, `EW`, `All`, `Both`).
#[must_use]
pub fn parse_vulnerability(text: &str) -> Option<Vulnerability> {
    Some(match text {
        "None" | "none" | "Love" | "love" | "-" => Vulnerability::None,
        "NS" | "ns" => Vulnerability::NorthSouth,
        "EW" | "ew" => Vulnerability::EastWest,
        "All" | "all" | "Both" | "both" => Vulnerability::Both,
        _ => return None,
    })
}

/// The export spelling of a vulnerability (`None`, `NS`, `EW`, `All`).
#[must_use]
pub const fn vulnerability_export(v: Vulnerability) -> &'static str {
    match v {
        Vulnerability::None => "None",
        Vulnerability::NorthSouth => "NS",
        Vulnerability::EastWest => "EW",
        Vulnerability::Both => "All",
    }
}

/// The four hands of a deal; a hand not given (`-`) is `None`. Its serde form is its tag text
/// (`N:AKQ... - ...`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Deal {
    /// The seat written first.
    pub first: Compass,
    /// Hands indexed by [`Compass::index`]: the cards known.
    pub hands: [Option<CardSet>; 4],
    /// Small cards written `x` (an unknown spot card, in teaching material), by hand
    /// ([`Compass::index`]) and suit (spades, hearts, diamonds, clubs).
    pub spots: [[u8; 4]; 4],
}

impl Deal {
    /// The hand of `seat`.
    #[must_use]
    pub fn hand(&self, seat: Compass) -> Option<CardSet> {
        self.hands[seat.index()]
    }

    /// Whether `seat`'s hand holds spot cards written `x` (its cards are not all known).
    #[must_use]
    pub fn has_spots(&self, seat: Compass) -> bool {
        self.spots[seat.index()].iter().any(|&n| n > 0)
    }

    /// Cards in `seat`'s hand, spot cards included.
    #[must_use]
    pub fn hand_size(&self, seat: Compass) -> usize {
        self.hands[seat.index()].map_or(0, CardSet::len)
            + self.spots[seat.index()].iter().map(|&n| usize::from(n)).sum::<usize>()
    }

    /// Whether `seat`'s hand is shown in part (a teaching file's `...K`: one card of it shown):
    /// given, holding fewer cards than 13 while another hand holds 13 and a hand is not given.
    #[must_use]
    pub fn is_shown_in_part(&self, seat: Compass) -> bool {
        self.hands[seat.index()].is_some()
            && !self.is_complete()
            && self.hand_size(seat) < 13
            && Compass::ALL.iter().any(|&s| self.hand_size(s) == 13)
    }

    /// Whether every hand is given.
    #[must_use]
    pub fn is_complete(&self) -> bool {
        self.hands.iter().all(Option::is_some)
    }

    /// Cards in all given hands.
    #[must_use]
    pub fn card_count(&self) -> usize {
        Compass::ALL.iter().map(|&seat| self.hand_size(seat)).sum()
    }

    /// Whether this is an end position (the longest given hand holds fewer than 13 cards).
    #[must_use]
    pub fn is_end_position(&self) -> bool {
        let max = Compass::ALL.iter().map(|&seat| self.hand_size(seat)).max().unwrap_or(0);
        max > 0 && max < 13
    }

    /// Writes the deal starting with `first` (`N:AKQ... - ...`).
    #[must_use]
    pub fn write_from(&self, first: Compass) -> String {
        let mut out = String::with_capacity(70);
        out.push(first.char());
        out.push(':');
        for i in 0..4 {
            if i > 0 {
                out.push(' ');
            }
            let seat = first.advance(i);
            let hand = crate::text::write_hand(self.hands[seat.index()]);
            if self.has_spots(seat) {
                // The spot cards go back after the known cards of their suit.
                let spots = self.spots[seat.index()];
                let holdings: Vec<String> = hand
                    .split('.')
                    .zip(spots)
                    .map(|(h, n)| format!("{h}{}", "x".repeat(usize::from(n))))
                    .collect();
                out.push_str(&holdings.join("."));
            } else {
                out.push_str(&hand);
            }
        }
        out
    }
}

/// The bridge vocabulary PBN shares with the other bridge notations ([`bridge_core`]): PBN's
/// spellings are [`parse_denomination_prefix`], [`parse_call`] and the types' `Display` (PBN writes
/// them as bridge players do: `NT`, `X`, `XX`, `Pass`).
pub use bridge_core::{Call, Denomination, Risk};

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

/// Annotations after a call or a card.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Annotation {
    /// Suffix `! ? !! ?? !? ?!` as NAG 1-6 (calls) or 7-12 (cards).
    pub suffix: Option<u8>,
    /// Note reference `=n=`.
    pub note: Option<u8>,
    /// NAGs `$n` in the order given.
    pub nags: Vec<u8>,
}

impl Annotation {
    /// Whether nothing is annotated.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.suffix.is_none() && self.note.is_none() && self.nags.is_empty()
    }
}

/// One element of an auction.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum AuctionItem {
    /// A call; `insufficient` is `^I`.
    Call {
        /// The call.
        call: Call,
        /// `^I`: an insufficient bid accepted by the opponents.
        insufficient: bool,
    },
    /// `AP`: all remaining players pass.
    AllPass,
    /// `-`: not yet this player's turn (before the dealer).
    Placeholder,
    /// `^S`: a player skipped by a call out of rotation.
    Skipped,
    /// `+`: the next call, to be made later.
    Continue,
    /// `____`: a blank for a student to fill in (teaching files); a call not given that keeps its
    /// player's turn.
    Blank,
    /// A token that is not a call (already reported); it keeps its player's turn, so the calls
    /// after it are still matched with the right players.
    Unreadable,
}

/// An auction element with its annotations and span.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct AuctionEntry {
    /// What was called.
    pub item: AuctionItem,
    /// Suffix, note, NAGs.
    pub annotation: Annotation,
    /// Where it stood.
    pub span: Span,
}

/// The auction section.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Auction {
    /// Who makes the first call (the Auction tag value).
    pub first: Compass,
    /// Entries in order, one per player turn.
    pub entries: Vec<AuctionEntry>,
    /// Ended with `*`.
    pub star: bool,
    /// Free text stood among the calls (reported): which calls it replaced is unknown, so the
    /// auction is not replayed.
    pub prose: bool,
}

/// A played card or placeholder.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PlayItem {
    /// A card; `revoke` is `^R`, `lead_out_of_turn` is `^L`.
    Card {
        /// The card.
        #[cfg_attr(feature = "serde", serde(with = "card_text"))]
        card: Card,
        /// `^R`.
        revoke: bool,
        /// `^L`.
        lead_out_of_turn: bool,
    },
    /// `-`: unknown or not played.
    Unknown,
    /// `+`: the next card, to be played later.
    Continue,
}

/// A play element with annotations and span.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PlayEntry {
    /// The card.
    pub item: PlayItem,
    /// Suffix, note, NAGs.
    pub annotation: Annotation,
    /// Where it stood.
    pub span: Span,
}

/// The play section: each trick is a row in seat order starting with the Play tag's seat.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Play {
    /// The seat of the first column (the opening leader).
    pub first: Compass,
    /// Entries row by row, four per trick (the last row may be shorter).
    pub entries: Vec<PlayEntry>,
    /// Ended with `*`.
    pub star: bool,
}

/// Column order marker of a table column.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SortOrder {
    /// `+`: highest first.
    Descending,
    /// `-`: lowest first.
    Ascending,
}

/// Alignment of a table column.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Align {
    /// `L`.
    Left,
    /// `R`.
    Right,
}

/// A table column from the tag value.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Column {
    /// The name without order, width and alignment.
    pub name: String,
    /// `+`/`-` prefix.
    pub order: Option<SortOrder>,
    /// `\n` minimum width.
    pub width: Option<u16>,
    /// `L`/`R` after the width.
    pub align: Option<Align>,
}

impl Column {
    /// The column as written in the header.
    #[must_use]
    pub fn header(&self) -> String {
        let mut out = String::new();
        match self.order {
            Some(SortOrder::Descending) => out.push('+'),
            Some(SortOrder::Ascending) => out.push('-'),
            None => {}
        }
        out.push_str(&self.name);
        if let Some(w) = self.width {
            out.push('\\');
            out.push_str(&w.to_string());
            match self.align {
                Some(Align::Left) => out.push('L'),
                Some(Align::Right) => out.push('R'),
                None => {}
            }
        }
        out
    }
}

/// A table: columns and rows of elements. Element texts live in one buffer (strings unquoted,
/// escapes resolved), so reading a table costs a few allocations, not one per element.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Table {
    /// The tag name (`OptimumResultTable`).
    pub name: String,
    /// Columns from the tag value.
    pub columns: Vec<Column>,
    /// Every element's text, back to back.
    text: String,
    /// Elements in order: end offset into `text` and whether it was a string token.
    cells: Vec<(u32, bool)>,
}

/// A table element.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TableCell<'t> {
    /// The text (strings without quotes, unescaped).
    pub text: &'t str,
    /// Whether it was a string token.
    pub quoted: bool,
}

impl Table {
    /// An empty table with these columns.
    #[must_use]
    pub fn new(name: String, columns: Vec<Column>) -> Table {
        Table { name, columns, text: String::new(), cells: Vec::new() }
    }

    /// Makes room for `cells` more elements holding `text` bytes in all.
    pub(crate) fn reserve(&mut self, cells: usize, text: usize) {
        self.cells.reserve_exact(cells);
        self.text.reserve_exact(text);
    }

    /// Appends an element.
    pub fn push(&mut self, text: &str, quoted: bool) {
        self.text.push_str(text);
        self.cells.push((u32::try_from(self.text.len()).unwrap_or(u32::MAX), quoted));
    }

    /// Number of elements.
    #[must_use]
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether there are no elements.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The element at `index`.
    #[must_use]
    pub fn cell(&self, index: usize) -> Option<TableCell<'_>> {
        let &(end, quoted) = self.cells.get(index)?;
        let start = index.checked_sub(1).and_then(|i| self.cells.get(i)).map_or(0, |c| c.0 as usize);
        Some(TableCell { text: self.text.get(start..end as usize)?, quoted })
    }

    /// The rows: one element per column (the last row may be short when elements are missing).
    pub fn rows(&self) -> impl Iterator<Item = Vec<TableCell<'_>>> + '_ {
        let width = self.columns.len().max(1);
        (0..self.cells.len().div_ceil(width)).map(move |r| {
            (r * width..((r + 1) * width).min(self.cells.len())).filter_map(|i| self.cell(i)).collect()
        })
    }

    /// Number of rows.
    #[must_use]
    pub fn row_count(&self) -> usize {
        self.cells.len().div_ceil(self.columns.len().max(1))
    }
}

impl TableCell<'_> {
    /// `?`: unknown.
    #[must_use]
    pub fn is_unknown(&self) -> bool {
        !self.quoted && self.text == "?"
    }

    /// `-`: irrelevant.
    #[must_use]
    pub fn is_irrelevant(&self) -> bool {
        !self.quoted && self.text == "-"
    }

    /// `^...`: an artificial score.
    #[must_use]
    pub fn is_artificial(&self) -> bool {
        !self.quoted && self.text.starts_with('^')
    }
}

/// The tables the spec defines.
pub const KNOWN_TABLES: [&str; 8] = [
    "ActionTable",
    "AuctionTimeTable",
    "InstantScoreTable",
    "OptimumPlayTable",
    "OptimumResultTable",
    "PlayTimeTable",
    "ScoreTable",
    "TotalScoreTable",
];

/// Whether a tag opens a table section: the tables of the spec, and any other `...Table` tag
/// (but not the `Table` tag, which gives a table number).
#[must_use]
pub fn is_table(name: &str) -> bool {
    // Every table of the spec ends with "Table" too.
    name.len() > 5 && name.ends_with("Table")
}

/// The 15 tags of the mandatory tag set, in export order.
pub const MANDATORY_TAGS: [&str; 15] = [
    "Event",
    "Site",
    "Date",
    "Board",
    "West",
    "North",
    "East",
    "South",
    "Dealer",
    "Vulnerable",
    "Deal",
    "Scoring",
    "Declarer",
    "Contract",
    "Result",
];

/// Tags for which `#` and `##` inheritance is forbidden.
pub const NO_INHERIT_TAGS: [&str; 8] =
    ["Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Auction", "Play", "Note"];

/// A score value (`Score`, `ScoreIMP`, `OptimumScore`...): `<n>`, `NS <n>`, `EW <n>` or both sides.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SideScore {
    /// The declarer's value when written without a side.
    pub declarer: Option<String>,
    /// North-South's value.
    pub ns: Option<String>,
    /// East-West's value.
    pub ew: Option<String>,
}

/// The serde form of a card: its PBN text (`HA`), as the tags write it (a deal's is in the
/// reader of its tag, `parse::deal`).
#[cfg(feature = "serde")]
mod card_text {
    use cards_core::Card;
    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer, Serializer};

    pub(super) fn serialize<S: Serializer>(card: &Card, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&crate::text::write_card(*card))
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Card, D::Error> {
        let text = String::deserialize(deserializer)?;
        crate::text::parse_card(&text).map_err(|e| D::Error::custom(format!("card {text:?}: {e}")))
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
