//! The SVG text of the first deal (two-hand deals too) of each real PBN file in `corpus/pbn/real`:
//! a change to the diagrams shows in review, and each diagram shows exactly the hands of the
//! file's `Deal` tag (read here by a plain split of the tag, not by the PBN reader's deal).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use bridge_diagram::Board;

#[test]
fn first_board_of_each_real_file() {
    let hands = std::cell::Cell::new(0);
    insta::glob!("../../../corpus/pbn/real", "*.pbn", |path| {
        let text = pbn::decode(&std::fs::read(path).unwrap()).text;
        let record =
            cards_core::notation::read_checked::<pbn::Pbn, _>(text.as_bytes(), pbn::Options::default())
                .map(Result::unwrap)
                .find(|r| r.model.info.deal.is_some());
        let svg = record
            .as_ref()
            .map_or_else(|| "(no deal)".to_owned(), |r| bridge_diagram::svg(&Board::from_record(r, None)));
        if let Some(deal) = record.as_ref().and_then(|r| r.model.tag("Deal")) {
            let mut want = hands_of_the_tag(deal);
            let mut shown = hands_shown(&svg);
            assert!(!want.is_empty(), "{}: {deal}", path.display());
            want.sort();
            shown.sort();
            assert_eq!(shown, want, "{}: the diagram shows other hands than `{deal}`", path.display());
            hands.set(hands.get() + 1);
        }
        insta::assert_snapshot!(svg);
    });
    assert!(hands.get() >= 10, "only {} diagrams compared with their Deal tag", hands.get());
}

/// The hands of a `Deal` tag value (`N:AKQ.…  …`), each as its four suits, a ten as `10` and a void
/// as the empty string, as a diagram writes them; empty slots are left out.
fn hands_of_the_tag(deal: &str) -> Vec<Vec<String>> {
    let body = deal.split_once(':').map_or(deal, |(_, rest)| rest);
    body.split_whitespace()
        .filter(|h| *h != "-")
        .map(|h| h.split('.').map(|s| s.replace('T', "10")).collect())
        .collect()
}

/// The hands a diagram shows: the rank text of its suit lines (`<tspan dx="4">AK10</tspan>`), four
/// lines a hand.
fn hands_shown(svg: &str) -> Vec<Vec<String>> {
    let lines: Vec<String> = svg
        .split("<tspan dx=\"4\">")
        .skip(1)
        .map(|rest| rest.split_once("</tspan>").map_or(rest, |(ranks, _)| ranks).replace('—', ""))
        .collect();
    assert_eq!(lines.len() % 4, 0, "suit lines that are not four a hand: {lines:?}");
    lines.chunks(4).map(<[String]>::to_vec).collect()
}
