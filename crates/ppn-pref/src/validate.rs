//! Checks, in the digest's order.
//!
//! * T1 (syntax) is done by [`crate::parse`]; a record with a syntax error is not checked further.
//! * T2 checks one deal against itself: cards (§2), auction and main (§4), discards and contract (§5),
//!   accepted and kontra (§6), value (§7), opening lead (§8), every trick (§9) and the summary (§10).
//!   T2 **stops at the first error** of a deal: later checks depend on the state the earlier ones
//!   establish (hands after the discard, who is in play, …), so the first error is the one reported.
//!   Lints met before that point (`INVITE_ON_PLAIN_SPADE`, `FOLLOWER_QUOTA`) are kept.
//! * T3 looks across deals and at the info tags; everything there is a warning, except malformed or
//!   missing required tags.

use cards_core::{Card, CardSet, Diagnostic, DiagnosticSink, Rank, Span, Suit};

use crate::PrefPlayer;
use crate::auction;
use crate::codes as code;
use crate::model::Tag;
use crate::model::{Accepted, Bid, Column, Contract, Deal, Discard, Entry, KontraLevel, Play, Trick};
use crate::model::{PLACE_TAGS, PLAYER_TAGS, RESULT_TAGS};
use crate::parse::{self, DealSpans, Field};

/// The facts a checked deal yields (for reports and the CLI).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome {
    /// The dealer.
    pub dealer: PrefPlayer,
    /// The main player (`None` for an all-pass deal).
    pub main: Option<PrefPlayer>,
    /// The contract.
    pub contract: Option<Contract>,
    /// The written value.
    pub value: Option<u32>,
    /// The refa flag: written, or inferred from the value in the legacy form (`None` if unknown).
    pub refa: Option<bool>,
    /// Tricks per player (index = player number − 1): replayed when play checked out, otherwise
    /// counted from the recorded winners. `None` for an all-pass deal.
    pub tricks: Option<[u8; 3]>,
    /// Whether the main passed (when the deal checked out).
    pub main_passed: Option<bool>,
}

fn card_name(card: Card) -> String {
    let rank = match card.rank() {
        Rank::Ten => "10".to_owned(),
        r => r.char().to_string(),
    };
    let code = parse::code_char(card);
    format!("`{code}` ({rank}{})", card.suit().symbol())
}

/// The refa of a played deal: written, or for the legacy form inferred from the value (§1).
#[must_use]
pub fn effective_refa(play: &Play) -> Option<bool> {
    if play.refa.is_some() {
        return play.refa;
    }
    let bm = base_times_kontra(play);
    if play.value == bm {
        Some(false)
    } else if play.value == bm * 2 {
        Some(true)
    } else {
        None
    }
}

fn base_times_kontra(play: &Play) -> u32 {
    play.contract.base() * play.kontra.map_or(1, |k| k.level.multiplier())
}

/// Tricks per player counted from the recorded winners.
#[must_use]
pub fn recorded_tricks(play: &Play) -> [u8; 3] {
    let mut t = [0u8; 3];
    for trick in &play.throws {
        if let Some(slot) = t.get_mut(trick.winner.index()) {
            *slot = slot.saturating_add(1);
        }
    }
    t
}

/// Who is in play: the main, each follower, and the invited player.
#[derive(Debug, Clone, Copy)]
struct Roles {
    main: PrefPlayer,
    following: [bool; 3],
    invited: Option<PrefPlayer>,
    inviter: Option<PrefPlayer>,
}

impl Roles {
    fn follows(&self, p: PrefPlayer) -> bool {
        self.following[p.index()]
    }
    fn in_play(&self, p: PrefPlayer) -> bool {
        p == self.main || self.follows(p) || self.invited == Some(p)
    }
}

/// The winner's index among `cards` (led suit = first card), given the trump.
#[must_use]
pub fn trick_winner_index(cards: &[Card], trump: Option<Suit>) -> usize {
    cards_core::trick::winner(cards.iter().copied(), trump, cards_core::trick::by_rank).unwrap_or(0)
}

/// Whether the main's failure is certain after the given trick counts (§9).
#[must_use]
pub fn failure_certain(contract: Contract, main_tricks: u8, defender_tricks: u8) -> bool {
    match contract.level {
        6 => main_tricks >= 1,
        8 => defender_tricks >= 1,
        _ => defender_tricks >= 5,
    }
}

/// The player who must lead trick 1 (§8): first bidder, or the left follower in sans/preferans,
/// skipping players not in play.
#[must_use]
pub fn expected_starter(deal: &Deal, play: &Play, in_play: impl Fn(PrefPlayer) -> bool) -> PrefPlayer {
    let order = deal.order;
    let mut p = if play.contract.left_leads() { order.prev(play.main) } else { order.first() };
    for _ in 0..3 {
        if in_play(p) {
            break;
        }
        p = order.next(p);
    }
    p
}

