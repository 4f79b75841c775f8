//! Tests over the real files in `<repo root>/../shared/corpus/pbn` (skipped when absent, failing
//! when `CARDNOTE_REQUIRE_SHARED=1`):
//! every file is read, the spec author's `errors_*` files give errors and `correct_*` none, the
//! import-style and export writers round-trip, the reading agrees with the endplay oracle
//! where the oracle is right, and every file reads as its content deserves (errors only where
//! listed, with the codes listed).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use pbn::model::{Item, Token};
use pbn::summary::summarize;
use pbn::{Options, Record};

/// Reads and checks every game of `text` on the one path (`pbn::Pbn`).
fn read_str(text: &str, options: pbn::Options) -> Vec<pbn::Record> {
    cards_core::notation::read_checked::<pbn::Pbn, _>(text.as_bytes(), options)
        .collect::<std::io::Result<_>>()
        .unwrap()
}

/// The shared corpus folder and its `.pbn` files, in path order.
fn corpus() -> Option<(PathBuf, Vec<PathBuf>)> {
    let pbn = shared_fixtures::dir("corpus/pbn")?;
    let files = shared_fixtures::files(&pbn, |p| p.extension().is_some_and(|e| e == "pbn"));
    Some((shared_fixtures::path("corpus"), files))
}

fn read(text: &str) -> Vec<Record> {
    read_str(text, Options::default())
}

#[test]
fn every_file_reads_and_spec_tests_agree() {
    let Some((_, files)) = corpus() else { return };
    assert_eq!(files.len(), 36);
    let mut games = 0;
    let mut deals = 0;
    let mut errors = 0;
    let mut warnings = 0;
    for path in &files {
        let decoded = pbn::decode(&std::fs::read(path).unwrap());
        let records = read(&decoded.text);
        games += records.iter().filter(|r| r.model.is_game).count();
        deals += records.iter().filter(|r| r.model.info.deal.is_some()).count();
        let e: usize = records.iter().map(|r| r.diagnostics.iter().filter(|d| d.is_error()).count()).sum();
        let w: usize = records.iter().map(|r| r.diagnostics.iter().filter(|d| !d.is_error()).count()).sum();
        errors += e;
        warnings += w;
        let name = path.file_name().unwrap().to_string_lossy();
        if name.starts_with("errors_") {
            assert!(e > 0, "{name} must show errors");
        }
        if name.starts_with("correct_") {
            assert_eq!(
                e,
                0,
                "{name} must have no errors: {:#?}",
                records.iter().flat_map(|r| &r.diagnostics).collect::<Vec<_>>()
            );
        }
    }
    println!("36 files: {games} games, {deals} deals, {errors} errors, {warnings} warnings");
    // 3,866 Deal tags, 136 of them empty.
    assert!(deals >= 3700, "{deals}");
}

#[test]
fn errors_files_show_the_errors_they_were_written_for() {
    let Some((root, _)) = corpus() else { return };
    let dir = root.join("pbn/timheilman__bridge-pbn/spec/resource/reference_impl_tests");
    let codes = |file: &str| -> Vec<String> {
        let decoded = pbn::decode(&std::fs::read(dir.join(file)).unwrap());
        read(&decoded.text)
            .iter()
            .flat_map(|r| r.diagnostics.iter().filter(|d| d.is_error()).map(|d| d.code().to_owned()))
            .collect()
    };
    let e20 = codes("errors_20.pbn");
    for code in [
        "BAD_SCORING",
        "RUBBER_VULNERABILITY",
        "PLAY_AFTER_CONTINUE",
        "AUCTION_AFTER_CONTINUE",
        "UNTERMINATED_STRING",
        "TABLE_BAD_HEADER",
        "TABLE_COMMENT",
        "TABLE_BAD_ELEMENT",
        "TABLE_MISSING_ELEMENTS",
    ] {
        assert!(e20.iter().any(|c| c == code), "errors_20.pbn lacks {code}: {e20:?}");
    }
    assert_eq!(e20.iter().filter(|c| *c == "RUBBER_VULNERABILITY").count(), 4);
    let e21 = codes("errors_21.pbn");
    assert_eq!(e21, ["BAD_OPTIMUM_SCORE", "BAD_OPTIMUM_SCORE"]);
}

