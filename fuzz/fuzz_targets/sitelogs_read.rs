//! Site log readers: any bytes read as PokerStars text and as ACPC `STATE` lines (under a limit,
//! a no-limit and the Pluribus game) without panicking, every record's span inside the input;
//! every hand imported is written back (PokerStars text, a `STATE` line) and reads back to the
//! same hand.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use sitelogs::{Options, acpc, pokerstars};

fn games() -> &'static [acpc::GameDef] {
    static GAMES: OnceLock<Vec<acpc::GameDef>> = OnceLock::new();
    GAMES.get_or_init(|| {
        let parse = |text: &str| acpc::GameDef::parse(text).expect("a corpus game definition");
        vec![
            parse(include_str!("../../corpus/sitelogs/acpc/real/3p.limit.h1000.r0.excerpt.game")),
            parse(include_str!("../../corpus/sitelogs/acpc/real/2p.nolimit.h1000.r0.excerpt.game")),
            acpc::GameDef::pluribus(),
        ]
    })
}

fn assert_span(record: &sitelogs::Record, len: usize) {
    assert!(record.span.start <= record.span.end && record.span.end <= len, "record span {:?}", record.span);
    for d in &record.diagnostics {
        assert!(d.span().start <= d.span().end && d.span().end <= len, "{}: span {:?}", d.code(), d.span());
    }
}

fuzz_target!(|data: &[u8]| {
    for record in pokerstars::Reader::new(data, Options::default()) {
        assert_span(&record, data.len());
        let Some(hand) = &record.hand else { continue };
        let text = pokerstars::write_hand(hand).expect("an imported hand is written");
        let again = pokerstars::Reader::from_str(&text, Options::default()).next().expect("one hand");
        assert_eq!(again.hand.as_ref(), Some(hand), "PokerStars text reads back differently:\n{text}");
    }
    for game in games() {
        for record in acpc::Reader::new(data, game, Options::default()) {
            assert_span(&record, data.len());
            let Some(hand) = &record.hand else { continue };
            let line = acpc::state_line(hand, game).expect("an imported hand is written");
            let again = acpc::Reader::from_str(&line, game, Options::default()).next().expect("one hand");
            assert_eq!(again.hand.as_ref(), Some(hand), "the STATE line reads back differently: {line}");
        }
    }
});