/// Checks one deal against itself (T2). Returns its diagnostics (at most one error, plus lints) and
/// its facts.
#[must_use]
pub(crate) fn check_deal(deal: &Deal, spans: &DealSpans) -> (Vec<Diagnostic>, Outcome) {
    let mut lints = Vec::new();
    let mut outcome = Outcome {
        dealer: deal.order.dealer(),
        main: deal.play.as_ref().map(|p| p.main),
        contract: deal.play.as_ref().map(|p| p.contract),
        value: deal.play.as_ref().map(|p| p.value),
        refa: deal.play.as_ref().and_then(effective_refa),
        tricks: deal.play.as_ref().map(recorded_tricks),
        main_passed: None,
    };
    if let Err(e) = run(deal, spans, &mut lints, &mut outcome) {
        lints.push(e);
    }
    (lints, outcome)
}

type Check = Result<(), Diagnostic>;

fn fail(code: &'static str, msg: impl Into<String>, span: Span) -> Check {
    Err(Diagnostic::error(code, msg, span))
}

/// T2 in the digest's order; the first error stops the deal (later checks depend on the state
/// the earlier ones establish).
fn run(deal: &Deal, spans: &DealSpans, lints: &mut dyn DiagnosticSink, outcome: &mut Outcome) -> Check {
    check_cards(deal, spans)?;
    let Some(play) = &deal.play else { return Ok(()) };
    let win = check_auction(deal, play, spans)?;
    let main_hand = check_discards(deal, play, win.bid, spans)?;
    check_contract(play, win.bid, spans)?;
    let roles = check_roles(play, spans, lints)?;
    check_value(play, spans)?;
    check_starter(deal, play, &roles, spans)?;
    let (won, main_passed) = check_throws(deal, play, &roles, main_hand, spans, outcome)?;
    outcome.main_passed = Some(main_passed);
    check_summary(deal, play, spans, &roles, &won, main_passed, lints)
}

/// §2 the deal: 32 distinct cards.
fn check_cards(deal: &Deal, spans: &DealSpans) -> Check {
    let mut seen = CardSet::EMPTY;
    for (i, &c) in deal.cards.iter().enumerate() {
        if !seen.insert(c) {
            return fail(code::CARDS_DUPLICATE, format!("{} is dealt twice", card_name(c)), spans.card(i));
        }
    }
    Ok(())
}

/// §4 the auction has a legal reconstruction, and its winner is the main.
fn check_auction(deal: &Deal, play: &Play, spans: &DealSpans) -> Result<auction::AuctionWin, Diagnostic> {
    let Some(win) = auction::reconstruct(deal.bids) else {
        return Err(Diagnostic::error(
            code::AUCTION_IMPOSSIBLE,
            "no legal auction ends with these highest bids",
            spans.field(Field::Bids),
        )
        .with_help("bids are in deal order; only a player with priority may say \"mine\""));
    };
    let winner = deal.order.at(win.position);
    if play.main != winner {
        return Err(Diagnostic::error(
            code::MAIN_NOT_AUCTION_WINNER,
            format!("player {winner} won the auction, not player {}", play.main),
            spans.field(Field::Main),
        ));
    }
    Ok(win)
}

/// §5 the discards: `XX` after a game, otherwise two of the main's twelve cards. Gives the main's
/// ten cards.
fn check_discards(deal: &Deal, play: &Play, bid: Bid, spans: &DealSpans) -> Result<CardSet, Diagnostic> {
    let dspan = spans.field(Field::Discard);
    let main = play.main;
    let main_hand = deal.hand(main).iter().copied().collect::<CardSet>();
    if bid.is_game() {
        if play.discard != Discard::None {
            return Err(Diagnostic::error(
                code::GAME_DISCARD_NOT_XX,
                "a game is played without the talon, so nothing is discarded",
                dspan,
            )
            .with_help("write XX"));
        }
        return Ok(main_hand);
    }
    let [a, b] = match play.discard {
        Discard::None => {
            return Err(Diagnostic::error(
                code::DISCARD_FORMAT,
                "XX is only for a game; the main discards two cards",
                dspan,
            ));
        }
        Discard::Cards(cards) => cards,
    };
    if a == b {
        return Err(Diagnostic::error(
            code::DISCARD_FORMAT,
            format!("{} is discarded twice", card_name(a)),
            dspan,
        ));
    }
    let twelve = main_hand | deal.talon().iter().copied().collect::<CardSet>();
    for (k, c) in [a, b].into_iter().enumerate() {
        if !twelve.contains(c) {
            let order = deal.order;
            let holder = crate::model::DealOrder::at(order, 0);
            let owner =
                (0..3).map(|pos| order.at(pos)).find(|&p| deal.hand(p).contains(&c)).unwrap_or(holder);
            return Err(Diagnostic::error(
                code::DISCARD_NOT_HELD,
                format!("{} is not among player {main}'s twelve cards: it is player {owner}'s", card_name(c)),
                Span::new(dspan.start + k, dspan.start + k + 1),
            ));
        }
    }
    Ok(twelve - CardSet::single(a) - CardSet::single(b))
}

