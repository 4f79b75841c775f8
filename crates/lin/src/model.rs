//! What a LIN file holds: the tags as written (kept for a byte-exact rewrite) and, typed from
//! them, the match header and the boards.

use cards_core::{Card, CardSet, Compass, Span};

/// How a record's bytes were decoded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize), serde(rename_all = "lowercase"))]
pub enum Encoding {
    /// UTF-8 (ASCII included).
    #[default]
    Utf8,
    /// Not UTF-8: each byte read as its Latin-1 character (and written back the same way).
    Latin1,
}

/// One `tag|value|` pair exactly as written.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Item {
    /// Line breaks and blanks before the tag (and a byte-order mark at the start of a file).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "String::is_empty"))]
    pub leading: String,
    /// The tag name as written (`md`, `mb`, `At`, ...).
    pub tag: String,
    /// The value as written: no escape is decoded (`+` and `%20` stay, as Bridge Composer and
    /// BBO keep them).
    pub value: String,
    /// Whether the closing `|` was there (only the last value of a file may lack it).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "is_true"))]
    pub terminated: bool,
    /// From the tag's first byte to the closing `|`, in the input's bytes.
    pub span: Span,
}

#[cfg(feature = "serde")]
#[allow(clippy::trivially_copy_pass_by_ref)]
fn is_true(value: &bool) -> bool {
    *value
}

impl Item {
    /// A terminated item with no leading text and an empty span (for building records).
    #[must_use]
    pub fn new(tag: impl Into<String>, value: impl Into<String>) -> Item {
        Item {
            leading: String::new(),
            tag: tag.into(),
            value: value.into(),
            terminated: true,
            span: Span::default(),
        }
    }

    /// Whether the tag is `name`, in either case (BBO reads tags case-insensitively).
    #[must_use]
    pub fn is(&self, name: &str) -> bool {
        self.tag.eq_ignore_ascii_case(name)
    }

    /// The span of the value alone (after `tag|`).
    #[must_use]
    pub fn value_span(&self) -> Span {
        let start = (self.span.start + self.tag.len() + 1).min(self.span.end);
        let end = if self.terminated { self.span.end.saturating_sub(1).max(start) } else { self.span.end };
        Span::new(start, end)
    }
}

/// Which sides are vulnerable (`sv`): the type is bridge-core's, shared with the other bridge
/// notations; LIN's spellings are [`parse_vulnerability`] and [`vulnerability_letter`].
pub use bridge_core::Vulnerability;

/// Reads an `sv` value (either case; `0` and `-` as none).
#[must_use]
pub fn parse_vulnerability(text: &str) -> Option<Vulnerability> {
    match text.trim() {
        "o" | "O" | "0" | "-" => Some(Vulnerability::None),
        "n" | "N" => Some(Vulnerability::NorthSouth),
        "e" | "E" => Some(Vulnerability::EastWest),
        "b" | "B" => Some(Vulnerability::Both),
        _ => None,
    }
}

/// BBO's letter for a vulnerability.
#[must_use]
pub const fn vulnerability_letter(v: Vulnerability) -> char {
    match v {
        Vulnerability::None => 'o',
        Vulnerability::NorthSouth => 'n',
        Vulnerability::EastWest => 'e',
        Vulnerability::Both => 'b',
    }
}

/// The room of a team match (`qx|o1|` open, `qx|c1|` closed).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum Room {
    /// `o`.
    Open,
    /// `c`.
    Closed,
}

/// BBO's `qx` for a board: `o7` in the open room (or no room), `c7` in the closed room.
#[must_use]
pub fn qx_of(room: Option<Room>, number: u32) -> String {
    format!("{}{number}", if room == Some(Room::Closed) { 'c' } else { 'o' })
}

/// The bridge vocabulary LIN shares with the other bridge notations ([`bridge_core`]): LIN's
/// spellings are [`denomination_letter`] and [`call_text`].
pub use bridge_core::{Call, Denomination};

/// BBO's letter for a denomination: `C D H S N`.
#[must_use]
pub const fn denomination_letter(d: Denomination) -> char {
    match d {
        Denomination::Clubs => 'C',
        Denomination::Diamonds => 'D',
        Denomination::Hearts => 'H',
        Denomination::Spades => 'S',
        Denomination::NoTrump => 'N',
    }
}

/// BBO's spelling of a call in `mb`: `p`, `d`, `r`, `1N`.
///
/// ```
/// use lin::model::{Call, Denomination, call_text};
/// assert_eq!(call_text(Call::Bid { level: 3, denomination: Denomination::NoTrump }), "3N");
/// assert_eq!(call_text(Call::Double), "d");
/// ```
#[must_use]
pub fn call_text(call: Call) -> String {
    match call {
        Call::Pass => "p".to_owned(),
        Call::Double => "d".to_owned(),
        Call::Redouble => "r".to_owned(),
        Call::Bid { level, denomination } => format!("{level}{}", denomination_letter(denomination)),
    }
}

/// One call with its alert and explanation.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct AuctionCall {
    /// The call, or `None` when `mb`'s text is not a call (reported).
    #[cfg_attr(feature = "serde", serde(serialize_with = "crate::serde_text::opt_call"))]
    pub call: Option<Call>,
    /// The `mb` value as written.
    pub text: String,
    /// Marked `!`.
    pub alert: bool,
    /// The `an` text that followed it.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub explanation: Option<String>,
    /// The `mb` item.
    pub span: Span,
}

/// One card of `pc`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct PlayedCard {
    /// The card, or `None` when `pc`'s text is not a card (reported).
    #[cfg_attr(feature = "serde", serde(serialize_with = "crate::serde_text::opt_card"))]
    pub card: Option<Card>,
    /// The `pc` value as written.
    pub text: String,
    /// The `pc` item.
    pub span: Span,
}

