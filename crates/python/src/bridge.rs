//! PBN and LIN boards as Python objects: `Board` (board number, dealer, vulnerability, `Deal`,
//! auction of `Call`s, play of `PlayedCard`s, `Contract`, result and score), read with
//! `pbn::Reader` + `pbn::check` and `lin::Reader` + `lin::check`, written back with each
//! crate's `Writer`.

use std::sync::Arc;

use cards_core::{Card, CardSet, Compass, LineIndex, Suit};
use pbn::model::{AuctionItem, Contract as PbnContract, Denomination, PlayItem, Vulnerability};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::{ErrorParts, Loaded, diagnostic_dicts};

/// `N`, `E`, `S` or `W`.
pub(crate) fn seat_text(seat: Compass) -> String {
    seat.char().to_string()
}

/// A seat from `N`, `E`, `S`, `W` (or `north`...).
pub(crate) fn parse_seat(text: &str) -> PyResult<Compass> {
    text.chars()
        .next()
        .and_then(Compass::from_char)
        .filter(|_| {
            text.len() == 1 || ["north", "east", "south", "west"].contains(&text.to_lowercase().as_str())
        })
        .ok_or_else(|| PyValueError::new_err(format!("unknown seat {text:?} (N, E, S or W)")))
}

/// A vulnerability as PBN writes it (`None`, `NS`, `EW`, `All`, `Both`, `-`...).
pub(crate) fn parse_vulnerability(text: &str) -> PyResult<Vulnerability> {
    pbn::model::parse_vulnerability(text)
        .ok_or_else(|| PyValueError::new_err(format!("unknown vulnerability {text:?} (None, NS, EW or All)")))
}

/// A card as bridge writes it: suit then rank (`SA`, `HT`, `C2`).
pub(crate) fn card_text(card: Card) -> String {
    [card.suit().upper_char(), card.rank().char()].into_iter().collect()
}

/// A hand as PBN writes it: `AKQ.JT9.876.5432` (spades first).
pub(crate) fn hand_text(hand: CardSet) -> String {
    let suits = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];
    let parts: Vec<String> = suits
        .iter()
        .map(|&suit| {
            let mut cards: Vec<Card> = hand.suit(suit).iter().collect();
            cards.sort_by_key(|c| std::cmp::Reverse(c.rank().index()));
            cards.iter().map(|c| c.rank().char()).collect()
        })
        .collect();
    parts.join(".")
}

/// The four hands of a board (a hand not given is `None`).
///
/// >>> import cardnote
/// >>> deal = cardnote.Deal("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3")
/// >>> deal.hand("E")[:3], str(deal) == deal.to_pbn()
/// (['S8', 'S7', 'S3'], True)
#[pyclass(module = "cardnote", frozen)]
#[derive(Clone)]
pub struct Deal {
    pub(crate) hands: [Option<CardSet>; 4],
}

#[pymethods]
impl Deal {
    /// A deal from PBN's `Deal` text (`N:hand hand hand hand`, a hand `-` when not given).
    #[new]
    pub(crate) fn py_new(pbn: &str) -> PyResult<Deal> {
        let text = format!("[Deal \"{pbn}\"]\n");
        let record =
            cards_core::notation::read_checked::<pbn::Pbn, _>(text.as_bytes(), pbn::Options::default())
                .next()
                .and_then(Result::ok);
        record
            .and_then(|r| r.model.info.deal)
            .map(|deal| Deal { hands: deal.hands })
            .ok_or_else(|| PyValueError::new_err(format!("not a PBN deal: {pbn:?}")))
    }

    /// The cards of `seat` (`N`, `E`, `S`, `W`), highest first by suit (spades first); `None`
    /// when the hand is not given.
    fn hand(&self, seat: &str) -> PyResult<Option<Vec<String>>> {
        let seat = parse_seat(seat)?;
        Ok(self.hands[seat.index()].map(|hand| {
            let mut cards: Vec<Card> = hand.iter().collect();
            cards.sort_by_key(|c| (suit_order(c.suit()), std::cmp::Reverse(c.rank().index())));
            cards.into_iter().map(card_text).collect()
        }))
    }

