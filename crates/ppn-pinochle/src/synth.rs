//! A deterministic generator of complete, rule-abiding DD4 games in EXPORT form, for the corpus,
//! tests and benchmarks. Every hand is dealt from a seeded shuffle, bid, melded and played legally
//! (must follow, must trump, must head), and scored by the digest's rules, with GameScores carried
//! from hand to hand.
//!
//! ```
//! let text = ppn_pinochle::synth::game(7, 3);
//! let options = ppn_pinochle::Options::default();
//! let records: Vec<_> = cards_core::notation::read_checked::<ppn_pinochle::Pinochle, _>(text.as_bytes(), options)
//!     .collect::<std::io::Result<_>>()?;
//! assert_eq!(records.len(), 3);
//! assert!(records.iter().all(|r| !r.has_errors()));
//! # Ok::<(), std::io::Error>(())
//! ```

use core::fmt::Write as _;

use crate::card_text::{write_card, write_hand};
use cards_core::{Card, CardCounts, Deck, Suit};

use crate::meld::{STANDARD, has_marriage, meld_cards, meld_value};
use crate::validate::{legality_of, trick_winner};

const SEATS: [&str; 4] = ["N", "E", "S", "W"];
const NAMES: [&str; 4] = ["Ada", "Ben", "Cy", "Di"];

/// The seedable generator games are drawn with.
pub use cards_core::Rng;

fn scores(a: i64, b: i64) -> String {
    format!("{a}:{b}")
}

/// One generated game of `hands` hands (stops early when a team reaches 500, naming the Victor).
#[must_use]
pub fn game(seed: u64, hands: usize) -> String {
    let mut rng = Rng::new(seed);
    let mut out = String::from("% PPN 1.0\n% EXPORT\n");
    let _ = writeln!(out, "% ID synth-{seed}");
    out.push_str("%\n");
    let mut game = [0i64; 2];
    for number in 1..=hands {
        let dealer = (number + seed as usize) % 4;
        out.push('\n');
        let (hand_scores, text) = hand(&mut rng, number, dealer, game);
        out.push_str(&text);
        let after = [game[0] + hand_scores[0], game[1] + hand_scores[1]];
        game = after;
        if after.iter().any(|&s| s >= 500) {
            break;
        }
    }
    out
}

/// One EXPORT file of at least `bytes` bytes: the games of seeds 1, 2, … one after the other
/// under one set of `%` headers (the input of the crate's benches and throughput examples).
///
/// ```
/// let text = ppn_pinochle::synth::games(10_000);
/// assert!(text.len() >= 10_000 && text.starts_with("% PPN 1.0\n% EXPORT\n%\n"));
/// ```
#[must_use]
pub fn games(bytes: usize) -> String {
    let mut out = String::from("% PPN 1.0\n% EXPORT\n%\n");
    let mut seed = 1;
    while out.len() < bytes {
        let text = game(seed, 100);
        seed += 1;
        out.push('\n');
        out.push_str(text.get(text.find("\n\n").map_or(0, |i| i + 2)..).unwrap_or(""));
    }
    out
}

fn deal(rng: &mut Rng) -> [CardCounts; 4] {
    let mut cards: Vec<Card> = Deck::Pinochle80.counts().cards().collect();
    for i in (1..cards.len()).rev() {
        cards.swap(i, rng.below(i + 1));
    }
    let mut hands = [CardCounts::new(), CardCounts::new(), CardCounts::new(), CardCounts::new()];
    for (i, c) in cards.into_iter().enumerate() {
        if let Some(h) = hands.get_mut(i % 4) {
            let _ = h.insert(c);
        }
    }
    hands
}

fn best_trump(hand: &CardCounts) -> Option<(Suit, u32)> {
    Suit::ALL
        .into_iter()
        .filter(|&s| has_marriage(hand, s))
        .map(|s| (s, meld_value(hand, Some(s), &STANDARD)))
        .max_by_key(|x| x.1)
}

/// What one generated hand holds, for its text.
struct SynthHand {
    number: usize,
    dealer: usize,
    /// The seat the deal and the auction start from.
    first: usize,
    hands: [CardCounts; 4],
    /// The auction's tokens, from `first`.
    tokens: Vec<String>,
    declarer: usize,
    contract: u32,
    trump: Option<Suit>,
    meld_text: String,
    meld_scores: [i64; 2],
    /// The tricks' lines (empty without a trump).
    play: String,
    play_scores: [i64; 2],
    result: &'static str,
    hand_scores: [i64; 2],
}

