//! ACPC dealer logs (`STATE:<hand>:<betting>:<cards>:<payoffs>:<players>` lines, read with the
//! `.game` definition they were played under) and the Pluribus logs' form of the same lines, to
//! PHH and back.
//!
//! Positions: PHH's `p1` is ACPC position 0 (the small blind, or the big blind heads-up), so the
//! blinds of the `.game` are PHH's `blinds_or_straddles` (reversed heads-up, as PHH reverses
//! them). No-limit raises are written in ACPC as the total put in over the hand (`r300` then
//! `r600` on the flop is 300 more), in PHH as the total of the street.
//!
//! The dealer splits an odd chip as fractions (`-5|2.5|2.5`) where the engine, like PokerKit,
//! gives it to one player: such a hand is kept, with the log's payoffs, and an
//! [`codes::ACPC_ODD_CHIP`] warning.
//!
//! ```
//! use sitelogs::acpc::{GameDef, Reader, state_line};
//! let game = GameDef::parse("GAMEDEF\nnolimit\nnumPlayers = 2\nnumRounds = 4\nstack = 20000 20000\n\
//!     blind = 100 50\nfirstPlayer = 2 1 1 1\nnumSuits = 4\nnumRanks = 13\nnumHoleCards = 2\n\
//!     numBoardCards = 0 3 1 1\nEND GAMEDEF\n").unwrap();
//! let log = "STATE:1:r19848c/cr19998c/r20000c/:6sKs|5dJd/2sTh2h/Qh/8h:20000|-20000:p2|p1\n";
//! let record = Reader::from_str(log, &game, sitelogs::Options::default()).next().unwrap();
//! let hand = record.hand.unwrap();
//! assert_eq!(hand.players.as_deref(), Some(&["p2".to_owned(), "p1".to_owned()][..]));
//! assert_eq!(state_line(&hand, &game).unwrap(), log.trim_end());
//! ```

use std::fmt::Write as _;
use std::io::{BufRead, Write};

use cards_core::{Amount, Diagnostic, MaybeCard, Span};
use phh::{Action, ActionKind, CardRun, Hand, Player, Quantity, Shown, StrOrInt, Variant};

use crate::chips::Round;
use crate::export::{WriteError, unsupported};
use crate::text::Lines;
use crate::{Options, Record, codes, money, showdown};

/// Betting structure of a game definition.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Betting {
    /// `limit`.
    Limit,
    /// `nolimit`.
    NoLimit,
}

/// An ACPC game definition (`GAMEDEF ... END GAMEDEF`), for the hold'em games PHH expresses.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GameDef {
    /// Limit or no-limit.
    pub betting: Betting,
    /// Players.
    pub players: usize,
    /// Stacks per position (`None`: not given, read as unknown, `inf`).
    pub stacks: Option<Vec<Amount>>,
    /// Blinds per position.
    pub blinds: Vec<Amount>,
    /// Fixed-limit bet sizes per round.
    pub raise_sizes: Vec<Amount>,
    /// Fixed-limit raise caps per round.
    pub max_raises: Vec<u32>,
    /// First position to act per round, 1-based.
    pub first_player: Vec<usize>,
}

/// The game files the ACPC dealer (`project_acpc_server`) ships, by file name: the games its
/// logs name in their first comment (`games/LICENCE` is the server's licence).
const STANDARD_GAMES: [(&str, &str); 4] = [
    ("holdem.limit.2p.reverse_blinds.game", include_str!("../games/holdem.limit.2p.reverse_blinds.game")),
    ("holdem.nolimit.2p.reverse_blinds.game", include_str!("../games/holdem.nolimit.2p.reverse_blinds.game")),
    ("holdem.limit.3p.game", include_str!("../games/holdem.limit.3p.game")),
    ("holdem.nolimit.3p.game", include_str!("../games/holdem.nolimit.3p.game")),
];

/// Whether a file's start (decoded text) is an ACPC dealer log: its first line that is not a
/// `#` comment is a `STATE:` line.
#[must_use]
pub fn detect(head: &str) -> bool {
    crate::text::first_lines(head, 40)
        .find(|line| !line.starts_with('#'))
        .is_some_and(|l| l.starts_with("STATE:"))
}

/// The game file a dealer log names in its first comment
/// (`# name/game/hands/seed NAME GAME_FILE HANDS SEED`), as the dealer was given it (a path on
/// the machine that ran the match).
#[must_use]
pub fn named_game(head: &str) -> Option<&str> {
    let line = head.trim_start_matches('\u{feff}').lines().next()?;
    let mut words = line.strip_prefix("# name/game/hands/seed ")?.split_whitespace();
    let _name = words.next()?;
    words.next()
}

impl GameDef {
    /// One of the games the ACPC dealer ships (`holdem.limit.3p.game`, ...), by its file name:
    /// the last part of `path`, whatever directory the dealer was run from.
    #[must_use]
    pub fn standard(path: &str) -> Option<GameDef> {
        let name = path.rsplit(['/', '\\']).next()?;
        let (_, text) = STANDARD_GAMES.iter().find(|(file, _)| *file == name)?;
        GameDef::parse(text).ok()
    }

