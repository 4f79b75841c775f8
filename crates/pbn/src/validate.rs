//! The streaming reader and every check: tag values, inheritance, deal, auction replay, play
//! replay, notes, tables, scores and export rules.

use std::borrow::Cow;
use std::collections::HashMap;

use cards_core::{Card, CardSet, Compass, Diagnostic, Span, Suit};

use crate::error::codes;
use crate::model::{
    Auction, AuctionItem, Call, Contract, Deal, Denomination, Game, GameResult, Item, NO_INHERIT_TAGS, Play,
    PlayItem, Risk, Table, Tag, TokenKind, Vulnerability,
};
use crate::parse::{self, RawGame, Splitter};

/// Reading options.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Options {
    /// Read the producers' conventions ([`codes::LENIENCIES`], each with a warning code of its own)
    /// as errors; every other warning stays a warning.
    pub strict: bool,
}

/// A tag value after inheritance.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResolvedTag<'a> {
    /// The tag name (owned only for a `##` value carried from an earlier game).
    pub name: Cow<'a, str>,
    /// The value (`#` and `##` resolved, escapes resolved).
    pub value: Cow<'a, str>,
    /// The tag in this game, or `None` when the value comes from an earlier `##`.
    pub span: Option<Span>,
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

/// One game read and checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record<'a> {
    /// The tokens.
    pub game: Game<'a>,
    /// Tag values after inheritance, first occurrence of each name (Note tags all kept).
    pub tags: Vec<ResolvedTag<'a>>,
    /// Typed values and sections.
    pub info: GameInfo,
    /// Problems, errors and warnings, in source order.
    pub diagnostics: Vec<Diagnostic>,
    /// Whether the file declared `% EXPORT` at or before this game.
    pub export: bool,
}

impl Record<'_> {
    /// The resolved value of a tag.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|t| t.name == name).map(|t| t.value.as_ref())
    }

    /// Whether the record holds at least one tag (a file header of `%` lines alone is not a game).
    #[must_use]
    pub fn is_game(&self) -> bool {
        self.game.items.iter().any(|i| matches!(i, Item::Tag(_)))
    }

    /// Whether any diagnostic is an error.
    #[must_use]
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }
}

/// Streaming reader over decoded text: one [`Record`] per game, inheritance carried along.
///
/// A warning broken the same way in later games of the file (dates as `2-Aug-2023` in every game)
/// is reported in the game where it first occurs, and the last record of the file carries one
/// warning with the number of later games that repeat it (a convention that [`Options::strict`]
/// makes an error is reported in every game). The reader splits one game ahead to know which record is the last.
#[derive(Debug, Clone)]
pub struct Reader<'a> {
    src: &'a str,
    splitter: Splitter<'a>,
    options: Options,
    /// What is carried from game to game.
    carry: Carry,
    /// The next game, split but not yet checked.
    ahead: Option<RawGame<'a>>,
}

/// What a reader carries from one game to the next: inheritance, export mode, the board before
/// (for a match's other table) and the warnings repeated across games. It owns its text, so the
/// streaming [`crate::stream::Reader`] carries it across the buffers it reads.
#[derive(Debug, Clone, Default)]
pub(crate) struct Carry {
    /// The latest value of each tag name so far, which `#` repeats. Only the latest is kept, so
    /// the reader's memory does not grow with the number of games (foldhash: seeded, and cheap
    /// on short names, since every tag is recorded); each value's buffer is reused.
    latest: HashMap<Box<str>, String, foldhash::fast::RandomState>,
    sticky: Vec<(Box<str>, String)>,
    export: bool,
    eol_reported: bool,
    /// The board of the latest game that gave a deal, for the other table of a match.
    previous: Option<PreviousBoard>,
    /// Warnings repeated across games.
    repeats: Repeats,
    /// When the strict reading is wanted too (from the same pass): its own repeated warnings, and
    /// the last game's strict diagnostics.
    pub(crate) strict_too: Option<(Repeats, Vec<Diagnostic>)>,
}

/// What the game of a match's other table takes from the game before it.
#[derive(Debug, Clone)]
struct PreviousBoard {
    board: Option<String>,
    dealer: Option<Compass>,
    vulnerable: Option<Vulnerability>,
    deal: Deal,
}

impl<'a> Reader<'a> {
    /// A reader over the decoded text of a whole file.
    #[must_use]
    pub fn new(src: &'a str, options: Options) -> Reader<'a> {
        Reader { src, splitter: Splitter::new(src), options, carry: Carry::default(), ahead: None }
    }
}

impl<'a> Iterator for Reader<'a> {
    type Item = Record<'a>;

    fn next(&mut self) -> Option<Record<'a>> {
        let raw = self.ahead.take().or_else(|| self.splitter.next())?;
        let mut record = self.carry.check(self.src, 0, raw, self.options);
        // One game ahead, to know which record is the last one of the file.
        self.ahead = self.splitter.next();
        if self.ahead.is_none() {
            let at = end_of_last_line(self.src, record.game.span);
            self.carry.summarize_repeats(&mut record.diagnostics, at);
        }
        Some(record)
    }
}

/// Warnings that repeat across the games of a file: a rule broken the same way in every game
/// (dates as `2-Aug-2023`, lower-case cards in an export file) is reported where it first occurs,
/// and the other games that break it the same way are counted in one warning at the end of the
/// file instead of being reported one by one. "The same way" is the same code and the same
/// message once every run of digits and every run of letters inside back-quotes is reduced to its
/// kind. Errors (and so, under `strict`, the producers' conventions) are always reported in their game.
#[derive(Debug, Clone, Default)]
pub(crate) struct Repeats {
    /// By shape: the first occurrence and how many later ones were held back.
    seen: HashMap<u64, Repeat, foldhash::fast::RandomState>,
    /// Shapes in the order they first occurred (the summary follows it).
    order: Vec<u64>,
    /// The number of the game being filtered (repeats inside the game that first showed a shape
    /// are all reported).
    game: usize,
}

/// A warning's first occurrence and the later games that repeated it.
#[derive(Debug, Clone)]
struct Repeat {
    first: Diagnostic,
    first_game: usize,
    last_game: usize,
    /// Later games that repeated it.
    games: usize,
}

/// At most this many distinct shapes are remembered per file (memory stays bounded).
const MAX_REPEAT_SHAPES: usize = 256;

impl Repeats {
    fn filter(&mut self, diags: &mut Vec<Diagnostic>) {
        self.game += 1;
        let game = self.game;
        diags.retain(|d| {
            if d.is_error() {
                return true;
            }
            let key = shape_hash(d.code(), d.message());
            if let Some(repeat) = self.seen.get_mut(&key) {
                if repeat.first_game == game {
                    return true;
                }
                // Games are counted, not occurrences.
                if repeat.last_game != game {
                    repeat.games += 1;
                    repeat.last_game = game;
                }
                return false;
            }
            if self.order.len() < MAX_REPEAT_SHAPES {
                self.order.push(key);
                self.seen
                    .insert(key, Repeat { first: d.clone(), first_game: game, last_game: game, games: 0 });
            }
            true
        });
    }

    /// Appends the count lines, each at `at` (the end of the file's last game: a reader that
    /// streams cannot point back at the first occurrence, which was reported where it stood).
    fn summarize(&mut self, diags: &mut Vec<Diagnostic>, at: Span) {
        for key in &self.order {
            let Some(Repeat { first, games: count, .. }) = self.seen.get(key) else { continue };
            if *count == 0 {
                continue;
            }
            let games = if *count == 1 { "1 more game".to_owned() } else { format!("{count} more games") };
            let message = format!("the same in {games} of this file (reported once): {}", first.message());
            let mut d = Diagnostic::warning(first.code(), message, at).with_severity(first.severity());
            if let Some(help) = first.help() {
                d = d.with_help(help);
            }
            diags.push(d);
        }
        self.order.clear();
        self.seen.clear();
    }
}

/// A hash of a warning's code and the shape of its message: inside back-quotes each run of
/// digits counts as `9` and each run of letters as `a` (`2-Aug-2023` and `14-Sep-2024` have one
/// shape); elsewhere each run of digits counts as `9`. Computed without allocating.
fn shape_hash(code: &str, message: &str) -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = foldhash::fast::FixedState::with_seed(0x5eed).build_hasher();
    h.write(code.as_bytes());
    h.write_u8(0xff);
    let mut quoted = false;
    let mut last = None;
    for c in message.chars() {
        let kind = if c.is_ascii_digit() {
            Some('9')
        } else if quoted && c.is_alphabetic() {
            Some('a')
        } else {
            None
        };
        match kind {
            Some(k) if last == Some(k) => continue,
            Some(k) => h.write_u32(u32::from(k)),
            None => {
                if c == '`' {
                    quoted = !quoted;
                }
                h.write_u32(u32::from(c));
            }
        }
        last = kind;
    }
    h.finish()
}

