//! Conversions over `../shared/corpus/lin` (skipped when it is missing, failing
//! when `CARDNOTE_REQUIRE_SHARED=1`):
//! - every LIN file goes LIN -> PBN -> LIN and keeps every tag: the same match header, and for
//!   each board the same room, number, `qx`, `ah`, `mn`, players, dealer, deal, vulnerability,
//!   calls with alerts and explanations, cards, claim, and every other item at its place; the PBN
//!   in between reads without errors wherever the LIN did;
//! - Bridge Composer's pairs are the oracle: `read-X.lin` against its `read-X-bc.pbn` and `X.pbn`
//!   against its `X-bc.lin`, with each difference named where it is allowed.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use std::path::{Path, PathBuf};

use cards_core::Compass;
use lin::model::Board;

/// Reads and checks every game of `text` on the one path (`pbn::Pbn`).
fn read_str(text: &str, options: pbn::Options) -> Vec<pbn::Record> {
    cards_core::notation::read_checked::<pbn::Pbn, _>(text.as_bytes(), options)
        .collect::<std::io::Result<_>>()
        .unwrap()
}

fn shared_lin() -> Option<PathBuf> {
    shared_fixtures::dir("corpus/lin")
}

/// The files under `dir` whose names `keep` accepts, in path order.
fn files(dir: &Path, keep: &dyn Fn(&str) -> bool) -> Vec<PathBuf> {
    shared_fixtures::files(dir, |path| keep(&path.file_name().unwrap().to_string_lossy()))
}

fn is_lin(name: &str) -> bool {
    name.ends_with(".lin") || (name.len() == 5 && name.bytes().all(|b| b.is_ascii_digit()))
}

fn records(bytes: &[u8]) -> Vec<lin::Record> {
    let options = lin::Options::default();
    let checked = |record: std::io::Result<lin::Record>| {
        let mut record = record.unwrap();
        lin::check(&mut record, &options);
        record
    };
    lin::Reader::from_slice(bytes, options).map(checked).collect()
}

/// A board with what the PBN round trip may spell differently put in one form: card and call text
/// (`s2`/`S2`, `P`/`p`), `sv|0`/`sv|o`, the hand completed by the reader, and players of a board
/// that gives none.
fn normal(board: &Board) -> Board {
    let mut b = board.clone();
    for call in &mut b.auction {
        call.text.clear();
        call.span = cards_core::Span::default();
    }
    for card in &mut b.play {
        card.text.clear();
        card.span = cards_core::Span::default();
    }
    if let Some(deal) = &mut b.deal {
        deal.completed = None;
    }
    if b.claim.is_some() {
        b.claim_text = None;
    }
    b
}

#[test]
fn lin_to_pbn_to_lin_keeps_every_tag() {
    let Some(dir) = shared_lin() else { return };
    let lin_files = files(&dir, &is_lin);
    assert_eq!(lin_files.len(), 34);
    let mut boards = 0;
    for path in &lin_files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let bytes = std::fs::read(path).unwrap();
        let original = records(&bytes);
        let pbn = bridge_convert::lin_to_pbn(&bytes);
        let pbn_errors: Vec<_> = pbn.diagnostics.iter().filter(|d| d.is_error()).collect();
        let pbn_read: Vec<_> = read_str(&pbn.text, pbn::Options::default());
        if pbn_errors.is_empty() {
            for game in &pbn_read {
                let errors: Vec<_> = game.diagnostics.iter().filter(|d| d.is_error()).collect();
                assert!(errors.is_empty(), "{name}: the PBN has errors {errors:#?}\n{}", pbn.text);
            }
        }
        let back = bridge_convert::pbn_to_lin(&pbn.text);
        let again = records(back.text.as_bytes());
        let headers =
            |rs: &[lin::Record]| rs.iter().filter_map(|r| r.model.header().cloned()).collect::<Vec<_>>();
        assert_eq!(headers(&original), headers(&again), "{name}");
        let boards_of = |rs: &[lin::Record]| {
            rs.iter()
                .filter_map(|r| r.model.board())
                .filter(|b| **b != Board::default())
                .map(normal)
                .collect::<Vec<_>>()
        };
        let (a, b) = (boards_of(&original), boards_of(&again));
        assert_eq!(a.len(), b.len(), "{name}: boards\n{}\n{}", pbn.text, back.text);
        for (x, y) in a.iter().zip(&b) {
            assert_eq!(x, y, "{name}\n{}\n{}", pbn.text, back.text);
        }
        boards += a.len();
    }
    assert!(boards >= 200, "{boards}");
}

