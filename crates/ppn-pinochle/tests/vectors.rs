//! The digest's test vectors (§12) and worked checks (§11), one test per rule section, with the
//! exact spans of the diagnostics.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use cards_core::Diagnostic;
use ppn_pinochle::Options;

mod support;
use support::check_str;

const DEAL: &str =
    "E:ATTTQQJ.QQJJ.AQQQJ.TKQQ KQQJJ.TKKKKQ.AK.AATKQJJ TKJ.AAAATTJJ.AATTKJJ.KJ AAAKK.TQ.TTKKQJ.AATTKQJ";
const HOLDING: &str =
    "E:ATTTTKJQQJ.QQJ.AQJ.TKQQ KKQQJJ.TTKKKKQQ.K.TKQJJ .AAAATTJJJ.AATTKQQJJ.KJ AAAK..ATTKKQJ.AAAATTKQJ";
const DERIVED: &str =
    "N:TTTKK.TKJJ.ATKKJ.ATQQJJ AQQQJ.TQJ.AATQJJ.ATTTKK ATQJJ.TKKQQJ.ATTKQQQJ.Q AAKKJ.AAAATKQ.K.AAKKQJJ";

fn corpus(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/ppn-pinochle").join(name);
    std::fs::read_to_string(path).unwrap()
}

fn import(body: &str) -> String {
    format!("% PPN 1.0\n% IMPORT\n\n{body}")
}

fn diags(text: &str) -> Vec<Diagnostic> {
    check_str(text, &Options::default()).into_iter().flat_map(|r| r.diagnostics).collect()
}

fn codes(text: &str) -> Vec<String> {
    diags(text).into_iter().map(|d| d.code().to_owned()).collect()
}

/// The text a diagnostic points at.
fn at<'t>(text: &'t str, d: &Diagnostic) -> &'t str {
    &text[d.span().range()]
}

#[test]
fn p1_deal_valid() {
    assert!(codes(&import(&format!("[Dealer \"N\"]\n[Deal \"{DEAL}\"]\n"))).is_empty());
}

#[test]
fn p2_deal_first_seat() {
    let text = import(&format!("[Dealer \"E\"]\n[Deal \"{DEAL}\"]\n"));
    let d = diags(&text);
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].code(), "DEAL_FIRST_SEAT");
    assert_eq!(at(&text, &d[0]), "E");
    assert!(d[0].message().contains(", S"), "{}", d[0].message());
}

#[test]
fn p3_holding_as_printed_is_hand_syntax() {
    let text = import(&format!("[Dealer \"N\"]\n[Holding \"{HOLDING}\"]\n"));
    let d = diags(&text);
    assert_eq!(codes(&text), ["HAND_SYNTAX"]);
    // The first Q after the J in East's clubs `ATTTTKJQQJ`.
    let start = text.find("ATTTTKJ").unwrap() + 7;
    assert_eq!(d[0].span().range(), start..start + 1);
}

#[test]
fn p4_passed_makes_holding() {
    let holding = HOLDING.replace("ATTTTKJQQJ", "ATTTTKQQJJ");
    let text = import(&format!(
        "[Dealer \"N\"]\n[Deal \"{DEAL}\"]\n[Passed \"E:.J.QQ. ..A.AA TKJ... K.TQ..\"]\n[Holding \"{holding}\"]\n"
    ));
    assert!(codes(&text).is_empty(), "{:?}", diags(&text));
    // A card passed that was never dealt breaks the equation for both partners.
    let text = text.replace("TKJ...", "AKJ...");
    assert_eq!(codes(&text), ["HOLDING_MISMATCH", "HOLDING_MISMATCH"]);
}

#[test]
fn p5_melds_as_printed() {
    let text = import("[Melds \"N:QQ.KQQ.QQ.QQJJ(94) K.ATKQJ.KQ.KQ(27) J.J.J.J(4) KQ.ATKQJ(17)\"]\n");
    let d = diags(&text);
    assert_eq!(codes(&text), ["MELDS_SYNTAX"]);
    assert_eq!(at(&text, &d[0]), "KQ.ATKQJ");
}

