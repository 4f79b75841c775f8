//! The PPN model: a file of headers and hands; a hand is a sequence of tags (some with sections) and
//! comments, kept exactly as written so that writing it back loses nothing.
//!
//! Positions ([`At`]) are carried for diagnostics but never take part in equality: two models are
//! equal when they say the same thing, wherever it was written.

use std::borrow::Cow;

use crate::PinochleSeat;
use cards_core::{Card, CardCounts, Span, Suit};

/// A source position that compares equal to every other position.
#[derive(Debug, Clone, Copy, Default, Eq)]
pub struct At(pub Span);

impl PartialEq for At {
    fn eq(&self, _other: &At) -> bool {
        true
    }
}

impl At {
    /// The span.
    #[must_use]
    pub const fn span(self) -> Span {
        self.0
    }
}

/// A value and where it was written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spanned<T> {
    /// The value.
    pub value: T,
    /// Where.
    pub at: At,
}

/// `% EXPORT` or `% IMPORT`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FormatKind {
    /// Programmatic, complete records with the mandatory tag roster.
    Export,
    /// Hand-written records; no mandatory tags.
    Import,
}

/// One `%` line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Header {
    /// `% PPN 1.0`: the notation and its version.
    Notation(String),
    /// `% EXPORT` / `% IMPORT`.
    Format(FormatKind),
    /// `% ID <token>`.
    Id(String),
    /// A line holding only `%` (the "blank escaped header line").
    Blank,
    /// Any other `%` line, text after `% ` kept.
    Other(String),
}

/// A header line and its position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeaderLine {
    /// What it says.
    pub header: Header,
    /// Where.
    pub at: At,
}

/// A whole PPN file.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PpnFile {
    /// `%` lines before the first hand.
    pub headers: Vec<HeaderLine>,
    /// The hands, in file order.
    pub hands: Vec<Hand>,
}

impl PpnFile {
    /// The file of a reader's records, in file order: the headers and the hands.
    #[must_use]
    pub fn from_records(records: Vec<crate::Record>) -> PpnFile {
        let headers = records.first().map(|r| r.model.headers.as_ref().clone()).unwrap_or_default();
        PpnFile { headers, hands: records.into_iter().filter_map(|r| r.model.hand).collect() }
    }

    /// The format the headers declare, if any.
    #[must_use]
    pub fn format(&self) -> Option<FormatKind> {
        self.headers.iter().find_map(|h| match h.header {
            Header::Format(kind) => Some(kind),
            _ => None,
        })
    }
}

/// One hand: tags and comments in the order written. Hands are separated by blank lines.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Hand {
    /// Tags and comments.
    pub items: Vec<Item>,
    /// From the first to the last byte of the hand.
    pub at: At,
}

impl Hand {
    /// The tags, in order.
    pub fn tags(&self) -> impl Iterator<Item = &Tag> {
        self.items.iter().filter_map(|item| match item {
            Item::Tag(tag) => Some(tag),
            Item::Comment(_) => None,
        })
    }

    /// The first plain (non-segmental) tag called `name`.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&Tag> {
        self.tags().find(|t| t.segment.is_none() && t.name == name)
    }
}

/// A hand item.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Item {
    /// A tag, possibly segmental, possibly opening a section.
    Tag(Tag),
    /// A `{…}` comment outside any section line.
    Comment(Comment),
}

/// A `{…}` comment (text between the braces, verbatim).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Comment {
    /// The text inside the braces.
    pub text: String,
    /// Where, braces included.
    pub at: At,
}

/// A tag: `[Name "value"]`, optionally with a segmental prefix and section lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tag {
    /// `@start-end=` prefix.
    pub segment: Option<Segment>,
    /// Tag name (borrowed for the draft's tags, owned for others).
    pub name: Cow<'static, str>,
    /// Value with `\"` and `\\` unescaped.
    pub value: String,
    /// Lines after the tag (Auction, Play, or any tag followed by token lines).
    pub section: Option<Section>,
    /// The whole tag line, prefix included.
    pub at: At,
    /// The tag name.
    pub name_at: At,
    /// The raw value between the quotes.
    pub value_at: At,
}