fn pbn_games(text: &str) -> Vec<pbn::Record> {
    read_str(text, pbn::Options::default()).into_iter().filter(|r: &pbn::Record| r.model.is_game).collect()
}

fn calls(game: &pbn::Record) -> Vec<String> {
    let Some(auction) = &game.model.info.auction else { return Vec::new() };
    let mut out: Vec<String> = Vec::new();
    for entry in &auction.entries {
        match entry.item {
            pbn::model::AuctionItem::Call { call, .. } => out.push(call.to_string()),
            pbn::model::AuctionItem::AllPass => {
                let bid = out.iter().any(|c| c != "Pass");
                let trailing = out.iter().rev().take_while(|c| *c == "Pass").count();
                for _ in trailing..if bid { 3 } else { 4 } {
                    out.push("Pass".to_owned());
                }
            }
            _ => {}
        }
    }
    out
}

fn full_hands(game: &pbn::Record) -> Vec<Option<cards_core::CardSet>> {
    let deal = game.model.info.deal.expect("deal");
    Compass::ALL.iter().map(|s| deal.hand(*s).filter(|h| h.len() == 13)).collect()
}

/// `read-X.lin` -> our PBN against Bridge Composer's `read-X-bc.pbn`: the same board, players,
/// dealer, vulnerability, full hands, contract, declarer, result, calls, alerts (`$1`), notes and
/// play. Allowed differences: Bridge Composer leaves Contract and Declarer empty unless the board
/// has a claim (we give the contract of every finished auction); it writes a hand it does not know as `...` (a void, in
/// PBN) where we write `-` (not given), so only 13-card hands are compared; it adds `BCFlags` and
/// `Score`, and writes the passes at the end as `AP`.
#[test]
fn lin_to_pbn_matches_bridge_composer() {
    let Some(dir) = shared_lin() else { return };
    let inputs = files(&dir, &|n| n.starts_with("read-") && n.ends_with(".lin"));
    assert_eq!(inputs.len(), 7);
    for input in inputs {
        let oracle_path =
            input.with_file_name(input.file_name().unwrap().to_string_lossy().replace(".lin", "-bc.pbn"));
        let oracle_text = std::fs::read_to_string(&oracle_path).unwrap();
        let ours = bridge_convert::lin_to_pbn(&std::fs::read(&input).unwrap());
        let (ours_games, oracle_games) = (pbn_games(&ours.text), pbn_games(&oracle_text));
        assert_eq!(ours_games.len(), oracle_games.len(), "{}", input.display());
        for (o, bc) in ours_games.iter().zip(&oracle_games) {
            let ctx = format!("{}\n{}", input.display(), ours.text);
            for tag in ["Board", "West", "North", "East", "South", "Dealer", "Vulnerable", "Result"] {
                assert_eq!(
                    o.model.tag(tag).unwrap_or_default(),
                    bc.model.tag(tag).unwrap_or_default(),
                    "{tag} {ctx}"
                );
            }
            // Bridge Composer fills Contract and Declarer only for a board with a claim; we give
            // the contract every finished auction reaches.
            for tag in ["Declarer", "Contract"] {
                let theirs = bc.model.tag(tag).unwrap_or_default();
                if !theirs.is_empty() {
                    assert_eq!(o.model.tag(tag).unwrap_or_default(), theirs, "{tag} {ctx}");
                }
            }
            assert_eq!(full_hands(o), full_hands(bc), "{ctx}");
            assert_eq!(calls(o), calls(bc), "{ctx}");
            // Annotations by the call they follow (`AP` written out as passes has none).
            let marks = |g: &pbn::Record| {
                g.model.info.auction.as_ref().map(|a| {
                    a.entries
                        .iter()
                        .enumerate()
                        .filter(|(_, e)| !e.annotation.is_empty())
                        .map(|(i, e)| (i, e.annotation.note, e.annotation.nags.clone()))
                        .collect::<Vec<_>>()
                })
            };
            assert_eq!(marks(o), marks(bc), "{ctx}");
            assert_eq!(o.model.info.notes, bc.model.info.notes, "{ctx}");
            let cards = |g: &pbn::Record| {
                g.model.info.play.as_ref().map(|p| p.entries.iter().map(|e| e.item).collect::<Vec<_>>())
            };
            assert_eq!(cards(o), cards(bc), "{ctx}");
        }
    }
}

