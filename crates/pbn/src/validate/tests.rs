//! The checks' tests, each on a whole game read as the reader reads it.

use super::repeats::shape_hash;
use super::*;
use crate::Record;

fn read_str(text: &str, options: Options) -> Vec<Record> {
    cards_core::notation::read_checked::<crate::Pbn, _>(text.as_bytes(), options)
        .collect::<std::io::Result<_>>()
        .unwrap()
}

fn one(text: &str) -> Record {
    read_str(text, Options::default()).into_iter().next().unwrap()
}

/// PBN 2.1 §3.4.11: a deal gives four hands, `-` for a hand not given. Fewer fields are read
/// as hands not given, with a warning.
#[test]
fn fewer_than_four_hands_is_a_warning() {
    let deal_codes = |deal: &str| {
        let text = format!("[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"{deal}\"]\n");
        let r = one(&text);
        assert!(!r.has_errors(), "{deal}: {:?}", r.diagnostics);
        r.diagnostics.iter().map(|d| d.code().to_string()).collect::<Vec<_>>()
    };
    assert_eq!(deal_codes("N:"), [codes::DEAL_EMPTY_HAND]);
    assert_eq!(deal_codes("N:AKQJ.AKQ.AKQ.AKQ"), [codes::DEAL_EMPTY_HAND]);
    assert_eq!(deal_codes("N:- - -"), [codes::DEAL_EMPTY_HAND]);
    assert!(deal_codes("N:AKQJ.AKQ.AKQ.AKQ - - -").is_empty());
    assert!(deal_codes("N:- - - -").is_empty());
}

/// A double of one's own side's bid is cancelled (law 36): it cannot be redoubled, by either
/// side. PBN allowed the bidder's side to redouble it before the auction replay moved to
/// bridge-core (LIN allowed the other side); both notations now report both redoubles.
#[test]
fn a_redouble_of_an_inadmissible_double_is_reported() {
    let auction_codes = |calls: &str| {
        let text = format!("[Board \"1\"]\n[Dealer \"N\"]\n[Auction \"N\"]\n{calls}\n");
        let r = one(&text);
        r.diagnostics.iter().map(|d| (d.code().to_string(), d.message().to_string())).collect::<Vec<_>>()
    };
    let double = (codes::AUCTION_ILLEGAL_DOUBLE.to_string(), "a double that is not allowed here".to_string());
    let redouble =
        (codes::AUCTION_ILLEGAL_DOUBLE.to_string(), "a redouble that is not allowed here".to_string());
    // North bids, South doubles its partner's bid, North redoubles: the redouble was allowed.
    assert_eq!(auction_codes("1S Pass X Pass XX Pass Pass Pass"), [double.clone(), redouble.clone()]);
    assert_eq!(auction_codes("1S Pass X XX Pass Pass Pass"), [double, redouble]);
    // A redouble of the opponents' double stands.
    assert!(auction_codes("1S X XX Pass Pass Pass").is_empty());
}

/// The spec author's rubber score forms are valid, blanks around `/` included.
#[test]
fn rubber_score_forms() {
    for value in ["EW 300/40 NS 50 / 70", "NS 50/70", "120/0"] {
        let text = format!("[ScoreRubber \"{value}\"]\n");
        let r = one(&text);
        assert!(r.diagnostics.is_empty(), "{value}: {:?}", r.diagnostics);
    }
    assert!(one("[ScoreRubber \"NS 50 / x\"]\n").has_errors());
}