/// §5 the contract against the winning bid.
fn check_contract(play: &Play, bid: Bid, spans: &DealSpans) -> Check {
    let cspan = spans.field(Field::Contract);
    let contract = play.contract;
    match bid {
        Bid::Plain(n) | Bid::Mine(n) => {
            if contract.game {
                return fail(
                    code::GAME_CONTRACT_AFTER_PLAIN_AUCTION,
                    "the main took the talon, so the contract cannot be a game",
                    cspan,
                );
            }
            if contract.level < n {
                return fail(
                    code::CONTRACT_BELOW_BID,
                    format!("the winning bid was {n}, the contract is lower"),
                    cspan,
                );
            }
        }
        Bid::Game | Bid::NamedGame(_) => {
            if !contract.game {
                return fail(
                    code::PLAIN_CONTRACT_AFTER_GAME_AUCTION,
                    "the auction was won with a game, so the contract is G2-G8",
                    cspan,
                );
            }
            if let Bid::NamedGame(k) = bid
                && contract.level < k
            {
                return fail(
                    code::CONTRACT_BELOW_BID,
                    format!("the winning bid was G{k}, the contract is lower"),
                    cspan,
                );
            }
        }
        Bid::Pass => {}
    }
    Ok(())
}

/// §6 who follows, who kontras, who is invited. Gives the roles in play.
fn check_roles(play: &Play, spans: &DealSpans, lints: &mut dyn DiagnosticSink) -> Result<Roles, Diagnostic> {
    let main = play.main;
    if play.accepted == Accepted::One(main) {
        return Err(Diagnostic::error(
            code::ACCEPTED_IS_MAIN,
            format!("player {main} is the main, not a follower"),
            spans.field(Field::Accepted),
        ));
    }
    let following = PrefPlayer::ALL.map(|p| match play.accepted {
        Accepted::Nobody => false,
        Accepted::One(q) => q == p,
        Accepted::Both(_) => p != main,
    });
    let mut roles = Roles { main, following, invited: None, inviter: None };
    let kspan = spans.field(Field::Kontra);
    let Some(k) = play.kontra else { return Ok(roles) };
    if k.by == main {
        return Err(Diagnostic::error(
            code::KONTRA_BY_MAIN,
            format!("the kontra digit names the main (player {main})"),
            kspan,
        ));
    }
    if k.level == KontraLevel::Invite && matches!(play.accepted, Accepted::Both(_)) {
        return Err(Diagnostic::error(
            code::INVITE_WITH_BOTH_FOLLOWING,
            "an invitation needs exactly one follower, but both follow",
            kspan,
        ));
    }
    if !roles.follows(k.by) {
        return Err(Diagnostic::error(
            code::KONTRA_BY_NONFOLLOWER,
            format!("player {} does not follow", k.by),
            kspan,
        ));
    }
    if k.level == KontraLevel::Invite {
        roles.inviter = Some(k.by);
        roles.invited = PrefPlayer::ALL.into_iter().find(|&p| p != main && p != k.by);
        if !play.contract.game && play.contract.level == 2 {
            lints.report(Diagnostic::warning(
                code::INVITE_ON_PLAIN_SPADE,
                "the engine never offers an invitation on plain spade",
                kspan,
            ));
        }
    }
    Ok(roles)
}

/// §7 the value: base × kontra, × 2 under refa.
fn check_value(play: &Play, spans: &DealSpans) -> Check {
    let contract = play.contract;
    let bm = base_times_kontra(play);
    let vspan = spans.field(Field::Value);
    match play.refa {
        Some(r) => {
            let expect = if r { bm * 2 } else { bm };
            if play.value != expect {
                return Err(Diagnostic::error(
                    code::VALUE_MISMATCH,
                    format!(
                        "the value is {expect} (base {} × kontra {}{}), not {}",
                        contract.base(),
                        bm / contract.base().max(1),
                        if r { " × refa 2" } else { "" },
                        play.value
                    ),
                    vspan,
                ));
            }
        }
        None => {
            if play.value != bm && play.value != bm * 2 {
                return fail(
                    code::VALUE_MISMATCH,
                    format!("the value is {bm} (or {} under refa), not {}", bm * 2, play.value),
                    vspan,
                );
            }
        }
    }
    Ok(())
}

