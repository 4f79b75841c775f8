//! Reading and checking games: the typed values a game gives ([`GameInfo`]), and the checks, one
//! file each:
//!
//! - `inheritance`: the sequential part of reading (export mode, `#`/`##`, the board before);
//! - `tags`: tag values and the deal;
//! - `sections`: auction, play, notes and tables of a game, and a match's other table;
//! - `auction`: the auction's replay and the contract it reaches;
//! - `play`: the play's replay, trick by trick;
//! - `scoring`: the duplicate score and the Score tags;
//! - `export`: line rules and the export format's rules;
//! - `repeats`: warnings repeated across a file, reported once.

use std::borrow::Cow;
use std::collections::HashMap;

use cards_core::{Card, CardSet, Compass, Diagnostic, DiagnosticSink, Span, Suit};

use crate::codes;
use crate::model::{
    Auction, AuctionItem, Call, Contract, Deal, GameResult, Item, NO_INHERIT_TAGS, Play, PlayItem, Table,
    Tag, TokenKind, Tokens, Vulnerability,
};
use crate::parse;

mod auction;
mod export;
mod inheritance;
mod play;
pub(crate) mod repeats;
mod scoring;
mod sections;
mod tags;

#[allow(clippy::wildcard_imports)]
use auction::*;
#[allow(clippy::wildcard_imports)]
use export::*;
#[allow(clippy::wildcard_imports)]
use inheritance::*;
#[allow(clippy::wildcard_imports)]
use play::*;
#[allow(clippy::wildcard_imports)]
use scoring::*;
#[allow(clippy::wildcard_imports)]
use sections::*;
pub(crate) use sections::{NoteScope, NoteSections};
#[allow(clippy::wildcard_imports)]
use tags::*;

/// Reading options.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Options {
    /// Read the producers' conventions ([`codes::LENIENCIES`], each with a warning code of its own)
    /// as errors; every other warning stays a warning.
    pub strict: bool,
}

/// A tag value after inheritance.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ResolvedTag<'a> {
    /// The tag name (owned only for a `##` value carried from an earlier game).
    pub(crate) name: Cow<'a, str>,
    /// The value (`#` and `##` resolved, escapes resolved).
    pub(crate) value: Cow<'a, str>,
    /// The tag in this game, or `None` when the value comes from an earlier `##`.
    pub(crate) span: Option<Span>,
    /// Span of the value in this game (or of the whole game when inherited by `##`).
    pub value_span: Span,
}

/// A declarer and whether the `^` irregularity (declarer and dummy swapped) is marked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Declarer {
    /// The seat.
    pub seat: Compass,
    /// `^`.
    pub irregular: bool,
}

/// What a game says, typed.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GameInfo {
    /// Board tag value.
    pub board: Option<String>,
    /// Dealer.
    pub dealer: Option<Compass>,
    /// Vulnerability.
    pub vulnerable: Option<Vulnerability>,
    /// The deal.
    pub deal: Option<Deal>,
    /// Declarer.
    pub declarer: Option<Declarer>,
    /// Contract.
    pub contract: Option<Contract>,
    /// Result.
    pub result: Option<GameResult>,
    /// Auction section.
    pub auction: Option<Auction>,
    /// The contract and declarer the auction reached, when it ended.
    pub auction_outcome: Option<(Contract, Option<Compass>)>,
    /// Play section.
    pub play: Option<Play>,
    /// Tricks won by declarer in the play when all 13 tricks are known.
    pub tricks_by_play: Option<u8>,
    /// Tables, in order.
    pub tables: Vec<Table>,
    /// Notes `(index, text)` in order.
    pub notes: Vec<(u8, String)>,
    /// Duplicate score for North-South computed from contract, declarer, vulnerability and result.
    pub score_ns: Option<i64>,
}

/// One game as the writers and the JSON form take it ([`crate::Game`]'s view): its tokens, its
/// tags after inheritance and its typed values, every span an offset into the game's text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct View<'a> {
    /// The tokens.
    pub(crate) game: Tokens<'a>,
    /// Tag values after inheritance, first occurrence of each name (Note tags all kept).
    pub(crate) tags: Vec<ResolvedTag<'a>>,
    /// Typed values and sections.
    pub(crate) info: GameInfo,
    /// Whether the file declared `% EXPORT` at or before this game.
    pub(crate) export: bool,
}

