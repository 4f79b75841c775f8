//! LIN reader and writers: any bytes read without panicking and are written back byte for byte;
//! boards that read without errors, written canonically, read back to the same deal, calls, cards
//! and claim; and LIN -> PBN -> LIN never panics and, when the LIN and the conversion report no
//! error, gives back boards with the same deal, dealer, vulnerability, calls, cards and claim,
//! less what the conversion says PBN has no place for (`bridge-convert/tests/shared.rs` compares
//! every tag on the real archives).
#![no_main]

use libfuzzer_sys::fuzz_target;

fn read(data: &[u8]) -> Vec<lin::Record> {
    let options = lin::Options::default();
    let checked = |record: std::io::Result<lin::Record>| {
        let mut record = record.expect("reading from memory cannot fail");
        lin::check(&mut record, &options);
        record
    };
    lin::Reader::from_slice(data, options).map(checked).collect()
}

fuzz_target!(|data: &[u8]| {
    let records = read(data);
    let mut out = Vec::with_capacity(data.len());
    for record in &records {
        lin::write::write_record(&mut out, record).expect("a Vec takes every write");
    }
    assert!(out == data, "not written back byte for byte");
    for pair in records.windows(2) {
        assert_eq!(pair[0].span.end, pair[1].span.start, "records do not cover the input");
    }

    if !records.iter().any(lin::Record::has_errors) {
        let mut writer = lin::Writer::new(Vec::new());
        let mut boards = Vec::new();
        for record in &records {
            writer.write_canonical(record).expect("a Vec takes every write");
            if let lin::Content::Board(b) = &record.model.content
                && !record.model.items.is_empty()
            {
                boards.push(b.as_ref().clone());
            }
        }
        let canonical = writer.into_inner().expect("a Vec takes every write");
        let again: Vec<lin::Board> =
            read(&canonical).iter().filter_map(|r| r.model.board().cloned()).collect();
        let key = |b: &lin::Board| {
            let calls: Vec<_> = b.auction.iter().map(|c| (c.call, c.alert, c.explanation.clone())).collect();
            let cards: Vec<_> = b.play.iter().map(|c| c.card).collect();
            (b.deal.map(|d| d.hands), b.dealer, b.vulnerability, calls, cards, b.claim)
        };
        let (a, b): (Vec<_>, Vec<_>) = (boards.iter().map(key).collect(), again.iter().map(key).collect());
        assert_eq!(a, b, "the canonical form reads back differently");
    }

    let pbn = bridge_convert::lin_to_pbn(data);
    let back = bridge_convert::pbn_to_lin(&pbn.text);
    let clean = !records.iter().any(lin::Record::has_errors)
        && !pbn.diagnostics.iter().any(cards_core::Diagnostic::is_error)
        && !back.diagnostics.iter().any(cards_core::Diagnostic::is_error);
    if clean {
        // What PBN has no place for, which the conversion says (FINDINGS F29): calls on a board
        // with no dealer.
        let said = |code: &str| pbn.diagnostics.iter().any(|d| d.code() == code);
        let in_pbn = |b: &lin::Board| {
            let mut b = b.clone();
            if b.dealer.is_none() && !b.auction.is_empty() {
                assert!(said(bridge_convert::codes::CONVERT_AUCTION_WITHOUT_DEALER), "calls lost silently");
                b.auction.clear();
            }
            b
        };
        // The board's play as the canonical check above sees it: deal, dealer, vulnerability,
        // calls with alerts and explanations, cards, claim (titles, players and other tags are
        // compared on the real archives by `bridge-convert/tests/shared.rs`; on any bytes a value
        // holding `|` is cut, F29).
        let key = |b: &lin::Board| {
            let b = cardnote_fuzz::lin_board_normal(b);
            let calls: Vec<_> = b.auction.iter().map(|c| (c.call, c.alert, c.explanation.clone())).collect();
            let cards: Vec<_> = b.play.iter().map(|c| c.card).collect();
            (b.deal.map(|d| d.hands), b.dealer, b.vulnerability, calls, cards, b.claim)
        };
        // A board whose play is empty (no deal, dealer, vulnerability, call, card or claim: players,
        // titles or other items alone) is left out on both sides: whether such a board survives
        // is a question of those items, which the real archives' comparison covers; the boards
        // without deal or number that hold any of the play are compared (F36, F37).
        let empty = key(&lin::Board::default());
        let boards = |rs: &[lin::Record], convert: &dyn Fn(&lin::Board) -> lin::Board| {
            rs.iter()
                .filter_map(|r| r.model.board())
                .map(|b| key(&convert(b)))
                .filter(|k| *k != empty)
                .collect::<Vec<_>>()
        };
        let again = read(back.text.as_bytes());
        assert_eq!(
            boards(&records, &in_pbn),
            boards(&again, &|b| b.clone()),
            "LIN -> PBN -> LIN changed a board\n{}\n{}",
            pbn.text,
            back.text
        );
    }
});
