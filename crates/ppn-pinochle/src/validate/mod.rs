//! Checking: headers, inheritance (`#`, `##`), the EXPORT roster, typed values, and the DD4 game
//! rules of the digest in its check order, then the across-hand lints.
//!
//! What a hand inherits (`#`, `##`) is resolved by the reader as it cuts the file
//! ([`Inheritance`]), so [`Checker::check`](cards_core::notation::Checker::check) checks a hand
//! alone, on any thread; the checks across hands (GameScores carried over, Hand numbers, Victor)
//! run in [`Checker::finish`](cards_core::notation::Checker::finish), in file order, with the
//! running totals the [`Checker`] keeps.

use std::borrow::Cow;

use crate::card_text as pinochle;
use cards_core::{Card, CardCounts, CardSet, Deck, Diagnostic, DiagnosticSink, Rank, Span, Suit};

use crate::PinochleSeat;
use crate::codes as code;
use crate::meld::{self, STANDARD};
use crate::model::Item;
use crate::model::{FormatKind, Hand, Header, HeaderLine, Outcome, Tag, Token};

mod across;
mod auction;
mod inherit;
mod play;
mod tags;
mod typed;

pub(crate) use across::AcrossHand;
pub use across::AcrossHands;
use auction::{AuctionOutcome, check_auction};
use inherit::Resolved;
pub(crate) use inherit::{Inheritance, Inherited};
use play::check_play;
pub use play::{legality_of, trick_winner};
use tags::{
    check_deal_tags, check_hand_scores, check_melds, check_play_scores, check_result, check_roster,
    check_trump, check_variant, find,
};
use typed::Typed;

/// Check options.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// A producer's convention (read with a warning code of its own, [`code::LENIENCIES`]) becomes
    /// an error.
    pub strict: bool,
    /// The "must head the trick" rule (digest §7 rule 3). On by default.
    pub must_head: bool,
    /// The lowest legal bid (50).
    pub min_bid: u32,
}

impl Options {
    /// Applies the options to a record's diagnostics (under `strict`, leniencies become errors).
    pub fn apply(&self, diagnostics: &mut [Diagnostic]) {
        if self.strict {
            cards_core::diagnostic::make_strict(diagnostics, code::LENIENCIES);
        }
    }
}

impl Default for Options {
    fn default() -> Self {
        Options { strict: false, must_head: true, min_bid: 50 }
    }
}

/// The EXPORT mandatory tags for DD4, in roster order.
pub const EXPORT_ROSTER: [&str; 20] = [
    "Site",
    "Date",
    "North",
    "East",
    "South",
    "West",
    "Hand",
    "GameScores",
    "Dealer",
    "Deal",
    "Declarer",
    "Contract",
    "Trump",
    "Melds",
    "MeldScores",
    "PlayScores",
    "Result",
    "HandScores",
    "Auction",
    "Play",
];

/// What a hand says (stated values first, computed ones where a tag is absent).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Summary {
    /// Hand number.
    pub hand: Option<i64>,
    /// Dealer.
    pub dealer: Option<PinochleSeat>,
    /// Declarer.
    pub declarer: Option<PinochleSeat>,
    /// Contract.
    pub contract: Option<i64>,
    /// Trump: `Some(None)` is `-`.
    pub trump: Option<Option<Suit>>,
    /// Team meld scores (NS, EW).
    pub meld_scores: Option<Vec<i64>>,
    /// Team play scores.
    pub play_scores: Option<Vec<i64>>,
    /// Team hand scores.
    pub hand_scores: Option<Vec<i64>>,
    /// Team game scores before the hand.
    pub game_scores: Option<Vec<i64>>,
    /// Result.
    pub result: Option<Outcome>,
}

/// The check result of one hand, before the checks across hands.
#[derive(Debug, Clone, Default)]
struct HandReport {
    diagnostics: Vec<Diagnostic>,
    summary: Summary,
}

/// The checks of one hand alone, with the file's options and format.
#[derive(Debug, Clone, Copy)]
struct HandRules {
    opts: Options,
    format: Option<FormatKind>,
}

