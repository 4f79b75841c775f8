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

use crate::model::{FormatKind, Hand, Header, HeaderLine, Item, PpnFile, Section, Tag};
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