impl View<'_> {
    /// The resolved value of a tag.
    pub(crate) fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|t| t.name == name).map(|t| t.value.as_ref())
    }
}

/// What a reader carries from one game to the next: inheritance, export mode, the board before
/// (for a match's other table). It owns its text, so the [`crate::Reader`] carries it across the
/// buffers it reads.
#[derive(Debug, Clone, Default)]
pub(crate) struct Carry {
    /// The latest value of each [`Known`] tag so far, which `#` repeats (every game sets most of
    /// them: a slot per name costs no hashing). Only the latest is kept, so the reader's memory
    /// does not grow with the number of games; each value's buffer is reused.
    latest_known: [Option<String>; Known::COUNT],
    /// The same for every other tag name (foldhash: seeded, and cheap on short names).
    latest: HashMap<Box<str>, String, foldhash::fast::RandomState>,
    sticky: Vec<(Box<str>, String)>,
    export: bool,
    eol_reported: bool,
    /// The board of the latest game that gave a deal, for the other table of a match.
    previous: Option<PreviousBoard>,
    /// Boards of the latest games that gave a Deal, not yet read (see [`Carry::read`]).
    pending: Vec<RawBoard>,
    /// How many of `pending` are in use (the others keep their buffers).
    pending_len: usize,
}

/// What the game of a match's other table takes from the game before it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct PreviousBoard {
    board: Option<String>,
    dealer: Option<Compass>,
    vulnerable: Option<Vulnerability>,
    deal: Deal,
}

fn err(code: &'static str, msg: impl Into<String>, span: Span) -> Diagnostic {
    Diagnostic::error(code, msg, span)
}

fn warn(code: &'static str, msg: impl Into<String>, span: Span) -> Diagnostic {
    Diagnostic::warning(code, msg, span)
}

/// What the checks of one game need from the games before it, found by [`Carry::read`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Context {
    /// Whether the file declared `% EXPORT` at or before this game.
    pub(crate) export: bool,
    /// The board of the latest game before it that gave a deal, when this game gives none of
    /// Board, Dealer, Vulnerable and Deal but has an auction or a play (a match's other table).
    pub(crate) previous: Option<PreviousBoard>,
    /// Whether this game holds the file's first bare line feed in export format (reported once).
    pub(crate) report_eol: bool,
    /// Where the first tag of each [`Known`] name stands in the game's resolved tags, found as
    /// [`Carry::read`] resolves them, so that the checks do not compare names again.
    pub(crate) known: KnownAt,
}

/// The checks of one game that need nothing from the games before it but `context`: tag values,
/// deal, sections (auction, play, result, score), line rules and export rules. Diagnostics are
/// appended to `diags` with spans in `src`; returns what the game says, typed.
pub(crate) fn check_game<'a>(
    src: &str,
    game: &Tokens<'a>,
    tags: &[ResolvedTag<'a>],
    long_lines: &[Span],
    context: &Context,
    diags: &mut dyn DiagnosticSink,
) -> GameInfo {
    let lookup = Tags { list: tags, at: context.known };
    let mut info = GameInfo::default();
    check_tags(&lookup, &mut info, diags);
    check_board(game, &lookup, context.previous.as_ref(), &mut info, diags);
    for span in long_lines {
        long_line(src, 0, span.start, span.end, diags);
    }
    // Only the game `Carry::read` chose reports the bare line feed.
    let mut eol_reported = !context.report_eol;
    check_lines(src, game, context.export, &mut eol_reported, diags);
    if context.export {
        check_export(game, &lookup, &info, diags);
    }
    info
}

/// The last steps of a game's diagnostics: the producers' conventions made errors under
/// `strict`, spans widened to character boundaries of `src` and moved by `offset` (from `src`
/// into the input).
pub(crate) fn finish_diagnostics(src: &str, offset: usize, diagnostics: &mut [Diagnostic], options: Options) {
    if options.strict {
        cards_core::diagnostic::make_strict(diagnostics, codes::LENIENCIES);
    }
    // Spans computed from byte offsets inside values may cut a character of a Latin-1 file:
    // widen them to character boundaries.
    for d in diagnostics.iter_mut() {
        let mut start = d.span().start.min(src.len());
        while !src.is_char_boundary(start) {
            start -= 1;
        }
        let mut end = d.span().end.clamp(start, src.len());
        while !src.is_char_boundary(end) {
            end += 1;
        }
        d.set_span(Span::new(start + offset, end + offset));
    }
    diagnostics.sort_by_key(|d| (d.span().start, d.span().end));
}

