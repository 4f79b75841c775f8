//! The project's dependency rule, read from `cargo metadata`: `cards-core` depends on no workspace
//! crate; a shared game vocabulary (`bridge-core`: bridge calls and contracts) sits below the
//! formats that use it and depends on `cards-core` alone; a format crate depends on no other format
//! crate (`phh` on `poker-engine` for its replay is allowed: the engine is no format) nor on a
//! crate that joins formats to the outside; nothing but the tools (xtask, benches) depends on the
//! command-line crate. `cardnote-check` (checking a file with each notation's own checker, the
//! `check --json` records, the file walk) sits above the formats and below the CLI and the Python
//! extension, which both use it.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::{BTreeMap, BTreeSet};

/// Game vocabularies several formats share, and the formats that share each.
const VOCABULARIES: [(&str, &[&str]); 1] = [("cardnote-bridge-core", &["cardnote-pbn", "cardnote-lin"])];
const FORMATS: [&str; 5] =
    ["cardnote-phh", "cardnote-pbn", "cardnote-ppn-pref", "cardnote-ppn-pinochle", "cardnote-lin"];
const JOINING: [&str; 9] = [
    "cardnote-check",
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

/// The workspace's packages, as `cargo metadata` describes them.
fn packages() -> Vec<serde_json::Value> {
    let out = std::process::Command::new(env!("CARGO"))
        .args(["metadata", "--format-version", "1", "--no-deps", "--offline"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let meta: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    meta["packages"].as_array().unwrap().clone()
}

/// The names of a package's dependencies (normal and build; tests may use anything).
fn dependencies(package: &serde_json::Value) -> impl Iterator<Item = String> + '_ {
    let deps = package["dependencies"].as_array().unwrap().iter();
    deps.filter(|d| d["kind"].as_str() != Some("dev")).map(|d| d["name"].as_str().unwrap().to_owned())
}

/// Each workspace package and the workspace packages it depends on.
fn workspace() -> BTreeMap<String, BTreeSet<String>> {
    let packages = packages();
    let names: BTreeSet<String> = packages.iter().map(|p| p["name"].as_str().unwrap().to_owned()).collect();
    packages
        .iter()
        .map(|p| {
            let deps = dependencies(p).filter(|d| names.contains(d)).collect();
            (p["name"].as_str().unwrap().to_owned(), deps)
        })
        .collect()
}

/// The checking library renders nothing: no terminal, argument or report-rendering crate.
#[test]
fn the_check_library_has_no_rendering_dependency() {
    let packages = packages();
    let check = packages.iter().find(|p| p["name"] == "cardnote-check").unwrap();
    let deps: Vec<String> = dependencies(check).collect();
    assert!(deps.contains(&"cardnote-pbn".to_owned()), "{deps:?}");
    for rendering in ["indicatif", "clap", "miette", "cardnote"] {
        assert!(!deps.iter().any(|d| d == rendering), "cardnote-check depends on {rendering}");
    }
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
            } else if dep == "cardnote" && !TOOLS.contains(&name.as_str()) {
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
    // The CLI and the Python extension check files through the one library.
    for user in ["cardnote", "cardnote-python"] {
        assert!(crates.get(user).is_some_and(|deps| deps.contains("cardnote-check")), "{user}");
    }
}