/// The checks of a file's hands: [`Checker::check`](cards_core::notation::Checker::check) checks
/// a hand alone (the first one also the file's headers), on any thread, and sets its
/// [`Summary`]; [`Checker::finish`](cards_core::notation::Checker::finish) checks it against the
/// hands before it (GameScores carried over, Hand numbers, Victor), in file order, with the
/// running totals this checker keeps ([`AcrossHands`]). The rules are
/// [`Pinochle`](crate::Pinochle)'s [`Rules`](cards_core::Rules).
///
/// ```
/// use cards_core::notation::{Checker as _, Notation, ReadRecords};
/// use ppn_pinochle::{Options, Pinochle};
///
/// let text = "% PPN 1.0\n% IMPORT\n\n[Hand \"1\"]\n[GameScores \"0:0\"]\n\n[Hand \"3\"]\n";
/// let mut reader = Pinochle::reader(text.as_bytes(), Options::default());
/// let mut checker = Pinochle::checker(&Options::default());
/// let mut codes = Vec::new();
/// while let Some(raw) = reader.read_raw() {
///     let mut record = Pinochle::parse(raw?, &Options::default()); // any thread
///     checker.check(&mut record); // any thread
///     checker.finish(&mut record, false); // in file order
///     codes.extend(record.diagnostics.iter().map(|d| d.code()));
/// }
/// assert_eq!(codes, ["HAND_NUMBER"]);
/// # Ok::<(), std::io::Error>(())
/// ```
pub type Checker = cards_core::RulesChecker<crate::Pinochle>;

impl cards_core::Rules for crate::Pinochle {
    type State = AcrossHands;

    fn check(options: &Options, record: &mut crate::Record) {
        let model = &mut record.model;
        let mut diagnostics = std::mem::take(&mut record.diagnostics);
        let syntax = diagnostics.split_off(model.header_len.min(diagnostics.len()));
        if model.number == 0 {
            header_checks(&model.headers, *options, &mut diagnostics);
        }
        let format = model.headers.iter().find_map(|h| match h.header {
            Header::Format(kind) => Some(kind),
            _ => None,
        });
        let rules = HandRules { opts: *options, format };
        match &model.hand {
            Some(hand) => {
                let (report, across) = rules.check_hand(hand, &model.inherited, syntax);
                diagnostics.extend(report.diagnostics);
                model.summary = Some(report.summary);
                model.across = across;
            }
            None => {
                diagnostics.extend(syntax);
                model.summary = Some(Summary::default());
            }
        }
        record.diagnostics = diagnostics;
    }

    fn finish(options: &Options, across: &mut AcrossHands, record: &mut crate::Record, _last: bool) {
        if let Some(hand) = &record.model.across {
            across.check(hand, options, &mut record.diagnostics);
        }
    }
}

/// The checks of a file's headers (the first record's).
fn header_checks(headers: &[HeaderLine], opts: Options, sink: &mut dyn DiagnosticSink) {
    // Held back to be made strict.
    let mut diags = Vec::new();
    let first_span = headers.first().map_or(Span::at(0), |h| h.at.0);
    match headers.first().map(|h| &h.header) {
        Some(Header::Notation(version)) => {
            if version != "1.0" {
                diags.push(Diagnostic::warning(
                    code::HEADER_SYNTAX,
                    format!("notation version `{version}`; this reader knows PPN 1.0"),
                    first_span,
                ));
            }
        }
        _ => diags.push(
            Diagnostic::error(
                code::MISSING_NOTATION_HEADER,
                "the file does not start with `% PPN 1.0`",
                first_span,
            )
            .with_help("the first line of a PPN file is `% PPN 1.0`"),
        ),
    }
    let format = headers.iter().find_map(|h| match h.header {
        Header::Format(kind) => Some(kind),
        _ => None,
    });
    if format.is_none() {
        diags.push(
            Diagnostic::error(code::MISSING_FORMAT_HEADER, "no `% EXPORT` or `% IMPORT` header", first_span)
                .with_help("add `% EXPORT` or `% IMPORT` after `% PPN 1.0`"),
        );
    }
    for h in headers {
        if let Header::Other(text) = &h.header {
            diags.push(Diagnostic::warning(
                code::HEADER_SYNTAX,
                format!("unknown header `% {text}`"),
                h.at.0,
            ));
        }
    }
    if format == Some(FormatKind::Export) && !headers.iter().any(|h| h.header == Header::Blank) {
        diags.push(Diagnostic::warning(
            code::HEADER_BLANK_LINE,
            "EXPORT headers lack the blank escaped header line `%`",
            headers.last().map_or(Span::at(0), |h| h.at.0),
        ));
    }
    opts.apply(&mut diags);
    sink.report_all(diags);
}

