//! The project's dependency rule, read from `cargo metadata`: `cards-core` depends on no workspace
//! crate; a shared game vocabulary (`bridge-core`: bridge calls and contracts) sits below the
//! formats that use it and depends on `cards-core` alone; a format crate depends on no other format
//! crate (`phh` on `poker-engine` for its replay is allowed: the engine is no format) nor on a
//! crate that joins formats to the outside; nothing but the tools (xtask, benches) depends on the
//! command-line crate. The Python extension's use of the CLI crate is the one open exception
//! (issue 28): this test fails when it goes (remove it here) and when any other crate starts to
//! break the rule.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::{BTreeMap, BTreeSet};

/// Game vocabularies several formats share, and the formats that share each.
const VOCABULARIES: [(&str, &[&str]); 1] = [("cardnote-bridge-core", &["cardnote-pbn", "cardnote-lin"])];
const FORMATS: [&str; 5] =
    ["cardnote-phh", "cardnote-pbn", "cardnote-ppn-pref", "cardnote-ppn-pinochle", "cardnote-lin"];
const JOINING: [&str; 8] = [
    "cardnote-sitelogs",
    "cardnote-bridge-convert",
    "cardnote-arrow",
    "cardnote-poker-stats",
    "cardnote-bridge-dd",
    "cardnote-bridge-diagram",
    "cardnote-poker-diagram",
    "cardnote-python",
];
const TOOLS: [&str; 2] = ["xtask", "cardnote-benches"];
/// Known and open: the Python extension reaches check reports and the file walk through the CLI
/// crate (issue 28 moves them into a library).
const OPEN: [(&str, &str); 1] = [("cardnote-python", "cardnote")];

/// Each workspace package and the workspace packages it depends on (normal and build
/// dependencies; tests may use anything).
fn workspace() -> BTreeMap<String, BTreeSet<String>> {
    let out = std::process::Command::new(env!("CARGO"))
        .args(["metadata", "--format-version", "1", "--no-deps", "--offline"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let meta: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let packages = meta["packages"].as_array().unwrap();
    let names: BTreeSet<String> = packages.iter().map(|p| p["name"].as_str().unwrap().to_owned()).collect();
    packages
        .iter()
        .map(|p| {
            let deps = p["dependencies"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|d| d["kind"].as_str() != Some("dev"))
                .map(|d| d["name"].as_str().unwrap().to_owned())
                .filter(|d| names.contains(d))
                .collect();
            (p["name"].as_str().unwrap().to_owned(), deps)
        })
        .collect()
}

#[test]
fn the_crates_keep_the_dependency_rule() {
    let crates = workspace();
    assert!(crates.len() >= 18, "{} workspace packages", crates.len());
    let mut broken = Vec::new();
    for (name, deps) in &crates {
        for dep in deps {
            let why = if name == "cardnote-cards-core" {
                Some("cards-core depends on no workspace crate")
            } else if VOCABULARIES.iter().any(|(v, _)| *v == name.as_str()) && dep != "cardnote-cards-core" {
                Some("a game vocabulary depends on cards-core alone")
            } else if FORMATS.contains(&name.as_str())
                && (FORMATS.contains(&dep.as_str()) || JOINING.contains(&dep.as_str()) || dep == "cardnote")
            {
                Some("a format crate depends on no other format crate and on nothing above the formats")
            } else if dep == "cardnote"
                && !TOOLS.contains(&name.as_str())
                && !OPEN.contains(&(name.as_str(), dep.as_str()))
            {
                Some("nothing depends on the CLI")
            } else {
                None
            };
            if let Some(why) = why {
                broken.push(format!("{name} -> {dep}: {why}"));
            }
        }
    }
    assert!(broken.is_empty(), "{}", broken.join("\n"));
    for (vocabulary, users) in VOCABULARIES {
        for user in users {
            assert!(
                crates.get(*user).is_some_and(|deps| deps.contains(vocabulary)),
                "{user} does not use {vocabulary}: the formats share one vocabulary"
            );
        }
    }
    for (from, to) in OPEN {
        assert!(
            crates.get(from).is_some_and(|deps| deps.contains(to)),
            "{from} no longer depends on {to}: remove it from OPEN"
        );
    }
}