/// A cheap hash of a tag name (length, first and last byte), for duplicate detection.
fn name_hash(name: &str) -> u32 {
    let b = name.as_bytes();
    let first = b.first().map_or(0, |&c| u32::from(c));
    let last = b.last().map_or(0, |&c| u32::from(c));
    (b.len() as u32).wrapping_mul(7) ^ first.wrapping_mul(3) ^ last
}

fn err(code: &'static str, msg: impl Into<String>, span: Span) -> Diagnostic {
    Diagnostic::error(code, msg, span)
}

fn warn(code: &'static str, msg: impl Into<String>, span: Span) -> Diagnostic {
    Diagnostic::warning(code, msg, span)
}

impl Carry {
    /// Reads one game of `src` (tag checks, inheritance, sections, scores, export rules); under
    /// `!options.strict` warnings already reported in an earlier game are held back. `src` starts
    /// at `offset` in the input: diagnostic spans are shifted by it (the record's own spans are not).
    pub(crate) fn check<'a>(
        &mut self,
        src: &'a str,
        offset: usize,
        raw: RawGame<'a>,
        options: Options,
    ) -> Record<'a> {
        let RawGame { game, mut diagnostics, long_lines } = raw;
        for item in &game.items {
            if let Item::Line(l) = item
                && l.is_export()
            {
                self.export = true;
            }
        }
        let tags = self.resolve(&game, &mut diagnostics);
        let lookup = Tags::new(&tags);
        let mut info = GameInfo::default();
        check_tags(&lookup, &mut info, &mut diagnostics);
        self.check_board(&game, &lookup, &mut info, &mut diagnostics);
        for span in long_lines {
            long_line(src, 0, span.start, span.end, &mut diagnostics);
        }
        check_lines(src, &game, self.export, &mut self.eol_reported, &mut diagnostics);
        if self.export {
            check_export(&game, &lookup, &info, &self.sticky, &mut diagnostics);
        }
        if options.strict {
            cards_core::diagnostic::make_strict(&mut diagnostics, codes::LENIENCIES);
        }
        // Spans computed from byte offsets inside values may cut a character of a Latin-1 file:
        // widen them to character boundaries.
        for d in &mut diagnostics {
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
        if let Some((repeats, strict)) = &mut self.strict_too {
            strict.clone_from(&diagnostics);
            cards_core::diagnostic::make_strict(strict, codes::LENIENCIES);
            repeats.filter(strict);
        }
        self.repeats.filter(&mut diagnostics);
        Record { game, tags, info, diagnostics, export: self.export }
    }

    /// Adds to the last record of a file one warning per repeated warning, with its count.
    pub(crate) fn summarize_repeats(&mut self, diags: &mut Vec<Diagnostic>, at: Span) {
        self.repeats.summarize(diags, at);
    }

    /// [`Carry::summarize_repeats`] for the strict reading kept beside (see `strict_too`).
    pub(crate) fn summarize_strict_repeats(&mut self, diags: &mut Vec<Diagnostic>, at: Span) {
        if let Some((repeats, _)) = &mut self.strict_too {
            repeats.summarize(diags, at);
        }
    }

    /// Checks the sections. A game that gives no Board, Dealer, Vulnerable or Deal but has an
    /// auction or a play, after a game that gave a deal, is read as the same board played at the
    /// other table of a match (the championship archive's layout) when its play then fits the
    /// hands (or it has no play) and its auction makes no new error; a warning says so.
    fn check_board<'a>(
        &mut self,
        game: &Game<'a>,
        tags: &Tags<'_, 'a>,
        info: &mut GameInfo,
        diags: &mut Vec<Diagnostic>,
    ) {
        let no_board = [Known::Board, Known::Dealer, Known::Vulnerable, Known::Deal]
            .iter()
            .all(|&k| tags.get(k).is_none());
        let has_sections = tags.get(Known::Auction).is_some() || tags.get(Known::Play).is_some();
        if no_board
            && has_sections
            && let Some(prev) = self.previous.clone()
        {
            let mut other = info.clone();
            other.board = prev.board.clone();
            other.dealer = prev.dealer;
            other.vulnerable = prev.vulnerable;
            other.deal = Some(prev.deal);
            let mut tmp = Vec::new();
            check_sections(game, tags, &mut other, &mut tmp);
            let misfit = tmp.iter().any(|d| {
                misplaced_card(d)
                    || d.code() == codes::PLAY_CARD_TWICE
                    || d.code() == codes::DECLARER_MISMATCH
                    || d.code() == codes::AUCTION_NOT_DEALER
            });
            if !misfit {
                let first_tag =
                    game.items.iter().find_map(|i| if let Item::Tag(t) = i { Some(t.span) } else { None });
                let board = prev.board.as_deref().unwrap_or("?");
                diags.push(
                    warn(
                        codes::OTHER_TABLE,
                        format!("no Board, Dealer, Vulnerable or Deal: read as board {board} of the game before, played at the other table"),
                        first_tag.unwrap_or(Span::at(game.span.start)),
                    )
                    .with_help("PBN repeats the board's tags in every game (or inherits them with `#`)"),
                );
                diags.append(&mut tmp);
                *info = other;
                return;
            }
        }
        check_sections(game, tags, info, diags);
        if let Some(deal) = info.deal
            && tags.get(Known::Deal).is_some()
        {
            // Reuses the board's buffer from game to game.
            let previous = self.previous.get_or_insert(PreviousBoard {
                board: None,
                dealer: None,
                vulnerable: None,
                deal,
            });
            previous.board.clone_from(&info.board);
            previous.dealer = info.dealer;
            previous.vulnerable = info.vulnerable;
            previous.deal = deal;
        }
    }

    /// Resolves `#` and `##`, reports duplicates and forbidden inheritance.
    fn resolve<'a>(&mut self, game: &Game<'a>, diags: &mut Vec<Diagnostic>) -> Vec<ResolvedTag<'a>> {
        let mut out: Vec<ResolvedTag<'a>> = Vec::with_capacity(24);
        // One bit per name hash of the tags in `out`: a clear bit means no tag of that name yet.
        let mut seen = 0u64;
        for item in &game.items {
            let Item::Tag(tag) = item else { continue };
            let bit = 1u64 << (name_hash(tag.name) % 64);
            if !tag.name.as_bytes().first().is_some_and(u8::is_ascii_uppercase) {
                diags.push(warn(
                    codes::TAG_NAME_CASE,
                    format!("tag name `{}` does not start with an upper-case letter", tag.name),
                    tag.name_span,
                ));
            }
            let dup = seen & bit != 0 && out.iter().any(|t| same(&t.name, tag.name));
            if tag.name != "Note" && dup {
                diags.push(warn(
                    codes::DUPLICATE_TAG,
                    format!("`{}` is given again in this game; the repeat is ignored", tag.name),
                    tag.span,
                ));
                continue;
            }
            let raw = tag.value();
            let value: Cow<'a, str> = if raw == "#" || raw.starts_with("##") {
                if NO_INHERIT_TAGS.contains(&tag.name) {
                    diags.push(err(
                        codes::INHERIT_FORBIDDEN,
                        format!("`{}` may not inherit its value with `#` or `##`", tag.name),
                        tag.value_span,
                    ));
                }
                if raw == "#" {
                    self.latest
                        .get(tag.name)
                        .or_else(|| self.sticky.iter().find(|(n, _)| &**n == tag.name).map(|(_, v)| v))
                        .map_or(Cow::Borrowed(""), |v| Cow::Owned(v.clone()))
                } else {
                    let v: Cow<'a, str> = match raw {
                        Cow::Borrowed(s) => Cow::Borrowed(s.get(2..).unwrap_or("")),
                        Cow::Owned(s) => Cow::Owned(s.get(2..).unwrap_or("").to_owned()),
                    };
                    match self.sticky.iter_mut().find(|(n, _)| &**n == tag.name) {
                        Some(slot) => replace_text(&mut slot.1, &v),
                        None => self.sticky.push((tag.name.into(), v.clone().into_owned())),
                    }
                    v
                }
            } else {
                if let Some(slot) = self.sticky.iter_mut().find(|(n, _)| &**n == tag.name) {
                    replace_text(&mut slot.1, &raw);
                }
                raw
            };
            if tag.name != "Note" {
                match self.latest.get_mut(tag.name) {
                    Some(slot) => replace_text(slot, &value),
                    None => {
                        self.latest.insert(tag.name.into(), value.clone().into_owned());
                    }
                }
            }
            out.push(ResolvedTag {
                name: Cow::Borrowed(tag.name),
                value,
                span: Some(tag.span),
                value_span: tag.value_span,
            });
            seen |= bit;
        }
        for (name, value) in &self.sticky {
            if !out.iter().any(|t| *t.name == **name) {
                out.push(ResolvedTag {
                    name: Cow::Owned(name.to_string()),
                    value: Cow::Owned(value.clone()),
                    span: None,
                    value_span: Span::at(game.span.start),
                });
            }
        }
        out
    }
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