/// Where the count lines of repeated warnings go: the end of the last line of `span` in `text`
/// (its line break left out).
pub(crate) fn end_of_last_line(text: &str, span: Span) -> Span {
    let b = text.as_bytes();
    let mut end = span.end.min(b.len());
    while end > span.start && matches!(b.get(end - 1), Some(b'\r' | b'\n')) {
        end -= 1;
    }
    Span::at(end)
}

fn get<'t, 'a>(tags: &'t [ResolvedTag<'a>], name: &str) -> Option<&'t ResolvedTag<'a>> {
    tags.iter().find(|t| same(&t.name, name))
}

/// The tags the checks look up by name; the mandatory tag set comes first, in export order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Known {
    Event,
    Site,
    Date,
    Board,
    West,
    North,
    East,
    South,
    Dealer,
    Vulnerable,
    Deal,
    Scoring,
    Declarer,
    Contract,
    Result,
    Auction,
    Play,
    Score,
    ScoreRubberHistory,
}

impl Known {
    const COUNT: usize = 19;
    /// Every known tag of the mandatory tag set, in export order.
    const MANDATORY: [Known; 15] = [
        Known::Event,
        Known::Site,
        Known::Date,
        Known::Board,
        Known::West,
        Known::North,
        Known::East,
        Known::South,
        Known::Dealer,
        Known::Vulnerable,
        Known::Deal,
        Known::Scoring,
        Known::Declarer,
        Known::Contract,
        Known::Result,
    ];

    fn of(name: &str) -> Option<Known> {
        Some(match name {
            "Event" => Known::Event,
            "Site" => Known::Site,
            "Date" => Known::Date,
            "Board" => Known::Board,
            "West" => Known::West,
            "North" => Known::North,
            "East" => Known::East,
            "South" => Known::South,
            "Dealer" => Known::Dealer,
            "Vulnerable" => Known::Vulnerable,
            "Deal" => Known::Deal,
            "Scoring" => Known::Scoring,
            "Declarer" => Known::Declarer,
            "Contract" => Known::Contract,
            "Result" => Known::Result,
            "Auction" => Known::Auction,
            "Play" => Known::Play,
            "Score" => Known::Score,
            "ScoreRubberHistory" => Known::ScoreRubberHistory,
            _ => return None,
        })
    }

    /// The tag name.
    const fn name(self) -> &'static str {
        match self {
            Known::Event => "Event",
            Known::Site => "Site",
            Known::Date => "Date",
            Known::Board => "Board",
            Known::West => "West",
            Known::North => "North",
            Known::East => "East",
            Known::South => "South",
            Known::Dealer => "Dealer",
            Known::Vulnerable => "Vulnerable",
            Known::Deal => "Deal",
            Known::Scoring => "Scoring",
            Known::Declarer => "Declarer",
            Known::Contract => "Contract",
            Known::Result => "Result",
            Known::Auction => "Auction",
            Known::Play => "Play",
            Known::Score => "Score",
            Known::ScoreRubberHistory => "ScoreRubberHistory",
        }
    }
}

/// Index of the first tag of each [`Known`] name in a game's resolved tags; `u32::MAX` when the
/// tag is not given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct KnownAt([u32; Known::COUNT]);

impl Default for KnownAt {
    fn default() -> KnownAt {
        KnownAt([u32::MAX; Known::COUNT])
    }
}

impl KnownAt {
    /// Records that the tag at `index` is named `name`, unless a tag of that name came before.
    fn note(&mut self, name: &str, index: usize) {
        self.note_known(Known::of(name), index);
    }

    /// [`KnownAt::note`] with the name already looked up.
    fn note_known(&mut self, known: Option<Known>, index: usize) {
        if let Some(slot) = known.and_then(|k| self.0.get_mut(k as usize))
            && *slot == u32::MAX
        {
            *slot = u32::try_from(index).unwrap_or(u32::MAX);
        }
    }
}

