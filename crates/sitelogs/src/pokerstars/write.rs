//! PHH hands written as PokerStars text, in the site's layout: header, table, seats, posts, hole
//! cards, streets, uncalled bets, showdown, collections and the summary.

use std::fmt::Write as _;
use std::io::Write;

use cards_core::{Amount, Card, Diagnostic, MaybeCard};
use phh::{ActionKind, CardRun, Hand, Shown, StrOrInt, TomlValue, Variant};

use super::header;
use crate::export::{WriteError, finite_stacks, replayed_stacks, stated_winnings, unsupported};
use crate::money;

/// Writes hands as a PokerStars log, separated by blank lines as the site does.
#[derive(Debug)]
pub struct Writer<W> {
    out: W,
    written: usize,
}

impl<W: Write> Writer<W> {
    /// A writer to `out`.
    pub fn new(out: W) -> Writer<W> {
        Writer { out, written: 0 }
    }

    /// Writes one hand; a hand the site's text cannot hold is refused and nothing is written.
    pub fn write_hand(&mut self, hand: &Hand) -> Result<(), WriteError> {
        let text = write_hand(hand).map_err(WriteError::Unsupported)?;
        if self.written > 0 {
            self.out.write_all(b"\n\n")?;
        }
        self.out.write_all(text.as_bytes())?;
        self.written += 1;
        Ok(())
    }

    /// The output back.
    pub fn into_inner(self) -> W {
        self.out
    }
}

fn user_int(hand: &Hand, key: &str) -> Option<i64> {
    hand.user_fields.iter().find(|f| f.key == key).and_then(|f| match f.value {
        TomlValue::Integer(i) => Some(i),
        _ => None,
    })
}

fn user_str<'h>(hand: &'h Hand, key: &str) -> Option<&'h str> {
    hand.user_fields.iter().find(|f| f.key == key).and_then(|f| match &f.value {
        TomlValue::String(s) => Some(s.as_str()),
        _ => None,
    })
}

fn cards_text(cards: &[Card]) -> String {
    let words: Vec<String> = cards.iter().map(|&c| poker_engine::card_text::spell(c).to_string()).collect();
    words.join(" ")
}

fn roman(mut n: i64) -> String {
    let table =
        [(100, "C"), (90, "XC"), (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")];
    let mut out = String::new();
    for (value, text) in table {
        while n >= value {
            out.push_str(text);
            n -= value;
        }
    }
    out
}

struct Ctx<'h> {
    hand: &'h Hand,
    names: Vec<String>,
    symbol: Option<String>,
    out: String,
}

impl Ctx<'_> {
    fn money(&self, a: Amount) -> String {
        money::write(a, self.symbol.as_deref())
    }

    fn line(&mut self, text: &str) {
        self.out.push_str(text);
        self.out.push('\n');
    }
}