#[test]
fn p6_meld_value_north_first() {
    let text = import(
        "[Trump \"H\"]\n[Melds \"N:QQ.KQQ.QQ.QQJJ(94) K.ATKQJ.KQ.KQ(27) J.J.J.J(4) KQ.ATKQJ..(17)\"]\n",
    );
    let d = diags(&text);
    assert_eq!(d[0].code(), "MELD_VALUE");
    assert_eq!(at(&text, &d[0]), "QQ.KQQ.QQ.QQJJ(94)");
    assert!(d[0].message().contains("62"));
    // South's jacks around (4) is right; E and W are not.
    assert_eq!(codes(&text), ["MELD_VALUE", "MELD_VALUE", "MELD_VALUE"]);
}

#[test]
fn p7_play_with_hearts() {
    let text = corpus("spec/p07-play-hearts.ppn");
    let d = diags(&text);
    assert_eq!(d[0].code(), "TRUMP_WITHOUT_MARRIAGE");
    assert_eq!(d[1].code(), "WRONG_TRICK_WINNER");
    assert_eq!(at(&text, &d[1]), "(S3)");
    assert!(d[1].message().contains("trick 4 is won by W"));
    // §11.5: wrong annotations at tricks 4 9 12 13 14 16 17 18 19, trumping broken at 12 14 18.
    let winners: Vec<String> = d
        .iter()
        .filter(|d| d.code() == "WRONG_TRICK_WINNER")
        .map(|d| d.message().split_whitespace().nth(1).unwrap().to_owned())
        .collect();
    assert_eq!(winners, ["4", "9", "12", "13", "14", "16", "17", "18", "19"]);
    let trumping: Vec<&str> = d
        .iter()
        .filter(|d| d.code() == "FAILED_TO_TRUMP")
        .map(|d| d.message().split(':').next().unwrap())
        .collect();
    assert_eq!(trumping, ["trick 12", "trick 14", "trick 14", "trick 18", "trick 18"]);
}

#[test]
fn p8_play_with_spades_is_valid_and_playscores_checked() {
    let text = corpus("valid/spec-play-spades.ppn");
    let reports = check_str(&text, &Options::default());
    assert!(reports[0].diagnostics.is_empty(), "{:?}", reports[0].diagnostics);
    assert_eq!(reports[0].summary.play_scores, Some(vec![26, 24]));
    let text = corpus("spec/p08-playscores.ppn");
    let d = diags(&text);
    assert_eq!(codes(&text), ["PLAYSCORES"]);
    assert_eq!(at(&text, &d[0]), "31:0");
}

#[test]
fn p9_auction() {
    let auction = "[Auction \"E\"]\nPass 52 59 60\n- Pass 65 70\n- - Pass\n";
    let reports = check_str(&import(&format!("[Dealer \"N\"]\n{auction}")), &Options::default());
    assert!(reports[0].diagnostics.is_empty());
    assert_eq!(reports[0].summary.declarer, Some(ppn_pinochle::PinochleSeat::North));
    assert_eq!(reports[0].summary.contract, Some(70));
    let text = import(&format!("[Dealer \"N\"]\n[Declarer \"W\"]\n[Contract \"65\"]\n{auction}"));
    let d = diags(&text);
    assert_eq!(codes(&text), ["DECLARER_MISMATCH", "CONTRACT_MISMATCH"]);
    assert_eq!(at(&text, &d[0]), "W");
    assert_eq!(at(&text, &d[1]), "65");
}

#[test]
fn p10_trump_dash_with_marriage() {
    let text = import(&format!("[Dealer \"W\"]\n[Deal \"{DERIVED}\"]\n[Declarer \"S\"]\n[Trump \"-\"]\n"));
    assert_eq!(codes(&text), ["TRUMP_DASH_WITH_MARRIAGE"]);
    // A marriage in the trump suit is required (§5).
    let text = text.replace("[Trump \"-\"]", "[Trump \"H\"]");
    assert_eq!(codes(&text), ["TRUMP_WITHOUT_MARRIAGE"]);
    let text = text.replace("[Trump \"H\"]", "[Trump \"D\"]");
    assert!(codes(&text).is_empty());
}