fn seat_index(seat: PinochleSeat) -> Option<usize> {
    match seat {
        PinochleSeat::North => Some(0),
        PinochleSeat::East => Some(1),
        PinochleSeat::South => Some(2),
        PinochleSeat::West => Some(3),
        _ => None,
    }
}

const SEATS: [PinochleSeat; 4] =
    [PinochleSeat::North, PinochleSeat::East, PinochleSeat::South, PinochleSeat::West];

fn seat_at(i: usize) -> PinochleSeat {
    SEATS[i % 4]
}

fn team(i: usize) -> usize {
    i % 2
}

/// Trick-taking strength by rank index (a card's low nibble): 6 for the ace down to 1 for the
/// nine, in the order of [`pinochle::RANK_ORDER`]; 0 for ranks outside the pinochle deck.
const STRENGTH: [u8; 16] = {
    let mut table = [0u8; 16];
    let mut i = 0;
    while i < pinochle::RANK_ORDER.len() {
        table[pinochle::RANK_ORDER[i] as usize] = (pinochle::RANK_ORDER.len() - i) as u8;
        i += 1;
    }
    table
};

/// The highest strength among the pinochle ranks of a 13-bit rank mask (see [`STRENGTH`]),
/// indexed by the mask's bits 7 to 12 (9 T J Q K A); 0 when none of them is held.
const TOP_STRENGTH: [u8; 64] = {
    let mut table = [0u8; 64];
    let mut mask = 0;
    while mask < 64 {
        let mut bit = 0;
        while bit < 6 {
            if mask & (1 << bit) != 0 && STRENGTH[7 + bit] > table[mask] {
                table[mask] = STRENGTH[7 + bit];
            }
            bit += 1;
        }
        mask += 1;
    }
    table
};

fn strength(card: Card) -> u8 {
    STRENGTH.get(usize::from(card.index() & 0x0f)).copied().unwrap_or(0)
}

/// The strength of the best pinochle rank `held` has in `suit` (0 when none).
fn top_strength(held: CardSet, suit: Suit) -> u8 {
    TOP_STRENGTH.get(usize::from(held.ranks_in(suit) >> 7) & 63).copied().unwrap_or(0)
}

/// Trick points of a card: A, T and K count 1 (counters), Q, J and 9 nothing.
#[must_use]
pub fn counter_points(card: Card) -> u32 {
    const COUNTERS: u16 = 1 << Rank::Ace as u8 | 1 << Rank::Ten as u8 | 1 << Rank::King as u8;
    u32::from(COUNTERS >> (card.index() & 0x0f) & 1 == 1)
}

fn scores_text(s: &[i64]) -> String {
    s.iter().map(i64::to_string).collect::<Vec<_>>().join(":")
}

/// One tag after inheritance.
#[derive(Debug)]
struct Eff<'h> {
    name: &'h str,
    value: Cow<'h, str>,
    /// Where the value's text is: in this hand's tag, or, for an inherited value (`#`, `##`), in
    /// the earlier tag it came from, so offsets inside the value stay inside its text.
    span: Span,
    tag: Option<&'h Tag>,
}

/// Number of tag names with a fixed slot (the draft's tags).
const KNOWN_TAGS: usize = 52;