    /// The Pluribus logs' game: 6 players, no-limit, 10,000 chips, blinds 50/100.
    #[must_use]
    pub fn pluribus() -> GameDef {
        GameDef {
            betting: Betting::NoLimit,
            players: 6,
            stacks: Some(vec![Amount::from_int(10_000); 6]),
            blinds: [50, 100, 0, 0, 0, 0].into_iter().map(Amount::from_int).collect(),
            raise_sizes: Vec::new(),
            max_raises: Vec::new(),
            first_player: vec![3, 1, 1, 1],
        }
    }

    /// Reads a `.game` file; the error is an [`codes::ACPC_BAD_GAMEDEF`] or
    /// [`codes::ACPC_UNSUPPORTED`] diagnostic.
    pub fn parse(text: &str) -> Result<GameDef, Diagnostic> {
        let keys = GameKeys::read(text)?;
        keys.check_holdem()?;
        let betting = keys.betting.ok_or_else(|| bad_gamedef("no `limit` or `nolimit` line".into(), 0))?;
        let players = keys
            .players
            .filter(|&p| (2..=22).contains(&p))
            .ok_or_else(|| bad_gamedef("no `numPlayers` from 2 to 22".into(), 0))?;
        let mut blinds = keys.blinds.ok_or_else(|| bad_gamedef("no `blind`".into(), 0))?;
        blinds.resize(players, Amount::ZERO);
        let mut stacks = keys.stacks;
        if let Some(s) = &mut stacks {
            let last = s.last().copied().unwrap_or(Amount::ZERO);
            s.resize(players, last);
        }
        let game = GameDef {
            betting,
            players,
            stacks,
            blinds,
            raise_sizes: keys.raise_sizes,
            max_raises: keys.max_raises,
            first_player: keys
                .first_player
                .unwrap_or_else(|| vec![if players == 2 { 2 } else { 3 }, 1, 1, 1]),
        };
        let expected = if players == 2 { vec![2, 1, 1, 1] } else { vec![3, 1, 1, 1] };
        if game.first_player != expected {
            return Err(Diagnostic::error(
                codes::ACPC_UNSUPPORTED,
                "`firstPlayer` is not the order of play PHH's blinds imply (after the big blind, then position 1)",
                Span::at(0),
            ));
        }
        if betting == Betting::Limit && game.raise_sizes.len() < 4 {
            return Err(bad_gamedef("a limit game needs `raiseSize` for 4 rounds".into(), 0));
        }
        Ok(game)
    }

    /// The `.game` text for this definition.
    #[must_use]
    pub fn to_text(&self) -> String {
        let join = |v: &[Amount]| v.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ");
        let mut out = String::from("GAMEDEF\n");
        out.push_str(match self.betting {
            Betting::Limit => "limit\n",
            Betting::NoLimit => "nolimit\n",
        });
        let _ = writeln!(out, "numPlayers = {}", self.players);
        out.push_str("numRounds = 4\n");
        if let Some(s) = &self.stacks {
            let _ = writeln!(out, "stack = {}", join(s));
        }
        let _ = writeln!(out, "blind = {}", join(&self.blinds));
        if self.betting == Betting::Limit {
            let _ = writeln!(out, "raiseSize = {}", join(&self.raise_sizes));
        }
        let firsts: Vec<String> = self.first_player.iter().map(ToString::to_string).collect();
        let _ = writeln!(out, "firstPlayer = {}", firsts.join(" "));
        if self.betting == Betting::Limit && !self.max_raises.is_empty() {
            let caps: Vec<String> = self.max_raises.iter().map(ToString::to_string).collect();
            let _ = writeln!(out, "maxRaises = {}", caps.join(" "));
        }
        out.push_str("numSuits = 4\nnumRanks = 13\nnumHoleCards = 2\nnumBoardCards = 0 3 1 1\nEND GAMEDEF\n");
        out
    }

    /// The game of a PHH hand (FT or NT), for writing its `.game` file.
    pub fn of_hand(hand: &Hand) -> Result<GameDef, Diagnostic> {
        let n = hand.starting_stacks.len();
        let betting = match hand.variant {
            Variant::NoLimitTexasHoldem => Betting::NoLimit,
            Variant::FixedLimitTexasHoldem => Betting::Limit,
            v => return Err(unsupported(format!("ACPC logs hold Texas hold'em (FT, NT), not {v}"))),
        };
        if hand.antes.iter().any(|a| !a.is_zero()) {
            return Err(unsupported("ACPC games have no antes"));
        }
        let mut blinds = hand.blinds_or_straddles.clone().unwrap_or_default();
        blinds.resize(n, Amount::ZERO);
        if n == 2 {
            blinds.reverse();
        }
        let stacks: Option<Vec<Amount>> = hand.starting_stacks.iter().map(|q| q.finite()).collect();
        let (small, big) = (hand.small_bet.unwrap_or(Amount::ZERO), hand.big_bet.unwrap_or(Amount::ZERO));
        Ok(GameDef {
            betting,
            players: n,
            stacks,
            blinds,
            raise_sizes: if betting == Betting::Limit { vec![small, small, big, big] } else { Vec::new() },
            max_raises: if betting == Betting::Limit { vec![3, 4, 4, 4] } else { Vec::new() },
            first_player: if n == 2 { vec![2, 1, 1, 1] } else { vec![3, 1, 1, 1] },
        })
    }