    /// Whether all four hands hold 13 different cards.
    #[getter]
    fn is_complete(&self) -> bool {
        self.hands.iter().all(|h| h.is_some_and(|h| h.len() == 13))
    }

    /// The deal as PBN's `Deal` value, North first.
    fn to_pbn(&self) -> String {
        let hands: Vec<String> =
            self.hands.iter().map(|h| h.map_or_else(|| "-".to_owned(), hand_text)).collect();
        format!("N:{}", hands.join(" "))
    }

    fn __str__(&self) -> String {
        self.to_pbn()
    }

    fn __repr__(&self) -> String {
        format!("cardnote.Deal({:?})", self.to_pbn())
    }

    fn __eq__(&self, other: &Deal) -> bool {
        self.hands == other.hands
    }
}

const fn suit_order(suit: Suit) -> u8 {
    match suit {
        Suit::Spades => 0,
        Suit::Hearts => 1,
        Suit::Diamonds => 2,
        Suit::Clubs => 3,
    }
}

/// One call of an auction: `text` (`Pass`, `X`, `XX`, `1NT`), `level` and `strain` for a bid,
/// the `seat` that made it, and its alert and explanation (LIN `an`, a PBN note).
#[pyclass(module = "cardnote", frozen, get_all)]
#[derive(Clone)]
pub struct Call {
    /// `Pass`, `X`, `XX` or a bid (`1NT`, `4S`).
    text: String,
    /// 1 to 7 for a bid.
    level: Option<u8>,
    /// `C`, `D`, `H`, `S` or `NT` for a bid.
    strain: Option<&'static str>,
    /// `N`, `E`, `S` or `W` (`None` without a dealer).
    seat: Option<String>,
    /// Whether the call was alerted.
    alert: bool,
    /// The explanation or note, if any.
    explanation: Option<String>,
}

#[pymethods]
impl Call {
    fn __repr__(&self) -> String {
        format!("<cardnote.Call {} by {}>", self.text, self.seat.as_deref().unwrap_or("?"))
    }
}

/// A card played, with the seat that played it.
#[pyclass(module = "cardnote", frozen, get_all)]
#[derive(Clone)]
pub struct PlayedCard {
    /// `SA`, `HT`, `C2`.
    card: String,
    /// `N`, `E`, `S` or `W` (`None` when it cannot be told).
    seat: Option<String>,
}

#[pymethods]
impl PlayedCard {
    fn __repr__(&self) -> String {
        format!("<cardnote.PlayedCard {} by {}>", self.card, self.seat.as_deref().unwrap_or("?"))
    }
}

/// A contract: `level`, `strain` (`C`...`NT`), `risk` (``, `X`, `XX`) and `declarer`; a passed
/// out board has `passed_out` true and no level.
///
/// >>> import cardnote
/// >>> c = cardnote.Contract("4SX", "N")
/// >>> c.level, c.strain, c.risk, c.declarer, str(c)
/// (4, 'S', 'X', 'N', '4SX N')
#[pyclass(module = "cardnote", frozen)]
#[derive(Clone, Copy)]
pub struct Contract {
    pub(crate) contract: PbnContract,
    pub(crate) declarer: Option<Compass>,
}

#[pymethods]
impl Contract {
    /// A contract from its PBN text (`4S`, `3NTXX`, `Pass`) and the declarer's seat.
    #[new]
    #[pyo3(signature = (text, declarer = None))]
    pub(crate) fn py_new(text: &str, declarer: Option<&str>) -> PyResult<Contract> {
        let contract = PbnContract::parse(&pbn::model::long_notrump(text).unwrap_or_else(|| text.to_owned()))
            .filter(|c| !matches!(c, PbnContract::Trump(_)))
            .ok_or_else(|| PyValueError::new_err(format!("not a contract: {text:?}")))?;
        Ok(Contract { contract, declarer: declarer.map(parse_seat).transpose()? })
    }

    /// 1 to 7; `None` when passed out.
    #[getter]
    fn level(&self) -> Option<u8> {
        match self.contract {
            PbnContract::Bid(bid) => Some(bid.level),
            _ => None,
        }
    }