/// §8 who leads trick 1 (nobody when nobody follows).
fn check_starter(deal: &Deal, play: &Play, roles: &Roles, spans: &DealSpans) -> Check {
    let sspan = spans.field(Field::Starts);
    if play.accepted == Accepted::Nobody {
        if let Some(s) = play.starts {
            return fail(
                code::WRONG_STARTER,
                format!("nobody follows, so nobody leads (0), not player {s}"),
                sspan,
            );
        }
        return Ok(());
    }
    let expect = expected_starter(deal, play, |p| roles.in_play(p));
    if play.starts != Some(expect) {
        return fail(
            code::WRONG_STARTER,
            format!(
                "player {expect} leads trick 1, not {}",
                play.starts.map_or("0".to_owned(), |s| s.to_string())
            ),
            sspan,
        );
    }
    Ok(())
}

/// §9 every trick replayed from the hands: size, cards held, following suit and trumping, the
/// winner, and an end exactly at 10 tricks or where the main's failure is certain. Gives the tricks
/// won per player and whether the main passed.
fn check_throws(
    deal: &Deal,
    play: &Play,
    roles: &Roles,
    main_hand: CardSet,
    spans: &DealSpans,
    outcome: &mut Outcome,
) -> Result<([u8; 3], bool), Diagnostic> {
    let tspan_all = spans.field(Field::Throws);
    let mut won = [0u8; 3];
    if play.accepted == Accepted::Nobody {
        if !play.throws.is_empty() {
            return Err(Diagnostic::error(
                code::PLAY_WITHOUT_FOLLOWER,
                "nobody follows, so no tricks are played (write 0)",
                tspan_all,
            ));
        }
        return Ok((won, true));
    }
    let main = roles.main;
    let contract = play.contract;
    let mut hands = [CardSet::EMPTY; 3];
    for p in PrefPlayer::ALL {
        hands[p.index()] =
            if p == main { main_hand } else { deal.hand(p).iter().copied().collect::<CardSet>() };
    }
    let in_play_count = PrefPlayer::ALL.iter().filter(|&&p| roles.in_play(p)).count();
    let succ = PrefPlayer::ALL.map(|p| next_in_play(deal, roles, p));
    let mut trick_start = tspan_all.start;
    let trump = contract.trump();
    let mut leader = play.starts.unwrap_or(main);
    let mut failure_at = None;
    for (k, trick) in play.throws.iter().enumerate() {
        let tlen = trick.cards().len() + 1;
        let tspan = Span::new(trick_start, trick_start + tlen);
        trick_start += tlen + 1;
        if k >= 10 {
            return Err(Diagnostic::error(code::TOO_MANY_TRICKS, "a deal has at most 10 tricks", tspan));
        }
        replay_trick(trick, k, tspan, leader, in_play_count, trump, &succ, deal, &mut hands)?;
        let mut players = [leader; 3];
        let mut p = leader;
        for slot in players.iter_mut().skip(1) {
            p = succ[p.index()];
            *slot = p;
        }
        let w = players.get(trick_winner_index(trick.cards(), trump)).copied().unwrap_or(leader);
        if trick.winner != w {
            return Err(Diagnostic::error(
                code::WRONG_TRICK_WINNER,
                format!("player {w} wins trick {}, not player {}", k + 1, trick.winner),
                Span::new(tspan.end - 1, tspan.end),
            ));
        }
        won[w.index()] += 1;
        leader = w;
        let main_t = won[main.index()];
        let def_t: u8 = PrefPlayer::ALL.iter().filter(|&&p| p != main).map(|p| won[p.index()]).sum();
        if failure_at.is_none() && failure_certain(contract, main_t, def_t) {
            failure_at = Some(k);
        }
    }
    let n = play.throws.len();
    if n < 10 && (n == 0 || failure_at != Some(n - 1)) {
        return Err(Diagnostic::error(
            code::INCOMPLETE_PLAY,
            format!("only {n} tricks, and the main's failure was not certain at the last one"),
            tspan_all,
        )
        .with_help("record all 10 tricks, or stop exactly at the trick that decides the main's failure"));
    }
    outcome.tricks = Some(won);
    Ok((won, n == 10 && contract.passed(won[main.index()])))
}

fn next_in_play(deal: &Deal, roles: &Roles, p: PrefPlayer) -> PrefPlayer {
    let mut q = deal.order.next(p);
    for _ in 0..3 {
        if roles.in_play(q) {
            return q;
        }
        q = deal.order.next(q);
    }
    q
}