/// One generated hand: dealt, bid, melded, played and scored; its hand scores and its text.
fn hand(rng: &mut Rng, number: usize, dealer: usize, game: [i64; 2]) -> ([i64; 2], String) {
    let hands = deal(rng);
    let first = (dealer + 1) % 4;
    let (tokens, declarer, contract) = auction(rng, &hands, first, dealer);
    let trump = best_trump(&hands[declarer]).map(|x| x.0);
    let (meld_text, meld_scores) = melds(&hands, trump);
    let (play, counters) = match trump {
        Some(trump) => random_play(rng, &hands, declarer, trump),
        None => (String::new(), [0; 2]),
    };
    let (result, hand_scores) = score(trump, counters, meld_scores, declarer % 2, contract);
    let synth = SynthHand {
        number,
        dealer,
        first,
        hands,
        tokens,
        declarer,
        contract,
        trump,
        meld_text,
        meld_scores,
        play,
        play_scores: counters.map(|c| if c < 20 { 0 } else { c }),
        result,
        hand_scores,
    };
    (hand_scores, synth.text(game))
}

/// A random auction: each seat bids up to a limit from its best meld. The tokens from `first`,
/// the declarer and the contract (the dealer's forced 50 when all pass).
fn auction(rng: &mut Rng, hands: &[CardCounts; 4], first: usize, dealer: usize) -> (Vec<String>, usize, u32) {
    let limits: Vec<u32> = hands
        .iter()
        .map(|h| {
            let meld = best_trump(h).map_or(0, |x| x.1);
            50 + meld / 2 + rng.below(12) as u32
        })
        .collect();
    let mut passed = [false; 4];
    let mut high: Option<(usize, u32)> = None;
    let mut tokens: Vec<String> = Vec::new();
    let mut i = 0;
    loop {
        let seat = (first + i) % 4;
        i += 1;
        if passed[seat] {
            tokens.push("-".into());
            continue;
        }
        let next = match high {
            None => 50,
            Some((_, h)) if h < 60 => (h + 1 + rng.below(3) as u32).min(60),
            Some((_, h)) if h < 100 => (h / 5 + 1) * 5,
            Some((_, h)) => (h / 10 + 1) * 10,
        };
        let passes = passed.iter().filter(|p| **p).count();
        let forced = passes == 3 && high.is_none();
        if forced || limits.get(seat).is_some_and(|&l| next <= l) {
            tokens.push(next.to_string());
            high = Some((seat, next));
        } else {
            tokens.push("Pass".into());
            passed[seat] = true;
        }
        if passed.iter().filter(|p| **p).count() == 3 && high.is_some() {
            break;
        }
    }
    let (declarer, contract) = high.unwrap_or((dealer, 50));
    (tokens, declarer, contract)
}

/// Every seat's meld under `trump`: the Melds tag's text from North, and the teams' meld scores
/// (under 20 counts 0).
fn melds(hands: &[CardCounts; 4], trump: Option<Suit>) -> (String, [i64; 2]) {
    let mut meld_text = String::from("N:");
    let mut values = [0i64; 4];
    for (seat, h) in hands.iter().enumerate() {
        let shown = meld_cards(h, trump, &STANDARD);
        let value = i64::from(meld_value(&shown, trump, &STANDARD));
        values[seat] = value;
        if seat > 0 {
            meld_text.push(' ');
        }
        let _ = write!(meld_text, "{}({value})", write_hand(&shown));
    }
    let team_meld = |a: usize| {
        let s = values[a] + values[a + 2];
        if s < 20 { 0 } else { s }
    };
    (meld_text, [team_meld(0), team_meld(1)])
}