/// The slot of a tag name the draft defines.
fn tag_id(name: &str) -> Option<usize> {
    match name {
        "Site" => Some(0),
        "Date" => Some(1),
        "North" => Some(2),
        "East" => Some(3),
        "South" => Some(4),
        "West" => Some(5),
        "Hand" => Some(6),
        "GameScores" => Some(7),
        "Dealer" => Some(8),
        "Deal" => Some(9),
        "Declarer" => Some(10),
        "Contract" => Some(11),
        "Trump" => Some(12),
        "Melds" => Some(13),
        "MeldScores" => Some(14),
        "PlayScores" => Some(15),
        "Result" => Some(16),
        "HandScores" => Some(17),
        "Auction" => Some(18),
        "Play" => Some(19),
        "Annotator" => Some(20),
        "BidSystem1" => Some(21),
        "BidSystem2" => Some(22),
        "Chat" => Some(23),
        "Competition" => Some(24),
        "Discard" => Some(25),
        "Event" => Some(26),
        "Holding" => Some(27),
        "Kitty" => Some(28),
        "Language" => Some(29),
        "Note" => Some(30),
        "Partner" => Some(31),
        "Passed" => Some(32),
        "Round" => Some(33),
        "Room" => Some(34),
        "Scoring" => Some(35),
        "Stage" => Some(36),
        "Termination" => Some(37),
        "TimeControl" => Some(38),
        "Victor" => Some(39),
        "NorthType" => Some(40),
        "EastType" => Some(41),
        "SouthType" => Some(42),
        "WestType" => Some(43),
        "Northeast" => Some(44),
        "Southeast" => Some(45),
        "Southwest" => Some(46),
        "Northwest" => Some(47),
        "NortheastType" => Some(48),
        "SoutheastType" => Some(49),
        "SouthwestType" => Some(50),
        "NorthwestType" => Some(51),
        _ => None,
    }
}

/// Last values of tags, by name, each with where its text is in the file: a slot per draft tag,
/// a list for the others.
#[derive(Debug, Clone, Default)]
struct LastValues {
    known: Vec<Option<(String, Span)>>,
    other: Vec<(String, String, Span)>,
}

impl LastValues {
    fn get(&self, name: &str) -> Option<(&str, Span)> {
        match tag_id(name) {
            Some(id) => self.known.get(id).and_then(|v| v.as_ref()).map(|(v, s)| (v.as_str(), *s)),
            None => lookup(&self.other, name),
        }
    }

    /// Sets the last value of `name`, whose slot is `id` ([`tag_id`]).
    fn set(&mut self, id: Option<usize>, name: &str, value: &str, span: Span) {
        match id {
            Some(id) => {
                if self.known.len() < KNOWN_TAGS {
                    self.known.resize(KNOWN_TAGS, None);
                }
                if let Some(slot) = self.known.get_mut(id) {
                    match slot {
                        Some((s, at)) => {
                            s.clear();
                            s.push_str(value);
                            *at = span;
                        }
                        None => *slot = Some((value.to_owned(), span)),
                    }
                }
            }
            None => store(&mut self.other, name, value, span),
        }
    }
}

fn lookup<'v>(list: &'v [(String, String, Span)], name: &str) -> Option<(&'v str, Span)> {
    list.iter().find(|(n, _, _)| n == name).map(|(_, v, s)| (v.as_str(), *s))
}

fn store(list: &mut Vec<(String, String, Span)>, name: &str, value: &str, span: Span) {
    if let Some(slot) = list.iter_mut().find(|(n, _, _)| n == name) {
        slot.1.clear();
        slot.1.push_str(value);
        slot.2 = span;
    } else {
        list.push((name.to_owned(), value.to_owned(), span));
    }
}

/// Per-seat hands (N E S W).
type Seats<T> = [Option<T>; 4];

