//! `cardnote replay FILE [--hand N] [--rules pokerkit|wsop]`: a hand step by step, the view a
//! person uses to follow it. One line per action with the street, the pot, the board, the stacks
//! and whose turn is next; repairs (PokerKit profile), warnings and errors are shown where they
//! happen, and the result closes each hand.

use std::fmt::Write as _;

use cards_core::{Diagnostic, MaybeCard, Span};
use phh::replay::{RuleProfile, engine_action, engine_actions, game_def};
use poker_diagram::{repair_text, street_name};
use poker_engine::replay::{Step, finish_observed, run_observed};
use poker_engine::{Chips, State, Turn, Warnings};

use cardnote::formats::Refusal;
use cardnote_check::CheckOptions;

fn cards(cards: &[MaybeCard]) -> String {
    if cards.is_empty() { "-".into() } else { poker_engine::card_text::write_cards(cards) }
}

fn stacks(state: &State) -> String {
    state.stacks().iter().map(Chips::to_text).collect::<Vec<_>>().join(" ")
}

fn turn(state: &State) -> String {
    match state.turn() {
        Turn::Dealer => {
            if state.board_pending() > 0 {
                format!("dealer: {} board", state.board_pending())
            } else {
                state.hole_dealee().map_or_else(
                    || "dealer".to_owned(),
                    |p| format!("dealer: {} hole card(s) to p{}", state.hole_pending(p), p + 1),
                )
            }
        }
        Turn::Draw(p) => format!("p{} draws", p + 1),
        Turn::Bet(p) => {
            let mut out = format!("p{}", p + 1);
            if let Some(b) = state.bring_in_amount() {
                let _ = write!(out, " pb {b}");
            } else if let Some(c) = state.call_amount() {
                out.push_str(if c.is_zero() { " check" } else { " call " });
                if !c.is_zero() {
                    out.push_str(&c.to_text());
                }
            }
            if let Some((min, max)) = state.raise_range() {
                if min == max {
                    let _ = write!(out, " | cbr {min}");
                } else {
                    let _ = write!(out, " | cbr {min}..{max}");
                }
            }
            out
        }
        Turn::Show(p) => format!("showdown (p{} first)", p + 1),
        Turn::Nobody => "hand over".into(),
    }
}

/// One line of a hand's table: a step with the state after it, or a note under it.
enum Row {
    Step {
        step: String,
        text: String,
        street: String,
        pot: String,
        board: String,
        stacks: Vec<String>,
        next: String,
    },
    Note(String),
}

/// The rows of one hand, laid out in columns as wide as their widest cell once the hand is done
/// (stacks of many players, long amounts and long boards stay in line).
#[derive(Default)]
struct Table {
    rows: Vec<Row>,
}

impl Table {
    /// A step: `street` is where the action took place (the state after it may already wait for
    /// the next street's cards).
    fn step(&mut self, step: &str, text: &str, street: String, state: &State) {
        self.rows.push(Row::Step {
            step: step.to_owned(),
            text: text.to_owned(),
            street,
            pot: state.total_pot().to_text(),
            board: cards(state.board()),
            stacks: state.stacks().iter().map(Chips::to_text).collect(),
            next: turn(state),
        });
    }

    fn note(&mut self, severity: &str, code: &str, message: &str) {
        self.rows.push(Row::Note(format!("        {severity} {code}: {message}")));
    }

    fn render(&self, out: &mut String) {
        let width =
            |cell: fn(&Row) -> &str| self.rows.iter().map(|r| cell(r).chars().count()).max().unwrap_or(0);
        let text_w = width(|r| if let Row::Step { text, .. } = r { text } else { "" });
        let street_w = width(|r| if let Row::Step { street, .. } = r { street } else { "" });
        let pot_w = width(|r| if let Row::Step { pot, .. } = r { pot } else { "" });
        let board_w = width(|r| if let Row::Step { board, .. } = r { board } else { "" });
        // Each player's stack in a column of its own.
        let mut stack_w: Vec<usize> = Vec::new();
        for row in &self.rows {
            if let Row::Step { stacks, .. } = row {
                stack_w.resize(stack_w.len().max(stacks.len()), 0);
                for (w, stack) in stack_w.iter_mut().zip(stacks) {
                    *w = (*w).max(stack.chars().count());
                }
            }
        }
        for row in &self.rows {
            match row {
                Row::Step { step, text, street, pot, board, stacks, next } => {
                    let stacks: Vec<String> =
                        stacks.iter().zip(&stack_w).map(|(stack, w)| format!("{stack:>w$}")).collect();
                    let _ = writeln!(
                        out,
                        "{step:>4}  {text:<text_w$}  {street:<street_w$}  pot {pot:>pot_w$}  board {board:<board_w$}  stacks {}  next: {next}",
                        stacks.join(" ")
                    );
                }
                Row::Note(note) => {
                    out.push_str(note);
                    out.push('\n');
                }
            }
        }
    }
}