/// Twenty random legal tricks led first by the declarer: the Play tag's lines and the counters
/// each team took (the last trick's 2 included).
fn random_play(rng: &mut Rng, hands: &[CardCounts; 4], declarer: usize, trump: Suit) -> (String, [i64; 2]) {
    let mut play = String::new();
    let mut counters = [0i64; 2];
    let mut held = hands.clone();
    let mut leader = declarer;
    for trick in 1..=20 {
        let mut cards: Vec<Card> = Vec::with_capacity(4);
        for k in 0..4 {
            let seat = (leader + k) % 4;
            let Some(h) = held.get_mut(seat) else { continue };
            let set = h.distinct();
            let legal: Vec<Card> = h
                .iter()
                .map(|(c, _)| c)
                .filter(|&c| cards.is_empty() || legality_of(set, &cards, c, Some(trump), true).is_none())
                .collect();
            let Some(&card) = legal.get(rng.below(legal.len())) else { continue };
            let _ = h.remove(card);
            cards.push(card);
        }
        let w = (leader + trick_winner(&cards, Some(trump))) % 4;
        let mut pts: i64 = cards.iter().map(|c| i64::from(crate::validate::counter_points(*c))).sum();
        if trick == 20 {
            pts += 2;
        }
        counters[w % 2] += pts;
        let line: Vec<String> = cards.iter().map(|&c| write_card(c)).collect();
        let _ = writeln!(play, "{} ({}{pts})", line.join(" "), SEATS[w]);
        leader = w;
    }
    (play, counters)
}

/// The Result and the teams' hand scores, `team_d` the declarer's.
fn score(
    trump: Option<Suit>,
    counters: [i64; 2],
    ms: [i64; 2],
    team_d: usize,
    contract: u32,
) -> (&'static str, [i64; 2]) {
    let mut hs = [0i64; 2];
    if trump.is_none() {
        hs[team_d] = -i64::from(contract);
        return ("No Trump", hs);
    }
    let cd = counters[team_d];
    let saved = cd >= 20 && ms[team_d] + cd >= i64::from(contract);
    hs[team_d] = if saved { ms[team_d] + cd } else { -i64::from(contract) };
    let o = 1 - team_d;
    hs[o] = if counters[o] >= 20 { ms[o] + counters[o] } else { 0 };
    (if saved { "Saved" } else { "Set" }, hs)
}

impl SynthHand {
    /// The hand's EXPORT text, `game` the GameScores before it.
    fn text(&self, game: [i64; 2]) -> String {
        let mut t = String::new();
        let _ = writeln!(t, "[Site \"cardnote synth\"]");
        let _ = writeln!(t, "[Date \"2026.01.{:02}\"]", 1 + self.number % 28);
        for (seat, name) in ["North", "East", "South", "West"].iter().zip(NAMES) {
            let _ = writeln!(t, "[{seat} \"{name}\"]");
        }
        let _ = writeln!(t, "[Hand \"{}\"]", self.number);
        let _ = writeln!(t, "[GameScores \"{}\"]", scores(game[0], game[1]));
        let _ = writeln!(t, "[Dealer \"{}\"]", SEATS[self.dealer]);
        let deal: Vec<String> = (0..4).map(|k| write_hand(&self.hands[(self.first + k) % 4])).collect();
        let _ = writeln!(t, "[Deal \"{}:{}\"]", SEATS[self.first], deal.join(" "));
        let _ = writeln!(t, "[Declarer \"{}\"]", SEATS[self.declarer]);
        let _ = writeln!(t, "[Contract \"{}\"]", self.contract);
        let _ = writeln!(t, "[Trump \"{}\"]", self.trump.map_or('-', Suit::upper_char));
        let _ = writeln!(t, "[Melds \"{}\"]", self.meld_text);
        let _ = writeln!(t, "[MeldScores \"{}\"]", scores(self.meld_scores[0], self.meld_scores[1]));
        let ps = if self.trump.is_some() { self.play_scores } else { [0; 2] };
        let _ = writeln!(t, "[PlayScores \"{}\"]", scores(ps[0], ps[1]));
        let _ = writeln!(t, "[Result \"{}\"]", self.result);
        let hs = self.hand_scores;
        let _ = writeln!(t, "[HandScores \"{}\"]", scores(hs[0], hs[1]));
        let _ = writeln!(t, "[Auction \"{}\"]", SEATS[self.first]);
        for round in self.tokens.chunks(4) {
            let _ = writeln!(t, "{}", round.join(" "));
        }
        let _ = writeln!(t, "[Play \"{}\"]", SEATS[self.declarer]);
        t.push_str(if self.trump.is_some() { &self.play } else { "*\n" });
        let after = [game[0] + hs[0], game[1] + hs[1]];
        let over: Vec<usize> = (0..2).filter(|&k| after[k] >= 500).collect();
        let victor = match over.as_slice() {
            [one] => Some(one + 1),
            [_, _] => Some(self.declarer % 2 + 1),
            _ => None,
        };
        if let Some(v) = victor {
            let _ = writeln!(t, "[Victor \"{v}\"]");
        }
        t
    }
}