/// The resolved tags of a game, with where the first tag of each [`Known`] name stands, so that
/// the checks look tags up without comparing names.
struct Tags<'t, 'a> {
    list: &'t [ResolvedTag<'a>],
    at: KnownAt,
}

impl<'t, 'a> Tags<'t, 'a> {
    /// The first tag named `name`.
    fn get(&self, name: Known) -> Option<&'t ResolvedTag<'a>> {
        let i = *self.at.0.get(name as usize)?;
        self.list.get(usize::try_from(i).ok()?)
    }
}

#[cfg(test)]
mod tests {
    use super::repeats::shape_hash;
    use super::*;
    use crate::Record;

    fn read_str(text: &str, options: Options) -> Vec<Record> {
        cards_core::notation::read_checked::<crate::Pbn, _>(text.as_bytes(), options)
            .collect::<std::io::Result<_>>()
            .unwrap()
    }

    fn one(text: &str) -> Record {
        read_str(text, Options::default()).into_iter().next().unwrap()
    }

    /// PBN 2.1 §3.4.11: a deal gives four hands, `-` for a hand not given. Fewer fields are read
    /// as hands not given, with a warning.
    #[test]
    fn fewer_than_four_hands_is_a_warning() {
        let deal_codes = |deal: &str| {
            let text = format!("[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"{deal}\"]\n");
            let r = one(&text);
            assert!(!r.has_errors(), "{deal}: {:?}", r.diagnostics);
            r.diagnostics.iter().map(|d| d.code().to_string()).collect::<Vec<_>>()
        };
        assert_eq!(deal_codes("N:"), [codes::DEAL_EMPTY_HAND]);
        assert_eq!(deal_codes("N:AKQJ.AKQ.AKQ.AKQ"), [codes::DEAL_EMPTY_HAND]);
        assert_eq!(deal_codes("N:- - -"), [codes::DEAL_EMPTY_HAND]);
        assert!(deal_codes("N:AKQJ.AKQ.AKQ.AKQ - - -").is_empty());
        assert!(deal_codes("N:- - - -").is_empty());
    }

    /// A double of one's own side's bid is cancelled (law 36): it cannot be redoubled, by either
    /// side. PBN allowed the bidder's side to redouble it before the auction replay moved to
    /// bridge-core (LIN allowed the other side); both notations now report both redoubles.
    #[test]
    fn a_redouble_of_an_inadmissible_double_is_reported() {
        let auction_codes = |calls: &str| {
            let text = format!("[Board \"1\"]\n[Dealer \"N\"]\n[Auction \"N\"]\n{calls}\n");
            let r = one(&text);
            r.diagnostics.iter().map(|d| (d.code().to_string(), d.message().to_string())).collect::<Vec<_>>()
        };
        let double =
            (codes::AUCTION_ILLEGAL_DOUBLE.to_string(), "a double that is not allowed here".to_string());
        let redouble =
            (codes::AUCTION_ILLEGAL_DOUBLE.to_string(), "a redouble that is not allowed here".to_string());
        // North bids, South doubles its partner's bid, North redoubles: the redouble was allowed.
        assert_eq!(auction_codes("1S Pass X Pass XX Pass Pass Pass"), [double.clone(), redouble.clone()]);
        assert_eq!(auction_codes("1S Pass X XX Pass Pass Pass"), [double, redouble]);
        // A redouble of the opponents' double stands.
        assert!(auction_codes("1S X XX Pass Pass Pass").is_empty());
    }

    /// The spec author's rubber score forms are valid, blanks around `/` included.
    #[test]
    fn rubber_score_forms() {
        for value in ["EW 300/40 NS 50 / 70", "NS 50/70", "120/0"] {
            let text = format!("[ScoreRubber \"{value}\"]\n");
            let r = one(&text);
            assert!(r.diagnostics.is_empty(), "{value}: {:?}", r.diagnostics);
        }
        assert!(one("[ScoreRubber \"NS 50 / x\"]\n").has_errors());
    }