#[allow(clippy::too_many_arguments)]
fn replay_trick(
    trick: &Trick,
    k: usize,
    tspan: Span,
    leader: PrefPlayer,
    in_play_count: usize,
    trump: Option<Suit>,
    succ: &[PrefPlayer; 3],
    deal: &Deal,
    hands: &mut [CardSet; 3],
) -> Check {
    let cards = trick.cards();
    if cards.len() != in_play_count {
        return fail(
            code::TRICK_SIZE,
            format!(
                "{in_play_count} players are in play, so trick {} has {in_play_count} cards, not {}",
                k + 1,
                cards.len()
            ),
            tspan,
        );
    }
    let led = cards.first().map(|c| c.suit());
    let mut p = leader;
    for (j, &card) in cards.iter().enumerate() {
        if j > 0 {
            p = succ[p.index()];
        }
        let cspan = Span::new(tspan.start + j, tspan.start + j + 1);
        let hand = hands[p.index()];
        if !hand.contains(card) {
            let why = if deal.hand(p).contains(&card) { " any more" } else { "" };
            return fail(
                code::CARD_NOT_HELD,
                format!("trick {}: player {p} does not hold {}{why}", k + 1, card_name(card)),
                cspan,
            );
        }
        if let (true, Some(led)) = (j > 0, led)
            && card.suit() != led
        {
            if !hand.suit(led).is_empty() {
                return Err(Diagnostic::error(
                    code::REVOKE,
                    format!(
                        "trick {}: player {p} plays {} but holds {}",
                        k + 1,
                        card_name(card),
                        led.symbol()
                    ),
                    cspan,
                )
                .with_help("a player must follow suit if able"));
            }
            if let Some(tr) = trump
                && card.suit() != tr
                && !hand.suit(tr).is_empty()
            {
                return Err(Diagnostic::error(
                    code::FAILED_TO_TRUMP,
                    format!(
                        "trick {}: player {p} is void in {} but holds trumps ({})",
                        k + 1,
                        led.symbol(),
                        tr.symbol()
                    ),
                    cspan,
                )
                .with_help("a player void in the led suit must trump if able"));
            }
        }
        hands[p.index()].remove(card);
    }
    Ok(())
}

/// What the summary entries are checked against: the play's tricks as replayed.
struct Booked<'a> {
    play: &'a Play,
    roles: &'a Roles,
    /// Tricks each player took.
    won: &'a [u8; 3],
    /// Tricks the defenders took together.
    defenders: u8,
    main_passed: bool,
}

fn check_summary(
    deal: &Deal,
    play: &Play,
    spans: &DealSpans,
    roles: &Roles,
    won: &[u8; 3],
    main_passed: bool,
    lints: &mut dyn DiagnosticSink,
) -> Check {
    let main = roles.main;
    let defenders: u8 = PrefPlayer::ALL.iter().filter(|&&p| p != main).map(|p| won[p.index()]).sum();
    let booked = Booked { play, roles, won, defenders, main_passed };
    for (pos, entry) in play.summary.iter().enumerate() {
        let p = deal.order.at(pos);
        let span = spans.summary_entry(pos);
        if p == main {
            booked.check_main(p, *entry, span)?;
        } else if roles.follows(p) {
            let column = if deal.order.next(p) == main { Column::Right } else { Column::Left };
            booked.check_follower(p, column, *entry, span)?;
        } else if *entry != Entry::None {
            let who = if roles.invited == Some(p) {
                "is invited (the inviter books everything)"
            } else {
                "does not play"
            };
            return fail(code::SUMMARY_NONPLAYER, format!("player {p} {who}, so the entry is 0"), span);
        }
    }
    if main_passed && play.accepted != Accepted::Nobody {
        booked.lint_quota(deal, spans, lints);
    }
    Ok(())
}

