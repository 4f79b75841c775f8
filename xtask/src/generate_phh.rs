//! Random legal PHH hands: `poker_engine::sim` plays them (every action was accepted by the
//! engine, and its player policy keeps them PokerKit-compatible), this module writes them as PHH.

use std::fmt::Write as _;

use poker_engine::sim::{Rng, random_hand};
use poker_engine::{Chips, GameDef, Variant};

/// Every variant code the generator knows.
pub const VARIANTS: [&str; 11] =
    ["FT", "NT", "NS", "PO", "FO/8", "F7S", "F7S/8", "FR", "N2L1D", "F2L3D", "FB"];

fn list(values: &[Chips]) -> String {
    let parts: Vec<String> = values.iter().map(Chips::to_string).collect();
    format!("[{}]", parts.join(", "))
}

/// The PHH fields of a game definition (everything but the actions).
fn fields(def: &GameDef) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "variant = \"{}\"", def.variant.code());
    if def.ante_trimming {
        out.push_str("ante_trimming_status = true\n");
    }
    let _ = writeln!(out, "antes = {}", list(&def.antes));
    if def.variant.is_stud() {
        let _ = writeln!(out, "bring_in = {}", def.bring_in);
    } else {
        let _ = writeln!(out, "blinds_or_straddles = {}", list(&def.blinds_or_straddles));
    }
    if def.variant.uses_small_big_bets() {
        let _ = writeln!(out, "small_bet = {}\nbig_bet = {}", def.small_bet, def.big_bet);
    } else {
        let _ = writeln!(out, "min_bet = {}", def.min_bet);
    }
    let _ = writeln!(out, "starting_stacks = {}", list(&def.starting_stacks));
    out
}

/// Writes `hands` random legal hands of `variant` (a code, or `all` to rotate through every
/// variant) as a `.phhs` text, tables numbered from 1.
pub fn phhs(variant: &str, hands: usize, seed: u64) -> Result<String, String> {
    let variants: Vec<Variant> = if variant == "all" {
        VARIANTS.iter().filter_map(|c| Variant::from_code(c)).collect()
    } else {
        vec![Variant::from_code(variant).ok_or(format!("unknown variant {variant:?}"))?]
    };
    let mut rng = Rng::new(seed);
    let mut out = String::with_capacity(hands * 700);
    let mut written = 0;
    let mut attempts = 0;
    while written < hands {
        attempts += 1;
        if attempts > hands * 20 + 100 {
            return Err(format!("the engine refused too many generated hands ({written} of {hands} made)"));
        }
        let Some(hand) = random_hand(&mut rng, variants[written % variants.len()]) else { continue };
        written += 1;
        let _ = writeln!(out, "[{written}]");
        out.push_str(&fields(&hand.def));
        out.push_str("actions = [\n");
        for action in &hand.actions {
            let _ = writeln!(out, "  \"{action}\",");
        }
        out.push_str("]\n\n");
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_variant_generates_terminal_hands_deterministically() {
        for code in VARIANTS {
            let text = phhs(code, 5, 3).unwrap_or_else(|e| panic!("{code}: {e}"));
            assert_eq!(text.matches("variant = ").count(), 5, "{code}");
            assert_eq!(text, phhs(code, 5, 3).unwrap_or_default());
        }
    }

    #[test]
    fn generated_text_reads_and_replays_cleanly() {
        let text = phhs("all", 110, 9).unwrap_or_default();
        let options =
            phh::Options { profile: poker_engine::RuleProfile::Pokerkit, ..phh::Options::default() };
        let records: Vec<phh::Record> =
            cards_core::notation::read_checked::<phh::Phh, _>(text.as_bytes(), options)
                .map(Result::unwrap)
                .collect();
        assert_eq!(records.len(), 110);
        for (i, record) in records.iter().enumerate() {
            assert!(!record.has_errors(), "hand {i}: {:?}", record.diagnostics);
            assert!(
                record.model.outcome.as_ref().is_some_and(|o| o.terminal),
                "hand {i} does not replay cleanly"
            );
        }
    }
}