    /// Warnings have one shape when only the digits and the letters inside back-quotes differ.
    #[test]
    fn warning_shapes() {
        let date = |v: &str| shape_hash(codes::BAD_DATE, &format!("date `{v}` is not YYYY.MM.DD"));
        assert_eq!(date("2-Aug-2023"), date("14-Sep-2024"));
        assert_ne!(date("2-Aug-2023"), date("2023-08-02"));
        assert_ne!(shape_hash(codes::BAD_DATE, "x"), shape_hash(codes::BAD_BOARD, "x"));
        let shape = |m: &str| shape_hash(codes::BAD_BOARD, m);
        // Outside back-quotes only digits fold; letters and other text count as written.
        assert_eq!(shape("board 3 of 7"), shape("board 17 of 200"));
        assert_ne!(shape("card x"), shape("card y"));
        assert_ne!(shape("card ♠"), shape("card ♥"));
        // Inside them letters fold too, beyond ASCII, and the order of the runs counts.
        assert_eq!(shape("`Café` at 3"), shape("`Cafe` at 4"));
        assert_eq!(shape("`2a`"), shape("`22bb`"));
        assert_ne!(shape("`2a`"), shape("`a2`"));
        assert_ne!(shape("`♠A`"), shape("`♥A`"));
        assert_ne!(shape("`a` b"), shape("`a b`"));
        // The order of the runs counts (separate writes to one hasher can commute), also past
        // the hash's chunk of 128 bytes.
        assert_ne!(shape("♠1"), shape("1♠"));
        let long = |a: &str, b: &str| shape(&format!("{}`{a}`{b}", "x".repeat(126)));
        assert_eq!(long("Aug", "3"), long("Sep", "17"));
        assert_ne!(long("Aug", "3"), long("3", "Aug"));
    }

    /// A rule broken the same way in every game is reported once, with the count at the end, also
    /// under strict (a bad date is no producer's convention); a convention is an error in every
    /// game under strict.
    #[test]
    fn repeated_warnings_are_counted_once_per_file() {
        let game = |n: u32| format!("[Board \"{n}\"]\n[Date \"{n}-Aug-2023\"]\n\n");
        let text: String = (1..=5).map(game).collect();
        let lenient: Vec<_> = read_str(&text, Options::default());
        let counts: Vec<usize> = lenient.iter().map(|r| r.diagnostics.len()).collect();
        assert_eq!(counts, [1, 0, 0, 0, 1]);
        assert!(lenient[4].diagnostics[0].message().starts_with("the same in 4 more games"));
        let strict: Vec<_> = read_str(&text, Options { strict: true });
        assert_eq!(strict, lenient);
        let game = |n: u32| format!("[Board \"{n}\"]\n[Contract \"3N\"]\n\n");
        let text: String = (1..=3).map(game).collect();
        let lenient: Vec<_> = read_str(&text, Options::default());
        assert_eq!(lenient.iter().map(|r| r.diagnostics.len()).collect::<Vec<_>>(), [1, 0, 1]);
        assert!(!lenient.iter().any(Record::has_errors));
        let strict: Vec<_> = read_str(&text, Options { strict: true });
        assert!(strict.iter().all(|r| r.diagnostics.iter().filter(|d| d.is_error()).count() == 1
            && r.diagnostics.iter().all(|d| d.code() == codes::NOTRUMP_AS_N)));
    }

    /// The PBN verifier's own correct file (`correct_10.pbn`) writes percentages with an empty
    /// fraction; a number needs digits before the point.
    #[test]
    fn decimals_with_an_empty_fraction() {
        for value in ["0.", "100.", "100.0", "0.1000", "EW 50. NS 50.0", "-2.5"] {
            let text = format!("[ScorePercentage \"{value}\"]\n");
            let r = one(&text);
            assert!(r.diagnostics.is_empty(), "{value}: {:?}", r.diagnostics);
        }
        for value in [".5", "5..", "x.", "."] {
            let text = format!("[ScorePercentage \"{value}\"]\n");
            let r = one(&text);
            assert!(r.diagnostics.iter().any(|d| d.code() == codes::BAD_SCORE), "{value}");
        }
    }

