//! Writes the 7-card evaluator's table (`$OUT_DIR/high7_table.rs`, included by
//! `src/eval/high7_table.rs`): every multiset of at most seven ranks, valued by the crate's own
//! bitwise evaluator, packed into a displacement table. Built here so that no process pays for
//! it at its first showdown.
#![allow(dead_code)] // The included evaluator modules hold more than the build uses.

use std::fmt::Write as _;
use std::path::PathBuf;

#[path = "src/eval/bitwise.rs"]
mod bitwise;
#[path = "src/eval/pack.rs"]
mod pack;
#[path = "src/eval/rank_key.rs"]
mod rank_key;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    for source in ["build.rs", "src/eval/bitwise.rs", "src/eval/pack.rs", "src/eval/rank_key.rs"] {
        println!("cargo:rerun-if-changed={source}");
    }
    let packed = pack::pack(&pack::multiset_values());
    let mut text = String::new();
    writeln!(text, "/// The odd multiplier that spreads keys over rows ([`super::rank_key::row_of`]).")?;
    writeln!(text, "const MULTIPLIER: u32 = {:#010x};", packed.multiplier)?;
    write_array(&mut text, "Where each row starts in [`VALUES`].", "OFFSETS", &packed.offsets)?;
    write_array(
        &mut text,
        "The value of every rank multiset, at its row's offset plus its column.",
        "VALUES",
        &packed.values,
    )?;
    let out = PathBuf::from(std::env::var_os("OUT_DIR").ok_or("OUT_DIR is not set")?);
    std::fs::write(out.join("high7_table.rs"), text)?;
    Ok(())
}

fn write_array(text: &mut String, doc: &str, name: &str, items: &[u32]) -> std::fmt::Result {
    writeln!(text, "/// {doc}")?;
    writeln!(text, "static {name}: [u32; {}] = [", items.len())?;
    for line in items.chunks(16) {
        for item in line {
            write!(text, "{item},")?;
        }
        text.push('\n');
    }
    writeln!(text, "];")
}