/// Writes one hand as PokerStars text (no trailing blank line).
pub fn write_hand(hand: &Hand) -> Result<String, Diagnostic> {
    let stud = hand.variant.is_stud();
    let n = hand.starting_stacks.len();
    let forced = hand.antes.iter().chain(hand.blinds_or_straddles.iter().flatten());
    if forced.chain(hand.bring_in.iter()).any(|a| a.is_negative()) {
        return Err(unsupported("a negative ante or blind has no PokerStars form"));
    }
    let uniform = hand.antes.windows(2).all(|w| w[0] == w[1]);
    if hand.ante_trimming() && !uniform {
        return Err(unsupported(
            "ante trimming (`ante_trimming_status = true`) with unequal antes has no PokerStars form: \
             the site's antes are dead money every player can win",
        ));
    }
    let stacks_at_start = finite_stacks(hand)?;
    let final_stacks = replayed_stacks(hand)?;
    let names: Vec<String> = match &hand.players {
        Some(p) if p.len() == n && p.iter().all(|s| !s.is_empty()) => p.clone(),
        _ => (1..=n).map(|i| format!("Player{i}")).collect(),
    };
    let seats: Vec<i64> = match &hand.seats {
        Some(s) if s.len() == n => s.clone(),
        _ => (1..=i64::try_from(n).unwrap_or(i64::MAX)).collect(),
    };
    let button = user_int(hand, "_button_seat").or_else(|| seats.last().copied()).unwrap_or(1);
    let symbol = hand.currency_symbol.clone();
    let mut c = Ctx { hand, names, symbol, out: String::new() };
    write_header(&mut c, n, &seats, button);

    let effective_blinds: Vec<Amount> = {
        let mut b = hand.blinds_or_straddles.clone().unwrap_or_else(|| vec![Amount::ZERO; n]);
        b.resize(n, Amount::ZERO);
        if n == 2 {
            b.reverse();
        }
        b
    };
    // The big blind: p1's heads-up (the button posts the small blind), else p2's.
    let big = effective_blinds.get(usize::from(n != 2)).copied().unwrap_or(Amount::ZERO);
    let mut stacks = stacks_at_start.clone();
    let mut put_in = vec![Amount::ZERO; n];
    let mut street = vec![Amount::ZERO; n];
    // Antes, then blinds in posting order (heads-up: the button's small blind first).
    for (i, ante) in hand.antes.iter().enumerate().take(n) {
        if !ante.is_zero() {
            let paid = min(*ante, stacks[i]);
            stacks[i] = money::minus(stacks[i], paid);
            put_in[i] = money::plus(put_in[i], paid);
            let line = format!("{}: posts the ante {}{}", c.names[i], c.money(paid), all_in(stacks[i]));
            c.line(&line);
        }
    }
    // An ante that puts a player all in leaves the others' antes partly uncalled: the site returns
    // the excess with the first street's uncalled bet.
    if (0..n).any(|i| !hand.antes.get(i).copied().unwrap_or(Amount::ZERO).is_zero() && stacks[i].is_zero()) {
        street.clone_from(&put_in);
    }
    let post_order: Vec<usize> = if n == 2 { vec![1, 0] } else { (0..n).collect() };
    let mut blind_label = vec![""; n];
    for &i in &post_order {
        let blind = effective_blinds[i];
        if blind.is_zero() {
            continue;
        }
        let paid = min(blind, stacks[i]);
        stacks[i] = money::minus(stacks[i], paid);
        put_in[i] = money::plus(put_in[i], paid);
        street[i] = money::plus(street[i], paid);
        let label = if button_blind(hand).is_some() {
            "button blind"
        } else if blind < big || (blind == big && i == usize::from(n == 2)) {
            // The small blind's seat posts a small blind even when it is the big one's size
            // (Seals With Clubs' `Blinds 1/1`).
            "small blind"
        } else if blind == big {
            "big blind"
        } else {
            "straddle"
        };
        blind_label[i] = label;
        let line = format!("{}: posts {label} {}{}", c.names[i], c.money(paid), all_in(stacks[i]));
        c.line(&line);
    }
    if hand.variant.is_draw() {
        c.line("*** DEALING HANDS ***");
    } else if !stud {
        c.line("*** HOLE CARDS ***");
    }
    let mut draw = DrawRound::default();
    let mut board: Vec<Card> = Vec::new();
    let mut dealt: Vec<Vec<MaybeCard>> = vec![Vec::new(); n];
    let mut folded_on: Vec<Option<&str>> = vec![None; n];
    let mut shown: Vec<Option<Vec<Card>>> = vec![None; n];
    let mut mucked = vec![false; n];
    let mut street_name = "Flop";
    let mut in_holes = true;
    // Shows and mucks are written under `*** SHOW DOWN ***` after the last street, as the site does.
    let mut showdown_lines: Vec<String> = Vec::new();
    let mut stud_street = 0;
    let mut last_was_deal = false;
    for action in &hand.actions {
        let drawing = matches!(action.kind, ActionKind::StandPatDiscard { .. })
            || draw.open && matches!(action.kind, ActionKind::DealHole { .. });
        if !drawing {
            draw.close(&mut c);
        }
        let is_deal = matches!(action.kind, ActionKind::DealHole { .. });
        let after_deal = std::mem::replace(&mut last_was_deal, is_deal);
        let last_was_deal = after_deal;
        match &action.kind {
            ActionKind::DealHole { player, cards } if stud => {
                let i = index(*player, n)?;
                if !last_was_deal {
                    uncalled(&mut c, &mut street, &mut stacks, &mut put_in);
                    stud_street += 1;
                    let marker = match stud_street {
                        1 => "*** 3rd STREET ***",
                        2 => "*** 4th STREET ***",
                        3 => "*** 5th STREET ***",
                        4 => "*** 6th STREET ***",
                        _ => "*** RIVER ***",
                    };
                    c.line(marker);
                    street_name = marker;
                }
                let before = dealt[i].clone();
                dealt[i].extend(cards.iter());
                if let Some(line) = stud_dealt_line(&c.names[i], &before, cards, stud_street) {
                    c.line(&line);
                }
            }
            ActionKind::DealHole { player, cards } if draw.open => {
                // Replacements: the observer's line follows their discard line.
                let i = index(*player, n)?;
                let kept: Option<Vec<Card>> = dealt[i].iter().map(|m| m.known()).collect();
                dealt[i].extend(cards.iter());
                if let (Some(kept), Some(new)) = (kept, known_all(cards))
                    && draw.known_discards[i]
                {
                    let line =
                        format!("Dealt to {} [{}] [{}]", c.names[i], cards_text(&kept), cards_text(&new));
                    draw.after(i, line);
                }
            }
            ActionKind::StandPatDiscard { player, discards } => {
                let i = index(*player, n)?;
                if draw.lines.iter().any(|(p, _)| *p == i) {
                    // The player draws again with no betting between (everyone else is all in).
                    draw.close(&mut c);
                }
                if !draw.open {
                    uncalled(&mut c, &mut street, &mut stacks, &mut put_in);
                    draw.open(&mut c, hand.variant);
                }
                for d in discards.iter() {
                    match dealt[i].iter().position(|h| *h == d) {
                        Some(k) => {
                            dealt[i].remove(k);
                        }
                        None => return Err(unsupported("a discarded card the player does not hold")),
                    }
                }
                let held: Option<Vec<Card>> = dealt[i].iter().map(|m| m.known()).collect();
                let line = match (discards.len(), known_all(discards)) {
                    (0, _) => match held {
                        Some(held) if !held.is_empty() => {
                            format!("{}: stands pat on [{}]", c.names[i], cards_text(&held))
                        }
                        _ => format!("{}: stands pat", c.names[i]),
                    },
                    (count, known) => {
                        let noun = if count == 1 { "card" } else { "cards" };
                        draw.known_discards[i] = known.is_some() && held.is_some();
                        match known {
                            Some(cards) => {
                                format!("{}: discards {count} {noun} [{}]", c.names[i], cards_text(&cards))
                            }
                            None => format!("{}: discards {count} {noun}", c.names[i]),
                        }
                    }
                };
                draw.lines.push((i, line));
            }
            ActionKind::DealHole { player, cards } => {
                let i = index(*player, n)?;
                dealt[i].extend(cards.iter());
                if cards.iter().all(|m| m.known().is_some()) && !cards.is_empty() {
                    let known: Vec<Card> = cards.known().collect();
                    let line = format!("Dealt to {} [{}]", c.names[i], cards_text(&known));
                    c.line(&line);
                }
            }
            ActionKind::DealBoard { cards } => {
                in_holes = false;
                uncalled(&mut c, &mut street, &mut stacks, &mut put_in);
                let new: Vec<Card> = cards.known().collect();
                if new.len() != cards.len() {
                    return Err(unsupported("an unknown board card: the site's text names every card"));
                }
                let before = cards_text(&board);
                board.extend(&new);
                let line = match board.len() {
                    3 => format!("*** FLOP *** [{}]", cards_text(&board)),
                    4 => format!("*** TURN *** [{before}] [{}]", cards_text(&new)),
                    5 => format!("*** RIVER *** [{before}] [{}]", cards_text(&new)),
                    _ => return Err(unsupported("a board dealt in an order PokerStars does not log")),
                };
                street_name = match board.len() {
                    3 => "Turn",
                    4 => "River",
                    _ => "River",
                };
                c.line(&line);
            }
            ActionKind::Fold { player } => {
                let i = index(*player, n)?;
                folded_on[i] = Some(if stud {
                    "in stud"
                } else if hand.variant.is_draw() {
                    draw.fold_text(hand.variant)
                } else if in_holes {
                    "before Flop"
                } else {
                    street_name_before(street_name)
                });
                let line = format!("{}: folds ", c.names[i]);
                c.line(&line);
            }
            ActionKind::CheckCall { player } => {
                let i = index(*player, n)?;
                let top = street.iter().copied().max().unwrap_or(Amount::ZERO);
                let owed = min(money::minus(top, street[i]), stacks[i]);
                if owed.is_zero() {
                    let line = format!("{}: checks ", c.names[i]);
                    c.line(&line);
                } else {
                    pay(&mut stacks, &mut put_in, &mut street, i, owed);
                    let line = format!("{}: calls {}{}", c.names[i], c.money(owed), all_in(stacks[i]));
                    c.line(&line);
                }
            }
            ActionKind::CompleteBetRaise { player, amount } => {
                let i = index(*player, n)?;
                let top = street.iter().copied().max().unwrap_or(Amount::ZERO);
                let add = money::minus(*amount, street[i]);
                pay(&mut stacks, &mut put_in, &mut street, i, add);
                let small_bet = hand.small_bet.unwrap_or(Amount::ZERO);
                let line = if stud && stud_street == 1 && !top.is_zero() && top < small_bet {
                    format!("{}: completes it to {}{}", c.names[i], c.money(*amount), all_in(stacks[i]))
                } else if top.is_zero() {
                    format!("{}: bets {}{}", c.names[i], c.money(*amount), all_in(stacks[i]))
                } else {
                    let by = money::minus(*amount, top);
                    format!(
                        "{}: raises {} to {}{}",
                        c.names[i],
                        c.money(by),
                        c.money(*amount),
                        all_in(stacks[i])
                    )
                };
                c.line(&line);
            }
            ActionKind::ShowMuck { player, shown: what } => {
                let i = index(*player, n)?;
                uncalled(&mut c, &mut street, &mut stacks, &mut put_in);
                let cards: Option<Vec<Card>> = match what {
                    Shown::Muck => None,
                    Shown::Dealt => dealt[i].iter().map(|m| m.known()).collect(),
                    Shown::Cards(run) => known_all(run),
                };
                // Cards kept face down (unknown) are neither shown nor mucked: no line.
                if cards.is_none() && *what != Shown::Muck {
                    continue;
                }
                match cards {
                    Some(cards) => {
                        showdown_lines.push(format!("{}: shows [{}]", c.names[i], cards_text(&cards)));
                        shown[i] = Some(cards);
                    }
                    None => {
                        showdown_lines.push(format!("{}: mucks hand ", c.names[i]));
                        mucked[i] = true;
                    }
                }
            }
            ActionKind::BringIn { player } if stud => {
                let i = index(*player, n)?;
                let amount = min(hand.bring_in.unwrap_or(Amount::ZERO), stacks[i]);
                pay(&mut stacks, &mut put_in, &mut street, i, amount);
                let line = format!("{}: brings in for {}{}", c.names[i], c.money(amount), all_in(stacks[i]));
                c.line(&line);
            }
            ActionKind::BringIn { .. } => {
                return Err(unsupported("a bring-in in a board game"));
            }
            ActionKind::NoOp => {}
        }
    }
    draw.close(&mut c);
    uncalled(&mut c, &mut street, &mut stacks, &mut put_in);
    if !showdown_lines.is_empty() {
        c.line("*** SHOW DOWN ***");
        for line in &showdown_lines {
            c.line(line);
        }
    }
    // Collections: what the replay pays (before rake), or the hand's post-rake `winnings` when
    // they are a rake off it (every player the replay pays is paid something, and the rake is
    // one a log could take: a hand whose stated winnings are all zero is written as played).
    let gross: Vec<Amount> =
        (0..n).map(|i| money::minus(final_stacks[i], money::minus(stacks_at_start[i], put_in[i]))).collect();
    let pot = gross.iter().fold(Amount::ZERO, |a, b| money::plus(a, *b));
    let paid = stated_winnings(hand)
        .filter(|w| w.iter().zip(&gross).all(|(w, g)| w <= g && (!w.is_zero() || g.is_zero())))
        .filter(|w| {
            let paid = w.iter().fold(Amount::ZERO, |a, b| money::plus(a, *b));
            crate::relay::payout_contradiction(pot, paid, false).is_none()
        })
        .unwrap_or_else(|| gross.clone());
    let rake = money::minus(pot, paid.iter().fold(Amount::ZERO, |a, b| money::plus(a, *b)));
    for (name, paid) in c.names.clone().iter().zip(&paid) {
        if !paid.is_zero() {
            let line = format!("{name} collected {} from pot", c.money(*paid));
            c.line(&line);
        }
    }
    c.line("*** SUMMARY ***");
    let line = format!("Total pot {} | Rake {}", c.money(pot), c.money(rake));
    c.line(&line);
    if !board.is_empty() {
        let line = format!("Board [{}]", cards_text(&board));
        c.line(&line);
    }
    let mut by_seat: Vec<usize> = (0..n).collect();
    by_seat.sort_by_key(|&i| seats[i]);
    for i in by_seat {
        let mut line = format!("Seat {}: {}", seats[i], c.names[i]);
        if seats[i] == button && !stud {
            line.push_str(" (button)");
        }
        if !blind_label[i].is_empty() && blind_label[i] != "straddle" {
            let _ = write!(line, " ({})", blind_label[i]);
        }
        if let Some(when) = folded_on[i] {
            let _ = write!(line, " folded {when}");
        } else if let Some(cards) = &shown[i] {
            let _ = write!(line, " showed [{}] and ", cards_text(cards));
            if paid[i].is_zero() {
                line.push_str("lost");
            } else {
                let _ = write!(line, "won ({})", c.money(paid[i]));
            }
        } else if mucked[i] || paid[i].is_zero() {
            line.push_str(" mucked");
            // The cards of a player who mucked, where the hand knows them all (the log showed
            // them): PokerStars writes them so, and the importer reads them back as dealt.
            let held: Option<Vec<Card>> = dealt[i].iter().map(|m| m.known()).collect();
            if let Some(held) =
                held.filter(|h| mucked[i] && !h.is_empty() && !stud && !hand.variant.is_draw())
            {
                let _ = write!(line, " [{}]", cards_text(&held));
            }
        } else {
            let _ = write!(line, " collected ({})", c.money(paid[i]));
        }
        c.line(&line);
    }
    Ok(c.out)
}