fn street_of(state: &State) -> String {
    street_name(state.variant(), state.street(), state.phase())
}

/// Replays one hand into `out`; whether it replayed to its end without an error.
fn replay_hand(out: &mut String, parsed: &phh::Record, hand: &phh::Hand, rules: RuleProfile) -> bool {
    let title = parsed.model.name.as_deref().map(|n| format!(" [{n}]")).unwrap_or_default();
    let _ = writeln!(
        out,
        "hand {}{title}: {}, {} players, rules {}",
        parsed.model.index,
        hand.variant.code(),
        hand.player_count(),
        rules.name()
    );
    let def = game_def(hand, rules);
    let mut state = match State::new(&def) {
        Ok(state) => state,
        Err(e) => {
            let _ = writeln!(out, "        error {}: {e}\n", e.code());
            return false;
        }
    };
    let (actions, unconverted) = match engine_actions(hand) {
        Ok(actions) => (actions, None),
        Err((index, e)) => {
            let before = hand.actions.get(..index).unwrap_or_default();
            (before.iter().filter_map(|a| engine_action(&a.kind).ok()).collect(), Some((index, e)))
        }
    };
    let mut rows = Rows { hand, table: Table::default(), street: String::new(), set_off: Warnings::NONE };
    let ran = run_observed(&mut state, &actions, |step, s| rows.step(step, s));
    match unconverted {
        // The replay stops before an action the engine cannot be given.
        Some((index, e)) if ran => {
            let text = hand.actions.get(index).map(ToString::to_string).unwrap_or_default();
            rows.table.note("error", "REPLAY_BAD_ACTION", &format!("{text}: {e:?}"));
        }
        None if ran => finish_observed(&mut state, |step, s| rows.step(step, s)),
        _ => {}
    }
    let table = rows.finish();
    table.render(out);
    let payoffs: Vec<String> = state.payoffs().iter().map(Chips::to_text).collect();
    let _ = writeln!(
        out,
        "result: {}; finishing stacks [{}]; payoffs [{}]\n",
        if state.is_over() { "terminal" } else { "not terminal" },
        stacks(&state).replace(' ', ", "),
        payoffs.join(", ")
    );
    ran && unconverted.is_none()
}

/// The rows of a hand, written step by step as the engine's replay reports them.
struct Rows<'a> {
    hand: &'a phh::Hand,
    table: Table,
    /// The street of the state before the step (where the next step takes place).
    street: String,
    /// The warnings PokerKit's repairs set off, not yet shown: under the action they were made
    /// for, or after the rows for those that end the hand.
    set_off: Warnings,
}

impl Rows<'_> {
    fn step(&mut self, step: Step, state: &State) {
        let street = core::mem::replace(&mut self.street, street_of(state));
        let text = |action: usize| self.hand.actions.get(action).map(ToString::to_string).unwrap_or_default();
        match step {
            Step::Start => self.table.step("", "(forced bets posted)", self.street.clone(), state),
            Step::Repaired { repair, warnings, .. } => {
                self.table.step("+", &format!("({})", repair_text(repair)), street, state);
                self.table.note("warning", repair.code(), repair.message());
                self.set_off = self.set_off.union(warnings);
            }
            Step::Applied { action, warnings } => {
                let text = text(action);
                self.table.step(&(action + 1).to_string(), &text, street, state);
                for w in core::mem::take(&mut self.set_off).union(warnings).iter() {
                    self.table.note("warning", w.code(), w.message());
                }
            }
            Step::Refused { action, error } => {
                let text = text(action);
                self.table.step(&(action + 1).to_string(), &format!("{text}  ✗"), street, state);
                self.table.note("error", error.code(), &error.to_string());
                self.set_off = Warnings::NONE;
            }
        }
    }

    /// The table, with the warnings of the repairs that end the hand after its rows.
    fn finish(mut self) -> Table {
        for w in self.set_off.iter() {
            self.table.note("warning", w.code(), w.message());
        }
        self.table
    }
}

/// The step-by-step text of a file's hands.
#[derive(Debug, Clone, Default)]
pub struct Replayed {
    /// The tables, hand after hand.
    pub text: String,
    /// Whether a hand shown could not be replayed to its end (an error is in `text`).
    pub failed: bool,
}

