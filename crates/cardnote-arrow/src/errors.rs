//! The `errors` table: every record (or file) that has errors, with its codes and messages.

use arrow_array::RecordBatch;
use arrow_schema::{ArrowError, SchemaRef};
use cards_core::Diagnostic;

use crate::table::{Table, col, schema};

/// The schema of the `errors` table.
#[must_use]
pub fn errors_schema() -> SchemaRef {
    schema(vec![vec![
        col::text("file", false),
        col::u32("index", true),
        col::text("format", false),
        col::texts("codes"),
        col::texts("messages"),
    ]])
}

/// The `errors` table being filled.
pub struct ErrorsTable {
    table: Table,
}

impl Default for ErrorsTable {
    fn default() -> ErrorsTable {
        ErrorsTable { table: Table::new(errors_schema()) }
    }
}

impl ErrorsTable {
    /// Adds a row for record `index` of `file` when some diagnostic is an error (warnings alone
    /// add nothing); the row lists the errors' codes and messages in order.
    pub fn push_diagnostics<'d>(
        &mut self,
        file: &str,
        index: Option<u32>,
        format: &str,
        diagnostics: impl Iterator<Item = &'d Diagnostic>,
    ) {
        let errors: Vec<&Diagnostic> = diagnostics.filter(|d| d.is_error()).collect();
        if errors.is_empty() {
            return;
        }
        let codes = errors.iter().map(|d| d.code());
        let messages = errors.iter().map(|d| d.message());
        self.table
            .row()
            .text(Some(file))
            .u32(index)
            .text(Some(format))
            .texts(Some(codes))
            .texts(Some(messages));
    }

    /// Adds a row for a file that could not be read at all (`index` null).
    pub fn push_file_error(&mut self, file: &str, format: &str, code: &str, message: &str) {
        self.table
            .row()
            .text(Some(file))
            .u32(None)
            .text(Some(format))
            .texts(Some([code]))
            .texts(Some([message]));
    }

    /// Rows added since the last [`ErrorsTable::finish`].
    #[must_use]
    pub const fn rows(&self) -> usize {
        self.table.rows()
    }

    /// The rows so far as a batch; the table is empty afterwards.
    ///
    /// # Errors
    /// Only if a row left a column unfilled (a bug, reported rather than panicking).
    pub fn finish(&mut self) -> Result<RecordBatch, ArrowError> {
        self.table.finish()
    }
}