/// The draw under way: its stand-pat and discard lines wait for the replacements (PHH deals them
/// after every player has drawn; the site writes the observer's `Dealt to` line after their
/// discard line).
#[derive(Default)]
struct DrawRound {
    /// Draws begun (0: before the first).
    count: usize,
    /// Whether a draw is under way.
    open: bool,
    lines: Vec<(usize, String)>,
    /// Per player: the discards were named (the observer's), so the replacements can be.
    known_discards: Vec<bool>,
}

impl DrawRound {
    fn open(&mut self, c: &mut Ctx<'_>, variant: Variant) {
        self.count += 1;
        self.open = true;
        self.known_discards = vec![false; c.names.len()];
        // Single-draw logs have no marker: the discards follow the betting.
        if variant != Variant::NoLimitDeuceToSevenLowballSingleDraw {
            let marker = match self.count {
                1 => "*** FIRST DRAW ***",
                2 => "*** SECOND DRAW ***",
                _ => "*** THIRD DRAW ***",
            };
            c.line(marker);
        }
    }

    /// Puts `line` after player `i`'s draw line.
    fn after(&mut self, i: usize, line: String) {
        let at = self.lines.iter().position(|(p, _)| *p == i).map_or(self.lines.len(), |k| k + 1);
        self.lines.insert(at, (usize::MAX, line));
    }

