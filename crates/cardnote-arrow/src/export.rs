//! Streaming, parallel export of many files to Parquet tables (zstd), deterministic whatever the
//! number of threads.
//!
//! One thread reads the files in the order given and cuts `.phhs` files into segments of whole
//! hands (about [`ExportOptions::segment_bytes`] each); worker threads turn each segment into Arrow
//! batches and encode them as Parquet row groups (a segment's rows of a table are one row group,
//! or several of at most [`ExportOptions::row_group_rows`]); the calling thread only appends the
//! encoded row groups to the files in input order. Row groups are cut by the input alone, so the
//! files are the same bytes whatever the number of threads. At most `2 * threads + 2` segments
//! are in flight (and only their compressed row groups wait for the writer), so memory stays
//! bounded whatever the input size (a PBN file is one segment: the PBN reader borrows the whole
//! decoded text).

use std::collections::{BTreeMap, HashMap};
use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::sync::{Condvar, Mutex};

use arrow_array::RecordBatch;
use arrow_schema::{ArrowError, SchemaRef};
use cards_core::Notation as _;
use cards_core::notation::ReadRecords as _;
use parquet::arrow::ArrowWriter;
use parquet::arrow::arrow_writer::{ArrowColumnChunk, ArrowRowGroupWriterFactory, compute_leaves};
use parquet::basic::{Compression, ZstdLevel};
use parquet::errors::ParquetError;
use parquet::file::properties::WriterProperties;
use parquet::file::writer::SerializedFileWriter;
use parquet::schema::types::ColumnPath;
use phh::Phh;
use phh::replay::RuleProfile;

use crate::errors::ErrorsTable;
use crate::pbn::PbnTables;
use crate::phh::PhhTables;

/// The notation of an input file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InputFormat {
    /// `.phh` / `.phhs`.
    Phh,
    /// `.pbn`.
    Pbn,
}

impl InputFormat {
    fn name(self) -> &'static str {
        match self {
            InputFormat::Phh => "phh",
            InputFormat::Pbn => "pbn",
        }
    }
}

/// One file to export; `label` is the `file` column (the path as the user named it, as in
/// `check --json`).
#[derive(Debug, Clone)]
pub struct Input {
    /// Where to read.
    pub path: PathBuf,
    /// The `file` key of its rows.
    pub label: String,
    /// Its notation.
    pub format: InputFormat,
}

/// How to export.
#[derive(Debug, Clone)]
pub struct ExportOptions {
    /// Worker threads (at least 1).
    pub threads: usize,
    /// Write the PHH tables as hive-style folders `variant=<code>` (`/` in a code is written
    /// `%2F`, as Spark escapes it).
    pub partition_by_variant: bool,
    /// The rules hands are replayed under.
    pub profile: RuleProfile,
    /// Approximate size of the pieces `.phhs` files are cut into.
    pub segment_bytes: usize,
    /// Rows per Parquet row group at most.
    pub row_group_rows: usize,
}

impl Default for ExportOptions {
    fn default() -> ExportOptions {
        ExportOptions {
            threads: std::thread::available_parallelism().map_or(1, usize::from),
            partition_by_variant: false,
            profile: RuleProfile::Pokerkit,
            segment_bytes: 1 << 21,
            row_group_rows: 1 << 17,
        }
    }
}

/// What an export wrote.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ExportSummary {
    /// Files read (or found unreadable).
    pub files: u64,
    /// Rows of `hands`.
    pub hands: u64,
    /// Rows of `boards`.
    pub boards: u64,
    /// Rows of `errors`.
    pub errors: u64,
    /// The Parquet files written, sorted.
    pub written: Vec<PathBuf>,
}

/// Why an export stopped.
#[derive(Debug)]
pub enum ExportError {
    /// The output folder of a table exists already (nothing is overwritten).
    Exists(PathBuf),
    /// Writing failed.
    Io(std::io::Error),
    /// Parquet encoding failed.
    Parquet(ParquetError),
    /// Building a batch failed.
    Arrow(ArrowError),
}

