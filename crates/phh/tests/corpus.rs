//! Snapshots over `corpus/phh`: the parsed model (JSON form), diagnostics and replay (under both
//! rule profiles) of every file, the rendered diagnostics of the compliance set
//! `corpus/phh/invalid/` (one file per error code, reading and replay codes alike), and round
//! trips, fast/general agreement and format-preserving no-op edits on every valid file.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeSet;
use std::path::Path;

use cards_core::LineIndex;
use serde_json::{Value, json};

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
    let replay = |h: &phh::ParsedHand| -> Value {
        let mut out = serde_json::Map::new();
        for profile in PROFILES {
            if let Some(outcome) = phh::replay::replay_parsed(h, profile) {
                out.insert(
                    profile.name().to_owned(),
                    json!({ "terminal": outcome.terminal, "diagnostics": diagnostics(&outcome.diagnostics) }),
                );
            }
        }
        Value::Object(out)
    };
    let file = phh::parse_file(text);
    let hands: Vec<Value> = file
        .hands
        .iter()
        .map(|h| {
            json!({
                "index": h.index,
                "name": h.name,
                "hand": h.hand,
                "action_spans": h.action_spans.iter().map(|s| format!("{}+{}", at(s.start), s.len())).collect::<Vec<_>>(),
                "diagnostics": diagnostics(&h.diagnostics),
                "replay": replay(h),
            })
        })
        .collect();
    json!({ "multi": file.multi, "hands": hands })
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
        let file = phh::parse_file(&text);
        assert!(!file.has_errors(), "{}", path.display());
        // Fast and general paths agree.
        let general: Vec<_> = phh::hands_with(&text, phh::Path::General).collect();
        assert_eq!(file.hands, general);
        // Canonical round trip.
        for parsed in &file.hands {
            let hand = parsed.hand.as_ref().unwrap();
            let back = phh::parse_hand(&phh::write_hand(hand));
            assert_eq!(back.hand.as_ref(), Some(hand));
        }
        // JSON round trip.
        let json = phh::json::JsonFile::from_parsed(&file);
        let again: phh::json::JsonFile =
            serde_json::from_str(&serde_json::to_string(&json).unwrap()).unwrap();
        assert_eq!(again, json);
        let from_json = phh::parse_file(&json.to_phh());
        assert_eq!(from_json.hands.len(), file.hands.len());
        for (a, b) in from_json.hands.iter().zip(&file.hands) {
            assert_eq!(a.hand, b.hand);
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
        let file = phh::parse_file(&text);
        let mut rendered = String::new();
        for hand in &file.hands {
            for d in &hand.diagnostics {
                seen.insert(d.code().to_owned());
                rendered.push_str(&d.display(&name, &text).to_string());
                rendered.push('\n');
            }
            for profile in PROFILES {
                let Some(outcome) = phh::replay::replay_parsed(hand, profile) else { continue };
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
            let wsop = phh::replay::replay_parsed(&file.hands[0], phh::replay::RuleProfile::Wsop).unwrap();
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
        let file = phh::parse_file(&text);
        let mut editor = phh::edit::Editor::new(&text).unwrap();
        let extra: phh::Action = "# edited".parse().unwrap();
        for h in &file.hands {
            let table = if file.multi { h.name.as_deref() } else { None };
            editor.append_action(table, &extra).unwrap();
            editor.set_string(table, "author", "Editor Test").unwrap();
        }
        let out = editor.to_string();
        for line in text.lines().filter(|l| l.trim_start().starts_with('#')) {
            assert!(out.contains(line), "{}: lost comment {line:?}", path.display());
        }
        let again = phh::parse_file(&out);
        assert!(!again.has_errors(), "{}: {out}", path.display());
        for (before, after) in file.hands.iter().zip(&again.hands) {
            let mut expected = before.hand.clone().unwrap();
            expected.actions.push(extra.clone());
            expected.author = Some("Editor Test".to_owned());
            assert_eq!(after.hand.as_ref(), Some(&expected), "{}", path.display());
        }
    });
    assert!(seen.get() >= 15, "only {} files edited", seen.get());
}
