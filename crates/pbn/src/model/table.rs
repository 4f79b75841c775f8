//! Table sections (`ScoreTable`, `OptimumResultTable`...): columns and cells.

/// Column order marker of a table column.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SortOrder {
    /// `+`: highest first.
    Descending,
    /// `-`: lowest first.
    Ascending,
}

/// Alignment of a table column.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Align {
    /// `L`.
    Left,
    /// `R`.
    Right,
}

/// A table column from the tag value.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Column {
    /// The name without order, width and alignment.
    pub name: String,
    /// `+`/`-` prefix.
    pub order: Option<SortOrder>,
    /// `\n` minimum width.
    pub width: Option<u16>,
    /// `L`/`R` after the width.
    pub align: Option<Align>,
}

impl Column {
    /// The column as written in the header.
    #[must_use]
    pub fn header(&self) -> String {
        let mut out = String::new();
        match self.order {
            Some(SortOrder::Descending) => out.push('+'),
            Some(SortOrder::Ascending) => out.push('-'),
            None => {}
        }
        out.push_str(&self.name);
        if let Some(w) = self.width {
            out.push('\\');
            out.push_str(&w.to_string());
            match self.align {
                Some(Align::Left) => out.push('L'),
                Some(Align::Right) => out.push('R'),
                None => {}
            }
        }
        out
    }
}

/// A table: columns and rows of elements. Element texts live in one buffer (strings unquoted,
/// escapes resolved), so reading a table costs a few allocations, not one per element.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Table {
    /// The tag name (`OptimumResultTable`).
    pub name: String,
    /// Columns from the tag value.
    pub columns: Vec<Column>,
    /// Every element's text, back to back.
    text: String,
    /// Elements in order: end offset into `text` and whether it was a string token.
    cells: Vec<(u32, bool)>,
}

/// A table element.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TableCell<'t> {
    /// The text (strings without quotes, unescaped).
    pub text: &'t str,
    /// Whether it was a string token.
    pub quoted: bool,
}

impl Table {
    /// An empty table with these columns.
    #[must_use]
    pub fn new(name: String, columns: Vec<Column>) -> Table {
        Table { name, columns, text: String::new(), cells: Vec::new() }
    }

    /// Makes room for `cells` more elements holding `text` bytes in all.
    pub(crate) fn reserve(&mut self, cells: usize, text: usize) {
        self.cells.reserve_exact(cells);
        self.text.reserve_exact(text);
    }

    /// Appends an element.
    pub fn push(&mut self, text: &str, quoted: bool) {
        self.text.push_str(text);
        self.cells.push((u32::try_from(self.text.len()).unwrap_or(u32::MAX), quoted));
    }

    /// Number of elements.
    #[must_use]
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether there are no elements.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The element at `index`.
    #[must_use]
    pub fn cell(&self, index: usize) -> Option<TableCell<'_>> {
        let &(end, quoted) = self.cells.get(index)?;
        let start = index.checked_sub(1).and_then(|i| self.cells.get(i)).map_or(0, |c| c.0 as usize);
        Some(TableCell { text: self.text.get(start..end as usize)?, quoted })
    }

    /// The rows: one element per column (the last row may be short when elements are missing).
    pub fn rows(&self) -> impl Iterator<Item = Vec<TableCell<'_>>> + '_ {
        let width = self.columns.len().max(1);
        (0..self.cells.len().div_ceil(width)).map(move |r| {
            (r * width..((r + 1) * width).min(self.cells.len())).filter_map(|i| self.cell(i)).collect()
        })
    }

    /// Number of rows.
    #[must_use]
    pub fn row_count(&self) -> usize {
        self.cells.len().div_ceil(self.columns.len().max(1))
    }
}

impl TableCell<'_> {
    /// `?`: unknown.
    #[must_use]
    pub fn is_unknown(&self) -> bool {
        !self.quoted && self.text == "?"
    }

    /// `-`: irrelevant.
    #[must_use]
    pub fn is_irrelevant(&self) -> bool {
        !self.quoted && self.text == "-"
    }

    /// `^...`: an artificial score.
    #[must_use]
    pub fn is_artificial(&self) -> bool {
        !self.quoted && self.text.starts_with('^')
    }
}

/// The tables the spec defines.
pub const KNOWN_TABLES: [&str; 8] = [
    "ActionTable",
    "AuctionTimeTable",
    "InstantScoreTable",
    "OptimumPlayTable",
    "OptimumResultTable",
    "PlayTimeTable",
    "ScoreTable",
    "TotalScoreTable",
];

/// Whether a tag opens a table section: the tables of the spec, and any other `...Table` tag
/// (but not the `Table` tag, which gives a table number).
#[must_use]
pub fn is_table(name: &str) -> bool {
    // Every table of the spec ends with "Table" too.
    name.len() > 5 && name.ends_with("Table")
}
