//! PHH (`.phh`, `.phhs`): the `phh` crate's reader cuts the file into raw hands, [`Phh`]'s parse
//! and checker read and replay them on the workers. What is this crate's own: the units (a
//! `.phhs` of only comments holds no hand) and the JSON fields of `check --json`.

use std::path::Path;

use cards_core::{Diagnostic, Severity};
pub use phh::Phh;
use phh::{Raw, Record};
use serde_json::{Map, Value};

use crate::{Check, CheckOptions, Checked, Input, RecordReport, Unit, Units};

/// `terminal`, `finishing_stacks` and `payoffs` of an outcome (every one `null` without one).
fn outcome_fields(fields: &mut Map<String, Value>, outcome: Option<phh::replay::ReplayOutcome>) {
    let strings = |values: Vec<String>| Value::Array(values.into_iter().map(Value::String).collect());
    let (terminal, stacks, payoffs) = match outcome {
        Some(o) => (Value::Bool(o.terminal), strings(o.finishing_stacks), strings(o.payoffs)),
        None => (Value::Null, Value::Null, Value::Null),
    };
    fields.insert("terminal".into(), terminal);
    fields.insert("finishing_stacks".into(), stacks);
    fields.insert("payoffs".into(), payoffs);
}

/// A hand's JSON fields: `variant`, `players`, `actions`, and the replay's `terminal`,
/// `finishing_stacks`, `payoffs` (or `repaired_outcome`), given the replay's diagnostics.
fn hand_fields(record: &mut Record, replay_diagnostics: &[Diagnostic]) -> Map<String, Value> {
    let mut fields = Map::with_capacity(7);
    let hand = record.model.hand.as_ref();
    fields.insert("variant".into(), hand.map_or(Value::Null, |h| Value::String(h.variant.code().to_owned())));
    fields.insert("players".into(), hand.map_or(Value::Null, |h| Value::from(h.player_count())));
    fields.insert("actions".into(), hand.map_or(Value::Null, |h| Value::from(h.action_count())));
    let outcome = record.model.outcome.take();
    if outcome.is_none() || phh::replay::replayed_as_written(replay_diagnostics) {
        outcome_fields(&mut fields, outcome);
        return fields;
    }
    // Not replayable as written (an illegal action, or replayed only by inserting actions as
    // PokerKit does): the file implies no outcome, so its fields are null. A repaired outcome is
    // kept apart, as `repaired_outcome`, beside the warnings that say what was inserted.
    outcome_fields(&mut fields, None);
    if !replay_diagnostics.iter().any(Diagnostic::is_error) {
        let mut repaired = Map::with_capacity(3);
        outcome_fields(&mut repaired, outcome);
        fields.insert("repaired_outcome".into(), Value::Object(repaired));
    }
    fields
}

/// Whether every line of `text` is blank or a comment.
fn only_trivia(text: &str) -> bool {
    text.lines().all(|line| {
        let line = line.trim();
        line.is_empty() || line.starts_with('#')
    })
}

/// What a PHH unit knows of its file: it is a `.phhs` file that holds no hand (only comments and
/// blank lines).
#[derive(Debug, Default)]
pub struct NoHands(pub bool);

/// PHH checked: phh's reader cuts the file into raw hands, grouped into units; a `.phhs` of only
/// comments holds no hand.
impl Check for Phh {
    const FORMAT: crate::Format = crate::Format::Phh;
    const FINISH: bool = false;
    type Item = Raw;
    type Data = NoHands;

    fn units<'r>(input: Input<'r>, path: &Path, limit: usize) -> Units<'r, Phh> {
        let phhs = path.extension().is_some_and(|e| e.eq_ignore_ascii_case("phhs"));
        let units = crate::TextUnits::<Phh, _>::new(input, limit, Raw::text);
        Box::new(units.map(move |unit| {
            let mut unit = unit?;
            let whole = unit.first && unit.items.first().is_some_and(|raw| !raw.is_table());
            let json = unit.text.trim_start().starts_with('{');
            unit.data = NoHands(whole && phhs && !json && only_trivia(&unit.text));
            Ok(unit)
        }))
    }

    fn options(opts: &CheckOptions) -> phh::Options {
        phh::Options { strict: opts.strict, profile: opts.rules }
    }

    fn read(raw: Raw, options: &phh::Options) -> Record {
        raw.parse(options)
    }

    /// `variant`, `players`, `actions` (non-empty notations), and from the replay `terminal`,
    /// `finishing_stacks` and `payoffs` (`null` when the hand has parse errors and is not
    /// replayed).
    fn fields(checked: &mut Checked<phh::FileHand>, opts: &CheckOptions) -> Map<String, Value> {
        // The replay's diagnostics as it reported them (before `strict`).
        let replay: Vec<Diagnostic> = checked
            .record
            .diagnostics
            .get(checked.read..)
            .unwrap_or_default()
            .iter()
            .map(|d| {
                let lenient = opts.strict && phh::codes::LENIENCIES.contains(&d.code());
                if lenient { d.clone().with_severity(Severity::Warning) } else { d.clone() }
            })
            .collect();
        hand_fields(&mut checked.record, &replay)
    }

    /// One report per hand; none for a `.phhs` of only comments.
    fn reports(
        unit: &Unit<Phh>,
        records: impl Iterator<Item = Checked<Self::Model>>,
        opts: &CheckOptions,
    ) -> Vec<RecordReport> {
        if unit.data.0 {
            return Vec::new();
        }
        records.map(|checked| crate::report(unit, checked, opts)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Human output asks for no fields: the same diagnostics, no field map built.
    #[test]
    fn no_fields_changes_only_the_fields() {
        let text = "[1]\nvariant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n\
                    starting_stacks = [200, 200]\nactions = ['d dh p1 AhKh', 'd dh p2 QsQd', 'p1 zz']\n\
                    [2]\nvariant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n\
                    starting_stacks = [200, 200]\nactions = ['d dh p1 AhKh', 'd dh p2 QsQd', 'p1 f']\n";
        let check = |opts| crate::check_file::<Phh>(text.as_bytes(), &opts);
        let json = check(CheckOptions::default());
        let human = check(CheckOptions { no_fields: true, ..CheckOptions::default() });
        assert_eq!(json.records.len(), 2);
        assert!(json.records[0].diagnostics.iter().any(Diagnostic::is_error));
        for (json, human) in json.records.iter().zip(&human.records) {
            assert_eq!(json.diagnostics, human.diagnostics);
            assert!(!json.fields.is_empty());
            assert!(human.fields.is_empty());
        }
    }
}