/// Warnings have one shape when only the digits and the letters inside back-quotes differ.
#[test]
fn warning_shapes() {
    let date = |v: &str| shape_hash(codes::BAD_DATE, &format!("date `{v}` is not YYYY.MM.DD"));
    assert_eq!(date("2-Aug-2023"), date("14-Sep-2024"));
    assert_ne!(date("2-Aug-2023"), date("2023-08-02"));
    assert_ne!(shape_hash(codes::BAD_DATE, "x"), shape_hash(codes::BAD_BOARD, "x"));
    let shape = |m: &str| shape_hash(codes::BAD_BOARD, m);
    // Outside back-quotes only digits fold; letters and other text count as written.
    assert_eq!(shape("board 3 of 7"), shape("board 17 of 200"));
    assert_ne!(shape("card x"), shape("card y"));
    assert_ne!(shape("card ♠"), shape("card ♥"));
    // Inside them letters fold too, beyond ASCII, and the order of the runs counts.
    assert_eq!(shape("`Café` at 3"), shape("`Cafe` at 4"));
    assert_eq!(shape("`2a`"), shape("`22bb`"));
    assert_ne!(shape("`2a`"), shape("`a2`"));
    assert_ne!(shape("`♠A`"), shape("`♥A`"));
    assert_ne!(shape("`a` b"), shape("`a b`"));
    // The order of the runs counts (separate writes to one hasher can commute), also past
    // the hash's chunk of 128 bytes.
    assert_ne!(shape("♠1"), shape("1♠"));
    let long = |a: &str, b: &str| shape(&format!("{}`{a}`{b}", "x".repeat(126)));
    assert_eq!(long("Aug", "3"), long("Sep", "17"));
    assert_ne!(long("Aug", "3"), long("3", "Aug"));
}

/// A rule broken the same way in every game is reported once, with the count at the end, also
/// under strict (a bad date is no producer's convention); a convention is an error in every
/// game under strict.
#[test]
fn repeated_warnings_are_counted_once_per_file() {
    let game = |n: u32| format!("[Board \"{n}\"]\n[Date \"{n}-Aug-2023\"]\n\n");
    let text: String = (1..=5).map(game).collect();
    let lenient: Vec<_> = read_str(&text, Options::default());
    let counts: Vec<usize> = lenient.iter().map(|r| r.diagnostics.len()).collect();
    assert_eq!(counts, [1, 0, 0, 0, 1]);
    assert!(lenient[4].diagnostics[0].message().starts_with("the same in 4 more games"));
    let strict: Vec<_> = read_str(&text, Options { strict: true });
    assert_eq!(strict, lenient);
    let game = |n: u32| format!("[Board \"{n}\"]\n[Contract \"3N\"]\n\n");
    let text: String = (1..=3).map(game).collect();
    let lenient: Vec<_> = read_str(&text, Options::default());
    assert_eq!(lenient.iter().map(|r| r.diagnostics.len()).collect::<Vec<_>>(), [1, 0, 1]);
    assert!(!lenient.iter().any(Record::has_errors));
    let strict: Vec<_> = read_str(&text, Options { strict: true });
    assert!(strict.iter().all(|r| r.diagnostics.iter().filter(|d| d.is_error()).count() == 1
        && r.diagnostics.iter().all(|d| d.code() == codes::NOTRUMP_AS_N)));
}

/// The PBN verifier's own correct file (`correct_10.pbn`) writes percentages with an empty
/// fraction; a number needs digits before the point.
#[test]
fn decimals_with_an_empty_fraction() {
    for value in ["0.", "100.", "100.0", "0.1000", "EW 50. NS 50.0", "-2.5"] {
        let text = format!("[ScorePercentage \"{value}\"]\n");
        let r = one(&text);
        assert!(r.diagnostics.is_empty(), "{value}: {:?}", r.diagnostics);
    }
    for value in [".5", "5..", "x.", "."] {
        let text = format!("[ScorePercentage \"{value}\"]\n");
        let r = one(&text);
        assert!(r.diagnostics.iter().any(|d| d.code() == codes::BAD_SCORE), "{value}");
    }
}

