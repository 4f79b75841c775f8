//! Property tests: the action grammar round-trips through its canonical text whatever the
//! whitespace; no input makes the parser panic and every error span lies inside the input; the
//! fast path and the toml_edit general path agree on mutated hand files; whole hands round-trip.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use cards_core::notation::ReadRecords;
use cards_core::{Amount, Card, MaybeCard};
use phh::{Action, ActionKind, CardRun, Player, Shown};
use proptest::prelude::*;

mod common;
use common::{read, read_buffered, read_general, read_parallel};

fn card() -> impl Strategy<Value = MaybeCard> {
    prop_oneof![
        1 => Just(MaybeCard::Unknown),
        6 => (0u8..52).prop_map(|i| MaybeCard::Known(Card::from_dense_index(i).unwrap())),
    ]
}

fn run(min: usize) -> impl Strategy<Value = CardRun> {
    prop::collection::vec(card(), min..8).prop_map(|v| v.into_iter().collect())
}

fn amount() -> impl Strategy<Value = Amount> {
    (1u64..10_000_000, 0u32..4).prop_map(|(m, scale)| {
        let s = m.to_string();
        let text = if scale == 0 || s.len() <= scale as usize {
            s
        } else {
            let (a, b) = s.split_at(s.len() - scale as usize);
            format!("{a}.{b}")
        };
        text.parse().unwrap()
    })
}

fn player() -> impl Strategy<Value = Player> {
    (1u16..=12).prop_map(Player)
}

fn kind() -> impl Strategy<Value = ActionKind> {
    prop_oneof![
        run(1).prop_map(|cards| ActionKind::DealBoard { cards }),
        (player(), run(1)).prop_map(|(player, cards)| ActionKind::DealHole { player, cards }),
        player().prop_map(|player| ActionKind::BringIn { player }),
        (player(), amount()).prop_map(|(player, amount)| ActionKind::CompleteBetRaise { player, amount }),
        player().prop_map(|player| ActionKind::CheckCall { player }),
        player().prop_map(|player| ActionKind::Fold { player }),
        (player(), run(0)).prop_map(|(player, discards)| ActionKind::StandPatDiscard { player, discards }),
        (player(), prop_oneof![Just(Shown::Muck), Just(Shown::Dealt), run(1).prop_map(Shown::Cards)])
            .prop_map(|(player, shown)| ActionKind::ShowMuck { player, shown }),
        Just(ActionKind::NoOp),
    ]
}

fn action() -> impl Strategy<Value = Action> {
    (kind(), proptest::option::of("[a-zA-Z0-9 ,.!?'#-]{0,20}"))
        .prop_map(|(kind, comment)| Action { kind, commentary: comment.map(|c| c.trim().to_owned()) })
}

proptest! {
    #[test]
    fn canonical_text_round_trips(a in action()) {
        let text = a.to_string();
        let back: Action = text.parse().unwrap();
        prop_assert_eq!(back, a);
    }

    #[test]
    fn any_whitespace_between_words(a in action(), spaces in prop::collection::vec("[ \t\u{3000}]{1,3}", 8), lead in "[ \t]{0,2}", trail in "[ \t]{0,2}") {
        let text = a.to_string();
        let (body, comment) = match text.find('#') {
            Some(i) => (&text[..i], Some(&text[i..])),
            None => (text.as_str(), None),
        };
        let mut out = lead.clone();
        for (i, word) in body.split_whitespace().enumerate() {
            if i > 0 {
                out.push_str(&spaces[i % spaces.len()]);
            }
            out.push_str(word);
        }
        if let Some(c) = comment {
            out.push(' ');
            out.push_str(c);
        }
        out.push_str(&trail);
        let back: Action = out.parse().unwrap();
        prop_assert_eq!(back, a);
    }

    #[test]
    fn arbitrary_notations_never_panic(text in "\\PC{0,40}") {
        match phh::parse_action_tokens(&text) {
            Ok((_, toks)) => {
                for s in [toks.player, toks.cards, toks.amount].into_iter().flatten() {
                    prop_assert!(s.end <= text.len());
                }
            }
            Err(e) => prop_assert!(e.span.end <= text.len() && e.span.start <= e.span.end),
        }
    }

    #[test]
    fn near_miss_notations_never_panic(text in "(d|p[0-9]{1,6}|q1)( +(db|dh|pb|cbr|cc|f|sd|sm|p[0-9]|[AKQJT2-9?][cdhs?]{0,3}|-|[0-9.e+-]{1,8})){0,4}( *#.{0,5})?") {
        match phh::parse_action(&text) {
            Ok(a) => {
                let again: Action = a.to_string().parse().unwrap();
                prop_assert_eq!(again, a);
            }
            Err(e) => prop_assert!(e.span.end <= text.len()),
        }
    }
}

