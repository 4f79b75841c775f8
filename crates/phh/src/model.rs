//! The PHH data model: a [`Hand`] with every required and optional field of the specification,
//! typed [`Action`]s, exact amounts and the user-defined fields in file order.
//!
//! # JSON form
//! Every type here implements serde `Serialize`/`Deserialize`. The JSON form of a [`Hand`] is an
//! object with the field names of the specification; absent optional fields are omitted.
//! - amounts are exact decimal strings as written (`"2.50"`), `"inf"` for an unknown stack;
//! - `variant` is the code (`"FO/8"`), `time` is `"HH:MM:SS[.fraction]"`;
//! - `hand` and `table` are a JSON string or number, as in the file;
//! - `actions` is an array of action notations in canonical form (`"p1 cbr 20 # shove"`);
//! - `user_fields` and `unknown_fields` are arrays of `{"key": .., "value": ..}` where the value is
//!   externally tagged by its TOML type: `{"string": "x"}`, `{"integer": 5}`, `{"float": "1.5"}`
//!   (the float's TOML text), `{"boolean": true}`, `{"datetime": "..."}`, `{"array": [..]}`,
//!   `{"table": [{"key": .., "value": ..}]}`.

use core::fmt;
use core::str::FromStr;

use cards_core::decimal_text::{DECIMAL_TEXT_BYTES, write_decimal};
use cards_core::{Amount, Card, MaybeCard};

/// The 11 variant codes of the specification: poker-engine's variant, so a parsed hand replays
/// without conversion.
pub use poker_engine::Variant;

/// An exact amount that may be infinite (`inf`: an unknown stack, or no time limit).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Quantity {
    /// A finite exact amount, as written.
    Finite(Amount),
    /// `inf`.
    Infinite,
}

impl Quantity {
    /// The finite amount, if any.
    #[must_use]
    pub const fn finite(self) -> Option<Amount> {
        match self {
            Quantity::Finite(a) => Some(a),
            Quantity::Infinite => None,
        }
    }

    /// Whether the quantity is `inf`.
    #[must_use]
    pub const fn is_infinite(self) -> bool {
        matches!(self, Quantity::Infinite)
    }
}

impl From<Amount> for Quantity {
    fn from(amount: Amount) -> Quantity {
        Quantity::Finite(amount)
    }
}

impl fmt::Display for Quantity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Quantity::Finite(a) => fmt::Display::fmt(a, f),
            Quantity::Infinite => f.write_str("inf"),
        }
    }
}

impl FromStr for Quantity {
    type Err = cards_core::AmountError;

    fn from_str(s: &str) -> Result<Quantity, Self::Err> {
        match s {
            "inf" | "+inf" => Ok(Quantity::Infinite),
            _ => s.parse().map(Quantity::Finite),
        }
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Quantity {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Quantity {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Quantity, D::Error> {
        let text = <std::borrow::Cow<'de, str> as serde::Deserialize>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// A value that the specification allows as a string or an integer (`hand`, `table`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(untagged))]
pub enum StrOrInt {
    /// An integer.
    Int(i64),
    /// A string.
    Str(String),
}

impl fmt::Display for StrOrInt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StrOrInt::Int(i) => write!(f, "{i}"),
            StrOrInt::Str(s) => f.write_str(s),
        }
    }
}

/// A TOML local time (`13:05:00`, `07:32:00.999`), as the `time` field holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LocalTime {
    /// Hour, 0–23.
    pub hour: u8,
    /// Minute, 0–59.
    pub minute: u8,
    /// Second, 0–60 (leap second).
    pub second: u8,
    /// Nanoseconds.
    pub nanosecond: u32,
}

impl fmt::Display for LocalTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:02}:{:02}:{:02}", self.hour, self.minute, self.second)?;
        if self.nanosecond != 0 {
            let frac = format!("{:09}", self.nanosecond);
            write!(f, ".{}", frac.trim_end_matches('0'))?;
        }
        Ok(())
    }
}

