//! Format-preserving edits of an existing PHH text with toml_edit: change a field or append
//! actions, and every comment, blank line and ordering the author wrote stays where it was.

use cards_core::{Diagnostic, Span};
use toml_edit::{DocumentMut, Item, Value};

use crate::codes;
use crate::model::Action;

/// An editable PHH document (`.phh` or `.phhs`).
///
/// ```
/// let text = "# my hand\nvariant = 'NT'  # no-limit\nactions = [\n  'd dh p1 AhKh', # first\n]\n";
/// let mut editor = phh::edit::Editor::new(text).unwrap();
/// editor.append_action(None, &"p1 f".parse().unwrap()).unwrap();
/// editor.set_string(None, "author", "Someone").unwrap();
/// let out = editor.to_string();
/// assert!(out.starts_with("# my hand\nvariant = 'NT'  # no-limit\nactions = [\n  'd dh p1 AhKh', # first\n"));
/// assert!(out.contains("\"p1 f\""));
/// assert!(out.contains("author = \"Someone\""));
/// ```
#[derive(Debug, Clone)]
pub struct Editor {
    doc: DocumentMut,
}

impl Editor {
    /// Parses a text for editing.
    pub fn new(text: &str) -> Result<Editor, Diagnostic> {
        text.parse::<DocumentMut>().map(|doc| Editor { doc }).map_err(|e| {
            let span = e.span().map_or(Span::at(0), |r| Span::from(r).snap_to_chars(text));
            Diagnostic::error(codes::PHH_TOML_SYNTAX, e.message().trim().to_owned(), span)
        })
    }

    fn table_mut(&mut self, table: Option<&str>) -> Result<&mut toml_edit::Table, String> {
        match table {
            None => Ok(self.doc.as_table_mut()),
            Some(name) => self
                .doc
                .get_mut(name)
                .and_then(Item::as_table_mut)
                .ok_or_else(|| format!("no hand named `[{name}]`")),
        }
    }

    /// Sets (or adds at the end) a field to a TOML value of a hand (`table`: the `.phhs` table
    /// name, `None` for a `.phh` file). An existing field keeps its place and its comments.
    pub fn set_value(&mut self, table: Option<&str>, key: &str, value: Value) -> Result<(), String> {
        let t = self.table_mut(table)?;
        match t.get_mut(key) {
            Some(Item::Value(old)) => {
                let decor = old.decor().clone();
                *old = value;
                *old.decor_mut() = decor;
            }
            _ => {
                t.insert(key, Item::Value(value));
            }
        }
        Ok(())
    }

    /// Sets a string field.
    pub fn set_string(&mut self, table: Option<&str>, key: &str, value: &str) -> Result<(), String> {
        self.set_value(table, key, Value::from(value))
    }

    /// Appends an action to the `actions` array of a hand, keeping the array's layout.
    pub fn append_action(&mut self, table: Option<&str>, action: &Action) -> Result<(), String> {
        let t = self.table_mut(table)?;
        let array = t
            .get_mut("actions")
            .and_then(Item::as_array_mut)
            .ok_or_else(|| "the hand has no `actions` array".to_owned())?;
        let multiline = array
            .iter()
            .any(|v| v.decor().prefix().and_then(|p| p.as_str()).is_some_and(|p| p.contains('\n')));
        let mut value = Value::from(action.to_string());
        if multiline {
            let indent = array
                .iter()
                .last()
                .and_then(|v| v.decor().prefix().and_then(|p| p.as_str()))
                .and_then(|p| p.rsplit('\n').next())
                .unwrap_or("  ")
                .to_owned();
            // A comment after the last element (in the array's trailing text) stays with it.
            let trailing = array.trailing().as_str().unwrap_or("").to_owned();
            match trailing.rfind('\n') {
                Some(pos) if trailing.contains('#') => {
                    let (head, tail) = trailing.split_at(pos + 1);
                    value.decor_mut().set_prefix(format!("{head}{indent}"));
                    array.set_trailing(format!("\n{tail}"));
                }
                _ => value.decor_mut().set_prefix(format!("\n{indent}")),
            }
            array.set_trailing_comma(true);
        } else if !array.is_empty() {
            value.decor_mut().set_prefix(" ");
        }
        array.push_formatted(value);
        Ok(())
    }

    /// Replaces the action notation at `index` of a hand's `actions`, keeping its comments.
    pub fn replace_action(
        &mut self,
        table: Option<&str>,
        index: usize,
        action: &Action,
    ) -> Result<(), String> {
        let t = self.table_mut(table)?;
        let array = t
            .get_mut("actions")
            .and_then(Item::as_array_mut)
            .ok_or_else(|| "the hand has no `actions` array".to_owned())?;
        let slot = array.get_mut(index).ok_or_else(|| format!("no action {index}"))?;
        let decor = slot.decor().clone();
        *slot = Value::from(action.to_string());
        *slot.decor_mut() = decor;
        Ok(())
    }

    /// The underlying toml_edit document.
    #[must_use]
    pub fn document(&self) -> &DocumentMut {
        &self.doc
    }

    /// Mutable access to the underlying toml_edit document.
    pub fn document_mut(&mut self) -> &mut DocumentMut {
        &mut self.doc
    }
}

impl core::fmt::Display for Editor {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        core::fmt::Display::fmt(&self.doc, f)
    }
}
