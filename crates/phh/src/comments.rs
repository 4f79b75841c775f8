//! Comments through canonical writing: each TOML comment of a file goes with the field or the
//! action it stood by (the lines before it, or the end of its line), so rewriting a file
//! canonically never drops one. Where the canonical form has no place for a comment the rewrite
//! is refused (the format-preserving `edit::Editor` keeps everything).
//!
//! ```
//! let text = "# the famous hand\nvariant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2] # cents\n\
//!             min_bet = 2\nstarting_stacks = [200, 200]\n\
//!             actions = [\n  # the deal\n  'd dh p1 AhKh', 'd dh p2 ????',\n  'p2 f', # a fold\n]\n";
//! let records: Vec<phh::Record> =
//!     phh::Reader::from_str(text, phh::Options::default()).collect::<Result<_, _>>().unwrap();
//! let out = phh::comments::write_canonical(text, &records).unwrap();
//! assert!(out.starts_with("# the famous hand\nvariant = 'NT'\n"));
//! assert!(out.contains("blinds_or_straddles = [1, 2] # cents\n"));
//! assert!(out.contains("  # the deal\n  'd dh p1 AhKh',\n"));
//! assert!(out.contains("  'p2 f', # a fold\n"));
//! ```

use std::collections::HashMap;

use cards_core::{Diagnostic, Span};
use toml_edit::{Array, DocumentMut, Item, RawString, Table, Value};

use crate::Record;
use crate::write::{push_key, write_hand_to};

/// A comment the canonical form has no place for (inside an inline table, a dotted key, or
/// anywhere the TOML cannot be read back into its hand): rewrite with `fmt --preserve`.
pub use crate::codes::PHH_COMMENT_WITHOUT_PLACE as COMMENT_WITHOUT_PLACE;

/// Every comment of a TOML text (`#` to the end of its line, outside strings), with its offset.
#[must_use]
pub fn scan(text: &str) -> Vec<(usize, &str)> {
    let bytes = text.as_bytes();
    let mut comments = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'#' => {
                let end = text[i..].find(['\n', '\r']).map_or(text.len(), |n| i + n);
                comments.push((i, &text[i..end]));
                i = end;
            }
            quote @ (b'\'' | b'"') => {
                let triple = bytes.get(i..i + 3) == Some(&[quote; 3][..]);
                i += if triple { 3 } else { 1 };
                while i < bytes.len() {
                    if quote == b'"' && bytes[i] == b'\\' {
                        i += 2;
                    } else if triple && bytes.get(i..i + 3) == Some(&[quote; 3][..]) {
                        // A closing delimiter may be followed by one or two more quotes.
                        i += 3;
                        while bytes.get(i) == Some(&quote) {
                            i += 1;
                        }
                        break;
                    } else if !triple && bytes[i] == quote {
                        i += 1;
                        break;
                    } else if !triple && bytes[i] == b'\n' {
                        break;
                    } else {
                        i += 1;
                    }
                }
            }
            _ => i += 1,
        }
    }
    comments
}

/// The comments of a stretch of TOML whitespace: `(same_line, lines)`, the comment that ends
/// the line the stretch starts on, and the comments on lines of their own.
fn split_comments(raw: Option<&RawString>) -> (Option<String>, Vec<String>) {
    let text = raw.and_then(RawString::as_str).unwrap_or("");
    let mut same_line = None;
    let mut lines = Vec::new();
    for (n, line) in text.split('\n').enumerate() {
        let line = line.trim();
        if let Some(at) = line.find('#') {
            let comment = line[at..].trim_end().to_owned();
            if n == 0 { same_line = Some(comment) } else { lines.push(comment) }
        }
    }
    (same_line, lines)
}

fn comments_of(raw: Option<&RawString>) -> Vec<String> {
    let (same_line, mut lines) = split_comments(raw);
    lines.splice(0..0, same_line);
    lines
}