/// The hands of `md`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Deal {
    /// Hands by [`Compass::index`] (North, East, South, West); a hand not given is `None`.
    #[cfg_attr(feature = "serde", serde(serialize_with = "crate::serde_text::hands"))]
    pub hands: [Option<CardSet>; 4],
    /// Which hand was completed from the other three (BBO and Bridge Composer leave East out).
    #[cfg_attr(
        feature = "serde",
        serde(skip_serializing_if = "Option::is_none", serialize_with = "crate::serde_text::opt_seat")
    )]
    pub completed: Option<Compass>,
}

impl Deal {
    /// The hand of `seat`.
    #[must_use]
    pub fn hand(&self, seat: Compass) -> Option<CardSet> {
        self.hands[seat.index()]
    }

    /// Whether all four hands hold 13 cards.
    #[must_use]
    pub fn is_full(&self) -> bool {
        self.hands.iter().all(|h| h.is_some_and(|h| h.len() == 13))
    }
}

/// The `vg` match header with `rs` and the roster `pn` that follow it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct MatchHeader {
    /// Event title (first `vg` field).
    pub title: String,
    /// Segment (`Rd 18/21`, `Segm.2/6`).
    pub segment: String,
    /// `I` IMPs, `P` pairs (matchpoints), `B` board-a-match, as written.
    pub scoring: String,
    /// First board number as written.
    pub first_board: String,
    /// Last board number as written.
    pub last_board: String,
    /// The two teams and their carry-over, as written.
    pub teams: [(String, String); 2],
    /// `rs` results, one per table in board order (open, closed); empty slots kept.
    pub results: Vec<String>,
    /// The roster `pn`: 8 names (open room S W N E, closed room S W N E) in team files.
    pub players: Vec<String>,
}

/// A board: the deal, its auction, play and claim, and where it was played.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Board {
    /// Room of `qx`.
    pub room: Option<Room>,
    /// Board number from `qx` (or, failing that, from `ah|Board N|`).
    pub number: Option<u32>,
    /// `qx` as written (`o1`, `c17`, Bridge Composer's `o5,BOARD 5`).
    pub qx: Option<String>,
    /// `ah`: the board's title (`Board 7`).
    pub title: Option<String>,
    /// `mn`: the event name Bridge Composer writes (`Event - Date`).
    pub event: Option<String>,
    /// Players by [`Compass::index`], from this board's `pn` or carried from the file (an
    /// 8-name roster gives the room's four).
    pub players: Option<[String; 4]>,
    /// Dealer (`md`'s digit).
    #[cfg_attr(feature = "serde", serde(serialize_with = "crate::serde_text::opt_seat"))]
    pub dealer: Option<Compass>,
    /// The deal.
    pub deal: Option<Deal>,
    /// `sv`.
    pub vulnerability: Option<Vulnerability>,
    /// `mb` calls in order with their `!` and `an`.
    pub auction: Vec<AuctionCall>,
    /// `pc` cards in order.
    pub play: Vec<PlayedCard>,
    /// `mc`: tricks claimed for declarer in total (`None` when not a number).
    pub claim: Option<u8>,
    /// The `mc` item's span and value as written.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub claim_text: Option<String>,
    /// Every other item (commentary `nt`, `st`, `rh`, `pg`, `zz`, movie tags, unknown tags) with
    /// how many calls and cards came before it, so a writer can put it back in place.
    pub extras: Vec<Extra>,
}

/// An item the typed board has no field for, kept with its place.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Extra {
    /// Calls plus cards before it, plus one once the claim `mc` has been written.
    pub after: usize,
    /// The tag.
    pub tag: String,
    /// The value.
    pub value: String,
}

/// What a record is.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize), serde(tag = "kind", rename_all = "lowercase"))]
pub enum Content {
    /// The `vg` header of a vugraph or Bridge Composer file (`vg`, `rs`, `pn`, `pw`, `mp`, `bn`, up to
    /// the first `pg`).
    Header(Box<MatchHeader>),
    /// One board.
    Board(Box<Board>),
    /// Items that make no board after a board: a vugraph pairs file's trailer
    /// (`bt||mn|<title>|tu|y|nt|<standings>|pg||st||nt||`), with no `qx`, `md`, `pn`, `sv`, `ah`,
    /// call, card or claim. Its items are kept as written.
    Trailer(Box<Trailer>),
}

/// The end of a vugraph pairs file after its last board: its title and standings.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Trailer {
    /// `mn`: the title it gives.
    pub title: Option<String>,
}

/// One record of a LIN file as written and as read: the match header or a board, with its items
/// exactly as written (so a writer gives the bytes back) and the text after them. A
/// [`Record`](crate::Record) wraps it with its diagnostics and its byte span in the input.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Entry {
    /// The items in order, exactly as written.
    pub items: Vec<Item>,
    /// Text after the last item that is not an item (the end of a file: line breaks, or text
    /// without a `|`).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "String::is_empty"))]
    pub trailing: String,
    /// How the record's bytes were decoded (written back the same way).
    pub encoding: Encoding,
    /// The header or the board.
    pub content: Content,
}

impl Entry {
    /// The board, unless this is the match header.
    #[must_use]
    pub fn board(&self) -> Option<&Board> {
        match &self.content {
            Content::Board(board) => Some(board),
            Content::Header(_) | Content::Trailer(_) => None,
        }
    }

    /// The match header, if this entry is one.
    #[must_use]
    pub fn header(&self) -> Option<&MatchHeader> {
        match &self.content {
            Content::Header(header) => Some(header),
            Content::Board(_) | Content::Trailer(_) => None,
        }
    }
}