    fn close(&mut self, c: &mut Ctx<'_>) {
        if self.open {
            for (_, line) in self.lines.drain(..) {
                c.line(&line);
            }
            self.open = false;
        }
    }

    /// When a fold happens, in the summary's words.
    fn fold_text(&self, variant: Variant) -> &'static str {
        match (self.count, variant) {
            (0, _) => "before the Draw",
            (_, Variant::NoLimitDeuceToSevenLowballSingleDraw) => "after the Draw",
            (1, _) => "after the 1st Draw",
            (2, _) => "after the 2nd Draw",
            _ => "after the 3rd Draw",
        }
    }
}

/// A stud street's `Dealt to` line: everything the player was dealt, known, for the hero (the
/// new card in its own bracket after 3rd street), else the up cards when the new card is one.
fn stud_dealt_line(name: &str, before: &[MaybeCard], new: &CardRun, street: usize) -> Option<String> {
    let new_known: Vec<Card> = new.known().collect();
    let old_known: Vec<Card> = before.iter().filter_map(|m| m.known()).collect();
    let hero = new_known.len() == new.len() && old_known.len() == before.len();
    if hero && !new.is_empty() {
        return Some(if street == 1 {
            format!("Dealt to {name} [{}]", cards_text(&new_known))
        } else {
            format!("Dealt to {name} [{}] [{}]", cards_text(&old_known), cards_text(&new_known))
        });
    }
    // Up cards: the third card of 3rd street and the cards of 4th to 6th street.
    let ups = |cards: &[MaybeCard]| -> Vec<Card> {
        cards.iter().enumerate().filter(|(k, _)| (2..6).contains(k)).filter_map(|(_, m)| m.known()).collect()
    };
    let all: Vec<MaybeCard> = before.iter().copied().chain(new.iter()).collect();
    let up_before = ups(before);
    let up_all = ups(&all);
    if up_all.len() == up_before.len() || street > 4 {
        return None;
    }
    let added = &up_all[up_before.len()..];
    Some(if up_before.is_empty() {
        format!("Dealt to {name} [{}]", cards_text(added))
    } else {
        format!("Dealt to {name} [{}] [{}]", cards_text(&up_before), cards_text(added))
    })
}

