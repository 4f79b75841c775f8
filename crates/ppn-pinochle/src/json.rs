//! The JSON form of the model (feature `serde`): what `cardnote convert --to json` writes.
//!
//! A file is `{"format": "ppn-pinochle", "headers": […], "hands": […]}`. A header is one of
//! `{"notation": "1.0"}`, `{"format": "EXPORT"|"IMPORT"}`, `{"id": …}`, `{"blank": true}`,
//! `{"other": …}`. A hand is `{"items": […]}`; an item is `{"comment": text}` or a tag
//! `{"name", "value", "segment"?, "lines"?, "line_comments"?}`: `segment` is the prefix as written
//! (`@P.19.3-R=`), `lines` the section's tokens line by line, `line_comments` the comments written
//! on each section line (only when there are any). Positions are not part of the form.
//!
//! ```
//! let file = ppn_pinochle::read_file("% PPN 1.0\n% IMPORT\n\n[Dealer \"N\"]\n{note}\n");
//! let json = serde_json::to_string(&file).unwrap();
//! assert_eq!(
//!     json,
//!     r#"{"format":"ppn-pinochle","headers":[{"notation":"1.0"},{"format":"IMPORT"}],"hands":[{"items":[{"name":"Dealer","value":"N"},{"comment":"note"}]}]}"#
//! );
//! ```

use serde::ser::{SerializeMap, SerializeSeq};
use serde::{Serialize, Serializer};
use serde_json::Value;

use crate::model::{
    At, Comment, FormatKind, Hand, Header, HeaderLine, Item, PpnFile, Section, SectionLine, Spanned, Tag,
};
use crate::parse::{classify_token, parse_segment};
use crate::write::{segment_text, token_text};

impl Serialize for PpnFile {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(3))?;
        map.serialize_entry("format", "ppn-pinochle")?;
        map.serialize_entry("headers", &self.headers)?;
        map.serialize_entry("hands", &self.hands)?;
        map.end()
    }
}

impl Serialize for HeaderLine {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.header.serialize(s)
    }
}

impl Serialize for Header {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(1))?;
        match self {
            Header::Notation(v) => map.serialize_entry("notation", v)?,
            Header::Format(FormatKind::Export) => map.serialize_entry("format", "EXPORT")?,
            Header::Format(FormatKind::Import) => map.serialize_entry("format", "IMPORT")?,
            Header::Id(id) => map.serialize_entry("id", id)?,
            Header::Blank => map.serialize_entry("blank", &true)?,
            Header::Other(t) => map.serialize_entry("other", t)?,
        }
        map.end()
    }
}

impl Serialize for Hand {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(1))?;
        map.serialize_entry("items", &self.items)?;
        map.end()
    }
}

impl Serialize for Item {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Item::Comment(c) => {
                let mut map = s.serialize_map(Some(1))?;
                map.serialize_entry("comment", &c.text)?;
                map.end()
            }
            Item::Tag(tag) => tag.serialize(s),
        }
    }
}

impl Serialize for Tag {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(None)?;
        map.serialize_entry("name", &self.name)?;
        map.serialize_entry("value", &self.value)?;
        if let Some(segment) = &self.segment {
            map.serialize_entry("segment", &segment_text(segment))?;
        }
        if let Some(section) = &self.section {
            map.serialize_entry("lines", &Lines(section))?;
            // files without comments on section lines keep the plain form
            if section.lines.iter().any(|l| !l.comments.is_empty()) {
                map.serialize_entry("line_comments", &LineComments(section))?;
            }
        }
        map.end()
    }
}

/// A section's tokens, one array of token texts per line.
struct Lines<'a>(&'a Section);

impl Serialize for Lines<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.0.lines.len()))?;
        for line in &self.0.lines {
            let tokens: Vec<String> = line.tokens.iter().map(|t| token_text(&t.value)).collect();
            seq.serialize_element(&tokens)?;
        }
        seq.end()
    }
}

/// A section's comments, one array of comment texts per line.
struct LineComments<'a>(&'a Section);

impl Serialize for LineComments<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.0.lines.len()))?;
        for line in &self.0.lines {
            let texts: Vec<&str> = line.comments.iter().map(|c| c.text.as_str()).collect();
            seq.serialize_element(&texts)?;
        }
        seq.end()
    }
}

fn json_str<'v>(value: &'v Value, key: &str, at: &str) -> Result<&'v str, String> {
    value.get(key).and_then(Value::as_str).ok_or_else(|| format!("{at}: `{key}` is not a string"))
}

