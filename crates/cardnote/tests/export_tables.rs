//! `cardnote export` over the shared real files, read back: every table agrees with `check`
//! (counts, stacks, payoffs, scores, errors), and the `actions` table replayed in order gives the
//! `seats` finishing stacks. Needs `../shared` (skipped without it, failing when CARDNOTE_REQUIRE_SHARED=1).
#![cfg(feature = "export")]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use arrow_array::{Array, BooleanArray, Int64Array, ListArray, RecordBatch, StringArray, UInt32Array};
use cardnote_arrow::export::{ExportOptions, Input, InputFormat, export};
use cardnote_check::walk::{FileKind, collect_files};
use cardnote_check::{CheckOptions, Format, check_bytes};
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
use serde_json::Value;

/// A record's keys: `file`, `index`.
type Key = (String, u32);

/// A seat's `finishing_stack` and `payoff`.
type SeatResult = (Option<String>, Option<String>);

fn shared() -> Option<PathBuf> {
    shared_fixtures::dir("corpus")
}

fn read_table(dir: &Path, table: &str) -> Vec<RecordBatch> {
    let mut files = Vec::new();
    let mut stack = vec![dir.join(table)];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() { stack.push(path) } else { files.push(path) }
        }
    }
    files.sort();
    files
        .iter()
        .flat_map(|f| {
            let reader = ParquetRecordBatchReaderBuilder::try_new(std::fs::File::open(f).unwrap()).unwrap();
            reader.build().unwrap().map(Result::unwrap).collect::<Vec<_>>()
        })
        .collect()
}