/// Overwrites `slot` with `text`, reusing its buffer.
fn replace_text(slot: &mut String, text: &str) {
    slot.clear();
    slot.push_str(text);
}

/// String equality that rejects most different tag names without calling `memcmp`.
fn same(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.as_bytes().last() == b.as_bytes().last()
        && a.as_bytes().first() == b.as_bytes().first()
        && a == b
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

/// The resolved tags of a game, with where the first tag of each [`Known`] name stands, so that
/// the checks look tags up without comparing names.
struct Tags<'t, 'a> {
    list: &'t [ResolvedTag<'a>],
    /// Index into `list` by [`Known`]; `usize::MAX` when the tag is not given.
    at: [usize; Known::COUNT],
}

impl<'t, 'a> Tags<'t, 'a> {
    fn new(list: &'t [ResolvedTag<'a>]) -> Tags<'t, 'a> {
        let mut at = [usize::MAX; Known::COUNT];
        for (i, t) in list.iter().enumerate() {
            if let Some(slot) = Known::of(&t.name).and_then(|k| at.get_mut(k as usize))
                && *slot == usize::MAX
            {
                *slot = i;
            }
        }
        Tags { list, at }
    }

    /// The first tag named `name`.
    fn get(&self, name: Known) -> Option<&'t ResolvedTag<'a>> {
        self.at.get(name as usize).and_then(|&i| self.list.get(i))
    }
}

/// Whether a value is "unknown" (`?`) or empty.
fn blank(v: &str) -> bool {
    v.is_empty() || v == "?"
}

fn check_tags(tags: &Tags<'_, '_>, info: &mut GameInfo, diags: &mut Vec<Diagnostic>) {
    for t in tags.list {
        let v = t.value.as_ref();
        let sp = t.value_span;
        if blank(v) && t.name != "Result" {
            continue;
        }
        match &*t.name {
            "Board" => {
                if !v.bytes().all(|c| c.is_ascii_digit()) {
                    diags.push(warn(codes::BAD_BOARD, format!("board `{v}` is not a positive integer"), sp));
                }
                info.board = Some(v.to_owned());
            }
            "Dealer" => match parse::parse_seat(v) {
                Some(s) => info.dealer = Some(s),
                None => diags.push(err(codes::BAD_DEALER, format!("dealer `{v}` is not N, E, S or W"), sp)),
            },
            "Vulnerable" => match crate::model::parse_vulnerability(v) {
                Some(x) => info.vulnerable = Some(x),
                None => diags.push(
                    err(codes::BAD_VULNERABLE, format!("`{v}` is not a vulnerability"), sp)
                        .with_help("use None, NS, EW or All (Love, -, Both also read)"),
                ),
            },
            "Deal" => {
                // Offsets inside the value map to the source only when nothing was unescaped.
                let base = sp.start;
                match parse::parse_deal_and_slots(v, base) {
                    Ok((d, empty_slot)) => {
                        if empty_slot {
                            diags.push(
                                warn(
                                    codes::DEAL_EMPTY_HAND,
                                    "a hand slot is left empty; read as not given",
                                    sp,
                                )
                                .with_help("write `-` for a hand that is not given"),
                            );
                        }
                        let spotted: Vec<String> = Compass::ALL
                            .iter()
                            .filter(|&&seat| d.has_spots(seat))
                            .map(ToString::to_string)
                            .collect();
                        if !spotted.is_empty() {
                            diags.push(
                                warn(
                                    codes::DEAL_SPOT_CARD,
                                    format!(
                                        "`x` stands for an unknown small card (hands {}); checks that need every card of those hands are skipped",
                                        spotted.join(", ")
                                    ),
                                    sp,
                                )
                                .with_help("give every card's rank for the deal to be checked in full"),
                            );
                        }
                        check_deal(&d, sp, diags);
                        info.deal = Some(d);
                    }
                    Err(d) => diags.push(d),
                }
            }
            "Declarer" => {
                let (irregular, s) = match v.strip_prefix('^') {
                    Some(r) => (true, r),
                    None => (false, v),
                };
                match parse::parse_seat(s) {
                    Some(seat) => info.declarer = Some(Declarer { seat, irregular }),
                    None => diags.push(err(codes::BAD_DECLARER, format!("declarer `{v}` is not a seat"), sp)),
                }
            }
            "Contract" => match Contract::parse(v) {
                Some(c) => info.contract = Some(c),
                None if let Some(c) = crate::model::long_notrump(v).as_deref().and_then(Contract::parse) => {
                    diags.push(
                        warn(codes::NOTRUMP_AS_N, parse::notrump_message(v), sp)
                            .with_help(parse::NOTRUMP_HELP),
                    );
                    info.contract = Some(c);
                }
                None => diags.push(
                    err(codes::BAD_CONTRACT, format!("`{v}` is not a contract"), sp)
                        .with_help("a contract is `Pass` or level, denomination and X/XX: `4SX`"),
                ),
            },
            "Result" => match parse::parse_result(v) {
                Ok(r) => info.result = r,
                Err(_) => {
                    diags.push(err(codes::BAD_RESULT, format!("`{v}` is not a result"), sp).with_help(
                        "a result is tricks 0 to 13: `9`, `NS 9`, `EW 4 NS 9`, optionally after `^`",
                    ))
                }
            },
            "Date" | "EventDate" | "UTCDate" if !is_date(v) => {
                diags.push(warn(codes::BAD_DATE, format!("date `{v}` is not YYYY.MM.DD"), sp));
            }
            "Scoring" => {
                let ok = v.split(';').all(|f| {
                    !f.is_empty() && f.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_' || c == b'-')
                });
                if !ok {
                    diags.push(err(
                        codes::BAD_SCORING,
                        format!("scoring `{v}` has an empty or invalid field"),
                        sp,
                    ));
                }
            }
            "Score" => side_score_check(v, sp, fits_i64, codes::BAD_SCORE, false, diags),
            "ScoreIMP" | "ScoreMP" | "ScorePercentage" => {
                side_score_check(v, sp, parse::is_decimal, codes::BAD_SCORE, false, diags);
            }
            // `EW 300/40 NS 50 / 70`: blanks around the `/` are allowed (the spec author's own files).
            "ScoreRubber" => {
                let joined = join_slashes(v);
                side_score_check(&joined, sp, is_rubber_score, codes::BAD_SCORE, false, diags);
            }
            "OptimumScore" => side_score_check(v, sp, fits_i64, codes::BAD_OPTIMUM_SCORE, true, diags),
            "Hidden" if !v.chars().all(|c| matches!(c, 'N' | 'E' | 'S' | 'W' | 'n' | 'e' | 's' | 'w')) => {
                diags.push(err(
                    codes::BAD_HIDDEN,
                    format!("hidden `{v}` holds something other than seats"),
                    sp,
                ));
            }
            _ => {}
        }
    }
    // ScoreRubberHistory against Vulnerable.
    if let Some(t) = tags.get(Known::ScoreRubberHistory) {
        match rubber_vulnerability(&t.value) {
            Some(vul) => {
                if let Some(actual) = info.vulnerable
                    && actual != vul
                {
                    let span = tags.get(Known::Vulnerable).map_or(t.value_span, |v| v.value_span);
                    diags.push(err(
                        codes::RUBBER_VULNERABILITY,
                        format!(
                            "the rubber history makes the vulnerability {}, the Vulnerable tag says {}",
                            crate::model::vulnerability_export(vul),
                            crate::model::vulnerability_export(actual)
                        ),
                        span,
                    ));
                }
            }
            None if !blank(&t.value) => diags.push(err(
                codes::BAD_RUBBER_HISTORY,
                "rubber history is not `NS <above> <above>/<below>... EW ...`",
                t.value_span,
            )),
            None => {}
        }
    }
}

fn is_date(v: &str) -> bool {
    let b = v.as_bytes();
    b.len() == 10
        && b[4] == b'.'
        && b[7] == b'.'
        && b.iter().enumerate().all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit() || *c == b'?')
}

/// An integer that fits 64 bits (a score no table can hold is not a score).
fn fits_i64(s: &str) -> bool {
    parse::parse_int(s).is_some()
}

/// A rubber score with the blanks around each `/` removed (`50 / 70` → `50/70`).
fn join_slashes(v: &str) -> Cow<'_, str> {
    if !v.contains('/') {
        return Cow::Borrowed(v);
    }
    let mut out = String::with_capacity(v.len());
    for part in v.split('/') {
        if !out.is_empty() || v.starts_with('/') {
            out.truncate(out.trim_end().len());
            out.push('/');
            out.push_str(part.trim_start());
        } else {
            out.push_str(part);
        }
    }
    Cow::Owned(out)
}

fn is_rubber_score(s: &str) -> bool {
    s.split_once('/').is_some_and(|(a, b)| parse::is_integer(a) && parse::is_integer(b))
}

