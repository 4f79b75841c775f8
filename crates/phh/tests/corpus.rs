//! Snapshots over `corpus/phh`: the parsed model (JSON form), diagnostics and replay (under both
//! rule profiles) of every file, the rendered diagnostics of the compliance set
//! `corpus/phh/invalid/` (one file per error code, reading and replay codes alike), and round
//! trips, fast/general agreement and format-preserving no-op edits on every valid file.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeSet;
use std::path::Path;

use cards_core::LineIndex;
use serde_json::{Value, json};

mod common;
use common::{multi, read, read_general, replay as replay_parsed};

const PROFILES: [phh::replay::RuleProfile; 2] =
    [phh::replay::RuleProfile::Pokerkit, phh::replay::RuleProfile::Wsop];

fn model_snapshot(text: &str) -> Value {
    let index = LineIndex::new(text);
    let at = |offset: usize| {
        let (l, c) = index.line_col(text, offset);
        format!("{l}:{c}")
    };
    let diagnostics = |list: &[cards_core::Diagnostic]| -> Vec<Value> {
        list.iter()
            .map(|d| {
                json!({
                    "severity": d.severity(),
                    "code": d.code(),
                    "message": d.message(),
                    "at": at(d.span().start),
                    "text": &text[d.span().range()],
                })
            })
            .collect()
    };
    // The replay under each profile: whether the hand ends, and what the replay reports.
    let replay = |h: &phh::Record| -> Value {
        let mut out = serde_json::Map::new();
        for profile in PROFILES {
            if let Some(outcome) = replay_parsed(h, profile) {
                out.insert(
                    profile.name().to_owned(),
                    json!({ "terminal": outcome.terminal, "diagnostics": diagnostics(&outcome.diagnostics) }),
                );
            }
        }
        Value::Object(out)
    };
    let file = read(text);
    let hands: Vec<Value> = file
        .iter()
        .map(|h| {
            json!({
                "index": h.model.index,
                "name": h.model.name,
                "hand": h.model.hand,
                "action_spans": h.model.action_spans.iter().map(|s| format!("{}+{}", at(s.start), s.len())).collect::<Vec<_>>(),
                "diagnostics": diagnostics(&h.diagnostics),
                "replay": replay(h),
            })
        })
        .collect();
    json!({ "multi": multi(&file), "hands": hands })
}

fn is_valid_corpus_file(path: &Path) -> bool {
    !path.components().any(|c| c.as_os_str() == "invalid")
}

#[test]
fn corpus_models() {
    insta::glob!("../../../corpus/phh", "**/*.phh*", |path| {
        let text = std::fs::read_to_string(path).unwrap();
        insta::assert_json_snapshot!(model_snapshot(&text));
        if !is_valid_corpus_file(path) {
            return;
        }
        let file = read(&text);
        assert!(!file.iter().any(phh::Record::has_errors), "{}", path.display());
        // Fast and general paths agree.
        let general = read_general(&text);
        assert_eq!(file, general);
        // Canonical round trip.
        for parsed in &file {
            let hand = parsed.model.hand.as_ref().unwrap();
            let back = phh::parse_hand(&phh::write_hand(hand));
            assert_eq!(back.model.hand.as_ref(), Some(hand));
        }
        // JSON round trip.
        let json = phh::json::JsonFile::from_records(&file);
        let again: phh::json::JsonFile =
            serde_json::from_str(&serde_json::to_string(&json).unwrap()).unwrap();
        assert_eq!(again, json);
        let from_json = read(&json.to_phh());
        assert_eq!(from_json.len(), file.len());
        for (a, b) in from_json.iter().zip(&file) {
            assert_eq!(a.model.hand, b.model.hand);
        }
        // A format-preserving editor with no edit gives the text back unchanged.
        let editor = phh::edit::Editor::new(&text).unwrap();
        assert_eq!(editor.to_string().trim_end(), text.trim_end());
    });
}

