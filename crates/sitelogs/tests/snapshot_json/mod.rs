//! The JSON form of a record in the corpus snapshots, shared by the PokerStars/ACPC and the other
//! sites' snapshot tests.

use cards_core::LineIndex;
use serde_json::{Value, json};
use sitelogs::Record;

/// Text as a list of lines, for snapshots a reviewer can read.
pub fn lines(text: &str) -> Vec<String> {
    text.lines().map(str::to_owned).collect()
}

/// A record: its line span, its diagnostics and the PHH text of its hand.
pub fn record_json(text: &str, index: &LineIndex, record: &Record) -> Value {
    let line = |offset: usize| index.line_col(text, offset).0;
    json!({
        "lines": format!("{}-{}", line(record.span.start), line(record.span.end)),
        "diagnostics": record.diagnostics.iter().map(|d| json!({
            "severity": d.severity(),
            "code": d.code(),
            "message": d.message(),
            "line": line(d.span().start),
        })).collect::<Vec<_>>(),
        "phh": record.hand.as_ref().map(|h| lines(&phh::write_hand(h))),
    })
}
