//! Differential test of the engine alone against the PokerKit oracle (the phh crate has the full
//! one in `crates/phh/tests/oracle.rs`). Fails when `../shared` is absent unless `CARDNOTE_SKIP_SHARED=1`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod support;

use std::collections::HashMap;
use std::path::PathBuf;

use poker_engine::replay::{Event, replay};
use poker_engine::{Chips, RuleProfile};

fn parse_list(v: &serde_json::Value) -> Vec<Chips> {
    v.as_array().unwrap().iter().map(|x| x.as_str().unwrap().parse().unwrap()).collect()
}

fn run(dir: &std::path::Path, oracle: &str, field: &str) -> (usize, usize, Vec<String>) {
    let mut expected: HashMap<(String, usize), Vec<Chips>> = HashMap::new();
    for line in std::fs::read_to_string(dir.join(oracle)).unwrap().lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let file = v["file"].as_str().unwrap().to_owned();
        let index = v["index"].as_u64().unwrap() as usize;
        expected.insert((file, index), parse_list(&v[field]));
    }
    let mut files: Vec<String> = expected.keys().map(|k| k.0.clone()).collect();
    files.sort();
    files.dedup();
    let (mut ok, mut total) = (0, 0);
    let mut failures = Vec::new();
    let base = if oracle.contains('/') || !dir.join("phh").is_dir() {
        dir.join(oracle).parent().unwrap().to_path_buf()
    } else {
        dir.join("phh")
    };
    for file in files {
        let text = std::fs::read_to_string(base.join(&file)).unwrap();
        for (index, hand) in support::read(&text, RuleProfile::Pokerkit).into_iter().enumerate() {
            let Some(want) = expected.get(&(file.clone(), index)) else { continue };
            total += 1;
            let outcome = replay(&hand.def, &hand.actions).unwrap();
            let got = outcome.finishing_stacks();
            let same = got.len() == want.len() && got.iter().zip(want).all(|(a, b)| support::close(*a, *b));
            if same {
                ok += 1;
            } else {
                let errors: Vec<String> = outcome
                    .events
                    .iter()
                    .filter_map(|e| match e {
                        Event::Error { action, error } => {
                            Some(format!("{} at {:?}", error.code(), hand.texts.get(*action)))
                        }
                        _ => None,
                    })
                    .collect();
                failures.push(format!("{file}#{index}: got {got:?} want {want:?} {errors:?}"));
            }
        }
    }
    (ok, total, failures)
}

#[test]
fn engine_agrees_with_pokerkit_oracle() {
    let Some(dir) = shared_fixtures::dir("corpus") else { return };
    let (ok1, total1, f1) = run(&dir, "phh-oracle.jsonl", "finishing_stacks_text");
    let (ok2, total2, f2) = run(&dir, "phh-generated/oracle.jsonl", "finishing_stacks");
    eprintln!("real corpus: {ok1}/{total1}; generated: {ok2}/{total2}");
    for f in f1.iter().chain(&f2).take(40) {
        eprintln!("{f}");
    }
    assert_eq!(ok1, total1);
    assert_eq!(ok2, total2);
}

/// A larger differential run on hands made with `../shared/tools/phh_gen.py` (PokerKit 0.7.7):
/// `POKER_ENGINE_ORACLE_DIR=/path/to/out_dir cargo test -p poker-engine --test oracle_lite`.
#[test]
fn engine_agrees_with_an_extra_generated_set() {
    let Some(dir) = std::env::var_os("POKER_ENGINE_ORACLE_DIR").map(PathBuf::from) else {
        return;
    };
    let (ok, total, failures) = run(&dir, "oracle.jsonl", "finishing_stacks");
    eprintln!("extra generated set: {ok}/{total}");
    for f in failures.iter().take(40) {
        eprintln!("{f}");
    }
    assert_eq!(ok, total);
}
