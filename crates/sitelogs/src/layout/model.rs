//! What the lines of a hand say ([`Parsed`]: its seats and its events in log order), and the
//! diagnostics of reading it ([`Ctx`]).

use cards_core::{Amount, Card, Diagnostic, DiagnosticSink, Span};

use super::header::{Header, Table};

/// A seat line.
#[derive(Debug, Clone)]
pub(super) struct Seat {
    pub(super) number: i64,
    pub(super) name: String,
    pub(super) stack: Amount,
}

/// What one line of play says, in log order.
#[derive(Debug, Clone)]
pub(super) enum Event {
    /// `*** HOLE CARDS ***`, `*** 3rd STREET ***`, `*** DEALING HANDS ***`.
    Deal,
    /// A street marker with the board cards it adds (none in stud and draw games).
    Street {
        board: Vec<Card>,
    },
    /// A draw round (`*** FIRST DRAW ***`).
    Draw,
    /// `*** SHOW DOWN ***`.
    Showdown,
    /// `Dealt to NAME [cards] [new cards]`: the groups of cards in brackets.
    Dealt {
        seat: usize,
        groups: Vec<Vec<Card>>,
    },
    Ante {
        seat: usize,
        amount: Amount,
    },
    Blind {
        seat: usize,
        amount: Amount,
        kind: Post,
    },
    BringIn {
        seat: usize,
        amount: Amount,
    },
    Fold {
        seat: usize,
    },
    Check {
        seat: usize,
    },
    Call {
        seat: usize,
        amount: Amount,
    },
    Bet {
        seat: usize,
        amount: Amount,
    },
    /// `raises X to Y` (Y) and `completes to Y`.
    RaiseTo {
        seat: usize,
        to: Amount,
    },
    /// `discards N cards`, with the cards when the log names them (the observer's own).
    Discard {
        seat: usize,
        count: usize,
        cards: Vec<Card>,
    },
    StandPat {
        seat: usize,
    },
    Show {
        seat: usize,
        cards: Vec<Card>,
    },
    Muck {
        seat: usize,
    },
    Collected {
        seat: usize,
        amount: Amount,
    },
    Uncalled {
        seat: usize,
        amount: Amount,
    },
    /// `NAME cashed out the hand for $X | Cash Out Fee $Y`: the site paid the player from outside
    /// the pot.
    CashOut {
        seat: usize,
        amount: Amount,
    },
    /// `NAME has left the table` (BetOnline's network writes no fold for a player who leaves
    /// while in the hand). No play of its own: it makes no seat part of the hand.
    Left {
        seat: usize,
    },
}

/// Which blind a `posts` line names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Post {
    Small,
    Big,
    /// `posts small & big blinds`: a returning player's dead small blind and live big blind.
    SmallAndBig,
    /// 6+ hold'em's one blind, the button's.
    Button,
    Straddle,
}

/// What the lines of one hand say: its header, table, seats, events and summary.
pub(super) struct Parsed {
    pub(super) header: Header,
    pub(super) table: Table,
    pub(super) table_span: Span,
    pub(super) seats: Vec<Seat>,
    pub(super) events: Vec<(Event, Span)>,
    pub(super) rake: Option<Amount>,
    pub(super) total_pot: Option<Amount>,
    /// The summary's `Total pot ... | Rake ...` line.
    pub(super) total_span: Option<Span>,
    /// `Seat N: NAME ... showed [cards]` in the summary (a log may show cards only there).
    pub(super) summary_shows: Vec<(usize, Vec<Card>, Span)>,
    /// `Seat N: NAME ... mucked [cards]` in the summary: cards the player mucked, which the log
    /// shows (the player's hole cards; they still muck).
    pub(super) summary_mucks: Vec<(usize, Vec<Card>)>,
    /// The hand has no `*** SUMMARY ***` but was paid out (a file cut after its last payout).
    pub(super) no_summary: bool,
}

/// Where the diagnostics of one hand go, and whether one of them refuses it.
pub(super) struct Ctx<'a> {
    pub(super) diagnostics: &'a mut dyn DiagnosticSink,
    pub(super) strict: bool,
    /// An error that refuses the hand was found while reading its lines.
    pub(super) refused: bool,
}

impl Ctx<'_> {
    /// An error (the caller decides whether the hand goes on).
    pub(super) fn error(&mut self, code: &'static str, message: impl Into<String>, span: Span) {
        self.diagnostics.report(Diagnostic::error(code, message, span));
    }

    /// A warning.
    pub(super) fn warn(&mut self, code: &'static str, message: impl Into<String>, span: Span) {
        self.diagnostics.report(Diagnostic::warning(code, message, span));
    }

    /// An error that refuses the hand; reading goes on to report the others.
    pub(super) fn refuse(&mut self, code: &'static str, message: impl Into<String>, span: Span) {
        self.error(code, message, span);
        self.refused = true;
    }

    /// A producer's convention, read as the message says: a warning, an error that refuses the
    /// hand under `strict`.
    pub(super) fn convention(&mut self, code: &'static str, message: impl Into<String>, span: Span) {
        if self.strict {
            self.refuse(code, message, span);
        } else {
            self.warn(code, message, span);
        }
    }
}

/// The seat an event is about (none for a street marker).
pub(super) fn seat_of(event: &Event) -> Option<usize> {
    match event {
        Event::Deal | Event::Street { .. } | Event::Draw | Event::Showdown | Event::Left { .. } => None,
        Event::Dealt { seat, .. }
        | Event::Ante { seat, .. }
        | Event::Blind { seat, .. }
        | Event::BringIn { seat, .. }
        | Event::Fold { seat }
        | Event::Check { seat }
        | Event::Call { seat, .. }
        | Event::Bet { seat, .. }
        | Event::RaiseTo { seat, .. }
        | Event::Discard { seat, .. }
        | Event::StandPat { seat }
        | Event::Show { seat, .. }
        | Event::Muck { seat }
        | Event::Collected { seat, .. }
        | Event::Uncalled { seat, .. }
        | Event::CashOut { seat, .. } => Some(*seat),
    }
}
