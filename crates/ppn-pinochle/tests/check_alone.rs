//! Checking a file's hands apart (each from a clone of a checker that took in the hands before
//! it, [`Checker::inherit`], the checks across hands run afterwards in file order) gives what
//! checking them in order gives.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use ppn_pinochle::validate::{AcrossHands, Checker, check_alone};
use ppn_pinochle::{Options, Reader, Record, check};

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

fn split(
    text: &str,
    options: Options,
    every: usize,
) -> Vec<(Vec<cards_core::Diagnostic>, Option<ppn_pinochle::validate::Summary>)> {
    let records: Vec<Record> = Reader::from_str(text, options).map(Result::unwrap).collect();
    let (mut file, header) = Checker::new(&records[0].model.headers, options);
    let mut across = AcrossHands::default();
    let mut out = Vec::new();
    let mut checker = file.clone();
    for (i, record) in records.iter().enumerate() {
        if i % every == 0 {
            // a new unit: a clone of the file's checker, which took in every hand before
            checker = file.clone();
        }
        let (mut report, hand) =
            check_alone(&record.model, record.diagnostics.clone(), &mut checker, &header);
        if let Some(hand) = hand {
            across.check(&hand, &options, &mut report.diagnostics);
        }
        if let Some(hand) = &record.model.hand {
            file.inherit(hand);
        }
        out.push((report.diagnostics, Some(report.summary)));
    }
    out
}

#[test]
fn hands_checked_apart_give_what_checking_in_order_gives() {
    let text = text();
    for strict in [false, true] {
        let options = Options { strict, ..Options::default() };
        let in_order: Vec<_> = Reader::from_str(&text, options)
            .map(|r| {
                let mut record = r.unwrap();
                check(&mut record, &options);
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