/// Where the comments of one field go around its canonical line.
#[derive(Default)]
struct FieldComments {
    /// Lines before `key = …`.
    before: Vec<String>,
    /// The end of its (last) line.
    trailing: Vec<String>,
    /// For `actions`: per action, the lines before it and the end of its line.
    actions: Vec<(Vec<String>, Vec<String>)>,
    /// For `actions`: the end of the `actions = [` line, and the lines before `]`.
    open: Vec<String>,
    close: Vec<String>,
}

fn array_comments(array: &Array, field: &mut FieldComments, is_actions: bool) {
    let values: Vec<&Value> = array.iter().collect();
    let mut per_value: Vec<(Vec<String>, Vec<String>)> = vec![(Vec::new(), Vec::new()); values.len()];
    for (i, value) in values.iter().enumerate() {
        let (same_line, lines) = split_comments(value.decor().prefix());
        // A comment on the line of the previous element (or of `[`) stood by that element.
        match (same_line, i.checked_sub(1)) {
            (Some(c), Some(previous)) => per_value[previous].1.push(c),
            (Some(c), None) => field.open.push(c),
            (None, _) => {}
        }
        per_value[i].0.extend(lines);
        // Between the element and its comma: the end of its line, then lines of their own
        // (before the next element, or before `]`).
        let (same_line, lines) = split_comments(value.decor().suffix());
        per_value[i].1.extend(same_line);
        match per_value.get_mut(i + 1) {
            Some(next) => next.0.extend(lines),
            None => field.close.extend(lines),
        }
        if let Value::Array(_) | Value::InlineTable(_) = value {
            // Comments inside nested values go before the field's line.
            nested_comments(value, &mut field.before);
        }
    }
    let (same_line, lines) = split_comments(Some(array.trailing()));
    match (same_line, per_value.last_mut()) {
        (Some(c), Some(last)) => last.1.push(c),
        (Some(c), None) => field.open.push(c),
        (None, _) => {}
    }
    field.close.extend(lines);
    if is_actions {
        field.actions = per_value;
    } else {
        // One line in canonical form: comments of the elements go before it.
        field.before.append(&mut field.open);
        for (before, trailing) in per_value {
            field.before.extend(before.into_iter().chain(trailing));
        }
        field.before.append(&mut field.close);
    }
}

fn nested_comments(value: &Value, out: &mut Vec<String>) {
    out.extend(comments_of(value.decor().prefix()));
    out.extend(comments_of(value.decor().suffix()));
    if let Value::Array(array) = value {
        for item in array.iter() {
            nested_comments(item, out);
        }
        out.extend(comments_of(Some(array.trailing())));
    }
}

/// The comments of a table's fields, by the key as the canonical writer writes it.
fn table_comments(table: &Table) -> HashMap<String, FieldComments> {
    let mut fields = HashMap::new();
    for (key, item) in table.iter() {
        let mut field = FieldComments::default();
        if let Some(k) = table.key(key) {
            field.before.extend(comments_of(k.leaf_decor().prefix()));
            field.before.extend(comments_of(k.leaf_decor().suffix()));
        }
        if let Item::Value(value) = item {
            field.before.extend(comments_of(value.decor().prefix()));
            if let Value::Array(array) = value {
                array_comments(array, &mut field, key == "actions");
            }
            field.trailing.extend(comments_of(value.decor().suffix()));
        }
        let mut written = String::new();
        push_key(&mut written, key);
        fields.insert(written, field);
    }
    fields
}

fn push_lines(out: &mut String, indent: &str, comments: &[String]) {
    for comment in comments {
        out.push_str(indent);
        out.push_str(comment);
        out.push('\n');
    }
}

/// A line with the first trailing comment at its end; any further ones (a comment runs to the
/// end of its line) on lines of their own below it.
fn push_line(out: &mut String, indent: &str, line: &str, trailing: &[String]) {
    out.push_str(line);
    let mut trailing = trailing.iter();
    if let Some(comment) = trailing.next() {
        out.push(' ');
        out.push_str(comment);
    }
    out.push('\n');
    for comment in trailing {
        out.push_str(indent);
        out.push_str(comment);
        out.push('\n');
    }
}