fn col<'a, T: 'static>(batch: &'a RecordBatch, name: &str) -> &'a T {
    batch
        .column_by_name(name)
        .unwrap_or_else(|| panic!("no column {name}"))
        .as_any()
        .downcast_ref::<T>()
        .unwrap()
}

fn text(batch: &RecordBatch, name: &str, row: usize) -> Option<String> {
    let a = col::<StringArray>(batch, name);
    a.is_valid(row).then(|| a.value(row).to_owned())
}

fn texts(batch: &RecordBatch, name: &str, row: usize) -> Option<Vec<String>> {
    let a = col::<ListArray>(batch, name);
    a.is_valid(row).then(|| {
        let v = a.value(row);
        let s = v.as_any().downcast_ref::<StringArray>().unwrap();
        (0..s.len()).map(|i| s.value(i).to_owned()).collect()
    })
}

fn key(batch: &RecordBatch, row: usize) -> Key {
    (text(batch, "file", row).unwrap(), col::<UInt32Array>(batch, "index").value(row))
}

/// Exports the shared PHH and PBN corpus with two threads; returns the folder and the inputs.
fn exported(partition: bool) -> Option<(tempfile::TempDir, Vec<Input>)> {
    let root = shared()?;
    let (files, failed) = collect_files(&[root.join("phh"), root.join("pbn")], false);
    assert!(!failed);
    let inputs: Vec<Input> = files
        .into_iter()
        .map(|f| Input {
            label: f.path.display().to_string(),
            format: if f.kind == FileKind::Pbn { InputFormat::Pbn } else { InputFormat::Phh },
            path: f.path,
        })
        .collect();
    let dir = tempfile::tempdir().unwrap();
    // Small segments and row groups exercise the cutting and the ordering.
    let options = ExportOptions {
        threads: 2,
        partition_by_variant: partition,
        segment_bytes: 4096,
        row_group_rows: 1000,
        ..ExportOptions::default()
    };
    export(&inputs, dir.path(), &options).unwrap();
    Some((dir, inputs))
}

fn json_strings(v: &Value) -> Option<Vec<String>> {
    v.as_array().map(|a| a.iter().map(|s| s.as_str().unwrap().to_owned()).collect())
}

#[test]
fn every_table_reads_back_as_check_reports() {
    let Some((dir, inputs)) = exported(false) else { return };
    let out = dir.path();
    let opts = CheckOptions::default();
    // What check says, per (file, index).
    let mut hands: BTreeMap<Key, BTreeMap<String, Value>> = BTreeMap::new();
    let mut boards: BTreeMap<Key, BTreeMap<String, Value>> = BTreeMap::new();
    let mut with_errors = BTreeSet::new();
    for input in &inputs {
        let data = std::fs::read(&input.path).unwrap();
        let checked = match input.format {
            InputFormat::Phh => check_bytes(Format::Phh, &data, &opts),
            InputFormat::Pbn => check_bytes(Format::Pbn, &data, &opts),
        };
        for (i, record) in checked.records.iter().enumerate() {
            let k = (input.label.clone(), u32::try_from(i).unwrap());
            if record.diagnostics.iter().any(cards_core::Diagnostic::is_error) {
                with_errors.insert(k.clone());
            }
            let fields = record.fields.clone().into_iter().collect();
            match input.format {
                InputFormat::Phh if !record.fields["variant"].is_null() => {
                    hands.insert(k, fields);
                }
                InputFormat::Phh => {}
                // A file without a game still has its one record in check (every field null);
                // it has no board.
                InputFormat::Pbn
                    if checked.records.len() == 1 && record.fields.values().all(Value::is_null) => {}
                InputFormat::Pbn => {
                    boards.insert(k, fields);
                }
            }
        }
    }
    assert!(hands.len() >= 150 && boards.len() >= 1000, "{} hands, {} boards", hands.len(), boards.len());

    // The tables carry the replay's outcome; where the engine repaired a hand (PokerKit profile),
    // `check --json` gives that outcome apart, as `repaired_outcome`, and nulls for what the
    // file implies as written.
    let outcome = |fields: &BTreeMap<String, Value>, name: &str| -> Value {
        match fields.get("repaired_outcome") {
            Some(repaired) if fields[name].is_null() => repaired[name].clone(),
            _ => fields[name].clone(),
        }
    };
    let mut seen = BTreeSet::new();
    for batch in read_table(out, "hands") {
        for row in 0..batch.num_rows() {
            let k = key(&batch, row);
            let fields = hands.get(&k).unwrap_or_else(|| panic!("{k:?} is not a hand of check"));
            assert_eq!(text(&batch, "variant", row).as_deref(), fields["variant"].as_str());
            assert_eq!(
                texts(&batch, "finishing_stacks", row),
                json_strings(&outcome(fields, "finishing_stacks")),
                "{k:?}"
            );
            let terminal = col::<BooleanArray>(&batch, "terminal");
            assert_eq!(
                terminal.is_valid(row).then(|| terminal.value(row)),
                outcome(fields, "terminal").as_bool()
            );
            assert!(seen.insert(k));
        }
    }
    assert_eq!(seen.len(), hands.len(), "every hand of check is a row of hands");

    // Finishing stack and payoff of each seat, in seat order.
    let mut seats: BTreeMap<Key, Vec<SeatResult>> = BTreeMap::new();
    for batch in read_table(out, "seats") {
        for row in 0..batch.num_rows() {
            let stacks = (text(&batch, "finishing_stack", row), text(&batch, "payoff", row));
            seats.entry(key(&batch, row)).or_default().push(stacks);
        }
    }
    for (k, fields) in &hands {
        let got = &seats[k];
        assert_eq!(got.len() as u64, fields["players"].as_u64().unwrap(), "{k:?}");
        let stacks: Option<Vec<String>> = got.iter().map(|s| s.0.clone()).collect();
        let payoffs: Option<Vec<String>> = got.iter().map(|s| s.1.clone()).collect();
        assert_eq!(stacks, json_strings(&outcome(fields, "finishing_stacks")), "{k:?}");
        assert_eq!(payoffs, json_strings(&outcome(fields, "payoffs")), "{k:?}");
    }

    let mut actions: BTreeMap<Key, u64> = BTreeMap::new();
    for batch in read_table(out, "actions") {
        for row in 0..batch.num_rows() {
            *actions.entry(key(&batch, row)).or_default() += 1;
        }
    }
    for (k, fields) in &hands {
        assert_eq!(actions.get(k).copied().unwrap_or(0), fields["actions"].as_u64().unwrap(), "{k:?}");
    }

    let mut board_keys = BTreeSet::new();
    for batch in read_table(out, "results") {
        let score = col::<Int64Array>(&batch, "score_ns");
        for row in 0..batch.num_rows() {
            let k = key(&batch, row);
            let fields = &boards[&k];
            assert_eq!(score.is_valid(row).then(|| score.value(row)), fields["score"].as_i64(), "{k:?}");
            board_keys.insert(k);
        }
    }
    // The trick winners of `plays` give the declarer's tricks that check computed from the play.
    let mut winners: BTreeMap<Key, BTreeMap<u8, String>> = BTreeMap::new();
    for batch in read_table(out, "plays") {
        let trick = col::<arrow_array::UInt8Array>(&batch, "trick");
        for row in 0..batch.num_rows() {
            if let Some(w) = text(&batch, "winner", row) {
                winners.entry(key(&batch, row)).or_default().insert(trick.value(row), w);
            }
        }
    }
    let mut checked_plays = 0;
    for (k, fields) in &boards {
        let (Some(by_play), Some(declarer)) =
            (fields["tricks_by_play"].as_u64(), fields["declarer"].as_str())
        else {
            continue;
        };
        let side = |seat: &str| matches!(seat, "N" | "S");
        let ns = side(declarer.trim_start_matches('^'));
        let won = winners.get(k).map_or(0, |w| w.values().filter(|s| side(s) == ns).count());
        assert_eq!(won as u64, by_play, "{k:?}");
        checked_plays += 1;
    }
    assert!(checked_plays > 100, "{checked_plays} plays checked");
    let board_rows: usize = read_table(out, "boards").iter().map(RecordBatch::num_rows).sum();
    assert_eq!(board_rows, boards.len());
    assert_eq!(board_keys.len(), boards.len());

    let mut error_keys = BTreeSet::new();
    for batch in read_table(out, "errors") {
        for row in 0..batch.num_rows() {
            assert!(!texts(&batch, "codes", row).unwrap().is_empty());
            error_keys.insert(key(&batch, row));
        }
    }
    assert_eq!(error_keys, with_errors, "the errors table lists exactly the records with errors");
}

#[test]
fn actions_replayed_in_order_give_the_finishing_stacks() {
    let Some((dir, _)) = exported(true) else { return };
    let out = dir.path();
    let mut notations: BTreeMap<Key, Vec<(u32, String)>> = BTreeMap::new();
    for batch in read_table(out, "actions") {
        for row in 0..batch.num_rows() {
            let seq = col::<UInt32Array>(&batch, "seq").value(row);
            notations
                .entry(key(&batch, row))
                .or_default()
                .push((seq, text(&batch, "notation", row).unwrap()));
        }
    }
    let mut seats: BTreeMap<Key, Vec<Option<String>>> = BTreeMap::new();
    for batch in read_table(out, "seats") {
        for row in 0..batch.num_rows() {
            seats.entry(key(&batch, row)).or_default().push(text(&batch, "finishing_stack", row));
        }
    }
    let amount = |t: &str| t.parse::<cards_core::Amount>().unwrap();
    let mut replayed = 0;
    for batch in read_table(out, "hands") {
        for row in 0..batch.num_rows() {
            let k = key(&batch, row);
            if col::<BooleanArray>(&batch, "terminal").is_null(row) {
                continue;
            }
            let variant: phh::Variant = text(&batch, "variant", row).unwrap().parse().unwrap();
            let mut hand = phh::Hand::new(variant);
            hand.antes = texts(&batch, "antes", row).unwrap().iter().map(|t| amount(t)).collect();
            hand.blinds_or_straddles =
                texts(&batch, "blinds_or_straddles", row).map(|v| v.iter().map(|t| amount(t)).collect());
            hand.bring_in = text(&batch, "bring_in", row).map(|t| amount(&t));
            hand.small_bet = text(&batch, "small_bet", row).map(|t| amount(&t));
            hand.big_bet = text(&batch, "big_bet", row).map(|t| amount(&t));
            hand.min_bet = text(&batch, "min_bet", row).map(|t| amount(&t));
            hand.ante_trimming_status = Some(col::<BooleanArray>(&batch, "ante_trimming").value(row));
            hand.starting_stacks =
                texts(&batch, "starting_stacks", row).unwrap().iter().map(|t| t.parse().unwrap()).collect();
            let mut steps = notations.remove(&k).unwrap_or_default();
            steps.sort_by_key(|s| s.0);
            hand.actions = steps.iter().map(|(_, n)| phh::parse_action(n).unwrap()).collect();
            let outcome = phh::replay::replay_hand(
                &hand,
                &[],
                cards_core::Span::at(0),
                phh::replay::RuleProfile::Pokerkit,
            );
            let expected: Vec<String> = seats[&k].iter().map(|s| s.clone().unwrap()).collect();
            assert_eq!(outcome.finishing_stacks, expected, "{k:?}");
            replayed += 1;
        }
    }
    assert!(replayed >= 150, "{replayed} hands replayed");
}