fn side_score_check(
    v: &str,
    sp: Span,
    number: fn(&str) -> bool,
    code: &'static str,
    need_side: bool,
    diags: &mut Vec<Diagnostic>,
) {
    if blank(v) {
        return;
    }
    match parse::parse_side_score(v, number) {
        Ok(s) if need_side && s.declarer.is_some() => diags.push(
            err(code, format!("`{v}` needs a side"), sp).with_help("write `NS <score>` or `EW <score>`"),
        ),
        Ok(_) => {}
        Err(_) => diags.push(
            err(code, format!("`{v}` is not a score"), sp)
                .with_help("a score is `<n>`, `NS <n>`, `EW <n>` or `NS <n> EW <n>`"),
        ),
    }
}

/// The vulnerability a ScoreRubberHistory value implies: a side that has won a game is vulnerable.
fn rubber_vulnerability(v: &str) -> Option<Vulnerability> {
    let v = v.trim();
    let rest = v.strip_prefix("NS")?;
    let (ns, ew) = rest.split_once("EW")?;
    let games = |h: &str| -> Option<Vec<i64>> {
        let (above, below) = h.split_once('/')?;
        let above: Vec<&str> = above.split_whitespace().collect();
        if above.is_empty() || above.len() > 2 || !above.iter().all(|a| parse::is_integer(a)) {
            return None;
        }
        let below: Vec<i64> = below.split_whitespace().map(parse::parse_int).collect::<Option<_>>()?;
        if below.is_empty() || below.len() > 3 {
            return None;
        }
        Some(below)
    };
    let (ns, ew) = (games(ns)?, games(ew)?);
    if ns.len() != ew.len() {
        return None;
    }
    let finished = ns.len() - 1;
    let (mut ns_won, mut ew_won) = (false, false);
    for g in 0..finished {
        ns_won |= ns.get(g).is_some_and(|&x| x >= 100);
        ew_won |= ew.get(g).is_some_and(|&x| x >= 100);
    }
    Some(Vulnerability::from_sides(ns_won, ew_won))
}

fn check_deal(deal: &Deal, sp: Span, diags: &mut Vec<Diagnostic>) {
    let mut seen = CardSet::EMPTY;
    for hand in deal.hands.iter().flatten() {
        if !seen.is_disjoint(*hand) {
            let dup: Vec<String> =
                hand.iter().filter(|c| seen.contains(*c)).map(crate::text::write_card).collect();
            diags.push(err(codes::DEAL_DUPLICATE_CARD, format!("cards in two hands: {}", dup.join(" ")), sp));
        }
        seen |= *hand;
    }
    let mut all_sizes = [0usize; 4];
    let mut given = 0;
    let given_seats = Compass::ALL.iter().filter(|&&seat| deal.hands[seat.index()].is_some());
    for (slot, &seat) in all_sizes.iter_mut().zip(given_seats) {
        *slot = deal.hand_size(seat);
        given += 1;
    }
    let sizes = all_sizes.get(..given).unwrap_or(&[]);
    let max = sizes.iter().copied().max().unwrap_or(0);
    if max == 13 {
        if sizes.iter().any(|&s| s != 13) {
            diags.push(err(codes::DEAL_HAND_SIZE, format!("hands hold {sizes:?} cards, not 13 each"), sp));
        }
    } else if max > 13 {
        diags.push(err(codes::DEAL_HAND_SIZE, format!("a hand holds {max} cards"), sp));
    } else if sizes.iter().any(|&s| s != max) {
        diags.push(warn(
            codes::DEAL_UNEVEN_END_POSITION,
            format!("end position hands hold {sizes:?} cards"),
            sp,
        ));
    }
}

/// Finds which section a Note tag belongs to and checks sections.
fn check_sections(game: &Game<'_>, tags: &Tags<'_, '_>, info: &mut GameInfo, diags: &mut Vec<Diagnostic>) {
    let mut auction_notes: Vec<(u8, Span)> = Vec::new();
    let mut play_notes: Vec<(u8, Span)> = Vec::new();
    let mut other_notes: Vec<(u8, Span)> = Vec::new();
    let mut section: u8 = 0; // 0 identification, 1 auction, 2 play, 3 other
    let mut auction_refs = Vec::new();
    let mut play_refs = Vec::new();
    let mut replay_diags = Vec::new();
    let mut auction_span = Span::default();
    // The tags kept by `resolve` stand in the order of the game, followed by inherited ones.
    let mut kept_tags = tags.list.iter().peekable();
    for item in &game.items {
        let Item::Tag(tag) = item else { continue };
        let kept = kept_tags.next_if(|t| t.span == Some(tag.span)).is_some();
        let first_time = tag.name == "Note" || kept;
        match tag.name {
            "Auction" if first_time => {
                section = 1;
                let Some(first) = section_seat(tag, "auction", diags) else { continue };
                let (auction, d) = parse::read_auction(tag, first);
                diags.extend(d);
                auction_refs = parse::note_refs(auction.entries.iter().map(|e| (&e.annotation, e.span)));
                auction_span = tag.span;
                info.auction_outcome = replay_auction(&auction, info.dealer, tag.span, &mut replay_diags);
                info.auction = Some(auction);
            }
            "Play" if first_time => {
                section = 2;
                let Some(first) = section_seat(tag, "play", diags) else { continue };
                let (play, d) = parse::read_play(tag, first);
                diags.extend(d);
                play_refs = parse::note_refs(play.entries.iter().map(|e| (&e.annotation, e.span)));
                info.play = Some(play);
            }
            "Note" => {
                let v = tag.value();
                let parsed = v.split_once(':').and_then(|(n, text)| {
                    n.trim().parse::<u8>().ok().filter(|n| (1..=32).contains(n)).map(|n| (n, text))
                });
                match parsed {
                    Some((n, text)) => {
                        let list = match section {
                            1 => &mut auction_notes,
                            2 => &mut play_notes,
                            _ => &mut other_notes,
                        };
                        if list.iter().any(|(m, _)| *m == n) {
                            diags.push(err(
                                codes::NOTE_DUPLICATE,
                                format!("note {n} is explained twice"),
                                tag.span,
                            ));
                        }
                        list.push((n, tag.value_span));
                        info.notes.push((n, text.to_owned()));
                    }
                    None => diags.push(err(
                        codes::BAD_NOTE,
                        format!("note `{v}` is not `<index>:<text>` with index 1 to 32"),
                        tag.value_span,
                    )),
                }
                if !tag.data.iter().all(is_comment) {
                    section_data_warning(tag, diags);
                }
            }
            name if crate::model::is_table(name) && first_time => {
                section = 3;
                let header = get(tags.list, tag.name).map_or_else(|| tag.value(), |t| t.value.clone());
                let (table, d) = parse::read_table(tag, &header);
                diags.extend(d);
                info.tables.push(table);
            }
            _ => {
                if tag.name != "Auction" && tag.name != "Play" {
                    section = if section == 0 { 0 } else { 3 };
                }
                if !tag.data.iter().all(is_comment) && is_identification(tag.name) {
                    section_data_warning(tag, diags);
                }
            }
        }
    }
    for (refs, notes) in [(&auction_refs, &auction_notes), (&play_refs, &play_notes)] {
        for r in refs {
            if !notes.iter().any(|(n, _)| *n == r.index) && !other_notes.iter().any(|(n, _)| *n == r.index) {
                let elsewhere = auction_notes.iter().chain(play_notes.iter()).any(|(n, _)| *n == r.index);
                if !elsewhere {
                    diags.push(warn(
                        codes::NOTE_UNRESOLVED,
                        format!("note ={}= has no Note tag", r.index),
                        r.span,
                    ));
                }
            }
        }
    }
    restore_opening_passes(info, auction_span, &mut replay_diags, diags);
    diags.append(&mut replay_diags);
    check_contract(tags, info, diags);
    check_play_or_trick_order(tags, info, diags);
    check_score(tags, info, diags);
}

/// The seat of an Auction or Play tag (`what`), or `None` when inherited or not a seat (reported
/// unless the value is blank and the section empty).
fn section_seat(tag: &Tag<'_>, what: &str, diags: &mut Vec<Diagnostic>) -> Option<Compass> {
    let v = tag.value();
    if v == "#" || v.starts_with("##") {
        return None;
    }
    let seat = parse::parse_seat(&v);
    if seat.is_none() && (!tag.data.iter().all(is_comment) || !blank(&v)) {
        diags.push(err(codes::BAD_SECTION_SEAT, format!("{what} seat `{v}` is not a seat"), tag.value_span));
    }
    seat
}

fn is_comment(t: &crate::model::Token<'_>) -> bool {
    matches!(
        t.kind,
        TokenKind::BraceComment | TokenKind::LineComment | TokenKind::Invalid | TokenKind::Escape
    )
}

fn is_identification(name: &str) -> bool {
    crate::model::MANDATORY_TAGS.contains(&name)
}

