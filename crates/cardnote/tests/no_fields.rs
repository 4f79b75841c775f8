//! Human output asks for no `--json` field map (`CheckOptions::no_fields`): every notation then
//! gives the same diagnostics and leaves the fields empty, whole-file and streamed, and the
//! `--json` reports keep their fields.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};

use cardnote_check::{self as formats, CheckOptions, Format, RecordReport};

fn files(dir: &str, ext: &str) -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus").join(dir);
    let mut out = Vec::new();
    let mut todo = vec![root];
    while let Some(dir) = todo.pop() {
        for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let path = entry.unwrap().path();
            if path.is_dir() {
                todo.push(path);
            } else if path.extension().is_some_and(|e| e == ext) {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// The reports of a file through the streaming commands' path.
fn streamed(format: Format, path: &Path, opts: &CheckOptions) -> Vec<RecordReport> {
    let input: formats::Input = Box::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    let mut reports = Vec::new();
    let sink = |r: Vec<RecordReport>| {
        reports.extend(r);
        Ok::<(), std::io::Error>(())
    };
    cardnote_check::with_notation!(format, N => {
        let units = <N as formats::Check>::units(input, path, formats::UNIT_BYTES);
        formats::check_units(units, opts, 2, |_, r| r, sink)
    })
    .unwrap();
    reports
}

fn same_diagnostics_no_fields(json: &[RecordReport], human: &[RecordReport], what: &str) {
    assert_eq!(json.len(), human.len(), "{what}");
    for (json, human) in json.iter().zip(human) {
        assert_eq!(json.diagnostics, human.diagnostics, "{what}");
        assert!(human.fields.is_empty(), "{what}: human output builds no fields");
    }
}

#[test]
fn every_notation_leaves_the_fields_out_of_human_output_only() {
    // PBN with the double-dummy checks: the whole-file check (`check --dd` on a JSON document,
    // `cardnote dd --check`) and the streamed one (`check --dd` on a `.pbn`).
    let cases = [
        (Format::Lin, "lin", "lin", false),
        (Format::PpnPref, "ppn-pref", "ppn", false),
        (Format::PpnPinochle, "ppn-pinochle", "ppn", false),
        (Format::Pbn, "pbn", "pbn", true),
    ];
    for (format, dir, ext, dd) in cases {
        let mut paths = files(dir, ext);
        if dd {
            // the smallest files with double-dummy tags and without (every deal is solved)
            let tags = ["OptimumResultTable", "DoubleDummyTricks", "ParContract"];
            let has_tags = |p: &PathBuf| {
                let text = String::from_utf8_lossy(&std::fs::read(p).unwrap()).into_owned();
                tags.iter().any(|t| text.contains(t))
            };
            let size = |p: &PathBuf| std::fs::metadata(p).map_or(0, |m| m.len());
            let (mut with, mut without): (Vec<_>, Vec<_>) = paths.into_iter().partition(has_tags);
            with.sort_by_key(size);
            without.sort_by_key(size);
            paths = with.into_iter().take(2).chain(without.into_iter().take(2)).collect();
        }
        assert!(!paths.is_empty(), "no {dir} corpus files");
        let mut fields = 0;
        for path in &paths {
            let what = format!("{}", path.display());
            let json = CheckOptions { dd, ..CheckOptions::default() };
            let human = CheckOptions { no_fields: true, ..json.clone() };
            let data = std::fs::read(path).unwrap();
            let (whole_json, whole_human) =
                (formats::check_bytes(format, &data, &json), formats::check_bytes(format, &data, &human));
            same_diagnostics_no_fields(&whole_json.records, &whole_human.records, &what);
            fields += whole_json.records.iter().filter(|r| !r.fields.is_empty()).count();
            let (units_json, units_human) = (streamed(format, path, &json), streamed(format, path, &human));
            same_diagnostics_no_fields(&units_json, &units_human, &what);
            fields += units_json.iter().filter(|r| !r.fields.is_empty()).count();
        }
        assert!(fields > 0, "{dir}: the --json reports have their fields");
    }
}
