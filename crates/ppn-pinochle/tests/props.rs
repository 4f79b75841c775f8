//! Property tests: card and hand notations, tag values, section tokens and whole hands survive
//! write -> read; the reader never panics; generated games check clean.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use cards_core::{Card, CardCounts, Rank, Suit};
use ppn_pinochle::PinochleSeat;
use ppn_pinochle::card_text as pinochle;
use ppn_pinochle::model::{Hand, Item, PpnFile, Section, SectionLine, Spanned, Tag, Token, Value};
use ppn_pinochle::{read_file, typed_value};

mod support;
use ppn_pinochle::write::write;
use proptest::prelude::*;
use support::check_str;

const RANKS: [Rank; 6] = [Rank::Ace, Rank::Ten, Rank::King, Rank::Queen, Rank::Jack, Rank::Nine];
const SUITS: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Spades, Suit::Hearts];

fn card() -> impl Strategy<Value = Card> {
    (0..6usize, 0..4usize).prop_map(|(r, s)| Card::new(RANKS[r], SUITS[s]))
}

fn hand() -> impl Strategy<Value = CardCounts> {
    proptest::collection::vec(card(), 0..24).prop_map(|cards| {
        let mut h = CardCounts::new();
        for c in cards {
            if h.count(c) < 4 {
                let _ = h.insert(c);
            }
        }
        h
    })
}

fn seat() -> impl Strategy<Value = PinochleSeat> {
    prop_oneof![
        Just(PinochleSeat::North),
        Just(PinochleSeat::East),
        Just(PinochleSeat::South),
        Just(PinochleSeat::West)
    ]
}

fn token() -> impl Strategy<Value = Token> {
    prop_oneof![
        Just(Token::Pass),
        (1u32..1000).prop_map(Token::Bid),
        Just(Token::Dash),
        Just(Token::Unknown),
        card().prop_map(Token::Card),
        (proptest::option::of(seat()), proptest::option::of(0u32..60))
            .prop_map(|(seat, points)| Token::Annotation { seat, points }),
    ]
}

fn text_value() -> impl Strategy<Value = String> {
    "[ -~]{0,40}".prop_map(|s| s.replace(['{', '}'], ""))
}

fn tag_name() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("Site".to_owned()),
        Just("Event".to_owned()),
        Just("Note".to_owned()),
        Just("Auction".to_owned()),
        Just("Play".to_owned()),
        "[A-Z][A-Za-z0-9]{0,12}",
    ]
}