    fn phh_blinds(&self) -> Vec<Amount> {
        let mut b = self.blinds.clone();
        if self.players == 2 {
            b.reverse();
        }
        b
    }
}

fn bad_gamedef(message: String, at: usize) -> Diagnostic {
    Diagnostic::error(codes::ACPC_BAD_GAMEDEF, message, Span::at(at))
}

/// The lines of a `.game` file as read, before [`GameDef::parse`] checks them as a whole.
#[derive(Default)]
struct GameKeys<'t> {
    betting: Option<Betting>,
    players: Option<usize>,
    stacks: Option<Vec<Amount>>,
    blinds: Option<Vec<Amount>>,
    raise_sizes: Vec<Amount>,
    max_raises: Vec<u32>,
    first_player: Option<Vec<usize>>,
    /// The keys only Texas hold'em's values are accepted for: key, values, offset.
    holdem: Vec<(&'t str, String, usize)>,
}

impl<'t> GameKeys<'t> {
    /// Every line up to `END GAMEDEF`.
    fn read(text: &'t str) -> Result<GameKeys<'t>, Diagnostic> {
        let mut keys = GameKeys::default();
        let mut offset = 0;
        for raw in text.split_inclusive('\n') {
            let at = offset;
            offset += raw.len();
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') || line.eq_ignore_ascii_case("GAMEDEF") {
                continue;
            }
            if line.eq_ignore_ascii_case("END GAMEDEF") {
                break;
            }
            match line.to_ascii_lowercase().as_str() {
                "limit" => keys.betting = Some(Betting::Limit),
                "nolimit" => keys.betting = Some(Betting::NoLimit),
                "pot" | "potlimit" => {
                    return Err(Diagnostic::error(
                        codes::ACPC_UNSUPPORTED,
                        "pot-limit ACPC games have no PHH variant",
                        Span::at(at),
                    ));
                }
                _ => keys.key_line(line, at)?,
            }
        }
        Ok(keys)
    }

    /// One `key = values` line, at offset `at`.
    fn key_line(&mut self, line: &'t str, at: usize) -> Result<(), Diagnostic> {
        let Some((key, value)) = line.split_once('=') else {
            return Err(bad_gamedef(format!("`{line}` is not `key = values`"), at));
        };
        let key = key.trim();
        let amounts = || -> Result<Vec<Amount>, Diagnostic> {
            value
                .split_whitespace()
                .map(|v| v.parse().map_err(|_| bad_gamedef(format!("`{v}` is not a number"), at)))
                .collect()
        };
        let counts = || -> Result<Vec<usize>, Diagnostic> {
            value
                .split_whitespace()
                .map(|v| v.parse().map_err(|_| bad_gamedef(format!("`{v}` is not a count"), at)))
                .collect()
        };
        match key {
            "numPlayers" => self.players = counts()?.first().copied(),
            "stack" => self.stacks = Some(amounts()?),
            "blind" => self.blinds = Some(amounts()?),
            "raiseSize" => self.raise_sizes = amounts()?,
            "maxRaises" => {
                self.max_raises =
                    counts()?.into_iter().map(|c| u32::try_from(c).unwrap_or(u32::MAX)).collect()
            }
            "firstPlayer" => self.first_player = Some(counts()?),
            "numRounds" | "numSuits" | "numRanks" | "numHoleCards" | "numBoardCards" => {
                self.holdem.push((key, value.split_whitespace().collect::<Vec<_>>().join(" "), at));
            }
            _ => return Err(bad_gamedef(format!("unknown key `{key}`"), at)),
        }
        Ok(())
    }

    /// The rounds, deck and cards are Texas hold'em's.
    fn check_holdem(&self) -> Result<(), Diagnostic> {
        for (key, value, at) in &self.holdem {
            let want = match *key {
                "numRounds" => "4",
                "numSuits" => "4",
                "numRanks" => "13",
                "numHoleCards" => "2",
                _ => "0 3 1 1",
            };
            if value != want {
                return Err(Diagnostic::error(
                    codes::ACPC_UNSUPPORTED,
                    format!("`{key} = {value}`: only Texas hold'em (`{key} = {want}`) has a PHH variant"),
                    Span::at(*at),
                ));
            }
        }
        Ok(())
    }
}

/// The one game that a log's hands are all played under, found hand by hand ([`CommonGame::add`])
/// for writing them as ACPC `STATE` lines without a `.game` file given: each hand's own game
/// ([`GameDef::of_hand`]) must be the same. Hands whose game ACPC logs cannot hold are left out
/// here (writing them refuses them one by one).
#[derive(Debug, Clone, Default)]
pub struct CommonGame {
    first: Option<(GameDef, usize)>,
}

impl CommonGame {
    /// Takes in hand number `index` (0-based, as the writer numbers them).
    ///
    /// # Errors
    /// `ACPC_MIXED_GAMES` when the hand is played under another game than the hands before it;
    /// the message names both hands and what differs.
    pub fn add(&mut self, index: usize, hand: &Hand) -> Result<(), Diagnostic> {
        let Ok(game) = GameDef::of_hand(hand) else { return Ok(()) };
        match &self.first {
            None => self.first = Some((game, index)),
            Some((first, _)) if *first == game => {}
            Some((first, at)) => {
                return Err(Diagnostic::error(
                    codes::ACPC_MIXED_GAMES,
                    format!(
                        "hand {index} is not played under the game of hand {at} ({}): one ACPC log holds the hands of one game",
                        differences(first, &game).join("; ")
                    ),
                    Span::at(0),
                ));
            }
        }
        Ok(())
    }