/// Tokens without spans.
fn tokens(r: &Record) -> Vec<(String, String, bool)> {
    let mut out = Vec::new();
    for item in &r.model.tokens().items {
        match item {
            Item::Line(l) => out.push(("line".into(), l.text.to_owned(), true)),
            Item::Invalid(t) => out.push(("invalid".into(), t.text.to_owned(), t.line_start)),
            Item::Comment(c) => out.push((format!("{:?}", c.kind), c.text.to_owned(), c.line_start)),
            Item::Tag(t) => {
                out.push((format!("tag {}", t.name), t.raw_value.to_owned(), t.line_start));
                out.extend(
                    t.data
                        .iter()
                        .map(|x: &Token<'_>| (format!("{:?}", x.kind), x.text.to_owned(), x.line_start)),
                );
            }
        }
    }
    out
}

#[test]
fn import_writer_round_trips_every_file() {
    let Some((_, files)) = corpus() else { return };
    let mut same = 0usize;
    let identical = &mut same;
    for path in &files {
        let decoded = pbn::decode(&std::fs::read(path).unwrap());
        let records = read(&decoded.text);
        let eol = if decoded.text.contains("\r\n") { "\r\n" } else { "\n" };
        let written = pbn::write::write_import(records.iter().map(|r| &r.model), eol);
        // With the source, the layout is kept too: most files come back byte for byte.
        let faithful = pbn::write::write_import_from(records.iter().map(|r| &r.model), eol);
        let again_faithful = read(&faithful);
        assert_eq!(records.len(), again_faithful.len(), "{}", path.display());
        for (a, b) in records.iter().zip(&again_faithful) {
            assert_eq!(tokens(a), tokens(b), "{}", path.display());
        }
        if faithful == decoded.text {
            *identical += 1;
        }
        let again = read(&written);
        assert_eq!(records.len(), again.len(), "{}", path.display());
        for (a, b) in records.iter().zip(&again) {
            assert_eq!(tokens(a), tokens(b), "{}", path.display());
            assert_eq!(summarize(&a.model), summarize(&b.model), "{}", path.display());
            // The writer puts the empty line a game was missing.
            let codes = |r: &Record| {
                r.diagnostics
                    .iter()
                    .map(|d| d.code())
                    .filter(|c| *c != "MISSING_GAME_SEPARATOR")
                    .collect::<Vec<_>>()
            };
            assert_eq!(codes(a), codes(b), "{}", path.display());
        }
    }
    println!("import writer with source: {same} of {} files byte for byte", files.len());
}

#[test]
fn export_writer_round_trips_every_file() {
    let Some((_, files)) = corpus() else { return };
    for path in &files {
        let decoded = pbn::decode(&std::fs::read(path).unwrap());
        let records = read(&decoded.text);
        let export = pbn::write::write_export(&records);
        let again = read(&export);
        let games: Vec<&Record> = records.iter().filter(|r| r.model.is_game).collect();
        let games_again: Vec<&Record> = again.iter().filter(|r| r.model.is_game).collect();
        assert_eq!(games.len(), games_again.len(), "{}", path.display());
        for (a, b) in games.iter().zip(&games_again) {
            let (sa, mut sb) = (summarize(&a.model), summarize(&b.model));
            // Export adds the mandatory tags that were missing, as "?" or "".
            sb.tags.retain(|(n, v)| {
                sa.tags.iter().any(|(m, _)| m == n)
                    || !(pbn::model::MANDATORY_TAGS.contains(&n.as_str()) && (v == "?" || v.is_empty()))
            });
            if sa != sb {
                let (da, db) = (format!("{sa:#?}"), format!("{sb:#?}"));
                let diff: Vec<String> = da
                    .lines()
                    .zip(db.lines())
                    .filter(|(x, y)| x != y)
                    .take(6)
                    .map(|(x, y)| format!("- {x}\n+ {y}"))
                    .collect();
                panic!("{}: export changes the game:\n{}", path.display(), diff.join("\n"));
            }
            for d in &b.diagnostics {
                assert!(
                    !matches!(d.code(), "EXPORT_FORMAT" | "LINE_TOO_LONG"),
                    "{}: export output breaks export rules: {d:?}",
                    path.display()
                );
            }
        }
        // Idempotent.
        assert_eq!(pbn::write::write_export(&again), export, "{}", path.display());
        for line in export.split("\r\n") {
            assert!(
                line.chars().count() + 2 <= 255 || line.starts_with(';'),
                "long line in {}",
                path.display()
            );
            assert!(!line.contains('\n'), "bare LF in {}", path.display());
        }
    }
}

/// The files endplay (the oracle) fails to read, with its error: excused by name, so a file that
/// starts failing or stops failing there shows here.
const ENDPLAY_FAILS: [(&str, &str); 12] = [
    ("Rick-Wilson__Baker-Bridge/Package/Squeeze.pbn", "ValueError"),
    ("Rick-Wilson__bridge-wrangler/tests/fixtures/input/ABS2-2 - 4x9.pbn", "IndexError"),
    ("Rick-Wilson__pbn-to-pdf/tests/fixtures/ABS2-2 Promotion and Length exercises.pbn", "ValueError"),
    ("Rick-Wilson__pbn-to-pdf/tests/fixtures/ABS2-4 Ruffing and Discarding practice deals.pbn", "IndexError"),
    ("Rick-Wilson__pbn-to-pdf/tests/fixtures/Limit Raise of 1M.pbn", "ValueError"),
    ("Rick-Wilson__pbn-to-pdf/tests/fixtures/Negative Doubles practice deals - NS.pbn", "IndexError"),
    ("Rick-Wilson__pbn-to-pdf/tests/fixtures/Precision 1C Auctions with Notes.pbn", "ValueError"),
    ("Rick-Wilson__pbn-to-pdf/tests/fixtures/Stayman.pbn", "ValueError"),
    (
        "jarekczek__pbntools/test/test_10_bbo_www_annamar_1538_php/annamar_1538_pairs_untitled.pbn",
        "AttributeError",
    ),
    ("timheilman__bridge-pbn/spec/resource/reference_impl_tests/correct_20.pbn", "KeyError"),
    ("timheilman__bridge-pbn/spec/resource/reference_impl_tests/correct_21.pbn", "ValueError"),
    ("timheilman__bridge-pbn/spec/resource/reference_impl_tests/errors_20.pbn", "PBNDecodeError"),
];

/// Compares with endplay's reading, field by field, wherever endplay's value does not come from
/// our own reading: a tag endplay read itself (dealer, vulnerability, contract, declarer, result),
/// the hands of every deal (two-hand deals, which endplay seats wrongly, by their hands), and the
/// counts of calls and cards. Every file of the corpus is either compared or named in
/// [`ENDPLAY_FAILS`]; agreement is required except for the known endplay misreadings, and the
/// agreement counts are asserted, so a comparison that silently stops comparing fails.
#[test]
fn agrees_with_the_endplay_oracle() {
    let Some((root, files)) = corpus() else { return };
    let oracle = std::fs::read_to_string(root.join("pbn-oracle.jsonl")).unwrap();
    let mut by_file: BTreeMap<String, Vec<serde_json::Value>> = BTreeMap::new();
    let mut failed: BTreeMap<String, String> = BTreeMap::new();
    for line in oracle.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let file = v["file"].as_str().unwrap().to_owned();
        if v.get("index").is_some() {
            by_file.entry(file).or_default().push(v);
        } else {
            let error = v["error"].as_str().unwrap_or("");
            failed.insert(file, error.split(':').next().unwrap_or("").to_owned());
        }
    }
    let excused: BTreeMap<String, String> =
        ENDPLAY_FAILS.iter().map(|(f, e)| ((*f).to_owned(), (*e).to_owned())).collect();
    assert_eq!(failed, excused, "the files endplay fails on");
    let corpus_files: BTreeSet<String> = files
        .iter()
        .map(|p| p.strip_prefix(root.join("pbn")).unwrap().to_string_lossy().replace('\\', "/"))
        .collect();
    let oracle_files: BTreeSet<String> = by_file.keys().chain(failed.keys()).cloned().collect();
    assert!(oracle_files.is_subset(&corpus_files), "{:?}", oracle_files.difference(&corpus_files));
    // A file the oracle does not list must hold no game (endplay lists none for an empty file).
    for missing in corpus_files.difference(&oracle_files) {
        let decoded = pbn::decode(&std::fs::read(root.join("pbn").join(missing)).unwrap());
        assert!(
            !read(&decoded.text).iter().any(|r: &pbn::Record| r.model.is_game),
            "{missing}: games endplay did not read"
        );
    }
    assert_eq!(corpus_files.len() - oracle_files.len(), 1, "only the empty file is not in the oracle");
    let mut agree: BTreeMap<&str, usize> = BTreeMap::new();
    let mut known: BTreeMap<&str, usize> = BTreeMap::new();
    let mut unexplained = Vec::new();
    for (file, rows) in &by_file {
        let decoded = pbn::decode(&std::fs::read(root.join("pbn").join(file)).unwrap());
        let records = read(&decoded.text);
        let games: Vec<&Record> = records.iter().filter(|r| r.model.is_game).collect();
        assert_eq!(games.len(), rows.len(), "{file}: game count");
        for (i, (r, o)) in games.iter().zip(rows).enumerate() {
            assert_eq!(o["index"].as_u64(), Some(i as u64), "{file}: the oracle's rows in order");
            let info = &r.model.info;
            let mut check = |field: &'static str,
                             ours: String,
                             theirs: String,
                             known_wrong: Option<&'static str>| {
                if ours == theirs {
                    *agree.entry(field).or_default() += 1;
                } else if let Some(why) = known_wrong {
                    *known.entry(why).or_default() += 1;
                } else {
                    unexplained
                        .push(format!("{file}#{}: {field}: ours {ours:?}, endplay {theirs:?}", o["index"]));
                }
            };
            let ours_dealer = info.dealer.map(|d| d.to_string()).unwrap_or_default();
            if o["dealer_source"] == "tag" {
                check("dealer", ours_dealer, o["dealer"].as_str().unwrap_or("").into(), None);
            } else {
                // endplay found no Dealer tag and took the board number's dealer
                check(
                    "dealer (by board number)",
                    ours_dealer,
                    o["dealer"].as_str().unwrap_or("").into(),
                    None,
                );
            }
            if o["vul_source"] == "tag" {
                check(
                    "vulnerable",
                    info.vulnerable
                        .map(|v| pbn::model::vulnerability_export(v).to_owned())
                        .unwrap_or_default(),
                    o["vulnerability"].as_str().unwrap_or("").into(),
                    None,
                );
            }
            let raw_deal = o["raw"]["Deal"].as_str().unwrap_or("");
            let hand_of = |seat: cards_core::Compass| {
                info.deal
                    .and_then(|d| d.hand(seat))
                    .map(|h| pbn::text::write_hand(Some(h)))
                    .unwrap_or_default()
            };
            if pbn::deal_has_empty_slot(raw_deal) {
                // endplay seats the hands after an empty slot wrongly: the hands must still agree.
                let mut ours: Vec<String> =
                    cards_core::Compass::ALL.iter().map(|s| hand_of(*s)).filter(|h| !h.is_empty()).collect();
                let mut theirs: Vec<String> = cards_core::Compass::ALL
                    .iter()
                    .map(|s| o["hands"][s.to_string()].as_str().unwrap_or("").to_owned())
                    .filter(|h| !h.is_empty())
                    .collect();
                ours.sort();
                theirs.sort();
                check("two-hand deal hands", ours.join(" "), theirs.join(" "), None);
            } else {
                for seat in cards_core::Compass::ALL {
                    let theirs = o["hands"][seat.to_string()].as_str().unwrap_or("").to_owned();
                    check("hands", hand_of(seat), theirs, None);
                }
            }
            if o["contract_source"] == "tag" {
                let contract = info.contract.map(pbn::model::Contract::export).unwrap_or_default();
                let theirs = o["contract"].as_str().unwrap_or("").to_owned();
                let raw_contract = o["raw"]["Contract"].as_str().unwrap_or("");
                let why = (raw_contract.is_empty() && theirs == "Pass")
                    .then_some("endplay reads an empty Contract as Pass");
                check("contract", contract, theirs, why);
                let declarer = info.declarer.map(|d| d.seat.to_string()).unwrap_or_default();
                check("declarer", declarer, o["declarer"].as_str().unwrap_or("").into(), None);
            }
            let raw_result = o["raw"]["Result"].as_str();
            let ours = info.result.and_then(|res| res.declarer_tricks(info.declarer.map(|d| d.seat)));
            let theirs = o["result"].as_u64();
            check(
                "result",
                format!("{ours:?}"),
                format!("{:?}", theirs.map(|n| n as u8)),
                (raw_result.is_some_and(|r| r.trim().is_empty() || r == "?") && theirs == Some(0))
                    .then_some("endplay turns an empty Result into 0"),
            );
            let calls = info.auction.as_ref().map_or(0, |a| a.entries.len());
            check("auction_calls", calls.to_string(), o["auction_calls"].to_string(), None);
            let cards = info.play.as_ref().map_or(0, |p| {
                p.entries.iter().filter(|e| matches!(e.item, pbn::model::PlayItem::Card { .. })).count()
            });
            check("played_cards", cards.to_string(), o["played_cards"].to_string(), None);
        }
    }
    println!("agreement per field: {agree:?}");
    println!("known endplay misreadings: {known:?}");
    assert!(
        unexplained.is_empty(),
        "{} unexplained disagreements:\n{}",
        unexplained.len(),
        unexplained.join("\n")
    );
    // The counts of this corpus: a comparison that stops comparing (a field read as empty on both
    // sides is still an agreement, so these are floors on rows, not on values) shows here.
    let floors = [
        ("auction_calls", 3425),
        ("contract", 2090),
        ("dealer", 2145),
        ("dealer (by board number)", 1280),
        ("declarer", 2146),
        ("hands", 13604),
        ("played_cards", 3425),
        ("result", 3393),
        ("two-hand deal hands", 24),
        ("vulnerable", 3422),
    ];
    for (field, floor) in floors {
        let n = agree.get(field).copied().unwrap_or(0);
        assert!(n >= floor, "{field}: {n} agreements, at least {floor} expected");
    }
    let known_counts =
        [("endplay reads an empty Contract as Pass", 56), ("endplay turns an empty Result into 0", 32)];
    assert_eq!(known.into_iter().collect::<Vec<_>>(), known_counts.to_vec(), "known endplay misreadings");
}

