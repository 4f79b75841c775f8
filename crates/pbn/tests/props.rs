//! Property tests: reading never panics and keeps spans inside the text; generated games read back
//! without errors through both writers; escaping round-trips; scores behave.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use cards_core::{Card, CardSet, Compass};
use pbn::model::{Denomination, Risk, escape, unescape};
use pbn::summary::summarize;
use pbn::{Options, Record};
use proptest::prelude::*;

/// Reads and checks every game of `text` on the one path (`pbn::Pbn`).
fn read_str(text: &str, options: pbn::Options) -> Vec<pbn::Record> {
    cards_core::notation::read_checked::<pbn::Pbn, _>(text.as_bytes(), options)
        .collect::<std::io::Result<_>>()
        .unwrap()
}

fn read(text: &str) -> Vec<Record> {
    read_str(text, Options::default())
}

/// Text made of PBN-ish pieces, to reach deep into the reader.
fn pbnish() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("[".to_owned()),
        Just("]".to_owned()),
        Just("\"".to_owned()),
        Just("{".to_owned()),
        Just("}".to_owned()),
        Just(";".to_owned()),
        Just("\n".to_owned()),
        Just("\r\n".to_owned()),
        Just("\n\n".to_owned()),
        Just("%".to_owned()),
        Just("\\".to_owned()),
        Just(" ".to_owned()),
        Just("[Deal \"N:AKQ.. - - -\"]".to_owned()),
        Just("[Auction \"N\"]\n".to_owned()),
        Just("[Play \"E\"]\n".to_owned()),
        Just("[Contract \"3NT\"]".to_owned()),
        Just("[Declarer \"S\"]".to_owned()),
        Just("[Dealer \"N\"]".to_owned()),
        Just("[Result \"9\"]".to_owned()),
        Just("[ScoreTable \"Rank\\2R;Score_NS\"]\n".to_owned()),
        Just("[Event \"#\"]".to_owned()),
        Just("[Event \"##x\"]".to_owned()),
        "(1S|Pass|X|XX|AP|\\*|\\+|-|=1=|\\$3|!|\\?!|\\^I|\\^S|\\^R|\\^L|SA|HK|D2|C9|____)",
        "[ -~]{0,6}",
        "\\PC{0,3}",
    ];
    prop::collection::vec(piece, 0..60).prop_map(|v| v.concat())
}

fn check_spans(text: &str) {
    for r in read(text) {
        assert!(r.span.end <= text.len());
        for d in &r.diagnostics {
            assert!(d.span().start <= d.span().end && d.span().end <= text.len(), "{d:?}");
            assert!(text.is_char_boundary(d.span().start) && text.is_char_boundary(d.span().end), "{d:?}");
        }
    }
}

/// A random deal: 52 cards shuffled into four hands.
fn deal() -> impl Strategy<Value = [CardSet; 4]> {
    Just((0..52u8).collect::<Vec<u8>>()).prop_shuffle().prop_map(|order| {
        let mut hands = [CardSet::EMPTY; 4];
        for (i, d) in order.into_iter().enumerate() {
            hands[i / 13].insert(Card::from_dense_index(d).unwrap());
        }
        hands
    })
}