const BASE: &str = "[1]\nvariant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [0.50, 1, 0]\nmin_bet = 1\n\
starting_stacks = [100, inf, 37.25]\nactions = ['d dh p1 AhKh', 'd dh p2 ????', 'd dh p3 7c7d', 'p3 cbr 3', 'p1 f', \
'p2 cc # call', 'd db 2c3c4c', 'p2 cc', 'p3 cc', 'p2 sm ????', 'p3 sm 7c7d']\ntime = 00:00:20\nplayers = ['a', \"b\", 'c']\n\
_x = [1, 2.5, true]\n\n[2]\nvariant = 'F7S'\nantes = [1, 1]\nbring_in = 1\nsmall_bet = 2\nbig_bet = 4\n\
starting_stacks = [50, 50]\nactions = [\n  'd dh p1 ????Kc',\n  'd dh p2 ????2d',\n  'p2 pb',\n  'p1 f',\n]\n";

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    /// Differential: random edits of valid files (PokerKit style, hand-written with comments in
    /// arrays, unusual TOML); the fast path (with fallback) and the general
    /// path give the same hands and diagnostics.
    #[test]
    fn fast_and_general_agree_on_mutations(edits in prop::collection::vec((0usize..4000, prop_oneof![
        Just(""), Just(" "), Just("\n"), Just("'"), Just("\""), Just("["), Just("]"), Just(","), Just("#"),
        Just("="), Just("1"), Just("."), Just("-"), Just("inf"), Just("\\"), Just("e5"), Just("_"), Just("\r"),
        Just("\t"), Just("nan"), Just("{"), Just("p9"), Just("??"), Just(":"),
    ], 0usize..3), 1..4), which in 0usize..3) {
        let famous = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/phh/real/famous/arieh-yockey-2019.phh"),
        )
        .unwrap();
        let formatting = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/phh/cases/formatting.phhs"),
        )
        .unwrap();
        let mut text = [BASE.to_owned(), famous, formatting][which].clone();
        for (at, insert, delete) in edits {
            let mut at = at % (text.len() + 1);
            while !text.is_char_boundary(at) { at -= 1; }
            let mut end = (at + delete).min(text.len());
            while !text.is_char_boundary(end) { end += 1; }
            text.replace_range(at..end, insert);
        }
        let fast = read(&text);
        let general = read_general(&text);
        prop_assert_eq!(&fast, &general, "{}", text);
        for h in &fast {
            for d in &h.diagnostics {
                prop_assert!(d.span().end <= text.len());
            }
        }
        // The streaming reader gives the same hands.
        let streamed = read_buffered(text.as_bytes());
        prop_assert_eq!(&streamed, &fast, "{}", text);
        // The hands' raw texts, in order, are the text.
        let mut reader = phh::Reader::from_str(&text, phh::Options::default());
        let raws: String = std::iter::from_fn(|| reader.read_raw()).map(|raw| raw.unwrap().text().to_owned()).collect();
        prop_assert_eq!(&raws, &text);
    }

    /// Valid hands round-trip through the canonical writer.
    #[test]
    fn hands_round_trip(actions in prop::collection::vec(action(), 0..12), stacks in prop::collection::vec(amount(), 2..6)) {
        let mut hand = phh::Hand::new(phh::Variant::NoLimitTexasHoldem);
        hand.antes = vec![Amount::ZERO; stacks.len()];
        hand.blinds_or_straddles = Some(vec![Amount::from_int(1); stacks.len()]);
        hand.min_bet = Some(Amount::from_int(2));
        hand.starting_stacks = stacks.into_iter().map(phh::Quantity::Finite).collect();
        hand.actions = actions;
        let text = phh::write_hand(&hand);
        let back = phh::parse_hand(&text);
        prop_assert_eq!(back.model.hand.as_ref(), Some(&hand), "{}", text);
        let json = serde_json::to_string(&hand).unwrap();
        let from_json: phh::Hand = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(from_json, hand);
    }
}

#[test]
fn stream_matches_parse_file_on_edge_texts() {
    for text in
        ["", "# only a comment\n\n", "#x\n[1]\nvariant = 'NT'\n", "#x\nvariant = 'NT'\n", "\n[a]\n[b]\n"]
    {
        let file = read(text);
        let streamed = read_buffered(text.as_bytes());
        assert_eq!(streamed, file, "{text:?}");
    }
}

proptest! {
    /// Arbitrary TOML-ish text never panics any reader, and every span lies inside the text.
    #[test]
    fn arbitrary_files_never_panic(text in "([\\[\\]{}'\"#=,.\\n\\t :_a-z0-9?-]|variant|actions|'NT'|\\[1\\]|inf|\"\"\"|'''|\\\\u00|é){0,120}") {
        for hands in [read(&text), read_general(&text), read_parallel(&text, 2)] {
            for h in hands {
                prop_assert!(h.span.end <= text.len());
                for d in &h.diagnostics {
                    prop_assert!(d.span().end <= text.len() && text.is_char_boundary(d.span().start));
                }
                for s in &h.model.action_spans {
                    prop_assert!(s.end <= text.len());
                }
            }
        }
        let _ = phh::edit::Editor::new(&text).map(|e| e.to_string());
    }
}