    /// The game, when any hand has one ACPC logs can hold.
    #[must_use]
    pub fn game(self) -> Option<GameDef> {
        self.first.map(|(game, _)| game)
    }
}

/// What differs between two games, as `what a, then b`.
fn differences(a: &GameDef, b: &GameDef) -> Vec<String> {
    let amounts = |v: &[Amount]| v.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ");
    let stacks = |s: &Option<Vec<Amount>>| s.as_deref().map_or_else(|| "not all finite".to_owned(), amounts);
    let mut out = Vec::new();
    if a.betting != b.betting {
        out.push(format!("betting {:?}, then {:?}", a.betting, b.betting));
    }
    if a.players != b.players {
        out.push(format!("{} players, then {}", a.players, b.players));
    }
    if a.blinds != b.blinds {
        out.push(format!("blinds {}, then {}", amounts(&a.blinds), amounts(&b.blinds)));
    }
    if a.stacks != b.stacks {
        out.push(format!("stacks {}, then {}", stacks(&a.stacks), stacks(&b.stacks)));
    }
    if a.raise_sizes != b.raise_sizes {
        out.push(format!("bet sizes {}, then {}", amounts(&a.raise_sizes), amounts(&b.raise_sizes)));
    }
    if out.is_empty() {
        out.push("the betting rounds differ".to_owned());
    }
    out
}

/// Streams the `STATE` lines of a dealer log (other lines, `#` comments and the `SCORE` line,
/// are skipped; a `MATCHSTATE` transcript line is refused per line).
#[derive(Debug)]
pub struct Reader<'g, R> {
    lines: Lines<R>,
    game: &'g GameDef,
    options: Options,
    scratch: Scratch,
}

/// The working buffers of one hand's import, kept by the reader from hand to hand, so a hand
/// allocates only what its record keeps.
#[derive(Debug, Default)]
struct Scratch {
    /// What the betting puts in.
    chips: Chips,
    folded: Vec<bool>,
    /// The board cards of each round after the first.
    boards: Vec<CardRun>,
    /// What each player shows at a showdown.
    shows: Vec<Option<(Shown, Span)>>,
    /// One span per action (all the line's: the actions have no spans of their own).
    spans: Vec<Span>,
}

/// The chips a hand's betting puts in, counted with [`Round`] by position: over the whole hand (a
/// round that never closes: ACPC's no-limit raises and its payoffs are hand totals) and on the
/// betting round under way (PHH's raises are street totals).
#[derive(Debug, Default)]
struct Chips {
    hand: Round<usize>,
    street: Round<usize>,
}

impl Chips {
    /// A new hand: each position's blind in (its whole stack when that is less).
    fn post_blinds(&mut self, game: &GameDef) {
        self.hand.clear();
        self.street.clear();
        for (i, &blind) in game.blinds.iter().enumerate() {
            let posted = match game.stacks.as_ref().and_then(|s| s.get(i)) {
                Some(&stack) if stack < blind => stack,
                _ => blind,
            };
            self.hand.add(&i, posted);
            self.street.add(&i, posted);
        }
    }

    /// A new betting round.
    fn new_street(&mut self) {
        self.street.clear();
    }

    /// What position `i` has put in over the hand.
    fn put_in(&self, i: usize) -> Amount {
        self.hand.of(&i)
    }

    /// What position `i` put in before the round under way.
    fn before_street(&self, i: usize) -> Amount {
        money::minus(self.hand.of(&i), self.street.of(&i))
    }

    /// Whether position `i` has its whole stack in (`stacks`: the hand's starting stacks).
    fn all_in(&self, stacks: &[Quantity], i: usize) -> bool {
        stacks[i].finite().is_some_and(|s| self.hand.of(&i) >= s)
    }

    /// Position `i` checks or calls: it matches the round's top bet, as far as its stack goes.
    fn call(&mut self, stacks: &[Quantity], i: usize) {
        let owed = money::minus(self.street.highest(), self.street.of(&i));
        let owed = match stacks[i].finite() {
            Some(s) => owed.min(money::minus(s, self.hand.of(&i))),
            None => owed,
        };
        self.hand.add(&i, owed);
        self.street.add(&i, owed);
    }

    /// Position `i` brings its chips on the round under way to `to`.
    fn raise_to(&mut self, i: usize, to: Amount) {
        let added = self.street.raise_to(&i, to);
        self.hand.add(&i, added);
    }

    /// The bet no one called goes back: [`Chips::put_in`] becomes what was called.
    fn return_uncalled(&mut self) {
        if let Some((who, back)) = self.hand.uncalled() {
            self.hand.take_back(&who, back);
        }
    }
}

impl<'a, 'g> Reader<'g, &'a [u8]> {
    /// Reads a log held in memory.
    #[must_use]
    #[allow(clippy::should_implement_trait)]
    pub fn from_str(text: &'a str, game: &'g GameDef, options: Options) -> Reader<'g, &'a [u8]> {
        Reader::new(text.as_bytes(), game, options)
    }
}

