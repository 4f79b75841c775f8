//! The throughput corpus shared by the `read` bench and the `pbn_throughput` example (which
//! includes this file with `#[path]`).

use std::path::Path;

/// The `.pbn` files of the project corpus `corpus/pbn/real` and `cases`, decoded and concatenated
/// in name order, each followed by an empty line.
pub fn corpus_text() -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/pbn");
    let mut names: Vec<_> = ["real", "cases"]
        .iter()
        .flat_map(|d| std::fs::read_dir(root.join(d)).unwrap().map(|e| e.unwrap().path()))
        .filter(|p| p.extension().is_some_and(|e| e == "pbn"))
        .collect();
    names.sort();
    let mut text = String::new();
    for p in names {
        text.push_str(&pbn::decode(&std::fs::read(p).unwrap()).text);
        text.push_str("\n\n");
    }
    text
}