impl FromStr for LocalTime {
    type Err = String;

    /// Parses `HH:MM:SS[.fraction]` (and `HH:MM`, which TOML 1.1 allows).
    fn from_str(s: &str) -> Result<LocalTime, String> {
        let bad = || format!("`{s}` is not a local time HH:MM:SS");
        let b = s.as_bytes();
        let two = |i: usize| -> Option<u8> {
            let (h, l) = (*b.get(i)?, *b.get(i + 1)?);
            (h.is_ascii_digit() && l.is_ascii_digit()).then(|| (h - b'0') * 10 + (l - b'0'))
        };
        let hour = two(0).ok_or_else(bad)?;
        if b.get(2) != Some(&b':') {
            return Err(bad());
        }
        let minute = two(3).ok_or_else(bad)?;
        let (second, rest) = match b.get(5) {
            None => (0, 5),
            Some(b':') => (two(6).ok_or_else(bad)?, 8),
            Some(_) => return Err(bad()),
        };
        let mut nanosecond = 0u32;
        match b.get(rest) {
            None => {}
            Some(b'.') => {
                let digits = b.get(rest + 1..).unwrap_or_default();
                if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
                    return Err(bad());
                }
                let mut scale = 100_000_000u32;
                for &d in digits.iter().take(9) {
                    nanosecond += u32::from(d - b'0') * scale;
                    scale /= 10;
                }
            }
            Some(_) => return Err(bad()),
        }
        if hour > 23 || minute > 59 || second > 60 {
            return Err(bad());
        }
        Ok(LocalTime { hour, minute, second, nanosecond })
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for LocalTime {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for LocalTime {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<LocalTime, D::Error> {
        let text = <std::borrow::Cow<'de, str> as serde::Deserialize>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// Any TOML value, kept for user-defined (`_name`) and unknown fields.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum TomlValue {
    /// A string.
    String(String),
    /// An integer.
    Integer(i64),
    /// A float, as its TOML text (`1.5`, `1e3`, `inf`, `nan`), so nothing is rounded.
    Float(String),
    /// A boolean.
    Boolean(bool),
    /// An offset/local date-time, date or time, as its TOML text.
    Datetime(String),
    /// An array.
    Array(Vec<TomlValue>),
    /// A table (inline or not), keys in order.
    Table(Vec<Field>),
}

/// A key with its TOML value.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Field {
    /// The key, unquoted.
    pub key: String,
    /// The value.
    pub value: TomlValue,
}

/// A 1-based player number as written after `p` (`p3` is `Player(3)`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Player(pub u16);

impl Player {
    /// The 0-based index into per-player arrays (`p1` → 0); `None` for `p0`.
    #[must_use]
    pub const fn index(self) -> Option<usize> {
        (self.0 as usize).checked_sub(1)
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "p{}", self.0)
    }
}

/// Appends `p` and the player's number (the text of its `Display`).
fn push_player(out: &mut String, player: Player) {
    out.push('p');
    let mut buf = [0; DECIMAL_TEXT_BYTES];
    // Scale 0 is always written.
    out.push_str(write_decimal(&mut buf, false, u128::from(player.0), 0).unwrap_or_default());
}

/// Appends an amount's text (the bytes of its `Display`) from its decimal's parts.
fn push_amount(out: &mut String, amount: &Amount) {
    let decimal = amount.0;
    let mut buf = [0; DECIMAL_TEXT_BYTES];
    let parts = (decimal.is_sign_negative(), decimal.mantissa().unsigned_abs(), decimal.scale());
    match write_decimal(&mut buf, parts.0, parts.1, parts.2) {
        Some(text) => out.push_str(text),
        // A `rust_decimal` has at most 28 places, which the writer always takes.
        None => out.push_str(&amount.to_string()),
    }
}

const INLINE_CARDS: usize = 14;
const UNKNOWN_BYTE: u8 = 0xFF;

/// A run of cards as written in an action (`AhKs??`): known or unknown cards, in order.
///
/// Up to 14 cards are stored inline (no allocation); longer runs go to the heap.
#[derive(Clone)]
pub struct CardRun(RunRepr);

#[derive(Clone)]
enum RunRepr {
    Inline { len: u8, cards: [u8; INLINE_CARDS] },
    Heap(Vec<MaybeCard>),
}

fn encode(card: MaybeCard) -> u8 {
    match card {
        MaybeCard::Known(c) => c.index(),
        MaybeCard::Unknown => UNKNOWN_BYTE,
    }
}

fn decode(byte: u8) -> MaybeCard {
    Card::from_index(byte).map_or(MaybeCard::Unknown, MaybeCard::Known)
}

impl CardRun {
    /// An empty run.
    #[must_use]
    pub const fn new() -> CardRun {
        CardRun(RunRepr::Inline { len: 0, cards: [0; INLINE_CARDS] })
    }