impl Tag {
    /// A plain tag without positions (handy for building records in code).
    #[must_use]
    pub fn new(name: &str, value: &str) -> Tag {
        Tag {
            segment: None,
            name: tag_name(name),
            value: value.to_owned(),
            section: None,
            at: At::default(),
            name_at: At::default(),
            value_at: At::default(),
        }
    }
}

/// A segment letter of a hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SegmentLetter {
    /// `D` deal.
    Deal,
    /// `A` auction (round.bid).
    Auction,
    /// `X` exchange (number).
    Exchange,
    /// `M` meld.
    Meld,
    /// `P` play (trick.throw).
    Play,
    /// `R` result.
    Result,
}

impl SegmentLetter {
    /// Parses the letter.
    #[must_use]
    pub const fn from_byte(b: u8) -> Option<SegmentLetter> {
        match b {
            b'D' => Some(SegmentLetter::Deal),
            b'A' => Some(SegmentLetter::Auction),
            b'X' => Some(SegmentLetter::Exchange),
            b'M' => Some(SegmentLetter::Meld),
            b'P' => Some(SegmentLetter::Play),
            b'R' => Some(SegmentLetter::Result),
            _ => None,
        }
    }

    /// The letter.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            SegmentLetter::Deal => 'D',
            SegmentLetter::Auction => 'A',
            SegmentLetter::Exchange => 'X',
            SegmentLetter::Meld => 'M',
            SegmentLetter::Play => 'P',
            SegmentLetter::Result => 'R',
        }
    }
}

/// A point in a hand: segment letter and up to two numbers (`P.19.3`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SegmentPoint {
    /// The segment.
    pub letter: SegmentLetter,
    /// Round/exchange/trick number.
    pub major: Option<u32>,
    /// Bid/throw number (only with `major`).
    pub minor: Option<u32>,
}

/// A segmental prefix: `@start-end=`; no end means "to the end of the hand".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Segment {
    /// Start.
    pub start: SegmentPoint,
    /// End, if any.
    pub end: Option<SegmentPoint>,
}

/// Tags that may carry a segmental prefix (Annotator, Chat, Note, Seat and SeatType tags).
#[must_use]
pub fn segment_allowed(name: &str) -> bool {
    matches!(name, "Annotator" | "Chat" | "Note")
        || PinochleSeat::from_name(name).is_some()
        || name.strip_suffix("Type").is_some_and(|s| PinochleSeat::from_name(s).is_some())
}

/// The lines of a section.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Section {
    /// One entry per line (an Auction round, a Play trick).
    pub lines: Vec<SectionLine>,
}

/// One line of a section.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SectionLine {
    /// Whitespace-separated tokens.
    pub tokens: Vec<Spanned<Token>>,
    /// Comments written on the line.
    pub comments: Vec<Comment>,
    /// The whole line.
    pub at: At,
}

/// A section token, typed at reading time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Token {
    /// `Pass`.
    Pass,
    /// An integer bid.
    Bid(u32),
    /// `-`: a seat that has already passed.
    Dash,
    /// `?`: unknown.
    Unknown,
    /// `*`: the section stops here (termination).
    End,
    /// A SuitRank card (`HA`).
    Card(Card),
    /// `(S2)`: trick winner and points (`?` for an unknown part).
    Annotation {
        /// The winner.
        seat: Option<PinochleSeat>,
        /// The points.
        points: Option<u32>,
    },
    /// Anything else, verbatim.
    Other(String),
}

/// `Saved`, `Set`, `No Board`, `No Trump`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The declaring side made its contract.
    Saved,
    /// It did not.
    Set,
    /// No board (open point, see the crate docs).
    NoBoard,
    /// The declarer had no marriage.
    NoTrump,
}

impl Outcome {
    /// Parses the Result value.
    #[must_use]
    pub fn parse(text: &str) -> Option<Outcome> {
        match text {
            "Saved" => Some(Outcome::Saved),
            "Set" => Some(Outcome::Set),
            "No Board" => Some(Outcome::NoBoard),
            "No Trump" => Some(Outcome::NoTrump),
            _ => None,
        }
    }

    /// The Result value.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Outcome::Saved => "Saved",
            Outcome::Set => "Set",
            Outcome::NoBoard => "No Board",
            Outcome::NoTrump => "No Trump",
        }
    }
}

