//! The test vectors of the rules digest (§14), plus one test per rule section.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use cards_core::Span;
use ppn_pref::model::{Bid, Contract};
use ppn_pref::{auction, card_of};

mod support;
use support::check;

const HEADER: &str = "[Bula 60]\n[Refe 2]\n[Player1 cope]\n[Player2 silvio_pu]\n[Player3 elmacedon]\n\
[Result1 458]\n[Result2 88]\n[Result3 -546]\n";

const DEAL1: &str = "[1 231 1BDHM27WQK4CEIN3FVRJS5LP8GU6AOT9 M3,P,3 2 AR 4 3 I3 8 2 \
2A12,M9B2,2A12,M9B2,2A12,M9B2,2A12,G9B3,2A13,G9B3 M7:-8,F3:L24,0]";
const DEAL3: &str = "[3 123 4U6ADHM2OT9CEIN31B7WQKFVRJS5LP8G P,2,3 3 T3 5 2 I2 10 1 \
G9B3,2A13,G9B3,2A13,G9B3,2A13,2A13,G9B2,2A12,G9B2 F3:L24,0,M7:-8]";
const DEAL4: &str = "[4 231 1BDHM27WQK4CEIN3FVRJS5LP8GU6AOT9 M3,P,3 2 GH 4 3 S3 64 2 \
2A12,M9B2,2A12,M9B2,2A12,M9B2,2A12,G9B3,2A13,G9B3 M7:-64,F3:L192:64,0]";

/// Error codes of the single record (file-level warnings left out).
fn errors(record: &str) -> Vec<String> {
    let src = format!("{HEADER}{record}\n");
    let r = check(&src);
    assert!(r.file_diagnostics().iter().all(|d| !d.is_error()), "{:?}", r.file_diagnostics());
    (0..r.records.len())
        .flat_map(|i| r.own(i).iter())
        .filter(|d| d.is_error())
        .map(|d| d.code().to_owned())
        .collect()
}

fn first_error(record: &str) -> Option<String> {
    errors(record).into_iter().next()
}

fn error_text(record: &str, code: &str) -> String {
    let src = format!("{HEADER}{record}\n");
    let r = check(&src);
    let d = r.all_diagnostics().into_iter().find(|d| d.code() == code).expect(code);
    src[d.span().range()].to_owned()
}

#[test]
fn s1_all_pass_deal_is_valid() {
    let r = check(&format!("{HEADER}[1 312 WQKJS5LP84CEIAOT9N31BDH7FVM2RGU6 P,P,P]\n"));
    assert!(!r.has_errors(), "{:?}", r.all_diagnostics());
}

#[test]
fn s2_spec_deal_1() {
    assert_eq!(errors(DEAL1), ["DISCARD_NOT_HELD"]);
    assert_eq!(error_text(DEAL1, "DISCARD_NOT_HELD"), "A");
    // with the discard made legal (talon JC 7D), the next error is CARD_NOT_HELD at trick 1 (p3, 8♦)
    let fixed = DEAL1.replace(" AR ", " T9 ");
    assert_eq!(errors(&fixed), ["CARD_NOT_HELD"]);
    let src = format!("{HEADER}{fixed}\n");
    let d = check(&src).all_diagnostics().into_iter().find(|d| d.code() == "CARD_NOT_HELD").unwrap();
    assert_eq!(&src[d.span().range()], "A");
    assert!(d.message().contains("player 3"), "{}", d.message());
}

#[test]
fn s2_trick_8_winner_is_wrong_by_ranks() {
    // deal 1 trick 8 `G9B3`: leader p2 plays A♦ and should win
    let cards: Vec<_> = "G9B".bytes().map(|b| card_of(b).unwrap()).collect();
    assert_eq!(ppn_pref::trick_winner_index(&cards, Some(cards_core::Suit::Hearts)), 0);
}

#[test]
fn s3_spec_deal_3() {
    assert_eq!(errors(DEAL3), ["DISCARD_NOT_HELD"]);
    assert_eq!(error_text(DEAL3, "DISCARD_NOT_HELD"), "T");
    // talon of deal 3 is L P 8 G? no: chars 31-32 are `8G`; discarding them, the next error is trick 1
    let fixed = DEAL3.replace(" T3 ", " 8G ");
    assert_eq!(errors(&fixed), ["CARD_NOT_HELD"]);
}