/// The error codes each file that should report errors reports (and no other); every file not
/// listed must report no error.
const EXPECTED_ERRORS: &[(&str, &[&str])] = &[
    // Tis Veugen's verifier files, written to break these rules.
    (
        "errors_20.pbn",
        &[
            "AUCTION_AFTER_CONTINUE",
            "BAD_SCORING",
            "BAD_TAG_PAIR",
            "PLAY_AFTER_CONTINUE",
            "RUBBER_VULNERABILITY",
            "TABLE_BAD_ELEMENT",
            "TABLE_BAD_HEADER",
            "TABLE_COMMENT",
            "TABLE_MISSING_ELEMENTS",
            "UNEXPECTED_CHARACTER",
            "UNTERMINATED_STRING",
        ],
    ),
    ("errors_21.pbn", &["BAD_OPTIMUM_SCORE"]),
    // Board 22: the auction `1S pass pass X pass pass pass` ends in 1SX, the Contract tag says 1S
    // (a real mistake of the lesson file).
    ("Set10.pbn", &["CONTRACT_MISMATCH"]),
    // Commentary typed into auctions ("relay to 4H or investigate slam", "4NT/5D", "etc."):
    // prose is not calls.
    ("Precision 1C Auctions with Notes.pbn", &["AUCTION_PROSE"]),
];

