//! `cargo xtask snapshots`: insta snapshots generated from `corpus/`.
//!
//! Every corpus snapshot is written by an `insta::glob!` test, which records the corpus file in the
//! snapshot's `input_file:` header. A snapshot whose input file is gone is an orphan.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::util::{files_with_suffix, root, run_cmd};

pub fn run(args: &[String]) -> Result<(), String> {
    let check = args.iter().any(|a| a == "--check");
    let skip_tests = args.iter().any(|a| a == "--skip-tests");
    if let Some(bad) = args.iter().find(|a| !matches!(a.as_str(), "--check" | "--skip-tests")) {
        return Err(format!("unknown option {bad:?} (snapshots [--check] [--skip-tests])"));
    }
    let orphans = orphans();
    if check {
        if !skip_tests {
            // Under CI=true insta fails on a stale or missing snapshot instead of writing a new one.
            run_cmd(
                Command::new("cargo")
                    .args(["test", "--workspace"])
                    .env("CI", "true")
                    .env("INSTA_UPDATE", "no"),
            )?;
        }
        let pending = files_with_suffix(&root(), ".snap.new");
        if !pending.is_empty() {
            return Err(format!("stale snapshots (pending .snap.new files): {}", list(&pending)));
        }
        if !orphans.is_empty() {
            return Err(format!(
                "orphaned snapshots (their corpus file is gone; run `cargo xtask snapshots`): {}",
                list(&orphans)
            ));
        }
        eprintln!("xtask: snapshots are up to date");
        return Ok(());
    }
    for orphan in &orphans {
        std::fs::remove_file(orphan).map_err(|e| format!("cannot delete {}: {e}", orphan.display()))?;
        eprintln!("xtask: deleted orphan {}", rel(orphan));
    }
    for pending in files_with_suffix(&root(), ".snap.new") {
        let _ = std::fs::remove_file(pending);
    }
    run_cmd(
        Command::new("cargo")
            .args(["test", "--workspace"])
            .env("INSTA_UPDATE", "always")
            .env("INSTA_FORCE_PASS", "1")
            .env_remove("CI"),
    )?;
    eprintln!(
        "xtask: snapshots regenerated; review them with `git diff` and commit them with the corpus change"
    );
    Ok(())
}

/// Snapshots whose `input_file:` no longer exists.
fn orphans() -> Vec<PathBuf> {
    let root = root();
    files_with_suffix(&root, ".snap")
        .into_iter()
        .filter(|snap| match input_file(snap) {
            Some(input) => !root.join(&input).exists(),
            None => false,
        })
        .collect()
}

/// The `input_file:` entry of a snapshot's YAML header, relative to the workspace root.
fn input_file(snap: &Path) -> Option<String> {
    let text = std::fs::read_to_string(snap).ok()?;
    let header = text.strip_prefix("---\n")?;
    let end = header.find("\n---")?;
    header[..end]
        .lines()
        .find_map(|line| line.strip_prefix("input_file: "))
        .map(|s| s.trim().trim_matches('"').to_owned())
}

fn rel(path: &Path) -> String {
    path.strip_prefix(root()).unwrap_or(path).display().to_string()
}

fn list(paths: &[PathBuf]) -> String {
    paths.iter().map(|p| rel(p)).collect::<Vec<_>>().join(", ")
}