impl HandRules {
    /// Checks one hand alone, its tags resolved (`inherited`); `syntax` holds the reader's
    /// diagnostics for it (they come first). Gives the hand's report and what the checks across
    /// hands need of it (`None` for a hand of another variant, which they skip).
    fn check_hand(
        &self,
        hand: &Hand,
        inherited: &Inherited,
        syntax: Vec<Diagnostic>,
    ) -> (HandReport, Option<AcrossHand>) {
        let mut d = syntax;
        d.extend(inherited.diagnostics.iter().cloned());
        let hand_start = Span::at(hand.at.0.start);
        let mut eff: Vec<Eff<'_>> = Vec::with_capacity(inherited.tags.len());
        let mut index = [u8::MAX; KNOWN_TAGS];
        for resolved in &inherited.tags {
            let (name, value, span, tag): (&str, Cow<'_, str>, Span, Option<&Tag>) = match resolved {
                Resolved::Own { item, sticky } => {
                    let Some(Item::Tag(tag)) = hand.items.get(*item) else { continue };
                    if *sticky {
                        let value = tag.value.get(2..).unwrap_or_default();
                        let span = Span::new(tag.value_at.0.start + 2, tag.value_at.0.end);
                        (&tag.name, Cow::Borrowed(value), span, Some(tag))
                    } else {
                        (&tag.name, Cow::Borrowed(tag.value.as_str()), tag.value_at.0, Some(tag))
                    }
                }
                Resolved::Inherited { item, value, span } => {
                    let Some(Item::Tag(tag)) = hand.items.get(*item) else { continue };
                    (&tag.name, Cow::Borrowed(value.as_str()), *span, Some(tag))
                }
                Resolved::Sticky { name, value, span } => (name, Cow::Borrowed(value.as_str()), *span, None),
            };
            let id = tag_id(name);
            if let Some(slot) = id.and_then(|i| index.get_mut(i))
                && *slot == u8::MAX
            {
                *slot = u8::try_from(eff.len()).unwrap_or(u8::MAX - 1);
            }
            eff.push(Eff { name, value, span, tag });
        }
        let get = |name: &str| find(&eff, &index, name);
        let (dd4, players) = check_variant(get("Competition"), &mut d);
        if dd4 && self.format == Some(FormatKind::Export) {
            check_roster(&eff, get, hand_start, &mut d);
        }
        let t = self.typed_values(&eff, dd4, players, &mut d);

        let mut summary = Summary {
            hand: t.hand_number.map(|x| x.0),
            dealer: t.dealer.map(|x| x.0),
            declarer: t.declarer.map(|x| x.0),
            contract: t.contract.map(|x| x.0),
            trump: t.trump.map(|x| x.0),
            meld_scores: t.meld_scores.as_ref().map(|x| x.0.clone()),
            play_scores: t.play_scores.as_ref().map(|x| x.0.clone()),
            hand_scores: t.hand_scores.as_ref().map(|x| x.0.clone()),
            game_scores: t.game_scores.as_ref().map(|x| x.0.clone()),
            result: t.result.map(|x| x.0),
        };
        if dd4 {
            self.game_checks(&eff, &t, &mut d, &mut summary);
        }

        // T3 across hands: the checker's finish, in file order.
        let across = dd4.then(|| AcrossHand::of(&t, &summary));
        self.opts.apply(&mut d);
        (HandReport { diagnostics: d, summary }, across)
    }