    /// `C`, `D`, `H`, `S` or `NT`; `None` when passed out.
    #[getter]
    fn strain(&self) -> Option<&'static str> {
        self.contract.denomination().map(Denomination::text)
    }

    /// ``, `X` or `XX`.
    #[getter]
    fn risk(&self) -> &'static str {
        match self.contract {
            PbnContract::Bid(bid) => bid.risk.text(),
            _ => "",
        }
    }

    /// The declarer's seat.
    #[getter]
    fn declarer(&self) -> Option<String> {
        self.declarer.map(seat_text)
    }

    /// Whether the board was passed out.
    #[getter]
    fn passed_out(&self) -> bool {
        self.contract == PbnContract::Pass
    }

    fn __str__(&self) -> String {
        match self.declarer {
            Some(seat) if !self.passed_out() => format!("{} {seat}", self.contract.export()),
            _ => self.contract.export(),
        }
    }

    fn __repr__(&self) -> String {
        format!("<cardnote.Contract {}>", self.__str__())
    }
}

/// Where a board came from, for writing it back.
enum Source {
    Pbn(Box<pbn::Record>),
    /// A LIN board, the match header before it, and the trailer after it when it is the last
    /// board of a pairs file (standings: no board of its own, so it rides on the board before it).
    Lin {
        record: Box<lin::Record>,
        header: Option<Arc<lin::Record>>,
        trailer: Option<Box<lin::Record>>,
    },
}

/// One bridge board of a PBN or LIN file, with its deal, auction, play, contract, result and
/// score. `write()` gives it back through its crate's writer (PBN: the export format; LIN: the
/// bytes as read).
///
/// >>> import cardnote
/// >>> board = cardnote.load_boards(cardnote.EXAMPLE_BOARD)[0]
/// >>> board.board, board.dealer, board.vulnerability, str(board.contract), board.result, board.score
/// ('1', 'N', 'None', '2S W', 8, 110)
/// >>> [(c.seat, c.text) for c in board.auction][3:6]
/// [('W', '1S'), ('N', 'Pass'), ('E', '2S')]
#[pyclass(module = "cardnote", frozen)]
pub struct Board {
    format: &'static str,
    board: Option<String>,
    dealer: Option<Compass>,
    vulnerability: Option<Vulnerability>,
    deal: Option<Deal>,
    auction: Vec<Call>,
    play: Vec<PlayedCard>,
    contract: Option<Contract>,
    result: Option<u8>,
    score_ns: Option<i64>,
    players: Option<Vec<String>>,
    diagnostics: Py<PyList>,
    source: Source,
}

#[pymethods]
impl Board {
    /// `pbn` or `lin`.
    #[getter]
    fn format(&self) -> &'static str {
        self.format
    }

    /// The board number (PBN `Board`, LIN `ah`/`qx`), as written.
    #[getter]
    fn board(&self) -> Option<String> {
        self.board.clone()
    }

    /// The dealer's seat.
    #[getter]
    fn dealer(&self) -> Option<String> {
        self.dealer.map(seat_text)
    }

    /// `None`, `NS`, `EW` or `All`.
    #[getter]
    fn vulnerability(&self) -> Option<&'static str> {
        self.vulnerability.map(pbn::model::vulnerability_export)
    }

    /// The deal.
    #[getter]
    fn deal(&self) -> Option<Deal> {
        self.deal.clone()
    }

    /// The calls in order (`AP` spelled out as passes).
    #[getter]
    fn auction(&self) -> Vec<Call> {
        self.auction.clone()
    }

    /// The cards in the order played (PBN's trick rows put in playing order).
    #[getter]
    fn play(&self) -> Vec<PlayedCard> {
        self.play.clone()
    }

    /// The contract (the `Contract` tag in PBN, the auction's in LIN).
    #[getter]
    fn contract(&self) -> Option<Contract> {
        self.contract
    }

    /// The tricks declarer took (PBN `Result`, LIN claim or counted play).
    #[getter]
    fn result(&self) -> Option<u8> {
        self.result
    }

    /// The duplicate score for North-South.
    #[getter]
    fn score_ns(&self) -> Option<i64> {
        self.score_ns
    }

    /// The duplicate score for the declaring side.
    #[getter]
    fn score(&self) -> Option<i64> {
        let declarer = self.contract.and_then(|c| c.declarer);
        match (self.score_ns, declarer) {
            (Some(s), Some(d)) if !d.is_north_south() => Some(-s),
            (s, _) => s,
        }
    }

    /// The players North, East, South, West, when the file names them.
    #[getter]
    fn players(&self) -> Option<Vec<String>> {
        self.players.clone()
    }

    /// A PBN tag's value after inheritance (`None` for a LIN board or a missing tag).
    fn tag(&self, name: &str) -> Option<String> {
        match &self.source {
            Source::Pbn(record) => record.model.tag(name).map(str::to_owned),
            Source::Lin { .. } => None,
        }
    }

    /// The errors and warnings of reading and checking the board (dicts with `code`,
    /// `severity`, `message`, `line`, `column`).
    #[getter]
    fn diagnostics<'py>(&self, py: Python<'py>) -> Bound<'py, PyList> {
        self.diagnostics.bind(py).clone()
    }

    /// The board as its format writes it (PBN export format, or LIN as read).
    fn write(&self) -> PyResult<String> {
        write_sources(std::iter::once(&self.source))
    }

    fn __repr__(&self) -> String {
        format!("<cardnote.Board {} {}>", self.format, self.board.as_deref().unwrap_or("?"))
    }
}