/// Reads the JSON form back into a model (positions left empty); the error says what is wrong.
///
/// ```
/// let file = ppn_pinochle::read_file("% PPN 1.0\n% IMPORT\n\n[Dealer \"N\"]\n{note}\n");
/// let json = serde_json::to_string(&file).unwrap();
/// let back = ppn_pinochle::json::from_json(&json).unwrap();
/// assert_eq!(ppn_pinochle::write::write(&back), ppn_pinochle::write::write(&file));
/// assert!(ppn_pinochle::json::from_json("{}").unwrap_err().contains("no `headers` array"));
/// ```
///
/// # Errors
/// Text that is not JSON, or not the JSON form.
pub fn from_json(source: &str) -> Result<PpnFile, String> {
    let doc: Value = serde_json::from_str(source).map_err(|e| format!("not PPN JSON: {e}"))?;
    read_json(&doc)
}

fn read_json(doc: &Value) -> Result<PpnFile, String> {
    if let Some(format) = doc.get("format").and_then(Value::as_str)
        && format != "ppn-pinochle"
    {
        return Err(format!("the JSON is `{format}`, not `ppn-pinochle`"));
    }
    let list = |key: &str| doc.get(key).and_then(Value::as_array).ok_or_else(|| format!("no `{key}` array"));
    let mut headers = Vec::new();
    for (i, h) in list("headers")?.iter().enumerate() {
        let at = format!("header {}", i + 1);
        let header = if h.get("notation").is_some() {
            Header::Notation(json_str(h, "notation", &at)?.to_owned())
        } else if h.get("format").is_some() {
            match json_str(h, "format", &at)? {
                "EXPORT" => Header::Format(FormatKind::Export),
                "IMPORT" => Header::Format(FormatKind::Import),
                other => return Err(format!("{at}: format `{other}` is neither EXPORT nor IMPORT")),
            }
        } else if h.get("id").is_some() {
            Header::Id(json_str(h, "id", &at)?.to_owned())
        } else if h.get("blank") == Some(&Value::Bool(true)) {
            Header::Blank
        } else if h.get("other").is_some() {
            Header::Other(json_str(h, "other", &at)?.to_owned())
        } else {
            return Err(format!("{at}: not a header object"));
        };
        headers.push(HeaderLine { header, at: At::default() });
    }
    let mut hands = Vec::new();
    for (n, h) in list("hands")?.iter().enumerate() {
        let items =
            h.get("items").and_then(Value::as_array).ok_or_else(|| format!("hand {}: no `items`", n + 1))?;
        let mut hand = Hand::default();
        for (i, item) in items.iter().enumerate() {
            let at = format!("hand {}, item {}", n + 1, i + 1);
            if item.get("comment").is_some() {
                let text = json_str(item, "comment", &at)?.to_owned();
                hand.items.push(Item::Comment(Comment { text, at: At::default() }));
                continue;
            }
            let mut tag = Tag::new(json_str(item, "name", &at)?, json_str(item, "value", &at)?);
            if item.get("segment").is_some() {
                // Written as the prefix (`@P.19.3-R=`); the bare `P.19.3-R` is read too.
                let text = json_str(item, "segment", &at)?;
                let bare = text.strip_prefix('@').unwrap_or(text);
                let bare = bare.strip_suffix('=').unwrap_or(bare);
                tag.segment =
                    Some(parse_segment(bare).ok_or_else(|| format!("{at}: `{text}` is not a segment"))?);
            }
            if let Some(lines) = item.get("lines") {
                let lines = lines.as_array().ok_or_else(|| format!("{at}: `lines` is not an array"))?;
                let comments = item.get("line_comments").and_then(Value::as_array);
                let mut section = Section::default();
                for (l, line) in lines.iter().enumerate() {
                    let tokens =
                        line.as_array().ok_or_else(|| format!("{at}: a section line is not an array"))?;
                    let mut out = SectionLine::default();
                    for token in tokens {
                        let text = token.as_str().ok_or_else(|| format!("{at}: a token is not a string"))?;
                        out.tokens.push(Spanned { value: classify_token(text), at: At::default() });
                    }
                    for comment in
                        comments.and_then(|c| c.get(l)).and_then(Value::as_array).into_iter().flatten()
                    {
                        let text = comment
                            .as_str()
                            .ok_or_else(|| format!("{at}: a line comment is not a string"))?;
                        out.comments.push(Comment { text: text.to_owned(), at: At::default() });
                    }
                    section.lines.push(out);
                }
                tag.section = Some(section);
            }
            hand.items.push(Item::Tag(tag));
        }
        hands.push(hand);
    }
    Ok(PpnFile { headers, hands })
}