fn tag() -> impl Strategy<Value = Tag> {
    (tag_name(), text_value(), proptest::collection::vec(proptest::collection::vec(token(), 1..6), 0..4))
        .prop_map(|(name, value, lines)| {
            let mut tag = Tag::new(&name, &value);
            if !lines.is_empty() {
                tag.section = Some(Section {
                    lines: lines
                        .into_iter()
                        .map(|tokens| SectionLine {
                            tokens: tokens
                                .into_iter()
                                .map(|value| Spanned { value, at: Default::default() })
                                .collect(),
                            ..SectionLine::default()
                        })
                        .collect(),
                });
            }
            tag
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1024, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn cards_round_trip(c in card()) {
        prop_assert_eq!(pinochle::parse_card(&pinochle::write_card(c)), Ok(c));
    }

    #[test]
    fn hands_round_trip(h in hand()) {
        let text = pinochle::write_hand(&h);
        prop_assert_eq!(text.matches('.').count(), 3);
        prop_assert_eq!(pinochle::parse_hand(&text), Ok(h));
    }

    #[test]
    fn deal_and_melds_values_round_trip(first in seat(), hands in proptest::collection::vec(hand(), 4), values in proptest::collection::vec(0i64..500, 4)) {
        let texts: Vec<String> = hands.iter().map(pinochle::write_hand).collect();
        let deal = format!("{}:{}", first.letters(), texts.join(" "));
        match typed_value("Deal", &deal, 0, 4).unwrap() {
            Value::Hands { first: f, hands: got } => {
                prop_assert_eq!(f, first);
                prop_assert_eq!(got, hands.iter().cloned().map(Some).collect::<Vec<_>>());
            }
            other => prop_assert!(false, "{:?}", other),
        }
        let melds: Vec<String> = texts.iter().zip(&values).map(|(t, v)| format!("{t}({v})")).collect();
        let melds = format!("{}:{}", first.letters(), melds.join(" "));
        match typed_value("Melds", &melds, 0, 4).unwrap() {
            Value::Melds { entries, .. } => {
                let got: Vec<i64> = entries.iter().map(|e| e.value.unwrap()).collect();
                prop_assert_eq!(got, values);
            }
            other => prop_assert!(false, "{:?}", other),
        }
    }

    #[test]
    fn shuffled_hand_text_is_rejected_or_equal(h in hand(), swap in 0usize..30) {
        // Any reordering of a group's letters either reads back the same cards or is HAND_SYNTAX.
        let mut text: Vec<char> = pinochle::write_hand(&h).chars().collect();
        if text.len() > 1 {
            let i = swap % (text.len() - 1);
            text.swap(i, i + 1);
        }
        let text: String = text.into_iter().collect();
        if let Ok(back) = pinochle::parse_hand(&text) {
            prop_assert_eq!(pinochle::write_hand(&back), text);
        }
    }

    #[test]
    fn models_round_trip(tags in proptest::collection::vec(tag(), 1..6), comments in proptest::collection::vec("[ -z|~]{0,10}", 0..2)) {
        let mut items: Vec<Item> = tags.into_iter().map(Item::Tag).collect();
        for c in comments {
            items.insert(0, Item::Comment(ppn_pinochle::model::Comment { text: c, at: Default::default() }));
        }
        let file = PpnFile { headers: Vec::new(), hands: vec![Hand { items, at: Default::default() }] };
        let text = write(&file);
        let back = read_file(&text);
        prop_assert_eq!(back, file, "{}", text);
    }

    /// The streaming reader (one group of lines at a time) reads and checks as the whole-text
    /// reader does: same hands, same spans, same diagnostics.
    #[test]
    fn streaming_reader_checks_like_the_whole_text(text in "[%\\[\\]@{}\"#*?.:()A-Z0-9 \n\\\\é♠-]{0,200}") {
        let options = ppn_pinochle::Options::default();
        let whole = check_str(&text, &options);
        let small = std::io::BufReader::with_capacity(3, text.as_bytes());
        let streamed: Vec<_> = cards_core::notation::read_checked::<ppn_pinochle::Pinochle, _>(small, options)
            .map(|r| {
                let r = r.unwrap();
                support::Report { diagnostics: r.diagnostics, summary: r.model.summary.unwrap_or_default() }
            })
            .collect();
        prop_assert_eq!(format!("{whole:?}"), format!("{streamed:?}"));
    }

    #[test]
    fn reader_never_panics(text in "[%\\[\\]@{}\"#*?.:()A-Z0-9 \n\\\\é♠-]{0,200}") {
        let reports = check_str(&text, &ppn_pinochle::Options::default());
        for d in reports.iter().flat_map(|r| r.diagnostics.iter()) {
            prop_assert!(text.get(d.span().range()).is_some(), "{} span {:?} in {:?}", d.code(), d.span(), text);
        }
        // And what it read without complaint writes back to the same model.
        let records: Vec<_> =
            ppn_pinochle::Reader::from_str(&text, ppn_pinochle::Options::default()).map(Result::unwrap).collect();
        let clean = records.iter().all(|r| r.diagnostics.is_empty());
        if clean {
            let file = ppn_pinochle::PpnFile::from_records(records);
            prop_assert_eq!(read_file(&write(&file)), file);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn generated_games_are_clean(seed in 0u64..1_000_000) {
        let text = ppn_pinochle::synth::game(seed, 6);
        let reports = check_str(&text, &ppn_pinochle::Options::default());
        for r in &reports {
            prop_assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
        }
    }
}