    /// A deal whose hidden hands are `-` still has 13 tricks: six tricks shown in full are not
    /// the whole play (the verifier's correct file: Result 9 after six tricks and a claim).
    #[test]
    fn hidden_hands_leave_thirteen_tricks() {
        let text = "[Deal \"W:- .63.AKQ987.A9732 - J973.J98742.3.K4\"]\n[Declarer \"S\"]\n[Contract \"5HX\"]\n\
                    [Result \"9\"]\n[Play \"W\"]\nSK H3 S4 S3\nC5 C2 C6 CK\nS2 H6 S5 S7\nC8 CA CT C4\n\
                    D2 DA DT D3\nD4 DK H5 H7\n- - - H2\n*\n";
        let r = one(text);
        assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
        assert_eq!(r.model.info.tricks_by_play, None);
    }

    /// A teaching file's partial deal (`...` a hand not shown, `...K` one card of a hand shown)
    /// reads with a warning, and the opening lead from the hand shown in part is not checked
    /// against it; a short hand beside four given hands stays an error.
    #[test]
    fn partial_deals() {
        let text = "[Deal \"N:Q.J753.AK52.7642 ... A95.QT986.Q3.A83 ...K\"]\n[Declarer \"S\"]\n\
                    [Contract \"4H\"]\n[Play \"W\"]\nCQ\n*\n";
        let r = one(text);
        let found: Vec<&str> = r.diagnostics.iter().map(Diagnostic::code).collect();
        assert_eq!(found, [codes::DEAL_PARTIAL]);
        let strict = read_str(text, Options { strict: true }).into_iter().next().unwrap();
        assert!(strict.has_errors());
        let r = one("[Deal \"N:Q.J753.AK52.7642 K... A95.QT986.Q3.A83 JT87.AK4.JT9.KQJ\"]\n");
        assert!(r.diagnostics.iter().any(|d| d.code() == codes::DEAL_HAND_SIZE), "{:?}", r.diagnostics);
    }

    #[test]
    fn auction_outcome_and_declarer() {
        let r = one("[Dealer \"E\"]\n[Auction \"E\"]\n1H Pass 2C Pass\n2H Pass 4H X\nPass Pass XX AP\n");
        assert!(!r.has_errors(), "{:?}", r.diagnostics);
        let (contract, declarer) = r.model.info.auction_outcome.unwrap();
        assert_eq!(contract.export(), "4HXX");
        assert_eq!(declarer, Some(Compass::East));
    }

    #[test]
    fn inheritance() {
        let text =
            "[Event \"##Club\"]\n[Site \"Here\"]\n\n[Site \"#\"]\n\n[Event \"Other\"]\n\n[Board \"4\"]\n";
        let records: Vec<_> = read_str(text, Options::default());
        assert_eq!(records[1].model.tag("Event"), Some("Club"));
        assert_eq!(records[1].model.tag("Site"), Some("Here"));
        assert_eq!(records[2].model.tag("Event"), Some("Other"));
        assert_eq!(records[3].model.tag("Event"), Some("Other"));
        assert_eq!(records[3].model.tag("Site"), None);
    }

    /// `#` repeats the latest value of the tag in any game before, not only the one just before,
    /// for the tags the checks know (kept by name) and any other tag alike; a value set empty
    /// is repeated empty.
    #[test]
    fn inheritance_takes_the_latest_value_of_any_game_before() {
        let text = "[Site \"Here\"]\n[Room \"Open\"]\n\n[Board \"1\"]\n\n[Site \"#\"]\n[Room \"#\"]\n\n\
                    [Site \"\"]\n[Room \"\"]\n\n[Site \"#\"]\n[Room \"#\"]\n[Date \"#\"]\n";
        let records: Vec<_> = read_str(text, Options::default());
        assert_eq!(records[2].model.tag("Site"), Some("Here"));
        assert_eq!(records[2].model.tag("Room"), Some("Open"));
        assert_eq!(records[4].model.tag("Site"), Some(""));
        assert_eq!(records[4].model.tag("Room"), Some(""));
        assert_eq!(records[4].model.tag("Date"), Some(""));
    }