impl Booked<'_> {
    /// The main's entry: M, its tricks, and the value to the middle (negative when it failed).
    fn check_main(&self, p: PrefPlayer, entry: Entry, span: Span) -> Check {
        let tricks = self.won[p.index()];
        let middle = if self.main_passed { -i64::from(self.play.value) } else { i64::from(self.play.value) };
        let Entry::Main { tricks: t, middle: m } = entry else {
            return fail(
                code::SUMMARY_MAIN,
                format!("player {p} is the main, so the entry is M{tricks}:{middle}"),
                span,
            );
        };
        if t != tricks {
            return fail(code::SUMMARY_MAIN, format!("the main took {tricks} tricks, not {t}"), span);
        }
        if m != middle {
            let how = if self.main_passed { "passed" } else { "failed" };
            return fail(
                code::SUMMARY_MAIN,
                format!("the main {how}, so the middle entry is {middle}, not {m}"),
                span,
            );
        }
        Ok(())
    }

    /// A follower's entry: F, its tricks (an inviter's with the invited player's), the column
    /// against the main, the supe, and a fail only when the main passed.
    fn check_follower(&self, p: PrefPlayer, col: Column, entry: Entry, span: Span) -> Check {
        let value = u64::from(self.play.value);
        let tricks = if self.roles.inviter == Some(p) { self.defenders } else { self.won[p.index()] };
        let Entry::Follower { tricks: t, column, supe, fail: failed } = entry else {
            return fail(
                code::SUMMARY_FOLLOWER_TRICKS,
                format!("player {p} follows, so the entry is F{tricks}:…"),
                span,
            );
        };
        if t != tricks {
            let whose = if self.roles.inviter == Some(p) { " (with the invited player's)" } else { "" };
            return fail(
                code::SUMMARY_FOLLOWER_TRICKS,
                format!("player {p} took {tricks} tricks{whose}, not {t}"),
                span,
            );
        }
        if column != col {
            let c = if col == Column::Right { 'R' } else { 'L' };
            return fail(
                code::SUMMARY_COLUMN,
                format!("player {p} writes against the main in column {c}"),
                span,
            );
        }
        let expect = value * u64::from(tricks);
        if supe != expect {
            return fail(
                code::SUMMARY_SUPE,
                format!("the supe is value × tricks = {expect}, not {supe}"),
                span,
            );
        }
        if let Some(f) = failed {
            if !self.main_passed {
                return fail(
                    code::FOLLOWER_FAIL_WHEN_MAIN_FAILED,
                    format!("player {p} cannot fail: the main failed"),
                    span,
                );
            }
            if f != value {
                return fail(
                    code::SUMMARY_FAIL_AMOUNT,
                    format!("a follower fails by the value {value}, not {f}"),
                    span,
                );
            }
        }
        Ok(())
    }

    /// The recommended defenders' quota: a follower below it is marked failed, one that made it
    /// is not.
    fn lint_quota(&self, deal: &Deal, spans: &DealSpans, lints: &mut dyn DiagnosticSink) {
        let defenders = self.defenders;
        for (pos, entry) in self.play.summary.iter().enumerate() {
            let p = deal.order.at(pos);
            let Entry::Follower { fail: failed, .. } = *entry else { continue };
            let own = self.won[p.index()];
            let should = if self.roles.inviter == Some(p) {
                defenders < 4
            } else if matches!(self.play.accepted, Accepted::Both(_)) {
                defenders < 4 && own < 2
            } else {
                own < 2
            };
            if should != failed.is_some() {
                let span = spans.summary_entry(pos);
                let msg = if should {
                    format!("player {p} is below the defenders' quota but is not marked failed")
                } else {
                    format!("player {p} made the defenders' quota but is marked failed")
                };
                lints.report(Diagnostic::warning(code::FOLLOWER_QUOTA, msg, span).with_help(
                    "recommended quota: 4 tricks together, 2 each; a lone follower 2; an inviter 4",
                ));
            }
        }
    }
}

/// The checks of one info tag (`tags[i]`, at `spans[i]`): not a repeat of an earlier tag, and a
/// well-formed value for the tags the rules type.
pub(crate) fn check_tag(tags: &[Tag], spans: &[Span], i: usize, out: &mut dyn DiagnosticSink) {
    let Some(t) = tags.get(i) else { return };
    let span = spans.get(i).copied().unwrap_or_default();
    if tags.iter().take(i).any(|u| u.name == t.name) {
        out.report(Diagnostic::error(code::TAG_DUPLICATE, format!("tag {} appears twice", t.name), span));
        return;
    }
    let v = t.value.trim();
    let int = v.parse::<i64>().ok();
    let bad = match t.name.as_str() {
        "Bula" => (!int.is_some_and(|b| b > 0 && b % 2 == 0)).then_some("Bula is a positive even integer"),
        "Refe" => int.is_none_or(|r| r < 0).then_some("Refe is a non-negative integer"),
        n if RESULT_TAGS.contains(&n) => int.is_none().then_some("a Result is an integer"),
        n if PLACE_TAGS.contains(&n) => {
            (!int.is_some_and(|p| (1..=3).contains(&p))).then_some("a Place is 1, 2 or 3")
        }
        _ => None,
    };
    if let Some(why) = bad {
        out.report(Diagnostic::error(code::TAG_VALUE, format!("{}: `{}`", why, t.value), span));
    }
}