fn street_name_before(next: &str) -> &'static str {
    match next {
        "Turn" => "on the Flop",
        "River" => "on the Turn",
        _ => "on the River",
    }
}

fn known_all(run: &CardRun) -> Option<Vec<Card>> {
    run.iter().map(MaybeCard::known).collect()
}

fn min(a: Amount, b: Amount) -> Amount {
    if a < b { a } else { b }
}

fn all_in(stack: Amount) -> &'static str {
    if stack.is_zero() { " and is all-in" } else { "" }
}

fn index(player: phh::Player, n: usize) -> Result<usize, Diagnostic> {
    player
        .index()
        .filter(|&i| i < n)
        .ok_or_else(|| unsupported(format!("{player} is not a player of the hand")))
}

fn pay(stacks: &mut [Amount], put_in: &mut [Amount], street: &mut [Amount], i: usize, amount: Amount) {
    stacks[i] = money::minus(stacks[i], amount);
    put_in[i] = money::plus(put_in[i], amount);
    street[i] = money::plus(street[i], amount);
}

/// Writes `Uncalled bet (X) returned to NAME` when one bet of the street stands above all others,
/// and starts a new street.
fn uncalled(c: &mut Ctx<'_>, street: &mut [Amount], stacks: &mut [Amount], put_in: &mut [Amount]) {
    let Some(top) = (0..street.len()).max_by(|&a, &b| street[a].cmp(&street[b]).then(b.cmp(&a))) else {
        return;
    };
    let second = (0..street.len()).filter(|&i| i != top).map(|i| street[i]).max().unwrap_or(Amount::ZERO);
    if street[top] > second {
        let back = money::minus(street[top], second);
        stacks[top] = money::plus(stacks[top], back);
        put_in[top] = money::minus(put_in[top], back);
        let line = format!("Uncalled bet ({}) returned to {}", c.money(back), c.names[top]);
        c.line(&line);
    }
    street.iter_mut().for_each(|s| *s = Amount::ZERO);
}

