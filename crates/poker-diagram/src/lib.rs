//! Poker hand diagrams from PHH: every step of a hand as an SVG picture of the table (seats,
//! stacks, cards, bets, the button, the pots and the board), and a file's hands as one
//! self-contained HTML page that steps through them.
//!
//! The pictures are drawn from the engine's own states (the replay `cardnote check` and `cardnote
//! replay` run), so every amount is exact. A step the PokerKit rules repaired (a check or fold the
//! file does not write) is a frame of its own, marked as such.
//!
//! ```
//! let text = "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n\
//!     starting_stacks = [100, 100]\nactions = ['d dh p1 AhKh', 'd dh p2 7c2d', 'p2 cbr 6', 'p1 f']\n";
//! let hand = phh::parse_hand(text).model.hand.expect("a hand");
//! let frames = poker_diagram::frames(&hand, phh::replay::RuleProfile::Pokerkit).expect("it replays");
//! assert_eq!(frames.len(), 5); // the blinds, two deals, the raise, the fold
//! let last = frames.last().unwrap();
//! assert_eq!(last.pot, "0");
//! assert_eq!(last.seats[1].stack, "102");
//! assert_eq!(last.seats[1].payoff.as_deref(), Some("+2"));
//! let svg = poker_diagram::svg(last);
//! assert!(svg.starts_with("<svg") && svg.contains("4. p1 f"));
//! let page = poker_diagram::html_page("Hands", &[poker_diagram::HandFrames { title: "Hand 0".into(), frames }]);
//! assert!(page.contains("<button"));
//! ```

use cards_core::{Diagnostic, MaybeCard, Span};
use phh::replay::{RuleProfile, engine_actions, game_def};
use poker_engine::replay::{Step, finish_observed, run_observed};
use poker_engine::{Chips, Phase, State, Turn, Variant, Warning, Warnings};

mod html;
mod svg;

pub use html::{HandFrames, html_page};
pub use svg::svg;

/// One picture of a hand: the table after a step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Frame {
    /// What the step was: `forced bets`, the PHH action (`p2 cbr 6`), or a repair.
    pub step: String,
    /// The PHH action's index in the hand, `None` for the forced bets and repairs.
    pub action: Option<usize>,
    /// A step the PokerKit rules made (the file does not write it).
    pub repaired: bool,
    /// The street the step happened on (`preflop`, `flop`, `3rd`, `draw 1`, `end`).
    pub street: String,
    /// Every chip in the middle and in front of the players.
    pub pot: String,
    /// The pots once bets are collected (main first), with the players who can win each.
    pub pots: Vec<(String, Vec<usize>)>,
    /// The board.
    pub board: Vec<MaybeCard>,
    /// The players, in PHH order (p1 first).
    pub seats: Vec<SeatView>,
    /// Who is to act, in words (`p3: call 4 or raise 8..100`, `dealer`, `hand over`).
    pub next: String,
    /// Warnings and errors of the step, as `CODE: message`.
    pub notes: Vec<String>,
    /// Whether the step was refused (the replay stops there).
    pub failed: bool,
}

/// A player as a frame shows them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatView {
    /// The name (`p1` when the hand names no players).
    pub name: String,
    /// The stack behind.
    pub stack: String,
    /// Chips in front of the player on this street.
    pub bet: String,
    /// Hole cards, each with whether it is face up.
    pub cards: Vec<(MaybeCard, bool)>,
    /// Still in the hand.
    pub active: bool,
    /// The player to act.
    pub to_act: bool,
    /// The dealer button (button games: the last player).
    pub button: bool,
    /// What the hand paid the player, once it is over (`+20`, `-20`, `0`).
    pub payoff: Option<String>,
}

/// A street as a person names it: `preflop`..`river`, `3rd`..`7th` in stud, `predraw` and `draw N`
/// in draw games, `setup` before the first and `end` once the hand is over.
#[must_use]
pub fn street_name(variant: Variant, street: Option<usize>, phase: Phase) -> String {
    let Some(s) = street else {
        return if phase == Phase::Over { "end".into() } else { "setup".into() };
    };
    if variant.is_stud() {
        return match s {
            0 => "3rd".into(),
            n => format!("{}th", n + 3),
        };
    }
    if variant.is_draw() {
        return if s == 0 { "predraw".into() } else { format!("draw {s}") };
    }
    ["preflop", "flop", "turn", "river"].get(s).map_or_else(|| format!("street {s}"), |n| (*n).to_owned())
}

