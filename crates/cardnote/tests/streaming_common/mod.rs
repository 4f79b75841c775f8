//! What the streamed-against-whole-file tests of every notation share: running the binary, and
//! `check --json` as the whole-file functions give it.

use std::path::Path;
use std::process::{Command, Output};

use cardnote::formats::{self, CheckOptions, Format};
use cardnote::output::record_json;

/// Runs `cardnote` with `args` in `dir`.
pub fn cardnote(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cardnote")).args(args).current_dir(dir).output().expect("run cardnote")
}

/// `check --json` of `data` (named `file`) as the whole-file functions give it.
pub fn whole_file_json(format: Format, file: &str, data: &[u8], strict: bool) -> String {
    let opts = CheckOptions { strict, ..CheckOptions::default() };
    let checked = formats::check_bytes(format, data, &opts);
    let index = cards_core::LineIndex::new(&checked.source);
    let line_col = |offset: usize| index.line_col(&checked.source, offset);
    let mut out = String::new();
    for (i, record) in checked.records.iter().enumerate() {
        out.push_str(&record_json(file, i, format, record, &line_col).to_string());
        out.push('\n');
    }
    out
}