fn write_header(c: &mut Ctx<'_>, n: usize, seats: &[i64], button: i64) {
    let hand = c.hand;
    // The venue names the site only when it is one writing this layout.
    let site = match (user_str(hand, "_header_site"), &hand.venue) {
        (Some(site), _) => site.to_owned(),
        (None, Some(v)) if v.starts_with("PokerStars") => v.clone(),
        _ => "PokerStars".to_owned(),
    };
    let noun = user_str(hand, "_header_noun").unwrap_or("Hand");
    let id = match &hand.hand {
        Some(StrOrInt::Int(i)) => i.to_string(),
        Some(StrOrInt::Str(s)) if !s.is_empty() && s.bytes().all(|b| b.is_ascii_alphanumeric()) => s.clone(),
        _ => "1".to_owned(),
    };
    let (small, big) = stakes(hand);
    let currency = hand.currency.as_ref().map(|cur| format!(" {cur}")).unwrap_or_default();
    let stakes = match button_blind(hand) {
        // 6+ hold'em's header names the button blind and the ante.
        Some(ante) => format!("Button Blind {} - Ante {}{currency}", c.money(big), c.money(ante)),
        None => format!("{}/{}{currency}", c.money(small), c.money(big)),
    };
    let game = header::game_name(hand.variant);
    // A mixed game names the hand's game in parentheses: `8-Game (Razz Limit)`.
    let mixed = hand.event.as_deref().is_some_and(|e| header::MIXES.iter().any(|m| e.ends_with(m)));
    let mut line = format!("{site} {noun} #{id}: ");
    match (&hand.event, hand.level) {
        (Some(event), Some(level)) => {
            let round =
                user_str(hand, "_match_round").map(|r| format!(" - Match Round {r},")).unwrap_or_default();
            let dash = if round.is_empty() { " -" } else { "" };
            let game = if mixed { format!("({game})") } else { game.to_owned() };
            let _ = write!(line, "{event} {game}{round}{dash} Level {} ({stakes})", roman(level));
        }
        (Some(event), None) if mixed => {
            let _ = write!(line, "{event} ({game}, {stakes})");
        }
        (Some(event), None) => {
            let _ = write!(line, "{event} {game} ({stakes})");
        }
        (None, _) => {
            let _ = write!(line, " {game} ({stakes})");
        }
    }
    if let (Some(y), Some(m), Some(d), Some(t)) = (hand.year, hand.month, hand.day, hand.time) {
        let _ = write!(line, " - {y:04}/{m:02}/{d:02} {}:{:02}:{:02}", t.hour, t.minute, t.second);
        if let Some(zone) = &hand.time_zone_abbreviation {
            let _ = write!(line, " {zone}");
        }
    }
    c.line(&line);
    let table = match &hand.table {
        Some(t) => t.to_string(),
        None => "PHH".to_owned(),
    };
    // Old logs have no `N-max`: a hand read from one (it has the button seat the site wrote) is
    // written without one, and so is a stud hand without a seat count (stud has no button to tell
    // where it came from: FINDINGS F39); another hand from elsewhere gets the highest seat.
    let highest = seats.iter().copied().max().unwrap_or(0).max(i64::try_from(n).unwrap_or(0));
    let from_site = user_int(hand, "_button_seat").is_some();
    let max = match hand.seat_count {
        Some(count) => format!(" {count}-max"),
        None if from_site || hand.variant.is_stud() => String::new(),
        None => format!(" {highest}-max"),
    };
    let play = if hand.user_fields.iter().any(|f| f.key == "_play_money") { " (Play Money)" } else { "" };
    let line = if hand.variant.is_stud() {
        format!("Table '{table}'{max}{play}")
    } else {
        format!("Table '{table}'{max}{play} Seat #{button} is the button")
    };
    c.line(&line);
    let stacks: Vec<String> =
        hand.starting_stacks.iter().map(|q| q.finite().map(|a| c.money(a)).unwrap_or_default()).collect();
    let mut by_seat: Vec<usize> = (0..n).collect();
    by_seat.sort_by_key(|&i| seats[i]);
    for i in by_seat {
        let line = format!("Seat {}: {} ({} in chips) ", seats[i], c.names[i], stacks[i]);
        c.line(&line);
    }
}

