//! Scans files and prints diagnostics: `cargo run -p cardnote-pbn --example scan -- FILE...`.
#![allow(clippy::unwrap_used, clippy::expect_used)]
use std::collections::BTreeMap;

/// Reads and checks every game of `text` on the one path (`pbn::Pbn`).
fn read_str(text: &str, options: pbn::Options) -> Vec<pbn::Record> {
    cards_core::notation::read_checked::<pbn::Pbn, _>(text.as_bytes(), options)
        .collect::<std::io::Result<_>>()
        .unwrap()
}

fn main() {
    let verbose = std::env::var("V").is_ok();
    if let Ok(p) = std::env::var("IMPORT") {
        print!("{}", import(&p));
        return;
    }
    if let Ok(p) = std::env::var("EXPORT") {
        let data = std::fs::read(&p).unwrap();
        let decoded = pbn::decode(&data);
        let recs: Vec<_> = read_str(&decoded.text, pbn::Options::default());
        print!("{}", pbn::write::write_export(&recs));
        return;
    }
    let mut codes: BTreeMap<String, usize> = BTreeMap::new();
    for path in std::env::args().skip(1) {
        let data = std::fs::read(&path).unwrap();
        let decoded = pbn::decode(&data);
        let recs: Vec<_> = read_str(&decoded.text, pbn::Options::default());
        let errs: usize = recs.iter().map(|r| r.diagnostics.iter().filter(|d| d.is_error()).count()).sum();
        let warns: usize = recs.iter().map(|r| r.diagnostics.iter().filter(|d| !d.is_error()).count()).sum();
        println!("{path}: games {} errors {errs} warnings {warns}", recs.len());
        for r in &recs {
            for d in &r.diagnostics {
                *codes.entry(format!("{:?} {}", d.severity(), d.code())).or_default() += 1;
                if verbose {
                    let line =
                        cards_core::LineIndex::new(&decoded.text).line_col(&decoded.text, d.span().start);
                    println!(
                        "  {:?} {} {:?}: {} [{}]",
                        d.severity(),
                        d.code(),
                        line,
                        d.message(),
                        decoded.text.get(d.span().range()).unwrap_or("").chars().take(60).collect::<String>()
                    );
                }
            }
        }
    }
    for (c, n) in codes {
        println!("{n:6} {c}");
    }
}

fn import(path: &str) -> String {
    let data = std::fs::read(path).unwrap();
    let decoded = pbn::decode(&data);
    let recs: Vec<_> = read_str(&decoded.text, pbn::Options::default());
    pbn::write::write_import(recs.iter().map(|r| &r.model), "\n")
}