fn next_text(state: &State) -> String {
    match state.turn() {
        Turn::Dealer => "dealer".into(),
        Turn::Draw(p) => format!("p{} draws", p + 1),
        Turn::Bet(p) => {
            let mut out = format!("p{}", p + 1);
            if let Some(b) = state.bring_in_amount() {
                out.push_str(&format!(": bring-in {b}"));
            } else if let Some(c) = state.call_amount() {
                if c.is_zero() {
                    out.push_str(": check");
                } else {
                    out.push_str(&format!(": call {}", c.to_text()));
                }
            }
            if let Some((min, max)) = state.raise_range() {
                if min == max {
                    out.push_str(&format!(" or raise to {min}"));
                } else {
                    out.push_str(&format!(" or raise to {min}..{max}"));
                }
            }
            out
        }
        Turn::Show(p) => format!("showdown (p{} first)", p + 1),
        Turn::Nobody => "hand over".into(),
    }
}

/// The frame of `state` after a step.
fn frame(hand: &phh::Hand, state: &State, step: String, action: Option<usize>, street: String) -> Frame {
    let n = state.stacks().len();
    let to_act = match state.turn() {
        Turn::Bet(p) | Turn::Draw(p) | Turn::Show(p) => Some(p),
        _ => None,
    };
    let over = state.is_over();
    let button_game = !state.variant().is_stud();
    let seats = (0..n)
        .map(|p| SeatView {
            name: hand
                .players
                .as_ref()
                .and_then(|names| names.get(p))
                .filter(|name| !name.is_empty())
                .cloned()
                .unwrap_or_else(|| format!("p{}", p + 1)),
            stack: state.stacks()[p].to_text(),
            bet: state.bets()[p].to_text(),
            cards: state
                .hole(p)
                .map(|h| h.cards().iter().copied().zip(h.up().iter().copied()).collect())
                .unwrap_or_default(),
            active: state.active()[p],
            to_act: to_act == Some(p),
            button: button_game && p + 1 == n,
            payoff: over.then(|| {
                let payoff = state.payoffs()[p];
                let text = payoff.to_text();
                if payoff > Chips::ZERO { format!("+{text}") } else { text }
            }),
        })
        .collect();
    let pots = state
        .pots()
        .as_slice()
        .iter()
        .map(|pot| (pot.amount.to_text(), (0..n).filter(|&p| pot.is_eligible(p)).collect()))
        .collect();
    Frame {
        step,
        action,
        repaired: false,
        street,
        pot: state.total_pot().to_text(),
        pots,
        board: state.board().to_vec(),
        seats,
        next: next_text(state),
        notes: Vec::new(),
        failed: false,
    }
}

/// What a PokerKit repair did, in words (`inserted fold`).
#[must_use]
pub fn repair_text(w: Warning) -> &'static str {
    match w {
        Warning::RepairedCheck => "inserted check",
        Warning::RepairedFold => "inserted fold",
        Warning::RepairedHoleDealing => "dealt ?? hole card",
        Warning::RepairedShowdown => "cards kept face down",
        _ => "repair",
    }
}

/// Every step of `hand` replayed under `rules`: the forced bets, then one frame per action (and
/// per repair the PokerKit rules make), the last one with the payoffs when the hand is over.
///
/// # Errors
/// When the hand's game cannot be set up (the engine's refusal, as a diagnostic). An illegal
/// action is not an error: its frame is marked `failed` and is the last.
pub fn frames(hand: &phh::Hand, rules: RuleProfile) -> Result<Vec<Frame>, Diagnostic> {
    let def = game_def(hand, rules);
    let mut state = State::new(&def)
        .map_err(|e| Diagnostic::error(e.code(), format!("cannot start the hand: {e}"), Span::at(0)))?;
    let (actions, convert_error) = converted_actions(hand);
    let mut drawn = Drawn { hand, frames: Vec::new(), street: String::new(), set_off: Warnings::NONE };
    if run_observed(&mut state, &actions, |step, s| drawn.step(step, s)) {
        finish_observed(&mut state, |step, s| drawn.step(step, s));
    }
    let mut frames = drawn.finish();
    if let Some((index, message)) = convert_error
        && let Some(f) = frames.last_mut()
    {
        f.failed = true;
        f.notes.push(format!("REPLAY_BAD_ACTION: action {} cannot be replayed: {message}", index + 1));
    }
    Ok(frames)
}

/// The frames of a hand, drawn step by step as the engine's replay reports them.
struct Drawn<'a> {
    hand: &'a phh::Hand,
    frames: Vec<Frame>,
    /// The street of the state before the step (where the next step takes place).
    street: String,
    /// Warnings not yet on a frame: those the repairs' actions set off (they go with the action
    /// the repairs were made for), then those of the repairs that end the hand.
    set_off: Warnings,
}