    /// Appends a card.
    pub fn push(&mut self, card: MaybeCard) {
        match &mut self.0 {
            RunRepr::Inline { len, cards } => {
                if let Some(slot) = cards.get_mut(usize::from(*len)) {
                    *slot = encode(card);
                    *len += 1;
                } else {
                    let mut v: Vec<MaybeCard> = cards.iter().map(|&b| decode(b)).collect();
                    v.push(card);
                    self.0 = RunRepr::Heap(v);
                }
            }
            RunRepr::Heap(v) => v.push(card),
        }
    }

    /// Number of cards.
    #[must_use]
    pub fn len(&self) -> usize {
        match &self.0 {
            RunRepr::Inline { len, .. } => usize::from(*len),
            RunRepr::Heap(v) => v.len(),
        }
    }

    /// Whether the run has no card.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The card at `index`.
    #[must_use]
    pub fn get(&self, index: usize) -> Option<MaybeCard> {
        match &self.0 {
            RunRepr::Inline { len, cards } => {
                if index < usize::from(*len) {
                    cards.get(index).map(|&b| decode(b))
                } else {
                    None
                }
            }
            RunRepr::Heap(v) => v.get(index).copied(),
        }
    }

    /// The cards in order.
    pub fn iter(&self) -> impl Iterator<Item = MaybeCard> + '_ {
        (0..self.len()).filter_map(move |i| self.get(i))
    }

    /// The known cards in order.
    pub fn known(&self) -> impl Iterator<Item = Card> + '_ {
        self.iter().filter_map(MaybeCard::known)
    }

    /// The cards as a vector.
    #[must_use]
    pub fn to_vec(&self) -> Vec<MaybeCard> {
        self.iter().collect()
    }

    /// Writes the run in PHH card text (`AhKs??`).
    pub fn write_to(&self, out: &mut String) {
        for card in self.iter() {
            poker_engine::card_text::push_card(out, card);
        }
    }
}

impl Default for CardRun {
    fn default() -> CardRun {
        CardRun::new()
    }
}

impl FromIterator<MaybeCard> for CardRun {
    fn from_iter<T: IntoIterator<Item = MaybeCard>>(iter: T) -> CardRun {
        let mut run = CardRun::new();
        for card in iter {
            run.push(card);
        }
        run
    }
}

impl From<&[MaybeCard]> for CardRun {
    fn from(cards: &[MaybeCard]) -> CardRun {
        cards.iter().copied().collect()
    }
}

impl PartialEq for CardRun {
    fn eq(&self, other: &CardRun) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl Eq for CardRun {}

impl fmt::Debug for CardRun {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::new();
        self.write_to(&mut s);
        write!(f, "CardRun({s})")
    }
}

impl fmt::Display for CardRun {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::with_capacity(self.len() * 2);
        self.write_to(&mut s);
        f.write_str(&s)
    }
}