/// A legal auction as (call texts), ending with three passes after a bid or four passes.
fn auction() -> impl Strategy<Value = Vec<String>> {
    prop::collection::vec((0u8..35, 0u8..4), 0..6).prop_map(|steps| {
        let mut calls = Vec::new();
        let mut last = None::<u8>;
        for (bid, extra) in steps {
            let next = match last {
                None => bid,
                Some(l) if bid > l => bid,
                Some(l) if l < 34 => l + 1,
                Some(_) => continue,
            };
            last = Some(next);
            let level = next / 5 + 1;
            let denom = ["C", "D", "H", "S", "NT"][usize::from(next % 5)];
            calls.push(format!("{level}{denom}"));
            // Opponent doubles sometimes, partner passes.
            if extra == 1 {
                calls.push("X".to_owned());
            } else {
                calls.push("Pass".to_owned());
            }
        }
        let passes = if calls.is_empty() { 4 } else { 3 };
        calls.extend(std::iter::repeat_n("Pass".to_owned(), passes));
        calls
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        let decoded = pbn::decode(&bytes);
        check_spans(&decoded.text);
    }

    #[test]
    fn pbn_like_text_never_panics_and_round_trips(text in pbnish()) {
        check_spans(&text);
        let records = read(&text);
        let written = pbn::write::write_import(records.iter().map(|r| &r.model), "\n");
        let again = read(&written);
        let games = |rs: &[Record]| rs.iter().filter(|r| r.model.is_game).map(|r| summarize(&r.model)).collect::<Vec<_>>();
        prop_assert_eq!(games(&records), games(&again));
        let _ = pbn::write::write_export(&records);
    }

    #[test]
    fn generated_games_read_back_without_errors(hands in deal(), calls in auction(), dealer in 0usize..4, lower in any::<bool>()) {
        let dealer = Compass::ALL[dealer];
        let mut deal = String::from("N:");
        for (i, h) in hands.iter().enumerate() {
            if i > 0 {
                deal.push(' ');
            }
            deal.push_str(&pbn::text::write_hand(Some(*h)));
        }
        if lower {
            deal = deal.to_lowercase();
        }
        let mut text = format!("[Board \"1\"]\n[Dealer \"{dealer}\"]\n[Vulnerable \"All\"]\n[Deal \"{deal}\"]\n[Auction \"{dealer}\"]\n");
        for (i, c) in calls.iter().enumerate() {
            text.push_str(c);
            text.push(if i % 4 == 3 { '\n' } else { ' ' });
        }
        let records = read(&text);
        prop_assert_eq!(records.len(), 1);
        prop_assert!(!records[0].has_errors(), "{:?}\n{}", records[0].diagnostics, text);
        prop_assert!(records[0].model.info.auction_outcome.is_some());
        let export = pbn::write::write_export(&records);
        let again = read(&export);
        prop_assert!(!again[0].has_errors(), "{:?}", again[0].diagnostics);
        prop_assert_eq!(again[0].model.info.deal.map(|d| d.hands), records[0].model.info.deal.map(|d| d.hands));
        prop_assert_eq!(summarize(&again[0].model).auction, summarize(&records[0].model).auction);
        prop_assert_eq!(pbn::write::write_export(&again), export);
    }

    #[test]
    fn escape_round_trips(value in "[ -~\\PC]{0,40}") {
        // `#` and `##…` are not literal values: they inherit (PBN 2.1 §4.8), tested elsewhere.
        prop_assume!(value != "#" && !value.starts_with("##"));
        let escaped = escape(&value);
        prop_assert_eq!(unescape(&escaped), value.as_str());
        let text = format!("[Event \"{}\"]\n", escape(&value));
        let records = read(&text);
        prop_assert_eq!(records[0].model.tag("Event"), Some(value.as_str()));
    }

    #[test]
    fn scores_behave(level in 1u8..=7, d in 0usize..5, risk in 0usize..3, vul in any::<bool>(), tricks in 0u8..=13) {
        let denom = [Denomination::Clubs, Denomination::Diamonds, Denomination::Hearts, Denomination::Spades, Denomination::NoTrump][d];
        let risk = [Risk::Undoubled, Risk::Doubled, Risk::Redoubled][risk];
        let score = pbn::duplicate_score(level, denom, risk, vul, tricks);
        prop_assert_eq!(score > 0, tricks >= level + 6);
        // Vulnerability never helps a failing contract.
        if tricks < level + 6 {
            prop_assert!(pbn::duplicate_score(level, denom, risk, true, tricks) <= pbn::duplicate_score(level, denom, risk, false, tricks));
        } else {
            prop_assert!(pbn::duplicate_score(level, denom, risk, true, tricks) >= pbn::duplicate_score(level, denom, risk, false, tricks));
        }
    }
}

fn any_card() -> impl Strategy<Value = Card> {
    (0u8..52).prop_map(|i| Card::from_dense_index(i).unwrap())
}

fn any_set() -> impl Strategy<Value = CardSet> {
    any::<u64>().prop_map(|bits| CardSet(bits & CardSet::FULL.0))
}

// Card text, moved here from cards-core with the PBN card text itself.
proptest! {
    #[test]
    fn pbn_hands_round_trip(set in any_set()) {
        let text = pbn::text::write_hand(Some(set));
        prop_assert!(pbn::text::is_canonical_order(&text));
        prop_assert_eq!(pbn::text::parse_hand(&text).unwrap(), Some(set));
    }

    #[test]
    fn pbn_cards_round_trip(card in any_card()) {
        prop_assert_eq!(pbn::text::parse_card(&pbn::text::write_card(card)).unwrap(), card);
    }

    #[test]
    fn pbn_parser_never_panics(text in "[AKQJT2-9SHDC.x-]{0,20}") {
        if let Err(err) = pbn::text::parse_hand(&text) {
            prop_assert!(err.span.end <= text.len());
        }
    }
}

/// A legal play of `hands` (by [`Compass::index`]) with `trump`, West leading: each card chosen by
/// `choices` among the cards its player may play. Returns the rows in the columns of West
/// (W, N, E, S) and the tricks North-South won.
fn legal_play(hands: [CardSet; 4], trump: Option<cards_core::Suit>, choices: &[u8]) -> (Vec<[Card; 4]>, u8) {
    let mut hands = hands;
    let mut leader = Compass::West;
    let mut rows = Vec::new();
    let mut ns = 0;
    for t in 0..13 {
        let mut trick: Vec<(Compass, Card)> = Vec::new();
        for k in 0..4 {
            let seat = leader.advance(k);
            let hand = hands[seat.index()];
            let follow = trick.first().map(|&(_, c)| hand.suit(c.suit())).filter(|s| !s.is_empty());
            let legal: Vec<Card> = follow.unwrap_or(hand).into_iter().collect();
            let card = legal[usize::from(choices[t * 4 + k]) % legal.len()];
            hands[seat.index()].remove(card);
            trick.push((seat, card));
        }
        let mut row = [trick[0].1; 4];
        for &(seat, card) in &trick {
            row[(seat.index() + 4 - Compass::West.index()) % 4] = card;
        }
        rows.push(row);
        leader = pbn::trick_winner(&trick, trump).unwrap();
        ns += u8::from(leader.is_north_south());
    }
    (rows, ns)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// The championship archive's play lines: each holds one trick's cards clockwise, from any
    /// seat. Rotating random lines of a legal play, the reader recovers the play in the columns of
    /// the Play seat, flags each rotated line (and no other) with `PLAY_TRICK_ORDER`, and
    /// reports no error; under strict each flag is an error.
    #[test]
    fn rotated_play_lines_are_recovered(
        hands in deal(),
        d in 0usize..5,
        choices in prop::collection::vec(any::<u8>(), 52),
        rotations in prop::collection::vec(prop_oneof![3 => Just(0usize), 1 => 1usize..4], 13),
    ) {
        let (denomination, trump) = [
            ("C", Some(cards_core::Suit::Clubs)),
            ("D", Some(cards_core::Suit::Diamonds)),
            ("H", Some(cards_core::Suit::Hearts)),
            ("S", Some(cards_core::Suit::Spades)),
            ("NT", None),
        ][d];
        let (rows, ns) = legal_play(hands, trump, &choices);
        let deal: Vec<String> = hands.iter().map(|h| pbn::text::write_hand(Some(*h))).collect();
        let mut text = format!(
            "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"N:{}\"]\n[Declarer \"S\"]\n[Contract \"1{denomination}\"]\n[Result \"{ns}\"]\n[Play \"W\"]\n",
            deal.join(" ")
        );
        let mut line_starts = Vec::new();
        for (row, &r) in rows.iter().zip(&rotations) {
            line_starts.push(text.len());
            let line: Vec<String> = (0..4).map(|c| pbn::text::write_card(row[(c + r) % 4])).collect();
            text.push_str(&line.join(" "));
            text.push('\n');
        }
        let records = read(&text);
        prop_assert_eq!(records.len(), 1);
        let r = &records[0];
        prop_assert!(!r.has_errors(), "{:?}\n{}", r.diagnostics, text);
        let play = r.model.info.play.as_ref().unwrap();
        let read_back: Vec<Card> = play
            .entries
            .iter()
            .map(|e| match e.item {
                pbn::model::PlayItem::Card { card, .. } => card,
                _ => panic!("{e:?}"),
            })
            .collect();
        let expected: Vec<Card> = rows.iter().flatten().copied().collect();
        prop_assert_eq!(read_back, expected);
        prop_assert_eq!(r.model.info.tricks_by_play, Some(ns));
        let flagged: Vec<usize> = r
            .diagnostics
            .iter()
            .filter(|d| d.code() == pbn::codes::PLAY_TRICK_ORDER)
            .map(|d| d.span().start)
            .collect();
        let rotated: Vec<usize> =
            line_starts.iter().zip(&rotations).filter(|&(_, &k)| k != 0).map(|(&at, _)| at).collect();
        prop_assert_eq!(flagged, rotated);
        let strict: Vec<Record> = read_str(&text, Options { strict: true });
        prop_assert_eq!(strict[0].has_errors(), rotations.iter().any(|&k| k != 0));
    }
}
