//! LIN -> PBN -> LIN on a vugraph pairs file (`corpus/lin/cases/vugraph_pairs_grid_and_trailer.lin`):
//! the PBN marked `% EXPORT` obeys the export format's line limit (values too long for a line
//! are supplemental sections), the trailer rides on the last game and makes no game of its own,
//! and the way back gives every item of every record.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use std::path::Path;

/// Reads and checks every game of `text` on the one path (`pbn::Pbn`).
fn read_str(text: &str, options: pbn::Options) -> Vec<pbn::Record> {
    cards_core::notation::read_checked::<pbn::Pbn, _>(text.as_bytes(), options)
        .collect::<std::io::Result<_>>()
        .unwrap()
}

fn case() -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../corpus/lin/cases/vugraph_pairs_grid_and_trailer.lin");
    std::fs::read(path).unwrap()
}

/// Each record's items (tag and value), line breaks between items left out; a deal as its four
/// hands (the canonical layout writes East, which the file leaves out).
fn items(bytes: &[u8]) -> Vec<Vec<(String, String)>> {
    lin::Reader::from_slice(bytes, lin::Options::default())
        .map(|r| {
            let r = r.unwrap();
            let hands = r.model.board().and_then(|b| b.deal).map(|d| format!("{:?}", d.hands));
            r.model
                .items
                .iter()
                .map(|i| match (i.is("md"), &hands) {
                    (true, Some(hands)) => (i.tag.clone(), hands.clone()),
                    _ => (i.tag.clone(), i.value.clone()),
                })
                .collect()
        })
        .collect()
}

#[test]
fn export_lines_fit_and_every_item_comes_back() {
    let bytes = case();
    let pbn = bridge_convert::lin_to_pbn(&bytes);
    assert!(!pbn.has_errors(), "{:?}", pbn.diagnostics);
    assert!(pbn.text.starts_with("% PBN 2.1\r\n% EXPORT\r\n"), "{}", pbn.text);
    for line in pbn.text.split("\r\n") {
        assert!(line.chars().count() + 2 <= 255, "{} characters: {line}", line.chars().count() + 2);
    }
    let games: Vec<_> = read_str(&pbn.text, pbn::Options::default())
        .into_iter()
        .filter(|r: &pbn::Record| r.model.is_game)
        .collect();
    assert_eq!(games.len(), 2, "{}", pbn.text);
    for game in &games {
        assert!(game.diagnostics.is_empty(), "{:?}\n{}", game.diagnostics, pbn.text);
    }
    assert!(pbn.text.contains("[LinExtras \"\"]\r\n\"") && pbn.text.contains("[LinTrailer \"\"]\r\n\""));
    let back = bridge_convert::pbn_to_lin(&pbn.text);
    assert!(!back.has_errors(), "{:?}", back.diagnostics);
    // The canonical layout writes `qx` before `pn`; item by item, nothing is lost or added.
    let sorted = |records: Vec<Vec<(String, String)>>| {
        records
            .into_iter()
            .map(|mut r| {
                r.sort();
                r
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(sorted(items(&bytes)), sorted(items(back.text.as_bytes())), "{}", back.text);
}

/// One bad board costs that board only.
#[test]
fn a_bad_board_is_left_out() {
    let text = String::from_utf8(case()).unwrap().replace("mb|3N|", "mb|1C|");
    let all = bridge_convert::lin_to_pbn(text.as_bytes());
    assert_eq!((all.boards, all.left_out), (2, 0));
    let good = bridge_convert::lin_to_pbn_leaving_out_bad_boards(text.as_bytes());
    assert_eq!((good.boards, good.left_out), (1, 1));
    assert!(good.has_errors());
    assert!(good.text.contains("[Board \"1\"]") && !good.text.contains("[Board \"2\"]"));
    assert!(good.text.contains("[LinTrailer"));
}