/// What a `pN sm` action shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Shown {
    /// No argument: the player mucks.
    Muck,
    /// The cards shown (some may be unknown `??`).
    Cards(CardRun),
    /// `-`: the hole cards already dealt to the player are shown.
    Dealt,
}

/// The kind of an action notation, one variant per line of the grammar.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ActionKind {
    /// `d db CARDS`: community cards dealt to the board.
    DealBoard {
        /// The cards dealt.
        cards: CardRun,
    },
    /// `d dh pN CARDS`: hole (down or up) cards dealt to a player.
    DealHole {
        /// Who is dealt.
        player: Player,
        /// The cards dealt.
        cards: CardRun,
    },
    /// `pN pb`: posting the bring-in.
    BringIn {
        /// The actor.
        player: Player,
    },
    /// `pN cbr AMOUNT`: completing, betting or raising to an amount.
    CompleteBetRaise {
        /// The actor.
        player: Player,
        /// The "to" amount, exact as written.
        amount: Amount,
    },
    /// `pN cc`: checking or calling.
    CheckCall {
        /// The actor.
        player: Player,
    },
    /// `pN f`: folding.
    Fold {
        /// The actor.
        player: Player,
    },
    /// `pN sd [CARDS]`: standing pat (no cards) or discarding.
    StandPatDiscard {
        /// The actor.
        player: Player,
        /// The discarded cards; empty when standing pat.
        discards: CardRun,
    },
    /// `pN sm [CARDS|-]`: showing or mucking hole cards.
    ShowMuck {
        /// The actor.
        player: Player,
        /// What is shown.
        shown: Shown,
    },
    /// An empty notation or a standalone commentary.
    NoOp,
}

impl ActionKind {
    /// The acting player, or `None` for the dealer and no-ops.
    #[must_use]
    pub const fn actor(&self) -> Option<Player> {
        match self {
            ActionKind::DealBoard { .. } | ActionKind::DealHole { .. } | ActionKind::NoOp => None,
            ActionKind::BringIn { player }
            | ActionKind::CompleteBetRaise { player, .. }
            | ActionKind::CheckCall { player }
            | ActionKind::Fold { player }
            | ActionKind::StandPatDiscard { player, .. }
            | ActionKind::ShowMuck { player, .. } => Some(*player),
        }
    }

    /// The player the action is about: the actor, or the player dealt to.
    #[must_use]
    pub const fn player(&self) -> Option<Player> {
        match self {
            ActionKind::DealHole { player, .. } => Some(*player),
            _ => self.actor(),
        }
    }

    /// The short command word (`db`, `dh`, `pb`, `cbr`, `cc`, `f`, `sd`, `sm`), `None` for no-ops.
    #[must_use]
    pub const fn command(&self) -> Option<&'static str> {
        Some(match self {
            ActionKind::DealBoard { .. } => "db",
            ActionKind::DealHole { .. } => "dh",
            ActionKind::BringIn { .. } => "pb",
            ActionKind::CompleteBetRaise { .. } => "cbr",
            ActionKind::CheckCall { .. } => "cc",
            ActionKind::Fold { .. } => "f",
            ActionKind::StandPatDiscard { .. } => "sd",
            ActionKind::ShowMuck { .. } => "sm",
            ActionKind::NoOp => return None,
        })
    }
}

/// One action notation: what happened and the optional `# commentary` after it.
///
/// ```
/// use phh::{Action, ActionKind, Player};
/// let action: Action = "p2  cbr   7.50 # big raise".parse().unwrap();
/// assert_eq!(action.kind, ActionKind::CompleteBetRaise { player: Player(2), amount: "7.50".parse().unwrap() });
/// assert_eq!(action.commentary.as_deref(), Some("big raise"));
/// assert_eq!(action.to_string(), "p2 cbr 7.50 # big raise");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Action {
    /// The action proper.
    pub kind: ActionKind,
    /// The commentary after `#`, trimmed; `None` when there is no `#`.
    pub commentary: Option<String>,
}