/// The checks of the info section as a whole: required tags present, results that add up to 0 and
/// places in the order of the results.
pub(crate) fn check_info(tags: &[Tag], spans: &[Span], out: &mut dyn DiagnosticSink) {
    let find = |name: &str| tags.iter().find(|t| t.name == name);
    let int = |name: &str| find(name).and_then(|t| t.value.trim().parse::<i64>().ok());
    let tag_span = |name: &str| {
        tags.iter().position(|t| t.name == name).and_then(|i| spans.get(i).copied()).unwrap_or_default()
    };
    let required = ["Bula", "Refe"].iter().chain(PLAYER_TAGS.iter()).chain(RESULT_TAGS.iter());
    for name in required {
        if find(name).is_none() {
            out.report(
                Diagnostic::error(
                    code::TAG_MISSING,
                    format!("the required tag {name} is missing"),
                    Span::at(0),
                )
                .with_help("required: Bula, Refe, Player1..3, Result1..3"),
            );
        }
    }
    let results: Option<Vec<i64>> = RESULT_TAGS.iter().map(|n| int(n)).collect();
    let Some(results) = &results else { return };
    let sum: i64 = results.iter().sum();
    if sum != 0 {
        out.report(Diagnostic::warning(
            code::RESULT_SUM_NONZERO,
            format!("the results add up to {sum}, not 0"),
            tag_span(RESULT_TAGS[0]),
        ));
    }
    let places: Vec<Option<i64>> = PLACE_TAGS.iter().map(|n| int(n)).collect();
    for (i, place_tag) in PLACE_TAGS.iter().enumerate() {
        for j in 0..3 {
            if let (Some(Some(pi)), Some(Some(pj)), Some(ri), Some(rj)) =
                (places.get(i), places.get(j), results.get(i), results.get(j))
                && pi < pj
                && ri <= rj
            {
                out.report(Diagnostic::warning(
                    code::PLACE_RESULT_ORDER,
                    format!(
                        "player {} has place {pi} but result {ri}, not above player {}'s {rj} (place {pj})",
                        i + 1,
                        j + 1
                    ),
                    tag_span(place_tag),
                ));
            }
        }
    }
}

/// The game-level (T3) state the checks across deals carry from one deal to the next: ids,
/// dealer rotation and refa hats, and how much of the info section has been read.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GameState {
    /// `Refe` from the tags (uncapped hats when unknown).
    refe: Option<u32>,
    prev_id: Option<u32>,
    prev_dealer: Option<PrefPlayer>,
    all_pass: u32,
    used: [u32; 3],
    /// Tags of the info section taken in so far (for `Refe`).
    tags_seen: usize,
}

impl GameState {
    /// Takes in the info section's tags before `record`'s deal (`Refe` changes the refa lint).
    fn read_tags(&mut self, record: &crate::DealRecord) {
        let before = record.late_tags.start.min(record.header.tags.len());
        for tag in record.header.tags.get(self.tags_seen..before).into_iter().flatten() {
            if tag.name == "Refe" {
                self.refe = tag.value.trim().parse().ok();
            }
        }
        self.tags_seen = self.tags_seen.max(before);
    }

    /// Adds the T3 lints of the next record (in file order) to `out`.
    fn lint(
        &mut self,
        id: Option<u32>,
        spans: &DealSpans,
        deal: Option<&Deal>,
        out: &mut dyn DiagnosticSink,
    ) {
        if let Some(id) = id {
            self.lint_id(id, spans.field(Field::Id), out);
        }
        let Some(deal) = deal else { return };
        self.lint_dealer(deal, spans.field(Field::Order), out);
        let Some(play) = &deal.play else {
            self.all_pass += 1;
            return;
        };
        let rspan = if play.refa.is_some() { spans.field(Field::Refa) } else { spans.field(Field::Value) };
        self.lint_refa(play, rspan, out);
    }

    /// Ids count up by one from 1.
    fn lint_id(&mut self, id: u32, span: Span, out: &mut dyn DiagnosticSink) {
        let expect = self.prev_id.map_or(1, |p| p.saturating_add(1));
        if id != expect {
            out.report(Diagnostic::warning(
                code::ID_SEQUENCE,
                format!("deal {id} where {expect} was expected"),
                span,
            ));
        }
        self.prev_id = Some(id);
    }

    /// The deal order is a rotation, and the dealer the next after the one before.
    fn lint_dealer(&mut self, deal: &Deal, span: Span, out: &mut dyn DiagnosticSink) {
        if !deal.order.is_rotation() {
            out.report(Diagnostic::warning(
                code::DEAL_ORDER_NOT_ROTATION,
                "prefko only writes the deal orders 123, 231 and 312",
                span,
            ));
        }
        if let Some(prev) = self.prev_dealer
            && deal.order.dealer() != prev.next()
        {
            out.report(Diagnostic::warning(
                code::DEALER_ROTATION,
                format!(
                    "player {} deals after player {prev}; expected player {}",
                    deal.order.dealer(),
                    prev.next()
                ),
                span,
            ));
        }
        self.prev_dealer = Some(deal.order.dealer());
    }