/// Renders the hands of a PHH file (or only hand `hand`, 0-based) step by step.
///
/// # Errors
/// When no hand can be shown: the parse errors, or `REPLAY_NO_SUCH_HAND`.
pub fn replay(data: &[u8], hand: Option<usize>, opts: &CheckOptions) -> Result<Replayed, Refusal> {
    let (source, raws) = cardnote::formats::phh::cut(data);
    let rules = opts.rules;
    let mut out = String::new();
    let mut failed = false;
    let mut shown = 0;
    let mut errors = Vec::new();
    for parsed in &cardnote::formats::phh::parse(&raws) {
        if hand.is_some_and(|h| h != parsed.model.index) {
            continue;
        }
        match &parsed.model.hand {
            Some(model) if !parsed.has_errors() => {
                failed |= !replay_hand(&mut out, parsed, model, rules);
                shown += 1;
            }
            _ => errors.extend(parsed.diagnostics.iter().filter(|d| d.is_error()).cloned()),
        }
    }
    if shown == 0 {
        if errors.is_empty() {
            let message = match hand {
                Some(h) => format!("the file has no hand {h} (hands are numbered from 0)"),
                None => "the file has no hands".to_owned(),
            };
            errors.push(Diagnostic::error("REPLAY_NO_SUCH_HAND", message, Span::at(0)));
        }
        return Err(Refusal { source, diagnostics: errors });
    }
    Ok(Replayed { text: out, failed })
}

/// The frames of a file's hands (or only hand `hand`, 0-based) for `--html`, and whether a hand
/// could not be replayed to its end.
///
/// # Errors
/// When no hand can be shown: the parse errors, or `REPLAY_NO_SUCH_HAND`.
pub fn frames(
    data: &[u8],
    hand: Option<usize>,
    opts: &CheckOptions,
) -> Result<(Vec<poker_diagram::HandFrames>, bool), Refusal> {
    let (source, raws) = cardnote::formats::phh::cut(data);
    let mut hands = Vec::new();
    let mut failed = false;
    let mut errors = Vec::new();
    for parsed in &cardnote::formats::phh::parse(&raws) {
        if hand.is_some_and(|h| h != parsed.model.index) {
            continue;
        }
        match &parsed.model.hand {
            Some(model) if !parsed.has_errors() => match poker_diagram::frames(model, opts.rules) {
                Ok(frames) => {
                    failed |= frames.iter().any(|f| f.failed);
                    let name = parsed.model.name.as_deref().map(|n| format!(" [{n}]")).unwrap_or_default();
                    let title = format!(
                        "Hand {}{name}: {}, {} players, rules {}",
                        parsed.model.index,
                        model.variant.code(),
                        model.player_count(),
                        opts.rules.name()
                    );
                    hands.push(poker_diagram::HandFrames { title, frames });
                }
                Err(e) => {
                    failed = true;
                    errors.push(e);
                }
            },
            _ => errors.extend(parsed.diagnostics.iter().filter(|d| d.is_error()).cloned()),
        }
    }
    if hands.is_empty() {
        if errors.is_empty() {
            let message = match hand {
                Some(h) => format!("the file has no hand {h} (hands are numbered from 0)"),
                None => "the file has no hands".to_owned(),
            };
            errors.push(Diagnostic::error("REPLAY_NO_SUCH_HAND", message, Span::at(0)));
        }
        return Err(Refusal { source, diagnostics: errors });
    }
    Ok((hands, failed))
}

#[cfg(test)]
mod tests {
    use super::*;

    const HAND: &str = "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n\
        starting_stacks = [100, 100, 100]\nactions = ['d dh p1 AcAd', 'd dh p2 KcKd', 'd dh p3 7h2s', \
        'p3 f', 'p1 cbr 6', 'p2 cc', 'd db 2c3c4d', 'p1 cbr 10', 'p2 f']\n";

    #[test]
    fn shows_every_step_and_the_result() {
        let text = replay(HAND.as_bytes(), None, &CheckOptions::default()).unwrap_or_default().text;
        assert!(text.contains("hand 0: NT"));
        assert!(text.contains("p1 cbr 6"));
        assert!(text.contains("flop"));
        assert!(text.contains("next: p1 check | cbr 2..94"), "{text}");
        assert!(text.contains("result: terminal; finishing stacks [106, 94, 100]"), "{text}");
    }

    #[test]
    fn reports_errors_and_missing_hands() {
        let bad = HAND.replace("'p3 f'", "'p1 f'");
        let opts = CheckOptions { rules: RuleProfile::Wsop, ..CheckOptions::default() };
        let replayed = replay(bad.as_bytes(), Some(0), &opts).unwrap_or_default();
        assert!(replayed.failed);
        let text = replayed.text;
        assert!(text.contains("REPLAY_WRONG_PLAYER"), "{text}");
        let lenient = replay(bad.as_bytes(), Some(0), &CheckOptions::default()).unwrap_or_default().text;
        assert!(lenient.contains("REPLAY_REPAIRED_FOLD"), "{lenient}");
        assert!(replay(HAND.as_bytes(), Some(3), &CheckOptions::default()).is_err());
    }
}