/// `X.pbn` -> our LIN against Bridge Composer's `X-bc.lin`: the same deal, dealer,
/// vulnerability, players, calls, explanations and claim. Allowed differences: Bridge Composer
/// writes an alert as `an|!|` after the call where we write BBO's `mb|3D!|`; it writes `mc|0|`
/// for a contract with no result (a claim of no tricks, which no one made) where we write no
/// claim; in a file of several boards it gives a board with no auction three passes (which end
/// no auction: the dealer's fourth seat has not called); it drops the `+` placeholder (so do we); it labels `qx|o4,BOARD 4|` where we write BBO's
/// `qx|o4|`, and writes three hands where we write four.
#[test]
fn pbn_to_lin_matches_bridge_composer() {
    let Some(dir) = shared_lin() else { return };
    let oracles = files(&dir, &|n| n.ends_with("-bc.lin") && !n.starts_with("bc-reexport"));
    assert_eq!(oracles.len(), 7);
    for oracle_path in oracles {
        let name = oracle_path.file_name().unwrap().to_string_lossy().replace("-bc.lin", ".pbn");
        let pbn_text = std::fs::read_to_string(oracle_path.with_file_name(&name)).unwrap();
        let ours = bridge_convert::pbn_to_lin(&pbn_text);
        assert!(!ours.has_errors(), "{name}: {:?}", ours.diagnostics);
        let bc_records = records(&std::fs::read(&oracle_path).unwrap());
        let our_records = records(ours.text.as_bytes());
        let boards =
            |rs: &[lin::Record]| rs.iter().filter_map(|r| r.model.board()).cloned().collect::<Vec<_>>();
        let (bc, us) = (boards(&bc_records), boards(&our_records));
        assert_eq!(bc.len(), us.len(), "{name}\n{}", ours.text);
        for (bc, us) in bc.iter().zip(&us) {
            let ctx = format!("{name}\n{}", ours.text);
            assert_eq!(bc.number, us.number, "{ctx}");
            assert_eq!(bc.dealer, us.dealer, "{ctx}");
            assert_eq!(bc.vulnerability, us.vulnerability, "{ctx}");
            assert_eq!(bc.deal.map(|d| d.hands), us.deal.map(|d| d.hands), "{ctx}");
            let names = |b: &Board| b.players.clone().unwrap_or_default();
            assert_eq!(names(bc), names(us), "{ctx}");
            let bc_calls: Vec<_> = bc
                .auction
                .iter()
                .map(|c| match c.explanation.as_deref() {
                    Some("!") => (c.call, true, None),
                    other => (c.call, c.alert, other.map(str::to_owned)),
                })
                .collect();
            let our_calls: Vec<_> =
                us.auction.iter().map(|c| (c.call, c.alert, c.explanation.clone())).collect();
            let three_passes = vec![(Some(lin::model::Call::Pass), false, None); 3];
            if !(our_calls.is_empty() && bc_calls == three_passes) {
                assert_eq!(bc_calls, our_calls, "{ctx}");
            }
            let bc_claim = bc.claim.filter(|&c| !(c == 0 && bc.play.is_empty()));
            assert_eq!(bc_claim, us.claim, "{ctx}");
        }
    }
}