#[test]
fn every_shared_file_reads_as_its_content_deserves() {
    let Some((_, paths)) = corpus() else { return };
    assert!(paths.len() >= 36, "only {} files in the shared corpus", paths.len());
    let (mut games, mut errors, mut warnings) = (0usize, 0usize, 0usize);
    for path in &paths {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let decoded = pbn::decode(&std::fs::read(path).unwrap());
        let records: Vec<_> = read_str(&decoded.text, Options::default());
        let file_games = records.iter().filter(|r| r.model.is_game).count();
        let diags: Vec<_> = records.iter().flat_map(|r| &r.diagnostics).collect();
        let found: BTreeSet<&str> = diags.iter().filter(|d| d.is_error()).map(|d| d.code()).collect();
        let file_errors = diags.iter().filter(|d| d.is_error()).count();
        println!("{name}: {file_games} games, {file_errors} errors, {} warnings", diags.len() - file_errors);
        let expected: BTreeSet<&str> = EXPECTED_ERRORS
            .iter()
            .find(|(file, _)| *file == name)
            .map(|(_, codes)| codes.iter().copied().collect())
            .unwrap_or_default();
        assert_eq!(found, expected, "{}: error codes", path.display());
        games += file_games;
        errors += file_errors;
        warnings += diags.len() - file_errors;
    }
    println!("{} files, {games} games, {errors} errors, {warnings} warnings", paths.len());
}