impl<'g, R: BufRead> Reader<'g, R> {
    /// Reads `STATE` lines from `input`, played under `game`.
    pub fn new(input: R, game: &'g GameDef, options: Options) -> Reader<'g, R> {
        Reader { lines: Lines::new(input), game, options, scratch: Scratch::default() }
    }

    /// The read error that stopped the reader, if any.
    pub fn take_error(&mut self) -> Option<std::io::Error> {
        self.lines.take_error()
    }
}

impl<R: BufRead> Iterator for Reader<'_, R> {
    type Item = Record;

    fn next(&mut self) -> Option<Record> {
        loop {
            let (line, span) = self.lines.next_borrowed()?;
            let text = line.trim();
            if text.starts_with("STATE:") {
                return Some(import_line(line, span, self.game, &self.options, &mut self.scratch));
            }
            if text.is_empty() || text.starts_with('#') || text.starts_with("SCORE:") {
                continue;
            }
            let error = Diagnostic::error(
                codes::ACPC_BAD_STATE,
                "not a `STATE:` line (dealer logs hold `#` comments, `STATE:` lines and a `SCORE:` line)",
                span,
            );
            return Some(Record { hand: None, diagnostics: vec![error], span });
        }
    }
}

fn import_line(line: &str, span: Span, game: &GameDef, _options: &Options, scratch: &mut Scratch) -> Record {
    let mut diagnostics = Vec::new();
    let hand = match parse_state(line, game, scratch) {
        Ok((mut hand, logged, clean)) => {
            let problems = check(&mut hand, &logged, span, clean);
            let failed = problems.iter().any(Diagnostic::is_error);
            diagnostics.extend(problems);
            (!failed).then_some(hand)
        }
        Err(message) => {
            diagnostics.push(Diagnostic::error(codes::ACPC_BAD_STATE, message, span));
            None
        }
    };
    Record { hand, diagnostics, span }
}

fn cards_of(text: &str) -> Result<CardRun, String> {
    let b = text.as_bytes();
    // Cards are two ASCII bytes each; anything else (a multi-byte character) is no card.
    if !b.len().is_multiple_of(2) || !text.is_ascii() {
        return Err(format!("`{text}` is not a run of cards"));
    }
    let mut run = CardRun::new();
    for i in 0..b.len() / 2 {
        let card = poker_engine::card_text::parse_card(&text[2 * i..2 * i + 2])
            .map_err(|_| format!("`{}` is not a card", &text[2 * i..2 * i + 2]))?;
        run.push(MaybeCard::Known(card));
    }
    Ok(run)
}

fn player(i: usize) -> Player {
    Player(u16::try_from(i + 1).unwrap_or(u16::MAX))
}

/// The pieces of `text` between the ASCII byte `separator`s (as `str::split`, which costs more
/// per piece on these short fields).
fn split_at_byte(text: &str, separator: u8) -> impl Iterator<Item = &str> {
    let mut rest = Some(text);
    std::iter::from_fn(move || {
        let current = rest?;
        match current.bytes().position(|b| b == separator) {
            Some(i) => {
                rest = Some(&current[i + 1..]);
                Some(&current[..i])
            }
            None => {
                rest = None;
                Some(current)
            }
        }
    })
}

/// The fields of a `STATE` line.
struct StateFields<'l> {
    id: &'l str,
    betting: &'l str,
    cards: &'l str,
    payoffs: &'l str,
    players: &'l str,
}

impl StateFields<'_> {
    fn split(text: &str) -> Result<StateFields<'_>, String> {
        let mut fields = split_at_byte(text.trim(), b':');
        let mut field = || fields.next();
        let (Some(_), Some(id), Some(betting), Some(cards), Some(payoffs), Some(players), None) =
            (field(), field(), field(), field(), field(), field(), field())
        else {
            return Err("expected `STATE:<hand>:<betting>:<cards>:<payoffs>:<players>`".into());
        };
        Ok(StateFields { id, betting, cards, payoffs, players })
    }

    /// The players' names and the payoffs the log gives them, one each for the game's `n` players.
    fn names_and_payoffs(&self, n: usize) -> Result<(Vec<String>, Vec<Amount>), String> {
        let names: Vec<String> = split_at_byte(self.players, b'|').map(str::to_owned).collect();
        let logged: Vec<Amount> = split_at_byte(self.payoffs, b'|')
            .map(|p| p.parse().map_err(|_| format!("payoff `{p}` is not a number")))
            .collect::<Result<_, _>>()?;
        if names.len() != n || logged.len() != n {
            return Err(format!(
                "the game has {n} players, the line names {} with {} payoffs",
                names.len(),
                logged.len()
            ));
        }
        Ok((names, logged))
    }

    /// The hole cards' part of the cards field (checked to have `n` groups), and each board into
    /// `boards`.
    fn holes_and_boards(&self, n: usize, boards: &mut Vec<CardRun>) -> Result<&str, String> {
        let mut rounds = split_at_byte(self.cards, b'/');
        let holes = rounds.next().unwrap_or_default();
        let hole_groups = split_at_byte(holes, b'|').count();
        if hole_groups != n {
            return Err(format!("{hole_groups} hole card groups for {n} players"));
        }
        boards.clear();
        for round in rounds {
            boards.push(cards_of(round)?);
        }
        Ok(holes)
    }
}

