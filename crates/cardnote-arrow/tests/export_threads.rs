//! `export` writes the same Parquet bytes whatever the number of threads: workers encode the row
//! groups, which the input alone cuts, and the writer appends them in input order. Over the
//! project corpus (`corpus/phh`, `corpus/pbn`, the invalid files included for the `errors` table),
//! cut into small segments so that many are in flight at once.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use cardnote_arrow::export::{ExportOptions, Input, InputFormat, export};
use parquet::file::reader::{FileReader as _, SerializedFileReader};

fn corpus_inputs() -> Vec<Input> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus");
    let mut stack = vec![root.join("phh"), root.join("pbn")];
    let mut files = Vec::new();
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                files.push(path);
            }
        }
    }
    files.sort();
    files
        .into_iter()
        .filter_map(|path| {
            let format = match path.extension()?.to_str()? {
                "phh" | "phhs" => InputFormat::Phh,
                "pbn" => InputFormat::Pbn,
                _ => return None,
            };
            let label = path.strip_prefix(&root).unwrap().display().to_string();
            Some(Input { path, label, format })
        })
        .collect()
}

/// Every file written, by its path under the output folder, with its bytes.
fn exported(inputs: &[Input], threads: usize, partition_by_variant: bool) -> BTreeMap<PathBuf, Vec<u8>> {
    let dir = tempfile::tempdir().unwrap();
    let options = ExportOptions {
        threads,
        partition_by_variant,
        segment_bytes: 2048,
        row_group_rows: 500,
        ..ExportOptions::default()
    };
    let summary = export(inputs, dir.path(), &options).unwrap();
    assert!(summary.hands > 100 && summary.boards > 100 && summary.errors > 0, "{summary:?}");
    summary
        .written
        .iter()
        .map(|path| (path.strip_prefix(dir.path()).unwrap().to_path_buf(), std::fs::read(path).unwrap()))
        .collect()
}

#[test]
fn parquet_bytes_are_the_same_at_one_two_and_three_threads() {
    let inputs = corpus_inputs();
    assert!(inputs.len() > 50);
    for partition in [false, true] {
        let one = exported(&inputs, 1, partition);
        assert!(one.len() >= 8, "{:?}", one.keys());
        for threads in [2, 3] {
            let many = exported(&inputs, threads, partition);
            assert_eq!(one.keys().collect::<Vec<_>>(), many.keys().collect::<Vec<_>>());
            for (path, bytes) in &one {
                assert!(many[path] == *bytes, "{} differs at {threads} threads", path.display());
            }
        }
    }
}

/// The workers cut row groups at `row_group_rows` and at segment ends, and every row arrives.
#[test]
fn row_groups_hold_at_most_row_group_rows() {
    let inputs = corpus_inputs();
    let dir = tempfile::tempdir().unwrap();
    let options =
        ExportOptions { threads: 2, segment_bytes: 1 << 20, row_group_rows: 100, ..ExportOptions::default() };
    let summary = export(&inputs, dir.path(), &options).unwrap();
    let actions = dir.path().join("actions/part-0.parquet");
    let reader = SerializedFileReader::new(std::fs::File::open(actions).unwrap()).unwrap();
    let meta = reader.metadata();
    assert!(meta.num_row_groups() > 10);
    assert!(meta.row_groups().iter().all(|g| g.num_rows() > 0 && g.num_rows() <= 100));
    let hands = dir.path().join("hands/part-0.parquet");
    let reader = SerializedFileReader::new(std::fs::File::open(hands).unwrap()).unwrap();
    assert_eq!(reader.metadata().file_metadata().num_rows(), i64::try_from(summary.hands).unwrap());
}