    #[allow(clippy::too_many_lines)]
    /// The DD4 game rules of the digest, in its order; each part gives what the later ones use.
    fn game_checks(&self, eff: &[Eff<'_>], t: &Typed, d: &mut dyn DiagnosticSink, summary: &mut Summary) {
        let tag_of = |name: &str| eff.iter().find(|e| e.name == name);
        let hands = check_deal_tags(eff, t, d);
        let (auction, declarer, contract) = self.check_auction_tags(eff, t, d);
        summary.declarer = summary.declarer.or(declarer.map(seat_at));
        summary.contract = summary.contract.or(contract);
        check_trump(t, declarer, hands.as_ref(), d);
        let ms = check_melds(eff, t, hands.as_ref(), d);
        summary.meld_scores = summary.meld_scores.take().or_else(|| ms.clone());
        // Expected outcome class before play.
        let all_pass = auction.as_ref().is_some_and(|a| a.all_pass);
        let stated_result = t.result.map(|x| x.0);
        let trump = t.trump.map(|x| x.0);
        let not_played = trump == Some(None)
            || all_pass
            || matches!(stated_result, Some(Outcome::NoBoard | Outcome::NoTrump));
        let (counters, play_truncated) =
            self.check_play_tag(tag_of("Play"), t, declarer, hands, not_played, d);
        let computed_ps = check_play_scores(t, counters, d);
        summary.play_scores = summary.play_scores.take().or(computed_ps);
        if t.termination || play_truncated {
            return;
        }
        // c(t): from the play, else from stated PlayScores (0 there means fewer than 20).
        let c: Option<[i64; 2]> =
            counters.or_else(|| t.play_scores.as_ref().and_then(|(s, _)| Some([*s.first()?, *s.get(1)?])));
        let expected_result = check_result(t, all_pass, declarer, contract, c.as_ref(), ms.as_ref(), d);
        summary.result = summary.result.or(expected_result);
        let outcome = expected_result.or(stated_result);
        if let Some(scores) = check_hand_scores(t, outcome, declarer, contract, c.as_ref(), ms.as_ref(), d)
            && summary.hand_scores.is_none()
        {
            summary.hand_scores = Some(scores);
        }
    }

    /// The Auction section and the Declarer and Contract it decides. Gives the auction's outcome,
    /// the declarer and the contract (stated, else from the auction).
    fn check_auction_tags(
        &self,
        eff: &[Eff<'_>],
        t: &Typed,
        d: &mut dyn DiagnosticSink,
    ) -> (Option<AuctionOutcome>, Option<usize>, Option<i64>) {
        let tag_of = |name: &str| eff.iter().find(|e| e.name == name);
        let dealer = t.dealer.and_then(|(s, _)| seat_index(s));
        let auction = tag_of("Auction").and_then(|e| {
            let tag = e.tag?;
            let first = seat_index(t.auction?)?;
            if let Some(dl) = dealer
                && first != (dl + 1) % 4
            {
                d.report(Diagnostic::error(
                    code::AUCTION_FIRST_SEAT,
                    format!(
                        "the auction starts with {}; the dealer's left is {}",
                        seat_at(first),
                        seat_at(dl + 1)
                    ),
                    e.span,
                ));
            }
            Some(check_auction(tag, first, self.opts.min_bid, t.termination, d))
        });
        if let Some(a) = &auction {
            if a.all_pass {
                // Nothing to compare Declarer/Contract with.
            } else if a.complete {
                if let (Some((declarer, span)), Some(winner)) = (t.declarer, a.winner)
                    && seat_index(declarer) != Some(winner)
                {
                    d.report(Diagnostic::error(
                        code::DECLARER_MISMATCH,
                        format!("Declarer {declarer} but the auction was won by {}", seat_at(winner)),
                        span,
                    ));
                }
                if let (Some((contract, span)), Some(bid)) = (t.contract, a.contract)
                    && contract != i64::from(bid)
                {
                    d.report(Diagnostic::error(
                        code::CONTRACT_MISMATCH,
                        format!("Contract {contract} but the winning bid was {bid}"),
                        span,
                    ));
                }
            }
        }
        let declarer =
            t.declarer.and_then(|x| seat_index(x.0)).or_else(|| auction.as_ref().and_then(|a| a.winner));
        let contract =
            t.contract.map(|x| x.0).or_else(|| auction.as_ref().and_then(|a| a.contract.map(i64::from)));

        (auction, declarer, contract)
    }

    /// The Play section: its leader, and every trick against the hands. Gives the counters per
    /// team (when the play is complete) and whether it stops early.
    fn check_play_tag(
        &self,
        play: Option<&Eff<'_>>,
        t: &Typed,
        declarer: Option<usize>,
        hands: Option<Seats<CardCounts>>,
        not_played: bool,
        d: &mut dyn DiagnosticSink,
    ) -> (Option<[i64; 2]>, bool) {
        let trump = t.trump.map(|x| x.0);
        let mut counters: Option<[i64; 2]> = None;
        let mut play_truncated = false;
        if let Some(e) = play
            && let Some(tag) = e.tag
        {
            let lines = tag.section.as_ref().map_or(&[][..], |s| &s.lines[..]);
            let has_cards = lines.iter().flat_map(|l| &l.tokens).any(|t| matches!(t.value, Token::Card(_)));
            if not_played {
                if has_cards {
                    d.report(Diagnostic::error(
                        code::PLAY_NOT_EXPECTED,
                        "a hand without trump or without a contract is not played",
                        tag.at.0,
                    ));
                }
            } else if let Some(seat) = t.play {
                if let (Some(leader), Some(dc)) = (seat_index(seat), declarer)
                    && leader != dc
                {
                    d.report(Diagnostic::error(
                        code::PLAY_LEADER_NOT_DECLARER,
                        format!("play starts with {} but the declarer is {}", seat, seat_at(dc)),
                        e.span,
                    ));
                }
                if let Some(leader) = seat_index(seat) {
                    let out = check_play(
                        tag,
                        leader,
                        trump.flatten(),
                        trump.is_some(),
                        hands,
                        self.opts,
                        t.termination,
                        d,
                    );
                    counters = out.counters;
                    play_truncated = out.truncated;
                }
            }
        }
        (counters, play_truncated)
    }
}
