//! Gathers the README's Rust examples into one block, so a doctest compiles them together as one
//! file (as a reader pasting them would): an import in one example must not hide a crate another
//! example uses.

use std::fmt::Write as _;

fn main() {
    let readme = concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md");
    println!("cargo:rerun-if-changed={readme}");
    let text = std::fs::read_to_string(readme).unwrap_or_default();
    let mut all = String::from("```rust\n");
    let mut in_rust = false;
    for line in text.lines() {
        if in_rust {
            if line.trim_start().starts_with("```") {
                in_rust = false;
                all.push('\n');
            } else {
                let _ = writeln!(all, "{line}");
            }
        } else if line.trim() == "```rust" {
            in_rust = true;
        }
    }
    all.push_str("```\n");
    let out = std::path::PathBuf::from(std::env::var_os("OUT_DIR").unwrap_or_default());
    let _ = std::fs::write(out.join("readme_examples.md"), all);
}