/// The reader, fed each real file's bytes through a small buffer, gives the records it gives for
/// the decoded file read at once: the same games, spans, tags, typed values and diagnostics,
/// lenient and strict; and the writer gives the same text from both.
#[test]
fn the_reader_reads_every_shared_file_the_same_in_any_buffer() {
    let Some((_, paths)) = corpus() else { return };
    for path in &paths {
        let bytes = std::fs::read(path).unwrap();
        let decoded = pbn::decode(&bytes);
        for strict in [false, true] {
            let options = Options { strict };
            let whole: Vec<_> = read_str(&decoded.text, options);
            let input = std::io::BufReader::with_capacity(64, bytes.as_slice());
            let streamed: Vec<_> = cards_core::notation::read_checked::<pbn::Pbn, _>(input, options)
                .map(Result::unwrap)
                .collect();
            assert_eq!(whole.len(), streamed.len(), "{}", path.display());
            // A file that is not UTF-8 is read as ISO-8859-1 from its first game that is not.
            assert_eq!(decoded.latin1, streamed.iter().any(|r| r.model.latin1), "{}", path.display());
            for (w, s) in whole.iter().zip(&streamed) {
                let at = format!("{} at {:?}", path.display(), s.span);
                assert_eq!(w.span, s.span, "{at}");
                assert_eq!(w.diagnostics, s.diagnostics, "{at}");
                assert_eq!(w.model.info, s.model.info, "{at}");
                assert_eq!(w.model.export, s.model.export, "{at}");
                assert_eq!(w.model.tags().collect::<Vec<_>>(), s.model.tags().collect::<Vec<_>>(), "{at}");
            }
            assert_eq!(
                pbn::write::write_export(&whole),
                pbn::write::write_export(&streamed),
                "{}",
                path.display()
            );
        }
        // Cutting needs the games in order, parsing and checking do not: games cut first, parsed
        // and checked last to first, then finished in file order, are the records of
        // `read_checked`, which does all on one thread.
        for strict in [false, true] {
            use cards_core::{Checker as _, Notation as _, ReadRecords as _};
            let options = Options { strict };
            let mut reader = pbn::Pbn::reader(bytes.as_slice(), options);
            let raws: Vec<_> = std::iter::from_fn(|| reader.read_raw()).map(Result::unwrap).collect();
            let mut checker = pbn::Pbn::checker(&options);
            let mut read: Vec<_> = raws
                .into_iter()
                .rev()
                .map(|raw| {
                    let mut record = pbn::Pbn::parse(raw, &options);
                    checker.check(&mut record);
                    record
                })
                .collect();
            read.reverse();
            let n = read.len();
            for (i, record) in read.iter_mut().enumerate() {
                checker.finish(record, i + 1 == n);
            }
            let checked: Vec<_> =
                cards_core::notation::read_checked::<pbn::Pbn, _>(bytes.as_slice(), options)
                    .map(Result::unwrap)
                    .collect();
            assert_eq!(read, checked, "{}", path.display());
        }
    }
}