#[test]
fn s4_spec_deal_4() {
    assert_eq!(errors(DEAL4), ["DISCARD_NOT_HELD"]);
    assert_eq!(error_text(DEAL4, "DISCARD_NOT_HELD"), "G");
    let fixed = DEAL4.replace(" GH ", " T9 ");
    assert_eq!(errors(&fixed), ["TRICK_SIZE"]);
    assert_eq!(error_text(&fixed, "TRICK_SIZE"), "2A12");
}

#[test]
fn s5_prose_card_string() {
    let rec = DEAL1.replace("1BDHM27WQK", "1BDHM27YQK");
    assert_eq!(errors(&rec), ["CARD_CODE"]);
    assert_eq!(error_text(&rec, "CARD_CODE"), "Y");
}

#[test]
fn s6_s7_auctions() {
    let w = auction::reconstruct([Bid::Mine(3), Bid::Pass, Bid::Plain(3)]).unwrap();
    assert_eq!((w.position, w.bid), (0, Bid::Mine(3)));
    let w = auction::reconstruct([Bid::Plain(2), Bid::NamedGame(4), Bid::Game]).unwrap();
    assert_eq!((w.position, w.bid), (1, Bid::NamedGame(4)));
    // S6 as a record: 231 M3,P,3 -> main 2, contract must be 3..8
    let rec = DEAL1.replace(" 2 AR 4 ", " 2 AR 2 ");
    assert_eq!(first_error(&rec).as_deref(), Some("DISCARD_NOT_HELD"));
    let rec = DEAL1.replace(" AR 4 ", " T9 2 ");
    assert_eq!(first_error(&rec).as_deref(), Some("CONTRACT_BELOW_BID"));
    let rec = DEAL1.replace(" AR 4 ", " T9 G4 ");
    assert_eq!(first_error(&rec).as_deref(), Some("GAME_CONTRACT_AFTER_PLAIN_AUCTION"));
    // S7: 123 2,G4,G -> main 2, XX, contract >= G4
    let base = "[1 123 1BDHM27WQK4CEIN3FVRJS5LP8GU6AOT9 2,G4,G 2 XX G4 0 0 0 10 0 0 0,M0:-10,0]";
    assert_eq!(errors(base), Vec::<String>::new());
    assert_eq!(first_error(&base.replace(" XX ", " T9 ")).as_deref(), Some("GAME_DISCARD_NOT_XX"));
    assert_eq!(first_error(&base.replace(" XX G4 ", " XX G3 ")).as_deref(), Some("CONTRACT_BELOW_BID"));
    assert_eq!(
        first_error(&base.replace(" XX G4 ", " XX 4 ")).as_deref(),
        Some("PLAIN_CONTRACT_AFTER_GAME_AUCTION")
    );
    assert_eq!(first_error(&base.replace(" 2 XX ", " 1 XX ")).as_deref(), Some("MAIN_NOT_AUCTION_WINNER"));
    assert_eq!(first_error(&base.replace("2,G4,G", "2,M3,P")).as_deref(), Some("AUCTION_IMPOSSIBLE"));
}

#[test]
fn s8_field_shapes() {
    let rec = "[2 312 WQKJS5LP84CEIAOT9N31BDH7FVM2RGU6 P,P,P 1 XX G2 0 0 0 6 0 0 M0:-6,0,0]";
    assert_eq!(errors(rec), ["ALLPASS_HAS_PLAY"]);
    let rec = "[2 312 WQKJS5LP84CEIAOT9N31BDH7FVM2RGU6 2,P,P]";
    assert_eq!(errors(rec), ["MISSING_FIELDS"]);
    let rec = "[2 312 WQKJS5LP84CEIAOT9N31BDH7FVM2RGU6 2,P,P 1 XX]";
    assert_eq!(errors(rec), ["FIELD_COUNT"]);
}

#[test]
fn s9_spec_example_game() {
    let src = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../corpus/ppn-pref/spec-example.ppn"
    ))
    .unwrap();
    let r = check(&src);
    let mut got: Vec<(String, Option<u32>)> = Vec::new();
    for d in &r.file_diagnostics() {
        got.push((d.code().to_owned(), None));
    }
    for (i, rec) in r.records.iter().enumerate() {
        for d in r.own(i) {
            got.push((d.code().to_owned(), rec.model.id));
        }
    }
    let want: Vec<(String, Option<u32>)> = [
        ("STRAY_LINE", None),
        ("PLACE_RESULT_ORDER", None),
        ("LEGACY_13_FIELDS", Some(1)),
        ("DISCARD_NOT_HELD", Some(1)),
        ("LEGACY_13_FIELDS", Some(3)),
        ("DISCARD_NOT_HELD", Some(3)),
        ("REFA_FLAG", Some(3)),
        ("LEGACY_13_FIELDS", Some(4)),
        ("DISCARD_NOT_HELD", Some(4)),
        ("REFA_FLAG", Some(4)),
    ]
    .iter()
    .map(|(c, i)| ((*c).to_owned(), *i))
    .collect();
    assert_eq!(got, want);
    let stray = r.file_diagnostics().into_iter().find(|d| d.code() == "STRAY_LINE").unwrap();
    assert_eq!(&src[stray.span().range()], "...");
}