    /// Notes explain the section they follow; a repeated tag the reader ignores ends no section,
    /// so a note given twice after it is a duplicate, as in the file written back without the
    /// repeat (fuzz finding F28 in `fuzz/FINDINGS.md`).
    #[test]
    fn an_ignored_repeat_ends_no_section_of_notes() {
        let auction = "[Dealer \"N\"]\n[Auction \"N\"]\n1H =1= Pass Pass Pass\n[Note \"1: hearts\"]\n";
        let text = format!("{auction}[Dealer \"N\"]\n[Note \"1: again\"]\n");
        let repeated = one(&text);
        assert!(
            repeated.diagnostics.iter().any(|d| d.code() == codes::NOTE_DUPLICATE),
            "{:?}",
            repeated.diagnostics
        );
        let text = format!("{auction}[Event \"x\"]\n[Note \"1: of the event\"]\n");
        let other = one(&text);
        assert!(
            !other.diagnostics.iter().any(|d| d.code() == codes::NOTE_DUPLICATE),
            "{:?}",
            other.diagnostics
        );
    }

    /// A match's other table takes the board of the latest game before it whose Deal reads: a
    /// game whose Deal does not read is passed over, however many boards wait to be read.
    #[test]
    fn other_table_takes_the_latest_board_that_reads() {
        const DEAL: &str = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432";
        for bad_ones in [1, MAX_PENDING_BOARDS, MAX_PENDING_BOARDS + 3] {
            let mut text = format!("[Board \"7\"]\n[Dealer \"E\"]\n[Deal \"{DEAL}\"]\n\n");
            for _ in 0..bad_ones {
                text.push_str("[Board \"8\"]\n[Deal \"N:AKQ\"]\n\n");
            }
            text.push_str("[Auction \"E\"]\nPass Pass Pass Pass\n");
            let records: Vec<_> = read_str(&text, Options::default());
            let last = records.last().map(|r| (r.model.info.board.as_deref(), r.model.info.dealer));
            assert_eq!(last, Some((Some("7"), Some(Compass::East))), "{bad_ones}");
            assert!(
                records.last().is_some_and(|r| r.diagnostics.iter().any(|d| d.code() == codes::OTHER_TABLE))
            );
        }
    }

    #[test]
    fn known_tags() {
        let names: Vec<&str> = Known::MANDATORY.iter().map(|k| k.name()).collect();
        assert_eq!(names, crate::model::MANDATORY_TAGS);
        for k in Known::MANDATORY.iter().chain(&[
            Known::Auction,
            Known::Play,
            Known::Score,
            Known::ScoreRubberHistory,
        ]) {
            assert_eq!(Known::of(k.name()), Some(*k));
            assert!((*k as usize) < Known::COUNT);
        }
        assert_eq!(Known::ScoreRubberHistory as usize, Known::COUNT - 1);
        assert_eq!(mandatory_rank("Result"), Some(14));
        assert_eq!(mandatory_rank("Play"), None);
    }

    #[test]
    fn rubber_history() {
        assert_eq!(rubber_vulnerability("NS 0 0 / 0 EW 0 0 / 0"), Some(Vulnerability::None));
        assert_eq!(rubber_vulnerability("NS 0 0 / 100 0 EW 0 0 / 0 0"), Some(Vulnerability::NorthSouth));
        assert_eq!(rubber_vulnerability("NS 0 0 / 100 0 0 EW 0 0 / 0 100 0"), Some(Vulnerability::Both));
        assert_eq!(rubber_vulnerability("NS x"), None);
    }

    #[test]
    fn robustness_findings() {
        // F2: a Latin-1 character inside a bad hand: spans stay on character boundaries.
        let bytes = b"[Board \"1\"]\n[Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.J\xffT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\n";
        let text = crate::decode(bytes).text;
        let r = one(&text);
        assert!(r.has_errors());
        for d in &r.diagnostics {
            assert!(text.is_char_boundary(d.span().start) && text.is_char_boundary(d.span().end), "{d:?}");
        }
        // F3: `</PBN>` after section data stays where it stood, and the import writer is a fixed point.
        let text = "<PBN>\n[Board \"5\"]\n[Auction \"N\"]\nAP\n</PBN>\n";
        let records: Vec<_> = read_str(text, Options::default());
        let once = crate::write::write_import(records.iter().map(|r| &r.model), "\n");
        assert_eq!(once, text);
        // F6: a score beyond 64 bits is reported.
        let r = one("[Score \"NS 340282366920938463463374607431768211457\"]\n");
        assert!(r.diagnostics.iter().any(|d| d.code() == codes::BAD_SCORE));
    }
}