impl std::fmt::Display for ExportError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ExportError::Exists(path) => {
                write!(f, "{} exists already: remove it or choose another folder", path.display())
            }
            ExportError::Io(e) => write!(f, "{e}"),
            ExportError::Parquet(e) => write!(f, "{e}"),
            ExportError::Arrow(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for ExportError {}

impl From<std::io::Error> for ExportError {
    fn from(e: std::io::Error) -> ExportError {
        ExportError::Io(e)
    }
}
impl From<ParquetError> for ExportError {
    fn from(e: ParquetError) -> ExportError {
        ExportError::Parquet(e)
    }
}
impl From<ArrowError> for ExportError {
    fn from(e: ArrowError) -> ExportError {
        ExportError::Arrow(e)
    }
}

/// The names of every table, in the order they are documented.
pub const TABLES: [&str; 8] = ["hands", "seats", "actions", "boards", "calls", "plays", "results", "errors"];

enum Job {
    Phh { label: String, raws: Vec<phh::Raw> },
    Pbn { label: String, data: Vec<u8> },
    Unreadable { label: String, format: InputFormat, message: String },
}

/// The batches of one job, per table and partition (`None`: not partitioned).
type Batches = Vec<(&'static str, Option<String>, RecordBatch)>;

/// A row group encoded by a worker: its column chunks, compressed, in schema order.
type RowGroup = Vec<ArrowColumnChunk>;

/// One table's (and partition's) rows of a job, encoded.
struct Encoded {
    table: &'static str,
    partition: Option<String>,
    row_groups: Vec<RowGroup>,
}

struct Done {
    encoded: Result<Vec<Encoded>, ExportError>,
    hands: u64,
    boards: u64,
    errors: u64,
}

/// Counts permits of segments in flight.
struct Window {
    free: Mutex<usize>,
    freed: Condvar,
}

impl Window {
    fn acquire(&self) {
        let mut free = self.free.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        while *free == 0 {
            free = self.freed.wait(free).unwrap_or_else(std::sync::PoisonError::into_inner);
        }
        *free -= 1;
    }

    fn release(&self) {
        *self.free.lock().unwrap_or_else(std::sync::PoisonError::into_inner) += 1;
        self.freed.notify_one();
    }
}

/// Exports `inputs` into tables under `dir` (`dir/<table>/part-0.parquet`, or
/// `dir/<table>/variant=<code>/part-0.parquet` when partitioned). Unreadable files and records
/// with errors become rows of `errors`; only output failures stop the export.
///
/// # Errors
/// [`ExportError`] when a table folder exists already or writing fails.
pub fn export(inputs: &[Input], dir: &Path, options: &ExportOptions) -> Result<ExportSummary, ExportError> {
    for table in TABLES {
        let path = dir.join(table);
        if path.exists() {
            return Err(ExportError::Exists(path));
        }
    }
    let encoders = Encoders::new(options)?;
    let mut sink = Sink::new(dir, &encoders.props);
    let mut summary = ExportSummary { files: inputs.len() as u64, ..ExportSummary::default() };
    let threads = options.threads.max(1);
    let window = Window { free: Mutex::new(2 * threads + 2), freed: Condvar::new() };
    let (job_tx, job_rx) = mpsc::sync_channel::<(usize, Job)>(threads);
    let job_rx = Mutex::new(job_rx);
    let (done_tx, done_rx) = mpsc::channel::<(usize, Done)>();
    let result = std::thread::scope(|scope| {
        let (window, encoders) = (&window, &encoders);
        scope.spawn(move || produce(inputs, options.segment_bytes, window, &job_tx));
        for _ in 0..threads {
            let done_tx = done_tx.clone();
            let job_rx = &job_rx;
            scope.spawn(move || {
                loop {
                    let next = job_rx.lock().unwrap_or_else(std::sync::PoisonError::into_inner).recv();
                    let Ok((seq, job)) = next else { break };
                    if done_tx.send((seq, run_job(job, options, encoders))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(done_tx);
        let mut pending: BTreeMap<usize, Done> = BTreeMap::new();
        let mut next = 0usize;
        let mut failure: Option<ExportError> = None;
        for (seq, done) in done_rx {
            pending.insert(seq, done);
            while let Some(done) = pending.remove(&next) {
                next += 1;
                window.release();
                if failure.is_some() {
                    continue;
                }
                summary.hands += done.hands;
                summary.boards += done.boards;
                summary.errors += done.errors;
                let written = done.encoded.and_then(|encoded| {
                    encoded
                        .into_iter()
                        .try_for_each(|e| sink.append(e.table, e.partition.as_deref(), e.row_groups))
                });
                failure = written.err();
            }
        }
        failure.map_or(Ok(()), Err)
    });
    result?;
    // The errors table exists even when nothing failed (and when there was no input).
    sink.append("errors", None, Vec::new())?;
    summary.written = sink.close()?;
    Ok(summary)
}

/// Reads the inputs in order and sends them as jobs.
fn produce(inputs: &[Input], segment_bytes: usize, window: &Window, jobs: &mpsc::SyncSender<(usize, Job)>) {
    let mut seq = 0usize;
    let mut send = |job: Job| {
        window.acquire();
        let sent = jobs.send((seq, job)).is_ok();
        seq += 1;
        sent
    };
    for input in inputs {
        let label = input.label.clone();
        let unreadable = |e: std::io::Error| Job::Unreadable {
            label: label.clone(),
            format: input.format,
            message: format!("cannot read the file: {e}"),
        };
        let sent = match input.format {
            InputFormat::Pbn => send(
                std::fs::read(&input.path)
                    .map_or_else(unreadable, |data| Job::Pbn { label: label.clone(), data }),
            ),
            InputFormat::Phh => match File::open(&input.path) {
                Ok(file) => {
                    segments(file, segment_bytes, &label, &mut send).unwrap_or_else(|e| send(unreadable(e)))
                }
                Err(e) => send(unreadable(e)),
            },
        };
        if !sent {
            return;
        }
    }
}

/// Cuts a PHH file into segments of whole hands with phh's reader and sends them; returns
/// whether the receiver still listens.
fn segments(
    file: File,
    segment_bytes: usize,
    label: &str,
    send: &mut impl FnMut(Job) -> bool,
) -> std::io::Result<bool> {
    let mut reader = phh::Reader::new(std::io::BufReader::new(file), phh::Options::default());
    let mut raws = Vec::new();
    let mut bytes = 0;
    loop {
        let raw = reader.read_raw().transpose()?;
        let full =
            raw.as_ref().is_some_and(|raw| !raws.is_empty() && bytes + raw.text().len() > segment_bytes);
        if (raw.is_none() || full) && !raws.is_empty() {
            bytes = 0;
            if !send(Job::Phh { label: label.to_owned(), raws: std::mem::take(&mut raws) }) {
                return Ok(false);
            }
        }
        let Some(raw) = raw else { return Ok(true) };
        bytes += raw.text().len();
        raws.push(raw);
    }
}

/// Turns a job into batches and encodes them.
fn run_job(job: Job, options: &ExportOptions, encoders: &Encoders) -> Done {
    let (batches, hands, boards) = job_batches(job, options);
    let errors = batches.as_ref().map_or(0, |batches| {
        batches.iter().filter(|(table, ..)| *table == "errors").map(|(.., b)| b.num_rows() as u64).sum()
    });
    let encoded = batches.map_err(ExportError::from).and_then(|batches| {
        batches
            .into_iter()
            .map(|(table, partition, batch)| {
                Ok(Encoded { table, partition, row_groups: encoders.encode(table, &batch)? })
            })
            .collect()
    });
    Done { encoded, hands, boards, errors }
}

/// The batches of a job, and its hand and board counts.
fn job_batches(job: Job, options: &ExportOptions) -> (Result<Batches, ArrowError>, u64, u64) {
    let mut errors = ErrorsTable::default();
    let mut batches: Batches = Vec::new();
    let (mut hands, mut boards) = (0u64, 0u64);
    let result = (|| -> Result<(), ArrowError> {
        match job {
            Job::Phh { label, raws } => {
                let mut tables: HashMap<Option<&'static str>, PhhTables> = HashMap::new();
                for raw in raws {
                    let index = u32::try_from(raw.index()).unwrap_or(u32::MAX);
                    let parsed = Phh::parse(raw, &phh::Options::default());
                    let key = options
                        .partition_by_variant
                        .then(|| parsed.model.hand.as_ref().map(|h| h.variant.code()));
                    let tables =
                        tables.entry(key.flatten()).or_insert_with(|| PhhTables::new(options.profile));
                    tables.push(&label, index, &parsed, &mut errors);
                    hands += u64::from(parsed.model.hand.is_some());
                }
                let mut keys: Vec<_> = tables.keys().copied().collect();
                keys.sort_unstable();
                for key in keys {
                    let Some(t) = tables.get_mut(&key) else { continue };
                    let b = t.finish()?;
                    let partition = key.map(|v| v.replace('/', "%2F"));
                    batches.push(("hands", partition.clone(), b.hands));
                    batches.push(("seats", partition.clone(), b.seats));
                    batches.push(("actions", partition, b.actions));
                }
            }
            Job::Pbn { label, data } => {
                let text = pbn::decode(&data).text;
                let mut tables = PbnTables::default();
                boards += tables.push_text(&label, &text, &mut errors) as u64;
                let b = tables.finish()?;
                batches.extend([
                    ("boards", None, b.boards),
                    ("calls", None, b.calls),
                    ("plays", None, b.plays),
                    ("results", None, b.results),
                ]);
            }
            Job::Unreadable { label, format, message } => {
                errors.push_file_error(&label, format.name(), crate::codes::EXPORT_UNREADABLE_FILE, &message);
            }
        }
        batches.push(("errors", None, errors.finish()?));
        Ok(())
    })();
    (result.map(|()| batches), hands, boards)
}

/// Columns whose values hardly repeat, written without a dictionary.
const HIGH_CARDINALITY: [&str; 5] = ["notation", "cards", "board", "hole_cards", "shown_cards"];

/// What workers encode row groups with: the writer properties and, per table, the column
/// writers' factory.
struct Encoders {
    props: WriterProperties,
    factories: HashMap<&'static str, (SchemaRef, ArrowRowGroupWriterFactory)>,
}

impl Encoders {
    fn new(options: &ExportOptions) -> Result<Encoders, ExportError> {
        let mut builder = WriterProperties::builder()
            .set_compression(Compression::ZSTD(ZstdLevel::default()))
            .set_max_row_group_size(options.row_group_rows.max(1));
        // Texts that hardly repeat (an action's notation, dealt cards, boards) are written plain:
        // interning them costs more than a dictionary saves once zstd has compressed them.
        for column in HIGH_CARDINALITY {
            builder = builder.set_column_dictionary_enabled(ColumnPath::from(column), false);
        }
        let props = builder.build();
        let mut factories = HashMap::new();
        for table in TABLES {
            let schema = schema_of(table);
            // The factory only keeps the Parquet schema and properties of a writer; one over
            // nothing gives the same column writers as the file's own.
            let writer = ArrowWriter::try_new(std::io::sink(), schema.clone(), Some(props.clone()))?;
            let (_, factory) = writer.into_serialized_writer()?;
            factories.insert(table, (schema, factory));
        }
        Ok(Encoders { props, factories })
    }

    /// A batch of `table` as row groups of at most `max_row_group_size` rows (none when empty).
    fn encode(&self, table: &str, batch: &RecordBatch) -> Result<Vec<RowGroup>, ExportError> {
        let Some((schema, factory)) = self.factories.get(table) else {
            return Err(ExportError::Arrow(ArrowError::InvalidArgumentError(format!("no table {table}"))));
        };
        let step = self.props.max_row_group_size().max(1);
        let mut row_groups = Vec::new();
        let mut offset = 0;
        while offset < batch.num_rows() {
            let rows = step.min(batch.num_rows() - offset);
            let part = batch.slice(offset, rows);
            offset += rows;
            // Each column is closed (its pages compressed, its encoder freed) as soon as it is
            // written, so only one column's buffers are held at a time.
            let mut writers = factory.create_column_writers(0)?.into_iter();
            let mut chunks = Vec::new();
            for (field, column) in schema.fields().iter().zip(part.columns()) {
                for leaf in compute_leaves(field, column)? {
                    let Some(mut writer) = writers.next() else {
                        return Err(ExportError::Parquet(ParquetError::General(format!(
                            "table {table}: more leaves than column writers"
                        ))));
                    };
                    writer.write(&leaf)?;
                    chunks.push(writer.close()?);
                }
            }
            row_groups.push(chunks);
        }
        Ok(row_groups)
    }
}

/// The schema of a table of [`TABLES`].
fn schema_of(table: &str) -> SchemaRef {
    match table {
        "hands" => crate::phh::hands_schema(),
        "seats" => crate::phh::seats_schema(),
        "actions" => crate::phh::actions_schema(),
        "boards" => crate::pbn::boards_schema(),
        "calls" => crate::pbn::calls_schema(),
        "plays" => crate::pbn::plays_schema(),
        "results" => crate::pbn::results_schema(),
        _ => crate::errors::errors_schema(),
    }
}

/// The open Parquet files.
struct Sink {
    dir: PathBuf,
    props: WriterProperties,
    writers: BTreeMap<PathBuf, SerializedFileWriter<File>>,
}

impl Sink {
    fn new(dir: &Path, props: &WriterProperties) -> Sink {
        Sink { dir: dir.to_path_buf(), props: props.clone(), writers: BTreeMap::new() }
    }

    /// Appends encoded row groups to a table's file, creating it first when needed (even with
    /// no row groups: a table exists once its format does, and the errors table always does).
    fn append(
        &mut self,
        table: &str,
        partition: Option<&str>,
        row_groups: Vec<RowGroup>,
    ) -> Result<(), ExportError> {
        let mut folder = self.dir.join(table);
        if let Some(variant) = partition {
            folder.push(format!("variant={variant}"));
        }
        let path = folder.join("part-0.parquet");
        let writer = match self.writers.entry(path) {
            std::collections::btree_map::Entry::Occupied(entry) => entry.into_mut(),
            std::collections::btree_map::Entry::Vacant(entry) => {
                std::fs::create_dir_all(&folder)?;
                // Through `ArrowWriter`, so the footer carries the Arrow schema as it always has.
                let file = File::create(entry.key())?;
                let writer = ArrowWriter::try_new(file, schema_of(table), Some(self.props.clone()))?;
                entry.insert(writer.into_serialized_writer()?.0)
            }
        };
        for chunks in row_groups {
            let mut row_group = writer.next_row_group()?;
            for chunk in chunks {
                chunk.append_to_row_group(&mut row_group)?;
            }
            row_group.close()?;
        }
        Ok(())
    }

    fn close(self) -> Result<Vec<PathBuf>, ExportError> {
        let mut written = Vec::new();
        for (path, writer) in self.writers {
            writer.close()?;
            written.push(path);
        }
        Ok(written)
    }
}