impl Action {
    /// An action without commentary.
    #[must_use]
    pub const fn new(kind: ActionKind) -> Action {
        Action { kind, commentary: None }
    }

    /// Whether the notation is a no-op (empty or commentary only).
    #[must_use]
    pub const fn is_noop(&self) -> bool {
        matches!(self.kind, ActionKind::NoOp)
    }

    /// Appends the canonical notation to `out` (single spaces, `# commentary` last). Players and
    /// amounts are written digit by digit, not through `core::fmt` (the export writes one
    /// notation per action).
    pub fn write_to(&self, out: &mut String) {
        let start = out.len();
        let player_then = |out: &mut String, player: Player, rest: &str| {
            push_player(out, player);
            out.push_str(rest);
        };
        match &self.kind {
            ActionKind::DealBoard { cards } => {
                out.push_str("d db ");
                cards.write_to(out);
            }
            ActionKind::DealHole { player, cards } => {
                out.push_str("d dh ");
                player_then(out, *player, " ");
                cards.write_to(out);
            }
            ActionKind::BringIn { player } => player_then(out, *player, " pb"),
            ActionKind::CompleteBetRaise { player, amount } => {
                player_then(out, *player, " cbr ");
                push_amount(out, amount);
            }
            ActionKind::CheckCall { player } => player_then(out, *player, " cc"),
            ActionKind::Fold { player } => player_then(out, *player, " f"),
            ActionKind::StandPatDiscard { player, discards } => {
                player_then(out, *player, " sd");
                if !discards.is_empty() {
                    out.push(' ');
                    discards.write_to(out);
                }
            }
            ActionKind::ShowMuck { player, shown } => {
                player_then(out, *player, " sm");
                match shown {
                    Shown::Muck => {}
                    Shown::Dealt => out.push_str(" -"),
                    Shown::Cards(cards) => {
                        out.push(' ');
                        cards.write_to(out);
                    }
                }
            }
            ActionKind::NoOp => {}
        }
        if let Some(comment) = &self.commentary {
            if out.len() > start {
                out.push(' ');
            }
            out.push('#');
            if !comment.is_empty() {
                out.push(' ');
                out.push_str(comment);
            }
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::new();
        self.write_to(&mut s);
        f.write_str(&s)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Action {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// One poker hand: every field of the specification.
///
/// Required fields that are absent in a file are reported as errors; the model then holds an
/// empty array or `None`. Per-player arrays are in player order (`p1` first).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Hand {
    /// `variant`.
    pub variant: Variant,
    /// `antes`, one per player.
    pub antes: Vec<Amount>,
    /// `blinds_or_straddles`, one per player (button games only).
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub blinds_or_straddles: Option<Vec<Amount>>,
    /// `bring_in` (stud games only).
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub bring_in: Option<Amount>,
    /// `small_bet` (fixed-limit games only).
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub small_bet: Option<Amount>,
    /// `big_bet` (fixed-limit games only).
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub big_bet: Option<Amount>,
    /// `min_bet` (no-limit and pot-limit games only).
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub min_bet: Option<Amount>,
    /// `starting_stacks`, one per player; its length is the number of players.
    pub starting_stacks: Vec<Quantity>,
    /// `actions`, in order.
    pub actions: Vec<Action>,
    /// `author`.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub author: Option<String>,
    /// `event`.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub event: Option<String>,
    /// `url`.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub url: Option<String>,
    /// `venue`.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub venue: Option<String>,
    /// `address`.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub address: Option<String>,
    /// `city`.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub city: Option<String>,
    /// `region`.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub region: Option<String>,
    /// `postal_code`.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub postal_code: Option<String>,
    /// `country`.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub country: Option<String>,
    /// `time`: a TOML local time.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub time: Option<LocalTime>,
    /// `time_zone` (IANA name).
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub time_zone: Option<String>,
    /// `time_zone_abbreviation`.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub time_zone_abbreviation: Option<String>,
    /// `day`.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub day: Option<i64>,
    /// `month`.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub month: Option<i64>,
    /// `year`.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub year: Option<i64>,
    /// `hand`: name or number.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub hand: Option<StrOrInt>,
    /// `level`.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub level: Option<i64>,
    /// `seats`, one per player.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub seats: Option<Vec<i64>>,
    /// `seat_count`.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub seat_count: Option<i64>,
    /// `table`: name or number.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub table: Option<StrOrInt>,
    /// `players`: names, one per player.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub players: Option<Vec<String>>,
    /// `finishing_stacks`, one per player.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub finishing_stacks: Option<Vec<Quantity>>,
    /// `winnings`, one per player.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub winnings: Option<Vec<Quantity>>,
    /// `currency` (ISO 4217 code).
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub currency: Option<String>,
    /// `currency_symbol`.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub currency_symbol: Option<String>,
    /// `ante_trimming_status` (`false` when absent).
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub ante_trimming_status: Option<bool>,
    /// `time_limit` (seconds, `inf` for none).
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub time_limit: Option<Quantity>,
    /// `time_banks`, one per player.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub time_banks: Option<Vec<Quantity>>,
    /// User-defined fields (`_name`), in file order.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Vec::is_empty"))]
    pub user_fields: Vec<Field>,
    /// Other keys the specification does not define, in file order (each drew a warning).
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Vec::is_empty"))]
    pub unknown_fields: Vec<Field>,
}

impl Hand {
    /// A hand of `variant` with no players, no actions and no optional field.
    #[must_use]
    pub fn new(variant: Variant) -> Hand {
        Hand {
            variant,
            antes: Vec::new(),
            blinds_or_straddles: None,
            bring_in: None,
            small_bet: None,
            big_bet: None,
            min_bet: None,
            starting_stacks: Vec::new(),
            actions: Vec::new(),
            author: None,
            event: None,
            url: None,
            venue: None,
            address: None,
            city: None,
            region: None,
            postal_code: None,
            country: None,
            time: None,
            time_zone: None,
            time_zone_abbreviation: None,
            day: None,
            month: None,
            year: None,
            hand: None,
            level: None,
            seats: None,
            seat_count: None,
            table: None,
            players: None,
            finishing_stacks: None,
            winnings: None,
            currency: None,
            currency_symbol: None,
            ante_trimming_status: None,
            time_limit: None,
            time_banks: None,
            user_fields: Vec::new(),
            unknown_fields: Vec::new(),
        }
    }

    /// The number of players (the length of `starting_stacks`).
    #[must_use]
    pub fn player_count(&self) -> usize {
        self.starting_stacks.len()
    }

    /// The number of actions that are not no-ops.
    #[must_use]
    pub fn action_count(&self) -> usize {
        self.actions.iter().filter(|a| !a.is_noop()).count()
    }

    /// `ante_trimming_status`, `false` when absent.
    #[must_use]
    pub fn ante_trimming(&self) -> bool {
        self.ante_trimming_status.unwrap_or(false)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    /// Players and amounts written digit by digit read as their `Display` texts.
    #[test]
    fn notation_writes_players_and_amounts_as_display() {
        for number in [0, 1, 9, 10, 99, 100, 12_345, u16::MAX] {
            for text in
                ["0", "-0", "-0.00", "2.50", "0.000", "100", "-7", "12345678901234567890", "0.0000000001"]
            {
                let amount: Amount = text.parse().unwrap();
                let player = Player(number);
                let action = Action::new(ActionKind::CompleteBetRaise { player, amount });
                let mut written = String::new();
                action.write_to(&mut written);
                assert_eq!(written, format!("{player} cbr {amount}"));
                let fold = Action::new(ActionKind::Fold { player });
                let mut written = String::new();
                fold.write_to(&mut written);
                assert_eq!(written, format!("p{number} f"));
            }
        }
    }
}
