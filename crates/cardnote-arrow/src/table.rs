//! A table under construction: one Arrow builder per column, filled a row at a time. Values
//! that are written (amounts, cards) go straight into the column's buffer, with no string of
//! their own.

use std::fmt::{Display, Write as _};
use std::sync::Arc;

use arrow_array::builder::{
    ArrayBuilder, BooleanBuilder, Float64Builder, Int64Builder, ListBuilder, StringBuilder, UInt8Builder,
    UInt32Builder,
};
use arrow_array::{ArrayRef, RecordBatch};
use arrow_schema::{ArrowError, DataType, Field, Schema, SchemaRef};
use cards_core::MaybeCard;
use cards_core::decimal_text::DECIMAL_TEXT_BYTES;

use crate::exact::Exact;

enum Column {
    Str(StringBuilder),
    U8(UInt8Builder),
    U32(UInt32Builder),
    I64(Int64Builder),
    F64(Float64Builder),
    Bool(BooleanBuilder),
    StrList(ListBuilder<StringBuilder>),
}

impl Column {
    fn new(data_type: &DataType) -> Column {
        match data_type {
            DataType::UInt8 => Column::U8(UInt8Builder::new()),
            DataType::UInt32 => Column::U32(UInt32Builder::new()),
            DataType::Int64 => Column::I64(Int64Builder::new()),
            DataType::Float64 => Column::F64(Float64Builder::new()),
            DataType::Boolean => Column::Bool(BooleanBuilder::new()),
            DataType::List(_) => Column::StrList(ListBuilder::new(StringBuilder::new())),
            _ => Column::Str(StringBuilder::new()),
        }
    }

    fn finish(&mut self) -> ArrayRef {
        match self {
            Column::Str(b) => Arc::new(b.finish()),
            Column::U8(b) => Arc::new(b.finish()),
            Column::U32(b) => Arc::new(b.finish()),
            Column::I64(b) => Arc::new(b.finish()),
            Column::F64(b) => Arc::new(b.finish()),
            Column::Bool(b) => Arc::new(b.finish()),
            Column::StrList(b) => Arc::new(b.finish()),
        }
    }

    fn len(&self) -> usize {
        match self {
            Column::Str(b) => b.len(),
            Column::U8(b) => b.len(),
            Column::U32(b) => b.len(),
            Column::I64(b) => b.len(),
            Column::F64(b) => b.len(),
            Column::Bool(b) => b.len(),
            Column::StrList(b) => b.len(),
        }
    }
}

/// The column kinds of the tables' schemas.
pub(crate) mod col {
    use arrow_schema::{DataType, Field};

    /// A text column (`nullable`).
    pub fn text(name: &str, nullable: bool) -> Field {
        Field::new(name, DataType::Utf8, nullable)
    }
    /// An exact amount: the decimal text, and `<name>_f64` beside it.
    pub fn amount(name: &str, nullable: bool) -> [Field; 2] {
        [
            Field::new(name, DataType::Utf8, nullable),
            Field::new(format!("{name}_f64"), DataType::Float64, nullable),
        ]
    }
    /// A list of texts (exact amounts, codes, messages).
    pub fn texts(name: &str) -> Field {
        Field::new(name, DataType::List(std::sync::Arc::new(Field::new("item", DataType::Utf8, true))), true)
    }
    /// A small count or a seat number.
    pub fn u8(name: &str, nullable: bool) -> Field {
        Field::new(name, DataType::UInt8, nullable)
    }
    /// An index or a sequence number.
    pub fn u32(name: &str, nullable: bool) -> Field {
        Field::new(name, DataType::UInt32, nullable)
    }
    /// An integer as the file gives it.
    pub fn i64(name: &str, nullable: bool) -> Field {
        Field::new(name, DataType::Int64, nullable)
    }
    /// A flag.
    pub fn flag(name: &str, nullable: bool) -> Field {
        Field::new(name, DataType::Boolean, nullable)
    }
}

/// Builds a schema from groups of fields.
pub(crate) fn schema(groups: Vec<Vec<Field>>) -> SchemaRef {
    Arc::new(Schema::new(groups.into_iter().flatten().collect::<Vec<_>>()))
}

/// The float beside an exact amount text (`inf` is infinity; text that is not a number is null).
fn float_of(text: &str) -> Option<f64> {
    if text == "inf" { Some(f64::INFINITY) } else { text.parse().ok() }
}

/// Appends an exact amount's text (from its parts, or its `Display` when they do not fit) and
/// returns the float of that text.
fn append_exact(b: &mut StringBuilder, value: &impl Exact) -> Option<f64> {
    let mut buf = [0; DECIMAL_TEXT_BYTES];
    if let Some(parts) = value.parts()
        && let Some(text) = parts.text(&mut buf)
    {
        b.append_value(text);
        return parts.float(text);
    }
    let start = b.values_slice().len();
    // Writing into a `StringBuilder` cannot fail; `append_value("")` ends the value.
    let _ = write!(b, "{value}");
    let float = b.values_slice().get(start..).and_then(|t| std::str::from_utf8(t).ok()).and_then(float_of);
    b.append_value("");
    float
}

/// Rows appended column by column, in schema order.
pub(crate) struct Table {
    schema: SchemaRef,
    columns: Vec<Column>,
    rows: usize,
}