#[test]
fn p11_score_arity() {
    let text = import("[GameScores \"26:9:71\"]\n");
    let d = diags(&text);
    assert_eq!(codes(&text), ["SCORE_ARITY"]);
    assert_eq!(at(&text, &d[0]), "26:9:71");
}

#[test]
fn p12_kitty_not_in_variant() {
    let text = import("[Kitty \"SK H9 CT\"]\n");
    let d = diags(&text);
    assert_eq!(codes(&text), ["NOT_IN_VARIANT"]);
    assert!(!d[0].is_error());
}

#[test]
fn grammar_headers_tags_sections() {
    // §1: headers, escaped quotes, the 255-character limit, comments anywhere.
    assert_eq!(codes("[Dealer \"N\"]\n"), ["MISSING_NOTATION_HEADER", "MISSING_FORMAT_HEADER"]);
    let text = import("[Event \"a \\\"quoted\\\" name\"] {c}\n");
    let parsed = ppn_pinochle::read_file(&text);
    assert_eq!(parsed.hands[0].tag("Event").unwrap().value, "a \"quoted\" name");
    let long = format!("[Note \"{}\"]\n", "x".repeat(246));
    assert!(codes(&import(&long)).is_empty(), "255 characters is fine");
    let long = format!("[Note \"{}\"]\n", "x".repeat(247));
    assert_eq!(codes(&import(&long)), ["LINE_TOO_LONG"]);
    // Segmental tags only on Annotator, Chat, Note, seats and seat types.
    assert!(
        codes(&import("@P.19.3-R=[Chat \"N:gg\"]\n@M-P=[Note \"n\"]\n@A.3.2-M=[East \"x\"]\n")).is_empty()
    );
    assert_eq!(codes(&import("@P-R=[Contract \"50\"]\n")), ["SEGMENT_NOT_ALLOWED"]);
}

#[test]
fn inheritance_over_many_hands() {
    let text = import(
        "[Site \"##Club\"]\n[Dealer \"N\"]\n\n[Dealer \"#\"]\n\n[Site \"Other\"]\n[Dealer \"E\"]\n\n[Dealer \"S\"]\n",
    );
    let reports = check_str(&text, &Options::default());
    assert!(reports.iter().all(|r| r.diagnostics.is_empty()));
    assert_eq!(reports[1].summary.dealer, Some(ppn_pinochle::PinochleSeat::North));
    // EXPORT roster: Site is implied by `##` in hand 2, but not after hand 3 changed it (no `##`).
    let export = text.replace("% IMPORT", "% EXPORT\n%");
    let reports = check_str(&export, &Options::default());
    let has_site_missing = |i: usize| {
        reports[i].diagnostics.iter().any(|d| d.code() == "MISSING_TAG" && d.message().contains("`Site`"))
    };
    assert!(!has_site_missing(0) && !has_site_missing(1) && !has_site_missing(2) && has_site_missing(3));
    assert_eq!(codes(&import("[Dealer \"#\"]\n")), ["INHERIT_NOTHING"]);
}

#[test]
fn auction_rules() {
    let run = |lines: &str| codes(&import(&format!("[Dealer \"N\"]\n[Auction \"E\"]\n{lines}")));
    assert!(run("Pass 52 59 60\n- Pass 65 70\n- - Pass\n").is_empty());
    assert_eq!(run("Pass 52 52 60\n- Pass 65 70\n- - Pass\n"), ["BID_NOT_HIGHER"]);
    assert_eq!(run("Pass 49 59 60\n- Pass 65 70\n- - Pass\n"), ["BID_BELOW_MINIMUM"]);
    assert_eq!(run("Pass 52 59 60\n- Pass 65 70\n- - Pass Pass\n"), ["AUCTION_AFTER_END"]);
    assert_eq!(run("Pass Pass Pass Pass\n"), ["AUCTION_ALL_PASS"]);
    // The minimum bid is an option.
    let text = import("[Dealer \"N\"]\n[Auction \"E\"]\nPass 45 Pass Pass\n");
    let opts = Options { min_bid: 40, ..Options::default() };
    assert!(check_str(&text, &opts)[0].diagnostics.is_empty());
}