/// Writes boards back, PBN through `pbn::Writer` (one export header) and LIN through
/// `lin::Writer` (each match header once, before its first board).
fn write_sources<'a>(sources: impl Iterator<Item = &'a Source>) -> PyResult<String> {
    let mut pbn_writer: Option<pbn::Writer<Vec<u8>>> = None;
    let mut lin_writer: Option<lin::Writer<Vec<u8>>> = None;
    let mut last_header: Option<*const lin::Record> = None;
    for source in sources {
        match source {
            Source::Pbn(record) => {
                if lin_writer.is_some() {
                    return Err(PyValueError::new_err("PBN and LIN boards cannot be written to one file"));
                }
                pbn_writer.get_or_insert_with(|| pbn::Writer::new(Vec::new())).write_record(record)?;
            }
            Source::Lin { record, header, trailer } => {
                if pbn_writer.is_some() {
                    return Err(PyValueError::new_err("PBN and LIN boards cannot be written to one file"));
                }
                let writer = lin_writer.get_or_insert_with(|| lin::Writer::new(Vec::new()));
                if let Some(header) = header {
                    let at = Arc::as_ptr(header);
                    if last_header != Some(at) {
                        writer.write_record(header)?;
                        last_header = Some(at);
                    }
                }
                writer.write_record(record)?;
                if let Some(trailer) = trailer {
                    writer.write_record(trailer)?;
                }
            }
        }
    }
    let bytes = match (pbn_writer, lin_writer) {
        (Some(w), _) => w.into_inner()?,
        (None, Some(w)) => w.into_inner()?,
        (None, None) => Vec::new(),
    };
    String::from_utf8(bytes).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// The cards of a PBN play section in playing order: each trick from its leader (the winner of
/// the trick before); a trick with an unknown card ends the ordering.
fn pbn_play(play: &pbn::model::Play, denomination: Option<Denomination>) -> Vec<PlayedCard> {
    let mut out = Vec::new();
    let mut leader = play.first;
    for row in play.entries.chunks(4) {
        let column = |seat: Compass| (seat.index() + 4 - play.first.index()) % 4;
        let mut trick: Vec<(Compass, Card)> = Vec::new();
        for k in 0..4 {
            let seat = leader.advance(k);
            match row.get(column(seat)).map(|e| e.item) {
                Some(PlayItem::Card { card, .. }) => trick.push((seat, card)),
                _ => break,
            }
        }
        out.extend(
            trick
                .iter()
                .map(|&(seat, card)| PlayedCard { card: card_text(card), seat: Some(seat_text(seat)) }),
        );
        let winner = (trick.len() == 4)
            .then(|| pbn::trick_winner(&trick, denomination.and_then(Denomination::trump)))
            .flatten();
        match winner {
            Some(w) => leader = w,
            None => break,
        }
    }
    out
}

/// The calls of a PBN auction, `AP` spelled out as the passes that end it.
fn pbn_auction(auction: &pbn::model::Auction, notes: &[(u8, String)]) -> Vec<Call> {
    let mut out: Vec<Call> = Vec::new();
    let mut turn = 0usize;
    let mut bid = false;
    let mut trailing_passes = 0usize;
    let call = |text: String, level, strain, seat: Compass| Call {
        text,
        level,
        strain,
        seat: Some(seat_text(seat)),
        alert: false,
        explanation: None,
    };
    for entry in &auction.entries {
        let seat = auction.first.advance(turn);
        match &entry.item {
            AuctionItem::Call { call: c, .. } => {
                let (level, strain) = match c {
                    pbn::model::Call::Bid { level, denomination } => {
                        bid = true;
                        trailing_passes = 0;
                        (Some(*level), Some(denomination.text()))
                    }
                    pbn::model::Call::Pass => {
                        trailing_passes += 1;
                        (None, None)
                    }
                    _ => {
                        trailing_passes = 0;
                        (None, None)
                    }
                };
                let text = match c {
                    pbn::model::Call::Bid { level, denomination } => {
                        format!("{level}{denomination}")
                    }
                    other => other.to_string(),
                };
                let mut made = call(text, level, strain, seat);
                made.alert = entry.annotation.suffix == Some(1) || entry.annotation.note.is_some();
                made.explanation = entry
                    .annotation
                    .note
                    .and_then(|n| notes.iter().find(|(i, _)| *i == n).map(|(_, t)| t.clone()));
                out.push(made);
                turn += 1;
            }
            AuctionItem::AllPass => {
                let needed: usize = if bid { 3 } else { 4 };
                for k in 0..needed.saturating_sub(trailing_passes) {
                    out.push(call("Pass".to_owned(), None, None, auction.first.advance(turn + k)));
                }
                break;
            }
            AuctionItem::Placeholder
            | AuctionItem::Skipped
            | AuctionItem::Blank
            | AuctionItem::Unreadable => {
                turn += 1;
            }
            AuctionItem::Continue => {}
        }
    }
    out
}

fn pbn_board(py: Python<'_>, record: pbn::Record, text: &str, index: &LineIndex) -> PyResult<Board> {
    let info = &record.model.info;
    let declarer = info.declarer.map(|d| d.seat);
    let denomination = info.contract.and_then(PbnContract::denomination);
    let players: Vec<String> = ["North", "East", "South", "West"]
        .iter()
        .filter_map(|t| record.model.tag(t).map(str::to_owned))
        .collect();
    Ok(Board {
        format: "pbn",
        board: info.board.clone(),
        dealer: info.dealer,
        vulnerability: info.vulnerable,
        deal: info.deal.map(|d| Deal { hands: d.hands }),
        auction: info.auction.as_ref().map(|a| pbn_auction(a, &info.notes)).unwrap_or_default(),
        play: info.play.as_ref().map(|p| pbn_play(p, denomination)).unwrap_or_default(),
        contract: info.contract.map(|contract| Contract { contract, declarer }),
        result: info.result.and_then(|r| r.declarer_tricks(declarer)),
        score_ns: info.score_ns,
        players: (players.len() == 4).then_some(players),
        diagnostics: diagnostic_dicts(py, &record.diagnostics, text, index)?.unbind(),
        source: Source::Pbn(Box::new(record)),
    })
}

fn lin_board(
    py: Python<'_>,
    record: lin::Record,
    header: Option<Arc<lin::Record>>,
    text: &str,
    index: &LineIndex,
) -> PyResult<Option<Board>> {
    let Some(board) = record.model.board() else { return Ok(None) };
    let (contract, declarer) = match lin::check::outcome(board) {
        lin::check::Outcome::Contract { contract: c, declarer } => {
            (Some(PbnContract::Bid(c)), Some(declarer))
        }
        lin::check::Outcome::PassedOut => (Some(PbnContract::Pass), None),
        lin::check::Outcome::Open => (None, None),
    };
    let denomination = contract.and_then(PbnContract::denomination);
    let (play, tricks_played) = lin_play(board, declarer, denomination);
    let result = board.claim.or(tricks_played);
    Ok(Some(Board {
        format: "lin",
        board: board.number.map(|n| n.to_string()),
        dealer: board.dealer,
        vulnerability: board.vulnerability,
        deal: board.deal.map(|d| Deal { hands: d.hands }),
        auction: lin_auction(board),
        play,
        contract: contract.map(|contract| Contract { contract, declarer }),
        result,
        score_ns: lin_score_ns(contract, declarer, result, board.vulnerability),
        players: board.players.clone().map(Vec::from),
        diagnostics: diagnostic_dicts(py, &record.diagnostics, text, index)?.unbind(),
        source: Source::Lin { record: Box::new(record), header, trailer: None },
    }))
}

/// The calls of a LIN board, each with its seat from the dealer.
fn lin_auction(board: &lin::Board) -> Vec<Call> {
    board
        .auction
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let (text, level, strain) = match c.call {
                Some(lin::model::Call::Bid { level, denomination: d }) => {
                    (format!("{level}{d}"), Some(level), Some(d.text()))
                }
                Some(lin::model::Call::Pass) => ("Pass".to_owned(), None, None),
                Some(lin::model::Call::Double) => ("X".to_owned(), None, None),
                Some(lin::model::Call::Redouble) => ("XX".to_owned(), None, None),
                None => (c.text.clone(), None, None),
            };
            Call {
                text,
                level,
                strain,
                seat: board.dealer.map(|d| seat_text(d.advance(i))),
                alert: c.alert,
                explanation: c.explanation.clone(),
            }
        })
        .collect()
}