fn section_data_warning(tag: &Tag<'_>, diags: &mut Vec<Diagnostic>) {
    if let Some(t) = tag.data.iter().find(|t| !is_comment(t)) {
        diags.push(warn(
            codes::UNEXPECTED_SECTION_DATA,
            format!("`{}` takes no section data", tag.name),
            t.span,
        ));
    }
}

/// Replays the auction; returns the contract and declarer when it ended.
fn replay_auction(
    auction: &Auction,
    dealer: Option<Compass>,
    tag_span: Span,
    diags: &mut Vec<Diagnostic>,
) -> Option<(Contract, Option<Compass>)> {
    if dealer.is_none() {
        diags.push(warn(codes::AUCTION_WITHOUT_DEALER, "an Auction section without a Dealer tag", tag_span));
    }
    // Free text stood for calls nobody can tell: nothing after it can be checked (reported once).
    if auction.prose {
        return None;
    }
    // Once a call is not known (a blank, an unreadable token), the calls after it keep their
    // players but the bidding state is unknown: their legality and the outcome are not checked.
    let mut unknown = false;
    let mut seat = auction.first;
    let mut started = false;
    let mut ended = false;
    let mut continued = false;
    let mut passes = 0u8;
    let mut last_bid: Option<(u8, Denomination, Compass)> = None;
    let mut risk = Risk::Undoubled;
    // First seat of each side to name each denomination: [side][denomination].
    let mut first_namer: [[Option<Compass>; 5]; 2] = [[None; 5]; 2];
    for e in &auction.entries {
        if matches!(e.item, AuctionItem::Blank | AuctionItem::Unreadable) {
            unknown = true;
            started = true;
            seat = seat.next();
            continue;
        }
        if unknown {
            seat = seat.next();
            continue;
        }
        if continued {
            diags.push(err(codes::AUCTION_AFTER_CONTINUE, "nothing may follow `+` in the auction", e.span));
            continue;
        }
        if ended && !matches!(e.item, AuctionItem::Continue) {
            if matches!(e.item, AuctionItem::Call { call: Call::Pass, .. } | AuctionItem::AllPass) {
                diags.push(warn(codes::AUCTION_AFTER_END, "a pass after the auction ended", e.span));
            } else {
                diags.push(err(codes::AUCTION_AFTER_END, "a call after the auction ended", e.span));
            }
            continue;
        }
        match e.item {
            AuctionItem::Placeholder => {
                if started || Some(seat) == dealer {
                    diags.push(warn(codes::AUCTION_PLACEHOLDER, "`-` where a call is due", e.span));
                }
                seat = seat.next();
                continue;
            }
            AuctionItem::Continue => {
                if ended {
                    diags.push(err(codes::AUCTION_AFTER_END, "`+` after the auction ended", e.span));
                }
                continued = true;
                continue;
            }
            _ => {}
        }
        if !started {
            started = true;
            if let Some(d) = dealer
                && d != seat
            {
                diags.push(err(
                    codes::AUCTION_NOT_DEALER,
                    format!("the first call is made by {seat}, but the dealer is {d}"),
                    e.span,
                ));
            }
        }
        match e.item {
            AuctionItem::Skipped => {}
            AuctionItem::AllPass => {
                ended = true;
            }
            AuctionItem::Call { call, insufficient } => match call {
                Call::Pass => {
                    passes += 1;
                    if (last_bid.is_some() && passes >= 3) || passes >= 4 {
                        ended = true;
                    }
                }
                Call::Bid { level, denomination } => {
                    if let Some((l, d, _)) = last_bid
                        && (level, denomination) <= (l, d)
                        && !insufficient
                    {
                        diags.push(err(
                            codes::AUCTION_INSUFFICIENT_BID,
                            format!(
                                "{} is not higher than {}",
                                call.export(),
                                Call::Bid { level: l, denomination: d }.export()
                            ),
                            e.span,
                        ));
                    }
                    let side = usize::from(!seat.is_north_south());
                    let slot = &mut first_namer[side][denomination as usize];
                    if slot.is_none() {
                        *slot = Some(seat);
                    }
                    last_bid = Some((level, denomination, seat));
                    risk = Risk::Undoubled;
                    passes = 0;
                }
                Call::Double => {
                    let ok = matches!(last_bid, Some((_, _, b)) if b.is_north_south() != seat.is_north_south())
                        && risk == Risk::Undoubled;
                    if !ok {
                        diags.push(err(
                            codes::AUCTION_ILLEGAL_DOUBLE,
                            "a double that is not allowed here",
                            e.span,
                        ));
                    }
                    risk = Risk::Doubled;
                    passes = 0;
                }
                Call::Redouble => {
                    let ok = matches!(last_bid, Some((_, _, b)) if b.is_north_south() == seat.is_north_south())
                        && risk == Risk::Doubled;
                    if !ok {
                        diags.push(err(
                            codes::AUCTION_ILLEGAL_DOUBLE,
                            "a redouble that is not allowed here",
                            e.span,
                        ));
                    }
                    risk = Risk::Redoubled;
                    passes = 0;
                }
            },
            AuctionItem::Placeholder
            | AuctionItem::Continue
            | AuctionItem::Blank
            | AuctionItem::Unreadable => {}
        }
        seat = seat.next();
    }
    if unknown {
        return None;
    }
    if !ended {
        if !auction.star && !continued && started {
            diags.push(warn(
                codes::AUCTION_INCOMPLETE,
                "the auction does not end with three passes, `AP`, `*` or `+`",
                auction.entries.last().map_or(tag_span, |e| e.span),
            ));
        }
        return None;
    }
    Some(match last_bid {
        None => (Contract::Pass, None),
        Some((level, denomination, bidder)) => {
            let side = usize::from(!bidder.is_north_south());
            (Contract::Bid { level, denomination, risk }, first_namer[side][denomination as usize])
        }
    })
}

/// The championship archive's auctions leave out the dealer's opening passes: `[Auction "W"]`
/// then `1S` made by East. When the auction as written makes another declarer than the Declarer
/// tag, and exactly one number of restored passes (1 to 3) makes the Declarer tag's player
/// declarer of the Contract tag's contract, with the Play tag's player on lead (a play is
/// required: without it a plain mismatch is more likely), without any other problem, the auction
/// is read with those passes and a warning says so.
fn restore_opening_passes(
    info: &mut GameInfo,
    auction_span: Span,
    replay_diags: &mut Vec<Diagnostic>,
    diags: &mut Vec<Diagnostic>,
) {
    let (Some(auction), Some(dealer), Some(declarer)) = (&info.auction, info.dealer, info.declarer) else {
        return;
    };
    if declarer.irregular || auction.first != dealer || auction.prose {
        return;
    }
    let fits = |outcome: Option<(Contract, Option<Compass>)>| {
        outcome.is_some_and(|(contract, by)| {
            by == Some(declarer.seat)
                && info.contract.is_none_or(|c| c == contract)
                && info.play.as_ref().is_some_and(|p| p.first == declarer.seat.next())
        })
    };
    if fits(info.auction_outcome)
        || auction.entries.first().is_some_and(|e| {
            matches!(e.item, AuctionItem::Call { call: Call::Pass, .. } | AuctionItem::Placeholder)
        })
    {
        return;
    }
    let mut found = None;
    for k in 1..=3usize {
        let mut restored = auction.clone();
        let at = Span::at(auction.entries.first().map_or(auction_span.end, |e| e.span.start));
        let passes = (0..k).map(|_| crate::model::AuctionEntry {
            item: AuctionItem::Call { call: Call::Pass, insufficient: false },
            annotation: crate::model::Annotation::default(),
            span: at,
        });
        restored.entries.splice(0..0, passes);
        let mut tmp = Vec::new();
        let outcome = replay_auction(&restored, Some(dealer), auction_span, &mut tmp);
        if fits(outcome) && !tmp.iter().any(Diagnostic::is_error) {
            if found.is_some() {
                return;
            }
            found = Some((k, restored, outcome, tmp));
        }
    }
    let Some((k, restored, outcome, tmp)) = found else { return };
    let first_call = restored.entries.get(k).map_or(auction_span, |e| e.span);
    diags.push(
        warn(
            codes::AUCTION_OPENING_PASSES_OMITTED,
            format!(
                "the auction leaves out the dealer's opening pass{}: read with {k} pass{} before it, so that {} is declarer as the Declarer tag says",
                if k == 1 { "" } else { "es" },
                if k == 1 { "" } else { "es" },
                declarer.seat
            ),
            first_call,
        )
        .with_help("PBN writes every call from the dealer's on, passes included"),
    );
    *replay_diags = tmp;
    info.auction_outcome = outcome;
    info.auction = Some(restored);
}

