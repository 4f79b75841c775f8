//! Every hand of the bundled PHH corpus (`corpus/phh/cases` and `corpus/phh/real`) drawn frame by
//! frame: one frame per action (and per repair), the last one's stacks those of the replay that
//! `cardnote check` runs, and a page with no request to any address. The last frame of each
//! file's first hand is a reviewed snapshot.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::Path;

use phh::replay::{RuleProfile, replay_hand};

fn hands(path: &Path) -> Vec<phh::Hand> {
    let bytes = std::fs::read(path).unwrap();
    cards_core::notation::read_checked::<phh::Phh, _>(bytes.as_slice(), phh::Options::default())
        .map(Result::unwrap)
        .filter(|r| !r.has_errors())
        .filter_map(|r| r.model.hand)
        .collect()
}

fn check_hand(path: &Path, hand: &phh::Hand) -> Vec<poker_diagram::Frame> {
    let frames = poker_diagram::frames(hand, RuleProfile::Pokerkit).unwrap();
    let repairs = frames.iter().filter(|f| f.repaired).count();
    let failed = frames.iter().any(|f| f.failed);
    if !failed {
        assert_eq!(frames.len(), hand.actions.len() + 1 + repairs, "{}", path.display());
    }
    let outcome = replay_hand(hand, &[], cards_core::Span::at(0), RuleProfile::Pokerkit);
    let last = frames.last().unwrap();
    let stacks: Vec<&str> = last.seats.iter().map(|s| s.stack.as_str()).collect();
    let number = |s: &str| {
        s.parse::<cards_core::Amount>().map_or_else(|_| s.to_owned(), |a| a.normalize().to_string())
    };
    let want: Vec<String> = outcome.finishing_stacks.iter().map(|s| number(s)).collect();
    let got: Vec<String> = stacks.iter().map(|s| number(s)).collect();
    if !failed && outcome.terminal {
        assert_eq!(got, want, "{}: the last frame's stacks are not the replay's", path.display());
    }
    frames
}

fn no_request(page: &str) {
    for marker in ["http://", "https://", "src=", "href=", "url(", "@import", "//cdn"] {
        assert!(!page.contains(marker), "the page asks for an address: `{marker}`");
    }
}

#[test]
fn first_hand_last_frame() {
    let mut count = 0;
    insta::glob!("../../../corpus/phh", "{cases,real/*}/*.phh*", |path| {
        let hands = hands(path);
        let mut shown = Vec::new();
        for (i, hand) in hands.iter().enumerate() {
            let frames = check_hand(path, hand);
            count += 1;
            shown.push(poker_diagram::HandFrames { title: format!("Hand {i}"), frames });
        }
        let page = poker_diagram::html_page("corpus", &shown);
        no_request(&page);
        let svg = shown.first().map_or_else(
            || "(no hand without errors)".to_owned(),
            |h| poker_diagram::svg(h.frames.last().unwrap()),
        );
        insta::assert_snapshot!(svg);
    });
    assert!(count >= 40, "only {count} hands drawn");
}
