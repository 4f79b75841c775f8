//! The text being written and the small helpers every part of it uses: how a player, an amount
//! and cards are spelt.

use cards_core::{Amount, Card, Diagnostic, MaybeCard};
use phh::{CardRun, Hand};

use crate::export::unsupported;
use crate::money;

/// The text written so far, with the hand's player names and currency symbol.
pub(super) struct Ctx<'h> {
    pub(super) hand: &'h Hand,
    pub(super) names: Vec<String>,
    pub(super) symbol: Option<String>,
    pub(super) out: String,
}

impl Ctx<'_> {
    /// `a` as the site writes it, with the hand's currency symbol.
    pub(super) fn money(&self, a: Amount) -> String {
        money::write(a, self.symbol.as_deref())
    }

    /// Adds one line.
    pub(super) fn line(&mut self, text: &str) {
        self.out.push_str(text);
        self.out.push('\n');
    }
}

pub(super) fn cards_text(cards: &[Card]) -> String {
    let words: Vec<String> = cards.iter().map(|&c| poker_engine::card_text::spell(c).to_string()).collect();
    words.join(" ")
}

pub(super) fn known_all(run: &CardRun) -> Option<Vec<Card>> {
    run.iter().map(MaybeCard::known).collect()
}

pub(super) fn min(a: Amount, b: Amount) -> Amount {
    if a < b { a } else { b }
}

pub(super) fn all_in(stack: Amount) -> &'static str {
    if stack.is_zero() { " and is all-in" } else { "" }
}

pub(super) fn index(player: phh::Player, n: usize) -> Result<usize, Diagnostic> {
    player
        .index()
        .filter(|&i| i < n)
        .ok_or_else(|| unsupported(format!("{player} is not a player of the hand")))
}