/// A deal whose hidden hands are `-` still has 13 tricks: six tricks shown in full are not
/// the whole play (the verifier's correct file: Result 9 after six tricks and a claim).
#[test]
fn hidden_hands_leave_thirteen_tricks() {
    let text = "[Deal \"W:- .63.AKQ987.A9732 - J973.J98742.3.K4\"]\n[Declarer \"S\"]\n[Contract \"5HX\"]\n\
                [Result \"9\"]\n[Play \"W\"]\nSK H3 S4 S3\nC5 C2 C6 CK\nS2 H6 S5 S7\nC8 CA CT C4\n\
                D2 DA DT D3\nD4 DK H5 H7\n- - - H2\n*\n";
    let r = one(text);
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    assert_eq!(r.model.info.tricks_by_play, None);
}

/// A teaching file's partial deal (`...` a hand not shown, `...K` one card of a hand shown)
/// reads with a warning, and the opening lead from the hand shown in part is not checked
/// against it; a short hand beside four given hands stays an error.
#[test]
fn partial_deals() {
    let text = "[Deal \"N:Q.J753.AK52.7642 ... A95.QT986.Q3.A83 ...K\"]\n[Declarer \"S\"]\n\
                [Contract \"4H\"]\n[Play \"W\"]\nCQ\n*\n";
    let r = one(text);
    let found: Vec<&str> = r.diagnostics.iter().map(Diagnostic::code).collect();
    assert_eq!(found, [codes::DEAL_PARTIAL]);
    let strict = read_str(text, Options { strict: true }).into_iter().next().unwrap();
    assert!(strict.has_errors());
    let r = one("[Deal \"N:Q.J753.AK52.7642 K... A95.QT986.Q3.A83 JT87.AK4.JT9.KQJ\"]\n");
    assert!(r.diagnostics.iter().any(|d| d.code() == codes::DEAL_HAND_SIZE), "{:?}", r.diagnostics);
}

#[test]
fn auction_outcome_and_declarer() {
    let r = one("[Dealer \"E\"]\n[Auction \"E\"]\n1H Pass 2C Pass\n2H Pass 4H X\nPass Pass XX AP\n");
    assert!(!r.has_errors(), "{:?}", r.diagnostics);
    let (contract, declarer) = r.model.info.auction_outcome.unwrap();
    assert_eq!(contract.export(), "4HXX");
    assert_eq!(declarer, Some(Compass::East));
}

#[test]
fn inheritance() {
    let text = "[Event \"##Club\"]\n[Site \"Here\"]\n\n[Site \"#\"]\n\n[Event \"Other\"]\n\n[Board \"4\"]\n";
    let records: Vec<_> = read_str(text, Options::default());
    assert_eq!(records[1].model.tag("Event"), Some("Club"));
    assert_eq!(records[1].model.tag("Site"), Some("Here"));
    assert_eq!(records[2].model.tag("Event"), Some("Other"));
    assert_eq!(records[3].model.tag("Event"), Some("Other"));
    assert_eq!(records[3].model.tag("Site"), None);
}

/// `#` repeats the latest value of the tag in any game before, not only the one just before,
/// for the tags the checks know (kept by name) and any other tag alike; a value set empty
/// is repeated empty.
#[test]
fn inheritance_takes_the_latest_value_of_any_game_before() {
    let text = "[Site \"Here\"]\n[Room \"Open\"]\n\n[Board \"1\"]\n\n[Site \"#\"]\n[Room \"#\"]\n\n\
                [Site \"\"]\n[Room \"\"]\n\n[Site \"#\"]\n[Room \"#\"]\n[Date \"#\"]\n";
    let records: Vec<_> = read_str(text, Options::default());
    assert_eq!(records[2].model.tag("Site"), Some("Here"));
    assert_eq!(records[2].model.tag("Room"), Some("Open"));
    assert_eq!(records[4].model.tag("Site"), Some(""));
    assert_eq!(records[4].model.tag("Room"), Some(""));
    assert_eq!(records[4].model.tag("Date"), Some(""));
}