fn check_contract(tags: &Tags<'_, '_>, info: &GameInfo, diags: &mut Vec<Diagnostic>) {
    let Some((contract, declarer)) = info.auction_outcome else { return };
    if let (Some(tag_contract), Some(t)) = (info.contract, tags.get(Known::Contract))
        && tag_contract != contract
        && !matches!(tag_contract, Contract::Trump(_))
    {
        diags.push(err(
            codes::CONTRACT_MISMATCH,
            format!(
                "the auction ends in {}, the Contract tag says {}",
                contract.export(),
                tag_contract.export()
            ),
            t.value_span,
        ));
    }
    if let (Some(tag_decl), Some(auction_decl), Some(t)) =
        (info.declarer, declarer, tags.get(Known::Declarer))
        && !tag_decl.irregular
        && tag_decl.seat != auction_decl
    {
        diags.push(err(
            codes::DECLARER_MISMATCH,
            format!("the auction makes {auction_decl} declarer, the Declarer tag says {}", tag_decl.seat),
            t.value_span,
        ));
    }
}

/// The winner of a trick given in playing order (leader first): the highest trump, else the
/// highest card of the suit led. `None` for an empty trick.
#[must_use]
pub fn trick_winner(cards: &[(Compass, Card)], trump: Option<Suit>) -> Option<Compass> {
    let winner =
        cards_core::trick::winner(cards.iter().map(|&(_, card)| card), trump, cards_core::trick::by_rank)?;
    cards.get(winner).map(|&(seat, _)| seat)
}

/// Whether a diagnostic says a card did not come from where the play put it.
fn misplaced_card(d: &Diagnostic) -> bool {
    d.code() == codes::PLAY_CARD_NOT_IN_HAND || d.code() == codes::PLAY_REVOKE
}

/// Checks the play; when cards are not in their players' hands as the columns of the Play seat
/// put them, but every card is when each line is read as a trick in the order it was played
/// (leader first, as the championship archive writes them), the play is read so, with a warning.
fn check_play_or_trick_order(tags: &Tags<'_, '_>, info: &mut GameInfo, diags: &mut Vec<Diagnostic>) {
    let mut tmp = Vec::new();
    check_play(tags, info, &mut tmp);
    let trump = match info.contract {
        Some(Contract::Bid { denomination, .. } | Contract::Trump(denomination)) => {
            Some(denomination.trump())
        }
        _ => None,
    };
    let complete_deal =
        info.deal.is_some_and(|d| d.is_complete() && Compass::ALL.iter().all(|&s| !d.has_spots(s)));
    let reordered = match (&info.play, trump) {
        (Some(play), Some(trump)) if complete_deal && tmp.iter().any(misplaced_card) => {
            in_columns(play, trump)
        }
        _ => None,
    };
    if let Some(reordered) = reordered {
        let original = info.play.replace(reordered);
        let before = info.tricks_by_play;
        let mut retry = Vec::new();
        check_play(tags, info, &mut retry);
        if !retry.iter().any(misplaced_card) {
            let span = tags.get(Known::Play).map_or(Span::default(), |t| t.value_span);
            diags.push(
                warn(
                    codes::PLAY_TRICK_ORDER,
                    "each line of the play lists a trick in the order it was played, leader first: read so, since only then does every card come from its player's hand",
                    span,
                )
                .with_help("PBN writes each trick in the columns of the Play seat"),
            );
            diags.append(&mut retry);
            return;
        }
        info.play = original;
        info.tricks_by_play = before;
    }
    diags.append(&mut tmp);
}

/// The play with each row read as a trick in playing order (the first row led by the Play seat,
/// each later one by the winner of the trick before), written back in the columns of the Play
/// seat. `None` when a trick is not four known cards before the last row.
fn in_columns(play: &Play, trump: Option<Suit>) -> Option<Play> {
    let mut out = play.clone();
    let mut leader = play.first;
    let rows = play.entries.chunks(4);
    let last = rows.len().saturating_sub(1);
    for (r, row) in rows.enumerate() {
        let mut cards = Vec::with_capacity(4);
        if row.len() < 4 {
            // A short last row: its cards go to their players' columns, the others stay unknown.
            let at = row.last().map_or(Span::default(), |e| Span::at(e.span.end));
            let unknown = crate::model::PlayEntry {
                item: PlayItem::Unknown,
                annotation: crate::model::Annotation::default(),
                span: at,
            };
            out.entries.truncate(r * 4);
            out.entries.resize(r * 4 + 4, unknown);
        }
        for (k, e) in row.iter().enumerate() {
            let seat = leader.advance(k);
            let column = (seat.index() + 4 - play.first.index()) % 4;
            *out.entries.get_mut(r * 4 + column)? = e.clone();
            if let PlayItem::Card { card, .. } = e.item {
                cards.push((seat, card));
            }
        }
        if row.len() < 4 {
            while out.entries.last().is_some_and(|e| e.item == PlayItem::Unknown && e.span.is_empty()) {
                out.entries.pop();
            }
            return Some(out);
        }
        if cards.len() == 4 {
            leader = trick_winner(&cards, trump)?;
        } else if r != last {
            return None;
        }
    }
    Some(out)
}

/// Replays the play against the deal, the contract and the result.
fn check_play(tags: &Tags<'_, '_>, info: &mut GameInfo, diags: &mut Vec<Diagnostic>) {
    let Some(play) = &info.play else { return };
    let play_span = tags.get(Known::Play).and_then(|t| t.span).unwrap_or_default();
    let trump = match info.contract {
        Some(Contract::Bid { denomination, .. } | Contract::Trump(denomination)) => {
            Some(denomination.trump())
        }
        Some(Contract::Pass) => None,
        None => None,
    };
    let end_position = info.deal.is_some_and(|d| d.is_end_position());
    let declarer = info.declarer;
    let Some(trump) = trump else {
        if !play.entries.is_empty() {
            diags.push(warn(
                codes::PLAY_WITHOUT_CONTRACT,
                "a Play section without the Contract it needs",
                play_span,
            ));
        }
        return;
    };
    if declarer.is_none() && !end_position && !play.entries.is_empty() {
        diags.push(warn(
            codes::PLAY_WITHOUT_CONTRACT,
            "a Play section without the Declarer it needs",
            play_span,
        ));
    }
    if let Some(declarer) = declarer
        && !end_position
        && !declarer.irregular
        && play.first != declarer.seat.next()
    {
        diags.push(err(
            codes::PLAY_WRONG_LEADER,
            format!("the opening leader is {}, not {}", declarer.seat.next(), play.first),
            tags.get(Known::Play).map_or(play_span, |t| t.value_span),
        ));
    }
    // A hand with spot cards (`x`) is not known card by card: its holdings are not checked.
    let mut hands: [Option<CardSet>; 4] = info.deal.map_or([None; 4], |d| d.hands);
    if let Some(deal) = info.deal {
        for seat in Compass::ALL {
            if deal.has_spots(seat) {
                hands[seat.index()] = None;
            }
        }
    }
    let mut played = CardSet::EMPTY;
    let mut leader = Some(play.first);
    let mut decl_tricks = 0u8;
    let mut def_tricks = 0u8;
    let mut complete_tricks = 0usize;
    let mut continued = false;
    let rows = play.entries.chunks(4);
    if rows.len() > 13 {
        diags.push(err(
            codes::PLAY_TOO_MANY_TRICKS,
            format!("{} tricks in the play", rows.len()),
            play.entries.get(52).map_or(play_span, |e| e.span),
        ));
    }
    let total_cards = info.deal.map_or(52, |d| d.card_count().max(4));
    let max_tricks = total_cards / 4;
    for row in rows.take(13) {
        // Entries by seat.
        let mut by_seat: [Option<&crate::model::PlayEntry>; 4] = [None; 4];
        for (c, e) in row.iter().enumerate() {
            by_seat[play.first.advance(c).index()] = Some(e);
        }
        let lead_seat = row
            .iter()
            .enumerate()
            .find(|(_, e)| matches!(e.item, PlayItem::Card { lead_out_of_turn: true, .. }))
            .map(|(c, _)| play.first.advance(c))
            .or(leader);
        let mut cards_buf =
            [(Compass::North, Card::from_index(0).unwrap_or(Card::new(cards_core::Rank::Two, Suit::Clubs)));
                4];
        let mut n_cards = 0usize;
        let mut all_known = row.len() == 4;
        let mut led: Option<Suit> = None;
        if let Some(ls) = lead_seat {
            for k in 0..4 {
                let seat = ls.advance(k);
                let Some(e) = by_seat[seat.index()] else {
                    all_known = false;
                    continue;
                };
                match e.item {
                    PlayItem::Continue => {
                        if continued {
                            diags.push(err(codes::PLAY_AFTER_CONTINUE, "a second `+` in the play", e.span));
                        }
                        continued = true;
                        all_known = false;
                    }
                    PlayItem::Unknown => all_known = false,
                    PlayItem::Card { card, revoke, .. } => {
                        if continued {
                            diags.push(err(
                                codes::PLAY_AFTER_CONTINUE,
                                "a card after `+` in the play",
                                e.span,
                            ));
                        }
                        let twice = !played.insert(card);
                        if twice {
                            diags.push(err(
                                codes::PLAY_CARD_TWICE,
                                format!("{} is played twice", crate::text::write_card(card)),
                                e.span,
                            ));
                        }
                        if let Some(hand) = hands[seat.index()].as_mut() {
                            let led_suit = led;
                            if !twice && !hand.contains(card) {
                                diags.push(err(
                                    codes::PLAY_CARD_NOT_IN_HAND,
                                    format!("{seat} does not hold {}", crate::text::write_card(card)),
                                    e.span,
                                ));
                            } else if !twice
                                && let Some(ls) = led_suit
                                && card.suit() != ls
                                && !hand.suit(ls).is_empty()
                                && !revoke
                            {
                                diags.push(err(
                                    codes::PLAY_REVOKE,
                                    format!(
                                        "{seat} plays {} while holding {}",
                                        crate::text::write_card(card),
                                        suit_name(ls)
                                    ),
                                    e.span,
                                ));
                            }
                            hand.remove(card);
                        }
                        if k == 0 {
                            led = Some(card.suit());
                        }
                        if let Some(slot) = cards_buf.get_mut(n_cards) {
                            *slot = (seat, card);
                            n_cards += 1;
                        }
                    }
                }
            }
        } else {
            // Trick leader unknown: only check holdings.
            all_known = false;
            for (c, e) in row.iter().enumerate() {
                let seat = play.first.advance(c);
                if let PlayItem::Card { card, .. } = e.item {
                    let twice = !played.insert(card);
                    if twice {
                        diags.push(err(codes::PLAY_CARD_TWICE, "a card is played twice", e.span));
                    }
                    if let Some(hand) = hands[seat.index()].as_mut() {
                        if !twice && !hand.contains(card) {
                            diags.push(err(
                                codes::PLAY_CARD_NOT_IN_HAND,
                                format!("{seat} does not hold {}", crate::text::write_card(card)),
                                e.span,
                            ));
                        }
                        hand.remove(card);
                    }
                }
            }
        }
        if all_known && n_cards == 4 {
            let winner = trick_winner(&cards_buf, trump);
            if let Some(w) = winner {
                if declarer.is_some_and(|d| w.is_north_south() == d.seat.is_north_south()) {
                    decl_tricks += 1;
                } else {
                    def_tricks += 1;
                }
                complete_tricks += 1;
            }
            leader = winner;
        } else {
            leader = None;
        }
    }
    let result_tag = tags.get(Known::Result);
    let Some(declarer) = declarer else { return };
    let claimed = info.result.and_then(|r| r.declarer_tricks(Some(declarer.seat)).map(|n| (n, r.irregular)));
    if complete_tricks == max_tricks && max_tricks > 0 {
        info.tricks_by_play = Some(decl_tricks);
        if let (Some((n, false)), Some(t)) = (claimed, result_tag)
            && n != decl_tricks
            && !end_position
        {
            diags.push(err(
                codes::RESULT_MISMATCH,
                format!("declarer won {decl_tricks} tricks in the play, the Result tag says {n}"),
                t.value_span,
            ));
        }
    } else if let (Some((n, false)), Some(t)) = (claimed, result_tag)
        && !end_position
    {
        // With `+` the Result may be partial or final (the spec's own example gives the final
        // result), so only impossible values are reported.
        if n < decl_tricks || u32::from(n) + u32::from(def_tricks) > 13 {
            diags.push(err(
                codes::RESULT_MISMATCH,
                format!(
                    "declarer already won {decl_tricks} and the defence {def_tricks} tricks, the Result tag says {n}"
                ),
                t.value_span,
            ));
        }
    }
}