#[test]
fn compliance_set_rendered_diagnostics() {
    let mut seen = BTreeSet::new();
    let mut replayed = BTreeSet::new();
    insta::glob!("../../../corpus/phh/invalid", "*.phh*", |path| {
        let text = std::fs::read_to_string(path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let file = read(&text);
        let mut rendered = String::new();
        for hand in &file {
            for d in &hand.diagnostics {
                seen.insert(d.code().to_owned());
                rendered.push_str(&d.display(&name, &text).to_string());
                rendered.push('\n');
            }
            for profile in PROFILES {
                let Some(outcome) = replay_parsed(hand, profile) else { continue };
                for d in &outcome.diagnostics {
                    replayed.insert(d.code().to_owned());
                    rendered.push_str(&format!("replay under {}: ", profile.name()));
                    rendered.push_str(&d.display(&name, &text).to_string());
                    rendered.push('\n');
                }
            }
        }
        assert!(!rendered.is_empty(), "{name} reports nothing");
        // A replay code's file is named for it and draws it (as an error under wsop).
        if let Some(code) = name.strip_suffix(".phh").filter(|n| n.starts_with("replay-")) {
            let code = code.to_uppercase().replace('-', "_");
            let wsop = replay_parsed(&file[0], phh::replay::RuleProfile::Wsop).unwrap();
            assert!(
                wsop.diagnostics.iter().any(|d| d.code() == code && d.is_error()),
                "{name}: {:?}",
                wsop.diagnostics
            );
        }
        insta::assert_snapshot!(rendered);
    });
    let all: BTreeSet<String> = phh::codes::ALL
        .iter()
        .filter(|s| !s.starts_with("REPLAY_") && !phh::codes::AFTER_READING.contains(s))
        .map(|s| (*s).to_owned())
        .collect();
    let missing: Vec<_> = all.difference(&seen).collect();
    assert!(missing.is_empty(), "codes without a compliance file: {missing:?}");
    // Every refusal of the engine a PHH file can draw has a file of its own
    // (`action-player.phh` draws REPLAY_NO_SUCH_PLAYER); the others are never reached by it (the engine's own tests,
    // `poker-engine/tests/refusals.rs`, cover every kind).
    let unreachable = [
        // A PHH amount is finite.
        "REPLAY_AMOUNT_NOT_FINITE",
        // The replay restarts on exact amounts instead.
        "REPLAY_AMOUNT_NOT_INTEGRAL",
    ];
    let refusals: BTreeSet<String> = poker_engine::ActionError::ALL
        .iter()
        .map(|e| e.code())
        .filter(|c| !unreachable.contains(c))
        .map(str::to_owned)
        .collect();
    let missing: Vec<_> = refusals.difference(&replayed).collect();
    assert!(missing.is_empty(), "engine refusals without a compliance file: {missing:?}");
}

/// Format-preserving edits on every valid corpus file: appending an action and setting a field
/// change exactly those in the model, and every comment line of the file is still there.
#[test]
fn format_preserving_edits() {
    let seen = std::cell::Cell::new(0);
    insta::glob!("../../../corpus/phh", "{cases,real}/**/*.phh*", |path| {
        seen.set(seen.get() + 1);
        let text = std::fs::read_to_string(path).unwrap();
        let file = read(&text);
        let mut editor = phh::edit::Editor::new(&text).unwrap();
        let extra: phh::Action = "# edited".parse().unwrap();
        for h in &file {
            let table = h.model.name.as_deref();
            editor.append_action(table, &extra).unwrap();
            editor.set_string(table, "author", "Editor Test").unwrap();
        }
        let out = editor.to_string();
        for line in text.lines().filter(|l| l.trim_start().starts_with('#')) {
            assert!(out.contains(line), "{}: lost comment {line:?}", path.display());
        }
        let again = read(&out);
        assert!(!again.iter().any(phh::Record::has_errors), "{}: {out}", path.display());
        for (before, after) in file.iter().zip(&again) {
            let mut expected = before.model.hand.clone().unwrap();
            expected.actions.push(extra.clone());
            expected.author = Some("Editor Test".to_owned());
            assert_eq!(after.model.hand.as_ref(), Some(&expected), "{}", path.display());
        }
    });
    assert!(seen.get() >= 15, "only {} files edited", seen.get());
}

/// `corpus/phh/rules/`: the hands on which PokerKit's rules and the standard rules are compared,
/// one point each. Each file opens with a comment that quotes the rule (TDA or WSOP rule number)
/// and names the PokerKit issue; the snapshot holds the outcome under each profile (terminal,
/// stacks, payoffs, the refusal or warnings). A declared `finishing_stacks` is PokerKit 0.7.7's
/// result (computed with it), which the `pokerkit` profile must reproduce.
#[test]
fn rules_cases_under_both_profiles() {
    let mut files = 0;
    insta::glob!("../../../corpus/phh/rules", "*.phh*", |path| {
        files += 1;
        let text = std::fs::read_to_string(path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let comment: String = text.lines().take_while(|l| l.starts_with('#')).collect::<Vec<_>>().join("\n");
        assert!(
            comment.contains("Rule") && comment.contains("PokerKit"),
            "{name}: the leading comment names no rule"
        );
        let index = LineIndex::new(&text);
        let file = read(&text);
        let mut hands = Vec::new();
        for hand in &file {
            assert!(!hand.has_errors(), "{name}: {:?}", hand.diagnostics);
            let mut profiles = serde_json::Map::new();
            for profile in PROFILES {
                let outcome = replay_parsed(hand, profile).unwrap();
                if profile == phh::replay::RuleProfile::Pokerkit {
                    assert!(
                        !outcome
                            .diagnostics
                            .iter()
                            .any(|d| d.code() == phh::replay::FINISHING_STACKS_MISMATCH),
                        "{name}: the pokerkit profile does not give PokerKit 0.7.7's stacks: {:?}",
                        outcome.diagnostics
                    );
                }
                let diagnostics: Vec<Value> = outcome
                    .diagnostics
                    .iter()
                    .map(|d| {
                        let (l, c) = index.line_col(&text, d.span().start);
                        json!({ "code": d.code(), "severity": d.severity(), "at": format!("{l}:{c}"), "message": d.message() })
                    })
                    .collect();
                profiles.insert(
                    profile.name().to_owned(),
                    json!({
                        "terminal": outcome.terminal,
                        "finishing_stacks": outcome.finishing_stacks,
                        "payoffs": outcome.payoffs,
                        "diagnostics": diagnostics,
                    }),
                );
            }
            hands.push(json!({ "table": hand.model.name, "profiles": profiles }));
        }
        insta::assert_json_snapshot!(json!({ "file": name, "hands": hands }));
    });
    assert!(files >= 10, "only {files} rules cases");
}
