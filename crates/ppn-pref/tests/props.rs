//! Property tests: random legal deals (from `generate`) check clean, and round-trip through the
//! canonical PPN writer and the JSON form.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use ppn_pref::PrefPlayer;
use ppn_pref::generate::{DealOptions, Rng, random_deal, random_game};
use ppn_pref::model::{DealOrder, Game, Tag};
use ppn_pref::{json, read_game, write};

mod support;
use proptest::prelude::*;
use support::check;

fn header() -> Vec<Tag> {
    [("Bula", "60"), ("Refe", "2"), ("Player1", "a"), ("Player2", "b c"), ("Player3", "d")]
        .iter()
        .chain([("Result1", "0"), ("Result2", "0"), ("Result3", "0")].iter())
        .map(|(n, v)| Tag { name: (*n).to_owned(), value: (*v).to_owned() })
        .collect()
}

fn order(k: u8) -> DealOrder {
    let p = |n| PrefPlayer::new(n).unwrap();
    match k % 6 {
        0 => DealOrder([p(1), p(2), p(3)]),
        1 => DealOrder([p(2), p(3), p(1)]),
        2 => DealOrder([p(3), p(1), p(2)]),
        3 => DealOrder([p(1), p(3), p(2)]),
        4 => DealOrder([p(2), p(1), p(3)]),
        _ => DealOrder([p(3), p(2), p(1)]),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn random_legal_deal_round_trips_and_checks_clean(seed in any::<u64>(), k in 0u8..6, legacy in any::<bool>()) {
        let mut rng = Rng::new(seed);
        let deal = random_deal(&mut rng, 1, order(k), DealOptions { legacy, ..DealOptions::default() });
        let game = Game { tags: header(), deals: vec![deal] };
        let text = write::write_game(&game);
        let report = check(&text);
        let errors: Vec<_> = report.all_diagnostics().into_iter().filter(|d| d.is_error()).collect();
        prop_assert!(errors.is_empty(), "{text}\n{errors:?}");
        let warnings: Vec<_> = report.own(0).iter()
            .filter(|d| !matches!(d.code(), "REFA_FLAG" | "DEAL_ORDER_NOT_ROTATION" | "LEGACY_13_FIELDS"))
            .collect();
        prop_assert!(warnings.is_empty(), "{text}\n{warnings:?}");
        prop_assert_eq!(&report.game, &game);
        // JSON both ways
        let j = json::to_json(&game);
        prop_assert_eq!(&json::from_json(&j).unwrap(), &game);
        // write(read(write(x))) is stable
        prop_assert_eq!(write::write_game(&read_game(&text)), text);
    }

    #[test]
    fn reader_never_panics(s in "\\PC{0,200}") {
        let report = check(&s);
        // every span inside the text on character boundaries
        for d in report.all_diagnostics() {
            prop_assert!(s.get(d.span().range()).is_some(), "{d:?}");
        }
        // whatever was read survives its JSON form
        let j = json::to_json(&report.game);
        prop_assert_eq!(&json::from_json(&j).unwrap(), &report.game, "{}", j);
    }

    #[test]
    fn mutated_records_never_panic(seed in any::<u64>(), at in 0usize..200, ch in proptest::char::any()) {
        let mut rng = Rng::new(seed);
        let deal = random_deal(&mut rng, 1, order(0), DealOptions::default());
        let mut text = write::write_game(&Game { tags: header(), deals: vec![deal] });
        let mut idx = at.min(text.len());
        while !text.is_char_boundary(idx) { idx -= 1; }
        text.insert(idx, ch);
        let report = check(&text);
        for d in report.all_diagnostics() {
            prop_assert!(text.get(d.span().range()).is_some(), "{d:?}");
        }
    }
}

#[test]
fn random_games_are_clean() {
    for seed in 0..20 {
        let game = random_game(seed, 30, 60, 2);
        let text = write::write_game(&game);
        let report = check(&text);
        let all = report.all_diagnostics();
        assert!(all.is_empty(), "seed {seed}: {all:?}");
        assert_eq!(report.game, game);
    }
}