/// One `STATE` line to a PHH hand (before its check) and the logged payoffs.
fn parse_state(
    text: &str,
    game: &GameDef,
    scratch: &mut Scratch,
) -> Result<(Hand, Vec<Amount>, Option<showdown::Clean>), String> {
    let line = StateFields::split(text)?;
    let n = game.players;
    if game.blinds.len() != n || game.stacks.as_ref().is_some_and(|s| s.len() != n) || n < 2 {
        return Err(format!("the game definition has no blind or stack for each of its {n} players"));
    }
    let (names, logged) = line.names_and_payoffs(n)?;
    let holes = line.holes_and_boards(n, &mut scratch.boards)?;
    let mut hand = game.new_hand(line.id, names, line.betting.len());
    for (i, h) in split_at_byte(holes, b'|').enumerate() {
        let cards: CardRun =
            if h.is_empty() { std::iter::repeat_n(MaybeCard::Unknown, 2).collect() } else { cards_of(h)? };
        hand.actions.push(Action::new(ActionKind::DealHole { player: player(i), cards }));
    }
    play(&mut hand, game, line.betting, scratch)?;
    let clean = place_showdown(&mut hand, scratch);
    logged_outcome(&mut hand, game, &logged, &mut scratch.chips);
    Ok((hand, logged, clean))
}

impl GameDef {
    /// A hand under this game, before its actions: numbered `id`, played by `names`, with room
    /// for the actions of a betting field `betting_len` bytes long.
    fn new_hand(&self, id: &str, names: Vec<String>, betting_len: usize) -> Hand {
        let n = self.players;
        let variant = match self.betting {
            Betting::NoLimit => Variant::NoLimitTexasHoldem,
            Betting::Limit => Variant::FixedLimitTexasHoldem,
        };
        let mut hand = Hand::new(variant);
        // Every action of the line, the deals and a show per player: no growing on the way.
        hand.actions.reserve(betting_len + 3 * n + 4);
        hand.antes = vec![Amount::ZERO; n];
        hand.blinds_or_straddles = Some(self.phh_blinds());
        match self.betting {
            Betting::NoLimit => hand.min_bet = self.blinds.iter().copied().max(),
            Betting::Limit => {
                hand.small_bet = self.raise_sizes.first().copied();
                hand.big_bet = self.raise_sizes.get(2).copied();
            }
        }
        hand.starting_stacks = match &self.stacks {
            Some(s) => s.iter().map(|&a| Quantity::Finite(a)).collect(),
            None => vec![Quantity::Infinite; n],
        };
        hand.hand = Some(id.parse().map_or_else(|_| StrOrInt::Str(id.to_owned()), StrOrInt::Int));
        hand.players = Some(names);
        hand
    }
}

/// The betting field, round by round, as PHH actions (each round after the first begins with
/// its board); no-limit raises are totals over the hand.
fn play(hand: &mut Hand, game: &GameDef, betting: &str, scratch: &mut Scratch) -> Result<(), String> {
    let Scratch { chips, folded, boards, .. } = scratch;
    let n = game.players;
    chips.post_blinds(game);
    folded.clear();
    folded.resize(n, false);
    for (r, round) in split_at_byte(betting, b'/').enumerate() {
        let mut first = if n == 2 { 1 } else { 2 % n };
        if r > 0 {
            let board = boards.get(r - 1).ok_or_else(|| format!("no board cards for round {}", r + 1))?;
            hand.actions.push(Action::new(ActionKind::DealBoard { cards: board.clone() }));
            chips.new_street();
            first = 0;
        }
        play_round(hand, game, (r, round), first, chips, folded)?;
    }
    Ok(())
}

/// Betting round number `r` (0-based), written `round`, from position `first` on.
fn play_round(
    hand: &mut Hand,
    game: &GameDef,
    (r, round): (usize, &str),
    first: usize,
    chips: &mut Chips,
    folded: &mut [bool],
) -> Result<(), String> {
    let n = folded.len();
    let bytes = round.as_bytes();
    let mut actor = first;
    let mut k = 0;
    while k < bytes.len() {
        actor = next_actor(&hand.starting_stacks, chips, folded, actor)?;
        let p = player(actor);
        match bytes[k] {
            b'f' => {
                folded[actor] = true;
                hand.actions.push(Action::new(ActionKind::Fold { player: p }));
                k += 1;
            }
            b'c' => {
                chips.call(&hand.starting_stacks, actor);
                hand.actions.push(Action::new(ActionKind::CheckCall { player: p }));
                k += 1;
            }
            b'r' => {
                let digits = bytes[k + 1..].iter().take_while(|b| b.is_ascii_digit() || **b == b'.').count();
                let to_street = if digits > 0 {
                    let total: Amount =
                        round[k + 1..k + 1 + digits].parse().map_err(|_| "a raise amount".to_owned())?;
                    money::minus(total, chips.before_street(actor))
                } else {
                    let size = game.raise_sizes.get(r).copied().unwrap_or(Amount::ZERO);
                    money::plus(chips.street.highest(), size)
                };
                chips.raise_to(actor, to_street);
                hand.actions.push(Action::new(ActionKind::CompleteBetRaise { player: p, amount: to_street }));
                k += 1 + digits;
            }
            other => return Err(format!("`{}` is not an ACPC action", char::from(other))),
        }
        actor = (actor + 1) % n;
    }
    Ok(())
}

