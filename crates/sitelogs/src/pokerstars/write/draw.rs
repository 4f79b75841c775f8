//! Draw and stud deals: the draw round's lines, held until its replacements are known, and a stud
//! street's `Dealt to` line.

use cards_core::{Card, MaybeCard};
use phh::{CardRun, Variant};

use super::out::{Ctx, cards_text};

/// The draw under way: its stand-pat and discard lines wait for the replacements (PHH deals them
/// after every player has drawn; the site writes the observer's `Dealt to` line after their
/// discard line).
#[derive(Default)]
pub(super) struct DrawRound {
    /// Draws begun (0: before the first).
    pub(super) count: usize,
    /// Whether a draw is under way.
    pub(super) open: bool,
    pub(super) lines: Vec<(usize, String)>,
    /// Per player: the discards were named (the observer's), so the replacements can be.
    pub(super) known_discards: Vec<bool>,
}

impl DrawRound {
    pub(super) fn open(&mut self, c: &mut Ctx<'_>, variant: Variant) {
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
    pub(super) fn after(&mut self, i: usize, line: String) {
        let at = self.lines.iter().position(|(p, _)| *p == i).map_or(self.lines.len(), |k| k + 1);
        self.lines.insert(at, (usize::MAX, line));
    }

    pub(super) fn close(&mut self, c: &mut Ctx<'_>) {
        if self.open {
            for (_, line) in self.lines.drain(..) {
                c.line(&line);
            }
            self.open = false;
        }
    }

    /// When a fold happens, in the summary's words.
    pub(super) fn fold_text(&self, variant: Variant) -> &'static str {
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
pub(super) fn stud_dealt_line(
    name: &str,
    before: &[MaybeCard],
    new: &CardRun,
    street: usize,
) -> Option<String> {
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
