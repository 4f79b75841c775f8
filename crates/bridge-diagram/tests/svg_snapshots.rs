//! The SVG text of the first deal (two-hand deals too) of each real PBN file in `corpus/pbn/real`: the diagrams
//! are deterministic, and a change to them shows in review.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use bridge_diagram::Board;

#[test]
fn first_board_of_each_real_file() {
    insta::glob!("../../../corpus/pbn/real", "*.pbn", |path| {
        let text = pbn::decode(&std::fs::read(path).unwrap()).text;
        let record = pbn::borrowed::read_str(&text, pbn::Options::default()).find(|r| r.info.deal.is_some());
        let svg = record
            .map_or_else(|| "(no deal)".to_owned(), |r| bridge_diagram::svg(&Board::from_record(&r, None)));
        assert_eq!(record_again(&text), svg, "the same board renders to the same bytes");
        insta::assert_snapshot!(svg);
    });
}

fn record_again(text: &str) -> String {
    pbn::borrowed::read_str(text, pbn::Options::default())
        .find(|r| r.info.deal.is_some())
        .map_or_else(|| "(no deal)".to_owned(), |r| bridge_diagram::svg(&Board::from_record(&r, None)))
}