fn suit_name(s: Suit) -> &'static str {
    match s {
        Suit::Spades => "a spade",
        Suit::Hearts => "a heart",
        Suit::Diamonds => "a diamond",
        Suit::Clubs => "a club",
    }
}

/// The duplicate score of a contract for the declaring side.
///
/// ```
/// use pbn::model::{Denomination, Risk};
/// assert_eq!(pbn::validate::duplicate_score(4, Denomination::Spades, Risk::Undoubled, false, 10), 420);
/// assert_eq!(pbn::validate::duplicate_score(3, Denomination::NoTrump, Risk::Doubled, true, 7), -500);
/// ```
#[must_use]
pub fn duplicate_score(
    level: u8,
    denomination: Denomination,
    risk: Risk,
    vulnerable: bool,
    tricks: u8,
) -> i64 {
    let level = i64::from(level);
    let tricks = i64::from(tricks);
    let need = level + 6;
    let mult = match risk {
        Risk::Undoubled => 1,
        Risk::Doubled => 2,
        Risk::Redoubled => 4,
    };
    if tricks >= need {
        let per = match denomination {
            Denomination::Clubs | Denomination::Diamonds => 20,
            _ => 30,
        };
        let first_extra = if denomination == Denomination::NoTrump { 10 } else { 0 };
        let contract_points = (per * level + first_extra) * mult;
        let over = tricks - need;
        let over_points = match risk {
            Risk::Undoubled => over * per,
            Risk::Doubled => over * if vulnerable { 200 } else { 100 },
            Risk::Redoubled => over * if vulnerable { 400 } else { 200 },
        };
        let game = if contract_points >= 100 { if vulnerable { 500 } else { 300 } } else { 50 };
        let slam = match level {
            6 => {
                if vulnerable {
                    750
                } else {
                    500
                }
            }
            7 => {
                if vulnerable {
                    1500
                } else {
                    1000
                }
            }
            _ => 0,
        };
        let insult = match risk {
            Risk::Undoubled => 0,
            Risk::Doubled => 50,
            Risk::Redoubled => 100,
        };
        contract_points + over_points + game + slam + insult
    } else {
        let down = need - tricks;
        let penalty = match risk {
            Risk::Undoubled => down * if vulnerable { 100 } else { 50 },
            _ => {
                let doubled = if vulnerable {
                    200 + (down - 1) * 300
                } else {
                    match down {
                        1 => 100,
                        2 => 300,
                        3 => 500,
                        d => 500 + (d - 3) * 300,
                    }
                };
                if risk == Risk::Redoubled { doubled * 2 } else { doubled }
            }
        };
        -penalty
    }
}

fn check_score(tags: &Tags<'_, '_>, info: &mut GameInfo, diags: &mut Vec<Diagnostic>) {
    let score_ns = match (info.contract, info.declarer, info.vulnerable, info.result) {
        (Some(Contract::Pass), _, _, _) => Some(0),
        (Some(Contract::Bid { level, denomination, risk }), Some(d), Some(v), Some(r)) => {
            r.declarer_tricks(Some(d.seat)).map(|t| {
                let s = duplicate_score(level, denomination, risk, v.is_vulnerable(d.seat), t);
                if d.seat.is_north_south() { s } else { -s }
            })
        }
        _ => None,
    };
    info.score_ns = score_ns;
    let (Some(ns), Some(t)) = (score_ns, tags.get(Known::Score)) else { return };
    let Ok(given) = parse::parse_side_score(&t.value, parse::is_integer) else { return };
    let decl_ns = info.declarer.map(|d| d.seat.is_north_south());
    let expect = |side_ns: bool| if side_ns { ns } else { -ns };
    let mut mismatch = None;
    if let (Some(v), Some(dns)) = (given.declarer.as_deref().and_then(parse::parse_int), decl_ns)
        && v != expect(dns)
    {
        mismatch = Some((v, expect(dns), "declarer"));
    }
    if let Some(v) = given.ns.as_deref().and_then(parse::parse_int)
        && v != ns
    {
        mismatch = Some((v, ns, "NS"));
    }
    if let Some(v) = given.ew.as_deref().and_then(parse::parse_int)
        && v != -ns
    {
        mismatch = Some((v, -ns, "EW"));
    }
    if let Some((given, expected, side)) = mismatch {
        diags.push(warn(
            codes::SCORE_MISMATCH,
            format!("the Score tag gives {side} {given}, the duplicate score is {expected}"),
            t.value_span,
        ));
    }
}