/// Notes explain the section they follow; a repeated tag the reader ignores ends no section,
/// so a note given twice after it is a duplicate, as in the file written back without the
/// repeat (fuzz finding F28 in `fuzz/FINDINGS.md`).
#[test]
fn an_ignored_repeat_ends_no_section_of_notes() {
    let auction = "[Dealer \"N\"]\n[Auction \"N\"]\n1H =1= Pass Pass Pass\n[Note \"1: hearts\"]\n";
    let text = format!("{auction}[Dealer \"N\"]\n[Note \"1: again\"]\n");
    let repeated = one(&text);
    assert!(
        repeated.diagnostics.iter().any(|d| d.code() == codes::NOTE_DUPLICATE),
        "{:?}",
        repeated.diagnostics
    );
    let text = format!("{auction}[Event \"x\"]\n[Note \"1: of the event\"]\n");
    let other = one(&text);
    assert!(!other.diagnostics.iter().any(|d| d.code() == codes::NOTE_DUPLICATE), "{:?}", other.diagnostics);
}

/// A match's other table takes the board of the latest game before it whose Deal reads: a
/// game whose Deal does not read is passed over, however many boards wait to be read.
#[test]
fn other_table_takes_the_latest_board_that_reads() {
    const DEAL: &str = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432";
    for bad_ones in [1, MAX_PENDING_BOARDS, MAX_PENDING_BOARDS + 3] {
        let mut text = format!("[Board \"7\"]\n[Dealer \"E\"]\n[Deal \"{DEAL}\"]\n\n");
        for _ in 0..bad_ones {
            text.push_str("[Board \"8\"]\n[Deal \"N:AKQ\"]\n\n");
        }
        text.push_str("[Auction \"E\"]\nPass Pass Pass Pass\n");
        let records: Vec<_> = read_str(&text, Options::default());
        let last = records.last().map(|r| (r.model.info.board.as_deref(), r.model.info.dealer));
        assert_eq!(last, Some((Some("7"), Some(Compass::East))), "{bad_ones}");
        assert!(records.last().is_some_and(|r| r.diagnostics.iter().any(|d| d.code() == codes::OTHER_TABLE)));
    }
}

#[test]
fn known_tags() {
    let names: Vec<&str> = Known::MANDATORY.iter().map(|k| k.name()).collect();
    assert_eq!(names, crate::model::MANDATORY_TAGS);
    for k in
        Known::MANDATORY.iter().chain(&[Known::Auction, Known::Play, Known::Score, Known::ScoreRubberHistory])
    {
        assert_eq!(Known::of(k.name()), Some(*k));
        assert!((*k as usize) < Known::COUNT);
    }
    assert_eq!(Known::ScoreRubberHistory as usize, Known::COUNT - 1);
    assert_eq!(mandatory_rank("Result"), Some(14));
    assert_eq!(mandatory_rank("Play"), None);
}

#[test]
fn rubber_history() {
    assert_eq!(rubber_vulnerability("NS 0 0 / 0 EW 0 0 / 0"), Some(Vulnerability::None));
    assert_eq!(rubber_vulnerability("NS 0 0 / 100 0 EW 0 0 / 0 0"), Some(Vulnerability::NorthSouth));
    assert_eq!(rubber_vulnerability("NS 0 0 / 100 0 0 EW 0 0 / 0 100 0"), Some(Vulnerability::Both));
    assert_eq!(rubber_vulnerability("NS x"), None);
}

#[test]
fn robustness_findings() {
    // F2: a Latin-1 character inside a bad hand: spans stay on character boundaries.
    let bytes = b"[Board \"1\"]\n[Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.J\xffT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\n";
    let text = crate::decode(bytes).text;
    let r = one(&text);
    assert!(r.has_errors());
    for d in &r.diagnostics {
        assert!(text.is_char_boundary(d.span().start) && text.is_char_boundary(d.span().end), "{d:?}");
    }
    // F6: a score beyond 64 bits is reported.
    let r = one("[Score \"NS 340282366920938463463374607431768211457\"]\n");
    assert!(r.diagnostics.iter().any(|d| d.code() == codes::BAD_SCORE));
}
