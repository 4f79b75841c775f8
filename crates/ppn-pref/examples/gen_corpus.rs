//! Writes the generated games of `corpus/ppn-pref/valid/` (deterministic): `cargo run -p cardnote-ppn-pref
//! --example gen_corpus -- <dir>`. Prints the file names written.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use ppn_pref::generate::random_game;
use ppn_pref::{json, write};

fn main() {
    let dir = std::env::args().nth(1).unwrap_or_else(|| "corpus/ppn-pref/valid".to_owned());
    let games = [("game-12-deals", 7u64, 12u32, 60i64, 2u32), ("game-30-deals", 11, 30, 100, 3)];
    for (name, seed, deals, bula, refe) in games {
        let game = random_game(seed, deals, bula, refe);
        let path = format!("{dir}/{name}.ppn");
        std::fs::write(&path, write::write_game(&game)).unwrap();
        println!("{path}");
    }
    let game = random_game(7, 12, 60, 2);
    let path = format!("{dir}/game-12-deals.json");
    std::fs::write(&path, json::to_json(&game)).unwrap();
    println!("{path}");
}