#[test]
fn play_rules_and_switchable_heading() {
    let pre = format!(
        "[Dealer \"W\"]\n[Deal \"{DERIVED}\"]\n[Declarer \"S\"]\n[Trump \"S\"]\n[Termination \"-:Abandoned\"]\n"
    );
    // W holds AAKK in clubs and plays the jack under a jack: fails to head.
    let text = import(&format!("{pre}[Play \"S\"]\nCJ CJ CK CA (E2)\n*\n"));
    assert_eq!(codes(&text), ["FAILED_TO_HEAD"]);
    let lenient = Options { must_head: false, ..Options::default() };
    assert!(check_str(&text, &lenient)[0].diagnostics.is_empty());
    // Identical cards: the first played wins (N's CK after... E's CA wins over nothing here).
    let text = import(&format!("{pre}[Play \"S\"]\nCA CJ CK CJ (S2)\n*\n"));
    assert!(codes(&text).is_empty());
    // The last trick carries 2 extra points (§7): P8's trick 20 `SQ DQ SJ SJ (S2)`.
    let text = corpus("valid/spec-play-spades.ppn").replace("SQ DQ SJ SJ (S2)", "SQ DQ SJ SJ (S0)");
    assert_eq!(codes(&text), ["WRONG_TRICK_POINTS"]);
}

#[test]
fn result_and_hand_scores() {
    let base = corpus("valid/spec-play-spades.ppn");
    // Meld 29 + 26 counters covers 55 but not 56.
    let text = base
        .replace("[Contract \"50\"]", "[Contract \"56\"]")
        .replace("Pass Pass 50 Pass", "Pass Pass 56 Pass");
    assert_eq!(codes(&text), ["RESULT", "HANDSCORES"]);
    let text = text
        .replace("[Result \"Saved\"]", "[Result \"Set\"]")
        .replace("[HandScores \"55:24\"]", "[HandScores \"-56:24\"]");
    assert!(codes(&text).is_empty(), "{:?}", diags(&text));
}

#[test]
fn export_roster_and_order() {
    let base = corpus("valid/spec-play-spades.ppn");
    let text = base.replace("[Trump \"S\"]\n", "");
    let d = diags(&text);
    assert_eq!(d[0].code(), "MISSING_TAG");
    assert!(d[0].message().contains("`Trump`"));
    // IMPORT has no mandatory tags.
    let text = text.replace("% EXPORT", "% IMPORT");
    assert!(!codes(&text).contains(&"MISSING_TAG".to_owned()));
    // The EXPORT writer puts the roster in order.
    let text = corpus("invalid/tag-order.ppn");
    assert_eq!(codes(&text), ["TAG_ORDER"]);
    let canonical =
        ppn_pinochle::write::write(&ppn_pinochle::write::to_export(&ppn_pinochle::read_file(&text)));
    assert!(codes(&canonical).is_empty(), "{canonical}");
    assert!(canonical.starts_with("% PPN 1.0\n% EXPORT\n%\n\n[Site "));
    // The IMPORT writer only changes the format header.
    let import = ppn_pinochle::write::write(&ppn_pinochle::write::to_import(&ppn_pinochle::read_file(&text)));
    assert!(import.starts_with("% PPN 1.0\n% IMPORT\n"));
    assert!(codes(&import).is_empty(), "IMPORT has no roster");
}

#[test]
fn spans_stay_on_character_boundaries() {
    for text in [
        import("[Deal \"N:é...\"]\n"),
        import("[Melds \"N:♠(4) ...(0) ...(0) ...(0)\"]\n"),
        import("[Site é\"x\"]\n"),
        import("[Auction \"N\"]\nPass é\n"),
    ] {
        for d in diags(&text) {
            assert!(text.get(d.span().range()).is_some(), "{d}");
            let _ = d.display("x.ppn", &text).to_string();
        }
    }
}

/// The hand of `valid/game-synth-48.ppn` numbered `n`, as an IMPORT record.
fn synth_hand(n: usize) -> String {
    let game = corpus("valid/game-synth-48.ppn");
    let block = game.split("\n\n").find(|b| b.contains(&format!("[Hand \"{n}\"]"))).unwrap();
    import(&format!("{block}\n"))
}

