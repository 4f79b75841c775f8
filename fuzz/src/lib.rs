//! Checks shared by the fuzz targets.

use cards_core::Diagnostic;

/// Every diagnostic's span lies inside `text` and on character boundaries, so any consumer can
/// slice `&text[span.range()]`.
pub fn assert_spans<'a>(text: &str, diagnostics: impl IntoIterator<Item = &'a Diagnostic>) {
    for d in diagnostics {
        assert!(
            d.span().start <= d.span().end && d.span().end <= text.len(),
            "{}: span {:?} past {}",
            d.code(),
            d.span(),
            text.len()
        );
        assert!(
            text.is_char_boundary(d.span().start) && text.is_char_boundary(d.span().end),
            "{}: span {:?} not on a char boundary",
            d.code(),
            d.span()
        );
    }
}

/// A LIN board with what a round trip through PBN may spell differently put in one form (the same
/// normalisation as `bridge-convert/tests/shared.rs`): card and call text (`s2`/`S2`, `P`/`p`),
/// `sv|0`/`sv|o`, the hand completed by the reader; and a line break in an explanation, which a
/// PBN `Note` (a tag value, one line) holds as a blank (FINDINGS F33).
#[must_use]
pub fn lin_board_normal(board: &lin::Board) -> lin::Board {
    let mut b = board.clone();
    for call in &mut b.auction {
        call.text.clear();
        call.span = cards_core::Span::default();
        if let Some(explanation) = &mut call.explanation {
            *explanation = explanation.replace(['\r', '\n'], " ");
        }
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

/// What every site-log reader must give on any bytes: record and diagnostic spans inside the
/// input; every imported hand replays (PokerKit rules) without a refusal of the engine (a
/// `REPLAY_…` error), and its PHH text reads back to the same hand. With `winnings`, the hand's
/// declared winnings agree with the replay too (no `PHH_WINNINGS_MISMATCH`: the PartyPoker and
/// Ignition readers refuse a payout short of the pot, FINDINGS F30; the other sites state their
/// rake, which is not yet compared with PHH's reading of a rake), and so do its declared finishing
/// stacks (no `PHH_FINISHING_STACKS_MISMATCH`: PHH reads a rake off every player who collected a
/// pot, FINDINGS F32). Returns how many hands were imported.
pub fn check_site_records(
    len: usize,
    records: impl IntoIterator<Item = sitelogs::Record>,
    winnings: bool,
) -> usize {
    let mut hands = 0;
    for record in records {
        assert!(
            record.span.start <= record.span.end && record.span.end <= len,
            "record span {:?}",
            record.span
        );
        for d in &record.diagnostics {
            assert!(
                d.span().start <= d.span().end && d.span().end <= len,
                "{}: span {:?}",
                d.code(),
                d.span()
            );
        }
        let Some(hand) = &record.hand else { continue };
        assert!(
            !record.diagnostics.iter().any(Diagnostic::is_error),
            "a hand with errors: {:?}",
            record.diagnostics
        );
        let outcome = phh::replay::replay_hand(
            hand,
            &[],
            cards_core::Span::default(),
            phh::replay::RuleProfile::Pokerkit,
        );
        let errors: Vec<_> = outcome
            .diagnostics
            .iter()
            .filter(|d| {
                d.is_error()
                    && (d.code().starts_with("REPLAY_")
                        || (winnings
                            && [phh::replay::WINNINGS_MISMATCH, phh::replay::FINISHING_STACKS_MISMATCH]
                                .contains(&d.code())))
            })
            .collect();
        assert!(errors.is_empty(), "an imported hand does not replay: {errors:?}\n{hand:?}");
        let text = phh::write_hand(hand);
        let back = phh::parse_hand(&text);
        assert_eq!(back.model.hand.as_ref(), Some(hand), "the PHH text reads back differently:\n{text}");
        hands += 1;
    }
    hands
}