#[test]
fn s10_prose_throw() {
    let cards: Vec<_> = "2A1".bytes().map(|b| card_of(b).unwrap()).collect();
    for trump in [None, Some(cards_core::Suit::Hearts), Some(cards_core::Suit::Spades)] {
        assert_eq!(ppn_pref::trick_winner_index(&cards, trump), 0);
    }
    // diamonds trump: 8♦ wins
    assert_eq!(ppn_pref::trick_winner_index(&cards, Some(cards_core::Suit::Diamonds)), 1);
}

#[test]
fn quoted_header_is_accepted() {
    let src = "[Bula \"60\"]\n[Refe \"2\"]\n[Player1 \"a b\"]\n[Player2 b]\n[Player3 c]\n[Result1 \"0\"]\n\
               [Result2 0]\n[Result3 0]\n[1 123 WQKJS5LP84CEIAOT9N31BDH7FVM2RGU6 P,P,P]\n";
    let r = check(src);
    assert!(r.all_diagnostics().is_empty(), "{:?}", r.all_diagnostics());
}

#[test]
fn section_5_values_and_contracts() {
    let c = |game, level| Contract { game, level };
    assert_eq!(c(false, 4).base(), 8);
    assert_eq!(c(true, 5).base() * 4, 48);
    assert_eq!(c(false, 8).base() * 16 * 2, 512);
    assert_eq!(c(false, 2).base() * 2, 8);
    assert!(c(false, 6).passed(0) && !c(false, 6).passed(1));
    assert!(c(false, 8).passed(10) && !c(false, 8).passed(9));
    assert!(c(false, 7).passed(6) && !c(false, 7).passed(5));
}

#[test]
fn spans_are_exact() {
    let rec = DEAL1.replace(" AR ", " AA ");
    let src = format!("{HEADER}{rec}\n");
    let d = check(&src).all_diagnostics().into_iter().find(|d| d.is_error()).unwrap();
    assert_eq!(d.code(), "DISCARD_FORMAT");
    assert_eq!(&src[d.span().range()], "AA");
    let start = src.find("[1 231").unwrap();
    let r = check(&src);
    assert_eq!(r.records[0].model.spans.record(), Span::new(start, start + rec.len()));
}

/// The spec's JSON example (with its `"..."` placeholder trick removed) is read through serde; its
/// p3 summary entry has no supe column, which PPN cannot express, so it is rejected with a message.
#[test]
fn spec_json_example() {
    let spec = r#"{ "id": 1, "dealOrder": 231,
      "cards": { "p1": "1BDHM27WQK", "p2": "4CEIN3FVRJ", "p3": "S5LP8GU6AO", "t": "T9" },
      "bids": { "p1": "M3", "p2": "P", "p3": "3" },
      "main": 2, "discarded": "AR", "contract": 4, "accepted": 8, "kontra": "I3", "refa": false, "value": 4,
      "starts": 2, "throws": [ { "id": 1, "starts": 2, "cards": "2A1", "winner": 2 } ],
      "summary": { "p1": { "main": false, "tricks": 2, "left": 60 }, "p2": { "main": true, "tricks": 7, "middle": -8 },
                   "p3": { "main": false, "tricks": 1 } } }"#;
    let err = ppn_pref::json::from_json(spec).unwrap_err();
    assert!(err.iter().any(|e| e.contains("SUMMARY_FORMAT")), "{err:?}");
    // with a column for p3 it reads, and the deal is typed like its PPN record
    let fixed = spec.replace(r#""tricks": 1 }"#, r#""tricks": 1, "right": 4 }"#);
    let game = ppn_pref::json::from_json(&fixed).unwrap();
    let deal = &game.deals[0];
    assert_eq!(deal.play.as_ref().unwrap().value, 4);
    assert_eq!(ppn_pref::write::cards_text(deal), "1BDHM27WQK4CEIN3FVRJS5LP8GU6AOT9");
    // an array of deals works too
    let arr = format!("[{fixed}]");
    assert_eq!(ppn_pref::json::from_json(&arr).unwrap(), game);
}