/// One entry of a Melds tag: the cards shown and the value claimed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MeldEntry {
    /// Cards shown (dot syntax), `None` for `?`.
    pub cards: Option<CardCounts>,
    /// Claimed value, `None` for `?`.
    pub value: Option<i64>,
}

/// A typed tag value (see [`crate::typed_value`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    /// `?`.
    Unknown,
    /// `*` (terminated hand).
    Terminated,
    /// Free text (Site, Event, player names, Note, Chat, unknown tags, …).
    Text(String),
    /// `YYYY.MM.DD`; `??` parts are `None`.
    Date {
        /// Year.
        year: Option<u16>,
        /// Month.
        month: Option<u8>,
        /// Day.
        day: Option<u8>,
    },
    /// Hand, Contract, Round.
    Int(i64),
    /// Dealer, Declarer, Auction, Play.
    Seat(PinochleSeat),
    /// Deal, Holding, Passed: the first seat and the hands clockwise (`None` = `?`).
    Hands {
        /// First seat.
        first: PinochleSeat,
        /// Hands.
        hands: Vec<Option<CardCounts>>,
    },
    /// Melds.
    Melds {
        /// First seat.
        first: PinochleSeat,
        /// One per seat clockwise.
        entries: Vec<MeldEntry>,
    },
    /// Discard: cards and points.
    Discard {
        /// Cards.
        cards: CardCounts,
        /// Points.
        points: i64,
    },
    /// Kitty: SuitRank cards.
    Kitty(Vec<Card>),
    /// Partner: seat and the card that named them.
    Partner {
        /// Seat.
        seat: PinochleSeat,
        /// Card.
        card: Card,
    },
    /// Trump; `None` for `-`.
    Trump(Option<Suit>),
    /// Colon lists per team (GameScores, MeldScores, PlayScores, HandScores).
    Scores(Vec<i64>),
    /// Result.
    Result(Outcome),
    /// Termination: seat (or `-`) and cause.
    Termination {
        /// Responsible seat.
        seat: Option<PinochleSeat>,
        /// Cause.
        cause: String,
    },
    /// Victor: team number.
    Victor(u32),
}

/// A tag name: the draft's names without allocating, others copied.
#[must_use]
pub fn tag_name(name: &str) -> Cow<'static, str> {
    let known: &'static str = match name {
        "Site" => "Site",
        "Date" => "Date",
        "North" => "North",
        "East" => "East",
        "South" => "South",
        "West" => "West",
        "Hand" => "Hand",
        "GameScores" => "GameScores",
        "Dealer" => "Dealer",
        "Deal" => "Deal",
        "Declarer" => "Declarer",
        "Contract" => "Contract",
        "Trump" => "Trump",
        "Melds" => "Melds",
        "MeldScores" => "MeldScores",
        "PlayScores" => "PlayScores",
        "Result" => "Result",
        "HandScores" => "HandScores",
        "Auction" => "Auction",
        "Play" => "Play",
        "Annotator" => "Annotator",
        "BidSystem1" => "BidSystem1",
        "BidSystem2" => "BidSystem2",
        "Chat" => "Chat",
        "Competition" => "Competition",
        "Discard" => "Discard",
        "Event" => "Event",
        "Holding" => "Holding",
        "Kitty" => "Kitty",
        "Language" => "Language",
        "Note" => "Note",
        "Partner" => "Partner",
        "Passed" => "Passed",
        "Round" => "Round",
        "Room" => "Room",
        "Scoring" => "Scoring",
        "Stage" => "Stage",
        "Termination" => "Termination",
        "TimeControl" => "TimeControl",
        "Victor" => "Victor",
        "NorthType" => "NorthType",
        "EastType" => "EastType",
        "SouthType" => "SouthType",
        "WestType" => "WestType",
        "Northeast" => "Northeast",
        "Southeast" => "Southeast",
        "Southwest" => "Southwest",
        "Northwest" => "Northwest",
        "NortheastType" => "NortheastType",
        "SoutheastType" => "SoutheastType",
        "SouthwestType" => "SouthwestType",
        "NorthwestType" => "NorthwestType",
        _ => return Cow::Owned(name.to_owned()),
    };
    Cow::Borrowed(known)
}