/// Line-level rules: length, control characters, export line ends and tabs.
fn check_lines(
    src: &str,
    game: &Game<'_>,
    export: bool,
    eol_reported: &mut bool,
    diags: &mut Vec<Diagnostic>,
) {
    let text = src.get(game.span.range()).unwrap_or("");
    let base = game.span.start;
    let b = text.as_bytes();
    // Fast pass: whether any control character other than CR, LF and tab occurs (and tabs, in
    // export format); the exact positions are found only when there is something to report.
    let controls = parse::any_byte(b, |c| (c < 0x20) & (c != b'\n') & (c != b'\r') & (c != b'\t'));
    let tabs = export && parse::any_byte(b, |c| c == b'\t');
    if controls || tabs {
        let mut tab_seen = false;
        for (i, &ch) in b.iter().enumerate() {
            if ch == b'\t' || ch == b'\x0b' {
                if export && !tab_seen {
                    tab_seen = true;
                    diags.push(warn(
                        codes::EXPORT_FORMAT,
                        "tabs are not allowed in export format",
                        Span::new(base + i, base + i + 1),
                    ));
                }
            } else if ch < 0x20 && ch != b'\n' && ch != b'\r' && ch != b'\x0c' {
                diags.push(warn(
                    codes::CONTROL_CHARACTER,
                    format!("control character 0x{ch:02x}"),
                    Span::new(base + i, base + i + 1),
                ));
            }
        }
    }
    // A bare LF is a `\n` at the start or after anything but `\r`.
    let bare_lf = |b: &[u8]| {
        b.first() == Some(&b'\n')
            || b.chunks(64).zip(b.get(1..).unwrap_or(&[]).chunks(64)).any(|(prev, next)| {
                prev.iter().zip(next).fold(false, |acc, (&p, &c)| acc | ((c == b'\n') & (p != b'\r')))
            })
    };
    if export && !*eol_reported && bare_lf(b) {
        let bare =
            b.iter().enumerate().find(|&(i, &c)| c == b'\n' && (i == 0 || b.get(i - 1) != Some(&b'\r')));
        if let Some((i, _)) = bare {
            *eol_reported = true;
            diags.push(warn(
                codes::EXPORT_FORMAT,
                "export format lines end with CR LF",
                Span::new(base + i, base + i + 1),
            ));
        }
    }
}

fn long_line(text: &str, base: usize, start: usize, end: usize, diags: &mut Vec<Diagnostic>) {
    let len = text.get(start..end).map_or(0, |l| l.chars().count());
    if len + 2 > 255 {
        diags.push(warn(
            codes::LINE_TOO_LONG,
            format!("line of {} characters (at most 255 with the line end)", len + 2),
            Span::new(base + start, base + end),
        ));
    }
}

/// The position of a tag in the mandatory tag set.
fn mandatory_rank(name: &str) -> Option<usize> {
    Known::of(name).map(|k| k as usize).filter(|&rank| rank < Known::MANDATORY.len())
}

/// Export-format rules for a game in a file that says `% EXPORT`.
fn check_export(
    game: &Game<'_>,
    tags: &Tags<'_, '_>,
    info: &GameInfo,
    sticky: &[(Box<str>, String)],
    diags: &mut Vec<Diagnostic>,
) {
    let has_deal = game.items.iter().any(|i| matches!(i, Item::Tag(_)));
    if !has_deal {
        return;
    }
    let is_missing = |k: &Known| tags.get(*k).is_none() && !sticky.iter().any(|(n, _)| &**n == k.name());
    if Known::MANDATORY.iter().any(is_missing) {
        let missing: Vec<&str> =
            Known::MANDATORY.iter().filter(|k| is_missing(k)).map(|k| k.name()).collect();
        let span = game
            .items
            .iter()
            .find_map(|i| if let Item::Tag(t) = i { Some(t.span) } else { None })
            .unwrap_or(Span::at(game.span.start));
        diags.push(warn(
            codes::EXPORT_FORMAT,
            format!("export format requires the mandatory tags; missing: {}", missing.join(", ")),
            span,
        ));
    }
    // Mandatory tags in order, before the others.
    let mut last_rank = 0usize;
    let mut seen_other = false;
    for item in &game.items {
        let Item::Tag(tag) = item else { continue };
        match mandatory_rank(tag.name) {
            Some(rank) => {
                if rank < last_rank || seen_other {
                    diags.push(warn(
                        codes::EXPORT_FORMAT,
                        format!("`{}` is out of the export order of the mandatory tags", tag.name),
                        tag.name_span,
                    ));
                }
                last_rank = rank;
            }
            None => seen_other = true,
        }
    }
    if let (Some(deal), Some(dealer), Some(t)) = (info.deal, info.dealer, tags.get(Known::Deal))
        && deal.first != dealer
    {
        diags.push(warn(
            codes::EXPORT_FORMAT,
            "in export format the deal starts with the dealer",
            t.value_span,
        ));
    }
    if let Some(t) = tags.get(Known::Vulnerable)
        && !matches!(t.value.as_ref(), "None" | "NS" | "EW" | "All" | "" | "?")
    {
        diags.push(warn(codes::EXPORT_FORMAT, "export format writes None, NS, EW or All", t.value_span));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(text: &str) -> Record<'_> {
        Reader::new(text, Options::default()).next().unwrap()
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
    }

    /// A rule broken the same way in every game is reported once, with the count at the end, also
    /// under strict (a bad date is no producer's convention); a convention is an error in every
    /// game under strict.
    #[test]
    fn repeated_warnings_are_counted_once_per_file() {
        let game = |n: u32| format!("[Board \"{n}\"]\n[Date \"{n}-Aug-2023\"]\n\n");
        let text: String = (1..=5).map(game).collect();
        let lenient: Vec<_> = Reader::new(&text, Options::default()).collect();
        let counts: Vec<usize> = lenient.iter().map(|r| r.diagnostics.len()).collect();
        assert_eq!(counts, [1, 0, 0, 0, 1]);
        assert!(lenient[4].diagnostics[0].message().starts_with("the same in 4 more games"));
        let strict: Vec<_> = Reader::new(&text, Options { strict: true }).collect();
        assert_eq!(strict, lenient);
        let game = |n: u32| format!("[Board \"{n}\"]\n[Contract \"3N\"]\n\n");
        let text: String = (1..=3).map(game).collect();
        let lenient: Vec<_> = Reader::new(&text, Options::default()).collect();
        assert_eq!(lenient.iter().map(|r| r.diagnostics.len()).collect::<Vec<_>>(), [1, 0, 1]);
        assert!(!lenient.iter().any(Record::has_errors));
        let strict: Vec<_> = Reader::new(&text, Options { strict: true }).collect();
        assert!(strict.iter().all(|r| r.diagnostics.iter().filter(|d| d.is_error()).count() == 1
            && r.diagnostics.iter().all(|d| d.code() == codes::NOTRUMP_AS_N)));
    }

    #[test]
    fn scores_from_the_tables() {
        use Denomination::*;
        assert_eq!(duplicate_score(3, NoTrump, Risk::Undoubled, false, 9), 400);
        assert_eq!(duplicate_score(3, NoTrump, Risk::Undoubled, true, 10), 630);
        assert_eq!(duplicate_score(2, Hearts, Risk::Undoubled, false, 9), 140);
        assert_eq!(duplicate_score(1, Clubs, Risk::Doubled, false, 7), 140);
        assert_eq!(duplicate_score(1, Clubs, Risk::Redoubled, true, 8), 630);
        assert_eq!(duplicate_score(2, Clubs, Risk::Redoubled, true, 8), 760);
        assert_eq!(duplicate_score(6, Spades, Risk::Undoubled, true, 12), 1430);
        assert_eq!(duplicate_score(7, NoTrump, Risk::Undoubled, false, 13), 1520);
        assert_eq!(duplicate_score(4, Spades, Risk::Doubled, false, 6), -800);
        assert_eq!(duplicate_score(4, Spades, Risk::Doubled, true, 6), -1100);
        assert_eq!(duplicate_score(4, Spades, Risk::Redoubled, false, 9), -200);
        assert_eq!(duplicate_score(4, Spades, Risk::Undoubled, true, 8), -200);
    }

    #[test]
    fn auction_outcome_and_declarer() {
        let r = one("[Dealer \"E\"]\n[Auction \"E\"]\n1H Pass 2C Pass\n2H Pass 4H X\nPass Pass XX AP\n");
        assert!(!r.has_errors(), "{:?}", r.diagnostics);
        let (contract, declarer) = r.info.auction_outcome.unwrap();
        assert_eq!(contract.export(), "4HXX");
        assert_eq!(declarer, Some(Compass::East));
    }

    #[test]
    fn inheritance() {
        let text =
            "[Event \"##Club\"]\n[Site \"Here\"]\n\n[Site \"#\"]\n\n[Event \"Other\"]\n\n[Board \"4\"]\n";
        let records: Vec<_> = Reader::new(text, Options::default()).collect();
        assert_eq!(records[1].tag("Event"), Some("Club"));
        assert_eq!(records[1].tag("Site"), Some("Here"));
        assert_eq!(records[2].tag("Event"), Some("Other"));
        assert_eq!(records[3].tag("Event"), Some("Other"));
        assert_eq!(records[3].tag("Site"), None);
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
        let records: Vec<_> = Reader::new(text, Options::default()).collect();
        let once = crate::write::write_import(records.iter().map(|r| &r.game), "\n");
        assert_eq!(once, text);
        // F6: a score beyond 64 bits is reported.
        let r = one("[Score \"NS 340282366920938463463374607431768211457\"]\n");
        assert!(r.diagnostics.iter().any(|d| d.code() == codes::BAD_SCORE));
    }
}