/// Writes a hand's canonical text with the comments of its table around its lines.
fn write_commented(out: &mut String, canonical: &str, mut fields: HashMap<String, FieldComments>) {
    let mut actions: Option<FieldComments> = None;
    let mut action = 0;
    for line in canonical.lines() {
        if let Some(field) = &mut actions {
            if line == "]" {
                push_lines(out, "  ", &field.close);
                push_line(out, "", line, &field.trailing);
                actions = None;
            } else {
                let (before, trailing) = field.actions.get(action).cloned().unwrap_or_default();
                push_lines(out, "  ", &before);
                push_line(out, "  ", line, &trailing);
                action += 1;
            }
            continue;
        }
        let key = line.split_once(" = ").map_or(line, |(key, _)| key);
        let Some(field) = fields.remove(key) else {
            out.push_str(line);
            out.push('\n');
            continue;
        };
        push_lines(out, "", &field.before);
        if line == "actions = [" {
            push_line(out, "  ", line, &field.open);
            actions = Some(field);
        } else {
            // `actions = []` or any one-line field: comments of an empty array end its line.
            let trailing: Vec<String> =
                field.open.iter().chain(&field.close).chain(&field.trailing).cloned().collect();
            push_line(out, "", line, &trailing);
        }
    }
}

/// The canonical text of a file's records, read from `source` (as `write_hand` /
/// `write_named_hands` write them), with every comment of `source` kept beside the field or
/// action it stood by. Records of `.phhs` tables are written as tables, a `.phh` record as a hand.
///
/// # Errors
/// [`COMMENT_WITHOUT_PLACE`], at the first comment that would be lost, when the canonical form
/// has no place for one (or a hand has no model to write).
pub fn write_canonical(source: &str, records: &[Record]) -> Result<String, Diagnostic> {
    let comments = scan(source);
    let multi = records.first().is_some_and(|r| r.model.header.is_some());
    let plain = || -> String {
        if multi {
            crate::write_named_hands(
                records
                    .iter()
                    .filter_map(|r| Some((r.model.name.as_deref().unwrap_or(""), r.model.hand.as_ref()?))),
            )
        } else {
            records.first().and_then(|r| r.model.hand.as_ref()).map(crate::write_hand).unwrap_or_default()
        }
    };
    if comments.is_empty() {
        return Ok(plain());
    }
    let refuse = |at: usize, why: &str| {
        Diagnostic::error(
            COMMENT_WITHOUT_PLACE,
            format!("the canonical form has no place for this comment ({why}); `fmt --preserve` keeps it"),
            Span::new(at, source[at..].find(['\n', '\r']).map_or(source.len(), |n| at + n)),
        )
    };
    let first = comments.first().map_or(0, |c| c.0);
    let doc: DocumentMut =
        source.parse().map_err(|_| refuse(first, "the TOML cannot be read with its comments"))?;
    let mut out = String::with_capacity(source.len());
    if multi {
        for (i, record) in records.iter().enumerate() {
            let (Some(hand), Some(name)) = (&record.model.hand, &record.model.name) else {
                return Err(refuse(first, "a hand cannot be written"));
            };
            let Some(table) = doc.get(name).and_then(Item::as_table) else {
                return Err(refuse(first, "a hand is not a table"));
            };
            if i > 0 {
                out.push('\n');
            }
            // A header's prefix starts at the beginning of a line: its comments in file order.
            push_lines(&mut out, "", &comments_of(table.decor().prefix()));
            let mut header = String::from("[");
            push_key(&mut header, name);
            header.push(']');
            push_line(&mut out, "", &header, &comments_of(table.decor().suffix()));
            let mut canonical = String::new();
            write_hand_to(&mut canonical, hand);
            write_commented(&mut out, &canonical, table_comments(table));
        }
    } else {
        let Some(hand) = records.first().and_then(|r| r.model.hand.as_ref()) else {
            return Err(refuse(first, "the hand cannot be written"));
        };
        let mut canonical = String::new();
        write_hand_to(&mut canonical, hand);
        write_commented(&mut out, &canonical, table_comments(doc.as_table()));
    }
    push_lines(&mut out, "", &comments_of(Some(doc.trailing())));
    // Every comment of the source, and no other, must be in the output.
    let mut wanted: Vec<&str> = comments.iter().map(|c| c.1.trim_end()).collect();
    let mut written: Vec<&str> = scan(&out).into_iter().map(|c| c.1.trim_end()).collect();
    wanted.sort_unstable();
    written.sort_unstable();
    if wanted != written {
        let lost = comments.iter().find(|c| !written.contains(&c.1.trim_end())).map_or(first, |c| c.0);
        return Err(refuse(lost, "it is inside a value the canonical form writes differently"));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    const HAND: &str = "variant = 'NT' # no limit\n# antes\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\n\
        min_bet = 2\nstarting_stacks = [ # chips\n  200, # p1\n  200,\n]\nactions = [ # all of them\n\
        'd dh p1 AhKh', # first\n  # p2 now\n  'd dh p2 ????',\n  'p2 f' # last\n  # done\n] # end\n\
        author = 'x'\n# at the end\n";

    fn read(text: &str) -> Vec<Record> {
        crate::Reader::from_str(text, crate::Options::default()).collect::<Result<_, _>>().unwrap()
    }

    #[test]
    fn scanning_skips_strings() {
        let found: Vec<&str> = scan("a = '#x' # one\nb = \"\\\"#\" #two\nc = '''\n#no\n''' # three\n")
            .into_iter()
            .map(|c| c.1)
            .collect();
        assert_eq!(found, ["# one", "#two", "# three"]);
    }

    #[test]
    fn every_comment_stays_with_its_field_or_action() {
        let file = [crate::parse_hand(HAND)];
        let out = write_canonical(HAND, &file).unwrap();
        assert!(out.starts_with("variant = 'NT' # no limit\n# antes\nantes = [0, 0]\n"), "{out}");
        assert!(out.contains("# chips\n# p1\nstarting_stacks = [200, 200]\n"), "{out}");
        assert!(out.contains("actions = [ # all of them\n  'd dh p1 AhKh', # first\n  # p2 now\n"), "{out}");
        assert!(out.contains("  'p2 f', # last\n  # done\n] # end\nauthor = 'x'\n# at the end\n"), "{out}");
        // Canonical with comments is a fixed point, and reads as the same hand.
        let again = [crate::parse_hand(&out)];
        assert_eq!(write_canonical(&out, &again).unwrap(), out);
        assert_eq!(again[0].model.hand, file[0].model.hand);
    }

    #[test]
    fn tables_keep_their_comments() {
        let text = "# file\n# and more\n[1] # first\nvariant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n\
            starting_stacks = [200, 200]\nactions = []\n\n# second\n[2]\nvariant = 'NT'\nantes = [0, 0]\n\
            blinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [200, 200]\nactions = [] # none\n";
        let out = write_canonical(text, &read(text)).unwrap();
        assert!(out.starts_with("# file\n# and more\n[1] # first\nvariant"), "{out}");
        assert!(out.contains("\n\n# second\n[2]\n"), "{out}");
        assert!(out.contains("actions = [] # none\n"), "{out}");
    }

    #[test]
    fn a_comment_without_a_place_is_refused() {
        let text = "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n\
            starting_stacks = [200, 200]\nactions = []\nextra = { a = 1, b = [ # inside\n 2] }\n";
        let file = read(text);
        match write_canonical(text, &file) {
            Err(d) => assert_eq!(d.code(), COMMENT_WITHOUT_PLACE),
            Ok(out) => assert!(out.contains("# inside"), "{out}"),
        }
    }
}