#[test]
fn counters_below_twenty_freeze_and_set() {
    // Hand 3: N/S declare 65 with 37 meld but take 14 counters: PlayScores 0:36, Set, and E/W
    // score their meld plus counters.
    let text = synth_hand(3);
    let reports = check_str(&text, &Options::default());
    assert!(reports[0].diagnostics.is_empty(), "{:?}", reports[0].diagnostics);
    assert_eq!(reports[0].summary.play_scores, Some(vec![0, 36]));
    assert_eq!(reports[0].summary.hand_scores, Some(vec![-65, 58]));
    // Even when the meld alone covers the bid, fewer than 20 counters is a set (§8).
    let text = text
        .replace("[Contract \"65\"]", "[Contract \"50\"]")
        .replace("[HandScores \"-65:58\"]", "[HandScores \"51:58\"]")
        .replace("[Result \"Set\"]", "[Result \"Saved\"]");
    let text = text[..text.find("[Auction").unwrap()].to_owned() + &text[text.find("[Play \"").unwrap()..];
    assert_eq!(codes(&text), ["RESULT", "HANDSCORES"]);
    let d = diags(&text);
    assert!(d[1].message().contains("-50:58"), "{}", d[1].message());
}

#[test]
fn no_trump_hand() {
    // Hand 10: E won at 59 without a marriage: Trump "-", No Trump, E/W lose the bid.
    let text = synth_hand(10);
    let reports = check_str(&text, &Options::default());
    assert!(reports[0].diagnostics.is_empty(), "{:?}", reports[0].diagnostics);
    assert_eq!(reports[0].summary.result.map(|r| r.as_str()), Some("No Trump"));
    let wrong = text.replace("[Result \"No Trump\"]", "[Result \"Set\"]");
    assert_eq!(codes(&wrong), ["RESULT"]);
    let wrong = text.replace("[HandScores \"0:-59\"]", "[HandScores \"0:0\"]");
    assert_eq!(codes(&wrong), ["HANDSCORES"]);
}

#[test]
fn check_order() {
    // Errors come in the digest's order (§9) whatever the order of the tags.
    let text = corpus("valid/spec-play-spades.ppn")
        .replace("[HandScores \"55:24\"]", "[HandScores \"55:25\"]")
        .replace("[MeldScores \"29:0\"]", "[MeldScores \"29:1\"]")
        .replace("[Declarer \"S\"]", "[Declarer \"N\"]")
        .replace("CA CJ CK CJ (S2)", "CA CJ CK CJ (S3)");
    assert_eq!(
        codes(&text),
        [
            "DECLARER_MISMATCH",
            "TRUMP_WITHOUT_MARRIAGE",
            "MELDSCORES",
            "PLAY_LEADER_NOT_DECLARER",
            "WRONG_TRICK_POINTS",
            "HANDSCORES"
        ]
    );
}

#[test]
fn one_wrong_annotation_is_reported_once() {
    let base = corpus("valid/spec-play-spades.ppn");
    for (from, to) in [("CA CK CA CJ (W3)", "CA CK CA CJ (N3)"), ("DT ST DK DK (E4)", "DT ST DK DK (S4)")] {
        let text = base.replace(from, to);
        let d = diags(&text);
        assert_eq!(codes(&text), ["WRONG_TRICK_WINNER"], "{d:?}");
        assert_eq!(at(&text, &d[0]), &to[12..]);
        // Without the deal, the rules' winner leads next as well.
        let start = text.find("[Deal ").unwrap();
        let end = start + text[start..].find('\n').unwrap() + 1;
        let no_deal = format!("{}{}", &text[..start], &text[end..]).replace("% EXPORT", "% IMPORT");
        assert_eq!(codes(&no_deal), ["WRONG_TRICK_WINNER"], "{:?}", diags(&no_deal));
    }
}

#[test]
fn hand_syntax_spans_on_multibyte_text() {
    for value in [
        "N:[é...",
        "N:Aé... ",
        "N:é",
        "N:A.é..",
        "N:....é",
        "N:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAé...",
    ] {
        let text = import(&format!("[Deal \"{value}\"]\n[Melds \"{value}\"]\n[Holding \"{value}\"]\n"));
        for d in diags(&text) {
            assert!(text.get(d.span().range()).is_some(), "{d} in {value}");
        }
    }
}