/// The player who acts next from position `actor` on: the next who has not folded (all-in
/// players do not act, and the dealer writes no action for them).
fn next_actor(
    stacks: &[Quantity],
    chips: &Chips,
    folded: &[bool],
    mut actor: usize,
) -> Result<usize, String> {
    let n = folded.len();
    let mut guard = 0;
    while folded[actor] || chips.all_in(stacks, actor) {
        actor = (actor + 1) % n;
        guard += 1;
        if guard > n {
            return Err("an action when nobody can act".into());
        }
    }
    Ok(actor)
}

/// At a showdown every player left shows the cards the log gives; the showdown goes where the
/// engine asks for it.
fn place_showdown(hand: &mut Hand, scratch: &mut Scratch) -> Option<showdown::Clean> {
    let Scratch { shows, spans, .. } = scratch;
    shows.clear();
    shows.extend(hand.actions.iter().filter_map(|a| match &a.kind {
        ActionKind::DealHole { cards, .. } => Some(Some((Shown::Cards(cards.clone()), Span::at(0)))),
        _ => None,
    }));
    spans.clear();
    spans.resize(hand.actions.len(), Span::at(0));
    showdown::place(hand, spans, shows)
}

/// The outcome the log states: what each player collected (its payoff and the chips it put in,
/// the bet no one called excluded), and its finishing stack when the game gives stacks.
fn logged_outcome(hand: &mut Hand, game: &GameDef, logged: &[Amount], chips: &mut Chips) {
    chips.return_uncalled();
    let n = logged.len();
    hand.winnings = Some((0..n).map(|i| Quantity::Finite(money::plus(logged[i], chips.put_in(i)))).collect());
    if let Some(s) = &game.stacks {
        hand.finishing_stacks =
            Some((0..n).map(|i| Quantity::Finite(money::plus(s[i], logged[i]))).collect());
    }
}

/// Replays the hand and compares its payoffs with the log's.
fn check(hand: &mut Hand, logged: &[Amount], span: Span, clean: Option<showdown::Clean>) -> Vec<Diagnostic> {
    let outcome = crate::consistency::outcome(hand, &[], span, clean);
    let mut out: Vec<Diagnostic> = outcome.diagnostics.into_iter().map(|d| located(d, span)).collect();
    if out.iter().any(Diagnostic::is_error) {
        return out;
    }
    if !outcome.terminal {
        out.push(Diagnostic::error(codes::SITE_REPLAY, "the replayed hand does not reach its end", span));
        return out;
    }
    let replayed = &outcome.payoffs;
    let shown = |i: usize| replayed[i].map_or_else(|| "inf".to_owned(), |a| a.normalize().to_string());
    let differs: Vec<usize> =
        (0..logged.len()).filter(|&i| replayed.get(i).copied().flatten() != Some(logged[i])).collect();
    if differs.is_empty() {
        return out;
    }
    // An odd chip the dealer split as fractions: each difference under one chip, none created.
    let total = |v: &mut dyn Iterator<Item = Amount>| v.fold(Amount::ZERO, money::plus);
    let replayed_sum = total(&mut replayed.iter().map(|r| r.unwrap_or(Amount::ZERO)));
    let logged_sum = total(&mut logged.iter().copied());
    let one = Amount::from_int(1);
    let small = differs.iter().all(|&i| {
        let d = money::minus(replayed[i].unwrap_or(Amount::ZERO), logged[i]);
        d < one && money::minus(Amount::ZERO, d) < one
    });
    let names = hand.players.clone().unwrap_or_default();
    let name = |i: usize| names.get(i).cloned().unwrap_or_default();
    if small && replayed_sum == logged_sum && logged.iter().any(|p| !p.is_integer()) {
        let list: Vec<String> = differs
            .iter()
            .map(|&i| format!("{} ({}) {} by replay, {} logged", player(i), name(i), shown(i), logged[i]))
            .collect();
        out.push(Diagnostic::warning(
            codes::ACPC_ODD_CHIP,
            format!(
                "the dealer split an odd chip as fractions; the replay gives it whole: {}",
                list.join(", ")
            ),
            span,
        ));
        return out;
    }
    for i in differs {
        out.push(Diagnostic::error(
            codes::SITE_INCONSISTENT,
            format!(
                "{} ({}) wins {} when the hand is replayed, the log says {}",
                player(i),
                name(i),
                shown(i),
                logged[i]
            ),
            span,
        ));
    }
    out
}

/// The replay's diagnostics point at the whole line (the actions have no spans of their own).
fn located(d: Diagnostic, span: Span) -> Diagnostic {
    let mut d = d;
    d.set_span(span);
    d
}