    /// A played deal is doubled exactly when its main player has an unused refa (an all-pass
    /// deal owed, up to `Refe` of them).
    fn lint_refa(&mut self, play: &Play, rspan: Span, out: &mut dyn DiagnosticSink) {
        let Some(refa) = effective_refa(play) else { return };
        let main = play.main.index();
        let capped = self.refe.map_or(self.all_pass, |r| self.all_pass.min(r));
        let owed = capped > self.used[main];
        let owed_uncapped = self.all_pass > self.used[main];
        if refa && !owed {
            if owed_uncapped {
                out.report(Diagnostic::warning(
                    code::REFE_EXCEEDED,
                    format!(
                        "this refa is only owed if more all-pass deals than Refe {} are counted",
                        self.refe.unwrap_or(0)
                    ),
                    rspan,
                ));
            } else {
                out.report(Diagnostic::warning(
                    code::REFA_FLAG,
                    format!("player {} has no unused refa, but this deal is doubled", play.main),
                    rspan,
                ));
            }
        } else if !refa && owed {
            out.report(Diagnostic::warning(
                code::REFA_FLAG,
                format!("player {} has an unused refa, so this deal should be doubled", play.main),
                rspan,
            ));
        }
        if refa {
            self.used[main] += 1;
        }
    }
}

/// The checks of a file's deal records: [`Checker::check`](cards_core::notation::Checker::check)
/// checks a deal against itself (T2, facts into
/// [`DealRecord::outcome`](crate::DealRecord::outcome)) and the tags the record owns (the first
/// record checks the info section), on any thread; [`Checker::finish`](cards_core::notation::Checker::finish)
/// checks it against the deals before it (T3: ids, dealer rotation, refas), in file order, with
/// the [`GameState`] this checker keeps. The rules are [`Pref`](crate::Pref)'s
/// [`Rules`](cards_core::Rules).
///
/// A record's diagnostics are then its own (syntax, T2, T3), then the file-level ones it holds
/// ([`DealRecord::own`](crate::DealRecord::own) counts the first).
///
/// ```
/// use ppn_pref::{Options, Pref};
///
/// let src = "[Bula 60]\n[Refe 2]\n[1 123 WQKJS5LP84CEIAOT9N31BDH7FVM2RGU6 P,P,P]\n[3 231 1BDHM27WQK4CEIN3FVRJS5LP8GU6AOT9 P,P,P]\n";
/// let mut codes = Vec::new();
/// for record in cards_core::notation::read_checked::<Pref, _>(src.as_bytes(), Options::default()) {
///     codes.extend(record?.diagnostics.iter().map(|d| d.code()));
/// }
/// // deal 1 carries the missing tags (file level), deal 3 the id lint
/// assert_eq!(codes.iter().filter(|c| **c == "TAG_MISSING").count(), 6);
/// assert_eq!(codes.last(), Some(&"ID_SEQUENCE"));
/// # Ok::<(), std::io::Error>(())
/// ```
pub type Checker = cards_core::RulesChecker<crate::Pref>;

/// Inserts `found` among a record's own diagnostics (after those before it, before the
/// file-level ones).
fn add_own(record: &mut crate::Record, found: Vec<Diagnostic>) {
    let at = record.model.own.min(record.diagnostics.len());
    record.model.own = at + found.len();
    record.diagnostics.splice(at..at, found);
}

impl cards_core::Rules for crate::Pref {
    type State = GameState;

    fn check(options: &crate::Options, record: &mut crate::Record) {
        let model = &mut record.model;
        let mut found = Vec::new();
        if let Some(deal) = &model.deal {
            let (diagnostics, outcome) = check_deal(deal, &model.spans);
            found = diagnostics;
            model.outcome = Some(outcome);
        }
        options.apply(&mut found);
        let header = std::sync::Arc::clone(&model.header);
        let own_tags = if model.number == 0 { 0..model.late_tags.end } else { model.late_tags.clone() };
        let info = (model.number == 0).then(|| header.tags.len().min(model.late_tags.start));
        add_own(record, found);
        for i in own_tags {
            check_tag(&header.tags, &header.spans, i, &mut record.diagnostics);
        }
        if let Some(info) = info {
            check_info(&header.tags[..info], &header.spans[..info], &mut record.diagnostics);
        }
    }

    fn finish(options: &crate::Options, state: &mut GameState, record: &mut crate::Record, _last: bool) {
        state.read_tags(&record.model);
        let model = &record.model;
        let mut found = Vec::new();
        state.lint(model.id, &model.spans, model.deal.as_ref(), &mut found);
        options.apply(&mut found);
        add_own(record, found);
    }
}
