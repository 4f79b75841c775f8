//! Checking a file's hands apart (cut in order, each parsed and checked alone in any order, on any
//! thread, the checks across hands run afterwards in file order) gives what checking them in
//! order gives.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use cards_core::notation::{Checker as _, Notation, ReadRecords, read_checked};
use ppn_pinochle::{Options, Pinochle, Summary};

/// Games one after another (the first one's headers only), with inherited and sticky values.
fn text() -> String {
    let mut text = String::new();
    for seed in 0..12 {
        let game = ppn_pinochle::synth::game(seed, 12);
        for line in game.lines().filter(|l| seed == 0 || !l.starts_with('%')) {
            text.push_str(line);
            text.push('\n');
        }
        text.push('\n');
    }
    // `#` and `##` across hands, a `#` with nothing before it, and a duplicate tag
    text.push_str("[Site \"##Club\"]\n[Dealer \"#\"]\n[Nothing \"#\"]\n[Hand \"1\"]\n[Hand \"2\"]\n\n[Dealer \"N\"]\n\n");
    text
}

/// The hands cut in order, then parsed and checked from the last to the first (`every` hands at
/// a time on a thread of their own), then finished in order.
fn split(text: &str, options: Options, every: usize) -> Vec<(Vec<cards_core::Diagnostic>, Option<Summary>)> {
    let mut reader = Pinochle::reader(text.as_bytes(), options);
    let raws: Vec<_> = std::iter::from_fn(|| reader.read_raw()).map(Result::unwrap).collect();
    let mut checker = Pinochle::checker(&options);
    let mut units: Vec<Vec<_>> = Vec::new();
    let mut raws = raws.into_iter().peekable();
    while raws.peek().is_some() {
        units.push(raws.by_ref().take(every).collect());
    }
    let checked: Vec<Vec<_>> = std::thread::scope(|scope| {
        let checker = &checker;
        let handles: Vec<_> = units
            .into_iter()
            .rev()
            .map(|unit| {
                scope.spawn(move || {
                    unit.into_iter()
                        .map(|raw| {
                            let mut record = Pinochle::parse(raw, &options);
                            checker.check(&mut record);
                            record
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        let mut checked: Vec<Vec<_>> = handles.into_iter().map(|h| h.join().unwrap()).collect();
        checked.reverse();
        checked
    });
    let mut out = Vec::new();
    for mut record in checked.into_iter().flatten() {
        checker.finish(&mut record, false);
        out.push((record.diagnostics, record.model.summary));
    }
    out
}

#[test]
fn hands_checked_apart_give_what_checking_in_order_gives() {
    let text = text();
    for strict in [false, true] {
        let options = Options { strict, ..Options::default() };
        let in_order: Vec<_> = read_checked::<Pinochle, _>(text.as_bytes(), options)
            .map(|r| {
                let record = r.unwrap();
                (record.diagnostics, record.model.summary)
            })
            .collect();
        assert!(in_order.len() > 100);
        let codes: Vec<&str> = in_order.iter().flat_map(|(d, _)| d.iter().map(|d| d.code())).collect();
        for code in ["GAMESCORES_CARRY", "HAND_NUMBER", "INHERIT_NOTHING", "DUPLICATE_TAG"] {
            assert!(codes.contains(&code), "{code} not in {codes:?}");
        }
        for every in [1, 2, 7, 1000] {
            assert!(split(&text, options, every) == in_order, "strict {strict}, a unit every {every} hands");
        }
    }
}