/// Writes a hand as one `STATE` line (no line ending), under `game`.
pub fn state_line(hand: &Hand, game: &GameDef) -> Result<String, Diagnostic> {
    let n = played_under(hand, game)?;
    let (betting, cards, mut chips) = betting_and_cards(hand, game, n)?;
    let payoffs = payoffs(hand, &mut chips, n)?;
    let id = match &hand.hand {
        Some(StrOrInt::Int(i)) => i.to_string(),
        Some(StrOrInt::Str(s)) if !s.contains([':', '\n']) => s.clone(),
        _ => "0".to_owned(),
    };
    let names: Vec<String> = match &hand.players {
        Some(p) if p.len() == n && p.iter().all(|s| !s.contains([':', '|', '\n'])) => p.clone(),
        _ => (1..=n).map(|i| format!("p{i}")).collect(),
    };
    let payoffs: Vec<String> = payoffs.iter().map(|p| p.normalize().to_string()).collect();
    Ok(format!("STATE:{id}:{betting}:{cards}:{}:{}", payoffs.join("|"), names.join("|")))
}

/// Whether `hand` is played under `game` (its players, betting and blinds); its number of players.
fn played_under(hand: &Hand, game: &GameDef) -> Result<usize, Diagnostic> {
    let n = hand.starting_stacks.len();
    if n != game.players || game.blinds.len() != n || game.stacks.as_ref().is_some_and(|s| s.len() != n) {
        return Err(unsupported(format!("the hand has {n} players, the game {}", game.players)));
    }
    let own = GameDef::of_hand(hand)?;
    if own.betting != game.betting || own.phh_blinds() != game.phh_blinds() {
        return Err(unsupported("the hand is not played under this game (betting or blinds differ)"));
    }
    Ok(n)
}

/// A hand's actions in ACPC's words: the betting field, the cards field, and the chips the
/// betting put in.
fn betting_and_cards(hand: &Hand, game: &GameDef, n: usize) -> Result<(String, String, Chips), Diagnostic> {
    let mut holes: Vec<String> = vec![String::new(); n];
    let mut boards: Vec<String> = Vec::new();
    let mut betting = String::new();
    let mut chips = Chips::default();
    chips.post_blinds(game);
    for action in &hand.actions {
        match &action.kind {
            ActionKind::DealHole { player, cards } => {
                let i = index(*player, n)?;
                if cards.iter().all(|c| c.known().is_some()) {
                    holes[i].push_str(&cards.to_string());
                }
            }
            ActionKind::DealBoard { cards } => {
                boards.push(cards.to_string());
                betting.push('/');
                chips.new_street();
            }
            ActionKind::Fold { .. } => betting.push('f'),
            ActionKind::CheckCall { player } => {
                chips.call(&hand.starting_stacks, index(*player, n)?);
                betting.push('c');
            }
            ActionKind::CompleteBetRaise { player, amount } => {
                let i = index(*player, n)?;
                chips.raise_to(i, *amount);
                betting.push('r');
                if game.betting == Betting::NoLimit {
                    betting.push_str(&chips.put_in(i).to_string());
                }
            }
            ActionKind::ShowMuck { .. } | ActionKind::NoOp => {}
            ActionKind::BringIn { .. } | ActionKind::StandPatDiscard { .. } => {
                return Err(unsupported("a bring-in or a draw in hold'em"));
            }
        }
    }
    let mut cards = holes.join("|");
    for b in &boards {
        cards.push('/');
        cards.push_str(b);
    }
    Ok((betting, cards, chips))
}

/// Each position's payoff: the hand's stated winnings (what the log said) less what it put in
/// that was called, else the replay's.
fn payoffs(hand: &Hand, chips: &mut Chips, n: usize) -> Result<Vec<Amount>, Diagnostic> {
    chips.return_uncalled();
    match crate::export::stated_winnings(hand) {
        Some(w) => Ok((0..n).map(|i| money::minus(w[i], chips.put_in(i))).collect()),
        None => {
            let outcome =
                phh::replay::replay_hand(hand, &[], Span::at(0), phh::replay::RuleProfile::Pokerkit);
            if !outcome.terminal || outcome.diagnostics.iter().any(Diagnostic::is_error) {
                return Err(unsupported("the hand does not replay to its end"));
            }
            outcome.payoffs.iter().map(|p| p.parse().map_err(|_| unsupported("an infinite payoff"))).collect()
        }
    }
}

fn index(player: Player, n: usize) -> Result<usize, Diagnostic> {
    player
        .index()
        .filter(|&i| i < n)
        .ok_or_else(|| unsupported(format!("{player} is not a player of the hand")))
}

/// Writes hands as `STATE` lines, one per line.
#[derive(Debug)]
pub struct Writer<'g, W> {
    out: W,
    game: &'g GameDef,
}

impl<'g, W: Write> Writer<'g, W> {
    /// A writer to `out` for hands played under `game`.
    pub fn new(out: W, game: &'g GameDef) -> Writer<'g, W> {
        Writer { out, game }
    }

    /// Writes one hand; a hand the game cannot hold is refused and nothing is written.
    pub fn write_hand(&mut self, hand: &Hand) -> Result<(), WriteError> {
        let line = state_line(hand, self.game).map_err(WriteError::Unsupported)?;
        self.out.write_all(line.as_bytes())?;
        self.out.write_all(b"\n")?;
        Ok(())
    }

    /// The output back.
    pub fn into_inner(self) -> W {
        self.out
    }
}