/// The play of a LIN board in order, seats from the opening leader and each trick's winner; and
/// declarer's tricks when all 52 cards are played and every trick's winner is known.
fn lin_play(
    board: &lin::Board,
    declarer: Option<Compass>,
    denomination: Option<Denomination>,
) -> (Vec<PlayedCard>, Option<u8>) {
    let mut play = Vec::new();
    let mut tricks_won = 0u8;
    let mut leader = declarer.map(Compass::next);
    let cards: Vec<Option<Card>> = board.play.iter().map(|c| c.card).collect();
    for trick in cards.chunks(4) {
        let seats: Vec<Option<Compass>> = (0..trick.len()).map(|k| leader.map(|l| l.advance(k))).collect();
        for (card, seat) in trick.iter().zip(&seats) {
            if let Some(card) = card {
                play.push(PlayedCard { card: card_text(*card), seat: seat.map(seat_text) });
            }
        }
        let known: Option<Vec<(Compass, Card)>> =
            trick.iter().zip(&seats).map(|(c, s)| Some(((*s)?, (*c)?))).collect();
        let winner = known
            .filter(|t| t.len() == 4)
            .and_then(|t| pbn::trick_winner(&t, denomination.and_then(Denomination::trump)));
        if let (Some(w), Some(d)) = (winner, declarer) {
            tricks_won += u8::from(w.is_north_south() == d.is_north_south());
        }
        leader = winner;
    }
    (play, (board.play.len() == 52 && leader.is_some()).then_some(tricks_won))
}

