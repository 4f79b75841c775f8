//! Checks PPN files and prints every diagnostic, or writes a generated game.
//!
//! `cargo run -p cardnote-ppn-pinochle --example ppn_check -- FILE...` or `-- --synth SEED HANDS`.

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--synth") {
        let seed = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1);
        let hands = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(4);
        print!("{}", ppn_pinochle::synth::game(seed, hands));
        return;
    }
    for path in args {
        let Ok(text) = std::fs::read_to_string(&path) else {
            eprintln!("cannot read {path}");
            continue;
        };
        println!("== {path}");
        let options = ppn_pinochle::Options::default();
        for record in
            cards_core::notation::read_checked::<ppn_pinochle::Pinochle, _>(text.as_bytes(), options)
        {
            let Ok(record) = record else { continue };
            println!("hand {}: {:?}", record.model.number + 1, record.model.summary.unwrap_or_default());
            for d in &record.diagnostics {
                println!("  {d}");
            }
        }
    }
}