/// The ante of a 6+ hold'em button-blind hand: a short-deck hand whose one blind is the button's
/// (the last player's), with antes.
fn button_blind(hand: &Hand) -> Option<Amount> {
    let blinds = hand.blinds_or_straddles.as_ref()?;
    let (last, others) = blinds.split_last()?;
    (hand.variant == Variant::NoLimitShortDeckHoldem
        && blinds.len() > 2
        && !last.is_zero()
        && !last.is_negative()
        && others.iter().all(|b| b.is_zero()))
    .then(|| hand.antes.iter().copied().max().unwrap_or(Amount::ZERO))
}

/// The header's stakes: small and big bet in fixed-limit games, small and big blind otherwise.
fn stakes(hand: &Hand) -> (Amount, Amount) {
    if hand.variant.uses_small_big_bets()
        && hand.variant != Variant::FixedLimitOmahaHoldemHighLowSplitEightOrBetter
        || hand.small_bet.is_some()
    {
        return (hand.small_bet.unwrap_or(Amount::ZERO), hand.big_bet.unwrap_or(Amount::ZERO));
    }
    let blinds = hand.blinds_or_straddles.clone().unwrap_or_default();
    let mut nonzero: Vec<Amount> = blinds.into_iter().filter(|b| !b.is_zero()).collect();
    nonzero.sort();
    let big = hand.min_bet.or_else(|| nonzero.last().copied()).unwrap_or(Amount::ZERO);
    let small = nonzero.first().copied().filter(|s| *s < big).unwrap_or(big);
    (small, big)
}