/// North-South's duplicate score of a LIN board (0 when passed out), when contract, declarer,
/// result and vulnerability are known.
fn lin_score_ns(
    contract: Option<PbnContract>,
    declarer: Option<Compass>,
    result: Option<u8>,
    vulnerability: Option<Vulnerability>,
) -> Option<i64> {
    match (contract, declarer, result, vulnerability) {
        (Some(PbnContract::Pass), ..) => Some(0),
        (Some(PbnContract::Bid(bid)), Some(d), Some(tricks), Some(v)) => {
            let score =
                pbn::duplicate_score(bid.level, bid.denomination, bid.risk, v.is_vulnerable(d), tricks);
            Some(if d.is_north_south() { score } else { -score })
        }
        _ => None,
    }
}

/// Whether a text read without a format name is LIN (`qx|`, `md|`, `vg|`, `pn|` items) rather
/// than PBN.
fn looks_like_lin(text: &str) -> bool {
    let head = text.get(..text.len().min(4096)).unwrap_or(text);
    ["md|", "qx|", "vg|", "pn|", "ah|"].iter().any(|t| head.contains(t)) && !head.contains("[Deal ")
}

/// Reads every board of a PBN or LIN file (a path), text or bytes into `Board` objects, each
/// checked by its crate. `format` is `pbn` or `lin`; by default the extension decides (text:
/// sniffed).
///
/// >>> import cardnote
/// >>> boards = cardnote.load_boards(cardnote.EXAMPLE_BOARD)
/// >>> boards[0].deal.hand("N")[:2], [str(p.card) for p in boards[0].play[:4]]
/// (['SQ', 'SJ'], ['HK', 'H7', 'H3', 'HA'])
#[pyfunction]
#[pyo3(signature = (path_or_text, format = None, *, strict = false))]
pub(crate) fn load_boards(
    py: Python<'_>,
    path_or_text: &Bound<'_, PyAny>,
    format: Option<&str>,
    strict: bool,
) -> PyResult<Vec<Board>> {
    let loaded = Loaded::of(py, path_or_text)?;
    let lin = match format {
        Some("lin") => true,
        Some("pbn") => false,
        Some(other) => {
            return Err(PyValueError::new_err(format!("unknown board format {other:?} (pbn or lin)")));
        }
        None if loaded.extension == "lin" => true,
        None if loaded.extension == "pbn" => false,
        None => looks_like_lin(&loaded.text),
    };
    let text = &loaded.text;
    let index = LineIndex::new(text);
    let mut boards = Vec::new();
    if lin {
        let options = lin::Options { strict };
        let records = py.allow_threads(|| {
            lin::Reader::from_str(text, options)
                .map(|r| {
                    r.map(|mut record| {
                        lin::check(&mut record, &options);
                        record
                    })
                })
                .collect::<std::io::Result<Vec<lin::Record>>>()
        })?;
        let mut header: Option<Arc<lin::Record>> = None;
        for record in records {
            if record.model.header().is_some() {
                header = Some(Arc::new(record));
                continue;
            }
            if matches!(record.model.content, lin::Content::Trailer(_)) {
                if let Some(Source::Lin { trailer, .. }) =
                    boards.last_mut().map(|b: &mut Board| &mut b.source)
                {
                    *trailer = Some(Box::new(record));
                }
                continue;
            }
            if let Some(board) = lin_board(py, record, header.clone(), text, &index)? {
                boards.push(board);
            }
        }
    } else {
        let options = pbn::Options { strict };
        let records = py.allow_threads(|| {
            pbn::Reader::from_str(text, options)
                .map(|r| {
                    r.map(|mut record| {
                        pbn::check(&mut record, &options);
                        record
                    })
                })
                .collect::<std::io::Result<Vec<pbn::Record>>>()
        })?;
        for record in records.into_iter().filter(|r| r.model.is_game) {
            boards.push(pbn_board(py, record, text, &index)?);
        }
    }
    if boards.is_empty() && !text.trim().is_empty() {
        return Err(ErrorParts::plain("NO_BOARDS", "the text has no boards").raise(py));
    }
    Ok(boards)
}

/// Boards as one file of their format (PBN: export format through `pbn::Writer`; LIN: as read,
/// each match header once, through `lin::Writer`).
///
/// >>> import cardnote
/// >>> text = cardnote.write_boards(cardnote.load_boards(cardnote.EXAMPLE_BOARD))
/// >>> text.splitlines()[:2], cardnote.load_boards(text)[0].score
/// (['% PBN 2.1', '% EXPORT'], 110)
#[pyfunction]
pub(crate) fn write_boards(boards: Vec<PyRef<'_, Board>>) -> PyResult<String> {
    write_sources(boards.iter().map(|b| &b.source))
}

/// Adds the bridge classes and functions to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Board>()?;
    m.add_class::<Deal>()?;
    m.add_class::<Call>()?;
    m.add_class::<PlayedCard>()?;
    m.add_class::<Contract>()?;
    m.add_function(wrap_pyfunction!(load_boards, m)?)?;
    m.add_function(wrap_pyfunction!(write_boards, m)?)?;
    Ok(())
}