impl Table {
    pub fn new(schema: SchemaRef) -> Table {
        let columns = schema.fields().iter().map(|f| Column::new(f.data_type())).collect();
        Table { schema, columns, rows: 0 }
    }

    pub const fn rows(&self) -> usize {
        self.rows
    }

    /// Starts a row; every column must then be given a value in order.
    pub fn row(&mut self) -> Row<'_> {
        self.rows += 1;
        Row { columns: &mut self.columns, next: 0 }
    }

    /// The rows so far as a batch (the table is empty afterwards). Fails when a row did not give
    /// every column a value of its type.
    pub fn finish(&mut self) -> Result<RecordBatch, ArrowError> {
        let expected = self.rows;
        self.rows = 0;
        if let Some(bad) = self.columns.iter().position(|c| c.len() != expected) {
            let name = self.schema.field(bad).name().clone();
            // Empty the builders so the table stays usable.
            let _ = self.columns.iter_mut().map(Column::finish).count();
            return Err(ArrowError::InvalidArgumentError(format!(
                "column {name} was not filled on every row"
            )));
        }
        let arrays = self.columns.iter_mut().map(Column::finish).collect();
        RecordBatch::try_new(self.schema.clone(), arrays)
    }
}

/// One row being appended; each call fills the next column (a value of another type is not
/// appended, which [`Table::finish`] reports).
pub(crate) struct Row<'a> {
    columns: &'a mut [Column],
    next: usize,
}

impl Row<'_> {
    fn column(&mut self) -> Option<&mut Column> {
        let c = self.columns.get_mut(self.next);
        self.next += 1;
        c
    }

    pub fn text(&mut self, value: Option<&str>) -> &mut Self {
        if let Some(Column::Str(b)) = self.column() {
            b.append_option(value);
        }
        self
    }

    pub fn u8(&mut self, value: Option<u8>) -> &mut Self {
        if let Some(Column::U8(b)) = self.column() {
            b.append_option(value);
        }
        self
    }

    pub fn u32(&mut self, value: Option<u32>) -> &mut Self {
        if let Some(Column::U32(b)) = self.column() {
            b.append_option(value);
        }
        self
    }

    pub fn i64(&mut self, value: Option<i64>) -> &mut Self {
        if let Some(Column::I64(b)) = self.column() {
            b.append_option(value);
        }
        self
    }

    pub fn flag(&mut self, value: Option<bool>) -> &mut Self {
        if let Some(Column::Bool(b)) = self.column() {
            b.append_option(value);
        }
        self
    }

    /// A text written by `Display` straight into the column.
    pub fn display(&mut self, value: Option<impl Display>) -> &mut Self {
        if let Some(Column::Str(b)) = self.column() {
            match value {
                // Writing into a `StringBuilder` cannot fail; `append_value("")` ends the value.
                Some(v) => {
                    let _ = write!(b, "{v}");
                    b.append_value("");
                }
                None => b.append_null(),
            }
        }
        self
    }

    /// An exact amount: its text and its float.
    pub fn amount(&mut self, value: Option<&str>) -> &mut Self {
        self.text(value);
        if let Some(Column::F64(b)) = self.column() {
            b.append_option(value.and_then(float_of));
        }
        self
    }

    /// An exact amount written straight into the text column (the text of its `Display`, from
    /// its parts when they fit 64 bits), and the float of that text.
    pub fn amount_of(&mut self, value: Option<impl Exact>) -> &mut Self {
        let mut float = None;
        if let Some(Column::Str(b)) = self.column() {
            match value {
                Some(v) => float = append_exact(b, &v),
                None => b.append_null(),
            }
        }
        if let Some(Column::F64(b)) = self.column() {
            b.append_option(float);
        }
        self
    }

    /// Cards one after another (`Ah7d2c`, `??` for an unknown one), written straight into the
    /// column.
    pub fn cards(&mut self, value: Option<impl IntoIterator<Item = MaybeCard>>) -> &mut Self {
        if let Some(Column::Str(b)) = self.column() {
            match value {
                Some(cards) => {
                    for card in cards {
                        // Writing into a `StringBuilder` cannot fail.
                        let _ = match card {
                            MaybeCard::Known(card) => b
                                .write_char(card.rank().char())
                                .and_then(|()| b.write_char(card.suit().lower_char())),
                            MaybeCard::Unknown => b.write_str("??"),
                        };
                    }
                    b.append_value("");
                }
                None => b.append_null(),
            }
        }
        self
    }

    /// A list of exact amounts, each written straight into the list's values.
    pub fn amounts_of(&mut self, values: Option<impl IntoIterator<Item = impl Exact>>) -> &mut Self {
        if let Some(Column::StrList(b)) = self.column() {
            match values {
                Some(values) => {
                    for v in values {
                        append_exact(b.values(), &v);
                    }
                    b.append(true);
                }
                None => b.append(false),
            }
        }
        self
    }

    pub fn texts<S: AsRef<str>>(&mut self, values: Option<impl IntoIterator<Item = S>>) -> &mut Self {
        if let Some(Column::StrList(b)) = self.column() {
            match values {
                Some(values) => {
                    for v in values {
                        b.values().append_value(v.as_ref());
                    }
                    b.append(true);
                }
                None => b.append(false),
            }
        }
        self
    }
}