impl Drawn<'_> {
    fn step(&mut self, step: Step, state: &State) {
        let hand = self.hand;
        let street =
            core::mem::replace(&mut self.street, street_name(state.variant(), state.street(), state.phase()));
        match step {
            Step::Start => {
                self.frames.push(frame(hand, state, "forced bets".into(), None, self.street.clone()))
            }
            Step::Repaired { before: Some(_), repair, warnings } => {
                let mut f = frame(hand, state, format!("({})", repair_text(repair)), None, street);
                f.repaired = true;
                f.notes.push(note(repair));
                self.frames.push(f);
                self.set_off = self.set_off.union(warnings);
            }
            // After the last action: the hand's end is shown in the last action's frame, with the
            // repairs' warnings at the end of its notes.
            Step::Repaired { before: None, repair, warnings } => {
                if let Some(last) = self.frames.last_mut().filter(|f| f.action.is_some()) {
                    let notes = core::mem::take(&mut last.notes);
                    let redrawn =
                        frame(hand, state, core::mem::take(&mut last.step), last.action, last.street.clone());
                    *last = Frame { notes, ..redrawn };
                }
                self.set_off.add(repair);
                self.set_off = self.set_off.union(warnings);
            }
            Step::Applied { action, warnings } => {
                let mut f = frame(hand, state, hand.actions[action].to_string(), Some(action), street);
                let warnings = core::mem::take(&mut self.set_off).union(warnings);
                f.notes.extend(warnings.iter().map(note));
                self.frames.push(f);
            }
            // The refused action's frame: the state stays as it was before it.
            Step::Refused { action, error } => {
                let mut f = frame(hand, state, format!("{}  ✗", hand.actions[action]), Some(action), street);
                f.failed = true;
                f.notes.push(format!("{}: {error}", error.code()));
                f.notes.extend(core::mem::take(&mut self.set_off).iter().map(note));
                self.frames.push(f);
            }
        }
    }

    /// The frames, the warnings of the repairs that end the hand on the last one.
    fn finish(mut self) -> Vec<Frame> {
        if let Some(last) = self.frames.last_mut() {
            last.notes.extend(self.set_off.iter().map(note));
        }
        self.frames
    }
}

/// A warning as a frame's note: `CODE: message`.
fn note(w: Warning) -> String {
    format!("{}: {}", w.code(), w.message())
}

/// The engine actions of a hand, up to the first one that cannot be converted, and that one's
/// index and error.
fn converted_actions(hand: &phh::Hand) -> (Vec<poker_engine::Action>, Option<(usize, String)>) {
    match engine_actions(hand) {
        Ok(actions) => (actions, None),
        Err((index, e)) => {
            let converted =
                hand.actions[..index].iter().filter_map(|a| phh::replay::engine_action(&a.kind).ok());
            (converted.collect(), Some((index, format!("{e:?}"))))
        }
    }
}

/// `text` with `&`, `<`, `>` and `"` escaped for XML and HTML.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const HAND: &str = "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n\
        starting_stacks = [100, 100, 100]\nactions = ['d dh p1 AcAd', 'd dh p2 KcKd', 'd dh p3 7h2s', \
        'p3 f', 'p1 cbr 6', 'p2 cc', 'd db 2c3c4d', 'p1 cbr 10', 'p2 f']\n";

    fn hand(text: &str) -> phh::Hand {
        phh::parse_hand(text).model.hand.unwrap()
    }

    #[test]
    fn a_frame_per_step_with_the_engines_amounts() {
        let frames = frames(&hand(HAND), RuleProfile::Wsop).unwrap();
        assert_eq!(frames.len(), 10);
        assert_eq!(frames[0].step, "forced bets");
        assert_eq!((frames[0].pot.as_str(), frames[0].seats[1].bet.as_str()), ("3", "2"));
        assert_eq!(frames[6].street, "preflop"); // the call that closes the round
        assert_eq!(frames[7].board.len(), 3);
        let last = frames.last().unwrap();
        assert_eq!(
            last.seats.iter().map(|s| s.payoff.clone().unwrap()).collect::<Vec<_>>(),
            ["+6", "-6", "0"]
        );
        assert!(last.seats[2].button && !last.seats[0].button);
        assert_eq!(last.next, "hand over");
    }

    #[test]
    fn repairs_and_refusals_are_frames_of_their_own() {
        // p1 acts out of turn: PokerKit's rules fold p3 first; the standard rules refuse it.
        let text = HAND.replace("'p3 f', ", "");
        let lenient = frames(&hand(&text), RuleProfile::Pokerkit).unwrap();
        let repair = lenient.iter().find(|f| f.repaired).unwrap();
        assert_eq!(repair.step, "(inserted fold)");
        assert!(repair.notes[0].starts_with("REPLAY_REPAIRED_FOLD"));
        let strict = frames(&hand(&text), RuleProfile::Wsop).unwrap();
        let last = strict.last().unwrap();
        assert!(last.failed && last.step.ends_with('✗'), "{last:?}");
        assert_eq!(strict.len(), 5);
    }
}
